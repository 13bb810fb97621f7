package study

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Report is a study's report (report.json): the study's settings as the
// games record them, and the metrics per variant.
type Report struct {
	Agents    []string `json:"agents"`
	Sets      []string `json:"sets"`
	CallFouls bool     `json:"call_fouls"`
	MaxPlies  int      `json:"max_plies"`
	// Seeds are the study seeds of the games; FirstGame and LastGame their
	// range of game indices.
	Seeds     []uint64 `json:"seeds"`
	FirstGame int      `json:"first_game"`
	LastGame  int      `json:"last_game"`
	// Deterministic is false when an agent has a time budget.
	Deterministic bool      `json:"deterministic"`
	Variants      []Metrics `json:"variants"`
	// Charts lists the SVG files written with the report.
	Charts []string `json:"charts"`
	// Lengths is the game-length histogram of the charts.
	Lengths Histogram `json:"length_histogram"`
}

// BuildReport computes the report of a study's games.
func BuildReport(meta Meta, recs map[string][]Record) *Report {
	tallies := make([]*Tally, len(meta.Variants))
	for i, vi := range meta.Variants {
		tallies[i] = NewTally(vi)
		for j := range recs[vi.Name] {
			tallies[i].Add(&recs[vi.Name][j])
		}
	}
	return reportOf(meta, tallies)
}

// reportOf computes the report from the variants' tallies (aligned with
// meta.Variants).
func reportOf(meta Meta, tallies []*Tally) *Report {
	r := &Report{Agents: meta.Agents, Sets: meta.Sets, CallFouls: meta.CallFouls, MaxPlies: meta.MaxPlies,
		Seeds: []uint64{}, Deterministic: true, FirstGame: -1, LastGame: -1}
	if r.Sets == nil {
		r.Sets = []string{}
	}
	for _, a := range meta.Agents {
		if Timed(a) {
			r.Deterministic = false
		}
	}
	seeds := map[uint64]bool{}
	for _, t := range tallies {
		for s := range t.seeds {
			seeds[s] = true
		}
		if t.firstGame >= 0 && (r.FirstGame < 0 || t.firstGame < r.FirstGame) {
			r.FirstGame = t.firstGame
		}
		r.LastGame = max(r.LastGame, t.lastGame)
		r.Variants = append(r.Variants, t.Metrics(meta.CallFouls))
	}
	for s := range seeds {
		r.Seeds = append(r.Seeds, s)
	}
	sort.Slice(r.Seeds, func(i, j int) bool { return r.Seeds[i] < r.Seeds[j] })
	r.Lengths = buildHistogram(tallies)
	r.Charts = []string{"winrate.svg", "length.svg", "outcomes.svg", "branching.svg"}
	if r.hasFouls() {
		r.Charts = append(r.Charts, "fouls.svg")
	}
	return r
}

func (r *Report) hasFouls() bool {
	for _, m := range r.Variants {
		if m.Fouls != nil {
			return true
		}
	}
	return false
}

// Write writes report.md, report.json and the charts to dir.
func (r *Report) Write(dir string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("study: report.json: %v", err)
	}
	files := map[string][]byte{
		"report.json":   append(data, '\n'),
		"report.md":     []byte(r.Markdown()),
		"winrate.svg":   []byte(r.winRateSVG()),
		"length.svg":    []byte(r.lengthSVG()),
		"outcomes.svg":  []byte(r.outcomesSVG()),
		"branching.svg": []byte(r.branchingSVG()),
	}
	if r.hasFouls() {
		files["fouls.svg"] = []byte(r.foulsSVG())
	} else if err := os.Remove(filepath.Join(dir, "fouls.svg")); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("study: %v", err) // a chart left by an earlier study
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return fmt.Errorf("study: %v", err)
		}
	}
	return nil
}

func f3(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	return fmt.Sprintf("%.3f", x)
}

func f1(x float64) string { return fmt.Sprintf("%.1f", x) }

// table writes a Markdown table: a header row of the variants and one row
// per metric.
type table struct {
	b    *strings.Builder
	cols []string
}

func (r *Report) table(b *strings.Builder, first string) table {
	t := table{b: b}
	fmt.Fprintf(b, "| %s |", first)
	for _, m := range r.Variants {
		fmt.Fprintf(b, " %s |", m.Variant)
		t.cols = append(t.cols, m.Variant)
	}
	b.WriteString("\n|---|")
	for range r.Variants {
		b.WriteString("---:|")
	}
	b.WriteString("\n")
	return t
}

