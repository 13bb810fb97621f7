package main

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// rulebookDir holds the rulebook of every shipped variant, NAME.md.
const rulebookDir = "../../docs/rulebooks"

// TestRulebooks keeps docs/rulebooks current: each shipped variant's
// rulebook is what `rulesmith explain` writes now (go test -update
// rewrites them).
func TestRulebooks(t *testing.T) {
	for _, name := range variants.Names() {
		t.Run(name, func(t *testing.T) {
			g, err := core.Load(name, core.WithFS(variants.FS()))
			if err != nil {
				t.Fatal(err)
			}
			// the figures go in a directory named after the variant, beside
			// its rulebook: docs/rulebooks/mancala/egyptian/start.svg
			figs := &figures{dir: path.Base(name), files: map[string][]byte{}}
			got := rulebook(g, figs)
			if !strings.Contains(got, "![the start position]("+path.Base(name)+"/start.svg)") {
				t.Error("the start position is not embedded")
			}
			for _, r := range g.Rules() {
				if continues(g, r.Name) != "" || chainsOf(g, r.Name) != "" || r.AttackOnly {
					continue // played only as part of another rule's move, or never
				}
				if !strings.Contains(got, "![an example move of "+r.Name+"]") {
					t.Errorf("no example figure for move rule %s", r.Name)
				}
			}
			// every move rule, end and parameter is in it; so are every
			// zone, piece state variable and phase step, and no table is
			// printed as a Go map
			for _, r := range g.Rules() {
				if !strings.Contains(got, "### "+r.Name+"\n") {
					t.Errorf("move rule %s missing", r.Name)
				}
			}
			for _, e := range g.Keys("end") {
				if !strings.Contains(got, "### "+e+"\n") {
					t.Errorf("end %s missing", e)
				}
			}
			for _, p := range g.Params() {
				if !strings.Contains(got, "| "+p.Name+" | ") {
					t.Errorf("parameter %s missing", p.Name)
				}
			}
			for _, table := range []string{"zones", "piece_state"} {
				for _, z := range g.Keys(table) {
					if !strings.Contains(got, "### "+z+"\n") {
						t.Errorf("%s.%s missing", table, z)
					}
				}
			}
			for _, ph := range g.Keys("phases") {
				for _, st := range g.Keys("phases." + ph + ".steps") {
					if !strings.Contains(got, "- **"+st+"**\n") {
						t.Errorf("step %s of phase %s missing", st, ph)
					}
				}
			}
			if strings.Contains(got, "map[") {
				t.Error("a table is printed as a Go map")
			}
			files := map[string][]byte{filepath.Join(rulebookDir, name+".md"): []byte(got)}
			figDir := filepath.Join(rulebookDir, filepath.FromSlash(name))
			for f, svg := range figs.files {
				files[filepath.Join(figDir, f)] = svg
			}
			if *update {
				os.RemoveAll(figDir)
				for file, data := range files {
					if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(file, data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			for file, data := range files {
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatalf("%v (run go test ./cmd/rulesmith -update)", err)
				}
				if !bytes.Equal(data, want) {
					t.Errorf("%s is not what explain writes now (run go test ./cmd/rulesmith -update)", file)
				}
			}
			if entries, _ := os.ReadDir(figDir); len(entries) != len(figs.files) {
				t.Errorf("%s holds %d files, want %d (run go test ./cmd/rulesmith -update)", figDir, len(entries), len(figs.files))
			}
		})
	}
}

func TestExplainDiff(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"explain", "../../testdata/house-rules/kalah-4-3.toml", "--diff", "mancala/egyptian"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want := "## Parameters\n\n- **pits** is now `4` (was `6`)\n- **seeds** is now `3` (was `4`)\n"
	if !strings.Contains(stdout.String(), want) {
		t.Errorf("explain --diff:\n%s\nwant it to contain:\n%s", stdout.String(), want)
	}
	if first := strings.SplitN(stdout.String(), "\n", 2)[0]; first != "# Kalah(4,3) (Egyptian rules): changes from Mancala (Egyptian rules)" {
		t.Errorf("heading %q", first)
	}
	// a variant against itself: nothing differs, and the heading tells
	// the two apart by name when their titles are the same
	stdout.Reset()
	if code := run([]string{"explain", "dvonn", "--diff", "dvonn"}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "No rule differs.") ||
		!strings.HasPrefix(stdout.String(), "# DVONN (dvonn): changes from DVONN (dvonn)\n") {
		t.Errorf("explain dvonn --diff dvonn: exit %d\n%s", code, stdout.String())
	}
	// a changed move rule is explained in its primitive's words
	stdout.Reset()
	if code := run([]string{"explain", "../../testdata/bad-variants/warn-param-unused.toml", "--diff", "mancala/egyptian"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want = "## Move rule sow\n\nA `sow` rule: pick up the stones of a bowl and sow them one by one along the track.\n\n" +
		"- **capture_min** is now `1` (was `capture_empty_across ? 0 : 1`): capture only when the related cells hold at least this many stones\n"
	if !strings.Contains(stdout.String(), want) {
		t.Errorf("explain --diff:\n%s\nwant it to contain:\n%s", stdout.String(), want)
	}
}

// exampleMove's later walks find rules the first walk misses: in
// three-player chess, captures that promote to a rook, bishop or knight.
func TestExampleMoveRareRules(t *testing.T) {
	file := "../../variants/traditional/three-player-chess.toml"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	g, err := core.LoadBytes(file, data)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range g.Rules() {
		if r.AttackOnly {
			continue
		}
		s, m, ok := exampleMove(g, i)
		if !ok {
			t.Errorf("no example move of %s", r.Name)
			continue
		}
		if m.Rule() != i || !slices.Contains(g.Moves(s, nil), m) {
			t.Errorf("the example of %s is %v, not a legal move of the rule", r.Name, m)
		}
	}
}

// The rulebook states the order of a phase's steps as written, which the
// rule can make normative: cribbage's show scores, after the 1 for last,
// the non-dealer's hand, the dealer's hand, then the crib, and the game
// ends the moment a score reaches the target (traditional-readings.md
// A.6, A.8). A race's start cells and paths (Pachisi, readings 7.2) and a
// rule's set_state are tables the rulebook prints too.
func TestRulebookNestedTables(t *testing.T) {
	load := func(name string) string {
		g, err := core.Load(name, core.WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		return rulebook(g, nil)
	}
	crib := load("traditional/cribbage")
	last := -1
	for _, step := range []string{"last_dealer", "last_pone", "pone_hand", "dealer_hand", "crib", "next_hand"} {
		i := strings.Index(crib, "- **"+step+"**\n")
		if i < 0 || i < last {
			t.Fatalf("step %s at %d, after %d: the show's order is not the written one", step, i, last)
		}
		last = i
	}
	for _, want := range []string{
		"- **points** = `ply == 0 ? 3 : 0`: points the seat gets",
		"One shared by the table, seen by no one (everyone sees how many). *Rule text: A.2, A.9.*",
		"- zone deck holds: one of every kind",
		"  - **value** = `min(rank, 10)`",
	} {
		if !strings.Contains(crib, want) {
			t.Errorf("cribbage rulebook lacks %q", want)
		}
	}
	pachisi := load("traditional/pachisi")
	for _, want := range []string{
		"A (south) moves first.", // turns.first names the parameter first_player
		"- 4 a on startA",
		"  - **A** = `startA`",
		"  - **C** = `[\"t39..t68\", \"t1..t34\", \"C1..C7\", \"home\"]`",
	} {
		if !strings.Contains(pachisi, want) {
			t.Errorf("pachisi rulebook lacks %q", want)
		}
	}
	chess := load("traditional/three-player-chess")
	for _, want := range []string{
		"  - **dir** = `from.half != to.half ? 1 : dir`",
		"- white keeps in reserve, off the board and in no hand (for promotions and pieces passing to it): 24 white_queen",
	} {
		if !strings.Contains(chess, want) {
			t.Errorf("three-player chess rulebook lacks %q", want)
		}
	}
	// a hand placed in any order is not said to be placed in order
	ring := load("traditional/ring-game")
	if strings.Contains(ring, "to place in this order") || !strings.Contains(ring, "- blue holds in hand: 1 blue_Ss") {
		t.Error("the Ring game's Nest (order = \"choice\") is described as a queue")
	}
}
