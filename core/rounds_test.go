package core

import (
	"strings"
	"testing"

	"rulesmith/core/spec"
)

// roundsGame: north holds the deal; south (after the dealer) places first.
// North has nothing to place, so it is passed over without a ply; each
// placement scores 1 (a score effect); when no seat can move the phase
// ends into a tally whose steps give the seat after the dealer, then the
// dealer, their pieces on the board, and pass the deal; the first seat to
// 5 points wins at once.
const roundsGame = `name = "test/rounds"
[players]
seats = ["north", "south"]
[board]
kind = "grid"
width = 3
height = 1
[board.seat_regions]
own = 'seat == 0 ? x == 1 : x > 1'
[pieces.stone]
owner = "south"
[setup.hand]
south = ["stone:2"]
[turns]
dealer = "north"
pass = "skip"
[moves.put]
type = "place"
to = "own"
after = ["peg"]
[effects.peg]
type = "score"
points = '1'
[phases.play]
moves = ["put"]
first = "after_dealer"
stuck = "next"
next = "tally"
[phases.tally]
next = "play"
[phases.tally.steps.first]
seat = "after_dealer"
points = 'pieces_in("", "")'
[phases.tally.steps.second]
seat = "dealer"
points = 'pieces_in("", "")'
[phases.tally.steps.pass]
pass_deal = true
[end.target]
type = "points"
count = 5
`

func TestRoundsSkipStepsDealer(t *testing.T) {
	doc, err := spec.LoadBytes("rounds.toml", []byte(roundsGame), spec.Source{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	if s.Dealer() != 0 || s.ToMove() != 1 {
		t.Fatalf("start: dealer %d, to move %d; want north deals, south (after the dealer) moves", s.Dealer(), s.ToMove())
	}
	if got := posEval(t, g, s, 0, `dealer()`); got != "north" {
		t.Errorf("dealer() = %v", got)
	}
	g.playText(t, s, "b1")
	// north cannot place: passed over without a ply, south moves again
	if s.ToMove() != 1 || s.Ply() != 1 || s.Score(1) != 1 {
		t.Fatalf("after b1: to move %d, ply %d, south %d; want south again, ply 1, 1 point", s.ToMove(), s.Ply(), s.Score(1))
	}
	if ms := g.Moves(s, nil); len(ms) != 1 || g.Format(s, ms[0]) != "c1" {
		t.Fatalf("moves after b1: %v", ms)
	}
	g.playText(t, s, "c1")
	// no seat can move: tally (south +2 → 4, north 0, deal to south);
	// play again: no one can move: tally (north 0, south +2 → 6): south
	// reaches 5 the moment its points are added
	if !s.Over() || s.Score(1) != 6 || s.Score(0) != 0 || s.Ply() != 2 {
		t.Fatalf("after c1: over %v, scores %d %d, ply %d; want over, 0 6, ply 2", s.Over(), s.Score(0), s.Score(1), s.Ply())
	}
	if r := g.Result(s); r.Winner != 1 {
		t.Errorf("winner %d, want south", r.Winner)
	}
	if end, who := g.EndedBy(s); end != "target" || who != 1 {
		t.Errorf("ended by %s (%d), want target (south)", end, who)
	}
	if s.Dealer() != 1 {
		t.Errorf("dealer %d, want south after one pass of the deal", s.Dealer())
	}
}

func TestRoundsErrors(t *testing.T) {
	cases := []struct{ from, to, want string }{
		{"dealer = \"north\"\n", "", `"after_dealer" needs [turns] dealer`},
		{"stuck = \"next\"\nnext = \"tally\"\n", "stuck = \"next\"\n", `"next" needs next`},
		{"pass_deal = true\n", "pass_deal = true\neffect = \"nope\"\n", `unknown effect "nope"`},
	}
	for _, c := range cases {
		src := strings.Replace(roundsGame, c.from, c.to, 1)
		doc, err := spec.LoadBytes("rounds.toml", []byte(src), spec.Source{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Compile(doc)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "rounds.toml:") {
			t.Errorf("%q: got %v, want a positioned error containing %s", c.to, err, c.want)
		}
	}
}
