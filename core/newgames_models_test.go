package core_test

// Independent models of the games a new designer wrote from the format's
// documentation (testdata/variants: connect-four.toml, reversi.toml,
// hex.toml and hex-small.toml, lines-of-action.toml, english-draughts.toml,
// gomoku.toml and gomoku-small.toml, amazons.toml and amazons-small.toml, each with its rules R1… in its header),
// written from those rules alone and sharing no code with the engine. They
// prove the perft goldens testdata/perft/test-{connect-four,reversi,
// hex-small,lines-of-action,english-draughts,gomoku-small,amazons,
// amazons-small}.txt and give the legal moves and the winner of any position, so
// random games can be cross-checked move for move and result for result.

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

// ngModel is a position of one of these models: its children (with their
// notation when names is set) and, once it has none, its winner (-1: a
// draw).
type ngModel[T any] interface {
	children(names bool) ([]T, []string)
	winner() int
}

// gridName names cell (x, y), both 1-based: a1 is the bottom left.
func gridName(x, y int) string { return string(rune('a'+x-1)) + itoa(y) }

// ---- Connect Four (testdata/variants/connect-four.toml, R1-R4) ----

// c4: cell[x][y] is 0 (empty), 1 (Red) or 2 (Yellow), x 0..6, y 0..5.
type c4 struct {
	cell   [7][6]int8
	toMove int8 // 0 Red, 1 Yellow
	won    int8 // 0: no winner yet; 1 or 2: that seat + 1 made four
}

func (p c4) winner() int { return int(p.won) - 1 }

// fourAt reports whether the disc on (x, y) is one of four or more of its
// colour in a row (R3).
func (p *c4) fourAt(x, y int) bool {
	who := p.cell[x][y]
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		run := 1
		for _, sign := range []int{1, -1} {
			for k := 1; ; k++ {
				a, b := x+sign*k*d[0], y+sign*k*d[1]
				if a < 0 || a >= 7 || b < 0 || b >= 6 || p.cell[a][b] != who {
					break
				}
				run++
			}
		}
		if run >= 4 {
			return true
		}
	}
	return false
}

func (p c4) children(names bool) ([]c4, []string) {
	if p.won != 0 {
		return nil, nil
	}
	var kids []c4
	var ns []string
	for x := 0; x < 7; x++ {
		y := 0
		for y < 6 && p.cell[x][y] != 0 {
			y++
		}
		if y == 6 {
			continue // R2: a full column takes no disc
		}
		k := p
		k.cell[x][y] = p.toMove + 1
		if k.fourAt(x, y) {
			k.won = p.toMove + 1
		}
		k.toMove = 1 - p.toMove
		kids = append(kids, k)
		if names {
			ns = append(ns, gridName(x+1, y+1))
		}
	}
	return kids, ns
}

// ---- Reversi (testdata/variants/reversi.toml, R1-R5) ----

// reversi: cell[x][y] is 0, 1 (Black) or 2 (White), x and y 0..7.
type reversi struct {
	cell   [8][8]int8
	toMove int8
}

func newReversi() reversi {
	var p reversi
	p.cell[3][3], p.cell[4][4] = 2, 2 // d4, e5 White
	p.cell[3][4], p.cell[4][3] = 1, 1 // d5, e4 Black
	return p
}

var rvDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// outflanked returns the discs a disc of who on (x, y) would turn (R2, R3).
func (p *reversi) outflanked(x, y int, who int8) [][2]int {
	var out [][2]int
	for _, d := range rvDirs {
		var run [][2]int
		a, b := x+d[0], y+d[1]
		for a >= 0 && a < 8 && b >= 0 && b < 8 && p.cell[a][b] == 3-who {
			run = append(run, [2]int{a, b})
			a, b = a+d[0], b+d[1]
		}
		if len(run) > 0 && a >= 0 && a < 8 && b >= 0 && b < 8 && p.cell[a][b] == who {
			out = append(out, run...)
		}
	}
	return out
}

