// This file holds the deal chance type: [chance.NAME] type = "deal", pieces
// drawn uniformly at random, one chance node per piece, from a zone into
// another (a deal of cards to every seat's hand, a cut turning a card face
// up, a draw into the mover's hand). What a drawn piece shows to whom is
// the receiving zone's visibility. The record writes each piece as
// "WORD=KIND" ("deal=5H": a token has no spaces), so a replay is exact. apply and outcomes
// allocate nothing.

package core

import (
	"math/bits"
	"math/rand/v2"
)

var dealChance = chanceType{name: "deal",
	doc:     "draw pieces uniformly at random from a zone into another, one outcome per piece: to every seat in turn (a deal), to the mover, or to a shared zone",
	keys:    []*Key{&dealFromKey, &dealToKey, &dealCountKey, &dealSeatsKey, &dealWordKey},
	compile: compileDeal}

var (
	dealFromKey  = Key{Name: "from", Type: TString, Required: true, Doc: "the zone drawn from (a shared zone, or the seat to move's instance)"}
	dealToKey    = Key{Name: "to", Type: TString, Required: true, Doc: "the zone the pieces go to"}
	dealCountKey = Key{Name: "count", Type: TInt, Default: 1, Min: 1, Max: MaxPieces,
		Doc: "pieces drawn for each receiving seat (fewer when the zone drawn from runs out)"}
	dealSeatsKey = Key{Name: "seats", Type: TChoice, Default: "each", Allowed: []string{"each", "mover"}, Literal: true,
		Doc: "with a per-seat zone to: each (one piece at a time to every seat in turn from the seat to move, count each) or mover (the seat to move only)"}
	dealWordKey = Key{Name: "word", Type: TString, Default: "deal",
		Doc: "the record's word: an outcome is written WORD=KIND (\"deal=5H\"); \"\": the kind's name alone"}
)

type dealEvent struct {
	chanceBase
	from, to int
	count    int
	each     bool
	word     string
	names    []string // word + " " + kind name, per kind
}

func compileDeal(c *compiler, p string, cb chanceBase) chanceEvent {
	g := c.g
	d := &dealEvent{chanceBase: cb}
	d.from = c.zoneNamed(keyPath(p, &dealFromKey), c.readString(p, &dealFromKey))
	d.to = c.zoneNamed(keyPath(p, &dealToKey), c.readString(p, &dealToKey))
	d.count = c.readInt(p, &dealCountKey)
	d.each = c.readChoice(p, &dealSeatsKey) == "each"
	d.word = c.readString(p, &dealWordKey)
	if d.from < 0 || d.to < 0 {
		return nil
	}
	if d.from == d.to {
		c.r.ValueErrorf(keyPath(p, &dealToKey), "%s.to: the pieces would stay in %q", p, g.zones[d.to].name)
		return nil
	}
	if len(g.kinds) > MaxChanceOutcomes {
		c.r.Errorf(p, "%s: %d kinds are more outcomes than %d", p, len(g.kinds), MaxChanceOutcomes)
		return nil
	}
	d.each = d.each && g.zones[d.to].perSeat
	for _, k := range g.kinds {
		name := k.Name
		if d.word != "" {
			name = d.word + "=" + k.Name
		}
		d.names = append(d.names, name)
	}
	d.slots = 1 // pieces drawn so far in this deal
	g.zoneFlow = true
	return d
}

// total is how many pieces the deal draws in all.
func (d *dealEvent) total(s *State) int {
	if d.each {
		return d.count * len(s.g.seats)
	}
	return d.count
}

func (d *dealEvent) src(s *State) int { return s.g.zoneInst(d.from, s.ToMove()) }

func (d *dealEvent) possible(s *State) bool { return s.zoneSize(d.src(s)) > 0 }

func (d *dealEvent) outcomes(s *State, buf []Move) []Move {
	zi := d.src(s)
	if bw := s.zoneBitWords(zi); bw != nil {
		for i, w := range bw {
			for word := uint32(w); word != 0; word &= word - 1 {
				buf = append(buf, chanceMove(d.index, i*32+bits.TrailingZeros32(word)))
			}
		}
		return buf
	}
	for k := s.nextZoneKind(zi, 0); k >= 0; k = s.nextZoneKind(zi, k+1) {
		buf = append(buf, chanceMove(d.index, k))
	}
	return buf
}

// sample draws one piece of the zone uniformly (its kind's probability is
// its count over the zone's size) in two passes over the kinds, without
// the outcome list.
func (d *dealEvent) sample(s *State, rng *rand.Rand) Move {
	zi := d.src(s)
	total := s.zoneSize(zi)
	if total <= 0 {
		return chanceMove(d.index, 0)
	}
	return chanceMove(d.index, s.nthPiece(zi, total, rng.IntN(total), false))
}

