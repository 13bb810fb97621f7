// This file holds move priority: capture_priority, per phase (with a
// default in [turns]), keeps only the capturing moves when any move
// captures (compulsory), or only the moves that take the most pieces
// (majority). It filters the generated moves in place inside Game.Moves,
// so every user of the legal moves (play, perft, playouts, agents, the
// foul search, the solver) sees the same moves; it allocates nothing.
// What a move takes is asked of its rule through captureCounter.

package core

import (
	"fmt"
	"strings"
)

// The capture priorities of a phase.
const (
	priorityNone = iota
	priorityCompulsory
	priorityMajority
)

var priorityNames = []string{"none", "compulsory", "majority"}

// capturePriorityKey is the key of [turns] (the default of every phase)
// and of [phases.NAME].
var capturePriorityKey = Key{Name: "capture_priority", Type: TChoice, Default: "none", Allowed: priorityNames,
	Doc: "compulsory: when a move can capture, only capturing moves are legal; majority: only the moves that take the most pieces"}

// compilePriority reads capture_priority for every phase: the phase's own
// key, else [turns]'s.
func (c *compiler) compilePriority() {
	g := c.g
	def := c.readChoice("turns", &capturePriorityKey)
	for _, ph := range g.phases {
		v := def
		p := "phases." + ph.name
		if c.has(p, &capturePriorityKey) {
			v = c.readChoice(p, &capturePriorityKey)
		}
		for i, n := range priorityNames {
			if n == v {
				ph.priority = i
			}
		}
	}
	if len(g.counters) == 0 {
		g.counters = make([]captureCounter, len(g.rules))
		g.always = make([]bool, len(g.rules))
		for i, ru := range g.rules {
			g.counters[i], _ = ru.(captureCounter)
			if ac, ok := ru.(alwaysCapturer); ok {
				g.always[i] = ac.alwaysCaptures()
			}
		}
	}
}

// alwaysCapturer is a rule every move of which takes a piece (a chain
// whose segments must all capture): under compulsory capture its moves are
// kept without counting what they take.
type alwaysCapturer interface {
	alwaysCaptures() bool
}

// captures reports whether m takes a piece, counting only when its rule
// may also make moves that take nothing.
func (g *Game) captures(s *State, m Move) bool {
	ri := m.Rule()
	if ri >= 0 && ri < len(g.always) && g.always[ri] {
		return true
	}
	return g.captured(s, m) > 0
}

// captured returns how many pieces m takes when played from s (0 for a
// pass or a rule that takes nothing).
func (g *Game) captured(s *State, m Move) int {
	ri := m.Rule()
	if ri < 0 || ri >= len(g.counters) || g.counters[ri] == nil {
		return 0
	}
	return g.counters[ri].captured(s, plainOf(g.rules[ri], m))
}

// prioritize filters moves (generated in s) in place by the priority and
// returns the kept moves, in their order.
func (g *Game) prioritize(s *State, moves []Move, priority int) []Move {
	if priority == priorityCompulsory {
		k := 0
		for _, m := range moves {
			if g.captures(s, m) {
				moves[k] = m
				k++
			}
		}
		if k == 0 {
			return moves // nothing captures: every move stays
		}
		return moves[:k]
	}
	best := 0
	for _, m := range moves {
		if n := g.captured(s, m); n > best {
			best = n
		}
	}
	if best == 0 {
		return moves
	}
	k := 0
	for _, m := range moves {
		if g.captured(s, m) == best {
			moves[k] = m
			k++
		}
	}
	return moves[:k]
}

// explainPriority says why a move that its rule would make is not legal
// under the phase's capture priority, or "" when the priority does not
// refuse it.
func (g *Game) explainPriority(s *State, text string, legal []Move) string {
	ph := g.phases[s.buf[hPhase]]
	if ph.priority == priorityNone || len(legal) == 0 {
		return ""
	}
	var all []Move
	for _, ri := range ph.rules {
		all = g.rules[ri].gen(s, all)
	}
	for _, m := range all {
		if !strings.EqualFold(g.Format(s, m), text) {
			continue
		}
		n := g.captured(s, m)
		best := g.captured(s, legal[0])
		if ph.priority == priorityCompulsory || n == 0 {
			return fmt.Sprintf("%s takes nothing, and a capture is compulsory when one is possible (for example %s)", text, g.Format(s, legal[0]))
		}
		return fmt.Sprintf("%s takes %s, and only the moves that take the most (%s) are legal (for example %s)", text, plural(n, "piece"), plural(best, "piece"), g.Format(s, legal[0]))
	}
	return ""
}
