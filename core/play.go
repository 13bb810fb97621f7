package core

import (
	"errors"
	"fmt"
)

// Moves appends the legal moves of the seat to move to buf[:0] and returns
// it. It is a pure query: s is not changed. An empty result means the game
// is over, or that the position is not settled yet: at the ply limit, or
// when the seat to move has no move (under [turns] pass = "when_stuck" a
// seat with no move gets Pass while another seat can move). Settle ends
// such a position by the variant's rules. Passing a buffer with enough
// capacity makes Moves allocation-free.
func (g *Game) Moves(s *State, buf []Move) []Move {
	buf = buf[:0]
	if s.buf[hOver] != 0 || int(s.buf[hPly]) >= g.maxPlies {
		return buf
	}
	if s.buf[hChance] != 0 {
		return g.chanceOutcomes(s, buf)
	}
	buf = g.gen(s, buf)
	if len(buf) == 0 && g.pass && (g.passAlways || g.chancePly != nil && g.perPlyChance(s) || g.otherCanMove(s, buf)) {
		return append(buf[:0], Pass)
	}
	return buf
}

// Settle is Moves for a game in play: it returns the legal moves of the seat
// to move, and when there are none it settles the position first: at the
// ply limit the game is stopped; a seat with no move ends the game by the
// [turns] stuck policy, except that under stuck = "foul_or_draw" the
// variant's referee may find that not moving hands another seat the foul's
// goal: the seat is then eliminated and the next seat's moves are returned.
// An empty result means the game is over, and s says so (Result, Over).
// It allocates nothing when buf has the capacity.
func (g *Game) Settle(s *State, buf []Move) []Move { return g.settle(s, buf, true) }

// SettlePlain is Settle without asking the referee: a stuck seat is settled
// by the stuck policy alone. A referee's own search uses it.
func (g *Game) SettlePlain(s *State, buf []Move) []Move { return g.settle(s, buf, false) }

func (g *Game) settle(s *State, buf []Move, refereed bool) []Move {
	for {
		buf = buf[:0]
		if s.buf[hOver] != 0 {
			return buf
		}
		if int(s.buf[hPly]) >= g.maxPlies {
			s.buf[hOver], s.buf[hStop] = 1, 1
			return buf
		}
		if s.buf[hChance] != 0 {
			return g.chanceOutcomes(s, buf)
		}
		buf = g.gen(s, buf)
		if len(buf) > 0 {
			return buf
		}
		if g.pass && (g.passAlways || g.chancePly != nil && g.perPlyChance(s) || g.otherCanMove(s, buf)) {
			return append(buf[:0], Pass)
		}
		if !refereed || g.stuckReferee == nil || !g.stuckReferee(s) {
			if g.endStuck(s) {
				continue // the stuck seat is out ([end] no_move, result = "eliminate"): the next one moves
			}
			return buf[:0]
		}
		// [turns] stuck = "foul_or_draw": not moving would hand another
		// seat the foul's goal, so the seat loses and the others play on.
		s.Eliminate(s.ToMove())
		g.afterElimination(s)
	}
}

// endStuck ends the game of a seat with no move: by the first [end] no_move
// condition that holds, else by the [turns] stuck policy. It reports
// whether instead the seat was eliminated and play goes on.
func (g *Game) endStuck(s *State) bool {
	if done, goOn := g.noMoveEnd(s); done {
		return goOn
	}
	winner := scoresDecide
	switch {
	case g.stuckLose && s.Active() == 2:
		// the player who cannot move loses: the other one wins
		for o := range g.seats {
			if o != s.ToMove() && !s.Eliminated(o) {
				winner = o
			}
		}
	case g.stuckWin && s.Active() == 2:
		// misère: the seat left without a move wins
		winner = s.ToMove()
	case g.stuckDraw:
		winner = -1
	}
	g.endGame(s, EndStuck, s.ToMove(), winner)
	return false
}

