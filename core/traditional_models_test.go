package core_test

// Independent models of the four traditional games of Part 1 of
// shared/rules/traditional-readings.md (Mu-torere, Nine Men's Morris, Tac Tix,
// chess tic-tac-toe), written from the readings alone and sharing no code with
// the engine. They prove the perft goldens in testdata/perft and give the
// legal moves of any position in the readings' notation, so random games can
// be cross-checked move for move.
//
// Every model is a small value type with children(names) returning the
// positions after each legal move and, when names is set, each move's
// notation. A finished game has no children (readings, "Conventions": a
// position where the game has ended has no legal moves).

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
	"slices"
	"sort"
	"strings"
	"testing"
)

// modelPos is a position of one of the models.
type modelPos[T any] interface {
	children(names bool) ([]T, []string)
}

// modelPerft counts the move sequences of exactly d plies (readings,
// "Conventions": perft(d)).
func modelPerft[T modelPos[T]](p T, d int) uint64 {
	if d == 0 {
		return 1
	}
	kids, _ := p.children(false)
	if d == 1 {
		return uint64(len(kids))
	}
	var n uint64
	for _, k := range kids {
		n += modelPerft(k, d-1)
	}
	return n
}

// modelMoves returns the sorted notation of the legal moves.
func modelMoves[T modelPos[T]](p T) []string {
	_, names := p.children(true)
	out := append([]string(nil), names...)
	sort.Strings(out)
	return out
}

// modelPlay plays the move written m, or fails.
func modelPlay[T modelPos[T]](p T, m string) (T, error) {
	kids, names := p.children(true)
	for i, n := range names {
		if n == m {
			return kids[i], nil
		}
	}
	var zero T
	return zero, fmt.Errorf("model: %q is not legal (legal: %v)", m, names)
}

// ---- Mu-torere (readings, "Mu-torere") ----

// mtRing names the kewai in ring order; the putahi is b2 (index 8).
var mtRing = [8]string{"a1", "b1", "c1", "c2", "c3", "b3", "a3", "a2"}

const mtCentre = 8

// muTorere: pt[i] is 0 (empty), 1 (White) or 2 (Black); toMove is 0 or 1.
type muTorere struct {
	pt     [9]int8
	toMove int8
}

func mtName(i int) string {
	if i == mtCentre {
		return "b2"
	}
	return mtRing[i]
}

func newMuTorere() muTorere {
	var p muTorere
	for i := 0; i < 4; i++ {
		p.pt[i] = 1   // White on a1 b1 c1 c2
		p.pt[i+4] = 2 // Black on c3 b3 a3 a2
	}
	return p
}

func (p muTorere) children(names bool) ([]muTorere, []string) {
	me, opp := p.toMove+1, 2-p.toMove
	var kids []muTorere
	var ns []string
	add := func(from, to int) {
		k := p
		k.pt[from], k.pt[to] = 0, me
		k.toMove = 1 - p.toMove
		kids = append(kids, k)
		if names {
			ns = append(ns, mtName(from)+"-"+mtName(to))
		}
	}
	for i := 0; i < 8; i++ {
		if p.pt[i] != me {
			continue
		}
		l, r := (i+7)%8, (i+1)%8
		// 1. kewai → putahi, only beside an opponent's piece
		if p.pt[mtCentre] == 0 && (p.pt[l] == opp || p.pt[r] == opp) {
			add(i, mtCentre)
		}
		// 3. kewai → an empty ring neighbour
		for _, j := range [2]int{l, r} {
			if p.pt[j] == 0 {
				add(i, j)
			}
		}
	}
	// 2. putahi → any empty kewai
	if p.pt[mtCentre] == me {
		for j := 0; j < 8; j++ {
			if p.pt[j] == 0 {
				add(mtCentre, j)
			}
		}
	}
	return kids, ns
}

// ---- Nine Men's Morris (readings, "Nine Men's Morris") ----

var nmmNames = [24]string{
	"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3",
	"a4", "b4", "c4", "e4", "f4", "g4",
	"c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7",
}

