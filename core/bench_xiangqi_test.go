package core_test

import (
	"math/rand/v2"
	"testing"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
	"rulesmith/variants"
)

// Xiangqi: royal legality (every move tried against the attack tests of
// reverse rays and leaper tables), screen captures, confinement. The ratio
// to the hand-written reference should stay at least 1/3.
func BenchmarkPlayoutXiangqi(b *testing.B) {
	b.Run("framework", func(b *testing.B) { benchFramework(b, "traditional/xiangqi") })
	b.Run("handwritten", func(b *testing.B) {
		x := handwritten.NewXiangqi()
		benchHandwritten(b, func(rng *rand.Rand) int { return handwritten.PlayoutXiangqi(x, rng) })
	})
}

// Perft of Xiangqi from the start to depth 4 (3,290,240 leaves).
func BenchmarkPerftXiangqi(b *testing.B) {
	g := load(b, "traditional/xiangqi")
	for i := 0; i < b.N; i++ {
		if n := g.Perft(g.NewState(), 4); n != 3290240 {
			b.Fatalf("perft(4) = %d, want 3290240", n)
		}
	}
}

// The cost of the royal rule: Moves on positions of random games with the
// legality filter (royal) and without it (pseudo: the same rules with
// [turns] royal = ""), and one attack test (InCheck) per call.
func BenchmarkXiangqiLegality(b *testing.B) {
	g := load(b, "traditional/xiangqi")
	pseudo, err := core.LoadBytes("x.toml", []byte("extends = \"traditional/xiangqi\"\nname = \"x\"\n[turns]\nroyal = \"\"\n"), core.WithFS(variants.FS()))
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	buf := make([]core.Move, 0, 256)
	var royal, plain []*core.State
	for len(royal) < 200 {
		var rec []core.Move
		if _, err := g.Playout(g.NewState(), rng, buf, &rec); err != nil {
			b.Fatal(err)
		}
		r, p := g.NewState(), pseudo.NewState()
		for i, m := range rec {
			if i%7 == 3 {
				royal, plain = append(royal, r.Clone()), append(plain, p.Clone())
			}
			if err := g.Play(r, m); err != nil {
				b.Fatal(err)
			}
			if err := pseudo.Play(p, m); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("moves/royal", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			buf = g.Moves(royal[i%len(royal)], buf)
		}
	})
	b.Run("moves/pseudo", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			buf = pseudo.Moves(plain[i%len(plain)], buf)
		}
	})
	b.Run("in-check", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			s := royal[i%len(royal)]
			g.InCheck(s, s.ToMove())
		}
	})
}
