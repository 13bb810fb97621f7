package core_test

import (
	"fmt"
	"strings"
	"testing"

	"rulesmith/core"
)

const promoGame = `
name = "test/promotion"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 3
height = 4
[pieces.pawn]
owner = "white"
[pieces.queen]
owner = "white"
[pieces.knight]
owner = "white"
glyph = "N"
[pieces.man]
owner = "black"
[setup.pieces]
a3 = "pawn"
b3 = "pawn"
c1 = "man"
[setup.reserve]
white = ["queen:1", "knight"]
[turns]
pass = "when_stuck"
[moves.advance]
type = "step"
kinds = ["pawn"]
dirs = ["n"]
promote = 'to.y == 4 ? "queen" : ""'
[moves.underpromote]
type = "step"
kinds = ["pawn"]
dirs = ["n"]
when = 'to.y == 4'
promote = '"knight"'
[moves.shuffle]
type = "step"
kinds = ["man"]
dirs = ["e", "w"]
`

// A pawn reaching the last rank becomes a queen or (by the second rule) a
// knight, taken from the reserve; "=Q" and "=N" tell the moves apart; with
// the reserve's queen used up the second pawn can only become a knight, and
// once the knight is used too it stays a pawn; undo restores the pawn.
func TestPromotion(t *testing.T) {
	g, err := core.LoadBytes("promo.toml", []byte(promoGame))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(g, g.NewState())
	s := h.State
	if got := fmt.Sprint(engineMoves(g, s)); got != "[a3-a4=N a3-a4=Q b3-b4=N b3-b4=Q]" {
		t.Fatalf("moves %s", got)
	}
	playH := func(text string) {
		t.Helper()
		m, err := g.Parse(s, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	before := s.Clone()
	playH("a3-a4=Q")
	a4, _ := g.Board().Index("a4")
	if k := g.PieceKindOf(s.Top(a4)).Name; k != "queen" {
		t.Fatalf("a4 holds a %s, want the queen", k)
	}
	playH("c1-b1")
	// with the reserve's queen used, the first rule's move leaves a pawn
	if got := fmt.Sprint(engineMoves(g, s)); got != "[b3-b4 b3-b4=N]" {
		t.Fatalf("with the queen used, moves %s, want [b3-b4 b3-b4=N]", got)
	}
	playH("b3-b4=N")
	b4, _ := g.Board().Index("b4")
	if k := g.PieceKindOf(s.Top(b4)).Name; k != "knight" {
		t.Fatalf("b4 holds a %s, want the knight", k)
	}
	h.Undo()
	h.Undo()
	h.Undo()
	if !s.Equal(before) || s.Hash() != before.Hash() {
		t.Error("undo does not restore the position")
	}
}

func TestPromotionBadInput(t *testing.T) {
	for _, tc := range []struct{ from, to, want string }{
		{`promote = '"knight"'`, `promote = '"bishop"'`, `moves.underpromote.promote: gives "bishop"`},
		{`white = ["queen:1", "knight"]`, `white = ["man"]`, `man pieces belong to black, not white`},
	} {
		_, err := core.LoadBytes("promo.toml", []byte(strings.Replace(promoGame, tc.from, tc.to, 1)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.to, err, tc.want)
		}
	}
}
