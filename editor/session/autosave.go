package session

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Autosaves are kept per game, not per variant: each new game gets its own
// file, NAME-YYYYMMDD-HHMMSS.txt under the autosave directory, so starting
// a game never overwrites the previous one.

// AutosaveDir returns the default autosave directory:
// $XDG_STATE_HOME/rulesmith/autosave (or ~/.local/state/rulesmith/autosave).
func AutosaveDir() string {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			home = os.TempDir()
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "rulesmith", "autosave")
}

// autosaveStem turns a variant (an embedded name or a file path) into the
// stem of its autosave files: "strix/standard" → "strix-standard",
// "/tmp/my.toml" → "my".
func autosaveStem(variant string) string {
	if strings.HasSuffix(variant, ".toml") {
		variant = strings.TrimSuffix(filepath.Base(variant), ".toml")
	}
	return strings.NewReplacer("/", "-", "\\", "-", ":", "-", " ", "-").Replace(variant)
}

// NewAutosaveFile returns a fresh autosave path in dir for a new game of
// variant, named after the time it started; it never names a file that
// exists.
func NewAutosaveFile(dir, variant string, now time.Time) string {
	base := filepath.Join(dir, autosaveStem(variant)+"-"+now.Format("20060102-150405"))
	p := base + ".txt"
	for i := 2; ; i++ {
		if _, err := os.Lstat(p); err != nil {
			return p
		}
		p = fmt.Sprintf("%s-%d.txt", base, i)
	}
}

// Autosave describes one autosaved game.
type Autosave struct {
	Path     string
	Modified time.Time
	// Moves is the number of record lines; Last the last one.
	Moves int
	Last  string
}

// String describes the autosave in one line.
func (a Autosave) String() string {
	s := fmt.Sprintf("%s  %d lines", a.Modified.Format("2006-01-02 15:04:05"), a.Moves)
	if a.Last != "" {
		s += ", last " + a.Last
	}
	return s + "  (" + filepath.Base(a.Path) + ")"
}

// ListAutosaves lists the autosaved games of variant in dir, the most
// recent first. A missing directory is no error: there are none.
func ListAutosaves(dir, variant string) ([]Autosave, error) {
	stem := autosaveStem(variant)
	entries, err := os.ReadDir(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, err
	}
	var out []Autosave
	for _, e := range entries {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, stem+"-")
		// stem-YYYYMMDD-HHMMSS[-N].txt; the date keeps "strix-standard"
		// from matching "strix-standard-two"
		if !ok || !strings.HasSuffix(name, ".txt") || len(rest) < 15 || rest[8] != '-' || !digits(rest[:8]) || !digits(rest[9:15]) {
			continue
		}
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		a := Autosave{Path: filepath.Join(dir, name), Modified: info.ModTime()}
		a.Moves, a.Last = countLines(a.Path)
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Modified.Equal(out[j].Modified) {
			return out[i].Modified.After(out[j].Modified)
		}
		return out[i].Path > out[j].Path
	})
	return out, nil
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// countLines counts a record's move lines (not comments or blanks).
func countLines(path string) (n int, last string) {
	f, err := os.Open(path)
	if err != nil {
		return 0, ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l, _, _ := strings.Cut(sc.Text(), "#")
		if l = strings.TrimSpace(l); l != "" {
			n++
			last = l
		}
	}
	return n, last
}

// WriteAtomic writes data to path through a temporary file in the same
// directory and a rename, so a crash never leaves half a file. An existing
// file keeps its permissions; a symbolic link is written through (the file
// it points to is replaced, the link stays).
func WriteAtomic(path string, data []byte) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".rulesmith-*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Chmod(mode); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
