package core

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// AttackedBy (the reverse-table attack test for royal pieces) agrees with
// move generation: on random positions a white leaper can land on a cell
// that is empty or holds a black piece exactly when AttackedBy says so.
func TestLeapAttackedByMatchesMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	kinds := []string{"horse", "elephant", "man"}
	for trial := 0; trial < 200; trial++ {
		var setup strings.Builder
		for x := 0; x < 5; x++ {
			for y := 0; y < 5; y++ {
				if rng.IntN(3) == 0 {
					fmt.Fprintf(&setup, "%c%d = %q\n", 'a'+x, y+1, kinds[rng.IntN(len(kinds))])
				}
			}
		}
		src := `name = "test/attack"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 5
height = 5
[pieces.horse]
owner = "white"
[pieces.elephant]
owner = "white"
[pieces.man]
owner = "black"
[moves.h]
type = "leap"
kinds = ["horse"]
vectors = [[1, 2]]
block = [[0, 1]]
[moves.e]
type = "leap"
kinds = ["elephant"]
vectors = [[2, 2]]
block = [[1, 1]]
[setup.pieces]
` + setup.String()
		g, err := LoadBytes("attack.toml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewState()
		lands := map[int]bool{}
		for _, m := range g.Moves(s, nil) {
			lands[m.To()] = true
		}
		for c := 0; c < g.board.N(); c++ {
			if s.Owner(c) == 0 {
				continue
			}
			got := false
			for _, ru := range g.rules {
				if l, ok := ru.(*leapRule); ok && l.AttackedBy(s, c, 0) {
					got = true
				}
			}
			if got != lands[c] {
				t.Fatalf("trial %d, %s: AttackedBy %v, a move lands there %v\n%s", trial, g.board.Cells[c].Name, got, lands[c], setup.String())
			}
		}
	}
}
