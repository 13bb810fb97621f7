package core_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
)

// related and sandwich captures used to need at most 26 pieces (victims
// were packed into the move as a piece-id mask). A variant with 31 pieces
// whose victims carry ids past 26 now chooses among them: X on a1 steps to
// b1 (victims on c1 and b2: three choices, plus the plain step) or to a2
// (victim b2: one choice, plus the plain step), worked by hand.
func TestRelatedCaptureBeyond26Pieces(t *testing.T) {
	var b strings.Builder
	b.WriteString(`name = "test/many"
[players]
seats = ["a", "b"]
[board]
kind = "grid"
width = 6
height = 6
[board.relations]
adj = 'abs(a.x - b.x) + abs(a.y - b.y) == 1'
[pieces.x]
owner = "a"
[pieces.o]
owner = "b"
[moves.step]
type = "step"
capture = "related"
capture_relation = "adj"
capture_count = "any"
[setup.pieces]
`)
	n := 0
	for row := 6; row >= 4; row-- {
		for col := 0; col < 6; col++ {
			fmt.Fprintf(&b, "%c%d = \"o\"\n", 'a'+col, row)
			n++
		}
	}
	for _, c := range []string{"f3", "e3", "d3", "c3", "b3", "f1", "f2", "e2", "d2", "a1", "c1", "b2"} {
		k := "o"
		if c == "a1" {
			k = "x"
		}
		fmt.Fprintf(&b, "%s = %q\n", c, k)
	}
	g, err := core.LoadBytes("many.toml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if g.NumPieces() <= 26 {
		t.Fatalf("%d pieces: the test needs more than 26", g.NumPieces())
	}
	s := g.NewState()
	c1, _ := g.Board().Index("c1")
	b2, _ := g.Board().Index("b2")
	if s.Top(c1) < 26 && s.Top(b2) < 26 {
		t.Fatalf("victims have ids %d and %d: the test needs one past 26", s.Top(c1), s.Top(b2))
	}
	var got []string
	for _, m := range g.Moves(s, nil) {
		got = append(got, g.Format(s, m))
	}
	sort.Strings(got)
	want := []string{"a1-a2", "a1-a2xO", "a1-b1", "a1-b1xO", "a1-b1xO", "a1-b1xOxO"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("moves %v, want %v", got, want)
	}
	for _, m := range g.Moves(s, nil) {
		if g.Format(s, m) != "a1-b1xOxO" {
			continue
		}
		st := s.Clone()
		if err := g.Play(st, m); err != nil {
			t.Fatal(err)
		}
		if st.Top(c1) >= 0 || st.Top(b2) >= 0 {
			t.Fatal("both victims must be gone")
		}
		left := 0
		for c := 0; c < g.Board().N(); c++ {
			if st.Top(c) >= 0 {
				left++
			}
		}
		if left != g.NumPieces()-2 {
			t.Fatalf("%d pieces left, want %d", left, g.NumPieces()-2)
		}
	}
}
