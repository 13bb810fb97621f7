package core_test

// An independent model of Pachisi as shared/rules/traditional-readings.md,
// section 7 (PACHISI) fixes it: the commercial Parcheesi, two dice, 2 to 4
// players. It is written from the readings alone and shares no code with
// the engine: pawns are located by board cell (tN, a home path space,
// HOME or START), every pawn is moved by its own identity (no symmetry is
// used), and a decision's resulting position is a canonical string. It
// proves the engine's decisions on many positions and throws, and the
// chance perft goldens CP(d) and E(d) of readings 7.9.

import (
	"fmt"
	"math/big"
	"math/bits"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"rulesmith/core"
)

// pm locations: pmStart, a track space 1..68 (tN), pmPath+k (the seat's
// home path space k, 1..7), pmHome.
const (
	pmStart = -1
	pmPath  = 100
	pmHome  = 200
)

// pmSeat is a seat of the cross: its entering space and its arm's end
// (readings 7.2, the table).
type pmSeat struct {
	name        string
	entry, last int
}

var pmSeats = []pmSeat{{"A", 5, 68}, {"B", 56, 51}, {"C", 39, 34}, {"D", 22, 17}}

// safety spaces (readings 7.2)
var pmSafe = map[int]bool{5: true, 12: true, 17: true, 22: true, 29: true, 34: true, 39: true, 46: true, 51: true, 56: true, 63: true, 68: true}

// pmPos is a position at a throw: the seats in play (indices into
// pmSeats), each one's four pawns, the seat to throw and the doubles it
// has thrown in a row this turn.
type pmPos struct {
	seats []int // shared, read only
	pawns [4][4]int
	turn  int // index into seats
	run   int
	over  bool
}

func (p pmPos) clone() pmPos { return p }

func newPM(players int) pmPos {
	seats := map[int][]int{2: {0, 2}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}}[players]
	p := pmPos{seats: seats}
	for i := range seats {
		p.pawns[i] = [4]int{pmStart, pmStart, pmStart, pmStart}
	}
	return p
}

// next returns the space after loc on seat's path.
func pmNext(seat, loc int) int {
	sd := pmSeats[seat]
	switch {
	case loc == sd.last:
		return pmPath + 1
	case loc >= 1 && loc <= 68:
		return loc%68 + 1
	case loc > pmPath && loc < pmPath+7:
		return loc + 1
	case loc == pmPath+7:
		return pmHome
	}
	return -999
}

// who is on a space: the seat index (into p.seats) and count of the pawns
// there (the home path spaces are the seat's own; HOME holds anything).
func (p pmPos) occupants(owner, loc int) (own int, other int, otherSeat int) {
	otherSeat = -1
	for i := range p.seats {
		for _, l := range p.pawns[i] {
			if l != loc {
				continue
			}
			if loc > pmPath && loc < pmHome && i != owner {
				continue // another seat's home path space of the same number
			}
			if i == owner {
				own++
			} else {
				other++
				otherSeat = i
			}
		}
	}
	return
}

// blocked: two pawns of one colour on a track space or a home path space
// (only the owner's pawns are ever on its home path).
func (p pmPos) blocked(owner, loc int) bool {
	if loc == pmHome {
		return false
	}
	for i := range p.seats {
		n := 0
		for _, l := range p.pawns[i] {
			if l == loc && (loc <= 68 || i == owner) {
				n++
			}
		}
		if n >= 2 {
			return true
		}
	}
	return false
}

// pmStep is one step of a decision: the pawn's seat and space before it,
// the count and what happened. Its text is written only for the decisions
// kept (pmStep.text), so the walk formats nothing.
type pmStep struct {
	seat, from, n  int
	enter          bool
	captured, home bool
}

// text writes the step as readings 7.9 does: "E", "t5+3", "t40+6x".
func (st pmStep) text() string {
	t := "E"
	if !st.enter {
		t = pmName(st.seat, st.from) + "+" + strconv.Itoa(st.n)
	}
	if st.captured {
		t += "x"
	}
	return t
}

