package agent_test

import (
	"context"
	"testing"

	"rulesmith/core"
	"rulesmith/core/agent"
)

// pairsAfter plays the lines of a Pairs record from the start.
func pairsAfter(t *testing.T, g *core.Game, lines ...string) *core.State {
	t.Helper()
	s := g.NewState()
	for _, l := range lines {
		m, err := g.Parse(s, l)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if err := g.Play(s, m); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return s
}

// The search decides from the mover's view only: two positions that
// differ only in what North cannot see (South's hand and the deck hold the
// same unseen cards, differently shared) give the same move for every seed,
// while the positions themselves differ.
func TestMCTSDecidesFromItsView(t *testing.T) {
	g, err := core.Load("../../testdata/variants/pairs.toml")
	if err != nil {
		t.Fatal(err)
	}
	// North holds a, a, d in both; South b, c (deck b, c, d) or c, d (deck b, b, c)
	s1 := pairsAfter(t, g, "deal=a", "deal=b", "deal=a", "deal=c", "draw=d")
	s2 := pairsAfter(t, g, "deal=a", "deal=c", "deal=a", "deal=d", "draw=d")
	if s1.Hash() == s2.Hash() {
		t.Fatal("the two positions are the same")
	}
	if g.InfoKey(s1, 0) != g.InfoKey(s2, 0) {
		t.Fatal("North's information sets differ")
	}
	for seed := uint64(1); seed <= 6; seed++ {
		m1, err1 := agent.NewMCTS(240, 0, seed).Choose(context.Background(), g, s1)
		m2, err2 := agent.NewMCTS(240, 0, seed).Choose(context.Background(), g, s2)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if m1 != m2 {
			t.Errorf("seed %d: %s in one position, %s in the other", seed, g.Format(s1, m1), g.Format(s2, m2))
		}
		// North keeps its pair: the only good discard is the d
		if got := g.Format(s1, m1); got != "d" {
			t.Errorf("seed %d: North discards %s from a, a, d", seed, got)
		}
	}
}

// On Pairs the search from its own view beats uniform random play.
func TestMCTSHiddenStrongerThanRandom(t *testing.T) {
	g, err := core.Load("../../testdata/variants/pairs.toml")
	if err != nil {
		t.Fatal(err)
	}
	games := 80
	wins, losses := 0, 0
	for i := 0; i < games; i++ {
		mcts := i % 2
		agents := make([]agent.Agent, 2)
		agents[mcts] = agent.NewMCTS(160, 0, uint64(i))
		agents[1-mcts] = agent.NewRandom(uint64(i))
		_, s := selfPlay(t, g, agents, 100)
		switch r := g.Result(s); {
		case r.Winner == mcts:
			wins++
		case r.Winner == 1-mcts:
			losses++
		}
	}
	t.Logf("MCTS(160p, from its view) against Random on Pairs: %d wins, %d losses, %d draws of %d", wins, losses, games-wins-losses, games)
	if wins < 3*losses || wins < games/5 {
		t.Errorf("MCTS won %d and lost %d of %d games", wins, losses, games)
	}
}
