package boardview

import (
	"math"

	"rulesmith/core"
	"rulesmith/core/board"
)

// A rosette is a folded board whose faces all have one corner at the same
// point and go round it, each sharing the edge that leaves the point with
// the next, more than four of them: more than a full turn of square
// corners, a saddle that no flat unfolding shows whole. It is drawn as a
// fan round the point: the turn is cut into eight sectors of 45°, each face
// takes one or more of them (the root face and the one after it two each
// when there is room, so that they show square), and a face is drawn as the
// cells of its sector, sheared when it spans 45°. Every edge two faces share
// is drawn with the faces on either side of one line, and every face keeps
// the hand of the root face (none is mirrored).

// dir45 is the unit step of the picture (x right, y up) at k×45°.
var dir45 = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// rosetteFace is one face of a rosette and the sector it spans, in units of
// 45° from the x axis: its first edge (A) at from, its second (B) at
// from+span.
type rosetteFace struct {
	board.RosetteFace
	from, span int
}

// rosette returns g's faces round their common corner (board.Rosette),
// starting with the root face at 180°, each with its sector; ok is false
// when the board is not a rosette of five to eight faces. The root face and
// the next take 90° each when there is room (they show square: with
// five faces the third too), the others 45°.
func rosette(g *core.Game) (order []rosetteFace, ok bool) {
	faces, ok := g.Board().Rosette(g.Display().RootFace)
	n := len(faces)
	if !ok || n < 5 || n > 8 {
		return nil, false
	}
	from := 4
	for k, f := range faces {
		span := 1
		if k < 8-n {
			span = 2
		}
		order = append(order, rosetteFace{RosetteFace: f, from: from, span: span})
		from = (from + span) % 8
	}
	return order, true
}

// rosettePlaces places every cell of a rosette on an integer grid (y up),
// the common corner at the grid's point (0,0); ok is false when two cells
// would share a place. A cell's centre in a sheared sector falls on a grid
// line, between two places; each face takes the side (the same for all its
// cells) that draws the most pairs of cells sharing an edge side by side,
// then the fewest pairs side by side that share none.
func rosettePlaces(g *core.Game, order []rosetteFace) (gx, gy []int, ok bool) {
	n := g.Board().N()
	type point struct {
		c    int
		x, y float64
	}
	pts := make([][]point, len(order))
	// sides[k]: the offsets face k may take (±x when its centres fall on a
	// vertical grid line, ±y on a horizontal one)
	sides := make([][][2]float64, len(order))
	integral := func(v float64) bool { return math.Abs(v-math.Round(v)) < 1e-9 }
	for k, rf := range order {
		d1, d2 := dir45[rf.from], dir45[(rf.from+rf.span)%8]
		for _, rc := range rf.Cells {
			a, b := float64(rc.A)-0.5, float64(rc.B)-0.5
			pts[k] = append(pts[k], point{rc.Cell, a*float64(d1[0]) + b*float64(d2[0]), a*float64(d1[1]) + b*float64(d2[1])})
		}
		xs, ys := []float64{0}, []float64{0}
		if p := pts[k][0]; integral(p.x) {
			xs = []float64{0.5, -0.5}
		} else if integral(p.y) {
			ys = []float64{0.5, -0.5}
		}
		for _, ex := range xs {
			for _, ey := range ys {
				sides[k] = append(sides[k], [2]float64{ex, ey})
			}
		}
	}
	edges := sharedEdges(g)
	gx, gy = make([]int, n), make([]int, n)
	bestX, bestY := make([]int, n), make([]int, n)
	bestTrue, bestFalse := -1, 0
	choice := make([]int, len(order))
	for {
		used := make(map[[2]int]int, n)
		clash := false
		for k := range order {
			e := sides[k][choice[k]]
			for _, p := range pts[k] {
				x, y := int(math.Floor(p.x+e[0])), int(math.Floor(p.y+e[1]))
				if _, dup := used[[2]int{x, y}]; dup {
					clash = true
				}
				used[[2]int{x, y}] = p.c
				gx[p.c], gy[p.c] = x, y
			}
		}
		if !clash {
			trueN, falseN := 0, 0
			for c := 0; c < n; c++ {
				for _, d := range [][2]int{{1, 0}, {0, 1}} {
					o, near := used[[2]int{gx[c] + d[0], gy[c] + d[1]}]
					if !near {
						continue
					}
					if edges[[2]int{min(c, o), max(c, o)}] {
						trueN++
					} else {
						falseN++
					}
				}
			}
			if trueN > bestTrue || trueN == bestTrue && falseN < bestFalse {
				bestTrue, bestFalse = trueN, falseN
				copy(bestX, gx)
				copy(bestY, gy)
			}
		}
		// the next combination of sides
		k := 0
		for k < len(order) {
			choice[k]++
			if choice[k] < len(sides[k]) {
				break
			}
			choice[k] = 0
			k++
		}
		if k == len(order) {
			break
		}
	}
	if bestTrue < 0 {
		return nil, nil, false
	}
	return bestX, bestY, true
}

