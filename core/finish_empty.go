// This file holds elimination by empty places: [turns]
// eliminate_when_empty lists where a seat's pieces may be (the board, the
// hand); a seat with none of its pieces in any of them is out of play at
// once, checked after every move. With an [end] seats_left condition the
// last seat left wins.

package core

import "fmt"

var eliminateEmptyKey = Key{Name: "eliminate_when_empty", Type: TStrings,
	Doc: `places ("board", "hand"): a seat with none of its own pieces in any of them is eliminated at once`}

// elimPlaces says where a seat's pieces keep it in play.
type elimPlaces struct{ board, hand bool }

// compileEliminateEmpty reads [turns] eliminate_when_empty.
func (c *compiler) compileEliminateEmpty() {
	if !c.has("turns", &eliminateEmptyKey) {
		return
	}
	e := &elimPlaces{}
	for i, w := range c.readStrings("turns", &eliminateEmptyKey) {
		switch w {
		case "board":
			e.board = true
		case "hand":
			e.hand = true
		default:
			c.r.ValueErrorf(fmt.Sprintf("turns.%s.%d", eliminateEmptyKey.Name, i), "turns.%s: unknown place %q (want board or hand)", eliminateEmptyKey.Name, w)
		}
	}
	c.g.elimEmpty = e
}

// eliminateEmpty eliminates every seat with no piece left in the places.
func (g *Game) eliminateEmpty(s *State) {
	e := g.elimEmpty
	for seat := range g.seats {
		if s.Eliminated(seat) {
			continue
		}
		if e.hand && s.handLeftAll(seat) > 0 {
			continue
		}
		alive := false
		if e.board {
			for _, p := range g.seatPieces[seat] {
				if s.buf[g.lay.pos+int(p)] != 0 {
					alive = true
					break
				}
			}
		}
		if !alive {
			s.Eliminate(seat)
		}
	}
}
