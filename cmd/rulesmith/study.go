package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"rulesmith/core"
	"rulesmith/core/study"
	"rulesmith/variants"
)

// compareCmd runs `rulesmith compare`.
func compareCmd(c *call) int {
	stdout, stderr, o, pos := c.stdout, c.stderr, c.opts, c.pos
	if o.merge {
		if len(pos) == 0 {
			return c.usageError("--merge: want the study directories to merge")
		}
		res, err := study.Merge(pos, o.out)
		if err != nil {
			fmt.Fprintf(stderr, "rulesmith compare: %v\n", err)
			return 1
		}
		summary(res, o.out, stdout)
		return 0
	}
	if len(pos) < 1 {
		return c.usageError("want the variants to compare")
	}
	var specs []string
	for _, a := range o.agents {
		for _, s := range strings.Split(a, ",") {
			if s = strings.TrimSpace(s); s != "" {
				specs = append(specs, s)
			}
		}
	}
	if len(specs) == 0 {
		specs = []string{"random"}
	}
	cfg := study.Config{Variants: pos, Games: o.games, FirstGame: o.firstGame, Agents: specs, Seed: o.seed, Jobs: o.jobs,
		Sets: o.sets, CallFouls: o.callFouls, MaxPlies: o.maxPlies, Out: o.out}
	if o.shard != "" {
		k, n, ok := parseShard(o.shard)
		if !ok {
			return c.usageError("--shard %s: want K/N, two integers with 0 ≤ K < N (K counts from 0)", o.shard)
		}
		cfg.Part, cfg.Parts = k, n
	}
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
	// the study loads the variants itself; their warnings (deprecated
	// spellings) are printed here, once each
	for _, v := range pos {
		if g, err := core.Load(v, core.WithFS(variants.FS()), core.WithSet(o.sets...)); err == nil {
			for _, w := range g.Warnings() {
				fmt.Fprintln(stderr, w.String())
			}
		}
	}
	res, err := study.Run(cfg)
	if err != nil {
		printLoadError(err, stderr)
		return 1
	}
	summary(res, o.out, stdout)
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

// parseShard reads --shard K/N.
func parseShard(s string) (k, n int, ok bool) {
	a, b, found := strings.Cut(s, "/")
	if !found {
		return 0, 0, false
	}
	k, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || k < 0 || n < 1 || k >= n {
		return 0, 0, false
	}
	return k, n, true
}
