package solve

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"rulesmith/core"
	"rulesmith/variants"
)

func load(t testing.TB, name string, sets ...string) *core.Game {
	t.Helper()
	g, err := core.Load(name, core.WithFS(variants.FS()), core.WithSet(sets...))
	if err != nil {
		t.Fatalf("load %s %v: %v", name, sets, err)
	}
	return g
}

func solveOK(t *testing.T, g *core.Game, s *core.State) Result {
	t.Helper()
	r, err := Solve(context.Background(), g, s, Options{CacheDir: "-"})
	if err != nil {
		t.Fatalf("%s: %v", g.Name(), err)
	}
	return r
}

// brute is full minimax with neither table nor pruning: seat 0's final
// margin when seat 0 maximises it and seat 1 minimises it, whoever is to
// move (extra turns included). It counts the move sequences of each length
// in perft[d-1] (the lines of exactly d moves, as Game.Perft counts them).
func brute(t *testing.T, g *core.Game, s *core.State, d int, perft []uint64) int {
	moves := g.Settle(s, nil)
	if len(moves) == 0 {
		if g.Result(s).Timeout {
			t.Fatalf("brute force reached the ply limit")
		}
		sc := g.Scores(s)
		return sc[0] - sc[1]
	}
	if d > 300 {
		t.Fatalf("brute force: a line longer than 300 moves")
	}
	perft[d] += uint64(len(moves))
	best := 0
	for i, m := range moves {
		c := s.Clone()
		if err := g.Play(c, m); err != nil {
			t.Fatal(err)
		}
		v := brute(t, g, c, d+1, perft)
		if i == 0 || s.ToMove() == 0 && v > best || s.ToMove() == 1 && v < best {
			best = v
		}
	}
	return best
}

// checkLine plays the principal line from s: every move is legal, the game
// ends exactly at its end, and the final margin is the value.
func checkLine(t *testing.T, g *core.Game, s *core.State, r Result) {
	t.Helper()
	st := s.Clone()
	if len(r.Line) != len(r.Notation) {
		t.Fatalf("line has %d moves but %d texts", len(r.Line), len(r.Notation))
	}
	for i, m := range r.Line {
		if st.Over() || len(g.Settle(st, nil)) == 0 {
			t.Fatalf("the game is over before move %d of %v", i+1, r.Notation)
		}
		if txt := g.Format(st, m); txt != r.Notation[i] {
			t.Fatalf("move %d: notation %q, want %q", i+1, r.Notation[i], txt)
		}
		if err := g.Play(st, m); err != nil {
			t.Fatalf("move %d (%s) of %v: %v", i+1, r.Notation[i], r.Notation, err)
		}
	}
	if res := g.Result(st); !res.Over || res.Timeout {
		t.Fatalf("the line %v does not end the game (%s)", r.Notation, g.ResultString(res))
	}
	sc := g.Scores(st)
	if sc[0]-sc[1] != r.Value {
		t.Fatalf("the line %v ends with scores %v, margin %d; the value is %d", r.Notation, sc, sc[0]-sc[1], r.Value)
	}
}

