package study

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol || math.IsNaN(got) {
		t.Errorf("%s = %.15g, want %.15g (±%g)", what, got, want, tol)
	}
}

// The expected bounds were computed from the formula in 40-digit
// arithmetic (mpmath) with z = 1.959963984540054.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{5, 10, 0.23659309051256399576, 0.76340690948743600424},
		{0, 10, 0, 0.27753279986288921464},
		{3, 7, 0.15821985525146970359, 0.74954163547234278389},
		{10, 10, 0.72246720013711078536, 1},
		{4, 10, 0.16818032970623613354, 0.68732623026634170938},
		{3, 10, 0.1077912674063010312, 0.60322185253885465466},
		{1, 10, 0.017876213095072906381, 0.40415002679523846533},
		{1, 2, 0.094531205734230726292, 0.90546879426576927371},
	} {
		iv := Wilson(c.k, c.n, Z95)
		near(t, "lo", iv.Lo, c.lo, 1e-9)
		near(t, "hi", iv.Hi, c.hi, 1e-9)
	}
	if iv := Wilson(0, 0, Z95); iv.Lo != 0 || iv.Hi != 1 {
		t.Errorf("Wilson(0, 0) = %v, want [0, 1]", iv)
	}
}

func TestPercentileAndMean(t *testing.T) {
	xs := []float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3} // sorted: 1 1 2 3 3 4 5 5 6 9
	near(t, "mean", Mean(xs), 3.9, 1e-12)
	near(t, "median", Percentile(xs, 0.5), 3.5, 1e-12) // h = 4.5: 3 + 0.5·(4−3)
	near(t, "p10", Percentile(xs, 0.1), 1, 1e-12)      // h = 0.9: 1 + 0.9·(1−1)
	near(t, "p90", Percentile(xs, 0.9), 6.3, 1e-12)    // h = 8.1: 6 + 0.1·(9−6)
	near(t, "min", Percentile(xs, 0), 1, 0)
	near(t, "max", Percentile(xs, 1), 9, 0)
	near(t, "p25", Percentile(xs, 0.25), 2.25, 1e-12) // h = 2.25: 2 + 0.25·(3−2)
	if xs[0] != 3 {
		t.Error("Percentile sorted its argument in place")
	}
	if Percentile(nil, 0.5) != 0 || Mean(nil) != 0 {
		t.Error("empty input: want 0")
	}
}

func TestChiSquare(t *testing.T) {
	// wins 4, 3, 1: E = 8/3; χ² = (16/9 + 1/9 + 25/9)·3/8 = 42/24
	near(t, "chi", ChiSquare([]int{4, 3, 1}), 1.75, 1e-12)
	near(t, "chi even", ChiSquare([]int{5, 5}), 0, 0)
	near(t, "chi none", ChiSquare([]int{0, 0, 0}), 0, 0)
	for _, x := range []float64{0.1, 0.875, 1.75, 3, 7.5, 20, 60} {
		near(t, "p df=2", ChiSquareP(x, 2), math.Exp(-x/2), 1e-12)
		near(t, "p df=1", ChiSquareP(x, 1), math.Erfc(math.Sqrt(x/2)), 1e-12)
		near(t, "p df=4", ChiSquareP(x, 4), math.Exp(-x/2)*(1+x/2), 1e-12)
	}
	near(t, "p x=0", ChiSquareP(0, 3), 1, 0)
}

func TestLeadChanges(t *testing.T) {
	seq := [][]int{{0, 0}, {1, 0}, {1, 1}, {1, 2}, {3, 2}, {3, 3}, {4, 3}}
	// sole leaders: -, 0, -, 1, 0, -, 0: changes 0→1, 1→0 (a tie keeps the last leader)
	if got := LeadChanges(seq, false); got != 2 {
		t.Errorf("LeadChanges = %d, want 2", got)
	}
	// lowest wins: leaders -, 1, -, 0, 1, -, 1
	if got := LeadChanges(seq, true); got != 2 {
		t.Errorf("LeadChanges(lowest) = %d, want 2", got)
	}
	if got := LeadChanges([][]int{{0, 0, 0}, {2, 1, 1}, {2, 3, 1}, {2, 3, 4}}, false); got != 2 {
		t.Errorf("LeadChanges(3 seats) = %d, want 2", got)
	}
}

