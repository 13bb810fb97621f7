package core_test

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"rulesmith/core"
)

// tcHas reports whether the legal moves from cell (tcFrom) include every
// move of want and none of bad.
func tcHas(t *testing.T, g *core.Game, s *core.State, rule, cell string, want, bad []string) {
	t.Helper()
	got := " " + tcFrom(g, s, cell) + " "
	for _, m := range want {
		if !strings.Contains(got, " "+m+" ") {
			t.Errorf("%s: %s missing from the moves of %s:%s", rule, m, cell, got)
		}
	}
	for _, m := range bad {
		if strings.Contains(got, " "+m+" ") {
			t.Errorf("%s: %s is among the moves of %s:%s", rule, m, cell, got)
		}
	}
}

// tcAllMoves returns every legal move of the seat to move, sorted.
func tcAllMoves(g *core.Game, s *core.State) string { return " " + legal(g, s) + " " }

// Readings 6.6, check among three kings: a king is in check when a piece of
// either enemy could take it, and the checked player must get out of it;
// giving check to either enemy is allowed; a check stands until the checked
// player's turn, and the player moving in between may take the checking
// piece but need not.
func TestThreeChessCheckAmongThreeKings(t *testing.T) {
	kings := map[string]string{"e1": "white_king", "d8": "black_king", "i12": "red_king"}
	with := func(extra map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range kings {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	// checked by Red along the e-file (e1 .. e4 e9 e10), or by Black on the
	// diagonal a5 b4 c3 d2 e1: every White move leaves the king safe, and
	// one of them is needed
	for _, tc := range []struct {
		rule      string
		pieces    map[string]string
		want, bad []string
	}{
		{"6.6: checked by Red (the player after next)",
			with(map[string]string{"e10": "red_rook", "a2": "white_rook"}),
			[]string{"a2-e2", "e1-d1", "e1-f2"}, []string{"a2-a3", "e1-e2"}},
		{"6.6: checked by Black (the next player)",
			with(map[string]string{"a5": "black_bishop", "a2": "white_rook"}),
			[]string{"e1-d1", "e1-e2", "e1-f2"}, []string{"a2-a3", "e1-d2"}},
	} {
		g, s := tcPosition(t, "white", tc.pieces)
		all := tcAllMoves(g, s)
		for _, m := range tc.want {
			if !strings.Contains(all, " "+m+" ") {
				t.Errorf("%s: %s (out of check) missing:%s", tc.rule, m, all)
			}
		}
		for _, m := range tc.bad {
			if strings.Contains(all, " "+m+" ") {
				t.Errorf("%s: %s leaves White in check, yet legal:%s", tc.rule, m, all)
			}
		}
	}
	// White's rook goes h2-h12 and checks Red's king along Red's back rank
	// (h12 g12 f12 e12 i12): allowed. Black, moving in between, may take
	// the rook (knight g10xh12) but need not; on his turn Red, still in
	// check, must leave the rank.
	g, s := tcPosition(t, "white", with(map[string]string{"h2": "white_rook", "g10": "black_knight", "a7": "black_pawn"}))
	tcHas(t, g, s, "6.6: giving check to either enemy is allowed", "h2", []string{"h2-h12"}, nil)
	tcPlay(t, g, s, "h2-h12")
	tcHas(t, g, s, "6.6: the player in between may take the checking piece", "g10", []string{"g10xh12"}, nil)
	tcHas(t, g, s, "6.6: ... but need not", "a7", []string{"a7-a6"}, nil)
	tcPlay(t, g, s, "a7-a6")
	tcHas(t, g, s, "6.6: the check stands until the checked player's turn", "i12", []string{"i12-i11"}, []string{"i12-j12", "i12-e12"})
}

// Readings 6.4, Promotion: a pawn promotes on the back rank of either
// enemy's half, the half it has crossed into, to a queen, rook, bishop or
// knight, each a move of its own (by a step or a capture).
func TestThreeChessPromotionOnBothEnemyBackRanks(t *testing.T) {
	g, s := tcPosition(t, "white", map[string]string{"a1": "white_king", "c2": "white_pawn", "f2": "white_pawn",
		"j8": "black_king", "k6": "black_rook", "d8": "black_knight", "i12": "red_king", "l10": "red_rook", "e12": "red_knight"})
	wait := []string{"k6-k7", "l10-l11", "k7-k6", "l11-l10"}
	w := 0
	white := func(m string) {
		tcPlay(t, g, s, m, wait[w%4], wait[(w+1)%4])
		w += 2
	}
	for _, m := range []string{"c2-c4", "c4-c5", "c5-c6", "c6-c7"} {
		white(m)
	}
	promos := func(from, to, x string) []string {
		var out []string
		for _, k := range []string{"Q", "R", "B", "N"} {
			out = append(out, from+"-"+to+"="+k, from+"x"+x+"="+k)
		}
		return out
	}
	tcHas(t, g, s, "6.4: promotion on Black's back rank (rank 8)", "c7", promos("c7", "c8", "d8"), []string{"c7-c8"})
	for _, m := range []string{"f2-f4", "f4-f9", "f9-f10", "f10-f11"} {
		white(m)
	}
	tcHas(t, g, s, "6.4: promotion on Red's back rank (rank 12)", "f11", promos("f11", "f12", "e12"), []string{"f11-f12"})
	tcPlay(t, g, s, "f11xe12=N")
	if k := tcKindOn(g, s, "e12"); k != "white_knight" {
		t.Errorf("after f11xe12=N, e12 holds %q, want white_knight", k)
	}
}

// Readings 6.4, En passant: the next player may take a double-stepped pawn
// at once (Black's pawn, crossed into White's half on d4, takes e2-e4 on
// e3); TestThreeChessEnPassantBySecondEnemy has the player after him.
func TestThreeChessEnPassantByNextPlayer(t *testing.T) {
	g := tcGame(t)
	s := g.NewState()
	tcPlay(t, g, s, "a2-a3", "d7-d5", "h11-h10", "a3-a4", "d5-d4", "h10-h9", "e2-e4")
	tcHas(t, g, s, "6.4: en passant by the next player", "d4", []string{"d4xe3"}, nil)
	tcPlay(t, g, s, "d4xe3")
	if k := tcKindOn(g, s, "e4"); k != "" {
		t.Errorf("e4 holds %s after d4xe3, want the pawn taken", k)
	}
	if k := tcKindOn(g, s, "e3"); k != "black_pawn" {
		t.Errorf("e3 holds %q, want black_pawn", k)
	}
}

// Readings 6.6, Castling: short and long, king and rook unmoved, the cells
// between empty; not out of check, nor across or onto a cell either enemy
// attacks; the right is lost when the king moves. In local coordinates for
// every player: Black's king d8 goes to b8 (local g1) with the rook a8 to
// c8, or to j8 (local c1) with the rook l8 to i8.
func TestThreeChessCastling(t *testing.T) {
	base := map[string]string{"e1": "white_king", "a1": "white_rook", "h1": "white_rook",
		"d8": "black_king", "a8": "black_rook", "l8": "black_rook", "i12": "red_king", "k6": "black_knight", "l10": "red_rook"}
	with := func(extra map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range base {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	for _, tc := range []struct {
		rule      string
		extra     map[string]string
		want, bad []string
	}{
		{"6.6: both castlings", nil, []string{"O-O", "O-O-O"}, nil},
		{"6.6: not across f1, which Red's bishop on d3 attacks", map[string]string{"d3": "red_bishop"}, []string{"O-O-O"}, []string{"O-O"}},
		{"6.6: not across d1, which Black's bishop on b3 attacks", map[string]string{"b3": "black_bishop"}, []string{"O-O"}, []string{"O-O-O"}},
		{"6.6: not onto c1, which Black's knight on b3 attacks", map[string]string{"b3": "black_knight"}, []string{"O-O"}, []string{"O-O-O"}},
		{"6.6: not out of check (Red's rook on e10)", map[string]string{"e10": "red_rook"}, nil, []string{"O-O", "O-O-O"}},
		{"6.6: not with a piece between (g1)", map[string]string{"g1": "white_knight"}, []string{"O-O-O"}, []string{"O-O"}},
	} {
		g, s := tcPosition(t, "white", with(tc.extra))
		all := tcAllMoves(g, s)
		for _, m := range tc.want {
			if !strings.Contains(all, " "+m+" ") {
				t.Errorf("%s: %s missing:%s", tc.rule, m, all)
			}
		}
		for _, m := range tc.bad {
			if strings.Contains(all, " "+m+" ") {
				t.Errorf("%s: %s legal:%s", tc.rule, m, all)
			}
		}
	}
	// played: the king two cells toward the rook, the rook on the cell
	// it crossed
	g, s := tcPosition(t, "white", base)
	tcPlay(t, g, s, "O-O")
	for cell, want := range map[string]string{"g1": "white_king", "f1": "white_rook", "e1": "", "h1": ""} {
		if k := tcKindOn(g, s, cell); k != want {
			t.Errorf("after O-O, %s holds %q, want %q", cell, k, want)
		}
	}
	// Black's, in his local coordinates
	for _, tc := range []struct {
		move  string
		cells map[string]string
	}{
		{"O-O", map[string]string{"b8": "black_king", "c8": "black_rook", "a8": "", "d8": ""}},
		{"O-O-O", map[string]string{"j8": "black_king", "i8": "black_rook", "l8": "", "d8": ""}},
	} {
		g, s := tcPosition(t, "black", base)
		tcPlay(t, g, s, tc.move)
		for cell, want := range tc.cells {
			if k := tcKindOn(g, s, cell); k != want {
				t.Errorf("after Black's %s, %s holds %q, want %q", tc.move, cell, k, want)
			}
		}
	}
	// the right is lost for good when the king moves, even back
	g, s = tcPosition(t, "white", base)
	tcPlay(t, g, s, "e1-e2", "k6-j8", "l10-l11", "e2-e1", "j8-k6", "l11-l10")
	if all := tcAllMoves(g, s); strings.Contains(all, " O-O") {
		t.Errorf("6.6: castling after the king moved and came back:%s", all)
	}
}

// Readings 6.7: the mated player's pieces become the mater's on their cells
// and keep their path: Red's pawn on e11, Black's after Red's mate, moves
// toward Red's rank 9 (and on into White's half), never back to e12. With
// the readings' alternative (--set mate=checker) the first mate ends the
// game and the mater wins.
func TestThreeChessMatedPiecesAndFirstMate(t *testing.T) {
	pieces := map[string]string{"e1": "white_king", "d8": "black_king", "l12": "red_king",
		"h12": "white_rook", "l9": "black_rook", "k9": "black_rook", "e11": "red_pawn", "a2": "white_pawn"}
	g, s := tcPosition(t, "red", pieces)
	g.Settle(s, nil)
	if !s.Eliminated(2) {
		t.Fatal("Red not mated")
	}
	tcPlay(t, g, s, "a2-a3")
	tcHas(t, g, s, "6.7: a captured pawn keeps its path", "e11", []string{"e11-e10"}, []string{"e11-e12"})
	tcPlay(t, g, s, "e11-e10", "a3-a4", "e10-e9", "a4-a5")
	tcHas(t, g, s, "6.7: ... on into the half its file leads to", "e9", []string{"e9-e4"}, nil)

	g2, s2 := tcPosition(t, "red", pieces, "mate=checker")
	r := g2.Result(s2)
	if !r.Over || r.Winner != 1 {
		t.Errorf("--set mate=checker: result %+v, want over, Black (1) wins", r)
	}
}

// Readings 6.7 over a whole game: the complete random game of
// testdata/records: Black is mated while three play (his king leaves the
// board, his other pieces become the mater's, the elimination is no ply),
// then White mates Red while two play and wins.
func TestThreeChessCompleteGame(t *testing.T) {
	g := tcGame(t)
	recs := readRecordFile(t, "../testdata/records/traditional-three-player-chess.txt")
	h := core.NewHistory(g, g.NewState())
	eliminatedAt := -1
	var beforeKinds map[int]int
	for i, r := range recs {
		if eliminatedAt < 0 {
			beforeKinds = tcOwnerCounts(g, h.State)
		}
		h.Legal(nil) // settles a mate before the move, as play does
		if eliminatedAt < 0 && h.State.Eliminated(1) {
			eliminatedAt = i
			after := tcOwnerCounts(g, h.State)
			if after[1] != 0 {
				t.Errorf("Black mated: %d black pieces left", after[1])
			}
			gained := after[0] - beforeKinds[0] + after[2] - beforeKinds[2]
			if gained != beforeKinds[1]-1 {
				t.Errorf("Black mated: the mater gained %d pieces, want Black's %d less his king", gained, beforeKinds[1]-1)
			}
			if h.State.Ply() != i {
				t.Errorf("the elimination counted as a ply: ply %d after %d moves", h.State.Ply(), i)
			}
		}
		m, err := g.Parse(h.State, r)
		if err != nil {
			t.Fatalf("line %d %s: %v", i, r, err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if eliminatedAt < 0 {
		t.Fatal("nobody eliminated")
	}
	res := g.Result(h.State)
	if by, _ := g.EndedBy(h.State); !res.Over || res.Winner != 0 || by != "mate" {
		t.Errorf("end: %+v by %q, want White (0) wins by mate", res, by)
	}
}

// tcOwnerCounts counts the pieces on the board by owner.
func tcOwnerCounts(g *core.Game, s *core.State) map[int]int {
	out := map[int]int{}
	for c := 0; c < g.Board().N(); c++ {
		if s.Height(c) > 0 {
			out[s.Owner(c)]++
		}
	}
	return out
}

// readRecordFile reads a record's move lines.
func readRecordFile(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := core.ReadRecord(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.Text
	}
	return out
}

// Random games end: every uniformly random playout stops by a mate, a
// stalemate or the variant's ply cap (readings 6.7: the seed has no other
// limit; harness caps are not rules), never later.
func TestThreeChessPlayoutsEnd(t *testing.T) {
	g := tcGame(t)
	rng := rand.New(rand.NewPCG(16, 6))
	ends := map[string]int{}
	for game := 0; game < 12; game++ {
		s := g.NewState()
		if _, err := g.Playout(s, rng, nil, nil); err != nil {
			t.Fatal(err)
		}
		r := g.Result(s)
		if !r.Over || s.Ply() > 600 {
			t.Fatalf("game %d: over %v after %d plies", game, r.Over, s.Ply())
		}
		by, _ := g.EndedBy(s)
		if r.Timeout {
			by = "ply limit"
		}
		ends[by]++
	}
	t.Logf("ends: %v", ends)
}
