package editor

import (
	"fmt"
	"rulesmith/core"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// ---- input ------------------------------------------------------------------

func (a *App) onKey(ev *tcell.EventKey) *tcell.EventKey {
	if name, _ := a.pages.GetFrontPage(); name != "main" {
		return ev
	}
	focus := a.tv.GetFocus()
	if ev.Key() == tcell.KeyCtrlC {
		a.quit()
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
			break // refresh, and the next seat's agent starts
		}
		return ev // the board calls onCell
	case ActCancel:
		if a.cancelReload() {
			break
		}
		a.selected, a.targets, a.preview, a.pending = -1, nil, nil, 0
	case ActType:
		a.tv.SetFocus(a.input)
	case ActUndo:
		a.cancelAI()
		a.undo()
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
		a.prompt("save record to: ", a.savePath, func(p string) {
			if err := a.sess.Save(p); err != nil {
				a.errText = err.Error()
			} else {
				a.msg = "saved " + p
				a.savePath = p
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
		a.quit()
		return nil
	}
	a.refresh()
	a.maybeAI()
	return nil
}

// undo takes back the last line; against an agent it goes on until a
// person is to move again, so that the agent does not at once replay its
// move and the person's own last move is taken back.
func (a *App) undo() {
	if !a.sess.Undo() {
		a.msg = "nothing to undo"
		return
	}
	n := 1
	for a.agents[a.sess.State().ToMove()] != nil && a.anyHuman() && a.sess.Undo() {
		n++
	}
	a.msg = a.sess.Last
	if n > 1 {
		a.msg = fmt.Sprintf("took back %d moves, to %s's last move", n, a.sess.Game.SeatTitle(a.sess.State().ToMove()))
	}
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
	if g.Result(a.sess.State()).Over {
		a.errText = "the game is over: there is no move to call a foul on"
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
