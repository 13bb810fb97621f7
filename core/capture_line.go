// This file holds the line capture: a move along a direction takes the
// unbroken line of enemy pieces that starts on the cell beyond the landing
// cell in the move's direction (approach), or on the cell behind the origin
// (withdrawal), up to the first empty cell, own piece or edge. When a
// landing allows both, each is its own move and the notation says which
// (`d3-e3A`, `d3-e3W`). The victims are not stored in the move: the
// direction and the choice decide them, so a line has no cap. It is on the
// hot path and allocates nothing.

package core

import (
	"fmt"
	"strings"
)

// The choices of a line capture, stored in bits 4-5 of a move's detail
// (the direction is in bits 0-3).
const (
	lineApproach   = 1
	lineWithdrawal = 2
	lineShift      = 4
	lineDirMask    = 1<<lineShift - 1
)

// lineMarks are the letters written after the landing cell.
var lineMarks = [3]string{"", "A", "W"}

var captureLinesKey = Key{Name: "capture_lines", Type: TStrings, Allowed: []string{"approach", "withdrawal"},
	Doc: `line: approach takes the line beyond the landing cell, withdrawal the line behind the origin (default: both; each is its own move, written A or W after the landing cell)`}

var lineCapture = captureType{
	name: "line",
	doc:  "take the unbroken line of enemy pieces beyond the landing cell (approach) or behind the origin (withdrawal), up to the first gap or own piece",
	kind: capLine,
	keys: []*Key{&captureLinesKey},
	compile: func(c *compiler, p string, cs *captureSpec) bool {
		b := c.g.board
		if len(b.Dirs) == 0 {
			c.r.Errorf(p, "%s: a line capture needs a board with directions", p)
			return false
		}
		if len(b.Dirs) > lineDirMask+1 {
			c.r.Errorf(p, "%s: a line capture needs a board with at most %d directions; this one has %d", p, lineDirMask+1, len(b.Dirs))
			return false
		}
		kinds := []string{"approach", "withdrawal"}
		if c.has(p, &captureLinesKey) {
			kinds = c.readStrings(p, &captureLinesKey)
		}
		for i, k := range kinds {
			switch k {
			case "approach":
				cs.approach = true
			case "withdrawal":
				cs.withdrawal = true
			default:
				c.r.ValueErrorf(fmt.Sprintf("%s.capture_lines.%d", p, i), "%s.capture_lines: unknown line %q (want approach or withdrawal)", p, k)
				return false
			}
		}
		if !cs.approach && !cs.withdrawal {
			c.r.ValueErrorf(p+".capture_lines", "%s.capture_lines: name approach, withdrawal or both", p)
			return false
		}
		if cs.withdrawal {
			for d := range b.Dirs {
				if b.Opposite(d) < 0 {
					c.r.Errorf(p, "%s: a withdrawal needs the opposite of every direction; %q has none", p, b.Dirs[d])
					return false
				}
			}
		}
		return true
	},
}

// lineRun counts the pieces of the unbroken line of capturable pieces
// that starts on the first cell of the ray from c in direction d, and
// removes them when take is set (awarding their points first). It stops
// at the first empty cell, piece it may not take, or the board's edge.
func (cs *captureSpec) lineRun(s *State, c, d, mover, side int, take bool) (n int, err error) {
	g := s.g
	if d < 0 {
		return 0, nil
	}
	rays, roff := g.board.RayTable()
	k := c*len(g.board.Dirs) + d
	for _, x := range rays[roff[k]:roff[k+1]] {
		v := int(x)
		if !cs.capturable(s, v, mover, side) {
			break
		}
		n += s.Height(v)
		if take {
			if cs.points {
				if seat, val, ok := cs.award(s, 0, s.Top(v), mover); !ok {
					return n, s.pointsError("capture_points", seat, val)
				}
			}
			cs.remove(s, v)
		}
	}
	return n, nil
}

// lineCounts returns the pieces an approach and a withdrawal would take on
// a move from `from` to t in direction d (0 when that capture is not
// allowed or takes nothing).
func (cs *captureSpec) lineCounts(s *State, from, t, d, mover, side int) (approach, withdrawal int) {
	if cs.capIf != nil && !cs.capIf.allows(s, from, t, 0, -1) {
		return 0, 0
	}
	if cs.approach {
		approach, _ = cs.lineRun(s, t, d, mover, side, false)
	}
	if cs.withdrawal {
		withdrawal, _ = cs.lineRun(s, from, s.g.board.Opposite(d), mover, side, false)
	}
	return approach, withdrawal
}

// emitLine appends the moves of a landing on t from `from` in direction d:
// without capture when optional or nothing can be taken, then the
// approach and the withdrawal when each takes something.
func (cs *captureSpec) emitLine(s *State, out []Move, rule, from, t, d, mover, side int) []Move {
	a, w := cs.lineCounts(s, from, t, d, mover, side)
	if cs.optional || a+w == 0 {
		out = append(out, mkMove(rule, from, t, d))
	}
	if a > 0 {
		out = append(out, mkMove(rule, from, t, d|lineApproach<<lineShift))
	}
	if w > 0 {
		out = append(out, mkMove(rule, from, t, d|lineWithdrawal<<lineShift))
	}
	return out
}

