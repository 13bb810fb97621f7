package agent

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"rulesmith/core"
)

// maxNodes bounds the search tree; past it the search keeps running
// playouts from the leaves it has but stops growing the tree.
const maxNodes = 1 << 20

// MCTS is a UCT Monte-Carlo tree search for any number of seats.
//
// Each node of the tree keeps, per seat, the sum of the rewards of the
// playouts through it: a win is worth 1, a draw 1/(number of seats still in
// the game) to each of them, a loss 0; a game stopped by the ply limit
// counts as a draw, and so does a playout cut short by a rule's limit (an
// error from Game.Play). The seat to move at a node chooses among its
// children by UCB1 on its own reward; the tree grows by one node per
// playout; playouts are uniformly random (Game.Playout, chance drawn by
// weight). Chance nodes are explicit in the tree: on every descent the
// outcome is drawn by its weight and its child followed (or added), so a
// decision's value is the expectation over the outcomes below it. Choose
// returns the most-visited move of the root, or, when chance is to move at
// the root, an outcome drawn by its weight.
//
// The budget is a number of playouts, a wall-clock duration, or both
// (whichever is reached first). With a playout budget alone the search is
// deterministic for a seed. A literal MCTS{Playouts: n} works too (seeded
// with 0); set the fields before the first Choose and leave them alone
// while one runs.
type MCTS struct {
	// Playouts is the number of playouts per move; 0: no limit.
	Playouts int
	// Duration is the thinking time per move; 0: no limit. When Playouts
	// is 0 too, Choose uses DefaultDuration.
	Duration time.Duration
	// C is the UCB1 exploration constant; 0 means sqrt(2).
	C float64

	mu    sync.Mutex
	seed  *rand.PCG // the agent's stream: seeds each search
	spare *tree     // buffers of the last search, for reuse
	stats Stats
}

// Stats describes a search.
type Stats struct {
	// Playouts is the number of playouts run.
	Playouts int
	// Nodes is the size of the tree.
	Nodes int
	// Elapsed is the time the search took.
	Elapsed time.Duration
}

// NewMCTS returns a tree search that runs up to playouts playouts (0: no
// limit) for up to d (0: no limit) per move, seeded with seed.
func NewMCTS(playouts int, d time.Duration, seed uint64) *MCTS {
	return &MCTS{Playouts: playouts, Duration: d, seed: rand.NewPCG(seed, 0x4d435453)}
}

// Name returns the agent's spec, such as "mcts:2s", "mcts:1000p" or
// "mcts:2s:5000p".
func (a *MCTS) Name() string {
	var b strings.Builder
	b.WriteString("mcts")
	d := a.Duration
	if d == 0 && a.Playouts <= 0 {
		d = DefaultDuration
	}
	if d > 0 {
		fmt.Fprintf(&b, ":%v", d)
	}
	if a.Playouts > 0 {
		fmt.Fprintf(&b, ":%dp", a.Playouts)
	}
	return b.String()
}

// LastStats returns the statistics of the most recent search (zero before
// the first one, or when the last Choose had nothing to search).
func (a *MCTS) LastStats() Stats {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.stats
}

// node is a position of the search tree. Its moves, once generated, are
// tree.moves[start:start+n]; the first tried of them have been expanded,
// their children being tree.kids[start:start+tried].
type node struct {
	move   core.Move // the move from the parent
	visits float64
	start  int32 // -1 until the moves are generated
	n      int32
	tried  int32
	toMove int32 // the seat to move here (once the moves are generated)
	// regen: generating the moves changed the position (Moves eliminated
	// a stuck player), so every descent must call Moves here again.
	regen bool
	// chance: a chance node; its moves are the outcomes, one drawn by
	// weight on every descent (kids[k] is outcome k's child, or -1).
	chance bool
}

// tree holds a search's buffers; it is reused from one Choose to the next.
type tree struct {
	g       *core.Game
	seats   int
	c       float64
	root    *core.State
	work    *core.State
	nodes   []node
	rewards []float64 // rewards[i*seats+seat]: node i's reward sum for seat
	moves   []core.Move
	kids    []int32
	path    []int32
	reward  []float64 // one playout's rewards
	buf     []core.Move
	pcg     rand.PCG
	rng     *rand.Rand
}

