package core_test

import (
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	rsboard "rulesmith/core/board"
	"rulesmith/variants"
)

// tcVariant is the three-player chess variant under test.
const tcVariant = "../variants/traditional/three-player-chess.toml"

// tcGame loads the three-player chess variant.
func tcGame(t *testing.T) *core.Game {
	t.Helper()
	g, err := core.Load(tcVariant, core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// tcPaths lists every path of every ray from cell (main rays and their
// branches), each as its cell names joined by spaces.
func tcPaths(b *rsboard.Board, cell string, dirs []string) []string {
	c, _ := b.Index(cell)
	var out []string
	name := func(xs []int32) string {
		var s []string
		for _, x := range xs {
			s = append(s, b.Cells[x].Name)
		}
		return strings.Join(s, " ")
	}
	for d, dn := range b.Dirs {
		want := false
		for _, x := range dirs {
			want = want || x == dn
		}
		if !want {
			continue
		}
		out = append(out, name(b.Ray(c, d)))
		for _, br := range b.Branches(c, d) {
			out = append(out, name(br.Cells))
		}
	}
	return out
}

var (
	tcOrth = []string{"+i", "-i", "+j", "-j"}
	tcDiag = []string{"+i+j", "+i-j", "-i+j", "-i-j"}
)

// The lines of readings 6.2, on the board the variant declares: the
// examples the readings give, orthogonal and diagonal, with the forks at
// the centre, and the rule that no two paths from a cell meet.
func TestThreeChessLines(t *testing.T) {
	b := tcGame(t).Board()
	if b.N() != 96 {
		t.Fatalf("%d cells, want 96", b.N())
	}
	cases := []struct {
		rule, from string
		dirs       []string
		path       string
	}{
		{"a rank of a half is one 8-cell line", "a3", tcOrth, "b3 c3 d3 e3 f3 g3 h3"},
		{"Black's rank 6 runs l6 … a6", "l6", tcOrth, "k6 j6 i6 d6 c6 b6 a6"},
		{"file d runs from White's back rank to Black's", "d1", tcOrth, "d2 d3 d4 d5 d6 d7 d8"},
		{"file e runs into Red's half", "e1", tcOrth, "e2 e3 e4 e9 e10 e11 e12"},
		{"file i runs from Black's back rank to Red's", "i8", tcOrth, "i7 i6 i5 i9 i10 i11 i12"},
		{"a diagonal bends between quadrants", "a2", tcDiag, "b3 c4 d5 i6 j7 k8"},
		{"a1's diagonal forks at the centre: into Red's half", "a1", tcDiag, "b2 c3 d4 e9 f10 g11 h12"},
		{"a1's diagonal forks at the centre: into Black's half", "a1", tcDiag, "b2 c3 d4 i5 j6 k7 l8"},
		{"h1's diagonal forks at the centre: into Red's half", "h1", tcDiag, "g2 f3 e4 i9 j10 k11 l12"},
		{"h1's diagonal forks at the centre: into Black's half", "h1", tcDiag, "g2 f3 e4 d5 c6 b7 a8"},
		{"a central cell steps through the centre to e9", "d4", tcDiag, "e9 f10 g11 h12"},
		{"a central cell steps through the centre to i5", "d4", tcDiag, "i5 j6 k7 l8"},
	}
	for _, tc := range cases {
		paths := tcPaths(b, tc.from, tc.dirs)
		found := false
		for _, p := range paths {
			found = found || p == tc.path
		}
		if !found {
			t.Errorf("%s: no line from %s runs %s; the lines are %q", tc.rule, tc.from, tc.path, paths)
		}
	}
	// d4 never steps to the cell opposite it round the centre (i9, the other colour)
	for _, p := range tcPaths(b, "d4", tcDiag) {
		if strings.HasPrefix(p, "i9") {
			t.Errorf("d4 steps diagonally to i9: %s", p)
		}
	}
	// no two paths from a cell lead to the same cell, along lines of one sort
	for c := range b.Cells {
		for _, dirs := range [][]string{tcOrth, tcDiag} {
			reach := map[string]int{}
			for d := range b.Dirs {
				if !contains(dirs, b.Dirs[d]) {
					continue
				}
				for _, x := range b.Ray(c, d) {
					reach[b.Cells[x].Name]++
				}
				for _, br := range b.Branches(c, d) {
					for _, x := range br.Cells[br.Skip:] {
						reach[b.Cells[x].Name]++
					}
				}
			}
			for x, n := range reach {
				if n > 1 {
					t.Errorf("%s: %d paths lead to %s", b.Cells[c].Name, n, x)
				}
			}
		}
	}
}

// The knight of readings 6.3 (one orthogonal step then one diagonal step
// away, united with the reverse order): its targets from White's cells
// next to the centre, on the empty board, as the readings list them.
func TestThreeChessKnight(t *testing.T) {
	g := tcGame(t)
	b := g.Board()
	want := map[string]string{
		"d3": "b2 b4 c1 c5 e1 e9 f2 f4 i5",
		"e3": "c2 c4 d1 d5 f1 f9 g2 g4 i9",
		"c4": "a3 a5 b2 b6 d2 d6 e3 e9 i5",
		"d4": "b3 b5 c2 c6 e2 e10 f3 f9 i6 j5",
		"e4": "c3 c5 d2 d6 f2 f10 g3 g9 i10 j9",
		"f4": "d3 d5 e2 e10 g2 g10 h3 h9 i9",
		"b1": "a3 c3 d2",
	}
	for cell, list := range want {
		c, _ := b.Index(cell)
		seen := map[string]bool{}
		for _, seq := range [][]string{{"edge", "corner"}, {"corner", "edge"}} {
			xs, err := b.Via(c, seq)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range xs {
				seen[b.Cells[x].Name] = true
			}
		}
		var got []string
		for x := range seen {
			got = append(got, x)
		}
		sort.Strings(got)
		exp := strings.Fields(list)
		sort.Strings(exp)
		if strings.Join(got, " ") != strings.Join(exp, " ") {
			t.Errorf("knight from %s: %s, want %s", cell, strings.Join(got, " "), list)
		}
	}
}

// The independent model's board (core/threechess_model_test.go) gives the
// readings' own examples too: lines, the forks at the centre, the knight's
// lists and the pawn's three captures from d4.
func TestThreeChessModelReadings(t *testing.T) {
	g := tmG
	names := func(xs []int) string {
		var s []string
		for _, x := range xs {
			s = append(s, g.name[x])
		}
		return strings.Join(s, " ")
	}
	lines := func(cell string) []string {
		c := g.index[cell]
		var out []string
		for k := 0; k < 4; k++ {
			out = append(out, names(g.orthLine(c, k)))
			for _, l := range g.diagLines(c, k) {
				out = append(out, names(l))
			}
		}
		return out
	}
	for _, tc := range []struct{ from, path string }{
		{"a3", "b3 c3 d3 e3 f3 g3 h3"}, {"l6", "k6 j6 i6 d6 c6 b6 a6"}, {"d1", "d2 d3 d4 d5 d6 d7 d8"},
		{"e1", "e2 e3 e4 e9 e10 e11 e12"}, {"i8", "i7 i6 i5 i9 i10 i11 i12"}, {"a2", "b3 c4 d5 i6 j7 k8"},
		{"a1", "b2 c3 d4 e9 f10 g11 h12"}, {"a1", "b2 c3 d4 i5 j6 k7 l8"},
		{"h1", "g2 f3 e4 i9 j10 k11 l12"}, {"h1", "g2 f3 e4 d5 c6 b7 a8"},
	} {
		if !contains(lines(tc.from), tc.path) {
			t.Errorf("model: no line from %s runs %s: %q", tc.from, tc.path, lines(tc.from))
		}
	}
	for cell, want := range map[string]string{
		"d3": "b2 b4 c1 c5 e1 e9 f2 f4 i5", "e3": "c2 c4 d1 d5 f1 f9 g2 g4 i9",
		"c4": "a3 a5 b2 b6 d2 d6 e3 e9 i5", "d4": "b3 b5 c2 c6 e2 e10 f3 f9 i6 j5",
		"e4": "c3 c5 d2 d6 f2 f10 g3 g9 i10 j9", "f4": "d3 d5 e2 e10 g2 g10 h3 h9 i9",
	} {
		got := strings.Fields(names(g.knight(g.index[cell])))
		exp := strings.Fields(want)
		sort.Strings(got)
		sort.Strings(exp)
		if strings.Join(got, " ") != strings.Join(exp, " ") {
			t.Errorf("model knight from %s: %v, want %v", cell, got, exp)
		}
	}
	// the pawn on d4 captures on c5, e9 and i5 (readings 6.4)
	c := g.index["d4"]
	var caps []string
	for _, v := range []int{g.corner[c][2], g.corner[c][3]} {
		for _, z := range g.diag(c, v) {
			caps = append(caps, g.name[z])
		}
	}
	sort.Strings(caps)
	if strings.Join(caps, " ") != "c5 e9 i5" {
		t.Errorf("model pawn d4 captures on %v, want c5 e9 i5", caps)
	}
}

// Perft from the start (White to move, readings 6.8), the engine against
// the independent model (core/threechess_model_test.go). Depth 4 is
// White's second move: pawns meet (d4xc5, d4xe9 and d4xi5 through the
// centre) and bishops and queens open their bent lines.
func TestThreeChessPerftMatchesModel(t *testing.T) {
	g := tcGame(t)
	want := []uint64{20, 400, 8000, 178080}
	for d := 1; d <= len(want); d++ {
		got := g.Perft(g.NewState(), d)
		if m := tmStart().perft(d, true); got != m || got != want[d-1] {
			t.Errorf("perft(%d): engine %d, model %d, golden %d", d, got, m, want[d-1])
		}
	}
}

// tcPosition loads the variant with another setup, first to move, and
// extra TOML appended to [params] (sets).
func tcPosition(t *testing.T, first string, pieces map[string]string, sets ...string) (*core.Game, *core.State) {
	t.Helper()
	src, err := os.ReadFile(tcVariant)
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	i := strings.Index(text, "[setup.pieces]")
	j := strings.Index(text[i:], "\n\n")
	var b strings.Builder
	b.WriteString("[setup.pieces]\n")
	cells := make([]string, 0, len(pieces))
	for c := range pieces {
		cells = append(cells, c)
	}
	sort.Strings(cells)
	for _, c := range cells {
		b.WriteString(c + " = \"" + pieces[c] + "\"\n")
	}
	text = text[:i] + b.String() + text[i+j:]
	text = strings.Replace(text, "first = \"white\"", "first = \""+first+"\"", 1)
	g, err := core.LoadBytes("three-player-chess.toml", []byte(text), core.WithFS(variants.FS()), core.WithSet(sets...))
	if err != nil {
		t.Fatal(err)
	}
	return g, g.NewState()
}

// tcFrom lists the legal moves from cell, sorted.
func tcFrom(g *core.Game, s *core.State, cell string) string {
	var out []string
	for _, m := range strings.Fields(legal(g, s)) {
		if strings.HasPrefix(m, cell+"-") || strings.HasPrefix(m, cell+"x") {
			out = append(out, m)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// Hand-worked positions for the pieces and the legality rules of readings
// 6.3, 6.4 and 6.6.
func TestThreeChessRules(t *testing.T) {
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
	cases := []struct {
		rule   string
		pieces map[string]string
		first  string
		sets   []string
		cell   string
		want   string
	}{
		{"6.4: a pawn on d4 captures on c5, e9 and i5 (through the centre, two cells)",
			with(map[string]string{"d4": "white_pawn", "c5": "black_pawn", "e9": "red_pawn", "i5": "black_knight"}),
			"white", nil, "d4", "d4-d5 d4xc5 d4xe9 d4xi5"},
		{"6.4: a pawn on e4 captures on d5, f9 and i9",
			with(map[string]string{"e4": "white_pawn", "d5": "black_pawn", "f9": "red_pawn", "i9": "red_knight"}),
			"white", nil, "e4", "e4-e9 e4xd5 e4xf9 e4xi9"},
		{"6.3: the king steps through the centre to the two same-coloured central cells",
			map[string]string{"d4": "white_king", "d8": "black_king", "i12": "red_king"},
			"white", nil, "d4", "d4-c3 d4-c4 d4-c5 d4-d3 d4-d5 d4-e3 d4-e4 d4-e9 d4-i5"},
		{"6.3: a bishop reaching the centre chooses either branch",
			with(map[string]string{"b2": "white_bishop"}),
			"white", nil, "b2", "b2-a1 b2-a3 b2-c1 b2-c3 b2-d4 b2-e9 b2-f10 b2-g11 b2-h12 b2-i5 b2-j6 b2-k7 b2-l8"},
		{"6.6 rule 2: White may not open Black's file onto Red's king",
			with(map[string]string{"i5": "black_rook", "i9": "white_knight"}),
			"white", nil, "i9", ""},
		{"6.6 rule 2 off (--no-expose-rule): the knight may move",
			with(map[string]string{"i5": "black_rook", "i9": "white_knight"}),
			"white", []string{"expose_rule=false"}, "i9", "i9-c5 i9-d6 i9-e11 i9-e3 i9-f10 i9-f4 i9-j11 i9-j6 i9-k10 i9-k5"},
		{"6.6 rule 1: a piece pinned to its own king by either enemy stays",
			with(map[string]string{"e2": "white_rook", "e9": "red_rook"}),
			"white", nil, "e2", "e2-e3 e2-e4 e2xe9"},
	}
	for _, tc := range cases {
		g, s := tcPosition(t, tc.first, tc.pieces, tc.sets...)
		if got := tcFrom(g, s, tc.cell); got != tc.want {
			t.Errorf("%s: moves from %s: %q, want %q", tc.rule, tc.cell, got, tc.want)
		}
	}
}

// Readings 6.4: a pawn crosses from its rank 4 into the half its file
// leads to and from then on moves toward that half's back rank.
func TestThreeChessPawnCrosses(t *testing.T) {
	g := tcGame(t)
	s := g.NewState()
	for _, mv := range []string{"d2-d4", "l7-l6", "h11-h10", "d4-d5", "l6-l5", "h10-h9"} {
		m, err := g.Parse(s, mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(s, m); err != nil {
			t.Fatal(err)
		}
	}
	if got := tcFrom(g, s, "d5"); got != "d5-d6" {
		t.Errorf("White's pawn on d5 (Black's half): %q, want d5-d6", got)
	}
}

// Random games in the engine and in the model, compared move for move: at
// every ply both list the same legal moves (checks, pins, promotions and
// the rule that the next player may not be let at the third player's king
// come up on the way).
func TestThreeChessMatchesModel(t *testing.T) {
	g := tcGame(t)
	games, maxPlies := 10, 400
	if testing.Short() {
		games = 2
	}
	rng := rand.New(rand.NewPCG(31, 32))
	positions := 0
	seen := map[string]int{}
	note := func(p *tmPos, moves []string) {
		if p.inCheck(p.toMove) {
			seen["check"]++
		}
		for _, m := range moves {
			switch {
			case strings.HasPrefix(m, "O-O"):
				seen["castling"]++
			case strings.Contains(m, "="):
				seen["promotion"]++
			}
		}
		for _, m := range p.legal(true) {
			if m.ep >= 0 {
				seen["en passant"]++
			}
		}
		if p.alive() < 3 {
			seen["after an elimination"]++
		}
	}
	for game := 0; game < games; game++ {
		s := g.NewState()
		p := tmStart()
		for ply := 0; ply < maxPlies; ply++ {
			want := p.moveNames(true)
			var got []string
			for _, m := range g.Settle(s, nil) {
				got = append(got, g.Format(s, m))
			}
			sort.Strings(got)
			positions++
			if strings.Join(got, " ") != strings.Join(want, " ") {
				by, seat := g.EndedBy(s)
				t.Fatalf("game %d ply %d: engine %v (to move %d, ended by %q seat %d, over %v)\nmodel %v (to move %d, out %v, result %d)", game, ply, got, s.ToMove(), by, seat, s.Over(), want, p.toMove, p.out, p.result)
			}
			if len(want) == 0 {
				if r := g.Result(s); !r.Over || r.Winner != p.result {
					t.Fatalf("game %d ply %d: the model's game is over (winner %d), the engine's: %+v", game, ply, p.result, r)
				}
				seen["end"]++
				break
			}
			note(p, want)
			mv := want[rng.IntN(len(want))]
			m, err := g.Parse(s, mv)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(s, m); err != nil {
				t.Fatal(err)
			}
			tm, ok := p.findMove(mv, true)
			if !ok {
				t.Fatalf("model cannot play %s", mv)
			}
			p.play(tm, true)
		}
	}
	t.Logf("%d positions compared; seen: %v", positions, seen)
}

// tcPlay plays moves written in notation.
func tcPlay(t *testing.T, g *core.Game, s *core.State, moves ...string) {
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

// tcKindOn names the kind of the piece on cell ("" when empty).
func tcKindOn(g *core.Game, s *core.State, cell string) string {
	c, _ := g.Board().Index(cell)
	if p := s.Top(c); p >= 0 {
		return g.PieceKindOf(p).Name
	}
	return ""
}

// Readings 6.4, En passant: after White's double step e2-e4, the second
// enemy (Red, whose pawn crossed into White's half on f4) takes on e3 on
// his first turn after it, Black having let it pass; the pawn on e4 goes.
func TestThreeChessEnPassantBySecondEnemy(t *testing.T) {
	g := tcGame(t)
	s := g.NewState()
	tcPlay(t, g, s, "a2-a3", "l7-l6", "f11-f9", "a3-a4", "l6-l5", "f9-f4", "e2-e4", "k7-k6")
	if got := tcFrom(g, s, "f4"); got != "f4-f3 f4xe3" {
		t.Fatalf("Red's pawn on f4: %q, want f4-f3 f4xe3", got)
	}
	tcPlay(t, g, s, "f4xe3")
	if k := tcKindOn(g, s, "e4"); k != "" {
		t.Errorf("e4 holds %s after the en passant capture, want nothing", k)
	}
	if k := tcKindOn(g, s, "e3"); k != "red_pawn" {
		t.Errorf("e3 holds %q, want red_pawn", k)
	}
	// the right ends when the pawn's owner moves again
	s2 := g.NewState()
	tcPlay(t, g, s2, "a2-a3", "l7-l6", "f11-f9", "a3-a4", "l6-l5", "f9-f4", "e2-e4", "k7-k6", "h11-h10", "b2-b3", "k6-k5")
	if got := tcFrom(g, s2, "f4"); got != "f4-f3" {
		t.Errorf("after White moved again: %q, want f4-f3", got)
	}
}

// Readings 6.7: Red to move is mated, checked by both enemies (White's
// rook along rank 12, Black's along file l); the mater is the first
// checking player counting backwards from Red's turn, Black. Red's king
// leaves the board, his pawn becomes Black's on its cell, Red is out and
// White moves next.
func TestThreeChessMateAttribution(t *testing.T) {
	g, s := tcPosition(t, "red", map[string]string{"e1": "white_king", "d8": "black_king", "l12": "red_king",
		"h12": "white_rook", "l9": "black_rook", "k9": "black_rook", "e11": "red_pawn"})
	if moves := g.Settle(s, nil); len(moves) == 0 {
		t.Fatalf("the game ended: %+v", g.Result(s))
	}
	if !s.Eliminated(2) || s.Eliminated(0) || s.Eliminated(1) {
		t.Errorf("eliminated: white %v black %v red %v, want red only", s.Eliminated(0), s.Eliminated(1), s.Eliminated(2))
	}
	if s.ToMove() != 0 {
		t.Errorf("seat to move %d, want White (0)", s.ToMove())
	}
	if k := tcKindOn(g, s, "l12"); k != "" {
		t.Errorf("l12 holds %s, want the mated king gone", k)
	}
	if k := tcKindOn(g, s, "e11"); k != "black_pawn" {
		t.Errorf("e11 holds %q, want the pawn passed to Black (black_pawn)", k)
	}
	if s.Ply() != 0 {
		t.Errorf("ply %d: the elimination is not a ply", s.Ply())
	}
	// with White's check alone, White is the mater
	g2, s2 := tcPosition(t, "red", map[string]string{"e1": "white_king", "d8": "black_king", "l12": "red_king",
		"h12": "white_rook", "l9": "white_rook", "k9": "white_rook", "e11": "red_pawn"})
	g2.Settle(s2, nil)
	if k := tcKindOn(g2, s2, "e11"); k != "white_pawn" {
		t.Errorf("mated by White alone: e11 holds %q, want white_pawn", k)
	}
}

// Readings 6.7: Red to move has no legal move and is not in check: a draw
// among those still in.
func TestThreeChessStalemate(t *testing.T) {
	g, s := tcPosition(t, "red", map[string]string{"e1": "white_king", "d8": "black_king", "l12": "red_king",
		"h11": "white_rook", "k9": "black_rook"})
	r := g.Result(s)
	if !r.Over || r.Winner != -1 {
		t.Errorf("result %+v, want a draw", r)
	}
	if by, _ := g.EndedBy(s); by != "stalemate" {
		t.Errorf("ended by %q, want stalemate", by)
	}
}
