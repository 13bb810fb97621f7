package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"rulesmith/core/study"
)

func init() { ownFlags["compare"] = compareCmd }

const compareUsage = `usage:
  rulesmith compare A B [C...] --games N --agent SPEC[,SPEC...] --seed S --out DIR
                    [--jobs J] [--first-game K] [--set k=v ...] [--call-fouls] [--max-plies P]
  rulesmith compare --merge DIR... --out DIR
Plays N games of each variant between the agents (random, mcts:300p, mcts:2s;
seats rotated from game to game) and writes one JSON line per game to
DIR/games-<variant>.jsonl, and DIR/report.md, DIR/report.json and SVG charts.
With a playout budget the results are the same for a seed whatever J is; a
time budget (mcts:2s) makes them depend on the machine. --first-game splits a
study by game ranges across processes; --merge joins such shards (disjoint
seeds or game ranges, same variants and options) into one study.
`

// compareCmd runs `rulesmith compare`.
func compareCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, compareUsage) }
	var sets setFlags
	fs.Var(&sets, "set", "override a parameter in every variant, name=value (repeatable)")
	var agents setFlags
	fs.Var(&agents, "agent", "agent specs, comma-separated or repeated: random, mcts:300p, mcts:2s")
	games := fs.Int("games", 100, "games per variant")
	first := fs.Int("first-game", 0, "index of the first game (to split a study by game ranges)")
	seed := fs.Uint64("seed", 1, "random seed")
	jobs := fs.Int("jobs", runtime.NumCPU(), "worker goroutines")
	out := fs.String("out", "", "output directory")
	callFouls := fs.Bool("call-fouls", false, "the referee judges every move and calls every foul")
	maxPlies := fs.Int("max-plies", 0, "stop a game undecided after this many plies (0: the variant's limit)")
	merge := fs.Bool("merge", false, "merge the study directories given as arguments into --out")
	pos, err := parse(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if *out == "" {
		fmt.Fprintf(stderr, "rulesmith compare: --out DIR is required\n%s", compareUsage)
		return 2
	}
	if *merge {
		if len(pos) == 0 {
			fmt.Fprintf(stderr, "rulesmith compare --merge: want the study directories to merge\n%s", compareUsage)
			return 2
		}
		res, err := study.Merge(pos, *out)
		if err != nil {
			fmt.Fprintf(stderr, "rulesmith compare: %v\n", err)
			return 1
		}
		summary(res, *out, stdout)
		return 0
	}
	if len(pos) < 1 {
		fmt.Fprintf(stderr, "rulesmith compare: want the variants to compare\n%s", compareUsage)
		return 2
	}
	var specs []string
	for _, a := range agents {
		for _, s := range strings.Split(a, ",") {
			if s = strings.TrimSpace(s); s != "" {
				specs = append(specs, s)
			}
		}
	}
	if len(specs) == 0 {
		specs = []string{"random"}
	}
	cfg := study.Config{Variants: pos, Games: *games, FirstGame: *first, Agents: specs, Seed: *seed, Jobs: *jobs,
		Sets: sets, CallFouls: *callFouls, MaxPlies: *maxPlies, Out: *out}
	if f, ok := stderr.(*os.File); ok {
		cfg.Progress = f
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			cfg.Terminal = true
		}
	}
	for _, s := range specs {
		if study.Timed(s) {
			fmt.Fprintf(stderr, "rulesmith compare: agent %s has a time budget: the results will not be deterministic (use a playout budget such as mcts:300p)\n", s)
		}
	}
	res, err := study.Run(cfg)
	if err != nil {
		printLoadError(err, stderr)
		return 1
	}
	summary(res, *out, stdout)
	return 0
}

// summary prints a line per variant and where the report is.
func summary(res *study.Result, out string, stdout io.Writer) {
	for _, m := range res.Report.Variants {
		var seats []string
		for j, s := range m.Seats {
			seats = append(seats, fmt.Sprintf("%s %.3f", s, m.WinRate[j]))
		}
		fmt.Fprintf(stdout, "%s: %d games; win rate by seat %s; draws %.3f, timeouts %.3f; balance %.3f; mean length %.1f plies\n",
			m.Variant, m.Games, strings.Join(seats, ", "), m.Drawishness, m.TimeoutRate, m.Balance, m.Length.Mean)
	}
	fmt.Fprintf(stdout, "report: %s\n", out+string(os.PathSeparator)+"report.md")
}
