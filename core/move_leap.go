// This file holds the leap primitive: a piece jumps from its cell by a
// vector of the cells' x and y coordinates (a leaper), over anything,
// unless the vector names a blocking cell that is occupied. The vectors'
// images under the square's symmetries, their targets and blocking cells
// are tabled per cell at compile time; gen and play are the hot path and
// allocate nothing.

package core

import (
	"fmt"
	"sort"
	"strings"
)

type leapRule struct {
	ruleBase
	movers
	land      int
	cap       *captureSpec
	excl      *exclusion
	when      *whenCond
	byPiece   bool
	pieceList []int32
	// xOnCapture writes a move that takes the piece on its target FROMxTO.
	xOnCapture bool
	// facing: the leaps of a piece whose facing is negative are those of
	// the second table (every vector's dy negated): per seat (facingSeat)
	// or by a per-piece state variable (facingVar).
	facing    int
	facingVar int
	// tables[f]: per cell c, entries off[c]..off[c+1]-1 of tgt (the target)
	// and blk (the blocking cell, or -1). f = 1 is the flipped table.
	tables [2]leapTable
}

// leapTable lists, per cell, the leaps from it and, per target cell, the
// leaps onto it (for attack tests).
type leapTable struct {
	off, tgt, blk    []int32
	roff, rsrc, rblk []int32
}

const (
	facingNone = iota
	facingSeat
	facingState
)

var leapMove = moveType{
	name: "leap",
	doc:  "jump a piece by a vector (a leaper, the knight), over anything unless the vector's blocking cell is occupied",
	keys: []*Key{&moverPiecesKey, &moverKindsKey, &leapVectorsKey, &leapViaKey, &leapSymmetryKey, &leapBlockKey, &leapFacingKey,
		withDefault(landKey, "empty_or_enemy"), &leapCaptureKey, &captureIfKey, &immuneKey, &capturePointsKey, &captureToKey,
		&excludeKey, &lineNotationKey, &commonRestKey, &whenKey},
	compile: compileLeap,
}

var (
	leapVectorsKey = Key{Name: "vectors", Type: TIntLists,
		Doc: "the leaps, each [dx, dy] in the cells' x and y coordinates (grid: files and ranks); or give via"}
	leapViaKey = Key{Name: "via", Type: TStringLists,
		Doc: `instead of vectors, leaps composed of board steps, each a list of "edge" (into the cell across an edge) and "corner" (a diagonal step through a corner), every step leaving away from the one before; needs a board with corners (faces with diagonal = true)`}
	leapSymmetryKey = Key{Name: "symmetry", Type: TChoice, Default: "all", Allowed: []string{"all", "rotations", "mirror", "none"},
		Doc: "each vector stands for its images: all 8 rotations and reflections of the square, the 4 rotations, itself and its mirror (dx → -dx), or itself only; duplicates count once"}
	leapBlockKey = Key{Name: "block", Type: TIntLists,
		Doc: "one [bx, by] per vector, relative to the origin and mapped with it: the leap is illegal when that cell holds anything ([0, 0]: no blocking cell)"}
	leapFacingKey = Key{Name: "facing", Type: TString, Default: "none",
		Doc: `"none"; "seat": the second seat's vectors have dy negated (its forward is down); or a [piece_state] variable: a piece whose value is negative has dy negated`}
	leapCaptureKey = Key{Name: "capture", Type: TChoice, Default: "replace", Allowed: []string{"replace", "none"},
		Doc: "replace: take the piece on the target (see capture_to); none: a landing on a piece stacks on it"}
)

