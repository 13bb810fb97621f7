// Package editor is rulesmith's terminal editor: playtest a variant against
// people or agents, edit its rules with live reload, and compare two
// variants side by side. It is built on tview; the model is
// editor/session and the board widget editor/boardview. Only the event
// loop touches widgets: agents, foul analyses and file watching run in
// goroutines and post their results with QueueUpdateDraw.
package editor

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"rulesmith/core"
	"rulesmith/core/agent"
	"rulesmith/core/diag"
	"rulesmith/core/spec"
	"rulesmith/editor/boardview"
	"rulesmith/editor/session"
)

// Options configure the editor.
type Options struct {
	// Variant is an embedded name or a path to a .toml file.
	Variant string
	// Sets are parameter overrides, name=value.
	Sets []string
	// Seats assigns agents: "SEAT=human", "SEAT=random", "SEAT=mcts:2s".
	Seats []string
	// Record is a record file to open; it also receives the autosave.
	Record string
	// Resume reopens the last autosaved game of the variant.
	Resume bool
	// Edit shows the rules pane and reloads the variant when its file
	// changes on disk.
	Edit bool
	// Mono draws without colour (also when NO_COLOR is set).
	Mono bool
	// Screen replaces the terminal (tests use a simulation screen).
	Screen tcell.Screen
	// FS holds the embedded variants.
	FS fs.FS
	// Seed seeds the agents.
	Seed uint64
	// AutosaveDir overrides where games are autosaved (tests).
	AutosaveDir string
	// Keymap is a user key map file (see LoadKeymap); "" for the defaults.
	Keymap string
}

// App is the play (and edit) screen.
type App struct {
	opts   Options
	tv     *tview.Application
	sess   *session.Session
	board  *boardview.View
	side   *tview.TextView
	status *tview.TextView
	input  *tview.InputField
	rules  *tview.TextArea
	pages  *tview.Pages
	keymap []Binding

	agents   []agent.Agent
	aiCancel context.CancelFunc
	aiGen    int
	thinking bool

	selected int
	targets  []int
	training bool
	pending  core.Move // a move waiting for confirmation in training mode
	checking bool

	preview   []*core.State
	previewAt int
	verdict   string

	msg      string
	errText  string
	stopOnce sync.Once
	done     chan struct{}
}

func (o *Options) load() (*core.Game, error) {
	return core.Load(o.Variant, core.WithFS(o.FS), core.WithSet(o.Sets...))
}

