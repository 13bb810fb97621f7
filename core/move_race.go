// This file holds the race primitive: each seat's pieces wait on a start
// cell, enter onto the first cell of the seat's own path and run along it
// to its goal (its last cell), moved by the counts of a dice throw. One move
// of this rule is a whole decision: every count of the throw, and every
// bonus earned on the way, used in one ply, one count at a time, each
// count moving one piece and each step legal by itself; a decision is
// identified by the position it leads to. Paths may share cells (a common
// track), and a cell may bar passing and landing (a block), be safe (a lone
// piece there cannot be taken), or take a lone piece of another seat back
// to its start (a capture, which earns a bonus count). Parcheesi, Ludo,
// Parchís and Sorry-like races are built from it.
//
// gen, play and format are on the hot path: the decisions of a position
// are found by a depth-first walk over the uses of the counts on a compact
// copy of the mover's pieces (path indices), kept in the State's working
// space (raceWork) with the decision list, so Moves then Play on one State
// generate once and allocate nothing.

package core

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

var raceMove = moveType{
	name: "race",
	doc:  "a whole throw of dice used in one move: pieces enter from a start cell and run along their seat's path to its goal, with blocks, safe cells, captures back to start, bonus counts and doubles",
	keys: []*Key{&raceDiceKey, &raceStartKey, &racePathKey, &raceEnterKey, &raceEnterTotalKey, &raceEnterOnlyKey,
		&raceEnterCapturesKey, &raceSafeKey, &raceBlockKey, &raceStackKey, &raceCaptureKey, &raceCaptureBonusKey,
		&raceGoalBonusKey, &raceExactKey, &raceDoublesKey, &raceDoublesWholeKey, &raceMostDiceKey, &raceKeepApartKey,
		&racePenaltyRunKey},
	compile: compileRace,
}

var (
	raceDiceKey = Key{Name: "dice", Type: TString, Required: true,
		Doc: "the [chance.NAME] dice event whose last throw gives the counts"}
	raceStartKey = Key{Name: "start", Type: TTable, Required: true,
		Doc: "SEAT = CELL: the cell a seat's pieces wait on before they enter, and go back to when taken"}
	racePathKey = Key{Name: "path", Type: TTable, Required: true,
		Doc: `SEAT = [CELL or "t5..t68", …]: the seat's path, its entering cell first and its goal last; "A..B" is the run of cells named PREFIX+number between them`}
	raceEnterKey = Key{Name: "enter", Type: TInt, Default: 5, Min: 1, Max: 100,
		Doc: "the die that brings a piece from its start onto its path's first cell"}
	raceEnterTotalKey = Key{Name: "enter_total", Type: TBool, Default: false,
		Doc: "two different dice totalling enter also bring a piece in, using both; while a piece waits and the entering cell allows it, they must"}
	raceEnterOnlyKey = Key{Name: "enter_only", Type: TBool, Default: false,
		Doc: "while a piece of the mover waits at its start, a die showing enter may only bring a piece in (it is lost when none can enter)"}
	raceEnterCapturesKey = Key{Name: "enter_captures", Type: TBool, Default: false,
		Doc: "a piece entering takes a lone piece of another seat on the entering cell even when the cell is safe"}
	raceSafeKey = Key{Name: "safe", Type: TString,
		Doc: "a region: a lone piece there cannot be taken, so no other seat may land there"}
	raceBlockKey = Key{Name: "block", Type: TInt, Default: 2, Min: 0, Max: 64,
		Doc: "this many pieces of one seat on a cell bar every piece from passing and landing there (0: no blocks)"}
	raceStackKey = Key{Name: "stack", Type: TInt, Default: 2, Min: 1, Max: 64,
		Doc: "the most pieces of one seat on one cell (the goal takes any number)"}
	raceCaptureKey = Key{Name: "capture", Type: TChoice, Default: "to_start", Allowed: []string{"to_start", "none"},
		Doc: "to_start: landing on a lone piece of another seat sends it back to its start; none: such a landing is not allowed"}
	raceCaptureBonusKey = Key{Name: "capture_bonus", Type: TInt, Default: 0, Min: 0, Max: 1000,
		Doc: "a count earned by each capture, used whole by one piece in the same move, or lost when none can"}
	raceGoalBonusKey = Key{Name: "goal_bonus", Type: TInt, Default: 0, Min: 0, Max: 1000,
		Doc: "a count earned by each piece reaching the goal, used like capture_bonus"}
	raceExactKey = Key{Name: "exact", Type: TBool, Default: true,
		Doc: "the goal is reached only by exact count; false: a larger count stops there"}
	raceDoublesKey = Key{Name: "doubles", Type: TChoice, Default: "top", Allowed: []string{"top", "top_and_bottom"},
		Doc: "top: doubles give the two numbers thrown; top_and_bottom: when no piece of the mover waits at its start, the numbers underneath too (a, a, faces+1−a twice)"}
	raceDoublesWholeKey = Key{Name: "doubles_whole", Type: TBool, Default: false,
		Doc: "the four counts of top_and_bottom doubles are used all, or none and the throw is lost"}
	raceMostDiceKey = Key{Name: "most_dice", Type: TBool, Default: true,
		Doc: "only the complete uses of the throw that use the most dice counts are allowed (so both dice when both can be)"}
	raceKeepApartKey = Key{Name: "keep_apart", Type: TBool, Default: false,
		Doc: "two pieces that formed a block at the start of the move may not both move and end it together on one cell other than the goal"}
	racePenaltyRunKey = Key{Name: "penalty_run", Type: TInt, Default: 0, Min: 0, Max: 100,
		Doc: "the throw that makes this many doubles in a row is not used: the mover's piece nearest its goal (not at it) goes back to its start (0: no penalty)"}
)

