// This file holds the legality filter that rules as a whole impose on the
// moves their primitives generate: confinement (a kind that may not leave
// a region, [pieces.NAME] confine) and royal pieces ([turns] royal: a move
// is legal only if afterwards no opponent move could take one of the
// mover's royal pieces). The attack test behind "could take" asks each rule
// of the phase through the attacker capability (reverse rays, leaper
// tables), never by generating the opponent's moves, except for a rule
// that has no such test. It is on the hot path and allocates nothing.

package core

import (
	"fmt"
	"strings"
)

// legality holds a game's confinement and royal tables (nil when unused).
type legality struct {
	// on: some move may be dropped by the filter.
	on bool
	// confine[kind]: the cells a piece of the kind may stand on, or nil.
	confine [][]bool
	// royal[seat]: the royal pieces of the seat (piece ids).
	royal [][]int32
	// royalFlag is the flag of [turns] royal ("" when none).
	royalFlag string
	// topMover[rule]: every move of the rule takes the top piece (or
	// stack) of From() to To(), takes at most the stack on To() and has no
	// after effects (the pieceMover capability).
	topMover []bool
	// topNoEP[rule]: as topMover for the rule's moves without the en
	// passant bit (movesTopUnlessEP).
	topNoEP []bool
	// attackers[phase]: the attack tests of the phase's rules.
	attackers [][]attackEntry
	// rel[phase][t*words : (t+1)*words]: the cells the phase's attack tests
	// on t read (a bit set), but for the ray attackers' rays (relRays); nil
	// when some test may read any cell.
	rel   [][]uint64
	words int
	// walkDirs[phase], walkDepth[phase]: the rays the phase's ray attackers
	// read, and how many occupied cells along each.
	walkDirs  [][]int
	walkDepth []int
	// rayKinds[phase][kind]: the ray attackers that move pieces of the kind.
	rayKinds [][][]rayAttacker
	// trie[phase]: the merged walk of the phase's tabled line rules
	// (attack_trie.go), or nil.
	trie []*lineTrie
	// others[phase]: the attack entries of the phase that are neither ray
	// attackers nor in the merged walk (each asked on its own).
	others [][]*attackEntry
	// noStones: no cell ever holds stones (none at the start, no sowing),
	// so occupancy is the height alone.
	noStones bool
	// virtual[phase]: every attack test of the phase reads only the cells'
	// tops and heights, so a move can be tried in place without playing it.
	virtual []bool
	// revDir[d]: the direction whose rays run back along d's rays (-1 when
	// the board's rays do not retrace each other), computed when needed.
	revDir []int
	// noMove: the [end.NAME] conditions of type no_move, in written order.
	noMove []*noMoveEnd
	// next: [turns] royal_next (royal_next.go).
	next bool
}

// attacker is a rule that can say, without generating moves, whether a
// piece of seat `by` could take a piece standing on cell t by one of the
// rule's moves, whether or not that move would be legal (it may leave by's
// own royal piece attacked). Rules that cannot are wrapped in genAttacker.
type attacker interface {
	attackedBy(s *State, t, by int) bool
}

// virtualAttacker is an attacker whose test reads only the top piece and
// height of cells (not the small-board masks nor the hash), so that it may
// run on a position changed in place by tryInPlace.
type virtualAttacker interface {
	attacker
	virtualOK(g *Game) bool
}

// attackEntry is one rule's attack test with what is known statically:
// hits[by][t] is false when no piece of seat by can ever take on t by the
// rule, wherever the other pieces stand (nil: unknown).
type attackEntry struct {
	a    attacker
	hits [][]bool
	// ray: the test reads the phase's shared walk of the rays back from
	// the cell (rayWalk) instead of walking them itself.
	ray rayAttacker
	// trie: the test is part of the phase's merged walk (lineTrie).
	trie bool
	// any: the test can answer for every other seat at once.
	any anyAttacker
}

// neverAttacker is an attacker whose test always says no (a rule that
// takes nothing on its target): the royal tests skip it.
type neverAttacker interface {
	attacksNever() bool
}

// anyAttacker is an attacker that can say in one pass whether a piece of
// any seat other than seat, still playing, could take on t; ok is false
// when it cannot (then attackedBy is asked per seat).
type anyAttacker interface {
	attackedByAny(s *State, t, seat int) (attacked, ok bool)
}

