package core_test

// Rule tests of traditional/ring-game against shared/rules/traditional-
// readings.md Part B (cited B.n), and the engine checked against the
// independent model of ringgame_model_test.go.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
)

// ringEngineMoves returns the engine's legal moves, sorted.
func ringEngineMoves(g *core.Game, s *core.State) []string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		out = append(out, g.Format(s, m))
	}
	sort.Strings(out)
	return out
}

// ringCrosscheck plays random games on the engine and the model side by
// side, comparing the legal moves after every ply; it returns how many
// games ended with a winner within maxPlies.
func ringCrosscheck(t *testing.T, g *core.Game, start ringGame, games, maxPlies int, seed uint64) (ended, plies int, seen map[string]int) {
	t.Helper()
	seen = map[string]int{}
	rng := rand.New(rand.NewPCG(seed, 5))
	buf := make([]core.Move, 0, 512)
	for game := 0; game < games; game++ {
		s := g.NewState()
		p := start
		for ply := 0; ply < maxPlies; ply++ {
			buf = g.Moves(s, buf)
			got := make([]string, 0, len(buf))
			for _, m := range buf {
				got = append(got, g.Format(s, m))
			}
			sort.Strings(got)
			want := ringModelMoves(p)
			for _, m := range want {
				switch {
				case strings.HasPrefix(m, "+"):
					seen["release"]++
				case strings.Contains(m, "="):
					seen["swap"]++
				case m == "--":
					seen["pass"]++
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: engine %d moves %v\nmodel %d moves %v", game, ply, len(got), got, len(want), want)
			}
			if c := p.countMoves(); c != len(want) {
				t.Fatalf("game %d ply %d: model count %d, children %d", game, ply, c, len(want))
			}
			plies++
			if len(want) == 0 {
				if r := g.Result(s); !r.Over || r.Winner != p.winner {
					t.Fatalf("game %d: engine result %+v, model winner %d", game, r, p.winner)
				}
				ended++
				break
			}
			i := rng.IntN(len(buf))
			text := g.Format(s, buf[i])
			if err := g.Play(s, buf[i]); err != nil {
				t.Fatal(err)
			}
			var err error
			if p, err = modelPlay(p, text); err != nil {
				t.Fatalf("game %d ply %d: %v", game, ply, err)
			}
		}
	}
	return ended, plies, seen
}

func TestRingGameMatchesModelSlice(t *testing.T) {
	for _, players := range []int{2, 3} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			g := load(t, "traditional/ring-game", fmt.Sprintf("players=%d", players))
			start := newRingGame(players)
			start.noRelease, start.noSwap = !ringFull, !ringFull
			for d := 1; d <= 2; d++ {
				if got, want := g.Perft(g.NewState(), d), ringModelPerft(start, d); got != want {
					t.Errorf("perft(%d): engine %d, model %d", d, got, want)
				}
			}
			ended, plies, seen := ringCrosscheck(t, g, start, 8, 400, uint64(players))
			t.Logf("%d games ended, %d plies compared, legal moves seen: %v", ended, plies, seen)
			// the random games reach the new moves (B.7, B.8); few end
			// within 400 plies, since the release equalizes (B.8)
			if seen["release"] == 0 || seen["swap"] == 0 {
				t.Errorf("the random games met %d releases and %d swaps: the cross-check misses B.7 or B.8", seen["release"], seen["swap"])
			}
		})
	}
}