// placements returns the positions after each legal disc of the seat to
// move, and their cells.
func (p reversi) placements(names bool) ([]reversi, []string) {
	var kids []reversi
	var ns []string
	who := p.toMove + 1
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			if p.cell[x][y] != 0 {
				continue
			}
			turned := p.outflanked(x, y, who)
			if len(turned) == 0 {
				continue
			}
			k := p
			k.cell[x][y] = who
			for _, c := range turned {
				k.cell[c[0]][c[1]] = who
			}
			k.toMove = 1 - p.toMove
			kids = append(kids, k)
			if names {
				ns = append(ns, gridName(x+1, y+1))
			}
		}
	}
	return kids, ns
}

func (p reversi) children(names bool) ([]reversi, []string) {
	kids, ns := p.placements(names)
	if len(kids) > 0 {
		return kids, ns
	}
	// R4: pass only when the other player can move
	other := p
	other.toMove = 1 - p.toMove
	if more, _ := other.placements(false); len(more) > 0 {
		return []reversi{other}, []string{"pass"}
	}
	return nil, nil
}

func (p reversi) winner() int {
	var n [3]int
	for x := range 8 {
		for y := range 8 {
			n[p.cell[x][y]]++
		}
	}
	switch {
	case n[1] > n[2]:
		return 0
	case n[2] > n[1]:
		return 1
	}
	return -1
}

// ---- Hex (testdata/variants/hex.toml, R1-R3) ----

// hexModel is an n×n Hex rhombus in its own coordinates: cell (i, j),
// 0-based, where j is the row (Red's edges are j = 0 and j = n-1) and i the
// place along it (Blue's edges are i = 0 and i = n-1). Its neighbours are
// (i±1, j), (i, j±1), (i+1, j-1) and (i-1, j+1). Written in the file's
// hex cells, row j+1 starts j columns right: column i+j+1.
type hexModel struct {
	n      int
	cell   []int8 // [j*n+i]: 0, 1 Red, 2 Blue
	toMove int8
	won    int8
	ply    int
	swap   bool // R4: Blue may take Red's first stone
	// reflect: R4 with the parameter reflect: the stone taken moves
	// across the long diagonal, from (i, j) to (j, i)
	reflect bool
}

func newHexModel(n int) hexModel { return hexModel{n: n, cell: make([]int8, n*n), swap: true} }

func (p hexModel) winner() int { return int(p.won) - 1 }

func (p hexModel) name(i, j int) string { return gridName(i+j+1, j+1) }

// joined reports whether who's stones join his two edges (R3), by a search
// from one edge.
func (p hexModel) joined(who int8) bool {
	n := p.n
	seen := make([]bool, n*n)
	var stack []int
	for k := 0; k < n; k++ {
		c := k // Red: row 0
		if who == 2 {
			c = k * n // Blue: i = 0
		}
		if p.cell[c] == who {
			seen[c] = true
			stack = append(stack, c)
		}
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i, j := c%n, c/n
		if (who == 1 && j == n-1) || (who == 2 && i == n-1) {
			return true
		}
		for _, d := range [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}} {
			a, b := i+d[0], j+d[1]
			if a < 0 || a >= n || b < 0 || b >= n {
				continue
			}
			if x := b*n + a; !seen[x] && p.cell[x] == who {
				seen[x] = true
				stack = append(stack, x)
			}
		}
	}
	return false
}

func (p hexModel) children(names bool) ([]hexModel, []string) {
	if p.won != 0 {
		return nil, nil
	}
	var kids []hexModel
	var ns []string
	for j := 0; j < p.n; j++ {
		for i := 0; i < p.n; i++ {
			if p.cell[j*p.n+i] != 0 && !(p.swap && p.ply == 1) {
				continue
			}
			k := p
			k.ply++
			k.cell = slices.Clone(p.cell)
			name := p.name(i, j)
			at := j*p.n + i
			if p.cell[at] != 0 {
				name = "^" + name // R4: Red's first stone becomes Blue's
				if p.reflect && i != j {
					// ... on its mirror image
					k.cell[at] = 0
					at = i*p.n + j
					name += "-" + p.name(j, i)
				}
			}
			k.cell[at] = p.toMove + 1
			if k.joined(p.toMove + 1) {
				k.won = p.toMove + 1
			}
			k.toMove = 1 - p.toMove
			kids = append(kids, k)
			if names {
				ns = append(ns, name)
			}
		}
	}
	return kids, ns
}

