package handwritten

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
)

// Pachisi as read in shared/rules/traditional-readings.md, Part 3 section
// 7 (the commercial Parcheesi): two dice, 2 to 4 players each racing four
// pawns round the 68-space track and up a home path of 7 to HOME; blocks,
// safety spaces, captures back to START earning 20, 10 for a pawn home,
// doubles (a, a, 7−a, 7−a once every pawn is entered, all four or none),
// the third doubles in a row a penalty. A ply is a throw then one decision:
// the whole use of the throw, identified by the position it leads to
// (readings 7.6, 7.9).
//
// A pawn is its path index: 0 START, 1 its entering space, … 64 its arm's
// end, 65–71 its home path, 72 HOME. Spaces are numbered 0–67 (t1–t68),
// 68 + 7·seat + k−1 (seat's home path space k), phHome (HOME) and phStart
// (a START, never looked at).

// PachisiMaxPlies bounds a playout (the variant's max_plies).
const PachisiMaxPlies = 5000

const (
	phGoal   = 72 // HOME's path index
	phHome   = 96 // HOME's space
	phStart  = 97 // the space of a pawn in START
	phSpaces = 98
)

var (
	phEntry = [4]int{5, 56, 39, 22} // A, B, C, D (readings 7.2)
	phNames = [4]string{"A", "B", "C", "D"}
	// phSpace[seat][i] is the space of path index i of seat.
	phSpace [4][phGoal + 1]uint8
	phSafe  [phSpaces]bool
	// phLineups are the seats in play by number of players (7.2).
	phLineups = map[int][]int8{2: {0, 2}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}}
)

func init() {
	for _, t := range []int{5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68} {
		phSafe[t-1] = true
	}
	for s := 0; s < 4; s++ {
		phSpace[s][0] = phStart
		for i := 1; i <= 64; i++ {
			phSpace[s][i] = uint8((phEntry[s] - 1 + i - 1) % 68)
		}
		for k := 1; k <= 7; k++ {
			phSpace[s][64+k] = uint8(68 + 7*s + k - 1)
		}
		phSpace[s][phGoal] = phHome
	}
}

// phDec is one decision: the mover's pawns after it (in no particular
// order) and the other seats' pawns it takes (bit 4·seat+slot).
type phDec struct {
	key   uint64
	pawns [4]int8
	taken uint16
	dice  int8
}

// Pachisi is a Pachisi position and the decisions of its last throw.
type Pachisi struct {
	order  []int8 // the seats in play, in play order
	turn   int    // index into order
	run    int    // doubles the seat to move has thrown in a row
	pawn   [4][4]int8
	cnt    [phSpaces]int8 // pawns on each space (one colour per space)
	col    [phSpaces]int8 // their seat
	ply    int
	winner int
	over   bool

	// the throw and its decisions
	a, b, thrown int // thrown: the run including this throw
	dec          []phDec
	set          []uint64 // keys of dec, open addressing (a power of two)
	setIdx       []int32
	setGen       []uint32 // the entry is in use when it holds gen
	gen          uint32
	shift        uint // 64 − log2(len(set))

	// the walk's states met (another order of the same steps): open
	// addressing over two words, the answer alongside
	memo1, memo2 []uint64
	memoGen      []uint32
	memoRes      []bool
	memoN        int
	memoShift    uint
	// the walk
	mover    int
	cur, tag [4]int8
	dice     [4]int8
	nd       int
	used     [4]bool
	b20, b10 int
	taken    uint16
}

// NewPachisi returns the start with players seats (2, 3 or 4).
func NewPachisi(players int) *Pachisi {
	p := &Pachisi{order: phLineups[players], dec: make([]phDec, 0, 256)}
	p.grow(1024)
	p.growMemo(1024)
	p.Reset()
	return p
}

// Reset sets the start: every pawn in START, A to throw.
func (p *Pachisi) Reset() {
	p.pawn = [4][4]int8{}
	p.cnt = [phSpaces]int8{}
	p.col = [phSpaces]int8{}
	p.turn, p.run, p.ply, p.winner, p.over = 0, 0, 0, -1, false
	p.dec = p.dec[:0]
}

// Clone returns an independent copy (the decisions included).
func (p *Pachisi) Clone() *Pachisi {
	q := *p
	q.dec = append(make([]phDec, 0, cap(p.dec)), p.dec...)
	q.grow(len(p.set)) // its own set of decisions and memo
	q.memo1 = nil
	q.growMemo(len(p.memo1))
	return &q
}

