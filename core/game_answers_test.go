package core_test

import (
	"fmt"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// The compiled game answers what the solver and studies need to know about
// its rules, from the rules themselves.
func TestGameAnswers(t *testing.T) {
	load := func(name string) *core.Game {
		g, err := core.Load(name, core.WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	fe := load("strix/first-edition")
	if got := fmt.Sprint(fe.Ends()); got != "[{nest reach false} {last_owl seats_left false} {stalemate repetition false}]" {
		t.Errorf("first-edition ends %s: nest and last_owl are decided by score (winner = \"score\")", got)
	}
	if end, n := fe.Repetition(); end != "stalemate" || n != 3 {
		t.Errorf("first-edition repetition %q %d, want stalemate 3", end, n)
	}
	if g := fe.FoulGoal(); g != "nest" {
		t.Errorf("first-edition foul goal %q, want nest", g)
	}
	std := load("strix/standard")
	if got := fmt.Sprint(std.Ends()[:2]); got != "[{nest reach true} {last_owl seats_left true}]" {
		t.Errorf("standard ends %s: the conditions name the winner", got)
	}
	if r := std.RestingRule(); r != "" {
		t.Errorf("standard rests pieces under %q", r)
	}
	if r := load("strix/two-player").RestingRule(); r == "" {
		t.Error("two-player rests common pieces (common_rest), but RestingRule is empty")
	}
	egy := load("mancala/egyptian")
	if !egy.ScoreDeclared() || egy.LowestWins() || egy.ReadsPly() != "" || egy.FoulGoal() != "" {
		t.Errorf("egyptian: score declared %v, lowest %v, reads ply %q, foul goal %q",
			egy.ScoreDeclared(), egy.LowestWins(), egy.ReadsPly(), egy.FoulGoal())
	}
	src := `extends = "mancala/egyptian"
name = "t"
[end.long]
type = "expr"
when = 'ply > 100'
`
	g, err := core.LoadBytes("t.toml", []byte(src), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	if got := g.ReadsPly(); got != "end.long.when" {
		t.Errorf("ReadsPly = %q, want end.long.when", got)
	}
	if g.RulesDigest() == egy.RulesDigest() {
		t.Error("a variant with another end condition has the same rules digest")
	}
	if again := load("mancala/egyptian"); again.RulesDigest() != egy.RulesDigest() {
		t.Error("the same variant compiled twice has two digests")
	}
	if ch := core.RuleChanges(egy, g); len(ch) != 2 {
		t.Errorf("egyptian → t: %d changes %v, want end.long.type and end.long.when (names are not rules)", len(ch), ch)
	}
}
