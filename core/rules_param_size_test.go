package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
)

// One size parameter sizes a hex board's rows and the hands
// (testdata/variants/hex.toml: rows = 'map(1..size, size)', hands
// "red_stone:(size * size + 1) / 2"): Hex 5×5 has 25 cells, 13 and 12
// stones, and plays as the independent model of a 5×5 rhombus.
func TestParamSizesHexBoardAndHands(t *testing.T) {
	for _, tc := range []struct {
		size            string
		cells, red, blu int
	}{
		{"11", 121, 61, 60},
		{"5", 25, 13, 12},
		{"2", 4, 2, 2},
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
			`ng.toml:8:8: board.rows: 100 rows make more than 4096 cells, the limit`},
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
