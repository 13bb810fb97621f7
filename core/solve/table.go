package solve

import (
	"fmt"
	"math/bits"
	"sync/atomic"

	"rulesmith/core"
)

// ttable is the transposition table, shared by the search's goroutines
// without locks. A position is named by two independent 64-bit hashes: h1
// is the engine's Zobrist hash (State.Hash) and h2 a hash of the position
// read back through State's accessors (see keyer). An entry is two words,
// key and data, with key = h1 ^ data, so that an entry torn by two
// goroutines writing at once does not match (the lockless scheme of
// Hyatt and Mann); data holds 16 bits of h2 as a second check, the lower
// and upper bound of the value for the seat to move (lo == hi is exact),
// the index of the best move and the work that proved them. Bounds do not
// depend on depth: each was proved by search to the end of the game, so a
// bound read from the table is always true, whoever wrote it.
//
// Entries sit in buckets of four (one cache line). A new position takes a
// free entry of its bucket, else the one whose proof cost the least work:
// the table never fills, it forgets the cheapest proofs first, and its
// memory is fixed when the solve starts.
type ttable struct {
	words []uint64
	mask  uint64 // buckets - 1
	used  atomic.Int64
}

const (
	entryBytes  = 16
	bucketSlots = 4
	noMove      = 0xff
	// minTableBytes is the smallest table.
	minTableBytes = 64 << 10
)

// TableBytes returns the memory the table takes for a budget of max
// bytes: the largest power of two of buckets that fits.
func tableBytes(max int64) int64 {
	if max < minTableBytes {
		max = minTableBytes
	}
	b := int64(1) << (63 - bits.LeadingZeros64(uint64(max/(entryBytes*bucketSlots))))
	return b * entryBytes * bucketSlots
}

func newTTable(max int64) *ttable {
	n := tableBytes(max) / 8
	return &ttable{words: make([]uint64, n), mask: uint64(n/(2*bucketSlots)) - 1}
}

// grown returns a table twice the size holding t's entries. No search
// may run meanwhile.
func (t *ttable) grown() *ttable {
	n := &ttable{words: make([]uint64, 2*len(t.words)), mask: 2*t.mask + 1}
	for i := 0; i < len(t.words); i += 2 {
		k, d := t.words[i], t.words[i+1]
		if k == 0 && d == 0 {
			continue
		}
		h1 := k ^ d
		b := n.bucket(h1)
		for j := 0; j < bucketSlots; j++ {
			if n.words[b+2*j] == 0 && n.words[b+2*j+1] == 0 {
				n.words[b+2*j], n.words[b+2*j+1] = k, d
				n.used.Add(1)
				break
			}
		}
	}
	return n
}

func (t *ttable) bytes() int64 { return int64(len(t.words)) * 8 }

func (t *ttable) bucket(h1 uint64) int { return int(h1&t.mask) * 2 * bucketSlots }

func pack(lo, hi int, move uint8, work uint8, h2 uint64) uint64 {
	return uint64(uint16(int16(lo))) | uint64(uint16(int16(hi)))<<16 | uint64(move)<<32 | uint64(work)<<40 | (h2&0xffff)<<48
}

func unpack(d uint64) (lo, hi int, move uint8, work uint8) {
	return int(int16(uint16(d))), int(int16(uint16(d >> 16))), uint8(d >> 32), uint8(d >> 40)
}

// probe returns the bounds and best move stored for (h1, h2).
func (t *ttable) probe(h1, h2 uint64) (lo, hi int, move uint8, ok bool) {
	b := t.bucket(h1)
	for j := 0; j < bucketSlots; j++ {
		k := atomic.LoadUint64(&t.words[b+2*j])
		d := atomic.LoadUint64(&t.words[b+2*j+1])
		if k^d == h1 && d>>48 == h2&0xffff && d != 0 {
			lo, hi, move, _ = unpack(d)
			return lo, hi, move, true
		}
	}
	return 0, 0, noMove, false
}

// store records what a search of (h1, h2) proved: a value v that is a
// lower bound (v ≥ beta), an upper bound (v ≤ alpha) or exact, merged with
// what the entry already holds.
func (t *ttable) store(h1, h2 uint64, v, alpha, beta int, move uint8, work uint64) {
	b := t.bucket(h1)
	slot, least := -1, uint8(255)
	lo, hi, old := -inf, inf, uint8(noMove)
	var w uint8
	for j := 0; j < bucketSlots; j++ {
		k := atomic.LoadUint64(&t.words[b+2*j])
		d := atomic.LoadUint64(&t.words[b+2*j+1])
		if k^d == h1 && d>>48 == h2&0xffff && d != 0 {
			slot = j
			lo, hi, old, w = unpack(d)
			break
		}
		if k == 0 && d == 0 {
			if least > 0 || slot < 0 {
				slot, least = j, 0
			}
			continue
		}
		if _, _, _, wj := unpack(d); slot < 0 || wj < least {
			slot, least = j, wj
		}
	}
	if k, d := atomic.LoadUint64(&t.words[b+2*slot]), atomic.LoadUint64(&t.words[b+2*slot+1]); k == 0 && d == 0 {
		t.used.Add(1)
	}
	switch {
	case v <= alpha:
		hi = min(hi, v)
	case v >= beta:
		lo = max(lo, v)
		old = noMove
	default:
		lo, hi = v, v
		old = noMove
	}
	if old == noMove {
		old = move
	}
	if lw := uint8(min(bits.Len64(work), 255)); lw > w {
		w = lw
	}
	d := pack(lo, hi, old, w, h2)
	atomic.StoreUint64(&t.words[b+2*slot+1], d)
	atomic.StoreUint64(&t.words[b+2*slot], h1^d)
}

// path holds the positions of the line being searched, to find a line that
// comes back to a position. counts is a filter: a position whose bucket is
// empty is not on the path; otherwise the stack is scanned.
type path struct {
	stack  [][2]uint64
	counts [1 << 12]uint16
}

func (p *path) push(w *worker, st *core.State, h1, h2 uint64) {
	b := h1 & (1<<12 - 1)
	if p.counts[b] > 0 {
		for _, x := range p.stack {
			if x[0] == h1 && x[1] == h2 {
				w.fail(errCycle)
			}
		}
	}
	p.counts[b]++
	p.stack = append(p.stack, [2]uint64{h1, h2})
}

func (p *path) reset() {
	p.stack = p.stack[:0]
	p.counts = [1 << 12]uint16{}
}

func (p *path) pop() {
	x := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	p.counts[x[0]&(1<<12-1)]--
}

func mbString(b int64) string {
	if b%(1<<20) == 0 {
		return fmt.Sprint(b >> 20)
	}
	return fmt.Sprintf("%.3g", float64(b)/(1<<20))
}
