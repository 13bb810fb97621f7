package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
)

// A graph board with lines gives steps their directions (variant-format.md,
// "Lines of a graph board"): the Nine Men's Morris lines of the readings,
// one man each on d2 and a1; d2 steps to d1, d3, b2 and f2, a1 to d1 and a4.
func TestGraphLinesSteps(t *testing.T) {
	g, err := core.LoadBytes("lines.toml", []byte(`name = "test/lines"
[players]
seats = ["white", "black"]
[board]
kind = "graph"
points = ["a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4",
          "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"]
[board.lines.rows]
dirs = ["e", "w"]
lines = [["a1", "d1", "g1"], ["b2", "d2", "f2"], ["c3", "d3", "e3"], ["a4", "b4", "c4"],
         ["e4", "f4", "g4"], ["c5", "d5", "e5"], ["b6", "d6", "f6"], ["a7", "d7", "g7"]]
[board.lines.cols]
dirs = ["n", "s"]
lines = [["a1", "a4", "a7"], ["b2", "b4", "b6"], ["c3", "c4", "c5"], ["d1", "d2", "d3"],
         ["d5", "d6", "d7"], ["e3", "e4", "e5"], ["f2", "f4", "f6"], ["g1", "g4", "g7"]]
[pieces.man]
owner = "white"
[setup.pieces]
d2 = "man"
a1 = "man"
[moves.step]
type = "step"
`))
	if err != nil {
		t.Fatal(err)
	}
	if got := legal(g, g.NewState()); got != "a1-a4 a1-d1 d2-b2 d2-d1 d2-d3 d2-f2" {
		t.Fatalf("steps %q", got)
	}
	if x, ok := g.Board().Index("d5"); !ok || g.Board().Cells[x].Attrs["x"] != 4 || g.Board().Cells[x].Attrs["y"] != 5 {
		t.Fatal("point d5 has x = 4, y = 5")
	}
}

// Holes make a cross of a grid (variant-format.md, "Holes"): a slide from c1
// northward runs up the arm, and eastward stops at e1, before the hole f1.
func TestGridHolesSlides(t *testing.T) {
	g, err := core.LoadBytes("cross.toml", []byte(`name = "test/cross"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 7
height = 7
holes = '(x <= 2 || x >= 6) && (y <= 2 || y >= 6)'
[pieces.man]
owner = "white"
[setup.pieces]
c1 = "man"
[moves.slide]
type = "slide"
`))
	if err != nil {
		t.Fatal(err)
	}
	if g.Board().N() != 33 {
		t.Fatalf("%d cells, want 33", g.Board().N())
	}
	if got := legal(g, g.NewState()); got != "c1-c2 c1-c3 c1-c4 c1-c5 c1-c6 c1-c7 c1-d1 c1-e1" {
		t.Fatalf("slides %q", got)
	}
	if r := core.Render(g, g.NewState()); !strings.Contains(r, "\n 1         M   .   .   \n") {
		t.Fatalf("the cross is drawn with its holes as gaps:\n%s", r)
	}
}
