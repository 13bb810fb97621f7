package solve

import (
	"fmt"
	"math/rand/v2"

	"rulesmith/core"
)

// A material model splits a stones-only game's cells into banks, cells
// that only ever gain stones (a mancala's stores), and the field, every
// other cell; the stones on the field are the material still in play. The
// model holds when
//
//   - the game has no piece instances, one phase and no points kept by the
//     engine, so a position is its stone counts and its seat to move;
//   - a move never takes stones from a bank nor adds stones to the field
//     (material only decreases);
//   - the moves, their effect on the field and the end do not depend on
//     what the banks hold;
//   - seat 0's final score margin is a fixed weighted sum of the bank
//     counts plus a part that depends on the field alone.
//
// Then the margin still to be won from a position, by perfect play,
// depends on the field and the seat to move only, and positions with few
// stones in play can be solved once for all banks: the endgame databases
// (endgame.go).
//
// detectMaterial reads the first three conditions from the game's public
// API and finds the banks and their weights by playing random games from
// the start and every move of random placements of the stones: a cell
// that never lost a stone and gained some in a game is a bank, and
// a bank's weight is what one more stone on it adds to a finished game's
// margin (Game.SeatScore), checked at every finished game met with one and
// three more stones. While the databases are built, every enumerated
// position's moves are checked (the field never grows), and a sample of
// positions again with random bank contents (the same moves with the same
// effect on the field, banks that never lose, the same end, final margins
// that move by the weights). A failed check stops the solve with an error
// naming it.
type material struct {
	g      *core.Game
	field  []int // cells in play, in board order
	banks  []int // cells that only gain
	weight []int // seat 0's margin per stone on each bank
	inPlay int   // stones on the field at the root
}

// probeGames is how many random games detectMaterial plays, and
// probePositions how many random placements of the stones it tries.
const (
	probeGames     = 48
	probePositions = 512
)

// detectMaterial returns the material model of g from root, or an error
// saying why g has none.
func detectMaterial(g *core.Game, root *core.State) (*material, error) {
	switch {
	case g.NumPieces() != 0:
		return nil, fmt.Errorf("it has pieces")
	case len(g.Phases()) != 1:
		return nil, fmt.Errorf("it has %d phases", len(g.Phases()))
	}
	n := g.Board().N()
	gained, lost := make([]bool, n), make([]bool, n)
	rng := rand.New(rand.NewPCG(uint64(n), 0x6d61746572))
	var ends []*core.State
	var moves []core.Move
	s, c := root.Clone(), root.Clone()
	for game := 0; game < probeGames; game++ {
		s.CopyFrom(root)
		for ply := 0; ; ply++ {
			for seat := range g.NumSeats() {
				if s.Score(seat) != 0 {
					return nil, fmt.Errorf("the engine keeps points")
				}
			}
			moves = g.Settle(s, moves[:0])
			if len(moves) == 0 {
				if g.Result(s).Timeout {
					return nil, fmt.Errorf("a random game reached the ply limit")
				}
				if game < 16 {
					ends = append(ends, s.Clone())
				}
				break
			}
			c.CopyFrom(s)
			if err := g.Play(c, moves[rng.IntN(len(moves))]); err != nil {
				return nil, err
			}
			for cell := 0; cell < n; cell++ {
				a, b := s.Count(cell), c.Count(cell)
				gained[cell] = gained[cell] || b > a
				lost[cell] = lost[cell] || b < a
			}
			s.CopyFrom(c)
		}
	}
	// Positions no game may reach, with the stones anywhere, find the cells
	// that can lose stones more surely than games do.
	total := 0
	for cell := 0; cell < n; cell++ {
		total += root.Count(cell)
	}
	counts := make([]int, n)
	for k := 0; k < probePositions && total > 0; k++ {
		for cell := range counts {
			counts[cell] = 0
		}
		for i := 0; i < total; i++ {
			counts[rng.IntN(n)]++
		}
		if err := g.Arrange(s, counts, k%g.NumSeats()); err != nil {
			return nil, err
		}
		moves = g.Settle(s, moves[:0])
		for _, mv := range moves {
			c.CopyFrom(s)
			if err := g.Play(c, mv); err != nil {
				return nil, err
			}
			for cell := 0; cell < n; cell++ {
				lost[cell] = lost[cell] || c.Count(cell) < s.Count(cell)
			}
		}
	}
	m := &material{g: g}
	for cell := 0; cell < n; cell++ {
		if gained[cell] && !lost[cell] {
			m.banks = append(m.banks, cell)
		} else {
			m.field = append(m.field, cell)
		}
	}
	switch {
	case len(m.banks) == 0:
		return nil, fmt.Errorf("no cell only gains stones")
	case len(m.field) < 2:
		return nil, fmt.Errorf("fewer than two cells are in play")
	case len(ends) == 0:
		return nil, fmt.Errorf("no random game ended")
	}
	// The weights, read at one finished game and checked at the others.
	m.weight = make([]int, len(m.banks))
	t := root.Clone()
	for i, b := range m.banks {
		m.weight[i] = finalWith(g, t, ends[0], b, 1) - scoreMargin(g, ends[0])
	}
	for _, st := range ends {
		base := scoreMargin(g, st)
		for i, b := range m.banks {
			for _, add := range []int{1, 3} {
				if finalWith(g, t, st, b, add)-base != add*m.weight[i] {
					return nil, fmt.Errorf("the final score margin is not a fixed weighted sum of the banks (%s)", g.Board().Cells[b].Name)
				}
			}
		}
	}
	m.inPlay = m.fieldSum(root)
	return m, nil
}

// finalWith returns the score margin of st with add more stones on cell b.
func finalWith(g *core.Game, t, st *core.State, b, add int) int {
	t.CopyFrom(st)
	t.SetCount(b, st.Count(b)+add)
	return scoreMargin(g, t)
}

// banked is seat 0's share of the margin held in st's banks.
func (m *material) banked(st *core.State) int {
	v := 0
	for i, b := range m.banks {
		v += m.weight[i] * st.Count(b)
	}
	return v
}

// fieldSum is the number of stones in play in st.
func (m *material) fieldSum(st *core.State) int {
	n := 0
	for _, c := range m.field {
		n += st.Count(c)
	}
	return n
}

// scoreMargin is seat 0's score minus seat 1's.
func scoreMargin(g *core.Game, st *core.State) int {
	return g.SeatScore(st, 0) - g.SeatScore(st, 1)
}
