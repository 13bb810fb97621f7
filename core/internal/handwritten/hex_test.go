package handwritten

import (
	"math/rand/v2"
	"testing"
)

// A random game of Hex always has a winner (the board cannot fill without
// one), whose stones then join its edges by the model's own search, the
// other's do not; and it allocates nothing.
func TestHexPlayout(t *testing.T) {
	for _, n := range []int{2, 3, 5, 11} {
		for _, swap := range []bool{false, true} {
			h := NewHex(n, swap)
			rng := rand.New(rand.NewPCG(uint64(n), 2))
			for i := 0; i < 100; i++ {
				plies := PlayoutHex(h, rng)
				if plies < n || plies > n*n+1 || h.Winner() < 0 { // the swap is a ply that places nothing
					t.Fatalf("n=%d: playout of %d plies, winner %d", n, plies, h.Winner())
				}
				w := h.Winner()
				if !hexJoined(h, int8(w+1)) || hexJoined(h, int8(2-w)) {
					t.Fatalf("n=%d: winner %d, but joined: Red %v Blue %v", n, w, hexJoined(h, 1), hexJoined(h, 2))
				}
			}
			if a := testing.AllocsPerRun(10, func() { PlayoutHex(h, rng) }); a != 0 {
				t.Errorf("n=%d: %v allocations per playout", n, a)
			}
		}
	}
}

// hexJoined searches from who's first edge for its second (R3).
func hexJoined(h *Hex, who int8) bool {
	n := h.n
	seen := make([]bool, n*n)
	var stack []int
	for k := 0; k < n; k++ {
		c := k
		if who == 2 {
			c = k * n
		}
		if h.cell[c] == who {
			seen[c], stack = true, append(stack, c)
		}
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if (who == 1 && c/n == n-1) || (who == 2 && c%n == n-1) {
			return true
		}
		for _, x := range h.nbrs[c] {
			if !seen[x] && h.cell[x] == who {
				seen[x], stack = true, append(stack, int(x))
			}
		}
	}
	return false
}

// The swap: Blue's first move may take Red's stone, which then counts for
// Blue's edges.
func TestHexSwap(t *testing.T) {
	h := NewHex(2, true)
	h.Play(0) // Red on (0,0): on Red's edge j = 0 and Blue's edge i = 0
	if got := len(h.Moves(nil)); got != 4 {
		t.Fatalf("Blue's first moves: %d, want 3 cells and the swap", got)
	}
	h.Play(-1) // Blue takes it
	if h.Cell(0, 0) != 2 || h.ToMove() != 0 || h.Winner() >= 0 {
		t.Fatalf("after the swap: cell %d, to move %d, winner %d", h.Cell(0, 0), h.ToMove(), h.Winner())
	}
	h.Play(3) // Red (1,1)
	h.Play(1) // Blue (1,0): joins i = 0 and i = 1 with (0,0)
	if h.Winner() != 1 {
		t.Fatalf("winner %d, want Blue", h.Winner())
	}
}
