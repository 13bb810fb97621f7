package core

import (
	"math/rand/v2"
	"testing"
)

// Brute-force references: every subset, every pair, every choice of one
// position per value, by enumeration.

func bruteSumWays(vals []int32, n int) int {
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
	return c
}

func brutePairs(vals []int32) int {
	c := 0
	for i := range vals {
		for j := i + 1; j < len(vals); j++ {
			if vals[i] == vals[j] {
				c++
			}
		}
	}
	return c
}

// bruteRuns: for every subset of positions whose values are distinct and
// consecutive, of size ≥ k, that is not contained in a larger such subset
// (maximal), add its size. This is the show rule stated by subsets, not by
// multiplicities.
func bruteRuns(vals []int32, k int) int {
	isRun := func(mask int) bool {
		var vs []int32
		for i, v := range vals {
			if mask&(1<<i) != 0 {
				for _, w := range vs {
					if w == v {
						return false
					}
				}
				vs = append(vs, v)
			}
		}
		if len(vs) < max(k, 1) {
			return false
		}
		lo, hi := vs[0], vs[0]
		for _, v := range vs {
			lo, hi = min(lo, v), max(hi, v)
		}
		return int(hi-lo) == len(vs)-1
	}
	total := 0
	for mask := 1; mask < 1<<len(vals); mask++ {
		if !isRun(mask) {
			continue
		}
		maximal := true
		for i := range vals {
			if mask&(1<<i) == 0 && isRun(mask|1<<i) {
				maximal = false
				break
			}
		}
		if maximal {
			n := 0
			for m := mask; m != 0; m &= m - 1 {
				n++
			}
			total += n
		}
	}
	return total
}

func bruteRunEnd(vals []int32, k int) int {
	best := 0
	for n := max(k, 1); n <= len(vals); n++ {
		tail := vals[len(vals)-n:]
		ok := true
		lo, hi := tail[0], tail[0]
		for i, v := range tail {
			for _, w := range tail[:i] {
				if w == v {
					ok = false
				}
			}
			lo, hi = min(lo, v), max(hi, v)
		}
		if ok && int(hi-lo) == n-1 {
			best = n
		}
	}
	return best
}

// The hand-worked examples of the readings (traditional-readings.md A.5,
// A.6) and a few of our own, as plain values.
func TestSetScoreHandWorked(t *testing.T) {
	cases := []struct {
		name string
		got  func() int
		want int
	}{
		// A.6: "a hand of 3, 6, 6, 9 would yield 6 points for fifteens (6-6-3, 6-9, and another 6-9)": 3 ways
		{"fifteens 3 6 6 9: three combinations", func() int { v, _ := sumWays([]int32{3, 6, 6, 9}, 15, nil); return v }, 3},
		{"fifteens 5 5 5 10 (J as 10): 5+10 thrice, 5+5+5 once", func() int { v, _ := sumWays([]int32{5, 5, 5, 10}, 15, nil); return v }, 4},
		{"fifteens 5 5 5 5 10: the 29 hand's eight", func() int { v, _ := sumWays([]int32{5, 5, 5, 5, 10}, 15, nil); return v }, 8},
		{"fifteens 1 2 3 4: none", func() int { v, _ := sumWays([]int32{1, 2, 3, 4}, 15, nil); return v }, 0},
		{"pairs 7 7 7: pair royal is three pairs", func() int { v, _ := equalPairs([]int32{7, 7, 7}, nil); return v }, 3},
		{"pairs 7 7 7 7: six pairs", func() int { v, _ := equalPairs([]int32{7, 7, 7, 7}, nil); return v }, 6},
		{"pairs king and queen (ranks 13, 12): none", func() int { v, _ := equalPairs([]int32{13, 12}, nil); return v }, 0},
		// A.6 reading: "4-4-5-6 scores a run of 3 twice"
		{"runs 4 4 5 6: a run of 3 twice", func() int { v, _ := runsWithRepeats([]int32{4, 4, 5, 6}, 3, nil); return v }, 6},
		{"runs 4 4 5 5 6: four runs of 3", func() int { v, _ := runsWithRepeats([]int32{4, 4, 5, 5, 6}, 3, nil); return v }, 12},
		{"runs 4 4 4 5 6: three runs of 3", func() int { v, _ := runsWithRepeats([]int32{4, 4, 4, 5, 6}, 3, nil); return v }, 9},
		{"runs 3 4 5 6 9: one run of 4", func() int { v, _ := runsWithRepeats([]int32{3, 4, 5, 6, 9}, 3, nil); return v }, 4},
		{"runs K A 2 (13 1 2): ace low only, no run", func() int { v, _ := runsWithRepeats([]int32{13, 1, 2}, 3, nil); return v }, 0},
		{"runs 1 2 4 5: two short blocks", func() int { v, _ := runsWithRepeats([]int32{1, 2, 4, 5}, 3, nil); return v }, 0},
		// A.5: "3, 5, then 4 scores 3, and then 2 or 6 scores 4"
		{"play 3 5 4: run of 3", func() int { return runEnd([]int32{3, 5, 4}, 3) }, 3},
		{"play 3 5 4 2: run of 4", func() int { return runEnd([]int32{3, 5, 4, 2}, 3) }, 4},
		{"play 3 5 4 6: run of 4", func() int { return runEnd([]int32{3, 5, 4, 6}, 3) }, 4},
		{"play 3 5: too short", func() int { return runEnd([]int32{3, 5}, 3) }, 0},
		// A.5 reading: "a repeated rank among those n cards breaks the run (3-4-3 is no run)"
		{"play 3 4 3: no run", func() int { return runEnd([]int32{3, 4, 3}, 3) }, 0},
		{"play 2 3 4 3: the last three 3 4 3 repeat, no run", func() int { return runEnd([]int32{2, 3, 4, 3}, 3) }, 0},
		{"play 9 2 3 4: run of 3, the 9 is not in it", func() int { return runEnd([]int32{9, 2, 3, 4}, 3) }, 3},
		{"play 5 5: two alike at the end", func() int { return sameEnd([]int32{5, 5}) }, 2},
		{"play 5 5 5: three alike", func() int { return sameEnd([]int32{5, 5, 5}) }, 3},
		{"play 5 6 5: one", func() int { return sameEnd([]int32{5, 6, 5}) }, 1},
		{"play none", func() int { return sameEnd(nil) }, 0},
	}
	for _, c := range cases {
		if got := c.got(); got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, got, c.want)
		}
	}
	if !allSame([]int32{2, 2, 2}) || allSame([]int32{2, 3}) || allSame(nil) {
		t.Error("allSame: want true for 2 2 2, false for 2 3 and for none")
	}
}

