package core_test

// Rule tests of traditional/fox-and-geese against
// shared/rules/traditional-readings.md, Part 1, "Fox and Geese (13 geese)"
// (cited as "readings"), each with expectations worked out by hand.

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// foxPosition loads Fox and Geese with the given pieces (cell → "fox" or
// "goose") and the seat to move.
func foxPosition(t *testing.T, first string, pieces map[string]string) (*core.Game, *core.State) {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"traditional/fox-and-geese\"\nname = \"test/fox\"\nreplace = [\"setup.pieces\"]\n")
	b.WriteString("[turns]\nfirst = \"" + first + "\"\n[setup.pieces]\n")
	for cell, kind := range pieces {
		b.WriteString(cell + " = \"" + kind + "\"\n")
	}
	g, err := core.LoadBytes("fox.toml", []byte(b.String()), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g, g.NewState()
}

func playText(t *testing.T, g *core.Game, s *core.State, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := g.Parse(s, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := g.Play(s, m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}

// Readings, Board: 33 points; "72 adjacent pairs in all: 52 orthogonal and
// 20 diagonal"; diagonals only at points whose x+y is even.
func TestFoxGeeseRuleBoard(t *testing.T) {
	g := load(t, "traditional/fox-and-geese")
	b := g.Board()
	if b.N() != 33 {
		t.Fatalf("%d points, want 33", b.N())
	}
	orth, diag := 0, 0
	for c := 0; c < b.N(); c++ {
		x, y := b.Cells[c].Attrs["x"].(int), b.Cells[c].Attrs["y"].(int)
		for _, n := range b.Adjacent(c) {
			nx, ny := b.Cells[n].Attrs["x"].(int), b.Cells[n].Attrs["y"].(int)
			if nx != x && ny != y {
				diag++
				if (x+y)%2 != 0 {
					t.Errorf("diagonal from %s, where x+y is odd", b.Cells[c].Name)
				}
			} else {
				orth++
			}
		}
	}
	if orth/2 != 52 || diag/2 != 20 {
		t.Fatalf("%d orthogonal and %d diagonal pairs, want 52 and 20", orth/2, diag/2)
	}
}

// Readings, Start and First move: the geese fill c1-e2 and a3-g3, the fox
// stands on d4, the geese move first: only the row a3-g3 can step (d3 has
// the fox ahead and no diagonal), 10 moves.
func TestFoxGeeseRuleStart(t *testing.T) {
	g := load(t, "traditional/fox-and-geese")
	s := g.NewState()
	if g.Seats()[s.ToMove()] != "geese" {
		t.Fatalf("%s moves first, want the geese", g.Seats()[s.ToMove()])
	}
	if got := legal(g, s); got != "a3-a4 a3-b4 b3-b4 c3-b4 c3-c4 e3-e4 e3-f4 f3-f4 g3-f4 g3-g4" {
		t.Fatalf("opening moves %q", got)
	}
}

// Readings, Moves (Fox, capture) and Move identity: the fox on c3 with
// geese on b3, a4 and b4 (and four far away, so it does not win at once)
// may step (c2 c4 d2 d3 d4) or jump, and stop after any jump; a chain may
// come back to c3, its start, which is empty once it has left; the two
// loops c3xa3xa5xc3 and c3xa5xa3xc3 are two moves; from a3, c5 lies beyond
// b4 on the diagonal a3-b4-c5.
func TestFoxGeeseRuleChains(t *testing.T) {
	g, s := foxPosition(t, "fox", map[string]string{
		"c3": "fox", "b3": "goose", "a4": "goose", "b4": "goose",
		"c1": "goose", "d1": "goose", "e1": "goose", "e2": "goose",
	})
	want := "c3-c2 c3-c4 c3-d2 c3-d3 c3-d4 " +
		"c3xa3 c3xa3xa5 c3xa3xa5xc3 c3xa3xc5 c3xa5 c3xa5xa3 c3xa5xa3xc3"
	if got := legal(g, s); got != sortedWords(want) {
		t.Fatalf("fox moves\n%q\nwant\n%q", got, sortedWords(want))
	}
	// the readings' other spelling of a chain reads as the same move
	m1, err1 := g.Parse(s, "c3-a3-a5-c3")
	m2, err2 := g.Parse(s, "c3xa3xa5xc3")
	if err1 != nil || err2 != nil || m1 != m2 {
		t.Fatalf("c3-a3-a5-c3 and c3xa3xa5xc3: %v %v %v %v", m1, m2, err1, err2)
	}
	playText(t, g, s, "c3xa3xa5xc3")
	for _, c := range []string{"b3", "a4", "b4", "a3", "a5"} {
		if i, _ := g.Board().Index(c); s.Height(i) != 0 {
			t.Errorf("%s must be empty after the loop", c)
		}
	}
	if i, _ := g.Board().Index("c3"); s.Top(i) < 0 {
		t.Error("the fox ends on c3, where it started")
	}
	if r := g.Result(s); r.Over || g.Seats()[s.ToMove()] != "geese" {
		t.Fatalf("4 geese remain: the game goes on with the geese to move (%v)", r)
	}
}

// Readings, Moves (Goose): geese step only; "the Geese, however, are not
// allowed to jump over the Fox or over one another". The goose on d2 has
// the fox on d3 and d4 empty beyond, and a goose on e3 with f4 empty.
func TestFoxGeeseRuleGeeseNeverJump(t *testing.T) {
	g, s := foxPosition(t, "geese", map[string]string{
		"d2": "goose", "e3": "goose", "c1": "goose", "e1": "goose", "d3": "fox",
	})
	for _, m := range strings.Fields(legal(g, s)) {
		if strings.Contains(m, "x") || m == "d2-d4" || m == "d2-f4" {
			t.Errorf("a goose jumps: %s", m)
		}
	}
	if _, err := g.Parse(s, "d2-d4"); err == nil {
		t.Error("d2-d4 (a goose over the fox) is refused")
	}
}

// Readings, End: the fox wins as soon as, after its move, fewer than 4 geese
// remain; the fox to move with no legal move loses (the readings' own
// example: fox on d1, geese on c1 e1 d2 d3).
func TestFoxGeeseRuleEnds(t *testing.T) {
	g, s := foxPosition(t, "fox", map[string]string{
		"d4": "fox", "d5": "goose", "a3": "goose", "g3": "goose", "c1": "goose",
	})
	playText(t, g, s, "d4xd6")
	if r := g.Result(s); !r.Over || g.Seats()[r.Winner] != "fox" {
		t.Fatalf("3 geese left after the fox's move: the fox wins, got %v", r)
	}
	g, s = foxPosition(t, "fox", map[string]string{
		"d1": "fox", "c1": "goose", "e1": "goose", "d2": "goose", "d3": "goose",
	})
	if got := legal(g, s); got != "" {
		t.Fatalf("the trapped fox has moves %q", got)
	}
	if r := g.Result(s); !r.Over || g.Seats()[r.Winner] != "geese" {
		t.Fatalf("the fox cannot move: the geese win, got %v", r)
	}
	// one goose fewer and the fox jumps out: d1 over d2 to d3
	g, s = foxPosition(t, "fox", map[string]string{
		"d1": "fox", "c1": "goose", "e1": "goose", "d2": "goose", "a3": "goose",
	})
	if got := legal(g, s); got != "d1xd3" {
		t.Fatalf("moves %q, want d1xd3", got)
	}
}

// The records replay to their recorded ends: a random game the fox wins
// (with a six-jump chain that lands on e3 twice), a game the geese win by
// shutting the fox in, and an opening that goes on.
func TestFoxGeeseRecords(t *testing.T) {
	g := load(t, "traditional/fox-and-geese")
	for _, tc := range []struct {
		file, winner string
		plies        int
	}{
		{"traditional-fox-and-geese.txt", "fox", 58},
		{"traditional-fox-and-geese-geese-win.txt", "geese", 101},
		{"traditional-fox-and-geese-opening.txt", "", 12},
	} {
		f, err := os.Open("../testdata/records/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		lines, err := core.ReadRecord(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		h := core.NewHistory(g, g.NewState())
		if err := g.Replay(h, lines); err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		r := g.Result(h.State)
		if h.State.Ply() != tc.plies {
			t.Errorf("%s: %d plies, want %d", tc.file, h.State.Ply(), tc.plies)
		}
		switch {
		case tc.winner == "" && r.Over:
			t.Errorf("%s: the opening is over (%v)", tc.file, r)
		case tc.winner != "" && (!r.Over || r.Timeout || g.Seats()[r.Winner] != tc.winner):
			t.Errorf("%s: result %v, want %s wins", tc.file, r, tc.winner)
		}
	}
}

// Random playouts end by a rule of the game (the fox takes all but three
// geese or is shut in), never at the ply limit the variant names.
func TestFoxGeesePlayoutsEnd(t *testing.T) {
	g := load(t, "traditional/fox-and-geese")
	rng := rand.New(rand.NewPCG(3, 4))
	wins := map[string]int{}
	for i := 0; i < 200; i++ {
		s := g.NewState()
		if _, err := g.Playout(s, rng, nil, nil); err != nil {
			t.Fatal(err)
		}
		r := g.Result(s)
		if !r.Over || r.Timeout {
			t.Fatalf("playout %d stopped at ply %d without a result", i, s.Ply())
		}
		wins[g.Seats()[r.Winner]]++
	}
	if wins["fox"] == 0 {
		t.Errorf("the random fox never won: %v", wins)
	}
}
