package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"rulesmith/core"
	"rulesmith/core/diag"
	"rulesmith/variants"
)

type setFlags []string

func (s *setFlags) String() string     { return strings.Join(*s, ",") }
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }

// parse parses flags that may appear anywhere among the positional args.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return 2
	}
	cmd, args := args[0], args[1:]
	if cmd == "-h" || cmd == "--help" || cmd == "help" {
		fmt.Fprint(stdout, usage())
		return 0
	}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage()) }
	var sets setFlags
	fs.Var(&sets, "set", "override a parameter, name=value (repeatable)")
	record := fs.String("record", "", "a game record to play first")
	asJSON := fs.Bool("json", false, "print JSON")
	n := fs.Int("n", 100, "number of games")
	seed := fs.Uint64("seed", 1, "random seed")
	pos, err := parse(fs, args)
	if err != nil {
		return 2
	}
	load := func(name string) (*core.Game, bool) {
		g, err := core.Load(name, core.WithFS(variants.FS()), core.WithSet(sets...))
		if err != nil {
			var dl diag.List
			if errors.As(err, &dl) {
				for _, d := range dl {
					fmt.Fprintln(stderr, d.String())
				}
			} else {
				fmt.Fprintf(stderr, "rulesmith: %v\n", err)
			}
			return nil, false
		}
		return g, true
	}
	need := func(k int) bool {
		if len(pos) != k {
			fmt.Fprintf(stderr, "rulesmith %s: want %d argument(s), got %d\n%s", cmd, k, len(pos), usage())
			return false
		}
		return true
	}
	switch cmd {
	case "list":
		if !need(0) {
			return 2
		}
		for _, name := range variants.Names() {
			fmt.Fprintln(stdout, name)
		}
		return 0
	case "validate":
		if !need(1) {
			return 2
		}
		g, ok := load(pos[0])
		if !ok {
			return 1
		}
		fmt.Fprintf(stdout, "ok: %s (%s; %d seats, %d cells, %d move rules)\n", g.Name, g.Title, len(g.Seats), g.Board.N(), len(g.Rules()))
		return 0
	case "moves":
		if !need(1) {
			return 2
		}
		g, ok := load(pos[0])
		if !ok {
			return 1
		}
		h, code := replayFile(g, *record, stderr)
		if code != 0 {
			return code
		}
		if r := g.Result(h.State); r.Over {
			fmt.Fprintf(stderr, "rulesmith moves: the game is over (%s)\n", g.ResultString(r))
			return 0
		}
		var names []string
		for _, m := range g.Moves(h.State, nil) {
			names = append(names, g.Format(h.State, m))
		}
		sort.Strings(names)
		for _, s := range names {
			fmt.Fprintln(stdout, s)
		}
		return 0
	case "replay":
		if !need(2) {
			return 2
		}
		g, ok := load(pos[0])
		if !ok {
			return 1
		}
		h, code := replayFile(g, pos[1], stderr)
		if code != 0 {
			return code
		}
		printPosition(g, h.State, stdout, *asJSON)
		return 0
	case "perft":
		if !need(2) {
			return 2
		}
		depth, err := strconv.Atoi(pos[1])
		if err != nil || depth < 1 || depth > 64 {
			fmt.Fprintf(stderr, "rulesmith perft: depth %q: want a number from 1 to 64\n", pos[1])
			return 2
		}
		g, ok := load(pos[0])
		if !ok {
			return 1
		}
		h, code := replayFile(g, *record, stderr)
		if code != 0 {
			return code
		}
		for d := 1; d <= depth; d++ {
			fmt.Fprintf(stdout, "depth %d: %d\n", d, g.Perft(h.State, d))
		}
		return 0
	case "playout":
		if !need(1) {
			return 2
		}
		if *n < 1 {
			fmt.Fprintln(stderr, "rulesmith playout: -n must be at least 1")
			return 2
		}
		g, ok := load(pos[0])
		if !ok {
			return 1
		}
		return playouts(g, *n, *seed, *asJSON, stdout, stderr)
	}
	fmt.Fprintf(stderr, "rulesmith: unknown command %q\n%s", cmd, usage())
	return 2
}