// rayAttacker is an attacker whose test needs only the first few occupied
// cells along some rays back from the attacked cell. Its prepare (at load)
// says which directions' rays (the reverse ones) and how many occupied
// cells of each; attackedFromWalk answers from a rayWalk of them.
type rayAttacker interface {
	prepareWalk(g *Game) (dirs []int, depth int, ok bool)
	// attacksFrom reports whether the piece on x, the occupied cell number
	// j (from 0) met walking from t along direction e, at distance dist,
	// could take on t by the rule for seat by.
	attacksFrom(s *State, x, j, e, dist, t, by int) bool
	// movesKind reports whether the rule moves pieces of kind k.
	movesKind(k int) bool
}

// attackReader is an attacker that can list the cells its test on t reads
// besides t (origins, cells passed over, blocking cells): a move that
// changes none of them cannot change the test's answer.
type attackReader interface {
	attackCells(g *Game, t int, add func(c int))
}

// walkMaxDirs bounds the directions of a board whose rays the ray
// attackers share.
const walkMaxDirs = 64

// attackOnlyRule is a rule that may make no moves and count only in the
// attack tests (attack_only).
type attackOnlyRule interface {
	attacksOnly() bool
}

// pieceMover is a rule whose every move takes the top piece (or the stack)
// of From() to To() and takes at most the stack standing on To().
type pieceMover interface {
	movesTop() bool
}

var confineKey = Key{Name: "confine", Type: TString,
	Doc: "a region pieces of this kind never leave (a per-seat region: the owner's cells)"}

var royalKey = Key{Name: "royal", Type: TString,
	Doc: "a flag: a move is legal only if afterwards no opponent move could take one of the mover's pieces with this flag"}

// regionCells reads the region named at path into a per-seat table of
// cells ([seat][cell]); a board-wide region gives every seat the same row.
func (c *compiler) regionCells(path, name string) [][]bool {
	ref, ok := c.regionNamed(path, name)
	if !ok {
		return nil
	}
	out := make([][]bool, len(c.g.seats))
	for seat := range out {
		row := make([]bool, c.g.board.N())
		for _, x := range c.g.cells(ref, seat) {
			row[x] = true
		}
		out[seat] = row
	}
	return out
}

// compileConfine reads [pieces.NAME] confine for kind k.
func (c *compiler) compileConfine(p string, k int) {
	name := c.readString(p, &confineKey)
	if name == "" {
		return
	}
	path := keyPath(p, &confineKey)
	cells := c.regionCells(path, name)
	if cells == nil {
		return
	}
	g := c.g
	owner := g.kinds[k].Owner
	if owner < 0 {
		if ref, _ := resolveRegion(g.board, name); ref.perSeat {
			c.r.ValueErrorf(path, "%s: %q is a per-seat region, but a neutral piece has no seat", path, name)
			return
		}
		owner = 0
	}
	if g.legal.confine == nil {
		g.legal.confine = make([][]bool, len(g.kinds))
	}
	for len(g.legal.confine) < len(g.kinds) {
		g.legal.confine = append(g.legal.confine, nil)
	}
	g.legal.confine[k] = cells[owner]
	g.legal.on = true
}