// ringSetup builds an engine position from the spec of ringModelSetup
// ("blue:Sc@d4" on the Ring, "!" face down, "red:Ss#" in the Pen; every
// other piece in its Nest), toMove to play.
func ringSetup(t *testing.T, g *core.Game, toMove int, spec string) *core.State {
	t.Helper()
	s := g.NewState()
	for _, f := range strings.Fields(spec) {
		seatName, rest, _ := strings.Cut(f, ":")
		seat, ok := g.SeatIndex(seatName)
		if !ok {
			t.Fatalf("no seat %q", seatName)
		}
		k, ok := g.KindIndex(seatName + "_" + rest[:2])
		if !ok {
			t.Fatalf("no kind %s_%s", seatName, rest[:2])
		}
		if strings.HasSuffix(rest, "#") {
			if !core.TakeFromHand(s, seat, k) {
				t.Fatalf("%s: not in hand", f)
			}
			if pen, ok := g.ZoneIndex("pen"); ok {
				core.AddToZone(s, pen, seat, k)
			}
			continue
		}
		name := strings.TrimSuffix(rest[3:], "!")
		c, ok := g.Board().Index(name)
		if !ok || !core.PutFromHand(s, seat, k, c) {
			t.Fatalf("%s: cannot put it there", f)
		}
		if strings.HasSuffix(rest, "!") {
			core.SetPieceVarAt(s, c, "down", 1)
		}
	}
	core.SetToMove(s, toMove)
	return s
}

// ringBoth returns the engine's and the model's positions from one spec.
func ringBoth(t *testing.T, players, toMove int, spec string) (*core.Game, *core.State, ringGame) {
	t.Helper()
	g := load(t, "traditional/ring-game", fmt.Sprintf("players=%d", players))
	p := ringModelSetup(players, toMove, spec)
	p.noRelease, p.noSwap = !ringFull, !ringFull
	return g, ringSetup(t, g, toMove, spec), p
}

// ringFull: the engine variant has the release and the swap (B.7, B.8).
const ringFull = true

