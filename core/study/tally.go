package study

import (
	"math"
	"sort"
)

// Tally aggregates a variant's games as they finish: counts, sums and a
// histogram of lengths, so that its memory does not grow with the number
// of games (only with the distinct game lengths, at most the ply limit).
// Metrics gives exactly what Compute gives over the same games added in
// the same order: the order matters only to three sums of ratios
// (decision moves, branching, lead changes per ply), and Run and Merge add
// games sorted by (seed, game) as the results files list them.
type Tally struct {
	vi                       VariantInfo
	n                        int
	wins                     []int
	decided, draws, timeouts int
	lengths                  map[int]int // plies → games
	plies                    int
	decSum, branchSum        float64
	branched                 int // games with a branching record
	bucketSum, bucketN       []float64
	leadSum, leadRateSum     float64
	leadRated                int
	ends                     map[string]*EndCount
	agents                   map[string]*agentTally
	committed, called        int
	inexact, spent           int
	elim, felim, missed      int
	goalWins, lastWins       int
	lastEnd                  string
	seeds                    map[uint64]bool
	firstGame, lastGame      int
}

type agentTally struct{ seated, wins int }

// NewTally returns an empty tally for a variant.
func NewTally(vi VariantInfo) *Tally {
	t := &Tally{vi: vi, wins: make([]int, len(vi.Seats)), lengths: map[int]int{},
		bucketSum: make([]float64, Deciles), bucketN: make([]float64, Deciles),
		ends: map[string]*EndCount{}, agents: map[string]*agentTally{}, seeds: map[uint64]bool{},
		firstGame: -1, lastGame: -1}
	for _, e := range vi.Ends {
		if e.Type == "seats_left" {
			t.lastEnd = e.Name
			break
		}
	}
	return t
}

// Add counts one game.
func (t *Tally) Add(r *Record) {
	S := len(t.vi.Seats)
	t.n++
	switch {
	case r.Timeout:
		t.timeouts++
	case r.Winner >= 0 && r.Winner < S:
		t.wins[r.Winner]++
		t.decided++
	default:
		t.draws++
	}
	for seat, a := range r.Agents {
		at := t.agents[a]
		if at == nil {
			at = &agentTally{}
			t.agents[a] = at
		}
		at.seated++
		if !r.Timeout && r.Winner == seat {
			at.wins++
		}
	}
	t.lengths[r.Plies]++
	t.plies += r.Plies
	if L := len(r.Branching); L > 0 {
		dec, sum := 0, 0
		for i, b := range r.Branching {
			if b > 1 {
				dec++
			}
			sum += b
			k := i * Deciles / L
			t.bucketSum[k] += float64(b)
			t.bucketN[k]++
		}
		t.decSum += float64(dec) / float64(L)
		t.branchSum += float64(sum) / float64(L)
		t.branched++
	}
	if t.vi.Scored {
		t.leadSum += float64(r.LeadChanges)
		if r.Plies > 0 {
			t.leadRateSum += float64(r.LeadChanges) / float64(r.Plies)
			t.leadRated++
		}
	}
	reason := r.EndedBy
	if reason == "" {
		reason = "unknown"
	}
	e := t.ends[reason]
	if e == nil {
		e = &EndCount{Reason: reason}
		t.ends[reason] = e
	}
	e.Games++
	if !r.Timeout && r.Winner >= 0 {
		e.Decided++
	}
	if f := r.Fouls; f != nil {
		t.committed += f.Committed
		t.called += f.Called
		t.inexact += f.Inexact
		t.spent += f.TakebacksSpent
		t.felim += f.Eliminations
		t.missed += f.MissedTurns
	}
	t.elim += len(r.Eliminated)
	if !r.Timeout && r.Winner >= 0 {
		switch {
		case t.vi.Goal != "" && r.EndedBy == t.vi.Goal:
			t.goalWins++
		case t.lastEnd != "" && r.EndedBy == t.lastEnd:
			t.lastWins++
		}
	}
	t.seeds[r.Seed] = true
	if t.firstGame < 0 || r.Game < t.firstGame {
		t.firstGame = r.Game
	}
	t.lastGame = max(t.lastGame, r.Game)
}

// Games returns the number of games counted.
func (t *Tally) Games() int { return t.n }

// longest returns the most plies of a game counted (0 for none).
func (t *Tally) longest() int {
	m := 0
	for p := range t.lengths {
		m = max(m, p)
	}
	return m
}

