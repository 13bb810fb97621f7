package core_test

// An independent model of the dice race of testdata/variants/dice-race.toml,
// written from the file's comment alone and sharing no code with the engine:
// two dice thrown before every ply (21 unordered throws; doubles weigh 1 of
// 36, the others 2), a piece on top of a stack moved exactly the throw's
// total east, doubles earning another ply but not a third time in a row, a
// lost throw passed, the first piece on the 25th cell or beyond winning. It
// proves the chance perft golden testdata/perft/test-dice-race.txt (CP and
// E as traditional-readings.md 7.9 define them) and checks random games
// against the engine move for move.

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"rulesmith/core"
)

const (
	raceCells = 30
	raceHome  = 24 // the first cell of the goal
)

// raceThrow is one unordered throw: a ≥ b.
type raceThrow struct{ a, b int }

// raceThrows lists the 21 unordered throws of two dice, low first as the
// engine lists them (1-1, 2-1, 2-2, …), with their weights out of 36.
func raceThrows() (out []raceThrow, weights []int64) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= a; b++ {
			out = append(out, raceThrow{a, b})
			w := int64(2)
			if a == b {
				w = 1
			}
			weights = append(weights, w)
		}
	}
	return
}

func (t raceThrow) String() string { return fmt.Sprintf("%d-%d", t.a, t.b) }

type racePos struct {
	stacks  [raceCells][]int // owners, bottom first
	toMove  int
	thrower int // seat that threw last, -1 before any throw
	run     int // consecutive doubles of thrower
	extra   bool
	throw   raceThrow
	over    bool
	winner  int
}

func newRace() *racePos {
	p := &racePos{thrower: -1, winner: -1}
	p.stacks[0] = []int{1, 0, 1, 0, 1, 0}
	return p
}

func (p *racePos) clone() *racePos {
	c := *p
	for i := range c.stacks {
		c.stacks[i] = slices.Clone(p.stacks[i])
	}
	return &c
}

// throwDice applies a throw.
func (p *racePos) throwDice(t raceThrow) {
	doubles := t.a == t.b
	if doubles {
		if p.thrower == p.toMove {
			p.run++
		} else {
			p.run = 1
		}
	} else {
		p.run = 0
	}
	p.thrower = p.toMove
	p.throw = t
	p.extra = doubles && p.run < 3
}

// decisions lists the moves after the throw as "from-to" cell indices;
// nil means a pass.
func (p *racePos) decisions() [][2]int {
	var out [][2]int
	d := p.throw.a + p.throw.b
	for c := 0; c < raceCells; c++ {
		st := p.stacks[c]
		if len(st) == 0 || st[len(st)-1] != p.toMove || c+d >= raceCells {
			continue
		}
		out = append(out, [2]int{c, c + d})
	}
	return out
}

// decide plays a decision (nil: a pass).
func (p *racePos) decide(mv *[2]int) {
	if mv != nil {
		st := p.stacks[mv[0]]
		piece := st[len(st)-1]
		p.stacks[mv[0]] = st[:len(st)-1]
		p.stacks[mv[1]] = append(p.stacks[mv[1]], piece)
		if mv[1] >= raceHome {
			p.over, p.winner = true, piece
			return
		}
	}
	if !p.extra {
		p.toMove = 1 - p.toMove
	}
	p.extra = false
}

// racePerft returns CP(d) and 36^d·E(d) from p, a position before a throw:
// the sum over the sequences of the product of their throws' weights out of
// 36, an integer.
func racePerft(p *racePos, d int) (cp, w uint64) {
	if d == 0 {
		return 1, 1
	}
	if p.over {
		return 0, 0
	}
	throws, weights := raceThrows()
	for i, t := range throws {
		q := p.clone()
		q.throwDice(t)
		moves := q.decisions()
		var c, x uint64
		if len(moves) == 0 {
			r := q.clone()
			r.decide(nil)
			c, x = racePerft(r, d-1)
		}
		for _, mv := range moves {
			r := q.clone()
			r.decide(&mv)
			cc, xx := racePerft(r, d-1)
			c += cc
			x += xx
		}
		cp += c
		w += uint64(weights[i]) * x
	}
	return cp, w
}

