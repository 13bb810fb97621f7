package core

import (
	"strings"
	"testing"

	"github.com/expr-lang/expr"

	"rulesmith/core/spec"
)

// posGame is the Nine Men's Morris board of the readings with White men on
// a1 d1 g4 b2, a White queen on f2, Black men on a4 and d2; White moves a
// man g4-g1 (closing the mill a1 d1 g1) or anything else.
const posGame = `name = "test/position"
[players]
seats = ["white", "black"]
[board]
kind = "graph"
points = ["a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4",
          "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"]
[board.regions]
top = 'y >= 4'
[board.lines.rows]
dirs = ["e", "w"]
lines = [["a1", "d1", "g1"], ["b2", "d2", "f2"], ["c3", "d3", "e3"], ["a4", "b4", "c4"],
         ["e4", "f4", "g4"], ["c5", "d5", "e5"], ["b6", "d6", "f6"], ["a7", "d7", "g7"]]
[board.lines.cols]
dirs = ["n", "s"]
lines = [["a1", "a4", "a7"], ["b2", "b4", "b6"], ["c3", "c4", "c5"], ["d1", "d2", "d3"],
         ["d5", "d6", "d7"], ["e3", "e4", "e5"], ["f2", "f4", "f6"], ["g1", "g4", "g7"]]
[pieces.man]
owner = "white"
glyph = "W"
[pieces.queen]
owner = "white"
glyph = "Q"
[pieces.black]
owner = "black"
glyph = "B"
[setup.pieces]
a1 = "man"
d1 = "man"
g4 = "man"
b2 = "man"
f2 = "queen"
a4 = "black"
d2 = "black"
[moves.step]
type = "step"
`

