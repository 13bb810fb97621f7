// This file holds move composition: a follow-up decision inside one move.
// A rule with `then = "RULE"` and `then_if = 'CONDITION'` makes, after each
// of its moves that meets the condition, the same seat choose one move of
// the follow-up rule: a `remove` of one piece (a mill and the removal it
// earns), a `place` from the hand's queue (a shot placed after a move), or
// a slide, step or jump of a piece (a second move; with then_piece =
// "moved", of the piece the base move moved).
// The pair is one Move, one ply and one notation token: the base move's
// notation, "x" and the removed cell (d2-d3xa1, d1xa4), "/" and the
// placed cell (d1-d7/g7), or "/" and the follow-up move (a2-a3/b2-b3).
// When the follow-up has no move (nothing to remove), the base move stands
// alone. gen and play are on the hot path and allocate nothing once a
// State's scratch buffers exist.

package core

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr"

	"rulesmith/core/diag"
)

var (
	thenKey = Key{Name: "then", Type: TStrings,
		Doc: "a follow-up rule (a remove of one piece, a place, or slides, steps and jumps: one rule or a list) the same seat plays in the same move when then_if holds after it"}
	thenIfKey = Key{Name: "then_if", Type: TExpr,
		Doc: "when the follow-up is due, read after the base move (formed(3): the move made a line of 3)"}
	thenOptionalKey = Key{Name: "then_optional", Type: TBool, Default: false, Literal: true,
		Doc: "the follow-up may be left out: when it is due, the base move alone is a move too"}
	thenPieceKey = Key{Name: "then_piece", Type: TChoice, Default: "any", Allowed: []string{"any", "moved"}, Literal: true,
		Doc: "the piece a follow-up slide, step or jump moves: any the rule allows, or only the piece the base move moved or placed (from its target)"}
)

// maxFollowUps bounds the follow-ups of one base move that moves a piece:
// the Move keeps the follow-up's ordinal among them in the follow-up bits.
const maxFollowUps = noCell - 1

// followShift places the follow-up's cell (+1) in a Move, above the base
// rule's own detail (which must fit in followShift-34 bits).
const (
	followShift = 50
	followMask  = Move(noCell) << followShift
)

// thenRule wraps a rule whose moves may be followed by one move of follow.
type thenRule struct {
	rule
	// follow is the follow-up: a remove of one piece (take) or a place
	// from the hand's queue (put); the Move keeps only its cell.
	follow rule
	take   *removeRule
	put    *placeRule
	// walks: the follow-up moves a piece (by one of these slide, step or
	// jump rules); the Move keeps its ordinal (+1) among the follow-up
	// rules' moves after the base move, in rule order, which play finds
	// again by generating them on the position after the base move.
	// moved: only the piece on the base move's target may make it
	// (then_piece = "moved"). names: the rules' names, for messages.
	walks []*slideRule
	moved bool
	names string
	// optional: the base move alone stands beside its follow-ups
	// (then_optional).
	optional bool
	// line > 0: the condition is formed(line), checked natively; always:
	// there is none (then_if absent or true); else cond.
	line   int
	always bool
	cond   condProgram
	// plain: the base rule's moves only bring one of the mover's pieces to
	// an empty target (a place, or a step or slide that captures nothing)
	// and the follow-up's options read only the pieces of other seats
	// (removeRule.independent), so every due base move has the same
	// follow-ups: gen finds them once, on the position itself, instead of
	// playing each move on a scratch copy.
	plain bool
}

func followCell(m Move) int { return int((m&followMask)>>followShift) - 1 }

func baseMove(m Move) Move { return m &^ followMask }

// due plays m on a scratch copy of s and reports whether the follow-up is
// due; the scratch state then holds the position after the base move, the
// same seat to move.
func (t *thenRule) due(s *State, m Move) (*State, bool) {
	if t.line > 0 && !s.lineAfter(m.From(), m.To(), s.ToMove(), t.line) {
		// formed(n) cannot hold: no need to look ahead
		return nil, false
	}
	sc := s.aheadState()
	sc.CopyFrom(s)
	if err := t.rule.play(sc, m); err != nil {
		return sc, false
	}
	sc.buf[hLastTo] = int32(m.To() + 1)
	if t.line > 0 {
		return sc, m.To() >= 0 && sc.inLine(m.To(), t.line)
	}
	return sc, t.always || sc.g.cond(t.cond, sc)
}

