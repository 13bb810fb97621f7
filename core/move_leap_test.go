package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
)

// leapGame is a 5×5 board with a knight, a horse (blocked at its leg), an
// elephant (blocked at its eye) for white, and black men; rules are added
// by each test.
const leapGame = `
name = "test/leap"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 5
height = 5
[pieces.knight]
owner = "white"
[pieces.horse]
owner = "white"
[pieces.elephant]
owner = "white"
[pieces.man]
owner = "black"
[pieces.wall]
glyph = "W"
`

func leapLoad(t testing.TB, extra string) *core.Game {
	t.Helper()
	g, err := core.LoadBytes("leap.toml", []byte(leapGame+extra))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func leapTargets(g *core.Game, s *core.State, from string) []string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		txt := g.Format(s, m)
		if strings.HasPrefix(txt, from) {
			out = append(out, txt[len(from)+1:])
		}
	}
	sort.Strings(out)
	return out
}

// The knight (traditional-readings.md, "Chess tic-tac-toe", Piece moves:
// "the chess (1,2) leap, jumping over anything"), the Xiangqi horse blocked
// at its leg and the elephant blocked at its eye (issue 10, item 3), each
// written as one vector, with hand-worked targets.
func TestLeapTargetsHandWorked(t *testing.T) {
	for _, tc := range []struct {
		name, rules, setup, from string
		want                     string
	}{
		{"knight in a corner", `[moves.n]
type = "leap"
vectors = [[1, 2]]`, `a1 = "knight"`, "a1", "[b3 c2]"},
		{"knight in the centre jumps over a ring of pieces", `[moves.n]
type = "leap"
vectors = [[1, 2]]`, `c3 = "knight"
b2 = "wall"
b3 = "wall"
b4 = "wall"
c2 = "wall"
c4 = "wall"
d2 = "wall"
d3 = "wall"
d4 = "wall"`, "c3", "[a2 a4 b1 b5 d1 d5 e2 e4]"},
		{"knight: 4 rotations only", `[moves.n]
type = "leap"
vectors = [[1, 2]]
symmetry = "rotations"`, `c3 = "knight"`, "c3", "[a4 b1 d5 e2]"},
		{"knight: mirror", `[moves.n]
type = "leap"
vectors = [[1, 2]]
symmetry = "mirror"`, `c3 = "knight"`, "c3", "[b5 d5]"},
		{"knight: as written", `[moves.n]
type = "leap"
vectors = [[1, 2]]
symmetry = "none"`, `c3 = "knight"`, "c3", "[d5]"},
		{"horse, legs free", `[moves.h]
type = "leap"
vectors = [[1, 2]]
block = [[0, 1]]`, `c3 = "horse"`, "c3", "[a2 a4 b1 b5 d1 d5 e2 e4]"},
		{"horse, leg c4 blocks b5 and d5", `[moves.h]
type = "leap"
vectors = [[1, 2]]
block = [[0, 1]]`, `c3 = "horse"
c4 = "wall"`, "c3", "[a2 a4 b1 d1 e2 e4]"},
		{"horse, legs b3 and c2 block a2 a4 b1 d1", `[moves.h]
type = "leap"
vectors = [[1, 2]]
block = [[0, 1]]`, `c3 = "horse"
b3 = "wall"
c2 = "man"`, "c3", "[b5 d5 e2 e4]"},
		{"horse, a diagonal neighbour blocks nothing", `[moves.h]
type = "leap"
vectors = [[1, 2]]
block = [[0, 1]]`, `c3 = "horse"
d4 = "wall"
b2 = "wall"`, "c3", "[a2 a4 b1 b5 d1 d5 e2 e4]"},
		{"elephant, eyes free", `[moves.e]
type = "leap"
vectors = [[2, 2]]
block = [[1, 1]]`, `c3 = "elephant"`, "c3", "[a1 a5 e1 e5]"},
		{"elephant, eye d4 blocks e5", `[moves.e]
type = "leap"
vectors = [[2, 2]]
block = [[1, 1]]`, `c3 = "elephant"
d4 = "wall"`, "c3", "[a1 a5 e1]"},
		{"takes an enemy, not its own piece", `[moves.n]
type = "leap"
vectors = [[1, 2]]`, `a1 = "knight"
b3 = "man"
c2 = "horse"`, "a1", "[b3]"},
		{"land = empty never takes", `[moves.n]
type = "leap"
vectors = [[1, 2]]
land = "empty"`, `a1 = "knight"
b3 = "man"`, "a1", "[c2]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := leapLoad(t, tc.rules+"\n[setup.pieces]\n"+tc.setup+"\n")
			s := g.NewState()
			if got := fmt.Sprint(leapTargets(g, s, tc.from)); got != tc.want {
				t.Errorf("targets from %s: %s, want %s", tc.from, got, tc.want)
			}
		})
	}
}

