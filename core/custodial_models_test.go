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
	"strings"
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

// ---- Latrunculi (readings, "5. LATRUNCULI") ----

const (
	ltEmpty int8 = iota
	ltStone
	ltKing
)

// latrunculi: sq[i] is 0 empty, else kind (1 stone, 2 king) + 2*seat... kept
// as two arrays for clarity: kind and owner (0 Dark, 1 Light). captured
// counts the enemy stones each side has taken. over is set when the game
// has ended. Repetition is not modelled: readings, Repetition, it cannot
// act below depth 12, and the model is used for perft and for games the
// tests check for repetitions themselves.
type latrunculi struct {
	kind     [64]int8
	owner    [64]int8
	toMove   int8
	captured [2]int8
	over     bool
}

func newLatrunculi(kingsSecond bool) latrunculi {
	var p latrunculi
	for i := 0; i < 16; i++ {
		p.kind[i], p.owner[i] = ltStone, 0
		p.kind[63-i], p.owner[63-i] = ltStone, 1
	}
	dk, lk := 4, 59 // e1, d8
	if kingsSecond {
		dk, lk = 12, 51 // e2, d7
	}
	p.kind[dk], p.kind[lk] = ltKing, ltKing
	return p
}

func ltAt(i int, d [2]int) int {
	c, r := i%8+d[0], i/8+d[1]
	if c < 0 || c > 7 || r < 0 || r > 7 {
		return -1
	}
	return r*8 + c
}

func ltCorner(i int) bool { return i == 0 || i == 7 || i == 56 || i == 63 }

// immobile: readings, Immobilisation: no neighbour of the king on c is
// empty, and at least one holds an enemy piece.
func (p *latrunculi) immobile(seat int8) bool {
	king := -1
	for i := range p.kind {
		if p.kind[i] == ltKing && p.owner[i] == seat {
			king = i
		}
	}
	enemy := false
	for _, d := range orth {
		j := ltAt(king, d)
		if j < 0 {
			continue
		}
		if p.kind[j] == ltEmpty {
			return false
		}
		if p.owner[j] != seat {
			enemy = true
		}
	}
	return enemy
}

func (p latrunculi) children(names bool) ([]latrunculi, []string) {
	if p.over {
		return nil, nil
	}
	var kids []latrunculi
	var notes []string
	me := p.toMove
	for i := 0; i < 64; i++ {
		if p.kind[i] == ltEmpty || p.owner[i] != me {
			continue
		}
		for _, d := range orth {
			for t := ltAt(i, d); t >= 0 && p.kind[t] == ltEmpty; t = ltAt(t, d) {
				q := p
				q.kind[t], q.owner[t] = p.kind[i], me
				q.kind[i], q.owner[i] = ltEmpty, 0
				var taken []int
				mine := func(c int) bool { return c >= 0 && q.kind[c] != ltEmpty && q.owner[c] == me }
				enemy := func(c int) bool { return c >= 0 && q.kind[c] != ltEmpty && q.owner[c] != me }
				for _, e := range orth {
					// line capture: the run of enemy pieces from t, closed
					// by a piece of the mover's; its stones are taken
					j := ltAt(t, e)
					var run []int
					for enemy(j) {
						run = append(run, j)
						j = ltAt(j, e)
					}
					if len(run) > 0 && mine(j) {
						for _, v := range run {
							if q.kind[v] == ltStone {
								taken = append(taken, v)
							}
						}
					}
					// corner capture: an enemy stone on a corner with both
					// neighbours the mover's, one of them t
					v := ltAt(t, e)
					if enemy(v) && q.kind[v] == ltStone && ltCorner(v) {
						both := true
						for _, f := range orth {
							if n := ltAt(v, f); n >= 0 && !mine(n) {
								both = false
							}
						}
						if both {
							taken = append(taken, v)
						}
					}
				}
				sort.Ints(taken)
				taken = dedupe(taken)
				for _, v := range taken {
					q.kind[v], q.owner[v] = ltEmpty, 0
				}
				q.captured[me] += int8(len(taken))
				q.toMove = 1 - me
				if q.immobile(1-me) || q.immobile(me) {
					q.over = true
				}
				kids = append(kids, q)
				if names {
					var b strings.Builder
					b.WriteString(sqName(i, 8) + "-" + sqName(t, 8))
					for _, v := range taken {
						b.WriteString("x" + sqName(v, 8))
					}
					notes = append(notes, b.String())
				}
			}
		}
	}
	return kids, notes
}

func dedupe(xs []int) []int {
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
