package handwritten

import "math/rand/v2"

// Hex is a hand-written Hex on an n×n rhombus (the rules R1-R4 of
// testdata/variants/hex.toml, the swap rule optional): a flat array of
// cells and a union-find over them and four edge nodes, so a stone joins
// its neighbours' groups as it is placed and a win is one comparison. It
// is the speed reference for the framework's test/hex and is not used by
// the engine.
//
// Cell (i, j), both from 0, is j*n+i: j the row (Red's edges are j = 0
// and j = n-1), i the place along it (Blue's edges are i = 0 and n-1). Its
// neighbours are (i±1, j), (i, j±1), (i+1, j-1) and (i-1, j+1).
type Hex struct {
	n      int
	swap   bool
	cell   []int8  // 0 empty, 1 Red, 2 Blue
	parent []int16 // union-find over the cells, then Red's two edges, then Blue's
	nbrs   [][]int16
	toMove int // 0 Red, 1 Blue
	plies  int
	winner int // -1: none yet
	moves  []int16
}

// NewHex returns the start position of Hex on an n×n board (n ≥ 2), with
// or without the swap rule.
func NewHex(n int, swap bool) *Hex {
	h := &Hex{n: n, swap: swap, cell: make([]int8, n*n), parent: make([]int16, n*n+4),
		nbrs: make([][]int16, n*n), moves: make([]int16, 0, n*n+1)}
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			for _, d := range [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}} {
				if a, b := i+d[0], j+d[1]; a >= 0 && a < n && b >= 0 && b < n {
					h.nbrs[j*n+i] = append(h.nbrs[j*n+i], int16(b*n+a))
				}
			}
		}
	}
	h.Reset()
	return h
}

// Reset empties the board: Red to move.
func (h *Hex) Reset() {
	clear(h.cell)
	for x := range h.parent {
		h.parent[x] = int16(x)
	}
	h.toMove, h.plies, h.winner = 0, 0, -1
}

// Cell returns 0 (empty), 1 (Red) or 2 (Blue) for cell (i, j).
func (h *Hex) Cell(i, j int) int { return int(h.cell[j*h.n+i]) }

// ToMove returns the side to move: 0 Red, 1 Blue.
func (h *Hex) ToMove() int { return h.toMove }

// Winner returns the side whose stones join its edges, or -1.
func (h *Hex) Winner() int { return h.winner }

// find returns the root of x's group, halving the path.
func (h *Hex) find(x int16) int16 {
	p := h.parent
	for p[x] != x {
		p[x] = p[p[x]]
		x = p[x]
	}
	return x
}

func (h *Hex) union(a, b int16) {
	if ra, rb := h.find(a), h.find(b); ra != rb {
		h.parent[ra] = rb
	}
}

// Moves fills out with the moves of the side to move: the empty cells
// (R2), and on Blue's first move with the swap rule the cell of Red's
// stone as -1-cell (R4); none once a side has won.
func (h *Hex) Moves(out []int16) []int16 {
	out = out[:0]
	if h.winner >= 0 {
		return out
	}
	for c, v := range h.cell {
		if v == 0 {
			out = append(out, int16(c))
		} else if h.swap && h.plies == 1 {
			out = append(out, int16(-1-c))
		}
	}
	return out
}

// Play plays a move of Moves.
func (h *Hex) Play(m int) {
	who := int8(h.toMove + 1)
	if m < 0 {
		// R4: Red's only stone becomes Blue's; the groups start again
		c := -1 - m
		for x := range h.parent {
			h.parent[x] = int16(x)
		}
		h.cell[c] = 0
		h.place(c, who)
	} else {
		h.place(m, who)
	}
	// R3: a side's two edge nodes in one group
	e := int16(h.n*h.n + 2*h.toMove)
	if h.find(e) == h.find(e+1) {
		h.winner = h.toMove
	}
	h.toMove = 1 - h.toMove
	h.plies++
}

// place puts a stone of who on c and joins it to its own neighbours and
// edges.
func (h *Hex) place(c int, who int8) {
	n := h.n
	h.cell[c] = who
	x := int16(c)
	for _, y := range h.nbrs[c] {
		if h.cell[y] == who {
			h.union(x, y)
		}
	}
	i, j := c%n, c/n
	edge := int16(n * n)
	if who == 1 {
		if j == 0 {
			h.union(x, edge)
		}
		if j == n-1 {
			h.union(x, edge+1)
		}
	} else {
		if i == 0 {
			h.union(x, edge+2)
		}
		if i == n-1 {
			h.union(x, edge+3)
		}
	}
}

// PlayoutHex plays uniformly random legal moves from the start until a
// side joins its edges (the board cannot fill without one, R3); it
// returns the plies played.
func PlayoutHex(h *Hex, rng *rand.Rand) int {
	h.Reset()
	for h.winner < 0 {
		moves := h.Moves(h.moves)
		h.moves = moves[:0]
		h.Play(int(moves[rng.IntN(len(moves))]))
	}
	return h.plies
}
