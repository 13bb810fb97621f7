package core_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
)

// zoneGame is a small game over zones: each seat places pieces from its
// own Nest on a row of five cells, steps one cell and takes by replacement;
// a taken piece goes to the Pen of its own colour (its owner's), from
// which its owner may release it back to the Nest; the table's shared pile
// collects discards from each seat's hand, in order.
const zoneGame = `name = "test/zones"
[players]
seats = ["A", "B"]
[board]
kind = "grid"
width = 5
height = 1
[pieces.a]
owner = "A"
[pieces.b]
owner = "B"
[pieces.x]
glyph = "X"
[zones.nest]
per_seat = true
[zones.pen]
per_seat = true
[zones.pile]
order = "pile"
[setup.zones.nest]
A = ["a:2"]
B = ["b:2"]
[setup.hand]
A = ["x:2"]
B = ["x"]
[moves.enter]
type = "place"
from = "nest"
[moves.step]
type = "step"
land = "empty_or_enemy"
capture = "replace"
capture_to = "pen"
[moves.release]
type = "transfer"
from = "pen"
to = "nest"
[moves.discard]
type = "transfer"
from = "hand"
to = "pile"
prefix = "d:"
[end.none]
type = "expr"
when = 'zone("pile") >= 9'
`

func loadZoneGame(t *testing.T) *core.Game {
	t.Helper()
	g, err := core.LoadBytes("zones.toml", []byte(zoneGame))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func sortedMoves(g *core.Game, s *core.State) []string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		out = append(out, g.Format(s, m))
	}
	sort.Strings(out)
	return out
}

