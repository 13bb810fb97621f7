package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// TestNew writes the starting variant of every board kind, validates it
// with --strict (no warning either) and plays random games of it to their
// end: the file `rulesmith new` writes must validate and play.
func TestNew(t *testing.T) {
	for _, kind := range newKinds() {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			var stdout, stderr bytes.Buffer
			if code := run([]string{"new", "my-" + kind, "--board", kind, "--out", dir}, &stdout, &stderr); code != 0 {
				t.Fatalf("new exited %d: %s", code, stderr.String())
			}
			file := filepath.Join(dir, "my-"+kind+".toml")
			stdout.Reset()
			if code := run([]string{"validate", "--strict", file}, &stdout, &stderr); code != 0 {
				t.Fatalf("validate --strict exited %d: %s", code, stderr.String())
			}
			g, err := core.Load(file, core.WithFS(variants.FS()))
			if err != nil {
				t.Fatal(err)
			}
			if g.Board().Kind != kind {
				t.Errorf("board kind %q, want %q", g.Board().Kind, kind)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			ended := 0
			for i := 0; i < 20; i++ {
				s := g.NewState()
				if _, err := g.Playout(s, rng, nil, nil); err != nil {
					t.Fatal(err)
				}
				if r := g.Result(s); r.Over {
					ended++
				}
			}
			if ended != 20 {
				t.Errorf("%d of 20 random games ended", ended)
			}
			text, _ := os.ReadFile(file)
			if !strings.Contains(string(text), "docs/variant-format.md#") {
				t.Error("no comment points to the documentation")
			}
		})
	}
}

func TestNewRefuses(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.toml")
	if err := os.WriteFile(file, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"new", "mine", "--board", "grid", "--out", dir}, 1, "exists; not overwritten"},
		{[]string{"new", "other", "--board", "cube", "--out", dir}, 2, `--board "cube": want one of faces, graph, grid, hex, pits`},
		{[]string{"new", "Bad Name", "--board", "grid", "--out", dir}, 2, "a variant name is lowercase"},
		{[]string{"new", "other", "--out", dir}, 2, "--board"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.want)
		}
	}
	if b, _ := os.ReadFile(file); string(b) != "keep me" {
		t.Error("an existing file was overwritten")
	}
	if _, err := os.Stat(filepath.Join(dir, "other.toml")); err == nil {
		t.Error("a refused new wrote a file")
	}
}
