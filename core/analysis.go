package core

import "math/rand/v2"

// Perft counts the move sequences of exactly depth moves from s (a game that
// ends sooner contributes nothing deeper). s is left as it was. Chance
// outcomes count as moves here; ChancePerft counts as the readings define
// it for variants with chance.
func (g *Game) Perft(s *State, depth int) uint64 {
	bufs := make([][]Move, depth+1)
	snaps := make([]*State, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 256)
		snaps[i] = s.Clone()
	}
	var rec func(d int, st *State) uint64
	rec = func(d int, st *State) uint64 {
		moves := g.Settle(st, bufs[d])
		bufs[d] = moves
		if d == 1 {
			return uint64(len(moves))
		}
		var n uint64
		child := snaps[d]
		for _, m := range moves {
			child.CopyFrom(st)
			if err := g.Play(child, m); err != nil {
				continue
			}
			n += rec(d-1, child)
		}
		return n
	}
	if depth <= 0 {
		return 1
	}
	work := s.Clone()
	n := rec(depth, work)
	// a move generation that met an engine limit says so on s
	for _, st := range append(snaps, work) {
		if err := st.Limit(); err != nil && s.limit == nil {
			s.limit = err
		}
	}
	return n
}

// Playout plays uniformly random moves from s (chance outcomes drawn by
// their weights) to the end of the game (or
// the ply limit), reusing buf. It returns the moves played via the optional
// record slice (appended) and an error if a rule hit one of its limits.
//
// A variant with a repetition rule ([end] type "repetition") has it judged
// here too, from the positions of this playout (kept in s, reused).
//
// In a game that keeps the zones' share of the hash and judges no
// repetition, the hash is not read while the playout plays: the zone
// changes leave their keys out and the share is recomputed once at the
// end (settleZoneHash), so s ends with the hash a game played move by move
// would have.
func (g *Game) Playout(s *State, rng *rand.Rand, buf []Move, record *[]Move) ([]Move, error) {
	if g.lay.zhash == 0 || g.repetition > 0 || g.repBan != nil {
		return g.playout(s, rng, buf, record)
	}
	s.zoneHashLater = true
	buf, err := g.playout(s, rng, buf, record)
	s.settleZoneHash()
	return buf, err
}

func (g *Game) playout(s *State, rng *rand.Rand, buf []Move, record *[]Move) ([]Move, error) {
	ready := false // skipBuf holds the list of the ply just played (settleTurn)
	for {
		if ev := int(s.buf[hChance]) - 1; ev >= 0 && ev < len(g.chance) && s.buf[hOver] == 0 {
			// a pending event that draws its own outcome needs no list, and
			// one that also applies it needs no Play (Play's checks of an
			// outcome hold for a drawn one)
			if dr, ok := g.chance[ev].(chanceDrawer); ok {
				s.skipReady = false
				if s.env != nil {
					s.env.scoreErr = nil
				}
				if dr.drawAll(s, rng, record) {
					g.chanceResolved(s, ev)
					ready = s.skipReady
					continue
				}
			}
			if sm, ok := g.chance[ev].(chanceSampler); ok {
				m := sm.sample(s, rng)
				if record != nil {
					*record = append(*record, m)
				}
				if err := g.Play(s, m); err != nil {
					return buf, err
				}
				ready = s.skipReady
				continue
			}
		}
		var m Move
		if ready && s.buf[hOver] == 0 && s.buf[hChance] == 0 && int(s.buf[hPly]) < g.maxPlies && len(s.skipBuf) > 0 {
			// the turn's settling generated this position's list already:
			// the move is drawn from it, as from a copy
			m = s.skipBuf[rng.IntN(len(s.skipBuf))]
		} else {
			if buf = g.Settle(s, buf); len(buf) == 0 {
				return buf, nil
			}
			if s.buf[hChance] != 0 {
				m = g.Sample(s, buf, rng)
			} else {
				m = buf[rng.IntN(len(buf))]
			}
		}
		if record != nil {
			*record = append(*record, m)
		}
		if err := g.Play(s, m); err != nil {
			return buf, err
		}
		ready = s.skipReady
		if g.repetition > 0 && !s.Over() {
			if s.occurrences(s.Hash()) >= g.repetition {
				g.endGame(s, g.repetitionEnd, -1, -1)
			}
		}
	}
}
