package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
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

// solve's memory bound counts every state it holds: on a 1024-cell variant
// whose positions repeat, --max-memory 64 stops with an error naming the
// budget, in a subprocess whose memory is capped (issue #12: the walk's
// states were not counted, and this reached 4.8 GB).
func TestCLISolveMemoryBound(t *testing.T) {
	code, stdout, stderr, took := runLimited(t, "solve", "../../testdata/solve/kono-1024.toml", "--max-memory", "64", "--force")
	if code != 1 || stdout != "" || !strings.Contains(stderr, "more than --max-memory allows (64 MB); give more memory or a smaller variant") {
		t.Fatalf("exit %d after %v\nstdout: %s\nstderr: %s", code, took, stdout, stderr)
	}
}

// A variant far too large is refused at once with its estimated size and
// the way to force it; forced, it starts (and here stops at --timeout).
func TestCLISolveTooLarge(t *testing.T) {
	r := rulesmith(t, "solve", "mancala/egyptian", "--set", "pits=6", "--set", "seeds=5", "--timeout", "20s")
	want := "rulesmith solve: mancala/egyptian: too large to solve: up to 1.7e14 positions (60 stones over 14 cells; 2 seats to move), past the 3.2e13 this solver can finish (Kalah 6×4, up to 1.3e13, takes about 2.5 CPU-minutes; 6×5, up to 1.7e14, did not finish its first pass in 15 CPU-minutes)\n" +
		"rulesmith solve: --force tries anyway (--timeout D bounds the try); a smaller --set of the variant's parameters may be solvable\n"
	if r.code != 1 || r.stdout != "" || r.stderr != want {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s\nwant: %s", r.code, r.stdout, r.stderr, want)
	}
	r = rulesmith(t, "solve", "mancala/egyptian", "--set", "pits=6", "--set", "seeds=5", "--force", "--timeout", "1ns", "--endgame", "-1")
	if r.code != 1 || !strings.Contains(r.stderr, "stopped by the timeout") {
		t.Fatalf("forced: exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
}

// A game whose positions repeat is solved by retrograde analysis, and
// --json counts its positions.
func TestCLISolveRetrograde(t *testing.T) {
	r := rulesmith(t, "solve", "../../testdata/solve/kono-3x3.toml", "--json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	if out["method"] != "retrograde" {
		t.Fatalf("method %v", out["method"])
	}
	p, w, l, d := out["positions"].(float64), out["wins"].(float64), out["losses"].(float64), out["draws"].(float64)
	if p == 0 || w+l+d != p {
		t.Fatalf("positions %v = %v + %v + %v?", p, w, l, d)
	}
}

// A variant with dice is solved by expectimax: the expected outcome, the
// positions, and the best decision after each throw of the start.
func TestCLISolveChance(t *testing.T) {
	r := rulesmith(t, "solve", "../../testdata/variants/dice-race.toml", "--set", "cells=17", "--set", "goal=6")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{
		"value: +0.801169 (white's expected outcome under perfect play: +1 a win, 0 a draw, -1 a loss)\n",
		"method: expectimax (every reachable position; chance averaged by probability)\n",
		"positions: 12991 (819 chance, 5472 decision, 6700 final)\n",
		"sweeps: 1 (no position repeats)\n",
		"after 1-1: a1-c1 (+1.000000)\n",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("missing %q in\n%s", want, r.stdout)
		}
	}
	if n := strings.Count(r.stdout, "\nafter "); n != 21 {
		t.Errorf("%d best decisions, want one per throw (21)", n)
	}
	r = rulesmith(t, "solve", "../../testdata/variants/dice-race.toml", "--max-memory", "1")
	if r.code != 1 || !strings.Contains(r.stderr, "the reachable positions do not fit the memory budget (1 MB)") {
		t.Errorf("a small budget: exit %d, %s", r.code, r.stderr)
	}
}
