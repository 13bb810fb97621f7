// This file holds the move primitives (place, slide/step/jump, sow) and the
// effects. Their gen and play methods are the hot path: they read and write
// the State's flat buffer and allocate nothing.

package core

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"rulesmith/core/board"
)

// ---- effects ----------------------------------------------------------------

type effect interface {
	apply(s *State)
}

// removeUnconnected removes every stack that is not linked, through a chain
// of occupied adjacent cells, to a cell holding an anchor piece (DVONN F 1).
type removeUnconnected struct {
	name, cite string
	anchor     []int16 // anchor kinds
	pieces     []int32 // anchor piece instances
}

func (e *removeUnconnected) apply(s *State) {
	g := s.g
	n := g.Board.N()
	adj, off := g.Board.AdjacencyTable()
	height := s.buf[g.lay.height : g.lay.height+n]
	pos := s.buf[g.lay.pos:]
	if masks := g.Board.NeighbourMasks(); masks != nil {
		e.applySmall(s, masks, height, pos)
		return
	}
	mark := s.scratch[:n]
	queue := s.scratch[n : 2*n]
	clear(mark)
	head, tail := 0, 0
	for _, p := range e.pieces {
		c := pos[p] - 1
		if c >= 0 && mark[c] == 0 {
			mark[c] = 1
			queue[tail] = c
			tail++
		}
	}
	for head < tail {
		c := queue[head]
		head++
		for _, x := range adj[off[c]:off[c+1]] {
			if mark[x] == 0 && height[x] > 0 {
				mark[x] = 1
				queue[tail] = x
				tail++
			}
		}
	}
	if tail == n {
		return
	}
	for c := 0; c < n; c++ {
		if mark[c] == 0 && height[c] > 0 {
			s.clear(c)
		}
	}
}

// applySmall is apply for boards of at most 64 cells: a flood fill on bit
// masks.
func (e *removeUnconnected) applySmall(s *State, masks []uint64, height, pos []int32) {
	occ := s.occMask()
	var reached uint64
	for _, p := range e.pieces {
		if c := pos[p] - 1; c >= 0 {
			reached |= 1 << uint(c)
		}
	}
	frontier := reached
	for frontier != 0 {
		c := bits.TrailingZeros64(frontier)
		frontier &= frontier - 1
		nb := masks[c] & occ &^ reached
		reached |= nb
		frontier |= nb
	}
	for lost := occ &^ reached; lost != 0; lost &= lost - 1 {
		s.clear(bits.TrailingZeros64(lost))
	}
}

// ---- place ------------------------------------------------------------------

type placeRule struct {
	ruleBase
	to     regionRef
	anyTo  bool
	choice bool
	kinds  []bool // kinds this rule may place (nil: any)
	when   *whenCond
}

func (c *compiler) placeRule(p string, rb ruleBase) rule {
	c.keys(p, "to", "order", "kinds", "when")
	ru := &placeRule{ruleBase: rb, anyTo: true}
	ru.when = c.compileWhen(p, false)
	if c.r.Has(p+".to") && c.r.String(p+".to", "") != "empty" {
		ref, ok := c.region(p+".to", "")
		if !ok {
			return nil
		}
		ru.to, ru.anyTo = ref, false
	}
	ru.choice = c.choice(p+".order", "queue", "queue", "choice") == "choice"
	if c.r.Has(p + ".kinds") {
		ru.kinds = make([]bool, len(c.g.Kinds))
		for i, k := range c.r.Strings(p + ".kinds") {
			if ki := c.kind(fmt.Sprintf("%s.kinds.%d", p, i), k); ki >= 0 {
				ru.kinds[ki] = true
			}
		}
	}
	return ru
}

func (r *placeRule) allowed(k int) bool { return r.kinds == nil || r.kinds[k] }

// nextKinds calls f for each kind the mover may place now.
func (r *placeRule) gen(s *State, out []Move) []Move {
	g := s.g
	seat := s.ToMove()
	for _, k := range g.handOrder[seat] {
		if s.HandLeft(seat, k) == 0 {
			continue
		}
		if r.allowed(k) {
			out = r.targets(s, out, k)
		}
		if !r.choice {
			break
		}
	}
	return out
}