// raceRule is a compiled race rule.
type raceRule struct {
	ruleBase
	event string // the dice event
	ev    int    // its index
	count int    // its dice: 1 or 2
	// cells[seat][i] is the cell of path index i: 0 the start, 1 the
	// entering cell, … L = len-1 the goal; nil for a seat not in play.
	cells [][]int32
	// idx[seat][cell] is the cell's index on the seat's path, or -1.
	idx [][]int16
	// bit[seat][piece] is the piece's bit in a decision key's mask of
	// captured pieces (pieces of the other seats), or -1 for the seat's own.
	bit          [][]int8
	safe         []bool // per cell
	enter        int
	enterTotal   bool
	enterOnly    bool
	enterCapture bool
	block, stack int
	capture      bool
	captureBonus int
	goalBonus    int
	exact        bool
	topBottom    bool
	whole        bool
	mostDice     bool
	keepApart    bool
	penaltyRun   int
	faces        int // of the dice event (top_and_bottom)
	maxPath      int // the longest path, start and goal included
	maxPieces    int // the most pieces a seat has
	// the walk's memo hashes its states as sums of keys, kept as the walk
	// goes: pk1/pk2[t*maxPath+i] a piece at path index i that stood in the
	// t-th block at the start (0: none), dk1/dk2[n] a die left showing n
	pk1, pk2 []uint64
	dk1, dk2 []uint64
}

func compileRace(c *compiler, p string, rb ruleBase) rule {
	r := c.r
	g := c.g
	b := g.board
	ns := len(g.seats)
	ru := &raceRule{ruleBase: rb, cells: make([][]int32, ns), idx: make([][]int16, ns), bit: make([][]int8, ns)}
	errs := len(r.Diags)
	ru.event = c.readString(p, &raceDiceKey)
	ru.enter = c.readInt(p, &raceEnterKey)
	ru.enterTotal = c.readBool(p, &raceEnterTotalKey)
	ru.enterOnly = c.readBool(p, &raceEnterOnlyKey)
	ru.enterCapture = c.readBool(p, &raceEnterCapturesKey)
	ru.block = c.readInt(p, &raceBlockKey)
	ru.stack = c.readInt(p, &raceStackKey)
	ru.capture = c.readChoice(p, &raceCaptureKey) == "to_start"
	ru.captureBonus = c.readInt(p, &raceCaptureBonusKey)
	ru.goalBonus = c.readInt(p, &raceGoalBonusKey)
	ru.exact = c.readBool(p, &raceExactKey)
	nd := len(r.Diags)
	ru.topBottom = c.readChoice(p, &raceDoublesKey) == "top_and_bottom"
	doublesBad := len(r.Diags) > nd // reported: say nothing of doubles_whole
	ru.whole = c.readBool(p, &raceDoublesWholeKey)
	ru.mostDice = c.readBool(p, &raceMostDiceKey)
	ru.keepApart = c.readBool(p, &raceKeepApartKey)
	ru.penaltyRun = c.readInt(p, &racePenaltyRunKey)
	ru.ev = -1
	for i, name := range c.g.chanceNames {
		if name == ru.event {
			ru.ev = i
		}
	}
	dp := keyPath(p, &raceDiceKey)
	if ru.ev < 0 {
		if len(c.g.chanceNames) == 0 {
			r.ValueErrorf(dp, "%s: unknown chance event %q: declare it as [chance.%s] with type = \"dice\"", dp, ru.event, ru.event)
		} else {
			r.ValueErrorf(dp, "%s: unknown chance event %q (events: %s)", dp, ru.event, strings.Join(c.g.chanceNames, ", "))
		}
	} else {
		// the event's dice, read from its table (its type checks the values)
		ep := "chance." + ru.event
		if typ := r.String(ep+".type", ""); typ != "dice" {
			r.ValueErrorf(dp, "%s: [chance.%s] is of type %q; a race needs type = \"dice\"", dp, ru.event, typ)
		}
		ru.count = c.readInt(ep, &diceCountKey)
		ru.faces = c.readInt(ep, &diceFacesKey)
		if ru.count != 1 && ru.count != 2 {
			r.ValueErrorf(dp, "%s: [chance.%s] throws %d dice; a race uses one die or two", dp, ru.event, ru.count)
		}
	}
	if ru.whole && !ru.topBottom && !doublesBad {
		r.Errorf(keyPath(p, &raceDoublesWholeKey), "%s.doubles_whole: only doubles = \"top_and_bottom\" gives four counts to use whole", p)
	}
	ru.safe = make([]bool, b.N())
	if c.has(p, &raceSafeKey) {
		if ref, ok := c.regionNamed(keyPath(p, &raceSafeKey), c.readString(p, &raceSafeKey)); ok {
			if ref.perSeat {
				r.ValueErrorf(keyPath(p, &raceSafeKey), "%s.safe: %q is a per-seat region; safe cells are safe for every seat", p, ref.name)
			} else {
				for _, cell := range g.cells(ref, 0) {
					ru.safe[cell] = true
				}
			}
		}
	}
	// start cells
	sp := keyPath(p, &raceStartKey)
	starts := make([]int32, ns)
	for i := range starts {
		starts[i] = -1
	}
	for _, name := range r.Keys(sp, nil) {
		kp := sp + "." + name
		seat := c.raceSeat(kp, name)
		if seat == -1 {
			r.String(kp, "")
			continue
		}
		if seat < 0 {
			continue
		}
		if cell := c.cell(kp, r.String(kp, "")); cell >= 0 {
			starts[seat] = int32(cell)
		}
	}
	// paths
	pp := keyPath(p, &racePathKey)
	for _, name := range r.Keys(pp, nil) {
		kp := pp + "." + name
		seat := c.raceSeat(kp, name)
		if seat == -1 {
			r.Strings(kp)
			continue
		}
		if seat < 0 {
			continue
		}
		cells := []int32{starts[seat]}
		seen := map[int32]bool{starts[seat]: true}
		for i, item := range r.Strings(kp) {
			ip := fmt.Sprintf("%s.%d", kp, i)
			run, err := raceRun(g, item)
			if err != "" {
				r.ValueErrorf(ip, "%s: %s", kp, err)
				continue
			}
			for _, cell := range run {
				if seen[cell] {
					r.ValueErrorf(ip, "%s: cell %s is on the path twice (or is the seat's start)", kp, b.Cells[cell].Name)
					continue
				}
				seen[cell] = true
				cells = append(cells, cell)
			}
		}
		if len(cells) < 2 {
			r.Errorf(kp, "%s: a path needs at least one cell, its goal", kp)
			continue
		}
		ru.cells[seat] = cells
	}
	for seat := range g.seats {
		if starts[seat] < 0 {
			r.Errorf(sp, "%s: no start cell for seat %q", sp, g.seats[seat])
		}
		if ru.cells[seat] == nil {
			r.Errorf(pp, "%s: no path for seat %q", pp, g.seats[seat])
		}
	}
	if len(r.Diags) > errs {
		return nil
	}
	nPieces := len(g.pieceOwner)
	for seat := range g.seats {
		ru.idx[seat] = make([]int16, b.N())
		for i := range ru.idx[seat] {
			ru.idx[seat][i] = -1
		}
		for i, cell := range ru.cells[seat] {
			ru.idx[seat][cell] = int16(i)
		}
		ru.maxPath = max(ru.maxPath, len(ru.cells[seat]))
		own := len(g.seatPieces[seat])
		ru.maxPieces = max(ru.maxPieces, own)
		keyBits := own*bits.Len(uint(len(ru.cells[seat])-1)) + nPieces - own
		if keyBits > 64 {
			r.Errorf(p, "%s: seat %q's decisions need %d bits (%d pieces × the bits of its path index, and a bit for each other seat's piece); at most 64",
				p, g.seats[seat], keyBits, own)
			return nil
		}
		ru.bit[seat] = make([]int8, nPieces)
		k := 0
		for pc := 0; pc < nPieces; pc++ {
			if int(g.pieceOwner[pc]) == seat {
				ru.bit[seat][pc] = -1
				continue
			}
			ru.bit[seat][pc] = int8(k)
			k++
		}
	}
	n := (ru.maxPieces/2 + 1) * ru.maxPath
	ru.pk1, ru.pk2 = make([]uint64, n), make([]uint64, n)
	for i := range ru.pk1 {
		ru.pk1[i], ru.pk2[i] = mix(uint64(i)|1<<40), mix(uint64(i)|2<<40)
	}
	ru.dk1, ru.dk2 = make([]uint64, ru.faces+1), make([]uint64, ru.faces+1)
	for i := range ru.dk1 {
		ru.dk1[i], ru.dk2[i] = mix(uint64(i)|3<<40), mix(uint64(i)|4<<40)
	}
	return ru
}

