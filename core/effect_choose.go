// This file holds the choice of a subset: a mark_targets effect with
// choose = "subset" lets the mover choose which of its candidates (the
// moved piece's new targets, and with keep the pieces already marked) get
// the effect's values. Game.gen expands each move of a rule that names
// such an effect into one move per subset: the move is played (rule,
// promotion, state sets and the effects before the choosing one) on a
// look-ahead copy kept in the State, the candidates are listed in cell
// order, and the subset is kept as a mask in the move (choiceShift), so a
// move and its choice are one Move, one ply and one notation token:
// d4-d6*e5*f6 names the pieces on e5 and f6. Nothing is allocated per move
// once the buffers have grown.

package core

import "fmt"

// The choice mask sits in the move's detail below a follow-up's or a
// prelude's bits (followShift): the base rule's own detail must fit in the
// bits below it, which the compiler checks.
const (
	choiceShift = 41
	// maxChoice bounds the candidates of one choice (2^maxChoice moves
	// per base move); the compiler refuses an effect that could offer more.
	maxChoice  = followShift - choiceShift
	choiceMask = Move(1<<maxChoice-1) << choiceShift
)

// choiceOf returns the subset mask of m.
func choiceOf(m Move) int { return int((m & choiceMask) >> choiceShift) }

// plainOf returns m without its choice when rule ru chooses (the move its
// rule plays and formats).
func plainOf(ru rule, m Move) Move {
	if ru.base().choose != nil {
		return m &^ choiceMask
	}
	return m
}

// checkChoiceBudget reports an effect with choose = "subset" that could
// offer more than maxChoice candidates: each is a piece of its class `of`
// (with keep: any of them on the board), and without keep a target of
// the attack rule, at most one per direction when the attack stops at the
// first piece.
func (c *compiler) checkChoiceBudget(p string, e *markTargets) {
	g := c.g
	n := 0
	for q := range g.pieceOwner {
		if e.chosen(g, q) {
			n++
		}
	}
	bound := n
	a := e.attacks
	if !e.keep && !a.throughAny && a.passOver == nil {
		bound = min(n, len(g.board.Dirs))
	}
	if bound > maxChoice {
		why := fmt.Sprintf("%d pieces can be its targets", n)
		if e.keep {
			why = fmt.Sprintf("with keep, the %d pieces it marks can all be offered", n)
		} else if bound < n {
			why = fmt.Sprintf("the attack rule %q reaches %d directions", e.attacksName, bound)
		}
		c.r.ValueErrorf(keyPath(p, &markChooseKey), "%s: choose = \"subset\" may offer %d pieces (%s); the limit is %d, so that one move expands into at most %d: give the effect `of` a smaller class of pieces",
			keyPath(p, &markChooseKey), bound, why, maxChoice, 1<<maxChoice)
	}
}

// checkChooser reports a rule naming a choosing effect whose moves cannot
// carry a choice: only a place or a slide or step that takes the piece on
// its target (or nothing), or a swap; one choosing effect per rule.
func (c *compiler) checkChooser(p string, ru rule) {
	e := ru.base().choose
	ok := false
	switch r := ru.(type) {
	case *placeRule, *swapRule:
		ok = len(c.g.kinds) < 1<<7
	case *slideRule:
		ok = !r.epTake && len(c.g.board.Dirs) <= 16 && (r.cap == nil || r.cap.kind == capNone || r.cap.kind == capReplace)
	}
	if !ok {
		c.r.ValueErrorf(p+".after", "%s.after: effect %q chooses a subset (choose = \"subset\"), which only a place, a swap, or a slide or step taking at most the piece on its target can carry (this rule is a %s)",
			p, e.name, ru.base().typ)
	}
}

// collect lists in s.markCand, in cell order, the pieces the choice of m
// is over, s being the position after the rule played m and the effects
// before this one: the moved piece's targets of the effect's class not
// targeted from its start and not yet marked, then with keep every piece of
// the class on the board that holds the values.
//
// ahead says the list is only counted (a look-ahead): the moved piece's
// targets outside the class are not wanted then, and its walk is skipped
// when no piece of the class stands within its reach.
func (e *markTargets) collect(s *State, m Move, ahead bool) []int32 {
	g := s.g
	out := s.markCand[:0]
	before := e.before(s)
	if e.noNew || ahead && !e.anyInReach(s, m.To()) {
		before = nil
		s.markNow = s.markNow[:0]
	} else {
		e.targetsNow(s, m)
	}
	for _, p := range s.markNow {
		if e.chosen(g, int(p)) && !hasPiece(before, p) && !e.holds(s, int(p)) && !hasPiece(out, p) {
			out = append(out, p)
		}
	}
	if e.keep {
		// e.class lists the pieces of the choice's class in piece order
		for _, p := range e.class {
			if s.PieceCell(int(p)) >= 0 && e.holds(s, int(p)) && !hasPiece(out, p) {
				out = append(out, p)
			}
		}
	}
	// cell order (a handful of pieces: insertion sort)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && s.PieceCell(int(out[j])) < s.PieceCell(int(out[j-1])); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	if len(out) > maxChoice {
		out = out[:maxChoice] // the compiler's bound makes this unreachable
	}
	s.markCand = out
	return out
}

