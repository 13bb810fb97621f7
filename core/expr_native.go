package core

// Native evaluation of the state expressions built from position
// functions. A condition such as `line(to, 3)`, `!empty(from)` or
// `pieces_in("", "") + hand() <= 2` is compiled at load into Go closures
// over the State, with no VM run and no allocation. The subset: integer
// and boolean literals; + - * on integers; comparisons of integers; ! && ||;
// and the calls line, formed, line_exactly, formed_exactly, flanks,
// clear_path, empty, mine, enemy, near (with a literal
// what), pieces and pieces_in (with literal names), hand, zone, with cells given as from, to
// or a literal name. The seat in question is the seat to move (the mover in
// a move's condition, as in the VM's environment). Anything else returns
// nil, and the VM runs the expression as before.

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

type nativeBool func(s *State, from, to int) bool
type nativeInt func(s *State, from, to int) int

// nativeCond compiles a boolean expression, or returns nil.
func (c *compiler) nativeCond(n ast.Node) nativeBool {
	b, _ := c.frameRoot(n)
	return b
}

// native compiles n into a boolean or an integer closure (one of them set).
// Set functions are compiled only under frameRoot, which gathers their sets
// at the start of each evaluation (expr_setframe.go).
func (c *compiler) native(n ast.Node) (nativeBool, nativeInt) {
	g := c.g
	switch x := n.(type) {
	case *ast.IntegerNode:
		v := x.Value
		return nil, func(*State, int, int) int { return v }
	case *ast.BoolNode:
		v := x.Value
		return func(*State, int, int) bool { return v }, nil

	case *ast.UnaryNode:
		b, i := c.native(x.Node)
		switch {
		case (x.Operator == "!" || x.Operator == "not") && b != nil:
			return func(s *State, f, t int) bool { return !b(s, f, t) }, nil
		case x.Operator == "-" && i != nil:
			return nil, func(s *State, f, t int) int { return -i(s, f, t) }
		}
		return nil, nil
	case *ast.BinaryNode:
		if f := c.nativeSeatCompare(x); f != nil {
			return f, nil
		}
		if f, ok := c.nativeOneOf(x); ok {
			return f, nil
		}
		if x.Operator == "+" || x.Operator == "-" {
			// each part is compiled once, here or below: compiling it
			// twice would double the work at every level of nesting
			k := 0
			if leaves := sumLeaves(x, 1, nil, &k); len(leaves) >= 3 {
				terms := make([]linTerm, len(leaves))
				for j, l := range leaves {
					if _, terms[j].f = c.native(l.n); terms[j].f == nil {
						return nil, nil // so would the sum be
					}
					terms[j].coef = l.coef
				}
				return nil, linearSum(terms, k)
			}
		}
		lb, li := c.native(x.Left)
		rb, ri := c.native(x.Right)
		if lb != nil && rb != nil {
			switch x.Operator {
			case "&&", "and":
				return func(s *State, f, t int) bool { return lb(s, f, t) && rb(s, f, t) }, nil
			case "||", "or":
				return func(s *State, f, t int) bool { return lb(s, f, t) || rb(s, f, t) }, nil
			case "==":
				return func(s *State, f, t int) bool { return lb(s, f, t) == rb(s, f, t) }, nil
			case "!=":
				return func(s *State, f, t int) bool { return lb(s, f, t) != rb(s, f, t) }, nil
			}
			return nil, nil
		}
		if li == nil || ri == nil {
			return nil, nil
		}
		if k, ok := x.Right.(*ast.IntegerNode); ok {
			// a comparison with a literal: one closure call less
			v := k.Value
			switch x.Operator {
			case "<":
				return func(s *State, f, t int) bool { return li(s, f, t) < v }, nil
			case "<=":
				return func(s *State, f, t int) bool { return li(s, f, t) <= v }, nil
			case ">":
				return func(s *State, f, t int) bool { return li(s, f, t) > v }, nil
			case ">=":
				return func(s *State, f, t int) bool { return li(s, f, t) >= v }, nil
			case "==":
				return func(s *State, f, t int) bool { return li(s, f, t) == v }, nil
			case "!=":
				return func(s *State, f, t int) bool { return li(s, f, t) != v }, nil
			case "+":
				return nil, func(s *State, f, t int) int { return li(s, f, t) + v }
			case "-":
				return nil, func(s *State, f, t int) int { return li(s, f, t) - v }
			case "*":
				return nil, func(s *State, f, t int) int { return li(s, f, t) * v }
			}
		}
		if k, ok := x.Left.(*ast.IntegerNode); ok {
			// a literal times or plus an expression: as above
			v := k.Value
			switch x.Operator {
			case "+":
				return nil, func(s *State, f, t int) int { return v + ri(s, f, t) }
			case "*":
				return nil, func(s *State, f, t int) int { return v * ri(s, f, t) }
			}
		}
		switch x.Operator {
		case "+":
			return nil, func(s *State, f, t int) int { return li(s, f, t) + ri(s, f, t) }
		case "-":
			return nil, func(s *State, f, t int) int { return li(s, f, t) - ri(s, f, t) }
		case "*":
			return nil, func(s *State, f, t int) int { return li(s, f, t) * ri(s, f, t) }
		case "<":
			return func(s *State, f, t int) bool { return li(s, f, t) < ri(s, f, t) }, nil
		case "<=":
			return func(s *State, f, t int) bool { return li(s, f, t) <= ri(s, f, t) }, nil
		case ">":
			return func(s *State, f, t int) bool { return li(s, f, t) > ri(s, f, t) }, nil
		case ">=":
			return func(s *State, f, t int) bool { return li(s, f, t) >= ri(s, f, t) }, nil
		case "==":
			return func(s *State, f, t int) bool { return li(s, f, t) == ri(s, f, t) }, nil
		case "!=":
			return func(s *State, f, t int) bool { return li(s, f, t) != ri(s, f, t) }, nil
		}
		return nil, nil
	case *ast.CallNode:
		id, ok := x.Callee.(*ast.IdentifierNode)
		if !ok {
			return nil, nil
		}
		return c.nativeCall(id.Value, x.Arguments)
	case *ast.ConditionalNode:
		cb, _ := c.native(x.Cond)
		if cb == nil {
			return nil, nil
		}
		ab, ai := c.native(x.Exp1)
		bb, bi := c.native(x.Exp2)
		ka, litA := x.Exp1.(*ast.IntegerNode)
		kb, litB := x.Exp2.(*ast.IntegerNode)
		switch {
		case litA && litB:
			// c ? 2 : 0: no closure call for the values
			a, b := ka.Value, kb.Value
			return nil, func(s *State, f, t int) int {
				if cb(s, f, t) {
					return a
				}
				return b
			}
		case litB && ai != nil:
			b := kb.Value
			return nil, func(s *State, f, t int) int {
				if cb(s, f, t) {
					return ai(s, f, t)
				}
				return b
			}
		case ai != nil && bi != nil:
			return nil, func(s *State, f, t int) int {
				if cb(s, f, t) {
					return ai(s, f, t)
				}
				return bi(s, f, t)
			}
		case ab != nil && bb != nil:
			return func(s *State, f, t int) bool {
				if cb(s, f, t) {
					return ab(s, f, t)
				}
				return bb(s, f, t)
			}, nil
		}
		return nil, nil
	case *ast.IdentifierNode:
		if x.Value == "ply" {
			return nil, func(s *State, _, _ int) int { return s.Ply() }
		}
		if v, ok := c.paramInt(x.Value); ok {
			return nil, func(*State, int, int) int { return v }
		}
		if v, ok := c.paramBool(x.Value); ok {
			return func(*State, int, int) bool { return v }, nil
		}
	}
	_ = g
	return nil, nil
}

