package core_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// A relay-sowing rule whose laps exceed max_laps stops with an error naming
// the rule, and History.Play leaves the position as it was.
func TestRelayLimitNamesTheRule(t *testing.T) {
	src := `extends = "mancala/nigerian"
name = "test/relay-limit"
[moves.sow]
take_at = 0     # no 4-stone takes: relays run long
max_laps = 2
`
	g, err := core.LoadBytes("relay.toml", []byte(src), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	var hit error
	for game := 0; game < 50 && hit == nil; game++ {
		h := core.NewHistory(g, g.NewState())
		buf := make([]core.Move, 0, 16)
		for hit == nil {
			buf = g.Moves(h.State, buf)
			if len(buf) == 0 {
				break
			}
			before := h.State.Clone()
			if err := h.Play(buf[rng.IntN(len(buf))]); err != nil {
				hit = err
				if !h.State.Equal(before) {
					t.Fatal("a failed move must leave the position unchanged")
				}
			}
		}
	}
	if hit == nil {
		t.Fatal("no move reached the relay limit")
	}
	if !strings.Contains(hit.Error(), `rule "sow"`) || !strings.Contains(hit.Error(), "max_laps") {
		t.Fatalf("error %q must name the rule and the limit", hit)
	}
}

// A variant whose game never ends (two rooks shuffling on an empty grid)
// stops at the ply limit: a timeout, never a hang.
func TestPlyLimitStopsEndlessGames(t *testing.T) {
	src := `name = "test/endless"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 4
height = 4
[pieces.wr]
owner = "white"
[pieces.br]
owner = "black"
[setup.pieces]
a1 = "wr"
d4 = "br"
[turns]
max_plies = 300
[moves.rook]
type = "slide"
dirs = ["n", "e", "s", "w"]
`
	g, err := core.LoadBytes("endless.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	if _, err := g.Playout(s, rand.New(rand.NewPCG(1, 2)), nil, nil); err != nil {
		t.Fatal(err)
	}
	r := g.Result(s)
	if !r.Over || !r.Timeout || s.Ply() != 300 {
		t.Fatalf("result %+v at ply %d, want a timeout at 300", r, s.Ply())
	}
	if got := g.ResultString(r); got != "stopped at the ply limit" {
		t.Fatalf("result string %q", got)
	}
}

// Parsing never panics on arbitrary text and always explains a refusal.
func TestParseGarbage(t *testing.T) {
	for _, name := range shipped {
		g := load(t, name)
		s := g.NewState()
		for _, text := range []string{"", "-", "--", "a1-", "-a1", "zz9-zz9", "99", "0", "3cw", "x", "pass", "a1@b2", "@", strings.Repeat("9", 40), "\x00\xff"} {
			if _, err := g.Parse(s, text); err != nil && err.Error() == "" {
				t.Errorf("%s: Parse(%q): empty error", name, text)
			}
		}
	}
}

// A record saved with a UTF-8 byte-order mark reads as without one; a record
// past the size limit is refused with a message, not read whole.
func TestReadRecordBOMAndSize(t *testing.T) {
	lines, err := core.ReadRecord(strings.NewReader("\uFEFFa1-b2  # first\n\nc3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 || lines[0] != (core.RecordLine{Line: 1, Text: "a1-b2"}) || lines[1] != (core.RecordLine{Line: 3, Text: "c3"}) {
		t.Fatalf("got %+v", lines)
	}
	big := strings.NewReader(strings.Repeat("# a comment line of the record\n", core.MaxRecordBytes/31+1))
	if _, err := core.ReadRecord(big); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("got %v, want a size error", err)
	}
}

// Every shipped variant compiles within a twentieth of the default memory
// budget.
func TestShippedWithinBudget(t *testing.T) {
	// Time is left at the default: this machine is shared and timing noisy.
	small := core.Budget{Memory: core.DefaultBudget.Memory / 20}
	for _, name := range variants.Names() {
		if _, err := core.Load(name, core.WithFS(variants.FS()), core.WithBudget(small)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Expressions are metered without changing what they mean: string
// concatenation still type-checks, numbers still add, and a string built
// past the limits is refused at the key that built it.
func TestExprMetering(t *testing.T) {
	base := `name = "t"
[players]
seats = ["a", "b"]
[board]
kind = "grid"
width = 8
height = 8
[moves.put]
type = "place"
`
	for _, c := range []struct {
		name, attrs string
		budget      core.Budget
		want        string // "" when it loads
	}{
		{"numbers add", `n = 'x + y + 1'` + "\n" + `s = 'string(x) + "-" + string(y)'`, core.Budget{}, ""},
		{"mixed types still refused", `s = '"a" + 1'`, core.Budget{}, "t.toml:11:10: board.attrs.s: invalid operation: + (mismatched types string and int)"},
		{"loops keep their meaning", `a = 'all(1..3, {# > 0}) && map(1..3, # * 2)[1] == 4 && len(filter(1..5, # % 2 == 0)) == 2'` + "\n" +
			`b = 'reduce(1..4, #acc + #, 0) == 10 && join(map(["x", "y"], # + "!"), ",") == "x!,y!"'` + "\n" +
			`[board.regions]` + "\n" + `r = 'a && b'`, core.Budget{}, ""},
		{"attribute strings add", `s = 'string(x)'` + "\n" + `t = 's + s'`, core.Budget{}, ""},
		{"doubling", `s = 'reduce(1..20, #acc + #acc, "ab")'`, core.Budget{}, "t.toml:11:5: board.attrs.s: on cell a1: +: a string of 131072 bytes; the limit is 65536"},
		{"join", `s = 'join(map(1..1000, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"), "")'`, core.Budget{}, "t.toml:11:5: board.attrs.s: on cell a1: join: a string of "},
		{"replace", `s = 'replace(repeat("a", 1000), "a", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")'`, core.Budget{}, "on cell a1: replace: a string of 75000 bytes"},
		{"memory budget", `s = 'repeat("x", 50000)'`, core.Budget{Memory: 1 << 20}, "t.toml:11:5: board.attrs.s: the compile memory budget (1 MiB) is spent; raise it with --compile-memory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := core.LoadBytes("t.toml", []byte(base+"[board.attrs]\n"+c.attrs+"\n"), core.WithBudget(c.budget))
			if err == nil {
				if cells, ok := g.Board().Region("r"); ok && len(cells) != 64 {
					t.Fatalf("region r holds %d cells, want every cell", len(cells))
				}
			}
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("got %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// Score arithmetic is checked: a sum past the largest integer would wrap and
// flip the winner; instead the move that ends the game is refused with an
// error naming the score expression, and the position is kept.
func TestScoreOverflow(t *testing.T) {
	src := `extends = "mancala/egyptian"
name = "test/overflow"
[params]
pits = 1
seeds = 1
bonus = %d
[scoring]
score = 'stones("store") + bonus - 0 * bonus'
`
	for _, c := range []struct {
		bonus int64
		want  string
	}{
		{9223372036854775807, `t.toml:8:9: scoring.score: integer overflow: 1 + 9223372036854775807`},
		{9223372036854775806, ""},
	} {
		g, err := core.LoadBytes("t.toml", []byte(fmt.Sprintf(src, c.bonus)), core.WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		h := core.NewHistory(g, g.NewState())
		m, err := g.Parse(h.State, "1")
		if err != nil {
			t.Fatal(err)
		}
		err = h.Play(m)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("bonus %d: %v", c.bonus, err)
		case c.want == "" && g.ResultString(g.Result(h.State)) != "south wins":
			t.Errorf("bonus %d: %s", c.bonus, fmt.Sprint(g.EndedBy(h.State)))
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("bonus %d: got %v, want %q", c.bonus, err, c.want)
		case c.want != "" && h.State.Ply() != 0:
			t.Errorf("bonus %d: the refused move was kept", c.bonus)
		}
	}
}

// Points gathered in play are 32-bit: a capture whose value would take the
// mover past core.MaxPoints is refused with an error naming the rule,
// instead of wrapping to a negative score that hands the game to the
// other seat. On a 2049×1 strip white's rook captures 2048 black pieces
// worth 2²⁰ each (the largest value) one by one; the 2048th would make 2³¹.
func TestCapturePointsOverflow(t *testing.T) {
	var b strings.Builder
	b.WriteString(`name = "test/points-overflow"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 2049
height = 1
[pieces.wr]
owner = "white"
[pieces.bp]
owner = "black"
value = 1048576
[turns]
pass = "when_stuck"
[moves.rook]
type = "slide"
dirs = ["n", "e", "s", "w"]
kinds = ["wr"]
land = "enemy"
capture = "replace"
capture_points = true
[setup.pieces]
a1 = "wr"
`)
	for x := 1; x <= 2048; x++ { // b1 and every cell east of it
		fmt.Fprintf(&b, "%s = \"bp\"\n", cellName(x, 0))
	}
	g, err := core.LoadBytes("points.toml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(g, g.NewState())
	buf := make([]core.Move, 0, 64)
	captures := 0
	for {
		buf = g.Moves(h.State, buf)
		if len(buf) == 0 {
			t.Fatalf("no move after %d captures (score %d)", captures, h.State.Score(0))
		}
		before := h.State.Clone()
		err := h.Play(buf[0])
		if err != nil {
			if !h.State.Equal(before) {
				t.Fatal("a refused move must leave the position unchanged")
			}
			want := `rule "rook": capture_points: white's points 2146435072 + 1048576 would pass ±2147483647 (core.MaxPoints)`
			if !strings.Contains(err.Error(), want) {
				t.Fatalf("error %q; want it to contain %q", err, want)
			}
			break
		}
		if h.State.ToMove() == 1 && buf[0] != core.Pass {
			captures++
		}
		if h.State.Score(0) < 0 {
			t.Fatalf("white's points wrapped to %d after %d captures", h.State.Score(0), captures)
		}
	}
	if captures != 2047 {
		t.Fatalf("refused after %d captures; want the 2048th refused", captures)
	}
	if h.State.Score(0) != 2047<<20 {
		t.Fatalf("white's points %d; want 2047 × 2²⁰", h.State.Score(0))
	}
}

// cellName names a grid cell: column letters a…z, aa… (as the grid names
// them) and the row from 1.
func cellName(x, y int) string {
	col := ""
	for x++; x > 0; x = (x - 1) / 26 {
		col = string(rune('a'+(x-1)%26)) + col
	}
	return fmt.Sprintf("%s%d", col, y+1)
}

// A record is UTF-8 text: another encoding, or a control character in a
// move, is refused at its line (it was replayed as an illegal move of
// escaped bytes, or passed to the notation as it was); a tab separating
// words and any UTF-8 in a comment are fine.
func TestReadRecordEncoding(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"utf16-le", "\xff\xfea\x001\x00\n", "record: UTF-16 text"},
		{"utf16-be", "\xfe\xff\x00a\x001\n", "record: UTF-16 text"},
		{"latin1", "a1\nb2 # caf\xe9\n", "record: line 2 is not UTF-8 text"},
		{"nul", "a1\n\x00\n", "record: line 2: a control character (U+0000) at column 1"},
		{"escape", "a1\nb2\x1b[31m\n", "record: line 2: a control character (U+001B) at column 3"},
		{"tab and comment", "a1\tb2 # café ♞\n", ""},
		{"control in a comment", "a1 # \x07\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			lines, err := core.ReadRecord(strings.NewReader(c.text))
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want == "" && len(lines) != 1:
				t.Fatalf("lines %v, want one", lines)
			case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}
}
