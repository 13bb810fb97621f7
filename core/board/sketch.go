package board

// Stroke is one character of a drawn line.
type Stroke struct {
	X, Y int
	Ch   rune
}

// Sketch is a character picture of a board of points and lines: where each
// point goes and the strokes of the lines between them.
type Sketch struct {
	// W, H is the size of the picture.
	W, H int
	// At[c] is the column and row of point c (row 0 at the top).
	At [][2]int
	// Strokes draw the lines; none falls on a point.
	Strokes []Stroke
}

// LineSketch draws a graph board with declared lines whose points all have
// integer x and y attributes: point (x, y) goes to column (x−minX)·sx and
// row (maxY−y)·sy, and each line segment is drawn with '-', '|', '/' or
// '\'. It reports false for any other board, or when two points share a
// place.
func (b *Board) LineSketch(sx, sy int) (Sketch, bool) {
	if len(b.lines) == 0 || sx < 1 || sy < 1 {
		return Sketch{}, false
	}
	n := b.N()
	xs, ys := make([]int, n), make([]int, n)
	minX, maxX, minY, maxY := 1<<30, -1<<30, 1<<30, -1<<30
	for c, cell := range b.Cells {
		x, okx := cell.Attrs["x"].(int)
		y, oky := cell.Attrs["y"].(int)
		if !okx || !oky || x < -MaxCells || x > MaxCells || y < -MaxCells || y > MaxCells {
			return Sketch{}, false
		}
		xs[c], ys[c] = x, y
		minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
	}
	sk := Sketch{W: (maxX-minX)*sx + 1, H: (maxY-minY)*sy + 1, At: make([][2]int, n)}
	if sk.W*sk.H > 1<<16 {
		return Sketch{}, false
	}
	taken := map[[2]int]bool{}
	for c := range b.Cells {
		p := [2]int{(xs[c] - minX) * sx, (maxY - ys[c]) * sy}
		if taken[p] {
			return Sketch{}, false
		}
		taken[p] = true
		sk.At[c] = p
	}
	drawn := map[[2]int]bool{}
	put := func(x, y int, ch rune) {
		p := [2]int{x, y}
		if taken[p] || drawn[p] {
			return
		}
		drawn[p] = true
		sk.Strokes = append(sk.Strokes, Stroke{x, y, ch})
	}
	seg := func(a, c int) {
		x0, y0, x1, y1 := sk.At[a][0], sk.At[a][1], sk.At[c][0], sk.At[c][1]
		dx, dy := x1-x0, y1-y0
		switch {
		case dy == 0:
			for x := min(x0, x1) + 1; x < max(x0, x1); x++ {
				put(x, y0, '-')
			}
		case dx == 0:
			for y := min(y0, y1) + 1; y < max(y0, y1); y++ {
				put(x0, y, '|')
			}
		default:
			ch := '\\'
			if (dx > 0) == (dy < 0) {
				ch = '/'
			}
			step := 1
			if dy < 0 {
				step = -1
			}
			for y := y0 + step; y != y1; y += step {
				put(x0+dx*(y-y0)/dy, y, ch)
			}
		}
	}
	for _, ln := range b.lines {
		for i := 0; i+1 < len(ln.Cells); i++ {
			seg(int(ln.Cells[i]), int(ln.Cells[i+1]))
		}
		if ln.Closed && len(ln.Cells) > 2 {
			seg(int(ln.Cells[len(ln.Cells)-1]), int(ln.Cells[0]))
		}
	}
	return sk, true
}
