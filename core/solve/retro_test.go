package solve

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// konoModel is an independent model of testdata/solve/kono-3x3.toml (Four
// Field Kono's rules on a 3×3 board, two marbles a side): a move steps a
// marble to an orthogonally adjacent empty point, or jumps it over an
// orthogonally adjacent marble of its own onto an enemy marble just
// beyond, which is taken; a seat that cannot move loses; as soon as a seat
// has one marble left the game ends and the seat with more marbles wins.
// Positions are the nine points (a1 b1 c1 a2 … c3) and the seat to move.
type konoPos struct {
	cells [9]byte // 0 empty, 'W', 'B'
	white bool    // white to move
}

func (p konoPos) count(c byte) int {
	n := 0
	for _, x := range p.cells {
		if x == c {
			n++
		}
	}
	return n
}

func (p konoPos) over() bool { return p.count('W') <= 1 || p.count('B') <= 1 }

func (p konoPos) next() []konoPos {
	me, foe := byte('B'), byte('W')
	if p.white {
		me, foe = 'W', 'B'
	}
	var out []konoPos
	for i, x := range p.cells {
		if x != me {
			continue
		}
		r, c := i/3, i%3
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			r1, c1 := r+d[0], c+d[1]
			if r1 < 0 || r1 > 2 || c1 < 0 || c1 > 2 {
				continue
			}
			j := r1*3 + c1
			if p.cells[j] == 0 {
				q := p
				q.cells[i], q.cells[j], q.white = 0, me, !p.white
				out = append(out, q)
				continue
			}
			r2, c2 := r+2*d[0], c+2*d[1]
			if p.cells[j] == me && r2 >= 0 && r2 <= 2 && c2 >= 0 && c2 <= 2 && p.cells[r2*3+c2] == foe {
				q := p
				q.cells[i], q.cells[r2*3+c2], q.white = 0, me, !p.white
				out = append(out, q)
			}
		}
	}
	return out
}

// konoSolve walks every reachable position and settles outcomes by
// iterating to a fixed point (not the engine's queue): won if a move
// leads to a position lost for the other seat, lost if every move leads
// to one won for it; what never settles is drawn.
func konoSolve(start konoPos) (value int, outcome map[konoPos]int) {
	const w, l, d = 1, 2, 3
	kids := map[konoPos][]konoPos{}
	stack := []konoPos{start}
	kids[start] = nil
	order := []konoPos{start}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.over() {
			continue
		}
		ks := p.next()
		kids[p] = ks
		for _, k := range ks {
			if _, ok := kids[k]; !ok {
				kids[k] = nil
				order = append(order, k)
				stack = append(stack, k)
			}
		}
	}
	outcome = map[konoPos]int{}
	for _, p := range order {
		me, foe := byte('B'), byte('W')
		if p.white {
			me, foe = 'W', 'B'
		}
		switch {
		case p.over() && p.count(me) > p.count(foe):
			outcome[p] = w
		case p.over() && p.count(me) < p.count(foe):
			outcome[p] = l
		case p.over():
			outcome[p] = d
		case len(kids[p]) == 0:
			outcome[p] = l // cannot move
		}
	}
	for changed := true; changed; {
		changed = false
		for _, p := range order {
			if outcome[p] != 0 {
				continue
			}
			all := true
			for _, k := range kids[p] {
				if outcome[k] == l {
					outcome[p], changed = w, true
					break
				}
				all = all && outcome[k] == w
			}
			if outcome[p] == 0 && all {
				outcome[p], changed = l, true
			}
		}
	}
	for _, p := range order {
		if outcome[p] == 0 {
			outcome[p] = d
		}
	}
	switch outcome[start] {
	case w:
		value = 1
	case l:
		value = -1
	}
	return value, outcome
}

