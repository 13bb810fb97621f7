package editor

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
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

// The Ring game with a neutral colour offers every subset of the neutral
// pieces a move newly attacks (B.12): enter on d3 lists each piece that
// can be placed there once, not once per subset (15 moves for Blue's Sc
// alone would be 8 of them); the subset is chosen by toggling the
// candidates, each shown with its piece, and p plays it. Typing the move
// with its marks still works.
func TestSubsetChooser(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "ring.txt")
	lines := "Hs@e7\nCh@e4\nyCh@c3\nyCc@e3\nSh@g5\ne4-g4\nHc@b4\nHs@f5\nSs@b3\nSc@f3\nySc@c5\nHc@a1*c3\nyHh@b2*c3\nf5-f7*c3\nCc@b5*c3\nyCs@d1\n"
	if err := os.WriteFile(rec, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	a, tm := startApp(t, Options{Variant: "traditional/ring-game-neutral", Record: rec})
	tm.waitFor("moves (16)")
	tm.cursorTo(a, "d3")
	tm.key(tcell.KeyEnter)
	scr := tm.waitFor("which move?")
	if !strings.Contains(scr, "(1) Sc@d3, marking any of d1 c3 e3") {
		t.Errorf("Sc@d3's eight subsets are not one entry:\n%s", scr)
	}
	if strings.Contains(scr, "Sc@d3*") || strings.Contains(scr, "(9)") {
		t.Errorf("the list offers the subsets one by one:\n%s", scr)
	}
	tm.runes("1")
	scr = tm.waitFor("which pieces?")
	for _, want := range []string{"(p) play Sc@d3", "(1) [ ] d1 yCs", "(2) [ ] c3 yCh", "(3) [ ] e3 yCc"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the chooser lacks %q:\n%s", want, scr)
		}
	}
	tm.runes("3")
	tm.key(tcell.KeyUp) // to c3, toggled by space
	tm.runes(" ")
	scr = tm.waitFor("play Sc@d3*c3*e3")
	if !strings.Contains(scr, "(2) [*] c3 yCh") || !strings.Contains(scr, "(1) [ ] d1 yCs") {
		t.Errorf("the toggles do not show:\n%s", scr)
	}
	tm.runes("p")
	tm.waitFor("17. Sc@d3*c3*e3")
	tm.runes("u")
	tm.waitFor("undid Sc@d3*c3*e3")
	tm.typeMove("Sc@d3*e3")
	tm.waitFor("17. Sc@d3*e3")
}
