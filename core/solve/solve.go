// Package solve computes the exact game-theoretic value of small two-seat
// zero-sum variants: seat 0's final score margin (Game.Scores of seat 0
// minus that of seat 1 at the end of the game) when both seats play
// perfectly, with a principal line.
//
// # Search
//
// The search is a negamax alpha-beta keyed on the seat to move, not on
// alternation: a move after which the same seat moves again (an extra turn)
// keeps the sign and the window, any other move negates them. Every line is
// searched to the end of the game; there is no static evaluation.
//
// The driver is MTD(f): a sequence of null-window alpha-beta searches over
// the margin, each proving "value ≥ γ" or "value < γ" and moving γ to the
// bound it returned (fail-soft), until the lower and upper bounds meet.
// MTD(f) rather than iterative deepening, because the value is only defined
// at the end of the game: a depth-limited pass would need an evaluation at
// its horizon and would prove nothing about the exact value, while every
// null-window pass is a proof to the end whose bounds stay in the table.
// Null windows prune far more than a full window, and the passes share the
// table, so a later pass mostly re-reads what an earlier one proved.
// Iterative deepening has one use here: cheap depth-limited searches scored
// by the current margin give MTD(f) its first guess, which saves passes
// (Kalah 5×4: 4 passes instead of 8).
//
// # Transposition table
//
// The table maps a position to a lower and an upper bound on its value for
// the seat to move, and the best move found there. The bounds do not depend
// on depth — each was proved by search to the end of the game — so a
// position met again through another order of moves is never searched
// twice for the same question. Positions are identified by two independent
// 64-bit hashes (the engine's Zobrist hash and a hash of the position read
// back through the State accessors). The table has a fixed number of
// buckets of four entries; a full bucket forgets the entry whose proof
// cost the least work, so the table never fills. It starts small (4 MB,
// so that a small solve pays nothing for memory it does not use) and
// doubles, within the memory budget, between passes while more than half
// full, and within a pass once three quarters full up to 256 MB: the
// workers stop, the table is grown and the pass is searched again, mostly
// from what the table holds. A position is stored once its search has
// visited minStore nodes.
//
// # Endgame databases
//
// For a variant whose material only decreases — stones that leave the
// field for banks they never leave (a mancala's stores), found and checked
// by material.go from the game's public API — the values of every
// position with at most N stones in play are computed before the search by
// retrograde analysis over the stones in play (endgame.go), and the search
// reads them instead of searching below. They are kept under the user's
// cache directory, keyed by a hash of the rules (cache.go).
//
// # Two cores
//
// Every null-window pass runs on Options.Workers goroutines at once over
// the shared, lockless table (lazy SMP): the helpers try another order
// near the root, a worker defers a move whose position another worker is
// searching (ABDADA), what one proves the others read, and the first to
// finish gives the pass its value. The databases are built by as many goroutines.
//
// Moves are tried in this order: the table's best move (alone, if it
// refutes the window), then moves into positions the databases hold, best
// value first, then moves that earn an extra turn, then the others by the
// mover's score margin just after the move (captures and sowings into the
// store first), ties to the move generated last. On Kalah 5×3
// this ordering visits a hundredth of the nodes of generation order.
//
// The positions of the line being searched are kept in a set; a line that
// comes back to one of them is a cycle (see below).
//
// # Games whose positions repeat
//
// Before the search, a depth-first walk of the game graph looks for a line
// that comes back to a position on it (a cycle). A game with a cycle can go
// on until the ply limit stops it undecided, which has no score margin: it
// is solved by retrograde analysis over its reachable positions instead
// (retro.go), and its value is the outcome for seat 0 (+1, 0, -1), endless
// play counting as a draw. The walk gives up past cycleLimit positions or
// an eighth of the memory budget; then a cycle met by the alpha-beta search
// hands over to retrograde analysis (Result.Acyclic says whether the walk
// proved the graph acyclic). For Egyptian mancala (Kalah) the game graph is
// acyclic whatever its size: a move either adds stones to a store (which
// never lose any) or, when its last stone stays on the mover's side, only
// moves stones nearer the mover's store. A small acyclic game is also
// counted by retrograde analysis (Result.Positions, Wins, Losses, Draws).
//
// # Games with chance
//
// A variant with [chance] events is solved by expectimax over its whole
// game graph instead (expectimax.go): the value is seat 0's expected
// outcome, Result.Expected.
//
// # What it refuses
//
// Variants far too large to finish, at once: EstimateSize bounds the
// positions from the material (stones over the cells, pieces over the
// cells, zones and off the board), and past MaxSizeLog10 (calibrated on
// Kalah: 6×4 is solved, 6×5 is not) Solve returns a *TooLargeError
// unless Options.Force is set.
//
// Variants with other than two seats, and variants whose position value
// would depend on more than the position: a repetition rule, pieces resting
// for a number of plies, expressions reading the ply count (Check).
//
// A game that ends with a winner the score margin contradicts (a race to a
// region, a "lowest score wins" rule) is refused too, since the margin is
// then not what the seats play for.
package solve

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"rulesmith/core"
)

