package core_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// feVariantText returns a variant file extending base whose start position
// is pos (glyph → square) with `first` to move.
func feVariantText(base string, pos map[string]string, first string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "extends = %q\nname = \"test/fe-position\"\nreplace = [\"setup.pieces\"]\n\n[turns]\nfirst = %q\n\n[setup.pieces]\n", base, first)
	glyphs := make([]string, 0, len(pos))
	for g := range pos {
		glyphs = append(glyphs, g)
	}
	sort.Strings(glyphs)
	for _, g := range glyphs {
		fmt.Fprintf(&b, "%s = \"%c_%s\"\n", pos[g], g[0], sxKindOf[g[1]])
	}
	return b.String()
}

// feGame compiles pos over base (strix/first-edition, strix/two-player)
// and checks that no piece stands on a square another shadows.
func feGame(t testing.TB, base string, pos map[string]string, first string, sets ...string) *core.Game {
	t.Helper()
	g, err := core.LoadBytes("fe-position.toml", []byte(feVariantText(base, pos, first)), core.WithFS(variants.FS()), core.WithSet(sets...))
	if err != nil {
		t.Fatalf("position %v: %v", pos, err)
	}
	occ := sxOccupied(g.NewState())
	for _, a := range occ {
		for _, b := range occ {
			if a != b && sxShadows(g, a, b) {
				t.Fatalf("test position %v is not legal: %s and %s shadow each other", pos, g.Board.Cells[a].Name, g.Board.Cells[b].Name)
			}
		}
	}
	return g
}

func TestFEScratch(t *testing.T) {
	pos := map[string]string{"bK": "g33", "bO": "b71", "gK": "g25", "gO": "g31", "yO": "y71", "yR": "g45"}
	for _, th := range []string{"thicket=2", "thicket=1"} {
		g := feGame(t, "strix/first-edition", pos, "b", th)
		s := g.NewState()
		t.Log(sxMoves(g, s, ""))
		for _, m := range g.Moves(s, nil) {
			v, err := g.AnalyzeFoul(s, m)
			if v.Gainer >= 0 || err != nil {
				t.Log(th, g.Format(s, m), v.Foul, v.Unavoidable, v.Gainer, v.Line, v.Safe, err, v.Nodes)
			}
		}
	}
}