// New builds the play screen (not yet running).
func New(opts Options) (*App, error) {
	if os.Getenv("NO_COLOR") != "" {
		opts.Mono = true
	}
	g, err := opts.load()
	if err != nil {
		return nil, err
	}
	a := &App{opts: opts, keymap: DefaultKeymap, selected: -1, done: make(chan struct{})}
	if opts.Keymap != "" {
		km, err := LoadKeymap(opts.Keymap, DefaultKeymap)
		if err != nil {
			return nil, err
		}
		a.keymap = km
	}
	a.sess = session.New(g, opts.Variant)
	if opts.Record != "" {
		a.sess.AutosavePath = opts.Record
	} else {
		a.sess.AutosavePath = session.AutosaveFile(opts.Variant)
		if opts.AutosaveDir != "" {
			a.sess.AutosavePath = opts.AutosaveDir + "/" + strings.NewReplacer("/", "-").Replace(opts.Variant) + ".txt"
		}
	}
	if err := a.setSeats(opts.Seats); err != nil {
		return nil, err
	}
	switch {
	case opts.Record != "":
		if _, err := os.Stat(opts.Record); err == nil {
			if err := a.sess.Load(opts.Record); err != nil {
				return nil, err
			}
		}
	case opts.Resume:
		if err := a.sess.Load(a.sess.AutosavePath); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	a.build()
	return a, nil
}

func (a *App) setSeats(specs []string) error {
	g := a.sess.Game
	a.agents = make([]agent.Agent, len(g.Seats))
	for i, spec := range specs {
		seat, kind, ok := strings.Cut(spec, "=")
		if !ok {
			return fmt.Errorf("--seat %q: want SEAT=human or SEAT=AGENT (random, mcts:2s)", spec)
		}
		idx, found := g.SeatIndex(seat)
		if !found {
			return fmt.Errorf("--seat %q: unknown seat %q (seats: %s)", spec, seat, strings.Join(g.Seats, ", "))
		}
		if kind == "human" {
			a.agents[idx] = nil
			continue
		}
		ag, err := agent.Parse(kind, a.opts.Seed+uint64(i)+1)
		if err != nil {
			return fmt.Errorf("--seat %q: %w", spec, err)
		}
		a.agents[idx] = ag
	}
	return nil
}

func (a *App) build() {
	a.tv = tview.NewApplication()
	if a.opts.Screen != nil {
		a.tv.SetScreen(a.opts.Screen)
	}
	a.tv.EnableMouse(true)
	a.board = boardview.New()
	a.board.SetMonochrome(a.opts.Mono)
	a.board.SetBorder(true)
	a.board.SetSelectedFunc(a.onCell)
	// colour tags are on in both modes: the monochrome mode writes none
	// (a.color), but the text is escaped for tags all the same
	a.side = tview.NewTextView().SetDynamicColors(true).SetWrap(true)
	a.side.SetBorder(true).SetTitle(" game ")
	a.status = tview.NewTextView().SetDynamicColors(true)
	a.input = tview.NewInputField().SetLabel("move> ")
	a.input.SetDoneFunc(a.onInput)
	a.mono(a.side, a.status, a.input)
	body := tview.NewFlex().
		AddItem(a.board, 0, 3, true).
		AddItem(&fitted{a.side, a.sideText}, 0, 2, false)
	if a.opts.Edit {
		a.rules = tview.NewTextArea().SetWrap(false)
		a.rules.SetBorder(true).SetTitle(" rules ")
		a.mono(a.rules)
		if data, err := spec.ReadFile(a.opts.Variant, spec.MaxFileSize); err == nil {
			a.rules.SetText(string(data), false)
		}
		body.AddItem(a.rules, 0, 3, false)
	}
	root := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(body, 0, 1, true).
		AddItem(a.status, 1, 0, false).
		AddItem(a.input, 1, 0, false)
	a.pages = tview.NewPages().AddPage("main", root, true, true)
	a.mono(a.pages)
	a.tv.SetRoot(a.pages, true).SetFocus(a.board)
	a.tv.SetInputCapture(a.onKey)
	a.refresh()
}

// Run runs the editor until the user quits.
func (a *App) Run() error {
	if a.opts.Edit {
		if err := a.watch(); err != nil {
			a.msg = "not watching the file: " + err.Error()
		}
	}
	go a.post(a.maybeAI) // once the loop runs
	err := a.tv.Run()
	a.stop()
	return err
}

// Application exposes the tview application (tests drive it).
func (a *App) Application() *tview.Application { return a.tv }

// Session exposes the model (tests read it).
func (a *App) Session() *session.Session { return a.sess }

func (a *App) stop() {
	a.stopOnce.Do(func() {
		close(a.done)
		if a.aiCancel != nil {
			a.aiCancel()
		}
	})
}

// ---- drawing --------------------------------------------------------------

func (a *App) color(c, text string) string {
	if a.opts.Mono {
		return text
	}
	return "[" + c + "]" + text + "[-]"
}

func (a *App) mode() string {
	switch {
	case a.preview != nil:
		return fmt.Sprintf("preview %d/%d", a.previewAt, len(a.preview)-1)
	case a.pending != 0:
		return "confirm"
	case a.tv != nil && a.tv.GetFocus() == a.input:
		return "typing"
	case a.rules != nil && a.tv != nil && a.tv.GetFocus() == a.rules:
		return "rules"
	case a.selected >= 0:
		return "select"
	case a.thinking:
		return "thinking"
	}
	return "play"
}

func (a *App) refresh() {
	g := a.sess.Game
	s := a.sess.State()
	shown := s
	if a.preview != nil {
		shown = a.preview[a.previewAt]
	}
	a.board.SetPosition(g, shown)
	a.board.SetSelected(a.selected)
	a.board.SetTargets(a.targets)
	if a.preview == nil {
		a.board.SetLastMove(-1, s.LastTarget())
	}
	a.board.SetTitle(" " + g.Title + " ")
	st := tview.Escape("["+a.mode()+"]") + " "
	if a.errText != "" {
		st += a.color("red", tview.Escape(a.errText))
	} else if a.msg != "" {
		st += tview.Escape(a.msg)
	} else if a.mode() == "rules" {
		st += "ctrl+s saves the rules and reloads them  tab back to the board"
	} else if g.Foul != nil {
		st += hints(a.keymap, ActType, ActUndo, ActCall, ActHelp, ActQuit)
	} else {
		st += hints(a.keymap, ActType, ActUndo, ActRedo, ActHelp, ActQuit)
	}
	a.status.SetText(st)
}

// fitted is a TextView whose text is made for its size at each draw.
type fitted struct {
	*tview.TextView
	text func(w, h int) string
}

func (f *fitted) Draw(screen tcell.Screen) {
	_, _, w, h := f.GetInnerRect()
	f.SetText(f.text(w, h))
	f.TextView.Draw(screen)
}

// sideText is the side panel for an inner size of w×h: whose turn, scores,
// the last verdict and the end of the move list (as much as fits).
func (a *App) sideText(w, h int) string {
	g := a.sess.Game
	s := a.sess.State()
	var b strings.Builder
	r := g.Result(s)
	if r.Over {
		fmt.Fprintf(&b, "%s\n", a.color("yellow", "game over: "+tview.Escape(g.ResultString(r))))
		if end, _ := g.EndedBy(s); end != "" {
			fmt.Fprintf(&b, "ended by: %s\n", end)
		}
	} else {
		who := g.SeatTitle(s.ToMove())
		kind := "human"
		if ag := a.agents[s.ToMove()]; ag != nil {
			kind = ag.Name()
		}
		fmt.Fprintf(&b, "to move: %s (%s)\n", a.color(a.seatColor(s.ToMove()), tview.Escape(who)), kind)
	}
	if len(g.Phases) > 1 {
		fmt.Fprintf(&b, "phase: %s\n", g.Phases[s.Phase()])
	}
	scores := g.Scores(s)
	for i := range g.Seats {
		line := fmt.Sprintf("%-7s %3d", g.SeatTitle(i), scores[i])
		if g.Foul != nil && g.Foul.Remedy == "takeback" {
			line += fmt.Sprintf("  takebacks %d", s.Takebacks(i))
		}
		if s.Eliminated(i) {
			line += "  out"
		}
		fmt.Fprintln(&b, a.color(a.seatColor(i), tview.Escape(line)))
	}
	if a.training {
		fmt.Fprintln(&b, a.color("aqua", "training: fouls are warned before they are played"))
	}
	if a.verdict != "" {
		fmt.Fprintf(&b, "\n%s\n", tview.Escape(a.verdict))
	}
	lines := a.sess.Lines()
	fmt.Fprintf(&b, "\nmoves (%d):\n", len(lines))
	room := 40
	if w > 0 && h > 0 {
		used := 0
		for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			used += max(1, len(tview.WordWrap(l, w)))
		}
		room = max(2, h-used)
	}
	start := 0
	if len(lines) > room {
		start = len(lines) - room + 1
		b.WriteString("  …\n")
	}
	for i := start; i < len(lines); i++ {
		fmt.Fprintf(&b, "%3d. %s\n", i+1, tview.Escape(lines[i]))
	}
	return b.String()
}

