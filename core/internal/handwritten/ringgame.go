package handwritten

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// RingGame is a hand-written Ring game as shared/rules/traditional-
// readings.md, Part B, reconstructs it (B.3 to B.11): the 37-space Ring
// (a hexagon of side 4 of the triangular lattice), nine pieces per colour
// (outside shape, inside shape), placements from the Nest, slides over
// the owner's face-up pieces with captures to the victim's Pen, flips of
// the moved piece's new targets and the un-flip at the end of the owner's
// turn, swaps with the Pen, the release (condition sets A and B, G7) as
// the optional first part of a ply, the un-flip-only turn, elimination of
// a colour with nothing in Nest and Ring, and the variant's ply limit. It
// is the speed reference for the framework's traditional/ring-game and is
// not used by the engine.
//
// Spaces are numbered 0..36 in rows (row 1 a1..d1 first); a piece is
// seat*9 + outside*3 + inside, shapes 0 square, 1 circle, 2 hex.
//
// NewRingGameNeutral plays the optional 2-player variant instead (B.12, as
// traditional/ring-game-neutral reads it): Yellow's pieces (18..26) are
// neutral, either player moves them, and a move carries the mover's choice
// of the neutral pieces face down after it.
type RingGame struct {
	seats int
	// neutral: the B.12 variant; barred: the neutral piece slid or placed
	// on the last turn, + 1 (it may not move now).
	neutral bool
	barred  int8
	at      [rgN]int8 // piece + 1 on a space, 0 empty
	loc     [27]int8
	cell    [27]int8
	down    uint32 // face-down pieces
	nest    [3]int8
	ring    [3]int8
	pen     [3]int8
	out     [3]bool
	hadCap  [3]bool // could capture at the start of its latest turn (B.8 B)
	toMove  int
	ply     int
	over    bool
	winner  int
	// capNow caches canCapture(toMove) for the position Moves last saw
	// (capPly): Play records it without walking again.
	capNow bool
	capPly int
	capOK  bool
	buf    []RingMove
}

// RingMaxPlies is the variant's ply limit (its max_plies parameter).
const RingMaxPlies = 1000

const (
	rgN    = 37
	rgNest = 0
	rgRing = 1
	rgPen  = 2
)

// RingMove packs a move: kind (2 bits: place, slide, swap, pass), the
// released piece + 1 (5 bits, 0: none), the piece (5 bits), the space or
// the incoming piece (6 bits) and, in the B.12 variant, the choice (9 bits:
// bit i set, the i-th candidate in space order is face down after it).
type RingMove uint32

const (
	rmPlace = iota
	rmSlide
	rmSwap
	rmPass
)

func mkRM(kind, rel, piece, arg int) RingMove {
	return RingMove(kind | (rel+1)<<2 | piece<<7 | arg<<12)
}

func (m RingMove) kind() int  { return int(m & 3) }
func (m RingMove) rel() int   { return int(m>>2&31) - 1 }
func (m RingMove) piece() int { return int(m >> 7 & 31) }
func (m RingMove) arg() int   { return int(m >> 12 & 63) }
func (m RingMove) sub() int   { return int(m >> 18 & 511) }

// rgNeutral is the mask of the neutral pieces (B.12).
const rgNeutral = uint32(0x1ff) << 18

var (
	rgCol, rgRow [rgN]int8
	rgIndex      [8][8]int8
	// rgRays[c][d] lists the spaces from c along direction d (B.3: rows,
	// columns and diagonals, both ways).
	rgRays [rgN][6][]int8
)

func init() {
	for c := range rgIndex {
		for r := range rgIndex[c] {
			rgIndex[c][r] = -1
		}
	}
	n := 0
	for r := 1; r <= 7; r++ {
		for c := 1; c <= 7; c++ {
			if c-r <= 3 && r-c <= 3 {
				rgCol[n], rgRow[n] = int8(c), int8(r)
				rgIndex[c][r] = int8(n)
				n++
			}
		}
	}
	dirs := [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}}
	for i := 0; i < rgN; i++ {
		for d, dv := range dirs {
			c, r := int(rgCol[i])+dv[0], int(rgRow[i])+dv[1]
			for c >= 1 && c <= 7 && r >= 1 && r <= 7 && rgIndex[c][r] >= 0 {
				rgRays[i][d] = append(rgRays[i][d], rgIndex[c][r])
				c, r = c+dv[0], r+dv[1]
			}
		}
	}
}

func rgOut(p int) int  { return p % 9 / 3 }
func rgIn(p int) int   { return p % 3 }
func rgSeat(p int) int { return p / 9 }

// NewRingGame returns the start position for 2 or 3 players (B.5).
func NewRingGame(seats int) *RingGame {
	x := &RingGame{seats: seats}
	x.Reset()
	return x
}