func compileLeap(c *compiler, p string, rb ruleBase) rule {
	r := c.r
	b := c.g.board
	ru := &leapRule{ruleBase: rb}
	ru.movers = c.compileMovers(p)
	land := c.readChoice(p, withDefault(landKey, "empty_or_enemy"))
	for i, n := range landNames {
		if n == land {
			ru.land = i
		}
	}
	switch c.readChoice(p, &leapCaptureKey) {
	case "replace":
		ru.cap = &captureSpec{typ: &replaceCapture, kind: capReplace}
		ru.cap.capIf = c.compileCellCond(p, captureIfKey.Name, true)
		if ru.cap.points = c.readBool(p, &capturePointsKey); ru.cap.points {
			c.notePoints(keyPath(p, &capturePointsKey))
		}
		ru.cap.immune = c.kindCellTable(p, &immuneKey)
		c.readCaptureTo(p, ru.cap)
	default:
		ru.cap = &captureSpec{typ: &noCapture}
		for _, k := range []*Key{&captureIfKey, &immuneKey, &capturePointsKey, &captureToKey, &captureToSeatKey} {
			if c.has(p, k) {
				r.Errorf(keyPath(p, k), "%s.%s: the rule takes nothing (capture = \"none\")", p, k.Name)
			}
		}
	}
	ru.excl = c.compileExclusion(p)
	switch c.readChoice(p, &lineNotationKey) {
	case "piece":
		ru.byPiece = true
	case "cells_x":
		ru.xOnCapture = true
	}
	ru.when = c.compileWhen(p, true)
	ru.pieceList = c.fewPieces(ru.kinds)
	ru.seatKind = seatKinds(c.g, ru.kinds)
	switch f := c.readString(p, &leapFacingKey); f {
	case "none":
	case "seat":
		ru.facing = facingSeat
	default:
		v := c.g.pieceVarIndex(f)
		if v < 0 {
			r.ValueErrorf(keyPath(p, &leapFacingKey), "%s.facing: %q is neither \"none\", \"seat\" nor a [piece_state] variable", p, f)
			return nil
		}
		ru.facing, ru.facingVar = facingState, v
	}

	if c.has(p, &leapViaKey) {
		if c.has(p, &leapVectorsKey) || c.has(p, &leapBlockKey) || c.has(p, &leapSymmetryKey) || ru.facing != facingNone {
			r.Errorf(p, "%s: via takes the place of vectors, block, symmetry and facing; give one or the other", p)
			return nil
		}
		if !c.viaTables(p, ru) {
			return nil
		}
		return ru
	}
	if !c.has(p, &leapVectorsKey) {
		r.Errorf(p, "%s: a leap needs vectors (or via)", p)
		return nil
	}

	// coordinates
	coords := map[[2]int]int{}
	xy := make([][2]int, b.N())
	for i, cell := range b.Cells {
		x, okx := cell.Attrs["x"].(int)
		y, oky := cell.Attrs["y"].(int)
		if !okx || !oky {
			r.Errorf(p, "%s: a leap needs cells with integer x and y coordinates; cell %s has none (a grid board has them)", p, cell.Name)
			return nil
		}
		xy[i] = [2]int{x, y}
		coords[xy[i]] = i
	}
	vp := keyPath(p, &leapVectorsKey)
	vecs := c.readIntPairs(vp)
	var blocks [][2]int
	if c.has(p, &leapBlockKey) {
		bp := keyPath(p, &leapBlockKey)
		blocks = c.readIntPairs(bp)
		if blocks == nil || vecs == nil {
			return nil
		}
		if len(blocks) != len(vecs) {
			r.ValueErrorf(bp, "%s: %d blocking cells for %d vectors; give one per vector ([0, 0] for none)", bp, len(blocks), len(vecs))
			return nil
		}
	}
	if vecs == nil {
		return nil // reported
	}
	if len(vecs) == 0 {
		r.ValueErrorf(vp, "%s: give at least one vector [dx, dy]", vp)
		return nil
	}
	type leap struct{ v, b [2]int }
	var leaps []leap
	seen := map[[2]int][2]int{}
	sym := c.readChoice(p, &leapSymmetryKey)
	for i, v := range vecs {
		if v == [2]int{} {
			r.ValueErrorf(fmt.Sprintf("%s.%d", vp, i), "%s: [0, 0] is no leap", vp)
			continue
		}
		var bl [2]int
		if blocks != nil {
			bl = blocks[i]
		}
		for _, f := range squareImages(sym) {
			img := leap{f(v), f(bl)}
			if old, dup := seen[img.v]; dup {
				if old != img.b {
					r.ValueErrorf(fmt.Sprintf("%s.%d", vp, i), "%s: the leap [%d, %d] is given twice with different blocking cells [%d, %d] and [%d, %d]",
						vp, img.v[0], img.v[1], old[0], old[1], img.b[0], img.b[1])
				}
				continue
			}
			seen[img.v] = img.b
			leaps = append(leaps, img)
		}
	}
	nf := 1
	if ru.facing != facingNone {
		nf = 2
	}
	for f := 0; f < nf; f++ {
		t := &ru.tables[f]
		t.off = make([]int32, b.N()+1)
		rev := make([][][2]int32, b.N())
		for from := 0; from < b.N(); from++ {
			for _, l := range leaps {
				v, bl := l.v, l.b
				if f == 1 {
					v[1], bl[1] = -v[1], -bl[1]
				}
				to, ok := coords[[2]int{xy[from][0] + v[0], xy[from][1] + v[1]}]
				if !ok {
					continue
				}
				bc := int32(-1)
				if bl != [2]int{} {
					x, ok := coords[[2]int{xy[from][0] + bl[0], xy[from][1] + bl[1]}]
					if !ok {
						continue // the blocking cell is off the board: no such leap
					}
					bc = int32(x)
				}
				t.tgt = append(t.tgt, int32(to))
				t.blk = append(t.blk, bc)
				rev[to] = append(rev[to], [2]int32{int32(from), bc})
			}
			t.off[from+1] = int32(len(t.tgt))
		}
		t.roff = make([]int32, b.N()+1)
		for to := range rev {
			for _, e := range rev[to] {
				t.rsrc = append(t.rsrc, e[0])
				t.rblk = append(t.rblk, e[1])
			}
			t.roff[to+1] = int32(len(t.rsrc))
		}
	}
	if ru.facing == facingNone {
		ru.tables[1] = ru.tables[0]
	}
	return ru
}

