package core

import (
	"fmt"
	"sort"
	"strings"
)

// passWord is how a pass is written: [turns] pass_notation, "pass" by default.
func (g *Game) passWord() string {
	if g.passText == "" {
		return "pass"
	}
	return g.passText
}

// Format prints a move in the variant's notation (a pass is "pass", or the
// variant's [turns] pass_notation).
func (g *Game) Format(s *State, m Move) string {
	if text, ok := g.formatPrelude(s, m); ok {
		return text
	}
	if m == Pass {
		return g.passWord()
	}
	if m.IsChance() {
		return g.formatChance(s, m)
	}
	ri := m.Rule()
	if ri < 0 || ri >= len(g.rules) {
		return fmt.Sprintf("?%x", uint64(m))
	}
	ru := g.rules[ri]
	pm := plainOf(ru, m)
	text := ru.format(s, pm)
	if pr := ru.base().promo; pr != nil {
		text = g.formatPromotion(s, pr, pm, text)
	}
	if ru.base().choose != nil {
		text = g.formatChoice(s, ru, m, text)
	}
	return text
}

// formatAll formats moves, each rule that writes its moves in one pass
// (a chain: one walk per origin) doing all of its own at once.
func (g *Game) formatAll(s *State, moves []Move) []string {
	out := make([]string, len(moves))
	batched := map[int]bool{}
	for i, m := range moves {
		if ri := m.Rule(); ri >= 0 && ri < len(g.rules) {
			if bf, ok := g.rules[ri].(batchFormatter); ok {
				if !batched[ri] {
					batched[ri] = true
					bf.formatMoves(s, moves, out)
				}
				continue
			}
		}
		out[i] = g.Format(s, m)
	}
	return out
}

// IllegalMoveError says why a move was refused: the text, the rule that
// refused it (with its citation) and the reason.
type IllegalMoveError struct {
	Text   string
	Rule   string
	Cite   string
	Reason string
}

func (e *IllegalMoveError) Error() string {
	var b strings.Builder
	b.WriteString(e.Reason)
	if e.Rule != "" {
		fmt.Fprintf(&b, " (rule %s", e.Rule)
		if e.Cite != "" {
			fmt.Fprintf(&b, ", %s", e.Cite)
		}
		b.WriteString(")")
	}
	return b.String()
}

// Parse reads a move in notation (case-insensitively) and returns it if it
// is legal in s; otherwise an *IllegalMoveError naming the rule that refuses
// it and why. Like Moves it never changes s: a position whose seat to move
// has no move is settled on a copy to say how the game ended (Result and
// Settle settle s itself).
func (g *Game) Parse(s *State, text string) (Move, error) {
	m, err := g.parseMove(s, text)
	if e, ok := err.(*IllegalMoveError); ok && !s.Over() && s.buf[hChance] == 0 {
		e.Reason += g.skipNote(s)
	}
	return m, err
}

// skipNote says, for a refusal in a game that passes over a seat with no
// move ([turns] pass = "skip"), which seats have just been passed over, so
// that a move written for one of them ("7C" after a go) is understood:
// "; North has no move and is passed over: South is to move". It says only
// what the table sees (the turn passing), and "" when no seat was passed.
func (g *Game) skipNote(s *State) string {
	ro := g.rounds
	last, me := int(s.buf[hLastMover]), s.ToMove()
	if ro == nil || !ro.skip || last < 0 || last >= len(g.seats) {
		return ""
	}
	var passed []string
	for o := (last + 1) % len(g.seats); o != me; o = (o + 1) % len(g.seats) {
		if s.Eliminated(o) {
			continue
		}
		c := s.Clone()
		c.setToMove(o)
		if len(g.gen(c, nil)) > 0 {
			return "" // a seat that could move was not passed over
		}
		passed = append(passed, g.seats[o])
	}
	if len(passed) == 0 {
		return ""
	}
	verb := "has no move and is"
	if len(passed) > 1 {
		verb = "have no move and are"
	}
	return fmt.Sprintf("; %s %s passed over: %s is to move", strings.Join(passed, " and "), verb, g.seats[me])
}

