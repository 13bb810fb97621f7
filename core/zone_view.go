// This file holds hidden information over zones: each zone instance's
// visibility (declared, and changed in play by the reveal effect), what a
// seat sees of a State (View: the position with the zones it cannot see
// emptied, their sizes, and the pool of pieces it cannot place), an
// information-set key, and sampling a position consistent with a view
// (determinisation) for agents that must not read the truth.

package core

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

var revealEffect = effectType{
	name:    "reveal",
	doc:     "set who sees the contents of the listed zones from now on (a crib turned over, hands shown)",
	keys:    []*Key{&revealZonesKey, &revealVisibleKey},
	compile: compileReveal,
}

var (
	revealZonesKey = Key{Name: "zones", Type: TStrings, Required: true,
		Doc: "the zones (every seat's instance of a per-seat zone)"}
	revealVisibleKey = Key{Name: "visible", Type: TChoice, Default: "all", Allowed: visNames, Literal: true,
		Doc: "who sees them from now on: all, owner, none"}
)

type reveal struct {
	insts []int
	word  int32 // visibility + 1
}

func compileReveal(c *compiler, p, name, cite string) effect {
	g := c.g
	e := &reveal{}
	v := c.readChoice(p, &revealVisibleKey)
	for i, n := range visNames {
		if n == v {
			e.word = int32(i + 1)
		}
	}
	for _, zn := range c.readStrings(p, &revealZonesKey) {
		z := c.zoneNamed(keyPath(p, &revealZonesKey), zn)
		if z < 0 {
			continue
		}
		if int(e.word-1) == visOwner && !g.zones[z].perSeat {
			c.r.ValueErrorf(keyPath(p, &revealVisibleKey), "%s.visible: \"owner\" needs per-seat zones; %q is shared", p, zn)
			continue
		}
		for i := 0; i < g.zoneInstances(z); i++ {
			e.insts = append(e.insts, g.zones[z].first+i)
		}
	}
	g.visState = true
	return e
}

func (e *reveal) apply(s *State) {
	for _, zi := range e.insts {
		s.setVis(zi, e.word)
	}
}

// visKey is the hash key of zone instance zi's visibility word w (not 0).
func visKey(zi int, w int32) uint64 { return mix(uint64(zi)<<32 | uint64(uint32(w)) | 7<<60) }

// setVis sets zone instance zi's visibility word (0: as declared), hashed.
func (s *State) setVis(zi int, w int32) {
	i := s.g.lay.vis + zi
	old := s.buf[i]
	if old == w {
		return
	}
	if old != 0 {
		s.xorHash(visKey(zi, old))
	}
	if w != 0 {
		s.xorHash(visKey(zi, w))
	}
	s.buf[i] = w
}

// visOf returns the visibility of zone instance zi in s.
func (s *State) visOf(zi int) int {
	g := s.g
	if g.visState {
		if w := s.buf[g.lay.vis+zi]; w != 0 {
			return int(w - 1)
		}
	}
	return g.zones[g.zoneOf[zi]].visible
}

// seesInst reports whether viewer (-1: an onlooker who sees only what all
// see) sees the contents of zone instance zi.
func (s *State) seesInst(zi, viewer int) bool {
	switch s.visOf(zi) {
	case visAll:
		return true
	case visOwner:
		return viewer >= 0 && int(s.g.zoneSeat[zi]) == viewer
	}
	return false
}

// ZoneVisible reports whether viewer (a seat, or -1 for an onlooker) sees
// the contents of seat's instance of zone z in s.
func (g *Game) ZoneVisible(s *State, z, seat, viewer int) bool {
	return s.seesInst(g.zoneInst(z, seat), viewer)
}

// HasHidden reports whether some zone of the game may hide its contents
// from some seat (declared so, or changed by a reveal effect).
func (g *Game) HasHidden() bool {
	if g.visState {
		return true
	}
	for _, z := range g.zones {
		if z.visible != visAll {
			return true
		}
	}
	return false
}

// HiddenZone is a zone instance whose contents a view does not show.
type HiddenZone struct {
	Zone, Seat int // Seat: -1 for a shared zone
	Size       int
}