// ---- Lines of Action (testdata/variants/lines-of-action.toml, R1-R5) ----

// loa: cell[x][y] is 0, 1 (Black) or 2 (White), x and y 0..7.
type loa struct {
	cell   [8][8]int8
	toMove int8
	won    int8
}

func newLOA() loa {
	var p loa
	for k := 1; k <= 6; k++ {
		p.cell[k][0], p.cell[k][7] = 1, 1 // b1-g1, b8-g8
		p.cell[0][k], p.cell[7][k] = 2, 2 // a2-a7, h2-h7
	}
	return p
}

func (p loa) winner() int { return int(p.won) - 1 }

// joined reports whether who's pieces are one group of squares touching
// across sides or corners (R5).
func (p *loa) joined(who int8) bool {
	var seen [8][8]bool
	var stack [][2]int
	total := 0
	for x := range 8 {
		for y := range 8 {
			if p.cell[x][y] == who {
				total++
				if len(stack) == 0 && total == 1 {
					seen[x][y] = true
					stack = append(stack, [2]int{x, y})
				}
			}
		}
	}
	reached := 0
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		for _, d := range rvDirs {
			a, b := c[0]+d[0], c[1]+d[1]
			if a >= 0 && a < 8 && b >= 0 && b < 8 && !seen[a][b] && p.cell[a][b] == who {
				seen[a][b] = true
				stack = append(stack, [2]int{a, b})
			}
		}
	}
	return total > 0 && reached == total
}

func (p loa) moves(names bool) ([]loa, []string) {
	var kids []loa
	var ns []string
	me := p.toMove + 1
	on := func(a, b int) bool { return a >= 0 && a < 8 && b >= 0 && b < 8 }
	for x := range 8 {
		for y := range 8 {
			if p.cell[x][y] != me {
				continue
			}
			for _, d := range rvDirs {
				// R2: the pieces on the whole line through (x, y)
				n := 1
				for _, sign := range []int{1, -1} {
					for a, b := x+sign*d[0], y+sign*d[1]; on(a, b); a, b = a+sign*d[0], b+sign*d[1] {
						if p.cell[a][b] != 0 {
							n++
						}
					}
				}
				tx, ty := x+n*d[0], y+n*d[1]
				if !on(tx, ty) || p.cell[tx][ty] == me {
					continue // R3: not off the board, not onto its own
				}
				blocked := false
				for k := 1; k < n; k++ {
					if p.cell[x+k*d[0]][y+k*d[1]] == 3-me {
						blocked = true // R3: never over an opponent's piece
					}
				}
				if blocked {
					continue
				}
				k := p
				capture := k.cell[tx][ty] != 0
				k.cell[x][y], k.cell[tx][ty] = 0, me
				k.toMove = 1 - p.toMove
				switch {
				case k.joined(me): // R5: the mover first
					k.won = me
				case k.joined(3 - me):
					k.won = 3 - me
				}
				kids = append(kids, k)
				if names {
					sep := "-"
					if capture {
						sep = "x"
					}
					ns = append(ns, gridName(x+1, y+1)+sep+gridName(tx+1, ty+1))
				}
			}
		}
	}
	return kids, ns
}

func (p loa) children(names bool) ([]loa, []string) {
	if p.won != 0 {
		return nil, nil
	}
	kids, ns := p.moves(names)
	if len(kids) > 0 {
		return kids, ns
	}
	other := p
	other.toMove = 1 - p.toMove
	if more, _ := other.moves(false); len(more) > 0 {
		return []loa{other}, []string{"pass"} // R4
	}
	return nil, nil
}

// ---- English draughts (testdata/variants/english-draughts.toml, R1-R6) ----

