package core_test

// An independent model of the Ring game as shared/rules/traditional-
// readings.md, Part B, reconstructs it (B.3 to B.11), written from the
// readings alone and sharing no code with the engine (no tables, no
// expressions): it proves the perft goldens in
// testdata/perft/traditional-ring-game*.txt and gives the legal moves of
// any position in the readings' notation (B.11), so random games can be
// cross-checked move for move. With neutral set it plays the optional
// 2-player variant (B.12, as variants/traditional/ring-game-neutral.toml
// reads it): Yellow's pieces are neutral, either player moves them, and
// the neutral pieces face down after a turn are the mover's choice.

import (
	"fmt"
	"sort"
	"strings"
)

// Where a piece is (B.3: Nests and Pens are reserves without spaces).
const (
	rgNest = iota
	rgRing
	rgPen
)

// rgDirs are the three line families of B.3, both ways: rows, columns and
// diagonals (c − r fixed).
var rgDirs = [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}}

// rgSpace reports whether (c, r) is a space of the Ring (B.3).
func rgSpace(c, r int) bool {
	return c >= 1 && c <= 7 && r >= 1 && r <= 7 && c-r <= 3 && r-c <= 3
}

func rgName(c, r int) string { return fmt.Sprintf("%c%d", 'a'+c-1, r) }

// A piece is seat*9 + outside*3 + inside, shapes 0 square, 1 circle, 2
// hex (B.4).
func rgOut(p int) int  { return p % 9 / 3 }
func rgIn(p int) int   { return p % 3 }
func rgSeat(p int) int { return p / 9 }

// rgType is the type name of B.4: outside upper case, inside lower case.
func rgType(p int) string { return string("SCH"[rgOut(p)]) + string("sch"[rgIn(p)]) }

// ringGame is a position of the model.
type ringGame struct {
	seats int
	// noRelease, noSwap switch off the release and the swap (to check an
	// engine variant without them).
	noRelease, noSwap bool
	at                [8][8]int8 // piece + 1 on (c, r), 0 empty
	loc               [27]int8
	cell              [27][2]int8
	down              [27]bool
	toMove            int
	out               [3]bool
	// hadCap[s]: s had a face-up piece with a capture target at the start
	// of its most recent turn (B.8, B(3); false before its first turn).
	hadCap [3]bool
	// neutral: the 2-player variant of B.12 (seats 0 and 1; Yellow's
	// pieces 18..26 neutral, their Nest and Pen shared); barred: the
	// neutral piece slid or placed on the last turn, + 1 (0: none), which
	// may not move now ("The same neutral piece cannot be moved on
	// consecutive turns").
	neutral bool
	barred  int8
	over    bool
	winner  int
}

func newRingGame(seats int) ringGame {
	p := ringGame{seats: seats, winner: -1}
	return p
}

func (p *ringGame) active(s int) bool { return s < p.seats && !p.out[s] }

// isNeutral reports whether piece q is neutral (B.12).
func (p *ringGame) isNeutral(q int) bool { return p.neutral && rgSeat(q) == 2 }

// typeName is the type name of q as notation writes it: a neutral piece's
// with a y before it (ySc).
func (p *ringGame) typeName(q int) string {
	if p.isNeutral(q) {
		return "y" + rgType(q)
	}
	return rgType(q)
}

// targets appends the opposing pieces piece q on (c, r) could take with one
// slide (B.6, "Capture targets"), moved by seat mover (B.12: a neutral
// piece jumps neutral pieces only, and the mover's pieces stop it).
func (p *ringGame) targets(q, c, r, mover int, out []int) []int {
	me := rgSeat(q)
	for _, d := range rgDirs {
		x, y := c+d[0], r+d[1]
		for rgSpace(x, y) {
			v := int(p.at[x][y]) - 1
			if v < 0 {
				x, y = x+d[0], y+d[1]
				continue
			}
			if rgSeat(v) == me {
				if p.down[v] {
					break // the owner's face-down pieces stop it
				}
				x, y = x+d[0], y+d[1] // and its face-up ones are jumped
				continue
			}
			if rgSeat(v) == mover {
				break // a neutral piece's mover's pieces stop it
			}
			if rgOut(v) == rgIn(q) {
				out = append(out, v)
			}
			break
		}
	}
	return out
}

