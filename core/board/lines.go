package board

import (
	"fmt"
	"sort"
)

// LineSet is a family of lines of a graph board: ordered point lists (cell
// indices), each optionally closed into a loop, and the names of the two
// directions along them (forward, in list order, then backward). Steps and
// slides follow the lines: the neighbour of a point in the forward direction
// is the next point of its line. Families may share direction names, but a
// point may lie on only one line per direction.
type LineSet struct {
	Name   string
	Dirs   [2]string
	Closed bool
	Lines  [][]int
}

// Line is one declared line of a board, for drawing and line queries.
type Line struct {
	// Family is the name of the line's LineSet.
	Family string
	// Cells are the line's points, in order.
	Cells []int32
	// Closed lines join their last point to their first.
	Closed bool
}

// Lines returns the declared lines of a graph board (nil for other boards).
func (b *Board) Lines() []Line { return b.lines }

// Opposite returns the direction opposite d (a line's backward direction,
// a grid's s for n), or -1 when d has none.
func (b *Board) Opposite(d int) int {
	if d < 0 || d >= len(b.opp) {
		return -1
	}
	return int(b.opp[d])
}

// setOpposites fills the opposite table from pairs of direction names.
func (b *Board) setOpposites(pairs [][2]string) {
	b.opp = make([]int8, len(b.Dirs))
	idx := map[string]int{}
	for i, d := range b.Dirs {
		idx[d] = i
		b.opp[i] = -1
	}
	for _, p := range pairs {
		x, okx := idx[p[0]]
		y, oky := idx[p[1]]
		if okx && oky {
			b.opp[x], b.opp[y] = int8(y), int8(x)
		}
	}
}

// LineError is a problem with one declared line: Family names its LineSet
// and Line is its index there.
type LineError struct {
	Family string
	Line   int
	Msg    string
}

func (e *LineError) Error() string { return e.Msg }

// graphLines builds the step table and adjacency of a graph board from its
// line families. It returns the direction names and the step function.
func graphLines(bl *builder, sets []LineSet) (step func(c, d int) int, pairs [][2]string, err error) {
	n := len(bl.b.Cells)
	var dirs []string
	dirIdx := map[string]int{}
	dir := func(name string) int {
		if i, ok := dirIdx[name]; ok {
			return i
		}
		dirIdx[name] = len(dirs)
		dirs = append(dirs, name)
		return len(dirs) - 1
	}
	type key struct{ c, d int }
	next := map[key]int{}
	from := map[key]string{} // the line that set each entry, for messages
	var fam LineSet
	var li int
	lineErr := func(format string, args ...any) error {
		return &LineError{Family: fam.Name, Line: li, Msg: fmt.Sprintf(format, args...)}
	}
	set := func(c, d, to int, where string) error {
		k := key{c, d}
		if prev, ok := from[k]; ok {
			return lineErr("point %s lies on two lines with direction %q (%s and %s): a step %s from it would be ambiguous",
				bl.b.Cells[c].Name, dirs[d], prev, where, dirs[d])
		}
		next[k], from[k] = to, where
		return nil
	}
	for _, fam = range sets {
		li = -1
		if fam.Dirs[0] == "" || fam.Dirs[1] == "" || fam.Dirs[0] == fam.Dirs[1] {
			return nil, nil, lineErr("want two different direction names, got %q and %q", fam.Dirs[0], fam.Dirs[1])
		}
		fwd, back := dir(fam.Dirs[0]), dir(fam.Dirs[1])
		pairs = append(pairs, fam.Dirs)
		var ln []int
		for li, ln = range fam.Lines {
			where := fmt.Sprintf("%s line %d", fam.Name, li+1)
			short := fmt.Sprintf("line %d", li+1)
			if len(ln) < 2 {
				return nil, nil, lineErr("%s has %d point; a line joins at least two", short, len(ln))
			}
			if fam.Closed && len(ln) < 3 {
				return nil, nil, lineErr("%s is closed but has only %d points; a loop needs at least three", short, len(ln))
			}
			seen := map[int]bool{}
			for _, c := range ln {
				if c < 0 || c >= n {
					return nil, nil, lineErr("%s: no such point (index %d)", short, c)
				}
				if seen[c] {
					return nil, nil, lineErr("%s passes twice through %s", short, bl.b.Cells[c].Name)
				}
				seen[c] = true
			}
			m := len(ln)
			for i := 0; i < m; i++ {
				j := i + 1
				if j == m {
					if !fam.Closed {
						break
					}
					j = 0
				}
				a, c := ln[i], ln[j]
				bl.link(a, c)
				if err := set(a, fwd, c, where); err != nil {
					return nil, nil, err
				}
				if err := set(c, back, a, where); err != nil {
					return nil, nil, err
				}
			}
		}
		bl.b.lines = append(bl.b.lines, linesOf(fam)...)
	}
	bl.b.Dirs = dirs
	step = func(c, d int) int {
		if t, ok := next[key{c, d}]; ok {
			return t
		}
		return NoCell
	}
	return step, pairs, nil
}

