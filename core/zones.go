// This file holds zones: named places off the board holding pieces as
// counts per kind (a multiset), per seat or shared, some of them ordered
// (a pile, which also keeps the sequence in which its pieces came and who
// put each there). The hand is the built-in per-seat zone. Every piece in
// a zone is backed by a piece instance off the board, so zone pieces can be
// placed and board pieces can go to a zone.
//
// A zone's contents live in the State: one word per (zone instance, kind)
// holding the pieces taken from it less those put into it since the start
// (so a start position's words are zero, as the hands' always were), and,
// for a pile, a length word and one entry per piece. Every change goes
// through zoneAdd and zoneTake, which keep the incremental hash: a key of
// (zone instance, kind, count − start count) when that difference is not
// zero, and for a pile a key of (zone instance, position, entry). Nothing
// here allocates on the hot path.

package core

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"
)

// zone is one declared zone ([zones.NAME], or the built-in hand).
type zone struct {
	name    string
	perSeat bool
	ordered bool
	visible int // visAll, visOwner, visNone
	first   int // its first zone instance
	cite    string
}

// Visibility of a zone's contents.
const (
	visAll = iota
	visOwner
	visNone
)

var visNames = []string{"all", "owner", "none"}

// zoneKeys are the keys of [zones.NAME].
var (
	zonePerSeatKey = Key{Name: "per_seat", Type: TBool, Default: false, Literal: true,
		Doc: "true: one zone per seat (a hand); false: one zone shared by the table (a deck)"}
	zoneOrderKey = Key{Name: "order", Type: TChoice, Default: "set", Allowed: []string{"set", "pile"}, Literal: true,
		Doc: "set: counts per kind only; pile: also the order in which pieces came (last in on top) and who put each there"}
	zoneVisibleKey = Key{Name: "visible", Type: TChoice, Default: "all", Allowed: visNames, Literal: true,
		Doc: "who sees its contents: all, owner (a per-seat zone's own seat), none (the others see only how many)"}
	zoneCiteKey = Key{Name: "cite", Type: TString, Doc: "a reference into the rule text"}
	zoneKeys    = []*Key{&zonePerSeatKey, &zoneOrderKey, &zoneVisibleKey, &zoneCiteKey}
)

// setupZonesKey is [setup.zones].
var setupZonesKey = Key{Name: "zones", Type: TTable,
	Doc: `[setup.zones.NAME]: SEAT = ["kind", "kind:COUNT", "*", …] for a per-seat zone, all = […] for a shared one ("*": one of every kind)`}

// handZone is the index of the built-in hand zone.
const handZone = 0

// maxZones bounds the declared zones.
const maxZones = 32

// compileZones reads [zones.NAME]. The hand is zone 0 (per seat, a set);
// [zones.hand] may only set its visibility.
func (c *compiler) compileZones() {
	r := c.r
	g := c.g
	g.zones = []zone{{name: "hand", perSeat: true}}
	names := r.Keys("zones", nil)
	if len(names) > maxZones {
		r.Errorf("zones", "zones: %d zones; the limit is %d", len(names), maxZones)
		return
	}
	for _, name := range names {
		p := "zones." + name
		r.Keys(p, keyNames(zoneKeys))
		z := zone{name: name}
		z.perSeat = c.readBool(p, &zonePerSeatKey) || name == "hand"
		z.ordered = c.readChoice(p, &zoneOrderKey) == "pile"
		z.cite = c.readString(p, &zoneCiteKey)
		switch c.readChoice(p, &zoneVisibleKey) {
		case "owner":
			z.visible = visOwner
		case "none":
			z.visible = visNone
		}
		if z.visible == visOwner && !z.perSeat {
			r.ValueErrorf(p+".visible", "%s.visible: \"owner\" needs a per-seat zone (per_seat = true); a shared zone has no owner", p)
		}
		if name == "hand" {
			if c.has(p, &zonePerSeatKey) || c.has(p, &zoneOrderKey) {
				r.Errorf(p, "zones.hand: the hand is a per-seat set; only visible and cite may be given")
			}
			g.zones[handZone].visible, g.zones[handZone].cite = z.visible, z.cite
			continue
		}
		if !validIdent(name) {
			r.Errorf(p, "zones: %q is not a valid name (letters, digits and _, not starting with a digit)", name)
			continue
		}
		if name == "off" {
			r.Errorf(p, "zones: %q is reserved (capture_to = \"off\" takes pieces off the board)", name)
			continue
		}
		g.zones = append(g.zones, z)
	}
	ns := len(g.seats)
	n := 0
	for i := range g.zones {
		g.zones[i].first = n
		if g.zones[i].perSeat {
			n += ns
		} else {
			n++
		}
	}
	g.nzi = n
	g.zinfo = make([]zoneInfo, n)
	g.zoneOf = make([]int16, n)
	g.zoneSeat = make([]int16, n)
	for z := range g.zones {
		for i := 0; i < g.zoneInstances(z); i++ {
			zi := g.zones[z].first + i
			g.zoneOf[zi] = int16(z)
			g.zinfo[zi].hand = z == handZone
			g.zoneSeat[zi] = -1
			if g.zones[z].perSeat {
				g.zoneSeat[zi] = int16(i)
			}
		}
	}
}

