package core_test

// Independent models of Hnefatafl and Latrunculi, written from
// shared/rules/traditional-readings.md, Part 2, sections "4. HNEFATAFL" and
// "5. LATRUNCULI", alone; they share no code with the engine. They prove the
// perft goldens (testdata/perft/traditional-hnefatafl.txt,
// traditional-latrunculi.txt) and give the legal moves of any position in the
// readings' notation, so random games are cross-checked move for move
// (crosscheckModel in traditional_models_test.go).

import (
	"sort"
)

// sqName names square i of a w-wide grid: file letter, rank number from 1.
func sqName(i, w int) string {
	return string(rune('a'+i%w)) + itoa(i/w+1)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// orthogonal steps as (dcol, drow)
var orth = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// ---- Hnefatafl (readings, "4. HNEFATAFL") ----

const (
	hnEmpty int8 = iota
	hnAttacker
	hnDefender
	hnKing
)

const hnThrone = 4*9 + 4 // e5

// hnefatafl: sq holds the 81 squares, a1 = 0, b1 = 1, …, i9 = 80; toMove
// 0 is Black (the attackers), 1 White; over is set when the game has ended.
type hnefatafl struct {
	sq     [81]int8
	toMove int8
	over   bool
}

func newHnefatafl() hnefatafl {
	var p hnefatafl
	put := func(k int8, cells ...string) {
		for _, c := range cells {
			p.sq[int(c[0]-'a')+9*int(c[1]-'1')] = k
		}
	}
	put(hnKing, "e5")
	put(hnDefender, "e3", "e4", "e6", "e7", "c5", "d5", "f5", "g5")
	put(hnAttacker, "a4", "a5", "a6", "b5", "i4", "i5", "i6", "h5", "d1", "e1", "f1", "e2", "d9", "e9", "f9", "e8")
	return p
}

func hnCorner(i int) bool { return i == 0 || i == 8 || i == 72 || i == 80 }

// hnAt returns the square one step from i, or -1 off the board.
func hnAt(i int, d [2]int) int {
	c, r := i%9+d[0], i/9+d[1]
	if c < 0 || c > 8 || r < 0 || r > 8 {
		return -1
	}
	return r*9 + c
}

func hnSide(k int8) int8 {
	switch k {
	case hnAttacker:
		return 0
	case hnDefender, hnKing:
		return 1
	}
	return -1
}

// targets lists where the piece on i may go: any number of empty squares
// orthogonally; never onto the throne (it may pass over it when empty);
// onto a corner only the King.
func (p *hnefatafl) targets(i int, out []int) []int {
	for _, d := range orth {
		for j := hnAt(i, d); j >= 0 && p.sq[j] == hnEmpty; j = hnAt(j, d) {
			if j == hnThrone || (hnCorner(j) && p.sq[i] != hnKing) {
				continue
			}
			out = append(out, j)
		}
	}
	return out
}

// kingHostile: a square next to the King (-1: off the board) that is
// hostile to him: an edge, the throne, a corner, or an attacker.
func (p *hnefatafl) kingHostile(j int) bool {
	return j < 0 || j == hnThrone || hnCorner(j) || p.sq[j] == hnAttacker
}

func (p hnefatafl) children(names bool) ([]hnefatafl, []string) {
	if p.over {
		return nil, nil
	}
	var kids []hnefatafl
	var notes []string
	var buf []int
	for i := 0; i < 81; i++ {
		if p.sq[i] == hnEmpty || hnSide(p.sq[i]) != p.toMove {
			continue
		}
		buf = p.targets(i, buf[:0])
		for _, t := range buf {
			q := p
			q.sq[t], q.sq[i] = p.sq[i], hnEmpty
			var taken []int
			// custodial capture of enemy non-King pieces
			for _, d := range orth {
				v := hnAt(t, d)
				if v < 0 || q.sq[v] == hnEmpty || q.sq[v] == hnKing || hnSide(q.sq[v]) == p.toMove {
					continue
				}
				b := hnAt(v, d)
				if b < 0 {
					continue
				}
				if (q.sq[b] != hnEmpty && hnSide(q.sq[b]) == p.toMove) || (hnCorner(b) && q.sq[b] == hnEmpty) {
					taken = append(taken, v)
				}
			}
			for _, v := range taken {
				q.sq[v] = hnEmpty
			}
			sort.Ints(taken)
			king := -1
			for j := 0; j < 81; j++ {
				if q.sq[j] == hnKing {
					king = j
				}
			}
			if p.toMove == 0 && king >= 0 && q.kingTaken(king, t) {
				q.sq[king] = hnEmpty
				taken = append(taken, king)
				q.over = true // Black wins
			}
			if king >= 0 && hnCorner(king) {
				q.over = true // White wins
			}
			q.toMove = 1 - p.toMove
			kids = append(kids, q)
			if names {
				s := sqName(i, 9) + "-" + sqName(t, 9)
				for _, v := range taken {
					s += "x" + sqName(v, 9)
				}
				notes = append(notes, s)
			}
		}
	}
	return kids, notes
}

// kingTaken applies readings 4, King capture, (a) and (b), after a Black
// move that landed on t.
func (q *hnefatafl) kingTaken(king, t int) bool {
	touches := func(c int) bool {
		for _, d := range orth {
			if hnAt(c, d) == t {
				return true
			}
		}
		return false
	}
	defender, others := -1, 0
	for _, d := range orth {
		j := hnAt(king, d)
		if q.kingHostile(j) {
			continue
		}
		if j >= 0 && q.sq[j] == hnDefender {
			defender = j
			others++
			continue
		}
		return false // an empty ordinary square next to him
	}
	if others == 0 {
		return touches(king) // (a)
	}
	if others > 1 {
		return false
	}
	// (b): the pair's other neighbours hostile, the moved piece next to the
	// pair, neither can move
	for _, d := range orth {
		j := hnAt(defender, d)
		if j != king && !q.kingHostile(j) {
			return false
		}
	}
	if !touches(king) && !touches(defender) {
		return false
	}
	return len(q.targets(king, nil)) == 0 && len(q.targets(defender, nil)) == 0
}
