// Package diagram draws a position of a rulesmith game as an SVG figure
// for a rulebook: the board of any kind (grid, hex, pits, folded faces
// unfolded into the plane, graphs with their lines), cell coordinates,
// pieces in their seat's colour with stack heights, stones in pits, the
// last move, marked cells and arrows.
//
// It reads only the core's public board geometry (cell attributes, lines,
// the sowing track) and State; it draws, it never plays.
package diagram

import (
	"fmt"
	"html"
	"io"
	"math"
	"sort"
	"strings"

	"rulesmith/core"
)

// Options say what to draw over the position.
type Options struct {
	// Last is the last move, highlighted (from and to); HasLast says
	// whether there is one.
	Last    core.Move
	HasLast bool
	// Marks are cells drawn with a ring.
	Marks []int
	// Arrows are drawn from the first cell to the second.
	Arrows [][2]int
}

// unit is the pitch between neighbouring cells, in SVG user units.
const unit = 40.0

// place is where a cell is drawn: its centre, and the shape around it.
type place struct {
	x, y  float64
	shape string // "square", "hex", "pit", "store", "point", "quad"
	w, h  float64
	// poly: a quad's corners, in order round it
	poly [][2]float64
}

// label is a coordinate or a name written on the figure.
type label struct {
	x, y float64
	text string
}

// layout is a board's figure without the position.
type layout struct {
	cells  []place
	labels []label
	lines  [][2]int // segments between cells (graphs)
}

// seatPalette colours seats without a [players] colors entry.
var seatPalette = []string{"#f5f5f0", "#202020", "#c0392b", "#2e86c1", "#27ae60", "#f1c40f"}

// namedColors maps colour names variants use to fills that read on paper.
var namedColors = map[string]string{
	"white": "#f5f5f0", "black": "#202020", "red": "#c0392b", "blue": "#2e86c1",
	"green": "#27ae60", "yellow": "#f1c40f", "orange": "#e67e22", "purple": "#8e44ad",
	"brown": "#8b5a2b", "grey": "#888888", "gray": "#888888",
}

// SeatColor returns the fill of a seat's pieces (neutral pieces: grey).
func SeatColor(g *core.Game, seat int) string {
	if seat < 0 {
		return "#9a9a9a"
	}
	if seat < len(g.SeatColors()) {
		name := strings.ToLower(g.SeatColors()[seat])
		if c, ok := namedColors[name]; ok {
			return c
		}
		if strings.HasPrefix(name, "#") {
			return html.EscapeString(name)
		}
	}
	return seatPalette[seat%len(seatPalette)]
}

