package core

// Counting over a set of values: the arithmetic behind the set functions of
// expressions (expr_sets.go). Each function reads the attribute values of
// a set's pieces, in the set's order, and uses only the scratch slice it is
// given (grown when too short and returned, so a caller that keeps it
// allocates nothing once it is large enough). The shapes are those of card
// scoring (combinations summing to a value, pairs, runs with
// multiplicities, the run or the repeated value that a sequence ends
// with), stated without card words; core/set_score_test.go checks each
// against plain enumeration.

import (
	"math"
	"math/bits"
	"slices"
)

// maxWaysSpan bounds the range of sums sumWays tables; a wider range is
// counted by enumeration when the set has at most maxWaysEnum values.
const (
	maxWaysSpan = 1 << 16
	maxWaysEnum = 20
)

// maxWaysSmall: a set of at most this many values is counted by
// enumerating its subsets (2^6 at most, cheaper than the table for a
// hand).
const maxWaysSmall = 6

// maxWaysTiny: a target below it over values that are none negative is
// counted in an array of that many sums on the stack.
const maxWaysTiny = 64

// sumWays counts the non-empty subsets of vals (by position: equal values
// are distinct pieces) whose sum is n. It tables the number of subsets per
// sum over the range of reachable sums; a count saturates at MaxInt64. A
// set whose sums span more than maxWaysSpan and that has more than
// maxWaysEnum values counts -1.
func sumWays(vals []int32, n int, scratch []int64) (int, []int64) {
	if n >= 0 && n < 16 && len(vals) < 8 {
		if c, ok := sumWaysLanes(vals, n); ok {
			return c, scratch
		}
	}
	if n >= 0 && n < maxWaysTiny && len(vals) < 63 {
		if c, ok := sumWaysTiny(vals, n); ok {
			return c, scratch
		}
	}
	if len(vals) <= maxWaysSmall {
		// a hand of a few pieces: every non-empty subset, each one's sum
		// the sum of the subset without its lowest piece plus that piece
		var sums [1 << maxWaysSmall]int64
		c, want := 0, int64(n)
		for m := 1; m < 1<<len(vals); m++ {
			v := sums[m&(m-1)] + int64(vals[bits.TrailingZeros(uint(m))])
			sums[m] = v
			if v == want {
				c++
			}
		}
		return c, scratch
	}
	lo, hi := 0, 0
	for _, v := range vals {
		if v < 0 {
			lo += int(v)
		} else {
			hi += int(v)
		}
	}
	if n < lo || n > hi {
		return 0, scratch
	}
	if lo == 0 {
		hi = n // no negative values: sums past n never come back to it
	}
	span := hi - lo + 1
	if span > maxWaysSpan {
		if len(vals) > maxWaysEnum {
			return -1, scratch
		}
		c := 0
		for mask := 1; mask < 1<<len(vals); mask++ {
			s := 0
			for i, v := range vals {
				if mask&(1<<i) != 0 {
					s += int(v)
				}
			}
			if s == n {
				c++
			}
		}
		return c, scratch
	}
	if cap(scratch) < span {
		scratch = make([]int64, span)
	}
	ways := scratch[:span]
	clear(ways)
	ways[-lo] = 1        // the empty set sums to 0
	bot, top := -lo, -lo // the sums reached so far, as offsets into ways
	for _, v := range vals {
		d := int(v)
		switch {
		case d > 0:
			for s := min(top, span-1-d); s >= bot; s-- {
				ways[s+d] = satAdd(ways[s+d], ways[s])
			}
			top = min(top+d, span-1)
		case d < 0:
			for s := bot; s <= top; s++ {
				ways[s+d] = satAdd(ways[s+d], ways[s])
			}
			bot += d
		default:
			for s := bot; s <= top; s++ {
				ways[s] = satAdd(ways[s], ways[s])
			}
		}
	}
	c := ways[n-lo]
	if n == 0 {
		c-- // not the empty set
	}
	if c > math.MaxInt {
		c = math.MaxInt
	}
	return int(c), scratch
}

