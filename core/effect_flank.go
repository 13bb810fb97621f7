// This file holds the flank effect and the flanks position function: the
// pieces of other seats that lie in an unbroken run along a direction
// between the moved or placed piece and the next piece of its owner are
// turned to the owner's side, each exchanged for a spare piece of the
// owner's kind of the same role. flanks(cell) counts the pieces a piece of
// the seat put on a cell would turn, so a rule can require a flanking
// move (when = 'flanks(to) > 0'). apply walks the board's precomputed
// rays and allocates nothing.

package core

var flankEffect = effectType{
	name:    "flank",
	doc:     "turn to the mover's side every unbroken run of other seats' pieces between the moved or placed piece and the mover's next piece along a direction (each piece exchanged for the mover's kind of the same role)",
	compile: compileFlank,
}

// flank is a compiled [effects.NAME] of type flank: runs are looked for
// along every direction of the board.
type flank struct{}

func compileFlank(c *compiler, p, _, _ string) effect {
	g := c.g
	b := g.board
	if len(b.Dirs) == 0 {
		c.r.Errorf(p, "%s: flank needs a board with directions (grid, hex, faces, or graph with [board.lines]), not %s", p, b.Kind)
		return nil
	}
	// every seat's kind must have a counterpart of its role in every other
	// seat's army, or a flanked piece could not change sides
	for _, k := range g.kinds {
		if k.Owner < 0 {
			continue
		}
		if k.Role == "" {
			c.r.Errorf(p, "%s: kind %q has no role; flank turns a piece into the mover's kind of the same role ([pieces.%s] role)", p, k.Name, k.Name)
			continue
		}
		for seat := range g.seats {
			if seat != int(k.Owner) && g.roleKind(seat, k.Role) < 0 {
				c.r.Errorf(p, "%s: seat %s has no kind of role %q (the role of %q), so flank could not turn such a piece to its side", p, g.seats[seat], k.Role, k.Name)
			}
		}
	}
	return &flank{}
}

func (e *flank) apply(*State) {}

// beforeMove does nothing: runs are judged after the move.
func (e *flank) beforeMove(*State, Move) {}

// applyMove turns the runs the piece on the move's target flanks.
func (e *flank) applyMove(s *State, m Move) {
	c := m.To()
	if c < 0 {
		return
	}
	o := s.Owner(c)
	if o < 0 {
		return
	}
	g := s.g
	for d := range g.board.Dirs {
		ray := g.board.Ray(c, d)
		n := flankRun(s, ray, o)
		for _, x := range ray[:n] {
			g.turnPiece(s, int(x), o)
		}
	}
}

// flankRun returns the length of the unbroken run of other seats' pieces
// at the start of ray that a piece of seat o closes, or 0.
func flankRun(s *State, ray []int32, o int) int {
	for i, x := range ray {
		w := s.Owner(int(x))
		switch {
		case w == o:
			return i
		case w < 0:
			return 0
		}
	}
	return 0
}

// flanks counts the pieces a piece of seat o on cell c would turn.
func (s *State) flanks(c, o int) int {
	g := s.g
	if c < 0 || o < 0 {
		return 0
	}
	n := 0
	for d := range g.board.Dirs {
		n += flankRun(s, g.board.Ray(c, d), o)
	}
	return n
}

// turnPiece exchanges the top piece of cell c for a spare piece of seat
// to's kind of the same role, keeping its piece state; with no spare it
// stays as it is.
func (g *Game) turnPiece(s *State, c, to int) {
	p := s.Top(c)
	if p < 0 {
		return
	}
	nk := g.roleKind(to, g.kinds[g.pieceKind[p]].Role)
	if nk < 0 {
		return
	}
	np := s.spare(to, nk)
	if np < 0 {
		return
	}
	var vars [8]int
	for v := range g.pieceVars {
		vars[v] = s.PieceVar(p, v)
	}
	s.popTop(c)
	s.push(np, c)
	for v := range g.pieceVars {
		s.setPieceVar(np, v, vars[v])
	}
}
