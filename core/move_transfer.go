// This file holds the transfer primitive: move one to three pieces from a
// zone to another (a discard, a card played to a pile, a captured piece
// released back to its reserve). gen and play are on the hot path and
// allocate nothing.

package core

import (
	"fmt"
	"math/bits"
	"strings"
)

// maxTransfer is the most pieces one transfer moves (the Move word holds
// three kinds).
const maxTransfer = 3

// maxTransferKinds bounds the kinds a transfer can name (10 bits each).
const maxTransferKinds = 1<<10 - 1

type transferRule struct {
	ruleBase
	from, to int    // zones (of a per-seat zone, the mover's instance)
	count    int    // pieces per move, 1..maxTransfer
	kinds    []bool // kinds it may move (nil: any)
	when     *whenCond
	prefix   string
	// whenOnce: the condition does not read kind, so gen evaluates it once
	whenOnce bool
	// bound: the condition only bounds an attribute of the kind
	// (when_kind.go), so gen computes the bound once; nil otherwise
	bound   *kindBound
	glyph   bool // notation: the kinds' glyphs
	prelude bool // an optional first part of a ply (move_prelude.go)
	// byBits: a game of at most 64 kinds: gen may read the zone's kinds
	// as one word and keep the movable ones by masks (genBits)
	byBits   bool
	kindMask uint64 // the kinds it may move, as bits (byBits)
}

var transferMove = moveType{
	name: "transfer",
	doc:  "move one to three pieces from one zone to another (a discard, a card played, a piece released)",
	keys: []*Key{&transferFromKey, &transferToKey, &transferCountKey, &transferKindsKey, &transferWhenKey, &transferPrefixKey, &transferNotationKey, &transferPreludeKey},
	compile: func(c *compiler, p string, rb ruleBase) rule {
		ru := &transferRule{ruleBase: rb}
		ru.from = c.zoneNamed(keyPath(p, &transferFromKey), c.readString(p, &transferFromKey))
		ru.to = c.zoneNamed(keyPath(p, &transferToKey), c.readString(p, &transferToKey))
		ru.count = c.readInt(p, &transferCountKey)
		ru.kinds = c.readKinds(p, &transferKindsKey)
		ru.prefix = c.readString(p, &transferPrefixKey)
		ru.when = c.compileCellCond(p, transferWhenKey.Name, false)
		ru.whenOnce = ru.when != nil && !readsName(c.readString(p, &transferWhenKey), "kind")
		if ru.when != nil && ru.when.native != nil && !ru.whenOnce {
			ru.bound = c.compileKindBound(c.readString(p, &transferWhenKey))
		}
		if ru.bound != nil {
			ru.bound.tableMasks(len(c.g.kinds))
		}
		if nk := len(c.g.kinds); nk <= 64 {
			ru.byBits = true
			for k := 0; k < nk; k++ {
				if ru.kinds == nil || ru.kinds[k] {
					ru.kindMask |= 1 << uint(k)
				}
			}
		}
		ru.glyph = c.readChoice(p, &transferNotationKey) == "glyph"
		ru.prelude = c.readBool(p, &transferPreludeKey)
		c.checkPrelude(p, ru)
		if ru.from < 0 || ru.to < 0 {
			return nil
		}
		if ru.from == ru.to {
			c.r.ValueErrorf(keyPath(p, &transferToKey), "%s.to: the pieces would stay in %q: name another zone", p, c.g.zones[ru.to].name)
			return nil
		}
		if len(c.g.kinds) > maxTransferKinds {
			c.r.Errorf(p, "%s: a transfer names at most %d kinds; the variant has %d", p, maxTransferKinds, len(c.g.kinds))
			return nil
		}
		c.g.zoneFlow = true
		return ru
	},
}

var (
	transferFromKey = Key{Name: "from", Type: TString, Required: true,
		Doc: "the zone the pieces leave (of a per-seat zone, the mover's)"}
	transferToKey = Key{Name: "to", Type: TString, Required: true,
		Doc: "the zone the pieces go to (of a per-seat zone, the mover's; into a pile in kind order, each marked as the mover's)"}
	transferCountKey = Key{Name: "count", Type: TInt, Default: 1, Min: 1, Max: maxTransfer,
		Doc: "the pieces one move takes together (an unordered choice of that many from the zone)"}
	transferKindsKey = Key{Name: "kinds", Type: TStrings,
		Doc: "the piece kinds this rule may move (default: any)"}
	transferWhenKey = Key{Name: "when", Type: TExpr,
		Doc: "a condition every moved piece must meet, over kind and the state"}
	transferPrefixKey = Key{Name: "prefix", Type: TString, Default: "",
		Doc: "written before the moved kinds' names in notation (which joins them with +)"}
	transferNotationKey = Key{Name: "notation", Type: TChoice, Default: "name", Allowed: []string{"name", "glyph"},
		Doc: "how the moved kinds are written: by name, or by glyph (+Sh)"}
)

