package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
)

// The hand-written Amazons (core/internal/handwritten), the speed reference
// of BenchmarkPlayoutAmazons, plays the 6×6 test variant's game: over
// random games the same legal moves at every ply (as text, FROM-TO/ARROW),
// the same contents of every cell and the same side to move after every
// move, and the same winner.
func TestAmazonsHandwrittenMatchesEngine(t *testing.T) {
	g := loadFile(t, "../testdata/variants/amazons-small.toml")
	sq := gridSquares(t, g, 6, 6)
	x := handwritten.NewAmazonsSmall()
	name := func(c int16) string { return fmt.Sprintf("%c%d", 'a'+c%6, c/6+1) }
	games := 40
	if testing.Short() {
		games = 10
	}
	rng := rand.New(rand.NewPCG(19, 20))
	ebuf := make([]core.Move, 0, 1024)
	var hbuf []handwritten.AmazonsMove
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
				want := x.Cell(sq[c])
				got := 0
				if p := s.Top(c); p >= 0 {
					got = 3 // an arrow
					if k := g.PieceKindOf(p).Name; k == "white_amazon" {
						got = 1
					} else if k == "black_amazon" {
						got = 2
					}
				}
				if got != want {
					fail("%s: engine %d, hand-written %d", g.Board().Cells[c].Name, got, want)
				}
			}
			em := g.Settle(s, ebuf)
			var got []string
			for _, m := range em {
				got = append(got, g.Format(s, m))
			}
			slices.Sort(got)
			hbuf = x.Moves(hbuf)
			want := make([]string, 0, len(hbuf))
			for _, m := range hbuf {
				want = append(want, name(m.From)+"-"+name(m.To)+"/"+name(m.Arrow))
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				fail("moves: engine %d, hand-written %d, first difference near %v / %v", len(got), len(want), got[:min(3, len(got))], want[:min(3, len(want))])
			}
			if len(em) == 0 {
				if r := g.Result(s); !r.Over || r.Winner != 1-x.ToMove() {
					fail("end: engine %+v, hand-written: side %d cannot move", r, x.ToMove())
				}
				wins[1-x.ToMove()]++
				break
			}
			m := em[rng.IntN(len(em))]
			text := g.Format(s, m)
			if err := g.Play(s, m); err != nil {
				fail("play: %v", err)
			}
			x.Play(hbuf[slices.IndexFunc(hbuf, func(h handwritten.AmazonsMove) bool {
				return name(h.From)+"-"+name(h.To)+"/"+name(h.Arrow) == text
			})])
		}
	}
	if wins[0] == 0 || wins[1] == 0 {
		t.Errorf("%d games ended %v: want wins of both", games, wins)
	}
	t.Logf("%d games: wins by seat %v", games, wins)
}