// Each function agrees with enumeration on random small sets, negative and
// zero values included.
func TestSetScoreMatchesEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 3))
	var w []int64
	var tmp []int32
	for trial := 0; trial < 3000; trial++ {
		n := rng.IntN(10)
		vals := make([]int32, n)
		lo, span := int32(1), 8
		if trial%5 == 0 {
			lo, span = -4, 10
		}
		for i := range vals {
			vals[i] = lo + int32(rng.IntN(span))
		}
		target := rng.IntN(30) - 5
		var got int
		got, w = sumWays(vals, target, w)
		if want := bruteSumWays(vals, target); got != want {
			t.Fatalf("sumWays(%v, %d) = %d, want %d", vals, target, got, want)
		}
		got, tmp = equalPairs(vals, tmp)
		if want := brutePairs(vals); got != want {
			t.Fatalf("equalPairs(%v) = %d, want %d", vals, got, want)
		}
		k := 1 + rng.IntN(4)
		got, tmp = runsWithRepeats(vals, k, tmp)
		if want := bruteRuns(vals, k); got != want {
			t.Fatalf("runsWithRepeats(%v, %d) = %d, want %d", vals, k, got, want)
		}
		if got, want := runEnd(vals, k), bruteRunEnd(vals, k); got != want {
			t.Fatalf("runEnd(%v, %d) = %d, want %d", vals, k, got, want)
		}
	}
}

// A set too wide to table and too large to enumerate counts -1, not a
// wrong number; one of 20 values wide apart is still enumerated.
func TestSumWaysLimits(t *testing.T) {
	wide := make([]int32, 21)
	for i := range wide {
		wide[i] = int32(i * 100000)
	}
	if got, _ := sumWays(wide, 300000, nil); got != -1 {
		t.Errorf("21 wide values: got %d, want -1", got)
	}
	if got, _ := sumWays(wide[:20], 300000, nil); got != bruteSumWays(wide[:20], 300000) {
		t.Errorf("20 wide values: got %d, want %d", got, bruteSumWays(wide[:20], 300000))
	}
	zeros := make([]int32, 70)
	if got, _ := sumWays(zeros, 0, nil); got <= 0 {
		t.Errorf("70 zeros: got %d, want a saturated positive count", got)
	}
	// the largest set counted on the stack: 62 zeros, every non-empty
	// subset sums to 0
	if got, _ := sumWays(zeros[:62], 0, nil); got != 1<<62-1 {
		t.Errorf("62 zeros: got %d, want 2^62-1", got)
	}
	if got, _ := sumWays(append(zeros[:62:62], 1), 1, nil); got != 1<<62 {
		t.Errorf("62 zeros and a one: got %d, want 2^62", got)
	}
}

// BenchmarkSetScore measures the arithmetic alone on a five-value set
// (a hand and its start) and a six-value sequence (a whole play).
func BenchmarkSetScore(b *testing.B) {
	hand := []int32{5, 5, 10, 9, 4}
	play := []int32{3, 5, 4, 6, 2, 7}
	var w []int64
	var tmp []int32
	b.Run("sumWays", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, w = sumWays(hand, 15, w)
		}
	})
	b.Run("equalPairs", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, tmp = equalPairs(hand, tmp)
		}
	})
	b.Run("runsWithRepeats", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, tmp = runsWithRepeats(hand, 3, tmp)
		}
	})
	b.Run("runEnd", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			runEnd(play, 3)
		}
	})
	b.Run("sameEnd", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sameEnd(play)
		}
	})
}
