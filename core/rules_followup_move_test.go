package core_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"rulesmith/core"
)

// Marseillais turns (testdata/variants/breakthrough-marseillais.toml): R3,
// White's first turn is one move; R2, every later turn two, by one pawn or
// two, the second compulsory.
func TestFollowUpMoveMarseillais(t *testing.T) {
	g := loadFile(t, "../testdata/variants/breakthrough-marseillais.toml")
	s := g.NewState()
	moves := " " + legal(g, s) + " "
	if strings.Contains(moves, "/") || len(g.Moves(s, nil)) != 16 {
		t.Fatalf("R3: White's first turn is 16 single moves: %s", moves)
	}
	play(t, g, s, "a2-a3")
	moves = " " + legal(g, s) + " "
	for _, want := range []string{"b5-b4/b4-b3", "b5-b4/a5-a4", "a5-b4/b4-a3"} {
		if !strings.Contains(moves, " "+want+" ") {
			t.Errorf("R2: moves lack %s: %s", want, moves)
		}
	}
	// a straight step never captures, in the second move too (R1): a4-a3
	// meets White's pawn
	for _, not := range []string{" a5-a4 ", "a5-a4/a4-a3", "/a4-a3 "} {
		if strings.Contains(moves, not) {
			t.Errorf("moves hold %q: %s", not, moves)
		}
	}
	_, err := g.Parse(s, "a5-a4")
	if err == nil || !strings.Contains(err.Error(), `no legal move is written "a5-a4"; from a5 to a4 write a5-a4/a4-b3 or`) {
		t.Errorf("a5-a4 alone: %v", err)
	}
	_, err = g.Parse(s, "a5-a4/a4-a2")
	if err == nil || !strings.Contains(err.Error(), "after a5-a4:") || !strings.Contains(err.Error(), "(rule black_again)") {
		t.Errorf("a5-a4/a4-a2: %v", err)
	}
	h := core.NewHistory(g, s)
	before := s.Hash()
	m, err := g.Parse(s, "b5-b4/b4-b3")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Play(m); err != nil {
		t.Fatal(err)
	}
	st := h.State
	for cell, want := range map[string]string{"b5": "", "b4": "", "b3": "bp"} {
		if got := kindOn(g, st, cell); got != want {
			t.Errorf("after b5-b4/b4-b3: %s holds %q, want %q", cell, got, want)
		}
	}
	if st.LastTarget() != mustCell(t, g, "b4") || st.ToMove() != 0 {
		t.Errorf("after b5-b4/b4-b3: last target %d (the base move's, b4), seat %d", st.LastTarget(), st.ToMove())
	}
	if !h.Undo() || h.State.Hash() != before {
		t.Errorf("undo: hash %x, want %x", h.State.Hash(), before)
	}
}

func kindOn(g *core.Game, s *core.State, cell string) string {
	c, _ := g.Board().Index(cell)
	if p := s.Top(c); p >= 0 {
		return g.PieceKindOf(p).Name
	}
	return ""
}

// Hit and run (testdata/variants/breakthrough-hit-and-run.toml): R2, only
// the capturing pawn may step back (then_piece = "moved"), and need not
// (then_optional).
func TestFollowUpMoveHitAndRun(t *testing.T) {
	g := loadFile(t, "../testdata/variants/breakthrough-hit-and-run.toml")
	s := g.NewState()
	play(t, g, s, "b2-b3")
	play(t, g, s, "c5-c4")
	moves := " " + legal(g, s) + " "
	for _, want := range []string{" b3-c4 ", " b3-c4/c4-c3 ", " a2-a3 "} {
		if !strings.Contains(moves, want) {
			t.Errorf("moves lack %q: %s", want, moves)
		}
	}
	if strings.Count(moves, "/") != 1 {
		t.Errorf("one capture, one retreat: %s", moves)
	}
	// a pawn that did not capture has no retreat
	if _, err := g.Parse(s, "a2-a3/a3-a2"); err == nil || !strings.Contains(err.Error(), "no legal move is written this way") {
		t.Errorf("a2-a3/a3-a2: %v", err)
	}
	play(t, g, s, "b3-c4/c4-c3")
	if kindOn(g, s, "c3") != "wp" || kindOn(g, s, "c4") != "" || kindOn(g, s, "b3") != "" {
		t.Errorf("after b3-c4/c4-c3: c3 %q c4 %q b3 %q", kindOn(g, s, "c3"), kindOn(g, s, "c4"), kindOn(g, s, "b3"))
	}
	if n := countKind(g, s, "bp"); n != 11 {
		t.Errorf("the capture took a pawn: %d black pawns", n)
	}
}

