package session

import (
	"fmt"
	"strings"

	"rulesmith/core"
)

// ReloadResult says how the game fared under reloaded rules.
type ReloadResult struct {
	// Kept is the number of record lines still legal.
	Kept int
	// Broken is the first line that became illegal (nil if none) with the
	// engine's reason.
	Broken *core.ReplayError
	// Change is the first line whose outcome differs between the old and
	// the new rules (nil when every line plays out the same): legal under
	// one only, different pieces or stones taken, scores, an extra turn
	// gained or lost, seats out of play, the phase, the result.
	Change *Divergence
}

// ReloadPlan is a reload worked out away from the session: the game
// replayed under the new rules and compared with the old, ready to apply.
// PlanReload touches no session, so it may run on any goroutine.
type ReloadPlan struct {
	Game   *core.Game
	Result ReloadResult
	hist   *core.History
	lines  []string // the lines as planned for (all of them)
	events []Event  // the kept lines' events
}

// PlanReload replays lines under old and new rules side by side and finds
// the first line whose outcome differs, and the first that the new rules
// refuse.
func PlanReload(old, g *core.Game, lines []string) *ReloadPlan {
	p := &ReloadPlan{Game: g, lines: append([]string(nil), lines...)}
	ho := core.NewHistory(old, old.NewState())
	hn := core.NewHistory(g, g.NewState())
	oldOK := true // the old replay follows along while it can
	for i, l := range lines {
		var evo Event
		var erro error
		if oldOK {
			evo, erro = replayLine(ho, l, i+1)
			oldOK = erro == nil
		}
		evn, errn := replayLine(hn, l, i+1)
		if errn != nil {
			p.Result.Broken = &core.ReplayError{Line: i + 1, Text: l, Err: errn}
			if p.Result.Change == nil {
				d := Divergence{Ply: i + 1, Text: l}
				d.add("legal", "now illegal: %v", errn)
				p.Result.Change = &d
			}
			break
		}
		p.Result.Kept++
		p.events = append(p.events, evn)
		if p.Result.Change == nil && oldOK {
			if d := compareEvents(old, g, "the old rules", "the new rules", evo, evn, ho.State, hn.State); d.Diverged() {
				d.Ply, d.Text = i+1, l
				p.Result.Change = &d
			}
		} else if p.Result.Change == nil && erro != nil {
			d := Divergence{Ply: i + 1, Text: l}
			d.add("legal", "now legal (the old rules refused it: %v)", erro)
			p.Result.Change = &d
		}
	}
	p.hist = hn
	return p
}

// compareEvents lists what differs between one line's outcomes under two
// rule sets, named la and lb; so and sn are the positions after it.
func compareEvents(ga, gb *core.Game, la, lb string, o, n Event, so, sn *core.State) Divergence {
	var d Divergence
	eo, en := o.Effects, n.Effects
	if a, b := takenWords(ga, eo), takenWords(gb, en); a != b {
		d.add("captures", "takes: %s: %s; %s: %s", la, orNone(a), lb, orNone(b))
	}
	if fmt.Sprint(eo.ScoreDelta) != fmt.Sprint(en.ScoreDelta) {
		d.add("scores", "score change: %s: %s; %s: %s", la, deltaWords(ga, eo.ScoreDelta), lb, deltaWords(gb, en.ScoreDelta))
	}
	if eo.ExtraTurn != en.ExtraTurn {
		only := la
		if en.ExtraTurn {
			only = lb
		}
		d.add("extra turn", "the mover moves again under %s only", only)
	}
	if fmt.Sprint(eo.Eliminated) != fmt.Sprint(en.Eliminated) {
		d.add("eliminations", "out of play: %s: %v; %s: %v", la, seatWords(ga, eo.Eliminated), lb, seatWords(gb, en.Eliminated))
	}
	if !o.IsMove && o.Says != n.Says {
		d.add("foul", "the call: %s: %q; %s: %q", la, o.Says, lb, n.Says)
	}
	if eo.Result != en.Result || eo.EndedBy != en.EndedBy {
		d.add("result", "result: %s: %s; %s: %s", la, endWords(ga, eo), lb, endWords(gb, en))
	}
	if !d.Diverged() && so.ToMove() != sn.ToMove() && !en.Result.Over {
		d.add("turn", "next to move: %s: %s; %s: %s", la, ga.SeatTitle(so.ToMove()), lb, gb.SeatTitle(sn.ToMove()))
	}
	return d
}