// DefaultMaxMemory is the memory budget when Options gives none: 4096 MB.
const DefaultMaxMemory = 4096 << 20

// Options configures Solve.
type Options struct {
	// MaxMemory bounds the memory the solve holds, in bytes (0:
	// DefaultMaxMemory): the walk for repeated positions takes at most an
	// eighth and gives it back, the endgame databases at most half, and
	// the transposition table what the databases leave.
	MaxMemory int64
	// Workers is how many goroutines search (0: GOMAXPROCS).
	Workers int
	// Endgame is the largest number of stones in play the endgame
	// databases cover (0: two thirds of the stones in play at the root, at
	// most as many as fit DefaultEndgameEntries and half the budget; -1: no
	// databases). It applies to variants with a material
	// model only (see material.go).
	Endgame int
	// CacheDir is where endgame databases are kept between runs ("": the
	// user's cache directory, $XDG_CACHE_HOME/rulesmith/endgame; "-": not
	// kept).
	CacheDir string
	// Progress, if not nil, is called from the solve about every
	// ProgressEvery (default 250ms).
	Progress      func(Progress)
	ProgressEvery time.Duration
	// Force solves a variant whose estimated size (EstimateSize) passes
	// MaxSizeLog10, which is otherwise refused at once with a
	// *TooLargeError.
	Force bool
}

// firstTableBytes is the transposition table's size at the start; it
// doubles between passes while more than half full, and within a pass when
// three quarters full while smaller than passTableBytes (the pass is
// stopped, the table grown and the pass searched again, mostly from what
// the table already holds), within the budget.
var firstTableBytes int64 = 4 << 20

// passTableBytes bounds the growth within a pass: past it, a larger table
// saves the search little (Kalah 5×5: 7 % fewer nodes in a 2 GB table than
// in 512 MB) for the memory it takes, and the table grows only between
// passes.
const passTableBytes = 256 << 20

// grewInPass, if set (by tests), is called when a pass stops for the table
// to grow.
var grewInPass func()

// DefaultEndgameEntries bounds the databases' size when Options.Endgame is
// 0: 64 Mi values (64 MiB).
const DefaultEndgameEntries = 1 << 26

// Progress reports a running solve.
type Progress struct {
	Nodes     uint64        // positions visited (by the walk while Walking, then by the search)
	Positions int           // entries in the transposition table
	Bytes     int64         // memory held by the table and the databases
	Elapsed   time.Duration // since the solve started
	Pass      int           // MTD(f) null-window passes begun
	// Walking is set while the search for repeated positions walks the game
	// graph (before the passes), with Walked positions so far.
	Walking bool
	Walked  int
	// Retrograde is set during retrograde analysis, with Walked positions
	// reached so far.
	Retrograde bool
	// Building is set while the endgame databases are built: Level stones
	// in play of Levels, with Done of Size placements solved.
	Building      bool
	Level, Levels int
	Done, Size    int
	// Lower and Upper bound the value (seat 0's margin) proved so far.
	Lower, Upper int
}

// Result is a solved position.
type Result struct {
	// Value is seat 0's final score margin under perfect play by both seats.
	Value int
	// Line is a principal line: moves by which both seats keep the value,
	// to the end of the game; Notation has the same moves as text.
	Line     []core.Move
	Notation []string
	// Method is "search" (alpha-beta over the score margin) or
	// "retrograde" (the game's positions can repeat: Value is then the
	// outcome for seat 0, +1 won, -1 lost, 0 drawn, endless play counting
	// as a draw).
	Method string
	// Nodes counts positions visited by the search; Stored the table's
	// entries; Passes the MTD(f) null-window searches.
	Nodes  uint64
	Stored int
	Passes int
	// Counted is set when the reachable positions were all counted:
	// Positions distinct positions (the seat to move included), of which
	// Wins are won, Losses lost and Draws drawn for their seat to move.
	Counted                        bool
	Positions, Wins, Losses, Draws int
	// Elapsed is the whole solve's time; Searching the part of it the
	// alpha-beta search took (its first guess, the null-window passes and
	// the principal line), the time Nodes were visited in, without the walk
	// for repeats, the count of a small game's positions or the endgame
	// databases' build.
	Elapsed, Searching time.Duration
	// Acyclic is set when the walk before the search went through the
	// whole game graph (Walked positions that are not final) and found no
	// line that repeats a position. When not, the graph was too big to
	// walk, and repeats were checked on the lines the search walked.
	Acyclic bool
	Walked  int
	// Endgame is the number of stones in play the endgame databases
	// covered (-1: none), EndgameCached whether they were read from the
	// cache, EndgameNote why there were none.
	Endgame       int
	EndgameCached bool
	EndgameNote   string
	// Workers is how many goroutines searched.
	Workers int
	// For a variant with chance (Method "expectimax", expectimax.go):
	// Expected is seat 0's expected outcome under perfect play, P(seat 0
	// wins) − P(seat 1 wins); Positions counts the reachable positions,
	// ChanceNodes and DecisionNodes those where chance and a seat move;
	// Sweeps the valuing sweeps (1 for an acyclic graph); Best the root's
	// best decisions (after each outcome when chance moves at the root).
	Expected                   float64
	ChanceNodes, DecisionNodes int
	Sweeps                     int
	Best                       []BestReply
}