// The default notation prints a capture like any move; cells_x prints
// FROMxTO when the move takes the piece on its target (the readings'
// "b1xc3"), and both parse back.
func TestLeapCaptureNotation(t *testing.T) {
	for _, tc := range []struct{ notation, want string }{
		{"cells", "[a1-b3 a1-c2]"},
		{"cells_x", "[a1-c2 a1xb3]"},
	} {
		g := leapLoad(t, `[moves.n]
type = "leap"
vectors = [[1, 2]]
notation = "`+tc.notation+`"
[setup.pieces]
a1 = "knight"
b3 = "man"
`)
		s := g.NewState()
		var got []string
		for _, m := range g.Moves(s, nil) {
			txt := g.Format(s, m)
			got = append(got, txt)
			if back, err := g.Parse(s, txt); err != nil || back != m {
				t.Errorf("%s: %q parses to %v, %v", tc.notation, txt, back, err)
			}
		}
		sort.Strings(got)
		if fmt.Sprint(got) != tc.want {
			t.Errorf("%s: %v, want %s", tc.notation, got, tc.want)
		}
		m, _ := g.Parse(s, "a1-b3")
		if tc.notation == "cells_x" {
			if _, err := g.Parse(s, "a1-b3"); err == nil {
				t.Errorf("cells_x: a1-b3 parsed, but the capture is written a1xb3")
			}
			m, _ = g.Parse(s, "a1xb3")
		}
		if err := g.Play(s, m); err != nil {
			t.Fatal(err)
		}
		if s.Top(cell(t, g, "b3")) < 0 || g.PieceKindOf(s.Top(cell(t, g, "b3"))).Name != "knight" || s.Top(cell(t, g, "a1")) >= 0 {
			t.Errorf("%s: after the capture b3 should hold the knight and a1 be empty", tc.notation)
		}
	}
}

// capture_to = "hand": the taken piece goes back to its owner's hand and
// may be placed again (readings, "Chess tic-tac-toe", Captures).
func TestLeapCaptureToHand(t *testing.T) {
	g := leapLoad(t, `[moves.n]
type = "leap"
vectors = [[1, 2]]
capture_to = "hand"
[moves.put]
type = "place"
order = "choice"
[setup.pieces]
a1 = "knight"
b3 = "man"
`)
	s := g.NewState()
	black := 1
	man, _ := g.KindIndex("man")
	if n := s.HandLeft(black, man); n != 0 {
		t.Fatalf("black starts with %d men in hand", n)
	}
	play(t, g, s, "a1-b3")
	if n := s.HandLeft(black, man); n != 1 {
		t.Fatalf("after a1-b3 black has %d men in hand, want 1", n)
	}
	got := g.Moves(s, nil)
	if len(got) != 24 {
		t.Errorf("black may place the man on the 24 empty squares: %d moves", len(got))
	}
	play(t, g, s, "man@c2")
	if n := s.HandLeft(black, man); n != 0 || s.Top(cell(t, g, "c2")) < 0 {
		t.Errorf("the man placed again: %d in hand", n)
	}
}

func cell(t testing.TB, g *core.Game, name string) int {
	t.Helper()
	c, ok := g.Board().Index(name)
	if !ok {
		t.Fatalf("no cell %s", name)
	}
	return c
}