// raceSeat resolves a seat named by a key of start or path: its index, -1
// for a seat not in play (skipped silently), -2 for an unknown one
// (reported).
func (c *compiler) raceSeat(path, name string) int {
	if c.absentSeats[name] {
		return -1
	}
	for i, s := range c.g.seats {
		if s == name {
			return i
		}
	}
	c.r.Errorf(path, "%s: unknown seat %q (seats: %s)", path, name, strings.Join(c.g.seats, ", "))
	return -2
}

// raceRun reads one item of a path: a cell name, or "FROM..TO", the cells
// named PREFIX+number from FROM's number to TO's (either way).
func raceRun(g *Game, item string) ([]int32, string) {
	from, to, isRun := strings.Cut(item, "..")
	if !isRun {
		cell, ok := g.board.Index(item)
		if !ok {
			return nil, fmt.Sprintf("unknown cell %q", item)
		}
		return []int32{int32(cell)}, ""
	}
	split := func(s string) (string, int, bool) {
		i := len(s)
		for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			i--
		}
		n, err := strconv.Atoi(s[i:])
		return s[:i], n, err == nil
	}
	pa, a, ok1 := split(from)
	pb, z, ok2 := split(to)
	if !ok1 || !ok2 || pa != pb {
		return nil, fmt.Sprintf("%q: a run is FROM..TO with one prefix and numbers (t5..t68)", item)
	}
	step := 1
	if z < a {
		step = -1
	}
	var out []int32
	for n := a; ; n += step {
		name := pa + strconv.Itoa(n)
		cell, ok := g.board.Index(name)
		if !ok {
			return nil, fmt.Sprintf("%q: unknown cell %q", item, name)
		}
		out = append(out, int32(cell))
		if n == z {
			return out, ""
		}
	}
}

// ---- the decisions of a throw ------------------------------------------------

// step kinds of a decision
const (
	raceDie     = iota // a die's count moves a piece on its path
	raceEnter          // a die showing enter brings a piece in
	raceSum            // two dice totalling enter bring a piece in
	raceBonus          // a bonus count moves a piece
	racePenalty        // the penalty: a piece goes back to its start
)

// raceStep is one use of a count: the piece at path index from goes to to,
// taking victim (a piece id, or -1).
type raceStep struct {
	kind     int8
	slot     int8
	from, to int16
	n        int16
	victim   int16
}

// raceDec is one decision: its key (the resulting position), the dice it
// uses and its steps, work.steps[s0:s1] (the first sequence found that
// reaches it with that many dice).
type raceDec struct {
	key    uint64
	dice   int8
	legal  bool // kept by finish
	s0, s1 int32
}

// raceWork is a State's working space for race moves (not the position):
// the decisions of the position it last generated for, and the walk's
// buffers, reused from move to move.
type raceWork struct {
	// the position the list is for
	valid bool
	rule  int
	hash  uint64
	ply   int32
	throw [3]int32
	dec   []raceDec
	steps []raceStep
	order []int32 // dec indices sorted by key
	// the walk
	mover      int
	L          int
	cur, orig  []int16 // per slot: path index now, and at the start
	tag        []int16 // per slot: the index of the block it stood in at the start, or -1
	tix        []int32 // per slot: the t of its keys in pk1/pk2 (t·maxPath)
	hp1, hp2   uint64  // the sums of the pieces' keys
	ownCnt     []int8  // per path index: the mover's pieces there
	enemyN     []int8  // per path index: other seats' pieces
	enemyP     []int16 // per path index: the lone other piece there, or -1
	enemyBlock []bool  // per path index: another seat has a block there
	dice       [4]int16
	used       [4]bool
	nd         int
	bonus      []int16
	seq        []raceStep
	captured   uint64
	// keys seen: open addressing, key → dec index; an entry is in use
	// when its setGen is gen (a new walk forgets them all by a new gen,
	// without clearing the tables)
	setKeys []uint64
	setVals []int32
	setGen  []uint32
	sortBuf []int16
	// states of the walk met: open addressing by hash, with a second hash
	// to check, and the walk's answer there; in use when memoGen is gen
	memoKeys, memoChk []uint64
	memoRes           []bool
	memoGen           []uint32
	memoN             int
	gen               uint32
}