// nmmLines are the 16 lines (possible mills) of the readings.
var nmmLineNames = [16][3]string{
	{"a1", "d1", "g1"}, {"b2", "d2", "f2"}, {"c3", "d3", "e3"}, {"a4", "b4", "c4"},
	{"e4", "f4", "g4"}, {"c5", "d5", "e5"}, {"b6", "d6", "f6"}, {"a7", "d7", "g7"},
	{"a1", "a4", "a7"}, {"b2", "b4", "b6"}, {"c3", "c4", "c5"}, {"d1", "d2", "d3"},
	{"d5", "d6", "d7"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"},
}

var (
	nmmLines  [16][3]int
	nmmOnLine [24][]int // lines through each point
	nmmAdj    [24][]int
)

func init() {
	idx := map[string]int{}
	for i, n := range nmmNames {
		idx[n] = i
	}
	for l, ln := range nmmLineNames {
		for k, n := range ln {
			nmmLines[l][k] = idx[n]
			nmmOnLine[idx[n]] = append(nmmOnLine[idx[n]], l)
		}
		for k := 0; k < 2; k++ {
			a, b := nmmLines[l][k], nmmLines[l][k+1]
			nmmAdj[a] = append(nmmAdj[a], b)
			nmmAdj[b] = append(nmmAdj[b], a)
		}
	}
}

// nineMensMorris: pt[i] is 0, 1 (White) or 2 (Black); hand[s] men still to
// place; over when a seat is down to 2 men (board plus hand).
type nineMensMorris struct {
	pt     [24]int8
	hand   [2]int8
	toMove int8
	over   bool
}

func newNineMensMorris() nineMensMorris { return nineMensMorris{hand: [2]int8{9, 9}} }

func (p *nineMensMorris) inMill(i int) bool {
	who := p.pt[i]
	for _, l := range nmmOnLine[i] {
		ln := nmmLines[l]
		if p.pt[ln[0]] == who && p.pt[ln[1]] == who && p.pt[ln[2]] == who {
			return true
		}
	}
	return false
}

func (p *nineMensMorris) men(seat int) int {
	n := int(p.hand[seat])
	for _, v := range p.pt {
		if int(v) == seat+1 {
			n++
		}
	}
	return n
}

func (p nineMensMorris) children(names bool) ([]nineMensMorris, []string) {
	if p.over {
		return nil, nil
	}
	me, opp := p.toMove+1, 2-p.toMove
	var kids []nineMensMorris
	var ns []string
	// finish completes a placement or slide (k has the man at `at`): one
	// child per removal when it formed a mill.
	finish := func(k nineMensMorris, at int, note string) {
		k.toMove = 1 - p.toMove
		if !k.inMill(at) {
			kids = append(kids, k.ended())
			if names {
				ns = append(ns, note)
			}
			return
		}
		var free, all []int
		for j, v := range k.pt {
			if v == opp {
				all = append(all, j)
				if !k.inMill(j) {
					free = append(free, j)
				}
			}
		}
		if len(free) == 0 {
			free = all // all in mills: any may be taken
		}
		if len(free) == 0 { // no opponent man on the board: nothing removed
			kids = append(kids, k.ended())
			if names {
				ns = append(ns, note)
			}
			return
		}
		for _, j := range free {
			r := k
			r.pt[j] = 0
			kids = append(kids, r.ended())
			if names {
				ns = append(ns, note+"x"+nmmNames[j])
			}
		}
	}
	if p.hand[p.toMove] > 0 {
		for i := range p.pt {
			if p.pt[i] == 0 {
				k := p
				k.pt[i] = me
				k.hand[p.toMove]--
				finish(k, i, nmmNames[i])
			}
		}
		return kids, ns
	}
	for i := range p.pt {
		if p.pt[i] != me {
			continue
		}
		for _, j := range nmmAdj[i] {
			if p.pt[j] == 0 {
				k := p
				k.pt[i], k.pt[j] = 0, me
				finish(k, j, nmmNames[i]+"-"+nmmNames[j])
			}
		}
	}
	return kids, ns
}

// ended marks the game over when a seat has 2 men or fewer.
func (p nineMensMorris) ended() nineMensMorris {
	if p.men(0) <= 2 || p.men(1) <= 2 {
		p.over = true
	}
	return p
}

// ---- Tac Tix 4×4 (readings, "Tac Tix") ----

// tacTix: bit r*4+c holds a marble (a1 is bit 0, b1 bit 1, a2 bit 4).
type tacTix struct{ marbles uint16 }

func newTacTix() tacTix { return tacTix{0xffff} }

func ttName(i int) string { return string(rune('a'+i%4)) + string(rune('1'+i/4)) }

func (p tacTix) children(names bool) ([]tacTix, []string) {
	var kids []tacTix
	var ns []string
	for _, step := range [2]int{1, 4} { // along a row, along a column
		for start := 0; start < 16; start++ {
			var mask uint16
			for n := 1; n <= 4; n++ {
				cell := start + (n-1)*step
				if cell >= 16 || (step == 1 && cell/4 != start/4) || p.marbles&(1<<cell) == 0 {
					break
				}
				mask |= 1 << cell
				if n == 1 && step == 4 {
					continue // a single marble is one move, counted along rows
				}
				kids = append(kids, tacTix{p.marbles &^ mask})
				if names {
					if n == 1 {
						ns = append(ns, ttName(start))
					} else {
						ns = append(ns, ttName(start)+"-"+ttName(cell))
					}
				}
			}
		}
	}
	return kids, ns
}

// ---- Chess tic-tac-toe (readings, "Chess tic-tac-toe") ----

const (
	cttRook = iota
	cttKnight
	cttBishop
	cttPawn
)

var cttLetters = [4]string{"R", "N", "B", "P"}

// chessTTT: sq[i] is 0 (empty) or 1+seat*4+kind, square i = (rank-1)*4+file;
// hand[s] has bit k when the kind k is in hand; dir[s] is the direction of
// s's pawn on the board (+1 up, -1 down); ply counts the plies played.
type chessTTT struct {
	sq   [16]int8
	hand [2]uint8
	dir  [2]int8
	ply  int16
	over bool
}

func newChessTTT() chessTTT { return chessTTT{hand: [2]uint8{15, 15}} }

func cttName(i int) string { return string(rune('a'+i%4)) + string(rune('1'+i/4)) }

var cttLines = func() [][4]int {
	var out [][4]int
	for r := 0; r < 4; r++ {
		out = append(out, [4]int{r * 4, r*4 + 1, r*4 + 2, r*4 + 3})
		out = append(out, [4]int{r, r + 4, r + 8, r + 12})
	}
	return append(out, [4]int{0, 5, 10, 15}, [4]int{12, 9, 6, 3})
}()

func (p chessTTT) children(names bool) ([]chessTTT, []string) {
	if p.over {
		return nil, nil
	}
	seat := int(p.ply % 2)
	var kids []chessTTT
	var ns []string
	done := func(k chessTTT, note string) {
		k.ply++
		for _, ln := range cttLines {
			full := true
			for _, c := range ln {
				if k.sq[c] == 0 || int(k.sq[c]-1)/4 != seat {
					full = false
					break
				}
			}
			if full {
				k.over = true
			}
		}
		kids = append(kids, k)
		if names {
			ns = append(ns, note)
		}
	}
	// placements
	for kind := 0; kind < 4; kind++ {
		if p.hand[seat]&(1<<kind) == 0 {
			continue
		}
		for c := 0; c < 16; c++ {
			if p.sq[c] != 0 {
				continue
			}
			k := p
			k.sq[c] = int8(1 + seat*4 + kind)
			k.hand[seat] &^= 1 << kind
			if kind == cttPawn {
				fwd, far := int8(1), 3
				if seat == 1 {
					fwd, far = -1, 0
				}
				if c/4 == far {
					fwd = -fwd
				}
				k.dir[seat] = fwd
			}
			done(k, cttLetters[kind]+cttName(c))
		}
	}
	if p.ply/2 < 3 { // each player's first three turns are placements
		return kids, ns
	}
	move := func(from, to int) {
		k := p
		note := cttName(from) + "-" + cttName(to)
		if v := k.sq[to]; v != 0 {
			victim := int(v-1) / 4
			k.hand[victim] |= 1 << (int(v-1) % 4)
			note = cttName(from) + "x" + cttName(to)
		}
		k.sq[to], k.sq[from] = k.sq[from], 0
		if int(k.sq[to]-1)%4 == cttPawn {
			if r := to / 4; (k.dir[seat] > 0 && r == 3) || (k.dir[seat] < 0 && r == 0) {
				k.dir[seat] = -k.dir[seat]
			}
		}
		done(k, note)
	}
	enemy := func(c int) bool { return p.sq[c] != 0 && int(p.sq[c]-1)/4 != seat }
	for c := 0; c < 16; c++ {
		v := p.sq[c]
		if v == 0 || int(v-1)/4 != seat {
			continue
		}
		f, r := c%4, c/4
		at := func(df, dr int) int {
			if f+df < 0 || f+df > 3 || r+dr < 0 || r+dr > 3 {
				return -1
			}
			return (r+dr)*4 + f + df
		}
		slide := func(vecs [][2]int) {
			for _, d := range vecs {
				for n := 1; ; n++ {
					t := at(d[0]*n, d[1]*n)
					if t < 0 {
						break
					}
					if p.sq[t] == 0 {
						move(c, t)
						continue
					}
					if enemy(t) {
						move(c, t)
					}
					break
				}
			}
		}
		switch int(v-1) % 4 {
		case cttRook:
			slide([][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
		case cttBishop:
			slide([][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}})
		case cttKnight:
			for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
				if t := at(d[0], d[1]); t >= 0 && (p.sq[t] == 0 || enemy(t)) {
					move(c, t)
				}
			}
		case cttPawn:
			dr := int(p.dir[seat])
			if t := at(0, dr); t >= 0 && p.sq[t] == 0 {
				move(c, t)
			}
			for _, df := range [2]int{-1, 1} {
				if t := at(df, dr); t >= 0 && enemy(t) {
					move(c, t)
				}
			}
		}
	}
	return kids, ns
}

// ---- Hand-worked checks of the models ----

// The models agree with counts worked by hand from the readings.
func TestModelsHandWorked(t *testing.T) {
	for _, tc := range []struct {
		name  string
		perft func(d int) uint64
		want  []uint64 // from depth 1
		why   string
	}{
		{"mu-torere", func(d int) uint64 { return modelPerft(newMuTorere(), d) }, []uint64{2, 2, 2},
			"only a1 and c2 stand beside Black (Moves 1); then each side has one move into the point just left"},
		{"nine-mens-morris", func(d int) uint64 { return modelPerft(newNineMensMorris(), d) }, []uint64{24, 24 * 23, 24 * 23 * 22, 24 * 23 * 22 * 21},
			"placements on empty points; no mill before White's third man (ply 5)"},
		{"tac-tix", func(d int) uint64 { return modelPerft(newTacTix(), d) }, []uint64{64},
			"16 single marbles plus, per row and per column, 3 runs of 2, 2 of 3 and 1 of 4: 16+8·6"},
		{"chess-tic-tac-toe", func(d int) uint64 { return modelPerft(newChessTTT(), d) }, []uint64{64, 64 * 60, 64 * 60 * 42},
			"placements only: 4 kinds × empty squares, then 3 kinds for White's second turn"},
	} {
		for i, want := range tc.want {
			if got := tc.perft(i + 1); got != want {
				t.Errorf("%s perft(%d) = %d, want %d (%s)", tc.name, i+1, got, want, tc.why)
			}
		}
	}
}

// Mu-torere, Moves 1: a kewai piece enters the putahi only beside an
// opponent's piece; Moves 2: from the putahi to any empty kewai.
func TestModelMuTorereRules(t *testing.T) {
	p := newMuTorere()
	if got := fmt.Sprint(modelMoves(p)); got != "[a1-b2 c2-b2]" {
		t.Fatalf("opening moves %s, want [a1-b2 c2-b2]", got)
	}
	p, _ = modelPlay(p, "a1-b2")
	if got := fmt.Sprint(modelMoves(p)); got != "[a2-a1]" {
		t.Fatalf("Black's reply %s, want [a2-a1] (putahi taken, only a1 empty)", got)
	}
	p, _ = modelPlay(p, "a2-a1")
	if got := fmt.Sprint(modelMoves(p)); got != "[b2-a2]" {
		t.Fatalf("White's reply %s, want [b2-a2]", got)
	}
}

// Nine Men's Morris, "Mills and removal": a mill removes one opponent man not
// in a mill, as part of the same ply; each removal is its own move.
func TestModelMorrisMill(t *testing.T) {
	p := newNineMensMorris()
	var err error
	for _, m := range []string{"a1", "a4", "d1", "b4", "g7"} {
		if p, err = modelPlay(p, m); err != nil {
			t.Fatal(err)
		}
	}
	var c4 []string
	for _, m := range modelMoves(p) {
		if m[:2] == "c4" {
			c4 = append(c4, m)
		}
	}
	if got := fmt.Sprint(c4); got != "[c4xa1 c4xd1 c4xg7]" {
		t.Fatalf("Black's c4 forms a4 b4 c4: %s, want one move per White man", got)
	}
	p, _ = modelPlay(p, "c4xg7")
	// White's g1 forms a1 d1 g1 and must take, but a4, b4 and c4 are all in
	// a mill, so any may go.
	moves := modelMoves(p)
	want := map[string]bool{"g1xa4": true, "g1xb4": true, "g1xc4": true}
	for _, m := range moves {
		if len(m) > 2 && m[:2] == "g1" {
			if !want[m] {
				t.Errorf("unexpected %s", m)
			}
			delete(want, m)
		}
		if m == "g1" {
			t.Error("g1 forms a mill: the removal is compulsory")
		}
	}
	if len(want) != 0 {
		t.Errorf("missing %v", want)
	}
}

// The perft goldens of the four games (testdata/perft/traditional-*.txt) are
// reproduced by the independent models; a game not yet shipped has no golden.
func TestModelsReproducePerftGoldens(t *testing.T) {
	for name, perft := range map[string]func(d int) uint64{
		"mu-torere":          func(d int) uint64 { return modelPerft(newMuTorere(), d) },
		"nine-mens-morris":   func(d int) uint64 { return modelPerft(newNineMensMorris(), d) },
		"tac-tix":            func(d int) uint64 { return modelPerft(newTacTix(), d) },
		"chess-tic-tac-toe":  func(d int) uint64 { return modelPerft(newChessTTT(), d) },
		"xiangqi":            func(d int) uint64 { return uint64(newXqModel().perft(d)) },
		"hnefatafl":          func(d int) uint64 { return modelPerft(newHnefatafl(), d) },
		"latrunculi":         func(d int) uint64 { return modelPerft(newLatrunculi(false), d) },
		"three-player-chess": func(d int) uint64 { return tmStart().perft(d, true) },
	} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile("../testdata/perft/traditional-" + name + ".txt")
			if errors.Is(err, fs.ErrNotExist) {
				t.Skip("not shipped yet")
			}
			if err != nil {
				t.Fatal(err)
			}
			lines := 0
			for _, line := range strings.Split(string(data), "\n") {
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				var d int
				var want uint64
				if _, err := fmt.Sscanf(line, "depth %d: %d", &d, &want); err != nil {
					t.Fatalf("bad line %q", line)
				}
				if testing.Short() && want > 200000 {
					continue
				}
				lines++
				if got := perft(d); got != want {
					t.Errorf("model perft(%d) = %d, golden says %d", d, got, want)
				}
			}
			if lines == 0 {
				t.Fatal("golden has no depths")
			}
		})
	}
}

