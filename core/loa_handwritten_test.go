package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
)

// The hand-written Lines of Action (core/internal/handwritten), the speed
// reference of BenchmarkPlayoutLinesOfAction, plays the test variant's
// game: over random games the same legal moves at every ply (as origin and
// target, a pass where the engine passes), the same pieces on every square
// and the same side to move after every move, and the same winner.
func TestLinesOfActionHandwrittenMatchesEngine(t *testing.T) {
	g := loadFile(t, "../testdata/variants/lines-of-action.toml")
	sq := gridSquares(t, g, 8, 8)
	x := handwritten.NewLinesOfAction()
	games := 30
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(17, 18))
	ebuf := make([]core.Move, 0, 128)
	var hbuf []handwritten.LOAMove
	wins := map[int]int{}
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
				if got, want := s.Owner(c), x.Square(sq[c])-1; got != want {
					fail("%s: engine owner %d, hand-written %d", g.Board().Cells[c].Name, got, want)
				}
			}
			em := g.Settle(s, ebuf)
			var got [][2]int
			for _, m := range em {
				if m.IsPass() {
					got = append(got, [2]int{-1, -1})
				} else {
					got = append(got, [2]int{sq[m.From()], sq[m.To()]})
				}
			}
			hbuf = x.Moves(hbuf)
			var want [][2]int
			for _, m := range hbuf {
				want = append(want, [2]int{int(m.From), int(m.To)})
			}
			cmp := func(a, b [2]int) int {
				if a[0] != b[0] {
					return a[0] - b[0]
				}
				return a[1] - b[1]
			}
			slices.SortFunc(got, cmp)
			slices.SortFunc(want, cmp)
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
			i := rng.IntN(len(em))
			if err := g.Play(s, em[i]); err != nil {
				fail("play: %v", err)
			}
			h := handwritten.LOAMove{From: -1, To: -1}
			if !em[i].IsPass() {
				h = handwritten.LOAMove{From: int8(sq[em[i].From()]), To: int8(sq[em[i].To()])}
			}
			x.Play(h)
		}
	}
	if wins[0] == 0 || wins[1] == 0 {
		t.Errorf("%d games ended %v: want wins of both", games, wins)
	}
	t.Logf("%d games: wins by seat %v", games, wins)
}