func (s *State) raceWork() *raceWork {
	if s.race == nil {
		s.race = &raceWork{}
	}
	return s.race
}

// copyList makes w hold o's decision list (CopyFrom: a copy of a position
// plays its moves without finding them again).
func (w *raceWork) copyList(o *raceWork) {
	w.valid, w.rule, w.hash, w.ply, w.throw = o.valid, o.rule, o.hash, o.ply, o.throw
	w.mover, w.L = o.mover, o.L
	w.dec = append(w.dec[:0], o.dec...)
	w.steps = append(w.steps[:0], o.steps...)
	w.order = append(w.order[:0], o.order...)
}

// throw returns the dice of the throw to use and the number of doubles in a
// row it makes.
func (r *raceRule) throw(s *State) (a, b, run int, ok bool) {
	if r.ev < 0 || r.ev >= len(s.g.chance) {
		return 0, 0, 0, false
	}
	d, isDice := s.g.chance[r.ev].(raceDice)
	if !isDice {
		return 0, 0, 0, false
	}
	a = d.die(s, 0)
	if a == 0 {
		return 0, 0, 0, false // no throw yet
	}
	b = -1
	if r.count == 2 {
		b = d.die(s, 1)
	}
	return a, b, d.run(s), true
}

// raceDice is what a race reads of its dice event: die k (0-based, high
// first) of the last throw, and the doubles thrown in a row by the seat to
// move, that throw included.
type raceDice interface {
	die(s *State, k int) int
	run(s *State) int
}

func (r *raceRule) gen(s *State, out []Move) []Move {
	w := r.decisions(s)
	if w == nil {
		return out
	}
	for _, k := range w.order {
		d := &w.dec[k]
		from, to := -1, -1
		if d.s1 > d.s0 {
			st := w.steps[d.s0]
			from = int(r.cells[w.mover][st.from])
			last := w.steps[d.s1-1]
			to = int(r.cells[w.mover][last.to])
		}
		out = append(out, mkMove(r.index, from, to, int(k)))
	}
	return out
}

// decisions returns the working space holding the decisions of s (found
// again only when s is not the position they were found for), or nil
// when there is no throw to use.
func (r *raceRule) decisions(s *State) *raceWork {
	a, b, run, ok := r.throw(s)
	if !ok {
		return nil
	}
	w := s.raceWork()
	if w.valid && w.rule == r.index && w.hash == s.Hash() && w.ply == s.buf[hPly] &&
		w.throw == [3]int32{int32(a), int32(b), int32(run)} {
		return w
	}
	r.find(s, w, a, b, run)
	w.valid, w.rule, w.hash, w.ply = true, r.index, s.Hash(), s.buf[hPly]
	w.throw = [3]int32{int32(a), int32(b), int32(run)}
	return w
}

// find fills w with the decisions of the seat to move in s for the throw
// a-b, the run-th doubles in a row.
func (r *raceRule) find(s *State, w *raceWork, a, b, run int) {
	g := s.g
	mover := s.ToMove()
	path := r.cells[mover]
	L := len(path) - 1
	mine := g.seatPieces[mover]
	w.mover, w.L = mover, L
	w.dec, w.steps, w.order, w.bonus, w.seq = w.dec[:0], w.steps[:0], w.order[:0], w.bonus[:0], w.seq[:0]
	w.captured = 0
	if cap(w.ownCnt) < L+1 {
		w.ownCnt = make([]int8, r.maxPath)
		w.enemyN = make([]int8, r.maxPath)
		w.enemyP = make([]int16, r.maxPath)
		w.enemyBlock = make([]bool, r.maxPath)
	}
	w.ownCnt, w.enemyN, w.enemyP, w.enemyBlock = w.ownCnt[:L+1], w.enemyN[:L+1], w.enemyP[:L+1], w.enemyBlock[:L+1]
	if cap(w.cur) < len(mine) {
		w.cur = make([]int16, r.maxPieces)
		w.orig = make([]int16, r.maxPieces)
		w.tag = make([]int16, r.maxPieces)
		w.tix = make([]int32, r.maxPieces)
		w.sortBuf = make([]int16, r.maxPieces)
	}
	w.cur, w.orig, w.tag = w.cur[:0], w.orig[:0], w.tag[:0]
	for i := range w.ownCnt {
		w.ownCnt[i], w.enemyN[i], w.enemyP[i], w.enemyBlock[i] = 0, 0, -1, false
	}
	idx := r.idx[mover]
	for _, pc := range mine {
		cell := s.PieceCell(int(pc))
		if cell < 0 || idx[cell] < 0 {
			continue // off the path: not moved by this rule
		}
		i := idx[cell]
		w.cur = append(w.cur, i)
		w.orig = append(w.orig, i)
		w.ownCnt[i]++
	}
	w.tag, w.tix = w.tag[:len(w.cur)], w.tix[:len(w.cur)]
	blocks := int32(0)
	w.hp1, w.hp2 = 0, 0
	for k, i := range w.cur {
		w.tag[k], w.tix[k] = -1, 0
		if i > 0 && int(i) < L && w.ownCnt[i] >= 2 {
			w.tag[k] = i // it stands in a block
			w.tix[k] = -1
			for j := 0; j < k; j++ {
				if w.tag[j] == i {
					w.tix[k] = w.tix[j]
				}
			}
			if w.tix[k] < 0 {
				blocks++
				w.tix[k] = blocks * int32(r.maxPath)
			}
		}
		w.hp1 += r.pk1[w.tix[k]+int32(i)]
		w.hp2 += r.pk2[w.tix[k]+int32(i)]
	}
	// other seats' pieces along the path (the goal excepted: it holds any)
	for i := 1; i < L; i++ {
		cell := int(path[i])
		var perSeat [8]int8
		for pc := s.Top(cell); pc >= 0; pc = s.Below(pc) {
			o := int(g.pieceOwner[pc])
			if o == mover {
				continue
			}
			w.enemyN[i]++
			w.enemyP[i] = int16(pc)
			if o >= 0 && o < len(perSeat) {
				perSeat[o]++
				if r.block > 0 && int(perSeat[o]) >= r.block {
					w.enemyBlock[i] = true
				}
			}
		}
		if w.enemyN[i] != 1 {
			w.enemyP[i] = -1
		}
	}
	w.setReset(16)
	w.memoReset()
	// the penalty of the run-th doubles in a row
	if r.penaltyRun > 0 && run >= r.penaltyRun {
		best := -1
		for k, i := range w.cur {
			if i > 0 && int(i) < L && (best < 0 || i > w.cur[best]) {
				best = k
			}
		}
		if best >= 0 {
			w.seq = append(w.seq, raceStep{kind: racePenalty, slot: int8(best), from: w.cur[best], to: 0, victim: -1})
			w.cur[best] = 0
		}
		r.record(w, 0)
		w.finish(r, 0)
		return
	}
	// the counts
	w.nd = 0
	whole := false
	switch {
	case b < 0:
		w.dice[0], w.nd = int16(a), 1 // one die
	case a != b:
		w.dice[0], w.dice[1], w.nd = int16(a), int16(b), 2
	case r.topBottom && w.ownCnt[0] == 0:
		o := int16(r.faces + 1 - a)
		w.dice[0], w.dice[1], w.dice[2], w.dice[3], w.nd = int16(a), int16(a), o, o, 4
		whole = r.whole
	default:
		w.dice[0], w.dice[1], w.nd = int16(a), int16(a), 2
	}
	for k := range w.used {
		w.used[k] = false
	}
	// two dice totalling enter bring a piece in, and must when they can
	if r.enterTotal && w.nd == 2 && a != b && a+b == r.enter && w.ownCnt[0] > 0 {
		if to, victim, ok := r.target(w, 0, r.enter, true); ok {
			k := w.slotAt(0)
			w.used[0], w.used[1] = true, true
			r.apply(w, raceStep{kind: raceSum, slot: int8(k), from: 0, to: int16(to), n: int16(r.enter), victim: int16(victim)})
			r.walk(w)
			w.finish(r, 0)
			return
		}
	}
	r.walk(w)
	need := 0
	if whole {
		need = 4
	}
	w.finish(r, need)
}

