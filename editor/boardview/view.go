package boardview

import (
	"math"
	"strconv"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"rulesmith/core"
)

// View is a tview primitive that draws a position as a picture of its board
// and lets the user point at cells with the keyboard (arrow keys, h/j/k/l,
// Enter) and the mouse (left click). Its layout follows the board's kind:
// two rows of pits, offset hex rows, a grid, faces unfolded round a root
// face, or a graph placed by its x,y attributes.
//
// Like every widget, a View belongs to the event loop: call its methods from
// there only (tview.Application.QueueUpdateDraw from other goroutines).
type View struct {
	*tview.Box

	game  *core.Game
	state *core.State

	cursor   int
	selected int
	targets  map[int]bool
	path     map[int]bool
	lastFrom int
	lastTo   int
	mono     bool
	onSelect func(cell int)

	// per game: cells shaded by Display.Dark and marked by Display.Marks
	dark   []bool
	marked []bool
	// the regions marking each cell, for the caption
	markNames [][]string

	// layout cache and where the last Draw put it
	lay          *layout
	layW, layH   int
	layWide      bool
	layFlip      bool
	flipped      bool
	screenW      int
	orgX, orgY   int
	scrollX      int
	scrollY      int
	boardH       int // rows the board may take: above the caption
	captionY     int // the caption's row; past the view without one
	placed       bool
	lastInnerW   int
	lastInnerH   int
	lastInnerX   int
	lastInnerY   int
	shadeSeat    []int
	shadeEnabled bool

	// whose view a card table shows (SetViewer)
	viewer, bottom int
}

// New returns an empty View; SetPosition gives it something to draw.
func New() *View {
	return &View{Box: tview.NewBox(), selected: -1, lastFrom: -1, lastTo: -1, targets: map[int]bool{}, viewer: -1}
}

// SetPosition makes the view draw state s of game g. The view keeps both
// pointers and reads them at every Draw; call SetPosition again (from the
// event loop) after changing either.
func (v *View) SetPosition(g *core.Game, s *core.State) {
	if g != v.game {
		v.game = g
		v.lay = nil
		v.placed = false
		v.scrollX, v.scrollY = 0, 0
		v.dark, v.marked, v.markNames = nil, nil, nil
		if g != nil {
			n := g.Board().N()
			v.dark = make([]bool, n)
			v.marked = make([]bool, n)
			v.markNames = make([][]string, n)
			for c, cell := range g.Board().Cells {
				if g.Display().Dark != "" {
					v.dark[c], _ = cell.Attrs[g.Display().Dark].(bool)
				} else if layoutFor(g).checker {
					col, _ := intAttr(cell.Attrs, "col")
					row, _ := intAttr(cell.Attrs, "row")
					v.dark[c] = (col+row)%2 == 0
				}
			}
			for _, m := range g.Display().Marks {
				for c := 0; c < n; c++ {
					if g.InRegion(m, c) {
						v.marked[c] = true
						v.markNames[c] = append(v.markNames[c], m)
					}
				}
			}
		}
	}
	v.state = s
	n := v.cells()
	if v.cursor >= n {
		v.cursor = 0
	}
	if v.selected >= n {
		v.selected = -1
	}
	for c := range v.targets {
		if c >= n {
			delete(v.targets, c)
		}
	}
}

func (v *View) cells() int {
	if v.game == nil {
		return 0
	}
	return v.game.Board().N()
}

// SetCursor moves the cursor to a cell (ignored when out of range).
func (v *View) SetCursor(cell int) {
	if cell >= 0 && cell < v.cells() {
		v.cursor = cell
	}
}

// Cursor returns the cell under the cursor.
func (v *View) Cursor() int { return v.cursor }

// SetSelected marks the cell of the piece picked up; -1 for none.
func (v *View) SetSelected(cell int) {
	if cell < 0 || cell >= v.cells() {
		cell = -1
	}
	v.selected = cell
}

// SetTargets highlights the cells a move may go to (legal targets).
func (v *View) SetTargets(cells []int) {
	v.targets = make(map[int]bool, len(cells))
	for _, c := range cells {
		v.targets[c] = true
	}
}

// SetPath marks the landings of a move being built hop by hop (a chain):
// cells after the first of cells, drawn like the selected cell, an empty
// one with a ring.
func (v *View) SetPath(cells []int) {
	v.path = make(map[int]bool, len(cells))
	for i, c := range cells {
		if i > 0 {
			v.path[c] = true
		}
	}
}

