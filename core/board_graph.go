// This file holds the graph board kind: any board, cell by cell.

package core

import (
	"strings"

	"rulesmith/core/board"
)

var graphBoard = boardKind{
	name: "graph",
	doc:  "any board, cell by cell: [board.cells.NAME] with links and attributes",
	keys: []*Key{&graphPointsKey, &graphCellsKey, &graphLinesKey, &boardHolesKey},
	build: func(c *compiler) (*board.Board, string, error) {
		b, err := c.graph()
		return b, "", err
	},
	// a board of points and lines is drawn with its lines; any other graph
	// as the list of its occupied cells
	render: func(b *strings.Builder, g *Game, s *State) {
		if sk, ok := g.board.LineSketch(4, 2); ok {
			renderSketch(b, g, s, sk)
		}
	},
}

// graphCellKeys are the keys of [board.cells.NAME] besides its attributes.
var graphCellKeys = []*Key{
	{Name: "links", Type: TStrings, Doc: "the cells this one is linked to (links are symmetric)"},
}

// lineFamilyKeys are the keys of [board.lines.FAMILY].
var lineFamilyKeys = []*Key{
	{Name: "dirs", Type: TStrings, Doc: "two direction names, forward then backward along each line (default: FAMILY+, FAMILY-)"},
	{Name: "closed", Type: TBool, Default: false, Literal: true, Doc: "each line closes into a ring"},
	{Name: "lines", Type: TStringLists, Required: true, Doc: "the lines: arrays of point names"},
}

var (
	graphPointsKey = Key{Name: "points", Type: TStrings, Doc: "point names; d5 gets x = 4, y = 5"}
	graphCellsKey  = Key{Name: "cells", Type: TTable, Doc: "[board.cells.NAME] tables: links (cell names) and attributes"}
	graphLinesKey  = Key{Name: "lines", Type: TTable, Doc: "[board.lines.FAMILY] tables: lines that join points and give directions"}
)
