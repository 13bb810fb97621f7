package solve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// An independent model of the dice race (testdata/variants/dice-race.toml
// with --set cells=C goal=G), written from the file's comment and sharing
// nothing with the engine or the solver: its value, seat 0's expected
// outcome under perfect play, by value iteration over the positions before
// each throw (the decisions after a throw are taken inside the iteration).

type raceModel struct{ cells, goal int }

// racePos is a position before a throw: the stacks (owners, bottom
// first), the seat to throw, the seat that threw last and its run of
// doubles.
type racePos struct {
	stacks               [][]int
	toMove, thrower, run int
}

func (p racePos) key() string {
	return fmt.Sprint(p.stacks, p.toMove, p.thrower, p.run)
}

func (p racePos) clone() racePos {
	c := p
	c.stacks = make([][]int, len(p.stacks))
	for i, s := range p.stacks {
		c.stacks[i] = append([]int(nil), s...)
	}
	return c
}

// after returns, for the throw (a, b), the outcomes of each decision: a
// final value (+1 seat 0 wins, -1 seat 1 wins) or the next position.
type modelNext struct {
	final bool
	value float64
	pos   racePos
}

func (m raceModel) after(p racePos, a, b int) []modelNext {
	doubles := a == b
	run := 0
	if doubles {
		run = 1
		if p.thrower == p.toMove {
			run = p.run + 1
		}
	}
	extra := doubles && run < 3
	next := func(q racePos) racePos {
		q.thrower, q.run = p.toMove, run
		if !extra {
			q.toMove = 1 - p.toMove
		}
		return q
	}
	var out []modelNext
	d := a + b
	for c, st := range p.stacks {
		if len(st) == 0 || st[len(st)-1] != p.toMove || c+d >= m.cells {
			continue
		}
		q := p.clone()
		q.stacks[c] = q.stacks[c][:len(st)-1]
		q.stacks[c+d] = append(q.stacks[c+d], p.toMove)
		if c+d+1 >= m.goal { // cells are 1-based in the goal's definition
			out = append(out, modelNext{final: true, value: float64(1 - 2*p.toMove)})
			continue
		}
		out = append(out, modelNext{pos: next(q)})
	}
	if len(out) == 0 {
		out = append(out, modelNext{pos: next(p.clone())}) // the throw is lost
	}
	return out
}

func (m raceModel) value(t *testing.T) float64 {
	start := racePos{stacks: make([][]int, m.cells), thrower: -1}
	start.stacks[0] = []int{1, 0, 1, 0, 1, 0}
	index := map[string]int{}
	var pos []racePos
	add := func(p racePos) int {
		k := p.key()
		if i, ok := index[k]; ok {
			return i
		}
		index[k] = len(pos)
		pos = append(pos, p)
		return len(pos) - 1
	}
	add(start)
	type throwNexts struct {
		p     float64
		nexts []modelNext
		ids   []int
	}
	var graph [][]throwNexts
	for i := 0; i < len(pos); i++ {
		var ts []throwNexts
		for a := 1; a <= 6; a++ {
			for b := 1; b <= a; b++ {
				w := 2.0
				if a == b {
					w = 1
				}
				tn := throwNexts{p: w / 36, nexts: m.after(pos[i], a, b)}
				for _, n := range tn.nexts {
					id := -1
					if !n.final {
						id = add(n.pos)
					}
					tn.ids = append(tn.ids, id)
				}
				ts = append(ts, tn)
			}
		}
		graph = append(graph, ts)
	}
	v := make([]float64, len(pos))
	for iter := 0; iter < 100000; iter++ {
		nv := make([]float64, len(pos))
		delta := 0.0
		for i := range pos {
			for _, tn := range graph[i] {
				best := math.NaN()
				for j, n := range tn.nexts {
					x := n.value
					if !n.final {
						x = v[tn.ids[j]]
					}
					if math.IsNaN(best) || (pos[i].toMove == 0 && x > best) || (pos[i].toMove == 1 && x < best) {
						best = x
					}
				}
				nv[i] += tn.p * best
			}
			delta = math.Max(delta, math.Abs(nv[i]-v[i]))
		}
		v = nv
		if delta < 1e-14 {
			return v[0]
		}
	}
	t.Fatal("the model's value iteration did not settle")
	return 0
}

