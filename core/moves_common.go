// This file holds what the moving primitives share: which pieces a rule may
// move, notation helpers and the reasons a refused move is given.

package core

import (
	"fmt"
	"math/bits"
	"strings"
)

// weak marks a refusal that only says the move has the wrong shape for
// this rule (distance, direction): another rule's reason is preferred.
const weak = "\x00"

// plural writes "1 stone", "2 stones".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// ---- helpers ----------------------------------------------------------------

func lookupCell(g *Game, name string) (int, bool) {
	if c, ok := g.board.Index(name); ok {
		return c, true
	}
	for i, c := range g.board.Cells {
		if strings.EqualFold(c.Name, name) {
			return i, true
		}
	}
	return 0, false
}

func inCells(cells []int32, c int) bool {
	for _, x := range cells {
		if int(x) == c {
			return true
		}
	}
	return false
}

// restIfCommon locks a neutral piece that was just moved for `rest` plies
// after this move. Each piece rests on its own: moving another neutral
// piece meanwhile does not end its rest.
func restIfCommon(s *State, p, rest int) {
	if p >= 0 && s.g.pieceOwner[p] < 0 && rest > 0 {
		s.buf[s.g.lay.rest+p] = s.buf[hPly] + 1 + int32(rest)
	}
}

// parseFromTo reads "FROM-TO" (cells) or "PIECE-TO" (a piece's glyph, when
// byPiece) with any "x…" victims after the target, which it returns as text.
func parseFromTo(s *State, text string, byPiece bool) (from, to int, victims string, ok bool) {
	g := s.g
	fs, ts, found := strings.Cut(text, "-")
	if !found {
		// FROMxTO (notation cells_x): a capture on the target
		i := strings.IndexByte(text, 'x')
		if i <= 0 {
			return 0, 0, "", false
		}
		if _, isCell := lookupCell(g, text[:i]); !isCell {
			return 0, 0, "", false
		}
		fs, ts = text[:i], text[i+1:]
	}
	if i := strings.IndexByte(ts, 'x'); i > 0 {
		if _, isCell := lookupCell(g, ts); !isCell {
			ts, victims = ts[:i], ts[i:]
		}
	}
	to, ok = lookupCell(g, ts)
	if !ok {
		return 0, 0, "", false
	}
	if c, isCell := lookupCell(g, fs); isCell {
		return c, to, victims, true
	}
	if !byPiece {
		return 0, 0, "", false
	}
	for p := range g.pieceKind {
		if strings.EqualFold(g.kinds[g.pieceKind[p]].Glyph, fs) {
			if c := s.PieceCell(p); c >= 0 && s.Top(c) == p {
				return c, to, victims, true
			}
		}
	}
	return 0, 0, "", false
}

// explain says why t is excluded for a piece from `from`, naming the
// occupied related cell.
func (e *exclusion) explain(s *State, from, t int) (string, bool) {
	if e == nil {
		return "", false
	}
	g := s.g
	for _, o := range e.rel.Of(t) {
		if int(o) != from && s.Height(int(o)) != 0 {
			return fmt.Sprintf("%s is blocked by the %s of %s on %s (%s)", g.board.Cells[t].Name, e.rel.Name,
				g.kinds[g.pieceKind[s.Top(int(o))]].Glyph, g.board.Cells[o].Name, "a piece may not stop there"), true
		}
	}
	return "", false
}

// fewPieces lists the pieces of the given kinds when they are few compared
// with the cells (move generation then walks them instead of the board).
func (c *compiler) fewPieces(kinds []bool) []int32 {
	if kinds == nil {
		return nil
	}
	var out []int32
	for p, k := range c.g.pieceKind {
		if kinds[k] {
			out = append(out, int32(p))
		}
	}
	if len(out)*4 > c.g.board.N() {
		return nil
	}
	return out
}

// movers says which pieces a moving rule may move: the mover's own (or
// any), optionally the neutral "common" pieces, limited to some kinds.
type movers struct {
	own    bool
	common bool   // neutral pieces may be moved by every seat
	rest   int    // plies a moved neutral piece must rest
	kinds  []bool // nil: every kind
	// seatKind[seat]: the one kind of kinds the seat owns, or -1
	// (seatKinds); nil until the rule's compile sets it.
	seatKind []int
}

// ownCellsFor returns the cells Game.gen listed for the rule's pieces of
// the mover (nil when it has not).
func (m *movers) ownCellsFor(s *State, mover int) []int32 {
	k := -1
	if m.seatKind != nil {
		k = m.seatKind[mover]
	}
	return s.ownList(mover, k)
}

var (
	moverPiecesKey = Key{Name: "pieces", Type: TChoice, Default: "own", Allowed: []string{"own", "any", "own_and_common"},
		Doc: "which stacks may move: the mover's own, every stack, or the mover's and the neutral ones"}
	moverKindsKey = Key{Name: "kinds", Type: TStrings,
		Doc: "only stacks whose top piece is of one of these kinds (default: any)"}
	commonRestKey = Key{Name: "common_rest", Type: TInt, Default: 0, Min: 0, Max: 1000,
		Doc: `with pieces = "own_and_common" (or a place of a neutral piece), the plies a neutral piece rests after this rule moves (or places) it`}
	notationKey = Key{Name: "notation", Type: TChoice, Default: "cells", Allowed: []string{"cells", "piece"},
		Doc: "write moves as FROM-TO cells, or as PIECE-TO with the piece's glyph"}
)