func (c *compiler) nativeCall(name string, args []ast.Node) (nativeBool, nativeInt) {
	g := c.g
	cellArg := func(a ast.Node) (func(from, to int) int, bool) {
		switch x := a.(type) {
		case *ast.IdentifierNode:
			switch x.Value {
			case "from":
				return func(from, _ int) int { return from }, true
			case "to":
				return func(_, to int) int { return to }, true
			}
		case *ast.StringNode:
			if i, ok := g.board.Index(x.Value); ok {
				return func(int, int) int { return i }, true
			}
		}
		return nil, false
	}
	// cellOrLast is cellArg, last_to() included.
	cellOrLast := func(a ast.Node) (func(s *State, from, to int) int, bool) {
		if call, ok := a.(*ast.CallNode); ok && len(call.Arguments) == 0 {
			if id, ok := call.Callee.(*ast.IdentifierNode); ok && id.Value == "last_to" {
				return func(s *State, _, _ int) int { return s.LastTarget() }, true
			}
		}
		f, ok := cellArg(a)
		if !ok {
			return nil, false
		}
		return func(_ *State, from, to int) int { return f(from, to) }, true
	}
	intArg := func(a ast.Node) (int, bool) {
		switch x := a.(type) {
		case *ast.IntegerNode:
			return x.Value, true
		case *ast.IdentifierNode:
			return c.paramInt(x.Value) // expr_native_params.go
		}
		return 0, false
	}
	strArg := func(a ast.Node) (string, bool) {
		x, ok := a.(*ast.StringNode)
		if !ok {
			return "", false
		}
		return x.Value, true
	}
	switch name {
	case "line", "line_exactly":
		if len(args) != 2 {
			return nil, nil
		}
		cell, ok1 := cellArg(args[0])
		k, ok2 := intArg(args[1])
		if !ok1 || !ok2 {
			return nil, nil
		}
		exact := name == "line_exactly"
		if !exact {
			g.needWindows(k)
		}
		return func(s *State, from, to int) bool {
			x := cell(from, to)
			return x >= 0 && s.inLineOf(x, k, exact)
		}, nil
	case "formed", "formed_exactly":
		if len(args) != 1 {
			return nil, nil
		}
		k, ok := intArg(args[0])
		if !ok {
			return nil, nil
		}
		exact := name == "formed_exactly"
		if !exact {
			g.needWindows(k)
		}
		return func(s *State, _, _ int) bool {
			return s.LastTarget() >= 0 && s.inLineOf(s.LastTarget(), k, exact)
		}, nil
	case "clear_path":
		if len(args) != 2 {
			return nil, nil
		}
		a, ok1 := cellOrLast(args[0])
		b, ok2 := cellOrLast(args[1])
		if !ok1 || !ok2 {
			return nil, nil
		}
		if tab := g.clearPathTable(); tab != nil { // expr_native_params.go
			return func(s *State, from, to int) bool {
				x, y := a(s, from, to), b(s, from, to)
				return x >= 0 && y >= 0 && tab.clear(s, x, y)
			}, nil
		}
		return func(s *State, from, to int) bool {
			x, y := a(s, from, to), b(s, from, to)
			return x >= 0 && y >= 0 && s.clearPath(x, y)
		}, nil
	case "flanks":
		if len(args) != 1 {
			return nil, nil
		}
		cell, ok := cellArg(args[0])
		if !ok {
			return nil, nil
		}
		return nil, func(s *State, from, to int) int { return s.flanks(cell(from, to), s.ToMove()) }
	case "empty", "mine", "enemy":
		if len(args) != 1 {
			return nil, nil
		}
		cell, ok := cellArg(args[0])
		if !ok {
			return nil, nil
		}
		what := map[string]string{"empty": "empty", "mine": "own", "enemy": "enemy"}[name]
		return func(s *State, from, to int) bool {
			x := cell(from, to)
			return x >= 0 && s.is(x, what, s.ToMove())
		}, nil
	case "near":
		if len(args) != 2 {
			return nil, nil
		}
		cell, ok1 := cellArg(args[0])
		what, ok2 := strArg(args[1])
		if !ok1 || !ok2 {
			return nil, nil
		}
		return nil, func(s *State, from, to int) int {
			x := cell(from, to)
			if x < 0 {
				return 0
			}
			n := 0
			for _, y := range s.g.board.Adjacent(x) {
				if s.is(int(y), what, s.ToMove()) {
					n++
				}
			}
			return n
		}
	case "pieces":
		if len(args) != 1 {
			return nil, nil
		}
		ks, ok := strArg(args[0])
		if !ok {
			return nil, nil
		}
		k, known := g.KindIndex(ks)
		if !known {
			return nil, nil
		}
		var of []int32 // the pieces of that kind
		for p, pk := range g.pieceKind {
			if int(pk) == k {
				of = append(of, int32(p))
			}
		}
		return nil, func(s *State, _, _ int) int {
			pos := s.buf[s.g.lay.pos:]
			n := 0
			for _, p := range of {
				if pos[p] != 0 {
					n++
				}
			}
			return n
		}
	case "hand":
		if len(args) != 0 {
			return nil, nil
		}
		return nil, func(s *State, _, _ int) int { return s.handLeftAll(s.ToMove()) }
	case "zone":
		f := g.zoneCall(args)
		if f == nil {
			return nil, nil
		}
		return nil, func(s *State, _, _ int) int { return f(s, s.ToMove()) }
	case "zone_of":
		f := g.zoneOfCall(args)
		if f == nil {
			return nil, nil
		}
		return nil, func(s *State, _, _ int) int { return f(s) }
	case "pieces_in":
		if len(args) != 2 {
			return nil, nil
		}
		ks, ok1 := strArg(args[0])
		rs, ok2 := strArg(args[1])
		if !ok1 || !ok2 {
			return nil, nil
		}
		k := -1
		if ks != "" {
			var ok bool
			if k, ok = g.KindIndex(ks); !ok {
				return nil, nil
			}
		}
		if rs == "" {
			return nil, func(s *State, _, _ int) int { return s.countPieces(s.ToMove(), k) }
		}
		ref, ok := g.regionRefs[rs]
		if !ok {
			return nil, nil
		}
		return nil, func(s *State, _, _ int) int { return s.countIn(g.cells(ref, s.ToMove()), s.ToMove(), k) }
	}
	if b, i := c.nativeSet(name, args); b != nil || i != nil {
		return b, i
	}
	return c.nativeStanding(name, args)
}

