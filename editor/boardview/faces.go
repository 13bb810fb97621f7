package boardview

import (
	"math"

	"rulesmith/core"
)

type vec [3]float64

func (a vec) add(b vec) vec     { return vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a vec) sub(b vec) vec     { return vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a vec) mul(k float64) vec { return vec{a[0] * k, a[1] * k, a[2] * k} }
func (a vec) dot(b vec) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec) norm() float64     { return math.Sqrt(a.dot(a)) }
func (a vec) unit() vec         { return a.mul(1 / a.norm()) }
func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// face is one face of a folded board as recovered from its cells.
type face struct {
	name  string
	cells []int
	ij    map[[2]int]int
	far   map[int]vec // far corner of each cell
	w, h  int
	// o, u, v: origin and axes, when two neighbouring cells gave them
	o, u, v vec
	ok      bool
}

// centre returns the 3D centre of cell c of the face.
func (f *face) centre(i, j int) vec {
	return f.o.add(f.u.mul(float64(i) - 0.5)).add(f.v.mul(float64(j) - 0.5))
}

func collectFaces(g *core.Game) []*face {
	var faces []*face
	byName := map[string]*face{}
	for c, cell := range g.Board().Cells {
		name, _ := cell.Attrs["face"].(string)
		f, ok := byName[name]
		if !ok {
			f = &face{name: name, ij: map[[2]int]int{}, far: map[int]vec{}}
			byName[name] = f
			faces = append(faces, f)
		}
		i, _ := intAttr(cell.Attrs, "i")
		j, _ := intAttr(cell.Attrs, "j")
		x, _ := floatAttr(cell.Attrs, "x")
		y, _ := floatAttr(cell.Attrs, "y")
		z, _ := floatAttr(cell.Attrs, "z")
		f.cells = append(f.cells, c)
		f.ij[[2]int{i, j}] = c
		f.far[c] = vec{x, y, z}
		f.w, f.h = max(f.w, i), max(f.h, j)
	}
	for _, f := range faces {
		var gotU, gotV bool
		for k, c := range f.ij {
			if n, ok := f.ij[[2]int{k[0] + 1, k[1]}]; ok && !gotU {
				f.u, gotU = f.far[n].sub(f.far[c]), true
			}
			if n, ok := f.ij[[2]int{k[0], k[1] + 1}]; ok && !gotV {
				f.v, gotV = f.far[n].sub(f.far[c]), true
			}
		}
		if gotU && gotV && f.u.cross(f.v).norm() > 1e-9 {
			for k, c := range f.ij {
				f.o = f.far[c].sub(f.u.mul(float64(k[0]))).sub(f.v.mul(float64(k[1])))
				break
			}
			f.ok = true
		}
	}
	return faces
}

// unfold places every cell of a folded board on an integer grid (gy up):
// the root face with its own axes (i right, j up); each face sharing a fold
// with the root rotated flat about that fold onto the root's plane, away
// from the root; other faces laid flat beside the picture.
func unfold(g *core.Game, faces []*face) (gx, gy []int) {
	n := g.Board().N()
	gx, gy = make([]int, n), make([]int, n)
	var root *face
	for _, f := range faces {
		if f.ok && f.name == g.Display().RootFace {
			root = f
		}
	}
	for _, f := range faces {
		if root == nil && f.ok {
			root = f
		}
	}
	placed := map[*face]bool{}
	used := map[[2]int]bool{}
	minX, maxX, maxY := math.MaxInt, math.MinInt, math.MinInt
	commit := func(f *face, xs, ys map[int]int) {
		placed[f] = true
		for _, c := range f.cells {
			gx[c], gy[c] = xs[c], ys[c]
			used[[2]int{xs[c], ys[c]}] = true
			minX, maxX, maxY = min(minX, xs[c]), max(maxX, xs[c]), max(maxY, ys[c])
		}
	}
	if root != nil {
		e1 := root.u.unit()
		e2 := root.v.sub(e1.mul(root.v.dot(e1))).unit()
		su, sv := root.u.norm(), root.v.sub(e1.mul(root.v.dot(e1))).norm()
		nr := root.u.cross(root.v).unit()
		rc := root.o.add(root.u.mul(float64(root.w) / 2)).add(root.v.mul(float64(root.h) / 2))
		flat := func(p vec) (int, int) {
			d := p.sub(root.o)
			return int(math.Floor(d.dot(e1)/su + 1e-6)), int(math.Floor(d.dot(e2)/sv + 1e-6))
		}
		xs, ys := map[int]int{}, map[int]int{}
		for k, c := range root.ij {
			xs[c], ys[c] = flat(root.centre(k[0], k[1]))
		}
		commit(root, xs, ys)
		isRoot := map[int]bool{}
		for _, c := range root.cells {
			isRoot[c] = true
		}
		for _, f := range faces {
			if f == root || !f.ok || !touches(g, f, isRoot) {
				continue
			}
			nf := f.u.cross(f.v).unit()
			dir := nr.cross(nf)
			var rotate func(p vec) vec
			if dir.norm() < 1e-9 { // parallel planes: project
				rotate = func(p vec) vec { return p.sub(nr.mul(p.sub(root.o).dot(nr))) }
			} else {
				d1, d2 := nr.dot(root.o), nf.dot(f.o)
				n12 := nr.dot(nf)
				q0 := nr.mul(d1 - d2*n12).add(nf.mul(d2 - d1*n12)).mul(1 / dir.dot(dir))
				du := dir.unit()
				out := nr.cross(du)
				if rc.sub(q0).dot(out) > 0 {
					out = out.mul(-1)
				}
				rotate = func(p vec) vec {
					q := q0.add(du.mul(p.sub(q0).dot(du)))
					return q.add(out.mul(p.sub(q).norm()))
				}
			}
			xs, ys := map[int]int{}, map[int]int{}
			clash := false
			seen := map[[2]int]bool{}
			for k, c := range f.ij {
				xs[c], ys[c] = flat(rotate(f.centre(k[0], k[1])))
				key := [2]int{xs[c], ys[c]}
				clash = clash || used[key] || seen[key]
				seen[key] = true
			}
			if !clash {
				commit(f, xs, ys)
			}
		}
	}
	// the rest beside the picture, flat, tops aligned
	if len(placed) == 0 {
		minX, maxX, maxY = 0, -2, 0
	}
	side := maxX + 2
	for _, f := range faces {
		if placed[f] {
			continue
		}
		xs, ys := map[int]int{}, map[int]int{}
		for k, c := range f.ij {
			xs[c], ys[c] = side+k[0]-1, maxY-(f.h-k[1])
		}
		side += f.w + 1
		placed[f] = true
		for _, c := range f.cells {
			gx[c], gy[c] = xs[c], ys[c]
		}
	}
	return gx, gy
}

