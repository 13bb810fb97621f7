package core_test

import (
	"fmt"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// clashBase is a small two-seat game the clash cases add rules to: White's
// men and Black's foes, placed from hand or standing on the board.
const clashBase = `
name = "test/clash"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 4
height = 4
[board.relations]
near = 'abs(a.x - b.x) + abs(a.y - b.y) == 1'
east = 'b.x == a.x + 1 && a.y == b.y'
[pieces.man]
owner = "white"
glyph = "M"
[pieces.foe]
owner = "black"
glyph = "F"
[pieces.nag]
owner = "white"
glyph = "%s"
[setup.pieces]
a1 = "man"
b1 = "man"
c3 = "foe"
d3 = "foe"
c4 = "foe"
[setup.hand]
white = ["nag:1", "man:1"]
black = []
`

// castleBase is a two-seat game for castling cases: White's kings and
// rooks (the cases set them up) on a 7×3 board, Black's foe in a corner.
const castleBase = `
name = "test/castle"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 7
height = 3
[pieces.king]
owner = "white"
glyph = "K"
[pieces.rook]
owner = "white"
glyph = "R"
[pieces.foe]
owner = "black"
glyph = "%s"
[piece_state.moved]
min = 0
max = 1
default = 0
`

// The compile-time notation check, table-driven: each case adds rules to
// clashBase (or its base); want is the rule (and key) the warning must
// stand at, "" for none. Every case is decided at load (no rule left to
// sampling). A case that warns must also be a real clash: seeded random
// games find two legal moves of one position written alike
// (NotationClashes); one that does not, none.
func TestNotationClashAtCompile(t *testing.T) {
	for _, tc := range []struct {
		name, glyph, rules, want, says string
		base                           string // "": clashBase
	}{
		{"step and slide over one cell", "N", `
[moves.step]
type = "step"
[moves.glide]
type = "slide"
`, "[moves.glide]", "those of moves.step", ""},
		{"related capture, victims by glyph", "N", `
[moves.go]
type = "step"
capture = "related"
capture_relation = "near"
`, `capture = "related"`, `victims are written by their glyph only and two pieces are written "F"`, ""},
		{"two kinds of one glyph placed by choice", "M", `
[moves.put]
type = "place"
order = "choice"
notation = "glyph"
[moves.go]
type = "step"
`, `notation = "glyph"`, `may place man and nag, both written "M"`, ""},
		{"two pieces of one glyph named by piece", "N", `
[moves.go]
type = "step"
notation = "piece"
`, `notation = "piece"`, `two pieces it moves are both written "M"`, ""},
		{"two placements on one cell", "N", `
[moves.put]
type = "place"
[moves.drop]
type = "place"
kinds = ["nag"]
`, "[moves.drop]", "those of moves.put", ""},
		{"a leap and a step to the same cells", "N", `
[moves.go]
type = "step"
[moves.hop]
type = "leap"
vectors = [[1, 0]]
land = "empty"
`, "[moves.hop]", "those of moves.go", ""},
		// must not warn
		{"empty targets and captures", "N", `
[moves.go]
type = "step"
land = "empty"
[moves.take]
type = "step"
land = "enemy"
capture = "replace"
`, "", "", ""},
		{"captures written FROMxTO and FROM-TO", "N", `
[moves.go]
type = "step"
land = "empty_or_enemy"
capture = "replace"
notation = "cells_x"
[moves.take]
type = "leap"
vectors = [[1, 0]]
land = "enemy"
`, "", "", ""},
		{"a step and a jump", "N", `
[moves.go]
type = "step"
[moves.hop]
type = "jump"
`, "", "", ""},
		{"related capture, one cell beside a landing", "N", `
[moves.go]
type = "step"
capture = "related"
capture_relation = "east"
`, "", "", ""},
		{"kinds of their own", "N", `
[moves.go]
type = "step"
kinds = ["man"]
[moves.glide]
type = "slide"
kinds = ["nag"]
[moves.put]
type = "place"
`, "", "", ""},
		{"placement by glyph, glyphs apart", "N", `
[moves.put]
type = "place"
order = "choice"
notation = "glyph"
[moves.go]
type = "step"
`, "", "", ""},
		{"different phases", "N", `
[moves.step]
type = "step"
[moves.glide]
type = "slide"
[phases.first]
moves = ["step"]
end_if = 'ply == 2'
next = "second"
[phases.second]
moves = ["glide"]
`, "", "", ""},
		{"two transfers naming one kind", "N", `
[zones.pile]
[moves.drop]
type = "transfer"
from = "hand"
to = "pile"
[moves.toss]
type = "transfer"
from = "hand"
to = "pile"
`, "[moves.toss]", "those of moves.drop", ""},
		{"two transfers told apart by a prefix", "N", `
[zones.pile]
[moves.drop]
type = "transfer"
from = "hand"
to = "pile"
[moves.toss]
type = "transfer"
from = "hand"
to = "pile"
prefix = "t:"
`, "", "", ""},
		{"a transfer writing two kinds by one glyph", "M", `
[zones.pile]
[moves.drop]
type = "transfer"
from = "hand"
to = "pile"
notation = "glyph"
`, `notation = "glyph"`, "writes kinds man and nag alike", ""},
		{"transfers of one and of two pieces", "N", `
[zones.pile]
[moves.drop]
type = "transfer"
from = "hand"
to = "pile"
[moves.pair]
type = "transfer"
from = "hand"
to = "pile"
count = 2
`, "", "", ""},
		// castling
		{name: "castling written FROM-TO, and a king's slide", glyph: "F", base: castleBase, rules: castleSetup + `
[moves.glide]
type = "slide"
kinds = ["king"]
dirs = ["e", "w"]
max_distance = 2
land = "empty"
[moves.castle]
type = "castle"
kinds = ["king"]
partner = ["rook"]
dirs = ["e", "w"]
unmoved = "moved"
safe = false
`, want: "[moves.castle]", says: "those of moves.glide"},
		{name: "castling named, two directions by one word", glyph: "F", base: castleBase, rules: castleSetup + `
[moves.castle]
type = "castle"
kinds = ["king"]
partner = ["rook"]
dirs = ["e", "w"]
unmoved = "moved"
safe = false
names = ["O-O", "o-o"]
`, want: "names = ", says: `two of its directions are both written "o-o"`},
		{name: "castling named, two kings of one seat", glyph: "F", base: castleBase, rules: castleSetup + `
a3 = "rook"
d3 = "king"
[moves.castle]
type = "castle"
kinds = ["king"]
partner = ["rook"]
dirs = ["w"]
unmoved = "moved"
safe = false
names = ["O-O-O"]
`, want: "names = ", says: `white has two pieces it castles (king and king)`},
		{name: "castling named like a king's slide", glyph: "F", base: castleBase, rules: castleSetup + `
[moves.glide]
type = "slide"
kinds = ["king"]
dirs = ["e", "w"]
max_distance = 2
land = "empty"
[moves.castle]
type = "castle"
kinds = ["king"]
partner = ["rook"]
dirs = ["e"]
unmoved = "moved"
safe = false
names = ["d1-f1"]
`, want: "[moves.castle]", says: "those of moves.glide"},
		{name: "castling named, and a king's slide", glyph: "F", base: castleBase, rules: castleSetup + `
[moves.glide]
type = "slide"
kinds = ["king"]
dirs = ["e", "w"]
max_distance = 2
land = "empty"
[moves.castle]
type = "castle"
kinds = ["king"]
partner = ["rook"]
dirs = ["e", "w"]
unmoved = "moved"
safe = false
names = ["O-O", "O-O-O"]
`},
		{name: "castling written FROM-TO, and a king's step", glyph: "F", base: castleBase, rules: castleSetup + `
[moves.step]
type = "step"
kinds = ["king"]
[moves.castle]
type = "castle"
kinds = ["king"]
partner = ["rook"]
dirs = ["e", "w"]
unmoved = "moved"
safe = false
`},
		// swaps
		{name: "a swap for two kinds of one glyph", glyph: "N", rules: swapZone + `
[setup.zones.pen]
white = ["nag:1", "elf:1"]
black = []
[moves.swap]
type = "swap"
zone = "pen"
notation = "glyph"
`, want: `notation = "glyph"`, says: `white may swap its man for nag or elf, both written "N"`},
		{name: "two swaps from one zone", glyph: "N", rules: swapZone + `
[setup.zones.pen]
white = ["nag:1"]
black = []
[moves.swap]
type = "swap"
zone = "pen"
[moves.trade]
type = "swap"
zone = "pen"
kinds = ["man"]
`, want: "[moves.trade]", says: "those of moves.swap"},
		{name: "a swap, and a foe in the zone written like its nag", glyph: "F", rules: swapZone + `
[setup.zones.pen]
white = ["nag:1", "foe:1"]
black = []
[moves.swap]
type = "swap"
zone = "pen"
notation = "glyph"
`, want: `notation = "glyph"`, says: `white may swap its man for foe or nag, both written "F"`},
		{name: "a swap by glyph, the foe written alike never in the zone", glyph: "F", rules: swapZone + `
[setup.zones.pen]
white = ["nag:1"]
black = []
[moves.swap]
type = "swap"
zone = "pen"
notation = "glyph"
[moves.go]
type = "step"
land = "empty_or_enemy"
capture = "replace"
capture_to = "pen"
`},
		{name: "a swap by glyph, foes taken into the mover's zone", glyph: "F", rules: swapZone + `
[setup.zones.pen]
white = ["nag:1"]
black = []
[moves.swap]
type = "swap"
zone = "pen"
notation = "glyph"
[moves.go]
type = "step"
land = "empty_or_enemy"
capture = "replace"
capture_to = "pen"
capture_to_seat = "mover"
`, want: `notation = "glyph"`, says: `white may swap its man for foe or nag, both written "F"`},
		{name: "a swap by glyph, and a step", glyph: "N", rules: swapZone + `
[setup.zones.pen]
white = ["nag:1", "elf:1"]
black = []
[moves.swap]
type = "swap"
zone = "pen"
kinds = ["man"]
match_if = 'incoming.name != "elf"'
notation = "glyph"
[moves.go]
type = "step"
`},
		{"a transfer by glyph, a kind written alike never in the zone", "F", `
[zones.pile]
[moves.drop]
type = "transfer"
from = "hand"
to = "pile"
notation = "glyph"
`, "", "", ""},
		{"a transfer by glyph from a zone a transfer under a follow-up feeds", "M", `
[zones.box]
per_seat = true
[setup.zones.box]
white = ["man:1"]
black = []
[zones.pile]
[moves.fill]
type = "transfer"
from = "hand"
to = "box"
then = "take"
then_if = 'zone("box") > 2'
[moves.take]
type = "remove"
pieces = "enemy"
[moves.pull]
type = "transfer"
from = "box"
to = "pile"
prefix = "p:"
notation = "glyph"
[moves.go]
type = "step"
`, `notation = "glyph"`, "writes kinds man and nag alike", ""},
		{name: "a swap of neutral pieces (common) for two kinds of one glyph", glyph: "N", rules: `
[pieces.orb]
owner = "none"
glyph = "O"
[pieces.urn]
owner = "none"
glyph = "O"
[pieces.gem]
owner = "none"
glyph = "G"
[zones.well]
[setup.zones.well]
all = ["gem:2", "orb:1", "urn:1"]
[moves.put]
type = "place"
from = "well"
kinds = ["gem"]
[moves.swap]
type = "swap"
zone = "well"
common = true
kinds = ["gem"]
notation = "glyph"
[moves.go]
type = "step"
`, want: `notation = "glyph"`, says: `may swap its gem for orb or urn, both written "O"`},
		// placements GLYPH@CELL
		{"two kinds of one glyph placed GLYPH@CELL", "M", `
[moves.put]
type = "place"
order = "choice"
notation = "glyph_at"
`, `notation = "glyph_at"`, `may place man and nag, both written "M" before the cell`, ""},
		{"placements KIND@CELL and GLYPH@CELL, a name like a glyph", "man", `
[moves.put]
type = "place"
order = "choice"
kinds = ["man"]
[moves.drop]
type = "place"
order = "choice"
kinds = ["nag"]
notation = "glyph_at"
`, "[moves.drop]", "those of moves.put", ""},
		{"placements GLYPH@CELL, a glyph only another seat places", "F", `
[moves.put]
type = "place"
order = "choice"
notation = "glyph_at"
[moves.go]
type = "step"
`, "", "", ""},
		// preludes
		{name: "a prelude taking two kinds of one glyph", glyph: "N", rules: swapZone + `
[setup.zones.pen]
white = ["nag:1", "elf:1"]
black = []
[moves.go]
type = "step"
[moves.release]
type = "transfer"
from = "pen"
to = "hand"
prefix = "+"
notation = "glyph"
prelude = true
`, want: `notation = "glyph"`, says: `white may take nag or elf from pen, both written "+N"`},
		{name: "a prelude by glyph, kinds apart", glyph: "N", rules: swapZone + `
[setup.zones.pen]
white = ["nag:1", "man:1"]
black = []
[moves.go]
type = "step"
[moves.release]
type = "transfer"
from = "pen"
to = "hand"
prefix = "+"
notation = "glyph"
prelude = true
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := tc.base
			if base == "" {
				base = clashBase
			}
			src := fmt.Sprintf(base, tc.glyph) + tc.rules
			g, err := core.LoadBytes("clash.toml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if g.NotationOpen() {
				t.Fatal("the check left the variant to sampling")
			}
			var got []string
			for _, w := range g.Warnings() {
				if strings.Contains(w.Msg, "cannot tell them apart") {
					got = append(got, w.String())
				}
			}
			if tc.want == "" {
				if len(got) > 0 {
					t.Fatalf("warned: %v", got)
				}
				if c := g.NotationClashes(40, 60, 1); len(c) > 0 {
					t.Fatalf("no warning, but random games write two moves alike: %v", c)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("want one warning at %s, got %v", tc.want, got)
			}
			line := 1 + strings.Count(src[:strings.Index(src, tc.want)], "\n")
			if at := fmt.Sprintf("clash.toml:%d:", line); !strings.HasPrefix(got[0], at) || !strings.Contains(got[0], tc.says) {
				t.Fatalf("got %s\nwant it at %s saying %q", got[0], at, tc.says)
			}
			if len(g.NotationClashes(40, 60, 1)) == 0 {
				t.Fatalf("warned, but no two moves written alike in 40 random games: %s", got[0])
			}
		})
	}
}

// castleSetup sets up castleBase: White's king between two rooks, each
// castling possible at once; Black's foe in a corner.
const castleSetup = `
[setup.pieces]
a1 = "rook"
d1 = "king"
g1 = "rook"
g3 = "foe"
`

// swapZone adds to clashBase a per-seat zone for swaps and a kind written
// like the nag.
const swapZone = `
[zones.pen]
per_seat = true
[pieces.elf]
owner = "white"
glyph = "N"
`

// Every shipped variant is decided by the compile-time check, with no
// notation warning (so validate samples no games), and random games agree:
// no two legal moves of one position are written alike.
func TestShippedNotationDecided(t *testing.T) {
	for _, name := range variants.Names() {
		g := load(t, name)
		for _, w := range g.Warnings() {
			t.Errorf("%s: %s", name, w)
		}
		if g.NotationOpen() {
			t.Errorf("%s: the notation check leaves it to sampling (a rule it cannot describe)", name)
		}
		if c := g.NotationClashes(4, 200, 1); len(c) > 0 {
			t.Errorf("%s: random games write two moves alike: %v", name, c)
		}
	}
}
