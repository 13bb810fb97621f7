package core_test

import (
	"math/rand/v2"
	"testing"

	"rulesmith/core/internal/handwritten"
)

// Three-player chess: a faces board with forking diagonals, leaps by
// `via`, pawns by `facing`, royal legality among three kings
// (`royal_next`), en passant, castling, mate with elimination and the
// pieces passing to the checker. The ratio to the hand-written reference
// (TestThreeChessHandwrittenMatchesEngine: the same game) should stay at
// least 1/3.
func BenchmarkPlayoutThreeChess(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFramework(b, tcVariant) })
	b.Run("handwritten", func(b *testing.B) {
		x := handwritten.NewThreeChess()
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutThreeChess(x, rng) })
	})
}

// Move generation and play of three-player chess allocate nothing per
// move (the hot path this benchmark measures).
func TestThreeChessZeroAllocsPerMove(t *testing.T) { zeroAllocsPerMove(t, tcVariant) }
