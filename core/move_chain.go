// This file holds the chain primitive: one move (one ply) made of several
// segments by one piece, each segment a move of another rule (a step, jump
// or slide with its own capture). Fox and Geese's multiple jumps, a relay of
// line captures, a marble's hops are chains.
//
// A chain Move is (rule, origin, last landing, ordinal): the ordinal counts
// the chains of that origin in the depth-first order of generation, so a
// chain of any length fits one word; play, format and the path walk that
// piece's chains again to the ordinal. The walk is the hot path: it plays
// each segment on a per-depth State copied from its parent (undo is simply
// going back to the parent), all kept in the State's scratch, so once warm
// it allocates nothing, whatever the length of the chains. A budget of
// explored segments per walk (MaxChainSegments) guards hostile boards.

package core

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// MaxChainSegments bounds the segments one chain rule explores for one
// position (its move generation) or one origin (play, format): past it the
// rule's list of moves is cut there and State.Limit reports it.
const MaxChainSegments = 1 << 20

const (
	chainDirAny = iota
	chainDirKeep
	chainDirChange
)

const (
	chainNotePath = iota
	chainNotePathCaptures
	chainNoteLandings
	chainNoteEnds
)

var (
	chainSegmentKey = Key{Name: "segment", Type: TString, Required: true,
		Doc: "the move rule (a step, jump or slide, with its capture) each segment is a move of; it is played only inside the chain"}
	chainContinueKey = Key{Name: "continue", Type: TChoice, Default: "may", Allowed: []string{"may", "must"},
		Doc: "may: the piece may stop after any segment (every prefix is a move); must: only chains that cannot go on are moves"}
	chainDirectionKey = Key{Name: "direction", Type: TChoice, Default: "any", Allowed: []string{"any", "keep", "change"},
		Doc: "any; keep: every segment in the first one's direction; change: never in the previous segment's direction"}
	chainRevisitKey = Key{Name: "revisit", Type: TBool, Default: false,
		Doc: "a segment may land on a cell the piece already stood on in this move (its origin included)"}
	chainRejumpKey = Key{Name: "rejump", Type: TBool, Default: false,
		Doc: "a segment may pass over a cell an earlier segment of the move passed over"}
	chainRemoveKey = Key{Name: "remove", Type: TChoice, Default: "at_once", Allowed: []string{"at_once", "at_end"},
		Doc: "at_once: each segment's victims leave at once; at_end: they stay (as obstacles) until the chain ends"}
	chainSegmentsKey = Key{Name: "segments", Type: TChoice, Default: "any", Allowed: []string{"any", "capturing"},
		Doc: "capturing: every segment, the first too, must take a piece"}
	chainContinueIfKey = Key{Name: "continue_if", Type: TExpr,
		Doc: "read after each segment, on the position after it: may the chain go on (from, to, height, kind as in when; captured: pieces the segment took; segment: its number from 1)"}
	chainIdentityKey = Key{Name: "identity", Type: TChoice, Default: "path", Allowed: []string{"path", "end"},
		Doc: "path: every chain is its own move; end: the chains from one origin to one cell are one move (for segments that take nothing)"}
	chainNotationKey = Key{Name: "notation", Type: TChoice, Default: "path_captures", Allowed: []string{"path", "path_captures", "landings", "ends"},
		Doc: "path: a1-c3-e5; path_captures: a1-c3-e5 then x and each victim's cell; landings: a1xc3xe5 (x before a landing whose segment took a piece); ends: a1-e5, the origin and the last landing only (with identity = \"end\")"}
)

var chainMove = moveType{name: "chain", doc: "one move of several segments by one piece, each a move of another rule",
	keys: []*Key{&chainSegmentKey, &chainContinueKey, &chainDirectionKey, &chainRevisitKey, &chainRejumpKey,
		&chainRemoveKey, &chainSegmentsKey, &chainContinueIfKey, &chainIdentityKey, &chainNotationKey},
	compile: compileChain}

// segmenter is a rule whose moves can be the segments of a chain.
type segmenter interface {
	rule
	// genFrom appends the rule's moves of the piece on cell c only.
	genFrom(s *State, c int, out []Move) []Move
	// segDir returns the board direction of move m, or -1.
	segDir(s *State, m Move) int
	// passes appends the cells move m passes over (between its origin and
	// its target).
	passes(s *State, m Move, out []int32) []int32
	// canTake reports whether the rule's moves may take pieces.
	canTake() bool
	// origins returns, on a board of at most 64 cells, the cells whose
	// pieces the seat to move may move by the rule, as a superset mask.
	origins(s *State) uint64
	// movable reports whether the piece on c may move by the rule.
	movable(s *State, c, mover int) bool
}

