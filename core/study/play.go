package study

import (
	"context"
	"errors"
	"fmt"

	"rulesmith/core"
	"rulesmith/core/agent"
	// a study judges fouls: the referee must be linked
	_ "rulesmith/core/referee"
)

// gameSpec is one game to play.
type gameSpec struct {
	variantIndex, game int
	seed               uint64
	agents             []string // per seat
	callFouls          bool
	maxPlies           int
}

// player plays games on one goroutine, reusing its buffers.
type player struct {
	buf    []core.Move
	before *core.State
	hists  map[*core.Game]*history
}

// history is a History kept from game to game, so that its snapshots are
// reused instead of allocated again for every ply of every game.
type history struct {
	h     *core.History
	start *core.State
	info  VariantInfo
}

func newPlayer() *player {
	return &player{buf: make([]core.Move, 0, 256), hists: map[*core.Game]*history{}}
}

// history returns a History at the start of g.
func (p *player) history(g *core.Game) *history {
	ph := p.hists[g]
	if ph == nil {
		ph = &history{h: core.NewHistory(g, g.NewState()), start: g.NewState(), info: Info(g)}
		p.hists[g] = ph
		return ph
	}
	for ph.h.Undo() {
	}
	ph.h.State.CopyFrom(ph.start)
	return ph
}

// maxWithdrawals bounds the fouls upheld in a row at one ply: past it the
// game is stopped as a timeout (an agent that keeps repeating a foul under a
// points remedy would otherwise never finish).
const maxWithdrawals = 1000

// leader returns the seat with the strictly best score, or -1 on a tie.
func leader(scores []int, lowest bool) int {
	best, who := 0, -1
	for seat, v := range scores {
		if lowest {
			v = -v
		}
		switch {
		case seat == 0 || v > best:
			best, who = v, seat
		case v == best:
			who = -1
		}
	}
	return who
}

// LeadChanges counts, over a sequence of score vectors (one per position),
// the times a seat takes the sole lead from a different seat: the sole
// leader of a position (the one seat with the best score; none on a tie)
// is compared with the last sole leader before it.
func LeadChanges(seq [][]int, lowest bool) int {
	t := leadTracker{last: -1}
	for _, s := range seq {
		t.observe(s, lowest)
	}
	return t.changes
}

type leadTracker struct {
	last, changes int
}

func (t *leadTracker) observe(scores []int, lowest bool) {
	l := leader(scores, lowest)
	if l < 0 {
		return
	}
	if t.last >= 0 && l != t.last {
		t.changes++
	}
	t.last = l
}

