package board

import (
	"math"
	"sort"
)

// A rosette is a faces board whose faces all have a corner at one point
// and go round it, each sharing with the next the edge that leaves the
// point: three round a cube's corner, four flat round a point, six round
// the centre of the 96-cell board for three (a saddle). Pictures draw one
// as a fan round that point; this file finds the faces' order round it from
// the cells' face, i, j and x, y, z attributes (see Faces).

// RosetteFace is one face of a rosette (see Board.Rosette): its name, the
// lengths in cells of its two edges that leave the common corner (LenA
// along the first, LenB along the second) and its cells.
type RosetteFace struct {
	Name       string
	LenA, LenB int
	Cells      []RosetteCell
}

// RosetteCell is a cell of a rosette face and its place counted from the
// common corner: A along the face's first edge, B along its second, both
// from 1 (the cell at the corner is A = B = 1).
type RosetteCell struct{ Cell, A, B int }

type ivec [3]int

func (a ivec) add(b ivec) ivec { return ivec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a ivec) sub(b ivec) ivec { return ivec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a ivec) mul(k int) ivec  { return ivec{a[0] * k, a[1] * k, a[2] * k} }
func (a ivec) dot(b ivec) int  { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a ivec) isZero() bool    { return a == ivec{} }
func (a ivec) cross(b ivec) ivec {
	return ivec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// sameDir reports whether a and b point the same way.
func sameDir(a, b ivec) bool { return a.cross(b).isZero() && a.dot(b) > 0 }

// Rosette reports whether b is a rosette of at least three faces and
// returns its faces in their order round the common corner, starting with
// the face named root (else the first face): each face's second edge is the
// next face's first, and the last face's second edge is the root's first.
// The order turns the way that gives every face's (A, B) the hand of the
// root face's (i, j), so that a picture drawing each face's A and B edges
// counter-clockwise in turn draws the root face unmirrored, and every face
// as a piece of one surface.
func (b *Board) Rosette(root string) ([]RosetteFace, bool) {
	if b.Kind != "faces" {
		return nil, false
	}
	type faceGeo struct {
		name    string
		o, u, v ivec
		w, h    int
		at      map[[2]int]int
		far     map[int]ivec
		rays    [2]ivec // along i and along j, away from the corner
		flip    [2]bool // the axis runs toward the corner
	}
	var faces []*faceGeo
	byName := map[string]*faceGeo{}
	for c, cell := range b.Cells {
		name, ok1 := cell.Attrs["face"].(string)
		i, ok2 := cell.Attrs["i"].(int)
		j, ok3 := cell.Attrs["j"].(int)
		x, ok4 := cell.Attrs["x"].(int)
		y, ok5 := cell.Attrs["y"].(int)
		z, ok6 := cell.Attrs["z"].(int)
		if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 {
			return nil, false
		}
		f := byName[name]
		if f == nil {
			f = &faceGeo{name: name, at: map[[2]int]int{}, far: map[int]ivec{}}
			byName[name] = f
			faces = append(faces, f)
		}
		f.at[[2]int{i, j}] = c
		f.far[c] = ivec{x, y, z}
		f.w, f.h = max(f.w, i), max(f.h, j)
	}
	if len(faces) < 3 {
		return nil, false
	}
	// each face's axes from neighbouring cells, and its corners
	for _, f := range faces {
		if len(f.at) != f.w*f.h || f.w < 2 || f.h < 2 {
			return nil, false
		}
		f.u = f.far[f.at[[2]int{2, 1}]].sub(f.far[f.at[[2]int{1, 1}]])
		f.v = f.far[f.at[[2]int{1, 2}]].sub(f.far[f.at[[2]int{1, 1}]])
		if f.u.cross(f.v).isZero() {
			return nil, false
		}
		f.o = f.far[f.at[[2]int{1, 1}]].sub(f.u).sub(f.v)
	}
	corner := func(f *faceGeo, a, c int) ivec { return f.o.add(f.u.mul(a * f.w)).add(f.v.mul(c * f.h)) }
	// the common corner: one of the first face's that every face has
	var p ivec
	found := false
	for k := 0; k < 4 && !found; k++ {
		q := corner(faces[0], k%2, k/2)
		all := true
		for _, f := range faces[1:] {
			has := false
			for m := 0; m < 4; m++ {
				has = has || corner(f, m%2, m/2) == q
			}
			all = all && has
		}
		p, found = q, all
	}
	if !found {
		return nil, false
	}
	for _, f := range faces {
		for m := 0; m < 4; m++ {
			if corner(f, m%2, m/2) == p {
				f.flip = [2]bool{m%2 == 1, m/2 == 1}
			}
		}
		f.rays = [2]ivec{f.u, f.v}
		for k := range f.rays {
			if f.flip[k] {
				f.rays[k] = f.rays[k].mul(-1)
			}
		}
	}
	// the face other than f along ray r, and which of its rays r is
	other := func(f *faceGeo, r ivec) (*faceGeo, int, bool) {
		var at *faceGeo
		axis, n := 0, 0
		for _, g := range faces {
			for k, gr := range g.rays {
				if g != f && sameDir(gr, r) {
					at, axis, n = g, k, n+1
				}
			}
		}
		return at, axis, n == 1
	}
	start := faces[0]
	for _, f := range faces {
		if f.name == root {
			start = f
		}
	}
	// the root's first edge is along i when (A, B) is (i, j) up to signs
	// of the same parity, else along j
	first := 1
	if start.flip[0] == start.flip[1] {
		first = 0
	}
	var out []RosetteFace
	seen := map[*faceGeo]bool{}
	f, axis := start, first
	for {
		if seen[f] {
			break
		}
		seen[f] = true
		rf := RosetteFace{Name: f.name, LenA: f.w, LenB: f.h}
		if axis == 1 {
			rf.LenA, rf.LenB = f.h, f.w
		}
		for ij, c := range f.at {
			i, j := ij[0], ij[1]
			if f.flip[0] {
				i = f.w + 1 - i
			}
			if f.flip[1] {
				j = f.h + 1 - j
			}
			if axis == 1 {
				i, j = j, i
			}
			rf.Cells = append(rf.Cells, RosetteCell{Cell: c, A: i, B: j})
		}
		sort.Slice(rf.Cells, func(x, y int) bool {
			a, b := rf.Cells[x], rf.Cells[y]
			return a.B < b.B || a.B == b.B && a.A < b.A
		})
		out = append(out, rf)
		next, nextAxis, ok := other(f, f.rays[1-axis])
		if !ok {
			return nil, false
		}
		f, axis = next, nextAxis
	}
	// closed: back at the root by its first edge, every face once
	if f != start || axis != first || len(out) != len(faces) {
		return nil, false
	}
	return out, true
}

// dir45 is the unit step of a fan (x right, y up) at k×45°.
var dir45 = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// fanFace is one face of a rosette and the sector it spans in a fan, in
// units of 45° from the x axis: its first edge (A) at from, its second (B)
// at from+span.
type fanFace struct {
	RosetteFace
	from, span int
}

// RosetteFan places the cells of a rosette of five to eight faces (more than
// a full turn of square corners: a saddle, which no flat unfolding shows
// whole) on an integer grid, x right and y up, round the common corner at
// the grid point (0,0): one place per cell, in a picture of square places.
// The turn is cut into eight sectors of 45°; the face named root (see
// Rosette) takes 180°..270° and the next face 270°..360° when there is room,
// so that both show square (with five faces the third too), and the others
// one sector each, counter-clockwise, drawn sheared. Every two cells that
// share an edge across two faces are placed side by side, and every face has
// the hand of the root face. ok is false for any other board.
func (b *Board) RosetteFan(root string) (x, y []int, ok bool) {
	faces, ok := b.Rosette(root)
	n := len(faces)
	if !ok || n < 5 || n > 8 {
		return nil, nil, false
	}
	order := make([]fanFace, 0, n)
	from := 4
	for k, f := range faces {
		span := 1
		if k < 8-n {
			span = 2
		}
		order = append(order, fanFace{RosetteFace: f, from: from, span: span})
		from = (from + span) % 8
	}
	return b.rosettePlaces(order)
}

// rosettePlaces places every cell of a fan on the grid; ok is false when
// two cells would share a place. A cell's centre in a sheared sector falls
// on a grid line, between two places; each face takes the side (the same
// for all its cells) that puts the most pairs of cells sharing an edge side
// by side, then the fewest pairs side by side that share none.
func (b *Board) rosettePlaces(order []fanFace) (gx, gy []int, ok bool) {
	n := b.N()
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
			a, c := float64(rc.A)-0.5, float64(rc.B)-0.5
			pts[k] = append(pts[k], point{rc.Cell, a*float64(d1[0]) + c*float64(d2[0]), a*float64(d1[1]) + c*float64(d2[1])})
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
	edges := b.edgePairs()
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

// edgePairs returns the pairs of cells (lower index first) that share an
// edge: neighbours in the first four directions of a faces board (+i, -i,
// +j, -j), across folds too.
func (b *Board) edgePairs() map[[2]int]bool {
	out := map[[2]int]bool{}
	for c := range b.Cells {
		for d := 0; d < 4 && d < len(b.Dirs); d++ {
			if o := b.Step(c, d); o != NoCell {
				out[[2]int{min(c, o), max(c, o)}] = true
			}
		}
	}
	return out
}
