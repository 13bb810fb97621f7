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
