package core

// Native evaluation of the expressions behind the load-time tables.
//
// Relations, static `when` and `capture_if` conditions, pivot targets,
// `immune` and cell attributes are evaluated at load on every cell, pair of
// cells or (kind, cell). Run through expr's VM with a map environment, one
// evaluation costs about a microsecond, mostly in map lookups and boxing;
// STRIX's three relations over 147² pairs alone took ~50 ms per process.
//
// fastExpr compiles the common subset of those expressions (literals,
// parameters, attributes read as `a.face`, arithmetic, comparisons, logic,
// the conditional, `in` over a string list, abs and string) into typed Go
// closures over per-attribute columns, a few nanoseconds per node. The
// subset is checked statically: every attribute a variable reads must have
// one supported type on every cell, and every operator must meet the
// operand types it is defined for here exactly as expr defines it (expr's
// runtime helpers are the reference: int arithmetic wraps, `/` is float,
// mixed int and float compare as floats). Anything else, and any runtime
// case the subset does not decide (a `%` by zero), returns no result, and
// the caller evaluates the whole table through expr as before, so results
// and diagnostics are unchanged. TestFastExprMatchesExpr checks the two
// agree on random expressions.

import (
	"fmt"
	"math"
	"strconv"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/parser"
)

type fkind uint8

const (
	fkNone fkind = iota
	fkInt
	fkFloat
	fkStr
	fkBool
	fkStrs // a list of strings, only as the right side of `in`
)

// fenv is the binding of a fast program's variables: an index (a cell, or
// a piece kind) per variable, and whether evaluation met a case the subset
// does not decide.
type fenv struct {
	at   []int
	fail bool
	// st and seat: the position and the seat a state program reads.
	st   *State
	seat int
}

// fnode is one compiled node: exactly the function of its kind is set.
type fnode struct {
	k     fkind
	konst bool // reads no variable
	i     func(*fenv) int
	f     func(*fenv) float64
	s     func(*fenv) string
	b     func(*fenv) bool
	ss    func(*fenv) []string
}

// fastVar binds a name of the expression to a variable indexed at
// evaluation time: either records (each a map of attributes, read as
// name.attr; cells' Attrs) or plain values (read as name).
type fastVar struct {
	name string
	recs []map[string]any
	vals []any
}

// fastProg is a compiled fast expression; it is not safe for concurrent
// use (it carries its binding).
type fastProg struct {
	root fnode
	e    fenv
	fc   *fastCompiler
	tree ast.Node
}

// maxFastWork bounds the nodes a fast program may evaluate over its whole
// table (at most the product of its variables' index ranges).
const maxFastWork = 1 << 28

// noFastExpr turns native evaluation off (tests compare both paths).
var noFastExpr bool

// maxFastNodes bounds the size of an expression compiled natively (expr
// itself refuses more than 2000 nodes).
const maxFastNodes = 2000

type fastCompiler struct {
	env   map[string]any
	vars  []fastVar
	slot  map[string]int
	self  int // the variable whose attributes are also bare names, or -1
	nodes int
	fixed []int // per variable: the index it is specialised to, or -1
	cols  map[colKey]fnode
	// game, when set, compiles a state program (a score): the state
	// variables and functions read the bound position, and integer +, -
	// and * fail on overflow as the compiled score does.
	game *Game
}

type colKey struct {
	slot int
	name string
}

// fastExpr compiles src natively for the environment env (the map the
// expression was compiled against by expr, which gives the parameters) with
// vars bound per evaluation; self, when ≥ 0, names the variable whose
// record attributes are read as bare names, overriding env's entries as
// withParams does. It returns nil when src is outside the subset.
func fastExpr(src string, env map[string]any, self int, vars ...fastVar) *fastProg {
	if noFastExpr {
		return nil
	}
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	fc := &fastCompiler{env: env, vars: vars, slot: map[string]int{}, self: self, fixed: make([]int, len(vars)), cols: map[colKey]fnode{}}
	for i, v := range vars {
		fc.slot[v.name] = i
		fc.fixed[i] = -1
	}
	root, ok := fc.node(tree.Node)
	if !ok {
		return nil
	}
	// the work is bounded like expr's: an expression too big for its table
	// is left to the metered path
	work := fc.nodes
	for _, v := range vars {
		work *= max(len(v.recs), len(v.vals), 1)
		if work > maxFastWork {
			return nil
		}
	}
	return &fastProg{root: root, e: fenv{at: make([]int, len(vars))}, fc: fc, tree: tree.Node}
}

