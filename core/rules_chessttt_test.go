package core_test

// Chess tic-tac-toe (variants/traditional/chess-tic-tac-toe.toml) against
// shared/rules/traditional-readings.md, "Chess tic-tac-toe": each test names
// the reading it checks, with expectations worked by hand.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
)

const cttVariant = "traditional/chess-tic-tac-toe"

// cttAfter plays a record in the engine and in the independent model.
func cttAfter(t *testing.T, g *core.Game, moves ...string) (*core.State, chessTTT) {
	t.Helper()
	s, p := g.NewState(), newChessTTT()
	for _, m := range moves {
		play(t, g, s, m)
		var err error
		if p, err = modelPlay(p, m); err != nil {
			t.Fatalf("model: %s: %v", m, err)
		}
	}
	return s, p
}

// cttMovesFrom lists the legal moves written as starting at cell (FROM-… or
// FROMx…), sorted.
func cttMovesFrom(g *core.Game, s *core.State, cell string) []string {
	var out []string
	for _, m := range engineMoves(g, s) {
		if strings.HasPrefix(m, cell+"-") || strings.HasPrefix(m, cell+"x") {
			out = append(out, m)
		}
	}
	return out
}

// "When moving is allowed (reading)": each player's first three turns are
// placements; White's first possible move is at ply 7.
func TestChessTTTPlacementsFirst(t *testing.T) {
	g := load(t, cttVariant)
	s, _ := cttAfter(t, g, "Ra1", "Rd4", "Nc1", "Na4", "Bd2")
	// Black's third turn (ply 6): bishop and pawn in hand, 11 empty squares,
	// no move although Black's rook and knight stand on the board
	if got := len(engineMoves(g, s)); got != 22 {
		t.Errorf("ply 6: %d moves, want 2 kinds × 11 squares = 22 placements only: %v", got, engineMoves(g, s))
	}
	play(t, g, s, "Bc4")
	// White's fourth turn (ply 7): the pawn on the 10 empty squares; rook a1:
	// a2 a3, a1xa4 (Black's knight), b1 (c1 is White's knight); knight c1:
	// a2 b3 d3; bishop d2: c3 b4 (c1 own, the rest off the board).
	want := []string{"a1-a2", "a1-a3", "a1-b1", "a1xa4", "c1-a2", "c1-b3", "c1-d3", "d2-b4", "d2-c3"}
	var got []string
	places := 0
	for _, m := range engineMoves(g, s) {
		if strings.HasPrefix(m, "P") {
			places++
		} else {
			got = append(got, m)
		}
	}
	if places != 10 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("ply 7: %d placements and moves %v; want 10 and %v", places, got, want)
	}
}

// "Pawn direction": a pawn placed on its far rank points backward; it
// keeps its direction on ranks 2-3 and turns at the edge rank it reaches.
func TestChessTTTPawnDirection(t *testing.T) {
	g := load(t, cttVariant)
	s, _ := cttAfter(t, g, "Pd4", "Pa1", "Rc2", "Rb3", "Bc1", "Bb4")
	steps := []struct{ cell, want, play string }{
		{"d4", "[d4-d3]", "d4-d3"}, // White's pawn placed on rank 4 points down
		{"a1", "[a1-a2]", "a1-a2"}, // Black's placed on rank 1 points up
		{"d3", "[d3-d2]", "d3-d2"}, // ranks 2-3: it keeps going down
		{"a2", "[a2-a3]", "a2-a3"},
		{"d2", "[d2-d1]", "d2-d1"},
		{"a3", "[a3-a4]", "a3-a4"},
		{"d1", "[d1-d2]", ""}, // on rank 1 it has turned: up again (c2 is its own rook)
	}
	for _, st := range steps {
		if got := fmt.Sprint(cttMovesFrom(g, s, st.cell)); got != st.want {
			t.Fatalf("ply %d: pawn moves from %s %s, want %s", s.Ply()+1, st.cell, got, st.want)
		}
		if st.play != "" {
			play(t, g, s, st.play)
		}
	}
	play(t, g, s, "d1-d2")
	// Black's pawn reached rank 4 and turned: down to a3 (b3 is its own rook)
	if got := fmt.Sprint(cttMovesFrom(g, s, "a4")); got != "[a4-a3]" {
		t.Errorf("Black's pawn on a4: %s, want [a4-a3]", got)
	}
}

