// This file holds the check that no zone holds fewer than no pieces of a
// kind. The primitives check their counts before taking a piece, so the
// check is a safety net: it runs where a move is recorded (History.Play,
// which every record, the CLI and the editor go through) and in the tests
// after every move of random games, never in Game.Play or the playouts.

package core

import "fmt"

// zoneNegative returns the first zone instance and kind whose count is
// below zero, and the count; zi is -1 when there is none.
func (s *State) zoneNegative() (zi, k, n int) {
	g := s.g
	nk := len(g.kinds)
	for zi := 0; zi < g.nzi; zi++ {
		row := zi * nk
		for k := 0; k < nk; k++ {
			if n := g.zoneStart[row+k] - int(s.buf[g.lay.zone+row+k]); n < 0 {
				return zi, k, n
			}
		}
	}
	return -1, -1, 0
}

// zoneInstName names zone instance zi: "hand of South", "crib".
func (g *Game) zoneInstName(zi int) string {
	z := int(g.zoneOf[zi])
	if g.zones[z].perSeat {
		return g.zones[z].name + " of " + g.seats[g.zoneSeat[zi]]
	}
	return g.zones[z].name
}

// checkZones reports a zone of s left with a negative count by move m,
// played from before.
func (g *Game) checkZones(before, s *State, m Move) error {
	if g.nzi == 0 {
		return nil
	}
	zi, k, n := s.zoneNegative()
	if zi < 0 {
		return nil
	}
	rule := "a chance outcome"
	if !m.IsChance() && m.Rule() < len(g.rules) {
		b := g.rules[m.Rule()].base()
		rule = fmt.Sprintf("rule %q", b.name)
	}
	return fmt.Errorf("core: %s: %s would leave %d %s in %s (a zone holds no fewer than none): the move is refused",
		g.Format(before, m), rule, n, g.kinds[k].Name, g.zoneInstName(zi))
}
