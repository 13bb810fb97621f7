package core

import (
	"fmt"
	"strings"

	"rulesmith/core/board"
)

// CellText describes what stands on cell c: a stone count, or the stack's
// glyphs from bottom to top (e.g. "WBD"), each followed by its owner's
// seat mark (Game.SeatMark), or "" for an empty cell.
func CellText(g *Game, s *State, c int) string {
	if n := s.Count(c); n > 0 {
		return fmt.Sprint(n)
	}
	h := s.Height(c)
	if h == 0 {
		return ""
	}
	if h == 1 {
		return g.PieceText(g.PieceKindOf(s.Top(c)))
	}
	glyphs := make([]string, h)
	p := s.Top(c)
	for i := h - 1; i >= 0 && p >= 0; i-- {
		k := g.PieceKindOf(p)
		glyphs[i] = k.BoardGlyph[:1] + g.SeatMark(k.Owner)
		p = s.Below(p)
	}
	return strings.Join(glyphs, "")
}

// Render draws a plain-text picture of the position, as the board kind
// draws it (pits in two rows, rows of cells for grids and hex boards, faces
// unfolded), or as a list of the occupied cells.
func Render(g *Game, s *State) string {
	var b strings.Builder
	if bk := lookupBoardKind(g.board.Kind); bk != nil && bk.render != nil {
		bk.render(&b, g, s)
		if b.Len() > 0 {
			return b.String()
		}
	}
	for c, cell := range g.board.Cells {
		if t := CellText(g, s, c); t != "" {
			fmt.Fprintf(&b, "%s: %s\n", cell.Name, t)
		}
	}
	return b.String()
}

// renderPits draws a two-seat pit board as two rows with the stores
// between; it draws nothing for other seat counts.
func renderPits(b *strings.Builder, g *Game, s *State) {
	bd := g.board
	if len(g.seats) != 2 {
		return
	}
	pits0, _ := bd.SeatRegion("pits", 0)
	pits1, _ := bd.SeatRegion("pits", 1)
	st0, _ := bd.SeatRegion("store", 0)
	st1, _ := bd.SeatRegion("store", 1)
	fmt.Fprintf(b, "%-6s", g.seats[1])
	for i := len(pits1) - 1; i >= 0; i-- {
		fmt.Fprintf(b, "%4d", s.Count(int(pits1[i])))
	}
	b.WriteString("\n")
	fmt.Fprintf(b, "%4d  ", sum(s, st1))
	b.WriteString(strings.Repeat("    ", len(pits0)))
	fmt.Fprintf(b, "%4d\n", sum(s, st0))
	fmt.Fprintf(b, "%-6s", g.seats[0])
	for _, c := range pits0 {
		fmt.Fprintf(b, "%4d", s.Count(int(c)))
	}
	b.WriteString("\n")
}

// renderRows draws a grid or hex board row by row, top row first; hex rows
// are indented (indent) by their distance from the middle row, and a
// grid's holes leave gaps (gaps).
func renderRows(b *strings.Builder, g *Game, s *State, indent, gaps bool) {
	bd := g.board
	if !indent && len(bd.Circuits()) > 0 && renderLoops(b, g, s) {
		return
	}
	rows := map[int][]int{}
	maxRow := 0
	for c, cell := range bd.Cells {
		r := cell.Attrs["row"].(int)
		rows[r] = append(rows[r], c)
		maxRow = max(maxRow, r)
	}
	// a hex row is indented by its first cell's place: each column two
	// characters right of the one below, each cell four wide (a star's
	// rows start where their first cell lies)
	place := func(r int) int { return 4*bd.Cells[rows[r][0]].Attrs["col"].(int) - 2*r }
	minPlace := 0
	for r := maxRow; r >= 1; r-- {
		if len(rows[r]) > 0 && (minPlace == 0 || place(r) < minPlace) {
			minPlace = place(r)
		}
	}
	for r := maxRow; r >= 1; r-- {
		fmt.Fprintf(b, "%2d ", r)
		if indent && len(rows[r]) > 0 {
			b.WriteString(strings.Repeat(" ", place(r)-minPlace))
		}
		col := 0
		for _, c := range rows[r] {
			if gaps { // holes leave gaps
				for x := bd.Cells[c].Attrs["col"].(int); col+1 < x; col++ {
					b.WriteString("    ")
				}
				col++
			}
			t := CellText(g, s, c)
			if t == "" {
				t = "."
			} else if s.Height(c) > 1 {
				t = fmt.Sprintf("%c%d", t[len(t)-1], len(t))
			}
			fmt.Fprintf(b, "%-4s", t)
		}
		b.WriteString("\n")
	}
}

func sum(s *State, cells []int32) int {
	n := 0
	for _, c := range cells {
		n += s.Count(int(c))
	}
	return n
}

