// Package agent holds the game-playing agents of rulesmith: a uniform
// random player and a UCT Monte-Carlo tree search, both usable with any
// compiled variant (any number of seats). The terminal editor uses them for
// its computer players and self-play studies pit them against each other.
//
// On a variant with hidden zones (core.Game.HasHidden) the search decides
// from the mover's view only: it searches positions sampled from what the
// mover sees (determinize.go), never the truth.
//
// Agents are built directly (NewRandom, NewMCTS) or from a short spec string
// (Parse): "random", "mcts", "mcts:2s", "mcts:500ms", "mcts:1000p",
// "mcts:2s:5000p".
//
// An agent never modifies the State it is asked about: it searches on its
// own copies, so Choose may run on a goroutine other than the caller's as
// long as the caller leaves the State alone until Choose returns. An agent
// value may be shared; concurrent calls on one agent are safe (each takes
// its own turn at the agent's random stream, so results are then
// deterministic only for a fixed order of calls).
package agent

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"rulesmith/core"
)

// Agent chooses moves.
type Agent interface {
	// Name returns the agent's spec, which Parse accepts ("random",
	// "mcts:2s:5000p").
	Name() string
	// Choose returns a legal move for the seat to move in s. It does not
	// modify s. When ctx is cancelled it returns promptly with the best
	// move found so far, or with ctx.Err() if it has none yet. It returns
	// ErrNoMoves when the game is over.
	Choose(ctx context.Context, g *core.Game, s *core.State) (core.Move, error)
}

// ErrNoMoves is returned by Choose for a position without a legal move (the
// game is over).
var ErrNoMoves = errors.New("agent: no legal move (the game is over)")

// DefaultDuration is the thinking time of "mcts" without a budget, and of an
// MCTS whose Playouts and Duration are both zero.
const DefaultDuration = time.Second

// Parse builds an agent from its spec:
//
//	random          uniform random moves
//	mcts            Monte-Carlo tree search for DefaultDuration per move
//	mcts:2s         ... for 2 seconds (any time.ParseDuration text: 500ms, 1m)
//	mcts:1000p      ... for 1000 playouts (deterministic for a seed)
//	mcts:2s:5000p   ... for 5000 playouts or 2 seconds, whichever comes first
//
// seed seeds the agent's random choices.
func Parse(spec string, seed uint64) (Agent, error) {
	text := strings.ToLower(strings.TrimSpace(spec))
	kind, rest, hasRest := strings.Cut(text, ":")
	switch kind {
	case "random":
		if hasRest {
			return nil, fmt.Errorf("agent: bad spec %q: random takes no budget", spec)
		}
		return NewRandom(seed), nil
	case "mcts":
		var playouts int
		var dur time.Duration
		if hasRest {
			for _, part := range strings.Split(rest, ":") {
				switch {
				case part == "":
					return nil, fmt.Errorf("agent: bad spec %q: empty budget", spec)
				case strings.HasSuffix(part, "p"):
					if playouts != 0 {
						return nil, fmt.Errorf("agent: bad spec %q: two playout budgets", spec)
					}
					n, err := strconv.Atoi(strings.TrimSuffix(part, "p"))
					if err != nil || n <= 0 {
						return nil, fmt.Errorf("agent: bad spec %q: %q is not a positive playout count such as 1000p", spec, part)
					}
					playouts = n
				default:
					if dur != 0 {
						return nil, fmt.Errorf("agent: bad spec %q: two time budgets", spec)
					}
					d, err := time.ParseDuration(part)
					if err != nil || d <= 0 {
						return nil, fmt.Errorf("agent: bad spec %q: %q is neither a positive duration (2s, 500ms) nor a playout count (1000p)", spec, part)
					}
					dur = d
				}
			}
		}
		if playouts == 0 && dur == 0 {
			dur = DefaultDuration
		}
		return NewMCTS(playouts, dur, seed), nil
	}
	return nil, fmt.Errorf("agent: bad spec %q: want random, mcts, mcts:2s, mcts:1000p or mcts:2s:5000p", spec)
}
