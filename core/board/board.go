// Package board builds board topologies: the cells of a board, their
// coordinates and attributes, adjacency, named directions, straight-line rays
// (which may continue across the fold between two faces), regions and
// relations, all as flat tables computed once.
//
// Generators cover the usual boards (rectangular grids, hexagonal boards
// given by row lengths, mancala pit tracks, square faces joined along folds)
// and an explicit graph for anything else. A Board is immutable once built
// and safe to share.
package board

import (
	"fmt"
	"math/bits"
	"sort"
)

// MaxCells bounds the size of a board; larger boards are refused with an
// error rather than exhausting memory.
const MaxCells = 4096

// NoCell marks the absence of a cell in the tables.
const NoCell = -1

// Cell is one space of a board.
type Cell struct {
	// Name is the cell's name in notation, unique on the board.
	Name string
	// Attrs holds the cell's coordinates and attributes by name (integers
	// as int, plus strings and booleans).
	Attrs map[string]any
}

// Board is a compiled topology.
type Board struct {
	// Kind names the generator: grid, hex, pits, faces or graph.
	Kind  string
	Cells []Cell
	// Dirs names the directions; Step and Rays are indexed by them.
	Dirs []string

	byName map[string]int
	// step[c*len(Dirs)+d] is the neighbour of c in direction d, or NoCell.
	step []int32
	// adjacency lists, flattened: adj[adjOff[c]:adjOff[c+1]].
	adj    []int32
	adjOff []int32
	// rays: rayCells[rayOff[k]:rayOff[k+1]] for k = c*len(Dirs)+d.
	rayCells []int32
	rayOff   []int32

	regions   map[string][]int32
	seatReg   map[string][][]int32
	relations map[string]*Relation
	// Track is the sowing cycle of a pit board (empty otherwise).
	Track []int32
	// trackPos[c] is the index of c in Track, or -1.
	trackPos []int32
	masks    []uint64
	// shifts expresses adjacency on a board of at most 64 cells as a few
	// shifts of bit masks (see Expand); nil when it needs too many.
	shifts []shiftGroup
	// lines are a graph board's declared lines; opp[d] is the direction
	// opposite d, or -1.
	lines []Line
	opp   []int8
	// circuits are the declared circuits (see Circuit).
	circuits []Circuit
	// quad: the corners of square cells (faces boards with diagonals);
	// branches[branchOff[k]:branchOff[k+1]] the forks of ray k (see
	// Branches).
	quad      *quadCells
	branches  []Branch
	branchOff []int32
}

// Relation is a compile-time table of related cells: Of(c) lists the cells
// related to c.
type Relation struct {
	Name string
	cell []int32
	off  []int32
}

// Of returns the cells related to c, in cell order.
func (r *Relation) Of(c int) []int32 { return r.cell[r.off[c]:r.off[c+1]] }

// Has reports whether b is related to a.
func (r *Relation) Has(a, b int) bool {
	for _, x := range r.Of(a) {
		if int(x) == b {
			return true
		}
	}
	return false
}

// NewRelation builds a relation from a predicate evaluated on every ordered
// pair of distinct cells.
func NewRelation(name string, n int, related func(a, b int) bool) *Relation {
	r := &Relation{Name: name, off: make([]int32, n+1)}
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			if a != b && related(a, b) {
				r.cell = append(r.cell, int32(b))
			}
		}
		r.off[a+1] = int32(len(r.cell))
	}
	return r
}

// RelationFromLists rebuilds a relation from the lists Lists returns
// (stored by a cache); ok is false unless they have the shape NewRelation
// gives: for each cell, other cells in increasing order.
func RelationFromLists(name string, off, cell []int32) (*Relation, bool) {
	n := len(off) - 1
	if n < 0 || off[0] != 0 || int(off[n]) != len(cell) {
		return nil, false
	}
	for a := 0; a < n; a++ {
		if off[a+1] < off[a] {
			return nil, false
		}
		prev := int32(-1)
		for _, b := range cell[off[a]:off[a+1]] {
			if b <= prev || int(b) >= n || int(b) == a {
				return nil, false
			}
			prev = b
		}
	}
	return &Relation{Name: name, off: off, cell: cell}, true
}

// Lists returns the relation's related cells of every cell, one after the
// other, and where each cell's list starts (n+1 offsets); both are the
// relation's own, to read only.
func (r *Relation) Lists() (off, cell []int32) { return r.off, r.cell }

// N returns the number of cells.
func (b *Board) N() int { return len(b.Cells) }

// Index returns the cell named name.
func (b *Board) Index(name string) (int, bool) {
	i, ok := b.byName[name]
	return i, ok
}

// Step returns the neighbour of c in direction d, or NoCell.
func (b *Board) Step(c, d int) int { return int(b.step[c*len(b.Dirs)+d]) }

