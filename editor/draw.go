package editor

import (
	"fmt"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"rulesmith/core"
)

// ---- drawing --------------------------------------------------------------

func (a *App) color(c, text string) string {
	if a.opts.Mono {
		return text
	}
	return "[" + c + "]" + text + "[-]"
}

func (a *App) mode() string {
	switch {
	case a.in.Preview != nil:
		return fmt.Sprintf("preview %d/%d", a.in.PreviewAt, len(a.in.Preview)-1)
	case a.in.Pending != 0:
		return "confirm"
	case a.tv != nil && a.tv.GetFocus() == a.input:
		return "typing"
	case a.rules != nil && a.tv != nil && a.tv.GetFocus() == a.rules:
		return "rules"
	case a.in.Selected >= 0:
		return "select"
	case a.thinking:
		return "thinking"
	case a.loading:
		return "loading"
	case a.paused:
		return "paused"
	}
	return "play"
}

func (a *App) refresh() {
	g := a.sess.Game
	s := a.sess.State()
	shown := s
	if a.in.Preview != nil {
		shown = a.in.Preview[a.in.PreviewAt]
	}
	a.board.SetPosition(g, shown)
	a.board.SetSelected(a.in.Selected)
	a.board.SetTargets(a.in.Targets)
	a.board.SetPath(a.in.Path)
	if a.in.Preview == nil {
		a.board.SetLastMove(a.lastMove())
	} else {
		a.board.SetLastMove(-1, -1)
	}
	a.board.SetTitle(a.boardTitle())
	a.board.SetViewer(a.tableSeats())
	r := g.Result(s)
	st := tview.Escape("["+a.mode()+"]") + " "
	switch {
	case a.in.Err != "":
		st += a.color("red", tview.Escape(a.in.Err))
	case a.in.Msg != "":
		st += tview.Escape(a.in.Msg)
	case a.loading:
		st += "loading the rules… esc cancels"
	case a.loadErr != "":
		st += a.color("red", tview.Escape("the file does not load: "+a.loadErr))
	case a.mode() == "rules":
		st += "ctrl+s saves the rules and reloads them  tab back to the board"
	case g.AtChance(s) && !r.Over && a.agents[s.ToMove()] == nil:
		st += hints(a.keymap, ActRoll, ActAutoChance, ActType, ActUndo, ActHelp, ActQuit)
	case a.noCellMoves() && !r.Over:
		st += hints(a.keymap, ActSelect, ActType, ActUndo, ActRedo, ActHelp, ActQuit)
	case g.Foul() != nil:
		st += hints(a.keymap, ActType, ActUndo, ActCall, ActHelp, ActQuit)
	default:
		st += hints(a.keymap, ActType, ActUndo, ActRedo, ActHelp, ActQuit)
	}
	a.status.SetText(st)
	a.statusText = st
	if a.pages != nil {
		a.checkCurtain()
	}
}

// statusRows is the most rows the status area takes.
const statusRows = 3

// fitStatus gives the status area the rows its text wraps to on a screen
// w columns wide (at most statusRows: a long reason wraps). The
// application calls it before each draw, when the screen's width is known
// (before the first draw the widgets' own width is tview's placeholder).
func fitStatus(root *tview.Flex, status tview.Primitive, text string, w int) {
	if root == nil || w <= 0 {
		return
	}
	root.ResizeItem(status, min(statusRows, max(1, len(tview.WordWrap(text, w)))), 0)
}

// lastMove returns the origin and target of the last move played (-1 for
// none): the marks every board draws, in colour and in NO_COLOR alike.
func (a *App) lastMove() (from, to int) {
	ev, ok := a.sess.LastEvent()
	if !ok || !ev.IsMove {
		return -1, -1
	}
	return ev.Effects.From, ev.Effects.To
}

