package core

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/expr-lang/expr/parser"
)

// setNativeCase is one native set expression of cribbage with the seat it
// is evaluated for: a show step's points or the peg after a card is laid.
type setNativeCase struct {
	name   string
	seat   int
	native nativeInt
	prog   interface{ eval(*Game, *State, int) int }
}

// vmPoints evaluates a compiled points expression through the VM.
type vmPoints struct{ e *scoreEffect }

func (v vmPoints) eval(g *Game, s *State, seat int) int {
	return g.evalPoints(s, seat, v.e.prog, v.e.at)
}

type vmStep struct{ st *phaseStep }

func (v vmStep) eval(g *Game, s *State, seat int) int {
	return g.evalPoints(s, seat, v.st.points, v.st.pointsPos)
}

// cribSetCases returns the show's scoring steps and the peg of
// traditional/cribbage.
func cribSetCases(t testing.TB, g *Game) []setNativeCase {
	t.Helper()
	var out []setNativeCase
	for ph := range g.phases {
		for i := range g.rounds.steps[ph] {
			st := &g.rounds.steps[ph][i]
			if st.points == nil || st.native == nil {
				continue
			}
			out = append(out, setNativeCase{name: st.name, seat: g.seatFor(g.NewState(), st.seat), native: st.native, prog: vmStep{st}})
		}
	}
	for _, r := range g.rules {
		for _, e := range r.base().after {
			if se, ok := e.(*scoreEffect); ok && se.native != nil {
				out = append(out, setNativeCase{name: r.base().name + " score", seat: -1, native: se.native, prog: vmPoints{se}})
			}
		}
	}
	if len(out) < 6 {
		t.Fatalf("%d native points expressions, want the show's, the play's and the peg", len(out))
	}
	return out
}

// cribSetPosition deals a random position of the end of a hand: each seat
// keeps three cards, some of them laid (the laid cards interleaved in the
// pile), a start and a crib of four; or, with peg, a pile of one to eight
// laid cards (its total may pass 31: the expressions are counted all the
// same).
func cribSetPosition(g *Game, rng *rand.Rand, peg bool) (*State, string) {
	s := g.NewState()
	desc := ""
	deck, _ := g.ZoneIndex("deck")
	cards := rng.Perm(52)
	next := 0
	put := func(zone string, seat int) {
		z, _ := g.ZoneIndex(zone)
		k := cards[next]
		next++
		s.zoneTake(g.zoneInst(deck, 0), k)
		s.zoneAdd(g.zoneInst(z, max(seat, 0)), k, seat)
		desc += fmt.Sprintf(" %s@%d:%s", zone, seat, g.Kind(k).Name)
	}
	if peg {
		for range 1 + rng.IntN(8) {
			put("played", rng.IntN(2))
		}
		return s, desc
	}
	var laid []int
	for seat := range 2 {
		n := rng.IntN(4)
		for range 3 - n {
			put("hand", seat)
		}
		for range n {
			laid = append(laid, seat)
		}
	}
	rng.Shuffle(len(laid), func(i, j int) { laid[i], laid[j] = laid[j], laid[i] })
	for _, seat := range laid {
		put("played", seat)
	}
	put("start", 0)
	for range 4 {
		put("crib", 0)
	}
	return s, desc
}

// The native evaluation of the set functions gives what the VM gives, on
// random positions of cribbage's show and play, for both seats (the VM
// runs the same Go set arithmetic through expr's environment; the native
// path gathers the sets and reads the columns itself).
func TestSetNativeMatchesVM(t *testing.T) {
	g := loadCribbage(t)
	cases := cribSetCases(t, g)
	rng := rand.New(rand.NewPCG(16, 3))
	nonzero := map[string]int{}
	for i := range 3000 {
		s, desc := cribSetPosition(g, rng, i%2 == 1)
		for _, c := range cases {
			for seat := range 2 {
				if c.seat >= 0 && c.seat != seat {
					continue
				}
				want := c.prog.eval(g, s, seat)
				got := s.evalNativeFor(seat, c.native)
				if got != want {
					t.Fatalf("%s for seat %d: native %d, VM %d:%s", c.name, seat, got, want, desc)
				}
				if got != 0 {
					nonzero[c.name]++
				}
			}
		}
	}
	for _, c := range cases {
		if c.name != "three_for_last" && c.name != "his_heels" && nonzero[c.name] == 0 {
			t.Errorf("%s: never scored on the random positions", c.name)
		}
	}
}

