package board

import (
	"fmt"
	"sort"
)

// Circuit is a closed path through the cells of a board, declared by a
// variant ([board.circuits.NAME]): Cells lists the visits in order (a cell
// may be visited more than once: a circuit may cross itself), and the path
// runs on from the last visit back to the first. Loop[i] reports that the
// way from visit i to visit i+1 (the last to the first for the last visit)
// goes round a loop, a join outside the board's own lines. Surakarta's
// corner loops are the model.
type Circuit struct {
	Name  string
	Cells []int32
	Loop  []bool
}

// NewCircuit builds a circuit from its lines: the circuit runs through each
// line in order, and going from the last cell of a line to the first cell
// of the next (and from the last line back to the first) goes round a loop.
// It refuses an empty line or fewer than two visits in all.
func NewCircuit(name string, lines [][]int32) (Circuit, error) {
	ci := Circuit{Name: name}
	for i, ln := range lines {
		if len(ln) == 0 {
			return Circuit{}, fmt.Errorf("line %d is empty", i+1)
		}
		for j, c := range ln {
			ci.Cells = append(ci.Cells, c)
			ci.Loop = append(ci.Loop, j == len(ln)-1)
		}
	}
	if len(ci.Cells) < 2 {
		return Circuit{}, fmt.Errorf("a circuit visits at least two cells, this one %d", len(ci.Cells))
	}
	return ci, nil
}

// Loops returns the number of loops of the circuit.
func (ci *Circuit) Loops() int {
	n := 0
	for _, l := range ci.Loop {
		if l {
			n++
		}
	}
	return n
}

// AddCircuit records a circuit.
func (b *Board) AddCircuit(ci Circuit) { b.circuits = append(b.circuits, ci) }

// Circuits returns the declared circuits, in declaration order.
func (b *Board) Circuits() []Circuit { return b.circuits }

// Circuit returns the circuit called name.
func (b *Board) Circuit(name string) (*Circuit, bool) {
	for i := range b.circuits {
		if b.circuits[i].Name == name {
			return &b.circuits[i], true
		}
	}
	return nil, false
}