// Seats returns the seats in play (0 A … 3 D) in play order.
func (p *Pachisi) Seats() []int8 { return p.order }

// ToMove returns the seat to throw.
func (p *Pachisi) ToMove() int { return int(p.order[p.turn]) }

// Run returns the doubles the seat to throw has thrown in a row this turn.
func (p *Pachisi) Run() int { return p.run }

// Over reports whether the game has ended: a seat has every pawn home, or
// the ply limit is reached.
func (p *Pachisi) Over() bool { return p.over }

// Winner returns the seat with every pawn home, or -1.
func (p *Pachisi) Winner() int { return p.winner }

// Ply returns the number of plies (decisions) played.
func (p *Pachisi) Ply() int { return p.ply }

// Pawn returns the path index of seat's pawn k (0 START … 72 HOME).
func (p *Pachisi) Pawn(seat, k int) int { return int(p.pawn[seat][k]) }

// PachisiSpace names the space of path index i of seat as the readings do:
// "startA", "t5", "A3", "home".
func PachisiSpace(seat, i int) string {
	switch {
	case i == 0:
		return "start" + phNames[seat]
	case i == phGoal:
		return "home"
	case i > 64:
		return phNames[seat] + strconv.Itoa(i-64)
	}
	return "t" + strconv.Itoa(int(phSpace[seat][i])+1)
}

// SetPawns places the pawns: pawns[seat][k] is a path index. The seat to
// throw is the turn-th in play order, with run doubles thrown in a row.
func (p *Pachisi) SetPawns(pawns [4][4]int8, turn, run int) {
	p.Reset()
	p.turn, p.run = turn, run
	for _, s := range p.order {
		for k, i := range pawns[s] {
			p.pawn[s][k] = i
			p.put(int(s), i)
		}
	}
}

func (p *Pachisi) put(seat int, i int8) {
	if i == 0 || i == phGoal {
		return
	}
	c := phSpace[seat][i]
	p.cnt[c]++
	p.col[c] = int8(seat)
}

func (p *Pachisi) lift(i int8, seat int) {
	if i == 0 || i == phGoal {
		return
	}
	p.cnt[phSpace[seat][i]]--
}

// Throw takes the throw a-b (in any order) for the seat to move and finds
// its decisions; it returns how many there are (at least one).
func (p *Pachisi) Throw(a, b int) int {
	if b > a {
		a, b = b, a
	}
	p.a, p.b = a, b
	p.thrown = 0
	if a == b {
		p.thrown = p.run + 1
	}
	p.find()
	return len(p.dec)
}

// Decision returns the mover's pawns after decision i, sorted, and the
// other seats' pawns it takes (bit 4·seat+slot).
func (p *Pachisi) Decision(i int) ([4]int8, uint16) {
	d := p.dec[i]
	k := d.pawns
	phSort(&k)
	return k, d.taken
}

// Play plays decision i of the last throw and passes the turn (readings
// 7.7: doubles throw again unless it was the third in a row).
func (p *Pachisi) Play(i int) {
	d := &p.dec[i]
	m := int(p.order[p.turn])
	for k := range p.pawn[m] {
		p.lift(p.pawn[m][k], m)
	}
	for t := d.taken; t != 0; t &= t - 1 {
		v := bitIndex16(t)
		s, k := v/4, v%4
		p.lift(p.pawn[s][k], s)
		p.pawn[s][k] = 0
	}
	home := 0
	for k, i := range d.pawns {
		p.pawn[m][k] = i
		p.put(m, i)
		if i == phGoal {
			home++
		}
	}
	p.ply++
	p.dec = p.dec[:0]
	switch {
	case home == 4:
		p.over, p.winner = true, m
	case p.thrown > 0 && p.thrown < 3:
		p.run = p.thrown
	default:
		p.run = 0
		p.turn = (p.turn + 1) % len(p.order)
	}
	if p.ply >= PachisiMaxPlies {
		p.over = true
	}
}

func bitIndex16(t uint16) int {
	n := 0
	for t&1 == 0 {
		t >>= 1
		n++
	}
	return n
}

func phSort(k *[4]int8) {
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && k[j] < k[j-1]; j-- {
			k[j], k[j-1] = k[j-1], k[j]
		}
	}
}