const (
	inf       = 32000
	maxMargin = 30000
	// checkEvery is how many nodes pass between looks at the context and
	// the clock.
	checkEvery = 1 << 12
	// minStore: a position is stored only when its search visited at least
	// this many nodes.
	minStore = 2
	// guessBudget: the first guess's searches deepen until they have used
	// this many nodes.
	guessBudget = 50000
)

// Solve returns the value of s in g and a principal line. s is not
// changed. It fails for variants it cannot solve exactly (see the package
// documentation) and when ctx is done.
func Solve(ctx context.Context, g *core.Game, s *core.State, opts Options) (Result, error) {
	if err := Check(g); err != nil {
		return Result{}, err
	}
	if !opts.Force {
		if z := EstimateSize(g, s); z.Log10 > MaxSizeLog10 {
			return Result{}, &TooLargeError{Variant: g.Name(), Size: z}
		}
	}
	if g.HasChance() {
		if opts.MaxMemory <= 0 {
			opts.MaxMemory = DefaultMaxMemory
		}
		return solveChance(ctx, g, s, opts)
	}
	if opts.MaxMemory <= 0 {
		opts.MaxMemory = DefaultMaxMemory
	}
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 250 * time.Millisecond
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	sv := &solver{ctx: ctx, g: g, opts: opts, start: time.Now(), key: newKeyer(g), lower: -inf, upper: inf}
	sv.lastProgress = sv.start
	root := s.Clone()
	sv.sign = 1
	if root.ToMove() != 0 {
		sv.sign = -1
	}
	w0 := sv.newWorker(0)
	res := Result{Endgame: -1, Workers: opts.Workers, Method: "search"}
	err := w0.run(func() {
		var cyclic bool
		res.Acyclic, cyclic = w0.walkCycles(root)
		res.Walked = sv.walked
		w0.flush()
		sv.walkNodes = sv.nodes.Load() // the walk's nodes are not the search's
		if cyclic {
			sv.solveRetro(w0, root, &res)
			return
		}
		if res.Acyclic {
			// Small enough to count the positions and their outcomes.
			sv.countRetro(w0, root, &res)
		}
		sv.endgame(root, &res)
		budget := opts.MaxMemory - sv.egBytes - w0.stateBytes
		sv.ttBudget = budget
		first := min(budget, firstTableBytes)
		if res.Acyclic {
			first = min(first, int64(2*sv.walked+1024)*entryBytes)
		}
		sv.tt = newTTable(first)
		for i := 1; i < opts.Workers; i++ {
			sv.helpers = append(sv.helpers, sv.newWorker(i))
		}
		if len(sv.helpers) > 0 {
			sv.busy = make([]atomic.Uint64, busySlots)
		}
		var v int
		searchStart := time.Now()
		if cycle := w0.runCycle(func() { v = sv.mtdf(w0, root) }); cycle {
			// A searched line repeated a position: hand over.
			sv.tt, sv.helpers, sv.eg, sv.egBytes = nil, nil, nil, 0
			debug.FreeOSMemory()
			res.Endgame = -1
			sv.solveRetro(w0, root, &res)
			return
		}
		res.Line, res.Notation = w0.principal(root, v)
		res.Value = sv.sign * v
		res.Searching = time.Since(searchStart)
	})
	w0.flush()
	res.Nodes, res.Passes, res.Elapsed = sv.nodes.Load()-sv.walkNodes, sv.pass, time.Since(sv.start)
	if sv.tt != nil {
		res.Stored = int(sv.tt.used.Load())
	}
	return res, err
}

