package agent_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rulesmith/core"
	"rulesmith/core/agent"
	"rulesmith/variants"
)

func load(t testing.TB, name string) *core.Game {
	t.Helper()
	g, err := core.Load(name, core.WithFS(variants.FS()))
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return g
}

// positions returns the start of g and n positions of a random game from
// it (seeded), none of them over.
func positions(t testing.TB, g *core.Game, n int, seed uint64) []*core.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	out := []*core.State{g.NewState()}
	s := g.NewState()
	var buf []core.Move
	for len(out) <= n {
		buf = g.Moves(s, buf)
		if len(buf) == 0 {
			s = g.NewState()
			continue
		}
		if err := g.Play(s, buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
		if !s.Over() && rng.IntN(3) == 0 {
			out = append(out, s.Clone())
		}
	}
	return out
}

func isLegal(g *core.Game, s *core.State, m core.Move) bool {
	return slices.Contains(g.Moves(s.Clone(), nil), m)
}

// choose calls a.Choose and checks that the move is legal and s unchanged.
func choose(t *testing.T, a agent.Agent, g *core.Game, s *core.State) core.Move {
	t.Helper()
	before := s.Clone()
	m, err := a.Choose(context.Background(), g, s)
	if err != nil {
		t.Fatalf("%s: %v", a.Name(), err)
	}
	if !s.Equal(before) {
		t.Fatalf("%s modified the state", a.Name())
	}
	if !isLegal(g, s, m) {
		t.Fatalf("%s chose %#x, not a legal move", a.Name(), uint64(m))
	}
	return m
}

// selfPlay plays a game between agents (by seat) and returns its moves.
func selfPlay(t *testing.T, g *core.Game, agents []agent.Agent, maxPlies int) ([]core.Move, *core.State) {
	t.Helper()
	s := g.NewState()
	var moves []core.Move
	for len(moves) < maxPlies && !g.Result(s).Over {
		m := choose(t, agents[s.ToMove()], g, s)
		if err := g.Play(s, m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	return moves, s
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		spec, name string
		playouts   int
		dur        time.Duration
	}{
		{"random", "random", 0, 0},
		{" Random ", "random", 0, 0},
		{"mcts", "mcts:1s", 0, time.Second},
		{"mcts:2s", "mcts:2s", 0, 2 * time.Second},
		{"mcts:500ms", "mcts:500ms", 0, 500 * time.Millisecond},
		{"mcts:1000p", "mcts:1000p", 1000, 0},
		{"mcts:2s:5000p", "mcts:2s:5000p", 5000, 2 * time.Second},
		{"mcts:5000p:2s", "mcts:2s:5000p", 5000, 2 * time.Second},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			a, err := agent.Parse(tc.spec, 1)
			if err != nil {
				t.Fatal(err)
			}
			if a.Name() != tc.name {
				t.Errorf("Name() = %q, want %q", a.Name(), tc.name)
			}
			if m, ok := a.(*agent.MCTS); ok && (m.Playouts != tc.playouts || m.Duration != tc.dur) {
				t.Errorf("budget %dp %v, want %dp %v", m.Playouts, m.Duration, tc.playouts, tc.dur)
			}
			if b, err := agent.Parse(a.Name(), 1); err != nil || b.Name() != a.Name() {
				t.Errorf("Parse(Name()) = %v, %v", b, err)
			}
		})
	}
	for _, spec := range []string{"", "alphabeta", "random:1s", "mcts:", "mcts:2x", "mcts:0p",
		"mcts:-1s", "mcts:1s:2s", "mcts:10p:20p", "mcts:1.5p", "mcts::1s"} {
		t.Run("bad/"+spec, func(t *testing.T) {
			_, err := agent.Parse(spec, 1)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), `"`+spec+`"`) {
				t.Errorf("error %q does not name the spec", err)
			}
		})
	}
}

var games = []string{"mancala/egyptian", "dvonn", "strix/standard"}

func TestRandomLegalAndDeterministic(t *testing.T) {
	for _, name := range games {
		t.Run(name, func(t *testing.T) {
			g := load(t, name)
			play := func(seed uint64) []core.Move {
				a := agent.NewRandom(seed)
				agents := make([]agent.Agent, g.NumSeats())
				for i := range agents {
					agents[i] = a
				}
				moves, _ := selfPlay(t, g, agents, 200)
				return moves
			}
			a, b, c := play(7), play(7), play(8)
			if !slices.Equal(a, b) {
				t.Error("two games with seed 7 differ")
			}
			if slices.Equal(a, c) {
				t.Error("the games with seeds 7 and 8 are the same")
			}
		})
	}
}