// compileRoyal reads [turns] royal and builds the attack tests of every
// phase; it runs once the rules and phases are compiled.
func (c *compiler) compileRoyal() {
	g := c.g
	lg := &g.legal
	if lg.confine != nil {
		for len(lg.confine) < len(g.kinds) {
			lg.confine = append(lg.confine, nil)
		}
	}
	lg.topMover = make([]bool, len(g.rules))
	lg.topNoEP = make([]bool, len(g.rules))
	for i, ru := range g.rules {
		if pm, ok := ru.(pieceMover); ok && pm.movesTop() && len(ru.base().after) == 0 {
			lg.topMover[i] = true
		}
		if sr, ok := ru.(*slideRule); ok && sr.movesTopUnlessEP() && len(ru.base().after) == 0 {
			lg.topNoEP[i] = true
		}
	}
	flag := c.readString("turns", &royalKey)
	needAttacks := flag != "" || len(lg.noMove) > 0
	if flag != "" {
		lg.royalFlag = flag
		lg.royal = make([][]int32, len(g.seats))
		found := false
		for p, k := range g.pieceKind {
			if g.kinds[k].HasFlag(flag) && g.pieceOwner[p] >= 0 {
				lg.royal[g.pieceOwner[p]] = append(lg.royal[g.pieceOwner[p]], int32(p))
				found = true
			}
		}
		if !found {
			c.r.ValueErrorf("turns.royal", "turns.royal: no owned piece has the flag %q", flag)
			return
		}
		lg.on = true
	}
	if !needAttacks {
		return
	}
	lg.revDir = reverseDirs(g)
	for _, ru := range g.rules {
		if sr, ok := ru.(*slideRule); ok && sr.wantsTable(g) {
			sr.buildTable(g)
		}
	}
	lg.noStones = true
	for _, ru := range g.rules {
		if ru.base().typ == "sow" {
			lg.noStones = false
		}
	}
	if g.initial != nil {
		for c := 0; c < g.board.N(); c++ {
			if g.initial.Count(c) != 0 {
				lg.noStones = false
			}
		}
	}
	lg.attackers = make([][]attackEntry, len(g.phases))
	lg.virtual = make([]bool, len(g.phases))
	lg.rel = make([][]uint64, len(g.phases))
	lg.walkDirs = make([][]int, len(g.phases))
	lg.walkDepth = make([]int, len(g.phases))
	lg.rayKinds = make([][][]rayAttacker, len(g.phases))
	lg.trie = make([]*lineTrie, len(g.phases))
	lg.others = make([][]*attackEntry, len(g.phases))
	n := g.board.N()
	lg.words = (n + 63) / 64
	for i, ph := range g.phases {
		virtual := true
		var rel []uint64
		if n <= 1024 {
			rel = make([]uint64, n*lg.words)
		}
		var trieRules []*slideRule
		for _, ri := range ph.rules {
			a, ok := g.rules[ri].(attacker)
			if !ok {
				a = &genAttacker{rule: g.rules[ri]}
			}
			if va, ok := a.(virtualAttacker); !ok || !va.virtualOK(g) {
				virtual = false
			}
			entry := attackEntry{a: a, hits: attackHits(g, g.rules[ri])}
			entry.any, _ = a.(anyAttacker)
			if ra, ok := a.(rayAttacker); ok && len(g.board.Dirs) <= walkMaxDirs {
				if dirs, depth, ok := ra.prepareWalk(g); ok {
					entry.ray = ra
					if lg.rayKinds[i] == nil {
						lg.rayKinds[i] = make([][]rayAttacker, len(g.kinds))
					}
					for k := range g.kinds {
						if ra.movesKind(k) {
							lg.rayKinds[i][k] = append(lg.rayKinds[i][k], ra)
						}
					}
					lg.walkDepth[i] = max(lg.walkDepth[i], depth)
					for _, d := range dirs {
						if !slicesContains(lg.walkDirs[i], d) {
							lg.walkDirs[i] = append(lg.walkDirs[i], d)
						}
					}
				}
			}
			if r, ok := trieEligible(a); ok && entry.ray == nil {
				entry.trie = true
				trieRules = append(trieRules, r)
			}
			lg.attackers[i] = append(lg.attackers[i], entry)
			if entry.ray != nil || entry.trie {
				// read along the rays, up to the walk's depth, or along the
				// merged walk's lines to their first occupied cells: marked
				// per position (relRays, trieMark)
			} else if ar, ok := a.(attackReader); ok && rel != nil {
				for t := 0; t < n; t++ {
					row := rel[t*lg.words : (t+1)*lg.words]
					ar.attackCells(g, t, func(c int) { row[c/64] |= 1 << uint(c%64) })
				}
			} else {
				rel = nil
			}
		}
		if len(trieRules) > 0 {
			lg.trie[i] = buildTrie(n, trieRules)
		}
		for j := range lg.attackers[i] {
			e := &lg.attackers[i][j]
			if na, ok := e.a.(neverAttacker); ok && na.attacksNever() {
				continue
			}
			if e.ray == nil && !e.trie {
				lg.others[i] = append(lg.others[i], e)
			}
		}
		lg.virtual[i] = virtual
		lg.rel[i] = rel
	}
}