// SetLastMove highlights the origin and target of the last move; -1 when
// unknown. Without a target, the state's LastTarget is highlighted.
func (v *View) SetLastMove(from, to int) { v.lastFrom, v.lastTo = from, to }

// SetFlipped turns the board's picture half a turn (the other side of the
// table sits at the bottom), or back.
func (v *View) SetFlipped(on bool) { v.flipped = on }

// Flipped reports whether the picture is turned.
func (v *View) Flipped() bool { return v.flipped }

// SetMonochrome switches colours off (for NO_COLOR): cells are then told
// apart by glyphs and by bold, underline and reverse only. It also resets
// the box's background, border and title colours (to the terminal's default
// when on, to tview.Styles when off).
func (v *View) SetMonochrome(on bool) {
	v.mono = on
	if on {
		v.SetBackgroundColor(tcell.ColorDefault)
		v.SetBorderStyle(tcell.StyleDefault)
		v.SetTitleColor(tcell.ColorDefault)
		return
	}
	v.SetBackgroundColor(tview.Styles.PrimitiveBackgroundColor)
	v.SetBorderStyle(tcell.StyleDefault.Foreground(tview.Styles.BorderColor).Background(tview.Styles.PrimitiveBackgroundColor))
	v.SetTitleColor(tview.Styles.TitleColor)
}

// SetSelectedFunc sets the function called with the cursor's cell on Enter,
// and with the clicked cell on a left click.
func (v *View) SetSelectedFunc(f func(cell int)) { v.onSelect = f }

// currentLayout returns the layout for the room of the last Draw (or of the
// box's inner rectangle, or 44×20, before any).
func (v *View) currentLayout() *layout {
	if v.game == nil {
		return nil
	}
	if v.placed && v.lay != nil {
		return v.lay
	}
	x, y, w, h := v.GetInnerRect()
	if w <= 0 || h <= 0 {
		x, y, w, h = 0, 0, 44, 20
	}
	v.place(x, y, w, h)
	return v.lay
}

// place computes the layout for an inner rectangle and where it goes:
// centred when it fits, else scrolled so that the cursor shows. The caption
// line, if any, goes under the picture, or on the last row when the picture
// scrolls; the board is clipped above it.
func (v *View) place(x, y, w, h int) {
	wide := v.screenW >= 120
	if v.lay == nil || v.layW != w || v.layH != h || v.layWide != wide || v.layFlip != v.flipped {
		v.lay = buildLayout(v.game, w, h, wide)
		if v.flipped {
			v.lay.rotate()
		}
		v.layW, v.layH, v.layWide, v.layFlip = w, h, wide, v.flipped
	}
	l := v.lay
	avail := h
	if l.caption {
		avail = max(1, h-1)
	}
	cb := l.cells[v.cursor]
	scroll := func(size, room, pos, ext int, cur *int) int {
		if size <= room {
			*cur = 0
			return (room - size) / 2
		}
		if pos < *cur {
			*cur = pos
		}
		if pos+ext > *cur+room {
			*cur = pos + ext - room
		}
		*cur = max(0, min(*cur, size-room))
		return -*cur
	}
	v.orgX = x + scroll(l.w, w, cb.x, cb.w, &v.scrollX)
	v.orgY = y + scroll(l.h, avail, cb.y, cb.h, &v.scrollY)
	v.boardH = avail
	v.captionY = y + h
	if l.caption {
		v.captionY = min(v.orgY+l.h, y+avail)
	}
	v.lastInnerX, v.lastInnerY, v.lastInnerW, v.lastInnerH = x, y, w, h
	v.placed = true
}

// Draw draws the board.
func (v *View) Draw(screen tcell.Screen) {
	v.DrawForSubclass(screen, v)
	if v.game == nil || v.state == nil {
		return
	}
	v.screenW, _ = screen.Size()
	x, y, w, h := v.GetInnerRect()
	if w <= 0 || h <= 0 {
		return
	}
	if IsCardTable(v.game) {
		v.place(x, y, w, h) // the cursor and clicks still address the board's cells
		v.drawTable(screen, x, y, w, h)
		return
	}
	v.place(x, y, w, h)
	l := v.lay
	clip := func(bottom int) func(px, py int, text string, st tcell.Style) {
		return func(px, py int, text string, st tcell.Style) {
			if py < y || py >= bottom {
				return
			}
			for _, r := range text {
				if px >= x && px < x+w {
					screen.SetContent(px, py, r, nil, st)
				}
				px++
			}
		}
	}
	put := clip(y + v.boardH) // the board never reaches the caption's row
	for _, t := range l.labels {
		put(v.orgX+t.x, v.orgY+t.y, t.text, v.labelStyle())
	}
	for _, t := range l.strokes {
		put(v.orgX+t.x, v.orgY+t.y, t.text, v.labelStyle())
	}
	v.computeShade()
	for c := range l.cells {
		v.drawCell(put, l, c)
	}
	if l.caption {
		v.drawCaption(clip(y+h), x, w)
	}
}

