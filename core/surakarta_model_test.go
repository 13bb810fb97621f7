package core_test

// An independent model of Surakarta as shared/rules/traditional-readings.md,
// Part 2, "2. SURAKARTA" fixes it, written from the readings alone and
// sharing no code with the engine: it proves the perft golden in
// testdata/perft/traditional-surakarta.txt and gives the legal moves of any
// position in the readings' notation (steps b2-c3, captures b2xe5).

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
)

// skCircuits are the readings' two circuits, 24 point-visits each, in
// order; the corner loops lie between visits 5|6, 11|12, 17|18 and 23|0
// (readings, Board: "4 lines joined by 4 corner loops").
var skCircuits = [2][24]string{
	{"a2", "b2", "c2", "d2", "e2", "f2", "e1", "e2", "e3", "e4", "e5", "e6",
		"f5", "e5", "d5", "c5", "b5", "a5", "b6", "b5", "b4", "b3", "b2", "b1"},
	{"a3", "b3", "c3", "d3", "e3", "f3", "d1", "d2", "d3", "d4", "d5", "d6",
		"f4", "e4", "d4", "c4", "b4", "a4", "c6", "c5", "c4", "c3", "c2", "c1"},
}

// skLoopBetween reports whether going from visit i to visit i+1 (mod 24)
// goes round a corner loop.
func skLoopBetween(i int) bool { return i%6 == 5 }

func skSquare(name string) int { return int(name[0]-'a') + 6*int(name[1]-'1') }

func skName(sq int) string { return fmt.Sprintf("%c%d", 'a'+sq%6, sq/6+1) }

// surakarta: pt[sq] is 0 (empty), 1 (South) or 2 (North); toMove is 0
// (South) or 1 (North).
type surakarta struct {
	pt       [36]int8
	toMove   int8
	optional bool // readings' alternative --captures=optional
	blocked  bool // readings' switch --origin=blocked
	plies    int
}

func newSurakarta() surakarta {
	var p surakarta
	for sq := 0; sq < 12; sq++ {
		p.pt[sq] = 1
		p.pt[35-sq] = 2
	}
	return p
}

func (p surakarta) count(side int8) int {
	n := 0
	for _, v := range p.pt {
		if v == side {
			n++
		}
	}
	return n
}

// over: a side with no marble has lost (readings, End).
func (p surakarta) over() bool { return p.count(1) == 0 || p.count(2) == 0 }

// captures returns the squares the marble on from can capture, once each.
func (p surakarta) captures(from int) []int {
	me := p.pt[from]
	var out []int
	for _, circ := range skCircuits {
		for start := 0; start < 24; start++ {
			if skSquare(circ[start]) != from {
				continue
			}
			for _, dir := range []int{1, 23} { // forward, backward (mod 24)
				loops := 0
				i := start
				for k := 1; k < 24; k++ { // once round at most
					j := (i + dir) % 24
					if dir == 1 && skLoopBetween(i) || dir == 23 && skLoopBetween(j) {
						loops++
					}
					i = j
					sq := skSquare(circ[i])
					if sq == from && !p.blocked {
						continue // the starting point counts as empty
					}
					if p.pt[sq] == 0 {
						continue
					}
					if p.pt[sq] != me && loops > 0 && !slices.Contains(out, sq) {
						out = append(out, sq)
					}
					break
				}
			}
		}
	}
	return out
}

func (p surakarta) children(names bool) ([]surakarta, []string) {
	if p.over() {
		return nil, nil
	}
	me := p.toMove + 1
	var kids []surakarta
	var ns []string
	add := func(from, to int, capture bool) {
		q := p
		q.pt[to], q.pt[from] = me, 0
		q.toMove = 1 - p.toMove
		q.plies++
		kids = append(kids, q)
		if names {
			sep := "-"
			if capture {
				sep = "x"
			}
			ns = append(ns, skName(from)+sep+skName(to))
		}
	}
	for from := 0; from < 36; from++ {
		if p.pt[from] == me {
			for _, to := range p.captures(from) {
				add(from, to, true)
			}
		}
	}
	if len(kids) > 0 && !p.optional {
		return kids, ns // compulsory capture (readings, Moves)
	}
	for from := 0; from < 36; from++ {
		if p.pt[from] != me {
			continue
		}
		x, y := from%6, from/6
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				nx, ny := x+dx, y+dy
				if (dx != 0 || dy != 0) && nx >= 0 && nx < 6 && ny >= 0 && ny < 6 && p.pt[nx+6*ny] == 0 {
					add(from, nx+6*ny, false)
				}
			}
		}
	}
	return kids, ns
}

