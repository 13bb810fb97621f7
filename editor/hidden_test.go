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
	// nothing is dealt yet: nobody's hand would show, so no curtain
	if scr := tm.text(); strings.Contains(scr, "pass to") {
		t.Errorf("a curtain before anything is dealt:\n%s", scr)
	}
	tm.typeMove("deal=a")
	// North's first card would show: the curtain
	tm.waitFor("pass to North — press a key")
	tm.key(tcell.KeyEnter)
	tm.waitGone("pass to North")
	for _, l := range []string{"deal=b", "deal=a", "deal=c", "draw=d"} {
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
// against an agent: North's hand and discards show, South's hand and
// discards show only as counts (A.9), and the cards dealt to South are hidden in the move
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
	for _, want := range []string{"to move: North", "6C 7C", "?×2", "discards North 8H KS", "discards South ?×2", "crib -", "start 3H", "(hidden)"} {
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
	// backs, North's own at the bottom, each player's discards seen by him
	// alone (A.9), the crib not formed before the show, the deck counted
	table := boardPane(scr)
	south, north := rowOf(table, "South hand  ▒▒ ▒▒"), rowOf(table, "North hand  6C 7C")
	if south < 0 || north < 0 || south > north {
		t.Errorf("the card table lacks South's hand above North's:\n%s", table)
	}
	for _, want := range []string{"deck ▒▒ ×41", "South discards ▒▒ ▒▒", "North discards 8H KS", "crib -", "start       3H", "played      TS QC"} {
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
	want = strings.Join(strings.Fields(want), " ")
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(strings.Join(strings.Fields(l), " "), want) {
			return i
		}
	}
	return -1
}

// Cribbage in pass-and-play: the deal is one key. d plays the whole run
// of the pending chance event (all ten cards, one record line each, each
// narrated to whom it went) and the status line offers it; the screen
// then shows North his own five cards and South's as backs, and none of
// South's cards anywhere; u takes the whole deal back and r deals the
// same cards again; a typed outcome still plays one card. Before the deal
// no hand would show, so no curtain stands before it; after it, one
// stands before North's view.
func TestDealKeyPlaysTheWholeDeal(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "traditional/cribbage", Seed: 3})
	scr := tm.waitFor("deal: enter/d plays it,")
	if strings.Contains(scr, "pass to") {
		t.Errorf("a curtain before anything is dealt:\n%s", scr)
	}
	if st := statusLine(scr); !strings.Contains(st, "d roll  c auto-chance") {
		t.Errorf("the status line does not offer the deal: %q", st)
	}
	tm.runes("d")
	scr = tm.waitFor("pass to North — press a key")
	var lines []string
	tm.sync(func() { lines = a.sess.Lines() })
	if len(lines) != 10 {
		t.Fatalf("d played %d lines, want the ten cards of the deal: %v", len(lines), lines)
	}
	for _, l := range lines {
		if card := strings.TrimPrefix(l, "deal="); strings.Contains(scr, card) {
			t.Errorf("behind the curtain the card %s shows:\n%s", card, scr)
		}
	}
	if !strings.Contains(scr, "deal: 10 outcomes played (the whole deal)") {
		t.Errorf("the status line does not say what d did:\n%s", scr)
	}
	tm.key(tcell.KeyEnter)
	scr = tm.waitGone("pass to North")
	lines = nil
	var events []string
	tm.sync(func() {
		lines = a.sess.Lines()
		for _, ev := range a.sess.Events() {
			events = append(events, ev.Says)
		}
	})
	if len(lines) != 10 {
		t.Fatalf("d played %d lines, want the ten cards of the deal: %v", len(lines), lines)
	}
	for i, l := range lines {
		// A.2: one at a time, alternately, the non-dealer (North) first
		to := []string{"North", "South"}[i%2]
		if !strings.HasPrefix(l, "deal=") || !strings.Contains(events[i], "deal to "+to+"'s hand") {
			t.Errorf("line %d: %q, %q; want a card dealt to %s", i+1, l, events[i], to)
		}
	}
	for i, l := range lines {
		card := strings.TrimPrefix(l, "deal=")
		if i%2 == 0 && !strings.Contains(rowsOf(boardPane(scr), "North hand"), card) {
			t.Errorf("North's card %s is not in his hand on the table:\n%s", card, scr)
		}
		if i%2 == 1 && strings.Contains(scr, card) {
			t.Errorf("South's card %s shows on North's screen:\n%s", card, scr)
		}
	}
	if rowOf(boardPane(scr), "South hand  ▒▒ ▒▒ ▒▒ ▒▒ ▒▒") < 0 {
		t.Errorf("South's hand is not five backs:\n%s", scr)
	}
	tm.runes("u")
	scr = tm.waitFor("moves (0)")
	if !strings.Contains(scr, "+ 10 to redo") {
		t.Errorf("undo did not take back the whole deal:\n%s", scr)
	}
	tm.runes("r")
	tm.waitFor("moves (10)")
	tm.sync(func() {
		if got := a.sess.Lines(); strings.Join(got, " ") != strings.Join(lines, " ") {
			t.Errorf("redo dealt %v, want %v", got, lines)
		}
	})
	// a physical card typed: one line
	tm.runes("u")
	tm.waitFor("moves (0)")
	tm.typeMove("deal=AC")
	scr = tm.waitFor("1. deal=AC")
	if !strings.Contains(scr, "moves (1)") {
		t.Errorf("a typed card played more than one line:\n%s", scr)
	}
}

