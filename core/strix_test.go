package core_test

// STRIX (variants/strix/standard.toml) against the geometry specification,
// shared/strix-geometry.md: the worked examples E1-E7 (§7, §9-§11), the
// properties of §8, §9 and §15 over random games, and the rules of the 2024
// edition that the examples do not reach (Rules 4, 12-16, 18).
//
// Positions are built as variant files: standard.toml's text with its
// [setup.pieces] table replaced and, where needed, [turns] first changed.
// Shadows are computed here from the squares' (x,y,z) coordinates (§2, §8),
// independently of the engine's shadow relation.

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// sxStart is the starting position of §13, glyph → square.
var sxStart = map[string]string{
	"bO": "b71", "bK": "b62", "bR": "b53",
	"yO": "y71", "yK": "y62", "yR": "y53",
	"gO": "g71", "gK": "g62", "gR": "g53",
}

// sxPos returns the start position with changes "bO:b54 yO:b44 gO:-"
// applied ("-" removes the piece).
func sxPos(changes string) map[string]string {
	pos := map[string]string{}
	for k, v := range sxStart {
		pos[k] = v
	}
	for _, f := range strings.Fields(changes) {
		glyph, sq, _ := strings.Cut(f, ":")
		if sq == "-" {
			delete(pos, glyph)
		} else {
			pos[glyph] = sq
		}
	}
	return pos
}

var sxKindOf = map[byte]string{'O': "owl", 'K': "kite", 'R': "raven"}

// sxStandardText is the text of variants/strix/standard.toml.
func sxStandardText(t testing.TB) string {
	t.Helper()
	data, err := fs.ReadFile(variants.FS(), "strix/standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// sxVariant returns standard.toml with its [setup.pieces] replaced by pos
// (glyph → square) and [turns] first set to the given seat letter.
func sxVariant(t testing.TB, pos map[string]string, first string) string {
	t.Helper()
	text := sxStandardText(t)
	i := strings.Index(text, "\n[setup.pieces]\n")
	j := strings.Index(text, "\n[turns]\n")
	if i < 0 || j < i {
		t.Fatal("standard.toml: no [setup.pieces] followed by [turns]")
	}
	var b strings.Builder
	b.WriteString(text[:i+1])
	b.WriteString("[setup.pieces]\n")
	glyphs := make([]string, 0, len(pos))
	for g := range pos {
		glyphs = append(glyphs, g)
	}
	sort.Strings(glyphs)
	for _, g := range glyphs {
		fmt.Fprintf(&b, "%s = \"%c_%s\"\n", pos[g], g[0], sxKindOf[g[1]])
	}
	rest := text[j:]
	const firstB = "first = \"b\""
	if !strings.Contains(rest, firstB) {
		t.Fatal("standard.toml: [turns] has no first = \"b\"")
	}
	rest = strings.Replace(rest, firstB, fmt.Sprintf("first = %q", first), 1)
	b.WriteString(rest)
	return b.String()
}

// sxGame compiles the position pos with `first` to move and checks that it
// is a legal STRIX position: no piece stands on a square another shadows.
func sxGame(t testing.TB, pos map[string]string, first string, sets ...string) *core.Game {
	t.Helper()
	g, err := core.LoadBytes("strix-test.toml", []byte(sxVariant(t, pos, first)), core.WithFS(variants.FS()), core.WithSet(sets...))
	if err != nil {
		t.Fatalf("position %v: %v", pos, err)
	}
	s := g.NewState()
	occ := sxOccupied(s)
	for _, a := range occ {
		for _, b := range occ {
			if a != b && sxShadows(g, a, b) {
				t.Fatalf("test position %v is not legal: %s and %s shadow each other", pos, g.Board().Cells[a].Name, g.Board().Cells[b].Name)
			}
		}
	}
	return g
}

func sxOccupied(s *core.State) []int {
	var out []int
	for c := 0; c < s.Game().Board().N(); c++ {
		if s.Top(c) >= 0 {
			out = append(out, c)
		}
	}
	return out
}

// sxXYZ returns the square's coordinates (§2).
func sxXYZ(g *core.Game, c int) [3]int {
	a := g.Board().Cells[c].Attrs
	return [3]int{a["x"].(int), a["y"].(int), a["z"].(int)}
}

// sxNormal is the index of the coordinate that is 0 on each face: b is the
// plane y = 0, y the plane z = 0, g the plane x = 0 (§2).
var sxNormal = map[byte]int{'b': 1, 'y': 2, 'g': 0}

// sxShadows reports whether squares s and t shadow each other (§8): they
// are on different faces and agree on the axis the two faces share.
func sxShadows(g *core.Game, s, t int) bool {
	fs, ft := g.Board().Cells[s].Name[0], g.Board().Cells[t].Name[0]
	if fs == ft {
		return false
	}
	k := 3 - sxNormal[fs] - sxNormal[ft]
	return sxXYZ(g, s)[k] == sxXYZ(g, t)[k]
}

// sxMoves returns the sorted texts of the legal moves that start with
// prefix (such as "yK-") and land on one of the squares (all when none).
func sxMoves(g *core.Game, s *core.State, prefix string, squares ...string) []string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		text := g.Format(s, m)
		if !strings.HasPrefix(text, prefix) {
			continue
		}
		if len(squares) > 0 && !slices.Contains(squares, g.Board().Cells[m.To()].Name) {
			continue
		}
		out = append(out, text)
	}
	sort.Strings(out)
	return out
}