// fastStateExpr compiles a score (an expression over a position and a
// seat, with the state environment env) natively, or returns nil. Only
// the state variables over, ply and seat and the functions stones,
// pieces (with literal names), controlled, hand and points are read; they
// run the same Go code as the expression environment's.
func fastStateExpr(src string, env map[string]any, g *Game) *fastProg {
	if noFastExpr {
		return nil
	}
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	fc := &fastCompiler{env: env, slot: map[string]int{}, self: -1, cols: map[colKey]fnode{}, game: g}
	root, ok := fc.node(tree.Node)
	if !ok || root.k != fkInt {
		return nil
	}
	return &fastProg{root: root}
}

// stateIdent resolves a state variable of a state program; known reports
// whether name is one (a state variable or function, which env's
// parameters do not shadow).
func (fc *fastCompiler) stateIdent(name string) (n fnode, ok, known bool) {
	g := fc.game
	switch name {
	case "over":
		return fnode{k: fkBool, b: func(e *fenv) bool { return e.st.Over() }}, true, true
	case "ply":
		return fnode{k: fkInt, i: func(e *fenv) int { return e.st.Ply() }}, true, true
	case "seat":
		return fnode{k: fkStr, s: func(e *fenv) string { return g.seatName(e.seat) }}, true, true
	case "ended_by":
		return fnode{k: fkStr, s: func(e *fenv) string { name, _ := g.EndedBy(e.st); return name }}, true, true
	case "end_seat":
		return fnode{k: fkStr, s: func(e *fenv) string { _, who := g.EndedBy(e.st); return g.seatName(who) }}, true, true
	case "eliminated", "stones", "controlled", "pieces", "hand", "points", "zone":
		return fnode{}, false, true
	}
	for _, f := range posFuncs {
		if f.name == name {
			return fnode{}, false, true
		}
	}
	return fnode{}, false, false
}

// stateCall compiles a call of a state function.
func (fc *fastCompiler) stateCall(n *ast.CallNode) (fnode, bool) {
	g := fc.game
	id, ok := n.Callee.(*ast.IdentifierNode)
	if !ok {
		return fnode{}, false
	}
	if id.Value == "zone" {
		f := g.zoneCall(n.Arguments)
		if f == nil {
			return fnode{}, false
		}
		return fnode{k: fkInt, i: func(e *fenv) int { return f(e.st, e.seat) }}, true
	}
	if id.Value == "owner" {
		if f := g.ownerCall(n.Arguments); f != nil {
			return fnode{k: fkStr, s: func(e *fenv) string { return f(e.st) }}, true
		}
		return fnode{}, false
	}
	if id.Value == "zone_of" {
		f := g.zoneOfCall(n.Arguments)
		if f == nil {
			return fnode{}, false
		}
		return fnode{k: fkInt, i: func(e *fenv) int { return f(e.st) }}, true
	}
	lit := ""
	if len(n.Arguments) == 1 {
		arg, ok := n.Arguments[0].(*ast.StringNode)
		if !ok {
			return fnode{}, false
		}
		lit = arg.Value
	}
	switch {
	case id.Value == "stones" && len(n.Arguments) == 1:
		if ref, ok := g.regionRefs[lit]; ok {
			// the region is known: no lookup by name per call
			return fnode{k: fkInt, i: func(e *fenv) int { return g.stonesOf(e.st, e.seat, ref) }}, true
		}
		return fnode{k: fkInt, i: func(e *fenv) int { return g.stonesIn(e.st, e.seat, lit) }}, true
	case id.Value == "pieces" && len(n.Arguments) == 1:
		return fnode{k: fkInt, i: func(e *fenv) int { return g.piecesOfKind(e.st, lit) }}, true
	case id.Value == "controlled" && len(n.Arguments) == 0:
		return fnode{k: fkInt, i: func(e *fenv) int { return g.controlledBy(e.st, e.seat) }}, true
	case id.Value == "hand" && len(n.Arguments) == 0:
		return fnode{k: fkInt, i: func(e *fenv) int {
			if e.seat < 0 {
				return 0
			}
			return g.handOf(e.st, e.seat)
		}}, true
	case id.Value == "points" && len(n.Arguments) == 0:
		return fnode{k: fkInt, i: func(e *fenv) int {
			if e.seat < 0 {
				return 0
			}
			return e.st.Score(e.seat)
		}}, true
	}
	return fnode{}, false
}

