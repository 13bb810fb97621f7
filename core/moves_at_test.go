package core

import (
	"testing"

	"rulesmith/variants"
)

// moves_at(cell) counts the moves of the seat to move from a cell, worked
// by hand on chess tic-tac-toe (core/rules_chessttt_test.go,
// TestChessTTTPlacementsFirst): at ply 7 White's rook a1 has a2 a3 b1 a1xa4,
// its knight c1 has a2 b3 d3, its bishop d2 has c3 b4; an empty cell and
// Black's knight (not the seat to move) have none. It allocates nothing
// once the State has made its probe.
func TestMovesAt(t *testing.T) {
	g, err := Load("traditional/chess-tic-tac-toe", WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	for _, txt := range []string{"Ra1", "Rd4", "Nc1", "Na4", "Bd2", "Bc4"} {
		m, err := g.Parse(s, txt)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(s, m); err != nil {
			t.Fatal(err)
		}
	}
	for src, want := range map[string]int{
		`moves_at("a1")`: 4, `moves_at("c1")`: 3, `moves_at("d2")`: 2, `moves_at("b2")`: 0, `moves_at("a4")`: 0,
		`moves_at("a1") + moves_at("c1") + moves_at("d2")`: 9,
	} {
		if got := posEval(t, g, s, 0, src); got != want {
			t.Errorf("%s = %v, want %d", src, got, want)
		}
	}
	s.movesAt(0)
	if n := testing.AllocsPerRun(100, func() { s.movesAt(0) }); n != 0 {
		t.Errorf("movesAt allocates %.1f times", n)
	}
}