// NewRingGameNeutral returns the start of the 2-player variant with Yellow
// neutral (B.12).
func NewRingGameNeutral() *RingGame {
	x := &RingGame{seats: 2, neutral: true}
	x.Reset()
	return x
}

// Reset returns to the start: every piece in its Nest, Blue to move.
func (x *RingGame) Reset() {
	seats, buf, neutral := x.seats, x.buf, x.neutral
	*x = RingGame{seats: seats, winner: -1, buf: buf, neutral: neutral}
	for s := 0; s < 3; s++ {
		if s < seats {
			x.nest[s] = 9
		} else {
			x.out[s] = true
		}
	}
	if neutral {
		x.nest[2] = 9 // the neutral Nest
	}
}

// hasTarget reports whether piece q on space c has a capture target: an
// opposing piece it could take with one slide (B.6).
func (x *RingGame) hasTarget(q, c int) bool {
	me := rgSeat(q)
	want := rgIn(q)
	for d := 0; d < 6; d++ {
		for _, t := range rgRays[c][d] {
			v := int(x.at[t]) - 1
			if v < 0 {
				continue
			}
			if rgSeat(v) == me {
				if x.down&(1<<v) != 0 {
					break
				}
				continue
			}
			if rgOut(v) == want {
				return true
			}
			break
		}
	}
	return false
}

// targetMask returns the capture targets of q on c, moved by seat mover,
// as a mask of pieces (B.12: the mover's pieces stop a neutral piece).
func (x *RingGame) targetMask(q, c, mover int) uint32 {
	me := rgSeat(q)
	want := rgIn(q)
	var m uint32
	for d := 0; d < 6; d++ {
		for _, t := range rgRays[c][d] {
			v := int(x.at[t]) - 1
			if v < 0 {
				continue
			}
			if rgSeat(v) == me {
				if x.down&(1<<v) != 0 {
					break
				}
				continue
			}
			if rgSeat(v) == mover {
				break
			}
			if rgOut(v) == want {
				m |= 1 << v
			}
			break
		}
	}
	return m
}

// canCapture reports whether seat s has a face-up Ring piece with a
// capture target.
func (x *RingGame) canCapture(s int) bool {
	for q := s * 9; q < s*9+9; q++ {
		if x.loc[q] == rgRing && x.down&(1<<q) == 0 && x.hasTarget(q, int(x.cell[q])) {
			return true
		}
	}
	return false
}

// mayRelease is B.8: condition set A or B against the opponents still in
// the game.
func (x *RingGame) mayRelease(capNow bool) bool {
	me := x.toMove
	if x.pen[me] == 0 {
		return false
	}
	a := true
	b := x.nest[me] == 0 && !capNow
	for o := 0; o < x.seats; o++ {
		if o == me || x.out[o] {
			continue
		}
		if !(x.nest[me] < x.nest[o] && x.pen[me] > x.pen[o] && x.ring[me] < x.ring[o]) {
			a = false
		}
		if x.hadCap[o] {
			b = false
		}
	}
	return a || b
}

// standard appends the standard moves (B.6, B.7), the piece rel having
// been released this turn (-1: none); in the B.12 variant also the
// neutral pieces' (placed only while the mover has a piece in the Ring,
// the barred one not moved), each with every choice of its candidates.
func (x *RingGame) standard(out []RingMove, rel int) []RingMove {
	me := x.toMove
	var empty [rgN]int8
	ne := 0
	for c := 0; c < rgN; c++ {
		if x.at[c] == 0 {
			empty[ne] = int8(c)
			ne++
		}
	}
	out = x.movesOf(out, rel, me*9, empty[:ne])
	if x.neutral {
		out = x.movesOf(out, rel, 18, empty[:ne])
	}
	return out
}

// movesOf appends the moves of the pieces lo..lo+8 (the mover's or the
// neutral ones).
func (x *RingGame) movesOf(out []RingMove, rel, lo int, empty []int8) []RingMove {
	me := x.toMove
	side := lo / 9
	for q := lo; q < lo+9; q++ {
		switch x.loc[q] {
		case rgNest:
			if q == rel || side != me && x.ring[me] == 0 {
				continue // it waits out this turn; a neutral piece needs one of the mover's in the Ring
			}
			for _, c := range empty {
				out = x.emit(out, mkRM(rmPlace, rel, q, int(c)))
			}
		case rgRing:
			if x.down&(1<<q) != 0 {
				continue
			}
			c := int(x.cell[q])
			if int(x.barred) != q+1 {
				want := rgIn(q)
				for d := 0; d < 6; d++ {
					for _, t := range rgRays[c][d] {
						v := int(x.at[t]) - 1
						if v < 0 {
							out = x.emit(out, mkRM(rmSlide, rel, q, int(t)))
							continue
						}
						if rgSeat(v) == side {
							if x.down&(1<<v) != 0 {
								break
							}
							continue
						}
						if rgSeat(v) != me && rgOut(v) == want {
							out = x.emit(out, mkRM(rmSlide, rel, q, int(t)))
						}
						break
					}
				}
			}
			if x.pen[side] > 0 {
				for w := lo + rgOut(q)*3; w < lo+rgOut(q)*3+3; w++ {
					if x.loc[w] == rgPen {
						out = x.emit(out, mkRM(rmSwap, rel, q, w))
					}
				}
			}
		}
	}
	return out
}