// zoneInstances returns how many instances zone z has (one per seat or one).
func (g *Game) zoneInstances(z int) int {
	if g.zones[z].perSeat {
		return len(g.seats)
	}
	return 1
}

// zoneInst returns the instance of zone z for seat (a shared zone's only
// instance whatever the seat).
func (g *Game) zoneInst(z, seat int) int {
	if g.zones[z].perSeat {
		return g.zones[z].first + seat
	}
	return g.zones[z].first
}

// zoneNamed returns the index of the zone called name, or reports an
// unknown name at path and returns -1.
func (c *compiler) zoneNamed(path, name string) int {
	if z, ok := c.g.ZoneIndex(name); ok {
		return z
	}
	names := c.g.Zones()
	c.r.ValueErrorf(path, "%s: unknown zone %q (zones: %s)", path, name, strings.Join(names, ", "))
	return -1
}

// readZoneItems reads one setup list of zone items into counts per kind
// (added to counts), calling order for each kind in written order. It
// returns false when the pieces would pass MaxPieces.
func (c *compiler) readZoneItems(p string, counts []int, total *int, order func(k int)) bool {
	r := c.r
	for i, item := range r.Strings(p) {
		ip := fmt.Sprintf("%s.%d", p, i)
		kn, ns, _ := strings.Cut(item, ":")
		n := 1
		if ns != "" {
			var err error
			n, err = strconv.Atoi(ns)
			if err != nil {
				var ok bool
				if n, ok = c.itemCount(ip, item, len(kn)+1); !ok {
					continue
				}
			}
			if n < 0 || n > MaxPieces {
				r.ValueErrorf(ip, "%s: %q: want KIND or KIND:COUNT with a count in 0..%d", p, item, MaxPieces)
				continue
			}
		}
		var kinds []int
		if kn == "*" {
			for k := range c.g.kinds {
				kinds = append(kinds, k)
			}
		} else if k := c.kind(ip, kn); k >= 0 {
			kinds = append(kinds, k)
		}
		for _, k := range kinds {
			if *total += n; *total > MaxPieces {
				r.ValueErrorf(ip, "%s: %q makes %d pieces; the limit is %d", p, item, *total, MaxPieces)
				return false
			}
			if counts[k] == 0 {
				order(k)
			}
			counts[k] += n
		}
	}
	return true
}

// compileZoneSetup reads [setup.zones.NAME] into the start counts of the
// zones other than the hand (the hand's are read from [setup.hand]).
func (c *compiler) compileZoneSetup(total *int) bool {
	r := c.r
	g := c.g
	nk := len(g.kinds)
	for _, name := range r.Keys("setup.zones", nil) {
		p := "setup.zones." + name
		z := c.zoneNamed(p, name)
		if z < 0 {
			continue
		}
		if z == handZone {
			r.Errorf(p, "setup.zones.hand: the hands' pieces are given in [setup.hand]")
			continue
		}
		for _, key := range r.Keys(p, nil) {
			kp := p + "." + key
			seat := -1
			if g.zones[z].perSeat {
				for i, s := range g.seats {
					if s == key {
						seat = i
					}
				}
				if seat < 0 && c.absentSeats[key] {
					r.Strings(kp)
					continue
				}
				if seat < 0 {
					r.Errorf(kp, "%s: unknown seat %q (a per-seat zone lists its pieces by seat: %s)", p, key, strings.Join(g.seats, ", "))
					continue
				}
			} else if key != "all" {
				r.Errorf(kp, "%s: the zone is shared: write its pieces as all = [...]", p)
				continue
			}
			zi := g.zoneInst(z, max(seat, 0))
			if !c.readZoneItems(kp, g.zoneStart[zi*nk:zi*nk+nk], total, func(k int) {
				g.zoneOrder[zi] = append(g.zoneOrder[zi], k)
			}) {
				return false
			}
		}
	}
	return true
}