type chainRule struct {
	ruleBase
	segName   string
	segAt     string // the key path of segment, for messages
	at        string // "file:line:col: " of the rule's type, for the limit
	seg       segmenter
	segIdx    int // the segment rule's index
	must      bool
	dir       int
	revisit   bool
	rejump    bool
	atEnd     bool
	capturing bool
	// segTakes: the segment is a jump that removes what it jumps over,
	// so every segment, and every chain, takes a piece
	segTakes bool
	contIf   *chainCond
	byEnd    bool
	notation int
	canTake  bool
	// segCount counts a segment's victims before it is played, when the
	// segment rule can (captureCounter): segments = "capturing" then skips
	// the segments that take nothing without playing them
	segCount  captureCounter
	reachOnly bool // identity end over segments that take nothing: each cell is expanded once
}

// chainCond is continue_if.
type chainCond struct {
	prog condProgram
	// captured: the condition is captured > 0, decided without the VM
	captured bool
	// table: a condition over from, to and the parameters only, tabled at
	// load ([from*n+to]); nil otherwise
	table []bool
	n     int
}

func compileChain(c *compiler, p string, rb ruleBase) rule {
	ru := &chainRule{ruleBase: rb}
	ru.segName = c.readString(p, &chainSegmentKey)
	ru.segAt = keyPath(p, &chainSegmentKey)
	if o := c.r.Doc.Origin(p + ".type"); o.Pos.ValLine > 0 {
		ru.at = fmt.Sprintf("%s:%d:%d: ", o.File, o.Pos.ValLine, o.Pos.ValCol)
	}
	if !c.has(p, &chainSegmentKey) {
		c.r.Errorf(p, "%s: missing required key \"segment\" (the move rule each segment is a move of)", p)
	}
	ru.must = c.readChoice(p, &chainContinueKey) == "must"
	switch c.readChoice(p, &chainDirectionKey) {
	case "keep":
		ru.dir = chainDirKeep
	case "change":
		ru.dir = chainDirChange
	}
	ru.revisit = c.readBool(p, &chainRevisitKey)
	ru.rejump = c.readBool(p, &chainRejumpKey)
	ru.atEnd = c.readChoice(p, &chainRemoveKey) == "at_end"
	ru.capturing = c.readChoice(p, &chainSegmentsKey) == "capturing"
	ru.byEnd = c.readChoice(p, &chainIdentityKey) == "end"
	switch c.readChoice(p, &chainNotationKey) {
	case "path":
		ru.notation = chainNotePath
	case "landings":
		ru.notation = chainNoteLandings
	case "ends":
		ru.notation = chainNoteEnds
	default:
		ru.notation = chainNotePathCaptures
	}
	if src := c.readString(p, &chainContinueIfKey); src != "" {
		ru.contIf = c.compileChainCond(keyPath(p, &chainContinueIfKey), src)
		if ru.contIf == nil {
			return nil
		}
	}
	if ru.atEnd && ru.rejump {
		c.r.ValueErrorf(keyPath(p, &chainRejumpKey), "%s.rejump: with remove = \"at_end\" a piece taken stays until the chain ends and may not be passed over again; rejump must be false", p)
	}
	return ru
}

// compileChainCond compiles continue_if.
func (c *compiler) compileChainCond(path, src string) *chainCond {
	b := c.g.board
	switch strings.Join(strings.Fields(src), "") {
	case "captured>0", "captured>=1", "captured!=0", "0<captured":
		return &chainCond{captured: true}
	}
	if tree, err := parser.Parse(src); err == nil {
		// a condition over the cells and the parameters (crowning ends the
		// chain: 'to.row != 8') is a table, read with no VM run
		v := &identVisitor{names: map[string]bool{}}
		ast.Walk(&tree.Node, v)
		if i := strings.LastIndexByte(path, '.'); i > 0 && c.staticNames(v.names) {
			if w := c.cellCond(path[:i], path[i+1:], src, true, false); w != nil && w.static {
				return &chainCond{table: w.table, n: b.N()}
			}
		}
	}
	env := c.g.stateEnv(nil, 0)
	env["from"], env["to"], env["height"], env["kind"] = b.Cells[0].Attrs, b.Cells[0].Attrs, 0, ""
	env["captured"], env["segment"] = 0, 0
	prog := c.compileExpr(path, src, env, expr.AsBool())
	if prog == nil {
		return nil
	}
	return &chainCond{prog: condProgram{prog: prog, at: c.exprAt(path)}}
}

