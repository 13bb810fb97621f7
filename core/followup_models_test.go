package core_test

// Independent models of the two test games whose follow-up moves a piece
// (testdata/variants/breakthrough-marseillais.toml and
// breakthrough-hit-and-run.toml, each with its rules R1… in its header),
// written from those rules alone and sharing no code with the engine. They
// prove the perft goldens testdata/perft/test-breakthrough-marseillais.txt
// and test-breakthrough-hit-and-run.txt and give the legal moves and the
// winner of any position for the random cross-checks.

import (
	"slices"
	"testing"
)

// btModel is Breakthrough 6×6 (R1): cell[y*6+x] is 0 (empty), 1 (White) or
// 2 (Black), x and y 0..5; White moves up (y+1).
type btModel struct {
	cell   [36]int8
	toMove int8
	ply    int
	won    int8 // winner + 1
	// hitRun: the hit-and-run rules (a capturing pawn may step back);
	// otherwise Marseillais turns (two moves a turn, White's first single).
	hitRun bool
}

func newBT(hitRun bool) btModel {
	p := btModel{hitRun: hitRun}
	for x := 0; x < 6; x++ {
		p.cell[x], p.cell[6+x] = 1, 1
		p.cell[4*6+x], p.cell[5*6+x] = 2, 2
	}
	return p
}

func (p btModel) winner() int { return int(p.won) - 1 }

// btStep is one step of a pawn: from, to and whether it took a pawn.
type btStep struct {
	from, to [2]int
	took     bool
}

// name writes the step as the engine's steps are written, FROM-TO (a
// capture too).
func (st btStep) name() string {
	return gridName(st.from[0]+1, st.from[1]+1) + "-" + gridName(st.to[0]+1, st.to[1]+1)
}

// steps returns the steps of the mover's pawns (R1): straight forward onto
// an empty square, diagonally forward onto an empty or an enemy square;
// only from (x, y) when only is set.
func (p *btModel) steps(only *[2]int) []btStep {
	me := p.toMove + 1
	dy := 1
	if me == 2 {
		dy = -1
	}
	var out []btStep
	for y := 0; y < 6; y++ {
		for x := 0; x < 6; x++ {
			if p.cell[y*6+x] != me || (only != nil && *only != [2]int{x, y}) {
				continue
			}
			ny := y + dy
			if ny < 0 || ny > 5 {
				continue
			}
			for dx := -1; dx <= 1; dx++ {
				nx := x + dx
				if nx < 0 || nx > 5 {
					continue
				}
				c := p.cell[ny*6+nx]
				switch {
				case c == 0:
					out = append(out, btStep{from: [2]int{x, y}, to: [2]int{nx, ny}})
				case dx != 0 && c != me:
					out = append(out, btStep{from: [2]int{x, y}, to: [2]int{nx, ny}, took: true})
				}
			}
		}
	}
	return out
}

func (p btModel) apply(st btStep) btModel {
	me := p.cell[st.from[1]*6+st.from[0]]
	p.cell[st.from[1]*6+st.from[0]] = 0
	p.cell[st.to[1]*6+st.to[0]] = me
	return p
}

// finish ends the turn: a pawn of the mover on the far row wins (R1, R4 of
// the Marseillais file).
func (p btModel) finish() btModel {
	far := 5
	if p.toMove == 1 {
		far = 0
	}
	for x := 0; x < 6; x++ {
		if p.cell[far*6+x] == p.toMove+1 {
			p.won = p.toMove + 1
		}
	}
	p.toMove = 1 - p.toMove
	p.ply++
	return p
}

func (p btModel) children(names bool) ([]btModel, []string) {
	if p.won != 0 {
		return nil, nil
	}
	var kids []btModel
	var ns []string
	add := func(k btModel, text string) {
		kids = append(kids, k.finish())
		if names {
			ns = append(ns, text)
		}
	}
	for _, first := range p.steps(nil) {
		mid := p.apply(first)
		if p.hitRun {
			// R2: a capturing pawn may step straight back onto an empty square
			add(mid, first.name())
			if !first.took {
				continue
			}
			back := [2]int{first.to[0], first.to[1] - 1}
			if p.toMove == 1 {
				back[1] = first.to[1] + 1
			}
			if mid.cell[back[1]*6+back[0]] == 0 {
				add(mid.apply(btStep{from: first.to, to: back}), first.name()+"/"+btStep{from: first.to, to: back}.name())
			}
			continue
		}
		// Marseillais: a second move by any pawn (R2), none on White's first turn (R3)
		seconds := mid.steps(nil)
		if p.ply == 0 || len(seconds) == 0 {
			add(mid, first.name())
			continue
		}
		for _, second := range seconds {
			add(mid.apply(second), first.name()+"/"+second.name())
		}
	}
	return kids, ns
}

