// This file holds the no_move end condition: the seat to move has no legal
// move, told apart by whether one of its royal pieces is attacked
// (checkmate, stalemate). It is judged by Settle when the seat has no move,
// before [turns] stuck, so it compiles to no check after each move.

package core

var noMoveEndType = endType{
	name:    "no_move",
	doc:     "the seat to move has no legal move (in check or not, per check); the stuck seat loses, wins or draws per result",
	keys:    []*Key{&noMoveCheckKey, &noMoveResultKey},
	decides: true,
	compile: func(c *compiler, p, name string) endCheck {
		e := &noMoveEnd{name: name}
		switch c.readChoice(p, &noMoveCheckKey) {
		case "yes":
			e.check = 1
		case "no":
			e.check = -1
		}
		e.result = c.readChoice(p, &noMoveResultKey)
		c.g.legal.noMove = append(c.g.legal.noMove, e)
		return nil
	},
}

var (
	noMoveCheckKey = Key{Name: "check", Type: TChoice, Default: "any", Allowed: []string{"any", "yes", "no"},
		Doc: "yes: only when a royal piece of the stuck seat is attacked ([turns] royal); no: only when none is; any"}
	noMoveResultKey = Key{Name: "result", Type: TChoice, Default: "lose", Allowed: []string{"lose", "win", "draw"},
		Doc: "the stuck seat loses (with two seats in play, the other wins), wins, or the game is a draw"}
)

// noMoveEnd is one [end.NAME] of type no_move.
type noMoveEnd struct {
	name   string
	check  int // 1: in check only; -1: not in check only; 0: either
	result string
}

// noMoveEnd ends the game by the first no_move condition that holds for
// the seat to move, which has no legal move; it reports whether one did.
func (g *Game) noMoveEnd(s *State) bool {
	if len(g.legal.noMove) == 0 {
		return false
	}
	seat := s.ToMove()
	inCheck := g.InCheck(s, seat)
	for _, e := range g.legal.noMove {
		if (e.check == 1 && !inCheck) || (e.check == -1 && inCheck) {
			continue
		}
		winner := -1
		switch e.result {
		case "lose":
			if s.Active() == 2 {
				for o := range g.seats {
					if o != seat && !s.Eliminated(o) {
						winner = o
					}
				}
			} else {
				winner = scoresDecide
			}
		case "win":
			winner = seat
		}
		g.endGame(s, e.name, seat, winner)
		return true
	}
	return false
}