func (t *thenRule) gen(s *State, out []Move) []Move {
	start := len(out)
	out = t.rule.gen(s, out)
	// formed(n) on a small board: the mover's pieces after a base move are
	// own with the origin cleared and the target set, and a row of n
	// through the target is one of the target's windows (lineAfter, with
	// the per-call reads hoisted). Moves that form no row stay where the
	// base rule put them; from the first that does, the rest are expanded.
	var windows [][]uint64
	var own uint64
	if t.line > 1 && s.g.small {
		windows = s.g.windowsOf(t.line)
		own = s.ownMask(s.ToMove())
	}
	formed := func(m Move) bool {
		to := m.To()
		if to < 0 {
			return false
		}
		after := own | 1<<uint(to)
		if from := m.From(); from >= 0 {
			after &^= 1 << uint(from)
		}
		for _, w := range windows[to] {
			if after&w == w {
				return true
			}
		}
		return false
	}
	first := start
	if windows != nil {
		for first < len(out) && !formed(out[first]) {
			first++
		}
		if first == len(out) {
			return out
		}
	}
	base := append(s.thenBase[:0], out[first:]...)
	s.thenBase = base
	out = out[:first]
	haveFollow := false
	for _, m := range base {
		if windows != nil {
			if !formed(m) {
				out = append(out, m)
				continue
			}
			if t.plain && t.plainMove(s, m) {
				// formed, and the follow-ups are the position's own
				if !haveFollow {
					s.thenFollow = t.take.gen(s, s.thenFollow[:0])
					haveFollow = true
				}
				if len(s.thenFollow) == 0 || t.optional {
					out = append(out, m) // nothing to remove, or it may be left out
				}
				for _, f := range s.thenFollow {
					out = append(out, m|Move(f.To()+1)<<followShift)
				}
				continue
			}
		}
		sc, ok := t.due(s, m)
		if !ok {
			out = append(out, m)
			continue
		}
		if t.optional {
			out = append(out, m) // the follow-up may be left out
		}
		n := len(out)
		if t.walks != nil {
			out = t.walkGen(sc, m, out)
			if len(out)-n > maxFollowUps {
				out = out[:n+maxFollowUps] // (the load-time bound rules this out)
			}
			for i := n; i < len(out); i++ {
				out[i] = m | Move(i-n+1)<<followShift
			}
			if len(out) == n && !t.optional {
				out = append(out, m) // no follow-up: the move stands alone
			}
			continue
		}
		out = t.follow.gen(sc, out)
		if len(out) == n {
			if !t.optional {
				out = append(out, m) // nothing to remove: the move stands alone
			}
			continue
		}
		for i := n; i < len(out); i++ {
			out[i] = m | Move(out[i].To()+1)<<followShift
		}
	}
	return out
}

// walkGen appends the moves of a follow-up that moves a piece, on sc, the
// position after base move m: every move of the rule, or with then_piece
// = "moved" those of the piece on m's target. The order is the one whose
// ordinals the Moves keep.
func (t *thenRule) walkGen(sc *State, m Move, out []Move) []Move {
	for _, w := range t.walks {
		switch to := m.To(); {
		case !t.moved:
			out = w.gen(sc, out)
		case to >= 0:
			out = w.genFrom(sc, to, out)
		}
	}
	return out
}

// walkGenAll appends the follow-up rules' moves of every piece (for a
// refusal's message).
func (t *thenRule) walkGenAll(sc *State, out []Move) []Move {
	for _, w := range t.walks {
		out = w.gen(sc, out)
	}
	return out
}

// walksAward reports whether a follow-up that moves a piece may award
// capture points.
func (t *thenRule) walksAward() bool {
	for _, w := range t.walks {
		if w.mayAwardAny() {
			return true
		}
	}
	return false
}

