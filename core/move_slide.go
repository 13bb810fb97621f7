// This file holds the line primitives slide, step and jump: move a piece
// or stack along a ray. The three are one Go type with three registry
// entries that differ in their defaults and keys. gen and play are the hot
// path (DVONN's move): they read and write the State's flat buffer and
// allocate nothing.

package core

import (
	"fmt"
	"math/bits"
	"strings"

	"rulesmith/core/board"
)

const (
	landEmpty = iota
	landOccupied
	landEnemy
	landEmptyOrEnemy
	landAny
)

var landNames = []string{"empty", "occupied", "enemy", "empty_or_enemy", "any"}

type slideRule struct {
	ruleBase
	movers
	dirs        []int
	byHeight    bool
	byDice      bool // distance = "dice": exactly the total of the last throw
	byLine      bool // distance = "line": exactly the occupied cells of the move's whole line
	dist        int  // exact distance; 0 = any
	maxDist     int
	throughAny  bool
	land        int
	carryStack  bool
	replace     bool
	jump        bool
	captureOver bool
	over        string // jump: what may be jumped over: any, own, enemy
	surrounded  bool
	when        *whenCond
	allDirs     bool    // dirs is every direction, in order
	dirBits     uint64  // bit d for each direction of dirs (boards of at most 64 directions)
	pieceList   []int32 // the pieces of the rule's kinds, when few
	cap         *captureSpec
	excl        *exclusion
	byPiece     bool // notation names the piece (bK-b66), not the origin
	xOnCapture  bool // notation cells_x: FROMxTO when the target holds a piece
	// fromCells[seat][cell]: the rule moves only pieces standing on the
	// region named by `from` (nil: anywhere).
	fromCells [][]bool
	// attackOnly: the rule makes no moves; it counts only in the attack
	// test of royal pieces.
	attackOnly bool
	// facingVar: a [piece_state] variable (-1: none); a piece whose value
	// is negative moves along oppDirs, the opposites of dirs.
	facingVar int
	oppDirs   []int
	// forks: the board's rays fork (board.Branches), so moves are found
	// by the general walk, which follows the branches.
	forks bool
	// whenFrom[c]: a static when passes some cell the rule's rays reach
	// from c (nil: no such limit).
	whenFrom []bool
	// plain: a walk through empty cells to an empty cell or an enemy's
	// piece (land empty, enemy or empty_or_enemy), taking it or nothing,
	// with no condition on the move (ray's loop without its calls).
	plain bool
	// atk: the tabled attack test (attack_table.go), or nil.
	atk *lineTable
	// epMark, epTake: en_passant = "mark" or "take" (en_passant.go).
	epMark, epTake bool
	// moverIf, passOver, takeIf: the piece conditions of mover_if,
	// pass_over and take_if (piece_cond.go); nil when absent.
	moverIf  *pieceCond
	passOver *pieceCond
	takeIf   *kindPairCond
	// takeWalk: the rule's captures from a cell are found by walking its
	// rays to the pieces that stop them (walkTargets): it takes only the
	// piece on its target, at any distance, with no jump, screen, fork or
	// en passant.
	takeWalk bool
	// emptyFast: a move to an empty cell needs no check (no when, no
	// exclusion, land allows an empty cell, a capture of none or the
	// target's piece): ray emits it at once.
	emptyFast bool
}

var (
	slideMove = moveType{name: "slide", doc: "move a piece or stack along a ray, any distance by default",
		keys: lineKeys(&slideDistanceKey, captureKeys...), compile: compileLine}
	stepMove = moveType{name: "step", doc: "move a piece or stack one cell along a ray",
		keys: lineKeys(withDefault(slideDistanceKey, 1), captureKeys...), compile: compileLine}
	jumpMove = moveType{name: "jump", doc: "jump over the next cell of a ray to the one after it, taking what was jumped over",
		keys: lineKeys(withDefault(slideDistanceKey, 2), &jumpCaptureKey, &jumpOverKey), compile: compileLine}
)

var (
	dirsKey = Key{Name: "dirs", Type: TStrings,
		Doc: "the directions allowed (default: all the board's)"}
	slideDistanceKey = Key{Name: "distance", Type: TIntOrWord, Default: "any", Allowed: []string{"height", "any", "dice", "line"}, Min: 1, Max: board.MaxCells,
		Doc: "how far: exactly N cells, exactly the moving stack's height, any distance, (dice) the total of the last throw, or (line) the occupied cells of the move's whole line, both ways"}
	maxDistanceKey = Key{Name: "max_distance", Type: TInt, Default: board.MaxCells, Min: 1, Max: board.MaxCells,
		Doc: `with distance = "any", the farthest target`}
	throughKey = Key{Name: "through", Type: TChoice, Default: "empty", Allowed: []string{"empty", "any"},
		Doc: "empty: the cells passed over must be empty; any: the move passes over occupied cells"}
	landKey = Key{Name: "land", Type: TChoice, Default: "empty", Allowed: landNames,
		Doc: "what the target cell may hold (enemy: a stack whose top piece another seat owns)"}
	carryKey = Key{Name: "carry", Type: TChoice, Default: "stack", Allowed: []string{"stack", "piece"},
		Doc: "move the whole stack or only its top piece"}
	fromRegionKey = Key{Name: "from", Type: TString,
		Doc: "a region: the rule moves only pieces standing on it (a per-seat region: the mover's cells)"}
	lineFacingKey = Key{Name: "facing", Type: TString,
		Doc: "a [piece_state] variable: a piece whose value is negative moves along the opposite of each listed direction (a pawn's forward that changes as it goes)"}
	attackOnlyKey = Key{Name: "attack_only", Type: TBool, Default: false,
		Doc: "the rule makes no moves: it counts only when testing whether a royal piece could be taken ([turns] royal)"}
	lineNotationKey = Key{Name: "notation", Type: TChoice, Default: "cells", Allowed: []string{"cells", "cells_x", "piece"},
		Doc: "FROM-TO cells; cells_x: FROMxTO when the move takes the piece on its target; piece: PIECE-TO with the piece's glyph"}
	surroundedKey = Key{Name: "immobile_if_surrounded", Type: TBool, Default: false,
		Doc: "a stack may not move when it has a neighbour in every direction and all are occupied"}
	jumpCaptureKey = Key{Name: "capture", Type: TChoice, Default: "over", Allowed: []string{"over", "none", "replace"},
		Doc: "over: remove the stack jumped over; replace: remove the stack on the target; none"}
	jumpOverKey = Key{Name: "over", Type: TChoice, Default: "any", Allowed: []string{"any", "own", "enemy"},
		Doc: "what the jumped cell must hold"}
)

