package session_test

import (
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/editor/session"
)

// chainGame is a 6×6 grid where a white man jumps black men orthogonally,
// taking them, in a chain (continue may or must).
func chainGame(t *testing.T, cont string) *core.Game {
	t.Helper()
	src := `name = "test/chain"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 6
height = 6
[pieces.w]
owner = "white"
[pieces.b]
owner = "black"
[setup.pieces]
a1 = "w"
a2 = "b"
a4 = "b"
b3 = "b"
d3 = "b"
f6 = "b"
[moves.hop]
type = "jump"
over = "enemy"
capture = "over"
[moves.chain]
type = "chain"
segment = "hop"
notation = "landings"
continue = "` + cont + `"
`
	g, err := core.LoadBytes("chain.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func cell(t *testing.T, g *core.Game, name string) int {
	t.Helper()
	c, ok := g.Board().Index(name)
	if !ok {
		t.Fatalf("no cell %s", name)
	}
	return c
}

func names(g *core.Game, cells []int) string {
	var out []string
	for _, c := range cells {
		out = append(out, g.Board().Cells[c].Name)
	}
	return strings.Join(out, " ")
}

// A chain is built hop by hop: after each landing the next landings are
// the targets; the last landing picked again stops there (continue =
// "may"); a landing with no way on plays at once.
func TestPickBuildsChainHopByHop(t *testing.T) {
	g := chainGame(t, "may")
	s := session.New(g, "test")
	in := session.NewInteraction(s)
	if ms := in.Pick(cell(t, g, "a1")); ms != nil || names(g, in.Targets) != "a3" {
		t.Fatalf("a1 picked up: targets %q", names(g, in.Targets))
	}
	// a3: the chain may go on to a5 or c3, or stop
	if ms := in.Pick(cell(t, g, "a3")); ms != nil {
		t.Fatalf("a3 goes on, but %d moves were returned", len(ms))
	}
	if got := names(g, in.Path); got != "a1 a3" {
		t.Fatalf("path %q", got)
	}
	if got := names(g, in.Targets); got != "a5 c3" {
		t.Fatalf("next landings %q, want a5 c3", got)
	}
	if !strings.Contains(in.Msg, "enter on a3 again stops here") {
		t.Fatalf("message %q", in.Msg)
	}
	// c3 goes on to e3; picking c3 again stops there
	in.Pick(cell(t, g, "c3"))
	if got := names(g, in.Targets); got != "e3" {
		t.Fatalf("after c3: %q", got)
	}
	ms := in.Pick(cell(t, g, "c3"))
	if len(ms) != 1 || s.Format(ms[0]) != "a1xa3xc3" {
		t.Fatalf("stop on c3: %v", ms)
	}
	if in.Selected != -1 || in.Path != nil {
		t.Fatal("the selection is dropped once the move is chosen")
	}
	// a landing with no way on plays at once
	in.Pick(cell(t, g, "a1"))
	in.Pick(cell(t, g, "a3"))
	ms = in.Pick(cell(t, g, "a5"))
	if len(ms) != 1 || s.Format(ms[0]) != "a1xa3xa5" {
		t.Fatalf("a5 ends the chain: %v", ms)
	}
}

// With continue = "must" the piece may not stop while it can go on: the
// last landing picked again is refused with the reason.
func TestPickChainMustGoOn(t *testing.T) {
	g := chainGame(t, "must")
	s := session.New(g, "test")
	in := session.NewInteraction(s)
	in.Pick(cell(t, g, "a1"))
	in.Pick(cell(t, g, "a3"))
	if !strings.Contains(in.Msg, "must go on") {
		t.Fatalf("message %q", in.Msg)
	}
	if ms := in.Pick(cell(t, g, "a3")); ms != nil || !strings.Contains(in.Err, "a1-a3 may not stop on a3: the move must go on") {
		t.Fatalf("stop on a3: %v, %q", ms, in.Err)
	}
	if ms := in.Pick(cell(t, g, "f6")); ms != nil || !strings.Contains(in.Err, "f6 is not a next landing of a1-a3") {
		t.Fatalf("f6: %v, %q", ms, in.Err)
	}
	in.Pick(cell(t, g, "c3"))
	ms := in.Pick(cell(t, g, "e3"))
	if len(ms) != 1 || s.Format(ms[0]) != "a1xa3xc3xe3" {
		t.Fatalf("e3 ends the chain: %v", ms)
	}
	if err := s.Play(ms[0]); err != nil {
		t.Fatal(err)
	}
}
