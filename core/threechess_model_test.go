package core_test

// An independent model of three-player chess, written from
// shared/rules/traditional-readings.md, 6. CHESS, 3-PLAYER, in plain Go:
// its own board, built from the readings' description of the halves and
// their joins (never from the engine's tables or the variant's faces), and
// its own move generation, check, legality, mate and elimination. It backs
// the perft golden (testdata/perft/traditional-three-player-chess.txt)
// and the engine's move lists in TestThreeChessMatchesModel.

import (
	"fmt"
	"sort"
	"strings"
)

const (
	tmEmpty = iota
	tmKing
	tmQueen
	tmRook
	tmBishop
	tmKnight
	tmPawn
)

var tmGlyph = [...]string{"", "K", "Q", "R", "B", "N", "P"}

// tmFiles are each half's global file letters for local files a..h
// (readings 6.1, Cell names), and tmRank its global rank of local rank r.
var tmFiles = [3]string{"abcdefgh", "lkjidcba", "hgfeijkl"}

func tmRank(half, lr int) int { return [3]int{lr, 9 - lr, 13 - lr}[half] }

// tmGeo is the board: 96 cells, cell = half*32 + (lr-1)*8 + lf, each with
// its four corners as point ids in cyclic order.
type tmGeo struct {
	name   [96]string
	index  map[string]int
	corner [96][4]int
	round  map[int][]int // point -> cells
	dark   [96]bool
	// the lines and knight targets of every cell, computed once
	orthC   [96][4][]int
	diagC   [96][4][][]int
	knightC [96][]int
	diagT   [96][4][]int // diag(c, corner k)
}

// tmLeft is the left neighbour of each half (readings 6.1: Black is
// White's, Red is Black's, White is Red's); play passes to the left.
var tmLeft = [3]int{1, 2, 0}

func newTmGeo() *tmGeo {
	g := &tmGeo{index: map[string]int{}, round: map[int][]int{}}
	// a point (half, x, y), x in 0..8 across the files, y in 0..4 from the
	// back edge to the centre edge; a player's left quadrant meets his left
	// neighbour's right quadrant along their rank-4 edges with files
	// reversed: (H, x, 4) is (left(H), 8-x, 4) for x <= 4
	point := func(h, x, y int) int {
		if y == 4 {
			if x == 4 {
				return -1 // the centre
			}
			if x > 4 {
				// (h, x, 4) = (r, 8-x, 4) where h is r's left neighbour
				for r := 0; r < 3; r++ {
					if tmLeft[r] == h {
						h, x = r, 8-x
						break
					}
				}
			}
		}
		return (h*9+x)*5 + y
	}
	for h := 0; h < 3; h++ {
		for lr := 1; lr <= 4; lr++ {
			for lf := 0; lf < 8; lf++ {
				c := h*32 + (lr-1)*8 + lf
				g.name[c] = fmt.Sprintf("%c%d", tmFiles[h][lf], tmRank(h, lr))
				g.index[g.name[c]] = c
				g.corner[c] = [4]int{point(h, lf, lr-1), point(h, lf+1, lr-1), point(h, lf+1, lr), point(h, lf, lr)}
				for _, p := range g.corner[c] {
					g.round[p] = append(g.round[p], c)
				}
				g.dark[c] = (lf+1+lr)%2 == 0 // readings 6.1, Colours
			}
		}
	}
	for c := 0; c < 96; c++ {
		for k := 0; k < 4; k++ {
			g.orthC[c][k] = g.orthLine(c, k)
			g.diagC[c][k] = g.diagLines(c, k)
		}
		g.knightC[c] = g.knight(c)
		for k := 0; k < 4; k++ {
			g.diagT[c][k] = g.diag(c, g.corner[c][k])
		}
	}
	return g
}

func (g *tmGeo) half(c int) int { return c / 32 }

// common counts the corners two cells share.
func (g *tmGeo) common(a, b int) int {
	n := 0
	for _, x := range g.corner[a] {
		for _, y := range g.corner[b] {
			if x == y {
				n++
			}
		}
	}
	return n
}

// across returns the cell across c's edge k (corners k, k+1), or -1.
func (g *tmGeo) across(c, k int) int {
	a, b := g.corner[c][k], g.corner[c][(k+1)%4]
	for _, z := range g.round[a] {
		if z != c {
			for _, p := range g.corner[z] {
				if p == b {
					return z
				}
			}
		}
	}
	return -1
}

