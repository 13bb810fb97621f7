package solve

import (
	"context"
	"fmt"
	"math"
	"time"
	"unsafe"

	"rulesmith/core"
)

// Variants with chance ([chance] events: dice) are solved by expectimax
// over their whole game graph: every position reachable from the root is
// enumerated once (a depth-first walk keyed by two independent hashes, the
// chance words included), then valued from the final positions up: a final
// position is worth its outcome for seat 0 (+1 won, 0 drawn, -1 lost), a
// decision by seat 0 the best of its children, by seat 1 the worst, a
// chance node the probability-weighted mean of its outcomes. The value is
// seat 0's expected outcome under perfect play by both seats, P(seat 0
// wins) − P(seat 1 wins). An acyclic graph is valued in one sweep in
// post-order, exactly up to float64 rounding; a graph whose positions
// repeat (passed throws bring a position back) is valued by sweeping again
// until no value moves by more than expectiEpsilon (value iteration; the
// games end with probability 1, so it converges).
//
// It refuses, with the reason and the limit, a graph that does not fit the
// memory budget (the key map, nodes and edges it holds, counted as it
// walks, so the refusal comes when the budget is reached, not after the
// whole graph), a line that reaches the ply limit, a value iteration whose
// rate of convergence says it would need more than expectiMaxWork edge
// updates (measured every few sweeps: rather than run for hours), and a
// value that does not settle within expectiMaxSweeps sweeps.
//
// A chance node's outcomes are its event's outcomes as the variant
// declares them: two-dice throws that the rules treat as one event (an
// unordered throw, ordered = false: 5-3 and 3-5 one outcome weighing 2/36,
// as Pachisi's readings 7.3 take it) are one edge, and dice the rules tell
// apart (ordered = true) are two edges of 1/36 each, even when they lead to
// the same decisions; the value is the same either way.

const (
	// expectiEpsilon is the largest change of a value in the last sweep of
	// a cyclic graph.
	expectiEpsilon = 1e-12
	// expectiMaxSweeps bounds the value iteration.
	expectiMaxSweeps = 100000
	// expectiRateSweeps is how many sweeps apart the rate of convergence
	// is measured.
	expectiRateSweeps = 8
	// expectiMapBytes is what one position's entry in the key map costs,
	// its share of the map's growth included; the nodes, the post-order
	// and the edges are counted by their slices' capacities.
	expectiMapBytes = 64
)

// BestReply is a decision of the root (or, when chance is to move at the
// root, the best decision after each outcome) with its value.
type BestReply struct {
	// Outcome is the chance outcome before the decision ("" when the root
	// is a decision).
	Outcome string
	// Move is the best decision ("" when the game ended with the outcome);
	// Value is seat 0's expected outcome after it.
	Move  string
	Value float64
}

// expectiMaxWork bounds the value iteration's predicted work, in edge
// updates (sweeps × edges): about a few minutes of sweeping. A variable so
// that tests can lower it.
var expectiMaxWork = 3e11

type enode struct {
	kind  uint8 // eFinal, eChance, eDecision
	seat  int8  // the seat to decide (eDecision)
	first int32 // its edges: edges[first : first+n]
	n     int32
	value float64
}

const (
	eFinal = iota
	eChance
	eDecision
)

type eedge struct {
	child int32
	p     float64 // probability (chance nodes)
}

type expecti struct {
	ctx   context.Context
	g     *core.Game
	key   keyer
	max   int64 // the memory budget, bytes
	ids   map[[2]uint64]int32
	nodes []enode
	edges []eedge
	post  []int32
	cycle bool
	count uint64
}

func (e *expecti) keyOf(s *core.State) [2]uint64 {
	return [2]uint64{s.Hash(), e.key.sumChance(s)}
}

// solveChance solves a variant with chance events (see above).
func solveChance(ctx context.Context, g *core.Game, s *core.State, opts Options) (Result, error) {
	start := time.Now()
	e := &expecti{ctx: ctx, g: g, key: newKeyer(g), ids: map[[2]uint64]int32{}}
	e.max = opts.MaxMemory
	root := s.Clone()
	if err := e.walk(root); err != nil {
		return Result{}, err
	}
	sweeps, err := e.value()
	if err != nil {
		return Result{}, err
	}
	res := Result{Method: "expectimax", Expected: e.nodes[0].value, Positions: len(e.nodes), Sweeps: sweeps,
		Acyclic: !e.cycle, Nodes: e.count, Elapsed: time.Since(start), Workers: 1, Endgame: -1}
	for _, n := range e.nodes {
		switch n.kind {
		case eChance:
			res.ChanceNodes++
		case eDecision:
			res.DecisionNodes++
		}
	}
	res.Best = e.best(root)
	return res, nil
}

