package core

// Sets as one word of kinds. In a game of at most 64 kinds whose zones
// keep kind bits, a set whose parts are distinct zones is, at a position
// where none of them holds a kind twice, the union of the parts' bit
// words: one word, bit k for kind k. The set functions that do not read
// the set's order (sum_ways, pairs, runs, all_same, total, size, count_of,
// and attr_of of one zone that is not a pile) count on that word: an
// attribute's kinds are tabled by value at compile time, and a count per
// value is a popcount, in loops whose length the attribute fixes, not the
// pieces held. The gathering of a frame (expr_setframe.go) computes the
// words of its sets first; at a position where a part holds a kind twice,
// or in a game keeping no kind bits, it gathers the sequences instead,
// which every function still reads then. Sets read in order (run_end,
// same_end, attr_of of a pile or of several parts) keep their sequence.

import "math/bits"

// Limits of one frame's words: the zones read (whole or @seat), the
// sets, the parts of one set, and the tallies (tallyOf).
const (
	maxMaskParts    = 8
	maxMaskSets     = 8
	maxMaskSetParts = 4
	maxTallies      = 8
)

// maskPart is one zone of a frame's mask sets: instance first + seat*per,
// whose word is slot. by: the pile's pieces put there by the seat; dup:
// the zone is read whole as well (its size is counted once).
type maskPart struct {
	first, per int
	by, dup    bool
	slot       uint8
}

// setMasks is the plan of a frame's words: the parts read whole and
// @seat; set j's word is the union of the part words sets[j] names (an
// unused slot names a word that stays 0). tallies are the (set,
// attribute) pairs counted by value once per evaluation (tallyOf).
type setMasks struct {
	whole, by []maskPart
	sets      [][maxMaskSetParts]uint8
	tallies   []maskTally
}

// maskTally is the counting of one set's attribute by value: shift[k] is
// 4 × (the value of kind k − the smallest value), the nibble of its count.
type maskTally struct {
	set   int
	shift *[64]uint8
}

// maskZero is the slot of a word that stays 0.
const maskZero = maxMaskParts

// maskOf returns the index of fs's word among the frame's mask sets,
// registering it; -1 when fs cannot be a word (more than 64 kinds, a part
// that is no zone, a zone named twice, or the frame's limits).
func (fr *setFrame) maskOf(g *Game, fs *frameSet) int {
	if fs.mask >= 0 {
		return fs.mask
	}
	ms := &fr.masks
	if fs.mask == maskNever || len(g.kinds) > 64 || len(fs.parts) > maxMaskSetParts || len(ms.sets) >= maxMaskSets {
		fs.mask = maskNever
		return -1
	}
	var want []maskPart
	for _, src := range fs.parts {
		zs, ok := src.(zoneSource)
		if !ok {
			fs.mask = maskNever
			return -1
		}
		p := maskPart{first: g.zones[zs.z].first, by: zs.by}
		for _, w := range want {
			if w.first == p.first {
				fs.mask = maskNever // a zone twice: a kind may be counted twice
				return -1
			}
		}
		if g.zones[zs.z].perSeat {
			p.per = 1
		}
		want = append(want, p)
	}
	var slots [maxMaskSetParts]uint8
	for i := range slots {
		slots[i] = maskZero
	}
	nw, nb := len(ms.whole), len(ms.by)
	for i, p := range want {
		list := &ms.whole
		if p.by {
			list = &ms.by
		}
		at := -1
		for _, have := range *list {
			if have.first == p.first && have.per == p.per {
				at = int(have.slot)
			}
		}
		if at < 0 {
			if len(ms.whole)+len(ms.by) >= maxMaskParts {
				ms.whole, ms.by = ms.whole[:nw], ms.by[:nb]
				fs.mask = maskNever
				return -1
			}
			at = len(ms.whole) + len(ms.by)
			p.slot = uint8(at)
			*list = append(*list, p)
		}
		slots[i] = uint8(at)
	}
	ms.sets = append(ms.sets, slots)
	fs.mask = len(ms.sets) - 1
	return fs.mask
}

