// This file holds piece conditions: boolean expressions over one piece (its
// kind, whether the mover owns it, its [piece_state] variables) and over a
// pair of piece kinds (a mover and a victim, a piece and its replacement).
// Both are tabled at load, so reading one at play time is a table lookup
// that allocates nothing. Move rules use them for mover_if (which pieces
// may move), pass_over (which pieces a slide passes) and take_if (which
// pieces a capture may take).

package core

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

var (
	moverIfKey = Key{Name: "mover_if", Type: TExpr,
		Doc: "only pieces for which this holds move by this rule; over the piece's kind, own (the mover's), owner, its [piece_state] variables by name and [params]"}
	passOverKey = Key{Name: "pass_over", Type: TExpr,
		Doc: "a slide passes an occupied cell whose top piece this holds for, as if it were empty; over the piece's kind, own (the mover's; for a neutral piece moved in common, a neutral one), owner, its [piece_state] variables and [params]"}
	takeIfKey = Key{Name: "take_if", Type: TExpr,
		Doc: "with capture = \"replace\": the piece on the target is taken (and the move may end there) only when this holds; over mover and victim (each: name, glyph, owner, flags) and [params]"}
)

// pieceCond is a condition over one piece, tabled over its kind, whether
// the seat in question owns it, and the values of the piece variables the
// condition reads.
type pieceCond struct {
	vars    []int // indices of the piece variables read
	mins    []int
	strides []int
	span    int    // number of combinations of the variables' values
	table   []bool // [(kind*2+own)*span + combination]
}

// maxPieceCondTable bounds a piece condition's table.
const maxPieceCondTable = 1 << 20

// compilePieceCond compiles the piece condition at key k of table p, or
// returns nil when the key is absent or fails (reported).
func (c *compiler) compilePieceCond(p string, k *Key) *pieceCond {
	if !c.has(p, k) {
		return nil
	}
	r := c.r
	g := c.g
	path := keyPath(p, k)
	src := c.readString(p, k)
	env := c.withParams(map[string]any{"own": false, "kind": "", "owner": ""})
	for _, v := range g.pieceVars {
		env[v.name] = 0
	}
	prog := c.compileExpr(path, src, env, expr.AsBool())
	if prog == nil {
		return nil
	}
	pc := &pieceCond{span: 1}
	if tree, err := parser.Parse(src); err == nil {
		vis := &identVisitor{names: map[string]bool{}}
		ast.Walk(&tree.Node, vis)
		for i, v := range g.pieceVars {
			if vis.names[v.name] {
				pc.vars = append(pc.vars, i)
				pc.mins = append(pc.mins, v.min)
				pc.strides = append(pc.strides, pc.span)
				pc.span *= v.max - v.min + 1
			}
		}
	}
	size := len(g.kinds) * 2 * pc.span
	if size > maxPieceCondTable {
		r.ValueErrorf(path, "%s: the table over kinds and piece states would have %d entries; the limit is %d", path, size, maxPieceCondTable)
		return nil
	}
	pc.table = make([]bool, size)
	for kind := range g.kinds {
		env["kind"] = g.kinds[kind].Name
		env["owner"] = g.seatName(g.kinds[kind].Owner)
		if g.kinds[kind].Owner < 0 {
			env["owner"] = "none"
		}
		for own := 0; own < 2; own++ {
			env["own"] = own == 1
			for comb := 0; comb < pc.span; comb++ {
				for i, v := range pc.vars {
					size := g.pieceVars[v].max - g.pieceVars[v].min + 1
					env[g.pieceVars[v].name] = pc.mins[i] + comb/pc.strides[i]%size
				}
				out, err := expr.Run(prog, env)
				c.charge(path, 1)
				if err != nil {
					r.ValueErrorf(path, "%s: %s", path, exprMsg(err))
					return nil
				}
				pc.table[(kind*2+own)*pc.span+comb] = out.(bool)
			}
		}
	}
	return pc
}

// holds reports whether the condition holds for piece p, seat being the
// seat in question (the mover).
func (pc *pieceCond) holds(s *State, p, seat int) bool {
	g := s.g
	i := int(g.pieceKind[p]) * 2
	if int(g.pieceOwner[p]) == seat {
		i++
	}
	i *= pc.span
	if len(pc.vars) > 0 {
		base := g.lay.pvars + p*len(g.pieceVars)
		for j, v := range pc.vars {
			i += (int(s.buf[base+v]) - pc.mins[j]) * pc.strides[j]
		}
	}
	return pc.table[i]
}

// kindPairCond is a condition over two piece kinds, tabled.
type kindPairCond struct {
	n     int
	table []bool // [a*n+b]
}

// kindEnv returns what a pair condition sees of a kind: its name, glyph,
// owner (a seat, or "none") and flags.
func (c *compiler) kindEnv(k int) map[string]any {
	g := c.g
	pk := g.kinds[k]
	owner := "none"
	if pk.Owner >= 0 {
		owner = g.seatName(pk.Owner)
	}
	flags := make([]any, len(pk.Flags))
	for i, f := range pk.Flags {
		flags[i] = f
	}
	return map[string]any{"name": pk.Name, "glyph": pk.Glyph, "owner": owner, "flags": flags}
}

// compileKindPairCond compiles the condition at key k of table p over two
// kinds, seen as the variables a and b, or returns nil when the key is
// absent or fails (reported).
func (c *compiler) compileKindPairCond(p string, k *Key, a, b string) *kindPairCond {
	if !c.has(p, k) {
		return nil
	}
	g := c.g
	path := keyPath(p, k)
	src := c.readString(p, k)
	nk := len(g.kinds)
	envs := make([]map[string]any, nk)
	for i := range envs {
		envs[i] = c.kindEnv(i)
	}
	env := c.withParams(map[string]any{a: envs[0], b: envs[0]})
	if nk == 0 || !c.checkFields(path, src, []string{a, b}, kindFields) {
		return nil
	}
	prog := c.compileExpr(path, src, env, expr.AsBool())
	if prog == nil {
		return nil
	}
	kc := &kindPairCond{n: nk, table: make([]bool, nk*nk)}
	for x := 0; x < nk; x++ {
		env[a] = envs[x]
		for y := 0; y < nk; y++ {
			env[b] = envs[y]
			out, err := expr.Run(prog, env)
			c.charge(path, 1)
			if err != nil {
				c.r.ValueErrorf(path, "%s: %s", path, exprMsg(err))
				return nil
			}
			kc.table[x*nk+y] = out.(bool)
		}
	}
	return kc
}

// holds reports whether the condition holds for kinds a and b.
func (kc *kindPairCond) holds(a, b int) bool { return kc.table[a*kc.n+b] }