// canCapture reports whether seat s has a face-up Ring piece with a
// capture target (B.8).
func (p *ringGame) canCapture(s int) bool {
	var buf [6]int
	for q := s * 9; q < s*9+9; q++ {
		if p.loc[q] == rgRing && !p.down[q] && len(p.targets(q, int(p.cell[q][0]), int(p.cell[q][1]), s, buf[:0])) > 0 {
			return true
		}
	}
	return false
}

func (p *ringGame) count(s int, where int8) int {
	n := 0
	for q := s * 9; q < s*9+9; q++ {
		if p.loc[q] == where {
			n++
		}
	}
	return n
}

// mayRelease reports whether the seat to move may release (B.8, condition
// sets A and B, against the opponents still in the game).
func (p *ringGame) mayRelease() bool {
	me := p.toMove
	a, b := true, !p.canCapture(me) && p.count(me, rgNest) == 0
	for o := 0; o < p.seats; o++ {
		if o == me || !p.active(o) {
			continue
		}
		if !(p.count(me, rgNest) < p.count(o, rgNest) && p.count(me, rgPen) > p.count(o, rgPen) && p.count(me, rgRing) < p.count(o, rgRing)) {
			a = false
		}
		if p.hadCap[o] {
			b = false
		}
	}
	return a || b
}

// flip turns face down the targets of q on (c, r), moved by mover, not in
// before (B.6); it returns the neutral ones face up, which it leaves to the
// mover's choice (B.12).
func (p *ringGame) flip(q, c, r, mover int, before []int) []int {
	var buf [6]int
	var choice []int
	for _, v := range p.targets(q, c, r, mover, buf[:0]) {
		skip := false
		for _, w := range before {
			skip = skip || w == v
		}
		switch {
		case skip:
		case p.isNeutral(v):
			if !p.down[v] {
				choice = append(choice, v)
			}
		default:
			p.down[v] = true
		}
	}
	return choice
}

// finish ends the turn of the seat to move (B.6 un-flip, B.8 record,
// B.10 elimination and end) and passes the turn.
func (k *ringGame) finish(me int, hadCap bool, moved int) {
	for q := me * 9; q < me*9+9; q++ {
		k.down[q] = false
	}
	k.barred = int8(moved + 1)
	k.hadCap[me] = hadCap
	left := 0
	for s := 0; s < k.seats; s++ {
		if k.out[s] {
			continue
		}
		if k.count(s, rgNest) == 0 && k.count(s, rgRing) == 0 {
			k.out[s] = true
			continue
		}
		left++
	}
	if left == 1 {
		k.over = true
		for s := 0; s < k.seats; s++ {
			if !k.out[s] {
				k.winner = s
			}
		}
	}
	for i := 1; i <= k.seats; i++ {
		if n := (me + i) % k.seats; !k.out[n] {
			k.toMove = n
			break
		}
	}
}

