// This file holds [turns] royal_next, a legality rule for games of more
// than two seats with royal pieces: while more than two seats play, a move
// is legal only if afterwards the seat that moves next could take no royal
// piece of a third seat. (The mover's own are [turns] royal's business.)
// So the seat to move never finds a royal piece it could take: no seat is
// left open to a capture before its own turn has come. The test shares the
// royal filter's in-place trial and look-ahead copy; it allocates nothing.

package core

var royalNextKey = Key{Name: "royal_next", Type: TBool, Default: false,
	Doc: "with royal, while more than two seats play: a move is legal only if afterwards the next seat could take no royal piece of a third seat"}

// compileRoyalNext reads [turns] royal_next (after compileRoyal).
func (c *compiler) compileRoyalNext() {
	if !c.readBool("turns", &royalNextKey) {
		return
	}
	if c.g.legal.royal == nil {
		c.r.ValueErrorf("turns.royal_next", "turns.royal_next: needs [turns] royal (the royal pieces it protects)")
		return
	}
	c.g.legal.next = true
}

// filterNext drops from moves (already legal by royal) those after which
// the next seat could take a royal piece of a third seat.
func (g *Game) filterNext(s *State, moves []Move) []Move {
	if s.Active() <= 2 {
		return moves
	}
	mover := s.ToMove()
	nxt := g.nextSeat(s, mover)
	lg := &g.legal
	ph := s.buf[hPhase]
	virtual := lg.virtual[ph]
	height := s.buf[g.lay.height:]
	// When no royal piece of a third seat is open to nxt now, a move that
	// moves one piece and neither leaves nor enters a cell the attack
	// tests on those pieces read keeps them closed: it needs no test.
	// With one such piece, on k, and no ray attackers, a move is tested
	// only along the merged walk's lines it touches (lines) and, when it
	// touches their cells, by the other attackers (other).
	var rel, other, lines []uint64
	k := -1
	if lg.rel[ph] != nil && !g.nextOpen(s, mover, nxt) {
		rel = s.relScratch(lg.words)
		pos := s.buf[g.lay.pos:]
		n := 0
		for o := range g.seats {
			if o == mover || o == nxt || s.Eliminated(o) {
				continue
			}
			for _, q := range lg.royal[o] {
				if c := int(pos[q]) - 1; c >= 0 {
					n++
					k = c
				}
			}
		}
		tr := lg.trie[ph]
		if n != 1 || tr == nil || lg.rayKinds[ph] != nil {
			k = -1
		} else {
			lines = s.lineScratch(g.board.N())
			other = lg.rel[ph][k*lg.words : (k+1)*lg.words]
		}
		for o := range g.seats {
			if o == mover || o == nxt || s.Eliminated(o) {
				continue
			}
			for _, q := range lg.royal[o] {
				c := int(pos[q]) - 1
				if c < 0 {
					continue
				}
				row := lg.rel[ph][c*lg.words : (c+1)*lg.words]
				for w := range rel {
					rel[w] |= row[w]
				}
				rel[c/64] |= 1 << uint(c%64)
				g.relRays(s, c, rel, nil)
				if tr != nil {
					g.trieMark(s, tr, c, rel, lines)
				}
			}
		}
	}
	out := moves[:0]
	for _, m := range moves {
		if m == Pass {
			out = append(out, m)
			continue
		}
		from, to := m.From(), m.To()
		plain := lg.movesTop(m)
		if rel != nil && from >= 0 && to >= 0 && plain &&
			rel[from/64]&(1<<uint(from%64)) == 0 && rel[to/64]&(1<<uint(to%64)) == 0 {
			out = append(out, m)
			continue
		}
		var open bool
		// a royal piece taken on to would keep its cell in the in-place
		// trial: such a move is judged on a copy
		inPlace := virtual && plain && from >= 0 && to >= 0 && height[from] == 1 && height[to] <= 1 &&
			(s.Top(to) < 0 || !lg.royalPiece(s.Top(to)))
		switch {
		case inPlace && k >= 0 && from != k:
			touches := other[from/64]&(1<<uint(from%64)) != 0 || other[to/64]&(1<<uint(to%64)) != 0
			open = g.nextInPlacePartial(s, from, to, k, nxt, touches, lines[from]|lines[to])
		case inPlace:
			open = g.nextInPlace(s, from, to, mover, nxt)
		default:
			open = g.nextAhead(s, m, mover, nxt)
		}
		if !open {
			out = append(out, m)
		}
	}
	return out
}

