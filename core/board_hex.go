// This file holds the hex board kind.

package core

import (
	"strings"

	"rulesmith/core/board"
)

var hexBoard = boardKind{
	name: "hex",
	doc:  "a hexagonal board from its row lengths, bottom row first (DVONN's axial notation)",
	keys: []*Key{&boardHolesKey, &hexRowsKey},
	build: func(c *compiler) (*board.Board, string, error) {
		rows := c.readInts("board", &hexRowsKey)
		if len(rows) == 0 {
			if !c.r.Has("board.rows") {
				c.r.Errorf("board", "board: a hex board needs rows = [...]")
			}
			return nil, "", nil
		}
		b, err := board.Hex(rows)
		return b, "board.rows", err
	},
	render: func(b *strings.Builder, g *Game, s *State) { renderRows(b, g, s, true, false) },
}

var hexRowsKey = Key{Name: "rows", Type: TIntsOrExpr, Required: true, Min: 1, Max: board.MaxCells,
	Doc: "row lengths, bottom row first; or an expression over [params] giving them ('map(1..size, size)': the size×size rhombus)"}
