package boardview

import "github.com/gdamore/tcell/v2"

// TableRow is one row of a card table: its text and the seat whose colour
// it takes (-1 for a row of no seat).
type TableRow struct {
	Text string
	Seat int
}

// SetTable makes the view draw a card table in place of the board: rows
// returns the rows for an inner size of w×h (the first at the top). A nil
// rows draws the board again. The cursor, selection and clicks still
// address the board's cells.
func (v *View) SetTable(rows func(w, h int) []TableRow) { v.table = rows }

// drawTable draws the rows of the card table in the inner rectangle,
// clipped to it, one column in from its left.
func (v *View) drawTable(screen tcell.Screen, x, y, w, h int) {
	for i, r := range v.table(w, h) {
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
