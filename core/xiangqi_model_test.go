package core_test

// An independent model of Xiangqi as traditional-readings.md, 1. XIANGQI
// reads it, written from the text alone (it uses neither the engine nor
// the hand-written benchmark reference): pieces on (file, rank), moves
// listed piece by piece from the readings' Moves section, and check found
// the slow way, by listing every move the opponent could make (the facing
// Generals as a capture along the open file), as the readings define it.
// It is the oracle for the perft goldens and the move lists of random games.

import (
	"fmt"
	"sort"
)

type xqModel struct {
	// sq[f][r]: "" or side ("r"/"g") + piece letter (K A E H R C P)
	sq   [9][10]string
	side string // "r" or "g"
	// seen: every position of the game so far, the current one included
	// (the perpetual-check rule; perft ignores it)
	seen []string
}

func newXqModel() *xqModel {
	m := &xqModel{side: "r"}
	back := "RHEAKAEHR"
	for f := 0; f < 9; f++ {
		m.sq[f][0] = "r" + string(back[f])
		m.sq[f][9] = "g" + string(back[f])
	}
	m.sq[1][2], m.sq[7][2] = "rC", "rC"
	m.sq[1][7], m.sq[7][7] = "gC", "gC"
	for f := 0; f < 9; f += 2 {
		m.sq[f][3], m.sq[f][6] = "rP", "gP"
	}
	m.seen = []string{m.key()}
	return m
}

// key names the position: the whole board and the side to move.
func (m *xqModel) key() string { return fmt.Sprint(m.sq, m.side) }

func xqName(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }

func other(side string) string {
	if side == "r" {
		return "g"
	}
	return "r"
}

type xqMv struct{ f1, r1, f2, r2 int }

func inBoard(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }

// inPalace: files d-f, ranks 1-3 (Red) or 8-10 (Green).
func inPalace(side string, f, r int) bool {
	return f >= 3 && f <= 5 && ((side == "r" && r <= 2) || (side == "g" && r >= 7))
}

// onOwnHalf: Red's ranks 1-5, Green's 6-10.
func onOwnHalf(side string, r int) bool {
	return (side == "r" && r <= 4) || (side == "g" && r >= 5)
}

