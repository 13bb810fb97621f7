// This file holds the expr end condition.

package core

import "github.com/expr-lang/expr"

var exprEnd = endType{
	name: "expr",
	doc:  "an expression holds (with seat = the seat to move); scoring decides",
	keys: []*Key{&endWhenKey},
	compile: func(c *compiler, p, name string) endCheck {
		src := c.readString(p, &endWhenKey)
		if src == "" {
			c.r.Errorf(p, "%s: an expr end condition needs when = '...'", p)
			return nil
		}
		return &exprCond{condProgram{c.compileExpr(keyPath(p, &endWhenKey), src, c.condEnv(), expr.AsBool())}}
	},
}

var endWhenKey = Key{Name: "when", Type: TExpr, Required: true,
	Doc: "a boolean expression, evaluated with seat = the seat now to move"}

type exprCond struct{ when condProgram }

func (e *exprCond) holds(g *Game, s *State) (bool, int) { return g.cond(e.when, s), -1 }