// find fills p.dec with the decisions of the throw.
func (p *Pachisi) find() {
	m := int(p.order[p.turn])
	p.mover = m
	p.dec = p.dec[:0]
	if p.gen++; p.gen == 0 { // wrapped: forget every entry
		clear(p.setGen)
		clear(p.memoGen)
		p.gen = 1
	}
	p.memoN = 0
	p.cur = p.pawn[m]
	p.taken, p.b20, p.b10 = 0, 0, 0
	waiting := 0
	for k, i := range p.cur {
		p.tag[k] = -1
		if i == 0 {
			waiting++
		} else if i < phGoal && p.cnt[phSpace[m][i]] == 2 {
			p.tag[k] = i // it stands in a block
		}
	}
	// 7.7: the third doubles in a row is not used; the pawn nearest HOME
	// (not home) goes back to START
	if p.thrown == 3 {
		best := -1
		for k, i := range p.cur {
			if i > 0 && i < phGoal && (best < 0 || i > p.cur[best]) {
				best = k
			}
		}
		if best >= 0 {
			p.cur[best] = 0
		}
		p.record(0)
		return
	}
	a, b := p.a, p.b
	whole := false
	switch {
	case a != b:
		p.dice, p.nd = [4]int8{int8(a), int8(b)}, 2
	case waiting == 0: // 7.3: every pawn entered: a, a, 7−a, 7−a
		p.dice, p.nd = [4]int8{int8(a), int8(a), int8(7 - a), int8(7 - a)}, 4
		whole = true
	default:
		p.dice, p.nd = [4]int8{int8(a), int8(a)}, 2
	}
	p.used = [4]bool{}
	// 7.4: a total of 5 with a pawn in START enters when the entering
	// space allows it, using both dice
	if a != b && a+b == 5 && waiting > 0 {
		for k := range p.cur {
			if p.cur[k] != 0 {
				continue
			}
			if victim, ok := p.target(0, 5); ok {
				p.used[0], p.used[1] = true, true
				p.step(k, 0, 1, victim)
				p.walk()
				p.unstep(k, 0, 1, victim)
				p.finish(0)
				return
			}
			break
		}
	}
	p.walk()
	need := 0
	if whole {
		need = 4
	}
	p.finish(need)
}

// target checks moving a pawn from path index from by n (from 0: entering,
// n is then the 5): it returns the space's lone other pawn's seat+1 to take
// (0 none) and whether the step is allowed (readings 7.4, 7.5).
func (p *Pachisi) target(from, n int) (int, bool) {
	m := p.mover
	sp := &phSpace[m]
	to := 1
	if from > 0 {
		to = from + n
		if from == phGoal || to > phGoal {
			return 0, false // HOME by exact count only
		}
		for z := from + 1; z < to; z++ {
			if p.cnt[sp[z]] >= 2 {
				return 0, false // a block may not be passed
			}
		}
		if to == phGoal {
			return 0, true
		}
	}
	c := sp[to]
	switch n := p.cnt[c]; {
	case n == 0:
		return 0, true
	case n >= 2:
		return 0, false // a block, or a third own pawn
	case int(p.col[c]) == m:
		return 0, true // forms a block
	case phSafe[c] && from > 0:
		return 0, false // a lone pawn on a safety cannot be taken
	}
	return int(p.col[c]) + 1, true
}

// step moves slot k from path index from to to, taking victim's pawn
// there (seat+1, 0 none).
func (p *Pachisi) step(k, from, to, victim int) {
	m := p.mover
	if from > 0 {
		p.cnt[phSpace[m][from]]--
	}
	p.cur[k] = int8(to)
	if to == phGoal {
		p.b10++
		return
	}
	c := phSpace[m][to]
	if victim > 0 {
		p.cnt[c] = 0
		p.taken |= 1 << p.slotOf(victim-1, c)
		p.b20++
	}
	p.cnt[c]++
	p.col[c] = int8(m)
}

// unstep takes step back.
func (p *Pachisi) unstep(k, from, to, victim int) {
	m := p.mover
	p.cur[k] = int8(from)
	if from > 0 {
		c := phSpace[m][from]
		p.cnt[c]++
		p.col[c] = int8(m)
	}
	if to == phGoal {
		p.b10--
		return
	}
	c := phSpace[m][to]
	p.cnt[c]--
	if victim > 0 {
		p.cnt[c] = 1
		p.col[c] = int8(victim - 1)
		p.taken &^= 1 << p.slotOf(victim-1, c)
		p.b20--
	}
}

