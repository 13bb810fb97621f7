// The forced-goal search: an AND/OR depth-first search in which the
// Gainer's plies are OR nodes and the defenders' AND nodes, with a
// transposition table, refutation-first ordering of defences and a
// necessary-condition prune (a static lower bound on the goal piece's
// moves to the goal region). It is exact: when its node limit is hit the
// verdict says so instead of guessing.

package referee

import (
	"fmt"

	"rulesmith/core"
)

// analyzer holds the buffers and the transposition table of one analysis;
// not safe for concurrent use.
type analyzer struct {
	r      *Referee
	g      *core.Game
	f      *core.FoulSpec
	mover  int // C
	nodes  int
	limit  bool
	tt     map[uint64]bool
	bufs   [][]core.Move
	states []*core.State // per depth, the search's own states
	scores []int32       // order's scratch
	// scratch states and moves of Analyze, searchWinner, demonstrate
	root, line, child, alt *core.State
	alts                   []core.Move
}

// newAnalyzer returns an analyzer for a search of plies plies from
// positions of s's game, from the free list when it has one: a verdict
// then allocates nothing (its buffers, states and table are reused). Give
// it back with putAnalyzer.
func (r *Referee) newAnalyzer(mover, plies int, s *core.State) *analyzer {
	r.analyzers.Lock()
	var a *analyzer
	if n := len(r.analyzers.free); n > 0 {
		a = r.analyzers.free[n-1]
		r.analyzers.free = r.analyzers.free[:n-1]
	}
	r.analyzers.Unlock()
	if a == nil {
		a = &analyzer{r: r, g: r.g, f: r.f, tt: map[uint64]bool{},
			root: s.Clone(), line: s.Clone(), child: s.Clone(), alt: s.Clone(), alts: make([]core.Move, 0, 256)}
	}
	a.mover, a.nodes, a.limit = mover, 0, false
	clear(a.tt)
	for len(a.states) <= plies+1 {
		a.bufs = append(a.bufs, make([]core.Move, 0, 256))
		a.states = append(a.states, s.Clone())
	}
	return a
}

// putAnalyzer gives an analyzer back to the free list.
func (r *Referee) putAnalyzer(a *analyzer) {
	r.analyzers.Lock()
	if len(r.analyzers.free) < 64 {
		r.analyzers.free = append(r.analyzers.free, a)
	}
	r.analyzers.Unlock()
}

// scratch makes st a copy of s.
func scratch(st, s *core.State) *core.State {
	st.CopyFrom(s)
	return st
}

// gainerPlies bounds how many of the next `left` plies the Gainer can have
// (at most every second ply while two or more seats play).
func gainerPlies(s *core.State, gainer, left int) int {
	if s.ToMove() == gainer {
		return (left + 1) / 2
	}
	return left / 2
}

func (a *analyzer) goalReached(s *core.State, gainer int) bool {
	for _, p := range a.r.goalPieces {
		if a.g.PieceOwner(p) != gainer {
			continue
		}
		if c := s.PieceCell(p); c >= 0 && a.r.goalIn[c] {
			return true
		}
	}
	return false
}

// hopeless reports the necessary condition failing: no goal piece of the
// Gainer is within reach of the goal in the plies it has left.
func (a *analyzer) hopeless(s *core.State, gainer, left int) bool {
	budget := int32(gainerPlies(s, gainer, left))
	for _, p := range a.r.goalPieces {
		if a.g.PieceOwner(p) != gainer {
			continue
		}
		if c := s.PieceCell(p); c >= 0 && a.r.goalDist[c] <= budget {
			return false
		}
	}
	return true
}

// wonBy reports whether the finished game in s was won by gainer (not
// stopped at the ply limit).
func (a *analyzer) wonBy(s *core.State, gainer int) bool {
	r := a.g.Result(s)
	return r.Over && !r.Timeout && r.Winner == gainer
}

