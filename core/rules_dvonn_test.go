package core_test

// Rule-by-rule tests of DVONN against shared/rules/dvonn.md (sections cited
// by letter and number). Expected boards and scores were worked out by hand.
//
// Board geometry (variants/dvonn.toml): rows of 9, 10, 11, 10, 9 spaces,
// a1..i1, a2..j2, a3..k3, b4..k4, c5..k5; the six neighbours of a space are
// the next column left and right, the row above (same column and one column
// right) and the row below (same column and one column left): the neighbours
// of e3 are d3, f3, e4, f4, d2, e2.
//
// Phase-2 positions are written as variant files that extend dvonn with
// empty hands, start in the stacking phase and list stacks bottom to top.

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
)

// rdCase is a position, moves played from it and what must hold after.
type rdCase struct {
	name   string
	first  string              // seat to move first; "" = white
	pieces map[string][]string // stacks, bottom to top
	// startLegal and startIllegal are checked in the starting position,
	// legal and illegal after the moves.
	startLegal   []string
	startIllegal map[string]string
	moves        []string
	legal        []string            // the exact legal moves (nil: not checked)
	illegal      map[string]string   // move → a fragment its Parse error must contain
	board        map[string][]string // the exact board after the moves (nil: not checked)
	toMove       string              // "" = not checked
	over         bool
	scores       []int // checked when non-nil
	winner       int   // checked when over: 0 white, 1 black, -1 draw
}

func rdVariant(c rdCase) string {
	var b strings.Builder
	b.WriteString("extends = \"dvonn\"\n[setup.hand]\nwhite = []\nblack = []\n[turns]\nphase = \"stacking\"\n")
	if c.first != "" {
		fmt.Fprintf(&b, "first = %q\n", c.first)
	}
	b.WriteString("[setup.pieces]\n")
	cells := make([]string, 0, len(c.pieces))
	for k := range c.pieces {
		cells = append(cells, k)
	}
	sort.Strings(cells)
	for _, k := range cells {
		q := make([]string, len(c.pieces[k]))
		for i, p := range c.pieces[k] {
			q[i] = fmt.Sprintf("%q", p)
		}
		fmt.Fprintf(&b, "%s = [%s]\n", k, strings.Join(q, ", "))
	}
	return b.String()
}

// rdStack returns the kinds on cell c, bottom to top.
func rdStack(g *core.Game, s *core.State, c int) []string {
	var out []string
	for p := s.Top(c); p >= 0; p = s.Below(p) {
		out = append([]string{g.PieceKindOf(p).Name}, out...)
	}
	return out
}

func rdBoard(g *core.Game, s *core.State) string {
	var b strings.Builder
	for c, cell := range g.Board().Cells {
		if s.Height(c) > 0 {
			fmt.Fprintf(&b, "%s=%v ", cell.Name, rdStack(g, s, c))
		}
	}
	return b.String()
}

// rdLegal checks the exact legal moves (when legal is non-nil) and that each
// illegal move is refused with an error containing its fragment.
func rdLegal(t *testing.T, g *core.Game, s *core.State, legal []string, illegal map[string]string) {
	t.Helper()
	if legal != nil {
		got := strings.Join(rmFormatted(g, s), " ")
		want := append([]string(nil), legal...)
		sort.Strings(want)
		if got != strings.Join(want, " ") {
			t.Errorf("legal moves: %q, want %q (board: %s)", got, strings.Join(want, " "), rdBoard(g, s))
		}
	}
	for text, frag := range illegal {
		rmExpectError(t, g, s, text, frag)
	}
}

