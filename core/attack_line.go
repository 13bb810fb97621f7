// This file holds the attack test of the line primitives (slide, step,
// jump, with replace or screen captures): whether a piece of a seat could
// take a piece on a cell, found by walking the rays back from that cell
// (reverse rays, built at load from the board's own rays) instead of
// generating moves. It is on the hot path and allocates nothing.

package core

// movesTop: a slide, step or jump takes the top piece or stack of its
// origin to its target; it takes nothing else unless it captures over a
// jumped cell or by a related or sandwich capture.
func (r *slideRule) movesTop() bool {
	if r.jump && r.captureOver {
		return false
	}
	return r.cap == nil || r.cap.kind == capNone || r.cap.kind == capReplace
}

// virtualOK: the reverse walk reads only tops, heights and counts, unless
// it falls back to generating moves (slowAttack).
func (r *slideRule) virtualOK(g *Game) bool { return !r.slowAttack(g) }

// slowAttack reports whether the attack test must generate moves: a
// condition that reads the state, a board whose rays do not retrace each
// other, distances by height, surrounded stacks, exclusion.
func (r *slideRule) slowAttack(g *Game) bool {
	if r.byHeight || (r.when != nil && !r.when.static) || r.surrounded || r.excl != nil {
		return true
	}
	if r.cap != nil && r.cap.capIf != nil && !r.cap.capIf.static {
		return true
	}
	for _, d := range r.dirs {
		if g.legal.revDir == nil || g.legal.revDir[d] < 0 {
			return true
		}
	}
	return false
}

// attackedBy reports whether a piece of seat by could take, by this rule,
// a piece standing on t (whose owner is another seat).
func (r *slideRule) attackedBy(s *State, t, by int) bool {
	if !r.replace || r.land == landEmpty || (r.jump && r.captureOver) {
		return false
	}
	g := s.g
	rev := g.legal.revDir
	if r.slowAttack(g) {
		return r.attackedByGen(s, t, by)
	}
	n := g.board.N()
	nd := len(g.board.Dirs)
	rays, roff := g.board.RayTable()
	top := s.buf[g.lay.top : g.lay.top+n]
	height := s.buf[g.lay.height : g.lay.height+n]
	counts := s.buf[g.lay.counts : g.lay.counts+n]
	screens := 0
	if r.cap != nil {
		screens = r.cap.screens
	}
	for _, d := range r.dirs {
		k := t*nd + rev[d]
		back := rays[roff[k]:roff[k+1]]
		passed := 0
		for i, x := range back {
			dist := i + 1
			if (r.dist > 0 && dist > r.dist) || dist > r.maxDist {
				break
			}
			if height[x] == 0 && counts[x] == 0 {
				if r.jump && dist == 1 {
					break // a jump needs a piece to jump over
				}
				continue
			}
			if r.jump && dist == 1 {
				// the jumped piece: checked against the attacker below
				continue
			}
			if passed < screens {
				passed++
				continue
			}
			if r.dist == 0 || dist == r.dist {
				if r.attackerOn(s, int(x), t, by, top) {
					if !r.jump || r.jumpsOver(s, int(back[0]), by, by) {
						return true
					}
				}
			}
			if !r.throughAny && !r.jump {
				break
			}
		}
	}
	return false
}

// attackerOn reports whether the piece on x is one seat by may move by
// this rule towards t: its owner, kind, the rule's `from` region, its
// static `when`, and (unless the rule only attacks) its confinement.
func (r *slideRule) attackerOn(s *State, x, t, by int, top []int32) bool {
	g := s.g
	p := top[x] - 1
	if p < 0 {
		return false
	}
	owner := int(g.pieceOwner[p])
	if r.own && owner != by && !(r.common && owner < 0) {
		return false
	}
	kind := g.pieceKind[p]
	if r.kinds != nil && !r.kinds[kind] {
		return false
	}
	if r.fromCells != nil && !r.fromCells[by][x] {
		return false
	}
	if r.when != nil && !r.when.table[x*g.board.N()+t] {
		return false
	}
	if r.cap != nil && r.cap.capIf != nil && !r.cap.capIf.table[x*g.board.N()+t] {
		return false
	}
	if !r.attackOnly && g.legal.confine != nil {
		if cells := g.legal.confine[kind]; cells != nil && !cells[t] {
			return false
		}
	}
	if r.cap != nil && r.cap.immune != nil {
		if v := top[t] - 1; v >= 0 && r.cap.immune[int(g.pieceKind[v])*g.board.N()+t] {
			return false
		}
	}
	return true
}

// attackedByGen is the attack test by generating the rule's moves for by
// (an attack-only rule's too).
func (r *slideRule) attackedByGen(s *State, t, by int) bool {
	me := s.ToMove()
	s.setToMove(by)
	buf := r.genMoves(s, s.attackBuf[:0])
	s.setToMove(me)
	s.attackBuf = buf[:0]
	for _, m := range buf {
		if m.To() == t {
			return true
		}
	}
	return false
}