func playZ(t *testing.T, g *core.Game, s *core.State, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := g.Parse(s, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := g.Play(s, m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}

// Zone pieces are placed, taken to their owner's Pen (not the captor's),
// released back to the Nest and discarded to an ordered shared pile that
// remembers who put each piece there; the moves name the zones' contents.
func TestZonesFlow(t *testing.T) {
	g := loadZoneGame(t)
	nest, _ := g.ZoneIndex("nest")
	pen, _ := g.ZoneIndex("pen")
	pile, _ := g.ZoneIndex("pile")
	ka, _ := g.KindIndex("a")
	kx, _ := g.KindIndex("x")
	s := g.NewState()
	if got := fmt.Sprint(sortedMoves(g, s)); got != "[a1 b1 c1 d1 d:x e1]" {
		t.Fatalf("A's first moves: %s", got)
	}
	playZ(t, g, s, "c1", "b1") // A enters on c1 (the queue of a placement from the Nest), B on b1
	if n := s.ZoneCount(nest, 0, ka); n != 1 {
		t.Fatalf("A's Nest holds %d a after one entry, want 1", n)
	}
	playZ(t, g, s, "c1-b1") // A takes B's piece: it goes to B's Pen
	if got := s.ZoneSize(pen, 1); got != 1 {
		t.Fatalf("B's Pen holds %d, want 1 (the taken piece goes to its owner's Pen)", got)
	}
	if got := s.ZoneSize(pen, 0); got != 0 {
		t.Fatalf("A's Pen holds %d, want 0", got)
	}
	if got := fmt.Sprint(sortedMoves(g, s)); !strings.Contains(got, " b ") && !strings.HasPrefix(got, "[b ") {
		t.Fatalf("B may release its taken piece (move \"b\"): %s", got)
	}
	playZ(t, g, s, "d:x", "d:x") // B discards its x to the pile; A discards one of its two
	if got, want := s.PileLen(pile, 0), 2; got != want {
		t.Fatalf("pile length %d, want %d", got, want)
	}
	for i, wantBy := range []int{1, 0} {
		k, by := s.PileAt(pile, 0, i)
		if k != kx || by != wantBy {
			t.Errorf("pile[%d] = kind %d by %d, want kind %d by %d", i, k, by, kx, wantBy)
		}
	}
	if got := fmt.Sprint(sortedMoves(g, s)); strings.Contains(got, "d:x") {
		t.Fatalf("B has no x left to discard: %s", got)
	}
	playZ(t, g, s, "b")
	if got := s.ZoneSize(nest, 1); got != 2 {
		t.Fatalf("B's Nest holds %d after the release, want 2", got)
	}
	if _, err := g.Parse(s, "d:a"); err == nil || !strings.Contains(err.Error(), "no a in hand") {
		t.Errorf("discarding a piece not in hand: %v", err)
	}
}

// The position hash covers zone contents: positions that differ only in a
// zone hash differently, and the same contents reached in another order
// (a transposition) hash alike; undo restores every zone exactly.
func TestZonesHashAndUndo(t *testing.T) {
	g := loadZoneGame(t)
	s1 := g.NewState()
	playZ(t, g, s1, "d:x", "a1", "d:x")
	s2 := g.NewState()
	playZ(t, g, s2, "d:x", "a1", "e1")
	if s1.Hash() == s2.Hash() {
		t.Fatal("positions differing in the hand, pile and board hash alike")
	}
	// a pile's order is part of the position: B then A, or A then B
	p1, p2 := g.NewState(), g.NewState()
	playZ(t, g, p1, "a1", "d:x", "d:x", "e1")
	playZ(t, g, p2, "d:x", "e1", "a1", "d:x")
	if p1.Hash() == p2.Hash() {
		t.Fatal("piles with the same pieces in another order hash alike")
	}
	// sets are not ordered: two entries in either order are one position
	q1, q2 := g.NewState(), g.NewState()
	playZ(t, g, q1, "a1", "e1", "b1", "d1")
	playZ(t, g, q2, "b1", "d1", "a1", "e1")
	if q1.Hash() != q2.Hash() {
		t.Fatal("a transposition of placements from the Nest differs")
	}
	// undo by History deltas restores hands, Nests, Pens and the pile
	h := core.NewHistory(g, g.NewState())
	var states []*core.State
	for _, text := range []string{"c1", "b1", "c1-b1", "d:x", "d:x", "b", "a1"} {
		states = append(states, h.State.Clone())
		m, err := g.Parse(h.State, text)
		if err != nil {
			t.Fatal(text, err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(text, err)
		}
	}
	for i := len(states) - 1; i >= 0; i-- {
		if !h.Undo() {
			t.Fatal("undo failed")
		}
		if !h.State.Equal(states[i]) || h.State.Hash() != states[i].Hash() {
			t.Fatalf("undo to ply %d does not restore the position", i)
		}
	}
	if h.State.Hash() != g.NewState().Hash() {
		t.Fatal("the start's hash changed")
	}
}

// Playing and undoing transfers and placements from zones allocates
// nothing.
func TestZonesAllocateNothing(t *testing.T) {
	g := loadZoneGame(t)
	s := g.NewState()
	buf := make([]core.Move, 0, 64)
	scratch := g.NewState()
	allocs := testing.AllocsPerRun(50, func() {
		scratch.CopyFrom(s)
		for i := 0; i < 6; i++ {
			ms := g.Moves(scratch, buf[:0])
			if len(ms) == 0 {
				break
			}
			if err := g.Play(scratch, ms[i%len(ms)]); err != nil {
				t.Fatal(err)
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run, want 0", allocs)
	}
}

// Zone declarations are checked: unknown zones and seats, a shared zone
// visible to its owner, a transfer to the same zone, zone() naming nothing.
func TestZonesErrors(t *testing.T) {
	cases := []struct{ name, edit, want string }{
		{"unknown place zone", "from = \"nest\"\n[moves.step]", ""},
		{"unknown zone", `[moves.x]
type = "transfer"
from = "nests"
to = "pen"`, `unknown zone "nests"`},
		{"same zone", `[moves.x]
type = "transfer"
from = "pen"
to = "pen"`, `the pieces would stay in "pen"`},
		{"owner of shared", `[zones.deck]
visible = "owner"`, `"owner" needs a per-seat zone`},
		{"shared setup", `[setup.zones.pile]
A = ["x"]`, `the zone is shared: write its pieces as all = [...]`},
		{"zone() name", `[end.e]
type = "expr"
when = 'zone("pens") > 0'`, `zone: unknown zone "pens"`},
		{"capture_to", `[moves.y]
type = "step"
capture = "replace"
land = "empty_or_enemy"
capture_to = "pens"`, `unknown zone "pens"`},
	}
	for _, c := range cases {
		if c.want == "" {
			continue
		}
		_, err := core.LoadBytes("zones.toml", []byte(zoneGame+c.edit+"\n"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// A swap exchanges the mover's board piece with a piece of its own Pen
// whose kind the pair condition accepts; the board piece goes to the Pen.
func TestZonesSwap(t *testing.T) {
	g, err := core.LoadBytes("swap.toml", []byte(`name = "test/swap"
[players]
seats = ["A", "B"]
[board]
kind = "grid"
width = 3
height = 1
[pieces.a]
owner = "A"
[pieces.r]
owner = "A"
flags = ["round"]
[pieces.b]
owner = "B"
[zones.pen]
per_seat = true
[setup.pieces]
a1 = "a"
b1 = "b"
[setup.zones.pen]
A = ["r"]
B = ["r"]
[moves.swap]
type = "swap"
zone = "pen"
match_if = '"round" in incoming.flags'
[moves.step]
type = "step"
`))
	if err != nil {
		t.Fatal(err)
	}
	pen, _ := g.ZoneIndex("pen")
	ka, _ := g.KindIndex("a")
	s := g.NewState()
	if got := fmt.Sprint(sortedMoves(g, s)); got != "[a1=r]" {
		t.Fatalf("A's moves: %s (a1 is blocked; the only swap is a for the round r)", got)
	}
	playZ(t, g, s, "a1=r")
	if s.ZoneCount(pen, 0, ka) != 1 || s.ZoneSize(pen, 0) != 1 {
		t.Fatalf("A's Pen after the swap: %d a of %d, want the a alone", s.ZoneCount(pen, 0, ka), s.ZoneSize(pen, 0))
	}
	if p := s.Top(0); p < 0 || g.PieceKindOf(p).Name != "r" {
		t.Fatalf("a1 does not hold the r after the swap")
	}
	// B's Pen holds an r too, but B has no piece the pair condition lets it
	// swap for one of A's kind? It may: B's b for the r (match_if reads only
	// the incoming piece); the board piece goes to B's Pen.
	if got := fmt.Sprint(sortedMoves(g, s)); got != "[b1-c1 b1=r]" {
		t.Fatalf("B's moves: %s", got)
	}
	if _, err := g.Parse(s, "b1=a"); err == nil {
		t.Fatal("a swap for a kind the Pen does not hold was accepted")
	}
}

// collect empties zones into one: a per-seat zone into the same seat's
// instance of the target, a shared zone into the mover's.
func TestZonesCollect(t *testing.T) {
	src := strings.Replace(zoneGame, `prefix = "d:"`, `prefix = "d:"
after = ["back", "free"]`, 1) + `[effects.back]
type = "collect"
from = ["pile"]
to = "hand"
[effects.free]
type = "collect"
from = ["pen"]
to = "nest"
`
	g, err := core.LoadBytes("collect.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	hand, _ := g.ZoneIndex("hand")
	pile, _ := g.ZoneIndex("pile")
	nest, _ := g.ZoneIndex("nest")
	s := g.NewState()
	playZ(t, g, s, "c1", "b1", "c1-b1") // B's piece to B's Pen
	playZ(t, g, s, "d:x")               // B discards: the pile comes back to B's hand, B's Pen to B's Nest
	if n := s.ZoneSize(pile, 0); n != 0 {
		t.Fatalf("pile holds %d after the collect", n)
	}
	if n := s.ZoneSize(hand, 1); n != 1 {
		t.Fatalf("B's hand holds %d, want its x back", n)
	}
	if n := s.ZoneSize(nest, 1); n != 2 {
		t.Fatalf("B's Nest holds %d, want 2 (its taken piece collected from its Pen)", n)
	}
}
