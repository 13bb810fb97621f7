package core

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"rulesmith/variants"
)

// A zone count below zero is a corrupt position: History.Play, through
// which records, the CLI and the editor play, refuses a move that leaves
// one, naming the zone and the kind, and keeps the position it had. The
// primitives never take a piece a zone does not hold (TestZoneFlowHoldsInPlay
// checks it after every move of random games), so the position is made
// corrupt here by hand: two pieces counted out of South's hand that holds one.
func TestHistoryRefusesNegativeZoneCount(t *testing.T) {
	g, err := Load("traditional/cribbage", WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	h := NewHistory(g, g.NewState())
	var buf []Move
	// deal until South has a card in hand
	south, _ := g.SeatIndex("South")
	hand := -1
	for i := range g.zones {
		if g.zones[i].name == "hand" {
			hand = i
		}
	}
	if hand < 0 {
		t.Fatal("cribbage has no zone called hand")
	}
	zi := g.zoneInst(hand, south)
	for ply := 0; ply < 20 && h.State.zoneSize(zi) == 0; ply++ {
		buf = g.Settle(h.State, buf[:0])
		if err := h.Play(buf[0]); err != nil {
			t.Fatal(err)
		}
	}
	k := h.State.nextZoneKind(zi, 0)
	if k < 0 {
		t.Fatal("South was dealt nothing")
	}
	// corrupt: count two of k out of a hand that holds one, as a primitive
	// taking twice would
	w := g.lay.zone + zi*len(g.kinds) + k
	h.State.buf[w] += 2
	before := h.State.Clone()
	buf = g.Settle(h.State, buf[:0])
	if len(buf) == 0 {
		t.Fatal("no move")
	}
	err = h.Play(buf[0])
	if err == nil {
		t.Fatalf("History.Play accepted a move with %d %s in South's hand", h.State.zoneCount(zi, k), g.kinds[k].Name)
	}
	want := fmt.Sprintf("would leave -1 %s in hand of South", g.kinds[k].Name)
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q, want it to say %q", err, want)
	}
	if !slices.Equal(h.State.buf, before.buf) {
		t.Error("the refused move changed the position")
	}
}
