// This file holds the forced-goal analysis, a generic primitive a variant
// declares under [fouls.NAME]: after a move by C, does another player G
// have a forced win by a named goal (an end condition of type "reach")
// within N complete turns against every reply of the defenders, and did C
// have an alternative move after which nobody has one? The fouls of both
// STRIX editions (2024 Rule 17, first edition Rule 18) are such fouls.
//
// The search is an AND/OR depth-first search: the Gainer's plies are OR
// nodes, the defenders' AND nodes, with a transposition table, refutation-
// first ordering of defences and a necessary-condition prune (a static
// lower bound on the goal piece's moves to the goal region). It is exact:
// when its node limit is hit the verdict says so instead of guessing.

package core

import (
	"fmt"

	"rulesmith/core/board"
)

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
	// excl is the first rule's exclusion relation: a defence whose target
	// excludes goal cells is tried early
	excl *board.Relation
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
		f.Remedy = c.readChoice(p, key("remedy"))
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
		f.excl = g.firstExclusion()
		g.Foul = f
		if g.stuckFoul {
			g.stuckReferee = g.stuckIsFoul
		}
		if g.initial != nil {
			for seat := range g.Seats {
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
	b := g.Board
	n := b.N()
	goalKinds := make([]bool, len(g.Kinds))
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

// Verdict is the outcome of a foul analysis of one move.
type Verdict struct {
	// Foul: another player has a forced win and the mover had an alternative
	// after which nobody has one.
	Foul bool
	// Unavoidable: another player has a forced win after every move the
	// mover had (STRIX 2024 Rule 17 (xi)).
	Unavoidable bool
	// Gainer is the player with the forced win, or -1.
	Gainer int
	// Line demonstrates the forced win from the position after the move:
	// the Gainer's choices and one reply of each defender, in notation.
	Line []string
	// Safe is an alternative move after which no player has a forced win
	// (valid when Foul), in notation.
	Safe string
	// Exact is false when the node limit was hit: then there is no verdict.
	Exact bool
	// Nodes is the number of positions searched.
	Nodes int
	// Plies is the depth searched after the move.
	Plies int
	// CommonGainer, when Unavoidable, is the one player every move (and a
	// missed turn, where allowed) gives the win to, or -1.
	CommonGainer int
}

// analyzer holds the buffers and the transposition table of one analysis;
// not safe for concurrent use.
type analyzer struct {
	g      *Game
	f      *FoulSpec
	mover  int // C
	nodes  int
	limit  bool
	tt     map[uint64]bool
	bufs   [][]Move
	states []*State // per depth, analysis states
	scores []int32  // order's scratch
	// scratch states and moves of analyzeFoul, forcedWinner, demonstrate
	root, line, child, alt *State
	alts                   []Move
}

// newAnalyzer returns an analyzer for a search of plies plies from
// positions of s's game, from the game's free list when it has one: a
// verdict then allocates nothing (its buffers, states and table are
// reused). Give it back with putAnalyzer.
func (g *Game) newAnalyzer(mover, plies int, s *State) *analyzer {
	g.analyzers.Lock()
	var a *analyzer
	if n := len(g.analyzers.free); n > 0 {
		a = g.analyzers.free[n-1]
		g.analyzers.free = g.analyzers.free[:n-1]
	}
	g.analyzers.Unlock()
	if a == nil {
		a = &analyzer{g: g, f: g.Foul, tt: map[uint64]bool{},
			root: s.Clone(), line: s.Clone(), child: s.Clone(), alt: s.Clone(), alts: make([]Move, 0, 256)}
		a.root.analysis = true
	}
	a.mover, a.nodes, a.limit = mover, 0, false
	clear(a.tt)
	for len(a.states) <= plies+1 {
		a.bufs = append(a.bufs, make([]Move, 0, 256))
		st := s.Clone()
		st.analysis = true
		a.states = append(a.states, st)
	}
	return a
}

// putAnalyzer gives an analyzer back to its game's free list.
func (g *Game) putAnalyzer(a *analyzer) {
	g.analyzers.Lock()
	if len(g.analyzers.free) < 64 {
		g.analyzers.free = append(g.analyzers.free, a)
	}
	g.analyzers.Unlock()
}

// scratch makes st a copy of s, analysis flag included.
func scratch(st, s *State) *State {
	st.CopyFrom(s)
	st.analysis = s.analysis
	return st
}

// gainerPlies bounds how many of the next `left` plies the Gainer can have
// (at most every second ply while two or more seats play).
func gainerPlies(s *State, gainer, left int) int {
	if s.ToMove() == gainer {
		return (left + 1) / 2
	}
	return left / 2
}

func (a *analyzer) goalReached(s *State, gainer int) bool {
	for _, p := range a.f.goalPieces {
		if int(a.g.pieceOwner[p]) != gainer {
			continue
		}
		if c := s.PieceCell(int(p)); c >= 0 && a.f.goalIn[c] {
			return true
		}
	}
	return false
}

// hopeless reports the necessary condition failing: no goal piece of the
// Gainer is within reach of the goal in the plies it has left.
func (a *analyzer) hopeless(s *State, gainer, left int) bool {
	budget := int32(gainerPlies(s, gainer, left))
	for _, p := range a.f.goalPieces {
		if int(a.g.pieceOwner[p]) != gainer {
			continue
		}
		if c := s.PieceCell(int(p)); c >= 0 && a.f.goalDist[c] <= budget {
			return false
		}
	}
	return true
}

// win reports whether gainer wins by the goal within `left` plies from s
// against every defence. depth indexes the buffers.
func (a *analyzer) win(s *State, gainer, left, depth int) bool {
	g := a.g
	if s.Over() {
		return s.buf[hStop] == 0 && int(s.buf[hWinner]) == gainer && a.goalReached(s, gainer)
	}
	if left == 0 || s.Eliminated(gainer) || a.hopeless(s, gainer, left) {
		return false
	}
	a.nodes++
	if a.nodes > a.f.NodeLimit {
		a.limit = true
		return false
	}
	key := s.Hash() ^ mix(uint64(gainer)<<8|uint64(left)|5<<60)
	for seat := range g.Seats {
		// points can decide a game won at the goal (first edition Rule 18 (viii))
		if p := s.Score(seat); p != 0 {
			key ^= mix(uint64(seat)<<40 | uint64(uint32(p)) | 6<<60)
		}
	}
	if v, ok := a.tt[key]; ok && !v {
		return false
	}
	moves := g.Settle(s, a.bufs[depth])
	a.bufs[depth] = moves
	if len(moves) == 0 {
		// the mover is stuck: the game ended (a draw or by score), not by the goal
		return s.Over() && int(s.buf[hWinner]) == gainer && a.goalReached(s, gainer)
	}
	mover := s.ToMove()
	or := mover == gainer || (a.f.BystandersOnly && mover == a.mover)
	a.order(s, moves, gainer, or)
	child := a.states[depth]
	result := !or
	for _, m := range moves {
		child.CopyFrom(s)
		if err := g.Play(child, m); err != nil {
			continue
		}
		r := a.win(child, gainer, left-1, depth+1)
		if a.limit {
			return false
		}
		if or && r {
			result = true
			break
		}
		if !or && !r {
			result = false
			break
		}
	}
	if !result {
		a.tt[key] = false
	}
	return result
}

// demonstrate returns the line of the forced win from s that both sides
// would play at their best, so that a player can check it move by move:
// the Gainer (and the mover, where it helps the Gainer) wins in the fewest
// plies it can force, and each defender picks a reply that holds out the
// longest. Each step keeps the exact distance to the win, d: an OR move
// leads to a position won within d-1 plies; an AND reply to one not won
// within d-2 (every reply is won within d-1, as s is won within d).
func (a *analyzer) demonstrate(s *State, gainer, left int) []string {
	a.nodes, a.limit = 0, false // the verdict is in: a fresh budget for the line
	d := -1
	for k := 0; k <= left; k++ {
		if a.win(s, gainer, k, 0) {
			d = k
			break
		}
	}
	var line []string
	for ; d > 0 && !s.Over() && !a.limit; d-- {
		moves := a.g.Settle(s, a.alts[:0])
		a.alts = moves
		if len(moves) == 0 {
			break
		}
		mover := s.ToMove()
		or := mover == gainer || (a.f.BystandersOnly && mover == a.mover)
		a.order(s, moves, gainer, or)
		pick := moves[0]
		child := scratch(a.child, s)
		for _, m := range moves {
			child.CopyFrom(s)
			if a.g.Play(child, m) != nil {
				continue
			}
			if (or && a.win(child, gainer, d-1, 0)) || (!or && (d < 2 || !a.win(child, gainer, d-2, 0))) {
				pick = m
				break
			}
		}
		line = append(line, a.g.Format(s, pick))
		if a.g.Play(s, pick) != nil {
			break
		}
	}
	return line
}

// order sorts moves: for the Gainer, goal-piece moves nearer the goal first;
// for defenders, refutations first (captures of the Gainer's goal piece,
// landings in or related to the goal region).
func (a *analyzer) order(s *State, moves []Move, gainer int, or bool) {
	g := a.g
	score := func(m Move) int {
		if m == Pass {
			return 0
		}
		t := m.To()
		sc := 0
		if t >= 0 && a.f.goalIn[t] {
			sc += 8
		}
		if or {
			if f := m.From(); f >= 0 {
				if p := s.Top(f); p >= 0 && a.isGoalPiece(p) && t >= 0 {
					sc += 4 - int(min(a.f.goalDist[t], 4))
				}
			}
			return sc
		}
		// defence: capture of a goal piece (on the target, or as a victim)
		if t >= 0 {
			if p := s.Top(t); p >= 0 && a.isGoalPiece(p) && int(g.pieceOwner[p]) == gainer {
				sc += 16
			}
		}
		if ru := m.Rule(); ru >= 0 {
			if vt, ok := g.rules[ru].(victimTaker); ok {
				for _, p := range a.f.goalPieces {
					if vt.takes(s, m, int(p)) {
						sc += 16
					}
				}
			}
			if t >= 0 && a.f.excl != nil {
				for _, x := range a.f.excl.Of(t) {
					if a.f.goalIn[x] {
						sc += 4
					}
				}
			}
		}
		return sc
	}
	// each move's score computed once, then a stable insertion sort, best
	// first: the lists are short and nothing is allocated
	sc := a.scores[:0]
	for _, m := range moves {
		sc = append(sc, int32(score(m)))
	}
	a.scores = sc
	for i := 1; i < len(moves); i++ {
		m, v := moves[i], sc[i]
		j := i
		for ; j > 0 && sc[j-1] < v; j-- {
			moves[j], sc[j] = moves[j-1], sc[j-1]
		}
		moves[j], sc[j] = m, v
	}
}

func (a *analyzer) isGoalPiece(p int) bool {
	for _, q := range a.f.goalPieces {
		if int(q) == p {
			return true
		}
	}
	return false
}

// Plies returns the depth of the foul search after a move, for the seats
// active in s: Turns complete turns less the move itself.
func (f *FoulSpec) Plies(s *State) int { return f.Turns*s.Active() - 1 }

// forcedWinner returns the first player other than mover (and other than
// skip, when skip >= 0) with a forced win from s within plies, its
// demonstration line, and whether the search was exact.
func (g *Game) forcedWinner(s *State, mover, skip, plies int, nodes *int) (int, []string, bool) {
	return g.searchWinner(s, mover, skip, plies, nodes, true)
}

// forcedGainer is forcedWinner without the demonstration.
func (g *Game) forcedGainer(s *State, mover, skip, plies int, nodes *int) (int, bool) {
	w, _, exact := g.searchWinner(s, mover, skip, plies, nodes, false)
	return w, exact
}

func (g *Game) searchWinner(s *State, mover, skip, plies int, nodes *int, demo bool) (int, []string, bool) {
	a := g.newAnalyzer(mover, plies, s)
	defer g.putAnalyzer(a)
	for k := 1; k < len(g.Seats); k++ {
		gainer := (mover + k) % len(g.Seats)
		if s.Eliminated(gainer) || gainer == skip {
			continue
		}
		a.nodes, a.limit = 0, false
		clear(a.tt) // one table serves one Gainer's search
		a.root.CopyFrom(s)
		ok := a.win(a.root, gainer, plies, 0)
		*nodes += a.nodes
		if a.limit {
			return -1, nil, false
		}
		if ok && !demo {
			return gainer, nil, true
		}
		if ok {
			return gainer, a.demonstrate(scratch(a.line, s), gainer, plies), true
		}
	}
	return -1, nil, true
}

// AnalyzeFoul judges the move m played from before by the variant's foul
// ([fouls]). It returns an error when the variant declares no foul or m is
// not legal in before.
func (g *Game) AnalyzeFoul(before *State, m Move) (Verdict, error) {
	return g.analyzeFoul(before, m, -1)
}

// analyzeFoul is AnalyzeFoul with one player (notGainer, when >= 0) ruled
// out as the Gainer of m: a call by a player who stands to suffer names
// another player as the Gainer. The alternatives are judged as usual.
func (g *Game) analyzeFoul(before *State, m Move, notGainer int) (Verdict, error) {
	if g.Foul == nil {
		return Verdict{}, fmt.Errorf("core: %s declares no foul", g.Name)
	}
	v := Verdict{Gainer: -1, CommonGainer: -1, Exact: true}
	mover := before.ToMove()
	a := g.newAnalyzer(mover, 0, before)
	defer g.putAnalyzer(a)
	after := scratch(a.line, before)
	if err := g.Play(after, m); err != nil {
		return v, err
	}
	plies := g.Foul.Plies(after)
	v.Plies = plies
	gainer, line, exact := g.forcedWinner(after, mover, notGainer, plies, &v.Nodes)
	if !exact {
		v.Exact = false
		return v, nil
	}
	if gainer < 0 {
		return v, nil
	}
	v.Gainer, v.Line = gainer, line
	// Did the mover have an alternative after which nobody has a forced win?
	alts := g.Settle(scratch(a.child, before), a.alts[:0])
	if g.Foul.MissTurn {
		alts = append(alts, Pass)
	}
	a.alts = alts
	a.order(before, alts, gainer, false)
	common := gainer
	for _, alt := range alts {
		if alt == m {
			continue
		}
		st := scratch(a.alt, before)
		if err := g.Play(st, alt); err != nil {
			continue
		}
		if st.Over() {
			if r := g.Result(st); r.Winner == mover || r.Winner < 0 {
				v.Foul, v.Safe = true, g.Format(before, alt)
				return v, nil
			}
			continue
		}
		w, ex := g.forcedGainer(st, mover, -1, g.Foul.Plies(st), &v.Nodes)
		if !ex {
			v.Exact = false
			return v, nil
		}
		if w < 0 {
			v.Foul, v.Safe = true, g.Format(before, alt)
			return v, nil
		}
		if w != common {
			common = -1
		}
	}
	v.Unavoidable = true
	v.CommonGainer = common
	return v, nil
}

// MustMissTurn reports whether the player to move in s must miss the turn
// under the foul's miss_turn rule: every legal move gives another player a
// forced win, and missing the turn does not.
func (g *Game) MustMissTurn(s *State) (bool, error) {
	if g.Foul == nil || !g.Foul.MissTurn {
		return false, nil
	}
	mover := s.ToMove()
	nodes := 0
	a := g.newAnalyzer(mover, 0, s)
	defer g.putAnalyzer(a)
	a.alts = g.Settle(scratch(a.child, s), a.alts[:0])
	for _, m := range a.alts {
		st := scratch(a.alt, s)
		if err := g.Play(st, m); err != nil {
			continue
		}
		if st.Over() {
			return false, nil
		}
		w, ex := g.forcedGainer(st, mover, -1, g.Foul.Plies(st), &nodes)
		if !ex {
			return false, ErrNoVerdict
		}
		if w < 0 {
			return false, nil
		}
	}
	st := scratch(a.alt, s)
	if err := g.Play(st, Pass); err != nil {
		return false, err
	}
	w, ex := g.forcedGainer(st, mover, -1, g.Foul.Plies(st), &nodes)
	if !ex {
		return false, ErrNoVerdict
	}
	return w < 0, nil
}