// row returns the program specialised to its first variable at index x:
// what reads only that variable is folded to constants, so a table filled
// row by row evaluates a smaller expression per entry (STRIX's relations
// shrink to a third). The result still takes x as its first index.
func (p *fastProg) row(x int) *fastProg {
	fc := p.fc
	fc.fixed[0], fc.nodes = x, 0
	root, ok := fc.node(p.tree)
	fc.fixed[0] = -1
	if !ok {
		return p
	}
	return &fastProg{root: root, e: fenv{at: make([]int, len(p.e.at))}}
}

// cellRecs returns the attribute maps of the board's cells.
func (c *compiler) cellRecs() []map[string]any {
	b := c.g.board
	recs := make([]map[string]any, b.N())
	for i := range b.Cells {
		recs[i] = b.Cells[i].Attrs
	}
	return recs
}

// bool evaluates a boolean program with its variables at the given
// indexes; ok is false when the subset could not decide.
func (p *fastProg) bool(at ...int) (v, ok bool) {
	if p.root.k != fkBool {
		return false, false
	}
	copy(p.e.at, at)
	p.e.fail = false
	v = p.root.b(&p.e)
	return v, !p.e.fail
}

// bool2 is bool for two variables, without the variadic slice.
func (p *fastProg) bool2(x, y int) (v, ok bool) {
	if p.root.k != fkBool {
		return false, false
	}
	p.e.at[0], p.e.at[1] = x, y
	p.e.fail = false
	v = p.root.b(&p.e)
	return v, !p.e.fail
}

// int evaluates an integer program.
func (p *fastProg) int(at ...int) (int, bool) {
	if p.root.k != fkInt {
		return 0, false
	}
	copy(p.e.at, at)
	p.e.fail = false
	v := p.root.i(&p.e)
	return v, !p.e.fail
}

// string evaluates a string program.
func (p *fastProg) string(at ...int) (string, bool) {
	if p.root.k != fkStr {
		return "", false
	}
	copy(p.e.at, at)
	p.e.fail = false
	v := p.root.s(&p.e)
	return v, !p.e.fail
}

// value evaluates a program of any scalar kind, boxed as expr boxes it.
func (p *fastProg) value(at ...int) (any, bool) {
	copy(p.e.at, at)
	p.e.fail = false
	var v any
	switch p.root.k {
	case fkInt:
		v = p.root.i(&p.e)
	case fkFloat:
		v = p.root.f(&p.e)
	case fkStr:
		v = p.root.s(&p.e)
	case fkBool:
		v = p.root.b(&p.e)
	default:
		return nil, false
	}
	return v, !p.e.fail
}

// konst wraps a node's value, computed once.
func konst(n fnode) (fnode, bool) {
	var e fenv
	out := fnode{k: n.k, konst: true}
	switch n.k {
	case fkInt:
		v := n.i(&e)
		out.i = func(*fenv) int { return v }
	case fkFloat:
		v := n.f(&e)
		out.f = func(*fenv) float64 { return v }
	case fkStr:
		v := n.s(&e)
		out.s = func(*fenv) string { return v }
	case fkBool:
		v := n.b(&e)
		out.b = func(*fenv) bool { return v }
	case fkStrs:
		v := n.ss(&e)
		out.ss = func(*fenv) []string { return v }
	}
	return out, !e.fail
}

