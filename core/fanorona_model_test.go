package core_test

// An independent model of Fanorona, written from
// shared/rules/traditional-readings.md, Part 2, "3. FANORONA" alone and
// sharing no code with the engine (nothing here calls core). It proves the
// perft golden testdata/perft/traditional-fanorona.txt and gives the legal
// moves of any position in the readings' notation, so random games can be
// cross-checked against the engine move for move (TestFanoronaMatchesModel).

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"
)

const (
	fnW, fnH = 9, 5
	fnN      = fnW * fnH
)

// fanorona: pt[y*9+x] is 0 (empty), 1 (White) or 2 (Black); toMove 0 is
// White (readings, Start: "White moves first").
type fanorona struct {
	pt     [fnN]int8
	toMove int8
}

func fnName(i int) string { return string(rune('a'+i%fnW)) + string(rune('1'+i/fnW)) }

// fnDirs are the eight directions; the diagonal ones exist only at strong
// points (readings, Board: "Strong points are those whose 0-based file and
// rank sum to an even number ... Weak points have only orthogonal lines").
var fnDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {-1, 1}, {1, -1}}

// fnNext returns the point one step from i in direction d along a drawn
// line, or -1.
func fnNext(i, d int) int {
	x, y := i%fnW, i/fnW
	dx, dy := fnDirs[d][0], fnDirs[d][1]
	if dx != 0 && dy != 0 && (x+y)%2 != 0 {
		return -1
	}
	x, y = x+dx, y+dy
	if x < 0 || x >= fnW || y < 0 || y >= fnH {
		return -1
	}
	return y*fnW + x
}

// fnBack is the direction opposite d.
func fnBack(d int) int { return d ^ 1 }

func newFanorona() fanorona {
	var p fanorona
	for i := 0; i < 2*fnW; i++ {
		p.pt[i] = 1       // White: ranks 1-2
		p.pt[fnN-1-i] = 2 // Black: ranks 4-5
	}
	for x, c := range "BWBW.BWBW" { // rank 3
		p.pt[2*fnW+x] = map[rune]int8{'B': 2, 'W': 1, '.': 0}[c]
	}
	return p
}

// fnLine counts the enemy (of seat me+1) pieces of the unbroken line that
// starts one step from i in direction d; with take it removes them.
func (p *fanorona) fnLine(i, d int, me int8, take bool) int {
	n := 0
	for c := fnNext(i, d); c >= 0 && p.pt[c] != 0 && p.pt[c] != me; c = fnNext(c, d) {
		if take {
			p.pt[c] = 0
		}
		n++
	}
	return n
}

// capSteps lists the capturing steps of the piece on `from`: (direction,
// choice A or W), excluding direction `not` and landings in `visited`.
func (p *fanorona) capSteps(from, not int, visited uint64, f func(d int, to int, mark byte)) {
	me := p.pt[from]
	for d := 0; d < 8; d++ {
		to := fnNext(from, d)
		if d == not || to < 0 || p.pt[to] != 0 || visited&(1<<uint(to)) != 0 {
			continue
		}
		if p.fnLine(to, d, me, false) > 0 {
			f(d, to, 'A')
		}
		if p.fnLine(from, fnBack(d), me, false) > 0 {
			f(d, to, 'W')
		}
	}
}

func (p fanorona) children(names bool) ([]fanorona, []string) {
	me := p.toMove + 1
	var kids []fanorona
	var notes []string
	// Capturing moves: every chain of capturing steps and each of its
	// prefixes (readings, Moves: "Relay", "One move").
	var chain func(q fanorona, at, last int, visited uint64, text string)
	chain = func(q fanorona, at, last int, visited uint64, text string) {
		q.capSteps(at, last, visited, func(d, to int, mark byte) {
			r := q
			r.pt[to], r.pt[at] = me, 0
			if mark == 'A' {
				r.fnLine(to, d, me, true)
			} else {
				r.fnLine(at, fnBack(d), me, true)
			}
			t := ""
			if names {
				t = text + "-" + fnName(to) + string(mark)
			}
			done := r
			done.toMove = 1 - p.toMove
			kids = append(kids, done)
			notes = append(notes, t)
			chain(r, to, d, visited|1<<uint(to), t)
		})
	}
	for i := 0; i < fnN; i++ {
		if p.pt[i] == me {
			chain(p, i, -1, 1<<uint(i), fnName(i))
		}
	}
	if len(kids) > 0 {
		return kids, notes
	}
	// Paika: one step to an adjacent empty point, only when no capture exists.
	for i := 0; i < fnN; i++ {
		if p.pt[i] != me {
			continue
		}
		for d := 0; d < 8; d++ {
			if to := fnNext(i, d); to >= 0 && p.pt[to] == 0 {
				q := p
				q.pt[to], q.pt[i] = me, 0
				q.toMove = 1 - p.toMove
				kids = append(kids, q)
				if names {
					notes = append(notes, fnName(i)+"-"+fnName(to))
				} else {
					notes = append(notes, "")
				}
			}
		}
	}
	// End: a player with no piece has no move either, so a seat to move
	// without a move has lost and the position has no children.
	return kids, notes
}

// Hand-worked checks of the model against the readings.
func TestFanoronaModelHandWorked(t *testing.T) {
	p := newFanorona()
	// Start: into the empty e3 from d3 (approach f3, withdrawal from c3),
	// e2 (approach e4 e5), d2 (approach f4 g5), f2 (approach d4 c5); no
	// piece can continue (every empty point a second step could reach is
	// the start point or lies in the direction just used).
	got := strings.Join(modelMoves(p), " ")
	if want := "d2-e3A d3-e3A d3-e3W e2-e3A f2-e3A"; got != want {
		t.Fatalf("start: %s, want %s", got, want)
	}
	q, err := modelPlay(p, "e2-e3A")
	if err != nil {
		t.Fatal(err)
	}
	// e4 and e5 are taken, e2 is empty
	for _, c := range []string{"e4", "e5", "e2"} {
		i := int(c[0]-'a') + int(c[1]-'1')*fnW
		if q.pt[i] != 0 {
			t.Errorf("after e2-e3A %s is not empty", c)
		}
	}
	if n := modelPerft(p, 1); n != 5 {
		t.Errorf("perft(1) = %d", n)
	}
}

// The perft golden of Fanorona is reproduced by the model.
func TestFanoronaModelReproducesPerftGolden(t *testing.T) {
	data, err := os.ReadFile("../testdata/perft/traditional-fanorona.txt")
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
		if got := modelPerft(newFanorona(), d); got != want {
			t.Errorf("model perft(%d) = %d, golden says %d", d, got, want)
		}
	}
	if lines == 0 {
		t.Fatal("golden has no depths")
	}
}
