package agent_test

import (
	"context"
	"testing"

	"rulesmith/core/agent"
)

// MCTS search speed from the start position: each op is one Choose with a
// budget of 1000 playouts (100 for STRIX); playouts/s is the figure to
// compare with the core's bare Playout benchmarks.
func BenchmarkMCTS(b *testing.B) {
	for _, tc := range []struct {
		game     string
		playouts int
	}{
		{"mancala/egyptian", 1000},
		{"strix/standard", 100},
	} {
		b.Run(tc.game, func(b *testing.B) {
			g := load(b, tc.game)
			s := g.NewState()
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
