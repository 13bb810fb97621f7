// This file holds the all_in end condition: every piece of a seat stands
// in its region (Chinese checkers: all ten marbles in the opposite
// triangle).

package core

var allInEnd = endType{
	name:    "all_in",
	doc:     "every piece a seat owns (with the flag) stands on a cell of its region (a per-seat region: its own cells); that seat wins",
	keys:    []*Key{&endRegionKey, &reachFlagKey, &endWinnerKey},
	decides: true,
	compile: func(c *compiler, p, name string) endCheck {
		ref, ok := c.requiredRegion(p, "all_in")
		if !ok {
			return nil
		}
		g := c.g
		n := g.board.N()
		e := &allIn{pieces: make([][]int32, len(g.seats)), inRegion: make([]bool, len(g.seats)*n)}
		flag := c.readString(p, &reachFlagKey)
		for seat := range g.seats {
			for _, cell := range g.cells(ref, seat) {
				e.inRegion[seat*n+int(cell)] = true
			}
		}
		for pc, k := range g.pieceKind {
			if o := int(g.pieceOwner[pc]); o >= 0 && (flag == "" || g.kinds[k].HasFlag(flag)) {
				e.pieces[o] = append(e.pieces[o], int32(pc))
			}
		}
		return e
	},
}

// allIn holds when a seat with at least one counted piece has all of them
// on the board in its region. The seat that just moved is checked first
// (the only one whose pieces moved); then the others in seat order.
type allIn struct {
	pieces   [][]int32 // per seat, the pieces that count
	inRegion []bool    // [seat*N+cell]
}

func (e *allIn) holds(g *Game, s *State) (bool, int) {
	last := int(s.buf[hLastMover])
	if last >= 0 && last < len(e.pieces) && e.done(g, s, last) {
		return true, last
	}
	for seat := range e.pieces {
		if seat != last && e.done(g, s, seat) {
			return true, seat
		}
	}
	return false, -1
}

func (e *allIn) done(g *Game, s *State, seat int) bool {
	if len(e.pieces[seat]) == 0 {
		return false
	}
	n := g.board.N()
	pos := s.buf[g.lay.pos:]
	for _, p := range e.pieces[seat] {
		c := int(pos[p]) - 1
		if c < 0 || !e.inRegion[seat*n+c] {
			return false
		}
	}
	return true
}
