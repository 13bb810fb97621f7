package editor

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"rulesmith/core"
	"rulesmith/core/spec"
	"rulesmith/editor/boardview"
	"rulesmith/editor/session"
)

// CompareOptions configure the side-by-side view.
type CompareOptions struct {
	A, B   Options // variants (Variant, Sets, FS) of each side
	Record string  // moves to play on both first
	Mono   bool
	Screen tcell.Screen
	// Keymap is a user key map file (see LoadKeymap); "" for the defaults.
	Keymap string
	// Seed seeds the rolls (the chance outcomes d draws for both games).
	Seed uint64
	// View is the seat whose view the games show when a variant hides
	// pieces (its cards): "" for the seat to move's (pass-and-play, a
	// curtain between seats), a seat's name, or "all" for everything.
	View string
}

// CompareApp shows two variants side by side, the same moves played on
// both, marking where they diverge and listing their rule differences.
type CompareApp struct {
	tv     *tview.Application
	cmp    *session.Compare
	boards [2]*boardview.View
	info   *tview.TextView
	status *tview.TextView
	// statusText is the status line's text (fitStatus wraps it)
	statusText string
	input      *tview.InputField
	mono       bool
	errMsg     string
	msg        string
	keymap     []Binding
	pages      *tview.Pages
	root       *tview.Flex
	// dice draws the chance outcomes a roll plays in both games
	dice *rand.Rand
	// autoChance: the engine plays the chance events (the auto-chance
	// key), the same outcome in both games; holdChance pauses it after an
	// undo until the next move or roll
	autoChance, holdChance bool
	// viewSeat: whose view the games show (followMover, core.AllSeats or
	// a seat); shownSeat: the seat that last took the screen in
	// pass-and-play; curtain: its curtain is up, waiting for curtainSeat
	// (compare_hidden.go)
	viewSeat, shownSeat, curtainSeat int
	curtain                          bool
}

// NewCompare builds the compare view.
func NewCompare(opts CompareOptions) (*CompareApp, error) {
	if os.Getenv("NO_COLOR") != "" {
		opts.Mono = true
	}
	ga, err := opts.A.load()
	if err != nil {
		return nil, err
	}
	gb, err := opts.B.load()
	if err != nil {
		return nil, err
	}
	c := &CompareApp{mono: opts.Mono, keymap: DefaultKeymap, dice: rand.New(rand.NewPCG(opts.Seed, 0x64696365)), shownSeat: -1}
	if c.viewSeat, err = parseView(ga, opts.View); err != nil {
		return nil, err
	}
	if opts.Keymap != "" {
		km, err := LoadKeymap(opts.Keymap, DefaultKeymap)
		if err != nil {
			return nil, err
		}
		c.keymap = km
	}
	c.cmp = session.NewCompare(session.New(ga, opts.A.Variant), session.New(gb, opts.B.Variant))
	if opts.Record != "" {
		lines, err := readLines(opts.Record)
		if err != nil {
			return nil, err
		}
		for i, l := range lines {
			if _, err := c.cmp.Play(l); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", opts.Record, i+1, err)
			}
		}
	}
	c.tv = tview.NewApplication()
	if opts.Screen != nil {
		c.tv.SetScreen(opts.Screen)
	}
	c.tv.EnableMouse(true)
	for i := range c.boards {
		c.boards[i] = boardview.New()
		c.boards[i].SetMonochrome(opts.Mono)
		c.boards[i].SetBorder(true)
		c.boards[i].SetTitleAlign(tview.AlignLeft) // a long title loses its end, not the name
	}
	// colour tags are on in both modes: the monochrome mode writes none
	// (c.col), but the text is escaped for tags all the same
	c.info = tview.NewTextView().SetDynamicColors(true).SetWrap(true)
	c.info.SetBorder(true).SetTitle(" differences (pgup/pgdn scroll) ")
	c.status = tview.NewTextView().SetDynamicColors(true).SetWrap(true)
	c.input = tview.NewInputField().SetLabel("move (both)> ")
	c.input.SetDoneFunc(c.onInput)
	top := tview.NewFlex().AddItem(c.boards[0], 0, 1, false).AddItem(c.boards[1], 0, 1, false)
	root := tview.NewFlex().SetDirection(tview.FlexRow)
	c.root = root
	root.
		AddItem(top, 0, 3, false).
		AddItem(c.info, 0, 2, false).
		AddItem(c.status, 1, 0, false).
		AddItem(c.input, 1, 0, true)
	if opts.Mono {
		monochrome(c.info, c.status, c.input, root)
	}
	c.pages = tview.NewPages().AddPage("main", root, true, true)
	c.tv.SetRoot(c.pages, true).SetFocus(c.info)
	c.tv.SetBeforeDrawFunc(func(screen tcell.Screen) bool {
		w, _ := screen.Size()
		fitStatus(c.root, c.status, c.statusText, w)
		return false
	})
	c.input.SetFocusFunc(c.refresh)
	c.tv.SetInputCapture(c.onKey)
	c.refresh()
	return c, nil
}