// draughts: cell[x][y] is 0, 1 (Black man), 2 (Black king), 3 (White man)
// or 4 (White king); only squares with x+y even (0-based) are played.
type draughts struct {
	cell   [8][8]int8
	toMove int8
}

func newDraughts() draughts {
	var p draughts
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			if (x+y)%2 != 0 {
				continue
			}
			switch {
			case y <= 2:
				p.cell[x][y] = 1
			case y >= 5:
				p.cell[x][y] = 3
			}
		}
	}
	return p
}

// winner is asked of a position with no move: its seat to move lost (R6).
func (p draughts) winner() int { return 1 - int(p.toMove) }

// dirsOf returns the diagonal steps the piece may take (R2, R3).
func (draughts) dirsOf(piece int8) [][2]int {
	switch piece {
	case 1:
		return [][2]int{{1, 1}, {-1, 1}}
	case 3:
		return [][2]int{{1, -1}, {-1, -1}}
	}
	return [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
}

func (p draughts) mine(v int8) bool  { return v != 0 && (v-1)/2 == p.toMove }
func (p draughts) enemy(v int8) bool { return v != 0 && (v-1)/2 != p.toMove }

// crown returns the piece a man becomes on row y (R5), or the piece.
func crown(piece int8, y int) int8 {
	if (piece == 1 && y == 7) || (piece == 3 && y == 0) {
		return piece + 1
	}
	return piece
}

// jumps appends every complete capture of the piece now on (x, y),
// text being its notation so far (R3-R5).
func (p draughts) jumps(x, y int, text string, kids *[]draughts, ns *[]string, names bool) {
	piece := p.cell[x][y]
	more := false
	for _, d := range p.dirsOf(piece) {
		mx, my, tx, ty := x+d[0], y+d[1], x+2*d[0], y+2*d[1]
		if tx < 0 || tx > 7 || ty < 0 || ty > 7 || !p.enemy(p.cell[mx][my]) || p.cell[tx][ty] != 0 {
			continue
		}
		more = true
		k := p
		k.cell[x][y], k.cell[mx][my] = 0, 0
		next := text + "x" + gridName(tx+1, ty+1)
		if c := crown(piece, ty); c != piece {
			k.cell[tx][ty] = c // R5: crowned, the move ends
			k.done(kids, ns, next+"="+map[int8]string{2: "B", 4: "W"}[c], names)
			continue
		}
		k.cell[tx][ty] = piece
		k.jumps(tx, ty, next, kids, ns, names)
	}
	if !more && strings.Contains(text, "x") {
		p.done(kids, ns, text, names)
	}
}

// done adds p, the position after the mover's move, as a child.
func (p draughts) done(kids *[]draughts, ns *[]string, text string, names bool) {
	p.toMove = 1 - p.toMove
	*kids = append(*kids, p)
	if names {
		*ns = append(*ns, text)
	}
}

func (p draughts) children(names bool) ([]draughts, []string) {
	var kids []draughts
	var ns []string
	for x := range 8 {
		for y := range 8 {
			if p.mine(p.cell[x][y]) {
				p.jumps(x, y, gridName(x+1, y+1), &kids, &ns, names)
			}
		}
	}
	if len(kids) > 0 {
		return kids, ns // R4: a capture is compulsory
	}
	for x := range 8 {
		for y := range 8 {
			piece := p.cell[x][y]
			if !p.mine(piece) {
				continue
			}
			for _, d := range p.dirsOf(piece) {
				tx, ty := x+d[0], y+d[1]
				if tx < 0 || tx > 7 || ty < 0 || ty > 7 || p.cell[tx][ty] != 0 {
					continue
				}
				k := p
				k.cell[x][y], k.cell[tx][ty] = 0, crown(piece, ty)
				text := gridName(x+1, y+1) + "-" + gridName(tx+1, ty+1)
				if c := crown(piece, ty); c != piece {
					text += "=" + map[int8]string{2: "B", 4: "W"}[c]
				}
				k.done(&kids, &ns, text, names)
			}
		}
	}
	return kids, ns
}

// ---- Gomoku (testdata/variants/gomoku.toml, R1-R3) ----

// gomoku is an n×n board, cell[y*n+x] 0, 1 (Black) or 2 (White); row is
// the winning length and exact forbids overlines (R2).
type gomoku struct {
	n, row int
	exact  bool
	cell   []int8
	toMove int8
	won    int8
}

func newGomoku(n, row int, exact bool) gomoku {
	return gomoku{n: n, row: row, exact: exact, cell: make([]int8, n*n)}
}

func (p gomoku) winner() int { return int(p.won) - 1 }

// wins reports whether the stone on (x, y) makes a winning row (R2): along
// some line the run through it is row long, or with overlines allowed at
// least row.
func (p gomoku) wins(x, y int) bool {
	who := p.cell[y*p.n+x]
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		run := 1
		for _, sign := range []int{1, -1} {
			for k := 1; ; k++ {
				a, b := x+sign*k*d[0], y+sign*k*d[1]
				if a < 0 || a >= p.n || b < 0 || b >= p.n || p.cell[b*p.n+a] != who {
					break
				}
				run++
			}
		}
		if run == p.row || (!p.exact && run > p.row) {
			return true
		}
	}
	return false
}

