package core

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// RecordLine is one move line of a game record.
type RecordLine struct {
	Line int    // 1-based line number in the record file
	Text string // the move as written, comment and surrounding space removed
}

// Limits on a record.
const (
	// MaxRecordLines bounds the lines of a record.
	MaxRecordLines = 1 << 20
	// MaxRecordBytes bounds the size of a record, in bytes.
	MaxRecordBytes = 16 << 20
)

// ReadRecord reads a game record: one move per line; '#' starts a comment;
// blank lines are ignored; a UTF-8 byte-order mark at the start is skipped.
func ReadRecord(r io.Reader) ([]RecordLine, error) {
	var out []RecordLine
	lr := &io.LimitedReader{R: r, N: MaxRecordBytes + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	n := 0
	for sc.Scan() {
		n++
		if n > MaxRecordLines {
			return nil, fmt.Errorf("record: more than %d lines", MaxRecordLines)
		}
		t := sc.Text()
		if n == 1 {
			if strings.HasPrefix(t, "\xff\xfe") || strings.HasPrefix(t, "\xfe\xff") {
				return nil, fmt.Errorf("record: UTF-16 text (a record is UTF-8: save it as such)")
			}
			t = strings.TrimPrefix(t, "\uFEFF")
		}
		if !utf8.ValidString(t) {
			return nil, fmt.Errorf("record: line %d is not UTF-8 text (a record is UTF-8: save it as such)", n)
		}
		if i := strings.IndexByte(t, '#'); i >= 0 {
			t = t[:i]
		}
		if i := strings.IndexFunc(t, isControl); i >= 0 {
			r, _ := utf8.DecodeRuneInString(t[i:])
			return nil, fmt.Errorf("record: line %d: a control character (%U) at column %d", n, r, utf8.RuneCountInString(t[:i])+1)
		}
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		out = append(out, RecordLine{Line: n, Text: t})
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("record: line %d is longer than 64 KiB", n+1)
		}
		return nil, fmt.Errorf("record: line %d: %w", n+1, err)
	}
	if lr.N <= 0 {
		return nil, fmt.Errorf("record: larger than %d bytes", MaxRecordBytes)
	}
	return out, nil
}

// isControl reports a control character a record's line may not hold
// (a tab may separate words).
func isControl(r rune) bool { return unicode.IsControl(r) && r != '\t' }

// ReplayError reports the first record line that could not be played.
type ReplayError struct {
	Line int
	Text string
	Err  error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("%d: illegal move %q: %v", e.Line, e.Text, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Event is one applied record line: a move, a judged foul call or a
// resignation.
type Event struct {
	Line int
	Text string
	// Call is set for a "call P" line.
	Call *CallResult
}

// Replay plays the record's lines from the start position into h. It stops
// at the first line that is not a legal move (or a call or resignation that
// may not be made) and returns a *ReplayError.
func (g *Game) Replay(h *History, lines []RecordLine) error {
	_, err := g.ReplayEvents(h, lines)
	return err
}

// ReplayEvents is Replay that also returns what each line did. Besides
// moves and chance outcomes (a line of its own, "5-3", or before the
// decision on one line, "5-3: MOVE"; each is an Event), a record may hold "call P" (player P calls the variant's foul on
// the move just played; the engine judges it and applies the outcome),
// "resign P" and "draw agreed".
func (g *Game) ReplayEvents(h *History, lines []RecordLine) ([]Event, error) {
	var events []Event
	var buf []Move
	for _, l := range lines {
		word, arg, _ := strings.Cut(l.Text, " ")
		arg = strings.TrimSpace(arg)
		switch strings.ToLower(word) {
		case "draw":
			if !strings.EqualFold(arg, "agreed") {
				return events, &ReplayError{Line: l.Line, Text: l.Text, Err: fmt.Errorf("want \"draw agreed\"")}
			}
			if err := h.AgreeDraw(); err != nil {
				return events, &ReplayError{Line: l.Line, Text: l.Text, Err: err}
			}
			events = append(events, Event{Line: l.Line, Text: l.Text})
			continue
		case "call", "resign":
			seat, ok := g.SeatIndex(arg)
			if !ok {
				return events, &ReplayError{Line: l.Line, Text: l.Text, Err: fmt.Errorf("unknown player %q (players: %s)", arg, strings.Join(g.seats, ", "))}
			}
			if strings.ToLower(word) == "resign" {
				if err := h.Resign(seat); err != nil {
					return events, &ReplayError{Line: l.Line, Text: l.Text, Err: err}
				}
				events = append(events, Event{Line: l.Line, Text: l.Text})
				continue
			}
			res, err := h.Call(seat)
			if err != nil {
				return events, &ReplayError{Line: l.Line, Text: l.Text, Err: err}
			}
			events = append(events, Event{Line: l.Line, Text: l.Text, Call: &res})
			continue
		}
		text := l.Text
		if out, rest, ok := strings.Cut(text, ":"); ok && g.AtChance(h.State) {
			// the readings' one-line form "5-3: MOVE": the outcome, then
			// the decision
			out = strings.TrimSpace(out)
			m, err := g.Parse(h.State, out)
			if err != nil {
				return events, &ReplayError{Line: l.Line, Text: out, Err: err}
			}
			if err := h.Play(m); err != nil {
				return events, &ReplayError{Line: l.Line, Text: out, Err: err}
			}
			events = append(events, Event{Line: l.Line, Text: out})
			if text = strings.TrimSpace(rest); text == "" {
				continue
			}
		}
		// a seat left without a move is dealt with first (a mate that
		// eliminates it and hands its turn on), as in play: Parse, being
		// pure, would read the move as the stuck seat's
		if !h.State.Over() && h.State.buf[hChance] == 0 {
			buf = h.Game.Settle(h.State, buf[:0])
		}
		m, err := g.Parse(h.State, text)
		if err != nil {
			return events, &ReplayError{Line: l.Line, Text: text, Err: err}
		}
		if err := h.Play(m); err != nil {
			return events, &ReplayError{Line: l.Line, Text: text, Err: err}
		}
		events = append(events, Event{Line: l.Line, Text: text})
	}
	return events, nil
}