// "Captures": the taken piece goes back to its owner's hand and may be
// placed again on any later turn, the very next one included; "a captured
// pawn loses its direction; when placed again, the placement rule applies".
func TestChessTTTCaptureToHand(t *testing.T) {
	g := load(t, cttVariant)
	s, _ := cttAfter(t, g, "Pd4", "Pa1", "Rb2", "Bc3", "Nd2", "Rb4")
	// White's pawn d4 points down: forward d3, diagonally forward c3 holds
	// Black's bishop
	if got := fmt.Sprint(cttMovesFrom(g, s, "d4")); got != "[d4-d3 d4xc3]" {
		t.Fatalf("pawn d4: %s, want [d4-d3 d4xc3]", got)
	}
	black, white := 1, 0
	bishop, _ := g.KindIndex("black_bishop")
	rook, _ := g.KindIndex("white_rook")
	play(t, g, s, "d4xc3")
	if s.HandLeft(black, bishop) != 1 {
		t.Fatalf("Black's bishop is not back in hand")
	}
	ms := engineMoves(g, s)
	if !contains(ms, "Bc3") && !contains(ms, "Bd4") {
		t.Errorf("Black may place the bishop again at once: %v", ms)
	}
	// Black's pawn a1 points up: a1xb2 takes White's rook
	if got := fmt.Sprint(cttMovesFrom(g, s, "a1")); got != "[a1-a2 a1xb2]" {
		t.Fatalf("pawn a1: %s, want [a1-a2 a1xb2]", got)
	}
	play(t, g, s, "a1xb2")
	if s.HandLeft(white, rook) != 1 {
		t.Fatalf("White's rook is not back in hand")
	}
	// White's pawn (now c3, still pointing down) takes Black's pawn on b2
	if got := fmt.Sprint(cttMovesFrom(g, s, "c3")); got != "[c3-c2 c3xb2]" {
		t.Fatalf("pawn c3: %s, want [c3-c2 c3xb2]", got)
	}
	play(t, g, s, "c3xb2")
	// Black places the pawn again: on rank 1 it points up (a1xb2 possible),
	// on c3 it points down (c3-c2; c3xb2 takes White's pawn, c3xd2 the knight)
	s1 := s.Clone()
	play(t, g, s1, "Pa1")
	play(t, g, s1, "Ra4")
	if got := fmt.Sprint(cttMovesFrom(g, s1, "a1")); got != "[a1-a2 a1xb2]" {
		t.Errorf("Black's pawn placed on a1: %s, want [a1-a2 a1xb2]", got)
	}
	play(t, g, s, "Pc3")
	play(t, g, s, "Ra4")
	if got := fmt.Sprint(cttMovesFrom(g, s, "c3")); got != "[c3-c2 c3xb2 c3xd2]" {
		t.Errorf("Black's pawn placed on c3: %s, want [c3-c2 c3xb2 c3xd2]", got)
	}
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// "Win": a ply that leaves the mover's four pieces on a long diagonal
// (a4 b3 c2 d1) wins at once, and the finished game has no moves.
func TestChessTTTWinOnDiagonal(t *testing.T) {
	g := load(t, cttVariant)
	s, _ := cttAfter(t, g, "Na4", "Pb1", "Pb3", "Nd3", "Bc2", "Ba1", "Rd2", "Rc4")
	if s.Over() {
		t.Fatal("a4 b3 c2 d2 is no line")
	}
	play(t, g, s, "d2-d1")
	if !s.Over() {
		t.Fatal("d2-d1 completes a4 b3 c2 d1: the game should be over")
	}
	if r := g.Result(s); r.Winner != 0 {
		t.Errorf("result %+v, want White (the mover) to win", r)
	}
	if by, _ := g.EndedBy(s); by != "four_in_a_row" {
		t.Errorf("ended by %q", by)
	}
	if ms := g.Moves(s, nil); len(ms) != 0 {
		t.Errorf("the finished game still has %d moves", len(ms))
	}
}

// The complete games of testdata/records/chess-tic-tac-toe replay, end
// with the last move, and the independent model agrees with every move
// and with the result (the last mover wins).
func TestChessTTTRecords(t *testing.T) {
	g := load(t, cttVariant)
	files, _ := filepath.Glob("../testdata/records/chess-tic-tac-toe/*.txt")
	if len(files) < 3 {
		t.Fatalf("%d records", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			fh, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			lines, err := core.ReadRecord(fh)
			if err != nil {
				t.Fatal(err)
			}
			h := core.NewHistory(g, g.NewState())
			if err := g.Replay(h, lines); err != nil {
				t.Fatal(err)
			}
			p := newChessTTT()
			for _, l := range lines {
				if p, err = modelPlay(p, l.Text); err != nil {
					t.Fatalf("model: %v", err)
				}
			}
			if !p.over || !h.State.Over() {
				t.Fatalf("the game is not over (model %v, engine %v)", p.over, h.State.Over())
			}
			if want, got := (len(lines)+1)%2, g.Result(h.State).Winner; got != want {
				t.Errorf("winner %d, want the last mover %d", got, want)
			}
		})
	}
}