// Hand-worked positions (readings, Moves).
func TestSurakartaModelHandWorked(t *testing.T) {
	empty := surakarta{}
	put := func(p surakarta, sq string, side int8) surakarta { p.pt[skSquare(sq)] = side; return p }
	// Start: only steps of the second rank, 2+3+3+3+3+2 = 16 (no capture: every circuit from a
	// South marble meets a South marble before any loop).
	if got := modelPerft(newSurakarta(), 1); got != 16 {
		t.Errorf("start perft(1) = %d, want 16", got)
	}
	// A lone South marble on a2 and a North marble on e1: along the small circuit forward a2 b2 c2
	// d2 e2 f2, loop, e1: a capture a2xe1 after one loop. Backward a2 -> (loop) b1 b2 ... b6 (loop)
	// a5 ... f5 (loop) e6 e5 e4 e3 e2 e1: also e1, the same move. Large circuit: a2 is not on it.
	p := put(put(empty, "a2", 1), "e1", 2)
	if got := modelMoves(p); !slices.Contains(got, "a2xe1") {
		t.Errorf("a2 vs e1: %v lacks a2xe1", got)
	}
	// A North marble on c2, on the small circuit's first line with a2, no loop between: no
	// capture from a2 forward; backward a2 -> loop b1 ... reaches c2 after 3 loops? The backward
	// walk from a2 goes b1 b2 b3 b4 b5 b6 (loop 1 before b1), loop, a5 b5 c5 d5 e5 f5, loop, e6 e5
	// e4 e3 e2 e1, loop, f2 e2 d2 c2: c2 is met after 4 loops, so a2xc2 is legal.
	p = put(put(empty, "a2", 1), "c2", 2)
	if got := modelMoves(p); !slices.Contains(got, "a2xc2") {
		t.Errorf("a2 vs c2: %v lacks a2xc2", got)
	}
	// Compulsory: with a capture, no step is legal.
	for _, m := range modelMoves(p) {
		if m[2] == '-' {
			t.Errorf("a2 vs c2: step %s listed although a capture exists", m)
		}
	}
	// A South blocker on b1 stops a2's backward walk at once, and a2's forward walk meets c2
	// before any loop: a2 has no capture. b1 itself walks backward b2 ... b6, loop, a5 ... f5,
	// loop, e6 ... e1, loop, f2 e2 d2 c2 and takes c2 after 3 loops; forward it meets a2 (own).
	// Capture is compulsory, so b1xc2 is the only move.
	p = put(p, "b1", 1)
	if got := modelMoves(p); !slices.Equal(got, []string{"b1xc2"}) {
		t.Errorf("a2 b1 vs c2: %v, want [b1xc2]", got)
	}
	// The origin rule (readings, Moves: "the attacker's own starting point counts as empty during
	// the trip ... switch --origin=blocked"): South on b2 and b1, North on a2. From b2 (small-circuit
	// visits 1 and 22): backward from visit 1 meets a2 before any loop; forward from visit 1 runs c2
	// ... f2, loop, e1 ... e6, loop, f5 ... a5, loop, b6 b5 b4 b3 b2 and meets its own b1; forward
	// from visit 22 meets b1 at once. Backward from visit 22 runs b3 b4 b5 b6, loop, a5 ... f5, loop,
	// e6 ... e1, loop, f2 e2 d2 c2, then through b2 itself to a2: a capture after 3 loops only when
	// the starting point counts as empty.
	q := put(put(put(empty, "b2", 1), "b1", 1), "a2", 2)
	if got := modelMoves(q); !slices.Contains(got, "b2xa2") {
		t.Errorf("b2 b1 vs a2, origin empty: %v lacks b2xa2", got)
	}
	q.blocked = true
	if got := modelMoves(q); slices.Contains(got, "b2xa2") {
		t.Errorf("b2 b1 vs a2, origin blocked: %v has b2xa2", got)
	}
}

// crosscheckGame is crosscheckModel for a game already loaded (with its
// parameters set).
func crosscheckGame[T modelPos[T]](t *testing.T, g *core.Game, start T, games, maxPlies int, seed uint64) (ended int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	buf := make([]core.Move, 0, 256)
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
				t.Fatalf("game %d ply %d: engine %v, model %v", game, ply, got, want)
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
	return ended
}

// The engine plays the readings' game: in random games its legal moves
// equal the model's after every ply, under each of the readings' switches.
func TestSurakartaMatchesModel(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	for _, tc := range []struct {
		sets              []string
		optional, blocked bool
	}{
		{nil, false, false},
		{[]string{"captures=none"}, true, false},
		{[]string{"origin=blocked"}, false, true},
		{[]string{"captures=none", "origin=blocked"}, true, true},
	} {
		t.Run(strings.Join(tc.sets, ","), func(t *testing.T) {
			g := load(t, "traditional/surakarta", tc.sets...)
			start := newSurakarta()
			start.optional, start.blocked = tc.optional, tc.blocked
			ended := crosscheckGame(t, g, start, games, 600, 7)
			t.Logf("%d of %d games ended within 600 plies", ended, games)
		})
	}
}

// The perft golden of traditional/surakarta is reproduced by the model.
func TestSurakartaModelReproducesPerftGolden(t *testing.T) {
	modelGolden(t, "../testdata/perft/traditional-surakarta.txt", func(d int) uint64 { return modelPerft(newSurakarta(), d) })
}

// modelGolden checks every depth of a perft golden against a model's perft
// (the larger counts only without -short).
func modelGolden(t *testing.T, path string, perft func(d int) uint64) {
	t.Helper()
	data, err := os.ReadFile(path)
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
		lines++
		if testing.Short() && want > 200000 {
			continue
		}
		if got := perft(d); got != want {
			t.Errorf("%s: model perft(%d) = %d, golden says %d", path, d, got, want)
		}
	}
	if lines == 0 {
		t.Fatal("golden has no depths")
	}
}