func play(t testing.TB, g *core.Game, s *core.State, text string) {
	t.Helper()
	m, err := g.Parse(s, text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	if err := g.Play(s, m); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
}

// An independent model of the three leapers (the knight's eight (1,2)
// leaps; the horse's, each blocked at the orthogonal neighbour toward its
// long leg; the elephant's four (2,2) leaps, each blocked at the diagonal
// midpoint) agrees with the engine on random positions.
func TestLeapMatchesModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	kinds := []string{"knight", "horse", "elephant", "man", "wall", ""}
	for trial := 0; trial < 300; trial++ {
		var board [5][5]string
		var setup strings.Builder
		for x := 0; x < 5; x++ {
			for y := 0; y < 5; y++ {
				k := kinds[rng.IntN(len(kinds))]
				if rng.IntN(2) == 0 {
					k = ""
				}
				board[x][y] = k
				if k != "" {
					fmt.Fprintf(&setup, "%c%d = %q\n", 'a'+x, y+1, k)
				}
			}
		}
		g := leapLoad(t, `[moves.n]
type = "leap"
kinds = ["knight"]
vectors = [[2, 1]]
[moves.h]
type = "leap"
kinds = ["horse"]
vectors = [[1, 2]]
block = [[0, 1]]
[moves.e]
type = "leap"
kinds = ["elephant"]
vectors = [[2, 2]]
block = [[1, 1]]
[setup.pieces]
`+setup.String())
		var want []string
		in := func(x, y int) bool { return x >= 0 && x < 5 && y >= 0 && y < 5 }
		for x := 0; x < 5; x++ {
			for y := 0; y < 5; y++ {
				k := board[x][y]
				for dx := -2; dx <= 2; dx++ {
					for dy := -2; dy <= 2; dy++ {
						tx, ty := x+dx, y+dy
						if !in(tx, ty) || (board[tx][ty] != "" && board[tx][ty] != "man" && board[tx][ty] != "wall") { // a neutral piece is no one's: it may be taken
							continue
						}
						ok := false
						switch k {
						case "knight":
							ok = dx*dx+dy*dy == 5
						case "horse":
							if dx*dx+dy*dy == 5 {
								lx, ly := x, y
								if dx == 2 || dx == -2 {
									lx += dx / 2
								} else {
									ly += dy / 2
								}
								ok = board[lx][ly] == ""
							}
						case "elephant":
							ok = (dx == 2 || dx == -2) && (dy == 2 || dy == -2) && board[x+dx/2][y+dy/2] == ""
						}
						if ok {
							want = append(want, fmt.Sprintf("%c%d-%c%d", 'a'+x, y+1, 'a'+tx, ty+1))
						}
					}
				}
			}
		}
		s := g.NewState()
		var got []string
		for _, m := range g.Moves(s, nil) {
			got = append(got, g.Format(s, m))
		}
		sort.Strings(got)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d:\n%s\nengine %v\nmodel  %v", trial, setup.String(), got, want)
		}
	}
}

// Bad leaps are reported at their line and column.
func TestLeapBadInput(t *testing.T) {
	for _, tc := range []struct{ rule, want string }{
		{"vectors = [[1, 2, 3]]", "leap.toml:21:12: moves.n.vectors: element 1: want a pair [x, y] of integers in -64..64"},
		{"vectors = [[0, 0]]", "leap.toml:21:12: moves.n.vectors: [0, 0] is no leap"},
		{"vectors = [[1, 2]]\nblock = [[0, 1], [1, 1]]", "leap.toml:22:9: moves.n.block: 2 blocking cells for 1 vectors; give one per vector ([0, 0] for none)"},
		{"vectors = [[1, 2], [2, 1]]\nblock = [[0, 1], [0, 1]]", "moves.n.vectors: the leap [2, 1] is given twice with different blocking cells"},
		{`vectors = [[1, 2]]` + "\nsymmetry = \"some\"", `moves.n.symmetry`},
		{`vectors = [[1, 2]]` + "\nfacing = \"up\"", `moves.n.facing: "up" is neither`},
		{`vectors = [[1, 2]]` + "\ncapture = \"none\"\ncapture_to = \"hand\"", `moves.n.capture_to: the rule takes nothing`},
		{`vectors = "knight"`, `moves.n.vectors: want an array of [x, y] pairs of integers`},
	} {
		src := leapGame + "[moves.n]\ntype = \"leap\"\n" + tc.rule + "\n"
		_, err := core.LoadBytes("leap.toml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.rule, err, tc.want)
		}
	}
}

// Generating leaps allocates nothing.
func TestLeapAllocs(t *testing.T) {
	g := leapLoad(t, `[moves.h]
type = "leap"
vectors = [[1, 2]]
block = [[0, 1]]
[setup.pieces]
c3 = "horse"
a1 = "knight"
c4 = "man"
`)
	s := g.NewState()
	buf := make([]core.Move, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = g.Moves(s, buf[:0]) }); n != 0 {
		t.Errorf("Moves allocates %.1f times", n)
	}
}
