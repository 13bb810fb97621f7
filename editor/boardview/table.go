package boardview

// The card table: a variant whose board is trivial (one cell or none) and
// whose pieces live in zones is drawn as its zones, one labelled row each,
// as one seat sees them.

import (
	"fmt"
	"strings"

	"github.com/gdamore/tcell/v2"

	"rulesmith/core"
)

// CardBack is how the table draws a piece its viewer may not see.
const CardBack = "▒▒"

// TableRow is one row of a card table: its text and the seat whose colour
// it takes (-1 for a row of no seat).
type TableRow struct {
	Text string
	Seat int
}

// IsCardTable reports whether the view draws g as a card table: its board
// has at most one cell and it declares zones.
func IsCardTable(g *core.Game) bool {
	return g != nil && g.Board().N() <= 1 && len(g.Zones()) > 0
}

// SetViewer sets whose view a card table shows: viewer is the seat whose
// hidden zones it may show (core.AllSeats: everything; -1, the default:
// only what every seat sees), bottom the seat whose zones are drawn on the
// last rows (the viewer's own side of the table). Boards are not affected.
func (v *View) SetViewer(viewer, bottom int) { v.viewer, v.bottom = viewer, bottom }

// TableCards is what viewer sees of seat's instance of zone z on the
// table: the pieces' glyphs (in order for an ordered zone), a back for each
// hidden piece, or a back and the count when more than a few are hidden;
// "-" for none.
func TableCards(g *core.Game, s *core.State, z, seat, viewer int) string {
	n := s.ZoneSize(z, seat)
	if n == 0 {
		return "-"
	}
	if viewer != core.AllSeats && !g.ZoneVisible(s, z, seat, viewer) {
		if n > 6 {
			return fmt.Sprintf("%s ×%d", CardBack, n)
		}
		return strings.TrimSpace(strings.Repeat(CardBack+" ", n))
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

// TableRows lays the zones of s out for h rows: bottom's own zones on the
// last rows, the other seats' zones on the first rows, the shared zones in
// the middle. Each row is a zone's name (with its seat's for a zone per
// seat) and its pieces as viewer may see them (TableCards).
func TableRows(g *core.Game, s *core.State, viewer, bottom, h int) []TableRow {
	if bottom < 0 || bottom >= g.NumSeats() {
		bottom = 0
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
	row := func(z, seat int) TableRow {
		l := label(z, seat)
		text := l + strings.Repeat(" ", width-len([]rune(l))) + "  " + TableCards(g, s, z, seat, viewer)
		if !g.ZonePerSeat(z) {
			return TableRow{Text: text, Seat: -1}
		}
		return TableRow{Text: text, Seat: seat}
	}
	var top, middle, own []TableRow
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
	out := make([]TableRow, h)
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

// drawTable draws the rows of the card table in the inner rectangle,
// clipped to it, one column in from its left.
func (v *View) drawTable(screen tcell.Screen, x, y, w, h int) {
	for i, r := range TableRows(v.game, v.state, v.viewer, v.bottom, h) {
		if i >= h {
			return
		}
		st := v.labelStyle()
		if r.Seat >= 0 && !v.mono {
			st = v.baseStyle().Foreground(v.seatColor(r.Seat))
		}
		px := x + 1
		for _, c := range r.Text {
			if px >= x+w {
				break
			}
			screen.SetContent(px, y+i, c, nil, st)
			px++
		}
	}
}