// walkOf returns the rule of follow-up f.
func (t *thenRule) walkOf(f Move) *slideRule {
	for _, w := range t.walks {
		if w.index == f.Rule() {
			return w
		}
	}
	return t.walks[0]
}

// walkMove finds the follow-up of m (its ordinal i) on s, the position
// after m's base move, whose last target it sets as due does.
func (t *thenRule) walkMove(s *State, m Move, i int) (Move, bool) {
	s.buf[hLastTo] = int32(m.To() + 1)
	s.thenFollow = t.walkGen(s, m, s.thenFollow[:0])
	if i >= len(s.thenFollow) {
		return 0, false
	}
	return s.thenFollow[i], true
}

// afterBase returns a look-ahead copy of s with m's base move played, or
// nil when it cannot be.
func (t *thenRule) afterBase(s *State, m Move) *State {
	sc := s.aheadState()
	sc.CopyFrom(s)
	if t.rule.play(sc, baseMove(m)) != nil {
		return nil
	}
	return sc
}

// plainMove reports whether m (of a plain rule) moves only the mover's
// piece: the piece placed or moved is the mover's and leaves nothing behind
// on its origin, so the position after it differs from s only on the origin
// and the target, both the mover's.
func (t *thenRule) plainMove(s *State, m Move) bool {
	g := s.g
	mover := s.ToMove()
	from := m.From()
	if from < 0 {
		k := m.Aux()
		return k >= 0 && k < len(g.kinds) && g.kinds[k].Owner == mover
	}
	p := s.Top(from)
	if p < 0 || int(g.pieceOwner[p]) != mover {
		return false
	}
	sl, ok := t.rule.(*slideRule)
	return ok && (sl.carryStack || s.Height(from) == 1)
}

// plainRules reports whether base and follow make a plain pair (see
// thenRule.plain).
func plainRules(base rule, follow *removeRule) bool {
	if !follow.independent() {
		return false
	}
	switch r := base.(type) {
	case *placeRule:
		return true
	case *slideRule:
		return !r.jump && r.land == landEmpty && !r.replace && (r.cap == nil || r.cap.kind == capNone)
	}
	return false
}

func (t *thenRule) play(s *State, m Move) error {
	if err := t.rule.play(s, baseMove(m)); err != nil {
		return err
	}
	c := followCell(m)
	switch {
	case c < 0:
	case t.walks != nil:
		f, ok := t.walkMove(s, m, c)
		if !ok {
			return fmt.Errorf("core: %s: no follow-up %d by %s after the base move", t.base().name, c+1, t.names)
		}
		return t.walkOf(f).play(s, f)
	case t.put != nil:
		// the kind the queue gives now (gen offered only that one)
		return t.put.play(s, mkMove(t.put.index, -1, c, t.put.queueKind(s)))
	default:
		return t.take.play(s, mkMove(t.take.index, -1, c, 0))
	}
	return nil
}

// mark is what the follow-up's cell is written after: x for a removal, /
// for a placement.
func (t *thenRule) mark() string {
	if t.put != nil {
		return "/"
	}
	return "x"
}

func (t *thenRule) format(s *State, m Move) string {
	text := t.rule.format(s, baseMove(m))
	c := followCell(m)
	switch {
	case c < 0:
	case t.walks != nil:
		if sc := t.afterBase(s, m); sc != nil {
			if f, ok := t.walkMove(sc, m, c); ok {
				text += "/" + t.walkOf(f).format(sc, f)
			}
		}
	default:
		text += t.mark() + s.g.board.Cells[c].Name
	}
	return text
}

