// This file connects the leap primitive to the royal legality filter
// (royal.go): a leap moves the top piece of its origin to its target, and
// its attack test reads the leaper's reverse tables (AttackedBy).

package core

// movesTop: a leap takes the piece on its origin to its target and takes
// at most the piece standing there.
func (r *leapRule) movesTop() bool { return true }

// attackedBy is AttackedBy for the royal filter, with a fast path for a
// plain leaper (no facing, condition, immunity or exclusion): the reverse
// table of t read straight from the State's buffer.
func (r *leapRule) attackedBy(s *State, t, by int) bool {
	if r.facing != facingNone || r.when != nil || r.cap.capIf != nil || r.cap.immune != nil || r.excl != nil {
		return r.AttackedBy(s, t, by)
	}
	if r.cap.kind != capReplace || r.land == landEmpty {
		return false
	}
	g := s.g
	n := g.board.N()
	top := s.buf[g.lay.top : g.lay.top+n]
	height := s.buf[g.lay.height : g.lay.height+n]
	counts := s.buf[g.lay.counts : g.lay.counts+n]
	if v := top[t] - 1; v >= 0 && int(g.pieceOwner[v]) == by {
		return false // one's own piece is not taken
	}
	tb := &r.tables[0]
	for i := tb.roff[t]; i < tb.roff[t+1]; i++ {
		p := top[tb.rsrc[i]] - 1
		if p < 0 || int(g.pieceOwner[p]) != by || (r.kinds != nil && !r.kinds[g.pieceKind[p]]) {
			continue
		}
		if b := tb.rblk[i]; b >= 0 && (height[b] != 0 || counts[b] != 0) {
			continue
		}
		if g.mayStand(int(g.pieceKind[p]), t) {
			return true
		}
	}
	return false
}

// attackedByAny is attackedBy for every seat other than seat still
// playing at once (one pass over the reverse table); ok is false when the
// rule has no such fast test.
func (r *leapRule) attackedByAny(s *State, t, seat int) (attacked, ok bool) {
	if r.facing != facingNone || r.when != nil || r.cap.capIf != nil || r.cap.immune != nil || r.excl != nil {
		return false, false
	}
	if r.cap.kind != capReplace || r.land == landEmpty {
		return false, true
	}
	g := s.g
	n := g.board.N()
	top := s.buf[g.lay.top : g.lay.top+n]
	height := s.buf[g.lay.height : g.lay.height+n]
	counts := s.buf[g.lay.counts : g.lay.counts+n]
	victim := -1 // the owner of the piece on t, never its attacker
	if v := top[t] - 1; v >= 0 {
		victim = int(g.pieceOwner[v])
	}
	tb := &r.tables[0]
	for i := tb.roff[t]; i < tb.roff[t+1]; i++ {
		p := top[tb.rsrc[i]] - 1
		if p < 0 {
			continue
		}
		o := int(g.pieceOwner[p])
		if o < 0 || o == seat || o == victim || s.Eliminated(o) || (r.kinds != nil && !r.kinds[g.pieceKind[p]]) {
			continue
		}
		if b := tb.rblk[i]; b >= 0 && (height[b] != 0 || counts[b] != 0) {
			continue
		}
		if g.mayStand(int(g.pieceKind[p]), t) {
			return true, true
		}
	}
	return false, true
}

// virtualOK: AttackedBy reads only tops and occupancy, unless a condition
// reads the state.
func (r *leapRule) virtualOK(*Game) bool {
	return (r.when == nil || r.when.static) && (r.cap.capIf == nil || r.cap.capIf.static)
}

// mayStand reports whether a piece of kind k may move to cell t by its
// confinement ([pieces.NAME] confine).
func (g *Game) mayStand(k int, t int) bool {
	if g.legal.confine == nil {
		return true
	}
	cells := g.legal.confine[k]
	return cells == nil || cells[t]
}

// attackCells lists the origins of the leaps onto t and their blocking
// cells; a condition that reads the state may read anything.
func (r *leapRule) attackCells(g *Game, t int, add func(c int)) {
	if !r.virtualOK(g) {
		for c := 0; c < g.board.N(); c++ {
			add(c)
		}
		return
	}
	for f := range r.tables {
		tb := &r.tables[f]
		for i := tb.roff[t]; i < tb.roff[t+1]; i++ {
			add(int(tb.rsrc[i]))
			if b := tb.rblk[i]; b >= 0 {
				add(int(b))
			}
		}
	}
}
