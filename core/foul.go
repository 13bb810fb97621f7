// This file compiles the [fouls.NAME] table, a generic primitive: after a
// move by C, does another player G have a forced win by a named goal (an
// end condition of type "reach") within N complete turns against every
// reply of the defenders, and did C have an alternative move after which
// nobody has one? The fouls of both STRIX editions (2024 Rule 17, first
// edition Rule 18) are such fouls. The search that judges them and the
// calls live in package core/referee (referee_hook.go is the core's side);
// what the core computes for it at load (the goal, its pieces and cells,
// static goal distances, the exclusion touching the goal) the FoulSpec's
// methods give.

package core

import "fmt"

// FoulSpec is a compiled [fouls.NAME] table.
type FoulSpec struct {
	Name, Cite string
	// Turns is the depth in complete turns.
	Turns int
	// BystandersOnly: only the players who are neither C nor G defend
	// (defenders = "bystanders"); C's later plies are free to help G.
	BystandersOnly bool
	// Takebacks each player starts with.
	Takebacks int
	// Remedy is "takeback" (2024: the offender spends a takeback and replays,
	// or is eliminated) or "points" (first edition: points to the others).
	Remedy string
	// RemedyPoints is the points a remedy gives each player it rewards.
	RemedyPoints int
	// Callers names who may call: "prev" (the player before C), "next"
	// (the player after C), or "sufferers": any player in play other than C
	// who stands to suffer by the foul, so that a call names a Gainer other
	// than the caller (first edition Rule 18: "the player standing to
	// suffer by it").
	Callers []string
	// NodeLimit bounds one analysis; past it the verdict is inexact.
	NodeLimit int
	// MissTurn: a player whose every move would be a foul misses the turn
	// instead (first edition Rule 19); passing is then an alternative.
	MissTurn bool
	// Unavoidable is what befalls a player who cannot avoid the foul:
	// "eliminate" (the player is eliminated and the move stands; 2024 STRIX
	// Rule 17 (xi)) or "eliminate_and_end" (the move is withdrawn and the
	// game ends: as if the goal were reached when every move gives it to
	// one player, else with the player eliminated, ended by EndUnavoidable
	// and decided by scoring; first-edition STRIX Rule 18 (vii)).
	Unavoidable string
	// unavoidableEnd is the ended_by name of an "eliminate_and_end" ending:
	// EndUnavoidable, or the deprecated spelling's old name.
	unavoidableEnd string

	goal       *endCond
	goalPieces []int32 // the pieces that count for the goal
	goalIn     []bool  // the goal cells
	goalDist   []int32 // static lower bound on goal-piece moves from each cell to the goal
	// exclGoal[t]: the goal cells the first rule's exclusion relation
	// relates to t (a defence landing there is tried early), or nil
	exclGoal []int32
}

const unreachable = 1 << 20

// foulKeys are the keys of [fouls.NAME].
var foulKeys = []*Key{
	{Name: "type", Type: TChoice, Default: "forced_win", Allowed: []string{"forced_win"}, Doc: "the only type"},
	{Name: "goal", Type: TString, Required: true, Doc: "an [end.NAME] of type reach"},
	{Name: "turns", Type: TInt, Default: 1, Min: 1, Max: 8, Doc: "the depth, in complete turns of the seats still playing"},
	{Name: "defenders", Type: TChoice, Default: "all", Allowed: []string{"all", "bystanders"}, Doc: "all: every seat but the Gainer; bystanders: only the seats that are neither the mover nor the Gainer"},
	{Name: "takebacks", Type: TInt, Default: 0, Min: 0, Max: 1000, Doc: "takebacks each seat starts with"},
	{Name: "remedy", Type: TChoice, Default: "takeback", Allowed: []string{"takeback", "points"}, Doc: "what an upheld or baseless call costs"},
	{Name: "remedy_points", Type: TInt, Default: 2, Min: 0, Max: 1 << 20, Doc: `with remedy = "points", the points each rewarded seat gets`},
	{Name: "callers", Type: TStrings, Allowed: []string{"prev", "next", "sufferers"}, Doc: "who may call (default: prev and next)"},
	{Name: "node_limit", Type: TInt, Default: 5_000_000, Min: 1000, Max: 1 << 30, Doc: "positions one search may visit; past it there is no verdict"},
	{Name: "miss_turn", Type: TBool, Default: false, Doc: "a seat whose every move gives another a forced win, while passing does not, misses the turn"},
	{Name: "unavoidable", Type: TChoice, Default: "eliminate", Allowed: []string{"eliminate", "eliminate_and_end"}, Doc: "eliminate: the offender is out and the move stands; eliminate_and_end: the game ends"},
	{Name: "cite", Type: TString, Doc: "a reference into the rule text"},
}

