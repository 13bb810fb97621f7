package solve

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkSolveKalah53 solves Kalah with 5 pits of 3 seeds from the start
// without endgame databases, on one worker and on two, and reports the
// search's node rate (the walk for repeated positions included in the
// time, not in the nodes).
func BenchmarkSolveKalah53(b *testing.B) {
	g := load(b, "mancala/egyptian", "pits=5", "seeds=3")
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var nodes uint64
			for i := 0; i < b.N; i++ {
				r, err := Solve(context.Background(), g, g.NewState(), Options{Endgame: -1, Workers: workers, CacheDir: "-"})
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkEndgameBuild builds the endgame databases of Kalah (6 pits) up
// to 10 stones in play and reports the positions solved per second.
func BenchmarkEndgameBuild(b *testing.B) {
	g := load(b, "mancala/egyptian")
	m, err := detectMaterial(g, g.NewState())
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		eg := newEndgame(m, 10)
		if err := eg.build(context.Background(), 0, 1, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(egEntries(10, len(m.field)))*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}
