// This file holds the turn primitive: the mover takes over one piece of
// another seat where it stands, exchanging it for a spare piece of the
// mover's kind of the same role (the exchange the flank effect makes). With
// a `when` such as 'ply == 1' it is the swap (pie) rule of placement games:
// the second player may take the first stone as his own. With `relation`
// the piece taken over also moves, to the cell related to its own (the
// reflected swap: its mirror image across a diagonal). gen and play are on
// the hot path and allocate nothing.

package core

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"rulesmith/core/board"
)

var turnMove = moveType{
	name:    "turn",
	doc:     "take over one piece of another seat where it stands: it becomes the mover's kind of the same role",
	keys:    []*Key{&moverKindsKey, &whenKey, &turnPrefixKey, &turnRelationKey},
	compile: compileTurn,
}

var (
	turnPrefixKey = Key{Name: "prefix", Type: TString, Default: "^",
		Doc: "written before the cell (^d4)"}
	turnRelationKey = Key{Name: "relation", Type: TString,
		Doc: "a board relation: the piece taken over moves to an empty cell related to its own (^d4-b2: a mirror image for the reflected swap); on a cell related to no other it stays"}
)

type turnRule struct {
	ruleBase
	kinds  []bool // nil: every kind
	when   *whenCond
	prefix string
	// whenFixed: the condition reads no cell, piece or position function
	// (only ply, seat, over and parameters, as in 'ply == 1'), so gen
	// asks it once, not per cell
	whenFixed bool
	// to[seat*K+kind]: the kind of seat's that a piece of kind becomes
	// (-1: none, or the seat's own kind)
	to []int16
	// rel: the turned piece moves to a cell related to its own (nil, or
	// its cell relates to no other: it stays); such a move is from the
	// piece's cell to that cell.
	rel *board.Relation
}

func compileTurn(c *compiler, p string, rb ruleBase) rule {
	g := c.g
	ru := &turnRule{ruleBase: rb, kinds: c.readKinds(p, &moverKindsKey), when: c.compileWhen(p, false),
		prefix: c.readString(p, &turnPrefixKey)}
	ru.whenFixed = ru.when != nil && c.cellFree(c.r.String(keyPath(p, &whenKey), ""))
	if ru.prefix == "" || strings.ContainsAny(ru.prefix, " \t") {
		c.r.ValueErrorf(keyPath(p, &turnPrefixKey), "%s.prefix: want a mark without spaces, so that the move is one word", p)
	}
	if name := c.readString(p, &turnRelationKey); name != "" {
		rel, ok := g.board.Relation(name)
		if !ok {
			c.r.ValueErrorf(keyPath(p, &turnRelationKey), "%s.relation: unknown relation %q (relations: %s)", p, name, strings.Join(g.board.RelationNames(), ", "))
		}
		ru.rel = rel
	}
	ru.to = make([]int16, len(g.seats)*len(g.kinds))
	for seat := range g.seats {
		for k, kind := range g.kinds {
			ru.to[seat*len(g.kinds)+k] = -1
			if kind.Owner >= 0 && int(kind.Owner) != seat && (ru.kinds == nil || ru.kinds[k]) {
				ru.to[seat*len(g.kinds)+k] = int16(g.roleKind(seat, kind.Role))
			}
		}
	}
	some := false
	for k, kind := range g.kinds {
		if kind.Owner < 0 || (ru.kinds != nil && !ru.kinds[k]) {
			continue
		}
		if kind.Role == "" {
			c.r.Errorf(p, "%s: kind %q has no role; turn makes a piece the mover's kind of the same role ([pieces.%s] role)", p, kind.Name, kind.Name)
			continue
		}
		for seat := range g.seats {
			if seat != int(kind.Owner) && g.roleKind(seat, kind.Role) >= 0 {
				some = true
			}
		}
	}
	if !some {
		c.r.Errorf(p, "%s: no seat has a kind of the role of another seat's kinds, so nothing can be turned", p)
	}
	return ru
}

// into returns the kind the top piece of cell c would become for the
// mover (-1: none: no piece, the mover's own, or no kind of its role).
func (r *turnRule) into(s *State, c, mover int) int {
	p := s.Top(c)
	if p < 0 {
		return -1
	}
	return int(r.to[mover*len(s.g.kinds)+int(s.g.pieceKind[p])])
}

// turnable reports whether the mover may turn the top piece of cell c:
// the rule allows its kind and the mover has a spare piece to put there.
func (r *turnRule) turnable(s *State, c, mover int) bool {
	nk := r.into(s, c, mover)
	return nk >= 0 && s.spare(mover, nk) >= 0
}

// cellFree reports whether the condition src names only ply, seat, over
// and parameters: no cell, piece or position function.
func (c *compiler) cellFree(src string) bool {
	tree, err := parser.Parse(src)
	if err != nil {
		return false
	}
	v := &identVisitor{names: map[string]bool{}}
	ast.Walk(&tree.Node, v)
	for name := range v.names {
		if name == "ply" || name == "seat" || name == "over" {
			continue
		}
		if _, ok := c.params[name]; !ok || envOwnNames[name] {
			return false
		}
	}
	return true
}