// endgame sets up the endgame databases, if the game has a material model.
func (sv *solver) endgame(root *core.State, res *Result) {
	if sv.opts.Endgame < 0 {
		res.EndgameNote = "not asked for"
		return
	}
	m, err := detectMaterial(sv.g, root)
	if err != nil {
		res.EndgameNote = "no material model: " + err.Error()
		return
	}
	f := len(m.field)
	budget := sv.opts.MaxMemory / 2
	n := sv.opts.Endgame
	if n == 0 {
		// Levels are cheap to build low and dear high; the search needs
		// them where its lines end, well below the root.
		n = 2 * m.inPlay / 3
		for n > 0 && (egEntries(n, f) > DefaultEndgameEntries || egEntries(n, f) > budget) {
			n--
		}
	}
	n = min(n, m.inPlay)
	if egEntries(n, f) > budget {
		sv.fail(fmt.Errorf("solve: endgame databases of %d stones in play take %s MB, more than half of --max-memory", n, mbString(egEntries(n, f))))
	}
	eg := newEndgame(m, n)
	from := 0
	path := cachePath(sv.opts.CacheDir, sv.g, m)
	if path != "" {
		from = eg.readCache(path, sv.opts.Workers)
	}
	res.EndgameCached = from > n
	if from <= n {
		err := eg.build(sv.ctx, from, sv.opts.Workers, func(p egProgress) {
			if sv.opts.Progress != nil {
				sv.opts.Progress(Progress{Building: true, Level: p.level, Levels: n, Done: p.done, Size: p.size,
					Elapsed: time.Since(sv.start), Lower: -inf, Upper: inf})
			}
		})
		if err != nil {
			if sv.ctx.Err() != nil {
				sv.fail(fmt.Errorf("solve: %s while building the endgame databases; no exact value (%w)", stopWord(sv.ctx.Err()), sv.ctx.Err()))
			}
			// The model failed a check: solve without databases.
			res.EndgameNote = err.Error()
			return
		}
		if path != "" {
			_ = eg.writeCache(path)
		}
	}
	sv.eg, sv.egBytes, res.Endgame = eg, egEntries(n, f), n
}

func stopWord(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return "stopped by the timeout"
	}
	return "cancelled"
}

// abort carries an error out of the recursion; stopped unwinds a worker
// whose pass another worker finished.
type abort struct{ err error }
type stopped struct{}

type solver struct {
	ctx          context.Context
	g            *core.Game
	opts         Options
	tt           *ttable
	eg           *endgame
	egBytes      int64
	ttBudget     int64
	key          keyer
	helpers      []*worker
	busy         []atomic.Uint64 // with helpers: positions being searched
	nodes        atomic.Uint64
	start        time.Time
	lastProgress time.Time
	pass         int
	passDone     atomic.Bool
	inPass       bool        // a null-window pass is running (set and read by worker 0)
	grow         atomic.Bool // the running pass stops for the table to grow
	walked       int
	walking      *walker // during walkCycles
	retro        *retro  // during retrograde analysis
	walkNodes    uint64
	// lower, upper bound the root's value for the seat to move there;
	// sign turns that into seat 0's margin.
	lower, upper, sign int
}

// busyDepth: nodes this near the root say, while they are searched, that
// they are (in sv.busy), so that the other workers search other moves
// first. busySlots is the size of that table (a collision only defers a
// move for nothing).
const (
	busyDepth = 16
	busySlots = 1 << 16
)

func (sv *solver) markBusy(h uint64) { sv.busy[h&(busySlots-1)].Store(h) }

func (sv *solver) unmarkBusy(h uint64) { sv.busy[h&(busySlots-1)].CompareAndSwap(h, 0) }

func (sv *solver) isBusy(h uint64) bool { return sv.busy[h&(busySlots-1)].Load() == h }

// worker is one goroutine's search.
type worker struct {
	sv        *solver
	id        int
	levels    []*level
	path      path
	nodes     uint64 // not yet added to sv.nodes
	nextCheck uint64
	horizon   bool // a shallow search met its horizon
	// stateBytes is the memory of the states the levels hold.
	stateBytes int64
}

// kids makes lv hold at least n states for the positions after st's
// moves, within an eighth of the memory budget.
func (w *worker) kids(lv *level, st *core.State, n int) {
	for len(lv.kids) < n {
		lv.kids = append(lv.kids, st.Clone())
		w.stateBytes += int64(st.Bytes())
	}
	if w.sv.walking == nil && w.stateBytes > w.sv.opts.MaxMemory/8 {
		w.fail(fmt.Errorf("solve: %s: the lines searched hold %s MB of positions (%d bytes each), more than an eighth of --max-memory (%s MB); give more memory or a smaller variant",
			w.sv.g.Name(), mbString(w.stateBytes), st.Bytes(), mbString(w.sv.opts.MaxMemory)))
	}
}

// errCycle: a searched line came back to a position.
var errCycle = errors.New("solve: a line repeats a position")

// runCycle runs f and reports whether a searched line repeated a position.
func (w *worker) runCycle(f func()) (cycle bool) {
	defer func() {
		if r := recover(); r != nil {
			if a, ok := r.(abort); ok && errors.Is(a.err, errCycle) {
				cycle = true
				return
			}
			panic(r)
		}
	}()
	f()
	return false
}

// solveRetro solves root by retrograde analysis.
func (sv *solver) solveRetro(w0 *worker, root *core.State, res *Result) {
	rr := w0.retrograde(root, sv.opts.MaxMemory)
	res.Method = "retrograde"
	res.Value, res.Line, res.Notation = rr.Value, rr.Line, rr.Notation
	res.Positions, res.Wins, res.Losses, res.Draws, res.Counted = rr.Positions, rr.Wins, rr.Losses, rr.Draws, true
	res.Acyclic = false
}