// BenchmarkSetNativeShow evaluates the show's three hand expressions on
// random end-of-hand positions; BenchmarkSetNativePeg the peg on random
// piles.
func BenchmarkSetNativeShow(b *testing.B) { benchSetNative(b, false) }
func BenchmarkSetNativePeg(b *testing.B)  { benchSetNative(b, true) }

func benchSetNative(b *testing.B, peg bool) {
	g := loadCribbage(b)
	var cases []setNativeCase
	for _, c := range cribSetCases(b, g) {
		if (c.seat < 0) == peg && (peg || c.name == "pone_hand" || c.name == "dealer_hand" || c.name == "crib") {
			cases = append(cases, c)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	states := make([]*State, 64)
	for i := range states {
		states[i], _ = cribSetPosition(g, rng, peg)
	}
	b.ReportAllocs()
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		for _, c := range cases {
			sum += s.evalNativeFor(max(c.seat, 0), c.native)
		}
	}
	if sum < 0 {
		b.Fatal(sum)
	}
}

// The native set functions give what the VM gives on the position of
// setGame (regions, cells, a filter, a part named twice) with an added
// attribute whose values are negative or past 63, so that the arithmetic
// on arrays is used as well as the counts in one word.
func TestSetFunctionsNative(t *testing.T) {
	src := strings.Replace(setGame, "order = 'rank * 4 + suit'", "order = 'rank * 4 + suit'\nbig = 'rank * 20 - 100'", 1)
	g := setLoad(t, src)
	var exprs []string
	for _, spec := range []string{"hand+start", "pile", "hand", "pile+start", "spare+spare", "hand+pile+start",
		"hand[rank=5]", "hand+pile[suit=2]", "ha", "hand+spare", "start+pile"} {
		for _, attr := range []string{"rank", "suit", "value", "order", "big"} {
			set := `"` + spec + ":" + attr + `"`
			exprs = append(exprs,
				"sum_ways("+set+", 15)", "sum_ways("+set+", 0)", "sum_ways("+set+", 40)", "sum_ways("+set+", -100)",
				"pairs("+set+")", "runs("+set+", 3)", "runs("+set+", 1)", "run_end("+set+", 2)", "run_end("+set+", 3)",
				"same_end("+set+")", "all_same("+set+") ? 1 : 0", "total("+set+")", "attr_of("+set+")",
				"count_of("+set+", 5)", "count_of("+set+", attr_of(\"start:"+attr+"\"))",
				"same_end("+set+") * (same_end("+set+") - 1)")
		}
		exprs = append(exprs, `size("`+spec+`")`)
	}
	// a frame of more than maxFrameBounds bound words is left to the VM
	many := `size("` + strings.Repeat("spare+", maxFrameBounds) + `spare")`
	exprs = append(exprs, many)
	if tree, err := parser.Parse(many); err != nil {
		t.Fatal(err)
	} else {
		setEval(t, g, g.NewState(), 0, many) // registers the spec
		c := &compiler{g: g}
		if _, f := c.frameRoot(tree.Node); f != nil {
			t.Errorf("%d parts compiled natively", maxFrameBounds+1)
		}
	}
	for _, src := range exprs {
		for seat := range 2 {
			s := g.NewState()
			want, ok := setEval(t, g, s, seat, src).(int)
			if !ok {
				t.Fatalf("%s: not an int", src)
			}
			tree, err := parser.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			c := &compiler{g: g}
			_, f := c.frameRoot(tree.Node)
			if f == nil {
				if src != many {
					t.Fatalf("%s: not compiled natively", src)
				}
				if want != maxFrameBounds+1 {
					t.Errorf("%s: VM %d", src, want)
				}
				continue
			}
			if got := s.evalNativeFor(seat, f); got != want {
				t.Errorf("seat %d: %s: native %d, VM %d", seat, src, got, want)
			}
		}
	}
}
