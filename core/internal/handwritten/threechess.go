package handwritten

import (
	"fmt"
	"math/rand/v2"
)

// ThreeChess is a hand-written three-player chess on the 96-cell board
// (shared/rules/traditional-readings.md, 6. CHESS, 3-PLAYER): the forking
// diagonals at the centre, the union knight, pawns that cross into the half
// their file leads to, en passant by either enemy, castling, check among
// three kings with the rule against exposing the third player's king to
// the next, mate with elimination and the mated army passing to the mater,
// stalemate, and the variant's ply cap. It is the speed reference for the
// framework's three-player chess and is not used by the engine.
//
// Cells are numbered half*32 + rank*8 + file in each player's local
// coordinates (half 0 White, 1 Black, 2 Red; rank 0 the back rank, 3 the
// rank at the centre; file 0 local a). Moves are generated pseudo-legally,
// then each is made on the board, tested by attack walks back from the
// kings, and unmade.
type ThreeChess struct {
	p      tcPos
	Expose bool // readings 6.6 rule 2 (the variant's expose_rule)
	moves  [2][]TCMove
}

// ThreeChessPlyLimit is the ply cap of the variant (its ply_limit).
const ThreeChessPlyLimit = 600

// Piece kinds.
const (
	tcEmpty int8 = iota
	tcKing
	tcQueen
	tcRook
	tcBishop
	tcKnight
	tcPawn
)

var tcGlyph = [...]string{"", "K", "Q", "R", "B", "N", "P"}

// TCMove packs from (7 bits), to (7 bits), the promotion kind (3 bits),
// the kind of move (2 bits: plain, double step, en passant, castling) and
// the cell of the pawn taken en passant or of the castling rook (7 bits).
type TCMove uint32

const (
	tcPlain = iota
	tcDouble
	tcEP
	tcCastle
)

func mkTC(from, to int, promo int8, flag, aux int) TCMove {
	return TCMove(from | to<<7 | int(promo)<<14 | flag<<17 | aux<<19)
}

func (m TCMove) from() int        { return int(m & 127) }
func (m TCMove) to() int          { return int(m>>7) & 127 }
func (m TCMove) promo() int8      { return int8(m>>14) & 7 }
func (m TCMove) flag() int        { return int(m>>17) & 3 }
func (m TCMove) aux() int         { return int(m>>19) & 127 }
func tcLeft(h int) int            { return (h + 1) % 3 } // Black is White's left neighbour
func tcRight(h int) int           { return (h + 2) % 3 }
func tcCell(h, f, r int) int      { return h*32 + r*8 + f }
func tcSplit(c int) (h, f, r int) { return c / 32, c % 8, (c % 32) / 8 }

// tcNode is one cell of a line tree from a cell: its depth (1 for a
// neighbour) and the index after its subtree (where the walk goes when the
// cell is occupied).
type tcNode struct {
	cell, depth int8
	skip        int16
}

var (
	tcNames   [96]string
	tcOrth    [96][]tcNode // the four rank and file lines
	tcDiag    [96][]tcNode // the diagonal lines, forking at the centre
	tcKingT   [96][]int8
	tcKnightT [96][]int8
	// per cell and crossed (0 or 1): the pawn's forward cell (-1: none),
	// its capture targets, and the cells a pawn capturing onto the cell
	// stands on
	tcFwd    [96][2]int8
	tcCap    [96][2][]int8
	tcCapRev [96][2][]int8
)

