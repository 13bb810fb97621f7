// This file holds the connected end condition: a seat's pieces form a
// group, through adjacent cells, that touches every listed region (Hex:
// a chain joining the seat's two sides), or, with no regions, all of its
// pieces on the board form one group (Lines of Action). The check floods
// the seat's cells: by bit masks on boards of at most 64 cells, through
// the State's scratch on larger ones; it allocates nothing.

package core

import (
	"fmt"
	"math/bits"
)

var connectedEnd = endType{
	name:    "connected",
	doc:     "a group of a seat's pieces (with the flag), linked through adjacent cells, touches a cell of every listed region (a per-seat region: the seat's own cells); with no regions, all the seat's pieces on the board form one group; that seat wins",
	keys:    []*Key{&connectedRegionsKey, &reachFlagKey, &endWinnerKey},
	decides: true,
	compile: compileConnected,
}

var connectedRegionsKey = Key{Name: "regions", Type: TStrings,
	Doc: "the regions one group must touch, two or more (a per-seat region: the seat's own cells); none: every piece of the seat in one group"}

func compileConnected(c *compiler, p, _ string) endCheck {
	g := c.g
	n := g.board.N()
	names := c.readStrings(p, &connectedRegionsKey)
	if len(names) == 1 {
		c.r.ValueErrorf(keyPath(p, &connectedRegionsKey), "%s.regions: name two regions or more for a group to join, or none for all the pieces in one group", p)
		return nil
	}
	e := &connected{seats: len(g.seats), regions: len(names)}
	e.in = make([]bool, len(g.seats)*len(names)*n)
	e.first = make([][]int32, len(g.seats))
	if n <= 64 {
		e.masks = make([]uint64, len(g.seats)*len(names))
		g.board.NeighbourMasks() // built now: boards are shared once compiled
	}
	for i, name := range names {
		ref, ok := c.regionNamed(fmt.Sprintf("%s.%d", keyPath(p, &connectedRegionsKey), i), name)
		if !ok {
			return nil
		}
		for seat := range g.seats {
			for _, cell := range g.cells(ref, seat) {
				if i == 0 && !e.in[seat*e.regions*n+int(cell)] {
					e.first[seat] = append(e.first[seat], cell)
				}
				e.in[(seat*e.regions+i)*n+int(cell)] = true
				if e.masks != nil {
					e.masks[seat*e.regions+i] |= 1 << uint(cell)
				}
			}
		}
	}
	if flag := c.readString(p, &reachFlagKey); flag != "" {
		e.kinds = make([]bool, len(g.kinds))
		some := false
		for k := range g.kinds {
			e.kinds[k] = g.kinds[k].HasFlag(flag)
			some = some || e.kinds[k]
		}
		if !some {
			c.r.ValueErrorf(keyPath(p, &reachFlagKey), "%s.flag: no piece kind has the flag %q", p, flag)
			return nil
		}
	}
	return e
}

// connected is a compiled connected end. The seat that just moved is
// checked first, then the others in seat order.
type connected struct {
	seats, regions int
	in             []bool   // [(seat*regions+r)*N+cell]
	masks          []uint64 // boards of at most 64 cells: [seat*regions+r]
	kinds          []bool   // with a flag: the kinds that count (nil: all)
	// first[seat]: the cells of the seat's first region, where every
	// group that can win has a cell (with regions)
	first [][]int32
}

func (e *connected) holds(g *Game, s *State) (bool, int) {
	last := int(s.buf[hLastMover])
	if last >= 0 && last < e.seats && e.done(g, s, last) {
		return true, last
	}
	for seat := 0; seat < e.seats; seat++ {
		if seat != last && e.done(g, s, seat) {
			return true, seat
		}
	}
	return false, -1
}

// counts reports whether the top piece of c is one of seat's pieces that
// count.
func (e *connected) counts(g *Game, s *State, c, seat int) bool {
	p := s.Top(c)
	return p >= 0 && int(g.pieceOwner[p]) == seat && (e.kinds == nil || e.kinds[g.pieceKind[p]])
}

func (e *connected) done(g *Game, s *State, seat int) bool {
	if e.masks != nil && g.small {
		return e.doneSmall(g, s, seat)
	}
	n := g.board.N()
	mark := s.scratch[:n]
	queue := s.scratch[n : 2*n]
	clear(mark)
	if e.regions == 0 {
		total, start := 0, -1 // the seat's counted pieces (cells), the first
		for c := 0; c < n; c++ {
			if e.counts(g, s, c, seat) {
				if total == 0 {
					start = c
				}
				total++
			}
		}
		return total > 0 && e.flood(g, s, start, seat, mark, queue) == total
	}
	// every group that can win has a cell in the first region
	for _, start := range e.first[seat] {
		if mark[start] != 0 || !e.counts(g, s, int(start), seat) {
			continue
		}
		if k := e.flood(g, s, int(start), seat, mark, queue); e.touchesAll(queue[:k], seat, n) {
			return true
		}
	}
	return false
}

// flood marks the group of seat's counted pieces that holds start, lists
// its cells at the start of queue and returns how many there are.
func (e *connected) flood(g *Game, s *State, start, seat int, mark, queue []int32) int {
	adj, off := g.board.AdjacencyTable()
	mark[start] = 1
	queue[0] = int32(start)
	head, tail := 0, 1
	for head < tail {
		c := queue[head]
		head++
		for _, x := range adj[off[c]:off[c+1]] {
			if mark[x] == 0 && e.counts(g, s, int(x), seat) {
				mark[x] = 1
				queue[tail] = x
				tail++
			}
		}
	}
	return tail
}

// touchesAll reports whether the group's cells meet every region of seat.
func (e *connected) touchesAll(group []int32, seat, n int) bool {
	for r := 1; r < e.regions; r++ {
		in := e.in[(seat*e.regions+r)*n : (seat*e.regions+r+1)*n]
		hit := false
		for _, c := range group {
			if in[c] {
				hit = true
				break
			}
		}
		if !hit {
			return false
		}
	}
	return true
}

// doneSmall is done on a board of at most 64 cells: floods on bit masks.
func (e *connected) doneSmall(g *Game, s *State, seat int) bool {
	var mine uint64
	if e.kinds == nil {
		mine = s.ownMask(seat)
	} else {
		for m := s.ownMask(seat); m != 0; m &= m - 1 {
			if c := bits.TrailingZeros64(m); e.counts(g, s, c, seat) {
				mine |= 1 << uint(c)
			}
		}
	}
	if mine == 0 {
		return false
	}
	b := g.board
	if e.regions == 0 {
		return b.Flood(mine&-mine, mine) == mine
	}
	masks := e.masks[seat*e.regions : (seat+1)*e.regions]
	for left := mine & masks[0]; left != 0; {
		group := b.Flood(left&-left, mine)
		left &^= group
		all := true
		for _, m := range masks[1:] {
			if group&m == 0 {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