func TestMCTSLegal(t *testing.T) {
	for _, tc := range []struct {
		game     string
		playouts int
	}{
		{"mancala/egyptian", 300},
		{"dvonn", 100},
		{"strix/standard", 20},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g := load(t, tc.game)
			a := agent.NewMCTS(tc.playouts, 0, 1)
			for _, s := range positions(t, g, 4, 3) {
				choose(t, a, g, s)
				if st := a.LastStats(); st.Playouts != 0 && st.Playouts != tc.playouts {
					t.Errorf("%d playouts, want %d", st.Playouts, tc.playouts)
				}
			}
		})
	}
}

func TestMCTSDeterministic(t *testing.T) {
	for _, tc := range []struct {
		game     string
		playouts int
	}{
		{"mancala/egyptian", 500},
		{"dvonn", 100},
		{"strix/standard", 20},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g := load(t, tc.game)
			ps := positions(t, g, 3, 5)
			run := func() []core.Move {
				a := agent.NewMCTS(tc.playouts, 0, 42)
				var out []core.Move
				for _, s := range ps {
					out = append(out, choose(t, a, g, s))
				}
				return out
			}
			if a, b := run(), run(); !slices.Equal(a, b) {
				t.Errorf("same seed and budget, different moves: %x vs %x", a, b)
			}
		})
	}
}

// A cancelled search returns promptly: with its best move so far, or with
// the context's error before any playout. "Promptly" is measured in CPU
// time, which a loaded machine does not stretch: between the cancel and
// the return the search may finish the playout it is in, nothing more.
// (Wall time is not a measure of that: on a loaded 2-core CI machine the
// searching goroutine may wait 300 ms for a core.) The wall bound is only
// the guard for a search that ignores the cancel and runs to its minute.
func TestMCTSCancel(t *testing.T) {
	const (
		cpuBound  = 250 * time.Millisecond // a STRIX playout is about 1 ms of CPU
		wallBound = 30 * time.Second       // half the search's budget
	)
	for _, name := range games {
		t.Run(name, func(t *testing.T) {
			g := load(t, name)
			s := g.NewState()
			a := agent.NewMCTS(0, time.Minute, 1)

			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := a.Choose(ctx, g, s); !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled before the start: err = %v, want context.Canceled", err)
			}

			ctx, cancel = context.WithCancel(context.Background())
			var cancelled time.Time
			var cpuAtCancel time.Duration
			timer := time.AfterFunc(100*time.Millisecond, func() {
				cpuAtCancel, _ = processCPU()
				cancelled = time.Now()
				cancel()
			})
			defer timer.Stop()
			m, err := a.Choose(ctx, g, s)
			lag := time.Since(cancelled)
			cpuNow, cpuOK := processCPU()
			cpuLag := cpuNow - cpuAtCancel
			if err != nil {
				t.Fatalf("cancelled after 100ms: %v", err)
			}
			if lag > wallBound {
				t.Errorf("returned %v after the cancel (the budget was a minute)", lag)
			}
			// cancellation is checked between playouts; a STRIX playout can
			// run a foul search for a stuck player
			if cpuOK && cpuLag > cpuBound {
				t.Errorf("used %v of CPU after the cancel, want < %v", cpuLag, cpuBound)
			}
			if !isLegal(g, s, m) {
				t.Errorf("illegal move %#x", uint64(m))
			}
			t.Logf("%d playouts in 100ms, returned %v (%v of CPU) after the cancel", a.LastStats().Playouts, lag, cpuLag)
		})
	}
}

