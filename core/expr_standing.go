// This file holds the standing functions of expressions: how a seat stands
// against the other seats still playing (fewest_others, most_others: a
// count of what each holds), whether it can take a piece now (can_take),
// and whether the others could at the start of their latest turns
// (others_could_take). A rule written "fewer pieces in reserve than each
// opponent" or "nobody could capture last round" reads them. The last is
// history: when an expression calls it, the State keeps one word per seat,
// set as the seat begins each ply (Game.play) and hashed. Each function
// also has a native form (nativeStanding), so a condition built from them
// runs without the expression VM and allocates nothing.

package core

import (
	"math"

	"github.com/expr-lang/expr/ast"
)

// standingFuncs are the standing functions (registered with posFuncs).
var standingFuncs = []*posFunc{
	{name: "fewest_others", doc: `fewest_others(what): the least count of what among the other seats still playing ("hand", "board": pieces on the board, or a per-seat zone's name); a large number when none plays`,
		args: []argKind{argMeasure}, bind: func(g *Game, h *envHolder) any {
			return func(what string) int {
				if h.st == nil {
					return 0
				}
				return g.othersExtreme(h.st, h.seat, g.measureOf(what), false)
			}
		}},
	{name: "most_others", doc: `most_others(what): the greatest count of what among the other seats still playing (as fewest_others); -1 when none plays`,
		args: []argKind{argMeasure}, bind: func(g *Game, h *envHolder) any {
			return func(what string) int {
				if h.st == nil {
					return 0
				}
				return g.othersExtreme(h.st, h.seat, g.measureOf(what), true)
			}
		}},
	{name: "held", doc: `held(what): the seat's own count of what (as fewest_others)`,
		args: []argKind{argMeasure}, bind: func(g *Game, h *envHolder) any {
			return func(what string) int {
				if h.st == nil {
					return 0
				}
				return g.measure(h.st, h.seat, g.measureOf(what))
			}
		}},
	{name: "can_take", doc: "can_take(): the seat has a move of the phase that takes a piece (with one of its own pieces, when a slide may also move neutral ones)",
		bind: func(g *Game, h *envHolder) any {
			return func() bool { return h.st != nil && g.canTake(h.st, h.seat) }
		}},
	{name: "others_could_take", doc: "others_could_take(): how many other seats still playing had a move that takes a piece at the start of their latest turn (a seat yet to play had none)",
		bind: func(g *Game, h *envHolder) any {
			return func() int {
				if h.st == nil {
					return 0
				}
				return g.othersTook(h.st, h.seat)
			}
		}},
}

func init() { posFuncs = append(posFuncs, standingFuncs...) }

// Measures: what a standing function counts.
const (
	measureBoard = -2 // pieces on the board
	measureNone  = -3 // an unknown name: 0
)

// measureOf resolves what: a zone's index (the hand is 0), measureBoard or
// measureNone.
func (g *Game) measureOf(what string) int {
	if what == "board" {
		return measureBoard
	}
	if z, ok := g.ZoneIndex(what); ok {
		return z
	}
	return measureNone
}

// measure returns seat's count of m.
func (g *Game) measure(s *State, seat, m int) int {
	switch {
	case seat < 0 || seat >= len(g.seats) || m == measureNone:
		return 0
	case m == measureBoard:
		return s.countPieces(seat, -1)
	}
	return s.zoneSize(g.zoneInst(m, seat))
}

// othersExtreme returns the least (or, most set, the greatest) count of m
// among the seats other than seat still playing.
func (g *Game) othersExtreme(s *State, seat, m int, most bool) int {
	out := math.MaxInt32
	if most {
		out = -1
	}
	for o := range g.seats {
		if o == seat || s.Eliminated(o) {
			continue
		}
		v := g.measure(s, o, m)
		if most && v > out || !most && v < out {
			out = v
		}
	}
	return out
}

// canTake reports whether seat has a move of the current phase that takes
// a piece (by the rules that count their captures).
func (g *Game) canTake(s *State, seat int) bool {
	if seat < 0 || seat >= len(g.seats) {
		return false
	}
	me := s.ToMove()
	if me != seat {
		s.setToMove(seat)
		defer s.setToMove(me)
	}
	for _, ri := range g.phases[s.buf[hPhase]].rules {
		if sr, ok := g.rules[ri].(*slideRule); ok && sr.takeWalk && !sr.attackOnly && sr.own {
			// walk the rays from the seat's pieces to the first capture
			// (its own: a neutral piece it may move is not counted)
			for _, p := range g.seatPieces[seat] {
				if c := s.PieceCell(int(p)); c >= 0 && s.Top(c) == int(p) && (sr.fromCells == nil || sr.fromCells[seat][c]) {
					if _, found := sr.walkTargets(s, c, nil, true); found {
						return true
					}
				}
			}
			continue
		}
		cc, ok := g.rules[ri].(captureCounter)
		if !ok {
			continue
		}
		s.takeBuf = g.rules[ri].gen(s, s.takeBuf[:0])
		for _, m := range s.takeBuf {
			if cc.captured(s, m) > 0 {
				return true
			}
		}
	}
	return false
}

// othersTook counts the seats other than seat still playing that could
// take at the start of their latest turn.
func (g *Game) othersTook(s *State, seat int) int {
	if g.lay.took == 0 {
		return 0
	}
	n := 0
	for o := range g.seats {
		if o != seat && !s.Eliminated(o) && s.buf[g.lay.took+o] != 0 {
			n++
		}
	}
	return n
}

// tookKey is the hash key of a seat that could take at the start of its
// latest turn.
func tookKey(seat int) uint64 { return mix(uint64(seat) | 0x7b<<52) }

// recordTake notes, as seat begins its ply, whether it can take.
func (g *Game) recordTake(s *State, seat int) {
	v := int32(0)
	if g.canTake(s, seat) {
		v = 1
	}
	w := g.lay.took + seat
	if s.buf[w] != v {
		s.buf[w] = v
		s.xorHash(tookKey(seat))
	}
}

// finishTook gives the State its per-seat words when an expression asks
// others_could_take (after every expression is compiled).
func (c *compiler) finishTook() {
	g := c.g
	if !g.tookUsed || g.initial == nil {
		return
	}
	g.lay.took = g.lay.size
	g.lay.size += len(g.seats)
	g.initial.buf = append(g.initial.buf, make([]int32, len(g.seats))...)
}

// nativeStanding compiles a call of a standing function for the native
// conditions (expr_native.go), for the seat to move.
func (c *compiler) nativeStanding(name string, args []ast.Node) (nativeBool, nativeInt) {
	g := c.g
	switch name {
	case "fewest_others", "most_others", "held":
		if len(args) != 1 {
			return nil, nil
		}
		lit, ok := args[0].(*ast.StringNode)
		if !ok {
			return nil, nil
		}
		m := g.measureOf(lit.Value)
		switch name {
		case "held":
			return nil, func(s *State, _, _ int) int { return g.measure(s, s.ToMove(), m) }
		case "most_others":
			return nil, func(s *State, _, _ int) int { return g.othersExtreme(s, s.ToMove(), m, true) }
		}
		return nil, func(s *State, _, _ int) int { return g.othersExtreme(s, s.ToMove(), m, false) }
	case "can_take":
		if len(args) != 0 {
			return nil, nil
		}
		return func(s *State, _, _ int) bool { return g.canTake(s, s.ToMove()) }, nil
	case "others_could_take":
		if len(args) != 0 {
			return nil, nil
		}
		g.tookUsed = true
		return nil, func(s *State, _, _ int) int { return g.othersTook(s, s.ToMove()) }
	}
	return nil, nil
}
