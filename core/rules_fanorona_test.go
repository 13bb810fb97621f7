package core_test

// Rule tests of traditional/fanorona against shared/rules/traditional-readings.md,
// Part 2, "3. FANORONA" (cited as "readings"), each with the text it checks
// and hand-worked expectations.

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// fnPosition loads Fanorona with only the given pieces ("c3 W", "e5 B")
// and the given seat to move.
func fnPosition(t *testing.T, first string, pieces ...string) *core.Game {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"traditional/fanorona\"\nname = \"test/fanorona\"\nreplace = [\"setup.pieces\"]\n")
	b.WriteString("[turns]\nfirst = \"" + first + "\"\n[setup.pieces]\n")
	for _, p := range pieces {
		cell, kind, _ := strings.Cut(p, " ")
		b.WriteString(cell + " = \"" + map[string]string{"W": "white", "B": "black"}[kind] + "\"\n")
	}
	g, err := core.LoadBytes("fanorona.toml", []byte(b.String()), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func fnPlay(t *testing.T, g *core.Game, s *core.State, moves ...string) {
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

// Readings, Board: "every point joins its orthogonal neighbours ... a
// strong point joins its diagonal neighbours ... Weak points have only
// orthogonal lines." Paika (seed): "move any one piece along a line to an
// adjacent space".
func TestFanoronaRuleBoardLines(t *testing.T) {
	for _, tc := range []struct{ piece, black, want string }{
		{"b1 W", "i5 B", "b1-a1 b1-b2 b1-c1"},                               // weak: no diagonal
		{"c3 W", "i1 B", "c3-b2 c3-b3 c3-b4 c3-c2 c3-c4 c3-d2 c3-d3 c3-d4"}, // strong: eight lines
		{"a1 W", "i5 B", "a1-a2 a1-b1 a1-b2"},                               // strong corner
		{"i2 W", "a5 B", "i2-h2 i2-i1 i2-i3"},                               // weak edge point
		{"e5 W", "i1 B", "e5-d4 e5-d5 e5-e4 e5-f4 e5-f5"},                   // strong, top edge
	} {
		g := fnPosition(t, "white", tc.piece, tc.black)
		if got := legal(g, g.NewState()); got != tc.want {
			t.Errorf("%s alone: got %q, want %q", tc.piece, got, tc.want)
		}
	}
}

// Readings, Start and Moves: from the start White's only moves are the
// five capturing steps into the empty e3 (d3-e3 by approach on f3 or
// withdrawal from c3, e2-e3, d2-e3 and f2-e3 by approach); no paika, since
// a capture exists (Compulsory capture), and no piece can continue.
func TestFanoronaRuleStart(t *testing.T) {
	g := load(t, "traditional/fanorona")
	s := g.NewState()
	if got, want := legal(g, s), "d2-e3A d3-e3A d3-e3W e2-e3A f2-e3A"; got != want {
		t.Fatalf("start: %q, want %q", got, want)
	}
	if s.ToMove() != 0 || g.Seats()[0] != "white" {
		t.Fatal("White moves first (readings, Start)")
	}
	// e2-e3A takes e4 and e5, the line up to the edge
	fnPlay(t, g, s, "e2-e3A")
	for _, c := range []string{"e2", "e4", "e5"} {
		if i, _ := g.Board().Index(c); s.Top(i) >= 0 {
			t.Errorf("after e2-e3A %s holds a piece", c)
		}
	}
	if i, _ := g.Board().Index("e3"); s.Owner(i) != 0 {
		t.Error("after e2-e3A White stands on e3")
	}
}

// Readings, Moves: "If one step allows both an approach and a withdrawal,
// the player chooses one, and only that line is taken. The two choices are
// different moves"; the line runs "up to the first empty point, own piece
// or edge"; Compulsory capture: "if any capturing step exists ... the move
// must begin with one of them", so no paika.
func TestFanoronaRuleApproachOrWithdrawal(t *testing.T) {
	g := fnPosition(t, "white", "d3 W", "b3 B", "c3 B", "f3 B", "g3 B", "i3 B")
	s := g.NewState()
	// d3-e3: approach takes f3 g3 (h3 empty), withdrawal c3 b3 (a3 empty);
	// nothing else captures, and e3 cannot go on (d3 visited, f3 in the same
	// direction, no other line holds a piece).
	if got, want := legal(g, s), "d3-e3A d3-e3W"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	if _, err := g.Parse(s, "d3-d4"); err == nil || !strings.Contains(err.Error(), "compulsory") {
		t.Errorf("a paika while a capture exists: %v", err)
	}
	a := s.Clone()
	fnPlay(t, g, a, "d3-e3A")
	if got := occupiedCells(g, a); got != "b3 B, c3 B, e3 W, i3 B" {
		t.Errorf("after d3-e3A: %s", got)
	}
	w := s.Clone()
	fnPlay(t, g, w, "d3-e3W")
	if got := occupiedCells(g, w); got != "e3 W, f3 B, g3 B, i3 B" {
		t.Errorf("after d3-e3W: %s", got)
	}
}

// Readings, Moves, Relay and Notation: "after a capturing step, the same
// piece may make further capturing steps in the same turn"; "the player
// may stop after any capturing step"; "each proper prefix of a chain is
// also a move"; "Chain: the points in order, each landing point with its
// letter, e.g. c4-c3A-d3W"; End: a player who has lost all his pieces
// loses.
func TestFanoronaRuleRelay(t *testing.T) {
	g := fnPosition(t, "white", "c4 W", "c2 B", "b3 B")
	s := g.NewState()
	// c4-c3 approaches c2; on c3 the piece withdraws east from b3. No other
	// step of either point captures (worked out line by line).
	if got, want := legal(g, s), "c4-c3A c4-c3A-d3W"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	stop := s.Clone()
	fnPlay(t, g, stop, "c4-c3A")
	if got := occupiedCells(g, stop); got != "b3 B, c3 W" {
		t.Errorf("after c4-c3A: %s", got)
	}
	if stop.ToMove() != 1 {
		t.Error("stopping after one capture ends the turn")
	}
	fnPlay(t, g, s, "c4-c3A-d3W")
	if got := occupiedCells(g, s); got != "d3 W" {
		t.Errorf("after c4-c3A-d3W: %s", got)
	}
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Errorf("Black has lost all his pieces: %+v", r)
	}
}

// Readings, Moves, Relay: "the direction of each step must differ from the
// direction of the step just before it" (seed: "must change direction each
// time it moves").
func TestFanoronaRuleChangeDirection(t *testing.T) {
	// b3-c3 withdraws from a3; going on east, c3-d3 would approach e3, but
	// that is the same direction twice in a row.
	g := fnPosition(t, "white", "b3 W", "a3 B", "e3 B")
	if got, want := legal(g, g.NewState()), "b3-c3W"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// Readings, Moves, Relay: "the piece may not land on a point it has
// already occupied during this turn, its starting point included" (seed:
// "may not stand on the same spot twice").
func TestFanoronaRuleNoRevisit(t *testing.T) {
	// From c3: c3-d4 approaches e5, then d4-d3 withdraws from d5; a third
	// step d3-c3 would approach b3 but lands on the starting point. Or c3-d3
	// withdraws from b3, then d3-d4 approaches d5.
	g := fnPosition(t, "white", "c3 W", "b3 B", "d5 B", "e5 B")
	s := g.NewState()
	if got, want := legal(g, s), "c3-d3W c3-d3W-d4A c3-d4A c3-d4A-d3W"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	// each refusal names what is wrong
	for _, tc := range []struct{ text, because string }{
		{"c3-d4A-d3W-c3A", "the chain cannot go on after c3-d4-d3 (to c3)"}, // the starting point again
		{"c3-c4", "c3-c4 takes nothing, and a capture is compulsory"},
		{"c3-d4W", "c3-d4 makes no withdrawal: the point behind c3 holds no piece to take"},
		{"c3-d4A-d3A", "write c3-d4A-d3W"},
	} {
		if _, err := g.Parse(s, tc.text); err == nil || !strings.Contains(err.Error(), tc.because) {
			t.Errorf("%s: got %v, want a refusal saying %q", tc.text, err, tc.because)
		}
	}
}

// Readings, End: "A player loses ... when it is his turn and he has no
// legal move."
func TestFanoronaRuleNoMoveLoses(t *testing.T) {
	g := fnPosition(t, "black", "a1 B", "a2 W", "b1 W", "b2 W")
	s := g.NewState()
	if got := legal(g, s); got != "" {
		t.Fatalf("Black is hemmed in, yet has %q", got)
	}
	g.Settle(s, nil)
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Errorf("Black to move without a move loses: %+v", r)
	}
}

// The engine plays the game of the independent model (fanorona_model_test.go):
// in random games the sorted legal moves, in the readings' notation, are
// the same after every ply.
func TestFanoronaMatchesModel(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	crosscheckModel(t, "traditional/fanorona", newFanorona(), games, 400)
}

// Random playouts end: by the rules (a seat without a move or a piece
// loses) or at the variant's named ply limit (turns.max_plies, readings,
// End: paika moves can go on for ever).
func TestFanoronaPlayoutsEnd(t *testing.T) {
	g := load(t, "traditional/fanorona")
	rng := rand.New(rand.NewPCG(3, 4))
	byRule := 0
	for i := 0; i < 40; i++ {
		s := g.NewState()
		if _, err := g.Playout(s, rng, nil, nil); err != nil {
			t.Fatal(err)
		}
		r := g.Result(s)
		if !r.Over {
			t.Fatal("a playout returned an unfinished game")
		}
		if r.Winner >= 0 {
			byRule++
		}
	}
	if byRule == 0 {
		t.Error("no random game ended by the rules")
	}
}

// The records of complete games (testdata/records/fanorona/) replay: every
// move is legal and the game is over at the end with the result the
// record's header names.
func TestFanoronaRecordsReplay(t *testing.T) {
	g := load(t, "traditional/fanorona")
	files, _ := filepath.Glob("../testdata/records/fanorona/*.txt")
	if len(files) < 3 {
		t.Fatalf("want at least 3 records, found %d", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines, err := core.ReadRecord(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		s := g.NewState()
		h := core.NewHistory(g, s)
		if err := g.Replay(h, lines); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		g.Settle(s, nil)
		r := g.Result(s)
		if !r.Over {
			t.Errorf("%s: the game is not over", f)
			continue
		}
		if want := recordResult(string(data)); want != g.ResultString(r) {
			t.Errorf("%s: result %q, the record says %q", f, g.ResultString(r), want)
		}
		// the independent model plays the same game to the same end: the
		// loser to move without a move
		p := newFanorona()
		for _, l := range lines {
			if p, err = modelPlay(p, l.Text); err != nil {
				t.Fatalf("%s line %d: %v", f, l.Line, err)
			}
		}
		if len(modelMoves(p)) != 0 || int(p.toMove) == r.Winner {
			t.Errorf("%s: in the model the game is not won by %s", f, g.ResultString(r))
		}
	}
}

// recordResult reads "# result: …" from a record's header.
func recordResult(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if r, ok := strings.CutPrefix(line, "# result: "); ok {
			return r
		}
	}
	return ""
}

// Random playouts of Fanorona allocate nothing per move once warm.
func BenchmarkPlayoutFanorona(b *testing.B) { benchFramework(b, "traditional/fanorona") }
