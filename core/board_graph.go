// This file holds the graph board kind: any board, cell by cell.

package core

import (
	"fmt"

	"rulesmith/core/board"
)

var graphBoard = boardKind{
	name: "graph",
	doc:  "any board, cell by cell: [board.cells.NAME] with links and attributes",
	keys: []*Key{&graphCellsKey},
	build: func(c *compiler) (*board.Board, string, error) {
		b, err := c.graph()
		return b, "", err
	},
}

var graphCellsKey = Key{Name: "cells", Type: TTable,
	Doc: "[board.cells.NAME] tables: links (cell names) and attributes"}

func (c *compiler) graph() (*board.Board, error) {
	r := c.r
	var cells []board.GraphCell
	for _, name := range r.Keys("board.cells", nil) {
		p := "board.cells." + name
		gc := board.GraphCell{Name: name, Attrs: map[string]any{}}
		for _, k := range r.Keys(p, nil) {
			if k == "links" {
				gc.Links = r.Strings(p + ".links")
				continue
			}
			v, ok := r.Scalar(p + "." + k)
			if !ok {
				continue
			}
			if n, isInt := v.(int64); isInt {
				v = int(n)
			}
			gc.Attrs[k] = v
		}
		cells = append(cells, gc)
		if len(cells) > board.MaxCells {
			return nil, fmt.Errorf("more than %d cells", board.MaxCells)
		}
	}
	return board.Graph(cells)
}
