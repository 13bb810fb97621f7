package handwritten

import (
	"math/rand/v2"
	"testing"
)

// On 10×10 from the standard start the first player has the published
// 2176 moves; a random 6×6 game ends with the side to move stuck, within
// the 32 moves the empty cells allow, and allocates nothing.
func TestAmazonsPlayout(t *testing.T) {
	big := NewAmazons(10, []int{30, 39, 3, 6}, []int{60, 69, 93, 96}) // a4 j4 d1 g1; a7 j7 d10 g10
	if n := len(big.Moves(nil)); n != 2176 {
		t.Fatalf("10×10: %d first moves, want 2176", n)
	}
	a := NewAmazonsSmall()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 50; i++ {
		if n := PlayoutAmazons(a, rng); n < 1 || n > 32 || len(a.Moves(nil)) != 0 {
			t.Fatalf("playout of %d plies", n)
		}
	}
	if al := testing.AllocsPerRun(10, func() { PlayoutAmazons(a, rng) }); al != 0 {
		t.Errorf("%v allocations per playout", al)
	}
}
