package handwritten

import (
	"math/bits"
	"math/rand/v2"
)

// Nine Men's Morris as read in shared/rules/traditional-readings.md (Part 1,
// "Nine Men's Morris"): no flying; a mill removes one opponent man (not in a
// mill unless all are) in the same ply; a seat with 2 men or fewer (board plus
// hand) loses; a seat to move with no move loses.
//
// Points are bits 0..23 of a uint32, in the order of MorrisPoints.

// MorrisPoints names the 24 points (the readings' names).
var MorrisPoints = [24]string{
	"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3",
	"a4", "b4", "c4", "e4", "f4", "g4",
	"c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7",
}

// MorrisMaxPlies bounds a playout (the engine's default ply limit): random
// play can go on for ever, and the readings have no draw rule.
const MorrisMaxPlies = 5000

// MorrisNone is the remove field of a move that removes nothing, and the
// from field of a placement.
const MorrisNone = 31

var (
	mmLines   [16]uint32
	mmLinesOf [24][2]uint32 // the two lines through each point
	mmAdj     [24]uint32
)

func init() {
	idx := map[string]int{}
	for i, n := range MorrisPoints {
		idx[n] = i
	}
	lines := [16][3]string{
		{"a1", "d1", "g1"}, {"b2", "d2", "f2"}, {"c3", "d3", "e3"}, {"a4", "b4", "c4"},
		{"e4", "f4", "g4"}, {"c5", "d5", "e5"}, {"b6", "d6", "f6"}, {"a7", "d7", "g7"},
		{"a1", "a4", "a7"}, {"b2", "b4", "b6"}, {"c3", "c4", "c5"}, {"d1", "d2", "d3"},
		{"d5", "d6", "d7"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"},
	}
	for l, ln := range lines {
		for k, n := range ln {
			p := idx[n]
			mmLines[l] |= 1 << p
			if k < 2 {
				q := idx[ln[k+1]]
				mmAdj[p] |= 1 << q
				mmAdj[q] |= 1 << p
			}
		}
	}
	var seen [24]int
	for _, m := range mmLines {
		for v := m; v != 0; v &= v - 1 {
			p := bits.TrailingZeros32(v)
			mmLinesOf[p][seen[p]] = m
			seen[p]++
		}
	}
}

// Morris is a Nine Men's Morris position.
type Morris struct {
	men    [2]uint32 // White, Black
	hand   [2]int
	toMove int
	ply    int
	winner int // -1 while the game goes on or when it stopped at the ply limit
	over   bool
	moves  [24 * 4 * 24]uint32
}

// NewMorris returns the start position.
func NewMorris() *Morris {
	m := &Morris{}
	m.Reset()
	return m
}

// Reset restores the start position: an empty board, 9 men in each hand,
// White to move.
func (m *Morris) Reset() {
	m.men = [2]uint32{}
	m.hand = [2]int{9, 9}
	m.toMove, m.ply, m.winner, m.over = 0, 0, -1, false
}

// ToMove returns the seat to move (0 White, 1 Black).
func (m *Morris) ToMove() int { return m.toMove }

// Over reports whether the game has ended (or stopped at MorrisMaxPlies).
func (m *Morris) Over() bool { return m.over }

// Winner returns the winning seat, or -1.
func (m *Morris) Winner() int { return m.winner }

// Men returns a seat's men on the board (bit mask of points) and in hand.
func (m *Morris) Men(seat int) (board uint32, hand int) { return m.men[seat], m.hand[seat] }

// MorrisMove packs a move: from (MorrisNone for a placement), to, and the
// removed point (MorrisNone when nothing is removed).
func MorrisMove(from, to, remove int) int { return from<<10 | to<<5 | remove }

// MorrisParts unpacks a move.
func MorrisParts(mv int) (from, to, remove int) { return mv >> 10, mv >> 5 & 31, mv & 31 }

func mmInMill(own uint32, p int) bool {
	l := mmLinesOf[p]
	return own&l[0] == l[0] || own&l[1] == l[1]
}

// gen fills m.moves and returns their count.
func (m *Morris) gen() int {
	if m.over {
		return 0
	}
	me := m.toMove
	own, opp := m.men[me], m.men[me^1]
	empty := ^(own | opp) & (1<<24 - 1)
	// removable opponent men: those not in a mill, or all when all are
	var free uint32
	for v := opp; v != 0; v &= v - 1 {
		p := bits.TrailingZeros32(v)
		if !mmInMill(opp, p) {
			free |= 1 << p
		}
	}
	if free == 0 {
		free = opp
	}
	n := 0
	emit := func(from, to int, after uint32) {
		if !mmInMill(after, to) || free == 0 {
			m.moves[n] = uint32(from<<10 | to<<5 | MorrisNone)
			n++
			return
		}
		for v := free; v != 0; v &= v - 1 {
			m.moves[n] = uint32(from<<10 | to<<5 | bits.TrailingZeros32(v))
			n++
		}
	}
	if m.hand[me] > 0 {
		for v := empty; v != 0; v &= v - 1 {
			p := bits.TrailingZeros32(v)
			emit(MorrisNone, p, own|1<<p)
		}
		return n
	}
	for v := own; v != 0; v &= v - 1 {
		p := bits.TrailingZeros32(v)
		for t := mmAdj[p] & empty; t != 0; t &= t - 1 {
			q := bits.TrailingZeros32(t)
			emit(p, q, own&^(1<<p)|1<<q)
		}
	}
	return n
}

// Moves appends the legal moves to buf[:0] (see MorrisMove).
func (m *Morris) Moves(buf []int) []int {
	buf = buf[:0]
	n := m.gen()
	for _, mv := range m.moves[:n] {
		buf = append(buf, int(mv))
	}
	return buf
}

// Play plays a legal move (unchecked) and settles the end.
func (m *Morris) Play(mv int) {
	from, to, rm := MorrisParts(mv)
	me := m.toMove
	if from == MorrisNone {
		m.hand[me]--
	} else {
		m.men[me] &^= 1 << from
	}
	m.men[me] |= 1 << to
	if rm != MorrisNone {
		m.men[me^1] &^= 1 << rm
	}
	m.toMove ^= 1
	m.ply++
	if bits.OnesCount32(m.men[me^1])+m.hand[me^1] <= 2 {
		m.over, m.winner = true, me
	}
}

// settle ends the game when the seat to move has no move, or at the ply
// limit; n is the count of moves gen found.
func (m *Morris) settle(n int) {
	if m.over {
		return
	}
	if n == 0 {
		m.over, m.winner = true, m.toMove^1
	} else if m.ply >= MorrisMaxPlies {
		m.over = true
	}
}

// PlayoutMorris resets m and plays a uniformly random game to its end (or the
// ply limit). It allocates nothing.
func PlayoutMorris(m *Morris, rng *rand.Rand) (plies int) {
	m.Reset()
	for {
		n := m.gen()
		m.settle(n)
		if m.over {
			return m.ply
		}
		m.Play(int(m.moves[rng.IntN(n)]))
	}
}

// Settle checks the end for the seat to move (no legal move, or the ply
// limit); Over reports it afterwards.
func (m *Morris) Settle() { m.settle(m.gen()) }
