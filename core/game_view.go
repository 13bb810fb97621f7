package core

import (
	"slices"

	"rulesmith/core/board"
)

// The read-only view of a Game: what a variant declares, through methods
// that return copies (a caller may change what it gets without changing
// the game, which other goroutines share).

// Name returns the variant's name ("strix/standard").
func (g *Game) Name() string { return g.name }

// Title returns the variant's title, or "".
func (g *Game) Title() string { return g.title }

// Family returns the variant's family, or "".
func (g *Game) Family() string { return g.family }

// Seats returns the seat names in turn order (a copy).
func (g *Game) Seats() []string { return slices.Clone(g.seats) }

// NumSeats returns the number of seats.
func (g *Game) NumSeats() int { return len(g.seats) }

// Seat returns the name of seat i.
func (g *Game) Seat(i int) string { return g.seats[i] }

// Params returns the parameters with their values after --set (a copy).
func (g *Game) Params() []Param { return slices.Clone(g.params) }

// Board returns the board. Boards are immutable once built and shared
// (between games compiled from the same [board] table too): read only.
func (g *Game) Board() *board.Board { return g.board }

// Kinds returns the piece kinds in declaration order (copies).
func (g *Game) Kinds() []PieceKind {
	out := make([]PieceKind, len(g.kinds))
	for i := range g.kinds {
		out[i] = g.Kind(i)
	}
	return out
}

// NumKinds returns the number of piece kinds.
func (g *Game) NumKinds() int { return len(g.kinds) }

// Kind returns piece kind i (a copy).
func (g *Game) Kind(i int) PieceKind {
	k := g.kinds[i]
	k.Flags = slices.Clone(k.Flags)
	return k
}

// PieceVarNames returns the names of the [piece_state] variables in the
// order State.PieceVar numbers them (a copy; empty when none).
func (g *Game) PieceVarNames() []string {
	out := make([]string, len(g.pieceVars))
	for i, v := range g.pieceVars {
		out[i] = v.name
	}
	return out
}

// Phases returns the phase names in declaration order (one implicit phase
// "play" when the file declares none; a copy).
func (g *Game) Phases() []string { return slices.Clone(g.phaseNames) }

// Foul returns the variant's foul ([fouls]; a copy), or nil when it
// declares none.
func (g *Game) Foul() *FoulSpec {
	if g.foul == nil {
		return nil
	}
	f := *g.foul
	f.Callers = slices.Clone(f.Callers)
	return &f
}

// SeatColors returns the colour names per seat ([players] colors; a copy),
// or nil.
func (g *Game) SeatColors() []string { return slices.Clone(g.seatColors) }

// SeatTitles returns the display names per seat ([players] titles; a
// copy), or nil. SeatTitle gives one seat's title or, without titles, its
// name.
func (g *Game) SeatTitles() []string { return slices.Clone(g.seatTitles) }

// Display returns the drawing hints ([display]; a copy).
func (g *Game) Display() Display {
	d := g.display
	d.Marks = slices.Clone(d.Marks)
	d.Crosses = slices.Clone(d.Crosses)
	d.GapAfterRows = slices.Clone(d.GapAfterRows)
	d.SeatMarks = slices.Clone(d.SeatMarks)
	return d
}

// SeatMark returns the mark drawn after the glyph of each piece of seat on
// text boards ("" for none; [display] seat_marks): seats whose pieces
// share glyphs then differ without colour.
func (g *Game) SeatMark(seat int) string {
	if seat >= 0 && seat < len(g.display.SeatMarks) {
		return g.display.SeatMarks[seat]
	}
	return ""
}

// PieceText returns how text boards draw a piece of kind k: its board
// glyph and its owner's seat mark.
func (g *Game) PieceText(k PieceKind) string {
	return k.BoardGlyph + g.SeatMark(k.Owner)
}
