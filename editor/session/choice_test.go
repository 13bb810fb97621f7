package session_test

import (
	"strings"
	"testing"

	"rulesmith/editor/session"
)

// ringNeutral16 is a Ring game (2-player, neutral colour) opening after
// which placing Blue's Sc on d3 leaves three neutral pieces to flip or not
// (B.12: any subset, so eight moves).
var ringNeutral16 = strings.Fields("Hs@e7 Ch@e4 yCh@c3 yCc@e3 Sh@g5 e4-g4 Hc@b4 Hs@f5 Ss@b3 Sc@f3 ySc@c5 Hc@a1*c3 yHh@b2*c3 f5-f7*c3 Cc@b5*c3 yCs@d1")

// Choices folds the moves that differ only in their *CELL marks into one
// choice per base move: every legal move is in exactly one choice, under
// the text Text writes for its marks, and a choice of n candidates where
// any subset is legal (B.12) stands for 2^n moves.
func TestChoices(t *testing.T) {
	g := load(t, "traditional/ring-game-neutral")
	s := session.New(g, "traditional/ring-game-neutral")
	for _, l := range ringNeutral16 {
		if err := s.PlayText(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	legal := s.Legal()
	choices := session.Choices(g, s.State(), legal)
	total := 0
	var d3 *session.Choice
	for _, c := range choices {
		total += c.Len()
		if c.Base == "Sc@d3" {
			d3 = c
		}
		if c.Len() != 1<<len(c.Cells) {
			t.Errorf("%s: %d moves for %d candidates %v, want every subset", c.Base, c.Len(), len(c.Cells), c.Cells)
		}
	}
	if total != len(legal) {
		t.Errorf("the choices hold %d moves, want the %d legal ones", total, len(legal))
	}
	if d3 == nil {
		t.Fatalf("no choice for Sc@d3 among %d", len(choices))
	}
	if got := strings.Join(d3.Cells, " "); got != "d1 c3 e3" { // the neutral yCs, yCh and yCc
		t.Errorf("Sc@d3 candidates %q", got)
	}
	// every subset's move is the one Parse reads from the same text
	for mask := 0; mask < 1<<len(d3.Cells); mask++ {
		marked := make([]bool, len(d3.Cells))
		for i := range marked {
			marked[i] = mask&(1<<i) != 0
		}
		m, ok := d3.Move(marked)
		if !ok {
			t.Fatalf("no move for %s", d3.Text(marked))
		}
		want, err := g.Parse(s.State(), d3.Text(marked))
		if err != nil || want != m {
			t.Errorf("%s: the choice gives %s, Parse %s (%v)", d3.Text(marked), s.Format(m), s.Format(want), err)
		}
	}
	if first := d3.First(); d3.Text(first) != "Sc@d3" {
		t.Errorf("the first subset is %s, want none marked", d3.Text(first))
	}
}
