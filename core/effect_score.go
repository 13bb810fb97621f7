// This file holds the score effect: points to the mover after a move
// (card games' pegging). apply is on the hot path and allocates nothing
// beyond what the expression machine does.

package core

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"
)

var scoreEffectType = effectType{
	name:    "score",
	doc:     "the mover gets points, an integer expression evaluated after the move with seat = the mover",
	keys:    []*Key{&effectPointsKey},
	compile: compileScoreEffect,
}

var effectPointsKey = Key{Name: "points", Type: TExpr, Required: true,
	Doc: "the points: an integer expression over the position after the move, seat = the mover"}

func compileScoreEffect(c *compiler, p, name, cite string) effect {
	src := c.readString(p, &effectPointsKey)
	if src == "" {
		c.r.Errorf(p, "%s: score needs points", p)
		return nil
	}
	prog := c.compileExpr(p+".points", src, c.condEnv(), expr.AsInt())
	if prog == nil {
		return nil
	}
	c.notePoints(p + ".points")
	return &scoreEffect{prog: prog, at: c.exprAt(p + ".points"), native: c.nativeSrcInt(src)}
}

// scoreEffect adds the value of its expression to the mover's points.
type scoreEffect struct {
	prog   *vm.Program
	at     string    // where the expression is written, for its errors in play
	native nativeInt // the expression without the VM, when it can be
}

func (e *scoreEffect) apply(s *State) {
	seat := s.ToMove()
	v := 0
	if e.native != nil {
		v = e.native(s, -1, -1)
	} else {
		v = s.g.evalPoints(s, seat, e.prog, e.at)
	}
	if v != 0 {
		s.addPoints(seat, v)
	}
}
