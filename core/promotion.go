// This file holds kind changes (promotion): a move rule's `promote`
// expression names the kind the moved or placed piece becomes after the
// move. A piece's kind is fixed per instance, so the piece is exchanged for
// an instance of the new kind, of the same owner, that is off the board and
// not needed for the owner's hand: [setup.reserve] provides them. The
// expression is tabled at load over the cells, the mover and the piece's
// kind, so a promotion at play time is a lookup and a short scan, and
// allocates nothing.

package core

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

var promoteKey = Key{Name: "promote", Type: TExpr,
	Doc: `after each move the moved or placed piece becomes a piece of the kind this names ("", or a kind of another owner: it stays), over from, to, seat and kind; the new piece comes from [setup.reserve] (moves that promote are written with "=" and the new glyph)`}

// promotion is a rule's compiled promote: table[index] is the new kind + 1,
// or 0 for no change.
type promotion struct {
	byFrom bool
	cells  int
	seats  int
	kinds  int
	table  []int16
}

func (pr *promotion) index(from, to, seat, kind int) int {
	f := 0
	if pr.byFrom {
		f = from + 1
	}
	return ((f*pr.cells+to)*pr.seats+seat)*pr.kinds + kind
}

// compilePromotion reads a rule's promote key.
func (c *compiler) compilePromotion(p string) *promotion {
	g := c.g
	r := c.r
	src := c.readString(p, &promoteKey)
	if src == "" {
		return nil
	}
	path := keyPath(p, &promoteKey)
	if pr, ok := c.promosDone[src]; ok {
		return pr // the same table: compiled and checked once
	}
	b := g.board
	env := c.withParams(map[string]any{"from": b.Cells[0].Attrs, "to": b.Cells[0].Attrs, "seat": "", "kind": ""})
	prog := c.compileExpr(path, src, env)
	if prog == nil {
		return nil
	}
	pr := &promotion{cells: b.N(), seats: len(g.seats), kinds: len(g.kinds)}
	readsKind := true
	if tree, err := parser.Parse(src); err == nil {
		vis := &identVisitor{names: map[string]bool{}}
		ast.Walk(&tree.Node, vis)
		pr.byFrom = vis.names["from"]
		readsKind = vis.names["kind"]
	}
	nf := 1
	if pr.byFrom {
		nf = b.N() + 1
	}
	size := nf * pr.cells * pr.seats * pr.kinds
	if size > maxStateTable {
		r.ValueErrorf(path, "%s: the table over its inputs would have %d entries; the limit is %d", path, size, maxStateTable)
		return nil
	}
	pr.table = make([]int16, size)
	fp := c.fastPromotion(src, env)
	lastName, lastKind := "", -1 // the last kind looked up by name
	for f := 0; f < nf; f++ {
		env["from"] = noAttrs
		if pr.byFrom && f > 0 {
			env["from"] = b.Cells[f-1].Attrs
		}
		// natively on the rows with an origin cell (a placement's row
		// reads attributes of no cell: through expr)
		row := fp
		if pr.byFrom && f == 0 {
			row = nil
		}
		for to := 0; to < b.N(); to++ {
			for seat := range g.seats {
				last, haveLast := "", false
				for k := range g.kinds {
					c.charge(path, 1)
					name, done := "", false
					switch {
					case haveLast && !readsKind:
						name, done = last, true // the same for every kind
					case row != nil:
						name, done = row.string(max(f-1, 0), to, seat, k)
						last, haveLast = name, done
					}
					if !done {
						env["to"], env["seat"], env["kind"] = b.Cells[to].Attrs, g.seats[seat], g.kinds[k].Name
						v, err := expr.Run(prog, env)
						if err != nil {
							r.ValueErrorf(path, "%s: %s", path, exprMsg(err))
							return nil
						}
						var isStr bool
						if name, isStr = v.(string); !isStr {
							r.ValueErrorf(path, "%s: want a piece kind's name or \"\", got %v", path, v)
							return nil
						}
					}
					if name == "" || name == g.kinds[k].Name {
						continue
					}
					nk, ok := lastKind, true
					if name != lastName {
						nk, ok = g.KindIndex(name)
						lastName, lastKind = name, nk
					}
					if !ok {
						with := ""
						if readsKind { // a kind the expression does not read says nothing
							with = ", kind " + g.kinds[k].Name
						}
						r.ValueErrorf(path, "%s: gives %q (to %s, seat %s%s), which is no piece kind %s", path, name, b.Cells[to].Name, g.seats[seat], with, g.kindHint(name))
						return nil
					}
					if g.kinds[nk].Owner != g.kinds[k].Owner {
						continue // a piece never changes sides: such a kind stays as it is
					}
					pr.table[((f*pr.cells+to)*pr.seats+seat)*pr.kinds+k] = int16(nk + 1)
				}
			}
		}
	}
	if c.promosDone == nil {
		c.promosDone = map[string]*promotion{}
	}
	c.promosDone[src] = pr
	return pr
}

