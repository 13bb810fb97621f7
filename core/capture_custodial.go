// This file holds the custodial capture: after a piece lands, each enemy
// piece next to it is taken when the cell beyond it on the same line holds
// a partner (a piece of the mover's side) or is a hostile cell; optionally
// a run of enemy pieces closed by a partner, a piece on a two-neighbour cell
// (a board corner) held on both sides, and pieces of flagged kinds that are
// taken only when surrounded on every side. The victims are decided by the
// position after the landing and are always taken, so they are not stored
// in the Move: there is no bound on their number. It is on the hot path and
// allocates nothing.

package core

import (
	"fmt"
	"sort"
	"strings"
)

var (
	custodialRunKey = Key{Name: "custodial_run", Type: TBool, Default: false,
		Doc: "custodial: a run of consecutive enemy pieces closed by a partner is taken (immune pieces in it stay)"}
	hostileKey = Key{Name: "hostile", Type: TExpr,
		Doc: "custodial: over kind, flags and cell: an empty cell that acts as a partner against a piece of that kind"}
	encloseCornersKey = Key{Name: "enclose_corners", Type: TBool, Default: false,
		Doc: "custodial: a piece on a cell with exactly two neighbours is also taken when the moved piece and a partner hold both"}
	surroundFlagKey = Key{Name: "surround_flag", Type: TString,
		Doc: "custodial: pieces of kinds with this flag are taken only when every neighbour is hostile to them and the moved piece is one"}
	surroundHostileKey = Key{Name: "surround_hostile", Type: TExpr,
		Doc: "custodial: over kind, flags and cell: an empty neighbour that counts as hostile to a surrounded piece"}
	surroundEdgeKey = Key{Name: "surround_edge", Type: TBool, Default: false,
		Doc: "custodial: a side off the board counts as hostile to a surrounded piece"}
	surroundShieldKey = Key{Name: "surround_shield", Type: TInt, Default: 0, Min: 0, Max: 1,
		Doc: "custodial: 1: a surrounded piece with exactly one own neighbour is also taken when that pair is enclosed and neither can move"}
)

var custodialCapture = captureType{
	name: "custodial",
	doc:  "take each enemy piece enclosed on a line between the landed piece and a partner or hostile cell",
	kind: capCustodial,
	keys: []*Key{&partnerFlagKey, &hostileKey, &custodialRunKey, &encloseCornersKey,
		&surroundFlagKey, &surroundHostileKey, &surroundEdgeKey, &surroundShieldKey},
	compile: compileCustodial,
}

// custodialSpec is the compiled custodial capture of a rule.
type custodialSpec struct {
	run, corners bool
	partner      []bool // kinds that can be a partner (nil: every own piece)
	hostile      []bool // [kind*N+cell]: an empty cell hostile to a piece of that kind (nil: none)
	royal        []bool // kinds taken only when surrounded (nil: none)
	royals       []int32
	surHostile   []bool // [kind*N+cell]
	edge         bool
	shield       int
}

func compileCustodial(c *compiler, p string, cs *captureSpec) bool {
	g := c.g
	cu := &custodialSpec{}
	cs.cust = cu
	cs.post = true
	if len(g.board.Dirs) == 0 {
		c.r.Errorf(p, "%s: a custodial capture needs a board with directions", p)
		return false
	}
	if c.has(p, &captureOptionalKey) && c.readBool(p, &captureOptionalKey) {
		c.r.ValueErrorf(keyPath(p, &captureOptionalKey), "%s.capture_optional: custodial captures are always made; remove the key or set it to false", p)
		return false
	}
	cs.optional = false
	cu.run = c.readBool(p, &custodialRunKey)
	cu.corners = c.readBool(p, &encloseCornersKey)
	if flag := c.readString(p, &partnerFlagKey); flag != "" {
		cu.partner = make([]bool, len(g.kinds))
		found := false
		for i, k := range g.kinds {
			if k.HasFlag(flag) {
				cu.partner[i], found = true, true
			}
		}
		if !found {
			c.r.ValueErrorf(keyPath(p, &partnerFlagKey), "%s.partner_flag: no piece kind has the flag %q", p, flag)
			return false
		}
	}
	cu.hostile = c.kindCellTable(p, &hostileKey)
	if flag := c.readString(p, &surroundFlagKey); flag != "" {
		cu.royal = make([]bool, len(g.kinds))
		for i, k := range g.kinds {
			if k.HasFlag(flag) {
				cu.royal[i] = true
			}
		}
		for pc, k := range g.pieceKind {
			if cu.royal[k] {
				cu.royals = append(cu.royals, int32(pc))
			}
		}
		if len(cu.royals) == 0 {
			c.r.ValueErrorf(keyPath(p, &surroundFlagKey), "%s.surround_flag: no piece has the flag %q", p, flag)
			return false
		}
		cu.surHostile = c.kindCellTable(p, &surroundHostileKey)
		cu.edge = c.readBool(p, &surroundEdgeKey)
		cu.shield = c.readInt(p, &surroundShieldKey)
		if cu.shield > 0 {
			g.moveScratch = max(g.moveScratch, 1024, 16*g.board.N())
		}
	} else {
		for _, k := range []*Key{&surroundHostileKey, &surroundEdgeKey, &surroundShieldKey} {
			if c.has(p, k) {
				c.r.Errorf(keyPath(p, k), "%s.%s needs surround_flag (the kinds taken by surrounding)", p, k.Name)
			}
		}
	}
	return true
}