// emit appends m, or in the B.12 variant m with each choice of its
// candidates.
func (x *RingGame) emit(out []RingMove, m RingMove) []RingMove {
	if !x.neutral {
		return append(out, m)
	}
	k := bits.OnesCount32(x.candidates(m))
	for sub := 0; sub < 1<<k; sub++ {
		out = append(out, m|RingMove(sub)<<18)
	}
	return out
}

// candidates returns the neutral pieces whose side after m is the mover's
// choice (B.12): those face down (but one m takes) and those the moved
// piece newly attacks. It plays m's placement or slide on the spaces and
// takes it back.
func (x *RingGame) candidates(m RingMove) uint32 {
	me, q := x.toMove, m.piece()
	keep := x.down & rgNeutral
	switch m.kind() {
	case rmPlace:
		c := m.arg()
		x.at[c] = int8(q + 1)
		fresh := x.targetMask(q, c, me) & rgNeutral &^ x.down
		x.at[c] = 0
		return keep | fresh
	case rmSlide:
		from, to := int(x.cell[q]), m.arg()
		before := x.targetMask(q, from, me)
		v := x.at[to]
		if v != 0 {
			keep &^= 1 << (v - 1)
		}
		x.at[from], x.at[to] = 0, int8(q+1)
		fresh := x.targetMask(q, to, me) & rgNeutral &^ before &^ x.down
		x.at[from], x.at[to] = int8(q+1), v
		return keep | fresh
	case rmSwap:
		return keep
	}
	return 0
}

// chosen returns the candidates cand, in space order, that the choice sub
// leaves face down.
func (x *RingGame) chosen(cand uint32, sub int) uint32 {
	var list [9]int8
	n := 0
	for b := cand; b != 0; b &= b - 1 {
		p := int8(bits.TrailingZeros32(b))
		i := n
		for i > 0 && x.cell[list[i-1]] > x.cell[p] {
			list[i] = list[i-1]
			i--
		}
		list[i] = p
		n++
	}
	var out uint32
	for i, p := range list[:n] {
		if sub>>i&1 != 0 {
			out |= 1 << p
		}
	}
	return out
}

// Moves appends the legal moves of the seat to move to out[:0].
func (x *RingGame) Moves(out []RingMove) []RingMove {
	out = out[:0]
	if x.over || x.ply >= RingMaxPlies {
		return out
	}
	me := x.toMove
	capNow := x.canCapture(me)
	x.capNow, x.capPly, x.capOK = capNow, x.ply, true
	out = x.standard(out, -1)
	if len(out) == 0 {
		out = append(out, mkRM(rmPass, -1, 0, 0))
	}
	if x.mayRelease(capNow) {
		for w := me * 9; w < me*9+9; w++ {
			if x.loc[w] != rgPen {
				continue
			}
			x.loc[w] = rgNest
			x.pen[me]--
			x.nest[me]++
			n := len(out)
			out = x.standard(out, w)
			if len(out) == n {
				out = append(out, mkRM(rmPass, w, 0, 0))
			}
			x.loc[w] = rgPen
			x.pen[me]++
			x.nest[me]--
		}
	}
	return out
}

