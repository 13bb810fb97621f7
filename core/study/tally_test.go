package study

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

// A Tally fed games one by one gives byte for byte the metrics of the
// batch definition below (the computation over all records at once that
// the tally replaced), on random games of every kind.
func TestTallyMatchesBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	vis := []VariantInfo{
		{Name: "v", Title: "V", Seats: []string{"a", "b"}, Scored: true},
		{Name: "w", Title: "W", Seats: []string{"a", "b", "c"}, Foul: "f", Goal: "nest", Takebacks: 2,
			Ends: []EndInfo{{"nest", "reach"}, {"last", "seats_left"}}},
	}
	for trial := 0; trial < 200; trial++ {
		vi := vis[trial%2]
		S := len(vi.Seats)
		var recs []Record
		for g := range rng.IntN(40) {
			r := Record{Variant: vi.Name, Game: g, Seed: uint64(rng.IntN(3)), Winner: rng.IntN(S+1) - 1,
				Plies: rng.IntN(30), LeadChanges: rng.IntN(5), EndedBy: []string{"nest", "last", "stuck", ""}[rng.IntN(4)],
				Scores: make([]int, S)}
			r.Timeout = rng.IntN(6) == 0
			r.Draw = r.Winner < 0 && !r.Timeout
			for range S {
				r.Agents = append(r.Agents, []string{"random", "mcts:30p"}[rng.IntN(2)])
			}
			for range r.Plies {
				r.Branching = append(r.Branching, rng.IntN(9))
			}
			for s := range S {
				if rng.IntN(4) == 0 {
					r.Eliminated = append(r.Eliminated, s)
				}
			}
			if vi.Foul != "" && rng.IntN(3) > 0 {
				r.Fouls = &FoulRecord{Judged: rng.IntN(20), Committed: rng.IntN(3), Called: rng.IntN(2), Inexact: rng.IntN(2),
					TakebacksSpent: rng.IntN(3), Eliminations: rng.IntN(2), MissedTurns: rng.IntN(2)}
			}
			recs = append(recs, r)
		}
		judged := rng.IntN(2) == 0
		got, _ := json.Marshal(Compute(vi, recs, judged))
		want, _ := json.Marshal(batchMetrics(vi, recs, judged))
		if string(got) != string(want) {
			t.Fatalf("trial %d (%d games):\n tally %s\n batch %s", trial, len(recs), got, want)
		}
	}
}