// fastPromotion compiles a promote expression natively (see fastExpr)
// over its inputs: the origin and target cells, the seat and the kind,
// each indexed as the table is; nil when it is outside the native subset
// or not a string.
func (c *compiler) fastPromotion(src string, env map[string]any) *fastProg {
	g := c.g
	seats := make([]any, len(g.seats))
	for i := range seats {
		seats[i] = g.seats[i]
	}
	kinds := make([]any, len(g.kinds))
	for i := range kinds {
		kinds[i] = g.kinds[i].Name
	}
	recs := c.cellRecs()
	fp := fastExpr(src, env, -1, fastVar{name: "from", recs: recs}, fastVar{name: "to", recs: recs},
		fastVar{name: "seat", vals: seats}, fastVar{name: "kind", vals: kinds})
	if fp == nil || fp.root.k != fkStr {
		return nil
	}
	return fp
}

// newKind returns the kind the piece p that m left on its target becomes,
// or -1.
func (pr *promotion) newKind(s *State, m Move, seat, p int) int {
	to := m.To()
	if to < 0 || p < 0 {
		return -1
	}
	return int(pr.table[pr.index(m.From(), to, seat, int(s.g.pieceKind[p]))]) - 1
}

// promote exchanges the top piece of the move's target for an instance of
// its new kind, when the rule's promote names one and the owner has one
// off the board beyond what its hand holds; otherwise the piece stays.
func (g *Game) promote(s *State, pr *promotion, m Move, mover int) {
	to := m.To()
	if to < 0 {
		return
	}
	p := s.Top(to)
	nk := pr.newKind(s, m, mover, p)
	if nk < 0 {
		return
	}
	o := int(g.pieceOwner[p])
	q := s.spare(o, nk)
	if q < 0 {
		return
	}
	s.popTop(to)
	s.push(q, to)
}

// spare returns an instance of kind k owned by seat (-1: neutral) that is
// off the board and not needed for the seat's hand, or -1.
func (s *State) spare(seat, k int) int {
	g := s.g
	pos := s.buf[g.lay.pos:]
	insts := g.kindInst[k] // ascending
	if seat >= 0 && !g.handReturn && len(g.zones) <= 1 && !g.zoneFlow {
		// the hand's pieces are the instances [lo, hi), all off the board:
		// a spare is the highest instance off the board when one lies
		// outside them (the count below, without counting)
		i := seat*len(g.kinds) + k
		lo := g.handStart[i] + int(s.buf[g.lay.zone+i])
		hi := lo + s.HandLeft(seat, k)
		cand := -1
		for j := len(insts) - 1; j >= 0; j-- {
			p := int(insts[j])
			if pos[p] != 0 || int(g.pieceOwner[p]) != seat {
				continue
			}
			if cand < 0 {
				cand = p
			}
			if p < lo || p >= hi {
				return cand
			}
			if d := p - lo; j >= d && int(insts[j-d]) == lo {
				j -= d // over the rest of the hand's
			}
		}
		return -1
	}
	free, last := 0, -1
	for _, p := range insts {
		if pos[p] == 0 && int(g.pieceOwner[p]) == seat {
			free++
			last = int(p)
		}
	}
	inHand := 0
	switch {
	case len(g.zones) > 1 || g.zoneFlow:
		inHand = s.zoneHeld(k) // every zone's pieces of the kind
	case seat >= 0:
		inHand = s.HandLeft(seat, k)
	}
	if free <= inHand {
		return -1
	}
	// hand placements take the lowest free instances (fromHand); give the
	// highest so that the hand's stay where it looks for them
	return last
}

