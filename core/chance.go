// This file holds the chance mechanism: random events declared as
// [chance.NAME] tables (dice, and the card draws other files register),
// played as explicit chance nodes. While an event is pending the State says
// so (header slot hChance); Game.Moves then lists the event's outcomes as
// Moves (rule chanceRule), Game.Play applies one (not a ply: the ply count,
// the ply limit and the seat to move are untouched), and Game.Sample picks
// one by weight. Records write each outcome as its own token, so a replay is
// exact. Nothing here allocates at play time.

package core

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"rulesmith/core/diag"
)

// chanceRule is the rule index of a chance outcome's Move (Move.Rule
// returns -1 for it, as for a pass).
const chanceRule = 254

// MaxChanceOutcomes bounds the outcomes one chance event may have.
const MaxChanceOutcomes = 1 << 16

// chanceMove returns the Move of outcome i of event ev: no cells (From and
// To are -1), the event and the outcome in the detail.
func chanceMove(ev, i int) Move { return mkMove(chanceRule, -1, -1, ev<<16|i) }

// chanceEv returns the event of a chance outcome's Move.
func chanceEv(m Move) int { return m.Aux() >> 16 }

// chanceIdx returns the outcome's index among its event's outcomes.
func chanceIdx(m Move) int { return m.Aux() & (1<<16 - 1) }

// IsChance reports whether m is the outcome of a chance event.
func (m Move) IsChance() bool { return m&0xff == chanceRule }

// chanceEvent is one compiled [chance.NAME] event. A chance type (the
// chanceTypes registry) compiles to one. Every method must be
// allocation-free.
type chanceEvent interface {
	base() *chanceBase
	// possible reports whether the event has an outcome in s (an event
	// without one, e.g. a draw from an empty deck, is skipped).
	possible(s *State) bool
	// outcomes appends the outcomes possible in s (chanceMove(ev, i)), in
	// a fixed order, to buf.
	outcomes(s *State, buf []Move) []Move
	// weight returns the relative weight of outcome m in s (> 0), or 0
	// when m is not an outcome of s. An outcome's probability is its
	// weight over the sum of the weights of outcomes(s).
	weight(s *State, m Move) int
	// apply plays outcome m on s through the usual mutators (the hash is
	// kept); again reports that the same event stays pending (another
	// card of a deal).
	apply(s *State, m Move) (again bool)
	// format writes the outcome's record token ("5-3").
	format(s *State, m Move) string
}

// chanceParser is an optional capability: other spellings of an outcome
// (an unordered throw written low first).
type chanceParser interface {
	parse(s *State, text string) (Move, bool)
}

// chanceSampler is an optional capability: the event draws an outcome by
// weight itself, faster than Sample's walk over the weights (dice: one
// uniform draw among the ordered results and a table).
type chanceSampler interface {
	sample(s *State, rng *rand.Rand) Move
}

// chanceDrawer is an optional capability for playouts: the event draws
// its outcomes as its sample does and applies them at once, one after
// another, until it is resolved (every piece of a deal), appending each to
// record when it is not nil. That is what Play does with drawn outcomes
// after checking them (a drawn outcome needs no check), and no one
// observes the positions in between. drawn false: nothing was drawn or
// changed (the caller goes the usual way).
type chanceDrawer interface {
	drawAll(s *State, rng *rand.Rand, record *[]Move) (drawn bool)
}

// chanceExtra is an optional capability: the outcome gives the seat that
// plays the next decision ply another turn after it (dice doubles). It is
// asked, and clears its flag, after each decision ply.
type chanceExtra interface {
	takeExtra(s *State) bool
}

// chanceBase holds what every chance event has.
type chanceBase struct {
	name, typ, cite string
	index           int
	// perPly: the event happens before every decision ply of its phases;
	// otherwise once when one of its phases begins.
	perPly bool
	// inPhase[ph]: the event applies in phase ph.
	inPhase []bool
	// slots is the number of State words the event keeps, at off.
	slots, off int
}

func (b *chanceBase) base() *chanceBase { return b }

// chanceType is one kind of chance event: the value of `type` in
// [chance.NAME]. A new kind is one file declaring its chanceType and one
// line in the registry (core/registry.go).
type chanceType struct {
	name, doc string
	keys      []*Key
	// compile builds the event from the table at p (cb.slots is then set
	// by it), or returns nil after reporting why it cannot.
	compile func(c *compiler, p string, cb chanceBase) chanceEvent
}

// chanceKeys are the keys every chance event takes.
var chanceKeys = []*Key{
	{Name: "type", Type: TChoice, Required: true, Doc: "the event: one of the registered chance types"},
	{Name: "cite", Type: TString, Default: "", Doc: "a reference into the rule text"},
	&chanceAtKey,
	{Name: "phases", Type: TStrings, Doc: "the phases the event happens in (default: every phase)"},
}

