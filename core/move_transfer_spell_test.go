package core_test

import (
	"testing"
)

// A transfer's pieces may be named in any order: cribbage's discard of
// 8H and KS (A.3) is read from "KS+8H" as from "8H+KS", and the record
// writes the rule's order; a card not in the hand, or one too few, is
// still refused.
func TestTransferAnyOrder(t *testing.T) {
	g := load(t, "traditional/cribbage")
	s := g.NewState()
	for _, l := range []string{"deal=6C", "deal=3C", "deal=8H", "deal=QC", "deal=KS", "deal=TH", "deal=TS", "deal=JS", "deal=7C", "deal=AD"} {
		m, err := g.Parse(s, l)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if err := g.Play(s, m); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	want, err := g.Parse(s, "8H+KS")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"KS+8H", "ks+8h"} {
		m, err := g.Parse(s, text)
		if err != nil || m != want {
			t.Errorf("%s: %v (%v), want the move of 8H+KS", text, g.Format(s, m), err)
		}
	}
	if got := g.Format(s, want); got != "8H+KS" {
		t.Errorf("written %q, want the rule's order 8H+KS", got)
	}
	for _, bad := range []string{"KS+3C", "KS", "KS+8H+6C", "KS+KS"} {
		if m, err := g.Parse(s, bad); err == nil {
			t.Errorf("%s parses as %s", bad, g.Format(s, m))
		}
	}
}
