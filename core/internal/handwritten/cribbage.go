package handwritten

import "math/rand/v2"

// Five-card cribbage for two as read in shared/rules/traditional-readings.md
// Part A: a deal of five each (the non-dealer first), 3 for last to the
// first non-dealer, two discards to the dealer's crib (non-dealer, then
// dealer), the start (his heels: 2 to the dealer), one play to 31 (15 and
// 31 for 2, pairs 2/6/12, runs in any order, 1 for last below 31, a go
// passes the turn without a ply), the show (non-dealer, dealer, crib), the
// deal alternating; the game ends the moment a seat reaches the target.
//
// A card is 0..51: rank = c/4 (0 ace … 12 king), suit = c%4, the engine's
// kind order. A playout allocates nothing.

// Cribbage is a game in progress.
type Cribbage struct {
	target int
	scores [2]int
	dealer int
	deals  int
	over   bool
	winner int
	deck   [52]int8
	hand   [2][5]int8 // cards held (the kept ones once discarded)
	nhand  [2]int
	kept   [2][3]int8 // the three kept, for the show
	crib   [4]int8
	ncrib  int
	start  int8
	played [8]int8
	nplay  int
	total  int
	plies  int
}

// NewCribbage returns a game to target points (61 or 121), South (1)
// dealing first.
func NewCribbage(target int) *Cribbage {
	c := &Cribbage{target: target}
	for i := range c.deck {
		c.deck[i] = int8(i)
	}
	c.Reset()
	return c
}

// Reset starts a new game.
func (c *Cribbage) Reset() {
	c.scores = [2]int{}
	c.dealer, c.deals, c.over, c.winner, c.plies = 1, 0, false, -1, 0
}

// Scores returns both seats' points.
func (c *Cribbage) Scores() [2]int { return c.scores }

// Winner returns the seat that reached the target, -1 while the game goes
// on.
func (c *Cribbage) Winner() int { return c.winner }

func cbValue(card int8) int {
	if r := int(card)/4 + 1; r < 10 {
		return r
	}
	return 10
}

func cbRank(card int8) int { return int(card) / 4 }

func (c *Cribbage) award(seat, pts int) {
	if c.over || pts == 0 {
		return
	}
	c.scores[seat] += pts
	if c.scores[seat] >= c.target {
		c.over, c.winner = true, seat
	}
}

// show scores cards with the start (crib: the crib's flush rule).
func cbShow(cards []int8, start int8, crib bool) int {
	var all [5]int8
	n := copy(all[:], cards)
	all[n] = start
	n++
	pts := 0
	// fifteens: every subset
	for mask := 3; mask < 1<<n; mask++ {
		sum := 0
		for i := 0; i < n; i++ {
			if mask>>i&1 != 0 {
				sum += cbValue(all[i])
			}
		}
		if sum == 15 {
			pts += 2
		}
	}
	var count [14]int
	for i := 0; i < n; i++ {
		count[cbRank(all[i])]++
	}
	for r := 0; r < 13; r++ {
		pts += count[r] * (count[r] - 1) // pairs: 2 per pair
	}
	for r := 0; r < 13; {
		if count[r] == 0 {
			r++
			continue
		}
		length, ways := 0, 1
		for r < 13 && count[r] > 0 {
			length++
			ways *= count[r]
			r++
		}
		if length >= 3 {
			pts += length * ways
		}
	}
	suit := cards[0] % 4
	same := true
	for _, x := range cards[1:] {
		same = same && x%4 == suit
	}
	switch {
	case same && start%4 == suit:
		if crib {
			pts += 5
		} else {
			pts += 4
		}
	case same && !crib:
		pts += 3
	}
	for _, x := range cards {
		if cbRank(x) == 10 && x%4 == start%4 {
			pts++
		}
	}
	return pts
}

