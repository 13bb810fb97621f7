package core

// Rounds: games played in rounds whose parts are automatic, as card games
// are. This file holds
//
//   - the dealer: [turns] dealer names the seat that holds the deal at
//     the start, a phase's first may be "dealer" or "after_dealer", the
//     expression function dealer() names it, and a phase step passes it on;
//   - phase steps: [phases.NAME.steps.STEP], run in written order each
//     time the phase begins (after its phase-start chance events): points
//     to a seat, an [effects] table run once, the deal passed on. A phase
//     with no move rules goes on to its next phase after its steps;
//   - [turns] pass = "skip": a seat with no move is passed over without a
//     ply (no Move, no record line) while another seat can move;
//   - [phases.NAME] stuck = "next": when no seat can move, the phase ends
//     and its next phase begins, instead of the game.
//
// The end conditions are checked after every step's points, so a game
// ends the moment a seat reaches its target ([end] type = "points").

import (
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"
)

// Phase first values that name the dealer.
const (
	firstDealer      = -2
	firstAfterDealer = -3
)

var (
	dealerKey = Key{Name: "dealer", Type: TString, Param: true,
		Doc: `the seat that holds the deal at the start (or a string parameter naming it): phases' first and steps may name "dealer" and "after_dealer", dealer() names it, a step's pass_deal passes it on`}
	phaseStuckKey = Key{Name: "stuck", Type: TChoice, Default: "game", Allowed: []string{"game", "next"}, Literal: true,
		Doc: `when no seat can move in this phase: the game's [turns] stuck policy ends the game, or (next) the phase ends and its next phase begins`}
	phaseStepsKey = Key{Name: "steps", Type: TTable,
		Doc: "[phases.NAME.steps.STEP]: automatic steps run in written order each time the phase begins (after its phase-start chance events)"}
)

// stepKeys are the keys of [phases.NAME.steps.STEP].
var stepKeys = []*Key{
	{Name: "seat", Type: TString, Default: "dealer", Param: true, Doc: `who gets the points and in whose name points is evaluated: a seat (or a string parameter naming it), "dealer" or "after_dealer"`},
	{Name: "points", Type: TExpr, Doc: "points the seat gets (an integer expression, seat = that seat); the end conditions are checked after them"},
	{Name: "effect", Type: TString, Doc: "an [effects] table run once"},
	{Name: "pass_deal", Type: TBool, Default: false, Literal: true, Doc: "the deal passes to the next seat"},
	{Name: "cite", Type: TString, Doc: "a reference into the rule text"},
}

// phaseStep is one compiled step.
type phaseStep struct {
	name     string
	seat     int // a seat, firstDealer or firstAfterDealer
	points   *vm.Program
	native   nativeInt // points without the VM, when it can be
	pointsAt string
	// pointsPos is pointsAt with its file:line:col, for errors in play
	pointsPos string
	effect    effect
	passDeal  bool
}

// rounds holds what a game in rounds compiled; nil for other games.
type rounds struct {
	// dealer is the State word of the dealer seat (0: no dealer).
	dealer int
	// skip: [turns] pass = "skip".
	skip bool
	// stuckNext[ph]: phase ph ends when no seat can move.
	stuckNext []bool
	// steps[ph]: the steps run when phase ph begins.
	steps [][]phaseStep
	// moveless[ph]: phase ph has no move rules (it goes on after its steps).
	moveless []bool
	// buf is scratch for the compile-time sample only; States use their own.
}

// phaseFirstSpecial reads a phase's first when it names the dealer.
func (c *compiler) phaseFirstSpecial(p string) (int, bool) {
	v := c.r.String(p+".first", "")
	switch v {
	case "dealer":
		return firstDealer, true
	case "after_dealer":
		return firstAfterDealer, true
	}
	return 0, false
}

