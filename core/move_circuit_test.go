package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
)

// circuitVariant is a 3×3 grid with one circuit round its edge made of two
// lines, a1 b1 c1 c2 then c3 b3 a3 a2: loops join c2-c3 and a2-a1.
const circuitVariant = `name = "test/circuit"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 3
height = 3
[board.circuits.ring]
lines = [["a1", "b1", "c1", "c2"], ["c3", "b3", "a3", "a2"]]
[pieces.w]
owner = "white"
[pieces.b]
owner = "black"
[setup.pieces]
a1 = "w"
b3 = "b"
[moves.ride]
type = "circuit"
`

// The circuit move (variant-format.md, "circuit"): with land = "empty_or_enemy"
// and min_loops = 0 the piece may stop on every empty cell it passes and on
// the first enemy piece; with the default (enemy, one loop) only the capture
// after a loop. From a1: forward b1 c1 c2, loop, c3, then b3 (black): taken
// after one loop; backward, loop (a2-a1), a2 a3, then b3: taken after one loop.
func TestCircuitMoveLanding(t *testing.T) {
	g, err := core.LoadBytes("c.toml", []byte(circuitVariant))
	if err != nil {
		t.Fatal(err)
	}
	if got := legal(g, g.NewState()); got != "a1xb3" {
		t.Errorf("default: %q, want a1xb3 (one move for two paths)", got)
	}
	g, err = core.LoadBytes("c.toml", []byte(circuitVariant+"land = \"empty_or_enemy\"\nmin_loops = 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := legal(g, g.NewState()); got != "a1-a2 a1-a3 a1-b1 a1-c1 a1-c2 a1-c3 a1xb3" {
		t.Errorf("empty_or_enemy, min_loops 0: %q", got)
	}
	g, err = core.LoadBytes("c.toml", []byte(circuitVariant+"land = \"empty\"\nmin_loops = 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	// after a loop: c3 forward; a2 and a3 backward (the loop a2-a1 comes first)
	if got := legal(g, g.NewState()); got != "a1-a2 a1-a3 a1-c3" {
		t.Errorf("empty, min_loops 1: %q", got)
	}
}

// Wrong circuits and circuit moves are reported with their place.
func TestCircuitErrors(t *testing.T) {
	for _, tc := range []struct{ name, old, new, want string }{
		{"unknown cell", `"c2"]`, `"c9"]`, `c.toml:9:29: board.circuits.ring: line 1: no cell "c9" on this board (did you mean "c1"?)`},
		{"not a list", `lines = [["a1", "b1", "c1", "c2"], [`, `lines = ["a1", [`, `c.toml:9:10: board.circuits.ring: line 1: want an array of cell names`},
		{"unknown key", `[board.circuits.ring]`, "[board.circuits.ring]\nloop = true", `unknown key "loop"`},
		{"no circuits", "[board.circuits.ring]\nlines = [[\"a1\", \"b1\", \"c1\", \"c2\"], [\"c3\", \"b3\", \"a3\", \"a2\"]]", "", `moves.ride: a circuit move needs circuits: declare them under [board.circuits.NAME]`},
		{"unknown circuit", `type = "circuit"`, "type = \"circuit\"\ncircuits = [\"rim\"]", `c.toml:19:13: moves.ride.circuits: unknown circuit "rim" (circuits: ring)`},
		{"bad land", `type = "circuit"`, "type = \"circuit\"\nland = \"any\"", `moves.ride.land`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(circuitVariant, tc.old, tc.new, 1)
			_, err := core.LoadBytes("c.toml", []byte(src))
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Count(err.Error(), "\n") > 0 {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}

// A circuit so long that its walks would be a hostile amount of work is
// refused at the move that would walk it.
func TestCircuitTooLong(t *testing.T) {
	var cells []string
	for i := 0; i < 800; i++ {
		cells = append(cells, `"a1"`, `"b1"`)
	}
	src := strings.Replace(circuitVariant, `lines = [["a1", "b1", "c1", "c2"], ["c3", "b3", "a3", "a2"]]`, "lines = [["+strings.Join(cells, ", ")+"]]", 1)
	_, err := core.LoadBytes("c.toml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "moves.ride: the walks along its circuits take 5116800 steps") {
		t.Errorf("got %v", err)
	}
}
