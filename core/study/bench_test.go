package study

import (
	"fmt"
	"testing"

	"rulesmith/core"
)

// BenchmarkCompare measures compare's throughput in games per second on
// strix/standard with random agents (fouls not called), with 1 and 2 jobs.
// An op is a study of 64 games, the results and the report written; the
// variant is compiled once, outside the timing.
func BenchmarkCompare(b *testing.B) {
	const games = 64
	g, err := DefaultLoad("strix/standard", nil)
	if err != nil {
		b.Fatal(err)
	}
	load := func(string, []string) (*core.Game, error) { return g, nil }
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			dir := b.TempDir()
			seed := uint64(0)
			for b.Loop() {
				seed++
				if _, err := Run(Config{Variants: []string{"strix/standard"}, Games: games, Agents: []string{"random"},
					Seed: seed, Jobs: jobs, Out: dir, Load: load}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
