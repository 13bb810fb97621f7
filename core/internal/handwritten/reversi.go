package handwritten

import "math/rand/v2"

// Reversi is a hand-written Reversi (Othello's rules on 8×8, the rules R1-R5
// of testdata/variants/reversi.toml): a 64-square array, a move found and
// played by walking precomputed rays. It is the speed reference for the
// framework's test/reversi and is not used by the engine.
//
// Squares are numbered y*8+x, x the file (a = 0) and y the rank (1 = 0).
type Reversi struct {
	board  [64]int8 // 0 empty, 1 Black, 2 White
	toMove int      // 0 Black, 1 White
	plies  int
	moves  []int8
}

// rvRaysT[c][d]: the squares from c along direction d, nearest first.
var rvRaysT [64][8][]int8

func init() {
	dirs := [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	for c := 0; c < 64; c++ {
		for d, v := range dirs {
			for x, y := c%8+v[0], c/8+v[1]; x >= 0 && x < 8 && y >= 0 && y < 8; x, y = x+v[0], y+v[1] {
				rvRaysT[c][d] = append(rvRaysT[c][d], int8(y*8+x))
			}
		}
	}
}

// NewReversi returns the start position.
func NewReversi() *Reversi {
	r := &Reversi{moves: make([]int8, 0, 64)}
	r.Reset()
	return r
}

// Reset sets up the start position (R1): White on d4 and e5, Black on d5
// and e4, Black to move.
func (r *Reversi) Reset() {
	r.board = [64]int8{}
	r.board[3*8+3], r.board[4*8+4] = 2, 2
	r.board[4*8+3], r.board[3*8+4] = 1, 1
	r.toMove, r.plies = 0, 0
}

// Square returns 0 (empty), 1 (Black) or 2 (White) for the square of file x
// and rank y, both from 0.
func (r *Reversi) Square(x, y int) int { return int(r.board[y*8+x]) }

// ToMove returns the side to move: 0 Black, 1 White.
func (r *Reversi) ToMove() int { return r.toMove }

// Over reports whether neither side can move (R4).
func (r *Reversi) Over() bool { return !r.canMove(1) && !r.canMove(2) }

// run returns the length of the run of opposing discs from c along ray
// that a disc of who closes, or 0 (R2).
func (r *Reversi) run(ray []int8, who int8) int {
	for i, t := range ray {
		switch r.board[t] {
		case who:
			return i
		case 0:
			return 0
		}
	}
	return 0
}

// outflanks reports whether a disc of who on the empty square c turns
// something.
func (r *Reversi) outflanks(c int, who int8) bool {
	for d := 0; d < 8; d++ {
		if r.run(rvRaysT[c][d], who) > 0 {
			return true
		}
	}
	return false
}

// canMove reports whether who has a disc to play.
func (r *Reversi) canMove(who int8) bool {
	for c := 0; c < 64; c++ {
		if r.board[c] == 0 && r.outflanks(c, who) {
			return true
		}
	}
	return false
}

// Moves fills out with the squares the side to move may play, ascending;
// none means it must pass.
func (r *Reversi) Moves(out []int8) []int8 {
	out = out[:0]
	who := int8(r.toMove + 1)
	for c := 0; c < 64; c++ {
		if r.board[c] == 0 && r.outflanks(c, who) {
			out = append(out, int8(c))
		}
	}
	return out
}

// Play puts a disc of the side to move on c and turns every run it
// outflanks (R3); c < 0 passes.
func (r *Reversi) Play(c int) {
	if c >= 0 {
		who := int8(r.toMove + 1)
		r.board[c] = who
		for d := 0; d < 8; d++ {
			ray := rvRaysT[c][d]
			for _, t := range ray[:r.run(ray, who)] {
				r.board[t] = who
			}
		}
	}
	r.toMove = 1 - r.toMove
	r.plies++
}

// Winner returns the side with more discs, or -1 for equal counts (R5).
func (r *Reversi) Winner() int {
	var n [3]int
	for _, v := range r.board {
		n[v]++
	}
	switch {
	case n[1] > n[2]:
		return 0
	case n[2] > n[1]:
		return 1
	}
	return -1
}

// PlayoutReversi plays uniformly random legal moves from the start until
// neither side can move (a side without a move passes, R4); it returns the
// plies played, passes included, as the engine counts them.
func PlayoutReversi(r *Reversi, rng *rand.Rand) int {
	r.Reset()
	for {
		moves := r.Moves(r.moves)
		r.moves = moves[:0]
		if len(moves) > 0 {
			r.Play(int(moves[rng.IntN(len(moves))]))
			continue
		}
		if !r.canMove(int8(2 - r.toMove)) {
			return r.plies
		}
		r.Play(-1) // R4: pass only when the other side can move
	}
}

// PerftReversi counts the move sequences of exactly depth plies, a pass
// counting as a move (the published Othello perft counts them so).
func PerftReversi(r *Reversi, depth int) int {
	if depth == 0 {
		return 1
	}
	var buf [64]int8
	moves := r.Moves(buf[:0])
	if len(moves) == 0 {
		if !r.canMove(int8(2 - r.toMove)) {
			return 0
		}
		saved := *r
		r.Play(-1)
		n := PerftReversi(r, depth-1)
		*r = saved
		return n
	}
	if depth == 1 {
		return len(moves)
	}
	n := 0
	saved := *r
	for _, c := range moves {
		r.Play(int(c))
		n += PerftReversi(r, depth-1)
		*r = saved
	}
	return n
}