// linkChains resolves every chain's segment rule once all rules are
// compiled and wrapped; it returns the segment rules, which no phase lists.
func (c *compiler) linkChains() map[int]bool {
	g := c.g
	segs := map[int]bool{}
	byName := map[string]int{}
	var names []string
	for i, ru := range g.rules {
		byName[ru.base().name] = i
		names = append(names, ru.base().name)
	}
	for i, ru := range g.rules {
		ch, ok := ru.(*chainRule)
		if !ok {
			if t, wrapped := ru.(*thenRule); wrapped {
				if _, isChain := t.rule.(*chainRule); isChain {
					p := "moves." + ru.base().name
					c.r.ValueErrorf(p+".then", "%s.then: a chain takes no follow-up", p)
				}
			}
			continue
		}
		p := "moves." + ch.name
		if ch.segName == "" {
			continue
		}
		j, found := byName[ch.segName]
		if !found {
			c.r.ValueErrorf(ch.segAt, "%s.segment: unknown move rule %q%s", p, ch.segName, didYouMean(ch.segName, names))
			continue
		}
		seg, isSeg := g.rules[j].(segmenter)
		if !isSeg || j == i {
			c.r.ValueErrorf(ch.segAt, "%s.segment: %q is a %s; a segment is a step, jump or slide without then", p, ch.segName, g.rules[j].base().typ)
			continue
		}
		ch.seg, ch.segIdx = seg, j
		ch.canTake = seg.canTake()
		ch.segCount, _ = seg.(captureCounter)
		if ch.byEnd && ch.canTake {
			c.r.ValueErrorf(keyPath(p, &chainIdentityKey), "%s.identity: \"end\" merges chains that end on one cell, but the segments of %q may take pieces, so such chains differ; use identity = \"path\"", p, ch.segName)
		}
		if ch.capturing && !ch.canTake {
			c.r.ValueErrorf(keyPath(p, &chainSegmentsKey), "%s.segments: \"capturing\", but the segments of %q never take a piece", p, ch.segName)
		}
		sr, _ := seg.(*slideRule)
		ch.segTakes = sr != nil && sr.jump && sr.captureOver
		removes := ch.capturing || ch.segTakes
		passesPiece := sr != nil && sr.jump
		if ch.revisit && !(removes && !ch.atEnd) && !(ch.atEnd && !ch.rejump && passesPiece) {
			c.r.ValueErrorf(keyPath(p, &chainRevisitKey), "%s.revisit: a chain whose piece may come back to a cell must take a piece with every segment (segments = \"capturing\", or a jump with capture = \"over\"), or it could go on forever", p)
		}
		ch.reachOnly = ch.byEnd && !ch.canTake && !ch.must && ch.dir == chainDirAny && ch.contIf == nil && !ch.revisit
		segs[j] = true
	}
	return segs
}

// ---- the walk -------------------------------------------------------------

const (
	walkGen = iota
	walkFind
	walkText // every chain's text, for Parse (formatMoves)
)

// chainWalk is the working space of a chain's depth-first walk, kept in
// the State that asks (not part of the position).
type chainWalk struct {
	states []*State // states[d]: the position after d segments (d >= 1)
	segs   []Move   // candidate segments, stacked by depth
	path   []Move   // path[d]: the segment played at depth d
	cells  []int32  // cells[d]: the piece's cell after d segments
	dirs   []int32  // dirs[d]: the direction of segment d
	over   []int32  // the cells passed over, stacked
	overLo []int32  // overLo[d]: where segment d's passed cells start
	taken  []int32  // the victims' cells, stacked
	takeLo []int32  // takeLo[d]: where segment d's victims start
	nTaken []int32  // nTaken[d]: pieces segment d took
	seen   []int32  // identity end: stamp per cell of the ends already emitted
	stamp  int32
	mark   []int32  // reachOnly: stamp per cell expanded
	stack  []int32  // restore's working space
	texts  []string // walkText: each chain's text, by ordinal
	ends   []int32  // walkText: each chain's end
	// the walk in progress
	mode   int
	root   *State
	origin int
	out    []Move
	count  int // chains of this origin emitted so far
	want   int // walkFind: the ordinal (identity path) or the end cell (identity end)
	found  int // walkFind: the chain's number of segments, once found
	nodes  int
	cut    bool
}