func readLines(path string) ([]string, error) {
	data, err := spec.ReadFile(path, core.MaxRecordBytes)
	if err != nil {
		return nil, err
	}
	recs, err := core.ReadRecord(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.Text
	}
	return out, nil
}

// Run runs the view until the user quits.
func (c *CompareApp) Run() error { return c.tv.Run() }

// Application exposes the tview application (tests drive it).
func (c *CompareApp) Application() *tview.Application { return c.tv }

// Compare exposes the model.
func (c *CompareApp) Compare() *session.Compare { return c.cmp }

// onKey runs the compare view's actions: the same keys as the play
// screen, from the same key map (":" types a move for both games, u
// undoes, d rolls or deals, c lets the engine do it, pgup/pgdn scroll, ?
// helps, q quits). Any key lowers the curtain of pass-and-play.
func (c *CompareApp) onKey(ev *tcell.EventKey) *tcell.EventKey {
	if name, _ := c.pages.GetFrontPage(); name == "curtain" {
		c.lowerCurtain()
		return nil
	} else if name != "main" {
		return ev
	}
	scopes := []Scope{ScopeGlobal}
	if c.tv.GetFocus() != c.input {
		scopes = append(scopes, ScopeBoard)
	}
	act, ok := lookup(c.keymap, ev, scopes...)
	if !ok {
		return ev
	}
	c.errMsg, c.msg = "", ""
	switch act {
	case ActType:
		c.tv.SetFocus(c.input)
	case ActUndo:
		if !c.cmp.Undo() {
			c.msg = "nothing to undo"
		}
		c.holdChance = true // auto-chance would deal again what was taken back
	case ActAutoChance:
		c.autoChance, c.holdChance = !c.autoChance, false
		if c.autoChance {
			c.msg = "chance by the engine: deals and throws are played as they come, the same in both games (" + keyOf(c.keymap, ActAutoChance) + " again to type them)"
		} else {
			c.msg = "chance by hand: " + keyOf(c.keymap, ActRoll) + " rolls or deals for both games, or type the outcome (:5-3)"
		}
	case ActRoll:
		c.holdChance = false
		// one throw (or the whole run of a deal, card by card) drawn, the
		// same played in both games
		run := runOf(c.cmp.A.State())
		for n := 0; n < maxRun; n++ {
			if _, err := c.cmp.Roll(c.dice); err != nil {
				if n == 0 {
					c.errMsg = err.Error()
				}
				break
			}
			if s := c.cmp.A.State(); !c.cmp.A.Game.AtChance(s) || runOf(s) != run || c.cmp.OutOfStep() {
				break
			}
		}
	case ActScrollUp, ActScrollDown:
		row, _ := c.info.GetScrollOffset()
		_, _, _, h := c.info.GetInnerRect()
		if act == ActScrollUp {
			row -= max(1, h-1)
		} else {
			row += max(1, h-1)
		}
		c.info.ScrollTo(max(0, row), 0)
		return nil
	case ActHelp:
		tv := tview.NewTextView().SetText(helpText(c.keymap))
		tv.SetBorder(true).SetTitle(" help (compare-view: : u d c pgup pgdn q apply; :view SEAT) ")
		if c.mono {
			monochrome(tv)
		}
		tv.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
			switch ev.Key() {
			case tcell.KeyUp, tcell.KeyDown, tcell.KeyPgUp, tcell.KeyPgDn:
				return ev
			}
			c.pages.RemovePage("help")
			return nil
		})
		_, _, _, h := c.pages.GetRect()
		c.pages.AddPage("help", centered(tv, 78, max(3, h)), true, true)
		return nil
	case ActQuit, ActInterrupt, ActCancel:
		c.tv.Stop()
		return nil
	default:
		c.msg = string(act) + " is not available in compare-view"
	}
	c.autoRoll()
	c.refresh()
	return nil
}