// slotAt returns a slot standing at path index i.
func (w *raceWork) slotAt(i int16) int {
	for k, x := range w.cur {
		if x == i {
			return k
		}
	}
	return -1
}

// target returns where a piece at path index from goes with count n, and
// the piece it takes there (-1 for none), or false when the step is not
// allowed. enter: n brings a piece in from its start (from = 0).
func (r *raceRule) target(w *raceWork, from, n int, enter bool) (int, int, bool) {
	L := w.L
	var to int
	switch {
	case from == 0:
		if !enter {
			return 0, 0, false
		}
		to = 1
	case from >= L:
		return 0, 0, false
	default:
		to = from + n
		if to > L {
			if r.exact {
				return 0, 0, false
			}
			to = L
		}
		if r.block > 0 {
			for z := from + 1; z < to; z++ {
				if w.enemyBlock[z] || int(w.ownCnt[z]) >= r.block {
					return 0, 0, false
				}
			}
		}
	}
	if to == L {
		return to, -1, true
	}
	own := int(w.ownCnt[to])
	if own >= r.stack || (r.block > 0 && own >= r.block) {
		return 0, 0, false
	}
	switch e := w.enemyN[to]; {
	case e == 0:
		return to, -1, true
	case e >= 2 || w.enemyBlock[to] || !r.capture:
		return 0, 0, false
	case r.safe[r.cells[w.mover][to]] && !(from == 0 && r.enterCapture):
		return 0, 0, false
	}
	return to, int(w.enemyP[to]), true
}

// apply plays a step on the walk's copy.
func (r *raceRule) apply(w *raceWork, st raceStep) {
	k := int(st.slot)
	t := w.tix[k]
	w.hp1 += r.pk1[t+int32(st.to)] - r.pk1[t+int32(w.cur[k])]
	w.hp2 += r.pk2[t+int32(st.to)] - r.pk2[t+int32(w.cur[k])]
	w.ownCnt[w.cur[k]]--
	w.cur[k] = st.to
	w.ownCnt[st.to]++
	if st.victim >= 0 {
		w.enemyN[st.to] = 0
		w.captured |= 1 << uint(r.bit[w.mover][st.victim])
		if r.captureBonus > 0 {
			w.bonus = append(w.bonus, int16(r.captureBonus))
		}
	}
	if int(st.to) == w.L && r.goalBonus > 0 {
		w.bonus = append(w.bonus, int16(r.goalBonus))
	}
	w.seq = append(w.seq, st)
}

// unapply takes the last step back (its bonus, when it earned one, was
// used or is the last pending one: the walk pushes and pops in order).
func (r *raceRule) unapply(w *raceWork) {
	st := w.seq[len(w.seq)-1]
	w.seq = w.seq[:len(w.seq)-1]
	k := int(st.slot)
	t := w.tix[k]
	w.hp1 += r.pk1[t+int32(st.from)] - r.pk1[t+int32(st.to)]
	w.hp2 += r.pk2[t+int32(st.from)] - r.pk2[t+int32(st.to)]
	if int(st.to) == w.L && r.goalBonus > 0 {
		w.bonus = w.bonus[:len(w.bonus)-1]
	}
	if st.victim >= 0 {
		if r.captureBonus > 0 {
			w.bonus = w.bonus[:len(w.bonus)-1]
		}
		w.enemyN[st.to] = 1
		w.captured &^= 1 << uint(r.bit[w.mover][st.victim])
	}
	w.ownCnt[st.to]--
	w.cur[k] = st.from
	w.ownCnt[st.from]++
}

// twin reports whether an earlier slot than k is interchangeable with it:
// the same place now and the same block at the start.
func (w *raceWork) twin(k int) bool {
	for j := 0; j < k; j++ {
		if w.cur[j] == w.cur[k] && w.tag[j] == w.tag[k] {
			return true
		}
	}
	return false
}

// walk tries every next use of a count; it reports whether a sequence
// from here (this one included) may end here or further on (keep_apart),
// and records the sequences that end: those no count can extend, or, when
// every extension ends with a block moved together, this one.
func (r *raceRule) walk(w *raceWork) bool {
	// a state met before (by another order of the same steps) has the
	// same continuations, already recorded
	h1, h2 := r.stateHash(w)
	if res, ok := w.memoFind(h1, h2); ok {
		return res
	}
	res := r.walkFrom(w)
	w.memoAdd(h1, h2, res)
	return res
}