// finish marks the piles read both whole and @seat (after the plan).
func (ms *setMasks) finish() {
	for i := range ms.by {
		for _, w := range ms.whole {
			if w.first == ms.by[i].first {
				ms.by[i].dup = true
			}
		}
	}
}

// tallyOf returns the tally of word j's attribute a, registering it; -1
// when the attribute's values span more than 16 or more than 15 kinds
// share a value (a count would not fit its nibble), or the tallies are
// used up.
func (fr *setFrame) tallyOf(g *Game, j, a int) int {
	ms := &fr.masks
	lo, byValue := g.attrByValue(a)
	if byValue == nil || len(byValue) > 16 {
		return -1
	}
	for _, vm := range byValue {
		if bits.OnesCount64(vm) > 15 {
			return -1
		}
	}
	shift := new([64]uint8)
	for k, v := range g.attrs[a] {
		shift[k] = uint8(4 * (v - lo))
	}
	for i, t := range ms.tallies {
		if t.set == j && *t.shift == *shift {
			return i
		}
	}
	if len(ms.tallies) >= maxTallies {
		return -1
	}
	ms.tallies = append(ms.tallies, maskTally{set: j, shift: shift})
	return len(ms.tallies) - 1
}

// maskNever marks a frame set that cannot be a word (maskOf); maskNone
// one not asked yet.
const (
	maskNone  = -1
	maskNever = -2
)

// gather computes the words of the frame's mask sets for seat into the
// scratch; false when they cannot be read at this position (no kind bits,
// no seat for a per-seat part, a kind held twice by the zones read).
func (ms *setMasks) gather(s *State, seat int) bool {
	g := s.g
	w := g.lay.zbitsW
	if w == 0 || uint(seat) >= uint(len(g.seats)) {
		return false
	}
	hk := ^uint64(0) // the second bit word counts only when there is one
	if w == 1 {
		hk = 0
	}
	buf := s.buf
	zb, st := g.lay.zbits, w+1 // zone instance zi's size word is zb + zi*st
	var pm [16]uint64
	// every kind at most once: the zones' words are disjoint and each
	// holds as many kinds as pieces
	all, size := uint64(0), 0
	for i := range ms.whole {
		p := &ms.whole[i]
		b := zb + (p.first+seat*p.per)*st
		m := uint64(uint32(buf[b+1])) | uint64(uint32(buf[b+w]))<<32&hk
		all |= m
		size += int(buf[b])
		pm[p.slot&15] = m
	}
	by := int32(seat+1) << 16 // an entry's seat bits when the seat put it
	for i := range ms.by {
		p := &ms.by[i]
		zi := p.first + seat*p.per
		if !p.dup {
			b := zb + zi*st
			all |= uint64(uint32(buf[b+1])) | uint64(uint32(buf[b+w]))<<32&hk
			size += int(buf[b])
		}
		off := g.pileOff[zi]
		m := uint64(0)
		for _, e := range buf[off+1 : off+1+int(buf[off])] {
			// an entry is (seat+1)<<16 | kind+1: keep is all ones when
			// the seat bits are by's
			keep := uint64(int64(e&^0xffff^by)-1) >> 63
			m |= (1 << (uint(e-1) & 63)) & -keep
		}
		pm[p.slot&15] = m
	}
	sc := &s.sets
	for j, ix := range ms.sets {
		sc.masks[j&(maxMaskSets-1)] = pm[ix[0]&15] | pm[ix[1]&15] | pm[ix[2]&15] | pm[ix[3]&15]
	}
	sc.tallied = 0
	return bits.OnesCount64(all) == size
}

// tally returns tally i of the evaluation in progress (counting it the
// first time): the counts by value in nibbles, the values present as
// bits, and the pairs of equal values.
func (sc *setScratch) tally(ms *setMasks, i int) *setTally {
	t := &sc.tallies[i&(maxTallies-1)]
	if sc.tallied&(1<<uint(i)) != 0 {
		return t
	}
	sc.tallied |= 1 << uint(i)
	mt := &ms.tallies[i]
	shift := mt.shift
	cnt, present, pairs := uint64(0), uint32(0), 0
	for m := sc.masks[mt.set&(maxMaskSets-1)]; m != 0; m &= m - 1 {
		sh := shift[bits.TrailingZeros64(m)&63]
		pairs += int(cnt >> sh & 15)
		cnt += 1 << sh
		present |= 1 << (sh >> 2)
	}
	*t = setTally{cnt: cnt, present: present, pairs: pairs}
	return t
}

