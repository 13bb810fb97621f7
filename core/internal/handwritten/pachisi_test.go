package handwritten

import (
	"math/rand/v2"
	"testing"
)

func TestPachisiPlayoutEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{4, 2, 3} {
		p := NewPachisi(n)
		for g := 0; g < 20; g++ {
			plies := PlayoutPachisi(p, rng)
			t.Logf("players %d game %d: %d plies, winner %d", n, g, plies, p.Winner())
		}
	}
}