// lineChoice returns the move's line (0: none, lineApproach or
// lineWithdrawal) and its direction.
func lineChoice(m Move) (which, d int) {
	a := m.Aux()
	return (a >> lineShift) & 3, a & lineDirMask
}

// lineStart returns the cell and direction of the ray whose cells the
// move's line capture walks.
func (cs *captureSpec) lineStart(s *State, m Move) (c, d int) {
	which, d := lineChoice(m)
	switch which {
	case lineApproach:
		return m.To(), d
	case lineWithdrawal:
		return m.From(), s.g.board.Opposite(d)
	}
	return -1, -1
}

// moverSide returns the seat to move and the side of the piece on from.
func moverSide(s *State, from int) (mover, side int) {
	mover = s.ToMove()
	side = mover
	if p := s.Top(from); p >= 0 {
		side = int(s.g.pieceOwner[p])
	}
	return mover, side
}

// applyLine removes the line the move takes; s is the position before the
// move.
func (cs *captureSpec) applyLine(s *State, m Move, mover int, rule string) error {
	c, d := cs.lineStart(s, m)
	if c < 0 {
		return nil
	}
	_, side := moverSide(s, m.From())
	if _, err := cs.lineRun(s, c, d, mover, side, true); err != nil {
		return fmt.Errorf("rule %q: %w", rule, err)
	}
	return nil
}

// countLine returns the pieces the move's line capture takes from s.
func (cs *captureSpec) countLine(s *State, m Move) int {
	c, d := cs.lineStart(s, m)
	if c < 0 {
		return 0
	}
	mover, side := moverSide(s, m.From())
	n, _ := cs.lineRun(s, c, d, mover, side, false)
	return n
}

// takesLine reports whether the move's line capture takes piece p.
func (cs *captureSpec) takesLine(s *State, m Move, p int) bool {
	c, d := cs.lineStart(s, m)
	if c < 0 {
		return false
	}
	mover, side := moverSide(s, m.From())
	n := 0
	rays, roff := s.g.board.RayTable()
	k := c*len(s.g.board.Dirs) + d
	for _, x := range rays[roff[k]:roff[k+1]] {
		if !cs.capturable(s, int(x), mover, side) {
			return false
		}
		for q := s.Top(int(x)); q >= 0; q = s.Below(q) {
			if q == p {
				return true
			}
		}
		n++
	}
	return false
}

// lineMark returns the letter written after the landing cell of a move
// (A: approach, W: withdrawal, "": no capture).
func lineMark(m Move) string {
	which, _ := lineChoice(m)
	return lineMarks[which]
}

// splitLineMark splits a trailing A or W (any case) off a move's text.
func splitLineMark(text string) (rest string, which int) {
	if n := len(text); n > 1 {
		switch strings.ToUpper(text[n-1:]) {
		case "A":
			return text[:n-1], lineApproach
		case "W":
			return text[:n-1], lineWithdrawal
		}
	}
	return text, 0
}

// explainLine says why a landing that is otherwise legal cannot make the
// line capture `which` the text asked for (or, asked for none, why it
// must capture).
func (cs *captureSpec) explainLine(s *State, from, to, which int) (string, bool) {
	g := s.g
	b := g.board
	d := -1
	for dd := range b.Dirs {
		for _, x := range b.Ray(from, dd) {
			if int(x) == to {
				d = dd
			}
		}
	}
	if d < 0 {
		return "", false
	}
	mover, side := moverSide(s, from)
	a, w := cs.lineCounts(s, from, to, d, mover, side)
	name := map[int]string{lineApproach: "an approach", lineWithdrawal: "a withdrawal"}
	switch {
	case which == lineApproach && !cs.approach, which == lineWithdrawal && !cs.withdrawal:
		return fmt.Sprintf("this rule makes no %s capture", strings.TrimPrefix(strings.TrimPrefix(name[which], "an "), "a ")), true
	case which == lineApproach && a == 0:
		return fmt.Sprintf("%s-%s makes no approach: the point beyond %s in that direction holds no piece to take", b.Cells[from].Name, b.Cells[to].Name, b.Cells[to].Name), true
	case which == lineWithdrawal && w == 0:
		return fmt.Sprintf("%s-%s makes no withdrawal: the point behind %s holds no piece to take", b.Cells[from].Name, b.Cells[to].Name, b.Cells[from].Name), true
	case which == 0 && !cs.optional && a+w > 0:
		return fmt.Sprintf("%s-%s captures, and the capture must be written: %s-%s%s", b.Cells[from].Name, b.Cells[to].Name,
			b.Cells[from].Name, b.Cells[to].Name, map[bool]string{true: "A", false: "W"}[a > 0]), true
	}
	return "", false
}