// View is what one seat sees of a position: Known is the position with
// the contents of every zone the seat cannot see taken out (the board,
// scores, the seat to move, visible zones and piles as they are), Hidden
// lists those zones with their sizes, and Unseen counts per kind the
// pieces they hold between them (what the seat knows is somewhere it
// cannot see). Sample fills the hidden zones from Unseen at random.
type View struct {
	Seat   int
	Known  *State
	Hidden []HiddenZone
	Unseen []int
	pool   []int
}

// View returns what seat (-1: an onlooker) sees of s.
func (g *Game) View(s *State, seat int) *View {
	v := &View{Seat: seat, Known: s.Clone(), Unseen: make([]int, len(g.kinds))}
	for zi := 0; zi < g.nzi; zi++ {
		if s.seesInst(zi, seat) {
			continue
		}
		n := 0
		for k := range g.kinds {
			for c := s.zoneCount(zi, k); c > 0; c-- {
				v.Known.zoneTake(zi, k)
				v.Unseen[k]++
				n++
			}
		}
		v.Hidden = append(v.Hidden, HiddenZone{Zone: int(g.zoneOf[zi]), Seat: int(g.zoneSeat[zi]), Size: n})
	}
	return v
}

// hiddenKey is the hash key of a hidden zone instance of size n.
func hiddenKey(zi, n int) uint64 { return mix(uint64(zi)<<32 | uint64(uint32(n)) | 9<<59) }

// InfoKey returns the key of seat's information set at s: a hash of what
// the seat sees (the position without the contents of the zones it cannot
// see, and those zones' sizes). Two positions that differ only in what the
// seat cannot see have the same key. It allocates nothing.
func (g *Game) InfoKey(s *State, seat int) uint64 {
	h := s.Hash()
	nk := len(g.kinds)
	for zi := 0; zi < g.nzi; zi++ {
		if s.seesInst(zi, seat) {
			continue
		}
		n := 0
		for k := 0; k < nk; k++ {
			i := zi*nk + k
			out := int(s.buf[g.lay.zone+i])
			n += g.zoneStart[i] - out
			// the key of the words as they are, out; the key of the
			// emptied zone (every piece taken: out = start), in
			if out != 0 {
				h ^= zoneKey(i, out)
			}
			if st := g.zoneStart[i]; st != 0 {
				h ^= zoneKey(i, st)
			}
		}
		if off := g.pileOff[zi]; off > 0 {
			for j := 0; j < int(s.buf[off]); j++ {
				h ^= pileKey(zi, j, s.buf[off+1+j])
			}
		}
		h ^= hiddenKey(zi, n)
	}
	return h
}

// Sample makes dst a position consistent with the view: Known with the
// hidden zones filled, to their sizes, by a uniformly random arrangement
// of the Unseen pieces. dst must belong to the view's game; nothing
// else is read, so what the seat cannot see never matters. It allocates
// nothing after the first call.
func (v *View) Sample(rng *rand.Rand, dst *State) {
	dst.CopyFrom(v.Known)
	v.pool = v.pool[:0]
	for k, n := range v.Unseen {
		for ; n > 0; n-- {
			v.pool = append(v.pool, k)
		}
	}
	for i := len(v.pool) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		v.pool[i], v.pool[j] = v.pool[j], v.pool[i]
	}
	g := dst.g
	at := 0
	for _, hz := range v.Hidden {
		zi := g.zoneInst(hz.Zone, max(hz.Seat, 0))
		for i := 0; i < hz.Size && at < len(v.pool); i++ {
			dst.zoneAdd(zi, v.pool[at], -1)
			at++
		}
	}
}

// ZoneContent is one zone instance as a viewer sees it (ZoneContents).
type ZoneContent struct {
	Zone string // the zone's name
	Seat int    // the seat of a per-seat instance; -1 for a shared zone
	// Visibility is who sees the instance now: "all", "owner" (its
	// seat) or "none" (a reveal may have changed the zone's own).
	Visibility string
	// Hidden: the viewer does not see the contents; Kinds and By are nil.
	Hidden bool
	Size   int // the pieces it holds
	// Kinds are the pieces' kinds: a pile's in its order, bottom first;
	// another zone's in kind order.
	Kinds []int
	// By is, for a pile, the seat that put each piece there (-1: none);
	// nil for other zones.
	By []int
	// Text is the instance's line of RenderZones.
	Text string
}