// sharedEdges returns the pairs of cells (lower index first) of a folded
// board that share an edge: two corners in space.
func sharedEdges(g *core.Game) map[[2]int]bool {
	type key [3]int64
	at := func(p vec) key {
		return key{int64(math.Round(p[0] * 1e6)), int64(math.Round(p[1] * 1e6)), int64(math.Round(p[2] * 1e6))}
	}
	byCorner := map[key][]int{}
	for _, f := range collectFaces(g) {
		if !f.ok {
			continue
		}
		for ij, c := range f.ij {
			for _, d := range [][2]int{{-1, -1}, {0, -1}, {-1, 0}, {0, 0}} {
				p := f.o.add(f.u.mul(float64(ij[0] + d[0]))).add(f.v.mul(float64(ij[1] + d[1])))
				byCorner[at(p)] = append(byCorner[at(p)], c)
			}
		}
	}
	count := map[[2]int]int{}
	for _, cs := range byCorner {
		for x := range cs {
			for y := x + 1; y < len(cs); y++ {
				if cs[x] != cs[y] {
					count[[2]int{min(cs[x], cs[y]), max(cs[x], cs[y])}]++
				}
			}
		}
	}
	out := map[[2]int]bool{}
	for pair, k := range count {
		if k >= 2 {
			out[pair] = true
		}
	}
	return out
}

// rosetteLayout draws a rosette board as a fan round its common corner,
// cells cw×ch (names: empty cells show their names); with labels, each
// seat's title goes by the cells its pieces start on, on the side away from
// the middle. It returns nil when the board is not a rosette.
func rosetteLayout(g *core.Game, cw, ch int, names, labels bool) *layout {
	order, ok := rosette(g)
	if !ok {
		return nil
	}
	gx, gy, ok := rosettePlaces(g, order)
	if !ok {
		return nil
	}
	maxY := math.MinInt
	for c := range gy {
		maxY = max(maxY, gy[c])
	}
	l := &layout{cells: make([]cellBox, g.Board().N()), px: float64(cw), py: float64(ch), names: names}
	occ := map[[2]int]bool{}
	for c := range l.cells {
		b := cellBox{x: gx[c] * cw, y: (maxY - gy[c]) * ch, w: cw, h: ch, hitW: cw}
		l.cells[c] = b
		for y := b.y; y < b.y+b.h; y++ {
			for x := b.x; x < b.x+b.w; x++ {
				occ[[2]int{x, y}] = true
			}
		}
	}
	if labels {
		l.labels = seatLabels(g, l.cells, occ, float64(maxY*ch+ch/2))
	}
	l.normalize()
	return l
}

// seatLabels puts each seat's title by the cells its pieces start on: over
// them when they lie above row my of the picture, else under
// them, centred on them and a blank column clear of cells and other labels;
// a title with no such place is left out.
func seatLabels(g *core.Game, cells []cellBox, occ map[[2]int]bool, my float64) []label {
	s := g.NewState()
	var ls []label
	for seat := 0; seat < g.NumSeats(); seat++ {
		x0, y0, x1, y1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
		var sy float64
		count := 0
		for c, b := range cells {
			if s.Height(c) == 0 || s.Owner(c) != seat {
				continue
			}
			x0, y0 = min(x0, b.x), min(y0, b.y)
			x1, y1 = max(x1, b.x+b.w), max(y1, b.y+b.h)
			sy += float64(b.y) + float64(b.h)/2
			count++
		}
		if count == 0 {
			continue
		}
		text := g.SeatTitle(seat)
		w := textWidth(text)
		at := label{x: x0 + (x1-x0-w)/2, y: y1, text: text}
		if sy/float64(count) < my {
			at.y = y0 - 1
		}
		free := true
		for i := -1; i <= w; i++ {
			free = free && !occ[[2]int{at.x + i, at.y}]
		}
		if !free {
			continue
		}
		for i := 0; i < w; i++ {
			occ[[2]int{at.x + i, at.y}] = true
		}
		ls = append(ls, at)
	}
	return ls
}
