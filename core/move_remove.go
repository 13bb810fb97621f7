// This file holds the remove primitive: take pieces off the board with no
// piece moving, either one piece anywhere that the rule allows (a mill's
// removal) or a contiguous run of them along a line (Tac Tix). gen and play
// are on the hot path and allocate nothing.

package core

import (
	"fmt"
	"math/bits"
	"strings"

	"rulesmith/core/board"
)

var removeMove = moveType{
	name:    "remove",
	doc:     "take one piece, or a contiguous run of pieces along a line, off the board; no piece moves",
	keys:    []*Key{&removeShapeKey, &removePiecesKey, &moverKindsKey, &dirsKey, &removeMinKey, &removeMaxKey, &whenKey, &removeSpareKey, &removeNotationKey},
	compile: compileRemove,
}

var (
	removeShapeKey = Key{Name: "shape", Type: TChoice, Default: "piece", Allowed: []string{"piece", "run"},
		Doc: "piece: one piece anywhere; run: an unbroken straight run of pieces along a direction"}
	removePiecesKey = Key{Name: "pieces", Type: TChoice, Default: "any", Allowed: []string{"any", "own", "enemy"},
		Doc: "whose pieces may be removed: anyone's, the mover's, or another seat's (neutral ones included)"}
	removeMinKey = Key{Name: "min_length", Type: TInt, Default: 1, Min: 1, Max: board.MaxCells,
		Doc: "run: the fewest pieces one move removes"}
	removeMaxKey = Key{Name: "max_length", Type: TInt, Default: board.MaxCells, Min: 1, Max: board.MaxCells,
		Doc: "run: the most pieces one move removes"}
	removeSpareKey = Key{Name: "spare", Type: TExpr,
		Doc: "piece: a condition over to and the position; pieces it holds for are spared unless every candidate is (a man in a mill: 'line(to, 3)')"}
	removeNotationKey = Key{Name: "notation", Type: TChoice, Default: "cells", Allowed: []string{"cells", "capture"},
		Doc: "cells: b2, or a run by its end cells, lower first (a1-c1); capture: the same after an x (xb2, xa1-c1)"}
)

const (
	removeAny = iota
	removeOwn
	removeEnemy
)

type removeRule struct {
	ruleBase
	run            bool
	whose          int
	kinds          []bool // nil: every kind
	dirs           []int
	minLen, maxLen int
	when           *whenCond
	spare          *whenCond
	prefix         string // "x" under notation = "capture"
}

func compileRemove(c *compiler, p string, rb ruleBase) rule {
	r := c.r
	b := c.g.board
	ru := &removeRule{ruleBase: rb}
	ru.run = c.readChoice(p, &removeShapeKey) == "run"
	ru.whose = map[string]int{"any": removeAny, "own": removeOwn, "enemy": removeEnemy}[c.readChoice(p, &removePiecesKey)]
	ru.kinds = c.readKinds(p, &moverKindsKey)
	ru.when = c.compileWhen(p, false)
	ru.spare = c.compileCellCond(p, removeSpareKey.Name, false)
	if c.readChoice(p, &removeNotationKey) == "capture" {
		ru.prefix = "x"
	}
	ru.minLen, ru.maxLen = c.readInt(p, &removeMinKey), c.readInt(p, &removeMaxKey)
	if ru.run && ru.spare != nil {
		r.Errorf(keyPath(p, &removeSpareKey), "%s.spare: only the removal of one piece (shape = \"piece\") takes spare", p)
	}
	if !ru.run {
		for _, k := range []*Key{&dirsKey, &removeMinKey, &removeMaxKey} {
			if c.has(p, k) {
				r.Errorf(keyPath(p, k), "%s.%s: only a run (shape = \"run\") takes %s", p, k.Name, k.Name)
			}
		}
		return ru
	}
	if ru.minLen > ru.maxLen {
		r.ValueErrorf(keyPath(p, &removeMinKey), "%s.min_length: %d is more than max_length %d", p, ru.minLen, ru.maxLen)
		return nil
	}
	if len(b.Dirs) == 0 {
		r.Errorf(p, "%s: a run needs a board with directions (grid, hex, faces, or graph with [board.lines]), not %s", p, b.Kind)
		return nil
	}
	if !c.has(p, &dirsKey) {
		for d := range b.Dirs {
			ru.dirs = append(ru.dirs, d)
		}
		return ru
	}
	for i, d := range c.readStrings(p, &dirsKey) {
		found := -1
		for j, x := range b.Dirs {
			if x == d {
				found = j
			}
		}
		if found < 0 {
			r.ValueErrorf(fmt.Sprintf("%s.dirs.%d", p, i), "%s.dirs: unknown direction %q (directions: %s)", p, d, strings.Join(b.Dirs, ", "))
			continue
		}
		ru.dirs = append(ru.dirs, found)
	}
	return ru
}

