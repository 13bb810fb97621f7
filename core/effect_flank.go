// This file holds the flank effect and the flanks position function: the
// pieces of other seats that lie in an unbroken run along a direction
// between the moved or placed piece and the next piece of its owner are
// turned to the owner's side, each exchanged for a spare piece of the
// owner's kind of the same role. flanks(cell) counts the pieces a piece of
// the seat put on a cell would turn, so a rule can require a flanking
// move (when = 'flanks(to) > 0'). Both are on the hot path: they walk the
// board's precomputed rays (on a board of at most 64 cells, against the
// State's bit masks of the seats' cells), take the new kind from a table
// made at load, and allocate nothing.

package core

var flankEffect = effectType{
	name:    "flank",
	doc:     "turn to the mover's side every unbroken run of other seats' pieces between the moved or placed piece and the mover's next piece along a direction (each piece exchanged for the mover's kind of the same role)",
	compile: compileFlank,
}

// flank is a compiled [effects.NAME] of type flank: runs are looked for
// along every direction of the board.
type flank struct {
	// to[seat*K+kind]: the kind of seat's of the role of kind (-1: none)
	to []int16
}

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
	return &flank{to: g.roleKindTable()}
}

// roleKindTable returns, at [seat*K+kind], seat's kind of the role of kind
// (-1: none), so that turning a piece compares no role names.
func (g *Game) roleKindTable() []int16 {
	nk := len(g.kinds)
	t := make([]int16, len(g.seats)*nk)
	for seat := range g.seats {
		for k, kind := range g.kinds {
			t[seat*nk+k] = int16(g.roleKind(seat, kind.Role))
		}
	}
	return t
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
	cells, off := g.board.RayTable()
	nd := len(g.board.Dirs)
	nk := len(g.kinds)
	for k := c * nd; k < c*nd+nd; k++ {
		ray := cells[off[k]:off[k+1]]
		var n int
		if g.small {
			// the masks are read again for each direction: the runs
			// turned along the last one changed them
			own, others := s.flankMasks(o)
			n = maskRun(ray, own, others)
		} else {
			n = flankRun(s, ray, o)
		}
		for _, x := range ray[:n] {
			if p := s.Top(int(x)); p >= 0 {
				g.turnPieceTo(s, int(x), o, int(e.to[o*nk+int(g.pieceKind[p])]))
			}
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

// flankMasks returns, on a board of at most 64 cells, the cells whose top
// piece seat o owns and those whose top piece another seat owns.
func (s *State) flankMasks(o int) (own, others uint64) {
	for seat := range s.g.seats {
		if seat == o {
			own = s.ownMask(seat)
		} else {
			others |= s.ownMask(seat)
		}
	}
	return own, others
}

// maskRun is flankRun on a board of at most 64 cells, read from the
// masks of flankMasks.
func maskRun(ray []int32, own, others uint64) int {
	for i, x := range ray {
		bit := uint64(1) << uint(x)
		if others&bit == 0 {
			if own&bit != 0 {
				return i
			}
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
	cells, off := g.board.RayTable()
	nd := len(g.board.Dirs)
	n := 0
	if g.small {
		own, others := s.flankMasks(o)
		if g.reach == nil || g.reach[c*g.reachLen+1]&others == 0 {
			return 0 // no other seat's piece next to c along a direction
		}
		for k := c * nd; k < c*nd+nd; k++ {
			// most rays start on a cell no other seat holds: no run
			if first := off[k]; first < off[k+1] && others&(1<<uint(cells[first])) != 0 {
				n += maskRun(cells[first:off[k+1]], own, others)
			}
		}
		return n
	}
	for k := c * nd; k < c*nd+nd; k++ {
		n += flankRun(s, cells[off[k]:off[k+1]], o)
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
	g.turnPieceTo(s, c, to, g.roleKind(to, g.kinds[g.pieceKind[p]].Role))
}

// turnPieceTo is turnPiece with the new kind nk already known (-1: none,
// and the piece stays).
func (g *Game) turnPieceTo(s *State, c, to, nk int) {
	p := s.Top(c)
	if p < 0 || nk < 0 {
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