// standard appends the standard moves of the seat to move (B.6, B.7),
// waiting being a piece released this turn (-1: none), each as the
// position after the whole turn and its name.
func (p *ringGame) standard(waiting int, hadCap bool, kids []ringGame, names []string, prefix string, withNames bool) ([]ringGame, []string) {
	me := p.toMove
	// add ends the turn of k (moved: the neutral piece slid or placed, -1
	// none). B.12: the mover chooses which neutral pieces are face down
	// after it, among those his moved piece newly attacks (fresh) and
	// those already face down: one turn per subset, written *CELL for each
	// one face down, by row then column.
	add := func(k ringGame, name string, moved int, fresh []int) {
		if !p.neutral {
			k.finish(me, hadCap, -1)
			kids = append(kids, k)
			if withNames {
				names = append(names, prefix+name)
			}
			return
		}
		cand := append([]int(nil), fresh...)
		for v := 18; v < 27; v++ {
			if k.loc[v] == rgRing && k.down[v] {
				cand = append(cand, v)
			}
		}
		sort.Slice(cand, func(i, j int) bool {
			a, b := k.cell[cand[i]], k.cell[cand[j]]
			return a[1] < b[1] || a[1] == b[1] && a[0] < b[0]
		})
		for sub := 0; sub < 1<<len(cand); sub++ {
			kk := k
			text := prefix + name
			for i, v := range cand {
				kk.down[v] = sub>>i&1 != 0
				if kk.down[v] {
					text += "*" + rgName(int(k.cell[v][0]), int(k.cell[v][1]))
				}
			}
			kk.finish(me, hadCap, moved)
			kids = append(kids, kk)
			if withNames {
				names = append(names, text)
			}
		}
	}
	// neutralMoved is q when q is a neutral piece, else -1.
	neutralMoved := func(q int) int {
		if p.isNeutral(q) {
			return q
		}
		return -1
	}
	// the pieces the mover may move: his own, and (B.12) the neutral ones
	// but the one barred
	movers := []int{}
	for q := me * 9; q < me*9+9; q++ {
		movers = append(movers, q)
	}
	if p.neutral {
		for q := 18; q < 27; q++ {
			if int(p.barred) != q+1 {
				movers = append(movers, q)
			}
		}
	}
	var before [6]int
	// placements (B.7); B.12: a neutral piece only while the mover has a
	// piece of his own in the Ring
	ownInRing := p.count(me, rgRing) > 0
	for _, q := range movers {
		if p.loc[q] != rgNest || q == waiting || p.isNeutral(q) && !ownInRing {
			continue
		}
		for c := 1; c <= 7; c++ {
			for r := 1; r <= 7; r++ {
				if !rgSpace(c, r) || p.at[c][r] != 0 {
					continue
				}
				k := *p
				k.at[c][r] = int8(q + 1)
				k.loc[q], k.cell[q] = rgRing, [2]int8{int8(c), int8(r)}
				fresh := k.flip(q, c, r, me, nil)
				add(k, p.typeName(q)+"@"+rgName(c, r), neutralMoved(q), fresh)
			}
		}
	}
	// slides and captures (B.6)
	for _, q := range movers {
		if p.loc[q] != rgRing || p.down[q] {
			continue
		}
		side := rgSeat(q)
		c, r := int(p.cell[q][0]), int(p.cell[q][1])
		bt := p.targets(q, c, r, me, before[:0])
		for _, d := range rgDirs {
			x, y := c+d[0], r+d[1]
			for rgSpace(x, y) {
				v := int(p.at[x][y]) - 1
				if v >= 0 && rgSeat(v) == side {
					if p.down[v] {
						break
					}
					x, y = x+d[0], y+d[1]
					continue
				}
				if v >= 0 && (rgSeat(v) == me || rgOut(v) != rgIn(q)) {
					break
				}
				k := *p
				k.at[c][r] = 0
				k.at[x][y] = int8(q + 1)
				k.cell[q] = [2]int8{int8(x), int8(y)}
				sep := "-"
				if v >= 0 {
					k.loc[v], k.down[v] = rgPen, false
					sep = "x"
				}
				fresh := k.flip(q, x, y, me, bt)
				add(k, rgName(c, r)+sep+rgName(x, y), neutralMoved(q), fresh)
				if v >= 0 {
					break
				}
				x, y = x+d[0], y+d[1]
			}
		}
	}
	// swaps with the Pen (B.7): no flips; B.12: a neutral piece with a
	// neutral Pen piece (a swap is not a move: the barred piece too)
	if !p.noSwap {
		swappers := movers
		if p.neutral {
			swappers = append(append([]int(nil), movers...), int(p.barred)-1)
		}
		for _, q := range swappers {
			if q < 0 || p.loc[q] != rgRing || p.down[q] {
				continue
			}
			side := rgSeat(q)
			for w := side * 9; w < side*9+9; w++ {
				if p.loc[w] != rgPen || rgOut(w) != rgOut(q) {
					continue
				}
				k := *p
				c, r := p.cell[q][0], p.cell[q][1]
				k.at[c][r] = int8(w + 1)
				k.loc[w], k.cell[w] = rgRing, [2]int8{c, r}
				k.loc[q] = rgPen
				add(k, rgName(int(c), int(r))+"="+p.typeName(w), -1, nil)
			}
		}
	}
	return kids, names
}

func (p ringGame) children(withNames bool) ([]ringGame, []string) {
	if p.over {
		return nil, nil
	}
	me := p.toMove
	hadCap := p.canCapture(me)
	var kids []ringGame
	var names []string
	n := 0
	kids, names = p.standard(-1, hadCap, kids, names, "", withNames)
	if len(kids) == n {
		// B.9: no standard move: the un-flip-only turn
		k := p
		k.finish(me, hadCap, -1)
		kids = append(kids, k)
		names = append(names, "--")
	}
	if !p.noRelease && p.mayRelease() {
		for w := me * 9; w < me*9+9; w++ {
			if p.loc[w] != rgPen {
				continue
			}
			r := p
			r.loc[w] = rgNest
			n = len(kids)
			pre := "+" + rgType(w) + "/"
			kids, names = r.standard(w, hadCap, kids, names, pre, withNames)
			if len(kids) == n {
				k := r
				k.finish(me, hadCap, -1)
				kids = append(kids, k)
				names = append(names, pre+"--")
			}
		}
	}
	if !withNames {
		names = nil
	}
	return kids, names
}