// nthPiece returns the kind of the x-th piece (from 0, in kind order) of
// zone instance zi, which holds total pieces; ones says the zone is known
// to hold at most one piece of each kind.
func (s *State) nthPiece(zi, total, x int, ones bool) int {
	last := 0
	if bw := s.zoneBitWords(zi); bw != nil {
		if ones {
			return nthBit(bw, x)
		}
		if k := nthKindOfOnes(bw, total, x); k >= 0 {
			return k
		}
		for i, w := range bw {
			for word := uint32(w); word != 0; word &= word - 1 {
				k := i*32 + bits.TrailingZeros32(word)
				if x -= s.zoneCount(zi, k); x < 0 {
					return k
				}
				last = k
			}
		}
		return last
	}
	for k := s.nextZoneKind(zi, 0); k >= 0; k = s.nextZoneKind(zi, k+1) {
		if x -= s.zoneCount(zi, k); x < 0 {
			return k
		}
		last = k
	}
	return last
}

// nthKindOfOnes returns the x-th kind (from 0, in kind order) set in the
// bit words bw of a zone holding total pieces, when the zone holds one
// piece of each kind it has (total is then the bits' count): the x-th
// piece, found by whole words and then within one. -1 otherwise (a kind
// held twice), for the caller's walk over the counts.
func nthKindOfOnes(bw []int32, total, x int) int {
	n := 0
	for _, w := range bw {
		n += bits.OnesCount32(uint32(w))
	}
	if n != total {
		return -1
	}
	return nthBit(bw, x)
}

// onesOnly reports whether the bit words bw of a zone holding total
// pieces say it holds one piece of each kind it has.
func onesOnly(bw []int32, total int) bool {
	n := 0
	for _, w := range bw {
		n += bits.OnesCount32(uint32(w))
	}
	return n == total
}

// nthBit returns the x-th set bit (from 0) of the bit words bw, found by
// whole words and then within one; -1 when there are not that many.
func nthBit(bw []int32, x int) int {
	if len(bw) == 2 {
		// up to 64 kinds: one word
		w := uint64(uint32(bw[0])) | uint64(uint32(bw[1]))<<32
		if x >= bits.OnesCount64(w) {
			return -1
		}
		return selectBit(w, x)
	}
	for i, w := range bw {
		word := uint64(uint32(w))
		c := bits.OnesCount64(word)
		if x >= c {
			x -= c
			continue
		}
		return i*32 + selectBit(word, x)
	}
	return -1
}

// selectBit returns the position of the x-th set bit (from 0) of word,
// which has more than x, without a branch (the draws are random, so a
// branch would be mispredicted half the time): the running counts of the
// bits by bytes, in one multiplication, say which byte holds it (the
// bytes whose running count is at most x all lie below it), and a table
// finds it within the byte.
func selectBit(word uint64, x int) int {
	const ones8, high8 = 0x0101010101010101, 0x8080808080808080
	b := word - word>>1&0x5555555555555555
	b = b&0x3333333333333333 + b>>2&0x3333333333333333
	b = (b + b>>4) & 0x0f0f0f0f0f0f0f0f
	b *= ones8 // byte i: the bits set in bytes 0 … i (at most 64)
	// the high bit of byte i is set when its running count is <= x
	below := ((uint64(x)*ones8 | high8) - b) & high8
	sh := bits.OnesCount64(below) * 8 & 63
	before := int(b << 8 >> uint(sh) & 0xff)
	return sh + int(byteSelect[word>>uint(sh)&0xff][(x-before)&7])
}

// byteSelect[n][x] is the position of the x-th set bit of the byte n.
var byteSelect = func() (t [256][8]int8) {
	for n := range t {
		x := 0
		for b := 0; b < 8; b++ {
			if n>>b&1 != 0 {
				t[n][x] = int8(b)
				x++
			}
		}
	}
	return t
}()

// drawAll deals every piece still due (chanceDrawer): each is drawn as
// sample draws it, from the same rng calls, and dealt as apply deals it,
// so the pieces, the record and the position are those of one Play per
// piece; only the deal's counter, which would end where it started, is not
// written in between, and the zone's shape is found once.
func (d *dealEvent) drawAll(s *State, rng *rand.Rand, record *[]Move) bool {
	g := s.g
	from := d.src(s)
	size := s.zoneSize(from)
	if size <= 0 {
		return false
	}
	done := int(s.buf[d.off])
	total := d.total(s)
	seat, ns := s.ToMove(), len(g.seats)
	if d.each {
		seat = (seat + done) % ns
	}
	ones := false
	if bw := s.zoneBitWords(from); bw != nil {
		ones = onesOnly(bw, size)
		if ones && len(bw) <= 2 && len(g.zinfo[from].sums) == 0 && d.plainTargets(s) {
			d.drawOnes(s, rng, record, from, size, total-done, seat)
			s.setSlot(d.off, 0)
			return true
		}
	}
	for {
		k := s.nthPiece(from, size, rng.IntN(size), ones)
		s.zoneMove(from, g.zoneInst(d.to, seat), k, -1)
		if d.each {
			if seat++; seat == ns {
				seat = 0
			}
		}
		if record != nil {
			*record = append(*record, chanceMove(d.index, k))
		}
		done++
		size--
		if done >= total || size <= 0 {
			break
		}
	}
	s.setSlot(d.off, 0)
	return true
}