func posLoad(t testing.TB) *Game {
	t.Helper()
	doc, err := spec.LoadBytes("position.toml", []byte(posGame), spec.Source{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// posEval compiles src against a state's environment for seat and runs it.
func posEval(t testing.TB, g *Game, s *State, seat int, src string) any {
	t.Helper()
	env := g.stateEnv(s, seat)
	prog, err := expr.Compile(src, expr.Env(env))
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.env.vm.Run(prog, env)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (g *Game) playText(t testing.TB, s *State, text string) {
	t.Helper()
	for _, m := range g.Moves(s, nil) {
		if g.Format(s, m) == text {
			if err := g.Play(s, m); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("no move %s", text)
}

// Each position function on a hand-set position (variant-format.md,
// "Position functions"); the expected values are read off the diagram in
// posGame's comment.
func TestPositionFunctions(t *testing.T) {
	g := posLoad(t)
	s := g.NewState()
	cases := []struct {
		seat int
		src  string
		want any
	}{
		{0, `owner("a1")`, "white"},
		{0, `owner("a4")`, "black"},
		{0, `owner("d3")`, ""},
		{0, `kind_at("f2")`, "queen"},
		{0, `kind_at("a1")`, "man"},
		{0, `kind_at("e3")`, ""},
		{0, `height_at("a1")`, 1},
		{0, `height_at("e3")`, 0},
		{0, `empty("d3")`, true},
		{0, `empty("d2")`, false},
		{0, `mine("a1")`, true},
		{1, `mine("a1")`, false},
		{0, `enemy("a4")`, true},
		{1, `enemy("a4")`, false},
		{0, `enemy("e3")`, false},
		{0, `near("d1", "own")`, 1},      // a1 (g1 is empty)
		{0, `near("d1", "enemy")`, 1},    // d2
		{0, `near("d1", "empty")`, 1},    // g1
		{0, `near("d2", "occupied")`, 3}, // d1, b2, f2; d3 empty
		{1, `near("a4", "enemy")`, 1},    // a1; b4 and a7 empty
		{0, `pieces_in("", "")`, 5},
		{0, `pieces_in("man", "")`, 4},
		{0, `pieces_in("queen", "")`, 1},
		{0, `pieces_in("", "top")`, 1}, // g4
		{1, `pieces_in("", "top")`, 1}, // a4
		{1, `pieces_in("man", "")`, 0},
		{0, `line("a1", 2)`, true},
		{0, `line("a1", 3)`, false},
		{0, `line("b2", 2)`, false}, // d2 is Black's, b4 empty
		{0, `line("e3", 1)`, false}, // empty
		{0, `formed(2)`, false},     // no move yet
		{0, `last_to()`, ""},
	}
	for _, tc := range cases {
		if got := posEval(t, g, s, tc.seat, tc.src); got != tc.want {
			t.Errorf("seat %d: %s = %v, want %v", tc.seat, tc.src, got, tc.want)
		}
	}
	g.playText(t, s, "g4-g1")
	for _, tc := range []struct {
		src  string
		want any
	}{
		{`formed(3)`, true},
		{`line("d1", 3)`, true},
		{`last_to()`, "g1"},
		{`owner(last_to())`, "white"},
		{`formed(4)`, false},
	} {
		if got := posEval(t, g, s, 0, tc.src); got != tc.want {
			t.Errorf("after g4-g1: %s = %v, want %v", tc.src, got, tc.want)
		}
	}
}

// A loop closes lines round it: line() counts along a closed ring.
func TestPositionLineOnLoop(t *testing.T) {
	src := strings.Replace(posGame, "[board.lines.cols]", "[board.lines.ring]\nclosed = true\ndirs = [\"cw\", \"ccw\"]\nlines = [[\"c3\", \"d3\", \"e3\", \"e4\", \"e5\", \"d5\", \"c5\", \"c4\"]]\n[board.lines.cols]", 1)
	src = strings.Replace(src, `["c3", "c4", "c5"], `, "", 1)
	src = strings.Replace(src, `["c3", "d3", "e3"], `, "", 1)
	src = strings.Replace(src, `["c5", "d5", "e5"], `, "", 1)
	src = strings.Replace(src, `["e3", "e4", "e5"], `, "", 1)
	src = strings.Replace(src, "a1 = \"man\"", "c4 = \"man\"\nc3 = \"man\"\nd3 = \"man\"\na1 = \"man\"", 1)
	doc, err := spec.LoadBytes("loop.toml", []byte(src), spec.Source{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	// c4 c3 d3 are consecutive round the ring (c4 closes it back to c3)
	if got := posEval(t, g, s, 0, `line("c4", 3) && line("d3", 3) && !line("d3", 4)`); got != true {
		t.Fatal("line of 3 round the loop's closing edge c4-c3")
	}
}

// Literal arguments naming no cell, kind, region or what, and misspelt
// function names, are diagnostics at their place in the expression, with a
// did-you-mean.
func TestPositionFunctionDiagnostics(t *testing.T) {
	for _, tc := range []struct{ when, want string }{
		{`owner("g8") == "white"`, `position.toml:39:15: end.x.when: owner: no cell "g8" on this board (did you mean "g1"?)`},
		{`pieces_in("qeen", "") > 0`, `position.toml:39:19: end.x.when: pieces_in: unknown piece kind "qeen" (did you mean "queen"?)`},
		{`pieces_in("", "tpo") > 0`, `position.toml:39:23: end.x.when: pieces_in: no region "tpo" on this board (did you mean "top"?)`},
		{`near("a1", "foe") > 0`, `position.toml:39:20: end.x.when: near: want empty, occupied, own, enemy, got "foe"`},
		{`ownr("a1") == "white"`, `position.toml:39:9: end.x.when: unknown name ownr (did you mean owner?)`},
	} {
		src := posGame + "[end.x]\ntype = \"expr\"\nwhen = '" + tc.when + "'\n"
		doc, err := spec.LoadBytes("position.toml", []byte(src), spec.Source{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Compile(doc)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.when, err, tc.want)
		}
	}
}

var posBench = []string{
	`owner("a1") == "white"`,
	`kind_at("f2") == "queen"`,
	`height_at("a1") > 0`,
	`empty("d3")`,
	`mine("a1")`,
	`enemy("a4")`,
	`near("d1", "enemy") > 0`,
	`pieces_in("man", "") > 3`,
	`pieces_in("", "top") > 0`,
	`line("a1", 3)`,
	`formed(3)`,
	`last_to() == ""`,
}

// Evaluating each position function allocates nothing.
func TestPositionFunctionsAllocateNothing(t *testing.T) {
	g := posLoad(t)
	s := g.NewState()
	for _, src := range posBench {
		env := g.stateEnv(s, 0)
		prog, err := expr.Compile(src, expr.Env(env))
		if err != nil {
			t.Fatal(err)
		}
		if a := testing.AllocsPerRun(100, func() {
			env := g.stateEnvFor(s, 0, 0)
			_, _ = s.env.vm.Run(prog, env)
		}); a != 0 {
			t.Errorf("%s: %.1f allocations per evaluation", src, a)
		}
	}
}

// The cost of one evaluation of a condition calling each function (the VM
// run included; compare with BenchmarkPositionFunction/literal).
func BenchmarkPositionFunction(b *testing.B) {
	g := posLoad(b)
	s := g.NewState()
	for _, src := range append([]string{`true`}, posBench...) {
		name := "literal"
		if i := strings.IndexByte(src, '('); i > 0 {
			name = src[:i]
		}
		b.Run(name, func(b *testing.B) {
			env := g.stateEnv(s, 0)
			prog, err := expr.Compile(src, expr.Env(env))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				env := g.stateEnvFor(s, 0, 0)
				_, _ = s.env.vm.Run(prog, env)
			}
		})
	}
}
