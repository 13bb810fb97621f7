package handwritten

import (
	"math/bits"
	"math/rand/v2"
)

// DVONN board geometry.
//
// Spaces use axial coordinates (col, row) with row 0..4 and col 0..10; the six
// neighbours of (col, row) are (col±1, row), (col, row±1), (col+1, row+1) and
// (col-1, row-1). Row r holds the columns with 0 <= col <= 10 and
// -2 <= col-r <= 8, giving rows of 9, 10, 11, 10 and 9 spaces (49 in all).
//
// A space's index is row*dvStride+col, so every space is one bit of a
// uint64. Column 11 is padding that is never on the board, which lets the six
// neighbour steps be plain shifts (±1, ±12, ±13) followed by a mask.
const (
	dvStride   = 12
	dvCells    = 5 * dvStride // size of per-space arrays
	dvSpaces   = 49
	dvMaxStep  = 10 // longest straight line on the board, in steps
	dvPieces   = 23 // pieces of each colour
	dvDvonns   = 3
	dvNoOwner  = 2 // top-owner value of a DVONN-only stack
	dvMaxMoves = dvSpaces * 6
)

// DvonnPass is the move a player with no legal move passes with (see
// Dvonn.Play).
const DvonnPass = -1

var (
	dvDC = [6]int{1, -1, 0, 0, 1, -1}
	dvDR = [6]int{0, 0, 1, -1, 1, -1}

	dvValid    uint64 // spaces on the board
	dvInterior uint64 // spaces with all six neighbours on the board
	// dvDest[s][d][h] is the space reached from s by h steps in direction d,
	// or -1 if that is off the board.
	dvDest [dvCells][6][dvMaxStep + 1]int8
)

func dvOnBoard(col, row int) bool {
	return row >= 0 && row <= 4 && col >= 0 && col <= 10 && col-row >= -2 && col-row <= 8
}

func init() {
	for r := 0; r < 5; r++ {
		for c := 0; c < dvStride; c++ {
			if dvOnBoard(c, r) {
				dvValid |= 1 << uint(r*dvStride+c)
			}
		}
	}
	for r := 0; r < 5; r++ {
		for c := 0; c < dvStride; c++ {
			s := r*dvStride + c
			nb := 0
			for d := 0; d < 6; d++ {
				dvDest[s][d][0] = int8(s)
				for h := 1; h <= dvMaxStep; h++ {
					cc, rr := c+h*dvDC[d], r+h*dvDR[d]
					if dvOnBoard(c, r) && dvOnBoard(cc, rr) {
						dvDest[s][d][h] = int8(rr*dvStride + cc)
					} else {
						dvDest[s][d][h] = -1
					}
				}
				if dvDest[s][d][1] >= 0 {
					nb++
				}
			}
			if nb == 6 {
				dvInterior |= 1 << uint(s)
			}
		}
	}
}

// dvExpand returns the on-board spaces adjacent to any space in x.
func dvExpand(x uint64) uint64 {
	return (x<<1 | x>>1 | x<<dvStride | x>>dvStride | x<<(dvStride+1) | x>>(dvStride+1)) & dvValid
}

// Dvonn is a two-player game of DVONN (player 0 = White, 1 = Black).
//
// Per space it tracks only the stack height, the owner of the top piece and
// whether the stack contains a DVONN piece, as bitboards plus a height array.
// Moves are encoded as from<<8 | to (space indices, see DvonnSpace); during
// placement a move is the space index to place on. Playing allocates nothing.
type Dvonn struct {
	height [dvCells]uint8
	occ    uint64 // occupied spaces
	white  uint64 // stacks topped by White
	black  uint64 // stacks topped by Black
	dvonn  uint64 // stacks containing a DVONN piece

	placed int // pieces placed so far (placement ends at dvSpaces)
	toMove int

	// Empty spaces during placement (swap-remove list with positions).
	empty  [dvSpaces]int8
	where  [dvCells]int8
	nEmpty int

	moves [dvMaxMoves]uint16 // move buffer reused by gen
}