// ringPlay plays moves written in notation.
func ringPlay(t *testing.T, g *core.Game, s *core.State, moves ...string) {
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

// ringDown reports whether the piece on the named cell is face down.
func ringDown(t *testing.T, g *core.Game, s *core.State, cell string) bool {
	t.Helper()
	c, ok := g.Board().Index(cell)
	if !ok || s.Top(c) < 0 {
		t.Fatalf("no piece on %s", cell)
	}
	return s.PieceVar(s.Top(c), 0) == 1
}

func hasMove(moves []string, m string) bool { return slices.Contains(moves, m) }

// B.6: a slide passes its owner's face-up pieces, is stopped by its owner's
// face-down pieces and by any opposing piece, and takes the first opposing
// piece only when that piece's outside shape is the mover's inside shape.
func TestRingGameSlides(t *testing.T) {
	g, s, p := ringBoth(t, 3, 0, "blue:Ss@a4 blue:Cs@b4 blue:Hs@d4! red:Cs@f4")
	got := ringEngineMoves(g, s)
	if !slices.Equal(got, ringModelMoves(p)) {
		t.Fatalf("engine %v\nmodel %v", got, ringModelMoves(p))
	}
	for _, m := range []string{"a4-c4", "b4-c4"} {
		if !hasMove(got, m) {
			t.Errorf("B.6: %s (over the own face-up b4) missing from %v", m, got)
		}
	}
	for _, m := range []string{"a4-e4", "a4-d4", "d4-e4", "d4-d5"} {
		if hasMove(got, m) {
			t.Errorf("B.6: %s is legal, but d4 is Blue's face-down piece (it blocks and cannot move)", m)
		}
	}
	// turned up, d4 is passed: a4 reaches e4 and stops at Red's f4, a circle a square-taker cannot take
	g, s, _ = ringBoth(t, 3, 0, "blue:Ss@a4 blue:Cs@b4 blue:Hs@d4 red:Cs@f4")
	got = ringEngineMoves(g, s)
	if !hasMove(got, "a4-e4") || hasMove(got, "a4xf4") || hasMove(got, "a4-g4") {
		t.Errorf("B.6: want a4-e4 and neither a4xf4 (a circle) nor a4-g4 (past Red's piece): %v", got)
	}
	// a square on f4 is taken, and goes to Red's Pen
	g, s, _ = ringBoth(t, 3, 0, "blue:Ss@a4 blue:Cs@b4 blue:Hs@d4 red:Sh@f4")
	if got = ringEngineMoves(g, s); !hasMove(got, "a4xf4") || hasMove(got, "a4-g4") {
		t.Fatalf("B.6: want a4xf4 and not a4-g4: %v", got)
	}
	ringPlay(t, g, s, "a4xf4")
	k, _ := g.KindIndex("red_Sh")
	if s.HandLeft(1, k) != 0 {
		t.Error("B.6: the captured piece went back to the Nest, not the Pen")
	}
}

// B.6: after a Ring move every opposing piece the moved piece now
// attacks is flipped, except one it attacked already from its start space.
func TestRingGameFlipException(t *testing.T) {
	// Blue's Sc (takes circles) on a4 attacks Red's Cs on g4 along row 4;
	// after a4-b4 it attacks g4 still, and Red's Cc on b3 anew.
	g, s, p := ringBoth(t, 3, 0, "blue:Sc@a4 red:Cs@g4 red:Cc@b3")
	ringPlay(t, g, s, "a4-b4")
	if ringDown(t, g, s, "g4") {
		t.Error("B.6: g4 was a capture target from the start space too: it must not flip")
	}
	if !ringDown(t, g, s, "b3") {
		t.Error("B.6: b3 became a capture target: it must flip")
	}
	p, _ = modelPlay(p, "a4-b4")
	got := ringEngineMoves(g, s)
	if !slices.Equal(got, ringModelMoves(p)) {
		t.Fatalf("engine %v\nmodel %v", got, ringModelMoves(p))
	}
	for _, m := range got {
		if strings.HasPrefix(m, "b3") {
			t.Errorf("B.6: Red's face-down b3 moves: %s", m)
		}
	}
	// B.6: turned up at the end of its owner's next turn, not before
	ringPlay(t, g, s, "g4-g5")
	if ringDown(t, g, s, "b3") {
		t.Error("B.6: Red's b3 is still face down after Red's turn")
	}
}

// B.7: a placement flips every opposing piece the placed piece attacks;
// B.6: a flip lasts until the end of the owner's next turn (Yellow's turn
// in between does not turn it up).
func TestRingGameFlipAfterPlacement(t *testing.T) {
	g, s, _ := ringBoth(t, 3, 0, "red:Cs@a4 red:Ss@d1")
	ringPlay(t, g, s, "Sc@a1")
	if !ringDown(t, g, s, "a4") {
		t.Error("B.7: Red's circle on a4, in line with the placed Sc, must flip")
	}
	if ringDown(t, g, s, "d1") {
		t.Error("B.7: Red's square on d1 is not a capture target of an Sc: it must not flip")
	}
	ringPlay(t, g, s, "Hh@g7") // Red
	if ringDown(t, g, s, "a4") {
		t.Error("B.6: Red's a4 must be turned up at the end of Red's turn")
	}
	ringPlay(t, g, s, "Sc@g4") // Yellow flips Red's a4 along row 4? b4..f4 empty: yes
	if !ringDown(t, g, s, "a4") {
		t.Fatal("B.7: Yellow's Sc on g4 attacks a4 along row 4")
	}
	ringPlay(t, g, s, "Ss@e5") // Blue
	if !ringDown(t, g, s, "a4") {
		t.Error("B.6: Blue's turn must not turn Red's piece up")
	}
}

// B.9: a seat with no Nest piece whose Ring pieces are all face down makes
// the un-flip-only turn --, after which its pieces are face up.
func TestRingGamePassTurn(t *testing.T) {
	spec := "blue:Ss@d4! blue:Sc# blue:Sh# blue:Cs# blue:Cc# blue:Ch# blue:Hs# blue:Hc# blue:Hh# red:Ss@a1"
	g, s, p := ringBoth(t, 2, 0, spec)
	got := ringEngineMoves(g, s)
	if !slices.Equal(ringModelMoves(p), got) || !hasMove(got, "--") {
		t.Fatalf("B.9: want --, engine %v, model %v", got, ringModelMoves(p))
	}
	for _, m := range got {
		if m != "--" && !(strings.HasPrefix(m, "+") && strings.HasSuffix(m, "/--")) {
			t.Errorf("B.9: %s: only the un-flip-only turn (after a release or not) is legal", m)
		}
	}
	ringPlay(t, g, s, "--")
	if ringDown(t, g, s, "d4") {
		t.Error("B.9: the -- turn un-flips")
	}
	if s.ToMove() != 1 {
		t.Error("B.9: -- passes the turn")
	}
}

// B.10: a colour with nothing in its Nest and on the Ring is out at once;
// the last colour wins. With three, the game goes on without it.
func TestRingGameElimination(t *testing.T) {
	pen := "red:Sc# red:Sh# red:Cs# red:Cc# red:Ch# red:Hs# red:Hc# red:Hh#"
	g, s, _ := ringBoth(t, 2, 0, "blue:Ss@a4 red:Ss@d4 "+pen)
	ringPlay(t, g, s, "a4xd4")
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Errorf("B.10: Blue took Red's last piece: want Blue to win, got %+v", r)
	}
	g, s, _ = ringBoth(t, 3, 0, "blue:Ss@a4 red:Ss@d4 "+pen)
	ringPlay(t, g, s, "a4xd4")
	if r := g.Result(s); r.Over || !s.Eliminated(1) || s.ToMove() != 2 {
		t.Errorf("B.10: Red is out and Yellow moves next: result %+v, red out %v, to move %d", r, s.Eliminated(1), s.ToMove())
	}
}