// Adjacent returns every cell adjacent to c.
func (b *Board) Adjacent(c int) []int32 { return b.adj[b.adjOff[c]:b.adjOff[c+1]] }

// Ray returns the cells met going from c in direction d, nearest first
// (c itself excluded). Rays may turn at folds.
func (b *Board) Ray(c, d int) []int32 {
	k := c*len(b.Dirs) + d
	return b.rayCells[b.rayOff[k]:b.rayOff[k+1]]
}

// Region returns the cells of a named region.
func (b *Board) Region(name string) ([]int32, bool) {
	r, ok := b.regions[name]
	return r, ok
}

// SeatRegion returns the cells of a per-seat region for seat s.
func (b *Board) SeatRegion(name string, s int) ([]int32, bool) {
	r, ok := b.seatReg[name]
	if !ok || s >= len(r) {
		return nil, false
	}
	return r[s], true
}

// RegionNames lists the board-wide and per-seat region names.
func (b *Board) RegionNames() (global, perSeat []string) {
	for k := range b.regions {
		global = append(global, k)
	}
	for k := range b.seatReg {
		perSeat = append(perSeat, k)
	}
	sort.Strings(global)
	sort.Strings(perSeat)
	return
}

// Relation returns a named relation.
func (b *Board) Relation(name string) (*Relation, bool) {
	r, ok := b.relations[name]
	return r, ok
}