// The solver's expectimax value of small dice races agrees with the
// model's, on an acyclic graph (the track long enough that no throw is ever
// lost: one sweep) and on cyclic ones (lost throws bring positions back:
// value iteration); after each throw at the root, the value is the best
// decision's, and the root's value their mean by probability.
func TestExpectimaxMatchesModel(t *testing.T) {
	for _, c := range []struct {
		cells, goal int
		acyclic     bool
	}{
		{17, 6, true},
		{6, 4, false},
		{7, 5, false},
	} {
		t.Run(fmt.Sprintf("cells=%d,goal=%d", c.cells, c.goal), func(t *testing.T) {
			g, err := core.Load("../../testdata/variants/dice-race.toml", core.WithSet(fmt.Sprintf("cells=%d", c.cells), fmt.Sprintf("goal=%d", c.goal)))
			if err != nil {
				t.Fatal(err)
			}
			res, err := Solve(context.Background(), g, g.NewState(), Options{MaxMemory: 256 << 20})
			if err != nil {
				t.Fatal(err)
			}
			want := raceModel{c.cells, c.goal}.value(t)
			t.Logf("value %.12f (model %.12f), %d positions, %d sweeps", res.Expected, want, res.Positions, res.Sweeps)
			if math.Abs(res.Expected-want) > 1e-9 {
				t.Errorf("expectimax %.12f, model %.12f", res.Expected, want)
			}
			if res.Method != "expectimax" || res.Acyclic != c.acyclic || (c.acyclic && res.Sweeps != 1) {
				t.Errorf("method %s, acyclic %v, sweeps %d", res.Method, res.Acyclic, res.Sweeps)
			}
			if len(res.Best) != 21 {
				t.Fatalf("%d best replies, want one per throw (21)", len(res.Best))
			}
			mean := 0.0
			for _, b := range res.Best {
				p := 2.0 / 36
				if x, y, _ := strings.Cut(b.Outcome, "-"); x == y {
					p = 1.0 / 36
				}
				mean += p * b.Value
				if b.Move == "" {
					t.Errorf("no decision after %s", b.Outcome)
				}
			}
			if math.Abs(mean-res.Expected) > 1e-9 {
				t.Errorf("the best replies' mean %.12f is not the value %.12f", mean, res.Expected)
			}
		})
	}
}