// settle lists the moves in s, settling a stuck seat: the search's own
// states (own) by the stuck policy alone, so that a search never starts
// another; a position taken from the game (a demonstration's) as the game
// would, the referee included.
func (a *analyzer) settle(s *core.State, buf []core.Move, own bool) []core.Move {
	if own {
		return a.g.SettlePlain(s, buf)
	}
	return a.g.Settle(s, buf)
}

// win reports whether gainer wins by the goal within `left` plies from s
// against every defence. depth indexes the buffers; own says s is one of
// the search's own states (see settle).
func (a *analyzer) win(s *core.State, gainer, left, depth int, own bool) bool {
	g := a.g
	if s.Over() {
		return a.wonBy(s, gainer) && a.goalReached(s, gainer)
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
	for seat := 0; seat < a.r.seats; seat++ {
		// points can decide a game won at the goal (first edition Rule 18 (viii))
		if p := s.Score(seat); p != 0 {
			key ^= mix(uint64(seat)<<40 | uint64(uint32(p)) | 6<<60)
		}
	}
	if v, ok := a.tt[key]; ok && !v {
		return false
	}
	moves := a.settle(s, a.bufs[depth], own)
	a.bufs[depth] = moves
	if len(moves) == 0 {
		// the mover is stuck: the game ended (a draw or by score), not by the goal
		return s.Over() && a.wonBy(s, gainer) && a.goalReached(s, gainer)
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
		r := a.win(child, gainer, left-1, depth+1, true)
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

// mix is a 64-bit finaliser (splitmix64) for the table's keys, the
// core's own (so the keys are the ones the search always used).
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// demonstrate returns the line of the forced win from s that both sides
// would play at their best, so that a player can check it move by move:
// the Gainer (and the mover, where it helps the Gainer) wins in the fewest
// plies it can force, and each defender picks a reply that holds out the
// longest. Each step keeps the exact distance to the win, d: an OR move
// leads to a position won within d-1 plies; an AND reply to one not won
// within d-2 (every reply is won within d-1, as s is won within d).
func (a *analyzer) demonstrate(s *core.State, gainer, left int) []string {
	a.nodes, a.limit = 0, false // the verdict is in: a fresh budget for the line
	d := -1
	for k := 0; k <= left; k++ {
		if a.win(s, gainer, k, 0, false) {
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
			if (or && a.win(child, gainer, d-1, 0, false)) || (!or && (d < 2 || !a.win(child, gainer, d-2, 0, false))) {
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
func (a *analyzer) order(s *core.State, moves []core.Move, gainer int, or bool) {
	g := a.g
	score := func(m core.Move) int {
		if m == core.Pass {
			return 0
		}
		t := m.To()
		sc := 0
		if t >= 0 && a.r.goalIn[t] {
			sc += 8
		}
		if or {
			if f := m.From(); f >= 0 {
				if p := s.Top(f); p >= 0 && a.isGoalPiece(p) && t >= 0 {
					sc += 4 - int(min(a.r.goalDist[t], 4))
				}
			}
			return sc
		}
		// defence: capture of a goal piece (on the target, or as a victim)
		if t >= 0 {
			if p := s.Top(t); p >= 0 && a.isGoalPiece(p) && g.PieceOwner(p) == gainer {
				sc += 16
			}
		}
		if m.Rule() >= 0 {
			for _, p := range a.r.goalPieces {
				if g.MoveTakes(s, m, p) {
					sc += 16
				}
			}
			if t >= 0 && a.r.exclGoal != nil {
				sc += 4 * int(a.r.exclGoal[t])
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
	for _, q := range a.r.goalPieces {
		if q == p {
			return true
		}
	}
	return false
}

// forcedWinner returns the first player other than mover (and other than
// skip, when skip >= 0) with a forced win from s within plies, its
// demonstration line, and whether the search was exact.
func (r *Referee) forcedWinner(s *core.State, mover, skip, plies int, nodes *int) (int, []string, bool) {
	return r.searchWinner(s, mover, skip, plies, nodes, true)
}

// forcedGainer is forcedWinner without the demonstration.
func (r *Referee) forcedGainer(s *core.State, mover, skip, plies int, nodes *int) (int, bool) {
	w, _, exact := r.searchWinner(s, mover, skip, plies, nodes, false)
	return w, exact
}

func (r *Referee) searchWinner(s *core.State, mover, skip, plies int, nodes *int, demo bool) (int, []string, bool) {
	a := r.newAnalyzer(mover, plies, s)
	defer r.putAnalyzer(a)
	for k := 1; k < r.seats; k++ {
		gainer := (mover + k) % r.seats
		if s.Eliminated(gainer) || gainer == skip {
			continue
		}
		a.nodes, a.limit = 0, false
		clear(a.tt) // one table serves one Gainer's search
		a.root.CopyFrom(s)
		ok := a.win(a.root, gainer, plies, 0, true)
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

// Analyze judges the move m played from before by the variant's foul. It
// returns an error when m is not legal in before.
func (r *Referee) Analyze(before *core.State, m core.Move) (core.Verdict, error) {
	return r.analyze(before, m, -1)
}

// analyze is Analyze with one player (notGainer, when >= 0) ruled out as
// the Gainer of m: a call by a player who stands to suffer names another
// player as the Gainer. The alternatives are judged as usual.
func (r *Referee) analyze(before *core.State, m core.Move, notGainer int) (core.Verdict, error) {
	g := r.g
	if before.Game() != g {
		return core.Verdict{}, fmt.Errorf("referee: the position is not of %s", g.Name())
	}
	v := core.Verdict{Gainer: -1, CommonGainer: -1, Exact: true}
	mover := before.ToMove()
	a := r.newAnalyzer(mover, 0, before)
	defer r.putAnalyzer(a)
	after := scratch(a.line, before)
	if err := g.Play(after, m); err != nil {
		return v, err
	}
	plies := r.f.Plies(after)
	v.Plies = plies
	gainer, line, exact := r.forcedWinner(after, mover, notGainer, plies, &v.Nodes)
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
	if r.f.MissTurn {
		alts = append(alts, core.Pass)
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
			if res := g.Result(st); res.Winner == mover || res.Winner < 0 {
				v.Foul, v.Safe = true, g.Format(before, alt)
				return v, nil
			}
			continue
		}
		w, ex := r.forcedGainer(st, mover, -1, r.f.Plies(st), &v.Nodes)
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
func (r *Referee) MustMissTurn(s *core.State) (bool, error) {
	if !r.f.MissTurn {
		return false, nil
	}
	g := r.g
	mover := s.ToMove()
	nodes := 0
	a := r.newAnalyzer(mover, 0, s)
	defer r.putAnalyzer(a)
	a.alts = g.Settle(scratch(a.child, s), a.alts[:0])
	for _, m := range a.alts {
		st := scratch(a.alt, s)
		if err := g.Play(st, m); err != nil {
			continue
		}
		if st.Over() {
			return false, nil
		}
		w, ex := r.forcedGainer(st, mover, -1, r.f.Plies(st), &nodes)
		if !ex {
			return false, core.ErrNoVerdict
		}
		if w < 0 {
			return false, nil
		}
	}
	st := scratch(a.alt, s)
	if err := g.Play(st, core.Pass); err != nil {
		return false, err
	}
	w, ex := r.forcedGainer(st, mover, -1, r.f.Plies(st), &nodes)
	if !ex {
		return false, core.ErrNoVerdict
	}
	return w < 0, nil
}

// StuckIsFoul is the hook of [turns] stuck = "foul_or_draw": it reports
// whether a player with no move would, by not moving, let another player
// force the foul's goal within its turns.
func (r *Referee) StuckIsFoul(s *core.State) bool {
	st := s.Clone()
	mover := st.ToMove()
	r.g.PassTurn(st)
	nodes := 0
	w, exact := r.forcedGainer(st, mover, -1, r.f.Plies(st), &nodes)
	return exact && w >= 0
}
