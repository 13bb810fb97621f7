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
// back through the State accessors), so a false hit needs both to collide.
// The table grows up to a memory budget and then stops the solve with a
// *TableFullError rather than exhausting memory. A position is stored once
// its search has visited minStore nodes: a smaller subtree is cheaper to
// search again than to keep (a fifth fewer entries for a few percent more
// nodes).
//
// Moves are tried in this order: the table's best move (alone, if it
// refutes the window), then moves that earn an extra turn, then the others
// by the mover's score margin just after the move (captures and sowings
// into the store first), ties to the move generated last. On Kalah 5×3
// this ordering visits a hundredth of the nodes of generation order.
//
// The positions of the line being searched are kept in a set; a line that
// comes back to one of them is a cycle, and the solve stops (see below).
//
// # What it refuses
//
// Variants with other than two seats, and variants whose position value
// would depend on more than the position: a repetition rule, pieces resting
// for a number of plies, expressions reading the ply count (Check).
//
// Games that can end by the ply limit, undecided, which has no score
// margin: before the search, a depth-first walk of the game graph looks
// for a line that comes back to a position on it (a cycle), or that reaches
// the ply limit, and refuses the variant with that line. The walk gives up
// past cycleLimit positions; then a cycle or the ply limit is caught only
// on the lines the alpha-beta search walks (Result.Acyclic says which).
// For Egyptian mancala (Kalah) the game graph is acyclic whatever its size:
// a move either adds stones to a store (which never lose any) or, when its
// last stone stays on the mover's side, only moves stones nearer the
// mover's store.
//
// A game that ends with a winner the score margin contradicts (a race to a
// region, a "lowest score wins" rule) is refused too, since the margin is
// then not what the seats play for.
package solve

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"rulesmith/core"
)

// DefaultMaxMemory is the transposition table's budget when Options gives
// none: 4096 MB.
const DefaultMaxMemory = 4096 << 20

// Options configures Solve.
type Options struct {
	// MaxMemory bounds the memory of the transposition table, in bytes
	// (0: DefaultMaxMemory), including the moment it grows, when its old
	// and new arrays are both held. The walk for cycles takes at most an
	// eighth of it, and gives it back before the search.
	MaxMemory int64
	// Progress, if not nil, is called from the search about every
	// ProgressEvery (default 250ms).
	Progress      func(Progress)
	ProgressEvery time.Duration
}

// Progress reports a running solve.
type Progress struct {
	Nodes     uint64        // positions visited (by the walk while Walking, then by the search)
	Positions int           // entries in the transposition table
	Bytes     int64         // memory held by the table
	Elapsed   time.Duration // since the solve started
	Pass      int           // MTD(f) null-window passes begun
	// Walking is set while the search for repeated positions walks the game
	// graph (before the passes), with Walked positions so far.
	Walking bool
	Walked  int
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
	// Nodes counts positions visited by the search; Positions the table's
	// entries; Passes the MTD(f) null-window searches.
	Nodes     uint64
	Positions int
	Passes    int
	Elapsed   time.Duration
	// Acyclic is set when the walk before the search went through the
	// whole game graph (Walked positions that are not final) and found no
	// line that repeats a position. When not, the graph was too big to
	// walk, and repeats were checked on the lines the search walked.
	Acyclic bool
	Walked  int
}

const (
	inf       = 32000
	maxMargin = 30000
	// checkEvery is how many nodes pass between looks at the context and
	// the clock.
	checkEvery = 1 << 13
	// minStore: a position new to the table is stored only when its search
	// visited at least this many nodes.
	minStore = 2
	// guessBudget: the first guess's searches deepen until they have used
	// this many nodes.
	guessBudget = 50000
)

// Solve returns the value of s in g and a principal line. s is not
// changed. It fails for variants it cannot solve exactly (see the package
// documentation), when the table is full (*TableFullError), and when ctx is
// done.
func Solve(ctx context.Context, g *core.Game, s *core.State, opts Options) (Result, error) {
	if err := Check(g); err != nil {
		return Result{}, err
	}
	if opts.MaxMemory <= 0 {
		opts.MaxMemory = DefaultMaxMemory
	}
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 250 * time.Millisecond
	}
	sv := &solver{ctx: ctx, g: g, opts: opts, start: time.Now(), key: newKeyer(g),
		tt: newTable(opts.MaxMemory), lower: -inf, upper: inf, nextCheck: checkEvery}
	sv.lastProgress = sv.start
	root := s.Clone()
	sv.sign = 1
	if root.ToMove() != 0 {
		sv.sign = -1
	}
	var res Result
	err := sv.run(func() {
		res.Acyclic = sv.walkCycles(root)
		res.Walked, sv.walkNodes = sv.walked, sv.nodes
		v := sv.mtdf(root)
		res.Line, res.Notation = sv.principal(root, v)
		res.Value = sv.sign * v
	})
	res.Nodes, res.Positions, res.Passes, res.Elapsed = sv.nodes-sv.walkNodes, sv.tt.n, sv.pass, time.Since(sv.start)
	if err != nil {
		return res, err
	}
	return res, nil
}

