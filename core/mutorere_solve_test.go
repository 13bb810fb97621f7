package core_test

import (
	"context"
	"testing"

	"rulesmith/core/solve"
)

// modelRetro solves a model game whose positions repeat, independently of
// the engine: it lists the positions reachable from start (side to move
// included), marks a seat with no move lost (the variant's stuck = "lose"),
// and iterates to the fixpoint "won if some move reaches a lost position,
// lost if every move reaches a won one"; what is neither is drawn. It
// returns each position's outcome for its seat to move: 1 won, 2 lost, 3 drawn.
func modelRetro[T interface {
	comparable
	modelPos[T]
}](start T) map[T]int {
	kids := map[T][]T{}
	queue := []T{start}
	kids[start] = nil
	for i := 0; i < len(queue); i++ {
		p := queue[i]
		ks, _ := p.children(false)
		kids[p] = ks
		for _, k := range ks {
			if _, seen := kids[k]; !seen {
				kids[k] = nil
				queue = append(queue, k)
			}
		}
	}
	out := make(map[T]int, len(queue))
	for changed := true; changed; {
		changed = false
		for _, p := range queue {
			if out[p] != 0 {
				continue
			}
			won, allWon := false, true
			for _, k := range kids[p] {
				won = won || out[k] == 2
				allWon = allWon && out[k] == 1
			}
			switch {
			case won:
				out[p], changed = 1, true
			case allWon: // no move at all, or every move gives the opponent a win
				out[p], changed = 2, true
			}
		}
	}
	for _, p := range queue {
		if out[p] == 0 {
			out[p] = 3
		}
	}
	return out
}

// Mu-torere's values (issue: "the tools could not check Mu-torere's known
// values"): rulesmith solve's retrograde analysis gives the same value, the
// same number of reachable positions and the same won/lost/drawn split as
// the independent model of core/traditional_models_test.go solved by
// modelRetro. The known result: a draw with best play from the start.
func TestSolveMuTorereAgreesWithModel(t *testing.T) {
	g := load(t, "traditional/mu-torere")
	out := modelRetro(newMuTorere())
	wins, losses, draws := 0, 0, 0
	for _, o := range out {
		switch o {
		case 1:
			wins++
		case 2:
			losses++
		default:
			draws++
		}
	}
	want := map[int]int{1: 1, 2: -1, 3: 0}[out[newMuTorere()]]
	r, err := solve.Solve(context.Background(), g, g.NewState(), solve.Options{CacheDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Method != "retrograde" || !r.Counted {
		t.Fatalf("method %s, counted %v", r.Method, r.Counted)
	}
	if r.Value != want || r.Positions != len(out) || r.Wins != wins || r.Losses != losses || r.Draws != draws {
		t.Fatalf("solve: value %d, %d positions (%d won, %d lost, %d drawn); the model: %d, %d (%d, %d, %d)",
			r.Value, r.Positions, r.Wins, r.Losses, r.Draws, want, len(out), wins, losses, draws)
	}
	if want != 0 {
		t.Errorf("Mu-torere from the start: value %d, the known result is a draw", want)
	}
}