// lineKeys lists the keys of a line primitive, with its distance key and
// its capture keys.
func lineKeys(distance *Key, capture ...*Key) []*Key {
	keys := []*Key{&moverPiecesKey, &moverKindsKey, &dirsKey, distance, &maxDistanceKey, &throughKey, &landKey, &carryKey,
		&surroundedKey, &excludeKey, &lineNotationKey, &commonRestKey, &whenKey, &fromRegionKey, &attackOnlyKey, &lineFacingKey, &enPassantKey,
		&moverIfKey, &passOverKey, &takeIfKey}
	return append(keys, capture...)
}

// withDefault returns a copy of k with another default.
func withDefault(k Key, def any) *Key {
	k.Default = def
	return &k
}

func compileLine(c *compiler, p string, rb ruleBase) rule {
	r := c.r
	b := c.g.board
	ru := &slideRule{ruleBase: rb}
	if len(b.Dirs) == 0 {
		r.Errorf(p, "%s: a %s needs a board with directions (grid, hex, faces, or graph with [board.lines]), not %s", p, rb.typ, b.Kind)
		return nil
	}
	ru.movers = c.compileMovers(p)
	if c.has(p, &dirsKey) {
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
	} else {
		for j := range b.Dirs {
			ru.dirs = append(ru.dirs, j)
		}
	}
	switch rb.typ {
	case "step":
		ru.dist = 1
	case "jump":
		ru.dist, ru.jump = 2, true
		switch c.readChoice(p, &jumpCaptureKey) {
		case "over":
			ru.captureOver = true
		case "replace":
			ru.replace = true
			ru.cap = &captureSpec{typ: &replaceCapture, kind: capReplace}
		}
		ru.over = c.readChoice(p, &jumpOverKey)
	}
	if v, ok := r.Doc.Get(keyPath(p, &slideDistanceKey)); ok {
		if s, isStr := v.(string); isStr && (s == "height" || s == "any" || s == "dice" || s == "line") {
			ru.byHeight = s == "height"
			ru.byDice = s == "dice"
			ru.byLine = s == "line"
			if ru.byDice {
				c.diceRules = append(c.diceRules, keyPath(p, &slideDistanceKey))
			}
			ru.dist = 0
		} else {
			ru.dist = c.num(keyPath(p, &slideDistanceKey), 0, 1, board.MaxCells)
		}
	}
	ru.maxDist = c.readInt(p, &maxDistanceKey)
	ru.throughAny = c.readChoice(p, &throughKey) == "any"
	land := c.readChoice(p, &landKey)
	for i, n := range landNames {
		if n == land {
			ru.land = i
		}
	}
	ru.carryStack = c.readChoice(p, &carryKey) == "stack"
	if !ru.jump {
		ru.cap = c.compileCapture(p)
		if ru.cap == nil {
			return nil
		}
		ru.replace = ru.cap.kind == capReplace
	}
	ru.excl = c.compileExclusion(p)
	switch c.readChoice(p, &lineNotationKey) {
	case "piece":
		ru.byPiece = true
	case "cells_x":
		ru.xOnCapture = true
	}
	if name := c.readString(p, &fromRegionKey); name != "" {
		ru.fromCells = c.regionCells(keyPath(p, &fromRegionKey), name)
	}
	ru.attackOnly = c.readBool(p, &attackOnlyKey)
	if ru.attackOnly && (ru.land == landEmpty || !ru.replace) {
		r.Errorf(p, "%s: attack_only needs a rule that takes the piece on its target (land allowing an enemy, capture = \"replace\" or \"screen\")", p)
	}
	if ru.cap != nil && ru.cap.screens > 0 && (ru.jump || ru.dist > 0 || ru.byHeight || ru.byDice || ru.byLine) {
		r.Errorf(p, "%s: capture = \"screen\" needs distance = \"any\" (the capture lands beyond the screens)", p)
	}
	ru.surrounded = c.readBool(p, &surroundedKey)
	ru.allDirs = len(ru.dirs) == len(b.Dirs)
	for i, d := range ru.dirs {
		ru.allDirs = ru.allDirs && d == i
		if d < 64 {
			ru.dirBits |= 1 << uint(d)
		}
	}
	ru.when = c.compileWhen(p, true)
	ru.pieceList = c.fewPieces(ru.kinds)
	ru.seatKind = seatKinds(c.g, ru.kinds)
	ru.facingVar = -1
	if f := c.readString(p, &lineFacingKey); f != "" {
		v := c.g.pieceVarIndex(f)
		if v < 0 {
			r.ValueErrorf(keyPath(p, &lineFacingKey), "%s.facing: %q is not a [piece_state] variable", p, f)
			return nil
		}
		for _, d := range ru.dirs {
			o := b.Opposite(d)
			if o < 0 {
				r.ValueErrorf(keyPath(p, &lineFacingKey), "%s.facing: direction %q has no opposite on this board", p, b.Dirs[d])
				return nil
			}
			ru.oppDirs = append(ru.oppDirs, o)
		}
		ru.facingVar = v
	}
	switch c.readChoice(p, &enPassantKey) {
	case "mark":
		ru.epMark = true
	case "take":
		ru.epTake = true
		if !ru.replace || ru.land == landEmpty {
			r.Errorf(p, "%s: en_passant = \"take\" needs a rule that takes the piece on its target (capture = \"replace\", land allowing an enemy)", p)
		}
	}
	ru.forks = b.HasForks()
	if ru.forks && (ru.jump || (ru.cap != nil && ru.cap.kind != capNone && ru.cap.kind != capReplace) || ru.byHeight) {
		r.Errorf(p, "%s: on a board whose lines fork, a %s follows the forks only with capture = \"replace\" or \"none\" and a fixed or any distance", p, rb.typ)
		return nil
	}
	ru.moverIf = c.compilePieceCond(p, &moverIfKey)
	ru.passOver = c.compilePieceCond(p, &passOverKey)
	ru.takeIf = c.compileKindPairCond(p, &takeIfKey, "mover", "victim")
	if ru.passOver != nil && (ru.jump || ru.throughAny || ru.dist > 0 || ru.byHeight || (ru.cap != nil && ru.cap.screens > 0)) {
		r.Errorf(p, "%s: pass_over needs a slide of any distance (or distance = \"line\") through empty cells (through = \"empty\", no screens)", p)
	}
	if ru.byLine {
		switch {
		case ru.jump || ru.forks || ru.facingVar >= 0:
			r.Errorf(keyPath(p, &slideDistanceKey), "%s: distance = \"line\" needs a slide or step on a board whose rays do not fork, without facing", keyPath(p, &slideDistanceKey))
		default:
			for _, d := range ru.dirs {
				if b.Opposite(d) < 0 {
					r.Errorf(keyPath(p, &slideDistanceKey), "%s: distance = \"line\" counts the line both ways, and direction %q has no opposite on this board", keyPath(p, &slideDistanceKey), b.Dirs[d])
					break
				}
			}
		}
	}
	if ru.takeIf != nil && !ru.replace {
		r.Errorf(p, "%s: take_if needs a rule that takes the piece on its target (capture = \"replace\")", p)
	}
	ru.emptyFast = ru.when == nil && ru.excl == nil && (ru.land == landEmpty || ru.land == landEmptyOrEnemy) &&
		(ru.cap == nil || ru.cap.kind == capNone || ru.cap.kind == capReplace)
	ru.takeWalk = ru.replace && !ru.jump && ru.dist == 0 && !ru.byHeight && !ru.byDice && !ru.byLine && !ru.forks && !ru.epTake &&
		ru.facingVar < 0 && (ru.cap == nil || ru.cap.kind == capNone || ru.cap.kind == capReplace && ru.cap.screens == 0)
	ru.whenFrom = ru.staticWhenFrom(c.g)
	ru.plain = !ru.throughAny && !ru.jump && ru.when == nil && ru.excl == nil && ru.takeIf == nil && ru.passOver == nil &&
		(ru.land == landEmpty || ru.land == landEnemy || ru.land == landEmptyOrEnemy) &&
		(ru.cap == nil || ru.cap.kind == capNone || (ru.cap.kind == capReplace && ru.cap.capIf == nil && ru.cap.immune == nil))
	return ru
}