// diag returns the cells a diagonal step from c through point v reaches
// (readings 6.2): at a corner of four cells the one sharing only that
// corner; at the centre the cells sharing only the centre of c's colour;
// none on the rim.
func (g *tmGeo) diag(c, v int) []int {
	cells := g.round[v]
	var out []int
	switch len(cells) {
	case 4:
		for _, z := range cells {
			if z != c && g.common(c, z) == 1 {
				out = append(out, z)
			}
		}
	case 6:
		for _, z := range cells {
			if z != c && g.common(c, z) == 1 && g.dark[z] == g.dark[c] {
				out = append(out, z)
			}
		}
	}
	return out
}

func tmIndexOf(xs [4]int, v int) int {
	for i, x := range xs {
		if x == v {
			return i
		}
	}
	return -1
}

// orthLine returns the cells of the orthogonal line leaving c by its edge
// k, each cell left by the edge opposite the one it came in by.
func (g *tmGeo) orthLine(c, k int) []int {
	var out []int
	for {
		z := g.across(c, k)
		if z < 0 {
			return out
		}
		out = append(out, z)
		// the edge of z we came in by holds both corners of c's edge k
		a := g.corner[c][k]
		b := g.corner[c][(k+1)%4]
		in := -1
		for j := 0; j < 4; j++ {
			x, y := g.corner[z][j], g.corner[z][(j+1)%4]
			if (x == a && y == b) || (x == b && y == a) {
				in = j
			}
		}
		c, k = z, (in+2)%4
	}
}

// diagLines returns every diagonal line leaving c through its corner k:
// each cell is left by the corner opposite the one it came in by; at the
// centre the line forks.
func (g *tmGeo) diagLines(c, k int) [][]int {
	var out [][]int
	var walk func(cur, v int, path []int)
	walk = func(cur, v int, path []int) {
		next := g.diag(cur, v)
		if len(next) == 0 {
			if len(path) > 0 {
				out = append(out, append([]int(nil), path...))
			}
			return
		}
		for _, z := range next {
			m := tmIndexOf(g.corner[z], v)
			walk(z, g.corner[z][(m+2)%4], append(path, z))
		}
	}
	walk(c, g.corner[c][k], nil)
	return out
}

// knight: one orthogonal step then one diagonal step through a corner of
// the middle cell not on the edge just crossed, united with one diagonal
// step then one orthogonal step across an edge not touching the corner
// used (readings 6.3).
func (g *tmGeo) knight(c int) []int {
	set := map[int]bool{}
	for k := 0; k < 4; k++ {
		y := g.across(c, k)
		if y < 0 {
			continue
		}
		a, b := g.corner[c][k], g.corner[c][(k+1)%4]
		for _, v := range g.corner[y] {
			if v != a && v != b {
				for _, z := range g.diag(y, v) {
					set[z] = true
				}
			}
		}
	}
	for _, v := range g.corner[c] {
		for _, y := range g.diag(c, v) {
			for k := 0; k < 4; k++ {
				if g.corner[y][k] != v && g.corner[y][(k+1)%4] != v {
					if z := g.across(y, k); z >= 0 {
						set[z] = true
					}
				}
			}
		}
	}
	delete(set, c)
	var out []int
	for z := range set {
		out = append(out, z)
	}
	sort.Ints(out)
	return out
}

// forward returns the index of a pawn's forward edge: toward local rank 4
// (the edge of corners 2, 3) while it has not crossed, toward the back rank
// of the half it is in (corners 0, 1) once it has (readings 6.4).
func tmForward(crossed bool) int {
	if crossed {
		return 0
	}
	return 2
}

// tmPos is a position: per cell its piece, owner and whether a pawn has
// crossed into another half; the seat to move, seats out, and the game's
// end (-2: on; -1: a draw; 0..2: the winner).
type tmPos struct {
	kind    [96]int8
	owner   [96]int8
	crossed [96]bool
	toMove  int
	out     [3]bool
	result  int
	// en passant: per seat that last double-stepped and has not moved
	// since, the skipped cell and the pawn's cell (-1: none)
	epSkip, epPawn [3]int
	// castling rights: king and rooks unmoved, per cell of their start
	moved [96]bool
	// noEP, noCastle leave en passant and castling out (for comparing with
	// an engine variant without them)
	noEP, noCastle bool
}

var tmG = newTmGeo()

// tmStart is the start position (readings 6.5).
func tmStart() *tmPos {
	p := &tmPos{result: -2}
	back := []int8{tmRook, tmKnight, tmBishop, tmQueen, tmKing, tmBishop, tmKnight, tmRook}
	for h := 0; h < 3; h++ {
		for lf := 0; lf < 8; lf++ {
			c := h*32 + lf
			p.kind[c], p.owner[c] = back[lf], int8(h)
			p.kind[c+8], p.owner[c+8] = tmPawn, int8(h)
		}
	}
	for i := range p.owner {
		if p.kind[i] == tmEmpty {
			p.owner[i] = -1
		}
	}
	for s := 0; s < 3; s++ {
		p.epSkip[s], p.epPawn[s] = -1, -1
	}
	return p
}

