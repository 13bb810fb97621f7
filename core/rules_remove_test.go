package core_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

func loadTacTix(t *testing.T) *core.Game {
	t.Helper()
	g, err := core.Load("../testdata/variants/tac-tix.toml")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func engineMoves(g *core.Game, s *core.State) []string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		out = append(out, g.Format(s, m))
	}
	sort.Strings(out)
	return out
}

// Tac Tix written with the remove primitive (shape = "run") agrees with the
// independent model of the readings (traditional_models_test.go): the same
// perft counts, and the same moves, named alike, along random games.
func TestRemoveRunMatchesTacTixModel(t *testing.T) {
	g := loadTacTix(t)
	for d := 1; d <= 3; d++ {
		if got, want := g.Perft(g.NewState(), d), modelPerft(newTacTix(), d); got != want {
			t.Errorf("perft(%d) = %d, the model gives %d", d, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for game := 0; game < 30; game++ {
		s, p := g.NewState(), newTacTix()
		for ply := 0; ; ply++ {
			got, want := engineMoves(g, s), modelMoves(p)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("game %d ply %d: engine %v, model %v", game, ply, got, want)
			}
			if len(want) == 0 {
				break
			}
			pick := want[rng.IntN(len(want))]
			m, err := g.Parse(s, pick)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(s, m); err != nil {
				t.Fatal(err)
			}
			if p, err = modelPlay(p, pick); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Misère: the player who removes the last marble loses.
func TestRemoveRunMisere(t *testing.T) {
	g := loadTacTix(t)
	s := g.NewState()
	// clear the board row by row: first, second, first, second
	for _, m := range []string{"a1-d1", "a2-d2", "a3-d3", "a4-d4"} {
		mv, err := g.Parse(s, m)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(s, mv); err != nil {
			t.Fatal(err)
		}
	}
	r := g.Result(s)
	if !r.Over || r.Winner != 0 {
		t.Fatalf("after second removes the last marble: %+v, want first (seat 0) to win", r)
	}
}

// shape = "piece" removes one piece anywhere that pieces, kinds and when
// allow; a refused removal says why.
func TestRemovePiece(t *testing.T) {
	src := `name = "test/remove-piece"
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
[pieces.k]
owner = "black"
[setup.pieces]
a1 = "w"
b1 = "b"
c1 = "k"
a2 = "b"
b3 = "b"
[moves.take]
type = "remove"
pieces = "enemy"
kinds = ["b"]
when = 'to.row != 3'
notation = "capture"
`
	g, err := core.LoadBytes("remove.toml", []byte(src), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	if got := fmt.Sprint(engineMoves(g, s)); got != "[xa2 xb1]" {
		t.Fatalf("white's removals %s, want [xa2 xb1] (black men not on row 3; the k kind excluded)", got)
	}
	for text, reason := range map[string]string{
		"xa1": "the piece on a1 is white's own",
		"xc1": "a k may not be removed",
		"xb3": "the rule's condition (when) does not allow",
		"xc2": "there is no piece on c2",
	} {
		_, err := g.Parse(s, text)
		if err == nil || !strings.Contains(err.Error(), reason) {
			t.Errorf("%s: got %v, want a refusal saying %q", text, err, reason)
		}
	}
	m, _ := g.Parse(s, "xb1")
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	if s.Top(1) >= 0 || s.Height(1) != 0 {
		t.Fatal("b1 still holds a piece after xb1")
	}
	// black may remove only enemy pieces of kind b, and white has none
	if ms := g.Moves(s, nil); len(ms) != 0 {
		t.Fatalf("black has %d removals, want none", len(ms))
	}
}

// The remove primitive refuses keys of a run on a single removal, and a
// run on a board without directions.
func TestRemoveKeys(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"[moves.take]\ntype = \"remove\"\nmax_length = 2\n", `moves.take.max_length: only a run (shape = "run") takes max_length`},
		{"[moves.take]\ntype = \"remove\"\nshape = \"run\"\nmin_length = 3\nmax_length = 2\n", "min_length: 3 is more than max_length 2"},
	} {
		src := "name = \"t\"\n[players]\nseats = [\"a\", \"b\"]\n[board]\nkind = \"grid\"\nwidth = 3\nheight = 3\n" + tc.src
		_, err := core.LoadBytes("t.toml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.src, err, tc.want)
		}
	}
}

// A run read in one direction only is still one move per run, named by
// its lower cell first: with dirs = ["e"] or ["w"], each row's 1+2+3+4
// runs (singles included) on the full board.
func TestRemoveRunOneDirection(t *testing.T) {
	for _, dir := range []string{"e", "w"} {
		src := fmt.Sprintf("extends = \"tac-tix.toml\"\nname = \"t\"\n[moves.take]\ndirs = [%q]\n", dir)
		g, err := core.LoadBytes("../testdata/variants/one-way.toml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		moves := engineMoves(g, g.NewState())
		if len(moves) != 40 {
			t.Errorf("dirs = [%q]: %d moves, want 40", dir, len(moves))
		}
		for _, m := range moves {
			if a, b, ok := strings.Cut(m, "-"); ok && (a[1] != b[1] || a[0] >= b[0]) {
				t.Errorf("dirs = [%q]: %s is not a row run named west end first", dir, m)
			}
		}
	}
}