// custodialVictims removes nothing: it lists in list the cells of the
// pieces the piece that has just landed on t takes by the line and corner
// rules (s is the position after the landing) and returns how many.
// Surrounded pieces are judged once these are gone (royalVictims).
func (cs *captureSpec) custodialVictims(s *State, from, t int, list []int32) (n int) {
	g := s.g
	cu := cs.cust
	mp := s.Top(t)
	if mp < 0 || (cs.capIf != nil && !cs.capIf.allows(s, from, t, 0, -1)) {
		return 0
	}
	mover := s.ToMove()
	side := int(g.pieceOwner[mp])
	nd := len(g.board.Dirs)
	N := g.board.N()
	rays, roff := g.board.RayTable()
	top := s.buf[g.lay.top : g.lay.top+N]
	enemy := func(c int) bool {
		q := top[c] - 1
		return q >= 0 && foe(int(g.pieceOwner[q]), mover, side)
	}
	// takable: an enemy piece the line rule may take
	takable := func(c int) bool {
		q := top[c] - 1
		if q < 0 || !foe(int(g.pieceOwner[q]), mover, side) {
			return false
		}
		k := int(g.pieceKind[q])
		if cu.royal != nil && cu.royal[k] {
			return false
		}
		return cs.immune == nil || !cs.immune[k*N+c]
	}
	// closes: cell c ends a line against a piece of kind k
	closes := func(c, k int) bool {
		q := top[c] - 1
		if q < 0 {
			return s.buf[g.lay.counts+c] == 0 && cu.hostile != nil && cu.hostile[k*N+c]
		}
		o := int(g.pieceOwner[q])
		return (o == mover || o == side) && (cu.partner == nil || cu.partner[g.pieceKind[q]])
	}
	add := func(c int) {
		for _, x := range list[:n] {
			if int(x) == c {
				return
			}
		}
		list[n] = int32(c)
		n++
	}
	for d := 0; d < nd; d++ {
		k := t*nd + d
		ray := rays[roff[k]:roff[k+1]]
		if len(ray) == 0 || !enemy(int(ray[0])) {
			continue
		}
		v := int(ray[0])
		vk := int(g.pieceKind[top[v]-1])
		if cu.run {
			i := 0
			for i < len(ray) && enemy(int(ray[i])) {
				i++
			}
			if i < len(ray) && closes(int(ray[i]), int(g.pieceKind[top[ray[i-1]]-1])) {
				for _, x := range ray[:i] {
					if takable(int(x)) {
						add(int(x))
					}
				}
			}
		} else if len(ray) >= 2 && takable(v) && closes(int(ray[1]), vk) {
			add(v)
		}
		if cu.corners && takable(v) {
			if adj := g.board.Adjacent(v); len(adj) == 2 {
				other := int(adj[0])
				if other == t {
					other = int(adj[1])
				}
				if other != t && closes(other, vk) {
					add(v)
				}
			}
		}
	}
	return n
}

// royalVictims lists in list the cells of the surrounded pieces the piece
// that landed on t takes, once the line's victims are gone (s is that
// position), and returns how many.
func (cs *captureSpec) royalVictims(s *State, t int, list []int32) (n int) {
	g := s.g
	cu := cs.cust
	mp := s.Top(t)
	if cu.royal == nil || mp < 0 {
		return 0
	}
	mover, side := s.ToMove(), int(g.pieceOwner[mp])
	for _, rp := range cu.royals {
		rc := int(s.buf[g.lay.pos+int(rp)]) - 1
		if rc < 0 || !foe(int(g.pieceOwner[rp]), mover, side) {
			continue
		}
		if cs.surrounded(s, rc, int(rp), t) {
			list[n] = int32(rc)
			n++
		}
	}
	return n
}

