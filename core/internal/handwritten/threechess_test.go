package handwritten

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The knight's cells next to the centre on the empty board, as the
// readings list them (6.3, Knight).
func TestThreeChessKnightReadings(t *testing.T) {
	for cell, want := range map[string]string{
		"d3": "b2 b4 c1 c5 e1 e9 f2 f4 i5",
		"e3": "c2 c4 d1 d5 f1 f9 g2 g4 i9",
		"c4": "a3 a5 b2 b6 d2 d6 e3 e9 i5",
		"d4": "b3 b5 c2 c6 e10 e2 f3 f9 i6 j5",
		"e4": "c3 c5 d2 d6 f10 f2 g3 g9 i10 j9",
		"f4": "d3 d5 e10 e2 g10 g2 h3 h9 i9",
		"b1": "a3 c3 d2",
	} {
		got := KnightTargets(cell)
		sortStrings(got) // by name, as strings
		if strings.Join(got, " ") != want {
			t.Errorf("knight on %s: %v, want %s", cell, got, want)
		}
	}
}

func sortStrings(xs []string) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// The perft of the start position (readings 6.8), as the independent model
// of core/threechess_model_test.go counts it.
func TestThreeChessPerft(t *testing.T) {
	x := NewThreeChess()
	want := []int{20, 400, 8000, 178080}
	if testing.Short() {
		want = want[:3]
	}
	for d, w := range want {
		if got := PerftThreeChess(x, d+1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
}

// A random game ends by mate of the last two, stalemate or the ply cap,
// and allocates nothing.
func TestThreeChessPlayout(t *testing.T) {
	x := NewThreeChess()
	rng := rand.New(rand.NewPCG(1, 2))
	ends := map[string]int{}
	for i := 0; i < 30; i++ {
		n := PlayoutThreeChess(x, rng)
		if n <= 0 || n > ThreeChessPlyLimit {
			t.Fatalf("playout of %d plies", n)
		}
		switch {
		case x.p.result >= 0:
			ends["mate"]++
		case x.p.result == -1:
			ends["stalemate"]++
		default:
			ends["cap"]++
		}
	}
	t.Logf("ends: %v", ends)
	if a := testing.AllocsPerRun(5, func() { PlayoutThreeChess(x, rng) }); a != 0 {
		t.Errorf("%v allocations per playout", a)
	}
}