var chanceAtKey = Key{Name: "at", Type: TChoice, Default: "ply", Allowed: []string{"ply", "phase"}, Literal: true,
	Doc: "ply: before every decision ply of its phases; phase: once each time one of its phases begins (the first phase at the start included)"}

// declareChance records the names of the [chance] events before any
// expression is compiled, so that expressions may name them.
func (c *compiler) declareChance() {
	c.g.chanceNames = c.r.Keys("chance", nil)
}

// compileChance compiles the [chance.NAME] events, after the setup and
// before the move rules (a rule may ask an event about itself: ChanceIndex,
// DiceShape); linkChance places them in the phases once those are known.
func (c *compiler) compileChance() {
	g := c.g
	r := c.r
	types := chanceTypeNames()
	for _, name := range g.chanceNames {
		p := "chance." + name
		typ := c.choice(p+".type", "", types...)
		if !r.Has(p + ".type") {
			r.Keys(p, nil)
			r.Errorf(p, "%s: missing required key \"type\" (one of %s)", p, strings.Join(types, ", "))
			continue
		}
		ct := lookupChanceType(typ)
		if ct == nil {
			continue
		}
		takes := keyNames(chanceKeys, ct.keys)
		var others []string
		for _, k := range allKeyNames(chanceTypeKeys()) {
			if !slices.Contains(takes, k) {
				others = append(others, k)
			}
		}
		c.checkKindKeys(p, "type", typ, takes, others)
		cb := chanceBase{name: name, typ: typ, cite: c.readString(p, keyOf(chanceKeys, "cite")), index: len(g.chance)}
		cb.perPly = c.readChoice(p, &chanceAtKey) == "ply"
		if ev := ct.compile(c, p, cb); ev != nil {
			g.chance = append(g.chance, ev)
		}
	}
	for _, ev := range g.chance {
		if d, ok := ev.(*diceEvent); ok && g.dice == nil {
			g.dice = d
		}
		if x, ok := ev.(chanceExtra); ok {
			g.chanceExtras = append(g.chanceExtras, x)
		}
	}
}

// linkChance reads each event's phases (after compilePhases), gives the
// events their State words and makes the start's first event pending.
func (c *compiler) linkChance() {
	g := c.g
	r := c.r
	for _, ev := range g.chance {
		cb := ev.base()
		p := "chance." + cb.name
		cb.inPhase = make([]bool, len(g.phases))
		if c.has(p, keyOf(chanceKeys, "phases")) {
			for i, ph := range c.readStrings(p, keyOf(chanceKeys, "phases")) {
				found := false
				for j, x := range g.phases {
					if x.name == ph {
						cb.inPhase[j], found = true, true
					}
				}
				if !found {
					msg := fmt.Sprintf("%s.phases: unknown phase %q (phases: %s)", p, ph, strings.Join(g.phaseNames, ", "))
					if s := diag.Closest(ph, g.phaseNames); s != "" {
						msg = fmt.Sprintf("%s.phases: unknown phase %q (did you mean %q?)", p, ph, s)
					}
					r.ValueErrorf(fmt.Sprintf("%s.phases.%d", p, i), "%s", msg)
				}
			}
		} else {
			for j := range cb.inPhase {
				cb.inPhase[j] = true
			}
		}
	}
	for _, p := range c.diceRules {
		if g.dice == nil && len(g.chance) == len(g.chanceNames) {
			r.ValueErrorf(p, "%s: distance = \"dice\" needs a [chance] event of type \"dice\"", p)
		}
	}
	if len(g.chance) == 0 || len(g.chance) != len(g.chanceNames) || g.initial == nil {
		return
	}
	// The events' words follow the rest of the State.
	g.chanceOff = g.lay.size
	for _, ev := range g.chance {
		b := ev.base()
		b.off = g.lay.size
		g.lay.size += b.slots
	}
	g.chanceLen = g.lay.size - g.chanceOff
	g.initial.buf = append(g.initial.buf, make([]int32, g.lay.size-len(g.initial.buf))...)
	g.chancePly = make([][]int, len(g.phases))
	g.chanceStart = make([][]int, len(g.phases))
	for i, ev := range g.chance {
		b := ev.base()
		for ph, in := range b.inPhase {
			if !in {
				continue
			}
			if b.perPly {
				g.chancePly[ph] = append(g.chancePly[ph], i)
			} else {
				g.chanceStart[ph] = append(g.chanceStart[ph], i)
			}
		}
	}
	// The game starts at the first event of its phase.
	if s := g.initial; s.buf[hOver] == 0 {
		g.chanceNext(s, true)
	}
}

// HasChance reports whether the variant declares chance events.
func (g *Game) HasChance() bool { return len(g.chance) > 0 }

