package solve

import (
	"context"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"rulesmith/core"
)

// Endgame databases. For a game with a material model (material.go), the
// databases hold, for every way of placing n ≤ N stones on the field and
// either seat to move, the margin the seat to move still wins from there
// by perfect play: its final margin minus its share of what the banks
// hold now. They are built by retrograde analysis over the stones still
// in play: level 0 first, then level n from the levels below (a move that
// banks stones or ends the game leads to a lower level or to an end) and
// from positions of its own level, solved first, depth first (a line
// inside one level that comes back to a position is a cycle, and stops
// the build). The search reads a position with at most N stones in play
// from the databases instead of searching it.
//
// A level holds 2 × C(n+F-1, F-1) one-byte values (F field cells): a
// position's index is its rank among the placements of n stones on F
// cells (the combinatorial number system over the "stars and bars" of the
// placement), times two, plus the seat to move.
type endgame struct {
	m      *material
	maxN   int // the largest level
	f      int // field cells
	binom  [][]uint64
	levels [][]uint32 // four values a word: byte 0 unknown, else value+128
}

const (
	// egMaxValue bounds a stored value.
	egMaxValue = 127
	// egChunk is how many ranks a builder takes at a time.
	egChunk = 1 << 12
	// egSampleMask: one position in egSampleMask+1 is checked again with
	// random banks.
	egSampleMask = 63
)

// egEntries returns the number of values of levels 0..n for f field cells.
func egEntries(n, f int) int64 {
	// Σ_{k≤n} C(k+f-1, f-1) = C(n+f, f)
	return 2 * int64(binomial(n+f, f))
}

func binomial(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	r := uint64(1)
	for i := 1; i <= k; i++ {
		hi, lo := bits.Mul64(r, uint64(n-k+i))
		if hi != 0 {
			return 1 << 63
		}
		r = lo / uint64(i)
	}
	return r
}

func newEndgame(m *material, maxN int) *endgame {
	f := len(m.field)
	eg := &endgame{m: m, maxN: maxN, f: f}
	eg.binom = make([][]uint64, maxN+f+1)
	for a := range eg.binom {
		eg.binom[a] = make([]uint64, f+1)
		for b := 0; b <= f; b++ {
			eg.binom[a][b] = binomial(a, b)
		}
	}
	eg.levels = make([][]uint32, maxN+1)
	return eg
}

// size is the number of placements of n stones on the field.
func (eg *endgame) size(n int) int { return int(eg.binom[n+eg.f-1][eg.f-1]) }

// rank returns the index of the placement x (field counts, summing to n).
func (eg *endgame) rank(x []int) int {
	r, sum := uint64(0), 0
	for i := 0; i < eg.f-1; i++ {
		sum += x[i]
		r += eg.binom[sum+i][i+1]
	}
	return int(r)
}

// rankOf returns the index of st's field, whose material is n.
func (eg *endgame) rankOf(st *core.State) int {
	r, sum := uint64(0), 0
	field := eg.m.field
	for i := 0; i < eg.f-1; i++ {
		sum += st.Count(field[i])
		r += eg.binom[sum+i][i+1]
	}
	return int(r)
}

// unrank sets x to the placement of n stones of index r.
func (eg *endgame) unrank(n, r int, x []int) {
	rr := uint64(r)
	top := n + eg.f - 1 // bars b_i < top
	prev := top
	for i := eg.f - 2; i >= 0; i-- {
		b := prev - 1
		for eg.binom[b][i+1] > rr {
			b--
		}
		rr -= eg.binom[b][i+1]
		// x[i+1] = prev - b - 1
		x[i+1] = prev - b - 1
		prev = b
	}
	x[0] = prev
}

// value returns a stored value (after the build: plain reads).
func (eg *endgame) value(n, idx int) (int, bool) {
	b := byte(eg.levels[n][idx>>2] >> (8 * (idx & 3)))
	return int(b) - 128, b != 0
}

func (eg *endgame) load(n, idx int) (int, bool) {
	w := atomic.LoadUint32(&eg.levels[n][idx>>2])
	b := byte(w >> (8 * (idx & 3)))
	return int(b) - 128, b != 0
}

func (eg *endgame) store(n, idx, v int) {
	p := &eg.levels[n][idx>>2]
	sh := 8 * (idx & 3)
	for {
		w := atomic.LoadUint32(p)
		nw := w&^(0xff<<sh) | uint32(byte(v+128))<<sh
		if atomic.CompareAndSwapUint32(p, w, nw) {
			return
		}
	}
}

