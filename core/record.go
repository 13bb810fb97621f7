package core

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// RecordLine is one move line of a game record.
type RecordLine struct {
	Line int    // 1-based line number in the record file
	Text string // the move as written, comment and surrounding space removed
}

// MaxRecordLines bounds the size of a record.
const MaxRecordLines = 1 << 20

// ReadRecord reads a game record: one move per line; '#' starts a comment;
// blank lines are ignored.
func ReadRecord(r io.Reader) ([]RecordLine, error) {
	var out []RecordLine
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	n := 0
	for sc.Scan() {
		n++
		if n > MaxRecordLines {
			return nil, fmt.Errorf("record: more than %d lines", MaxRecordLines)
		}
		t := sc.Text()
		if i := strings.IndexByte(t, '#'); i >= 0 {
			t = t[:i]
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
	return out, nil
}

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

// Replay plays the record's lines from the start position into h. It stops
// at the first line that is not a legal move and returns a *ReplayError.
func (g *Game) Replay(h *History, lines []RecordLine) error {
	for _, l := range lines {
		m, err := g.Parse(h.State, l.Text)
		if err != nil {
			return &ReplayError{Line: l.Line, Text: l.Text, Err: err}
		}
		if err := h.Play(m); err != nil {
			return &ReplayError{Line: l.Line, Text: l.Text, Err: err}
		}
	}
	return nil
}
