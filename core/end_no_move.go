// This file holds the no_move end condition: the seat to move has no legal
// move, told apart by whether one of its royal pieces is attacked
// (checkmate, stalemate). It is judged by Settle when the seat has no move,
// before [turns] stuck, so it compiles to no check after each move. With
// result = "eliminate" a game of more than two seats goes on without the
// stuck seat; its pieces may pass to the seat that checks it.

package core

var noMoveEndType = endType{
	name:    "no_move",
	doc:     "the seat to move has no legal move (in check or not, per check); the stuck seat loses, wins, draws, is eliminated, or the seat checking it wins, per result",
	keys:    []*Key{&noMoveCheckKey, &noMoveResultKey, &noMovePiecesKey},
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
		e.toChecker = c.readChoice(p, &noMovePiecesKey) == "to_checker"
		if (e.toChecker || e.result == "checker") && c.readString("turns", &royalKey) == "" {
			c.r.Errorf(p, "%s: the checking seat needs [turns] royal", p)
		}
		c.g.legal.noMove = append(c.g.legal.noMove, e)
		return nil
	},
}

var (
	noMoveCheckKey = Key{Name: "check", Type: TChoice, Default: "any", Allowed: []string{"any", "yes", "no"},
		Doc: "yes: only when a royal piece of the stuck seat is attacked ([turns] royal); no: only when none is; any"}
	noMoveResultKey = Key{Name: "result", Type: TChoice, Default: "lose", Allowed: []string{"lose", "win", "draw", "eliminate", "checker"},
		Doc: "the stuck seat loses (with two seats in play, the other wins), wins, or the game is a draw; eliminate: while more than two seats play the stuck seat is out and play goes on (with two it loses, the checking seat winning); checker: the checking seat wins"}
	noMovePiecesKey = Key{Name: "pieces", Type: TChoice, Default: "stay", Allowed: []string{"stay", "to_checker"},
		Doc: "with result = \"eliminate\": the stuck seat's pieces stay (and no longer move), or its royal pieces leave the board and the others pass to the checking seat ([pieces] role)"}
)

// noMoveEnd is one [end.NAME] of type no_move.
type noMoveEnd struct {
	name      string
	check     int // 1: in check only; -1: not in check only; 0: either
	result    string
	toChecker bool
}

// noMoveEnd settles the seat to move, which has no legal move, by the first
// no_move condition that holds: it ends the game, or (result "eliminate"
// with more than two seats in play) removes the seat and reports goOn.
func (g *Game) noMoveEnd(s *State) (done, goOn bool) {
	if len(g.legal.noMove) == 0 {
		return false, false
	}
	seat := s.ToMove()
	inCheck := g.InCheck(s, seat)
	for _, e := range g.legal.noMove {
		if (e.check == 1 && !inCheck) || (e.check == -1 && inCheck) {
			continue
		}
		winner := -1
		switch e.result {
		case "lose", "eliminate":
			if s.Active() == 2 {
				for o := range g.seats {
					if o != seat && !s.Eliminated(o) {
						winner = o
					}
				}
			} else if e.result == "eliminate" {
				checker := g.checker(s, seat)
				if e.toChecker && checker >= 0 {
					g.passPieces(s, seat, checker)
				}
				s.Eliminate(seat)
				g.afterElimination(s)
				return true, !s.Over()
			} else {
				winner = scoresDecide
			}
		case "win":
			winner = seat
		case "checker":
			winner = g.checker(s, seat)
		}
		g.endGame(s, e.name, seat, winner)
		return true, false
	}
	return false, false
}

// checker returns the seat that checks seat: counting back in turn order
// from seat, the first still playing that could take one of its royal
// pieces (-1: none).
func (g *Game) checker(s *State, seat int) int {
	n := len(g.seats)
	pos := s.buf[g.lay.pos:]
	for k := 1; k < n; k++ {
		o := (seat - k + n) % n
		if s.Eliminated(o) {
			continue
		}
		for _, q := range g.legal.royal[seat] {
			if c := int(pos[q]) - 1; c >= 0 && g.attackedBySeat(s, c, o) {
				return o
			}
		}
	}
	return -1
}

// passPieces takes seat from's royal pieces off the board and gives its
// other pieces to seat to: each is exchanged, on its cell and keeping its
// piece state, for a spare piece of to's kind of the same role ([pieces]
// role, from [setup.reserve] or taken pieces). A piece with no such spare
// stays as it is.
func (g *Game) passPieces(s *State, from, to int) {
	pos := s.buf[g.lay.pos:]
	for _, q := range g.seatPieces[from] {
		p := int(q)
		c := int(pos[p]) - 1
		if c < 0 || s.Top(c) != p {
			continue
		}
		if g.legal.royalPiece(p) {
			s.popTop(c)
			continue
		}
		g.turnPiece(s, c, to)
	}
}

// roleKind returns seat's kind of the given role, or -1.
func (g *Game) roleKind(seat int, role string) int {
	if role == "" {
		return -1
	}
	for k, kind := range g.kinds {
		if kind.Owner == seat && kind.Role == role {
			return k
		}
	}
	return -1
}