// explain names what is wrong with a base move, or with its follow-up.
func (t *thenRule) explain(s *State, text string) (string, bool) {
	g := s.g
	low := strings.ToLower(text)
	if t.walks != nil {
		return t.explainWalk(s, low)
	}
	baseText, victim := low, ""
	if i := strings.LastIndexByte(low, t.mark()[0]); i > 0 {
		if _, ok := lookupCell(g, low[i+1:]); ok {
			baseText, victim = low[:i], low[i+1:]
		}
	}
	if reason, ok := t.rule.explain(s, baseText); ok {
		return reason, true
	}
	var buf [256]Move
	for _, m := range t.rule.gen(s, buf[:0]) {
		if !strings.EqualFold(t.rule.format(s, m), baseText) {
			continue
		}
		sc, due := t.due(s, m)
		switch {
		case !due && victim != "":
			return fmt.Sprintf("%s does not call for %s (then_if does not hold after it), so nothing may be taken", baseText, t.follow.base().name), true
		case due && victim == "" && !t.optional:
			var vb [1]Move
			if vs := t.follow.gen(sc, vb[:0]); len(vs) > 0 {
				mk := t.mark()
				return fmt.Sprintf("%s must be followed by %s in the same move: write %s%s and the cell, as in %s%s%s", baseText, t.follow.base().name, baseText, mk, baseText, mk, g.board.Cells[vs[0].To()].Name), true
			}
		case due:
			prefix := ""
			if t.take != nil {
				prefix = t.take.prefix
			}
			if reason, ok := t.follow.explain(sc, prefix+victim); ok {
				return fmt.Sprintf("after %s: %s (rule %s)", baseText, strings.TrimPrefix(reason, weak), t.follow.base().name), true
			}
		}
	}
	return "", false
}

// explainWalk names what is wrong with a move whose follow-up moves a
// piece, written BASE/FOLLOW-UP: the base move, whether a follow-up is due
// after it, or the follow-up.
func (t *thenRule) explainWalk(s *State, low string) (string, bool) {
	var buf [256]Move
	bases := t.rule.gen(s, buf[:0])
	for i := 0; i <= len(low); i++ {
		if i < len(low) && low[i] != '/' {
			continue
		}
		baseText, rest := low[:i], ""
		if i < len(low) {
			rest = low[i+1:]
		}
		for _, m := range bases {
			if !strings.EqualFold(t.rule.format(s, m), baseText) {
				continue
			}
			sc, due := t.due(s, m)
			if due {
				var fb [1]Move
				due = len(t.walkGen(sc, m, fb[:0])) > 0
			}
			switch {
			case !due && rest != "":
				return fmt.Sprintf("%s is not followed by %s here (then_if does not hold after it, or it has no move)", baseText, t.names), true
			case due && rest == "" && !t.optional:
				return fmt.Sprintf("%s must be followed by a move of %s in the same move: write %s/ and that move", baseText, t.names, baseText), true
			case due:
				fallback := ""
				for _, w := range t.walks {
					reason, ok := w.explain(sc, rest)
					if !ok {
						continue
					}
					why := fmt.Sprintf("after %s: %s (rule %s)", baseText, strings.TrimPrefix(reason, weak), w.name)
					if !strings.HasPrefix(reason, weak) {
						return why, true
					}
					if fallback == "" {
						fallback = why
					}
				}
				if fallback != "" {
					return fallback, true
				}
				if t.moved {
					var ab [256]Move
					for _, f := range t.walkGenAll(sc, ab[:0]) {
						if f.From() != m.To() && strings.EqualFold(t.walkOf(f).format(sc, f), rest) {
							return fmt.Sprintf("after %s only the piece on %s may move (%s: then_piece = \"moved\")", baseText, sc.g.board.Cells[m.To()].Name, t.base().name), true
						}
					}
				}
			}
		}
	}
	if reason, ok := t.rule.explain(s, low); ok {
		return reason, true
	}
	return "", false
}

func (r *thenRule) mayAwardAny() bool {
	if r.walksAward() {
		return true
	}
	pa, ok := r.rule.(pointsAwarder)
	return ok && pa.mayAwardAny()
}

// mayAward is the base rule's, asked conservatively: a move with a
// follow-up may read as having victims, and one whose follow-up may
// award points does.
func (r *thenRule) mayAward(s *State, m Move) bool {
	if r.walksAward() && followCell(m) >= 0 {
		return true
	}
	pa, ok := r.rule.(pointsAwarder)
	return ok && pa.mayAward(s, m)
}