// Egyptian (Kalah) boards small enough to solve by hand. Each seat has pits
// 1..n from its left and a store on its right; sowing runs counter-
// clockwise: south 1, 2, …, south's store, north 1, 2, …, (north's store is
// skipped by south) and round. Pit k faces the other seat's pit n+1-k. The
// last stone in one's store earns an extra turn; the last stone in an
// empty own pit takes it and the pit across (even when that is empty). The
// game ends when either side's pits are empty, and a seat scores its store
// plus the stones left in its own pits.
func TestHandChecked(t *testing.T) {
	for _, tc := range []struct {
		pits, seeds int
		value       int
		line        string
		why         string
	}{
		{1, 1, 0, "1",
			// South's one move sows its one stone into the store: an extra
			// turn, but south's pits are empty, so the game ends. South 1
			// (store), north 1 (the stone in its pit): 0.
			"a draw"},
		{2, 1, 2, "2 1",
			// S1=S2=N1=N2=1.
			// a) "2": S2's stone into the store (1), extra turn. "1": S1's
			//    stone lands in the empty S2 and takes it and N1 across:
			//    store 3, south's pits empty, the game ends: south 3,
			//    north 1 (N2): +2.
			// b) "1": S1's stone onto S2 (now 2); north to move with
			//    N1=N2=1. North "2" (store, extra turn) then "1" (lands in
			//    the empty N2, takes it and the empty S1): north 2, south 2
			//    (S2): 0. North "1" (N2 becomes 2), then south's only move
			//    "2" sows S2's two stones into the store and N1: south's
			//    pits are empty, south 1, north 3: -2. North picks -2.
			// South picks a): +2.
			"south by 2"},
	} {
		t.Run(fmt.Sprintf("pits=%d,seeds=%d", tc.pits, tc.seeds), func(t *testing.T) {
			g := load(t, "mancala/egyptian", fmt.Sprint("pits=", tc.pits), fmt.Sprint("seeds=", tc.seeds))
			r := solveOK(t, g, g.NewState())
			if r.Value != tc.value {
				t.Fatalf("value %d, want %d (%s)", r.Value, tc.value, tc.why)
			}
			if got := strings.Join(r.Notation, " "); got != tc.line {
				t.Errorf("line %q, want %q", got, tc.line)
			}
			if !r.Acyclic || r.Walked == 0 {
				t.Errorf("the game graph should have been walked whole: %+v", r)
			}
			checkLine(t, g, g.NewState(), r)
		})
	}
}

// The solver agrees with full minimax on tiny boards of the three mancala
// rule sets (and some of their parameter readings), from the start and
// from every position after one move (where north may be to move), and the
// brute force walks exactly the tree Game.Perft counts.
func TestAgreesWithBruteForce(t *testing.T) {
	for _, tc := range []struct {
		variant string
		sets    []string
	}{
		{"mancala/egyptian", []string{"pits=2", "seeds=2"}},
		{"mancala/egyptian", []string{"pits=3", "seeds=1"}},
		{"mancala/egyptian", []string{"pits=3", "seeds=2"}},
		{"mancala/egyptian", []string{"pits=4", "seeds=1"}},
		{"mancala/egyptian", []string{"pits=3", "seeds=2", "capture_empty_across=false"}},
		{"mancala/egyptian", []string{"pits=3", "seeds=2", "end_check=next"}},
		{"mancala/egyptian", []string{"pits=2", "seeds=3", "skip_start=true"}},
		{"mancala/nigerian", []string{"pits=2", "seeds=2"}},
		{"mancala/nigerian", []string{"pits=3", "seeds=2"}},
		{"mancala/nigerian", []string{"pits=3", "seeds=3"}},
		{"mancala/nigerian", []string{"pits=4", "seeds=1"}},
		{"mancala/nigerian", []string{"pits=3", "seeds=2", "fourth_stone_to=mover"}},
		// Ethiopian boards of more than one pit a side can repeat positions
		// (sowing both ways round; see TestRefusals) but for one seed a pit,
		// where no pit may be started (min_stones 2) and the game ends at once.
		{"mancala/ethiopian", []string{"pits=2", "seeds=1"}},
		{"mancala/ethiopian", []string{"pits=1", "seeds=3"}},
		{"mancala/ethiopian", []string{"pits=1", "seeds=4"}},
		{"mancala/ethiopian", []string{"pits=1", "seeds=5"}},
	} {
		t.Run(tc.variant+" "+strings.Join(tc.sets, ","), func(t *testing.T) {
			g := load(t, tc.variant, tc.sets...)
			start := g.NewState()
			perft := make([]uint64, 400)
			want := brute(t, g, start, 0, perft)
			for d := 1; d <= 6; d++ {
				if p := g.Perft(start, d); p != perft[d-1] {
					t.Fatalf("brute force has %d lines of %d moves, perft %d", perft[d-1], d, p)
				}
			}
			r := solveOK(t, g, start)
			if r.Value != want {
				t.Fatalf("solve %d, brute force %d", r.Value, want)
			}
			checkLine(t, g, start, r)
			for _, m := range g.Settle(start.Clone(), nil) {
				s := start.Clone()
				if err := g.Play(s, m); err != nil {
					t.Fatal(err)
				}
				want := brute(t, g, s, 0, make([]uint64, 400))
				r := solveOK(t, g, s)
				if r.Value != want {
					t.Fatalf("after %s (%s to move): solve %d, brute force %d", g.Format(start, m), g.Seat(s.ToMove()), r.Value, want)
				}
				checkLine(t, g, s, r)
			}
		})
	}
}