func (r *placeRule) targets(s *State, out []Move, k int) []Move {
	if r.anyTo && s.g.small && r.when == nil {
		n := s.g.Board.N()
		free := ^s.occMask()
		if n < 64 {
			free &= 1<<uint(n) - 1
		}
		for ; free != 0; free &= free - 1 {
			out = append(out, mkMove(r.index, -1, bits.TrailingZeros64(free), k))
		}
		return out
	}
	if r.anyTo {
		n := s.g.Board.N()
		height := s.buf[s.g.lay.height : s.g.lay.height+n]
		counts := s.buf[s.g.lay.counts : s.g.lay.counts+n]
		for c := 0; c < n; c++ {
			if height[c] == 0 && counts[c] == 0 && (r.when == nil || r.when.allows(s, -1, c, 0, k)) {
				out = append(out, mkMove(r.index, -1, c, k))
			}
		}
		return out
	}
	for _, c := range s.g.cells(r.to, s.ToMove()) {
		if !s.occupied(int(c)) && r.when.allows(s, -1, int(c), 0, k) {
			out = append(out, mkMove(r.index, -1, int(c), k))
		}
	}
	return out
}

func (r *placeRule) play(s *State, m Move) error {
	g := s.g
	seat, k := s.ToMove(), m.Aux()
	i := seat*len(g.Kinds) + k
	p := g.handStart[i] + int(s.buf[g.lay.placed+i])
	s.buf[g.lay.placed+i]++
	s.buf[hHandLeft]--
	s.push(p, m.To())
	return nil
}

func (r *placeRule) format(s *State, m Move) string {
	name := s.g.Board.Cells[m.To()].Name
	if r.choice {
		return s.g.Kinds[m.Aux()].Name + "@" + name
	}
	return name
}

func (r *placeRule) explain(s *State, text string) (string, bool) {
	g := s.g
	kind, cell, hasKind := strings.Cut(text, "@")
	if !hasKind {
		cell = kind
	}
	c, ok := lookupCell(g, cell)
	if !ok {
		return "", false
	}
	seat := s.ToMove()
	left := 0
	for k := range g.Kinds {
		left += s.HandLeft(seat, k)
	}
	switch {
	case left == 0:
		return fmt.Sprintf("%s has no pieces left in hand", g.Seats[seat]), true
	case s.occupied(c):
		return fmt.Sprintf("%s is occupied: a piece may only be put on a vacant space", g.Board.Cells[c].Name), true
	case !r.anyTo && !inCells(g.cells(r.to, seat), c):
		return fmt.Sprintf("%s is not in the region %q where pieces are placed", g.Board.Cells[c].Name, r.to.name), true
	case r.when != nil:
		return fmt.Sprintf("the rule's condition (when) does not allow a placement on %s", g.Board.Cells[c].Name), true
	}
	return "", false
}

// ---- slide, step, jump ----------------------------------------------------------

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
	dist        int // exact distance; 0 = any
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
	pieceList   []int32 // the pieces of the rule's kinds, when few
	cap         *captureSpec
	excl        *exclusion
	byPiece     bool // notation names the piece (bK-b66), not the origin
}