// tcStepTo lists the cells one step from c in local direction (df, dr)
// (of c's half), each with the direction carried into the cell's half: a
// step across the rank-4 edge lands in the neighbour's half with files
// and ranks reversed; a diagonal step through the centre reaches the two
// same-coloured central cells (readings 6.1, 6.2).
func tcStepTo(c, df, dr int) (cells []int, dirs [][2]int) {
	h, f, r := tcSplit(c)
	nf, nr := f+df, r+dr
	if nf < 0 || nf > 7 || nr < 0 {
		return nil, nil
	}
	if nr <= 3 {
		return []int{tcCell(h, nf, nr)}, [][2]int{{df, dr}}
	}
	if df == 0 {
		h2 := tcRight(h)
		if f < 4 {
			h2 = tcLeft(h)
		}
		return []int{tcCell(h2, 7-f, 3)}, [][2]int{{0, -1}}
	}
	x := f
	if df > 0 {
		x = f + 1
	}
	if x == 4 {
		for h2 := 0; h2 < 3; h2++ {
			if h2 != h {
				cells = append(cells, tcCell(h2, f, 3))
				dirs = append(dirs, [2]int{-df, -1})
			}
		}
		return cells, dirs
	}
	h2 := tcRight(h)
	if x < 4 {
		h2 = tcLeft(h)
	}
	return []int{tcCell(h2, 7-nf, 3)}, [][2]int{{-df, -1}}
}

// tcTree appends the line tree from c along (df, dr): each cell is left in
// the direction it was entered by (so by the opposite edge or corner).
func tcTree(out []tcNode, c, df, dr, depth int) []tcNode {
	cells, dirs := tcStepTo(c, df, dr)
	for i, z := range cells {
		at := len(out)
		out = append(out, tcNode{cell: int8(z), depth: int8(depth)})
		out = tcTree(out, z, dirs[i][0], dirs[i][1], depth+1)
		out[at].skip = int16(len(out))
	}
	return out
}

func init() {
	files := [3]string{"abcdefgh", "lkjidcba", "hgfeijkl"}
	for c := 0; c < 96; c++ {
		h, f, r := tcSplit(c)
		tcNames[c] = fmt.Sprintf("%c%d", files[h][f], [3]int{r + 1, 8 - r, 12 - r}[h])
	}
	orth := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	diag := [4][2]int{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}
	for c := 0; c < 96; c++ {
		for _, d := range orth {
			tcOrth[c] = tcTree(tcOrth[c], c, d[0], d[1], 1)
		}
		for _, d := range diag {
			tcDiag[c] = tcTree(tcDiag[c], c, d[0], d[1], 1)
		}
		for _, ns := range [][]tcNode{tcOrth[c], tcDiag[c]} {
			for _, n := range ns {
				if n.depth == 1 {
					tcKingT[c] = append(tcKingT[c], n.cell)
				}
			}
		}
		// knight (readings 6.3): an orthogonal step, then a diagonal step
		// through a corner of the middle cell off the edge crossed; united
		// with a diagonal step, then an orthogonal step across an edge off
		// the corner used
		set := map[int]bool{}
		for _, d := range orth {
			ys, ds := tcStepTo(c, d[0], d[1])
			for i, y := range ys {
				a, b := ds[i][0], ds[i][1]
				for _, e := range [2][2]int{{a + b, b + a}, {a - b, b - a}} {
					zs, _ := tcStepTo(y, e[0], e[1])
					for _, z := range zs {
						set[z] = true
					}
				}
			}
		}
		for _, d := range diag {
			ys, ds := tcStepTo(c, d[0], d[1])
			for i, y := range ys {
				a, b := ds[i][0], ds[i][1]
				for _, e := range [2][2]int{{a, 0}, {0, b}} {
					zs, _ := tcStepTo(y, e[0], e[1])
					for _, z := range zs {
						set[z] = true
					}
				}
			}
		}
		delete(set, c)
		for z := 0; z < 96; z++ {
			if set[z] {
				tcKnightT[c] = append(tcKnightT[c], int8(z))
			}
		}
		// pawns (readings 6.4): forward is toward rank 4 before crossing,
		// toward the back rank of the half it is in after
		for cr := 0; cr < 2; cr++ {
			dr := 1
			if cr == 1 {
				dr = -1
			}
			tcFwd[c][cr] = -1
			if zs, _ := tcStepTo(c, 0, dr); len(zs) == 1 {
				tcFwd[c][cr] = int8(zs[0])
			}
			for _, df := range [2]int{-1, 1} {
				zs, _ := tcStepTo(c, df, dr)
				for _, z := range zs {
					tcCap[c][cr] = append(tcCap[c][cr], int8(z))
					tcCapRev[z][cr] = append(tcCapRev[z][cr], int8(c))
				}
			}
		}
	}
}

