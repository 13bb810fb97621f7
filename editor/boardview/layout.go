package boardview

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"rulesmith/core"
)

// cellBox is where a cell is drawn, relative to the layout's origin.
type cellBox struct {
	x, y, w, h int
	// hitW is the width that answers a mouse click (the drawn width plus
	// any gap up to the next cell); at least w.
	hitW int
	// box: draw a frame round the cell (pits).
	box bool
}

// label is fixed text of a layout: coordinates, face and seat names.
type label struct {
	x, y int
	text string
}

// layout is a board's picture without the position: where each cell and
// label goes. It depends on the game and the room given, never on the state.
type layout struct {
	w, h   int
	cells  []cellBox
	labels []label
	// strokes draw the lines of a board of points and lines; unlike
	// labels they run up to the cells they join.
	strokes []label
	// px, py: the pitch between neighbouring cells, the unit of the
	// cursor's spatial moves.
	px, py float64
	// names: empty cells show their names (when they fit); keepNames: even
	// when targets, marks or shades would show a glyph (graphs).
	names, keepNames bool
	// spill: how far a cell's text may run into the gap after it.
	spill int
	// list: each cell shows its name then its contents (graph lists).
	list bool
	// counts: empty cells show 0 (pits, boxed or not).
	counts bool
	// caption: a caption line (the cursor's cell) goes under the picture.
	caption bool
}

// rotate turns the picture half a turn: every cell and label keeps its
// size and goes to the opposite place.
func (l *layout) rotate() {
	for i, b := range l.cells {
		l.cells[i].x = l.w - b.x - b.w
		l.cells[i].y = l.h - b.y - b.h
	}
	for i, lb := range l.labels {
		l.labels[i].x = max(0, l.w-lb.x-textWidth(lb.text))
		l.labels[i].y = l.h - 1 - lb.y
	}
	for i, st := range l.strokes {
		l.strokes[i].x = l.w - st.x - textWidth(st.text)
		l.strokes[i].y = l.h - 1 - st.y
		if r, ok := halfTurn[st.text]; ok {
			l.strokes[i].text = r
		}
	}
}

// halfTurn maps the stroke characters whose shape a half turn changes.
var halfTurn = map[string]string{"╭": "╯", "╯": "╭", "╮": "╰", "╰": "╮", "├": "┤", "┤": "├", "┬": "┴", "┴": "┬"}

// fits reports whether the layout, and its caption line if any, fit in w×h.
func (l *layout) fits(w, h int) bool {
	capH := 0
	if l.caption {
		capH = 1
	}
	return l.w <= w && l.h+capH <= h
}

// normalize shifts everything so that the top-left corner is (0,0) and
// computes the size.
func (l *layout) normalize() {
	minX, minY := math.MaxInt, math.MaxInt
	maxX, maxY := math.MinInt, math.MinInt
	for _, c := range l.cells {
		minX, minY = min(minX, c.x), min(minY, c.y)
		maxX, maxY = max(maxX, c.x+c.w), max(maxY, c.y+c.h)
	}
	for _, t := range append(l.labels[:len(l.labels):len(l.labels)], l.strokes...) {
		minX, minY = min(minX, t.x), min(minY, t.y)
		maxX, maxY = max(maxX, t.x+textWidth(t.text)), max(maxY, t.y+1)
	}
	if minX == math.MaxInt {
		l.w, l.h = 0, 0
		return
	}
	for i := range l.cells {
		l.cells[i].x -= minX
		l.cells[i].y -= minY
	}
	for i := range l.labels {
		l.labels[i].x -= minX
		l.labels[i].y -= minY
	}
	for i := range l.strokes {
		l.strokes[i].x -= minX
		l.strokes[i].y -= minY
	}
	l.w, l.h = maxX-minX, maxY-minY
}

// boardLayout is how the view draws one kind of board ([board] kind): its
// candidate layouts from the roomiest to the most compact, and hints.
type boardLayout struct {
	// candidates build layouts with or without their optional labels (the
	// faces' names); a candidate returns nil when it cannot draw the board.
	candidates func(g *core.Game, w, h int, wide bool) []func(labels bool) *layout
	// dropLabels: the optional labels go before a more compact candidate.
	dropLabels bool
	// checker: without [display] dark, cells are shaded as a checkerboard.
	checker bool
	// counts: an empty cell's caption shows a count of 0 (pits).
	counts bool
}

