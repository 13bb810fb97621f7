package solve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// The size bound counts what it says: distributions of the stones over
// the cells (here counted one by one), times the seats to move.
func TestEstimateSizeCountsStones(t *testing.T) {
	for _, tc := range []struct{ pits, seeds int }{{1, 1}, {2, 1}, {2, 2}, {3, 2}} {
		g := load(t, "mancala/egyptian", fmt.Sprint("pits=", tc.pits), fmt.Sprint("seeds=", tc.seeds))
		cells, stones := 2*tc.pits+2, 2*tc.pits*tc.seeds
		// ways[c][n]: n stones over c cells, by the number in the first
		ways := make([][]float64, cells+1)
		for c := range ways {
			ways[c] = make([]float64, stones+1)
		}
		ways[0][0] = 1
		for c := 1; c <= cells; c++ {
			for n := 0; n <= stones; n++ {
				for first := 0; first <= n; first++ {
					ways[c][n] += ways[c-1][n-first]
				}
			}
		}
		want := 2 * ways[cells][stones]
		z := EstimateSize(g, g.NewState())
		if got := math.Pow(10, z.Log10); math.Abs(got-want) > 1e-6*want {
			t.Errorf("Kalah %d×%d: bound %.1f, want %.0f (%s)", tc.pits, tc.seeds, got, want, z)
		}
	}
}

// The bound is a bound: games small enough for their reachable positions to
// be counted have no more than it says.
func TestEstimateSizeBoundsReachable(t *testing.T) {
	for _, tc := range []struct {
		name string
		sets []string
	}{
		{"../../testdata/solve/kono-3x3.toml", nil},
		{"mancala/egyptian", []string{"pits=2", "seeds=2"}},
		{"mancala/egyptian", []string{"pits=3", "seeds=2"}},
		{"mancala/nigerian", []string{"pits=2", "seeds=2"}},
		{"traditional/mu-torere", nil},
	} {
		g := load(t, tc.name, tc.sets...)
		r := solveOK(t, g, g.NewState())
		if !r.Counted {
			t.Fatalf("%s %v: positions not counted", tc.name, tc.sets)
		}
		z := EstimateSize(g, g.NewState())
		if float64(r.Positions) > math.Pow(10, z.Log10) {
			t.Errorf("%s %v: %d positions reached, more than the bound %s", tc.name, tc.sets, r.Positions, z)
		}
	}
}

// A variant far too large is refused at once, before any walk, database
// or search, with the figures and what it is made of; Kalah 6×4 and 5×5
// (solved in minutes) are not; Force lets the solve start anyway.
func TestSolveRefusesFarTooLarge(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sets    []string
		refused string
	}{
		{"mancala/egyptian", []string{"pits=6", "seeds=5"}, "solve: mancala/egyptian: too large to solve: up to 1.7e14 positions (60 stones over 14 cells; 2 seats to move), past the 3.2e13 this solver can finish"},
		{"mancala/egyptian", []string{"pits=6", "seeds=6"}, "up to 1.5e15 positions (72 stones over 14 cells; 2 seats to move)"},
		{"traditional/nine-mens-morris", nil, "up to 2.0e16 positions (18 pieces of 2 kinds over 27 places; 2 seats to move; 2 phases)"},
		{"dvonn", nil, "up to 6.8e42 positions (49 pieces of 3 kinds over 52 places; 2 seats to move; 2 phases)"},
		{"../../testdata/solve/kono-1024.toml", nil, "up to 2.0e39 positions (16 pieces of 2 kinds over 1027 places; 2 seats to move)"},
		{"mancala/egyptian", nil, ""},
		{"mancala/egyptian", []string{"pits=5", "seeds=5"}, ""},
		{"traditional/four-field-kono", nil, ""},
		{"traditional/tac-tix", nil, ""},
	} {
		g := load(t, tc.name, tc.sets...)
		z := EstimateSize(g, g.NewState())
		if tc.refused == "" {
			if z.Log10 > MaxSizeLog10 {
				t.Errorf("%s %v: %s is over the limit", tc.name, tc.sets, z)
			}
			continue
		}
		// Were it not refused, the solve would run until this context
		// stopped it.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		start := time.Now()
		_, err := Solve(ctx, g, g.NewState(), Options{CacheDir: "-"})
		cancel()
		var tl *TooLargeError
		if !errors.As(err, &tl) || !strings.Contains(err.Error(), tc.refused) {
			t.Errorf("%s %v: got %v\nwant %q", tc.name, tc.sets, err, tc.refused)
		}
		if d := time.Since(start); d > 10*time.Second { // a failure bound: it takes microseconds
			t.Errorf("%s %v: refused after %v", tc.name, tc.sets, d)
		}
	}
	g := load(t, "mancala/egyptian", "pits=6", "seeds=5")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Solve(ctx, g, g.NewState(), Options{CacheDir: "-", Force: true})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("forced: got %v, want the solve to start (and stop at the cancel)", err)
	}
}
