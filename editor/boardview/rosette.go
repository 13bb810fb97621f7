package boardview

import (
	"math"

	"rulesmith/core"
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

// rosetteFace is one face of a rosette: which of its axes leaves the common
// corner first (in the order round the point) and the sector it spans.
type rosetteFace struct {
	f *face
	// startU: the face's i axis runs along the sector's first ray (else
	// its j axis does); flipI, flipJ: the axis runs toward the point.
	startU, flipI, flipJ bool
	// from, span: the sector, in units of 45° from the x axis.
	from, span int
}

// rosette finds g's faces round one common corner in their order round it,
// starting with the root face; ok is false when the board is not a rosette
// of five to eight faces.
func rosette(g *core.Game, faces []*face) (order []rosetteFace, ok bool) {
	n := len(faces)
	if n < 5 || n > 8 {
		return nil, false
	}
	for _, f := range faces {
		if !f.ok {
			return nil, false
		}
	}
	corner := func(f *face, a, b int) vec { return f.o.add(f.u.mul(float64(a))).add(f.v.mul(float64(b))) }
	near := func(p, q vec) bool { return p.sub(q).norm() < 1e-6*(1+p.norm()+q.norm()) }
	// the common corner: a corner of the first face that every face has
	var p vec
	found := false
	for _, ab := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		q := corner(faces[0], ab[0]*faces[0].w, ab[1]*faces[0].h)
		all := true
		for _, f := range faces[1:] {
			has := false
			for _, cd := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				has = has || near(q, corner(f, cd[0]*f.w, cd[1]*f.h))
			}
			all = all && has
		}
		if all {
			p, found = q, true
			break
		}
	}
	if !found {
		return nil, false
	}
	// each face's two rays from the point: its i axis and its j axis,
	// pointing away from it
	type rays struct {
		ri, rj       vec
		flipI, flipJ bool
	}
	rs := make([]rays, n)
	for k, f := range faces {
		r := rays{ri: f.u.unit(), rj: f.v.unit()}
		if !near(p, f.o) && !near(p, corner(f, 0, f.h)) {
			r.ri, r.flipI = r.ri.mul(-1), true
		}
		if !near(p, f.o) && !near(p, corner(f, f.w, 0)) {
			r.rj, r.flipJ = r.rj.mul(-1), true
		}
		rs[k] = r
	}
	same := func(a, b vec) bool { return a.dot(b) > 1-1e-9 }
	// the face other than k that has ray r, and whether r is its i axis
	other := func(k int, r vec) (int, bool) {
		at, isI := -1, false
		for m := range faces {
			if m == k {
				continue
			}
			for _, c := range []struct {
				r   vec
				isI bool
			}{{rs[m].ri, true}, {rs[m].rj, false}} {
				if same(r, c.r) {
					if at >= 0 {
						at = -2 // three faces on one edge
					} else {
						at, isI = m, c.isI
					}
				}
			}
		}
		return at, isI
	}
	root := 0
	for k, f := range faces {
		if f.name == g.Display().RootFace {
			root = k
		}
	}
	// a sector of 45° each, the rest (8-n) one more each from the root on
	span := make([]int, n)
	for k := range span {
		span[k] = 1
		if k < 8-n {
			span[k]++
		}
	}
	// the root spans 180°..180°+its span, its axes placed so that its
	// picture is not mirrored
	from := 4
	det := func(a, b [2]int) int { return a[0]*b[1] - a[1]*b[0] }
	sgn := func(flip bool) int {
		if flip {
			return -1
		}
		return 1
	}
	rf := rosetteFace{f: faces[root], flipI: rs[root].flipI, flipJ: rs[root].flipJ, from: from, span: span[0]}
	di, dj := dir45[from], dir45[(from+span[0])%8]
	rf.startU = sgn(rf.flipI)*sgn(rf.flipJ)*det(di, dj) > 0
	order = append(order, rf)
	seen := map[int]bool{root: true}
	cur := rf
	k := root
	for len(order) < n {
		end := rs[k].rj
		if !cur.startU {
			end = rs[k].ri
		}
		m, isI := other(k, end)
		if m < 0 || seen[m] {
			return nil, false
		}
		from = (cur.from + cur.span) % 8
		nf := rosetteFace{f: faces[m], flipI: rs[m].flipI, flipJ: rs[m].flipJ, from: from, span: span[len(order)], startU: isI}
		order = append(order, nf)
		seen[m] = true
		cur, k = nf, m
	}
	// the last face's second ray closes the ring at the root's first
	last := rs[k].rj
	if !cur.startU {
		last = rs[k].ri
	}
	first := rs[root].ri
	if !order[0].startU {
		first = rs[root].rj
	}
	if !same(last, first) {
		return nil, false
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
		f := rf.f
		d1, d2 := dir45[rf.from], dir45[(rf.from+rf.span)%8]
		for ij, c := range f.ij {
			i, j := ij[0], ij[1]
			if rf.flipI {
				i = f.w + 1 - i
			}
			if rf.flipJ {
				j = f.h + 1 - j
			}
			a, b := float64(i)-0.5, float64(j)-0.5 // along the first and second rays
			if !rf.startU {
				a, b = b, a
			}
			pts[k] = append(pts[k], point{c, a*float64(d1[0]) + b*float64(d2[0]), a*float64(d1[1]) + b*float64(d2[1])})
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
	faces := collectFaces(g)
	order, ok := rosette(g, faces)
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
