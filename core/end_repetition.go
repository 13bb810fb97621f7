// This file holds the repetition end condition. It is judged by History
// and Playout, which keep the positions met so far, so it compiles to no
// check of its own.

package core

var repetitionEnd = endType{
	name: "repetition",
	doc:  "the position after a move has occurred count times in the game: a draw",
	keys: []*Key{&repetitionCountKey},
	compile: func(c *compiler, p, name string) endCheck {
		c.g.repetition = c.readInt(p, &repetitionCountKey)
		c.g.repetitionEnd = name
		return nil
	},
}

var repetitionCountKey = Key{Name: "count", Type: TInt, Default: 3, Min: 2, Max: 100,
	Doc: "how many times a position must occur"}
