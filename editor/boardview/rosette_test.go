package boardview

import (
	"strings"
	"testing"
)

// The board for three (six faces round its centre) is drawn as a fan round
// the centre: in the play screen's 46×20 pane and at 80×24 every cell shows
// whole; cells that share an edge across two faces are drawn side by side
// (the 24 pairs along the six edges leaving the centre); the root face
// (White's left quadrant) is not mirrored: a1 left of d1 and under a4; and
// the seats' titles stand over the armies, Black's left of Red's.
func TestRosetteLayout(t *testing.T) {
	_, gs := games(t)
	g := gs["traditional/three-player-chess"]
	faces, ok := g.Board().Rosette(g.Display().RootFace)
	if !ok || len(faces) != 6 {
		t.Fatalf("not a rosette of six faces (%d)", len(faces))
	}
	faceOf := map[int]string{}
	for _, f := range faces {
		for _, rc := range f.Cells {
			faceOf[rc.Cell] = f.Name
		}
	}
	// cells sharing an edge: neighbours by +i, -i, +j, -j, across folds too
	edges := map[[2]int]bool{}
	for c := range g.Board().Cells {
		for d := 0; d < 4; d++ {
			if o := g.Board().Step(c, d); o >= 0 {
				edges[[2]int{min(c, o), max(c, o)}] = true
			}
		}
	}
	for _, sz := range [][2]int{{46, 20}, {80, 24}} {
		v := newView(g, g.NewState())
		lines := text(draw(t, v, sz[0], sz[1]))
		screen := strings.Join(lines, "\n")
		l := v.lay
		if !l.fits(sz[0], sz[1]) {
			t.Fatalf("%v: layout %d×%d does not fit:\n%s", sz, l.w, l.h, screen)
		}
		cw, ch := int(l.px), int(l.py)
		across := 0
		for pair := range edges {
			a, b := l.cells[pair[0]], l.cells[pair[1]]
			if faceOf[pair[0]] == faceOf[pair[1]] {
				continue
			}
			across++
			dx, dy := abs(a.x-b.x), abs(a.y-b.y)
			if !(dx == cw && dy == 0 || dx == 0 && dy == ch) {
				t.Errorf("%v: %s and %s share an edge but are drawn apart:\n%s", sz, g.Board().Cells[pair[0]].Name, g.Board().Cells[pair[1]].Name, screen)
			}
		}
		if across != 24 {
			t.Errorf("%v: %d pairs across faces, want 24", sz, across)
		}
		at := func(name string) cellBox {
			c, _ := g.Board().Index(name)
			return l.cells[c]
		}
		if a1, d1, a4 := at("a1"), at("d1"), at("a4"); !(a1.x < d1.x && a1.y == d1.y && a1.y > a4.y && a1.x == a4.x) {
			t.Errorf("%v: White's left quadrant mirrored or turned: a1 %+v d1 %+v a4 %+v", sz, a1, d1, a4)
		}
		black, red := strings.Index(screen, "Black"), strings.Index(screen, "Red")
		white := strings.Index(screen, "White")
		if black < 0 || red < 0 || white < 0 || black > red || red > white {
			t.Errorf("%v: want Black then Red over the board and White under it:\n%s", sz, screen)
		}
	}
}
