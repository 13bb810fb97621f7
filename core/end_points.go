// This file holds the points end condition: a seat reaches a target.

package core

var pointsEnd = endType{
	name:    "points",
	doc:     "a seat's points (points(): effects, steps, captures) reach count; that seat wins",
	keys:    []*Key{&pointsCountKey, &endWinnerKey},
	decides: true,
	compile: func(c *compiler, p, name string) endCheck {
		c.notePoints(p + ".type")
		return &pointsReached{count: c.readInt(p, &pointsCountKey)}
	},
}

var pointsCountKey = Key{Name: "count", Type: TInt, Default: 1, Min: 1, Max: MaxPoints,
	Doc: "the points to reach (an integer or an expression over [params]): the first seat in seat order with at least this many"}

type pointsReached struct{ count int }

func (e *pointsReached) holds(g *Game, s *State) (bool, int) {
	sc := s.buf[g.lay.scores:]
	for seat := range g.seats {
		if int(sc[seat]) >= e.count {
			return true, seat
		}
	}
	return false, -1
}