// DvonnSpace returns the index of the space at axial (col, row), or -1 if it
// is not on the board.
func DvonnSpace(col, row int) int {
	if !dvOnBoard(col, row) {
		return -1
	}
	return row*dvStride + col
}

// NewDvonn returns a game with an empty board, White to place first.
func NewDvonn() *Dvonn {
	d := &Dvonn{}
	d.Reset()
	return d
}

// Reset empties the board and restarts the placement phase.
func (d *Dvonn) Reset() {
	d.height = [dvCells]uint8{}
	d.occ, d.white, d.black, d.dvonn = 0, 0, 0, 0
	d.placed = 0
	d.toMove = 0
	d.nEmpty = 0
	for v := dvValid; v != 0; v &= v - 1 {
		s := bits.TrailingZeros64(v)
		d.where[s] = int8(d.nEmpty)
		d.empty[d.nEmpty] = int8(s)
		d.nEmpty++
	}
}

// ToMove returns the player to move: 0 for White, 1 for Black.
func (d *Dvonn) ToMove() int { return d.toMove }

// Placing reports whether the game is still in the placement phase.
func (d *Dvonn) Placing() bool { return d.placed < dvSpaces }

// Height returns the height of the stack on space s (0 if empty).
func (d *Dvonn) Height(s int) int { return int(d.height[s]) }

// Owner returns the owner of the stack on space s: 0 (White), 1 (Black),
// 2 (a lone DVONN piece) or -1 if the space is empty.
func (d *Dvonn) Owner(s int) int {
	b := uint64(1) << uint(s)
	switch {
	case d.white&b != 0:
		return 0
	case d.black&b != 0:
		return 1
	case d.occ&b != 0:
		return dvNoOwner
	}
	return -1
}

// HasDvonn reports whether the stack on space s contains a DVONN piece.
func (d *Dvonn) HasDvonn(s int) bool { return d.dvonn&(1<<uint(s)) != 0 }

// Pieces returns the number of pieces on the board.
func (d *Dvonn) Pieces() int {
	n := 0
	for v := d.occ; v != 0; v &= v - 1 {
		n += int(d.height[bits.TrailingZeros64(v)])
	}
	return n
}

// Scores returns the total height of the stacks controlled by each player
// (the colour of the top piece decides).
func (d *Dvonn) Scores() (white, black int) {
	for v := d.white; v != 0; v &= v - 1 {
		white += int(d.height[bits.TrailingZeros64(v)])
	}
	for v := d.black; v != 0; v &= v - 1 {
		black += int(d.height[bits.TrailingZeros64(v)])
	}
	return white, black
}

// Winner returns 0 or 1 for the player with the higher score, or -1 for a
// draw. It is meaningful only once Over reports true.
func (d *Dvonn) Winner() int {
	w, b := d.Scores()
	switch {
	case w > b:
		return 0
	case b > w:
		return 1
	}
	return -1
}

// Over reports whether the game has ended: placement is complete and neither
// player can move.
func (d *Dvonn) Over() bool {
	return d.placed == dvSpaces && d.gen(0) == 0 && d.gen(1) == 0
}

// Moves appends the legal moves of the player to move to buf[:0] and returns
// the result: empty spaces during placement, from<<8|to moves afterwards. An
// empty result after placement means the player must pass (or, if Over, that
// the game has ended).
func (d *Dvonn) Moves(buf []int) []int {
	buf = buf[:0]
	if d.placed < dvSpaces {
		for v := dvValid &^ d.occ; v != 0; v &= v - 1 {
			buf = append(buf, bits.TrailingZeros64(v))
		}
		return buf
	}
	n := d.gen(d.toMove)
	for _, m := range d.moves[:n] {
		buf = append(buf, int(m))
	}
	return buf
}

