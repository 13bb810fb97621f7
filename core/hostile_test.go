package core_test

import (
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
