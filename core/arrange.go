package core

import "fmt"

// Arrange sets s to a position of a game played with stones only (no piece
// instances): the start position's header (ply 0, first phase, not over)
// with counts[c] stones on each cell c and seat toMove to move. It keeps
// the hash incremental and allocates nothing. Analyses that enumerate
// positions instead of reaching them by play use it (solve's endgame
// databases); the end conditions are not checked, so a position where the
// game would already be over still has its moves.
func (g *Game) Arrange(s *State, counts []int, toMove int) error {
	if g.NumPieces() != 0 {
		return fmt.Errorf("core: %s has piece instances; Arrange places stones only", g.name)
	}
	if len(counts) != g.board.N() {
		return fmt.Errorf("core: Arrange: %d counts for %d cells", len(counts), g.board.N())
	}
	if toMove < 0 || toMove >= len(g.seats) {
		return fmt.Errorf("core: Arrange: no seat %d", toMove)
	}
	for c, n := range counts {
		if n < 0 || n > MaxStones {
			return fmt.Errorf("core: Arrange: %d stones on %s", n, g.board.Cells[c].Name)
		}
	}
	s.CopyFrom(g.initial)
	for c, n := range counts {
		s.setCount(c, n)
	}
	s.setToMove(toMove)
	return nil
}

// SetCount sets the number of stones on cell c of s (0 ≤ n ≤ MaxStones),
// keeping the hash; everything else about s (seat to move, ply, whether
// the game is over) stays. Analyses use it to ask what a position would
// score with other counts.
func (s *State) SetCount(c, n int) {
	if c < 0 || c >= s.g.board.N() || n < 0 || n > MaxStones {
		return
	}
	s.setCount(c, n)
}

// SeatScore returns one seat's score by the variant's scoring expression,
// as Scores does, without allocating.
func (g *Game) SeatScore(s *State, seat int) int { return g.scoreOf(s, seat) }

// Bytes returns the memory s holds, for analyses that bound the states
// they keep: its buffers and, once an expression has been evaluated on it,
// an estimate of its expression environment (a map and a VM). Clone and
// CopyFrom do not copy the environment.
func (s *State) Bytes() int {
	n := 4*(len(s.buf)+len(s.scratch)) + 96
	if s.env != nil {
		n += 64*len(s.env.vars) + 4096
	}
	return n
}
