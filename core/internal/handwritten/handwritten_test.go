package handwritten

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// ---- Mancala ----

func mancalaTotal(m *Mancala) int {
	t := 0
	for i := 0; i < 2*m.n+2; i++ {
		t += m.board[i]
	}
	return t
}

func TestMancalaInitial(t *testing.T) {
	m := NewMancala(0, 0)
	if m.Pits() != 6 || mancalaTotal(m) != 48 || m.ToMove() != 0 || m.Over() {
		t.Fatalf("bad initial state: pits=%d total=%d", m.Pits(), mancalaTotal(m))
	}
	if got := m.Moves(nil); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5}) {
		t.Fatalf("initial moves = %v", got)
	}
}

func TestMancalaExtraTurn(t *testing.T) {
	m := NewMancala(6, 4)
	m.Play(2) // 4 seeds: pits 3,4,5 and the store
	if s, n := m.Stores(); s != 1 || n != 0 {
		t.Fatalf("stores = %d,%d, want 1,0", s, n)
	}
	if m.ToMove() != 0 {
		t.Fatal("last seed in own store must give an extra turn")
	}
	m.Play(5) // 5 seeds: store, north pits 0..3
	if m.ToMove() != 1 || m.Pit(1, 3) != 5 || m.Pit(1, 4) != 4 {
		t.Fatalf("toMove=%d north3=%d north4=%d", m.ToMove(), m.Pit(1, 3), m.Pit(1, 4))
	}
}

func TestMancalaSkipsOpponentStore(t *testing.T) {
	m := NewMancala(6, 4)
	m.board = [2*MaxMancalaPits + 2]int{}
	m.board[5] = 9 // south pit 5: store, north 0..5, (skip north store), south 0..1
	m.board[3] = 1
	m.board[8] = 1
	m.Play(5)
	if m.board[13] != 0 {
		t.Fatal("sowed into the opponent's store")
	}
	// Last seed lands in south pit 1, which had been empty: capture it with
	// the opposite north pit 4 (index 7+4 = 11), which now holds 1.
	if s, _ := m.Stores(); s != 1+1+1 || m.board[1] != 0 || m.board[11] != 0 {
		t.Fatalf("south store=%d pit1=%d north4=%d", s, m.board[1], m.board[11])
	}
	if m.board[0] != 1 || m.ToMove() != 1 || mancalaTotal(m) != 11 {
		t.Fatalf("pit0=%d toMove=%d total=%d", m.board[0], m.ToMove(), mancalaTotal(m))
	}
}

func TestMancalaCaptureEmptyOpposite(t *testing.T) {
	m := NewMancala(6, 4)
	m.board = [2*MaxMancalaPits + 2]int{}
	m.board[0] = 1 // sow into empty pit 1, opposite north pit 4 is empty
	m.board[2] = 3
	m.board[7] = 2
	m.Play(0)
	if s, _ := m.Stores(); s != 1 || m.board[1] != 0 || m.ToMove() != 1 {
		t.Fatalf("store=%d pit1=%d toMove=%d", s, m.board[1], m.ToMove())
	}
}

func TestMancalaOriginGetsSeedsOnLap(t *testing.T) {
	m := NewMancala(6, 4)
	m.board = [2*MaxMancalaPits + 2]int{}
	m.board[0] = 13 // a full lap of the 13 sowable places ends in the origin
	m.board[7] = 1
	m.Play(0)
	// The origin was empty when the last seed arrived: capture it and the
	// opposite north pit 5 (index 12), which received one seed.
	if s, _ := m.Stores(); s != 1+1+1 || m.board[0] != 0 || m.board[12] != 0 {
		t.Fatalf("store=%d pit0=%d north5=%d", s, m.board[0], m.board[12])
	}
	if mancalaTotal(m) != 14 {
		t.Fatalf("total=%d", mancalaTotal(m))
	}
}

func TestMancalaEndSweep(t *testing.T) {
	m := NewMancala(6, 4)
	m.board = [2*MaxMancalaPits + 2]int{}
	m.board[5] = 1 // last south seed goes to the store: game ends at once
	m.board[7] = 3
	m.board[8] = 2
	m.board[9] = 4
	m.board[13] = 1
	m.Play(5)
	if !m.Over() {
		t.Fatal("game should be over when south's pits are empty")
	}
	if s, n := m.Stores(); s != 1 || n != 10 || m.Winner() != 1 {
		t.Fatalf("stores = %d,%d winner=%d", s, n, m.Winner())
	}
	if len(m.Moves(nil)) != 0 {
		t.Fatal("moves after the end")
	}
}