// What expectimax refuses, with the reason and the limit.
func TestExpectimaxRefuses(t *testing.T) {
	g, err := core.Load("../../testdata/variants/dice-race.toml", core.WithSet("cells=17", "goal=6"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solve(context.Background(), g, g.NewState(), Options{MaxMemory: 100 << 10})
	if err == nil || !strings.Contains(err.Error(), "solve: test/dice-race: the reachable positions do not fit the memory budget (0 MB): 1024 positions and") {
		t.Errorf("a small budget: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g2, err := core.Load("../../testdata/variants/dice-race.toml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solve(ctx, g2, g2.NewState(), Options{})
	if err == nil || !strings.Contains(err.Error(), "stopped (context canceled)") {
		t.Errorf("a cancelled solve: %v", err)
	}
}

// Readings 7.3 (Pachisi) take a throw as the unordered pair: 5-3 and 3-5
// are one event, and the dice event with ordered = false gives it as one
// outcome weighing 2/36. Expectimax keeps the outcomes as the variant
// declares them: the dice race with unordered dice has 21 outcomes at the
// root, with ordered dice 36 (3-5 and 5-3 apart, 1/36 each); its rules use
// only the total, so the two are worth the same, and so is the game.
func TestExpectimaxOutcomesAsDeclared(t *testing.T) {
	data, err := os.ReadFile("../../testdata/variants/dice-race.toml")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(data), "faces = 6\n", "faces = 6\nordered = true\n", 1)
	if src == string(data) {
		t.Fatal("no faces = 6 line to add ordered = true after")
	}
	sets := core.WithSet("cells=17", "goal=6")
	un, err := core.Load("../../testdata/variants/dice-race.toml", sets)
	if err != nil {
		t.Fatal(err)
	}
	or, err := core.LoadBytes("ordered.toml", []byte(src), sets)
	if err != nil {
		t.Fatal(err)
	}
	ru, err := Solve(context.Background(), un, un.NewState(), Options{MaxMemory: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	ro, err := Solve(context.Background(), or, or.NewState(), Options{MaxMemory: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(ru.Best) != 21 || len(ro.Best) != 36 {
		t.Fatalf("outcomes at the root: unordered %d (want 21), ordered %d (want 36)", len(ru.Best), len(ro.Best))
	}
	if math.Abs(ru.Expected-ro.Expected) > 1e-12 {
		t.Errorf("the same game: unordered %.15f, ordered %.15f", ru.Expected, ro.Expected)
	}
	val := map[string]float64{}
	mean := 0.0
	for _, b := range ro.Best {
		val[b.Outcome] = b.Value
		mean += b.Value / 36
	}
	if math.Abs(mean-ro.Expected) > 1e-12 {
		t.Errorf("ordered: the outcomes' mean at 1/36 each %.15f, the value %.15f", mean, ro.Expected)
	}
	for _, b := range ru.Best {
		hi, lo, _ := strings.Cut(b.Outcome, "-")
		for _, o := range []string{hi + "-" + lo, lo + "-" + hi} {
			v, ok := val[o]
			if !ok || math.Abs(v-b.Value) > 1e-12 {
				t.Errorf("%s: unordered %.12f, ordered %s %.12f (%v)", b.Outcome, b.Value, o, v, ok)
			}
		}
	}
}

// A chance game far too large refuses quickly and says why: Pachisi for
// two is refused at once by its size; forced, at its ply limit (the
// depth-first walk meets a line that stops undecided), and without that
// limit at the memory budget, counted as the walk goes (here a small one),
// not after the whole graph; a value iteration that would take too long
// gives up with its measured rate.
func TestExpectimaxRefusesLargeGames(t *testing.T) {
	g, err := core.Load("traditional/pachisi", core.WithFS(variants.FS()), core.WithSet("players=2"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solve(context.Background(), g, g.NewState(), Options{})
	if tl := (*TooLargeError)(nil); !errors.As(err, &tl) || !strings.Contains(err.Error(), "too large to solve: up to 5.3e13 positions (8 pieces of 2 kinds over 104 places; 2 seats to move)") {
		t.Errorf("Pachisi for two: %v", err)
	}
	_, err = Solve(context.Background(), g, g.NewState(), Options{Force: true})
	if err == nil || !strings.Contains(err.Error(), "a line reaches the ply limit (5000 plies)") {
		t.Errorf("Pachisi for two, forced: %v", err)
	}
	g, err = core.Load("traditional/pachisi", core.WithFS(variants.FS()), core.WithSet("players=2", "max_plies=1000000"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solve(context.Background(), g, g.NewState(), Options{MaxMemory: 2 << 20, Force: true})
	if err == nil || !strings.Contains(err.Error(), "the reachable positions do not fit the memory budget (2 MB)") {
		t.Errorf("Pachisi for two without a ply limit, 2 MB: %v", err)
	}
	defer func(w float64) { expectiMaxWork = w }(expectiMaxWork)
	expectiMaxWork = 1000
	g, err = core.Load("../../testdata/variants/dice-race.toml", core.WithSet("cells=6", "goal=4"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solve(context.Background(), g, g.NewState(), Options{MaxMemory: 64 << 20})
	if err == nil || !strings.Contains(err.Error(), "the values converge too slowly") || !strings.Contains(err.Error(), "more than 1e+03") {
		t.Errorf("a value iteration over its work bound: %v", err)
	}
}
