package handwritten

import "math/rand/v2"

// Amazons is a hand-written Game of the Amazons on an n×n board (the
// rules of testdata/variants/amazons-small.toml on 6×6): a flat array,
// precomputed queen rays; a move is an amazon's queen move and then an
// arrow shot along a queen line from where it landed, listed by moving the
// amazon, walking the rays from its landing and moving it back. It is the
// speed reference for the framework's test/amazons-small and is not used by
// the engine.
//
// Cells are numbered y*n+x, x the file (a = 0) and y the rank (1 = 0).
type Amazons struct {
	n      int
	cell   []int8 // 0 empty, 1 White's amazon, 2 Black's, 3 an arrow
	rays   [][8][]int16
	start  []int8
	toMove int // 0 White, 1 Black
	plies  int
	moves  []AmazonsMove
}

// AmazonsMove is an amazon's move From-To and its arrow's cell.
type AmazonsMove struct{ From, To, Arrow int16 }

// NewAmazons returns the n×n start position with White's amazons on the
// cells white and Black's on black.
func NewAmazons(n int, white, black []int) *Amazons {
	a := &Amazons{n: n, cell: make([]int8, n*n), rays: make([][8][]int16, n*n), start: make([]int8, n*n),
		moves: make([]AmazonsMove, 0, 4096)}
	dirs := [8][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 0}, {0, -1}, {-1, -1}, {-1, 1}}
	for c := range a.cell {
		for d, v := range dirs {
			for x, y := c%n+v[0], c/n+v[1]; x >= 0 && x < n && y >= 0 && y < n; x, y = x+v[0], y+v[1] {
				a.rays[c][d] = append(a.rays[c][d], int16(y*n+x))
			}
		}
	}
	for _, c := range white {
		a.start[c] = 1
	}
	for _, c := range black {
		a.start[c] = 2
	}
	a.Reset()
	return a
}

// NewAmazonsSmall returns the 6×6 game of amazons-small.toml: White on b1
// and e1, Black on b6 and e6.
func NewAmazonsSmall() *Amazons { return NewAmazons(6, []int{1, 4}, []int{31, 34}) }

// Reset sets up the start position: White to move.
func (a *Amazons) Reset() {
	copy(a.cell, a.start)
	a.toMove, a.plies = 0, 0
}

// Cell returns 0 (empty), 1 (White's amazon), 2 (Black's) or 3 (an arrow)
// for cell c.
func (a *Amazons) Cell(c int) int { return int(a.cell[c]) }

// ToMove returns the side to move: 0 White, 1 Black.
func (a *Amazons) ToMove() int { return a.toMove }

// Moves fills out with the moves of the side to move; none means it has
// lost.
func (a *Amazons) Moves(out []AmazonsMove) []AmazonsMove {
	out = out[:0]
	own := int8(a.toMove + 1)
	for from := range a.cell {
		if a.cell[from] != own {
			continue
		}
		a.cell[from] = 0 // the arrow may fly through or onto the square left
		for d := 0; d < 8; d++ {
			for _, to := range a.rays[from][d] {
				if a.cell[to] != 0 {
					break
				}
				for e := 0; e < 8; e++ {
					for _, x := range a.rays[to][e] {
						if a.cell[x] != 0 {
							break
						}
						out = append(out, AmazonsMove{int16(from), to, x})
					}
				}
			}
		}
		a.cell[from] = own
	}
	return out
}

// Play plays a move of Moves.
func (a *Amazons) Play(m AmazonsMove) {
	a.cell[m.To] = a.cell[m.From]
	a.cell[m.From] = 0
	a.cell[m.Arrow] = 3
	a.toMove = 1 - a.toMove
	a.plies++
}

// PlayoutAmazons plays uniformly random legal moves from the start until
// the side to move has none (it loses); it returns the plies played.
func PlayoutAmazons(a *Amazons, rng *rand.Rand) int {
	a.Reset()
	for {
		moves := a.Moves(a.moves)
		a.moves = moves[:0]
		if len(moves) == 0 {
			return a.plies
		}
		a.Play(moves[rng.IntN(len(moves))])
	}
}
