package core_test

// Tests of mark_targets with choose = "subset" (core/effect_choose.go):
// one legal move per subset of the candidates, the notation *CELL that
// round-trips, keep (an un-marking the mover chooses), the bound checked at
// load and no allocation per move.

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
)

// chooseSrc: seat a's rooks and seat b's foes slide (capturing by
// replacement); the pieces a moved rook newly attacks are turned down:
// a seat's piece always (flip_seats), a neutral piece only when the mover
// chooses (flip_common, keep: a neutral piece already down stays down only
// when chosen again).
const chooseSrc = `name = "test/choose"
[players]
seats = ["a", "b"]
[board]
kind = "grid"
width = 5
height = 5
[piece_state.down]
min = 0
max = 1
default = 0
[pieces.rook]
owner = "a"
glyph = "R"
[pieces.foe]
owner = "b"
glyph = "F"
[pieces.n]
owner = "none"
glyph = "N"
[moves.slide]
type = "slide"
land = "empty_or_enemy"
capture = "replace"
notation = "cells_x"
mover_if = 'down == 0'
after = ["flip_seats", "flip_common"]
[effects.flip_seats]
type = "mark_targets"
attacks = "slide"
set = { down = 1 }
of = "seats"
[effects.flip_common]
type = "mark_targets"
attacks = "slide"
set = { down = 1 }
of = "common"
choose = "subset"
`

// chooseGame loads chooseSrc with extra keys for flip_common and the
// pieces of setup (CELL = "kind" lines).
func chooseGame(t *testing.T, extra, setup string) *core.Game {
	t.Helper()
	return loadInline(t, chooseSrc+extra+"[setup.pieces]\n"+setup+"\n")
}

// choiceMovesFrom lists, sorted, the legal moves written from cell from.
func choiceMovesFrom(g *core.Game, s *core.State, from string) []string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		if text := g.Format(s, m); strings.HasPrefix(text, from) {
			out = append(out, text)
		}
	}
	sort.Strings(out)
	return out
}

func downAt(t *testing.T, g *core.Game, s *core.State, cell string) bool {
	t.Helper()
	c, ok := g.Board().Index(cell)
	if !ok || s.Top(c) < 0 {
		t.Fatalf("no piece on %s", cell)
	}
	return s.PieceVar(s.Top(c), 0) == 1
}

func TestChooseSubset(t *testing.T) {
	// the rook on a1 already attacks e1 (except_before leaves it out);
	// from c1 it newly attacks the neutral pieces on c3 (column c) and, from
	// d1, the foe on d5 (of = "seats": always turned down).
	g := chooseGame(t, "", `a1 = "rook"
c3 = "n"
e1 = "n"
d5 = "foe"`)
	s := g.NewState()
	if got, want := fmt.Sprint(choiceMovesFrom(g, s, "a1-c1")), "[a1-c1 a1-c1*c3]"; got != want {
		t.Errorf("a1-c1: moves %s, want %s (one per subset of {c3}; e1 was attacked from a1)", got, want)
	}
	if got, want := fmt.Sprint(choiceMovesFrom(g, s, "a1-d1")), "[a1-d1]"; got != want {
		t.Errorf("a1-d1: moves %s, want %s (the foe on d5 is turned down whatever the choice)", got, want)
	}
	// every legal move's text is read back as that move
	for _, m := range g.Moves(s, nil) {
		text := g.Format(s, m)
		back, err := g.Parse(s, text)
		if err != nil || back != m {
			t.Errorf("Parse(%q) = %v, %v; want the move written so", text, back, err)
		}
	}
	for _, tc := range []struct {
		move string
		down map[string]bool
	}{
		{"a1-c1", map[string]bool{"c3": false, "e1": false}},
		{"a1-c1*c3", map[string]bool{"c3": true, "e1": false}},
		{"a1-d1", map[string]bool{"c3": false, "e1": false, "d5": true}},
	} {
		s := g.NewState()
		ringPlay(t, g, s, tc.move)
		for cell, want := range tc.down {
			if got := downAt(t, g, s, cell); got != want {
				t.Errorf("after %s: %s down = %v, want %v", tc.move, cell, got, want)
			}
		}
	}
	// two new neutral targets: four moves, each subset once, in cell order
	g = chooseGame(t, "", `a2 = "rook"
c1 = "n"
c4 = "n"`)
	s = g.NewState()
	if got, want := fmt.Sprint(choiceMovesFrom(g, s, "a2-c2")), "[a2-c2 a2-c2*c1 a2-c2*c1*c4 a2-c2*c4]"; got != want {
		t.Errorf("a2-c2: %s, want %s", got, want)
	}
	ringPlay(t, g, s, "a2-c2*c1*c4")
	if !downAt(t, g, s, "c1") || !downAt(t, g, s, "c4") {
		t.Error("a2-c2*c1*c4 left a chosen piece face up")
	}
	// the choice is written in cell order only
	if _, err := g.Parse(g.NewState(), "a2-c2*c4*c1"); err == nil {
		t.Error("a2-c2*c4*c1 was read: a subset has one spelling")
	}
}

