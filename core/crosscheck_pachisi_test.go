package core_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
)

// pachisiPathIndex maps a board seat (0 A … 3 D) and a cell name to the
// pawn's index on that seat's path, as handwritten.Pachisi numbers it.
func pachisiPathIndex() [4]map[string]int {
	var out [4]map[string]int
	for seat := range out {
		out[seat] = map[string]int{}
		for i := 0; i <= 72; i++ {
			out[seat][handwritten.PachisiSpace(seat, i)] = i
		}
	}
	return out
}

// enginePachisi writes the engine's position as the hand-written side's
// pachisiHW does: each seat's pawns as sorted path indices, and the seat to
// move.
func enginePachisi(t *testing.T, g *core.Game, s *core.State, idx [4]map[string]int) string {
	t.Helper()
	var pawns [4][]int
	for c := 0; c < g.Board().N(); c++ {
		name := g.Board().Cells[c].Name
		for pc := s.Top(c); pc >= 0; pc = s.Below(pc) {
			seat := int(g.Seats()[g.PieceOwner(pc)][0] - 'A')
			i, ok := idx[seat][name]
			if !ok {
				t.Fatalf("a pawn of %s on %s, off its path", g.Seats()[g.PieceOwner(pc)], name)
			}
			pawns[seat] = append(pawns[seat], i)
		}
	}
	var b strings.Builder
	for _, name := range g.Seats() {
		seat := int(name[0] - 'A')
		slices.Sort(pawns[seat])
		fmt.Fprintf(&b, "%s%v ", name, pawns[seat])
	}
	if !s.Over() {
		b.WriteString("next " + g.Seats()[s.ToMove()])
	}
	return b.String()
}

// pachisiHW is enginePachisi for the hand-written game.
func pachisiHW(p *handwritten.Pachisi) string {
	var b strings.Builder
	for _, seat := range p.Seats() {
		var pawns []int
		for k := 0; k < 4; k++ {
			pawns = append(pawns, p.Pawn(int(seat), k))
		}
		slices.Sort(pawns)
		fmt.Fprintf(&b, "%s%v ", string(rune('A'+seat)), pawns)
	}
	if !p.Over() {
		b.WriteString("next " + string(rune('A'+p.ToMove())))
	}
	return b.String()
}

// TestCrosscheckPachisiAgainstHandwritten plays random Pachisi games (2, 3
// and 4 players) in the engine and in handwritten.Pachisi with the same
// throws: before every decision both list the positions the throw's
// decisions lead to (and who throws next: doubles again, the third doubles
// a penalty) and they must be the same set; one is played in both.
func TestCrosscheckPachisiAgainstHandwritten(t *testing.T) {
	idx := pachisiPathIndex()
	buf := make([]core.Move, 0, 256)
	compared, decisions := 0, 0
	for _, players := range []int{4, 2, 3} {
		g := load(t, "traditional/pachisi", "players="+strconv.Itoa(players))
		rng := rand.New(rand.NewPCG(uint64(players), 16))
		for game := 0; game < 3; game++ {
			s := g.NewState()
			hw := handwritten.NewPachisi(players)
			for ply := 0; !s.Over(); ply++ {
				if e, h := enginePachisi(t, g, s, idx), pachisiHW(hw); e != h {
					t.Fatalf("players %d game %d ply %d: engine %s, hand-written %s", players, game, ply, e, h)
				}
				throw := g.Sample(s, g.Moves(s, buf), rng)
				text := g.Format(s, throw)
				if err := g.Play(s, throw); err != nil {
					t.Fatal(err)
				}
				hi, lo, _ := strings.Cut(text, "-")
				a, _ := strconv.Atoi(hi)
				b, _ := strconv.Atoi(lo)
				n := hw.Throw(a, b)
				moves := g.Moves(s, buf)
				var got, want []string
				for _, m := range moves {
					c := s.Clone()
					if err := g.Play(c, m); err != nil {
						t.Fatal(err)
					}
					got = append(got, enginePachisi(t, g, c, idx))
				}
				for i := 0; i < n; i++ {
					c := hw.Clone()
					c.Play(i)
					want = append(want, pachisiHW(c))
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("players %d game %d ply %d, throw %s, %s:\nengine       %s\nhand-written %s", players, game, ply, text,
						enginePachisi(t, g, s, idx), strings.Join(got, " | "), strings.Join(want, " | "))
				}
				compared++
				decisions += n
				pick := moves[rng.IntN(len(moves))]
				c := s.Clone()
				if err := g.Play(c, pick); err != nil {
					t.Fatal(err)
				}
				after := enginePachisi(t, g, c, idx)
				for i := 0; i < n; i++ {
					h := hw.Clone()
					h.Play(i)
					if pachisiHW(h) == after {
						hw.Play(i)
						break
					}
				}
				if err := g.Play(s, pick); err != nil {
					t.Fatal(err)
				}
			}
			if !hw.Over() || hw.Winner() != int(g.Seats()[g.Result(s).Winner][0]-'A') {
				t.Fatalf("players %d game %d: engine winner %s, hand-written over %v winner %d", players, game,
					g.Seats()[g.Result(s).Winner], hw.Over(), hw.Winner())
			}
		}
	}
	t.Logf("%d throws compared, %d decisions", compared, decisions)
}

