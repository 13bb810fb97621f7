package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// The shipped variants use no deprecated spelling.
func TestShippedVariantsHaveNoWarnings(t *testing.T) {
	for _, name := range variants.Names() {
		g := load(t, name)
		if w := g.Warnings(); len(w) > 0 {
			t.Errorf("%s: %v", name, w)
		}
	}
}

// A deprecated spelling loads as the new one, with one warning at the
// place it is written; both spellings in one file are an error, and in an
// extends chain the later file's spelling overrides the other.
func TestDeprecatedSpellings(t *testing.T) {
	for _, c := range []struct {
		name, file string
		sets       []string
		warning    string // the one warning; "" none
		err        string // part of the error; "" none
		check      func(t *testing.T, g *core.Game)
	}{
		{name: "defenders value", file: "extends = \"strix/simple\"\nname = \"x\"\n[fouls.third_bird]\ndefenders = \"third_bird\"\n",
			warning: `x.toml:4:13: warning: fouls.third_bird.defenders: "third_bird" is deprecated; write "bystanders" (same meaning)`,
			check:   func(t *testing.T, g *core.Game) { bystanders(t, g, true) }},
		{name: "defenders new value", file: "extends = \"strix/simple\"\nname = \"x\"\n[fouls.third_bird]\ndefenders = \"bystanders\"\n",
			check: func(t *testing.T, g *core.Game) { bystanders(t, g, true) }},
		{name: "defenders default", file: "extends = \"strix/simple\"\nname = \"x\"\n",
			check: func(t *testing.T, g *core.Game) { bystanders(t, g, false) }},
		{name: "defenders param by --set", file: "extends = \"strix/simple\"\nname = \"x\"\n", sets: []string{"defenders=third_bird"},
			warning: `--set defenders=third_bird: warning: params.defenders: "third_bird" is deprecated as a value of fouls.third_bird.defenders; write "bystanders" (same meaning)`,
			check:   func(t *testing.T, g *core.Game) { bystanders(t, g, true) }},
		{name: "capture share key", file: "extends = \"strix/first-edition\"\nname = \"x\"\n[moves.raven]\ncapture_share_paralysed = false\n",
			warning: `x.toml:4:1: warning: moves.raven.capture_share_paralysed is deprecated; write capture_share_eliminated (same meaning)`,
			check:   func(t *testing.T, g *core.Game) { docValue(t, g, "moves.raven.capture_share_eliminated", false) }},
		{name: "capture share key, later file wins", file: "extends = \"strix/first-edition\"\nname = \"x\"\n[moves.raven]\ncapture_share_paralysed = true\n",
			warning: `x.toml:4:1: warning: moves.raven.capture_share_paralysed is deprecated; write capture_share_eliminated (same meaning)`,
			check:   func(t *testing.T, g *core.Game) { docValue(t, g, "moves.raven.capture_share_eliminated", true) }},
		{name: "capture share both", file: "extends = \"strix/first-edition\"\nname = \"x\"\n[moves.raven]\ncapture_share_paralysed = false\ncapture_share_eliminated = true\n",
			err: "x.toml:4:1: moves.raven.capture_share_paralysed: deprecated spelling of capture_share_eliminated, which is also set; keep only capture_share_eliminated"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := core.LoadBytes("x.toml", []byte(c.file), core.WithFS(variants.FS()), core.WithSet(c.sets...))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range g.Warnings() {
				got = append(got, w.String())
			}
			if want := []string{c.warning}; c.warning == "" && len(got) > 0 || c.warning != "" && strings.Join(got, "\n") != c.warning {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			c.check(t, g)
		})
	}
}

func bystanders(t *testing.T, g *core.Game, want bool) {
	t.Helper()
	if g.Foul() == nil || g.Foul().BystandersOnly != want {
		t.Errorf("foul %+v: want BystandersOnly %v", g.Foul(), want)
	}
}

func docValue(t *testing.T, g *core.Game, path string, want any) {
	t.Helper()
	if v, ok := g.Value(path); !ok || v != want {
		t.Errorf("%s = %v (set %v), want %v", path, v, ok, want)
	}
}