func orNone(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}

func takenWords(g *core.Game, e core.Effects) string {
	var parts []string
	for _, r := range e.Removed {
		parts = append(parts, pieceWord(g, r.Kind)+" on "+g.Board().Cells[r.Cell].Name)
	}
	for _, cs := range e.Emptied {
		parts = append(parts, fmt.Sprintf("%d from %s", cs.Stones, g.Board().Cells[cs.Cell].Name))
	}
	return strings.Join(parts, ", ")
}

func deltaWords(g *core.Game, d []int) string {
	var parts []string
	for seat, v := range d {
		if v != 0 {
			parts = append(parts, fmt.Sprintf("%s %+d", g.SeatTitle(seat), v))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func seatWords(g *core.Game, seats []int) []string {
	out := []string{}
	for _, s := range seats {
		out = append(out, g.SeatTitle(s))
	}
	return out
}

func endWords(g *core.Game, e core.Effects) string {
	s := resultWords(g, e.Result)
	if e.EndedBy != "" {
		s += " (" + e.EndedBy + ")"
	}
	return s
}

// ApplyReload switches the session to the plan's rules and game. The
// lines after the first one the new rules refuse are kept for redo.
func (s *Session) ApplyReload(p *ReloadPlan) ReloadResult {
	s.Game = p.Game
	s.Hist = p.hist
	if p.Result.Broken != nil {
		dropped := p.lines[p.Result.Kept:]
		for i := len(dropped) - 1; i >= 0; i-- {
			s.redo = append(s.redo, dropped[i])
		}
	}
	s.lines = append([]string(nil), p.lines[:p.Result.Kept]...)
	s.events = append([]Event(nil), p.events...)
	s.autosave()
	return p.Result
}

// Describe renders a reload's verdict in words: the first change, and the
// move the game now stops before.
func (r ReloadResult) Describe() string {
	var b strings.Builder
	switch {
	case r.Change == nil && r.Broken == nil && r.Kept == 0:
		b.WriteString("rules reloaded")
	case r.Change == nil && r.Broken == nil:
		fmt.Fprintf(&b, "rules reloaded: all %d moves play out the same", r.Kept)
	case r.Broken != nil && r.Change.Ply == r.Broken.Line:
		fmt.Fprintf(&b, "rules reloaded: move %d %q is now illegal: %v", r.Broken.Line, r.Broken.Text, r.Broken.Err)
	default:
		fmt.Fprintf(&b, "rules reloaded: move %d %q is the first to play out differently (%s):", r.Change.Ply, r.Change.Text, strings.Join(r.Change.Kinds, ", "))
		for _, d := range r.Change.Detail {
			b.WriteString("\n  " + d)
		}
		if r.Broken != nil {
			fmt.Fprintf(&b, "\nmove %d %q is now illegal: %v", r.Broken.Line, r.Broken.Text, r.Broken.Err)
		}
	}
	if r.Broken != nil {
		b.WriteString("\nthe game stops before it (redo replays it if it becomes legal)")
	}
	return b.String()
}

// Reload switches to new rules and replays the game under them (PlanReload
// and ApplyReload in one step).
func (s *Session) Reload(g *core.Game) ReloadResult {
	return s.ApplyReload(PlanReload(s.Game, g, s.Lines()))
}

// Lines returns the record lines the plan was made for.
func (p *ReloadPlan) Lines() []string { return append([]string(nil), p.lines...) }