func (p gomoku) children(names bool) ([]gomoku, []string) {
	if p.won != 0 {
		return nil, nil
	}
	var kids []gomoku
	var ns []string
	for y := 0; y < p.n; y++ {
		for x := 0; x < p.n; x++ {
			if p.cell[y*p.n+x] != 0 {
				continue
			}
			k := p
			k.cell = slices.Clone(p.cell)
			k.cell[y*p.n+x] = p.toMove + 1
			if k.wins(x, y) {
				k.won = p.toMove + 1
			}
			k.toMove = 1 - p.toMove
			kids = append(kids, k)
			if names {
				ns = append(ns, gridName(x+1, y+1))
			}
		}
	}
	return kids, ns
}

// ---- The Game of the Amazons (testdata/variants/amazons.toml, R1-R3) ----

// amazons is an n×n board, cell[y*n+x] 0 (empty), 1 (White amazon), 2
// (Black amazon) or 3 (an arrow).
type amazons struct {
	n      int
	cell   []int8
	toMove int8
}

func newAmazons(n int, white, black []string) amazons {
	p := amazons{n: n, cell: make([]int8, n*n)}
	put := func(name string, v int8) {
		x, y := int(name[0]-'a'), 0
		for _, c := range name[1:] {
			y = y*10 + int(c-'0')
		}
		p.cell[(y-1)*n+x] = v
	}
	for _, c := range white {
		put(c, 1)
	}
	for _, c := range black {
		put(c, 2)
	}
	return p
}

// winner is asked of a position with no move: its seat to move lost (R3).
func (p amazons) winner() int { return 1 - int(p.toMove) }

