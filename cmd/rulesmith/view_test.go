package main

import (
	"encoding/json"
	"fmt"
	"slices"
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

// replay --json gives each zone instance as structure: zone, seat, who
// sees it, size and (when the viewer sees it) the pieces, a pile's with the
// seat that put each; text is the plain output's line, and the plain
// output's zone lines are those texts in order.
func TestReplayJSONZones(t *testing.T) {
	const variant, record = "../../testdata/variants/pairs.toml", "../../testdata/zones/pairs-game.txt"
	for _, view := range []string{"", "North"} {
		args := []string{"replay", variant, record}
		if view != "" {
			args = append(args, "--view", view)
		}
		plain := rulesmith(t, args...)
		r := rulesmith(t, append(args, "--json")...)
		if r.code != 0 || plain.code != 0 {
			t.Fatalf("%v: exit %d, %d: %s%s", args, r.code, plain.code, r.stderr, plain.stderr)
		}
		var pos struct {
			Zones []struct {
				Zone, Seat, Visibility, Text string
				VisibleTo                    []string `json:"visible_to"`
				Hidden                       bool
				Size                         int
				Pieces, By                   []string
			}
		}
		if err := json.Unmarshal([]byte(r.stdout), &pos); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, r.stdout)
		}
		if len(pos.Zones) == 0 {
			t.Fatalf("%v: no zones:\n%s", args, r.stdout)
		}
		var texts []string
		for _, z := range pos.Zones {
			texts = append(texts, z.Text)
			want := "zone " + z.Zone
			if z.Seat != "" {
				want += " " + z.Seat
			}
			want += ":"
			switch {
			case z.Hidden:
				if z.Pieces != nil {
					t.Errorf("%s: hidden, but pieces %v", z.Text, z.Pieces)
				}
				want += fmt.Sprintf(" hidden, %d pieces", z.Size)
			default:
				if len(z.Pieces) != z.Size {
					t.Errorf("%s: %d pieces listed, size %d", z.Text, len(z.Pieces), z.Size)
				}
				if z.By != nil && len(z.By) != len(z.Pieces) {
					t.Errorf("%s: by %v for pieces %v", z.Text, z.By, z.Pieces)
				}
				for i, p := range z.Pieces {
					want += " " + p
					if z.By != nil && z.By[i] != "" {
						want += "(" + z.By[i] + ")"
					}
				}
			}
			if z.Text != want {
				t.Errorf("text %q, but the fields say %q", z.Text, want)
			}
			switch z.Visibility {
			case "all":
				if len(z.VisibleTo) != 2 {
					t.Errorf("%s: seen by all, visible_to %v", z.Text, z.VisibleTo)
				}
			case "owner":
				if len(z.VisibleTo) != 1 || z.VisibleTo[0] != z.Seat {
					t.Errorf("%s: seen by its owner, visible_to %v", z.Text, z.VisibleTo)
				}
				if view != "" && z.Hidden != (z.Seat != view) {
					t.Errorf("%s: hidden %v from %s", z.Text, z.Hidden, view)
				}
			case "none":
				if len(z.VisibleTo) != 0 || (view != "" && !z.Hidden) {
					t.Errorf("%s: seen by none, visible_to %v, hidden %v", z.Text, z.VisibleTo, z.Hidden)
				}
			default:
				t.Errorf("%s: visibility %q", z.Text, z.Visibility)
			}
		}
		if !strings.Contains(plain.stdout, strings.Join(texts, "\n")+"\n") {
			t.Errorf("%v: the plain output's zone lines are not the JSON texts %q:\n%s", args, texts, plain.stdout)
		}
		if view == "North" && !slices.Contains(texts, "zone hand South: hidden, 2 pieces") {
			t.Errorf("North's view: %q", texts)
		}
	}
}