type eframe struct {
	st    *core.State
	moves []core.Move
	next  int
	id    int32
	total float64
	kids  []eedge
}

// held returns the bytes the graph holds: the key map, the nodes, the
// post-order and the edges.
func (e *expecti) held() int64 {
	return int64(len(e.ids))*expectiMapBytes + int64(cap(e.nodes))*int64(unsafe.Sizeof(enode{})) +
		int64(cap(e.post))*4 + int64(cap(e.edges))*int64(unsafe.Sizeof(eedge{}))
}

// walk enumerates the positions reachable from root, depth first, and
// records each node's edges and the post-order.
func (e *expecti) walk(root *core.State) error {
	g := e.g
	var stack []*eframe
	var spare []*eframe
	push := func(st *core.State) error {
		var f *eframe
		if n := len(spare); n > 0 {
			f, spare = spare[n-1], spare[:n-1]
			f.st.CopyFrom(st)
		} else {
			f = &eframe{st: st.Clone()}
		}
		f.next, f.kids, f.total = 0, f.kids[:0], 0
		f.id = int32(len(e.nodes))
		if len(e.nodes)%1024 == 0 {
			if held := e.held(); held > e.max {
				return fmt.Errorf("solve: %s: the reachable positions do not fit the memory budget (%d MB): %d positions and %d edges held (%d MB) and the walk goes on; expectimax needs every reachable position of a chance game in memory: raise --max-memory or solve a smaller position (--set, --record)",
					g.Name(), e.max>>20, len(e.nodes), len(e.edges), held>>20)
			}
		}
		e.ids[e.keyOf(f.st)] = f.id
		e.nodes = append(e.nodes, enode{})
		f.moves = g.Settle(f.st, f.moves)
		nd := &e.nodes[f.id]
		switch {
		case len(f.moves) == 0:
			r := g.Result(f.st)
			if r.Timeout {
				return fmt.Errorf("solve: %s: a line reaches the ply limit (%d plies) and the game stops undecided, which has no outcome; expectimax needs games that always end", g.Name(), f.st.Ply())
			}
			nd.kind = eFinal
			switch r.Winner {
			case 0:
				nd.value = 1
			case 1:
				nd.value = -1
			}
		case g.AtChance(f.st):
			nd.kind = eChance
			for _, m := range f.moves {
				f.total += float64(g.ChanceWeight(f.st, m))
			}
		default:
			nd.kind = eDecision
			nd.seat = int8(f.st.ToMove())
		}
		stack = append(stack, f)
		return nil
	}
	onStack := map[int32]bool{}
	if err := push(root); err != nil {
		return err
	}
	onStack[0] = true
	child := root.Clone()
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		if f.next < len(f.moves) {
			m := f.moves[f.next]
			f.next++
			if e.count++; e.count%4096 == 0 {
				if err := e.ctx.Err(); err != nil {
					return fmt.Errorf("solve: %s: stopped (%w) after %d positions", g.Name(), err, len(e.nodes))
				}
			}
			child.CopyFrom(f.st)
			if err := g.Play(child, m); err != nil {
				return fmt.Errorf("solve: %s: %w", g.Name(), err)
			}
			p := 0.0
			if e.nodes[f.id].kind == eChance {
				p = float64(g.ChanceWeight(f.st, m)) / f.total
			}
			if id, ok := e.ids[e.keyOf(child)]; ok {
				if onStack[id] {
					e.cycle = true
				}
				f.kids = append(f.kids, eedge{id, p})
				continue
			}
			f.kids = append(f.kids, eedge{int32(len(e.nodes)), p})
			if err := push(child); err != nil {
				return err
			}
			onStack[stack[len(stack)-1].id] = true
			continue
		}
		nd := &e.nodes[f.id]
		nd.first, nd.n = int32(len(e.edges)), int32(len(f.kids))
		e.edges = append(e.edges, f.kids...)
		e.post = append(e.post, f.id)
		delete(onStack, f.id)
		stack = stack[:len(stack)-1]
		spare = append(spare, f)
	}
	return nil
}

