package editor

import (
	"io/fs"
	"os"
	"slices"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// cacheFiles lists the table files in dir.
func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestTableCacheOnStart: an editor start with Options.TableCache fills the
// cache with the board's relation tables; a second start and a reload of
// the same rules (loadBytes, as an edit does) find them and add none, and
// give the same game; without TableCache nothing is written, not even
// under XDG_CACHE_HOME.
func TestTableCacheOnStart(t *testing.T) {
	dir := t.TempDir()
	xdg := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", xdg)
	opts := Options{Variant: "strix/standard", FS: variants.FS(), TableCache: dir,
		Screen: newScreen(t), AutosaveDir: t.TempDir()}
	if _, err := New(opts); err != nil {
		t.Fatal(err)
	}
	first := cacheFiles(t, dir)
	if len(first) == 0 {
		t.Fatal("an editor start with a table cache wrote no table")
	}
	g1, err := opts.load()
	if err != nil {
		t.Fatal(err)
	}
	data, err := fs.ReadFile(variants.FS(), "strix/standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	g2, err := opts.loadBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	if again := cacheFiles(t, dir); !slices.Equal(again, first) {
		t.Errorf("loading the same rules again changed the cache: %v, then %v", first, again)
	}
	plain := Options{Variant: "strix/standard", FS: variants.FS()}
	g0, err := plain.load()
	if err != nil {
		t.Fatal(err)
	}
	want := g0.Moves(g0.NewState(), nil)
	for i, g := range []*core.Game{g1, g2} {
		if got := g.Moves(g.NewState(), nil); !slices.Equal(got, want) {
			t.Errorf("load %d from the cache: %d opening moves, want %d as without it", i+1, len(got), len(want))
		}
	}
	if files := cacheFiles(t, xdg); len(files) != 0 {
		t.Errorf("a load without TableCache wrote under XDG_CACHE_HOME: %v", files)
	}
}