func (g *Game) gen(s *State, buf []Move) []Move {
	ph := g.phases[s.buf[hPhase]]
	start := len(buf)
	if ph.ownCells {
		s.fillOwn(s.ToMove())
	}
	for _, ri := range ph.rules {
		from := len(buf)
		buf = g.rules[ri].gen(s, buf)
		if g.rules[ri].base().choose != nil {
			buf = g.expandChoices(s, g.rules[ri], buf, from)
		}
	}
	s.own.ok = false
	if ph.prelude != nil {
		buf = g.genPrelude(s, ph, buf, start)
	}
	if g.legal.on {
		buf = append(buf[:start], g.filterLegal(s, buf[start:])...)
	}
	if g.repBan != nil && s.banned.hot > 0 {
		buf = buf[:start+len(g.filterBanned(s, buf[start:]))]
	}
	if ph.priority != priorityNone {
		buf = buf[:start+len(g.prioritize(s, buf[start:], ph.priority))]
	}
	return buf
}

// otherCanMove reports whether any other seat would have a move in this
// position; it uses buf's spare capacity and restores the seat to move.
func (g *Game) otherCanMove(s *State, buf []Move) bool {
	me := s.ToMove()
	defer s.setToMove(me)
	for k := 1; k < len(g.seats); k++ {
		o := (me + k) % len(g.seats)
		if s.Eliminated(o) {
			continue
		}
		s.setToMove(o)
		if len(g.gen(s, buf[:0])) > 0 {
			return true
		}
	}
	return false
}

// ErrGameOver is returned when a move is played in a finished game.
var ErrGameOver = errors.New("the game is over")

// Play plays m, which must be one of Moves(s), on s. It returns an error
// (and leaves s unusable only if a rule's own limit was hit, which the error
// says) for a move no rule can play.
//
// A capture whose points would take a seat past ±MaxPoints is refused with
// an error naming the rule, and s is left as it was. A move after which the
// score expression fails (an integer overflow) is refused with an error
// naming the expression; s then holds the position after the move
// (History.Play restores the one before).
func (g *Game) Play(s *State, m Move) error {
	s.skipReady = false
	if s.env != nil {
		s.env.scoreErr = nil
	}
	if m.IsChance() {
		if s.buf[hOver] != 0 {
			return ErrGameOver
		}
		return g.playChance(s, m)
	}
	if s.buf[hChance] != 0 {
		return fmt.Errorf("core: the chance event %q is pending: play one of its outcomes before %s", g.ChanceEvent(s), g.Format(s, m))
	}
	before := s.Hash()
	if err := g.play(s, m); err != nil {
		return err
	}
	if g.repetition > 0 || g.repBan != nil {
		g.recordSeen(s, before)
		if g.repBan != nil {
			s.skipReady = false // the positions seen now ban other moves
		}
	}
	if s.env != nil && s.env.scoreErr != nil {
		err := s.env.scoreErr
		s.env.scoreErr = nil
		return fmt.Errorf("%sscoring.score: %s", g.scoreAt, exprMsg(err))
	}
	if s.env != nil && s.env.exprErr != nil {
		// a condition failed, here or in the Moves before: counted false,
		// it may have ended the game or dropped moves wrongly
		err := s.env.exprErr
		s.env.exprErr = nil
		return err
	}
	return nil
}

