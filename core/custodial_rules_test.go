package core_test

// Rule tests of Hnefatafl and Latrunculi: each names the rule of
// shared/rules/traditional-readings.md (Part 2, "4. HNEFATAFL" and "5.
// LATRUNCULI") and the seed text it checks, on positions worked by hand.

import (
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// position loads variant with its setup replaced by pieces (cell → kind),
// the seat first to move, and extra TOML appended.
func position(t *testing.T, variant, first string, pieces map[string]string, extra string) *core.Game {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"" + variant + "\"\nname = \"test/pos\"\nreplace = [\"setup.pieces\"]\n")
	b.WriteString(extra + "\n")
	b.WriteString("[turns]\nfirst = \"" + first + "\"\n[setup.pieces]\n")
	cells := make([]string, 0, len(pieces))
	for c := range pieces {
		cells = append(cells, c)
	}
	sort.Strings(cells)
	for _, c := range cells {
		b.WriteString(c + " = \"" + pieces[c] + "\"\n")
	}
	g, err := core.LoadBytes("pos.toml", []byte(b.String()), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// board lists the occupied cells as cell=glyph, sorted.
func board(g *core.Game, s *core.State) string {
	var out []string
	for c := 0; c < g.Board().N(); c++ {
		if p := s.Top(c); p >= 0 {
			out = append(out, g.Board().Cells[c].Name+"="+g.PieceKindOf(p).Glyph)
		}
	}
	return strings.Join(out, " ")
}

// legalSet returns the legal moves in notation.
func legalSet(g *core.Game, s *core.State) map[string]bool {
	out := map[string]bool{}
	for _, m := range g.Moves(s, nil) {
		out[g.Format(s, m)] = true
	}
	return out
}

type ruleCase struct {
	name    string // the rule checked
	first   string
	pieces  map[string]string
	move    string // as the engine must write it
	absent  []string
	after   string // the board after the move ("" to skip)
	result  string // "" (game goes on), "black wins", "white wins", ...
	present []string
}

func runRuleCases(t *testing.T, variant string, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := position(t, variant, tc.first, tc.pieces, "")
			s := g.NewState()
			legal := legalSet(g, s)
			for _, m := range tc.absent {
				if legal[m] {
					t.Errorf("%s must not be legal", m)
				}
			}
			for _, m := range tc.present {
				if !legal[m] {
					t.Errorf("%s must be legal; legal: %v", m, keys(legal))
				}
			}
			if tc.move != "" {
				playCase(t, g, s, tc, legal)
			}
			r := g.Result(s)
			got := ""
			if r.Over {
				got = g.ResultString(r)
			}
			if got != tc.result {
				t.Errorf("result %q, want %q", got, tc.result)
			}
		})
	}
}

