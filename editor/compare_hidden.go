package editor

// Chance and hidden information in compare-view: the auto-chance key (the
// same outcome played in both games, as d does), whose view the two games
// show, and the curtain of pass-and-play, as on the play screen.

import (
	"fmt"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"rulesmith/core"
)

// followMover is CompareApp.viewSeat when the games are shown from the
// view of the seat to move (pass-and-play: a curtain between seats).
const followMover = -3

// hidden reports whether either game hides something from some seat.
func (c *CompareApp) hidden() bool {
	return c.cmp.A.Game.HasHidden() || c.cmp.B.Game.HasHidden()
}

// viewer returns the seat whose view both games show: everything
// (core.AllSeats) when neither variant hides anything or :view all was
// asked for; the seat chosen with --view or :view SEAT; otherwise the
// seat that last took the screen (pass-and-play), and nobody's (-1: what
// every seat sees) while the curtain is up.
func (c *CompareApp) viewer() int {
	switch {
	case !c.hidden():
		return core.AllSeats
	case c.viewSeat != followMover:
		return c.viewSeat
	case c.curtain:
		return -1
	}
	return c.shownSeat
}

// parseView reads the seat a :view command or --view names: "" follows
// the seat to move, "all" shows everything, else a seat's name or title
// in any case.
func parseView(g *core.Game, text string) (int, error) {
	text = strings.TrimSpace(text)
	switch strings.ToLower(text) {
	case "", "mover", "to-move":
		return followMover, nil
	case "all":
		return core.AllSeats, nil
	}
	for i, s := range g.Seats() {
		if strings.EqualFold(s, text) || strings.EqualFold(g.SeatTitle(i), text) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("view %q: no such seat (seats: %s; all; or nothing for the seat to move)", text, strings.Join(g.Seats(), ", "))
}

// setView applies :view TEXT.
func (c *CompareApp) setView(text string) error {
	v, err := parseView(c.cmp.A.Game, text)
	if err != nil {
		return err
	}
	c.viewSeat = v
	switch v {
	case followMover:
		c.shownSeat = -1 // the seat to move takes the screen behind a curtain
		c.msg = "the view follows the seat to move (pass and play)"
	case core.AllSeats:
		c.msg = "every hidden piece shows"
	default:
		c.msg = "the view of " + c.cmp.A.Game.SeatTitle(v)
	}
	return nil
}

// markText is the text of move mark i as the viewer may see it: a deal
// to a hand the viewer may not see reads "(hidden)".
func (c *CompareApp) markText(i int) string {
	m := c.cmp.Marks[i]
	side := c.cmp.A
	if !m.InA {
		side = c.cmp.B
	}
	n := 0 // the event of this mark in that game
	for _, o := range c.cmp.Marks[:i] {
		if (m.InA && o.InA) || (!m.InA && o.InB) {
			n++
		}
	}
	if ev := side.Events(); n < len(ev) {
		return ev[n].TextFor(c.viewer())
	}
	return m.Text
}

// checkCurtain raises the curtain of pass-and-play when the view follows
// the seat to move, the turn has come to another seat than the one the
// screen shows and that seat holds, in either game, something another may
// not see: the games then show only what every seat sees until a key is
// pressed. A seat with nothing hidden (before the deal) takes the screen
// without a curtain, which then shows what every seat sees.
func (c *CompareApp) checkCurtain() {
	g, s := c.cmp.A.Game, c.cmp.A.State()
	if c.curtain || !c.hidden() || c.viewSeat != followMover || g.Result(s).Over || c.cmp.OutOfStep() {
		return
	}
	seat := s.ToMove()
	if seat == c.shownSeat {
		return
	}
	if !hasSecrets(g, s, seat) && !hasSecrets(c.cmp.B.Game, c.cmp.B.State(), seat) {
		c.shownSeat = -1
		return
	}
	c.curtain, c.curtainSeat = true, seat
	text := fmt.Sprintf("pass to %s — press a key", g.SeatTitle(seat))
	view := tview.NewTextView().SetText(text).SetTextAlign(tview.AlignCenter)
	view.SetBorder(true).SetTitle(" pass and play ")
	if c.mono {
		monochrome(view)
	}
	view.SetInputCapture(func(*tcell.EventKey) *tcell.EventKey {
		c.lowerCurtain()
		return nil
	})
	c.pages.AddPage("curtain", centered(view, len([]rune(text))+4, 3), true, true)
}

// lowerCurtain gives the screen to the seat the curtain waited for.
func (c *CompareApp) lowerCurtain() {
	c.curtain = false
	c.shownSeat = c.curtainSeat
	c.pages.RemovePage("curtain")
	c.tv.SetFocus(c.info)
	c.autoRoll()
	c.refresh()
}

// autoRoll plays the pending chance outcomes, the same in both games,
// while the engine plays chance (the auto-chance key) and both games wait
// for one; it stops at a decision, when the games fall out of step, on an
// error, while the curtain is up, and after an undo (which would
// otherwise deal again at once what was just taken back). The curtain is
// looked at between runs (a whole deal is one run, as d plays it), so a
// deal is not cut short by the curtain its first card calls for.
func (c *CompareApp) autoRoll() {
	run := runOf(c.cmp.A.State())
	for n := 0; n < maxRun && c.autoChance && !c.holdChance && !c.curtain && c.cmp.AtChance(); n++ {
		if _, err := c.cmp.Roll(c.dice); err != nil {
			c.errMsg = err.Error()
			return
		}
		if s := c.cmp.A.State(); !c.cmp.A.Game.AtChance(s) || runOf(s) != run {
			c.checkCurtain()
			run = runOf(s)
		}
	}
}