func countKind(g *core.Game, s *core.State, kind string) int {
	n := 0
	for c := range g.Board().N() {
		if p := s.Top(c); p >= 0 && g.PieceKindOf(p).Name == kind {
			n++
		}
	}
	return n
}

const walkBase = `
name = "test/walk"
[players]
seats = ["a", "b"]
[board]
kind = "grid"
width = 4
height = 4
[pieces.ap]
owner = "a"
glyph = "A"
[pieces.bp]
owner = "b"
glyph = "B"
[setup.pieces]
a1 = "ap"
d4 = "bp"
[moves.go]
type = "step"
`

// The load-time refusals of a follow-up that moves a piece, each at the
// key at fault.
func TestFollowUpMoveRefusals(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"then_piece without then", walkBase + "then_piece = \"moved\"\n",
			`moves.go.then_piece: without then there is no follow-up to decide`},
		{"then_optional without then", walkBase + "then_optional = true\n",
			`moves.go.then_optional: without then there is no follow-up to decide`},
		{"then_piece of a place", walkBase + "then = \"put\"\nthen_piece = \"moved\"\n[moves.put]\ntype = \"place\"\n",
			`moves.go.then_piece: "put" is a place; then_piece chooses the piece of a follow-up that moves one (a slide, step or jump)`},
		{"a promoting follow-up", walkBase + "then = \"again\"\n[moves.again]\ntype = \"step\"\npromote = '\"ap\"'\n",
			`moves.go.then: moves.again changes pieces after its move (promote, set_state or after); a pair whose follow-up moves a piece takes none`},
		{"a follow-up with its own", walkBase + "then = \"again\"\n[moves.again]\ntype = \"step\"\nthen = \"put\"\n[moves.put]\ntype = \"place\"\n",
			`moves.go.then: "again" has a follow-up of its own (then); a follow-up is the last part of a move`},
		{"a leaping follow-up", walkBase + "then = \"again\"\n[moves.again]\ntype = \"leap\"\nvectors = [[1, 2]]\n",
			`moves.go.then: "again" is a leap; a follow-up is a remove of one piece (shape = "piece"), a place, or a slide, step or jump`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ngLoadErr(t, tc.src); !strings.Contains(got, tc.want) {
				t.Fatalf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// A follow-up of any piece on a board where a move could have more
// follow-ups than a Move can number is refused at load, and allowed for the
// moved piece alone.
func TestFollowUpMoveBound(t *testing.T) {
	src := strings.Replace(walkBase, "width = 4\nheight = 4", "width = 10\nheight = 10", 1) +
		"then = \"again\"\n[moves.again]\ntype = \"step\"\n[setup.hand]\na = [\"ap:100\"]\n"
	want := `moves.go.then: a move could have up to 10200 follow-ups (102 pieces the follow-up may move, each to any of 100 cells); the limit is 8190 (then_piece = "moved" allows one piece)`
	if got := ngLoadErr(t, src); !strings.Contains(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	ngLoad(t, strings.Replace(src, "then = \"again\"\n", "then = \"again\"\nthen_piece = \"moved\"\n", 1))
}

const fillBase = `
name = "test/fill"
[params]
size = 4
[players]
seats = ["a", "b"]
[board]
kind = "grid"
width = 'size'
height = 'size'
[board.regions]
dark = '(col + row) % 2 == 0'
light = '(col + row) % 2 == 1'
bottom = 'row == 1'
[board.seat_regions]
home = 'seat == 0 ? row == 1 : row == size'
[pieces.ap]
owner = "a"
glyph = "A"
[pieces.bp]
owner = "b"
glyph = "B"
[moves.go]
type = "step"
[setup.pieces]
`

// A [setup.pieces] key may name a board-wide region: every cell of it gets
// the stack (Kōnane's full chequerboard, sized by a parameter); refusals
// at the key.
func TestSetupPiecesByRegion(t *testing.T) {
	g := ngLoad(t, fillBase+"dark = \"ap\"\nlight = [\"bp\", \"bp\"]\n")
	s := g.NewState()
	for _, c := range []struct {
		cell, kind string
		height     int
	}{{"a1", "ap", 1}, {"b1", "bp", 2}, {"d4", "ap", 1}, {"a4", "bp", 2}} {
		i := mustCell(t, g, c.cell)
		if kindOn(g, s, c.cell) != c.kind || s.Height(i) != c.height {
			t.Errorf("%s: %q height %d, want %q height %d", c.cell, kindOn(g, s, c.cell), s.Height(i), c.kind, c.height)
		}
	}
	if n := countKind(g, s, "ap"); n != 8 {
		t.Errorf("%d dark squares filled, want 8", n)
	}
	for _, w := range g.Warnings() {
		if strings.Contains(w.Msg, "dark") || strings.Contains(w.Msg, "light") {
			t.Errorf("a region named by setup counts as used: %v", w)
		}
	}
	// a name that is a cell's and a region's means the cell (Pachisi's home)
	g = ngLoad(t, strings.Replace(fillBase, "bottom = 'row == 1'\n", "bottom = 'row == 1'\na1 = 'row == 4'\n", 1)+"a1 = \"ap\"\n")
	if s := g.NewState(); countKind(g, s, "ap") != 1 || kindOn(g, s, "a1") != "ap" {
		t.Errorf("a1 names the cell: %d pieces, a1 %q", countKind(g, s, "ap"), kindOn(g, s, "a1"))
	}
	for _, tc := range []struct{ name, setup, want string }{
		{"overlap", "bottom = \"ap\"\ndark = \"bp\"\n", `cell a1 already has its pieces from setup.pieces.`},
		{"per-seat region", "home = \"ap\"\n", `setup.pieces.home: "home" is a per-seat region; setup fills a cell or a board-wide region`},
		{"unknown", "dakr = \"ap\"\n", `setup.pieces.dakr: unknown cell or region "dakr"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ngLoadErr(t, fillBase+tc.setup); !strings.Contains(got, tc.want) {
				t.Fatalf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// A list of follow-ups (breakthrough-marseillais-list.toml: breakthrough's
// own four rules, each followed by either of the seat's two) gives the
// same moves as the merged rule the model checks
// (breakthrough-marseillais.toml), after every ply of random games.
func TestFollowUpListMatchesMergedRule(t *testing.T) {
	list := loadFile(t, "../testdata/variants/breakthrough-marseillais-list.toml")
	merged := loadFile(t, "../testdata/variants/breakthrough-marseillais.toml")
	if w := list.Warnings(); len(w) != 0 {
		t.Errorf("warnings: %v", w)
	}
	rng := rand.New(rand.NewPCG(25, 25))
	for game := 0; game < 30; game++ {
		a, b := list.NewState(), merged.NewState()
		for ply := 0; ; ply++ {
			ma, mb := legal(list, a), legal(merged, b)
			if ma != mb {
				t.Fatalf("game %d ply %d: list %s\nmerged %s", game, ply, ma, mb)
			}
			moves := list.Settle(a, nil)
			if len(moves) == 0 {
				break
			}
			text := list.Format(a, moves[rng.IntN(len(moves))])
			play(t, list, a, text)
			play(t, merged, b, text)
		}
	}
	// the first entry names the rule of a refusal after the base move
	s := list.NewState()
	play(t, list, s, "a2-a3")
	if _, err := list.Parse(s, "a5-a4/a4-a2"); err == nil || !strings.Contains(err.Error(), "after a5-a4:") {
		t.Errorf("a5-a4/a4-a2: %v", err)
	}
	src := walkBase + "then = [\"again\", \"put\"]\n[moves.again]\ntype = \"step\"\n[moves.put]\ntype = \"place\"\n"
	if got := ngLoadErr(t, src); !strings.Contains(got, `moves.go.then: "put" is a place; a list of follow-ups holds slides, steps and jumps without follow-ups of their own`) {
		t.Errorf("a place in a list: %q", got)
	}
}
