package core_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// morrisPosition loads Nine Men's Morris in the moving phase with the
// given men on the board (point → seat) and empty hands, or, with hands,
// in the placing phase with that many men in each hand.
func morrisPosition(t *testing.T, first string, hands int, men map[string]string) (*core.Game, *core.State) {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"traditional/nine-mens-morris\"\nname = \"test/morris\"\nreplace = [\"setup.hand\"]\n")
	phase := "moving"
	if hands > 0 {
		phase = "placing"
	}
	fmt.Fprintf(&b, "[turns]\nfirst = %q\nphase = %q\n[setup.hand]\n", first, phase)
	if hands > 0 {
		fmt.Fprintf(&b, "white = [\"white:%d\"]\nblack = [\"black:%d\"]\n", hands, hands)
	}
	b.WriteString("[setup.pieces]\n")
	for p, seat := range men {
		b.WriteString(p + " = \"" + seat + "\"\n")
	}
	g, err := core.LoadBytes("morris.toml", []byte(b.String()), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g, g.NewState()
}

func morrisPlay(t *testing.T, g *core.Game, s *core.State, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := g.Parse(s, text)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(s, m); err != nil {
			t.Fatal(err)
		}
	}
}

// movesFrom lists the legal moves that start with prefix.
func movesFrom(g *core.Game, s *core.State, prefix string) string {
	var out []string
	for _, m := range strings.Fields(legal(g, s)) {
		if strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	return strings.Join(out, " ")
}

// Readings, Mills and removal: forming a mill removes one opponent man in
// the same ply, compulsorily, one move per man that may go; a man in a mill
// may go only when all are in mills.
func TestMorrisRuleMillRemoves(t *testing.T) {
	g := load(t, "traditional/nine-mens-morris")
	s := g.NewState()
	morrisPlay(t, g, s, "a1", "a4", "d1", "b4", "g7")
	if got := movesFrom(g, s, "c4"); got != "c4xa1 c4xd1 c4xg7" {
		t.Fatalf("Black's c4 closes a4 b4 c4: %q, want c4xa1 c4xd1 c4xg7 (and no c4 alone)", got)
	}
	if _, err := g.Parse(s, "c4"); err == nil || !strings.Contains(err.Error(), "must be followed") {
		t.Fatalf("c4 without its removal: %v", err)
	}
	morrisPlay(t, g, s, "c4xg7")
	// White's g1 closes a1 d1 g1; all of Black's men are in the mill a4 b4 c4
	if got := movesFrom(g, s, "g1"); got != "g1xa4 g1xb4 g1xc4" {
		t.Fatalf("White's g1: %q, want g1xa4 g1xb4 g1xc4 (all in a mill: any may go)", got)
	}
	if got := s.Ply(); got != 6 {
		t.Fatalf("ply %d after six moves: a mill and its removal are one ply", got)
	}
}

// The seed: the man taken must not be in a mill unless all are. White's
// g4-g1 closes a1 d1 g1; Black's a4 b4 c4 is a mill, e5 is not: only e5.
func TestMorrisRuleSpareMill(t *testing.T) {
	g, s := morrisPosition(t, "white", 0, map[string]string{
		"a1": "white", "d1": "white", "g4": "white",
		"a4": "black", "b4": "black", "c4": "black", "e5": "black",
	})
	if got := movesFrom(g, s, "g4-g1"); got != "g4-g1xe5" {
		t.Fatalf("g4-g1: %q, want g4-g1xe5 only", got)
	}
	if _, err := g.Parse(s, "g4-g1xa4"); err == nil || !strings.Contains(err.Error(), "spared") {
		t.Fatalf("g4-g1xa4: %v, want a refusal naming the spared man", err)
	}
}

// Readings: a move forming two mills at once removes only one man; with no
// opponent man on the board the mill removes nothing.
func TestMorrisRuleDoubleMillAndNothingToTake(t *testing.T) {
	g, s := morrisPosition(t, "white", 2, map[string]string{
		"a1": "white", "g1": "white", "d2": "white", "d3": "white",
		"b6": "black", "f6": "black",
	})
	if got := movesFrom(g, s, "d1"); got != "d1xb6 d1xf6" {
		t.Fatalf("d1 closes two mills: %q, want one removal per move", got)
	}
	g, s = morrisPosition(t, "white", 2, map[string]string{"a1": "white", "d1": "white"})
	if got := movesFrom(g, s, "g1"); got != "g1" {
		t.Fatalf("g1 with no Black man on the board: %q, want g1", got)
	}
}

// Readings, End: a player with 2 men or fewer (board and hand) has lost at
// once; a player to move with no move loses.
func TestMorrisRuleEnds(t *testing.T) {
	g, s := morrisPosition(t, "white", 0, map[string]string{
		"a1": "white", "d1": "white", "g4": "white",
		"b6": "black", "d6": "black", "f4": "black",
	})
	morrisPlay(t, g, s, "g4-g1xf4")
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Fatalf("Black down to 2 men: result %+v, want White wins", r)
	}
	// Black to move, every man boxed in: a1 (d1, a4 White), g1 (d1 and g4 White), d2 (d1 d3 b2 f2 White)
	g, s = morrisPosition(t, "black", 0, map[string]string{
		"a1": "black", "g1": "black", "d2": "black",
		"d1": "white", "a4": "white", "g4": "white", "d3": "white", "b2": "white", "f2": "white",
	})
	if got := legal(g, s); got != "" {
		t.Fatalf("Black's moves %q, want none", got)
	}
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Fatalf("Black blocked: result %+v, want White wins", r)
	}
}

func TestMorrisPlayoutsEnd(t *testing.T) {
	g := load(t, "traditional/nine-mens-morris")
	rng := newTestRand(12)
	won := 0
	for i := 0; i < 100; i++ {
		s := g.NewState()
		if _, err := g.Playout(s, rng, nil, nil); err != nil {
			t.Fatal(err)
		}
		if r := g.Result(s); !r.Over {
			t.Fatal("playout did not end")
		} else if !r.Timeout {
			won++
		}
	}
	if won < 90 {
		t.Fatalf("only %d of 100 random games were won", won)
	}
}

func newTestRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed)) }
