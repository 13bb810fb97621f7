package core

import (
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/variants"
)

// The generic fast paths of move generation give exactly the moves, in
// the same order, as the general code they shortcut: follow-ups found once
// per position (thenRule.plain) against playing each base move on a
// scratch copy, and a spare of line(to, n) read from the owners' masks
// (whenCond.lineTo) against the condition's closure. Checked at every
// position of random games of every shipped variant that uses them.
func TestFastPathsMatchGeneral(t *testing.T) {
	for _, name := range variants.Names() {
		g, err := Load(name, WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		var thens []*thenRule
		var spares []*whenCond
		for _, r := range g.rules {
			if th, ok := r.(*thenRule); ok && th.plain {
				thens = append(thens, th)
			}
			if rm, ok := r.(*removeRule); ok && rm.spare != nil && rm.spare.lineTo > 0 {
				spares = append(spares, rm.spare)
			}
		}
		if len(thens) == 0 && len(spares) == 0 {
			continue
		}
		general := func(f func()) {
			for _, th := range thens {
				th.plain = false
			}
			lines := make([]int, len(spares))
			for i, w := range spares {
				lines[i], w.lineTo = w.lineTo, 0
			}
			defer func() {
				for _, th := range thens {
					th.plain = true
				}
				for i, w := range spares {
					w.lineTo = lines[i]
				}
			}()
			f()
		}
		rng := rand.New(rand.NewPCG(11, 13))
		games, positions := 60, 0
		if testing.Short() {
			games = 15
		}
		var fast, slow []Move
		for i := 0; i < games; i++ {
			s := g.NewState()
			for ply := 0; ply < 400; ply++ {
				fast = g.Moves(s, fast)
				general(func() { slow = g.Moves(s, slow) })
				if !slices.Equal(fast, slow) {
					t.Fatalf("%s game %d ply %d: fast paths give %d moves, the general code %d", name, i, ply, len(fast), len(slow))
				}
				if len(fast) == 0 {
					break
				}
				positions++
				if err := g.Play(s, fast[rng.IntN(len(fast))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d positions", name, positions)
	}
}