// Play plays a move returned by Moves, or DvonnPass for a player without
// moves. The move must be legal; Play does not check.
func (d *Dvonn) Play(move int) {
	switch {
	case d.placed < dvSpaces:
		d.place(move)
	case move != DvonnPass:
		d.move(move>>8, move&0xff)
		d.toMove ^= 1
	default:
		d.toMove ^= 1
	}
}

// place puts the next piece of the placement order on the empty space s:
// three DVONN pieces (White, Black, White), then Black and White pieces
// alternately. White also moves first after the 49th placement.
func (d *Dvonn) place(s int) {
	b := uint64(1) << uint(s)
	k := d.placed
	switch {
	case k < dvDvonns:
		d.dvonn |= b
	case k&1 == 1:
		d.black |= b
	default:
		d.white |= b
	}
	d.occ |= b
	d.height[s] = 1
	// Remove s from the empty list.
	i, last := d.where[s], d.empty[d.nEmpty-1]
	d.empty[i] = last
	d.where[last] = i
	d.nEmpty--
	d.placed++
	if d.placed == dvSpaces {
		d.toMove = 0
	} else {
		d.toMove = d.placed & 1
	}
}

// gen fills d.moves with the phase-2 moves of player and returns their count.
func (d *Dvonn) gen(player int) int {
	own := d.white
	if player == 1 {
		own = d.black
	}
	// A stack can move unless all six neighbours are on board and occupied.
	own &= dvExpand(dvValid&^d.occ) | ^dvInterior
	n := 0
	for ; own != 0; own &= own - 1 {
		s := bits.TrailingZeros64(own)
		h := int(d.height[s])
		if h > dvMaxStep {
			continue
		}
		dest := &dvDest[s]
		for dir := 0; dir < 6; dir++ {
			t := dest[dir][h]
			if t >= 0 && d.occ&(1<<uint(t)) != 0 {
				d.moves[n] = uint16(s<<8 | int(t))
				n++
			}
		}
	}
	return n
}

// move moves the stack on from onto the stack on to, then removes every
// stack no longer connected to a DVONN piece.
func (d *Dvonn) move(from, to int) {
	fb, tb := uint64(1)<<uint(from), uint64(1)<<uint(to)
	if d.white&fb != 0 {
		d.white |= tb
		d.black &^= tb
	} else {
		d.black |= tb
		d.white &^= tb
	}
	if d.dvonn&fb != 0 {
		d.dvonn |= tb
	}
	d.height[to] += d.height[from]
	d.height[from] = 0
	d.occ &^= fb
	d.white &^= fb
	d.black &^= fb
	d.dvonn &^= fb

	// Flood-fill the occupied spaces connected to a DVONN stack.
	reach := d.dvonn
	for {
		next := (reach | dvExpand(reach)) & d.occ
		if next == reach {
			break
		}
		reach = next
	}
	for lost := d.occ &^ reach; lost != 0; lost &= lost - 1 {
		d.height[bits.TrailingZeros64(lost)] = 0
	}
	d.occ = reach
	d.white &= reach
	d.black &= reach
}

// PlayoutDvonn resets d and plays a uniformly random game to the end: random
// placements on empty spaces, then random moves, with a player who has no
// move passing. Each placement, move and pass counts as one ply. It
// allocates nothing.
func PlayoutDvonn(d *Dvonn, rng *rand.Rand) (plies int) {
	d.Reset()
	for d.nEmpty > 0 {
		d.place(int(d.empty[rng.IntN(d.nEmpty)]))
		plies++
	}
	p := 0
	n := d.gen(p)
	for {
		if n == 0 {
			// Pass if the opponent can move; otherwise the game is over.
			if n = d.gen(p ^ 1); n == 0 {
				break
			}
			p ^= 1
			plies++
		}
		m := d.moves[rng.IntN(n)]
		d.move(int(m>>8), int(m&0xff))
		plies++
		p ^= 1
		n = d.gen(p)
	}
	d.toMove = p
	return plies
}
