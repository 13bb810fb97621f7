package core

// Set functions: counting over a set of pieces in expressions (sums of an
// attribute, pairs, runs, the run or repeated value a sequence ends with,
// one value throughout, pieces with a value). A set is written as one
// literal string, checked and resolved at load:
//
//	PART(+PART)*([ATTR=INT(,ATTR=INT)*])?(:ATTR)?
//
// A PART names a region or a cell of the board (a per-seat region: the
// seat's own cells), or a zone (a per-seat zone: the seat's instance; a
// pile's pieces in the order they came, a set's in kind order);
// ZONE@seat is a pile's pieces that the seat put there. The set is the
// parts' pieces in that order, each cell's stack bottom to top. The filter keeps the pieces whose attributes have
// the given values; ATTR after the colon is the attribute the function
// counts with. Each function gathers the attribute values into the
// State's scratch and calls the arithmetic of set_score.go: nothing is
// allocated once the scratch is large enough (BenchmarkSetFunctions).

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"

	"rulesmith/core/diag"
)

// setSource lists the pieces of one part of a set for a seat, in order,
// appending their kinds to out.
type setSource interface {
	appendKinds(s *State, seat int, out []int32) []int32
}

// regionSource is a region's (or one cell's) pieces.
type regionSource struct{ ref regionRef }

