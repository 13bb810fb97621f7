package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
	// the tests of variants with a [fouls] table need the referee linked
	_ "rulesmith/core/referee"
)

func replayText(t *testing.T, g *core.Game, text string) (*core.History, []core.Event, error) {
	t.Helper()
	lines, err := core.ReadRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(g, g.NewState())
	ev, err := g.ReplayEvents(h, lines)
	return h, ev, err
}
