package board_test

import (
	"strings"
	"testing"

	"rulesmith/core/board"
)

func names(b *board.Board, cells []int32) string {
	var out []string
	for _, c := range cells {
		out = append(out, b.Cells[c].Name)
	}
	return strings.Join(out, " ")
}

func graphCells(ns ...string) []board.GraphCell {
	var out []board.GraphCell
	for _, n := range ns {
		out = append(out, board.GraphCell{Name: n})
	}
	return out
}

// Mu-torere as the readings draw it: a closed ring of 8 kewai and four
// diameters through the putahi b2.
func muTorere(t *testing.T) *board.Board {
	t.Helper()
	cells := graphCells("a1", "b1", "c1", "c2", "c3", "b3", "a3", "a2", "b2")
	idx := func(ns ...string) []int {
		var out []int
		for _, n := range ns {
			for i, c := range cells {
				if c.Name == n {
					out = append(out, i)
				}
			}
		}
		return out
	}
	b, err := board.Graph(cells,
		board.LineSet{Name: "ring", Dirs: [2]string{"ccw", "cw"}, Closed: true, Lines: [][]int{idx("a1", "b1", "c1", "c2", "c3", "b3", "a3", "a2")}},
		board.LineSet{Name: "ne", Dirs: [2]string{"ne", "sw"}, Lines: [][]int{idx("a1", "b2", "c3")}},
		board.LineSet{Name: "n", Dirs: [2]string{"n", "s"}, Lines: [][]int{idx("b1", "b2", "b3")}},
		board.LineSet{Name: "nw", Dirs: [2]string{"nw", "se"}, Lines: [][]int{idx("c1", "b2", "a3")}},
		board.LineSet{Name: "e", Dirs: [2]string{"e", "w"}, Lines: [][]int{idx("a2", "b2", "c2")}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func dirIndex(t *testing.T, b *board.Board, name string) int {
	t.Helper()
	for i, d := range b.Dirs {
		if d == name {
			return i
		}
	}
	t.Fatalf("no direction %s in %v", name, b.Dirs)
	return -1
}

func TestGraphLinesStepsRaysAndLoops(t *testing.T) {
	b := muTorere(t)
	a1, _ := b.Index("a1")
	b2, _ := b.Index("b2")
	a2, _ := b.Index("a2")
	if got := names(b, b.Adjacent(a1)); got != "b1 a2 b2" {
		t.Errorf("a1 neighbours %q, want b1 a2 b2 (ring both ways and the putahi; not the grid diagonal b2-less a2)", got)
	}
	if got := len(b.Adjacent(b2)); got != 8 {
		t.Errorf("putahi has %d neighbours, want 8", got)
	}
	cw, ccw := dirIndex(t, b, "cw"), dirIndex(t, b, "ccw")
	if got := b.Step(a1, cw); got != a2 {
		t.Errorf("a1 cw = %d, want a2 (the loop closes a2-a1)", got)
	}
	if got := names(b, b.Ray(a1, ccw)); got != "b1 c1 c2 c3 b3 a3 a2" {
		t.Errorf("ray a1 ccw = %q: a ray round a loop stops before its start", got)
	}
	if got := names(b, b.Ray(a1, dirIndex(t, b, "ne"))); got != "b2 c3" {
		t.Errorf("ray a1 ne = %q", got)
	}
	if b.Step(b2, cw) != board.NoCell {
		t.Error("the putahi is on no ring line")
	}
	if b.Opposite(cw) != ccw || b.Opposite(dirIndex(t, b, "n")) != dirIndex(t, b, "s") {
		t.Error("opposites of a line family's directions")
	}
	if len(b.Lines()) != 5 || !b.Lines()[0].Closed || b.Lines()[1].Closed {
		t.Errorf("lines %v", b.Lines())
	}
}

func TestGraphLinesRefused(t *testing.T) {
	cells := graphCells("a", "b", "c")
	for _, tc := range []struct {
		name string
		sets []board.LineSet
		want string
	}{
		{"one point", []board.LineSet{{Name: "x", Dirs: [2]string{"f", "b"}, Lines: [][]int{{0}}}}, "line 1 has 1 point; a line joins at least two"},
		{"twice", []board.LineSet{{Name: "x", Dirs: [2]string{"f", "b"}, Lines: [][]int{{0, 1, 0}}}}, "passes twice through a"},
		{"ambiguous", []board.LineSet{{Name: "x", Dirs: [2]string{"f", "b"}, Lines: [][]int{{0, 1}, {0, 2}}}},
			`point a lies on two lines with direction "f" (x line 1 and x line 2)`},
		{"same dirs", []board.LineSet{{Name: "x", Dirs: [2]string{"f", "f"}, Lines: [][]int{{0, 1}}}}, "two different direction names"},
		{"short loop", []board.LineSet{{Name: "x", Dirs: [2]string{"f", "b"}, Closed: true, Lines: [][]int{{0, 1}}}}, "a loop needs at least three"},
	} {
		_, err := board.Graph(cells, tc.sets...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// A cross (the Fox and Geese board) as a 7×7 grid without its corners.
func TestDropHoles(t *testing.T) {
	g, _ := board.Grid(7, 7, false)
	corner := func(c int) bool {
		x, y := g.Cells[c].Attrs["x"].(int), g.Cells[c].Attrs["y"].(int)
		return (x <= 2 || x >= 6) && (y <= 2 || y >= 6)
	}
	b, err := g.Drop(corner)
	if err != nil {
		t.Fatal(err)
	}
	if b.N() != 33 {
		t.Fatalf("cross has %d cells, want 33", b.N())
	}
	c1, _ := b.Index("c1")
	a3, _ := b.Index("a3")
	e := dirIndex(t, b, "e")
	if got := names(b, b.Ray(c1, dirIndex(t, b, "n"))); got != "c2 c3 c4 c5 c6 c7" {
		t.Errorf("ray c1 n = %q", got)
	}
	if got := names(b, b.Ray(c1, e)); got != "d1 e1" {
		t.Errorf("ray c1 e = %q: a ray stops before a hole", got)
	}
	if b.Step(a3, dirIndex(t, b, "s")) != board.NoCell {
		t.Error("a3 s is a hole")
	}
	if got := names(b, b.Adjacent(c1)); got != "d1 c2" {
		t.Errorf("c1 neighbours %q", got)
	}
	if _, ok := b.Index("a1"); ok {
		t.Error("a1 is a hole")
	}
	if _, err := g.Drop(func(int) bool { return true }); err == nil || !strings.Contains(err.Error(), "every cell") {
		t.Errorf("dropping every cell: %v", err)
	}
	// Dropping column d of a 7×7 grid cuts it in two.
	_, err = g.Drop(func(c int) bool { return g.Cells[c].Attrs["x"] == 4 })
	if err == nil || err.Error() != "the holes cut the board into 2 parts that no step joins: e1 is cut off from a1" {
		t.Errorf("split board: %v", err)
	}
}