// hwChancePerft is chance perft (readings 7.9) over handwritten.Pachisi:
// CP(d), and E(d)·36^d.
func hwChancePerft(p *handwritten.Pachisi, d int) (cp, e uint64) {
	if d == 0 {
		return 1, 1
	}
	if p.Over() {
		return 0, 0
	}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= a; b++ {
			w := uint64(2)
			if a == b {
				w = 1
			}
			q := p.Clone()
			n := q.Throw(a, b)
			for i := 0; i < n; i++ {
				r := q.Clone()
				r.Play(i)
				c, x := hwChancePerft(r, d-1)
				cp += c
				e += w * x
			}
		}
	}
	return cp, e
}

// The hand-written game's chance perft equals the engine's, CP and E, to
// depth 3 from the start (four and two players) and to depth 2 from the
// middle game of testdata/positions/pachisi-midgame.toml.
func TestPachisiHandwrittenChancePerft(t *testing.T) {
	mid := handwritten.NewPachisi(4)
	// t60 a, t20 aa, startA a; t8 b, t50 b, B6 b, home b; t30 cc, t45 c,
	// startC c; t13 d, t67 d, startD dd (as path indices of each seat)
	idx := pachisiPathIndex()
	at := func(seat int, cells ...string) (out [4]int8) {
		for k, c := range cells {
			out[k] = int8(idx[seat][c])
		}
		return out
	}
	mid.SetPawns([4][4]int8{
		at(0, "t60", "t20", "t20", "startA"),
		at(1, "t8", "t50", "B6", "home"),
		at(2, "t30", "t30", "t45", "startC"),
		at(3, "t13", "t67", "startD", "startD"),
	}, 0, 0)
	for _, tc := range []struct {
		name  string
		g     *core.Game
		hw    *handwritten.Pachisi
		depth int
	}{
		{"four players", load(t, "traditional/pachisi"), handwritten.NewPachisi(4), 3},
		{"two players", load(t, "traditional/pachisi", "players=2"), handwritten.NewPachisi(2), 3},
		{"middle game", load(t, "../testdata/positions/pachisi-midgame.toml"), mid, 2},
	} {
		s := tc.g.NewState()
		if e, h := enginePachisi(t, tc.g, s, idx), pachisiHW(tc.hw); e != h {
			t.Fatalf("%s: engine %s, hand-written %s", tc.name, e, h)
		}
		for d := 1; d <= tc.depth; d++ {
			cp, e := hwChancePerft(tc.hw, d)
			ecp, ee := tc.g.ChancePerft(s, d)
			he := new(big.Rat).SetFrac(new(big.Int).SetUint64(e), new(big.Int).Exp(big.NewInt(36), big.NewInt(int64(d)), nil))
			if cp != ecp || he.Cmp(ee) != 0 {
				t.Errorf("%s depth %d: hand-written CP %d E %s, engine CP %d E %s", tc.name, d, cp, he.RatString(), ecp, ee.RatString())
			}
		}
	}
}

// A Pachisi playout allocates nothing once the race rule's working space
// has grown (the walk's memo and set of decisions are reused by a new
// generation, never reallocated per move).
func TestPachisiPlayoutAllocs(t *testing.T) {
	g := load(t, "traditional/pachisi")
	rng := rand.New(rand.NewPCG(5, 5))
	s, start := g.NewState(), g.NewState()
	buf := make([]core.Move, 0, 256)
	for i := 0; i < 20; i++ {
		s.CopyFrom(start)
		buf, _ = g.Playout(s, rng, buf, nil)
	}
	allocs := testing.AllocsPerRun(20, func() {
		s.CopyFrom(start)
		buf, _ = g.Playout(s, rng, buf, nil)
	})
	if allocs != 0 {
		t.Errorf("a playout allocates %.1f times", allocs)
	}
}