// squareImages returns the maps of a vector under the chosen symmetry.
func squareImages(sym string) []func([2]int) [2]int {
	id := func(v [2]int) [2]int { return v }
	switch sym {
	case "none":
		return []func([2]int) [2]int{id}
	case "mirror":
		return []func([2]int) [2]int{id, func(v [2]int) [2]int { return [2]int{-v[0], v[1]} }}
	case "rotations":
		return []func([2]int) [2]int{id,
			func(v [2]int) [2]int { return [2]int{-v[1], v[0]} },
			func(v [2]int) [2]int { return [2]int{-v[0], -v[1]} },
			func(v [2]int) [2]int { return [2]int{v[1], -v[0]} }}
	}
	return []func([2]int) [2]int{id,
		func(v [2]int) [2]int { return [2]int{-v[1], v[0]} },
		func(v [2]int) [2]int { return [2]int{-v[0], -v[1]} },
		func(v [2]int) [2]int { return [2]int{v[1], -v[0]} },
		func(v [2]int) [2]int { return [2]int{-v[0], v[1]} },
		func(v [2]int) [2]int { return [2]int{v[0], -v[1]} },
		func(v [2]int) [2]int { return [2]int{v[1], v[0]} },
		func(v [2]int) [2]int { return [2]int{-v[1], -v[0]} }}
}

// readIntPairs reads an array of [a, b] integer pairs.
func (c *compiler) readIntPairs(path string) [][2]int {
	v, ok := c.r.Doc.Get(path)
	if !ok {
		return nil
	}
	arr, ok := v.([]any)
	if !ok {
		c.r.ValueErrorf(path, "%s: want an array of [x, y] pairs of integers", path)
		return nil
	}
	out := [][2]int{}
	for i := range arr {
		ep := fmt.Sprintf("%s.%d", path, i)
		ns := c.r.Ints(ep, -64, 64)
		if len(ns) != 2 {
			if ns != nil || !isIntArray(arr[i]) {
				c.r.ValueErrorf(ep, "%s: element %d: want a pair [x, y] of integers in -64..64", path, i+1)
			}
			return nil
		}
		out = append(out, [2]int{ns[0], ns[1]})
	}
	return out
}

func isIntArray(v any) bool {
	a, ok := v.([]any)
	if !ok {
		return false
	}
	for _, e := range a {
		if _, ok := e.(int64); !ok {
			return false
		}
	}
	return true
}

// table returns the leaps of piece p of the mover.
func (r *leapRule) table(s *State, p int) *leapTable {
	switch r.facing {
	case facingSeat:
		if s.g.pieceOwner[p] == 1 {
			return &r.tables[1]
		}
	case facingState:
		if s.PieceVar(p, r.facingVar) < 0 {
			return &r.tables[1]
		}
	}
	return &r.tables[0]
}

// walksOwnCells: the rule moves the mover's own pieces and keeps no short
// list of them (pieceList).
func (r *leapRule) walksOwnCells() bool { return r.own && !r.common && r.pieceList == nil }

func (r *leapRule) gen(s *State, out []Move) []Move {
	g := s.g
	mover := s.ToMove()
	n := g.board.N()
	top := s.buf[g.lay.top : g.lay.top+n]
	height := s.buf[g.lay.height : g.lay.height+n]
	counts := s.buf[g.lay.counts : g.lay.counts+n]
	pos := s.buf[g.lay.pos:]
	var cand uint64
	useMask := g.small && r.own && !r.common
	if useMask {
		cand = s.ownMask(mover)
	}
	usePieces := !useMask && r.pieceList != nil
	o := origins{mask: cand, useMask: useMask, n: n}
	if usePieces {
		o.list = r.pieceList
	} else if !useMask && r.own && !r.common {
		o.cells = r.ownCellsFor(s, mover)
	}
	for {
		c := o.cell(pos, top)
		if c < 0 {
			return out
		}
		p := int(top[c] - 1)
		if p < 0 || !r.may(s, p, mover) {
			continue
		}
		side := int(g.pieceOwner[p])
		t := r.table(s, p)
		for i := t.off[c]; i < t.off[c+1]; i++ {
			if b := t.blk[i]; b >= 0 && (height[b] != 0 || counts[b] != 0) {
				continue
			}
			to := int(t.tgt[i])
			if !landAllows(s, r.land, to, mover, side) || !r.when.allows(s, c, to, int(height[c]), int(g.pieceKind[p])) || r.excl.blocked(s, c, to) {
				continue
			}
			out = r.cap.emit(s, out, r.index, c, to, 0, mover, side)
		}
	}
}

