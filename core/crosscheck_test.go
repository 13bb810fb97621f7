package core_test

// Cross-checks of the engine against the hand-written reference games in
// core/internal/handwritten: random games are played move for move in both,
// and the positions must agree after every move.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
	"rulesmith/variants"
)

// TestCrosscheckEgyptianAgainstHandwritten plays 300 random Egyptian games
// (150 on 6 pits of 4 stones, 150 on 4 pits of 3) in the engine and in
// handwritten.Mancala and compares bowls, stores, the side to move and the
// end after every move. The reference moves the remaining stones into the
// stores at the end; the engine counts them in its scores instead, so after
// the end the engine's scores are compared with the reference's stores.
func TestCrosscheckEgyptianAgainstHandwritten(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 6))
	for _, cfg := range []struct{ pits, seeds, games int }{{6, 4, 150}, {4, 3, 150}} {
		g, err := core.Load("mancala/egyptian", core.WithFS(variants.FS()),
			core.WithSet(fmt.Sprintf("pits=%d", cfg.pits), fmt.Sprintf("seeds=%d", cfg.seeds)))
		if err != nil {
			t.Fatal(err)
		}
		var pitCell [2][]int
		var storeCell [2]int
		for p, seat := range g.Seats() {
			for k := 1; k <= cfg.pits; k++ {
				c, ok := g.Board().Index(fmt.Sprintf("%s%d", seat, k))
				if !ok {
					t.Fatalf("no cell %s%d", seat, k)
				}
				pitCell[p] = append(pitCell[p], c)
			}
			c, ok := g.Board().Index(seat + "-store")
			if !ok {
				t.Fatalf("no cell %s-store", seat)
			}
			storeCell[p] = c
		}
		ebuf := make([]core.Move, 0, 64)
		hbuf := make([]int, 0, 64)
		for game := 0; game < cfg.games; game++ {
			s := g.NewState()
			hw := handwritten.NewMancala(cfg.pits, cfg.seeds)
			var played []string
			fail := func(format string, args ...any) {
				t.Helper()
				t.Fatalf("pits=%d seeds=%d game %d after %v: %s", cfg.pits, cfg.seeds, game, played, fmt.Sprintf(format, args...))
			}
			for {
				r := g.Result(s)
				if r.Over != hw.Over() {
					fail("engine over=%v, reference over=%v", r.Over, hw.Over())
				}
				if s.ToMove() != hw.ToMove() {
					fail("engine has %d to move, reference %d", s.ToMove(), hw.ToMove())
				}
				hs, hn := hw.Stores()
				if r.Over {
					if sc := g.Scores(s); sc[0] != hs || sc[1] != hn {
						fail("engine scores %v, reference stores %d,%d", sc, hs, hn)
					}
					if r.Winner != hw.Winner() {
						fail("engine winner %d, reference %d", r.Winner, hw.Winner())
					}
					break
				}
				for p := 0; p < 2; p++ {
					for k, c := range pitCell[p] {
						if s.Count(c) != hw.Pit(p, k) {
							fail("seat %d bowl %d: engine %d, reference %d", p, k+1, s.Count(c), hw.Pit(p, k))
						}
					}
				}
				if s.Count(storeCell[0]) != hs || s.Count(storeCell[1]) != hn {
					fail("stores: engine %d,%d, reference %d,%d", s.Count(storeCell[0]), s.Count(storeCell[1]), hs, hn)
				}
				em := g.Moves(s, ebuf)
				hm := hw.Moves(hbuf)
				var epits []int
				for _, m := range em {
					epits = append(epits, g.Board().Cells[m.From()].Attrs["index"].(int)-1)
				}
				slices.Sort(epits)
				if !slices.Equal(epits, hm) {
					fail("legal bowls: engine %v, reference %v", epits, hm)
				}
				m := em[rng.IntN(len(em))]
				pit := g.Board().Cells[m.From()].Attrs["index"].(int) - 1
				played = append(played, g.Format(s, m))
				if err := g.Play(s, m); err != nil {
					fail("play: %v", err)
				}
				hw.Play(pit)
			}
		}
	}
}

// dvPass stands for a pass in the move sets compared below.
var dvPass = [2]int{-2, -2}

