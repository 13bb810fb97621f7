package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// surakartaPosition loads traditional/surakarta with only the given marbles
// ("S" South, "N" North) and the given seat to move.
func surakartaPosition(t *testing.T, first string, pieces map[string]string, sets ...string) *core.Game {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"traditional/surakarta\"\nname = \"test/surakarta\"\nreplace = [\"setup.pieces\"]\n")
	b.WriteString("[turns]\nfirst = \"" + first + "\"\n[setup.pieces]\n")
	for cell, kind := range pieces {
		b.WriteString(cell + " = \"" + map[string]string{"S": "south", "N": "north"}[kind] + "\"\n")
	}
	g, err := core.LoadBytes("surakarta.toml", []byte(b.String()), core.WithFS(variants.FS()), core.WithSet(sets...))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Readings, 2. SURAKARTA, Moves: "Step: one marble moves to an adjacent empty
// point (8 directions). It never jumps and never lands on an occupied point."
// From the start only the second rank moves: a2 and f2 have 2 empty
// neighbours on rank 3, b2..e2 three each: 16 steps, and no capture (every
// circuit from a South marble meets a South marble before a loop).
func TestSurakartaRuleStep(t *testing.T) {
	g := load(t, "traditional/surakarta")
	s := g.NewState()
	got := legal(g, s)
	want := "a2-a3 a2-b3 b2-a3 b2-b3 b2-c3 c2-b3 c2-c3 c2-d3 d2-c3 d2-d3 d2-e3 e2-d3 e2-e3 e2-f3 f2-e3 f2-f3"
	if got != want {
		t.Errorf("start: %s\nwant %s", got, want)
	}
	// a lone marble in the middle has all 8 neighbours, and none is taken by a step
	g = surakartaPosition(t, "south", map[string]string{"c3": "S", "d4": "N", "a1": "N"}, "captures=none")
	s = g.NewState()
	steps := 0
	for _, m := range strings.Fields(legal(g, s)) {
		if strings.HasPrefix(m, "c3-") {
			steps++
		}
	}
	// d4 is occupied: 7 steps (captures optional here: c3 can also take d4 round a loop)
	if steps != 7 {
		t.Errorf("c3 steps: %d in %q, want 7 (8 neighbours, d4 occupied)", steps, legal(g, s))
	}
	if _, err := g.Parse(s, "c3-d4"); err == nil {
		t.Error("a step onto an occupied point is legal")
	}
}

// Readings, Moves, Capture: "a marble travels along one circuit, in either
// direction, through any number of consecutive empty points, and passes at
// least one corner loop ... It stops on the first occupied point it reaches.
// If that point holds an enemy marble, the enemy marble is removed and the
// attacker takes its place. If it holds an own marble, the path is blocked."
func TestSurakartaRuleLoopCapture(t *testing.T) {
	// South a2, North e1: a2 b2 c2 d2 e2 f2, loop f2-e1, e1: taken after one loop.
	g := surakartaPosition(t, "south", map[string]string{"a2": "S", "e1": "N"}, "captures=none")
	s := g.NewState()
	m, err := g.Parse(s, "a2xe1")
	if err != nil {
		t.Fatalf("a2xe1: %v (legal: %s)", err, legal(g, s))
	}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	e1, _ := g.Board().Index("e1")
	a2, _ := g.Board().Index("a2")
	if s.Owner(e1) != 0 || s.Height(e1) != 1 || s.Height(a2) != 0 {
		t.Error("the attacker takes the victim's place")
	}
	if r := g.Result(s); !r.Over || r.Winner != 0 || g.Scores(s)[0] != 1 {
		t.Errorf("North has no marble left: South wins, scoring its 1 marble left (End): %+v scores %v", r, g.Scores(s))
	}

	// South a2 and North c2 on the same line with no loop between: the forward walk meets c2
	// before any loop; the backward walk goes round 3 loops (b1 ... b6, a5 ... f5, e6 ... e1,
	// f2 e2 d2) and takes c2.
	g = surakartaPosition(t, "south", map[string]string{"a2": "S", "c2": "N"}, "captures=none")
	if got := legal(g, g.NewState()); !strings.Contains(" "+got+" ", " a2xc2 ") {
		t.Errorf("a2xc2 round three loops: %s", got)
	}
	// An own marble on b1 blocks that way; a2's forward way meets c2 before a loop: no capture
	// from a2 (b1 itself takes c2 backward).
	g = surakartaPosition(t, "south", map[string]string{"a2": "S", "b1": "S", "c2": "N"}, "captures=none")
	s = g.NewState()
	_, err = g.Parse(s, "a2xc2")
	if err == nil || !strings.Contains(err.Error(), "blocked at b1") && !strings.Contains(err.Error(), "round 0 loops") {
		t.Errorf("a2xc2 with b1 own: %v", err)
	}
	if got := legal(g, s); !strings.Contains(" "+got+" ", " b1xc2 ") {
		t.Errorf("b1xc2: %s", got)
	}
	// An empty point cannot be the end of a capture; a step is not a capture.
	if _, err := g.Parse(s, "a2xd2"); err == nil {
		t.Error("a capture onto an empty point is legal")
	}
}

