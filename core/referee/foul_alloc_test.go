package referee_test

import (
	"testing"
)

// A foul verdict allocates nothing once its game has served one (the
// analyzers, their buffers, states and tables are reused), except the
// demonstration it returns: the line's moves in notation and the safe
// alternative, when there is a forced win.
func TestFoulVerdictAllocs(t *testing.T) {
	g := load(t, "strix/simple")
	states, moves := samplePositions(g, 21, 6, 60)
	won := 0
	for i := range states {
		v, err := g.AnalyzeFoul(states[i], moves[i])
		if err != nil {
			t.Fatal(err)
		}
		allowed := 0.0
		if v.Gainer >= 0 {
			won++
			allowed = float64(2*len(v.Line) + 2) // the line's strings and slice, the safe move
		}
		if a := testing.AllocsPerRun(3, func() { g.AnalyzeFoul(states[i], moves[i]) }); a > allowed {
			t.Fatalf("position %d: %v allocations per verdict (gainer %d, line %v), want at most %v", i, a, v.Gainer, v.Line, allowed)
		}
	}
	if won == 0 || won == len(states) {
		t.Errorf("%d of %d sampled moves give a forced win: the sample must have both", won, len(states))
	}
}