// batchMetrics is the metrics over all the records at once.
func batchMetrics(vi VariantInfo, recs []Record, judged bool) Metrics {
	S := len(vi.Seats)
	n := len(recs)
	nf := float64(n)
	m := Metrics{Variant: vi.Name, Title: vi.Title, Seats: vi.Seats, Games: n,
		Wins: make([]int, S), WinRate: make([]float64, S), WinCI: make([]Interval, S),
		BranchingByDecile: make([]float64, Deciles), EndReasons: []EndCount{}}
	var lengths, decisions, branching, leadRate []float64
	bucketSum := make([]float64, Deciles)
	bucketN := make([]float64, Deciles)
	ends := map[string]*EndCount{}
	var order []string
	leadSum := 0.0
	type batchAgent struct{ seated, wins int }
	agents := map[string]*batchAgent{}
	var agentOrder []string
	for _, r := range recs {
		switch {
		case r.Timeout:
			m.Timeouts++
		case r.Winner >= 0 && r.Winner < S:
			m.Wins[r.Winner]++
			m.Decided++
		default:
			m.Draws++
		}
		for seat, a := range r.Agents {
			t := agents[a]
			if t == nil {
				t = &batchAgent{}
				agents[a] = t
				agentOrder = append(agentOrder, a)
			}
			t.seated++
			if !r.Timeout && r.Winner == seat {
				t.wins++
			}
		}
		lengths = append(lengths, float64(r.Plies))
		if len(r.Branching) > 0 {
			L := len(r.Branching)
			dec, sum := 0, 0
			for t, b := range r.Branching {
				if b > 1 {
					dec++
				}
				sum += b
				k := t * Deciles / L
				bucketSum[k] += float64(b)
				bucketN[k]++
			}
			decisions = append(decisions, float64(dec)/float64(L))
			branching = append(branching, float64(sum)/float64(L))
		}
		if vi.Scored {
			leadSum += float64(r.LeadChanges)
			if r.Plies > 0 {
				leadRate = append(leadRate, float64(r.LeadChanges)/float64(r.Plies))
			}
		}
		reason := r.EndedBy
		if reason == "" {
			reason = "unknown"
		}
		e := ends[reason]
		if e == nil {
			e = &EndCount{Reason: reason}
			ends[reason] = e
			order = append(order, reason)
		}
		e.Games++
		if !r.Timeout && r.Winner >= 0 {
			e.Decided++
		}
	}
	if n > 0 {
		for j := range m.Wins {
			m.WinRate[j] = float64(m.Wins[j]) / nf
		}
		m.Completion = float64(m.Decided) / nf
		m.Drawishness = float64(m.Draws) / nf
		m.TimeoutRate = float64(m.Timeouts) / nf
	}
	for j := range m.Wins {
		m.WinCI[j] = Wilson(m.Wins[j], n, Z95)
	}
	if S > 0 {
		lo, hi := m.WinRate[0], m.WinRate[0]
		for _, p := range m.WinRate {
			lo, hi = math.Min(lo, p), math.Max(hi, p)
		}
		m.Balance = 1 - (hi - lo)
	}
	m.ChiSquare = ChiSquare(m.Wins)
	m.ChiBalance, m.ChiP = 1, 1
	if m.Decided > 0 && S > 1 {
		m.ChiBalance = 1 - m.ChiSquare/(float64(m.Decided)*float64(S-1))
		m.ChiP = ChiSquareP(m.ChiSquare, S-1)
	}
	if len(lengths) > 0 {
		m.Length = Summary{Mean: Mean(lengths), Median: Percentile(lengths, 0.5),
			P10: Percentile(lengths, 0.1), P90: Percentile(lengths, 0.9),
			Min: Percentile(lengths, 0), Max: Percentile(lengths, 1)}
	}
	m.DecisionMoves = Mean(decisions)
	m.Branching = Mean(branching)
	for k := range bucketSum {
		if bucketN[k] > 0 {
			m.BranchingByDecile[k] = bucketSum[k] / bucketN[k]
		}
	}
	if vi.Scored {
		m.Lead = &LeadMetrics{PerPly: Mean(leadRate)}
		if n > 0 {
			m.Lead.PerGame = leadSum / nf
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		if ends[order[i]].Games != ends[order[j]].Games {
			return ends[order[i]].Games > ends[order[j]].Games
		}
		return order[i] < order[j]
	})
	for _, r := range order {
		e := ends[r]
		if n > 0 {
			e.Share = float64(e.Games) / nf
		}
		m.EndReasons = append(m.EndReasons, *e)
	}
	if vi.Foul != "" {
		m.Fouls = batchFouls(vi, recs, judged)
	}
	if len(agentOrder) > 1 {
		sort.Strings(agentOrder)
		for _, a := range agentOrder {
			t := agents[a]
			am := AgentMetrics{Agent: a, Seated: t.seated, Wins: t.wins, CI: Wilson(t.wins, t.seated, Z95)}
			if t.seated > 0 {
				am.WinRate = float64(t.wins) / float64(t.seated)
			}
			m.Agents = append(m.Agents, am)
		}
	}
	return m
}

func batchFouls(vi VariantInfo, recs []Record, judged bool) *FoulMetrics {
	f := &FoulMetrics{Foul: vi.Foul, Judged: judged, Goal: vi.Goal}
	for _, e := range vi.Ends {
		if e.Type == "seats_left" {
			f.LastEnd = e.Name
			break
		}
	}
	n := float64(len(recs))
	if n == 0 {
		return f
	}
	var committed, called, inexact, spent, elim, felim, missed, goal, last int
	for _, r := range recs {
		if r.Fouls != nil {
			committed += r.Fouls.Committed
			called += r.Fouls.Called
			inexact += r.Fouls.Inexact
			spent += r.Fouls.TakebacksSpent
			felim += r.Fouls.Eliminations
			missed += r.Fouls.MissedTurns
		}
		elim += len(r.Eliminated)
		if !r.Timeout && r.Winner >= 0 {
			switch {
			case f.Goal != "" && r.EndedBy == f.Goal:
				goal++
			case f.LastEnd != "" && r.EndedBy == f.LastEnd:
				last++
			}
		}
	}
	f.Committed = float64(committed) / n
	f.Called = float64(called) / n
	f.Inexact = float64(inexact) / n
	f.TakebacksSpent = float64(spent) / n
	f.Eliminations = float64(elim) / n
	f.FoulEliminations = float64(felim) / n
	f.MissedTurns = float64(missed) / n
	f.GoalWins = float64(goal) / n
	f.LastWins = float64(last) / n
	return f
}