// move moves pawn k of seat index i by n (readings 7.5); entering when the
// pawn is in START (7.4: the count is then the 5). It returns the new
// position or false.
func (p pmPos) move(i, k, n int, enter bool) (pmPos, pmStep, bool) {
	seat := p.seats[i]
	sd := pmSeats[seat]
	loc := p.pawns[i][k]
	var to int
	if loc == pmStart {
		if !enter {
			return p, pmStep{}, false
		}
		to = sd.entry
	} else {
		if loc == pmHome {
			return p, pmStep{}, false
		}
		cur := loc
		for s := 0; s < n; s++ {
			if cur == pmHome {
				return p, pmStep{}, false // past HOME: exact count only
			}
			cur = pmNext(seat, cur)
			if s < n-1 && p.blocked(i, cur) {
				return p, pmStep{}, false // a block may not be passed
			}
		}
		to = cur
	}
	q := p.clone()
	st := pmStep{seat: seat, from: loc, n: n, enter: loc == pmStart}
	if to == pmHome {
		q.pawns[i][k] = pmHome
		st.home = true
		return q, st, true
	}
	own, other, os := p.occupants(i, to)
	if own >= 2 || (own >= 1 && other >= 1) || other >= 2 {
		return p, pmStep{}, false // a block, or three own pawns
	}
	if other == 1 {
		entryCapture := loc == pmStart // an entering pawn takes on its own entering space
		if pmSafe[to] && !entryCapture {
			return p, pmStep{}, false
		}
		for kk, l := range q.pawns[os] {
			if l == to {
				q.pawns[os][kk] = pmStart
			}
		}
		st.captured = true
	}
	q.pawns[i][k] = to
	return q, st, true
}

func pmName(seat, loc int) string {
	switch {
	case loc == pmStart:
		return "start" + pmSeats[seat].name
	case loc == pmHome:
		return "home"
	case loc > pmPath:
		return fmt.Sprintf("%s%d", pmSeats[seat].name, loc-pmPath)
	}
	return fmt.Sprintf("t%d", loc)
}

// pmKey is the position of the pawns: every seat's pawns, sorted.
type pmKey [4][4]int

func (p pmPos) key() pmKey {
	k := pmKey(p.pawns)
	for i := range p.seats {
		sort.Ints(k[i][:])
	}
	return k
}

func (k pmKey) less(o pmKey) bool {
	for i := range k {
		for j := range k[i] {
			if k[i][j] != o[i][j] {
				return k[i][j] < o[i][j]
			}
		}
	}
	return false
}

// pmDecision is one decision: the position after it and one sequence
// (its steps; written out by text only when a test prints it). A
// third-doubles penalty has no steps, only its penalty text.
type pmDecision struct {
	pos     pmPos
	steps   *pmTrail
	penalty string
}

// text writes the decision as readings 7.9 does: the steps in order, the
// penalty's pawn sent back, or "-".
func (d pmDecision) text() string {
	if d.penalty != "" {
		return d.penalty
	}
	return d.steps.text()
}