func (c *compiler) compileFouls() {
	r := c.r
	g := c.g
	names := r.Keys("fouls", nil)
	if g.stuckFoul && len(names) == 0 {
		r.ValueErrorf("turns.stuck", "turns.stuck: \"foul_or_draw\" needs a [fouls.NAME] table: its goal is what a stuck seat must not hand another seat")
	}
	if len(names) > 1 {
		r.Errorf("fouls", "fouls: one foul per variant is supported, found %d", len(names))
		return
	}
	for _, name := range names {
		p := "fouls." + name
		r.Keys(p, keyNames(foulKeys))
		key := func(name string) *Key { return keyOf(foulKeys, name) }
		c.readChoice(p, key("type"))
		f := &FoulSpec{Name: name, Cite: c.readString(p, key("cite"))}
		f.Turns = c.readInt(p, key("turns"))
		f.BystandersOnly = c.readChoice(p, key("defenders")) == "bystanders"
		f.Takebacks = c.readInt(p, key("takebacks"))
		if f.Remedy = c.readChoice(p, key("remedy")); f.Remedy == "points" {
			c.notePoints(p + ".remedy")
		}
		f.RemedyPoints = c.readInt(p, key("remedy_points"))
		f.NodeLimit = c.readInt(p, key("node_limit"))
		f.MissTurn = c.readBool(p, key("miss_turn"))
		f.Unavoidable = c.readChoice(p, key("unavoidable"))
		f.unavoidableEnd = EndUnavoidable
		if c.spelled(p+".unavoidable", endTwoWayDraw) {
			f.unavoidableEnd = endTwoWayDraw
		}
		f.Callers = c.readStrings(p, key("callers"))
		if len(f.Callers) == 0 {
			f.Callers = []string{"prev", "next"}
		}
		for i, cl := range f.Callers {
			switch {
			case cl != "prev" && cl != "next" && cl != "sufferers":
				r.ValueErrorf(fmt.Sprintf("%s.callers.%d", p, i), "%s.callers: unknown caller %q (want prev, next or sufferers)", p, cl)
			case cl == "sufferers" && len(f.Callers) > 1:
				r.ValueErrorf(fmt.Sprintf("%s.callers.%d", p, i), "%s.callers: \"sufferers\" stands alone (it already includes the players before and after)", p)
			}
		}
		goal := c.readString(p, key("goal"))
		for _, e := range g.ends {
			if ge, ok := e.check.(goalEnd); ok && e.name == goal {
				f.goal = e
				f.goalPieces, f.goalIn = ge.goal()
			}
		}
		if f.goal == nil {
			r.ValueErrorf(p+".goal", "%s.goal: want the name of an [end.NAME] condition of type \"reach\", got %q", p, goal)
			continue
		}
		f.goalDist = goalDistances(g, f.goalPieces, f.goalIn)
		if excl := g.firstExclusion(); excl != nil {
			f.exclGoal = make([]int32, g.board.N())
			for t := range f.exclGoal {
				for _, x := range excl.Of(t) {
					if f.goalIn[x] {
						f.exclGoal[t]++
					}
				}
			}
		}
		if newReferee == nil {
			r.Errorf(p, "%s: this program has no referee to judge fouls (import _ \"rulesmith/core/referee\")", p)
			continue
		}
		g.foul = f
		g.referee = newReferee(g)
		if g.stuckFoul {
			g.stuckReferee = g.referee.StuckIsFoul
		}
		if g.initial != nil {
			for seat := range g.seats {
				g.initial.buf[g.lay.takebacks+seat] = int32(f.Takebacks)
			}
		}
	}
}