func TestMCTSForcedAndFinished(t *testing.T) {
	g := load(t, "mancala/egyptian")
	rng := rand.New(rand.NewPCG(3, 3))
	var one, over *core.State
	var buf []core.Move
	for n := 0; n < 1000 && (one == nil || over == nil); n++ {
		s := g.NewState()
		for {
			buf = g.Moves(s, buf)
			if len(buf) == 1 && one == nil {
				one = s.Clone()
			}
			if len(buf) == 0 {
				break
			}
			if err := g.Play(s, buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		over = s
	}
	if one == nil {
		t.Fatal("no position with one legal move found")
	}
	a := agent.NewMCTS(1000, 0, 1)
	m := choose(t, a, g, one)
	if n := a.LastStats().Playouts; n != 0 {
		t.Errorf("one legal move, yet %d playouts", n)
	}
	if want := g.Moves(one.Clone(), nil)[0]; m != want {
		t.Errorf("chose %#x, want the only move %#x", uint64(m), uint64(want))
	}
	for _, a := range []agent.Agent{a, agent.NewRandom(1)} {
		if _, err := a.Choose(context.Background(), g, over); !errors.Is(err, agent.ErrNoMoves) {
			t.Errorf("%s on a finished game: err = %v, want ErrNoMoves", a.Name(), err)
		}
	}
}

// MCTS with 300 playouts beats Random in at least 70% of 40 games of
// Egyptian mancala, seats alternated.
func TestMCTSStrongerThanRandom(t *testing.T) {
	const games = 40
	g := load(t, "mancala/egyptian")
	results := make([]core.Result, games)
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range next {
				mcts := i % 2
				agents := make([]agent.Agent, 2)
				agents[mcts] = agent.NewMCTS(300, 0, uint64(i))
				agents[1-mcts] = agent.NewRandom(uint64(i))
				_, s := selfPlay(t, g, agents, 1000)
				results[i] = g.Result(s)
			}
		})
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	wins, draws := 0, 0
	for i, r := range results {
		switch {
		case r.Winner == i%2:
			wins++
		case r.Winner < 0:
			draws++
		}
	}
	t.Logf("MCTS(300p) against Random: %d wins, %d draws, %d losses of %d", wins, draws, games-wins-draws, games)
	if wins < games*7/10 {
		t.Errorf("MCTS won %d of %d games, want at least %d", wins, games, games*7/10)
	}
}

// In a STRIX position where Brown's Owl steps into the Nest, MCTS wins at
// once.
func TestMCTSFindsImmediateWin(t *testing.T) {
	const variant = `extends = "strix/standard"
name = "test/owl-to-nest"
replace = ["setup.pieces"]

# Brown to move: bO-b77 wins. Yellow's Owl on y67 is one step from y77.
[setup.pieces]
b67 = "b_owl"
b62 = "b_kite"
b53 = "b_raven"
y67 = "y_owl"
y62 = "y_kite"
y53 = "y_raven"
g44 = "g_owl"
g62 = "g_kite"
g53 = "g_raven"
`
	g, err := core.LoadBytes("owl-to-nest.toml", []byte(variant), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	win, err := g.Parse(s, "bO-b77")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Moves(s.Clone(), nil)); n < 10 {
		t.Fatalf("only %d moves: the test wants a choice", n)
	}
	for _, seed := range []uint64{1, 2, 3} {
		a := agent.NewMCTS(200, 0, seed)
		if m := choose(t, a, g, s); m != win {
			t.Errorf("seed %d: MCTS(200p) plays %s, want the winning %s", seed, g.Format(s, m), g.Format(s, win))
		}
	}
}

// One agent may be asked from several goroutines at once.
func TestMCTSConcurrent(t *testing.T) {
	g := load(t, "mancala/egyptian")
	ps := positions(t, g, 8, 9)
	a := agent.NewMCTS(200, 0, 1)
	var wg sync.WaitGroup
	for _, s := range ps {
		wg.Go(func() {
			m, err := a.Choose(context.Background(), g, s)
			if err != nil || !isLegal(g, s, m) {
				t.Errorf("move %#x, err %v", uint64(m), err)
			}
		})
	}
	wg.Wait()
}

// On the dice race of testdata/variants/dice-race.toml (throws before
// every ply, chance nodes in the tree), MCTS with 300 playouts beats Random
// over a seeded match, seats alternated; both draw the throws by weight
// (Random and MCTS at a chance node return an outcome, never a decision).
func TestMCTSChanceStrongerThanRandom(t *testing.T) {
	games := 120
	g, err := core.Load("../../testdata/variants/dice-race.toml")
	if err != nil {
		t.Fatal(err)
	}
	results := make([]core.Result, games)
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range next {
				mcts := i % 2
				agents := make([]agent.Agent, 2)
				agents[mcts] = agent.NewMCTS(300, 0, uint64(i))
				agents[1-mcts] = agent.NewRandom(uint64(i))
				_, s := selfPlay(t, g, agents, 1000)
				results[i] = g.Result(s)
			}
		})
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	wins := 0
	for i, r := range results {
		if r.Winner == i%2 {
			wins++
		}
	}
	t.Logf("MCTS(300p) against Random on the dice race: %d wins of %d", wins, games)
	if wins < games*65/100 {
		t.Errorf("MCTS won %d of %d games, want at least %d", wins, games, games*65/100)
	}
}
