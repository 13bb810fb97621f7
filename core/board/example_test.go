package board_test

import (
	"fmt"

	"rulesmith/core/board"
)

// A rook's ray on a grid, and DVONN's hexagonal neighbours.
func Example() {
	g, _ := board.Grid(4, 4, false)
	b2, _ := g.Index("b2")
	for d, name := range g.Dirs {
		fmt.Print(name, ":")
		for _, c := range g.Ray(b2, d) {
			fmt.Print(" ", g.Cells[c].Name)
		}
		fmt.Println()
	}
	h, _ := board.Hex([]int{9, 10, 11, 10, 9})
	c3, _ := h.Index("c3")
	fmt.Print("c3 touches")
	for _, c := range h.Adjacent(c3) {
		fmt.Print(" ", h.Cells[c].Name)
	}
	fmt.Println()
	// Output:
	// n: b3 b4
	// e: c2 d2
	// s: b1
	// w: a2
	// c3 touches b2 c2 b3 d3 c4 d4
}