// compileRounds compiles the dealer, skip passes, stuck phases and phase
// steps, after the phases and effects are known.
func (c *compiler) compileRounds(effects map[string]effect) {
	g := c.g
	r := c.r
	ro := &rounds{}
	used := false
	// a dealer that is written but wrong (its error reported) still
	// counts as declared: no "needs [turns] dealer" for each of its uses
	hasDealer := r.Has("turns.dealer")
	if hasDealer {
		d := c.seat("turns.dealer", false)
		if d >= 0 && g.initial != nil {
			ro.dealer = g.lay.size
			g.lay.size++
			g.initial.buf = append(g.initial.buf, make([]int32, g.lay.size-len(g.initial.buf))...)
			g.initial.buf[ro.dealer] = int32(d)
			g.initial.xorHash(dealerHash(d))
		}
		used = true
	}
	ro.skip = c.readChoice("turns", keyOf(turnsKeys, "pass")) == "skip"
	used = used || ro.skip
	names := r.Keys("phases", nil)
	ro.stuckNext = make([]bool, len(g.phases))
	ro.steps = make([][]phaseStep, len(g.phases))
	ro.moveless = make([]bool, len(g.phases))
	for i, ph := range g.phases {
		ro.moveless[i] = len(ph.rules) == 0
		if i >= len(names) {
			continue
		}
		p := "phases." + names[i]
		if (ph.first == firstDealer || ph.first == firstAfterDealer) && !hasDealer {
			r.ValueErrorf(p+".first", "%s.first: %q needs [turns] dealer", p, r.String(p+".first", ""))
		}
		if c.readChoice(p, &phaseStuckKey) == "next" {
			ro.stuckNext[i] = true
			used = true
			if ph.next < 0 {
				r.ValueErrorf(p+".stuck", "%s.stuck: \"next\" needs next (the phase that follows)", p)
			}
		}
		if ro.moveless[i] && ph.next < 0 && r.Has(p) {
			r.Errorf(p, "%s: a phase with no move rules needs next (it goes on after its steps)", p)
		}
		if ro.moveless[i] {
			used = true
		}
		sp := p + ".steps"
		for _, sn := range r.Keys(sp, nil) {
			stp := sp + "." + sn
			r.Keys(stp, keyNames(stepKeys))
			st := phaseStep{name: sn, seat: firstDealer}
			switch who := c.readString(stp, keyOf(stepKeys, "seat")); who {
			case "dealer":
			case "after_dealer":
				st.seat = firstAfterDealer
			default:
				st.seat = c.seat(keyPath(stp, keyOf(stepKeys, "seat")), false)
			}
			if (st.seat == firstDealer || st.seat == firstAfterDealer) && !hasDealer {
				r.ValueErrorf(keyPath(stp, keyOf(stepKeys, "seat")), "%s.seat: %q needs [turns] dealer (or name a seat)",
					stp, r.String(keyPath(stp, keyOf(stepKeys, "seat")), "dealer"))
			}
			if src := c.readString(stp, keyOf(stepKeys, "points")); src != "" {
				st.points = c.compileExpr(stp+".points", src, c.condEnv(), expr.AsInt())
				st.pointsAt = stp + ".points"
				st.pointsPos = c.exprAt(st.pointsAt)
				c.notePoints(st.pointsAt)
				if st.points != nil {
					st.native = c.nativeSrcInt(src)
				}
			}
			if en := c.readString(stp, keyOf(stepKeys, "effect")); en != "" {
				e, ok := effects[en]
				if !ok {
					r.ValueErrorf(stp+".effect", "%s.effect: unknown effect %q (effects: %s)", stp, en, strings.Join(sortedKeys(effects), ", "))
				}
				st.effect = e
			}
			st.passDeal = c.readBool(stp, keyOf(stepKeys, "pass_deal"))
			if st.passDeal && !hasDealer {
				r.ValueErrorf(stp+".pass_deal", "%s.pass_deal: needs [turns] dealer", stp)
			}
			c.readString(stp, keyOf(stepKeys, "cite"))
			ro.steps[i] = append(ro.steps[i], st)
			used = true
		}
	}
	if !used {
		return
	}
	g.rounds = ro
}

// dealerHash is the hash key of the dealer seat.
func dealerHash(seat int) uint64 { return mix(uint64(seat) | 10<<60) }

// Dealer returns the seat that holds the deal, -1 when the variant has no
// dealer.
func (s *State) Dealer() int {
	ro := s.g.rounds
	if ro == nil || ro.dealer == 0 {
		return -1
	}
	return int(s.buf[ro.dealer])
}

func (s *State) setDealer(seat int) {
	ro := s.g.rounds
	s.xorHash(dealerHash(int(s.buf[ro.dealer])) ^ dealerHash(seat))
	s.buf[ro.dealer] = int32(seat)
}

// seatFor resolves a phase first or step seat (a seat, or relative to the
// dealer).
func (g *Game) seatFor(s *State, who int) int {
	switch who {
	case firstDealer:
		return s.Dealer()
	case firstAfterDealer:
		return g.nextSeat(s, s.Dealer())
	}
	return who
}

// maxMoveless bounds the phases entered one after another without a
// decision in between (a cycle of phases without moves).
const maxMoveless = 64

// enterPhase begins phase ph: its first seat moves, its phase-start chance
// events are made pending and, once none is, its steps run; a phase with
// no moves then goes on to the next. It reports whether it stopped at a
// pending chance event.
func (g *Game) enterPhase(s *State, ph int) {
	s.entering++
	defer func() { s.entering-- }()
	if s.entering > maxMoveless {
		g.endStuck(s) // phases following each other with no move, endlessly
		return
	}
	for n := 0; ; n++ {
		s.setPhase(ph)
		if f := g.phases[ph].first; f != -1 {
			if seat := g.seatFor(s, f); seat >= 0 {
				s.setToMove(seat)
			}
		}
		g.checkEnd(s)
		if s.buf[hOver] != 0 {
			return
		}
		if g.chanceAtPhaseStart(s) {
			return // the steps run when the events are resolved (chanceDone)
		}
		if !g.runSteps(s, ph) {
			return
		}
		if g.rounds == nil || !g.rounds.moveless[ph] {
			g.settleTurn(s)
			return
		}
		next := g.phases[ph].next
		if next < 0 || n >= maxMoveless {
			g.endStuck(s)
			return
		}
		ph = next
	}
}

