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

// xqPosition loads traditional/xiangqi with another setup (and, when
// first is "green", Green to move).
func xqPosition(t *testing.T, first string, pieces map[string]string) *core.Game {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"traditional/xiangqi\"\nname = \"test/xiangqi\"\nreplace = [\"setup.pieces\"]\n")
	b.WriteString("[turns]\nfirst = \"" + first + "\"\n[setup.pieces]\n")
	cells := make([]string, 0, len(pieces))
	for c := range pieces {
		cells = append(cells, c)
	}
	sort.Strings(cells)
	for _, c := range cells {
		b.WriteString(c + " = \"" + pieces[c] + "\"\n")
	}
	g, err := core.LoadBytes("xiangqi.toml", []byte(b.String()), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// xqMovesFrom lists the legal moves that start on cell.
func xqMovesFrom(g *core.Game, s *core.State, cell string) string {
	var out []string
	for _, m := range strings.Fields(legal(g, s)) {
		if strings.HasPrefix(m, cell+"-") || strings.HasPrefix(m, cell+"x") {
			out = append(out, m)
		}
	}
	return strings.Join(out, " ")
}

// Each rule of readings 1. XIANGQI, Moves and Check and legality, on a
// position worked out by hand. The Generals stand on d1 and f10 (never
// facing) unless the case is about them.
func TestXiangqiRules(t *testing.T) {
	kings := map[string]string{"d1": "red_general", "f10": "green_general"}
	cases := []struct {
		rule, text string
		pieces     map[string]string
		first      string
		cell, want string
	}{
		{"General", "one point orthogonally, inside its own fortress",
			map[string]string{"d2": "red_general", "f10": "green_general"}, "red", "d2", "d2-d1 d2-d3 d2-e2"},
		{"Mandarin", "one point diagonally, inside its own fortress",
			map[string]string{"e2": "red_advisor"}, "red", "e2", "e2-d3 e2-f1 e2-f3"}, // d1 holds the General
		{"Mandarin on a corner", "can only ever stand on the five points of the fortress diagonals",
			map[string]string{"f3": "red_advisor"}, "red", "f3", "f3-e2"},
		{"Elephant", "exactly two points diagonally; the eye must be empty",
			map[string]string{"e3": "red_elephant", "d4": "red_pawn"}, "red", "e3", "e3-c1 e3-g1 e3-g5"},
		{"Elephant at the river", "It may never stand on the enemy half",
			map[string]string{"c5": "red_elephant"}, "red", "c5", "c5-a3 c5-e3"},
		{"Horseman", "the leg must be empty; not blocked at the diagonal point",
			map[string]string{"e5": "red_horse", "e6": "green_pawn", "f4": "red_pawn", "d7": "green_pawn"}, "red", "e5",
			"e5-c4 e5-c6 e5-d3 e5-f3 e5-g4 e5-g6"}, // e6 blocks d7 and f7; f4 is not a leg (d3/f3 via e4)
		{"Horseman capture over the diagonal point", "not blocked at the diagonal point",
			map[string]string{"a1": "red_horse", "b2": "green_pawn", "b3": "green_pawn"}, "red", "a1", "a1-c2 a1xb3"},
		{"Chariot", "any distance orthogonally; may capture the first piece it meets",
			map[string]string{"a5": "red_chariot", "a7": "green_pawn", "c5": "red_pawn"}, "red", "a5",
			"a5-a1 a5-a2 a5-a3 a5-a4 a5-a6 a5-b5 a5xa7"},
		{"Cannon", "moves like a chariot; captures by jumping exactly one screen",
			map[string]string{"b3": "red_cannon", "b5": "red_pawn", "b8": "green_pawn", "b10": "green_horse", "e3": "green_pawn", "g3": "green_pawn"}, "red", "b3",
			"b3-a3 b3-b1 b3-b2 b3-b4 b3-c3 b3-d3 b3xb8 b3xg3"},
		{"Pawn on its own half", "one point straight forward",
			map[string]string{"c4": "red_pawn"}, "red", "c4", "c4-c5"},
		{"Pawn across the river", "one point forward or one point sideways",
			map[string]string{"c6": "red_pawn"}, "red", "c6", "c6-b6 c6-c7 c6-d6"},
		{"Pawn on the enemy's back rank", "only sideways",
			map[string]string{"c10": "red_pawn"}, "red", "c10", "c10-b10 c10-d10"},
		{"Green pawn", "forward is toward the enemy (down the board)",
			map[string]string{"e5": "green_pawn"}, "green", "e5", "e5-d5 e5-e4 e5-f5"},
		{"Pinned by the facing rule", "A piece standing between them is therefore pinned to that file",
			map[string]string{"e1": "red_general", "e10": "green_general", "e6": "red_pawn"}, "red", "e6",
			"e6-e7"}, // not d6 or f6: they open the file
		{"General may not face", "may not open the file between the two Generals",
			map[string]string{"d1": "red_general", "e10": "green_general"}, "red", "d1", "d1-d2"},
		{"Answer the check", "a player must answer check",
			map[string]string{"d1": "red_general", "f10": "green_general", "d9": "green_chariot", "a3": "red_chariot"}, "red", "",
			"a3-d3 d1-e1"},
		// the cannon on d8 checks over the pawn on d3, which cannot leave the
		// file (it steps forward only); a second piece interposed is an answer
		{"Cannon check", "a second piece may be interposed ... a cannon can only jump over one piece",
			map[string]string{"d1": "red_general", "f10": "green_general", "d8": "green_cannon", "d3": "red_pawn", "a5": "red_chariot"}, "red", "",
			"a5-d5 d1-e1"},
	}
	for _, tc := range cases {
		t.Run(tc.rule, func(t *testing.T) {
			pieces := map[string]string{}
			for c, k := range kings {
				pieces[c] = k
			}
			if strings.HasPrefix(tc.rule, "General") || strings.HasPrefix(tc.rule, "Pinned") {
				pieces = map[string]string{}
			}
			for c, k := range tc.pieces {
				pieces[c] = k
			}
			g := xqPosition(t, tc.first, pieces)
			s := g.NewState()
			got := legal(g, s)
			if tc.cell != "" {
				got = xqMovesFrom(g, s, tc.cell)
			}
			if got != tc.want {
				t.Errorf("%s (%q): moves %q, want %q", tc.rule, tc.text, got, tc.want)
			}
		})
	}
}

// readings, End: "a player who has no legal move on his turn loses,
// whether he is in check (checkmate) or not (stalemate)".
func TestXiangqiEnds(t *testing.T) {
	cases := []struct {
		name   string
		pieces map[string]string
		ended  string
	}{
		// Red's General on e1 is checked by the chariot on e9 (the green
		// General on d10 is off the file); d1 and f1 are covered by the
		// chariots on d8 and f8.
		{"checkmate", map[string]string{"e1": "red_general", "d10": "green_general", "e9": "green_chariot", "d8": "green_chariot", "f8": "green_chariot"}, "checkmate"},
		// not in check, but d1/f1/e2 are covered and the General cannot face
		{"stalemate", map[string]string{"e1": "red_general", "e10": "green_general", "e5": "green_pawn", "d8": "green_chariot", "f8": "green_chariot", "a2": "green_chariot"}, "stalemate"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := xqPosition(t, "red", tc.pieces)
			s := g.NewState()
			r := g.Result(s)
			if !r.Over || r.Winner != 1 {
				t.Fatalf("result %+v (moves %q), want Green wins", r, legal(g, s))
			}
			if by, seat := g.EndedBy(s); by != tc.ended || seat != 0 {
				t.Errorf("ended by %q (seat %d), want %q (seat 0)", by, seat, tc.ended)
			}
		})
	}
}

