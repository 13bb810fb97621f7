package solve

import (
	"fmt"

	"math/bits"
	"rulesmith/core"
	"runtime/debug"
)

// entry is one solved or partly solved position of the transposition
// table. A position is named by two independent 64-bit hashes: h1 is the
// engine's Zobrist hash (State.Hash) and h2 a hash of the position as read
// through State's accessors (see keyer), so a wrong hit needs both to
// collide at once (about n²/2¹²⁹ for n positions). lo and hi bound the
// value for the seat to move; lo == hi is exact. Values do not depend on
// depth: every bound was proved by search to the end of the game.
type entry struct {
	h1, h2 uint64
	lo, hi int16
	move   uint8 // index of the best move in Moves order, noMove if none
	flags  uint8
}

const (
	entryBytes = 24 // unsafe.Sizeof(entry{}), checked in a test
	noMove     = 0xff
	fUsed      = 1
	// loadNum/loadDen is the largest fill of the open-addressed table.
	loadNum, loadDen = 3, 4
	minSlots         = 1 << 10
	firstSlots       = 1 << 16
)

// table is an open-addressed (linear probing) hash table that grows by
// doubling up to a memory budget. The budget covers the peak while it
// grows, when the old and the new slot arrays are both alive.
type table struct {
	slots    []entry
	n        int   // used slots
	limit    int   // n may not exceed this before growing
	maxBytes int64 // budget for slot arrays
	final    bool  // the table cannot grow any further
}

// TableFullError is returned when the transposition table has reached the
// memory budget.
type TableFullError struct {
	Entries int
	Bytes   int64
}

func (e *TableFullError) Error() string {
	return fmt.Sprintf("solve: transposition table full at %d entries (%s MB); give more --max-memory or a smaller variant",
		e.Entries, mbString(e.Bytes))
}

func mbString(b int64) string {
	if b%(1<<20) == 0 {
		return fmt.Sprint(b >> 20)
	}
	return fmt.Sprintf("%.3g", float64(b)/(1<<20))
}

func newTable(maxBytes int64) *table {
	t := &table{maxBytes: maxBytes}
	n := int64(firstSlots)
	if most := maxBytes / entryBytes; n > most {
		n = most
		t.final = true
	}
	if n < minSlots {
		n = minSlots
		t.final = true
	}
	t.alloc(int(n))
	return t
}

func (t *table) alloc(n int) {
	t.slots = make([]entry, n)
	t.limit = n / loadDen * loadNum
}

// bytes returns the memory held by the slot array.
func (t *table) bytes() int64 { return int64(len(t.slots)) * entryBytes }

func (t *table) home(h1, h2 uint64) int {
	hi, _ := bits.Mul64(h1^bits.RotateLeft64(h2, 29)*0xbf58476d1ce4e5b9, uint64(len(t.slots)))
	return int(hi)
}

// find returns the slot of (h1, h2), or the empty slot where it would go.
func (t *table) find(h1, h2 uint64) (int, bool) {
	i := t.home(h1, h2)
	n := len(t.slots)
	for {
		e := &t.slots[i]
		if e.flags&fUsed == 0 {
			return i, false
		}
		if e.h1 == h1 && e.h2 == h2 {
			return i, true
		}
		if i++; i == n {
			i = 0
		}
	}
}

// insert stores (h1, h2), which find did not find at slot i, with unknown
// bounds, and returns its slot.
func (t *table) insert(i int, h1, h2 uint64) (int, error) {
	if t.n >= t.limit {
		if err := t.grow(); err != nil {
			return 0, err
		}
		i, _ = t.find(h1, h2)
	}
	t.slots[i] = entry{h1: h1, h2: h2, lo: -inf, hi: inf, move: noMove, flags: fUsed}
	t.n++
	return i, nil
}

// grow doubles the table, or takes what is left of the budget; it fails
// when that is not more than it has.
func (t *table) grow() error {
	if t.final {
		return &TableFullError{Entries: t.n, Bytes: t.maxBytes}
	}
	cur := int64(len(t.slots))
	next := 2 * cur
	if (cur+next)*entryBytes > t.maxBytes {
		next = t.maxBytes/entryBytes - cur
		t.final = true
		if next*loadNum/loadDen <= int64(t.n) {
			return &TableFullError{Entries: t.n, Bytes: t.maxBytes}
		}
	}
	old := t.slots
	t.alloc(int(next))
	for k := range old {
		e := &old[k]
		if e.flags&fUsed == 0 {
			continue
		}
		i, _ := t.find(e.h1, e.h2)
		t.slots[i] = *e
	}
	// The old array is garbage now: collect it and give its pages back to
	// the system, so that the process stays near the budget (the runtime
	// would otherwise keep them, and could not reuse them for a larger
	// array).
	debug.FreeOSMemory()
	return nil
}

// path holds the positions of the line being searched, to find a line that
// comes back to a position. counts is a filter: a position whose bucket is
// empty is not on the path; otherwise the stack is scanned.
type path struct {
	stack  [][2]uint64
	counts [1 << 12]uint16
}

func (p *path) push(sv *solver, st *core.State, h1, h2 uint64) {
	b := h1 & (1<<12 - 1)
	if p.counts[b] > 0 {
		for _, x := range p.stack {
			if x[0] == h1 && x[1] == h2 {
				sv.fail(fmt.Errorf("solve: %s repeats a position (a line comes back to it at ply %d), so its games can go on until the ply limit ends them undecided; solve needs variants whose games always end", sv.g.Name, st.Ply()))
			}
		}
	}
	p.counts[b]++
	p.stack = append(p.stack, [2]uint64{h1, h2})
}

func (p *path) pop() {
	x := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	p.counts[x[0]&(1<<12-1)]--
}