func (g *Game) play(s *State, m Move) error {
	h := s.buf[:hHeader] // the header words, checked once
	if h[hOver] != 0 {
		return ErrGameOver
	}
	mover := s.ToMove()
	entered := false
	h[hExtra] = 0
	if g.lay.took > 0 {
		g.recordTake(s, mover)
	}
	if m&followMask != 0 {
		var err error
		if m, err = g.playPrelude(s, m); err != nil {
			return err
		}
	}
	if m == Pass {
		h[hPasses]++
	} else {
		ri := m.Rule()
		if ri < 0 || ri >= len(g.rules) {
			return fmt.Errorf("core: move %#x names no rule", uint64(m))
		}
		ru := g.rules[ri]
		g.clearMark(s, mover)
		var undo *State
		pm := plainOf(ru, m)
		if g.awards != nil && g.awards[ri] && ru.(pointsAwarder).mayAward(s, pm) {
			// a capture refused for its points must leave s as it was
			if s.undo == nil {
				s.undo = s.Clone()
			}
			undo = s.undo
			undo.CopyFrom(s)
		}
		rb := ru.base()
		if rb.anyMoveFx {
			for _, me := range rb.afterMove {
				if me != nil {
					me.beforeMove(s, m)
				}
			}
		}
		if err := ru.play(s, pm); err != nil {
			if undo != nil {
				s.keepHistory(func() { s.CopyFrom(undo) })
			}
			return err
		}
		if pr := rb.promo; pr != nil {
			g.promote(s, pr, pm, mover)
		}
		if sets := rb.sets; sets != nil {
			g.applyStateSets(s, sets, pm, mover)
		}
		for i, e := range rb.after {
			if me := rb.afterMove[i]; me != nil {
				me.applyMove(s, m)
			} else {
				e.apply(s)
			}
		}
		h[hPasses] = 0
	}
	if g.turnResets != nil {
		g.resetTurnState(s, mover)
	}
	if g.elimFlag != nil {
		g.eliminateWithout(s)
	}
	if g.elimEmpty != nil {
		g.eliminateEmpty(s)
	}
	h[hPly]++
	h[hLastMover] = int32(mover)
	h[hLastTo] = int32(m.To() + 1)
	if m == Pass {
		h[hLastTo] = 0
	}
	if g.chance != nil {
		g.chanceAfterPly(s)
	}
	// phase change
	ph := g.phases[h[hPhase]]
	if (ph.endHand && h[hHandLeft] == 0) || (ph.endIf.prog != nil && g.cond(ph.endIf, s)) {
		if ph.next >= 0 && g.rounds != nil {
			if h[hExtra] == 0 {
				s.setToMove(g.nextSeat(s, mover))
			}
			g.enterPhase(s, ph.next) // rounds.go: first seat, steps, …
			return nil
		}
		if ph.next >= 0 {
			s.setPhase(ph.next)
			if nf := g.phases[ph.next].first; nf >= 0 {
				s.setToMove(nf)
				g.checkEnd(s)
				if g.chance != nil {
					g.chanceNext(s, true)
				}
				return nil
			}
			entered = true
		}
	}
	if h[hExtra] == 0 {
		s.setToMove(g.nextSeat(s, mover))
	}
	g.checkEnd(s)
	if g.rounds != nil {
		if g.chance != nil && (h[hChance] != 0 || g.perPlyChance(s)) {
			// (with no event pending and none before this phase's plies,
			// chanceNext would change nothing)
			g.chanceNext(s, false)
		}
		g.settleTurn(s) // rounds.go: skip a seat with no move, end a stuck phase
		entered = false
	}
	if g.resignNotice && s.buf[g.lay.notice+mover] > 0 && h[hOver] == 0 {
		// the resigning seat has made one more of its last moves
		if s.buf[g.lay.notice+mover]--; s.buf[g.lay.notice+mover] == 0 {
			s.skipReady = false
			g.resign(s, mover)
		}
	}
	if g.chance != nil && g.rounds == nil {
		g.chanceNext(s, entered)
	}
	return nil
}

func (g *Game) nextSeat(s *State, seat int) int {
	n := len(g.seats)
	o := seat
	for k := 1; k <= n; k++ {
		o++
		o *= b2i(o < n) // round the table without a branch
		if !s.Eliminated(o) {
			return o
		}
	}
	return seat
}