// sumWaysLanes is sumWays for a target 0 ≤ n < 16 and fewer than 8
// values, none negative (ok is false when one is). The number of subsets
// per sum s is the coefficient of x^s in the product of (1 + x^v) over
// the values; the coefficients of x^0 … x^15 are kept as 16 byte lanes of
// two words (lo: 0–7, hi: 8–15), and multiplying by 1 + x^v adds the
// words shifted by v lanes. With at most 7 values no coefficient passes
// 2^7, so no lane carries into the next; sums past 15 shift out.
func sumWaysLanes(vals []int32, n int) (c int, ok bool) {
	lo, hi := uint64(1), uint64(0) // the empty set
	for _, v := range vals {
		if lo, hi, ok = lanesTimes(lo, hi, v); !ok {
			return 0, false
		}
	}
	return lanesCoef(lo, hi, n), true
}

// sumWaysLanesOf is sumWaysLanes of the values col[k] of kinds, when it
// applies (ok).
func sumWaysLanesOf(kinds, col []int32, n int) (c int, ok bool) {
	if n < 0 || n >= 16 || len(kinds) >= 8 {
		return 0, false
	}
	lo, hi := uint64(1), uint64(0) // the empty set
	for _, k := range kinds {
		if lo, hi, ok = lanesTimes(lo, hi, col[k]); !ok {
			return 0, false
		}
	}
	return lanesCoef(lo, hi, n), true
}

// lanesTimes multiplies the lanes' polynomial by 1 + x^v (ok is false for
// a negative v; a v past 15 changes no kept coefficient).
func lanesTimes(lo, hi uint64, v int32) (uint64, uint64, bool) {
	switch {
	case v < 0:
		return lo, hi, false
	case v < 8:
		sh := uint(v) * 8
		hi += hi<<sh | lo>>(64-sh)
		lo += lo << sh
	case v < 16:
		hi += lo << ((uint(v) - 8) * 8)
	}
	return lo, hi, true
}

// lanesCoef reads the number of non-empty subsets summing to n from the
// lanes.
func lanesCoef(lo, hi uint64, n int) int {
	w := lo >> (uint(n) * 8)
	if n >= 8 {
		w = hi >> ((uint(n) - 8) * 8)
	}
	c := int(w & 0xff)
	if n == 0 {
		c-- // not the empty set
	}
	return c
}

// sumWaysTiny is sumWays for a small target 0 ≤ n < maxWaysTiny and
// fewer than 63 values, none negative (ok is false when one is): the
// number of subsets per sum up to n, in an array on the stack (at most
// 2^62 subsets: no count overflows).
func sumWaysTiny(vals []int32, n int) (c int, ok bool) {
	var ways [maxWaysTiny]int64
	ways[0] = 1 // the empty set
	top := 0    // the largest sum reached, at most n
	for _, v := range vals {
		if v < 0 {
			return 0, false
		}
		d := int(v)
		if d > n {
			continue
		}
		top = min(top+d, n)
		for s := top; s >= d; s-- {
			ways[s] += ways[s-d]
		}
	}
	w := ways[n]
	if n == 0 {
		w-- // not the empty set
	}
	return int(w), true
}

func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// sortedCopy copies vals into scratch and sorts it.
func sortedCopy(vals []int32, scratch []int32) ([]int32, []int32) {
	if cap(scratch) < len(vals) {
		scratch = make([]int32, len(vals))
	}
	s := scratch[:len(vals)]
	copy(s, vals)
	if len(s) <= 12 {
		for i := 1; i < len(s); i++ { // insertion sort: no call for card hands
			for j := i; j > 0 && s[j] < s[j-1]; j-- {
				s[j], s[j-1] = s[j-1], s[j]
			}
		}
	} else {
		slices.Sort(s)
	}
	return s, scratch
}

