// This file holds en passant as a declared rule of slides and steps: a
// rule with en_passant = "mark" leaves, after each of its moves, a mark
// for the mover on the cell its piece passed last before its target; the
// mark ends when the mover moves again. A rule with en_passant = "take"
// may also land on an empty cell another seat has marked, while that seat
// still has a piece on the marking move's target: the move takes that
// piece. Marks are part of the State (two entries per seat), hashed, and
// undone with everything else.

package core

var enPassantKey = Key{Name: "en_passant", Type: TChoice, Default: "none", Allowed: []string{"none", "mark", "take"},
	Doc: "mark: each move leaves the mover a mark on the cell passed last, until the mover moves again; take: the rule may also land on an empty cell another seat marked, taking that seat's piece on the marking move's target"}

// epBit marks a move's detail as an en passant capture.
const epBit = 1 << 28

// Mark returns the en passant mark of seat: the cell passed and the
// marking move's target, or -1, -1.
func (s *State) Mark(seat int) (passed, target int) {
	l := &s.g.lay
	if l.marks == 0 {
		return -1, -1
	}
	return int(s.buf[l.marks+2*seat]) - 1, int(s.buf[l.marks+2*seat+1]) - 1
}

// setMark sets seat's mark (-1, -1 clears it), keeping the hash.
func (s *State) setMark(seat, passed, target int) {
	l := &s.g.lay
	if l.marks == 0 {
		return
	}
	i := l.marks + 2*seat
	old, oldT := int(s.buf[i]), int(s.buf[i+1])
	if old == passed+1 && oldT == target+1 {
		return
	}
	if old != 0 {
		s.xorHash(markKey(seat, old-1, oldT-1))
	}
	s.buf[i], s.buf[i+1] = int32(passed+1), int32(target+1)
	if passed >= 0 {
		s.xorHash(markKey(seat, passed, target))
	}
}

func markKey(seat, passed, target int) uint64 {
	return mix(uint64(seat)<<40 | uint64(passed)<<20 | uint64(target) | 0xE5<<52)
}

// clearMark ends the mark of the seat about to move (Game.play).
func (g *Game) clearMark(s *State, seat int) {
	if g.lay.marks != 0 {
		s.setMark(seat, -1, -1)
	}
}

// epVictim returns the cell of the piece an en passant landing on the
// empty cell t takes for mover (a foe's marked piece), or -1.
func (r *slideRule) epVictim(s *State, t, mover, side int) int {
	g := s.g
	for o := range g.seats {
		if o == mover || s.Eliminated(o) {
			continue
		}
		passed, target := s.Mark(o)
		if passed != t {
			continue
		}
		if q := s.Top(target); q >= 0 && int(g.pieceOwner[q]) == o && foe(o, mover, side) {
			return target
		}
	}
	return -1
}

// markAfter sets the mover's mark after a move of a "mark" rule: the cell
// before the target along the move's ray (or branch).
func (r *slideRule) markAfter(s *State, m Move, mover int) {
	g := s.g
	from, to, d := m.From(), m.To(), m.Aux()&(epBit-1)
	find := func(ray []int32) bool {
		for i, x := range ray {
			if int(x) == to {
				if i > 0 {
					s.setMark(mover, int(ray[i-1]), to)
				}
				return true
			}
		}
		return false
	}
	if d >= len(g.board.Dirs) || find(g.board.Ray(from, d)) {
		return
	}
	for _, br := range g.board.Branches(from, d) {
		if find(br.Cells) {
			return
		}
	}
}

// usesMarks reports whether some move rule declares en_passant (other than
// "none"): the State layout then keeps a mark per seat. Read before the
// rules compile, as the layout is made first.
func (c *compiler) usesMarks() bool {
	for _, name := range c.r.Keys("moves", nil) {
		if v, ok := c.r.Doc.Get("moves." + name + "." + enPassantKey.Name); ok && v != "none" {
			return true
		}
	}
	return false
}
