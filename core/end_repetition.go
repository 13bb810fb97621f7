// This file holds the repetition end condition. It is judged by History
// and Playout, which keep the positions met so far, so it compiles to no
// check of its own.

package core

var repetitionEnd = endType{
	name: "repetition",
	doc:  "the position after a move has occurred count times in the game: a draw (or, with forbid, such a move is illegal)",
	keys: []*Key{&repetitionCountKey, &repetitionForbidKey, &repetitionForbidWhenKey},
	compile: func(c *compiler, p, name string) endCheck {
		if c.readBool(p, &repetitionForbidKey) {
			c.g.repBan = &repetitionBan{count: c.readInt(p, &repetitionCountKey), name: name, cite: c.r.String(p+".cite", ""),
				cond: c.banCondition(p)}
			return nil
		}
		c.g.repetition = c.readInt(p, &repetitionCountKey)
		c.g.repetitionEnd = name
		return nil
	},
}

var repetitionCountKey = Key{Name: "count", Type: TInt, Default: 3, Min: 2, Max: 100,
	Doc: "how many times a position must occur"}
