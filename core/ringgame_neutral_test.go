package core_test

// Rule tests of traditional/ring-game-neutral, the Ring game's optional
// 2-player variant (shared/rules/ring-game.md, "Special 2-Player Rules";
// traditional-readings.md B.12, as the variant's header reads it), and the
// engine checked against the independent model of ringgame_model_test.go
// in its neutral mode.

import (
	"testing"
)

// newNeutralRing is the model's start of the 2-player neutral variant.
func newNeutralRing() ringGame {
	p := newRingGame(2)
	p.neutral = true
	return p
}

func TestRingNeutralMatchesModel(t *testing.T) {
	g := load(t, "traditional/ring-game-neutral")
	start := newNeutralRing()
	for d := 1; d <= 2; d++ {
		if got, want := g.Perft(g.NewState(), d), ringModelPerft(start, d); got != want {
			t.Errorf("perft(%d): engine %d, model %d", d, got, want)
		}
	}
	ended, plies, seen := ringCrosscheck(t, g, start, 6, 300, 7)
	t.Logf("%d games ended, %d plies compared, legal moves seen: %v", ended, plies, seen)
}
