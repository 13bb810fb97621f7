package core_test

import (
	"strings"
	"testing"
	"time"

	"rulesmith/core"
	"rulesmith/variants"
)

// What bounds an expression at play time: its size (MaxExprLen, 2000
// syntax nodes), the strings it builds (MaxExprString) and expr's VM
// memory budget of 1e6 per evaluation, which counts every element of a
// range and every iteration of a loop as it starts (all, any, map, filter,
// count, reduce …), so one evaluation runs at most about a million loop
// steps. A hostile variant's end condition or score therefore fails fast
// instead of hanging: a failing condition counts as false, a failing
// score as 0 (Game.Play names scoring.score when it fails after a move).
// Both expressions below hold if evaluated to the end, so the game going
// on and the scores staying 0 show that the budget stopped them.
func TestPlayTimeExpressionBudget(t *testing.T) {
	hostile := `ply > 0 && all(1..1000, {all(1..1000, {all(1..1000, {# > 0})})})`
	huge := `ply > 0 && len(1..1000000000) > 0`
	for _, tc := range []struct{ name, toml string }{
		{"nested loops in an end condition", "[end.hostile]\ntype = \"expr\"\nwhen = '" + hostile + "'\n"},
		{"a huge range in an end condition", "[end.hostile]\ntype = \"expr\"\nwhen = '" + huge + "'\n"},
		{"nested loops in the score", "[scoring]\nscore = 'ply > 0 && all(1..1000, {all(1..1000, {all(1..1000, {# > 0})})}) ? 1 : 0'\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "extends = \"traditional/tac-tix\"\nname = \"test/hostile\"\n" + tc.toml
			g, err := core.LoadBytes("hostile.toml", []byte(src), core.WithFS(variants.FS()))
			if err != nil {
				t.Fatal(err)
			}
			s := g.NewState()
			start := time.Now()
			for i := 0; i < 1; i++ {
				ms := g.Settle(s, nil)
				if len(ms) == 0 {
					t.Fatalf("move %d: the game ended: the condition cannot have held", i)
				}
				if err := g.Play(s, ms[0]); err != nil && !strings.Contains(err.Error(), "memory budget exceeded") {
					t.Fatal(err)
				}
				if strings.Contains(tc.name, "score") {
					// evaluated to the end the score would be 1: the budget
					// stopped it
					if sc := g.Scores(s); sc[0] != 0 || sc[1] != 0 {
						t.Fatalf("move %d: scores %v", i, sc)
					}
				}
			}
			// a billion loop steps would take minutes; the budget stops the
			// evaluation after about a million (milliseconds)
			if d := time.Since(start); d > 10*time.Second {
				t.Fatalf("one move took %v", d)
			}
		})
	}
}
