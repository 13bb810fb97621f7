package board_test

import (
	"fmt"
	"testing"

	"rulesmith/core/board"
)

// rosetteBoard builds square faces from (origin, u, v, size) rows.
func rosetteBoard(t *testing.T, faces []board.Face) *board.Board {
	t.Helper()
	b, err := board.Faces(faces, func(f board.Face, i, j int) string { return fmt.Sprintf("%s%d%d", f.Name, i, j) })
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The six 4×4 quadrants of the board for three, as the shipped variant
// declares them round the origin (wl, wr, rl, rr, bl, br: the readings'
// central rosette d4 e4 e9 i9 i5 d5), a cube corner and a flat 2×2 of
// faces are rosettes of 6, 3 and 4 faces; two faces meeting along an edge,
// and three faces that share a corner without going round it, are not.
func TestRosette(t *testing.T) {
	sq := func(name string, o, u, v [3]int, w, h int) board.Face {
		return board.Face{Name: name, Origin: o, U: u, V: v, W: w, H: h}
	}
	zero := [3]int{}
	saddle := []board.Face{
		sq("wl", zero, [3]int{1, 0, 0}, [3]int{0, 1, 0}, 4, 4),
		sq("wr", zero, [3]int{0, 0, 1}, [3]int{0, 1, 0}, 4, 4),
		sq("rl", zero, [3]int{0, 0, 1}, [3]int{-1, 0, 0}, 4, 4),
		sq("rr", zero, [3]int{0, -1, 0}, [3]int{-1, 0, 0}, 4, 4),
		sq("bl", zero, [3]int{0, -1, 0}, [3]int{0, 0, -1}, 4, 4),
		sq("br", zero, [3]int{1, 0, 0}, [3]int{0, 0, -1}, 4, 4),
	}
	cube := []board.Face{
		sq("b", zero, [3]int{1, 0, 0}, [3]int{0, 1, 0}, 3, 3),
		sq("y", zero, [3]int{0, 1, 0}, [3]int{0, 0, 1}, 3, 3),
		sq("g", zero, [3]int{0, 0, 1}, [3]int{1, 0, 0}, 3, 3),
	}
	// four faces in the plane z = 0, all with a corner at (2,2,0), the
	// lower-right one with its axes pointing at that corner
	flat := []board.Face{
		sq("sw", zero, [3]int{1, 0, 0}, [3]int{0, 1, 0}, 2, 2),
		sq("se", [3]int{4, 0, 0}, [3]int{-1, 0, 0}, [3]int{0, 1, 0}, 2, 2),
		sq("ne", [3]int{2, 2, 0}, [3]int{1, 0, 0}, [3]int{0, 1, 0}, 2, 2),
		sq("nw", [3]int{0, 2, 0}, [3]int{1, 0, 0}, [3]int{0, 1, 0}, 2, 2),
	}
	cases := []struct {
		name  string
		faces []board.Face
		root  string
		want  string // the faces in order, each with its cell at A=B=1 and at A=2,B=1
	}{
		{"saddle", saddle, "", "wl(wl11 wl21) wr(wr11 wr12) rl(rl11 rl21) rr(rr11 rr12) bl(bl11 bl21) br(br11 br12)"},
		{"saddle from bl", saddle, "bl", "bl(bl11 bl21) br(br11 br12) wl(wl11 wl21) wr(wr11 wr12) rl(rl11 rl21) rr(rr11 rr12)"},
		// each face's i edge leaves the corner, and is the edge it shares
		// with the face before it
		{"cube corner", cube, "", "b(b11 b21) y(y11 y21) g(g11 g21)"},
		// sw's i and j both run toward the corner, so its A and B do too
		// (−x, then −y: counter-clockwise in the plane, as sw's own i and
		// j); se shares −y with it, ne +x, nw +y
		{"flat", flat, "", "sw(sw22 sw12) se(se22 se21) ne(ne11 ne21) nw(nw21 nw22)"},
	}
	for _, tc := range cases {
		faces, ok := rosetteBoard(t, tc.faces).Rosette(tc.root)
		if !ok {
			t.Errorf("%s: not a rosette", tc.name)
			continue
		}
		b := rosetteBoard(t, tc.faces)
		got := ""
		for k, f := range faces {
			if k > 0 {
				got += " "
			}
			name := map[[2]int]string{}
			for _, rc := range f.Cells {
				name[[2]int{rc.A, rc.B}] = b.Cells[rc.Cell].Name
			}
			got += fmt.Sprintf("%s(%s %s)", f.Name, name[[2]int{1, 1}], name[[2]int{2, 1}])
			if len(f.Cells) != f.LenA*f.LenB {
				t.Errorf("%s: face %s has %d cells, want %d×%d", tc.name, f.Name, len(f.Cells), f.LenA, f.LenB)
			}
		}
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name  string
		faces []board.Face
	}{
		{"two faces", saddle[:2]},
		{"an open fan", saddle[:4]},
	} {
		if _, ok := rosetteBoard(t, tc.faces).Rosette(""); ok {
			t.Errorf("%s: a rosette", tc.name)
		}
	}
	g, err := board.Grid(4, 4, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.Rosette(""); ok {
		t.Error("a grid is a rosette")
	}
}

// RosetteFan places the six quadrants of the board for three on a grid:
// one cell per place, 14 places wide and 12 high, every pair of cells that
// share an edge across two quadrants side by side, the root quadrant
// square and unmirrored (its i to the left, its j down: i and j both run
// away from the centre at the grid's (0,0)); a cube corner (three faces) is
// left to the flat unfoldings.
func TestRosetteFan(t *testing.T) {
	zero := [3]int{}
	sq := func(name string, u, v [3]int) board.Face {
		return board.Face{Name: name, Origin: zero, U: u, V: v, W: 4, H: 4}
	}
	b := rosetteBoard(t, []board.Face{
		sq("wl", [3]int{1, 0, 0}, [3]int{0, 1, 0}), sq("wr", [3]int{0, 0, 1}, [3]int{0, 1, 0}),
		sq("rl", [3]int{0, 0, 1}, [3]int{-1, 0, 0}), sq("rr", [3]int{0, -1, 0}, [3]int{-1, 0, 0}),
		sq("bl", [3]int{0, -1, 0}, [3]int{0, 0, -1}), sq("br", [3]int{1, 0, 0}, [3]int{0, 0, -1}),
	})
	xs, ys, ok := b.RosetteFan("wl")
	if !ok {
		t.Fatal("no fan")
	}
	used := map[[2]int]string{}
	x0, x1, y0, y1 := 0, 0, 0, 0
	for c := range xs {
		if o, dup := used[[2]int{xs[c], ys[c]}]; dup {
			t.Errorf("%s and %s share a place", o, b.Cells[c].Name)
		}
		used[[2]int{xs[c], ys[c]}] = b.Cells[c].Name
		x0, x1, y0, y1 = min(x0, xs[c]), max(x1, xs[c]), min(y0, ys[c]), max(y1, ys[c])
	}
	if w, h := x1-x0+1, y1-y0+1; w != 14 || h != 12 {
		t.Errorf("fan %d×%d, want 14×12", w, h)
	}
	face := func(c int) string { return b.Cells[c].Attrs["face"].(string) }
	across := 0
	for c := range b.Cells {
		for d := 0; d < 4; d++ {
			o := b.Step(c, d)
			if o < 0 || o < c || face(o) == face(c) {
				continue
			}
			across++
			if dx, dy := xs[c]-xs[o], ys[c]-ys[o]; dx*dx+dy*dy != 1 {
				t.Errorf("%s and %s share an edge, placed (%d,%d) and (%d,%d)", b.Cells[c].Name, b.Cells[o].Name, xs[c], ys[c], xs[o], ys[o])
			}
		}
	}
	if across != 24 {
		t.Errorf("%d pairs across faces, want 24", across)
	}
	at := func(name string) [2]int {
		c, _ := b.Index(name)
		return [2]int{xs[c], ys[c]}
	}
	if got := [3][2]int{at("wl11"), at("wl41"), at("wl14")}; got != [3][2]int{{-1, -1}, {-4, -1}, {-1, -4}} {
		t.Errorf("root face cells (1,1), (4,1), (1,4) at %v, want (-1,-1), (-4,-1), (-1,-4)", got)
	}
	cube := rosetteBoard(t, []board.Face{
		sq("b", [3]int{1, 0, 0}, [3]int{0, 1, 0}), sq("y", [3]int{0, 1, 0}, [3]int{0, 0, 1}), sq("g", [3]int{0, 0, 1}, [3]int{1, 0, 0}),
	})
	if _, _, ok := cube.RosetteFan(""); ok {
		t.Error("a cube corner drawn as a fan")
	}
}