// attackHits tables, per seat and cell, whether a piece of the seat could
// ever take on the cell by rule ru, from the rule's static edges (reacher)
// and where its pieces may stand (confine); nil when the rule cannot say.
func attackHits(g *Game, ru rule) [][]bool {
	re, ok := ru.(reacher)
	if !ok {
		return nil
	}
	n := g.board.N()
	out := make([][]bool, len(g.seats))
	for seat := range out {
		out[seat] = make([]bool, n)
	}
	one := make([]bool, len(g.kinds))
	for k, kind := range g.kinds {
		one[k] = true
		seats := []int{kind.Owner}
		if kind.Owner < 0 {
			seats = seats[:0]
			for seat := range g.seats {
				seats = append(seats, seat)
			}
		}
		re.reach(g, one, func(from, to int) {
			if g.mayStand(k, from) {
				for _, seat := range seats {
					out[seat][to] = true
				}
			}
		})
		one[k] = false
	}
	return out
}

// reverseDirs returns, per direction d, the direction whose rays retrace
// d's: for every cell c and every cell x at distance i along d from c, the
// first i cells of x's ray in the reverse direction are the cells between
// them, back to c. -1 where no direction does (folds, odd graphs).
func reverseDirs(g *Game) []int {
	b := g.board
	nd := len(b.Dirs)
	out := make([]int, nd)
	for d := range out {
		out[d] = -1
		for e := 0; e < nd && out[d] < 0; e++ {
			if retraces(g, d, e) {
				out[d] = e
			}
		}
	}
	return out
}

func retraces(g *Game, d, e int) bool {
	b := g.board
	for c := 0; c < b.N(); c++ {
		ray := b.Ray(c, d)
		for i, x := range ray {
			back := b.Ray(int(x), e)
			if len(back) < i+1 || int(back[i]) != c {
				return false
			}
			for j := 0; j < i; j++ {
				if back[j] != ray[i-1-j] {
					return false
				}
			}
		}
	}
	return true
}

// movesTop reports whether m takes the top piece (or stack) of From() to
// To() and takes at most the stack on To() (topMover, topNoEP).
func (lg *legality) movesTop(m Move) bool {
	ri := m.Rule()
	return lg.topMover[ri] || (lg.topNoEP[ri] && m.Aux()&epBit == 0)
}

// filterLegal drops from moves those a piece's confinement or the mover's
// royal pieces forbid. s is the position they were generated in.
func (g *Game) filterLegal(s *State, moves []Move) []Move {
	lg := &g.legal
	mover := s.ToMove()
	top := s.buf[g.lay.top:]
	height := s.buf[g.lay.height:]
	royal := lg.royal != nil && len(lg.royal[mover]) > 0
	virtual := royal && lg.virtual[s.buf[hPhase]]
	// Not in check now, a move that neither leaves nor enters a cell the
	// attack tests on the royal pieces' cells read, and moves no royal
	// piece, leaves them unattacked: it needs no test.
	// With one royal piece, on k, such a move is tested only along the rays
	// from k through its cells (relDir) and, when it touches their cells,
	// by the other attackers (other).
	var rel, other, relDir, lines []uint64
	k := -1
	if royal && lg.rel[s.buf[hPhase]] != nil && !g.royalAttacked(s, mover) {
		rel = s.relScratch(lg.words)
		pos := s.buf[g.lay.pos:]
		n := 0
		for _, q := range lg.royal[mover] {
			if c := int(pos[q]) - 1; c >= 0 {
				n++
				k = c
			}
		}
		if n == 1 {
			relDir = s.dirScratch(g.board.N())
			other = lg.rel[s.buf[hPhase]][k*lg.words : (k+1)*lg.words]
		} else {
			k = -1
		}
		for _, q := range lg.royal[mover] {
			if c := int(pos[q]) - 1; c >= 0 {
				row := lg.rel[s.buf[hPhase]][c*lg.words : (c+1)*lg.words]
				for w := range rel {
					rel[w] |= row[w]
				}
				rel[c/64] |= 1 << uint(c%64) // a royal piece that moves
				g.relRays(s, c, rel, relDir)
				if tr := lg.trie[s.buf[hPhase]]; tr != nil {
					if k >= 0 {
						lines = s.lineScratch(g.board.N())
					}
					g.trieMark(s, tr, c, rel, lines)
				}
			}
		}
	}
	out := moves[:0]
	for _, m := range moves {
		if m == Pass {
			out = append(out, m)
			continue
		}
		ri := m.Rule()
		from, to := m.From(), m.To()
		if lg.confine != nil && lg.topMover[ri] && from >= 0 && to >= 0 {
			if p := top[from] - 1; p >= 0 {
				if cells := lg.confine[g.pieceKind[p]]; cells != nil && !cells[to] {
					continue
				}
			}
		}
		plain := lg.movesTop(m)
		if royal && rel != nil && from >= 0 && to >= 0 && plain &&
			rel[from/64]&(1<<uint(from%64)) == 0 && rel[to/64]&(1<<uint(to%64)) == 0 {
			out = append(out, m)
			continue
		}
		if royal {
			var attacked bool
			inPlace := virtual && plain && from >= 0 && to >= 0 && height[from] == 1 && height[to] <= 1
			switch {
			case inPlace && k >= 0 && from != k:
				dirs := relDir[from] | relDir[to]
				touches := other[from/64]&(1<<uint(from%64)) != 0 || other[to/64]&(1<<uint(to%64)) != 0
				var roots uint64
				if lines != nil {
					roots = lines[from] | lines[to]
				}
				attacked = g.tryInPlacePartial(s, from, to, mover, k, dirs, touches, roots)
			case inPlace:
				attacked = g.tryInPlace(s, from, to, mover)
			default:
				attacked = g.tryAhead(s, m, mover)
			}
			if attacked {
				continue
			}
		}
		out = append(out, m)
	}
	if lg.next {
		out = g.filterNext(s, out)
	}
	return out
}