// smallCounts counts the values of a set of fewer than 16 values, all in
// 0 … 15, in the nibbles of one word (value v's count in bits 4v to
// 4v+3), with the values present as the bits of mask; ok is false for
// any other set.
func smallCounts(vals []int32) (cnt uint64, mask uint16, ok bool) {
	if len(vals) > 15 {
		return 0, 0, false
	}
	for _, v := range vals {
		if uint32(v) > 15 {
			return 0, 0, false
		}
		cnt += 1 << (4 * uint(v))
		mask |= 1 << uint(v)
	}
	return cnt, mask, true
}

// smallCountsOf is smallCounts of the values col[k] of kinds.
func smallCountsOf(kinds, col []int32) (cnt uint64, mask uint16, ok bool) {
	if len(kinds) > 15 {
		return 0, 0, false
	}
	for _, k := range kinds {
		v := col[k]
		if uint32(v) > 15 {
			return 0, 0, false
		}
		cnt += 1 << (4 * uint(v))
		mask |= 1 << uint(v)
	}
	return cnt, mask, true
}

// pairsOfCounts is equalPairs of the values counted by smallCounts.
func pairsOfCounts(cnt uint64, mask uint16) int {
	n := 0
	for m := mask; m != 0; m &= m - 1 {
		c := int(cnt>>(4*bits.TrailingZeros16(m))) & 15
		n += c * (c - 1) / 2
	}
	return n
}

// runsOfCounts is runsWithRepeats (k ≥ 1) of the values counted by
// smallCounts. Only the blocks of k or more consecutive values are
// visited: w marks the values that begin k present values, and a block's
// start is such a value with none just below it.
func runsOfCounts(cnt uint64, mask uint16, k int) int {
	if k > 16 {
		return 0
	}
	p := uint32(mask)
	w := p
	for j := 1; j < k; j++ {
		w &= p >> uint(j)
	}
	total := 0
	for starts := w &^ (p << 1); starts != 0; starts &= starts - 1 {
		lo := bits.TrailingZeros32(starts)
		length := bits.TrailingZeros32(^(p >> uint(lo)))
		ways := 1
		for v := lo; v < lo+length; v++ {
			ways *= int(cnt>>(4*uint(v))) & 15
		}
		total += length * ways // at most 15 values: no overflow
	}
	return total
}

// equalPairs counts the unordered pairs of positions of vals holding equal
// values (three equal values: 3 pairs; four: 6).
func equalPairs(vals []int32, scratch []int32) (int, []int32) {
	if cnt, mask, ok := smallCounts(vals); ok {
		return pairsOfCounts(cnt, mask), scratch
	}
	if len(vals) <= 8 {
		n := 0
		for i, v := range vals {
			for _, w := range vals[i+1:] {
				if v == w {
					n++
				}
			}
		}
		return n, scratch
	}
	s, scratch := sortedCopy(vals, scratch)
	n := 0
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j] == s[i] {
			j++
		}
		k := j - i
		n += k * (k - 1) / 2
		i = j
	}
	return n, scratch
}

// runsWithRepeats scores every maximal block of at least k consecutive
// distinct values present in vals: its length, times the number of ways to
// choose one position per value (the product of the values'
// multiplicities). 4,4,5,6 with k = 3 gives 3×2 = 6. k < 1 counts as 1.
func runsWithRepeats(vals []int32, k int, scratch []int32) (int, []int32) {
	k = max(k, 1)
	if cnt, mask, ok := smallCounts(vals); ok {
		return runsOfCounts(cnt, mask, k), scratch
	}
	s, scratch := sortedCopy(vals, scratch)
	total := 0
	length, ways := 0, 1
	flush := func() {
		if length >= k {
			total = satAddInt(total, satMul(length, ways))
		}
	}
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j] == s[i] {
			j++
		}
		if length > 0 && int64(s[i]) == int64(s[i-1])+1 {
			length++
			ways = satMul(ways, j-i)
		} else {
			flush()
			length, ways = 1, j-i
		}
		i = j
	}
	flush()
	return total, scratch
}

