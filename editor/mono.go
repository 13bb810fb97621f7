package editor

import (
	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// monochrome strips tview widgets of tview's default colours (white on
// black, a blue input field) for the monochrome mode: text, borders,
// titles and backgrounds take the terminal's defaults, and selections are
// drawn in reverse video.
func monochrome(ps ...tview.Primitive) {
	st := tcell.StyleDefault
	for _, p := range ps {
		switch w := p.(type) {
		case *tview.TextView:
			w.SetTextStyle(st)
		case *tview.InputField:
			// the field's text area has a background of its own
			w.SetFormAttributes(0, tcell.ColorDefault, tcell.ColorDefault, tcell.ColorDefault, tcell.ColorDefault)
			w.SetLabelStyle(st).SetFieldStyle(st.Underline(true)).SetPlaceholderStyle(st)
		case *tview.List:
			w.SetMainTextStyle(st).SetSecondaryTextStyle(st).SetShortcutStyle(st.Bold(true)).SetSelectedStyle(st.Reverse(true))
		case *tview.TextArea:
			w.SetTextStyle(st).SetSelectedStyle(st.Reverse(true)).SetPlaceholderStyle(st)
		}
		if b, ok := p.(interface {
			SetBackgroundColor(tcell.Color) *tview.Box
			SetBorderStyle(tcell.Style) *tview.Box
			SetTitleColor(tcell.Color) *tview.Box
		}); ok {
			b.SetBackgroundColor(tcell.ColorDefault)
			b.SetBorderStyle(st)
			b.SetTitleColor(tcell.ColorDefault)
		}
	}
}

// mono applies monochrome to widgets in the monochrome mode.
func (a *App) mono(ps ...tview.Primitive) {
	if a.opts.Mono {
		monochrome(ps...)
	}
}
