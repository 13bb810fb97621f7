package core_test

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"rulesmith/core/internal/handwritten"
)

// The hand-written three-player chess (core/internal/handwritten), the
// speed reference of BenchmarkPlayoutThreeChess, plays the variant's game:
// the same perft from the start, and over random games the same legal
// moves at every ply (checks, eliminations with the pieces passing,
// promotions, en passant and castling included), the same perft(2) from
// positions along the way, and the same end.
func TestThreeChessHandwrittenMatchesEngine(t *testing.T) {
	g := tcGame(t)
	x := handwritten.NewThreeChess()
	for d, want := range []uint64{20, 400, 8000} {
		x.Reset()
		if got, hw := g.Perft(g.NewState(), d+1), handwritten.PerftThreeChess(x, d+1); got != want || uint64(hw) != want {
			t.Errorf("perft(%d): engine %d, hand-written %d, want %d", d+1, got, hw, want)
		}
	}
	games := 12
	if testing.Short() {
		games = 3
	}
	rng := rand.New(rand.NewPCG(5, 6))
	seen := map[string]int{}
	for game := 0; game < games; game++ {
		s := g.NewState()
		x.Reset()
		for ply := 0; ; ply++ {
			var got []string
			for _, m := range g.Settle(s, nil) {
				got = append(got, g.Format(s, m))
			}
			want := x.Legal()
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("game %d ply %d: engine %v\nhand-written %v", game, ply, got, want)
			}
			if len(got) == 0 {
				r := g.Result(s)
				over, winner := x.Result()
				if r.Over != over || (over && r.Winner != winner) {
					t.Fatalf("game %d ply %d: engine %+v, hand-written over %v winner %d", game, ply, r, over, winner)
				}
				seen["end"]++
				break
			}
			if ply%97 == 50 {
				if a, b := g.Perft(s.Clone(), 2), handwritten.PerftThreeChess(x, 2); a != uint64(b) {
					t.Fatalf("game %d ply %d: perft(2) engine %d, hand-written %d", game, ply, a, b)
				}
			}
			for _, m := range got {
				switch {
				case strings.HasPrefix(m, "O-O"):
					seen["castling"]++
				case strings.Contains(m, "="):
					seen["promotion"]++
				case strings.Contains(m, "x") && tcKindOn(g, s, m[strings.Index(m, "x")+1:]) == "":
					seen["en passant"]++
				}
			}
			if g.InCheck(s, s.ToMove()) {
				seen["check"]++
			}
			if x.Eliminated(0) || x.Eliminated(1) || x.Eliminated(2) {
				seen["after an elimination"]++
			}
			mv := got[rng.IntN(len(got))]
			m, err := g.Parse(s, mv)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(s, m); err != nil {
				t.Fatal(err)
			}
			if !x.PlayName(mv) {
				t.Fatalf("game %d ply %d: the hand-written game cannot play %s", game, ply, mv)
			}
		}
	}
	t.Logf("seen: %v", seen)
	for _, k := range []string{"castling", "promotion", "en passant", "check", "after an elimination", "end"} {
		if !testing.Short() && seen[k] == 0 {
			t.Errorf("no %s met: the games test too little", k)
		}
	}
}