func (r regionSource) appendKinds(s *State, seat int, out []int32) []int32 {
	for _, c := range s.g.cells(r.ref, seat) {
		n := len(out)
		for p := s.Top(int(c)); p >= 0; p = s.Below(p) {
			out = append(out, int32(s.g.pieceKind[p]))
		}
		for i, j := n, len(out)-1; i < j; i, j = i+1, j-1 { // bottom to top
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}

// zoneSource is a zone's pieces: of a per-seat zone the seat's instance;
// a pile's in the order they came (bottom first), a set's in kind order.
// by keeps only a pile's pieces put there by the seat.
type zoneSource struct {
	z  int
	by bool
	// seated: a per-seat zone or by, so the set is empty without a seat
	seated bool
}

func (zs zoneSource) appendKinds(s *State, seat int, out []int32) []int32 {
	g := s.g
	if zs.seated && (seat < 0 || seat >= len(g.seats)) {
		return out
	}
	zi := g.zoneInst(zs.z, max(seat, 0))
	if off := g.pileOff[zi]; off > 0 {
		n := int(s.buf[off])
		for _, e := range s.buf[off+1 : off+1+n] {
			if zs.by && int(e>>16)-1 != seat {
				continue
			}
			out = append(out, e&0xffff-1)
		}
		return out
	}
	if bw := s.zoneBitWords(zi); bw != nil {
		for i, w := range bw {
			for word := uint32(w); word != 0; word &= word - 1 {
				k := i*32 + bits.TrailingZeros32(word)
				for n := s.zoneCount(zi, k); n > 0; n-- {
					out = append(out, int32(k))
				}
			}
		}
		return out
	}
	for k := s.nextZoneKind(zi, 0); k >= 0; k = s.nextZoneKind(zi, k+1) {
		for n := s.zoneCount(zi, k); n > 0; n-- {
			out = append(out, int32(k))
		}
	}
	return out
}

// pieceSet is a set spec resolved at load.
type pieceSet struct {
	parts []setSource
	// filter: attribute columns and the values they must have
	fAttr []int
	fVal  []int32
	// attr is the counted attribute's column, -1 for none
	attr int
	// partsID numbers the parts (sets with the same parts share it), for
	// the set frame of a native evaluation
	partsID int
}

// setScratch is a State's working space for the set functions.
type setScratch struct {
	kinds, vals, tmp []int32
	ways             []int64
	// A native evaluation's set frame (expr_setframe.go): buf holds the
	// kinds of the gathered sequences, bounds the offsets where their
	// parts start and end; cse the calls remembered, valid where cseOK
	// has the bit.
	buf    []int32
	bounds [maxFrameBounds]int32
	cseOK  uint64
	cse    [maxFrameCSE]int
	// masks: the words of the frame's mask sets, valid when maskOK
	// (expr_setmask.go)
	masks  [maxMaskSets]uint64
	maskOK bool
	// tallies: the frame's tallies counted so far in the evaluation (a
	// bit each in tallied)
	tallies [maxTallies]setTally
	tallied uint32
}

// kindsOf gathers the kinds of the set's parts for seat into the scratch
// and returns them.
func (ps *pieceSet) kindsOf(s *State, seat int) []int32 {
	sc := &s.sets
	sc.kinds = sc.kinds[:0]
	for _, p := range ps.parts {
		sc.kinds = p.appendKinds(s, seat, sc.kinds)
	}
	return sc.kinds
}

// values gathers the counted attribute of the set's pieces for seat into
// the scratch and returns them.
func (ps *pieceSet) values(s *State, seat int) []int32 {
	sc := &s.sets
	kinds := ps.kindsOf(s, seat)
	g := s.g
	sc.vals = sc.vals[:0]
	if len(ps.fAttr) == 0 && ps.attr >= 0 {
		// no filter: one column, read for every piece
		col := g.attrs[ps.attr]
		if cap(sc.vals) < len(kinds) {
			sc.vals = make([]int32, len(kinds), 2*len(kinds))
		}
		vs := sc.vals[:len(kinds)]
		for i, k := range kinds {
			vs[i] = col[k]
		}
		sc.vals = vs
		return vs
	}
	for _, k := range kinds {
		keep := true
		for i, a := range ps.fAttr {
			if g.attrs[a][k] != ps.fVal[i] {
				keep = false
				break
			}
		}
		if !keep {
			continue
		}
		v := int32(0)
		if ps.attr >= 0 {
			v = g.attrs[ps.attr][k]
		}
		sc.vals = append(sc.vals, v)
	}
	return sc.vals
}

// keeps reports whether a piece of kind k passes the set's filter.
func (ps *pieceSet) keeps(g *Game, k int32) bool {
	for i, a := range ps.fAttr {
		if g.attrs[a][k] != ps.fVal[i] {
			return false
		}
	}
	return true
}

// valueOf is the counted attribute of kind k (0 without one).
func (ps *pieceSet) valueOf(g *Game, k int32) int32 {
	if ps.attr < 0 {
		return 0
	}
	return g.attrs[ps.attr][k]
}

// parseSet resolves a set spec; the error says what is wrong. needAttr:
// the function counts an attribute, which the spec must name.
func (g *Game) parseSet(spec string, needAttr bool) (*pieceSet, error) {
	ps := &pieceSet{attr: -1}
	body, attr, hasAttr := strings.Cut(spec, ":")
	if hasAttr {
		a := g.attrIndex(attr, false)
		if a < 0 {
			return nil, fmt.Errorf("unknown attribute %q%s", attr, g.attrHint(attr))
		}
		ps.attr = a
	} else if needAttr {
		return nil, fmt.Errorf("%q names no attribute to count: write SET:ATTR (%q)", spec, spec+":"+firstOr(g.attrNames, "value"))
	}
	if i := strings.IndexByte(body, '['); i >= 0 {
		if !strings.HasSuffix(body, "]") {
			return nil, fmt.Errorf("%q: a filter is [ATTR=INT,…] at the end of the parts", spec)
		}
		for _, cond := range strings.Split(body[i+1:len(body)-1], ",") {
			name, val, ok := strings.Cut(strings.TrimSpace(cond), "=")
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if !ok || err != nil || n < -1<<30 || n > 1<<30 {
				return nil, fmt.Errorf("%q: filter %q: want ATTR=INT", spec, cond)
			}
			name = strings.TrimSpace(name)
			a := g.attrIndex(name, false)
			if a < 0 {
				return nil, fmt.Errorf("%q: unknown attribute %q%s", spec, name, g.attrHint(name))
			}
			ps.fAttr = append(ps.fAttr, a)
			ps.fVal = append(ps.fVal, int32(n))
		}
		body = body[:i]
	}
	if g.setParts == nil {
		g.setParts = map[string]int{}
	}
	id, ok := g.setParts[body]
	if !ok {
		id = len(g.setParts)
		g.setParts[body] = id
	}
	ps.partsID = id
	for _, part := range strings.Split(body, "+") {
		src := g.setSource(part)
		if src == nil {
			return nil, fmt.Errorf("%q: %q is no region, cell or zone%s", spec, part, g.setPartHint(part))
		}
		ps.parts = append(ps.parts, src)
	}
	return ps, nil
}

func firstOr(s []string, def string) string {
	if len(s) > 0 {
		return s[0]
	}
	return def
}

// setSource resolves one part of a set: a region, a cell, a zone, or
// PILE@seat.
func (g *Game) setSource(name string) setSource {
	if zn, ok := strings.CutSuffix(name, "@seat"); ok {
		if z, ok := g.ZoneIndex(zn); ok && g.zones[z].ordered {
			return zoneSource{z: z, by: true, seated: true}
		}
		return nil
	}
	if ref, ok := g.regionRefs[name]; ok {
		return regionSource{ref}
	}
	if g.board != nil {
		if c, ok := g.board.Index(name); ok {
			return regionSource{regionRef{name: name, cells: [][]int32{{int32(c)}}}}
		}
	}
	if z, ok := g.ZoneIndex(name); ok {
		return zoneSource{z: z, seated: g.zones[z].perSeat}
	}
	return nil
}

func (g *Game) setPartHint(name string) string {
	if zn, ok := strings.CutSuffix(name, "@seat"); ok {
		if z, ok := g.ZoneIndex(zn); ok && !g.zones[z].ordered {
			return fmt.Sprintf(" (@seat needs a pile: zone %q has order = \"set\")", zn)
		}
		name = zn
	}
	var known []string
	for n := range g.regionRefs {
		known = append(known, n)
	}
	known = append(known, g.Zones()...)
	if s := diag.Closest(name, known); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}

// setFuncs are the set functions, in documentation order (appended to the
// position functions, expr_position.go).
var setFuncs = []*posFunc{
	{name: "sum_ways", doc: `sum_ways("SET:ATTR", n): the non-empty subsets of the set's pieces whose ATTR sums to n (equal values are distinct pieces)`,
		args: []argKind{argSetAttr}, bind: func(g *Game, h *envHolder) any {
			return func(spec string, n int) int {
				ps := g.sets[spec]
				if ps == nil || h.st == nil {
					return 0
				}
				v, w := sumWays(ps.values(h.st, h.seat), n, h.st.sets.ways)
				h.st.sets.ways = w
				return v
			}
		}},
	{name: "pairs", doc: `pairs("SET:ATTR"): the unordered pairs of the set's pieces with equal ATTR (three alike: 3, four: 6)`,
		args: []argKind{argSetAttr}, bind: func(g *Game, h *envHolder) any {
			return func(spec string) int {
				ps := g.sets[spec]
				if ps == nil || h.st == nil {
					return 0
				}
				v, t := equalPairs(ps.values(h.st, h.seat), h.st.sets.tmp)
				h.st.sets.tmp = t
				return v
			}
		}},
	{name: "runs", doc: `runs("SET:ATTR", k): the pieces in maximal runs of k or more consecutive ATTR values, each run counted once per way of choosing one piece per value (4 4 5 6: 6)`,
		args: []argKind{argSetAttr}, bind: func(g *Game, h *envHolder) any {
			return func(spec string, k int) int {
				ps := g.sets[spec]
				if ps == nil || h.st == nil {
					return 0
				}
				v, t := runsWithRepeats(ps.values(h.st, h.seat), k, h.st.sets.tmp)
				h.st.sets.tmp = t
				return v
			}
		}},
	{name: "run_end", doc: `run_end("SET:ATTR", k): the largest n ≥ k such that the set's last n pieces have n distinct consecutive ATTR values in any order, else 0 (3 5 4: 3; 3 4 3: 0)`,
		args: []argKind{argSetAttr}, bind: func(g *Game, h *envHolder) any {
			return func(spec string, k int) int {
				ps := g.sets[spec]
				if ps == nil || h.st == nil {
					return 0
				}
				return runEnd(ps.values(h.st, h.seat), k)
			}
		}},
	{name: "same_end", doc: `same_end("SET:ATTR"): how many pieces at the end of the set share the last piece's ATTR (0 when empty)`,
		args: []argKind{argSetAttr}, bind: func(g *Game, h *envHolder) any {
			return func(spec string) int {
				ps := g.sets[spec]
				if ps == nil || h.st == nil {
					return 0
				}
				return sameEnd(ps.values(h.st, h.seat))
			}
		}},
	{name: "all_same", doc: `all_same("SET:ATTR"): the set has pieces and they all have one ATTR value`,
		args: []argKind{argSetAttr}, bind: func(g *Game, h *envHolder) any {
			return func(spec string) bool {
				ps := g.sets[spec]
				if ps == nil || h.st == nil {
					return false
				}
				return allSame(ps.values(h.st, h.seat))
			}
		}},
	{name: "total", doc: `total("SET:ATTR"): the sum of ATTR over the set's pieces`,
		args: []argKind{argSetAttr}, bind: func(g *Game, h *envHolder) any {
			return func(spec string) int {
				ps := g.sets[spec]
				if ps == nil || h.st == nil {
					return 0
				}
				n := 0
				for _, v := range ps.values(h.st, h.seat) {
					n += int(v)
				}
				return n
			}
		}},
	{name: "size", doc: `size("SET"): the pieces in the set`,
		args: []argKind{argSetAny}, bind: func(g *Game, h *envHolder) any {
			return func(spec string) int {
				ps := g.sets[spec]
				if ps == nil || h.st == nil {
					return 0
				}
				return len(ps.values(h.st, h.seat))
			}
		}},
	{name: "attr_of", doc: `attr_of("SET:ATTR"): ATTR of the set's last piece, -1 when the set is empty`,
		args: []argKind{argSetAttr}, bind: func(g *Game, h *envHolder) any {
			return func(spec string) int {
				ps := g.sets[spec]
				if ps == nil || h.st == nil {
					return -1
				}
				vs := ps.values(h.st, h.seat)
				if len(vs) == 0 {
					return -1
				}
				return int(vs[len(vs)-1])
			}
		}},
	{name: "count_of", doc: `count_of("SET:ATTR", v): the set's pieces whose ATTR is v (a named piece: count_of("hand[rank=11]:suit", attr_of("start:suit")))`,
		args: []argKind{argSetAttr}, bind: func(g *Game, h *envHolder) any {
			return func(spec string, v int) int {
				ps := g.sets[spec]
				if ps == nil || h.st == nil {
					return 0
				}
				n := 0
				for _, x := range ps.values(h.st, h.seat) {
					if int(x) == v {
						n++
					}
				}
				return n
			}
		}},
}

// zonePosFuncs read a kind's attributes and who put a pile's top piece.
var zonePosFuncs = []*posFunc{
	{name: "kind_attr", doc: `kind_attr(kind, "ATTR"): the attribute of a piece kind given by name (a transfer's kind: kind_attr(kind, "value")), 0 for a kind without it`,
		args: []argKind{argAny, argAttr}, bind: func(g *Game, h *envHolder) any {
			return func(kind string, attr string) int {
				k, ok := g.KindIndex(kind)
				if !ok {
					return 0
				}
				v, _ := g.KindAttr(k, attr)
				return v
			}
		}},
	{name: "last_by", doc: `last_by("PILE"): the seat that put the top piece of a pile zone (of a per-seat pile, the seat's), "" when it is empty or no seat put it`,
		args: []argKind{argZone}, bind: func(g *Game, h *envHolder) any {
			return func(name string) any {
				z, ok := g.ZoneIndex(name)
				if !ok || h.st == nil || !g.zones[z].ordered || (g.zones[z].perSeat && (h.seat < 0 || h.seat >= len(g.seats))) {
					return boxedEmpty
				}
				if by := h.st.pileTopBy(z, h.seat); by >= 0 && by < len(g.boxedSeats) {
					return g.boxedSeats[by]
				}
				return boxedEmpty
			}
		}},
}

func init() {
	posFuncs = append(posFuncs, setFuncs...)
	posFuncs = append(posFuncs, zonePosFuncs...)
}

// checkSetArg checks a literal set spec at load and keeps it resolved.
func (c *compiler) checkSetArg(path, fn string, needAttr bool, val string, line, col int) {
	g := c.g
	if ps, ok := g.sets[val]; ok {
		if needAttr && ps.attr < 0 {
			c.r.ExprErrorf(path, line, col, "%s: %s: %q names no attribute to count: write SET:ATTR", path, fn, val)
		}
		return
	}
	ps, err := g.parseSet(val, needAttr)
	if err != nil {
		c.r.ExprErrorf(path, line, col, "%s: %s: %v", path, fn, err)
		return
	}
	if g.sets == nil {
		g.sets = map[string]*pieceSet{}
	}
	g.sets[val] = ps
}

// nativeSet compiles a set function (or kind_attr) with a literal spec
// into a closure over the State for the native evaluator (expr_native.go):
// the seat in question is the seat to move, as there. nil, nil: not one.
func (c *compiler) nativeSet(name string, args []ast.Node) (nativeBool, nativeInt) {
	g := c.g
	if name == "kind_attr" {
		if len(args) != 2 {
			return nil, nil
		}
		id, ok1 := args[0].(*ast.IdentifierNode)
		at, ok2 := args[1].(*ast.StringNode)
		if !ok1 || !ok2 || id.Value != "kind" {
			return nil, nil
		}
		a := g.attrIndex(at.Value, false)
		if a < 0 {
			return nil, nil
		}
		return nil, func(s *State, _, _ int) int {
			col := s.g.attrs[a]
			if k := int(s.condKind); k >= 0 && k < len(col) {
				return int(col[k])
			}
			return 0
		}
	}
	if len(args) == 0 {
		return nil, nil
	}
	lit, ok := args[0].(*ast.StringNode)
	if !ok {
		return nil, nil
	}
	ps := g.sets[lit.Value]
	if ps == nil {
		return nil, nil
	}
	var arg intArg // the second argument, an integer
	if len(args) == 2 {
		if lit, ok := args[1].(*ast.IntegerNode); ok {
			arg.k = lit.Value
		} else if _, arg.f = c.native(args[1]); arg.f == nil {
			return nil, nil
		}
	}
	want := map[string]int{"sum_ways": 2, "pairs": 1, "runs": 2, "run_end": 2, "same_end": 1, "all_same": 1,
		"total": 1, "size": 1, "attr_of": 1, "count_of": 2}
	if n, ok := want[name]; !ok || n != len(args) {
		return nil, nil
	}
	if name == "total" {
		if j := c.sumTracked(ps); j >= 0 {
			// one zone, no filter: the State keeps the sum (of a shared
			// zone in one word)
			if t := g.zoneSums[j]; !g.zones[t.z].perSeat {
				off := t.off
				return nil, func(s *State, _, _ int) int { return int(s.buf[off]) }
			}
			return nil, func(s *State, _, _ int) int { return s.zoneSumOf(j, s.ToMove()) }
		}
	}
	fr := c.frame
	if fr == nil {
		return nil, nil
	}
	// the set's kinds are gathered before the expression is evaluated;
	// each function reads their values into an array on its stack
	fs := fr.set(lit.Value, ps)
	var b nativeBool
	var i nativeInt
	// Most functions read the values straight from the kinds: a set of
	// few small values is counted without an array (pairs, runs, sums);
	// any other is read into an array on the stack (frameVals) for the
	// arithmetic of set_score.go.
	plain := len(ps.fAttr) == 0 && ps.attr >= 0
	switch name {
	case "all_same":
		b = func(s *State, _, _ int) bool {
			kinds, g := s.sets.frameKinds(fs), s.g
			first, v0 := true, int32(0)
			for _, k := range kinds {
				if !ps.keeps(g, k) {
					continue
				}
				v := ps.valueOf(g, k)
				if first {
					first, v0 = false, v
				} else if v != v0 {
					return false
				}
			}
			return !first
		}
	case "sum_ways":
		i = func(s *State, f, t int) int {
			n := arg.of(s, f, t)
			if plain {
				if v, ok := sumWaysLanesOf(s.sets.frameKinds(fs), s.g.attrs[ps.attr], n); ok {
					return v
				}
			}
			var tmp [smallSet]int32
			v, w := sumWays(ps.frameVals(s, fs, tmp[:]), n, s.sets.ways)
			s.sets.ways = w
			return v
		}
	case "pairs":
		i = func(s *State, _, _ int) int {
			if plain {
				if cnt, mask, ok := smallCountsOf(s.sets.frameKinds(fs), s.g.attrs[ps.attr]); ok {
					return pairsOfCounts(cnt, mask)
				}
			}
			var tmp [smallSet]int32
			v, t := equalPairs(ps.frameVals(s, fs, tmp[:]), s.sets.tmp)
			s.sets.tmp = t
			return v
		}
	case "runs":
		i = func(s *State, f, t int) int {
			k := arg.of(s, f, t)
			if plain {
				if cnt, mask, ok := smallCountsOf(s.sets.frameKinds(fs), s.g.attrs[ps.attr]); ok {
					return runsOfCounts(cnt, mask, max(k, 1))
				}
			}
			var tmp [smallSet]int32
			v, t2 := runsWithRepeats(ps.frameVals(s, fs, tmp[:]), k, s.sets.tmp)
			s.sets.tmp = t2
			return v
		}
	case "run_end":
		i = func(s *State, f, t int) int {
			k := arg.of(s, f, t)
			if plain {
				if v, ok := runEndOf(s.sets.frameKinds(fs), -1, 0, s.g.attrs[ps.attr], k); ok {
					return v
				}
			}
			var tmp [smallSet]int32
			return runEnd(ps.frameVals(s, fs, tmp[:]), k)
		}
	case "same_end":
		i = func(s *State, _, _ int) int {
			kinds, g := s.sets.frameKinds(fs), s.g
			n, last := 0, int32(0)
			for j := len(kinds) - 1; j >= 0; j-- {
				k := kinds[j]
				if !ps.keeps(g, k) {
					continue
				}
				v := ps.valueOf(g, k)
				if n > 0 && v != last {
					break
				}
				n, last = n+1, v
			}
			return n
		}
	case "total":
		i = func(s *State, _, _ int) int {
			kinds, g := s.sets.frameKinds(fs), s.g
			n := 0
			for _, k := range kinds {
				if ps.keeps(g, k) {
					n += int(ps.valueOf(g, k))
				}
			}
			return n
		}
	case "size":
		i = func(s *State, _, _ int) int {
			kinds, g := s.sets.frameKinds(fs), s.g
			if len(ps.fAttr) == 0 {
				return len(kinds)
			}
			n := 0
			for _, k := range kinds {
				if ps.keeps(g, k) {
					n++
				}
			}
			return n
		}
	case "attr_of":
		i = func(s *State, _, _ int) int {
			kinds, g := s.sets.frameKinds(fs), s.g
			for j := len(kinds) - 1; j >= 0; j-- {
				if k := kinds[j]; ps.keeps(g, k) {
					return int(ps.valueOf(g, k))
				}
			}
			return -1
		}
	case "count_of":
		i = func(s *State, f, t int) int {
			v := arg.of(s, f, t)
			kinds, g := s.sets.frameKinds(fs), s.g
			n := 0
			for _, k := range kinds {
				if ps.keeps(g, k) && int(ps.valueOf(g, k)) == v {
					n++
				}
			}
			return n
		}
	}
	// the functions that do not read the order count on the set's word
	// when it has one (expr_setmask.go)
	// those that read the order of one whole pile read its entries in
	// the State
	onWord := false
	if d := c.pileDirect(name, ps, arg); d != nil {
		i, onWord = d, true
	} else if name != "run_end" && name != "same_end" {
		if j := fr.maskOf(g, fs); j >= 0 {
			if mb, mi := c.maskSet(fr, name, ps, j, arg, b, i); mb != nil || mi != nil {
				b, i, onWord = mb, mi, true
			}
		}
	}
	fs.seq = fs.seq || !onWord
	if i == nil {
		return b, nil
	}
	// a call written twice with the same literal arguments is computed
	// once per evaluation
	if k := fr.cseSlot((&ast.CallNode{Callee: &ast.IdentifierNode{Value: name}, Arguments: args}).String()); k >= 0 {
		f, bit := i, uint64(1)<<k
		i = func(s *State, from, to int) int {
			sc := &s.sets
			if sc.cseOK&bit != 0 {
				return sc.cse[k]
			}
			v := f(s, from, to)
			sc.cse[k], sc.cseOK = v, sc.cseOK|bit
			return v
		}
	}
	return nil, i
}

// pileDirect compiles same_end, run_end or attr_of of a set that is one
// whole pile with no filter: they read the pile's entries in the State,
// nothing gathered. nil: not such a call.
func (c *compiler) pileDirect(name string, ps *pieceSet, arg intArg) nativeInt {
	g := c.g
	if (name != "same_end" && name != "run_end" && name != "attr_of") || len(ps.parts) != 1 || len(ps.fAttr) != 0 || ps.attr < 0 {
		return nil
	}
	zs, ok := ps.parts[0].(zoneSource)
	if !ok || zs.by || !g.zones[zs.z].ordered {
		return nil
	}
	pr, a := pileRef{z: zs.z, seated: zs.seated}, ps.attr
	switch name {
	case "same_end":
		return func(s *State, _, _ int) int { return sameEndOf(pr.entries(s), 0xffff, 1, s.g.attrs[a]) }
	case "attr_of":
		return func(s *State, _, _ int) int {
			if es := pr.entries(s); len(es) > 0 {
				return int(s.g.attrs[a][es[len(es)-1]&0xffff-1])
			}
			return -1
		}
	}
	return func(s *State, f, t int) int {
		es, col, k := pr.entries(s), s.g.attrs[a], arg.of(s, f, t)
		if v, ok := runEndOf(es, 0xffff, 1, col, k); ok {
			return v
		}
		vals := s.sets.vals[:0]
		for _, e := range es {
			vals = append(vals, col[e&0xffff-1])
		}
		s.sets.vals = vals
		return runEnd(vals, k)
	}
}

// pileRef is a pile read in place: the seat to move's instance of zone z
// (seated: none without a seat).
type pileRef struct {
	z      int
	seated bool
}

// entries returns the pile's entries ((seat+1)<<16 | kind+1, bottom
// first).
func (p pileRef) entries(s *State) []int32 {
	g, seat := s.g, s.ToMove()
	if p.seated && uint(seat) >= uint(len(g.seats)) {
		return nil
	}
	off := g.pileOff[g.zoneInst(p.z, max(seat, 0))]
	return s.buf[off+1 : off+1+int(s.buf[off])]
}

// intArg is a set function's integer argument: the literal k, or f's
// value when f is set.
type intArg struct {
	k int
	f nativeInt
}

func (a intArg) of(s *State, from, to int) int {
	if a.f == nil {
		return a.k
	}
	return a.f(s, from, to)
}

// sumTracked returns the index of the zone sum the State keeps for the set
// (trackSum), when the set is one whole zone (no @seat, no filter) and
// counts an attribute; -1 otherwise.
func (c *compiler) sumTracked(ps *pieceSet) int {
	if len(ps.parts) != 1 || len(ps.fAttr) != 0 || ps.attr < 0 {
		return -1
	}
	zs, ok := ps.parts[0].(zoneSource)
	if !ok || zs.by {
		return -1
	}
	return c.g.trackSum(zs.z, ps.attr)
}

// nativeSeatCompare compiles last_by("PILE") == seat (or !=, either
// order) for the native evaluator; nil when x is not that.
func (c *compiler) nativeSeatCompare(x *ast.BinaryNode) nativeBool {
	if x.Operator != "==" && x.Operator != "!=" {
		return nil
	}
	call, ok := x.Left.(*ast.CallNode)
	other := x.Right
	if !ok {
		call, ok = x.Right.(*ast.CallNode)
		other = x.Left
	}
	if !ok {
		return nil
	}
	id, ok1 := call.Callee.(*ast.IdentifierNode)
	sv, ok2 := other.(*ast.IdentifierNode)
	if !ok1 || !ok2 || id.Value != "last_by" || sv.Value != "seat" || len(call.Arguments) != 1 {
		return nil
	}
	lit, ok := call.Arguments[0].(*ast.StringNode)
	if !ok {
		return nil
	}
	g := c.g
	z, ok := g.ZoneIndex(lit.Value)
	if !ok || !g.zones[z].ordered {
		return nil
	}
	eq := x.Operator == "=="
	return func(s *State, _, _ int) bool {
		seat := s.ToMove()
		return (s.pileTopBy(z, seat) == seat) == eq
	}
}

// pileTopBy returns the seat that put the top piece of seat's instance of
// pile z, -1 when it is empty or no seat put it.
func (s *State) pileTopBy(z, seat int) int {
	g := s.g
	if g.zones[z].perSeat && (seat < 0 || seat >= len(g.seats)) {
		return -1
	}
	off := g.pileOff[g.zoneInst(z, max(seat, 0))]
	n := int(s.buf[off])
	if n == 0 {
		return -1
	}
	return int(s.buf[off+n]>>16) - 1
}