// removable reports whether the mover may remove the stack on cell c.
func (r *removeRule) removable(s *State, c, mover int) bool {
	g := s.g
	p := s.buf[g.lay.top+c] - 1
	if p < 0 {
		return false
	}
	switch owner := int(g.pieceOwner[p]); r.whose {
	case removeOwn:
		if owner != mover {
			return false
		}
	case removeEnemy:
		if owner == mover {
			return false
		}
	}
	k := int(g.pieceKind[p])
	if r.kinds != nil && !r.kinds[k] {
		return false
	}
	return r.when == nil || r.when.allows(s, -1, c, int(s.buf[g.lay.height+c]), k)
}

// independent reports whether the rule's moves depend only on the pieces
// of the seats other than the mover (whose tops, owners and, for a spare of
// line(to, n), their rows): removing another seat's piece, of any kind,
// with no when.
func (r *removeRule) independent() bool {
	return !r.run && r.whose == removeEnemy && r.kinds == nil && r.when == nil && (r.spare == nil || r.spare.lineTo > 0)
}

// spared reports whether the piece on c is spared (see removeSpareKey).
func (r *removeRule) spared(s *State, c int) bool {
	g := s.g
	return r.spare.allows(s, -1, c, int(s.buf[g.lay.height+c]), int(g.pieceKind[s.buf[g.lay.top+c]-1]))
}

func (r *removeRule) gen(s *State, out []Move) []Move {
	g := s.g
	mover := s.ToMove()
	n := g.board.N()
	if r.spare != nil {
		// spare the pieces it names unless every candidate is one
		if g.small && r.whose == removeEnemy && r.kinds == nil && r.when == nil {
			// the candidates are the occupied cells the mover does not top
			cand := s.occMask() &^ s.ownMask(mover)
			var free uint64
			if k := r.spare.lineTo; k > 0 {
				// spare = line(to, k): a piece is spared when one of its
				// cell's windows is all its owner's (State.inLine)
				windows := g.windowsOf(k)
				for m := cand; m != 0; m &= m - 1 {
					c := bits.TrailingZeros64(m)
					p := s.buf[g.lay.top+c] - 1
					if p < 0 {
						cand &^= 1 << uint(c) // stones, no piece
						continue
					}
					o := int(g.pieceOwner[p])
					if o < 0 {
						free |= 1 << uint(c)
						continue
					}
					own := s.ownMask(o)
					spared := false
					for _, w := range windows[c] {
						if own&w == w {
							spared = true
							break
						}
					}
					if !spared {
						free |= 1 << uint(c)
					}
				}
			} else {
				for m := cand; m != 0; m &= m - 1 {
					c := bits.TrailingZeros64(m)
					if s.buf[g.lay.top+c] == 0 {
						cand &^= 1 << uint(c) // stones, no piece
					} else if !r.spared(s, c) {
						free |= 1 << uint(c)
					}
				}
			}
			if free != 0 {
				cand = free
			}
			for ; cand != 0; cand &= cand - 1 {
				out = append(out, mkMove(r.index, -1, bits.TrailingZeros64(cand), 0))
			}
			return out
		}
		all := true
		for c := 0; c < n && all; c++ {
			all = !r.removable(s, c, mover) || r.spared(s, c)
		}
		for c := 0; c < n; c++ {
			if r.removable(s, c, mover) && (all || !r.spared(s, c)) {
				out = append(out, mkMove(r.index, -1, c, 0))
			}
		}
		return out
	}
	for c := 0; c < n; c++ {
		if !r.removable(s, c, mover) {
			continue
		}
		if !r.run || r.minLen <= 1 {
			out = append(out, mkMove(r.index, -1, c, 0))
		}
		if !r.run {
			continue
		}
		for _, d := range r.dirs {
			k := 1
			for _, x := range g.board.Ray(c, d) {
				if k >= r.maxLen || !r.removable(s, int(x), mover) {
					break
				}
				k++
				// a run is one move whichever end it is read from: keep the
				// reading from its lower cell, unless the rule cannot read
				// it from the other end
				if k >= r.minLen && (c < int(x) || !r.reversible(g, c, d, k)) {
					out = append(out, mkMove(r.index, c, int(x), d))
				}
			}
		}
	}
	return out
}