// applyChoice gives the chosen candidates of m the effect's values and,
// with keep, the others back their defaults; the targets the choice is not
// over (outside choose_of) get the values as without a choice.
func (e *markTargets) applyChoice(s *State, m Move) {
	sub := choiceOf(m)
	cands := e.collect(s, m, false)
	if e.chooseOf != markOfAny && !e.noNew {
		// s.markNow still holds the moved piece's targets (collect)
		for _, p := range s.markNow {
			if !e.chosen(s.g, int(p)) {
				e.mark(s, int(p))
			}
		}
	}
	for i, p := range cands {
		switch {
		case sub>>i&1 != 0:
			for j, v := range e.vars {
				s.setPieceVar(int(p), v, e.vals[j])
			}
		case e.keep:
			for _, v := range e.vars {
				s.setPieceVar(int(p), v, s.g.pieceVars[v].def)
			}
		}
	}
}

// playRule plays m by rule ru on s as Game.play does (the effects' looks
// before the move, the rule, its promotion and state sets, its effects),
// stopping before the effect stop when it is not nil.
func (g *Game) playRule(s *State, ru rule, m Move, stop effect) error {
	mover := s.ToMove()
	rb := ru.base()
	pm := plainOf(ru, m)
	for _, e := range rb.after {
		if me, ok := e.(moveEffect); ok {
			me.beforeMove(s, m)
		}
	}
	if err := ru.play(s, pm); err != nil {
		return err
	}
	if pr := rb.promo; pr != nil {
		g.promote(s, pr, pm, mover)
	}
	if sets := rb.sets; sets != nil {
		g.applyStateSets(s, sets, pm, mover)
	}
	for _, e := range rb.after {
		if stop != nil && e == effect(stop) {
			return nil
		}
		if me, ok := e.(moveEffect); ok {
			me.applyMove(s, m)
		} else {
			e.apply(s)
		}
	}
	return nil
}

// candidates plays m on the State's look-ahead copy and returns how many
// candidates its choice is over.
func (g *Game) candidates(s *State, ru rule, m Move) []int32 {
	sc := s.aheadCopy()
	sc.CopyFrom(s)
	e := ru.base().choose
	if err := g.playRule(sc, ru, m&^choiceMask, e); err != nil {
		return nil
	}
	return e.collect(sc, m&^choiceMask, true)
}

// aheadCopy returns the State's look-ahead copy (made once).
func (s *State) aheadCopy() *State {
	if s.chooseAhead == nil {
		s.chooseAhead = s.Clone()
	}
	return s.chooseAhead
}

// noMarkFrom is no start cell: a before-list not found yet (markFrom).
const noMarkFrom = -2

// classOnBoard reports whether a piece of the effect's class stands on the
// board (one that could be a candidate of a choice).
func (e *markTargets) classOnBoard(s *State) bool {
	for _, p := range e.class {
		if s.PieceCell(int(p)) >= 0 {
			return true
		}
	}
	return false
}

// expandChoices replaces the moves buf[from:] of rule ru (which chooses)
// by one move per subset of each one's candidates. The before-lists of the
// mark_targets effects are found once per start cell (State.markMemo).
func (g *Game) expandChoices(s *State, ru rule, buf []Move, from int) []Move {
	if len(buf) == from {
		return buf
	}
	e := ru.base().choose
	if !e.classOnBoard(s) {
		// no piece of the class is on the board, and a piece entering it
		// with the move is the moved piece (never its own target) and
		// leaves its zone with the variables' defaults (not the values)
		return buf
	}
	s.chooseBase = append(s.chooseBase[:0], buf[from:]...)
	buf = buf[:from]
	sc := s.aheadCopy()
	sc.markMemo = true
	for i := range sc.markFrom {
		sc.markFrom[i] = noMarkFrom
	}
	for _, m := range s.chooseBase {
		k := len(g.candidates(s, ru, m))
		for sub := 0; sub < 1<<k; sub++ {
			buf = append(buf, m|Move(sub)<<choiceShift)
		}
	}
	sc.markMemo = false
	return buf
}

// formatChoice appends to text, the notation of m without its choice,
// *CELL for each piece the choice of m names.
func (g *Game) formatChoice(s *State, ru rule, m Move, text string) string {
	sub := choiceOf(m)
	if sub == 0 {
		return text
	}
	for i, p := range g.candidates(s, ru, m) {
		if sub>>i&1 != 0 {
			text += "*" + g.board.Cells[s.chooseAhead.PieceCell(int(p))].Name
		}
	}
	return text
}