func sxSorted(xs ...string) []string {
	out := append([]string(nil), xs...)
	sort.Strings(out)
	if out == nil {
		out = []string{}
	}
	return out
}

func sxEqual(a, b []string) bool {
	return len(a) == len(b) && (len(a) == 0 || slices.Equal(a, b))
}

// sxPlay plays moves given in notation.
func sxPlay(t testing.TB, g *core.Game, s *core.State, moves ...string) {
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

func sxPieceOn(g *core.Game, s *core.State, name string) string {
	c, _ := g.Board().Index(name)
	if p := s.Top(c); p >= 0 {
		return g.PieceKindOf(p).Glyph
	}
	return ""
}

// §3: the notation names exactly the coordinates of the table, on the
// shipped variant (b<a><b> = (8−b,0,8−a), y<a><b> = (8−a,8−b,0),
// g<a><b> = (0,8−a,8−b)); colour and Nest follow the digits (§4).
func TestStrixNotationCoordinates(t *testing.T) {
	g := load(t, "strix/standard")
	if g.Board().N() != 147 {
		t.Fatalf("%d squares", g.Board().N())
	}
	for c := 0; c < g.Board().N(); c++ {
		name := g.Board().Cells[c].Name
		a, b := int(name[1]-'0'), int(name[2]-'0')
		var want [3]int
		switch name[0] {
		case 'b':
			want = [3]int{8 - b, 0, 8 - a}
		case 'y':
			want = [3]int{8 - a, 8 - b, 0}
		case 'g':
			want = [3]int{0, 8 - a, 8 - b}
		}
		if got := sxXYZ(g, c); got != want {
			t.Errorf("%s at %v, want %v", name, got, want)
		}
	}
}

type sxCase struct {
	name   string
	pos    map[string]string
	first  string
	prefix string   // the piece's moves: "bR-"
	to     []string // landing squares examined (all when empty)
	want   []string // the complete set of those moves
	sets   []string
}

func sxRunCases(t *testing.T, cases []sxCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			first := c.first
			if first == "" {
				first = "b"
			}
			g := sxGame(t, c.pos, first, c.sets...)
			s := g.NewState()
			got := sxMoves(g, s, c.prefix, c.to...)
			if want := sxSorted(c.want...); !sxEqual(got, want) {
				t.Errorf("moves %s to %v:\n got %v\nwant %v", c.prefix, c.to, got, want)
			}
		})
	}
}

// E1 (§7): a slide across a fold. From b53 the ray b54 b55 b56 b57 | g75 …
// g15 crosses b55-b57 (shadowed by yR, yK, yO) and lands on g65, shadowed
// only by bR itself. Along the ray bR may stop on b54, g75, g65, g55 and
// g45; g35, g25 and g15 are shadowed by yR, yK and yO.
func TestStrixE1SlideAcrossFold(t *testing.T) {
	ray := []string{"b54", "b55", "b56", "b57", "g75", "g65", "g55", "g45", "g35", "g25", "g15"}
	sxRunCases(t, []sxCase{
		{name: "start", pos: sxPos(""), prefix: "bR-", to: ray,
			want: []string{"bR-b54", "bR-g75", "bR-g65", "bR-g55", "bR-g45"}},
		{name: "bR-g65", pos: sxPos(""), prefix: "bR-", to: []string{"g65"}, want: []string{"bR-g65"}},
	})
	// §13: 30 first moves, bO 2, bK 14, bR 14.
	g := load(t, "strix/standard")
	s := g.NewState()
	if n := [3]int{len(sxMoves(g, s, "bO-")), len(sxMoves(g, s, "bK-")), len(sxMoves(g, s, "bR-"))}; n != [3]int{2, 14, 14} {
		t.Errorf("first moves bO, bK, bR: %v, want [2 14 14]", n)
	}
}

