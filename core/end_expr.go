// This file holds the expr end condition.

package core

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/parser"
)

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
		e := &exprCond{when: condProgram{prog: c.compileExpr(keyPath(p, &endWhenKey), src, c.condEnv(), expr.AsBool()), at: c.exprAt(keyPath(p, &endWhenKey))}}
		if e.when.prog != nil {
			if tree, err := parser.Parse(src); err == nil {
				e.native = c.nativeCond(tree.Node)
			}
		}
		return e
	},
}

var endWhenKey = Key{Name: "when", Type: TExpr, Required: true,
	Doc: "a boolean expression, evaluated with seat = the seat now to move"}

type exprCond struct {
	when condProgram
	// native evaluates the condition without the VM when it is within
	// the native subset (expr_native.go).
	native nativeBool
}

func (e *exprCond) holds(g *Game, s *State) (bool, int) {
	if e.native != nil {
		return e.native(s, -1, -1), -1
	}
	return g.cond(e.when, s), -1
}