// The auto-chance key: the engine then deals for people as the deals come
// (here at once, and again after a discard or a play brings the next
// chance event), and undo does not deal again what it took back until the
// next action.
func TestAutoChanceDeals(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "traditional/cribbage", Seats: []string{"South=random"}, Seed: 5})
	tm.sync(func() { a.paused = true }) // South's agent waits: only chance moves
	tm.waitFor("moves (0)")
	tm.runes("c")
	scr := tm.waitFor("moves (10)")
	if !strings.Contains(scr, "auto-chance (c turns it off)") {
		t.Errorf("the side panel does not say the engine plays chance:\n%s", scr)
	}
	tm.runes("u")
	tm.waitFor("moves (0)")
	tm.sync(func() {
		if !a.sess.Game.AtChance(a.sess.State()) || len(a.sess.Lines()) != 0 {
			t.Errorf("after undo the engine dealt again: %v", a.sess.Lines())
		}
	})
	tm.runes("c")
	scr = tm.waitFor("chance by hand")
	if strings.Contains(scr, "moves (10)") {
		t.Errorf("turning auto-chance off dealt:\n%s", scr)
	}
}

// rowsOf returns the lines of text that contain want, joined.
func rowsOf(text, want string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, want) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// compare-view on cribbage against a house rule: d deals the whole deal
// once, the same ten cards in both games.
func TestCompareDealsTheWholeDeal(t *testing.T) {
	house := filepath.Join(t.TempDir(), "house.toml")
	if err := os.WriteFile(house, []byte("extends = \"traditional/cribbage\"\nname = \"house/cribbage\"\n[params]\ntarget = 121\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, tm := startCompare(t, "traditional/cribbage", house, true)
	if scr := tm.text(); strings.Contains(scr, "pass to") {
		t.Errorf("a curtain before anything is dealt:\n%s", scr)
	}
	tm.runes("d")
	tm.waitUntil("both games dealt", func(string) bool {
		n := 0
		tm.sync(func() { n = len(c.cmp.A.Lines()) })
		return n == 10
	})
	tm.sync(func() {
		a, b := c.cmp.A.Lines(), c.cmp.B.Lines()
		if strings.Join(a, " ") != strings.Join(b, " ") || c.cmp.A.Game.AtChance(c.cmp.A.State()) {
			t.Errorf("A dealt %v, B %v; want the same ten cards and the deal over", a, b)
		}
	})
}

// On a card table the moves name no cell: enter lists them all (the ten
// discards of five cards, two at a time), and a number plays one.
func TestCardTableEnterListsTheMoves(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "traditional/cribbage", Seats: []string{"South=random"}, Seed: 2})
	tm.sync(func() { a.paused = true })
	tm.waitFor("moves (0)")
	tm.runes("d")
	tm.waitFor("moves (10)")
	tm.key(tcell.KeyEscape) // clears the message: the hints show
	scr := tm.waitFor("enter select")
	if st := statusLine(scr); !strings.Contains(st, "enter select") {
		t.Errorf("the status line does not offer enter on a card table: %q", st)
	}
	tm.key(tcell.KeyEnter)
	scr = tm.waitFor("which move?")
	var legal []string
	tm.sync(func() {
		for _, m := range a.sess.Legal() {
			legal = append(legal, a.sess.Format(m))
		}
	})
	if len(legal) != 10 {
		t.Fatalf("%d discards, want 10 (two of five cards): %v", len(legal), legal)
	}
	for _, m := range legal {
		if !strings.Contains(scr, m) {
			t.Errorf("the list lacks %s:\n%s", m, scr)
		}
	}
	tm.runes("1")
	tm.waitFor("11. " + legal[0])
}

// auto-chance in pass-and-play: before the deal no curtain stands (no
// hand would show); the engine deals the whole deal, then a curtain stands
// before North's view, which shows only his own cards.
func TestAutoChanceBehindTheCurtain(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "traditional/cribbage", Seed: 11})
	if scr := tm.waitFor("deal: enter/d plays it,"); strings.Contains(scr, "pass to") {
		t.Errorf("a curtain before anything is dealt:\n%s", scr)
	}
	tm.sync(func() { a.autoChance = true; a.maybeAI() })
	tm.tv.QueueUpdateDraw(func() {}) // a change made in sync is drawn at the next draw
	scr := tm.waitFor("pass to North — press a key")
	tm.sync(func() {
		if n := len(a.sess.Lines()); n != 10 {
			t.Errorf("the engine dealt %d cards before the curtain, want the whole deal (10)", n)
		}
	})
	if !strings.Contains(scr, "deal: 10 outcomes played by the engine") {
		t.Errorf("the message does not say the engine dealt:\n%s", scr)
	}
	tm.key(tcell.KeyEnter)
	scr = tm.waitFor("moves (10)")
	var lines []string
	tm.sync(func() { lines = a.sess.Lines() })
	for i, l := range lines {
		if card := strings.TrimPrefix(l, "deal="); i%2 == 1 && strings.Contains(scr, card) {
			t.Errorf("South's %s shows on North's screen:\n%s", card, scr)
		}
	}
	tm.waitGone("pass to North")
}