// lookup returns the value of st (not over, n stones in play, n ≤ maxN)
// for its seat to move: its share of the banks plus the database's value.
func (eg *endgame) lookup(st *core.State, n int) int {
	seat := st.ToMove()
	v, _ := eg.value(n, eg.rankOf(st)*2+seat)
	return sign(seat)*eg.m.banked(st) + v
}

func sign(seat int) int {
	if seat == 0 {
		return 1
	}
	return -1
}

// egProgress is what the build reports.
type egProgress struct {
	level, done, size int
}

// build fills levels from..maxN with workers goroutines.
func (eg *endgame) build(ctx context.Context, from, workers int, report func(egProgress)) error {
	for n := from; n <= eg.maxN; n++ {
		size := eg.size(n)
		eg.levels[n] = make([]uint32, (2*size+3)/4)
		var next, done atomic.Int64
		var wg sync.WaitGroup
		errs := make([]error, workers)
		stop := atomic.Bool{}
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				b := newBuilder(eg, uint64(w))
				errs[w] = b.run(n, size, &next, &done, &stop)
			}(w)
		}
		finished := make(chan struct{})
		go func() { wg.Wait(); close(finished) }()
		tick := time.NewTicker(250 * time.Millisecond)
	wait:
		for {
			select {
			case <-finished:
				break wait
			case <-ctx.Done():
				stop.Store(true)
			case <-tick.C:
				if report != nil {
					report(egProgress{level: n, done: int(done.Load()), size: size})
				}
			}
		}
		tick.Stop()
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// builder solves database positions on one goroutine.
type builder struct {
	eg     *endgame
	g      *core.Game
	depth  []*bLevel
	counts []int
	path   []int // indexes of the level's positions being solved
	rng    uint64
	check  *core.State
	kid2   *core.State
}

type bLevel struct {
	st    *core.State
	x     []int
	moves []core.Move
	kids  []*core.State
}

func newBuilder(eg *endgame, seed uint64) *builder {
	g := eg.m.g
	return &builder{eg: eg, g: g, counts: make([]int, g.Board().N()), rng: seed*0x9e3779b97f4a7c15 + 1,
		check: g.NewState(), kid2: g.NewState()}
}

func (b *builder) level(d int) *bLevel {
	for len(b.depth) <= d {
		b.depth = append(b.depth, &bLevel{st: b.g.NewState(), x: make([]int, b.eg.f), moves: make([]core.Move, 0, 32)})
	}
	return b.depth[d]
}

// egError carries a build error out of the recursion.
type egError struct{ err error }

func (b *builder) run(n, size int, next, done *atomic.Int64, stop *atomic.Bool) (err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(egError)
			if !ok {
				panic(r)
			}
			err = e.err
			stop.Store(true)
		}
	}()
	x := b.level(0).x
	for !stop.Load() {
		lo := int(next.Add(egChunk)) - egChunk
		if lo >= size {
			return nil
		}
		hi := min(lo+egChunk, size)
		for r := lo; r < hi; r++ {
			for seat := 0; seat < 2; seat++ {
				if _, ok := b.eg.load(n, 2*r+seat); ok {
					continue
				}
				b.eg.unrank(n, r, x)
				b.solve(0, n, r, seat)
			}
		}
		done.Add(int64(hi - lo))
	}
	return nil
}

func (b *builder) fail(format string, args ...any) {
	panic(egError{fmt.Errorf("solve: %s: endgame database: "+format, append([]any{b.g.Name()}, args...)...)})
}

// arrange sets st to the field placement x with empty banks.
func (b *builder) arrange(st *core.State, x []int, seat int) {
	for c := range b.counts {
		b.counts[c] = 0
	}
	for i, c := range b.eg.m.field {
		b.counts[c] = x[i]
	}
	if err := b.g.Arrange(st, b.counts, seat); err != nil {
		b.fail("%v", err)
	}
}

