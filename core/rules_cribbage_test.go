package core

// Rule tests of traditional/cribbage (shared/rules/traditional-readings.md
// Part A), each naming the reading it checks, and the engine against the
// independent model of cribbage_model_test.go.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rulesmith/variants"
)

func loadCribbage(t testing.TB, sets ...string) *Game {
	t.Helper()
	g, err := Load("traditional/cribbage", WithFS(variants.FS()), WithSet(sets...))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// cribChance plays the outcome written want ("deal=5H", "start=5S") of
// the pending chance event.
func cribChance(t testing.TB, g *Game, s *State, want string) {
	t.Helper()
	if s.ChancePending() < 0 {
		t.Fatalf("no chance event pending (want %s)", want)
	}
	for _, m := range g.Settle(s, nil) {
		if g.Format(s, m) == want {
			if err := g.Play(s, m); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("%s is no outcome of the pending event", want)
}

// cribDeal deals the hands (the non-dealer's first) from a deal pending
// in s: one card at a time, alternately, the non-dealer first (A.2).
func cribDeal(t testing.TB, g *Game, s *State, pone, dealer string) {
	t.Helper()
	p, d := strings.Fields(pone), strings.Fields(dealer)
	for i := range p {
		cribChance(t, g, s, "deal="+p[i])
		cribChance(t, g, s, "deal="+d[i])
	}
}

// cribPlay plays the decisions written in moves, checking after each the
// scores [North, South].
func cribPlay(t testing.TB, g *Game, s *State, steps ...any) {
	t.Helper()
	for i := 0; i < len(steps); i += 2 {
		text := steps[i].(string)
		m, err := g.Parse(s, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := g.Play(s, m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		want := steps[i+1].([2]int)
		if got := [2]int{s.Score(0), s.Score(1)}; got != want {
			t.Fatalf("after %s: scores %v, want %v", text, got, want)
		}
	}
}

// cribShow puts cards into zones of a fresh position (taken from the deck)
// and returns the points of the show step named step for seat's turn.
func cribShowPoints(t *testing.T, g *Game, step string, hand, played, start string) int {
	t.Helper()
	s := g.NewState()
	deck, _ := g.ZoneIndex("deck")
	put := func(zone string, seat int, cards string) {
		z, _ := g.ZoneIndex(zone)
		for _, c := range strings.Fields(cards) {
			k, ok := g.KindIndex(c)
			if !ok {
				t.Fatalf("no card %s", c)
			}
			s.zoneTake(g.zoneInst(deck, 0), k)
			s.zoneAdd(g.zoneInst(z, seat), k, seat)
		}
	}
	seat := 0 // North: the non-dealer (South deals first)
	zone := "hand"
	if step == "crib" {
		seat, zone = 1, "crib"
	}
	put(zone, seat, hand)
	put("played", seat, played)
	put("played", 1-seat, "KD") // the other's laid card is not his
	put("start", 0, start)
	show := -1
	for i, ph := range g.phases {
		if ph.name == "show" {
			show = i
		}
	}
	for _, st := range g.rounds.steps[show] {
		if st.name == step {
			return g.evalPoints(s, g.seatFor(s, st.seat), st.points, st.pointsPos)
		}
	}
	t.Fatalf("no step %s", step)
	return 0
}

// A.6: the show scores fifteens, pairs, runs, flushes (the crib's only
// with the start), nobs; the hand is the cards kept, laid or not.
func TestCribbageShow(t *testing.T) {
	g := loadCribbage(t)
	cases := []struct {
		name, step, hand, played, start string
		want                            int
	}{
		{"A.6 fifteens: 3 6 6 + 9 gives 6 for fifteens, 2 for the pair", "pone_hand", "3C 6D 6H", "", "9S", 8},
		{"A.6 runs: 4 4 5 + 6: a double run of 3 (6), a pair (2), 4+5+6 twice (4)", "pone_hand", "4C 4D 5H", "", "6S", 12},
		{"the same hand laid in the play scores the same", "pone_hand", "4C", "4D 5H", "6S", 12},
		{"A.6 flush: three in the hand, 3", "pone_hand", "2H 4H 8H", "", "KS", 3},
		{"A.6 flush: three with the start, 4", "pone_hand", "2H 8H", "4H", "KH", 4},
		{"A.6 crib flush: four of a suit without the start, nothing", "crib", "2H 4H 8H QH", "", "KS", 0},
		{"A.6 crib flush: all five, 5", "crib", "2H 4H 8H QH", "", "KH", 5},
		{"A.6 nobs: the jack of the start's suit, 1", "pone_hand", "JS AD 2H", "", "KS", 1},
		{"A.6 nobs: a jack of another suit, nothing", "pone_hand", "JD AC 2H", "", "KS", 0},
		{"A.6 pairs: pair royal, 6", "pone_hand", "7C 7D 7H", "", "KS", 6},
		{"A.6 double pair royal with the start, 12", "pone_hand", "7C 7D 7H", "", "7S", 12},
		{"A.6 5 5 J + 5: fifteens 8, pair royal 6, nobs 1", "pone_hand", "5C 5D JS", "", "5S", 15},
		{"A.2 ace low: K A 2 is no run", "pone_hand", "KC AD 2H", "", "9S", 0},
		{"A.6 crib: run of 4, 2+3+J, A+4+J", "crib", "2C 3C AS 4S", "", "JH", 8},
		{"A.6 crib: 29 hand", "crib", "5C 5D 5H JS", "", "5S", 29},
		{"A.6 dealer's hand", "dealer_hand", "KC QD 9H", "", "JH", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.step == "dealer_hand" {
				// South's hand: put it as South's
				s := cribShowPointsSeat(t, g, c.hand, c.start)
				if s != c.want {
					t.Errorf("got %d, want %d", s, c.want)
				}
				return
			}
			if got := cribShowPoints(t, g, c.step, c.hand, c.played, c.start); got != c.want {
				t.Errorf("got %d, want %d", got, c.want)
			}
			// the model agrees
			cards := cmCards(c.hand + " " + c.played)
			if got := cmShow(cards, cmParse(c.start), c.step == "crib"); got != c.want {
				t.Errorf("model: got %d, want %d", got, c.want)
			}
		})
	}
}

// cribShowPointsSeat scores South's (the dealer's) hand.
func cribShowPointsSeat(t *testing.T, g *Game, hand, start string) int {
	t.Helper()
	s := g.NewState()
	deck, _ := g.ZoneIndex("deck")
	hz, _ := g.ZoneIndex("hand")
	sz, _ := g.ZoneIndex("start")
	for _, c := range strings.Fields(hand) {
		k, _ := g.KindIndex(c)
		s.zoneTake(g.zoneInst(deck, 0), k)
		s.zoneAdd(g.zoneInst(hz, 1), k, 1)
	}
	k, _ := g.KindIndex(start)
	s.zoneTake(g.zoneInst(deck, 0), k)
	s.zoneAdd(g.zoneInst(sz, 0), k, -1)
	for i, ph := range g.phases {
		if ph.name != "show" {
			continue
		}
		for _, st := range g.rounds.steps[i] {
			if st.name == "dealer_hand" {
				return g.evalPoints(s, g.seatFor(s, st.seat), st.points, st.pointsPos)
			}
		}
	}
	t.Fatal("no dealer_hand step")
	return 0
}

// A.2, A.4, A.5, A.6, A.8: one hand from the deal to the show: 3 for last
// on the first deal, his heels, 15, pairs, a run in any order, go (the
// other plays on, several cards in a row), 1 for last, the show's order.
func TestCribbageHand(t *testing.T) {
	g := loadCribbage(t)
	s := g.NewState()
	if s.Dealer() != 1 {
		t.Fatalf("dealer %d, want South", s.Dealer())
	}
	// A.2: North (the non-dealer) is dealt first and pegs 3 for last at once
	cribDeal(t, g, s, "TC TD 5H 2C 3C", "KC QD 9H AS 4S")
	if s.Score(0) != 3 || s.Score(1) != 0 || s.ToMove() != 0 {
		t.Fatalf("after the deal: scores %d %d, to move %d", s.Score(0), s.Score(1), s.ToMove())
	}
	cribPlay(t, g, s, "2C+3C", [2]int{3, 0}, "AS+4S", [2]int{3, 0})
	// A.4: the start is a jack: his heels, 2 to the dealer before the play
	cribChance(t, g, s, "start=JH")
	if s.Score(1) != 2 || s.ToMove() != 0 {
		t.Fatalf("his heels: South %d, to move %d; want 2, North leads", s.Score(1), s.ToMove())
	}
	// TC 10, KC 20, TD 30: South cannot play Q or 9 (go), North neither:
	// the play ends; 1 for last to North. Show (A.6): North T T 5 + JH: 5+T,
	// 5+T, 5+J = 6, pair 2: 8; South K Q 9 + JH: run J Q K 3; crib 2C 3C AS
	// 4S + JH: run A-4 4, 2+3+J and A+4+J 4: 8.
	cribPlay(t, g, s, "TC", [2]int{3, 2}, "KC", [2]int{3, 2}, "TD", [2]int{3 + 1 + 8, 2 + 3 + 8})
	if s.Dealer() != 0 || s.ChancePending() < 0 {
		t.Fatalf("after the show: dealer %d, chance %d; want North dealing the next hand", s.Dealer(), s.ChancePending())
	}
	// A.2: no 3 for last on the second deal; South (now the non-dealer) leads
	cribDeal(t, g, s, "5S 6H 2D AH QC", "5C 5D 7C 8C 9D")
	if s.Score(0) != 12 || s.Score(1) != 13 || s.ToMove() != 1 {
		t.Fatalf("second deal: scores %d %d, to move %d", s.Score(0), s.Score(1), s.ToMove())
	}
	cribPlay(t, g, s, "AH+2D", [2]int{12, 13}, "8C+9D", [2]int{12, 13})
	cribChance(t, g, s, "start=KH")
	// A.5 pegging: 5S (5); 5C pair (10): North 2; 6H (16); 5D (21): no
	// pair, no run (5 6 5); QC (31): 31 for 2 to South, the play ends, no
	// point for last. Then 7C stays in North's hand.
	cribPlay(t, g, s,
		"5S", [2]int{12, 13},
		"5C", [2]int{14, 13},
		"6H", [2]int{14, 13},
		"5D", [2]int{14, 13})
	// QC makes 31: 2; then the show: South (non-dealer) 5S 6H QC + KH:
	// 5+Q, 5+K: 4; North 5C 5D 7C + KH: 5+K twice 4, pair 2: 6; crib 2D
	// AH 8C 9D + KH: no fifteen (2+A+... 2+A+K=13, 2+A+8=11? 8+A+... no:
	// 9+A+... ) counted by the model.
	m, err := g.Parse(s, "QC")
	if err != nil {
		t.Fatal(err)
	}
	before := [2]int{s.Score(0), s.Score(1)}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	crib := cmShow(cmCards("2D AH 8C 9D"), cmParse("KH"), true)
	want := [2]int{before[0] + 6 + crib, before[1] + 2 + 4}
	if got := [2]int{s.Score(0), s.Score(1)}; got != want {
		t.Fatalf("31 and the show: scores %v, want %v (31 for 2, no last)", got, want)
	}
}

// A.5: pairs and runs in the play, with a go between: a player's own
// consecutive cards pair and run too.
func TestCribbagePegging(t *testing.T) {
	g := loadCribbage(t)
	s := g.NewState()
	cribDeal(t, g, s, "3C 4D 2C KC QC", "5H 9H 9S AD AS")
	cribPlay(t, g, s, "QC+KC", [2]int{3, 0}, "AD+AS", [2]int{3, 0})
	cribChance(t, g, s, "start=8D")
	// 3C (3); 5H (8); 4D (12): run 3-5-4 of 3 to North; 9H (21); 2C (23):
	// no run (4 9 2); 9S (32 > 31): South cannot: go; North has nothing:
	// the play ends, 1 for last to North (2C).
	cribPlay(t, g, s, "3C", [2]int{3, 0}, "5H", [2]int{3, 0}, "4D", [2]int{6, 0}, "9H", [2]int{6, 0})
	pre := s.Score(0)
	m, _ := g.Parse(s, "2C")
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	// show: North 3 4 2 + 8: run 2-3-4 3; 3+4+8 = 15 2: 5. South 5 9 9 +
	// 8: pair 2; crib KC QC AD AS + 8D: pair 2, no fifteen
	wantN := pre + 1 + cmShow(cmCards("3C 4D 2C"), cmParse("8D"), false)
	if s.Score(0) != wantN {
		t.Fatalf("North %d, want %d (1 for last and the show)", s.Score(0), wantN)
	}
	if wantN != 6+1+5 {
		t.Fatalf("hand-worked: %d", wantN)
	}
	// a go: South plays on alone, own consecutive cards pair
	s = g.NewState()
	cribDeal(t, g, s, "KC KD QH 2C 3C", "5H 5S 5C 4C 4H")
	cribPlay(t, g, s, "2C+3C", [2]int{3, 0}, "4C+4H", [2]int{3, 0})
	cribChance(t, g, s, "start=AC")
	// KC (10); 5H (15): 2; KD (25); 5S (30); North QH cannot (go), South
	// 5C cannot (35): the play ends: 1 for last to South.
	cribPlay(t, g, s, "KC", [2]int{3, 0}, "5H", [2]int{3, 2}, "KD", [2]int{3, 2})
	m, _ = g.Parse(s, "5S")
	pre1 := s.Score(1)
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	south := cmShow(cmCards("5H 5S 5C"), cmParse("AC"), false)
	if got := s.Score(1) - pre1; got < 1+south {
		t.Fatalf("South got %d, want at least 1 for last and the show %d", got, south)
	}
}

// A.5: after a go the other player lays on, and his own consecutive
// cards pair; 31 scores 2 besides.
func TestCribbageGoPairs(t *testing.T) {
	g := loadCribbage(t)
	s := g.NewState()
	cribDeal(t, g, s, "KC 9C 2C 7S 7D", "QH AD AH 6S 6C")
	cribPlay(t, g, s, "7D+7S", [2]int{3, 0}, "6C+6S", [2]int{3, 0})
	cribChance(t, g, s, "start=3H")
	// KC 10, QH 20, 9C 29, AD 30: North's 2C would make 32: go; South
	// plays on: AH 31, a pair with his own AD (2) and 31 (2).
	cribPlay(t, g, s, "KC", [2]int{3, 0}, "QH", [2]int{3, 0}, "9C", [2]int{3, 0}, "AD", [2]int{3, 0})
	if s.ToMove() != 1 {
		t.Fatalf("to move %d, want South (North's 2C would pass 31: go)", s.ToMove())
	}
	if ms := g.Settle(s, nil); len(ms) != 1 || g.Format(s, ms[0]) != "AH" {
		t.Fatalf("South's moves %d, want AH alone", len(ms))
	}
	m, _ := g.Parse(s, "AH")
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	north := 3 + cmShow(cmCards("KC 9C 2C"), cmParse("3H"), false)
	south := 4 + cmShow(cmCards("QH AD AH"), cmParse("3H"), false) + cmShow(cmCards("7D 7S 6C 6S"), cmParse("3H"), true)
	if s.Score(0) != north || s.Score(1) != south {
		t.Fatalf("scores %d %d, want %d %d (2 for the pair, 2 for 31, no last; then the show)", s.Score(0), s.Score(1), north, south)
	}
}

// A.8: random games end the moment a seat reaches 61 (121 with
// --set target=121), and the engine agrees with the model score by score
// and move list by move list over whole random games.
func TestCribbageMatchesModel(t *testing.T) {
	for _, target := range []int{61, 121} {
		g := loadCribbage(t, "target="+strconv.Itoa(target))
		rng := rand.New(rand.NewPCG(uint64(target), 5))
		games := 40
		for game := 0; game < games; game++ {
			cribCompareGame(t, g, target, rng)
		}
	}
}

func cribCompareGame(t *testing.T, g *Game, target int, rng *rand.Rand) {
	t.Helper()
	s := g.NewState()
	m := &cmGame{target: target, dealer: s.Dealer()}
	var start cmCard
	buf := make([]Move, 0, 64)
	for plies := 0; !s.Over(); plies++ {
		if plies > 5000 {
			t.Fatal("a game did not end")
		}
		if s.ChancePending() >= 0 {
			ms := g.Settle(s, buf)
			word := g.Format(s, ms[0])
			if strings.HasPrefix(word, "start=") {
				cribChance(t, g, s, "start="+start.String())
				continue
			}
			// a deal: shuffle, deal both engine and model
			d := cmNewDeck()
			rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
			var hands [2][]cmCard
			pone := 1 - m.dealer
			if s.Dealer() != m.dealer {
				t.Fatalf("dealer: engine %d, model %d", s.Dealer(), m.dealer)
			}
			for i := 0; i < 10; i++ {
				seat := (pone + i) % 2
				hands[seat] = append(hands[seat], d[i])
				cribChance(t, g, s, "deal="+d[i].String())
			}
			start = d[10+rng.IntN(42)]
			m.deal(hands, start)
			cribSameScores(t, g, s, m)
			continue
		}
		cribSameScores(t, g, s, m) // the model scores his heels with the discard, the engine at the start's turn
		ms := g.Settle(s, buf)
		var got []string
		for _, mv := range ms {
			got = append(got, g.Format(s, mv))
		}
		slices.Sort(got)
		want := m.moves()
		if !slices.Equal(got, want) || s.ToMove() != m.toMove {
			t.Fatalf("moves: engine %v (seat %d), model %v (seat %d)", got, s.ToMove(), want, m.toMove)
		}
		pick := got[rng.IntN(len(got))]
		mv, err := g.Parse(s, pick)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(s, mv); err != nil {
			t.Fatal(err)
		}
		m.play(pick)
		if got := [2]int{s.Score(0), s.Score(1)}; s.ChancePending() < 0 && (got != m.scores || s.Over() != m.over) {
			t.Fatalf("after %s: scores: engine %v (over %v), model %v (over %v); model played %v by %v, start %v, hands %v crib %v",
				pick, got, s.Over(), m.scores, m.over, m.played, m.playBy, m.start, m.hand, m.crib)
		}
	}
	cribSameScores(t, g, s, m)
	if !m.over {
		t.Fatal("the engine's game ended, the model's did not")
	}
	r := g.Result(s)
	if r.Winner != m.winner || s.Score(m.winner) < target || s.Score(1-m.winner) >= target {
		t.Fatalf("result %+v, model winner %d, scores %d %d", r, m.winner, s.Score(0), s.Score(1))
	}
}

func cribSameScores(t *testing.T, g *Game, s *State, m *cmGame) {
	t.Helper()
	if got := [2]int{s.Score(0), s.Score(1)}; got != m.scores || s.Over() != m.over {
		t.Fatalf("scores: engine %v (over %v), model %v (over %v)", got, s.Over(), m.scores, m.over)
	}
}

// A.3, A.5 notation: the compile-time check decides the discards and the
// cards laid (no sampling needed, no warning).
func TestCribbageNotationDecided(t *testing.T) {
	g := loadCribbage(t)
	if g.NotationOpen() || len(g.Warnings()) > 0 {
		t.Fatalf("notation open %v, warnings %v", g.NotationOpen(), g.Warnings())
	}
}

// Random playouts end (A.8) with one seat at the target.
func TestCribbagePlayoutsEnd(t *testing.T) {
	g := loadCribbage(t)
	rng := rand.New(rand.NewPCG(7, 7))
	buf := make([]Move, 0, 256)
	for i := 0; i < 30; i++ {
		s := g.NewState()
		if _, err := g.Playout(s, rng, buf, nil); err != nil {
			t.Fatal(err)
		}
		if !s.Over() || max(s.Score(0), s.Score(1)) < 61 || min(s.Score(0), s.Score(1)) >= 61 {
			t.Fatalf("playout: over %v, scores %d %d", s.Over(), s.Score(0), s.Score(1))
		}
	}
}

// A.10: chance events are not plies. The perft of one fixed deal counts
// the decisions (two discards, then the cards laid) and is reproduced by
// the model: the golden of testdata/perft/cribbage/fixed-deal.txt, and
// random deals.
func TestCribbagePerftFixedDeal(t *testing.T) {
	g := loadCribbage(t)
	fixed := strings.Split("5H,7C,5C,8D,JD,9S,4S,2H,6H,KC,5S", ",")
	data, err := os.ReadFile("../testdata/perft/cribbage/fixed-deal.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), strings.Join(fixed, ",")) {
		t.Fatal("the golden names another deal")
	}
	lines := 0
	for _, line := range strings.Split(string(data), "\n") {
		var d int
		var want uint64
		if _, err := fmt.Sscanf(line, "depth %d: %d", &d, &want); err != nil {
			continue
		}
		lines++
		if got := cmFixedDeal().perft(d); got != want {
			t.Errorf("model depth %d: %d, golden %d", d, got, want)
		}
		got, _, err := g.ChancePerftWith(g.NewState(), d, ChanceOptions{Fixed: fixed})
		if err != nil || got != want {
			t.Errorf("engine depth %d: %d (%v), golden %d", d, got, err, want)
		}
	}
	if lines != 8 {
		t.Fatalf("%d depths in the golden, want 8", lines)
	}
	// random deals: engine and model agree on every depth of the hand
	rng := rand.New(rand.NewPCG(10, 31))
	for i := 0; i < 6; i++ {
		d := cmNewDeck()
		rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
		var hands [2][]cmCard
		var out []string
		for k := 0; k < 10; k++ {
			hands[k%2] = append(hands[k%2], d[k]) // North (the non-dealer) first
			out = append(out, d[k].String())
		}
		out = append(out, d[10].String())
		m := &cmGame{target: 61, dealer: 1}
		m.deal(hands, d[10])
		for depth := 1; depth <= 8; depth++ {
			got, _, err := g.ChancePerftWith(g.NewState(), depth, ChanceOptions{Fixed: out})
			if want := m.perft(depth); err != nil || got != want {
				t.Fatalf("deal %v depth %d: engine %d (%v), model %d", out, depth, got, err, want)
			}
		}
	}
}

// A chance perft over the deal itself is refused at once, with the way out.
func TestCribbagePerftRefused(t *testing.T) {
	g := loadCribbage(t)
	_, _, err := g.ChancePerftWith(g.NewState(), 1, ChanceOptions{})
	want := "core: chance perft: a chance node with 49 outcomes (deal), 4 in a row (52·51·50·49 outcomes), makes more than 1048576 outcome sequences; fix the outcomes (perft --deal OUTCOMES, or --seed S)"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
	s := g.NewState()
	if n, _ := g.ChancePerft(s, 2); n != 0 || s.Limit() == nil {
		t.Fatalf("ChancePerft = %d, limit %v; want 0 and the refusal", n, s.Limit())
	}
	// a fixed outcome that is no outcome names the outcomes
	_, _, err = g.ChancePerftWith(g.NewState(), 1, ChanceOptions{Fixed: []string{"5H", "5H"}})
	if err == nil || !strings.Contains(err.Error(), `fixed outcome 2, "5H", is no outcome`) {
		t.Fatalf("err = %v", err)
	}
	// seeded: the same count twice, and every line meets one deal
	a, _, err1 := g.ChancePerftWith(g.NewState(), 4, ChanceOptions{Seeded: true, Seed: 9})
	b, _, err2 := g.ChancePerftWith(g.NewState(), 4, ChanceOptions{Seeded: true, Seed: 9})
	if err1 != nil || err2 != nil || a != b || a != 900 {
		t.Fatalf("seeded depth 4: %d %d (%v %v), want 900 twice (10·10·3·3)", a, b, err1, err2)
	}
}

// A.2: the first dealer is cut for, and the reading lets a harness fix him
// as a parameter: South deals first by default, --set first_dealer=North
// gives North the first deal. The non-dealer is dealt first, pegs the 3
// for last and discards first; the deal then alternates. A first_dealer
// that is no seat is refused at the dealer key, naming the parameter.
func TestCribbageFirstDealer(t *testing.T) {
	for _, tc := range []struct {
		sets   []string
		dealer int
	}{{nil, 1}, {[]string{"first_dealer=North"}, 0}} {
		g := loadCribbage(t, tc.sets...)
		s := g.NewState()
		if s.Dealer() != tc.dealer {
			t.Fatalf("%v: dealer %d, want %d", tc.sets, s.Dealer(), tc.dealer)
		}
		pone := 1 - tc.dealer
		cribDeal(t, g, s, "KC KD QH 2C 3C", "5H 5S 5C 4C 4H")
		hand, _ := g.ZoneIndex("hand")
		kc, _ := g.KindIndex("KC")
		if s.ZoneCount(hand, pone, kc) != 1 {
			t.Fatalf("%v: the first card dealt is not the non-dealer's", tc.sets)
		}
		if s.Score(pone) != 3 || s.Score(tc.dealer) != 0 || s.ToMove() != pone {
			t.Fatalf("%v: scores %d %d, %d to move; want 3 for last to the non-dealer %d, who discards first",
				tc.sets, s.Score(0), s.Score(1), s.ToMove(), pone)
		}
		// play the hand out: the next deal is the other seat's
		for s.Dealer() == tc.dealer && !s.Over() {
			ms := g.Settle(s, nil)
			if len(ms) == 0 {
				t.Fatalf("%v: the game ended in the first hand", tc.sets)
			}
			if err := g.Play(s, ms[0]); err != nil {
				t.Fatal(err)
			}
		}
		if s.Dealer() != pone || s.Score(pone) < 3 {
			t.Fatalf("%v: second dealer %d, want %d", tc.sets, s.Dealer(), pone)
		}
	}
	_, err := Load("traditional/cribbage", WithFS(variants.FS()), WithSet("first_dealer=East"))
	want := `turns.dealer: parameter first_dealer is "East"; want a seat (North, South)`
	if err == nil || !strings.Contains(err.Error(), "traditional/cribbage.toml:") || !strings.Contains(err.Error(), want) ||
		strings.Contains(err.Error(), "needs [turns] dealer") {
		t.Fatalf("err = %v\nwant one error at the dealer key: %s", err, want)
	}
}

// A.5: "go" is not a ply; the engine passes the turn. A card written for
// the player who said go is refused with the reason: he is passed over.
// A refusal with no seat passed over says nothing of it.
func TestCribbageGoRefusalSaysPassedOver(t *testing.T) {
	g := loadCribbage(t)
	s := g.NewState()
	cribDeal(t, g, s, "KC 9C 2C 7S 7D", "QH AD AH 6S 6C")
	cribPlay(t, g, s, "7D+7S", [2]int{3, 0}, "6C+6S", [2]int{3, 0})
	cribChance(t, g, s, "start=3H")
	if _, err := g.Parse(s, "QH"); err == nil || strings.Contains(err.Error(), "passed over") {
		t.Fatalf("QH for North (South's card) at the lead: %v", err)
	}
	cribPlay(t, g, s, "KC", [2]int{3, 0}, "QH", [2]int{3, 0}, "9C", [2]int{3, 0}, "AD", [2]int{3, 0})
	_, err := g.Parse(s, "2C")
	want := `South has no 2C in hand; North has no move and is passed over: South is to move (rule lay, A.5)`
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}

// A.9: "Each player sees his own five dealt cards, and so his own
// discards"; an engine's observation for a player is "his own cards (hand
// and discards)". After both discards and through the play, each seat's
// view holds its own two discards and not the opponent's: they are not
// among the cards it cannot see (so an agent never deals them to the
// opponent when it samples what it cannot see). The crib is formed, face
// down, at the show and scored there (A.6).
func TestCribbageViewKeepsOwnDiscards(t *testing.T) {
	g := loadCribbage(t)
	s := g.NewState()
	cribDeal(t, g, s, "KC 9C 2C 7S 7D", "QH AD AH 6S 6C")
	cribPlay(t, g, s, "7D+7S", [2]int{3, 0}, "6C+6S", [2]int{3, 0})
	cribChance(t, g, s, "start=3H")
	for seat, own := range [2][]string{{"7D", "7S"}, {"6C", "6S"}} {
		other := [2][]string{{"6C", "6S"}, {"7D", "7S"}}[seat]
		v := g.View(s, seat)
		for _, c := range own {
			k, _ := g.KindIndex(c)
			if v.Unseen[k] != 0 {
				t.Errorf("seat %d does not see its own discard %s", seat, c)
			}
		}
		for _, c := range other {
			k, _ := g.KindIndex(c)
			if v.Unseen[k] != 1 {
				t.Errorf("seat %d sees the opponent's discard %s", seat, c)
			}
		}
	}
}
