package core

import (
	"io/fs"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"rulesmith/variants"
)

// transferBitsGame is a small card game for the transfer's two ways of
// generating: eight kinds, two of each in the deck, four dealt to each
// hand, then each turn a draw and one transfer (RULE) to the pile, so
// that a hand often holds a kind twice.
const transferBitsGame = `name = "test/transfer-bits"
[players]
seats = ["N", "S"]
[board]
kind = "grid"
width = 1
height = 1
[pieces.card.dims]
rank = ["1", "2", "3", "4"]
suit = ["x", "y"]
[zones.deck]
visible = "none"
[zones.pile]
order = "pile"
[setup.zones.deck]
all = ["*:2"]
[chance.deal]
type = "deal"
from = "deck"
to = "hand"
count = 4
at = "phase"
[chance.draw]
type = "deal"
from = "deck"
to = "hand"
seats = "mover"
word = "draw"
[moves.give]
type = "transfer"
from = "hand"
to = "pile"
RULE
[end.empty]
type = "expr"
when = 'zone("deck") == 0 && zone("pile") > 9'
`

// The transfer's generation by the zone's kind bits (genBits: the kinds as
// one word, kept by the rule's kinds and the bound's masks, pairs from the
// bits) gives exactly the moves, in the same order, of the generation by
// (kind, count) pairs, at every decision of random games: with kinds held
// twice (a pair of one kind), a list of kinds, a condition that does not
// read kind, a bound on an attribute, and forms it leaves to the pairs
// (three pieces, a condition that is no bound); and in cribbage (the
// discard of two, the lay under a bound).
func TestTransferBitsMatchCounts(t *testing.T) {
	src, err := fs.ReadFile(variants.FS(), "traditional/cribbage.toml")
	if err != nil {
		t.Fatal(err)
	}
	type tc struct {
		name, src string
		bits      bool // genBits must answer some positions
	}
	cases := []tc{{"cribbage", string(src), true}}
	for _, rule := range []struct {
		name, text string
		bits       bool
	}{
		{"one", "count = 1", true},
		{"pair", "count = 2", true},
		{"pair-kinds", `count = 2
kinds = ["1x", "2y", "3x", "4y", "4x"]`, true},
		{"one-when-once", `when = 'zone("pile") != 5'`, true},
		{"pair-when-once", `count = 2
when = 'zone("pile") != 4'`, true},
		{"pair-bound", `count = 2
when = 'kind_attr(kind, "rank") + zone("pile") <= 7'`, true},
		{"one-bound-kinds", `kinds = ["1x", "2y", "3x", "4y"]
when = 'kind_attr(kind, "rank") != 1 + zone("pile")'`, true},
		{"three", "count = 3", false},
		{"pair-no-bound", `count = 2
when = 'kind_attr(kind, "rank") * 2 <= zone("deck") % 9'`, false},
	} {
		cases = append(cases, tc{rule.name, strings.Replace(transferBitsGame, "RULE", rule.text, 1), rule.bits})
	}
	for _, c := range cases {
		g, err := LoadBytes(c.name+".toml", []byte(c.src), WithFS(variants.FS()))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var rules []*transferRule
		for _, ru := range g.rules {
			if tr, ok := ru.(*transferRule); ok {
				rules = append(rules, tr)
			}
		}
		rng := rand.New(rand.NewPCG(4, 7))
		var buf, byBits, byCounts []Move
		compared, answered, twice, played, refused := 0, 0, 0, 0, 0
		games := 60
		if c.name == "cribbage" {
			games = 3 // long games
		}
		for game := 0; game < games; game++ {
			s := g.NewState()
			for {
				buf = g.Settle(s, buf)
				if len(buf) == 0 {
					break
				}
				if s.ChancePending() < 0 {
					for _, r := range rules {
						byBits = r.gen(s, byBits[:0])
						r.byBits = false
						byCounts = r.gen(s, byCounts[:0])
						r.byBits = true
						if !slices.Equal(byBits, byCounts) {
							t.Fatalf("%s: game %d ply %d, rule %s: by bits %v, by counts %v", c.name, game, s.Ply(), r.name, byBits, byCounts)
						}
						compared++
						// each move played by the bits and by the counts
						// leaves the same State
						// and moves no list gives: a kind not held, a pair
						// of one kind, a move of the other count
						odd := byBits
						for k := range g.kinds {
							odd = append(odd, mkMove(r.index, -1, -1, k+1), mkMove(r.index, -1, -1, k+1|(k+1)<<10))
						}
						for _, m := range odd {
							a, b := s.Clone(), s.Clone()
							errA := r.play(a, m)
							r.byBits = false
							errB := r.play(b, m)
							r.byBits = true
							if (errA == nil) != (errB == nil) || !slices.Equal(a.buf, b.buf) {
								t.Fatalf("%s: game %d ply %d, rule %s, move %v: played by the bits (%v) and by the counts (%v) differ", c.name, game, s.Ply(), r.name, m, errA, errB)
							}
							played++
							if errA != nil {
								refused++
							}
						}
						if _, ok := r.genBits(s, byBits[:0]); ok && r.count <= 2 {
							answered++
						}
						zi := g.zoneInst(r.from, s.ToMove())
						for k := range g.kinds {
							if s.zoneCount(zi, k) > 1 {
								twice++
								break
							}
						}
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
		t.Logf("%s: %d positions compared, %d answered by bits, %d with a kind held twice, %d moves played, %d refused", c.name, compared, answered, twice, played, refused)
		if compared < 100 || (answered > 0) != c.bits || (c.name != "cribbage" && twice == 0) {
			t.Fatalf("%s: %d positions compared, %d answered by bits (want some: %v), %d with a kind held twice", c.name, compared, answered, c.bits, twice)
		}
	}
}