// renderFaces draws each face of a folded board as a grid of its (i,j)
// cells, j from the top, with the face's name above it; faces side by side.
// Faces round one corner, more than four of them, are drawn instead as the
// board's fan round it (board.RosetteFan).
func renderFaces(b *strings.Builder, g *Game, s *State) {
	bd := g.board
	if xs, ys, ok := bd.RosetteFan(g.display.RootFace); ok {
		renderFan(b, g, s, xs, ys)
		return
	}
	type faceGrid struct {
		name  string
		w, h  int
		cells map[[2]int]int
	}
	var faces []*faceGrid
	index := map[string]*faceGrid{}
	for c, cell := range bd.Cells {
		f := cell.Attrs["face"].(string)
		fg, ok := index[f]
		if !ok {
			fg = &faceGrid{name: f, cells: map[[2]int]int{}}
			index[f] = fg
			faces = append(faces, fg)
		}
		i, j := cell.Attrs["i"].(int), cell.Attrs["j"].(int)
		fg.cells[[2]int{i, j}] = c
		fg.w, fg.h = max(fg.w, i), max(fg.h, j)
	}
	const cw = 3
	rows := 0
	for _, f := range faces {
		rows = max(rows, f.h)
	}
	for _, f := range faces {
		fmt.Fprintf(b, "%-*s", f.w*cw+3, "face "+f.name)
	}
	b.WriteString("\n")
	for r := rows; r >= 1; r-- {
		for _, f := range faces {
			for i := 1; i <= f.w; i++ {
				t := "."
				if c, ok := f.cells[[2]int{i, r}]; ok {
					if x := CellText(g, s, c); x != "" {
						t = x
					}
				} else {
					t = " "
				}
				fmt.Fprintf(b, "%-*s", cw, t)
			}
			b.WriteString("   ")
		}
		b.WriteString("\n")
	}
}

// renderFan draws cells placed on a grid (x right, y up), three columns
// each: a piece's text, '.' when empty, blanks where no cell is.
func renderFan(b *strings.Builder, g *Game, s *State, xs, ys []int) {
	const cw = 3
	at := map[[2]int]int{}
	x0, x1, y0, y1 := xs[0], xs[0], ys[0], ys[0]
	for c := range xs {
		at[[2]int{xs[c], ys[c]}] = c
		x0, x1, y0, y1 = min(x0, xs[c]), max(x1, xs[c]), min(y0, ys[c]), max(y1, ys[c])
	}
	for y := y1; y >= y0; y-- {
		var row strings.Builder
		for x := x0; x <= x1; x++ {
			t := " "
			if c, ok := at[[2]int{x, y}]; ok {
				t = "."
				if txt := CellText(g, s, c); txt != "" {
					t = txt
				}
			}
			fmt.Fprintf(&row, "%-*s", cw, t)
		}
		b.WriteString(strings.TrimRight(row.String(), " ") + "\n")
	}
}

// renderSketch draws a board of points and lines (board.LineSketch): each
// point shows its piece's glyph, or '.' when empty, and the lines join them.
func renderSketch(b *strings.Builder, g *Game, s *State, sk board.Sketch) {
	rows := make([][]rune, sk.H)
	for y := range rows {
		rows[y] = []rune(strings.Repeat(" ", sk.W))
	}
	for _, st := range sk.Strokes {
		rows[st.Y][st.X] = st.Ch
	}
	for c, p := range sk.At {
		t := CellText(g, s, c)
		r := '.'
		if t != "" {
			r = []rune(t)[len([]rune(t))-1]
		}
		rows[p[1]][p[0]] = r
	}
	for _, row := range rows {
		b.WriteString(strings.TrimRight(string(row), " "))
		b.WriteString("\n")
	}
}

// renderLoops draws a grid with declared circuits: the cells four columns
// and two rows apart, the circuits' loops round the outside
// (board.LoopArcs), rank numbers on the left and file letters underneath.
// It reports false when the loops cannot be drawn.
func renderLoops(b *strings.Builder, g *Game, s *State) bool {
	bd := g.board
	at := make([][2]int, bd.N())
	maxRow := 0
	for _, cell := range bd.Cells {
		maxRow = max(maxRow, cell.Attrs["row"].(int))
	}
	for c, cell := range bd.Cells {
		at[c] = [2]int{(cell.Attrs["col"].(int) - 1) * 4, (maxRow - cell.Attrs["row"].(int)) * 2}
	}
	strokes := bd.LoopArcs(at, 3, 1, 2, 1)
	if len(strokes) == 0 {
		return false
	}
	minX, maxX, minY, maxY := 0, 0, 0, 0
	for _, p := range at {
		minX, maxX, minY, maxY = min(minX, p[0]), max(maxX, p[0]), min(minY, p[1]), max(maxY, p[1])
	}
	for _, st := range strokes {
		minX, maxX, minY, maxY = min(minX, st.X), max(maxX, st.X), min(minY, st.Y), max(maxY, st.Y)
	}
	const left = 4 // the rank numbers and a space
	w, h := maxX-minX+1+left, maxY-minY+2
	rows := make([][]rune, h)
	for y := range rows {
		rows[y] = []rune(strings.Repeat(" ", w))
	}
	put := func(x, y int, t string) {
		for _, r := range t {
			if y >= 0 && y < h && x >= 0 && x < w {
				rows[y][x] = r
			}
			x++
		}
	}
	for _, st := range strokes {
		rows[st.Y-minY][st.X-minX+left] = st.Ch
	}
	for c, cell := range bd.Cells {
		t := CellText(g, s, c)
		if t == "" {
			t = "."
		}
		x, y := at[c][0]-minX+left, at[c][1]-minY
		put(x, y, t[len(t)-1:])
		letters, digits := splitCellName(cell.Name)
		put(0, y, fmt.Sprintf("%2s", digits))
		put(x, h-1, letters)
	}
	for _, row := range rows {
		b.WriteString(strings.TrimRight(string(row), " "))
		b.WriteString("\n")
	}
	return true
}

// splitCellName splits a grid cell name (d5) into its letters and digits.
func splitCellName(name string) (letters, digits string) {
	i := strings.IndexAny(name, "0123456789")
	if i < 0 {
		return name, ""
	}
	return name[:i], name[i:]
}
