package study

import (
	"math"
	"sort"
)

// Z95 is the standard normal quantile for a two-sided 95% interval,
// Φ⁻¹(0.975).
const Z95 = 1.959963984540054

// Deciles is the number of progress buckets of the branching-factor curve.
const Deciles = 10

// Interval is a confidence interval.
type Interval struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// Wilson returns the Wilson score interval for k successes in n trials at
// the normal quantile z:
//
//	centre = (p̂ + z²/2n) / (1 + z²/n)
//	half   = z / (1 + z²/n) · √(p̂(1−p̂)/n + z²/4n²)
//
// with p̂ = k/n; [0, 1] when n is 0.
func Wilson(k, n int, z float64) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return Interval{math.Max(0, centre-half), math.Min(1, centre+half)}
}

// Percentile returns the q-quantile (0 ≤ q ≤ 1) of xs by linear
// interpolation between closest ranks (Hyndman and Fan type 7, the default
// of R and NumPy): with the values sorted x₀ ≤ … ≤ xₙ₋₁ and h = (n−1)q,
// x⌊h⌋ + (h−⌊h⌋)(x⌊h⌋₊₁ − x⌊h⌋). It returns 0 for no values.
func Percentile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	h := float64(len(s)-1) * q
	lo := math.Floor(h)
	i := int(lo)
	if i >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[i] + (h-lo)*(s[i+1]-s[i])
}

// Mean returns the arithmetic mean of xs (0 for none).
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// ChiSquare returns Pearson's statistic for the wins per seat against equal
// expected wins E = D/S (D the decided games, S the seats):
// χ² = Σ (wⱼ − E)² / E; 0 when D is 0.
func ChiSquare(wins []int) float64 {
	d := 0
	for _, w := range wins {
		d += w
	}
	if d == 0 || len(wins) == 0 {
		return 0
	}
	e := float64(d) / float64(len(wins))
	chi := 0.0
	for _, w := range wins {
		x := float64(w) - e
		chi += x * x / e
	}
	return chi
}

// ChiSquareP returns the p-value of a χ² statistic with df degrees of
// freedom: P(X ≥ x) = Q(df/2, x/2), the regularised upper incomplete gamma
// function.
func ChiSquareP(x float64, df int) float64 {
	if df <= 0 {
		return 1
	}
	if x <= 0 {
		return 1
	}
	return gammaQ(float64(df)/2, x/2)
}

// gammaQ is the regularised upper incomplete gamma function Q(a, x), by
// its series for x < a+1 and by Lentz's continued fraction otherwise.
func gammaQ(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1; n < 1000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-16 {
				break
			}
		}
		return 1 - sum*math.Exp(-x+a*math.Log(x)-lg)
	}
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 1000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-16 {
			break
		}
	}
	return math.Exp(-x+a*math.Log(x)-lg) * h
}

// Metrics are a variant's evaluation metrics over a set of games
// (docs/metrics.md defines each one).
type Metrics struct {
	Variant string   `json:"variant"`
	Title   string   `json:"title"`
	Seats   []string `json:"seats"`
	Games   int      `json:"games"`

	// Outcomes.
	Wins     []int      `json:"wins"`
	WinRate  []float64  `json:"win_rate"`
	WinCI    []Interval `json:"win_rate_ci95"`
	Decided  int        `json:"decided"`
	Draws    int        `json:"draws"`
	Timeouts int        `json:"timeouts"`
	// Completion is the share of games decided (a winner).
	Completion float64 `json:"completion"`
	// Drawishness is the share of games ended by the rules without a winner.
	Drawishness float64 `json:"drawishness"`
	// TimeoutRate is the share of games stopped by the ply limit.
	TimeoutRate float64 `json:"timeout_rate"`
	// Balance is 1 − (max − min) of the seats' win rates.
	Balance float64 `json:"balance"`
	// ChiSquare is Pearson's χ² of the decided games' wins per seat against
	// an even split; ChiBalance = 1 − χ²/(D(S−1)); ChiP its p-value.
	ChiSquare  float64 `json:"chi_square"`
	ChiBalance float64 `json:"chi_balance"`
	ChiP       float64 `json:"chi_square_p"`

	// Duration in plies.
	Length Summary `json:"length"`

	// DecisionMoves is the mean over games of the share of plies with more
	// than one legal move.
	DecisionMoves float64 `json:"decision_moves"`
	// Branching is the mean over games of the mean number of legal moves
	// per ply.
	Branching float64 `json:"branching"`
	// BranchingByDecile is the mean number of legal moves of the plies in
	// each tenth of the games (pooled over games).
	BranchingByDecile []float64 `json:"branching_by_decile"`

	// Lead changes, for variants with a score.
	Lead *LeadMetrics `json:"lead,omitempty"`

	// EndReasons counts the games by what ended them (Game.EndedBy).
	EndReasons []EndCount `json:"end_reasons"`

	// Fouls, for variants with a foul.
	Fouls *FoulMetrics `json:"fouls,omitempty"`

	// Agents: win rate per agent spec, when more than one agent played.
	Agents []AgentMetrics `json:"agents,omitempty"`
}

// Summary describes a distribution.
type Summary struct {
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	P10    float64 `json:"p10"`
	P90    float64 `json:"p90"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

// LeadMetrics are the lead-change metrics.
type LeadMetrics struct {
	// PerGame is the mean number of lead changes per game.
	PerGame float64 `json:"per_game"`
	// PerPly is the mean over games of lead changes / plies.
	PerPly float64 `json:"per_ply"`
}

// EndCount is the games ended by one reason.
type EndCount struct {
	Reason string  `json:"reason"`
	Games  int     `json:"games"`
	Share  float64 `json:"share"`
	// Decided: the games among them that have a winner.
	Decided int `json:"decided"`
}

// FoulMetrics are the metrics of a variant with a foul, means per game.
type FoulMetrics struct {
	Foul           string  `json:"foul"`
	Judged         bool    `json:"judged"`
	Committed      float64 `json:"committed_per_game"`
	Called         float64 `json:"called_per_game"`
	Inexact        float64 `json:"inexact_per_game"`
	TakebacksSpent float64 `json:"takebacks_spent_per_game"`
	// Eliminations: seats out of play at the end, per game.
	Eliminations float64 `json:"eliminations_per_game"`
	// FoulEliminations: seats eliminated by a call, per game.
	FoulEliminations float64 `json:"foul_eliminations_per_game"`
	MissedTurns      float64 `json:"missed_turns_per_game"`
	// GoalWins: share of games won by the foul's goal, the end named
	// Goal; LastWins: share won by a seats_left end, the one named LastEnd.
	Goal     string  `json:"goal"`
	GoalWins float64 `json:"goal_wins"`
	LastEnd  string  `json:"last_end,omitempty"`
	LastWins float64 `json:"last_wins"`
}

// AgentMetrics is an agent's record over all seats.
type AgentMetrics struct {
	Agent   string   `json:"agent"`
	Seated  int      `json:"seated"`
	Wins    int      `json:"wins"`
	WinRate float64  `json:"win_rate"`
	CI      Interval `json:"ci95"`
}

// Compute returns a variant's metrics over its games (a Tally of them, in
// order).
func Compute(vi VariantInfo, recs []Record, judged bool) Metrics {
	t := NewTally(vi)
	for i := range recs {
		t.Add(&recs[i])
	}
	return t.Metrics(judged)
}
