package core

import (
	"fmt"
	"strings"

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
	// A dynamic condition whose top level is a chain of || (or &&) with
	// some static operands is split: pre holds the static operands (a
	// table), rest the others, run only when pre does not decide.
	pre, rest *whenCond
	or        bool
	// native evaluates a condition that is one position function call
	// (line(to, 3), !empty(from), …) without the VM (see nativeCond).
	native func(s *State, from, to int) bool
	// lineTo > 0: the condition is exactly line(to, lineTo) on a board
	// with windows of that length, which callers may evaluate for many
	// cells at once from the owners' masks (removeRule.gen).
	lineTo int
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
	return c.cellCond(p, key, src, hasFrom, true)
}

// cellCond compiles src (see compileCellCond); split allows a dynamic
// condition to be split into a static and a dynamic part.
func (c *compiler) cellCond(p, key, src string, hasFrom, split bool) *whenCond {
	b := c.g.board
	env := c.g.stateEnv(nil, 0)
	env["from"], env["to"], env["height"], env["kind"] = b.Cells[0].Attrs, b.Cells[0].Attrs, 0, ""
	prog := c.compileExpr(p+"."+key, src, env, expr.AsBool())
	if prog == nil {
		return nil
	}
	w := &whenCond{prog: condProgram{prog: prog, at: c.exprAt(p + "." + key)}, vars: varsOf(src)}
	tree, err := parser.Parse(src)
	if err != nil {
		return w
	}
	v := &identVisitor{names: map[string]bool{}}
	ast.Walk(&tree.Node, v)
	static := c.staticNames(v.names)
	if !static {
		if f := c.nativeCond(tree.Node); f != nil {
			w.native = f
			w.lineTo = c.lineToCall(tree.Node)
			return w
		}
		if split {
			c.splitCond(w, tree.Node, p, key, hasFrom)
		}
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
				on := fmt.Sprintf("with to = %s", b.Cells[t].Name)
				if hasFrom {
					on = fmt.Sprintf("with from = %s, to = %s", b.Cells[f].Name, b.Cells[t].Name)
				}
				msg := exprMsg(err)
				// a result that is not true or false fails the AsBool
				// conversion: name its type instead
				if raw, cerr := expr.Compile(src, expr.Env(env)); cerr == nil {
					if out, rerr := expr.Run(raw, env); rerr == nil {
						if _, isBool := out.(bool); !isBool {
							msg = "want true or false, got " + valueType(out)
						}
					}
				}
				c.exprValueErrorf(p+"."+key, src, "%s.%s: %s (%s)", p, key, msg, on)
				return nil
			}
			w.table[f*n+t] = out.(bool)
		}
	}
	return w
}

// staticNames reports whether names are only from, to and parameters.
func (c *compiler) staticNames(names map[string]bool) bool {
	for name := range names {
		if name == "from" || name == "to" {
			continue
		}
		if _, isParam := c.params[name]; isParam {
			continue
		}
		return false
	}
	return true
}

// splitCond splits a dynamic condition A || B || … (or A && B && …) into
// its static operands, tabled at load, and the others, run per move only
// when the table does not decide. The static part then never runs the VM,
// and attribute reads such as to.name, which the VM makes by reflection
// (allocating), stay out of the play-time part.
func (c *compiler) splitCond(w *whenCond, root ast.Node, p, key string, hasFrom bool) {
	bin, ok := root.(*ast.BinaryNode)
	if !ok {
		return
	}
	op := bin.Operator
	isOr := op == "||" || op == "or"
	if !isOr && op != "&&" && op != "and" {
		return
	}
	var parts []ast.Node
	var flatten func(n ast.Node)
	flatten = func(n ast.Node) {
		if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "||" || b.Operator == "or") == isOr &&
			(b.Operator == "||" || b.Operator == "or" || b.Operator == "&&" || b.Operator == "and") {
			flatten(b.Left)
			flatten(b.Right)
			return
		}
		parts = append(parts, n)
	}
	flatten(root)
	var st, dy []string
	for _, n := range parts {
		v := &identVisitor{names: map[string]bool{}}
		ast.Walk(&n, v)
		if c.staticNames(v.names) {
			st = append(st, "("+n.String()+")")
		} else {
			dy = append(dy, "("+n.String()+")")
		}
	}
	if len(st) == 0 || len(dy) == 0 {
		return
	}
	join := " && "
	if isOr {
		join = " || "
	}
	pre := c.cellCond(p, key, strings.Join(st, join), hasFrom, false)
	rest := c.cellCond(p, key, strings.Join(dy, join), hasFrom, false)
	if pre != nil && pre.static && rest != nil {
		w.pre, w.rest, w.or = pre, rest, isOr
	}
}

// allows evaluates the condition for a candidate move.
func (w *whenCond) allows(s *State, from, to, height, kind int) bool {
	if w == nil {
		return true
	}
	if w.native != nil {
		s.condKind = int32(kind)
		return w.native(s, from, to)
	}
	if w.pre != nil {
		if w.pre.allows(s, from, to, height, kind) == w.or {
			return w.or
		}
		return w.rest.allows(s, from, to, height, kind)
	}
	n := s.g.board.N()
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
		fa = g.board.Cells[from].Attrs
	}
	env["from"], env["to"], env["height"], env["kind"] = fa, g.board.Cells[to].Attrs, height, boxedEmpty
	if kind >= 0 && kind < len(g.boxedKinds) {
		env["kind"] = g.boxedKinds[kind]
	}
	out, err := s.env.vm.Run(w.prog.prog, env)
	if err != nil {
		s.noteExprErr(w.prog.at, err)
		return false
	}
	ok, _ := out.(bool)
	return ok
}

// fastCellCond fills a static condition's table natively (see fastExpr),
// reporting false when the condition is outside the native subset.
func (c *compiler) fastCellCond(table []bool, src string, env map[string]any, froms int, names map[string]bool) bool {
	b := c.g.board
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

// lineToCall returns n when node is the call line(to, n) and the board
// keeps windows of n cells (see Game.needWindows), else 0.
func (c *compiler) lineToCall(node ast.Node) int {
	call, ok := node.(*ast.CallNode)
	if !ok || len(call.Arguments) != 2 {
		return 0
	}
	if id, ok := call.Callee.(*ast.IdentifierNode); !ok || id.Value != "line" {
		return 0
	}
	if id, ok := call.Arguments[0].(*ast.IdentifierNode); !ok || id.Value != "to" {
		return 0
	}
	k, ok := call.Arguments[1].(*ast.IntegerNode)
	if !ok || k.Value < 2 || c.g.windowsOf(k.Value) == nil {
		return 0
	}
	return k.Value
}