// parseMove is Parse without the note on seats passed over.
func (g *Game) parseMove(s *State, text string) (Move, error) {
	t := cleanMove(text)
	if s.Over() {
		return 0, &IllegalMoveError{Text: t, Reason: "the game is over (" + g.ResultString(g.Result(s)) + ")"}
	}
	if s.buf[hChance] == 0 && len(g.Moves(s, make([]Move, 0, 64))) == 0 {
		if c := s.Clone(); g.Result(c).Over {
			return 0, &IllegalMoveError{Text: t, Reason: "the game is over (" + g.ResultString(g.Result(c)) + ")"}
		}
	}
	if s.buf[hChance] != 0 {
		return g.parseChance(s, t)
	}
	moves := g.Moves(s, make([]Move, 0, 256))
	for i, text := range g.formatAll(s, moves) {
		if strings.EqualFold(text, t) {
			return moves[i], nil
		}
	}
	// another spelling a rule accepts (a chain's plain path), when it names
	// one move only
	var alt Move
	alts := 0
	for _, m := range moves {
		if ri := m.Rule(); ri >= 0 {
			if sp, ok := g.rules[ri].(spellings); ok && sp.accepts(s, m, t) {
				alt, alts = m, alts+1
			}
		}
	}
	if alts == 1 {
		return alt, nil
	}
	if err := g.explainBanned(s, t); err != nil {
		return 0, err
	}
	if strings.EqualFold(t, "pass") && g.passWord() != "pass" {
		// the word pass stands for the variant's own spelling (the editor's pass key)
		for _, m := range moves {
			if m == Pass {
				return Pass, nil
			}
		}
	}
	if strings.EqualFold(t, g.passWord()) || strings.EqualFold(t, "pass") {
		if g.foul != nil && g.foul.MissTurn {
			must, err := g.MustMissTurn(s)
			if err != nil {
				return 0, &IllegalMoveError{Text: t, Reason: err.Error()}
			}
			if must {
				return Pass, nil
			}
			return 0, &IllegalMoveError{Text: t, Rule: g.foul.Name, Cite: g.foul.Cite,
				Reason: fmt.Sprintf("%s may not miss the turn: a move is possible that is not a foul", g.seats[s.ToMove()])}
		}
		if !g.pass {
			return 0, &IllegalMoveError{Text: t, Reason: "there is no passing in this variant"}
		}
		return 0, &IllegalMoveError{Text: t, Reason: fmt.Sprintf("%s may not pass: passing is allowed only when no move is possible", g.seats[s.ToMove()])}
	}
	// A move its rule makes that the capture priority refuses.
	if reason := g.explainPriority(s, t, moves); reason != "" {
		ph := g.phases[s.buf[hPhase]]
		return 0, &IllegalMoveError{Text: t, Rule: "capture_priority", Cite: ph.name + " phase", Reason: reason}
	}
	// The right move written the wrong way (cells where the notation names
	// the piece, or victims left out): say how to write it.
	if f, tc, victims, ok := parseFromTo(s, t, true); ok && victims == "" {
		var same []string
		for _, m := range moves {
			if m.From() == f && m.To() == tc {
				same = append(same, g.Format(s, m))
			}
		}
		if len(same) > 0 {
			return 0, &IllegalMoveError{Text: t, Reason: fmt.Sprintf("no legal move is written %q; from %s to %s write %s", t,
				g.board.Cells[f].Name, g.board.Cells[tc].Name, strings.Join(same, " or "))}
		}
	}
	// A move a rule makes that confinement or a royal piece forbids.
	if g.legal.on {
		raw := make([]Move, 0, 256)
		for _, ri := range g.phases[s.buf[hPhase]].rules {
			raw = g.rules[ri].gen(s, raw)
		}
		for _, m := range raw {
			if strings.EqualFold(g.Format(s, m), t) {
				if why := g.explainLegal(s, m); why != "" {
					b := g.rules[m.Rule()].base()
					return 0, &IllegalMoveError{Text: t, Rule: b.name, Cite: b.cite, Reason: why}
				}
			}
		}
	}
	// A ply opened by the phase's prelude (PRE/MOVE): why the prelude, or
	// the rest after it, is refused.
	if e := g.explainPrelude(s, t); e != nil {
		return 0, e
	}
	// Ask the rules of the current phase, then the others, why not.
	ph := g.phases[s.buf[hPhase]]
	inPhase := map[int]bool{}
	var fallback *IllegalMoveError
	for _, ri := range ph.rules {
		inPhase[ri] = true
		b := g.rules[ri].base()
		if reason, ok := g.rules[ri].explain(s, t); ok && reason != "" {
			e := &IllegalMoveError{Text: t, Rule: b.name, Cite: b.cite, Reason: strings.TrimPrefix(reason, weak)}
			if !strings.HasPrefix(reason, weak) {
				return 0, e
			}
			if fallback == nil {
				fallback = e
			}
		}
	}
	if fallback != nil {
		return 0, fallback
	}
	for ri, ru := range g.rules {
		if inPhase[ri] {
			continue
		}
		if _, ok := ru.explain(s, t); ok {
			b := ru.base()
			return 0, &IllegalMoveError{Text: t, Rule: b.name, Cite: b.cite,
				Reason: fmt.Sprintf("rule %q does not apply in the %s phase", b.name, ph.name)}
		}
	}
	return 0, &IllegalMoveError{Text: t, Reason: fmt.Sprintf("no legal move is written this way (legal: %s)", summarize(g, s, moves))}
}

