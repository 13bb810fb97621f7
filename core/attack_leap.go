// This file connects the leap primitive to the royal legality filter
// (royal.go): a leap moves the top piece of its origin to its target, and
// its attack test reads the leaper's reverse tables (AttackedBy).

package core

// movesTop: a leap takes the piece on its origin to its target and takes
// at most the piece standing there.
func (r *leapRule) movesTop() bool { return true }

// attackedBy is AttackedBy for the royal filter.
func (r *leapRule) attackedBy(s *State, t, by int) bool { return r.AttackedBy(s, t, by) }

// virtualOK: AttackedBy reads only tops and occupancy, unless a condition
// reads the state.
func (r *leapRule) virtualOK(*Game) bool {
	return (r.when == nil || r.when.static) && (r.cap.capIf == nil || r.cap.capIf.static)
}

// mayStand reports whether a piece of kind k may move to cell t by its
// confinement ([pieces.NAME] confine).
func (g *Game) mayStand(k int, t int) bool {
	if g.legal.confine == nil {
		return true
	}
	cells := g.legal.confine[k]
	return cells == nil || cells[t]
}

// attackCells lists the origins of the leaps onto t and their blocking
// cells; a condition that reads the state may read anything.
func (r *leapRule) attackCells(g *Game, t int, add func(c int)) {
	if !r.virtualOK(g) {
		for c := 0; c < g.Board.N(); c++ {
			add(c)
		}
		return
	}
	for f := range r.tables {
		tb := &r.tables[f]
		for i := tb.roff[t]; i < tb.roff[t+1]; i++ {
			add(int(tb.rsrc[i]))
			if b := tb.rblk[i]; b >= 0 {
				add(int(b))
			}
		}
	}
}