// queenTargets returns the empty cells a queen on (x, y) reaches (R2).
func (p amazons) queenTargets(x, y int) [][2]int {
	var out [][2]int
	for _, d := range rvDirs {
		for a, b := x+d[0], y+d[1]; a >= 0 && a < p.n && b >= 0 && b < p.n && p.cell[b*p.n+a] == 0; a, b = a+d[0], b+d[1] {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

func (p amazons) children(names bool) ([]amazons, []string) {
	var kids []amazons
	var ns []string
	me := p.toMove + 1
	for y := 0; y < p.n; y++ {
		for x := 0; x < p.n; x++ {
			if p.cell[y*p.n+x] != me {
				continue
			}
			for _, l := range p.queenTargets(x, y) {
				moved := p
				moved.cell = slices.Clone(p.cell)
				moved.cell[y*p.n+x], moved.cell[l[1]*p.n+l[0]] = 0, me
				for _, a := range moved.queenTargets(l[0], l[1]) {
					k := moved
					k.cell = slices.Clone(moved.cell)
					k.cell[a[1]*p.n+a[0]] = 3
					k.toMove = 1 - p.toMove
					kids = append(kids, k)
					if names {
						ns = append(ns, gridName(x+1, y+1)+"-"+gridName(l[0]+1, l[1]+1)+"/"+gridName(a[0]+1, a[1]+1))
					}
				}
			}
		}
	}
	return kids, ns
}

func newAmazonsBig() amazons {
	return newAmazons(10, []string{"a4", "d1", "g1", "j4"}, []string{"a7", "d10", "g10", "j7"})
}

func newAmazonsSmall() amazons {
	return newAmazons(6, []string{"b1", "e1"}, []string{"b6", "e6"})
}

// ---- the goldens and the cross-checks ----

func ngPerft[T ngModel[T]](p T, d int) uint64 {
	if d == 0 {
		return 1
	}
	kids, _ := p.children(false)
	if d == 1 {
		return uint64(len(kids))
	}
	var n uint64
	for _, k := range kids {
		n += ngPerft(k, d-1)
	}
	return n
}

// readGolden returns the depths and counts of a perft golden file.
func readGolden(t *testing.T, path string) (depths []int, counts []uint64) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var d int
		var want uint64
		if _, err := fmt.Sscanf(line, "depth %d: %d", &d, &want); err != nil {
			t.Fatalf("%s: bad line %q", path, line)
		}
		depths = append(depths, d)
		counts = append(counts, want)
	}
	if len(depths) == 0 {
		t.Fatalf("%s: no depths", path)
	}
	return depths, counts
}

// The perft goldens of the new games are the models' counts.
func TestNewGamesModelsReproducePerftGoldens(t *testing.T) {
	for _, tc := range []struct {
		golden string
		perft  func(d int) uint64
	}{
		{"test-connect-four", func(d int) uint64 { return ngPerft(c4{}, d) }},
		{"test-reversi", func(d int) uint64 { return ngPerft(newReversi(), d) }},
		{"test-hex-small", func(d int) uint64 { return ngPerft(newHexModel(3), d) }},
		{"test-lines-of-action", func(d int) uint64 { return ngPerft(newLOA(), d) }},
		{"test-english-draughts", func(d int) uint64 { return ngPerft(newDraughts(), d) }},
		{"test-gomoku-small", func(d int) uint64 { return ngPerft(newGomoku(4, 3, true), d) }},
		{"test-amazons", func(d int) uint64 { return ngPerft(newAmazonsBig(), d) }},
		{"test-amazons-small", func(d int) uint64 { return ngPerft(newAmazonsSmall(), d) }},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			depths, counts := readGolden(t, "../testdata/perft/"+tc.golden+".txt")
			for i, d := range depths {
				if testing.Short() && counts[i] > 200000 {
					continue
				}
				if got := tc.perft(d); got != counts[i] {
					t.Errorf("model perft(%d) = %d, golden says %d", d, got, counts[i])
				}
			}
		})
	}
}

// ngCrosscheck plays random games in the engine and in the model and
// compares the sorted legal moves after every ply, and the winner at the
// end.
func ngCrosscheck[T ngModel[T]](t *testing.T, g *core.Game, start T, games, seed int) {
	t.Helper()
	ngCrosscheckPlies(t, g, start, games, seed, 1<<30)
}

// ngCrosscheckPlies is ngCrosscheck with games cut after maxPlies (the
// winner is then not compared).
func ngCrosscheckPlies[T ngModel[T]](t *testing.T, g *core.Game, start T, games, seed, maxPlies int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
	buf := make([]core.Move, 0, 256)
	wins := map[int]int{}
	for game := 0; game < games; game++ {
		s := g.NewState()
		p := start
		for ply := 0; ply < maxPlies; ply++ {
			buf = g.Settle(s, buf)
			got := make([]string, 0, len(buf))
			for _, m := range buf {
				got = append(got, g.Format(s, m))
			}
			sort.Strings(got)
			kids, names := p.children(true)
			want := slices.Clone(names)
			sort.Strings(want)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: engine %v, model %v", game, ply, got, want)
			}
			if len(buf) == 0 {
				r := g.Result(s)
				if !r.Over || r.Winner != p.winner() {
					t.Fatalf("game %d ply %d: engine result %+v, model winner %d", game, ply, r, p.winner())
				}
				wins[r.Winner]++
				break
			}
			i := rng.IntN(len(buf))
			text := g.Format(s, buf[i])
			if err := g.Play(s, buf[i]); err != nil {
				t.Fatal(err)
			}
			p = kids[slices.Index(names, text)]
		}
	}
	t.Logf("%d games: wins by seat (-1 draws) %v", games, wins)
}

