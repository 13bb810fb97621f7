// This file holds the repetition ban: under [end.NAME] type = "repetition"
// with forbid = true, a move that would make a position occur `count` times
// in the game is not legal (rather than a draw). The positions met so far
// are the State's own history (State.seen: the positions before each move
// of the line it was played along, counted by hash); a copied State has none, so
// perft and the analyses that copy positions do not see the ban, and
// History keeps it across undo. gen drops
// the banned moves, so a seat left with no move is stuck as usual. It
// allocates nothing once the State's buffers have grown.

package core

import "fmt"

// repetitionBan is a compiled repetition ban.
type repetitionBan struct {
	count      int
	name, cite string
	// cond, when set, limits the ban: a move reaching a banned position is
	// refused only when cond(before, after) holds (after: the position the
	// move gives). A hook for conditions such as perpetual check.
	cond func(before, after *State) bool
}

var repetitionForbidKey = Key{Name: "forbid", Type: TBool, Default: false,
	Doc: "repetition: instead of a draw, a move that would make a position occur count times is illegal"}

// recordSeen notes, after s has played a move from the position whose hash
// was before, that position in s's history, and bans the position now on
// the board once it has occurred count-1 times (a move back to it would be
// its count-th occurrence). The history is counts by hash: one lookup per
// position, no scan.
func (g *Game) recordSeen(s *State, before uint64) {
	s.seen.add(before, 1)
	s.seenN++
	ban := g.repBan
	if ban == nil {
		return
	}
	if s.seenN == 1 {
		s.banIfRepeated(before, ban.count)
	}
	s.banIfRepeated(s.Hash(), ban.count)
}

// occurrences returns how many times the position with hash h has occurred
// in s's history, counting the position on the board when it is h.
func (s *State) occurrences(h uint64) int {
	n := s.seen.count(h)
	if h == s.Hash() {
		n++
	}
	return n
}

// banIfRepeated bans h when it has occurred count-1 times.
func (s *State) banIfRepeated(h uint64, count int) {
	if s.occurrences(h) >= count-1 && s.banned.count(h) == 0 {
		s.banned.thr = 1
		s.banned.add(h, 1)
	}
}

// keepHistory runs restore (a CopyFrom that clears the history) and gives s
// back the history it had.
func (s *State) keepHistory(restore func()) {
	seen, banned, n := s.seen, s.banned, s.seenN
	s.seen, s.banned = repTable{}, repTable{}
	restore()
	s.seen, s.banned, s.seenN = seen, banned, n
}

// popSeen takes the last move out of s's history after an undo: the
// position before it (on the board again) leaves the history, and after,
// the one the move gave, has occurred once less (it may no longer be
// banned).
func (s *State) popSeen(after uint64) {
	if s.seenN == 0 {
		return
	}
	s.seenN--
	s.seen.add(s.Hash(), -1)
	if s.banned.count(after) == 0 {
		return
	}
	if ban := s.g.repBan; ban == nil || s.occurrences(after) < ban.count-1 {
		s.banned.add(after, -1)
	}
}

// filterBanned drops the moves that reach a banned position (in place).
func (g *Game) filterBanned(s *State, moves []Move) []Move {
	ban := g.repBan
	out := moves[:0]
	sc := s.aheadState()
	for _, m := range moves {
		if g.bannedMove(s, sc, m, ban) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// bannedMove reports whether m, played from s (on the scratch sc), reaches
// a banned position.
func (g *Game) bannedMove(s, sc *State, m Move, ban *repetitionBan) bool {
	sc.CopyFrom(s)
	if err := g.play(sc, m); err != nil {
		return false
	}
	if s.banned.count(sc.Hash()) > 0 {
		return ban.cond == nil || ban.cond(s, sc)
	}
	return false
}

// explainBanned says why text, a move the rules allow, is refused by the
// repetition ban, or returns nil.
func (g *Game) explainBanned(s *State, text string) error {
	if g.repBan == nil || s.banned.hot == 0 {
		return nil
	}
	ph := g.phases[s.buf[hPhase]]
	var all []Move
	for _, ri := range ph.rules {
		all = g.rules[ri].gen(s, all)
	}
	sc := s.Clone()
	for _, m := range all {
		if g.Format(s, m) != text && !equalFoldASCII(g.Format(s, m), text) {
			continue
		}
		if g.bannedMove(s, sc, m, g.repBan) {
			return &IllegalMoveError{Text: text, Rule: g.repBan.name, Cite: g.repBan.cite,
				Reason: fmt.Sprintf("%s would make the position occur %d times (repetition is forbidden)", text, g.repBan.count)}
		}
	}
	return nil
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
