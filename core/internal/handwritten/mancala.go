// Package handwritten holds small hand-written reference implementations of
// games that exist only as the benchmark baseline (the "speed limit") for the
// rulesmith framework. They are not used by the framework itself: benchmarks
// compare generated or interpreted rule sets against these to measure how far
// the framework is from straightforward, allocation-free Go code.
package handwritten

import "math/rand/v2"

// MaxMancalaPits is the largest number of pits per side a Mancala supports.
const MaxMancalaPits = 16

// DefaultMancalaPits and DefaultMancalaSeeds are the standard board: six pits
// per side holding four seeds each.
const (
	DefaultMancalaPits  = 6
	DefaultMancalaSeeds = 4
)

// Mancala is Egyptian mancala for two players (0 = south, 1 = north).
//
// The track holds, in counterclockwise order, south pits 0..N-1, the south
// store (index N), north pits 0..N-1 (indices N+1..2N) and the north store
// (index 2N+1). Pit k (0-based, from the owner's left) faces pit N-1-k of the
// other side. All state lives in fixed arrays; playing a move allocates
// nothing.
type Mancala struct {
	n      int // pits per side
	seeds  int // initial seeds per pit
	toMove int
	over   bool
	board  [2*MaxMancalaPits + 2]int
	moves  [MaxMancalaPits]int // move buffer reused by PlayoutMancala
}

// NewMancala returns a game in its initial position with the given number of
// pits per side and seeds per pit. Non-positive values select the defaults
// (DefaultMancalaPits, DefaultMancalaSeeds). It panics if pits exceeds
// MaxMancalaPits.
func NewMancala(pits, seeds int) *Mancala {
	if pits <= 0 {
		pits = DefaultMancalaPits
	}
	if seeds <= 0 {
		seeds = DefaultMancalaSeeds
	}
	if pits > MaxMancalaPits {
		panic("handwritten: too many mancala pits")
	}
	m := &Mancala{n: pits, seeds: seeds}
	m.Reset()
	return m
}

// Reset restores the initial position: every pit holds the initial seeds,
// both stores are empty and south is to move.
func (m *Mancala) Reset() {
	m.board = [2*MaxMancalaPits + 2]int{}
	for i := 0; i < m.n; i++ {
		m.board[i] = m.seeds
		m.board[m.n+1+i] = m.seeds
	}
	m.toMove = 0
	m.over = false
}

// Pits returns the number of pits per side.
func (m *Mancala) Pits() int { return m.n }

// ToMove returns the player to move: 0 for south, 1 for north.
func (m *Mancala) ToMove() int { return m.toMove }

// Over reports whether the game has ended.
func (m *Mancala) Over() bool { return m.over }

// Stores returns the number of seeds in the south and north stores.
func (m *Mancala) Stores() (south, north int) {
	return m.board[m.n], m.board[2*m.n+1]
}

// Pit returns the number of seeds in pit (0..N-1) of player (0 or 1).
func (m *Mancala) Pit(player, pit int) int {
	return m.board[player*(m.n+1)+pit]
}

// Winner returns 0 or 1 for the player with more seeds in store, or -1 for a
// draw. It is meaningful only once Over reports true.
func (m *Mancala) Winner() int {
	s, n := m.Stores()
	switch {
	case s > n:
		return 0
	case n > s:
		return 1
	}
	return -1
}

// Moves appends the legal moves of the player to move (the indices 0..N-1 of
// their non-empty pits) to buf[:0] and returns the result. It returns an empty
// slice once the game is over.
func (m *Mancala) Moves(buf []int) []int {
	buf = buf[:0]
	if m.over {
		return buf
	}
	base := m.toMove * (m.n + 1)
	for i := 0; i < m.n; i++ {
		if m.board[base+i] > 0 {
			buf = append(buf, i)
		}
	}
	return buf
}

// Play sows the seeds of pit (0..N-1) of the player to move. The move must be
// legal (a non-empty own pit of an unfinished game); Play does not check.
func (m *Mancala) Play(pit int) {
	n := m.n
	track := 2*n + 2
	p := m.toMove
	base := p * (n + 1)
	ownStore := base + n
	oppBase := (1 - p) * (n + 1)
	oppStore := oppBase + n

	pos := base + pit
	s := m.board[pos]
	m.board[pos] = 0
	for s > 0 {
		pos++
		if pos == track {
			pos = 0
		}
		if pos == oppStore {
			continue
		}
		m.board[pos]++
		s--
	}

	switch {
	case pos == ownStore:
		// Extra turn: the same player moves again.
	case pos >= base && pos < ownStore && m.board[pos] == 1:
		// Last seed into an own, previously empty pit: capture it together
		// with the opposite pit.
		opp := oppBase + n - 1 - (pos - base)
		m.board[ownStore] += 1 + m.board[opp]
		m.board[pos] = 0
		m.board[opp] = 0
		m.toMove = 1 - p
	default:
		m.toMove = 1 - p
	}
	m.checkEnd()
}

// checkEnd ends the game when either side's pits are all empty, moving each
// player's remaining seeds into their own store.
func (m *Mancala) checkEnd() {
	n := m.n
	south, north := 0, 0
	for i := 0; i < n; i++ {
		south += m.board[i]
		north += m.board[n+1+i]
	}
	if south != 0 && north != 0 {
		return
	}
	for i := 0; i < n; i++ {
		m.board[i] = 0
		m.board[n+1+i] = 0
	}
	m.board[n] += south
	m.board[2*n+1] += north
	m.over = true
}

// PlayoutMancala resets m and plays a uniformly random game to the end,
// choosing each move with rng.IntN over the number of legal moves. It returns
// the number of plies (moves) played and allocates nothing.
func PlayoutMancala(m *Mancala, rng *rand.Rand) (plies int) {
	m.Reset()
	m.checkEnd()
	for !m.over {
		mv := m.Moves(m.moves[:0])
		m.Play(mv[rng.IntN(len(mv))])
		plies++
	}
	return plies
}
