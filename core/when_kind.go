package core

// A move condition over a piece kind that only bounds one of the kind's
// attributes, such as a transfer's
//
//	when = 'total("played:value") + kind_attr(kind, "value") <= 31'
//
// holds for kind k exactly when the attribute's value for k meets a bound
// that does not depend on the kind (here 31 − total("played:value")).
// Such a condition is compiled into the attribute's column, the comparison
// and the bound, so that move generation computes the bound once and
// compares each kind's value with it, instead of evaluating the whole
// condition once per kind.

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// kindBound is a condition that holds for kind k when col[k] op bound(s).
type kindBound struct {
	col   []int32
	op    string // <, <=, >, >=, ==, !=
	bound nativeInt
	// masks, for a game of at most 64 kinds whose column spans a small
	// range lo…hi: masks[i] holds the kinds that meet the bound
	// lo − 1 + i, for the bounds lo − 1 … hi + 1 (a bound beyond them
	// keeps the same kinds as the nearest end); nil otherwise
	masks []uint64
	lo    int
}

// maxBoundMasks bounds the masks a kind bound tables.
const maxBoundMasks = 256

// tableMasks fills b.masks for a game of nk kinds.
func (b *kindBound) tableMasks(nk int) {
	if nk > 64 || len(b.col) < nk || nk == 0 {
		return
	}
	lo, hi := int(b.col[0]), int(b.col[0])
	for _, v := range b.col[:nk] {
		lo, hi = min(lo, int(v)), max(hi, int(v))
	}
	if hi-lo+3 > maxBoundMasks {
		return
	}
	b.lo = lo
	b.masks = make([]uint64, hi-lo+3)
	for i := range b.masks {
		for k := 0; k < nk; k++ {
			if b.holds(k, lo-1+i) {
				b.masks[i] |= 1 << uint(k)
			}
		}
	}
}

// maskFor returns the kinds that meet bound (masks must be tabled): the
// bound is clamped to the tabled range without a branch.
func (b *kindBound) maskFor(bound int) uint64 {
	i := min(max(bound-b.lo+1, 0), len(b.masks)-1)
	return b.masks[i]
}

// holds compares kind k's value with a bound computed by the caller.
func (b *kindBound) holds(k, bound int) bool {
	v := 0
	if k >= 0 && k < len(b.col) {
		v = int(b.col[k])
	}
	switch b.op {
	case "<":
		return v < bound
	case "<=":
		return v <= bound
	case ">":
		return v > bound
	case ">=":
		return v >= bound
	case "==":
		return v == bound
	}
	return v != bound
}

// b2i is 1 for true and 0 for false (compiled without a branch).
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// flippedOp is the comparison with its sides swapped (a < b is b > a).
var flippedOp = map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}

// compileKindBound recognises a condition of the form A + E op F (or
// E + A, or A alone, on either side of the comparison), where A is
// kind_attr(kind, "ATTR") and E and F are integer expressions that do not
// read kind and that the native evaluator compiles; nil otherwise.
func (c *compiler) compileKindBound(src string) *kindBound {
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	cmp, ok := tree.Node.(*ast.BinaryNode)
	if !ok {
		return nil
	}
	op, ok := flippedOp[cmp.Operator]
	if !ok {
		return nil
	}
	attrSide, other := cmp.Left, cmp.Right
	a, rest := c.attrTerm(attrSide)
	if a < 0 {
		attrSide, other = cmp.Right, cmp.Left
		if a, rest = c.attrTerm(attrSide); a < 0 {
			return nil
		}
	} else {
		op = cmp.Operator
	}
	if nodeReads(other, "kind") || (rest != nil && nodeReads(rest, "kind")) {
		return nil
	}
	_, f := c.native(other)
	if f == nil {
		return nil
	}
	bound := f
	if rest != nil {
		_, e := c.native(rest)
		if e == nil {
			return nil
		}
		bound = func(s *State, from, to int) int { return f(s, from, to) - e(s, from, to) }
	}
	return &kindBound{col: c.g.attrs[a], op: op, bound: bound}
}

// attrTerm splits n into kind_attr(kind, "ATTR") (its attribute index) and
// the term added to it (nil: none); -1 when n is not of that form.
func (c *compiler) attrTerm(n ast.Node) (int, ast.Node) {
	if a := c.kindAttrCall(n); a >= 0 {
		return a, nil
	}
	bin, ok := n.(*ast.BinaryNode)
	if !ok || bin.Operator != "+" {
		return -1, nil
	}
	if a := c.kindAttrCall(bin.Left); a >= 0 {
		return a, bin.Right
	}
	if a := c.kindAttrCall(bin.Right); a >= 0 {
		return a, bin.Left
	}
	return -1, nil
}

// kindAttrCall returns the attribute index of kind_attr(kind, "ATTR"), or
// -1 when n is not such a call of a known attribute.
func (c *compiler) kindAttrCall(n ast.Node) int {
	call, ok := n.(*ast.CallNode)
	if !ok || len(call.Arguments) != 2 {
		return -1
	}
	id, ok := call.Callee.(*ast.IdentifierNode)
	if !ok || id.Value != "kind_attr" {
		return -1
	}
	k, ok1 := call.Arguments[0].(*ast.IdentifierNode)
	at, ok2 := call.Arguments[1].(*ast.StringNode)
	if !ok1 || !ok2 || k.Value != "kind" {
		return -1
	}
	a := c.g.attrIndex(at.Value, false)
	if a < 0 || a >= len(c.g.attrs) {
		return -1
	}
	return a
}

// nodeReads reports whether the expression n names the identifier name.
func nodeReads(n ast.Node, name string) bool {
	v := &identVisitor{names: map[string]bool{}}
	ast.Walk(&n, v)
	return v.names[name]
}
