package board

import (
	"math/rand/v2"
	"testing"
)

// Expand is the union of the neighbour masks of the cells given, on every
// small board kind, whether it uses shifts or the masks.
func TestExpandIsUnionOfMasks(t *testing.T) {
	grid, _ := Grid(8, 8, true)
	ortho, _ := Grid(5, 7, false)
	hex, _ := Hex([]int{9, 10, 11, 10, 9}) // DVONN
	hex2, _ := Hex([]int{3, 4, 5, 4, 3})
	pits, _ := Pits([]string{"s", "n"}, 6, true)
	ring, _ := Graph([]GraphCell{{Name: "a", Links: []string{"b", "e"}}, {Name: "b", Links: []string{"c"}}, {Name: "c", Links: []string{"d"}}, {Name: "d", Links: []string{"e"}}, {Name: "e"}})
	rng := rand.New(rand.NewPCG(1, 1))
	for name, b := range map[string]*Board{"grid8": grid, "grid5x7": ortho, "dvonn": hex, "hex": hex2, "pits": pits, "ring": ring} {
		if b.N() == 64 && b.shifts == nil {
			t.Errorf("%s: no shift groups", name)
		}
		masks := b.NeighbourMasks()
		for i := 0; i < 500; i++ {
			x := rng.Uint64()
			if b.N() < 64 {
				x &= 1<<uint(b.N()) - 1
			}
			if i%5 == 0 {
				x &= rng.Uint64() & rng.Uint64() // sparse sets too
			}
			var want uint64
			for c := 0; c < b.N(); c++ {
				if x&(1<<uint(c)) != 0 {
					want |= masks[c]
				}
			}
			if got := b.Expand(x); got != want {
				t.Fatalf("%s: Expand(%#x) = %#x, want %#x", name, x, got, want)
			}
		}
	}
	if hex.shifts == nil || len(hex.shifts) > 8 {
		t.Errorf("the DVONN board needs %d shift groups", len(hex.shifts))
	}
}
