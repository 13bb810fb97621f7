package handwritten

import (
	"math/rand/v2"
	"testing"
)

// The hand-written Reversi counts the published Othello perft of the start
// position (passes counted as moves): 4, 12, 56, 244, 1396, 8200, 55092.
func TestReversiPerft(t *testing.T) {
	r := NewReversi()
	for d, want := range []int{4, 12, 56, 244, 1396, 8200, 55092} {
		if got := PerftReversi(r, d+1); got != want {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
		}
	}
}

// A random game ends with neither side able to move, at most 60 discs
// placed, and allocates nothing per ply.
func TestReversiPlayout(t *testing.T) {
	r := NewReversi()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 50; i++ {
		n := PlayoutReversi(r, rng)
		if n < 9 || !r.Over() {
			t.Fatalf("playout of %d plies, over=%v", n, r.Over())
		}
		discs := 0
		for c := range 64 {
			if r.board[c] != 0 {
				discs++
			}
		}
		if discs > 64 || discs-4 > n {
			t.Fatalf("%d discs after %d plies", discs, n)
		}
	}
	if a := testing.AllocsPerRun(20, func() { PlayoutReversi(r, rng) }); a != 0 {
		t.Errorf("%v allocations per playout", a)
	}
}
