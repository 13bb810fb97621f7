package handwritten

import "math/rand/v2"

// LinesOfAction is a hand-written Lines of Action (the rules R1-R5 of
// testdata/variants/lines-of-action.toml): a 64-square array, precomputed
// rays, the pieces on a line counted along both of its rays, and the
// groups found by a flood fill over the eight neighbours. It is the speed
// reference for the framework's test/lines-of-action and is not used by
// the engine.
//
// Squares are numbered y*8+x, x the file (a = 0) and y the rank (1 = 0).
type LinesOfAction struct {
	board  [64]int8 // 0 empty, 1 Black, 2 White
	toMove int      // 0 Black, 1 White
	plies  int
	winner int // -1: none (yet)
	over   bool
	moves  []LOAMove
	stack  [64]int8
}

// LOAMove is a move from a square to another; From < 0 is a pass.
type LOAMove struct{ From, To int8 }

// loaRaysT[c][d]: the squares from c along direction d, nearest first; d
// and d+4 are opposite.
var loaRaysT [64][8][]int8

func init() {
	dirs := [8][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 0}, {0, -1}, {-1, -1}, {-1, 1}}
	for c := 0; c < 64; c++ {
		for d, v := range dirs {
			for x, y := c%8+v[0], c/8+v[1]; x >= 0 && x < 8 && y >= 0 && y < 8; x, y = x+v[0], y+v[1] {
				loaRaysT[c][d] = append(loaRaysT[c][d], int8(y*8+x))
			}
		}
	}
}

// NewLinesOfAction returns the start position.
func NewLinesOfAction() *LinesOfAction {
	l := &LinesOfAction{moves: make([]LOAMove, 0, 96)}
	l.Reset()
	return l
}

// Reset sets up the start position (R1): Black on b1-g1 and b8-g8, White
// on a2-a7 and h2-h7, Black to move.
func (l *LinesOfAction) Reset() {
	l.board = [64]int8{}
	for k := 1; k <= 6; k++ {
		l.board[k], l.board[56+k] = 1, 1
		l.board[k*8], l.board[k*8+7] = 2, 2
	}
	l.toMove, l.plies, l.winner, l.over = 0, 0, -1, false
}

// Square returns 0 (empty), 1 (Black) or 2 (White) for square c.
func (l *LinesOfAction) Square(c int) int { return int(l.board[c]) }

// ToMove returns the side to move: 0 Black, 1 White.
func (l *LinesOfAction) ToMove() int { return l.toMove }

// Winner returns the side that won, or -1.
func (l *LinesOfAction) Winner() int { return l.winner }

// Over reports whether the game has ended.
func (l *LinesOfAction) Over() bool { return l.over }

// Moves fills out with the moves of the side to move (R2, R3), a pass
// when it has none and the other side has some (R4), none once the game
// is over.
func (l *LinesOfAction) Moves(out []LOAMove) []LOAMove {
	out = l.moves0(out[:0], l.toMove)
	if len(out) == 0 && !l.over && len(l.moves0(out, 1-l.toMove)) > 0 {
		out = append(out[:0], LOAMove{-1, -1})
	}
	return out
}

// moves0 appends side's moves.
func (l *LinesOfAction) moves0(out []LOAMove, side int) []LOAMove {
	if l.over {
		return out
	}
	own := int8(side + 1)
	for c := 0; c < 64; c++ {
		if l.board[c] != own {
			continue
		}
		for d := 0; d < 4; d++ {
			n := 1 // the pieces on the whole line, this one included
			for _, t := range loaRaysT[c][d] {
				if l.board[t] != 0 {
					n++
				}
			}
			for _, t := range loaRaysT[c][d+4] {
				if l.board[t] != 0 {
					n++
				}
			}
			for _, dd := range [2]int{d, d + 4} {
				ray := loaRaysT[c][dd]
				if len(ray) < n {
					continue
				}
				ok := true
				for _, t := range ray[:n-1] {
					if v := l.board[t]; v != 0 && v != own {
						ok = false // not over an opponent's piece
						break
					}
				}
				if t := ray[n-1]; ok && l.board[t] != own {
					out = append(out, LOAMove{int8(c), t})
				}
			}
		}
	}
	return out
}

// joined reports whether who's pieces on the board form one group (R5).
func (l *LinesOfAction) joined(who int8) bool {
	var seen [64]bool
	total, start := 0, -1
	for c, v := range l.board {
		if v == who {
			total++
			start = c
		}
	}
	if total == 0 {
		return false
	}
	seen[start] = true
	l.stack[0] = int8(start)
	sp, found := 1, 1
	for sp > 0 {
		sp--
		c := l.stack[sp]
		for d := 0; d < 8; d++ {
			if ray := loaRaysT[c][d]; len(ray) > 0 {
				if t := ray[0]; !seen[t] && l.board[t] == who {
					seen[t] = true
					l.stack[sp] = t
					sp++
					found++
				}
			}
		}
	}
	return found == total
}

// Play plays a move of Moves; after it the mover wins when its pieces are
// joined, else the other side when its pieces are (R5).
func (l *LinesOfAction) Play(m LOAMove) {
	if m.From >= 0 {
		l.board[m.To] = l.board[m.From]
		l.board[m.From] = 0
		me, other := int8(l.toMove+1), int8(2-l.toMove)
		switch {
		case l.joined(me):
			l.winner, l.over = l.toMove, true
		case l.joined(other):
			l.winner, l.over = 1-l.toMove, true
		}
	}
	l.toMove = 1 - l.toMove
	l.plies++
}

// PlayoutLinesOfAction plays uniformly random legal moves from the start
// until a side wins or neither can move; it returns the plies played.
func PlayoutLinesOfAction(l *LinesOfAction, rng *rand.Rand) int {
	l.Reset()
	for {
		moves := l.Moves(l.moves)
		l.moves = moves[:0]
		if len(moves) == 0 {
			return l.plies
		}
		l.Play(moves[rng.IntN(len(moves))])
	}
}
