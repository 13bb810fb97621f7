// This file holds per-piece state: small integer variables every piece
// carries ([piece_state.NAME]), kept in the State (one int32 per piece and
// variable, hashed, restored by undo like the rest of the buffer), set by
// a move rule's set_state after each of its moves, reset when the piece
// leaves the board, and read by expressions (state_at) and by the leap
// rule's facing. A set_state expression is tabled at load over the cells,
// the mover, the piece's kind and the variable's old value, so setting
// state at play time is a table lookup and allocates nothing.

package core

import (
	"fmt"
	"sort"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"rulesmith/core/diag"
)

// pieceVar is one per-piece state variable.
type pieceVar struct {
	name          string
	min, max, def int
	boxed         []any // boxed[v-min]: the value as expr sees it, boxed once
}

var pieceStateKeys = []*Key{
	{Name: "min", Type: TInt, Default: 0, Min: -1 << 15, Max: 1 << 15, Doc: "the smallest value"},
	{Name: "max", Type: TInt, Default: 1, Min: -1 << 15, Max: 1 << 15, Doc: "the largest value (at most 255 values)"},
	{Name: "default", Type: TInt, Default: 0, Min: -1 << 15, Max: 1 << 15, Doc: "the value of a piece in hand, off the board, or at the start"},
	{Name: "cite", Type: TString, Doc: "a reference into the rule text"},
	&pieceResetKey,
}

// maxPieceVars bounds the variables of a variant.
const maxPieceVars = 8

// compilePieceState reads [piece_state.NAME]; it runs before the layout is
// made, which gives each piece one slot per variable.
func (c *compiler) compilePieceState() {
	r := c.r
	names := r.Keys("piece_state", nil)
	sort.Strings(names)
	if len(names) > maxPieceVars {
		r.Errorf("piece_state", "piece_state: %d variables; the limit is %d", len(names), maxPieceVars)
		return
	}
	for _, name := range names {
		p := "piece_state." + name
		r.Keys(p, keyNames(pieceStateKeys))
		if !validIdent(name) {
			r.Errorf(p, "piece_state: %q is not a valid name (letters, digits and _, not starting with a digit)", name)
			continue
		}
		if _, clash := c.params[name]; clash {
			r.Errorf(p, "piece_state: %q is also a parameter", name)
			continue
		}
		v := pieceVar{name: name, min: c.readInt(p, keyOf(pieceStateKeys, "min")), max: c.readInt(p, keyOf(pieceStateKeys, "max"))}
		v.def = c.readInt(p, keyOf(pieceStateKeys, "default"))
		c.readString(p, keyOf(pieceStateKeys, "cite"))
		if v.max < v.min || v.max-v.min >= 255 {
			r.Errorf(p, "piece_state.%s: want min <= max with at most 255 values, got %d..%d", name, v.min, v.max)
			continue
		}
		if v.def < v.min || v.def > v.max {
			r.ValueErrorf(p+".default", "piece_state.%s.default: %d is outside %d..%d", name, v.def, v.min, v.max)
			continue
		}
		for x := v.min; x <= v.max; x++ {
			v.boxed = append(v.boxed, x)
		}
		c.g.pieceVars = append(c.g.pieceVars, v)
	}
	for i, v := range c.g.pieceVars {
		if c.readChoice("piece_state."+v.name, &pieceResetKey) == "owner_turn_end" {
			c.g.turnResets = append(c.g.turnResets, i)
		}
	}
}

// pieceVarIndex returns the index of the variable called name, or -1.
func (g *Game) pieceVarIndex(name string) int {
	for i, v := range g.pieceVars {
		if v.name == name {
			return i
		}
	}
	return -1
}

// PieceVar returns the value of piece p's state variable v (an index
// into the variables in name order).
func (s *State) PieceVar(p, v int) int {
	return int(s.buf[s.g.lay.pvars+p*len(s.g.pieceVars)+v])
}

// varKey is the hash key of variable v holding val for the piece at level
// lvl of cell c. Only pieces on the board with a value other than the
// default are hashed, by place and not by instance: the kind at that place
// is hashed by the piece keys, so the hash reads (cell, kind, owner, state)
// and identical pieces swapped hash alike.
func varKey(c, lvl, v, val int) uint64 {
	return mix(uint64(c)<<35 | uint64(lvl)<<19 | uint64(v)<<16 | uint64(uint16(int16(val))) | 3<<60)
}

// varHash is the hash of piece p's variables were it at level lvl of c.
func (s *State) varHash(p, c, lvl int) uint64 {
	g := s.g
	base := g.lay.pvars + p*len(g.pieceVars)
	var h uint64
	for v := range g.pieceVars {
		if val := int(s.buf[base+v]); val != g.pieceVars[v].def {
			h ^= varKey(c, lvl, v, val)
		}
	}
	return h
}