// finishZones completes the kinds each zone instance lists for placing
// (after its start kinds, every kind that may come into it) and the
// instance lists per kind, once the rules are known.
func (c *compiler) finishZones() {
	g := c.g
	nk := len(g.kinds)
	if g.visState && g.initial != nil {
		// the zones' visibility words follow the rest of the State
		g.lay.vis = g.lay.size
		g.lay.size += g.nzi
		g.initial.buf = append(g.initial.buf, make([]int32, g.nzi)...)
	}
	if g.zoneFlow && g.initial != nil {
		// the kinds each zone instance holds, as bits (derived from the
		// counts, not hashed): scans of a zone visit its pieces only
		w := (nk + 31) / 32
		g.lay.zbitsW = w
		g.lay.zbits = g.lay.size
		g.lay.size += g.nzi * (w + 1)
		g.initial.buf = append(g.initial.buf, make([]int32, g.nzi*(w+1))...)
		for zi := 0; zi < g.nzi; zi++ {
			base := g.lay.zbits + zi*(w+1)
			g.zinfo[zi].bits = base
			for k := 0; k < nk; k++ {
				if n := g.initial.zoneCount(zi, k); n > 0 {
					g.initial.buf[base] += int32(n)
					g.initial.buf[base+1+k/32] |= 1 << uint(k%32)
				}
			}
		}
	}
	g.kindInst = make([][]int32, nk)
	for p, k := range g.pieceKind {
		g.kindInst[k] = append(g.kindInst[k], int32(p))
	}
	for zi := 0; zi < g.nzi; zi++ {
		if g.zoneOf[zi] == handZone && !g.zoneFlow {
			continue // the hands keep their queue (and compileHandReturn's additions)
		}
		seen := make([]bool, nk)
		for _, k := range g.zoneOrder[zi] {
			seen[k] = true
		}
		for k := 0; k < nk; k++ {
			if !seen[k] {
				g.zoneOrder[zi] = append(g.zoneOrder[zi], k)
			}
		}
	}
}

// ZoneIndex returns the index of the zone called name ("hand" is 0).
func (g *Game) ZoneIndex(name string) (int, bool) {
	for i, z := range g.zones {
		if z.name == name {
			return i, true
		}
	}
	return -1, false
}

// Zones returns the names of the zones, the hand first.
func (g *Game) Zones() []string {
	out := make([]string, len(g.zones))
	for i, z := range g.zones {
		out[i] = z.name
	}
	return out
}

// ZonePerSeat reports whether zone z has one instance per seat.
func (g *Game) ZonePerSeat(z int) bool { return g.zones[z].perSeat }

// ZoneOrdered reports whether zone z is a pile (keeps its order).
func (g *Game) ZoneOrdered(z int) bool { return g.zones[z].ordered }

// HasZones reports whether the game declares zones besides the hand.
func (g *Game) HasZones() bool { return len(g.zones) > 1 }

// zoneCount returns the pieces of kind k in zone instance zi.
func (s *State) zoneCount(zi, k int) int {
	g := s.g
	i := zi*len(g.kinds) + k
	return g.zoneStart[i] - int(s.buf[g.lay.zone+i])
}

// zoneBitWords returns the bit words of the kinds zone instance zi holds
// (bit k%32 of word k/32), or nil when the game keeps none.
func (s *State) zoneBitWords(zi int) []int32 {
	w := s.g.lay.zbitsW
	if w == 0 {
		return nil
	}
	base := s.g.lay.zbits + zi*(w+1) + 1
	return s.buf[base : base+w]
}

// nextZoneKind returns the first kind from k on that zone instance zi
// holds, -1 when there is none: with the zones' bits a few word tests,
// otherwise a scan of the counts.
func (s *State) nextZoneKind(zi, k int) int {
	g := s.g
	nk := len(g.kinds)
	if w := g.lay.zbitsW; w > 0 {
		base := g.lay.zbits + zi*(w+1) + 1
		for i := k / 32; i < w; i++ {
			word := uint32(s.buf[base+i])
			if i == k/32 {
				word &^= 1<<uint(k%32) - 1
			}
			if word != 0 {
				if n := i*32 + bits.TrailingZeros32(word); n < nk {
					return n
				}
				return -1
			}
		}
		return -1
	}
	for ; k < nk; k++ {
		if s.zoneCount(zi, k) > 0 {
			return k
		}
	}
	return -1
}

// zoneKindCounts appends, for every kind zone instance zi holds, in kind
// order, the kind and its count to out: by the zone's bit words when the
// game keeps them (a zone's pieces, not the game's kinds, are visited).
func (s *State) zoneKindCounts(zi int, out []int32) []int32 {
	if bw := s.zoneBitWords(zi); bw != nil {
		g := s.g
		row := zi * len(g.kinds)
		start, taken := g.zoneStart[row:row+len(g.kinds)], s.buf[g.lay.zone+row:g.lay.zone+row+len(g.kinds)]
		if len(bw) == 2 {
			// up to 64 kinds: one loop over one word (one exit to mispredict)
			for word := uint64(uint32(bw[0])) | uint64(uint32(bw[1]))<<32; word != 0; word &= word - 1 {
				k := bits.TrailingZeros64(word)
				out = append(out, int32(k), int32(start[k]-int(taken[k])))
			}
			return out
		}
		for i, w := range bw {
			for word := uint32(w); word != 0; word &= word - 1 {
				k := i*32 + bits.TrailingZeros32(word)
				out = append(out, int32(k), int32(start[k]-int(taken[k])))
			}
		}
		return out
	}
	for k := s.nextZoneKind(zi, 0); k >= 0; k = s.nextZoneKind(zi, k+1) {
		out = append(out, int32(k), int32(s.zoneCount(zi, k)))
	}
	return out
}

