package handwritten

import (
	"math/rand/v2"
	"testing"
)

// The start position has the published 36 moves; a random game ends with
// a side's pieces joined, and allocates nothing.
func TestLinesOfActionPlayout(t *testing.T) {
	l := NewLinesOfAction()
	if n := len(l.Moves(nil)); n != 36 {
		t.Fatalf("%d moves at the start, want 36", n)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		PlayoutLinesOfAction(l, rng)
		if w := l.Winner(); w < 0 || !l.joined(int8(w+1)) {
			t.Fatalf("game over with winner %d", w)
		}
	}
	if a := testing.AllocsPerRun(5, func() { PlayoutLinesOfAction(l, rng) }); a != 0 {
		t.Errorf("%v allocations per playout", a)
	}
}