// landAllows reports whether a piece of side `side` moved by mover may
// land on t under the land rule `land` (landEmpty, …).
func landAllows(s *State, land, t, mover, side int) bool {
	switch land {
	case landEmpty:
		return !s.occupied(t)
	case landOccupied:
		return s.occupied(t)
	case landEnemy:
		return s.Top(t) >= 0 && foe(s.Owner(t), mover, side)
	case landEmptyOrEnemy:
		if !s.occupied(t) {
			return true
		}
		return s.Top(t) >= 0 && foe(s.Owner(t), mover, side)
	}
	return true
}

func (r *leapRule) mayAwardAny() bool              { return r.cap != nil && r.cap.points }
func (r *leapRule) mayAward(s *State, m Move) bool { return r.cap.mayAward(s, m) }

func (r *leapRule) play(s *State, m Move) error {
	from, to := m.From(), m.To()
	mover := s.ToMove()
	moved := s.Top(from)
	if r.cap.kind == capReplace && s.Height(to) > 0 {
		if err := r.cap.takeTarget(s, to, mover, r.name); err != nil {
			return err
		}
	}
	if r.rest > 0 {
		restIfCommon(s, moved, r.rest)
	}
	s.moveStack(from, to, 1)
	return nil
}

func (r *leapRule) format(s *State, m Move) string {
	if r.xOnCapture {
		sep := "-"
		if r.cap.kind == capReplace && s.Height(m.To()) > 0 {
			sep = "x"
		}
		return s.g.board.Cells[m.From()].Name + sep + s.g.board.Cells[m.To()].Name
	}
	return formatMove(s, r.byPiece, r.cap, m)
}

// reach adds every leap of the table (blocking cells ignored).
func (r *leapRule) reach(g *Game, kinds []bool, add func(from, to int)) {
	if !movesAny(r.kinds, kinds) {
		return
	}
	for f := range r.tables {
		t := &r.tables[f]
		for c := 0; c+1 < len(t.off); c++ {
			for i := t.off[c]; i < t.off[c+1]; i++ {
				add(c, int(t.tgt[i]))
			}
		}
	}
}

// AttackedBy reports whether a piece of seat could take a piece standing
// on cell t by this rule in the position s (whoever is to move): a piece of
// the rule's kinds of that seat stands a leap away, its blocking cell is
// empty and the landing is allowed. It walks the reverse table of t and
// generates no moves (for attack tests: royal pieces, check).
func (r *leapRule) AttackedBy(s *State, t, seat int) bool {
	if r.cap.kind != capReplace || r.land == landEmpty {
		return false
	}
	g := s.g
	for f := range r.tables {
		if f == 1 && r.facing == facingNone {
			break
		}
		tb := &r.tables[f]
		for i := tb.roff[t]; i < tb.roff[t+1]; i++ {
			from := int(tb.rsrc[i])
			p := s.Top(from)
			if p < 0 || int(g.pieceOwner[p]) != seat || (r.kinds != nil && !r.kinds[g.pieceKind[p]]) || !g.mayStand(int(g.pieceKind[p]), t) {
				continue
			}
			if r.table(s, p) != tb {
				continue
			}
			if b := tb.rblk[i]; b >= 0 && s.occupied(int(b)) {
				continue
			}
			if s.Top(t) >= 0 && !r.cap.capturable(s, t, seat, seat) {
				continue
			}
			if !r.when.allows(s, from, t, s.Height(from), int(g.pieceKind[p])) || (r.cap.capIf != nil && !r.cap.capIf.allows(s, from, t, 0, -1)) || r.excl.blocked(s, from, t) {
				continue
			}
			return true
		}
	}
	return false
}