func TestConnectFourMatchesModel(t *testing.T) {
	ngCrosscheck(t, loadFile(t, "../testdata/variants/connect-four.toml"), c4{}, 300, 1)
}

func TestReversiMatchesModel(t *testing.T) {
	ngCrosscheck(t, loadFile(t, "../testdata/variants/reversi.toml"), newReversi(), 100, 2)
}

func TestHexMatchesModel(t *testing.T) {
	ngCrosscheck(t, loadFile(t, "../testdata/variants/hex.toml"), newHexModel(11), 30, 3)
	ngCrosscheck(t, loadFile(t, "../testdata/variants/hex-small.toml"), newHexModel(3), 300, 4)
	noSwap := newHexModel(3)
	noSwap.swap = false
	ngCrosscheck(t, loadFile(t, "../testdata/variants/hex-small.toml", "swap=false"), noSwap, 300, 5)
	reflected := newHexModel(4)
	reflected.reflect = true
	ngCrosscheck(t, loadFile(t, "../testdata/variants/hex.toml", "size=4", "reflect=true"), reflected, 300, 14)
}

func TestLinesOfActionMatchesModel(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	ngCrosscheck(t, loadFile(t, "../testdata/variants/lines-of-action.toml"), newLOA(), games, 6)
}

func TestEnglishDraughtsMatchesModel(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	ngCrosscheckPlies(t, loadFile(t, "../testdata/variants/english-draughts.toml"), newDraughts(), games, 8, 300)
}

// Gomoku on 7×7 plays into rows of six and seven often: with exactly five
// (the file's default) they do not win, free-style they do.
func TestGomokuMatchesModel(t *testing.T) {
	ngCrosscheck(t, loadFile(t, "../testdata/variants/gomoku.toml", "size=7"), newGomoku(7, 5, true), 200, 9)
	ngCrosscheck(t, loadFile(t, "../testdata/variants/gomoku.toml", "size=7", "overlines=true"), newGomoku(7, 5, false), 200, 10)
	ngCrosscheck(t, loadFile(t, "../testdata/variants/gomoku.toml"), newGomoku(15, 5, true), 20, 11)
}

func TestAmazonsMatchesModel(t *testing.T) {
	ngCrosscheck(t, loadFile(t, "../testdata/variants/amazons-small.toml"), newAmazonsSmall(), 60, 12)
	ngCrosscheckPlies(t, loadFile(t, "../testdata/variants/amazons.toml"), newAmazonsBig(), 2, 13, 40)
}

// The new games' playouts allocate nothing once warm: the hot paths of
// gravity, flank, connected, distance = "line", line_exactly, a place
// follow-up with clear_path, turn, and follow-ups that move a piece.
func TestNewGamesPlayoutsAllocateNothing(t *testing.T) {
	for _, f := range []string{"connect-four", "reversi", "hex", "lines-of-action", "english-draughts", "gomoku", "amazons-small", "breakthrough-marseillais", "breakthrough-hit-and-run", "konane"} {
		g := loadFile(t, "../testdata/variants/"+f+".toml")
		start := g.NewState()
		s := g.NewState()
		rng := rand.New(rand.NewPCG(4, 4))
		buf := make([]core.Move, 0, 4096)
		play := func() {
			s.CopyFrom(start)
			var err error
			if buf, err = g.Playout(s, rng, buf, nil); err != nil {
				t.Fatal(err)
			}
		}
		for range 5 {
			play()
		}
		if n := testing.AllocsPerRun(5, play); n != 0 {
			t.Errorf("%s: %.1f allocations per playout, want 0", f, n)
		}
	}
}
