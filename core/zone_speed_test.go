package core

// The zones' shortcuts against the plain reading they replace: the deal's
// pick by whole bit words against a walk over the kinds, and the zone
// sums the State keeps against a sum over the zone's pieces, over whole
// random games with every kind of zone change (deals, transfers into a
// pile, the gather back to the pack).

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// naiveNth is the x-th set bit of the words, walking them bit by bit.
func naiveNth(bw []int32, x int) int {
	for i, w := range bw {
		for b := 0; b < 32; b++ {
			if uint32(w)>>uint(b)&1 != 0 {
				if x == 0 {
					return i*32 + b
				}
				x--
			}
		}
	}
	return -1
}

func TestNthKindOfOnes(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for trial := 0; trial < 5000; trial++ {
		bw := make([]int32, 1+rng.IntN(3))
		n := 0
		for i := range bw {
			bw[i] = int32(rng.Uint32() & rng.Uint32())
			if trial%7 == 0 {
				bw[i] = -1 // every bit
			}
			n += bits.OnesCount32(uint32(bw[i]))
		}
		if n == 0 {
			if got := nthKindOfOnes(bw, 0, 0); got != -1 {
				t.Fatalf("%x: empty words gave %d", bw, got)
			}
			continue
		}
		for x := 0; x < n; x++ {
			if got, want := nthKindOfOnes(bw, n, x), naiveNth(bw, x); got != want {
				t.Fatalf("%x, x=%d: got %d, want %d", bw, x, got, want)
			}
		}
		// a zone holding some kind twice (more pieces than bits) is left to
		// the walk over the counts
		if got := nthKindOfOnes(bw, n+1, 0); got != -1 {
			t.Fatalf("%x with a kind held twice: got %d, want -1", bw, got)
		}
	}
}

// Every zone sum the State keeps equals the sum over the zone's pieces
// after every move and outcome of random cribbage games (the pegging
// total reads one: total("played:value")).
func TestZoneSumsMatchPieces(t *testing.T) {
	g := loadCribbage(t)
	if len(g.zoneSums) == 0 {
		t.Fatal("no zone sum kept: total(\"played:value\") should keep one")
	}
	rng := rand.New(rand.NewPCG(8, 1))
	var buf []Move
	checks := 0
	for game := 0; game < 30; game++ {
		s := g.NewState()
		for steps := 0; ; steps++ {
			for j, zs := range g.zoneSums {
				for i := 0; i < g.zoneInstances(zs.z); i++ {
					zi := g.zones[zs.z].first + i
					want := 0
					for k := range g.kinds {
						want += s.zoneCount(zi, k) * int(g.attrs[zs.attr][k])
					}
					if got := s.zoneSumOf(j, i); got != want {
						t.Fatalf("game %d step %d: sum %d of zone %q instance %d is %d, want %d",
							game, steps, j, g.zones[zs.z].name, i, got, want)
					}
					checks++
				}
			}
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
		}
	}
	if checks < 1000 {
		t.Fatalf("only %d checks", checks)
	}
}

// Emptying a zone into another in one pass (zoneEmptyInto, the collect
// effect's way) leaves exactly the State that moving its pieces kind by
// kind through addOut leaves (counts, kind bits, sizes, sums, the hands'
// total, the hash), and moving one piece with zoneMove (the deal's and
// transfer's way) the State that zoneTake and zoneAdd leave (a pile's
// sequence too), for every pair of zone instances and positions from
// random cribbage games; an empty zone changes nothing.
func TestZoneMovesMatchAddOut(t *testing.T) {
	g := loadCribbage(t)
	rng := rand.New(rand.NewPCG(3, 5))
	var buf []Move
	var ks []int32
	checks, moved := 0, 0
	for game := 0; game < 6; game++ {
		s := g.NewState()
		for steps := 0; ; steps++ {
			for from := 0; from < g.nzi; from++ {
				for to := 0; to < g.nzi; to++ {
					if k := s.nextZoneKind(from, rng.IntN(len(g.kinds))); k >= 0 && from != to {
						a, b := s.Clone(), s.Clone()
						by := rng.IntN(len(g.seats)+1) - 1
						a.zoneMove(from, to, k, by)
						b.zoneTake(from, k)
						b.zoneAdd(to, k, by)
						if !a.Equal(b) {
							t.Fatalf("game %d step %d: zoneMove of kind %d from instance %d to %d differs from zoneTake and zoneAdd", game, steps, k, from, to)
						}
						checks++
					}
					if from == to || g.pileOff[to] > 0 {
						continue
					}
					a, b := s.Clone(), s.Clone()
					a.pileClear(from)
					b.pileClear(from)
					if !a.zoneEmptyInto(from, to) {
						t.Fatal("the game keeps kind bits: zoneEmptyInto should take them")
					}
					ks = b.zoneKindCounts(from, ks[:0])
					for j := 0; j < len(ks); j += 2 {
						b.addOut(from, int(ks[j]), int(ks[j+1]))
						b.addOut(to, int(ks[j]), -int(ks[j+1]))
						moved++
					}
					if !a.Equal(b) {
						t.Fatalf("game %d step %d: emptying instance %d into %d differs from addOut kind by kind", game, steps, from, to)
					}
					checks++
				}
			}
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
		}
	}
	if checks < 1000 || moved < 1000 {
		t.Fatalf("only %d checks, %d kinds moved", checks, moved)
	}
}

// The gather back to the pack puts every zone back as it started in one
// step (zoneReset): at every position of random cribbage games, the
// collection so leaves exactly the State that emptying the zones one by
// one leaves (counts, bits, sizes, sums, piles, hash, the zones' share of
// the hash); on a seat's view, whose hidden cards were taken out, it
// goes the long way and still agrees. The crib's collection (of the
// discards only) is not a reset.
func TestZoneResetMatchesCollect(t *testing.T) {
	g := loadCribbage(t)
	var gather, crib *collect
	for _, steps := range g.rounds.steps {
		for _, st := range steps {
			if e, ok := st.effect.(*collect); ok && len(e.from) == 5 {
				gather = e // hand, discards, crib, start, played
			} else if ok && len(e.from) == 1 {
				crib = e // the discards
			}
		}
	}
	if gather == nil || crib == nil {
		t.Fatal("no gather or crib collection among the phase steps")
	}
	if !gather.reset || crib.reset || g.lay.zhash == 0 {
		t.Fatalf("gather resets: %v (want true), form_crib resets: %v (want false), zone hash kept at %d",
			gather.reset, crib.reset, g.lay.zhash)
	}
	rng := rand.New(rand.NewPCG(6, 2))
	var buf []Move
	checks, views := 0, 0
	for game := 0; game < 6; game++ {
		s := g.NewState()
		for steps := 0; ; steps++ {
			cases := []*State{s}
			if steps%5 == 0 {
				cases = append(cases, g.View(s, steps/5%2).Known)
			}
			for i, c := range cases {
				a, b := c.Clone(), c.Clone()
				if i == 0 && !a.zoneReset() {
					t.Fatalf("game %d step %d: the zones hold every piece, yet no reset", game, steps)
				}
				a.CopyFrom(c)
				gather.apply(a)
				gather.reset = false
				gather.apply(b)
				gather.reset = true
				if !a.Equal(b) {
					t.Fatalf("game %d step %d (view %v): the reset differs from emptying the zones one by one", game, steps, i > 0)
				}
				if i > 0 {
					views++
				}
				checks++
			}
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
		}
	}
	if checks < 500 || views < 50 {
		t.Fatalf("only %d checks, %d on views", checks, views)
	}
}