func (c *compiler) slideRule(p string, rb ruleBase) rule {
	c.keys(p, "pieces", "kinds", "dirs", "distance", "max_distance", "through", "land", "carry", "capture", "immobile_if_surrounded", "over", "when",
		"capture_relation", "capture_count", "capture_optional", "capture_if", "immune", "partner_flag", "sandwich_if",
		"capture_points", "capture_share", "capture_share_paralysed", "exclude", "notation", "common_rest")
	r := c.r
	b := c.g.Board
	ru := &slideRule{ruleBase: rb}
	if len(b.Dirs) == 0 {
		r.Errorf(p, "%s: a %s needs a board with directions (grid, hex, faces, or graph with [board.lines]), not %s", p, rb.typ, b.Kind)
		return nil
	}
	ru.movers = c.compileMovers(p)
	if r.Has(p + ".dirs") {
		for i, d := range r.Strings(p + ".dirs") {
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
		switch c.choice(p+".capture", "over", "over", "none", "replace") {
		case "over":
			ru.captureOver = true
		case "replace":
			ru.replace = true
			ru.cap = &captureSpec{kind: capReplace}
		}
		ru.over = c.choice(p+".over", "any", "any", "own", "enemy")
	}
	if v, ok := r.Doc.Get(p + ".distance"); ok {
		if s, isStr := v.(string); isStr && (s == "height" || s == "any") {
			ru.byHeight = s == "height"
			ru.dist = 0
		} else {
			ru.dist = c.num(p+".distance", 0, 1, board.MaxCells)
		}
	}
	ru.maxDist = c.num(p+".max_distance", board.MaxCells, 1, board.MaxCells)
	ru.throughAny = c.choice(p+".through", "empty", "empty", "any") == "any"
	def := "empty"
	if ru.jump {
		def = "empty"
	}
	land := c.choice(p+".land", def, landNames...)
	for i, n := range landNames {
		if n == land {
			ru.land = i
		}
	}
	ru.carryStack = c.choice(p+".carry", "stack", "stack", "piece") == "stack"
	if !ru.jump {
		ru.cap = c.compileCapture(p, true)
		if ru.cap == nil {
			return nil
		}
		ru.replace = ru.cap.kind == capReplace
	}
	ru.excl = c.compileExclusion(p)
	ru.byPiece = c.choice(p+".notation", "cells", "cells", "piece") == "piece"
	ru.surrounded = c.flag(p+".immobile_if_surrounded", false)
	ru.allDirs = len(ru.dirs) == len(b.Dirs)
	for i, d := range ru.dirs {
		ru.allDirs = ru.allDirs && d == i
	}
	ru.when = c.compileWhen(p, true)
	ru.pieceList = c.fewPieces(ru.kinds)
	return ru
}

func (r *slideRule) movable(s *State, c, mover int) bool {
	p := s.Top(c)
	if p < 0 {
		return false
	}
	g := s.g
	if !r.may(s, p, mover) {
		return false
	}
	if r.surrounded {
		adj := g.Board.Adjacent(c)
		if len(adj) == len(g.Board.Dirs) {
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

func (r *slideRule) landOK(s *State, t, mover int) bool {
	switch r.land {
	case landEmpty:
		return s.buf[s.g.lay.height+t] == 0 && s.buf[s.g.lay.counts+t] == 0
	case landOccupied:
		return s.buf[s.g.lay.height+t] != 0 || s.buf[s.g.lay.counts+t] != 0
	case landEnemy:
		return s.Top(t) >= 0 && s.Owner(t) != mover
	case landEmptyOrEnemy:
		if !s.occupied(t) {
			return true
		}
		return s.Top(t) >= 0 && s.Owner(t) != mover
	}
	return true
}

func (r *slideRule) gen(s *State, out []Move) []Move {
	g := s.g
	mover := s.ToMove()
	n := g.Board.N()
	nd := len(g.Board.Dirs)
	rays, roff := g.Board.RayTable()
	top := s.buf[g.lay.top : g.lay.top+n]
	height := s.buf[g.lay.height : g.lay.height+n]
	counts := s.buf[g.lay.counts : g.lay.counts+n]
	owner := g.pieceOwner
	var occ uint64
	masks := g.Board.NeighbourMasks()
	// On small boards walk only the cells whose top the mover owns.
	var cand uint64
	useMask := g.small && r.own && !r.common
	if g.small {
		occ = s.occMask()
		cand = s.ownMask(mover)
	}
	// With few candidate pieces (a kinds list), walk the pieces, not the cells.
	usePieces := !useMask && r.pieceList != nil
	pos := s.buf[g.lay.pos:]
	next, pi := 0, 0
	for {
		var c int
		switch {
		case useMask:
			if cand == 0 {
				return out
			}
			c = bits.TrailingZeros64(cand)
			cand &= cand - 1
		case usePieces:
			c = -1
			for pi < len(r.pieceList) {
				q := r.pieceList[pi]
				pi++
				if cc := pos[q] - 1; cc >= 0 && top[cc]-1 == q {
					c = int(cc)
					break
				}
			}
			if c < 0 {
				return out
			}
		default:
			if next >= n {
				return out
			}
			c = next
			next++
		}
		p := top[c] - 1
		if p < 0 || (r.own && int(owner[p]) != mover && !(r.common && owner[p] < 0 && !s.locked(p))) || (r.kinds != nil && !r.kinds[g.pieceKind[p]]) {
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
		dist := r.dist
		if r.byHeight {
			dist = int(height[c])
		}
		if dist > 0 && r.throughAny && !r.jump && g.small && r.when == nil && r.allDirs && r.land <= landOccupied && r.excl == nil && (r.cap == nil || r.cap.kind == capNone) {
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
		for _, d := range r.dirs {
			k := c*nd + d
			ro, re := int(roff[k]), int(roff[k+1])
			ray := rays[ro:re]
			if dist > 0 {
				if len(ray) < dist {
					continue
				}
				ok := true
				if r.jump {
					ok = r.jumpsOver(s, int(ray[0]), mover)
				} else if !r.throughAny {
					for _, x := range ray[:dist-1] {
						if height[x] != 0 || counts[x] != 0 {
							ok = false
							break
						}
					}
				}
				if t := int(ray[dist-1]); ok && r.landOK(s, t, mover) && (r.when == nil || r.when.allows(s, c, t, int(height[c]), int(g.pieceKind[p]))) && !r.excl.blocked(s, c, t) {
					out = r.cap.emit(s, out, r.index, c, t, d, mover)
				}
				continue
			}
			for i, x := range ray {
				if i >= r.maxDist {
					break
				}
				t := int(x)
				if r.landOK(s, t, mover) && (r.when == nil || r.when.allows(s, c, t, int(height[c]), int(g.pieceKind[p]))) && !r.excl.blocked(s, c, t) {
					out = r.cap.emit(s, out, r.index, c, t, d, mover)
				}
				if !r.throughAny && (height[x] != 0 || counts[x] != 0) {
					break
				}
			}
		}
	}
}

func (r *slideRule) play(s *State, m Move) error {
	from, to := m.From(), m.To()
	mover := s.ToMove()
	moved := s.Top(from)
	if r.replace && s.Height(to) > 0 {
		if r.cap.points {
			for p := s.Top(to); p >= 0; p = s.Below(p) {
				s.buf[s.g.lay.scores+mover] += int32(s.g.Kinds[s.g.pieceKind[p]].Value)
			}
		}
		s.clear(to)
	}
	if !r.jump {
		r.cap.apply(s, m, mover)
	}
	if r.rest > 0 {
		restIfCommon(s, moved, r.rest)
	}
	if r.jump && r.captureOver {
		s.clear(int(s.g.Board.Ray(from, m.Aux())[0]))
	}
	n := 1
	if r.carryStack {
		n = s.Height(from)
	}
	s.moveStack(from, to, n)
	return nil
}

func (r *slideRule) format(s *State, m Move) string {
	return formatMove(s, r.byPiece, r.cap, m)
}

// formatMove prints FROM-TO, or PIECE-TO when byPiece, then "x" and each
// victim; a piece replaced on the target is printed as a victim too.
func formatMove(s *State, byPiece bool, cs *captureSpec, m Move) string {
	g := s.g
	b := g.Board
	var sb strings.Builder
	if byPiece {
		sb.WriteString(g.Kinds[g.pieceKind[s.Top(m.From())]].Glyph)
	} else {
		sb.WriteString(b.Cells[m.From()].Name)
	}
	sb.WriteString("-")
	sb.WriteString(b.Cells[m.To()].Name)
	one, mask := cs.victimsOf(m)
	if cs != nil && cs.kind == capReplace && byPiece {
		if p := s.Top(m.To()); p >= 0 {
			one = p
		}
	}
	formatVictims(g, &sb, one, mask)
	return sb.String()
}

func (r *slideRule) explain(s *State, text string) (string, bool) {
	g := s.g
	b := g.Board
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
	if r.own && int(g.pieceOwner[p]) != mover {
		owner := "no one (a neutral piece)"
		if o := int(g.pieceOwner[p]); o >= 0 {
			owner = g.Seats[o]
		}
		return fmt.Sprintf("the piece on top of %s belongs to %s, not %s", fn, owner, g.Seats[mover]), true
	}
	if r.kinds != nil && !r.kinds[g.pieceKind[p]] {
		return fmt.Sprintf("a %s does not move by this rule", g.Kinds[g.pieceKind[p]].Name), true
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
			if dist > 0 && i+1 != dist {
				if r.byHeight {
					return weak + fmt.Sprintf("a stack of height %d moves exactly %s; %s is %d away", dist, plural(dist, "space"), tn, i+1), true
				}
				return weak + fmt.Sprintf("this piece moves exactly %s; %s is %d away", plural(dist, "space"), tn, i+1), true
			}
			if dist == 0 && i >= r.maxDist {
				return weak + fmt.Sprintf("%s is %d spaces away; the most is %d", tn, i+1, r.maxDist), true
			}
			if r.jump && !r.jumpsOver(s, int(ray[0]), mover) {
				if !s.occupied(int(ray[0])) {
					return fmt.Sprintf("there is nothing on %s to jump over", b.Cells[ray[0]].Name), true
				}
				return fmt.Sprintf("a jump must go over a piece that is %s's %s; %s is %s", g.Seats[mover], map[string]string{"own": "own", "enemy": "opponent's"}[r.over], b.Cells[ray[0]].Name, describe(s, int(ray[0]))), true
			}
			if !r.throughAny && !r.jump {
				for _, y := range ray[:i] {
					if s.occupied(int(y)) {
						return fmt.Sprintf("the way from %s to %s is blocked at %s", fn, tn, b.Cells[y].Name), true
					}
				}
			}
			if !r.landOK(s, to, mover) {
				return fmt.Sprintf("%s is %s: a move must end on a space that is %s", tn, describe(s, to), strings.ReplaceAll(landNames[r.land], "_", " or ")), true
			}
			if !r.when.allows(s, from, to, s.Height(from), int(g.pieceKind[p])) {
				return fmt.Sprintf("the rule's condition (when) does not allow %s-%s", fn, tn), true
			}
			if victims != "" {
				return fmt.Sprintf("the landing on %s is legal, but not the capture %s: the pieces it names cannot be taken by this move", tn, victims), true
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
		return "occupied by " + s.g.Seats[o]
	}
	return "occupied"
}

// ---- sow ------------------------------------------------------------------

type sowRule struct {
	ruleBase
	from        regionRef
	min         int
	dirs        []int8 // +1 = ccw (track order), -1 = cw
	dirNames    []string
	skipOthers  bool
	skipOrigin  bool
	extraTurn   bool
	capture     *board.Relation
	captureMin  int
	relay       bool
	takeAt      int
	takeByMover bool
	maxLaps     int
	// tables
	storeOf    []int32 // seat → its store cell (-1 if none)
	storeOwner []int8  // cell → seat owning it as a store, or -1
	cellSeat   []int8  // cell → seat whose `from` region holds it, or -1
	fromIndex  []int16 // cell → 1-based index in its seat's from region
}

func (c *compiler) sowRule(p string, rb ruleBase) rule {
	c.keys(p, "from", "store", "min_stones", "directions", "skip_others_stores", "skip_origin", "extra_turn",
		"capture", "capture_min", "relay", "take_at", "take_last_by", "max_laps")
	r := c.r
	g := c.g
	b := g.Board
	if len(b.Track) == 0 {
		r.Errorf(p, "%s: sowing needs a board with a track (kind = \"pits\"), not %s", p, b.Kind)
		return nil
	}
	ru := &sowRule{ruleBase: rb}
	from, ok := c.region(p+".from", "pits")
	if !ok {
		return nil
	}
	if !from.perSeat {
		r.ValueErrorf(p+".from", "%s.from: %q must be a per-seat region (each seat sows from its own)", p, from.name)
		return nil
	}
	ru.from = from
	store, ok := c.region(p+".store", "store")
	if !ok {
		return nil
	}
	ru.min = c.num(p+".min_stones", 1, 1, MaxStones)
	names := r.Strings(p + ".directions")
	if len(names) == 0 {
		names = []string{"ccw"}
	}
	for i, d := range names {
		switch d {
		case "ccw":
			ru.dirs = append(ru.dirs, 1)
		case "cw":
			ru.dirs = append(ru.dirs, -1)
		default:
			r.ValueErrorf(fmt.Sprintf("%s.directions.%d", p, i), "%s.directions: unknown direction %q (want ccw or cw)", p, d)
			continue
		}
		ru.dirNames = append(ru.dirNames, d)
	}
	ru.skipOthers = c.flag(p+".skip_others_stores", true)
	ru.skipOrigin = c.flag(p+".skip_origin", false)
	ru.extraTurn = c.flag(p+".extra_turn", false)
	if rel := r.String(p+".capture", ""); rel != "" {
		ru.capture, ok = b.Relation(rel)
		if !ok {
			r.ValueErrorf(p+".capture", "%s.capture: unknown relation %q; declare it under [board.relations] (relations: %s)", p, rel, strings.Join(b.RelationNames(), ", "))
		}
	}
	ru.captureMin = c.num(p+".capture_min", 0, 0, MaxStones)
	ru.relay = c.flag(p+".relay", false)
	ru.takeAt = c.num(p+".take_at", 0, 0, MaxStones)
	ru.takeByMover = c.choice(p+".take_last_by", "owner", "owner", "mover") == "mover"
	ru.maxLaps = c.num(p+".max_laps", 1000, 1, 1<<20)
	n := b.N()
	ru.storeOf = make([]int32, len(g.Seats))
	ru.storeOwner = make([]int8, n)
	ru.cellSeat = make([]int8, n)
	ru.fromIndex = make([]int16, n)
	for i := 0; i < n; i++ {
		ru.storeOwner[i], ru.cellSeat[i] = -1, -1
	}
	for seat := range g.Seats {
		ru.storeOf[seat] = -1
		if cs := g.cells(store, seat); len(cs) > 0 {
			ru.storeOf[seat] = cs[0]
			for _, x := range cs {
				ru.storeOwner[x] = int8(seat)
			}
		}
		for i, x := range g.cells(from, seat) {
			ru.cellSeat[x] = int8(seat)
			ru.fromIndex[x] = int16(i + 1)
		}
	}
	return ru
}

func (r *sowRule) gen(s *State, out []Move) []Move {
	seat := s.ToMove()
	min := int32(r.min)
	cnt := s.buf[s.g.lay.counts:]
	one := len(r.dirs) == 1
	for _, c := range r.from.cells[seat%len(r.from.cells)] {
		if cnt[c] >= min {
			if one {
				out = append(out, mkMove(r.index, int(c), -1, 0))
				continue
			}
			for d := range r.dirs {
				out = append(out, mkMove(r.index, int(c), -1, d))
			}
		}
	}
	return out
}

func (r *sowRule) play(s *State, m Move) error {
	g := s.g
	track := g.Board.Track
	nt := len(track)
	mover := s.ToMove()
	origin := m.From()
	dir := int(r.dirs[m.Aux()])
	cnt := s.buf[g.lay.counts:]
	hand := int(cnt[origin])
	s.setCount(origin, 0)
	pos := g.Board.TrackPos(origin)
	last := origin
	keys := g.countKeys
	var hx uint64
	defer func() { s.xorHash(hx) }()
	for laps := 0; ; laps++ {
		if laps > r.maxLaps {
			return fmt.Errorf("rule %q: relay sowing did not end after %d laps (max_laps)", r.name, r.maxLaps)
		}
		for guard := 0; hand > 0; guard++ {
			if guard > 4*nt*(hand+1) {
				return fmt.Errorf("rule %q: sowing found no cell to drop a stone in", r.name)
			}
			pos += dir
			if pos >= nt {
				pos = 0
			} else if pos < 0 {
				pos = nt - 1
			}
			c := int(track[pos])
			if r.skipOrigin && c == origin {
				continue
			}
			if so := r.storeOwner[c]; so >= 0 && int(so) != mover && r.skipOthers {
				continue
			}
			// inline setCount: sowing boards keep no masks (Game.small is
			// false with a track), so only the count and the hash change
			if o := cnt[c]; o+1 < countTableMax {
				k := c * countTableMax
				hx ^= keys[k+int(o)] ^ keys[k+int(o)+1]
				cnt[c] = o + 1
			} else {
				s.setCount(c, int(o)+1)
			}
			hand--
			last = c
			if r.takeAt > 0 && r.storeOwner[c] < 0 && int(cnt[c]) == r.takeAt {
				who := int(r.cellSeat[c])
				if who < 0 || (hand == 0 && r.takeByMover) {
					who = mover
				}
				if st := r.storeOf[who]; st >= 0 {
					s.setCount(int(st), int(cnt[st])+int(cnt[c]))
					s.setCount(c, 0)
				}
			}
		}
		if so := r.storeOwner[last]; so >= 0 {
			if int(so) == mover && r.extraTurn {
				s.buf[hExtra] = 1
			}
			return nil
		}
		if r.relay && cnt[last] >= 2 {
			hand = int(cnt[last])
			s.setCount(last, 0)
			continue
		}
		break
	}
	if r.capture != nil && int(r.cellSeat[last]) == mover && cnt[last] == 1 {
		taken := 0
		for _, o := range r.capture.Of(last) {
			taken += int(cnt[o])
		}
		if taken >= r.captureMin && taken+1 > 0 {
			st := r.storeOf[mover]
			if st >= 0 {
				for _, o := range r.capture.Of(last) {
					s.setCount(int(o), 0)
				}
				s.setCount(last, 0)
				s.setCount(int(st), int(cnt[st])+taken+1)
			}
		}
	}
	return nil
}

func (r *sowRule) format(s *State, m Move) string {
	out := strconv.Itoa(int(r.fromIndex[m.From()]))
	if len(r.dirs) > 1 {
		out += r.dirNames[m.Aux()]
	}
	return out
}

func (r *sowRule) explain(s *State, text string) (string, bool) {
	i := 0
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	if i == 0 {
		return "", false
	}
	n, _ := strconv.Atoi(text[:i])
	suffix := strings.ToLower(text[i:])
	seat := s.ToMove()
	cells := s.g.cells(r.from, seat)
	if n < 1 || n > len(cells) {
		return fmt.Sprintf("there is no bowl %d: bowls are numbered 1 to %d from the mover's left", n, len(cells)), true
	}
	if len(r.dirs) > 1 {
		found := false
		for _, d := range r.dirNames {
			found = found || d == suffix
		}
		if !found {
			return fmt.Sprintf("say the direction after the bowl number: %s", strings.Join(r.dirNames, " or ")), true
		}
	} else if suffix != "" {
		return fmt.Sprintf("sowing runs %s only in this variant: write the bowl number alone (%d)", r.dirNames[0], n), true
	}
	c := int(cells[n-1])
	switch k := s.Count(c); {
	case k == 0:
		return fmt.Sprintf("bowl %d is empty", n), true
	case k < r.min:
		return fmt.Sprintf("bowl %d holds %s; a sowing must start from a bowl with at least %d", n, plural(k, "stone"), r.min), true
	}
	return "", false
}

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
	if c, ok := g.Board.Index(name); ok {
		return c, true
	}
	for i, c := range g.Board.Cells {
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
		return 0, 0, "", false
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
		if strings.EqualFold(g.Kinds[g.pieceKind[p]].Glyph, fs) {
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
			return fmt.Sprintf("%s is blocked by the %s of %s on %s (%s)", g.Board.Cells[t].Name, e.rel.Name,
				g.Kinds[g.pieceKind[s.Top(int(o))]].Glyph, g.Board.Cells[o].Name, "a piece may not stop there"), true
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
	if len(out)*4 > c.g.Board.N() {
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
}

// compileMovers reads the keys pieces, kinds and common_rest.
func (c *compiler) compileMovers(p string) movers {
	var m movers
	who := c.choice(p+".pieces", "own", "own", "any", "own_and_common")
	m.own, m.common = who != "any", who == "own_and_common"
	m.rest = c.num(p+".common_rest", 0, 0, 1000)
	if c.r.Has(p + ".kinds") {
		m.kinds = make([]bool, len(c.g.Kinds))
		for i, k := range c.r.Strings(p + ".kinds") {
			if ki := c.kind(fmt.Sprintf("%s.kinds.%d", p, i), k); ki >= 0 {
				m.kinds[ki] = true
			}
		}
	}
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

// jumpsOver reports whether a jump may pass over cell x.
func (r *slideRule) jumpsOver(s *State, x, mover int) bool {
	if s.buf[s.g.lay.height+x] == 0 && s.buf[s.g.lay.counts+x] == 0 {
		return false
	}
	switch r.over {
	case "own":
		return s.Owner(x) == mover
	case "enemy":
		return s.Top(x) >= 0 && s.Owner(x) != mover
	}
	return true
}
