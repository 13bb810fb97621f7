package core

import (
	"errors"
	"fmt"
	"strings"
)

// CallResult is the outcome of a foul call judged by the engine.
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

// CanCall reports whether caller may call the variant's foul on the last
// move of h, and why not.
func (h *History) CanCall(caller int) error {
	g := h.Game
	if g.Foul == nil {
		return fmt.Errorf("%s has no foul to call", g.Name)
	}
	if h.n == 0 {
		return fmt.Errorf("there is no move to call a foul on")
	}
	if h.called {
		return fmt.Errorf("a call was already judged on this move (only one call at a time)")
	}
	before := h.before()
	offender := before.ToMove()
	if caller == offender {
		return fmt.Errorf("%s cannot call a foul on their own move", g.Seats[caller])
	}
	if g.Foul.bySufferers() {
		if before.Eliminated(caller) {
			return fmt.Errorf("%s is out of play and may not call", g.Seats[caller])
		}
		// a call names a Gainer other than the caller and the offender
		for o := range g.Seats {
			if o != caller && o != offender && !before.Eliminated(o) {
				return nil
			}
		}
		return fmt.Errorf("%s may not call on %s's move: only a player who stands to suffer by another's win may call, and no one else is in play", g.Seats[caller], g.Seats[offender])
	}
	prev, next := neighbours(before, offender)
	for _, c := range g.Foul.Callers {
		if (c == "prev" && caller == prev) || (c == "next" && caller == next) {
			return nil
		}
	}
	var who []string
	for _, c := range g.Foul.Callers {
		switch {
		case prev == next:
			who = []string{g.Seats[prev]}
		case c == "prev":
			who = append(who, g.Seats[prev]+" (the preceding player)")
		case c == "next":
			who = append(who, g.Seats[next]+" (the following player)")
		}
	}
	return fmt.Errorf("%s may not call on %s's move; only %s may", g.Seats[caller], g.Seats[offender], strings.Join(who, " or "))
}

// bySufferers reports whether the players who stand to suffer call.
func (f *FoulSpec) bySufferers() bool {
	return len(f.Callers) == 1 && f.Callers[0] == "sufferers"
}

// neighbours returns the active seats before and after seat in turn order.
func neighbours(s *State, seat int) (prev, next int) {
	n := len(s.g.Seats)
	prev, next = seat, seat
	for k := 1; k < n; k++ {
		if o := (seat + k) % n; !s.Eliminated(o) {
			next = o
			break
		}
	}
	for k := 1; k < n; k++ {
		if o := (seat - k + n) % n; !s.Eliminated(o) {
			prev = o
			break
		}
	}
	return
}

// Call judges a call by caller of the variant's foul on the last move of h
// and applies the outcome:
//
//   - upheld, remedy "takeback": the move is withdrawn; the offender spends a
//     takeback and replays, or with none left is eliminated and the caller
//     makes a replacement move for them (STRIX 2024 Rule 17 (v));
//   - upheld, remedy "points": the move is withdrawn and replayed, and every
//     player but the offender gains RemedyPoints (first edition Rule 18
//     (ii)), one out of play included;
//   - unavoidable (every move of the offender loses the game to someone):
//     the offender is eliminated and the move stands (2024 Rule 17 (xi));
//   - baseless, remedy "takeback": the caller loses a takeback, or with none
//     left is eliminated; the move stands (Rule 17 (ix));
//   - baseless, remedy "points": every player but the caller gains
//     RemedyPoints (Rule 18 (v)), one out of play included.
//
// With callers = ["sufferers"] the call names a Gainer other than the
// caller: a player who would gain by the move has nothing to suffer, and
// its call is judged baseless.
//
// A remedy whose points would take a seat past ±MaxPoints refuses the call
// with an error naming fouls.NAME.remedy_points; h is left as it was.
func (h *History) Call(caller int) (CallResult, error) {
	g := h.Game
	if err := h.CanCall(caller); err != nil {
		return CallResult{}, err
	}
	before := h.before()
	m := h.moves[h.n-1]
	offender := before.ToMove()
	notGainer := -1
	if g.Foul.bySufferers() {
		notGainer = caller // the caller must stand to suffer, not gain
	}
	v, err := g.analyzeFoul(before, m, notGainer)
	if err != nil {
		return CallResult{}, err
	}
	if !v.Exact {
		return CallResult{}, ErrNoVerdict
	}
	res := CallResult{Verdict: v, Caller: caller, Offender: offender, ReplacementBy: -1}
	f := g.Foul
	seats := make([]string, len(g.Seats)) // display names for the outcome
	for i := range seats {
		seats[i] = g.SeatTitle(i)
	}
	switch {
	case v.Foul:
		if f.Remedy == "points" {
			// the position the move is withdrawn to is h.last
			if err := g.remedyFits(h.last, offender); err != nil {
				return CallResult{}, err
			}
		}
		res.Upheld = true
		// withdraw the move, keeping what calls changed
		h.takeBack()
		h.redo = 0
		s := h.State
		if f.Remedy == "points" {
			// every non-offending player, one out of play included: it keeps
			// and still gathers points
			for seat := range seats {
				if seat != offender {
					s.buf[g.lay.scores+seat] += int32(f.RemedyPoints)
				}
			}
			res.ReplacementBy = offender
			res.Outcome = fmt.Sprintf("foul upheld: %s's move is withdrawn; %d points to each other player; %s moves again", seats[offender], f.RemedyPoints, seats[offender])
			break
		}
		if tb := s.Takebacks(offender); tb > 0 {
			s.buf[g.lay.takebacks+offender]--
			res.ReplacementBy = offender
			res.Outcome = fmt.Sprintf("foul upheld: %s spends a takeback (%d left) and replays", seats[offender], tb-1)
		} else {
			s.Eliminate(offender)
			res.ReplacementBy = caller
			h.barred, h.hasBarred = m, true
			res.Outcome = fmt.Sprintf("foul upheld: %s has no takebacks left and is eliminated; %s makes the replacement move for %s", seats[offender], seats[caller], seats[offender])
		}
	case v.Unavoidable && f.Unavoidable == "eliminate_and_end":
		res.Upheld = true
		h.takeBack()
		h.redo = 0
		s := h.State
		if v.CommonGainer >= 0 {
			winner := v.CommonGainer
			if f.goal.byScore {
				winner = scoresDecide
			}
			g.endGame(s, f.goal.name, v.CommonGainer, winner)
			res.Outcome = fmt.Sprintf("forced foul: every move of %s gives %s the goal (%s); %s is deemed to have reached it and the game ends", seats[offender], seats[v.CommonGainer], f.goal.name, seats[v.CommonGainer])
		} else {
			s.Eliminate(offender)
			g.endGame(s, f.unavoidableEnd, offender, scoresDecide)
			var left []string
			for seat := range seats {
				if !s.Eliminated(seat) {
					left = append(left, seats[seat])
				}
			}
			res.Outcome = fmt.Sprintf("forced foul: %s cannot avoid it and loses; the game ends (%s) between the %d players left (%s), decided by the scores", seats[offender], f.unavoidableEnd, len(left), strings.Join(left, ", "))
		}
	case v.Unavoidable:
		res.Upheld = true
		h.State.Eliminate(offender)
		g.afterElimination(h.State)
		res.Outcome = fmt.Sprintf("unavoidable foul: every move of %s lets %s win; %s loses and the move stands", seats[offender], seats[v.Gainer], seats[offender])
	default:
		s := h.State
		if f.Remedy == "points" {
			if err := g.remedyFits(s, caller); err != nil {
				return CallResult{}, err
			}
			// every player but the caller, one out of play included
			for seat := range seats {
				if seat != caller {
					s.buf[g.lay.scores+seat] += int32(f.RemedyPoints)
				}
			}
			res.Outcome = fmt.Sprintf("baseless call: %d points to each player but %s; the move stands", f.RemedyPoints, seats[caller])
		} else if tb := s.Takebacks(caller); tb > 0 {
			s.buf[g.lay.takebacks+caller]--
			res.Outcome = fmt.Sprintf("baseless call: %s loses a takeback (%d left); the move stands", seats[caller], tb-1)
		} else {
			s.Eliminate(caller)
			g.afterElimination(s)
			res.Outcome = fmt.Sprintf("baseless call: %s has no takebacks left and is eliminated; the move stands", seats[caller])
		}
	}
	h.called = true
	return res, nil
}