func TestLineup(t *testing.T) {
	// two specs, three seats: lineup a b a rotated by game mod 3
	want := [][]string{{"a", "b", "a"}, {"b", "a", "a"}, {"a", "a", "b"}, {"a", "b", "a"}}
	for i, w := range want {
		got := Lineup([]string{"a", "b"}, 3, i)
		for j := range w {
			if got[j] != w[j] {
				t.Fatalf("Lineup(game %d) = %v, want %v", i, got, w)
			}
		}
	}
	// every lineup position sits in every seat once over `seats` games
	count := map[string][3]int{}
	for i := 0; i < 3; i++ {
		for seat, a := range Lineup([]string{"x", "y", "z"}, 3, i) {
			c := count[a]
			c[seat]++
			count[a] = c
		}
	}
	for a, c := range count {
		if c != [3]int{1, 1, 1} {
			t.Errorf("%s sat %v times per seat", a, c)
		}
	}
}

// handMade is a three-seat variant with a score and a foul.
var handMade = VariantInfo{Name: "hand/made", Seats: []string{"a", "b", "c"}, Scored: true,
	Foul: "third_bird", Goal: "nest", Takebacks: 2,
	Ends: []EndInfo{{"nest", "reach"}, {"last_owl", "seats_left"}, {"repetition", "repetition"}}}

func rec(winner int, draw, timeout bool, ended string, branching []int) Record {
	return Record{Variant: "hand/made", Winner: winner, Draw: draw, Timeout: timeout, EndedBy: ended,
		Plies: len(branching), Branching: branching, Agents: []string{"x", "y", "x"}, Scores: []int{0, 0, 0}}
}

func TestComputeOutcomes(t *testing.T) {
	recs := []Record{
		rec(0, false, false, "nest", []int{2}), rec(0, false, false, "nest", []int{2}),
		rec(0, false, false, "last_owl", []int{2}), rec(0, false, false, "nest", []int{2}),
		rec(1, false, false, "nest", []int{2}), rec(1, false, false, "last_owl", []int{2}),
		rec(1, false, false, "nest", []int{2}), rec(2, false, false, "nest", []int{2}),
		rec(-1, true, false, "repetition", []int{2}), rec(-1, false, true, "ply_limit", []int{2}),
	}
	m := Compute(handMade, recs, true)
	if m.Games != 10 || m.Decided != 8 || m.Draws != 1 || m.Timeouts != 1 {
		t.Fatalf("games %d decided %d draws %d timeouts %d", m.Games, m.Decided, m.Draws, m.Timeouts)
	}
	for j, w := range []float64{0.4, 0.3, 0.1} {
		near(t, "win rate", m.WinRate[j], w, 1e-15)
	}
	near(t, "ci0.lo", m.WinCI[0].Lo, 0.16818032970623613354, 1e-9)
	near(t, "ci0.hi", m.WinCI[0].Hi, 0.68732623026634170938, 1e-9)
	near(t, "ci1.lo", m.WinCI[1].Lo, 0.1077912674063010312, 1e-9)
	near(t, "ci1.hi", m.WinCI[1].Hi, 0.60322185253885465466, 1e-9)
	near(t, "ci2.lo", m.WinCI[2].Lo, 0.017876213095072906381, 1e-9)
	near(t, "ci2.hi", m.WinCI[2].Hi, 0.40415002679523846533, 1e-9)
	near(t, "completion", m.Completion, 0.8, 1e-15)
	near(t, "drawishness", m.Drawishness, 0.1, 1e-15)
	near(t, "timeouts", m.TimeoutRate, 0.1, 1e-15)
	near(t, "balance", m.Balance, 0.7, 1e-15) // 1 − (0.4 − 0.1)
	near(t, "chi", m.ChiSquare, 1.75, 1e-12)
	near(t, "chi balance", m.ChiBalance, 1-1.75/16, 1e-12) // D = 8, S−1 = 2
	near(t, "chi p", m.ChiP, math.Exp(-0.875), 1e-12)
	// end reasons: most frequent first, then by name
	want := []EndCount{{"nest", 6, 0.6, 6}, {"last_owl", 2, 0.2, 2}, {"ply_limit", 1, 0.1, 0}, {"repetition", 1, 0.1, 0}}
	if len(m.EndReasons) != len(want) {
		t.Fatalf("end reasons %+v", m.EndReasons)
	}
	for i, w := range want {
		e := m.EndReasons[i]
		if e.Reason != w.Reason || e.Games != w.Games || e.Decided != w.Decided {
			t.Errorf("end reason %d = %+v, want %+v", i, e, w)
		}
		near(t, "share "+w.Reason, e.Share, w.Share, 1e-15)
	}
	near(t, "goal wins", m.Fouls.GoalWins, 0.6, 1e-15)
	near(t, "last-owl wins", m.Fouls.LastWins, 0.2, 1e-15)
	// agents x (seats a, c) and y (seat b): x won 4 + 1 of 20 seatings, y 3 of 10
	if len(m.Agents) != 2 || m.Agents[0].Agent != "x" || m.Agents[0].Seated != 20 || m.Agents[0].Wins != 5 || m.Agents[1].Wins != 3 {
		t.Fatalf("agents %+v", m.Agents)
	}
	near(t, "x win rate", m.Agents[0].WinRate, 0.25, 1e-15)
	near(t, "y ci.lo", m.Agents[1].CI.Lo, 0.1077912674063010312, 1e-9)
}

