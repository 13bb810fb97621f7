// This file holds the region_empty end condition.

package core

var regionEmptyEnd = endType{
	name: "region_empty",
	doc:  "every cell of a region (of a per-seat region, of one seat checked) holds no piece and no stones; scoring decides",
	keys: []*Key{&endRegionKey, &endWhoKey},
	compile: func(c *compiler, p, name string) endCheck {
		ref, ok := c.requiredRegion(p, "region_empty")
		if !ok {
			return nil
		}
		who := c.readChoice(p, &endWhoKey)
		e := &regionEmpty{region: ref, who: who, mover: who == "mover", next: who == "next"}
		if c.g.small && !e.mover && !e.next && e.plain(c.g) {
			e.masks = cellMasks(ref.cells)
		}
		return e
	},
}

var endWhoKey = Key{Name: "who", Type: TChoice, Default: "any", Allowed: []string{"any", "mover", "next"},
	Doc: "on a per-seat region, whose cells are checked: every seat's, the seat that just moved, or the seat to move"}

type regionEmpty struct {
	region      regionRef
	who         string
	mover, next bool // who: only the seat that just moved, or the seat to move
	// masks: on small boards, when every seat's cells are checked, each
	// list's cells as a mask, checked against the occupied cells; else nil.
	masks []uint64
}

// cellMasks returns each list as a mask of its cells (boards of at most
// 64 cells).
func cellMasks(lists [][]int32) []uint64 {
	masks := make([]uint64, len(lists))
	for i, cells := range lists {
		for _, c := range cells {
			masks[i] |= 1 << uint(c)
		}
	}
	return masks
}

// holds is checked after every move: it scans the region's cells up to
// the first that holds something (usually the first), reading heights only
// when the game has pieces.
func (e *regionEmpty) holds(g *Game, s *State) (bool, int) {
	if e.masks != nil {
		occ := s.occMask() // a piece or a stone
		for _, m := range e.masks {
			if occ&m == 0 {
				return true, -1
			}
		}
		return false, -1
	}
	counts := s.buf[g.lay.counts:]
	var height []int32
	if len(g.pieceKind) > 0 {
		height = s.buf[g.lay.height:]
	} else if !e.mover && !e.next && e.plain(g) {
		// stones only, every seat's cells (or the one region)
		for _, cells := range e.region.cells {
			var or int32 // counts are never negative: their OR is 0 only if all are
			for _, c := range cells {
				or |= counts[c]
			}
			if or == 0 {
				return true, -1
			}
		}
		return false, -1
	}
	for seat := range g.seats {
		if (e.mover && seat != int(s.buf[hLastMover])) || (e.next && seat != s.ToMove()) {
			continue
		}
		empty := true
		for _, c := range g.cells(e.region, seat) {
			if counts[c] != 0 || (height != nil && height[c] != 0) {
				empty = false
				break
			}
		}
		if empty {
			return true, -1
		}
		if !e.region.perSeat {
			break
		}
	}
	return false, -1
}

// plain reports whether the region has one list of cells per seat (one in
// all when board-wide), so that holds may walk them directly.
func (e *regionEmpty) plain(g *Game) bool {
	if e.region.perSeat {
		return len(e.region.cells) == len(g.seats)
	}
	return len(e.region.cells) == 1
}
