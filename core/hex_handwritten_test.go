package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
)

// hexCells maps the engine's cells of testdata/variants/hex*.toml to the
// hand-written Hex's (j*n+i): the file's row j+1 starts j columns right,
// so cell (i, j) is named by column i+j+1 and row j+1.
func hexCells(t *testing.T, g *core.Game, n int) []int {
	t.Helper()
	out := make([]int, g.Board().N())
	for c, cell := range g.Board().Cells {
		var col rune
		var row int
		if _, err := fmt.Sscanf(cell.Name, "%c%d", &col, &row); err != nil {
			t.Fatalf("cell %q: %v", cell.Name, err)
		}
		j := row - 1
		i := int(col-'a') - j
		if i < 0 || i >= n || j < 0 || j >= n {
			t.Fatalf("cell %q is no cell of the reference", cell.Name)
		}
		out[c] = j*n + i
	}
	return out
}

// The hand-written Hex (core/internal/handwritten), the speed reference of
// BenchmarkPlayoutHex, plays the test variants' game: over random games
// on 11×11 and 3×3, with and without the swap, the same legal moves at
// every ply (the swap included), the same stones on every cell and the
// same side to move after every move, and the same winner.
func TestHexHandwrittenMatchesEngine(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	for _, tc := range []struct {
		file  string
		n     int
		swap  bool
		games int
	}{
		{"hex", 11, true, games},
		{"hex-small", 3, true, 10 * games},
		{"hex-small", 3, false, 10 * games},
	} {
		g := loadFile(t, "../testdata/variants/"+tc.file+".toml", fmt.Sprintf("swap=%v", tc.swap))
		sq := hexCells(t, g, tc.n)
		x := handwritten.NewHex(tc.n, tc.swap)
		rng := rand.New(rand.NewPCG(11, uint64(tc.n)))
		ebuf := make([]core.Move, 0, 128)
		var hbuf []int16
		swaps, wins := 0, map[int]int{}
		for game := 0; game < tc.games; game++ {
			s := g.NewState()
			x.Reset()
			for ply := 0; ; ply++ {
				fail := func(format string, args ...any) {
					t.Helper()
					t.Fatalf("%s swap=%v game %d ply %d: %s", tc.file, tc.swap, game, ply, fmt.Sprintf(format, args...))
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
					if strings.HasPrefix(g.Format(s, m), "^") {
						got = append(got, -1-sq[m.To()])
					} else {
						got = append(got, sq[m.To()])
					}
				}
				slices.Sort(got)
				var want []int
				for _, m := range x.Moves(hbuf) {
					want = append(want, int(m))
				}
				slices.Sort(want)
				if !slices.Equal(got, want) {
					fail("moves: engine %v, hand-written %v", got, want)
				}
				if len(em) == 0 {
					r := g.Result(s)
					if !r.Over || r.Winner != x.Winner() || r.Winner < 0 {
						fail("end: engine %+v, hand-written winner %d", r, x.Winner())
					}
					wins[r.Winner]++
					break
				}
				m := em[rng.IntN(len(em))]
				hm := sq[m.To()]
				if err := g.Play(s, m); err != nil {
					fail("play: %v", err)
				}
				if x.Cell(hm%tc.n, hm/tc.n) != 0 { // a move onto a stone: the swap
					swaps++
					x.Play(-1 - hm)
				} else {
					x.Play(hm)
				}
			}
		}
		if wins[0] == 0 || wins[1] == 0 || (tc.swap && swaps == 0) {
			t.Errorf("%s swap=%v: %d games, %d swaps, wins %v: too few to test R3, R4", tc.file, tc.swap, tc.games, swaps, wins)
		}
		t.Logf("%s swap=%v: %d games, %d swaps, wins by seat %v", tc.file, tc.swap, tc.games, swaps, wins)
	}
}
