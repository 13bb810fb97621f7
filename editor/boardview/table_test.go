package boardview

import (
	"strings"
	"testing"

	"rulesmith/core"
)

// The card table as the widget draws it: after cribbage's opening record
// (readings A.9: a hand is seen by its owner only, the crib by no one, the
// start and the played cards by both), each viewer sees exactly what is
// his to see, his own hand at the bottom; an onlooker (the default) sees
// no hand; everything shows only when the view is everyone's.
func TestCardTableViews(t *testing.T) {
	_, gs := games(t)
	g := gs["traditional/cribbage"]
	if g == nil || !IsCardTable(g) {
		t.Fatal("traditional/cribbage is not drawn as a card table")
	}
	s := playRecord(t, g, "traditional-cribbage-opening.txt")
	back2, back4 := CardBack+" "+CardBack, strings.TrimSpace(strings.Repeat(CardBack+" ", 4))
	for _, tc := range []struct {
		name           string
		viewer, bottom int
		want           []string // in order, top to bottom
	}{
		{"North", 0, 0, []string{"South hand  " + back2, "deck        " + CardBack + " ×41", "crib        " + back4, "start       3H", "played      TS QC", "North hand  6C 7C"}},
		{"South", 1, 1, []string{"North hand  " + back2, "crib        " + back4, "South hand  TH JS"}},
		{"onlooker", -1, 0, []string{"South hand  " + back2, "start       3H", "North hand  " + back2}},
		{"everyone", core.AllSeats, 0, []string{"South hand  TH JS", "crib        AD 3C 8H KS", "North hand  6C 7C"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := newView(g, s)
			v.SetViewer(tc.viewer, tc.bottom)
			got := plain(text(draw(t, v, 46, 20)))
			at := 0
			for _, w := range tc.want {
				i := strings.Index(got[at:], w)
				if i < 0 {
					t.Fatalf("the table lacks %q after row text %q:\n%s", w, got[:at], got)
				}
				at += i + len(w)
			}
		})
	}
	// the widget's default: an onlooker's view
	if got := plain(text(draw(t, newView(g, s), 46, 20))); strings.Contains(got, "6C") || strings.Contains(got, "JS") {
		t.Errorf("by default the table shows a hand:\n%s", got)
	}
}