func (r *turnRule) gen(s *State, out []Move) []Move {
	mover := s.ToMove()
	if r.whenFixed && !r.when.allows(s, -1, 0, 0, -1) {
		return out // the condition holds on no cell now
	}
	for c := 0; c < s.g.board.N(); c++ {
		// the condition (cheap, often false) before the spare (a scan)
		if r.into(s, c, mover) >= 0 && r.when.allows(s, -1, c, s.Height(c), int(s.g.pieceKind[s.Top(c)])) && r.turnable(s, c, mover) {
			if r.rel == nil {
				out = append(out, mkMove(r.index, -1, c, 0))
				continue
			}
			to := r.rel.Of(c)
			if len(to) == 0 {
				// a cell related to no other stays (a mirror's axis)
				out = append(out, mkMove(r.index, -1, c, 0))
			}
			for _, t := range to {
				if !s.occupied(int(t)) {
					out = append(out, mkMove(r.index, c, int(t), 0))
				}
			}
		}
	}
	return out
}

// cells returns the cell of the piece m turns and the cell it ends on.
func (r *turnRule) cells(m Move) (c, t int) {
	if f := m.From(); f >= 0 {
		return f, m.To()
	}
	return m.To(), m.To()
}

func (r *turnRule) play(s *State, m Move) error {
	c, t := r.cells(m)
	mover := s.ToMove()
	if c < 0 || t < 0 || !r.turnable(s, c, mover) {
		return fmt.Errorf("rule %q: nothing on cell %d can be turned", r.name, c)
	}
	if t != c && (r.rel == nil || !r.rel.Has(c, t) || s.occupied(t)) {
		return fmt.Errorf("rule %q: the piece on cell %d cannot move to cell %d", r.name, c, t)
	}
	s.g.turnPieceTo(s, c, mover, r.into(s, c, mover))
	if t != c {
		s.moveStack(c, t, 1)
	}
	return nil
}

func (r *turnRule) format(s *State, m Move) string {
	c, t := r.cells(m)
	if t != c {
		return r.prefix + s.g.board.Cells[c].Name + "-" + s.g.board.Cells[t].Name
	}
	return r.prefix + s.g.board.Cells[c].Name
}

func (r *turnRule) explain(s *State, text string) (string, bool) {
	g := s.g
	name, ok := strings.CutPrefix(strings.ToLower(text), strings.ToLower(r.prefix))
	if !ok {
		return "", false
	}
	name, dest, moved := strings.Cut(name, "-")
	c, ok := lookupCell(g, name)
	if !ok {
		return "", false
	}
	mover := s.ToMove()
	p := s.Top(c)
	switch {
	case p < 0:
		return fmt.Sprintf("there is no piece on %s to turn", g.board.Cells[c].Name), true
	case int(g.pieceOwner[p]) == mover:
		return fmt.Sprintf("the piece on %s is already %s's", g.board.Cells[c].Name, g.seats[mover]), true
	case r.into(s, c, mover) < 0:
		return fmt.Sprintf("this rule does not turn a %s", g.kinds[g.pieceKind[p]].Name), true
	case !r.when.allows(s, -1, c, s.Height(c), int(g.pieceKind[p])):
		// weak: another rule's condition may allow it (a variant choosing
		// its swap by a parameter)
		return weak + fmt.Sprintf("the rule's condition (when) does not allow turning the piece on %s", g.board.Cells[c].Name), true
	case !r.turnable(s, c, mover):
		return fmt.Sprintf("%s has no spare %s to put on %s", g.seats[mover], g.kinds[r.into(s, c, mover)].Name, g.board.Cells[c].Name), true
	}
	if r.rel == nil {
		if moved {
			return fmt.Sprintf("the piece taken over stays on %s: write %s%s", g.board.Cells[c].Name, r.prefix, g.board.Cells[c].Name), true
		}
		return "", false
	}
	var to []string
	for _, t := range r.rel.Of(c) {
		to = append(to, g.board.Cells[t].Name)
	}
	here := g.board.Cells[c].Name
	if len(to) == 0 {
		if moved {
			return fmt.Sprintf("the piece taken over on %s stays there (relation %s relates no other cell to it): write %s%s", here, r.rel.Name, r.prefix, here), true
		}
		return "", false
	}
	t, ok := lookupCell(g, dest)
	switch {
	case !moved:
		return fmt.Sprintf("the piece taken over on %s moves to a cell %s relates to it: write %s%s-%s", here, r.rel.Name, r.prefix, here, to[0]), true
	case !ok:
	case t != c && !r.rel.Has(c, t):
		return fmt.Sprintf("the piece taken over on %s moves to a cell %s relates to it (%s), not %s", here, r.rel.Name, strings.Join(to, ", "), dest), true
	case t != c && s.occupied(t):
		return fmt.Sprintf("the piece taken over on %s cannot move to %s: it is occupied", here, dest), true
	}
	return "", false
}
