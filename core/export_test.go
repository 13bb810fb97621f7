package core

// SetPoints sets seat's points (State.Score) directly, for the external
// tests of the points limit (core.MaxPoints): reaching the limit in play
// takes thousands of moves.
func SetPoints(s *State, seat, v int) { s.buf[s.g.lay.scores+seat] = int32(v) }

// AttackedFast reports whether a seat other than seat could take a piece on
// t, by the rules' own attack tests (reverse rays, leaper tables).
func AttackedFast(s *State, t, seat int) bool { return s.g.attacked(s, t, seat) }

// AttackedByMoves is AttackedFast found the slow way: by generating every
// other seat's moves, rule by rule.
func AttackedByMoves(s *State, t, seat int) bool {
	g := s.g
	for o := range g.seats {
		if o == seat || s.Eliminated(o) {
			continue
		}
		for _, ri := range g.phases[s.buf[hPhase]].rules {
			if sr, ok := g.rules[ri].(*slideRule); ok {
				if sr.attackedByGen(s, t, o) {
					return true
				}
				continue
			}
			a := genAttacker{rule: g.rules[ri]}
			if a.attackedBy(s, t, o) {
				return true
			}
		}
	}
	return false
}

// PutFromHand puts a piece of kind k from seat's hand on cell c, as a
// placement would but without ending the turn (test positions).
func PutFromHand(s *State, seat, k, c int) bool {
	p := s.fromHand(seat, k)
	if p < 0 || s.HandLeft(seat, k) == 0 {
		return false
	}
	s.zoneTake(seat, k)
	s.push(p, c)
	return true
}

// TakeFromHand takes a piece of kind k out of seat's hand and off the
// board, as if it had been placed and then taken (test positions).
func TakeFromHand(s *State, seat, k int) bool {
	if s.HandLeft(seat, k) == 0 {
		return false
	}
	s.zoneTake(seat, k)
	return true
}

// SetPieceVarAt sets the named [piece_state] variable of the top piece on
// cell c (test positions).
func SetPieceVarAt(s *State, c int, name string, v int) bool {
	p, vi := s.Top(c), s.g.pieceVarIndex(name)
	if p < 0 || vi < 0 {
		return false
	}
	s.setPieceVar(p, vi, v)
	return true
}

// SetToMove gives the turn to seat (test positions).
func SetToMove(s *State, seat int) { s.setToMove(seat) }

// AddToZone puts a piece of kind k into seat's instance of zone z (test
// positions).
func AddToZone(s *State, z, seat, k int) {
	s.zoneAdd(s.g.zoneInst(z, seat), k, -1)
}

// ReadyMoves returns the list settleTurn left for Playout to reuse, and
// whether it is marked valid for s.
func ReadyMoves(s *State) ([]Move, bool) { return s.skipBuf, s.skipReady }

// PutFromZone puts a piece of kind k from seat's instance of zone z (a
// shared zone's only one) on cell c, without ending the turn (test
// positions).
func PutFromZone(s *State, z, seat, k, c int) bool {
	zi := s.g.zoneInst(z, seat)
	p := s.fromZone(zi, k)
	if p < 0 || s.zoneCount(zi, k) == 0 {
		return false
	}
	s.zoneTake(zi, k)
	s.push(p, c)
	return true
}

// MoveZone moves a piece of kind k from zone from to zone to (seat's
// instances; test positions).
func MoveZone(s *State, from, to, seat, k int) bool {
	zi := s.g.zoneInst(from, seat)
	if s.zoneCount(zi, k) == 0 {
		return false
	}
	s.zoneTake(zi, k)
	s.zoneAdd(s.g.zoneInst(to, seat), k, -1)
	return true
}