func (a *App) seatColor(seat int) string {
	g := a.sess.Game
	if seat >= 0 && seat < len(g.SeatColors) {
		return g.SeatColors[seat]
	}
	palette := []string{"white", "red", "aqua", "green", "yellow", "fuchsia", "blue", "silver"}
	return palette[seat%len(palette)]
}

// ---- input ------------------------------------------------------------------

func (a *App) onKey(ev *tcell.EventKey) *tcell.EventKey {
	if name, _ := a.pages.GetFrontPage(); name != "main" {
		return ev
	}
	focus := a.tv.GetFocus()
	if ev.Key() == tcell.KeyCtrlC {
		a.stop()
		a.tv.Stop()
		return nil
	}
	if a.rules != nil {
		if ev.Key() == tcell.KeyTab {
			if focus == a.rules {
				a.tv.SetFocus(a.board)
			} else {
				a.tv.SetFocus(a.rules)
			}
			a.refresh()
			return nil
		}
		if focus == a.rules {
			if ev.Key() == tcell.KeyCtrlS {
				a.saveRules()
				return nil
			}
			return ev
		}
	}
	if focus == a.input {
		return ev
	}
	act, ok := lookup(a.keymap, ev)
	if !ok {
		return ev // arrows and hjkl go to the board
	}
	a.errText, a.msg = "", ""
	switch act {
	case ActSelect:
		if a.pending != 0 {
			m := a.pending
			a.pending = 0
			a.commit(m)
			return nil
		}
		return ev // the board calls onCell
	case ActCancel:
		a.selected, a.targets, a.preview, a.pending = -1, nil, nil, 0
	case ActType:
		a.tv.SetFocus(a.input)
	case ActUndo:
		a.cancelAI()
		if a.sess.Undo() {
			a.msg = a.sess.Last
		} else {
			a.msg = "nothing to undo"
		}
		a.selected, a.targets, a.preview = -1, nil, nil
	case ActRedo:
		a.cancelAI()
		switch {
		case !a.sess.CanRedo():
			a.msg = "nothing to redo"
		case a.sess.Redo():
			a.msg = "redid " + a.sess.Last
		default:
			a.errText = "cannot redo: the next move is illegal in this position under these rules"
		}
		a.selected, a.targets, a.preview = -1, nil, nil
	case ActPass:
		a.playText("pass")
	case ActCall:
		a.callMenu()
		return nil
	case ActTraining:
		a.training = !a.training
		if a.sess.Game.Foul == nil {
			a.msg = "this variant declares no foul"
		}
	case ActLineNext:
		if a.preview != nil && a.previewAt < len(a.preview)-1 {
			a.previewAt++
		}
		if a.preview != nil {
			a.msg = "the demonstration: ] and [ step through it, esc leaves it"
		}
	case ActLinePrev:
		if a.preview != nil && a.previewAt > 0 {
			a.previewAt--
		}
		if a.preview != nil {
			a.msg = "the demonstration: ] and [ step through it, esc leaves it"
		}
	case ActAIMove:
		a.startAI(true)
	case ActSave:
		a.prompt("save record to: ", a.sess.AutosavePath, func(p string) {
			if err := a.sess.Save(p); err != nil {
				a.errText = err.Error()
			} else {
				a.msg = "saved " + p
			}
		})
		return nil
	case ActOpen:
		a.prompt("open record: ", "", func(p string) {
			a.cancelAI()
			if err := a.sess.Load(p); err != nil {
				a.errText = err.Error()
			} else {
				a.msg = a.sess.Last
				a.selected, a.targets, a.preview = -1, nil, nil
			}
		})
		return nil
	case ActNew:
		a.cancelAI()
		for a.sess.Undo() {
		}
		a.msg = "new game"
		a.selected, a.targets, a.preview = -1, nil, nil
	case ActEdit:
		a.runEditor()
	case ActHelp:
		a.showHelp()
		return nil
	case ActQuit:
		a.stop()
		a.tv.Stop()
		return nil
	}
	a.refresh()
	a.maybeAI()
	return nil
}

