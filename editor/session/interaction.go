package session

import (
	"fmt"
	"strings"

	"rulesmith/core"
)

// Interaction is a play screen's interaction state, free of any UI
// library: the piece picked up and its targets, a move waiting for
// confirmation (training mode), a demonstration being stepped through,
// the verdict shown beside the board, and the messages of the status
// line. Screens draw it and register with OnChange; its methods are the
// screen's verbs, so they are tested without a screen.
type Interaction struct {
	S *Session
	// Selected is the cell of the piece picked up (-1 for none); Targets
	// the cells its legal moves go to.
	Selected int
	Targets  []int
	// Path is a chain being built hop by hop: the selected piece's cell
	// and the landings chosen so far (nil before the first hop). Targets
	// then lists the next landings; picking the last landing again stops
	// there when the rules allow.
	Path []int
	// Pending is a move waiting for confirmation (0 for none).
	Pending core.Move
	// Preview is a line of positions being stepped through (a foul's
	// demonstration), PreviewAt the one shown; nil for none.
	Preview   []*core.State
	PreviewAt int
	// Verdict is the latest judgement (a reload's, a foul call's); it
	// stays until the next one.
	Verdict string
	// Msg and Err are the status line's message and error; each key
	// clears them (ClearMessages).
	Msg, Err string

	listeners []func()
}

// NewInteraction starts with nothing selected.
func NewInteraction(s *Session) *Interaction { return &Interaction{S: s, Selected: -1} }

// OnChange registers f, called after every change made through the
// Interaction's methods.
func (in *Interaction) OnChange(f func()) { in.listeners = append(in.listeners, f) }

func (in *Interaction) changed() {
	for _, f := range in.listeners {
		f()
	}
}

// ClearMessages clears the status line's message and error.
func (in *Interaction) ClearMessages() { in.Msg, in.Err = "", "" }

// Reset drops the selection and any preview (the position changed).
func (in *Interaction) Reset() {
	in.Selected, in.Targets, in.Path, in.Preview = -1, nil, nil, nil
	in.changed()
}

// Cancel drops the selection, the preview and a pending move.
func (in *Interaction) Cancel() {
	in.Pending = 0
	in.Reset()
}

// SetPreview shows a line of positions from its first.
func (in *Interaction) SetPreview(line []*core.State) {
	in.Preview, in.PreviewAt = line, 0
	in.changed()
}

// StepPreview moves n positions along the preview (within its ends).
func (in *Interaction) StepPreview(n int) {
	if in.Preview == nil {
		return
	}
	in.PreviewAt = max(0, min(len(in.Preview)-1, in.PreviewAt+n))
	in.Msg = "the demonstration: ] and [ step through it, esc leaves it"
	in.changed()
}

// Confirm returns the pending move and clears it (0 when none).
func (in *Interaction) Confirm() core.Move {
	m := in.Pending
	in.Pending = 0
	in.changed()
	return m
}

// Pick handles enter or a click on cell. It picks up a piece (and lists
// its targets), drops it again, or, on a target or on a cell whose moves
// need no second cell (placements, sowing), returns the moves to play
// there: one to play at once, several to choose from. A cell with no
// legal move says why in Err.
//
// A move through several cells (a chain of jumps) is built hop by hop:
// on a landing from which the chosen moves go on, Pick extends Path and
// lights the next landings; picking the last landing again plays the
// chain that stops there, when the rules allow it.
func (in *Interaction) Pick(cell int) []core.Move {
	defer in.changed()
	in.ClearMessages()
	in.Preview = nil
	s := in.S
	g := s.Game
	if cell < 0 || cell >= g.Board().N() {
		return nil
	}
	name := g.Board().Cells[cell].Name
	if in.Selected >= 0 {
		if moves, done := in.hop(cell); done {
			return moves
		}
		if cell == in.Selected && len(in.Path) < 2 {
			in.Selected, in.Targets, in.Path = -1, nil, nil
			return nil
		}
		if len(s.MovesAt(cell)) == 0 {
			in.Err = fmt.Sprintf("%s is not a target of the selected piece", name)
			return nil
		}
	}
	moves := s.MovesAt(cell)
	if len(moves) == 0 {
		in.Err = in.noMove(cell)
		return nil
	}
	// moves with no origin (placements) or no target (sowing) play here
	if moves[0].From() < 0 || moves[0].To() < 0 {
		return moves
	}
	in.Selected, in.Targets, in.Path = cell, nil, nil
	in.Targets = in.next([]int{cell})
	in.Msg = fmt.Sprintf("%s: %d target(s); enter on one plays it", name, len(in.Targets))
	return nil
}

// paths returns the legal moves from the selected piece whose cells
// begin with prefix, and their cells.
func (in *Interaction) paths(prefix []int) ([]core.Move, [][]int) {
	s := in.S
	var moves []core.Move
	var cells [][]int
	for _, m := range s.MovesAt(in.Selected) {
		p := s.Game.Path(s.State(), m)
		if len(p) < len(prefix) {
			continue
		}
		ok := true
		for i, c := range prefix {
			ok = ok && p[i] == c
		}
		if ok {
			moves, cells = append(moves, m), append(cells, p)
		}
	}
	return moves, cells
}

