// This file holds the swap primitive: exchange the mover's piece on a cell
// with a piece of one of the mover's zones. The pair condition (match_if)
// is tabled at load per (board kind, incoming kind); gen and play allocate
// nothing.

package core

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"
)

type swapRule struct {
	ruleBase
	zone  int    // the zone (of a per-seat zone, the mover's)
	kinds []bool // board kinds it may swap out (nil: any)
	match []bool // [boardKind*K+incoming]: the pair may be swapped
	// matchOf[a]: the incoming kinds b with match[a*K+b], in kind order
	matchOf [][]int32
	when    *whenCond
	// moverIf: which board pieces may be swapped out (piece_cond.go)
	moverIf *pieceCond
	glyph   bool // notation: the incoming kind's glyph (d4=Sh)
	// common: the neutral pieces on the board may be swapped out too
	// (with the mover's instance of the zone); commonPieces lists them.
	common       bool
	commonPieces []int32
}

var swapMove = moveType{
	name: "swap",
	doc:  "exchange the mover's piece on a cell with a piece of one of the mover's zones",
	keys: []*Key{&swapZoneKey, &swapKindsKey, &swapMatchKey, &moverIfKey, &whenKey, &swapNotationKey, &swapCommonKey},
	compile: func(c *compiler, p string, rb ruleBase) rule {
		ru := &swapRule{ruleBase: rb}
		ru.zone = c.zoneNamed(keyPath(p, &swapZoneKey), c.readString(p, &swapZoneKey))
		ru.kinds = c.readKinds(p, &swapKindsKey)
		ru.when = c.compileWhen(p, true)
		ru.moverIf = c.compilePieceCond(p, &moverIfKey)
		ru.glyph = c.readChoice(p, &swapNotationKey) == "glyph"
		if ru.common = c.readBool(p, &swapCommonKey); ru.common {
			for q, o := range c.g.pieceOwner {
				if o < 0 {
					ru.commonPieces = append(ru.commonPieces, int32(q))
				}
			}
		}
		if ru.zone < 0 {
			return nil
		}
		ru.match = c.kindPairTable(p, &swapMatchKey)
		nk := len(c.g.kinds)
		ru.matchOf = make([][]int32, nk)
		for a := 0; a < nk; a++ {
			for b := 0; b < nk; b++ {
				if ru.match[a*nk+b] {
					ru.matchOf[a] = append(ru.matchOf[a], int32(b))
				}
			}
		}
		c.g.zoneFlow = true
		return ru
	},
}

var (
	swapZoneKey = Key{Name: "zone", Type: TString, Required: true,
		Doc: "the zone the incoming piece comes from and the board piece goes to (of a per-seat zone, the mover's)"}
	swapKindsKey = Key{Name: "kinds", Type: TStrings,
		Doc: "the board piece kinds that may be swapped out (default: any of the mover's)"}
	swapCommonKey = Key{Name: "common", Type: TBool, Default: false,
		Doc: "the neutral pieces (owner = \"none\") on the board may be swapped out too, with the mover's instance of the zone (a shared zone's only one)"}
	swapNotationKey = Key{Name: "notation", Type: TChoice, Default: "name", Allowed: []string{"name", "glyph"},
		Doc: "how the incoming kind is written after CELL=: by name, or by glyph (d4=Sh)"}
	swapMatchKey = Key{Name: "match_if", Type: TExpr,
		Doc: "the pair may be swapped: over piece and incoming (each {name, glyph, owner, flags}) and [params]; a piece never swaps with its own kind"}
)

// kindMap is what a pair condition sees of a kind.
func (g *Game) kindMap(k int) map[string]any {
	kd := g.kinds[k]
	owner := ""
	if kd.Owner >= 0 && kd.Owner < len(g.seats) {
		owner = g.seats[kd.Owner]
	}
	flags := make([]any, len(kd.Flags))
	for i, f := range kd.Flags {
		flags[i] = f
	}
	return map[string]any{"name": kd.Name, "glyph": kd.Glyph, "owner": owner, "flags": flags}
}

