package core

import (
	"io/fs"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"rulesmith/variants"
)

// A transfer condition that only bounds an attribute of the kind is
// compiled into a bound computed once per generation (compileKindBound);
// the moves generated with it are exactly those the whole condition
// allows kind by kind, for each way of writing such a bound, at every
// decision of random cribbage games whose play condition is rewritten. A
// condition of another form keeps the kind-by-kind evaluation.
func TestKindBoundMatchesCondition(t *testing.T) {
	src, err := fs.ReadFile(variants.FS(), "traditional/cribbage.toml")
	if err != nil {
		t.Fatal(err)
	}
	const shipped = `when = 'total("played:value") + kind_attr(kind, "value") <= 31'`
	if !strings.Contains(string(src), shipped) {
		t.Fatalf("the cribbage file no longer has %s", shipped)
	}
	for _, tc := range []struct {
		when  string
		bound bool
	}{
		{shipped, true},
		{`when = 'kind_attr(kind, "value") + total("played:value") <= 31'`, true},
		{`when = '31 >= total("played:value") + kind_attr(kind, "value")'`, true},
		{`when = '31 - total("played:value") > kind_attr(kind, "value")'`, true},
		{`when = 'kind_attr(kind, "rank") != 5 + zone("played")'`, true},
		{`when = 'kind_attr(kind, "value") == 10'`, true},
		{`when = 'kind_attr(kind, "value") * 2 + total("played:value") <= 31'`, false},
		{`when = 'total("played:value") + kind_attr(kind, "value") <= 31 && kind_attr(kind, "rank") != 1'`, false},
	} {
		g, err := LoadBytes("cribbage.toml", []byte(strings.Replace(string(src), shipped, tc.when, 1)), WithFS(variants.FS()))
		if err != nil {
			t.Fatalf("%s: %v", tc.when, err)
		}
		var lay *transferRule
		for _, ru := range g.rules {
			if tr, ok := ru.(*transferRule); ok && tr.name == "lay" {
				lay = tr
			}
		}
		if lay == nil {
			t.Fatal("no lay rule")
		}
		if (lay.bound != nil) != tc.bound {
			t.Fatalf("%s: compiled to a bound: %v, want %v", tc.when, lay.bound != nil, tc.bound)
		}
		bound := lay.bound
		rng := rand.New(rand.NewPCG(2, 9))
		var buf, with, without []Move
		compared, differ := 0, 0
		for game := 0; game < 8; game++ {
			s := g.NewState()
			for {
				buf = g.Settle(s, buf)
				if len(buf) == 0 {
					break
				}
				if s.ChancePending() < 0 {
					lay.bound = bound
					with = lay.gen(s, with[:0])
					lay.bound = nil
					without = lay.gen(s, without[:0])
					lay.bound = bound
					if !slices.Equal(with, without) {
						t.Fatalf("%s: game %d ply %d: with the bound %v, kind by kind %v", tc.when, game, s.Ply(), with, without)
					}
					compared++
					if len(with) < s.zoneSize(g.zoneInst(lay.from, s.ToMove())) {
						differ++ // the condition refused some kind
					}
				}
				m := buf[rng.IntN(len(buf))]
				if s.ChancePending() >= 0 {
					m = g.Sample(s, buf, rng)
				}
				if err := g.Play(s, m); err != nil {
					t.Fatal(err)
				}
			}
		}
		if compared < 100 || differ == 0 {
			t.Fatalf("%s: %d positions compared, %d with a kind refused", tc.when, compared, differ)
		}
	}
}
