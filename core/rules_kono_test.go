package core_test

import (
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

func konoPosition(t *testing.T, first string, pieces map[string]string) *core.Game {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"traditional/four-field-kono\"\nname = \"test/kono\"\nreplace = [\"setup.pieces\"]\n")
	b.WriteString("[turns]\nfirst = \"" + first + "\"\n[setup.pieces]\n")
	for cell, kind := range pieces {
		b.WriteString(cell + " = \"" + kind + "\"\n")
	}
	g, err := core.LoadBytes("kono.toml", []byte(b.String()), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func legal(g *core.Game, s *core.State) string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		out = append(out, g.Format(s, m))
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// "A player can capture an opponent's marble by jumping over one of his or
// her OWN marbles and landing on the opponent's marble ... Capture moves can
// only be made horizontally or vertically ... If not capturing, a piece can
// be moved one space horizontally or vertically."
func TestKonoRuleMovesAndCaptures(t *testing.T) {
	g := konoPosition(t, "white", map[string]string{"a1": "white", "a2": "white", "a3": "black", "c3": "black", "b2": "black"})
	s := g.NewState()
	// a1 jumps over its own a2 onto a3 (taking it); a2 cannot jump b2 (an enemy)
	// towards c2; no diagonal moves; steps to empty neighbours only
	got := legal(g, s)
	for _, m := range []string{"a1-a3", "a1-b1"} {
		if !strings.Contains(" "+got+" ", " "+m+" ") {
			t.Errorf("legal moves %q lack %s", got, m)
		}
	}
	for _, m := range []string{"a2-c2", "a1-b2", "a2-a4"} {
		if strings.Contains(" "+got+" ", " "+m+" ") {
			t.Errorf("legal moves %q must not hold %s", got, m)
		}
	}
	m, err := g.Parse(s, "a1-a3")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	a3, _ := g.Board().Index("a3")
	if s.Owner(a3) != 0 || s.Height(a3) != 1 {
		t.Fatal("the capture replaces the black marble on a3 by the white one")
	}
	if _, err := g.Parse(g.NewState(), "a2-c2"); err == nil || !strings.Contains(err.Error(), "own") {
		t.Errorf("jumping an enemy: %v", err)
	}
}

// "A player who cannot make a move or has only one piece left loses."
func TestKonoRuleLosing(t *testing.T) {
	g := konoPosition(t, "white", map[string]string{"a1": "white", "a2": "white", "a3": "black", "d4": "black"})
	s := g.NewState()
	m, _ := g.Parse(s, "a1-a3")
	g.Play(s, m)
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Fatalf("black is down to one marble: %+v", r)
	}
	// black to move with no move: boxed into a corner by white marbles
	g = konoPosition(t, "black", map[string]string{"a1": "black", "a2": "white", "b1": "white", "d4": "white"})
	if r := g.Result(g.NewState()); !r.Over || r.Winner != 0 {
		t.Fatalf("black cannot move and loses: %+v", r)
	}
}
