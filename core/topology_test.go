package core_test

import (
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
)

// The STRIX cube corner built from the generic faces generator and two
// relations declared in TOML must have exactly the geometry of
// shared/strix-geometry.md §6-§8 and §15.
func TestCubeCornerTopology(t *testing.T) {
	g, err := core.Load("../testdata/topologies/cube-corner.toml")
	if err != nil {
		t.Fatal(err)
	}
	b := g.Board()
	if b.N() != 147 {
		t.Fatalf("%d squares, want 147", b.N())
	}
	// §5: coordinates of named squares.
	for name, xyz := range map[string][3]int{"b71": {7, 0, 1}, "b77": {1, 0, 1}, "y71": {1, 7, 0}, "g71": {0, 1, 7}, "b53": {5, 0, 3}, "g65": {0, 2, 3}} {
		c, ok := b.Index(name)
		if !ok {
			t.Fatalf("no square %s", name)
		}
		a := b.Cells[c].Attrs
		if got := [3]int{a["x"].(int), a["y"].(int), a["z"].(int)}; got != xyz {
			t.Errorf("%s at %v, want %v", name, got, xyz)
		}
	}
	// §6: 273 adjacent pairs; degrees 108×4, 36×3, 3×2; b71 ↔ y17.
	pairs, deg := 0, map[int]int{}
	for c := 0; c < b.N(); c++ {
		pairs += len(b.Adjacent(c))
		deg[len(b.Adjacent(c))]++
	}
	if pairs/2 != 273 || deg[4] != 108 || deg[3] != 36 || deg[2] != 3 {
		t.Errorf("adjacency: %d pairs, degrees %v", pairs/2, deg)
	}
	adjacent := func(x, y string) bool {
		cx, _ := b.Index(x)
		cy, _ := b.Index(y)
		for _, n := range b.Adjacent(cx) {
			if int(n) == cy {
				return true
			}
		}
		return false
	}
	for _, p := range [][2]string{{"b71", "y17"}, {"b77", "y77"}, {"b77", "g77"}, {"y77", "g77"}} {
		if !adjacent(p[0], p[1]) {
			t.Errorf("%s and %s must be adjacent across the fold", p[0], p[1])
		}
	}
	// §7 E1: from b53 the ray towards the b|g fold runs b54 b55 b56 b57 | g75 g65 … g15.
	b53, _ := b.Index("b53")
	found := false
	for d := range b.Dirs {
		var names []string
		for _, c := range b.Ray(b53, d) {
			names = append(names, b.Cells[c].Name)
		}
		if strings.Join(names, " ") == "b54 b55 b56 b57 g75 g65 g55 g45 g35 g25 g15" {
			found = true
		}
	}
	if !found {
		t.Error("no ray from b53 across the fold to g65 (E1)")
	}
	// §7: 21 lines of 14 squares, every square on exactly two.
	lines := map[string]bool{}
	onLines := make([]int, b.N())
	for c := 0; c < b.N(); c++ {
		for d := range b.Dirs {
			ray := b.Ray(c, d)
			// a ray of 13 squares from an end square is a whole line
			if len(ray) == 13 {
				ids := []int{c}
				for _, x := range ray {
					ids = append(ids, int(x))
				}
				if ids[0] > ids[len(ids)-1] {
					for i, j := 0, len(ids)-1; i < j; i, j = i+1, j-1 {
						ids[i], ids[j] = ids[j], ids[i]
					}
				}
				key := ""
				for _, x := range ids {
					key += b.Cells[x].Name + " "
				}
				if !lines[key] {
					lines[key] = true
					for _, x := range ids {
						onLines[x]++
					}
				}
			}
		}
	}
	if len(lines) != 21 {
		t.Errorf("%d lines of 14, want 21", len(lines))
	}
	for c, n := range onLines {
		if n != 2 {
			t.Errorf("%s lies on %d lines, want 2", b.Cells[c].Name, n)
			break
		}
	}
	// §8: every square shadows exactly 14; b71 shadows y11..y17 and g17..g77.
	shadow, ok := b.Relation("shadow")
	if !ok {
		t.Fatal("no shadow relation")
	}
	for c := 0; c < b.N(); c++ {
		if n := len(shadow.Of(c)); n != 14 {
			t.Fatalf("%s shadows %d squares, want 14", b.Cells[c].Name, n)
		}
	}
	b71, _ := b.Index("b71")
	var sh []string
	for _, x := range shadow.Of(b71) {
		sh = append(sh, b.Cells[x].Name)
	}
	sort.Strings(sh)
	if got := strings.Join(sh, " "); got != "g17 g27 g37 g47 g57 g67 g77 y11 y12 y13 y14 y15 y16 y17" {
		t.Errorf("b71 shadows %s", got)
	}
	// §15: cross-adjacent to 14, 21 or 28 squares, 12, 60 and 75 squares respectively.
	cross, _ := b.Relation("cross")
	count := map[int]int{}
	for c := 0; c < b.N(); c++ {
		count[len(cross.Of(c))]++
	}
	if count[14] != 12 || count[21] != 60 || count[28] != 75 {
		t.Errorf("cross-adjacency counts %v", count)
	}
	// The nest region from a computed attribute.
	nest, _ := b.Region("nest")
	var nn []string
	for _, c := range nest {
		nn = append(nn, b.Cells[c].Name)
	}
	sort.Strings(nn)
	if strings.Join(nn, " ") != "b77 g77 y77" {
		t.Errorf("nest = %v", nn)
	}
}