// chainWalker returns s's walk space (allocated once).
func (s *State) chainWalker() *chainWalk {
	if s.chain == nil {
		s.chain = &chainWalk{}
	}
	return s.chain
}

// at returns the position at depth d (d >= 1), creating it once.
func (w *chainWalk) at(d int) *State {
	for len(w.states) <= d {
		w.states = append(w.states, nil)
	}
	if w.states[d] == nil {
		w.states[d] = w.root.Clone()
	}
	return w.states[d]
}

// grow makes the per-depth slices hold depth d.
func (w *chainWalk) grow(d int) {
	for len(w.path) <= d {
		w.path = append(w.path, 0)
		w.dirs = append(w.dirs, 0)
		w.overLo = append(w.overLo, 0)
		w.takeLo = append(w.takeLo, 0)
		w.nTaken = append(w.nTaken, 0)
	}
	for len(w.cells) <= d+1 {
		w.cells = append(w.cells, 0)
	}
}

// begin starts a walk from origin in s.
func (r *chainRule) begin(w *chainWalk, s *State, origin, mode int) {
	w.root, w.origin, w.mode = s, origin, mode
	w.count, w.found = 0, -1
	w.over, w.taken, w.segs = w.over[:0], w.taken[:0], w.segs[:0]
	w.grow(0)
	w.cells[0] = int32(origin)
	n := s.g.board.N()
	if r.byEnd {
		if len(w.seen) < n {
			w.seen = make([]int32, n)
			w.mark = make([]int32, n)
		}
		w.stamp++
		if w.stamp == 1<<30 {
			clear(w.seen)
			clear(w.mark)
			w.stamp = 1
		}
	}
}

// stateAt returns the position after d segments.
func (w *chainWalk) stateAt(d int) *State {
	if d == 0 {
		return w.root
	}
	return w.states[d]
}

// walk explores the segments from the position after d segments. It
// reports whether some segment could be played (a continuation) and
// whether the walk must stop (found, or the budget is spent).
func (r *chainRule) walk(w *chainWalk, d int) (cont, stop bool) {
	st := w.stateAt(d)
	at := int(w.cells[d])
	lo := len(w.segs)
	w.segs = r.seg.genFrom(st, at, w.segs)
	hi := len(w.segs)
	cont, stop = r.segments(w, d, st, lo, hi)
	w.segs = w.segs[:lo]
	return cont, stop
}

// segments tries the candidate segments w.segs[lo:hi] from the position
// after d segments (see walk).
func (r *chainRule) segments(w *chainWalk, d int, st *State, lo, hi int) (cont, stop bool) {
	for i := lo; i < hi; i++ {
		m := w.segs[i]
		to := m.To()
		if r.reachOnly && w.mark[to] == w.stamp {
			continue
		}
		if r.capturing && r.segCount != nil && r.segCount.captured(st, m) == 0 {
			continue
		}
		if !r.revisit && r.visited(w, d, to) {
			continue
		}
		dir := int32(-1)
		if r.dir != chainDirAny {
			dir = int32(r.seg.segDir(st, m))
			if d > 0 && ((r.dir == chainDirKeep && dir != w.dirs[0]) || (r.dir == chainDirChange && dir == w.dirs[d-1])) {
				continue
			}
		}
		oLo := len(w.over)
		if !r.rejump {
			w.over = r.seg.passes(st, m, w.over)
			if r.passedAgain(w, oLo) {
				w.over = w.over[:oLo]
				continue
			}
		}
		if w.nodes++; w.nodes > MaxChainSegments {
			w.cut = true
			w.over = w.over[:oLo]
			return cont, true
		}
		child := w.at(d + 1)
		child.CopyFrom(st)
		if err := r.seg.play(child, m); err != nil {
			w.over = w.over[:oLo]
			continue
		}
		tLo := len(w.taken)
		n := 0
		if r.canTake {
			n = r.victims(w, st, child, tLo)
		}
		if r.capturing && n == 0 {
			w.taken, w.over = w.taken[:tLo], w.over[:oLo]
			continue
		}
		if r.atEnd && n > 0 {
			w.restore(st, child, w.taken[tLo:])
		}
		cont = true
		if r.reachOnly {
			w.mark[to] = w.stamp
		}
		w.grow(d + 1)
		w.path[d], w.dirs[d], w.overLo[d], w.takeLo[d], w.nTaken[d] = m, dir, int32(oLo), int32(tLo), int32(n)
		w.cells[d+1] = int32(to)
		goOn := r.contIf == nil || r.contIf.holds(child, m, n, d+1)
		if !r.must && r.emit(w, d+1) {
			return cont, true
		}
		sub := false
		if goOn {
			if sub, stop = r.walk(w, d+1); stop {
				return cont, true
			}
		}
		if r.must && !sub && r.emit(w, d+1) {
			return cont, true
		}
		w.taken, w.over = w.taken[:tLo], w.over[:oLo]
	}
	return cont, false
}