func rdRun(t *testing.T, cases []rdCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := rmLoad(t, rdVariant(c))
			s := g.NewState()
			rdLegal(t, g, s, c.startLegal, c.startIllegal)
			rmPlay(t, g, s, c.moves...)
			rdLegal(t, g, s, c.legal, c.illegal)
			if c.board != nil {
				for name := range c.board {
					if _, ok := g.Board().Index(name); !ok {
						t.Fatalf("test names unknown cell %q", name)
					}
				}
				for i, cell := range g.Board().Cells {
					got, want := rdStack(g, s, i), c.board[cell.Name]
					if strings.Join(got, ",") != strings.Join(want, ",") {
						t.Errorf("%s holds %v, want %v", cell.Name, got, want)
					}
					if s.Height(i) != len(want) {
						t.Errorf("height of %s = %d, want %d", cell.Name, s.Height(i), len(want))
					}
					if len(want) > 0 {
						owner := -1
						switch want[len(want)-1] {
						case "white":
							owner = 0
						case "black":
							owner = 1
						}
						if s.Owner(i) != owner {
							t.Errorf("owner of %s = %d, want %d", cell.Name, s.Owner(i), owner)
						}
					}
				}
				if t.Failed() {
					t.Logf("board: %s", rdBoard(g, s))
				}
			}
			r := g.Result(s)
			if r.Over != c.over {
				t.Fatalf("over = %v, want %v (board: %s)", r.Over, c.over, rdBoard(g, s))
			}
			if c.toMove != "" && g.Seat(s.ToMove()) != c.toMove {
				t.Errorf("to move: %s, want %s", g.Seat(s.ToMove()), c.toMove)
			}
			if c.scores != nil {
				if got := g.Scores(s); fmt.Sprint(got) != fmt.Sprint(c.scores) {
					t.Errorf("scores = %v, want %v", got, c.scores)
				}
			}
			if c.over {
				if r.Winner != c.winner {
					t.Errorf("winner = %d (%s), want %d", r.Winner, g.ResultString(r), c.winner)
				}
				if n := len(g.Moves(s, nil)); n != 0 {
					t.Errorf("%d legal moves (not even a pass) after the end", n)
				}
			}
		})
	}
}

// D 1: "They must start with the DVONN pieces and after that continue with
// their own color: White: first DVONN piece / Black: second DVONN piece /
// White: third DVONN piece / Black: first black piece / White: first white
// piece / Black: second black piece / ... and so on..."
// D 2: "A piece may be put on any vacant space, without restriction."
func TestDvonnRulePlacementOrder(t *testing.T) {
	g := rmLoad(t, `extends = "dvonn"`)
	s := g.NewState()
	n := g.Board().N()
	if n != 49 {
		t.Fatalf("board has %d spaces, want 49", n)
	}
	placing := s.Phase()
	for k := 0; k < n; k++ {
		// Fill the board in reverse cell order; the moves are the empty spaces.
		cell := g.Board().Cells[n-1-k].Name
		var empty []string
		for i := 0; i < n-k; i++ {
			empty = append(empty, g.Board().Cells[i].Name)
		}
		sort.Strings(empty)
		if got := rmFormatted(g, s); strings.Join(got, " ") != strings.Join(empty, " ") {
			t.Fatalf("placement %d: legal moves %v, want the %d empty spaces %v", k+1, got, len(empty), empty)
		}
		wantSeat := k % 2 // White places first, then they alternate
		if s.ToMove() != wantSeat || s.Phase() != placing {
			t.Fatalf("placement %d: %s to place in phase %d, want %s in phase %d",
				k+1, g.Seat(s.ToMove()), s.Phase(), g.Seat(wantSeat), placing)
		}
		if k > 0 {
			rmExpectError(t, g, s, g.Board().Cells[n-1].Name, "occupied")
		}
		rmPlay(t, g, s, cell)
		c, _ := g.Board().Index(cell)
		want := "white"
		switch {
		case k < 3:
			want = "dvonn"
		case k%2 == 1:
			want = "black"
		}
		if got := rdStack(g, s, c); len(got) != 1 || got[0] != want {
			t.Fatalf("placement %d by %s put %v on %s, want a %s piece", k+1, g.Seat(wantSeat), got, cell, want)
		}
	}
	// D 3: "When all the pieces are placed on the board, all spaces will be
	// occupied."
	for c := 0; c < n; c++ {
		if s.Height(c) != 1 {
			t.Fatalf("%s has height %d after placement", g.Board().Cells[c].Name, s.Height(c))
		}
	}
}

