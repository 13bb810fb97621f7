package handwritten

import (
	"math/rand/v2"
	"testing"
)

// The hand-written Xiangqi counts the published perft of the start
// position (the readings' game from the start, where perpetual check
// cannot act before ply 8): 44, 1920, 79666.
func TestXiangqiPerft(t *testing.T) {
	x := NewXiangqi()
	for d, want := range []int{44, 1920, 79666} {
		if got := PerftXiangqi(x, d+1); got != want {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
		}
	}
}

// A random game ends by a side without a move or at the ply limit, and
// allocates nothing per ply.
func TestXiangqiPlayout(t *testing.T) {
	x := NewXiangqi()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		if n := PlayoutXiangqi(x, rng); n <= 0 || n > XiangqiPlyLimit {
			t.Fatalf("playout of %d plies", n)
		}
	}
	if a := testing.AllocsPerRun(20, func() { PlayoutXiangqi(x, rng) }); a != 0 {
		t.Errorf("%v allocations per playout", a)
	}
}
