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
	if r.epTake || r.epMark {
		return false // an en passant capture takes a piece off its target; a mark is state
	}
	if r.jump && r.captureOver {
		return false
	}
	return r.cap == nil || r.cap.kind == capNone || r.cap.kind == capReplace
}

// movesTopUnlessEP: every move of the rule but its en passant captures
// (epBit) takes the top piece of its origin to its target and at most the
// stack standing there; an en passant mark is state no attack test reads.
func (r *slideRule) movesTopUnlessEP() bool {
	if r.jump && r.captureOver {
		return false
	}
	return (r.epTake || r.epMark) && (r.cap == nil || r.cap.kind == capNone || r.cap.kind == capReplace)
}

// virtualOK: the reverse walk reads only tops, heights and counts, unless
// it falls back to generating moves (slowAttack).
func (r *slideRule) virtualOK(g *Game) bool { return !r.slowAttack(g) }

// slowAttack reports whether the attack test must generate moves: a
// condition that reads the state, a board whose rays do not retrace each
// other, distances by height, surrounded stacks, exclusion.
func (r *slideRule) slowAttack(g *Game) bool {
	if r.atk != nil {
		return false
	}
	if r.byHeight || r.byDice || r.byLine || (r.when != nil && !r.when.static) || r.surrounded || r.excl != nil || r.forks || r.facingVar >= 0 ||
		r.moverIf != nil || r.passOver != nil || r.takeIf != nil {
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

// attacksNever reports whether the rule can take no piece on its target
// (its attack test always says no).
func (r *slideRule) attacksNever() bool {
	return !r.replace || r.land == landEmpty || (r.jump && r.captureOver)
}

// attackedBy reports whether a piece of seat by could take, by this rule,
// a piece standing on t (whose owner is another seat).
func (r *slideRule) attackedBy(s *State, t, by int) bool {
	if !r.replace || r.land == landEmpty || (r.jump && r.captureOver) {
		return false
	}
	g := s.g
	rev := g.legal.revDir
	if r.atk != nil {
		return r.tableAttacked(s, t, by)
	}
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
	if !r.attackOnly && !g.mayStand(int(kind), t) {
		return false
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
	g := s.g
	for _, m := range buf {
		if m.To() != t {
			continue
		}
		if p := s.Top(m.From()); !r.attackOnly && p >= 0 && !g.mayStand(int(g.pieceKind[p]), t) {
			continue // confinement: not a move
		}
		return true
	}
	return false
}

// attackCells lists the cells the attack test on t reads: the reverse rays
// of the rule's directions, up to its distance.
func (r *slideRule) attackCells(g *Game, t int, add func(c int)) {
	if !r.replace || r.land == landEmpty || (r.jump && r.captureOver) {
		return
	}
	if r.atk != nil {
		r.tableCells(t, add)
		return
	}
	if r.slowAttack(g) {
		for c := 0; c < g.board.N(); c++ {
			add(c)
		}
		return
	}
	for _, d := range r.dirs {
		for i, x := range g.board.Ray(t, g.legal.revDir[d]) {
			if (r.dist > 0 && i+1 > r.dist) || i+1 > r.maxDist {
				break
			}
			add(int(x))
		}
	}
}

// prepareWalk: a slide or step over empty cells (with screens or not)
// needs, along the reverse ray of each of its directions, the first
// screens+1 occupied cells. Jumps, moves over anything and rules whose
// test generates moves walk their own way.
func (r *slideRule) prepareWalk(g *Game) (dirs []int, depth int, ok bool) {
	if r.jump || r.throughAny || r.atk != nil || r.slowAttack(g) {
		return nil, 0, false
	}
	for _, d := range r.dirs {
		dirs = append(dirs, g.legal.revDir[d])
	}
	if r.cap != nil {
		depth = r.cap.screens
	}
	return dirs, depth + 1, true
}

// movesKind reports whether the rule moves pieces of kind k.
func (r *slideRule) movesKind(k int) bool { return r.kinds == nil || r.kinds[k] }

// attacksFrom: the piece on x, the occupied cell number j along the ray
// back from t in direction e at distance dist, takes on t by this rule
// when j is the number of screens, the rule moves along a direction whose
// reverse is e, the distance fits, and attackerOn holds.
func (r *slideRule) attacksFrom(s *State, x, j, e, dist, t, by int) bool {
	if !r.replace || r.land == landEmpty {
		return false
	}
	screens := 0
	if r.cap != nil {
		screens = r.cap.screens
	}
	if j != screens || (r.dist > 0 && dist != r.dist) || dist > r.maxDist {
		return false
	}
	rev := s.g.legal.revDir
	for _, d := range r.dirs {
		if rev[d] == e {
			return r.attackerOn(s, x, t, by, s.buf[s.g.lay.top:s.g.lay.top+s.g.board.N()])
		}
	}
	return false
}

// attacksOnly: attack_only.
func (r *slideRule) attacksOnly() bool { return r.attackOnly }
