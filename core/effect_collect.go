// This file holds the collect effect: every piece of some zones goes to
// one zone (the cards back to the deck for a new deal; a piece waiting a
// turn goes on to its reserve). apply allocates nothing.

package core

var collectEffect = effectType{
	name:    "collect",
	doc:     "move every piece of the listed zones to one zone",
	keys:    []*Key{&collectFromKey, &collectToKey, &collectSeatsKey},
	compile: compileCollect,
}

var (
	collectFromKey = Key{Name: "from", Type: TStrings, Required: true,
		Doc: "the zones emptied"}
	collectToKey = Key{Name: "to", Type: TString, Required: true,
		Doc: "the zone that receives them (per-seat: a per-seat zone's pieces go to the same seat's, a shared zone's to the mover's)"}
	collectSeatsKey = Key{Name: "seats", Type: TChoice, Default: "all", Allowed: []string{"all", "mover"},
		Doc: "whose instances of per-seat zones are emptied: every seat's, or the mover's only"}
)

type collect struct {
	from    []int
	to      int
	onlyOne bool // only the mover's instances
}

func compileCollect(c *compiler, p, name, cite string) effect {
	e := &collect{to: c.zoneNamed(keyPath(p, &collectToKey), c.readString(p, &collectToKey))}
	e.onlyOne = c.readChoice(p, &collectSeatsKey) == "mover"
	for _, zn := range c.readStrings(p, &collectFromKey) {
		z := c.zoneNamed(keyPath(p, &collectFromKey), zn)
		if z < 0 {
			continue
		}
		if z == e.to {
			c.r.ValueErrorf(keyPath(p, &collectFromKey), "%s.from: %q is also the zone collected to", p, zn)
			continue
		}
		e.from = append(e.from, z)
	}
	if e.to < 0 {
		return nil
	}
	c.g.zoneFlow = true
	return e
}

func (e *collect) apply(s *State) {
	g := s.g
	mover := s.ToMove() // effects run before the turn passes
	for _, z := range e.from {
		for i := 0; i < g.zoneInstances(z); i++ {
			seat := mover
			if g.zones[z].perSeat {
				seat = i
				if e.onlyOne && seat != mover {
					continue
				}
			}
			from, to := g.zones[z].first+i, g.zoneInst(e.to, seat)
			toPile := g.pileOff[to] > 0
			s.pileClear(from) // a pile emptied: its sequence goes at once
			if !toPile && s.zoneEmptyInto(from, to) {
				continue
			}
			// the kinds the zone holds, by its bits when the game keeps them;
			// all the pieces of a kind move in one change of each count
			ks := s.zoneKindCounts(from, s.genKinds[:0])
			s.genKinds = ks
			for j := 0; j < len(ks); j += 2 {
				k, n := int(ks[j]), int(ks[j+1])
				s.addOut(from, k, n)
				if !toPile {
					s.addOut(to, k, -n)
					continue
				}
				for ; n > 0; n-- {
					s.zoneAdd(to, k, -1)
				}
			}
		}
	}
}