// countStandard counts the standard moves of the seat to move without
// playing them (waiting: a piece released this turn, -1 none).
func (p *ringGame) countStandard(waiting int) int {
	me := p.toMove
	empty, nest, n := 0, 0, 0
	for c := 1; c <= 7; c++ {
		for r := 1; r <= 7; r++ {
			if rgSpace(c, r) && p.at[c][r] == 0 {
				empty++
			}
		}
	}
	for q := me * 9; q < me*9+9; q++ {
		if p.loc[q] == rgNest && q != waiting {
			nest++
		}
		if p.loc[q] != rgRing || p.down[q] {
			continue
		}
		c, r := int(p.cell[q][0]), int(p.cell[q][1])
		for _, d := range rgDirs {
			for x, y := c+d[0], r+d[1]; rgSpace(x, y); x, y = x+d[0], y+d[1] {
				v := int(p.at[x][y]) - 1
				if v < 0 {
					n++
					continue
				}
				if rgSeat(v) == me && !p.down[v] {
					continue
				}
				if rgSeat(v) != me && rgOut(v) == rgIn(q) {
					n++
				}
				break
			}
		}
		if !p.noSwap {
			for w := me * 9; w < me*9+9; w++ {
				if p.loc[w] == rgPen && rgOut(w) == rgOut(q) {
					n++
				}
			}
		}
	}
	if p.neutral && p.count(me, rgRing) > 0 {
		// B.12: the neutral Nest's pieces too (no neutral piece in the
		// Ring: no neutral flip to choose, no neutral slide or swap)
		for q := 18; q < 27; q++ {
			if p.loc[q] == rgNest {
				nest++
			}
		}
	}
	return n + nest*empty
}

// neutralInRing reports whether a neutral piece stands in the Ring (B.12).
func (p *ringGame) neutralInRing() bool {
	for q := 18; q < 27; q++ {
		if p.loc[q] == rgRing {
			return true
		}
	}
	return false
}

// countMoves is len(children), counted without playing the moves.
func (p ringGame) countMoves() int {
	if p.over {
		return 0
	}
	if p.neutral && p.neutralInRing() {
		kids, _ := p.children(false)
		return len(kids)
	}
	n := max(1, p.countStandard(-1))
	if !p.noRelease && p.mayRelease() {
		me := p.toMove
		for w := me * 9; w < me*9+9; w++ {
			if p.loc[w] == rgPen {
				r := p
				r.loc[w] = rgNest
				n += max(1, r.countStandard(w))
			}
		}
	}
	return n
}

// ringModelPerft counts the move sequences of exactly d plies.
func ringModelPerft(p ringGame, d int) uint64 {
	if d == 0 {
		return 1
	}
	if d == 1 {
		return uint64(p.countMoves())
	}
	kids, _ := p.children(false)
	var n uint64
	for _, k := range kids {
		n += ringModelPerft(k, d-1)
	}
	return n
}

// ringModelSetup builds a position from a spec: "blue:Sc@d4 blue:Ch@e5!"
// puts pieces on the Ring ("!": face down), "red:Sc#" in the Pen; every
// other piece of the seats in play stays in its Nest.
func ringModelSetup(seats, toMove int, spec string) ringGame {
	p := newRingGame(seats)
	p.toMove = toMove
	for _, f := range strings.Fields(spec) {
		seatName, rest, _ := strings.Cut(f, ":")
		seat := map[string]int{"blue": 0, "red": 1, "yellow": 2}[seatName]
		typ := rest[:2]
		q := seat*9 + strings.IndexByte("SCH", typ[0])*3 + strings.IndexByte("sch", typ[1])
		switch {
		case strings.HasSuffix(rest, "#"):
			p.loc[q] = rgPen
		default:
			cellName := strings.TrimSuffix(rest[3:], "!")
			c, r := int(cellName[0]-'a')+1, int(cellName[1]-'0')
			p.at[c][r] = int8(q + 1)
			p.loc[q], p.cell[q] = rgRing, [2]int8{int8(c), int8(r)}
			p.down[q] = strings.HasSuffix(rest, "!")
		}
	}
	return p
}

// ringModelMoves is modelMoves, sorted.
func ringModelMoves(p ringGame) []string {
	_, names := p.children(true)
	out := append([]string(nil), names...)
	sort.Strings(out)
	return out
}
