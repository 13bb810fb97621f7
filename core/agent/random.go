package agent

import (
	"context"
	"math/rand/v2"
	"sync"

	"rulesmith/core"
)

// Random plays a legal move chosen uniformly at random. For a given seed it
// makes the same choices in the same sequence of positions.
type Random struct {
	mu   sync.Mutex
	rng  *rand.Rand
	work *core.State
	buf  []core.Move
}

// NewRandom returns a random player seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x52616e646f6d)), buf: make([]core.Move, 0, 256)}
}

// Name returns "random".
func (r *Random) Name() string { return "random" }

// Choose returns a uniformly random legal move of s (at a chance node, an
// outcome drawn by its weight). It finds one at once, so it ignores ctx.
func (r *Random) Choose(ctx context.Context, g *core.Game, s *core.State) (core.Move, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.work == nil || r.work.Game() != g {
		r.work = s.Clone()
	} else {
		r.work.CopyFrom(s)
	}
	// Settle may record the end of the game in the state: work on the copy.
	r.buf = g.Settle(r.work, r.buf)
	if len(r.buf) == 0 {
		return 0, ErrNoMoves
	}
	if g.AtChance(r.work) {
		// a chance node: the outcome by its weight
		return g.Sample(r.work, r.buf, r.rng), nil
	}
	return r.buf[r.rng.IntN(len(r.buf))], nil
}
