package core_test

import (
	"fmt"
	"strings"
	"testing"

	"rulesmith/core"
)

// promoBase: White's men step north; one rule promotes on the last rank to
// a queen, another (there only) to a rook; the new pieces come from a
// reserve of one each. A promotion with no spare piece left is written
// bare, so both rules write "c3-c4" once the queen and the rook are both on
// the board and a third man steps up; with only two men that cannot happen.
const promoBase = `
name = "test/promo"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 4
height = 4
[pieces.man]
owner = "white"
glyph = "M"
[pieces.queen]
owner = "white"
glyph = "Q"
[pieces.rook]
owner = "white"
glyph = "R"
[pieces.foe]
owner = "black"
glyph = "F"
[setup.pieces]
%s
d4 = "foe"
[setup.reserve]
white = ["queen:1", "rook:1"]
[moves.up]
type = "step"
kinds = ["man"]
dirs = "n"
land = "empty"
promote = 'to.y == 3 ? "queen" : ""'
[moves.up_rook]
type = "step"
kinds = ["man"]
dirs = "n"
land = "empty"
when = 'to.y == 3'
promote = '"rook"'
[moves.wander]
type = "step"
kinds = ["foe"]
land = "empty"
[turns]
pass = "when_stuck"
`

// The notation check counts whether promotions can lack their pieces at
// once (notation_promo.go): three men can use up both reserve pieces and
// promote again (a real clash, found by random games), two cannot.
func TestNotationClashPromotion(t *testing.T) {
	for _, tc := range []struct {
		name, men string
		warn      bool
	}{
		{"three men, one queen and one rook", "a1 = \"man\"\nb1 = \"man\"\nc1 = \"man\"", true},
		{"two men, one queen and one rook", "a1 = \"man\"\nb1 = \"man\"", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := core.LoadBytes("promo.toml", []byte(fmt.Sprintf(promoBase, tc.men)))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range g.Warnings() {
				if strings.Contains(w.Msg, "cannot tell them apart") {
					got = append(got, w.String())
				}
			}
			clashes := g.NotationClashes(100, 60, 1)
			if !tc.warn {
				if len(got) > 0 {
					t.Fatalf("warned: %v", got)
				}
				if len(clashes) > 0 {
					t.Fatalf("no warning, but random games write two moves alike: %v", clashes)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0], "moves.up_rook: its moves and those of moves.up") {
				t.Fatalf("want one warning at moves.up_rook, got %v", got)
			}
			if len(clashes) == 0 {
				t.Fatalf("warned, but no two moves written alike in 100 random games: %s", got[0])
			}
		})
	}
}
