package core_test

import (
	"math/rand/v2"
	"testing"

	"rulesmith/core/internal/handwritten"
)

// benchFrameworkFile is benchFramework for a variant file of testdata.
func benchFrameworkFile(b *testing.B, path string) { benchPlayouts(b, loadFile(b, path)) }

// Reversi (testdata/variants/reversi.toml): placement guarded by
// flanks(to) and the flank effect turning the outflanked runs. The ratio
// to the hand-written reference should be at least 1/3.
func BenchmarkPlayoutReversi(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFrameworkFile(b, "../testdata/variants/reversi.toml") })
	b.Run("handwritten", func(b *testing.B) {
		r := handwritten.NewReversi()
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutReversi(r, rng) })
	})
}

// Connect Four (testdata/variants/connect-four.toml): a place with
// gravity, and the end formed(row) after every drop. The ratio to the
// hand-written reference should be at least 1/3.
func BenchmarkPlayoutConnectFour(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFrameworkFile(b, "../testdata/variants/connect-four.toml") })
	b.Run("handwritten", func(b *testing.B) {
		f := handwritten.NewConnectFour()
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutConnectFour(f, rng) })
	})
}

// Hex 11×11 (testdata/variants/hex.toml): placement on any empty cell, the
// swap as a turn move on ply 1, and the connected end after every move.
// The reference keeps a union-find of the groups as stones are placed.
func BenchmarkPlayoutHex(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFrameworkFile(b, "../testdata/variants/hex.toml") })
	b.Run("handwritten", func(b *testing.B) {
		h := handwritten.NewHex(11, true)
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutHex(h, rng) })
	})
}

// English draughts (testdata/variants/english-draughts.toml): steps and
// jumps by direction, compulsory capture chains that crowning ends, kings.
// The ratio to the hand-written reference should be at least 1/3.
func BenchmarkPlayoutEnglishDraughts(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFrameworkFile(b, "../testdata/variants/english-draughts.toml") })
	b.Run("handwritten", func(b *testing.B) {
		d := handwritten.NewDraughts()
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutDraughts(d, rng) })
	})
}

// Gomoku 15×15 (testdata/variants/gomoku.toml): placement on any empty
// cell, the end formed_exactly(five) after every stone. The ratio to the
// hand-written reference should be at least 1/3.
func BenchmarkPlayoutGomoku(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFrameworkFile(b, "../testdata/variants/gomoku.toml") })
	b.Run("handwritten", func(b *testing.B) {
		g := handwritten.NewGomoku(15, 5, true)
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutGomoku(g, rng) })
	})
}

// Lines of Action (testdata/variants/lines-of-action.toml): slides of
// distance = "line" with pass_over, and the connected end (all of a
// seat's pieces in one group) after every move.
func BenchmarkPlayoutLinesOfAction(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFrameworkFile(b, "../testdata/variants/lines-of-action.toml") })
	b.Run("handwritten", func(b *testing.B) {
		l := handwritten.NewLinesOfAction()
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutLinesOfAction(l, rng) })
	})
}

// The Game of the Amazons on 6×6 (testdata/variants/amazons-small.toml):
// a queen slide followed (then) by an arrow placed where clear_path from
// the landing allows.
func BenchmarkPlayoutAmazons(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFrameworkFile(b, "../testdata/variants/amazons-small.toml") })
	b.Run("handwritten", func(b *testing.B) {
		a := handwritten.NewAmazonsSmall()
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutAmazons(a, rng) })
	})
}