// visited reports whether the piece stood on cell c in the first d
// segments (its origin included).
func (r *chainRule) visited(w *chainWalk, d, c int) bool {
	for _, x := range w.cells[:d+1] {
		if int(x) == c {
			return true
		}
	}
	return false
}

// passedAgain reports whether a cell from w.over[lo:] was passed over
// before.
func (r *chainRule) passedAgain(w *chainWalk, lo int) bool {
	for _, x := range w.over[lo:] {
		for _, y := range w.over[:lo] {
			if x == y {
				return true
			}
		}
	}
	return false
}

// victims appends to w.taken (from lo on) the cells whose pieces a segment
// took (on the board in st, not in child) and returns the number of pieces
// taken.
func (r *chainRule) victims(w *chainWalk, st, child *State, lo int) int {
	g := st.g
	pos0 := st.buf[g.lay.pos : g.lay.pos+len(g.pieceKind)]
	pos1 := child.buf[g.lay.pos : g.lay.pos+len(g.pieceKind)]
	n := 0
	for p, c := range pos0 {
		if c == 0 || pos1[p] != 0 {
			continue
		}
		n++
		cell := c - 1
		dup := false
		for _, x := range w.taken[lo:] {
			dup = dup || x == cell
		}
		if !dup {
			w.taken = append(w.taken, cell)
		}
	}
	return n
}

// restore puts back on child the stacks of the given cells as they stand
// in st (remove = "at_end": the victims stay until the chain ends).
func (w *chainWalk) restore(st, child *State, cells []int32) {
	for _, c := range cells {
		if child.Height(int(c)) != 0 {
			continue
		}
		stack := w.stack[:0]
		for p := st.Top(int(c)); p >= 0; p = st.Below(p) {
			stack = append(stack, int32(p))
		}
		for k := len(stack) - 1; k >= 0; k-- {
			child.push(int(stack[k]), int(c))
		}
		w.stack = stack
	}
}

// emit records the chain of d segments now walked: a move (gen) or a
// match (find), which stops the walk.
func (r *chainRule) emit(w *chainWalk, d int) bool {
	end := int(w.cells[d])
	if r.byEnd {
		if end == w.origin || w.seen[end] == w.stamp {
			return false
		}
		w.seen[end] = w.stamp
	}
	k := w.count
	w.count++
	switch w.mode {
	case walkText:
		w.texts = append(w.texts, r.text(w, d))
		w.ends = append(w.ends, int32(end))
		return false
	case walkGen:
		aux := k
		if r.byEnd {
			aux = 0
		}
		w.out = append(w.out, mkMove(r.index, w.origin, end, aux))
		return false
	default:
		if (r.byEnd && end == w.want) || (!r.byEnd && k == w.want) {
			w.found = d
			return true
		}
		return false
	}
}

// holds evaluates continue_if after a segment m that took n pieces.
func (cc *chainCond) holds(s *State, m Move, n, segment int) bool {
	if cc.captured {
		return n > 0
	}
	if cc.table != nil {
		return cc.table[m.From()*cc.n+m.To()]
	}
	g := s.g
	env := g.stateEnvFor(s, s.ToMove(), allVars)
	p := s.Top(m.To())
	kind := boxedEmpty
	if p >= 0 && int(g.pieceKind[p]) < len(g.boxedKinds) {
		kind = g.boxedKinds[g.pieceKind[p]]
	}
	env["from"], env["to"], env["height"], env["kind"] = g.board.Cells[m.From()].Attrs, g.board.Cells[m.To()].Attrs, s.Height(m.To()), kind
	env["captured"], env["segment"] = n, segment
	out, err := s.env.vm.Run(cc.prog.prog, env)
	if err != nil {
		s.noteExprErr(cc.prog.at, err)
		return false
	}
	ok, _ := out.(bool)
	return ok
}