func (r *transferRule) gen(s *State, out []Move) []Move {
	if r.byBits && r.count <= 2 && s.g.lay.zbitsW > 0 {
		if out, ok := r.genBits(s, out); ok {
			return out
		}
	}
	// one pass over the zone: the kinds it may move, with their counts
	ks := s.zoneKindCounts(s.g.zoneInst(r.from, s.ToMove()), s.genKinds[:0])
	if r.kinds != nil || r.when != nil {
		ks = r.filter(s, ks)
	}
	s.genKinds = ks
	base := mkMove(r.index, -1, -1, 0)
	switch r.count {
	case 1:
		for i := 0; i < len(ks); i += 2 {
			out = append(out, base|Move(ks[i]+1)<<34)
		}
		return out
	case 2:
		for i := 0; i < len(ks); i += 2 {
			a := base | Move(ks[i]+1)<<34
			if ks[i+1] >= 2 {
				out = append(out, a|Move(ks[i]+1)<<44)
			}
			for j := i + 2; j < len(ks); j += 2 {
				out = append(out, a|Move(ks[j]+1)<<44)
			}
		}
		return out
	}
	m := len(ks) / 2
	for i := 0; i < m; i++ {
		a := int(ks[2*i])
		for j := i; j < m; j++ {
			b, nb := int(ks[2*j]), ks[2*j+1]
			if j == i {
				nb--
			}
			if nb <= 0 {
				continue
			}
			for k := j; k < m; k++ {
				c, nc := int(ks[2*k]), ks[2*k+1]
				if k == i {
					nc--
				}
				if k == j {
					nc--
				}
				if nc <= 0 {
					continue
				}
				out = append(out, mkMove(r.index, -1, -1, a+1|(b+1)<<10|(c+1)<<20))
			}
		}
	}
	return out
}

// genBits is gen for one or two pieces by the zone's kind bits (byBits):
// the movable kinds are the zone's bits less those the rule's kinds and
// the bound's mask leave out, found without a branch per kind. A pair
// needs each kind once (the zone's size is its bit count); otherwise it
// reports false and gen counts the kinds.
func (r *transferRule) genBits(s *State, out []Move) ([]Move, bool) {
	g := s.g
	zb := g.zinfo[g.zoneInst(r.from, s.ToMove())].bits
	held := uint64(uint32(s.buf[zb+1]))
	if g.lay.zbitsW == 2 {
		held |= uint64(uint32(s.buf[zb+2])) << 32
	}
	if r.count == 2 && bits.OnesCount64(held) != int(s.buf[zb]) {
		return out, false // a kind held twice: a pair of it is a move
	}
	ok := held & r.kindMask
	if b := r.bound; b != nil {
		if b.masks == nil {
			return out, false
		}
		s.condKind = -1
		ok &= b.maskFor(b.bound(s, -1, 0))
	} else if r.when != nil {
		if !r.whenOnce {
			return out, false
		}
		if ok != 0 && !r.when.allows(s, -1, 0, 0, bits.TrailingZeros64(ok)) {
			// a condition that does not read kind holds for all or none
			return out, true
		}
	}
	base := mkMove(r.index, -1, -1, 0)
	if r.count == 1 {
		for ; ok != 0; ok &= ok - 1 {
			out = append(out, base|Move(bits.TrailingZeros64(ok)+1)<<34)
		}
		return out, true
	}
	for ; ok != 0; ok &= ok - 1 {
		a := base | Move(bits.TrailingZeros64(ok)+1)<<34
		for rest := ok & (ok - 1); rest != 0; rest &= rest - 1 {
			out = append(out, a|Move(bits.TrailingZeros64(rest)+1)<<44)
		}
	}
	return out, true
}

// filter keeps, in place, the (kind, count) pairs of ks whose kind the
// rule may move (kinds, when) and returns them.
func (r *transferRule) filter(s *State, ks []int32) []int32 {
	nk := len(s.g.kinds)
	kept := 0
	checked := false
	bound := 0
	if r.bound != nil {
		s.condKind = -1
		bound = r.bound.bound(s, -1, 0)
		if r.kinds == nil {
			// every pair is written and kept or not by the comparison,
			// without a branch: whether a kind meets the bound is not
			// predictable
			for i := 0; i < len(ks); i += 2 {
				a := ks[i]
				ks[kept], ks[kept+1] = a, ks[i+1]
				kept += 2 * b2i(int(a) < nk && r.bound.holds(int(a), bound))
			}
			return ks[:kept]
		}
	}
	for i := 0; i < len(ks); i += 2 {
		a := int(ks[i])
		if a >= nk || (r.kinds != nil && !r.kinds[a]) {
			continue
		}
		if r.bound != nil {
			if !r.bound.holds(a, bound) {
				continue
			}
		} else if r.whenOnce {
			// a condition that does not read kind holds for all or none
			if !checked {
				if !r.when.allows(s, -1, 0, 0, a) {
					return ks[:0]
				}
				checked = true
			}
		} else if r.when != nil && !r.when.allows(s, -1, 0, 0, a) {
			continue
		}
		if kept != i {
			ks[kept], ks[kept+1] = ks[i], ks[i+1]
		}
		kept += 2
	}
	return ks[:kept]
}

