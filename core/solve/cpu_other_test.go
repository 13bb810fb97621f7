//go:build !unix

package solve

import "time"

// processCPU is unknown here: the benchmarks then report no CPU figures.
func processCPU() time.Duration { return -1 }
