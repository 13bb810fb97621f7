// Package editor is rulesmith's terminal editor: playtest a variant against
// people or agents, edit its rules with live reload, and compare two
// variants side by side. It is built on tview; the model is
// editor/session and the board widget editor/boardview. Only the event
// loop touches widgets: agents, foul analyses and file watching run in
// goroutines and post their results with QueueUpdateDraw.
package editor

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"rulesmith/core"
	"rulesmith/core/agent"
	"rulesmith/core/diag"
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
	// Clock tells the time (nil: time.Now); tests fix it so that screens
	// showing when the rules were loaded do not change from run to run.
	Clock func() time.Time
	// TableCache is the directory of the relation table cache that every
	// load (start, reload, balance study's base) reads and fills
	// (core.WithTableCache; the CLI passes core.DefaultTableCache()); ""
	// for none. Its files are named by everything a table reads, so they
	// are never stale.
	TableCache string
}

// App is the play (and edit) screen.
type App struct {
	opts Options
	tv   *tview.Application
	sess *session.Session
	// in is the interaction state (selection, targets, pending move,
	// preview, verdict, messages), kept in the tview-free model
	in     *session.Interaction
	board  *boardview.View
	side   *tview.TextView
	status *tview.TextView
	// statusText is the status area's text (fitStatus wraps it)
	statusText string
	input      *tview.InputField
	rules      *tview.TextArea
	pane       *numbered // the rules pane: border, title, line numbers, the text area
	pages      *tview.Pages
	root       *tview.Flex
	keymap     []Binding

	agents []agent.Agent
	// dice draws the chance outcomes a person's roll plays (seeded by
	// Options.Seed)
	dice     *rand.Rand
	aiCancel context.CancelFunc
	aiGen    int
	thinking bool

	training bool
	checking bool
	// autoChance: the engine plays the chance events of people's seats as
	// they come (the auto-chance key); holdChance holds it after an undo,
	// a redo or a go-to, until the next action
	autoChance, holdChance bool

	// savePath is offered by the save prompt: the record opened with
	// --record (written only when the user saves to it), else the autosave.
	savePath string
	// resumeList holds the autosaves --resume found, when there are
	// several to choose from (shown once the loop runs).
	resumeList []session.Autosave

	// the rules pane and reloads (edit mode)
	paneBase string // the text the pane was last set from or saved to: edits differ from it
	// openedData is the file as the editor opened it (the balance study's
	// base once the rules are edited), rulesOpened when
	openedData  []byte
	rulesOpened time.Time
	rulesAt     time.Time         // when the rules in play were loaded
	loadErr     string            // the current file's load error, shown until a load succeeds
	loadDiags   []diag.Diagnostic // its diagnostics, drawn with carets
	loading     bool              // a reload runs in the background
	loadGen     int               // reload generation: a newer reload or esc makes older results moot
	loadStart   time.Time
	// lastData is the file content most recently sent to compile (guarded
	// by mu: the watcher's goroutine compares with it), so that the
	// watcher's echo of our own save does not reload a second time.
	mu       sync.Mutex
	lastData []byte

	// actions holds each action's handler (see handlers)
	actions map[Action]func() bool
	// autosaveDir is where this game's autosave goes
	autosaveDir string
	// listScroll scrolls the record list back from its end, in entries
	listScroll int
	// paused stops the agents; stepOnce lets one move through
	paused, stepOnce bool
	// prevSets are the parameters before a :set whose reload is pending
	prevSets []string
	// study is the running or finished balance study (see study.go)
	study *studyRun

	// curtain: pass-and-play's curtain is up (hidden.go); shownSeat is
	// the human seat whose view the screen shows (-1: none yet)
	curtain                bool
	shownSeat, curtainSeat int

	stopOnce sync.Once
	done     chan struct{}
}

func (o *Options) load() (*core.Game, error) {
	return core.Load(o.Variant, core.WithFS(o.FS), core.WithSet(o.Sets...), core.WithTableCache(o.TableCache))
}

