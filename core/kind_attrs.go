package core

// Piece-kind attributes and kind families.
//
// A [pieces.NAME] table may declare `dims`, a table of dimensions, each a
// list of labels: the table then declares one kind per combination (the
// first dimension varies slowest), named by joining the labels ("5H").
// Every kind may carry `attrs`, integer attributes given as integers or as
// expressions evaluated at load over the parameters, the kind's dimensions
// (each read as the 1-based position of its label) and the attributes
// written before it. Attributes are integer columns per kind, read by the
// set functions of expressions (expr_sets.go) without allocating.

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr"

	"rulesmith/core/diag"
)

// Keys of [pieces.NAME] that declare attributes.
var (
	dimsKey = Key{Name: "dims", Type: TTable,
		Doc: `DIM = ["label", …]: one kind per combination of the labels, named by joining them (first dimension slowest); each dimension is an attribute, the label's 1-based position`}
	attrsKey = Key{Name: "attrs", Type: TTable,
		Doc: "NAME = int or expr: integer attributes of the kind, evaluated at load over [params], the dimensions and the attributes written before"}
)

// maxAttrs bounds the attributes a variant may declare.
const maxAttrs = 64

// maxFamily bounds the kinds one family may declare.
const maxFamily = 1024

// kindFamily expands the dimensions of [pieces.NAME] (p) into kind names
// and, per kind, the ordinals of its labels; ok is false after an error.
// Without dims the family is the one kind NAME.
func (c *compiler) kindFamily(p, name string) (names []string, dims []string, ords [][]int, ok bool) {
	r := c.r
	dp := p + ".dims"
	if !r.Has(dp) {
		return []string{name}, nil, [][]int{nil}, true
	}
	dims = r.Keys(dp, nil)
	if len(dims) == 0 {
		r.ValueErrorf(dp, "%s: want at least one dimension", dp)
		return nil, nil, nil, false
	}
	labels := make([][]string, len(dims))
	total := 1
	for i, d := range dims {
		if !validIdent(d) {
			r.Errorf(dp+"."+d, "%s: %q is not a valid dimension name (letters, digits and _, not starting with a digit)", dp, d)
			return nil, nil, nil, false
		}
		labels[i] = r.Strings(dp + "." + d)
		if len(labels[i]) == 0 {
			r.ValueErrorf(dp+"."+d, "%s.%s: want a list of one or more labels", dp, d)
			return nil, nil, nil, false
		}
		seen := map[string]bool{}
		for _, l := range labels[i] {
			if l == "" || strings.ContainsAny(l, " \t+-:,") || seen[l] {
				r.ValueErrorf(dp+"."+d, "%s.%s: label %q is empty, repeated or holds a space or one of + - : ,", dp, d, l)
				return nil, nil, nil, false
			}
			seen[l] = true
		}
		total *= len(labels[i])
		if total > maxFamily {
			r.ValueErrorf(dp, "%s: more than %d kinds", dp, maxFamily)
			return nil, nil, nil, false
		}
	}
	idx := make([]int, len(dims))
	for n := 0; n < total; n++ {
		rem := n
		for i := len(dims) - 1; i >= 0; i-- {
			idx[i] = rem % len(labels[i])
			rem /= len(labels[i])
		}
		var b strings.Builder
		o := make([]int, len(dims))
		for i := range dims {
			b.WriteString(labels[i][idx[i]])
			o[i] = idx[i] + 1
		}
		names = append(names, b.String())
		ords = append(ords, o)
	}
	return names, dims, ords, true
}

// attrIndex returns the column of attribute name, adding it when add is
// set; -1 when it is unknown (or there are too many).
func (g *Game) attrIndex(name string, add bool) int {
	for i, n := range g.attrNames {
		if n == name {
			return i
		}
	}
	if !add || len(g.attrNames) >= maxAttrs {
		return -1
	}
	g.attrNames = append(g.attrNames, name)
	g.attrs = append(g.attrs, nil)
	return len(g.attrNames) - 1
}

// setAttr sets attribute a of kind k.
func (g *Game) setAttr(a, k, v int) {
	col := g.attrs[a]
	if len(col) <= k {
		col = append(col, make([]int32, k+1-len(col))...)
	}
	col[k] = int32(v)
	g.attrs[a] = col
}

