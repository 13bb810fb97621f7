package board_test

import (
	"testing"

	"rulesmith/core/board"
)

func TestGridAndRays(t *testing.T) {
	b, err := board.Grid(8, 8, true)
	if err != nil {
		t.Fatal(err)
	}
	if b.N() != 64 || len(b.Dirs) != 8 {
		t.Fatalf("grid: %d cells, %d dirs", b.N(), len(b.Dirs))
	}
	a1, _ := b.Index("a1")
	var names []string
	for _, c := range b.Ray(a1, 4) { // ne
		names = append(names, b.Cells[c].Name)
	}
	if got := len(names); got != 7 || names[0] != "b2" || names[6] != "h8" {
		t.Fatalf("ray a1 ne = %v", names)
	}
	if len(b.Adjacent(a1)) != 3 {
		t.Fatalf("a1 has %d neighbours, want 3", len(b.Adjacent(a1)))
	}
	if _, err := board.Grid(100, 100, false); err == nil {
		t.Fatal("a 10000-cell grid must be refused")
	}
}

// DVONN's board: rows 9,10,11,10,9; neighbours of (col,row) are (col±1,row),
// (col,row±1), (col+1,row+1), (col−1,row−1).
func TestHexDvonnBoard(t *testing.T) {
	b, err := board.Hex([]int{9, 10, 11, 10, 9})
	if err != nil {
		t.Fatal(err)
	}
	if b.N() != 49 {
		t.Fatalf("%d cells", b.N())
	}
	for _, tc := range []struct {
		cell string
		want []string
	}{
		{"a1", []string{"b1", "a2", "b2"}},
		{"c3", []string{"b3", "d3", "c2", "c4", "d4", "b2"}},
		{"k3", []string{"j3", "j2", "k4"}},
		{"c5", []string{"d5", "b4", "c4"}},
		{"k5", []string{"j5", "k4", "j4"}},
	} {
		c, ok := b.Index(tc.cell)
		if !ok {
			t.Fatalf("no cell %s", tc.cell)
		}
		got := map[string]bool{}
		for _, x := range b.Adjacent(c) {
			got[b.Cells[x].Name] = true
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: neighbours %v, want %v", tc.cell, got, tc.want)
		}
		for _, w := range tc.want {
			if !got[w] {
				t.Errorf("%s: missing neighbour %s (got %v)", tc.cell, w, got)
			}
		}
	}
	for _, bad := range []string{"j1", "k2", "a4", "b5", "l3"} {
		if _, ok := b.Index(bad); ok {
			t.Errorf("cell %s must not exist", bad)
		}
	}
}

func TestPitsTrack(t *testing.T) {
	b, err := board.Pits([]string{"south", "north"}, 6, true)
	if err != nil {
		t.Fatal(err)
	}
	if b.N() != 14 || len(b.Track) != 14 {
		t.Fatalf("%d cells, track %d", b.N(), len(b.Track))
	}
	pits, _ := b.SeatRegion("pits", 1)
	store, _ := b.SeatRegion("store", 0)
	if b.Cells[pits[0]].Name != "north1" || b.Cells[store[0]].Name != "south-store" {
		t.Fatalf("regions: %s %s", b.Cells[pits[0]].Name, b.Cells[store[0]].Name)
	}
	if b.TrackPos(int(store[0]))+1 != b.TrackPos(int(pits[0])) {
		t.Fatal("north1 must follow the south store on the track")
	}
}