// aheadState returns s's copy for looking ahead (allocated once).
func (s *State) aheadState() *State {
	if s.ahead == nil {
		s.ahead = s.Clone()
	}
	return s.ahead
}

// compileFollowUps wraps the rules that declare `then` once every rule is
// compiled, and reports follow-ups that name no rule, are not a one-piece
// remove, or would loop. It returns the follow-up rules, which no phase
// lists on their own.
func (c *compiler) compileFollowUps() map[int]bool {
	r := c.r
	g := c.g
	byName := map[string]int{}
	var names []string
	for i, ru := range g.rules {
		byName[ru.base().name] = i
		names = append(names, ru.base().name)
	}
	followed := map[int]bool{}
	next := map[int]int{}
	more := map[int][]int{} // a list's further rules
	for i, ru := range g.rules {
		p := "moves." + ru.base().name
		if !r.Has(p + ".then") {
			for _, k := range []string{"then_if", "then_piece", "then_optional"} {
				if r.Has(p + "." + k) {
					r.Errorf(p+"."+k, "%s.%s: without then there is no follow-up to decide", p, k)
				}
			}
			continue
		}
		list := r.Strings(p + ".then")
		var js []int
		for _, name := range list {
			j, ok := byName[name]
			if !ok {
				r.ValueErrorf(p+".then", "%s.then: unknown move rule %q%s", p, name, didYouMean(name, names))
				continue
			}
			js = append(js, j)
		}
		if len(js) == 0 || len(js) != len(list) {
			continue
		}
		next[i] = js[0]
		more[i] = js[1:]
	}
	// a chain of follow-ups must end: A then B then A would never finish
	for i := range g.rules {
		if _, ok := next[i]; !ok {
			continue
		}
		seen := map[int]bool{i: true}
		chain := []string{g.rules[i].base().name}
		for j, ok := next[i]; ok; j, ok = next[j] {
			chain = append(chain, g.rules[j].base().name)
			if seen[j] {
				p := "moves." + g.rules[i].base().name
				r.ValueErrorf(p+".then", "%s.then: the follow-ups loop (%s): a move would never end", p, strings.Join(chain, " → "))
				return followed
			}
			seen[j] = true
		}
	}
	for i := range g.rules {
		j, ok := next[i]
		if !ok {
			continue
		}
		p := "moves." + g.rules[i].base().name
		if fn := g.rules[j].base().name; r.Has("moves." + fn + ".then") {
			// it would be played bare, its own then ignored
			r.ValueErrorf(p+".then", "%s.then: %q has a follow-up of its own (then); a follow-up is the last part of a move", p, fn)
			continue
		}
		t := &thenRule{rule: g.rules[i], follow: g.rules[j], names: g.rules[j].base().name}
		switch f := g.rules[j].(type) {
		case *removeRule:
			t.take = f
		case *placeRule:
			t.put = f
		case *slideRule:
			t.walks = []*slideRule{f}
		}
		if !c.moreWalks(p, t, more[i]) {
			continue
		}
		t.moved = c.readChoice(p, &thenPieceKey) == "moved"
		t.optional = c.readBool(p, &thenOptionalKey)
		switch {
		case t.take != nil && t.take.run, t.take == nil && t.put == nil && t.walks == nil:
			r.ValueErrorf(p+".then", "%s.then: %q is a %s; a follow-up is a remove of one piece (shape = \"piece\"), a place, or a slide, step or jump", p, g.rules[j].base().name, g.rules[j].base().typ)
			continue
		case t.walks == nil && r.Has(p+".then_piece"):
			r.Errorf(p+".then_piece", "%s.then_piece: %q is a %s; then_piece chooses the piece of a follow-up that moves one (a slide, step or jump)", p, g.rules[j].base().name, g.rules[j].base().typ)
			continue
		case t.walks != nil && !c.walkFollowUpOK(p, g.rules[i], t.walks, t.moved):
			continue
		case t.put != nil && t.put.choice:
			r.ValueErrorf(p+".then", "%s.then: %q places by order = \"choice\"; a follow-up place takes the kind its hand's queue gives (order = \"queue\")", p, g.rules[j].base().name)
			continue
		}
		src := r.String(p+".then_if", "true")
		var n int
		src = strings.TrimSpace(src)
		_, err := fmt.Sscanf(src, "formed(%d)", &n)
		switch {
		case src == "true":
			t.always = true
		case err == nil && src == fmt.Sprintf("formed(%d)", n) && n > 0:
			t.line = n
			g.needWindows(n)
		default:
			prog := c.compileExpr(p+".then_if", src, c.condEnv(), expr.AsBool())
			if prog == nil {
				continue
			}
			t.cond = condProgram{prog: prog, at: c.exprAt(p + ".then_if")}
		}
		t.plain = t.line > 1 && t.take != nil && plainRules(t.rule, t.take)
		g.rules[i] = t
		followed[j] = true
		for _, k := range more[i] {
			followed[k] = true
		}
	}
	return followed
}

