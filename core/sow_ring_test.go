package core

import (
	"math/rand/v2"
	"testing"

	"rulesmith/variants"
)

// Sowing along the precomputed ring gives exactly the state (hash
// included) of the general stone-by-stone path, on random games of every
// shipped sowing variant, with laps of the board (many stones), relay
// sowing and both directions.
func TestSowRingMatchesGeneral(t *testing.T) {
	for _, c := range []struct {
		name string
		sets []string
	}{
		{"mancala/egyptian", nil},
		{"mancala/egyptian", []string{"pits=4", "seeds=10"}}, // laps of the board
		{"mancala/egyptian", []string{"pits=6", "seeds=12"}}, // stores past the hash table
		{"mancala/egyptian", []string{"pits=2", "seeds=40"}}, // many laps in one sowing
		{"mancala/egyptian", []string{"pits=3", "seeds=70"}}, // bowls past the hash table
		{"mancala/ethiopian", nil},
		{"mancala/ethiopian", []string{"seeds=9"}},
		{"mancala/nigerian", nil},
	} {
		g, err := Load(c.name, WithFS(variants.FS()), WithSet(c.sets...))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		var buf []Move
		plies := 0
		for game := 0; game < 30; game++ {
			s := g.NewState()
			for ply := 0; ply < 300 && !s.Over(); ply++ {
				buf = g.Moves(s, buf[:0])
				if len(buf) == 0 {
					break
				}
				m := buf[rng.IntN(len(buf))]
				slow := s.Clone()
				noSowRing = true
				errSlow := g.Play(slow, m)
				noSowRing = false
				errFast := g.Play(s, m)
				if (errSlow == nil) != (errFast == nil) {
					t.Fatalf("%s %v: errors %v and %v", c.name, c.sets, errFast, errSlow)
				}
				if !slicesEqual(s.buf, slow.buf) {
					t.Fatalf("%s %v game %d ply %d: move %s: ring sowing gives\n%v\nthe general path\n%v", c.name, c.sets, game, ply, g.Format(slow, m), s.buf, slow.buf)
				}
				plies++
			}
		}
		if plies < 300 {
			t.Errorf("%s: only %d plies compared", c.name, plies)
		}
	}
}

func slicesEqual(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