func linesOf(fam LineSet) []Line {
	var out []Line
	for _, ln := range fam.Lines {
		cells := make([]int32, len(ln))
		for i, c := range ln {
			cells[i] = int32(c)
		}
		out = append(out, Line{Family: fam.Name, Cells: cells, Closed: fam.Closed})
	}
	return out
}

// Drop returns a copy of the board without the cells hole reports (holes):
// steps into a hole lead nowhere, rays stop before it, adjacency and
// declared lines skip it, and the remaining cells keep their names and
// attributes (renumbered in order). It refuses to drop every cell, to cut
// the board into parts that no step can join, and to drop cells of a pit
// board (its sowing track would break).
func (b *Board) Drop(hole func(c int) bool) (*Board, error) {
	if b.Track != nil {
		return nil, fmt.Errorf("a %s board cannot have holes", b.Kind)
	}
	if b.quad != nil {
		return nil, fmt.Errorf("a %s board with diagonals cannot have holes", b.Kind)
	}
	n := b.N()
	newIdx := make([]int, n)
	var keep []int
	for c := 0; c < n; c++ {
		newIdx[c] = NoCell
		if !hole(c) {
			newIdx[c] = len(keep)
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 {
		return nil, fmt.Errorf("the holes drop every cell of the board")
	}
	if len(keep) == n {
		return b, nil
	}
	nb := &Board{Kind: b.Kind, Dirs: b.Dirs, byName: map[string]int{}, regions: map[string][]int32{},
		seatReg: map[string][][]int32{}, relations: map[string]*Relation{}, opp: b.opp}
	for _, c := range keep {
		attrs := make(map[string]any, len(b.Cells[c].Attrs))
		for k, v := range b.Cells[c].Attrs {
			attrs[k] = v
		}
		nb.byName[b.Cells[c].Name] = len(nb.Cells)
		nb.Cells = append(nb.Cells, Cell{Name: b.Cells[c].Name, Attrs: attrs})
	}
	m := len(keep)
	nb.adjOff = make([]int32, m+1)
	for i, c := range keep {
		for _, x := range b.Adjacent(c) {
			if y := newIdx[x]; y != NoCell {
				nb.adj = append(nb.adj, int32(y))
			}
		}
		nb.adjOff[i+1] = int32(len(nb.adj))
	}
	nd := len(b.Dirs)
	nb.step = make([]int32, m*nd)
	nb.rayOff = make([]int32, m*nd+1)
	for i, c := range keep {
		for d := 0; d < nd; d++ {
			k := i*nd + d
			nb.step[k] = NoCell
			if s := b.Step(c, d); s != NoCell {
				nb.step[k] = int32(newIdx[s])
			}
			for _, x := range b.Ray(c, d) {
				if newIdx[x] == NoCell {
					break
				}
				nb.rayCells = append(nb.rayCells, int32(newIdx[x]))
			}
			nb.rayOff[k+1] = int32(len(nb.rayCells))
		}
	}
	for _, ln := range b.lines {
		var cells []int32
		for _, x := range ln.Cells {
			if y := newIdx[x]; y != NoCell {
				cells = append(cells, int32(y))
			}
		}
		if len(cells) >= 2 {
			nb.lines = append(nb.lines, Line{Family: ln.Family, Cells: cells, Closed: ln.Closed && len(cells) == len(ln.Cells)})
		}
	}
	if parts := nb.components(); len(parts) > 1 {
		sort.SliceStable(parts, func(i, j int) bool { return len(parts[i]) > len(parts[j]) })
		return nil, fmt.Errorf("the holes cut the board into %d parts that no step joins: %s is cut off from %s",
			len(parts), nb.Cells[parts[1][0]].Name, nb.Cells[parts[0][0]].Name)
	}
	nb.NeighbourMasks()
	return nb, nil
}

// components returns the connected parts of the board, each as its cells in
// order (smallest cell first).
func (b *Board) components() [][]int {
	n := b.N()
	part := make([]int, n)
	for i := range part {
		part[i] = -1
	}
	var parts [][]int
	for c := 0; c < n; c++ {
		if part[c] >= 0 {
			continue
		}
		id := len(parts)
		queue := []int{c}
		part[c] = id
		var cells []int
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			cells = append(cells, x)
			for _, y := range b.Adjacent(x) {
				if part[y] < 0 {
					part[y] = id
					queue = append(queue, int(y))
				}
			}
		}
		sort.Ints(cells)
		parts = append(parts, cells)
	}
	return parts
}