// slotOf returns the bit of seat's pawn on space c.
func (p *Pachisi) slotOf(seat int, c uint8) uint {
	for k, i := range p.pawn[seat] {
		if phSpace[seat][i] == c && i != 0 && i != phGoal {
			return uint(4*seat + k)
		}
	}
	panic("pachisi: no pawn to take")
}

// twin reports whether an earlier slot than k stands where k does and
// stood in the same block: moving either leads to the same positions.
func (p *Pachisi) twin(k int) bool {
	for j := 0; j < k; j++ {
		if p.cur[j] == p.cur[k] && p.tag[j] == p.tag[k] {
			return true
		}
	}
	return false
}

// walk tries every next use of a count (readings 7.6) and records the
// sequences that end; it reports whether a sequence from here may end here
// or further on (a block broken apart, 7.5). A state met before (the same
// pawns, dice left, bonuses and pawns taken) is not walked again.
func (p *Pachisi) walk() bool {
	var v [4]uint16
	for k := range v {
		v[k] = uint16(p.cur[k])<<7 | uint16(p.tag[k]+1)
	}
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
	// equal dice are used first to last, so the mask of the used ones is
	// the multiset of those left
	used := uint64(0)
	for d, u := range p.used {
		if u {
			used |= 1 << d
		}
	}
	k1 := uint64(v[0]) | uint64(v[1])<<14 | uint64(v[2])<<28 | uint64(v[3])<<42 | used<<56
	k2 := uint64(p.taken) | uint64(p.b20)<<16 | uint64(p.b10)<<24
	mask := uint64(len(p.memo1) - 1)
	h := ((k1 ^ k2*0xff51afd7ed558ccd) * 0x9e3779b97f4a7c15) >> p.memoShift
	for ; p.memoGen[h] == p.gen; h = (h + 1) & mask {
		if p.memo1[h] == k1 && p.memo2[h] == k2 {
			return p.memoRes[h]
		}
	}
	res := p.walkFrom()
	if 2*(p.memoN+1) > len(p.memo1) {
		p.growMemo(2 * len(p.memo1))
		mask = uint64(len(p.memo1) - 1)
	}
	h = ((k1 ^ k2*0xff51afd7ed558ccd) * 0x9e3779b97f4a7c15) >> p.memoShift
	for p.memoGen[h] == p.gen {
		h = (h + 1) & mask
	}
	p.memo1[h], p.memo2[h], p.memoGen[h], p.memoRes[h] = k1, k2, p.gen, res
	p.memoN++
	return res
}

// growMemo makes the memo n entries (a power of two), keeping its entries.
func (p *Pachisi) growMemo(n int) {
	o1, o2, og, or := p.memo1, p.memo2, p.memoGen, p.memoRes
	p.memo1, p.memo2, p.memoGen, p.memoRes = make([]uint64, n), make([]uint64, n), make([]uint32, n), make([]bool, n)
	p.memoShift = uint(64 - bits.TrailingZeros(uint(n)))
	mask := uint64(n - 1)
	for i := range o1 {
		if og[i] != p.gen {
			continue
		}
		h := ((o1[i] ^ o2[i]*0xff51afd7ed558ccd) * 0x9e3779b97f4a7c15) >> p.memoShift
		for p.memoGen[h] == p.gen {
			h = (h + 1) & mask
		}
		p.memo1[h], p.memo2[h], p.memoGen[h], p.memoRes[h] = o1[i], o2[i], p.gen, or[i]
	}
}