// reversible reports whether the run of k cells from c along d is also a
// run of this rule read from its other end.
func (r *removeRule) reversible(g *Game, c, d, k int) bool {
	ray := g.board.Ray(c, d)
	end := int(ray[k-2])
	for _, d2 := range r.dirs {
		back := g.board.Ray(end, d2)
		if len(back) < k-1 {
			continue
		}
		ok := true
		for i := 0; i < k-1 && ok; i++ {
			want := c
			if j := k - 3 - i; j >= 0 {
				want = int(ray[j])
			}
			ok = int(back[i]) == want
		}
		if ok {
			return true
		}
	}
	return false
}

// cells calls f for each cell m removes.
func (r *removeRule) cells(g *Game, m Move, f func(c int)) {
	if m.From() < 0 {
		f(m.To())
		return
	}
	f(m.From())
	for _, x := range g.board.Ray(m.From(), m.Aux()) {
		f(int(x))
		if int(x) == m.To() {
			return
		}
	}
}

func (r *removeRule) play(s *State, m Move) error {
	r.cells(s.g, m, s.clear)
	return nil
}

func (r *removeRule) format(s *State, m Move) string {
	b := s.g.board
	if m.From() < 0 {
		return r.prefix + b.Cells[m.To()].Name
	}
	lo, hi := min(m.From(), m.To()), max(m.From(), m.To())
	return r.prefix + b.Cells[lo].Name + "-" + b.Cells[hi].Name
}

func (r *removeRule) explain(s *State, text string) (string, bool) {
	g := s.g
	text = strings.TrimPrefix(strings.ToLower(text), r.prefix)
	first, last, isRun := strings.Cut(text, "-")
	var cells []int
	for _, name := range []string{first, last} {
		if name == "" {
			continue
		}
		c, ok := lookupCell(g, name)
		if !ok {
			return "", false
		}
		cells = append(cells, c)
	}
	if isRun && !r.run {
		return weak + "this rule removes one piece at a time", true
	}
	mover := s.ToMove()
	for _, c := range cells {
		name := g.board.Cells[c].Name
		p := s.Top(c)
		switch {
		case p < 0:
			return fmt.Sprintf("there is no piece on %s to remove", name), true
		case r.whose == removeOwn && int(g.pieceOwner[p]) != mover:
			return fmt.Sprintf("the piece on %s is not %s's: this rule removes the mover's own pieces", name, g.seats[mover]), true
		case r.whose == removeEnemy && int(g.pieceOwner[p]) == mover:
			return fmt.Sprintf("the piece on %s is %s's own: this rule removes another seat's pieces", name, g.seats[mover]), true
		case r.kinds != nil && !r.kinds[g.pieceKind[p]]:
			return fmt.Sprintf("a %s may not be removed by this rule", g.kinds[g.pieceKind[p]].Name), true
		case !r.removable(s, c, mover):
			return fmt.Sprintf("the rule's condition (when) does not allow removing the piece on %s", name), true
		case r.spare != nil && r.spared(s, c):
			return fmt.Sprintf("the piece on %s is spared (spare) while another may be removed", name), true
		}
	}
	if isRun && len(cells) == 2 {
		return weak + fmt.Sprintf("%s and %s are not the ends of an unbroken straight run of %d to %d pieces", first, last, r.minLen, r.maxLen), true
	}
	if !isRun && r.minLen > 1 {
		return weak + fmt.Sprintf("a run removes at least %d pieces", r.minLen), true
	}
	return "", false
}

// reach adds nothing: a removal moves no piece.
func (r *removeRule) reach(*Game, []bool, func(from, to int)) {}

// takes reports whether m removes piece p.
func (r *removeRule) takes(s *State, m Move, p int) bool {
	pc := s.PieceCell(p)
	hit := false
	r.cells(s.g, m, func(c int) { hit = hit || c == pc })
	return pc >= 0 && hit
}
