package handwritten

import (
	"math/rand/v2"
	"testing"
)

// Five in a row win; with exact, six do not, free-style they do.
func TestGomokuRows(t *testing.T) {
	for _, tc := range []struct {
		exact bool
		cells []int // Black's, each answered by White apart on row 8
		won   bool
	}{
		{true, []int{0, 1, 2, 3, 4}, true},
		{true, []int{0, 1, 2, 3, 5, 4}, false}, // the last makes six
		{false, []int{0, 1, 2, 3, 5, 4}, true},
		{true, []int{0, 10, 20, 30, 40}, true}, // diagonal on 9×9
		{true, []int{0, 1, 2, 3}, false},
	} {
		g := NewGomoku(9, 5, tc.exact)
		for i, c := range tc.cells {
			if g.Winner() >= 0 {
				t.Fatalf("%v: over before move %d", tc.cells, i)
			}
			g.Play(c)
			if i < len(tc.cells)-1 {
				g.Play(63 + 2*i) // White, apart on row 8
			}
		}
		if got := g.Winner() == 0; got != tc.won {
			t.Errorf("exact=%v %v: winner %d, want Black's win %v", tc.exact, tc.cells, g.Winner(), tc.won)
		}
	}
}

// A random game ends in a win or a full board and allocates nothing.
func TestGomokuPlayout(t *testing.T) {
	g := NewGomoku(15, 5, true)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 50; i++ {
		if n := PlayoutGomoku(g, rng); n < 9 || n > 225 {
			t.Fatalf("playout of %d plies", n)
		}
	}
	if a := testing.AllocsPerRun(10, func() { PlayoutGomoku(g, rng) }); a != 0 {
		t.Errorf("%v allocations per playout", a)
	}
}