// The perft golden of traditional/ring-game (3 players) is reproduced by
// the model.
func TestRingGameModelReproducesPerftGolden(t *testing.T) {
	modelGolden(t, "../testdata/perft/traditional-ring-game.txt", func(d int) uint64 { return ringModelPerft(newRingGame(3), d) })
}

// B.7 (G6: the Pen): a face-up Ring piece swaps with a Pen piece of the
// same outside shape; the Pen piece comes in face up, the Ring piece goes
// to the Pen, and nothing is flipped.
func TestRingGameSwap(t *testing.T) {
	spec := "blue:Sc@d4 blue:Ss# blue:Sh# blue:Cs# red:Hc@d6 red:Ss@a1!"
	g, s, p := ringBoth(t, 3, 0, spec)
	got := ringEngineMoves(g, s)
	if !slices.Equal(got, ringModelMoves(p)) {
		t.Fatalf("engine %v\nmodel %v", got, ringModelMoves(p))
	}
	for _, m := range []string{"d4=Ss", "d4=Sh"} {
		if !hasMove(got, m) {
			t.Errorf("B.7: %s (a square from the Pen for the square on d4) missing", m)
		}
	}
	if hasMove(got, "d4=Cs") {
		t.Error("B.7: d4=Cs swaps a circle for a square: the shapes differ")
	}
	ringPlay(t, g, s, "d4=Sh")
	c, _ := g.Board().Index("d4")
	if k, _ := g.KindIndex("blue_Sh"); g.PieceKindIndex(s.Top(c)) != k {
		t.Error("B.7: the Pen's Sh must stand on d4")
	}
	pen, _ := g.ZoneIndex("pen")
	sc, _ := g.KindIndex("blue_Sc")
	if s.ZoneCount(pen, 0, sc) != 1 {
		t.Error("B.7: the swapped-out Sc must be in Blue's Pen")
	}
	if ringDown(t, g, s, "d6") {
		t.Error("B.7: no flips after a swap (Red's hex d6 is in line with the incoming Sh)")
	}
	// a face-down Ring piece does not swap
	g, s, _ = ringBoth(t, 3, 0, "blue:Sc@d4! blue:Ss#")
	for _, m := range ringEngineMoves(g, s) {
		if strings.Contains(m, "=") {
			t.Errorf("B.7: %s swaps a face-down piece", m)
		}
	}
}