// ---- the rule -------------------------------------------------------------

func (r *chainRule) gen(s *State, out []Move) []Move {
	if r.seg == nil {
		return out
	}
	g := s.g
	w := s.chainWalker()
	w.out, w.nodes, w.cut = out, 0, false
	n := g.board.N()
	top := s.buf[g.lay.top : g.lay.top+n]
	mover := s.ToMove()
	if g.small {
		// a jump that lands on an empty cell starts only where a cell next
		// to c along a ray is occupied and a cell two along one is empty
		// (over = "enemy": not held by the mover)
		jump := false
		occ := s.occMask()
		over := occ
		if sr, ok := r.seg.(*slideRule); ok && sr.jump && sr.land == landEmpty && !sr.forks && g.reachLen > 2 {
			jump = true
			if sr.over == "enemy" {
				over = occ &^ s.ownMask(mover) // a foe: not the mover's (neutral pieces are foes)
			}
		}
		for cand := r.seg.origins(s); cand != 0; cand &= cand - 1 {
			c := bits.TrailingZeros64(cand)
			if jump && (g.reach[c*g.reachLen+1]&over == 0 || g.reach[c*g.reachLen+2]&^occ == 0) {
				continue
			}
			if r.seg.movable(s, c, mover) && !r.genOrigin(w, s, c) {
				break
			}
		}
	} else {
		for c := 0; c < n; c++ {
			if top[c] != 0 && r.seg.movable(s, c, mover) && !r.genOrigin(w, s, c) {
				break
			}
		}
	}
	if w.cut {
		s.limit = fmt.Errorf("%smoves.%s: the chains of one position pass %d segments (core.MaxChainSegments); the rule's list of moves is cut there", r.at, r.name, MaxChainSegments)
	}
	out = w.out
	w.out, w.root = nil, nil
	return out
}

// genOrigin walks the chains of the piece on c; it reports false once the
// budget is spent.
func (r *chainRule) genOrigin(w *chainWalk, s *State, c int) bool {
	r.begin(w, s, c, walkGen)
	_, stop := r.walk(w, 0)
	return !stop
}

// find walks to chain m; it returns its number of segments, or -1.
func (r *chainRule) find(s *State, m Move) (*chainWalk, int) {
	w := s.chainWalker()
	if r.seg == nil || m.From() < 0 {
		return w, -1
	}
	r.begin(w, s, m.From(), walkFind)
	w.nodes, w.cut = 0, false
	w.want = m.Aux()
	if r.byEnd {
		w.want = m.To()
	}
	r.walk(w, 0)
	if w.found >= 0 && int(w.cells[w.found]) != m.To() {
		return w, -1
	}
	return w, w.found
}

func (r *chainRule) play(s *State, m Move) error {
	w, d := r.find(s, m)
	if d < 0 {
		w.root = nil
		return fmt.Errorf("rule %q: no chain %d from %s to %s in this position", r.name, m.Aux(), cellName(s.g, m.From()), cellName(s.g, m.To()))
	}
	final := w.states[d]
	if r.atEnd {
		for _, c := range w.taken {
			final.clear(int(c))
		}
	}
	s.keepHistory(func() { s.CopyFrom(final) }) // the chain's end, the game's history kept
	w.root = nil
	return nil
}

func cellName(g *Game, c int) string {
	if c < 0 || c >= g.board.N() {
		return "?"
	}
	return g.board.Cells[c].Name
}

// Path returns the cells a move takes its piece through: the origin and
// every landing of a chain, or the origin and target of another move (only
// the target for a placement, nothing for a pass). m must be legal in s.
func (g *Game) Path(s *State, m Move) []int {
	if m == Pass || m.Rule() < 0 || m.Rule() >= len(g.rules) {
		return nil
	}
	if ch, ok := g.rules[m.Rule()].(*chainRule); ok {
		w, d := ch.find(s, m)
		w.root = nil
		if d < 0 {
			return nil
		}
		out := make([]int, d+1)
		for i := range out {
			out[i] = int(w.cells[i])
		}
		return out
	}
	var out []int
	if f := m.From(); f >= 0 {
		out = append(out, f)
	}
	if t := m.To(); t >= 0 {
		out = append(out, t)
	}
	return out
}

