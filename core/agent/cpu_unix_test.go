//go:build unix

package agent_test

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) the test process has
// used so far, every thread included. Unlike wall time it does not count
// the time other processes hold the cores, so a bound on it holds on a
// loaded machine. ok is false where it cannot be read.
func processCPU() (d time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