// kindPairTable tables the expression at p.k over every (piece, incoming)
// pair of kinds; without the key every pair of distinct kinds matches.
func (c *compiler) kindPairTable(p string, k *Key) []bool {
	g := c.g
	nk := len(g.kinds)
	out := make([]bool, nk*nk)
	src := c.readString(p, k)
	if src == "" {
		for a := 0; a < nk; a++ {
			for b := 0; b < nk; b++ {
				out[a*nk+b] = a != b
			}
		}
		return out
	}
	env := map[string]any{}
	for name, v := range c.params {
		env[name] = v
	}
	maps := make([]map[string]any, nk)
	for i := range maps {
		maps[i] = g.kindMap(i)
	}
	env["piece"], env["incoming"] = maps[0], maps[0]
	if !c.checkFields(keyPath(p, k), src, []string{"piece", "incoming"}, kindFields) {
		return out
	}
	prog := c.compileExpr(keyPath(p, k), src, env, expr.AsBool())
	if prog == nil {
		return out
	}
	var machine vm.VM
	for a := 0; a < nk; a++ {
		for b := 0; b < nk; b++ {
			if a == b {
				continue
			}
			env["piece"], env["incoming"] = maps[a], maps[b]
			v, err := machine.Run(prog, env)
			if err != nil {
				c.r.ValueErrorf(keyPath(p, k), "%s: %s (with piece = %s, incoming = %s)", keyPath(p, k), exprMsg(err), g.kinds[a].Name, g.kinds[b].Name)
				return out
			}
			out[a*nk+b], _ = v.(bool)
		}
	}
	return out
}

func (r *swapRule) gen(s *State, out []Move) []Move {
	g := s.g
	seat := s.ToMove()
	zi := g.zoneInst(r.zone, seat)
	if s.zoneSize(zi) == 0 {
		return out
	}
	out = r.genOf(s, out, g.seatPieces[seat], zi)
	if r.common {
		out = r.genOf(s, out, r.commonPieces, zi)
	}
	return out
}

// genOf appends the swaps of the pieces of list with zone instance zi.
func (r *swapRule) genOf(s *State, out []Move, list []int32, zi int) []Move {
	g := s.g
	seat := s.ToMove()
	for _, p := range list {
		c := s.PieceCell(int(p))
		if c < 0 || s.Top(c) != int(p) {
			continue
		}
		a := int(g.pieceKind[p])
		if (r.kinds != nil && !r.kinds[a]) || (r.moverIf != nil && !r.moverIf.holds(s, int(p), seat)) {
			continue
		}
		for _, b := range r.matchOf[a] {
			if s.zoneCount(zi, int(b)) > 0 && r.when.allows(s, c, c, s.Height(c), int(b)) {
				out = append(out, mkMove(r.index, c, c, int(b)))
			}
		}
	}
	return out
}

func (r *swapRule) play(s *State, m Move) error {
	g := s.g
	seat, c, b := s.ToMove(), m.From(), m.Aux()
	zi := g.zoneInst(r.zone, seat)
	p := s.Top(c)
	if p < 0 || b >= len(g.kinds) || s.zoneCount(zi, b) == 0 {
		return fmt.Errorf("rule %q: no swap of %s with %s", r.name, g.board.Cells[max(c, 0)].Name, g.kindName(b))
	}
	s.popTop(c)
	s.zoneAdd(zi, int(g.pieceKind[p]), seat)
	q := s.fromZone(zi, b)
	if q < 0 {
		return fmt.Errorf("rule %q: no %s off the board", r.name, g.kinds[b].Name)
	}
	s.zoneTake(zi, b)
	s.push(q, c)
	return nil
}

func (r *swapRule) format(s *State, m Move) string {
	if k := m.Aux(); r.glyph && k >= 0 && k < len(s.g.kinds) {
		return s.g.board.Cells[m.From()].Name + "=" + s.g.kinds[k].Glyph
	}
	return s.g.board.Cells[m.From()].Name + "=" + s.g.kindName(m.Aux())
}

func (r *swapRule) explain(s *State, text string) (string, bool) {
	g := s.g
	cell, kind, ok := strings.Cut(text, "=")
	if !ok {
		return "", false
	}
	c, ok := lookupCell(g, cell)
	if !ok {
		return "", false
	}
	k, ok := g.KindIndex(kind)
	seat := s.ToMove()
	if !ok && r.glyph {
		// by glyph: the mover's kind of that glyph
		for i := range g.kinds {
			if strings.EqualFold(g.kinds[i].Glyph, kind) && (g.kinds[i].Owner == seat || g.kinds[i].Owner < 0) {
				k, ok = i, true
				break
			}
		}
	}
	if !ok {
		return "", false
	}
	switch {
	case s.Owner(c) != seat:
		return fmt.Sprintf("%s holds no piece of %s's to swap", g.board.Cells[c].Name, g.seats[seat]), true
	case s.ZoneCount(r.zone, seat, k) == 0:
		return fmt.Sprintf("%s has no %s in %s", g.seats[seat], g.kinds[k].Name, g.zones[r.zone].name), true
	case !r.match[int(g.pieceKind[s.Top(c)])*len(g.kinds)+k]:
		return fmt.Sprintf("rule %q does not swap %s for %s", r.name, g.kinds[g.pieceKind[s.Top(c)]].Name, g.kinds[k].Name), true
	}
	return "", false
}