// decisions lists the decisions of the seat to move for the throw a-b
// (readings 7.3-7.7), keyed by the resulting position. A third doubles is
// the caller's (pmPlies).
func (p pmPos) decisions(a, b int) []pmDecision {
	i := p.turn
	inStart := 0
	for _, l := range p.pawns[i] {
		if l == pmStart {
			inStart++
		}
	}
	// 7.3 the counts
	dice := []int{a, b}
	fourteen := false
	if a == b && inStart == 0 {
		dice = []int{a, a, 7 - a, 7 - a}
		fourteen = true
	}
	type found struct {
		dice  int
		trail *pmTrail
		pos   pmPos
	}
	best := map[pmKey]found{}
	// blocks at the start of the ply: pawn pairs on one space
	startLoc := p.pawns[i]
	// finalOK: no two pawns that formed a block at the start both moved
	// and stand together anywhere but HOME (7.5, breaking a block)
	finalOK := func(q pmPos) bool {
		for x := 0; x < 4; x++ {
			for y := x + 1; y < 4; y++ {
				if startLoc[x] == startLoc[y] && startLoc[x] != pmStart && startLoc[x] != pmHome &&
					q.pawns[i][x] == q.pawns[i][y] && q.pawns[i][x] != startLoc[x] && q.pawns[i][x] != pmHome {
					return false
				}
			}
		}
		return true
	}
	note := func(q pmPos, used uint8, trail *pmTrail) {
		n := bits.OnesCount8(used)
		k := q.key()
		if f, ok := best[k]; !ok || n > f.dice {
			best[k] = found{n, trail, q}
		}
	}
	// the walk's states already explored (pawns by identity, dice used,
	// bonuses pending): the same state has the same continuations
	type memoKey struct {
		pawns [4][4]uint8 // loc+1: START 0, t1-t68 2-69, path 102-108, HOME 201
		used  uint8
		bonus [8]uint8
	}
	seen := map[memoKey]bool{}
	var rec func(q pmPos, used uint8, bonus pmBonus, trail *pmTrail) bool
	rec = func(q pmPos, used uint8, bonus pmBonus, trail *pmTrail) bool {
		memo := memoKey{used: used}
		for x := range q.pawns {
			for y, l := range q.pawns[x] {
				memo.pawns[x][y] = uint8(l + 1)
			}
		}
		for x := 0; x < bonus.n; x++ {
			memo.bonus[x] = uint8(bonus.v[x])
		}
		if r, ok := seen[memo]; ok {
			return r
		}
		below := false
		waiting := false
		for _, l := range q.pawns[i] {
			waiting = waiting || l == pmStart
		}
		for d := range dice {
			if used&(1<<d) != 0 {
				continue
			}
			for k := 0; k < 4; k++ {
				enter := q.pawns[i][k] == pmStart && dice[d] == 5
				if waiting && dice[d] == 5 && !enter {
					continue // 7.4: while a pawn waits, a 5 may only enter
				}
				r, st, ok := q.move(i, k, dice[d], enter)
				if !ok {
					continue
				}
				if rec(r, used|1<<d, bonus.after(st), &pmTrail{trail, st}) {
					below = true
				}
			}
		}
		for bi := 0; bi < bonus.n; bi++ {
			if bi > 0 && bonus.v[bi] == bonus.v[bi-1] {
				continue // the same bonus again: the same continuations
			}
			for k := 0; k < 4; k++ {
				if q.pawns[i][k] == pmStart {
					continue
				}
				r, st, ok := q.move(i, k, bonus.v[bi], false)
				if !ok {
					continue
				}
				if rec(r, used, bonus.without(bi).after(st), &pmTrail{trail, st}) {
					below = true
				}
			}
		}
		self := finalOK(q)
		if self && !below {
			note(q, used, trail)
		}
		seen[memo] = below || self
		return below || self
	}
	// 7.4: a non-doubles total of 5 with a pawn in START must enter when
	// the entering space allows it, using both dice
	entered := false
	if a != b && a+b == 5 && inStart > 0 {
		for k := 0; k < 4 && !entered; k++ {
			if p.pawns[i][k] != pmStart {
				continue
			}
			if r, st, ok := p.move(i, k, 5, true); ok {
				entered = true
				rec(r, 3, pmBonus{}.after(st), &pmTrail{nil, st})
			}
		}
	}
	if !entered {
		rec(p, 0, pmBonus{}, nil)
	}
	most := 0
	for _, f := range best {
		most = max(most, f.dice)
	}
	var out []pmDecision
	for _, f := range best {
		if f.dice < most || (fourteen && f.dice < 4) {
			continue
		}
		out = append(out, pmDecision{pos: f.pos, steps: f.trail})
	}
	if len(out) == 0 {
		out = append(out, pmDecision{pos: p.clone()})
	}
	sort.Slice(out, func(x, y int) bool { return out[x].pos.key().less(out[y].pos.key()) })
	return out
}

// pmTrail is a decision's steps so far, last first (shared by the walk's
// branches, never copied).
type pmTrail struct {
	prev *pmTrail
	step pmStep
}

// text writes the steps in order, "-" for none.
func (t *pmTrail) text() string {
	var steps []string
	for ; t != nil; t = t.prev {
		steps = append(steps, t.step.text())
	}
	if len(steps) == 0 {
		return "-"
	}
	slices.Reverse(steps)
	return strings.Join(steps, ", ")
}

