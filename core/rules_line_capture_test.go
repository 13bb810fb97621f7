package core_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
)

// lineGame builds a one-rule step variant on a grid with a line capture
// and the given extra keys, pieces ("a1 W", "c1 B", …) and first seat.
func lineGame(t *testing.T, width, height int, extra, turns string, pieces ...string) *core.Game {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "name = \"test/line\"\n[players]\nseats = [\"white\", \"black\"]\n[board]\nkind = \"grid\"\nwidth = %d\nheight = %d\ndiagonal = true\n", width, height)
	b.WriteString("[pieces.white]\nowner = \"white\"\nglyph = \"W\"\n[pieces.black]\nowner = \"black\"\nglyph = \"B\"\n")
	b.WriteString("[turns]\nfirst = \"white\"\n" + turns + "\n[setup.pieces]\n")
	for _, p := range pieces {
		cell, kind, _ := strings.Cut(p, " ")
		fmt.Fprintf(&b, "%s = %q\n", cell, map[string]string{"W": "white", "B": "black"}[kind])
	}
	b.WriteString("[moves.step]\ntype = \"step\"\ncapture = \"line\"\n" + extra + "\n")
	g, err := core.LoadBytes("line.toml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func lineMovesFrom(g *core.Game, s *core.State, from string) []string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		if f := g.Format(s, m); strings.HasPrefix(f, from+"-") {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

func occupiedCells(g *core.Game, s *core.State) string {
	var out []string
	for c := 0; c < g.Board().N(); c++ {
		if p := s.Top(c); p >= 0 {
			out = append(out, g.Board().Cells[c].Name+" "+g.PieceKindOf(p).Glyph)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// The line capture against the readings of Fanorona (traditional-readings.md
// Part 2, 3. FANORONA, Moves): "Approach (A): the next point beyond the
// landing point in direction d holds an enemy piece. Withdrawal (W): the
// point directly behind the starting point (opposite to d) holds an enemy
// piece. The capture takes that enemy piece and every enemy piece in the
// unbroken line behind it in the same direction, up to the first empty
// point, own piece or edge. If one step allows both an approach and a
// withdrawal, the player chooses one, and only that line is taken."
func TestLineCaptureRule(t *testing.T) {
	// rank 1 of a 9×1 board: B B W . B B W B B
	//                        a b c d e f g h i
	cases := []struct {
		name    string
		extra   string
		pieces  []string
		move    string   // played
		from    string   // the moves from this cell are listed
		moves   []string // hand-worked
		after   string   // hand-worked position after move
		refuse  string   // a move that must be refused
		because string   // part of its reason
	}{
		{
			name:   "approach and withdrawal are two moves; approach takes up to the own piece",
			pieces: []string{"a1 B", "b1 B", "c1 W", "e1 B", "f1 B", "g1 W", "h1 B", "i1 B"},
			from:   "c1",
			// c1-d1: approach takes e1 f1 (stops at g1, own); withdrawal takes b1 a1 (edge)
			moves: []string{"c1-d1", "c1-d1A", "c1-d1W"},
			move:  "c1-d1A",
			after: "a1 B, b1 B, d1 W, g1 W, h1 B, i1 B",
		},
		{
			name:   "withdrawal takes the line behind the origin to the edge",
			pieces: []string{"a1 B", "b1 B", "c1 W", "e1 B", "f1 B", "g1 W", "h1 B", "i1 B"},
			move:   "c1-d1W",
			after:  "d1 W, e1 B, f1 B, g1 W, h1 B, i1 B",
		},
		{
			name:   "a gap ends the line",
			pieces: []string{"a1 W", "c1 B", "d1 B", "f1 B"},
			from:   "a1",
			moves:  []string{"a1-a2", "a1-b1", "a1-b1A", "a1-b2"},
			move:   "a1-b1A",
			after:  "b1 W, f1 B",
		},
		{
			name:   "capture_optional = false: a capturing step is not also a plain step",
			extra:  "capture_optional = false",
			pieces: []string{"a1 W", "c1 B", "d1 B", "f1 B"},
			from:   "a1",
			moves:  []string{"a1-a2", "a1-b1A", "a1-b2"},
			refuse: "a1-b1", because: "write a1-b1A",
		},
		{
			name:   "diagonal lines and withdrawal on a diagonal",
			pieces: []string{"b2 W", "a1 B", "d4 B", "e5 B", "c3 W"},
			from:   "b2",
			// b2-c3 blocked (own); b2 to a2, b1, c1, c2, a3, b3: withdrawal from a1 only for b2-c3 (blocked)
			// approach b2-?: none has an enemy beyond. b2-a1 occupied.
			moves: []string{"b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2"},
		},
		{
			name:   "withdrawal along the diagonal, approach along the file",
			pieces: []string{"b2 W", "a1 B", "c4 B", "c5 B"},
			from:   "b2",
			// b2-c3: withdrawal from a1 (behind, sw); approach c3->d4 empty: none
			// b2-c2: approach beyond c2 east is d2: empty; b2-b3: approach b4 empty
			moves: []string{"b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2", "b2-c3", "b2-c3W"},
			move:  "b2-c3W",
			after: "c3 W, c4 B, c5 B",
		},
		{
			name:   "approach only",
			extra:  `capture_lines = ["approach"]`,
			pieces: []string{"a1 B", "b1 B", "c1 W", "e1 B", "f1 B", "g1 W", "h1 B", "i1 B"},
			from:   "c1",
			moves:  []string{"c1-d1", "c1-d1A"},
			refuse: "c1-d1W", because: "no withdrawal capture",
		},
		{
			name:   "no approach where the point beyond is empty",
			pieces: []string{"a1 W", "c1 B"},
			refuse: "a1-a2A", because: "makes no approach",
		},
		{
			name:   "no withdrawal where the point behind is empty",
			pieces: []string{"a1 W", "c1 B"},
			refuse: "a1-b1W", because: "makes no withdrawal",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			width, height := 9, 1
			if strings.Contains(tc.name, "diagonal") || strings.Contains(tc.name, "gap") || strings.Contains(tc.name, "optional") || strings.Contains(tc.name, "no approach") || strings.Contains(tc.name, "no withdrawal") {
				height = 5
			}
			g := lineGame(t, width, height, tc.extra, "", tc.pieces...)
			s := g.NewState()
			if tc.from != "" {
				if got := lineMovesFrom(g, s, tc.from); strings.Join(got, " ") != strings.Join(tc.moves, " ") {
					t.Errorf("moves from %s: got %v, want %v", tc.from, got, tc.moves)
				}
			}
			if tc.move != "" {
				m, err := g.Parse(s, tc.move)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Play(s, m); err != nil {
					t.Fatal(err)
				}
				if got := occupiedCells(g, s); got != tc.after {
					t.Errorf("after %s: got %s, want %s", tc.move, got, tc.after)
				}
			}
			if tc.refuse != "" {
				_, err := g.Parse(g.NewState(), tc.refuse)
				if err == nil || !strings.Contains(err.Error(), tc.because) {
					t.Errorf("%s: got %v, want a refusal saying %q", tc.refuse, err, tc.because)
				}
			}
		})
	}
}

// A line has no cap on its victims: a 40-piece line on a 42-cell rank is
// taken whole by one move.
func TestLineCaptureNoCap(t *testing.T) {
	pieces := []string{"a1 W"}
	for i := 2; i < 42; i++ {
		pieces = append(pieces, fmt.Sprintf("%s1 B", cellFile(i)))
	}
	g := lineGame(t, 42, 2, "", "", pieces...)
	s := g.NewState()
	// the point behind a1 going north is off the board: no withdrawal
	if m, err := g.Parse(s, "a1-a2W"); err == nil {
		t.Fatalf("a1-a2W has nothing behind it, got %v", g.Format(s, m))
	}
	m, err := g.Parse(s, "a1-b1A")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	if got := occupiedCells(g, s); got != "b1 W" {
		t.Errorf("after a1-b1A: %s", got)
	}
}

// cellFile names the file of 0-based column i on a wide grid (a…z, then
// aa, ab, …), as the grid board does.
func cellFile(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return string(rune('a'+i/26-1)) + string(rune('a'+i%26))
}

// Move priority against the readings of Fanorona (Moves, Compulsory
// capture): "if any capturing step exists for any of the mover's pieces,
// the move must begin with one of them, and the mover may choose any of
// them"; majority (not in Fanorona; checkers-like games): only the moves
// that take the most.
func TestCapturePriorityRule(t *testing.T) {
	// a 9×1 rank: W . B B . W . B .
	pieces := []string{"a1 W", "c1 B", "d1 B", "f1 W", "h1 B"}
	g := lineGame(t, 9, 1, "", "", pieces...)
	if got, want := legal(g, g.NewState()), "a1-b1 a1-b1A f1-e1 f1-e1A f1-g1 f1-g1A"; got != want {
		t.Errorf("no priority: got %q, want %q", got, want)
	}
	g = lineGame(t, 9, 1, "", `capture_priority = "compulsory"`, pieces...)
	s := g.NewState()
	if got, want := legal(g, s), "a1-b1A f1-e1A f1-g1A"; got != want {
		t.Errorf("compulsory: got %q, want %q", got, want)
	}
	if _, err := g.Parse(s, "f1-g1"); err == nil || !strings.Contains(err.Error(), "compulsory") {
		t.Errorf("a paika when a capture exists: %v", err)
	}
	g = lineGame(t, 9, 1, "", `capture_priority = "majority"`, pieces...)
	s = g.NewState()
	// a1-b1A takes c1 d1 (2), f1-e1A takes d1 c1 (2), f1-g1A takes h1 (1)
	if got, want := legal(g, s), "a1-b1A f1-e1A"; got != want {
		t.Errorf("majority: got %q, want %q", got, want)
	}
	if _, err := g.Parse(s, "f1-g1A"); err == nil || !strings.Contains(err.Error(), "takes 1 piece, and only the moves that take the most (2 pieces)") {
		t.Errorf("a minority capture: %v", err)
	}
	// no capture anywhere: every move stays legal
	g = lineGame(t, 9, 1, "", `capture_priority = "compulsory"`, "a1 W", "i1 B")
	if got, want := legal(g, g.NewState()), "a1-b1"; got != want {
		t.Errorf("compulsory without captures: got %q, want %q", got, want)
	}
}

// A phase's capture_priority overrides [turns]'s, and applies to jumps
// (a checkers-like capture over a piece) as well as line captures.
func TestCapturePriorityPerPhase(t *testing.T) {
	src := `name = "test/prio"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 5
height = 1
[pieces.white]
owner = "white"
[pieces.black]
owner = "black"
[setup.pieces]
a1 = "white"
b1 = "black"
d1 = "white"
[turns]
first = "white"
capture_priority = "compulsory"
[phases.free]
moves = ["step", "jump"]
capture_priority = "none"
[phases.strict]
moves = ["step", "jump"]
[moves.step]
type = "step"
[moves.jump]
type = "jump"
over = "enemy"
`
	for _, tc := range []struct{ phase, want string }{{"free", "a1-c1 d1-c1 d1-e1"}, {"strict", "a1-c1"}} {
		g, err := core.LoadBytes("prio.toml", []byte(strings.Replace(src, "first = \"white\"\n", "first = \"white\"\nphase = \""+tc.phase+"\"\n", 1)))
		if err != nil {
			t.Fatal(err)
		}
		if got := legal(g, g.NewState()); got != tc.want {
			t.Errorf("phase %s: got %q, want %q", tc.phase, got, tc.want)
		}
	}
}

// Majority capture counts what a whole chain takes (checkers' majority
// rule): of the jump chains a1-c1 (one piece) and a1-c1-e1 (two), only the
// longer stays; under compulsory capture both do, and the plain step goes.
func TestCapturePriorityChains(t *testing.T) {
	src := `name = "test/prio-chain"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 7
height = 2
[pieces.white]
owner = "white"
[pieces.black]
owner = "black"
[setup.pieces]
a1 = "white"
b1 = "black"
d1 = "black"
g2 = "black"
[turns]
first = "white"
capture_priority = "PRIORITY"
[moves.step]
type = "step"
[moves.hop]
type = "jump"
over = "enemy"
[moves.jumps]
type = "chain"
segment = "hop"
segments = "capturing"
notation = "path"
`
	for _, tc := range []struct{ priority, want string }{
		{"none", "a1-a2 a1-c1 a1-c1-e1"},
		{"compulsory", "a1-c1 a1-c1-e1"},
		{"majority", "a1-c1-e1"},
	} {
		g, err := core.LoadBytes("prio.toml", []byte(strings.Replace(src, "PRIORITY", tc.priority, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if got := legal(g, g.NewState()); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.priority, got, tc.want)
		}
	}
}
