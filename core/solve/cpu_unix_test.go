//go:build unix

package solve

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) the test process has
// used so far, every thread included: unlike wall time it does not count
// the time other processes hold the cores, so rates computed from it stay
// steady on a shared machine.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