// Render writes the SVG of position s of g. A card game (a board of one
// empty cell or none, the pieces in zones) is drawn as its table: one row
// per zone, as the seat to move sees it.
func Render(w io.Writer, g *core.Game, s *core.State, o Options) error {
	if CardTable(g, s) {
		return renderTable(w, g, s)
	}
	l := layoutOf(g)
	n := g.Board().N()
	// bounds
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	grow := func(x, y, r float64) {
		minX, minY = math.Min(minX, x-r), math.Min(minY, y-r)
		maxX, maxY = math.Max(maxX, x+r), math.Max(maxY, y+r)
	}
	for _, p := range l.cells {
		grow(p.x, p.y, math.Max(p.w, p.h)/2)
		for _, q := range p.poly {
			grow(q[0], q[1], 0)
		}
	}
	for _, lb := range l.labels {
		grow(lb.x, lb.y, unit/3)
	}
	var extra, gaps strings.Builder
	// a grid's gap lines (a river) and the loops of declared circuits,
	// from the variant's own display and board data
	if g.Board().Kind == "grid" {
		maxRow, minCol, maxCol := 0, math.Inf(1), math.Inf(-1)
		for c, cell := range g.Board().Cells {
			y, _ := intAttr(cell.Attrs, "y")
			maxRow = max(maxRow, y)
			minCol, maxCol = math.Min(minCol, l.cells[c].x), math.Max(maxCol, l.cells[c].x)
		}
		// crossed regions: the diagonals of each connected block of cells
		pos := map[[2]int]int{}
		for c, cell := range g.Board().Cells {
			x, _ := intAttr(cell.Attrs, "x")
			y, _ := intAttr(cell.Attrs, "y")
			pos[[2]int{x, y}] = c
		}
		for _, reg := range g.Display().Crosses {
			done := map[int]bool{}
			for c := range g.Board().Cells {
				if done[c] || !g.InRegion(reg, c) {
					continue
				}
				// the block of c: its region cells joined orthogonally
				minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
				stack := []int{c}
				done[c] = true
				for len(stack) > 0 {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					p := l.cells[x]
					minX, minY, maxX, maxY = math.Min(minX, p.x), math.Min(minY, p.y), math.Max(maxX, p.x), math.Max(maxY, p.y)
					cx, _ := intAttr(g.Board().Cells[x].Attrs, "x")
					cy, _ := intAttr(g.Board().Cells[x].Attrs, "y")
					for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
						if y, ok := pos[[2]int{cx + d[0], cy + d[1]}]; ok && !done[y] && g.InRegion(reg, y) {
							done[y] = true
							stack = append(stack, y)
						}
					}
				}
				fmt.Fprintf(&gaps, `<path class="cross" d="M%.1f,%.1f L%.1f,%.1f M%.1f,%.1f L%.1f,%.1f" stroke="#8e6d3a" stroke-width="2"/>`+"\n",
					minX, minY, maxX, maxY, maxX, minY, minX, maxY)
			}
		}
		for _, r := range g.Display().GapAfterRows {
			y := float64(maxRow-r)*unit - unit/2
			fmt.Fprintf(&gaps, `<line class="gap" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#2e86c1" stroke-width="4" stroke-dasharray="10 6"/>`+"\n",
				minCol-unit/2, y, maxCol+unit/2, y)
		}
	}
	for _, ci := range g.Board().Circuits() {
		k := len(ci.Cells)
		for i, loop := range ci.Loop {
			if !loop || k < 3 {
				continue
			}
			// out of the last cell of a line the way the line runs, in to
			// the first cell of the next the way it comes from
			a, prev := l.cells[ci.Cells[i]], l.cells[ci.Cells[(i+k-1)%k]]
			c, next := l.cells[ci.Cells[(i+1)%k]], l.cells[ci.Cells[(i+2)%k]]
			ox, oy := a.x-prev.x, a.y-prev.y
			ix, iy := c.x-next.x, c.y-next.y
			on, in := math.Hypot(ox, oy), math.Hypot(ix, iy)
			if on == 0 || in == 0 {
				continue
			}
			reach := math.Hypot(c.x-a.x, c.y-a.y) + unit
			p1x, p1y := a.x+ox/on*reach, a.y+oy/on*reach
			p2x, p2y := c.x+ix/in*reach, c.y+iy/in*reach
			fmt.Fprintf(&extra, `<path class="loop" d="M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f" fill="none" stroke="#555" stroke-width="2"/>`+"\n",
				a.x, a.y, p1x, p1y, p2x, p2y, c.x, c.y)
			grow(p1x*0.75+a.x*0.25, p1y*0.75+a.y*0.25, 0)
			grow(p2x*0.75+c.x*0.25, p2y*0.75+c.y*0.25, 0)
		}
	}
	margin := unit / 2
	vw, vh := maxX-minX+2*margin, maxY-minY+2*margin
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%.1f %.1f %.1f %.1f" width="%.0f" height="%.0f" font-family="sans-serif">`+"\n",
		minX-margin, minY-margin, vw, vh, vw, vh)
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(g.Title()))
	b.WriteString(`<defs><marker id="arrowhead" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#d35400"/></marker></defs>` + "\n")
	b.WriteString(extra.String())
	// lines of a graph board
	for _, seg := range l.lines {
		a, c := l.cells[seg[0]], l.cells[seg[1]]
		fmt.Fprintf(&b, `<line class="edge" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#555" stroke-width="2"/>`+"\n", a.x, a.y, c.x, c.y)
	}
	last := map[int]bool{}
	if o.HasLast {
		if f := o.Last.From(); f >= 0 && f < n {
			last[f] = true
		}
		if t := o.Last.To(); t >= 0 && t < n {
			last[t] = true
		}
	}
	marked := map[int]bool{}
	for _, c := range o.Marks {
		if c >= 0 && c < n {
			marked[c] = true
		}
	}
	dark := g.Display().Dark
	for c, p := range l.cells {
		cell := g.Board().Cells[c]
		fill := "#fdf6e3"
		if d, ok := cell.Attrs[dark].(bool); ok && d && dark != "" {
			fill = "#d9c9a3"
		}
		for _, m := range g.Display().Marks {
			if g.InRegion(m, c) {
				fill = "#f6e0b5"
			}
		}
		if last[c] {
			fill = "#fff3a0"
		}
		fmt.Fprintf(&b, `<g class="cell" id="cell-%s">`, attrEsc(cell.Name))
		switch p.shape {
		case "square":
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" stroke="#777"/>`, p.x-p.w/2, p.y-p.h/2, p.w, p.h, fill)
		case "hex":
			fmt.Fprintf(&b, `<polygon points="%s" fill="%s" stroke="#777"/>`, hexPoints(p.x, p.y, p.w/2), fill)
		case "quad":
			pts := make([]string, len(p.poly))
			for i, q := range p.poly {
				pts[i] = fmt.Sprintf("%.1f,%.1f", q[0], q[1])
			}
			fmt.Fprintf(&b, `<polygon points="%s" fill="%s" stroke="#777"/>`, strings.Join(pts, " "), fill)
		case "pit", "store":
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="%s" stroke="#777"/>`, p.x-p.w/2, p.y-p.h/2, p.w, p.h, math.Min(p.w, p.h)/2, fill)
		default:
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s" stroke="#555"/>`, p.x, p.y, unit/8, fill)
		}
		if marked[c] {
			fmt.Fprintf(&b, `<circle class="mark" cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="#2e86c1" stroke-width="3"/>`, p.x, p.y, unit*0.45)
		}
		b.WriteString("</g>\n")
	}
	b.WriteString(gaps.String())
	for _, lb := range l.labels {
		fmt.Fprintf(&b, `<text class="coord" x="%.1f" y="%.1f" font-size="11" fill="#666" text-anchor="middle" dominant-baseline="middle">%s</text>`+"\n", lb.x, lb.y, html.EscapeString(lb.text))
	}
	// pieces, stones
	for c, p := range l.cells {
		name := attrEsc(g.Board().Cells[c].Name)
		if h := s.Height(c); h > 0 {
			top := s.Top(c)
			k := g.PieceKindOf(top)
			fill := SeatColor(g, k.Owner)
			text := "#202020"
			if luminance(fill) < 0.5 {
				text = "#f5f5f0"
			}
			r := unit * 0.36
			fmt.Fprintf(&b, `<g class="piece" data-cell="%s" data-kind="%s" data-height="%d">`, name, attrEsc(k.Name), h)
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s" stroke="#333" stroke-width="1.5"/>`, p.x, p.y, r, fill)
			glyph := k.Glyph
			if glyph == "" && k.Name != "" {
				glyph = strings.ToUpper(k.Name[:1])
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="14" fill="%s" text-anchor="middle" dominant-baseline="central">%s</text>`, p.x, p.y, text, html.EscapeString(glyph))
			if h > 1 {
				fmt.Fprintf(&b, `<text class="height" x="%.1f" y="%.1f" font-size="10" fill="#c0392b" text-anchor="middle">%d</text>`, p.x+r, p.y-r, h)
			}
			b.WriteString("</g>\n")
		} else if cnt := s.Count(c); cnt > 0 || p.shape == "pit" || p.shape == "store" {
			fmt.Fprintf(&b, `<text class="count" data-cell="%s" x="%.1f" y="%.1f" font-size="16" fill="#202020" text-anchor="middle" dominant-baseline="central">%d</text>`+"\n", name, p.x, p.y, cnt)
		}
	}
	for _, a := range o.Arrows {
		if a[0] < 0 || a[0] >= n || a[1] < 0 || a[1] >= n {
			continue
		}
		p, q := l.cells[a[0]], l.cells[a[1]]
		dx, dy := q.x-p.x, q.y-p.y
		d := math.Hypot(dx, dy)
		if d == 0 {
			continue
		}
		cut := math.Min(unit*0.3, d/3)
		fmt.Fprintf(&b, `<line class="arrow" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#d35400" stroke-width="3" marker-end="url(#arrowhead)"/>`+"\n",
			p.x+dx/d*cut, p.y+dy/d*cut, q.x-dx/d*cut, q.y-dy/d*cut)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// CardTable reports whether position s of g is all in zones: a board of
// one empty cell (or none) in a variant with zones, drawn as a table.
func CardTable(g *core.Game, s *core.State) bool {
	n := g.Board().N()
	return g.HasZones() && (n == 0 || n == 1 && s.Height(0) == 0)
}

// renderTable draws a card game's zones, one row each, as the seat to move
// sees them: the pieces by name (a pile in its order, with who put each),
// or how many lie face down.
func renderTable(w io.Writer, g *core.Game, s *core.State) error {
	rows := strings.Split(strings.TrimSuffix(core.RenderZones(g, s, s.ToMove()), "\n"), "\n")
	const line = 22.0
	width := 0
	for i, r := range rows {
		r = strings.TrimPrefix(r, "zone ")
		if name, n, ok := strings.Cut(r, ": hidden, "); ok {
			r = name + ": " + strings.TrimSuffix(strings.TrimSuffix(n, " pieces"), " piece") + " face down"
			if n == "0 pieces" {
				r = name + ":"
			}
		}
		if strings.HasSuffix(r, ":") {
			r += " -"
		}
		rows[i] = r
		width = max(width, len([]rune(r)))
	}
	vw, vh := float64(width)*8.4+2*unit/2, float64(len(rows))*line+unit
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %.1f %.1f" width="%.0f" height="%.0f" font-family="monospace">`+"\n", vw, vh, vw, vh)
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(g.Title()))
	fmt.Fprintf(&b, `<rect x="0" y="0" width="%.1f" height="%.1f" fill="#2e7d4f" rx="8"/>`+"\n", vw, vh)
	for i, r := range rows {
		fmt.Fprintf(&b, `<text class="zone" x="%.1f" y="%.1f" font-size="14" fill="#f5f5f0" dominant-baseline="middle">%s</text>`+"\n",
			unit/2, unit/2+float64(i)*line+line/2, html.EscapeString(r))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// attrEsc escapes a value for an XML attribute.
func attrEsc(s string) string { return html.EscapeString(s) }

func hexPoints(x, y, r float64) string {
	var pts []string
	for k := 0; k < 6; k++ {
		a := math.Pi/6 + float64(k)*math.Pi/3
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", x+r*math.Cos(a), y+r*math.Sin(a)))
	}
	return strings.Join(pts, " ")
}

// luminance of a #rrggbb colour, 0 (black) to 1 (white).
func luminance(c string) float64 {
	var r, g, b int
	if _, err := fmt.Sscanf(c, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return 1
	}
	return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 255
}

func intOr(m map[string]any, k string) int {
	v, _ := m[k].(int)
	return v
}

func intAttr(m map[string]any, k string) (int, bool) {
	v, ok := m[k].(int)
	return v, ok
}

// layoutOf places every cell of g's board.
func layoutOf(g *core.Game) *layout {
	b := g.Board()
	switch b.Kind {
	case "grid":
		return gridLayout(g)
	case "hex":
		return hexLayout(g)
	case "pits":
		return pitsLayout(g)
	case "faces":
		if l := rosetteLayout(g); l != nil {
			return l
		}
		if l := facesLayout(g); l != nil {
			return l
		}
	}
	return graphLayout(g)
}

func gridLayout(g *core.Game) *layout {
	l := &layout{}
	maxY := 0
	cols, rows := map[int]string{}, map[int]bool{}
	for _, c := range g.Board().Cells {
		y, _ := intAttr(c.Attrs, "y")
		maxY = max(maxY, y)
	}
	for _, c := range g.Board().Cells {
		x, _ := intAttr(c.Attrs, "x")
		y, _ := intAttr(c.Attrs, "y")
		l.cells = append(l.cells, place{x: float64(x) * unit, y: float64(maxY-y) * unit, shape: "square", w: unit, h: unit})
		cols[x] = strings.TrimRight(c.Name, "0123456789")
		rows[y] = true
	}
	for x, name := range cols {
		l.labels = append(l.labels, label{float64(x) * unit, float64(maxY)*unit + unit*0.85, name})
	}
	for y := range rows {
		l.labels = append(l.labels, label{unit * 0.15, float64(maxY-y) * unit, fmt.Sprint(y)})
	}
	sortLabels(l)
	return l
}

func hexLayout(g *core.Game) *layout {
	l := &layout{}
	maxRow := 0
	for _, c := range g.Board().Cells {
		r, _ := intAttr(c.Attrs, "row")
		maxRow = max(maxRow, r)
	}
	dy := unit * math.Sqrt(3) / 2
	rowLeft := map[int]place{}
	for _, c := range g.Board().Cells {
		col, _ := intAttr(c.Attrs, "col")
		row, _ := intAttr(c.Attrs, "row")
		p := place{x: (float64(col) - float64(row)/2) * unit, y: float64(maxRow-row) * dy, shape: "hex", w: unit * 1.15, h: unit * 1.15}
		l.cells = append(l.cells, p)
		if q, ok := rowLeft[row]; !ok || p.x < q.x {
			rowLeft[row] = p
		}
	}
	for row, p := range rowLeft {
		l.labels = append(l.labels, label{p.x - unit*0.85, p.y, fmt.Sprint(row)})
	}
	// a column's letter where its next cell below would be (a column runs
	// up and to the left: (col, row) to (col, row+1))
	lowest := map[int]int{}
	for ci, c := range g.Board().Cells {
		col, _ := intAttr(c.Attrs, "col")
		row, _ := intAttr(c.Attrs, "row")
		if j, ok := lowest[col]; !ok || row < intOr(g.Board().Cells[j].Attrs, "row") {
			lowest[col] = ci
		}
	}
	for _, ci := range lowest {
		p := l.cells[ci]
		name := strings.TrimRight(g.Board().Cells[ci].Name, "0123456789")
		l.labels = append(l.labels, label{p.x + unit*0.5, p.y + dy, name})
	}
	sortLabels(l)
	return l
}

// pitsLayout: the first seat's pits along the bottom, left to right, the
// second seat's along the top, right to left (the sowing track runs
// counterclockwise), each store at its owner's right-hand end.
func pitsLayout(g *core.Game) *layout {
	b := g.Board()
	l := &layout{cells: make([]place, b.N())}
	pits := 0
	for _, c := range b.Cells {
		if i, _ := intAttr(c.Attrs, "index"); i > pits {
			pits = i
		}
	}
	seats := g.NumSeats()
	for ci, c := range b.Cells {
		owner, _ := intAttr(c.Attrs, "owner")
		idx, _ := intAttr(c.Attrs, "index")
		kind, _ := c.Attrs["kind"].(string)
		var p place
		// seat s's row: 0 at the bottom, 1 at the top; more seats stack upward
		rowY := -float64(owner) * unit * 1.2
		if kind == "store" {
			p = place{shape: "store", w: unit * 0.9, h: unit * 2.1}
			p.y = -unit * 0.6
			if owner%2 == 0 {
				p.x = float64(pits+1) * unit
			} else {
				p.x = 0
			}
			if seats > 2 {
				p.y = rowY
			}
		} else {
			p = place{shape: "pit", w: unit * 0.9, h: unit * 0.9, y: rowY}
			p.x = float64(idx) * unit
			if owner%2 == 1 {
				p.x = float64(pits+1-idx) * unit
			}
			if owner >= 2 {
				p.y = -float64(owner) * unit * 1.2
			}
		}
		l.cells[ci] = p
		if kind == "store" {
			l.labels = append(l.labels, label{p.x, p.y + p.h/2 + unit*0.6, c.Name})
		} else if owner%2 == 0 {
			l.labels = append(l.labels, label{p.x, p.y + unit*0.75, c.Name})
		} else {
			l.labels = append(l.labels, label{p.x, p.y - unit*0.75, c.Name})
		}
	}
	sortLabels(l)
	return l
}

// facesLayout unfolds a board of faces around its root face
// ([display] root_face, else the first face): a face meeting the root
// along an axis is folded flat across their common edge. It handles faces
// that lie in the planes of the axes (a cube corner) and returns nil for
// any other.
func facesLayout(g *core.Game) *layout {
	b := g.Board()
	type faceInfo struct {
		axis  int // the axis the face's far corners all share the value of
		plane int
	}
	far := make([][3]int, b.N())
	faceOf := make([]string, b.N())
	byFace := map[string][]int{}
	var order []string
	for c, cell := range b.Cells {
		f, _ := cell.Attrs["face"].(string)
		x, ok1 := intAttr(cell.Attrs, "x")
		y, ok2 := intAttr(cell.Attrs, "y")
		z, ok3 := intAttr(cell.Attrs, "z")
		if !ok1 || !ok2 || !ok3 {
			return nil
		}
		far[c] = [3]int{x, y, z}
		faceOf[c] = f
		if _, ok := byFace[f]; !ok {
			order = append(order, f)
		}
		byFace[f] = append(byFace[f], c)
	}
	info := map[string]faceInfo{}
	for f, cells := range byFace {
		found := false
		for a := 0; a < 3 && !found; a++ {
			same := true
			for _, c := range cells {
				same = same && far[c][a] == far[cells[0]][a]
			}
			if same {
				info[f] = faceInfo{axis: a, plane: far[cells[0]][a]}
				found = true
			}
		}
		if !found {
			return nil
		}
	}
	root := g.Display().RootFace
	if _, ok := byFace[root]; !ok {
		root = order[0]
	}
	n := info[root].axis
	ax := [2]int{(n + 1) % 3, (n + 2) % 3}
	if ax[0] > ax[1] {
		ax[0], ax[1] = ax[1], ax[0]
	}
	// each face's axes U and V (3D, a cell's step in i and j), from two
	// neighbouring cells
	type axes struct{ u, v [3]float64 }
	faceAxes := map[string]axes{}
	for f, cells := range byFace {
		at := map[[2]int]int{}
		for _, c := range cells {
			i, _ := intAttr(b.Cells[c].Attrs, "i")
			j, _ := intAttr(b.Cells[c].Attrs, "j")
			at[[2]int{i, j}] = c
		}
		var ax axes
		gotU, gotV := false, false
		for ij, c := range at {
			if d, ok := at[[2]int{ij[0] + 1, ij[1]}]; ok && !gotU {
				for k := range ax.u {
					ax.u[k] = float64(far[d][k] - far[c][k])
				}
				gotU = true
			}
			if d, ok := at[[2]int{ij[0], ij[1] + 1}]; ok && !gotV {
				for k := range ax.v {
					ax.v[k] = float64(far[d][k] - far[c][k])
				}
				gotV = true
			}
		}
		if !gotU || !gotV {
			return nil
		}
		faceAxes[f] = ax
	}
	l := &layout{cells: make([]place, b.N())}
	for _, f := range order {
		cells := byFace[f]
		fi, fa := info[f], faceAxes[f]
		for _, c := range cells {
			// the centre of the cell's square, in 3D, then folded flat
			var centre [3]float64
			for k := range centre {
				centre[k] = float64(far[c][k]) - (fa.u[k]+fa.v[k])/2
			}
			var p [2]float64
			for k, a := range ax {
				p[k] = centre[a]
				if fi.axis == a && f != root {
					p[k] = float64(fi.plane) - (centre[n] - float64(info[root].plane))
				}
			}
			l.cells[c] = place{x: p[0] * unit, y: -p[1] * unit, shape: "square", w: unit, h: unit}
		}
		// the face's name at its middle
		var sx, sy float64
		for _, c := range cells {
			sx += l.cells[c].x
			sy += l.cells[c].y
		}
		l.labels = append(l.labels, label{sx / float64(len(cells)), sy / float64(len(cells)), "face " + f})
	}
	// two cells in one place: not a shape this unfolding handles
	seen := map[[2]int]bool{}
	for _, p := range l.cells {
		k := [2]int{int(math.Round(p.x)), int(math.Round(p.y))}
		if seen[k] {
			return nil
		}
		seen[k] = true
	}
	return l
}

// graphLayout places points by their x and y attributes when every point
// has them, else on a circle in cell order; the board's lines, or else its
// adjacency, are drawn between them.
func graphLayout(g *core.Game) *layout {
	b := g.Board()
	l := &layout{cells: make([]place, b.N())}
	all := true
	for _, c := range b.Cells {
		_, okx := intAttr(c.Attrs, "x")
		_, oky := intAttr(c.Attrs, "y")
		all = all && okx && oky
	}
	for ci, c := range b.Cells {
		var x, y float64
		if all {
			xi, _ := intAttr(c.Attrs, "x")
			yi, _ := intAttr(c.Attrs, "y")
			x, y = float64(xi)*unit*1.5, -float64(yi)*unit*1.5
		} else {
			a := 2 * math.Pi * float64(ci) / float64(b.N())
			rad := unit * math.Max(2, float64(b.N())/3)
			x, y = rad*math.Sin(a), -rad*math.Cos(a)
		}
		l.cells[ci] = place{x: x, y: y, shape: "point", w: unit * 0.8, h: unit * 0.8}
		l.labels = append(l.labels, label{x + unit*0.45, y - unit*0.45, c.Name})
	}
	seen := map[[2]int]bool{}
	add := func(a, c int) {
		if a > c {
			a, c = c, a
		}
		if a != c && !seen[[2]int{a, c}] {
			seen[[2]int{a, c}] = true
			l.lines = append(l.lines, [2]int{a, c})
		}
	}
	if lines := b.Lines(); len(lines) > 0 {
		for _, ln := range lines {
			for i := 1; i < len(ln.Cells); i++ {
				add(int(ln.Cells[i-1]), int(ln.Cells[i]))
			}
			if ln.Closed && len(ln.Cells) > 2 {
				add(int(ln.Cells[len(ln.Cells)-1]), int(ln.Cells[0]))
			}
		}
	} else {
		for c := range b.Cells {
			for _, d := range b.Adjacent(c) {
				add(c, int(d))
			}
		}
	}
	sort.Slice(l.lines, func(i, j int) bool {
		if l.lines[i][0] != l.lines[j][0] {
			return l.lines[i][0] < l.lines[j][0]
		}
		return l.lines[i][1] < l.lines[j][1]
	})
	return l
}

func sortLabels(l *layout) {
	sort.Slice(l.labels, func(i, j int) bool {
		a, b := l.labels[i], l.labels[j]
		if a.y != b.y {
			return a.y < b.y
		}
		if a.x != b.x {
			return a.x < b.x
		}
		return a.text < b.text
	})
}
