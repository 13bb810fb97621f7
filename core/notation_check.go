package core

import (
	"math/rand/v2"
	"strings"

	"rulesmith/core/diag"
	"rulesmith/core/spec"
)

// NotationClashes plays games random games of at most plies moves each
// (seeded, so the result is the same every run) and returns a warning for
// each pair of move rules that wrote two legal moves of one position the
// same way, ignoring case as Parse does: a record could not tell them
// apart. The warning is placed at
// the rule of the second move; the first clash of a pair is reported.
// The compile-time check (notation_static.go) decides most variants from
// their rules' keys and board tables and warns in Warnings; `rulesmith
// validate` runs this sampling only for a variant it left open
// (NotationOpen). It is too slow to run on every load.
func (g *Game) NotationClashes(games, plies int, seed uint64) diag.List {
	r := spec.NewReader(g.doc)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	seen := map[[2]int]bool{}
	var buf []Move
	written := map[string]Move{}
	for game := 0; game < games; game++ {
		s := g.NewState()
		for ply := 0; ply < plies; ply++ {
			buf = g.Settle(s, buf)
			if len(buf) == 0 {
				break
			}
			clear(written)
			for _, m := range buf {
				// records are read ignoring case (Parse)
				text := g.Format(s, m)
				prev, dup := written[strings.ToLower(text)]
				if !dup {
					written[strings.ToLower(text)] = m
					continue
				}
				a, b := prev.Rule(), m.Rule()
				if a > b {
					a, b = b, a
				}
				if seen[[2]int{a, b}] || b < 0 {
					continue
				}
				seen[[2]int{a, b}] = true
				name, other := g.rules[b].base().name, "the same rule"
				if a >= 0 && a != b {
					other = "moves." + g.rules[a].base().name
				}
				r.Warnf("moves."+name, "moves.%s: two legal moves of one position are both written %q (the other by %s), so a record cannot tell them apart; give the rules notations that differ", name, text, other)
			}
			if err := g.Play(s, buf[rng.IntN(len(buf))]); err != nil {
				break
			}
		}
	}
	r.Warnings.Sort()
	return r.Warnings
}

// NotationOpen reports whether the compile-time notation check could not
// describe some rule's notation (a rule type without the description, or
// too many cell pairs to list), so that only sampling games
// (NotationClashes) can look for moves written alike.
func (g *Game) NotationOpen() bool { return g.notationOpen }