type tmMove struct {
	from, to int
	promo    int8 // the kind a pawn becomes, or 0
	ep       int  // en passant: the cell of the pawn taken, or -1
	castle   int  // castling: the rook's cell, or -1
	double   bool
}

func (p *tmPos) clone() *tmPos { q := *p; return &q }

// pseudo lists the moves of seat s by the pieces' movement alone (and,
// with attacksOnly, only the captures, en passant excluded: what "could
// take" a king means).
func (p *tmPos) pseudo(s int, attacksOnly bool) []tmMove {
	g := tmG
	var out []tmMove
	add := func(from, to int) {
		out = append(out, tmMove{from: from, to: to, ep: -1, castle: -1})
	}
	enemy := func(c int) bool { return p.kind[c] != tmEmpty && int(p.owner[c]) != s }
	for c := 0; c < 96; c++ {
		if p.kind[c] == tmEmpty || int(p.owner[c]) != s {
			continue
		}
		k := p.kind[c]
		slide := func(line []int, far bool) {
			for i, z := range line {
				if !far && i > 0 {
					return
				}
				if p.kind[z] == tmEmpty {
					if !attacksOnly {
						add(c, z)
					}
					continue
				}
				if enemy(z) {
					add(c, z)
				}
				return
			}
		}
		orth := k == tmRook || k == tmQueen || k == tmKing
		dia := k == tmBishop || k == tmQueen || k == tmKing
		far := k != tmKing
		if orth {
			for e := 0; e < 4; e++ {
				slide(g.orthC[c][e], far)
			}
		}
		if dia {
			// the branches of a fork share their cells up to the centre:
			// a target is one move, however many lines reach it
			seen := map[int]bool{}
			for v := 0; v < 4; v++ {
				for _, line := range g.diagC[c][v] {
					for i, z := range line {
						if !far && i > 0 {
							break
						}
						if seen[z] {
							if p.kind[z] != tmEmpty {
								break
							}
							continue
						}
						seen[z] = true
						if p.kind[z] == tmEmpty {
							if !attacksOnly {
								add(c, z)
							}
							continue
						}
						if enemy(z) {
							add(c, z)
						}
						break
					}
				}
			}
		}
		if k == tmKnight {
			for _, z := range g.knightC[c] {
				if p.kind[z] == tmEmpty && !attacksOnly || enemy(z) {
					add(c, z)
				}
			}
		}
		if k == tmPawn {
			fe := tmForward(p.crossed[c])
			fwd := g.across(c, fe)
			for _, ck := range []int{fe, (fe + 1) % 4} {
				for _, z := range g.diagT[c][ck] {
					if enemy(z) {
						out = append(out, p.promos(c, z, -1)...)
					} else if !attacksOnly && !p.noEP && p.kind[z] == tmEmpty {
						// en passant by either enemy: z is a cell an
						// enemy's pawn skipped, the pawn still there
						for e := 0; e < 3; e++ {
							if e != s && p.epSkip[e] == z && p.kind[p.epPawn[e]] == tmPawn && int(p.owner[p.epPawn[e]]) == e {
								out = append(out, tmMove{from: c, to: z, ep: p.epPawn[e], castle: -1})
							}
						}
					}
				}
			}
			if attacksOnly || fwd < 0 || p.kind[fwd] != tmEmpty {
				continue
			}
			out = append(out, p.promos(c, fwd, -1)...)
			// double step from rank 2 of the half it started in
			lr := (c%32)/8 + 1
			if !p.crossed[c] && lr == 2 {
				if two := g.across(fwd, tmForward(false)); two >= 0 && p.kind[two] == tmEmpty {
					out = append(out, tmMove{from: c, to: two, ep: -1, castle: -1, double: true})
				}
			}
		}
	}
	if !attacksOnly && !p.noCastle {
		out = append(out, p.castlings(s)...)
	}
	return out
}

// promos returns a pawn's move to z: four moves when z is on local rank 1
// of the half it lies in, which a pawn reaches only there (readings 6.4).
func (p *tmPos) promos(from, z, ep int) []tmMove {
	if (z%32)/8 != 0 {
		return []tmMove{{from: from, to: z, ep: ep, castle: -1}}
	}
	var out []tmMove
	for _, k := range []int8{tmQueen, tmRook, tmBishop, tmKnight} {
		out = append(out, tmMove{from: from, to: z, ep: ep, castle: -1, promo: k})
	}
	return out
}