// walkFrom is walk on a state not met before.
func (r *raceRule) walkFrom(w *raceWork) bool {
	extended, below := false, false
	waiting := w.ownCnt[0] > 0
	// the dice
	for d := 0; d < w.nd; d++ {
		if w.used[d] || w.sameDieBefore(d) {
			continue
		}
		n := int(w.dice[d])
		onlyEnter := r.enterOnly && waiting && n == r.enter
		for k := range w.cur {
			if w.twin(k) {
				continue
			}
			from := int(w.cur[k])
			enter := from == 0 && n == r.enter
			if onlyEnter && !enter {
				continue
			}
			to, victim, ok := r.target(w, from, n, enter)
			if !ok {
				continue
			}
			kind := int8(raceDie)
			if enter {
				kind = raceEnter
			}
			w.used[d] = true
			r.apply(w, raceStep{kind: kind, slot: int8(k), from: int16(from), to: int16(to), n: int16(n), victim: int16(victim)})
			extended = true
			if r.walk(w) {
				below = true
			}
			r.unapply(w)
			w.used[d] = false
		}
	}
	// the bonuses
	for bi := 0; bi < len(w.bonus); bi++ {
		n := int(w.bonus[bi])
		dup := false
		for j := 0; j < bi; j++ {
			dup = dup || int(w.bonus[j]) == n
		}
		if dup {
			continue
		}
		for k := range w.cur {
			if w.twin(k) || w.cur[k] == 0 {
				continue
			}
			to, victim, ok := r.target(w, int(w.cur[k]), n, false)
			if !ok {
				continue
			}
			// take the bonus out (keep the order of the others)
			copy(w.bonus[bi:], w.bonus[bi+1:])
			w.bonus = w.bonus[:len(w.bonus)-1]
			r.apply(w, raceStep{kind: raceBonus, slot: int8(k), from: w.cur[k], to: int16(to), n: int16(n), victim: int16(victim)})
			extended = true
			if r.walk(w) {
				below = true
			}
			r.unapply(w)
			w.bonus = append(w.bonus, 0)
			copy(w.bonus[bi+1:], w.bonus[bi:])
			w.bonus[bi] = int16(n)
		}
	}
	_ = extended
	self := !r.keepApart || w.apart()
	if self && !below {
		dice := 0
		for d := 0; d < w.nd; d++ {
			if w.used[d] {
				dice++
			}
		}
		r.record(w, dice)
	}
	return below || self
}

// stateHash returns two independent hashes of the walk's state: the
// pieces (twins in any order: a sum of keys, kept by apply and unapply),
// the dice left and the bonuses pending (multisets: sums of keys) and the
// pieces taken.
func (r *raceRule) stateHash(w *raceWork) (uint64, uint64) {
	h1, h2 := w.hp1, w.hp2
	for d := 0; d < w.nd; d++ {
		if !w.used[d] {
			h1 += r.dk1[w.dice[d]]
			h2 += r.dk2[w.dice[d]]
		}
	}
	for _, v := range w.bonus {
		h1 += mix(uint64(v) | 5<<40)
		h2 += mix(uint64(v) | 6<<40)
	}
	return mix(h1 ^ w.captured*0x9e3779b97f4a7c15), mix(h2 + w.captured*0xff51afd7ed558ccd)
}

// memoReset forgets the walk's states (the tables are kept: a new walk
// has a new gen).
func (w *raceWork) memoReset() {
	if len(w.memoKeys) == 0 {
		w.memoKeys = make([]uint64, 256)
		w.memoChk = make([]uint64, 256)
		w.memoRes = make([]bool, 256)
		w.memoGen = make([]uint32, 256)
	}
	w.memoN = 0
}

// newGen starts a walk: the entries of the set of decisions and of the
// memo written before are no longer in use.
func (w *raceWork) newGen() {
	w.gen++
	if w.gen == 0 { // wrapped: the old stamps could match again
		clear(w.setGen)
		clear(w.memoGen)
		w.gen = 1
	}
}

func (w *raceWork) memoFind(h1, h2 uint64) (bool, bool) {
	mask := uint64(len(w.memoKeys) - 1)
	for i := h1 & mask; w.memoGen[i] == w.gen; i = (i + 1) & mask {
		if w.memoKeys[i] == h1 && w.memoChk[i] == h2 {
			return w.memoRes[i], true
		}
	}
	return false, false
}

func (w *raceWork) memoAdd(h1, h2 uint64, res bool) {
	if 2*(w.memoN+1) > len(w.memoKeys) {
		keys, chk, rs, gens := w.memoKeys, w.memoChk, w.memoRes, w.memoGen
		n := 2 * len(keys)
		w.memoKeys, w.memoChk, w.memoRes, w.memoGen = make([]uint64, n), make([]uint64, n), make([]bool, n), make([]uint32, n)
		w.memoN = 0
		for i, k := range keys {
			if gens[i] == w.gen {
				w.memoPut(k, chk[i], rs[i])
			}
		}
	}
	w.memoPut(h1, h2, res)
}

func (w *raceWork) memoPut(h1, h2 uint64, res bool) {
	mask := uint64(len(w.memoKeys) - 1)
	i := h1 & mask
	for w.memoGen[i] == w.gen {
		i = (i + 1) & mask
	}
	w.memoKeys[i], w.memoChk[i], w.memoRes[i], w.memoGen[i] = h1, h2, res, w.gen
	w.memoN++
}

// sameDieBefore reports whether an unused die before d shows d's number.
func (w *raceWork) sameDieBefore(d int) bool {
	for j := 0; j < d; j++ {
		if !w.used[j] && w.dice[j] == w.dice[d] {
			return true
		}
	}
	return false
}

// apart reports whether no two pieces that formed a block at the start
// have both moved and stand together off the goal (keep_apart).
func (w *raceWork) apart() bool {
	for i := range w.cur {
		if w.tag[i] < 0 || w.cur[i] == w.tag[i] || int(w.cur[i]) == w.L {
			continue
		}
		for j := i + 1; j < len(w.cur); j++ {
			if w.tag[j] == w.tag[i] && w.cur[j] == w.cur[i] {
				return false
			}
		}
	}
	return true
}