func (a *App) onInput(key tcell.Key) {
	if key == tcell.KeyEnter {
		text := strings.TrimSpace(a.input.GetText())
		a.input.SetText("")
		if text != "" {
			a.errText, a.msg = "", ""
			a.playText(text)
		}
	}
	a.tv.SetFocus(a.board)
	a.refresh()
	a.maybeAI()
}

func (a *App) playText(text string) {
	word := strings.ToLower(strings.Fields(text)[0])
	if word == "call" || word == "resign" {
		if err := a.sess.PlayText(text); err != nil {
			a.errText = err.Error()
			return
		}
		a.afterCall()
		return
	}
	m, err := a.sess.Game.Parse(a.sess.State(), text)
	if err != nil {
		a.errText = fmt.Sprintf("illegal move %q: %v", text, err)
		return
	}
	a.tryPlay(m)
}

// onCell handles Enter or a click on a cell.
func (a *App) onCell(cell int) {
	a.errText, a.msg = "", ""
	if a.preview != nil {
		a.preview = nil
	}
	g := a.sess.Game
	name := g.Board.Cells[cell].Name
	if a.selected >= 0 {
		if cell == a.selected {
			a.selected, a.targets = -1, nil
			a.refresh()
			return
		}
		var opts []core.Move
		for _, m := range a.sess.MovesAt(a.selected) {
			if m.To() == cell {
				opts = append(opts, m)
			}
		}
		if len(opts) > 0 {
			a.selected, a.targets = -1, nil
			a.choose(opts)
			return
		}
		if len(a.sess.MovesAt(cell)) == 0 {
			a.errText = fmt.Sprintf("%s is not a target of the selected piece", name)
			a.refresh()
			return
		}
	}
	moves := a.sess.MovesAt(cell)
	if len(moves) == 0 {
		if a.sess.State().Top(cell) >= 0 {
			a.errText = fmt.Sprintf("no legal move from %s", name)
		} else {
			a.errText = fmt.Sprintf("no legal move at %s", name)
		}
		a.refresh()
		return
	}
	// moves with no origin (placements) or no target (sowing) play here
	if moves[0].From() < 0 || moves[0].To() < 0 {
		a.choose(moves)
		return
	}
	a.selected = cell
	a.targets = nil
	seen := map[int]bool{}
	for _, m := range moves {
		if !seen[m.To()] {
			seen[m.To()] = true
			a.targets = append(a.targets, m.To())
		}
	}
	a.msg = fmt.Sprintf("%s: %d target(s); enter on one plays it", name, len(a.targets))
	a.refresh()
}

