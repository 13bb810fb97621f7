package editor

// Hidden information on the play screen: whose view the screen shows, the
// zones as that seat sees them, and the curtain of pass-and-play.

import (
	"fmt"
	"strings"

	"github.com/rivo/tview"

	"rulesmith/core"
)

// humans returns the seats no agent plays.
func (a *App) humans() []int {
	var out []int
	for i, ag := range a.agents {
		if ag == nil {
			out = append(out, i)
		}
	}
	return out
}

// viewer returns the seat whose view the screen shows: everything
// (core.AllSeats) when the variant hides nothing; otherwise the only human
// seat, or in pass-and-play (two or more human seats) the human seat that
// last took the screen, and nobody's (-1: what every seat sees) while the
// curtain is up or when agents play every seat. An agent's hidden zones
// are never shown.
func (a *App) viewer() int {
	if !a.sess.Game.HasHidden() {
		return core.AllSeats
	}
	if a.curtain {
		return -1
	}
	hs := a.humans()
	switch len(hs) {
	case 0:
		return -1
	case 1:
		return hs[0]
	}
	return a.shownSeat
}

// lastText is the last record line as the viewer may see it, with what it
// did ("deal=5H" to another seat's hidden hand reads "(hidden)").
func (a *App) lastText() string {
	ev, ok := a.sess.LastEvent()
	if !ok || !ev.IsMove || !a.sess.Game.HasHidden() {
		return a.sess.Last
	}
	if t := ev.TextFor(a.viewer()); t != ev.Text {
		return strings.Replace(a.sess.Last, ev.Text, t, 1)
	}
	return a.sess.Last
}

// zoneText lists what viewer sees of seat's instance of zone z: each
// kind's glyph, with its count when more than one, "?×N" for N pieces it
// may not see, or "-".
func zoneText(g *core.Game, s *core.State, z, seat, viewer int) string {
	n := s.ZoneSize(z, seat)
	if n == 0 {
		return "-"
	}
	if viewer != core.AllSeats && !g.ZoneVisible(s, z, seat, viewer) {
		return fmt.Sprintf("?×%d", n)
	}
	if g.ZoneOrdered(z) {
		var parts []string
		for i := 0; i < s.PileLen(z, seat); i++ {
			k, _ := s.PileAt(z, seat, i)
			parts = append(parts, glyphOf(g.Kind(k)))
		}
		return strings.Join(parts, " ")
	}
	var parts []string
	for k, kind := range g.Kinds() {
		c := s.ZoneCount(z, seat, k)
		if c <= 0 {
			continue
		}
		gl := glyphOf(kind)
		if c > 1 {
			gl += fmt.Sprintf("×%d", c)
		}
		parts = append(parts, gl)
	}
	return strings.Join(parts, " ")
}

func glyphOf(k core.PieceKind) string {
	if k.BoardGlyph != "" {
		return k.BoardGlyph
	}
	return k.Glyph
}

// zoneLines are the side panel's lines for the zones other than the hand
// (the hands are on the seats' lines): "deck ?×3", "pile A B".
func (a *App) zoneLines() []string {
	g := a.sess.Game
	s := a.sess.State()
	v := a.viewer()
	var out []string
	for z, name := range g.Zones() {
		if z == 0 {
			continue
		}
		if !g.ZonePerSeat(z) {
			out = append(out, name+" "+zoneText(g, s, z, 0, v))
			continue
		}
		for seat := range g.Seats() {
			out = append(out, name+" "+g.SeatTitle(seat)+" "+zoneText(g, s, z, seat, v))
		}
	}
	return out
}

// hasSecrets reports whether seat sees pieces in s that another seat may
// not: a pass-and-play screen showing seat's view would show them.
func hasSecrets(g *core.Game, s *core.State, seat int) bool {
	for z := range g.Zones() {
		insts := 1
		if g.ZonePerSeat(z) {
			insts = g.NumSeats()
		}
		for inst := 0; inst < insts; inst++ {
			if s.ZoneSize(z, inst) == 0 || !g.ZoneVisible(s, z, inst, seat) {
				continue
			}
			for o := 0; o < g.NumSeats(); o++ {
				if o != seat && !g.ZoneVisible(s, z, inst, o) {
					return true
				}
			}
		}
	}
	return false
}

// checkCurtain raises the curtain of pass-and-play when the turn has come
// to a human seat other than the one whose view the screen shows and that
// seat holds something another may not see (its hand once dealt): the
// screen then shows only what every seat sees until a key is pressed. A
// seat with nothing hidden (before the deal) takes the screen without a
// curtain, which then shows what every seat sees.
func (a *App) checkCurtain() {
	g := a.sess.Game
	s := a.sess.State()
	if a.curtain || !g.HasHidden() || len(a.humans()) < 2 || g.Result(s).Over {
		return
	}
	seat := s.ToMove()
	if a.agents[seat] != nil || seat == a.shownSeat {
		return
	}
	if !hasSecrets(g, s, seat) {
		a.shownSeat = -1
		return
	}
	a.curtain = true
	text := fmt.Sprintf("pass to %s — press a key", g.SeatTitle(seat))
	view := tview.NewTextView().SetText(text).SetTextAlign(tview.AlignCenter)
	view.SetBorder(true).SetTitle(" pass and play ")
	a.mono(view)
	a.curtainSeat = seat
	a.pages.AddPage("curtain", centered(view, len([]rune(text))+4, 3), true, true)
}

// lowerCurtain gives the screen to the seat the curtain waited for (any
// key does it: App.onKey).
func (a *App) lowerCurtain() {
	a.curtain = false
	a.shownSeat = a.curtainSeat
	a.pages.RemovePage("curtain")
	a.tv.SetFocus(a.board)
	a.refresh()
	a.maybeAI()
}
