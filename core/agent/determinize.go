package agent

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"rulesmith/core"
)

// Worlds is the number of positions a search over hidden information
// samples from the mover's view (see MCTS).
const Worlds = 8

// determinized searches a position with hidden zones from the mover's view
// only (determinised MCTS): it samples Worlds positions consistent with
// what the mover sees (core.View.Sample: the zones it cannot see refilled
// at random from the pieces it has not seen), searches each with an equal
// share of the budget, and returns the move with the most root visits over
// all of them. Nothing the mover cannot see is read: two positions that
// differ only there give the same move for the same seed.
func (a *MCTS) determinized(ctx context.Context, g *core.Game, s *core.State, t *tree, s1, s2 uint64, start time.Time) (core.Move, error) {
	view := g.View(s, s.ToMove())
	worlds := rand.New(rand.NewPCG(s1^0x776f726c64, s2))
	det := view.Known.Clone()
	budget, d := a.Playouts, a.Duration
	if budget <= 0 && d <= 0 {
		d = DefaultDuration
	}
	per := budget / Worlds
	if budget > 0 && per == 0 {
		per = 1
	}
	var moves []core.Move
	var visits []float64
	done := ctx.Done()
	n := 0
	for w := 0; w < Worlds; w++ {
		view.Sample(worlds, det)
		t = t.reset(g, det, s1+uint64(w), s2, a.C)
		t.buf = g.Settle(t.root, t.buf)
		if len(t.buf) == 0 {
			continue
		}
		t.addMoves(0, t.buf)
		t.nodes[0].toMove = int32(t.root.ToMove())
		var deadline time.Time
		if d > 0 {
			deadline = start.Add(d * time.Duration(w+1) / Worlds)
		}
	search:
		for k := 0; per <= 0 || k < per; k++ {
			select {
			case <-done:
				break search
			default:
			}
			if d > 0 && !time.Now().Before(deadline) {
				break
			}
			t.iterate()
			n++
		}
		root := &t.nodes[0]
		for j, c := range t.kids[root.start : root.start+root.tried] {
			m := t.moves[root.start+int32(j)]
			found := false
			for i := range moves {
				if moves[i] == m {
					visits[i] += t.nodes[c].visits
					found = true
				}
			}
			if !found {
				moves = append(moves, m)
				visits = append(visits, t.nodes[c].visits)
			}
		}
	}
	a.mu.Lock()
	a.stats = Stats{Playouts: n, Nodes: len(t.nodes), Elapsed: time.Since(start)}
	a.mu.Unlock()
	best := -1
	for i := range moves {
		if best < 0 || visits[i] > visits[best] {
			best = i
		}
	}
	if best < 0 || visits[best] == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		return 0, fmt.Errorf("agent: %s ran no playout", a.Name())
	}
	return moves[best], nil
}