// ZoneCount returns the pieces of kind k in seat's instance of zone z
// (the shared instance of a shared zone, whatever seat).
func (s *State) ZoneCount(z, seat, k int) int { return s.zoneCount(s.g.zoneInst(z, seat), k) }

// ZoneSize returns the pieces in seat's instance of zone z.
func (s *State) ZoneSize(z, seat int) int { return s.zoneSize(s.g.zoneInst(z, seat)) }

func (s *State) zoneSize(zi int) int {
	g := s.g
	if w := g.lay.zbitsW; w > 0 {
		return int(s.buf[g.lay.zbits+zi*(w+1)])
	}
	nk := len(g.kinds)
	start := g.zoneStart[zi*nk : zi*nk+nk]
	out := s.buf[g.lay.zone+zi*nk : g.lay.zone+zi*nk+nk]
	n := 0
	for k, c := range start {
		n += c - int(out[k])
	}
	return n
}

// ZoneKinds appends the pieces of seat's instance of zone z to buf, as
// kinds in kind order (a kind repeated once per piece), and returns it: no
// allocation when buf has room.
func (s *State) ZoneKinds(z, seat int, buf []int) []int {
	zi := s.g.zoneInst(z, seat)
	for k := range s.g.kinds {
		for n := s.zoneCount(zi, k); n > 0; n-- {
			buf = append(buf, k)
		}
	}
	return buf
}

// PileLen returns the pieces in seat's instance of the pile z (0 for a
// zone that is not a pile).
func (s *State) PileLen(z, seat int) int {
	if !s.g.zones[z].ordered {
		return 0
	}
	return int(s.buf[s.g.pileOff[s.g.zoneInst(z, seat)]])
}

// PileAt returns the kind of the i-th piece of seat's instance of the pile
// z (0 the bottom, PileLen-1 the top) and the seat that put it there (-1:
// none, such as a piece of the start).
func (s *State) PileAt(z, seat, i int) (kind, by int) {
	off := s.g.pileOff[s.g.zoneInst(z, seat)]
	e := s.buf[off+1+i]
	return int(e&0xffff) - 1, int(e>>16) - 1
}

// zoneKey is the hash key of zone word i (zone instance × kinds + kind)
// when the pieces taken from it less those put into it, d, is not zero
// (the hands' key: a start position hashes as its board).
func zoneKey(i, d int) uint64 {
	return mix(uint64(i)<<32 | uint64(uint32(d)) | 1<<60)
}

// pileKey is the hash key of entry e at position pos of pile instance zi.
func pileKey(zi, pos int, e int32) uint64 {
	return mix(uint64(zi)<<48 | uint64(pos)<<32 | uint64(uint32(e)) | 5<<59)
}

// xorZoneHash xors a zone or pile key into the hash and, when the game
// keeps it, into the zones' own share of it (lay.zhash).
func (s *State) xorZoneHash(h uint64) {
	s.buf[hHashLo] ^= int32(uint32(h))
	s.buf[hHashHi] ^= int32(uint32(h >> 32))
	if zh := s.g.lay.zhash; zh > 0 {
		s.buf[zh] ^= int32(uint32(h))
		s.buf[zh+1] ^= int32(uint32(h >> 32))
	}
}

// settleZoneHash ends a playout's deferral of the zones' keys
// (zoneHashLater): the zones' share of the hash is recomputed from the
// count words and the piles, and the hash takes the difference from the
// share the zone changes kept. The hash is then what changing the zones
// key by key would have made it.
func (s *State) settleZoneHash() {
	s.zoneHashLater = false
	g := s.g
	zh := g.lay.zhash
	if zh == 0 {
		return
	}
	buf := s.buf
	nk := len(g.kinds)
	w := g.lay.zbitsW
	var h uint64
	for zi := 0; zi < g.nzi; zi++ {
		row := zi * nk
		out := buf[g.lay.zone+row : g.lay.zone+row+nk]
		base := g.zinfo[zi].bits
		if g.initial.buf[base] != 0 {
			// a zone that held pieces at the start: every word
			for k, o := range out {
				if o != 0 {
					h ^= zoneKey(row+k, int(o))
				}
			}
			continue
		}
		// one that held none: a word is not zero where a kind is held
		for i, word := range buf[base+1 : base+1+w] {
			for x := uint32(word); x != 0; x &= x - 1 {
				k := i*32 + bits.TrailingZeros32(x)
				h ^= zoneKey(row+k, int(out[k]))
			}
		}
	}
	for zi, off := range g.pileOff {
		if off > 0 {
			for pos := 0; pos < int(buf[off]); pos++ {
				h ^= pileKey(zi, pos, buf[off+1+pos])
			}
		}
	}
	d := h ^ (uint64(uint32(buf[zh])) | uint64(uint32(buf[zh+1]))<<32)
	buf[hHashLo] ^= int32(uint32(d))
	buf[hHashHi] ^= int32(uint32(d >> 32))
	buf[zh], buf[zh+1] = int32(uint32(h)), int32(uint32(h>>32))
}

