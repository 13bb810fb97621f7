// This file holds the zone flow: which kinds each zone instance can ever
// hold, found at compile time from its start contents and every way the
// rules put pieces into zones (captures sent to a zone, transfers, swaps,
// deals, collections). The notation check asks it which kinds a seat can
// take out of its zone, so that kinds written alike that never meet in one
// zone do not count as a clash.

package core

// Who receives a fed piece.
const (
	feedOwner = iota // board pieces: their owner's instance (a shared zone's only one)
	feedMover        // the mover's instance; from a zone: the seat's instance of both
	feedAny          // any seat's instance
)

// zoneFeed is one way pieces come into zone to: from the board (from -1)
// or from zone from, of the kinds allowed (nil: any), to the instance seat
// says (feedOwner, feedMover, feedAny).
type zoneFeed struct {
	to, from int
	kinds    []bool
	seat     int
}

// zoneFeeder is a primitive (a move rule, an effect, a chance event) that
// puts pieces into zones: every primitive that calls zoneAdd reports each
// way it does, or the zone flow misses it; so does a rule wrapping
// another (thenRule). Captures sent to a zone report through
// readCaptureTo. TestZoneFillersAreFeeders finds, in the source, the
// types that call zoneAdd and are not zoneFeeders; TestZoneFlowHoldsInPlay
// checks the flow against random games.
type zoneFeeder interface {
	zoneFeeds(g *Game, feed func(zoneFeed))
}

func (r *transferRule) zoneFeeds(_ *Game, feed func(zoneFeed)) {
	feed(zoneFeed{to: r.to, from: r.from, kinds: r.kinds, seat: feedMover})
}

// zoneFeeds: the mover's own board pieces go to its zone; with common,
// the neutral ones too (to any seat's instance: whoever swaps them).
func (r *swapRule) zoneFeeds(g *Game, feed func(zoneFeed)) {
	feed(zoneFeed{to: r.zone, from: -1, kinds: r.kinds, seat: feedOwner})
	if len(r.commonPieces) == 0 {
		return
	}
	kinds := make([]bool, len(g.kinds))
	for _, p := range r.commonPieces {
		if k := g.pieceKind[p]; r.kinds == nil || r.kinds[k] {
			kinds[k] = true
		}
	}
	feed(zoneFeed{to: r.zone, from: -1, kinds: kinds, seat: feedAny})
}

// zoneFeeds: a rule under a follow-up feeds what it feeds alone, and so
// does a follow-up that moves a piece (a remove or a place feeds nothing).
func (t *thenRule) zoneFeeds(g *Game, feed func(zoneFeed)) {
	if f, ok := t.rule.(zoneFeeder); ok {
		f.zoneFeeds(g, feed)
	}
	for _, w := range t.walks {
		if f, ok := rule(w).(zoneFeeder); ok {
			f.zoneFeeds(g, feed)
		}
	}
}

func (e *collect) zoneFeeds(_ *Game, feed func(zoneFeed)) {
	for _, z := range e.from {
		feed(zoneFeed{to: e.to, from: z, seat: feedMover})
	}
}

func (d *dealEvent) zoneFeeds(_ *Game, feed func(zoneFeed)) {
	seat := feedMover
	if d.each {
		seat = feedAny
	}
	feed(zoneFeed{to: d.to, from: d.from, seat: seat})
}

// zoneHolds returns, per zone instance, the kinds it can ever hold: its
// start contents and, to a fixed point, whatever the feeds bring.
func (c *compiler) zoneHolds() [][]bool {
	g := c.g
	nk := len(g.kinds)
	holds := make([][]bool, g.nzi)
	for zi := range holds {
		holds[zi] = make([]bool, nk)
		for k := 0; k < nk; k++ {
			holds[zi][k] = g.zoneStart[zi*nk+k] > 0
		}
	}
	feeds := append([]zoneFeed(nil), c.capFeeds...)
	add := func(f zoneFeed) { feeds = append(feeds, f) }
	for _, ru := range g.rules {
		if f, ok := ru.(zoneFeeder); ok {
			f.zoneFeeds(g, add)
		}
	}
	for _, e := range c.effects {
		if f, ok := e.(zoneFeeder); ok {
			f.zoneFeeds(g, add)
		}
	}
	for _, ev := range g.chance {
		if f, ok := ev.(zoneFeeder); ok {
			f.zoneFeeds(g, add)
		}
	}
	// owned[seat][k]: the seat owns pieces of kind k
	owned := make([][]bool, len(g.seats))
	for s := range owned {
		owned[s] = make([]bool, nk)
		for _, p := range g.seatPieces[s] {
			owned[s][g.pieceKind[p]] = true
		}
	}
	changed := true
	put := func(zi int, src []bool, kinds []bool) {
		for k, ok := range src {
			if ok && (kinds == nil || kinds[k]) && !holds[zi][k] {
				holds[zi][k], changed = true, true
			}
		}
	}
	every := make([]bool, nk)
	for k := range every {
		every[k] = true
	}
	for changed {
		changed = false
		for _, f := range feeds {
			if f.to < 0 || f.to >= len(g.zones) {
				continue
			}
			shared := !g.zones[f.to].perSeat
			for s := range g.seats {
				to := g.zoneInst(f.to, s)
				var src []bool
				switch {
				case f.from < 0 && (f.seat == feedAny || shared):
					src = every
				case f.from < 0:
					src = owned[s]
				case f.from < len(g.zones) && f.seat == feedMover:
					src = holds[g.zoneInst(f.from, s)]
				case f.from < len(g.zones):
					for i := 0; i < g.zoneInstances(f.from); i++ {
						put(to, holds[g.zones[f.from].first+i], f.kinds)
					}
					continue
				}
				if src != nil {
					put(to, src, f.kinds)
				}
			}
		}
	}
	return holds
}
