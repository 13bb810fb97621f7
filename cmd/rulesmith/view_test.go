package main

import (
	"strings"
	"testing"
)

// replay holds the truth and prints any seat's view: with --view a seat
// sees its own hand and the pile, and only the sizes of the other hand
// and the deck; without it, every zone.
func TestReplayView(t *testing.T) {
	const variant, record = "../../testdata/variants/pairs.toml", "../../testdata/zones/pairs-game.txt"
	for _, tc := range []struct{ view, golden string }{
		{"", "replay/pairs-game.golden"},
		{"North", "replay/pairs-game-north.golden"},
		{"south", "replay/pairs-game-south.golden"},
	} {
		args := []string{"replay", variant, record}
		if tc.view != "" {
			args = append(args, "--view", tc.view)
		}
		r := rulesmith(t, args...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		checkGolden(t, tc.golden, r.stdout)
	}
	north := rulesmith(t, "replay", variant, record, "--view", "North").stdout
	if !strings.Contains(north, "zone hand South: hidden, 2 pieces") || !strings.Contains(north, "zone hand North: a c") {
		t.Errorf("North's view:\n%s", north)
	}
	r := rulesmith(t, "replay", variant, record, "--view", "East")
	if r.code != 2 || !strings.Contains(r.stderr, `--view "East": no such seat (seats: North, South)`) {
		t.Errorf("an unknown seat: exit %d, %s", r.code, r.stderr)
	}
}
