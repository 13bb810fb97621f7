package editor

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
)

const pairsVariant = "../testdata/variants/pairs.toml"

// Pass-and-play on a variant with hidden hands: with both seats human a
// curtain ("pass to NAME") stands between their turns, the screen shows
// only the seat whose turn it is its own cards (the other hand and the
// deck as counts), and the move list hides the cards dealt to the other.
func TestPassAndPlayHidesTheOtherHand(t *testing.T) {
	a, tm := startApp(t, Options{Variant: pairsVariant})
	tm.waitFor("pass to North — press a key")
	tm.key(tcell.KeyEnter)
	tm.waitGone("pass to North")
	for _, l := range []string{"deal=a", "deal=b", "deal=a", "deal=c", "draw=d"} {
		tm.typeMove(l)
	}
	scr := tm.waitFor("5. draw=d")
	for _, want := range []string{"hand A×2 D", "hand ?×2", "deck ?×3", "1. deal=a", "2. (hidden)", "4. (hidden)"} {
		if !strings.Contains(scr, want) {
			t.Errorf("North's screen lacks %q:\n%s", want, scr)
		}
	}
	if strings.Contains(scr, "deal=b") || strings.Contains(scr, "deal=c") {
		t.Errorf("North's screen shows South's cards:\n%s", scr)
	}
	// the board pane draws the zones as a card table: North's own hand at
	// the bottom, South's hand at the top as backs
	table := boardPane(scr)
	south, north := rowOf(table, "South hand  ▒▒ ▒▒"), rowOf(table, "North hand  A A D")
	if south < 0 || north < 0 || south > north || rowOf(table, "deck        ▒▒ ▒▒ ▒▒") < 0 {
		t.Errorf("North's card table (South's hand above as two backs, North's own below, three backs in the deck):\n%s", table)
	}
	tm.typeMove("d")
	scr = tm.waitFor("pass to South — press a key")
	if strings.Contains(scr, "hand A×2") || strings.Contains(scr, "deal=a") || strings.Contains(scr, "A A D") {
		t.Errorf("behind the curtain North's cards show:\n%s", scr)
	}
	if table := boardPane(scr); rowOf(table, "North hand  ▒▒ ▒▒") < 0 || rowOf(table, "North hand  A") >= 0 {
		t.Errorf("behind the curtain the table does not show North's hand as backs:\n%s", table)
	}
	tm.key(tcell.KeyEnter)
	scr = tm.waitGone("pass to South")
	for _, want := range []string{"hand B C", "hand ?×2", "1. (hidden)", "2. deal=b"} {
		if !strings.Contains(scr, want) {
			t.Errorf("South's screen lacks %q:\n%s", want, scr)
		}
	}
	var viewer int
	tm.sync(func() { viewer = a.viewer() })
	if viewer != 1 {
		t.Errorf("the screen shows seat %d's view, want South's", viewer)
	}
}

// Against an agent there is no curtain: the screen shows the human's view
// and never the agent's hand.
func TestAgentHandHidden(t *testing.T) {
	a, tm := startApp(t, Options{Variant: pairsVariant, Seats: []string{"South=random"}})
	var viewer int
	tm.sync(func() { viewer = a.viewer() })
	if viewer != 0 {
		t.Fatalf("the screen shows seat %d's view, want North's", viewer)
	}
	scr := tm.text()
	if strings.Contains(scr, "pass to") {
		t.Errorf("a curtain against an agent:\n%s", scr)
	}
}

var updateScreens = flag.Bool("update", false, "rewrite testdata/screens/editor")

// Cribbage at 80×24 after its opening record, played by a human (North)
// against an agent: North's hand shows, South's hand and the crib show
// only as counts, and the cards dealt to South are hidden in the move
// list. The screen is kept in testdata/screens/editor (go test ./editor
// -run TestCribbageScreen -update).
func TestCribbageScreen(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "records", "traditional-cribbage-opening.txt"))
	if err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(t.TempDir(), "opening.txt") // the editor autosaves into its record
	if err := os.WriteFile(rec, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, tm := startApp(t, Options{Variant: "traditional/cribbage", Record: rec, Seats: []string{"South=random"}})
	scr := tm.waitFor("played TS QC")
	for _, want := range []string{"to move: North", "6C 7C", "?×2", "crib ?×4", "start 3H", "(hidden)"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the screen lacks %q:\n%s", want, scr)
		}
	}
	for _, south := range []string{"TH", "JS"} { // South's two cards left
		if strings.Contains(scr, south) {
			t.Errorf("South's %s shows:\n%s", south, scr)
		}
	}
	// the card table in the board pane: South's hand at the top as two
	// backs, North's own at the bottom, the crib face down, the deck counted
	table := boardPane(scr)
	south, north := rowOf(table, "South hand  ▒▒ ▒▒"), rowOf(table, "North hand  6C 7C")
	if south < 0 || north < 0 || south > north {
		t.Errorf("the card table lacks South's hand above North's:\n%s", table)
	}
	for _, want := range []string{"deck        ▒▒ ×41", "crib        ▒▒ ▒▒ ▒▒ ▒▒", "start       3H", "played      TS QC"} {
		if rowOf(table, want) < 0 {
			t.Errorf("the card table lacks %q:\n%s", want, table)
		}
	}
	golden := filepath.Join("..", "testdata", "screens", "editor", "traditional-cribbage.txt")
	if *updateScreens {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(scr), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != scr {
		t.Errorf("the screen differs from %s (run with -update):\ngot:\n%s\nwant:\n%s", golden, scr, want)
	}
}

// boardPane is the board pane of an 80×24 play screen: the rows of the
// screen cut at the board's right border.
func boardPane(scr string) string {
	var b strings.Builder
	for _, l := range strings.Split(scr, "\n") {
		r := []rune(l)
		if i := strings.IndexAny(l, "║"); i >= 0 {
			if j := strings.LastIndex(l, "║"); j > i {
				r = []rune(l[:j])
			}
		}
		b.WriteString(string(r) + "\n")
	}
	return b.String()
}

// rowOf returns the row of text whose line contains want, or -1.
func rowOf(text, want string) int {
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(l, want) {
			return i
		}
	}
	return -1
}
