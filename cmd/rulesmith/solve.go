package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"time"

	"rulesmith/core"
	"rulesmith/core/solve"
)

// solveJSON is what solve --json prints. Positions, Wins, Losses and
// Draws are there when every reachable position was counted (games solved
// by retrograde analysis, and acyclic games small enough to walk whole).
type solveJSON struct {
	Variant   string   `json:"variant"`
	Method    string   `json:"method"`
	Value     int      `json:"value"`
	Line      []string `json:"line"`
	Nodes     uint64   `json:"nodes"`
	Positions *int     `json:"positions,omitempty"`
	Wins      *int     `json:"wins,omitempty"`
	Losses    *int     `json:"losses,omitempty"`
	Draws     *int     `json:"draws,omitempty"`
	Stored    int      `json:"stored"`
	Endgame   int      `json:"endgame"`
	Seconds   float64  `json:"seconds"`
	// a variant with chance (method "expectimax")
	Expected *float64    `json:"expected,omitempty"`
	Best     []bestReply `json:"best,omitempty"`
}

type bestReply struct {
	Outcome string  `json:"outcome,omitempty"`
	Move    string  `json:"move"`
	Value   float64 `json:"value"`
}

// solveCmd runs `rulesmith solve`.
func solveCmd(c *call) int {
	stdout, stderr, o := c.stdout, c.stderr, c.opts
	if o.maxMemory < 1 {
		fmt.Fprintln(stderr, "rulesmith solve: --max-memory must be at least 1 (MB)")
		return 2
	}
	if o.timeout < 0 {
		fmt.Fprintln(stderr, "rulesmith solve: --timeout must not be negative")
		return 2
	}
	g, ok := c.load(c.pos[0])
	if !ok {
		return 1
	}
	h, code := replayFile(g, o.record, stderr)
	if code != 0 {
		return code
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
	}
	if o.jobs < 0 {
		fmt.Fprintln(stderr, "rulesmith solve: --jobs must not be negative")
		return 2
	}
	opts := solve.Options{MaxMemory: o.maxMemory << 20, Endgame: o.endgame, Workers: o.jobs, Force: o.force}
	// The solve counts what it holds; the collector is asked to keep the
	// process near that too (garbage included), unless a lower limit is set.
	if lim := opts.MaxMemory + opts.MaxMemory/4 + 64<<20; lim < debug.SetMemoryLimit(-1) {
		debug.SetMemoryLimit(lim)
	}
	tty := isTerminal(stderr)
	if tty {
		opts.Progress = func(p solve.Progress) {
			if p.Building {
				fmt.Fprintf(stderr, "\r\033[Ksolve: endgame databases: %d of %d stones in play, %d%% of the level, %s",
					p.Level, p.Levels, 100*p.Done/max(p.Size, 1), p.Elapsed.Round(time.Second))
				return
			}
			if p.Retrograde {
				fmt.Fprintf(stderr, "\r\033[Ksolve: retrograde analysis: %s positions (%d MB), %s", count(uint64(p.Walked)), p.Bytes>>20, p.Elapsed.Round(time.Second))
				return
			}
			if p.Walking {
				fmt.Fprintf(stderr, "\r\033[Ksolve: looking for repeated positions: %s walked, %s", count(uint64(p.Walked)), p.Elapsed.Round(time.Second))
				return
			}
			fmt.Fprintf(stderr, "\r\033[Ksolve: %s nodes, %s positions (%d MB), pass %d, value in [%s, %s], %s",
				count(p.Nodes), count(uint64(p.Positions)), p.Bytes>>20, p.Pass, boundText(p.Lower), boundText(p.Upper),
				p.Elapsed.Round(time.Second))
		}
	}
	res, err := solve.Solve(ctx, g, h.State, opts)
	if tty {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err != nil {
		fmt.Fprintf(stderr, "rulesmith %v\n", err)
		var tl *solve.TooLargeError
		if errors.As(err, &tl) {
			fmt.Fprintln(stderr, "rulesmith solve: --force tries anyway (--timeout D bounds the try); a smaller --set of the variant's parameters may be solvable")
		}
		return 1
	}
	name := g.Name()
	if len(o.sets) > 0 {
		name += " (" + strings.Join(o.sets, " ") + ")"
	}
	if o.json {
		out := solveJSON{Variant: g.Name(), Method: res.Method, Value: res.Value, Line: res.Notation, Nodes: res.Nodes,
			Stored: res.Stored, Endgame: res.Endgame, Seconds: res.Elapsed.Seconds()}
		if res.Counted {
			out.Positions, out.Wins, out.Losses, out.Draws = &res.Positions, &res.Wins, &res.Losses, &res.Draws
		}
		if out.Line == nil {
			out.Line = []string{}
		}
		if res.Method == "expectimax" {
			out.Expected, out.Positions = &res.Expected, &res.Positions
			for _, b := range res.Best {
				out.Best = append(out.Best, bestReply(b))
			}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
		return 0
	}
	fmt.Fprintf(stdout, "variant: %s\n", name)
	if o.record != "" {
		fmt.Fprintf(stdout, "from: ply %d of %s, %s to move\n", h.State.Ply(), o.record, g.Seat(h.State.ToMove()))
	}
	if res.Method == "expectimax" {
		printExpectimax(stdout, g, res)
		return 0
	}
	switch {
	case res.Method == "retrograde" && res.Value != 0:
		fmt.Fprintf(stdout, "value: %+d (%s wins)\n", res.Value, g.Seat((1-res.Value)/2))
	case res.Value > 0:
		fmt.Fprintf(stdout, "value: %+d (%s by %d)\n", res.Value, g.Seat(0), res.Value)
	case res.Value < 0:
		fmt.Fprintf(stdout, "value: %+d (%s by %d)\n", res.Value, g.Seat(1), -res.Value)
	default:
		fmt.Fprintln(stdout, "value: 0 (a draw)")
	}
	fmt.Fprintf(stdout, "line: %s\n", lineText(g, h.State, res.Line))
	if res.Method == "retrograde" {
		fmt.Fprintln(stdout, "method: retrograde analysis (positions repeat; the value is the outcome, endless play a draw)")
	}
	fmt.Fprintf(stdout, "nodes: %d\n", res.Nodes)
	if res.Counted {
		fmt.Fprintf(stdout, "positions: %d (for the seat to move: %d won, %d lost, %d drawn)\n", res.Positions, res.Wins, res.Losses, res.Draws)
	}
	if res.Method == "search" {
		fmt.Fprintf(stdout, "stored: %d\n", res.Stored)
	}
	fmt.Fprintf(stdout, "seconds: %.2f\n", res.Elapsed.Seconds())
	switch {
	case res.Endgame >= 0 && res.EndgameCached:
		fmt.Fprintf(stdout, "endgame databases: up to %d stones in play (from the cache)\n", res.Endgame)
	case res.Endgame >= 0:
		fmt.Fprintf(stdout, "endgame databases: up to %d stones in play (built)\n", res.Endgame)
	case res.EndgameNote != "":
		fmt.Fprintf(stdout, "endgame databases: none (%s)\n", res.EndgameNote)
	}
	switch {
	case res.Method == "retrograde":
	case res.Acyclic:
		fmt.Fprintf(stdout, "repeats: none (all %d non-final positions walked)\n", res.Walked)
	default:
		fmt.Fprintf(stdout, "repeats: none on the searched lines (more than %d positions to walk them all)\n", res.Walked)
	}
	return 0
}

// printExpectimax prints the solve of a variant with chance.
func printExpectimax(w io.Writer, g *core.Game, res solve.Result) {
	fmt.Fprintf(w, "value: %+.6f (%s's expected outcome under perfect play: +1 a win, 0 a draw, -1 a loss)\n", res.Expected, g.Seat(0))
	fmt.Fprintln(w, "method: expectimax (every reachable position; chance averaged by probability)")
	fmt.Fprintf(w, "positions: %d (%d chance, %d decision, %d final)\n", res.Positions, res.ChanceNodes, res.DecisionNodes,
		res.Positions-res.ChanceNodes-res.DecisionNodes)
	if res.Acyclic {
		fmt.Fprintln(w, "sweeps: 1 (no position repeats)")
	} else {
		fmt.Fprintf(w, "sweeps: %d (positions repeat through lost throws: values iterated until none moves by 1e-12)\n", res.Sweeps)
	}
	for _, b := range res.Best {
		mv := b.Move
		if mv == "" {
			mv = "(no decision)"
		}
		if b.Outcome != "" {
			fmt.Fprintf(w, "after %s: %s (%+.6f)\n", b.Outcome, mv, b.Value)
		} else {
			fmt.Fprintf(w, "best: %s (%+.6f)\n", mv, b.Value)
		}
	}
	fmt.Fprintf(w, "seconds: %.2f\n", res.Elapsed.Seconds())
}

// lineText prints a line with the seat of each run of moves by one seat:
// "south: 3 1 | north: 2 | …" shows extra turns.
func lineText(g *core.Game, s *core.State, line []core.Move) string {
	if len(line) == 0 {
		return "(the game is over)"
	}
	st := s.Clone()
	var b strings.Builder
	prev := -1
	for _, m := range line {
		seat := st.ToMove()
		if seat != prev {
			if prev >= 0 {
				b.WriteString(" | ")
			}
			b.WriteString(g.Seat(seat) + ":")
			prev = seat
		}
		b.WriteString(" " + g.Format(st, m))
		if err := g.Play(st, m); err != nil {
			break
		}
	}
	return b.String()
}

// isTerminal reports whether w is this process's stderr and a terminal.
func isTerminal(w io.Writer) bool {
	if w != io.Writer(os.Stderr) {
		return false
	}
	fi, err := os.Stderr.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func count(n uint64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2fG", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%.0fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

func boundText(v int) string {
	switch {
	case v <= -30000:
		return "-∞"
	case v >= 30000:
		return "+∞"
	}
	return fmt.Sprintf("%+d", v)
}