// pmBonus is the multiset of bonus counts (20, 10) pending, sorted.
type pmBonus struct {
	v [8]int
	n int
}

// after adds the bonuses step st earned (7.5: 20 a capture, 10 a pawn home).
func (b pmBonus) after(st pmStep) pmBonus {
	if st.captured {
		b = b.with(20)
	}
	if st.home {
		b = b.with(10)
	}
	return b
}

func (b pmBonus) with(n int) pmBonus {
	k := b.n
	for k > 0 && b.v[k-1] > n {
		b.v[k] = b.v[k-1]
		k--
	}
	b.v[k] = n
	b.n++
	return b
}

func (b pmBonus) without(i int) pmBonus {
	copy(b.v[i:], b.v[i+1:b.n])
	b.n--
	b.v[b.n] = 0
	return b
}

// pmThrows are the 21 unordered throws with their weights out of 36.
func pmThrows() (out [][3]int) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= a; b++ {
			w := 2
			if a == b {
				w = 1
			}
			out = append(out, [3]int{a, b, w})
		}
	}
	return out
}

// plies returns the positions after each decision of the throw a-b, the
// turn passed on as readings 7.7 says: doubles throw again, the third
// doubles in a row is a penalty and passes the turn.
func (p pmPos) plies(a, b int) []pmDecision {
	i := p.turn
	run := 0
	if a == b {
		run = p.run + 1
	}
	if run == 3 {
		q := p.clone()
		best, text := -1, "-"
		for k, l := range q.pawns[i] {
			if l == pmStart || l == pmHome {
				continue
			}
			if best < 0 || pmProgress(p.seats[i], l) > pmProgress(p.seats[i], q.pawns[i][best]) {
				best = k
			}
		}
		if best >= 0 {
			text = pmName(p.seats[i], q.pawns[i][best]) + "-start" + pmSeats[p.seats[i]].name
			q.pawns[i][best] = pmStart
		}
		q.turn, q.run = (i+1)%len(q.seats), 0
		return []pmDecision{{pos: q, penalty: text}}
	}
	ds := p.decisions(a, b)
	for k := range ds {
		q := &ds[k].pos
		done := true
		for _, l := range q.pawns[i] {
			done = done && l == pmHome
		}
		q.over = done
		if a == b {
			q.turn, q.run = i, run
		} else {
			q.turn, q.run = (i+1)%len(q.seats), 0
		}
	}
	return ds
}

// pmProgress is how far along its path a pawn is: 1 on the entering space,
// 64 on the arm's end, 65-71 the home path, 72 HOME.
func pmProgress(seat, loc int) int {
	sd := pmSeats[seat]
	switch {
	case loc == pmStart:
		return 0
	case loc == pmHome:
		return 72
	case loc > pmPath:
		return 64 + loc - pmPath
	}
	return (loc-sd.entry+68)%68 + 1
}

// pmPerft returns CP(d) and E(d)·36^d (readings 7.9).
func pmPerft(p pmPos, d int) (cp, e uint64) {
	return pmPerftMemo(p, d, map[pmPerftKey][2]uint64{})
}

// pmPerftKey is what the counts below a position depend on: the pawns
// (pawns of a colour interchangeable), the seat to throw, its doubles in a
// row, whether the game is over, and the depth.
type pmPerftKey struct {
	pawns     pmKey
	turn, run int
	over      bool
	d         int
}

// pmPerftMemo is pmPerft with the counts of the positions met again (by
// another order of the same throws and decisions) remembered.
func pmPerftMemo(p pmPos, d int, memo map[pmPerftKey][2]uint64) (cp, e uint64) {
	if d == 0 {
		return 1, 1
	}
	if p.over {
		return 0, 0
	}
	k := pmPerftKey{p.key(), p.turn, p.run, p.over, d}
	if r, ok := memo[k]; ok {
		return r[0], r[1]
	}
	for _, t := range pmThrows() {
		for _, q := range p.plies(t[0], t[1]) {
			c, w := pmPerftMemo(q.pos, d-1, memo)
			cp += c
			e += uint64(t[2]) * w
		}
	}
	// a throw unused at depth d-1 still weighs: E sums weight × E(child),
	// scaled by 36^(d-1) in w
	memo[k] = [2]uint64{cp, e}
	return cp, e
}