// value values every node, sweeping in post-order; it returns the sweeps.
// On a cyclic graph it measures, every expectiRateSweeps sweeps, how fast
// the largest change shrinks, and gives up when the sweeps that rate
// still needs would cost more than expectiMaxWork edge updates.
func (e *expecti) value() (int, error) {
	last := 0.0 // the largest change expectiRateSweeps sweeps ago
	for sweep := 1; sweep <= expectiMaxSweeps; sweep++ {
		delta := 0.0
		for _, id := range e.post {
			nd := &e.nodes[id]
			var v float64
			kids := e.edges[nd.first : nd.first+nd.n]
			switch nd.kind {
			case eFinal:
				continue
			case eChance:
				for _, k := range kids {
					v += k.p * e.nodes[k.child].value
				}
			case eDecision:
				v = e.nodes[kids[0].child].value
				for _, k := range kids[1:] {
					if x := e.nodes[k.child].value; (nd.seat == 0) == (x > v) && x != v {
						v = x
					}
				}
			}
			delta = math.Max(delta, math.Abs(v-nd.value))
			nd.value = v
		}
		if !e.cycle || delta <= expectiEpsilon {
			return sweep, nil
		}
		if sweep%expectiRateSweeps == 0 {
			if last > 0 && sweep > expectiRateSweeps {
				rate := math.Pow(delta/last, 1.0/expectiRateSweeps) // per sweep
				more := math.Inf(1)
				if rate < 1 {
					more = math.Ceil(math.Log(expectiEpsilon/delta) / math.Log(rate))
				}
				if work := (float64(sweep) + more) * float64(len(e.edges)); work > expectiMaxWork {
					return sweep, fmt.Errorf("solve: %s: the values converge too slowly (positions repeat through chance): after %d sweeps over %d positions and %d edges they still move by %.3g, shrinking by a factor %.6f a sweep, so about %.3g more sweeps (%.3g edge updates, more than %.3g); expectimax gives up rather than run for hours: solve a smaller position (--set, --record)",
						e.g.Name(), sweep, len(e.nodes), len(e.edges), delta, rate, more, work, expectiMaxWork)
				}
			}
			last = delta
		}
		if err := e.ctx.Err(); err != nil {
			return sweep, fmt.Errorf("solve: %s: stopped (%w) after %d sweeps", e.g.Name(), err, sweep)
		}
	}
	return expectiMaxSweeps, fmt.Errorf("solve: %s: the values still move by more than %g after %d sweeps (positions repeat through chance); expectimax gives up", e.g.Name(), expectiEpsilon, expectiMaxSweeps)
}

// best lists the root's best decisions: after each outcome when chance is
// to move at the root, else the root's own.
func (e *expecti) best(root *core.State) []BestReply {
	g := e.g
	st := root.Clone()
	moves := g.Settle(st, nil)
	if len(moves) == 0 {
		return nil
	}
	if !g.AtChance(st) {
		m, v := e.bestMove(st, moves)
		return []BestReply{{Move: m, Value: v}}
	}
	var out []BestReply
	for _, o := range moves {
		c := st.Clone()
		if err := g.Play(c, o); err != nil {
			continue
		}
		r := BestReply{Outcome: g.Format(st, o)}
		id := e.ids[e.keyOf(c)]
		ms := g.Settle(c, nil)
		switch {
		case len(ms) == 0 || g.AtChance(c):
			r.Value = e.nodes[id].value
		default:
			r.Move, r.Value = e.bestMove(c, ms)
		}
		out = append(out, r)
	}
	return out
}

// bestMove returns the best of moves for the seat to move in st and its
// value (ties: the first in generation order).
func (e *expecti) bestMove(st *core.State, moves []core.Move) (string, float64) {
	g := e.g
	best, bv := "", 0.0
	for _, m := range moves {
		c := st.Clone()
		if err := g.Play(c, m); err != nil {
			continue
		}
		v := e.nodes[e.ids[e.keyOf(c)]].value
		if best == "" || (st.ToMove() == 0 && v > bv) || (st.ToMove() == 1 && v < bv) {
			best, bv = g.Format(st, m), v
		}
	}
	return best, bv
}
