package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
)

// The hand-written Reversi (core/internal/handwritten), the speed reference
// of BenchmarkPlayoutReversi, plays the test variant's game: over random
// games the same legal moves at every ply (a pass where the engine passes),
// the same discs on every square and the same side to move after every
// move, and the same winner; and the same perft from the start.
func TestReversiHandwrittenMatchesEngine(t *testing.T) {
	g := loadFile(t, "../testdata/variants/reversi.toml")
	sq := gridSquares(t, g, 8, 8)
	x := handwritten.NewReversi()
	for d := 1; d <= 5; d++ {
		x.Reset()
		if a, b := g.Perft(g.NewState(), d), handwritten.PerftReversi(x, d); a != uint64(b) {
			t.Errorf("perft(%d): engine %d, hand-written %d", d, a, b)
		}
	}
	games := 200
	if testing.Short() {
		games = 50
	}
	rng := rand.New(rand.NewPCG(7, 8))
	ebuf := make([]core.Move, 0, 64)
	var hbuf []int8
	passes, wins := 0, map[int]int{}
	for game := 0; game < games; game++ {
		s := g.NewState()
		x.Reset()
		for ply := 0; ; ply++ {
			fail := func(format string, args ...any) {
				t.Helper()
				t.Fatalf("game %d ply %d: %s", game, ply, fmt.Sprintf(format, args...))
			}
			if s.ToMove() != x.ToMove() {
				fail("engine has %d to move, hand-written %d", s.ToMove(), x.ToMove())
			}
			for c := range sq {
				want := x.Square(sq[c]%8, sq[c]/8) - 1
				if got := s.Owner(c); got != want {
					fail("%s: engine owner %d, hand-written %d", g.Board().Cells[c].Name, got, want)
				}
			}
			em := g.Settle(s, ebuf)
			var got []int
			pass := false
			for _, m := range em {
				if m.IsPass() {
					pass = true
					continue
				}
				got = append(got, sq[m.To()])
			}
			slices.Sort(got)
			hbuf = x.Moves(hbuf)
			var want []int
			for _, c := range hbuf {
				want = append(want, int(c))
			}
			if !slices.Equal(got, want) {
				fail("moves: engine %v, hand-written %v", got, want)
			}
			if len(em) == 0 {
				r := g.Result(s)
				if !r.Over || !x.Over() || r.Winner != x.Winner() {
					fail("end: engine %+v, hand-written over %v winner %d", r, x.Over(), x.Winner())
				}
				wins[r.Winner]++
				break
			}
			if pass != (len(want) == 0) || x.Over() {
				fail("engine pass %v with %d moves; hand-written %d moves, over %v", pass, len(em), len(want), x.Over())
			}
			m := em[rng.IntN(len(em))]
			if err := g.Play(s, m); err != nil {
				fail("play: %v", err)
			}
			if m.IsPass() {
				passes++
				x.Play(-1)
			} else {
				x.Play(sq[m.To()])
			}
		}
	}
	if passes == 0 || len(wins) < 2 {
		t.Errorf("%d games saw %d passes and winners %v: too few to test R4, R5", games, passes, wins)
	}
	t.Logf("%d games: %d passes, wins by seat (-1 draws) %v", games, passes, wins)
}