// E2 (§7): through the Nest. bK on b74 runs b75 b76 b77 | g77 g67 … g17 and
// may stop on g67, g57 and g47 only; with bO still on b71 none of them.
func TestStrixE2ThroughTheNest(t *testing.T) {
	ray := []string{"b75", "b76", "b77", "g77", "g67", "g57", "g47", "g37", "g27", "g17"}
	sxRunCases(t, []sxCase{
		{name: "bO b61", pos: sxPos("bO:b61 bK:b74"), prefix: "bK-", to: ray,
			want: []string{"bK-g67", "bK-g57", "bK-g47"}},
		{name: "bO b71", pos: sxPos("bK:b74"), prefix: "bK-", to: ray, want: nil},
	})
}

// E3 (§9): a step round the corner. With gO on g61, bO steps to b72, b61
// or across the fold to y17; in the start position y17 is shadowed by gO.
func TestStrixE3StepRoundTheCorner(t *testing.T) {
	to := []string{"b72", "b61", "y17"}
	sxRunCases(t, []sxCase{
		{name: "gO g61", pos: sxPos("gO:g61"), prefix: "bO-", to: to, want: []string{"bO-b72", "bO-b61", "bO-y17"}},
		{name: "gO g61 all", pos: sxPos("gO:g61"), prefix: "bO-", want: []string{"bO-b72", "bO-b61", "bO-y17"}},
		{name: "start", pos: sxPos(""), prefix: "bO-", to: to, want: []string{"bO-b72", "bO-b61"}},
	})
}

// E4 (§10): both kinds of ghost. bO has exactly bO-g47 (inward round bK
// on y23) and bO-y13 (outward round gK on g46); its steps are shadowed and
// g27 (outside→outside) is no target.
func TestStrixE4Ghosts(t *testing.T) {
	sxRunCases(t, []sxCase{
		{name: "all bO moves", pos: sxPos("bK:y23 yK:y61 gK:g46"), prefix: "bO-", want: []string{"bO-g47", "bO-y13"}},
		{name: "g27", pos: sxPos("bK:y23 yK:y61 gK:g46"), prefix: "bO-", to: []string{"g27"}, want: nil},
	})
}

// E5 (§11): Owl captures. yO on the black square b44 can be taken by bO;
// with Yellow to move, yO takes bO.
func TestStrixE5OwlCaptures(t *testing.T) {
	sxRunCases(t, []sxCase{
		{name: "Brown", pos: sxPos("bO:b54 yO:b44"), prefix: "bO-", to: []string{"b44"}, want: []string{"bO-b44xyO"}},
		{name: "Yellow", pos: sxPos("bO:b54 yO:b44"), first: "y", prefix: "yO-", to: []string{"b54"}, want: []string{"yO-b54xbO"}},
	})
}

// E6 (§11): a Kite's swoop takes one piece beside its landing square, after
// crossing a fold, never an Owl on a black square.
func TestStrixE6Swoop(t *testing.T) {
	to := []string{"b54"}
	sxRunCases(t, []sxCase{
		{name: "swoop", pos: sxPos("yK:y43 yR:y63 gR:b55"), first: "y", prefix: "yK-", to: to,
			want: []string{"yK-b54", "yK-b54xbR", "yK-b54xgR"}},
		{name: "launch from b74", pos: sxPos("yK:b74 yR:y63 gR:b55"), first: "y", prefix: "yK-", to: to,
			want: []string{"yK-b54"}},
		{name: "bO b53 bR b71", pos: sxPos("yK:y43 yR:y63 gR:b55 bO:b53 bR:b71"), first: "y", prefix: "yK-", to: to,
			want: []string{"yK-b54", "yK-b54xgR"}},
		// §14 #1: without the face rule the Kite launched from b74 may take too.
		{name: "launch from b74, kite_face_rule=false", pos: sxPos("yK:b74 yR:y63 gR:b55"), first: "y", prefix: "yK-", to: to,
			want: []string{"yK-b54", "yK-b54xbR", "yK-b54xgR"}, sets: []string{"kite_face_rule=false"}},
		// §14 #2: with compulsory capture, landing without one is no move.
		{name: "kite_capture_optional=false", pos: sxPos("yK:y43 yR:y63 gR:b55"), first: "y", prefix: "yK-", to: to,
			want: []string{"yK-b54xbR", "yK-b54xgR"}, sets: []string{"kite_capture_optional=false"}},
	})
}