// boardLayouts holds the layouts by board kind; a kind without one (graph)
// is drawn from its lines' sketch, its cells' x and y, or as a list.
var boardLayouts = map[string]*boardLayout{
	"pits": {counts: true, candidates: func(g *core.Game, _, _ int, _ bool) []func(bool) *layout {
		var cands []func(bool) *layout
		for _, s := range []struct{ bw, bh, gap int }{
			{9, 5, 1}, {7, 3, 1}, {6, 3, 1}, {5, 3, 1}, {4, 3, 1}, {4, 3, 0},
			{3, 1, 1}, {3, 1, 0}, // counts without boxes
		} {
			cands = append(cands, func(bool) *layout { return pitsLayout(g, s.bw, s.bh, s.gap) })
		}
		return cands
	}},
	"hex": {candidates: func(g *core.Game, _, _ int, _ bool) []func(bool) *layout {
		var cands []func(bool) *layout
		for _, o := range []struct {
			ch, letterX int
			rowNums     bool
		}{{2, 1, true}, {2, 0, true}, {1, 1, true}, {1, 0, true}, {2, 1, false}, {1, 1, false}} {
			cands = append(cands, func(bool) *layout { return hexLayout(g, o.ch, o.letterX, o.rowNums) })
		}
		// a wide board (a star): one character per cell
		cands = append(cands, func(bool) *layout { return hexLayoutPitch(g, 1, 0, true, 1) },
			func(bool) *layout { return hexLayoutPitch(g, 1, 0, false, 1) })
		return cands
	}},
	"faces": {dropLabels: true, candidates: func(g *core.Game, _, _ int, wide bool) []func(bool) *layout {
		var cands []func(bool) *layout
		// faces round one corner (a saddle): a fan round it, when it is one
		for _, s := range []struct {
			cw, ch int
			names  bool
		}{{4, 2, true}, {4, 1, true}, {3, 1, false}, {2, 1, false}} {
			cands = append(cands, func(labels bool) *layout {
				if s.ch > 1 && !labels { // rows of two only with room to spare
					return nil
				}
				return rosetteLayout(g, s.cw, s.ch, s.names, labels)
			})
		}
		if wide {
			cands = append(cands,
				func(labels bool) *layout { return facesLayout(g, 4, 2, true, labels) },
				func(labels bool) *layout { return facesLayout(g, 4, 1, true, labels) })
		}
		return append(cands,
			func(labels bool) *layout { return facesLayout(g, 3, 1, false, labels) },
			func(labels bool) *layout { return facesLayout(g, 2, 1, false, labels) })
	}},
	"grid": {checker: true, candidates: func(g *core.Game, _, _ int, _ bool) []func(bool) *layout {
		var cands []func(bool) *layout
		if len(g.Board().Circuits()) > 0 { // the loops round the outside, when they fit
			for _, s := range [][2]int{{5, 2}, {4, 2}, {4, 1}, {3, 1}} {
				cands = append(cands, func(bool) *layout { return gridLoopsLayout(g, s[0], s[1]) })
			}
		}
		for _, s := range [][2]int{{5, 2}, {4, 2}, {4, 1}, {3, 1}, {2, 1}} {
			cands = append(cands, func(bool) *layout { return gridLayout(g, s[0], s[1]) })
		}
		return cands
	}},
}

// anyBoard draws a board of a kind without its own layout.
var anyBoard = &boardLayout{candidates: func(g *core.Game, w, h int, _ bool) []func(bool) *layout {
	var cands []func(bool) *layout
	for _, s := range [][2]int{{6, 2}, {4, 2}, {3, 2}, {2, 1}} {
		if _, ok := g.Board().LineSketch(s[0], s[1]); ok {
			cands = append(cands, func(labels bool) *layout { return sketchLayout(g, s[0], s[1], labels) })
		}
	}
	if hasXY(g) {
		fw := graphCellWidth(g)
		cands = append(cands, func(bool) *layout { return graphLayout(g, w, h, false, fw, 1) },
			func(bool) *layout { return graphLayout(g, w, h, true, fw, 1) })
		// narrower: the width most names fit (a few long names, a start
		// or a home, show in the caption), then two characters with no
		// gap (a glyph and a stack's height), then one
		if n := graphNameWidth(g); n < fw {
			cands = append(cands, func(bool) *layout { return graphLayout(g, w, h, true, n, 1) })
		}
		cands = append(cands, func(bool) *layout { return graphLayout(g, w, h, true, 2, 0) },
			func(bool) *layout { return graphLayout(g, w, h, true, 1, 1) })
		// too tall for the pane: the compact picture scrolls rather than
		// turning into a list (the list stays for cells sharing a spot)
		return cands
	}
	return append(cands, func(bool) *layout { return listLayout(g, h) })
}}

