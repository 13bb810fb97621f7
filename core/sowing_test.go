package core_test

import (
	"fmt"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// egyptModel is an independent model of Egyptian mancala as the rule text
// gives it (shared/rules/traditional-games.md, MANCALA) with the shipped
// file's readings: sow counterclockwise from one's own bowl, skipping the
// opponent's mancala but not the emptied bowl; the last stone in one's own
// mancala earns another turn; the last stone in an empty bowl of one's own
// side takes that stone and the bowl across (even an empty one) into one's
// mancala; the game ends when either side's bowls are empty.
//
// The track is south bowls 0..p-1, the south store p, north bowls p+1..2p,
// the north store 2p+1.
type egyptModel struct {
	p      int
	cells  []int
	toMove int
	over   bool
}

func newEgyptModel(pits, seeds int) *egyptModel {
	m := &egyptModel{p: pits, cells: make([]int, 2*pits+2)}
	for i := 0; i < pits; i++ {
		m.cells[i], m.cells[pits+1+i] = seeds, seeds
	}
	return m
}

func (m *egyptModel) store(seat int) int   { return m.p + seat*(m.p+1) }
func (m *egyptModel) bowl(seat, k int) int { return seat*(m.p+1) + k }

func (m *egyptModel) moves() []int {
	if m.over {
		return nil
	}
	var out []int
	for k := 0; k < m.p; k++ {
		if m.cells[m.bowl(m.toMove, k)] > 0 {
			out = append(out, k)
		}
	}
	return out
}

func (m *egyptModel) clone() *egyptModel {
	c := *m
	c.cells = append([]int(nil), m.cells...)
	return &c
}

func (m *egyptModel) play(k int) {
	me := m.toMove
	n := len(m.cells)
	at := m.bowl(me, k)
	hand := m.cells[at]
	m.cells[at] = 0
	for hand > 0 {
		at = (at + 1) % n
		if at == m.store(1-me) {
			continue
		}
		m.cells[at]++
		hand--
	}
	again := at == m.store(me)
	if !again && at/(m.p+1) == me && at != m.store(me) && m.cells[at] == 1 {
		across := m.bowl(1-me, m.p-1-(at-m.bowl(me, 0)))
		m.cells[m.store(me)] += 1 + m.cells[across]
		m.cells[at], m.cells[across] = 0, 0
	}
	for seat := 0; seat < 2; seat++ {
		empty := true
		for j := 0; j < m.p; j++ {
			empty = empty && m.cells[m.bowl(seat, j)] == 0
		}
		m.over = m.over || empty
	}
	if !again {
		m.toMove = 1 - me
	}
}

func (m *egyptModel) perft(depth int) uint64 {
	ms := m.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, k := range ms {
		c := m.clone()
		c.play(k)
		n += c.perft(depth - 1)
	}
	return n
}

// Sowing works for any number of stones in a bowl: the guard against a
// sowing with no cell to drop in once refused any bowl of 42 or more stones
// on two pits (perft depth 2 printed 0), and moves listed by `moves` were
// refused by `replay`. Perft, and every move played, agree with the model.
func TestSowingLargeBowls(t *testing.T) {
	for _, c := range []struct{ pits, seeds, depth int }{
		{2, 42, 4}, {2, 200, 4}, {1, 1000, 3}, {3, 50, 4}, {6, 105, 3}, {6, 4, 4},
	} {
		t.Run(fmt.Sprintf("pits=%d,seeds=%d", c.pits, c.seeds), func(t *testing.T) {
			g, err := core.Load("mancala/egyptian", core.WithFS(variants.FS()),
				core.WithSet(fmt.Sprintf("pits=%d", c.pits), fmt.Sprintf("seeds=%d", c.seeds)))
			if err != nil {
				t.Fatal(err)
			}
			m := newEgyptModel(c.pits, c.seeds)
			for d := 1; d <= c.depth; d++ {
				if got, want := g.Perft(g.NewState(), d), m.perft(d); got != want {
					t.Errorf("perft %d: engine %d, model %d", d, got, want)
				}
			}
			// Every move generated along a game plays.
			s := g.NewState()
			for ply := 0; ply < 40; ply++ {
				moves := g.Moves(s, nil)
				if len(moves) == 0 {
					break
				}
				for _, mv := range moves {
					c := s.Clone()
					if err := g.Play(c, mv); err != nil {
						t.Fatalf("ply %d: move %s is listed but refused: %v", ply, g.Format(s, mv), err)
					}
				}
				if err := g.Play(s, moves[ply%len(moves)]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
