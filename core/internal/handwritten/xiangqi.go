package handwritten

import "math/rand/v2"

// Xiangqi is a hand-written Xiangqi (the readings of
// traditional-readings.md, 1. XIANGQI, without the perpetual-check rule,
// which needs the game's history): a 90-point mailbox, moves tried by
// make, attack test and unmake. It is the speed reference for the
// framework's traditional/xiangqi and is not used by the engine.
type Xiangqi struct {
	board  [90]int8 // 0 empty; +kind red, -kind green
	king   [2]int   // each side's general
	toMove int      // 0 red, 1 green
	plies  int
	moves  [2][]xqMove // per ply scratch: pseudo-legal and legal
}

// Piece kinds (the sign gives the side).
const (
	xqGeneral = iota + 1
	xqAdvisor
	xqElephant
	xqHorse
	xqChariot
	xqCannon
	xqPawn
)

// xqMove packs from (7 bits) and to (7 bits).
type xqMove uint16

func (m xqMove) from() int { return int(m & 127) }
func (m xqMove) to() int   { return int(m >> 7) }

func mkXq(from, to int) xqMove { return xqMove(from | to<<7) }

// XiangqiPlyLimit is the ply cap of traditional/xiangqi (its ply_limit).
const XiangqiPlyLimit = 400

// static tables
var (
	xqRaysT     [90][4][]int8   // orthogonal rays: n, e, s, w
	xqHorseT    [90][]xqLeap    // targets with the leg
	xqHorseRevT [90][]xqLeap    // origins that hit the cell, with their leg
	xqElephantT [2][90][]xqLeap // per side: targets on its own half, with the eye
	xqAdvisorT  [2][90][]int8   // per side: diagonal steps in the palace
	xqGenStepT  [2][90][]int8   // per side: orthogonal steps in the palace
	xqPawnT     [2][90][]int8   // per side: forward, and sideways across the river
)

type xqLeap struct{ to, block int8 }

func xqIdx(f, r int) int { return r*9 + f }

func xqOn(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }

func xqPalace(side, f, r int) bool {
	if f < 3 || f > 5 {
		return false
	}
	if side == 0 {
		return r <= 2
	}
	return r >= 7
}

func xqOwnHalf(side, r int) bool {
	if side == 0 {
		return r <= 4
	}
	return r >= 5
}

func init() {
	dirs := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	for r := 0; r < 10; r++ {
		for f := 0; f < 9; f++ {
			c := xqIdx(f, r)
			for d, v := range dirs {
				for x, y := f+v[0], r+v[1]; xqOn(x, y); x, y = x+v[0], y+v[1] {
					xqRaysT[c][d] = append(xqRaysT[c][d], int8(xqIdx(x, y)))
				}
			}
			for _, v := range [][4]int{{1, 2, 0, 1}, {-1, 2, 0, 1}, {1, -2, 0, -1}, {-1, -2, 0, -1}, {2, 1, 1, 0}, {2, -1, 1, 0}, {-2, 1, -1, 0}, {-2, -1, -1, 0}} {
				if x, y := f+v[0], r+v[1]; xqOn(x, y) {
					t, leg := xqIdx(x, y), xqIdx(f+v[2], r+v[3])
					xqHorseT[c] = append(xqHorseT[c], xqLeap{int8(t), int8(leg)})
					xqHorseRevT[t] = append(xqHorseRevT[t], xqLeap{int8(c), int8(leg)})
				}
			}
			for side := 0; side < 2; side++ {
				for _, v := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
					if x, y := f+2*v[0], r+2*v[1]; xqOn(x, y) && xqOwnHalf(side, y) && xqOwnHalf(side, r) {
						xqElephantT[side][c] = append(xqElephantT[side][c], xqLeap{int8(xqIdx(x, y)), int8(xqIdx(f+v[0], r+v[1]))})
					}
					if x, y := f+v[0], r+v[1]; xqOn(x, y) && xqPalace(side, x, y) && xqPalace(side, f, r) {
						xqAdvisorT[side][c] = append(xqAdvisorT[side][c], int8(xqIdx(x, y)))
					}
				}
				for _, v := range dirs {
					if x, y := f+v[0], r+v[1]; xqOn(x, y) && xqPalace(side, x, y) && xqPalace(side, f, r) {
						xqGenStepT[side][c] = append(xqGenStepT[side][c], int8(xqIdx(x, y)))
					}
				}
				fwd := 1
				if side == 1 {
					fwd = -1
				}
				if y := r + fwd; xqOn(f, y) {
					xqPawnT[side][c] = append(xqPawnT[side][c], int8(xqIdx(f, y)))
				}
				if !xqOwnHalf(side, r) {
					for _, x := range []int{f - 1, f + 1} {
						if xqOn(x, r) {
							xqPawnT[side][c] = append(xqPawnT[side][c], int8(xqIdx(x, r)))
						}
					}
				}
			}
		}
	}
}