// B.8 condition set A: fewer pieces in the Nest, more in the Pen and fewer
// in the Ring than each opponent still playing. The released piece waits:
// it is neither placed nor swapped in the same turn (B.8, B.11 +Sc/...).
func TestRingGameReleaseA(t *testing.T) {
	// Blue: Nest 6, Pen 2, Ring 1; Red: Nest 7, Pen 0, Ring 2
	spec := "blue:Ss@a1 blue:Sc# blue:Sh# red:Cs@g7 red:Cc@g6"
	g, s, p := ringBoth(t, 2, 0, spec)
	got := ringEngineMoves(g, s)
	if !slices.Equal(got, ringModelMoves(p)) {
		t.Fatalf("engine %v\nmodel %v", got, ringModelMoves(p))
	}
	for _, m := range []string{"+Sc/a1-a2", "+Sh/Cs@d4", "+Sc/a1=Sh", "+Sh/a1=Sc"} {
		if !hasMove(got, m) {
			t.Errorf("B.8 A: %s missing", m)
		}
	}
	for _, m := range []string{"+Sc/Sc@d4", "+Sc/a1=Sc", "+Sh/Sh@d4"} {
		if hasMove(got, m) {
			t.Errorf("B.8: %s uses the piece released this turn", m)
		}
	}
	ringPlay(t, g, s, "+Sc/a1-a2")
	sc, _ := g.KindIndex("blue_Sc")
	if s.HandLeft(0, sc) != 1 {
		t.Error("B.8: the released Sc must be in Blue's Nest")
	}
	// one condition short (Ring 2 against 2): no release
	g, s, _ = ringBoth(t, 2, 0, spec+" blue:Cs@d4")
	for _, m := range ringEngineMoves(g, s) {
		if strings.HasPrefix(m, "+") {
			t.Fatalf("B.8 A: %s, but Blue has as many Ring pieces as Red", m)
		}
	}
}

// B.8 condition set B (G7): no capture for the player now, an empty Nest,
// and no other player still in the game could capture at the start of his
// most recent turn.
func TestRingGameReleaseB(t *testing.T) {
	pen := "blue:Sc# blue:Sh# blue:Cs# blue:Cc# blue:Ch# blue:Hs# blue:Hc# blue:Hh#"
	g, s, p := ringBoth(t, 2, 0, "blue:Ss@d4 red:Cs@a1 "+pen)
	step := func(m string, release bool) {
		t.Helper()
		got := ringEngineMoves(g, s)
		if !slices.Equal(got, ringModelMoves(p)) {
			t.Fatalf("before %s: engine %v\nmodel %v", m, got, ringModelMoves(p))
		}
		has := false
		for _, x := range got {
			has = has || strings.HasPrefix(x, "+")
		}
		if has != release {
			t.Fatalf("B.8 B: before %s, release allowed %v, want %v: %v", m, has, release, got)
		}
		ringPlay(t, g, s, m)
		var err error
		if p, err = modelPlay(p, m); err != nil {
			t.Fatal(err)
		}
	}
	step("d4-e5", true)  // Red has not played yet: B holds
	step("a1-a2", false) // Red: at the start of this turn it could take e5 along the diagonal
	step("e5-f5", false) // Red could capture at the start of its latest turn: B fails (A fails too, Ring 1 against 1)
	step("a2-a3", false) // Red could not capture this time
	step("+Sc/f5-f4", true)
}

