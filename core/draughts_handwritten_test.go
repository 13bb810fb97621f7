package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
)

// drText writes a hand-written draughts move as the test variant does:
// a3-b4 for a step, a3xc5xe7 for a capture's landings, and =B or =W when
// a man is crowned.
func drText(d *handwritten.Draughts, m handwritten.DraughtsMove) string {
	name := func(c int8) string { return fmt.Sprintf("%c%d", 'a'+c%8, c/8+1) }
	text := name(m.From)
	sep := "-"
	if m.Capture {
		sep = "x"
	}
	for _, t := range m.Path[:m.N] {
		text += sep + name(t)
	}
	last := m.Path[m.N-1]
	switch v := d.Square(int(m.From)); {
	case v == 1 && last >= 56:
		text += "=B"
	case v == 3 && last < 8:
		text += "=W"
	}
	return text
}

// The hand-written English draughts (core/internal/handwritten), the speed
// reference of BenchmarkPlayoutEnglishDraughts, plays the test variant's
// game: the same perft from the start, and over random games played to
// their end the same legal moves at every ply (compulsory capture chains,
// crowning that ends a chain, kings), the same pieces on every square and
// the same side to move after every move, and the same winner.
func TestDraughtsHandwrittenMatchesEngine(t *testing.T) {
	g := loadFile(t, "../testdata/variants/english-draughts.toml")
	x := handwritten.NewDraughts()
	for d := 1; d <= 5; d++ {
		x.Reset()
		if a, b := g.Perft(g.NewState(), d), handwritten.PerftDraughts(x, d); a != uint64(b) {
			t.Errorf("perft(%d): engine %d, hand-written %d", d, a, b)
		}
	}
	kindOf := map[string]int{"bm": 1, "bk": 2, "wm": 3, "wk": 4}
	sq := gridSquares(t, g, 8, 8)
	games := 60
	if testing.Short() {
		games = 15
	}
	rng := rand.New(rand.NewPCG(13, 14))
	ebuf := make([]core.Move, 0, 64)
	var hbuf []handwritten.DraughtsMove
	wins, chains, crowns := map[int]int{}, 0, 0
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
				want, got := x.Square(sq[c]), 0
				if p := s.Top(c); p >= 0 {
					got = kindOf[g.PieceKindOf(p).Name]
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
			var want []string
			for _, m := range hbuf {
				want = append(want, drText(x, m))
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				fail("moves: engine %v, hand-written %v", got, want)
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
			i := slices.IndexFunc(hbuf, func(h handwritten.DraughtsMove) bool { return drText(x, h) == text })
			if hbuf[i].N > 1 {
				chains++
			}
			if text[len(text)-2] == '=' {
				crowns++
			}
			x.Play(hbuf[i])
		}
	}
	if len(wins) < 2 || chains == 0 || crowns == 0 {
		t.Errorf("%d games: wins %v, %d chains, %d crownings: too few to test R3-R6", games, wins, chains, crowns)
	}
	t.Logf("%d games: wins by seat %v, %d multi-jump chains, %d crownings", games, wins, chains, crowns)
}