// nativeSrcBool compiles an expression already checked (compileExpr) into
// a native boolean closure, or returns nil.
func (c *compiler) nativeSrcBool(src string) nativeBool {
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	b, _ := c.frameRoot(tree.Node)
	return b
}

// nativeSrcInt compiles an expression already checked into a native
// integer closure, or returns nil.
func (c *compiler) nativeSrcInt(src string) nativeInt {
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	_, i := c.frameRoot(tree.Node)
	return i
}

// evalNativeFor runs a native integer closure with seat as the seat in
// question: the native closures read it as the seat to move, which is set
// for the call and restored (the hash word is left alone: nothing reads it
// in between).
func (s *State) evalNativeFor(seat int, f nativeInt) int {
	me := s.buf[hToMove]
	s.buf[hToMove] = int32(seat)
	v := f(s, -1, -1)
	s.buf[hToMove] = me
	return v
}

// linTerm is one term of a sum: coef times f's value.
type linTerm struct {
	coef int
	f    nativeInt
}

// linLeaf is one term of a sum before it is compiled.
type linLeaf struct {
	coef int
	n    ast.Node
}

// sumLeaves flattens n, times sign, into the terms of a sum and a
// constant added to k: a sum or a difference is split, a product with a
// literal keeps the literal as a factor of its terms' coefficients (2 *
// (a + b): 2a + 2b, the same in wrapping integer arithmetic), anything
// else is a term. Nothing is compiled.
func sumLeaves(n ast.Node, sign int, leaves []linLeaf, k *int) []linLeaf {
	switch x := n.(type) {
	case *ast.IntegerNode:
		*k += sign * x.Value
		return leaves
	case *ast.UnaryNode:
		if x.Operator == "-" {
			return sumLeaves(x.Node, -sign, leaves, k)
		}
	case *ast.BinaryNode:
		switch x.Operator {
		case "+", "-":
			leaves = sumLeaves(x.Left, sign, leaves, k)
			if x.Operator == "-" {
				return sumLeaves(x.Right, -sign, leaves, k)
			}
			return sumLeaves(x.Right, sign, leaves, k)
		case "*":
			if lit, ok := x.Left.(*ast.IntegerNode); ok {
				return sumLeaves(x.Right, sign*lit.Value, leaves, k)
			}
			if lit, ok := x.Right.(*ast.IntegerNode); ok {
				return sumLeaves(x.Left, sign*lit.Value, leaves, k)
			}
		}
	}
	return append(leaves, linLeaf{sign, n})
}

