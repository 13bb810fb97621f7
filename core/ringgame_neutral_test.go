package core_test

// Rule tests of traditional/ring-game-neutral, the Ring game's optional
// 2-player variant (shared/rules/ring-game.md, "Special 2-Player Rules";
// traditional-readings.md B.12, as the variant's header reads it), each
// naming the seed's sentence it checks, and the engine checked against the
// independent model of ringgame_model_test.go in its neutral mode (perft
// goldens, random games move for move).

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"rulesmith/core"
)

// newNeutralRing is the model's start of the 2-player neutral variant.
func newNeutralRing() ringGame {
	p := newRingGame(2)
	p.neutral = true
	return p
}

// neutralBoth builds the engine's and the model's positions from a spec of
// ringModelSetup, "yellow:Cs@d4" being a neutral piece from the neutral
// Nest ("!": face down) and "yellow:Cc#" one in the neutral Pen.
func neutralBoth(t *testing.T, toMove int, spec string) (*core.Game, *core.State, ringGame) {
	t.Helper()
	g := load(t, "traditional/ring-game-neutral")
	var own, neutral []string
	for _, f := range strings.Fields(spec) {
		if strings.HasPrefix(f, "yellow:") {
			neutral = append(neutral, f)
		} else {
			own = append(own, f)
		}
	}
	s := ringSetup(t, g, toMove, strings.Join(own, " "))
	nest, _ := g.ZoneIndex("nest")
	pen, _ := g.ZoneIndex("neutral_pen")
	for _, f := range neutral {
		rest := strings.TrimPrefix(f, "yellow:")
		k, ok := g.KindIndex("yellow_" + rest[:2])
		if !ok {
			t.Fatalf("no kind yellow_%s", rest[:2])
		}
		if strings.HasSuffix(rest, "#") {
			if !core.MoveZone(s, nest, pen, 0, k) {
				t.Fatalf("%s: not in the neutral Nest", f)
			}
			continue
		}
		name := strings.TrimSuffix(rest[3:], "!")
		c, ok := g.Board().Index(name)
		if !ok || !core.PutFromZone(s, nest, 0, k, c) {
			t.Fatalf("%s: cannot put it there", f)
		}
		if strings.HasSuffix(rest, "!") {
			core.SetPieceVarAt(s, c, "down", 1)
		}
	}
	p := ringModelSetup(2, toMove, spec)
	p.neutral = true
	if got, want := ringEngineMoves(g, s), ringModelMoves(p); !slices.Equal(got, want) {
		t.Fatalf("%s: engine moves %v\nmodel moves %v", spec, got, want)
	}
	return g, s, p
}

