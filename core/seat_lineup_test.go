package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
)

// lineupVariant declares four seats on a 4×1 grid, one piece each; count and
// lineups choose who plays.
const lineupVariant = `name = "test/lineup"
[params]
players = 4
[players]
seats = ["a", "b", "c", "d"]
titles = ["Ann", "Bob", "Cy", "Di"]
count = 'players'
[players.lineups]
2 = ["c", "a"]
3 = ["a", "b", "d"]
[board]
kind = "grid"
width = 4
height = 1
[pieces.pa]
owner = "a"
[pieces.pb]
owner = "b"
[pieces.pc]
owner = "c"
[pieces.pd]
owner = "d"
[setup.pieces]
a1 = "pa"
b1 = "pb"
c1 = "pc"
d1 = "pd"
[moves.place]
type = "place"
`

// [players] count and [players.lineups] (variant-format.md, "[players]"):
// the seats in play keep the declared (turn) order whatever order a lineup
// lists them in; the others drop out with the kinds they own, and the setup
// of those kinds places nothing.
func TestSeatLineups(t *testing.T) {
	for _, tc := range []struct {
		set         string
		seats       string
		titles      string
		kinds, cell string
	}{
		{"players=4", "a b c d", "Ann Bob Cy Di", "pa pb pc pd", "a1 b1 c1 d1"},
		{"players=2", "a c", "Ann Cy", "pa pc", "a1 c1"},
		{"players=3", "a b d", "Ann Bob Di", "pa pb pd", "a1 b1 d1"},
	} {
		g, err := core.LoadBytes("l.toml", []byte(lineupVariant), core.WithSet(tc.set))
		if err != nil {
			t.Fatalf("%s: %v", tc.set, err)
		}
		if got := strings.Join(g.Seats(), " "); got != tc.seats {
			t.Errorf("%s: seats %q, want %q", tc.set, got, tc.seats)
		}
		if got := strings.Join(g.SeatTitles(), " "); got != tc.titles {
			t.Errorf("%s: titles %q, want %q", tc.set, got, tc.titles)
		}
		var kinds []string
		for _, k := range g.Kinds() {
			kinds = append(kinds, k.Name)
		}
		if got := strings.Join(kinds, " "); got != tc.kinds {
			t.Errorf("%s: kinds %q, want %q", tc.set, got, tc.kinds)
		}
		s := g.NewState()
		var occupied []string
		for c := 0; c < g.Board().N(); c++ {
			if s.Height(c) > 0 {
				occupied = append(occupied, g.Board().Cells[c].Name)
			}
		}
		if got := strings.Join(occupied, " "); got != tc.cell {
			t.Errorf("%s: pieces on %q, want %q", tc.set, got, tc.cell)
		}
	}
}

func TestSeatLineupErrors(t *testing.T) {
	for _, tc := range []struct{ name, old, new, set, want string }{
		{"no lineup", "", "", "players=1", `l.toml:7:9: players.count: no lineup for a count of 1 (lineups: 2, 3)`},
		{"too many", "", "", "players=5", `players.count: 5 seats cannot play; the variant declares 4 (a, b, c, d)`},
		{"wrong size", `2 = ["c", "a"]`, `2 = ["c"]`, "players=4", `l.toml:9:5: players.lineups.2: want 2 seats, got 1`},
		{"unknown seat", `2 = ["c", "a"]`, `2 = ["c", "e"]`, "players=4", `players.lineups.2: "e" is not a declared seat, or is listed twice (seats: a, b, c, d)`},
		{"bad count key", `2 = ["c", "a"]`, `two = ["c", "a"]`, "players=4", `players.lineups: "two" is not a seat count from 1 to 4`},
		{"first absent", `[moves.place]`, "[turns]\nfirst = \"b\"\n[moves.place]", "players=2", `turns.first: seat "b" does not play with [players] count = 2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := lineupVariant
			if tc.old != "" {
				src = strings.Replace(src, tc.old, tc.new, 1)
			}
			_, err := core.LoadBytes("l.toml", []byte(src), core.WithSet(tc.set))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}
