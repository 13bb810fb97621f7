package core_test

import (
	"math/rand/v2"
	"testing"

	"rulesmith/core"
)

// A playout takes shortcuts a game played ply by ply does not (a deal
// dealt whole, the list of legal moves reused from the turn's settling):
// the record it writes, played back with Play from the start and settled
// at the end, reaches exactly the position the playout ended in (every
// word, the hash included), and one outcome per piece dealt is written.
func TestPlayoutRecordReplays(t *testing.T) {
	for _, name := range []string{"traditional/cribbage", "traditional/pachisi"} {
		t.Run(name, func(t *testing.T) {
			g := load(t, name)
			for seed := uint64(0); seed < 20; seed++ {
				var rec []core.Move
				end := g.NewState()
				if _, err := g.Playout(end, rand.New(rand.NewPCG(seed, 3)), nil, &rec); err != nil {
					t.Fatal(err)
				}
				s := g.NewState()
				dealt := 0
				for i, m := range rec {
					if m.IsChance() && g.ChanceEvent(s) == "deal" {
						dealt++
					}
					if err := g.Play(s, m); err != nil {
						t.Fatalf("seed %d: move %d of the record (%s): %v", seed, i, g.Format(s, m), err)
					}
				}
				g.Settle(s, nil)
				if !s.Equal(end) {
					t.Fatalf("seed %d: the record played back (%d moves) does not reach the playout's position", seed, len(rec))
				}
				if name == "traditional/cribbage" && dealt%10 != 0 {
					t.Fatalf("seed %d: %d outcomes of the deal recorded, want five cards to each seat per deal", seed, dealt)
				}
			}
		})
	}
}