func (r *leapRule) explain(s *State, text string) (string, bool) {
	g := s.g
	b := g.board
	from, to, victims, ok := parseFromTo(s, text, r.byPiece)
	if !ok {
		return "", false
	}
	p := s.Top(from)
	if p >= 0 && r.kinds != nil && !r.kinds[g.pieceKind[p]] {
		return "", false // another rule moves this piece
	}
	fn, tn := b.Cells[from].Name, b.Cells[to].Name
	mover := s.ToMove()
	if p < 0 {
		return fmt.Sprintf("there is no piece on %s", fn), true
	}
	if !r.may(s, p, mover) {
		return fmt.Sprintf("the piece on %s is not one %s may move by this rule", fn, g.seats[mover]), true
	}
	if victims != "" {
		return fmt.Sprintf("this move takes only the piece on its target; write it %s-%s", fn, tn), true
	}
	t := r.table(s, p)
	for i := t.off[from]; i < t.off[from+1]; i++ {
		if int(t.tgt[i]) != to {
			continue
		}
		if bc := t.blk[i]; bc >= 0 && s.occupied(int(bc)) {
			return fmt.Sprintf("the leap from %s to %s is blocked by the piece on %s", fn, tn, b.Cells[bc].Name), true
		}
		if !landAllows(s, r.land, to, mover, int(g.pieceOwner[p])) {
			return fmt.Sprintf("%s is %s: a leap must end on a space that is %s", tn, describe(s, to), strings.ReplaceAll(landNames[r.land], "_", " ")), true
		}
		if reason, bad := r.excl.explain(s, from, to); bad {
			return reason, true
		}
		if !r.when.allows(s, from, to, s.Height(from), int(g.pieceKind[p])) {
			return fmt.Sprintf("the rule's condition (when) does not allow %s-%s", fn, tn), true
		}
		if r.cap.kind == capReplace && s.Height(to) > 0 && !r.cap.capturable(s, to, mover, int(g.pieceOwner[p])) {
			return fmt.Sprintf("the piece on %s cannot be taken by this rule", tn), true
		}
		return "", false
	}
	return weak + fmt.Sprintf("%s is not a leap away from %s for this piece", tn, fn), true
}

// viaTables fills a leap's tables from its via key: the cells each
// sequence of board steps reaches from each cell (core/board/corners.go),
// united over the sequences, with no blocking cell.
func (c *compiler) viaTables(p string, ru *leapRule) bool {
	r := c.r
	b := c.g.board
	vp := keyPath(p, &leapViaKey)
	v, _ := r.Doc.Get(vp)
	arr, ok := v.([]any)
	if !ok || len(arr) == 0 {
		r.ValueErrorf(vp, "%s: want via = [[STEP, ...], ...] with steps \"edge\" and \"corner\"", vp)
		return false
	}
	var seqs [][]string
	for i := range arr {
		ep := fmt.Sprintf("%s.%d", vp, i)
		seq := r.Strings(ep)
		if len(seq) == 0 {
			r.ValueErrorf(ep, "%s: sequence %d: want a non-empty array of \"edge\" and \"corner\"", vp, i+1)
			return false
		}
		for j, st := range seq {
			if st != "edge" && st != "corner" {
				r.ValueErrorf(fmt.Sprintf("%s.%d", ep, j), "%s: sequence %d: unknown step %q (want \"edge\" or \"corner\")", vp, i+1, st)
				return false
			}
		}
		seqs = append(seqs, seq)
	}
	if !b.HasCorners() {
		r.ValueErrorf(vp, "%s: steps through edges and corners need a board of square cells with corners (kind = \"faces\" with diagonal = true), not %s", vp, b.Kind)
		return false
	}
	t := &ru.tables[0]
	t.off = make([]int32, b.N()+1)
	rev := make([][]int32, b.N())
	for from := 0; from < b.N(); from++ {
		seen := map[int32]bool{}
		var tos []int32
		for _, seq := range seqs {
			cells, err := b.Via(from, seq)
			if err != nil {
				r.ValueErrorf(vp, "%s: %v", vp, err)
				return false
			}
			for _, x := range cells {
				if !seen[x] {
					seen[x] = true
					tos = append(tos, x)
				}
			}
		}
		sort.Slice(tos, func(i, j int) bool { return tos[i] < tos[j] })
		for _, x := range tos {
			t.tgt = append(t.tgt, x)
			t.blk = append(t.blk, -1)
			rev[x] = append(rev[x], int32(from))
		}
		t.off[from+1] = int32(len(t.tgt))
	}
	t.roff = make([]int32, b.N()+1)
	for to := range rev {
		for _, f := range rev[to] {
			t.rsrc = append(t.rsrc, f)
			t.rblk = append(t.rblk, -1)
		}
		t.roff[to+1] = int32(len(t.rsrc))
	}
	ru.tables[1] = ru.tables[0]
	return true
}