// RelationNames lists the relation names.
func (b *Board) RelationNames() []string {
	var out []string
	for k := range b.relations {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// AddRegion records a board-wide region.
func (b *Board) AddRegion(name string, cells []int32) { b.regions[name] = cells }

// AddSeatRegion records a per-seat region (one cell list per seat).
func (b *Board) AddSeatRegion(name string, cells [][]int32) { b.seatReg[name] = cells }

// AddRelation records a relation.
func (b *Board) AddRelation(r *Relation) { b.relations[r.Name] = r }

// TrackPos returns the position of c on the sowing track, or -1.
func (b *Board) TrackPos(c int) int {
	if b.trackPos == nil {
		return -1
	}
	return int(b.trackPos[c])
}

// builder accumulates cells and links before Finish computes the tables.
type builder struct {
	b     *Board
	links map[[2]int]bool
}

func newBuilder(kind string, dirs []string) *builder {
	return &builder{
		b: &Board{Kind: kind, Dirs: dirs, byName: map[string]int{},
			regions: map[string][]int32{}, seatReg: map[string][][]int32{}, relations: map[string]*Relation{}},
		links: map[[2]int]bool{},
	}
}

func (bl *builder) add(name string, attrs map[string]any) (int, error) {
	if len(bl.b.Cells) >= MaxCells {
		return 0, fmt.Errorf("board has more than %d cells", MaxCells)
	}
	if _, dup := bl.b.byName[name]; dup {
		return 0, fmt.Errorf("two cells are named %q", name)
	}
	attrs["name"] = name
	bl.b.byName[name] = len(bl.b.Cells)
	bl.b.Cells = append(bl.b.Cells, Cell{Name: name, Attrs: attrs})
	return len(bl.b.Cells) - 1, nil
}

func (bl *builder) link(a, c int) {
	if a == c {
		return
	}
	if a > c {
		a, c = c, a
	}
	bl.links[[2]int{a, c}] = true
}

// finish builds the adjacency table from the links and, when step is
// non-nil, the step and ray tables. A ray follows next(prev, cur) until it
// returns NoCell; for flat boards next keeps the direction, for folded ones
// it turns at the fold.
func (bl *builder) finish(step func(c, d int) int, next func(c, d, prev, cur int) int) *Board {
	b := bl.b
	n := len(b.Cells)
	lists := make([][]int32, n)
	for l := range bl.links {
		lists[l[0]] = append(lists[l[0]], int32(l[1]))
		lists[l[1]] = append(lists[l[1]], int32(l[0]))
	}
	b.adjOff = make([]int32, n+1)
	for c := 0; c < n; c++ {
		sort.Slice(lists[c], func(i, j int) bool { return lists[c][i] < lists[c][j] })
		b.adj = append(b.adj, lists[c]...)
		b.adjOff[c+1] = int32(len(b.adj))
	}
	nd := len(b.Dirs)
	b.step = make([]int32, n*nd)
	b.rayOff = make([]int32, n*nd+1)
	for c := 0; c < n; c++ {
		for d := 0; d < nd; d++ {
			k := c*nd + d
			b.step[k] = NoCell
			if step != nil {
				b.step[k] = int32(step(c, d))
			}
			prev, cur := c, int(b.step[k])
			for cur != NoCell && len(b.rayCells)-int(b.rayOff[k]) < n {
				b.rayCells = append(b.rayCells, int32(cur))
				prev, cur = cur, next(c, d, prev, cur)
			}
			b.rayOff[k+1] = int32(len(b.rayCells))
		}
	}
	b.NeighbourMasks() // computed once here, so a shared Board is never written later
	b.shifts = shiftGroups(b)
	return b
}

// StepTable returns the flat step table: the neighbour of c in direction d
// is step[c*len(Dirs)+d], or NoCell. For hot loops; do not modify.
func (b *Board) StepTable() []int32 { return b.step }

// shiftGroup is the cells (src) whose neighbour lies off cells further on
// in cell order.
type shiftGroup struct {
	off int
	src uint64
}

// maxShiftGroups bounds the shifts Expand does; boards that need more use
// the per-cell masks.
const maxShiftGroups = 16

// shiftGroups groups the adjacency of a board of at most 64 cells by the
// difference of cell indices: on a grid or a hex board in row order a
// few differences cover every link.
func shiftGroups(b *Board) []shiftGroup {
	if len(b.Cells) > 64 {
		return nil
	}
	var out []shiftGroup
	for c := range b.Cells {
		for _, x := range b.Adjacent(c) {
			off := int(x) - c
			k := 0
			for k < len(out) && out[k].off != off {
				k++
			}
			if k == len(out) {
				if len(out) == maxShiftGroups {
					return nil
				}
				out = append(out, shiftGroup{off: off})
			}
			out[k].src |= 1 << uint(c)
		}
	}
	return out
}

// Expand returns the cells adjacent to a cell of x, on a board of at most
// 64 cells (bit c for cell c): the union of NeighbourMasks over x.
func (b *Board) Expand(x uint64) uint64 {
	if b.shifts == nil {
		var out uint64
		for m := x; m != 0; m &= m - 1 {
			out |= b.masks[bits.TrailingZeros64(m)]
		}
		return out
	}
	var out uint64
	for _, g := range b.shifts {
		// a rotation by off is the shift by off (left, or right when
		// negative): src holds only cells whose neighbour c+off is a cell,
		// so no bit wraps round
		out |= bits.RotateLeft64(x&g.src, g.off)
	}
	return out
}

// Flood returns the cells of within joined to a cell of from through
// adjacent cells of within, on a board of at most 64 cells; from must lie
// within. It grows by whole masks (Expand) until nothing more is reached.
func (b *Board) Flood(from, within uint64) uint64 {
	for from != within {
		next := (from | b.Expand(from)) & within
		if next == from {
			break
		}
		from = next
	}
	return from
}

// AdjacencyTable returns the flat adjacency table: the neighbours of c are
// adj[off[c]:off[c+1]]. For hot loops; do not modify.
func (b *Board) AdjacencyTable() (adj, off []int32) { return b.adj, b.adjOff }

// RayTable returns the flat ray table: the ray from c in direction d is
// cells[off[k]:off[k+1]] with k = c*len(Dirs)+d. For hot loops; do not modify.
func (b *Board) RayTable() (cells, off []int32) { return b.rayCells, b.rayOff }

// NeighbourMasks returns, for a board of at most 64 cells, each cell's
// neighbours as a bit mask (bit c for cell c); nil for larger boards. Hot
// loops use it for flood fills.
func (b *Board) NeighbourMasks() []uint64 {
	if len(b.Cells) > 64 {
		return nil
	}
	if b.masks == nil {
		m := make([]uint64, len(b.Cells))
		for c := range b.Cells {
			for _, x := range b.Adjacent(c) {
				m[c] |= 1 << uint(x)
			}
		}
		b.masks = m
	}
	return b.masks
}

// SizeBytes estimates the memory the board holds: its cells and their
// attributes, the step, adjacency and ray tables, regions and relations.
// Caches use it to stay within a budget; it is an estimate, not a count of
// every byte.
func (b *Board) SizeBytes() int64 {
	const word, attr, cell = 4, 48, 64 // an int32; one attribute map entry; a cell with its name
	n := int64(len(b.Cells)) * cell
	for _, c := range b.Cells {
		n += int64(len(c.Attrs))*attr + int64(len(c.Name))
	}
	n += word * int64(len(b.step)+len(b.adj)+len(b.adjOff)+len(b.rayCells)+len(b.rayOff)+len(b.Track)+len(b.trackPos))
	n += 8 * int64(len(b.masks))
	for _, r := range b.regions {
		n += word * int64(len(r))
	}
	for _, rs := range b.seatReg {
		for _, r := range rs {
			n += word * int64(len(r))
		}
	}
	for _, r := range b.relations {
		n += word * int64(len(r.cell)+len(r.off))
	}
	for _, ci := range b.circuits {
		n += int64(len(ci.Cells)) * (word + 1)
	}
	for _, br := range b.branches {
		n += word * int64(len(br.Cells)+2)
	}
	if b.quad != nil {
		n += word * int64(5*len(b.quad.corner)+len(b.quad.round))
	}
	return n
}
