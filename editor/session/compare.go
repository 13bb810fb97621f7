package session

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"strings"

	"rulesmith/core"
	"rulesmith/core/spec"
)

// Compare plays the same moves under two variants side by side and marks
// where they diverge.
type Compare struct {
	A, B *Session
	// Changes lists the parameter and rule differences of the two files
	// after extends is resolved.
	Changes []spec.Change
	// Marks holds one entry per move played, in order.
	Marks []Divergence
	// LabelA and LabelB name the two sides: the variants' names, with
	// their sources when the names are the same (a copy made with
	// "rulesmith show" keeps the original's name).
	LabelA, LabelB string
}

// Divergence describes how one move fared under the two variants.
type Divergence struct {
	Ply  int
	Text string
	// Kinds lists what differs: "legal", "captures", "scores", "foul",
	// "result"; empty when the two games agree.
	Kinds []string
	// Detail says it in words, one line per kind.
	Detail []string
	// InA and InB say in which games the move was played (compare view).
	InA, InB bool
}

// NewCompare starts both variants from their start positions.
func NewCompare(a, b *Session) *Compare {
	c := &Compare{A: a, B: b, Changes: core.RuleChanges(a.Game, b.Game), LabelA: a.Game.Name(), LabelB: b.Game.Name()}
	if c.LabelA == c.LabelB {
		c.LabelA += " (" + sourceWord(a.Source) + ")"
		c.LabelB += " (" + sourceWord(b.Source) + ")"
		if c.LabelA == c.LabelB {
			c.LabelA, c.LabelB = "A: "+a.Game.Name(), "B: "+b.Game.Name()
		}
	}
	return c
}

// sourceWord names where a variant came from, briefly: a file's base name,
// or "shipped" for an embedded variant.
func sourceWord(source string) string {
	if strings.HasSuffix(source, ".toml") {
		return filepath.Base(source)
	}
	return "shipped"
}

// OutOfStep reports whether the two games have different seats to move
// (one gave an extra turn, or one game is over), or one waits for a chance
// outcome (a throw) while the other waits for a move: a line of notation
// then means different things in each, so Play refuses it and PlayIn plays
// it in one game.
func (c *Compare) OutOfStep() bool {
	a, b := c.A.State(), c.B.State()
	return a.ToMove() != b.ToMove() || c.A.Game.Result(a).Over != c.B.Game.Result(b).Over ||
		c.A.Game.AtChance(a) != c.B.Game.AtChance(b)
}

func (c *Compare) toMove(s *Session) string {
	if r := s.Game.Result(s.State()); r.Over {
		return "over (" + resultWords(s.Game, r) + ")"
	}
	if s.Game.AtChance(s.State()) {
		return s.Game.SeatTitle(s.State().ToMove()) + " to roll " + s.Game.ChanceEvent(s.State())
	}
	return s.Game.SeatTitle(s.State().ToMove()) + " to move"
}

// AtChance reports whether both games wait for a chance outcome (the
// games in step): Roll then draws one for both.
func (c *Compare) AtChance() bool {
	return !c.OutOfStep() && c.A.Game.AtChance(c.A.State())
}

// Roll draws the pending chance outcome (a throw) by its weight from rng in
// game A and plays the same outcome, by its notation, in both games, so the
// two editions are compared on the same dice; an outcome B's rules do not
// have is played in A only and marked. It fails when no outcome is pending
// or the games are out of step.
func (c *Compare) Roll(rng *rand.Rand) (Divergence, error) {
	if c.OutOfStep() {
		return Divergence{Ply: len(c.Marks) + 1}, fmt.Errorf("the games are out of step (%s: %s; %s: %s): type a:OUTCOME or b:OUTCOME to roll in one game", c.LabelA, c.toMove(c.A), c.LabelB, c.toMove(c.B))
	}
	g, s := c.A.Game, c.A.State()
	if !g.AtChance(s) {
		return Divergence{Ply: len(c.Marks) + 1}, fmt.Errorf("no chance event is pending")
	}
	moves := c.A.Legal()
	if len(moves) == 0 {
		return Divergence{Ply: len(c.Marks) + 1}, fmt.Errorf("no chance outcome is possible")
	}
	return c.Play(c.A.Format(g.Sample(s, moves, rng)))
}

// PlayIn plays text in one game only (side 0 is A, 1 is B), to bring
// games that are out of step back together.
func (c *Compare) PlayIn(side int, text string) (Divergence, error) {
	s, label := c.A, c.LabelA
	if side == 1 {
		s, label = c.B, c.LabelB
	}
	d := Divergence{Ply: len(c.Marks) + 1, Text: text, InA: side == 0, InB: side == 1}
	if err := s.PlayText(text); err != nil {
		return d, fmt.Errorf("%s: %w", label, err)
	}
	c.Marks = append(c.Marks, d)
	return d, nil
}

// Diverged reports whether the divergence is not empty.
func (d Divergence) Diverged() bool { return len(d.Kinds) > 0 }

