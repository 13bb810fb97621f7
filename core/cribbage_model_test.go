package core

// An independent model of five-card cribbage, written from
// ../shared/rules/traditional-readings.md Part A alone, in plain Go: it
// never calls the engine. The engine's traditional/cribbage is checked
// against it (perft over the decisions of a fixed deal, and random games
// compared score by score).

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// cmCard is a card: rank 1 (ace) … 13 (king), suit 0 C, 1 D, 2 H, 3 S.
type cmCard struct{ rank, suit int }

const cmRanks = "A23456789TJQK"
const cmSuits = "CDHS"

func (c cmCard) String() string { return string(cmRanks[c.rank-1]) + string(cmSuits[c.suit]) }

// value is the counting value (A.2): ace 1, two to ten face value, court 10.
func (c cmCard) value() int { return min(c.rank, 10) }

// deckIndex is the card's place in deck order (rank, then suit: A.5 notation).
func (c cmCard) deckIndex() int { return (c.rank-1)*4 + c.suit }

func cmParse(s string) cmCard {
	return cmCard{strings.IndexByte(cmRanks, s[0]) + 1, strings.IndexByte(cmSuits, s[1])}
}

func cmCards(s string) []cmCard {
	var out []cmCard
	for _, f := range strings.Fields(s) {
		out = append(out, cmParse(f))
	}
	return out
}

// cmShow scores a hand or crib at the show (A.6): cards with the start.
func cmShow(cards []cmCard, start cmCard, crib bool) int {
	all := append(append([]cmCard(nil), cards...), start)
	pts := 0
	// fifteens: 2 for each subset of two or more summing to 15
	for mask := 1; mask < 1<<len(all); mask++ {
		sum, n := 0, 0
		for i, c := range all {
			if mask&(1<<i) != 0 {
				sum += c.value()
				n++
			}
		}
		if sum == 15 && n >= 2 {
			pts += 2
		}
	}
	// pairs: 2 for each pair of equal rank
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if all[i].rank == all[j].rank {
				pts += 2
			}
		}
	}
	// runs: every maximal block of ≥ 3 consecutive ranks, once per way of
	// choosing one card of each rank
	var count [15]int
	for _, c := range all {
		count[c.rank]++
	}
	for r := 1; r <= 13; {
		if count[r] == 0 {
			r++
			continue
		}
		length, ways := 0, 1
		for r <= 13 && count[r] > 0 {
			length++
			ways *= count[r]
			r++
		}
		if length >= 3 {
			pts += length * ways
		}
	}
	// flush: hand 3 (4 with the start); crib only all five, 5
	same := true
	for _, c := range cards[1:] {
		same = same && c.suit == cards[0].suit
	}
	switch {
	case crib && same && start.suit == cards[0].suit:
		pts += 5
	case !crib && same && start.suit == cards[0].suit:
		pts += 4
	case !crib && same:
		pts += 3
	}
	// nobs: the jack of the start's suit in the hand or crib
	for _, c := range cards {
		if c.rank == 11 && c.suit == start.suit {
			pts++
		}
	}
	return pts
}

// cmPlayScore is what laying the last card of played scores (A.5): 15,
// 31, pairs by rank among the cards just before, runs of the last n.
func cmPlayScore(played []cmCard) int {
	total := 0
	for _, c := range played {
		total += c.value()
	}
	pts := 0
	if total == 15 || total == 31 {
		pts += 2
	}
	last := played[len(played)-1]
	k := 0
	for i := len(played) - 1; i >= 0 && played[i].rank == last.rank; i-- {
		k++
	}
	pts += map[int]int{1: 0, 2: 2, 3: 6, 4: 12}[k]
	best := 0
	for n := 3; n <= len(played); n++ {
		tail := played[len(played)-n:]
		seen := map[int]bool{}
		lo, hi, dup := 14, 0, false
		for _, c := range tail {
			dup = dup || seen[c.rank]
			seen[c.rank] = true
			lo, hi = min(lo, c.rank), max(hi, c.rank)
		}
		if !dup && hi-lo == n-1 {
			best = n
		}
	}
	return pts + best
}

// cmGame is a game of two seats, 0 and 1.
type cmGame struct {
	target  int
	scores  [2]int
	dealer  int
	hands   int // hands dealt so far
	over    bool
	winner  int
	phase   int // cmDiscard, cmPlay, cmDeal (a new deal is due)
	toMove  int
	hand    [2][]cmCard
	crib    []cmCard
	start   cmCard
	played  []cmCard
	playBy  []int
	started bool // the start has been turned (after both discards)
}