// A game whose positions repeat is solved by retrograde analysis, and its
// value, its reachable positions and their outcomes agree with the
// independent model, from the start and from positions of random games.
func TestRetrogradeAgreesWithModel(t *testing.T) {
	data, err := os.ReadFile("../../testdata/solve/kono-3x3.toml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := core.LoadBytes("kono-3x3.toml", data, core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	start := konoPos{white: true}
	for _, c := range []string{"a1", "b1"} {
		start.cells[cellIndex(c)] = 'W'
	}
	for _, c := range []string{"b3", "c3"} {
		start.cells[cellIndex(c)] = 'B'
	}
	// Positions to solve from: the start, and the first positions of
	// random games that the model finds decided (won or lost for the seat
	// to move) or drawn.
	_, all := konoSolve(start)
	type origin struct {
		s *core.State
		p konoPos
	}
	cases := []origin{{g.NewState(), start}}
	rng := rand.New(rand.NewPCG(3, 4))
	decided, drawn := 0, 0
	for game := 0; game < 200 && (decided < 4 || drawn < 2); game++ {
		s, p := g.NewState(), start
		for ply := 0; ply < 40 && !p.over(); ply++ {
			moves := g.Settle(s, nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			text := g.Format(s, m)
			if err := g.Play(s, m); err != nil {
				t.Fatal(err)
			}
			from, to := cellIndex(text[:2]), cellIndex(text[len(text)-2:])
			p.cells[to], p.cells[from], p.white = p.cells[from], 0, !p.white
			if p.over() {
				break
			}
			if o := all[p]; o != 3 && decided < 4 {
				cases, decided = append(cases, origin{s.Clone(), p}), decided+1
				break
			} else if o == 3 && ply > 6 && drawn < 2 {
				cases, drawn = append(cases, origin{s.Clone(), p}), drawn+1
				break
			}
		}
	}
	if decided < 4 {
		t.Fatalf("random games found %d decided positions", decided)
	}
	for _, c := range cases {
		s, p := c.s, c.p
		line := p
		want, outcome := konoSolve(p)
		wins, losses, draws := 0, 0, 0
		for _, o := range outcome {
			switch o {
			case 1:
				wins++
			case 2:
				losses++
			default:
				draws++
			}
		}
		r, err := Solve(context.Background(), g, s, Options{CacheDir: "-"})
		if err != nil {
			t.Fatal(err)
		}
		// the model's value is for the seat to move; Solve's for white
		if !p.white {
			want = -want
		}
		if r.Method != "retrograde" || !r.Counted {
			t.Fatalf("from %v: method %s, counted %v", line, r.Method, r.Counted)
		}
		if r.Value != want || r.Positions != len(outcome) || r.Wins != wins || r.Losses != losses || r.Draws != draws {
			t.Fatalf("after %v: value %d, %d positions (%d won, %d lost, %d drawn); the model: %d, %d (%d, %d, %d)",
				line, r.Value, r.Positions, r.Wins, r.Losses, r.Draws, want, len(outcome), wins, losses, draws)
		}
		// the line is legal and, for a decided game, ends it with the value
		st := s.Clone()
		for i, m := range r.Line {
			if g.Format(st, m) != r.Notation[i] {
				t.Fatalf("line notation")
			}
			if err := g.Play(st, m); err != nil {
				t.Fatalf("line move %d: %v", i, err)
			}
		}
		if want != 0 {
			res := g.Result(st)
			if !res.Over || (res.Winner == 0) != (want > 0) {
				t.Fatalf("after %v: the line %v ends %s, value %d", line, r.Notation, g.ResultString(res), want)
			}
		}
	}
}

func cellIndex(name string) int { return int(name[1]-'1')*3 + int(name[0]-'a') }

// A small acyclic game is counted too; the counts agree with a plain walk.
func TestAcyclicCounted(t *testing.T) {
	g := load(t, "mancala/egyptian", "pits=2", "seeds=2")
	r := solveOK(t, g, g.NewState())
	if r.Method != "search" || !r.Counted {
		t.Fatalf("method %s, counted %v", r.Method, r.Counted)
	}
	seen := map[[2]uint64]bool{}
	key := newKeyer(g)
	var walk func(s *core.State)
	walk = func(s *core.State) {
		k := [2]uint64{s.Hash(), key.sum(s)}
		if seen[k] {
			return
		}
		seen[k] = true
		for _, m := range g.Settle(s, nil) {
			c := s.Clone()
			if err := g.Play(c, m); err != nil {
				t.Fatal(err)
			}
			walk(c)
		}
	}
	walk(g.NewState())
	if r.Positions != len(seen) || r.Wins+r.Losses+r.Draws != r.Positions {
		t.Fatalf("%d positions (%d+%d+%d), a walk finds %d", r.Positions, r.Wins, r.Losses, r.Draws, len(seen))
	}
}
