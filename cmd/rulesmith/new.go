package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// boardTemplates are the [board] sections `rulesmith new` writes, by kind,
// with the number of cells each makes (for the hands).
var boardTemplates = map[string]struct {
	board string
	cells int
}{
	"grid": {`# docs/variant-format.md#kind--grid: cells a1.. by column letter and row number.
[board]
kind = "grid"
width = 4
height = 4
`, 16},
	"hex": {`# docs/variant-format.md#kind--hex: rows of hexagons, bottom row first (axial coordinates).
[board]
kind = "hex"
rows = [3, 4, 5, 4, 3]
`, 19},
	"faces": {`# docs/variant-format.md#kind--faces: square faces joined along folds; here two 3x3 faces
# at a right angle. A face's cell (i,j) has its far corner at origin + i*u + j*v.
[board]
kind = "faces"

[board.faces.floor]
origin = [0, 0, 0]
u = [1, 0, 0]
v = [0, 1, 0]
size = [3, 3]

[board.faces.wall]
origin = [0, 0, 0]
u = [1, 0, 0]
v = [0, 0, 1]
size = [3, 3]
`, 18},
	"graph": {`# docs/variant-format.md#kind--graph: named points joined by lines; a line gives two
# directions along it. Points named like a1 are drawn at column a, row 1.
[board]
kind = "graph"
points = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]

[board.lines.rows]
dirs = ["e", "w"]
lines = [["a1", "b1", "c1"], ["a2", "b2", "c2"], ["a3", "b3", "c3"]]

[board.lines.columns]
dirs = ["n", "s"]
lines = [["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"]]

[board.lines.diagonals]
dirs = ["ne", "sw"]
lines = [["a1", "b2", "c3"]]

[board.lines.antidiagonals]
dirs = ["nw", "se"]
lines = [["c1", "b2", "a3"]]
`, 9},
	"pits": {"", 0},
}

// placeTemplate is the rest of a variant on a board of cells: a game of
// placing stones where three in a row wins.
const placeTemplate = `# %[1]s: a starting variant written by rulesmith new. Change anything; check it with
#   rulesmith validate %[2]s      (every problem as file:line:col)
#   rulesmith play %[2]s          (play it in the terminal)
#   rulesmith diagram %[2]s > board.svg   (a figure of the start)
# The format of every table: docs/variant-format.md.
name = %[3]q
title = %[3]q

# docs/variant-format.md#params-and---set: values every expression can read; --set k=v changes one.
[params]
row = 3          # stones in a row that win

# docs/variant-format.md#players
[players]
seats = ["white", "black"]
colors = ["white", "black"]

%[4]s
# docs/variant-format.md#piecesname: one kind per seat.
[pieces.white]
owner = "white"
glyph = "W"

[pieces.black]
owner = "black"
glyph = "B"

# docs/variant-format.md#setup: each seat holds its stones in hand.
[setup.hand]
white = ["white:%[5]d"]
black = ["black:%[5]d"]

# docs/variant-format.md#turns
[turns]
first = "white"
stuck = "score"  # a full board: scoring decides (here a draw)

# docs/variant-format.md#type--place-put-a-piece-from-the-hand-on-the-board
[moves.place]
type = "place"
to = "empty"     # any empty cell
cite = "Rule 1"  # where the rule text says it

# docs/variant-format.md#endname: the game ends when the last stone placed makes a row...
[end.row]
type = "expr"
when = 'formed(row)'
cite = "Rule 2"

# docs/variant-format.md#scoring: ...and its owner wins.
[scoring]
score = 'formed(row) && owner(last_to()) == seat ? 1 : 0'
winner = "highest"
`

// pitsTemplate is a variant on a board of pits: a small mancala.
const pitsTemplate = `# %[1]s: a starting variant written by rulesmith new. Change anything; check it with
#   rulesmith validate %[2]s      (every problem as file:line:col)
#   rulesmith play %[2]s          (play it in the terminal)
#   rulesmith diagram %[2]s > board.svg   (a figure of the start)
# The format of every table: docs/variant-format.md.
name = %[3]q
title = %[3]q

# docs/variant-format.md#params-and---set: values every expression can read; --set k=v changes one.
[params]
pits = 6         # pits per seat
seeds = 4        # stones in each pit at the start

# docs/variant-format.md#players
[players]
seats = ["south", "north"]

# docs/variant-format.md#kind--pits: each seat's pits 1..pits from its left, then its store.
[board]
kind = "pits"
pits = 'pits'
stores = true

# docs/variant-format.md#boardrelations: the pit across from pit k is the other seat's pit pits+1-k.
[board.relations]
opposite = 'a.kind == "pit" && b.kind == "pit" && a.owner != b.owner && a.index + b.index == pits + 1'

# docs/variant-format.md#setup
[setup.stones]
pits = 'seeds'

# docs/variant-format.md#type--sow-pick-up-the-stones-of-a-bowl-and-sow-them-one-by-one
[moves.sow]
type = "sow"
from = "pits"
store = "store"
directions = ["ccw"]
skip_others_stores = true
extra_turn = true          # the last stone in your store: play again
capture = "opposite"       # the last stone in an empty pit of yours takes the pit across
cite = "Rule 1"

# docs/variant-format.md#endname
[end.side_empty]
type = "region_empty"
region = "pits"
cite = "Rule 2"

# docs/variant-format.md#scoring: stones in the store, and at the end those left on your side.
[scoring]
score = 'stones("store") + (over ? stones("pits") : 0)'
winner = "highest"
`

// newKinds lists the kinds `rulesmith new` can write.
func newKinds() []string {
	var k []string
	for name := range boardTemplates {
		k = append(k, name)
	}
	sort.Strings(k)
	return k
}

var newName = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

// newVariant returns the text of a starting variant named name on a board
// of kind, to be written to file.
func newVariant(name, kind, file string) (string, error) {
	t, ok := boardTemplates[kind]
	if !ok {
		return "", fmt.Errorf("--board %q: want one of %s", kind, strings.Join(newKinds(), ", "))
	}
	if kind == "pits" {
		return fmt.Sprintf(pitsTemplate, name, file, name), nil
	}
	return fmt.Sprintf(placeTemplate, name, file, name, t.board, (t.cells+1)/2), nil
}

// newCmd writes NAME.toml, a starting variant, and never overwrites a file.
func newCmd(c *call) int {
	name := c.pos[0]
	if !newName.MatchString(name) {
		return c.usageError("%q: a variant name is lowercase letters, digits, - and _, starting with a letter", name)
	}
	if c.opts.board == "" {
		return c.usageError("--board: want one of %s", strings.Join(newKinds(), ", "))
	}
	file := filepath.Join(c.opts.out, name+".toml")
	text, err := newVariant(name, c.opts.board, file)
	if err != nil {
		return c.usageError("%v", err)
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		fmt.Fprintf(c.stderr, "rulesmith new: %s exists; not overwritten\n", file)
		return 1
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "rulesmith new: %v\n", err)
		return 1
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		fmt.Fprintf(c.stderr, "rulesmith new: %v\n", err)
		return 1
	}
	if err := f.Close(); err != nil {
		fmt.Fprintf(c.stderr, "rulesmith new: %v\n", err)
		return 1
	}
	fmt.Fprintf(c.stdout, "wrote %s; next: rulesmith validate %s\n", file, file)
	return 0
}
