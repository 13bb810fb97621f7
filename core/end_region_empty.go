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
		return &regionEmpty{region: ref, who: c.readChoice(p, &endWhoKey)}
	},
}

var endWhoKey = Key{Name: "who", Type: TChoice, Default: "any", Allowed: []string{"any", "mover", "next"},
	Doc: "on a per-seat region, whose cells are checked: every seat's, the seat that just moved, or the seat to move"}

type regionEmpty struct {
	region regionRef
	who    string
}

func (e *regionEmpty) holds(g *Game, s *State) (bool, int) {
	for seat := range g.Seats {
		switch e.who {
		case "mover":
			if seat != int(s.buf[hLastMover]) {
				continue
			}
		case "next":
			if seat != s.ToMove() {
				continue
			}
		}
		empty := true
		height, counts := s.buf[g.lay.height:], s.buf[g.lay.counts:]
		for _, c := range g.cells(e.region, seat) {
			if height[c] != 0 || counts[c] != 0 {
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
