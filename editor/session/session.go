// Package session is the editor's model: a game being played or explored
// under a variant, its record, undo and redo, foul calls, saving and
// autosaving, and reloading the rules. It never imports tview; the screens
// in package editor observe it.
package session

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"

	"rulesmith/core"
	// the session judges foul calls: the referee must be linked
	_ "rulesmith/core/referee"
	"rulesmith/core/spec"
)

// Session is one game under one variant. It is used from one goroutine
// (the UI's event loop); work for other goroutines is handed a copy of the
// State.
type Session struct {
	// Game is the compiled variant; replaced by Reload.
	Game *core.Game
	// Hist is the game so far.
	Hist *core.History
	// Source names the variant (an embedded name or a file path).
	Source string
	// AutosavePath, when set, receives the record after every change.
	AutosavePath string

	lines  []string // the record: moves in notation, "call P", "resign P"
	events []Event  // what each line did, one per line
	redo   []string
	// Last is what the last action did, for the status line.
	Last string
	// LastCall is the last judged foul call, if the last action was one.
	LastCall *core.CallResult
}

// New starts a session at the start position of g.
func New(g *core.Game, source string) *Session {
	return &Session{Game: g, Hist: core.NewHistory(g, g.NewState()), Source: source}
}

// State returns the current position (do not modify it).
func (s *Session) State() *core.State { return s.Hist.State }

// Lines returns the record's lines.
func (s *Session) Lines() []string { return append([]string(nil), s.lines...) }

// Events returns what each record line did, one event per line.
func (s *Session) Events() []Event { return append([]Event(nil), s.events...) }

// LastEvent returns the last line's event, if there is one.
func (s *Session) LastEvent() (Event, bool) {
	if len(s.events) == 0 {
		return Event{}, false
	}
	return s.events[len(s.events)-1], true
}

// Legal returns the legal moves of the seat to move.
func (s *Session) Legal() []core.Move { return s.Hist.Legal(nil) }

// MovesAt returns the legal moves that start from cell c, or, for moves
// with no origin (placements), that target c.
func (s *Session) MovesAt(c int) []core.Move {
	var out []core.Move
	for _, m := range s.Legal() {
		if m.From() == c || (m.From() < 0 && m.To() == c) {
			out = append(out, m)
		}
	}
	return out
}

// Format prints a move in notation in the current position.
func (s *Session) Format(m core.Move) string { return s.Game.Format(s.Hist.State, m) }

// PlayText plays a move written in notation, or a "call P" / "resign P"
// line. An illegal move returns the engine's reason and changes nothing.
func (s *Session) PlayText(text string) error {
	text = strings.TrimSpace(text)
	if text == "" {
		return errors.New("type a move in notation")
	}
	word, arg, _ := strings.Cut(text, " ")
	switch strings.ToLower(word) {
	case "call":
		seat, ok := s.Game.SeatIndex(strings.TrimSpace(arg))
		if !ok {
			return fmt.Errorf("unknown player %q", arg)
		}
		_, err := s.Call(seat)
		return err
	case "resign":
		seat, ok := s.Game.SeatIndex(strings.TrimSpace(arg))
		if !ok {
			return fmt.Errorf("unknown player %q", arg)
		}
		return s.Resign(seat)
	case "draw":
		if !strings.EqualFold(strings.TrimSpace(arg), "agreed") {
			return errors.New(`want "draw agreed"`)
		}
		return s.AgreeDraw()
	}
	m, err := s.Game.Parse(s.Hist.State, text)
	if err != nil {
		return err
	}
	return s.Play(m)
}

// Play plays a legal move.
func (s *Session) Play(m core.Move) error {
	ev, err := playLine(s.Hist, s.Format(m), m, len(s.lines)+1)
	if err != nil {
		return err
	}
	s.push(ev)
	s.Last, s.LastCall = ev.String(), nil
	s.autosave()
	return nil
}

func (s *Session) push(ev Event) {
	s.lines = append(s.lines, ev.Text)
	s.events = append(s.events, ev)
	s.redo = nil
}