// countRetro counts the positions of a small acyclic game and their
// outcomes, if they fit a quarter of the budget.
func (sv *solver) countRetro(w0 *worker, root *core.State, res *Result) {
	var rr retroResult
	err := w0.run(func() { rr = w0.retrograde(root, sv.opts.MaxMemory/4) })
	if err != nil {
		if sv.ctx.Err() != nil {
			w0.fail(err)
		}
		return
	}
	res.Positions, res.Wins, res.Losses, res.Draws, res.Counted = rr.Positions, rr.Wins, rr.Losses, rr.Draws, true
	w0.flush()
	sv.walkNodes = sv.nodes.Load() // the count is not the search's work
}

func (sv *solver) newWorker(id int) *worker {
	return &worker{sv: sv, id: id, nextCheck: checkEvery}
}

// level holds the scratch space of one depth of the search.
type level struct {
	moves    []core.Move
	deferred []int
	kids     []*core.State
	order    []int
	keys     []int
}

func (w *worker) run(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(abort)
			if !ok {
				panic(r)
			}
			err = a.err
		}
	}()
	f()
	return nil
}

func (sv *solver) fail(err error) { panic(abort{err}) }
func (w *worker) fail(err error)  { panic(abort{err}) }

func (w *worker) flush() {
	w.sv.nodes.Add(w.nodes)
	w.nodes = 0
	w.nextCheck = checkEvery
}

func (w *worker) level(d int) *level {
	for len(w.levels) <= d {
		w.levels = append(w.levels, &level{moves: make([]core.Move, 0, 64)})
	}
	return w.levels[d]
}

// mtdf drives null-window searches until the root's bounds meet.
func (sv *solver) mtdf(w0 *worker, root *core.State) int {
	guess := w0.firstGuess(root)
	for sv.lower < sv.upper {
		beta := guess
		if guess == sv.lower {
			beta = guess + 1
		}
		sv.pass++
		v, ok := sv.nullWindow(w0, root, beta)
		if sv.grow.Load() {
			// The pass was stopped for the table to grow (a helper may have
			// finished it meanwhile); unfinished, it is searched again.
			sv.tt = sv.tt.grown()
			sv.grow.Store(false)
		}
		if !ok {
			sv.pass-- // the same pass again
			continue
		}
		if v < beta {
			sv.upper = v
		} else {
			sv.lower = v
		}
		guess = v
		// Between passes no worker holds the table: give it room to grow.
		if t := sv.tt; t.used.Load() > int64(len(t.words)/4) && 3*t.bytes() <= sv.ttBudget {
			sv.tt = t.grown()
		}
	}
	return guess
}

// nullWindow searches root with the window (beta-1, beta) on every
// worker at once (lazy SMP): they share the table, so what one proves the
// others read, and the first to finish gives the pass its value and stops
// the others. It reports false when the pass was stopped, unfinished, for
// the table to grow.
func (sv *solver) nullWindow(w0 *worker, root *core.State, beta int) (int, bool) {
	sv.passDone.Store(false)
	sv.inPass = true
	defer func() { sv.inPass = false }()
	if len(sv.helpers) == 0 {
		v, finished := w0.stoppable(func() int { return w0.search(0, root, beta-1, beta) })
		if !finished {
			w0.path.reset()
		}
		return v, finished
	}
	var wg sync.WaitGroup
	vals := make([]int, len(sv.helpers))
	done := make([]bool, len(sv.helpers))
	errs := make([]error, len(sv.helpers))
	for i, h := range sv.helpers {
		wg.Add(1)
		go func(i int, h *worker) {
			defer wg.Done()
			defer h.flush()
			defer func() {
				if r := recover(); r != nil {
					switch x := r.(type) {
					case stopped:
					case abort:
						errs[i] = x.err
						sv.passDone.Store(true)
					default:
						panic(r)
					}
				}
			}()
			v := h.search(0, root.Clone(), beta-1, beta)
			vals[i], done[i] = v, true
			sv.passDone.Store(true)
		}(i, h)
	}
	v, finished := w0.stoppable(func() int { return w0.search(0, root, beta-1, beta) })
	sv.passDone.Store(true)
	wg.Wait()
	// A worker stopped in the middle of a line left it on its path, and
	// marks of positions it was searching.
	for i := range sv.busy {
		sv.busy[i].Store(0)
	}
	w0.path.reset()
	for _, h := range sv.helpers {
		h.path.reset()
	}
	for _, err := range errs {
		if err != nil {
			w0.fail(err)
		}
	}
	if finished {
		return v, true
	}
	for i := range vals {
		if done[i] {
			return vals[i], true
		}
	}
	if sv.grow.Load() {
		return 0, false
	}
	w0.fail(errors.New("solve: internal error: no worker finished the pass"))
	return 0, false
}

