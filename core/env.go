package core

import (
	"fmt"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"
)

// condProgram is a compiled condition over a State (end_if, when, score).
type condProgram struct{ prog *vm.Program }

// stateEnv builds the environment in which conditions and scores are
// evaluated: the parameters, the seat in question and helper functions.
//
// Functions available to expressions:
//
//	stones(region)  stones on the seat's cells of a per-seat region, or on a board-wide region
//	controlled()    pieces in stacks whose top piece the seat owns
//	pieces(kind)    pieces of a kind on the board
//	hand()          pieces the seat still holds in hand
//	points()        points the seat gathered from effects
//
// Variables: seat (name), ply, over (bool), params by name.
func (g *Game) stateEnv(s *State, seat int) map[string]any {
	env := make(map[string]any, len(g.Params)+10)
	for _, p := range g.Params {
		env[p.Name] = p.Value
	}
	name := ""
	if seat >= 0 && seat < len(g.Seats) {
		name = g.Seats[seat]
	}
	env["seat"] = name
	env["ply"] = 0
	env["over"] = false
	if s != nil {
		env["ply"] = s.Ply()
		env["over"] = s.Over()
	}
	env["stones"] = func(region string) (int, error) {
		if s == nil {
			return 0, nil
		}
		ref := regionRef{name: region}
		if _, ok := g.Board.SeatRegion(region, 0); ok {
			ref.perSeat = true
		} else if _, ok := g.Board.Region(region); !ok {
			return 0, fmt.Errorf("stones: unknown region %q", region)
		}
		n := 0
		for _, c := range g.cells(ref, seat) {
			n += s.Count(int(c))
		}
		return n, nil
	}
	env["controlled"] = func() int {
		if s == nil {
			return 0
		}
		n := 0
		for c := 0; c < g.Board.N(); c++ {
			if s.Owner(c) == seat {
				n += s.Height(c)
			}
		}
		return n
	}
	env["pieces"] = func(kind string) (int, error) {
		k, ok := g.KindIndex(kind)
		if !ok {
			return 0, fmt.Errorf("pieces: unknown piece kind %q", kind)
		}
		if s == nil {
			return 0, nil
		}
		n := 0
		for p := range g.pieceKind {
			if int(g.pieceKind[p]) == k && s.PieceCell(p) >= 0 {
				n++
			}
		}
		return n, nil
	}
	env["hand"] = func() int {
		if s == nil || seat < 0 {
			return 0
		}
		n := 0
		for k := range g.Kinds {
			n += s.HandLeft(seat, k)
		}
		return n
	}
	env["points"] = func() int {
		if s == nil || seat < 0 {
			return 0
		}
		return s.Score(seat)
	}
	return env
}

// condEnv is the sample environment conditions are compiled against.
func (c *compiler) condEnv() map[string]any {
	env := c.g.stateEnv(nil, 0)
	return env
}

// cond evaluates a condition for the seat to move. A runtime error counts
// as false; such errors are caught at load time by a trial run.
func (g *Game) cond(p condProgram, s *State) bool {
	out, err := expr.Run(p.prog, g.stateEnv(s, s.ToMove()))
	if err != nil {
		return false
	}
	b, _ := out.(bool)
	return b
}

func (g *Game) scoreOf(s *State, seat int) int {
	if g.score == nil {
		return s.Score(seat)
	}
	out, err := expr.Run(g.score, g.stateEnv(s, seat))
	if err != nil {
		return 0
	}
	n, _ := out.(int)
	return n
}