// pegs is what laying the last card of the play scores.
func (c *Cribbage) pegs() int {
	pts := 0
	if c.total == 15 || c.total == 31 {
		pts += 2
	}
	n := c.nplay
	last := cbRank(c.played[n-1])
	k := 1
	for k < n && cbRank(c.played[n-1-k]) == last {
		k++
	}
	pts += k * (k - 1)
	best := 0
	for l := 3; l <= n; l++ {
		lo, hi := 13, -1
		var seen uint16
		dup := false
		for _, x := range c.played[n-l : n] {
			r := cbRank(x)
			dup = dup || seen>>r&1 != 0
			seen |= 1 << r
			lo, hi = min(lo, r), max(hi, r)
		}
		if !dup && hi-lo == l-1 {
			best = l
		}
	}
	return pts + best
}

// discard: the seat keeps three of its five cards, chosen uniformly
// among the ten pairs to discard.
func (c *Cribbage) discard(seat int, rng *rand.Rand) {
	i := rng.IntN(10)
	a, b := 0, 1
	for ; i > 0; i-- {
		if b++; b == 5 {
			a++
			b = a + 1
		}
	}
	k := 0
	for j := 0; j < 5; j++ {
		if j == a || j == b {
			c.crib[c.ncrib] = c.hand[seat][j]
			c.ncrib++
			continue
		}
		c.kept[seat][k] = c.hand[seat][j]
		c.hand[seat][k] = c.hand[seat][j]
		k++
	}
	c.nhand[seat] = 3
	c.plies++
}

// hand plays one hand from the deal to the show.
func (c *Cribbage) playHand(rng *rand.Rand) {
	// the deal: a shuffle of the first 11 cards, five each alternately
	// from the non-dealer, then the start
	for i := 0; i < 11; i++ {
		j := i + rng.IntN(52-i)
		c.deck[i], c.deck[j] = c.deck[j], c.deck[i]
	}
	pone := 1 - c.dealer
	for i := 0; i < 10; i++ {
		seat := (pone + i) & 1
		c.hand[seat][i/2] = c.deck[i]
	}
	c.deals++
	if c.deals == 1 {
		c.award(pone, 3)
	}
	if c.over {
		return
	}
	c.ncrib = 0
	c.discard(pone, rng)
	c.discard(c.dealer, rng)
	c.start = c.deck[10]
	if cbRank(c.start) == 10 {
		c.award(c.dealer, 2) // his heels
		if c.over {
			return
		}
	}
	// the play
	c.nplay, c.total = 0, 0
	seat, last := pone, -1
	var legal [3]int
	for c.total < 31 {
		n := 0
		for i := 0; i < c.nhand[seat]; i++ {
			if c.total+cbValue(c.hand[seat][i]) <= 31 {
				legal[n] = i
				n++
			}
		}
		if n == 0 {
			seat ^= 1 // go: the other plays on, if he can
			ok := false
			for i := 0; i < c.nhand[seat]; i++ {
				ok = ok || c.total+cbValue(c.hand[seat][i]) <= 31
			}
			if !ok {
				break
			}
			continue
		}
		i := legal[rng.IntN(n)]
		card := c.hand[seat][i]
		c.nhand[seat]--
		c.hand[seat][i] = c.hand[seat][c.nhand[seat]]
		c.played[c.nplay] = card
		c.nplay++
		c.total += cbValue(card)
		c.plies++
		c.award(seat, c.pegs())
		if c.over {
			return
		}
		last = seat
		seat ^= 1
	}
	if c.total < 31 && last >= 0 {
		c.award(last, 1)
	}
	// the show
	c.award(pone, cbShow(c.kept[pone][:], c.start, false))
	c.award(c.dealer, cbShow(c.kept[c.dealer][:], c.start, false))
	c.award(c.dealer, cbShow(c.crib[:], c.start, true))
	c.dealer ^= 1
}

// PlayoutCribbage plays a uniformly random game from the start and returns
// its plies (discards and cards laid).
func PlayoutCribbage(c *Cribbage, rng *rand.Rand) int {
	c.Reset()
	for !c.over {
		c.playHand(rng)
	}
	return c.plies
}