// fromCell returns the legal moves written from (or placing on) a cell.
func fromCell(g *core.Game, s *core.State, prefix string) []string {
	var out []string
	for _, m := range ringEngineMoves(g, s) {
		if strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	return out
}

func TestRingNeutralMatchesModel(t *testing.T) {
	g := load(t, "traditional/ring-game-neutral")
	start := newNeutralRing()
	for d := 1; d <= 2; d++ {
		if got, want := g.Perft(g.NewState(), d), ringModelPerft(start, d); got != want {
			t.Errorf("perft(%d): engine %d, model %d", d, got, want)
		}
	}
	ended, plies, seen := ringCrosscheck(t, g, start, 6, 300, 7)
	t.Logf("%d games ended, %d plies compared, legal moves seen: %v", ended, plies, seen)
	if seen["release"] == 0 || seen["swap"] == 0 {
		t.Errorf("the random games met %d releases and %d swaps: the cross-check misses B.7 or B.8", seen["release"], seen["swap"])
	}
}

// The model reproduces the start golden (TestPerftGolden checks the
// engine), and engine and model both reproduce the middle-game golden.
func TestRingNeutralModelReproducesPerftGoldens(t *testing.T) {
	modelGolden(t, "../testdata/perft/traditional-ring-game-neutral.txt", func(d int) uint64 { return ringModelPerft(newNeutralRing(), d) })
	f, err := os.Open("../testdata/perft/ring-game-neutral/midgame.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g := load(t, "traditional/ring-game-neutral")
	s, p := g.NewState(), newNeutralRing()
	lines := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if rec, ok := strings.CutPrefix(line, "# after: "); ok {
			for _, m := range strings.Fields(rec) {
				ringPlay(t, g, s, m)
				if p, err = modelPlay(p, m); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var d int
		var want uint64
		if _, err := fmt.Sscanf(line, "depth %d: %d", &d, &want); err != nil {
			t.Fatalf("bad line %q", line)
		}
		lines++
		if got := g.Perft(s, d); got != want {
			t.Errorf("midgame: engine perft(%d) = %d, golden %d", d, got, want)
		}
		if got := ringModelPerft(p, d); got != want {
			t.Errorf("midgame: model perft(%d) = %d, golden %d", d, got, want)
		}
	}
	if lines == 0 {
		t.Fatal("midgame golden has no depths")
	}
}

// Seed: "You can move a neutral piece from the Nest to the Ring only if you
// already have one of your own pieces already in the Ring (face-up or
// face-down)."
func TestRingNeutralNestNeedsOwnPiece(t *testing.T) {
	g, s, _ := neutralBoth(t, 0, "red:Sc@d4")
	if got := fromCell(g, s, "y"); len(got) != 0 {
		t.Errorf("Blue has no piece in the Ring, yet may place %v", got)
	}
	g, s, _ = neutralBoth(t, 0, "blue:Sc@a1! red:Sc@g7")
	if !hasMove(ringEngineMoves(g, s), "yCs@d4") {
		t.Error("Blue's face-down piece in the Ring does not let him place a neutral piece")
	}
}

// Seed: "You decide which neutral pieces to flip after you move"; opposing
// pieces are still flipped as in B.6. "Any that you flip cannot be used by
// your opponent on their next turn."
func TestRingNeutralFlipChoice(t *testing.T) {
	// Blue's Sc (takes circles) from b2 to b4 newly attacks the neutral Cs
	// on e4 (row 4) and Red's Cc on e7 (diagonal b4-c5-d6-e7)
	g, s, _ := neutralBoth(t, 0, "blue:Sc@b2 yellow:Cs@e4 red:Cc@e7")
	if got := fromCell(g, s, "b2-b4"); !slices.Equal(got, []string{"b2-b4", "b2-b4*e4"}) {
		t.Fatalf("b2-b4: %v, want the move with and without the neutral flip", got)
	}
	for _, tc := range []struct {
		move   string
		e4Down bool
	}{{"b2-b4", false}, {"b2-b4*e4", true}} {
		s2 := s.Clone()
		ringPlay(t, g, s2, tc.move)
		if !ringDown(t, g, s2, "e7") {
			t.Errorf("%s: Red's Cc on e7 is not flipped (B.6: opposing pieces always are)", tc.move)
		}
		if got := ringDown(t, g, s2, "e4"); got != tc.e4Down {
			t.Errorf("%s: neutral e4 down = %v, want %v", tc.move, got, tc.e4Down)
		}
		// Red may slide the neutral Cs only when Blue left it face up
		if got := len(fromCell(g, s2, "e4-")) > 0; got == tc.e4Down {
			t.Errorf("after %s Red may move the neutral piece on e4: %v", tc.move, got)
		}
	}
}

// Seed: "... and un-flip at the end of your turn. Any you do not un-flip
// and your opponent also leaves face-down at the end of their turn will be
// unavailable to you on your next turn."
func TestRingNeutralUnflipChoice(t *testing.T) {
	// the neutral Cs on e4 is face down; Red moves (here a placement and a
	// swap-free position): every move comes with and without *e4
	g, s, _ := neutralBoth(t, 1, "blue:Sc@b4 yellow:Cs@e4! red:Hh@g7")
	moves := ringEngineMoves(g, s)
	for _, m := range moves {
		if !strings.HasSuffix(m, "*e4") && !hasMove(moves, m+"*e4") {
			t.Errorf("%s has no twin %s*e4: Red cannot choose to leave e4 face down", m, m)
		}
	}
	s2 := s.Clone()
	ringPlay(t, g, s2, "g7-g6*e4")
	if len(fromCell(g, s2, "e4-")) != 0 || !ringDown(t, g, s2, "e4") {
		t.Error("Red left e4 face down, yet Blue may move it")
	}
	s2 = s.Clone()
	ringPlay(t, g, s2, "g7-g6")
	if len(fromCell(g, s2, "e4-")) == 0 {
		t.Error("Red un-flipped e4, yet Blue may not move it")
	}
}

// Seed: "The same neutral piece cannot be moved on consecutive turns. If
// you just moved one, your opponent cannot move it on their next turn."
func TestRingNeutralNoConsecutiveMoves(t *testing.T) {
	g, s, _ := neutralBoth(t, 0, "blue:Ss@a1 red:Ss@g7 yellow:Hh@d4")
	ringPlay(t, g, s, "d4-d5")
	if got := fromCell(g, s, "d5"); len(got) != 0 {
		t.Errorf("Red may move the neutral piece Blue just moved: %v", got)
	}
	ringPlay(t, g, s, "g7-g6")
	if len(fromCell(g, s, "d5-")) == 0 {
		t.Error("Blue may not move the neutral piece again after Red's turn")
	}
}

// Seed: "You can only jump neutral pieces over other neutral pieces and
// capture or flip your opponent's pieces the same way. Your pieces cannot
// jump or flip opponent's pieces over neutral pieces."
func TestRingNeutralJumpsAndCaptures(t *testing.T) {
	// row 1: a1 neutral Cs (takes squares), b1 neutral Hh face up, d1 Red's Ss
	g, s, _ := neutralBoth(t, 0, "blue:Hh@g7 yellow:Cs@a1 yellow:Hh@b1 red:Ss@d1")
	if !hasMove(ringEngineMoves(g, s), "a1xd1") {
		t.Error("the neutral Cs moved by Blue does not jump the neutral Hh to take Red's Ss")
	}
	// the same neutral piece moved by Red never takes Red's own piece
	g, s, _ = neutralBoth(t, 1, "blue:Hh@g7 yellow:Cs@a1 yellow:Hh@b1 red:Ss@d1")
	if hasMove(ringEngineMoves(g, s), "a1xd1") {
		t.Error("Red takes his own piece with a neutral one")
	}
	// Blue's piece on b1 stops the neutral Cs
	g, s, _ = neutralBoth(t, 0, "blue:Hh@b1 yellow:Cs@a1 red:Ss@d1")
	if hasMove(ringEngineMoves(g, s), "a1xd1") {
		t.Error("a neutral piece jumps the mover's own piece")
	}
	// Blue's Sc does not jump a neutral piece to take Red's Cc
	g, s, _ = neutralBoth(t, 0, "blue:Sc@a1 yellow:Hh@b1 red:Cc@d1")
	if hasMove(ringEngineMoves(g, s), "a1xd1") {
		t.Error("Blue's piece jumps a neutral piece")
	}
}

// Seed: "You can only swap a neutral piece with another neutral piece."
func TestRingNeutralSwap(t *testing.T) {
	g, s, _ := neutralBoth(t, 0, "blue:Cs@a1 blue:Ch# yellow:Cs@d4 yellow:Cc#")
	moves := ringEngineMoves(g, s)
	if !hasMove(moves, "d4=yCc") || !hasMove(moves, "a1=Ch") {
		t.Errorf("swaps missing from %v", fromCell(g, s, "d4="))
	}
	if hasMove(moves, "d4=Ch") || hasMove(moves, "a1=yCc") {
		t.Error("a neutral piece swaps with one of Blue's, or the reverse")
	}
}

// Seed: "If you capture all of your opponent's pieces, you win the game ...
// whether or not any neutral pieces remain."
func TestRingNeutralWin(t *testing.T) {
	red := ""
	for _, k := range []string{"Ss", "Sc", "Sh", "Cs", "Cc", "Ch", "Hs", "Hc"} {
		red += " red:" + k + "#"
	}
	g, s, _ := neutralBoth(t, 0, "blue:Sh@a1 red:Hh@d1 yellow:Cc@g7"+red)
	ringPlay(t, g, s, "a1xd1")
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Errorf("Blue took Red's last piece with a neutral piece in the Ring: result %+v, want Blue wins", r)
	}
}