// surrounded reports whether the royal piece rp on rc is taken by the
// piece that landed on t (s: the position once the line's victims are gone).
func (cs *captureSpec) surrounded(s *State, rc, rp, t int) bool {
	g := s.g
	cu := cs.cust
	nd := len(g.board.Dirs)
	N := g.board.N()
	owner := int(g.pieceOwner[rp])
	kind := int(g.pieceKind[rp])
	// hostile: the neighbour c (-1: off the board) of the royal piece
	hostile := func(c int) bool {
		if c < 0 {
			return cu.edge
		}
		q := s.Top(c)
		if q >= 0 {
			o := int(g.pieceOwner[q])
			return o >= 0 && o != owner
		}
		return cu.surHostile != nil && cu.surHostile[kind*N+c]
	}
	own := func(c int) bool {
		if c < 0 {
			return false
		}
		q := s.Top(c)
		return q >= 0 && int(g.pieceOwner[q]) == owner
	}
	shield, touches := -1, false
	for d := 0; d < nd; d++ {
		c := g.board.Step(rc, d)
		if c == t {
			touches = true
		}
		if hostile(c) {
			continue
		}
		if cu.shield == 0 || shield >= 0 || !own(c) {
			return false
		}
		shield = c
	}
	if shield < 0 {
		return touches
	}
	// the pair (royal, shield): every other neighbour of the shield is
	// hostile to the royal piece, the moved piece is next to the pair, and
	// neither of the two can move
	for d := 0; d < nd; d++ {
		c := g.board.Step(shield, d)
		if c == rc {
			continue
		}
		if c == t {
			touches = true
		}
		if !hostile(c) {
			return false
		}
	}
	return touches && !s.canMoveFrom(owner, rc, shield)
}

// canMoveFrom reports whether seat, if it were to move in s, would have a
// move from cell a or cell b. s is restored (the seat to move and the
// hash); the moves go to the State's own buffer, made with the State.
func (s *State) canMoveFrom(seat, a, b int) bool {
	me := s.ToMove()
	s.setToMove(seat)
	buf := s.g.gen(s, s.custBuf[:0])
	s.custBuf = buf[:0]
	s.setToMove(me)
	for _, m := range buf {
		if f := m.From(); f == a || f == b {
			return true
		}
	}
	return false
}

// applyCustodial takes the victims of the piece that has just landed on
// m.To() (s is the position after the landing): first the line's, then
// the surrounded pieces.
func (cs *captureSpec) applyCustodial(s *State, m Move, mover int, rule string) error {
	list := s.victimList()
	for pass := 0; pass < 2; pass++ {
		var n int
		if pass == 0 {
			n = cs.custodialVictims(s, m.From(), m.To(), list)
		} else {
			n = cs.royalVictims(s, m.To(), list)
		}
		for _, c := range list[:n] {
			if cs.points {
				q := s.Top(int(c))
				if q < 0 {
					continue
				}
				if _, v, ok := s.addPoints(mover, s.g.kinds[s.g.pieceKind[q]].Value); !ok {
					return s.pointsError(fmt.Sprintf("rule %q: capture_points", rule), mover, v)
				}
			}
			cs.remove(s, int(c))
		}
	}
	return nil
}

// custodialTaken lists the cells of the pieces move m of rule ru, played
// from s, takes: the line's in board order, then the surrounded ones. It
// plays the move on the State's look-ahead copy.
func custodialTaken(s *State, ru rule, m Move) []int {
	sl, ok := ru.(*slideRule)
	if !ok || sl.cap == nil || sl.cap.cust == nil {
		return nil
	}
	sc := s.aheadState()
	sc.CopyFrom(s)
	n := 1
	if sl.carryStack {
		n = sc.Height(m.From())
	}
	sc.moveStack(m.From(), m.To(), n)
	list := make([]int32, len(s.g.pieceKind)+1)
	k := sl.cap.custodialVictims(sc, m.From(), m.To(), list)
	out := make([]int, 0, k+1)
	for _, c := range list[:k] {
		out = append(out, int(c))
		sc.clear(int(c))
	}
	sort.Ints(out)
	k = sl.cap.royalVictims(sc, m.To(), list)
	for _, c := range list[:k] {
		out = append(out, int(c))
	}
	return out
}

// formatCustodial appends "x" and the cell of each piece taken.
func formatCustodial(s *State, sb *strings.Builder, ru rule, m Move) {
	for _, c := range custodialTaken(s, ru, m) {
		sb.WriteString("x")
		sb.WriteString(s.g.board.Cells[c].Name)
	}
}
