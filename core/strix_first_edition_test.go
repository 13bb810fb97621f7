package core_test

// STRIX, first edition (variants/strix/first-edition.toml) and two-player
// STRIX (variants/strix/two-player.toml, first edition Appendix II) against
// the rule text, shared/rules/strix-first-edition.md ("Rule N" is that
// edition's numbering), and shared/strix-geometry.md (§11 E7 "Scores", §14).
// Every expected number is worked out by hand in the comments from the
// piece values (Owl 8, Kite 4, Raven 2), the remedy (2 points) and the
// points at the end (Nest 8, last Owl 6).
//
// Positions are variant files extending the edition with [setup.pieces]
// replaced (feGame), or testdata/positions/fe-*.toml.

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// feVariantText returns a variant file extending base whose start position
// is pos (glyph → square) with `first` to move.
func feVariantText(base string, pos map[string]string, first string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "extends = %q\nname = \"test/fe-position\"\nreplace = [\"setup.pieces\"]\n\n[turns]\nfirst = %q\n\n[setup.pieces]\n", base, first)
	glyphs := make([]string, 0, len(pos))
	for g := range pos {
		glyphs = append(glyphs, g)
	}
	sort.Strings(glyphs)
	for _, g := range glyphs {
		fmt.Fprintf(&b, "%s = \"%c_%s\"\n", pos[g], g[0], sxKindOf[g[1]])
	}
	return b.String()
}

// feGame compiles pos over base (strix/first-edition, strix/two-player)
// and checks that no piece stands on a square another shadows.
func feGame(t testing.TB, base string, pos map[string]string, first string, sets ...string) *core.Game {
	t.Helper()
	g, err := core.LoadBytes("fe-position.toml", []byte(feVariantText(base, pos, first)), core.WithFS(variants.FS()), core.WithSet(sets...))
	if err != nil {
		t.Fatalf("position %v: %v", pos, err)
	}
	occ := sxOccupied(g.NewState())
	for _, a := range occ {
		for _, b := range occ {
			if a != b && sxShadows(g, a, b) {
				t.Fatalf("test position %v is not legal: %s and %s shadow each other", pos, g.Board().Cells[a].Name, g.Board().Cells[b].Name)
			}
		}
	}
	return g
}

const (
	feB = 0 // Brown
	feY = 1 // Yellow
	feG = 2 // Green
)