// abort carries an error out of the recursion.
type abort struct{ err error }

type solver struct {
	ctx          context.Context
	g            *core.Game
	opts         Options
	tt           *table
	key          keyer
	levels       []*level
	path         path
	nodes        uint64
	nextCheck    uint64
	start        time.Time
	lastProgress time.Time
	pass         int
	horizon      bool // a shallow search met its horizon
	walked       int
	walking      *walker // during walkCycles
	walkNodes    uint64
	// lower, upper bound the root's value for the seat to move there;
	// sign turns that into seat 0's margin.
	lower, upper, sign int
}

// level holds the scratch space of one depth of the search.
type level struct {
	moves []core.Move
	kids  []*core.State
	order []int
	keys  []int
}

func (sv *solver) run(f func()) (err error) {
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

func (sv *solver) level(d int) *level {
	for len(sv.levels) <= d {
		sv.levels = append(sv.levels, &level{moves: make([]core.Move, 0, 64)})
	}
	return sv.levels[d]
}

// mtdf drives null-window searches until the root's bounds meet.
func (sv *solver) mtdf(root *core.State) int {
	guess := sv.firstGuess(root)
	for sv.lower < sv.upper {
		beta := guess
		if guess == sv.lower {
			beta = guess + 1
		}
		sv.pass++
		v := sv.search(0, root, beta-1, beta)
		if v < beta {
			sv.upper = v
		} else {
			sv.lower = v
		}
		guess = v
	}
	return guess
}

// search returns the value of st for its seat to move, fail-soft: the exact
// value if it lies strictly between alpha and beta, else a bound on the
// side of the window it fell.
func (sv *solver) search(d int, st *core.State, alpha, beta int) int {
	sv.nodes++
	if sv.nodes >= sv.nextCheck {
		sv.check()
	}
	lv := sv.level(d)
	moves := sv.g.Moves(st, lv.moves[:0])
	lv.moves = moves
	if len(moves) == 0 {
		return sv.terminal(st)
	}
	h1, h2 := st.Hash(), sv.key.sum(st)
	i, found := sv.tt.find(h1, h2)
	ttMove := noMove
	if found {
		e := &sv.tt.slots[i]
		lo, hi := int(e.lo), int(e.hi)
		switch {
		case lo >= beta:
			return lo
		case hi <= alpha:
			return hi
		case lo == hi:
			return lo
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		ttMove = int(e.move)
	}
	sv.path.push(sv, st, h1, h2)
	startNodes := sv.nodes

	mover := st.ToMove()
	n := len(moves)
	for len(lv.kids) < n {
		lv.kids = append(lv.kids, st.Clone())
	}
	best, bestK, a := -inf, noMove, alpha
	// The table's move first: when it refutes the window, no other move is
	// played or scored.
	if ttMove < n {
		c := lv.kids[ttMove]
		sv.play(st, c, moves[ttMove])
		best, bestK = sv.child(d, c, mover, a, beta), ttMove
		a = max(a, best)
	}
	if best < beta {
		for _, k := range sv.order(lv, st, mover, ttMove) {
			v := sv.child(d, lv.kids[k], mover, a, beta)
			if v > best {
				best, bestK = v, k
				if best >= beta {
					break
				}
				a = max(a, best)
			}
		}
	}

	sv.path.pop()
	if !found && sv.nodes-startNodes < minStore {
		// A small subtree is cheaper to search again than to keep.
		return best
	}
	// The table may have grown (and moved the entry) below.
	i, found = sv.tt.find(h1, h2)
	if !found {
		var err error
		if i, err = sv.tt.insert(i, h1, h2); err != nil {
			sv.fail(err)
		}
	}
	e := &sv.tt.slots[i]
	switch {
	case best <= alpha: // every move failed low: keep the old best move
		e.hi = int16(best)
	case best >= beta:
		e.lo = int16(best)
		e.move = noMove
	default:
		e.lo, e.hi = int16(best), int16(best)
		e.move = noMove
	}
	if e.move == noMove && bestK < noMove {
		e.move = uint8(bestK) // (a move past the 255th is not remembered)
	}
	return best
}

// child returns the value of c, a position after a move by mover, for
// mover: an extra turn keeps the window and the sign, a change of seat
// negates them.
func (sv *solver) child(d int, c *core.State, mover, alpha, beta int) int {
	if c.ToMove() == mover {
		return sv.search(d+1, c, alpha, beta)
	}
	return -sv.search(d+1, c, -beta, -alpha)
}

// play sets c to st after m.
func (sv *solver) play(st, c *core.State, m core.Move) {
	c.CopyFrom(st)
	if err := sv.g.Play(c, m); err != nil {
		sv.fail(fmt.Errorf("solve: %s: move %s at ply %d: %v", sv.g.Name, sv.g.Format(st, m), st.Ply(), err))
	}
}

// order plays every move of lv but skip into lv.kids and returns their
// indexes best first by a cheap guess: a move that earns an extra turn,
// then the mover's score margin after the move; ties go to the later move
// in generation order (for sowing games, the pit nearer the store).
func (sv *solver) order(lv *level, st *core.State, mover, skip int) []int {
	n := len(lv.moves)
	if cap(lv.keys) < n {
		lv.keys = make([]int, n)
	}
	keys := lv.keys[:n]
	order := lv.order[:0]
	for k := n - 1; k >= 0; k-- {
		if k == skip {
			continue
		}
		c := lv.kids[k]
		sv.play(st, c, lv.moves[k])
		sc := sv.g.Scores(c)
		key := sc[mover] - sc[1-mover]
		if c.ToMove() == mover && !c.Over() {
			key += 2 * inf
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
func (sv *solver) terminal(st *core.State) int {
	g := sv.g
	r := g.Result(st)
	if r.Timeout {
		sv.fail(fmt.Errorf("solve: %s: a line reaches the ply limit (%d plies) and the game stops undecided, which has no score margin; solve needs variants whose games always end", g.Name, st.Ply()))
	}
	sc := g.Scores(st)
	m := sc[0] - sc[1]
	if w := r.Winner; !(w == 0 && m > 0 || w == 1 && m < 0 || w < 0 && m == 0) {
		res := g.ResultString(r)
		sv.fail(fmt.Errorf("solve: %s: a game ends %s with scores %d–%d: the winner is not decided by the score margin, so the margin is not what the seats play for; solve needs variants won on score", g.Name, resultPhrase(res), sc[0], sc[1]))
	}
	if m > maxMargin || m < -maxMargin {
		sv.fail(fmt.Errorf("solve: %s: a final score margin of %d is beyond the solver's range (±%d)", g.Name, m, maxMargin))
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

func (sv *solver) check() {
	sv.nextCheck = sv.nodes + checkEvery
	now := time.Now()
	if err := sv.ctx.Err(); err != nil {
		p := sv.progress(now)
		what := "cancelled"
		if errors.Is(err, context.DeadlineExceeded) {
			what = "stopped by the timeout"
		}
		where := fmt.Sprintf("%d nodes, %d positions, value in [%s, %s]", p.Nodes, p.Positions, bound(p.Lower), bound(p.Upper))
		if p.Walking {
			where = fmt.Sprintf("while looking for repeated positions (%d walked)", p.Walked)
		}
		sv.fail(fmt.Errorf("solve: %s after %s, %s; no exact value (%w)", what, p.Elapsed.Round(time.Millisecond), where, err))
	}
	if sv.opts.Progress != nil && now.Sub(sv.lastProgress) >= sv.opts.ProgressEvery {
		sv.lastProgress = now
		sv.opts.Progress(sv.progress(now))
	}
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
	p := Progress{Nodes: sv.nodes - sv.walkNodes, Positions: sv.tt.n, Bytes: sv.tt.bytes(), Elapsed: now.Sub(sv.start),
		Pass: sv.pass, Lower: lo, Upper: hi, Walking: sv.walking != nil}
	if sv.walking != nil {
		p.Walked = len(sv.walking.seen)
	}
	return p
}

// principal follows moves that keep the value v (for root's seat to move)
// to the end of the game, proving each with a narrow search.
func (sv *solver) principal(root *core.State, v int) ([]core.Move, []string) {
	g := sv.g
	st := root.Clone()
	var line []core.Move
	var text []string
	for {
		moves := g.Moves(st, nil)
		if len(moves) == 0 {
			return line, text
		}
		mover := st.ToMove()
		first := noMove
		if i, ok := sv.tt.find(st.Hash(), sv.key.sum(st)); ok {
			first = int(sv.tt.slots[i].move)
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
				sv.fail(fmt.Errorf("solve: %s: move %s: %v", g.Name, g.Format(st, moves[k]), err))
			}
			want := v
			if c.ToMove() != mover {
				want = -v
			}
			if sv.search(1, c, want-1, want+1) == want {
				line = append(line, moves[k])
				text = append(text, g.Format(st, moves[k]))
				next, v = c, want
				break
			}
		}
		if next == nil {
			sv.fail(fmt.Errorf("solve: internal error: no move keeps the value %d after %s", v, strings.Join(text, " ")))
		}
		st = next
	}
}

// Check reports whether g is a variant Solve can solve exactly: two seats,
// and a position's value decided by the position alone. Games that repeat a
// position or reach the ply limit are found during the search.
func Check(g *core.Game) error {
	if len(g.Seats) != 2 {
		return fmt.Errorf("solve: %s has %d seats (%s); solve handles two-seat zero-sum variants only",
			g.Name, len(g.Seats), strings.Join(g.Seats, ", "))
	}
	if g.Doc == nil {
		return nil
	}
	root := g.Doc.Root
	for _, name := range sortedKeys(sub(root, "end")) {
		if t, _ := sub(sub(root, "end"), name)["type"].(string); t == "repetition" {
			return fmt.Errorf("solve: %s ends games by repetition ([end.%s]): a position's value then depends on the moves before it, and its games can go on until the ply limit ends them undecided; solve needs variants whose games always end", g.Name, name)
		}
	}
	for _, name := range sortedKeys(sub(root, "moves")) {
		if r, ok := sub(sub(root, "moves"), name)["common_rest"]; ok && !isZero(r) {
			return fmt.Errorf("solve: %s rests pieces for some plies ([moves.%s] common_rest): a position's future then depends on the ply count, which the solver does not key on", g.Name, name)
		}
	}
	var found string
	walk(root, "", func(path, v string) {
		if found == "" && plyRef.MatchString(v) {
			found = path
		}
	})
	if found != "" {
		return fmt.Errorf("solve: %s reads the ply count (%s): a position's value then depends on the ply, which the solver does not key on", g.Name, found)
	}
	return nil
}

// plyRef matches an expression reading the ply variable.
var plyRef = regexp.MustCompile(`(^|[^A-Za-z0-9_."'])ply([^A-Za-z0-9_]|$)`)

// prose keys hold text for people, never expressions.
var prose = map[string]bool{"cite": true, "title": true, "name": true, "source": true, "family": true,
	"extends": true, "notation": true, "glyph": true, "titles": true, "colors": true, "text": true}

func walk(v any, path string, f func(path, s string)) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(x) {
			if prose[k] {
				continue
			}
			p := k
			if path != "" {
				p = path + "." + k
			}
			walk(x[k], p, f)
		}
	case []any:
		for i, e := range x {
			walk(e, fmt.Sprintf("%s.%d", path, i), f)
		}
	case string:
		f(path, x)
	}
}

func sub(m map[string]any, k string) map[string]any {
	s, _ := m[k].(map[string]any)
	return s
}

func isZero(v any) bool {
	switch x := v.(type) {
	case int64:
		return x == 0
	case int:
		return x == 0
	case float64:
		return x == 0
	case bool:
		return !x
	}
	return false
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// firstGuess estimates the root's value for MTD(f): depth-limited
// alpha-beta searches (extra turns count as plies) whose horizon is scored
// by the current score margin, deepening two plies at a time while they
// stay within guessBudget nodes. A good guess saves null-window passes.
func (sv *solver) firstGuess(root *core.State) int {
	guess := 0
	start := sv.nodes
	for depth := 2; depth <= 64 && sv.nodes-start <= guessBudget; depth += 2 {
		sv.horizon = false
		guess = sv.shallow(0, root, depth, -inf, inf)
		if !sv.horizon {
			break // every line ended within depth: the guess is the value
		}
	}
	return min(max(guess, -maxMargin), maxMargin)
}

func (sv *solver) shallow(d int, st *core.State, depth, alpha, beta int) int {
	sv.nodes++
	if sv.nodes >= sv.nextCheck {
		sv.check()
	}
	lv := sv.level(d)
	lv.moves = sv.g.Moves(st, lv.moves[:0])
	if len(lv.moves) == 0 {
		return sv.terminal(st)
	}
	mover := st.ToMove()
	if depth == 0 {
		sv.horizon = true
		sc := sv.g.Scores(st)
		return sc[mover] - sc[1-mover]
	}
	for len(lv.kids) < len(lv.moves) {
		lv.kids = append(lv.kids, st.Clone())
	}
	best := -inf
	for _, k := range sv.order(lv, st, mover, noMove) {
		c := lv.kids[k]
		var v int
		if c.ToMove() == mover {
			v = sv.shallow(d+1, c, depth-1, max(alpha, best), beta)
		} else {
			v = -sv.shallow(d+1, c, depth-1, -beta, -max(alpha, best))
		}
		if best = max(best, v); best >= beta {
			break
		}
	}
	return best
}
