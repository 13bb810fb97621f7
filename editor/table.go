package editor

// The card table: a variant whose board is trivial (one cell or none) and
// whose pieces live in zones has its zones drawn in the board pane by the
// board widget (boardview.IsCardTable); the screen says whose view it is.

// tableSeats returns whose view the card table shows and whose zones it
// draws at the bottom: the viewer (the same view as the side panel, so
// nothing hidden shows, and while the curtain of pass-and-play is up, no
// hand), and at the bottom the viewer, else the first human seat, else
// the first seat.
func (a *App) tableSeats() (viewer, bottom int) {
	viewer = a.viewer()
	bottom = viewer
	if bottom < 0 {
		bottom = 0
		if hs := a.humans(); len(hs) > 0 {
			bottom = hs[0]
		}
	}
	return viewer, bottom
}