// choose plays the only move, or asks which one.
func (a *App) choose(moves []core.Move) {
	if len(moves) == 1 {
		a.tryPlay(moves[0])
		a.refresh()
		a.maybeAI()
		return
	}
	list := tview.NewList().ShowSecondaryText(false)
	list.SetBorder(true).SetTitle(" which move? (esc cancels) ")
	a.mono(list)
	for i, m := range moves {
		m := m
		short := rune(0)
		if i < 9 {
			short = rune('1' + i)
		}
		list.AddItem(a.sess.Format(m), "", short, func() {
			a.pages.RemovePage("choose")
			a.tryPlay(m)
			a.refresh()
			a.maybeAI()
		})
	}
	list.SetDoneFunc(func() { a.pages.RemovePage("choose"); a.refresh() })
	a.pages.AddPage("choose", centered(list, 36, len(moves)+2), true, true)
}

// tryPlay plays m, or in training mode first checks that it is no foul.
func (a *App) tryPlay(m core.Move) {
	g := a.sess.Game
	if !a.training || g.Foul == nil {
		a.commit(m)
		return
	}
	before := a.sess.State().Clone()
	text := a.sess.Format(m)
	a.checking = true
	a.msg = "checking " + text + " for a foul..."
	go func() {
		v, err := g.AnalyzeFoul(before, m)
		a.post(func() {
			a.checking = false
			if err != nil || !v.Foul || a.sess.Game != g {
				a.commit(m)
				a.refresh()
				a.maybeAI()
				return
			}
			a.pending = m
			a.verdict = fmt.Sprintf("WARNING: %s is a foul: %s wins by force: %s\nsafe instead: %s", text, g.SeatTitle(v.Gainer), strings.Join(v.Line, " "), v.Safe)
			a.msg = "training: enter plays it anyway, esc cancels"
			a.refresh()
		})
	}()
}

func (a *App) commit(m core.Move) {
	if err := a.sess.Play(m); err != nil {
		a.errText = err.Error()
		return
	}
	if a.thinking {
		// a person moved while an agent searched the old position: the
		// search is moot, and maybeAI may start the next seat's agent
		a.cancelAI()
	}
	a.verdict = ""
	a.msg = a.sess.Last
	a.selected, a.targets = -1, nil // a selection belongs to the position before
}

// callMenu lets a player entitled to call the foul call it.
func (a *App) callMenu() {
	g := a.sess.Game
	if g.Foul == nil {
		a.errText = "this variant declares no foul"
		a.refresh()
		return
	}
	var callers []int
	for seat := range g.Seats {
		if a.sess.Hist.CanCall(seat) == nil {
			callers = append(callers, seat)
		}
	}
	if len(callers) == 0 {
		if err := a.sess.Hist.CanCall((a.sess.State().ToMove() + 1) % len(g.Seats)); err != nil {
			a.errText = err.Error()
		} else {
			a.errText = "no one may call now"
		}
		a.refresh()
		return
	}
	list := tview.NewList().ShowSecondaryText(false)
	name := strings.ReplaceAll(g.Foul.Name, "_", " ")
	list.SetBorder(true).SetTitle(" who calls " + name + "? ")
	a.mono(list)
	for i, seat := range callers {
		seat := seat
		list.AddItem(fmt.Sprintf("%s calls \"%s!\"", g.SeatTitle(seat), name), "", rune('1'+i), func() {
			a.pages.RemovePage("call")
			a.call(seat)
		})
	}
	list.SetDoneFunc(func() { a.pages.RemovePage("call"); a.refresh() })
	a.pages.AddPage("call", centered(list, 44, len(callers)+2), true, true)
}

