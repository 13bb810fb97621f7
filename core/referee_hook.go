// This file is the core's side of the referee: the hook through which the
// foul search and the calls (package core/referee) are reached, the types
// they answer with, and the few public operations a referee uses to apply
// a ruling. The core never searches for fouls itself.

package core

import (
	"errors"
	"fmt"
)

// Referee judges a variant's foul ([fouls.NAME]). Package core/referee
// provides it and installs it with RegisterReferee; Compile gives every
// game that declares a foul its own Referee.
type Referee interface {
	// Analyze judges the move m played from before by the variant's foul.
	Analyze(before *State, m Move) (Verdict, error)
	// MustMissTurn reports whether the seat to move must miss the turn
	// under the foul's miss_turn rule.
	MustMissTurn(s *State) (bool, error)
	// StuckIsFoul reports whether the seat to move in s, which has no
	// move, would hand another seat the foul's goal by not moving
	// ([turns] stuck = "foul_or_draw"). Settle asks it.
	StuckIsFoul(s *State) bool
	// CanCall reports whether caller may call the foul on h's last move.
	CanCall(h *History, caller int) error
	// Call judges caller's call on h's last move and applies the outcome.
	Call(h *History, caller int) (CallResult, error)
}

// newReferee builds a game's referee; nil until a referee is registered.
var newReferee func(g *Game) Referee

// RegisterReferee installs the constructor of the referee that judges the
// fouls of games compiled from now on. Package core/referee calls it from
// its init: a program that loads variants with a [fouls] table imports it
// (for its side effect, `import _ "rulesmith/core/referee"`); without it
// such a variant does not compile.
func RegisterReferee(f func(g *Game) Referee) { newReferee = f }

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

// CallResult is the outcome of a foul call judged by the referee.
type CallResult struct {
	Verdict
	Caller, Offender int
	// Upheld: the call was right (a foul, or an unavoidable one).
	Upheld bool
	// Outcome says what was applied, in words.
	Outcome string
	// ReplacementBy is the seat that must now make the offender's
	// replacement move (the offender, or the caller when the offender was
	// eliminated), or -1 when the move stands.
	ReplacementBy int
}

// ErrNoVerdict is returned when a foul analysis hit its node limit.
var ErrNoVerdict = errors.New("the analysis hit its node limit: no verdict")

func (g *Game) noFoul() error { return fmt.Errorf("%s has no foul to call", g.name) }

// AnalyzeFoul judges the move m played from before by the variant's foul
// (the game's Referee). It returns an error when the variant declares no
// foul or m is not legal in before.
func (g *Game) AnalyzeFoul(before *State, m Move) (Verdict, error) {
	if g.referee == nil {
		return Verdict{}, fmt.Errorf("core: %s declares no foul", g.name)
	}
	return g.referee.Analyze(before, m)
}

// MustMissTurn reports whether the player to move in s must miss the turn
// under the foul's miss_turn rule: every legal move gives another player a
// forced win, and missing the turn does not (the game's Referee).
func (g *Game) MustMissTurn(s *State) (bool, error) {
	if g.referee == nil {
		return false, nil
	}
	return g.referee.MustMissTurn(s)
}

// CanCall reports whether caller may call the variant's foul on the last
// move of h, and why not (the game's Referee).
func (h *History) CanCall(caller int) error {
	if h.Game.referee == nil {
		return h.Game.noFoul()
	}
	return h.Game.referee.CanCall(h, caller)
}

// Call judges a call by caller of the variant's foul on the last move of h
// and applies the outcome (the game's Referee; see package core/referee
// for the remedies).
func (h *History) Call(caller int) (CallResult, error) {
	if h.Game.referee == nil {
		return CallResult{}, h.Game.noFoul()
	}
	return h.Game.referee.Call(h, caller)
}

// What a referee uses to apply a ruling.

// Last returns the last move of h and the position before it (the
// History's own copy: read it, never change it); ok is false when no move
// was played.
func (h *History) Last() (before *State, m Move, ok bool) {
	if h.n == 0 {
		return nil, 0, false
	}
	return h.last, h.moves[h.n-1], true
}

// Called reports whether a call was already judged on the last move.
func (h *History) Called() bool { return h.called }

// MarkCalled records that a call was judged on the last move: no other
// call may be made on it.
func (h *History) MarkCalled() { h.called = true }

// Withdraw takes back the last move after an upheld call: the position
// before it returns (with what earlier calls changed) and, unlike Undo,
// nothing is left to redo.
func (h *History) Withdraw() {
	if h.n == 0 {
		return
	}
	h.takeBack()
	h.redo = 0
}

// Bar forbids the next move to be m: after a call that eliminated the
// offender, the caller's replacement may not repeat the withdrawn move.
func (h *History) Bar(m Move) { h.barred, h.hasBarred = m, true }

// SpendTakeback takes one of seat's takebacks (State.Takebacks), if it
// has any left.
func (s *State) SpendTakeback(seat int) {
	if s.buf[s.g.lay.takebacks+seat] > 0 {
		s.buf[s.g.lay.takebacks+seat]--
	}
}

// CheckPoints returns an error naming what, and changes nothing, when v
// points given to every seat but skip (-1: none) would take one past
// ±MaxPoints in s.
func (g *Game) CheckPoints(s *State, skip, v int, what string) error {
	for seat := range g.seats {
		if seat != skip && !s.pointsFit(seat, v) {
			return s.pointsError(what, seat, v)
		}
	}
	return nil
}

// AwardPoints gives v points to every seat but skip (-1: none), one out of
// play included, after CheckPoints with the same arguments found they fit.
func (g *Game) AwardPoints(s *State, skip, v int, what string) error {
	if err := g.CheckPoints(s, skip, v, what); err != nil {
		return err
	}
	for seat := range g.seats {
		if seat != skip {
			s.buf[g.lay.scores+seat] += int32(v)
		}
	}
	return nil
}

// EliminateSeat takes seat out of play (its pieces stay), passes the turn
// on when it was the seat's, and checks the end conditions.
func (g *Game) EliminateSeat(s *State, seat int) {
	s.Eliminate(seat)
	g.afterElimination(s)
}

// ScoresDecide is EndGame's winner when the scores decide the result.
const ScoresDecide = scoresDecide

// EndGame ends the game in s: what ended it (an [end.NAME] or one of the
// End constants), the seat that met it (-1: none), and the winner: a seat,
// -1 for a draw, or ScoresDecide.
func (g *Game) EndGame(s *State, what string, seat, winner int) { g.endGame(s, what, seat, winner) }

// PassTurn hands the turn to the next seat in play without a move, as a
// seat that stands still (one ply is counted; nothing else changes).
func (g *Game) PassTurn(s *State) {
	s.buf[hPly]++
	s.setToMove(g.nextSeat(s, s.ToMove()))
}

// PieceOwner returns the seat that owns piece instance p (-1: neutral).
func (g *Game) PieceOwner(p int) int { return int(g.pieceOwner[p]) }

// MoveTakes reports whether move m, played in s, takes piece p off the
// board, for the rules that can say so (victimTaker); false otherwise.
func (g *Game) MoveTakes(s *State, m Move, p int) bool {
	ri := m.Rule()
	if m == Pass || ri < 0 || ri >= len(g.rules) {
		return false
	}
	vt, ok := g.rules[ri].(victimTaker)
	return ok && vt.takes(s, plainOf(g.rules[ri], m), p)
}