// walksOwnCells: the rule moves the mover's own pieces and keeps no short
// list of them (pieceList).
func (r *slideRule) walksOwnCells() bool { return r.own && !r.common && r.pieceList == nil }

// walkTargets appends to out the pieces the piece on cell c could take by
// one move of the rule (the tops of the occupied targets of genFrom), for
// the seat to move; with first it stops at the first and reports whether
// there is one. Only for a takeWalk rule: it visits the rays without
// emitting the moves to empty cells.
func (r *slideRule) walkTargets(s *State, c int, out []int32, first bool) ([]int32, bool) {
	mover := s.ToMove()
	p := s.Top(c)
	if p < 0 || !r.movable(s, c, mover) {
		return out, false
	}
	g := s.g
	side := int(g.pieceOwner[p])
	height := s.buf[g.lay.height : g.lay.height+g.board.N()]
	counts := s.buf[g.lay.counts : g.lay.counts+g.board.N()]
	nd := len(g.board.Dirs)
	rays, roff := g.board.RayTable()
	found := false
	for _, d := range r.dirsOf(s, p) {
		k := c*nd + d
		for i, x := range rays[roff[k]:roff[k+1]] {
			if i >= r.maxDist {
				break
			}
			t := int(x)
			if height[t] == 0 && counts[t] == 0 {
				continue
			}
			if r.landOK(s, t, mover, side) && (r.when == nil || r.when.allows(s, c, t, int(height[c]), int(g.pieceKind[p]))) && !r.excl.blocked(s, c, t) &&
				(r.takeIf == nil || r.takeIf.holds(int(g.pieceKind[p]), int(g.pieceKind[s.Top(t)]))) {
				if q := s.Top(t); q >= 0 {
					found = true
					if first {
						return out, true
					}
					out = append(out, int32(q))
				}
			}
			if !r.throughAny && !r.passable(s, t, mover, side) {
				break
			}
		}
	}
	return out, found
}

// staticWhenFrom tables, for a static when, the origins from which some
// cell the rule's rays reach passes it (nil: not static, or every origin).
func (r *slideRule) staticWhenFrom(g *Game) []bool {
	if r.when == nil || !r.when.static || r.byHeight || r.byDice {
		return nil
	}
	n := g.board.N()
	if len(r.when.table) != n*n {
		return nil
	}
	out := make([]bool, n)
	r.reach(g, r.kinds, func(from, to int) {
		if r.when.table[from*n+to] {
			out[from] = true
		}
	})
	for _, ok := range out {
		if !ok {
			return out
		}
	}
	return nil
}

// dirsOf returns the directions piece p moves along: the rule's, or their
// opposites for a piece whose facing variable is negative.
func (r *slideRule) dirsOf(s *State, p int) []int {
	if r.facingVar >= 0 && s.PieceVar(p, r.facingVar) < 0 {
		return r.oppDirs
	}
	return r.dirs
}