// play plays one game.
func (p *player) play(g *core.Game, gs gameSpec) (Record, error) {
	seats := g.NumSeats()
	gameSeed := GameSeed(gs.seed, gs.variantIndex, gs.game)
	rec := Record{Variant: g.Name(), Game: gs.game, Seed: gs.seed, GameSeed: gameSeed,
		Agents: gs.agents, Winner: -1, EndSeat: -1, Branching: []int{}, Eliminated: []int{}}
	agents := make([]agent.Agent, seats)
	for seat, spec := range gs.agents {
		a, err := agent.Parse(spec, agentSeed(gameSeed, seat))
		if err != nil {
			return rec, err
		}
		agents[seat] = a
	}
	ph := p.history(g)
	h, vi := ph.h, ph.info
	var fr *FoulRecord
	if g.Foul() != nil {
		fr = &FoulRecord{}
		rec.Fouls = fr
	}
	judge := gs.callFouls && g.Foul() != nil
	ctx := context.Background()
	var lead leadTracker
	lead.last = -1
	if vi.Scored {
		lead.observe(g.Scores(h.State), vi.Lowest)
	}
	replacement := -1 // the seat that makes a replacement move after a call
	withdrawals, withdrawnAt := 0, -1
	for {
		s := h.State
		p.buf = g.Settle(s, p.buf)
		if len(p.buf) == 0 {
			break
		}
		if gs.maxPlies > 0 && s.Ply() >= gs.maxPlies {
			rec.Timeout = true
			break
		}
		ply := s.Ply()
		rec.Branching = append(rec.Branching[:ply], len(p.buf))
		chooser := s.ToMove()
		if replacement >= 0 {
			chooser, replacement = replacement, -1
		}
		m, err := agents[chooser].Choose(ctx, g, s)
		if err != nil {
			return rec, fmt.Errorf("%s (%s) at ply %d: %w", g.Seat(chooser), gs.agents[chooser], ply, err)
		}
		if barred, ok := h.Barred(); ok && m == barred {
			// the caller's replacement must be an alternative move: the
			// first other legal one
			for _, alt := range p.buf {
				if alt != barred {
					m = alt
					break
				}
			}
		}
		var before *core.State
		if judge {
			if p.before == nil || p.before.Game() != g {
				p.before = s.Clone()
			} else {
				p.before.CopyFrom(s)
			}
			before = p.before
		}
		if err := h.Play(m); err != nil {
			// a rule hit one of its limits: the game cannot go on
			rec.Error = err.Error()
			rec.Timeout = true
			break
		}
		if judge && m != core.Pass && !h.State.Over() {
			withdrawn, missed, err := p.referee(g, h, before, m, fr)
			if err != nil {
				return rec, err
			}
			if missed {
				rec.Branching[ply] = 1 // the turn was missed: no choice
			}
			if withdrawn >= 0 {
				replacement = withdrawn
				if ply == withdrawnAt {
					withdrawals++
				} else {
					withdrawals, withdrawnAt = 1, ply
				}
				if withdrawals > maxWithdrawals {
					rec.Error = fmt.Sprintf("more than %d fouls upheld in a row at ply %d", maxWithdrawals, ply)
					rec.Timeout = true
					break
				}
			}
		}
		if vi.Scored {
			lead.observe(g.Scores(h.State), vi.Lowest)
		}
	}
	s := h.State
	rec.Plies = s.Ply()
	rec.Branching = rec.Branching[:min(len(rec.Branching), rec.Plies)]
	rec.Scores = g.Scores(s)
	rec.LeadChanges = lead.changes
	for seat := range g.NumSeats() {
		if s.Eliminated(seat) {
			rec.Eliminated = append(rec.Eliminated, seat)
		}
	}
	if fr != nil {
		for seat := range g.NumSeats() {
			fr.TakebacksSpent += g.Foul().Takebacks - s.Takebacks(seat)
		}
	}
	if rec.Timeout {
		rec.EndedBy = "ply_limit"
		return rec, nil
	}
	r := g.Result(s)
	switch {
	case r.Timeout:
		rec.Timeout = true
		rec.EndedBy = "ply_limit"
	case r.Winner < 0:
		rec.Draw = true
	default:
		rec.Winner = r.Winner
	}
	if !r.Timeout {
		rec.EndedBy, rec.EndSeat = g.EndedBy(s)
	}
	return rec, nil
}

// referee judges move m, just played from before, by the variant's foul
// and, when it is a foul, has the first entitled player after the offender
// in turn order, other than the Gainer, call it. It returns the seat that must make the replacement
// move when the move was withdrawn, or -1, and whether the offender then
// missed the turn instead.
func (p *player) referee(g *core.Game, h *core.History, before *core.State, m core.Move, fr *FoulRecord) (int, bool, error) {
	fr.Judged++
	v, err := g.AnalyzeFoul(before, m)
	if err != nil {
		return -1, false, err
	}
	if !v.Exact {
		fr.Inexact++
		return -1, false, nil
	}
	if !v.Foul && !v.Unavoidable {
		return -1, false, nil
	}
	fr.Committed++
	offender := before.ToMove()
	n := g.NumSeats()
	// the first entitled player after the offender who stands to suffer:
	// the Gainer has no reason to call (and where only those who suffer
	// may call, its call would be baseless)
	caller := -1
	for k := 1; k < n; k++ {
		if seat := (offender + k) % n; seat != v.Gainer && h.CanCall(seat) == nil {
			caller = seat
			break
		}
	}
	if caller < 0 {
		return -1, false, nil
	}
	wasOut := before.Eliminated(offender)
	res, err := h.Call(caller)
	if errors.Is(err, core.ErrNoVerdict) {
		fr.Inexact++
		return -1, false, nil
	}
	if err != nil {
		return -1, false, err
	}
	if !res.Upheld {
		return -1, false, nil
	}
	fr.Called++
	if res.ReplacementBy < 0 {
		// the move stands (an unavoidable foul): count who went out
		if !wasOut && h.State.Eliminated(offender) {
			fr.Eliminations++
		}
		return -1, false, nil
	}
	if !wasOut && h.State.Eliminated(offender) {
		fr.Eliminations++
	}
	// A variant where a player whose every move is a foul misses the turn
	// (first edition Rule 19): the referee has the offender pass when the
	// only safe alternative is to miss the turn.
	if g.Foul().MissTurn && res.Verdict.Safe == "pass" && !h.State.Over() {
		must, err := g.MustMissTurn(h.State)
		if err != nil && !errors.Is(err, core.ErrNoVerdict) {
			return -1, false, err
		}
		if must {
			if err := h.Play(core.Pass); err != nil {
				return -1, false, err
			}
			fr.MissedTurns++
			return -1, true, nil
		}
	}
	return res.ReplacementBy, false, nil
}