// Readings, Moves: "the attacker's own starting point counts as empty during
// the trip, so a path may run back through it ... (switch --origin=blocked)".
// South b2 and b1, North a2: only the walk from b2 backward along its second
// visit (b3 b4 b5 b6, loop, a5 ... f5, loop, e6 ... e1, loop, f2 e2 d2 c2,
// through b2 itself, a2) reaches a2 after a loop.
func TestSurakartaRuleOrigin(t *testing.T) {
	pos := map[string]string{"b2": "S", "b1": "S", "a2": "N"}
	g := surakartaPosition(t, "south", pos)
	if got := legal(g, g.NewState()); !strings.Contains(" "+got+" ", " b2xa2 ") {
		t.Errorf("origin empty: %s lacks b2xa2", got)
	}
	g = surakartaPosition(t, "south", pos, "origin=blocked")
	s := g.NewState()
	if got := legal(g, s); strings.Contains(" "+got+" ", " b2xa2 ") {
		t.Errorf("origin blocked: %s has b2xa2", got)
	}
	if _, err := g.Parse(s, "b2xa2"); err == nil || !strings.Contains(err.Error(), "b2 reaches a2 round 0 loops; it must go round at least 1 loop") {
		t.Errorf("origin blocked, b2xa2: %v", err)
	}
}

// Readings, End: "A player with no legal move on his turn (practically
// impossible) ends the game as a draw." a1 lies on no circuit; boxed in by
// a2, b1 and b2 it has no step.
func TestSurakartaRuleStuckDraw(t *testing.T) {
	g := surakartaPosition(t, "south", map[string]string{"a1": "S", "a2": "N", "b1": "N", "b2": "N"})
	s := g.NewState()
	if got := legal(g, s); got != "" {
		t.Fatalf("a1 boxed in: %s", got)
	}
	if r := g.Result(s); !r.Over || r.Winner != -1 {
		t.Errorf("no legal move: a draw, got %+v", r)
	}
}

// The text picture draws the readings' board: the corner loops round the
// outside, the small circuit's (files b and e, ranks 2 and 5) inside the
// large circuit's (files c and d, ranks 3 and 4); e.g. bottom right, f2 runs
// east, round, and up into e1, and f3 round into d1.
func TestSurakartaRender(t *testing.T) {
	g := load(t, "traditional/surakarta")
	want := `    ╭────────────╮   ╭────────────╮
    │ ╭──────╮   │   │   ╭──────╮ │
 6  │ │  N   N   N   N   N   N  │ │
    │ │                         │ │
 5  │ ╰──N   N   N   N   N   N──╯ │
    │                             │
 4  ╰────.   .   .   .   .   .────╯

 3  ╭────.   .   .   .   .   .────╮
    │                             │
 2  │ ╭──S   S   S   S   S   S──╮ │
    │ │                         │ │
 1  │ │  S   S   S   S   S   S  │ │
    │ ╰──────╯   │   │   ╰──────╯ │
    ╰────────────╯   ╰────────────╯
         a   b   c   d   e   f
`
	if got := core.Render(g, g.NewState()); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Readings, Moves, Compulsory capture: "if the mover has any loop capture, he
// must play a capture, and he may choose any of them. He may step only when no
// capture exists. The compulsion is for the whole side, not per marble."
// South a2 (takes e1 round the loop f2-e1) and South d4 (far from any enemy
// way): d4 may not step; with --captures=optional (captures=none) both may.
func TestSurakartaRuleCompulsoryCapture(t *testing.T) {
	pos := map[string]string{"a2": "S", "f3": "S", "e1": "N", "a6": "N"}
	g := surakartaPosition(t, "south", pos)
	s := g.NewState()
	got := legal(g, s)
	for _, m := range strings.Fields(got) {
		if !strings.Contains(m, "x") {
			t.Errorf("a capture exists, yet the step %s is legal (%s)", m, got)
		}
	}
	if !strings.Contains(" "+got+" ", " a2xe1 ") {
		t.Errorf("a2xe1 missing: %s", got)
	}
	if _, err := g.Parse(s, "f3-f4"); err == nil || !strings.Contains(err.Error(), "capture") {
		t.Errorf("f3-f4 while a capture exists: %v", err)
	}
	g = surakartaPosition(t, "south", pos, "captures=none")
	s = g.NewState()
	if _, err := g.Parse(s, "f3-f4"); err != nil {
		t.Errorf("captures optional: f3-f4: %v", err)
	}
}
