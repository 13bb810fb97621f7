package referee_test

import (
	"testing"

	"rulesmith/core"
	_ "rulesmith/core/referee"
	"rulesmith/variants"
)

func load(t testing.TB, name string, sets ...string) *core.Game {
	t.Helper()
	g, err := core.Load(name, core.WithFS(variants.FS()), core.WithSet(sets...))
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return g
}
