package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
)

// The hand-written Gomoku (core/internal/handwritten), the speed reference
// of BenchmarkPlayoutGomoku, plays the test variant's game: over random
// games on 15×15 (exactly five) and 7×7 (exactly five, and free-style),
// the same legal cells at every ply, the same stones on every cell and the
// same side to move after every move, and the same winner.
func TestGomokuHandwrittenMatchesEngine(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	for _, tc := range []struct {
		n     int
		exact bool
		games int
	}{
		{15, true, games},
		{7, true, 5 * games},
		{7, false, 5 * games},
	} {
		g := loadFile(t, "../testdata/variants/gomoku.toml", fmt.Sprintf("size=%d", tc.n), fmt.Sprintf("overlines=%v", !tc.exact))
		sq := gridSquares(t, g, tc.n, tc.n)
		x := handwritten.NewGomoku(tc.n, 5, tc.exact)
		rng := rand.New(rand.NewPCG(15, uint64(tc.n)))
		ebuf := make([]core.Move, 0, 256)
		var hbuf []int16
		wins := map[int]int{}
		for game := 0; game < tc.games; game++ {
			s := g.NewState()
			x.Reset()
			for ply := 0; ; ply++ {
				fail := func(format string, args ...any) {
					t.Helper()
					t.Fatalf("%d×%d exact=%v game %d ply %d: %s", tc.n, tc.n, tc.exact, game, ply, fmt.Sprintf(format, args...))
				}
				if s.ToMove() != x.ToMove() {
					fail("engine has %d to move, hand-written %d", s.ToMove(), x.ToMove())
				}
				for c := range sq {
					if got, want := s.Owner(c), x.Cell(sq[c]%tc.n, sq[c]/tc.n)-1; got != want {
						fail("%s: engine owner %d, hand-written %d", g.Board().Cells[c].Name, got, want)
					}
				}
				em := g.Settle(s, ebuf)
				var got []int
				for _, m := range em {
					got = append(got, sq[m.To()])
				}
				slices.Sort(got)
				var want []int
				for _, c := range x.Moves(hbuf) {
					want = append(want, int(c))
				}
				if !slices.Equal(got, want) {
					fail("moves: engine %v, hand-written %v", got, want)
				}
				if len(em) == 0 {
					if r := g.Result(s); !r.Over || r.Winner != x.Winner() {
						fail("end: engine %+v, hand-written winner %d", r, x.Winner())
					}
					wins[x.Winner()]++
					break
				}
				m := em[rng.IntN(len(em))]
				if err := g.Play(s, m); err != nil {
					fail("play: %v", err)
				}
				x.Play(sq[m.To()])
			}
		}
		if wins[0] == 0 || wins[1] == 0 {
			t.Errorf("%d×%d exact=%v: %d games ended %v: want wins of both", tc.n, tc.n, tc.exact, tc.games, wins)
		}
		t.Logf("%d×%d exact=%v: %d games, wins by seat (-1 draws) %v", tc.n, tc.n, tc.exact, tc.games, wins)
	}
}
