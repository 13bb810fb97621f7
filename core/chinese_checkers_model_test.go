package core_test

// An independent model of Chinese checkers as shared/rules/traditional-
// readings.md, Part 1, "Chinese checkers (2, 3 or 6 players)" fixes it,
// written from the readings alone and sharing no code with the engine: it
// proves the perft goldens in testdata/perft/traditional-chinese-checkers*.txt
// and gives the legal moves of any position in the readings' notation
// (from-to; a pass is the readings' "--").

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// ccHole reports whether (c, r), 1-based, is a hole of the star (readings,
// Board: x = c−9, z = 9−r, y = −x−z).
func ccHole(c, r int) bool {
	if c < 1 || c > 17 || r < 1 || r > 17 {
		return false
	}
	x, z := c-9, 9-r
	y := -x - z
	return (x >= -4 && y >= -4 && z >= -4) || (x <= 4 && y <= 4 && z <= 4)
}

// ccDirs are the six neighbour steps (readings, Board).
var ccDirs = [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}}

// ccTriangles lists the readings' triangles by point name.
var ccTriangles = map[string]string{
	"s":  "e1 e2 f2 e3 f3 g3 e4 f4 g4 h4",
	"n":  "j14 k14 l14 m14 k15 l15 m15 l16 m16 m17",
	"ll": "a5 b5 c5 d5 b6 c6 d6 c7 d7 d8",
	"ul": "e10 e11 f11 e12 f12 g12 e13 f13 g13 h13",
	"ur": "n10 n11 o11 n12 o12 p12 n13 o13 p13 q13",
	"lr": "j5 k5 l5 m5 k6 l6 m6 l7 m7 m8",
}

var ccOpposite = map[string]string{"s": "n", "n": "s", "ll": "ur", "ur": "ll", "ul": "lr", "lr": "ul"}

// ccLineups are the readings' seatings (S first, then clockwise: S, LL,
// UL, N, UR, LR); 4 and 5 as the variant reads "natural".
var ccLineups = map[int][]string{
	2: {"s", "n"},
	3: {"s", "ul", "ur"},
	4: {"s", "ll", "n", "ur"},
	5: {"s", "ll", "ul", "n", "ur"},
	6: {"s", "ll", "ul", "n", "ur", "lr"},
}

func ccCell(name string) (int, int) {
	var r int
	fmt.Sscanf(name[1:], "%d", &r)
	return int(name[0]-'a') + 1, r
}

func ccName(c, r int) string { return fmt.Sprintf("%c%d", 'a'+c-1, r) }

// chineseCheckers: pt[c][r] is 0 (empty) or 1 + the index in seats of the
// marble's owner; toMove indexes seats; goal[i] is seat i's target.
type chineseCheckers struct {
	pt     [18][18]int8
	toMove int8
	seats  int8
	over   bool
	goal   *[6][][2]int
}

func newChineseCheckers(players int) chineseCheckers {
	p := chineseCheckers{seats: int8(players), goal: &[6][][2]int{}}
	for i, seat := range ccLineups[players] {
		for _, name := range strings.Fields(ccTriangles[seat]) {
			c, r := ccCell(name)
			p.pt[c][r] = int8(i + 1)
		}
		for _, name := range strings.Fields(ccTriangles[ccOpposite[seat]]) {
			c, r := ccCell(name)
			p.goal[i] = append(p.goal[i], [2]int{c, r})
		}
	}
	return p
}

// won: all ten of seat i's marbles in its goal triangle (readings, End).
func (p chineseCheckers) won(i int) bool {
	for _, h := range p.goal[i] {
		if p.pt[h[0]][h[1]] != int8(i+1) {
			return false
		}
	}
	return true
}

// moves lists the (from, to) pairs of the seat to move: steps to an empty
// neighbour, and every hole a hop chain can stop on (each hop over one
// adjacent marble of any colour into the empty hole beyond; the starting
// hole counts as empty and is not a target).
func (p chineseCheckers) moves() [][4]int {
	me := p.toMove + 1
	var out [][4]int
	for c := 1; c <= 17; c++ {
		for r := 1; r <= 17; r++ {
			if p.pt[c][r] != me {
				continue
			}
			for _, d := range ccDirs {
				if tc, tr := c+d[0], r+d[1]; ccHole(tc, tr) && p.pt[tc][tr] == 0 {
					out = append(out, [4]int{c, r, tc, tr})
				}
			}
			q := p
			q.pt[c][r] = 0
			seen := map[[2]int]bool{{c, r}: true}
			frontier := [][2]int{{c, r}}
			var reached [][2]int
			for len(frontier) > 0 {
				h := frontier[0]
				frontier = frontier[1:]
				for _, d := range ccDirs {
					oc, or := h[0]+d[0], h[1]+d[1]
					tc, tr := h[0]+2*d[0], h[1]+2*d[1]
					if ccHole(oc, or) && q.pt[oc][or] != 0 && ccHole(tc, tr) && q.pt[tc][tr] == 0 && !seen[[2]int{tc, tr}] {
						seen[[2]int{tc, tr}] = true
						frontier = append(frontier, [2]int{tc, tr})
						reached = append(reached, [2]int{tc, tr})
					}
				}
			}
			for _, t := range reached {
				out = append(out, [4]int{c, r, t[0], t[1]})
			}
		}
	}
	return out
}

