package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// hostileChains is a chain of hops over a fixed lattice of men, no capture
// and every path its own move: the chains of one man explode.
const hostileChains = `name = "hostile/chain-explosion"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 12
height = 12
[pieces.w]
owner = "white"
[pieces.b]
owner = "black"
[setup.pieces]
a1 = "w"
a2 = "b"
a4 = "b"
a6 = "b"
a8 = "b"
a10 = "b"
a12 = "b"
b1 = "b"
b3 = "b"
b5 = "b"
b7 = "b"
b9 = "b"
b11 = "b"
c2 = "b"
c4 = "b"
c6 = "b"
c8 = "b"
c10 = "b"
c12 = "b"
d1 = "b"
d3 = "b"
d5 = "b"
d7 = "b"
d9 = "b"
d11 = "b"
e2 = "b"
e4 = "b"
e6 = "b"
e8 = "b"
e10 = "b"
e12 = "b"
f1 = "b"
f3 = "b"
f5 = "b"
f7 = "b"
f9 = "b"
f11 = "b"
g2 = "b"
g4 = "b"
g6 = "b"
g8 = "b"
g10 = "b"
g12 = "b"
h1 = "b"
h3 = "b"
h5 = "b"
h7 = "b"
h9 = "b"
h11 = "b"
i2 = "b"
i4 = "b"
i6 = "b"
i8 = "b"
i10 = "b"
i12 = "b"
j1 = "b"
j3 = "b"
j5 = "b"
j7 = "b"
j9 = "b"
j11 = "b"
k2 = "b"
k4 = "b"
k6 = "b"
k8 = "b"
k10 = "b"
k12 = "b"
l1 = "b"
l3 = "b"
l5 = "b"
l7 = "b"
l9 = "b"
l11 = "b"
[moves.hop]
type = "jump"
kinds = ["w"]
capture = "none"
[moves.chain]
type = "chain"
segment = "hop"`

// A chain rule whose chains explode stops at core.MaxChainSegments; perft
// refuses the cut count and names the rule at file:line:col.
func TestCLIPerftChainLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("explores a million segments")
	}
	file := filepath.Join(t.TempDir(), "chains.toml")
	if err := os.WriteFile(file, []byte(hostileChains), 0o644); err != nil {
		t.Fatal(err)
	}
	r := rulesmith(t, "perft", file, "1")
	want := regexp.MustCompile(`^.*chains\.toml:\d+:8: moves\.chain: the chains of one position pass 1048576 segments \(core\.MaxChainSegments\); the rule's list of moves is cut there \(perft depth 1 is not counted\)\n$`)
	if r.code != 1 || r.stdout != "" || !want.MatchString(r.stderr) {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