// popTop takes the top piece of cell c off the board, leaving the rest of
// the stack.
func (s *State) popTop(c int) {
	l := &s.g.lay
	h := int(s.buf[l.height+c])
	p := int(s.buf[l.top+c] - 1)
	if p < 0 {
		return
	}
	s.xorHash(s.g.pieceHash(int(s.g.pieceKind[p]), c, h-1))
	if len(s.g.pieceVars) > 0 {
		s.xorHash(s.varHash(p, c, h-1))
	}
	s.buf[l.top+c] = s.buf[l.below+p]
	s.buf[l.below+p] = 0
	s.buf[l.pos+p] = 0
	s.buf[l.height+c] = int32(h - 1)
	if len(s.g.pieceVars) > 0 {
		s.resetPieceVars(p)
	}
	if s.g.small {
		s.refresh(c)
	}
}

// formatPromotion appends "=" and the new kind's glyph to a move that
// promotes, read from the position before the move: the piece that moves
// (the top of the origin) or is placed (the move's kind).
func (g *Game) formatPromotion(s *State, pr *promotion, m Move, text string) string {
	to := m.To()
	if to < 0 {
		return text
	}
	var k int
	if from := m.From(); from >= 0 {
		p := s.Top(from)
		if p < 0 {
			return text
		}
		k = int(g.pieceKind[p])
	} else {
		k = m.Aux()
		if k < 0 || k >= len(g.kinds) {
			return text
		}
	}
	nk := int(pr.table[pr.index(m.From(), to, s.ToMove(), k)]) - 1
	if nk < 0 || s.spare(int(g.kinds[k].Owner), nk) < 0 {
		return text
	}
	return text + "=" + g.kinds[nk].Glyph
}

// reserveKey is [setup.reserve].
var reserveKey = Key{Name: "reserve", Type: TTable,
	Doc: `SEAT = ["kind:COUNT", …]: pieces kept off the board, in no hand, for promotions (promote)`}

// readReserve reads [setup.reserve]: the kinds of the reserve pieces, one
// entry per piece; total is the pieces counted so far, for the limit.
func (c *compiler) readReserve(total int) []int {
	r := c.r
	g := c.g
	var out []int
	for _, seatName := range r.Keys("setup.reserve", nil) {
		p := "setup.reserve." + seatName
		seat := -1
		for i, s := range g.seats {
			if s == seatName {
				seat = i
			}
		}
		if seat < 0 {
			r.Errorf(p, "setup.reserve: unknown seat %q", seatName)
			continue
		}
		for i, item := range r.Strings(p) {
			ip := fmt.Sprintf("%s.%d", p, i)
			kn, cs, _ := strings.Cut(item, ":")
			n := 1
			if cs != "" {
				var err error
				if n, err = strconv.Atoi(cs); err != nil || n < 0 || n > MaxPieces {
					r.ValueErrorf(ip, "%s: %q: want KIND or KIND:COUNT with a count up to %d", p, item, MaxPieces)
					continue
				}
			}
			k := c.kind(ip, kn)
			if k < 0 {
				continue
			}
			if g.kinds[k].Owner != seat {
				r.ValueErrorf(ip, "%s: %s pieces belong to %s, not %s", p, kn, c.ownerName(k), seatName)
				continue
			}
			if total += n; total > MaxPieces {
				r.ValueErrorf(ip, "%s: %q makes %d pieces; the limit is %d", p, item, total, MaxPieces)
				return out
			}
			for j := 0; j < n; j++ {
				out = append(out, k)
			}
		}
	}
	return out
}

func (c *compiler) ownerName(k int) string {
	if o := c.g.kinds[k].Owner; o >= 0 {
		return c.g.seats[o]
	}
	return "no seat"
}