// linearSum returns the closure of the sum of terms (three or more) plus
// k: one closure whose calls of the terms are each their own call site
// (up to six terms), instead of a tree of closures of two operands each.
func linearSum(terms []linTerm, k int) nativeInt {
	c := make([]int, 6)
	f := make([]nativeInt, 6)
	for i, t := range terms {
		if i < 6 {
			c[i], f[i] = t.coef, t.f
		}
	}
	c0, c1, c2, c3, c4, c5 := c[0], c[1], c[2], c[3], c[4], c[5]
	f0, f1, f2, f3, f4, f5 := f[0], f[1], f[2], f[3], f[4], f[5]
	switch len(terms) {
	case 3:
		return func(s *State, from, to int) int {
			return c0*f0(s, from, to) + c1*f1(s, from, to) + c2*f2(s, from, to) + k
		}
	case 4:
		return func(s *State, from, to int) int {
			return c0*f0(s, from, to) + c1*f1(s, from, to) + c2*f2(s, from, to) + c3*f3(s, from, to) + k
		}
	case 5:
		return func(s *State, from, to int) int {
			return c0*f0(s, from, to) + c1*f1(s, from, to) + c2*f2(s, from, to) + c3*f3(s, from, to) +
				c4*f4(s, from, to) + k
		}
	case 6:
		return func(s *State, from, to int) int {
			return c0*f0(s, from, to) + c1*f1(s, from, to) + c2*f2(s, from, to) + c3*f3(s, from, to) +
				c4*f4(s, from, to) + c5*f5(s, from, to) + k
		}
	}
	return func(s *State, from, to int) int {
		v := k
		for _, t := range terms {
			v += t.coef * t.f(s, from, to)
		}
		return v
	}
}

