package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
)

// loadInline compiles a variant written in the test.
func loadInline(t *testing.T, src string) *core.Game {
	t.Helper()
	g, err := core.LoadBytes("inline.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

const lineHeader = `name = "test/line"
[players]
seats = ["a", "b"]
[board]
kind = "grid"
width = 8
height = 1
[pieces.gun]
owner = "a"
glyph = "G"
[pieces.mine]
owner = "a"
glyph = "M"
[pieces.foe]
owner = "b"
glyph = "F"
[moves.gun]
type = "slide"
kinds = ["gun"]
land = "empty_or_enemy"
capture = "screen"
notation = "cells_x"
`

// capture = "screen": a quiet move goes to the empty cells before the first
// piece; a capture passes over exactly `screens` pieces of either side and
// takes the first piece beyond, if it is an enemy (readings 1. XIANGQI,
// Moves: Cannon, "To capture, the cannon jumps exactly one piece ...").
func TestScreenCapture(t *testing.T) {
	cases := []struct {
		name, extra, setup, want string
	}{
		{"one own screen, enemy beyond an empty cell", "", `a1 = "gun"
c1 = "mine"
e1 = "foe"
f1 = "foe"`, "a1-b1 a1xe1"},
		{"an enemy screen", "", `a1 = "gun"
b1 = "foe"
h1 = "foe"`, "a1xh1"},
		{"own piece beyond the screen is not taken", "", `a1 = "gun"
b1 = "foe"
c1 = "mine"
d1 = "foe"`, ""},
		{"two screens", "screens = 2\n", `a1 = "gun"
c1 = "mine"
e1 = "foe"
f1 = "foe"`, "a1-b1 a1xf1"},
		{"nothing to jump: quiet moves only", "", `d1 = "gun"`, "d1-a1 d1-b1 d1-c1 d1-e1 d1-f1 d1-g1 d1-h1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := loadInline(t, lineHeader+tc.extra+"[setup.pieces]\n"+tc.setup+"\n")
			if got := legal(g, g.NewState()); got != tc.want {
				t.Errorf("moves = %q, want %q", got, tc.want)
			}
		})
	}
}

const confineSrc = `name = "test/confine"
[players]
seats = ["a", "b"]
[board]
kind = "grid"
width = 3
height = 3
[board.seat_regions]
home = 'seat == 0 ? y <= 2 : y >= 2'
across = 'seat == 0 ? y == 3 : y == 1'
[pieces.king]
owner = "a"
confine = "home"
[pieces.pawn]
owner = "a"
[pieces.foe]
owner = "b"
[moves.king]
type = "step"
kinds = ["king"]
dirs = ["n", "e", "s", "w"]
[moves.forward]
type = "step"
kinds = ["pawn"]
dirs = ["n"]
[moves.side]
type = "step"
kinds = ["pawn"]
dirs = ["e", "w"]
from = "across"
`

// [pieces.NAME] confine: the king never steps out of its seat's half
// (readings 1. XIANGQI: the General and Mandarins stay in the fortress, the
// Elephant on its own half); `from`: the pawn's sideways step exists only
// across the river (readings: "After crossing the river, one point forward
// or one point sideways").
func TestConfineAndFromRegion(t *testing.T) {
	g := loadInline(t, confineSrc+"[setup.pieces]\nb2 = \"king\"\na2 = \"pawn\"\nc3 = \"pawn\"\n")
	s := g.NewState()
	// king b2: b1, c2 (a2 is its own pawn); b3 is outside home.
	// pawn a2: a3 forward; not sideways (row 2 is not across).
	// pawn c3: b3 sideways; forward leaves the board.
	if got, want := legal(g, s), "a2-a3 b2-b1 b2-c2 c3-b3"; got != want {
		t.Errorf("moves = %q, want %q", got, want)
	}
	_, err := g.Parse(s, "b2-b3")
	if err == nil || !strings.Contains(err.Error(), "may not leave its region") {
		t.Errorf("b2-b3: got %v, want a refusal naming the confinement", err)
	}
}

const royalHeader = `name = "test/royal"
[players]
seats = ["a", "b"]
[board]
kind = "grid"
width = 5
height = 5
[pieces.king]
owner = "a"
flags = ["royal"]
[pieces.rook]
owner = "a"
[pieces.pawn]
owner = "a"
[pieces.bking]
owner = "b"
flags = ["royal"]
[pieces.brook]
owner = "b"
[turns]
royal = "royal"
[moves.king]
type = "step"
kinds = ["king", "bking"]
land = "empty_or_enemy"
capture = "replace"
notation = "cells_x"
[moves.rook]
type = "slide"
kinds = ["rook", "brook"]
land = "empty_or_enemy"
capture = "replace"
notation = "cells_x"
[moves.pawn]
type = "step"
kinds = ["pawn"]
dirs = ["e"]
[moves.facing]
type = "slide"
kinds = ["king", "bking"]
dirs = ["n", "s"]
land = "enemy"
capture = "replace"
attack_only = true
[end.mate]
type = "no_move"
check = "yes"
[end.stale]
type = "no_move"
check = "no"
result = "draw"
`

// [turns] royal: a move is legal only if afterwards no opponent move could
// take the mover's royal piece (readings 1. XIANGQI, Check and legality:
// "may not move into check", "A piece standing between them is therefore
// pinned"); attack_only adds the facing rule ("may not open the file
// between the two Generals").
func TestRoyalLegality(t *testing.T) {
	cases := []struct {
		name, setup, want string
	}{
		// the rook on c1 is pinned to rank 1 by the enemy rook on e1
		{"pinned rook", `a1 = "king"
c1 = "rook"
e1 = "brook"
e5 = "bking"`, "a1-a2 a1-b1 c1-b1 c1-d1 c1xe1"},
		// a king in check must answer it: b1 stays on the rook's rank
		{"check", `a1 = "king"
e1 = "brook"
e5 = "bking"`, "a1-a2"},
		// the pawn on a3 stands between the kings on file a: a3-b3 would open
		// the file, so it is not a move
		{"facing", `a1 = "king"
a3 = "pawn"
a5 = "bking"`, "a1-a2 a1-b1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := loadInline(t, royalHeader+"[setup.pieces]\n"+tc.setup+"\n")
			if got := legal(g, g.NewState()); got != tc.want {
				t.Errorf("moves = %q, want %q", got, tc.want)
			}
		})
	}
}