// scalar makes a constant node of a Go value, when its type is supported.
func scalar(v any) (fnode, bool) {
	switch v := v.(type) {
	case int:
		return fnode{k: fkInt, konst: true, i: func(*fenv) int { return v }}, true
	case float64:
		return fnode{k: fkFloat, konst: true, f: func(*fenv) float64 { return v }}, true
	case string:
		return fnode{k: fkStr, konst: true, s: func(*fenv) string { return v }}, true
	case bool:
		return fnode{k: fkBool, konst: true, b: func(*fenv) bool { return v }}, true
	case []string:
		return fnode{k: fkStrs, konst: true, ss: func(*fenv) []string { return v }}, true
	}
	return fnode{}, false
}

// column makes a node reading, for variable slot, values[index] where all
// values share one supported type.
func column(slot int, values []any) (fnode, bool) {
	if len(values) == 0 {
		return fnode{}, false
	}
	switch values[0].(type) {
	case int:
		col := make([]int, len(values))
		for i, v := range values {
			x, ok := v.(int)
			if !ok {
				return fnode{}, false
			}
			col[i] = x
		}
		return fnode{k: fkInt, i: func(e *fenv) int { return col[e.at[slot]] }}, true
	case float64:
		col := make([]float64, len(values))
		for i, v := range values {
			x, ok := v.(float64)
			if !ok {
				return fnode{}, false
			}
			col[i] = x
		}
		return fnode{k: fkFloat, f: func(e *fenv) float64 { return col[e.at[slot]] }}, true
	case string:
		col := make([]string, len(values))
		for i, v := range values {
			x, ok := v.(string)
			if !ok {
				return fnode{}, false
			}
			col[i] = x
		}
		return fnode{k: fkStr, s: func(e *fenv) string { return col[e.at[slot]] }}, true
	case bool:
		col := make([]bool, len(values))
		for i, v := range values {
			x, ok := v.(bool)
			if !ok {
				return fnode{}, false
			}
			col[i] = x
		}
		return fnode{k: fkBool, b: func(e *fenv) bool { return col[e.at[slot]] }}, true
	case []string:
		col := make([][]string, len(values))
		for i, v := range values {
			x, ok := v.([]string)
			if !ok {
				return fnode{}, false
			}
			col[i] = x
		}
		return fnode{k: fkStrs, ss: func(e *fenv) []string { return col[e.at[slot]] }}, true
	}
	return fnode{}, false
}

// attr makes a node reading attribute name of variable slot's records; every
// record must hold it.
func (fc *fastCompiler) attr(slot int, name string) (fnode, bool) {
	recs := fc.vars[slot].recs
	if recs == nil {
		return fnode{}, false
	}
	key := colKey{slot, name}
	col, ok := fc.cols[key]
	if !ok {
		values := make([]any, len(recs))
		for i, r := range recs {
			v, ok := r[name]
			if !ok {
				return fnode{}, false
			}
			values[i] = v
		}
		if col, ok = column(slot, values); !ok {
			return fnode{}, false
		}
		fc.cols[key] = col
	}
	if x := fc.fixed[slot]; x >= 0 {
		return scalar(recs[x][name])
	}
	return col, true
}