// With keep, the neutral pieces already down are offered too: a move that
// does not name one turns it up again.
func TestChooseSubsetKeep(t *testing.T) {
	g := chooseGame(t, "keep = true\n", `a1 = "rook"
c3 = "n"
e5 = "n"`)
	s := g.NewState()
	c, _ := g.Board().Index("e5")
	core.SetPieceVarAt(s, c, "down", 1)
	if got, want := fmt.Sprint(choiceMovesFrom(g, s, "a1-b1")), "[a1-b1 a1-b1*e5]"; got != want {
		t.Errorf("a1-b1: %s, want %s", got, want)
	}
	if got, want := fmt.Sprint(choiceMovesFrom(g, s, "a1-c1")), "[a1-c1 a1-c1*c3 a1-c1*c3*e5 a1-c1*e5]"; got != want {
		t.Errorf("a1-c1: %s, want %s", got, want)
	}
	for _, tc := range []struct {
		move       string
		c3, e5Down bool
	}{
		{"a1-b1", false, false},
		{"a1-b1*e5", false, true},
		{"a1-c1*c3", true, false},
		{"a1-c1*c3*e5", true, true},
	} {
		s2 := s.Clone()
		ringPlay(t, g, s2, tc.move)
		if downAt(t, g, s2, "c3") != tc.c3 || downAt(t, g, s2, "e5") != tc.e5Down {
			t.Errorf("after %s: c3 down %v, e5 down %v; want %v, %v", tc.move, downAt(t, g, s2, "c3"), downAt(t, g, s2, "e5"), tc.c3, tc.e5Down)
		}
	}
}

func TestChooseSubsetLoadErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"keep without a choice", strings.Replace(chooseSrc, `of = "seats"`, "of = \"seats\"\nkeep = true", 1), "keep needs choose"},
		{"more candidates than the bound", chooseSrc + "keep = true\n[setup.pieces]\na1 = \"rook\"\n" + tenNeutrals(),
			`effects.flip_common.choose: choose = "subset" may offer 10 pieces`},
		{"a rule that cannot carry a choice", strings.Replace(chooseSrc, `after = ["flip_seats", "flip_common"]`, `after = ["flip_seats"]`, 1) +
			"[moves.drop]\ntype = \"remove\"\nafter = [\"flip_common\"]\n", `only a place, a swap, or a slide`},
		{"a choice to set the default", strings.Replace(chooseSrc, "set = { down = 1 }\nof = \"common\"", "set = { down = 0 }\nof = \"common\"", 1), "must differ from the variable's default"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := core.LoadBytes("inline.toml", []byte(tc.src))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			t.Log(err)
		})
	}
}

// tenNeutrals puts ten neutral pieces on rows 4 and 5.
func tenNeutrals() string {
	var b strings.Builder
	for i := 0; i < 10; i++ {
		fmt.Fprintf(&b, "%c%d = \"n\"\n", 'a'+i%5, 4+i/5)
	}
	return b.String()
}

// Generating the moves of a position with choices and playing them
// allocates nothing once the buffers have grown.
func TestChooseSubsetNoAlloc(t *testing.T) {
	g := chooseGame(t, "keep = true\n", `a1 = "rook"
c3 = "n"
e2 = "n"
e5 = "n"
d5 = "foe"`)
	s := g.NewState()
	c, _ := g.Board().Index("e5")
	core.SetPieceVarAt(s, c, "down", 1)
	work := g.NewState()
	buf := make([]core.Move, 0, 256)
	run := func() {
		buf = g.Moves(s, buf)
		for _, m := range buf {
			work.CopyFrom(s)
			if err := g.Play(work, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	run()
	if len(buf) < 8 {
		t.Fatalf("only %d moves: the position offers no choice", len(buf))
	}
	if a := testing.AllocsPerRun(20, run); a != 0 {
		t.Errorf("%v allocations per run of %d moves", a, len(buf))
	}
}

// choose_of: one effect marks the seat's targets always and lets the mover
// choose among the neutral ones (one walk for both).
func TestChooseSubsetChooseOf(t *testing.T) {
	src := strings.Replace(chooseSrc, `after = ["flip_seats", "flip_common"]`, `after = ["flip_one"]`, 1) + `[effects.flip_one]
type = "mark_targets"
attacks = "slide"
set = { down = 1 }
choose = "subset"
choose_of = "common"
[setup.pieces]
a2 = "rook"
c1 = "n"
c4 = "foe"
`
	g := loadInline(t, src)
	s := g.NewState()
	if got, want := fmt.Sprint(choiceMovesFrom(g, s, "a2-c2")), "[a2-c2 a2-c2*c1]"; got != want {
		t.Fatalf("a2-c2: %s, want %s (the foe on c4 is no choice)", got, want)
	}
	for _, tc := range []struct {
		move string
		c1   bool
	}{{"a2-c2", false}, {"a2-c2*c1", true}} {
		s2 := s.Clone()
		ringPlay(t, g, s2, tc.move)
		if !downAt(t, g, s2, "c4") || downAt(t, g, s2, "c1") != tc.c1 {
			t.Errorf("after %s: c4 down %v (want true), c1 down %v (want %v)", tc.move, downAt(t, g, s2, "c4"), downAt(t, g, s2, "c1"), tc.c1)
		}
	}
	if _, err := core.LoadBytes("inline.toml", []byte(strings.Replace(chooseSrc, `of = "seats"`, "of = \"seats\"\nchoose_of = \"common\"", 1))); err == nil || !strings.Contains(err.Error(), "choose_of needs choose") {
		t.Errorf("choose_of without a choice: %v", err)
	}
}