// layoutFor returns the layout of g's board kind.
func layoutFor(g *core.Game) *boardLayout {
	if l, ok := boardLayouts[g.Board().Kind]; ok {
		return l
	}
	return anyBoard
}

// buildLayout picks the roomiest layout of g's board that fits w×h; wide
// reports a terminal at least 120 columns wide. The candidates run from the
// roomiest to the most compact; each is tried whole, then without its face
// labels, then without the caption line, before the next one: the caption
// never shares a row with cells. When nothing fits it returns the most
// compact candidate without face labels, with a caption when h allows, and
// the view scrolls it.
func buildLayout(g *core.Game, w, h int, wide bool) *layout {
	// a candidate builds a layout with or without its optional labels (the
	// faces' names); nil when it cannot draw the board
	kind := layoutFor(g)
	cands, dropLabels := kind.candidates(g, w, h, wide), kind.dropLabels
	tries := []struct{ labels, caption bool }{{true, true}, {false, true}, {false, false}}
	if !dropLabels {
		tries = []struct{ labels, caption bool }{{true, true}, {true, false}}
	}
	var last func(bool) *layout
	for _, f := range cands {
		for _, t := range tries {
			l := f(t.labels)
			if l == nil {
				break
			}
			last = f
			l.caption = t.caption
			if l.fits(w, h) {
				return l
			}
		}
	}
	var l *layout
	if last != nil {
		l = last(!dropLabels)
	}
	if l == nil {
		l = listLayout(g, h)
	}
	// scrolled: the caption takes the last row when a row of the board is
	// left above it
	l.caption = h >= 3
	return l
}

func intAttr(attrs map[string]any, key string) (int, bool) {
	switch v := attrs[key].(type) {
	case int:
		return v, true
	case int64:
		return int(v), true
	case float64:
		return int(math.Floor(v)), true
	}
	return 0, false
}

