package referee_test

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// naiveWin is an independent, unoptimised forced-win search (no
// transposition table, no pruning, no ordering): the oracle for the
// engine's AND/OR search.
func naiveWin(g *core.Game, s *core.State, gainer, mover, left int, thirdBirdOnly bool, nest func(*core.State, int) bool) bool {
	if s.Over() {
		r := g.Result(s)
		return r.Winner == gainer && !r.Timeout && nest(s, gainer)
	}
	if left == 0 {
		return false
	}
	moves := g.Moves(s, nil)
	if len(moves) == 0 {
		r := g.Result(s)
		return r.Winner == gainer && nest(s, gainer)
	}
	or := s.ToMove() == gainer || (thirdBirdOnly && s.ToMove() == mover)
	for _, m := range moves {
		c := s.Clone()
		if err := g.Play(c, m); err != nil {
			continue
		}
		w := naiveWin(g, c, gainer, mover, left-1, thirdBirdOnly, nest)
		if or && w {
			return true
		}
		if !or && !w {
			return false
		}
	}
	return !or
}

// ownerInNest reports whether gainer's Owl stands on a Nest square.
func ownerInNest(g *core.Game) func(*core.State, int) bool {
	return func(s *core.State, gainer int) bool {
		for c := 0; c < g.Board().N(); c++ {
			if p := s.Top(c); p >= 0 && g.Board().Cells[c].Attrs["nest"] == true {
				k := g.PieceKindOf(p)
				if k.Owner == gainer && k.HasFlag("owl") {
					return true
				}
			}
		}
		return false
	}
}

// naiveVerdict: is there a gainer after m, and did the mover have an
// alternative after which nobody has a forced win?
func naiveVerdict(g *core.Game, before *core.State, m core.Move, turns int, thirdBirdOnly bool) (gainer int, foul, unavoidable bool) {
	nest := ownerInNest(g)
	mover := before.ToMove()
	winner := func(s *core.State) int {
		plies := turns*s.Active() - 1
		for k := 1; k < g.NumSeats(); k++ {
			gn := (mover + k) % g.NumSeats()
			if s.Eliminated(gn) {
				continue
			}
			if naiveWin(g, s.Clone(), gn, mover, plies, thirdBirdOnly, nest) {
				return gn
			}
		}
		return -1
	}
	after := before.Clone()
	g.Play(after, m)
	gainer = winner(after)
	if gainer < 0 {
		return -1, false, false
	}
	for _, alt := range g.Moves(before.Clone(), nil) {
		if alt == m {
			continue
		}
		st := before.Clone()
		g.Play(st, alt)
		if st.Over() {
			if r := g.Result(st); r.Winner == mover || r.Winner < 0 {
				return gainer, true, false
			}
			continue
		}
		if winner(st) < 0 {
			return gainer, true, false
		}
	}
	return gainer, false, true
}

// samplePositions plays random games and returns (position, move) pairs.
func samplePositions(g *core.Game, seed uint64, games, perGame int) ([]*core.State, []core.Move) {
	rng := rand.New(rand.NewPCG(seed, 77))
	var states []*core.State
	var moves []core.Move
	for i := 0; i < games; i++ {
		s := g.NewState()
		for ply := 0; ply < perGame; ply++ {
			ms := g.Moves(s, nil)
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			states = append(states, s.Clone())
			moves = append(moves, m)
			g.Play(s, m)
		}
	}
	return states, moves
}

// At Thicket 1 the engine's verdict (gainer, foul, unavoidable) agrees with
// the brute-force oracle on every sampled move, in both defence modes.
func TestFoulVerdictMatchesBruteForce(t *testing.T) {
	for _, defenders := range []string{"all", "bystanders"} {
		g := load(t, "strix/simple", "defenders="+defenders)
		states, moves := samplePositions(g, 5, 12, 70)
		found := 0
		for i := range states {
			v, err := g.AnalyzeFoul(states[i], moves[i])
			if err != nil || !v.Exact {
				t.Fatalf("analysis: %v (exact %v)", err, v.Exact)
			}
			gainer, foul, unav := naiveVerdict(g, states[i], moves[i], 1, defenders == "bystanders")
			if v.Gainer != gainer || v.Foul != foul || v.Unavoidable != unav {
				t.Fatalf("%s, position %d, move %s: engine (gainer %d, foul %v, unavoidable %v), oracle (%d, %v, %v)",
					defenders, i, g.Format(states[i], moves[i]), v.Gainer, v.Foul, v.Unavoidable, gainer, foul, unav)
			}
			if foul {
				found++
			}
		}
		if found == 0 {
			t.Errorf("%s: no foul among %d sampled moves; the test proves little", defenders, len(states))
		}
	}
}