func (d *Divergence) add(kind, format string, args ...any) {
	d.Kinds = append(d.Kinds, kind)
	d.Detail = append(d.Detail, fmt.Sprintf(format, args...))
}

// options lists the legal moves of s sharing the move's text before any
// "x" (the capture choices of one landing), formatted.
func options(s *Session, text string) []string {
	base, _, _ := strings.Cut(text, "x")
	var out []string
	for _, m := range s.Legal() {
		f := s.Format(m)
		if b, _, _ := strings.Cut(f, "x"); strings.EqualFold(b, base) {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// Play plays text in both games (where legal) and records the divergence:
// what this move did differently, not the differences that earlier moves
// left behind. It fails when the move is legal in neither, and when the
// games are out of step (see OutOfStep).
//
// While both games wait for a chance outcome, text may be the readings'
// one-line form "OUTCOME: MOVE" (5-3: E, t5+3): the outcome is played in
// both, then the move, each marked as its own line.
func (c *Compare) Play(text string) (Divergence, error) {
	d := Divergence{Ply: len(c.Marks) + 1, Text: text}
	if out, rest, ok := strings.Cut(text, ":"); ok && c.AtChance() {
		if d, err := c.Play(strings.TrimSpace(out)); err != nil || strings.TrimSpace(rest) == "" {
			return d, err
		}
		return c.Play(strings.TrimSpace(rest))
	}
	if c.OutOfStep() {
		return d, fmt.Errorf("the games are out of step (%s: %s; %s: %s): type a:MOVE or b:MOVE to play in one game", c.LabelA, c.toMove(c.A), c.LabelB, c.toMove(c.B))
	}
	ma, errA := c.A.Game.Parse(c.A.State(), text)
	mb, errB := c.B.Game.Parse(c.B.State(), text)
	if errA != nil && errB != nil {
		return d, fmt.Errorf("illegal in both: %s: %v; %s: %v", c.LabelA, errA, c.LabelB, errB)
	}
	switch {
	case errA != nil:
		d.add("legal", "legal only in %s (%s: %v)", c.LabelB, c.LabelA, errA)
	case errB != nil:
		d.add("legal", "legal only in %s (%s: %v)", c.LabelA, c.LabelB, errB)
	default:
		oa, ob := options(c.A, text), options(c.B, text)
		if strings.Join(oa, " ") != strings.Join(ob, " ") {
			d.add("captures", "capture choices differ: %s: %s; %s: %s", c.LabelA, strings.Join(oa, " "), c.LabelB, strings.Join(ob, " "))
		}
		if c.A.Game.Foul() != nil && c.B.Game.Foul() != nil {
			va, ea := c.A.Game.AnalyzeFoul(c.A.State(), ma)
			vb, eb := c.B.Game.AnalyzeFoul(c.B.State(), mb)
			if ea == nil && eb == nil && (va.Foul != vb.Foul || va.Unavoidable != vb.Unavoidable || va.Gainer != vb.Gainer) {
				d.add("foul", "foul verdicts differ: %s: %s; %s: %s", c.LabelA, verdictText(c.A.Game, va), c.LabelB, verdictText(c.B.Game, vb))
			}
		} else if (c.A.Game.Foul() == nil) != (c.B.Game.Foul() == nil) {
			// one variant has no foul at all: say so once, on the first move
			if len(c.Marks) == 0 {
				d.add("foul", "only %s judges fouls", foulOwner(c))
			}
		}
	}
	if errA == nil {
		if err := c.A.Play(ma); err != nil {
			return d, err
		}
		d.InA = true
	}
	if errB == nil {
		if err := c.B.Play(mb); err != nil {
			return d, err
		}
		d.InB = true
	}
	if d.InA && d.InB {
		ea, _ := c.A.LastEvent()
		eb, _ := c.B.LastEvent()
		diff := compareEvents(c.A.Game, c.B.Game, c.LabelA, c.LabelB, ea, eb, c.A.State(), c.B.State())
		d.Kinds = append(d.Kinds, diff.Kinds...)
		d.Detail = append(d.Detail, diff.Detail...)
	}
	c.Marks = append(c.Marks, d)
	return d, nil
}

func foulOwner(c *Compare) string {
	if c.A.Game.Foul() != nil {
		return c.A.Game.Name()
	}
	return c.B.Game.Name()
}

func verdictText(g *core.Game, v core.Verdict) string {
	switch {
	case v.Foul:
		return "foul, " + g.SeatTitle(v.Gainer) + " would win"
	case v.Unavoidable:
		return "unavoidable foul"
	case v.Gainer >= 0:
		return g.SeatTitle(v.Gainer) + " wins by force (no foul)"
	}
	return "no foul"
}

// Undo takes the last move back in both games.
func (c *Compare) Undo() bool {
	if len(c.Marks) == 0 {
		return false
	}
	last := c.Marks[len(c.Marks)-1]
	c.Marks = c.Marks[:len(c.Marks)-1]
	if last.InA {
		c.A.Undo()
	}
	if last.InB {
		c.B.Undo()
	}
	return true
}