// solve computes and stores the value of the placement of n stones of
// rank r (held in b.level(d).x) with seat to move, and returns it.
func (b *builder) solve(d, n, r, seat int) int {
	eg, g, m := b.eg, b.g, b.eg.m
	lv := b.level(d)
	st := lv.st
	b.arrange(st, lv.x, seat)
	lv.moves = g.Settle(st, lv.moves[:0])
	sg := sign(seat)
	best := -inf
	if len(lv.moves) == 0 {
		if g.Result(st).Timeout {
			b.fail("a position reaches the ply limit")
		}
		best = sg * scoreMargin(g, st)
	} else {
		for len(lv.kids) < len(lv.moves) {
			lv.kids = append(lv.kids, g.NewState())
		}
		b.path = append(b.path, 2*r+seat)
		for k, mv := range lv.moves {
			c := lv.kids[k]
			c.CopyFrom(st)
			if err := g.Play(c, mv); err != nil {
				b.fail("move %s: %v", g.Format(st, mv), err)
			}
			var v int
			if c.Over() {
				v = sg * scoreMargin(g, c)
			} else {
				n2 := m.fieldSum(c)
				if n2 > n {
					b.fail("the move %s adds stones to the field (%d → %d in play)", g.Format(st, mv), n, n2)
				}
				r2 := eg.rankOf(c)
				s2 := c.ToMove()
				idx := 2*r2 + s2
				d2, ok := eg.load(n2, idx)
				if !ok {
					if n2 < n {
						b.fail("internal error: level %d incomplete", n2)
					}
					for _, p := range b.path {
						if p == idx {
							b.fail("a line of moves comes back to a position with %d stones in play (after %s)", n, g.Format(st, mv))
						}
					}
					nx := b.level(d + 1).x
					for i, cell := range m.field {
						nx[i] = c.Count(cell)
					}
					d2 = b.solve(d+1, n2, r2, s2)
					st = lv.st // (unchanged; the recursion uses its own level)
				}
				if s2 != seat {
					d2 = -d2
				}
				v = sg*m.banked(c) + d2
			}
			best = max(best, v)
		}
		b.path = b.path[:len(b.path)-1]
	}
	if best > egMaxValue || best < -egMaxValue {
		b.fail("a margin of %d is beyond the database's range (±%d)", best, egMaxValue)
	}
	if b.rng = b.rng*6364136223846793005 + 1442695040888963407; b.rng>>58&egSampleMask == 0 {
		b.recheck(d, seat)
	}
	eg.store(n, 2*r+seat, best)
	return best
}

// recheck plays the position of b.level(d) again with random stones on
// the banks and checks that the moves are the same, with the same effect
// on the field and the banks, the banks never lose stones, the same ends,
// and final margins that differ by the banks' weights.
func (b *builder) recheck(d, seat int) {
	g, m := b.g, b.eg.m
	lv := b.level(d)
	st := b.check
	st.CopyFrom(lv.st)
	for _, c := range m.banks {
		b.rng = b.rng*6364136223846793005 + 1442695040888963407
		st.SetCount(c, int(b.rng>>60)+1)
	}
	moves := g.Settle(st, nil)
	if len(moves) != len(lv.moves) {
		b.fail("with other stones on the banks a position has %d moves, not %d (%s)", len(moves), len(lv.moves), "the moves depend on the banks")
	}
	if len(moves) == 0 {
		if scoreMargin(g, st)-scoreMargin(g, lv.st) != m.banked(st) {
			b.fail("the final margin does not follow the banks' weights")
		}
		return
	}
	for k, mv := range moves {
		if mv != lv.moves[k] {
			b.fail("the moves depend on the banks (%s)", g.Format(st, mv))
		}
		c, c0 := b.kid2, lv.kids[k]
		c.CopyFrom(st)
		if err := g.Play(c, mv); err != nil {
			b.fail("move %s: %v", g.Format(st, mv), err)
		}
		if c.Over() != c0.Over() || c.ToMove() != c0.ToMove() {
			b.fail("the move %s ends the game or passes the turn depending on the banks", g.Format(st, mv))
		}
		for _, cell := range m.field {
			if c.Count(cell) != c0.Count(cell) {
				b.fail("the move %s changes the field depending on the banks", g.Format(st, mv))
			}
		}
		for _, cell := range m.banks {
			if c.Count(cell) < st.Count(cell) {
				b.fail("the move %s takes stones from %s", g.Format(st, mv), g.Board().Cells[cell].Name)
			}
			if c.Count(cell)-st.Count(cell) != c0.Count(cell) {
				b.fail("the move %s banks stones depending on the banks", g.Format(st, mv))
			}
		}
		if c.Over() && scoreMargin(g, c)-scoreMargin(g, c0) != m.banked(st) {
			b.fail("the final margin does not follow the banks' weights")
		}
	}
}