// captured returns the number of pieces move m takes (captureCounter).
func (r *chainRule) captured(s *State, m Move) int {
	w, d := r.find(s, m)
	w.root = nil
	n := 0
	for i := 0; i < d; i++ {
		n += int(w.nTaken[i])
	}
	return n
}

// alwaysCaptures reports whether every chain takes a piece (segments =
// "capturing", or jumps that remove what they jump over: a chain has one
// segment at least), so that compulsory capture keeps its moves uncounted
// (alwaysCapturer, core/priority.go).
func (r *chainRule) alwaysCaptures() bool { return r.capturing || r.segTakes }

// takes reports whether move m takes piece p.
func (r *chainRule) takes(s *State, m Move, p int) bool {
	c := s.PieceCell(p)
	if c < 0 {
		return false
	}
	w, d := r.find(s, m)
	w.root = nil
	if d < 0 {
		return false
	}
	for _, x := range w.taken {
		if int(x) == c {
			return true
		}
	}
	return false
}

func (r *chainRule) format(s *State, m Move) string {
	if r.notation == chainNoteEnds { // FROM-TO: the origin and the last landing (identity = "end")
		return s.g.board.Cells[m.From()].Name + "-" + s.g.board.Cells[m.To()].Name
	}
	w, d := r.find(s, m)
	defer func() { w.root = nil }()
	if d < 0 {
		return fmt.Sprintf("%s-%s?", cellName(s.g, m.From()), cellName(s.g, m.To()))
	}
	return r.text(w, d)
}

// text writes the chain of d segments the walk w stands on.
func (r *chainRule) text(w *chainWalk, d int) string {
	g := w.root.g
	var b strings.Builder
	b.WriteString(g.board.Cells[w.origin].Name)
	for i := 0; i < d; i++ {
		seg := w.path[i]
		text := r.seg.format(w.stateAt(i), seg)
		// the segment's own notation less its origin: the landing and
		// whatever the segment rule adds to it
		from := g.board.Cells[seg.From()].Name
		if len(text) > len(from) && strings.EqualFold(text[:len(from)], from) {
			text = strings.TrimPrefix(text[len(from):], "-")
		}
		sep := "-"
		if r.notation == chainNoteLandings && w.nTaken[i] > 0 {
			sep = "x"
		}
		b.WriteString(sep)
		b.WriteString(text)
	}
	if r.notation == chainNotePathCaptures {
		for _, c := range w.taken {
			b.WriteString("x")
			b.WriteString(g.board.Cells[c].Name)
		}
	}
	return b.String()
}

// formatMoves writes out[i] for every move of this rule in moves, walking
// each origin's chains once (Parse: formatting each move alone would walk
// its origin's chains once per move).
func (r *chainRule) formatMoves(s *State, moves []Move, out []string) {
	if r.notation == chainNoteEnds {
		for i, m := range moves {
			if m.Rule() == r.index {
				out[i] = r.format(s, m)
			}
		}
		return
	}
	done := map[int]bool{}
	for _, m := range moves {
		from := m.From()
		if m.Rule() != r.index || from < 0 || done[from] {
			continue
		}
		done[from] = true
		w := s.chainWalker()
		r.begin(w, s, from, walkText)
		w.nodes, w.cut = 0, false
		w.texts, w.ends = w.texts[:0], w.ends[:0]
		if r.seg != nil {
			r.walk(w, 0)
		}
		w.root = nil
		for i, mm := range moves {
			if mm.Rule() != r.index || mm.From() != from {
				continue
			}
			k := mm.Aux()
			if r.byEnd {
				k = -1
				for j, e := range w.ends {
					if int(e) == mm.To() {
						k = j
						break
					}
				}
			}
			if k >= 0 && k < len(w.texts) {
				out[i] = w.texts[k]
			} else {
				out[i] = r.format(s, mm)
			}
		}
	}
}

// plainPath writes move m as its cells joined by "-" (the spelling Parse
// accepts for every chain notation).
func (r *chainRule) plainPath(s *State, m Move) string {
	w, d := r.find(s, m)
	defer func() { w.root = nil }()
	if d < 0 {
		return ""
	}
	var b strings.Builder
	for i := 0; i <= d; i++ {
		if i > 0 {
			b.WriteString("-")
		}
		b.WriteString(s.g.board.Cells[w.cells[i]].Name)
	}
	return b.String()
}

