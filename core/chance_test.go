package core_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"rulesmith/core"
)

func loadFile(t testing.TB, path string, sets ...string) *core.Game {
	t.Helper()
	g, err := core.Load(path, core.WithSet(sets...))
	if err != nil {
		t.Fatalf("load %s: %v", path, err)
	}
	return g
}

func loadChance(t testing.TB, src string) (*core.Game, error) {
	t.Helper()
	return core.LoadBytes("chance.toml", []byte(src))
}

// a one-die race on a short track, for the mechanism's tests
const oneDie = `
name = "test/one-die"
[players]
seats = ["a", "b"]
[board]
kind = "grid"
width = 8
height = 2
[board.regions]
last = 'x == 8'
[pieces.a]
owner = "a"
[pieces.b]
owner = "b"
[setup.pieces]
a1 = "a"
a2 = "b"
[chance.roll]
type = "dice"
%s
[turns]
pass = "when_stuck"
[moves.run]
type = "slide"
dirs = ["e"]
distance = "dice"
[end.home]
type = "reach"
region = "last"
`

func oneDieGame(t *testing.T, extra string) *core.Game {
	t.Helper()
	g, err := loadChance(t, strings.Replace(oneDie, "%s", extra, 1))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Outcomes, weights and notation of the dice: unordered two dice are the
// 21 throws written high first, doubles weighing 1 and the others 2; ordered
// two dice are the 36 results of weight 1; one die is six outcomes 1..6.
func TestDiceOutcomes(t *testing.T) {
	cases := []struct {
		keys   string
		n      int
		first  string
		last   string
		total  int
		weight map[string]int
	}{
		{"", 6, "1", "6", 6, map[string]int{"4": 1}},
		{"count = 2", 21, "1-1", "6-6", 36, map[string]int{"5-3": 2, "4-4": 1}},
		{"count = 2\nordered = true", 36, "1-1", "6-6", 36, map[string]int{"3-5": 1, "5-3": 1}},
		{"count = 3\nfaces = 4", 20, "1-1-1", "4-4-4", 64, map[string]int{"3-2-1": 6, "2-2-1": 3, "4-4-4": 1}},
	}
	for _, c := range cases {
		g := oneDieGame(t, c.keys)
		s := g.NewState()
		if !g.AtChance(s) || g.ChanceEvent(s) != "roll" {
			t.Fatalf("%q: the game does not start with the roll pending", c.keys)
		}
		moves := g.Moves(s, nil)
		if len(moves) != c.n {
			t.Fatalf("%q: %d outcomes, want %d", c.keys, len(moves), c.n)
		}
		if f, l := g.Format(s, moves[0]), g.Format(s, moves[len(moves)-1]); f != c.first || l != c.last {
			t.Errorf("%q: outcomes %s … %s, want %s … %s", c.keys, f, l, c.first, c.last)
		}
		total := 0
		for _, m := range moves {
			if !m.IsChance() || m.Rule() != -1 {
				t.Errorf("%q: outcome %#x is not a chance move", c.keys, uint64(m))
			}
			total += g.ChanceWeight(s, m)
		}
		if total != c.total {
			t.Errorf("%q: weights sum to %d, want %d", c.keys, total, c.total)
		}
		for text, w := range c.weight {
			m, err := g.Parse(s, text)
			if err != nil {
				t.Fatalf("%q: parse %s: %v", c.keys, text, err)
			}
			if got := g.ChanceWeight(s, m); got != w {
				t.Errorf("%q: weight of %s = %d, want %d", c.keys, text, got, w)
			}
		}
	}
	// an unordered throw may be typed low first
	g := oneDieGame(t, "count = 2")
	s := g.NewState()
	m, err := g.Parse(s, "3-5")
	if err != nil || g.Format(s, m) != "5-3" {
		t.Errorf("parse 3-5 = %v, %v; want the outcome 5-3", g.Format(s, m), err)
	}
	if _, err := g.Parse(s, "7-1"); err == nil || !strings.Contains(err.Error(), `the chance event "roll" is pending: play one of its outcomes (1-1 2-1 2-2`) {
		t.Errorf("parse 7-1: %v", err)
	}
	if _, err := g.Parse(s, "a1-c1"); err == nil {
		t.Errorf("a move parses while the roll is pending")
	}
}

// A throw is not a ply; the decision after it is. The seat does not change
// at a throw. A move at a chance node and an outcome at a decision node are
// refused. The pending event and the dice are in the position hash.
func TestChanceNodePlay(t *testing.T) {
	g := oneDieGame(t, "")
	s := g.NewState()
	h0 := s.Hash()
	four, err := g.Parse(s, "4")
	if err != nil {
		t.Fatal(err)
	}
	run := core.Move(0)
	if err := g.Play(s, run); err == nil {
		t.Errorf("a decision was played while the roll is pending")
	}
	if err := g.Play(s, four); err != nil {
		t.Fatal(err)
	}
	if s.Ply() != 0 || s.ToMove() != 0 || g.AtChance(s) || s.Hash() == h0 {
		t.Fatalf("after the roll: ply %d, to move %d, at chance %v, hash changed %v", s.Ply(), s.ToMove(), g.AtChance(s), s.Hash() != h0)
	}
	moves := g.Moves(s, nil)
	if len(moves) != 1 || g.Format(s, moves[0]) != "a1-e1" {
		t.Fatalf("after a 4: moves %v", moves)
	}
	if err := g.Play(s, four); err == nil {
		t.Errorf("an outcome was played at a decision node")
	}
	if err := g.Play(s, moves[0]); err != nil {
		t.Fatal(err)
	}
	if s.Ply() != 1 || s.ToMove() != 1 || !g.AtChance(s) {
		t.Fatalf("after the move: ply %d, to move %d, at chance %v", s.Ply(), s.ToMove(), g.AtChance(s))
	}
	// two positions that differ only by the last throw hash apart
	a, b := g.NewState(), g.NewState()
	three, _ := g.Parse(a, "3")
	g.Play(a, three)
	g.Play(b, four)
	if a.Hash() == b.Hash() {
		t.Errorf("the throw is not in the hash")
	}
}

// A seat that cannot use its throw passes (pass = "when_stuck"), even when
// the other seat could not use it either; without pass the stuck policy
// ends the game.
func TestChanceLostThrow(t *testing.T) {
	g := oneDieGame(t, "")
	h := core.NewHistory(g, g.NewState())
	for _, text := range []string{"6", "a1-g1", "1", "a2-b2", "3"} {
		m, err := g.Parse(h.State, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	// a's piece on g1 needs a 1: a 3 is lost
	moves := h.Legal(nil)
	if len(moves) != 1 || !moves[0].IsPass() {
		t.Fatalf("a lost throw: moves %v, want a pass", moves)
	}
	g2, err := loadChance(t, strings.Replace(strings.Replace(oneDie, "%s", "", 1), `pass = "when_stuck"`, `stuck = "lose"`, 1))
	if err != nil {
		t.Fatal(err)
	}
	h2 := core.NewHistory(g2, g2.NewState())
	if err := g2.Replay(h2, lines("6", "a1-g1", "1", "a2-b2", "3")); err != nil {
		t.Fatal(err)
	}
	if r := g2.Result(h2.State); !r.Over || r.Winner != 1 {
		t.Errorf("stuck = lose after a lost throw: %+v", r)
	}
}

func lines(texts ...string) []core.RecordLine {
	out := make([]core.RecordLine, len(texts))
	for i, t := range texts {
		out[i] = core.RecordLine{Line: i + 1, Text: t}
	}
	return out
}

// Doubles earn another ply (extra_turn = "doubles") until doubles_limit;
// doubles_run counts them, and resets with another thrower.
func TestDiceDoublesExtraTurn(t *testing.T) {
	g := loadFile(t, "../testdata/variants/dice-race.toml")
	h := core.NewHistory(g, g.NewState())
	seq := []struct {
		text string
		next int // seat to move after it
	}{
		{"1-1", 0}, {"a1-c1", 0}, // doubles: white again
		{"1-1", 0}, {"c1-e1", 0}, // second doubles: again
		{"1-1", 0}, {"e1-g1", 1}, // third doubles: the turn passes
		{"2-2", 1}, {"a1-e1", 1}, // black's first doubles
		{"2-1", 1}, {"e1-h1", 0}, // not doubles: the turn passes
	}
	for i, st := range seq {
		if err := g.Replay(h, lines(st.text)); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if h.State.ToMove() != st.next {
			t.Fatalf("after %s (step %d): %d to move, want %d", st.text, i, h.State.ToMove(), st.next)
		}
	}
	if h.State.Ply() != 5 || h.Len() != 10 {
		t.Errorf("5 decisions and 5 throws: ply %d, history %d", h.State.Ply(), h.Len())
	}
	// undo and redo step over throws like moves
	before := h.State.Clone()
	for h.Undo() {
	}
	if !h.State.Equal(g.NewState()) {
		t.Errorf("undoing everything does not give the start")
	}
	for h.Redo() {
	}
	if !h.State.Equal(before) {
		t.Errorf("redoing everything does not give the position again")
	}
}

// The readings' one-line form "5-3: MOVE" replays as the throw then the
// decision.
func TestChanceRecordOneLine(t *testing.T) {
	g := loadFile(t, "../testdata/variants/dice-race.toml")
	a := core.NewHistory(g, g.NewState())
	ev, err := g.ReplayEvents(a, lines("5-3: a1-i1", "3-5", "a1-i1"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ev) != 4 || ev[0].Text != "5-3" || ev[1].Text != "a1-i1" {
		t.Errorf("events %+v", ev)
	}
	var re *core.ReplayError
	err = g.Replay(core.NewHistory(g, g.NewState()), lines("5-3: a1-h1"))
	if !errors.As(err, &re) || re.Text != "a1-h1" {
		t.Errorf("a bad decision after a throw: %v", err)
	}
}

// Playouts draw the throws by weight from the seed: the same seed gives the
// same game, and over many throws each outcome comes up about as often as
// its weight says.
func TestChanceSampling(t *testing.T) {
	g := loadFile(t, "../testdata/variants/dice-race.toml")
	play := func(seed uint64) []core.Move {
		var rec []core.Move
		if _, err := g.Playout(g.NewState(), rand.New(rand.NewPCG(seed, 1)), nil, &rec); err != nil {
			t.Fatal(err)
		}
		return rec
	}
	a, b := play(9), play(9)
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("same seed, games of %d and %d moves", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("same seed, move %d differs", i)
		}
	}
	s := g.NewState()
	moves := g.Moves(s, nil)
	counts := map[core.Move]int{}
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 72000
	for i := 0; i < n; i++ {
		counts[g.Sample(s, moves, rng)]++
	}
	// chi-square with 20 degrees of freedom; 45 is far in the tail
	chi := 0.0
	for _, m := range moves {
		want := float64(n) * float64(g.ChanceWeight(s, m)) / 36
		d := float64(counts[m]) - want
		chi += d * d / want
	}
	if chi > 45 {
		t.Errorf("sampled throws do not follow the weights: chi-square %.1f", chi)
	}
}

// A random playout allocates nothing per move, throws included.
func TestChancePlayoutAllocs(t *testing.T) {
	g := loadFile(t, "../testdata/variants/dice-race.toml")
	rng := rand.New(rand.NewPCG(1, 1))
	s, start := g.NewState(), g.NewState()
	buf := make([]core.Move, 0, 256)
	g.Playout(s, rng, buf, nil)
	allocs := testing.AllocsPerRun(200, func() {
		s.CopyFrom(start)
		g.Playout(s, rng, buf, nil)
	})
	if allocs != 0 {
		t.Errorf("a playout allocates %.1f times", allocs)
	}
}

// Bad [chance] tables are refused at their line with the reason.
func TestChanceErrors(t *testing.T) {
	base := strings.Replace(oneDie, "%s", "", 1)
	cases := []struct{ old, new, want string }{
		{`type = "dice"`, `type = "coin"`, `chance.toml:19:8: chance.roll.type: unknown value "coin" (want one of dice, deal)`},
		{`type = "dice"`, "type = \"dice\"\ncount = 9", `chance.toml:20:9: chance.roll.count: 9 is out of range 1..8`},
		{`type = "dice"`, "type = \"dice\"\nphases = [\"plya\"]", `chance.toml:20:11: chance.roll.phases: unknown phase "plya" (did you mean "play"?)`},
		{`type = "dice"`, "type = \"dice\"\nfrom = \"deck\"", `chance.toml:20:1: unknown key "from" in [chance.roll]: type = "dice" takes at, cite, count, doubles_limit, extra_turn, faces, ordered, phases, type`},
		{`type = "dice"`, "type = \"dice\"\ncount = 4\nfaces = 100\nordered = true", `more than 65536 ordered results`},
		{"[chance.roll]\ntype = \"dice\"\n", "", `distance = "dice" needs a [chance] event of type "dice"`},
		{`region = "last"`, `region = "last"` + "\n[end.six]\ntype = \"expr\"\nwhen = 'die(\"rol\", 1) == 6'", `unknown chance event "rol" (did you mean "roll"?)`},
	}
	for _, c := range cases {
		src := strings.Replace(base, c.old, c.new, 1)
		_, err := loadChance(t, src)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Count(err.Error(), "\n") > 0 {
			t.Errorf("%s → %s: got %v, want %q", c.old, c.new, err, c.want)
		}
	}
}

// Expressions read the throw: die, dice_total, doubles, doubles_run.
func TestDiceExpressions(t *testing.T) {
	src := strings.Replace(oneDie, "%s", "count = 2", 1)
	src = strings.Replace(src, `region = "last"`, `region = "last"
[end.sixes]
type = "expr"
when = 'doubles("roll") && die("roll", 1) == 6 && dice_total("roll") == 12 && doubles_run("roll") == 1'`, 1)
	g, err := loadChance(t, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		throw string
		over  bool
	}{{"6-5", false}, {"5-5", false}, {"6-6", true}} {
		h := core.NewHistory(g, g.NewState())
		if err := g.Replay(h, lines(c.throw)); err != nil {
			t.Fatal(err)
		}
		// the end is checked after a decision
		h.Legal(nil)
		m := h.Legal(nil)[0]
		h.Play(m)
		if over := g.Result(h.State).Over; over != c.over {
			t.Errorf("after %s: over %v, want %v", c.throw, over, c.over)
		}
	}
}

// The Go side a move rule reads: the event by name, the dice's shape, the
// last throw and the run of doubles.
func TestDiceAccessors(t *testing.T) {
	g := loadFile(t, "../testdata/variants/dice-race.toml")
	ev, ok := g.ChanceIndex("throw")
	if !ok || g.ChanceNames()[ev] != "throw" {
		t.Fatalf("ChanceIndex(throw) = %d, %v", ev, ok)
	}
	if n, f, ok := g.DiceShape(ev); n != 2 || f != 6 || !ok {
		t.Errorf("DiceShape = %d, %d, %v", n, f, ok)
	}
	h := core.NewHistory(g, g.NewState())
	if err := g.Replay(h, lines("3-5", "a1-i1", "2-2")); err != nil {
		t.Fatal(err)
	}
	s := h.State
	if s.Die(ev, 0) != 2 || s.Die(ev, 1) != 2 || s.Die(ev, 2) != 0 || s.DoublesRun(ev) != 1 {
		t.Errorf("after 2-2: dice %d %d, run %d", s.Die(ev, 0), s.Die(ev, 1), s.DoublesRun(ev))
	}
	if got := g.ChanceShown(s); len(got) != 1 || got[0] != "throw: 2-2" {
		t.Errorf("ChanceShown = %q", got)
	}
}

// at = "phase": the event happens once each time one of its phases begins,
// before the per-ply events; phases limits where an event happens.
func TestChanceAtPhaseStart(t *testing.T) {
	src := strings.Replace(oneDie, "%s", `phases = ["a", "b"]
[chance.cut]
type = "dice"
faces = 2
at = "phase"
phases = ["b"]
[phases.a]
moves = ["run"]
end_if = 'ply % 4 == 2'
next = "b"
[phases.b]
moves = ["run"]
end_if = 'ply % 4 == 0'
next = "a"`, 1)
	g, err := loadChance(t, src)
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(g, g.NewState())
	// the pending event before each decision, ply by ply: the cut comes
	// only when phase b begins (plies 2 and 6), before that ply's roll
	want := [][]string{{"roll"}, {"roll"}, {"cut", "roll"}, {"roll"}, {"roll"}, {"roll"}, {"cut", "roll"}}
	for ply, events := range want {
		for _, ev := range events {
			if got := g.ChanceEvent(h.State); got != ev {
				t.Fatalf("ply %d: pending %q, want %q", ply, got, ev)
			}
			if err := g.Replay(h, lines("1")); err != nil {
				t.Fatal(err)
			}
		}
		if g.AtChance(h.State) {
			t.Fatalf("ply %d: %q still pending after %v", ply, g.ChanceEvent(h.State), events)
		}
		m := h.Legal(nil)[0]
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkDiceRacePlayout plays random games of the dice race, throws
// drawn by weight (compare with the playouts of variants without chance in
// bench_test.go).
func BenchmarkDiceRacePlayout(b *testing.B) {
	g := loadFile(b, "../testdata/variants/dice-race.toml")
	rng := rand.New(rand.NewPCG(1, 1))
	s, start := g.NewState(), g.NewState()
	buf := make([]core.Move, 0, 256)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.CopyFrom(start)
		if _, err := g.Playout(s, rng, buf, nil); err != nil {
			b.Fatal(err)
		}
	}
}