// walkFollowUpOK reports whether base may be followed by walk, a rule
// that moves a piece, and says why not at base's then. Neither rule may
// change a piece after its move (promote, set_state, after effects: the
// base's would meet the position after the follow-up), and one base move
// may have at most maxFollowUps follow-ups: the pieces walk may move, each
// to any cell.
func (c *compiler) walkFollowUpOK(p string, base rule, walks []*slideRule, moved bool) bool {
	g := c.g
	rules := []rule{base}
	for _, w := range walks {
		rules = append(rules, w)
	}
	for _, ru := range rules {
		b := ru.base()
		if b.promo != nil || b.sets != nil || len(b.after) > 0 {
			c.r.ValueErrorf(p+".then", "%s.then: %s changes pieces after its move (promote, set_state or after); a pair whose follow-up moves a piece takes none", p, "moves."+b.name)
			return false
		}
	}
	if _, isChain := base.(*chainRule); isChain {
		return true // linkChains refuses it
	}
	n, movers := 0, 0
	for _, walk := range walks {
		m := 1
		if !moved {
			m = 0
			for p := range g.pieceKind {
				if walk.kinds == nil || walk.kinds[g.pieceKind[p]] {
					m++
				}
			}
		}
		movers += m
		n += m * g.board.N()
	}
	if n > maxFollowUps {
		c.r.ValueErrorf(p+".then", "%s.then: a move could have up to %d follow-ups (%d pieces the follow-up may move, each to any of %d cells); the limit is %d (then_piece = \"moved\" allows one piece)", p, n, movers, g.board.N(), maxFollowUps)
		return false
	}
	return true
}

// moreWalks adds the further rules of a `then` list to t: a list is of
// slides, steps and jumps only, none with a follow-up of its own.
func (c *compiler) moreWalks(p string, t *thenRule, more []int) bool {
	if len(more) == 0 {
		return true
	}
	g := c.g
	all := append([]int{t.follow.base().index}, more...)
	t.walks = t.walks[:0]
	var names []string
	for _, j := range all {
		w, ok := g.rules[j].(*slideRule)
		name := g.rules[j].base().name
		if !ok || c.r.Has("moves."+name+".then") {
			c.r.ValueErrorf(p+".then", "%s.then: %q is a %s; a list of follow-ups holds slides, steps and jumps without follow-ups of their own", p, name, g.rules[j].base().typ)
			return false
		}
		t.walks = append(t.walks, w)
		names = append(names, name)
	}
	t.names = strings.Join(names, " or ")
	return true
}

func didYouMean(name string, known []string) string {
	if s := diag.Closest(name, known); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}

// captured counts the base move's captures (when its rule counts them)
// and the piece the follow-up removes.
func (t *thenRule) captured(s *State, m Move) int {
	n := 0
	if cc, ok := t.rule.(captureCounter); ok {
		n = cc.captured(s, baseMove(m))
	}
	c := followCell(m)
	switch {
	case c < 0:
	case t.take != nil:
		n++
	case t.walks != nil:
		if sc := t.afterBase(s, m); sc != nil {
			if f, ok := t.walkMove(sc, m, c); ok {
				n += t.walkOf(f).captured(sc, f)
			}
		}
	}
	return n
}