// The hand-written Nine Men's Morris (the benchmark baseline) plays the game
// of the readings: in 200 random games its legal moves equal the model's
// after every ply, and so do the ends.
func TestHandwrittenMorrisMatchesModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	note := func(mv int) string {
		from, to, rm := handwritten.MorrisParts(mv)
		s := handwritten.MorrisPoints[to]
		if from != handwritten.MorrisNone {
			s = handwritten.MorrisPoints[from] + "-" + s
		}
		if rm != handwritten.MorrisNone {
			s += "x" + handwritten.MorrisPoints[rm]
		}
		return s
	}
	for game := 0; game < 200; game++ {
		hw := handwritten.NewMorris()
		p := newNineMensMorris()
		for ply := 0; ply < 400; ply++ {
			want := modelMoves(p)
			var got []string
			hws := hw.Moves(nil)
			for _, mv := range hws {
				got = append(got, note(mv))
			}
			sort.Strings(got)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: hand-written %v, model %v", game, ply, got, want)
			}
			if len(want) == 0 {
				hw.Settle()
				if !hw.Over() {
					t.Fatalf("game %d ply %d: hand-written game not over", game, ply)
				}
				break
			}
			i := rng.IntN(len(hws))
			var err error
			if p, err = modelPlay(p, note(hws[i])); err != nil {
				t.Fatal(err)
			}
			hw.Play(hws[i])
		}
	}
}