// tcPos is a position; a plain value, copied to undo.
type tcPos struct {
	kind    [96]int8
	owner   [96]int8 // -1 on an empty cell
	crossed [96]bool // a pawn that has entered another half
	moved   [96]bool // a move has left or reached the cell (castling rights)
	king    [3]int   // each seat's king, -1 once out
	out     [3]bool
	alive   int
	toMove  int
	plies   int
	result  int // -2 on, -1 a draw, else the winner
	// en passant: per seat, the cell its last double step skipped and the
	// pawn's cell, until it moves again (-1: none)
	epSkip, epPawn [3]int
}

// NewThreeChess returns the start position, with the rule against exposing
// the third player's king (the variant's default).
func NewThreeChess() *ThreeChess {
	x := &ThreeChess{Expose: true}
	x.moves[0] = make([]TCMove, 0, 256)
	x.moves[1] = make([]TCMove, 0, 256)
	x.Reset()
	return x
}

// Reset sets up the start position (readings 6.5).
func (x *ThreeChess) Reset() {
	p := &x.p
	*p = tcPos{alive: 3, result: -2}
	back := [8]int8{tcRook, tcKnight, tcBishop, tcQueen, tcKing, tcBishop, tcKnight, tcRook}
	for c := range p.owner {
		p.owner[c] = -1
	}
	for h := 0; h < 3; h++ {
		for f := 0; f < 8; f++ {
			p.kind[tcCell(h, f, 0)], p.owner[tcCell(h, f, 0)] = back[f], int8(h)
			p.kind[tcCell(h, f, 1)], p.owner[tcCell(h, f, 1)] = tcPawn, int8(h)
		}
		p.king[h] = tcCell(h, 4, 0)
		p.epSkip[h], p.epPawn[h] = -1, -1
	}
}

func (p *tcPos) next(s int) int {
	for i := 1; i <= 3; i++ {
		if t := (s + i) % 3; !p.out[t] {
			return t
		}
	}
	return s
}

func (p *tcPos) prev(s int) int {
	for i := 1; i <= 3; i++ {
		if t := (s + 3 - i) % 3; !p.out[t] {
			return t
		}
	}
	return s
}

// attacked reports whether a piece of a seat other than self (and, when
// only >= 0, of only) could take on t.
func (p *tcPos) attacked(t int, self, only int8) bool {
	ns := tcOrth[t]
	for i := 0; i < len(ns); {
		c := ns[i].cell
		k := p.kind[c]
		if k == tcEmpty {
			i++
			continue
		}
		if o := p.owner[c]; o != self && (only < 0 || o == only) &&
			(k == tcRook || k == tcQueen || (k == tcKing && ns[i].depth == 1)) {
			return true
		}
		i = int(ns[i].skip)
	}
	ns = tcDiag[t]
	for i := 0; i < len(ns); {
		c := ns[i].cell
		k := p.kind[c]
		if k == tcEmpty {
			i++
			continue
		}
		if o := p.owner[c]; o != self && (only < 0 || o == only) &&
			(k == tcBishop || k == tcQueen || (k == tcKing && ns[i].depth == 1)) {
			return true
		}
		i = int(ns[i].skip)
	}
	for _, c := range tcKnightT[t] {
		if o := p.owner[c]; p.kind[c] == tcKnight && o != self && (only < 0 || o == only) {
			return true
		}
	}
	for cr := 0; cr < 2; cr++ {
		for _, c := range tcCapRev[t][cr] {
			if o := p.owner[c]; p.kind[c] == tcPawn && p.crossed[c] == (cr == 1) && o != self && (only < 0 || o == only) {
				return true
			}
		}
	}
	return false
}

// pawnMoves appends a pawn's move to z: four promotions on a back rank.
func pawnMoves(out []TCMove, from, z, flag, aux int) []TCMove {
	if (z%32)/8 != 0 {
		return append(out, mkTC(from, z, 0, flag, aux))
	}
	for _, k := range [4]int8{tcQueen, tcRook, tcBishop, tcKnight} {
		out = append(out, mkTC(from, z, k, flag, aux))
	}
	return out
}