// VisibleTo returns the seats that see the instance's contents.
func (z ZoneContent) VisibleTo(g *Game) []int {
	switch z.Visibility {
	case "all":
		out := make([]int, len(g.seats))
		for i := range out {
			out[i] = i
		}
		return out
	case "owner":
		return []int{z.Seat}
	}
	return []int{}
}

// ZoneContents lists the zone instances as viewer (-1: an onlooker;
// AllSeats: the truth) sees them, in instance order: every zone, a per-seat
// zone seat by seat.
func ZoneContents(g *Game, s *State, viewer int) []ZoneContent {
	out := make([]ZoneContent, 0, g.nzi)
	for zi := 0; zi < g.nzi; zi++ {
		z := g.zones[g.zoneOf[zi]]
		c := ZoneContent{Zone: z.name, Seat: int(g.zoneSeat[zi]), Visibility: visNames[s.visOf(zi)], Size: s.zoneSize(zi)}
		var b strings.Builder
		fmt.Fprintf(&b, "zone %s", z.name)
		if c.Seat >= 0 {
			fmt.Fprintf(&b, " %s", g.seats[c.Seat])
		}
		b.WriteString(":")
		switch {
		case viewer != AllSeats && !s.seesInst(zi, viewer):
			c.Hidden = true
			fmt.Fprintf(&b, " hidden, %d pieces", c.Size)
		case g.pileOff[zi] > 0:
			off := g.pileOff[zi]
			c.Kinds, c.By = []int{}, []int{}
			for j := 0; j < int(s.buf[off]); j++ {
				e := s.buf[off+1+j]
				k, by := int(e&0xffff)-1, int(e>>16)-1
				c.Kinds, c.By = append(c.Kinds, k), append(c.By, by)
				b.WriteString(" " + g.kindName(k))
				if by >= 0 {
					b.WriteString("(" + g.seats[by] + ")")
				}
			}
		default:
			c.Kinds = []int{}
			for k := range g.kinds {
				for n := s.zoneCount(zi, k); n > 0; n-- {
					c.Kinds = append(c.Kinds, k)
					b.WriteString(" " + g.kinds[k].Name)
				}
			}
		}
		c.Text = b.String()
		out = append(out, c)
	}
	return out
}

// RenderZones writes the zones as viewer (-1: an onlooker; AllSeats: the
// truth) sees them, one line per zone instance: its pieces by name in kind
// order (a pile in its order, bottom first, each with the seat that put it
// there), or "hidden, N pieces".
func RenderZones(g *Game, s *State, viewer int) string {
	var b strings.Builder
	for _, c := range ZoneContents(g, s, viewer) {
		b.WriteString(c.Text + "\n")
	}
	return b.String()
}

// AllSeats stands for a viewer who sees everything (the truth), for
// RenderZones.
const AllSeats = -2

// MoveHidden reports whether the text of m, played from before to after,
// would show viewer (-1: an onlooker) pieces it may not see: a piece dealt
// or transferred from a zone it cannot see (before) to one it cannot see
// (after). A record holds every move's text (the truth); a screen shows
// such a move to viewer without it.
func (g *Game) MoveHidden(before, after *State, m Move, viewer int) bool {
	var from, to int
	switch {
	case m.IsChance():
		ev := chanceEv(m)
		if ev < 0 || ev >= len(g.chance) {
			return false
		}
		d, ok := g.chance[ev].(*dealEvent)
		if !ok {
			return false
		}
		seat := before.ToMove()
		if d.each {
			seat = (seat + int(before.chanceSlot(d.index, 0))) % len(g.seats)
		}
		from, to = d.src(before), g.zoneInst(d.to, seat)
	case m.Rule() >= 0 && m.Rule() < len(g.rules):
		r, ok := g.rules[m.Rule()].(*transferRule)
		if !ok {
			return false
		}
		seat := before.ToMove()
		from, to = g.zoneInst(r.from, seat), g.zoneInst(r.to, seat)
	default:
		return false
	}
	return !before.seesInst(from, viewer) && !after.seesInst(to, viewer)
}
