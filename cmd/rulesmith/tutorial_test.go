package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// tutorialDir holds the steps of docs/tutorial.md.
const tutorialDir = "../../docs/tutorial"

// TestTutorial validates every step of the tutorial with --strict and
// plays random games of it to their end, checks that the tutorial links
// every step, and runs the house rule's diff and explain --diff as the
// tutorial shows them.
func TestTutorial(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(tutorialDir, "*.toml"))
	if err != nil || len(files) < 6 {
		t.Fatalf("%s: %d files (%v), want the five steps and the house rule", tutorialDir, len(files), err)
	}
	text, err := os.ReadFile("../../docs/tutorial.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		base := filepath.Base(file)
		t.Run(base, func(t *testing.T) {
			if !strings.Contains(string(text), "(tutorial/"+base+")") {
				t.Errorf("docs/tutorial.md does not link %s", base)
			}
			var stdout, stderr bytes.Buffer
			if code := run([]string{"validate", "--strict", file}, &stdout, &stderr); code != 0 {
				t.Fatalf("validate --strict exited %d: %s", code, stderr.String())
			}
			g, err := core.Load(file, core.WithFS(variants.FS()))
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			for i := 0; i < 20; i++ {
				s := g.NewState()
				if _, err := g.Playout(s, rng, nil, nil); err != nil {
					t.Fatal(err)
				}
				if !g.Result(s).Over {
					t.Fatalf("game %d did not end", i)
				}
			}
		})
	}
	// step 1 opens with a move on each of the 16 points
	var stdout, stderr bytes.Buffer
	if code := run([]string{"moves", filepath.Join(tutorialDir, "step1.toml")}, &stdout, &stderr); code != 0 || strings.Count(stdout.String(), "\n") != 16 {
		t.Errorf("moves step1: exit %d, %d moves, want 16", code, strings.Count(stdout.String(), "\n"))
	}
	// the house rule against step 5
	stdout.Reset()
	step5, house := filepath.Join(tutorialDir, "step5.toml"), filepath.Join(tutorialDir, "house.toml")
	if code := run([]string{"diff", step5, house}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "row: 3 → 4") {
		t.Errorf("diff: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	if code := run([]string{"explain", house, "--diff", step5}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "**row** is now `4` (was `3`)") {
		t.Errorf("explain --diff: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}