// [end.NAME] type = "no_move": a seat without a legal move ends the game by
// the first condition whose check matches (readings 1. XIANGQI, End:
// "a player who has no legal move on his turn loses, whether he is in check
// (checkmate) or not (stalemate)"; here stalemate is set to a draw to tell
// the two apart).
func TestNoMoveEnds(t *testing.T) {
	cases := []struct {
		name, setup, ended string
		winner             int
	}{
		// king a1 in check from the rook on a5 (protected by the rook on b5 on
		// the b-file): a2 is on the a-file, b1 and b2 on the b-file
		{"checkmate", `a1 = "king"
a5 = "brook"
b5 = "brook"
e3 = "bking"`, "mate", 1},
		// not in check, every step attacked
		{"stalemate", `a1 = "king"
b5 = "brook"
e2 = "brook"
e4 = "bking"`, "stale", -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := loadInline(t, royalHeader+"[setup.pieces]\n"+tc.setup+"\n")
			s := g.NewState()
			r := g.Result(s)
			if !r.Over || r.Winner != tc.winner {
				t.Fatalf("result %+v, want over with winner %d (moves %q)", r, tc.winner, legal(g, s))
			}
			if by, _ := g.EndedBy(s); by != tc.ended {
				t.Errorf("ended by %q, want %q", by, tc.ended)
			}
		})
	}
}
