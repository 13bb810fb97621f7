package boardview

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"rulesmith/core"
	"rulesmith/variants"
)

var update = flag.Bool("update", false, "rewrite testdata/screens/boardview and docs/screens")

// Boards the shipped variants do not cover.
var extraBoards = map[string]string{
	"test/grid": `name = "test/grid"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 8
height = 8
[pieces.rook]
owner = "white"
glyph = "R"
[pieces.king]
owner = "black"
glyph = "K"
[setup.pieces]
a1 = "rook"
e8 = "king"
[moves.rook]
type = "slide"
dirs = ["n", "e", "s", "w"]
`,
	"test/graph": `name = "test/graph"
[players]
seats = ["a", "b"]
[board]
kind = "graph"
[board.cells.hub]
x = 0
y = 0
links = ["north", "south", "east", "west"]
[board.cells.north]
x = 0
y = 2
[board.cells.south]
x = 0
y = -2
[board.cells.east]
x = 3
y = 0
[board.cells.west]
x = -3
y = 0
[board.cells.far]
x = 6
y = 2
links = "east"
[pieces.stone]
owner = "a"
glyph = "S"
[setup.pieces]
hub = "stone"
[moves.go]
type = "place"
to = "empty"
`,
	"test/list": `name = "test/list"
[players]
seats = ["a", "b"]
[board]
kind = "graph"
[board.cells.alpha]
links = ["beta"]
[board.cells.beta]
links = ["gamma"]
[board.cells.gamma]
[pieces.stone]
owner = "a"
[setup.pieces]
beta = "stone"
[moves.go]
type = "place"
to = "empty"
`,
	// two faces that share a fold and a third far away, not touching
	"test/faces": `name = "test/faces"
[players]
seats = ["a", "b"]
[board]
kind = "faces"
[board.faces.floor]
origin = [0, 0, 0]
u = [1, 0, 0]
v = [0, 1, 0]
size = [3, 2]
[board.faces.wall]
origin = [0, 0, 0]
u = [1, 0, 0]
v = [0, 0, 1]
size = [3, 2]
[board.faces.apart]
origin = [10, 10, 10]
u = [1, 0, 0]
v = [0, 1, 0]
size = [2, 2]
[pieces.stone]
owner = "a"
[setup.pieces]
floor11 = "stone"
[moves.go]
type = "place"
to = "empty"
`,
}

var loaded struct {
	once   sync.Once
	names  []string
	byName map[string]*core.Game
	err    error
}

// games loads every shipped variant and the extra boards, by name (once:
// games are immutable and shared).
func games(t *testing.T) (names []string, byName map[string]*core.Game) {
	t.Helper()
	loaded.once.Do(func() {
		loaded.byName = map[string]*core.Game{}
		add := func(n string, g *core.Game, err error) {
			if err != nil && loaded.err == nil {
				loaded.err = fmt.Errorf("%s: %w", n, err)
			}
			loaded.names = append(loaded.names, n)
			loaded.byName[n] = g
		}
		for _, n := range variants.Names() {
			g, err := core.Load(n, core.WithFS(variants.FS()))
			add(n, g, err)
		}
		extra := make([]string, 0, len(extraBoards))
		for n := range extraBoards {
			extra = append(extra, n)
		}
		sort.Strings(extra)
		for _, n := range extra {
			g, err := core.LoadBytes(n+".toml", []byte(extraBoards[n]))
			add(n, g, err)
		}
	})
	if loaded.err != nil {
		t.Fatal(loaded.err)
	}
	return loaded.names, loaded.byName
}

func shipped(name string) bool { return !strings.HasPrefix(name, "test/") }

// draw draws v on a w×h simulation screen and returns the screen.
func draw(t *testing.T, v *View, w, h int) tcell.SimulationScreen {
	t.Helper()
	scr := tcell.NewSimulationScreen("UTF-8")
	if err := scr.Init(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(scr.Fini)
	scr.SetSize(w, h)
	v.SetRect(0, 0, w, h)
	v.Draw(scr)
	scr.Show()
	return scr
}

// text returns the screen's lines, trailing blanks trimmed.
func text(scr tcell.SimulationScreen) []string {
	cells, w, h := scr.GetContents()
	lines := make([]string, h)
	for y := 0; y < h; y++ {
		var b strings.Builder
		for x := 0; x < w; x++ {
			if r := cells[y*w+x].Runes; len(r) > 0 {
				b.WriteRune(r[0])
			} else {
				b.WriteByte(' ')
			}
		}
		lines[y] = strings.TrimRight(b.String(), " ")
	}
	return lines
}

// plain returns the picture without the blank margins round it.
func plain(lines []string) string {
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	indent := -1
	for _, l := range lines {
		if l == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " "))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	var b strings.Builder
	for _, l := range lines {
		if len(l) >= indent && indent > 0 {
			l = l[indent:]
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}

func newView(g *core.Game, s *core.State) *View {
	v := New()
	v.SetPosition(g, s)
	return v
}

// tokens returns the words of the screen.
func tokens(lines []string) map[string]int {
	out := map[string]int{}
	for _, l := range lines {
		for _, f := range strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '│' || r == '·' }) {
			out[f]++
		}
	}
	return out
}