// E7 (§11): mobbing. bR-b43 puts bR and gR either side of b44, which yK,
// yO and bK shadow; Brown may take any subset of yK and yO, never bK. The
// first edition's score variant is not part of the 2024 edition.
func TestStrixE7Mobbing(t *testing.T) {
	to := []string{"b43"}
	all := []string{"bR-b43", "bR-b43xyK", "bR-b43xyO", "bR-b43xyOxyK"}
	sxRunCases(t, []sxCase{
		{name: "mob", pos: sxPos("bK:y44 yO:y43 yK:y41 yR:y62 gR:b45"), prefix: "bR-", to: to, want: all},
		{name: "yO on black y42", pos: sxPos("bK:y44 yO:y42 yK:y41 yR:y62 gR:b45"), prefix: "bR-", to: to,
			want: []string{"bR-b43", "bR-b43xyK"}},
		{name: "Green paralysed", pos: sxPos("bK:y44 yO:y43 yK:y41 yR:y62 gR:b45 gO:-"), prefix: "bR-", to: to, want: all},
	})
}

// ---- properties over random games ------------------------------------------

// sxRandomPositions plays random games of strix/standard and calls visit
// on every position before each move (with its legal moves).
func sxRandomGames(t *testing.T, g *core.Game, seed uint64, games int, visit func(s *core.State, moves []core.Move)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < games; i++ {
		s := g.NewState()
		for {
			moves := g.Moves(s, nil)
			if len(moves) == 0 {
				break
			}
			visit(s, moves)
			if err := g.Play(s, moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// §8, §9, Rule 4, Rule 5: no legal move lands a piece on a square that
// another piece shadows, every position reached has no two pieces that
// shadow each other, no Kite or Raven stops on a Nest square, and an Owl
// that reaches a Nest square wins.
func TestStrixPropertyShadowsAndNest(t *testing.T) {
	g := load(t, "strix/standard")
	nMoves, nests := 0, 0
	games := 40
	if testing.Short() {
		games = 5
	}
	sxRandomGames(t, g, 42, games, func(s *core.State, moves []core.Move) {
		occ := sxOccupied(s)
		for _, m := range moves {
			nMoves++
			from, to := m.From(), m.To()
			text := g.Format(s, m)
			for _, o := range occ {
				if o != from && sxShadows(g, o, to) {
					t.Fatalf("ply %d: %s lands on a square %s shadows", s.Ply(), text, g.Board().Cells[o].Name)
				}
			}
			kind := g.PieceKindOf(s.Top(from))
			nest := strings.HasSuffix(g.Board().Cells[to].Name, "77")
			if nest && !kind.HasFlag("owl") {
				t.Fatalf("ply %d: %s stops on a Nest square", s.Ply(), text)
			}
			after := s.Clone()
			if err := g.Play(after, m); err != nil {
				t.Fatal(err)
			}
			occ2 := sxOccupied(after)
			for _, a := range occ2 {
				for _, b := range occ2 {
					if a < b && sxShadows(g, a, b) {
						t.Fatalf("ply %d: after %s, %s and %s shadow each other", s.Ply(), text, g.Board().Cells[a].Name, g.Board().Cells[b].Name)
					}
				}
			}
			if nest {
				nests++
				if r := g.Result(after); !r.Over || r.Winner != s.ToMove() {
					t.Fatalf("ply %d: %s reaches the Nest but the result is %+v", s.Ply(), text, r)
				}
			}
		}
	})
	if nests == 0 {
		t.Error("no random game offered an Owl a Nest square")
	}
	t.Logf("%d moves checked, %d into the Nest", nMoves, nests)
}

// sxRot renames faces and teams b→y→g→b (§3, §15), digits unchanged.
func sxRot(text string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case 'b':
			return 'y'
		case 'y':
			return 'g'
		case 'g':
			return 'b'
		}
		return r
	}, text)
}

// sxCanon sorts a move's victims, whose printed order is not invariant
// under rotation.
func sxCanon(text string) string {
	parts := strings.Split(text, "x")
	sort.Strings(parts[1:])
	return strings.Join(parts, "x")
}

// sxPosition reads a position off a State: glyph → square.
func sxPosition(g *core.Game, s *core.State) map[string]string {
	pos := map[string]string{}
	for _, c := range sxOccupied(s) {
		pos[g.PieceKindOf(s.Top(c)).Glyph] = g.Board().Cells[c].Name
	}
	return pos
}

func sxMoveSet(g *core.Game, s *core.State, rot func(string) string) []string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		out = append(out, sxCanon(rot(g.Format(s, m))))
	}
	sort.Strings(out)
	return out
}

