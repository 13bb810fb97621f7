package core

// Effects is what one move did to a position, read from the positions
// before and after it: the pieces that left the board and where they
// stood (captures, cut-offs), the stones each cell lost, the score each
// seat gained, whether the mover moves again, who went out of play, and
// how the game ended. It is an account for people (the editor narrates
// moves and explains reloads with it); it is not on the hot path.
type Effects struct {
	// Mover is the seat that moved (-1 at the start).
	Mover int
	// From and To are the move's origin and target cells (-1 for none).
	From, To int
	// Removed lists the pieces that were on the board before and are not
	// after, in piece order.
	Removed []RemovedPiece
	// Emptied lists the cells that held stones before and hold none
	// after, other than the move's own origin (stones taken, as in a
	// mancala capture), with the stones each held.
	Emptied []CellStones
	// ScoreDelta is each seat's score after minus before.
	ScoreDelta []int
	// ExtraTurn is set when the move earned its mover another turn.
	ExtraTurn bool
	// Eliminated lists the seats that went out of play with the move.
	Eliminated []int
	// PhaseFrom and PhaseTo are the phases before and after (equal when
	// the phase did not change).
	PhaseFrom, PhaseTo int
	// Result is the game's state after the move; EndedBy names the end
	// condition that ended it ("" while it goes on), EndSeat the seat that
	// met it (-1 for none).
	Result  Result
	EndedBy string
	EndSeat int
	// Chance names the chance event when the move is an outcome of one
	// (Mover is then the seat it was played for, and ExtraTurn the turn
	// a throw of doubles will earn); "" for a decision.
	Chance string
}

// CellStones is a cell and a number of stones.
type CellStones struct {
	Cell, Stones int
}

// RemovedPiece is a piece that left the board.
type RemovedPiece struct {
	Piece int
	Kind  PieceKind
	// Cell is where it stood before the move.
	Cell int
}

// MoveEffects describes what m did, given the positions before and after
// it was played (after is usually a clone of before with m played).
func (g *Game) MoveEffects(before, after *State, m Move) Effects {
	e := Effects{
		Mover:     int(after.buf[hLastMover]),
		From:      m.From(),
		To:        m.To(),
		ExtraTurn: after.buf[hExtra] != 0,
		PhaseFrom: before.Phase(),
		PhaseTo:   after.Phase(),
		Result:    g.Result(after),
	}
	if m == Pass {
		e.From, e.To = -1, -1
	}
	if m.IsChance() {
		e.Mover, e.Chance = before.ToMove(), g.ChanceEvent(before)
		e.ExtraTurn = false
	}
	for p := 0; p < g.NumPieces(); p++ {
		if c := before.PieceCell(p); c >= 0 && after.PieceCell(p) < 0 {
			e.Removed = append(e.Removed, RemovedPiece{Piece: p, Kind: g.PieceKindOf(p), Cell: c})
		}
	}
	for c := 0; c < g.board.N(); c++ {
		if c != e.From && before.Count(c) > 0 && after.Count(c) == 0 {
			e.Emptied = append(e.Emptied, CellStones{Cell: c, Stones: before.Count(c)})
		}
	}
	e.ScoreDelta = g.Scores(after)
	for i, v := range g.Scores(before) {
		e.ScoreDelta[i] -= v
	}
	for seat := range g.seats {
		if !before.Eliminated(seat) && after.Eliminated(seat) {
			e.Eliminated = append(e.Eliminated, seat)
		}
	}
	e.EndedBy, e.EndSeat = g.EndedBy(after)
	return e
}
