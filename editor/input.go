package editor

import (
	"fmt"
	"rulesmith/core"
	"rulesmith/editor/boardview"
	"rulesmith/editor/session"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// ---- input ------------------------------------------------------------------

// handlers returns what each action does on the play screen. A handler
// reports whether the screen should refresh and let the next agent move
// (false when it opened a popup that does so itself).
func (a *App) handlers() map[Action]func() bool {
	reset := func() { a.in.Reset() }
	step := func(n int) func() bool {
		return func() bool { a.in.StepPreview(n); return true }
	}
	cursor := func(dx, dy int) func() bool {
		return func() bool { a.board.MoveCursor(dx, dy); return true }
	}
	return map[Action]func() bool{
		ActSelect: func() bool {
			if a.in.Pending != 0 {
				a.commit(a.in.Confirm()) // and the next seat's agent starts
				return true
			}
			if a.sess.Game.AtChance(a.sess.State()) {
				a.roll() // nothing to pick while chance is to move: the whole run
				return true
			}
			if a.noCellMoves() {
				// the moves name no cell (cards; a throw that moves
				// nothing, "-"): offer them all
				if a.agents[a.sess.State().ToMove()] != nil {
					a.in.Msg = "an agent is to move"
					return true
				}
				if moves := a.sess.Legal(); len(moves) > 0 && !a.sess.Game.Result(a.sess.State()).Over {
					a.chooseFrom(moves)
					return false
				}
				a.in.Msg = "no move"
				return true
			}
			if a.board.Cursor() < a.sess.Game.Board().N() {
				a.onCell(a.board.Cursor())
			}
			return true
		},
		ActCancel: func() bool {
			if !a.cancelReload() {
				a.in.Cancel()
			}
			return true
		},
		ActUp:    cursor(0, -1),
		ActDown:  cursor(0, 1),
		ActLeft:  cursor(-1, 0),
		ActRight: cursor(1, 0),
		ActType:  func() bool { a.tv.SetFocus(a.input); return true },
		ActUndo: func() bool {
			a.cancelAI()
			a.undo()
			reset()
			return true
		},
		ActRedo: func() bool {
			a.cancelAI()
			switch {
			case !a.sess.CanRedo():
				a.in.Msg = "nothing to redo"
			case a.redo():
				a.in.Msg = "redid " + a.lastText()
			default:
				a.in.Err = "cannot redo: the next move is illegal in this position under these rules"
			}
			reset()
			return true
		},
		ActGoto: func() bool {
			total := len(a.sess.Lines()) + len(a.sess.Future())
			a.prompt(fmt.Sprintf("go to ply (0 to %d): ", total), "", func(p string) {
				n, err := strconv.Atoi(p)
				if err == nil {
					a.cancelAI()
					err = a.sess.GoTo(n)
				}
				if err != nil {
					a.in.Err = fmt.Sprintf("go to %q: %v", p, err)
					return
				}
				reset()
				a.listScroll = 0
				a.in.Msg = a.lastText() + "; r redoes, a new move branches from here"
			})
			return false
		},
		ActScrollUp:   func() bool { a.listScroll += 5; return true },
		ActScrollDown: func() bool { a.listScroll = max(0, a.listScroll-5); return true },
		ActPass: func() bool {
			if moves := a.sess.Legal(); len(moves) == 1 && !moves[0].IsPass() && a.noCellMoves() && !a.sess.Game.AtChance(a.sess.State()) {
				// the one move, which moves nothing ("-": a throw no piece
				// can use) stands for the pass
				a.tryPlay(moves[0])
				return true
			}
			a.playText("pass")
			return true
		},
		ActRoll: func() bool { a.roll(); return true },
		ActAutoChance: func() bool {
			a.autoChance = !a.autoChance
			if a.autoChance {
				a.in.Msg = "chance by the engine: deals and throws are played as they come (" + keyOf(a.keymap, ActAutoChance) + " again to type them)"
			} else {
				a.in.Msg = "chance by hand: " + keyOf(a.keymap, ActRoll) + " or enter plays a deal or a throw, or type the outcome (:5-3)"
			}
			return true
		},
		ActCall: func() bool { a.callMenu(); return false },
		ActTraining: func() bool {
			a.training = !a.training
			if a.sess.Game.Foul() == nil {
				a.in.Msg = "this variant declares no foul"
			}
			return true
		},
		ActLineNext: step(1),
		ActLinePrev: step(-1),
		ActAIMove:   func() bool { a.startAI(true); return true },
		ActPause: func() bool {
			a.paused = !a.paused
			if a.paused {
				a.cancelAI()
				a.in.Msg = "agents paused: . lets the one to move make one move, space resumes"
			} else {
				a.in.Msg = "agents resumed"
			}
			return true
		},
		ActStep: func() bool {
			if a.agents[a.sess.State().ToMove()] == nil {
				a.in.Msg = "a person is to move"
				return true
			}
			a.stepOnce = true
			a.startAI(false)
			return true
		},
		ActStudy: func() bool { a.startStudy(); return true },
		ActSave: func() bool {
			a.prompt("save record to: ", a.savePath, a.saveRecord)
			return false
		},
		ActOpen: func() bool {
			a.prompt("open record: ", "", func(p string) {
				a.cancelAI()
				if err := a.sess.Load(p); err != nil {
					a.in.Err = err.Error()
				} else {
					a.in.Msg = a.lastText()
					reset()
				}
			})
			return false
		},
		ActNew: func() bool {
			a.cancelAI()
			a.newGame()
			reset()
			return true
		},
		ActEdit:      func() bool { a.runEditor(); return true },
		ActHelp:      func() bool { a.showHelp(); return false },
		ActQuit:      func() bool { a.quit(); return false },
		ActInterrupt: func() bool { a.quit(); return false },
		ActFocus: func() bool {
			if a.rules == nil {
				return true
			}
			if a.tv.GetFocus() == a.rules {
				a.tv.SetFocus(a.board)
			} else {
				a.tv.SetFocus(a.rules)
			}
			return true
		},
		ActSaveRules: func() bool { a.saveRules(); return true },
	}
}

// onKey runs the action bound to a key: global bindings anywhere on the
// main screen, the rules pane's in the pane, the board's elsewhere (the
// move field keeps its keys).
func (a *App) onKey(ev *tcell.EventKey) *tcell.EventKey {
	if a.curtain {
		a.lowerCurtain() // pass-and-play: the next player has the screen
		return nil
	}
	if name, _ := a.pages.GetFrontPage(); name != "main" {
		return ev
	}
	focus := a.tv.GetFocus()
	scopes := []Scope{ScopeGlobal}
	switch {
	case a.rules != nil && focus == a.rules:
		scopes = append(scopes, ScopeRules)
	case focus == a.input:
	default:
		scopes = append(scopes, ScopeBoard)
	}
	act, ok := lookup(a.keymap, ev, scopes...)
	if !ok {
		if focus == a.board {
			return nil // the key map decides: the widget's own keys are not a second map
		}
		return ev
	}
	if act == ActFocus && a.rules == nil {
		return ev
	}
	do := a.actions[act]
	if do == nil {
		return ev
	}
	if act != ActFocus && act != ActSaveRules {
		a.in.ClearMessages()
		// the engine's chance waits after a step back in the record
		a.holdChance = act == ActUndo || act == ActRedo || act == ActGoto || act == ActOpen || act == ActLineNext || act == ActLinePrev
	}
	if do() {
		a.refresh()
		a.maybeAI()
	}
	return nil
}

// saveRecord writes the record to p (the save prompt's answer).
func (a *App) saveRecord(p string) {
	if err := a.sess.Save(p); err != nil {
		a.in.Err = err.Error()
		return
	}
	a.in.Msg = "saved " + p
	a.savePath = p
}

// newGame starts again from the start position, in a new autosave file:
// the game left behind keeps its own.
func (a *App) newGame() {
	a.sess.Reset()
	a.sess.AutosavePath = session.NewAutosaveFile(a.autosaveDir, a.opts.Variant, a.opts.Clock())
	if a.savePath == "" || strings.HasPrefix(a.savePath, a.autosaveDir) {
		a.savePath = a.sess.AutosavePath
	}
	a.listScroll = 0
	a.in.Msg = "new game"
}

// undo takes back the last line; against an agent it goes on until a
// person is to move again, so that the agent does not at once replay its
// move and the person's own last move is taken back.
func (a *App) undo() {
	if !a.sess.Undo() {
		a.in.Msg = "nothing to undo"
		return
	}
	n := 1 + a.undoRun()
	for a.agents[a.sess.State().ToMove()] != nil && a.anyHuman() && a.sess.Undo() {
		n++
		n += a.undoRun()
	}
	a.in.Msg = a.lastText()
	if n > 1 {
		a.in.Msg = fmt.Sprintf("took back %d moves, to %s's last move", n, a.sess.Game.SeatTitle(a.sess.State().ToMove()))
	}
}

// undoRun goes on taking back, after an undo that left a chance event
// pending, the earlier outcomes of the same run (the cards of a deal dealt
// before it), so that undo takes back a whole deal as roll plays one. It
// returns how many lines it took back.
func (a *App) undoRun() int {
	g := a.sess.Game
	s := a.sess.State()
	if !g.AtChance(s) {
		return 0
	}
	run := runOf(s)
	n := 0
	for {
		ev, ok := a.sess.LastEvent()
		if !ok || !ev.IsMove || ev.Effects.Chance == "" || ev.Effects.Chance != g.ChanceEvent(s) {
			return n
		}
		if !a.sess.Undo() {
			return n
		}
		if s = a.sess.State(); runOf(s) != run {
			// the line taken back began another run: put it back
			a.sess.Redo()
			return n
		}
		n++
	}
}

// redo replays the next undone line and, when it was an outcome of a
// chance event whose run goes on, the rest of the run (redo replays a
// whole deal as undo takes one back). It reports whether it replayed
// anything.
func (a *App) redo() bool {
	g := a.sess.Game
	before := a.sess.State()
	at, run := g.AtChance(before), runOf(before)
	if !a.sess.Redo() {
		return false
	}
	for n := 0; at && n < maxRun && a.sess.CanRedo(); n++ {
		if s := a.sess.State(); !g.AtChance(s) || runOf(s) != run || !a.sess.Redo() {
			break
		}
	}
	return true
}

// anyHuman reports whether a person holds a seat.
func (a *App) anyHuman() bool {
	for _, ag := range a.agents {
		if ag == nil {
			return true
		}
	}
	return false
}

func (a *App) onInput(key tcell.Key) {
	if key == tcell.KeyEnter {
		text := strings.TrimSpace(a.input.GetText())
		a.input.SetText("")
		if text != "" {
			a.in.Err, a.in.Msg = "", ""
			a.holdChance = false
			if !a.command(text) {
				a.playText(text)
			}
		}
	}
	a.tv.SetFocus(a.board)
	a.refresh()
	a.maybeAI()
}

func (a *App) playText(text string) {
	word := strings.ToLower(strings.Fields(text)[0])
	if word == "call" || word == "resign" || word == "draw" {
		if err := a.sess.PlayText(text); err != nil {
			a.in.Err = err.Error()
			return
		}
		a.afterCall()
		return
	}
	if out, rest, ok := strings.Cut(text, ":"); ok && a.sess.Game.AtChance(a.sess.State()) {
		// the readings' one-line form: the outcome, then the decision
		if err := a.sess.PlayText(strings.TrimSpace(out)); err != nil {
			a.in.Err = fmt.Sprintf("illegal outcome %q: %v", out, err)
			return
		}
		if text = strings.TrimSpace(rest); text == "" {
			a.in.Msg = a.sess.Last
			a.noteOnlyMove()
			return
		}
	}
	m, err := a.sess.Game.Parse(a.sess.State(), text)
	if err != nil {
		a.in.Err = fmt.Sprintf("illegal move %q: %v", text, err)
		return
	}
	a.tryPlay(m)
}

// roll plays the pending chance event to the end of its run: every
// outcome of it that comes before the next decision (all the cards of a
// deal, one after the other; one throw of dice), each drawn by its weight
// from the editor's stream, seeded by --seed (an agent's seat draws its
// own). A typed outcome (:deal=AC, :5-3) still plays one.
func (a *App) roll() {
	g, s := a.sess.Game, a.sess.State()
	if !g.AtChance(s) {
		a.in.Err = "no chance event is pending"
		return
	}
	if a.thinking {
		return // the seat's agent plays it
	}
	name := g.ChanceEvent(s)
	n, err := a.playRun()
	switch {
	case err != nil:
		a.in.Err = err.Error()
	case n > 1:
		// one line per outcome is in the record; the message names none,
		// so that nothing dealt to another seat shows
		a.in.Msg = fmt.Sprintf("%s: %d outcomes played (the whole %s)", name, n, name)
	}
	a.noteOnlyMove()
}

// noteOnlyMove adds to the message, after a chance event, that the one
// legal move moves nothing ("-": no piece can use the throw) and how to
// play it.
func (a *App) noteOnlyMove() {
	g, s := a.sess.Game, a.sess.State()
	if g.AtChance(s) || g.Result(s).Over || a.agents[s.ToMove()] != nil || boardview.IsCardTable(g) {
		return
	}
	if moves := a.sess.Legal(); len(moves) == 1 && !moves[0].IsPass() && a.noCellMoves() {
		a.in.Msg += fmt.Sprintf("; no piece can move: %s or enter plays %s", keyOf(a.keymap, ActPass), a.sess.Format(moves[0]))
	}
}

// maxRun bounds the outcomes one run plays (a deck of any size is dealt
// in one; a variant whose event never ends stops here).
const maxRun = 4096

// chanceRun identifies one run of a chance event: the event pending, the
// seat to move and the ply. A deal keeps all three until its last card; a
// throw before each decision ply is a run of one.
type chanceRun struct{ ev, seat, ply int }

func runOf(s *core.State) chanceRun { return chanceRun{s.ChancePending(), s.ToMove(), s.Ply()} }

// playRun plays the run of the pending chance event (see roll) and
// returns how many outcomes it played.
func (a *App) playRun() (int, error) {
	g := a.sess.Game
	run := runOf(a.sess.State())
	n := 0
	for n < maxRun {
		s := a.sess.State()
		if !g.AtChance(s) || runOf(s) != run || g.Result(s).Over {
			break
		}
		moves := a.sess.Legal()
		if len(moves) == 0 {
			break
		}
		if err := a.sess.Play(g.Sample(s, moves, a.dice)); err != nil {
			return n, err
		}
		n++
	}
	if n > 0 {
		if a.thinking {
			a.cancelAI()
		}
		a.in.Verdict = ""
		a.in.Msg = a.lastText()
		a.in.Reset()
	}
	return n, nil
}

// autoPlayChance plays the pending chance event at once when the engine
// plays chance for people (the auto-chance key) and a person's seat is
// to move; it reports whether it played anything. It waits while the
// curtain of pass-and-play is up, while a move awaits confirmation or a
// line is previewed, and after an undo, redo or go-to (which would
// otherwise deal again at once what was just taken back).
func (a *App) autoPlayChance() bool {
	g, s := a.sess.Game, a.sess.State()
	if !a.autoChance || a.holdChance || a.curtain || a.thinking || a.in.Preview != nil || a.in.Pending != 0 ||
		a.loading || !g.AtChance(s) || g.Result(s).Over || a.agents[s.ToMove()] != nil {
		return false
	}
	name := g.ChanceEvent(s)
	n, err := a.playRun()
	if err != nil {
		a.in.Err = err.Error()
		return false
	}
	if n > 1 {
		a.in.Msg = fmt.Sprintf("%s: %d outcomes played by the engine", name, n)
	}
	a.noteOnlyMove()
	return n > 0
}

// onCell handles Enter or a click on a cell: the model picks (a piece, a
// target, a bowl) and says why a cell offers no move; the screen plays or
// asks which move.
func (a *App) onCell(cell int) {
	if moves := a.in.Pick(cell); len(moves) > 0 {
		a.choose(moves)
		return
	}
	a.refresh()
}

// noCellMoves reports whether enter should list the legal moves rather
// than pick a cell: the game is drawn as a card table, or no legal move
// names a cell (a throw no piece can use leaves only "-").
func (a *App) noCellMoves() bool {
	g := a.sess.Game
	if boardview.IsCardTable(g) {
		return true
	}
	if g.AtChance(a.sess.State()) {
		return false
	}
	moves := a.sess.Legal()
	for _, m := range moves {
		if m.From() >= 0 || m.To() >= 0 {
			return false
		}
	}
	return len(moves) > 0
}

// choose plays the only move, or asks which one.
func (a *App) choose(moves []core.Move) {
	if len(moves) == 1 {
		a.tryPlay(moves[0])
		a.refresh()
		a.maybeAI()
		return
	}
	a.chooseFrom(moves)
}

// chooseFrom asks which of moves to play, in a list (one move included).
// Moves that differ only in the pieces they mark (*CELL: a subset the
// mover chooses, up to 512 moves for one from–to) are one entry, whose
// marks are then chosen by toggling the candidates (chooseMarks).
func (a *App) chooseFrom(moves []core.Move) {
	choices := session.Choices(a.sess.Game, a.sess.State(), moves)
	if len(choices) == 1 && choices[0].Len() > 1 {
		a.chooseMarks(choices[0])
		return
	}
	list := tview.NewList().ShowSecondaryText(false)
	list.SetBorder(true).SetTitle(" which move? (esc cancels) ")
	a.mono(list)
	width := 36
	for i, c := range choices {
		short := rune(0)
		if i < 9 {
			short = rune('1' + i)
		}
		label := c.Text(c.First())
		if c.Len() > 1 {
			label = fmt.Sprintf("%s, marking any of %s", c.Base, strings.Join(c.Cells, " "))
		}
		width = max(width, len([]rune(label))+8)
		list.AddItem(tview.Escape(label), "", short, func() {
			a.pages.RemovePage("choose")
			if c.Len() > 1 {
				a.chooseMarks(c)
				return
			}
			m, _ := c.Move(c.First())
			a.tryPlay(m)
			a.refresh()
			a.maybeAI()
		})
	}
	list.SetDoneFunc(func() { a.pages.RemovePage("choose"); a.refresh() })
	a.pages.AddPage("choose", centered(list, min(width, 76), len(choices)+2), true, true)
}

// chooseMarks asks which pieces a move marks (a chosen subset: the
// rules' *CELL): a list of the candidates, each with its piece, toggled
// by space, enter or its number, and a first line that plays the move as
// it stands (enter there, or p anywhere). It starts from the rules'
// first subset (for the Ring game's neutral pieces: none marked).
func (a *App) chooseMarks(c *session.Choice) {
	g, s := a.sess.Game, a.sess.State()
	marked := c.First()
	list := tview.NewList().ShowSecondaryText(false)
	title := " " + c.Base + ": which pieces? space toggles, p plays, esc cancels "
	list.SetBorder(true).SetTitle(tview.Escape(title))
	a.mono(list)
	playLine := func() string {
		if _, ok := c.Move(marked); !ok {
			return "not a legal move: " + c.Text(marked)
		}
		return "play " + c.Text(marked)
	}
	cellLine := func(i int) string {
		box := "[ ]"
		if marked[i] {
			box = "[*]"
		}
		line := box + " " + c.Cells[i]
		if cell, ok := g.Board().Index(c.Cells[i]); ok {
			if p := s.Top(cell); p >= 0 {
				line += " " + g.PieceText(g.PieceKindOf(p))
			}
		}
		return line
	}
	play := func() {
		m, ok := c.Move(marked)
		if !ok {
			return
		}
		a.pages.RemovePage("choose")
		a.tryPlay(m)
		a.refresh()
		a.maybeAI()
	}
	toggle := func(i int) {
		marked[i] = !marked[i]
		list.SetItemText(i+1, tview.Escape(cellLine(i)), "")
		list.SetItemText(0, tview.Escape(playLine()), "")
	}
	list.AddItem(tview.Escape(playLine()), "", 'p', play)
	for i := range c.Cells {
		short := rune(0)
		if i < 9 {
			short = rune('1' + i)
		}
		list.AddItem(tview.Escape(cellLine(i)), "", short, func() { toggle(i) })
	}
	list.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		if ev.Key() == tcell.KeyRune && ev.Rune() == ' ' {
			if i := list.GetCurrentItem(); i > 0 {
				toggle(i - 1)
			}
			return nil
		}
		return ev
	})
	list.SetDoneFunc(func() { a.pages.RemovePage("choose"); a.refresh() })
	width := len([]rune(title)) + 4
	for i := range c.Cells {
		width = max(width, len([]rune(cellLine(i)))+10)
	}
	width = max(width, len([]rune(c.Text(make([]bool, len(c.Cells)))))+len(c.Cells)*4+16)
	a.pages.AddPage("choose", centered(list, min(width, 76), len(c.Cells)+3), true, true)
}