// stoppable runs f, reporting false if another worker finished first.
func (w *worker) stoppable(f func() int) (v int, finished bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopped); !ok {
				panic(r)
			}
			finished = false
		}
	}()
	return f(), true
}

// search returns the value of st for its seat to move, fail-soft: the exact
// value if it lies strictly between alpha and beta, else a bound on the
// side of the window it fell.
func (w *worker) search(d int, st *core.State, alpha, beta int) int {
	sv := w.sv
	w.nodes++
	if w.nodes >= w.nextCheck {
		w.check()
	}
	if eg := sv.eg; eg != nil && !st.Over() {
		if n := eg.m.fieldSum(st); n <= eg.maxN {
			return eg.lookup(st, n)
		}
	}
	lv := w.level(d)
	moves := sv.g.Settle(st, lv.moves[:0])
	lv.moves = moves
	if len(moves) == 0 {
		return w.terminal(st)
	}
	h1, h2 := st.Hash(), sv.key.sum(st)
	ttMove := noMove
	if lo, hi, mv, found := sv.tt.probe(h1, h2); found {
		switch {
		case lo >= beta:
			return lo
		case hi <= alpha:
			return hi
		case lo == hi:
			return lo
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		ttMove = int(mv)
	}
	w.path.push(w, st, h1, h2)
	startNodes := w.nodes + sv.nodes.Load()

	mover := st.ToMove()
	n := len(moves)
	w.kids(lv, st, n)
	best, bestK, a := -inf, noMove, alpha
	// The table's move first: when it refutes the window, no other move is
	// played or scored.
	if ttMove < n {
		c := lv.kids[ttMove]
		w.play(st, c, moves[ttMove])
		best, bestK = w.child(d, c, mover, a, beta), ttMove
		a = max(a, best)
	}
	if best < beta {
		order := w.order(lv, st, mover, ttMove)
		if w.id > 0 && d < 8 && len(order) > 1 && d%2 == w.id%2 {
			// helpers try another order near the root, to share the work
			order[0], order[1] = order[1], order[0]
		}
		shared := sv.busy != nil && d < busyDepth
		if shared {
			sv.markBusy(h1)
		}
		deferred := lv.deferred[:0]
		for i, k := range order {
			c := lv.kids[k]
			if shared && (i > 0 || ttMove < n) && sv.isBusy(c.Hash()) {
				// Another worker is searching it: take the others first
				// and come back to it (ABDADA's deferral).
				deferred = append(deferred, k)
				continue
			}
			v := w.child(d, c, mover, a, beta)
			if v > best {
				best, bestK = v, k
				if best >= beta {
					break
				}
				a = max(a, best)
			}
		}
		if best < beta {
			for _, k := range deferred {
				v := w.child(d, lv.kids[k], mover, a, beta)
				if v > best {
					best, bestK = v, k
					if best >= beta {
						break
					}
					a = max(a, best)
				}
			}
		}
		lv.deferred = deferred
		if shared {
			sv.unmarkBusy(h1)
		}
	}

	w.path.pop()
	work := w.nodes + sv.nodes.Load() - startNodes
	if work < minStore {
		// A small subtree is cheaper to search again than to keep.
		return best
	}
	mv := uint8(noMove)
	if bestK < noMove {
		mv = uint8(bestK) // (a move past the 255th is not remembered)
	}
	sv.tt.store(h1, h2, best, alpha, beta, mv, work)
	return best
}

// child returns the value of c, a position after a move by mover, for
// mover: an extra turn keeps the window and the sign, a change of seat
// negates them.
func (w *worker) child(d int, c *core.State, mover, alpha, beta int) int {
	if c.ToMove() == mover {
		return w.search(d+1, c, alpha, beta)
	}
	return -w.search(d+1, c, -beta, -alpha)
}

// play sets c to st after m.
func (w *worker) play(st, c *core.State, m core.Move) {
	c.CopyFrom(st)
	if err := w.sv.g.Play(c, m); err != nil {
		w.fail(fmt.Errorf("solve: %s: move %s at ply %d: %v", w.sv.g.Name(), w.sv.g.Format(st, m), st.Ply(), err))
	}
}

// order plays every move of lv but skip into lv.kids and returns their
// indexes best first by a cheap guess: a position the endgame databases
// hold by its exact value, else a move that earns an extra turn, then the
// mover's score margin after the move (its share of the banks, with a
// material model); ties go to the later move in generation order (for
// sowing games, the pit nearer the store).
func (w *worker) order(lv *level, st *core.State, mover, skip int) []int {
	sv := w.sv
	n := len(lv.moves)
	if cap(lv.keys) < n {
		lv.keys = make([]int, n)
	}
	keys := lv.keys[:n]
	order := lv.order[:0]
	eg := sv.eg
	for k := n - 1; k >= 0; k-- {
		if k == skip {
			continue
		}
		c := lv.kids[k]
		w.play(st, c, lv.moves[k])
		var key int
		switch {
		case eg != nil && !c.Over() && eg.m.fieldSum(c) <= eg.maxN:
			key = eg.lookup(c, eg.m.fieldSum(c))
			if c.ToMove() != mover {
				key = -key
			}
			key += 2 * inf
		case eg != nil:
			key = sign(mover) * eg.m.banked(c)
			if c.Over() {
				key = sign(mover) * scoreMargin(sv.g, c)
			}
		default:
			key = sign(mover) * scoreMargin(sv.g, c)
		}
		if c.ToMove() == mover && !c.Over() {
			key += inf
		}
		keys[k] = key
		// insertion sort, stable, best first
		j := len(order)
		order = append(order, k)
		for j > 0 && keys[order[j-1]] < key {
			order[j] = order[j-1]
			j--
		}
		order[j] = k
	}
	lv.order = order
	return order
}

// terminal returns the final margin of a finished game for its seat to move.
func (w *worker) terminal(st *core.State) int {
	g := w.sv.g
	r := g.Result(st)
	if r.Timeout {
		w.fail(fmt.Errorf("solve: %s: a line reaches the ply limit (%d plies) and the game stops undecided, which has no score margin; solve needs variants whose games always end", g.Name(), st.Ply()))
	}
	m := scoreMargin(g, st)
	if win := r.Winner; !(win == 0 && m > 0 || win == 1 && m < 0 || win < 0 && m == 0) {
		res := g.ResultString(r)
		sc := g.Scores(st)
		w.fail(fmt.Errorf("solve: %s: a game ends %s with scores %d–%d: the winner is not decided by the score margin, so the margin is not what the seats play for; solve needs variants won on score", g.Name(), resultPhrase(res), sc[0], sc[1]))
	}
	if m > maxMargin || m < -maxMargin {
		w.fail(fmt.Errorf("solve: %s: a final score margin of %d is beyond the solver's range (±%d)", g.Name(), m, maxMargin))
	}
	if st.ToMove() != 0 {
		return -m
	}
	return m
}

func resultPhrase(res string) string {
	if res == "draw" {
		return "in a draw"
	}
	return "with " + res
}

func (w *worker) check() {
	sv := w.sv
	w.flush()
	if sv.passDone.Load() && w.stoppableNow() {
		panic(stopped{})
	}
	if w.id != 0 {
		return
	}
	if t := sv.tt; sv.inPass && !sv.grow.Load() && t.bytes() < passTableBytes && t.used.Load() > int64(len(t.words)/8*3) && 3*t.bytes() <= sv.ttBudget {
		// three quarters full (two words an entry) with room to double
		sv.grow.Store(true)
		sv.passDone.Store(true)
		if grewInPass != nil {
			grewInPass()
		}
		panic(stopped{})
	}
	now := time.Now()
	if err := sv.ctx.Err(); err != nil {
		p := sv.progress(now)
		where := fmt.Sprintf("%d nodes, %d positions, value in [%s, %s]", p.Nodes, p.Positions, bound(p.Lower), bound(p.Upper))
		if p.Walking {
			where = fmt.Sprintf("while looking for repeated positions (%d walked)", p.Walked)
		}
		if p.Retrograde {
			where = fmt.Sprintf("in retrograde analysis (%d positions reached)", p.Walked)
		}
		sv.passDone.Store(true)
		w.fail(fmt.Errorf("solve: %s after %s, %s; no exact value (%w)", stopWord(err), p.Elapsed.Round(time.Millisecond), where, err))
	}
	if sv.opts.Progress != nil && now.Sub(sv.lastProgress) >= sv.opts.ProgressEvery {
		sv.lastProgress = now
		sv.opts.Progress(sv.progress(now))
	}
}

// stoppableNow: only the search passes run on several workers, and a pass
// on one stops only to let the table grow.
func (w *worker) stoppableNow() bool {
	return w.sv.walking == nil && (len(w.sv.helpers) > 0 || w.sv.grow.Load())
}

func bound(v int) string {
	switch {
	case v <= -inf:
		return "-∞"
	case v >= inf:
		return "+∞"
	}
	return fmt.Sprintf("%+d", v)
}

func (sv *solver) progress(now time.Time) Progress {
	lo, hi := sv.lower, sv.upper
	if sv.sign < 0 {
		lo, hi = -hi, -lo
	}
	p := Progress{Nodes: sv.nodes.Load() - sv.walkNodes, Elapsed: now.Sub(sv.start),
		Pass: sv.pass, Lower: lo, Upper: hi, Walking: sv.walking != nil}
	if sv.tt != nil {
		p.Positions, p.Bytes = int(sv.tt.used.Load()), sv.tt.bytes()+sv.egBytes
	}
	if sv.walking != nil {
		p.Walked = len(sv.walking.seen)
		p.Nodes = sv.nodes.Load()
	}
	if r := sv.retro; r != nil {
		p.Retrograde, p.Walked, p.Bytes = true, len(r.mover), r.bytes
	}
	return p
}

// principal follows moves that keep the value v (for root's seat to move)
// to the end of the game, proving each with a narrow search.
func (w *worker) principal(root *core.State, v int) ([]core.Move, []string) {
	sv := w.sv
	g := sv.g
	sv.helpers, sv.busy = nil, nil // one worker from here
	st := root.Clone()
	var line []core.Move
	var text []string
	for {
		moves := g.Settle(st, nil)
		if len(moves) == 0 {
			return line, text
		}
		mover := st.ToMove()
		first := noMove
		if _, _, mv, ok := sv.tt.probe(st.Hash(), sv.key.sum(st)); ok {
			first = int(mv)
		}
		order := make([]int, 0, len(moves))
		if first < len(moves) {
			order = append(order, first)
		}
		for k := range moves {
			if k != first {
				order = append(order, k)
			}
		}
		next := (*core.State)(nil)
		for _, k := range order {
			c := st.Clone()
			if err := g.Play(c, moves[k]); err != nil {
				w.fail(fmt.Errorf("solve: %s: move %s: %v", g.Name(), g.Format(st, moves[k]), err))
			}
			want := v
			if c.ToMove() != mover {
				want = -v
			}
			if w.search(1, c, want-1, want+1) == want {
				line = append(line, moves[k])
				text = append(text, g.Format(st, moves[k]))
				next, v = c, want
				break
			}
		}
		if next == nil {
			w.fail(fmt.Errorf("solve: internal error: no move keeps the value %d after %s", v, strings.Join(text, " ")))
		}
		st = next
	}
}

// Check reports whether g is a variant Solve can solve exactly: two seats,
// and a position's value decided by the position alone. Games that repeat a
// position or reach the ply limit are found during the search.
func Check(g *core.Game) error {
	if g.NumSeats() != 2 {
		return fmt.Errorf("solve: %s has %d seats (%s); solve handles two-seat zero-sum variants only",
			g.Name(), g.NumSeats(), strings.Join(g.Seats(), ", "))
	}
	if name, _ := g.Repetition(); name != "" {
		return fmt.Errorf("solve: %s ends games by repetition ([end.%s]): a position's value then depends on the moves before it, and its games can go on until the ply limit ends them undecided; solve needs variants whose games always end", g.Name(), name)
	}
	if name := g.RestingRule(); name != "" {
		return fmt.Errorf("solve: %s rests pieces for some plies ([moves.%s] common_rest): a position's future then depends on the ply count, which the solver does not key on", g.Name(), name)
	}
	if found := g.ReadsPly(); found != "" {
		return fmt.Errorf("solve: %s reads the ply count (%s): a position's value then depends on the ply, which the solver does not key on", g.Name(), found)
	}
	return nil
}

// firstGuess estimates the root's value for MTD(f): depth-limited
// alpha-beta searches (extra turns count as plies) whose horizon is scored
// by the current score margin, deepening two plies at a time while they
// stay within guessBudget nodes. A good guess saves null-window passes.
func (w *worker) firstGuess(root *core.State) int {
	guess := 0
	used := func() uint64 { return w.nodes + w.sv.nodes.Load() }
	start := used()
	for depth := 2; depth <= 64 && used()-start <= guessBudget; depth += 2 {
		w.horizon = false
		guess = w.shallow(0, root, depth, -inf, inf)
		if !w.horizon {
			break // every line ended within depth: the guess is the value
		}
	}
	return min(max(guess, -maxMargin), maxMargin)
}

func (w *worker) shallow(d int, st *core.State, depth, alpha, beta int) int {
	w.nodes++
	if w.nodes >= w.nextCheck {
		w.check()
	}
	if eg := w.sv.eg; eg != nil && !st.Over() {
		if n := eg.m.fieldSum(st); n <= eg.maxN {
			return eg.lookup(st, n)
		}
	}
	lv := w.level(d)
	lv.moves = w.sv.g.Settle(st, lv.moves[:0])
	if len(lv.moves) == 0 {
		return w.terminal(st)
	}
	mover := st.ToMove()
	if depth == 0 {
		w.horizon = true
		return sign(mover) * scoreMargin(w.sv.g, st)
	}
	w.kids(lv, st, len(lv.moves))
	best := -inf
	for _, k := range w.order(lv, st, mover, noMove) {
		c := lv.kids[k]
		var v int
		if c.ToMove() == mover {
			v = w.shallow(d+1, c, depth-1, max(alpha, best), beta)
		} else {
			v = -w.shallow(d+1, c, depth-1, -beta, -max(alpha, best))
		}
		if best = max(best, v); best >= beta {
			break
		}
	}
	return best
}
