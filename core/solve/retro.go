package solve

import (
	"fmt"
	"math"

	"rulesmith/core"
)

// Retrograde analysis over the reachable positions, for games whose
// positions can repeat (and, to count them, for small acyclic ones).
//
// The positions reachable from the root are found breadth first, each
// named by its two hashes and numbered, with its moves' successors. Then
// the outcomes are settled backwards from the finished positions: a
// position is won for its seat to move as soon as one move leads to a
// position lost for the seat to move there (or won, when the move earns
// another turn), lost once every move leads to a position won for the
// other seat, and drawn once every move is settled, none wins and one
// draws. What is still unsettled at the end can be played forever by
// both seats without either being able to force a win: the game goes on
// until the ply limit stops it undecided, which counts as a draw. Each
// settled position keeps the number of plies to its end under best play
// (the winner hurries, the loser delays), so a principal line always
// makes progress.
//
// Every position costs its map entry, its successors and predecessors,
// and, while it waits to be expanded, its State; the total is held within
// the memory budget, or the analysis stops with an error saying how many
// positions it had reached.

// outcome of a position for its seat to move.
const (
	unsettled = iota
	won
	lost
	drawn
)

// retroBytes is what a position costs besides its edges and waiting
// state: its map entry (two hashes, an index, the map's overhead), seat,
// outcome, distance, counters and offsets.
const retroBytes = 64
const retroEdgeBytes = 8 // an edge: one successor and one predecessor index

type retroResult struct {
	// Value is the outcome for seat 0: +1 won, -1 lost, 0 drawn.
	Value                          int
	Positions, Wins, Losses, Draws int
	Line                           []core.Move
	Notation                       []string
}

type retro struct {
	w      *worker
	g      *core.Game
	index  map[[2]uint64]int32
	mover  []int8
	out    []int8
	dist   []int32
	succ   []int32
	off    []int32 // succ[off[i]:off[i+1]] are i's successors
	bytes  int64
	budget int64
}

// retrograde solves root by retrograde analysis within budget bytes.
func (w *worker) retrograde(root *core.State, budget int64) retroResult {
	sv := w.sv
	g := sv.g
	r := &retro{w: w, g: g, index: map[[2]uint64]int32{}, budget: budget}
	sv.retro = r
	defer func() { sv.retro = nil }()
	first := g.NewState()
	first.CopyFrom(root)
	queue := []*core.State{first}
	r.add(root)
	r.off = append(r.off, 0)
	var moves []core.Move
	tmp := g.NewState()
	held := int64(root.Bytes())
	for i := 0; i < len(queue); i++ {
		st := queue[i]
		queue[i] = nil
		held -= int64(st.Bytes())
		w.nodes++
		if w.nodes >= w.nextCheck {
			w.check()
		}
		moves = g.Settle(st, moves[:0])
		if len(moves) == 0 {
			res := g.Result(st)
			if res.Timeout {
				w.fail(fmt.Errorf("solve: %s: a position is first reached at ply %d, the ply limit; retrograde analysis needs the positions nearer the start", g.Name(), st.Ply()))
			}
			switch {
			case res.Winner < 0:
				r.out[i] = drawn
			case res.Winner == st.ToMove():
				r.out[i] = won
			default:
				r.out[i] = lost
			}
		}
		for _, m := range moves {
			c := tmp
			c.CopyFrom(st)
			if err := g.Play(c, m); err != nil {
				w.fail(fmt.Errorf("solve: %s: move %s: %v", g.Name(), g.Format(st, m), err))
			}
			k := [2]uint64{c.Hash(), sv.key.sum(c)}
			j, ok := r.index[k]
			if !ok {
				j = r.add(c)
				// The waiting copy has no expression environment: tmp
				// keeps the one Play made.
				q := g.NewState()
				q.CopyFrom(c)
				queue = append(queue, q)
				held += int64(q.Bytes())
			}
			r.succ = append(r.succ, j)
			r.bytes += retroEdgeBytes
		}
		r.off = append(r.off, int32(len(r.succ)))
		if r.bytes+held > r.budget {
			w.fail(fmt.Errorf("solve: %s: retrograde analysis holds %s MB at %d reachable positions (%d waiting to be expanded), more than --max-memory allows (%s MB); give more memory or a smaller variant",
				g.Name(), mbString(r.bytes+held), len(r.mover), len(queue)-i-1, mbString(r.budget)))
		}
		if len(r.mover) >= math.MaxInt32-1 {
			w.fail(fmt.Errorf("solve: %s: more than %d reachable positions", g.Name(), math.MaxInt32-1))
		}
	}
	r.settle()
	res := retroResult{Positions: len(r.out)}
	for _, o := range r.out {
		switch o {
		case won:
			res.Wins++
		case lost:
			res.Losses++
		default:
			res.Draws++
		}
	}
	switch o := r.out[0]; {
	case o == drawn || o == unsettled:
		res.Value = 0
	case (o == won) == (r.mover[0] == 0):
		res.Value = 1
	default:
		res.Value = -1
	}
	res.Line, res.Notation = r.principal(root)
	return res
}