// Perft from a middle-game position (placements done, moves and captures
// possible): the engine and the independent model agree at every depth.
func TestChessTTTMidgamePerft(t *testing.T) {
	g := load(t, cttVariant)
	rec := []string{"Pd4", "Pa1", "Rb2", "Bc3", "Nd2", "Rb4", "d4xc3", "a1xb2"}
	s, p := cttAfter(t, g, rec...)
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for d := 1; d <= depth; d++ {
		if got, want := g.Perft(s, d), modelPerft(p, d); got != want {
			t.Errorf("perft(%d) after %v: engine %d, model %d", d, rec, got, want)
		}
	}
}

// Random playouts end: by four in a row, or stopped at the ply limit the
// variant names (readings, Conventions: there is no repetition rule, so a
// game can go on for ever).
func TestChessTTTPlayoutsEnd(t *testing.T) {
	g := load(t, cttVariant)
	rng := rand.New(rand.NewPCG(4, 4))
	won, stopped := 0, 0
	var buf []core.Move
	for i := 0; i < 200; i++ {
		s := g.NewState()
		var err error
		if buf, err = g.Playout(s, rng, buf, nil); err != nil {
			t.Fatal(err)
		}
		if by, _ := g.EndedBy(s); by == "four_in_a_row" {
			won++
		} else if s.Ply() >= 1000 {
			stopped++
		} else {
			t.Fatalf("game %d stopped at ply %d, ended by %q", i, s.Ply(), by)
		}
	}
	if won < 150 {
		t.Errorf("only %d of 200 random games ended by four in a row (%d stopped at the ply limit)", won, stopped)
	}
	t.Logf("%d won, %d stopped at the ply limit (1000, [turns] max_plies)", won, stopped)
}

// The opening moves print as the readings write them and sort as the CLI
// lists them.
func TestChessTTTNotation(t *testing.T) {
	g := load(t, cttVariant)
	ms := engineMoves(g, g.NewState())
	if len(ms) != 64 || ms[0] != "Ba1" || ms[63] != "Rd4" {
		t.Errorf("opening: %d moves from %s to %s", len(ms), ms[0], ms[len(ms)-1])
	}
	sorted := append([]string(nil), ms...)
	sort.Strings(sorted)
	if fmt.Sprint(sorted) != fmt.Sprint(ms) {
		t.Error("not sorted")
	}
}