// playLine plays m (written text) on h and narrates it.
func playLine(h *core.History, text string, m core.Move, ply int) (Event, error) {
	g := h.Game
	before := h.State.Clone()
	if err := h.Play(m); err != nil {
		return Event{}, err
	}
	eff := g.MoveEffects(before, h.State, m)
	ev := Event{Ply: ply, Seat: before.ToMove(), Text: text, IsMove: true, Effects: eff}
	if g.HasHidden() {
		for viewer := -1; viewer < g.NumSeats(); viewer++ {
			if g.MoveHidden(before, h.State, m, viewer) {
				if ev.hidden == nil {
					ev.hidden = make([]bool, g.NumSeats()+1)
				}
				ev.hidden[viewer+1] = true
			}
		}
	}
	chance := ""
	if eff.Chance != "" && len(g.Zones()) > 0 {
		chance = dealtTo(g, before, h.State, eff.Chance, ev.hidden == nil)
	}
	if chance != "" {
		ev.Seat = -1 // a card dealt or turned is no seat's move
	}
	ev.Says = narrate(g, eff, chance)
	return ev, nil
}

// Call judges a foul call by seat on the last move and applies it.
func (s *Session) Call(seat int) (core.CallResult, error) {
	res, err := s.Hist.Call(seat)
	if err != nil {
		return res, err
	}
	s.push(Event{Ply: len(s.lines) + 1, Seat: seat, Text: "call " + s.Game.Seat(seat), Says: res.Outcome})
	s.Last, s.LastCall = res.Outcome, &res
	s.autosave()
	return res, nil
}

// Resign takes seat out of the game.
func (s *Session) Resign(seat int) error {
	if err := s.Hist.Resign(seat); err != nil {
		return err
	}
	says := resignSays(s.Game, s.Hist.State, seat)
	s.push(Event{Ply: len(s.lines) + 1, Seat: seat, Text: "resign " + s.Game.Seat(seat), Says: says})
	s.Last = says
	s.autosave()
	return nil
}

// resignSays tells a resignation: at once, or a notice that takes effect
// after the seat's last moves.
func resignSays(g *core.Game, st *core.State, seat int) string {
	if n := st.Notice(seat); n > 0 && !st.Eliminated(seat) {
		return fmt.Sprintf("%s gives notice of resignation: %s", g.SeatTitle(seat), map[bool]string{true: "the next move is the last", false: "the move after next is the last"}[n == 1])
	}
	return g.SeatTitle(seat) + " resigns"
}

// AgreeDraw ends the game in a draw the players agree ("draw agreed").
func (s *Session) AgreeDraw() error {
	if err := s.Hist.AgreeDraw(); err != nil {
		return err
	}
	s.push(Event{Ply: len(s.lines) + 1, Seat: -1, Text: "draw agreed", Says: "the players agree a draw"})
	s.Last = "the players agree a draw"
	s.autosave()
	return nil
}

// Undo takes back the last line of the record (a move, a call or a
// resignation); it reports false when there is none.
func (s *Session) Undo() bool {
	if len(s.lines) == 0 {
		return false
	}
	last := s.lines[len(s.lines)-1]
	if err := s.rebuild(s.lines[:len(s.lines)-1]); err != nil {
		return false
	}
	s.redo = append(s.redo, last)
	s.Last, s.LastCall = "undid "+last, nil
	s.autosave()
	return true
}

// Redo replays the last undone line; it reports false when there is none.
func (s *Session) Redo() bool {
	if len(s.redo) == 0 {
		return false
	}
	next := s.redo[len(s.redo)-1]
	redo := s.redo[:len(s.redo)-1]
	if err := s.PlayText(next); err != nil {
		return false
	}
	s.redo = redo
	return true
}

// CanRedo reports whether there is an undone line.
func (s *Session) CanRedo() bool { return len(s.redo) > 0 }

// rebuild replays lines from the start position.
func (s *Session) rebuild(lines []string) error {
	h, events, err := replay(s.Game, lines)
	if err != nil {
		return err
	}
	s.Hist, s.lines, s.events = h, append([]string(nil), lines...), events
	return nil
}

// replay plays record lines from the start position of g, narrating each;
// it stops at the first line that cannot be played, with a
// *core.ReplayError, and returns the game up to it.
func replay(g *core.Game, lines []string) (*core.History, []Event, error) {
	h := core.NewHistory(g, g.NewState())
	events := make([]Event, 0, len(lines))
	for i, l := range lines {
		ev, err := replayLine(h, l, i+1)
		if err != nil {
			return h, events, &core.ReplayError{Line: i + 1, Text: l, Err: err}
		}
		events = append(events, ev)
	}
	return h, events, nil
}

