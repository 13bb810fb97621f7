// This file holds [turns] on_resign: effects run as a seat leaves the game
// by resigning, so that what it abandons goes where the rules say (the
// pieces it still held off the board sent to another of its zones by a
// collect with seats = "mover").

package core

import (
	"fmt"
	"strings"

	"rulesmith/core/diag"
)

var onResignKey = Key{Name: "on_resign", Type: TStrings,
	Doc: "[effects] run as a seat resigns (when the resignation takes effect), as if that seat had just moved: a collect with seats = \"mover\" sends the pieces it abandons in its zones to another zone"}

// compileOnResign reads [turns] on_resign: names of [effects] tables.
func (c *compiler) compileOnResign() {
	p := keyPath("turns", &onResignKey)
	for i, name := range c.readStrings("turns", &onResignKey) {
		ep := fmt.Sprintf("%s.%d", p, i)
		e, ok := c.effects[name]
		if !ok {
			if s := diag.Closest(name, sortedKeys(c.effects)); s != "" {
				c.r.ValueErrorf(ep, "%s: unknown effect %q (did you mean %q?)", p, name, s)
			} else if len(c.effects) > 0 {
				c.r.ValueErrorf(ep, "%s: unknown effect %q (effects: %s)", p, name, strings.Join(sortedKeys(c.effects), ", "))
			} else {
				c.r.ValueErrorf(ep, "%s: unknown effect %q; declare it as [effects.%s]", p, name, name)
			}
			continue
		}
		if _, ok := e.(*markTargets); ok {
			c.r.ValueErrorf(ep, "%s: effect %q marks the targets of a move; a resignation moves no piece", p, name)
			continue
		}
		c.g.onResign = append(c.g.onResign, e)
	}
}

// runOnResign applies the on_resign effects for seat, which is the mover
// while they run.
func (g *Game) runOnResign(s *State, seat int) {
	if len(g.onResign) == 0 {
		return
	}
	was := s.ToMove()
	s.setToMove(seat)
	for _, e := range g.onResign {
		e.apply(s)
	}
	s.setToMove(was)
}