// pmMidgame is testdata/positions/pachisi-midgame.toml, written out by hand.
func pmMidgame() pmPos {
	p := newPM(4)
	p.pawns[0] = [4]int{60, 20, 20, pmStart}
	p.pawns[1] = [4]int{8, 50, pmPath + 6, pmHome}
	p.pawns[2] = [4]int{30, 30, 45, pmStart}
	p.pawns[3] = [4]int{13, 67, pmStart, pmStart}
	return p
}

// pmGolden checks a chance perft golden (lines "depth D: CP (expected
// E)") against the model, and against the engine's ChancePerft from s for
// the depths whose CP is at most engineMax; the model is run for the depths
// whose CP is at most modelMax.
func pmGolden(t *testing.T, path string, p pmPos, g *core.Game, s *core.State, modelMax, engineMax uint64) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var d int
		var cp uint64
		if _, err := fmt.Sscanf(line, "depth %d: %d", &d, &cp); err != nil {
			t.Fatalf("%s: bad line %q", path, line)
		}
		_, ex, ok := strings.Cut(line, "(expected ")
		if !ok {
			t.Fatalf("%s: bad line %q: no expected count", path, line)
		}
		ex = strings.TrimSuffix(ex, ")")
		if _, frac, ok := strings.Cut(ex, " = "); ok {
			ex = frac
		}
		want, ok := new(big.Rat).SetString(ex)
		if !ok {
			t.Fatalf("%s: bad expected count %q", path, ex)
		}
		lines++
		if cp <= modelMax {
			gotCP, w := pmPerft(p, d)
			den := new(big.Int).Exp(big.NewInt(36), big.NewInt(int64(d)), nil)
			gotE := new(big.Rat).SetFrac(new(big.Int).SetUint64(w), den)
			if gotCP != cp || gotE.Cmp(want) != 0 {
				t.Errorf("%s: model depth %d: CP %d E %s; golden CP %d E %s", path, d, gotCP, gotE.RatString(), cp, want.RatString())
			}
		}
		if cp <= engineMax {
			engCP, engE := g.ChancePerft(s, d)
			if engCP != cp || engE.Cmp(want) != 0 {
				t.Errorf("%s: engine depth %d: CP %d E %s; golden CP %d E %s", path, d, engCP, engE.RatString(), cp, want.RatString())
			}
		}
	}
	if lines < 3 {
		t.Fatalf("%s: %d depths", path, lines)
	}
}

// The model reproduces the chance perft goldens, CP and E: from the start
// with four and with two players, and from a middle game (every line,
// the middle game's depth 3 of 969476 sequences included: about 3 s of the
// model). The engine is compared up to 300000 sequences (the start's depth 4
// CP is TestPerftGolden's; the middle game's depth 3 is left to the model,
// the engine having printed it).
func TestPachisiChancePerftModel(t *testing.T) {
	modelMax, engineMax := uint64(1000000), uint64(300000)
	if testing.Short() {
		modelMax, engineMax = 20000, 20000
	}
	g := load(t, "traditional/pachisi")
	pmGolden(t, "../testdata/perft/traditional-pachisi.txt", newPM(4), g, g.NewState(), modelMax, min(engineMax, 20000))
	g = load(t, "traditional/pachisi", "players=2")
	pmGolden(t, "../testdata/perft/pachisi/two-players.txt", newPM(2), g, g.NewState(), modelMax, engineMax)
	g = load(t, "../testdata/positions/pachisi-midgame.toml")
	s := g.NewState()
	if got, want := pachisiModelOf(t, g, s).key(), pmMidgame().key(); got != want {
		t.Fatalf("the midgame file holds %v, the model's copy %v", got, want)
	}
	pmGolden(t, "../testdata/perft/pachisi/midgame.txt", pmMidgame(), g, s, modelMax, engineMax)
}
