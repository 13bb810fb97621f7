// This file holds preludes: a transfer with `prelude = true` is an optional
// first part of a ply. The seat moves one piece between its zones (a
// captured piece released back to its reserve) and then, in the same ply,
// makes one move of the phase's other rules, or passes when it has none
// (under [turns] pass = "when_no_move"). The piece the prelude moved takes
// no part in the rest of the ply: a move that takes that kind out of the
// zone the prelude put it in is left out. The pair is one Move and one
// notation token, PRELUDE/MOVE (+Sh/d4-d6). The prelude's kind (+1) is
// kept in the bits a `then` follow-up uses (followShift), so a phase with
// a prelude holds no rule with a follow-up and no chain.
//
// gen generates, for each prelude move, the phase's moves on a copy of the
// position after it (kept in the State: no allocation once grown).

package core

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

var transferPreludeKey = Key{Name: "prelude", Type: TBool, Default: false, Literal: true,
	Doc: "the transfer is an optional first part of a ply: the same seat then makes one move of the phase's other rules (or passes when it has none), written PRELUDE/MOVE; the piece moved takes no part in the rest of the ply; count must be 1"}

// zoneTaker is a rule whose moves take a piece out of a zone: takesFrom
// returns the zone and the kind m takes (-1, -1: none). A prelude leaves
// out the moves that take its piece back out of the zone it went to.
type zoneTaker interface {
	takesFrom(m Move) (zone, kind int)
}

func (r *placeRule) takesFrom(m Move) (int, int) { return r.zone, m.Aux() }
func (r *swapRule) takesFrom(m Move) (int, int)  { return r.zone, m.Aux() }
func (r *transferRule) takesFrom(m Move) (int, int) {
	ks, _ := transferKinds(m.Aux())
	return r.from, ks[0]
}

// preludeKind returns the kind the prelude of m moved, or -1 (a move of a
// phase with a prelude).
func preludeKind(m Move) int { return int((m&followMask)>>followShift) - 1 }

// withPrelude returns m opened by the prelude that moved kind k.
func withPrelude(m Move, k int) Move { return m&^followMask | Move(k+1)<<followShift }

// preludeOf returns the phase's prelude and the kind it moved when m opens
// with one (the phase of s), else nil.
func (g *Game) preludeOf(s *State, m Move) (*transferRule, int) {
	if m&followMask == 0 || m.IsChance() {
		return nil, -1
	}
	pre := g.phases[s.buf[hPhase]].prelude
	if pre == nil {
		return nil, -1
	}
	return pre, preludeKind(m)
}

// genPrelude appends the moves that open with the phase's prelude; out[start:]
// holds the phase's other moves.
func (g *Game) genPrelude(s *State, ph *phase, out []Move, start int) []Move {
	pre := ph.prelude
	rel := pre.gen(s, s.preBuf[:0])
	s.preBuf = rel
	if len(rel) == 0 {
		return out
	}
	plain := len(out) - start
	if s.pre == nil {
		s.pre = s.Clone()
	}
	sc := s.pre
	to := pre.to
	for _, r := range rel {
		ks, _ := transferKinds(r.Aux())
		k := ks[0]
		sc.CopyFrom(s)
		if err := pre.play(sc, r); err != nil {
			continue
		}
		from := len(out)
		for _, ri := range ph.rules {
			rf := len(out)
			out = g.rules[ri].gen(sc, out)
			if g.rules[ri].base().choose != nil {
				out = g.expandChoices(sc, g.rules[ri], out, rf)
			}
		}
		w := from
		for _, m := range out[from:] {
			if zt, ok := g.rules[m.Rule()].(zoneTaker); ok {
				if z, kk := zt.takesFrom(plainOf(g.rules[m.Rule()], m)); z == to && kk == k {
					continue // the piece the prelude moved waits
				}
			}
			out[w] = withPrelude(m, k)
			w++
		}
		out = out[:w]
		if w == from && g.passAlways {
			out = append(out, withPrelude(Pass, k))
		}
	}
	if plain == 0 && len(out) > start && g.passAlways {
		out = append(out, Pass)
	}
	return out
}