// setTally is a tally's result for the evaluation in progress.
type setTally struct {
	cnt     uint64
	present uint32
	pairs   int
}

// attrByValue tables attribute a's kinds by value: the kinds whose value
// is lo+i in byValue[i]; nil when the values span more than 64.
func (g *Game) attrByValue(a int) (lo int32, byValue []uint64) {
	col := g.attrs[a]
	if len(col) == 0 {
		return 0, nil
	}
	lo, hi := col[0], col[0]
	for _, v := range col {
		lo, hi = min(lo, v), max(hi, v)
	}
	if int64(hi)-int64(lo) >= 64 {
		return 0, nil
	}
	byValue = make([]uint64, hi-lo+1)
	for k, v := range col {
		byValue[v-lo] |= 1 << uint(k)
	}
	return lo, byValue
}

// maskPairs is equalPairs of the values of the kinds of m.
func maskPairs(m uint64, byValue []uint64) int {
	n := 0
	for _, vm := range byValue {
		c := bits.OnesCount64(m & vm)
		n += c * (c - 1) / 2
	}
	return n
}

// maskTotal is the sum of the values of the kinds of m.
func maskTotal(m uint64, lo int32, byValue []uint64) int {
	n := 0
	for i, vm := range byValue {
		n += (int(lo) + i) * bits.OnesCount64(m&vm)
	}
	return n
}

// maskCountOf counts the kinds of m whose value is v.
func maskCountOf(m uint64, lo int32, byValue []uint64, v int) int {
	if i := v - int(lo); i >= 0 && i < len(byValue) {
		return bits.OnesCount64(m & byValue[i])
	}
	return 0
}

// maskAllSame reports whether m holds kinds and they have one value.
func maskAllSame(m uint64, lo int32, byValue []uint64, col []int32) bool {
	if m == 0 {
		return false
	}
	return m&^byValue[col[bits.TrailingZeros64(m)]-lo] == 0
}

// maskSumWays is sumWaysLanes of the values col[k] of the kinds of m:
// when 0 ≤ n < 16, m holds fewer than 8 kinds and no value is negative
// (ok). Multiplying by 1 + x^v adds the lanes shifted by v bytes, across
// the two words, with no branch: a value below 8 shifts both words by v
// bytes, one in 8…15 adds the low word shifted by v-8 bytes to the high
// one, a larger one nothing.
func maskSumWays(m uint64, col []int32, n int) (int, bool) {
	if n < 0 || n >= 16 || bits.OnesCount64(m) >= 8 {
		return 0, false
	}
	lo, hi := uint64(1), uint64(0) // the empty set
	neg := int32(0)
	for ; m != 0; m &= m - 1 {
		v := col[bits.TrailingZeros64(m)&63]
		neg |= v
		// (hi, lo) times 2^(8(v&7)): lo's overflow c carries into hi
		f := uint64(1) << (uint(v&7) * 8 & 63)
		c, l := bits.Mul64(lo, f)
		below8 := uint64(int64(v-8) >> 63)           // all ones when v < 8
		below16 := uint64(int64(v-16)>>63) &^ below8 // when 8 ≤ v < 16
		hi += (hi*f+c)&below8 + l&below16
		lo += l & below8
	}
	if neg < 0 {
		return 0, false
	}
	return lanesCoef(lo, hi, n), true
}

// maskVals reads the values col[k] of the kinds of m, in kind order, into
// out (which holds 64).
func maskVals(m uint64, col []int32, out *[64]int32) []int32 {
	n := 0
	for ; m != 0; m &= m - 1 {
		out[n] = col[bits.TrailingZeros64(m)]
		n++
	}
	return out[:n]
}