func playCase(t *testing.T, g *core.Game, s *core.State, tc ruleCase, legal map[string]bool) {
	t.Helper()
	m, err := g.Parse(s, tc.move)
	if err != nil {
		t.Fatalf("%s: %v (legal: %v)", tc.move, err, keys(legal))
	}
	if got := g.Format(s, m); got != tc.move {
		t.Fatalf("written %s, want %s", got, tc.move)
	}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	if tc.after != "" {
		if got := board(g, s); got != tc.after {
			t.Errorf("after %s:\n got %s\nwant %s", tc.move, got, tc.after)
		}
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Readings 4 (Moves, Captures, King capture, End), one case per rule; every
// expectation is worked by hand from the readings.
func TestHnefataflRules(t *testing.T) {
	const v = "traditional/hnefatafl"
	A, D, K := "attacker", "defender", "king"
	runRuleCases(t, v, []ruleCase{
		{name: "seed CAPTURES: sandwiched between the moved piece and a partner; passing over the empty throne", first: "black",
			pieces: map[string]string{"c3": A, "c4": D, "g5": A, "h8": K},
			move:   "g5-c5xc4", after: "c3=A c5=A h8=K"},
		{name: "seed CAPTURES: several pieces in one move, listed in board order", first: "black",
			pieces: map[string]string{"b6": A, "c6": D, "e6": D, "f6": A, "d9": A, "h2": K},
			move:   "d9-d6xc6xe6", after: "h2=K b6=A d6=A f6=A"},
		{name: "seed CAPTURES: a corner square is a partner", first: "black",
			pieces: map[string]string{"b1": D, "c6": A, "h8": K},
			move:   "c6-c1xb1", after: "c1=A h8=K"},
		{name: "readings Captures: the throne is not a partner", first: "black",
			pieces: map[string]string{"d5": D, "c8": A, "h8": K},
			move:   "c8-c5", absent: []string{"c8-c5xd5"}, after: "c5=A d5=D h8=K"},
		{name: "readings Captures: the board edge is not a partner", first: "black",
			pieces: map[string]string{"b1": D, "b6": A, "h8": K},
			move:   "b6-b2", after: "b1=D b2=A h8=K"},
		{name: "seed: a piece may safely move between two enemies", first: "white",
			pieces: map[string]string{"c4": A, "e4": A, "d7": D, "h8": K},
			move:   "d7-d4", after: "c4=A d4=D e4=A h8=K"},
		{name: "seed: the King takes part in captures as partner", first: "white",
			pieces: map[string]string{"c3": K, "c4": A, "g5": D, "h1": A},
			move:   "g5-c5xc4", after: "h1=A c3=K c5=D"},
		{name: "readings: the King takes part in captures as the moved piece", first: "white",
			pieces: map[string]string{"d1": D, "d2": A, "h3": K, "a8": A},
			move:   "h3-d3xd2", after: "d1=D d3=K a8=A"},
		{name: "seed: the King is not taken by two attackers on one line", first: "black",
			pieces: map[string]string{"d7": A, "e7": K, "f9": A},
			move:   "f9-f7", after: "d7=A e7=K f7=A"},
		{name: "King capture (a): four attackers in the open", first: "black",
			pieces: map[string]string{"b7": A, "d7": A, "c8": A, "c7": K, "h6": A},
			move:   "h6-c6xc7", after: "c6=A b7=A d7=A c8=A", result: "black wins"},
		{name: "King capture (a): three attackers on an edge", first: "black",
			pieces: map[string]string{"a4": A, "a6": A, "a5": K, "b9": A},
			move:   "b9-b5xa5", after: "a4=A b5=A a6=A", result: "black wins"},
		{name: "King capture (a): three attackers beside the throne", first: "black",
			pieces: map[string]string{"c5": A, "d6": A, "d5": K, "h4": A},
			move:   "h4-d4xd5", after: "d4=A c5=A d6=A", result: "black wins"},
		{name: "King capture (a): two attackers beside a corner", first: "black",
			pieces: map[string]string{"c1": A, "b1": K, "f2": A},
			move:   "f2-b2xb1", after: "c1=A b2=A", result: "black wins"},
		{name: "King capture (a): on the throne he needs four", first: "black",
			pieces: map[string]string{"d5": A, "f5": A, "e6": A, "e5": K, "e1": A},
			move:   "e1-e4xe5", after: "e4=A d5=A f5=A e6=A", result: "black wins"},
		{name: "King capture (a): on the throne three are not enough", first: "black",
			pieces: map[string]string{"d5": A, "e6": A, "e5": K, "e1": A},
			move:   "e1-e4", after: "e4=A d5=A e5=K e6=A"},
		{name: "King capture (b): he and one defender surrounded and unable to move", first: "black",
			pieces: map[string]string{"a3": A, "b4": A, "a6": A, "a4": K, "a5": D, "f5": A},
			move:   "f5-b5xa4", after: "a3=A b4=A a5=D b5=A a6=A", result: "black wins"},
		{name: "King capture (b): not when the King can still move (to the corner)", first: "black",
			pieces: map[string]string{"b2": A, "d1": A, "b1": K, "c1": D, "c6": A},
			move:   "c6-c2", after: "b1=K c1=D d1=A b2=A c2=A"},
		{name: "King capture (b): not when the King can pass over the empty throne", first: "black",
			pieces: map[string]string{"c5": A, "c4": A, "d3": A, "e4": A, "d5": K, "d4": D, "d9": A},
			move:   "d9-d6", after: "d3=A c4=A d4=D e4=A c5=A d5=K d6=A"},
		{name: "King capture (b): taken when the square beyond the throne is held", first: "black",
			pieces: map[string]string{"c5": A, "c4": A, "d3": A, "e4": A, "d5": K, "d4": D, "d9": A, "f5": A},
			move:   "d9-d6xd5", after: "d3=A c4=A d4=D e4=A c5=A f5=A d6=A", result: "black wins"},
		{name: "seed: the King may not land on the throne again", first: "white",
			pieces:  map[string]string{"d5": K, "a8": A},
			present: []string{"d5-f5", "d5-i5"}, absent: []string{"d5-e5"}},
		{name: "seed: only the King may land on a corner", first: "black",
			pieces:  map[string]string{"a3": A, "h8": K},
			present: []string{"a3-a2"}, absent: []string{"a3-a1"}},
		{name: "seed: White wins when the King reaches a corner", first: "white",
			pieces: map[string]string{"a3": K, "h8": A},
			move:   "a3-a1", after: "a1=K h8=A", result: "white wins"},
		{name: "readings End: a player with no legal move loses", first: "white",
			pieces: map[string]string{"b1": A, "d1": A, "c2": A, "c1": K},
			result: "black wins"},
	})
}

// Readings 4, Start: "Black moves first", with 72 moves (worked by hand:
// each T of four attackers has 5 + 5 + 0 + 8 = 18).
func TestHnefataflStart(t *testing.T) {
	g := load(t, "traditional/hnefatafl")
	s := g.NewState()
	if g.Seats()[s.ToMove()] != "black" {
		t.Fatalf("%s moves first", g.Seats()[s.ToMove()])
	}
	if n := len(g.Moves(s, nil)); n != 72 {
		t.Fatalf("%d moves from the start, want 72", n)
	}
	if got := board(g, s); got != "d1=A e1=A f1=A e2=A e3=D a4=A e4=D i4=A a5=A b5=A c5=D d5=D e5=K f5=D g5=D h5=A i5=A a6=A e6=D i6=A e7=D e8=A d9=A e9=A f9=A" {
		t.Fatalf("start: %s", got)
	}
}

func TestHnefataflMatchesModel(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	crosscheckModel(t, "traditional/hnefatafl", newHnefatafl(), games, 400)
}
