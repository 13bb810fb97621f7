package core_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"rulesmith/core"
)

// handGame takes a piece back to its owner's hand (keep, a1xb1) or off the
// board for good (drop, two cells away, a1xc1), so two positions can have
// the same board and differ only in what a seat holds in hand.
const handGame = `
name = "test/hands"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 4
height = 1
[pieces.man]
owner = "white"
[pieces.foe]
owner = "black"
[setup.hand]
white = ["man:2"]
black = ["foe:2"]
[moves.put]
type = "place"
[moves.step]
type = "leap"
vectors = [[1, 0]]
land = "empty"
[moves.keep]
type = "leap"
vectors = [[1, 0]]
land = "enemy"
capture_to = "hand"
notation = "cells_x"
[moves.drop]
type = "leap"
vectors = [[2, 0]]
land = "enemy"
capture_to = "off"
notation = "cells_x"
`

func playLine(t *testing.T, g *core.Game, line string) *core.State {
	t.Helper()
	s := g.NewState()
	for _, m := range strings.Fields(line) {
		play(t, g, s, m)
	}
	return s
}

// Positions that differ only in a hand hash differently; the same
// position, hands included, reached in different orders hashes alike.
func TestHashHands(t *testing.T) {
	g, err := core.LoadBytes("hands.toml", []byte(handGame))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		// White's man on b1, Black to move; Black holds two foes (one
		// came back) or one (the other left the game)
		{"a1 b1 a1xb1", "d1 b1 d1xb1", false},
		// the same board with one foe back in hand or never placed
		{"a1 b1 a1xb1 c1", "a1 d1 a1-b1 d1-c1", true},
		// Black's foe taken back to hand, or off the board: same board
		{"a1 b1 a1xb1 c1", "d1 b1 d1xb1 c1", false},
	} {
		sa, sb := playLine(t, g, tc.a), playLine(t, g, tc.b)
		if got := sa.Hash() == sb.Hash(); got != tc.same {
			t.Errorf("%q and %q: equal hashes %v, want %v (hands: white %d/%d, black %d/%d)",
				tc.a, tc.b, got, tc.same, sa.HandLeft(0, 0), sb.HandLeft(0, 0), sa.HandLeft(1, 1), sb.HandLeft(1, 1))
		}
		if same := canonical(g, sa) == canonical(g, sb); same != tc.same {
			t.Fatalf("%q and %q: the test's positions are the same: %v, want %v", tc.a, tc.b, same, tc.same)
		}
	}
}

// stackGame stacks pieces carrying state: a stack moves whole, one cell,
// and its top piece counts its moves.
const stackGame = `
name = "test/stack-state"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 3
height = 3
[pieces.w]
owner = "white"
[pieces.b]
owner = "black"
[piece_state.moved]
min = 0
max = 3
[setup.hand]
white = ["w:3"]
black = ["b:3"]
[moves.put]
type = "place"
[moves.go]
type = "slide"
pieces = "own"
carry = "stack"
distance = 1
land = "any"
[moves.go.set_state]
moved = 'moved < 3 ? moved + 1 : 0'
[turns]
max_plies = 60
`

// Per-piece state is hashed by where the piece stands, not by which
// instance it is: two identical men, one moved once, reached with the
// instances swapped hash alike; the same board with other states does not.
func TestHashPieceStateByPlace(t *testing.T) {
	g, err := core.LoadBytes("state.toml", []byte(stateGame))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		// the man on b1 (moved once) is White's first or second instance
		{"a1 d4 a2 d3 a1-b1", "a2 d4 a1 d3 a1-b1", true},
		// the same men on the same cells, moved or only placed
		{"a1 d4 a1-b1 d4-d3", "b1 d3", false},
		{"a1 d4 a1-b1 d4-d3 b1-c1", "b1 d3 b1-c1", false},
	} {
		sa, sb := playLine(t, g, tc.a), playLine(t, g, tc.b)
		if same := canonical(g, sa) == canonical(g, sb); same != tc.same {
			t.Fatalf("%q and %q: the test's positions are the same: %v, want %v\n%s\n%s", tc.a, tc.b, same, tc.same, canonical(g, sa), canonical(g, sb))
		}
		if got := sa.Hash() == sb.Hash(); got != tc.same {
			t.Errorf("%q and %q: equal hashes %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}

// canonical writes a position as the players see it, from the public API:
// each cell's count and its stack (kinds and piece state, bottom first),
// each seat's hand, the eliminated seats, the seat to move and the phase.
// Which instance of a kind stands where is not part of it.
func canonical(g *core.Game, s *core.State) string {
	var b strings.Builder
	nv := len(g.PieceVarNames())
	var stack []int
	for c := 0; c < g.Board().N(); c++ {
		fmt.Fprintf(&b, "%d:", s.Count(c))
		stack = stack[:0]
		for p := s.Top(c); p >= 0; p = s.Below(p) {
			stack = append(stack, p)
		}
		for i := len(stack) - 1; i >= 0; i-- {
			p := stack[i]
			fmt.Fprintf(&b, "%d", g.PieceKindIndex(p))
			for v := 0; v < nv; v++ {
				fmt.Fprintf(&b, ".%d", s.PieceVar(p, v))
			}
			b.WriteByte(',')
		}
		b.WriteByte('|')
	}
	for seat := 0; seat < g.NumSeats(); seat++ {
		for k := 0; k < g.NumKinds(); k++ {
			fmt.Fprintf(&b, "h%d,", s.HandLeft(seat, k))
		}
		fmt.Fprintf(&b, "e%v|", s.Eliminated(seat))
	}
	fmt.Fprintf(&b, "m%d p%d", s.ToMove(), s.Phase())
	return b.String()
}

// Over random games, the hash is a function of the position as the
// players see it (canonical) and tells different positions apart: every
// position met maps to one hash and every hash to one position.
func TestHashIsThePosition(t *testing.T) {
	games := map[string]string{"test/hands": handGame, "test/state": stateGame, "test/stack-state": stackGame}
	names := []string{"test/hands", "test/state", "test/stack-state", "traditional/chess-tic-tac-toe", "dvonn", "traditional/nine-mens-morris", "strix/first-edition"}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			var g *core.Game
			if src, ok := games[name]; ok {
				var err error
				if g, err = core.LoadBytes(name+".toml", []byte(src)); err != nil {
					t.Fatal(err)
				}
			} else {
				g = load(t, name)
			}
			byPos := map[string]uint64{}
			byHash := map[uint64]string{}
			rng := rand.New(rand.NewPCG(5, 9))
			n := 60
			if testing.Short() {
				n = 15
			}
			buf := make([]core.Move, 0, 256)
			for i := 0; i < n; i++ {
				s := g.NewState()
				for ply := 0; ply < 200; ply++ {
					pos, h := canonical(g, s), s.Hash()
					if old, ok := byPos[pos]; ok && old != h {
						t.Fatalf("game %d ply %d: one position, two hashes\n%s", i, ply, pos)
					}
					if old, ok := byHash[h]; ok && old != pos {
						t.Fatalf("game %d ply %d: one hash, two positions\n%s\n%s", i, ply, old, pos)
					}
					byPos[pos], byHash[h] = h, pos
					buf = g.Settle(s, buf)
					if len(buf) == 0 {
						break
					}
					if err := g.Play(s, buf[rng.IntN(len(buf))]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if len(byPos) < 50 {
				t.Fatalf("only %d positions met", len(byPos))
			}
		})
	}
}
