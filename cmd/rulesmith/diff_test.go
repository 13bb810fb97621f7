package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// diff reports parameter and rule differences by table after extends.
func TestCLIDiff(t *testing.T) {
	r := rulesmith(t, "diff", "mancala/egyptian", "../../testdata/house-rules/kalah-4-3.toml")
	want := "mancala/egyptian → ../../testdata/house-rules/kalah-4-3.toml: 2 differences in 1 table\n[params] changed:\n  pits: 6 → 4\n  seeds: 4 → 3\n"
	if r.code != 0 || r.stdout != want {
		t.Fatalf("diff: exit %d\n%s\nwant\n%s", r.code, r.stdout, want)
	}
	r = rulesmith(t, "diff", "strix/standard", "strix/first-edition")
	for _, line := range []string{
		"[fouls.third_bird] removed:",
		"[fouls.preparation] added:",
		"[end.stalemate] added:",
		"  takebacks: 2 → 0",
		"  capture_share: added (true)",
	} {
		if !strings.Contains(r.stdout, line) {
			t.Errorf("diff strix/standard strix/first-edition lacks %q:\n%s", line, r.stdout)
		}
	}
	r = rulesmith(t, "diff", "strix/simple", "strix/advanced", "--json")
	var changes []struct {
		Key, Kind string
		A, B      any
	}
	if err := json.Unmarshal([]byte(r.stdout), &changes); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, c := range changes {
		keys[c.Key] = true
	}
	if len(changes) != 2 || !keys["params.thicket"] || !keys["params.takebacks"] {
		t.Errorf("simple vs advanced must differ only in thicket and takebacks: %+v", changes)
	}
	if r := rulesmith(t, "diff", "dvonn", "nosuch"); r.code != 1 || !strings.Contains(r.stderr, "nosuch") {
		t.Errorf("diff with a missing variant: exit %d, %q", r.code, r.stderr)
	}
}

// show prints an embedded variant's file as shipped.
func TestCLIShow(t *testing.T) {
	r := rulesmith(t, "show", "strix/simple")
	data, err := os.ReadFile("../../variants/strix/simple.toml")
	if err != nil {
		t.Fatal(err)
	}
	if r.code != 0 || r.stdout != string(data) {
		t.Fatalf("show: exit %d, %d bytes", r.code, len(r.stdout))
	}
}