// The model reproduces the chance perft golden, CP and E, and so does the
// engine.
func TestDiceRaceChancePerftModel(t *testing.T) {
	g := loadFile(t, "../testdata/variants/dice-race.toml")
	data, err := os.ReadFile("../testdata/perft/test-dice-race.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var d int
		var cp uint64
		if _, err := fmt.Sscanf(line, "depth %d: %d", &d, &cp); err != nil {
			t.Fatalf("bad line %q", line)
		}
		_, ex, ok := strings.Cut(line, "(expected ")
		if !ok {
			t.Fatalf("bad line %q: no expected count", line)
		}
		ex = strings.TrimSuffix(ex, ")")
		if _, frac, ok := strings.Cut(ex, " = "); ok {
			ex = frac
		}
		want, ok := new(big.Rat).SetString(ex)
		if !ok {
			t.Fatalf("bad expected count %q", ex)
		}
		lines++
		if testing.Short() && cp > 500000 {
			continue
		}
		gotCP, w := racePerft(newRace(), d)
		den := new(big.Int).Exp(big.NewInt(36), big.NewInt(int64(d)), nil)
		gotE := new(big.Rat).SetFrac(new(big.Int).SetUint64(w), den)
		if gotCP != cp || gotE.Cmp(want) != 0 {
			t.Errorf("model depth %d: CP %d E %s; golden CP %d E %s", d, gotCP, gotE.RatString(), cp, want.RatString())
		}
		if cp > 500000 {
			continue
		}
		engCP, engE := g.ChancePerft(g.NewState(), d)
		if engCP != cp || engE.Cmp(want) != 0 {
			t.Errorf("engine depth %d: CP %d E %s; golden CP %d E %s", d, engCP, engE.RatString(), cp, want.RatString())
		}
	}
	if lines < 4 {
		t.Fatalf("golden has %d depths", lines)
	}
}

// Random games, the throws drawn by the engine (Game.Sample), agree with the
// model move for move: the outcomes offered and their weights, the
// decisions after each throw, who moves next and the result.
func TestDiceRaceRandomGamesMatchModel(t *testing.T) {
	g := loadFile(t, "../testdata/variants/dice-race.toml")
	throws, weights := raceThrows()
	rng := rand.New(rand.NewPCG(3, 5))
	games := 300
	if testing.Short() {
		games = 60
	}
	buf := make([]core.Move, 0, 64)
	cell := func(name string) int {
		i, ok := g.Board().Index(name)
		if !ok {
			t.Fatalf("no cell %q", name)
		}
		return i
	}
	for n := 0; n < games; n++ {
		s := g.NewState()
		p := newRace()
		for ply := 0; ; ply++ {
			buf = g.Settle(s, buf)
			if p.over {
				if len(buf) != 0 || !s.Over() {
					t.Fatalf("game %d ply %d: the model's game is over (%d wins), the engine's not", n, ply, p.winner)
				}
				if r := g.Result(s); r.Winner != p.winner {
					t.Fatalf("game %d: engine winner %d, model %d", n, r.Winner, p.winner)
				}
				break
			}
			if !g.AtChance(s) || g.ChanceEvent(s) != "throw" {
				t.Fatalf("game %d ply %d: no throw pending before a decision", n, ply)
			}
			if s.ToMove() != p.toMove {
				t.Fatalf("game %d ply %d: engine's thrower %d, model's %d", n, ply, s.ToMove(), p.toMove)
			}
			if len(buf) != len(throws) {
				t.Fatalf("game %d ply %d: %d outcomes, want 21", n, ply, len(buf))
			}
			for i, m := range buf {
				if got := g.Format(s, m); got != throws[i].String() || int64(g.ChanceWeight(s, m)) != weights[i] {
					t.Fatalf("outcome %d: %s weight %d, model %s weight %d", i, got, g.ChanceWeight(s, m), throws[i], weights[i])
				}
			}
			m := g.Sample(s, buf, rng)
			var th raceThrow
			fmt.Sscanf(g.Format(s, m), "%d-%d", &th.a, &th.b)
			if err := g.Play(s, m); err != nil {
				t.Fatal(err)
			}
			p.throwDice(th)
			ply0 := s.Ply()
			buf = g.Settle(s, buf)
			want := p.decisions()
			var got [][2]int
			for _, m := range buf {
				if m.IsPass() {
					continue
				}
				got = append(got, [2]int{m.From(), m.To()})
			}
			if len(want) == 0 && (len(buf) != 1 || !buf[0].IsPass()) {
				t.Fatalf("game %d ply %d, throw %s: the model passes, the engine offers %v", n, ply, th, buf)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d, throw %s: engine moves %v, model %v", n, ply, th, got, want)
			}
			k := rng.IntN(len(buf))
			if len(want) == 0 {
				p.decide(nil)
			} else {
				p.decide(&want[k])
				if g.Format(s, buf[k]) != fmt.Sprintf("%s-%s", g.Board().Cells[want[k][0]].Name, g.Board().Cells[want[k][1]].Name) {
					t.Fatalf("notation %q", g.Format(s, buf[k]))
				}
			}
			if err := g.Play(s, buf[k]); err != nil {
				t.Fatal(err)
			}
			if s.Ply() != ply0+1 {
				t.Fatalf("a decision is one ply: %d → %d", ply0, s.Ply())
			}
		}
	}
	_ = cell
}