// E 1: "the player who started the first phase also starts the second
// phase! Thus, after White has put their last piece on the board, they must
// immediately play again. Then the players alternate turns."
func TestDvonnRuleWhiteStartsPhaseTwo(t *testing.T) {
	g := rmLoad(t, `extends = "dvonn"`)
	s := g.NewState()
	for c := 0; c < g.Board().N(); c++ {
		if c == g.Board().N()-1 && g.Seat(s.ToMove()) != "white" {
			t.Fatalf("the 49th piece is placed by %s, want white", g.Seat(s.ToMove()))
		}
		rmPlay(t, g, s, g.Board().Cells[c].Name)
	}
	if got := g.Phases()[s.Phase()]; got != "stacking" {
		t.Fatalf("phase after the 49th placement: %s, want stacking", got)
	}
	if got := g.Seat(s.ToMove()); got != "white" {
		t.Fatalf("%s moves first in phase 2, want white", got)
	}
	moves := g.Moves(s, nil)
	if len(moves) == 0 || moves[0].IsPass() {
		t.Fatalf("white has no move in the full position: %v", rmFormatted(g, s))
	}
	for _, m := range moves {
		if s.Owner(m.From()) != 0 {
			t.Errorf("white may play %s from a stack it does not control", g.Format(s, m))
		}
	}
	if err := g.Play(s, moves[0]); err != nil {
		t.Fatal(err)
	}
	if got := g.Seat(s.ToMove()); got != "black" {
		t.Errorf("after white's first move %s is to move, want black", got)
	}
}

// E 3: "A single piece may move one space in any direction, but only to an
// occupied space". E 4: "A stack must always be moved as a whole and moves
// as many spaces as there are pieces in the stack. ... always in a straight
// line". E 5: "it is allowed to move across one or more empty spaces. When
// making a move, each space must be counted, no matter whether it is empty
// or occupied".
func TestDvonnRuleStackMovesExactlyItsHeightInLine(t *testing.T) {
	rdRun(t, []rdCase{
		{
			name:       "a single piece moves one space onto a piece",
			pieces:     map[string][]string{"c3": {"white"}, "d3": {"dvonn"}},
			startLegal: []string{"c3-d3"},
			moves:      []string{"c3-d3"},
			board:      map[string][]string{"d3": {"dvonn", "white"}},
			over:       true, // d3 (height 2) has only empty spaces 2 away
			scores:     []int{2, 0},
			winner:     0,
		},
		{
			name:       "a stack of 2 moves 2 spaces across an empty space",
			pieces:     map[string][]string{"c3": {"black", "white"}, "e3": {"dvonn"}},
			startLegal: []string{"c3-e3"},
			moves:      []string{"c3-e3"},
			board:      map[string][]string{"e3": {"dvonn", "black", "white"}},
			over:       true,
			scores:     []int{3, 0},
			winner:     0,
		},
		{
			name:         "a stack of 2 moves 2 spaces across an occupied space",
			pieces:       map[string][]string{"c3": {"black", "white"}, "d3": {"black"}, "e3": {"dvonn"}},
			startLegal:   []string{"c3-e3"},
			startIllegal: map[string]string{"c3-d3": "a stack of height 2 moves exactly 2 spaces; d3 is 1 away"},
			moves:        []string{"c3-e3"},
			board:        map[string][]string{"d3": {"black"}, "e3": {"dvonn", "black", "white"}},
		},
		{
			name: "a stack of 3 reaches exactly 3 spaces in each straight line",
			pieces: map[string][]string{
				"e2": {"black", "black", "white"},
				"f2": {"black"}, "g2": {"black"}, "h2": {"dvonn"}, // east: 1, 2, 3 away
				"b2": {"black"}, // west, 3 away
				"h5": {"black"}, // north-east (e2, f3, g4, h5)
				"e5": {"black"}, // north-west (e2, e3, e4, e5)
				"f4": {"black"}, // not on a line from e2
			},
			legal: []string{"e2-b2", "e2-e5", "e2-h2", "e2-h5"},
			illegal: map[string]string{
				"e2-f2": "moves exactly 3 spaces; f2 is 1 away",
				"e2-g2": "moves exactly 3 spaces; g2 is 2 away",
				"e2-f4": "not on a straight line",
			},
		},
	})
}

// E 5: "A move may never end in an empty space".
func TestDvonnRuleNeverOntoEmptySpace(t *testing.T) {
	rdRun(t, []rdCase{
		{
			name:   "a single piece next to empty spaces",
			pieces: map[string][]string{"c3": {"white"}, "b3": {"dvonn"}},
			legal:  []string{"c3-b3"},
			illegal: map[string]string{
				"c3-d3": "d3 is empty: a move must end on a space that is occupied",
				"c3-c4": "c4 is empty",
			},
		},
		{
			name:    "a stack of 2 whose landing space is empty",
			pieces:  map[string][]string{"c3": {"black", "white"}, "d3": {"dvonn"}, "a3": {"black"}},
			legal:   []string{"c3-a3"},
			illegal: map[string]string{"c3-e3": "e3 is empty: a move must end on a space that is occupied"},
		},
	})
}