// walkFrom is walk on a state not met before.
func (p *Pachisi) walkFrom() bool {
	below := false
	waiting := false
	for _, i := range p.cur {
		waiting = waiting || i == 0
	}
	for d := 0; d < p.nd; d++ {
		if p.used[d] {
			continue
		}
		n := int(p.dice[d])
		same := false
		for j := 0; j < d; j++ {
			same = same || (!p.used[j] && int(p.dice[j]) == n)
		}
		if same {
			continue
		}
		for k := 0; k < 4; k++ {
			if p.twin(k) {
				continue
			}
			from := int(p.cur[k])
			if from == 0 && n != 5 || waiting && n == 5 && from != 0 {
				continue // a 5 enters while a pawn waits, and only a 5 enters
			}
			victim, ok := p.target(from, n)
			if !ok {
				continue
			}
			to := from + n
			if from == 0 {
				to = 1
			}
			p.used[d] = true
			p.step(k, from, to, victim)
			if p.walk() {
				below = true
			}
			p.unstep(k, from, to, victim)
			p.used[d] = false
		}
	}
	for _, bonus := range [2]int{20, 10} {
		left := &p.b20
		if bonus == 10 {
			left = &p.b10
		}
		if *left == 0 {
			continue
		}
		for k := 0; k < 4; k++ {
			from := int(p.cur[k])
			if from == 0 || p.twin(k) {
				continue
			}
			victim, ok := p.target(from, bonus)
			if !ok {
				continue
			}
			*left--
			p.step(k, from, from+bonus, victim)
			if p.walk() {
				below = true
			}
			p.unstep(k, from, from+bonus, victim)
			*left++
		}
	}
	self := p.apart()
	if self && !below {
		n := 0
		for d := 0; d < p.nd; d++ {
			if p.used[d] {
				n++
			}
		}
		p.record(n)
	}
	return below || self
}

// apart: no two pawns that formed a block at the start both moved and
// stand together anywhere but HOME (7.5).
func (p *Pachisi) apart() bool {
	for i := 0; i < 4; i++ {
		if p.tag[i] < 0 || p.cur[i] == p.tag[i] || p.cur[i] == phGoal {
			continue
		}
		for j := i + 1; j < 4; j++ {
			if p.tag[j] == p.tag[i] && p.cur[j] == p.cur[i] {
				return false
			}
		}
	}
	return true
}

// record notes the position the current sequence ends in, with the dice
// it used: a new decision, or more dice for a known one.
func (p *Pachisi) record(dice int) {
	k := p.cur
	phSort(&k)
	key := uint64(uint8(k[0])) | uint64(uint8(k[1]))<<7 | uint64(uint8(k[2]))<<14 | uint64(uint8(k[3]))<<21 | uint64(p.taken)<<28
	mask := uint64(len(p.set) - 1)
	h := (key * 0x9e3779b97f4a7c15) >> p.shift
	for ; p.setGen[h] == p.gen; h = (h + 1) & mask {
		if p.set[h] == key {
			d := &p.dec[p.setIdx[h]]
			d.dice = max(d.dice, int8(dice))
			return
		}
	}
	p.set[h], p.setGen[h], p.setIdx[h] = key, p.gen, int32(len(p.dec))
	p.dec = append(p.dec, phDec{key: key, pawns: p.cur, taken: p.taken, dice: int8(dice)})
	if 2*len(p.dec) > len(p.set) {
		p.grow(2 * len(p.set))
	}
}

// grow makes the set of decisions n entries (a power of two) and enters
// the decisions found so far.
func (p *Pachisi) grow(n int) {
	p.set, p.setIdx, p.setGen = make([]uint64, n), make([]int32, n), make([]uint32, n)
	p.shift = uint(64 - bits.TrailingZeros(uint(n)))
	mask := uint64(n - 1)
	for i, d := range p.dec {
		h := (d.key * 0x9e3779b97f4a7c15) >> p.shift
		for p.setGen[h] == p.gen {
			h = (h + 1) & mask
		}
		p.set[h], p.setGen[h], p.setIdx[h] = d.key, p.gen, int32(i)
	}
}

// finish keeps the decisions using the most dice, and at least need of
// them; none left: the one decision is to move nothing (7.6).
func (p *Pachisi) finish(need int) {
	most := 0
	for _, d := range p.dec {
		most = max(most, int(d.dice))
	}
	n := 0
	for _, d := range p.dec {
		if int(d.dice) == most && most >= need {
			p.dec[n] = d
			n++
		}
	}
	p.dec = p.dec[:n]
	if n == 0 {
		p.dec = append(p.dec, phDec{pawns: p.pawn[p.mover]})
	}
}

// PlayoutPachisi plays a random game from the start: each throw drawn from
// the 36 equally likely results, each decision uniformly among the
// throw's. It returns the plies played.
func PlayoutPachisi(p *Pachisi, rng *rand.Rand) int {
	p.Reset()
	for !p.over {
		x := rng.IntN(36)
		p.Play(rng.IntN(p.Throw(x/6+1, x%6+1)))
	}
	return p.ply
}
