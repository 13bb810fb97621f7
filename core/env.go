package core

import (
	"fmt"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// condProgram is a compiled condition over a State (end_if, when, score).
type condProgram struct {
	prog *vm.Program
	// at is where the expression is written ("file:line:col: path"), for
	// an error met in play
	at string
	// native evaluates it without the VM when it is in the native subset
	// (expr_native.go), with seat = the seat to move
	native nativeBool
}

// stateEnv builds the environment in which conditions and scores are
// evaluated: the parameters, the seat in question and helper functions.
//
// Functions available to expressions:
//
//	stones(region)  stones on the seat's cells of a per-seat region, or on a board-wide region
//	controlled()    pieces in stacks whose top piece the seat owns
//	pieces(kind)    pieces of a kind on the board
//	hand()          pieces the seat still holds in hand
//	zone(z[, kind]) pieces (of a kind) in zone z (a per-seat zone: the seat's)
//	zone_of(seat, z[, kind]) the same for another seat (a name or an index)
//	points()        points the seat gathered from effects
//	playing()       seats still playing (not eliminated)
//
// Variables: seat (name), ply, over (bool), ended_by (what ended the game:
// an [end.NAME], or stuck, repetition, unavoidable, resigned; "" while it
// goes on), end_seat (the seat that met it), eliminated (bool), and the
// params by name.
func (g *Game) stateEnv(s *State, seat int) map[string]any {
	return g.stateEnvFor(s, seat, allVars)
}

// Variables of the state environment, as bits: an expression's program
// only needs those it reads refreshed before it runs.
const (
	varSeat = 1 << iota
	varPly
	varOver
	varEnd
	varElim
	allVars = varSeat | varPly | varOver | varEnd | varElim
)

// varsOf returns the state variables an expression reads.
func varsOf(src string) int {
	if _, _, _, ok := exprShape(src); !ok {
		return allVars
	}
	tree, err := parser.Parse(src)
	if err != nil {
		return allVars
	}
	v := &identVisitor{names: map[string]bool{}}
	ast.Walk(&tree.Node, v)
	need := 0
	for name, bit := range map[string]int{"seat": varSeat, "ply": varPly, "over": varOver,
		"ended_by": varEnd, "end_seat": varEnd, "eliminated": varElim} {
		if v.names[name] {
			need |= bit
		}
	}
	return need
}

// stateEnvFor is stateEnv refreshing only the variables in need.
func (g *Game) stateEnvFor(s *State, seat, need int) map[string]any {
	if s != nil && s.env != nil {
		s.env.seat = seat
		m := s.env.vars
		if need&varSeat != 0 {
			m["seat"] = boxedEmpty
			if seat >= 0 && seat < len(g.boxedSeats) {
				m["seat"] = g.boxedSeats[seat]
			}
		}
		if need&varPly != 0 {
			m["ply"] = s.Ply()
		}
		if need&varOver != 0 {
			m["over"] = s.Over()
		}
		if need&varEnd != 0 {
			// boxed at load: a score read when the game ends allocates nothing
			m["ended_by"], m["end_seat"] = boxedEmpty, boxedEmpty
			if i := int(s.buf[hEnd]); i > 0 && i <= len(g.boxedEnds) {
				m["ended_by"] = g.boxedEnds[i-1]
				if who := int(s.buf[hEndSeat]) - 1; who >= 0 && who < len(g.boxedSeats) {
					m["end_seat"] = g.boxedSeats[who]
				}
			}
		}
		if need&varElim != 0 {
			m["eliminated"] = seat >= 0 && seat < len(g.seats) && s.Eliminated(seat)
		}
		return m
	}
	h := &envHolder{seat: seat, st: s}
	env := make(map[string]any, len(g.params)+10)
	for _, p := range g.params {
		env[p.Name] = p.Value
	}
	env["seat"] = g.seatName(seat)
	env["ply"] = 0
	env["over"] = false
	env["ended_by"], env["end_seat"], env["eliminated"] = "", "", false
	if s != nil {
		if s.buf[hEnd] != 0 {
			end, who := g.EndedBy(s)
			env["ended_by"], env["end_seat"] = end, g.seatName(who)
		}
		env["eliminated"] = seat >= 0 && seat < len(g.seats) && s.Eliminated(seat)
	}
	if s != nil {
		env["ply"] = s.Ply()
		env["over"] = s.Over()
	}
	// Typed signatures (func(string) int, func() int) let expr call these
	// without reflection; literal names are checked at load (checkCalls).
	env["stones"] = func(region string) int {
		if h.st == nil {
			return 0
		}
		return g.stonesIn(h.st, h.seat, region)
	}
	env["controlled"] = func() int {
		if h.st == nil {
			return 0
		}
		return g.controlledBy(h.st, h.seat)
	}
	env["pieces"] = func(kind string) int {
		if h.st == nil {
			return 0
		}
		return g.piecesOfKind(h.st, kind)
	}
	env["hand"] = func() int {
		if h.st == nil || h.seat < 0 {
			return 0
		}
		return g.handOf(h.st, h.seat)
	}
	env["zone"] = func(name string, kind ...string) int {
		if h.st == nil {
			return 0
		}
		return g.zoneOfExpr(h.st, h.seat, name, kind)
	}
	env["zone_of"] = func(seat any, name string, kind ...string) int {
		if h.st == nil {
			return 0
		}
		return g.zoneOfExpr(h.st, g.seatArg(seat), name, kind)
	}
	env["points"] = func() int {
		if h.st == nil || h.seat < 0 {
			return 0
		}
		return h.st.Score(h.seat)
	}
	env["playing"] = func() int {
		if h.st == nil {
			return len(g.seats)
		}
		return h.st.Active()
	}
	g.posFuncEnv(env, h)
	if s != nil {
		h.vars = env
		s.env = h
	}
	return env
}

// envHolder is a State's cached expression environment: the map and the
// closures are built once per State and re-pointed at each evaluation.
type envHolder struct {
	st   *State
	seat int
	vars map[string]any
	vm   vm.VM
	// scoreErr is the last error of the score expression (an integer
	// overflow), reported by the Play that met it.
	scoreErr error
	// exprErr is the first error a condition met in play (its budget, an
	// overflow) since the last Play reported one, placed where the
	// condition is written; a condition that fails counts as false, and
	// the next Play reports it.
	exprErr error
}

// noteExprErr keeps the first error a condition met in play, written at
// at: the next Play returns it (see envHolder.exprErr), and it is the
// State's Limit for the analyses (Perft) that do not play through Play's
// errors.
func (s *State) noteExprErr(at string, err error) {
	if s.env == nil || s.env.exprErr != nil {
		return
	}
	s.env.exprErr = fmt.Errorf("%s: %s", at, exprMsg(err))
	if s.limit == nil {
		s.limit = s.env.exprErr
	}
}

func (g *Game) seatName(seat int) string {
	if seat >= 0 && seat < len(g.seats) {
		return g.seats[seat]
	}
	return ""
}

// condEnv is the sample environment conditions are compiled against.
func (c *compiler) condEnv() map[string]any {
	env := c.g.stateEnv(nil, 0)
	return env
}

// cond evaluates a condition for the seat to move. A runtime error counts
// as false; such errors are caught at load time by a trial run.
func (g *Game) cond(p condProgram, s *State) bool {
	if p.native != nil {
		return p.native(s, -1, -1)
	}
	env := g.stateEnv(s, s.ToMove())
	out, err := s.env.vm.Run(p.prog, env)
	if err != nil {
		s.noteExprErr(p.at, err)
		return false
	}
	b, _ := out.(bool)
	return b
}

func (g *Game) scoreOf(s *State, seat int) int {
	if g.score == nil {
		return s.Score(seat)
	}
	if fp := g.fastScore; fp != nil && fp.root.k == fkInt {
		s.fe = fenv{st: s, seat: seat}
		if v := fp.root.i(&s.fe); !s.fe.fail {
			return v
		}
	}
	env := g.stateEnvFor(s, seat, g.scoreVars)
	out, err := s.env.vm.Run(g.score, env)
	if err != nil {
		s.env.scoreErr = err // Play reports it
		return 0
	}
	n, _ := out.(int)
	return n
}

// The state functions of expressions (see stateEnv), shared by the
// expression environment and native scoring (fastexpr.go).

func (g *Game) stonesIn(s *State, seat int, region string) int {
	ref, ok := g.regionRefs[region]
	if !ok {
		return 0
	}
	return g.stonesOf(s, seat, ref)
}

// stonesOf counts the stones on a seat's cells of a region.
func (g *Game) stonesOf(s *State, seat int, ref regionRef) int {
	counts := s.buf[g.lay.counts:]
	n := 0
	for _, c := range g.cells(ref, seat) {
		n += int(counts[c])
	}
	return n
}

func (g *Game) controlledBy(s *State, seat int) int {
	n := 0
	for c := 0; c < g.board.N(); c++ {
		if s.Owner(c) == seat {
			n += s.Height(c)
		}
	}
	return n
}

func (g *Game) piecesOfKind(s *State, kind string) int {
	k, ok := g.KindIndex(kind)
	if !ok {
		return 0
	}
	n := 0
	for p := range g.pieceKind {
		if int(g.pieceKind[p]) == k && s.PieceCell(p) >= 0 {
			n++
		}
	}
	return n
}

func (g *Game) handOf(s *State, seat int) int {
	n := 0
	for k := range g.kinds {
		n += s.HandLeft(seat, k)
	}
	return n
}