// remedyFits returns an error, and the call is refused, when the remedy's
// points given to every seat but skip would take one past ±MaxPoints on s.
func (g *Game) remedyFits(s *State, skip int) error {
	f := g.Foul
	for seat := range g.Seats {
		if seat != skip && !s.pointsFit(seat, f.RemedyPoints) {
			return s.pointsError(fmt.Sprintf("fouls.%s.remedy_points", f.Name), seat, f.RemedyPoints)
		}
	}
	return nil
}

// Resign removes seat from play (its pieces stay on the board). Under
// [turns] resign_notice = "round", while every seat plays, it only gives
// notice: the seat makes its next move (and, given on its own turn, the
// one after) and then leaves (State.Notice counts those moves).
func (h *History) Resign(seat int) error {
	g := h.Game
	s := h.State
	if s.Over() {
		return ErrGameOver
	}
	if s.Eliminated(seat) {
		return fmt.Errorf("%s is already out of the game", g.Seats[seat])
	}
	if g.resignNotice && s.Active() == len(g.Seats) {
		if s.Notice(seat) > 0 {
			return fmt.Errorf("%s has already given notice of resignation", g.Seats[seat])
		}
		// the notice's move is the seat's penultimate: on its own turn the
		// move it is about to make, else the move it has just made
		left := int32(1)
		if s.ToMove() == seat {
			left = 2
		}
		s.buf[g.lay.notice+seat] = left
		return nil
	}
	g.resign(s, seat)
	return nil
}

// resign takes seat out of play at once.
func (g *Game) resign(s *State, seat int) {
	s.buf[g.lay.notice+seat] = 0
	s.Eliminate(seat)
	if s.Active() == 1 {
		for o := range g.Seats {
			if !s.Eliminated(o) {
				// the resignation ends the game: the last seat standing wins,
				// or the points decide where the ends are scored
				winner := o
				if g.scoredEnds() {
					winner = scoresDecide
				}
				g.endGame(s, EndResigned, o, winner)
			}
		}
		return
	}
	g.afterElimination(s)
}

// AgreeDraw ends the game in a draw agreed by the seats still playing
// ([turns] agreed_draw): ended_by is "agreed_draw" and no seat wins.
func (h *History) AgreeDraw() error {
	g := h.Game
	s := h.State
	if s.Over() {
		return ErrGameOver
	}
	switch {
	case g.agreedDraw == "never":
		return fmt.Errorf("%s has no agreed draw ([turns] agreed_draw = \"never\")", g.Name)
	case g.agreedDraw == "after_elimination" && s.Active() == len(g.Seats):
		return fmt.Errorf("a draw may be agreed only once a player is out of the game ([turns] agreed_draw = \"after_elimination\")")
	}
	g.endGame(s, EndAgreedDraw, -1, -1)
	return nil
}

// scoredEnds reports whether the variant decides its ends by score.
func (g *Game) scoredEnds() bool {
	for _, e := range g.ends {
		if e.byScore {
			return true
		}
	}
	return false
}
