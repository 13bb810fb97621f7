package editor

import (
	"strconv"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// numbered frames the rules pane: a box with the border and title, line
// numbers in a gutter, and the text area (which has the focus) beside
// them. The text area does not wrap, so each row is one line of the file.
type numbered struct {
	*tview.Box
	area *tview.TextArea
	mono bool
}

func newNumbered(area *tview.TextArea) *numbered {
	return &numbered{Box: tview.NewBox(), area: area}
}

// gutter returns the gutter's width for the area's text: the digits of the
// last line number and a space.
func (n *numbered) gutter() int {
	lines := 1
	for _, r := range n.area.GetText() {
		if r == '\n' {
			lines++
		}
	}
	return len(strconv.Itoa(lines)) + 1
}

// Draw draws the frame, the numbers of the rows shown, and the text.
func (n *numbered) Draw(screen tcell.Screen) {
	n.DrawForSubclass(screen, n)
	x, y, w, h := n.GetInnerRect()
	g := min(n.gutter(), max(0, w-1))
	n.area.SetRect(x+g, y, w-g, h)
	n.area.Draw(screen)
	row, _ := n.area.GetOffset()
	total := 1
	for _, r := range n.area.GetText() {
		if r == '\n' {
			total++
		}
	}
	style := tcell.StyleDefault
	if !n.mono {
		style = style.Foreground(tcell.ColorGray)
	}
	for i := 0; i < h && row+i < total; i++ {
		num := strconv.Itoa(row + i + 1)
		for j, r := range num {
			if px := x + g - 1 - len(num) + j; px >= x {
				screen.SetContent(px, y+i, r, nil, style)
			}
		}
	}
}

// Focus gives the focus to the text area.
func (n *numbered) Focus(delegate func(p tview.Primitive)) { delegate(n.area) }

// HasFocus reports whether the text area has the focus.
func (n *numbered) HasFocus() bool { return n.area.HasFocus() }

// InputHandler passes keys to the text area.
func (n *numbered) InputHandler() func(*tcell.EventKey, func(tview.Primitive)) {
	return n.area.InputHandler()
}

// MouseHandler passes the mouse to the text area (the gutter does nothing).
func (n *numbered) MouseHandler() func(tview.MouseAction, *tcell.EventMouse, func(tview.Primitive)) (bool, tview.Primitive) {
	return n.WrapMouseHandler(func(action tview.MouseAction, ev *tcell.EventMouse, setFocus func(tview.Primitive)) (bool, tview.Primitive) {
		if !n.InRect(ev.Position()) {
			return false, nil
		}
		return n.area.MouseHandler()(action, ev, setFocus)
	})
}

// PasteHandler passes pasted text to the text area.
func (n *numbered) PasteHandler() func(string, func(tview.Primitive)) {
	return n.area.PasteHandler()
}
