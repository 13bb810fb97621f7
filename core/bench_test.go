package core_test

import (
	"math/rand/v2"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
)

// Random playouts: the framework beside the hand-written reference of the
// same game (core/internal/handwritten), which is the speed limit we
// measure against. Compare ns/op of each pair; plies/op should agree.

func benchFramework(b *testing.B, name string) { benchPlayouts(b, load(b, name)) }

// benchPlayouts runs g's random playouts from its start, one game per op,
// reporting allocations and plies per game.
func benchPlayouts(b *testing.B, g *core.Game) {
	start := g.NewState()
	s := g.NewState()
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]core.Move, 0, 256)
	plies := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CopyFrom(start)
		var err error
		if buf, err = g.Playout(s, rng, buf, nil); err != nil {
			b.Fatal(err)
		}
		plies += s.Ply()
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
}

// benchHandwritten runs a hand-written reference's playout, one game per op.
func benchHandwritten(b *testing.B, playout func(*rand.Rand) int) {
	rng := rand.New(rand.NewPCG(1, 2))
	plies := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		plies += playout(rng)
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
}

func BenchmarkPlayoutEgyptian(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFramework(b, "mancala/egyptian") })
	b.Run("handwritten", func(b *testing.B) {
		m := handwritten.NewMancala(6, 4)
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutMancala(m, rng) })
	})
}

func BenchmarkPlayoutDvonn(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFramework(b, "dvonn") })
	b.Run("handwritten", func(b *testing.B) {
		d := handwritten.NewDvonn()
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutDvonn(d, rng) })
	})
}

// Nine Men's Morris: follow-up removals, a position-reading line check
// (formed, spare) and a place-then-slide phase change; the ratio to the
// hand-written reference should stay at least 1/3.
func BenchmarkPlayoutMorris(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFramework(b, "traditional/nine-mens-morris") })
	b.Run("handwritten", func(b *testing.B) {
		m := handwritten.NewMorris()
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutMorris(m, rng) })
	})
}

// Five-card cribbage: deals (one chance node per card), zones, set
// functions in the pegging and show expressions, rounds of automatic
// phases; the ratio to the hand-written reference should stay at least 1/3.
func BenchmarkPlayoutCribbage(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFramework(b, "traditional/cribbage") })
	b.Run("handwritten", func(b *testing.B) {
		c := handwritten.NewCribbage(61)
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutCribbage(c, rng) })
	})
}

func BenchmarkPlayoutEthiopian(b *testing.B) { benchFramework(b, "mancala/ethiopian") }
func BenchmarkPlayoutNigerian(b *testing.B)  { benchFramework(b, "mancala/nigerian") }

// Move generation and play allocate nothing per move: measured on
// positions sampled from random games, over moves that do not end the game
// (the end-of-game scoring runs expressions, once per game, and may).
func TestZeroAllocsPerMove(t *testing.T) {
	for _, name := range shipped {
		zeroAllocsPerMove(t, name)
	}
}

// The chance games are not in shipped (their plies are outcomes as well as
// moves): whole random playouts of them, deals and throws included, end
// scoring included, allocate nothing once the buffers are grown. A
// condition that falls back to the interpreter allocates on every
// evaluation and fails here.
func TestChancePlayoutsAllocateNothing(t *testing.T) {
	for _, name := range []string{"traditional/cribbage", "traditional/pachisi"} {
		g := load(t, name)
		start := g.NewState()
		s := g.NewState()
		rng := rand.New(rand.NewPCG(4, 4))
		buf := make([]core.Move, 0, 256)
		play := func() {
			s.CopyFrom(start)
			var err error
			if buf, err = g.Playout(s, rng, buf, nil); err != nil {
				t.Fatal(err)
			}
		}
		for range 20 {
			play()
		}
		if n := testing.AllocsPerRun(20, play); n != 0 {
			t.Errorf("%s: %.1f allocations per playout, want 0", name, n)
		}
	}
}

// zeroAllocsPerMove checks one variant as TestZeroAllocsPerMove does.
func zeroAllocsPerMove(t *testing.T, name string) {
	g := load(t, name)
	rng := rand.New(rand.NewPCG(9, 9))
	buf := make([]core.Move, 0, 256)
	type sample struct {
		s *core.State
		i int
	}
	var samples []sample
	for len(samples) < 200 {
		s := g.NewState()
		for {
			buf = g.Moves(s, buf)
			if len(buf) == 0 {
				break
			}
			i := rng.IntN(len(buf))
			before := s.Clone()
			if err := g.Play(s, buf[i]); err != nil {
				t.Fatal(err)
			}
			if !s.Over() && rng.IntN(4) == 0 {
				samples = append(samples, sample{before, i})
			}
		}
	}
	work := g.NewState()
	k := 0
	allocs := testing.AllocsPerRun(1000, func() {
		sm := samples[k%len(samples)]
		k++
		work.CopyFrom(sm.s)
		buf = g.Moves(work, buf)
		_ = g.Play(work, buf[sm.i])
	})
	if allocs != 0 {
		t.Errorf("%s: %.2f allocations per move, want 0", name, allocs)
	}
}

// Random playouts of STRIX (no foul checks).
func BenchmarkPlayoutStrixStandard(b *testing.B) { benchFramework(b, "strix/standard") }

// Chess tic-tac-toe: leaps, slides with captures back to hand, per-piece
// pawn direction, placements with glyph notation, four in a row.
func BenchmarkPlayoutChessTicTacToe(b *testing.B) { benchFramework(b, "traditional/chess-tic-tac-toe") }

// Hnefatafl and Latrunculi: custodial captures (with the tafl King's
// surround and Latrunculi's runs, corners and repetition ban) in playouts.
func BenchmarkPlayoutHnefatafl(b *testing.B)  { benchFramework(b, "traditional/hnefatafl") }
func BenchmarkPlayoutLatrunculi(b *testing.B) { benchFramework(b, "traditional/latrunculi") }

// The Ring game: slides over the owner's face-up pieces (pass_over,
// take_if by shape), flips by mark_targets, swaps with the Pen and the
// release as a prelude whose condition reads the standing functions
// natively. The ratio to the hand-written reference
// (TestRingGameHandwrittenMatchesEngine: the same game) should stay at
// least 1/3.
func BenchmarkPlayoutRingGame(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFramework(b, "traditional/ring-game") })
	b.Run("handwritten", func(b *testing.B) {
		x := handwritten.NewRingGame(3)
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutRingGame(x, rng) })
	})
}

// Move generation and play of the Ring game allocate nothing per move,
// releases included.
func TestRingGameZeroAllocsPerMove(t *testing.T) { zeroAllocsPerMove(t, "traditional/ring-game") }

// The 2-player Ring game with a neutral colour (B.12): every move is
// expanded into its choices of neutral flips (mark_targets choose =
// "subset", a look-ahead per base move), beside the hand-written
// reference (TestRingGameNeutralHandwrittenMatchesEngine: the same game).
func BenchmarkPlayoutRingGameNeutral(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFramework(b, "traditional/ring-game-neutral") })
	b.Run("handwritten", func(b *testing.B) {
		x := handwritten.NewRingGameNeutral()
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutRingGame(x, rng) })
	})
}
