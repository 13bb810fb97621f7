package core

import (
	"math/rand/v2"
	"testing"

	"rulesmith/variants"
)

// The bit masks a small board's State keeps (occupied cells, cells each
// seat tops) are updated in place by push, clear and moveStack; after
// every move of random games of every shipped variant they must equal the
// masks recomputed from the stacks and counts.
func TestSmallBoardMasks(t *testing.T) {
	for _, name := range variants.Names() {
		g, err := Load(name, WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		if !g.small {
			continue
		}
		rng := rand.New(rand.NewPCG(3, 5))
		buf := make([]Move, 0, 256)
		games := 20
		if testing.Short() {
			games = 5
		}
		for i := 0; i < games; i++ {
			s := g.NewState()
			for ply := 0; ply < 300; ply++ {
				buf = g.Moves(s, buf)
				if len(buf) == 0 {
					break
				}
				if err := g.Play(s, buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
				var occ uint64
				own := make([]uint64, len(g.seats))
				for c := 0; c < g.board.N(); c++ {
					if s.Height(c) > 0 || s.Count(c) > 0 {
						occ |= 1 << uint(c)
					}
					if o := s.Owner(c); o >= 0 {
						own[o] |= 1 << uint(c)
					}
				}
				if s.occMask() != occ {
					t.Fatalf("%s game %d ply %d: occupied mask %#x, want %#x", name, i, ply, s.occMask(), occ)
				}
				for seat := range g.seats {
					if s.ownMask(seat) != own[seat] {
						t.Fatalf("%s game %d ply %d: seat %d's mask %#x, want %#x", name, i, ply, seat, s.ownMask(seat), own[seat])
					}
				}
			}
		}
	}
}