// nextOpen reports whether seat by could take a royal piece of a seat
// other than mover and by that still plays.
func (g *Game) nextOpen(s *State, mover, by int) bool {
	lg := &g.legal
	pos := s.buf[g.lay.pos:]
	as := lg.attackers[s.buf[hPhase]]
	for o := range g.seats {
		if o == mover || o == by || s.Eliminated(o) {
			continue
		}
		for _, q := range lg.royal[o] {
			c := int(pos[q]) - 1
			if c < 0 {
				continue
			}
			if g.attackedBySeatIn(s, as, c, by) {
				return true
			}
		}
	}
	return false
}

// nextInPlace is tryInPlace for nextOpen: the piece on from moved to to
// on the tops, heights and its cell only, then put back.
func (g *Game) nextInPlace(s *State, from, to, mover, by int) bool {
	lift := g.liftWithCell(s, from, to)
	open := g.nextOpen(s, mover, by)
	g.putBack(s, from, to, lift)
	return open
}

// nextInPlacePartial is nextInPlace for one royal piece of a third seat,
// on k, when no such piece is open now: only the merged walk along the
// lines roots from k, and the other attackers when touches, can have
// changed their answer.
func (g *Game) nextInPlacePartial(s *State, from, to, k, by int, touches bool, roots uint64) bool {
	lift := g.liftInPlace(s, from, to)
	open := (touches && g.othersAttackedBy(s, k, by)) ||
		(roots != 0 && g.trieAttacked(s, g.legal.trie[s.buf[hPhase]], k, -1, by, roots))
	g.putBack(s, from, to, lift)
	return open
}

// nextAhead plays m on the State's look-ahead copy and asks nextOpen.
func (g *Game) nextAhead(s *State, m Move, mover, by int) bool {
	if s.look == nil {
		s.look = s.Clone()
	}
	a := s.look
	a.CopyFrom(s)
	ru := g.rules[m.Rule()]
	if err := ru.play(a, m); err != nil {
		return true
	}
	for _, e := range ru.base().after {
		e.apply(a)
	}
	return g.nextOpen(a, mover, by)
}

// othersAttackedBy asks the phase's attack entries that are neither ray
// attackers nor in the merged walk whether a piece of seat by could take
// on t.
func (g *Game) othersAttackedBy(s *State, t, by int) bool {
	for _, e := range g.legal.others[s.buf[hPhase]] {
		if e.hits != nil && !e.hits[by][t] {
			continue
		}
		if e.a.attackedBy(s, t, by) {
			return true
		}
	}
	return false
}

// royalPiece reports whether piece p is royal.
func (lg *legality) royalPiece(p int) bool {
	for _, rs := range lg.royal {
		for _, q := range rs {
			if int(q) == p {
				return true
			}
		}
	}
	return false
}

// attackedBySeat reports whether a piece of seat by could take a piece on
// t by a rule of the current phase.
func (g *Game) attackedBySeat(s *State, t, by int) bool {
	return g.attackedBySeatIn(s, g.legal.attackers[s.buf[hPhase]], t, by)
}

func (g *Game) attackedBySeatIn(s *State, as []attackEntry, t, by int) bool {
	if g.othersAttackedBy(s, t, by) {
		return true
	}
	for i := range as {
		// the ray attackers, each asked on its own here
		e := &as[i]
		if e.ray == nil || (e.hits != nil && !e.hits[by][t]) {
			continue
		}
		if e.a.attackedBy(s, t, by) {
			return true
		}
	}
	if tr := g.legal.trie[s.buf[hPhase]]; tr != nil {
		// the target's own owner never attacks it: seat -1 excludes no one
		// but the walk asks only by
		return g.trieAttacked(s, tr, t, -1, by, ^uint64(0))
	}
	return false
}
