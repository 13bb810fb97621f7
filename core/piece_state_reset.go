// This file holds the turn resets of per-piece state: a [piece_state]
// variable with reset = "owner_turn_end" goes back to its default on every
// piece of a seat at the end of each of that seat's turns (a pass
// included), after the move's effects. A piece turned face down by an
// opponent is turned up again at the end of its owner's next turn this way.

package core

var pieceResetKey = Key{Name: "reset", Type: TChoice, Default: "never", Allowed: []string{"never", "owner_turn_end"},
	Doc: "owner_turn_end: at the end of each turn of a seat (a pass included), its pieces' variable goes back to its default"}

// resetTurnState gives the mover's pieces the defaults of the variables
// reset at the end of their owner's turn.
func (g *Game) resetTurnState(s *State, mover int) {
	if mover < 0 || mover >= len(g.seatPieces) {
		return
	}
	for _, v := range g.turnResets {
		def := g.pieceVars[v].def
		for _, p := range g.seatPieces[mover] {
			s.setPieceVar(int(p), v, def)
		}
	}
}