func (fc *fastCompiler) node(n ast.Node) (fnode, bool) {
	fc.nodes++
	if fc.nodes > maxFastNodes {
		return fnode{}, false
	}
	switch n := n.(type) {
	case *ast.IntegerNode:
		return scalar(n.Value)
	case *ast.FloatNode:
		return scalar(n.Value)
	case *ast.StringNode:
		return scalar(n.Value)
	case *ast.BoolNode:
		return scalar(n.Value)
	case *ast.IdentifierNode:
		if fc.game != nil {
			if v, ok, known := fc.stateIdent(n.Value); known {
				return v, ok
			}
		}
		return fc.ident(n.Value)
	case *ast.CallNode:
		if fc.game == nil {
			return fnode{}, false
		}
		return fc.stateCall(n)
	case *ast.MemberNode:
		id, ok := n.Node.(*ast.IdentifierNode)
		prop, okp := n.Property.(*ast.StringNode)
		if !ok || !okp || n.Optional || n.Method {
			return fnode{}, false
		}
		slot, ok := fc.slot[id.Value]
		if !ok {
			return fnode{}, false
		}
		return fc.attr(slot, prop.Value)
	case *ast.UnaryNode:
		x, ok := fc.node(n.Node)
		if !ok {
			return fnode{}, false
		}
		return fold(unary(n.Operator, x))
	case *ast.BinaryNode:
		return fc.binary(n)
	case *ast.ConditionalNode:
		cond, ok := fc.node(n.Cond)
		if !ok || cond.k != fkBool {
			return fnode{}, false
		}
		if cond.konst {
			if cond.b(nil) {
				return fc.node(n.Exp1)
			}
			return fc.node(n.Exp2)
		}
		x, ok1 := fc.node(n.Exp1)
		y, ok2 := fc.node(n.Exp2)
		if !ok1 || !ok2 || x.k != y.k {
			return fnode{}, false
		}
		c := cond.b
		out := fnode{k: x.k}
		switch x.k {
		case fkInt:
			out.i = func(e *fenv) int {
				if c(e) {
					return x.i(e)
				}
				return y.i(e)
			}
		case fkFloat:
			out.f = func(e *fenv) float64 {
				if c(e) {
					return x.f(e)
				}
				return y.f(e)
			}
		case fkStr:
			out.s = func(e *fenv) string {
				if c(e) {
					return x.s(e)
				}
				return y.s(e)
			}
		case fkBool:
			out.b = func(e *fenv) bool {
				if c(e) {
					return x.b(e)
				}
				return y.b(e)
			}
		default:
			return fnode{}, false
		}
		return out, true
	case *ast.BuiltinNode:
		if _, shadowed := fc.env[n.Name]; shadowed || len(n.Arguments) != 1 {
			return fnode{}, false
		}
		x, ok := fc.node(n.Arguments[0])
		if !ok {
			return fnode{}, false
		}
		return fold(call(n.Name, x))
	}
	return fnode{}, false
}

// ident resolves a bare name: a variable's plain values, the self
// variable's attribute, or an environment entry.
func (fc *fastCompiler) ident(name string) (fnode, bool) {
	if slot, ok := fc.slot[name]; ok {
		vals := fc.vars[slot].vals
		if vals == nil {
			return fnode{}, false // a record used whole
		}
		if x := fc.fixed[slot]; x >= 0 {
			return scalar(vals[x])
		}
		return column(slot, vals)
	}
	if fc.self >= 0 {
		in := 0
		for _, r := range fc.vars[fc.self].recs {
			if _, ok := r[name]; ok {
				in++
			}
		}
		if in == len(fc.vars[fc.self].recs) && in > 0 {
			return fc.attr(fc.self, name)
		}
		if in > 0 {
			return fnode{}, false // on some records only
		}
	}
	v, ok := fc.env[name]
	if !ok {
		return fnode{}, false
	}
	return scalar(v)
}

// fold replaces a node that reads no variable by its value.
func fold(n fnode, ok bool) (fnode, bool) {
	if !ok {
		return n, false
	}
	if n.konst {
		return konst(n)
	}
	return n, true
}

func unary(op string, x fnode) (fnode, bool) {
	out := fnode{konst: x.konst}
	switch {
	case (op == "!" || op == "not") && x.k == fkBool:
		out.k, out.b = fkBool, func(e *fenv) bool { return !x.b(e) }
	case op == "-" && x.k == fkInt:
		out.k, out.i = fkInt, func(e *fenv) int { return -x.i(e) }
	case op == "-" && x.k == fkFloat:
		out.k, out.f = fkFloat, func(e *fenv) float64 { return -x.f(e) }
	case op == "+" && (x.k == fkInt || x.k == fkFloat):
		return x, true
	default:
		return fnode{}, false
	}
	return out, true
}

