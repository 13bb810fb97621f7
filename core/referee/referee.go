// Package referee judges the fouls a variant declares under [fouls.NAME]
// (a forced_win: after a move by C, does another player G have a forced
// win by the foul's goal within N complete turns against every defence,
// and did C have a move that left nobody one?) and the calls of them: who
// may call, the verdict, and the remedy applied to the game's History.
//
// It works through the Game's public answers only: the legal moves, Play,
// Settle, the compiled [fouls] table (core.FoulSpec) and the few
// operations the core offers a referee (History.Withdraw, Bar, MarkCalled,
// Game.AwardPoints, EliminateSeat, EndGame, PassTurn). Importing it
// installs it as the core's referee (core.RegisterReferee): a program that
// loads a variant with [fouls] imports it, for its side effect if need be:
//
//	import _ "rulesmith/core/referee"
//
// The core reaches it through Game.AnalyzeFoul, Game.MustMissTurn,
// History.Call and History.CanCall, through Parse (a pass under
// miss_turn) and record replay (call lines), and through Game.Settle for
// [turns] stuck = "foul_or_draw".
package referee

import (
	"sync"

	"rulesmith/core"
)

func init() {
	core.RegisterReferee(func(g *core.Game) core.Referee { return New(g) })
}

// Referee judges one game's foul. It is safe for concurrent use: each
// verdict takes an analyzer (buffers, states, a table) from a free list and
// gives it back, so verdicts allocate nothing once it has warmed up.
type Referee struct {
	g *core.Game
	f *core.FoulSpec
	// what the core computed for the foul at load, copied once
	goalPieces []int
	goalIn     []bool
	goalDist   []int32
	exclGoal   []int32
	seats      int

	analyzers struct {
		sync.Mutex
		free []*analyzer
	}
}

// New returns the referee of g's foul; g must declare one (g.Foul()).
func New(g *core.Game) *Referee {
	f := g.Foul()
	return &Referee{g: g, f: f, goalPieces: f.GoalPieces(), goalIn: f.GoalCells(),
		goalDist: f.GoalDistances(), exclGoal: f.ExclusionGoalCells(), seats: g.NumSeats()}
}

var _ core.Referee = (*Referee)(nil)
