package core_test

// Rule tests of the primitives the new games needed: a placement's
// gravity (Connect Four R2), the flank effect and flanks() (Reversi R2-R3)
// and the connected end (Hex R3; with no regions, every piece in one
// group). Each builds a small position and checks what the rule says.

import (
	"strings"
	"testing"

	"rulesmith/core"
)

// ngLoad compiles an inline variant or fails.
func ngLoad(t *testing.T, src string) *core.Game {
	t.Helper()
	g, err := core.LoadBytes("ng.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// ngLoadErr compiles an inline variant that must fail, and returns the
// error's text.
func ngLoadErr(t *testing.T, src string) string {
	t.Helper()
	_, err := core.LoadBytes("ng.toml", []byte(src))
	if err == nil {
		t.Fatal("loaded; want an error")
	}
	return err.Error()
}

// owners writes who owns each listed cell ("." for empty), for assertions.
func owners(g *core.Game, s *core.State, cells ...string) string {
	var b strings.Builder
	for _, name := range cells {
		c, _ := g.Board().Index(name)
		switch o := s.Owner(c); {
		case o < 0 && s.Top(c) >= 0:
			b.WriteByte('n')
		case o < 0:
			b.WriteByte('.')
		default:
			b.WriteString(g.Seats()[o][:1])
		}
	}
	return b.String()
}

const gravityGame = `
name = "test/gravity"
[players]
seats = ["x", "o"]
[board]
kind = "grid"
width = 3
height = 3
[pieces.xs]
owner = "x"
[pieces.os]
owner = "o"
[setup.hand]
x = ["xs:5"]
o = ["os:4"]
[moves.drop]
type = "place"
gravity = "s"
`

// Connect Four R2: a disc falls to the lowest empty cell of its column, so
// only the lowest empty cell of each column not full is a move, and a
// floating cell is refused naming the empty cell below it.
func TestGravityPlacesOnTheLowestEmptyCell(t *testing.T) {
	g := ngLoad(t, gravityGame)
	s := g.NewState()
	if got := legal(g, s); got != "a1 b1 c1" {
		t.Fatalf("start: %q, want the bottom row a1 b1 c1", got)
	}
	play(t, g, s, "b1")
	play(t, g, s, "b2")
	if got := legal(g, s); got != "a1 b3 c1" {
		t.Fatalf("after b1 b2: %q, want a1 b3 c1", got)
	}
	play(t, g, s, "b3")
	if got := legal(g, s); got != "a1 c1" {
		t.Fatalf("column b full: %q, want a1 c1", got)
	}
	_, err := g.Parse(s, "c2")
	if err == nil || !strings.Contains(err.Error(), "a piece put on c2 falls s (gravity): c1 below it is empty") {
		t.Fatalf("c2: %v, want the gravity refusal", err)
	}
	// north: pieces fall to the top row instead
	g = ngLoad(t, strings.Replace(gravityGame, `gravity = "s"`, `gravity = "n"`, 1))
	if got := legal(g, g.NewState()); got != "a3 b3 c3" {
		t.Fatalf("gravity n: %q, want a3 b3 c3", got)
	}
}

// gravity names a direction of the board; an unknown one is an error at
// its value, listing the directions.
func TestGravityErrors(t *testing.T) {
	got := ngLoadErr(t, strings.Replace(gravityGame, `gravity = "s"`, `gravity = "down"`, 1))
	if want := `ng.toml:18:11: moves.drop.gravity: unknown direction "down" (directions: n, e, s, w)`; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	pits := `
name = "test/gravity-pits"
[players]
seats = ["x", "o"]
[board]
kind = "pits"
pits = 3
stores = false
[pieces.xs]
owner = "x"
[setup.hand]
x = ["xs:2"]
[moves.drop]
type = "place"
gravity = "s"
`
	got = ngLoadErr(t, pits)
	if want := "moves.drop.gravity: the board has no directions"; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

const flankGame = `
name = "test/flank"
[players]
seats = ["black", "white"]
[board]
kind = "grid"
width = 6
height = 6
diagonal = true
[pieces.b]
owner = "black"
role = "disc"
[pieces.w]
owner = "white"
role = "disc"
glyph = "W"
[pieces.stone]
glyph = "N"
[setup.hand]
black = ["b:4"]
white = ["w:4"]
[setup.reserve]
black = ["b:%d"]
white = ["w:4"]
[setup.pieces]
%s
[moves.disc]
type = "place"
when = 'flanks(to) > 0'
after = ["turn"]
[effects.turn]
type = "flank"
`

func flankPosition(t *testing.T, reserve int, pieces string) *core.Game {
	t.Helper()
	src := strings.Replace(flankGame, "%d", itoa(reserve), 1)
	return ngLoad(t, strings.Replace(src, "%s", pieces, 1))
}

// Reversi R2, R3: a disc turns every unbroken run of opposing discs that
// ends in one of the mover's, along every line from it, and nothing else:
// not a run that ends in an empty cell, the board's edge or a neutral
// piece, and not the discs beyond the mover's own.
func TestFlankTurnsEveryClosedRun(t *testing.T) {
	g := flankPosition(t, 8, `
a1 = "b"
b1 = "w"
d1 = "w"
e1 = "w"
f1 = "b"
c3 = "w"
c4 = "w"
c5 = "b"
c6 = "w"
d2 = "w"
e3 = "w"
f4 = "stone"
b2 = "w"
a3 = "w"`)
	s := g.NewState()
	// c1: west run b1 closed by a1 (1), east run d1 e1 closed by f1 (2),
	// north run c3 c4 broken by the empty c2 (0), north-east d2 e3 ends on
	// the neutral f4 (0), north-west b2 a3 ends off the board (0)
	if got := legal(g, s); !strings.Contains(" "+got+" ", " c1 ") {
		t.Fatalf("moves %q: c1 outflanks b1 and d1 e1", got)
	}
	play(t, g, s, "c1")
	if got, want := owners(g, s, "a1", "b1", "c1", "d1", "e1", "f1"), "bbbbbb"; got != want {
		t.Fatalf("row 1 after c1: %s, want %s (both runs turned)", got, want)
	}
	if got, want := owners(g, s, "c3", "c4", "c5", "c6", "d2", "e3", "f4", "b2", "a3"), "wwbwwwnww"; got != want {
		t.Fatalf("other lines after c1: %s, want %s (no run closed there)", got, want)
	}
	// the turned discs are Black's kind now, not White's marked another way
	for _, name := range []string{"b1", "c1", "d1", "e1"} {
		c, _ := g.Board().Index(name)
		if k := g.PieceKindOf(s.Top(c)).Name; k != "b" {
			t.Fatalf("%s holds a %s, want b", name, k)
		}
	}
	// and a place that outflanks nothing is no move (R2)
	if _, err := g.Parse(s, "f6"); err == nil {
		t.Fatal("f6 outflanks nothing but was accepted")
	}
}

// A disc is turned by exchanging it for a spare piece of the mover's kind
// of the same role; with none spare (none in reserve, none taken) it stays
// as it is, and the move still stands.
func TestFlankWithoutSpareLeavesThePiece(t *testing.T) {
	g := flankPosition(t, 1, `
a1 = "b"
b1 = "w"
c1 = "w"`)
	s := g.NewState()
	play(t, g, s, "d1")
	// one black spare (the reserve's): c1, nearest along the ray, turns;
	// then none is left (the white disc c1 went off the board, a spare of
	// White's, not Black's), so b1 stays White
	if got := owners(g, s, "a1", "b1", "c1", "d1"); got != "bwbb" {
		t.Fatalf("row 1: %s, want bwbb (one spare only)", got)
	}
}

// flank needs every seat's kinds to have a role the other seats share.
func TestFlankNeedsRoles(t *testing.T) {
	src := strings.Replace(flankGame, "%d", "4", 1)
	src = strings.Replace(src, "%s", `a1 = "b"`, 1)
	got := ngLoadErr(t, strings.Replace(src, "[pieces.w]\nowner = \"white\"\nrole = \"disc\"", "[pieces.w]\nowner = \"white\"", 1))
	if want := `effects.turn: kind "w" has no role; flank turns a piece into the mover's kind of the same role ([pieces.w] role)`; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	got = ngLoadErr(t, strings.Replace(src, "[pieces.w]\nowner = \"white\"\nrole = \"disc\"", "[pieces.w]\nowner = \"white\"\nrole = \"stone\"", 1))
	if want := `effects.turn: seat white has no kind of role "disc" (the role of "b"), so flank could not turn such a piece to its side`; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// connectedGame is a game of stones on a board of the given kind and
// rows, won by a connected end with the given keys.
func connectedGame(board, end string) string {
	return `
name = "test/connected"
[players]
seats = ["x", "o"]
[board]
` + board + `
[board.regions]
west = 'col == 1'
east = 'col == width_'
south = 'row == 1'
[pieces.xs]
owner = "x"
flags = ["big"]
[pieces.xt]
owner = "x"
[pieces.os]
owner = "o"
[setup.hand]
x = ["xs:40", "xt:40"]
o = ["os:80"]
[moves.stone]
type = "place"
order = "choice"
[end.joined]
type = "connected"
` + end
}

// The connected end: one group of the seat's pieces must touch every
// listed region; two groups that touch them between them do not win. Run
// on an 8×8 grid (bit masks) and a 9×9 grid (the general flood).
func TestConnectedOneGroupTouchesEveryRegion(t *testing.T) {
	for _, w := range []string{"8", "9"} {
		board := "kind = \"grid\"\nwidth = " + w + "\nheight = " + w + "\n[board.attrs]\nwidth_ = '" + w + "'"
		g := ngLoad(t, connectedGame(board, `regions = ["west", "east", "south"]`))
		s := g.NewState()
		// x: a row along row 2 from col 1 to col w-1, a separate group on
		// the east edge and the south edge; o answers far away
		moves := []string{}
		n := int(w[0] - '0')
		for x := 1; x < n; x++ {
			moves = append(moves, "xs@"+gridName(x, 2))
		}
		moves = append(moves, "xs@"+gridName(n, 4), "xs@"+gridName(n, 1))
		for i, m := range moves {
			play(t, g, s, m)
			if r := g.Result(s); r.Over {
				t.Fatalf("width %s: over after %s: %+v", w, m, r)
			}
			play(t, g, s, "os@"+gridName(1+i%n, n-i/n))
		}
		// n-1 on row 2 touches west; the stone on row 1 at col n touches
		// east and south but not the row; n,4 touches east only: no win.
		// Joining n,1 to the row through n,2 (via n-1,2) makes one group
		// touching all three.
		play(t, g, s, "xs@"+gridName(n, 2))
		if r := g.Result(s); !r.Over || r.Winner != 0 {
			t.Fatalf("width %s: joined: %+v, want x wins", w, r)
		}
	}
}

// With no regions the seat wins when all its pieces on the board are one
// group; with a flag only the flagged pieces count.
func TestConnectedAllPiecesOneGroup(t *testing.T) {
	for _, w := range []string{"8", "9"} {
		board := "kind = \"grid\"\nwidth = " + w + "\nheight = " + w + "\n[board.attrs]\nwidth_ = '" + w + "'"
		g := ngLoad(t, connectedGame(board, ""))
		s := g.NewState()
		// one piece is one group: x wins at once
		play(t, g, s, "xs@a1")
		if r := g.Result(s); !r.Over || r.Winner != 0 {
			t.Fatalf("width %s: one piece: %+v, want x wins", w, r)
		}
		// a1 and c1 flagged, b2 not: b1 (unflagged) joins all of x's
		// pieces, but not the flagged ones
		setup := "\n[setup.pieces]\na1 = \"xs\"\nc1 = \"xs\"\nb2 = \"xt\"\n"
		for _, tc := range []struct {
			end  string
			wins bool
		}{{"", true}, {`flag = "big"`, false}} {
			g = ngLoad(t, connectedGame(board, tc.end+setup))
			s = g.NewState()
			play(t, g, s, "xt@b1")
			if r := g.Result(s); r.Over != tc.wins || (tc.wins && r.Winner != 0) {
				t.Fatalf("width %s, %q: after b1 %+v, want over = %v", w, tc.end, r, tc.wins)
			}
		}
	}
}

func TestConnectedErrors(t *testing.T) {
	board := "kind = \"grid\"\nwidth = 4\nheight = 4\n[board.attrs]\nwidth_ = '4'"
	got := ngLoadErr(t, connectedGame(board, `regions = ["west"]`))
	if want := "end.joined.regions: name two regions or more for a group to join, or none for all the pieces in one group"; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	got = ngLoadErr(t, connectedGame(board, `regions = ["west", "eats"]`))
	if want := `end.joined.regions.1: unknown region "eats"`; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	got = ngLoadErr(t, connectedGame(board, `flag = "huge"`))
	if want := `end.joined.flag: no piece kind has the flag "huge"`; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func lineCountGame(first, move string) string {
	return `
name = "test/line-count"
[players]
seats = ["black", "white"]
[board]
kind = "grid"
width = 5
height = 5
diagonal = true
[pieces.b]
owner = "black"
[pieces.w]
owner = "white"
glyph = "W"
[setup.pieces]
a1 = "b"
c1 = "b"
e1 = "w"
c3 = "w"
[turns]
first = "` + first + `"
[moves.move]
` + move
}

const loaMove = `type = "slide"
distance = "line"
pass_over = 'own'
land = "empty_or_enemy"
capture = "replace"
notation = "cells_x"
`

// Lines of Action R2, R3: a piece moves exactly as many squares as the
// whole line (both ways) has pieces, over its own pieces but never over
// an opponent's, onto an empty square or an opponent's (taking it).
func TestDistanceLineCountsTheWholeLine(t *testing.T) {
	g := ngLoad(t, lineCountGame("black", loaMove))
	s := g.NewState()
	// a1: row 1 holds a1 c1 e1 (3: over its own c1 to d1); column a holds
	// a1 (1); the diagonal a1-e5 holds a1 c3 (2: takes c3). c1: column c
	// holds c1 c3 (2: takes c3); its diagonals hold c1 alone (1); along
	// row 1 three squares leave the board either way.
	if got, want := legal(g, s), "a1-a2 a1-d1 a1xc3 c1-b2 c1-d2 c1xc3"; got != want {
		t.Fatalf("black: %q, want %q", got, want)
	}
	_, err := g.Parse(s, "c1-c2")
	if err == nil || !strings.Contains(err.Error(), "a piece moves exactly as many spaces as its line has pieces, here 2; c2 is 1 away") {
		t.Fatalf("c1-c2: %v, want the line count's refusal", err)
	}
	// e1 west: three squares to b1, but Black's c1 is in the way (R3)
	g = ngLoad(t, lineCountGame("white", loaMove))
	if got, want := legal(g, g.NewState()), "c3-a5 c3-b3 c3-c5 c3-d3 c3-e5 c3xa1 c3xc1 e1-e2"; got != want {
		t.Fatalf("white: %q, want %q", got, want)
	}
	// without pass_over its own pieces block too: a1-d1 is gone
	g = ngLoad(t, lineCountGame("black", strings.Replace(loaMove, "pass_over = 'own'\n", "", 1)))
	if got, want := legal(g, g.NewState()), "a1-a2 a1xc3 c1-b2 c1-d2 c1xc3"; got != want {
		t.Fatalf("black without pass_over: %q, want %q", got, want)
	}
}

func TestDistanceLineErrors(t *testing.T) {
	got := ngLoadErr(t, lineCountGame("black", "type = \"jump\"\ndistance = \"line\"\n"))
	if want := `moves.move.distance: distance = "line" needs a slide or step on a board whose rays do not fork, without facing`; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	got = ngLoadErr(t, lineCountGame("black", "type = \"slide\"\ndistance = 2\npass_over = 'own'\n"))
	if want := `pass_over needs a slide of any distance (or distance = "line") through empty cells`; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func exactGame(when, pieces string) string {
	return `
name = "test/exact"
[players]
seats = ["black", "white"]
[board]
kind = "grid"
width = 7
height = 7
diagonal = true
[pieces.b]
owner = "black"
[pieces.w]
owner = "white"
glyph = "W"
[setup.hand]
black = ["b:10"]
white = ["w:10"]
[setup.pieces]
` + pieces + `
[moves.stone]
type = "place"
[end.five]
type = "expr"
when = '` + when + `'
[scoring]
score = 'ended_by == "five" && owner(last_to()) == seat ? 1 : 0'
`
}

// Gomoku R2 (exactly five): a stone that makes a row of six wins nothing;
// one that makes six one way and exactly five another wins, which
// formed(5) && !formed(6) would miss. Both the native path (a literal
// formed_exactly) and the expression VM's (line_exactly(last_to(), 5)).
func TestExactlyFiveIgnoresOverlines(t *testing.T) {
	row := "a1 = \"b\"\nb1 = \"b\"\nc1 = \"b\"\nd1 = \"b\"\nf1 = \"b\"\n"
	column := "e2 = \"b\"\ne3 = \"b\"\ne4 = \"b\"\ne5 = \"b\"\n"
	for _, when := range []string{"formed_exactly(5)", "line_exactly(last_to(), 5)"} {
		for _, tc := range []struct {
			pieces string
			wins   bool
		}{
			{row, false},         // e1: a1-f1, six in a row
			{row + column, true}, // e1: six across, exactly five up e1-e5
			{column, true},       // e1: exactly five
		} {
			g := ngLoad(t, exactGame(when, tc.pieces))
			s := g.NewState()
			play(t, g, s, "e1")
			if r := g.Result(s); r.Over != tc.wins || (tc.wins && r.Winner != 0) {
				t.Errorf("%s, %q: after e1 %+v, want over = %v", when, tc.pieces, r, tc.wins)
			}
		}
	}
	// formed(5) && !formed(6) cannot say it: six across hides the five
	g := ngLoad(t, exactGame("formed(5) && !formed(6)", row+column))
	s := g.NewState()
	play(t, g, s, "e1")
	if g.Result(s).Over {
		t.Fatal("formed(5) && !formed(6) held with six across; the test's premise is wrong")
	}
}

const shotGame = `
name = "test/shot"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 4
height = 4
diagonal = true
[pieces.wq]
owner = "white"
glyph = "Q"
[pieces.bq]
owner = "black"
glyph = "q"
[pieces.wa]
owner = "white"
glyph = "X"
[pieces.ba]
owner = "black"
glyph = "x"
[setup.pieces]
a1 = "wq"
c1 = "bq"
[setup.hand]
white = ["wa:7"]
black = ["ba:7"]
[moves.queen]
type = "slide"
kinds = ["wq", "bq"]
then = "shot"
[moves.shot]
type = "place"
when = 'clear_path(last_to(), to)'
`

// Amazons R2: a move then a shot placed from where the piece landed, one
// move written FROM-TO/CELL; the shot may land on the square just left,
// never beyond a piece; a base move without its shot is refused, naming
// the follow-up.
func TestFollowUpPlace(t *testing.T) {
	g := ngLoad(t, shotGame)
	s := g.NewState()
	moves := " " + legal(g, s) + " "
	for _, want := range []string{"a1-b1/a1", "a1-b1/b4", "a1-a4/a1", "a1-d4/a1"} {
		if !strings.Contains(moves, " "+want+" ") {
			t.Errorf("moves lack %s: %s", want, moves)
		}
	}
	// b1's shot east stops at Black's c1; a1-b1 alone is no move
	for _, not := range []string{"a1-b1/d1", "a1-b1/c1", "a1-b1 ", "a1-c1/"} {
		if strings.Contains(moves, " "+not) {
			t.Errorf("moves hold %s: %s", not, moves)
		}
	}
	_, err := g.Parse(s, "a1-b2/c1")
	if err == nil || !strings.Contains(err.Error(), "after a1-b2: c1 is occupied: a piece may only be put on a vacant space (rule shot)") {
		t.Fatalf("a1-b2/c1: %v", err)
	}
	play(t, g, s, "a1-b2/a1")
	a1, _ := g.Board().Index("a1")
	if s.Top(a1) < 0 || g.PieceKindOf(s.Top(a1)).Name != "wa" || s.LastTarget() != mustCell(t, g, "b2") {
		t.Fatalf("after a1-b2/a1: a1 holds %v, last target %d", s.Top(a1), s.LastTarget())
	}
	// a follow-up place takes its hand's queue: order = "choice" is refused
	got := ngLoadErr(t, shotGame+"order = \"choice\"\n")
	if want := `moves.queen.then: "shot" places by order = "choice"; a follow-up place takes the kind its hand's queue gives (order = "queue")`; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func mustCell(t *testing.T, g *core.Game, name string) int {
	t.Helper()
	c, ok := g.Board().Index(name)
	if !ok {
		t.Fatalf("no cell %s", name)
	}
	return c
}

const turnGame = `
name = "test/turn"
[players]
seats = ["red", "blue"]
[board]
kind = "grid"
width = 3
height = 3
[pieces.rs]
owner = "red"
glyph = "R"
role = "stone"
[pieces.bs]
owner = "blue"
glyph = "B"
role = "stone"
[setup.hand]
red = ["rs:5"]
blue = ["bs:4"]
[setup.reserve]
blue = ["bs:1"]
[moves.stone]
type = "place"
[moves.swap]
type = "turn"
when = 'ply == 1'
`

// Hex R4 (the swap rule): on Blue's first move only, Red's stone may
// become Blue's where it stands; written ^CELL; refused later, naming why.
func TestTurnTakesOverAPiece(t *testing.T) {
	g := ngLoad(t, turnGame)
	s := g.NewState()
	if strings.Contains(legal(g, s), "^") {
		t.Fatalf("red's first move offers a turn: %s", legal(g, s))
	}
	play(t, g, s, "b2")
	if got := legal(g, s); got != "^b2 a1 a2 a3 b1 b3 c1 c2 c3" {
		t.Fatalf("blue's first move: %q", got)
	}
	_, err := g.Parse(s, "^a1")
	if err == nil || !strings.Contains(err.Error(), "there is no piece on a1 to turn") {
		t.Fatalf("^a1: %v", err)
	}
	play(t, g, s, "^b2")
	if got := owners(g, s, "b2"); got != "b" {
		t.Fatalf("b2 after ^b2: %s, want Blue's", got)
	}
	b2 := mustCell(t, g, "b2")
	if k := g.PieceKindOf(s.Top(b2)).Name; k != "bs" {
		t.Fatalf("b2 holds a %s, want bs", k)
	}
	play(t, g, s, "a1")
	if strings.Contains(legal(g, s), "^") {
		t.Fatalf("a turn after the first move: %s", legal(g, s))
	}
	_, err = g.Parse(s, "^a1")
	if err == nil || !strings.Contains(err.Error(), "the rule's condition (when) does not allow turning the piece on a1") {
		t.Fatalf("^a1 later: %v", err)
	}
	// without a role the turn is refused at load
	got := ngLoadErr(t, strings.Replace(turnGame, "glyph = \"B\"\nrole = \"stone\"", "glyph = \"B\"", 1))
	if want := `moves.swap: kind "bs" has no role; turn makes a piece the mover's kind of the same role ([pieces.bs] role)`; !strings.Contains(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}