func floatAttr(attrs map[string]any, key string) (float64, bool) {
	switch v := attrs[key].(type) {
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}

func textWidth(s string) int { return len([]rune(s)) }

// pitsLayout draws each pit as a bw×bh box, gap columns apart; boxes need
// bw ≥ 4 and bh ≥ 3, smaller pits show their counts without a frame. With
// two seats: seat 1's pits on top from right to left, seat 0's below from
// left to right, seat 1's store on the left and seat 0's on the right (on a
// row between the pits' when unboxed), bowl numbers over and under.
func pitsLayout(g *core.Game, bw, bh, gap int) *layout {
	b := g.Board()
	pitch := bw + gap
	l := &layout{cells: make([]cellBox, b.N()), px: float64(pitch), py: float64(bh), counts: true}
	framed := bw >= 4 && bh >= 3
	seats := g.NumSeats()
	pits := make([][]int, seats)
	stores := make([][]int, seats)
	for c, cell := range b.Cells {
		o, ok := intAttr(cell.Attrs, "owner")
		if !ok || o < 0 || o >= seats {
			o = 0
		}
		if k, _ := cell.Attrs["kind"].(string); k == "store" {
			stores[o] = append(stores[o], c)
		} else {
			pits[o] = append(pits[o], c)
		}
	}
	index := func(c int) int {
		if i, ok := intAttr(b.Cells[c].Attrs, "index"); ok {
			return i
		}
		return c
	}
	for s := range pits {
		sort.SliceStable(pits[s], func(i, j int) bool { return index(pits[s][i]) < index(pits[s][j]) })
	}
	box := func(col, y, h int) cellBox {
		return cellBox{x: col * pitch, y: y, w: bw, h: h, hitW: bw, box: framed}
	}
	centre := func(col int, text string) int { return col*pitch + (bw-textWidth(text))/2 }
	hasStores := false
	for _, st := range stores {
		hasStores = hasStores || len(st) > 0
	}
	if seats == 2 {
		n := max(len(pits[0]), len(pits[1]))
		off := 0
		if hasStores {
			off = 1
		}
		cols := n + 2*off
		width := cols*pitch - gap
		title := func(s, y int) {
			t := g.SeatTitle(s)
			l.labels = append(l.labels, label{x: (width - textWidth(t)) / 2, y: y, text: t})
		}
		// boxed stores span both rows of pits; without boxes they take a
		// row of their own between them, where a count cannot be taken for
		// a pit's
		rowN, rowS, storeY, band := 2, 2+bh, 2, 2*bh
		if !framed {
			band = max(1, len(stores[0]), len(stores[1]))
			storeY, rowS = rowN+bh, rowN+bh+band
		}
		title(1, 0)
		for k, c := range pits[1] {
			col := off + n - 1 - k
			l.cells[c] = box(col, rowN, bh)
			num := strconv.Itoa(index(c))
			l.labels = append(l.labels, label{x: centre(col, num), y: rowN - 1, text: num})
		}
		for k, c := range pits[0] {
			col := off + k
			l.cells[c] = box(col, rowS, bh)
			num := strconv.Itoa(index(c))
			l.labels = append(l.labels, label{x: centre(col, num), y: rowS + bh, text: num})
		}
		// a seat's second store, if any, stacks under its first
		for i, c := range stores[1] {
			hh := band / len(stores[1])
			l.cells[c] = box(0, storeY+i*hh, hh)
		}
		for i, c := range stores[0] {
			hh := band / len(stores[0])
			l.cells[c] = box(cols-1, storeY+i*hh, hh)
		}
		title(0, rowS+bh+1)
		l.normalize()
		return l
	}
	// any other number of seats: one row per seat, pits then store
	y := 0
	for s := 0; s < seats; s++ {
		l.labels = append(l.labels, label{x: 0, y: y, text: g.SeatTitle(s)})
		col := 0
		for _, c := range pits[s] {
			l.cells[c] = box(col, y+1, bh)
			col++
		}
		for _, c := range stores[s] {
			l.cells[c] = box(col, y+1, bh)
			col++
		}
		y += bh + 1
	}
	l.normalize()
	return l
}

// splitName splits a cell name like "k3" into its letters and digits.
func splitName(name string) (letters, digits string) {
	i := strings.IndexAny(name, "0123456789")
	if i < 0 {
		return name, ""
	}
	return name[:i], name[i:]
}

// hexLayout draws a hex board in offset rows, the highest row on top, each
// cell 4 columns wide: cell (col,row) sits at x = (2·col − row)·2. Column
// letters run below each column's lowest cell (columns are the up-left
// diagonals), row numbers (when rowNums is set) left of each row, a blank
// column before the row's first cell. letterX places the letters within
// their slot (1: under the gap between cells).
func hexLayout(g *core.Game, ch, letterX int, rowNums bool) *layout {
	return hexLayoutPitch(g, ch, letterX, rowNums, 2)
}

// hexLayoutPitch draws a hex board with each column pitch×2 characters
// right of the one before and each row pitch characters left of the one
// below: pitch 2 gives cells three wide (DVONN), pitch 1 one wide, for a
// wide board such as a star. A column letter goes under the lowest cell of
// its column, or, where that spot is taken (a star's points), one further
// along the column, or is left out; the caption names the cursor's cell.
func hexLayoutPitch(g *core.Game, ch, letterX int, rowNums bool, pitch int) *layout {
	b := g.Board()
	cw := 3
	if pitch == 1 {
		cw = 1
	}
	l := &layout{cells: make([]cellBox, b.N()), px: float64(2 * pitch), py: float64(ch), spill: 1}
	if pitch == 1 {
		l.spill = 0
	}
	maxRow := 0
	type pos struct{ col, row int }
	at := make([]pos, b.N())
	for c, cell := range b.Cells {
		col, _ := intAttr(cell.Attrs, "col")
		row, _ := intAttr(cell.Attrs, "row")
		at[c] = pos{col - 1, row - 1}
		maxRow = max(maxRow, row-1)
	}
	xy := func(col, row int) (int, int) { return (2*col - row) * pitch, (maxRow - row) * ch }
	firstInRow := map[int]int{}
	lowestInCol := map[int]int{}
	// taken marks the characters of each line that cells and labels use,
	// with a blank on each side
	taken := map[[2]int]bool{}
	take := func(x, y, w int) {
		for i := x - 1; i <= x+w; i++ {
			taken[[2]int{i, y}] = true
		}
	}
	free := func(x, y, w int) bool {
		for i := x; i < x+w; i++ {
			if taken[[2]int{i, y}] {
				return false
			}
		}
		return true
	}
	for c, p := range at {
		x, y := xy(p.col, p.row)
		l.cells[c] = cellBox{x: x, y: y, w: cw, h: 1, hitW: 2 * pitch}
		take(x, y, cw)
		if f, ok := firstInRow[p.row]; !ok || p.col < at[f].col {
			firstInRow[p.row] = c
		}
		if f, ok := lowestInCol[p.col]; !ok || p.row < at[f].row {
			lowestInCol[p.col] = c
		}
	}
	if rowNums {
		for _, c := range firstInRow {
			_, digits := splitName(b.Cells[c].Name)
			x, y := xy(at[c].col, at[c].row)
			// a blank column between the number and the cell's text
			x -= 1 + textWidth(digits)
			l.labels = append(l.labels, label{x: x, y: y, text: digits})
			take(x, y, textWidth(digits))
		}
	}
	cols := make([]int, 0, len(lowestInCol))
	for col := range lowestInCol {
		cols = append(cols, col)
	}
	sort.Ints(cols)
	for _, col := range cols {
		c := lowestInCol[col]
		letters, _ := splitName(b.Cells[c].Name)
		w := textWidth(letters)
	place:
		for down := 1; down <= 2; down++ {
			for _, dx := range []int{letterX, 1 - letterX} {
				x, y := xy(at[c].col, at[c].row-down)
				x += dx
				if pitch == 1 && y > maxRow*ch {
					break place // the compact picture adds no line for a letter
				}
				if free(x, y, w) {
					l.labels = append(l.labels, label{x: x, y: y, text: letters})
					take(x, y, w)
					break place
				}
			}
		}
	}
	sortLabels(l.labels)
	l.normalize()
	return l
}

func sortLabels(ls []label) {
	sort.Slice(ls, func(i, j int) bool {
		if ls[i].y != ls[j].y {
			return ls[i].y < ls[j].y
		}
		return ls[i].x < ls[j].x
	})
}

// gridLayout draws a rectangular board, row 1 at the bottom, with row
// numbers on the left and column letters below.
func gridLayout(g *core.Game, cw, ch int) *layout {
	b := g.Board()
	l := &layout{cells: make([]cellBox, b.N()), px: float64(cw), py: float64(ch)}
	maxRow := 0
	for _, cell := range b.Cells {
		r, _ := intAttr(cell.Attrs, "row")
		maxRow = max(maxRow, r)
	}
	lw := len(strconv.Itoa(maxRow)) + 1
	// [display] gap_after_rows: a gap line between row g and row g+1 (a
	// river), drawn on the blank line between them; when rows are one line
	// apart, every row at or below g moves down one line to make room
	gaps := g.Display().GapAfterRows
	below := func(row int) int {
		n := 0
		for _, gr := range gaps {
			if gr >= row && gr < maxRow && ch == 1 {
				n++
			}
		}
		return n
	}
	maxCol := 0
	for _, cell := range b.Cells {
		col, _ := intAttr(cell.Attrs, "col")
		maxCol = max(maxCol, col)
	}
	for _, gr := range gaps {
		if gr >= 1 && gr < maxRow {
			y := (maxRow-gr)*ch + below(gr) - 1
			l.labels = append(l.labels, label{x: lw, y: y, text: strings.Repeat("~", maxCol*cw)})
		}
	}
	seenRow, seenCol := map[int]bool{}, map[int]bool{}
	for c, cell := range b.Cells {
		col, _ := intAttr(cell.Attrs, "col")
		row, _ := intAttr(cell.Attrs, "row")
		x, y := lw+(col-1)*cw, (maxRow-row)*ch+below(row)
		l.cells[c] = cellBox{x: x, y: y, w: cw, h: ch, hitW: cw}
		if ch > 1 && slices.Contains(gaps, row-1) {
			l.cells[c].h = ch - 1 // the gap line is drawn on its last line
		}
		letters, digits := splitName(cell.Name)
		if !seenRow[row] {
			seenRow[row] = true
			l.labels = append(l.labels, label{x: lw - 1 - textWidth(digits), y: y + (ch-1)/2, text: digits})
		}
		if !seenCol[col] {
			seenCol[col] = true
			l.labels = append(l.labels, label{x: x + (cw-textWidth(letters))/2, y: maxRow*ch + below(0), text: letters})
		}
	}
	sortLabels(l.labels)
	l.normalize()
	return l
}

// gridLoopsLayout is gridLayout with the loops of the board's circuits
// drawn round the outside (board.LoopArcs), the rank numbers left of them
// and the file letters under them; nil when the loops cannot be drawn.
func gridLoopsLayout(g *core.Game, cw, ch int) *layout {
	b := g.Board()
	l := &layout{cells: make([]cellBox, b.N()), px: float64(cw), py: float64(ch)}
	maxRow := 0
	for _, cell := range b.Cells {
		r, _ := intAttr(cell.Attrs, "row")
		maxRow = max(maxRow, r)
	}
	at := make([][2]int, b.N())
	for c, cell := range b.Cells {
		col, _ := intAttr(cell.Attrs, "col")
		row, _ := intAttr(cell.Attrs, "row")
		// a cell is its glyph, so that the loops run up to it
		x, y := (col-1)*cw, (maxRow-row)*ch
		l.cells[c] = cellBox{x: x, y: y, w: 1, h: 1, hitW: 1}
		at[c] = [2]int{x, y}
	}
	strokes := b.LoopArcs(at, 3, 1, 2, 1)
	if len(strokes) == 0 {
		return nil
	}
	minX, maxY := 0, 0
	for _, st := range strokes {
		minX, maxY = min(minX, st.X), max(maxY, st.Y)
		l.strokes = append(l.strokes, label{x: st.X, y: st.Y, text: string(st.Ch)})
	}
	seenRow, seenCol := map[int]bool{}, map[int]bool{}
	for c, cell := range b.Cells {
		letters, digits := splitName(cell.Name)
		if y := at[c][1]; !seenRow[y] {
			seenRow[y] = true
			l.labels = append(l.labels, label{x: minX - 2 - textWidth(digits), y: y, text: digits})
		}
		if x := at[c][0]; !seenCol[x] {
			seenCol[x] = true
			l.labels = append(l.labels, label{x: x - (textWidth(letters)-1)/2, y: maxY + 1, text: letters})
		}
	}
	sortLabels(l.labels)
	l.normalize()
	return l
}

func hasXY(g *core.Game) bool {
	for _, cell := range g.Board().Cells {
		_, okx := floatAttr(cell.Attrs, "x")
		_, oky := floatAttr(cell.Attrs, "y")
		if !okx || !oky {
			return false
		}
	}
	return g.Board().N() > 0
}

// graphLayout places graph cells by their x,y attributes (y up), scaled to
// fit w×h, or by the rank of their coordinates when ranks is set (or when
// scaling would put two cells on one spot). It returns nil when two cells
// share their coordinates.
func graphLayout(g *core.Game, w, h int, ranks bool, fw, gap int) *layout {
	b := g.Board()
	xs := make([]float64, b.N())
	ys := make([]float64, b.N())
	for c, cell := range b.Cells {
		xs[c], _ = floatAttr(cell.Attrs, "x")
		ys[c], _ = floatAttr(cell.Attrs, "y")
	}
	rank := func(v []float64) ([]int, int) {
		u := append([]float64(nil), v...)
		sort.Float64s(u)
		u = compact(u)
		out := make([]int, len(v))
		for i, x := range v {
			out[i] = sort.SearchFloat64s(u, x)
		}
		return out, len(u)
	}
	var cols, rows []int
	var nrow int
	if ranks {
		cols, _ = rank(xs)
		rows, nrow = rank(ys)
	} else {
		scale := func(v []float64, n int) []int {
			lo, hi := v[0], v[0]
			for _, x := range v {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
			out := make([]int, len(v))
			for i, x := range v {
				if hi > lo {
					out[i] = int(math.Round((x - lo) / (hi - lo) * float64(n-1)))
				}
			}
			return out
		}
		ncol := max(1, (w+gap)/(fw+gap))
		nrow = max(1, min((h-1+1)/2, h-1))
		cols, rows = scale(xs, ncol), scale(ys, nrow)
	}
	seen := map[[2]int]bool{}
	for c := range b.Cells {
		k := [2]int{cols[c], rows[c]}
		if seen[k] {
			return nil
		}
		seen[k] = true
	}
	ch := 1
	if ranks && 2*nrow <= h-1 {
		ch = 2
	}
	// names only where they can be read: a gap between cells
	l := &layout{cells: make([]cellBox, b.N()), px: float64(fw + gap), py: float64(ch), names: gap > 0 && fw > 1, keepNames: gap > 0 && fw > 1}
	for c := range b.Cells {
		l.cells[c] = cellBox{x: cols[c] * (fw + gap), y: (nrow - 1 - rows[c]) * ch, w: fw, h: 1, hitW: fw + gap}
	}
	l.normalize()
	return l
}

// graphCellWidth is the width of a graph board's cells: its longest name
// (3 to 8 characters).
func graphCellWidth(g *core.Game) int {
	fw := 3
	for _, cell := range g.Board().Cells {
		fw = max(fw, min(textWidth(cell.Name), 8))
	}
	return fw
}

// graphNameWidth is the width nine names in ten fit (at least 2): a board
// with a few long names (a start, a home) need not be drawn as wide.
func graphNameWidth(g *core.Game) int {
	var ws []int
	for _, cell := range g.Board().Cells {
		ws = append(ws, min(textWidth(cell.Name), 8))
	}
	sort.Ints(ws)
	return max(2, ws[len(ws)*9/10])
}

func compact(u []float64) []float64 {
	out := u[:0]
	for i, x := range u {
		if i == 0 || x != u[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// listLayout lists the cells, name then contents, in columns of h-1 rows.
func listLayout(g *core.Game, h int) *layout {
	b := g.Board()
	nw := 1
	for _, cell := range b.Cells {
		nw = max(nw, textWidth(cell.Name))
	}
	fw := nw + 1 + 6
	rows := max(1, h-1)
	l := &layout{cells: make([]cellBox, b.N()), px: float64(fw + 2), py: 1, list: true}
	for c := range b.Cells {
		l.cells[c] = cellBox{x: (c / rows) * (fw + 2), y: c % rows, w: fw, h: 1, hitW: fw + 2}
	}
	l.normalize()
	return l
}

// sketchLayout draws a board of points and lines (board.LineSketch): each
// point one character, the lines between them as labels, and, with labels,
// the column letters below and the row numbers on the left of points named
// like grid cells.
func sketchLayout(g *core.Game, sx, sy int, labels bool) *layout {
	sk, ok := g.Board().LineSketch(sx, sy)
	if !ok {
		return nil
	}
	const left = 3 // room for the row numbers
	l := &layout{cells: make([]cellBox, g.Board().N()), px: float64(sx), py: float64(sy)}
	for c, p := range sk.At {
		l.cells[c] = cellBox{x: left + p[0], y: p[1], w: 1, h: 1, hitW: 1}
	}
	for _, st := range sk.Strokes {
		l.strokes = append(l.strokes, label{x: left + st.X, y: st.Y, text: string(st.Ch)})
	}
	if labels {
		cols, rows := map[int]string{}, map[int]string{}
		for c, cell := range g.Board().Cells {
			name := cell.Name
			i := strings.IndexAny(name, "0123456789")
			if i <= 0 {
				continue
			}
			cols[sk.At[c][0]], rows[sk.At[c][1]] = name[:i], name[i:]
		}
		for x, t := range cols {
			l.labels = append(l.labels, label{x: left + x, y: sk.H, text: t})
		}
		for y, t := range rows {
			l.labels = append(l.labels, label{x: left - 1 - textWidth(t), y: y, text: t})
		}
	}
	l.normalize()
	return l
}