// replayLine plays one record line (a move, "call P" or "resign P") on h.
func replayLine(h *core.History, line string, ply int) (Event, error) {
	g := h.Game
	word, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	switch strings.ToLower(word) {
	case "draw":
		if !strings.EqualFold(strings.TrimSpace(arg), "agreed") {
			return Event{}, errors.New(`want "draw agreed"`)
		}
		if err := h.AgreeDraw(); err != nil {
			return Event{}, err
		}
		return Event{Ply: ply, Seat: -1, Text: line, Says: "the players agree a draw"}, nil
	case "call", "resign":
		seat, ok := g.SeatIndex(strings.TrimSpace(arg))
		if !ok {
			return Event{}, fmt.Errorf("unknown player %q (players: %s)", arg, strings.Join(g.Seats(), ", "))
		}
		if strings.ToLower(word) == "resign" {
			if err := h.Resign(seat); err != nil {
				return Event{}, err
			}
			return Event{Ply: ply, Seat: seat, Text: line, Says: resignSays(g, h.State, seat)}, nil
		}
		res, err := h.Call(seat)
		if err != nil {
			return Event{}, err
		}
		return Event{Ply: ply, Seat: seat, Text: line, Says: res.Outcome}, nil
	}
	m, err := g.Parse(h.State, line)
	if err != nil {
		return Event{}, err
	}
	return playLine(h, line, m, ply)
}

// Record returns the game in the CLI's record format.
func (s *Session) Record() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: a game played in rulesmith\n", s.Game.Name())
	for _, l := range s.lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// Save writes the record to path atomically (a temporary file renamed
// over it), so a crash never leaves half a record.
func (s *Session) Save(path string) error {
	return WriteAtomic(path, []byte(s.Record()))
}

// Load replaces the game by the record in path (played from the start).
func (s *Session) Load(path string) error {
	data, err := spec.ReadFile(path, core.MaxRecordBytes)
	if err != nil {
		return err
	}
	recs, err := core.ReadRecord(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	lines := make([]string, len(recs))
	for i, r := range recs {
		lines[i] = r.Text
	}
	h, events, err := replay(s.Game, lines)
	if err != nil {
		var re *core.ReplayError
		if errors.As(err, &re) {
			// the line number in the file, not the index
			re.Line = recs[re.Line-1].Line
		}
		return fmt.Errorf("%s:%w", path, err)
	}
	s.Hist, s.lines, s.events, s.redo = h, lines, events, nil
	s.Last, s.LastCall = fmt.Sprintf("loaded %s (%d lines)", path, len(lines)), nil
	s.autosave()
	return nil
}

// autosave writes the record to AutosavePath. A game with no line yet
// is not written (opening the editor leaves no empty autosave behind),
// unless the file already holds an earlier state of this game.
func (s *Session) autosave() {
	if s.AutosavePath == "" {
		return
	}
	if len(s.lines) == 0 {
		if _, err := os.Stat(s.AutosavePath); err != nil {
			return
		}
	}
	_ = s.Save(s.AutosavePath)
}

// Future returns the undone lines that redo would replay, in order.
func (s *Session) Future() []string {
	out := make([]string, 0, len(s.redo))
	for i := len(s.redo) - 1; i >= 0; i-- {
		out = append(out, s.redo[i])
	}
	return out
}

// GoTo moves to the position after ply lines of the record (0 is the
// start), undoing or redoing as needed; the lines after it stay for redo,
// and a new move played there branches (it drops them). It reports an
// error when the ply is out of range or a redone line is refused.
func (s *Session) GoTo(ply int) error {
	if total := len(s.lines) + len(s.redo); ply < 0 || ply > total {
		return fmt.Errorf("no ply %d: the record has plies 0 to %d", ply, total)
	}
	for len(s.lines) > ply {
		if !s.Undo() {
			return fmt.Errorf("cannot go back to ply %d", ply)
		}
	}
	for len(s.lines) < ply {
		if !s.Redo() {
			return fmt.Errorf("ply %d %q cannot be replayed under these rules", len(s.lines)+1, s.Future()[0])
		}
	}
	s.Last = fmt.Sprintf("at ply %d of %d", ply, len(s.lines)+len(s.redo))
	return nil
}

// Reset starts the game again from the start position: no lines, nothing
// to redo. The autosave file is left as it was (give the session a new
// AutosavePath for the new game).
func (s *Session) Reset() {
	s.Hist = core.NewHistory(s.Game, s.Game.NewState())
	s.lines, s.events, s.redo = nil, nil, nil
	s.Last, s.LastCall = "new game", nil
}