// Larger boards, where the brute force would be slow: the principal line
// still ends with the value's margin, and searching again from the
// position after the line's first move (one seat's choice) keeps it.
func TestLineKeepsValue(t *testing.T) {
	g := load(t, "mancala/egyptian", "pits=4", "seeds=3")
	start := g.NewState()
	r, err := Solve(context.Background(), g, start, Options{Endgame: 10, CacheDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Value != 8 {
		t.Errorf("Kalah 4×3: value %d, want 8", r.Value)
	}
	checkLine(t, g, start, r)
	s := start.Clone()
	for i := 0; i < 3; i++ {
		if err := g.Play(s, r.Line[i]); err != nil {
			t.Fatal(err)
		}
	}
	if r2 := solveOK(t, g, s); r2.Value != r.Value {
		t.Fatalf("after %v: value %d, want %d", r.Notation[:3], r2.Value, r.Value)
	}
}

// A small budget makes a small table that forgets proofs; the value stays.
func TestMemoryBound(t *testing.T) {
	g := load(t, "mancala/egyptian", "pits=4", "seeds=3")
	r, err := Solve(context.Background(), g, g.NewState(), Options{MaxMemory: 1 << 20, Endgame: -1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Value != 8 {
		t.Fatalf("Kalah 4×3 in 1 MB: value %d, want 8", r.Value)
	}
	if b := tableBytes(1 << 20); b > 1<<20 {
		t.Fatalf("the table takes %d bytes of a 1 MB budget", b)
	}
}

func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		variant string
		sets    []string
		want    string
	}{
		{"strix/standard", nil, "strix/standard has 3 seats (b, y, g); solve handles two-seat zero-sum variants only"},
		{"strix/two-player", nil, "ends games by repetition ([end.stalemate])"},
	} {
		g := load(t, tc.variant, tc.sets...)
		_, err := Solve(context.Background(), g, g.NewState(), Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error with %q", tc.variant, err, tc.want)
		}
	}
}

// A variant whose score reads the ply count is refused: the table keys
// positions without it.
func TestPlyExpressionRefused(t *testing.T) {
	doc := []byte(`extends = "mancala/egyptian"
name = "test/late"
[scoring]
score = 'stones("store") + (over ? stones("pits") : 0) + (ply > 20 ? 1 : 0)'
`)
	g, err := core.LoadBytes("late.toml", doc, core.WithFS(variants.FS()), core.WithSet("pits=2", "seeds=2"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solve(context.Background(), g, g.NewState(), Options{})
	if err == nil || !strings.Contains(err.Error(), "test/late reads the ply count (scoring.score)") {
		t.Fatalf("got %v", err)
	}
}

// A variant whose games can reach the ply limit is refused.
func TestPlyLimitRefused(t *testing.T) {
	doc := []byte(`extends = "mancala/egyptian"
name = "test/short"
[turns]
max_plies = 3
`)
	g, err := core.LoadBytes("short.toml", doc, core.WithFS(variants.FS()), core.WithSet("pits=3", "seeds=2"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solve(context.Background(), g, g.NewState(), Options{})
	if err == nil || !strings.Contains(err.Error(), "reaches the ply limit (3 plies)") {
		t.Fatalf("got %v", err)
	}
}

func TestCancelAndTimeout(t *testing.T) {
	g := load(t, "mancala/egyptian", "pits=4", "seeds=4")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Solve(ctx, g, g.NewState(), Options{})
	if err == nil || !strings.Contains(err.Error(), "solve: cancelled after") || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	time.Sleep(time.Millisecond)
	_, err = Solve(ctx, g, g.NewState(), Options{})
	if err == nil || !strings.Contains(err.Error(), "solve: stopped by the timeout after") || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("timeout: got %v", err)
	}
}

func TestProgress(t *testing.T) {
	g := load(t, "mancala/egyptian", "pits=4", "seeds=3")
	var calls []Progress
	r, err := Solve(context.Background(), g, g.NewState(), Options{ProgressEvery: time.Nanosecond, Endgame: -1,
		Progress: func(p Progress) { calls = append(calls, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) == 0 {
		t.Fatal("no progress reported")
	}
	last := calls[len(calls)-1]
	if last.Walking || last.Nodes == 0 || last.Nodes > r.Nodes || last.Lower > r.Value || last.Upper < r.Value {
		t.Errorf("last progress %+v does not fit the result %+v", last, r)
	}
}

// Two positions whose Zobrist hashes collide are still told apart by the
// second hash, and bounds merge.
func TestTableSecondHash(t *testing.T) {
	tt := newTTable(1 << 20)
	if _, _, _, found := tt.probe(42, 1); found {
		t.Fatal("found in an empty table")
	}
	tt.store(42, 1, 5, 4, 6, 3, 100) // exact 5
	if _, _, _, found := tt.probe(42, 2); found {
		t.Fatal("a different second hash matched")
	}
	lo, hi, mv, found := tt.probe(42, 1)
	if !found || lo != 5 || hi != 5 || mv != 3 {
		t.Fatalf("got %d %d %d %v", lo, hi, mv, found)
	}
	tt.store(43, 1, 7, 7, 9, 2, 10)  // upper bound 7 (failed low)
	tt.store(43, 1, 2, -5, 2, 1, 10) // lower bound 2 (failed high)
	if lo, hi, mv, _ := tt.probe(43, 1); lo != 2 || hi != 7 || mv != 1 {
		t.Fatalf("merged bounds: got [%d, %d] move %d", lo, hi, mv)
	}
	// a full bucket forgets its cheapest proof
	b := tt.mask + 1
	for k := uint64(0); k < 5; k++ {
		tt.store(44+k*b, 9, 1, 0, 2, 0, 1<<(10+k))
	}
	if _, _, _, found := tt.probe(44, 9); found {
		t.Fatal("the cheapest proof was kept")
	}
	for k := uint64(1); k < 5; k++ {
		if _, _, _, found := tt.probe(44+k*b, 9); !found {
			t.Fatalf("proof %d lost", k)
		}
	}
}

// A pass that fills three quarters of the table stops, the table doubles
// and the pass is searched again: from the smallest table (64 KB), the
// value and the line of Kalah 4×3 stay what they are, on one worker and on
// two, and the table grew within passes.
func TestTableGrowsWithinPass(t *testing.T) {
	g := load(t, "mancala/egyptian", "pits=4", "seeds=3")
	defer func(b int64) { firstTableBytes, grewInPass = b, nil }(firstTableBytes)
	firstTableBytes = 1
	grew := 0
	grewInPass = func() { grew++ }
	for _, workers := range []int{1, 2} {
		grew = 0
		start := g.NewState()
		r, err := Solve(context.Background(), g, start, Options{Endgame: -1, CacheDir: "-", Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if r.Value != 8 {
			t.Fatalf("Kalah 4×3 on %d workers: value %d, want 8", workers, r.Value)
		}
		checkLine(t, g, start, r)
		if grew == 0 {
			t.Errorf("%d workers: the table never grew within a pass", workers)
		}
		t.Logf("%d workers: %d nodes, %d passes, %d stored, grew %d times within a pass", workers, r.Nodes, r.Passes, r.Stored, grew)
	}
}