// Choose searches s and returns the most-visited move of the root. A
// position with one legal move returns it at once; one with none returns
// ErrNoMoves. When ctx is cancelled the search stops and returns its best
// move so far (ctx.Err() if no playout has finished).
func (a *MCTS) Choose(ctx context.Context, g *core.Game, s *core.State) (core.Move, error) {
	start := time.Now()
	a.mu.Lock()
	if a.seed == nil {
		a.seed = rand.NewPCG(0, 0x4d435453)
	}
	s1, s2 := a.seed.Uint64(), a.seed.Uint64()
	t := a.spare
	a.spare = nil
	a.mu.Unlock()

	t = t.reset(g, s, s1, s2, a.C)
	defer func() {
		a.mu.Lock()
		a.spare = t
		a.mu.Unlock()
	}()

	// The root's moves, on the root copy (Settle may record the end there).
	t.buf = g.Settle(t.root, t.buf)
	switch len(t.buf) {
	case 0:
		return 0, ErrNoMoves
	case 1:
		return t.buf[0], nil
	}
	if g.AtChance(t.root) {
		// chance moves here, not the agent: draw the outcome by weight
		return g.Sample(t.root, t.buf, t.rng), nil
	}
	if g.HasHidden() {
		// the mover decides from what it sees, never from the truth
		return a.determinized(ctx, g, s, t, s1, s2, start)
	}
	t.addMoves(0, t.buf)
	t.nodes[0].toMove = int32(t.root.ToMove())

	budget, d := a.Playouts, a.Duration
	if budget <= 0 && d <= 0 {
		d = DefaultDuration
	}
	var deadline time.Time
	if d > 0 {
		deadline = start.Add(d)
	}
	done := ctx.Done()
	n := 0
search:
	for budget <= 0 || n < budget {
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

	a.mu.Lock()
	a.stats = Stats{Playouts: n, Nodes: len(t.nodes), Elapsed: time.Since(start)}
	a.mu.Unlock()

	best := t.best()
	if best < 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		return 0, fmt.Errorf("agent: %s ran no playout", a.Name())
	}
	return t.nodes[best].move, nil
}

// reset prepares t (nil: a new tree) for a search of s.
func (t *tree) reset(g *core.Game, s *core.State, s1, s2 uint64, c float64) *tree {
	if t == nil {
		t = &tree{buf: make([]core.Move, 0, 256)}
		t.rng = rand.New(&t.pcg)
	}
	if t.g != g {
		t.g = g
		t.seats = g.NumSeats()
		t.root, t.work = s.Clone(), s.Clone()
		t.reward = make([]float64, t.seats)
	} else {
		t.root.CopyFrom(s)
	}
	t.c = c
	if t.c == 0 {
		t.c = math.Sqrt2
	}
	t.pcg.Seed(s1, s2)
	t.nodes = t.nodes[:0]
	t.rewards = t.rewards[:0]
	t.moves = t.moves[:0]
	t.kids = t.kids[:0]
	t.newNode(0, -1)
	return t
}

func (t *tree) newNode(m core.Move, toMove int) int32 {
	t.nodes = append(t.nodes, node{move: m, start: -1, toMove: int32(toMove)})
	for range t.seats {
		t.rewards = append(t.rewards, 0)
	}
	return int32(len(t.nodes) - 1)
}

// addMoves records the moves of node i.
func (t *tree) addMoves(i int32, ms []core.Move) {
	nd := &t.nodes[i]
	nd.start = int32(len(t.moves))
	nd.n = int32(len(ms))
	t.moves = append(t.moves, ms...)
	for range ms {
		t.kids = append(t.kids, -1)
	}
}

