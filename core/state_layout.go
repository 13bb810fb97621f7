// This file builds, in one place, everything a State's layout depends on:
// the offsets of its sections, the hash keys, and the tables the hot path
// reads beside the buffer (reach masks, full cells). state.go holds the
// State and its mutators.

package core

// newLayout computes the State layout, the hash keys and the move tables
// of g (its board, seats, piece kinds and piece instances being known) and
// returns an empty State of that layout.
// zobristMax bounds the precomputed piece keys (see Game.zobrist).
const zobristMax = 1 << 16

func (g *Game) newLayout() *State {
	ns, nk, nc, np := len(g.seats), len(g.kinds), g.board.N(), len(g.pieceKind)
	l := &g.lay
	l.scores = hHeader
	l.counts = l.scores + ns
	l.top = l.counts + nc
	l.height = l.top + nc
	l.below = l.height + nc
	l.pos = l.below + np
	l.zone = l.pos + np
	l.elim = l.zone + g.nzi*nk
	l.own = l.elim + ns
	l.takebacks = l.own + 2*ns
	l.rest = l.takebacks + ns
	l.notice = l.rest + np
	l.pvars = l.notice + ns
	l.size = l.pvars + np*len(g.pieceVars)
	// piles: a length word and room for every piece, per pile instance
	g.pileOff = make([]int, g.nzi)
	for zi := 0; zi < g.nzi; zi++ {
		if g.zones[g.zoneOf[zi]].ordered {
			g.pileOff[zi] = l.size
			l.size += 1 + np
		}
	}
	if g.marksUsed {
		l.marks = l.size // en passant marks: two entries per seat (en_passant.go)
		l.size += 2 * ns
	}
	g.small = nc <= 64
	if g.small && len(g.board.Dirs) > 0 {
		longest := 0
		for cell := 0; cell < nc; cell++ {
			for d := range g.board.Dirs {
				longest = max(longest, len(g.board.Ray(cell, d)))
			}
		}
		g.reachLen = longest + 1
		g.reach = make([]uint64, nc*g.reachLen)
		for cell := 0; cell < nc; cell++ {
			for d := range g.board.Dirs {
				for k, t := range g.board.Ray(cell, d) {
					g.reach[cell*g.reachLen+k+1] |= 1 << uint(t)
				}
			}
		}
	}
	if g.small && len(g.board.Dirs) > 0 {
		nd := len(g.board.Dirs)
		steps := g.board.StepTable()
		g.stepOff = make([]int32, nc+1)
		for cell := 0; cell < nc; cell++ {
			for d := 0; d < nd; d++ {
				if t := steps[cell*nd+d]; t >= 0 {
					g.stepTo = append(g.stepTo, uint8(t))
					g.stepWord = append(g.stepWord, mkMove(0, 0, int(t), d))
				}
			}
			g.stepOff[cell+1] = int32(len(g.stepTo))
		}
	}
	g.seatPieces = make([][]int32, ns)
	for p, o := range g.pieceOwner {
		if o >= 0 && int(o) < ns {
			g.seatPieces[o] = append(g.seatPieces[o], int32(p))
		}
	}
	g.full = make([]bool, nc)
	for cell := 0; cell < nc; cell++ {
		g.full[cell] = len(g.board.Dirs) > 0 && len(g.board.Adjacent(cell)) == len(g.board.Dirs)
	}
	if g.small {
		g.allCells = 1<<uint(nc) - 1
		if nc == 64 {
			g.allCells = ^uint64(0)
		}
		g.adjSymmetric = true
		masks := g.board.NeighbourMasks()
		for cell := 0; cell < nc; cell++ {
			if !g.full[cell] {
				g.notFull |= 1 << uint(cell)
			}
			for _, x := range g.board.Adjacent(cell) {
				g.adjSymmetric = g.adjSymmetric && masks[x]&(1<<uint(cell)) != 0
			}
		}
	}
	g.levels = np + 1
	// Every level while the table is small; past that the lowest levels
	// only, what holds most pieces (three-player chess has 289 levels and
	// no stacks: 500k keys, 3 ms of every load).
	if per := nk * nc; per > 0 && per <= zobristMax {
		g.zLevels = min(g.levels, max(1, zobristMax/per))
		g.zobrist = make([]uint64, g.zLevels*per)
		for i := range g.zobrist {
			l, rest := i/per, i%per
			g.zobrist[i] = pieceKey(rest/nc, rest%nc, l)
		}
	}
	g.countKeys = make([]uint64, nc*countTableMax)
	for i := range g.countKeys {
		g.countKeys[i] = countKey(i/countTableMax, i%countTableMax)
	}
	s := &State{g: g, buf: make([]int32, l.size), scratch: make([]int32, 2*nc+np+16)}
	for p := 0; p < np; p++ {
		for v, pv := range g.pieceVars {
			s.buf[l.pvars+p*len(g.pieceVars)+v] = int32(pv.def)
		}
	}
	return s
}