// feLoad loads a position file of testdata/positions.
func feLoad(t testing.TB, file string, sets ...string) *core.Game {
	t.Helper()
	g, err := core.Load("../testdata/positions/"+file, core.WithFS(variants.FS()), core.WithSet(sets...))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// fePoints returns each seat's points gathered in play (State.Score).
func fePoints(g *core.Game, s *core.State) []int {
	out := make([]int, g.NumSeats())
	for i := range out {
		out[i] = s.Score(i)
	}
	return out
}

// feCheck compares the points gathered in play and the final scores
// (Game.Scores, the [scoring] expression) with the expected ones.
func feCheck(t *testing.T, what string, g *core.Game, s *core.State, points, scores []int) {
	t.Helper()
	if got := fePoints(g, s); !slices.Equal(got, points) {
		t.Errorf("%s: points (b, y, g) %v, want %v", what, got, points)
	}
	if got := g.Scores(s); !slices.Equal(got, scores) {
		t.Errorf("%s: scores (b, y, g) %v, want %v", what, got, scores)
	}
}

// ---- Rule 17: points for capture ---------------------------------------------

// Rule 17: Owl 8, Kite 4, Raven 2, whatever piece captures; while the game
// goes on, the score is the points gathered.
func TestFERule17CapturePoints(t *testing.T) {
	const fe = "strix/first-edition"
	cases := []struct {
		name   string
		pos    map[string]string
		first  string
		move   string
		points []int
	}{
		// E5: Brown's Owl takes Yellow's Owl (on the black b44: only an Owl may): 8 to Brown.
		{"Owl takes an Owl", sxPos("bO:b54 yO:b44"), "b", "bO-b44xyO", []int{8, 0, 0}},
		// E5 reversed: Yellow's Owl takes Brown's Owl: 8 to Yellow.
		{"Owl takes an Owl (Yellow)", sxPos("bO:b54 yO:b44"), "y", "yO-b54xbO", []int{0, 8, 0}},
		// E6 with Green's Kite on b55 for gR: yK crosses the y|b fold to b54 and takes gK: 4 to Yellow.
		{"Kite takes a Kite", sxPos("yK:y43 yR:y63 gK:b55"), "y", "yK-b54xgK", []int{0, 4, 0}},
		// the same swoop taking Brown's Raven on b53: 2 to Yellow.
		{"Kite takes a Raven", sxPos("yK:y43 yR:y63 gK:b55"), "y", "yK-b54xbR", []int{0, 2, 0}},
		// E7 "Scores": gR (Green's) is the passive Raven and the victims are Yellow's: the value is
		// shared equally. yK: 4 = 2 + 2.
		{"E7 Ravens take yK, gR partner", sxPos("bK:y44 yO:y43 yK:y41 yR:y62 gR:b45"), "b", "bR-b43xyK", []int{2, 0, 2}},
		// yO and yK: (8 + 4) / 2 = 6 each.
		{"E7 Ravens take yO and yK, gR partner", sxPos("bK:y44 yO:y43 yK:y41 yR:y62 gR:b45"), "b", "bR-b43xyOxyK", []int{6, 0, 6}},
		// E7 "Scores": yR, of the victim's team, is the partner (yR b45, gR g53): Brown takes all 4.
		{"E7 Ravens take yK, yR partner", sxPos("bK:y44 yO:y43 yK:y41 yR:b45"), "b", "bR-b43xyK", []int{4, 0, 0}},
		// and all 8 + 4 = 12 for yO and yK.
		{"E7 Ravens take yO and yK, yR partner", sxPos("bK:y44 yO:y43 yK:y41 yR:b45"), "b", "bR-b43xyOxyK", []int{12, 0, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := feGame(t, fe, c.pos, c.first)
			s := g.NewState()
			feCheck(t, "before", g, s, []int{0, 0, 0}, []int{0, 0, 0})
			sxPlay(t, g, s, c.move)
			if g.Result(s).Over {
				t.Fatalf("%s ended the game", c.move)
			}
			feCheck(t, c.move, g, s, c.points, c.points)
		})
	}
}

// Rule 17 with Rules 12 and 16; geometry §14 #8: the passive Raven of a
// paralysed team (Green set up without its Owl) takes its share, by
// default and with paralysed_raven_shares=true; with
// paralysed_raven_shares=false the attacker takes all 4 for yK. The
// paralysed team keeps its points (Rule 16).
func TestFERule17ParalysedRavenShares(t *testing.T) {
	pos := sxPos("bK:y44 yO:y43 yK:y41 yR:y62 gR:b45 gO:-")
	for _, c := range []struct {
		sets   []string
		points []int
	}{
		{nil, []int{2, 0, 2}},
		{[]string{"paralysed_raven_shares=true"}, []int{2, 0, 2}},
		{[]string{"paralysed_raven_shares=false"}, []int{4, 0, 0}},
	} {
		g := feGame(t, "strix/first-edition", pos, "b", c.sets...)
		s := g.NewState()
		if !s.Eliminated(feG) {
			t.Fatal("Green, set up without its Owl, must be paralysed")
		}
		sxPlay(t, g, s, "bR-b43xyK")
		feCheck(t, fmt.Sprintf("bR-b43xyK with %v", c.sets), g, s, c.points, c.points)
	}
}

// ---- Rule 18: Preparation and its remedies ---------------------------------

// Rule 18 (iii): at Thicket 2 bK-g23 in fe-preparation.toml lets Yellow
// gain the Nest on its next-but-one turn (see the file); it is the only
// foul among Brown's 18 moves, and at Thicket 1 it is none.
func TestFERule18PreparationVerdict(t *testing.T) {
	g := feLoad(t, "fe-preparation.toml")
	s := g.NewState()
	var fouls []string
	for _, m := range g.Moves(s, nil) {
		v, err := g.AnalyzeFoul(s, m)
		if err != nil || !v.Exact {
			t.Fatalf("%s: %v (exact %v)", g.Format(s, m), err, v.Exact)
		}
		if v.Foul {
			fouls = append(fouls, g.Format(s, m))
		}
	}
	if !slices.Equal(fouls, []string{"bK-g23"}) {
		t.Fatalf("fouls %v, want [bK-g23]", fouls)
	}
	m, err := g.Parse(s, "bK-g23")
	if err != nil {
		t.Fatal(err)
	}
	v, _ := g.AnalyzeFoul(s, m)
	// Yellow needs two turns: its first and last moves in the line are Owl moves, the Nest at the end.
	if v.Gainer != feY || len(v.Line) != 4 || v.Line[0] != "yO-b67" || v.Line[3] != "yO-b77" || v.Safe == "" {
		t.Fatalf("verdict %+v", v)
	}
	after := s.Clone()
	sxPlay(t, g, after, append([]string{"bK-g23"}, v.Line...)...)
	if r := g.Result(after); !r.Over || r.Winner != feY {
		t.Fatalf("the line %v does not win for Yellow: %+v", v.Line, r)
	}
	if end, seat := g.EndedBy(after); end != "nest" || seat != feY {
		t.Fatalf("the line ends by %q (%d)", end, seat)
	}
	// Thicket 1: Yellow cannot reach the Nest on its very next move.
	g1 := feLoad(t, "fe-preparation.toml", "thicket=1")
	s1 := g1.NewState()
	m1, _ := g1.Parse(s1, "bK-g23")
	if v, _ := g1.AnalyzeFoul(s1, m1); v.Foul || v.Gainer >= 0 {
		t.Fatalf("at Thicket 1: %+v", v)
	}
}

// Rule 18 (ii): an upheld call withdraws the move and gives the
// non-offending players, the Caller and the Gainer, 2 points each; "the
// same applies in each instance". Rule 18 (v): a baseless call gives the
// two players other than the Caller 2 points each; the move stands.
func TestFERule18Remedies(t *testing.T) {
	g := feLoad(t, "fe-preparation.toml")
	{
		// Green, who stands to suffer by Yellow's win, calls.
		h, ev, err := replayText(t, g, "bK-g23\ncall g\n")
		if err != nil {
			t.Fatal(err)
		}
		c := ev[len(ev)-1].Call
		if !c.Upheld || !c.Foul || c.Offender != feB || c.Gainer != feY || c.ReplacementBy != feB {
			t.Fatalf("call g: %+v", c)
		}
		if h.Len() != 0 || h.State.ToMove() != feB || sxPieceOn(g, h.State, "g33") != "bK" {
			t.Fatalf("call g: the move is not withdrawn (%d moves, %s to move)", h.Len(), g.Seat(h.State.ToMove()))
		}
		// 0 + 2 to Yellow and to Green, nothing to Brown.
		feCheck(t, "upheld call by g", g, h.State, []int{0, 2, 2}, []int{0, 2, 2})
	}
	// Brown commits the foul again after the withdrawal: 2 more each, 4 in all; then Brown
	// plays the safe bO-b72.
	h, _, err := replayText(t, g, "bK-g23\ncall g\nbK-g23\ncall g\nbO-b72\n")
	if err != nil {
		t.Fatal(err)
	}
	feCheck(t, "two upheld calls", g, h.State, []int{0, 4, 4}, []int{0, 4, 4})
	if h.Len() != 1 || h.State.ToMove() != feY {
		t.Fatalf("after the replacement move: %d moves, %s to move", h.Len(), g.Seat(h.State.ToMove()))
	}
	// Baseless calls on the safe bO-b72: Yellow calls, Brown and Green gain 2; Green calls,
	// Brown and Yellow gain 2. The move stands.
	for caller, want := range map[string][]int{"y": {2, 0, 2}, "g": {2, 2, 0}} {
		h, ev, err := replayText(t, g, "bO-b72\ncall "+caller+"\n")
		if err != nil {
			t.Fatal(err)
		}
		c := ev[len(ev)-1].Call
		if c.Upheld || c.Gainer >= 0 || h.Len() != 1 || h.State.ToMove() != feY || sxPieceOn(g, h.State, "b72") != "bO" {
			t.Fatalf("baseless call by %s: %+v, %d moves", caller, c, h.Len())
		}
		feCheck(t, "baseless call by "+caller, g, h.State, want, want)
	}
}

// ---- Rule 19: missed turns ---------------------------------------------------

// Rule 19: "If a move is possible, however unwelcome, it must be taken":
// a pass is refused, with the reason, while a move that is not a foul
// exists, both in the start position and in fe-preparation.toml (where
// bK-g23 is a foul but bO-b72 is not).
func TestFERule19PassRefused(t *testing.T) {
	for _, g := range []*core.Game{load(t, "strix/first-edition"), feLoad(t, "fe-preparation.toml")} {
		s := g.NewState()
		if must, err := g.MustMissTurn(s); must || err != nil {
			t.Fatalf("%s: MustMissTurn %v, %v", g.Name(), must, err)
		}
		_, err := g.Parse(s, "pass")
		var ill *core.IllegalMoveError
		if !errors.As(err, &ill) || !strings.Contains(err.Error(), "b may not miss the turn: a move is possible that is not a foul") {
			t.Fatalf("%s: pass: %v", g.Name(), err)
		}
		if slices.Contains(g.Moves(s, nil), core.Pass) {
			t.Fatalf("%s: pass among the moves", g.Name())
		}
	}
}

// Rule 19, second situation: in fe-missed-turn.toml both of Brown's moves
// (the ghosts bO-g61 and bO-y72) open y77 to Yellow at once, and missing
// the turn does not: Brown must pass, and a move instead is a foul whose
// safe alternative is the pass. A call on the pass is baseless.
func TestFERule19MissedTurnToAvoidFoul(t *testing.T) {
	g := feLoad(t, "fe-missed-turn.toml")
	s := g.NewState()
	if got := sxMoves(g, s, ""); !slices.Equal(got, []string{"bO-g61", "bO-y72"}) {
		t.Fatalf("Brown's moves %v, want [bO-g61 bO-y72]", got)
	}
	for _, text := range []string{"bO-g61", "bO-y72"} {
		m, _ := g.Parse(s, text)
		v, err := g.AnalyzeFoul(s, m)
		if err != nil || !v.Foul || v.Gainer != feY || !slices.Equal(v.Line, []string{"yO-y77"}) || v.Safe != "pass" {
			t.Fatalf("%s: %+v, %v", text, v, err)
		}
	}
	if must, err := g.MustMissTurn(s); !must || err != nil {
		t.Fatalf("MustMissTurn %v, %v", must, err)
	}
	h, _, err := replayText(t, g, "pass\n")
	if err != nil {
		t.Fatal(err)
	}
	if h.Len() != 1 || h.State.ToMove() != feY || h.State.Over() || sxPieceOn(g, h.State, "b17") != "bO" {
		t.Fatalf("after the pass: %d moves, %s to move", h.Len(), g.Seat(h.State.ToMove()))
	}
	// The pass can be called (Rule 18 (vii): "including no move at all"), but it is no foul:
	// a baseless call, 2 points to Brown and Yellow.
	h, ev, err := replayText(t, g, "pass\ncall g\n")
	if err != nil {
		t.Fatalf("a call on the pass: %v", err)
	}
	if c := ev[1].Call; c.Upheld || c.Gainer >= 0 || h.Len() != 1 {
		t.Fatalf("a call on the pass: %+v", c)
	}
	feCheck(t, "a baseless call on the pass", g, h.State, []int{2, 2, 0}, []int{2, 2, 0})
	// Moving instead is Preparation: upheld, withdrawn, 2 each to Yellow and Green; Brown then passes.
	h, ev, err = replayText(t, g, "bO-g61\ncall g\npass\n")
	if err != nil {
		t.Fatal(err)
	}
	if c := ev[1].Call; !c.Upheld || c.Safe != "pass" {
		t.Fatalf("call: %+v", c)
	}
	feCheck(t, "after the call and the pass", g, h.State, []int{0, 2, 2}, []int{0, 2, 2})
}

// Rule 19, first situation: a player whose pieces are all blocked misses
// the turn and the game goes on (the 2024 edition made it a draw). The
// position of TestStrixRule18NoMoveIsDraw: Brown's only piece, bO on b11,
// has no move.
func TestFERule19BlockedPlayerPasses(t *testing.T) {
	pos := map[string]string{"bO": "b11", "yO": "y24", "yK": "b13", "yR": "y55", "gO": "g62", "gK": "b31", "gR": "g66"}
	g := feGame(t, "strix/first-edition", pos, "b")
	s := g.NewState()
	if got := g.Moves(s, nil); len(got) != 1 || got[0] != core.Pass {
		t.Fatalf("Brown's moves %v, want only a pass", sxMoves(g, s, ""))
	}
	if r := g.Result(s); r.Over {
		t.Fatalf("the game ended: %+v", r)
	}
	h, _, err := replayText(t, g, "pass\n")
	if err != nil {
		t.Fatal(err)
	}
	if h.State.ToMove() != feY || h.State.Over() || len(g.Moves(h.State, nil)) == 0 {
		t.Fatalf("after Brown's pass: %s to move, over %v", g.Seat(h.State.ToMove()), h.State.Over())
	}
}

// ---- Rules 21, 23, 24: the end ---------------------------------------------

// Rules 1, 23, 24: an Owl gaining the Nest ends the game and earns 8
// points; they are no capture points (State.Score stays 0) but part of the
// score. Brown (8) wins.
func TestFERule23NestPoints(t *testing.T) {
	g := feGame(t, "strix/first-edition", sxPos("bO:b67 yO:y44"), "b")
	s := g.NewState()
	sxPlay(t, g, s, "bO-b77")
	if r := g.Result(s); !r.Over || r.Winner != feB {
		t.Fatalf("result %+v, want Brown wins", r)
	}
	if end, seat := g.EndedBy(s); end != "nest" || seat != feB {
		t.Fatalf("ended by %q, seat %d", end, seat)
	}
	feCheck(t, "bO-b77", g, s, []int{0, 0, 0}, []int{8, 0, 0})
}

// Rule 24: the winner has the most points, which need not be the player
// who gained the Nest. Brown takes gO (8; Green is paralysed) and gK (4):
// 12. Yellow gains the Nest: 8. Brown wins with 12 against 8.
func TestFERule24WinnerByPoints(t *testing.T) {
	pos := map[string]string{"bO": "b54", "gO": "b44", "gK": "b34", "yO": "y67", "yK": "y62"}
	g := feGame(t, "strix/first-edition", pos, "b")
	s := g.NewState()
	sxPlay(t, g, s, "bO-b44xgO", "yK-y52", "bO-b34xgK")
	if !s.Eliminated(feG) || s.Over() {
		t.Fatal("Green must be paralysed and the game go on")
	}
	feCheck(t, "before the Nest", g, s, []int{12, 0, 0}, []int{12, 0, 0})
	sxPlay(t, g, s, "yO-y77")
	if end, seat := g.EndedBy(s); end != "nest" || seat != feY {
		t.Fatalf("ended by %q, seat %d; want the Nest, by Yellow", end, seat)
	}
	feCheck(t, "after yO-y77", g, s, []int{12, 0, 0}, []int{12, 8, 0})
	if r := g.Result(s); !r.Over || r.Winner != feB {
		t.Fatalf("result %+v, want Brown (12) wins over Yellow (8), who gained the Nest", r)
	}
}

// Rules 16, 23, 24: when two Owls are gone the game ends, and the last Owl
// standing earns 6. Brown takes gO (8), Yellow takes bO (8 + 6 = 14):
// Yellow wins 14 to 8.
func TestFERule23LastOwlPoints(t *testing.T) {
	g := feGame(t, "strix/first-edition", sxPos("bO:b54 gO:b44 yO:b34 gR:g51"), "b")
	s := g.NewState()
	sxPlay(t, g, s, "bO-b44xgO", "yO-b44xbO")
	if end, seat := g.EndedBy(s); end != "last_owl" || seat != feY {
		t.Fatalf("ended by %q, seat %d", end, seat)
	}
	feCheck(t, "last Owl", g, s, []int{8, 8, 0}, []int{8, 14, 0})
	if r := g.Result(s); !r.Over || r.Winner != feY {
		t.Fatalf("result %+v, want Yellow wins", r)
	}
}

// Rule 21: the same position (side to move included) met the third time
// is a stalemate: no winner, no points. The three Owls step out and back
// twice; the start position then stands for the third time, after 12
// moves, and not before.
func TestFERule21Stalemate(t *testing.T) {
	g := load(t, "strix/first-edition")
	h := core.NewHistory(g, g.NewState())
	round := []string{"bO-b72", "yO-y72", "gO-g72", "bO-b71", "yO-y71", "gO-g71"}
	for i, text := range append(append([]string(nil), round...), round...) {
		if h.State.Over() {
			t.Fatalf("the game ended after %d moves", i)
		}
		m, err := g.Parse(h.State, text)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, text, err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if r := g.Result(h.State); !r.Over || r.Winner != -1 || r.Timeout {
		t.Fatalf("after 12 moves: %+v, want a stalemate (no winner)", r)
	}
	// ended by the variant's [end.stalemate] (type "repetition")
	if end, _ := g.EndedBy(h.State); end != "stalemate" {
		t.Fatalf("ended by %q, want stalemate", end)
	}
	feCheck(t, "stalemate", g, h.State, []int{0, 0, 0}, []int{0, 0, 0})
}

// ---- Appendix II: two-player STRIX ---------------------------------------------

// Appendix II: Brown plays first, then Brown and Yellow alternate; either
// may move one of Green's pieces instead of their own. A Green piece just
// moved rests on both players' next turns: absent from the moves for two
// plies, back on the third. The rest is per piece: a second Green piece
// moved meanwhile does not free the first.
func TestTwoPlayerTurnsAndGreenPieces(t *testing.T) {
	g := load(t, "strix/two-player")
	if !slices.Equal(g.Seats(), []string{"b", "y"}) {
		t.Fatalf("seats %v", g.Seats())
	}
	s := g.NewState()
	has := func(prefix string) bool { return len(sxMoves(g, s, prefix)) > 0 }
	if s.ToMove() != feB || !has("bO-") || !has("gO-") || !has("gK-") || !has("gR-") || has("yO-") {
		t.Fatalf("start: %s to move, moves %v", g.Seat(s.ToMove()), sxMoves(g, s, ""))
	}
	gk := sxMoves(g, s, "gK-")[0]
	sxPlay(t, g, s, gk) // ply 0, Brown moves gK
	if s.ToMove() != feY || has("gK-") || !has("gR-") || !has("gO-") || !has("yO-") || has("bO-") {
		t.Fatalf("ply 1 (Yellow): moves %v", sxMoves(g, s, ""))
	}
	sxPlay(t, g, s, "yO-y72")
	if s.ToMove() != feB || has("gK-") || !has("gR-") {
		t.Fatalf("ply 2 (Brown): moves %v", sxMoves(g, s, ""))
	}
	sxPlay(t, g, s, "bO-b72")
	if s.ToMove() != feY || !has("gK-") {
		t.Fatalf("ply 3 (Yellow): gK must be free again; moves %v", sxMoves(g, s, ""))
	}
	// Yellow moves gR on ply 1, while gK rests: on ply 2 Brown may move neither.
	s = g.NewState()
	sxPlay(t, g, s, gk)
	sxPlay(t, g, s, sxMoves(g, s, "gR-")[0])
	if has("gK-") || has("gR-") || !has("gO-") {
		t.Fatalf("ply 2 after gK, gR: gK and gR rest, gO does not; moves %v", sxMoves(g, s, ""))
	}
	sxPlay(t, g, s, "bO-b72")
	if !has("gK-") || has("gR-") {
		t.Fatalf("ply 3: gK free, gR resting; moves %v", sxMoves(g, s, ""))
	}
}

// Appendix II: "Green's Owl may not be moved into the Nest", by a step or
// a ghost; Brown's and Yellow's Owls may. The Owl under test stands on
// g76, next to the Nest square g77, or on g75, from which it ghosts inward
// round bK on b66 into y77 (geometry §10: f(7,b) into prev(f)77 round
// next(f)(b+1,6)); the other two Owls stand on b11 and y22.
func TestTwoPlayerGreenOwlNeverInTheNest(t *testing.T) {
	nest := []string{"b77", "y77", "g77"}
	for _, c := range []struct {
		sq, target string
		extra      map[string]string
	}{
		{"g76", "g77", nil},
		{"g75", "y77", map[string]string{"bK": "b66"}},
	} {
		for _, owl := range []string{"bO", "yO", "gO"} {
			pos := map[string]string{}
			for k, v := range c.extra {
				pos[k] = v
			}
			rest := []string{"b11", "y22"}
			for _, o := range []string{"bO", "yO", "gO"} {
				if o == owl {
					pos[o] = c.sq
				} else {
					pos[o], rest = rest[0], rest[1:]
				}
			}
			movers := []string{string(owl[0])}
			if owl == "gO" {
				movers = []string{"b", "y"}
			}
			for _, first := range movers {
				g := feGame(t, "strix/two-player", pos, first)
				s := g.NewState()
				got := sxMoves(g, s, owl+"-", nest...)
				want := []string{owl + "-" + c.target}
				if owl == "gO" {
					want = nil
				}
				if !sxEqual(got, sxSorted(want...)) {
					t.Errorf("%s on %s, %s to move: Nest moves %v, want %v", owl, c.sq, first, got, want)
					continue
				}
				if owl != "gO" {
					sxPlay(t, g, s, want[0])
					if r := g.Result(s); !r.Over || g.Seat(r.Winner) != first {
						t.Errorf("%s: result %+v, want %s wins", want[0], r, first)
					}
				} else if len(sxMoves(g, s, "gO-")) == 0 {
					t.Errorf("gO on %s has no move at all; the test proves little", c.sq)
				}
			}
		}
	}
}

// Appendix II with Rule 16: capturing Brown's Owl leaves Yellow's the last
// Owl: the game ends and Yellow wins. Capturing Green's Owl ends nothing:
// Green is no player.
func TestTwoPlayerOwlCapture(t *testing.T) {
	g := feGame(t, "strix/two-player", sxPos("bO:b54 yO:b44"), "y")
	s := g.NewState()
	sxPlay(t, g, s, "yO-b54xbO")
	if r := g.Result(s); !r.Over || r.Winner != feY {
		t.Fatalf("result %+v, want Yellow wins", r)
	}
	if end, seat := g.EndedBy(s); end != "last_owl" || seat != feY {
		t.Fatalf("ended by %q, seat %d", end, seat)
	}
	g = feGame(t, "strix/two-player", sxPos("bO:b54 gO:b44"), "b")
	s = g.NewState()
	sxPlay(t, g, s, "bO-b44xgO")
	if r := g.Result(s); r.Over || s.ToMove() != feY {
		t.Fatalf("after bO-b44xgO: %+v, %s to move", r, g.Seat(s.ToMove()))
	}
}

// Appendix II: "so are ... the object of the game, and the rules for the
// Nest and blocking" the three-player game's, which in this edition are
// Rule 1 (the most points wins), Rules 17, 23 and 24 (points for captures
// and for how the game ends) and Rule 19 (a blocked player misses the
// turn). Green's pieces are no player's: capturing one scores its value to
// the player who took it; a Green piece moved by a player scores for that
// player.
func TestTwoPlayerObjectIsPoints(t *testing.T) {
	const tp = "strix/two-player"
	// Rule 17: Brown's Owl takes Green's Owl: 8 to Brown.
	g := feGame(t, tp, sxPos("bO:b54 gO:b44"), "b")
	s := g.NewState()
	sxPlay(t, g, s, "bO-b44xgO")
	if got := g.Scores(s); !slices.Equal(got, []int{8, 0}) || s.Score(0) != 8 {
		t.Errorf("bO-b44xgO: scores %v, points %d; want [8 0], 8 (Rule 17: an Owl is 8)", got, s.Score(0))
	}
	// Rule 17 with Appendix II: Yellow moves Green's Kite, which takes Brown's Raven: 2 to Yellow.
	g = feGame(t, tp, sxPos("gK:y43 yR:y63 gR:b55"), "y")
	s = g.NewState()
	sxPlay(t, g, s, "gK-b54xbR")
	if got := g.Scores(s); !slices.Equal(got, []int{0, 2}) {
		t.Errorf("gK-b54xbR by Yellow: scores %v, want [0 2]", got)
	}
	// Rules 1, 23, 24 (as TestFERule24WinnerByPoints): Brown takes gO (8) and gK (4): 12; Yellow
	// gains the Nest: 8 points. The game ends there and Brown wins, 12 to 8.
	g = feGame(t, tp, map[string]string{"bO": "b54", "gO": "b44", "gK": "b34", "yO": "y67", "yK": "y62"}, "b")
	s = g.NewState()
	sxPlay(t, g, s, "bO-b44xgO", "yK-y52", "bO-b34xgK", "yO-y77")
	if end, seat := g.EndedBy(s); end != "nest" || seat != feY {
		t.Fatalf("ended by %q, seat %d; want the Nest, by Yellow", end, seat)
	}
	if got := g.Scores(s); !slices.Equal(got, []int{12, 8}) {
		t.Errorf("after yO-y77: scores %v, want [12 8] (Rule 23: the Nest is 8)", got)
	}
	if r := g.Result(s); !r.Over || r.Winner != feB {
		t.Errorf("result %+v, want Brown (12) wins over Yellow (8), who gained the Nest (Rule 24)", r)
	}
	// Rules 16, 23: taking the other player's Owl leaves the last Owl: 8 + 6.
	g = feGame(t, tp, sxPos("bO:b54 yO:b44"), "y")
	s = g.NewState()
	sxPlay(t, g, s, "yO-b54xbO")
	if got := g.Scores(s); !slices.Equal(got, []int{0, 14}) {
		t.Errorf("yO-b54xbO: scores %v, want [0 14]", got)
	}
}

// Appendix II with Rule 19 (first situation): a blocked player misses the
// turn; the game goes on. The position of TestStrixRule18NoMoveIsDraw with
// Yellow's Raven on b31 in place of Green's Kite and no other Green piece
// but the Owl, which Yellow moves to g62: Brown's Owl on b11 is walled in
// (b12 shadowed by yO on y24, b21 by gO on g62; the ghost targets g51 and
// y17 by yK on b13 and yR on b31) and gO rests on Brown's turn.
func TestTwoPlayerBlockedPlayerMissesTheTurn(t *testing.T) {
	pos := map[string]string{"bO": "b11", "yO": "y24", "yK": "b13", "yR": "b31", "gO": "g72"}
	g := feGame(t, "strix/two-player", pos, "y")
	s := g.NewState()
	sxPlay(t, g, s, "gO-g62")
	if got := g.Moves(s, nil); len(got) != 1 || got[0] != core.Pass {
		t.Fatalf("Brown's moves %v, want only a pass (Rule 19)", sxMoves(g, s, ""))
	}
	if r := g.Result(s); r.Over {
		t.Fatalf("the game ended: %+v; Rule 19: the blocked player misses the turn", r)
	}
	sxPlay(t, g, s, "pass")
	if s.Over() || s.ToMove() != feY || len(g.Moves(s, nil)) == 0 {
		t.Fatalf("after Brown's pass: %s to move, over %v", g.Seat(s.ToMove()), s.Over())
	}
}

// Appendix II: Green's pieces are one side held in common, so, as no
// team's pieces take each other, a Green piece never takes another Green
// piece, whoever moves it; nor does a player's move take that player's own
// pieces. Brown's and Yellow's pieces take Green's, and a Green piece
// takes the other player's.
func TestTwoPlayerGreenNeverTakesGreen(t *testing.T) {
	const tp = "strix/two-player"
	for _, c := range []struct {
		name, pos, first, prefix string
		to                       []string
		want                     []string
	}{
		// gK crosses the y|b fold to b54: beside it gR (b55, Green) and bR (b53).
		{"gK by Brown", "gK:y43 yR:y63 gR:b55", "b", "gK-", []string{"b54"}, []string{"gK-b54"}},
		{"gK by Yellow", "gK:y43 yR:y63 gR:b55", "y", "gK-", []string{"b54"}, []string{"gK-b54", "gK-b54xbR"}},
		// gO next to gK: no step onto it, whoever moves.
		{"gO by Brown", "gO:b54 gK:b44", "b", "gO-", []string{"b44"}, nil},
		{"gO by Yellow", "gO:b54 gK:b44", "y", "gO-", []string{"b44"}, nil},
		// a player's own Owl takes a Green piece
		{"bO takes gK", "bO:b54 gK:b44", "b", "bO-", []string{"b44"}, []string{"bO-b44xgK"}},
	} {
		g := feGame(t, tp, sxPos(c.pos), c.first)
		got := sxMoves(g, g.NewState(), c.prefix, c.to...)
		if !sxEqual(got, sxSorted(c.want...)) {
			t.Errorf("%s: moves %v, want %v", c.name, got, sxSorted(c.want...))
		}
	}
	// The refused capture is explained.
	g := feGame(t, tp, sxPos("gK:y43 yR:y63 gR:b55"), "b")
	if _, err := g.Parse(g.NewState(), "gK-b54xgR"); err == nil || !strings.Contains(err.Error(), "cannot be taken") {
		t.Errorf("gK-b54xgR: %v", err)
	}
}

// Rule 18: "the player standing to suffer by it - that is, lose the game
// by the victory of another player - may call". In fe-preparation.toml
// bK-g23 lets Yellow gain the Nest: Yellow stands to gain, not to suffer,
// so a call by Yellow names no Gainer but Yellow and is baseless (Rule 18
// (v): Brown and Green gain 2 each, the move stands), while Green's call
// is upheld (TestFERule18Remedies). With Green paralysed, the only other
// player in play could only be the Gainer: no call can be made.
func TestFERule18OnlyTheSuffererCalls(t *testing.T) {
	g := feLoad(t, "fe-preparation.toml")
	h, ev, err := replayText(t, g, "bK-g23\ncall y\n")
	if err != nil {
		t.Fatal(err)
	}
	c := ev[len(ev)-1].Call
	if c.Upheld || c.Foul || c.Gainer >= 0 || c.ReplacementBy != -1 {
		t.Fatalf("Yellow's call on the move that lets Yellow win: %+v; want baseless", c)
	}
	if h.Len() != 1 || sxPieceOn(g, h.State, "g23") != "bK" {
		t.Fatalf("the move must stand: %d moves", h.Len())
	}
	feCheck(t, "Yellow's call", g, h.State, []int{2, 0, 2}, []int{2, 0, 2})

	g = feGame(t, "strix/first-edition", sxPos("gO:-"), "b")
	if _, _, err := replayText(t, g, "bO-b72\ncall y\n"); err == nil || !strings.Contains(err.Error(), "stands to suffer") {
		t.Fatalf("a call with Green paralysed: %v", err)
	}
}

// Rule 18 (v): "In the case of a baseless call of Preparation, the two
// non-Calling players are awarded a remedy ... two points each", a
// paralysed one too: it "retains any points" and takes part in the final
// tally (Rule 16), and gathers them (a paralysed Raven's share, Rule 17).
// A house rule lets the preceding or following player call (callers =
// ["prev", "next"]), so that Yellow may call on Brown's move with Green
// paralysed: Brown and Green gain 2 each. The same holds for an upheld
// call's remedy (18 (ii), every non-offending player).
func TestFERule18RemedyToParalysedPlayer(t *testing.T) {
	text := feVariantText("strix/first-edition", sxPos("gO:-"), "b") + "\n[fouls.preparation]\ncallers = [\"prev\", \"next\"]\n"
	g, err := core.LoadBytes("fe-prev-next.toml", []byte(text), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	h, ev, err := replayText(t, g, "bO-b72\ncall y\n")
	if err != nil {
		t.Fatal(err)
	}
	if c := ev[len(ev)-1].Call; c.Upheld || !h.State.Eliminated(feG) {
		t.Fatalf("call: %+v", c)
	}
	feCheck(t, "baseless call with Green paralysed", g, h.State, []int{2, 0, 2}, []int{2, 0, 2})
}

// Rule 18 (vii): "If a situation arises where a player's move, including
// no move at all (see Rule 19, below) must result in a foul of
// Preparation, that player is deemed to be the loser ... The exception to
// this is the case where every move leads to the same player gaining the
// Nest, in which case that player is deemed to have gained the Nest".
// Brown's Owl on b11 is walled in as in TestFERule19BlockedPlayerPasses
// (b12 shadowed by yR on y24, b21 by gR on g62, the ghost targets by yK on
// b13 and gK on b31), so Brown misses the turn (Rule 19); yO on y67 then
// steps into the Nest. A blocked player's only "move" is no move at all,
// so every move gives Yellow the Nest: on Green's call Yellow is deemed to
// have gained it (8 points, Rule 23) and the game ends.
func TestFERule18NoMoveAtAllIsJudged(t *testing.T) {
	pos := map[string]string{"bO": "b11", "yO": "y67", "yK": "b13", "yR": "y24", "gO": "g55", "gK": "b31", "gR": "g62"}
	g := feGame(t, "strix/first-edition", pos, "b")
	s := g.NewState()
	if got := g.Moves(s, nil); len(got) != 1 || got[0] != core.Pass {
		t.Fatalf("Brown's moves %v, want only a pass", sxMoves(g, s, ""))
	}
	h, ev, err := replayText(t, g, "pass\ncall g\n")
	if err != nil {
		t.Fatalf("a call on the missed turn: %v", err)
	}
	c := ev[len(ev)-1].Call
	if !c.Upheld || !c.Unavoidable || c.Gainer != feY || c.CommonGainer != feY || !slices.Equal(c.Line, []string{"yO-y77"}) {
		t.Fatalf("call: %+v", c)
	}
	if end, seat := g.EndedBy(h.State); end != "nest" || seat != feY {
		t.Fatalf("ended by %q, seat %d; want the Nest, Yellow", end, seat)
	}
	if want := "forced foul: every move of Brown gives Yellow the goal (nest); Yellow is deemed to have reached it and the game ends"; c.Outcome != want {
		t.Errorf("outcome %q, want %q", c.Outcome, want)
	}
	if r := g.Result(h.State); !r.Over || r.Winner != feY {
		t.Fatalf("result %+v, want Yellow wins", r)
	}
	feCheck(t, "Yellow deemed in the Nest", g, h.State, []int{0, 0, 0}, []int{0, 8, 0})
}

// Rule 22: "THREE-WAY DRAW ... at the agreement of all three players. No
// points are allocated"; "TWO-WAY DRAW ... when one player has dropped out
// after loss of his or her Owl, and the remaining two players agree that
// neither is going to win", with 4 points to each player in it (Rule 23).
// A record says "draw agreed". The 2024 edition (Rule 21) knows only the
// two-way draw by agreement (its three-way draw is the repetition of
// Rule 20).
func TestFERule22AgreedDraws(t *testing.T) {
	fe := load(t, "strix/first-edition")
	h, _, err := replayText(t, fe, "bO-b72\ndraw agreed\n")
	if err != nil {
		t.Fatal(err)
	}
	if r := fe.Result(h.State); !r.Over || r.Winner != -1 {
		t.Fatalf("three-way draw: %+v", r)
	}
	if end, _ := fe.EndedBy(h.State); end != "agreed_draw" {
		t.Fatalf("ended by %q", end)
	}
	feCheck(t, "three-way draw", fe, h.State, []int{0, 0, 0}, []int{0, 0, 0})

	// Green set up without its Owl has dropped out: a two-way draw, 4 points each to Brown and Yellow.
	g := feGame(t, "strix/first-edition", sxPos("gO:-"), "b")
	h, _, err = replayText(t, g, "bO-b72\ndraw agreed\n")
	if err != nil {
		t.Fatal(err)
	}
	if r := g.Result(h.State); !r.Over || r.Winner != -1 {
		t.Fatalf("two-way draw: %+v", r)
	}
	feCheck(t, "two-way draw", g, h.State, []int{0, 0, 0}, []int{4, 4, 0})

	if _, _, err := replayText(t, fe, "draw please\n"); err == nil || !strings.Contains(err.Error(), `want "draw agreed"`) {
		t.Errorf("draw please: %v", err)
	}
	if _, _, err := replayText(t, fe, "draw agreed\nbO-b72\n"); err == nil || !strings.Contains(err.Error(), "the game is over") {
		t.Errorf("a move after the draw: %v", err)
	}

	// 2024 Rule 21: only once a player is out.
	std := load(t, "strix/standard")
	if _, _, err := replayText(t, std, "bO-b72\ndraw agreed\n"); err == nil || !strings.Contains(err.Error(), "only once a player is out") {
		t.Errorf("2024, three players: %v", err)
	}
	g = sxGame(t, sxPos("gO:-"), "b")
	h, _, err = replayText(t, g, "bO-b72\ndraw agreed\n")
	if err != nil {
		t.Fatal(err)
	}
	if r := g.Result(h.State); !r.Over || r.Winner != -1 {
		t.Fatalf("2024 two-way draw: %+v", r)
	}
}

// Rule 20 (2024: Rule 19): "When all three players are still active, a
// player wishing to resign should give a round's notice. In other words,
// they should announce that their current move is their penultimate one."
// Notice given on Brown's turn (before its move) or just after it: Brown
// makes that move and one more, then is out of play. With a player out,
// "he or she may resign at any point": at once. With two left, the other
// gains the Nest's 8 points (Rule 20, first edition).
func TestFERule20ResignationNotice(t *testing.T) {
	for _, name := range []string{"strix/first-edition", "strix/standard"} {
		g := load(t, name)
		for _, rec := range []string{"resign b\nbO-b72\n", "bO-b72\nresign b\n"} {
			h, _, err := replayText(t, g, rec+"yO-y72\ngO-g72\n")
			if err != nil {
				t.Fatal(err)
			}
			if h.State.Eliminated(feB) || h.State.ToMove() != feB || h.State.Notice(feB) != 1 {
				t.Fatalf("%s, %q: before the last move Brown is out %v, %s to move, notice %d", name, rec, h.State.Eliminated(feB), g.Seat(h.State.ToMove()), h.State.Notice(feB))
			}
			if _, _, err := replayText(t, g, rec+"resign b\n"); err == nil || !strings.Contains(err.Error(), "already given notice") {
				t.Errorf("%s: a second notice: %v", name, err)
			}
			h, _, err = replayText(t, g, rec+"yO-y72\ngO-g72\nbO-b71\n")
			if err != nil {
				t.Fatal(err)
			}
			if !h.State.Eliminated(feB) || h.State.ToMove() != feY || h.State.Over() {
				t.Fatalf("%s, %q: after the last move Brown is out %v, %s to move", name, rec, h.State.Eliminated(feB), g.Seat(h.State.ToMove()))
			}
		}
	}
	// Green out of play: Brown resigns at once; Yellow is left and gains 8 (first edition).
	g := feGame(t, "strix/first-edition", sxPos("gO:-"), "b")
	h, _, err := replayText(t, g, "bO-b72\nresign b\n")
	if err != nil {
		t.Fatal(err)
	}
	if end, seat := g.EndedBy(h.State); end != "resigned" || seat != feY {
		t.Fatalf("ended by %q, seat %d", end, seat)
	}
	feCheck(t, "resignation with two left", g, h.State, []int{0, 0, 0}, []int{0, 8, 0})
}

// Appendix II with Rule 20: with two players a resignation is at once (the
// round's notice is for three active players), and the other player gains
// the Nest's 8 points.
func TestTwoPlayerResignation(t *testing.T) {
	g := load(t, "strix/two-player")
	h, _, err := replayText(t, g, "bO-b72\nresign y\n")
	if err != nil {
		t.Fatal(err)
	}
	if r := g.Result(h.State); !r.Over || r.Winner != feB {
		t.Fatalf("result %+v, want Brown wins", r)
	}
	if got := g.Scores(h.State); !slices.Equal(got, []int{8, 0}) {
		t.Errorf("scores %v, want [8 0]", got)
	}
}

// ---- the points limit -----------------------------------------------------

// Points gathered in play stop at ±core.MaxPoints: a capture (shared or
// not) or a remedy that would take a seat past it is refused with an error
// naming the rule or key, and the position stays as it was, under
// History.Play and under Game.Play alike (a capture of two whose second
// victim's points do not fit takes neither); one that reaches it exactly
// is played. Seats start with the points given.
func TestFEPointsLimit(t *testing.T) {
	const top = core.MaxPoints
	e7 := sxPos("bK:y44 yO:y43 yK:y41 yR:y62 gR:b45")
	owls := sxPos("bO:b54 yO:b44")
	cases := []struct {
		name    string
		pos     map[string]string
		start   []int // b, y, g
		move    string
		want    []int  // points after, when played
		wantErr string // or the error
	}{
		{"Owl takes an Owl up to the limit", owls, []int{top - 8, 0, 0}, "bO-b44xyO", []int{top, 0, 0}, ""},
		{"Owl takes an Owl past the limit", owls, []int{top - 7, 0, 0}, "bO-b44xyO",
			nil, `rule "owl_step": capture_points: Brown's points 2147483640 + 8 would pass ±2147483647 (core.MaxPoints)`},
		{"shared capture, the partner's half up to the limit", e7, []int{0, 0, top - 2}, "bR-b43xyK", []int{2, 0, top}, ""},
		{"shared capture, the partner's half past the limit", e7, []int{0, 0, top - 1}, "bR-b43xyK",
			nil, `rule "raven": capture_points: Green's points 2147483646 + 2 would pass`},
		{"shared capture, the mover's half past the limit", e7, []int{top - 1, 0, 0}, "bR-b43xyK",
			nil, `rule "raven": capture_points: Brown's points 2147483646 + 2 would pass`},
		{"shared capture of two, past the limit on the second", e7, []int{top - 5, 0, 0}, "bR-b43xyOxyK",
			nil, `rule "raven": capture_points: Brown's points 2147483644 + 4 would pass`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := feGame(t, "strix/first-edition", c.pos, "b")
			s := g.NewState()
			for seat, v := range c.start {
				core.SetPoints(s, seat, v)
			}
			h := core.NewHistory(g, s)
			m, err := g.Parse(h.State, c.move)
			if err != nil {
				t.Fatal(err)
			}
			before := h.State.Clone()
			err = h.Play(m)
			if c.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := fePoints(g, h.State); !slices.Equal(got, c.want) {
					t.Fatalf("points %v, want %v", got, c.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Fatalf("error %v; want it to contain %q", err, c.wantErr)
			}
			if !h.State.Equal(before) || h.Len() != 0 {
				t.Fatal("a refused move must leave the position unchanged")
			}
			// Game.Play itself is atomic: no victim is taken and no point
			// added when one of the captures' points does not fit
			bare := before.Clone()
			if err := g.Play(bare, m); err == nil || !bare.Equal(before) || bare.Hash() != before.Hash() {
				t.Fatalf("Game.Play: error %v; the refused move changed the position: %v", err, !bare.Equal(before))
			}
		})
	}
}

// The remedy points (Rule 18 (ii), (v)) obey the same limit: an upheld or a
// baseless call whose 2 points would take a rewarded seat past
// core.MaxPoints is refused, and the history stays as it was.
func TestFERemedyPointsLimit(t *testing.T) {
	g := feLoad(t, "fe-preparation.toml")
	const top = core.MaxPoints
	for _, c := range []struct {
		name    string
		move    string
		caller  int
		start   []int // b, y, g
		want    []int
		wantErr string
	}{
		// upheld: 2 to Yellow and Green, the move withdrawn
		{"upheld, up to the limit", "bK-g23", feG, []int{0, top - 2, top - 2}, []int{0, top, top}, ""},
		{"upheld, past the limit", "bK-g23", feG, []int{top, top - 1, 0}, nil,
			"fouls.preparation.remedy_points: Yellow's points 2147483646 + 2 would pass ±2147483647 (core.MaxPoints)"},
		// baseless on the safe bO-b72: 2 to Brown and Green
		{"baseless, up to the limit", "bO-b72", feY, []int{top - 2, top, 0}, []int{top, top, 2}, ""},
		{"baseless, past the limit", "bO-b72", feY, []int{0, 0, top - 1}, nil,
			"fouls.preparation.remedy_points: Green's points 2147483646 + 2 would pass"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := g.NewState()
			for seat, v := range c.start {
				core.SetPoints(s, seat, v)
			}
			h := core.NewHistory(g, s)
			m, err := g.Parse(h.State, c.move)
			if err != nil {
				t.Fatal(err)
			}
			if err := h.Play(m); err != nil {
				t.Fatal(err)
			}
			before := h.State.Clone()
			_, err = h.Call(c.caller)
			if c.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := fePoints(g, h.State); !slices.Equal(got, c.want) {
					t.Fatalf("points %v, want %v", got, c.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Fatalf("error %v; want it to contain %q", err, c.wantErr)
			}
			if !h.State.Equal(before) || h.Len() != 1 {
				t.Fatal("a refused call must leave the history as it was")
			}
			if _, err := h.Call(c.caller); err == nil {
				t.Fatal("the refused call must stay refused")
			}
		})
	}
}