// key is the resulting position: the mover's pieces' path indices in
// increasing order, then the mask of the pieces taken.
func (r *raceRule) key(w *raceWork) uint64 {
	b := uint(bits.Len(uint(w.L)))
	sb := w.sortBuf[:len(w.cur)]
	copy(sb, w.cur)
	for i := 1; i < len(sb); i++ {
		for j := i; j > 0 && sb[j] < sb[j-1]; j-- {
			sb[j], sb[j-1] = sb[j-1], sb[j]
		}
	}
	var k uint64
	for _, x := range sb {
		k = k<<b | uint64(x)
	}
	return k | w.captured<<(b*uint(len(sb)))
}

// record notes that the current sequence ends, using dice dice counts: a
// new decision, or a better sequence (more dice) for a known one.
func (r *raceRule) record(w *raceWork, dice int) {
	key := r.key(w)
	at := w.setFind(key)
	if at >= 0 {
		d := &w.dec[at]
		if int(d.dice) >= dice {
			return
		}
		d.dice = int8(dice)
		d.s0 = int32(len(w.steps))
		w.steps = append(w.steps, w.seq...)
		d.s1 = int32(len(w.steps))
		return
	}
	s0 := int32(len(w.steps))
	w.steps = append(w.steps, w.seq...)
	w.dec = append(w.dec, raceDec{key: key, dice: int8(dice), s0: s0, s1: int32(len(w.steps))})
	w.setAdd(key, int32(len(w.dec)-1))
}

// finish keeps the decisions that use the most dice (most_dice) and at
// least need of them, or the empty decision when none is left, and sorts
// them by key into order.
func (w *raceWork) finish(r *raceRule, need int) {
	most := 0
	for _, d := range w.dec {
		most = max(most, int(d.dice))
	}
	for k, d := range w.dec {
		if int(d.dice) < need || (r.mostDice && int(d.dice) < most) {
			continue
		}
		w.dec[k].legal = true
		w.order = append(w.order, int32(k))
	}
	if len(w.order) == 0 {
		// nothing can be used: the one decision is to leave everything
		// as it is; it is recorded as the empty sequence
		for k := range w.cur {
			w.cur[k] = w.orig[k]
		}
		w.captured = 0
		w.seq = w.seq[:0]
		key := r.key(w)
		w.dec = append(w.dec, raceDec{key: key, legal: true, s0: int32(len(w.steps)), s1: int32(len(w.steps))})
		w.order = append(w.order, int32(len(w.dec)-1))
		return
	}
	dec := w.dec
	slices.SortFunc(w.order, func(a, b int32) int { return cmp.Compare(dec[a].key, dec[b].key) })
}

// setReset starts a new walk's set of decisions (and memo: newGen), with
// room for n.
func (w *raceWork) setReset(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	if len(w.setKeys) < size {
		w.setKeys = make([]uint64, size)
		w.setVals = make([]int32, size)
		w.setGen = make([]uint32, size)
	}
	w.newGen()
}

func (w *raceWork) setFind(key uint64) int {
	mask := uint64(len(w.setKeys) - 1)
	for h := mix(key) & mask; w.setGen[h] == w.gen; h = (h + 1) & mask {
		if w.setKeys[h] == key {
			return int(w.setVals[h])
		}
	}
	return -1
}

func (w *raceWork) setAdd(key uint64, v int32) {
	if 2*(len(w.dec)+1) > len(w.setKeys) {
		// grow: re-insert every decision
		n := 2 * len(w.setKeys)
		w.setKeys = make([]uint64, n)
		w.setVals = make([]int32, n)
		w.setGen = make([]uint32, n)
		for i, d := range w.dec[:len(w.dec)-1] {
			w.setPut(d.key, int32(i))
		}
	}
	w.setPut(key, v)
}

func (w *raceWork) setPut(key uint64, v int32) {
	mask := uint64(len(w.setKeys) - 1)
	h := mix(key) & mask
	for w.setGen[h] == w.gen {
		h = (h + 1) & mask
	}
	w.setKeys[h], w.setVals[h], w.setGen[h] = key, v, w.gen
}

// ---- play, notation ----------------------------------------------------------

// decision returns the working space and the decision m names in s.
func (r *raceRule) decision(s *State, m Move) (*raceWork, *raceDec, error) {
	w := r.decisions(s)
	if w == nil {
		return nil, nil, fmt.Errorf("rule %s: no throw to use", r.name)
	}
	k := m.Aux()
	if k < 0 || k >= len(w.dec) || !w.dec[k].legal {
		return nil, nil, fmt.Errorf("rule %s: move %#x names no decision of this position", r.name, uint64(m))
	}
	return w, &w.dec[k], nil
}

func (r *raceRule) play(s *State, m Move) error {
	w, d, err := r.decision(s, m)
	if err != nil {
		return err
	}
	path := r.cells[w.mover]
	for _, st := range w.steps[d.s0:d.s1] {
		if st.victim >= 0 {
			v := int(st.victim)
			owner := int(s.g.pieceOwner[v])
			s.moveStack(int(path[st.to]), int(r.cells[owner][0]), 1)
		}
		s.moveStack(int(path[st.from]), int(path[st.to]), 1)
	}
	// the list is for the position before the move
	w.valid = false
	return nil
}

func (r *raceRule) format(s *State, m Move) string {
	w, d, err := r.decision(s, m)
	if err != nil {
		return "?"
	}
	return r.formatSteps(s.g, w.mover, w.steps[d.s0:d.s1])
}

// formatSteps writes a sequence in the readings' notation: "E, t5+3",
// "t40+6x, t46+20", "t40-startA" (a penalty), "-" (nothing used).
func (r *raceRule) formatSteps(g *Game, mover int, steps []raceStep) string {
	if len(steps) == 0 {
		return "-"
	}
	var b strings.Builder
	path := r.cells[mover]
	for i, st := range steps {
		if i > 0 {
			b.WriteString(", ")
		}
		switch st.kind {
		case raceEnter, raceSum:
			b.WriteString("E")
		case racePenalty:
			b.WriteString(g.board.Cells[path[st.from]].Name)
			b.WriteString("-")
			b.WriteString(g.board.Cells[path[0]].Name)
		default:
			b.WriteString(g.board.Cells[path[st.from]].Name)
			b.WriteString("+")
			b.WriteString(strconv.Itoa(int(st.n)))
		}
		if st.victim >= 0 {
			b.WriteString("x")
		}
	}
	return b.String()
}

