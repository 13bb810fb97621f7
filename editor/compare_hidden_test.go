package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulesmith/variants"
)

// startCompareWith builds the compare view with opts (the screen and the
// variants' FS filled in) and runs it.
func startCompareWith(t *testing.T, opts CompareOptions) (*CompareApp, *term) {
	t.Helper()
	scr := newScreen(t)
	opts.Screen = scr
	opts.A.FS, opts.B.FS = variants.FS(), variants.FS()
	c, err := NewCompare(opts)
	if err != nil {
		t.Fatal(err)
	}
	tm := run(t, scr, c.Application(), c.Run)
	tm.waitFor("rule differences")
	return c, tm
}

// houseCribbage writes a house rule extending cribbage (to 121).
func houseCribbage(t *testing.T) string {
	t.Helper()
	house := filepath.Join(t.TempDir(), "house.toml")
	if err := os.WriteFile(house, []byte("extends = \"traditional/cribbage\"\nname = \"house/cribbage\"\n[params]\ntarget = 121\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return house
}

// compare-view hides what a seat may not see, as play does with two
// people: a curtain stands before each seat's turn once that seat holds
// something hidden (none before the deal) and the games then show that
// seat's view (its own hand, the other's as backs; a deal to the other's
// hand reads "(hidden)"); c lets the engine deal, the whole deal before the
// curtain, the same cards in both games, and an undo does not deal again
// at once.
func TestCompareHiddenAndAutoChance(t *testing.T) {
	c, tm := startCompareWith(t, CompareOptions{A: Options{Variant: "traditional/cribbage"}, B: Options{Variant: houseCribbage(t)}, Seed: 4, Mono: true})
	if scr := tm.text(); strings.Contains(scr, "pass to") {
		t.Errorf("a curtain before anything is dealt:\n%s", scr)
	}
	tm.runes("c")
	tm.waitFor("pass to North — press a key")
	var a, b []string
	tm.sync(func() { a, b = c.cmp.A.Lines(), c.cmp.B.Lines() })
	if len(a) != 10 || len(b) != 10 {
		t.Fatalf("before the curtain A dealt %v, B %v: want the whole deal", a, b)
	}
	tm.runes("x") // any key gives the screen to North
	tm.waitGone("pass to North")
	tm.waitFor("auto-chance (c turns it off)")
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Fatalf("A dealt %v, B %v: want the same cards", a, b)
	}
	// the first card goes to North (the non-dealer), the next to South
	north, south := cardsOf(a, 0), cardsOf(a, 1)
	scr := tm.waitFor("as North sees the games")
	for _, card := range north {
		if !strings.Contains(scr, card) {
			t.Errorf("North's %s does not show on North's view:\n%s", card, scr)
		}
	}
	for _, card := range south {
		if strings.Contains(scr, card) {
			t.Errorf("South's %s shows on North's view:\n%s", card, scr)
		}
	}
	if !strings.Contains(scr, "move 10 (hidden): the two games agree") {
		t.Errorf("the last deal, to South, is not hidden from North:\n%s", scr)
	}
	// u takes the last card back; auto-chance does not deal it again
	tm.runes("u")
	tm.waitFor("move 9 ")
	tm.sync(func() {
		if n := len(c.cmp.A.Lines()); n != 9 {
			t.Errorf("after an undo A has %d lines, want 9 (no new deal)", n)
		}
	})
	tm.runes("d") // a card again, by hand
	tm.waitFor("move 10 ")
	tm.sync(func() { a = c.cmp.A.Lines() })
	south = cardsOf(a, 1)
	// North discards two: the turn passes to South behind the curtain
	var discard string
	tm.sync(func() { discard = c.cmp.A.Format(c.cmp.A.Legal()[0]) })
	tm.typeMove(discard)
	tm.waitFor("pass to South — press a key")
	tm.runes("x")
	scr = tm.waitFor("as South sees the games")
	for _, card := range south {
		if !strings.Contains(scr, card) {
			t.Errorf("South's %s does not show on South's view:\n%s", card, scr)
		}
	}
	for _, card := range north {
		if strings.Contains(scr, card) {
			t.Errorf("North's %s shows on South's view:\n%s", card, scr)
		}
	}
}

// --view SEAT (or :view SEAT) fixes the view: no curtain; :view all shows
// every card.
func TestCompareChosenView(t *testing.T) {
	c, tm := startCompareWith(t, CompareOptions{A: Options{Variant: "traditional/cribbage"}, B: Options{Variant: houseCribbage(t)}, View: "south", Seed: 4, Mono: true})
	tm.runes("d")
	var a []string
	tm.waitUntil("dealt", func(string) bool {
		tm.sync(func() { a = c.cmp.A.Lines() })
		return len(a) == 10
	})
	scr := tm.waitFor("as South sees the games")
	if strings.Contains(scr, "pass to") {
		t.Errorf("a curtain with a chosen view:\n%s", scr)
	}
	for _, card := range cardsOf(a, 0) {
		if strings.Contains(scr, card) {
			t.Errorf("North's %s shows on South's view:\n%s", card, scr)
		}
	}
	tm.typeMove("view all")
	scr = tm.waitFor("showing every hidden piece")
	for _, card := range cardsOf(a, 0) {
		if !strings.Contains(scr, card) {
			t.Errorf(":view all does not show North's %s:\n%s", card, scr)
		}
	}
	tm.typeMove("view nobody")
	tm.waitFor(`view "nobody": no such seat`)
	if _, err := NewCompare(CompareOptions{A: Options{Variant: "traditional/cribbage", FS: variants.FS()}, B: Options{Variant: "traditional/cribbage", FS: variants.FS()}, View: "east", Screen: newScreen(t)}); err == nil || !strings.Contains(err.Error(), "no such seat") {
		t.Errorf("--view east: %v", err)
	}
}

// cardsOf returns the cards of deal lines first, first+2, … (one seat's
// cards of an alternating deal).
func cardsOf(lines []string, first int) []string {
	var out []string
	for i := first; i < len(lines); i += 2 {
		out = append(out, strings.TrimPrefix(lines[i], "deal="))
	}
	return out
}