// crosscheckModel plays random games in the engine and in the model and
// compares the sorted legal moves, in notation, after every ply; a game
// ends when both have no move or after maxPlies.
func crosscheckModel[T modelPos[T]](t *testing.T, variant string, start T, games, maxPlies int) {
	t.Helper()
	g := load(t, variant)
	rng := rand.New(rand.NewPCG(11, uint64(len(variant))))
	buf := make([]core.Move, 0, 256)
	ended := 0
	for game := 0; game < games; game++ {
		s := g.NewState()
		p := start
		for ply := 0; ply < maxPlies; ply++ {
			buf = g.Moves(s, buf)
			var got []string
			for _, m := range buf {
				got = append(got, g.Format(s, m))
			}
			sort.Strings(got)
			want := modelMoves(p)
			if !slices.Equal(got, want) {
				t.Fatalf("%s game %d ply %d: engine %v, model %v", variant, game, ply, got, want)
			}
			if len(want) == 0 {
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
				t.Fatal(err)
			}
		}
	}
	t.Logf("%s: %d of %d games ended within %d plies", variant, ended, games, maxPlies)
}

func TestMuTorereMatchesModel(t *testing.T) {
	crosscheckModel(t, "traditional/mu-torere", newMuTorere(), 200, 300)
}

func TestNineMensMorrisMatchesModel(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 40
	}
	crosscheckModel(t, "traditional/nine-mens-morris", newNineMensMorris(), games, 400)
}

func TestChessTicTacToeMatchesModel(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	crosscheckModel(t, "traditional/chess-tic-tac-toe", newChessTTT(), games, 300)
}
