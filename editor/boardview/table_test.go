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
	back2 := CardBack + " " + CardBack
	for _, tc := range []struct {
		name           string
		viewer, bottom int
		want           []string // in order, top to bottom (runs of spaces as one)
	}{
		// A.9: each player sees his own discards, never the other's; the
		// crib is formed from them at the show, so it is empty in the play
		{"North", 0, 0, []string{"South hand " + back2, "South discards " + back2, "deck " + CardBack + " ×41", "crib -", "start 3H", "played TS QC", "North hand 6C 7C", "North discards 8H KS"}},
		{"South", 1, 1, []string{"North hand " + back2, "North discards " + back2, "crib -", "South hand TH JS", "South discards AD 3C"}},
		{"onlooker", -1, 0, []string{"South hand " + back2, "South discards " + back2, "start 3H", "North hand " + back2, "North discards " + back2}},
		{"everyone", core.AllSeats, 0, []string{"South hand TH JS", "South discards AD 3C", "crib -", "North hand 6C 7C", "North discards 8H KS"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := newView(g, s)
			v.SetViewer(tc.viewer, tc.bottom)
			got := oneSpace(plain(text(draw(t, v, 46, 20))))
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

// oneSpace writes each line of text with its runs of spaces as one, so a
// test reads the table's rows whatever width its label column takes.
func oneSpace(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}