// Eliminate removes a seat from the turn order (its pieces stay).
func (s *State) Eliminate(seat int) {
	if s.buf[s.g.lay.elim+seat] == 0 {
		s.buf[s.g.lay.elim+seat] = 1
		s.xorHash(mix(uint64(seat) | 1<<61))
	}
}

// Active returns the number of seats not eliminated.
func (s *State) Active() int {
	n := 0
	for seat := range s.g.seats {
		if !s.Eliminated(seat) {
			n++
		}
	}
	return n
}

// Result describes how a game stands.
type Result struct {
	Over bool
	// Winner is the winning seat, or -1 for a draw (when Over).
	Winner int
	// Timeout is set when the ply limit stopped the game undecided.
	Timeout bool
}

// Result returns the state of the game. It settles s first (see Settle):
// a position whose seat to move has no move is ended by the rules.
func (g *Game) Result(s *State) Result {
	if s.buf[hOver] == 0 {
		var buf [64]Move
		g.Settle(s, buf[:0])
	}
	if s.buf[hOver] == 0 {
		return Result{Winner: -1}
	}
	if s.buf[hStop] != 0 {
		return Result{Over: true, Winner: -1, Timeout: true}
	}
	return Result{Over: true, Winner: int(s.buf[hWinner])}
}

// ResultString renders a result with seat names: "ongoing", "draw",
// "south wins" or "stopped at the ply limit".
func (g *Game) ResultString(r Result) string {
	switch {
	case !r.Over:
		return "ongoing"
	case r.Timeout:
		return "stopped at the ply limit"
	case r.Winner < 0:
		return "draw"
	}
	return g.seats[r.Winner] + " wins"
}

// Scores returns each seat's score by the variant's scoring expression.
func (g *Game) Scores(s *State) []int {
	out := make([]int, len(g.seats))
	for i := range out {
		out[i] = g.scoreOf(s, i)
	}
	return out
}

// History is a game in progress with undo and redo: a State plus what is
// needed to take moves back. It keeps one full copy, of the position before
// the last move, and for each earlier move a reversible delta: the entries
// of the position that differ between before it and before the next move
// (what calls and resignations changed in between included). Its memory is
// thus O(plies × entries a move changes), not O(plies × position size). Its
// buffers are reused, so playing and undoing allocate nothing once they have
// grown.
type History struct {
	Game  *Game
	State *State
	moves []Move
	// last is the position before the last move (valid when n > 0); tmp
	// is working space for Play.
	last, tmp *State
	// log holds the deltas of moves 0..n-2; delta k starts at offs[k] and
	// ends where delta k+1 starts (or at len(log)). Applied to the
	// position before move k+1, it gives the position before move k.
	log  []delta
	offs []int
	// hashes[k] is the hash of the position before move k, and counts
	// counts hashes[:n] by hash (repetition draws).
	hashes []uint64
	counts repTable
	n      int // number of moves played
	redo   int // number of moves that can be redone
	// called is set once a foul call was judged on the last move
	called bool
	// barred, when hasBarred, is a move withdrawn after a foul call that the
	// replacement move may not repeat: the caller makes "an alternative
	// legal move" for an eliminated offender (STRIX 2024 Rule 17 (v)).
	barred    Move
	hasBarred bool
}

// delta is one entry of a position and its value before a move.
type delta struct{ i, old int32 }

// NewHistory starts a history at s (which it takes over).
func NewHistory(g *Game, s *State) *History { return &History{Game: g, State: s} }

