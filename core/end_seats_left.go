// This file holds the seats_left end condition.

package core

var seatsLeftEnd = endType{
	name:    "seats_left",
	doc:     "at most count seats are not eliminated; the one seat left wins (more: a draw)",
	keys:    []*Key{&seatsLeftCountKey, &endWinnerKey},
	decides: true,
	compile: func(c *compiler, p, name string) endCheck {
		return &seatsLeft{count: c.readInt(p, &seatsLeftCountKey)}
	},
}

var seatsLeftCountKey = Key{Name: "count", Type: TInt, Default: 1, Min: 0, Max: MaxSeats,
	Doc: "the most seats still playing for the condition to hold"}

type seatsLeft struct{ count int }

// holds names the one seat left, when one is.
func (e *seatsLeft) holds(g *Game, s *State) (bool, int) {
	if s.Active() > e.count {
		return false, -1
	}
	who := -1
	if s.Active() == 1 {
		for seat := range g.seats {
			if !s.Eliminated(seat) {
				who = seat
			}
		}
	}
	return true, who
}
