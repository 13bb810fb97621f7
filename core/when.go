package core

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// whenCond is a move rule's `when` condition. A condition that reads only
// the static data of the origin and target cells (their attributes) and the
// parameters is evaluated at load time into a table; any other condition
// is evaluated per candidate move (the slow path, ~µs per move).
type whenCond struct {
	prog   condProgram
	table  []bool // static: [from*N+to] (place rules: from = 0)
	static bool
	vars   int // the state variables a dynamic condition reads (see varsOf)
}

// noAttrs stands for the origin of a placement; it is never written.
var noAttrs = map[string]any{}

type identVisitor struct{ names map[string]bool }

func (v *identVisitor) Visit(n *ast.Node) {
	if id, ok := (*n).(*ast.IdentifierNode); ok {
		v.names[id.Value] = true
	}
}

var whenKey = Key{Name: "when", Type: TExpr,
	Doc: "a further condition every move of the rule must meet, over from, to, height, kind and the state"}

// compileWhen compiles the `when` of a move rule. The environment has
// `from` and `to` (the cells' attribute maps; `from` is empty for a
// placement), `height` (of the moving stack), `kind` (of the moving or
// placed piece) plus everything conditions see (see stateEnv).
func (c *compiler) compileWhen(p string, hasFrom bool) *whenCond {
	return c.compileCellCond(p, whenKey.Name, hasFrom)
}

// compileCellCond compiles the condition at p.key over the origin and
// target cells (see compileWhen).
func (c *compiler) compileCellCond(p, key string, hasFrom bool) *whenCond {
	src := c.r.String(p+"."+key, "")
	if src == "" {
		return nil
	}
	b := c.g.Board
	env := c.g.stateEnv(nil, 0)
	env["from"], env["to"], env["height"], env["kind"] = b.Cells[0].Attrs, b.Cells[0].Attrs, 0, ""
	prog := c.compileExpr(p+"."+key, src, env, expr.AsBool())
	if prog == nil {
		return nil
	}
	w := &whenCond{prog: condProgram{prog}, vars: varsOf(src)}
	tree, err := parser.Parse(src)
	if err != nil {
		return w
	}
	v := &identVisitor{names: map[string]bool{}}
	ast.Walk(&tree.Node, v)
	static := true
	for name := range v.names {
		if name == "from" || name == "to" {
			continue
		}
		if _, isParam := c.params[name]; isParam {
			continue
		}
		static = false
	}
	if !static {
		return w
	}
	n := b.N()
	froms := 1
	if hasFrom {
		froms = n
	}
	if froms*n > maxRelationPairs {
		return w
	}
	c.charge(p+"."+key, int64(froms*n))
	w.static = true
	w.table = make([]bool, froms*n)
	if c.fastCellCond(w.table, src, env, froms, v.names) {
		return w
	}
	empty := map[string]any{}
	var machine vm.VM
	// a condition that reads only `to` (or only `from`) is evaluated once
	// per cell and spread over the table
	onlyTo, onlyFrom := !v.names["from"], !v.names["to"]
	for f := 0; f < froms; f++ {
		for t := 0; t < n; t++ {
			switch {
			case onlyTo && f > 0:
				w.table[f*n+t] = w.table[t]
				continue
			case onlyFrom && t > 0:
				w.table[f*n+t] = w.table[f*n]
				continue
			}
			env["to"] = b.Cells[t].Attrs
			env["from"] = empty
			if hasFrom {
				env["from"] = b.Cells[f].Attrs
			}
			out, err := machine.Run(prog, env)
			c.charge(p+"."+key, 0)
			if err != nil {
				c.r.ValueErrorf(p+"."+key, "%s.%s: on cells %s, %s: %v", p, key, b.Cells[f].Name, b.Cells[t].Name, err)
				return nil
			}
			w.table[f*n+t] = out.(bool)
		}
	}
	return w
}

// allows evaluates the condition for a candidate move.
func (w *whenCond) allows(s *State, from, to, height, kind int) bool {
	if w == nil {
		return true
	}
	n := s.g.Board.N()
	if w.static {
		if from < 0 {
			return w.table[to]
		}
		return w.table[from*n+to]
	}
	// Nothing here allocates: the attribute maps and kind names are boxed
	// already, and only the state variables the condition reads are set.
	g := s.g
	env := g.stateEnvFor(s, s.ToMove(), w.vars)
	fa := noAttrs
	if from >= 0 {
		fa = g.Board.Cells[from].Attrs
	}
	env["from"], env["to"], env["height"], env["kind"] = fa, g.Board.Cells[to].Attrs, height, boxedEmpty
	if kind >= 0 && kind < len(g.boxedKinds) {
		env["kind"] = g.boxedKinds[kind]
	}
	out, err := s.env.vm.Run(w.prog.prog, env)
	if err != nil {
		return false
	}
	ok, _ := out.(bool)
	return ok
}

// fastCellCond fills a static condition's table natively (see fastExpr),
// reporting false when the condition is outside the native subset.
func (c *compiler) fastCellCond(table []bool, src string, env map[string]any, froms int, names map[string]bool) bool {
	b := c.g.Board
	n := b.N()
	recs := c.cellRecs()
	from := recs
	if froms == 1 {
		from = []map[string]any{{}} // a placement: from is empty
	}
	fp := fastExpr(src, env, -1, fastVar{name: "from", recs: from}, fastVar{name: "to", recs: recs})
	if fp == nil {
		return false
	}
	onlyTo, onlyFrom := !names["from"], !names["to"]
	for f := 0; f < froms; f++ {
		row := fp
		if froms > 1 && !onlyTo && !onlyFrom {
			row = fp.row(f)
		}
		for t := 0; t < n; t++ {
			switch {
			case onlyTo && f > 0:
				table[f*n+t] = table[t]
				continue
			case onlyFrom && t > 0:
				table[f*n+t] = table[f*n]
				continue
			}
			v, ok := row.bool2(f, t)
			if !ok {
				return false
			}
			table[f*n+t] = v
		}
	}
	return true
}