// playFirst plays the first legal move n times.
func playFirst(t *testing.T, g *core.Game, s *core.State, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		ms := g.Moves(s, nil)
		if len(ms) == 0 {
			t.Fatalf("no move after %d plies", i)
		}
		if err := g.Play(s, ms[0]); err != nil {
			t.Fatal(err)
		}
	}
}

var sizes = [][2]int{{44, 20}, {120, 40}}

func TestStartPositions(t *testing.T) {
	names, gs := games(t)
	for _, name := range names {
		g := gs[name]
		if IsCardTable(g) {
			continue // drawn as a card table, not a board (TestCardTableViews)
		}
		for _, sz := range sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				s := g.NewState()
				if g.Family() == "dvonn" {
					playFirst(t, g, s, 6) // three DVONN pieces, then B, W, B
				}
				v := newView(g, s)
				lines := text(draw(t, v, sz[0], sz[1]))
				screen := strings.Join(lines, "\n")
				tok := tokens(lines[:v.captionY])
				l := v.lay
				// every label is drawn where the layout puts it
				for _, lb := range l.labels {
					row := []rune(lines[v.orgY+lb.y])
					x := v.orgX + lb.x
					if x+textWidth(lb.text) > len(row) || string(row[x:x+textWidth(lb.text)]) != lb.text {
						t.Errorf("label %q not drawn at (%d,%d)", lb.text, x, v.orgY+lb.y)
					}
				}
				if !l.fits(sz[0], sz[1]) {
					t.Errorf("layout %d×%d (+ caption) does not fit %d×%d", l.w, l.h, sz[0], sz[1])
				}
				// every occupied cell shows its contents where it is drawn
				for c := range g.Board().Cells {
					if want := core.CellText(g, s, c); want != "" && !l.cells[c].box {
						b := l.cells[c]
						row := []rune(lines[v.orgY+b.y+(b.h-1)/2])
						got := strings.TrimSpace(string(row[v.orgX+b.x : min(len(row), v.orgX+b.x+b.w+l.spill)]))
						if l.list {
							got = got[strings.LastIndex(got, " ")+1:]
						}
						if got != want && !strings.HasPrefix(got, want[len(want)-1:]) {
							t.Errorf("cell %s shows %q, want %q", g.Board().Cells[c].Name, got, want)
						}
					}
				}
				switch {
				case g.Family() == "dvonn":
					for _, c := range "abcdefghijk" {
						if tok[string(c)] == 0 {
							t.Errorf("column letter %c missing:\n%s", c, screen)
						}
					}
					if sz[0] >= 46 {
						for r := 1; r <= 5; r++ {
							if tok[fmt.Sprint(r)] == 0 {
								t.Errorf("row number %d missing:\n%s", r, screen)
							}
						}
					}
					if tok["D"] != 3 || tok["W"] != 1 || tok["B"] != 2 {
						t.Errorf("want 3 D, 1 W, 2 B; got %d, %d, %d:\n%s", tok["D"], tok["W"], tok["B"], screen)
					}
				case g.Family() == "mancala":
					if n := strings.Count(screen, "│ 4") + strings.Count(screen, " 4 "); n < 12 {
						t.Errorf("want the count 4 twelve times, found %d:\n%s", n, screen)
					}
					nums := map[string]int{}
					for _, lb := range l.labels {
						nums[lb.text]++
					}
					for k := 1; k <= 6; k++ {
						if nums[fmt.Sprint(k)] != 2 {
							t.Errorf("bowl number %d: want twice, got %d:\n%s", k, nums[fmt.Sprint(k)], screen)
						}
					}
					for _, seat := range g.Seats() {
						if tok[seat] == 0 {
							t.Errorf("seat %s not named:\n%s", seat, screen)
						}
					}
				case g.Family() == "strix":
					for _, p := range []string{"bO", "yO", "gO", "bK", "yR"} {
						if tok[p] != 1 {
							t.Errorf("%s: want once, got %d:\n%s", p, tok[p], screen)
						}
					}
					for _, f := range []string{"face b", "face y", "face g"} {
						if strings.Count(screen, f) != 1 {
							t.Errorf("face label %q missing:\n%s", f, screen)
						}
					}
					names := regexp.MustCompile(`\b[byg][1-7][1-7]\b`).FindAllString(screen, -1)
					if sz[0] >= 120 && len(names) < 20 {
						t.Errorf("at %d wide, want the names of empty cells, found %d:\n%s", sz[0], len(names), screen)
					}
					if sz[0] < 120 && len(names) > 1 { // the caption names the cursor's cell
						t.Errorf("at %d wide, want no cell names, found %v:\n%s", sz[0], names, screen)
					}
				case name == "test/grid":
					for _, c := range "abcdefgh12345678" {
						if tok[string(c)] == 0 {
							t.Errorf("coordinate %c missing:\n%s", c, screen)
						}
					}
				case name == "test/graph", name == "test/list":
					for c, cell := range g.Board().Cells {
						if core.CellText(g, s, c) == "" && !strings.Contains(screen, cell.Name) {
							t.Errorf("cell %s not named:\n%s", cell.Name, screen)
						}
					}
				}
				if !strings.Contains(screen, g.Board().Cells[v.Cursor()].Name) {
					t.Errorf("the caption does not name the cursor's cell:\n%s", screen)
				}
			})
		}
	}
}