const (
	cmDeal = iota
	cmDiscard
	cmPlay
)

// cmNewDeck returns the 52 cards in deck order.
func cmNewDeck() []cmCard {
	d := make([]cmCard, 0, 52)
	for r := 1; r <= 13; r++ {
		for s := 0; s < 4; s++ {
			d = append(d, cmCard{r, s})
		}
	}
	return d
}

// award adds pts to seat; the game ends the moment a seat reaches the
// target (A.8).
func (g *cmGame) award(seat, pts int) {
	if g.over || pts == 0 {
		return
	}
	g.scores[seat] += pts
	if g.scores[seat] >= g.target {
		g.over, g.winner = true, seat
	}
}

// deal starts a hand with the given cards: five each, and the start card
// that will be turned after the discards (A.2–A.4). The first deal's
// non-dealer scores 3 for last at once.
func (g *cmGame) deal(hands [2][]cmCard, start cmCard) {
	g.hand = [2][]cmCard{append([]cmCard(nil), hands[0]...), append([]cmCard(nil), hands[1]...)}
	g.crib, g.played, g.playBy = nil, nil, nil
	g.start, g.started = start, false
	g.hands++
	g.phase = cmDiscard
	g.toMove = 1 - g.dealer
	if g.hands == 1 {
		g.award(1-g.dealer, 3)
	}
}

// moves lists the legal decisions in the readings' notation: a discard
// as two cards in deck order joined by +, a play as the card.
func (g *cmGame) moves() []string {
	if g.over {
		return nil
	}
	h := g.hand[g.toMove]
	var out []string
	switch g.phase {
	case cmDiscard:
		for i := range h {
			for j := i + 1; j < len(h); j++ {
				a, b := h[i], h[j]
				if b.deckIndex() < a.deckIndex() {
					a, b = b, a
				}
				out = append(out, a.String()+"+"+b.String())
			}
		}
	case cmPlay:
		for _, c := range h {
			if g.total()+c.value() <= 31 {
				out = append(out, c.String())
			}
		}
	}
	sort.Strings(out)
	return out
}

func (g *cmGame) total() int {
	t := 0
	for _, c := range g.played {
		t += c.value()
	}
	return t
}

func (g *cmGame) canPlay(seat int) bool {
	for _, c := range g.hand[seat] {
		if g.total()+c.value() <= 31 {
			return true
		}
	}
	return false
}

func remove(h []cmCard, c cmCard) []cmCard {
	for i, x := range h {
		if x == c {
			return append(append([]cmCard(nil), h[:i]...), h[i+1:]...)
		}
	}
	panic("no card " + c.String())
}

// play applies a decision.
func (g *cmGame) play(m string) {
	seat := g.toMove
	switch g.phase {
	case cmDiscard:
		a, b, _ := strings.Cut(m, "+")
		for _, c := range []cmCard{cmParse(a), cmParse(b)} {
			g.hand[seat] = remove(g.hand[seat], c)
			g.crib = append(g.crib, c)
		}
		if seat != g.dealer {
			g.toMove = g.dealer
			return
		}
		// both have discarded: the start is turned; his heels (A.4)
		g.started = true
		if g.start.rank == 11 {
			g.award(g.dealer, 2)
		}
		g.phase = cmPlay
		g.toMove = 1 - g.dealer // the non-dealer leads (A.5)
		if !g.over && !g.canPlay(g.toMove) {
			g.endPlayOrPass()
		}
	case cmPlay:
		c := cmParse(m)
		g.hand[seat] = remove(g.hand[seat], c)
		g.played = append(g.played, c)
		g.playBy = append(g.playBy, seat)
		g.award(seat, cmPlayScore(g.played))
		if g.over {
			return
		}
		g.toMove = 1 - seat
		if g.total() == 31 { // the play ends; 2 for 31 replaces 1 for last
			g.show()
			return
		}
		g.endPlayOrPass()
	}
}

// endPlayOrPass: the seat to move says go (not a ply) when it cannot
// play; when neither can, the play ends with 1 for last to the last card's
// player.
func (g *cmGame) endPlayOrPass() {
	if g.canPlay(g.toMove) {
		return
	}
	if g.canPlay(1 - g.toMove) {
		g.toMove = 1 - g.toMove
		return
	}
	if n := len(g.playBy); n > 0 {
		g.award(g.playBy[n-1], 1)
	}
	g.show()
}

