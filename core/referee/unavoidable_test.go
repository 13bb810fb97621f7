package referee_test

import (
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// An unavoidable forced-win foul on a variant that is not STRIX
// (testdata/variants/unavoidable-foul.toml): Amber's blocker must step
// into one of the two goal cells and so opens the other, to Blue (b1
// blocked: Crimson wins) or to Crimson (d1 blocked: Blue wins). Under each
// reading of unavoidable, Blue's call is upheld with the outcome that
// reading names, in words built from the variant's own names: its seat
// titles, its goal end ("home") and the seats left.
func TestUnavoidableFoulOutcomes(t *testing.T) {
	for _, c := range []struct {
		name, set        string
		outcome          string
		endedBy          string // "" while the game goes on
		over, moveStands bool
		warnings         int
	}{
		{name: "eliminate", set: "unavoidable=eliminate",
			outcome:    "unavoidable foul: every move of Amber lets Crimson win; Amber loses and the move stands",
			moveStands: true},
		{name: "eliminate and end", set: "unavoidable=eliminate_and_end",
			outcome: "forced foul: Amber cannot avoid it and loses; the game ends (unavoidable) between the 2 players left (Blue, Crimson), decided by the scores",
			endedBy: "unavoidable", over: true},
		{name: "deprecated spelling", set: "unavoidable=two_way_draw",
			outcome: "forced foul: Amber cannot avoid it and loses; the game ends (two_way_draw) between the 2 players left (Blue, Crimson), decided by the scores",
			endedBy: "two_way_draw", over: true, warnings: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := core.Load("../../testdata/variants/unavoidable-foul.toml", core.WithFS(variants.FS()), core.WithSet(c.set))
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Warnings()) != c.warnings {
				t.Errorf("warnings %v, want %d", g.Warnings(), c.warnings)
			}
			h, ev, err := replayText(t, g, "c1-b1\ncall b\n")
			if err != nil {
				t.Fatal(err)
			}
			call := ev[len(ev)-1].Call
			if call == nil || !call.Upheld || !call.Unavoidable || call.Foul || call.CommonGainer != -1 {
				t.Fatalf("call: %+v, want upheld, unavoidable, no common gainer", call)
			}
			if call.Outcome != c.outcome {
				t.Errorf("outcome:\n%s\nwant:\n%s", call.Outcome, c.outcome)
			}
			s := h.State
			if !s.Eliminated(0) || s.Eliminated(1) || s.Eliminated(2) {
				t.Errorf("eliminated: %v %v %v, want Amber only", s.Eliminated(0), s.Eliminated(1), s.Eliminated(2))
			}
			if stands := s.Ply() == 1; stands != c.moveStands {
				t.Errorf("ply %d: move stands %v, want %v", s.Ply(), stands, c.moveStands)
			}
			end, seat := g.EndedBy(s)
			if r := g.Result(s); r.Over != c.over || end != c.endedBy || (c.over && (seat != 0 || r.Winner != -1)) {
				t.Errorf("result %+v, ended by %q (seat %d); want over %v, ended by %q (seat 0), a draw", r, end, seat, c.over, c.endedBy)
			}
		})
	}
}