// chanceDone runs after the phase-start chance events of the current
// phase are resolved: the phase's steps, then on as enterPhase.
func (g *Game) chanceDone(s *State) {
	ph := int(s.buf[hPhase])
	if !g.runSteps(s, ph) {
		return
	}
	if g.rounds != nil && g.rounds.moveless[ph] {
		if next := g.phases[ph].next; next >= 0 {
			g.enterPhase(s, next)
			return
		}
		g.endStuck(s)
		return
	}
	g.settleTurn(s)
}

// roundsAfterChance runs after the outcome of event ev: once the phase's
// phase-start events are resolved (none pending, or only a per-ply one),
// the phase's steps; otherwise the turn is settled.
func (g *Game) roundsAfterChance(s *State, ev int) {
	if g.chance[ev].base().perPly {
		g.settleTurn(s)
		return
	}
	if p := int(s.buf[hChance]) - 1; p < 0 || g.chance[p].base().perPly {
		g.chanceDone(s)
	}
}

// chanceAtPhaseStart makes the current phase's first chance event
// pending and reports whether it is a phase-start event (the steps then
// wait for it).
func (g *Game) chanceAtPhaseStart(s *State) bool {
	if g.chance == nil {
		return false
	}
	g.chanceNext(s, true)
	p := int(s.buf[hChance]) - 1
	return p >= 0 && !g.chance[p].base().perPly
}

// runSteps runs phase ph's steps; it reports whether the game goes on.
func (g *Game) runSteps(s *State, ph int) bool {
	ro := g.rounds
	if ro == nil {
		return true
	}
	for i := range ro.steps[ph] {
		st := &ro.steps[ph][i]
		if st.points != nil {
			seat := g.seatFor(s, st.seat)
			v := 0
			if st.native != nil && seat >= 0 {
				v = s.evalNativeFor(seat, st.native)
			} else {
				v = g.evalPoints(s, seat, st.points, st.pointsPos)
			}
			if v != 0 && seat >= 0 {
				s.addPoints(seat, v)
				g.checkEnd(s)
				if s.buf[hOver] != 0 {
					return false
				}
			}
		}
		if st.effect != nil {
			st.effect.apply(s)
		}
		if st.passDeal {
			s.setDealer(g.nextSeat(s, s.Dealer()))
		}
	}
	g.checkEnd(s)
	return s.buf[hOver] == 0
}

// evalPoints evaluates an integer expression with seat in question; an
// error (its budget, an overflow) counts 0 and is kept, placed at at, for
// the next Play to report (see State.noteExprErr).
func (g *Game) evalPoints(s *State, seat int, prog *vm.Program, at string) int {
	env := g.stateEnvFor(s, seat, allVars)
	out, err := s.env.vm.Run(prog, env)
	if err != nil {
		s.noteExprErr(at, err) // the next Play reports it
		return 0
	}
	n, _ := out.(int)
	return n
}

// settleTurn passes over a seat with no move ([turns] pass = "skip") and
// ends a phase in which no seat can move ([phases] stuck = "next"). It
// runs after every ply and phase change of a game in rounds.
func (g *Game) settleTurn(s *State) {
	s.skipReady = false
	ro := g.rounds
	if ro == nil || s.buf[hOver] != 0 || s.buf[hChance] != 0 {
		return
	}
	if s.skipBuf == nil {
		s.skipBuf = make([]Move, 0, 64)
	}
	if s.skipBuf = g.gen(s, s.skipBuf[:0]); len(s.skipBuf) > 0 {
		s.skipReady = true
		return
	}
	me := s.ToMove()
	if ro.skip {
		for k := 1; k < len(g.seats); k++ {
			o := (me + k) % len(g.seats)
			if s.Eliminated(o) {
				continue
			}
			s.setToMove(o)
			if s.skipBuf = g.gen(s, s.skipBuf[:0]); len(s.skipBuf) > 0 {
				s.skipReady = true
				return
			}
		}
		s.setToMove(me)
	}
	if ph := int(s.buf[hPhase]); ro.stuckNext[ph] {
		g.enterPhase(s, g.phases[ph].next)
	}
	// otherwise Settle ends the game by the stuck policy
}

// dealerFunc is the expression function dealer().
var dealerFunc = &posFunc{name: "dealer", doc: "dealer(): the seat that holds the deal ([turns] dealer), \"\" without one",
	bind: func(g *Game, h *envHolder) any {
		return func() any {
			if h.st == nil {
				return boxedEmpty
			}
			if d := h.st.Dealer(); d >= 0 && d < len(g.boxedSeats) {
				return g.boxedSeats[d]
			}
			return boxedEmpty
		}
	}}

func init() { posFuncs = append(posFuncs, dealerFunc) }
