// This file holds the mark_targets effect: after a move, the pieces the
// moved (or placed) piece could now take with one move of a given rule get
// a [piece_state] value, except those it could already take from where it
// started. A game whose pieces are turned face down by the piece that just
// came to attack them writes it this way. Computing the targets is one
// generation of the attack rule from one cell, into the State's own
// buffer: nothing is allocated per move.

package core

import "sort"

var markTargetsEffect = effectType{
	name: "mark_targets",
	doc:  "after a move, give a piece state to every piece the moved or placed piece could now take by one move of a rule (except those it could take from its start)",
	keys: []*Key{&markAttacksKey, &markSetKey, &markExceptKey},
	compile: func(c *compiler, p, name, cite string) effect {
		e := &markTargets{attacksName: c.readString(p, &markAttacksKey), exceptBefore: c.readBool(p, &markExceptKey)}
		sp := keyPath(p, &markSetKey)
		names := c.r.Keys(sp, nil)
		sort.Strings(names)
		if len(names) == 0 {
			c.r.Errorf(p, "%s: set names at least one [piece_state] variable (set = {VAR = VALUE})", p)
			return nil
		}
		for _, vn := range names {
			vp := sp + "." + vn
			v := c.g.pieceVarIndex(vn)
			if v < 0 {
				c.r.Errorf(vp, "%s: unknown piece state variable %q%s", sp, vn, c.g.pieceVarHint(vn))
				continue
			}
			pv := c.g.pieceVars[v]
			val := c.num(vp, pv.def, pv.min, pv.max)
			e.vars = append(e.vars, v)
			e.vals = append(e.vals, val)
		}
		c.late = append(c.late, func() {
			for _, ru := range c.g.rules {
				if ru.base().name != e.attacksName {
					continue
				}
				if lr, ok := ru.(*slideRule); ok && lr.replace && !lr.jump {
					e.attacks = lr
					return
				}
				c.r.ValueErrorf(keyPath(p, &markAttacksKey), "%s: rule %q is a %s; the attack rule must be a slide or step that takes the piece on its target (capture = \"replace\")", keyPath(p, &markAttacksKey), e.attacksName, ru.base().typ)
				return
			}
			c.r.ValueErrorf(keyPath(p, &markAttacksKey), "%s: unknown move rule %q", keyPath(p, &markAttacksKey), e.attacksName)
		})
		return e
	},
}

var (
	markAttacksKey = Key{Name: "attacks", Type: TString, Required: true,
		Doc: "the move rule (a slide or step with capture = \"replace\") whose captures from the piece's cell are its targets"}
	markSetKey = Key{Name: "set", Type: TTable, Required: true,
		Doc: "VAR = VALUE: the [piece_state] values every target gets"}
	markExceptKey = Key{Name: "except_before", Type: TBool, Default: true,
		Doc: "leave out the pieces the moved piece could already take from its start cell, in the position before the move"}
)

// markTargets is a compiled mark_targets effect.
type markTargets struct {
	attacksName  string
	attacks      *slideRule
	vars, vals   []int
	exceptBefore bool
}

// apply does nothing: the effect needs the move (applyMove).
func (e *markTargets) apply(*State) {}

// beforeMove records, before m is played, the pieces the moving piece
// could take from its start cell.
func (e *markTargets) beforeMove(s *State, m Move) {
	s.markBefore = s.markBefore[:0]
	if !e.exceptBefore || m.From() < 0 || e.attacks == nil {
		return
	}
	if e.attacks.takeWalk {
		s.markBefore, _ = e.attacks.walkTargets(s, m.From(), s.markBefore, false)
		return
	}
	s.markBuf = e.attacks.genFrom(s, m.From(), s.markBuf[:0])
	for _, x := range s.markBuf {
		if p := s.Top(x.To()); p >= 0 {
			s.markBefore = append(s.markBefore, int32(p))
		}
	}
}

// applyMove marks the targets of the piece m left on its target cell.
func (e *markTargets) applyMove(s *State, m Move) {
	if e.attacks == nil || m.To() < 0 || s.Top(m.To()) < 0 {
		return
	}
	if e.attacks.takeWalk {
		s.markNow, _ = e.attacks.walkTargets(s, m.To(), s.markNow[:0], false)
		for _, p := range s.markNow {
			e.mark(s, int(p))
		}
		return
	}
	s.markBuf = e.attacks.genFrom(s, m.To(), s.markBuf[:0])
	for _, x := range s.markBuf {
		if p := s.Top(x.To()); p >= 0 {
			e.mark(s, p)
		}
	}
}

// mark gives piece p the effect's values unless it was a target before.
func (e *markTargets) mark(s *State, p int) {
	for _, q := range s.markBefore {
		if int(q) == p {
			return
		}
	}
	for i, v := range e.vars {
		s.setPieceVar(p, v, e.vals[i])
	}
}

// moveEffect is an effect that reads the move: beforeMove runs before the
// rule plays it, applyMove after (in place of apply).
type moveEffect interface {
	beforeMove(s *State, m Move)
	applyMove(s *State, m Move)
}
