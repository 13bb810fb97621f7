package handwritten

import (
	"math/rand/v2"
	"testing"
)

// The hand-written Connect Four counts the published perft of the empty
// board: 7, 49, 343, 2401, 16807, 117649, 823536 (the first wins come at
// ply 7).
func TestConnectFourPerft(t *testing.T) {
	f := NewConnectFour()
	for d, want := range []int{7, 49, 343, 2401, 16807, 117649, 823536} {
		if got := PerftConnectFour(f, d+1); got != want {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
		}
	}
}

// Four in a row wins in every direction, and only four or more.
func TestConnectFourRows(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells []int // alternate Red, Yellow; Red makes the last one
		won   bool
	}{
		{"across", []int{0, 7, 1, 8, 2, 9, 3}, true},
		{"up", []int{0, 1, 7, 8, 14, 15, 21}, true},
		{"diagonal", []int{0, 1, 8, 2, 9, 3, 16, 10, 17, 7, 24}, true},
		{"anti-diagonal", []int{6, 5, 12, 4, 11, 3, 18, 10, 17, 0, 24}, true},
		{"three", []int{0, 7, 1, 8, 2}, false},
		{"broken", []int{0, 7, 1, 8, 3, 9, 4}, false},
	} {
		f := NewConnectFour()
		for i, c := range tc.cells {
			if f.Over() {
				t.Fatalf("%s: over before move %d", tc.name, i)
			}
			f.Play(c)
		}
		if got := f.Winner() == 0; got != tc.won {
			t.Errorf("%s: winner %d, want Red's win %v", tc.name, f.Winner(), tc.won)
		}
	}
}

// A random game ends in a win or a full board and allocates nothing.
func TestConnectFourPlayout(t *testing.T) {
	f := NewConnectFour()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		if n := PlayoutConnectFour(f, rng); n < 7 || n > 42 || !f.Over() {
			t.Fatalf("playout of %d plies, over=%v", n, f.Over())
		}
	}
	if a := testing.AllocsPerRun(20, func() { PlayoutConnectFour(f, rng) }); a != 0 {
		t.Errorf("%v allocations per playout", a)
	}
}