// A stack holding a neutral piece under its top shows a marker.
func TestNeutralMarker(t *testing.T) {
	g, err := core.Load("dvonn", core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	playFirst(t, g, s, 49) // every piece placed
	var onto core.Move
	found := false
	for ply := 0; ply < 200 && !found && !s.Over(); ply++ {
		ms := g.Moves(s, nil)
		for _, m := range ms {
			if to, from := m.To(), m.From(); from >= 0 && to >= 0 && s.Height(to) == 1 && s.Height(from) == 1 &&
				g.PieceKindOf(s.Top(to)).Owner < 0 && g.PieceKindOf(s.Top(from)).Owner >= 0 {
				onto, found = m, true
				break
			}
		}
		if !found {
			if err := g.Play(s, ms[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !found {
		t.Fatal("no move of a single piece onto a DVONN piece")
	}
	mover := g.PieceKindOf(s.Top(onto.From())).Glyph
	if err := g.Play(s, onto); err != nil {
		t.Fatal(err)
	}
	v := newView(g, s)
	v.SetLastMove(onto.From(), onto.To())
	scr := draw(t, v, 44, 20)
	want := mover + "2D"
	b := v.lay.cells[onto.To()]
	row := text(scr)[v.orgY+b.y]
	if got := strings.TrimSpace(string([]rune(row)[v.orgX+b.x : v.orgX+b.x+4])); got != want {
		t.Errorf("stack shows %q, want %q:\n%s", got, want, strings.Join(text(scr), "\n"))
	}
	_, st, _ := scr.Get(v.orgX+b.x+2, v.orgY+b.y)
	if fg, _, attr := st.Decompose(); fg != tcell.ColorRed || attr&tcell.AttrBold == 0 {
		t.Errorf("marker style: fg %v attr %v, want red bold", fg, attr)
	}
	_, st, _ = scr.Get(v.orgX+b.x, v.orgY+b.y)
	if _, bg, _ := st.Decompose(); bg != lastBg {
		t.Errorf("last move's target: background %v, want %v", bg, lastBg)
	}
}

// Repeated cursor moves reach every cell of every board, in compact
// layouts too.
func TestCursorReachesEveryCell(t *testing.T) {
	names, gs := games(t)
	for _, name := range names {
		g := gs[name]
		for _, sz := range append([][2]int{{28, 18}, {38, 12}}, sizes...) {
			t.Run(fmt.Sprintf("%s/%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				v := newView(g, g.NewState())
				draw(t, v, sz[0], sz[1])
				seen := map[int]bool{0: true}
				queue := []int{0}
				for len(queue) > 0 {
					c := queue[0]
					queue = queue[1:]
					for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
						v.SetCursor(c)
						v.MoveCursor(d[0], d[1])
						if n := v.Cursor(); !seen[n] {
							seen[n] = true
							queue = append(queue, n)
						}
					}
				}
				for c, cell := range g.Board().Cells {
					if !seen[c] {
						t.Errorf("cell %s is unreachable", cell.Name)
					}
				}
			})
		}
	}
}

// Moves go where the picture says: right then left comes back on a row.
func TestMoveCursorDirections(t *testing.T) {
	_, gs := games(t)
	g := gs["strix/standard"]
	v := newView(g, g.NewState())
	draw(t, v, 44, 20)
	idx := func(n string) int {
		c, ok := g.Board().Index(n)
		if !ok {
			t.Fatalf("no cell %s", n)
		}
		return c
	}
	for _, tc := range []struct {
		from   string
		dx, dy int
		to     string
	}{
		{"y77", -1, 0, "g77"}, // across the fold y|g
		{"y77", 0, 1, "b77"},  // across the fold y|b
		{"g77", 1, 0, "y77"},
		{"b77", 0, -1, "y77"},
		{"y71", -1, 0, "g17"},
	} {
		v.SetCursor(idx(tc.from))
		v.MoveCursor(tc.dx, tc.dy)
		if got := g.Board().Cells[v.Cursor()].Name; got != tc.to {
			t.Errorf("%s moved (%d,%d): got %s, want %s", tc.from, tc.dx, tc.dy, got, tc.to)
		}
	}
}

// CellAt answers every screen position of every cell with that cell, and
// nothing outside the cells, nor for the part of a cell that is scrolled
// out of the view or would be under the caption.
func TestCellAtInvertsDrawing(t *testing.T) {
	names, gs := games(t)
	for _, name := range names {
		g := gs[name]
		for _, sz := range append([][2]int{{28, 18}, {38, 12}, {38, 18}}, sizes...) {
			t.Run(fmt.Sprintf("%s/%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				v := newView(g, g.NewState())
				draw(t, v, sz[0], sz[1])
				owner := map[[2]int]int{}
				for c, b := range v.lay.cells {
					for y := v.orgY + b.y; y < v.orgY+b.y+b.h; y++ {
						for x := v.orgX + b.x; x < v.orgX+b.x+b.w; x++ {
							if o, dup := owner[[2]int{x, y}]; dup {
								t.Fatalf("cells %s and %s overlap at (%d,%d)", g.Board().Cells[o].Name, g.Board().Cells[c].Name, x, y)
							}
							owner[[2]int{x, y}] = c
							got, ok := v.CellAt(x, y)
							if x < 0 || x >= sz[0] || y < 0 || y >= v.boardH {
								if ok {
									t.Fatalf("CellAt(%d,%d) = %d outside the board's area", x, y, got)
								}
								continue
							}
							if !ok || got != c {
								t.Fatalf("CellAt(%d,%d) = %d,%v; want %s", x, y, got, ok, g.Board().Cells[c].Name)
							}
						}
					}
				}
				for _, lb := range v.lay.labels {
					if c, ok := v.CellAt(v.orgX+lb.x, v.orgY+lb.y); ok {
						t.Errorf("label %q answers cell %s", lb.text, g.Board().Cells[c].Name)
					}
				}
				if _, ok := v.CellAt(-1, -1); ok {
					t.Error("CellAt outside the view answered a cell")
				}
			})
		}
	}
}

// STRIX unfolds round y: g to its left, b below, the Nest squares meeting at
// the corner, and squares adjacent across a fold with the root drawn side by
// side.
func TestStrixUnfolding(t *testing.T) {
	_, gs := games(t)
	g := gs["strix/standard"]
	for _, sz := range sizes {
		v := newView(g, g.NewState())
		draw(t, v, sz[0], sz[1])
		l := v.lay
		at := func(n string) cellBox {
			c, _ := g.Board().Index(n)
			return l.cells[c]
		}
		y, gg, b := at("y77"), at("g77"), at("b77")
		if gg.x != y.x-y.w || gg.y != y.y {
			t.Errorf("%v: g77 at %v, want left of y77 at %v", sz, gg, y)
		}
		if b.x != y.x || b.y != y.y+y.h {
			t.Errorf("%v: b77 at %v, want below y77 at %v", sz, b, y)
		}
		for c, cell := range g.Board().Cells {
			for _, d := range g.Board().Adjacent(c) {
				f1, f2 := cell.Attrs["face"], g.Board().Cells[d].Attrs["face"]
				if f1 == f2 || (f1 != "y" && f2 != "y") {
					continue
				}
				p, q := l.cells[c], l.cells[d]
				dx, dy := abs(p.x-q.x)/p.w, abs(p.y-q.y)/p.h
				if dx+dy != 1 || abs(p.x-q.x)%p.w != 0 || abs(p.y-q.y)%p.h != 0 {
					t.Errorf("%v: %s and %s are adjacent across a fold but drawn at %v and %v", sz, cell.Name, g.Board().Cells[d].Name, p, q)
				}
			}
		}
	}
}

// A face that touches no fold of the root face is drawn beside the rest.
func TestFacesApartGoToTheSide(t *testing.T) {
	_, gs := games(t)
	g := gs["test/faces"]
	v := newView(g, g.NewState())
	draw(t, v, 44, 20)
	maxX := 0
	for c, cell := range g.Board().Cells {
		if cell.Attrs["face"] != "apart" {
			maxX = max(maxX, v.lay.cells[c].x+v.lay.cells[c].w)
		}
	}
	for c, cell := range g.Board().Cells {
		if cell.Attrs["face"] == "apart" && v.lay.cells[c].x <= maxX {
			t.Errorf("%s at %v, want right of x=%d", cell.Name, v.lay.cells[c], maxX)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// decorate sets a cursor, a selection, targets and a last move on a view.
func decorate(g *core.Game, v *View) {
	n := g.Board().N()
	v.SetCursor(n / 2)
	v.SetSelected(0)
	v.SetTargets([]int{1, n - 1})
	v.SetLastMove(2, 3)
}

// Monochrome mode draws with no colour at all, yet marks the cursor,
// selection and targets with attributes.
func TestMonochrome(t *testing.T) {
	names, gs := games(t)
	for _, name := range names {
		g := gs[name]
		if IsCardTable(g) {
			continue // drawn as a card table, not a board (TestCardTableViews)
		}
		t.Run(name, func(t *testing.T) {
			v := newView(g, g.NewState())
			v.SetBorder(true).SetTitle("board")
			decorate(g, v)
			v.SetMonochrome(true)
			scr := draw(t, v, 44, 20)
			cells, w, h := scr.GetContents()
			for i, c := range cells {
				if fg, bg, _ := c.Style.Decompose(); fg != tcell.ColorDefault || bg != tcell.ColorDefault {
					t.Fatalf("(%d,%d) %q: fg %v bg %v", i%w, i/w, string(c.Runes), fg, bg)
				}
			}
			attrAt := func(c int) tcell.AttrMask {
				b := v.lay.cells[c]
				x, y := v.orgX+b.x, v.orgY+b.y
				if b.box {
					x, y = x+1, y+1
				}
				if x < 1 || y < 1 || x >= w-1 || y >= h-1 {
					// a board taller than the view scrolls: a cell out of
					// sight has nothing to show
					return tcell.AttrReverse | tcell.AttrBold | tcell.AttrUnderline
				}
				_, st, _ := scr.Get(x, y)
				_, _, a := st.Decompose()
				return a
			}
			n := g.Board().N()
			if attrAt(n/2)&tcell.AttrReverse == 0 {
				t.Error("cursor not reversed")
			}
			if a := attrAt(0); a&tcell.AttrBold == 0 || a&tcell.AttrUnderline == 0 {
				t.Errorf("selected cell: attributes %v, want bold underline", a)
			}
			if attrAt(n-1)&tcell.AttrUnderline == 0 {
				t.Error("target not underlined")
			}
			// the last move (cells 2 and 3): underlined, the origin with
			// a glyph when it is empty
			for _, c := range []int{2, 3} {
				if c < n && c != n/2 && c != n-1 && attrAt(c)&tcell.AttrUnderline == 0 {
					t.Errorf("last move's cell %s not underlined", g.Board().Cells[c].Name)
				}
			}
		})
	}
}

// In colour, pieces take their seat's colour and the Display hints colour
// the squares.
func TestColours(t *testing.T) {
	_, gs := games(t)
	g := gs["strix/standard"]
	v := newView(g, g.NewState())
	scr := draw(t, v, 44, 20)
	style := func(name string) (fg, bg tcell.Color) {
		c, _ := g.Board().Index(name)
		b := v.lay.cells[c]
		_, st, _ := scr.Get(v.orgX+b.x, v.orgY+b.y)
		fg, bg, _ = st.Decompose()
		return
	}
	if fg, _ := style("y71"); fg != tcell.ColorYellow {
		t.Errorf("yO: fg %v, want yellow", fg)
	}
	if fg, _ := style("g71"); fg != tcell.ColorGreen {
		t.Errorf("gO: fg %v, want green", fg)
	}
	if _, bg := style("y77"); bg != markBg {
		t.Errorf("Nest y77: bg %v, want the mark colour", bg)
	}
	if _, bg := style("y75"); bg != darkBg { // a black square: digits sum even
		t.Errorf("black square y75: bg %v, want the dark colour", bg)
	}
	if _, bg := style("y65"); bg == darkBg {
		t.Error("white square y65 drawn dark")
	}
	// chequered grid without a dark attribute: a1 dark, b1 light
	gd := gs["test/grid"]
	v = newView(gd, gd.NewState())
	v.SetCursor(63)
	scr = draw(t, v, 44, 20)
	for _, tc := range []struct {
		name string
		dark bool
	}{{"a1", true}, {"b1", false}, {"b2", true}} {
		c, _ := gd.Board().Index(tc.name)
		b := v.lay.cells[c]
		_, st, _ := scr.Get(v.orgX+b.x, v.orgY+b.y)
		if _, bg, _ := st.Decompose(); (bg == darkBg) != tc.dark {
			t.Errorf("%s: bg %v, dark %v", tc.name, bg, tc.dark)
		}
	}
}

// Keys move the cursor and Enter selects; a left click selects the cell
// under the mouse. Driven through a tview.Application on a simulation screen.
func TestKeysAndMouse(t *testing.T) {
	_, gs := games(t)
	g := gs["mancala/egyptian"]
	scr := tcell.NewSimulationScreen("UTF-8")
	if err := scr.Init(); err != nil {
		t.Fatal(err)
	}
	scr.SetSize(80, 24)
	v := newView(g, g.NewState())
	selected := make(chan int, 8)
	v.SetSelectedFunc(func(c int) { selected <- c })
	drawn := make(chan struct{}, 1)
	app := tview.NewApplication().SetScreen(scr).EnableMouse(true).SetRoot(v, true)
	app.SetAfterDrawFunc(func(tcell.Screen) {
		select {
		case drawn <- struct{}{}:
		default:
		}
	})
	done := make(chan error, 1)
	go func() { done <- app.Run() }()
	defer func() {
		app.Stop()
		<-done
	}()
	wait := func() int {
		select {
		case c := <-selected:
			return c
		case <-time.After(5 * time.Second):
			t.Fatal("no selection")
		}
		return -1
	}
	<-drawn
	name := func(c int) string { return g.Board().Cells[c].Name }
	// from south1: right twice, up (north5 is above south2? no: above south3)
	scr.InjectKey(tcell.KeyRight, 0, tcell.ModNone)
	scr.InjectKey(tcell.KeyRune, 'l', tcell.ModNone)
	scr.InjectKey(tcell.KeyUp, 0, tcell.ModNone)
	scr.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)
	if got := name(wait()); got != "north4" {
		t.Errorf("right, l, up, Enter selected %s, want north4 (over south3)", got)
	}
	scr.InjectKey(tcell.KeyRune, 'h', tcell.ModNone)
	scr.InjectKey(tcell.KeyRune, 'j', tcell.ModNone)
	scr.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)
	if got := name(wait()); got != "south2" {
		t.Errorf("h, j, Enter selected %s, want south2 (under north5)", got)
	}
	// click in the middle of the north store's box
	var x, y int
	done2 := make(chan struct{})
	app.QueueUpdate(func() {
		c, _ := g.Board().Index("north-store")
		b := v.lay.cells[c]
		x, y = v.orgX+b.x+b.w/2, v.orgY+b.y+b.h/2
		close(done2)
	})
	<-done2
	scr.InjectMouse(x, y, tcell.Button1, tcell.ModNone)
	scr.InjectMouse(x, y, tcell.ButtonNone, tcell.ModNone)
	if got := name(wait()); got != "north-store" {
		t.Errorf("click selected %s, want north-store", got)
	}
}

// goldenName turns a variant name into a file name.
func goldenName(variant string) string { return strings.ReplaceAll(variant, "/", "-") }

// The plain text of every shipped board at 80×24, kept in
// testdata/screens/boardview and, as Markdown, in docs/screens.
func TestGoldenScreens(t *testing.T) {
	names, gs := games(t)
	root := filepath.Join("..", "..")
	for _, name := range names {
		if !shipped(name) {
			continue
		}
		g := gs[name]
		t.Run(name, func(t *testing.T) {
			v := newView(g, g.NewState())
			got := plain(text(draw(t, v, 80, 24)))
			txt := filepath.Join(root, "testdata", "screens", "boardview", goldenName(name)+".txt")
			md := filepath.Join(root, "docs", "screens", goldenName(name)+".md")
			doc := fmt.Sprintf("# %s\n\nThe start position of `%s` as the editor's board view draws it in an 80×24\n"+
				"terminal (plain text; generated by `go test ./editor/boardview -update`).\n\n```text\n%s```\n",
				g.Title(), name, got)
			if *update {
				for _, f := range []struct{ path, data string }{{txt, got}, {md, doc}} {
					if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(f.path, []byte(f.data), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			for _, f := range []struct{ path, data string }{{txt, got}, {md, doc}} {
				want, err := os.ReadFile(f.path)
				if err != nil {
					t.Fatalf("%v (run with -update)", err)
				}
				if string(want) != f.data {
					t.Errorf("%s differs (run with -update):\ngot:\n%s\nwant:\n%s", f.path, f.data, want)
				}
			}
		})
	}
}

// readRecord reads the moves of a record under testdata/records.
func readRecord(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "records", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := core.ReadRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.Text
	}
	return out
}

// playRecord plays a record's moves on a new state.
func playRecord(t *testing.T, g *core.Game, name string) *core.State {
	t.Helper()
	s := g.NewState()
	for _, m := range readRecord(t, name) {
		mv, err := g.Parse(s, m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if err := g.Play(s, mv); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return s
}

// visible reports whether all of cell c is drawn: inside the view and above
// the caption's row.
func visible(v *View, c int, w int) bool {
	b := v.lay.cells[c]
	x, y := v.orgX+b.x, v.orgY+b.y
	return x >= 0 && x+b.w <= w && y >= 0 && y+b.h <= v.boardH
}

// checkCaptionRow checks that the caption's row holds the caption and
// nothing else, and that no cell is drawn on it or below it.
func checkCaptionRow(t *testing.T, v *View, lines []string, w, h int) {
	t.Helper()
	if !v.lay.caption {
		if v.boardH != h {
			t.Errorf("no caption, yet the board gets %d rows of %d", v.boardH, h)
		}
		return
	}
	if v.captionY >= h || v.boardH > h-1 {
		t.Fatalf("caption on row %d, board rows 0..%d, view %d rows", v.captionY, v.boardH-1, h)
	}
	for c, b := range v.lay.cells {
		if top := v.orgY + b.y; top < v.boardH && min(top+b.h, v.boardH) > v.captionY {
			t.Errorf("cell %s drawn on rows %d..%d, the caption on row %d", v.game.Board().Cells[c].Name, top, min(top+b.h, v.boardH)-1, v.captionY)
		}
	}
	want := v.caption()
	if textWidth(want) > w {
		want = string([]rune(want)[:w])
	}
	if got := strings.TrimSpace(lines[v.captionY]); got != strings.TrimSpace(want) {
		t.Errorf("caption row %d shows %q, want only the caption %q:\n%s", v.captionY, got, want, strings.Join(lines, "\n"))
	}
	for y := v.captionY + 1; y < h; y++ {
		if lines[y] != "" {
			t.Errorf("row %d under the caption is not blank: %q", y, lines[y])
		}
	}
}

// When the board does not fit vertically, the caption keeps a row of its
// own: the STRIX board in the compare view (38×12 inside the frame) drew it
// over cells (`b77 · nest · shadow░  · bR  ·`). Dropping the caption or the
// face labels comes before a more compact layout, which comes before
// scrolling.
func TestCaptionNeverOverlapsCells(t *testing.T) {
	names, gs := games(t)
	for _, name := range names {
		g := gs[name]
		if IsCardTable(g) {
			continue // drawn as a card table, not a board (TestCardTableViews)
		}
		for _, sz := range [][2]int{{28, 18}, {38, 12}, {38, 18}, {44, 20}, {42, 16}, {42, 14}, {39, 10}, {30, 8}, {20, 6}, {12, 4}} {
			t.Run(fmt.Sprintf("%s/%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				v := newView(g, g.NewState())
				// the cursor on the last cell: far down on most boards
				v.SetCursor(g.Board().N() - 1)
				lines := text(draw(t, v, sz[0], sz[1]))
				checkCaptionRow(t, v, lines, sz[0], sz[1])
				if b := v.lay.cells[v.Cursor()]; v.orgY+b.y < 0 || v.orgY+b.y+b.h > v.boardH {
					t.Errorf("the cursor's cell is not in the board's rows:\n%s", strings.Join(lines, "\n"))
				}
			})
		}
	}
	_, gs = games(t)
	g := gs["strix/standard"]
	// the compare view's pane: nothing fits, the board scrolls under a
	// caption of its own
	v := newView(g, g.NewState())
	b77, _ := g.Board().Index("b77")
	v.SetCursor(b77)
	lines := text(draw(t, v, 38, 12))
	if got := strings.TrimSpace(lines[11]); got != "b77 · nest · shadow" {
		t.Errorf("last row %q, want the caption alone:\n%s", got, strings.Join(lines, "\n"))
	}
	// the priorities, at sizes chosen for them
	for _, tc := range []struct {
		game          string
		w, h          int
		cw            int // cell width (faces) or pit width
		labels, capt  bool
		framed, fits_ bool
	}{
		// the roomiest STRIX picture with everything
		{"strix/standard", 42, 17, 3, true, true, false, true},
		// without face labels before narrower cells
		{"strix/standard", 42, 16, 3, false, true, false, true},
		// then without the caption
		{"strix/standard", 42, 14, 3, false, false, false, true},
		// then narrower cells, labels and caption back
		{"strix/standard", 41, 17, 2, true, true, false, true},
		// nothing fits: the most compact, scrolled, with a caption
		{"strix/standard", 41, 13, 2, false, true, false, false},
		// boxed pits without the caption before smaller pits
		{"mancala/egyptian", 39, 10, 4, false, false, true, true},
		{"mancala/egyptian", 39, 11, 4, false, true, true, true},
	} {
		g := gs[tc.game]
		v := newView(g, g.NewState())
		lines := text(draw(t, v, tc.w, tc.h))
		l := v.lay
		where := fmt.Sprintf("%s at %d×%d", tc.game, tc.w, tc.h)
		if l.cells[0].w != tc.cw || (len(l.labels) > 0 && g.Board().Kind == "faces") != tc.labels ||
			l.caption != tc.capt || l.cells[0].box != tc.framed || l.fits(tc.w, tc.h) != tc.fits_ {
			t.Errorf("%s: cells %d wide, face labels %v, caption %v, framed %v, fits %v; want %d, %v, %v, %v, %v:\n%s",
				where, l.cells[0].w, len(l.labels) > 0 && g.Board().Kind == "faces", l.caption, l.cells[0].box, l.fits(tc.w, tc.h),
				tc.cw, tc.labels, tc.capt, tc.framed, tc.fits_, strings.Join(lines, "\n"))
		}
		checkCaptionRow(t, v, lines, tc.w, tc.h)
	}
}

// In narrow panes (the edit screen's 28 columns, the compare view's 38)
// the mancala and STRIX boards switch to compact layouts (pits as counts
// without boxes, STRIX cells two columns wide) instead of losing their
// right side; they scroll only when even those do not fit (STRIX at 38×12:
// 14 rows of cells), and then only vertically.
func TestNarrowPanes(t *testing.T) {
	names, gs := games(t)
	for _, name := range names {
		g := gs[name]
		if !shipped(name) || g.Board().Kind != "pits" && g.Board().Kind != "faces" {
			continue
		}
		for _, sz := range [][2]int{{28, 18}, {38, 12}, {38, 18}} {
			t.Run(fmt.Sprintf("%s/%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				s := g.NewState()
				playFirst(t, g, s, 2)
				v := newView(g, s)
				lines := text(draw(t, v, sz[0], sz[1]))
				screen := strings.Join(lines, "\n")
				l := v.lay
				if l.w > sz[0] {
					t.Fatalf("layout %d wide in %d columns:\n%s", l.w, sz[0], screen)
				}
				scrolls := g.Board().Kind == "faces" && sz[1] < compactRows(g)
				if l.fits(sz[0], sz[1]) == scrolls {
					t.Errorf("fits %v, want %v:\n%s", l.fits(sz[0], sz[1]), !scrolls, screen)
				}
				checkCaptionRow(t, v, lines, sz[0], sz[1])
				shown := 0
				for c := range g.Board().Cells {
					if !visible(v, c, sz[0]) {
						if !scrolls {
							t.Errorf("cell %s is not drawn whole:\n%s", g.Board().Cells[c].Name, screen)
						}
						continue
					}
					shown++
					b := l.cells[c]
					ix, iw := v.orgX+b.x, b.w
					if b.box {
						ix, iw = ix+1, iw-2
					}
					row := []rune(lines[v.orgY+b.y+(b.h-1)/2])
					got := strings.TrimSpace(string(row[min(ix, len(row)):min(len(row), ix+iw)]))
					want := core.CellText(g, s, c)
					if g.Board().Kind == "pits" && want == "" {
						want = "0"
					}
					if want != "" && got != want {
						t.Errorf("cell %s shows %q, want %q:\n%s", g.Board().Cells[c].Name, got, want, screen)
					}
				}
				if scrolls && shown < g.Board().N()/2 {
					t.Errorf("only %d cells shown:\n%s", shown, screen)
				}
				switch g.Board().Kind {
				case "faces":
					if b := l.cells[0]; b.w != 2 {
						t.Errorf("cells %d wide, want 2:\n%s", b.w, screen)
					}
				case "pits":
					if sz[0] < 32 && l.cells[0].box {
						t.Errorf("boxed pits in %d columns:\n%s", sz[0], screen)
					}
				}
				// scrolling keeps the cursor's cell in view
				for c := range g.Board().Cells {
					v.SetCursor(c)
					lines := text(draw(t, v, sz[0], sz[1]))
					if !visible(v, c, sz[0]) {
						t.Fatalf("cursor on %s, not drawn whole:\n%s", g.Board().Cells[c].Name, strings.Join(lines, "\n"))
					}
					checkCaptionRow(t, v, lines, sz[0], sz[1])
				}
			})
		}
	}
}

// compactRows is the height of g's most compact picture without labels:
// a pane with fewer rows scrolls it.
func compactRows(g *core.Game) int {
	rows := 0
	for _, f := range layoutFor(g).candidates(g, 0, 0, false) {
		if l := f(false); l != nil {
			rows = l.h
		}
	}
	return rows
}

// Labels keep a blank column between themselves and the cells' text at
// every size: DVONN's row numbers touched a stack in a row's first cell
// (`3B2`).
func TestLabelsKeepClearOfCells(t *testing.T) {
	names, gs := games(t)
	for _, name := range names {
		g := gs[name]
		if IsCardTable(g) {
			continue // drawn as a card table, not a board (TestCardTableViews)
		}
		for _, sz := range [][2]int{{28, 18}, {38, 12}, {38, 18}, {44, 20}, {46, 22}, {80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s/%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				v := newView(g, g.NewState())
				lines := text(draw(t, v, sz[0], sz[1]))
				l := v.lay
				for _, lb := range l.labels {
					for c, b := range l.cells {
						if lb.y < b.y || lb.y >= b.y+b.h {
							continue
						}
						if lb.x-1 < b.x+b.w+l.spill && b.x < lb.x+textWidth(lb.text)+1 {
							t.Errorf("label %q at (%d,%d) touches cell %s at %+v:\n%s", lb.text, lb.x, lb.y, g.Board().Cells[c].Name, b, strings.Join(lines, "\n"))
						}
					}
				}
			})
		}
	}
	// the stacking phase of DVONN as the play screen shows it
	g := gs["dvonn"]
	s := playRecord(t, g, "dvonn-stacking.txt")
	v := newView(g, s)
	lines := text(draw(t, v, 46, 22))
	for _, lb := range v.lay.labels {
		row := []rune(lines[v.orgY+lb.y])
		x := v.orgX + lb.x
		if x > 0 && row[x-1] != ' ' || x+textWidth(lb.text) < len(row) && row[x+textWidth(lb.text)] != ' ' {
			t.Errorf("label %q touches the picture: %q", lb.text, string(row))
		}
	}
	if re := regexp.MustCompile(`(^|\s)[1-9][^\s]`); re.MatchString(strings.Join(lines, "\n")) {
		t.Errorf("a row number touches a cell:\n%s", strings.Join(lines, "\n"))
	}
}

// A flipped board puts the other side at the bottom: the first cell's
// place and the last's trade ends, for every shipped variant.
func TestFlipped(t *testing.T) {
	names, gs := games(t)
	for _, name := range names {
		g := gs[name]
		t.Run(name, func(t *testing.T) {
			v := newView(g, g.NewState())
			draw(t, v, 60, 22)
			a, z := v.lay.cells[0], v.lay.cells[g.Board().N()-1]
			v.SetFlipped(true)
			draw(t, v, 60, 22)
			fa, fz := v.lay.cells[0], v.lay.cells[g.Board().N()-1]
			w, h := v.lay.w, v.lay.h
			if fa.x != w-a.x-a.w || fa.y != h-a.y-a.h || fz.x != w-z.x-z.w || fz.y != h-z.y-z.h {
				t.Errorf("flipped: first %+v → %+v, last %+v → %+v (picture %d×%d)", a, fa, z, fz, w, h)
			}
		})
	}
}
