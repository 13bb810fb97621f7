// This file holds the reach end condition: a piece stands on a region.
// It is the goal a forced_win foul searches for.

package core

var reachEnd = endType{
	name:    "reach",
	doc:     "a piece with the flag stands on a cell of the region; its owner wins",
	keys:    []*Key{&endRegionKey, &reachFlagKey, &endWinnerKey},
	decides: true,
	compile: func(c *compiler, p, name string) endCheck {
		ref, ok := c.requiredRegion(p, "reach")
		if !ok {
			return nil
		}
		e := &reachCond{inRegion: make([]bool, c.g.board.N())}
		for seat := range c.g.seats {
			for _, cell := range c.g.cells(ref, seat) {
				e.inRegion[cell] = true
			}
		}
		flag := c.readString(p, &reachFlagKey)
		for pc, k := range c.g.pieceKind {
			if flag == "" || c.g.kinds[k].HasFlag(flag) {
				e.pieces = append(e.pieces, int32(pc))
			}
		}
		if len(e.pieces) == 0 {
			c.r.ValueErrorf(keyPath(p, &reachFlagKey), "%s.flag: no piece has the flag %q", p, flag)
			return nil
		}
		return e
	},
}

var reachFlagKey = Key{Name: "flag", Type: TString, Doc: "only pieces with this flag count (default: any piece)"}

type reachCond struct {
	pieces   []int32 // the pieces that win by reaching the region
	inRegion []bool
}

func (e *reachCond) holds(g *Game, s *State) (bool, int) {
	for _, p := range e.pieces {
		c := s.buf[g.lay.pos+int(p)] - 1
		if c >= 0 && e.inRegion[c] {
			return true, int(g.pieceOwner[p])
		}
	}
	return false, -1
}

// goal gives the foul search its goal: the pieces that count and the goal
// cells.
func (e *reachCond) goal() (pieces []int32, inRegion []bool) { return e.pieces, e.inRegion }