// NewXiangqi returns the start position.
func NewXiangqi() *Xiangqi {
	x := &Xiangqi{}
	x.moves[0] = make([]xqMove, 0, 128)
	x.moves[1] = make([]xqMove, 0, 128)
	x.Reset()
	return x
}

// Reset sets up the start position.
func (x *Xiangqi) Reset() {
	x.board = [90]int8{}
	back := [9]int8{xqChariot, xqHorse, xqElephant, xqAdvisor, xqGeneral, xqAdvisor, xqElephant, xqHorse, xqChariot}
	for f, k := range back {
		x.board[xqIdx(f, 0)] = k
		x.board[xqIdx(f, 9)] = -k
	}
	x.board[xqIdx(1, 2)], x.board[xqIdx(7, 2)] = xqCannon, xqCannon
	x.board[xqIdx(1, 7)], x.board[xqIdx(7, 7)] = -xqCannon, -xqCannon
	for f := 0; f < 9; f += 2 {
		x.board[xqIdx(f, 3)] = xqPawn
		x.board[xqIdx(f, 6)] = -xqPawn
	}
	x.king = [2]int{xqIdx(4, 0), xqIdx(4, 9)}
	x.toMove, x.plies = 0, 0
}

// own reports whether c holds a piece of side.
func (x *Xiangqi) own(c, side int) bool {
	v := x.board[c]
	return v != 0 && (v > 0) == (side == 0)
}

// pseudo appends the moves of side ignoring its general's safety.
func (x *Xiangqi) pseudo(side int, out []xqMove) []xqMove {
	for c := 0; c < 90; c++ {
		v := x.board[c]
		if v == 0 || (v > 0) != (side == 0) {
			continue
		}
		k := v
		if k < 0 {
			k = -k
		}
		switch k {
		case xqGeneral:
			for _, t := range xqGenStepT[side][c] {
				if !x.own(int(t), side) {
					out = append(out, mkXq(c, int(t)))
				}
			}
		case xqAdvisor:
			for _, t := range xqAdvisorT[side][c] {
				if !x.own(int(t), side) {
					out = append(out, mkXq(c, int(t)))
				}
			}
		case xqElephant:
			for _, l := range xqElephantT[side][c] {
				if x.board[l.block] == 0 && !x.own(int(l.to), side) {
					out = append(out, mkXq(c, int(l.to)))
				}
			}
		case xqHorse:
			for _, l := range xqHorseT[c] {
				if x.board[l.block] == 0 && !x.own(int(l.to), side) {
					out = append(out, mkXq(c, int(l.to)))
				}
			}
		case xqChariot:
			for d := 0; d < 4; d++ {
				for _, t := range xqRaysT[c][d] {
					if x.board[t] == 0 {
						out = append(out, mkXq(c, int(t)))
						continue
					}
					if !x.own(int(t), side) {
						out = append(out, mkXq(c, int(t)))
					}
					break
				}
			}
		case xqCannon:
			for d := 0; d < 4; d++ {
				screen := false
				for _, t := range xqRaysT[c][d] {
					if !screen {
						if x.board[t] == 0 {
							out = append(out, mkXq(c, int(t)))
						} else {
							screen = true
						}
						continue
					}
					if x.board[t] != 0 {
						if !x.own(int(t), side) {
							out = append(out, mkXq(c, int(t)))
						}
						break
					}
				}
			}
		case xqPawn:
			for _, t := range xqPawnT[side][c] {
				if !x.own(int(t), side) {
					out = append(out, mkXq(c, int(t)))
				}
			}
		}
	}
	return out
}