// show scores the non-dealer's hand, the dealer's hand, then the crib
// (A.6; A.8's order), and makes the next deal due with the deal passed on.
func (g *cmGame) show() {
	if g.over {
		return
	}
	pone := 1 - g.dealer
	// the hands at the show are the cards kept: those played and those left
	kept := [2][]cmCard{append([]cmCard(nil), g.hand[0]...), append([]cmCard(nil), g.hand[1]...)}
	for i, c := range g.played {
		kept[g.playBy[i]] = append(kept[g.playBy[i]], c)
	}
	g.award(pone, cmShow(kept[pone], g.start, false))
	g.award(g.dealer, cmShow(kept[g.dealer], g.start, false))
	g.award(g.dealer, cmShow(g.crib, g.start, true))
	if !g.over {
		g.phase = cmDeal
		g.dealer = 1 - g.dealer
	}
}

// dealFrom shuffles a fresh pack with rng and deals (A.2): five to each,
// one at a time, the non-dealer first; the start is a random card of the
// remaining 42.
func (g *cmGame) dealFrom(rng *rand.Rand) {
	d := cmNewDeck()
	rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	var hands [2][]cmCard
	for i := 0; i < 10; i++ {
		seat := (1 - g.dealer + i) % 2
		hands[seat] = append(hands[seat], d[i])
	}
	g.deal(hands, d[10+rng.IntN(42)])
}

// perft counts the decision sequences of exactly depth plies from g with
// the deal fixed (the start card as dealt), stopping at the end of the
// hand: a game over or a new deal due has no decisions.
func (g *cmGame) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if g.phase == cmDeal {
		return 0
	}
	var n uint64
	for _, m := range g.moves() {
		c := g.clone()
		c.play(m)
		n += c.perft(depth - 1)
	}
	return n
}

func (g *cmGame) clone() *cmGame {
	c := *g
	c.hand = [2][]cmCard{append([]cmCard(nil), g.hand[0]...), append([]cmCard(nil), g.hand[1]...)}
	c.crib = append([]cmCard(nil), g.crib...)
	c.played = append([]cmCard(nil), g.played...)
	c.playBy = append([]int(nil), g.playBy...)
	return &c
}

// The model on the readings' own examples, before it judges the engine.
func TestCribbageModelScoring(t *testing.T) {
	show := []struct {
		name  string
		cards string
		start string
		crib  bool
		want  int
	}{
		// A.6: 3 6 6 9 gives 6 for fifteens (+2 for the pair of sixes)
		{"3 6 6 + 9: fifteens 6, a pair 2", "3C 6D 6H", "9S", false, 8},
		// A.6: 4-4-5-6 a run of 3 twice (6), a pair (2), 4+5+6 = 15 twice (4)
		{"4 4 5 + 6: double run, pair, two fifteens", "4C 4D 5H", "6S", false, 12},
		{"flush of three in hand: 3", "2H 4H 8H", "KS", false, 3 + 0},
		{"flush of three with the start: 4", "2H 4H 8H", "KH", false, 4},
		{"crib of four of a suit without the start: nothing", "2H 4H 8H QH", "KS", true, 0},
		{"crib of five of a suit: 5", "2H 4H 8H QH", "KH", true, 5},
		{"nobs: the jack of the start's suit", "JS AD 2H", "KS", false, 1},
		{"a jack of another suit is not nobs", "JD AC 2H", "KS", false, 0},
		{"pair royal: 6", "7C 7D 7H", "KS", false, 6},
		{"5 5 J + 5 of the jack's suit: fifteens 8, pair royal 6, nobs 1", "5C 5D JS", "5S", false, 8 + 6 + 1},
		{"K A 2 is no run", "KC AD 2H", "9S", false, 0},
	}
	for _, c := range show {
		if got := cmShow(cmCards(c.cards), cmParse(c.start), c.crib); got != c.want {
			t.Errorf("show %s: got %d, want %d", c.name, got, c.want)
		}
	}
	play := []struct {
		name   string
		played string
		want   int
	}{
		{"3 5 4: a run of 3", "3C 5D 4H", 3},
		{"3 5 4 2: a run of 4", "3C 5D 4H 2S", 4},
		{"3 5 4 6: a run of 4", "3C 5D 4H 6S", 4},
		{"3 4 3: no run, no pair", "3C 4D 3H", 0},
		{"7 8 to 15: 2", "7C 8D", 2},
		{"pair: 2", "9C 9D", 2},
		{"pair royal: 6", "9C 9D 9H", 6},
		{"double pair royal: 12", "4C 4D 4H 4S", 12},
		{"king then queen: no pair", "KC QD", 0},
		{"to 31: 2 (K Q J A)", "KC QD JH AS", 2},
		{"5 5 5 to 15: 2 + 6", "5C 5D 5H", 8},
	}
	for _, c := range play {
		if got := cmPlayScore(cmCards(c.played)); got != c.want {
			t.Errorf("play %s: got %d, want %d", c.name, got, c.want)
		}
	}
}

