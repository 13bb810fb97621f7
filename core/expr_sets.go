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
	"strconv"
	"strings"

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
}

func (zs zoneSource) appendKinds(s *State, seat int, out []int32) []int32 {
	g := s.g
	if (g.zones[zs.z].perSeat || zs.by) && (seat < 0 || seat >= len(g.seats)) {
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
	nk := len(g.kinds)
	start := g.zoneStart[zi*nk : zi*nk+nk]
	taken := s.buf[g.lay.zone+zi*nk : g.lay.zone+zi*nk+nk]
	for k, c := range start {
		for n := c - int(taken[k]); n > 0; n-- {
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
}

// setScratch is a State's working space for the set functions.
type setScratch struct {
	kinds, vals, tmp []int32
	ways             []int64
}

// values gathers the counted attribute of the set's pieces for seat into
// the scratch and returns them.
func (ps *pieceSet) values(s *State, seat int) []int32 {
	sc := &s.sets
	sc.kinds = sc.kinds[:0]
	for _, p := range ps.parts {
		sc.kinds = p.appendKinds(s, seat, sc.kinds)
	}
	g := s.g
	sc.vals = sc.vals[:0]
	for _, k := range sc.kinds {
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
			return zoneSource{z: z, by: true}
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
		return zoneSource{z: z}
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
				zi := g.zoneInst(z, max(h.seat, 0))
				off := g.pileOff[zi]
				n := int(h.st.buf[off])
				if n == 0 {
					return boxedEmpty
				}
				if by := int(h.st.buf[off+n]>>16) - 1; by >= 0 && by < len(g.boxedSeats) {
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