// pseudo lists side's moves by the Moves section, ignoring check; with
// facing, a General also "captures" along an open file (check (2)).
func (m *xqModel) pseudo(side string, facing bool) []xqMv {
	var out []xqMv
	canLand := func(f, r int) bool {
		return inBoard(f, r) && (m.sq[f][r] == "" || m.sq[f][r][:1] != side)
	}
	add := func(f1, r1, f2, r2 int) {
		if canLand(f2, r2) {
			out = append(out, xqMv{f1, r1, f2, r2})
		}
	}
	fwd := 1
	if side == "g" {
		fwd = -1
	}
	orth := [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	diag := [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	for f := 0; f < 9; f++ {
		for r := 0; r < 10; r++ {
			p := m.sq[f][r]
			if p == "" || p[:1] != side {
				continue
			}
			switch p[1] {
			case 'K':
				for _, d := range orth {
					if inPalace(side, f+d[0], r+d[1]) {
						add(f, r, f+d[0], r+d[1])
					}
				}
				if facing {
					for _, d := range [][2]int{{0, 1}, {0, -1}} {
						for x, y := f, r+d[1]; inBoard(x, y); y += d[1] {
							if q := m.sq[x][y]; q != "" {
								if q == other(side)+"K" {
									out = append(out, xqMv{f, r, x, y})
								}
								break
							}
						}
					}
				}
			case 'A':
				for _, d := range diag {
					if inPalace(side, f+d[0], r+d[1]) {
						add(f, r, f+d[0], r+d[1])
					}
				}
			case 'E':
				for _, d := range diag {
					x, y := f+2*d[0], r+2*d[1]
					if inBoard(x, y) && onOwnHalf(side, y) && m.sq[f+d[0]][r+d[1]] == "" {
						add(f, r, x, y)
					}
				}
			case 'H':
				for _, d := range orth {
					legF, legR := f+d[0], r+d[1]
					if !inBoard(legF, legR) || m.sq[legF][legR] != "" {
						continue
					}
					// then one point diagonally outward
					if d[0] == 0 {
						add(f, r, legF+1, legR+d[1])
						add(f, r, legF-1, legR+d[1])
					} else {
						add(f, r, legF+d[0], legR+1)
						add(f, r, legF+d[0], legR-1)
					}
				}
			case 'R':
				for _, d := range orth {
					for x, y := f+d[0], r+d[1]; inBoard(x, y); x, y = x+d[0], y+d[1] {
						add(f, r, x, y)
						if m.sq[x][y] != "" {
							break
						}
					}
				}
			case 'C':
				for _, d := range orth {
					screen := false
					for x, y := f+d[0], r+d[1]; inBoard(x, y); x, y = x+d[0], y+d[1] {
						if !screen {
							if m.sq[x][y] == "" {
								add(f, r, x, y)
							} else {
								screen = true
							}
							continue
						}
						if m.sq[x][y] != "" {
							if m.sq[x][y][:1] != side {
								add(f, r, x, y)
							}
							break
						}
					}
				}
			case 'P':
				add(f, r, f, r+fwd)
				if !onOwnHalf(side, r) {
					add(f, r, f-1, r)
					add(f, r, f+1, r)
				}
			}
		}
	}
	return out
}

func (m *xqModel) apply(v xqMv) (undo string) {
	undo = m.sq[v.f2][v.r2]
	m.sq[v.f2][v.r2], m.sq[v.f1][v.r1] = m.sq[v.f1][v.r1], ""
	m.side = other(m.side)
	return undo
}

func (m *xqModel) unapply(v xqMv, undo string) {
	m.sq[v.f1][v.r1], m.sq[v.f2][v.r2] = m.sq[v.f2][v.r2], undo
	m.side = other(m.side)
}

// inCheck: some move of the opponent (facing included) lands on side's General.
func (m *xqModel) inCheck(side string) bool {
	for _, v := range m.pseudo(other(side), true) {
		if m.sq[v.f2][v.r2] == side+"K" {
			return true
		}
	}
	return false
}

func (m *xqModel) legal() []xqMv {
	var out []xqMv
	side := m.side
	for _, v := range m.pseudo(side, false) {
		u := m.apply(v)
		if !m.inCheck(side) {
			out = append(out, v)
		}
		m.unapply(v, u)
	}
	return out
}

// perpetual reports whether v gives check and makes a position that has
// already arisen twice (readings, Perpetual check: "the third repetition by
// perpetual check is refused").
func (m *xqModel) perpetual(v xqMv) bool {
	u := m.apply(v)
	defer m.unapply(v, u)
	if !m.inCheck(m.side) {
		return false
	}
	n, k := 0, m.key()
	for _, x := range m.seen {
		if x == k {
			n++
		}
	}
	return n >= 2
}

// moves: the legal moves in the readings' notation (h3-e3, b3xb10), sorted.
func (m *xqModel) moves() []string {
	var out []string
	for _, v := range m.legal() {
		if m.perpetual(v) {
			continue
		}
		sep := "-"
		if m.sq[v.f2][v.r2] != "" {
			sep = "x"
		}
		out = append(out, xqName(v.f1, v.r1)+sep+xqName(v.f2, v.r2))
	}
	sort.Strings(out)
	return out
}

func (m *xqModel) perft(d int) int {
	if d == 0 {
		return 1
	}
	ms := m.legal()
	if d == 1 {
		return len(ms)
	}
	n := 0
	for _, v := range ms {
		u := m.apply(v)
		n += m.perft(d - 1)
		m.unapply(v, u)
	}
	return n
}

// play plays a move given in notation (one of moves()).
func (m *xqModel) play(text string) bool {
	for _, v := range m.legal() {
		sep := "-"
		if m.sq[v.f2][v.r2] != "" {
			sep = "x"
		}
		if xqName(v.f1, v.r1)+sep+xqName(v.f2, v.r2) == text && !m.perpetual(v) {
			m.apply(v)
			m.seen = append(m.seen, m.key())
			return true
		}
	}
	return false
}