// tryPlay plays m, or in training mode first checks that it is no foul.
func (a *App) tryPlay(m core.Move) {
	g := a.sess.Game
	if !a.training || g.Foul() == nil {
		a.commit(m)
		return
	}
	before := a.sess.State().Clone()
	text := a.sess.Format(m)
	a.checking = true
	a.in.Msg = "checking " + text + " for a foul..."
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
			a.in.Pending = m
			a.in.Verdict = fmt.Sprintf("WARNING: %s is a foul: %s wins by force: %s\nsafe instead: %s", text, g.SeatTitle(v.Gainer), strings.Join(v.Line, " "), v.Safe)
			a.in.Msg = "training: enter plays it anyway, esc cancels"
			a.refresh()
		})
	}()
}

func (a *App) commit(m core.Move) {
	if err := a.sess.Play(m); err != nil {
		a.in.Err = err.Error()
		return
	}
	if a.thinking {
		// a person moved while an agent searched the old position: the
		// search is moot, and maybeAI may start the next seat's agent
		a.cancelAI()
	}
	a.in.Verdict = ""
	a.in.Msg = a.lastText()
	a.in.Reset() // a selection belongs to the position before
	if m.IsChance() {
		a.noteOnlyMove()
	}
}

// callMenu lets a player entitled to call the foul call it.
func (a *App) callMenu() {
	g := a.sess.Game
	if g.Foul() == nil {
		a.in.Err = "this variant declares no foul"
		a.refresh()
		return
	}
	if g.Result(a.sess.State()).Over {
		a.in.Err = "the game is over: there is no move to call a foul on"
		a.refresh()
		return
	}
	var callers []int
	for seat := range g.NumSeats() {
		if a.sess.Hist.CanCall(seat) == nil {
			callers = append(callers, seat)
		}
	}
	if len(callers) == 0 {
		if err := a.sess.Hist.CanCall((a.sess.State().ToMove() + 1) % g.NumSeats()); err != nil {
			a.in.Err = err.Error()
		} else {
			a.in.Err = "no one may call now"
		}
		a.refresh()
		return
	}
	list := tview.NewList().ShowSecondaryText(false)
	name := strings.ReplaceAll(g.Foul().Name, "_", " ")
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
		a.in.Err = err.Error()
		a.refresh()
		return
	}
	a.afterCall()
	// the demonstration, move by move, from the position after the move
	if res.Gainer >= 0 {
		g := a.sess.Game
		line := []*core.State{after}
		st := after.Clone()
		for _, txt := range res.Line {
			m, err := g.Parse(st, txt)
			if err != nil || g.Play(st, m) != nil {
				break
			}
			line = append(line, st.Clone())
		}
		a.in.SetPreview(line)
		a.in.Msg = res.Outcome + " — ] steps through the demonstration, esc leaves it"
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
		a.in.Verdict = v
	}
	a.in.Msg = a.lastText()
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

