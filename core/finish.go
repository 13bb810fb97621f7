// This file holds the one policy by which a game ends: what ended it, the
// seat that met it, and how the winner is settled (a seat, a draw, or the
// scores); and how eliminated seats leave the turn order. Every ending
// (end conditions, a seat with no move, repetition, resignation, foul
// calls) goes through endGame.

package core

// Ends that are not declared conditions.
const (
	EndStuck      = "stuck"
	EndRepetition = "repetition"
	EndResigned   = "resigned"
	EndAgreedDraw = "agreed_draw"
	// EndUnavoidable: a foul the offender could not avoid ended the game
	// ([fouls] unavoidable = "eliminate_and_end"); end_seat is the offender.
	EndUnavoidable = "unavoidable"
)

// scoresDecide is endGame's winner when the scores decide the result.
const scoresDecide = -2

// endGame ends the game: it records what ended it (an [end.NAME] or one of
// the End constants) and the seat that met it (-1: none), and settles the
// result: winner is a seat, -1 for a draw, or scoresDecide.
func (g *Game) endGame(s *State, what string, seat, winner int) {
	g.markEnd(s, what, seat)
	if winner == scoresDecide {
		g.finish(s)
	} else {
		g.finishWith(s, winner)
	}
}

// markEnd records what ended the game and which seat met the condition.
func (g *Game) markEnd(s *State, name string, seat int) {
	for i, n := range g.endNames {
		if n == name {
			s.buf[hEnd] = int32(i + 1)
		}
	}
	s.buf[hEndSeat] = int32(seat + 1)
}

// EndedBy returns the name of what ended the game ("" while it goes on):
// an [end.NAME] condition, or stuck, repetition, unavoidable, resigned.
func (g *Game) EndedBy(s *State) (name string, seat int) {
	if i := int(s.buf[hEnd]); i > 0 && i <= len(g.endNames) {
		return g.endNames[i-1], int(s.buf[hEndSeat]) - 1
	}
	return "", -1
}

// finish marks the game over and decides the winner from the scores.
func (g *Game) finish(s *State) {
	s.buf[hOver] = 1
	best, winner := 0, -1
	for seat := range g.seats {
		v := g.scoreOf(s, seat)
		if g.lowest {
			v = -v
		}
		switch {
		case winner == -1 && seat == 0, v > best:
			best, winner = v, seat
		case v == best:
			winner = -2
		}
	}
	if winner < 0 {
		winner = -1
	}
	s.buf[hWinner] = int32(winner)
}

// finishWith marks the game over with a given winner (-1: a draw).
func (g *Game) finishWith(s *State, winner int) {
	s.buf[hOver] = 1
	s.buf[hWinner] = int32(winner)
}

// checkEnd evaluates the declared end conditions.
func (g *Game) checkEnd(s *State) {
	if p := g.onlyPoints; p != nil {
		// the one end is a points target: its test without the call
		sc := s.buf[g.lay.scores:]
		for seat := range g.seats {
			if int(sc[seat]) >= p.count {
				g.endBy(s, g.ends[0], seat)
				return
			}
		}
		return
	}
	for _, e := range g.ends {
		if ok, who := e.check.holds(g, s); ok {
			g.endBy(s, e, who)
			return
		}
	}
}

// endBy ends the game by end condition e, which names seat who (-1:
// none).
func (g *Game) endBy(s *State, e *endCond, who int) {
	winner := scoresDecide
	if e.typ.decides && !e.byScore {
		winner = who
	}
	g.endGame(s, e.name, who, winner)
}

// eliminateWithout removes from the turn order every seat that has no
// piece of the flagged kinds left on the board ([turns] eliminate_without).
func (g *Game) eliminateWithout(s *State) {
	for seat := range g.seats {
		if s.Eliminated(seat) {
			continue
		}
		alive := false
		for _, p := range g.elimFlag[seat] {
			if s.buf[g.lay.pos+int(p)] != 0 {
				alive = true
				break
			}
		}
		if !alive {
			s.Eliminate(seat)
		}
	}
}

// afterElimination moves the turn off an eliminated seat and checks the
// end conditions.
func (g *Game) afterElimination(s *State) {
	if s.Over() {
		return
	}
	if s.Eliminated(s.ToMove()) {
		s.setToMove(g.nextSeat(s, s.ToMove()))
	}
	g.checkEnd(s)
}