// reach adds, for each cell and allowed direction, the cells of the ray up
// to the rule's distance (every cell of it for "any" or "height").
func (r *slideRule) reach(g *Game, kinds []bool, add func(from, to int)) {
	if !movesAny(r.kinds, kinds) {
		return
	}
	b := g.board
	add1 := func(c int, ray []int32) {
		lim := len(ray)
		if r.dist > 0 && r.dist < lim {
			lim = r.dist
		}
		for _, t := range ray[:lim] {
			add(c, int(t))
		}
	}
	for c := 0; c < b.N(); c++ {
		for _, ds := range [][]int{r.dirs, r.oppDirs} {
			for _, d := range ds {
				add1(c, b.Ray(c, d))
				for _, br := range b.Branches(c, d) {
					add1(c, br.Cells)
				}
			}
		}
	}
}

// takes reports whether m takes p as a victim (not counting a piece
// replaced on the target).
func (r *slideRule) takes(s *State, m Move, p int) bool {
	if r.cap == nil {
		return false
	}
	if r.cap.cust != nil {
		c := s.PieceCell(p)
		for _, x := range custodialTaken(s, r, m) {
			if x == c {
				return true
			}
		}
		return false
	}
	if r.cap.kind == capLine {
		return r.cap.takesLine(s, m, p)
	}
	one, list, mask := r.cap.victimsOf(s, m)
	if p == one {
		return true
	}
	for ; mask != 0; mask &= mask - 1 {
		if i := bits.TrailingZeros64(mask); i < len(list) && int(list[i]) == p {
			return true
		}
	}
	return false
}

// captured returns the number of pieces m takes: the stack on the target
// (replace), the stack jumped over, and the capture's victims.
func (r *slideRule) captured(s *State, m Move) int {
	n := 0
	if r.jump {
		if r.captureOver {
			n += s.Height(int(s.g.board.Ray(m.From(), m.Aux())[0]))
		}
	}
	if r.replace {
		n += s.Height(m.To())
		if m.Aux()&epBit != 0 {
			n++
		}
	}
	if r.jump || r.cap == nil {
		return n
	}
	if r.cap.kind == capLine {
		return n + r.cap.countLine(s, m)
	}
	one, _, mask := r.cap.victimsOf(s, m)
	if one >= 0 {
		n++
	}
	return n + bits.OnesCount64(mask)
}

func (r *slideRule) exclusionRelation() *board.Relation { return r.excl.relation() }

func (r *slideRule) movable(s *State, c, mover int) bool {
	p := s.Top(c)
	if p < 0 {
		return false
	}
	g := s.g
	if !r.may(s, p, mover) || (r.moverIf != nil && !r.moverIf.holds(s, p, mover)) {
		return false
	}
	if r.surrounded {
		adj := g.board.Adjacent(c)
		if len(adj) == len(g.board.Dirs) {
			height := s.buf[g.lay.height:]
			counts := s.buf[g.lay.counts:]
			for _, x := range adj {
				if height[x] == 0 && counts[x] == 0 {
					return true
				}
			}
			return false
		}
	}
	return true
}