// E 6: "a piece or stack that is surrounded on all 6 sides may not be
// moved."
func TestDvonnRuleSurroundedStackImmobile(t *testing.T) {
	ring := func(e2 []string) map[string][]string {
		m := map[string][]string{
			"e3": {"white"}, // the piece in the middle
			"d3": {"dvonn"}, "f3": {"black"}, "e4": {"black"}, "f4": {"black"}, "d2": {"black"},
		}
		if e2 != nil {
			m["e2"] = e2
		}
		return m
	}
	rdRun(t, []rdCase{
		{
			name:    "e3 surrounded on all six sides cannot move",
			pieces:  ring([]string{"white"}),
			legal:   []string{"e2-d2", "e2-e3", "e2-f3"}, // e2 itself has empty neighbours
			illegal: map[string]string{"e3-f3": "e3 is surrounded on all sides and may not move"},
		},
		{
			name:   "one neighbour empty: e3 may move",
			pieces: ring(nil),
			legal:  []string{"e3-d2", "e3-d3", "e3-e4", "e3-f3", "e3-f4"},
		},
		{
			name:   "a piece at the edge is never surrounded",
			pieces: map[string][]string{"a1": {"white"}, "b1": {"dvonn"}, "a2": {"black"}, "b2": {"black"}},
			legal:  []string{"a1-a2", "a1-b1", "a1-b2"},
		},
	})
}

// E 7: "A single DVONN piece may not be moved ... When a DVONN piece is part
// of a stack, it is perfectly legal to move the stack containing the DVONN
// piece—but, as explained above, only by the player who controls the stack."
func TestDvonnRuleLoneDvonnImmobile(t *testing.T) {
	rdRun(t, []rdCase{
		{
			name:    "white may not move a lone DVONN piece",
			pieces:  map[string][]string{"c3": {"dvonn"}, "d3": {"white"}},
			legal:   []string{"d3-c3"},
			illegal: map[string]string{"c3-d3": "belongs to no one"},
		},
		{
			name:    "nor may black",
			first:   "black",
			pieces:  map[string][]string{"c3": {"dvonn"}, "d3": {"black"}},
			legal:   []string{"d3-c3"},
			illegal: map[string]string{"c3-d3": "belongs to no one"},
		},
		{
			name:       "a stack holding a DVONN piece moves with its controller",
			pieces:     map[string][]string{"c3": {"dvonn", "white"}, "d3": {"black"}, "e3": {"black"}},
			startLegal: []string{"c3-e3"},
			moves:      []string{"c3-e3"},
			board:      map[string][]string{"d3": {"black"}, "e3": {"black", "dvonn", "white"}},
			legal:      []string{"d3-e3"}, // black may move onto the stack
		},
		{
			name:    "but not with the other player",
			first:   "black",
			pieces:  map[string][]string{"c3": {"dvonn", "white"}, "d3": {"black"}, "e3": {"black"}},
			legal:   []string{"d3-c3", "d3-e3", "e3-d3"},
			illegal: map[string]string{"c3-e3": "belongs to white"},
		},
	})
}

// E 7: "a piece or stack may move on top of it [a DVONN piece]".
func TestDvonnRuleMoveOntoDvonn(t *testing.T) {
	rdRun(t, []rdCase{
		{
			name:   "a single piece onto a DVONN piece",
			pieces: map[string][]string{"c3": {"white"}, "d3": {"dvonn"}},
			moves:  []string{"c3-d3"},
			board:  map[string][]string{"d3": {"dvonn", "white"}},
			over:   true, // nothing can move any more: white controls 2
			scores: []int{2, 0},
			winner: 0,
		},
		{
			name:   "a stack of 2 onto a DVONN piece",
			pieces: map[string][]string{"a3": {"black", "white"}, "b3": {"black"}, "c3": {"dvonn"}},
			moves:  []string{"a3-c3"},
			board:  map[string][]string{"b3": {"black"}, "c3": {"dvonn", "black", "white"}},
			toMove: "black",
			legal:  []string{"b3-c3"},
		},
	})
}

