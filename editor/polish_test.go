package editor

import (
	"regexp"
	"strings"
	"testing"
)

// sidePane returns the rows of the play screen's side panel (right of the
// board's border), each trimmed.
func sidePane(scr string) []string {
	var out []string
	for _, l := range strings.Split(scr, "\n") {
		if i := strings.LastIndex(l, "║"); i >= 0 {
			l = l[i+len("║"):]
		}
		out = append(out, strings.TrimSpace(strings.Trim(l, "│┌┐└┘─ ")))
	}
	return out
}

// A variant that keeps no points (core.Game.KeepsPoints: Pachisi, the Ring
// game) shows no score column; one that does (DVONN's controlled stacks,
// mancala's stores) shows it after the titles, in one column.
func TestScoreShownOnlyWhenKept(t *testing.T) {
	for _, tc := range []struct {
		variant string
		rows    []string // regular expressions, each matching a whole row
	}{
		{"traditional/pachisi", []string{`A \(south\)`, `B \(west\)`, `C \(north\)`, `D \(east\)`}},
		{"traditional/ring-game", []string{`Blue {5}hand bSs .*`, `Red {6}hand rSs .*`, `Yellow {3}hand ySs .*`}},
		{"dvonn", []string{`white {5}0  hand D×2 W×23`, `black {5}0  hand D B×23`}},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			_, tm := startApp(t, Options{Variant: tc.variant})
			scr := tm.text()
			side := sidePane(scr)
			for _, want := range tc.rows {
				re := regexp.MustCompile(`^` + want + `$`)
				found := false
				for _, r := range side {
					found = found || re.MatchString(r)
				}
				if !found {
					t.Errorf("no row of the side panel is %q:\n%s", want, strings.Join(side, "\n"))
				}
			}
		})
	}
}

// The compare view's board titles carry the scores only for a variant
// that keeps points.
func TestCompareScoresOnlyWhenKept(t *testing.T) {
	for _, tc := range []struct {
		variant string
		scores  bool
	}{
		{"traditional/ring-game", false},
		{"mancala/egyptian", true},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			c, tm := startCompare(t, tc.variant, tc.variant, true)
			var title string
			tm.sync(func() { title = c.boards[0].GetTitle() })
			if got := strings.Contains(title, "; scores [0 0]"); got != tc.scores {
				t.Errorf("title %q: scores shown %v, want %v", title, got, tc.scores)
			}
		})
	}
}
