package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// solve --json reports the value, the line and the counts, and keeps the
// endgame databases under $XDG_CACHE_HOME.
func TestCLISolveJSON(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	for round := 0; round < 2; round++ {
		r := rulesmith(t, "solve", "mancala/egyptian", "--set", "pits=3", "--set", "seeds=2", "--endgame", "6", "--json")
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		var out struct {
			Variant string   `json:"variant"`
			Value   *int     `json:"value"`
			Line    []string `json:"line"`
			Nodes   *uint64  `json:"nodes"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatalf("%v in %s", err, r.stdout)
		}
		if out.Variant != "mancala/egyptian" || out.Value == nil || len(out.Line) == 0 || out.Nodes == nil {
			t.Fatalf("incomplete: %s", r.stdout)
		}
	}
	files, _ := filepath.Glob(filepath.Join(cache, "rulesmith", "endgame", "*.db"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v", files)
	}
	if fi, err := os.Stat(files[0]); err != nil || fi.Size() == 0 {
		t.Fatalf("cache file: %v", err)
	}
}