// B.7, B.8, B.11: a refused placement or release says why, in the
// notation's words: an unknown space or piece, a piece not in the Nest, a
// release of a piece not in the Pen or when neither condition set holds,
// the ply after a release (its rest refused on the position after it), and
// the released piece, which waits in the Nest this turn.
func TestRingGameRefusals(t *testing.T) {
	// Blue: Nest 6, Pen 2 (Sc, Sh), Ring 1; Red: Nest 7, Pen 0, Ring 2: B.8 A holds
	spec := "blue:Ss@a1 blue:Sc# blue:Sh# red:Cs@g7 red:Cc@g6"
	g, s, _ := ringBoth(t, 2, 0, spec)
	for _, tc := range []struct{ move, want string }{
		{"Sc@d9", `"d9" is no cell of the board (rule place, B.7)`},
		{"Xx@d4", `no piece is written "Xx" (blue's: Ss, Sc, Sh, Cs, Cc, Ch, Hs, Hc, Hh) (rule place, B.7)`},
		{"Sc@d4", `blue has no blue_Sc in hand (rule place, B.7)`},
		{"+Cs/a1-a2", `blue has no blue_Cs in pen (rule release, B.8)`},
		{"+Sc/a1-g7", `after +Sc: a blue_Ss cannot take the red_Cs on g7 (take_if) (rule slide, B.6)`},
		{"+Sc/Sc@d4", `after +Sc: Sc@d4 moves the piece +Sc brought, which waits this ply (rule release, B.8)`},
	} {
		_, err := g.Parse(s, tc.move)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v\nwant %s", tc.move, err, tc.want)
		}
	}
	// neither condition set: Blue has as many Ring pieces as Red
	g, s, _ = ringBoth(t, 2, 0, spec+" blue:Cs@d4")
	want := `the rule's condition (when) does not allow moving blue_Sc (rule release, B.8)`
	if _, err := g.Parse(s, "+Sc/a1-a2"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("+Sc/a1-a2: %v\nwant %s", err, want)
	}
}

// B.1 (15), conceding: the leaver's Nest pieces go to his Pen; his Ring
// pieces stay, to be flipped and captured; a leaver does not return; with
// one player left, he wins. The record line "resign P" runs [turns]
// on_resign, whose collect empties the leaver's hand into his own Pen.
func TestRingGameConcedingSendsNestToPen(t *testing.T) {
	g := load(t, "traditional/ring-game")
	hand, _ := g.ZoneIndex("hand")
	pen, _ := g.ZoneIndex("pen")
	h := core.NewHistory(g, g.NewState())
	for _, text := range []string{"Ss@d4", "Ss@a1"} { // blue and red enter one piece each
		m, err := g.Parse(h.State, text)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	s := h.State
	if s.ZoneSize(hand, 0) != 8 || s.ZoneSize(pen, 0) != 0 {
		t.Fatalf("before: blue's Nest %d, Pen %d; want 8, 0", s.ZoneSize(hand, 0), s.ZoneSize(pen, 0))
	}
	if err := h.Resign(0); err != nil {
		t.Fatal(err)
	}
	if got := s.ZoneSize(hand, 0); got != 0 {
		t.Errorf("B.1 (15): blue's Nest holds %d after conceding, want 0", got)
	}
	if got := s.ZoneSize(pen, 0); got != 8 {
		t.Errorf("B.1 (15): blue's Pen holds %d after conceding, want the 8 Nest pieces", got)
	}
	if got := s.ZoneSize(pen, 1) + s.ZoneSize(pen, 2); got != 0 {
		t.Errorf("B.1 (15): the others' Pens hold %d, want 0 (the leaver's own Pen)", got)
	}
	if d4, _ := g.Board().Index("d4"); s.Height(d4) != 1 || g.PieceOwner(s.Top(d4)) != 0 {
		t.Error("B.1 (15): the leaver's Ring piece stays")
	}
	if !s.Eliminated(0) || s.Over() {
		t.Errorf("blue out, game on: eliminated %v, over %v", s.Eliminated(0), s.Over())
	}
	if s.ToMove() != 2 {
		t.Errorf("yellow moves next, got seat %d", s.ToMove())
	}
	if err := h.Resign(1); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(s); !r.Over || r.Winner != 2 {
		t.Errorf("B.1 (15): one player left wins: %+v", r)
	}
	if s.ZoneSize(pen, 1) != 8 {
		t.Errorf("red's Pen %d, want 8", s.ZoneSize(pen, 1))
	}
}