// accepts reports whether text is another spelling of m: its cells joined
// by "-".
func (r *chainRule) accepts(s *State, m Move, text string) bool {
	return strings.EqualFold(r.plainPath(s, m), text)
}

// splitPath reads a chain's text: its cells, separated by "-" or "x",
// with any letters a segment rule adds after a landing. Victims listed
// after the path (path_captures) are cells too; the caller tells them
// apart by walking.
func splitPath(g *Game, text string) []int {
	var out []int
	for _, part := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r == '-' || r == 'x' }) {
		c, ok := lookupCell(g, part)
		if !ok {
			// a landing with a letter after it (a line capture's A or W)
			for k := len(part) - 1; k > 0 && !ok; k-- {
				c, ok = lookupCell(g, part[:k])
			}
			if !ok {
				return nil
			}
		}
		out = append(out, c)
	}
	return out
}

// explain says why text is not a legal chain: the first landing no
// segment reaches, and why.
func (r *chainRule) explain(s *State, text string) (string, bool) {
	g := s.g
	if r.seg == nil {
		return "", false
	}
	cells := splitPath(g, text)
	if len(cells) < 2 {
		return "", false
	}
	from := cells[0]
	p := s.Top(from)
	if p < 0 {
		return fmt.Sprintf("there is no piece on %s", g.board.Cells[from].Name), true
	}
	var buf [512]Move
	moves := r.gen(s, buf[:0])
	// the longest prefix of the written cells some legal chain follows
	best, bestPath := 0, []int(nil)
	for _, m := range moves {
		if m.From() != from {
			continue
		}
		path := g.Path(s, m)
		k := 0
		for k < len(path) && k < len(cells) && path[k] == cells[k] {
			k++
		}
		if k > best {
			best, bestPath = k, path
		}
	}
	if best == 0 {
		seg := g.board.Cells[from].Name + "-" + g.board.Cells[cells[1]].Name
		if reason, ok := r.seg.explain(s, seg); ok && reason != "" {
			return weak + fmt.Sprintf("the first segment %s: %s", seg, strings.TrimPrefix(reason, weak)), true
		}
		return weak + fmt.Sprintf("no chain of %s starts from %s", r.segName, g.board.Cells[from].Name), true
	}
	names := make([]string, 0, best)
	for _, c := range bestPath[:best] {
		names = append(names, g.board.Cells[c].Name)
	}
	if best < len(cells) && best < len(bestPath)+1 {
		// the written path leaves every legal chain after best cells
		if best == len(bestPath) {
			if r.must {
				return "", false
			}
		}
		at := strings.Join(names, "-")
		next := g.board.Cells[cells[best]].Name
		var opts []string
		seen := map[int]bool{}
		for _, m := range moves {
			path := g.Path(s, m)
			if m.From() != from || len(path) <= best {
				continue
			}
			match := true
			for k := 0; k < best; k++ {
				match = match && path[k] == cells[k]
			}
			if match && !seen[path[best]] {
				seen[path[best]] = true
				opts = append(opts, g.board.Cells[path[best]].Name)
			}
		}
		if len(opts) == 0 {
			return fmt.Sprintf("the chain cannot go on after %s (to %s)", at, next), true
		}
		return fmt.Sprintf("after %s the chain cannot go to %s (it may go to %s)", at, next, strings.Join(opts, ", ")), true
	}
	if r.must && best == len(cells) {
		return fmt.Sprintf("the chain %s must go on (continue = \"must\")", strings.Join(names, "-")), true
	}
	if best == len(cells) {
		// legal chains follow the written cells, but what the text adds
		// to a landing (a line capture's A or W) differs
		if len(cells) == 2 {
			if reason, ok := r.seg.explain(s, text); ok && reason != "" {
				return strings.TrimPrefix(reason, weak), true
			}
		}
		var same []string
		for _, m := range moves {
			if path := g.Path(s, m); m.From() == from && slices.Equal(path, cells) {
				same = append(same, r.format(s, m))
			}
		}
		if len(same) > 0 {
			return fmt.Sprintf("no chain along %s is written %q; write %s", strings.Join(names, "-"), text, strings.Join(same, " or ")), true
		}
	}
	return "", false
}