// goalDistances computes, for every cell, a lower bound on the moves a goal
// piece needs to reach the goal region, over the static move graph of the
// rules that can move such pieces (steps, slides along rays, pivots),
// ignoring every other piece.
func goalDistances(g *Game, goalPieces []int32, inRegion []bool) []int32 {
	b := g.board
	n := b.N()
	goalKinds := make([]bool, len(g.kinds))
	for _, p := range goalPieces {
		goalKinds[g.pieceKind[p]] = true
	}
	// reverse adjacency: rev[t] lists cells from which t is one move away
	rev := make([][]int32, n)
	add := func(from, to int) { rev[to] = append(rev[to], int32(from)) }
	for _, ru := range g.rules {
		if re, ok := ru.(reacher); ok {
			re.reach(g, goalKinds, add)
			continue
		}
		// a rule that cannot say where it moves a piece: from anywhere to
		// the goal in one move (for this rule's moves only)
		for t := 0; t < n; t++ {
			if inRegion[t] {
				for c := 0; c < n; c++ {
					if c != t {
						add(c, t)
					}
				}
			}
		}
	}
	dist := make([]int32, n)
	for i := range dist {
		dist[i] = unreachable
	}
	var queue []int32
	for c := 0; c < n; c++ {
		if inRegion[c] {
			dist[c] = 0
			queue = append(queue, int32(c))
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, f := range rev[c] {
			if dist[f] == unreachable {
				dist[f] = dist[c] + 1
				queue = append(queue, f)
			}
		}
	}
	return dist
}

// Plies returns the depth of the foul search after a move, for the seats
// active in s: Turns complete turns less the move itself.
func (f *FoulSpec) Plies(s *State) int { return f.Turns*s.Active() - 1 }

// GoalEnd returns the name of the foul's goal, an [end.NAME] of type reach.
func (f *FoulSpec) GoalEnd() string { return f.goal.name }

// GoalByScore reports whether the goal end is decided by the scores.
func (f *FoulSpec) GoalByScore() bool { return f.goal.byScore }

// UnavoidableEnd returns the ended_by name of an unavoidable =
// "eliminate_and_end" ending: EndUnavoidable, or a deprecated spelling's.
func (f *FoulSpec) UnavoidableEnd() string { return f.unavoidableEnd }

// GoalPieces returns the piece instances that count for the goal (a copy).
func (f *FoulSpec) GoalPieces() []int {
	out := make([]int, len(f.goalPieces))
	for i, p := range f.goalPieces {
		out[i] = int(p)
	}
	return out
}

// GoalCells returns, per cell, whether it is a goal cell (a copy).
func (f *FoulSpec) GoalCells() []bool { return append([]bool(nil), f.goalIn...) }

// GoalDistances returns, per cell, a lower bound on the moves a goal piece
// needs from there to the goal, over the static move graph of the rules
// that can move it, ignoring every other piece (a copy; Unreachable where
// none leads there). A rule that cannot say where it moves a piece counts,
// for its own moves, as reaching the goal from anywhere in one move.
func (f *FoulSpec) GoalDistances() []int32 { return append([]int32(nil), f.goalDist...) }

// Unreachable is GoalDistances' value for a cell with no way to the goal.
const Unreachable = unreachable

// ExclusionGoalCells returns, per cell t, the number of goal cells the
// first rule's exclusion relation relates to t (a copy), or nil when no
// rule has one: a defence landing on such a cell is tried early.
func (f *FoulSpec) ExclusionGoalCells() []int32 {
	if f.exclGoal == nil {
		return nil
	}
	return append([]int32(nil), f.exclGoal...)
}