// The demonstration line is real: played from the position after the
// foul, it ends with the Gainer's Owl in the Nest.
func TestFoulDemonstrationLine(t *testing.T) {
	for _, name := range []string{"strix/simple", "strix/standard"} {
		g := load(t, name)
		states, moves := samplePositions(g, 8, 6, 70)
		shown := 0
		for i := range states {
			v, _ := g.AnalyzeFoul(states[i], moves[i])
			if !v.Foul {
				continue
			}
			s := states[i].Clone()
			g.Play(s, moves[i])
			for _, txt := range v.Line {
				m, err := g.Parse(s, txt)
				if err != nil {
					t.Fatalf("%s: demonstration move %q: %v", name, txt, err)
				}
				g.Play(s, m)
			}
			if r := g.Result(s); r.Winner != v.Gainer || !ownerInNest(g)(s, v.Gainer) {
				t.Fatalf("%s: the line %v does not end with %s in the Nest", name, v.Line, g.Seat(v.Gainer))
			}
			safe := states[i].Clone()
			m, err := g.Parse(safe, v.Safe)
			if err != nil || m == moves[i] {
				t.Fatalf("%s: safe alternative %q: %v", name, v.Safe, err)
			}
			shown++
		}
		if shown == 0 {
			t.Errorf("%s: no foul sampled", name)
		}
	}
}

func replayText(t *testing.T, g *core.Game, text string) (*core.History, []core.Event, error) {
	t.Helper()
	lines, err := core.ReadRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(g, g.NewState())
	ev, err := g.ReplayEvents(h, lines)
	return h, ev, err
}