// LoopArcs draws the loops of the board's circuits for a picture in which
// cell c's centre is at at[c] (column, row; rows grow downwards). A loop
// leaves the cell where its line ends in the line's direction, goes round
// outside the picture's cells on a ring, and comes back in to the cell
// where the next line starts, along that line: a corner loop (the lines at
// right angles) is three quarters of a rectangle round the corner, a
// U-turn loop (the lines parallel, in opposite directions) half of one.
// The first ring lies gx columns (gy rows) beyond the outermost cell
// centres, and nested loops lie hs columns (vs rows) further out each, the
// larger outside. A loop whose lines leave no such path is not drawn. The
// strokes use box-drawing characters; none falls on a cell's centre.
func (b *Board) LoopArcs(at [][2]int, gx, gy, hs, vs int) []Stroke {
	if len(b.circuits) == 0 || len(at) != b.N() {
		return nil
	}
	minX, maxX, minY, maxY := 1<<30, -1<<30, 1<<30, -1<<30
	centre := map[[2]int]bool{}
	for _, p := range at {
		minX, maxX, minY, maxY = min(minX, p[0]), max(maxX, p[0]), min(minY, p[1]), max(maxY, p[1])
		centre[p] = true
	}
	sign := func(v int) int {
		switch {
		case v > 0:
			return 1
		case v < 0:
			return -1
		}
		return 0
	}
	type loop struct {
		a, b   [2]int // the centres of the two cells
		da, eb [2]int // the way out of a; the way on from b
		corner bool
	}
	var loops []loop
	for _, ci := range b.circuits {
		n := len(ci.Cells)
		for i, isLoop := range ci.Loop {
			if !isLoop {
				continue
			}
			prev, a, c, next := at[ci.Cells[(i-1+n)%n]], at[ci.Cells[i]], at[ci.Cells[(i+1)%n]], at[ci.Cells[(i+2)%n]]
			da := [2]int{sign(a[0] - prev[0]), sign(a[1] - prev[1])}
			eb := [2]int{sign(next[0] - c[0]), sign(next[1] - c[1])}
			if (da[0] != 0) == (da[1] != 0) || (eb[0] != 0) == (eb[1] != 0) {
				continue // a line of one cell, or a diagonal line: no direction to leave by
			}
			l := loop{a: a, b: c, da: da, eb: eb, corner: da[0]*eb[0]+da[1]*eb[1] == 0}
			if !l.corner && (da[0] != -eb[0] || da[1] != -eb[1]) {
				continue // parallel lines in the same direction: no arc joins them
			}
			loops = append(loops, l)
		}
	}
	// rings, per axis: a corner loop's leg across x goes as far out as the
	// loop spans in x, ranked among the spans (nested loops: the larger
	// outside), and likewise in y; a U-turn's legs go out to one ring past
	// the corner loops', ranked by the span between its two lines
	spans := [4]map[int]bool{{}, {}, {}, {}} // corner x, corner y, U-turn across x, U-turn across y
	spanOf := func(l loop) (kind, span int) {
		dx, dy := abs(l.a[0]-l.b[0]), abs(l.a[1]-l.b[1])
		switch {
		case l.corner && l.da[0] != 0:
			return 0, dx
		case l.corner:
			return 1, dy
		case l.da[0] != 0:
			return 2, dy
		}
		return 3, dx
	}
	rank := func(kind, span int) int {
		k := 0
		for s := range spans[kind] {
			if s < span {
				k++
			}
		}
		if kind >= 2 {
			k += len(spans[kind-2])
		}
		return k
	}
	for _, l := range loops {
		kind, span := spanOf(l)
		spans[kind][span] = true
		if l.corner { // the other leg's span
			other := abs(l.a[1] - l.b[1])
			if kind == 1 {
				other = abs(l.a[0] - l.b[0])
			}
			spans[1-kind][other] = true
		}
	}
	// ringOf returns the ring of the leg from a cell in direction d
	ringOf := func(l loop, d [2]int) int {
		if !l.corner {
			kind, span := spanOf(l)
			return rank(kind, span)
		}
		if d[0] != 0 {
			return rank(0, abs(l.a[0]-l.b[0]))
		}
		return rank(1, abs(l.a[1]-l.b[1]))
	}
	// out returns where a leg from p in direction d meets ring k
	out := func(p, d [2]int, k int) [2]int {
		switch {
		case d[0] > 0:
			return [2]int{maxX + gx + k*hs, p[1]}
		case d[0] < 0:
			return [2]int{minX - gx - k*hs, p[1]}
		case d[1] > 0:
			return [2]int{p[0], maxY + gy + k*vs}
		}
		return [2]int{p[0], minY - gy - k*vs}
	}
	const up, down, left, right = 1, 2, 4, 8
	conn := map[[2]int]uint8{}
	seg := func(p, q [2]int) bool {
		dx, dy := sign(q[0]-p[0]), sign(q[1]-p[1])
		for x := p; x != q; x = [2]int{x[0] + dx, x[1] + dy} {
			if x != p && centre[x] {
				return false
			}
		}
		return true
	}
	mark := func(p, q [2]int) {
		dx, dy := sign(q[0]-p[0]), sign(q[1]-p[1])
		fwd, back := uint8(right), uint8(left)
		switch {
		case dx < 0:
			fwd, back = left, right
		case dy > 0:
			fwd, back = down, up
		case dy < 0:
			fwd, back = up, down
		}
		for x := p; ; x = [2]int{x[0] + dx, x[1] + dy} {
			if x != p {
				conn[x] |= back
			}
			if x == q {
				break
			}
			conn[x] |= fwd
		}
	}
	for _, l := range loops {
		in := [2]int{-l.eb[0], -l.eb[1]} // the arc comes in to b along eb, so from the other side
		p1 := out(l.a, l.da, ringOf(l, l.da))
		q1 := out(l.b, in, ringOf(l, in))
		var path [][2]int
		if l.corner {
			corner := [2]int{p1[0], q1[1]}
			if l.da[0] == 0 {
				corner = [2]int{q1[0], p1[1]}
			}
			path = [][2]int{l.a, p1, corner, q1, l.b}
		} else {
			path = [][2]int{l.a, p1, q1, l.b}
		}
		ok := true
		for i := 0; i+1 < len(path); i++ {
			if path[i][0] != path[i+1][0] && path[i][1] != path[i+1][1] {
				ok = false // not along one axis
			}
			ok = ok && seg(path[i], path[i+1])
		}
		if !ok {
			continue
		}
		for i := 0; i+1 < len(path); i++ {
			mark(path[i], path[i+1])
		}
	}
	glyph := map[uint8]rune{
		left | right: '─', up | down: '│', left: '─', right: '─', up: '│', down: '│',
		down | right: '╭', down | left: '╮', up | right: '╰', up | left: '╯',
		up | down | right: '├', up | down | left: '┤', left | right | down: '┬', left | right | up: '┴',
		up | down | left | right: '┼',
	}
	var strokes []Stroke
	for p, cn := range conn {
		if centre[p] || cn == 0 {
			continue
		}
		strokes = append(strokes, Stroke{X: p[0], Y: p[1], Ch: glyph[cn]})
	}
	sort.Slice(strokes, func(i, j int) bool {
		if strokes[i].Y != strokes[j].Y {
			return strokes[i].Y < strokes[j].Y
		}
		return strokes[i].X < strokes[j].X
	})
	return strokes
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