func (a *App) call(seat int) {
	a.cancelAI()
	after := a.sess.State().Clone()
	res, err := a.sess.Call(seat)
	if err != nil {
		a.errText = err.Error()
		a.refresh()
		return
	}
	a.afterCall()
	// the demonstration, move by move, from the position after the move
	if res.Gainer >= 0 {
		g := a.sess.Game
		a.preview = []*core.State{after}
		st := after.Clone()
		for _, txt := range res.Line {
			m, err := g.Parse(st, txt)
			if err != nil || g.Play(st, m) != nil {
				break
			}
			a.preview = append(a.preview, st.Clone())
		}
		a.previewAt = 0
		a.msg = res.Outcome + " — ] steps through the demonstration, esc leaves it"
	}
	a.refresh()
	a.maybeAI()
}

func (a *App) afterCall() {
	if c := a.sess.LastCall; c != nil {
		g := a.sess.Game
		v := c.Outcome
		if c.Gainer >= 0 {
			v += fmt.Sprintf("\n%s wins by force: %s", g.SeatTitle(c.Gainer), strings.Join(c.Verdict.Line, " "))
		}
		a.verdict = v
	}
	a.msg = a.sess.Last
}

func (a *App) prompt(label, def string, done func(string)) {
	field := tview.NewInputField().SetLabel(label).SetText(def)
	field.SetBorder(true)
	a.mono(field)
	field.SetDoneFunc(func(k tcell.Key) {
		a.pages.RemovePage("prompt")
		if k == tcell.KeyEnter && strings.TrimSpace(field.GetText()) != "" {
			done(strings.TrimSpace(field.GetText()))
		}
		a.refresh()
	})
	a.pages.AddPage("prompt", centered(field, 70, 3), true, true)
}

func (a *App) showHelp() {
	tv := tview.NewTextView().SetText(helpText(a.keymap))
	tv.SetBorder(true).SetTitle(" help ")
	a.mono(tv)
	tv.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		a.pages.RemovePage("help")
		a.refresh()
		return nil
	})
	a.pages.AddPage("help", centered(tv, 72, len(a.keymap)+6), true, true)
}

func centered(p tview.Primitive, w, h int) tview.Primitive {
	return tview.NewFlex().
		AddItem(nil, 0, 1, false).
		AddItem(tview.NewFlex().SetDirection(tview.FlexRow).
			AddItem(nil, 0, 1, false).
			AddItem(p, h, 1, true).
			AddItem(nil, 0, 1, false), w, 1, true).
		AddItem(nil, 0, 1, false)
}

// ---- agents -----------------------------------------------------------------

// maybeAI starts the agent of the seat to move, if it has one.
func (a *App) maybeAI() { a.startAI(false) }

func (a *App) startAI(force bool) {
	g := a.sess.Game
	s := a.sess.State()
	if a.thinking || a.preview != nil || a.pending != 0 || g.Result(s).Over {
		return
	}
	ag := a.agents[s.ToMove()]
	if ag == nil {
		if !force {
			return
		}
		ag = agent.NewMCTS(0, time.Second, a.opts.Seed)
	}
	a.aiGen++
	gen := a.aiGen
	ctx, cancel := context.WithCancel(context.Background())
	a.aiCancel = cancel
	a.thinking = true
	pos := s.Clone()
	go func() {
		m, err := ag.Choose(ctx, g, pos)
		a.post(func() {
			if gen != a.aiGen {
				return
			}
			a.thinking = false
			cancel()
			if err != nil {
				if !errors.Is(err, context.Canceled) {
					a.errText = ag.Name() + ": " + err.Error()
				}
				a.refresh()
				return
			}
			if !a.sess.State().Equal(pos) {
				a.refresh()
				return
			}
			a.commit(m)
			a.refresh()
			a.maybeAI()
		})
	}()
	a.refresh()
}

