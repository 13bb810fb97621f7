package core_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/core"
)

// The list a ply's turn settling leaves for Playout to reuse is exactly
// the list Settle generates afresh in the position after the ply, in every
// shipped game (a stale or reordered list would change the playouts).
func TestPlayoutReadyListMatchesSettle(t *testing.T) {
	names := append(slices.Clone(shipped), "traditional/cribbage", "traditional/pachisi")
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			g := load(t, name)
			rng := rand.New(rand.NewPCG(7, 11))
			buf := make([]core.Move, 0, 256)
			var ready []core.Move
			checked := 0
			for game := 0; game < 4; game++ {
				s := g.NewState()
				for ply := 0; ; ply++ {
					buf = g.Settle(s, buf)
					if len(buf) == 0 {
						break
					}
					m := buf[rng.IntN(len(buf))]
					if s.ChancePending() >= 0 {
						m = g.Sample(s, buf, rng)
					}
					if err := g.Play(s, m); err != nil {
						t.Fatal(err)
					}
					list, ok := core.ReadyMoves(s)
					if !ok || s.Over() || s.ChancePending() >= 0 {
						continue
					}
					ready = append(ready[:0], list...)
					c := s.Clone()
					fresh := g.Settle(c, nil)
					if c.Over() {
						continue // the ply limit: Playout checks it before reusing
					}
					if !slices.Equal(ready, fresh) {
						t.Fatalf("game %d ply %d: ready list %v, Settle %v", game, ply, ready, fresh)
					}
					checked++
				}
			}
			if name == "traditional/cribbage" && checked == 0 {
				t.Fatal("no ply left a ready list: the check checked nothing")
			}
		})
	}
}