// castlings: king on local e1 and a rook on local h1 or a1, neither moved,
// the cells between empty, the king not in check, the cells it crosses and
// lands on not attacked (readings 6.6, Castling).
func (p *tmPos) castlings(s int) []tmMove {
	king := s*32 + 4
	if p.out[s] || p.kind[king] != tmKing || int(p.owner[king]) != s || p.moved[king] {
		return nil
	}
	var out []tmMove
	for _, side := range []struct{ rook, to, cross int }{{7, 6, 5}, {0, 2, 3}} {
		rook := s*32 + side.rook
		if p.kind[rook] != tmRook || int(p.owner[rook]) != s || p.moved[rook] {
			continue
		}
		lo, hi := side.rook, 4
		if lo > hi {
			lo, hi = hi, lo
		}
		clear := true
		for f := lo + 1; f < hi; f++ {
			clear = clear && p.kind[s*32+f] == tmEmpty
		}
		if !clear || p.attacked(king, s) || p.attacked(s*32+side.cross, s) || p.attacked(s*32+side.to, s) {
			continue
		}
		out = append(out, tmMove{from: king, to: s*32 + side.to, ep: -1, castle: rook})
	}
	return out
}

// attacked reports whether a piece of an enemy of seat s could take on c.
func (p *tmPos) attacked(c, s int) bool {
	for e := 0; e < 3; e++ {
		if e != s && !p.out[e] && p.attackedBy(c, e) {
			return true
		}
	}
	return false
}

func (p *tmPos) attackedBy(c, e int) bool {
	for x := 0; x < 96; x++ {
		if p.kind[x] != tmEmpty && int(p.owner[x]) == e && p.canTake(x, c) {
			return true
		}
	}
	return false
}

// canTake reports whether the piece on x could move onto c by its
// movement (c holding another seat's piece).
func (p *tmPos) canTake(x, c int) bool {
	g := tmG
	k := p.kind[x]
	reach := func(line []int, far bool) bool {
		for i, z := range line {
			if z == c {
				return true
			}
			if !far || p.kind[z] != tmEmpty || i > 8 {
				return false
			}
		}
		return false
	}
	far := k != tmKing
	if k == tmRook || k == tmQueen || k == tmKing {
		for e := 0; e < 4; e++ {
			if reach(g.orthC[x][e], far) {
				return true
			}
		}
	}
	if k == tmBishop || k == tmQueen || k == tmKing {
		for v := 0; v < 4; v++ {
			for _, line := range g.diagC[x][v] {
				if reach(line, far) {
					return true
				}
			}
		}
	}
	switch k {
	case tmKnight:
		for _, z := range g.knightC[x] {
			if z == c {
				return true
			}
		}
	case tmPawn:
		fe := tmForward(p.crossed[x])
		for _, z := range g.diagT[x][fe] {
			if z == c {
				return true
			}
		}
		for _, z := range g.diagT[x][(fe+1)%4] {
			if z == c {
				return true
			}
		}
	}
	return false
}

func (p *tmPos) kingOf(s int) int {
	for c := 0; c < 96; c++ {
		if p.kind[c] == tmKing && int(p.owner[c]) == s {
			return c
		}
	}
	return -1
}

// inCheck: a piece of either enemy could take s's king (readings 6.6).
func (p *tmPos) inCheck(s int) bool {
	k := p.kingOf(s)
	return k >= 0 && p.attacked(k, s)
}

func (p *tmPos) alive() int {
	n := 0
	for _, o := range p.out {
		if !o {
			n++
		}
	}
	return n
}

// next returns the seat after s in play order, skipping seats out.
func (p *tmPos) next(s int) int {
	for i := 1; i <= 3; i++ {
		if t := (s + i) % 3; !p.out[t] {
			return t
		}
	}
	return s
}

// prev returns the seat before s in play order, skipping seats out.
func (p *tmPos) prev(s int) int {
	for i := 1; i <= 3; i++ {
		if t := (s + 3 - i) % 3; !p.out[t] {
			return t
		}
	}
	return s
}

