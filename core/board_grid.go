// This file holds the grid board kind.

package core

import (
	"strings"

	"rulesmith/core/board"
)

var gridBoard = boardKind{
	name: "grid",
	doc:  "a width × height rectangle of cells a1, b1, …; directions n, e, s, w (and the diagonals)",
	keys: []*Key{&boardHolesKey, &gridWidthKey, &gridHeightKey, &gridDiagonalKey},
	build: func(c *compiler) (*board.Board, string, error) {
		errPath := "board.width"
		if !c.r.Has(errPath) {
			errPath = "board.height"
		}
		b, err := board.Grid(c.readInt("board", &gridWidthKey), c.readInt("board", &gridHeightKey), c.readBool("board", &gridDiagonalKey))
		return b, errPath, err
	},
	render: func(b *strings.Builder, g *Game, s *State) { renderRows(b, g, s, false, true) },
}

var (
	gridWidthKey    = Key{Name: "width", Type: TInt, Default: 8, Min: 1, Max: board.MaxCells, Doc: "columns"}
	gridHeightKey   = Key{Name: "height", Type: TInt, Default: 8, Min: 1, Max: board.MaxCells, Doc: "rows"}
	gridDiagonalKey = Key{Name: "diagonal", Type: TBool, Default: false, Literal: true,
		Doc: "add the four diagonal directions"}
)
