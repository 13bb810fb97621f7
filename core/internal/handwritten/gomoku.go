package handwritten

import "math/rand/v2"

// Gomoku is a hand-written Gomoku on an n×n board (the rules R1-R3 of
// testdata/variants/gomoku.toml): a flat array of cells, and the row
// through the stone just placed counted along precomputed rays; with
// exact, only a row of exactly the winning length wins (no overlines). It
// is the speed reference for the framework's test/gomoku and is not used
// by the engine.
//
// Cells are numbered y*n+x, x the file (a = 0) and y the rank (1 = 0).
type Gomoku struct {
	n, row int
	exact  bool
	cell   []int8       // 0 empty, 1 Black, 2 White
	rays   [][8][]int16 // [c][d]: the cells from c along d; d and d+4 are opposite
	toMove int
	plies  int
	winner int // -1: none (yet)
	moves  []int16
}

// NewGomoku returns the empty n×n board where row stones in a line win
// (exactly row with exact).
func NewGomoku(n, row int, exact bool) *Gomoku {
	g := &Gomoku{n: n, row: row, exact: exact, cell: make([]int8, n*n), rays: make([][8][]int16, n*n),
		moves: make([]int16, 0, n*n)}
	dirs := [8][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 0}, {0, -1}, {-1, -1}, {-1, 1}}
	for c := range g.cell {
		for d, v := range dirs {
			for x, y := c%n+v[0], c/n+v[1]; x >= 0 && x < n && y >= 0 && y < n; x, y = x+v[0], y+v[1] {
				g.rays[c][d] = append(g.rays[c][d], int16(y*n+x))
			}
		}
	}
	g.Reset()
	return g
}

// Reset empties the board: Black to move.
func (g *Gomoku) Reset() {
	clear(g.cell)
	g.toMove, g.plies, g.winner = 0, 0, -1
}

// Cell returns 0 (empty), 1 (Black) or 2 (White) for cell (x, y).
func (g *Gomoku) Cell(x, y int) int { return int(g.cell[y*g.n+x]) }

// ToMove returns the side to move: 0 Black, 1 White.
func (g *Gomoku) ToMove() int { return g.toMove }

// Winner returns the side that made the winning row, or -1.
func (g *Gomoku) Winner() int { return g.winner }

// Moves fills out with the empty cells (R1), none once the game is over.
func (g *Gomoku) Moves(out []int16) []int16 {
	out = out[:0]
	if g.winner >= 0 {
		return out
	}
	for c, v := range g.cell {
		if v == 0 {
			out = append(out, int16(c))
		}
	}
	return out
}

// Play puts a stone of the side to move on the empty cell c and records a
// win when it makes a winning row (R2).
func (g *Gomoku) Play(c int) {
	who := int8(g.toMove + 1)
	g.cell[c] = who
	for d := 0; d < 4; d++ {
		run := 1
		for _, t := range g.rays[c][d] {
			if g.cell[t] != who {
				break
			}
			run++
		}
		for _, t := range g.rays[c][d+4] {
			if g.cell[t] != who {
				break
			}
			run++
		}
		if run == g.row || (!g.exact && run > g.row) {
			g.winner = g.toMove
			break
		}
	}
	g.toMove = 1 - g.toMove
	g.plies++
}

// PlayoutGomoku plays uniformly random legal moves from the start until a
// side makes a winning row or the board is full (a draw, R3); it returns
// the plies played.
func PlayoutGomoku(g *Gomoku, rng *rand.Rand) int {
	g.Reset()
	for {
		moves := g.Moves(g.moves)
		g.moves = moves[:0]
		if len(moves) == 0 {
			return g.plies
		}
		g.Play(int(moves[rng.IntN(len(moves))]))
	}
}
