package core

import (
	"fmt"
	"math/big"
)

// ChancePerft is perft over chance nodes, as the readings define it
// (traditional-readings.md 7.9): a ply is the chance events due before a
// decision (a throw) followed by that decision, and
//
//   - cp, the chance perft CP(depth), counts the sequences (outcome₁,
//     decision₁, …, outcome_depth, decision_depth) from s, each outcome of
//     an event counted once, unweighted;
//   - e, the expected version E(depth), is the same sum with each outcome
//     weighted by its probability: the expected number of decision
//     sequences when the events are really played. It is exact.
//
// CP(0) = E(0) = 1; a finished game contributes 0 at every greater depth.
// The chance events of the start of a ply (also several, or one repeated,
// as a deal) all belong to it. A variant without chance gives Perft for
// both. s is left as it was.
func (g *Game) ChancePerft(s *State, depth int) (cp uint64, e *big.Rat) {
	if depth <= 0 {
		return 1, big.NewRat(1, 1)
	}
	p := &chancePerft{g: g}
	work := s.Clone()
	cp, e = p.rec(depth, 0, work)
	for _, st := range append(p.snaps, work) {
		if err := st.Limit(); err != nil && s.limit == nil {
			s.limit = err
		}
	}
	return cp, e
}

type chancePerft struct {
	g *Game
	// per recursion level (chance nodes add levels without taking a ply)
	bufs  [][]Move
	snaps []*State
}

func (p *chancePerft) level(k int, s *State) ([]Move, *State) {
	for len(p.bufs) <= k {
		p.bufs = append(p.bufs, make([]Move, 0, 64))
		p.snaps = append(p.snaps, s.Clone())
	}
	return p.bufs[k], p.snaps[k]
}

// rec returns CP and E of d plies from st, k being the recursion level.
func (p *chancePerft) rec(d, k int, st *State) (uint64, *big.Rat) {
	if d == 0 {
		return 1, big.NewRat(1, 1)
	}
	g := p.g
	buf, child := p.level(k, st)
	moves := g.Settle(st, buf)
	p.bufs[k] = moves
	if len(moves) == 0 {
		return 0, new(big.Rat)
	}
	if st.buf[hChance] != 0 {
		total := int64(0)
		for _, m := range moves {
			total += int64(g.ChanceWeight(st, m))
		}
		var cp uint64
		e := new(big.Rat)
		w := new(big.Rat)
		for _, m := range moves {
			child.CopyFrom(st)
			if err := g.Play(child, m); err != nil {
				continue
			}
			c, x := p.rec(d, k+1, child)
			cp += c
			w.SetFrac64(int64(g.ChanceWeight(st, m)), total)
			e.Add(e, w.Mul(w, x))
		}
		return cp, e
	}
	if d == 1 {
		// every decision ends a sequence: no need to play them
		return uint64(len(moves)), new(big.Rat).SetInt64(int64(len(moves)))
	}
	var cp uint64
	e := new(big.Rat)
	for _, m := range moves {
		child.CopyFrom(st)
		if err := g.Play(child, m); err != nil {
			continue
		}
		c, x := p.rec(d-1, k+1, child)
		cp += c
		e.Add(e, x)
	}
	return cp, e
}

// FormatExpected writes an expected count: the reduced fraction, and a
// decimal when it is not a whole number ("1587.25 = 6349/4").
func FormatExpected(e *big.Rat) string {
	if e.IsInt() {
		return e.Num().String()
	}
	return fmt.Sprintf("%s = %s", e.FloatString(6), e.String())
}