func readRecord(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Rule 17 (iii)-(v) and (ix) at Thicket 1, 2 and 3: a true call withdraws
// the move and spends the offender's takeback; the offender replays. A
// false call costs the caller a takeback and the move stands.
func TestThirdBirdCalls(t *testing.T) {
	for _, v := range []string{"simple", "standard", "advanced"} {
		t.Run(v, func(t *testing.T) {
			g := load(t, "strix/"+v)
			rec := readRecord(t, "../../testdata/records/strix-fouls/"+v+".txt")
			safe := ""
			for _, l := range strings.Split(rec, "\n") {
				if s, ok := strings.CutPrefix(l, "# a safe alternative was "); ok {
					safe = s
				}
			}
			h, _, err := replayText(t, g, rec)
			if err != nil {
				t.Fatal(err)
			}
			// the preceding and following active players
			seat := func(from int, step int) string {
				for k := 1; k < 3; k++ {
					if o := (from + step*k + 3) % 3; !h.State.Eliminated(o) {
						return g.Seat(o)
					}
				}
				return ""
			}
			prev, next := seat(0, -1), seat(0, 1)
			// the preceding player calls
			h2, ev, err := replayText(t, g, rec+"call "+prev+"\n")
			if err != nil {
				t.Fatal(err)
			}
			c := ev[len(ev)-1].Call
			if c == nil || !c.Upheld || !c.Foul || g.Seat(c.Offender) != "b" || c.ReplacementBy != c.Offender {
				t.Fatalf("call: %+v", c)
			}
			tb := map[string]int{"simple": 3, "standard": 2, "advanced": 1}[v]
			if h2.State.Takebacks(c.Offender) != tb-1 || h2.Len() != h.Len()-1 || h2.State.ToMove() != c.Offender {
				t.Fatalf("after the call: takebacks %d, %d moves, %s to move", h2.State.Takebacks(c.Offender), h2.Len(), g.Seat(h2.State.ToMove()))
			}
			// the offender replays the safe alternative
			if _, _, err := replayText(t, g, rec+"call "+prev+"\n"+safe+"\n"); err != nil {
				t.Fatalf("replacement %s: %v", safe, err)
			}
			// a false call: after the safe move, the following player calls
			lines := strings.Split(strings.TrimSpace(rec), "\n")
			prefix := strings.Join(lines[:len(lines)-1], "\n") + "\n"
			h3, ev3, err := replayText(t, g, prefix+safe+"\ncall "+next+"\n")
			if err != nil {
				t.Fatal(err)
			}
			c3 := ev3[len(ev3)-1].Call
			if c3.Upheld || c3.Gainer >= 0 || h3.State.Takebacks(c3.Caller) != tb-1 || h3.Len() != h.Len() {
				t.Fatalf("false call: %+v, takebacks %d", c3, h3.State.Takebacks(c3.Caller))
			}
			// only one call per move (Rule 17 (viii))
			if _, _, err := replayText(t, g, prefix+safe+"\ncall "+next+"\ncall "+prev+"\n"); err == nil || !strings.Contains(err.Error(), "only one call") {
				t.Fatalf("a second call on one move: %v", err)
			}
		})
	}
}

// Rule 17 (v), (ix): with no takebacks left the offender is eliminated and
// the caller makes the replacement move for them; a false caller with none
// left is eliminated and the move stands.
func TestThirdBirdTakebackExhaustion(t *testing.T) {
	g := load(t, "strix/simple", "takebacks=0")
	rec := readRecord(t, "../../testdata/records/strix-fouls/simple.txt")
	h, ev, err := replayText(t, g, rec+"call g\n")
	if err != nil {
		t.Fatal(err)
	}
	c := ev[len(ev)-1].Call
	b, _ := g.SeatIndex("b")
	gi, _ := g.SeatIndex("g")
	if !c.Upheld || !h.State.Eliminated(b) || c.ReplacementBy != gi || h.State.ToMove() != b {
		t.Fatalf("exhausted offender: %+v, eliminated %v, %s to move", c, h.State.Eliminated(b), g.Seat(h.State.ToMove()))
	}
	// Rule 17 (v): Green "makes an alternative legal move" for Brown: not the withdrawn one,
	// which the legal moves leave out and a record may not repeat.
	lines := strings.Split(strings.TrimSpace(rec), "\n")
	foul := lines[len(lines)-1]
	for _, m := range h.Legal(nil) {
		if g.Format(h.State, m) == foul {
			t.Errorf("the withdrawn %s is among the replacement moves", foul)
		}
	}
	if _, _, err := replayText(t, g, rec+"call g\n"+foul+"\n"); err == nil || !strings.Contains(err.Error(), "alternative move (third_bird, Rule 17)") {
		t.Errorf("the withdrawn move replayed as the replacement: %v", err)
	}
	// Green moves a Brown piece for Brown; then play goes on without Brown
	h2, _, err := replayText(t, g, rec+"call g\nbR-y74\n")
	if err != nil {
		t.Fatal(err)
	}
	if h2.State.ToMove() != 1 || h2.State.Active() != 2 {
		t.Fatalf("after the replacement: %s to move, %d active", g.Seat(h2.State.ToMove()), h2.State.Active())
	}
	// a false call with no takebacks eliminates the caller
	prefix := strings.Join(lines[:len(lines)-1], "\n") + "\n"
	h3, ev3, err := replayText(t, g, prefix+"bR-y74\ncall y\n")
	if err != nil {
		t.Fatal(err)
	}
	if ev3[len(ev3)-1].Call.Upheld || !h3.State.Eliminated(1) {
		t.Fatal("a baseless caller with no takebacks must be eliminated")
	}
}

// Rule 17 (xi): when every move lets another player win, the player loses.
func TestUnavoidableFoul(t *testing.T) {
	g := load(t, "strix/simple")
	rec := readRecord(t, "../../testdata/records/strix-fouls/unavoidable.txt")
	h, ev, err := replayText(t, g, rec+"call b\n")
	if err != nil {
		t.Fatal(err)
	}
	c := ev[len(ev)-1].Call
	gs, _ := g.SeatIndex("g")
	if !c.Unavoidable || c.Foul || !h.State.Eliminated(gs) {
		t.Fatalf("unavoidable foul: %+v", c)
	}
}

// Rule 17 (vii): a move that captures the caller's Owl can still be a
// foul, and the (now paralysed) caller may call it.
func TestFoulTakingCallersOwl(t *testing.T) {
	g, err := core.Load("../../testdata/positions/strix-takes-callers-owl.toml", core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	h, ev, err := replayText(t, g, "bK-b55xgO\ncall g\n")
	if err != nil {
		t.Fatal(err)
	}
	c := ev[len(ev)-1].Call
	gs, _ := g.SeatIndex("g")
	if !c.Upheld || g.Seat(c.Gainer) != "y" || h.State.Eliminated(gs) {
		t.Fatalf("call: %+v; Green's Owl must be back after the withdrawal", c)
	}
}

// A player may not call on their own move, nor with no move played.
func TestCallerChecks(t *testing.T) {
	g := load(t, "strix/simple")
	if _, _, err := replayText(t, g, "call b\n"); err == nil {
		t.Error("a call before any move must be refused")
	}
	if _, _, err := replayText(t, g, "bR-g65\ncall b\n"); err == nil || !strings.Contains(err.Error(), "own move") {
		t.Errorf("a call on one's own move: %v", err)
	}
	if _, _, err := replayText(t, g, "bR-g65\ncall x\n"); err == nil || !strings.Contains(err.Error(), "unknown player") {
		t.Errorf("an unknown caller: %v", err)
	}
}

// Verdicts at Thicket 1, 2 and 3 on varied positions from random games.
// The search allocates nothing (TestFoulVerdictAllocs); what allocs/op
// counts is the demonstration a verdict with a forced win returns (the
// line's moves and the safe alternative in notation), about two
// allocations per move of the line.
func benchmarkVerdicts(b *testing.B, name string) {
	g := load(b, name)
	states, moves := samplePositions(g, 13, 4, 60)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		if _, err := g.AnalyzeFoul(states[k], moves[k]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFoulVerdictThicket1(b *testing.B) { benchmarkVerdicts(b, "strix/simple") }
func BenchmarkFoulVerdictThicket2(b *testing.B) { benchmarkVerdicts(b, "strix/standard") }
func BenchmarkFoulVerdictThicket3(b *testing.B) { benchmarkVerdicts(b, "strix/advanced") }

// minimaxDist is an independent exact minimax over the distance to the
// Gainer's win by the goal: the fewest plies within which the Gainer wins
// from s against every defence, the Gainer (and, with thirdBirdOnly, the
// mover) choosing the fastest win and each defender the reply that holds
// out longest; -1 when there is no forced win within left plies. It is
// iterative deepening over naiveWin's definition with its own memo (keyed
// by position hash and plies left), and shares no code with the engine's
// search.
type minimaxDist struct {
	g             *core.Game
	gainer, mover int
	thirdBirdOnly bool
	nest          func(*core.State, int) bool
	memo          map[[2]uint64]bool
}

func (o *minimaxDist) win(s *core.State, left int) bool {
	if s.Over() {
		r := o.g.Result(s)
		return r.Winner == o.gainer && !r.Timeout && o.nest(s, o.gainer)
	}
	if left == 0 {
		return false
	}
	key := [2]uint64{s.Hash(), uint64(left)}
	if v, ok := o.memo[key]; ok {
		return v
	}
	moves := o.g.Moves(s, nil)
	var res bool
	if len(moves) == 0 {
		r := o.g.Result(s)
		res = r.Winner == o.gainer && o.nest(s, o.gainer)
	} else {
		or := s.ToMove() == o.gainer || (o.thirdBirdOnly && s.ToMove() == o.mover)
		res = !or
		for _, m := range moves {
			c := s.Clone()
			if err := o.g.Play(c, m); err != nil {
				continue
			}
			if w := o.win(c, left-1); or && w {
				res = true
				break
			} else if !or && !w {
				res = false
				break
			}
		}
	}
	o.memo[key] = res
	return res
}

func (o *minimaxDist) dist(s *core.State, left int) int {
	for k := 0; k <= left; k++ {
		if o.win(s, k) {
			return k
		}
	}
	return -1
}

// Both editions ask the caller to show "the sequence of moves leading to the
// Gainer's unfair victory" (first edition Rule 18) / "to the other player's
// inevitable victory" (2024 Rule 17 (iii)). The demonstration line is the
// one best play gives: its length is the minimax distance to the win of the
// position after the foul, and every move of it keeps that distance exact
// (the Gainer never wins slower than it can, a defender never gives in
// sooner than it must). Checked against minimaxDist on every foul of random
// games at Thicket 1 and 2 (strix/simple, strix/standard) and on the fouls
// of the recorded games.
func TestFoulDemonstrationIsMinimax(t *testing.T) {
	type sample struct {
		g      *core.Game
		before *core.State
		m      core.Move
		turns  int
	}
	var samples []sample
	for _, c := range []struct {
		name  string
		turns int
		seed  uint64
		games int
	}{{"strix/simple", 1, 8, 6}, {"strix/standard", 2, 8, 6}} {
		g := load(t, c.name)
		games := c.games
		if testing.Short() {
			games = 2
		}
		states, moves := samplePositions(g, c.seed, games, 70)
		for i := range states {
			samples = append(samples, sample{g, states[i], moves[i], c.turns})
		}
	}
	for _, rec := range []struct{ variant, file string }{
		{"strix/standard", "standard.txt"}, {"strix/advanced", "advanced.txt"}, {"strix/simple", "simple.txt"},
		// fouls whose former lines let a defender give in early (or the Gainer win late)
		{"strix/standard", "demonstration-standard.txt"}, {"strix/advanced", "demonstration-advanced.txt"},
	} {
		g := load(t, rec.variant)
		h, _, err := replayText(t, g, readRecord(t, "../../testdata/records/strix-fouls/"+rec.file))
		if err != nil {
			t.Fatal(err)
		}
		before := g.NewState()
		mv := h.Moves()
		hh := core.NewHistory(g, before)
		for _, m := range mv[:len(mv)-1] {
			if err := hh.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		samples = append(samples, sample{g, hh.State.Clone(), mv[len(mv)-1], 0})
	}
	checked, longer := 0, 0
	for _, sm := range samples {
		g := sm.g
		v, err := g.AnalyzeFoul(sm.before, sm.m)
		if err != nil || !v.Exact {
			t.Fatalf("analysis: %v", err)
		}
		if v.Gainer < 0 {
			continue
		}
		o := &minimaxDist{g: g, gainer: v.Gainer, mover: sm.before.ToMove(), thirdBirdOnly: g.Foul().BystandersOnly,
			nest: ownerInNest(g), memo: map[[2]uint64]bool{}}
		s := sm.before.Clone()
		if err := g.Play(s, sm.m); err != nil {
			t.Fatal(err)
		}
		d := o.dist(s, v.Plies)
		if d != len(v.Line) {
			t.Errorf("%s, after %s: the line %v has %d plies; minimax distance %d", g.Name(), g.Format(sm.before, sm.m), v.Line, len(v.Line), d)
			continue
		}
		for i, text := range v.Line {
			m, err := g.Parse(s, text)
			if err != nil {
				t.Fatalf("%s: line move %q: %v", g.Name(), text, err)
			}
			g.Play(s, m)
			if got := o.dist(s, v.Plies); got != d-i-1 {
				t.Errorf("%s, line %v: after %s the distance is %d, want %d", g.Name(), v.Line, text, got, d-i-1)
			}
		}
		if !s.Over() || g.Result(s).Winner != v.Gainer || !ownerInNest(g)(s, v.Gainer) {
			t.Errorf("%s: the line %v does not end with the Gainer in the goal", g.Name(), v.Line)
		}
		checked++
		if d > 1 {
			longer++
		}
	}
	if checked == 0 || longer == 0 {
		t.Errorf("%d lines checked, %d longer than one ply: the test proves little", checked, longer)
	}
	t.Logf("%d lines checked, %d longer than one ply", checked, longer)
}
