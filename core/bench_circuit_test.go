package core_test

import "testing"

// Random playouts of Surakarta: steps and loop captures along the two
// circuits (core/move_circuit.go); 0 allocations per playout.
func BenchmarkPlayoutSurakarta(b *testing.B) { benchFramework(b, "traditional/surakarta") }