// accepts takes any legal sequence of steps that reaches m's position: two
// sequences reaching the same position are the same decision.
func (r *raceRule) accepts(s *State, m Move, text string) bool {
	w, d, err := r.decision(s, m)
	if err != nil {
		return false
	}
	key, _, ok := r.simulate(s, w, text)
	return ok && key == d.key
}

// simulate plays the steps written in text from s on a copy of the
// mover's pieces, each step by the rules of a single step, and returns the
// key of the position reached, or why a step cannot be made. It leaves w's
// decision list as it was (the walk's buffers are reset).
func (r *raceRule) simulate(s *State, w *raceWork, text string) (uint64, string, bool) {
	g := s.g
	a, b, run, _ := r.throw(s)
	// rebuild the walk's copy of the position (find refills the buffers;
	// keep the decisions by finding them again afterwards)
	defer func() { w.valid = false; r.decisions(s) }()
	r.find(s, w, a, b, run)
	for k := range w.cur {
		w.cur[k] = w.orig[k]
	}
	for i := range w.ownCnt {
		w.ownCnt[i] = 0
	}
	for _, x := range w.cur {
		w.ownCnt[x]++
	}
	w.captured, w.bonus, w.seq = 0, w.bonus[:0], w.seq[:0]
	for i := 1; i < w.L; i++ {
		cell := int(r.cells[w.mover][i])
		n := 0
		for pc := s.Top(cell); pc >= 0; pc = s.Below(pc) {
			if int(g.pieceOwner[pc]) != w.mover {
				n++
			}
		}
		w.enemyN[i] = int8(n)
	}
	for k := range w.used {
		w.used[k] = false
	}
	t := strings.TrimSpace(text)
	if t == "-" {
		return r.key(w), "", true
	}
	// the counts of the throw (as find set them)
	path := r.cells[w.mover]
	for _, item := range strings.Split(t, ",") {
		item = strings.TrimSpace(item)
		capture := strings.HasSuffix(strings.ToLower(item), "x")
		if capture {
			item = item[:len(item)-1]
		}
		if strings.EqualFold(item, "E") {
			k := w.slotAt(0)
			if k < 0 {
				return 0, "no piece waits to enter", false
			}
			d := -1
			for j := 0; j < w.nd; j++ {
				if !w.used[j] && int(w.dice[j]) == r.enter {
					d = j
					break
				}
			}
			kind := int8(raceEnter)
			if d < 0 {
				if r.enterTotal && w.nd == 2 && len(w.seq) == 0 && w.dice[0] != w.dice[1] && int(w.dice[0]+w.dice[1]) == r.enter {
					kind = raceSum
				} else {
					return 0, fmt.Sprintf("E: no die left showing %d", r.enter), false
				}
			}
			to, victim, ok := r.target(w, 0, r.enter, true)
			if !ok {
				return 0, fmt.Sprintf("E: no piece may enter on %s", g.board.Cells[path[1]].Name), false
			}
			if capture != (victim >= 0) {
				return 0, "E: the capture mark x is wrong", false
			}
			if kind == raceSum {
				w.used[0], w.used[1] = true, true
			} else {
				w.used[d] = true
			}
			r.apply(w, raceStep{kind: kind, slot: int8(k), to: int16(to), n: int16(r.enter), victim: int16(victim)})
			continue
		}
		cellName, ns, ok := strings.Cut(item, "+")
		n, err := strconv.Atoi(ns)
		if !ok || err != nil || n <= 0 {
			return 0, fmt.Sprintf("%q: write a step as E or CELL+COUNT (t5+3), a capture with x after it", item), false
		}
		cell, ok := lookupCell(g, cellName)
		if !ok || r.idx[w.mover][cell] < 0 {
			return 0, fmt.Sprintf("%s: not a cell of %s's path", cellName, g.seats[w.mover]), false
		}
		from := r.idx[w.mover][cell]
		k := w.slotAt(from)
		if k < 0 || from == 0 {
			return 0, fmt.Sprintf("%s: no piece of %s there to move", cellName, g.seats[w.mover]), false
		}
		kind, d, bi := int8(raceDie), -1, -1
		for j := 0; j < w.nd; j++ {
			if !w.used[j] && int(w.dice[j]) == n {
				d = j
				break
			}
		}
		if d >= 0 && r.enterOnly && w.ownCnt[0] > 0 && n == r.enter {
			d = -1 // that die may only enter
		}
		if d < 0 {
			for j, x := range w.bonus {
				if int(x) == n {
					bi = j
					break
				}
			}
			if bi < 0 {
				return 0, fmt.Sprintf("%s: no count of %d is left to use", item, n), false
			}
			kind = raceBonus
		}
		to, victim, ok := r.target(w, int(from), n, false)
		if !ok {
			return 0, fmt.Sprintf("%s: the piece may not move %d from %s (a block on the way or at the end, a safe cell, another piece of its own there, or past the goal)", item, n, cellName), false
		}
		if capture != (victim >= 0) {
			return 0, fmt.Sprintf("%s: the capture mark x is wrong", item), false
		}
		if kind == raceBonus {
			copy(w.bonus[bi:], w.bonus[bi+1:])
			w.bonus = w.bonus[:len(w.bonus)-1]
		} else {
			w.used[d] = true
		}
		r.apply(w, raceStep{kind: kind, slot: int8(k), from: from, to: int16(to), n: int16(n), victim: int16(victim)})
	}
	return r.key(w), "", true
}

func (r *raceRule) explain(s *State, text string) (string, bool) {
	w := r.decisions(s)
	if w == nil {
		return "", false
	}
	if _, why, ok := r.simulate(s, w, text); !ok {
		return why, true
	}
	return "the sequence is legal step by step but is not a whole use of the throw: it must go on while a count can be used, use the most dice that can be used, and not move a block together", true
}

// noteShape: a decision is written as its steps, which no other form
// writes; two decisions of one position are never written alike (the steps
// decide the position reached). Two race rules in one phase are left to
// sampling (their steps are not listed).
func (r *raceRule) noteShape(g *Game) (noteShape, bool) {
	return noteShape{form: formSteps, reach: func(func(from, to int)) bool { return false }}, true
}
