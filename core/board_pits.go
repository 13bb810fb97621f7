// This file holds the pits board kind (mancala).

package core

import (
	"rulesmith/core/board"
)

var pitsBoard = boardKind{
	name: "pits",
	doc:  "a mancala board: each seat's pits and store along one sowing track",
	keys: []*Key{&pitsCountKey, &pitsStoresKey},
	build: func(c *compiler) (*board.Board, string, error) {
		if len(c.g.seats) == 0 {
			return nil, "", nil
		}
		b, err := board.Pits(c.g.seats, c.readInt("board", &pitsCountKey), c.readBool("board", &pitsStoresKey))
		return b, "board.pits", err
	},
	render: renderPits,
}

var (
	pitsCountKey  = Key{Name: "pits", Type: TInt, Default: 6, Min: 1, Max: board.MaxCells, Doc: "pits per seat"}
	pitsStoresKey = Key{Name: "stores", Type: TBool, Default: true, Literal: true, Doc: "give each seat a store"}
)