// touches reports whether a cell of f is adjacent to a cell in set.
func touches(g *core.Game, f *face, set map[int]bool) bool {
	for _, c := range f.cells {
		for _, x := range g.Board().Adjacent(c) {
			if set[int(x)] {
				return true
			}
		}
	}
	return false
}

// facesLayout draws a folded board unfolded round its root face, cells
// cw×ch, and with labels each face's name (and the title of the seat of the
// same name) beside it: "face g (Green)", or shorter when that does not go
// over or under each face.
func facesLayout(g *core.Game, cw, ch int, names, labels bool) *layout {
	faces := collectFaces(g)
	gx, gy := unfold(g, faces)
	l := &layout{cells: make([]cellBox, g.Board().N()), px: float64(cw), py: float64(ch), names: names}
	maxY := math.MinInt
	for c := range gy {
		maxY = max(maxY, gy[c])
	}
	cellOcc := map[[2]int]bool{}
	cx0, cx1 := math.MaxInt, math.MinInt
	for c := range l.cells {
		b := cellBox{x: gx[c] * cw, y: (maxY - gy[c]) * ch, w: cw, h: ch, hitW: cw}
		l.cells[c] = b
		cx0, cx1 = min(cx0, b.x), max(cx1, b.x+b.w)
		for y := b.y; y < b.y+b.h; y++ {
			for x := b.x; x < b.x+b.w; x++ {
				cellOcc[[2]int{x, y}] = true
			}
		}
	}
	if labels {
		// the longest texts that all go over or under their faces within
		// the cells' width, else the longest anywhere free
		for form := 0; form < len(faceLabelForms); form++ {
			if ls, ok := faceLabels(g, faces, l.cells, cellOcc, form, cx0, cx1); ok {
				l.labels = ls
				break
			}
		}
		if l.labels == nil {
			l.labels, _ = faceLabels(g, faces, l.cells, cellOcc, 0, math.MinInt, math.MaxInt)
		}
	}
	l.normalize()
	return l
}

// faceLabelForms are the texts of face labels, longest first.
var faceLabelForms = []func(name, title string) string{
	func(name, title string) string { return "face " + name + title },
	func(name, title string) string { return name + title },
	func(name, _ string) string { return "face " + name },
	func(name, _ string) string { return name },
}

// faceLabels places a label of the given form by each face, a blank column
// from cells and other labels: over the face, else under it, else left or
// right of it. ok reports whether every label went over or under its face
// within columns [x0, x1).
func faceLabels(g *core.Game, faces []*face, cells []cellBox, cellOcc map[[2]int]bool, form, x0, x1 int) (ls []label, ok bool) {
	occ := make(map[[2]int]bool, len(cellOcc))
	for k := range cellOcc {
		occ[k] = true
	}
	free := func(x, y, n int) bool {
		for i := -1; i <= n; i++ {
			if occ[[2]int{x + i, y}] {
				return false
			}
		}
		return true
	}
	ok = true
	for _, f := range faces {
		title := ""
		for s, seat := range g.Seats() {
			if seat == f.name && g.SeatTitle(s) != seat {
				title = " (" + g.SeatTitle(s) + ")"
			}
		}
		text := faceLabelForms[form](f.name, title)
		fx0, fy0, fx1, fy1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
		for _, c := range f.cells {
			b := cells[c]
			fx0, fy0 = min(fx0, b.x), min(fy0, b.y)
			fx1, fy1 = max(fx1, b.x+b.w), max(fy1, b.y+b.h)
		}
		n := textWidth(text)
		mid := fx0 + max(0, (fx1-fx0-n)/2)
		cands := [][2]int{{mid, fy0 - 1}, {mid, fy1}, {fx0 - n - 1, (fy0 + fy1) / 2}, {fx1 + 1, (fy0 + fy1) / 2}}
		at, k := cands[0], -1
		for i, p := range cands {
			if free(p[0], p[1], n) {
				at, k = p, i
				break
			}
		}
		ok = ok && (k == 0 || k == 1) && at[0] >= x0 && at[0]+n <= x1
		ls = append(ls, label{x: at[0], y: at[1], text: text})
		for i := 0; i < n; i++ {
			occ[[2]int{at[0] + i, at[1]}] = true
		}
	}
	return ls, ok
}
