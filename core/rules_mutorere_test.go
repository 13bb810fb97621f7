package core_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// muPosition loads Mu-torere with the given pieces (cell → seat) and the
// seat to move.
func muPosition(t *testing.T, first string, pieces map[string]string) (*core.Game, *core.State) {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"traditional/mu-torere\"\nname = \"test/mu\"\nreplace = [\"setup.pieces\"]\n")
	b.WriteString("[turns]\nfirst = \"" + first + "\"\n[setup.pieces]\n")
	for cell, kind := range pieces {
		b.WriteString(cell + " = \"" + kind + "\"\n")
	}
	g, err := core.LoadBytes("mu.toml", []byte(b.String()), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g, g.NewState()
}

// Readings, Mu-torere, Moves 1: a kewai piece enters the putahi only if a
// ring neighbour of its kewai holds an opponent's piece. Start position:
// a1 (beside Black's a2) and c2 (beside c3) may; b1 and c1 may not.
func TestMuTorereRuleEnterPutahi(t *testing.T) {
	g := load(t, "traditional/mu-torere")
	s := g.NewState()
	if got := legal(g, s); got != "a1-b2 c2-b2" {
		t.Fatalf("opening moves %q, want a1-b2 c2-b2", got)
	}
	_, err := g.Parse(s, "b1-b2")
	if err == nil || !strings.Contains(err.Error(), "condition") {
		t.Fatalf("b1-b2 (no Black neighbour on the ring) must be refused by the rule's condition, got %v", err)
	}
}

// Readings, Moves 2: from the putahi to any empty kewai, not only to a
// neighbour of where the piece came from; Moves 3: along the ring to an
// empty neighbour only (b1-a2 is a grid diagonal, not a line).
func TestMuTorereRulePutahiAndRing(t *testing.T) {
	g, s := muPosition(t, "white", map[string]string{
		"b2": "white", "b1": "white", "c1": "white", "c2": "white",
		"b3": "black", "a3": "black", "c3": "black", "a2": "black",
	})
	// empty: a1 only. White: b2-a1 (putahi out), b1-a1 (ring).
	if got := legal(g, s); got != "b1-a1 b2-a1" {
		t.Fatalf("moves %q, want b1-a1 b2-a1", got)
	}
	g, s = muPosition(t, "white", map[string]string{
		"b2": "white", "b1": "white", "c1": "white", "c2": "white",
		"b3": "black", "a3": "black", "a1": "black", "a2": "black",
	})
	// empty: c3, two ring steps from c1 and far from b1: only b2-c3 and c2-c3.
	if got := legal(g, s); got != "b2-c3 c2-c3" {
		t.Fatalf("moves %q, want b2-c3 c2-c3", got)
	}
}

// Readings, End: a player who cannot move loses. Black to move: the empty
// a1 lies between White's a2 and b1, and White holds the putahi.
func TestMuTorereRuleBlockedLoses(t *testing.T) {
	g, s := muPosition(t, "black", map[string]string{
		"b2": "white", "a2": "white", "b1": "white", "c3": "white",
		"c1": "black", "c2": "black", "b3": "black", "a3": "black",
	})
	if got := legal(g, s); got != "" {
		t.Fatalf("Black has moves %q, want none", got)
	}
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Fatalf("result %+v, want White (seat 0) wins", r)
	}
}

// Random Mu-torere games end: by a block, or at the engine's ply limit
// (the game has no repetition rule and may go on for ever).
func TestMuTorerePlayoutsEnd(t *testing.T) {
	g := load(t, "traditional/mu-torere")
	rng := rand.New(rand.NewPCG(4, 4))
	blocked := 0
	for i := 0; i < 200; i++ {
		s := g.NewState()
		if _, err := g.Playout(s, rng, nil, nil); err != nil {
			t.Fatal(err)
		}
		r := g.Result(s)
		if !r.Over {
			t.Fatal("playout did not end")
		}
		if !r.Timeout {
			blocked++
		}
	}
	if blocked < 100 {
		t.Fatalf("only %d of 200 random games ended by a block", blocked)
	}
}

// The text picture draws the board's lines: the ring, the four lines through
// the putahi, Black's a1 after a1-b2 a2-a1.
func TestMuTorereRender(t *testing.T) {
	g := load(t, "traditional/mu-torere")
	s := g.NewState()
	for _, m := range []string{"a1-b2", "a2-a1"} {
		mv, err := g.Parse(s, m)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(s, mv); err != nil {
			t.Fatal(err)
		}
	}
	want := "B---B---B\n| \\ | / |\n.---W---W\n| / | \\ |\nB---W---W\n"
	if got := core.Render(g, s); got != want {
		t.Fatalf("render:\n%s\nwant:\n%s", got, want)
	}
}
