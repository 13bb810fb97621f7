package core

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
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
//
// The chance nodes met in a row (the cards of one deal) must not make more
// than DefaultChanceBudget outcome sequences: a count that would is
// refused, not begun (s.Limit() then says so, and cp is 0). Fix the
// outcomes with ChancePerftWith.
func (g *Game) ChancePerft(s *State, depth int) (cp uint64, e *big.Rat) {
	cp, e, err := g.ChancePerftWith(s, depth, ChanceOptions{})
	if err != nil && s.limit == nil {
		s.limit = err
	}
	return cp, e
}

// DefaultChanceBudget is the most outcome sequences the chance nodes met in
// a row may make in a chance perft (ChanceOptions.Budget): a throw of two
// dice is 21, a deal of ten cards from a pack of 52 is 52·51·…·43 ≈ 5.7·10¹⁶.
const DefaultChanceBudget = 1 << 20

// ChanceOptions fixes the chance outcomes of a chance perft and bounds it.
// With Fixed or Seeded set, every line meets the same outcomes in the same
// order, and a perft counts the decisions of one deal (traditional-readings.md
// A.10: chance events are not plies): CP and E are then the number of
// decision sequences.
type ChanceOptions struct {
	// Fixed lists outcomes as records write them ("deal=5H", or "5H"
	// without the event's word): the k-th chance node of every line gets
	// the k-th. Past them a line counts 0, unless Seeded.
	Fixed []string
	// Seeded: past Fixed, the k-th chance node of a line draws its outcome
	// by weight from a generator seeded by (Seed, k).
	Seeded bool
	Seed   uint64
	// Budget bounds the outcome sequences of the chance nodes met in a row
	// when they are not fixed (0: DefaultChanceBudget).
	Budget uint64
}

// ChancePerftWith is ChancePerft with the chance outcomes fixed or the
// budget set by o. The error says why a count was refused: too many
// outcome sequences in a row, or a fixed outcome that is not one.
func (g *Game) ChancePerftWith(s *State, depth int, o ChanceOptions) (cp uint64, e *big.Rat, err error) {
	if depth <= 0 {
		return 1, big.NewRat(1, 1), nil
	}
	if o.Budget == 0 {
		o.Budget = DefaultChanceBudget
	}
	p := &chancePerft{g: g, o: o}
	work := s.Clone()
	cp, e = p.rec(depth, 0, work, 1, 0)
	if p.err != nil {
		return 0, new(big.Rat), p.err
	}
	for _, st := range append(p.snaps, work) {
		if err := st.Limit(); err != nil && s.limit == nil {
			s.limit = err
		}
	}
	return cp, e, nil
}

type chancePerft struct {
	g *Game
	o ChanceOptions
	// per recursion level (chance nodes add levels without taking a ply)
	bufs  [][]Move
	snaps []*State
	// chain: the outcome counts of the chance nodes met in a row so far
	chain []int
	err   error
}

func (p *chancePerft) level(k int, s *State) ([]Move, *State) {
	for len(p.bufs) <= k {
		p.bufs = append(p.bufs, make([]Move, 0, 64))
		p.snaps = append(p.snaps, s.Clone())
	}
	return p.bufs[k], p.snaps[k]
}

// fixed returns the fixed outcome of the nc-th chance node of a line among
// moves, or ok = false when the outcomes are not fixed there.
func (p *chancePerft) fixed(st *State, moves []Move, nc int) (m Move, ok bool) {
	g := p.g
	if nc < len(p.o.Fixed) {
		want := p.o.Fixed[nc]
		var names []string
		for _, m := range moves {
			f := g.Format(st, m)
			_, bare, _ := strings.Cut(f, "=")
			if strings.EqualFold(f, want) || strings.EqualFold(bare, want) {
				return m, true
			}
			names = append(names, f)
		}
		if p.err == nil {
			p.err = fmt.Errorf("core: chance perft: fixed outcome %d, %q, is no outcome of its chance node (outcomes: %s)", nc+1, want, strings.Join(names, " "))
		}
		return 0, true
	}
	if p.o.Seeded {
		rng := rand.New(rand.NewPCG(p.o.Seed, uint64(nc)))
		return g.Sample(st, moves, rng), true
	}
	return 0, false
}

// rec returns CP and E of d plies from st, k being the recursion level,
// chain the product of the outcome counts of the chance nodes met in a row
// before st, nc the chance nodes on the line so far.
func (p *chancePerft) rec(d, k int, st *State, chain uint64, nc int) (uint64, *big.Rat) {
	if d == 0 {
		return 1, big.NewRat(1, 1)
	}
	if p.err != nil {
		return 0, new(big.Rat)
	}
	g := p.g
	buf, child := p.level(k, st)
	moves := g.Settle(st, buf)
	p.bufs[k] = moves
	if len(moves) == 0 {
		return 0, new(big.Rat)
	}
	if st.buf[hChance] != 0 {
		if m, ok := p.fixed(st, moves, nc); ok {
			if p.err != nil {
				return 0, new(big.Rat)
			}
			child.CopyFrom(st)
			if err := g.Play(child, m); err != nil {
				return 0, new(big.Rat)
			}
			return p.rec(d, k+1, child, 1, nc+1)
		}
		if len(p.o.Fixed) > 0 {
			return 0, new(big.Rat) // past the fixed outcomes
		}
		if chain > p.o.Budget/uint64(len(moves)) {
			p.refuse(st, len(moves))
			return 0, new(big.Rat)
		}
		p.chain = append(p.chain, len(moves))
		defer func() { p.chain = p.chain[:len(p.chain)-1] }()
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
			c, x := p.rec(d, k+1, child, chain*uint64(len(moves)), nc+1)
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
		c, x := p.rec(d-1, k+1, child, 1, nc)
		cp += c
		e.Add(e, x)
	}
	return cp, e
}

// refuse records why the count stops: the chance nodes in a row, with the
// one of n outcomes in st, pass the budget.
func (p *chancePerft) refuse(st *State, n int) {
	counts := make([]string, 0, len(p.chain)+1)
	for _, c := range p.chain {
		counts = append(counts, fmt.Sprint(c))
	}
	counts = append(counts, fmt.Sprint(n))
	name := ""
	if ev := int(st.buf[hChance]) - 1; ev >= 0 && ev < len(p.g.chance) {
		name = fmt.Sprintf(" (%s)", p.g.chance[ev].base().name)
	}
	p.err = fmt.Errorf("core: chance perft: a chance node with %d outcomes%s, %d in a row (%s outcomes), makes more than %d outcome sequences; fix the outcomes (perft --deal OUTCOMES, or --seed S)",
		n, name, len(counts), strings.Join(counts, "·"), p.o.Budget)
}

// FormatExpected writes an expected count: the reduced fraction, and a
// decimal when it is not a whole number ("1587.25 = 6349/4").
func FormatExpected(e *big.Rat) string {
	if e.IsInt() {
		return e.Num().String()
	}
	return fmt.Sprintf("%s = %s", e.FloatString(6), e.String())
}
