package core_test

import "testing"

// Fox and Geese random playouts: the fox's chains of jumps are generated
// and played every few plies (a chain walk per fox move, one per play).
// 0 allocs/op once the State's working space is warm.
func BenchmarkPlayoutFoxGeese(b *testing.B) { benchFramework(b, "traditional/fox-and-geese") }

// Perft of Fox and Geese from the start to depth 5 (74,128 leaves).
func BenchmarkPerftFoxGeese5(b *testing.B) {
	g := load(b, "traditional/fox-and-geese")
	s := g.NewState()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if n := g.Perft(s, 5); n != 74128 {
			b.Fatalf("perft(5) = %d", n)
		}
	}
}