func (p chineseCheckers) children(names bool) ([]chineseCheckers, []string) {
	if p.over {
		return nil, nil
	}
	ms := p.moves()
	next := func(q chineseCheckers) chineseCheckers {
		q.toMove = (q.toMove + 1) % q.seats
		return q
	}
	if len(ms) == 0 { // readings, No legal move: the player passes
		var ns []string
		if names {
			ns = []string{"--"}
		}
		return []chineseCheckers{next(p)}, ns
	}
	kids := make([]chineseCheckers, 0, len(ms))
	var ns []string
	for _, m := range ms {
		q := p
		q.pt[m[2]][m[3]], q.pt[m[0]][m[1]] = q.pt[m[0]][m[1]], 0
		if q.won(int(p.toMove)) {
			q.over = true
		}
		kids = append(kids, next(q))
		if names {
			ns = append(ns, ccName(m[0], m[1])+"-"+ccName(m[2], m[3]))
		}
	}
	return kids, ns
}

// Hand-worked facts of the readings.
func TestChineseCheckersModelHandWorked(t *testing.T) {
	n := 0
	for c := 1; c <= 17; c++ {
		for r := 1; r <= 17; r++ {
			if ccHole(c, r) {
				n++
			}
		}
	}
	if n != 121 {
		t.Errorf("%d holes, the star has 121", n)
	}
	// readings: row 1 is e1 only; row 5 is a5..m5; row 9 is e9..m9; row 17 is m17 only
	for _, tc := range []struct {
		row         int
		first, last string
	}{{1, "e1", "e1"}, {5, "a5", "m5"}, {9, "e9", "m9"}, {17, "m17", "m17"}} {
		var in []string
		for c := 1; c <= 17; c++ {
			if ccHole(c, tc.row) {
				in = append(in, ccName(c, tc.row))
			}
		}
		if in[0] != tc.first || in[len(in)-1] != tc.last {
			t.Errorf("row %d: %v", tc.row, in)
		}
	}
	// South's first moves: 8 steps from the front row e4..h4 (two each, to row 5), and hops
	// from the second row over the front row: e3 over e4 to e5, e3 over f4 to g5? no: e3's
	// neighbours are f3 (own), e4 (own, beyond e5 empty: hop), f4 (own, beyond g5 empty: hop).
	// Every one of e3, f3, g3 hops over its two front neighbours to row 5: 6 hops; the back rows
	// are boxed in (a hop over e3 lands on e4, occupied). Then chains from row 5 go on: from
	// e5 over ... no marble stands beyond row 4, so no chain goes further. 8 + 6 = 14.
	got := modelMoves(newChineseCheckers(2))
	if len(got) != 14 {
		t.Errorf("South's first moves: %d %v, want 14", len(got), got)
	}
	for _, m := range []string{"e3-e5", "e3-g5", "f3-f5", "f3-h5", "g3-g5", "g3-i5", "h4-i5", "e4-e5"} {
		if !containsStr(got, m) {
			t.Errorf("South's first moves %v lack %s", got, m)
		}
	}
	// A chain: a lone South marble on e5 with marbles on e6 and e8 hops e5-e7-e9 and may stop
	// at e7 or e9; it never ends on e5 itself.
	var p chineseCheckers
	p.seats, p.goal = 2, &[6][][2]int{}
	put := func(name string, who int8) { c, r := ccCell(name); p.pt[c][r] = who }
	put("e5", 1)
	put("e6", 2)
	put("e8", 2)
	got = modelMoves(p)
	for _, m := range []string{"e5-e7", "e5-e9"} {
		if !containsStr(got, m) {
			t.Errorf("chain: %v lacks %s", got, m)
		}
	}
	if containsStr(got, "e5-e5") {
		t.Error("a chain ended on its starting hole")
	}
}

func containsStr(list []string, s string) bool {
	i := sort.SearchStrings(list, s)
	return i < len(list) && list[i] == s
}

// The perft golden of traditional/chinese-checkers (2 players) is
// reproduced by the model.
func TestChineseCheckersModelReproducesPerftGolden(t *testing.T) {
	modelGolden(t, "../testdata/perft/traditional-chinese-checkers.txt", func(d int) uint64 { return modelPerft(newChineseCheckers(2), d) })
}

// The engine plays the readings' game with 2, 3, 4, 5 and 6 players: in
// random games its legal moves equal the model's after every ply, and
// perft(3) agrees.
func TestChineseCheckersMatchesModel(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	for players := 2; players <= 6; players++ {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			g := load(t, "traditional/chinese-checkers", fmt.Sprintf("players=%d", players))
			if got, want := g.Perft(g.NewState(), 3), modelPerft(newChineseCheckers(players), 3); got != want {
				t.Errorf("perft(3): engine %d, model %d", got, want)
			}
			crosscheckGame(t, g, newChineseCheckers(players), games, 300, uint64(players))
		})
	}
}
