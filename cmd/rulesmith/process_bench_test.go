package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rulesmith/variants"
)

// BenchmarkValidateProcess runs `rulesmith validate VARIANT` as a fresh
// process per iteration and reports the CPU time it used (user + system,
// from rusage) as cpu-ms/op: what every CLI call and editor start pays to
// load and compile the variant, the Go runtime's start included, and, for
// a variant whose notation the compile-time check cannot decide
// (Game.NotationOpen), the few seeded games validate plays to look for
// moves written alike. The processes use the benchmark's own table cache
// (XDG_CACHE_HOME under a temporary directory): cold-cpu-ms is the first
// process, which finds the cache empty and fills it; min-cpu-ms is the
// least of the runs, a warm cache on the least loaded one.
func BenchmarkValidateProcess(b *testing.B) {
	benchProcesses(b, func(name string) []string { return []string{"validate", name} })
}

// BenchmarkLoadProcess is BenchmarkValidateProcess for load and compile
// alone: `rulesmith perft VARIANT 1` loads, compiles and counts the moves
// of the start position (a variant whose start is a chance node too wide
// for perft, Cribbage's deal, is refused once loaded and compiled: that
// refusal is the run). The goal is under 20 ms for every shipped variant.
func BenchmarkLoadProcess(b *testing.B) {
	benchProcesses(b, func(name string) []string { return []string{"perft", name, "1"} }, "chance perft:")
}

// benchProcesses runs the command args gives for each shipped variant as
// a fresh process per iteration and reports its CPU time; a run that
// fails with refused in its output counts as a run.
func benchProcesses(b *testing.B, args func(name string) []string, refused ...string) {
	tmp := b.TempDir()
	bin := filepath.Join(tmp, "rulesmith")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	env := append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(tmp, "cache"))
	for _, name := range variants.Names() {
		cold := time.Duration(-1)
		b.Run(name, func(b *testing.B) {
			var cpu time.Duration
			least := time.Duration(-1)
			for i := 0; i < b.N; i++ {
				cmd := exec.Command(bin, args(name)...)
				cmd.Env = env
				if out, err := cmd.CombinedOutput(); err != nil && !(len(refused) > 0 && strings.Contains(string(out), refused[0])) {
					b.Fatalf("%v: %v\n%s", args(name), err, out)
				}
				t := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
				cpu += t
				if least < 0 || t < least {
					least = t
				}
				if cold < 0 {
					cold = t
				}
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(least.Microseconds())/1000, "min-cpu-ms")
			b.ReportMetric(float64(cold.Microseconds())/1000, "cold-cpu-ms")
		})
	}
}