// F 1: "Each and every piece and/or stack that is not linked to any of the
// DVONN pieces, must be removed from the board at once." Diagram 3: "if
// White moves the indicated piece, the pieces on the left will no longer be
// in contact with a DVONN piece. They must be removed from the board."
// F 2: "It does not matter who makes the move through which the pieces
// and/or stacks become isolated. ... you may be forced to make a move that
// isolates one or more of your own stacks".
func TestDvonnRuleCutOffPiecesRemoved(t *testing.T) {
	// A group of five stacks (c1, d1, e1, d2, e2) linked to the DVONN piece
	// on a1 only through the white piece on b1.
	group := map[string][]string{
		"a1": {"dvonn"},
		"b1": {"white"},
		"c1": {"black"},
		"d1": {"white", "black"},
		"e1": {"white"},
		"d2": {"black"},
		"e2": {"black", "black", "white"},
	}
	rdRun(t, []rdCase{
		{
			name:   "white's legal moves",
			pieces: group,
			legal:  []string{"b1-a1", "b1-c1", "e1-d1", "e1-e2"},
		},
		{
			name:   "b1 moves onto the DVONN piece: the group is cut off",
			pieces: group,
			moves:  []string{"b1-a1"},
			board:  map[string][]string{"a1": {"dvonn", "white"}},
			over:   true,
			scores: []int{2, 0},
			winner: 0,
		},
		{
			name:   "b1 moves into the group: the group and the moved piece are cut off",
			pieces: group,
			moves:  []string{"b1-c1"},
			board:  map[string][]string{"a1": {"dvonn"}},
			over:   true,
			scores: []int{0, 0},
			winner: -1,
		},
		{
			name:   "a move that keeps the link removes nothing",
			pieces: group,
			moves:  []string{"e1-d1"},
			board: map[string][]string{
				"a1": {"dvonn"}, "b1": {"white"}, "c1": {"black"},
				"d1": {"white", "black", "white"}, "d2": {"black"}, "e2": {"black", "black", "white"},
			},
		},
		{
			name:   "black cuts off its own and white's stacks",
			first:  "black",
			pieces: group,
			moves:  []string{"c1-b1"},
			board:  map[string][]string{"a1": {"dvonn"}, "b1": {"white", "black"}},
			over:   true,
			scores: []int{0, 2},
			winner: 1,
		},
	})
}

// F 3: "All 3 DVONN pieces remain in play until the end of the game, even if
// one of them becomes isolated, as it will always remain in contact with
// itself."
func TestDvonnRuleIsolatedDvonnStays(t *testing.T) {
	pos := map[string][]string{"a1": {"dvonn"}, "b1": {"white"}, "c1": {"dvonn"}, "d1": {"black"}, "k3": {"dvonn"}}
	rdRun(t, []rdCase{
		{
			name:   "a1 left alone stays",
			pieces: pos,
			moves:  []string{"b1-c1"},
			board:  map[string][]string{"a1": {"dvonn"}, "c1": {"dvonn", "white"}, "d1": {"black"}, "k3": {"dvonn"}},
		},
		{
			name:   "c1 keeps d1 in play",
			pieces: pos,
			moves:  []string{"b1-a1"},
			board:  map[string][]string{"a1": {"dvonn", "white"}, "c1": {"dvonn"}, "d1": {"black"}, "k3": {"dvonn"}},
		},
	})
}

