package core_test

import (
	"math/rand/v2"
	"testing"

	"rulesmith/core/internal/handwritten"
)

// Pachisi (four players): a chance node before every ply (the throw, drawn
// by the dice's sampler) and a whole decision per ply, found by a walk over
// the uses of the counts with blocks, captures, bonuses and doubles. The
// ratio to the hand-written reference should stay at least 1/3.
func BenchmarkPlayoutPachisi(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFramework(b, "traditional/pachisi") })
	b.Run("handwritten", func(b *testing.B) {
		p := handwritten.NewPachisi(4)
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutPachisi(p, rng) })
	})
}