func TestMancalaRandomGamesConserveSeeds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, cfg := range [][2]int{{6, 4}, {3, 1}, {8, 5}, {MaxMancalaPits, 7}} {
		m := NewMancala(cfg[0], cfg[1])
		want := 2 * cfg[0] * cfg[1]
		var buf []int
		for g := 0; g < 2000; g++ {
			m.Reset()
			for !m.Over() {
				mv := m.Moves(buf)
				if len(mv) == 0 {
					t.Fatal("no moves in an unfinished game")
				}
				m.Play(mv[rng.IntN(len(mv))])
				if got := mancalaTotal(m); got != want {
					t.Fatalf("%v: seed total %d, want %d", cfg, got, want)
				}
			}
			if s, n := m.Stores(); s+n != want {
				t.Fatalf("%v: stores %d+%d != %d", cfg, s, n, want)
			}
		}
		if plies := PlayoutMancala(m, rng); plies <= 0 || !m.Over() {
			t.Fatalf("%v: playout plies=%d over=%v", cfg, plies, m.Over())
		}
	}
}

func TestMancalaPlayoutNoAlloc(t *testing.T) {
	m := NewMancala(6, 4)
	rng := rand.New(rand.NewPCG(3, 4))
	if a := testing.AllocsPerRun(100, func() { PlayoutMancala(m, rng) }); a != 0 {
		t.Fatalf("PlayoutMancala allocates %v per run", a)
	}
}

// ---- DVONN ----

// Naive coordinate-based references, used to cross-check the bitboards.

type dvCoord struct{ c, r int }

var dvDirs = [6]dvCoord{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}}

func dvAt(s int) dvCoord { return dvCoord{s % dvStride, s / dvStride} }

func naiveMoves(d *Dvonn, player int) []int {
	var out []int
	for s := 0; s < dvCells; s++ {
		if d.Owner(s) != player {
			continue
		}
		p := dvAt(s)
		surrounded := true
		for _, dir := range dvDirs {
			q := DvonnSpace(p.c+dir.c, p.r+dir.r)
			if q < 0 || d.Height(q) == 0 {
				surrounded = false
			}
		}
		if surrounded {
			continue
		}
		h := d.Height(s)
		for _, dir := range dvDirs {
			q := DvonnSpace(p.c+h*dir.c, p.r+h*dir.r)
			if q >= 0 && d.Height(q) > 0 {
				out = append(out, s<<8|q)
			}
		}
	}
	slices.Sort(out)
	return out
}

// naiveConnected reports whether every occupied space is linked to a DVONN
// stack through occupied neighbours.
func naiveConnected(d *Dvonn) bool {
	seen := map[int]bool{}
	var stack []int
	for s := 0; s < dvCells; s++ {
		if d.HasDvonn(s) {
			seen[s] = true
			stack = append(stack, s)
		}
	}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		p := dvAt(s)
		for _, dir := range dvDirs {
			q := DvonnSpace(p.c+dir.c, p.r+dir.r)
			if q >= 0 && d.Height(q) > 0 && !seen[q] {
				seen[q] = true
				stack = append(stack, q)
			}
		}
	}
	for s := 0; s < dvCells; s++ {
		if d.Height(s) > 0 && !seen[s] {
			return false
		}
	}
	return true
}

func TestDvonnBoard(t *testing.T) {
	rows := [5]int{}
	spaces, interior := 0, 0
	for r := 0; r < 5; r++ {
		for c := 0; c < 11; c++ {
			s := DvonnSpace(c, r)
			if s < 0 {
				continue
			}
			rows[r]++
			spaces++
			nb := 0
			for _, dir := range dvDirs {
				if DvonnSpace(c+dir.c, r+dir.r) >= 0 {
					nb++
				}
			}
			if nb == 6 {
				interior++
			}
			// The shift-based neighbour mask agrees with the coordinates.
			if got := bits.OnesCount64(dvExpand(1 << uint(s))); got != nb {
				t.Fatalf("(%d,%d): dvExpand gives %d neighbours, want %d", c, r, got, nb)
			}
		}
	}
	if rows != [5]int{9, 10, 11, 10, 9} || spaces != dvSpaces || bits.OnesCount64(dvValid) != dvSpaces {
		t.Fatalf("rows %v, %d spaces", rows, spaces)
	}
	if interior != 25 || bits.OnesCount64(dvInterior) != 25 {
		t.Fatalf("%d interior spaces, want 25", interior)
	}
}