// TestCrosscheckDvonnAgainstHandwritten plays 200 random DVONN games in the
// engine and in handwritten.Dvonn, comparing the legal moves (as from/to
// space pairs; placements have from = -1) before every move and the height,
// owner and DVONN content of every space after it.
func TestCrosscheckDvonnAgainstHandwritten(t *testing.T) {
	g, err := core.Load("dvonn", core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	n := g.Board().N()
	space := make([]int, n)
	for c, cell := range g.Board().Cells {
		sp := handwritten.DvonnSpace(cell.Attrs["col"].(int)-1, cell.Attrs["row"].(int)-1)
		if sp < 0 {
			t.Fatalf("cell %s is not a space of the reference board", cell.Name)
		}
		space[c] = sp
	}
	dk, _ := g.KindIndex("dvonn")
	hasDvonn := func(s *core.State, c int) bool {
		for p := s.Top(c); p >= 0; p = s.Below(p) {
			if g.PieceKindIndex(p) == dk {
				return true
			}
		}
		return false
	}
	rng := rand.New(rand.NewPCG(49, 3))
	ebuf := make([]core.Move, 0, 512)
	hbuf := make([]int, 0, 512)
	for game := 0; game < 200; game++ {
		s := g.NewState()
		hw := handwritten.NewDvonn()
		var played []string
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("game %d after %d moves (last %v): %s", game, len(played), played[max(0, len(played)-5):], fmt.Sprintf(format, args...))
		}
		for {
			if s.ToMove() != hw.ToMove() {
				fail("engine has %d to move, reference %d", s.ToMove(), hw.ToMove())
			}
			em := g.Moves(s, ebuf)
			var epairs [][2]int
			for _, m := range em {
				switch {
				case m.IsPass():
					epairs = append(epairs, dvPass)
				case m.From() < 0:
					epairs = append(epairs, [2]int{-1, space[m.To()]})
				default:
					epairs = append(epairs, [2]int{space[m.From()], space[m.To()]})
				}
			}
			placing := hw.Placing()
			hm := hw.Moves(hbuf)
			var hpairs [][2]int
			for _, m := range hm {
				if placing {
					hpairs = append(hpairs, [2]int{-1, m})
				} else {
					hpairs = append(hpairs, [2]int{m >> 8, m & 0xff})
				}
			}
			if len(hm) == 0 && !hw.Over() {
				hpairs = append(hpairs, dvPass)
			}
			cmp := func(a, b [2]int) int {
				if a[0] != b[0] {
					return a[0] - b[0]
				}
				return a[1] - b[1]
			}
			slices.SortFunc(epairs, cmp)
			slices.SortFunc(hpairs, cmp)
			if !slices.Equal(epairs, hpairs) {
				fail("legal moves differ:\nengine    %v\nreference %v", epairs, hpairs)
			}
			if len(em) == 0 {
				r := g.Result(s)
				if !r.Over || !hw.Over() {
					fail("no move but engine over=%v, reference over=%v", r.Over, hw.Over())
				}
				hwW, hwB := hw.Scores()
				if sc := g.Scores(s); sc[0] != hwW || sc[1] != hwB {
					fail("scores: engine %v, reference %d,%d", sc, hwW, hwB)
				}
				if r.Winner != hw.Winner() {
					fail("winner: engine %d, reference %d", r.Winner, hw.Winner())
				}
				break
			}
			i := rng.IntN(len(em))
			m := em[i]
			var hmove int
			switch {
			case m.IsPass():
				hmove = handwritten.DvonnPass
			case m.From() < 0:
				hmove = space[m.To()]
			default:
				hmove = space[m.From()]<<8 | space[m.To()]
			}
			played = append(played, g.Format(s, m))
			if err := g.Play(s, m); err != nil {
				fail("play %s: %v", played[len(played)-1], err)
			}
			hw.Play(hmove)
			for c := 0; c < n; c++ {
				sp := space[c]
				if s.Height(c) != hw.Height(sp) {
					fail("%s: engine height %d, reference %d", g.Board().Cells[c].Name, s.Height(c), hw.Height(sp))
				}
				owner := s.Owner(c)
				if owner < 0 && s.Height(c) > 0 {
					owner = 2 // a lone DVONN piece
				}
				if owner != hw.Owner(sp) {
					fail("%s: engine owner %d, reference %d", g.Board().Cells[c].Name, owner, hw.Owner(sp))
				}
				if hasDvonn(s, c) != hw.HasDvonn(sp) {
					fail("%s: engine DVONN %v, reference %v", g.Board().Cells[c].Name, hasDvonn(s, c), hw.HasDvonn(sp))
				}
			}
		}
	}
}