// tryInPlace moves the piece on from to to (covering what stands there) on
// s's tops, heights and the moved piece's cell only, asks whether one of
// mover's royal pieces is then attacked, and puts everything back.
func (g *Game) tryInPlace(s *State, from, to, mover int) bool {
	// The attack tests read tops and heights; royalAttacked reads the cells
	// of the mover's own royal pieces, so a piece taken on to keeps its cell
	// (a royal piece of the mover's stays where it is, under the mover).
	lift := g.liftWithCell(s, from, to)
	attacked := g.royalAttacked(s, mover)
	g.putBack(s, from, to, lift)
	return attacked
}

// tryInPlacePartial is tryInPlace for a seat not in check with one royal
// piece, on k, that does not move: only the ray attackers along the
// directions dirs from k, the merged walk along its lines roots, and the
// other attackers when touches, can have changed their answer.
func (g *Game) tryInPlacePartial(s *State, from, to, mover, k int, dirs uint64, touches bool, roots uint64) bool {
	lift := g.liftInPlace(s, from, to)
	attacked := g.attackedSome(s, k, mover, dirs, touches, roots)
	g.putBack(s, from, to, lift)
	return attacked
}

// tryAhead plays m on a copy of s (kept in s) and asks whether one of
// mover's royal pieces is then attacked.
func (g *Game) tryAhead(s *State, m Move, mover int) bool {
	if s.look == nil {
		s.look = s.Clone()
	}
	a := s.look
	a.CopyFrom(s)
	ru := g.rules[m.Rule()]
	if err := ru.play(a, m); err != nil {
		return true // a move its rule cannot play is not offered
	}
	for _, e := range ru.base().after {
		e.apply(a)
	}
	return g.royalAttacked(a, mover)
}

// royalAttacked reports whether a piece of another seat still playing
// could take one of seat's royal pieces.
func (g *Game) royalAttacked(s *State, seat int) bool {
	lg := &g.legal
	if lg.royal == nil {
		return false
	}
	pos := s.buf[g.lay.pos:]
	for _, q := range lg.royal[seat] {
		if c := int(pos[q]) - 1; c >= 0 && g.attacked(s, c, seat) {
			return true
		}
	}
	return false
}

// attacked reports whether a piece of a seat other than seat, still
// playing, could take a piece on t by a rule of the current phase.
func (g *Game) attacked(s *State, t, seat int) bool {
	return g.attackedSome(s, t, seat, ^uint64(0), true, ^uint64(0))
}