// addOut changes the out word of (zi, k) by d (pieces taken: +1; put: -1),
// keeping the hash and the hands' total.
func (s *State) addOut(zi, k, d int) {
	g := s.g
	zf := &g.zinfo[zi]
	i := zi*len(g.kinds) + k
	buf := s.buf
	w := g.lay.zone + i
	old := int(buf[w])
	now := old + d
	var h uint64
	if old != 0 {
		h = zoneKey(i, old)
	}
	if now != 0 {
		h ^= zoneKey(i, now)
	}
	s.xorZoneHash(h)
	buf[w] = int32(now)
	if base := zf.bits; base > 0 {
		buf[base] -= int32(d)
		b, bit := base+1+int(uint(k)>>5), int32(1)<<(uint(k)&31)
		if g.zoneStart[i] > now {
			buf[b] |= bit
		} else {
			buf[b] &^= bit
		}
	}
	if zf.hand {
		buf[hHandLeft] -= int32(d)
	}
	for _, t := range zf.sums {
		buf[t.word] -= int32(d) * t.col[k]
	}
}

// zoneInfo is what addOut reads of a zone instance: the State word of its
// size, followed by its kind bits (0: the game keeps none), whether it is
// a hand, and the zone sums kept for it.
type zoneInfo struct {
	bits int
	hand bool
	sums []instSum
}

// zoneSum is the sum of one attribute over the pieces of a zone, kept in
// the State because an expression reads it (total("ZONE:ATTR"), with no
// filter): one word per zone instance from off, derived from the counts
// (not hashed), changed by addOut with every count, so that reading it is
// one word instead of a walk over the zone.
type zoneSum struct{ z, attr, off int }

// instSum is one sum addOut keeps for a zone instance: its word and the
// attribute's column.
type instSum struct {
	word int
	col  []int32
}

// trackSum keeps the sum of attribute a over zone z in the State from now
// on and returns its index in g.zoneSums, or -1 when it cannot: no
// starting State, or a sum that could pass an int32 word.
func (g *Game) trackSum(z, a int) int {
	for j, t := range g.zoneSums {
		if t.z == z && t.attr == a {
			return j
		}
	}
	s := g.initial
	if s == nil || z < 0 || z >= len(g.zones) || a < 0 || a >= len(g.attrs) {
		return -1
	}
	col := g.attrs[a]
	big := int64(0)
	for _, v := range col {
		big = max(big, int64(v), -int64(v))
	}
	if big*MaxPieces > 1<<31-1 {
		return -1
	}
	t := zoneSum{z: z, attr: a, off: g.lay.size}
	n := g.zoneInstances(z)
	g.lay.size += n
	s.buf = append(s.buf, make([]int32, g.lay.size-len(s.buf))...)
	for i := 0; i < n; i++ {
		zi := g.zones[z].first + i
		sum := int32(0)
		for k, v := range col {
			sum += int32(s.zoneCount(zi, k)) * v
		}
		s.buf[t.off+i] = sum
		g.zinfo[zi].sums = append(g.zinfo[zi].sums, instSum{word: t.off + i, col: col})
	}
	g.zoneSums = append(g.zoneSums, t)
	return len(g.zoneSums) - 1
}

// zoneSumOf reads tracked sum j for seat's instance of its zone (0 for a
// per-seat zone and no seat, as the zone's set is then empty).
func (s *State) zoneSumOf(j, seat int) int {
	g := s.g
	t := &g.zoneSums[j]
	if !g.zones[t.z].perSeat {
		return int(s.buf[t.off])
	}
	if seat < 0 || seat >= len(g.seats) {
		return 0
	}
	return int(s.buf[t.off+seat])
}

// zoneAdd puts a piece of kind k into zone instance zi; by is the seat
// that put it there (kept by piles), -1 for none.
func (s *State) zoneAdd(zi, k, by int) {
	s.addOut(zi, k, -1)
	if off := s.g.pileOff[zi]; off > 0 {
		n := int(s.buf[off])
		e := int32(k+1) | int32(by+1)<<16
		s.buf[off+1+n] = e
		s.buf[off] = int32(n + 1)
		s.xorZoneHash(pileKey(zi, n, e))
	}
}