// AtChance reports whether a chance event is pending in s: its moves are
// then the event's outcomes.
func (g *Game) AtChance(s *State) bool { return s.buf[hChance] != 0 }

// ChanceEvent returns the name of the event pending in s, or "".
func (g *Game) ChanceEvent(s *State) string {
	if ev := int(s.buf[hChance]) - 1; ev >= 0 && ev < len(g.chance) {
		return g.chance[ev].base().name
	}
	return ""
}

// ChanceNames returns the names of the variant's chance events, in
// declaration order.
func (g *Game) ChanceNames() []string {
	out := make([]string, len(g.chance))
	for i, ev := range g.chance {
		out[i] = ev.base().name
	}
	return out
}

// ChanceIndex returns the index of the chance event called name.
func (g *Game) ChanceIndex(name string) (int, bool) {
	for i, ev := range g.chance {
		if ev.base().name == name {
			return i, true
		}
	}
	return -1, false
}

// chanceShower is an optional capability: what the event shows in a
// position (dice: the last throw), "" for nothing.
type chanceShower interface {
	shown(s *State) string
}

// ChanceShown returns what the chance events show in s, one "NAME: WHAT"
// per event with something to show (a dice event: its last throw, "throw:
// 5-3").
func (g *Game) ChanceShown(s *State) []string {
	var out []string
	for _, ev := range g.chance {
		if sh, ok := ev.(chanceShower); ok {
			if w := sh.shown(s); w != "" {
				out = append(out, ev.base().name+": "+w)
			}
		}
	}
	return out
}

// ChanceWeight returns the relative weight of the outcome m in s (0 when
// m is not an outcome of the pending event). Divided by the sum of the
// weights of Moves(s), it is m's probability.
func (g *Game) ChanceWeight(s *State, m Move) int {
	ev := int(s.buf[hChance]) - 1
	if !m.IsChance() || ev < 0 || ev >= len(g.chance) || chanceEv(m) != ev {
		return 0
	}
	return g.chance[ev].weight(s, m)
}

// Sample picks one of moves, the outcomes of the event pending in s (as
// Moves returns them), with probability proportional to its weight. It
// allocates nothing.
func (g *Game) Sample(s *State, moves []Move, rng *rand.Rand) Move {
	if ev := int(s.buf[hChance]) - 1; ev >= 0 && ev < len(g.chance) && len(moves) > 0 && moves[0].IsChance() {
		if sm, ok := g.chance[ev].(chanceSampler); ok {
			return sm.sample(s, rng)
		}
	}
	total := 0
	for _, m := range moves {
		total += g.ChanceWeight(s, m)
	}
	if total <= 0 {
		return moves[rng.IntN(len(moves))]
	}
	x := rng.IntN(total)
	for _, m := range moves {
		if x -= g.ChanceWeight(s, m); x < 0 {
			return m
		}
	}
	return moves[len(moves)-1]
}

// ChancePending returns the index of the chance event pending in s, or -1.
func (s *State) ChancePending() int { return int(s.buf[hChance]) - 1 }

// ChanceWordCount returns how many words of the position the chance events
// keep (dice: the last throw and the run of doubles); ChanceWord(i) reads
// word i. Position keys read them (the solver's second hash).
func (s *State) ChanceWordCount() int { return s.g.chanceLen }

// ChanceWord returns word i of the chance events' words.
func (s *State) ChanceWord(i int) int32 { return s.buf[s.g.chanceOff+i] }

// chanceOutcomes appends the outcomes of the pending event to buf.
func (g *Game) chanceOutcomes(s *State, buf []Move) []Move {
	ev := int(s.buf[hChance]) - 1
	if ev < 0 || ev >= len(g.chance) {
		return buf
	}
	return g.chance[ev].outcomes(s, buf)
}

// chanceKey is the hash key of a pending event.
func chanceKey(ev int) uint64 { return mix(uint64(ev) | 5<<60) }

// chanceSlotKey is the hash key of value v in State word i.
func chanceSlotKey(i int, v int32) uint64 { return mix(uint64(i)<<32 | uint64(uint32(v)) | 6<<60) }

// setPending makes event ev (-1: none) the pending one.
func (s *State) setPending(ev int) {
	if old := int(s.buf[hChance]) - 1; old >= 0 {
		s.xorHash(chanceKey(old))
	}
	s.buf[hChance] = int32(ev + 1)
	if ev >= 0 {
		s.xorHash(chanceKey(ev))
	}
}

// chanceSlot returns word i of event ev's State words.
func (s *State) chanceSlot(ev, i int) int32 {
	return s.buf[s.g.chance[ev].base().off+i]
}

// setChanceSlot sets word i of event ev's State words (hashed).
func (s *State) setChanceSlot(ev, i int, v int32) {
	s.setSlot(s.g.chance[ev].base().off+i, v)
}

