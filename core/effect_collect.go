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
	// reset: the collection puts every zone back as it started
	// (zoneReset), when the zones hold every piece they started with
	reset bool
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
	c.collects = append(c.collects, e)
	return e
}

// linkZoneReset finds the collections that put every zone back as it
// started: the zones are closed (every move rule is a transfer with no
// promotion or state set, and the only effects are collections and
// scores, so the pieces only ever move from zone to zone and the zones
// always hold the pieces they started with), the collection empties every
// instance of every other zone into one shared zone that is not a pile,
// and that zone's instance held every piece at the start. The State then
// keeps the zones' share of the hash (lay.zhash), which zoneReset takes
// out. It runs once the zones' words are laid out (finishZones).
func (c *compiler) linkZoneReset() {
	g := c.g
	s := g.initial
	if len(c.collects) == 0 || s == nil || g.lay.zbitsW == 0 {
		return
	}
	for _, ru := range g.rules {
		tr, ok := ru.(*transferRule)
		if !ok || tr.promo != nil || tr.sets != nil {
			return
		}
	}
	for _, e := range c.effects {
		switch e.(type) {
		case *collect, *scoreEffect:
		default:
			return
		}
	}
	used := false
	for _, e := range c.collects {
		if e.onlyOne || e.to < 0 || g.zones[e.to].perSeat {
			continue
		}
		to := g.zones[e.to].first
		covered := make([]bool, len(g.zones))
		covered[e.to] = true
		for _, z := range e.from {
			covered[z] = true
		}
		ok := g.pileOff[to] == 0
		for z := range g.zones {
			ok = ok && covered[z]
		}
		for zi := 0; zi < g.nzi; zi++ {
			ok = ok && (zi == to || s.zoneSize(zi) == 0)
		}
		if ok {
			e.reset, used = true, true
		}
	}
	if !used {
		return
	}
	g.lay.zhash = g.lay.size // the start's zone words are zero and its piles empty: no key
	g.lay.size += 2
	s.buf = append(s.buf, 0, 0)
	for zi := 0; zi < g.nzi; zi++ {
		g.zoneTotal += s.zoneSize(zi)
	}
}

func (e *collect) apply(s *State) {
	g := s.g
	if e.reset && s.zoneReset() {
		return
	}
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