// next returns the cells the moves that begin with prefix go to next.
func (in *Interaction) next(prefix []int) []int {
	var out []int
	seen := map[int]bool{}
	_, cells := in.paths(prefix)
	for _, p := range cells {
		if len(p) > len(prefix) && !seen[p[len(prefix)]] {
			seen[p[len(prefix)]] = true
			out = append(out, p[len(prefix)])
		}
	}
	return out
}

// hop handles a pick while a piece is selected: a next landing (played,
// or added to the path when the chain may go on) or the last landing
// again (stop there). done is false when the cell is neither.
func (in *Interaction) hop(cell int) (moves []core.Move, done bool) {
	g := in.S.Game
	path := in.Path
	if len(path) == 0 {
		path = []int{in.Selected}
	}
	isTarget := false
	for _, t := range in.Targets {
		isTarget = isTarget || t == cell
	}
	if isTarget {
		ext := append(append([]int(nil), path...), cell)
		var exact []core.Move
		goesOn := false
		ms, cells := in.paths(ext)
		for i, p := range cells {
			if len(p) == len(ext) {
				exact = append(exact, ms[i])
			} else {
				goesOn = true
			}
		}
		if !goesOn {
			in.Selected, in.Targets, in.Path = -1, nil, nil
			return exact, true
		}
		in.Path = ext
		in.Targets = in.next(ext)
		at := g.Board().Cells[cell].Name
		if len(exact) > 0 {
			in.Msg = fmt.Sprintf("%s: the move may go on (%d next landing(s) lit) or stop: enter on %s again stops here", pathText(g, ext), len(in.Targets), at)
		} else {
			in.Msg = fmt.Sprintf("%s: the move must go on (%d next landing(s) lit)", pathText(g, ext), len(in.Targets))
		}
		return nil, true
	}
	if len(path) >= 2 && cell == path[len(path)-1] {
		ms, cells := in.paths(path)
		var exact []core.Move
		for i, p := range cells {
			if len(p) == len(path) {
				exact = append(exact, ms[i])
			}
		}
		if len(exact) == 0 {
			in.Err = fmt.Sprintf("%s may not stop on %s: the move must go on", pathText(g, path), g.Board().Cells[cell].Name)
			return nil, true
		}
		in.Selected, in.Targets, in.Path = -1, nil, nil
		return exact, true
	}
	if len(path) >= 2 {
		in.Err = fmt.Sprintf("%s is not a next landing of %s (esc drops the move)", g.Board().Cells[cell].Name, pathText(g, path))
		return nil, true
	}
	return nil, false
}

// pathText writes cells as a1-c3-e5.
func pathText(g *core.Game, cells []int) string {
	var b strings.Builder
	for i, c := range cells {
		if i > 0 {
			b.WriteString("-")
		}
		b.WriteString(g.Board().Cells[c].Name)
	}
	return b.String()
}

// noMove says why cell offers the seat to move no move.
func (in *Interaction) noMove(cell int) string {
	s := in.S
	g, st := s.Game, s.State()
	name := g.Board().Cells[cell].Name
	mover := g.SeatTitle(st.ToMove())
	if r := g.Result(st); r.Over {
		return "the game is over (" + resultWords(g, r) + ")"
	}
	if p := st.Top(cell); p >= 0 {
		k := g.PieceKindOf(p)
		switch {
		case k.Owner >= 0 && k.Owner != st.ToMove():
			return fmt.Sprintf("%s holds %s's %s; %s is to move", name, g.SeatTitle(k.Owner), pieceWord(g, k), mover)
		default:
			return fmt.Sprintf("%s's %s on %s has no legal move", mover, pieceWord(g, k), name) + in.movesFrom()
		}
	}
	if st.Count(cell) == 0 && st.Height(cell) == 0 {
		if len(s.Legal()) > 0 && s.Legal()[0].From() >= 0 && s.Legal()[0].To() < 0 {
			return fmt.Sprintf("%s is empty: %s has nothing to sow there", name, mover)
		}
		return fmt.Sprintf("no legal move at %s (empty)", name) + in.movesFrom()
	}
	return fmt.Sprintf("no legal move at %s for %s", name, mover) + in.movesFrom()
}

// movesFrom says where the legal moves start when they start at a few
// cells only, in board order ("; moves start at nestA": Pachisi's only
// move after a 5 enters from the nest), or "" when none starts at a cell
// or they start at more than movesFromMax.
func (in *Interaction) movesFrom() string {
	g := in.S.Game
	from := map[int]bool{}
	for _, m := range in.S.Legal() {
		if c := m.From(); c >= 0 && c < g.Board().N() {
			from[c] = true
		}
	}
	if len(from) == 0 || len(from) > movesFromMax {
		return ""
	}
	var names []string
	for c := range g.Board().N() {
		if from[c] {
			names = append(names, g.Board().Cells[c].Name)
		}
	}
	return "; moves start at " + strings.Join(names, ", ")
}

// movesFromMax is the most start cells movesFrom names.
const movesFromMax = 3