func call(name string, x fnode) (fnode, bool) {
	if _, ok := builtin.Index[name]; !ok {
		return fnode{}, false
	}
	out := fnode{konst: x.konst}
	switch {
	case name == "abs" && x.k == fkInt:
		out.k, out.i = fkInt, func(e *fenv) int {
			if v := x.i(e); v < 0 {
				return -v
			} else {
				return v
			}
		}
	case name == "abs" && x.k == fkFloat:
		out.k, out.f = fkFloat, func(e *fenv) float64 {
			if v := x.f(e); v < 0 {
				return -v
			} else {
				return v
			}
		}
	case name == "string" && x.k == fkInt:
		out.k, out.s = fkStr, func(e *fenv) string { return strconv.Itoa(x.i(e)) }
	case name == "string" && x.k == fkStr:
		return x, true
	case name == "string" && x.k == fkBool:
		out.k, out.s = fkStr, func(e *fenv) string { return strconv.FormatBool(x.b(e)) }
	case name == "string" && x.k == fkFloat:
		out.k, out.s = fkStr, func(e *fenv) string { return fmt.Sprintf("%v", x.f(e)) }
	default:
		return fnode{}, false
	}
	return out, true
}

func numeric(k fkind) bool { return k == fkInt || k == fkFloat }

// asFloat reads an int or float node as a float, as expr's helpers
// convert mixed operands.
func asFloat(x fnode) func(*fenv) float64 {
	if x.k == fkFloat {
		return x.f
	}
	i := x.i
	return func(e *fenv) float64 { return float64(i(e)) }
}

func (fc *fastCompiler) binary(n *ast.BinaryNode) (fnode, bool) {
	x, ok := fc.node(n.Left)
	if !ok {
		return fnode{}, false
	}
	op := n.Operator
	// && and || short-circuit: a constant left side decides alone, as in
	// expr, which never evaluates the right side then.
	if op == "&&" || op == "and" || op == "||" || op == "or" {
		if x.k != fkBool {
			return fnode{}, false
		}
		and := op == "&&" || op == "and"
		if x.konst {
			if x.b(nil) != and {
				return x, true // false && …, true || …
			}
			y, ok := fc.node(n.Right)
			if !ok || y.k != fkBool {
				return fnode{}, false
			}
			return y, true
		}
		y, ok := fc.node(n.Right)
		if !ok || y.k != fkBool {
			return fnode{}, false
		}
		a, b := x.b, y.b
		if and {
			return fnode{k: fkBool, b: func(e *fenv) bool { return a(e) && b(e) }}, true
		}
		return fnode{k: fkBool, b: func(e *fenv) bool { return a(e) || b(e) }}, true
	}
	y, ok := fc.node(n.Right)
	if !ok {
		return fnode{}, false
	}
	if fc.game != nil && x.k == fkInt && y.k == fkInt && (op == "+" || op == "-" || op == "*") {
		return fold(checkedOp(op, x, y))
	}
	return fold(binop(op, x, y))
}

// checkedOp is integer +, - or * failing on overflow, as checkedArithmetic
// makes a score's.
func checkedOp(op string, x, y fnode) (fnode, bool) {
	a, b := x.i, y.i
	out := fnode{k: fkInt, konst: x.konst && y.konst}
	switch op {
	case "+":
		out.i = func(e *fenv) int {
			p, q := a(e), b(e)
			n := p + q
			if (n > p) != (q > 0) {
				e.fail = true
			}
			return n
		}
	case "-":
		out.i = func(e *fenv) int {
			p, q := a(e), b(e)
			n := p - q
			if (n < p) != (q > 0) {
				e.fail = true
			}
			return n
		}
	default:
		out.i = func(e *fenv) int {
			p, q := a(e), b(e)
			if p == 0 || q == 0 {
				return 0
			}
			n := p * q
			if n/q != p || (p == -1 && q == math.MinInt) || (q == -1 && p == math.MinInt) {
				e.fail = true
			}
			return n
		}
	}
	return out, true
}