// boardTitle names the game, and in edit mode which rules it plays: the
// file as loaded at a time, and whether the file on disk fails to load.
func (a *App) boardTitle() string {
	if !a.opts.Edit {
		return " " + a.sess.Game.Title() + " "
	}
	// what rules are in play comes first: a narrow title loses its end
	t := " rules " + a.rulesAt.Format("15:04:05")
	switch {
	case a.loading:
		t += " (loading…)"
	case a.loadErr != "":
		t += " (broken)"
	}
	return t + " · " + a.sess.Game.Title() + " "
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

// handText lists what a seat has in hand: each kind's board glyph, with
// its count when more than one ("R N B P", "W×9"), or "-".
func handText(g *core.Game, s *core.State, seat int) string {
	var parts []string
	for k, kind := range g.Kinds() {
		n := s.HandLeft(seat, k)
		if n <= 0 {
			continue
		}
		gl := kind.BoardGlyph
		if gl == "" {
			gl = kind.Glyph
		}
		if n > 1 {
			gl += fmt.Sprintf("×%d", n)
		}
		parts = append(parts, gl)
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// sideText is the side panel for an inner size of w×h: whose turn, scores
// (when the variant keeps points), the last verdict and the end of the
// move list (as much as fits).
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
		if g.AtChance(s) && a.agents[s.ToMove()] == nil {
			fmt.Fprintf(&b, "%s: enter/%s plays it, or type :%s\n", tview.Escape(g.ChanceEvent(s)),
				tview.Escape(keyOf(a.keymap, ActRoll)), tview.Escape(a.sess.Format(a.sess.Legal()[0])))
		}
	}
	if !g.AtChance(s) {
		// the throw to use (while one is pending, the last is in the record)
		for _, line := range g.ChanceShown(s) {
			fmt.Fprintln(&b, tview.Escape(line))
		}
	}
	if a.autoChance && g.HasChance() {
		fmt.Fprintf(&b, "auto-chance (%s turns it off)\n", tview.Escape(keyOf(a.keymap, ActAutoChance)))
	}
	if len(g.Phases()) > 1 {
		fmt.Fprintf(&b, "phase: %s\n", g.Phases()[s.Phase()])
	}
	scores := g.Scores(s)
	hands := false
	for i := range g.Seats() {
		hands = hands || handText(g, s, i) != "-"
	}
	viewer := a.viewer()
	titleW := 7 // the titles in one column, however long ("A (south)")
	for i := range g.Seats() {
		titleW = max(titleW, len([]rune(g.SeatTitle(i))))
	}
	for i := range g.Seats() {
		title := g.SeatTitle(i)
		// the titles padded to one column, then what follows them; a
		// variant that keeps no points (a race) shows no score
		line := title + strings.Repeat(" ", titleW-len([]rune(title)))
		if g.KeepsPoints() {
			line += fmt.Sprintf(" %3d", scores[i])
		}
		if g.Foul() != nil && g.Foul().Remedy == "takeback" {
			line += fmt.Sprintf("  takebacks %d", s.Takebacks(i))
		}
		if s.Eliminated(i) {
			line += "  out"
		}
		if hands && viewer == core.AllSeats {
			line += "  hand " + handText(g, s, i)
		} else if hands {
			line += "  hand " + zoneText(g, s, 0, i, viewer)
		}
		fmt.Fprintln(&b, a.color(a.seatColor(i), tview.Escape(strings.TrimRight(line, " "))))
	}
	for _, l := range a.zoneLines() {
		fmt.Fprintln(&b, tview.Escape(l))
	}
	if a.training {
		fmt.Fprintln(&b, a.color("aqua", "training: fouls are warned before they are played"))
	}
	if a.loadErr != "" {
		fmt.Fprintf(&b, "%s\n", a.color("red", tview.Escape("playing the rules of "+a.rulesAt.Format("15:04:05"))))
	}
	if a.in.Verdict != "" {
		fmt.Fprintf(&b, "\n%s\n", tview.Escape(a.in.Verdict))
	}
	if len(a.loadDiags) > 0 {
		b.WriteString("\n" + a.color("red", "the file fails:") + "\n")
		// the first problem with its caret (the pane's cursor is on it),
		// the others counted: the move list keeps its room
		fmt.Fprintf(&b, "%s\n", tview.Escape(caretLines(a.loadDiags[0], w)))
		if n := len(a.loadDiags) - 1; n > 0 {
			fmt.Fprintf(&b, "(and %d more: rulesmith validate lists them)\n", n)
		}
	}
	if st := a.studyText(); st != "" {
		fmt.Fprintf(&b, "\n%s", tview.Escape(st))
	}
	events := a.sess.Events()
	future := a.sess.Future()
	header := fmt.Sprintf("moves (%d):\n", len(events))
	if len(future) > 0 {
		header = fmt.Sprintf("moves (%d) + %d to redo:\n", len(events), len(future))
	}
	b.WriteString("\n")
	var list []string
	for i, ev := range events {
		l := fmt.Sprintf("%3d. %s", i+1, tview.Escape(ev.TextFor(a.viewer())))
		if ev.Seat >= 0 && ev.IsMove {
			l += "  " + a.color(a.seatColor(ev.Seat), tview.Escape(g.SeatTitle(ev.Seat)))
		}
		if ev.Says != "" {
			l += "\n     " + tview.Escape(ev.Says)
		}
		list = append(list, l)
	}
	if len(future) > 0 {
		list = append(list, "  ── r redoes; a move branches")
		for i, f := range future {
			list = append(list, a.color("gray", fmt.Sprintf("%3d. %s", len(events)+i+1, tview.Escape(f))))
		}
	}
	// the list ends a few undone moves past the current position, or at
	// its end; listScroll scrolls it back by entries
	end := len(list)
	if len(future) > 0 {
		end = min(len(list), len(events)+1+3)
	}
	a.listScroll = min(a.listScroll, max(0, end-1)) // no scrolling past the start
	end = min(len(list), max(1, end-a.listScroll))
	below := len(list) - end
	list = list[:end]
	// entry heights at this width (an entry may take several rows)
	height := func(entry string) int {
		n := 0
		for _, l := range strings.Split(entry, "\n") {
			n += max(1, len(tview.WordWrap(l, max(w, 1))))
		}
		return n
	}
	room := 40
	if w > 0 && h > 0 {
		// what stands above the list gets the rows the last entries of
		// the list (up to minList rows) leave; the rest is cut with "…"
		const minList = 4
		need := 0
		for i := len(list) - 1; i >= 0 && need < minList; i-- {
			need += height(list[i])
		}
		need = min(need, minList)
		if below > 0 {
			need++
		}
		var rows []string
		for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			wrapped := tview.WordWrap(l, w)
			if len(wrapped) == 0 {
				wrapped = []string{""}
			}
			rows = append(rows, wrapped...)
		}
		if limit := h - 1 - need; len(rows) > limit && limit > 1 {
			rows = append(rows[:limit-1], "…")
			b.Reset()
			for _, r := range rows {
				b.WriteString(r + "\n")
			}
		}
		room = max(1, h-len(rows)-1)
	}
	b.WriteString(header)
	if below > 0 {
		room-- // for "more below"
	}
	// the end of the list, as much as fits
	total := 0
	for _, l := range list {
		total += height(l)
	}
	shown := list
	if total > room {
		budget, used := room-1, 0 // a row for "…"
		start := len(list)
		for start > 0 && (start == len(list) || used+height(list[start-1]) <= budget) {
			used += height(list[start-1])
			start--
		}
		shown = list[start:]
		b.WriteString("  … (pgup)\n")
	}
	if below > 0 {
		shown = append(shown, fmt.Sprintf("  … %d more (pgdn)", below))
	}
	for _, l := range shown {
		b.WriteString(l + "\n")
	}
	return b.String()
}

func (a *App) seatColor(seat int) string {
	g := a.sess.Game
	if seat >= 0 && seat < len(g.SeatColors()) {
		return g.SeatColors()[seat]
	}
	palette := []string{"white", "red", "aqua", "green", "yellow", "fuchsia", "blue", "silver"}
	return palette[seat%len(palette)]
}
