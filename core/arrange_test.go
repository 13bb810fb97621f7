package core_test

import (
	"testing"
)

// A position arranged from the counts and seat of a played one has the
// same hash and the same moves; SetCount keeps the hash incremental.
func TestArrange(t *testing.T) {
	g := load(t, "mancala/egyptian")
	s := g.NewState()
	for i := 0; i < 5; i++ {
		moves := g.Moves(s, nil)
		if err := g.Play(s, moves[len(moves)/2]); err != nil {
			t.Fatal(err)
		}
	}
	counts := make([]int, g.Board().N())
	for c := range counts {
		counts[c] = s.Count(c)
	}
	a := g.NewState()
	if err := g.Arrange(a, counts, s.ToMove()); err != nil {
		t.Fatal(err)
	}
	if a.Hash() != s.Hash() || a.Ply() != 0 || a.Over() {
		t.Fatalf("arranged: hash %x ply %d over %v; played: hash %x", a.Hash(), a.Ply(), a.Over(), s.Hash())
	}
	ma, ms := g.Moves(a, nil), g.Moves(s, nil)
	if len(ma) != len(ms) {
		t.Fatalf("%d moves, played position %d", len(ma), len(ms))
	}
	for i := range ma {
		if ma[i] != ms[i] {
			t.Fatalf("move %d differs", i)
		}
	}
	b := a.Clone()
	b.SetCount(0, b.Count(0)+3)
	b.SetCount(0, b.Count(0)-3)
	if b.Hash() != a.Hash() {
		t.Fatal("SetCount there and back changed the hash")
	}
	counts[0] = -1
	if err := g.Arrange(a, counts, 0); err == nil {
		t.Fatal("a negative count was arranged")
	}
	if err := g.Arrange(a, counts[:3], 0); err == nil {
		t.Fatal("too few counts were arranged")
	}
	if d := load(t, "dvonn"); d.Arrange(d.NewState(), make([]int, d.Board().N()), 0) == nil {
		t.Fatal("a game with pieces was arranged")
	}
}