// pseudo appends the moves of the seat to move by the pieces' movement.
func (p *tcPos) pseudo(out []TCMove) []TCMove {
	s := int8(p.toMove)
	for c := 0; c < 96; c++ {
		if p.owner[c] != s {
			continue
		}
		k := p.kind[c]
		switch k {
		case tcKing:
			for _, z := range tcKingT[c] {
				if p.owner[z] != s {
					out = append(out, mkTC(c, int(z), 0, tcPlain, 0))
				}
			}
		case tcKnight:
			for _, z := range tcKnightT[c] {
				if p.owner[z] != s {
					out = append(out, mkTC(c, int(z), 0, tcPlain, 0))
				}
			}
		case tcPawn:
			cr := 0
			if p.crossed[c] {
				cr = 1
			}
			if f := tcFwd[c][cr]; f >= 0 && p.kind[f] == tcEmpty {
				out = pawnMoves(out, c, int(f), tcPlain, 0)
				if cr == 0 && (c%32)/8 == 1 {
					if f2 := tcFwd[f][0]; f2 >= 0 && p.kind[f2] == tcEmpty {
						out = append(out, mkTC(c, int(f2), 0, tcDouble, 0))
					}
				}
			}
			for _, z := range tcCap[c][cr] {
				if o := p.owner[z]; o >= 0 && o != s {
					out = pawnMoves(out, c, int(z), tcPlain, 0)
				} else if o < 0 {
					// en passant: z skipped by an enemy's double step whose
					// pawn still stands where it landed
					for e := 0; e < 3; e++ {
						if e != int(s) && p.epSkip[e] == int(z) && p.kind[p.epPawn[e]] == tcPawn && int(p.owner[p.epPawn[e]]) == e {
							out = append(out, mkTC(c, int(z), 0, tcEP, p.epPawn[e]))
						}
					}
				}
			}
		default:
			if k == tcRook || k == tcQueen {
				ns := tcOrth[c]
				for i := 0; i < len(ns); {
					z := ns[i].cell
					if p.kind[z] == tcEmpty {
						out = append(out, mkTC(c, int(z), 0, tcPlain, 0))
						i++
						continue
					}
					if p.owner[z] != s {
						out = append(out, mkTC(c, int(z), 0, tcPlain, 0))
					}
					i = int(ns[i].skip)
				}
			}
			if k == tcBishop || k == tcQueen {
				ns := tcDiag[c]
				for i := 0; i < len(ns); {
					z := ns[i].cell
					if p.kind[z] == tcEmpty {
						out = append(out, mkTC(c, int(z), 0, tcPlain, 0))
						i++
						continue
					}
					if p.owner[z] != s {
						out = append(out, mkTC(c, int(z), 0, tcPlain, 0))
					}
					i = int(ns[i].skip)
				}
			}
		}
	}
	return p.castlings(out)
}

// castlings appends the castling moves (readings 6.6): king on local e1
// and rook on local h1 or a1, neither moved, the cells between empty, the
// king not in check nor crossing or landing on an attacked cell.
func (p *tcPos) castlings(out []TCMove) []TCMove {
	s := p.toMove
	king := tcCell(s, 4, 0)
	if p.kind[king] != tcKing || int(p.owner[king]) != s || p.moved[king] {
		return out
	}
	for _, side := range [2][3]int{{7, 6, 5}, {0, 2, 3}} {
		rook := tcCell(s, side[0], 0)
		if p.kind[rook] != tcRook || int(p.owner[rook]) != s || p.moved[rook] {
			continue
		}
		lo, hi := min(side[0], 4), max(side[0], 4)
		clear := true
		for f := lo + 1; f < hi; f++ {
			clear = clear && p.kind[tcCell(s, f, 0)] == tcEmpty
		}
		if !clear || p.attacked(king, int8(s), -1) || p.attacked(tcCell(s, side[2], 0), int8(s), -1) ||
			p.attacked(tcCell(s, side[1], 0), int8(s), -1) {
			continue
		}
		out = append(out, mkTC(king, tcCell(s, side[1], 0), 0, tcCastle, rook))
	}
	return out
}

