package handwritten

import (
	"math/rand/v2"
	"testing"
)

// The hand-written English draughts counts the published perft of the
// start position: 7, 49, 302, 1469, 7361, 36768, 179740.
func TestDraughtsPerft(t *testing.T) {
	d := NewDraughts()
	for i, want := range []int{7, 49, 302, 1469, 7361, 36768, 179740} {
		if got := PerftDraughts(d, i+1); got != want {
			t.Errorf("perft(%d) = %d, want %d", i+1, got, want)
		}
	}
}

// A random game ends with the side to move unable to move, and allocates
// nothing.
func TestDraughtsPlayout(t *testing.T) {
	d := NewDraughts()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 50; i++ {
		if n := PlayoutDraughts(d, rng); n <= 0 || len(d.Moves(nil)) != 0 {
			t.Fatalf("playout of %d plies ended with moves left", n)
		}
	}
	if a := testing.AllocsPerRun(20, func() { PlayoutDraughts(d, rng) }); a != 0 {
		t.Errorf("%v allocations per playout", a)
	}
}
