package solve

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"rulesmith/core"
)

// The endgame databases are kept in one file per game under the cache
// directory, named by a hash of the rules: Game.RulesDigest (the merged
// variant document after extends and --set), the parameters, the material
// model found and the database format. Other rules make another file, so a file is never
// read for rules it was not built for. A file holds levels 0..N; when a
// later solve wants more, the missing levels are built on top and the file
// is replaced. When a file is read, a sample of every level is solved
// again from the levels below and compared: a file that disagrees (a
// change in the engine since it was written) is rebuilt.

// egFormat names the file format and the meaning of its values; change it
// when either changes.
const egFormat = "rulesmith endgame v1"

// rulesKey hashes what the databases' values depend on.
func rulesKey(g *core.Game, m *material) [32]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", egFormat, g.Name())
	d := g.RulesDigest()
	h.Write(d[:])
	for _, p := range g.Params() {
		fmt.Fprintf(h, "\n%s=%v", p.Name, p.Value)
	}
	fmt.Fprintf(h, "\nfield %v banks %v weights %v", m.field, m.banks, m.weight)
	var k [32]byte
	copy(k[:], h.Sum(nil))
	return k
}

// cachePath returns the databases' file for g, or "" when none is kept.
func cachePath(dir string, g *core.Game, m *material) string {
	if dir == "-" {
		return ""
	}
	if dir == "" {
		base := os.Getenv("XDG_CACHE_HOME")
		if base == "" {
			var err error
			if base, err = os.UserCacheDir(); err != nil {
				return ""
			}
		}
		dir = filepath.Join(base, "rulesmith", "endgame")
	}
	k := rulesKey(g, m)
	return filepath.Join(dir, hex.EncodeToString(k[:12])+".db")
}

// readCache reads what levels it can from path into eg (up to eg.maxN),
// checks a sample of each, and returns the first level still to build.
func (eg *endgame) readCache(path string, workers int) int {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var hdr struct {
		Key  [32]byte
		F, N uint32
	}
	magic := make([]byte, len(egFormat))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != egFormat {
		return 0
	}
	if binary.Read(r, binary.LittleEndian, &hdr) != nil || hdr.Key != rulesKey(eg.m.g, eg.m) || int(hdr.F) != eg.f {
		return 0
	}
	buf := make([]byte, 1<<16)
	top := min(int(hdr.N), eg.maxN)
	for n := 0; n <= top; n++ {
		words := make([]uint32, (2*eg.size(n)+3)/4)
		for i := 0; i < len(words); {
			k := min(len(words)-i, len(buf)/4)
			if _, err := io.ReadFull(r, buf[:4*k]); err != nil {
				return 0
			}
			for j := 0; j < k; j++ {
				words[i+j] = binary.LittleEndian.Uint32(buf[4*j:])
			}
			i += k
		}
		eg.levels[n] = words
		if !eg.verify(n) {
			for k := range eg.levels {
				eg.levels[k] = nil
			}
			return 0
		}
	}
	return top + 1
}

// verify solves a sample of level n again and compares.
func (eg *endgame) verify(n int) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	size := eg.size(n)
	saved := eg.levels[n]
	probe := make([]uint32, len(saved))
	b := newBuilder(eg, 7)
	x := b.level(0).x
	for i := 0; i < 48; i++ {
		r := int(uint64(i) * 0x9e3779b97f4a7c15 % uint64(size))
		for seat := 0; seat < 2; seat++ {
			want, have := eg.value(n, 2*r+seat)
			if !have {
				return false
			}
			// Solve into a scratch level that sees the saved one for the
			// positions of its own level.
			copy(probe, saved)
			eg.levels[n] = probe
			eg.clear(n, 2*r+seat)
			eg.unrank(n, r, x)
			got := b.solve(0, n, r, seat)
			eg.levels[n] = saved
			if got != want {
				return false
			}
		}
	}
	return true
}

func (eg *endgame) clear(n, idx int) {
	eg.levels[n][idx>>2] &^= 0xff << (8 * (idx & 3))
}

// writeCache writes levels 0..maxN to path (through a temporary file).
func (eg *endgame) writeCache(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".endgame-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriterSize(tmp, 1<<20)
	var hdr bytes.Buffer
	hdr.WriteString(egFormat)
	_ = binary.Write(&hdr, binary.LittleEndian, struct {
		Key  [32]byte
		F, N uint32
	}{rulesKey(eg.m.g, eg.m), uint32(eg.f), uint32(eg.maxN)})
	w.Write(hdr.Bytes())
	var word [4]byte
	for n := 0; n <= eg.maxN; n++ {
		for _, x := range eg.levels[n] {
			binary.LittleEndian.PutUint32(word[:], x)
			w.Write(word[:])
		}
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