// computeShade finds the cells related by Display.Shade to an occupied
// cell, and whose pieces cast the shade (-2 when several seats do).
func (v *View) computeShade() {
	g, s := v.game, v.state
	n := g.Board().N()
	if len(v.shadeSeat) != n {
		v.shadeSeat = make([]int, n)
	}
	for i := range v.shadeSeat {
		v.shadeSeat[i] = -3
	}
	rel, ok := g.Board().Relation(g.Display().Shade)
	v.shadeEnabled = ok && g.Display().Shade != ""
	if !v.shadeEnabled {
		return
	}
	for c := 0; c < n; c++ {
		if s.Height(c) == 0 && s.Count(c) == 0 {
			continue
		}
		owner := s.Owner(c)
		for _, x := range rel.Of(c) {
			switch v.shadeSeat[x] {
			case -3, owner:
				v.shadeSeat[x] = owner
			default:
				v.shadeSeat[x] = -2
			}
		}
	}
}

func (v *View) shaded(c int) bool { return v.shadeEnabled && v.shadeSeat[c] != -3 }

// lastCells returns the last move's origin and target.
func (v *View) lastCells() (from, to int) {
	from, to = v.lastFrom, v.lastTo
	if to < 0 && v.state != nil {
		to = v.state.LastTarget()
	}
	return from, to
}

// contents returns what stands on c: a stone count, or the top piece's
// glyph with the stack's height when above 1; the seat whose colour it
// takes (-1 for a neutral piece, -2 for stones), and a marker for a
// neutral piece lower in the stack ("" for none).
func (v *View) contents(c int) (text string, seat int, marker string) {
	g, s := v.game, v.state
	if n := s.Count(c); n > 0 {
		return strconv.Itoa(n), -2, ""
	}
	h := s.Height(c)
	if h == 0 {
		return "", -2, ""
	}
	p := s.Top(c)
	k := g.PieceKindOf(p)
	text = glyphOf(k)
	if h > 1 {
		text += strconv.Itoa(h)
	}
	for q := s.Below(p); q >= 0; q = s.Below(q) {
		if qk := g.PieceKindOf(q); qk.Owner < 0 && k.Owner >= 0 {
			marker = string([]rune(glyphOf(qk))[:1])
			break
		}
	}
	return text, k.Owner, marker
}

// seatMark returns the seat mark of the top piece on c ([display]
// seat_marks: seats whose glyphs are alike differ without colour), or "".
func (v *View) seatMark(c int) string {
	if v.state.Count(c) > 0 || v.state.Height(c) == 0 {
		return ""
	}
	return v.game.SeatMark(v.game.PieceKindOf(v.state.Top(c)).Owner)
}

func glyphOf(k core.PieceKind) string {
	if k.BoardGlyph != "" {
		return k.BoardGlyph
	}
	if k.Glyph != "" {
		return k.Glyph
	}
	if k.Name == "" {
		return "?"
	}
	return strings.ToUpper(k.Name[:1])
}