func satMul(a, b int) int {
	if a != 0 && b > math.MaxInt/a {
		return math.MaxInt
	}
	return a * b
}

func satAddInt(a, b int) int {
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}

// runEnd returns the largest n ≥ k such that the last n values of the
// sequence vals are n distinct consecutive values in any order, or 0 (3 5
// 4 gives 3; then 2 or 6 gives 4; 3 4 3 gives 0). Runs longer than 64
// count as 64. k < 1 counts as 1.
func runEnd(vals []int32, k int) int {
	k = max(k, 1)
	if len(vals) == 0 {
		return 0
	}
	if len(vals) <= 64 {
		// values in 0 … 63: the values seen as the bits of one word
		var seen uint64
		lo, hi, best := int32(64), int32(-1), 0
		for n := 1; n <= len(vals); n++ {
			v := vals[len(vals)-n]
			if uint32(v) > 63 {
				goto wide
			}
			if seen&(1<<uint(v)) != 0 {
				break // a repeated value: every longer tail repeats it too
			}
			seen |= 1 << uint(v)
			lo, hi = min(lo, v), max(hi, v)
			if int(hi-lo) == n-1 && n >= k {
				best = n
			}
		}
		return best
	}
wide:
	last := int64(vals[len(vals)-1])
	base := last - 64 // the values seen, as bits base..base+127
	var seen [2]uint64
	lo, hi := last, last
	best := 0
	for n := 1; n <= len(vals) && n <= 64; n++ {
		v := int64(vals[len(vals)-n])
		off := v - base
		if off < 0 || off >= 128 {
			break // the span is past 64: no longer run can close
		}
		w, b := off>>6, uint(off&63)
		if seen[w]&(1<<b) != 0 {
			break // a repeated value: every longer tail repeats it too
		}
		seen[w] |= 1 << b
		lo, hi = min(lo, v), max(hi, v)
		if hi-lo == int64(n-1) && n >= k {
			best = n
		}
	}
	return best
}

// runEndOf is runEnd of the values col[k] of kinds, when they are at
// most 64, all in 0 … 63 (ok). The kinds are read as e&em - eo of the
// words e of seq: seq is a list of kinds (em -1, eo 0) or a pile's entries
// (em 0xffff, eo 1).
func runEndOf(seq []int32, em, eo int32, col []int32, k int) (best int, ok bool) {
	if len(seq) > 64 {
		return 0, false
	}
	k = max(k, 1)
	var seen uint64
	lo, hi := int32(64), int32(-1)
	for n := 1; n <= len(seq); n++ {
		v := col[seq[len(seq)-n]&em-eo]
		if uint32(v) > 63 {
			return 0, false
		}
		if seen&(1<<uint(v)) != 0 {
			break // a repeated value: every longer tail repeats it too
		}
		seen |= 1 << uint(v)
		lo, hi = min(lo, v), max(hi, v)
		if int(hi-lo) == n-1 && n >= k {
			best = n
		}
	}
	return best, true
}

// sameEndOf is sameEnd of the values col[k] of the kinds of seq, read as
// runEndOf reads them.
func sameEndOf(seq []int32, em, eo int32, col []int32) int {
	if len(seq) == 0 {
		return 0
	}
	last := col[seq[len(seq)-1]&em-eo]
	n := 1
	for j := len(seq) - 2; j >= 0 && col[seq[j]&em-eo] == last; j-- {
		n++
	}
	return n
}

// sameEnd counts the values at the end of vals equal to the last (0 for
// none).
func sameEnd(vals []int32) int {
	if len(vals) == 0 {
		return 0
	}
	last := vals[len(vals)-1]
	n := 0
	for i := len(vals) - 1; i >= 0 && vals[i] == last; i-- {
		n++
	}
	return n
}

// allSame reports whether vals is not empty and holds one value.
func allSame(vals []int32) bool {
	if len(vals) == 0 {
		return false
	}
	for _, v := range vals[1:] {
		if v != vals[0] {
			return false
		}
	}
	return true
}
