package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// tacTixPosition loads Tac Tix with marbles on the given holes.
func tacTixPosition(t *testing.T, first string, holes ...string) (*core.Game, *core.State) {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"traditional/tac-tix\"\nname = \"test/tt\"\nreplace = [\"setup.pieces\"]\n")
	b.WriteString("[turns]\nfirst = \"" + first + "\"\n[setup.pieces]\n")
	for _, h := range holes {
		b.WriteString(h + " = \"marble\"\n")
	}
	g, err := core.LoadBytes("tt.toml", []byte(b.String()), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g, g.NewState()
}

// Readings, Tac Tix, Move: an unbroken straight run in one row or one
// column; a gap breaks a run (a1 _ c1 d1: no a1-c1, no a1-d1), diagonals
// are no runs (b2 c3), and one marble is one move (listed once).
func TestTacTixRuleRuns(t *testing.T) {
	g, s := tacTixPosition(t, "first", "a1", "c1", "d1", "b2", "c3")
	if got := legal(g, s); got != "a1 b2 c1 c1-d1 c3 d1" {
		t.Fatalf("moves %q, want a1 b2 c1 c1-d1 c3 d1", got)
	}
	g, s = tacTixPosition(t, "first", "b1", "b2", "b3", "b4")
	if got := legal(g, s); got != "b1 b1-b2 b1-b3 b1-b4 b2 b2-b3 b2-b4 b3 b3-b4 b4" {
		t.Fatalf("moves %q: a column of four gives 4+3+2+1 runs", got)
	}
}

// Readings, Tac Tix, End (misère): the player who removes the last marble
// loses. First takes the last marble; second, to move on the empty board,
// has won.
func TestTacTixRuleLastMarbleLoses(t *testing.T) {
	g, s := tacTixPosition(t, "first", "c2")
	m, err := g.Parse(s, "c2")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(s); !r.Over || r.Winner != 1 {
		t.Fatalf("result %+v, want second (seat 1) wins", r)
	}
	// with two marbles side by side, first wins by taking one
	g, s = tacTixPosition(t, "first", "a1", "b1")
	for _, mv := range []string{"a1", "b1"} {
		m, err := g.Parse(s, mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(s, m); err != nil {
			t.Fatal(err)
		}
	}
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Fatalf("result %+v, want first (seat 0) wins", r)
	}
}

func TestTacTixMatchesModel(t *testing.T) {
	crosscheckModel(t, "traditional/tac-tix", newTacTix(), 200, 20)
}
