// This file holds the counts of the positions a game has passed through,
// by hash (repetition draws and bans): an open-addressing table kept along
// the game, so that a repetition rule asks one lookup per move instead of
// scanning the history. Emptying it is O(1) (a new generation), and once
// it has grown it allocates nothing.

package core

// repTable counts hashes. A slot is in use when its stamp is the table's
// generation; a count may drop to 0 (undo) and the slot stays until the
// table grows.
type repTable struct {
	keys  []uint64
	cnt   []int32
	stamp []uint32
	gen   uint32
	used  int
	// thr > 0: hot counts the hashes counted at least thr times
	thr, hot int32
}

// reset empties the table, keeping its memory.
func (t *repTable) reset() {
	t.gen++
	if t.gen == 0 {
		clear(t.stamp)
		t.gen = 1
	}
	t.used, t.hot = 0, 0
}

// slot returns h's slot, or the empty slot where it would go.
func (t *repTable) slot(h uint64) int {
	mask := len(t.keys) - 1
	i := int((h*0x9e3779b97f4a7c15)>>40) & mask
	for t.stamp[i] == t.gen && t.keys[i] != h {
		i = (i + 1) & mask
	}
	return i
}

// count returns how many times h is counted.
func (t *repTable) count(h uint64) int {
	if t.used == 0 {
		return 0
	}
	if i := t.slot(h); t.stamp[i] == t.gen {
		return int(t.cnt[i])
	}
	return 0
}

// add adds d to h's count and returns the new count.
func (t *repTable) add(h uint64, d int32) int {
	if 2*(t.used+1) > len(t.keys) {
		t.grow()
	}
	i := t.slot(h)
	if t.stamp[i] != t.gen {
		t.stamp[i], t.keys[i], t.cnt[i] = t.gen, h, 0
		t.used++
	}
	old := t.cnt[i]
	n := old + d
	t.cnt[i] = n
	if t.thr > 0 {
		if old < t.thr && n >= t.thr {
			t.hot++
		} else if old >= t.thr && n < t.thr {
			t.hot--
		}
	}
	return int(n)
}

// grow doubles the table (at least 64 slots), dropping counts of 0.
func (t *repTable) grow() {
	keys, cnt, stamp, gen := t.keys, t.cnt, t.stamp, t.gen
	size := max(64, 2*len(keys))
	t.keys, t.cnt, t.stamp, t.gen, t.used = make([]uint64, size), make([]int32, size), make([]uint32, size), 1, 0
	for i := range keys {
		if stamp[i] == gen && cnt[i] > 0 {
			j := t.slot(keys[i])
			t.stamp[j], t.keys[j], t.cnt[j] = 1, keys[i], cnt[i]
			t.used++
		}
	}
}
