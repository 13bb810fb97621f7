package solve

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// BenchmarkSolveKalah53 solves Kalah with 5 pits of 3 seeds from the start
// without endgame databases, on one worker and on two, and reports the
// search's node rate: search-nodes/s over the time the search took
// (Result.Searching, by the wall clock); nodes/s over the whole solve, the
// walk for repeats and the count of the positions included; and
// nodes/cpu-s and cpu-s/op over the whole solve by the process's CPU time,
// which other processes on a shared machine do not inflate. The nodes per op of the two runs compared with
// their CPU per op is what the second worker costs in work; their wall
// times are the speedup only on an otherwise idle machine.
func BenchmarkSolveKalah53(b *testing.B) {
	g := load(b, "mancala/egyptian", "pits=5", "seeds=3")
	value, solved := 0, false
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var nodes uint64
			var searching time.Duration
			cpu0 := processCPU()
			for i := 0; i < b.N; i++ {
				r, err := Solve(context.Background(), g, g.NewState(), Options{Endgame: -1, Workers: workers, CacheDir: "-"})
				if err != nil {
					b.Fatal(err)
				}
				if solved && r.Value != value {
					b.Fatalf("value %d on %d workers, %d before: the workers disagree", r.Value, workers, value)
				}
				value, solved = r.Value, true
				nodes += r.Nodes
				searching += r.Searching
			}
			b.ReportMetric(float64(nodes)/searching.Seconds(), "search-nodes/s")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			if cpu0 >= 0 {
				cpu := (processCPU() - cpu0).Seconds()
				b.ReportMetric(float64(nodes)/cpu, "nodes/cpu-s")
				b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
			}
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