func (c *CompareApp) onInput(key tcell.Key) {
	defer c.tv.SetFocus(c.info)
	if key != tcell.KeyEnter {
		c.refresh()
		return
	}
	text := strings.TrimSpace(c.input.GetText())
	c.input.SetText("")
	c.errMsg = ""
	if text != "" {
		var err error
		switch low := strings.ToLower(text); {
		case low == "q" || low == "q!" || low == "quit":
			c.tv.Stop()
			return
		case low == "view" || strings.HasPrefix(low, "view "):
			err = c.setView(text[len("view"):])
		case strings.HasPrefix(low, "a:"):
			_, err = c.cmp.PlayIn(0, strings.TrimSpace(text[2:]))
		case strings.HasPrefix(low, "b:"):
			_, err = c.cmp.PlayIn(1, strings.TrimSpace(text[2:]))
		default:
			_, err = c.cmp.Play(text)
		}
		if err != nil {
			c.errMsg = err.Error()
		}
		c.holdChance = false
		c.checkCurtain()
		c.autoRoll()
	}
	c.refresh()
}

func (c *CompareApp) refresh() {
	if c.pages != nil {
		c.checkCurtain()
	}
	sides := []*session.Session{c.cmp.A, c.cmp.B}
	labels := []string{c.cmp.LabelA, c.cmp.LabelB}
	viewer := c.viewer()
	for i, s := range sides {
		g := s.Game
		c.boards[i].SetPosition(g, s.State())
		// a card table shows the viewer's own zones at the bottom
		c.boards[i].SetViewer(viewer, max(0, viewer))
		if ev, ok := s.LastEvent(); ok && ev.IsMove {
			c.boards[i].SetLastMove(ev.Effects.From, ev.Effects.To)
		} else {
			c.boards[i].SetLastMove(-1, -1)
		}
		r := g.Result(s.State())
		state := g.SeatTitle(s.State().ToMove()) + " to move"
		switch {
		case r.Over:
			state = g.ResultString(r)
		case g.AtChance(s.State()):
			state = g.SeatTitle(s.State().ToMove()) + " to roll " + g.ChanceEvent(s.State())
		}
		if g.KeepsPoints() { // a race shows no scores
			state += fmt.Sprintf("; scores %v", g.Scores(s.State()))
		}
		c.boards[i].SetTitle(fmt.Sprintf(" %s: %s ", labels[i], state))
	}
	var b strings.Builder
	if n := len(c.cmp.Marks); n > 0 {
		last := c.cmp.Marks[n-1]
		lastText := c.markText(n - 1)
		if last.Diverged() {
			fmt.Fprintf(&b, "%s\n", c.col("yellow", fmt.Sprintf("move %d %s DIVERGES (%s):", last.Ply, tview.Escape(lastText), strings.Join(last.Kinds, ", "))))
			for _, d := range last.Detail {
				fmt.Fprintf(&b, "  %s\n", tview.Escape(d))
			}
		} else if !last.InA || !last.InB {
			only := c.cmp.LabelA
			if last.InB {
				only = c.cmp.LabelB
			}
			fmt.Fprintf(&b, "move %d %s: played in %s only\n", last.Ply, tview.Escape(lastText), tview.Escape(only))
		} else {
			fmt.Fprintf(&b, "move %d %s: the two games agree\n", last.Ply, tview.Escape(lastText))
		}
		var marks []string
		for i, m := range c.cmp.Marks {
			if m.Diverged() {
				marks = append(marks, fmt.Sprintf("%d.%s", m.Ply, c.markText(i)))
			}
		}
		if len(marks) > 0 {
			fmt.Fprintf(&b, "diverging moves: %s\n", tview.Escape(strings.Join(marks, " ")))
		}
		b.WriteString("\n")
	}
	if c.cmp.OutOfStep() {
		fmt.Fprintf(&b, "%s\n\n", c.col("yellow", tview.Escape("the games are out of step: type a:MOVE or b:MOVE to play in one game")))
	} else if c.cmp.AtChance() {
		ev := c.cmp.A.Game.ChanceEvent(c.cmp.A.State())
		fmt.Fprintf(&b, "both games wait for the %s: %s rolls it once for both, or type the outcome (:%s)\n\n", tview.Escape(ev),
			tview.Escape(keyOf(c.keymap, ActRoll)), tview.Escape(c.cmp.A.Format(c.cmp.A.Legal()[0])))
	}
	// the roll the move to play uses, in each game (a game waiting for its
	// outcome shows none)
	var rolls [2]string
	for i, s := range sides {
		if !s.Game.AtChance(s.State()) {
			rolls[i] = strings.Join(s.Game.ChanceShown(s.State()), "; ")
		}
	}
	switch {
	case rolls[0] != "" && rolls[0] == rolls[1]:
		fmt.Fprintf(&b, "the roll in both games: %s\n\n", tview.Escape(rolls[0]))
	case rolls[0] != "" || rolls[1] != "":
		fmt.Fprintf(&b, "the rolls: %s: %s; %s: %s\n\n", tview.Escape(labels[0]), tview.Escape(or(rolls[0], "none")),
			tview.Escape(labels[1]), tview.Escape(or(rolls[1], "none")))
	}
	if c.autoChance {
		fmt.Fprintf(&b, "auto-chance (%s turns it off)\n\n", tview.Escape(keyOf(c.keymap, ActAutoChance)))
	}
	if c.hidden() {
		switch v := c.viewer(); {
		case v == core.AllSeats:
			b.WriteString("showing every hidden piece (:view SEAT, or :view for the seat to move)\n\n")
		case v >= 0:
			fmt.Fprintf(&b, "as %s sees the games (:view SEAT to change)\n\n", tview.Escape(c.cmp.A.Game.SeatTitle(v)))
		}
	}
	fmt.Fprintf(&b, "rule differences, %s → %s (%d):\n", tview.Escape(c.cmp.LabelA), tview.Escape(c.cmp.LabelB), len(c.cmp.Changes))
	for _, ch := range c.cmp.Changes {
		fmt.Fprintf(&b, "  %s\n", tview.Escape(ch.String()))
	}
	c.info.SetText(b.String())
	c.info.ScrollToBeginning()
	st := hints(c.keymap, ActType, ActUndo, ActScrollDown, ActHelp, ActQuit)
	if c.cmp.AtChance() {
		st = hints(c.keymap, ActRoll, ActAutoChance, ActType, ActUndo, ActScrollDown, ActHelp, ActQuit)
	}
	if c.tv != nil && c.tv.GetFocus() == c.input {
		st = "a move for both games (a:MOVE or b:MOVE for one); enter plays, esc leaves"
	}
	switch {
	case c.errMsg != "":
		st = c.col("red", tview.Escape(c.errMsg))
	case c.msg != "":
		st = tview.Escape(c.msg)
	}
	c.status.SetText(st)
	c.statusText = st // fitStatus wraps it before each draw
}

func (c *CompareApp) col(color, text string) string {
	if c.mono {
		return text
	}
	return "[" + color + "]" + text + "[-]"
}

// or returns s, or def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