// §15: three-fold symmetry. For positions P reached by random play, rot(P)
// (faces and teams renamed b→y→g→b, side to move included) has exactly the
// rotated legal moves of P; rotating three times gives P back.
func TestStrixPropertyThreeFoldSymmetry(t *testing.T) {
	g := load(t, "strix/standard")
	rng := rand.New(rand.NewPCG(15, 3))
	id := func(x string) string { return x }
	// Compiling a position takes about 0.1 s, so 30 positions, at most
	// three per game, spread over the plies.
	want := 30
	if testing.Short() {
		want = 6
	}
	checked := 0
	for game := 0; checked < want && game < 100; game++ {
		s := g.NewState()
		for ply := 0; checked < want; ply++ {
			moves := g.Moves(s, nil)
			if len(moves) == 0 {
				break
			}
			if ply%19 == 2+game%5 && ply < 60 {
				pos := sxPosition(g, s)
				seat := g.Seat(s.ToMove())
				want := sxMoveSet(g, s, sxRot)
				rpos := map[string]string{}
				for glyph, sq := range pos {
					rpos[sxRot(glyph)] = sxRot(sq)
				}
				rg := sxGame(t, rpos, sxRot(seat))
				got := sxMoveSet(rg, rg.NewState(), id)
				if !sxEqual(got, want) {
					t.Fatalf("game %d ply %d: position %v, %s to move:\nrot(moves) %v\nmoves(rot) %v", game, ply, pos, seat, want, got)
				}
				if checked%15 == 0 {
					// three rotations give P back
					r3 := map[string]string{}
					for glyph, sq := range pos {
						r3[sxRot(sxRot(sxRot(glyph)))] = sxRot(sxRot(sxRot(sq)))
					}
					pg := sxGame(t, r3, sxRot(sxRot(sxRot(seat))))
					if a, b := sxMoveSet(pg, pg.NewState(), id), sxMoveSet(g, s, id); !sxEqual(a, b) {
						t.Fatalf("game %d ply %d: rot³(P) has other moves than P", game, ply)
					}
				}
				checked++
			}
			if err := g.Play(s, moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < want {
		t.Errorf("only %d positions checked", checked)
	}
}

// Undo (core.History) restores the exact State after every one of 10 000
// random moves, and redo replays it.
func TestStrixPropertyUndo(t *testing.T) {
	g := load(t, "strix/standard")
	rng := rand.New(rand.NewPCG(16, 17))
	buf := make([]core.Move, 0, 256)
	total := 0
	for total < 10000 {
		h := core.NewHistory(g, g.NewState())
		for total < 10000 {
			buf = g.Moves(h.State, buf)
			if len(buf) == 0 {
				break
			}
			m := buf[rng.IntN(len(buf))]
			before := h.State.Clone()
			if err := h.Play(m); err != nil {
				t.Fatal(err)
			}
			total++
			after := h.State.Clone()
			if !h.Undo() || !h.State.Equal(before) || h.State.Hash() != before.Hash() {
				t.Fatalf("move %d (%s): undo did not restore the position", total, g.Format(before, m))
			}
			if !h.Redo() || !h.State.Equal(after) {
				t.Fatalf("move %d: redo did not replay the move", total)
			}
		}
	}
}

// Replaying the formatted record of a random game reproduces it exactly.
func TestStrixPropertyReplay(t *testing.T) {
	g := load(t, "strix/standard")
	rng := rand.New(rand.NewPCG(8, 9))
	for i := 0; i < 20; i++ {
		// play through a History, which also judges repetition (Rule 20)
		hg := core.NewHistory(g, g.NewState())
		s := hg.State
		var record strings.Builder
		n := 0
		for {
			moves := g.Moves(s, nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			fmt.Fprintln(&record, g.Format(s, m))
			n++
			if err := hg.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		lines, err := core.ReadRecord(strings.NewReader(record.String()))
		if err != nil {
			t.Fatal(err)
		}
		h := core.NewHistory(g, g.NewState())
		if err := g.Replay(h, lines); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		g.Result(h.State)
		if !h.State.Equal(s) || h.Len() != n || g.Result(h.State) != g.Result(s) {
			t.Fatalf("game %d: the replay differs from the game", i)
		}
	}
}

// ---- rules -----------------------------------------------------------------

// Rule 4: only an Owl stops in the Nest, and an Owl on an unshadowed Nest
// square wins; a Nest square another piece shadows is closed to it. Kites
// and Ravens cross the Nest (E2) but never stop there.
func TestStrixRule4Nest(t *testing.T) {
	// bO on b67 next to b77; yO off y7* so that b77 is unshadowed.
	g := sxGame(t, sxPos("bO:b67 yO:y44"), "b")
	s := g.NewState()
	if got := sxMoves(g, s, "bO-", "b77"); !sxEqual(got, []string{"bO-b77"}) {
		t.Fatalf("moves to b77: %v", got)
	}
	sxPlay(t, g, s, "bO-b77")
	if r := g.Result(s); !r.Over || r.Winner != 0 {
		t.Errorf("bO on the Nest: result %+v, want Brown (0) wins", r)
	}
	// bK on g57 shadows b7*: b77 is closed (E2's last point).
	g = sxGame(t, sxPos("bO:b67 yO:y44 bK:g57"), "b")
	if got := sxMoves(g, g.NewState(), "bO-", "b77"); len(got) != 0 {
		t.Errorf("b77 shadowed by bK on g57, yet %v", got)
	}
	// No Kite or Raven move stops on a Nest square, here or in E2.
	for _, pos := range []map[string]string{sxPos("bO:b61 bK:b74"), sxPos("bO:b67 yO:y44")} {
		g := sxGame(t, pos, "b")
		if got := sxMoves(g, g.NewState(), "b", "b77", "y77", "g77"); slices.ContainsFunc(got, func(m string) bool { return !strings.HasPrefix(m, "bO") }) {
			t.Errorf("a Kite or Raven stops in the Nest: %v", got)
		}
	}
}

// Rule 15: an Owl on a black square cannot be taken by a Kite or mobbed by
// Ravens, but an Owl may take it. On a white square a Kite takes it.
func TestStrixRule15OwlOnBlack(t *testing.T) {
	sxRunCases(t, []sxCase{
		// yK from y33 runs y34 … y37 | b73 b63 → b53, beside bO on the white b54.
		{name: "Kite takes an Owl on white", pos: sxPos("yK:y33 bO:b54 bR:-"), first: "y", prefix: "yK-", to: []string{"b53"},
			want: []string{"yK-b53", "yK-b53xbO"}},
		// E6 with bO on the black b53: the Kite cannot take it.
		{name: "Kite cannot take an Owl on black", pos: sxPos("yK:y43 yR:y63 gR:b55 bO:b53 bR:b71"), first: "y", prefix: "yK-", to: []string{"b54"},
			want: []string{"yK-b54", "yK-b54xgR"}},
		// E7: yO on the white y43 is mobbed, on the black y42 it is not.
		{name: "Ravens mob an Owl on white", pos: sxPos("bK:y44 yO:y43 yK:y41 yR:y62 gR:b45"), prefix: "bR-", to: []string{"b43"},
			want: []string{"bR-b43", "bR-b43xyK", "bR-b43xyO", "bR-b43xyOxyK"}},
		{name: "Ravens cannot mob an Owl on black", pos: sxPos("bK:y44 yO:y42 yK:y41 yR:y62 gR:b45"), prefix: "bR-", to: []string{"b43"},
			want: []string{"bR-b43", "bR-b43xyK"}},
		// E5: an Owl takes an Owl on the black b44.
		{name: "Owl takes an Owl on black", pos: sxPos("bO:b54 yO:b44"), prefix: "bO-", to: []string{"b44"},
			want: []string{"bO-b44xyO"}},
	})
}

// Rules 12 and 13: the passive Raven may be of the victim's team, passive
// Ravens on two sides act at once, and the attacker takes any subset of
// the mobbed pieces (the empty one included), never its own.
func TestStrixRules12And13Mobbing(t *testing.T) {
	sxRunCases(t, []sxCase{
		// E7 with yR, of the victims' team, as the passive Raven on b45.
		{name: "passive Raven of the victim's team", pos: sxPos("bK:y44 yO:y43 yK:y41 yR:b45 gR:g53"), prefix: "bR-", to: []string{"b43"},
			want: []string{"bR-b43", "bR-b43xyK", "bR-b43xyO", "bR-b43xyOxyK"}},
		// bR from b41 arrives on b43 between yR (b45, middle b44: y4* mobbed)
		// and gR (b63, middle b53: g*5 mobbed): every subset of yO, yK, gK.
		{name: "two passive Ravens", pos: sxPos("bR:b41 bK:y44 yO:y43 yK:y41 yR:b45 gR:b63 gK:g65"), prefix: "bR-", to: []string{"b43"},
			want: []string{"bR-b43", "bR-b43xyO", "bR-b43xyK", "bR-b43xgK", "bR-b43xyOxyK", "bR-b43xyOxgK", "bR-b43xyKxgK", "bR-b43xyOxyKxgK"}},
	})
	// Rule 13: the chosen subset, and only it, is removed.
	g := sxGame(t, sxPos("bR:b41 bK:y44 yO:y43 yK:y41 yR:b45 gR:b63 gK:g65"), "b")
	s := g.NewState()
	sxPlay(t, g, s, "bR-b43xyOxgK")
	for sq, want := range map[string]string{"y43": "", "g65": "", "y41": "yK", "y44": "bK", "b43": "bR", "b45": "yR", "b63": "gR"} {
		if got := sxPieceOn(g, s, sq); got != want {
			t.Errorf("after bR-b43xyOxgK: %s holds %q, want %q", sq, got, want)
		}
	}
}

// Rule 14: a piece that stops between two Ravens is not captured; it is
// mobbed only when a Raven arrives again.
func TestStrixRule14StopBetweenRavens(t *testing.T) {
	// gR b43 and yR b45 flank b44; bK slides b74 → y47 … y44, whose shaft
	// meets b44.
	g := sxGame(t, sxPos("bK:b74 gR:b43 yR:b45"), "b")
	s := g.NewState()
	sxPlay(t, g, s, "bK-y44")
	if sxPieceOn(g, s, "y44") != "bK" || sxPieceOn(g, s, "b43") != "gR" || sxPieceOn(g, s, "b45") != "yR" {
		t.Fatal("bK, stopping between the Ravens, must stay; so must they")
	}
	// yR leaves and comes back: now bK is mobbed.
	sxPlay(t, g, s, "yR-b35", "gO-g72", "bO-b72")
	if got := sxMoves(g, s, "yR-", "b45"); !slices.Contains(got, "yR-b45xbK") {
		t.Errorf("yR arriving again on b45 may take bK; moves %v", got)
	}
}

// Rule 16: taking a team's Owl paralyses the team: its turns are skipped,
// its pieces still block, shadow, serve as crosspieces and as passive
// Ravens, and can be taken. With one Owl left the game ends and its team
// wins.
func TestStrixRule16Paralysis(t *testing.T) {
	// Turns: Brown takes gO; Yellow moves; Brown again (Green skipped).
	g := sxGame(t, sxPos("bO:b54 gO:b44 gR:g51"), "b")
	s := g.NewState()
	sxPlay(t, g, s, "bO-b44xgO")
	if !s.Eliminated(2) || s.ToMove() != 1 || g.Result(s).Over {
		t.Fatalf("after bO-b44xgO: Green eliminated %v, to move %d, result %+v", s.Eliminated(2), s.ToMove(), g.Result(s))
	}
	sxPlay(t, g, s, "yK-y52")
	if s.ToMove() != 0 {
		t.Fatalf("after Yellow's move %s is to move, want b (Green is paralysed)", g.Seat(s.ToMove()))
	}
	if sxPieceOn(g, s, "g62") != "gK" || sxPieceOn(g, s, "g51") != "gR" {
		t.Fatal("a paralysed team's pieces stay on the board")
	}
	sxPlay(t, g, s, "bK-b72", "yK-y51")
	if s.ToMove() != 0 {
		t.Fatal("Green's turn was not skipped")
	}

	// End: Brown takes gO, then yO takes bO: one Owl is left, Yellow wins.
	g = sxGame(t, sxPos("bO:b54 gO:b44 yO:b34 gR:g51"), "b")
	s = g.NewState()
	sxPlay(t, g, s, "bO-b44xgO", "yO-b44xbO")
	if r := g.Result(s); !r.Over || r.Winner != 1 {
		t.Errorf("one Owl left: result %+v, want Yellow (1) wins", r)
	}

	// A position set up without Green's Owl has Green paralysed from the
	// start, even with Green named first to move; without two Owls the
	// game is over at once.
	g = sxGame(t, sxPos("gO:-"), "g")
	s = g.NewState()
	if !s.Eliminated(2) || s.ToMove() != 0 || g.Result(s).Over {
		t.Errorf("set up without gO: Green eliminated %v, %s to move, result %+v; want Green out, b to move", s.Eliminated(2), g.Seat(s.ToMove()), g.Result(s))
	}
	g = sxGame(t, sxPos("gO:- yO:-"), "b")
	if r := g.Result(g.NewState()); !r.Over || r.Winner != 0 {
		t.Errorf("set up with bO the only Owl: result %+v, want Brown (0) wins", r)
	}

	// A paralysed team's pieces, Green's Owl having been taken:
	sxRunCases(t, []sxCase{
		// they block: gK on b55 stops bR's slide of E1 at b54
		{name: "block", pos: sxPos("gO:- gK:b55 yR:y63"), prefix: "bR-",
			to: []string{"b54", "b55", "b56", "b57", "g75", "g65", "g55", "g45", "g35", "g25", "g15"}, want: []string{"bR-b54"}},
		// they shadow: gR on y65 closes g57 in E2
		{name: "shadow", pos: sxPos("gO:- bO:b61 bK:b74 gR:y65"), prefix: "bK-",
			to: []string{"b75", "b76", "b77", "g77", "g67", "g57", "g47", "g37", "g27", "g17"}, want: []string{"bK-g67", "bK-g47"}},
		// they are crosspieces: bO ghosts outward round gK on g46 (E4)
		{name: "crosspiece", pos: sxPos("gO:- bK:y23 yK:y61 gK:g46"), prefix: "bO-", to: []string{"y13", "g47"},
			want: []string{"bO-g47", "bO-y13"}},
		// gR is a passive Raven (E7)
		{name: "passive Raven", pos: sxPos("gO:- bK:y44 yO:y43 yK:y41 yR:y62 gR:b45"), prefix: "bR-", to: []string{"b43"},
			want: []string{"bR-b43", "bR-b43xyK", "bR-b43xyO", "bR-b43xyOxyK"}},
		// they can be taken (E6)
		{name: "taken", pos: sxPos("gO:- yK:y43 yR:y63 gR:b55"), first: "y", prefix: "yK-", to: []string{"b54"},
			want: []string{"yK-b54", "yK-b54xbR", "yK-b54xgR"}},
	})
	// The crosspiece case without gK on g46 has no outward ghost.
	g = sxGame(t, sxPos("gO:- bK:y23 yK:y61 gK:g62"), "b")
	if got := sxMoves(g, g.NewState(), "bO-", "y13"); len(got) != 0 {
		t.Errorf("bO-y13 without a crosspiece: %v", got)
	}
}

// Rule 18 (2024 edition; geometry §14 #4): a player with no legal move
// makes the game a draw. Brown has only bO on the corner b11: b12 is
// shadowed by yO (y24), b21 by gO (g62); yO's and gO's shafts are the only
// crosspieces, and the ghost targets g51 and y17 are shadowed by yK (b13)
// and gK (b31).
func TestStrixRule18NoMoveIsDraw(t *testing.T) {
	pos := map[string]string{"bO": "b11", "yO": "y24", "yK": "b13", "yR": "y55", "gO": "g62", "gK": "b31", "gR": "g66"}
	g := sxGame(t, pos, "b")
	s := g.NewState()
	if got := g.Moves(s, nil); len(got) != 0 {
		var texts []string
		for _, m := range got {
			texts = append(texts, g.Format(s, m))
		}
		t.Fatalf("Brown should have no move, has %v", texts)
	}
	if r := g.Result(s); !r.Over || r.Winner != -1 || r.Timeout {
		t.Errorf("no legal move: result %+v, want a draw", r)
	}
	// With Yellow to move the same position is an ordinary one.
	g = sxGame(t, pos, "y")
	if r := g.Result(g.NewState()); r.Over {
		t.Errorf("Yellow has moves, yet the game is over: %+v", r)
	}
}