func (r *retro) add(st *core.State) int32 {
	j := int32(len(r.mover))
	r.index[[2]uint64{st.Hash(), r.w.sv.key.sum(st)}] = j
	r.mover = append(r.mover, int8(st.ToMove()))
	r.out = append(r.out, unsettled)
	r.dist = append(r.dist, 0)
	r.bytes += retroBytes
	return j
}

// settle propagates the outcomes from the finished positions.
func (r *retro) settle() {
	n := len(r.mover)
	// predecessors, as a second CSR
	poff := make([]int32, n+1)
	for _, j := range r.succ {
		poff[j+1]++
	}
	for i := 0; i < n; i++ {
		poff[i+1] += poff[i]
	}
	pred := make([]int32, len(r.succ))
	fill := append([]int32(nil), poff[:n]...)
	left := make([]int32, n) // successors not yet settled (or settled without deciding)
	draws := make([]bool, n) // a settled successor draws
	queue := make([]int32, 0, n)
	for i := 0; i < n; i++ {
		for _, j := range r.succ[r.off[i]:r.off[i+1]] {
			pred[fill[j]] = int32(i)
			fill[j]++
		}
		left[i] = r.off[i+1] - r.off[i]
		if r.out[i] != unsettled {
			queue = append(queue, int32(i))
		}
	}
	for q := 0; q < len(queue); q++ {
		c := queue[q]
		r.w.nodes++
		if r.w.nodes >= r.w.nextCheck {
			r.w.check()
		}
		for _, p := range pred[poff[c]:poff[c+1]] {
			if r.out[p] != unsettled {
				continue
			}
			o := r.out[c]
			if r.mover[p] != r.mover[c] {
				switch o {
				case won:
					o = lost
				case lost:
					o = won
				}
			}
			switch o {
			case won:
				r.out[p], r.dist[p] = won, r.dist[c]+1
				queue = append(queue, p)
				continue
			case drawn:
				draws[p] = true
			}
			// each edge p→c is met once per time c appears among p's
			// successors, so duplicates count down once each
			left[p]--
			if left[p] == 0 {
				r.out[p], r.dist[p] = lost, r.dist[c]+1
				if draws[p] {
					r.out[p] = drawn
				}
				queue = append(queue, p)
			}
		}
	}
	for i := range r.out {
		if r.out[i] == unsettled {
			r.out[i] = drawn
			r.dist[i] = -1 // endless
		}
	}
}

// principal plays from root the moves that keep the outcome: the fastest
// win, the slowest loss, a draw; a drawn line stops where it comes back to
// a position.
func (r *retro) principal(root *core.State) ([]core.Move, []string) {
	g := r.g
	st := root.Clone()
	var line []core.Move
	var text []string
	seen := map[int32]bool{}
	for len(line) < 1000 {
		i := r.find(st)
		if seen[i] {
			break
		}
		seen[i] = true
		moves := g.Settle(st, nil)
		if len(moves) == 0 {
			break
		}
		best, bestKey := -1, 0
		var next *core.State
		for k, m := range moves {
			c := st.Clone()
			if err := g.Play(c, m); err != nil {
				break
			}
			j := r.find(c)
			o := r.out[j]
			if r.mover[j] != r.mover[i] {
				switch o {
				case won:
					o = lost
				case lost:
					o = won
				}
			}
			if o != r.out[i] {
				continue
			}
			key := int(r.dist[j])
			if o == won {
				key = -key // fastest win
			}
			if o == drawn {
				key = 0
			}
			if best < 0 || key > bestKey {
				best, bestKey, next = k, key, c
			}
		}
		if best < 0 {
			break
		}
		line = append(line, moves[best])
		text = append(text, g.Format(st, moves[best]))
		st = next
	}
	return line, text
}

func (r *retro) find(st *core.State) int32 {
	return r.index[[2]uint64{st.Hash(), r.w.sv.key.sum(st)}]
}