// apply plays m for the seat to move (no turn change).
func (p *tmPos) apply(m tmMove) {
	s := p.toMove
	k, cr := p.kind[m.from], p.crossed[m.from]
	if m.ep >= 0 {
		p.kind[m.ep], p.owner[m.ep], p.crossed[m.ep] = tmEmpty, -1, false
	}
	p.moved[m.from], p.moved[m.to] = true, true
	if m.castle >= 0 {
		rookTo := s*32 + 5
		if m.castle%32 == 0 {
			rookTo = s*32 + 3
		}
		p.kind[rookTo], p.owner[rookTo] = tmRook, int8(s)
		p.kind[m.castle], p.owner[m.castle] = tmEmpty, -1
		p.moved[m.castle], p.moved[rookTo] = true, true
	}
	p.kind[m.from], p.owner[m.from], p.crossed[m.from] = tmEmpty, -1, false
	if k == tmPawn && tmG.half(m.from) != tmG.half(m.to) {
		cr = true
	}
	if m.promo != 0 {
		k = m.promo
	}
	p.kind[m.to], p.owner[m.to], p.crossed[m.to] = k, int8(s), cr && k == tmPawn
	// the mover's own en passant mark ends when he moves again; a double
	// step sets a new one
	p.epSkip[s], p.epPawn[s] = -1, -1
	if m.double {
		p.epSkip[s], p.epPawn[s] = tmG.across(m.from, tmForward(false)), m.to
	}
}

// legal lists the legal moves of the seat to move: rule 1 (the mover's
// king not attacked afterwards) and, with expose and three seats in, rule 2
// (the third player's king not attacked by the next player).
func (p *tmPos) legal(expose bool) []tmMove {
	s := p.toMove
	var out []tmMove
	for _, m := range p.pseudo(s, false) {
		q := p.clone()
		q.apply(m)
		if q.inCheck(s) {
			continue
		}
		if expose && p.alive() == 3 {
			third, nxt := p.prev(s), p.next(s)
			if k := q.kingOf(third); k >= 0 && q.attackedBy(k, nxt) {
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// name writes m as the engine does: FROM-TO, FROMxTO for a capture, =K for
// a promotion, the castling king's move.
func (p *tmPos) name(m tmMove) string {
	if m.castle >= 0 {
		if m.castle%32 == 7 {
			return "O-O"
		}
		return "O-O-O"
	}
	sep := "-"
	if p.kind[m.to] != tmEmpty {
		sep = "x"
	}
	if m.ep >= 0 {
		sep = "x"
	}
	out := tmG.name[m.from] + sep + tmG.name[m.to]
	if m.promo != 0 {
		out += "=" + tmGlyph[m.promo]
	}
	return out
}

// settle applies the end of readings 6.7 at the start of a turn: a seat
// with no legal move is mated (in check) or stalemated; a mate with three
// in removes the king and gives the other pieces to the mater, and play
// goes on; otherwise the game ends. It loops while the seat to move is
// stuck.
func (p *tmPos) settle(expose bool) {
	for p.result == -2 {
		s := p.toMove
		if len(p.legal(expose)) > 0 {
			return
		}
		if !p.inCheck(s) {
			p.result = -1 // stalemate: a draw among those still in
			return
		}
		// the mater: the first checking enemy counting backwards
		k := p.kingOf(s)
		mater := -1
		for e := p.prev(s); e != s; e = p.prev(e) {
			if p.attackedBy(k, e) {
				mater = e
				break
			}
		}
		if p.alive() == 2 {
			p.result = mater
			return
		}
		p.kind[k], p.owner[k] = tmEmpty, -1
		for c := 0; c < 96; c++ {
			if p.kind[c] != tmEmpty && int(p.owner[c]) == s {
				p.owner[c] = int8(mater)
			}
		}
		p.out[s] = true
		p.epSkip[s], p.epPawn[s] = -1, -1
		p.toMove = p.next(s)
	}
}

// play plays m and passes the turn, then settles.
func (p *tmPos) play(m tmMove, expose bool) {
	p.apply(m)
	p.toMove = p.next(p.toMove)
	p.settle(expose)
}

func (p *tmPos) moveNames(expose bool) []string {
	if p.result != -2 {
		return nil
	}
	var out []string
	for _, m := range p.legal(expose) {
		out = append(out, p.name(m))
	}
	sort.Strings(out)
	return out
}

func (p *tmPos) perft(d int, expose bool) uint64 {
	if d == 0 {
		return 1
	}
	ms := p.legal(expose)
	if d == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		q := p.clone()
		q.play(m, expose)
		if q.result == -2 {
			n += q.perft(d-1, expose)
		}
	}
	return n
}

// findMove returns the legal move written text.
func (p *tmPos) findMove(text string, expose bool) (tmMove, bool) {
	for _, m := range p.legal(expose) {
		if strings.EqualFold(p.name(m), text) {
			return m, true
		}
	}
	return tmMove{}, false
}
