package referee

import (
	"fmt"
	"strings"

	"rulesmith/core"
)

// CanCall reports whether caller may call the variant's foul on the last
// move of h, and why not.
func (r *Referee) CanCall(h *core.History, caller int) error {
	g := r.g
	before, _, ok := h.Last()
	if !ok {
		return fmt.Errorf("there is no move to call a foul on")
	}
	if h.Called() {
		return fmt.Errorf("a call was already judged on this move (only one call at a time)")
	}
	offender := before.ToMove()
	if caller == offender {
		return fmt.Errorf("%s cannot call a foul on their own move", g.Seat(caller))
	}
	if r.bySufferers() {
		if before.Eliminated(caller) {
			return fmt.Errorf("%s is out of play and may not call", g.Seat(caller))
		}
		// a call names a Gainer other than the caller and the offender
		for o := range g.NumSeats() {
			if o != caller && o != offender && !before.Eliminated(o) {
				return nil
			}
		}
		return fmt.Errorf("%s may not call on %s's move: only a player who stands to suffer by another's win may call, and no one else is in play", g.Seat(caller), g.Seat(offender))
	}
	prev, next := neighbours(before, offender)
	for _, c := range r.f.Callers {
		if (c == "prev" && caller == prev) || (c == "next" && caller == next) {
			return nil
		}
	}
	var who []string
	for _, c := range r.f.Callers {
		switch {
		case prev == next:
			who = []string{g.Seat(prev)}
		case c == "prev":
			who = append(who, g.Seat(prev)+" (the preceding player)")
		case c == "next":
			who = append(who, g.Seat(next)+" (the following player)")
		}
	}
	return fmt.Errorf("%s may not call on %s's move; only %s may", g.Seat(caller), g.Seat(offender), strings.Join(who, " or "))
}

// bySufferers reports whether the players who stand to suffer call.
func (r *Referee) bySufferers() bool {
	return len(r.f.Callers) == 1 && r.f.Callers[0] == "sufferers"
}

// neighbours returns the active seats before and after seat in turn order.
func neighbours(s *core.State, seat int) (prev, next int) {
	n := s.Game().NumSeats()
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
//     under unavoidable = "eliminate_and_end" the move is withdrawn and the
//     game ends (first edition Rule 18 (vii));
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
func (r *Referee) Call(h *core.History, caller int) (core.CallResult, error) {
	g := r.g
	if err := r.CanCall(h, caller); err != nil {
		return core.CallResult{}, err
	}
	before, m, _ := h.Last()
	offender := before.ToMove()
	notGainer := -1
	if r.bySufferers() {
		notGainer = caller // the caller must stand to suffer, not gain
	}
	v, err := r.analyze(before, m, notGainer)
	if err != nil {
		return core.CallResult{}, err
	}
	if !v.Exact {
		return core.CallResult{}, core.ErrNoVerdict
	}
	res := core.CallResult{Verdict: v, Caller: caller, Offender: offender, ReplacementBy: -1}
	f := r.f
	points := fmt.Sprintf("fouls.%s.remedy_points", f.Name)
	seats := make([]string, g.NumSeats()) // display names for the outcome
	for i := range seats {
		seats[i] = g.SeatTitle(i)
	}
	switch {
	case v.Foul:
		if f.Remedy == "points" {
			// the position the move is withdrawn to is before
			if err := g.CheckPoints(before, offender, f.RemedyPoints, points); err != nil {
				return core.CallResult{}, err
			}
		}
		res.Upheld = true
		// withdraw the move, keeping what calls changed
		h.Withdraw()
		s := h.State
		if f.Remedy == "points" {
			// every non-offending player, one out of play included: it keeps
			// and still gathers points
			if err := g.AwardPoints(s, offender, f.RemedyPoints, points); err != nil {
				return core.CallResult{}, err
			}
			res.ReplacementBy = offender
			res.Outcome = fmt.Sprintf("foul upheld: %s's move is withdrawn; %d points to each other player; %s moves again", seats[offender], f.RemedyPoints, seats[offender])
			break
		}
		if tb := s.Takebacks(offender); tb > 0 {
			s.SpendTakeback(offender)
			res.ReplacementBy = offender
			res.Outcome = fmt.Sprintf("foul upheld: %s spends a takeback (%d left) and replays", seats[offender], tb-1)
		} else {
			s.Eliminate(offender)
			res.ReplacementBy = caller
			h.Bar(m)
			res.Outcome = fmt.Sprintf("foul upheld: %s has no takebacks left and is eliminated; %s makes the replacement move for %s", seats[offender], seats[caller], seats[offender])
		}
	case v.Unavoidable && f.Unavoidable == "eliminate_and_end":
		res.Upheld = true
		h.Withdraw()
		s := h.State
		if v.CommonGainer >= 0 {
			winner := v.CommonGainer
			if f.GoalByScore() {
				winner = core.ScoresDecide
			}
			g.EndGame(s, f.GoalEnd(), v.CommonGainer, winner)
			res.Outcome = fmt.Sprintf("forced foul: every move of %s gives %s the goal (%s); %s is deemed to have reached it and the game ends", seats[offender], seats[v.CommonGainer], f.GoalEnd(), seats[v.CommonGainer])
		} else {
			s.Eliminate(offender)
			g.EndGame(s, f.UnavoidableEnd(), offender, core.ScoresDecide)
			var left []string
			for seat := range seats {
				if !s.Eliminated(seat) {
					left = append(left, seats[seat])
				}
			}
			res.Outcome = fmt.Sprintf("forced foul: %s cannot avoid it and loses; the game ends (%s) between the %d players left (%s), decided by the scores", seats[offender], f.UnavoidableEnd(), len(left), strings.Join(left, ", "))
		}
	case v.Unavoidable:
		res.Upheld = true
		g.EliminateSeat(h.State, offender)
		res.Outcome = fmt.Sprintf("unavoidable foul: every move of %s lets %s win; %s loses and the move stands", seats[offender], seats[v.Gainer], seats[offender])
	default:
		s := h.State
		if f.Remedy == "points" {
			// every player but the caller, one out of play included
			if err := g.AwardPoints(s, caller, f.RemedyPoints, points); err != nil {
				return core.CallResult{}, err
			}
			res.Outcome = fmt.Sprintf("baseless call: %d points to each player but %s; the move stands", f.RemedyPoints, seats[caller])
		} else if tb := s.Takebacks(caller); tb > 0 {
			s.SpendTakeback(caller)
			res.Outcome = fmt.Sprintf("baseless call: %s loses a takeback (%d left); the move stands", seats[caller], tb-1)
		} else {
			g.EliminateSeat(s, caller)
			res.Outcome = fmt.Sprintf("baseless call: %s has no takebacks left and is eliminated; the move stands", seats[caller])
		}
	}
	h.MarkCalled()
	return res, nil
}