// maskSet compiles set function name over fs's word j (ps: the spec;
// arg: the second argument) with seqB/seqI, the same function over the
// gathered sequences, for positions where the words cannot be read. nil,
// nil: the function is not counted on words.
func (c *compiler) maskSet(fr *setFrame, name string, ps *pieceSet, j int, arg intArg, seqB nativeBool, seqI nativeInt) (nativeBool, nativeInt) {
	g := c.g
	ms := &fr.masks
	fm := ^uint64(0) // the kinds the filter keeps
	for k := range g.kinds {
		if !ps.keeps(g, int32(k)) {
			fm &^= 1 << uint(k)
		}
	}
	if name == "size" {
		return nil, func(s *State, f, t int) int {
			if !s.sets.maskOK {
				return seqI(s, f, t)
			}
			return bits.OnesCount64(s.sets.masks[j] & fm)
		}
	}
	if ps.attr < 0 {
		return nil, nil
	}
	col := g.attrs[ps.attr]
	lo, byValue := g.attrByValue(ps.attr)
	if byValue == nil {
		return nil, nil
	}
	switch name {
	case "sum_ways":
		return nil, func(s *State, f, t int) int {
			if !s.sets.maskOK {
				return seqI(s, f, t)
			}
			m, n := s.sets.masks[j]&fm, arg.of(s, f, t)
			if v, ok := maskSumWays(m, col, n); ok {
				return v
			}
			var tmp [64]int32
			v, w := sumWays(maskVals(m, col, &tmp), n, s.sets.ways)
			s.sets.ways = w
			return v
		}
	case "pairs":
		if ti := fr.tallyOf(g, j, ps.attr); ti >= 0 && len(ps.fAttr) == 0 {
			return nil, func(s *State, f, t int) int {
				if !s.sets.maskOK {
					return seqI(s, f, t)
				}
				return s.sets.tally(ms, ti).pairs
			}
		}
		return nil, func(s *State, f, t int) int {
			if !s.sets.maskOK {
				return seqI(s, f, t)
			}
			return maskPairs(s.sets.masks[j]&fm, byValue)
		}
	case "runs":
		ti := -1
		if len(ps.fAttr) == 0 {
			ti = fr.tallyOf(g, j, ps.attr)
		}
		return nil, func(s *State, f, t int) int {
			if !s.sets.maskOK {
				return seqI(s, f, t)
			}
			k := arg.of(s, f, t)
			if ti >= 0 {
				tl := s.sets.tally(ms, ti)
				return runsOfCounts(tl.cnt, uint16(tl.present), max(k, 1))
			}
			var tmp [64]int32
			v, t2 := runsWithRepeats(maskVals(s.sets.masks[j]&fm, col, &tmp), k, s.sets.tmp)
			s.sets.tmp = t2
			return v
		}
	case "all_same":
		return func(s *State, f, t int) bool {
			if !s.sets.maskOK {
				return seqB(s, f, t)
			}
			return maskAllSame(s.sets.masks[j]&fm, lo, byValue, col)
		}, nil
	case "total":
		return nil, func(s *State, f, t int) int {
			if !s.sets.maskOK {
				return seqI(s, f, t)
			}
			return maskTotal(s.sets.masks[j]&fm, lo, byValue)
		}
	case "count_of":
		return nil, func(s *State, f, t int) int {
			if !s.sets.maskOK {
				return seqI(s, f, t)
			}
			return maskCountOf(s.sets.masks[j]&fm, lo, byValue, arg.of(s, f, t))
		}
	case "attr_of":
		// the last piece of one zone that is no pile: its highest kind
		zs, ok := ps.parts[0].(zoneSource)
		if len(ps.parts) != 1 || !ok || g.zones[zs.z].ordered {
			return nil, nil
		}
		return nil, func(s *State, f, t int) int {
			if !s.sets.maskOK {
				return seqI(s, f, t)
			}
			m := s.sets.masks[j] & fm
			if m == 0 {
				return -1
			}
			return int(col[63-bits.LeadingZeros64(m)])
		}
	}
	return nil, nil
}