// iterate runs one selection, expansion, playout and backpropagation.
func (t *tree) iterate() {
	g, w := t.g, t.work
	w.CopyFrom(t.root)
	t.path = append(t.path[:0], 0)
	failed := false
	i := int32(0)
	for {
		nd := &t.nodes[i]
		if nd.start < 0 {
			h := w.Hash()
			t.buf = g.Settle(w, t.buf)
			t.addMoves(i, t.buf)
			nd = &t.nodes[i]
			nd.toMove = int32(w.ToMove())
			nd.regen = w.Hash() != h
			nd.chance = g.AtChance(w)
		} else if nd.regen {
			t.buf = g.Settle(w, t.buf)
		}
		if nd.n == 0 {
			break // the game is over here
		}
		if nd.chance {
			// A chance node: the outcome is drawn by its weight, and its
			// child is descended into, or added as this playout's new node.
			k := t.sample(w, nd)
			m := t.moves[k]
			if err := g.Play(w, m); err != nil {
				failed = true
				break
			}
			c := t.kids[k]
			if c < 0 {
				if len(t.nodes) >= maxNodes {
					break // the tree is full: play out from here
				}
				c = t.newNode(m, w.ToMove())
				t.kids[k] = c
				t.path = append(t.path, c)
				break
			}
			t.path = append(t.path, c)
			i = c
			continue
		}
		if nd.tried < nd.n && len(t.nodes) < maxNodes {
			// Expand one untried move, chosen at random.
			k := nd.start + nd.tried + int32(t.rng.IntN(int(nd.n-nd.tried)))
			j := nd.start + nd.tried
			t.moves[k], t.moves[j] = t.moves[j], t.moves[k]
			nd.tried++
			m := t.moves[j]
			if err := g.Play(w, m); err != nil {
				failed = true
			}
			c := t.newNode(m, w.ToMove())
			t.kids[j] = c
			t.path = append(t.path, c)
			break
		}
		if nd.tried == 0 {
			break // the tree is full: play out from here
		}
		c := t.selectChild(nd)
		if err := g.Play(w, t.nodes[c].move); err != nil {
			failed = true
		}
		t.path = append(t.path, c)
		i = c
		if failed {
			break
		}
	}
	if !failed {
		var err error
		t.buf, err = g.Playout(w, t.rng, t.buf, nil)
		failed = err != nil
	}
	t.score(failed)
	for _, i := range t.path {
		t.nodes[i].visits++
		r := t.rewards[int(i)*t.seats : int(i+1)*t.seats]
		for seat, v := range t.reward {
			r[seat] += v
		}
	}
}

// sample draws one of the outcomes of the chance node nd (the position w)
// by weight and returns its index in t.moves.
func (t *tree) sample(w *core.State, nd *node) int32 {
	ms := t.moves[nd.start : nd.start+nd.n]
	total := 0
	for _, m := range ms {
		total += t.g.ChanceWeight(w, m)
	}
	if total <= 0 {
		return nd.start + int32(t.rng.IntN(len(ms)))
	}
	x := t.rng.IntN(total)
	for j, m := range ms {
		if x -= t.g.ChanceWeight(w, m); x < 0 {
			return nd.start + int32(j)
		}
	}
	return nd.start + nd.n - 1
}

// selectChild returns the child of nd with the best UCB1 value for the
// seat to move at nd.
func (t *tree) selectChild(nd *node) int32 {
	lnN := math.Log(nd.visits)
	mover := int(nd.toMove)
	best, bestV := int32(-1), math.Inf(-1)
	for _, c := range t.kids[nd.start : nd.start+nd.tried] {
		ch := &t.nodes[c]
		v := t.rewards[int(c)*t.seats+mover]/ch.visits + t.c*math.Sqrt(lnN/ch.visits)
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

// score sets t.reward from the finished game in t.work (a draw when the
// playout failed).
func (t *tree) score(failed bool) {
	w := t.work
	for seat := range t.reward {
		t.reward[seat] = 0
	}
	if !failed && w.Over() {
		if r := t.g.Result(w); r.Over && !r.Timeout && r.Winner >= 0 {
			t.reward[r.Winner] = 1
			return
		}
	}
	active := w.Active()
	if active == 0 {
		return
	}
	for seat := range t.reward {
		if !w.Eliminated(seat) {
			t.reward[seat] = 1 / float64(active)
		}
	}
}

// best returns the most-visited child of the root (ties: the better mean
// reward for the seat to move), or -1 when none was visited.
func (t *tree) best() int32 {
	root := &t.nodes[0]
	mover := int(root.toMove)
	best := int32(-1)
	var bv, bm float64
	for _, c := range t.kids[root.start : root.start+root.tried] {
		ch := &t.nodes[c]
		if ch.visits == 0 {
			continue
		}
		m := t.rewards[int(c)*t.seats+mover] / ch.visits
		if best < 0 || ch.visits > bv || (ch.visits == bv && m > bm) {
			best, bv, bm = c, ch.visits, m
		}
	}
	return best
}
