package core_test

import (
	"fmt"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// playEffects plays moves from the start of g and returns the last
// move's effects.
func playEffects(t *testing.T, g *core.Game, s *core.State, moves ...string) core.Effects {
	t.Helper()
	var e core.Effects
	for _, text := range moves {
		m, err := g.Parse(s, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		before := s.Clone()
		if err := g.Play(s, m); err != nil {
			t.Fatal(err)
		}
		e = g.MoveEffects(before, s, m)
	}
	return e
}

func TestMoveEffects(t *testing.T) {
	t.Run("mancala: the last stone in the store earns another turn", func(t *testing.T) {
		g, err := core.Load("mancala/egyptian", core.WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		// Egyptian rules: bowl 3 holds 4 stones, sown into 4, 5, 6 and the store
		e := playEffects(t, g, g.NewState(), "3")
		if !e.ExtraTurn || e.Mover != 0 || fmt.Sprint(e.ScoreDelta) != "[1 0]" || len(e.Removed) != 0 || len(e.Emptied) != 0 {
			t.Errorf("effects %+v", e)
		}
		// bowl 1 ends in bowl 5: no extra turn, nothing scored
		e = playEffects(t, g, g.NewState(), "1")
		if e.ExtraTurn || fmt.Sprint(e.ScoreDelta) != "[0 0]" {
			t.Errorf("effects %+v", e)
		}
	})
	t.Run("strix: a Kite takes a piece beside its landing square", func(t *testing.T) {
		g, err := core.Load("strix/standard", core.WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		e := playEffects(t, g, g.NewState(), "bR-y34", "yR-b45", "gK-b22", "bK-g36", "yK-g26xbK")
		if len(e.Removed) != 1 || g.Board().Cells[e.Removed[0].Cell].Name != "g36" || e.Removed[0].Kind.Owner != 0 || e.Mover != 1 {
			t.Fatalf("effects %+v", e)
		}
		if e.ExtraTurn || e.Result.Over {
			t.Errorf("effects %+v", e)
		}
	})
	t.Run("dvonn: a move that cuts a group off removes every piece in it", func(t *testing.T) {
		// the group of TestDvonnRuleCutOffPiecesRemoved: b1-c1 cuts c1, d1,
		// e1, d2 and e2 off the DVONN piece on a1, with the moved piece:
		// 9 pieces leave, and the game ends in a draw
		g := rmLoad(t, rdVariant(rdCase{pieces: map[string][]string{
			"a1": {"dvonn"}, "b1": {"white"}, "c1": {"black"}, "d1": {"white", "black"},
			"e1": {"white"}, "d2": {"black"}, "e2": {"black", "black", "white"},
		}}))
		e := playEffects(t, g, g.NewState(), "b1-c1")
		cells := map[string]int{}
		for _, r := range e.Removed {
			cells[g.Board().Cells[r.Cell].Name]++
		}
		if len(e.Removed) != 9 || fmt.Sprint(cells) != "map[b1:1 c1:1 d1:2 d2:1 e1:1 e2:3]" {
			t.Errorf("removed %v (%d pieces)", cells, len(e.Removed))
		}
		if !e.Result.Over || e.Result.Winner != -1 {
			t.Errorf("result %+v, want a draw", e.Result)
		}
	})
}
