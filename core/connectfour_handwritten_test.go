package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
)

// gridSquares maps the engine's cells of a w×h grid variant to the
// hand-written references' squares (y*w+x, from the cell's name: a1 is 0).
func gridSquares(t *testing.T, g *core.Game, w, h int) []int {
	t.Helper()
	sq := make([]int, g.Board().N())
	for c, cell := range g.Board().Cells {
		var file rune
		var rank int
		if _, err := fmt.Sscanf(cell.Name, "%c%d", &file, &rank); err != nil || file < 'a' || int(file-'a') >= w || rank < 1 || rank > h {
			t.Fatalf("cell %q is no square of the reference", cell.Name)
		}
		sq[c] = (rank-1)*w + int(file-'a')
	}
	return sq
}

// The hand-written Connect Four (core/internal/handwritten), the speed
// reference of BenchmarkPlayoutConnectFour, plays the test variant's game:
// the same perft from the start, and over random games the same legal
// drops at every ply, the same discs on every cell and the same side to
// move after every move, and the same end (a four's maker wins, a full
// board draws).
func TestConnectFourHandwrittenMatchesEngine(t *testing.T) {
	g := loadFile(t, "../testdata/variants/connect-four.toml")
	sq := gridSquares(t, g, 7, 6)
	x := handwritten.NewConnectFour()
	for d := 1; d <= 5; d++ {
		x.Reset()
		if a, b := g.Perft(g.NewState(), d), handwritten.PerftConnectFour(x, d); a != uint64(b) {
			t.Errorf("perft(%d): engine %d, hand-written %d", d, a, b)
		}
	}
	games := 500
	if testing.Short() {
		games = 100
	}
	rng := rand.New(rand.NewPCG(9, 10))
	ebuf := make([]core.Move, 0, 16)
	var hbuf []int8
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
				if got, want := s.Owner(c), x.Cell(sq[c]%7, sq[c]/7)-1; got != want {
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
			slices.Sort(want)
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
			m := em[rng.IntN(len(em))]
			if err := g.Play(s, m); err != nil {
				fail("play: %v", err)
			}
			x.Play(sq[m.To()])
		}
	}
	if wins[0] == 0 || wins[1] == 0 {
		t.Errorf("%d games ended %v: want wins of both, to test R3", games, wins)
	}
	t.Logf("%d games: wins by seat (-1 draws) %v", games, wins)

	// R4: random games seldom fill the board without a four; find one with
	// the reference and replay it in the engine, which must call it a draw
	var drawn []int
	for tries := 0; tries < 200000 && drawn == nil; tries++ {
		x.Reset()
		var cells []int
		for !x.Over() {
			moves := x.Moves(hbuf)
			c := int(moves[rng.IntN(len(moves))])
			cells = append(cells, c)
			x.Play(c)
		}
		if x.Winner() < 0 {
			drawn = cells
		}
	}
	if drawn == nil {
		t.Fatal("no drawn game in 200000 random games of the reference")
	}
	cellOf := make(map[int]int, len(sq))
	for c, q := range sq {
		cellOf[q] = c
	}
	s := g.NewState()
	for i, q := range drawn {
		m, err := g.Parse(s, g.Board().Cells[cellOf[q]].Name)
		if err != nil {
			t.Fatalf("drawn game, move %d: %v", i, err)
		}
		if err := g.Play(s, m); err != nil {
			t.Fatalf("drawn game, move %d: %v", i, err)
		}
	}
	if r := g.Result(s); !r.Over || r.Winner != -1 || len(g.Moves(s, nil)) != 0 {
		t.Errorf("a full board without a four: engine %+v, want a draw", r)
	}
}

// A parameter named in a condition is read as the loaded game's constant
// (the native path of formed(row), and the scoring by ended_by and
// owner(last_to())): with the default four, three in a row do not win;
// with --set row=3 they do, and with row=2 two in a column do.
func TestConnectFourRowParameter(t *testing.T) {
	for _, tc := range []struct {
		set    string
		moves  []string
		over   bool
		winner int
	}{
		{"row=4", []string{"a1", "a2", "b1", "b2", "c1"}, false, -1},
		{"row=3", []string{"a1", "a2", "b1", "b2", "c1"}, true, 0},
		{"row=3", []string{"a1", "b1", "d1", "b2", "f1", "b3"}, true, 1},
		{"row=2", []string{"a1", "c1", "a2"}, true, 0},
	} {
		g := loadFile(t, "../testdata/variants/connect-four.toml", tc.set)
		s := g.NewState()
		for _, mv := range tc.moves {
			play(t, g, s, mv)
		}
		r := g.Result(s)
		if r.Over != tc.over || (r.Over && r.Winner != tc.winner) {
			t.Errorf("%s after %v: result %+v, want over %v winner %d", tc.set, tc.moves, r, tc.over, tc.winner)
		}
		if sc := g.Scores(s); r.Over && sc[tc.winner] != 1 || sc[0]+sc[1] != map[bool]int{true: 1}[tc.over] {
			t.Errorf("%s after %v: scores %v", tc.set, tc.moves, sc)
		}
	}
}