func (o *Options) loadBytes(data []byte) (*core.Game, error) {
	return core.LoadBytes(o.Variant, data, core.WithFS(o.FS), core.WithSet(o.Sets...), core.WithTableCache(o.TableCache))
}

// New builds the play screen (not yet running).
func New(opts Options) (*App, error) {
	if os.Getenv("NO_COLOR") != "" {
		opts.Mono = true
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	var data []byte
	if opts.Edit {
		var err error
		if data, err = readRegular(opts.Variant); err != nil {
			return nil, err
		}
	}
	var g *core.Game
	var err error
	if data != nil {
		g, err = opts.loadBytes(data)
	} else {
		g, err = opts.load()
	}
	if err != nil {
		return nil, err
	}
	a := &App{opts: opts, keymap: DefaultKeymap, done: make(chan struct{}), lastData: data, rulesAt: opts.Clock(), shownSeat: -1,
		dice: rand.New(rand.NewPCG(opts.Seed, 0x64696365))}
	a.actions = a.handlers()
	a.openedData, a.rulesOpened = data, a.rulesAt
	if opts.Keymap != "" {
		km, err := LoadKeymap(opts.Keymap, DefaultKeymap)
		if err != nil {
			return nil, err
		}
		a.keymap = km
	}
	a.sess = session.New(g, opts.Variant)
	a.in = session.NewInteraction(a.sess)
	dir := opts.AutosaveDir
	if dir == "" {
		dir = session.AutosaveDir()
	}
	// every game gets its own autosave: a new game never overwrites an
	// earlier one, and a record given to open is never written
	a.autosaveDir = dir
	a.sess.AutosavePath = session.NewAutosaveFile(dir, opts.Variant, opts.Clock())
	a.savePath = a.sess.AutosavePath
	if err := a.setSeats(opts.Seats); err != nil {
		return nil, err
	}
	switch {
	case opts.Record != "":
		a.savePath = opts.Record
		if _, err := os.Stat(opts.Record); err == nil {
			if err := a.sess.Load(opts.Record); err != nil {
				return nil, err
			}
		} else {
			a.in.Msg = opts.Record + " does not exist yet: s saves the game to it"
		}
	case opts.Resume:
		list, err := session.ListAutosaves(dir, opts.Variant)
		if err != nil {
			return nil, err
		}
		if len(list) == 0 {
			return nil, fmt.Errorf("--resume: no autosaved game of %s in %s", opts.Variant, dir)
		}
		if err := a.resume(list[0]); err != nil {
			return nil, err
		}
		if len(list) > 1 {
			a.resumeList = list
		}
	}
	a.build()
	return a, nil
}

// resume continues an autosaved game, autosaving into the same file.
func (a *App) resume(as session.Autosave) error {
	path := a.sess.AutosavePath
	a.sess.AutosavePath = "" // loading must not write anywhere
	if err := a.sess.Load(as.Path); err != nil {
		a.sess.AutosavePath = path
		return err
	}
	a.sess.AutosavePath, a.savePath = as.Path, as.Path
	a.in.Msg = "resumed " + as.String()
	return nil
}

func (a *App) setSeats(specs []string) error {
	g := a.sess.Game
	a.agents = make([]agent.Agent, g.NumSeats())
	for i, spec := range specs {
		seat, kind, ok := strings.Cut(spec, "=")
		if !ok {
			return fmt.Errorf("--seat %q: want SEAT=human or SEAT=AGENT (random, mcts:2s)", spec)
		}
		idx, found := g.SeatIndex(seat)
		if !found {
			return fmt.Errorf("--seat %q: unknown seat %q (seats: %s)", spec, seat, strings.Join(g.Seats(), ", "))
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
	a.board.SetTitleAlign(tview.AlignLeft) // a long title loses its end
	a.board.SetSelectedFunc(a.onCell)
	// colour tags are on in both modes: the monochrome mode writes none
	// (a.color), but the text is escaped for tags all the same
	a.side = tview.NewTextView().SetDynamicColors(true).SetWrap(true)
	a.side.SetBorder(true).SetTitle(" game ")
	a.status = tview.NewTextView().SetDynamicColors(true).SetWrap(true)
	a.input = tview.NewInputField().SetLabel("move> ")
	a.input.SetDoneFunc(a.onInput)
	a.mono(a.side, a.status, a.input)
	body := tview.NewFlex().
		AddItem(a.board, 0, 3, true).
		AddItem(&fitted{a.side, a.sideText}, 0, 2, false)
	if a.opts.Edit {
		a.rules = tview.NewTextArea().SetWrap(false)
		a.pane = newNumbered(a.rules)
		a.pane.SetBorder(true)
		a.pane.mono = a.opts.Mono
		a.mono(a.rules, a.pane)
		a.setPane(string(a.lastData))
		a.rules.SetChangedFunc(a.paneTitle)
		body.AddItem(a.pane, 0, 3, false)
	}
	root := tview.NewFlex().SetDirection(tview.FlexRow)
	a.root = root
	root.
		AddItem(body, 0, 1, true).
		AddItem(a.status, 1, 0, false).
		AddItem(a.input, 1, 0, false)
	a.pages = tview.NewPages().AddPage("main", root, true, true)
	a.mono(a.pages)
	a.tv.SetRoot(a.pages, true).SetFocus(a.board)
	a.tv.SetBeforeDrawFunc(func(screen tcell.Screen) bool {
		w, _ := screen.Size()
		fitStatus(a.root, a.status, a.statusText, w)
		return false
	})
	a.tv.SetInputCapture(a.onKey)
	a.in.OnChange(a.refresh) // the model tells the screen when it changed
	if ws := a.sess.Game.Warnings(); a.opts.Edit && len(ws) > 0 {
		// warnings never stop a load; the designer sees them on opening
		a.in.Msg = fmt.Sprintf("%d warning(s): %s", len(ws), ws[0].String())
	}
	a.refresh()
}

// Run runs the editor until the user quits.
func (a *App) Run() error {
	if a.opts.Edit {
		if err := a.watch(); err != nil {
			a.in.Msg = "not watching the file: " + err.Error()
		}
	}
	go a.post(func() { // once the loop runs
		if a.resumeList != nil {
			a.resumeMenu()
			return
		}
		a.maybeAI()
	})
	err := a.tv.Run()
	a.stop()
	return err
}

// Application exposes the tview application (tests drive it).
func (a *App) Application() *tview.Application { return a.tv }

// Session exposes the model (tests read it).
func (a *App) Session() *session.Session { return a.sess }

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

// resumeMenu lets the user pick which autosaved game to continue; the
// most recent one is open already.
func (a *App) resumeMenu() {
	list := tview.NewList().ShowSecondaryText(false)
	list.SetBorder(true).SetTitle(fmt.Sprintf(" %d autosaved games of %s: resume which? ", len(a.resumeList), a.opts.Variant))
	a.mono(list)
	for i, as := range a.resumeList {
		as := as
		short := rune(0)
		if i < 9 {
			short = rune('1' + i)
		}
		list.AddItem(as.String(), "", short, func() {
			a.pages.RemovePage("resume")
			if err := a.resume(as); err != nil {
				a.in.Err = err.Error()
			}
			a.refresh()
			a.maybeAI()
		})
	}
	list.SetDoneFunc(func() { a.pages.RemovePage("resume"); a.refresh(); a.maybeAI() })
	a.pages.AddPage("resume", centered(list, 76, min(len(a.resumeList), 12)+2), true, true)
}

func (a *App) stop() {
	a.stopOnce.Do(func() {
		close(a.done)
		if a.aiCancel != nil {
			a.aiCancel()
		}
	})
}