// plainTargets reports whether the zone instances the deal deals to are
// neither piles nor summed (zoneSum): a piece dealt changes their count
// word, kind bit and size only.
func (d *dealEvent) plainTargets(s *State) bool {
	g := s.g
	for i := 0; i < g.zoneInstances(d.to); i++ {
		zi := g.zones[d.to].first + i
		if g.pileOff[zi] > 0 || len(g.zinfo[zi].sums) > 0 {
			return false
		}
	}
	return true
}

// drawOnes is drawAll for a zone from that holds one piece of each kind it
// has, of at most 64 kinds, and keeps no sums, dealing to plain instances
// (plainTargets):
// the same pieces, to the same seats, from the same rng calls, as zoneMove
// piece by piece, with from's kind bits kept in one word while the deal
// lasts and the hash and from's size and hand total written once. It
// deals up to due pieces, from seat on, and returns how many it dealt.
func (d *dealEvent) drawOnes(s *State, rng *rand.Rand, record *[]Move, from, size, due, seat int) int {
	g := s.g
	buf := s.buf
	nk := len(g.kinds)
	zf := &g.zinfo[from]
	bw := buf[zf.bits+1 : zf.bits+1+g.lay.zbitsW]
	left := uint64(uint32(bw[0]))
	if len(bw) == 2 {
		left |= uint64(uint32(bw[1])) << 32
	}
	fi := g.lay.zone + from*nk
	fOut := buf[fi : fi+nk]
	// the receiving instance is first + seat (per seat) or first; the
	// seat moves on after each piece when the deal goes round
	z := &g.zones[d.to]
	per, next := b2i(z.perSeat), b2i(d.each)
	toHand := b2i(g.zinfo[z.first].hand)
	ns := len(g.seats)
	var h uint64 // the keys (none while a playout defers them)
	later := s.zoneHashLater
	dealt := min(due, size)
	for i := 0; i < dealt; i++ {
		k := selectBit(left, rng.IntN(size-i))
		if k >= nk {
			dealt = i
			break // not reached: the words hold the zone's kinds
		}
		left &^= 1 << uint(k&63)
		// from's word: one more taken
		o := fOut[k]
		if !later {
			if o != 0 {
				h ^= zoneKey(from*nk+k, int(o))
			}
			if o+1 != 0 {
				h ^= zoneKey(from*nk+k, int(o+1))
			}
		}
		fOut[k] = o + 1
		// the receiving instance's word: one more put
		to := z.first + seat*per
		j := to*nk + k
		tb := g.zinfo[to].bits
		o = buf[g.lay.zone+j]
		if !later {
			if o != 0 {
				h ^= zoneKey(j, int(o))
			}
			if o-1 != 0 {
				h ^= zoneKey(j, int(o-1))
			}
		}
		buf[g.lay.zone+j] = o - 1
		buf[tb]++
		buf[tb+1+k>>5] |= 1 << uint(k&31)
		if record != nil {
			*record = append(*record, chanceMove(d.index, k))
		}
		seat += next
		seat *= b2i(seat < ns) // round the table without a branch
	}
	bw[0] = int32(uint32(left))
	if len(bw) == 2 {
		bw[1] = int32(uint32(left >> 32))
	}
	buf[zf.bits] -= int32(dealt)
	buf[hHandLeft] += int32(dealt * (toHand - b2i(zf.hand)))
	s.xorZoneHash(h)
	return dealt
}

func (d *dealEvent) weight(s *State, m Move) int {
	k := chanceIdx(m)
	if k < 0 || k >= len(s.g.kinds) {
		return 0
	}
	return s.zoneCount(d.src(s), k)
}

func (d *dealEvent) apply(s *State, m Move) bool {
	g := s.g
	k := chanceIdx(m)
	done := int(s.buf[d.off])
	seat := s.ToMove()
	if d.each {
		seat = (seat + done) % len(g.seats)
	}
	from := d.src(s)
	s.zoneTake(from, k)
	s.zoneAdd(g.zoneInst(d.to, seat), k, -1)
	done++
	if done < d.total(s) && s.zoneSize(from) > 0 {
		s.setSlot(d.off, int32(done))
		return true
	}
	s.setSlot(d.off, 0)
	return false
}

func (d *dealEvent) format(s *State, m Move) string {
	if k := chanceIdx(m); k >= 0 && k < len(d.names) {
		return d.names[k]
	}
	return "?"
}