func TestFollowUpModelsReproducePerftGoldens(t *testing.T) {
	for _, tc := range []struct {
		golden string
		start  btModel
	}{
		{"test-breakthrough-marseillais", newBT(false)},
		{"test-breakthrough-hit-and-run", newBT(true)},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			depths, counts := readGolden(t, "../testdata/perft/"+tc.golden+".txt")
			for i, d := range depths {
				if got := ngPerft(tc.start, d); got != counts[i] {
					t.Errorf("model perft(%d) = %d, golden says %d", d, got, counts[i])
				}
			}
		})
	}
}

// The engine and the models agree on the legal moves after every ply of
// random games and on the winner.
func TestFollowUpMoveMatchesModel(t *testing.T) {
	ngCrosscheck(t, loadFile(t, "../testdata/variants/breakthrough-marseillais.toml"), newBT(false), 40, 21)
	ngCrosscheck(t, loadFile(t, "../testdata/variants/breakthrough-hit-and-run.toml"), newBT(true), 200, 22)
}

// konane is Kōnane on an n×n board (testdata/variants/konane.toml, R1-R5):
// cell[y*n+x] 0 (empty), 1 (Black) or 2 (White), x and y 0..n-1; Black on
// the squares with x+y even (a1).
type konane struct {
	n      int
	cell   []int8
	toMove int8
	ply    int
}

func newKonane(n int) konane {
	p := konane{n: n, cell: make([]int8, n*n)}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p.cell[y*n+x] = int8(1 + (x+y)%2)
		}
	}
	return p
}

// winner is asked of a position with no move: its seat to move lost (R5).
func (p konane) winner() int { return 1 - int(p.toMove) }

func (p konane) at(x, y int) int8 {
	if x < 0 || y < 0 || x >= p.n || y >= p.n {
		return -1
	}
	return p.cell[y*p.n+x]
}

func (p konane) children(names bool) ([]konane, []string) {
	var kids []konane
	var ns []string
	me := p.toMove + 1
	add := func(k konane, name string) {
		k.toMove = 1 - p.toMove
		k.ply = p.ply + 1
		kids = append(kids, k)
		if names {
			ns = append(ns, name)
		}
	}
	for y := 0; y < p.n; y++ {
		for x := 0; x < p.n; x++ {
			if p.at(x, y) != me {
				continue
			}
			switch p.ply {
			case 0, 1:
				ok := false
				if p.ply == 0 {
					// R2: a centre square or a corner (Black's are a1 and the far one)
					mid := (x == p.n/2-1 || x == p.n/2) && (y == p.n/2-1 || y == p.n/2)
					ok = mid || (x == y && (x == 0 || x == p.n-1))
				} else {
					// R3: next to the gap across a side
					for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
						ok = ok || p.at(x+d[0], y+d[1]) == 0
					}
				}
				if ok {
					k := p
					k.cell = slices.Clone(p.cell)
					k.cell[y*p.n+x] = 0
					add(k, gridName(x+1, y+1))
				}
			default:
				// R4: jumps in one direction, stopping after any
				for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					k := p
					k.cell = slices.Clone(p.cell)
					name := gridName(x+1, y+1)
					cx, cy := x, y
					for k.at(cx+d[0], cy+d[1]) == 3-me && k.at(cx+2*d[0], cy+2*d[1]) == 0 {
						k.cell[cy*p.n+cx] = 0
						k.cell[(cy+d[1])*p.n+cx+d[0]] = 0
						cx, cy = cx+2*d[0], cy+2*d[1]
						k.cell[cy*p.n+cx] = me
						name += "-" + gridName(cx+1, cy+1)
						add(k, name)
						k.cell = slices.Clone(k.cell)
					}
				}
			}
		}
	}
	return kids, ns
}

func TestKonaneModelReproducesPerftGolden(t *testing.T) {
	depths, counts := readGolden(t, "../testdata/perft/test-konane.txt")
	for i, d := range depths {
		if got := ngPerft(newKonane(8), d); got != counts[i] {
			t.Errorf("model perft(%d) = %d, golden says %d", d, got, counts[i])
		}
	}
}

func TestKonaneMatchesModel(t *testing.T) {
	ngCrosscheck(t, loadFile(t, "../testdata/variants/konane.toml"), newKonane(8), 60, 23)
	ngCrosscheck(t, loadFile(t, "../testdata/variants/konane.toml", "size=6"), newKonane(6), 100, 24)
}