func binop(op string, x, y fnode) (fnode, bool) {
	out := fnode{konst: x.konst && y.konst}
	both := func(k fkind) bool { return x.k == k && y.k == k }
	mixed := numeric(x.k) && numeric(y.k) && !both(fkInt)
	switch op {
	case "==", "!=":
		var eq func(*fenv) bool
		switch {
		case both(fkInt):
			a, b := x.i, y.i
			eq = func(e *fenv) bool { return a(e) == b(e) }
		case mixed:
			a, b := asFloat(x), asFloat(y)
			eq = func(e *fenv) bool { return a(e) == b(e) }
		case both(fkStr):
			a, b := x.s, y.s
			eq = func(e *fenv) bool { return a(e) == b(e) }
		case both(fkBool):
			a, b := x.b, y.b
			eq = func(e *fenv) bool { return a(e) == b(e) }
		default:
			return fnode{}, false
		}
		out.k, out.b = fkBool, eq
		if op == "!=" {
			out.b = func(e *fenv) bool { return !eq(e) }
		}
		return out, true
	case "<", ">", "<=", ">=":
		out.k = fkBool
		switch {
		case both(fkInt):
			a, b := x.i, y.i
			switch op {
			case "<":
				out.b = func(e *fenv) bool { return a(e) < b(e) }
			case ">":
				out.b = func(e *fenv) bool { return a(e) > b(e) }
			case "<=":
				out.b = func(e *fenv) bool { return a(e) <= b(e) }
			default:
				out.b = func(e *fenv) bool { return a(e) >= b(e) }
			}
		case mixed:
			a, b := asFloat(x), asFloat(y)
			switch op {
			case "<":
				out.b = func(e *fenv) bool { return a(e) < b(e) }
			case ">":
				out.b = func(e *fenv) bool { return a(e) > b(e) }
			case "<=":
				out.b = func(e *fenv) bool { return a(e) <= b(e) }
			default:
				out.b = func(e *fenv) bool { return a(e) >= b(e) }
			}
		case both(fkStr):
			a, b := x.s, y.s
			switch op {
			case "<":
				out.b = func(e *fenv) bool { return a(e) < b(e) }
			case ">":
				out.b = func(e *fenv) bool { return a(e) > b(e) }
			case "<=":
				out.b = func(e *fenv) bool { return a(e) <= b(e) }
			default:
				out.b = func(e *fenv) bool { return a(e) >= b(e) }
			}
		default:
			return fnode{}, false
		}
		return out, true
	case "+", "-", "*":
		switch {
		case both(fkInt):
			a, b := x.i, y.i
			out.k = fkInt
			switch op {
			case "+":
				out.i = func(e *fenv) int { return a(e) + b(e) }
			case "-":
				out.i = func(e *fenv) int { return a(e) - b(e) }
			default:
				out.i = func(e *fenv) int { return a(e) * b(e) }
			}
		case mixed:
			a, b := asFloat(x), asFloat(y)
			out.k = fkFloat
			switch op {
			case "+":
				out.f = func(e *fenv) float64 { return a(e) + b(e) }
			case "-":
				out.f = func(e *fenv) float64 { return a(e) - b(e) }
			default:
				out.f = func(e *fenv) float64 { return a(e) * b(e) }
			}
		case op == "+" && both(fkStr):
			a, b := x.s, y.s
			out.k, out.s = fkStr, func(e *fenv) string { return a(e) + b(e) }
		default:
			return fnode{}, false
		}
		return out, true
	case "/":
		if !numeric(x.k) || !numeric(y.k) {
			return fnode{}, false
		}
		a, b := asFloat(x), asFloat(y)
		out.k, out.f = fkFloat, func(e *fenv) float64 { return a(e) / b(e) }
		return out, true
	case "%":
		if !both(fkInt) {
			return fnode{}, false
		}
		a, b := x.i, y.i
		out.k, out.i = fkInt, func(e *fenv) int {
			d := b(e)
			if d == 0 {
				e.fail = true // expr reports an error: let it
				return 0
			}
			return a(e) % d
		}
		return out, true
	case "in":
		if x.k != fkStr || y.k != fkStrs {
			return fnode{}, false
		}
		a, b := x.s, y.ss
		out.k, out.b = fkBool, func(e *fenv) bool {
			s := a(e)
			for _, v := range b(e) {
				if v == s {
					return true
				}
			}
			return false
		}
		return out, true
	}
	return fnode{}, false
}
