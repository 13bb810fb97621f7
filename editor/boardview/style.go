package boardview

import (
	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// Backgrounds and greys of the colour mode (256-colour palette; tcell maps
// them down on smaller terminals).
var (
	darkBg     = tcell.PaletteColor(238)
	markBg     = tcell.PaletteColor(53)
	lastBg     = tcell.PaletteColor(58)
	targetBg   = tcell.PaletteColor(22)
	selectedBg = tcell.PaletteColor(25)
	dimFg      = tcell.PaletteColor(244)
	labelFg    = tcell.PaletteColor(250)
	neutralFg  = tcell.ColorRed
)

// defaultPalette colours the seats of a variant without [players] colors.
var defaultPalette = []tcell.Color{
	tcell.ColorWhite, tcell.ColorAqua, tcell.ColorLime, tcell.ColorFuchsia,
	tcell.ColorOrange, tcell.ColorYellow, tcell.ColorTeal, tcell.ColorSilver,
}

// Glyphs of empty cells.
const (
	glyphEmpty    = "·"
	glyphDarkMono = ":"
	glyphTarget   = "•"
	glyphPath     = "○" // a landing of a chain being built
	glyphLast     = "◦" // where the last move started, in monochrome
	glyphMark     = "◆"
	glyphShade    = "░"
	glyphFromMono = "∘"
)

// seatColor returns the colour of a seat: its [players] colors entry when
// tcell knows the name, else the default palette's.
func (v *View) seatColor(seat int) tcell.Color {
	if seat < 0 {
		return neutralFg
	}
	if v.game != nil && seat < len(v.game.SeatColors()) {
		if c := tcell.GetColor(v.game.SeatColors()[seat]); c != tcell.ColorDefault {
			return c
		}
	}
	return defaultPalette[seat%len(defaultPalette)]
}

// baseStyle is the style of the widget's background.
func (v *View) baseStyle() tcell.Style {
	if v.mono {
		return tcell.StyleDefault
	}
	return tcell.StyleDefault.Background(v.GetBackgroundColor()).Foreground(tview.Styles.PrimaryTextColor)
}

// labelStyle is the style of coordinates, face names and the caption.
func (v *View) labelStyle() tcell.Style {
	if v.mono {
		return tcell.StyleDefault
	}
	return v.baseStyle().Foreground(labelFg)
}
