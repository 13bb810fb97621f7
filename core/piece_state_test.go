package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
)

const stateGame = `
name = "test/state"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 4
height = 4
[pieces.man]
owner = "white"
[pieces.foe]
owner = "black"
[piece_state.moved]
min = 0
max = 3
[setup.hand]
white = ["man:2"]
black = ["foe:2"]
[moves.put]
type = "place"
[moves.put.set_state]
moved = '0'
[moves.go]
type = "leap"
vectors = [[1, 0]]
capture_to = "hand"
when = 'state_at(from, "moved") < 2'
[moves.go.set_state]
moved = 'moved < 3 ? moved + 1 : 3'
`

// A per-piece counter: set by set_state after each move, read by state_at
// in a when condition (a piece moves at most twice), reset to the default
// when the piece is taken back to hand, and restored by undo.
func TestPieceStateCounter(t *testing.T) {
	g, err := core.LoadBytes("state.toml", []byte(stateGame))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(g, g.NewState())
	for _, m := range []string{"a1", "d4", "a1-b1", "d4-c4", "b1-c1"} {
		mv, err := g.Parse(h.State, m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if err := h.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	s := h.State
	c1, _ := g.Board().Index("c1")
	if v := s.PieceVar(s.Top(c1), 0); v != 2 {
		t.Fatalf("the man moved twice: moved = %d", v)
	}
	// Black's foe moved once and may move again; White's man no more
	for _, m := range engineMoves(g, s) {
		if strings.HasPrefix(m, "c4-") {
			continue
		}
		if strings.Contains(m, "-") {
			t.Errorf("only c4 may move: %s", m)
		}
	}
	before := s.Hash()
	h.Undo()
	b1, _ := g.Board().Index("b1")
	if v := s.PieceVar(s.Top(b1), 0); v != 1 {
		t.Errorf("undo: moved = %d on b1, want 1", v)
	}
	mv, _ := g.Parse(s, "b1-c1")
	_ = h.Play(mv)
	if s.Hash() != before {
		t.Error("hash differs after undo and replay")
	}
}

// A piece taken back to hand loses its state.
func TestPieceStateResetOnCapture(t *testing.T) {
	g, err := core.LoadBytes("state.toml", []byte(stateGame))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	// Black's first foe moves once (moved = 1); White's second man takes it
	for _, m := range []string{"a1", "d2", "a1-b1", "d2-d1", "d2", "a4"} {
		play(t, g, s, m)
	}
	d1, _ := g.Board().Index("d1")
	victim := s.Top(d1)
	if s.PieceVar(victim, 0) != 1 {
		t.Fatalf("the foe on d1 moved once: moved = %d", s.PieceVar(victim, 0))
	}
	play(t, g, s, "d2-d1")
	if s.PieceCell(victim) >= 0 || s.PieceVar(victim, 0) != 0 {
		t.Errorf("the taken foe: cell %d, moved = %d; want off the board with the default 0", s.PieceCell(victim), s.PieceVar(victim, 0))
	}
	if s.HandLeft(1, 1) != 1 {
		t.Fatalf("the foe is not back in hand")
	}
	for p := 0; p < 4; p++ {
		if s.PieceCell(p) < 0 && s.PieceVar(p, 0) != 0 {
			t.Errorf("piece %d is off the board with moved = %d", p, s.PieceVar(p, 0))
		}
	}
}

func TestPieceStateBadInput(t *testing.T) {
	for _, tc := range []struct{ from, to, want string }{
		{"moved = 'moved < 3 ? moved + 1 : 3'", "moved = 'moved + 5'", "moves.go.set_state.moved: gives 5"},
		{"moved = 'moved < 3 ? moved + 1 : 3'", "moved2 = 'moved + 1'", `unknown piece state variable "moved2"`},
		{`when = 'state_at(from, "moved") < 2'`, `when = 'state_at(from, "mvd") < 2'`, `unknown piece state variable "mvd" (did you mean "moved"?)`},
		{"max = 3", "max = 300", "at most 255 values"},
	} {
		src := strings.Replace(stateGame, tc.from, tc.to, 1)
		_, err := core.LoadBytes("state.toml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.to, err, tc.want)
		}
	}
}