// transferKinds returns the kinds of a transfer move's aux, in kind order,
// and how many there are.
func transferKinds(aux int) (ks [maxTransfer]int, n int) {
	for ; n < maxTransfer; n++ {
		k := aux>>(10*n)&maxTransferKinds - 1
		if k < 0 {
			break
		}
		ks[n] = k
	}
	return ks, n
}

func (r *transferRule) play(s *State, m Move) error {
	g := s.g
	seat := s.ToMove()
	from, to := g.zoneInst(r.from, seat), g.zoneInst(r.to, seat)
	if aux := m.Aux(); r.byBits && r.count <= 2 && g.lay.zbitsW > 0 && g.pileOff[from] == 0 {
		// one or two kinds, each held (its bit), two kinds distinct: the
		// pieces move with no decoding loop and no count read
		k1, k2 := aux&maxTransferKinds-1, aux>>10&maxTransferKinds-1
		zb := g.zinfo[from].bits
		held := uint64(uint32(s.buf[zb+1]))
		if g.lay.zbitsW == 2 {
			held |= uint64(uint32(s.buf[zb+2])) << 32
		}
		if r.count == 1 && aux>>10 == 0 && k1 >= 0 && k1 < len(g.kinds) && held>>uint(k1)&1 != 0 {
			s.zoneMoveBits(from, to, k1, seat)
			return nil
		}
		if r.count == 2 && aux>>20 == 0 && k1 >= 0 && k2 >= 0 && k1 != k2 && k1 < len(g.kinds) && k2 < len(g.kinds) &&
			(held>>uint(k1))&(held>>uint(k2))&1 != 0 {
			s.zoneMoveBits(from, to, k1, seat)
			s.zoneMoveBits(from, to, k2, seat)
			return nil
		}
	}
	ks, n := transferKinds(m.Aux())
	for i := 0; i < n; i++ {
		k := ks[i]
		if k >= len(g.kinds) || s.zoneCount(from, k) == 0 {
			return fmt.Errorf("rule %q: %s has no %s in %s", r.name, g.seats[seat], g.kindName(k), g.zones[r.from].name)
		}
		s.zoneMove(from, to, k, seat)
	}
	return nil
}

// kindWritten finds the kind a move's text names: by name, or with glyph
// by glyph, the mover's kind first (glyphs repeat across seats: the Ring
// game's Sc); -1 when none.
func (g *Game) kindWritten(s *State, text string, glyph bool) int {
	k := -1
	for i := range g.kinds {
		w := g.kinds[i].Name
		if glyph {
			w = g.kinds[i].Glyph
		}
		if strings.EqualFold(w, text) && (k < 0 || int(g.kinds[i].Owner) == s.ToMove()) {
			k = i
		}
	}
	return k
}

// kindName is the name of kind k, or "?" when out of range.
func (g *Game) kindName(k int) string {
	if k < 0 || k >= len(g.kinds) {
		return "?"
	}
	return g.kinds[k].Name
}

func (r *transferRule) format(s *State, m Move) string {
	ks, n := transferKinds(m.Aux())
	var b strings.Builder
	b.WriteString(r.prefix)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte('+')
		}
		if r.glyph && ks[i] >= 0 && ks[i] < len(s.g.kinds) {
			b.WriteString(s.g.kinds[ks[i]].Glyph)
			continue
		}
		b.WriteString(s.g.kindName(ks[i]))
	}
	return b.String()
}

func (r *transferRule) explain(s *State, text string) (string, bool) {
	g := s.g
	if !strings.HasPrefix(strings.ToLower(text), strings.ToLower(r.prefix)) {
		return "", false
	}
	names := strings.Split(text[len(r.prefix):], "+")
	zi := g.zoneInst(r.from, s.ToMove())
	var kinds []int
	for _, name := range names {
		k := g.kindWritten(s, name, r.glyph)
		if k < 0 {
			return "", false
		}
		kinds = append(kinds, k)
	}
	if len(kinds) != r.count {
		return fmt.Sprintf("rule %q moves %d piece(s) at once, not %d", r.name, r.count, len(kinds)), true
	}
	for _, k := range kinds {
		if s.zoneCount(zi, k) == 0 {
			return fmt.Sprintf("%s has no %s in %s", g.seats[s.ToMove()], g.kinds[k].Name, g.zones[r.from].name), true
		}
		if r.kinds != nil && !r.kinds[k] {
			return fmt.Sprintf("rule %q does not move %s", r.name, g.kinds[k].Name), true
		}
		if !r.when.allows(s, -1, 0, 0, k) {
			return fmt.Sprintf("the rule's condition (when) does not allow moving %s", g.kinds[k].Name), true
		}
	}
	return "", false
}
