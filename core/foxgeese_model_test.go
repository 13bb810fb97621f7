package core_test

// An independent model of Fox and Geese (13 geese), written from
// shared/rules/traditional-readings.md, Part 1, "Fox and Geese (13 geese)"
// alone and sharing no code with the engine (see traditional_models_test.go
// for the pattern). It proves the perft golden
// testdata/perft/traditional-fox-and-geese.txt and gives the legal moves of
// any position in the readings' notation.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"
)

// fgPoint reports whether (x, y), columns a..g = 1..7 and rows 1..7, is a
// point of the cross (readings, Board: column c, d or e, or row 3, 4 or 5).
func fgPoint(x, y int) bool {
	if x < 1 || x > 7 || y < 1 || y > 7 {
		return false
	}
	return (x >= 3 && x <= 5) || (y >= 3 && y <= 5)
}

// fgLinked reports whether two points are joined by a line (readings,
// Board, Lines): orthogonal neighbours, and diagonal neighbours where x+y
// is even.
func fgLinked(x, y, dx, dy int) bool {
	if !fgPoint(x, y) || !fgPoint(x+dx, y+dy) {
		return false
	}
	if dx != 0 && dy != 0 {
		return (x+y)%2 == 0
	}
	return true
}

var fgDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func fgName(x, y int) string { return fmt.Sprintf("%c%d", 'a'+x-1, y) }

// foxGeese: at[x][y] is 0 (empty), 'G' or 'F'; foxToMove says whose turn.
type foxGeese struct {
	at        [8][8]byte
	foxToMove bool
}

func newFoxGeese() foxGeese {
	var p foxGeese
	for _, c := range []string{"c1", "d1", "e1", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3", "f3", "g3"} {
		p.at[c[0]-'a'+1][c[1]-'0'] = 'G'
	}
	p.at[4][4] = 'F'
	return p
}

func (p foxGeese) geese() int {
	n := 0
	for x := 1; x <= 7; x++ {
		for y := 1; y <= 7; y++ {
			if p.at[x][y] == 'G' {
				n++
			}
		}
	}
	return n
}

// over: the fox has won (readings, End: fewer than 4 geese after its move).
func (p foxGeese) over() bool { return p.geese() < 4 }

func (p foxGeese) children(names bool) ([]foxGeese, []string) {
	if p.over() {
		return nil, nil
	}
	var kids []foxGeese
	var ns []string
	me := byte('G')
	if p.foxToMove {
		me = 'F'
	}
	for x := 1; x <= 7; x++ {
		for y := 1; y <= 7; y++ {
			if p.at[x][y] != me {
				continue
			}
			// a step to an adjacent empty point (Goose; Fox, step)
			for _, d := range fgDirs {
				if fgLinked(x, y, d[0], d[1]) && p.at[x+d[0]][y+d[1]] == 0 {
					k := p
					k.at[x][y], k.at[x+d[0]][y+d[1]] = 0, me
					k.foxToMove = !p.foxToMove
					kids = append(kids, k)
					if names {
						ns = append(ns, fgName(x, y)+"-"+fgName(x+d[0], y+d[1]))
					}
				}
			}
			if me != 'F' {
				continue
			}
			// the fox's chains of jumps: each over an adjacent goose to the
			// empty point beyond on the same line, the goose removed at
			// once; the fox may stop after any jump.
			var chain func(q foxGeese, x, y int, text string)
			chain = func(q foxGeese, x, y int, text string) {
				for _, d := range fgDirs {
					mx, my, tx, ty := x+d[0], y+d[1], x+2*d[0], y+2*d[1]
					if !fgLinked(x, y, d[0], d[1]) || !fgLinked(mx, my, d[0], d[1]) || q.at[mx][my] != 'G' || q.at[tx][ty] != 0 {
						continue
					}
					k := q
					k.at[x][y], k.at[mx][my], k.at[tx][ty] = 0, 0, 'F'
					t := text + "x" + fgName(tx, ty)
					done := k
					done.foxToMove = false
					kids = append(kids, done)
					if names {
						ns = append(ns, t)
					}
					chain(k, tx, ty, t)
				}
			}
			chain(p, x, y, fgName(x, y))
		}
	}
	return kids, ns
}

// The model's board is the readings' board, and its first moves are the
// ones worked out by hand.
func TestFoxGeeseModelHandWorked(t *testing.T) {
	pairs, diag := 0, 0
	for x := 1; x <= 7; x++ {
		for y := 1; y <= 7; y++ {
			for _, d := range fgDirs {
				if fgLinked(x, y, d[0], d[1]) {
					pairs++
					if d[0] != 0 && d[1] != 0 {
						diag++
					}
				}
			}
		}
	}
	// Board: "72 adjacent pairs in all: 52 orthogonal and 20 diagonal"
	if pairs/2 != 72 || diag/2 != 20 {
		t.Fatalf("model board: %d pairs, %d diagonal; want 72 and 20", pairs/2, diag/2)
	}
	// The geese move first; of the 13 only the row a3-g3 can move, into
	// a4, b4, c4, e4, f4, g4 (d3 is blocked by the fox; d3 has no diagonal):
	// a3-a4 a3-b4 b3-b4 c3-b4 c3-c4 e3-e4 e3-f4 f3-f4 g3-f4 g3-g4.
	if got := fmt.Sprint(modelMoves(newFoxGeese())); got != "[a3-a4 a3-b4 b3-b4 c3-b4 c3-c4 e3-e4 e3-f4 f3-f4 g3-f4 g3-g4]" {
		t.Fatalf("opening moves %s", got)
	}
	// After a3-a4 the fox on d4 has 5 empty neighbours (c4 c5 d5 e4 e5)
	// and no jump (beyond d3 is d2, a goose; beyond c3 and e3, no point).
	p, _ := modelPlay(newFoxGeese(), "a3-a4")
	if got := fmt.Sprint(modelMoves(p)); got != "[d4-c4 d4-c5 d4-d5 d4-e4 d4-e5]" {
		t.Fatalf("fox replies %s", got)
	}
}

// The perft golden is reproduced by the model.
func TestFoxGeeseModelReproducesPerft(t *testing.T) {
	data, err := os.ReadFile("../testdata/perft/traditional-fox-and-geese.txt")
	if errors.Is(err, fs.ErrNotExist) {
		t.Skip("no golden yet")
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
		if got := modelPerft(newFoxGeese(), d); got != want {
			t.Errorf("model perft(%d) = %d, golden says %d", d, got, want)
		}
	}
	if lines == 0 {
		t.Fatal("golden has no depths")
	}
}

// Random games in the engine and the model have the same legal moves, in
// the readings' notation, after every ply.
func TestFoxGeeseMatchesModel(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 40
	}
	crosscheckModel(t, "traditional/fox-and-geese", newFoxGeese(), games, 400)
}