// compileKindAttrs sets the dimensions and attrs of the kinds first..first+
// len(names)-1, declared by [pieces.NAME] (p).
func (c *compiler) compileKindAttrs(p string, first int, dims []string, ords [][]int) {
	g := c.g
	r := c.r
	for i, d := range dims {
		a := g.attrIndex(d, true)
		if a < 0 {
			r.Errorf(p+".dims."+d, "%s.dims: more than %d attributes", p, maxAttrs)
			return
		}
		for j := range ords {
			g.setAttr(a, first+j, ords[j][i])
		}
	}
	ap := p + ".attrs"
	if !r.Has(ap) {
		return
	}
	names := r.Keys(ap, nil)
	type prog struct {
		name, path, src string
		col             int
		konst           int
		run             func(env map[string]any) (int, error)
	}
	var progs []prog
	for _, n := range names {
		path := ap + "." + n
		if !validIdent(n) {
			r.Errorf(path, "%s: %q is not a valid attribute name (letters, digits and _, not starting with a digit)", ap, n)
			continue
		}
		for _, d := range dims {
			if d == n {
				r.Errorf(path, "%s: %q is a dimension of this kind already", ap, n)
			}
		}
		a := g.attrIndex(n, true)
		if a < 0 {
			r.Errorf(path, "%s: more than %d attributes", ap, maxAttrs)
			return
		}
		v, _ := r.Doc.Get(path)
		switch x := v.(type) {
		case int64:
			progs = append(progs, prog{name: n, path: path, col: a, konst: r.Int(path, 0, -1<<30, 1<<30)})
		case string:
			env := c.withParams(nil)
			for _, d := range dims {
				env[d] = 0
			}
			for _, q := range progs {
				env[q.name] = 0
			}
			pr := c.compileExpr(path, x, env, expr.AsInt())
			if pr == nil {
				continue
			}
			src := x
			progs = append(progs, prog{name: n, path: path, src: src, col: a, run: func(env map[string]any) (int, error) {
				out, err := expr.Run(pr, env)
				if err != nil {
					return 0, err
				}
				return out.(int), nil
			}})
		default:
			r.ValueErrorf(path, "%s: want an integer or an expression, got %s", path, typeOfValue(v))
		}
	}
	for j := range ords {
		env := c.withParams(nil)
		for i, d := range dims {
			env[d] = ords[j][i]
		}
		for _, q := range progs {
			v := q.konst
			if q.run != nil {
				var err error
				if v, err = q.run(env); err != nil {
					c.exprValueErrorf(q.path, q.src, "%s: %s (kind %s)", q.path, exprMsg(err), g.kinds[first+j].Name)
					return
				}
				if v < -1<<30 || v > 1<<30 {
					c.exprValueErrorf(q.path, q.src, "%s: %d is out of range for kind %s", q.path, v, g.kinds[first+j].Name)
					return
				}
			}
			env[q.name] = v
			g.setAttr(q.col, first+j, v)
		}
	}
}

// typeOfValue names a TOML value's type for messages.
func typeOfValue(v any) string {
	switch v.(type) {
	case bool:
		return "a boolean"
	case float64:
		return "a float"
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("%T", v)
}

// finishAttrs pads every attribute column to the number of kinds (a kind
// without an attribute reads 0).
func (g *Game) finishAttrs() {
	for a, col := range g.attrs {
		if len(col) < len(g.kinds) {
			g.attrs[a] = append(col, make([]int32, len(g.kinds)-len(col))...)
		}
	}
}

// AttrNames lists the piece-kind attributes the variant declares
// ([pieces.NAME] dims and attrs), in the order first written.
func (g *Game) AttrNames() []string { return append([]string(nil), g.attrNames...) }

// KindAttr returns attribute name of kind k (0 for a kind that does not
// declare it); ok is false when no kind declares it.
func (g *Game) KindAttr(k int, name string) (v int, ok bool) {
	a := g.attrIndex(name, false)
	if a < 0 || k < 0 || k >= len(g.attrs[a]) {
		return 0, a >= 0
	}
	return int(g.attrs[a][k]), true
}

// attrHint suggests a known attribute for an unknown one.
func (g *Game) attrHint(name string) string {
	if s := diag.Closest(name, g.attrNames); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	if len(g.attrNames) == 0 {
		return " (no kind declares attributes)"
	}
	return fmt.Sprintf(" (attributes: %s)", strings.Join(g.attrNames, ", "))
}
