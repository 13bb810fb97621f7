package handwritten

import (
	"math/rand/v2"
	"testing"
)

// Random games end (a seat gets its four pawns home well before the ply
// limit), the winner has every pawn home, and no pawn is ever lost.
func TestPachisiPlayoutsEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{4, 2, 3} {
		p := NewPachisi(n)
		for g := 0; g < 20; g++ {
			plies := PlayoutPachisi(p, rng)
			w := p.Winner()
			if w < 0 || plies >= PachisiMaxPlies {
				t.Fatalf("players %d game %d: no winner after %d plies", n, g, plies)
			}
			for k := 0; k < 4; k++ {
				if p.Pawn(w, k) != phGoal {
					t.Fatalf("players %d game %d: winner %d has a pawn on %s", n, g, w, PachisiSpace(w, p.Pawn(w, k)))
				}
			}
			// every pawn on the track or a home path is counted on its space
			var want [phSpaces]int8
			for _, s := range p.Seats() {
				for k := 0; k < 4; k++ {
					if i := p.Pawn(int(s), k); i != 0 && i != phGoal {
						want[phSpace[s][i]]++
					}
				}
			}
			for c := 0; c < phHome; c++ {
				if p.cnt[c] != want[c] {
					t.Fatalf("players %d game %d: space %d counts %d pawns, holds %d", n, g, c, p.cnt[c], want[c])
				}
			}
		}
	}
}

// readings 7.4 and 7.3: from the start a 5 enters; 5-5 enters two (doubles
// while pawns wait give 5, 5); a total of 5 enters one using both dice;
// 6-2 can do nothing.
func TestPachisiFirstThrows(t *testing.T) {
	for _, tc := range []struct {
		a, b  int
		pawns [4]int8 // the mover's, sorted, after the one decision
	}{
		{5, 3, [4]int8{0, 0, 0, 4}},
		{5, 5, [4]int8{0, 0, 1, 1}},
		{4, 1, [4]int8{0, 0, 0, 1}},
		{6, 2, [4]int8{0, 0, 0, 0}},
	} {
		p := NewPachisi(4)
		if n := p.Throw(tc.a, tc.b); n != 1 {
			t.Fatalf("%d-%d: %d decisions, want 1", tc.a, tc.b, n)
		}
		if got, _ := p.Decision(0); got != tc.pawns {
			t.Errorf("%d-%d: %v, want %v", tc.a, tc.b, got, tc.pawns)
		}
	}
}

func TestPachisiPlayoutNoAlloc(t *testing.T) {
	p := NewPachisi(4)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20; i++ {
		PlayoutPachisi(p, rng) // the tables reach their size
	}
	if a := testing.AllocsPerRun(20, func() { PlayoutPachisi(p, rng) }); a != 0 {
		t.Fatalf("PlayoutPachisi allocates %v per run", a)
	}
}