// legal reports whether m leaves the mover's king unattacked and, while
// three play (with Expose), the third player's king unattacked by the
// next; it makes m on the board, tests and unmakes it.
func (p *tcPos) legal(m TCMove, expose bool) bool {
	s := p.toMove
	from, to := m.from(), m.to()
	kf, of := p.kind[from], p.owner[from]
	kt, ot := p.kind[to], p.owner[to]
	aux := m.aux()
	var ka, oa int8
	rt := -1
	switch m.flag() {
	case tcEP:
		ka, oa = p.kind[aux], p.owner[aux]
		p.kind[aux], p.owner[aux] = tcEmpty, -1
	case tcCastle:
		// the rook's move may open or close a line too
		rt = tcCell(s, 5, 0)
		if aux%8 == 0 {
			rt = tcCell(s, 3, 0)
		}
		p.kind[rt], p.owner[rt] = tcRook, int8(s)
		p.kind[aux], p.owner[aux] = tcEmpty, -1
	}
	p.kind[to], p.owner[to] = kf, of
	p.kind[from], p.owner[from] = tcEmpty, -1
	crF, crT := p.crossed[from], p.crossed[to]
	p.crossed[to] = crF
	kc := p.king[s]
	if kf == tcKing {
		kc = to
	}
	ok := !p.attacked(kc, int8(s), -1)
	if ok && expose && p.alive == 3 {
		third, nxt := p.prev(s), p.next(s)
		ok = !p.attacked(p.king[third], int8(third), int8(nxt))
	}
	p.kind[from], p.owner[from], p.crossed[from] = kf, of, crF
	p.kind[to], p.owner[to], p.crossed[to] = kt, ot, crT
	switch m.flag() {
	case tcEP:
		p.kind[aux], p.owner[aux] = ka, oa
	case tcCastle:
		p.kind[aux], p.owner[aux] = tcRook, int8(s)
		p.kind[rt], p.owner[rt] = tcEmpty, -1
	}
	return ok
}

// apply plays m for the seat to move and passes the turn (settling the
// next seat's position is left to the caller).
func (p *tcPos) apply(m TCMove) {
	s := p.toMove
	from, to := m.from(), m.to()
	k, cr := p.kind[from], p.crossed[from]
	switch m.flag() {
	case tcEP:
		a := m.aux()
		p.kind[a], p.owner[a], p.crossed[a] = tcEmpty, -1, false
	case tcCastle:
		a := m.aux()
		rt := tcCell(s, 5, 0)
		if a%8 == 0 {
			rt = tcCell(s, 3, 0)
		}
		p.kind[rt], p.owner[rt], p.moved[rt] = tcRook, int8(s), true
		p.kind[a], p.owner[a], p.moved[a] = tcEmpty, -1, true
	}
	p.moved[from], p.moved[to] = true, true
	if k == tcPawn && from/32 != to/32 {
		cr = true
	}
	if pr := m.promo(); pr != 0 {
		k, cr = pr, false
	}
	p.kind[from], p.owner[from], p.crossed[from] = tcEmpty, -1, false
	p.kind[to], p.owner[to], p.crossed[to] = k, int8(s), cr
	if k == tcKing {
		p.king[s] = to
	}
	p.epSkip[s], p.epPawn[s] = -1, -1
	if m.flag() == tcDouble {
		p.epSkip[s], p.epPawn[s] = int(tcFwd[from][0]), to
	}
	p.toMove = p.next(s)
	p.plies++
}

// Moves fills out with the legal moves of the seat to move.
func (x *ThreeChess) Moves(out []TCMove) []TCMove {
	p := &x.p
	pseudo := p.pseudo(x.moves[1][:0])
	x.moves[1] = pseudo[:0]
	out = out[:0]
	for _, m := range pseudo {
		if p.legal(m, x.Expose) {
			out = append(out, m)
		}
	}
	return out
}