// drawCell draws cell c: its frame (pits), background and contents.
func (v *View) drawCell(put func(int, int, string, tcell.Style), l *layout, c int) {
	b := l.cells[c]
	x0, y0 := v.orgX+b.x, v.orgY+b.y
	from, to := v.lastCells()
	last := c == from || c == to
	target := v.targets[c]
	sel := c == v.selected || v.path[c]
	cursor := c == v.cursor

	fill := v.baseStyle()
	if v.mono {
		// the last move's cells are underlined (an empty origin also
		// shows glyphLast): bold alone would not show on a piece, which
		// is bold already
		if last {
			fill = fill.Underline(true)
		}
		if target {
			fill = fill.Underline(true)
		}
		if sel {
			fill = fill.Bold(true).Underline(true)
		}
	} else {
		switch {
		case sel:
			fill = fill.Background(selectedBg)
		case target:
			fill = fill.Background(targetBg)
		case last:
			fill = fill.Background(lastBg)
		case v.marked[c]:
			fill = fill.Background(markBg)
		case v.dark[c]:
			fill = fill.Background(darkBg)
		}
	}
	if cursor {
		fill = fill.Reverse(true)
	}

	text, seat, marker := v.contents(c)
	st := fill
	if text != "" {
		st = st.Bold(true)
		if !v.mono && seat != -2 {
			st = st.Foreground(v.seatColor(seat))
		}
	} else {
		name := v.game.Board().Cells[c].Name
		showName := l.names && textWidth(name) <= b.w
		switch {
		case l.counts:
			text = "0"
			if !v.mono {
				st = st.Foreground(dimFg)
			}
		case showName && l.keepNames:
			text = name
			if !v.mono {
				st = st.Foreground(dimFg)
			}
		case target:
			text = glyphTarget
		case v.path[c]:
			text = glyphPath
		case v.mono && last && c == from:
			text = glyphLast
		case v.marked[c]:
			text = glyphMark
		case v.shaded(c):
			text = glyphShade
			if !v.mono {
				if ss := v.shadeSeat[c]; ss >= 0 {
					st = st.Foreground(v.seatColor(ss))
				} else {
					st = st.Foreground(dimFg)
				}
			}
		case v.mono && c == from:
			text = glyphFromMono
		case showName:
			text = name
			if !v.mono {
				st = st.Foreground(dimFg)
			}
		case v.mono && v.dark[c]:
			text = glyphDarkMono
		default:
			text = glyphEmpty
			if !v.mono {
				st = st.Foreground(dimFg)
			}
		}
	}
	if l.list {
		name := v.game.Board().Cells[c].Name
		if text == glyphEmpty {
			text = ""
		}
		text = name + strings.Repeat(" ", max(1, b.w-textWidth(name)-textWidth(text))) + text
	}

	ix, iy, iw, ih := x0, y0, b.w, b.h
	if b.box {
		bst := v.baseStyle()
		if !v.mono {
			bst = bst.Foreground(v.seatColor(v.ownerOf(c)))
		}
		if sel || target {
			bst = bst.Bold(true)
		}
		put(x0, y0, "┌"+strings.Repeat("─", b.w-2)+"┐", bst)
		put(x0, y0+b.h-1, "└"+strings.Repeat("─", b.w-2)+"┘", bst)
		for yy := y0 + 1; yy < y0+b.h-1; yy++ {
			put(x0, yy, "│", bst)
			put(x0+b.w-1, yy, "│", bst)
		}
		ix, iy, iw, ih = x0+1, y0+1, b.w-2, b.h-2
	}
	for yy := iy; yy < iy+ih; yy++ {
		put(ix, yy, strings.Repeat(" ", iw), fill)
	}
	tw := textWidth(text)
	if tw > iw+l.spill {
		text = string([]rune(text)[:iw+l.spill])
		tw = iw + l.spill
	}
	tx := ix + max(0, (iw-tw)/2)
	if b.box {
		tx = ix + max(0, (iw-tw+1)/2)
	}
	if l.list {
		tx = ix
	}
	ty := iy + (ih-1)/2
	put(tx, ty, text, st)
	if mark := v.seatMark(c); mark != "" {
		// the seat's mark follows the glyph, which keeps its column
		put(tx+tw, ty, mark, st)
		tw += textWidth(mark)
	}
	if marker != "" {
		mst := fill.Bold(true)
		if !v.mono {
			mst = mst.Foreground(neutralFg)
		}
		put(tx+tw, ty, marker, mst)
	}
}

// ownerOf returns the owner attribute of a cell (pits), or -2.
func (v *View) ownerOf(c int) int {
	if o, ok := intAttr(v.game.Board().Cells[c].Attrs, "owner"); ok {
		return o
	}
	return -2
}

// caption describes the cursor's cell: its name, contents and marks.
func (v *View) caption() string {
	c := v.cursor
	parts := []string{v.game.Board().Cells[c].Name}
	if text, _, marker := v.contents(c); text != "" {
		parts = append(parts, text+v.seatMark(c)+marker)
	} else if layoutFor(v.game).counts {
		parts = append(parts, "0")
	}
	parts = append(parts, v.markNames[c]...)
	if v.shaded(c) {
		parts = append(parts, v.game.Display().Shade)
	}
	return strings.Join(parts, " · ")
}

