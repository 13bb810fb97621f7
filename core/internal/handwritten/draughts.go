package handwritten

import "math/rand/v2"

// Draughts is a hand-written English draughts (checkers; the rules R1-R6
// of testdata/variants/english-draughts.toml): a 64-square array of which
// the 32 dark squares are played, precomputed diagonal step and jump
// tables, captures found by a depth-first search that makes and unmakes
// each jump. It is the speed reference for the framework's
// test/english-draughts and is not used by the engine.
//
// Squares are numbered y*8+x, x the file (a = 0) and y the rank (1 = 0);
// a1 is dark.
type Draughts struct {
	board  [64]int8 // 0 empty, 1 Black man, 2 Black king, 3 White man, 4 White king
	toMove int      // 0 Black, 1 White
	plies  int
	moves  []DraughtsMove
}

// DraughtsMove is a move: a step (N = 1, not a capture) or a capture
// whose landings are Path[:N].
type DraughtsMove struct {
	From    int8
	N       int8
	Capture bool
	Path    [12]int8
}

// Diagonal directions: 0 ne, 1 nw (Black's forward), 2 se, 3 sw (White's).
var (
	drStepT [64][4]int8 // the neighbour, or -1
	drJumpT [64][4]int8 // the square beyond it, or -1
	drDirs  = [5][]int{nil, {0, 1}, {0, 1, 2, 3}, {2, 3}, {0, 1, 2, 3}}
)

func init() {
	vs := [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	on := func(x, y int) bool { return x >= 0 && x < 8 && y >= 0 && y < 8 }
	for c := 0; c < 64; c++ {
		x, y := c%8, c/8
		for d, v := range vs {
			drStepT[c][d], drJumpT[c][d] = -1, -1
			if on(x+v[0], y+v[1]) {
				drStepT[c][d] = int8((y+v[1])*8 + x + v[0])
			}
			if on(x+2*v[0], y+2*v[1]) {
				drJumpT[c][d] = int8((y+2*v[1])*8 + x + 2*v[0])
			}
		}
	}
}

// NewDraughts returns the start position.
func NewDraughts() *Draughts {
	d := &Draughts{moves: make([]DraughtsMove, 0, 64)}
	d.Reset()
	return d
}

// Reset sets up the start position (R1): Black's men on the dark squares
// of ranks 1-3, White's on 6-8, Black to move.
func (d *Draughts) Reset() {
	d.board = [64]int8{}
	for c := 0; c < 64; c++ {
		if x, y := c%8, c/8; (x+y)%2 == 0 {
			switch {
			case y <= 2:
				d.board[c] = 1
			case y >= 5:
				d.board[c] = 3
			}
		}
	}
	d.toMove, d.plies = 0, 0
}

// Square returns the piece on square c: 0 empty, 1 Black man, 2 Black
// king, 3 White man, 4 White king.
func (d *Draughts) Square(c int) int { return int(d.board[c]) }

// ToMove returns the side to move: 0 Black, 1 White.
func (d *Draughts) ToMove() int { return d.toMove }

// enemy reports whether piece v belongs to the side not to move.
func (d *Draughts) enemy(v int8) bool { return v != 0 && int(v-1)/2 != d.toMove }

// crowned returns what piece v becomes on square c (R5).
func crowned(v int8, c int) int8 {
	if (v == 1 && c >= 56) || (v == 3 && c < 8) {
		return v + 1
	}
	return v
}

// Moves fills out with the legal moves of the side to move: its captures
// when it has one (R4), else its steps; none means it has lost (R6).
func (d *Draughts) Moves(out []DraughtsMove) []DraughtsMove {
	out = out[:0]
	lo := int8(2*d.toMove + 1) // the side's man; +1 its king
	for c := 0; c < 64; c++ {
		if v := d.board[c]; v == lo || v == lo+1 {
			m := DraughtsMove{From: int8(c), Capture: true}
			d.board[c] = 0 // the square it leaves is empty for the rest of the chain
			out = d.jumps(out, &m, c, v)
			d.board[c] = v
		}
	}
	if len(out) > 0 {
		return out
	}
	for c := 0; c < 64; c++ {
		v := d.board[c]
		if v != lo && v != lo+1 {
			continue
		}
		for _, dir := range drDirs[v] {
			if t := drStepT[c][dir]; t >= 0 && d.board[t] == 0 {
				m := DraughtsMove{From: int8(c), N: 1}
				m.Path[0] = t
				out = append(out, m)
			}
		}
	}
	return out
}

// jumps appends every complete capture that goes on from square c with
// piece v, m holding the landings so far (R3-R5): a man crowned ends it.
func (d *Draughts) jumps(out []DraughtsMove, m *DraughtsMove, c int, v int8) []DraughtsMove {
	more := false
	for _, dir := range drDirs[v] {
		t := drJumpT[c][dir]
		if t < 0 {
			continue
		}
		over := drStepT[c][dir]
		if x := d.board[over]; !d.enemy(x) || d.board[t] != 0 {
			continue
		}
		more = true
		m.Path[m.N] = t
		m.N++
		if crowned(v, int(t)) != v {
			out = append(out, *m) // R5: crowned, the move ends
		} else {
			x := d.board[over]
			d.board[over] = 0
			out = d.jumps(out, m, int(t), v)
			d.board[over] = x
		}
		m.N--
	}
	if !more && m.N > 0 {
		out = append(out, *m)
	}
	return out
}

// Play plays a move of Moves.
func (d *Draughts) Play(m DraughtsMove) {
	v := d.board[m.From]
	d.board[m.From] = 0
	at := int(m.From)
	for _, t := range m.Path[:m.N] {
		if m.Capture {
			d.board[(at+int(t))/2] = 0
		}
		at = int(t)
	}
	d.board[at] = crowned(v, at)
	d.toMove = 1 - d.toMove
	d.plies++
}

// PlayoutDraughts plays uniformly random legal moves from the start until
// the side to move has none (it loses, R6); it returns the plies played.
func PlayoutDraughts(d *Draughts, rng *rand.Rand) int {
	d.Reset()
	for {
		moves := d.Moves(d.moves)
		d.moves = moves[:0]
		if len(moves) == 0 {
			return d.plies
		}
		d.Play(moves[rng.IntN(len(moves))])
	}
}

// PerftDraughts counts the move sequences of exactly depth plies.
func PerftDraughts(d *Draughts, depth int) int {
	if depth == 0 {
		return 1
	}
	moves := d.Moves(make([]DraughtsMove, 0, 32))
	if depth == 1 {
		return len(moves)
	}
	n := 0
	saved := *d
	for _, m := range moves {
		d.Play(m)
		n += PerftDraughts(d, depth-1)
		*d = saved
	}
	return n
}
