package session

import (
	"fmt"
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
}

// NewCompare starts both variants from their start positions.
func NewCompare(a, b *Session) *Compare {
	return &Compare{A: a, B: b, Changes: spec.Diff(a.Game.Doc, b.Game.Doc)}
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

// Play plays text in both games (where legal) and records the divergence.
// It fails only when the move is legal in neither.
func (c *Compare) Play(text string) (Divergence, error) {
	d := Divergence{Ply: len(c.Marks) + 1, Text: text}
	ma, errA := c.A.Game.Parse(c.A.State(), text)
	mb, errB := c.B.Game.Parse(c.B.State(), text)
	if errA != nil && errB != nil {
		return d, fmt.Errorf("illegal in both: %s: %v; %s: %v", c.A.Game.Name, errA, c.B.Game.Name, errB)
	}
	switch {
	case errA != nil:
		d.add("legal", "legal only in %s (%s: %v)", c.B.Game.Name, c.A.Game.Name, errA)
	case errB != nil:
		d.add("legal", "legal only in %s (%s: %v)", c.A.Game.Name, c.B.Game.Name, errB)
	default:
		oa, ob := options(c.A, text), options(c.B, text)
		if strings.Join(oa, " ") != strings.Join(ob, " ") {
			d.add("captures", "capture choices differ: %s: %s; %s: %s", c.A.Game.Name, strings.Join(oa, " "), c.B.Game.Name, strings.Join(ob, " "))
		}
		if c.A.Game.Foul != nil && c.B.Game.Foul != nil {
			va, ea := c.A.Game.AnalyzeFoul(c.A.State(), ma)
			vb, eb := c.B.Game.AnalyzeFoul(c.B.State(), mb)
			if ea == nil && eb == nil && (va.Foul != vb.Foul || va.Unavoidable != vb.Unavoidable || va.Gainer != vb.Gainer) {
				d.add("foul", "foul verdicts differ: %s: %s; %s: %s", c.A.Game.Name, verdictText(c.A.Game, va), c.B.Game.Name, verdictText(c.B.Game, vb))
			}
		} else if (c.A.Game.Foul == nil) != (c.B.Game.Foul == nil) {
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
	}
	if errB == nil {
		if err := c.B.Play(mb); err != nil {
			return d, err
		}
	}
	sa, sb := c.A.Game.Scores(c.A.State()), c.B.Game.Scores(c.B.State())
	if fmt.Sprint(sa) != fmt.Sprint(sb) {
		d.add("scores", "scores differ: %s: %v; %s: %v", c.A.Game.Name, sa, c.B.Game.Name, sb)
	}
	ra, rb := c.A.Game.Result(c.A.State()), c.B.Game.Result(c.B.State())
	if ra != rb {
		d.add("result", "results differ: %s: %s; %s: %s", c.A.Game.Name, c.A.Game.ResultString(ra), c.B.Game.Name, c.B.Game.ResultString(rb))
	}
	c.Marks = append(c.Marks, d)
	return d, nil
}

func foulOwner(c *Compare) string {
	if c.A.Game.Foul != nil {
		return c.A.Game.Name
	}
	return c.B.Game.Name
}

func verdictText(g *core.Game, v core.Verdict) string {
	switch {
	case v.Foul:
		return "foul, " + g.Seats[v.Gainer] + " would win"
	case v.Unavoidable:
		return "unavoidable foul"
	case v.Gainer >= 0:
		return g.Seats[v.Gainer] + " wins by force (no foul)"
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
	legalA, legalB := true, true
	for _, k := range last.Detail {
		if strings.HasPrefix(k, "legal only in "+c.A.Game.Name) {
			legalB = false
		}
		if strings.HasPrefix(k, "legal only in "+c.B.Game.Name) {
			legalA = false
		}
	}
	if legalA {
		c.A.Undo()
	}
	if legalB {
		c.B.Undo()
	}
	return true
}