// setPieceVar sets piece p's variable v, keeping the hash.
func (s *State) setPieceVar(p, v, val int) {
	g := s.g
	i := g.lay.pvars + p*len(g.pieceVars) + v
	old := int(s.buf[i])
	if old == val {
		return
	}
	if c := s.PieceCell(p); c >= 0 {
		lvl := s.Height(c) - 1
		for q := s.Top(c); q >= 0 && q != p; q = s.Below(q) {
			lvl--
		}
		def := g.pieceVars[v].def
		if old != def {
			s.xorHash(varKey(c, lvl, v, old))
		}
		if val != def {
			s.xorHash(varKey(c, lvl, v, val))
		}
	}
	s.buf[i] = int32(val)
}

// resetPieceVars gives piece p its variables' defaults (it left the board).
func (s *State) resetPieceVars(p int) {
	for v := range s.g.pieceVars {
		s.setPieceVar(p, v, s.g.pieceVars[v].def)
	}
}

// stateSet is one entry of a rule's set_state: after each move, the moved
// or placed piece's variable v takes table[index] (see index).
type stateSet struct {
	v      int
	byFrom bool // the table has a dimension for the origin cell
	table  []int16
	cells  int
	nvals  int
	seats  int // 1 when the expression does not read seat
	kinds  int // 1 when it does not read kind
}

func (st *stateSet) index(from, to, old, seat, kind int) int {
	f := 0
	if st.byFrom {
		f = from + 1 // a placement has no origin: index 0
	}
	if st.seats == 1 {
		seat = 0
	}
	if st.kinds == 1 {
		kind = 0
	}
	return (((f*st.cells+to)*st.nvals+old)*st.seats+seat)*st.kinds + kind
}

var setStateKey = Key{Name: "set_state", Type: TTable,
	Doc: "VAR = expr: after each move of this rule the moved or placed piece's [piece_state] variable takes this value, over from, to, seat, kind, the variable's old value (by its name) and [params]"}

// maxStateTable bounds a set_state table.
const maxStateTable = 1 << 21

// compileStateSets reads a rule's set_state table.
func (c *compiler) compileStateSets(p string) []stateSet {
	r := c.r
	g := c.g
	tp := p + "." + setStateKey.Name
	if !r.Has(tp) {
		return nil
	}
	var out []stateSet
	for _, name := range r.Keys(tp, nil) {
		path := tp + "." + name
		vi := g.pieceVarIndex(name)
		if vi < 0 {
			r.Errorf(path, "%s: unknown piece state variable %q%s", tp, name, g.pieceVarHint(name))
			continue
		}
		pv := g.pieceVars[vi]
		src := r.String(path, "")
		memo := name + "\x00" + src
		if st, ok := c.stateSetsDone[memo]; ok {
			out = append(out, st) // the same table: compiled and checked once
			continue
		}
		b := g.board
		env := c.withParams(map[string]any{"from": b.Cells[0].Attrs, "to": b.Cells[0].Attrs, "seat": "", "kind": "", name: 0})
		prog := c.compileExpr(path, src, env, expr.AsInt())
		if prog == nil {
			continue
		}
		st := stateSet{v: vi, cells: b.N(), nvals: pv.max - pv.min + 1, seats: len(g.seats), kinds: len(g.kinds)}
		if tree, err := parser.Parse(src); err == nil {
			vis := &identVisitor{names: map[string]bool{}}
			ast.Walk(&tree.Node, vis)
			st.byFrom = vis.names["from"]
			// a table dimension only for the inputs the expression reads
			if !vis.names["seat"] {
				st.seats = 1
			}
			if !vis.names["kind"] {
				st.kinds = 1
			}
		}
		nf := 1
		if st.byFrom {
			nf = b.N() + 1
		}
		size := nf * st.cells * st.nvals * st.seats * st.kinds
		if size > maxStateTable {
			r.ValueErrorf(path, "%s: the table over its inputs would have %d entries; the limit is %d (read fewer inputs: from doubles it by the cells)", path, size, maxStateTable)
			continue
		}
		st.table = make([]int16, size)
		fp := c.fastStateSet(src, env, name, &pv, &st)
		ok := true
		for f := 0; f < nf && ok; f++ {
			env["from"] = noAttrs
			if st.byFrom && f > 0 {
				env["from"] = b.Cells[f-1].Attrs
			}
			// natively on the rows with an origin cell (a placement's row
			// reads attributes of no cell: through expr)
			row := fp
			if st.byFrom && f == 0 {
				row = nil
			}
			for to := 0; to < b.N() && ok; to++ {
				for old := pv.min; old <= pv.max && ok; old++ {
					for seat := 0; seat < st.seats; seat++ {
						for k := 0; k < st.kinds; k++ {
							c.charge(path, 1)
							if row != nil {
								if n, done := row.int(max(f-1, 0), to, old-pv.min, seat, k); done && n >= pv.min && n <= pv.max {
									st.table[(((f*st.cells+to)*st.nvals+old-pv.min)*st.seats+seat)*st.kinds+k] = int16(n)
									continue
								}
								// undecided or out of range: expr decides and words the error
							}
							env["to"], env[name], env["seat"], env["kind"] = b.Cells[to].Attrs, old, g.seats[seat], g.kinds[k].Name
							v, err := expr.Run(prog, env)
							if err != nil {
								r.ValueErrorf(path, "%s: %s", path, exprMsg(err))
								ok = false
								break
							}
							n := v.(int)
							if n < pv.min || n > pv.max {
								r.ValueErrorf(path, "%s: gives %d (to %s, %s %d, seat %s, kind %s), outside %d..%d",
									path, n, b.Cells[to].Name, name, old, g.seats[seat], g.kinds[k].Name, pv.min, pv.max)
								ok = false
								break
							}
							i := (((f*st.cells+to)*st.nvals+old-pv.min)*st.seats+seat)*st.kinds + k
							st.table[i] = int16(n)
						}
						if !ok {
							break
						}
					}
				}
			}
		}
		if ok {
			out = append(out, st)
			if c.stateSetsDone == nil {
				c.stateSetsDone = map[string]stateSet{}
			}
			c.stateSetsDone[memo] = st
		}
	}
	return out
}