// attackedSome is attacked asking the ray attackers only along the walk
// directions in dirs (a bit per direction), the merged walk only along
// the lines in roots, and the others only when others.
func (g *Game) attackedSome(s *State, t, seat int, dirs uint64, others bool, roots uint64) bool {
	ph := s.buf[hPhase]
	if as := g.legal.others[ph]; others && len(as) > 0 {
		for _, e := range as {
			if e.any != nil && e.hits != nil {
				// no opponent can ever take on t by the rule
				reach := false
				for o := range g.seats {
					if o != seat && e.hits[o][t] && !s.Eliminated(o) {
						reach = true
						break
					}
				}
				if !reach {
					continue
				}
			}
			if e.any != nil {
				if attacked, ok := e.any.attackedByAny(s, t, seat); ok {
					if attacked {
						return true
					}
					continue
				}
			}
			for o := range g.seats {
				if o == seat || s.Eliminated(o) || (e.hits != nil && !e.hits[o][t]) {
					continue
				}
				if e.a.attackedBy(s, t, o) {
					return true
				}
			}
		}
	}
	if tr := g.legal.trie[ph]; roots != 0 && tr != nil && g.trieAttacked(s, tr, t, seat, -1, roots) {
		return true
	}
	if kinds := g.legal.rayKinds[ph]; kinds != nil && dirs != 0 {
		return g.rayAttacked(s, t, seat, int(ph), kinds, dirs)
	}
	return false
}

// rayAttacked asks the ray attackers of the phase about the first occupied
// cells along the rays from t: each such piece of another seat still
// playing, by the rules that move its kind.
func (g *Game) rayAttacked(s *State, t, seat, ph int, kinds [][]rayAttacker, dirs uint64) bool {
	b := g.board
	nd := len(b.Dirs)
	rays, roff := b.RayTable()
	n := b.N()
	top := s.buf[g.lay.top : g.lay.top+n]
	height := s.buf[g.lay.height : g.lay.height+n]
	counts := s.buf[g.lay.counts : g.lay.counts+n]
	depth := g.legal.walkDepth[ph]
	noStones := g.legal.noStones
	for _, e := range g.legal.walkDirs[ph] {
		if dirs&(1<<uint(e)) == 0 {
			continue
		}
		k := t*nd + e
		j := 0
		for i, x := range rays[roff[k]:roff[k+1]] {
			if height[x] == 0 && (noStones || counts[x] == 0) {
				continue
			}
			if p := top[x] - 1; p >= 0 && int(g.pieceOwner[p]) != seat {
				if o := int(g.pieceOwner[p]); o >= 0 {
					// an owned piece attacks for its owner
					if !s.Eliminated(o) {
						for _, ra := range kinds[g.pieceKind[p]] {
							if ra.attacksFrom(s, int(x), j, e, i+1, t, o) {
								return true
							}
						}
					}
				} else {
					// a neutral piece, for any seat that may move it
					for _, ra := range kinds[g.pieceKind[p]] {
						for by := range g.seats {
							if by != seat && !s.Eliminated(by) && ra.attacksFrom(s, int(x), j, e, i+1, t, by) {
								return true
							}
						}
					}
				}
			}
			if j++; j == depth {
				break
			}
		}
	}
	return false
}

func slicesContains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// relRays marks in rel the cells along the phase's walk rays from t up to
// and including the walk's depth of occupied cells: a piece that leaves or
// enters one of them may change what the ray attackers see from t; beyond
// them nothing they read changes.
func (g *Game) relRays(s *State, t int, rel, relDir []uint64) {
	ph := s.buf[hPhase]
	b := g.board
	nd := len(b.Dirs)
	rays, roff := b.RayTable()
	n := b.N()
	height := s.buf[g.lay.height : g.lay.height+n]
	counts := s.buf[g.lay.counts : g.lay.counts+n]
	depth := g.legal.walkDepth[ph]
	for _, e := range g.legal.walkDirs[ph] {
		k := t*nd + e
		j := 0
		for _, x := range rays[roff[k]:roff[k+1]] {
			rel[x/64] |= 1 << uint(x%64)
			if relDir != nil {
				relDir[x] |= 1 << uint(e)
			}
			if height[x] == 0 && counts[x] == 0 {
				continue
			}
			if j++; j == depth {
				break
			}
		}
	}
}

// dirScratch returns s's per-cell direction masks for n cells, cleared.
func (s *State) dirScratch(n int) []uint64 { return clearedScratch(&s.relDir, n) }

// lineScratch returns s's per-cell line masks for n cells, cleared.
func (s *State) lineScratch(n int) []uint64 { return clearedScratch(&s.relLines, n) }