// zoneTake takes a piece of kind k out of zone instance zi (from a pile,
// the topmost of that kind). The caller has checked that there is one.
func (s *State) zoneTake(zi, k int) {
	s.addOut(zi, k, 1)
	off := s.g.pileOff[zi]
	if off == 0 {
		return
	}
	n := int(s.buf[off])
	at := n - 1
	for at >= 0 && int(s.buf[off+1+at]&0xffff)-1 != k {
		at--
	}
	if at < 0 {
		return
	}
	for i := at; i < n; i++ {
		s.xorZoneHash(pileKey(zi, i, s.buf[off+1+i]))
	}
	copy(s.buf[off+1+at:off+n], s.buf[off+2+at:off+1+n])
	s.buf[off+n] = 0
	s.buf[off] = int32(n - 1)
	for i := at; i < n-1; i++ {
		s.xorZoneHash(pileKey(zi, i, s.buf[off+1+i]))
	}
}

// zoneMove moves a piece of kind k, which zone instance from holds, to zone
// instance to, as zoneTake(from, k) and then zoneAdd(to, k, by) do, but
// with one reading of the two words and one write of the hash, when the
// game keeps kind bits and from is not a pile (whose sequence zoneTake
// searches); otherwise through those two.
func (s *State) zoneMove(from, to, k, by int) {
	g := s.g
	if g.lay.zbitsW == 0 || g.pileOff[from] > 0 {
		s.zoneTake(from, k)
		s.zoneAdd(to, k, by)
		return
	}
	s.zoneMoveBits(from, to, k, by)
}

// zoneMoveBits is zoneMove in a game that keeps kind bits, from a zone
// instance that is not a pile.
func (s *State) zoneMoveBits(from, to, k, by int) {
	g := s.g
	nk := len(g.kinds)
	i, j := from*nk+k, to*nk+k
	buf := s.buf
	zf, zt := &g.zinfo[from], &g.zinfo[to]
	wi, wj := g.lay.zone+i, g.lay.zone+j
	oi, oj := buf[wi], buf[wj]
	later := s.zoneHashLater
	var h uint64
	if !later {
		if oi != 0 {
			h = zoneKey(i, int(oi))
		}
		if oi+1 != 0 {
			h ^= zoneKey(i, int(oi+1))
		}
		if oj != 0 {
			h ^= zoneKey(j, int(oj))
		}
		if oj-1 != 0 {
			h ^= zoneKey(j, int(oj-1))
		}
	}
	buf[wi], buf[wj] = oi+1, oj-1
	kw, bit := 1+int(uint(k)>>5), int32(1)<<(uint(k)&31)
	// the kind's bit goes when from is left with none (start <= out),
	// without a branch: which zone a piece leaves is not predictable
	gone := int32((int64(g.zoneStart[i]) - int64(oi) - 2) >> 63)
	fb, tb := zf.bits, zt.bits
	buf[fb]--
	buf[fb+kw] &^= bit & gone
	buf[tb]++
	buf[tb+kw] |= bit
	// the hands' total, without a branch: whether a piece leaves or
	// enters a hand depends on the rule
	buf[hHandLeft] += int32(b2i(zt.hand) - b2i(zf.hand))
	for _, t := range zf.sums {
		buf[t.word] -= t.col[k]
	}
	for _, t := range zt.sums {
		buf[t.word] += t.col[k]
	}
	if off := g.pileOff[to]; off > 0 {
		n := int(buf[off])
		e := int32(k+1) | int32(by+1)<<16
		buf[off+1+n] = e
		buf[off] = int32(n + 1)
		if !later {
			h ^= pileKey(to, n, e)
		}
	}
	if !later {
		s.xorZoneHash(h)
	}
}