// percentile is Percentile over the counted lengths, read from the
// histogram: the values at sorted ranks ⌊h⌋ and ⌊h⌋+1 are found by
// walking the distinct lengths in order.
func (t *Tally) percentile(q float64) float64 {
	if t.n == 0 {
		return 0
	}
	keys := make([]int, 0, len(t.lengths))
	for p := range t.lengths {
		keys = append(keys, p)
	}
	sort.Ints(keys)
	rank := func(i int) float64 { // the i-th smallest length
		for _, p := range keys {
			if i < t.lengths[p] {
				return float64(p)
			}
			i -= t.lengths[p]
		}
		return float64(keys[len(keys)-1])
	}
	h := float64(t.n-1) * q
	lo := math.Floor(h)
	i := int(lo)
	if i >= t.n-1 {
		return rank(t.n - 1)
	}
	a := rank(i)
	return a + (h-lo)*(rank(i+1)-a)
}

// Metrics returns the variant's metrics over the games counted; judged
// tells whether the referee judged the moves (Config.CallFouls).
func (t *Tally) Metrics(judged bool) Metrics {
	vi := t.vi
	S := len(vi.Seats)
	n := t.n
	nf := float64(n)
	m := Metrics{Variant: vi.Name, Title: vi.Title, Seats: vi.Seats, Games: n,
		Wins: append([]int(nil), t.wins...), WinRate: make([]float64, S), WinCI: make([]Interval, S),
		Decided: t.decided, Draws: t.draws, Timeouts: t.timeouts,
		BranchingByDecile: make([]float64, Deciles), EndReasons: []EndCount{}}
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
	if n > 0 {
		m.Length = Summary{Mean: float64(t.plies) / nf, Median: t.percentile(0.5),
			P10: t.percentile(0.1), P90: t.percentile(0.9),
			Min: t.percentile(0), Max: t.percentile(1)}
	}
	if t.branched > 0 {
		m.DecisionMoves = t.decSum / float64(t.branched)
		m.Branching = t.branchSum / float64(t.branched)
	}
	for k := range t.bucketSum {
		if t.bucketN[k] > 0 {
			m.BranchingByDecile[k] = t.bucketSum[k] / t.bucketN[k]
		}
	}
	if vi.Scored {
		m.Lead = &LeadMetrics{}
		if t.leadRated > 0 {
			m.Lead.PerPly = t.leadRateSum / float64(t.leadRated)
		}
		if n > 0 {
			m.Lead.PerGame = t.leadSum / nf
		}
	}
	order := make([]string, 0, len(t.ends))
	for r := range t.ends {
		order = append(order, r)
	}
	sort.Slice(order, func(i, j int) bool {
		if t.ends[order[i]].Games != t.ends[order[j]].Games {
			return t.ends[order[i]].Games > t.ends[order[j]].Games
		}
		return order[i] < order[j]
	})
	for _, r := range order {
		e := *t.ends[r]
		if n > 0 {
			e.Share = float64(e.Games) / nf
		}
		m.EndReasons = append(m.EndReasons, e)
	}
	if vi.Foul != "" {
		m.Fouls = t.fouls(judged)
	}
	if len(t.agents) > 1 {
		names := make([]string, 0, len(t.agents))
		for a := range t.agents {
			names = append(names, a)
		}
		sort.Strings(names)
		for _, a := range names {
			at := t.agents[a]
			am := AgentMetrics{Agent: a, Seated: at.seated, Wins: at.wins, CI: Wilson(at.wins, at.seated, Z95)}
			if at.seated > 0 {
				am.WinRate = float64(at.wins) / float64(at.seated)
			}
			m.Agents = append(m.Agents, am)
		}
	}
	return m
}

func (t *Tally) fouls(judged bool) *FoulMetrics {
	f := &FoulMetrics{Foul: t.vi.Foul, Judged: judged, Goal: t.vi.Goal, LastEnd: t.lastEnd}
	if t.n == 0 {
		return f
	}
	n := float64(t.n)
	f.Committed = float64(t.committed) / n
	f.Called = float64(t.called) / n
	f.Inexact = float64(t.inexact) / n
	f.TakebacksSpent = float64(t.spent) / n
	f.Eliminations = float64(t.elim) / n
	f.FoulEliminations = float64(t.felim) / n
	f.MissedTurns = float64(t.missed) / n
	f.GoalWins = float64(t.goalWins) / n
	f.LastWins = float64(t.lastWins) / n
	return f
}