func replayFile(g *core.Game, file string, stderr io.Writer) (*core.History, int) {
	h := core.NewHistory(g, g.NewState())
	if file == "" {
		return h, 0
	}
	f, err := os.Open(file)
	if err != nil {
		fmt.Fprintf(stderr, "rulesmith: %v\n", err)
		return nil, 1
	}
	defer f.Close()
	lines, err := core.ReadRecord(f)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", file, err)
		return nil, 1
	}
	if err := g.Replay(h, lines); err != nil {
		fmt.Fprintf(stderr, "%s:%v\n", file, err)
		return nil, 1
	}
	return h, 0
}

type positionJSON struct {
	Variant string         `json:"variant"`
	Ply     int            `json:"ply"`
	ToMove  string         `json:"to_move"`
	Phase   string         `json:"phase"`
	Scores  map[string]int `json:"scores"`
	Result  string         `json:"result"`
	Winner  string         `json:"winner,omitempty"`
	Board   map[string]any `json:"board"`
}

func printPosition(g *core.Game, s *core.State, w io.Writer, asJSON bool) {
	res := g.Result(s)
	scores := g.Scores(s)
	if asJSON {
		out := positionJSON{Variant: g.Name, Ply: s.Ply(), ToMove: g.Seats[s.ToMove()], Phase: g.Phases[s.Phase()],
			Scores: map[string]int{}, Result: g.ResultString(res), Board: map[string]any{}}
		if res.Over && !res.Timeout && res.Winner >= 0 {
			out.Winner = g.Seats[res.Winner]
		}
		if res.Over {
			out.ToMove = ""
		}
		for i, seat := range g.Seats {
			out.Scores[seat] = scores[i]
		}
		for c, cell := range g.Board.Cells {
			if v := core.CellText(g, s, c); v != "" {
				out.Board[cell.Name] = v
			}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
		return
	}
	fmt.Fprint(w, core.Render(g, s))
	fmt.Fprintf(w, "ply %d, phase %s\n", s.Ply(), g.Phases[s.Phase()])
	for i, seat := range g.Seats {
		fmt.Fprintf(w, "score %s: %d\n", seat, scores[i])
	}
	if res.Over {
		fmt.Fprintf(w, "result: %s\n", g.ResultString(res))
	} else {
		fmt.Fprintf(w, "result: ongoing, %s to move\n", g.Seats[s.ToMove()])
	}
}

type playoutJSON struct {
	Variant    string         `json:"variant"`
	Games      int            `json:"games"`
	Seed       uint64         `json:"seed"`
	PerSecond  float64        `json:"playouts_per_second"`
	MeanLength float64        `json:"mean_length"`
	Wins       map[string]int `json:"wins"`
	Draws      int            `json:"draws"`
	Timeouts   int            `json:"timeouts"`
}

func playouts(g *core.Game, n int, seed uint64, asJSON bool, stdout, stderr io.Writer) int {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	buf := make([]core.Move, 0, 512)
	s := g.NewState()
	start0 := g.NewState()
	out := playoutJSON{Variant: g.Name, Games: n, Seed: seed, Wins: map[string]int{}}
	for _, seat := range g.Seats {
		out.Wins[seat] = 0
	}
	total := 0
	t0 := time.Now()
	for i := 0; i < n; i++ {
		s.CopyFrom(start0)
		var err error
		buf, err = g.Playout(s, rng, buf, nil)
		if err != nil {
			fmt.Fprintf(stderr, "rulesmith playout: game %d, ply %d: %v\n", i+1, s.Ply(), err)
			return 1
		}
		total += s.Ply()
		r := g.Result(s)
		switch {
		case r.Timeout:
			out.Timeouts++
		case r.Winner < 0:
			out.Draws++
		default:
			out.Wins[g.Seats[r.Winner]]++
		}
	}
	el := time.Since(t0).Seconds()
	if el > 0 {
		out.PerSecond = float64(n) / el
	}
	out.MeanLength = float64(total) / float64(n)
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
		return 0
	}
	fmt.Fprintf(stdout, "variant: %s\ngames: %d (seed %d)\nplayouts/second: %.0f\nmean length: %.2f plies\n", g.Name, n, seed, out.PerSecond, out.MeanLength)
	for _, seat := range g.Seats {
		fmt.Fprintf(stdout, "wins %s: %d\n", seat, out.Wins[seat])
	}
	fmt.Fprintf(stdout, "draws: %d\n", out.Draws)
	if out.Timeouts > 0 {
		fmt.Fprintf(stdout, "stopped at the ply limit: %d\n", out.Timeouts)
	}
	return 0
}
