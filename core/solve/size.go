package solve

import (
	"fmt"
	"math"
	"strings"

	"rulesmith/core"
)

// Size is a bound on the number of positions a solve may have to tell
// apart, estimated from the variant and the position before any search:
// the arrangements of its material (stones over the cells, each kind's
// pieces over the cells, the zones and off the board, as if any number
// could share a place), times the seats to move and the phases. Scores,
// piece states and chance words are not counted. For a game whose cells
// hold one piece each the bound is generous, for stones (a mancala) it is
// close: Kalah 6×4 has at most 1.3·10¹³.
type Size struct {
	// Log10 is the bound's base-10 logarithm.
	Log10 float64
	// Parts says what the bound is made of, e.g. "60 stones over 14
	// cells".
	Parts []string
}

// String prints the bound as "1.7e14 positions (60 stones over 14 cells;
// 2 seats to move)".
func (z Size) String() string {
	return fmt.Sprintf("%s positions (%s)", pow10Text(z.Log10), strings.Join(z.Parts, "; "))
}

// MaxSizeLog10 is the largest Size (its base-10 logarithm) that Solve takes
// on without Options.Force: Kalah 6×4 (10^13.1) is solved in about 2.5
// CPU-minutes, 5×5 (10^11.9) in as many; 6×5 (10^14.2) had not finished its
// first null-window pass after 15 CPU-minutes and 955 million nodes.
const MaxSizeLog10 = 13.5

// TooLargeError is Solve's refusal of a variant whose Size passes
// MaxSizeLog10, given at once, before any search.
type TooLargeError struct {
	Variant string
	Size    Size
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("solve: %s: too large to solve: up to %s, past the %s this solver can finish "+
		"(Kalah 6×4, up to 1.3e13, takes about 2.5 CPU-minutes; 6×5, up to 1.7e14, did not finish its first pass in 15 CPU-minutes)",
		e.Variant, e.Size, pow10Text(MaxSizeLog10))
}

// EstimateSize bounds the positions of g reachable from s (see Size).
func EstimateSize(g *core.Game, s *core.State) Size {
	var z Size
	cells := len(g.Board().Cells)
	stones := 0
	for c := 0; c < cells; c++ {
		stones += s.Count(c)
	}
	if stones > 0 {
		z.Log10 += log10Choose(stones+cells-1, cells-1)
		z.Parts = append(z.Parts, fmt.Sprintf("%d stones over %d cells", stones, cells))
	}
	// The places a piece can be: a cell, a zone (one per seat for a
	// hand), or off the board.
	places := cells + 1
	for zi := range g.Zones() {
		if g.ZonePerSeat(zi) {
			places += g.NumSeats()
		} else {
			places++
		}
	}
	perKind := make([]int, g.NumKinds())
	for p := 0; p < g.NumPieces(); p++ {
		perKind[g.PieceKindIndex(p)]++
	}
	pieces := 0
	kinds := 0
	for _, n := range perKind {
		if n > 0 {
			z.Log10 += log10Choose(places+n-1, n)
			pieces += n
			kinds++
		}
	}
	if pieces > 0 {
		z.Parts = append(z.Parts, fmt.Sprintf("%d pieces of %d kinds over %d places", pieces, kinds, places))
	}
	z.Log10 += math.Log10(float64(g.NumSeats()))
	z.Parts = append(z.Parts, fmt.Sprintf("%d seats to move", g.NumSeats()))
	if n := len(g.Phases()); n > 1 {
		z.Log10 += math.Log10(float64(n))
		z.Parts = append(z.Parts, fmt.Sprintf("%d phases", n))
	}
	return z
}

// log10Choose returns log10 of n choose k.
func log10Choose(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return (a - b - c) / math.Ln10
}

// pow10Text prints 10^l as "1.7e14" (or plainly below a million).
func pow10Text(l float64) string {
	if l < 6 {
		return fmt.Sprintf("%.0f", math.Pow(10, l))
	}
	e := math.Floor(l)
	m := math.Pow(10, l-e)
	if m >= 9.95 {
		m, e = 1, e+1
	}
	return fmt.Sprintf("%.1fe%d", m, int(e))
}