// fastStateSet compiles a set_state expression natively (see fastExpr)
// over its inputs: the origin and target cells, the variable's old value
// (indexed from its minimum), the seat and the kind, each indexed as the
// table is; nil when it is outside the native subset or its variable's
// name is one of the inputs'.
func (c *compiler) fastStateSet(src string, env map[string]any, name string, pv *pieceVar, st *stateSet) *fastProg {
	switch name {
	case "from", "to", "seat", "kind":
		return nil
	}
	g := c.g
	olds := make([]any, st.nvals)
	for i := range olds {
		olds[i] = pv.min + i
	}
	seats := make([]any, st.seats)
	for i := range seats {
		seats[i] = g.seats[i]
	}
	kinds := make([]any, st.kinds)
	for i := range kinds {
		kinds[i] = g.kinds[i].Name
	}
	recs := c.cellRecs()
	fp := fastExpr(src, env, -1, fastVar{name: "from", recs: recs}, fastVar{name: "to", recs: recs},
		fastVar{name: name, vals: olds}, fastVar{name: "seat", vals: seats}, fastVar{name: "kind", vals: kinds})
	if fp == nil || fp.root.k != fkInt {
		return nil
	}
	return fp
}

// applyStateSets sets the variables of the piece a move left on its
// target (the top piece of m.To()).
func (g *Game) applyStateSets(s *State, sets []stateSet, m Move, mover int) {
	to := m.To()
	if to < 0 {
		return
	}
	p := s.Top(to)
	if p < 0 {
		return
	}
	for i := range sets {
		st := &sets[i]
		pv := &g.pieceVars[st.v]
		old := s.PieceVar(p, st.v) - pv.min
		s.setPieceVar(p, st.v, int(st.table[st.index(m.From(), to, old, mover, int(g.pieceKind[p]))]))
	}
}

// stateAtDoc documents the position function state_at.
const stateAtDoc = `state_at(cell, "var"): the [piece_state] variable of the top piece on cell, its default when the cell has none`

// bindStateAt binds state_at to h.
func bindStateAt(g *Game, h *envHolder) any {
	return func(c, name any) any {
		x := g.cellArg(c)
		n, _ := name.(string)
		v := g.pieceVarIndex(n)
		if v < 0 {
			return 0
		}
		pv := &g.pieceVars[v]
		val := pv.def
		if x >= 0 && h.st != nil {
			if p := h.st.Top(x); p >= 0 {
				val = h.st.PieceVar(p, v)
			}
		}
		return pv.boxed[val-pv.min]
	}
}

// pieceVarHint is what follows "unknown piece state variable NAME": the
// variable it may have meant, or how to declare it.
func (g *Game) pieceVarHint(name string) string {
	var known []string
	for _, v := range g.pieceVars {
		known = append(known, v.name)
	}
	if s := diag.Closest(name, known); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return fmt.Sprintf("; declare it as [piece_state.%s]", name)
}