// setSlot sets State word j of a chance event's words (hashed).
func (s *State) setSlot(j int, v int32) {
	if old := s.buf[j]; old != v {
		s.xorHash(chanceSlotKey(j, old) ^ chanceSlotKey(j, v))
		s.buf[j] = v
	}
}

// chanceNext makes the next event due in s pending: when a phase has just
// begun (entered), its phase-start events first, then its per-ply events.
// after is the event just resolved (-1: none), so the events of its list
// after it come next. An event with no possible outcome is skipped.
func (g *Game) chanceNext(s *State, entered bool) { g.chanceAfter(s, -1, entered) }

func (g *Game) chanceAfter(s *State, after int, entered bool) {
	s.setPending(-1)
	if s.buf[hOver] != 0 {
		return
	}
	ph := int(s.buf[hPhase])
	if ph >= len(g.chancePly) {
		return
	}
	perPly := after >= 0 && g.chance[after].base().perPly
	if entered && !perPly {
		for _, ev := range g.chanceStart[ph] {
			if ev > after && g.chance[ev].possible(s) {
				s.setPending(ev)
				return
			}
		}
		after = -1
	}
	for _, ev := range g.chancePly[ph] {
		if ev > after && g.chance[ev].possible(s) {
			s.setPending(ev)
			return
		}
	}
}

// playChance plays the outcome m of the pending event.
func (g *Game) playChance(s *State, m Move) error {
	ev := int(s.buf[hChance]) - 1
	if ev < 0 {
		return fmt.Errorf("core: no chance event is pending: %s is a chance outcome", g.Format(s, m))
	}
	if chanceEv(m) != ev || g.chance[ev].weight(s, m) <= 0 {
		return fmt.Errorf("core: %#x is not an outcome of the pending chance event %q", uint64(m), g.chance[ev].base().name)
	}
	if g.chance[ev].apply(s, m) {
		return nil
	}
	g.chanceResolved(s, ev)
	return nil
}

// chanceResolved runs once event ev has its outcome (the last piece of a
// deal): the next event, or the phase's steps and the turn.
func (g *Game) chanceResolved(s *State, ev int) {
	g.chanceAfter(s, ev, true)
	if g.rounds != nil {
		g.roundsAfterChance(s, ev) // rounds.go: the phase's steps, a skip
	}
}

// chanceAfterPly runs after a decision ply: an outcome that gives the
// mover another turn says so (hExtra).
func (g *Game) chanceAfterPly(s *State) {
	for _, x := range g.chanceExtras {
		if x.takeExtra(s) {
			s.buf[hExtra] = 1
		}
	}
}

// perPlyChance reports whether the current phase has a per-ply event: a
// seat without a move after it may pass (under [turns] pass = "when_stuck")
// whatever the other seats could do, since the next event changes that.
func (g *Game) perPlyChance(s *State) bool {
	ph := int(s.buf[hPhase])
	return ph < len(g.chancePly) && len(g.chancePly[ph]) > 0
}

// formatChance writes an outcome's token.
func (g *Game) formatChance(s *State, m Move) string {
	ev := chanceEv(m)
	if ev < 0 || ev >= len(g.chance) {
		return fmt.Sprintf("?%x", uint64(m))
	}
	return g.chance[ev].format(s, m)
}

// parseChance reads an outcome of the pending event.
func (g *Game) parseChance(s *State, text string) (Move, error) {
	ev := int(s.buf[hChance]) - 1
	e := g.chance[ev]
	var buf [64]Move
	moves := e.outcomes(s, buf[:0])
	var names []string
	for _, m := range moves {
		f := e.format(s, m)
		if strings.EqualFold(f, text) {
			return m, nil
		}
		if len(names) < 24 {
			names = append(names, f)
		}
	}
	if p, ok := e.(chanceParser); ok {
		if m, ok := p.parse(s, text); ok {
			return m, nil
		}
	}
	b := e.base()
	more := ""
	if len(moves) > len(names) {
		more = fmt.Sprintf(", … (%d outcomes)", len(moves))
	}
	return 0, &IllegalMoveError{Text: text, Rule: b.name, Cite: b.cite,
		Reason: fmt.Sprintf("the chance event %q is pending: play one of its outcomes (%s%s)", b.name, strings.Join(names, " "), more)}
}

// diceTotal returns the total of the last throw of the variant's first dice
// event (distance = "dice"), 0 before any.
func (g *Game) diceTotal(s *State) int {
	if g.dice == nil {
		return 0
	}
	return g.dice.total(s)
}

// chanceIndexArg resolves an event name an expression passes (-1: none).
func (g *Game) chanceIndexArg(name string) int {
	for i, ev := range g.chance {
		if ev.base().name == name {
			return i
		}
	}
	return -1
}
