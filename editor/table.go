package editor

// The card table: a variant whose board is trivial (one cell or none) and
// whose pieces live in zones has its zones drawn in the board pane.

import (
	"fmt"
	"strings"

	"rulesmith/core"
	"rulesmith/editor/boardview"
)

// cardBack is how a piece the viewer may not see is drawn on the table.
const cardBack = "▒▒"

// isCardTable reports whether g is drawn as a card table: its board has at
// most one cell and it declares zones.
func isCardTable(g *core.Game) bool {
	return g.Board().N() <= 1 && len(g.Zones()) > 0
}

// tableCards is what viewer sees of seat's instance of zone z on the
// table: the pieces' glyphs (in order for an ordered zone), a back for each
// hidden piece, or a back and the count when more than a few are hidden;
// "-" for none.
func tableCards(g *core.Game, s *core.State, z, seat, viewer int) string {
	n := s.ZoneSize(z, seat)
	if n == 0 {
		return "-"
	}
	if viewer != core.AllSeats && !g.ZoneVisible(s, z, seat, viewer) {
		if n > 6 {
			return fmt.Sprintf("%s ×%d", cardBack, n)
		}
		return strings.TrimSpace(strings.Repeat(cardBack+" ", n))
	}
	var parts []string
	if g.ZoneOrdered(z) {
		for i := 0; i < s.PileLen(z, seat); i++ {
			k, _ := s.PileAt(z, seat, i)
			parts = append(parts, glyphOf(g.Kind(k)))
		}
		return strings.Join(parts, " ")
	}
	for k, kind := range g.Kinds() {
		c := s.ZoneCount(z, seat, k)
		switch {
		case c <= 0:
		case c <= 3:
			for range c {
				parts = append(parts, glyphOf(kind))
			}
		default:
			parts = append(parts, fmt.Sprintf("%s×%d", glyphOf(kind), c))
		}
	}
	return strings.Join(parts, " ")
}

// tableRows lays the zones out for an inner size of w×h: the seat at the
// bottom (the viewer, else the first human seat, else the first seat) has
// its own zones on the last rows, the other seats theirs on the first rows,
// the shared zones in the middle. Each row is a zone's name (with its
// seat's for a zone per seat) and its pieces as the viewer may see them
// (the same view as the side panel: nothing hidden shows, and while the
// curtain of pass-and-play is up, no hand).
func (a *App) tableRows(w, h int) []boardview.TableRow {
	g := a.sess.Game
	s := a.sess.State()
	if a.in.Preview != nil {
		s = a.in.Preview[a.in.PreviewAt]
	}
	viewer := a.viewer()
	bottom := viewer
	if bottom < 0 {
		bottom = 0
		if hs := a.humans(); len(hs) > 0 {
			bottom = hs[0]
		}
	}
	label := func(z, seat int) string {
		if g.ZonePerSeat(z) {
			return g.SeatTitle(seat) + " " + g.Zones()[z]
		}
		return g.Zones()[z]
	}
	width := 0
	for z := range g.Zones() {
		for seat := range g.Seats() {
			width = max(width, len([]rune(label(z, seat))))
		}
	}
	row := func(z, seat int) boardview.TableRow {
		l := label(z, seat)
		text := l + strings.Repeat(" ", width-len([]rune(l))) + "  " + tableCards(g, s, z, seat, viewer)
		if !g.ZonePerSeat(z) {
			return boardview.TableRow{Text: text, Seat: -1}
		}
		return boardview.TableRow{Text: text, Seat: seat}
	}
	var top, middle, own []boardview.TableRow
	for seat := range g.Seats() {
		if seat == bottom {
			continue
		}
		for z := range g.Zones() {
			if g.ZonePerSeat(z) {
				top = append(top, row(z, seat))
			}
		}
	}
	for z := range g.Zones() {
		if g.ZonePerSeat(z) {
			own = append(own, row(z, bottom))
		} else {
			middle = append(middle, row(z, 0))
		}
	}
	n := len(top) + len(middle) + len(own)
	if h < n+4 {
		// no room for gaps: the rows one after the other
		return append(append(top, middle...), own...)
	}
	out := make([]boardview.TableRow, h)
	for i := range out {
		out[i].Seat = -1
	}
	copy(out[1:], top)
	// the middle centred, between the top's rows and the bottom's
	mid := min(max(1+len(top)+1, (h-len(middle))/2), h-1-len(own)-1-len(middle))
	copy(out[mid:], middle)
	copy(out[h-1-len(own):], own)
	return out
}