func TestDvonnPlacementFillsBoard(t *testing.T) {
	d := NewDvonn()
	rng := rand.New(rand.NewPCG(5, 6))
	var buf []int
	for i := 0; i < dvSpaces; i++ {
		if !d.Placing() || d.ToMove() != i&1 {
			t.Fatalf("placement %d: placing=%v toMove=%d", i, d.Placing(), d.ToMove())
		}
		mv := d.Moves(buf)
		if len(mv) != dvSpaces-i {
			t.Fatalf("placement %d: %d empty spaces", i, len(mv))
		}
		d.Play(mv[rng.IntN(len(mv))])
	}
	if d.Placing() || d.ToMove() != 0 || d.Pieces() != dvSpaces {
		t.Fatalf("after placement: placing=%v toMove=%d pieces=%d", d.Placing(), d.ToMove(), d.Pieces())
	}
	if w, b := d.Scores(); w != dvPieces || b != dvPieces || bits.OnesCount64(d.dvonn) != dvDvonns {
		t.Fatalf("scores %d,%d dvonns %d", w, b, bits.OnesCount64(d.dvonn))
	}
	// At the start only edge stacks move; every single piece moves one step.
	for _, m := range d.Moves(nil) {
		if dvInterior&(1<<uint(m>>8)) != 0 {
			t.Fatalf("interior stack %d moved", m>>8)
		}
	}
}

func TestDvonnRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	d := NewDvonn()
	var buf []int
	for g := 0; g < 500; g++ {
		d.Reset()
		for d.Placing() {
			mv := d.Moves(buf)
			d.Play(mv[rng.IntN(len(mv))])
		}
		pieces := d.Pieces()
		plies := 0
		for !d.Over() {
			mv := d.Moves(buf)
			if want := naiveMoves(d, d.ToMove()); !slices.Equal(slices.Sorted(slices.Values(mv)), want) {
				t.Fatalf("game %d: moves %v, want %v", g, mv, want)
			}
			if len(mv) == 0 {
				d.Play(DvonnPass)
			} else {
				m := mv[rng.IntN(len(mv))]
				from, to := m>>8, m&0xff
				hf, ht, owner := d.Height(from), d.Height(to), d.Owner(from)
				d.Play(m)
				if d.Height(from) != 0 || d.Owner(to) != owner && d.Height(to) != 0 {
					t.Fatalf("game %d: bad move %d->%d", g, from, to)
				}
				if h := d.Height(to); h != 0 && h != hf+ht {
					t.Fatalf("game %d: stack height %d, want %d", g, h, hf+ht)
				}
			}
			if p := d.Pieces(); p > pieces {
				t.Fatalf("game %d: piece total grew from %d to %d", g, pieces, p)
			} else {
				pieces = p
			}
			if bits.OnesCount64(d.dvonn) == 0 || !naiveConnected(d) {
				t.Fatalf("game %d: disconnected stacks left on the board", g)
			}
			if plies++; plies > 2*dvSpaces {
				t.Fatalf("game %d: does not end", g)
			}
		}
		w, b := d.Scores()
		if w+b > pieces || len(naiveMoves(d, 0))+len(naiveMoves(d, 1)) != 0 {
			t.Fatalf("game %d: end state scores %d,%d pieces %d", g, w, b, pieces)
		}
	}
}

func TestDvonnPlayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	d := NewDvonn()
	for g := 0; g < 2000; g++ {
		plies := PlayoutDvonn(d, rng)
		if plies <= dvSpaces || plies > 3*dvSpaces || !d.Over() {
			t.Fatalf("game %d: plies=%d over=%v", g, plies, d.Over())
		}
		if w, b := d.Scores(); w+b > dvSpaces || d.Pieces() < dvDvonns {
			t.Fatalf("game %d: scores %d,%d pieces %d", g, w, b, d.Pieces())
		}
	}
	if a := testing.AllocsPerRun(100, func() { PlayoutDvonn(d, rng) }); a != 0 {
		t.Fatalf("PlayoutDvonn allocates %v per run", a)
	}
}

// ---- Benchmarks ----

func BenchmarkHandwrittenMancalaPlayout(b *testing.B) {
	m := NewMancala(6, 4)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		plies += PlayoutMancala(m, rng)
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
}

func BenchmarkHandwrittenDvonnPlayout(b *testing.B) {
	d := NewDvonn()
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		plies += PlayoutDvonn(d, rng)
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
}