// clearedScratch returns the first n words of *buf, grown if needed, all 0.
func clearedScratch(buf *[]uint64, n int) []uint64 {
	if cap(*buf) < n {
		*buf = make([]uint64, n)
	}
	r := (*buf)[:n]
	clear(r)
	return r
}

// lifted is what liftInPlace covered, for putBack.
type lifted struct {
	p, victim, hTo int32
	cell           bool
}

// liftInPlace moves the piece on from to to on s's tops and heights only,
// covering what stands on to; putBack undoes it. The royal tests try a move
// this way instead of on a copy.
func (g *Game) liftInPlace(s *State, from, to int) lifted {
	l := &g.lay
	b := s.buf
	lf := lifted{p: b[l.top+from], victim: b[l.top+to], hTo: b[l.height+to]}
	b[l.top+to], b[l.height+to] = lf.p, 1
	b[l.top+from], b[l.height+from] = 0, 0
	return lf
}

// liftWithCell is liftInPlace that also moves the piece's own cell.
func (g *Game) liftWithCell(s *State, from, to int) lifted {
	lf := g.liftInPlace(s, from, to)
	s.buf[g.lay.pos+int(lf.p-1)] = int32(to + 1)
	lf.cell = true
	return lf
}

// putBack undoes the liftInPlace or liftWithCell of from and to that returned lf.
func (g *Game) putBack(s *State, from, to int, lf lifted) {
	l := &g.lay
	b := s.buf
	if lf.cell {
		b[l.pos+int(lf.p-1)] = int32(from + 1)
	}
	b[l.top+from], b[l.height+from] = lf.p, 1
	b[l.top+to], b[l.height+to] = lf.victim, lf.hTo
}

// relScratch returns s's working bit set of words words, cleared.
func (s *State) relScratch(words int) []uint64 { return clearedScratch(&s.rel, words) }

// InCheck reports whether one of seat's royal pieces ([turns] royal) could
// be taken by another seat's move in s; false without royal pieces.
func (g *Game) InCheck(s *State, seat int) bool {
	if g.legal.attackers == nil || g.legal.royal == nil {
		return false
	}
	return g.royalAttacked(s, seat)
}

// genAttacker answers the attack test of a rule that has none of its own
// by generating the rule's moves for the attacking seat: slow, but right
// for any rule.
type genAttacker struct{ rule rule }

func (a *genAttacker) attackedBy(s *State, t, by int) bool {
	me := s.ToMove()
	s.setToMove(by)
	buf := a.rule.gen(s, s.attackBuf[:0])
	s.setToMove(me)
	s.attackBuf = buf[:0]
	victim := s.Top(t)
	vt, _ := a.rule.(victimTaker)
	g := s.g
	for _, m := range buf {
		if from := m.From(); from >= 0 && g.legal.topMover[m.Rule()] {
			if p := s.Top(from); p >= 0 && !g.mayStand(int(g.pieceKind[p]), m.To()) {
				continue // confinement: not a move
			}
		}
		if m.To() == t && s.occupied(t) {
			return true
		}
		if vt != nil && victim >= 0 && vt.takes(s, m, victim) {
			return true
		}
	}
	return false
}

// explainRoyal says why a move that a rule allows was dropped by the
// legality filter, or "" when it was not.
func (g *Game) explainLegal(s *State, m Move) string {
	lg := &g.legal
	if !lg.on || m == Pass {
		return ""
	}
	ri := m.Rule()
	from, to := m.From(), m.To()
	b := g.board
	if lg.confine != nil && lg.topMover[ri] && from >= 0 && to >= 0 {
		if p := s.Top(from); p >= 0 {
			if cells := lg.confine[g.pieceKind[p]]; cells != nil && !cells[to] {
				return fmt.Sprintf("a %s may not leave its region (confine): %s is outside it", g.kinds[g.pieceKind[p]].Name, b.Cells[to].Name)
			}
		}
	}
	mover := s.ToMove()
	if lg.royal != nil && len(lg.royal[mover]) > 0 && g.tryAhead(s, m, mover) {
		var names []string
		for _, q := range lg.royal[mover] {
			names = append(names, g.kinds[g.pieceKind[q]].Name)
		}
		return fmt.Sprintf("after it another player could take %s's %s (royal)", g.seats[mover], strings.Join(dedupe(names), " or "))
	}
	return ""
}

func dedupe(xs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
