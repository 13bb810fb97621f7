package core_test

import (
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// ccPosition loads traditional/chinese-checkers with only the given marbles
// (cell = seat) and the given seat to move.
func ccPosition(t *testing.T, players, first string, pieces map[string]string) *core.Game {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"traditional/chinese-checkers\"\nname = \"test/cc\"\nreplace = [\"setup.pieces\"]\n")
	b.WriteString("[turns]\nfirst = \"" + first + "\"\n[setup.pieces]\n")
	for cell, seat := range pieces {
		b.WriteString(cell + " = \"" + seat + "\"\n")
	}
	g, err := core.LoadBytes("cc.toml", []byte(b.String()), core.WithFS(variants.FS()), core.WithSet("players="+players))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func cellNames(g *core.Game, cells []int32) string {
	var out []string
	for _, c := range cells {
		out = append(out, g.Board().Cells[c].Name)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func sortedFields(s string) string {
	f := strings.Fields(s)
	sort.Strings(f)
	return strings.Join(f, " ")
}

// Readings, "Players, setup, order": the first player is S, then clockwise
// S, LL, UL, N, UR, LR; 2 players S, N; 3 players S, UL, UR; 6 all. Each
// player's 10 marbles fill his triangle; the other triangles are empty.
// Readings, "Triangles": the six lists of holes; opposite pairs S–N, LL–UR,
// UL–LR; the goal of each seat is the opposite triangle.
func TestChineseCheckersRuleSeatsAndTriangles(t *testing.T) {
	for _, tc := range []struct {
		players, seats string
	}{
		{"2", "s n"}, {"3", "s ul ur"}, {"4", "s ll n ur"}, {"5", "s ll ul n ur"}, {"6", "s ll ul n ur lr"},
	} {
		g := load(t, "traditional/chinese-checkers", "players="+tc.players)
		if got := strings.Join(g.Seats(), " "); got != tc.seats {
			t.Errorf("players=%s: seats %q, want %q", tc.players, got, tc.seats)
		}
		if g.Board().N() != 121 {
			t.Fatalf("the star has %d holes, want 121", g.Board().N())
		}
		s := g.NewState()
		if s.ToMove() != 0 || g.Seat(0) != "s" {
			t.Errorf("players=%s: S moves first", tc.players)
		}
		marbles := 0
		for c := 0; c < g.Board().N(); c++ {
			marbles += s.Height(c)
		}
		if want := 10 * g.NumSeats(); marbles != want {
			t.Errorf("players=%s: %d marbles, want %d", tc.players, marbles, want)
		}
		for i, seat := range g.Seats() {
			var home []int32 // the holes the seat's marbles fill at the start
			for c := 0; c < g.Board().N(); c++ {
				if s.Height(c) > 0 && s.Owner(c) == i {
					home = append(home, int32(c))
				}
			}
			goal, _ := g.Board().SeatRegion("goal", i)
			if got, want := cellNames(g, home), sortedFields(ccTriangles[seat]); got != want {
				t.Errorf("%s's triangle: %s, want %s", seat, got, want)
			}
			if got, want := cellNames(g, goal), sortedFields(ccTriangles[ccOpposite[seat]]); got != want {
				t.Errorf("%s's goal: %s, want %s", seat, got, want)
			}
		}
	}
}

// Readings, End: "The first player with all 10 of his marbles in his opposite
// triangle wins ... strict: an opponent's marble left in your target
// triangle stops you from finishing."
func TestChineseCheckersRuleEnd(t *testing.T) {
	// South has nine marbles in the N triangle and one on j13, a step from j14.
	pos := map[string]string{"j13": "s", "i9": "n"}
	for _, h := range strings.Fields(ccTriangles["n"]) {
		if h != "j14" {
			pos[h] = "s"
		}
	}
	g := ccPosition(t, "2", "s", pos)
	s := g.NewState()
	m, err := g.Parse(s, "j13-j14")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Errorf("all ten in the opposite triangle: South wins, got %+v", r)
	}
	// the same with a North marble on j14: South cannot finish (the hole is taken)
	pos["j14"] = "n"
	g = ccPosition(t, "2", "s", pos)
	s = g.NewState()
	if _, err := g.Parse(s, "j13-j14"); err == nil {
		t.Error("a step onto an occupied hole is legal")
	}
	if r := g.Result(s); r.Over {
		t.Errorf("nine in the goal and a North marble on the tenth hole: not over, got %+v", r)
	}
}

// Readings, No legal move: "The player passes (`--`, counts as a ply)".
// North's one marble on m17 has no step (m16, l16 taken) and no hop (m15,
// k15 taken): North passes, written --, and a record says so (South's
// marble on i9 keeps South from having all its marbles home).
func TestChineseCheckersRulePass(t *testing.T) {
	g := ccPosition(t, "2", "n", map[string]string{"m17": "n", "m16": "s", "l16": "s", "m15": "s", "k15": "s", "i9": "s"})
	s := g.NewState()
	ms := g.Moves(s, nil)
	if len(ms) != 1 || ms[0] != core.Pass || g.Format(s, ms[0]) != "--" {
		t.Fatalf("North's moves: %v", engineMoves(g, s))
	}
	m, err := g.Parse(s, "--")
	if err != nil || m != core.Pass {
		t.Fatalf("parse --: %v", err)
	}
	lines, err := core.ReadRecord(strings.NewReader("-- \ni9-i10\n"))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(g, g.NewState())
	if err := g.Replay(h, lines); err != nil {
		t.Fatalf("a record with --: %v", err)
	}
	if h.State.Ply() != 2 || h.State.ToMove() != 1 {
		t.Fatalf("after -- and i9-i10: ply %d, %s to move", h.State.Ply(), g.Seat(h.State.ToMove()))
	}
}
