package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
)

// One size parameter sizes a hex board's rows and the hands
// (testdata/variants/hex.toml: rows = 'map(1..size, size)', hands
// "red_stone:size * size / 2 + 1"): Hex 5×5 has 25 cells, 13 and 12
// stones, and plays as the independent model of a 5×5 rhombus.
func TestParamSizesHexBoardAndHands(t *testing.T) {
	for _, tc := range []struct {
		size            string
		cells, red, blu int
	}{
		{"11", 121, 61, 60},
		{"5", 25, 13, 12},
		{"2", 4, 3, 2},
	} {
		g := loadFile(t, "../testdata/variants/hex.toml", "size="+tc.size)
		s := g.NewState()
		if n := g.Board().N(); n != tc.cells {
			t.Errorf("size %s: %d cells, want %d", tc.size, n, tc.cells)
		}
		if r, b := s.HandLeft(0, 0), s.HandLeft(1, 1); r != tc.red || b != tc.blu {
			t.Errorf("size %s: hands %d and %d, want %d and %d", tc.size, r, b, tc.red, tc.blu)
		}
	}
	ngCrosscheck(t, loadFile(t, "../testdata/variants/hex.toml", "size=5"), newHexModel(5), 60, 31)
}

// The gomoku hands follow the board: 7×7 holds 25 and 24 stones.
func TestParamSizesGomokuHands(t *testing.T) {
	g := loadFile(t, "../testdata/variants/gomoku.toml", "size=7")
	s := g.NewState()
	if b, w := s.HandLeft(0, 0), s.HandLeft(1, 1); b != 25 || w != 24 {
		t.Errorf("hands %d and %d, want 25 and 24", b, w)
	}
}

// Sizes the limits refuse are refused at the flag, naming the limit.
func TestParamSizesLimits(t *testing.T) {
	for _, set := range []string{"size=65", "size=1", "size=1000000000"} {
		_, err := core.Load("../testdata/variants/hex.toml", core.WithSet(set))
		if err == nil || !strings.Contains(err.Error(), "param_limits.size") {
			t.Errorf("--set %s: %v", set, err)
		}
	}
}

const sizedHex = `name = "test/sized"
[params]
size = SIZE
[players]
seats = ["a", "b"]
[board]
kind = "hex"
rows = ROWS
[pieces.as]
owner = "a"
glyph = "A"
[pieces.bs]
owner = "b"
glyph = "B"
[setup.hand]
a = [HAND]
b = ["bs:size * size / 2"]
[moves.put]
type = "place"
`

// Without limits a file's sizes are still checked: a hostile size is
// refused within the expression's budget, a wrong row list or count at its
// place in the file.
func TestParamSizesRefusals(t *testing.T) {
	for _, tc := range []struct{ name, size, rows, hand, want string }{
		{"a huge size", "1000000000", `'map(1..size, size)'`, `"as:3"`,
			`ng.toml:8:8: board.rows: memory budget exceeded`},
		{"too many cells", "100", `'map(1..size, size)'`, `"as:3"`,
			`ng.toml:8:8: board.rows: hex board has 10000 cells; the limit is 4096`},
		{"a row of no cells", "2", `'map(1..size, size - 2)'`, `"as:3"`,
			`ng.toml:8:8: board.rows: "map(1..size, size - 2)" gives 0 as element 1, out of range 1..4096`},
		{"not a list", "2", `'size'`, `"as:3"`,
			`ng.toml:8:8: board.rows: "size" gives an integer; want a list of integers`},
		{"a count too big", "2", `[2, 2]`, `"as:size * 100000"`,
			`ng.toml:16:6: setup.hand.a.0: "as:size * 100000": the count is 200000, out of range 0..4096`},
		{"a count that does not compile", "2", `[2, 2]`, `"as:size *"`,
			`ng.toml:16:15: setup.hand.a.0: unexpected token EOF`},
		{"a count over an unknown name", "2", `[2, 2]`, `"as:sise * 2"`,
			`ng.toml:16:10: setup.hand.a.0: unknown name sise`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.NewReplacer("SIZE", tc.size, "ROWS", tc.rows, "HAND", tc.hand).Replace(sizedHex)
			if got := ngLoadErr(t, src); !strings.Contains(got, tc.want) {
				t.Fatalf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// Hex's reflected swap (testdata/variants/hex.toml, R4 with reflect): Blue
// takes Red's first stone onto its mirror image across the long diagonal
// (a turn with relation = "mirror"); a stone on the diagonal stays.
func TestTurnReflectedSwap(t *testing.T) {
	g := loadFile(t, "../testdata/variants/hex.toml", "reflect=true")
	s := g.NewState()
	play(t, g, s, "f4")
	moves := " " + legal(g, s) + " "
	if !strings.Contains(moves, " ^f4-f3 ") || strings.Contains(moves, " ^f4 ") {
		t.Fatalf("R4: Red's f4 mirrors to f3 (col 6, row 6 - 4 + 1): %s", moves)
	}
	for _, tc := range []struct{ text, want string }{
		{"^f4", "the piece taken over on f4 moves to a cell mirror relates to it: write ^f4-f3"},
		{"^f4-f5", "the piece taken over on f4 moves to a cell mirror relates to it (f3), not f5"},
	} {
		if _, err := g.Parse(s, tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.text, err, tc.want)
		}
	}
	play(t, g, s, "^f4-f3")
	if kindOn(g, s, "f3") != "blue_stone" || kindOn(g, s, "f4") != "" || countKind(g, s, "red_stone") != 0 {
		t.Fatalf("after ^f4-f3: f3 %q, f4 %q, %d red stones", kindOn(g, s, "f3"), kindOn(g, s, "f4"), countKind(g, s, "red_stone"))
	}
	// e3 lies on the diagonal (col - row == row - 1): its mirror is itself
	s = g.NewState()
	play(t, g, s, "e3")
	if moves := " " + legal(g, s) + " "; !strings.Contains(moves, " ^e3 ") || strings.Contains(moves, "^e3-") {
		t.Fatalf("a stone on the diagonal stays: %s", moves)
	}
	if _, err := g.Parse(s, "^e3-e4"); err == nil || !strings.Contains(err.Error(), "the piece taken over on e3 stays there (relation mirror relates no other cell to it): write ^e3") {
		t.Errorf("^e3-e4: %v", err)
	}
	// without reflect the stone changes colour where it stands
	g = loadFile(t, "../testdata/variants/hex.toml")
	s = g.NewState()
	play(t, g, s, "f4")
	play(t, g, s, "^f4")
	if kindOn(g, s, "f4") != "blue_stone" {
		t.Fatalf("after ^f4: f4 %q", kindOn(g, s, "f4"))
	}
	if got := ngLoadErr(t, turnGame+"relation = \"mirror\"\n"); !strings.Contains(got, `relation: unknown relation "mirror"`) {
		t.Errorf("unknown relation: %q", got)
	}
}
