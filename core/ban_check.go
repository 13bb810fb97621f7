// This file holds the condition that turns a repetition ban into a ban on
// perpetual check: with forbid_when = "check", a move that would repeat a
// position count times is refused only when it gives check (after it, a
// royal piece of the seat then to move could be taken: [turns] royal).
// Two occurrences of one position have the same seat to move and the same
// pieces, so each was, like this one, reached by a checking move of the
// same seat.

package core

var repetitionForbidWhenKey = Key{Name: "forbid_when", Type: TChoice, Default: "always", Allowed: []string{"always", "check"},
	Doc: `with forbid: "always", or "check": only a move that gives check (after it the seat to move is in check, [turns] royal) is refused: perpetual check`}

// banCondition reads forbid_when of the repetition end at p: the ban's
// condition, or nil for always.
func (c *compiler) banCondition(p string) func(before, after *State) bool {
	if c.readChoice(p, &repetitionForbidWhenKey) != "check" {
		return nil
	}
	if c.readString("turns", &royalKey) == "" {
		c.r.Errorf(keyPath(p, &repetitionForbidWhenKey), "%s.forbid_when: \"check\" needs royal pieces ([turns] royal)", p)
		return nil
	}
	g := c.g
	return func(_, after *State) bool { return g.InCheck(after, after.ToMove()) }
}