// nativeOneOf compiles E == a || E == b || … (the same integer expression
// E compared with literals) into one closure evaluating E once. ok is
// false when x is not that; f is nil when E is not native (nor then is
// x).
func (c *compiler) nativeOneOf(x *ast.BinaryNode) (f nativeBool, ok bool) {
	if x.Operator != "||" && x.Operator != "or" {
		return nil, false
	}
	var lits []int
	e := ""
	var walk func(n ast.Node) (ast.Node, bool)
	walk = func(n ast.Node) (ast.Node, bool) {
		b, ok := n.(*ast.BinaryNode)
		if !ok {
			return nil, false
		}
		if b.Operator == "||" || b.Operator == "or" {
			l, ok1 := walk(b.Left)
			_, ok2 := walk(b.Right)
			return l, ok1 && ok2
		}
		k, ok := b.Right.(*ast.IntegerNode)
		if b.Operator != "==" || !ok {
			return nil, false
		}
		if s := b.Left.String(); e == "" {
			e = s
		} else if s != e {
			return nil, false
		}
		lits = append(lits, k.Value)
		return b.Left, true
	}
	n, ok := walk(x)
	if !ok {
		return nil, false
	}
	_, v := c.native(n)
	if v == nil {
		return nil, true
	}
	if len(lits) == 2 {
		a, b := lits[0], lits[1]
		return func(s *State, from, to int) bool {
			x := v(s, from, to)
			return x == a || x == b
		}, true
	}
	return func(s *State, from, to int) bool {
		x := v(s, from, to)
		for _, k := range lits {
			if x == k {
				return true
			}
		}
		return false
	}, true
}
