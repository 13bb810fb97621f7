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