// zoneEmptyInto moves every piece of zone instance from into zone
// instance to, which is not a pile (a pile's sequence is the caller's:
// pileClear), as addOut would kind by kind, but in one pass over from's
// kind bits with one write of the hash, the sizes and the hands' total. It
// reports false, changing nothing, when the game keeps no kind bits.
func (s *State) zoneEmptyInto(from, to int) bool {
	g := s.g
	w := g.lay.zbitsW
	if w == 0 {
		return false
	}
	zf, zt := &g.zinfo[from], &g.zinfo[to]
	buf := s.buf
	if buf[zf.bits] == 0 {
		return true // empty already
	}
	nk := len(g.kinds)
	fi, ti := from*nk, to*nk
	fw, tw := g.lay.zone+fi, g.lay.zone+ti
	sums := len(zf.sums)+len(zt.sums) > 0
	later := s.zoneHashLater
	var h uint64 // the keys (none while a playout defers them)
	moved := int32(0)
	for wi := 0; wi < w; wi++ {
		word := uint32(buf[zf.bits+1+wi])
		for x := word; x != 0; x &= x - 1 {
			k := wi*32 + bits.TrailingZeros32(x)
			out := buf[fw+k]
			n := int32(g.zoneStart[fi+k]) - out // the pieces of kind k in from
			if !later {
				if out != 0 {
					h ^= zoneKey(fi+k, int(out))
				}
				if out+n != 0 {
					h ^= zoneKey(fi+k, int(out+n))
				}
			}
			buf[fw+k] = out + n
			out = buf[tw+k]
			if !later {
				if out != 0 {
					h ^= zoneKey(ti+k, int(out))
				}
				if out-n != 0 {
					h ^= zoneKey(ti+k, int(out-n))
				}
			}
			buf[tw+k] = out - n
			if sums {
				for _, t := range zf.sums {
					buf[t.word] -= n * t.col[k]
				}
				for _, t := range zt.sums {
					buf[t.word] += n * t.col[k]
				}
			}
			moved += n
		}
		buf[zt.bits+1+wi] |= int32(word)
		buf[zf.bits+1+wi] = 0
	}
	buf[zf.bits] -= moved
	buf[zt.bits] += moved
	if zf.hand {
		buf[hHandLeft] -= moved
	}
	if zt.hand {
		buf[hHandLeft] += moved
	}
	s.xorZoneHash(h)
	return true
}

// zoneReset puts every zone back as it started (a collection of every
// piece into the zone that held them all, linkZoneReset): the count words
// to zero, the kind bits, sizes and sums and the hands' total to the
// start's, the piles emptied, and the zones' share of the hash taken out.
// It reports false, changing nothing, when the zones do not hold as many
// pieces as they started with (a view, whose hidden pieces were taken
// out).
func (s *State) zoneReset() bool {
	g := s.g
	w := g.lay.zbitsW
	buf, start := s.buf, g.initial.buf
	n := 0
	for zi := 0; zi < g.nzi; zi++ {
		n += int(buf[g.lay.zbits+zi*(w+1)])
	}
	if n != g.zoneTotal {
		return false
	}
	zh := g.lay.zhash
	buf[hHashLo] ^= buf[zh]
	buf[hHashHi] ^= buf[zh+1]
	buf[zh], buf[zh+1] = 0, 0
	nw := g.nzi * len(g.kinds)
	clear(buf[g.lay.zone : g.lay.zone+nw])
	copy(buf[g.lay.zbits:g.lay.zbits+g.nzi*(w+1)], start[g.lay.zbits:])
	for _, t := range g.zoneSums {
		n := g.zoneInstances(t.z)
		copy(buf[t.off:t.off+n], start[t.off:])
	}
	for _, off := range g.pileOff {
		if off > 0 {
			clear(buf[off+1 : off+1+int(buf[off])])
			buf[off] = 0
		}
	}
	buf[hHandLeft] = start[hHandLeft]
	return true
}

// pileClear empties the sequence of pile instance zi (nothing for a zone
// that is not a pile), keeping the hash; its counts are the caller's to
// change (addOut), as everything the pile held leaves it.
func (s *State) pileClear(zi int) {
	off := s.g.pileOff[zi]
	if off == 0 {
		return
	}
	n := int(s.buf[off])
	for i := 0; i < n; i++ {
		s.xorZoneHash(pileKey(zi, i, s.buf[off+1+i]))
		s.buf[off+1+i] = 0
	}
	s.buf[off] = 0
}

// fromZone returns the instance a placement of kind k from zone instance
// zi puts on the board: for the hands of a game whose pieces flow only by
// placements and captures back to their owners, the hand's next one (as
// hands always did); otherwise the lowest instance of the kind off the
// board. -1 when there is none.
func (s *State) fromZone(zi, k int) int {
	g := s.g
	if zi < len(g.seats) && !g.zoneFlow {
		return s.fromHand(zi, k)
	}
	pos := s.buf[g.lay.pos:]
	for _, p := range g.kindInst[k] {
		if pos[p] == 0 {
			return int(p)
		}
	}
	return -1
}

// zoneHeld returns the pieces of kind k held by every zone (for the
// promotions' spare pieces).
func (s *State) zoneHeld(k int) int {
	n := 0
	for zi := 0; zi < s.g.nzi; zi++ {
		n += s.zoneCount(zi, k)
	}
	return n
}

