package agent_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"rulesmith/core/agent"
)

// MCTS search speed from the start position: each op is one Choose with a
// budget of 1000 playouts (fewer for the slower games); playouts/s is the
// figure to compare with the core's bare Playout benchmarks.
func BenchmarkMCTS(b *testing.B) {
	for _, tc := range []struct {
		game     string
		playouts int
	}{
		{"mancala/egyptian", 1000},
		{"strix/standard", 100},
		// chance and hidden hands (determinised, chance nodes, the
		// playouts' drawn deal) and a choice expanded by look-ahead
		{"traditional/cribbage", 200},
		{"traditional/ring-game-neutral", 20},
	} {
		b.Run(tc.game, func(b *testing.B) {
			g := load(b, tc.game)
			s := g.NewState()
			rng := rand.New(rand.NewPCG(1, 2))
			for g.AtChance(s) { // the first decision (cribbage: after the deal)
				if err := g.Play(s, g.Sample(s, g.Settle(s, nil), rng)); err != nil {
					b.Fatal(err)
				}
			}
			a := agent.NewMCTS(tc.playouts, 0, 1)
			ctx := context.Background()
			if _, err := a.Choose(ctx, g, s); err != nil { // warm the buffers
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := a.Choose(ctx, g, s); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(tc.playouts)*float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}