// showHelp shows the key map in pages that fit the screen (80×24 shows
// it in two): space, pgdn or down turns to the next page, pgup or up to
// the one before, any other key closes it.
func (a *App) showHelp() {
	head, lines := helpPages(helpText(a.keymap))
	_, _, _, h := a.root.GetRect()
	// each page holds as many lines as fit, a line wider than the box
	// counting the rows it wraps to
	const inner = 76
	room := 1 << 30
	if h > 2 {
		room = max(1, h-2-len(head))
	}
	var starts []int
	used, most := room, 0
	for i, l := range lines {
		n := max(1, (utf8.RuneCountInString(l)+inner-1)/inner)
		if used+n > room {
			starts = append(starts, i)
			used = 0
		}
		used += n
		most = max(most, used)
	}
	if len(starts) == 0 {
		starts = append(starts, 0)
	}
	starts = append(starts, len(lines))
	pages := len(starts) - 1
	tv := tview.NewTextView()
	tv.SetBorder(true)
	a.mono(tv)
	page := 0
	show := func() {
		tv.SetText(strings.Join(head, "\n") + "\n" + strings.Join(lines[starts[page]:starts[page+1]], "\n"))
		title := " help "
		if pages > 1 {
			title = fmt.Sprintf(" help, page %d of %d (space: next) ", page+1, pages)
		}
		tv.SetTitle(title)
	}
	show()
	tv.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		switch {
		case ev.Key() == tcell.KeyPgDn || ev.Key() == tcell.KeyDown || (ev.Key() == tcell.KeyRune && ev.Rune() == ' '):
			if page+1 < pages {
				page++
				show()
				return nil
			}
		case ev.Key() == tcell.KeyPgUp || ev.Key() == tcell.KeyUp:
			if page > 0 {
				page--
				show()
			}
			return nil
		}
		a.pages.RemovePage("help")
		a.refresh()
		return nil
	})
	rows := len(head) + most + 2
	if h > 2 {
		rows = min(rows, h)
	}
	a.pages.AddPage("help", centered(tv, 78, rows), true, true)
}

// helpPages splits the help text into its heading (up to the blank line)
// and the lines of the key map.
func helpPages(text string) (head, lines []string) {
	all := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range all {
		if l == "" {
			return all[:i+1], all[i+1:]
		}
	}
	return nil, all
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