// E 8: "You may not pass a turn, unless you cannot make any more moves."
// G 1: "If one player cannot make a move any more, the other must continue
// to play until that player has no more moves. In the rare event that a
// player who must pass gets the opportunity to make a move again, they must
// do so."
func TestDvonnRuleForcedPass(t *testing.T) {
	// White's only stack (b1, height 2) has nowhere to land; black can move.
	stuck := map[string][]string{"a1": {"dvonn"}, "b1": {"black", "white"}, "c1": {"black"}}
	// White's only piece (e3) is surrounded; black can open a side.
	ring := map[string][]string{
		"e3": {"white"}, "d3": {"dvonn"},
		"f3": {"black"}, "e4": {"black"}, "f4": {"black"}, "d2": {"black"}, "e2": {"black"},
	}
	rdRun(t, []rdCase{
		{
			name:    "white cannot move and black can: pass is the only move",
			pieces:  stuck,
			legal:   []string{"pass"},
			illegal: map[string]string{"b1-d1": "d1 is empty"},
		},
		{
			name:    "after the pass black must move; black may not pass",
			pieces:  stuck,
			moves:   []string{"pass"},
			toMove:  "black",
			legal:   []string{"c1-b1"},
			illegal: map[string]string{"pass": "black may not pass"},
		},
		{
			name:    "a player who can move may not pass",
			pieces:  map[string][]string{"a1": {"dvonn"}, "b1": {"white"}},
			legal:   []string{"b1-a1"},
			illegal: map[string]string{"pass": "white may not pass"},
		},
		{
			name:   "white surrounded passes",
			pieces: ring,
			legal:  []string{"pass"},
		},
		{
			name:   "once black opens a side, white must move again",
			pieces: ring,
			moves:  []string{"pass", "e2-d2"},
			board: map[string][]string{
				"e3": {"white"}, "d3": {"dvonn"},
				"f3": {"black"}, "e4": {"black"}, "f4": {"black"}, "d2": {"black", "black"},
			},
			toMove: "white",
			legal:  []string{"e3-d2", "e3-d3", "e3-e4", "e3-f3", "e3-f4"},
		},
	})
}

// G 1: "The game ends when the last move is made." G 2: "At this point, the
// players puts all of the stacks they control on top of each other. The
// player with the highest stack wins the game, regardless of the color of
// the pieces in their stack." G 3: "If both players end up with an equal
// stack, then the game ends in a tie."
func TestDvonnRuleEndAndScoring(t *testing.T) {
	w, b, d := "white", "black", "dvonn"
	rdRun(t, []rdCase{
		{
			name:   "white passes, black moves, then neither can move: black 3, white 0",
			pieces: map[string][]string{"a1": {d}, "b1": {b, w}, "c1": {b}},
			moves:  []string{"pass", "c1-b1"},
			board:  map[string][]string{"a1": {d}, "b1": {b, w, b}},
			over:   true,
			scores: []int{0, 3},
			winner: 1,
		},
		{
			name:   "after a1-b1 nothing can move: 2 all is a draw",
			pieces: map[string][]string{"a1": {w}, "b1": {d}, "c1": {b, b}},
			moves:  []string{"a1-b1"},
			board:  map[string][]string{"b1": {d, w}, "c1": {b, b}},
			over:   true,
			scores: []int{2, 2},
			winner: -1,
		},
		{
			name:   "after a1-b1 black plays c1-b1 and wins 3 to 0",
			pieces: map[string][]string{"a1": {w}, "b1": {d}, "c1": {b}},
			moves:  []string{"a1-b1", "c1-b1"},
			board:  map[string][]string{"b1": {d, w, b}},
			over:   true,
			scores: []int{0, 3},
			winner: 1,
		},
		// Blocked positions on the bottom row: stacks of 5 and more have no
		// space at their distance but empty ones (f1, i1) or off the board.
		{
			name: "white 5 + 7 against black 6: white wins (the DVONN piece in a stack counts)",
			pieces: map[string][]string{
				"a1": {b, b, b, b, w},
				"b1": {d, b, b, b, b, b, w},
				"c1": {w, w, w, w, w, b},
			},
			over:   true,
			scores: []int{12, 6},
			winner: 0,
		},
		{
			name: "white 5 against black 7 + 6: black wins",
			pieces: map[string][]string{
				"a1": {b, b, b, b, w},
				"b1": {d, w, w, w, w, w, b},
				"c1": {w, w, w, w, w, b},
			},
			over:   true,
			scores: []int{5, 13},
			winner: 1,
		},
		{
			name: "white 5 + 7 against black 6 + 6: a tie",
			pieces: map[string][]string{
				"a1": {b, b, b, b, w},
				"b1": {d, b, w, b, w, b, w},
				"c1": {w, w, w, w, w, b},
				"d1": {w, w, w, w, w, b},
			},
			over:   true,
			scores: []int{12, 12},
			winner: -1,
		},
		{
			name:   "a lone DVONN piece counts for no one",
			pieces: map[string][]string{"a1": {d}, "b1": {b, w}},
			over:   true,
			scores: []int{2, 0},
			winner: 0,
		},
	})
}
