package core_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"rulesmith/core"
)

func pairsState(t *testing.T, g *core.Game, lines ...string) *core.State {
	t.Helper()
	s := g.NewState()
	playZ(t, g, s, lines...)
	return s
}

// A seat's view hides exactly the zones it may not see (the other hand and
// the deck) and keeps its own; the information-set key is the same for
// positions that differ only there and differs for the seat who sees the
// difference; a sample from the view keeps what the seat sees and refills
// the rest from the unseen cards.
func TestViewHidesOtherHands(t *testing.T) {
	g, err := core.Load("../testdata/variants/pairs.toml")
	if err != nil {
		t.Fatal(err)
	}
	hand, _ := g.ZoneIndex("hand")
	deck, _ := g.ZoneIndex("deck")
	s1 := pairsState(t, g, "deal=a", "deal=b", "deal=a", "deal=c", "draw=d")
	s2 := pairsState(t, g, "deal=a", "deal=c", "deal=a", "deal=d", "draw=d")
	v := g.View(s1, 0)
	var hidden []string
	for _, h := range v.Hidden {
		name := g.Zones()[h.Zone]
		if h.Seat >= 0 {
			name += " " + g.Seat(h.Seat)
		}
		hidden = append(hidden, name+":"+string(rune('0'+h.Size)))
	}
	if got := strings.Join(hidden, ", "); got != "hand South:2, deck:3" {
		t.Fatalf("North's hidden zones: %s", got)
	}
	// unseen: everything but North's a, a, d
	if got := v.Unseen; got[0] != 0 || got[1] != 2 || got[2] != 2 || got[3] != 1 {
		t.Fatalf("North's unseen cards by kind: %v, want [0 2 2 1]", got)
	}
	if v.Known.ZoneSize(hand, 1) != 0 || v.Known.ZoneSize(hand, 0) != 3 {
		t.Fatal("the view's position keeps South's cards or loses North's")
	}
	if g.InfoKey(s1, 0) != g.InfoKey(s2, 0) {
		t.Error("North's information set differs with South's hidden cards")
	}
	if g.InfoKey(s1, 1) == g.InfoKey(s2, 1) {
		t.Error("South's information set does not see its own cards")
	}
	if g.InfoKey(s1, 0) == g.InfoKey(pairsState(t, g, "deal=a", "deal=b", "deal=a", "deal=c", "draw=b"), 0) {
		t.Error("North's information set does not see its own draw")
	}
	if g.View(s1, 0).Known.Hash() != g.View(s2, 0).Known.Hash() {
		t.Error("the two views' positions differ")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	det := g.NewState()
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		v.Sample(rng, det)
		if det.ZoneSize(hand, 1) != 2 || det.ZoneSize(deck, 0) != 3 || det.ZoneSize(hand, 0) != 3 {
			t.Fatal("a sample changes the zones' sizes")
		}
		if g.InfoKey(det, 0) != g.InfoKey(s1, 0) {
			t.Fatal("a sample is not in North's information set")
		}
		var b strings.Builder
		for k := 0; k < 4; k++ {
			b.WriteByte(byte('0' + det.ZoneCount(hand, 1, k)))
		}
		seen[b.String()] = true
	}
	// South's two cards from b, b, c, c, d: bb cc bc bd cd
	if len(seen) != 5 {
		t.Errorf("samples gave South %d different hands, want all 5: %v", len(seen), seen)
	}
	if got := core.RenderZones(g, s1, 0); got != "zone hand North: a a d\nzone hand South: hidden, 2 pieces\nzone deck: hidden, 3 pieces\nzone pile:\n" {
		t.Errorf("North's zones:\n%s", got)
	}
}

// reveal changes who sees a zone in play: the change is part of the
// position (hashed) and undone with the move.
func TestRevealEffect(t *testing.T) {
	src := strings.Replace(zoneGame, `prefix = "d:"`, `prefix = "d:"
after = ["show"]`, 1) + `[effects.show]
type = "reveal"
zones = ["hand"]
visible = "all"
`
	src = strings.Replace(src, "[zones.pen]", "[zones.hand]\nvisible = \"owner\"\n[zones.pen]", 1)
	g, err := core.LoadBytes("reveal.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	hand, _ := g.ZoneIndex("hand")
	h := core.NewHistory(g, g.NewState())
	if g.ZoneVisible(h.State, hand, 0, 1) || !g.ZoneVisible(h.State, hand, 0, 0) {
		t.Fatal("at the start a hand is seen by its owner only")
	}
	before := h.State.Hash()
	m, err := g.Parse(h.State, "d:x")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Play(m); err != nil {
		t.Fatal(err)
	}
	if !g.ZoneVisible(h.State, hand, 0, 1) || !g.ZoneVisible(h.State, hand, 1, 0) {
		t.Fatal("after the reveal every hand is seen by all")
	}
	h.Undo()
	if g.ZoneVisible(h.State, hand, 0, 1) || h.State.Hash() != before {
		t.Fatal("undo does not restore the hands' visibility")
	}
}

// Sampling from a view and the information-set key allocate nothing (the
// determinised search runs them once per sampled world and per node).
func TestViewSampleAllocatesNothing(t *testing.T) {
	g, err := core.Load("../testdata/variants/pairs.toml")
	if err != nil {
		t.Fatal(err)
	}
	s := pairsState(t, g, "deal=a", "deal=b", "deal=a", "deal=c", "draw=d")
	v := g.View(s, 0)
	rng := rand.New(rand.NewPCG(3, 4))
	det := g.NewState()
	v.Sample(rng, det)
	var key uint64
	if n := testing.AllocsPerRun(100, func() {
		v.Sample(rng, det)
		key ^= g.InfoKey(det, 1)
	}); n != 0 {
		t.Fatalf("%v allocations per sample, want 0", n)
	}
}
