package core_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// TestKeepsPointsShipped pins which shipped variants keep points and
// where from, read off the variant files: a declared [scoring] score, the
// capture_points of STRIX's owls, the first edition's points remedy,
// cribbage's pegging effect, phase steps and points end. The races and
// war games with none (Pachisi, the Ring game, standard STRIX, the chess
// family, …) keep none. A shipped variant missing from the table fails.
func TestKeepsPointsShipped(t *testing.T) {
	score := []string{"scoring.score"}
	owls := []string{"moves.owl_step.capture_points", "moves.kite.capture_points", "moves.raven.capture_points"}
	want := map[string][]string{
		"dvonn":                         score,
		"mancala/egyptian":              score,
		"mancala/ethiopian":             score,
		"mancala/nigerian":              score,
		"strix/advanced":                nil,
		"strix/first-edition":           append(slices.Clone(owls), "scoring.score", "fouls.preparation.remedy"),
		"strix/simple":                  nil,
		"strix/standard":                nil,
		"strix/two-player":              append(slices.Clone(owls), "moves.green_owl_step.capture_points", "scoring.score"),
		"traditional/chess-tic-tac-toe": score,
		"traditional/chinese-checkers":  nil,
		"traditional/cribbage": {"effects.peg.points", "phases.deal.steps.three_for_last.points",
			"phases.play.steps.his_heels.points", "phases.show.steps.last_dealer.points",
			"phases.show.steps.last_pone.points", "phases.show.steps.pone_hand.points",
			"phases.show.steps.dealer_hand.points", "phases.show.steps.crib.points", "end.target.type"},
		"traditional/fanorona":                nil,
		"traditional/four-field-kono":         score,
		"traditional/fox-and-geese":           score,
		"traditional/hnefatafl":               score,
		"traditional/latrunculi":              score,
		"traditional/latrunculi-kings-second": score,
		"traditional/mu-torere":               nil,
		"traditional/nine-mens-morris":        score,
		"traditional/pachisi":                 nil,
		"traditional/ring-game":               nil,
		"traditional/ring-game-neutral":       nil,
		"traditional/surakarta":               score,
		"traditional/tac-tix":                 nil,
		"traditional/three-player-chess":      nil,
		"traditional/xiangqi":                 nil,
	}
	for _, name := range variants.Names() {
		t.Run(name, func(t *testing.T) {
			w, ok := want[name]
			if !ok {
				t.Fatalf("%s is not in the table: add whether it keeps points", name)
			}
			g := load(t, name)
			if got := g.PointSources(); !slices.Equal(got, w) {
				t.Errorf("PointSources() = %q, want %q", got, w)
			}
			if g.KeepsPoints() != (len(w) > 0) {
				t.Errorf("KeepsPoints() = %v, want %v", g.KeepsPoints(), len(w) > 0)
			}
		})
	}
}

// TestKeepsPointsEachSource: each kind of key that gives points makes a
// variant keep points on its own, the leap's capture_points included
// (no shipped variant has it); without any, a variant keeps none.
func TestKeepsPointsEachSource(t *testing.T) {
	for _, tc := range []struct {
		name, extra string
		want        []string
	}{
		{"none", `[moves.n]
type = "leap"
vectors = [[1, 2]]`, nil},
		{"leap capture_points", `[moves.n]
type = "leap"
vectors = [[1, 2]]
capture_points = true`, []string{"moves.n.capture_points"}},
		{"score effect", `[moves.n]
type = "leap"
vectors = [[1, 2]]
after = ["peg"]
[effects.peg]
type = "score"
points = '1'`, []string{"effects.peg.points"}},
		{"points end", `[moves.n]
type = "leap"
vectors = [[1, 2]]
[end.target]
type = "points"
count = 5`, []string{"end.target.type"}},
		{"scoring", `[moves.n]
type = "leap"
vectors = [[1, 2]]
[scoring]
score = 'pieces("man")'`, []string{"scoring.score"}},
		{"scoring left to its default", `[moves.n]
type = "leap"
vectors = [[1, 2]]
[scoring]
winner = "lowest"`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := leapLoad(t, tc.extra+"\n[setup.pieces]\nc3 = \"knight\"\nd5 = \"man\"\n")
			if got := g.PointSources(); !slices.Equal(got, tc.want) {
				t.Errorf("PointSources() = %q, want %q", got, tc.want)
			}
			if g.KeepsPoints() != (len(tc.want) > 0) {
				t.Errorf("KeepsPoints() = %v, want %v", g.KeepsPoints(), len(tc.want) > 0)
			}
		})
	}
}

// TestNoPointsStayZero plays random games of every shipped variant that
// keeps no points and checks every seat's score after every move: a source
// of points the compiler does not note would show here as a score other
// than zero.
func TestNoPointsStayZero(t *testing.T) {
	const games, plies = 3, 400
	var buf []core.Move
	for _, name := range variants.Names() {
		g := load(t, name)
		if g.KeepsPoints() {
			continue
		}
		rng := rand.New(rand.NewPCG(5, 7))
		for game := 0; game < games; game++ {
			s := g.NewState()
			for ply := 0; ply < plies; ply++ {
				if buf = g.Settle(s, buf[:0]); len(buf) == 0 {
					break
				}
				if err := g.Play(s, buf[rng.IntN(len(buf))]); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				for seat, v := range g.Scores(s) {
					if v != 0 || s.Score(seat) != 0 {
						t.Fatalf("%s, game %d, ply %d: %s scores %d (points %d), yet KeepsPoints is false",
							name, game, ply, g.SeatTitle(seat), v, s.Score(seat))
					}
				}
			}
		}
	}
}
