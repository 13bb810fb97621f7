// This file holds the remove_unconnected effect (DVONN F 1). An effect runs
// after a move by every rule that lists it in after; apply is on the hot
// path and allocates nothing.

package core

import "math/bits"

// effect is what a compiled [effects.NAME] does after a move.
type effect interface {
	apply(s *State)
}

var removeUnconnectedEffect = effectType{
	name:    "remove_unconnected",
	doc:     "remove every stack not linked, through adjacent occupied cells, to a piece with the anchor flag",
	keys:    []*Key{&anchorFlagKey},
	compile: compileRemoveUnconnected,
}

var anchorFlagKey = Key{Name: "anchor_flag", Type: TString, Required: true,
	Doc: "the flag of the pieces everything must stay linked to"}

func compileRemoveUnconnected(c *compiler, p, name, cite string) effect {
	flag := c.readString(p, &anchorFlagKey)
	if flag == "" {
		c.r.Errorf(p, "%s: remove_unconnected needs anchor_flag (the flag of the pieces everything must stay linked to)", p)
		return nil
	}
	var kinds []int16
	for i, k := range c.g.kinds {
		if k.HasFlag(flag) {
			kinds = append(kinds, int16(i))
		}
	}
	if len(kinds) == 0 {
		c.r.ValueErrorf(keyPath(p, &anchorFlagKey), "%s.anchor_flag: no piece kind has the flag %q", p, flag)
		return nil
	}
	e := &removeUnconnected{name: name, cite: cite, anchor: kinds}
	for pc, k := range c.g.pieceKind {
		for _, a := range kinds {
			if k == a {
				e.pieces = append(e.pieces, int32(pc))
			}
		}
	}
	return e
}

// removeUnconnected removes every stack that is not linked, through a chain
// of occupied adjacent cells, to a cell holding an anchor piece (DVONN F 1).
type removeUnconnected struct {
	name, cite string
	anchor     []int16 // anchor kinds
	pieces     []int32 // anchor piece instances
}

func (e *removeUnconnected) apply(s *State) {
	g := s.g
	n := g.board.N()
	adj, off := g.board.AdjacencyTable()
	height := s.buf[g.lay.height : g.lay.height+n]
	pos := s.buf[g.lay.pos:]
	if masks := g.board.NeighbourMasks(); masks != nil {
		e.applySmall(s, masks, height, pos)
		return
	}
	mark := s.scratch[:n]
	queue := s.scratch[n : 2*n]
	clear(mark)
	head, tail := 0, 0
	for _, p := range e.pieces {
		c := pos[p] - 1
		if c >= 0 && mark[c] == 0 {
			mark[c] = 1
			queue[tail] = c
			tail++
		}
	}
	for head < tail {
		c := queue[head]
		head++
		for _, x := range adj[off[c]:off[c+1]] {
			if mark[x] == 0 && height[x] > 0 {
				mark[x] = 1
				queue[tail] = x
				tail++
			}
		}
	}
	if tail == n {
		return
	}
	for c := 0; c < n; c++ {
		if mark[c] == 0 && height[c] > 0 {
			s.clear(c)
		}
	}
}

// applySmall is apply for boards of at most 64 cells: a flood fill on bit
// masks.
func (e *removeUnconnected) applySmall(s *State, masks []uint64, height, pos []int32) {
	occ := s.occMask()
	var reached uint64
	for _, p := range e.pieces {
		if c := pos[p] - 1; c >= 0 {
			reached |= 1 << uint(c)
		}
	}
	reached = s.g.board.Flood(reached, occ)
	for lost := occ &^ reached; lost != 0; lost &= lost - 1 {
		s.clear(bits.TrailingZeros64(lost))
	}
}
