package board

import (
	"fmt"
	"sort"
)

// This file holds the corners of a board of square cells (a faces board
// built with diagonals): each cell's four corners as points shared with
// the cells around them. From them come the diagonal steps (through a
// corner), the diagonal rays (in by one corner, out by the opposite one),
// which may fork where more than four squares meet, and leaps composed of
// steps (Via: an edge then a far corner, and so on).

// Branch is one alternative continuation of a ray that forks: the path
// Cells, nearest first, shares its first Skip cells with the path listed
// before it (the ray itself for the first branch) and then parts from it.
// A mover that passed those Skip cells may go on along Cells[Skip:].
type Branch struct {
	Skip  int
	Cells []int32
}

// quadCells records the corner points of each square cell, in cyclic
// order (corner k and corner k+1 bound edge k), and the cells round each
// point.
type quadCells struct {
	corner [][4]int32 // per cell, the point ids of its corners
	round  [][]int32  // per point, the cells having it as a corner
	// thru[c*4+k] is through(c, corner[c][k]), made once by tabulate:
	// the diagonal rays and Via ask it for every step.
	thru [][]int32
}

// tabulate computes the through lists of every cell's corners.
func (q *quadCells) tabulate() {
	q.thru = make([][]int32, 4*len(q.corner))
	for c := range q.corner {
		for k, v := range q.corner[c] {
			q.thru[c*4+k] = q.throughOf(c, v)
		}
	}
}

// HasCorners reports whether the board knows its cells' corners (a faces
// board with diagonals): Via and the forking diagonal rays need them.
func (b *Board) HasCorners() bool { return b.quad != nil }

// HasForks reports whether some ray of the board forks (Branches is not
// empty for it).
func (b *Board) HasForks() bool { return len(b.branches) > 0 }

// Branches returns the alternative continuations of the ray from c in
// direction d, in the order a depth-first walk meets them (nil for a ray
// that does not fork).
func (b *Board) Branches(c, d int) []Branch {
	if b.branchOff == nil {
		return nil
	}
	k := c*len(b.Dirs) + d
	return b.branches[b.branchOff[k]:b.branchOff[k+1]]
}

// shareEdge reports whether cells a and b (both with point v as a corner)
// share the edge of a that runs from v to another corner.
func (q *quadCells) shareEdge(a, b int) bool {
	n := 0
	for _, x := range q.corner[a] {
		for _, y := range q.corner[b] {
			if x == y {
				n++
			}
		}
	}
	return n >= 2
}

// cornerIndex returns the index of point v among c's corners, or -1.
func (q *quadCells) cornerIndex(c int, v int32) int {
	for k, x := range q.corner[c] {
		if x == v {
			return k
		}
	}
	return -1
}

// through returns the cells a diagonal step from c reaches through its
// corner point v: the cells round v that share no edge with c but share an
// edge with a cell round v that shares one with c ("two places round" the
// corner). At a corner of four squares that is the one cell opposite; where
// six meet, the two cells two places away either side; on the rim, none.
// In cell order.
func (q *quadCells) through(c int, v int32) []int32 {
	if q.thru != nil {
		if k := q.cornerIndex(c, v); k >= 0 {
			return q.thru[c*4+k]
		}
	}
	return q.throughOf(c, v)
}

// throughOf computes through.
func (q *quadCells) throughOf(c int, v int32) []int32 {
	var out []int32
	for _, z := range q.round[v] {
		if int(z) == c || q.shareEdge(c, int(z)) {
			continue
		}
		for _, y := range q.round[v] {
			if int(y) != c && int(y) != int(z) && q.shareEdge(c, int(y)) && q.shareEdge(int(y), int(z)) {
				out = append(out, z)
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// diagonalPaths returns every path of the diagonal ray from c through its
// corner k, depth first (at a fork, in cell order): each step leaves the
// cell by the corner opposite the one it came in by.
func (q *quadCells) diagonalPaths(c, k, limit int) [][]int32 {
	var out [][]int32
	var path []int32
	var walk func(cur int, v int32)
	walk = func(cur int, v int32) {
		next := q.through(cur, v)
		// a path never comes back to a cell it passed (or its start)
		var fresh []int32
		for _, z := range next {
			seen := int(z) == c
			for _, x := range path {
				seen = seen || x == z
			}
			if !seen {
				fresh = append(fresh, z)
			}
		}
		if len(fresh) == 0 || len(path) >= limit {
			out = append(out, append([]int32(nil), path...))
			return
		}
		for _, z := range fresh {
			m := q.cornerIndex(int(z), v)
			path = append(path, z)
			walk(int(z), q.corner[z][(m+2)%4])
			path = path[:len(path)-1]
		}
	}
	walk(c, q.corner[c][k])
	return out
}

// edgeCells returns the cell across edge k of c (between corners k and
// k+1), or NoCell.
func (q *quadCells) edgeCell(c, k int) int {
	a, b := q.corner[c][k], q.corner[c][(k+1)%4]
	for _, z := range q.round[a] {
		if int(z) == c {
			continue
		}
		if q.cornerIndex(int(z), b) >= 0 {
			return int(z)
		}
	}
	return NoCell
}

// Via returns the cells reached from c by a sequence of steps, each
// "edge" (across an edge into the neighbouring cell) or "corner" (a
// diagonal step through a corner, to every cell it reaches). Every step
// after the first leaves the cell it came into away from the step before:
// after an edge, through a corner not on that edge; after a corner,
// across an edge not touching that corner, or through the opposite corner.
// The result is sorted, without c and without repeats. The chess knight on
// such a board is the union of Via(c, edge, corner) and Via(c, corner,
// edge). It needs a board with corners (HasCorners).
func (b *Board) Via(c int, steps []string) ([]int32, error) {
	q := b.quad
	if q == nil {
		return nil, fmt.Errorf("steps through edges and corners need a board of square cells with corners (a faces board with diagonal = true)")
	}
	// a position: the cell, and the points of what it came in by (one
	// point for a corner, two for an edge; none at the start)
	type pos struct {
		cell int
		in   [2]int32
	}
	cur := []pos{{cell: c, in: [2]int32{-1, -1}}}
	for _, st := range steps {
		var next []pos
		for _, p := range cur {
			touches := func(v int32) bool { return v == p.in[0] || v == p.in[1] }
			switch st {
			case "edge":
				for k := 0; k < 4; k++ {
					a, e := q.corner[p.cell][k], q.corner[p.cell][(k+1)%4]
					if touches(a) || touches(e) {
						continue
					}
					if z := q.edgeCell(p.cell, k); z != NoCell {
						next = append(next, pos{cell: z, in: [2]int32{a, e}})
					}
				}
			case "corner":
				for k := 0; k < 4; k++ {
					v := q.corner[p.cell][k]
					if touches(v) {
						continue
					}
					for _, z := range q.through(p.cell, v) {
						next = append(next, pos{cell: int(z), in: [2]int32{v, -1}})
					}
				}
			default:
				return nil, fmt.Errorf("unknown step %q (want \"edge\" or \"corner\")", st)
			}
		}
		cur = next
	}
	seen := map[int]bool{c: true}
	var out []int32
	for _, p := range cur {
		if !seen[p.cell] {
			seen[p.cell] = true
			out = append(out, int32(p.cell))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}