// The engine's traditional/xiangqi agrees with the independent model of the
// readings: perft and, along random games, the legal moves after every ply
// named alike, and the ends.
func TestXiangqiMatchesModel(t *testing.T) {
	g := load(t, "traditional/xiangqi")
	for d := 1; d <= 2; d++ {
		if got, want := g.Perft(g.NewState(), d), uint64(newXqModel().perft(d)); got != want {
			t.Errorf("perft(%d) = %d, the model gives %d", d, got, want)
		}
	}
	games := 12
	if testing.Short() {
		games = 3
	}
	rng := rand.New(rand.NewPCG(10, 1))
	for game := 0; game < games; game++ {
		s, p := g.NewState(), newXqModel()
		for ply := 0; ply < 300; ply++ {
			got, want := engineMoves(g, s), p.moves()
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("game %d ply %d: engine %v, model %v", game, ply, got, want)
			}
			if len(want) == 0 {
				if r := g.Result(s); !r.Over || r.Winner != 1-s.ToMove() {
					t.Fatalf("game %d ply %d: no moves but result %+v", game, ply, r)
				}
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
			p.play(pick)
		}
	}
}

// The attack tests by reverse rays and leaper tables agree with generating
// the opponent's moves, on every occupied point of positions from random
// games (the check test behind legality, checkmate and stalemate).
func TestXiangqiAttackTablesMatchMoves(t *testing.T) {
	g := load(t, "traditional/xiangqi")
	rng := rand.New(rand.NewPCG(21, 2))
	buf := make([]core.Move, 0, 256)
	checked, attacked := 0, 0
	for game := 0; game < 20; game++ {
		s := g.NewState()
		for ply := 0; ply < 200; ply++ {
			for c := 0; c < g.Board().N(); c++ {
				p := s.Top(c)
				if p < 0 {
					continue
				}
				seat := s.Owner(c)
				fast, slow := core.AttackedFast(s, c, seat), core.AttackedByMoves(s, c, seat)
				if fast != slow {
					t.Fatalf("game %d ply %d: %s attacked: tables say %v, moves say %v", game, ply, g.Board().Cells[c].Name, fast, slow)
				}
				checked++
				if fast {
					attacked++
				}
			}
			buf = g.Moves(s, buf)
			if len(buf) == 0 {
				break
			}
			if err := g.Play(s, buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if attacked == 0 || attacked == checked {
		t.Fatalf("%d of %d points attacked: the sample tests nothing", attacked, checked)
	}
}

// Random games end: by checkmate or stalemate, or stopped at the variant's
// ply_limit (400, readings 1. XIANGQI, Draws: "Test harnesses may cap the
// game length, but the cap is not a rule").
func TestXiangqiPlayoutsEnd(t *testing.T) {
	g := load(t, "traditional/xiangqi")
	rng := rand.New(rand.NewPCG(4, 4))
	ends := map[string]int{}
	for i := 0; i < 40; i++ {
		s := g.NewState()
		if _, err := g.Playout(s, rng, nil, nil); err != nil {
			t.Fatal(err)
		}
		r := g.Result(s)
		by, _ := g.EndedBy(s)
		switch {
		case !r.Over:
			t.Fatalf("game %d did not end", i)
		case r.Timeout:
			if s.Ply() != 400 {
				t.Fatalf("game %d stopped at ply %d, not at the ply limit 400", i, s.Ply())
			}
			ends["ply limit"]++
		case by == "checkmate" || by == "stalemate":
			if r.Winner == s.ToMove() || r.Winner < 0 {
				t.Fatalf("game %d: %s, but the winner is %d with %d to move", i, by, r.Winner, s.ToMove())
			}
			ends[by]++
		default:
			t.Fatalf("game %d ended by %q", i, by)
		}
	}
	if ends["checkmate"] == 0 {
		t.Errorf("no random game ended by checkmate: %v", ends)
	}
	t.Logf("ends: %v", ends)
}

// A refused move names the rule and the reason (readings 1. XIANGQI, Moves
// and Check and legality).
func TestXiangqiRefusals(t *testing.T) {
	start := load(t, "traditional/xiangqi")
	pinned := xqPosition(t, "red", map[string]string{"e1": "red_general", "e10": "green_general", "e6": "red_pawn"})
	for _, tc := range []struct {
		g          *core.Game
		move, want string
	}{
		{start, "b3xb8", `a capture passes over exactly 1 piece; there are no pieces between b3 and b8 (rule cannon`},
		{start, "b3-b9", `a move that does not capture may not pass over a piece; the way from b3 to b9 is blocked (rule cannon`},
		{start, "d1-c2", `a red_advisor may not leave its region (confine): c2 is outside it (rule advisor`},
		{start, "h1-f2", `blocked by the piece on g1 (rule horse`},
		{pinned, "e6-d6", `after it another player could take red's red_general (royal) (rule pawn_across`},
	} {
		_, err := tc.g.Parse(tc.g.NewState(), tc.move)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want …%s…", tc.move, err, tc.want)
		}
	}
}

// readings 1. XIANGQI, Perpetual check: "a move is illegal if it gives
// check and produces a position ... that has already arisen twice before in
// the game ... the third repetition by perpetual check is refused"; a
// repetition without check is allowed.
func TestXiangqiPerpetualCheck(t *testing.T) {
	g := xqPosition(t, "red", map[string]string{"d1": "red_general", "e10": "green_general", "a8": "red_chariot"})
	s := g.NewState()
	play := func(moves ...string) {
		t.Helper()
		for _, mv := range moves {
			m, err := g.Parse(s, mv)
			if err != nil {
				t.Fatalf("%s: %v", mv, err)
			}
			if err := g.Play(s, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	// the chariot checks on rank 10, then on rank 9, as the General steps
	// between e10 and e9: twice round
	play("a8-a10", "e10-e9", "a10-a9", "e9-e10", "a9-a10", "e10-e9", "a10-a9", "e9-e10")
	_, err := g.Parse(s, "a9-a10")
	if err == nil || !strings.Contains(err.Error(), "perpetual_check") {
		t.Fatalf("a9-a10, the third check into the same position: got %v, want a refusal by perpetual_check", err)
	}
	if strings.Contains(" "+legal(g, s)+" ", " a9-a10 ") {
		t.Fatal("a9-a10 is listed as a legal move")
	}
	play("a9-a8") // Red varies

	// shuffling without check repeats a position a third time: allowed
	q := xqPosition(t, "red", map[string]string{"d1": "red_general", "e10": "green_general"})
	s = q.NewState()
	g = q
	play("d1-d2", "e10-e9", "d2-d1", "e9-e10", "d1-d2", "e10-e9", "d2-d1", "e9-e10", "d1-d2")
}