// The model's flow: 3 for last on the first deal only, his heels, go
// without a ply, 1 for last, 31 for 2 instead of 1, the show's order, the
// dealer alternating.
func TestCribbageModelFlow(t *testing.T) {
	g := &cmGame{target: 61, dealer: 1}
	// north (0) is the non-dealer: 3 for last at once
	g.deal([2][]cmCard{cmCards("TC TD 5H 2C 3C"), cmCards("KC QD 9H AS 4S")}, cmParse("JH"))
	if g.scores != [2]int{3, 0} || g.toMove != 0 {
		t.Fatalf("after the first deal: scores %v, to move %d; want [3 0], north", g.scores, g.toMove)
	}
	g.play("2C+3C") // north keeps T T 5
	g.play("AS+4S") // south keeps K Q 9; the start JH: his heels, 2 to the dealer
	if g.scores != [2]int{3, 2} || !g.started || g.toMove != 0 {
		t.Fatalf("after the discards: scores %v, to move %d", g.scores, g.toMove)
	}
	g.play("TC") // 10
	g.play("KC") // 20
	g.play("TD") // 30: south cannot play (Q, 9), north cannot: 1 for last to north
	// show: north T T 5 + JH: 5+T, 5+T, 5+J = 6, pair of tens 2 = 8
	// south K Q 9 + JH: run J Q K 3 = 3; crib 2C 3C AS 4S + JH: 1 2 3 4 run 4, 2+3+J=15, A+4+J=15: 4 = 8
	want := [2]int{3 + 1 + 8, 2 + 3 + 8}
	if g.scores != want || g.phase != cmDeal || g.dealer != 0 {
		t.Fatalf("after the show: scores %v phase %d dealer %d; want %v, a new deal by north", g.scores, g.phase, g.dealer, want)
	}
	// the second deal: no 3 for last
	g.deal([2][]cmCard{cmCards("AC 2C 3C 4C 5C"), cmCards("AD 2D 3D 4D 5D")}, cmParse("KS"))
	if g.scores != want || g.toMove != 1 {
		t.Fatalf("second deal: scores %v, to move %d; want %v, south (the non-dealer) first", g.scores, g.toMove, want)
	}
}

// Random games of the model end at the target with one winner.
func TestCribbageModelPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 121))
	for _, target := range []int{61, 121} {
		for i := 0; i < 50; i++ {
			g := &cmGame{target: target, dealer: i % 2}
			for steps := 0; !g.over; steps++ {
				if steps > 10000 {
					t.Fatal("a game did not end")
				}
				if g.phase == cmDeal || g.hands == 0 {
					g.dealFrom(rng)
					continue
				}
				ms := g.moves()
				if len(ms) == 0 {
					t.Fatalf("no move in phase %d: %+v", g.phase, g)
				}
				g.play(ms[rng.IntN(len(ms))])
			}
			if g.scores[g.winner] < target || g.scores[1-g.winner] >= target {
				t.Fatalf("scores %v, winner %d", g.scores, g.winner)
			}
		}
	}
}

// cmFixedDeal is the deal the perft of traditional/cribbage starts from.
func cmFixedDeal() *cmGame {
	g := &cmGame{target: 61, dealer: 1}
	g.deal([2][]cmCard{cmCards("5H 5C JD 4S 6H"), cmCards("7C 8D 9S 2H KC")}, cmParse("5S"))
	return g
}

func TestCribbageModelPerftShape(t *testing.T) {
	g := cmFixedDeal()
	var got []string
	for d := 1; d <= 4; d++ {
		got = append(got, fmt.Sprint(g.perft(d)))
	}
	// two discards of five cards: 10 each
	if got[0] != "10" || got[1] != "100" {
		t.Fatalf("perft = %v, want 10, 100, …", got)
	}
}