// settle ends or goes on at the start of a turn with no legal move
// (readings 6.7): mate eliminates the mated seat while three play (its
// king removed, its pieces the mater's) and ends the game while two do;
// stalemate is a draw. It returns the legal moves of the seat to move.
func (x *ThreeChess) settle(out []TCMove) []TCMove {
	p := &x.p
	if p.plies >= ThreeChessPlyLimit && p.result == -2 {
		p.result = -1 // the cap stops the game undecided
	}
	for {
		if p.result != -2 {
			return out[:0]
		}
		out = x.Moves(out)
		if len(out) > 0 {
			return out
		}
		s := p.toMove
		k := p.king[s]
		if !p.attacked(k, int8(s), -1) {
			p.result = -1
			return out
		}
		mater := -1
		for e := p.prev(s); e != s; e = p.prev(e) {
			if p.attacked(k, int8(s), int8(e)) {
				mater = e
				break
			}
		}
		if p.alive == 2 {
			p.result = mater
			return out
		}
		p.kind[k], p.owner[k] = tcEmpty, -1
		for c := 0; c < 96; c++ {
			if int(p.owner[c]) == s {
				p.owner[c] = int8(mater)
			}
		}
		p.out[s], p.king[s] = true, -1
		p.alive--
		p.epSkip[s], p.epPawn[s] = -1, -1
		p.toMove = p.next(s)
	}
}

// PlayoutThreeChess plays uniformly random legal moves from the start
// until the game ends or reaches the ply cap; it returns the plies.
func PlayoutThreeChess(x *ThreeChess, rng *rand.Rand) int {
	x.Reset()
	for x.p.plies < ThreeChessPlyLimit {
		moves := x.settle(x.moves[0])
		x.moves[0] = moves[:0]
		if len(moves) == 0 {
			break
		}
		x.p.apply(moves[rng.IntN(len(moves))])
	}
	return x.p.plies
}

// PerftThreeChess counts the legal ply sequences of exactly depth plies
// (readings 6.8: eliminations are not plies).
func PerftThreeChess(x *ThreeChess, depth int) int {
	if depth == 0 {
		return 1
	}
	var buf [256]TCMove
	moves := x.settle(buf[:0])
	if depth == 1 {
		return len(moves)
	}
	n := 0
	saved := x.p
	for _, m := range moves {
		x.p.apply(m)
		n += PerftThreeChess(x, depth-1)
		x.p = saved
	}
	return n
}

// Legal returns the legal moves of the position written as the engine
// writes them (d2-d4, d4xi5, d7-d8=Q, O-O), after settling a seat with no
// move; none once the game is over.
func (x *ThreeChess) Legal() []string {
	var out []string
	for _, m := range x.settle(nil) {
		out = append(out, x.Name(m))
	}
	return out
}

// Name writes m in the engine's notation.
func (x *ThreeChess) Name(m TCMove) string {
	if m.flag() == tcCastle {
		if m.aux()%8 == 7 {
			return "O-O"
		}
		return "O-O-O"
	}
	sep := "-"
	if x.p.kind[m.to()] != tcEmpty || m.flag() == tcEP {
		sep = "x"
	}
	s := tcNames[m.from()] + sep + tcNames[m.to()]
	if m.promo() != 0 {
		s += "=" + tcGlyph[m.promo()]
	}
	return s
}

// PlayName plays the legal move written text; false when there is none.
func (x *ThreeChess) PlayName(text string) bool {
	for _, m := range x.settle(nil) {
		if x.Name(m) == text {
			x.p.apply(m)
			return true
		}
	}
	return false
}

// Result reports whether the game is over and its winner (-1 a draw or
// none).
func (x *ThreeChess) Result() (over bool, winner int) {
	x.settle(nil)
	return x.p.result != -2, x.p.result
}

// ToMove returns the seat to move.
func (x *ThreeChess) ToMove() int { return x.p.toMove }

// Eliminated reports whether seat has been mated out.
func (x *ThreeChess) Eliminated(seat int) bool { return x.p.out[seat] }

// KnightTargets names the cells a knight on cell reaches on the empty
// board, in cell order.
func KnightTargets(cell string) []string {
	var out []string
	for c, n := range tcNames {
		if n == cell {
			for _, z := range tcKnightT[c] {
				out = append(out, tcNames[z])
			}
		}
	}
	return out
}
