package core_test

// Rule tests of Hnefatafl and Latrunculi: each names the rule of
// shared/rules/traditional-readings.md (Part 2, "4. HNEFATAFL" and "5.
// LATRUNCULI") and the seed text it checks, on positions worked by hand.

import (
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// position loads variant with its setup replaced by pieces (cell → kind),
// the seat first to move, and extra TOML appended.
func position(t *testing.T, variant, first string, pieces map[string]string, extra string, sets ...string) *core.Game {
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
	g, err := core.LoadBytes("pos.toml", []byte(b.String()), core.WithFS(variants.FS()), core.WithSet(sets...))
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
	sets    []string // --set overrides
}

func runRuleCases(t *testing.T, variant string, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := position(t, variant, tc.first, tc.pieces, "", tc.sets...)
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

// Readings 5 (Moves, Captures, Immobilisation and end), one case per rule;
// every expectation is worked by hand from the readings. Dark's glyphs are
// lower case (s, k), Light's upper case (S, K).
func TestLatrunculiRules(t *testing.T) {
	const v = "traditional/latrunculi"
	ds, dk, ls, lk := "dark_stone", "dark_king", "light_stone", "light_king"
	runRuleCases(t, v, []ruleCase{
		{name: "seed: a single stone enclosed on two opposite sides is captured", first: "dark",
			pieces: map[string]string{"e4": ds, "c1": ds, "d4": ls, "h1": dk, "h8": lk},
			move:   "c1-c4xd4", after: "h1=k c4=s e4=s h8=K"},
		{name: "seed: multiple stones at once along a line (readings: a run closed by a piece of the mover's)", first: "dark",
			pieces: map[string]string{"f4": ds, "b1": ds, "c4": ls, "d4": ls, "e4": ls, "h1": dk, "h8": lk},
			move:   "b1-b4xc4xd4xe4", after: "h1=k b4=s f4=s h8=K"},
		{name: "readings: an enemy king in the run stays, its stones go", first: "dark",
			pieces: map[string]string{"f4": ds, "b1": ds, "c4": ls, "d4": lk, "e4": ls, "h1": dk},
			move:   "b1-b4xc4xe4", after: "h1=k b4=s d4=K f4=s"},
		{name: "readings: --set line=single takes no run of three", first: "dark", sets: []string{"line=single"},
			pieces: map[string]string{"f4": ds, "b1": ds, "c4": ls, "d4": ls, "e4": ls, "h1": dk, "h8": lk},
			move:   "b1-b4", after: "h1=k b4=s c4=S d4=S e4=S f4=s h8=K"},
		{name: "readings: --set line=single still takes a single stone", first: "dark", sets: []string{"line=single"},
			pieces: map[string]string{"e4": ds, "c1": ds, "d4": ls, "h1": dk, "h8": lk},
			move:   "c1-c4xd4", after: "h1=k c4=s e4=s h8=K"},
		{name: "seed: outside walls cannot be used to capture", first: "dark",
			pieces: map[string]string{"b1": ds, "a4": ls, "h1": dk, "h8": lk},
			move:   "b1-b4", after: "h1=k a4=S b4=s h8=K"},
		{name: "readings: a run that reaches the edge takes nothing", first: "dark",
			pieces: map[string]string{"e1": ds, "f4": ls, "g4": ls, "h4": ls, "h1": dk, "a8": lk},
			move:   "e1-e4", after: "h1=k e4=s f4=S g4=S h4=S a8=K"},
		{name: "seed: a stone captured by two stones placed across the corner", first: "dark",
			pieces: map[string]string{"b8": ds, "a1": ds, "a8": ls, "h1": dk, "h5": lk},
			move:   "a1-a7xa8", after: "h1=k h5=K a7=s b8=s"},
		{name: "readings: the king captures as the moved piece", first: "dark",
			pieces: map[string]string{"e4": ds, "c1": dk, "d4": ls, "h8": lk},
			move:   "c1-c4xd4", after: "c4=k e4=s h8=K"},
		{name: "readings: the king captures as the partner", first: "dark",
			pieces: map[string]string{"e4": dk, "c1": ds, "d4": ls, "h8": lk},
			move:   "c1-c4xd4", after: "c4=s e4=k h8=K"},
		{name: "seed: the king cannot be captured", first: "dark",
			pieces: map[string]string{"e4": ds, "c1": ds, "d4": lk, "h1": dk},
			move:   "c1-c4", after: "h1=k c4=s d4=K e4=s"},
		{name: "readings: moving between two enemies is safe", first: "dark",
			pieces: map[string]string{"c4": ls, "e4": ls, "d1": ds, "h1": dk, "h8": lk},
			move:   "d1-d4", after: "h1=k c4=S d4=s e4=S h8=K"},
		{name: "seed: the first to immobilise the opponent's king wins", first: "dark",
			pieces: map[string]string{"a8": lk, "b8": ls, "a1": ds, "h1": dk},
			move:   "a1-a7", after: "h1=k a7=s a8=K b8=S", result: "dark wins"},
		{name: "readings: a king boxed in by its own pieces and walls only is not immobilised", first: "dark",
			pieces: map[string]string{"a8": lk, "b8": ls, "a7": ls, "h1": dk, "e1": ds},
			move:   "e1-e2", after: "h1=k e2=s a7=S a8=K b8=S"},
		{name: "readings: the mover whose own king is immobilised loses", first: "dark",
			pieces: map[string]string{"a1": dk, "b1": ls, "a5": ds, "h8": lk},
			move:   "a5-a2", after: "a1=k b1=S a2=s h8=K", result: "light wins"},
		{name: "readings: the opponent's immobilisation is judged first", first: "dark",
			pieces: map[string]string{"a1": dk, "b1": ls, "a3": lk, "a4": ls, "b3": ls, "h2": ds},
			move:   "h2-a2", after: "a1=k b1=S a2=s a3=K b3=S a4=S", result: "dark wins"},
		{name: "readings: --set immobile=enemy needs every neighbour an enemy", first: "dark", sets: []string{"immobile=enemy"},
			pieces: map[string]string{"a8": lk, "b8": ls, "a1": ds, "h1": dk},
			move:   "a1-a7", after: "h1=k a7=s a8=K b8=S"},
		{name: "readings Stalemate: no legal move ends the game; more captured stones win (13 to 12)", first: "light",
			pieces: map[string]string{"a8": lk, "b8": ls, "a7": ls, "c8": ds, "b7": ds, "a6": ds, "h1": dk},
			result: "dark wins"},
	})
}

// Readings 5, Start: Dark moves first; 32 moves (each of the eight stones
// of rank 2 goes 1 to 4 squares up; nothing else can move).
func TestLatrunculiStart(t *testing.T) {
	g := load(t, "traditional/latrunculi")
	s := g.NewState()
	if g.Seats()[s.ToMove()] != "dark" {
		t.Fatalf("%s moves first", g.Seats()[s.ToMove()])
	}
	if n := len(g.Moves(s, nil)); n != 32 {
		t.Fatalf("%d moves from the start, want 32", n)
	}
	if got := board(g, s); got != "a1=s b1=s c1=s d1=s e1=k f1=s g1=s h1=s a2=s b2=s c2=s d2=s e2=s f2=s g2=s h2=s "+
		"a7=S b7=S c7=S d7=S e7=S f7=S g7=S h7=S a8=S b8=S c8=S d8=K e8=S f8=S g8=S h8=S" {
		t.Fatalf("start: %s", got)
	}
}

// Readings 5, Repetition: "a move is illegal if it would produce a position
// (the board plus the side to move) that has already occurred three times in
// the game, counting the start". Two stones shuffle: the start position
// recurs after plies 4 and 8, so at ply 12 the move back to it would be its
// fourth occurrence and is refused, with the rule named; one ply earlier
// (and after an undo) the same shuffle is legal.
func TestLatrunculiRepetitionBan(t *testing.T) {
	g := position(t, "traditional/latrunculi", "dark", map[string]string{"a3": "dark_stone", "h6": "light_stone", "d1": "dark_king", "e8": "light_king"}, "")
	h := core.NewHistory(g, g.NewState())
	cycle := []string{"a3-a4", "h6-h5", "a4-a3", "h5-h6"}
	for ply := 0; ply < 11; ply++ {
		m, err := g.Parse(h.State, cycle[ply%4])
		if err != nil {
			t.Fatalf("ply %d: %v", ply+1, err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	legal := legalSet(g, h.State)
	if legal["h5-h6"] || !legal["h5-h7"] {
		t.Fatalf("at ply 12 h5-h6 (the start a 4th time) must be refused, h5-h7 allowed: %v", keys(legal))
	}
	_, err := g.Parse(h.State, "h5-h6")
	if err == nil || !strings.Contains(err.Error(), "repetition") || !strings.Contains(err.Error(), "readings 5: Repetition") {
		t.Fatalf("h5-h6: %v", err)
	}
	// undo to ply 10 and replay: ply 11 reaches a third occurrence (legal)
	if !h.Undo() {
		t.Fatal("undo")
	}
	if m, err := g.Parse(h.State, "a4-a3"); err != nil {
		t.Fatalf("a4-a3 (a third occurrence) must be legal: %v", err)
	} else if err := h.Play(m); err != nil {
		t.Fatal(err)
	}
	if legalSet(g, h.State)["h5-h6"] {
		t.Fatal("after undo and redo h5-h6 must still be refused")
	}
	// a copied position has no history: perft does not see the ban
	if !legalSet(g, h.State.Clone())["h5-h6"] {
		t.Fatal("a copy has no history, so h5-h6 is legal there")
	}
}

func TestHnefataflMatchesModelPerft(t *testing.T) {
	// the golden's depths are checked in TestModelsReproducePerftGoldens;
	// here the engine and the model agree on a position with captures near
	g := position(t, "traditional/hnefatafl", "black", map[string]string{
		"c3": "attacker", "c4": "defender", "g5": "attacker", "e6": "king", "d6": "defender", "f7": "attacker", "b1": "defender"}, "")
	p := hnefatafl{}
	for c, k := range map[string]int8{"c3": hnAttacker, "c4": hnDefender, "g5": hnAttacker, "e6": hnKing, "d6": hnDefender, "f7": hnAttacker, "b1": hnDefender} {
		p.sq[int(c[0]-'a')+9*int(c[1]-'1')] = k
	}
	for d := 1; d <= 3; d++ {
		if got, want := g.Perft(g.NewState(), d), modelPerft(p, d); got != want {
			t.Errorf("perft(%d): engine %d, model %d", d, got, want)
		}
	}
}

// ltKey is a Latrunculi model position as a map key: the board and the
// side to move (readings 5, Repetition).
func ltKey(p latrunculi) [129]int8 {
	var k [129]int8
	copy(k[:64], p.kind[:])
	copy(k[64:128], p.owner[:])
	k[128] = p.toMove
	return k
}

// Random games in the engine and in the model, compared move for move: the
// model adds the repetition ban itself (a move to a position that already
// occurred three times is dropped) and, at the end, the result: an
// immobilised king, or the player to move with no move (stalemate: more
// captured stones win, equal draw).
func TestLatrunculiMatchesModel(t *testing.T) {
	g := load(t, "traditional/latrunculi")
	games, maxPlies := 60, 600
	if testing.Short() {
		games = 12
	}
	rng := rand.New(rand.NewPCG(21, 22))
	buf := make([]core.Move, 0, 256)
	ended, stalemates := 0, 0
	for game := 0; game < games; game++ {
		s := g.NewState()
		p := newLatrunculi(false)
		seen := map[[129]int8]int{ltKey(p): 1}
		for ply := 0; ply < maxPlies; ply++ {
			buf = g.Settle(s, buf)
			var got []string
			for _, m := range buf {
				got = append(got, g.Format(s, m))
			}
			sort.Strings(got)
			kids, names := p.children(true)
			var want []string
			var wantKids []latrunculi
			for i, k := range kids {
				if seen[ltKey(k)] >= 3 {
					continue
				}
				want = append(want, names[i])
				wantKids = append(wantKids, k)
			}
			order := append([]string(nil), want...)
			sort.Strings(want)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: engine %v, model %v", game, ply, got, want)
			}
			if len(want) == 0 {
				ended++
				r := g.Result(s)
				winner := -1
				if p.over {
					// the mover won unless only its own king is immobilised
					winner = int(1 - p.toMove)
					if !p.immobile(p.toMove) {
						winner = int(p.toMove)
					}
				} else {
					stalemates++
					switch {
					case p.captured[0] > p.captured[1]:
						winner = 0
					case p.captured[1] > p.captured[0]:
						winner = 1
					}
				}
				if !r.Over || r.Winner != winner {
					t.Fatalf("game %d: engine result %+v, model winner %d", game, r, winner)
				}
				break
			}
			i := rng.IntN(len(buf))
			text := g.Format(s, buf[i])
			if err := g.Play(s, buf[i]); err != nil {
				t.Fatal(err)
			}
			j := slices.Index(order, text)
			p = wantKids[j]
			seen[ltKey(p)]++
		}
	}
	t.Logf("%d of %d games ended within %d plies (%d stalemates)", ended, games, maxPlies, stalemates)
}

// Readings 5, Start: "Alternative: switch `--kings=second` (e2/d7)", shipped
// as traditional/latrunculi-kings-second. Its moves agree with the
// independent model started the same way, and the readings' warning holds:
// Dark's first move d2-d6 immobilises the Light king and wins.
func TestLatrunculiKingsSecond(t *testing.T) {
	g := load(t, "traditional/latrunculi-kings-second")
	s := g.NewState()
	if got := board(g, s); got != "a1=s b1=s c1=s d1=s e1=s f1=s g1=s h1=s a2=s b2=s c2=s d2=s e2=k f2=s g2=s h2=s "+
		"a7=S b7=S c7=S d7=K e7=S f7=S g7=S h7=S a8=S b8=S c8=S d8=S e8=S f8=S g8=S h8=S" {
		t.Fatalf("start: %s", got)
	}
	for d := 1; d <= 3; d++ {
		if got, want := g.Perft(g.NewState(), d), modelPerft(newLatrunculi(true), d); got != want {
			t.Errorf("perft(%d) = %d, model says %d", d, got, want)
		}
	}
	h := core.NewHistory(g, g.NewState())
	m, err := g.Parse(h.State, "d2-d6")
	if err != nil {
		t.Fatal(err)
	}
	h.Play(m)
	if r := g.ResultString(g.Result(h.State)); r != "dark wins" {
		t.Fatalf("after d2-d6: %s, want dark wins", r)
	}
}
