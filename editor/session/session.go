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
	"path/filepath"
	"strings"

	"rulesmith/core"
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

	lines []string // the record: moves in notation, "call P", "resign P"
	redo  []string
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
	}
	m, err := s.Game.Parse(s.Hist.State, text)
	if err != nil {
		return err
	}
	return s.Play(m)
}

// Play plays a legal move.
func (s *Session) Play(m core.Move) error {
	text := s.Format(m)
	if err := s.Hist.Play(m); err != nil {
		return err
	}
	s.lines = append(s.lines, text)
	s.redo = nil
	s.Last, s.LastCall = text, nil
	s.autosave()
	return nil
}

// Call judges a foul call by seat on the last move and applies it.
func (s *Session) Call(seat int) (core.CallResult, error) {
	res, err := s.Hist.Call(seat)
	if err != nil {
		return res, err
	}
	s.lines = append(s.lines, "call "+s.Game.Seats[seat])
	s.redo = nil
	s.Last, s.LastCall = res.Outcome, &res
	s.autosave()
	return res, nil
}

// Resign takes seat out of the game.
func (s *Session) Resign(seat int) error {
	if err := s.Hist.Resign(seat); err != nil {
		return err
	}
	s.lines = append(s.lines, "resign "+s.Game.Seats[seat])
	s.redo = nil
	s.Last = s.Game.Seats[seat] + " resigns"
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
	h := core.NewHistory(s.Game, s.Game.NewState())
	recs := make([]core.RecordLine, len(lines))
	for i, l := range lines {
		recs[i] = core.RecordLine{Line: i + 1, Text: l}
	}
	if _, err := s.Game.ReplayEvents(h, recs); err != nil {
		return err
	}
	s.Hist, s.lines = h, append([]string(nil), lines...)
	return nil
}

// Record returns the game in the CLI's record format.
func (s *Session) Record() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: a game played in rulesmith\n", s.Game.Name)
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

// WriteAtomic writes data to path through a temporary file in the same
// directory and a rename.
func WriteAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".rulesmith-*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
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
	h := core.NewHistory(s.Game, s.Game.NewState())
	if _, err := s.Game.ReplayEvents(h, recs); err != nil {
		return fmt.Errorf("%s:%w", path, err)
	}
	lines := make([]string, len(recs))
	for i, r := range recs {
		lines[i] = r.Text
	}
	s.Hist, s.lines, s.redo = h, lines, nil
	s.Last, s.LastCall = fmt.Sprintf("loaded %s (%d lines)", path, len(lines)), nil
	s.autosave()
	return nil
}

func (s *Session) autosave() {
	if s.AutosavePath != "" {
		_ = s.Save(s.AutosavePath)
	}
}

// ReloadResult says how the game fared under reloaded rules.
type ReloadResult struct {
	// Kept is the number of record lines still legal.
	Kept int
	// Broken is the first line that became illegal (nil if none) with the
	// engine's reason.
	Broken *core.ReplayError
}

// Reload switches to new rules and replays the game under them; the
// record stops before the first line that became illegal, which is
// reported. The dropped lines are kept for redo.
func (s *Session) Reload(g *core.Game) ReloadResult {
	s.Game = g
	h := core.NewHistory(g, g.NewState())
	recs := make([]core.RecordLine, len(s.lines))
	for i, l := range s.lines {
		recs[i] = core.RecordLine{Line: i + 1, Text: l}
	}
	var res ReloadResult
	_, err := g.ReplayEvents(h, recs)
	var re *core.ReplayError
	if errors.As(err, &re) {
		res.Broken = re
		res.Kept = re.Line - 1
		// rebuild the legal prefix
		h = core.NewHistory(g, g.NewState())
		_, _ = g.ReplayEvents(h, recs[:res.Kept])
		dropped := s.lines[res.Kept:]
		for i := len(dropped) - 1; i >= 0; i-- {
			s.redo = append(s.redo, dropped[i])
		}
		s.lines = s.lines[:res.Kept]
	} else {
		res.Kept = len(s.lines)
	}
	s.Hist = h
	s.autosave()
	return res
}

// AutosaveFile returns the default autosave path for a variant:
// $XDG_STATE_HOME/rulesmith/autosave/NAME.txt (or ~/.local/state/...).
func AutosaveFile(variant string) string {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			home = os.TempDir()
		}
		dir = filepath.Join(home, ".local", "state")
	}
	name := strings.NewReplacer("/", "-", "\\", "-", ":", "-").Replace(strings.TrimSuffix(filepath.Base(variant), ".toml"))
	if !strings.HasSuffix(variant, ".toml") {
		name = strings.NewReplacer("/", "-").Replace(variant)
	}
	return filepath.Join(dir, "rulesmith", "autosave", name+".txt")
}
