package core

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rulesmith/core/board"
	"rulesmith/variants"
)

// relationsOf returns every relation of g's board as its lists.
func relationsOf(t *testing.T, g *Game) map[string][2][]int32 {
	t.Helper()
	out := map[string][2][]int32{}
	for _, name := range g.board.RelationNames() {
		rel, _ := g.board.Relation(name)
		off, cell := rel.Lists()
		out[name] = [2][]int32{off, cell}
	}
	return out
}

func sameRelations(t *testing.T, what string, got, want map[string][2][]int32) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d relations, want %d", what, len(got), len(want))
	}
	for name, w := range want {
		g := got[name]
		if !slices.Equal(g[0], w[0]) || !slices.Equal(g[1], w[1]) {
			t.Fatalf("%s: relation %s differs from the computed one", what, name)
		}
	}
}

func loadCold(t *testing.T, name string, opts ...Option) *Game {
	t.Helper()
	boardCache.Lock()
	boardCache.m = nil
	boardCache.Unlock()
	g, err := Load(name, append([]Option{WithFS(variants.FS())}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// pivotsOf returns the targets tables of g's pivot rules.
func pivotsOf(g *Game) [][2][]int32 {
	var out [][2][]int32
	for _, r := range g.rules {
		if p, ok := r.(*pivotRule); ok {
			out = append(out, [2][]int32{p.offs, p.targets})
		}
	}
	return out
}

// Pivot targets read back from the cache equal the computed ones.
func TestPivotTableCache(t *testing.T) {
	for _, name := range []string{"strix/standard", "strix/two-player"} {
		want := pivotsOf(loadCold(t, name))
		if len(want) == 0 {
			t.Fatalf("%s has no pivot rule", name)
		}
		dir := t.TempDir()
		for _, what := range []string{"first load", "from the cache"} {
			got := pivotsOf(loadCold(t, name, WithTableCache(dir)))
			for i := range want {
				if !slices.Equal(got[i][0], want[i][0]) || !slices.Equal(got[i][1], want[i][1]) {
					t.Fatalf("%s, %s: pivot %d's targets differ from the computed ones", name, what, i)
				}
			}
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.tab"))
		if len(files) == 0 {
			t.Fatalf("%s: no pivot table was cached", name)
		}
		// a sound file with one target changed shows in the rule loaded:
		// the cache is read
		c := &compiler{tables: dir, g: &Game{board: loadCold(t, name).board}}
		offs, targets, ok := c.cachedLists(pivotMagic, filepath.Base(files[0]))
		if !ok {
			t.Fatalf("%s: the pivot file does not read back", name)
		}
		i := slices.IndexFunc(targets, func(x int32) bool { return x >= 0 })
		targets = slices.Clone(targets)
		targets[i] = -1
		c.storeLists(pivotMagic, filepath.Base(files[0]), offs, targets)
		changed := false
		for _, pv := range pivotsOf(loadCold(t, name, WithTableCache(dir))) {
			changed = changed || !slices.Equal(pv[1], want[0][1]) && slices.Equal(pv[1], targets)
		}
		if !changed {
			t.Fatalf("%s: a planted pivot table was not read", name)
		}
	}
}

// Relation tables read back from the cache equal the computed ones; a
// damaged file is recomputed and replaced; an unwritable directory only
// means no cache.
func TestRelationTableCache(t *testing.T) {
	want := relationsOf(t, loadCold(t, "strix/standard"))
	dir := t.TempDir()
	sameRelations(t, "first load", relationsOf(t, loadCold(t, "strix/standard", WithTableCache(dir))), want)
	files, _ := filepath.Glob(filepath.Join(dir, "*.rel"))
	if len(files) != len(want) {
		t.Fatalf("%d cache files, want one per relation (%d)", len(files), len(want))
	}
	sameRelations(t, "from the cache", relationsOf(t, loadCold(t, "strix/standard", WithTableCache(dir))), want)

	// the files are what a load reads: a sound file with one pair less
	// shows in the relation loaded
	{
		f := files[0]
		orig, _ := os.ReadFile(f)
		c := &compiler{tables: dir, g: &Game{board: loadCold(t, "strix/standard").board}}
		rel := c.cachedRelation("x", filepath.Base(f))
		if rel == nil {
			t.Fatal("the cache file does not read back")
		}
		off, cell := rel.Lists()
		off, cell = slices.Clone(off), slices.Clone(cell[:len(cell)-1])
		off[len(off)-1]--
		less, ok := board.RelationFromLists("x", off, cell)
		if !ok {
			t.Fatal("RelationFromLists refused the lists")
		}
		c.storeRelation(filepath.Base(f), less)
		pairs := 0
		for _, r := range relationsOf(t, loadCold(t, "strix/standard", WithTableCache(dir))) {
			pairs += len(r[1])
		}
		total := 0
		for _, r := range want {
			total += len(r[1])
		}
		if pairs != total-1 {
			t.Fatalf("a load with a planted file has %d pairs, want %d: the cache is not read", pairs, total-1)
		}
		if err := os.WriteFile(f, orig, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// a damaged file is not believed: the table is computed and the file
	// written again
	orig := map[string][]byte{}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		orig[f] = slices.Clone(data)
		data[len(relMagic)+12] ^= 1 // an offset byte; the checksum no longer matches
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sameRelations(t, "damaged files", relationsOf(t, loadCold(t, "strix/standard", WithTableCache(dir))), want)
	for _, f := range files {
		if data, _ := os.ReadFile(f); !slices.Equal(data, orig[f]) {
			t.Fatalf("%s was not rewritten", f)
		}
	}
	sameRelations(t, "rewritten files", relationsOf(t, loadCold(t, "strix/standard", WithTableCache(dir))), want)

	// a directory that cannot be created
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	sameRelations(t, "unwritable", relationsOf(t, loadCold(t, "strix/standard", WithTableCache(filepath.Join(blocker, "tables")))), want)
}

// The cache key holds everything a relation reads: a parameter or an
// attribute that changes gives another file, never the old table.
func TestRelationTableCacheKey(t *testing.T) {
	src := `name = "t"
[players]
seats = ["a", "b"]
[params]
k = 1
[board]
kind = "grid"
width = 9
height = 9
[board.attrs]
w = 'x + y * SCALE'
[board.relations]
near = 'abs(a.w - b.w) <= k'
[pieces.p]
owner = "a"
[turns]
first = "a"
[moves.put]
type = "place"
`
	count := func(g *Game) int {
		rel, _ := g.board.Relation("near")
		_, cell := rel.Lists()
		return len(cell)
	}
	dir := t.TempDir()
	load := func(scale int, sets ...string) int {
		boardCache.Lock()
		boardCache.m = nil
		boardCache.Unlock()
		text := []byte(strings.ReplaceAll(src, "SCALE", strconv.Itoa(scale)))
		g, err := LoadBytes("t.toml", text, WithSet(sets...), WithTableCache(dir))
		if err != nil {
			t.Fatal(err)
		}
		plain, err := LoadBytes("t.toml", text, WithSet(sets...))
		if err != nil {
			t.Fatal(err)
		}
		if count(g) != count(plain) {
			t.Fatalf("scale %d %v: cached relation has %d pairs, computed %d", scale, sets, count(g), count(plain))
		}
		return count(g)
	}
	a, b, c := load(9), load(9, "k=3"), load(10)
	if a == b || a == c {
		t.Fatalf("the cases should differ: %d %d %d", a, b, c)
	}
	if again := load(9); again != a {
		t.Fatalf("again: %d, want %d", again, a)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.rel"))
	if len(files) != 3 {
		t.Fatalf("%d files, want 3 (one per distinct relation input)", len(files))
	}
}