func (a *App) cancelAI() {
	if a.aiCancel != nil {
		a.aiCancel()
	}
	a.aiGen++
	a.thinking = false
}

// ---- rules: $EDITOR, the rules pane and live reload -------------------------

func (a *App) runEditor() {
	path := a.opts.Variant
	if !strings.HasSuffix(path, ".toml") {
		a.errText = "rules can be edited for a variant file; use: rulesmith edit FILE.toml (copy an embedded one with rulesmith show NAME > FILE.toml)"
		return
	}
	ed := os.Getenv("EDITOR")
	if ed == "" {
		ed = "vi"
	}
	a.tv.Suspend(func() {
		cmd := exec.Command(ed, path)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		_ = cmd.Run()
	})
	a.reload()
}

func (a *App) saveRules() {
	if err := session.WriteAtomic(a.opts.Variant, []byte(a.rules.GetText())); err != nil {
		a.errText = err.Error()
		a.refresh()
		return
	}
	a.msg = "saved " + a.opts.Variant
	a.reload()
}

// reload recompiles the variant; on success the game is replayed under the
// new rules, on failure the problems are shown with their lines.
func (a *App) reload() {
	if a.rules != nil {
		// the pane shows the file as it is on disk, loadable or not, so
		// that ctrl+s never writes back a stale copy
		if data, err := spec.ReadFile(a.opts.Variant, spec.MaxFileSize); err == nil && string(data) != a.rules.GetText() {
			a.rules.SetText(string(data), false)
		}
	}
	g, err := a.opts.load()
	if err != nil {
		var dl diag.List
		if errors.As(err, &dl) {
			var parts []string
			for _, d := range dl {
				parts = append(parts, d.Caret())
			}
			a.verdict = "the rules do not load:\n" + strings.Join(parts, "\n")
			a.errText = dl[0].String()
			a.showRulesLine(dl[0])
		} else {
			a.errText = err.Error()
		}
		a.refresh()
		return
	}
	a.cancelAI()
	res := a.sess.Reload(g)
	a.board.SetPosition(g, a.sess.State())
	a.errText = "" // the rules load again: an earlier load error is stale
	if res.Broken != nil {
		a.verdict = fmt.Sprintf("rules reloaded; move %d %q is now illegal: %v\nthe game stops before it (redo replays it if it becomes legal)", res.Broken.Line, res.Broken.Text, res.Broken.Err)
		a.errText = fmt.Sprintf("move %d %q became illegal", res.Broken.Line, res.Broken.Text)
	} else {
		a.verdict = ""
		a.msg = "rules reloaded"
		if res.Kept > 0 {
			a.msg += fmt.Sprintf("; all %d moves still legal", res.Kept)
		}
	}
	a.selected, a.targets, a.preview = -1, nil, nil
	a.refresh()
}

// post runs f on the event loop, unless the editor has stopped (a
// goroutine finishing after the end must not block on a queue nobody reads).
func (a *App) post(f func()) {
	select {
	case <-a.done:
		return
	default:
	}
	a.tv.QueueUpdateDraw(f)
}

// showRulesLine scrolls the rules pane to a diagnostic's line (when it is
// in the file shown) and puts the cursor on it.
func (a *App) showRulesLine(d diag.Diagnostic) {
	if a.rules == nil || d.Line <= 0 {
		return
	}
	if abs, err := filepath.Abs(d.File); err != nil || !sameFile(abs, a.opts.Variant) {
		return
	}
	text := a.rules.GetText()
	off, line := 0, 1
	for off < len(text) && line < d.Line {
		if text[off] == '\n' {
			line++
		}
		off++
	}
	col := max(d.Col-1, 0)
	for i := 0; i < col && off < len(text) && text[off] != '\n'; i++ {
		off++
	}
	a.rules.Select(off, off)
	_, _, _, h := a.rules.GetInnerRect()
	a.rules.SetOffset(max(d.Line-1-h/2, 0), 0)
}

func sameFile(abs, path string) bool {
	p, err := filepath.Abs(path)
	return err == nil && p == abs
}