// landOK reports whether a piece of side `side` moved by mover may land
// on t.
func (r *slideRule) landOK(s *State, t, mover, side int) bool {
	switch r.land {
	case landEmpty:
		return s.buf[s.g.lay.height+t] == 0 && s.buf[s.g.lay.counts+t] == 0
	case landOccupied:
		return s.buf[s.g.lay.height+t] != 0 || s.buf[s.g.lay.counts+t] != 0
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

// passable reports whether the slide passes the occupied cell t: its top
// piece meets pass_over. For a neutral moving piece (side < 0) moved in
// common, `own` in pass_over means its own side: the neutral pieces.
func (r *slideRule) passable(s *State, t, mover, side int) bool {
	if r.passOver == nil {
		return false
	}
	p := s.Top(t)
	if side < 0 && r.common {
		mover = side
	}
	return p >= 0 && s.buf[s.g.lay.counts+t] == 0 && r.passOver.holds(s, p, mover)
}

func (r *slideRule) gen(s *State, out []Move) []Move {
	if r.attackOnly {
		return out
	}
	return r.genMoves(s, out)
}

// genMoves is gen, for an attack-only rule too (its attack test's fallback).
func (r *slideRule) genMoves(s *State, out []Move) []Move {
	g := s.g
	mover := s.ToMove()
	n := g.board.N()
	top := s.buf[g.lay.top : g.lay.top+n]
	height := s.buf[g.lay.height : g.lay.height+n]
	owner := g.pieceOwner
	var occ uint64
	masks := g.board.NeighbourMasks()
	// On small boards walk only the cells whose top the mover owns.
	var cand uint64
	useMask := g.small && r.own && !r.common
	general := r.forks || r.facingVar >= 0
	if g.small {
		occ = s.occMask()
		cand = s.ownMask(mover)
	}
	// With few candidate pieces (a kinds list), walk the pieces, not the cells.
	usePieces := !useMask && r.pieceList != nil
	pos := s.buf[g.lay.pos:]
	// The common case (DVONN): an exact distance over anything, so only the
	// target matters; occupancy comes from the bit mask. Decided once per
	// call, not per cell.
	plainPieces := r.moverIf == nil && r.passOver == nil && r.takeIf == nil && !general
	reachFast := plainPieces && r.throughAny && !r.jump && g.small && r.when == nil && r.allDirs && r.land <= landOccupied && r.excl == nil && (r.cap == nil || r.cap.kind == capNone)
	stepFast := plainPieces && g.small && g.reachLen > 1 && !r.jump && r.land == landEmpty && (r.allDirs || len(g.board.Dirs) <= 64) && r.when == nil && r.excl == nil && (r.cap == nil || r.cap.kind == capNone)
	if reachFast && useMask && (r.byHeight || r.byDice || r.dist > 0) {
		return r.genReach(s, out, cand, occ, top, height)
	}
	if stepFast && useMask && r.dist == 1 && !r.byHeight && !r.surrounded {
		return r.genSteps(s, out, cand, occ, top)
	}
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
		p := top[c] - 1
		if p < 0 || (r.own && int(owner[p]) != mover && !(r.common && owner[p] < 0 && !s.locked(p))) || (r.kinds != nil && !r.kinds[g.pieceKind[p]]) {
			continue
		}
		if r.fromCells != nil && !r.fromCells[mover][c] {
			continue
		}
		if r.whenFrom != nil && !r.whenFrom[c] {
			continue
		}
		if r.moverIf != nil && !r.moverIf.holds(s, int(p), mover) {
			continue
		}
		if r.surrounded {
			if g.small {
				if g.full[c] && masks[c]&^occ == 0 {
					continue
				}
			} else if !r.movable(s, c, mover) {
				continue
			}
		}
		side := int(owner[p])
		if r.byLine {
			out = r.lineRays(s, out, c, int(p), side, mover)
			continue
		}
		dist := r.dist
		if r.byHeight {
			dist = int(height[c])
		} else if r.byDice {
			if dist = g.diceTotal(s); dist <= 0 {
				continue
			}
		}
		if dist == 1 && stepFast {
			// a step to an empty neighbour: the step table and the
			// occupancy mask decide it
			if g.reach[c*g.reachLen+1]&^occ == 0 {
				continue // every neighbour is occupied
			}
			base := mkMove(r.index, c, 0, 0)
			for j, end := g.stepOff[c], g.stepOff[c+1]; j < end; j++ {
				if occ&(1<<g.stepTo[j]) == 0 {
					out = append(out, base|g.stepWord[j])
				}
			}
			continue
		}
		if dist > 0 && reachFast {
			// The common case (DVONN): an exact distance over anything, so
			// only the target matters; occupancy comes from the bit mask.
			// reach[c][dist]: every cell exactly dist along a ray from c
			// (distinct directions never share such a cell)
			if dist >= g.reachLen {
				continue
			}
			targets := g.reach[c*g.reachLen+dist]
			if r.land == landOccupied {
				targets &= occ
			} else {
				targets &^= occ
			}
			for ; targets != 0; targets &= targets - 1 {
				out = append(out, mkMove(r.index, c, bits.TrailingZeros64(targets), 0))
			}
			continue
		}
		out = r.rays(s, out, c, int(p), side, dist, mover)
	}
}

// lineRays appends the moves of piece p on cell c for distance = "line":
// along each direction, exactly as many cells as the whole line through c
// (that direction and its opposite) has occupied cells, c included.
func (r *slideRule) lineRays(s *State, out []Move, c, p, side, mover int) []Move {
	for _, d := range r.dirsOf(s, p) {
		out = r.ray(s, out, s.g.board.Ray(c, d), 0, c, p, side, r.lineDist(s, c, d), mover, d)
	}
	return out
}

// lineDist is the distance of a distance = "line" move from c along d: 1
// (c) plus the occupied cells of the rays from c along d and its opposite.
func (r *slideRule) lineDist(s *State, c, d int) int {
	b := s.g.board
	return 1 + s.occupiedOn(b.Ray(c, d)) + s.occupiedOn(b.Ray(c, b.Opposite(d)))
}

// occupiedOn counts the cells of cells holding a piece or stones.
func (s *State) occupiedOn(cells []int32) int {
	n := 0
	for _, x := range cells {
		if s.occupied(int(x)) {
			n++
		}
	}
	return n
}

// rays appends the moves of piece p on cell c along the rule's rays (the
// general case of gen), dist being its exact distance (0: any).
func (r *slideRule) rays(s *State, out []Move, c, p, side, dist, mover int) []Move {
	g := s.g
	nd := len(g.board.Dirs)
	rays, roff := g.board.RayTable()
	for _, d := range r.dirsOf(s, p) {
		k := c*nd + d
		ro, re := int(roff[k]), int(roff[k+1])
		out = r.ray(s, out, rays[ro:re], 0, c, p, side, dist, mover, d)
		if r.forks {
			// each branch shares its first Skip cells with the path before
			// it: it adds the targets beyond them
			for _, br := range g.board.Branches(c, d) {
				out = r.ray(s, out, br.Cells, br.Skip, c, p, side, dist, mover, d)
			}
		}
	}
	return out
}

// ray appends the moves of piece p on cell c along one ray (or one branch
// of a forking ray), emitting only targets at index min or beyond.
func (r *slideRule) ray(s *State, out []Move, ray []int32, min, c, p, side, dist, mover, d int) []Move {
	g := s.g
	height := s.buf[g.lay.height : g.lay.height+g.board.N()]
	counts := s.buf[g.lay.counts : g.lay.counts+g.board.N()]
	if dist > 0 {
		if len(ray) < dist {
			return out
		}
		ok := true
		if r.jump {
			ok = r.jumpsOver(s, int(ray[0]), mover, side)
		} else if !r.throughAny {
			for _, x := range ray[:dist-1] {
				if (height[x] != 0 || counts[x] != 0) && !r.passable(s, int(x), mover, side) {
					ok = false
					break
				}
			}
		}
		if t := int(ray[dist-1]); ok && dist > min && r.landOK(s, t, mover, side) && (r.when == nil || r.when.allows(s, c, t, int(height[c]), int(g.pieceKind[p]))) && !r.excl.blocked(s, c, t) {
			out = r.cap.emit(s, out, r.index, c, t, d, mover, side)
		} else if r.epTake && ok && dist > min && height[t] == 0 && counts[t] == 0 && r.epVictim(s, t, mover, side) >= 0 &&
			(r.when == nil || r.when.allows(s, c, t, int(height[c]), int(g.pieceKind[p]))) {
			out = append(out, mkMove(r.index, c, t, d|epBit))
		}
		return out
	}
	if r.cap != nil && r.cap.screens > 0 {
		return r.screenRay(s, out, ray, c, d, mover, side, p)
	}
	if r.plain {
		// through empty cells, landing on an empty cell or an enemy's
		// piece with no condition: the loop below without its calls
		top := s.buf[g.lay.top : g.lay.top+g.board.N()]
		for i, x := range ray {
			if i >= r.maxDist {
				break
			}
			if height[x] == 0 && counts[x] == 0 {
				if i >= min && r.land != landEnemy {
					out = append(out, mkMove(r.index, c, int(x), d))
				}
				continue
			}
			if q := top[x] - 1; i >= min && r.land != landEmpty && q >= 0 && foe(int(g.pieceOwner[q]), mover, side) {
				out = append(out, mkMove(r.index, c, int(x), d))
			}
			break
		}
		return out
	}
	emptyFast := r.emptyFast
	base := mkMove(r.index, c, 0, d)
	for i, x := range ray {
		if i >= r.maxDist {
			break
		}
		t := int(x)
		if emptyFast && height[x] == 0 && counts[x] == 0 {
			if i >= min {
				out = append(out, base|Move(uint64(t)<<21))
			}
			continue
		}
		if i >= min && r.landOK(s, t, mover, side) && (r.when == nil || r.when.allows(s, c, t, int(height[c]), int(g.pieceKind[p]))) && !r.excl.blocked(s, c, t) &&
			(r.takeIf == nil || height[x] == 0 || r.takeIf.holds(int(g.pieceKind[p]), int(g.pieceKind[s.Top(t)]))) {
			out = r.cap.emit(s, out, r.index, c, t, d, mover, side)
		}
		if !r.throughAny && (height[x] != 0 || counts[x] != 0) && !r.passable(s, t, mover, side) {
			break
		}
	}
	return out
}

// genSteps is gen for a step to an empty neighbour on a small board, the
// candidates being the cells whose top piece the mover owns (cand): the
// step table and the occupancy mask decide each move, emitted in the
// general loop's order (cells ascending, then directions).
func (r *slideRule) genSteps(s *State, out []Move, cand, occ uint64, top []int32) []Move {
	g := s.g
	kinds := r.kinds
	for ; cand != 0; cand &= cand - 1 {
		c := bits.TrailingZeros64(cand)
		if kinds != nil && !kinds[g.pieceKind[top[c]-1]] {
			continue
		}
		if g.reach[c*g.reachLen+1]&^occ == 0 {
			continue // every neighbour is occupied
		}
		j, end := g.stepOff[c], g.stepOff[c+1]
		n := len(out)
		if cap(out)-n < int(end-j) {
			out = append(out, make([]Move, end-j)...)
		}
		out = out[:n+int(end-j)]
		base := mkMove(r.index, c, 0, 0)
		// write every neighbour, keep the empty ones (in the rule's
		// directions)
		if r.allDirs {
			for ; j < end; j++ {
				out[n] = base | g.stepWord[j]
				n += int(^occ >> g.stepTo[j] & 1)
			}
		} else {
			for ; j < end; j++ {
				w := g.stepWord[j]
				out[n] = base | w
				n += int(^occ>>g.stepTo[j]&1) & int(r.dirBits>>uint(w.Aux())&1)
			}
		}
		out = out[:n]
	}
	return out
}

// genReach is gen for the common case on a small board, the candidates
// being the cells whose top piece the mover owns (cand): each piece's
// targets are one table lookup masked by occupancy, and each move is its
// origin's base word with the target added.
func (r *slideRule) genReach(s *State, out []Move, cand, occ uint64, top, height []int32) []Move {
	g := s.g
	masks := g.board.NeighbourMasks()
	kinds := r.kinds
	surrounded := r.surrounded
	if surrounded && g.adjSymmetric {
		// movable: a cell without a neighbour in every direction, or one
		// next to an empty cell (adjacency being symmetric, the cells next
		// to an empty cell are the expansion of the empty cells)
		cand &= g.notFull | g.board.Expand(g.allCells&^occ)
		surrounded = false
	}
	land := occ // the cells a move may end on
	if r.land != landOccupied {
		land = ^occ
	}
	if kinds == nil && !surrounded && r.byHeight {
		// the distance is the height: one lookup per candidate
		for ; cand != 0; cand &= cand - 1 {
			c := bits.TrailingZeros64(cand)
			dist := int(height[c])
			if dist <= 0 || dist >= g.reachLen {
				continue
			}
			if targets := g.reach[c*g.reachLen+dist] & land; targets != 0 {
				out = appendTargets(out, mkMove(r.index, c, 0, 0), targets)
			}
		}
		return out
	}
	for ; cand != 0; cand &= cand - 1 {
		c := bits.TrailingZeros64(cand)
		// cand holds cells whose top piece the mover owns
		if kinds != nil && !kinds[g.pieceKind[top[c]-1]] {
			continue
		}
		if surrounded && g.full[c] && masks[c]&^occ == 0 {
			continue
		}
		dist := r.dist
		if r.byHeight {
			dist = int(height[c])
		} else if r.byDice {
			if dist = g.diceTotal(s); dist <= 0 {
				continue
			}
		}
		if dist <= 0 || dist >= g.reachLen {
			continue
		}
		if targets := g.reach[c*g.reachLen+dist] & land; targets != 0 {
			out = appendTargets(out, mkMove(r.index, c, 0, 0), targets)
		}
	}
	return out
}

func (r *slideRule) mayAwardAny() bool              { return r.cap != nil && r.cap.points }
func (r *slideRule) mayAward(s *State, m Move) bool { return r.cap.mayAward(s, m) }

func (r *slideRule) play(s *State, m Move) error {
	from, to := m.From(), m.To()
	mover := s.ToMove()
	moved := s.Top(from)
	if r.epTake && m.Aux()&epBit != 0 && s.Height(to) == 0 {
		v := r.epVictim(s, to, mover, int(s.g.pieceOwner[moved]))
		if v < 0 {
			return fmt.Errorf("%s: no piece to take en passant on %s", r.name, s.g.board.Cells[to].Name)
		}
		if err := r.cap.takeTarget(s, v, mover, r.name); err != nil {
			return err
		}
	}
	if r.replace && s.Height(to) > 0 {
		if err := r.cap.takeTarget(s, to, mover, r.name); err != nil {
			return err
		}
	}
	post := r.cap != nil && r.cap.post
	if !r.jump && !post {
		if err := r.cap.apply(s, m, mover, r.name); err != nil {
			return err
		}
	}
	if r.rest > 0 {
		restIfCommon(s, moved, r.rest)
	}
	if r.jump && r.captureOver {
		s.clear(int(s.g.board.Ray(from, m.Aux())[0]))
	}
	n := 1
	if r.carryStack {
		n = s.Height(from)
	}
	s.moveStack(from, to, n)
	if r.epMark {
		r.markAfter(s, m, mover)
	}
	if post {
		return r.cap.apply(s, m, mover, r.name)
	}
	return nil
}

func (r *slideRule) format(s *State, m Move) string {
	if r.cap != nil && r.cap.cust != nil {
		var sb strings.Builder
		sb.WriteString(formatMove(s, r.byPiece, nil, m))
		formatCustodial(s, &sb, r, m)
		return sb.String()
	}
	if r.xOnCapture && (s.Height(m.To()) > 0 || m.Aux()&epBit != 0) && r.replace {
		return s.g.board.Cells[m.From()].Name + "x" + s.g.board.Cells[m.To()].Name
	}
	return formatMove(s, r.byPiece, r.cap, m)
}

// screenRay appends the moves of a screen capture along one ray from c:
// the empty cells before the first piece (when land allows an empty cell)
// and the first piece beyond exactly cap.screens pieces (when land allows
// it and it can be taken).
func (r *slideRule) screenRay(s *State, out []Move, ray []int32, c, d, mover, side, p int) []Move {
	g := s.g
	height := s.buf[g.lay.height:]
	counts := s.buf[g.lay.counts:]
	passed := 0
	for i, x := range ray {
		if i >= r.maxDist {
			break
		}
		t := int(x)
		if height[x] == 0 && counts[x] == 0 {
			if passed == 0 && r.land != landEnemy && r.land != landOccupied && r.allowsTo(s, c, t, p) {
				out = append(out, mkMove(r.index, c, t, d))
			}
			continue
		}
		if passed < r.cap.screens {
			passed++
			continue
		}
		if r.landOK(s, t, mover, side) && r.allowsTo(s, c, t, p) {
			out = r.cap.emit(s, out, r.index, c, t, d, mover, side)
		}
		break
	}
	return out
}

// allowsTo reports whether when and the exclusion allow a move of piece p
// from c to t.
func (r *slideRule) allowsTo(s *State, c, t, p int) bool {
	return (r.when == nil || r.when.allows(s, c, t, s.Height(c), int(s.g.pieceKind[p]))) && !r.excl.blocked(s, c, t)
}

// formatMove prints FROM-TO, or PIECE-TO when byPiece, then "x" and each
// victim; a piece replaced on the target is printed as a victim too.
func formatMove(s *State, byPiece bool, cs *captureSpec, m Move) string {
	g := s.g
	b := g.board
	var sb strings.Builder
	if byPiece {
		sb.WriteString(g.kinds[g.pieceKind[s.Top(m.From())]].Glyph)
	} else {
		sb.WriteString(b.Cells[m.From()].Name)
	}
	sb.WriteString("-")
	sb.WriteString(b.Cells[m.To()].Name)
	one, list, mask := cs.victimsOf(s, m)
	if cs != nil && cs.kind == capReplace && byPiece {
		if p := s.Top(m.To()); p >= 0 {
			one = p
		}
	}
	formatVictims(g, &sb, one, list, mask)
	if cs != nil && cs.kind == capLine {
		sb.WriteString(lineMark(m))
	}
	return sb.String()
}

func (r *slideRule) explain(s *State, text string) (string, bool) {
	g := s.g
	b := g.board
	which := 0 // a line capture's choice written after the landing cell
	if r.cap != nil && r.cap.kind == capLine {
		if rest, w := splitLineMark(text); w != 0 {
			if _, _, _, ok := parseFromTo(s, rest, r.byPiece); ok {
				text, which = rest, w
			}
		}
	}
	from, to, victims, ok := parseFromTo(s, text, r.byPiece)
	if !ok {
		return "", false
	}
	if r.kinds != nil && s.Top(from) >= 0 && !r.kinds[g.pieceKind[s.Top(from)]] {
		return "", false // another rule moves this piece
	}
	fn, tn := b.Cells[from].Name, b.Cells[to].Name
	mover := s.ToMove()
	p := s.Top(from)
	if reason, bad := r.excl.explain(s, from, to); bad {
		return reason, true
	}
	if victims != "" && (r.cap == nil || r.cap.kind == capNone || r.cap.kind == capReplace) && !(r.cap != nil && r.cap.kind == capReplace) {
		return fmt.Sprintf("this move cannot capture (%s)", victims), true
	}
	if p < 0 {
		return fmt.Sprintf("there is no piece on %s", fn), true
	}
	if r.own && int(g.pieceOwner[p]) != mover && !(r.common && g.pieceOwner[p] < 0) {
		owner := "no one (a neutral piece)"
		if o := int(g.pieceOwner[p]); o >= 0 {
			owner = g.seats[o]
		}
		return fmt.Sprintf("the piece on top of %s belongs to %s, not %s", fn, owner, g.seats[mover]), true
	}
	if r.kinds != nil && !r.kinds[g.pieceKind[p]] {
		return fmt.Sprintf("a %s does not move by this rule", g.kinds[g.pieceKind[p]].Name), true
	}
	side := int(g.pieceOwner[p])
	if r.moverIf != nil && r.may(s, p, mover) && !r.moverIf.holds(s, p, mover) {
		return fmt.Sprintf("the %s on %s may not move now (%s)", g.kinds[g.pieceKind[p]].Name, fn, moverIfKey.Name), true
	}
	if !r.movable(s, from, mover) {
		return fmt.Sprintf("%s is surrounded on all sides and may not move", fn), true
	}
	for _, d := range r.dirs {
		ray := b.Ray(from, d)
		for i, x := range ray {
			if int(x) != to {
				continue
			}
			dist := r.dist
			if r.byHeight {
				dist = s.Height(from)
			}
			if r.byLine {
				dist = r.lineDist(s, from, d)
			}
			if dist > 0 && i+1 != dist {
				if r.byLine {
					return weak + fmt.Sprintf("a piece moves exactly as many spaces as its line has pieces, here %d; %s is %d away", dist, tn, i+1), true
				}
				if r.byHeight {
					return weak + fmt.Sprintf("a stack of height %d moves exactly %s; %s is %d away", dist, plural(dist, "space"), tn, i+1), true
				}
				return weak + fmt.Sprintf("this piece moves exactly %s; %s is %d away", plural(dist, "space"), tn, i+1), true
			}
			if dist == 0 && i >= r.maxDist {
				return weak + fmt.Sprintf("%s is %d spaces away; the most is %d", tn, i+1, r.maxDist), true
			}
			if r.jump && !r.jumpsOver(s, int(ray[0]), mover, side) {
				if !s.occupied(int(ray[0])) {
					return fmt.Sprintf("there is nothing on %s to jump over", b.Cells[ray[0]].Name), true
				}
				return fmt.Sprintf("a jump must go over a piece that is %s's %s; %s is %s", g.seats[mover], map[string]string{"own": "own", "enemy": "opponent's"}[r.over], b.Cells[ray[0]].Name, describe(s, int(ray[0]))), true
			}
			if r.cap != nil && r.cap.screens > 0 {
				between := 0
				for _, y := range ray[:i] {
					if s.occupied(int(y)) {
						between++
					}
				}
				switch {
				case s.occupied(to) && between != r.cap.screens:
					return fmt.Sprintf("a capture passes over exactly %s; there %s between %s and %s", plural(r.cap.screens, "piece"), isAre(between), fn, tn), true
				case !s.occupied(to) && between > 0:
					return fmt.Sprintf("a move that does not capture may not pass over a piece; the way from %s to %s is blocked", fn, tn), true
				}
			} else if !r.throughAny && !r.jump {
				for _, y := range ray[:i] {
					if s.occupied(int(y)) && !r.passable(s, int(y), mover, side) {
						return fmt.Sprintf("the way from %s to %s is blocked at %s", fn, tn, b.Cells[y].Name), true
					}
				}
			}
			if !r.landOK(s, to, mover, side) {
				return fmt.Sprintf("%s is %s: a move must end on a space that is %s", tn, describe(s, to), strings.ReplaceAll(landNames[r.land], "_", " ")), true
			}
			if r.takeIf != nil && s.Top(to) >= 0 && r.landOK(s, to, mover, side) && !r.takeIf.holds(int(g.pieceKind[p]), int(g.pieceKind[s.Top(to)])) {
				return fmt.Sprintf("a %s cannot take the %s on %s (%s)", g.kinds[g.pieceKind[p]].Name, g.kinds[g.pieceKind[s.Top(to)]].Name, tn, takeIfKey.Name), true
			}
			if !r.when.allows(s, from, to, s.Height(from), int(g.pieceKind[p])) {
				return fmt.Sprintf("the rule's condition (when) does not allow %s-%s", fn, tn), true
			}
			if victims != "" {
				return fmt.Sprintf("the landing on %s is legal, but not the capture %s: the pieces it names cannot be taken by this move", tn, victims), true
			}
			if r.cap != nil && r.cap.kind == capLine {
				return r.cap.explainLine(s, from, to, which)
			}
			return "", false
		}
	}
	return weak + fmt.Sprintf("%s is not on a straight line from %s in a direction this piece may move", tn, fn), true
}

func describe(s *State, c int) string {
	if !s.occupied(c) {
		return "empty"
	}
	if o := s.Owner(c); o >= 0 {
		return "occupied by " + s.g.seats[o]
	}
	return "occupied"
}

// jumpsOver reports whether a jump of a piece of side `side` moved by
// mover may pass over cell x.
func (r *slideRule) jumpsOver(s *State, x, mover, side int) bool {
	if s.buf[s.g.lay.height+x] == 0 && s.buf[s.g.lay.counts+x] == 0 {
		return false
	}
	switch r.over {
	case "own":
		return s.Owner(x) == mover
	case "enemy":
		return s.Top(x) >= 0 && foe(s.Owner(x), mover, side)
	}
	return true
}

// isAre writes "is 1 piece", "are 2 pieces", "are no pieces".
func isAre(n int) string {
	switch n {
	case 0:
		return "are no pieces"
	case 1:
		return "is 1 piece"
	}
	return fmt.Sprintf("are %d pieces", n)
}

// ---- chain segments (move_chain.go) -----------------------------------------

// genFrom appends the moves of the piece on cell c only.
func (r *slideRule) genFrom(s *State, c int, out []Move) []Move {
	mover := s.ToMove()
	p := s.Top(c)
	if p < 0 || !r.movable(s, c, mover) {
		return out
	}
	if r.byLine {
		return r.lineRays(s, out, c, p, int(s.g.pieceOwner[p]), mover)
	}
	dist := r.dist
	if r.byHeight {
		dist = s.Height(c)
	}
	return r.rays(s, out, c, p, int(s.g.pieceOwner[p]), dist, mover)
}

// segDir returns the direction of move m: the low bits of its detail, or
// the direction whose ray reaches its target.
func (r *slideRule) segDir(s *State, m Move) int {
	b := s.g.board
	if len(b.Dirs) <= 16 {
		return m.Aux() & 15
	}
	for _, d := range r.dirs {
		if inCells(b.Ray(m.From(), d), m.To()) {
			return d
		}
	}
	return -1
}

// passes appends the cells between move m's origin and its target.
func (r *slideRule) passes(s *State, m Move, out []int32) []int32 {
	d := r.segDir(s, m)
	if d < 0 {
		return out
	}
	for _, x := range s.g.board.Ray(m.From(), d) {
		if int(x) == m.To() {
			break
		}
		out = append(out, x)
	}
	return out
}

// origins returns the cells whose top piece the seat to move owns when
// the rule moves only its own pieces, else every occupied cell (boards of
// at most 64 cells).
func (r *slideRule) origins(s *State) uint64 {
	if r.own && !r.common {
		return s.ownMask(s.ToMove())
	}
	return s.occMask()
}

// canTake reports whether the rule's moves may take pieces.
func (r *slideRule) canTake() bool {
	return (r.jump && r.captureOver) || r.replace || (r.cap != nil && r.cap.kind != capNone)
}