// playPrelude plays the prelude of m, if it has one, and returns the rest
// of the ply's move.
func (g *Game) playPrelude(s *State, m Move) (Move, error) {
	pre, k := g.preludeOf(s, m)
	if pre == nil {
		return m, nil
	}
	if err := pre.play(s, mkMove(pre.index, -1, -1, k+1)); err != nil {
		return m, err
	}
	return m &^ followMask, nil
}

// formatPrelude writes m's prelude and the rest of the ply (ok false: m has
// no prelude).
func (g *Game) formatPrelude(s *State, m Move) (string, bool) {
	pre, k := g.preludeOf(s, m)
	if pre == nil {
		return "", false
	}
	rest := m &^ followMask
	on := s
	if ri := rest.Rule(); ri >= 0 && ri < len(g.rules) && g.rules[ri].base().choose != nil {
		// the choice is read in the position after the prelude
		if s.choosePre == nil {
			s.choosePre = s.Clone()
		}
		on = s.choosePre
		on.CopyFrom(s)
		if _, err := g.playPrelude(on, m); err != nil {
			on = s
		}
	}
	return pre.format(s, mkMove(pre.index, -1, -1, k+1)) + "/" + g.Format(on, rest), true
}

// compilePreludes takes each phase's prelude out of its rules.
func (c *compiler) compilePreludes() {
	g := c.g
	for _, ph := range g.phases {
		rest := ph.rules[:0:0]
		for _, ri := range ph.rules {
			tr, ok := g.rules[ri].(*transferRule)
			if !ok || !tr.prelude {
				rest = append(rest, ri)
				continue
			}
			p := "moves." + tr.name
			if ph.prelude != nil {
				c.r.ValueErrorf(keyPath(p, &transferPreludeKey), "%s.prelude: phase %q already opens with %q: a phase has at most one prelude", p, ph.name, ph.prelude.name)
				continue
			}
			ph.prelude = tr
		}
		if ph.prelude == nil {
			continue
		}
		ph.rules = rest
		p := keyPath("moves."+ph.prelude.name, &transferPreludeKey)
		for _, ri := range ph.rules {
			switch g.rules[ri].(type) {
			case *thenRule, *chainRule:
				c.r.ValueErrorf(p, "%s: rule %q of phase %q is a %s with a follow-up or a chain: a phase with a prelude has neither", p, g.rules[ri].base().name, ph.name, g.rules[ri].base().typ)
			}
		}
		if ph.priority != priorityNone {
			c.r.ValueErrorf(p, "%s: phase %q has a capture priority: a prelude does not combine with one", p, ph.name)
		}
	}
}

// checkPrelude is the compile check of a transfer's prelude key.
func (c *compiler) checkPrelude(p string, ru *transferRule) {
	if ru.prelude && ru.count != 1 {
		c.r.ValueErrorf(keyPath(p, &transferPreludeKey), "%s: a prelude moves one piece (count = 1), not %d", keyPath(p, &transferPreludeKey), ru.count)
		ru.prelude = false
	}
}

// readsName reports whether the expression src names the identifier name
// (true when it does not parse: the caller then assumes the worst).
func readsName(src, name string) bool {
	tree, err := parser.Parse(src)
	if err != nil {
		return true
	}
	v := &identVisitor{names: map[string]bool{}}
	ast.Walk(&tree.Node, v)
	return v.names[name]
}

// PreludeRule returns the index of the rule (see Game.Rules) of the
// prelude m opens with in s, or -1 when it has none: such a move is also
// one of Move.Rule's rule.
func (g *Game) PreludeRule(s *State, m Move) int {
	if pre, _ := g.preludeOf(s, m); pre != nil {
		return pre.index
	}
	return -1
}