// explainPrelude explains the refusal of t, written PRE/MOVE, in a phase
// with a prelude (the Ring game's release): the prelude itself (none of
// that kind to move, its condition), or the rest of the ply on the
// position after the prelude; nil when t is no such ply.
func (g *Game) explainPrelude(s *State, t string) *IllegalMoveError {
	pr := g.phases[s.buf[hPhase]].prelude
	pre, rest, ok := strings.Cut(t, "/")
	if pr == nil || !ok {
		return nil
	}
	b := pr.base()
	refuse := func(reason string) *IllegalMoveError {
		return &IllegalMoveError{Text: t, Rule: b.name, Cite: b.cite, Reason: reason}
	}
	if reason, ok := pr.explain(s, pre); ok && reason != "" {
		return refuse(reason)
	}
	var pm Move
	found := false
	for _, m := range pr.gen(s, nil) {
		if strings.EqualFold(pr.format(s, m), pre) {
			pm, found = m, true
		}
	}
	if !found {
		return refuse(fmt.Sprintf("%s may not open this ply: the condition (when) of rule %q does not hold", pre, b.name))
	}
	c := s.Clone()
	if err := pr.play(c, pm); err != nil {
		return refuse(err.Error())
	}
	if _, err := g.parseMove(c, rest); err != nil {
		if e, ok := err.(*IllegalMoveError); ok {
			e.Text, e.Reason = t, "after "+pre+": "+e.Reason
			return e
		}
		return refuse(err.Error())
	}
	return refuse(fmt.Sprintf("after %s: %s moves the piece %s brought, which waits this ply", pre, rest, pre))
}

func summarize(g *Game, s *State, moves []Move) string {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = g.Format(s, m)
	}
	sort.Strings(names)
	if len(names) > 8 {
		return strings.Join(names[:8], ", ") + fmt.Sprintf(", … %d in all", len(names))
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// cleanMove trims a move's text: surrounding space, a trailing comment word
// ("c3-e3 wins") and the annotation marks ? and !.
func cleanMove(text string) string {
	t := strings.TrimSpace(text)
	// a list of steps ("E, t5+3") stays whole: a space after a comma
	// does not end the move
	last := byte(0)
	for i := 0; i < len(t); i++ {
		switch c := t[i]; c {
		case ' ', '\t':
			if last != ',' {
				return strings.TrimRight(t[:i], "?!")
			}
		default:
			last = c
		}
	}
	return strings.TrimRight(t, "?!")
}