func (t table) row(name string, cell func(m *Metrics) string, ms []Metrics) {
	fmt.Fprintf(t.b, "| %s |", name)
	for i := range ms {
		fmt.Fprintf(t.b, " %s |", cell(&ms[i]))
	}
	t.b.WriteString("\n")
}

// Markdown renders report.md.
func (r *Report) Markdown() string {
	var b strings.Builder
	var names []string
	for _, m := range r.Variants {
		names = append(names, "`"+m.Variant+"`")
	}
	fmt.Fprintf(&b, "# Comparison: %s\n\n", strings.Join(names, " vs "))
	games := 0
	if len(r.Variants) > 0 {
		games = r.Variants[0].Games
	}
	seeds := make([]string, len(r.Seeds))
	for i, s := range r.Seeds {
		seeds[i] = fmt.Sprint(s)
	}
	fmt.Fprintf(&b, "%d games per variant (game indices %d–%d, seed %s); agents %s, seats rotated from game to game",
		games, r.FirstGame, r.LastGame, strings.Join(seeds, ", "), strings.Join(r.Agents, ", "))
	if len(r.Sets) > 0 {
		fmt.Fprintf(&b, "; overrides %s", strings.Join(r.Sets, " "))
	}
	if r.MaxPlies > 0 {
		fmt.Fprintf(&b, "; games stopped after %d plies", r.MaxPlies)
	}
	if r.hasFouls() {
		if r.CallFouls {
			b.WriteString("; the referee calls every foul")
		} else {
			b.WriteString("; fouls are not called (run with --call-fouls to have the referee call them)")
		}
	}
	b.WriteString(".\n")
	if !r.Deterministic {
		b.WriteString("\n**Not deterministic:** an agent has a time budget, so these numbers depend on the machine and its load; use a playout budget (mcts:300p) for reproducible studies.\n")
	}
	for _, m := range r.Variants {
		if S := len(m.Seats); S > 0 && m.Games%S != 0 {
			fmt.Fprintf(&b, "\nNote: %s has %d seats and %d games: the seat rotation is incomplete.\n", m.Variant, S, m.Games)
		}
	}
	b.WriteString("\nMetrics are defined in docs/metrics.md. Rates are shares of all games; intervals are 95% Wilson score intervals.\n")

	ms := r.Variants
	b.WriteString("\n## Outcomes\n\n")
	t := r.table(&b, "metric")
	t.row("games", func(m *Metrics) string { return fmt.Sprint(m.Games) }, ms)
	t.row("completion (decided)", func(m *Metrics) string { return f3(m.Completion) }, ms)
	t.row("drawishness", func(m *Metrics) string { return f3(m.Drawishness) }, ms)
	t.row("timeouts", func(m *Metrics) string { return f3(m.TimeoutRate) }, ms)
	t.row("balance (1 − max−min)", func(m *Metrics) string { return f3(m.Balance) }, ms)
	t.row("balance (χ²)", func(m *Metrics) string { return f3(m.ChiBalance) }, ms)
	t.row("χ² of wins by seat", func(m *Metrics) string { return f3(m.ChiSquare) }, ms)
	t.row("p (seats equal)", func(m *Metrics) string { return f3(m.ChiP) }, ms)

	b.WriteString("\n## Win rate by seat (95% CI)\n\n")
	maxSeats := 0
	for _, m := range ms {
		maxSeats = max(maxSeats, len(m.Seats))
	}
	t = r.table(&b, "seat")
	for j := 0; j < maxSeats; j++ {
		t.row(fmt.Sprintf("%d", j+1), func(m *Metrics) string {
			if j >= len(m.Seats) {
				return ""
			}
			return fmt.Sprintf("%s %s [%s, %s]", m.Seats[j], f3(m.WinRate[j]), f3(m.WinCI[j].Lo), f3(m.WinCI[j].Hi))
		}, ms)
	}

	b.WriteString("\n## Duration (plies)\n\n")
	t = r.table(&b, "plies")
	t.row("mean", func(m *Metrics) string { return f1(m.Length.Mean) }, ms)
	t.row("median", func(m *Metrics) string { return f1(m.Length.Median) }, ms)
	t.row("p10", func(m *Metrics) string { return f1(m.Length.P10) }, ms)
	t.row("p90", func(m *Metrics) string { return f1(m.Length.P90) }, ms)
	t.row("min", func(m *Metrics) string { return f1(m.Length.Min) }, ms)
	t.row("max", func(m *Metrics) string { return f1(m.Length.Max) }, ms)

	b.WriteString("\n## Decisions and branching factor\n\n")
	t = r.table(&b, "metric")
	t.row("decision moves", func(m *Metrics) string { return f3(m.DecisionMoves) }, ms)
	t.row("branching factor", func(m *Metrics) string { return f1(m.Branching) }, ms)
	for k := 0; k < Deciles; k++ {
		t.row(fmt.Sprintf("branching, %d–%d%% of the game", k*100/Deciles, (k+1)*100/Deciles), func(m *Metrics) string { return f1(m.BranchingByDecile[k]) }, ms)
	}

	scored := false
	for _, m := range ms {
		scored = scored || m.Lead != nil
	}
	if scored {
		b.WriteString("\n## Lead changes (variants with a score)\n\n")
		t = r.table(&b, "metric")
		t.row("lead changes per game", func(m *Metrics) string {
			if m.Lead == nil {
				return "–"
			}
			return f3(m.Lead.PerGame)
		}, ms)
		t.row("lead changes per ply", func(m *Metrics) string {
			if m.Lead == nil {
				return "–"
			}
			return f3(m.Lead.PerPly)
		}, ms)
	}

	b.WriteString("\n## End reasons (share of games; decided in brackets)\n\n")
	var reasons []string
	seen := map[string]bool{}
	for _, m := range ms {
		for _, e := range m.EndReasons {
			if !seen[e.Reason] {
				seen[e.Reason] = true
				reasons = append(reasons, e.Reason)
			}
		}
	}
	t = r.table(&b, "ended by")
	for _, reason := range reasons {
		t.row(reason, func(m *Metrics) string {
			for _, e := range m.EndReasons {
				if e.Reason == reason {
					return fmt.Sprintf("%s (%d)", f3(e.Share), e.Decided)
				}
			}
			return f3(0)
		}, ms)
	}

	if r.hasFouls() {
		b.WriteString("\n## Fouls (per game)\n\n")
		cell := func(get func(f *FoulMetrics) string) func(m *Metrics) string {
			return func(m *Metrics) string {
				if m.Fouls == nil {
					return "–"
				}
				return get(m.Fouls)
			}
		}
		t = r.table(&b, "metric")
		t.row("foul", cell(func(f *FoulMetrics) string { return f.Foul }), ms)
		if r.CallFouls {
			t.row("fouls committed", cell(func(f *FoulMetrics) string { return f3(f.Committed) }), ms)
			t.row("fouls called", cell(func(f *FoulMetrics) string { return f3(f.Called) }), ms)
			t.row("no verdict (node limit)", cell(func(f *FoulMetrics) string { return f3(f.Inexact) }), ms)
			t.row("takebacks spent", cell(func(f *FoulMetrics) string { return f3(f.TakebacksSpent) }), ms)
			t.row("eliminated by a call", cell(func(f *FoulMetrics) string { return f3(f.FoulEliminations) }), ms)
			t.row("turns missed", cell(func(f *FoulMetrics) string { return f3(f.MissedTurns) }), ms)
		}
		t.row("seats eliminated", cell(func(f *FoulMetrics) string { return f3(f.Eliminations) }), ms)
		t.row("wins by the foul's goal", cell(func(f *FoulMetrics) string { return f3(f.GoalWins) + " (" + f.Goal + ")" }), ms)
		t.row("wins by the last seat left", cell(func(f *FoulMetrics) string {
			if f.LastEnd == "" {
				return f3(f.LastWins)
			}
			return f3(f.LastWins) + " (" + f.LastEnd + ")"
		}), ms)
	}

	agents := false
	for _, m := range ms {
		agents = agents || len(m.Agents) > 0
	}
	if agents {
		b.WriteString("\n## Win rate by agent (over all seats, 95% CI)\n\n")
		var specs []string
		seenA := map[string]bool{}
		for _, m := range ms {
			for _, a := range m.Agents {
				if !seenA[a.Agent] {
					seenA[a.Agent] = true
					specs = append(specs, a.Agent)
				}
			}
		}
		t = r.table(&b, "agent")
		for _, spec := range specs {
			t.row(spec, func(m *Metrics) string {
				for _, a := range m.Agents {
					if a.Agent == spec {
						return fmt.Sprintf("%s [%s, %s] of %d", f3(a.WinRate), f3(a.CI.Lo), f3(a.CI.Hi), a.Seated)
					}
				}
				return "–"
			}, ms)
		}
	}

	b.WriteString("\n## Charts\n\n")
	titles := map[string]string{"winrate.svg": "win rate by seat", "length.svg": "game length", "outcomes.svg": "outcomes",
		"branching.svg": "branching factor over the game", "fouls.svg": "fouls and takebacks"}
	for _, c := range r.Charts {
		fmt.Fprintf(&b, "![%s](%s)\n\n", titles[c], c)
	}
	return b.String()
}