// Play plays m, one of Moves.
func (x *RingGame) Play(m RingMove) {
	me := x.toMove
	if !x.capOK || x.capPly != x.ply {
		x.capNow = x.canCapture(me)
	}
	x.capOK = false
	x.hadCap[me] = x.capNow
	if w := m.rel(); w >= 0 {
		x.loc[w] = rgNest
		x.pen[me]--
		x.nest[me]++
	}
	q := m.piece()
	var cand, nm uint32
	if x.neutral {
		cand, nm = x.candidates(m), rgNeutral
	}
	barred := 0
	switch m.kind() {
	case rmPlace:
		c := m.arg()
		side := rgSeat(q)
		x.at[c] = int8(q + 1)
		x.loc[q], x.cell[q] = rgRing, int8(c)
		x.nest[side]--
		x.ring[side]++
		x.down |= x.targetMask(q, c, me) &^ nm
		if side == 2 {
			barred = q + 1
		}
	case rmSlide:
		from, to := int(x.cell[q]), m.arg()
		before := x.targetMask(q, from, me)
		x.at[from] = 0
		if v := int(x.at[to]) - 1; v >= 0 {
			o := rgSeat(v)
			x.loc[v] = rgPen
			x.down &^= 1 << v
			x.ring[o]--
			x.pen[o]++
		}
		x.at[to] = int8(q + 1)
		x.cell[q] = int8(to)
		x.down |= x.targetMask(q, to, me) &^ before &^ nm
		if rgSeat(q) == 2 {
			barred = q + 1
		}
	case rmSwap:
		w, c := m.arg(), int(x.cell[q])
		x.at[c] = int8(w + 1)
		x.loc[w], x.cell[w] = rgRing, int8(c)
		x.loc[q] = rgPen
	}
	if x.neutral {
		// B.12: the neutral pieces face down after the turn are the choice
		x.down = x.down&^cand | x.chosen(cand, m.sub())
		x.barred = int8(barred)
	}
	x.down &^= 0x1ff << (me * 9) // un-flip (B.6)
	left, last := 0, -1
	for s := 0; s < x.seats; s++ {
		if x.out[s] {
			continue
		}
		if x.nest[s] == 0 && x.ring[s] == 0 {
			x.out[s] = true // B.10
			continue
		}
		left++
		last = s
	}
	x.ply++
	if left == 1 {
		x.over, x.winner = true, last
		return
	}
	for i := 1; i <= x.seats; i++ {
		if n := (me + i) % x.seats; !x.out[n] {
			x.toMove = n
			break
		}
	}
}

// Result reports whether the game is over (not stopped at the ply limit)
// and its winner.
func (x *RingGame) Result() (over bool, winner int) { return x.over, x.winner }

// Format writes m in the readings' notation (B.11).
func (x *RingGame) Format(m RingMove) string {
	name := func(c int) string { return fmt.Sprintf("%c%d", 'a'+rgCol[c]-1, rgRow[c]) }
	typ := func(p int) string {
		t := string("SCH"[rgOut(p)]) + string("sch"[rgIn(p)])
		if rgSeat(p) == 2 && x.neutral {
			t = "y" + t
		}
		return t
	}
	text := x.formatBase(m, name, typ)
	if x.neutral && m.kind() != rmPass {
		down := x.chosen(x.candidates(m), m.sub())
		for c := 0; c < rgN; c++ {
			if v := int(x.at[c]) - 1; v >= 0 && down&(1<<v) != 0 {
				text += "*" + name(c)
			}
		}
	}
	return text
}

// formatBase writes m without its choice.
func (x *RingGame) formatBase(m RingMove, name func(int) string, typ func(int) string) string {
	pre := ""
	if w := m.rel(); w >= 0 {
		pre = "+" + typ(w) + "/"
	}
	q := m.piece()
	switch m.kind() {
	case rmPlace:
		return pre + typ(q) + "@" + name(m.arg())
	case rmSlide:
		sep := "-"
		if x.at[m.arg()] != 0 {
			sep = "x"
		}
		return pre + name(int(x.cell[q])) + sep + name(m.arg())
	case rmSwap:
		return pre + name(int(x.cell[q])) + "=" + typ(m.arg())
	}
	return pre + "--"
}

// Legal returns the legal moves in notation.
func (x *RingGame) Legal() []string {
	x.buf = x.Moves(x.buf)
	out := make([]string, len(x.buf))
	for i, m := range x.buf {
		out[i] = x.Format(m)
	}
	return out
}

// PlayText plays the legal move written text; it reports false when there
// is none.
func (x *RingGame) PlayText(text string) bool {
	x.buf = x.Moves(x.buf)
	for _, m := range x.buf {
		if x.Format(m) == text {
			x.Play(m)
			return true
		}
	}
	return false
}

// PerftRingGame counts the move sequences of exactly d plies from x.
func PerftRingGame(x *RingGame, d int) uint64 {
	moves := x.Moves(nil)
	if d == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		y := *x
		y.buf = nil
		y.Play(m)
		n += PerftRingGame(&y, d-1)
	}
	return n
}

// PlayoutRingGame plays a uniformly random game from the start to its end
// or the ply limit and returns its plies.
func PlayoutRingGame(x *RingGame, rng *rand.Rand) int {
	x.Reset()
	for {
		x.buf = x.Moves(x.buf)
		if len(x.buf) == 0 {
			return x.ply
		}
		x.Play(x.buf[rng.IntN(len(x.buf))])
	}
}