func TestComputeDurationBranchingLead(t *testing.T) {
	lengths := []int{3, 1, 4, 1, 5, 9, 2, 6, 5, 3}
	var recs []Record
	for _, L := range lengths {
		b := make([]int, L)
		for i := range b {
			b[i] = 1
		}
		recs = append(recs, rec(0, false, false, "nest", b))
	}
	m := Compute(handMade, recs, false)
	near(t, "mean", m.Length.Mean, 3.9, 1e-12)
	near(t, "median", m.Length.Median, 3.5, 1e-12)
	near(t, "p10", m.Length.P10, 1, 1e-12)
	near(t, "p90", m.Length.P90, 6.3, 1e-12)
	near(t, "min", m.Length.Min, 1, 0)
	near(t, "max", m.Length.Max, 9, 0)
	near(t, "decision moves (all forced)", m.DecisionMoves, 0, 0)
	near(t, "branching (all forced)", m.Branching, 1, 0)

	g1 := rec(0, false, false, "nest", []int{1, 3, 2, 1})
	g1.LeadChanges = 2
	g2 := rec(1, false, false, "last_owl", []int{5, 5})
	m = Compute(handMade, []Record{g1, g2}, false)
	// decision shares 2/4 and 2/2; mean branching 7/4 and 5
	near(t, "decision moves", m.DecisionMoves, 0.75, 1e-15)
	near(t, "branching", m.Branching, 3.375, 1e-15)
	// tenths: g1 plies 0..3 fall in buckets 0, 2, 5, 7; g2 plies 0, 1 in 0, 5
	wantDec := []float64{3, 0, 3, 0, 0, 3.5, 0, 1, 0, 0}
	for k, w := range wantDec {
		near(t, "decile", m.BranchingByDecile[k], w, 1e-15)
	}
	// lead: 2 and 0 changes over 4 and 2 plies
	near(t, "lead per game", m.Lead.PerGame, 1, 1e-15)
	near(t, "lead per ply", m.Lead.PerPly, 0.25, 1e-15)

	noScore := handMade
	noScore.Scored = false
	if Compute(noScore, []Record{g1}, false).Lead != nil {
		t.Error("a variant without a score has lead metrics")
	}
}

func TestComputeFouls(t *testing.T) {
	g1 := rec(0, false, false, "nest", []int{2, 2})
	g1.Fouls = &FoulRecord{Judged: 10, Committed: 3, Called: 2, Inexact: 1, TakebacksSpent: 2, Eliminations: 1}
	g1.Eliminated = []int{1, 2}
	g2 := rec(2, false, false, "last_owl", []int{2})
	g2.Fouls = &FoulRecord{Judged: 5, Committed: 1, Called: 1, MissedTurns: 1}
	g3 := rec(-1, true, false, "repetition", []int{2})
	g3.Fouls = &FoulRecord{}
	g3.Eliminated = []int{0}
	f := Compute(handMade, []Record{g1, g2, g3}, true).Fouls
	if f == nil || !f.Judged || f.Foul != "third_bird" || f.Goal != "nest" || f.LastEnd != "last_owl" {
		t.Fatalf("fouls %+v", f)
	}
	near(t, "committed", f.Committed, 4.0/3, 1e-15)
	near(t, "called", f.Called, 1, 1e-15)
	near(t, "inexact", f.Inexact, 1.0/3, 1e-15)
	near(t, "takebacks", f.TakebacksSpent, 2.0/3, 1e-15)
	near(t, "eliminations", f.Eliminations, 1, 1e-15)
	near(t, "foul eliminations", f.FoulEliminations, 1.0/3, 1e-15)
	near(t, "missed turns", f.MissedTurns, 1.0/3, 1e-15)
	near(t, "goal wins", f.GoalWins, 1.0/3, 1e-15)
	near(t, "last wins", f.LastWins, 1.0/3, 1e-15)
}