// Play plays m and records it for undo. After a call that eliminated the
// offender, the caller's replacement move may not be the withdrawn one.
func (h *History) Play(m Move) error {
	if h.hasBarred && m == h.barred {
		return fmt.Errorf("%s is the move withdrawn after the foul call; the replacement must be an alternative move (%s, %s)",
			h.Game.Format(h.State, m), h.Game.foul.Name, h.Game.foul.Cite)
	}
	if h.tmp == nil {
		h.tmp, h.last = h.State.Clone(), h.State.Clone()
	}
	h.tmp.CopyFrom(h.State)
	if err := h.Game.Play(h.State, m); err != nil {
		h.State.keepHistory(func() { h.State.CopyFrom(h.tmp) })
		return err
	}
	if err := h.Game.checkZones(h.tmp, h.State, m); err != nil {
		h.State.keepHistory(func() { h.State.CopyFrom(h.tmp) })
		return err
	}
	// tmp is the position before this move: the delta of the previous
	// move takes it back to last.
	if h.n > 0 {
		h.offs = append(h.offs[:h.n-1], len(h.log))
		for i, v := range h.last.buf {
			if v != h.tmp.buf[i] {
				h.log = append(h.log, delta{int32(i), v})
			}
		}
	}
	h.last, h.tmp = h.tmp, h.last
	if h.n == len(h.moves) {
		h.moves = append(h.moves, 0)
		h.hashes = append(h.hashes, 0)
	}
	h.moves[h.n] = m
	h.hashes[h.n] = h.last.Hash()
	h.counts.add(h.hashes[h.n], 1)
	h.n++
	h.redo = 0
	h.called = false
	h.hasBarred = false
	if g := h.Game; g.repetition > 0 && !h.State.Over() {
		if 1+h.counts.count(h.State.Hash()) >= g.repetition {
			g.endGame(h.State, g.repetitionEnd, -1, -1)
		}
	}
	return nil
}

// before returns the position before the last move (n > 0); it is the
// History's own copy, to read only.
func (h *History) before() *State { return h.last }

// takeBack restores the position before the last move (n > 0) and makes
// the move before it the last one.
func (h *History) takeBack() {
	after := h.State.Hash()
	h.State.keepHistory(func() { h.State.CopyFrom(h.last) })
	h.State.popSeen(after)
	h.n--
	h.counts.add(h.hashes[h.n], -1)
	if h.n == 0 {
		return
	}
	start := h.offs[h.n-1]
	for _, d := range h.log[start:] {
		h.last.buf[d.i] = d.old
	}
	h.log = h.log[:start]
	h.offs = h.offs[:h.n-1]
}

// Undo takes back the last move; it reports false when there is none.
func (h *History) Undo() bool {
	if h.n == 0 {
		return false
	}
	h.takeBack()
	h.redo++
	h.hasBarred = false
	return true
}

// Redo replays the next undone move; it reports false when there is none.
func (h *History) Redo() bool {
	if h.redo == 0 {
		return false
	}
	m := h.moves[h.n]
	r := h.redo
	if err := h.Play(m); err != nil {
		return false
	}
	h.redo = r - 1
	return true
}

// Legal appends the legal moves of the seat to move to buf[:0]: the game's
// moves, less a withdrawn move the replacement may not repeat. It settles
// the position first (Game.Settle): an empty result means the game is over.
func (h *History) Legal(buf []Move) []Move {
	buf = h.Game.Settle(h.State, buf)
	if !h.hasBarred {
		return buf
	}
	out := buf[:0]
	for _, m := range buf {
		if m != h.barred {
			out = append(out, m)
		}
	}
	return out
}

// Barred returns the withdrawn move the next move may not repeat, if any.
func (h *History) Barred() (Move, bool) { return h.barred, h.hasBarred }

// Moves returns the moves played so far.
func (h *History) Moves() []Move { return h.moves[:h.n] }

// Len returns the number of moves played.
func (h *History) Len() int { return h.n }

// tableAwards marks the rules whose moves can award capture points
// (pointsAwarder): Game.play keeps a copy of the position for those moves.
func (g *Game) tableAwards() {
	for ri, ru := range g.rules {
		if pa, ok := ru.(pointsAwarder); ok && pa.mayAwardAny() {
			if g.awards == nil {
				g.awards = make([]bool, len(g.rules))
			}
			g.awards[ri] = true
		}
	}
}