func (v *View) drawCaption(put func(int, int, string, tcell.Style), x, w int) {
	text := v.caption()
	st := v.labelStyle()
	cx := x + max(0, (w-textWidth(text))/2)
	put(cx, v.captionY, strings.Repeat(" ", min(w, textWidth(text))), v.baseStyle())
	put(cx, v.captionY, text, st)
}

// MoveCursor moves the cursor to the nearest cell in a screen direction
// (dx, dy: -1, 0 or 1; y grows downwards): preferably within 45° of it,
// else anywhere on that side. The cursor stays when there is none.
func (v *View) MoveCursor(dx, dy int) {
	l := v.currentLayout()
	if l == nil || (dx == 0 && dy == 0) {
		return
	}
	dn := math.Hypot(float64(dx), float64(dy))
	ux, uy := float64(dx)/dn, float64(dy)/dn
	centre := func(c int) (float64, float64) {
		b := l.cells[c]
		return (float64(b.x) + float64(b.w)/2) / l.px, (float64(b.y) + float64(b.h)/2) / l.py
	}
	cx, cy := centre(v.cursor)
	best, bestCone := -1, false
	var bestCost, bestSide float64
	for c := range l.cells {
		if c == v.cursor {
			continue
		}
		x, y := centre(c)
		ddx, ddy := x-cx, y-cy
		primary := ddx*ux + ddy*uy
		side := -ddx*uy + ddy*ux
		if primary < 1e-6 {
			continue
		}
		cone := math.Abs(side) <= primary+1e-9
		cost := primary*primary + 4*side*side
		better := best < 0 || (cone && !bestCone)
		if !better && cone == bestCone {
			better = cost < bestCost-1e-9 || (math.Abs(cost-bestCost) <= 1e-9 && side > bestSide)
		}
		if better {
			best, bestCone, bestCost, bestSide = c, cone, cost, side
		}
	}
	if best >= 0 {
		v.cursor = best
	}
}

// CellAt returns the cell drawn at screen position (x, y), as of the last
// Draw.
func (v *View) CellAt(x, y int) (cell int, ok bool) {
	l := v.currentLayout()
	if l == nil {
		return -1, false
	}
	if x < v.lastInnerX || x >= v.lastInnerX+v.lastInnerW || y < v.lastInnerY || y >= v.lastInnerY+v.boardH {
		return -1, false
	}
	for c, b := range l.cells {
		bx, by := v.orgX+b.x, v.orgY+b.y
		if x >= bx && x < bx+max(b.w, b.hitW) && y >= by && y < by+b.h {
			return c, true
		}
	}
	return -1, false
}

// InputHandler moves the cursor with the arrow keys and h/j/k/l and
// selects its cell with Enter.
func (v *View) InputHandler() func(event *tcell.EventKey, setFocus func(p tview.Primitive)) {
	return v.WrapInputHandler(func(event *tcell.EventKey, setFocus func(p tview.Primitive)) {
		switch event.Key() {
		case tcell.KeyUp:
			v.MoveCursor(0, -1)
		case tcell.KeyDown:
			v.MoveCursor(0, 1)
		case tcell.KeyLeft:
			v.MoveCursor(-1, 0)
		case tcell.KeyRight:
			v.MoveCursor(1, 0)
		case tcell.KeyEnter:
			if v.onSelect != nil && v.cells() > 0 {
				v.onSelect(v.cursor)
			}
		case tcell.KeyRune:
			switch event.Rune() {
			case 'h':
				v.MoveCursor(-1, 0)
			case 'j':
				v.MoveCursor(0, 1)
			case 'k':
				v.MoveCursor(0, -1)
			case 'l':
				v.MoveCursor(1, 0)
			}
		}
	})
}

// MouseHandler focuses the view on a left button press and selects the
// clicked cell on a left click.
func (v *View) MouseHandler() func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (consumed bool, capture tview.Primitive) {
	return v.WrapMouseHandler(func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (consumed bool, capture tview.Primitive) {
		x, y := event.Position()
		if !v.InRect(x, y) {
			return false, nil
		}
		switch action {
		case tview.MouseLeftDown:
			setFocus(v)
			return true, nil
		case tview.MouseLeftClick:
			if c, ok := v.CellAt(x, y); ok {
				v.cursor = c
				if v.onSelect != nil {
					v.onSelect(c)
				}
			}
			return true, nil
		}
		return false, nil
	})
}
