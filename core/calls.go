package core

import "fmt"

// Resign removes seat from play (its pieces stay on the board; the
// [turns] on_resign effects may move what it holds off the board). Under
// [turns] resign_notice = "round", while every seat plays, it only gives
// notice: the seat makes its next move (and, given on its own turn, the
// one after) and then leaves (State.Notice counts those moves).
func (h *History) Resign(seat int) error {
	g := h.Game
	s := h.State
	if s.Over() {
		return ErrGameOver
	}
	if s.Eliminated(seat) {
		return fmt.Errorf("%s is already out of the game", g.seats[seat])
	}
	if g.resignNotice && s.Active() == len(g.seats) {
		if s.Notice(seat) > 0 {
			return fmt.Errorf("%s has already given notice of resignation", g.seats[seat])
		}
		// the notice's move is the seat's penultimate: on its own turn the
		// move it is about to make, else the move it has just made
		left := int32(1)
		if s.ToMove() == seat {
			left = 2
		}
		s.buf[g.lay.notice+seat] = left
		return nil
	}
	g.resign(s, seat)
	return nil
}

// resign takes seat out of play at once, after the [turns] on_resign
// effects.
func (g *Game) resign(s *State, seat int) {
	g.runOnResign(s, seat)
	s.buf[g.lay.notice+seat] = 0
	s.Eliminate(seat)
	if s.Active() == 1 {
		for o := range g.seats {
			if !s.Eliminated(o) {
				// the resignation ends the game: the last seat standing wins,
				// or the points decide where the ends are scored
				winner := o
				if g.scoredEnds() {
					winner = scoresDecide
				}
				g.endGame(s, EndResigned, o, winner)
			}
		}
		return
	}
	g.afterElimination(s)
}

// AgreeDraw ends the game in a draw agreed by the seats still playing
// ([turns] agreed_draw): ended_by is "agreed_draw" and no seat wins.
func (h *History) AgreeDraw() error {
	g := h.Game
	s := h.State
	if s.Over() {
		return ErrGameOver
	}
	switch {
	case g.agreedDraw == "never":
		return fmt.Errorf("%s has no agreed draw ([turns] agreed_draw = \"never\")", g.name)
	case g.agreedDraw == "after_elimination" && s.Active() == len(g.seats):
		return fmt.Errorf("a draw may be agreed only once a player is out of the game ([turns] agreed_draw = \"after_elimination\")")
	}
	g.endGame(s, EndAgreedDraw, -1, -1)
	return nil
}

// scoredEnds reports whether the variant decides its ends by score.
func (g *Game) scoredEnds() bool {
	for _, e := range g.ends {
		if e.byScore {
			return true
		}
	}
	return false
}
