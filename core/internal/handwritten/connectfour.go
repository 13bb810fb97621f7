package handwritten

import "math/rand/v2"

// ConnectFour is a hand-written Connect Four (7 columns × 6 rows, four in a
// row win; the rules R1-R4 of testdata/variants/connect-four.toml): a
// 42-cell array with the height of each column, and the row through the
// dropped disc counted along precomputed rays. It is the speed reference
// for the framework's test/connect-four and is not used by the engine.
//
// Cells are numbered y*7+x, x the column (a = 0) and y the row (1 = 0).
type ConnectFour struct {
	board  [42]int8 // 0 empty, 1 Red, 2 Yellow
	height [7]int8  // discs in each column
	toMove int      // 0 Red, 1 Yellow
	plies  int
	winner int // -1: none (yet)
	moves  []int8
}

// c4RaysT[c][d]: the cells from c along direction d, nearest first; d and
// d+4 are opposite (east/west, north/south, and the two diagonals).
var c4RaysT [42][8][]int8

func init() {
	dirs := [8][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 0}, {0, -1}, {-1, -1}, {-1, 1}}
	for c := 0; c < 42; c++ {
		for d, v := range dirs {
			for x, y := c%7+v[0], c/7+v[1]; x >= 0 && x < 7 && y >= 0 && y < 6; x, y = x+v[0], y+v[1] {
				c4RaysT[c][d] = append(c4RaysT[c][d], int8(y*7+x))
			}
		}
	}
}

// NewConnectFour returns the start position.
func NewConnectFour() *ConnectFour {
	f := &ConnectFour{moves: make([]int8, 0, 7)}
	f.Reset()
	return f
}

// Reset empties the board (R1): Red to move.
func (f *ConnectFour) Reset() {
	f.board = [42]int8{}
	f.height = [7]int8{}
	f.toMove, f.plies, f.winner = 0, 0, -1
}

// Cell returns 0 (empty), 1 (Red) or 2 (Yellow) for column x and row y,
// both from 0.
func (f *ConnectFour) Cell(x, y int) int { return int(f.board[y*7+x]) }

// ToMove returns the side to move: 0 Red, 1 Yellow.
func (f *ConnectFour) ToMove() int { return f.toMove }

// Winner returns the side that made four in a row, or -1.
func (f *ConnectFour) Winner() int { return f.winner }

// Over reports whether a side has won or the board is full (R3, R4).
func (f *ConnectFour) Over() bool { return f.winner >= 0 || f.plies == 42 }

// Moves fills out with the cells a disc may drop to (R2), one per column
// that is not full, by column; none once the game is over.
func (f *ConnectFour) Moves(out []int8) []int8 {
	out = out[:0]
	if f.winner >= 0 {
		return out
	}
	for x := 0; x < 7; x++ {
		if h := f.height[x]; h < 6 {
			out = append(out, h*7+int8(x))
		}
	}
	return out
}

// Play drops a disc of the side to move to cell c (one of Moves) and
// records a win when it makes four or more in a row (R3).
func (f *ConnectFour) Play(c int) {
	who := int8(f.toMove + 1)
	f.board[c] = who
	f.height[c%7]++
	for d := 0; d < 4; d++ {
		n := 1
		for _, t := range c4RaysT[c][d] {
			if f.board[t] != who {
				break
			}
			n++
		}
		for _, t := range c4RaysT[c][d+4] {
			if f.board[t] != who {
				break
			}
			n++
		}
		if n >= 4 {
			f.winner = f.toMove
			break
		}
	}
	f.toMove = 1 - f.toMove
	f.plies++
}

// PlayoutConnectFour plays uniformly random legal moves from the start
// until a side makes four in a row or the board is full; it returns the
// plies played.
func PlayoutConnectFour(f *ConnectFour, rng *rand.Rand) int {
	f.Reset()
	for {
		moves := f.Moves(f.moves)
		f.moves = moves[:0]
		if len(moves) == 0 {
			return f.plies
		}
		f.Play(int(moves[rng.IntN(len(moves))]))
	}
}

// PerftConnectFour counts the move sequences of exactly depth plies.
func PerftConnectFour(f *ConnectFour, depth int) int {
	if depth == 0 {
		return 1
	}
	var buf [7]int8
	moves := f.Moves(buf[:0])
	if depth == 1 {
		return len(moves)
	}
	n := 0
	saved := *f
	for _, c := range moves {
		f.Play(int(c))
		n += PerftConnectFour(f, depth-1)
		*f = saved
	}
	return n
}