// attacked reports whether side's general is attacked (or faces the other
// general on an open file).
func (x *Xiangqi) attacked(side int) bool {
	k := x.king[side]
	var enemy int8 = -1 // the sign of the enemy's pieces
	if side == 1 {
		enemy = 1
	}
	// rays: chariot or facing general at the first piece, cannon at the second
	for d := 0; d < 4; d++ {
		n := 0
		for _, t := range xqRaysT[k][d] {
			v := x.board[t]
			if v == 0 {
				continue
			}
			if n == 0 {
				if v == enemy*xqChariot || (v == enemy*xqGeneral && d%2 == 0) {
					return true
				}
				n = 1
				continue
			}
			if v == enemy*xqCannon {
				return true
			}
			break
		}
	}
	for _, l := range xqHorseRevT[k] {
		if x.board[l.to] == enemy*xqHorse && x.board[l.block] == 0 {
			return true
		}
	}
	// enemy pawns: one step forward onto k, or sideways when across
	eside := 1 - side
	for _, c := range [3]int{k - 1, k + 1, k - 9 + 18*(1-side)} {
		if c < 0 || c >= 90 || x.board[c] != enemy*xqPawn {
			continue
		}
		for _, t := range xqPawnT[eside][c] {
			if int(t) == k {
				return true
			}
		}
	}
	return false
}

// Moves fills the legal moves of the side to move into out.
func (x *Xiangqi) Moves(out []xqMove) []xqMove {
	side := x.toMove
	pseudo := x.pseudo(side, x.moves[1][:0])
	x.moves[1] = pseudo[:0]
	out = out[:0]
	for _, m := range pseudo {
		f, t := m.from(), m.to()
		v, cap := x.board[f], x.board[t]
		x.board[t], x.board[f] = v, 0
		if v == xqGeneral || v == -xqGeneral {
			x.king[side] = t
		}
		if !x.attacked(side) {
			out = append(out, m)
		}
		x.board[f], x.board[t] = v, cap
		if v == xqGeneral || v == -xqGeneral {
			x.king[side] = f
		}
	}
	return out
}

// Play plays a legal move.
func (x *Xiangqi) Play(m xqMove) {
	f, t := m.from(), m.to()
	v := x.board[f]
	x.board[t], x.board[f] = v, 0
	if v == xqGeneral || v == -xqGeneral {
		x.king[x.toMove] = t
	}
	x.toMove = 1 - x.toMove
	x.plies++
}

// PlayoutXiangqi plays uniformly random legal moves from the start until a
// side has no move (it loses) or the ply limit; it returns the plies.
func PlayoutXiangqi(x *Xiangqi, rng *rand.Rand) int {
	x.Reset()
	for x.plies < XiangqiPlyLimit {
		moves := x.Moves(x.moves[0])
		x.moves[0] = moves[:0]
		if len(moves) == 0 {
			break
		}
		x.Play(moves[rng.IntN(len(moves))])
	}
	return x.plies
}

// PerftXiangqi counts the move sequences of exactly depth plies.
func PerftXiangqi(x *Xiangqi, depth int) int {
	if depth == 0 {
		return 1
	}
	var buf [128]xqMove
	moves := x.Moves(buf[:0])
	if depth == 1 {
		return len(moves)
	}
	n := 0
	for _, m := range moves {
		f, t := m.from(), m.to()
		v, cap := x.board[f], x.board[t]
		side, plies := x.toMove, x.plies
		x.Play(m)
		n += PerftXiangqi(x, depth-1)
		x.board[f], x.board[t] = v, cap
		if v == xqGeneral || v == -xqGeneral {
			x.king[side] = f
		}
		x.toMove, x.plies = side, plies
	}
	return n
}