// ---- Nine Men's Morris ----

func TestMorrisOpening(t *testing.T) {
	m := NewMorris()
	if n := len(m.Moves(nil)); n != 24 {
		t.Fatalf("%d opening placements, want 24", n)
	}
	// a1 d1 (White), a4 b4 (Black); White's g1 closes a1-d1-g1 and takes a4 or b4.
	pt := map[string]int{}
	for i, n := range MorrisPoints {
		pt[n] = i
	}
	for _, p := range []string{"a1", "a4", "d1", "b4"} {
		m.Play(MorrisMove(MorrisNone, pt[p], MorrisNone))
	}
	var g1 []int
	for _, mv := range m.Moves(nil) {
		if _, to, rm := MorrisParts(mv); to == pt["g1"] {
			g1 = append(g1, rm)
		}
	}
	slices.Sort(g1)
	if want := []int{pt["a4"], pt["b4"]}; !slices.Equal(g1, want) {
		t.Fatalf("g1 removals %v, want %v", g1, want)
	}
}

func TestMorrisPlayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m := NewMorris()
	ended := 0
	for g := 0; g < 300; g++ {
		plies := PlayoutMorris(m, rng)
		if !m.Over() || plies < 18 || plies > MorrisMaxPlies {
			t.Fatalf("game %d: plies=%d over=%v", g, plies, m.Over())
		}
		if m.Winner() >= 0 {
			ended++
			l, lh := m.Men(1 - m.Winner())
			if bits.OnesCount32(l)+lh > 2 && len(m.Moves(nil)) != 0 {
				t.Fatalf("game %d: loser has %d men and moves", g, bits.OnesCount32(l)+lh)
			}
		}
	}
	if ended < 150 {
		t.Fatalf("only %d of 300 random games reached a result", ended)
	}
	if a := testing.AllocsPerRun(50, func() { PlayoutMorris(m, rng) }); a != 0 {
		t.Fatalf("PlayoutMorris allocates %v per run", a)
	}
}

func BenchmarkHandwrittenMorrisPlayout(b *testing.B) {
	m := NewMorris()
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		plies += PlayoutMorris(m, rng)
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
}

// ---- Cribbage ----

func cbCards(s ...string) []int8 {
	var out []int8
	for _, x := range s {
		r := strings.IndexByte("A23456789TJQK", x[0])
		u := strings.IndexByte("CDHS", x[1])
		out = append(out, int8(r*4+u))
	}
	return out
}

// The show on the readings' examples (A.6).
func TestCribbageShowHandwritten(t *testing.T) {
	for _, c := range []struct {
		cards []string
		start string
		crib  bool
		want  int
	}{
		{[]string{"3C", "6D", "6H"}, "9S", false, 8},
		{[]string{"4C", "4D", "5H"}, "6S", false, 12},
		{[]string{"2H", "4H", "8H"}, "KS", false, 3},
		{[]string{"2H", "4H", "8H"}, "KH", false, 4},
		{[]string{"2H", "4H", "8H", "QH"}, "KS", true, 0},
		{[]string{"2H", "4H", "8H", "QH"}, "KH", true, 5},
		{[]string{"5C", "5D", "5H", "JS"}, "5S", true, 29},
		{[]string{"KC", "AD", "2H"}, "9S", false, 0},
	} {
		if got := cbShow(cbCards(c.cards...), cbCards(c.start)[0], c.crib); got != c.want {
			t.Errorf("%v + %s: %d, want %d", c.cards, c.start, got, c.want)
		}
	}
}

// Random games end at the target with one winner, allocating nothing.
func TestCribbagePlayoutHandwritten(t *testing.T) {
	c := NewCribbage(61)
	rng := rand.New(rand.NewPCG(1, 2))
	plies := 0
	for i := 0; i < 200; i++ {
		plies += PlayoutCribbage(c, rng)
		s, w := c.Scores(), c.Winner()
		if w < 0 || s[w] < 61 || s[1-w] >= 61 {
			t.Fatalf("scores %v, winner %d", s, w)
		}
	}
	if mean := float64(plies) / 200; mean < 50 || mean > 75 {
		t.Errorf("mean length %.1f plies; the engine's random games average about 62", mean)
	}
	if a := testing.AllocsPerRun(20, func() { PlayoutCribbage(c, rng) }); a != 0 {
		t.Errorf("%v allocations per playout", a)
	}
}