// compileMovers reads the keys pieces, kinds and common_rest.
func (c *compiler) compileMovers(p string) movers {
	var m movers
	who := c.readChoice(p, &moverPiecesKey)
	m.own, m.common = who != "any", who == "own_and_common"
	m.rest = c.readInt(p, &commonRestKey)
	if m.rest > 0 && c.g.restingRule == "" {
		c.g.restingRule = strings.TrimPrefix(p, "moves.")
	}
	m.kinds = c.readKinds(p, &moverKindsKey)
	return m
}

// may reports whether mover may move piece p by this rule.
func (m *movers) may(s *State, p, mover int) bool {
	g := s.g
	if m.own && int(g.pieceOwner[p]) != mover && !(m.common && g.pieceOwner[p] < 0 && !s.locked(int32(p))) {
		return false
	}
	return m.kinds == nil || m.kinds[g.pieceKind[p]]
}

// origins walks the cells a move rule's pieces may start from, in one of
// three ways chosen once per generation: the set bits of a small board's
// mask of the mover's cells, the cells of a short list of piece instances
// (those still on top of a cell), or every cell of the board.
type origins struct {
	mask        uint64
	useMask     bool
	list        []int32 // nil: every cell (unless useMask)
	cells       []int32 // the cells to walk, when not nil (and no list)
	pi, next, n int
}

// ownCells is the State's list of the cells whose top piece the seat to
// move owns, filled by Game.gen on a large board before its rules generate
// (so that each rule walks the mover's pieces, not every cell) and valid
// only while ok, for seat, in the position of hash.
type ownCells struct {
	cells []int32
	// byKind[koff[k]:koff[k+1]]: the cells of kind k among them, in cell
	// order.
	byKind []int32
	koff   []int32
	seat   int
	hash   uint64
	ok     bool
}

// fillOwn lists the cells whose top piece seat owns, all and by kind.
func (s *State) fillOwn(seat int) {
	g := s.g
	n := g.board.N()
	nk := len(g.kinds)
	top := s.buf[g.lay.top : g.lay.top+n]
	o := &s.own
	if len(o.koff) != nk+1 {
		o.koff = make([]int32, nk+1)
	}
	for k := range o.koff {
		o.koff[k] = 0
	}
	cells := o.cells[:0]
	for c, q := range top {
		if p := q - 1; p >= 0 && int(g.pieceOwner[p]) == seat {
			cells = append(cells, int32(c))
			o.koff[g.pieceKind[p]+1]++
		}
	}
	for k := 0; k < nk; k++ {
		o.koff[k+1] += o.koff[k]
	}
	if cap(o.byKind) < len(cells) {
		o.byKind = make([]int32, len(cells), max(len(cells), 64))
	}
	o.byKind = o.byKind[:len(cells)]
	// place each cell after the earlier ones of its kind (koff[k] runs
	// ahead while placing and is set back after)
	for _, c := range cells {
		k := g.pieceKind[top[c]-1]
		o.byKind[o.koff[k]] = c
		o.koff[k]++
	}
	for k := nk; k > 0; k-- {
		o.koff[k] = o.koff[k-1]
	}
	o.koff[0] = 0
	o.cells, o.seat, o.hash, o.ok = cells, seat, s.Hash(), true
}

// ownList returns the cells whose top piece seat owns when Game.gen has
// listed them for this position, else nil; with kind >= 0, only those of
// that kind.
func (s *State) ownList(seat, kind int) []int32 {
	if o := &s.own; o.ok && o.seat == seat && o.hash == s.Hash() {
		cells := o.cells
		if kind >= 0 {
			cells = o.byKind[o.koff[kind]:o.koff[kind+1]]
		}
		if cells == nil {
			return []int32{}
		}
		return cells
	}
	return nil
}

// ownWalker is a rule that walks the mover's cells listed by Game.gen
// when they are (ownCells) instead of scanning the board.
type ownWalker interface {
	walksOwnCells() bool
}

// compileOwnCells decides per phase whether Game.gen lists the mover's
// cells: on a board too large for the owner masks, when two or more of
// the phase's rules would walk the list.
func (c *compiler) compileOwnCells() {
	g := c.g
	if g.small {
		return
	}
	for _, ph := range g.phases {
		n := 0
		for _, ri := range ph.rules {
			if w, ok := g.rules[ri].(ownWalker); ok && w.walksOwnCells() {
				n++
			}
		}
		ph.ownCells = n >= 2
	}
}

// seatKinds tables, per seat, the one kind of kinds that seat owns, or -1
// when it owns none or several (or kinds is nil): a rule's pieces of the
// mover are then the mover's pieces of that kind. Pieces never change
// owner, so a kind's pieces are its owner's.
func seatKinds(g *Game, kinds []bool) []int {
	out := make([]int, len(g.seats))
	for seat := range out {
		out[seat] = -1
		if kinds == nil {
			continue
		}
		n := 0
		for k, ok := range kinds {
			if ok && g.kinds[k].Owner == seat {
				out[seat] = k
				n++
			}
		}
		if n != 1 {
			out[seat] = -1
		}
	}
	return out
}

// cell returns the next origin, or -1 when there is none.
func (o *origins) cell(pos, top []int32) int {
	switch {
	case o.useMask:
		if o.mask == 0 {
			return -1
		}
		c := bits.TrailingZeros64(o.mask)
		o.mask &= o.mask - 1
		return c
	case o.list != nil:
		for o.pi < len(o.list) {
			q := o.list[o.pi]
			o.pi++
			if cc := pos[q] - 1; cc >= 0 && top[cc]-1 == q {
				return int(cc)
			}
		}
		return -1
	case o.cells != nil:
		if o.pi >= len(o.cells) {
			return -1
		}
		o.pi++
		return int(o.cells[o.pi-1])
	default:
		if o.next >= o.n {
			return -1
		}
		o.next++
		return o.next - 1
	}
}
