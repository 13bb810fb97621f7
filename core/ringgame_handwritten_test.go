package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"rulesmith/core/internal/handwritten"
)

// The hand-written Ring game (core/internal/handwritten), the speed
// reference of BenchmarkPlayoutRingGame, plays the variant's game: the
// same perft from the start, and over random games the same legal moves
// at every ply (releases, swaps and un-flip-only turns included), the same
// perft(2) from positions along the way, and the same end.
func TestRingGameHandwrittenMatchesEngine(t *testing.T) {
	for _, players := range []int{2, 3} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			g := load(t, "traditional/ring-game", fmt.Sprintf("players=%d", players))
			x := handwritten.NewRingGame(players)
			for d := 1; d <= 2; d++ {
				if got, hw := g.Perft(g.NewState(), d), handwritten.PerftRingGame(x, d); got != hw {
					t.Errorf("perft(%d): engine %d, hand-written %d", d, got, hw)
				}
			}
			if players == 3 {
				// the golden of testdata/perft/traditional-ring-game.txt
				if hw := handwritten.PerftRingGame(x, 3); hw != 33985980 {
					t.Errorf("perft(3): hand-written %d, golden 33985980", hw)
				}
			}
			rng := rand.New(rand.NewPCG(7, uint64(players)))
			seen := map[string]int{}
			for game := 0; game < 4; game++ {
				s := g.NewState()
				x.Reset()
				for ply := 0; ply < 300; ply++ {
					got := ringEngineMoves(g, s)
					want := x.Legal()
					sort.Strings(want)
					if !slices.Equal(got, want) {
						t.Fatalf("game %d ply %d: engine %v\nhand-written %v", game, ply, got, want)
					}
					if len(got) == 0 {
						r := g.Result(s)
						over, winner := x.Result()
						if !r.Over || r.Winner != winner || !over {
							t.Fatalf("game %d: engine %+v, hand-written over %v winner %d", game, r, over, winner)
						}
						seen["end"]++
						break
					}
					for _, m := range got {
						switch {
						case m[0] == '+':
							seen["release"]++
						case len(m) > 2 && m[2] == '=':
							seen["swap"]++
						}
					}
					if ply%50 == 25 {
						if a, b := g.Perft(s.Clone(), 2), handwritten.PerftRingGame(x, 2); a != b {
							t.Fatalf("game %d ply %d: perft(2) engine %d, hand-written %d", game, ply, a, b)
						}
					}
					mv := got[rng.IntN(len(got))]
					ringPlay(t, g, s, mv)
					if !x.PlayText(mv) {
						t.Fatalf("game %d ply %d: the hand-written game has no %s", game, ply, mv)
					}
				}
			}
			if seen["release"] == 0 || seen["swap"] == 0 {
				t.Errorf("the games met no release or no swap: %v", seen)
			}
			t.Logf("%v", seen)
		})
	}
}

// The hand-written B.12 variant (NewRingGameNeutral), the speed reference
// of BenchmarkPlayoutRingGameNeutral, plays traditional/ring-game-neutral:
// the same perft from the start and, over random games, the same legal
// moves (choices, releases, swaps) at every ply and the same end.
func TestRingGameNeutralHandwrittenMatchesEngine(t *testing.T) {
	g := load(t, "traditional/ring-game-neutral")
	x := handwritten.NewRingGameNeutral()
	for d := 1; d <= 2; d++ {
		if got, hw := g.Perft(g.NewState(), d), handwritten.PerftRingGame(x, d); got != hw {
			t.Errorf("perft(%d): engine %d, hand-written %d", d, got, hw)
		}
	}
	rng := rand.New(rand.NewPCG(7, 12))
	seen := map[string]int{}
	for game := 0; game < 3; game++ {
		s := g.NewState()
		x.Reset()
		for ply := 0; ply < 300; ply++ {
			got := ringEngineMoves(g, s)
			want := x.Legal()
			sort.Strings(want)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: engine %d %v\nhand-written %d %v", game, ply, len(got), got, len(want), want)
			}
			if len(got) == 0 {
				r := g.Result(s)
				over, winner := x.Result()
				if !r.Over || r.Winner != winner || !over {
					t.Fatalf("game %d: engine %+v, hand-written over %v winner %d", game, r, over, winner)
				}
				seen["end"]++
				break
			}
			for _, m := range got {
				switch {
				case m[0] == '+':
					seen["release"]++
				case strings.Contains(m, "*"):
					seen["choice"]++
				case strings.Contains(m, "="):
					seen["swap"]++
				}
			}
			mv := got[rng.IntN(len(got))]
			ringPlay(t, g, s, mv)
			if !x.PlayText(mv) {
				t.Fatalf("game %d ply %d: the hand-written game has no %s", game, ply, mv)
			}
		}
	}
	if seen["choice"] == 0 || seen["swap"] == 0 {
		t.Errorf("the games met no choice or no swap: %v", seen)
	}
	t.Logf("%v", seen)
}