// toZone takes every piece of cell c off the board into zone z: the
// instance of each piece's owner (a neutral piece, which no seat owns,
// goes to the shared zone common, or off the board when common < 0), or of
// mover when toMover is set (and always for a shared zone).
func (s *State) toZone(c, z, common, mover int, toMover bool) {
	g := s.g
	for p := s.Top(c); p >= 0; p = s.Below(p) {
		seat := int(g.pieceOwner[p])
		if toMover {
			seat = mover
		}
		if g.zones[z].perSeat && seat < 0 {
			if common >= 0 {
				s.zoneAdd(g.zoneInst(common, 0), int(g.pieceKind[p]), mover)
			}
			continue
		}
		s.zoneAdd(g.zoneInst(z, max(seat, 0)), int(g.pieceKind[p]), mover)
	}
	s.clear(c)
}

// zoneOfExpr is the expression function zone(name[, kind]): the pieces (of
// kind) in the seat's instance of the zone (0 for an unknown name, which
// the compiler reports for literal names).
func (g *Game) zoneOfExpr(s *State, seat int, name string, kind []string) int {
	z, ok := g.ZoneIndex(name)
	if !ok || (g.zones[z].perSeat && (seat < 0 || seat >= len(g.seats))) {
		return 0
	}
	zi := g.zoneInst(z, seat)
	if len(kind) == 0 {
		return s.zoneSize(zi)
	}
	n := 0
	for _, kn := range kind {
		if k, ok := g.KindIndex(kn); ok {
			n += s.zoneCount(zi, k)
		}
	}
	return n
}

// checkZoneCall reports a zone(...) call whose literal zone or kind names
// nothing, at the argument's position.
func (v *callVisitor) checkZoneCall(call *ast.CallNode, ofSeat bool) {
	g := v.c.g
	args := call.Arguments
	if ofSeat {
		if len(args) == 0 {
			return
		}
		args = args[1:]
	}
	for i, a := range args {
		lit, ok := a.(*ast.StringNode)
		if !ok {
			continue
		}
		line, col := runePos(v.src, lit.Location().From)
		if i == 0 {
			if _, ok := g.ZoneIndex(lit.Value); !ok {
				v.c.r.ExprErrorf(v.path, line, col, "%s: zone: unknown zone %q (zones: %s)", v.path, lit.Value, strings.Join(g.Zones(), ", "))
			}
			continue
		}
		if _, ok := g.KindIndex(lit.Value); !ok {
			v.c.r.ExprErrorf(v.path, line, col, "%s: zone: unknown piece kind %q %s", v.path, lit.Value, g.kindHint(lit.Value))
		}
	}
}

// zoneCall compiles zone(name[, kind…]) with literal names into a function
// of a State and a seat, or returns nil.
func (g *Game) zoneCall(args []ast.Node) func(s *State, seat int) int {
	if len(args) == 0 {
		return nil
	}
	name, ok := args[0].(*ast.StringNode)
	if !ok {
		return nil
	}
	z, ok := g.ZoneIndex(name.Value)
	if !ok {
		return nil
	}
	var kinds []int
	for _, a := range args[1:] {
		lit, ok := a.(*ast.StringNode)
		if !ok {
			return nil
		}
		k, ok := g.KindIndex(lit.Value)
		if !ok {
			return nil
		}
		kinds = append(kinds, k)
	}
	perSeat := g.zones[z].perSeat
	return func(s *State, seat int) int {
		if perSeat && (seat < 0 || seat >= len(g.seats)) {
			return 0
		}
		zi := g.zoneInst(z, seat)
		if kinds == nil {
			return s.zoneSize(zi)
		}
		n := 0
		for _, k := range kinds {
			n += s.zoneCount(zi, k)
		}
		return n
	}
}

// zoneOfCall compiles zone_of(seat, name[, kind…]) into a function of a
// State when the seat is a literal seat name or dealer() and the rest is
// literal, or returns nil (the expression then runs in the interpreter).
func (g *Game) zoneOfCall(args []ast.Node) func(s *State) int {
	if len(args) < 2 {
		return nil
	}
	f := g.zoneCall(args[1:])
	if f == nil {
		return nil
	}
	switch a := args[0].(type) {
	case *ast.StringNode:
		seat := g.seatArg(a.Value)
		if seat < 0 {
			return nil
		}
		return func(s *State) int { return f(s, seat) }
	case *ast.CallNode:
		if id, ok := a.Callee.(*ast.IdentifierNode); ok && id.Value == dealerFunc.name && len(a.Arguments) == 0 {
			return func(s *State) int { return f(s, s.Dealer()) }
		}
	}
	return nil
}

// seatArg reads a seat given to an expression function as its name or
// its index; -1 when it names none.
func (g *Game) seatArg(v any) int {
	switch x := v.(type) {
	case string:
		for i, s := range g.seats {
			if s == x {
				return i
			}
		}
	case int:
		if x >= 0 && x < len(g.seats) {
			return x
		}
	}
	return -1
}
