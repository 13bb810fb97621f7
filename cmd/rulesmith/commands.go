package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"rulesmith/core"
	"rulesmith/core/diag"
	"rulesmith/core/spec"
	"rulesmith/editor"
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

// ownFlags holds the commands that parse their own flags; each registers
// itself from its own file (solve.go, study.go).
var ownFlags = map[string]func(args []string, stdout, stderr io.Writer) int{}

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
	if f, ok := ownFlags[cmd]; ok {
		return f(args, stdout, stderr)
	}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage()) }
	var sets setFlags
	fs.Var(&sets, "set", "override a parameter, name=value (repeatable)")
	record := fs.String("record", "", "a game record to play first")
	var seats setFlags
	fs.Var(&seats, "seat", "SEAT=human|random|mcts:2s (play; repeatable)")
	resume := fs.Bool("resume", false, "reopen the last autosaved game (play)")
	mono := fs.Bool("mono", false, "draw without colour (also with NO_COLOR)")
	asJSON := fs.Bool("json", false, "print JSON")
	n := fs.Int("n", 100, "number of games")
	seed := fs.Uint64("seed", 1, "random seed")
	anywhere := fs.Bool("extends-anywhere", false, "let extends name any file, not only embedded variants and files under the variant's directory")
	compileTime := fs.Duration("compile-time", core.DefaultBudget.Time, "the time one variant's compile may take")
	compileMem := fs.Int64("compile-memory", core.DefaultBudget.Memory>>20, "the MiB one variant's compile may build (strings, tables, relations)")
	pos, err := parse(fs, args)
	if err != nil {
		return 2
	}
	load := func(name string) (*core.Game, bool) {
		opts := []core.Option{core.WithFS(variants.FS()), core.WithSet(sets...),
			core.WithBudget(core.Budget{Time: *compileTime, Memory: *compileMem << 20})}
		if *anywhere {
			opts = append(opts, core.WithExtendsAnywhere())
		}
		g, err := core.Load(name, opts...)
		if err != nil {
			printLoadError(err, stderr)
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
		h, events, code := replayFileEvents(g, pos[1], stderr)
		if code != 0 {
			return code
		}
		printPosition(g, h.State, stdout, *asJSON, events)
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
	case "show":
		if !need(1) {
			return 2
		}
		data, err := fsReadVariant(pos[0])
		if err != nil {
			fmt.Fprintf(stderr, "rulesmith show: %v\n", err)
			return 1
		}
		stdout.Write(data)
		return 0
	case "diff":
		if !need(2) {
			return 2
		}
		return diffCmd(pos[0], pos[1], spec.Source{FS: variants.FS(), AnyPath: *anywhere}, *asJSON, stdout, stderr)
	case "play", "edit":
		if !need(1) {
			return 2
		}
		opts := editor.Options{Variant: pos[0], Sets: sets, Seats: seats, Record: *record, Resume: *resume,
			Edit: cmd == "edit", Mono: *mono, FS: variants.FS(), Seed: *seed, Keymap: editor.KeymapFile()}
		if cmd == "edit" && !strings.HasSuffix(pos[0], ".toml") {
			fmt.Fprintf(stderr, "rulesmith edit: want a variant file (FILE.toml); copy an embedded one with: rulesmith show %s > FILE.toml\n", pos[0])
			return 2
		}
		app, err := editor.New(opts)
		if err != nil {
			printLoadError(err, stderr)
			return 1
		}
		if err := app.Run(); err != nil {
			fmt.Fprintf(stderr, "rulesmith %s: %v\n", cmd, err)
			return 1
		}
		return 0
	case "compare-view":
		if !need(2) {
			return 2
		}
		app, err := editor.NewCompare(editor.CompareOptions{
			A:      editor.Options{Variant: pos[0], Sets: sets, FS: variants.FS()},
			B:      editor.Options{Variant: pos[1], Sets: sets, FS: variants.FS()},
			Record: *record, Mono: *mono})
		if err != nil {
			printLoadError(err, stderr)
			return 1
		}
		if err := app.Run(); err != nil {
			fmt.Fprintf(stderr, "rulesmith compare-view: %v\n", err)
			return 1
		}
		return 0
	case "analyze":
		if !need(1) {
			return 2
		}
		if *record == "" {
			fmt.Fprintf(stderr, "rulesmith analyze: --record FILE is required (the verdict is on its last move)\n")
			return 2
		}
		g, ok := load(pos[0])
		if !ok {
			return 1
		}
		return analyze(g, *record, *asJSON, stdout, stderr)
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
	h, _, code := replayFileEvents(g, file, stderr)
	return h, code
}

func replayFileEvents(g *core.Game, file string, stderr io.Writer) (*core.History, []core.Event, int) {
	h := core.NewHistory(g, g.NewState())
	if file == "" {
		return h, nil, 0
	}
	lines, err := readRecordFile(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, nil, 1
	}
	events, err := g.ReplayEvents(h, lines)
	if err != nil {
		fmt.Fprintf(stderr, "%s:%v\n", file, err)
		return nil, nil, 1
	}
	return h, events, 0
}

func readRecordFile(file string) ([]core.RecordLine, error) {
	data, err := spec.ReadFile(file, core.MaxRecordBytes)
	if err != nil {
		return nil, fmt.Errorf("rulesmith: %v", err)
	}
	lines, err := core.ReadRecord(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return lines, nil
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
	// Takebacks left per seat, for variants with a foul.
	Takebacks  map[string]int `json:"takebacks,omitempty"`
	Eliminated []string       `json:"eliminated,omitempty"`
	Calls      []callJSON     `json:"calls,omitempty"`
}

type callJSON struct {
	Line     int      `json:"line"`
	Caller   string   `json:"caller"`
	Offender string   `json:"offender"`
	Upheld   bool     `json:"upheld"`
	Gainer   string   `json:"gainer,omitempty"`
	Line2    []string `json:"demonstration,omitempty"`
	Safe     string   `json:"safe_alternative,omitempty"`
	Outcome  string   `json:"outcome"`
}

func printPosition(g *core.Game, s *core.State, w io.Writer, asJSON bool, events []core.Event) {
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
		if g.Foul != nil && g.Foul.Remedy == "takeback" {
			out.Takebacks = map[string]int{}
			for i, seat := range g.Seats {
				out.Takebacks[seat] = s.Takebacks(i)
			}
		}
		for i, seat := range g.Seats {
			if s.Eliminated(i) {
				out.Eliminated = append(out.Eliminated, seat)
			}
		}
		for _, e := range events {
			if c := e.Call; c != nil {
				cj := callJSON{Line: e.Line, Caller: g.Seats[c.Caller], Offender: g.Seats[c.Offender], Upheld: c.Upheld,
					Line2: c.Verdict.Line, Safe: c.Verdict.Safe, Outcome: c.Outcome}
				if c.Gainer >= 0 {
					cj.Gainer = g.Seats[c.Gainer]
				}
				out.Calls = append(out.Calls, cj)
			}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
		return
	}
	for _, e := range events {
		if c := e.Call; c != nil {
			fmt.Fprintf(w, "line %d: %s: %s\n", e.Line, e.Text, c.Outcome)
			if c.Gainer >= 0 {
				fmt.Fprintf(w, "  %s wins by force: %s\n", g.Seats[c.Gainer], strings.Join(c.Verdict.Line, " "))
			}
		}
	}
	fmt.Fprint(w, core.Render(g, s))
	fmt.Fprintf(w, "ply %d, phase %s\n", s.Ply(), g.Phases[s.Phase()])
	for i, seat := range g.Seats {
		fmt.Fprintf(w, "score %s: %d\n", seat, scores[i])
	}
	if g.Foul != nil && g.Foul.Remedy == "takeback" {
		for i, seat := range g.Seats {
			fmt.Fprintf(w, "takebacks %s: %d\n", seat, s.Takebacks(i))
		}
	}
	for i, seat := range g.Seats {
		if s.Eliminated(i) {
			fmt.Fprintf(w, "out of play: %s\n", seat)
		}
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

type verdictJSON struct {
	Move        string   `json:"move"`
	Mover       string   `json:"mover"`
	Verdict     string   `json:"verdict"`
	Foul        bool     `json:"foul"`
	Unavoidable bool     `json:"unavoidable"`
	Gainer      string   `json:"gainer,omitempty"`
	Line        []string `json:"demonstration,omitempty"`
	Safe        string   `json:"safe_alternative,omitempty"`
	Plies       int      `json:"plies"`
	Nodes       int      `json:"nodes"`
	Exact       bool     `json:"exact"`
	Millis      float64  `json:"ms"`
}

// analyze judges the last move of a record by the variant's foul.
func analyze(g *core.Game, file string, asJSON bool, stdout, stderr io.Writer) int {
	if g.Foul == nil {
		fmt.Fprintf(stderr, "rulesmith analyze: %s declares no foul ([fouls])\n", g.Name)
		return 1
	}
	lines, err := readRecordFile(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	// the last move line (calls and resignations are not moves)
	last := -1
	for i := len(lines) - 1; i >= 0; i-- {
		w := strings.ToLower(strings.Fields(lines[i].Text)[0])
		if w != "call" && w != "resign" {
			last = i
			break
		}
	}
	if last < 0 {
		fmt.Fprintf(stderr, "%s: the record has no move to judge\n", file)
		return 1
	}
	h := core.NewHistory(g, g.NewState())
	if _, err := g.ReplayEvents(h, lines[:last]); err != nil {
		fmt.Fprintf(stderr, "%s:%v\n", file, err)
		return 1
	}
	before := h.State.Clone()
	m, err := g.Parse(before, lines[last].Text)
	if err != nil {
		fmt.Fprintf(stderr, "%s:%d: illegal move %q: %v\n", file, lines[last].Line, lines[last].Text, err)
		return 1
	}
	t0 := time.Now()
	v, err := g.AnalyzeFoul(before, m)
	if err != nil {
		fmt.Fprintf(stderr, "rulesmith analyze: %v\n", err)
		return 1
	}
	out := verdictJSON{Move: g.Format(before, m), Mover: g.Seats[before.ToMove()], Foul: v.Foul, Unavoidable: v.Unavoidable,
		Line: v.Line, Safe: v.Safe, Plies: v.Plies, Nodes: v.Nodes, Exact: v.Exact, Millis: float64(time.Since(t0).Microseconds()) / 1000}
	switch {
	case !v.Exact:
		out.Verdict = "no verdict: the search hit its node limit"
	case v.Foul:
		out.Verdict = "foul"
	case v.Unavoidable:
		out.Verdict = "unavoidable foul"
	default:
		out.Verdict = "no foul"
	}
	if v.Gainer >= 0 {
		out.Gainer = g.Seats[v.Gainer]
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
		return 0
	}
	fmt.Fprintf(stdout, "move: %s (%s)\nverdict: %s (%s, %d plies searched)\n", out.Move, out.Mover, out.Verdict, g.Foul.Name, v.Plies)
	if out.Gainer != "" {
		fmt.Fprintf(stdout, "gainer: %s\ndemonstration: %s\n", out.Gainer, strings.Join(v.Line, " "))
	}
	if v.Safe != "" {
		fmt.Fprintf(stdout, "a safe alternative: %s\n", v.Safe)
	}
	fmt.Fprintf(stdout, "nodes: %d\n", v.Nodes)
	return 0
}

func printLoadError(err error, stderr io.Writer) {
	var dl diag.List
	if errors.As(err, &dl) {
		for _, d := range dl {
			fmt.Fprintln(stderr, d.String())
		}
		return
	}
	fmt.Fprintf(stderr, "rulesmith: %v\n", err)
}

// fsReadVariant returns an embedded variant's file, or a file's contents.
func fsReadVariant(name string) ([]byte, error) {
	if !strings.HasSuffix(name, ".toml") {
		if data, err := fs.ReadFile(variants.FS(), name+".toml"); err == nil {
			return data, nil
		}
	}
	return spec.ReadFile(name, spec.MaxFileSize)
}

// diffCmd prints the differences between two variants after extends.
func diffCmd(a, b string, src spec.Source, asJSON bool, stdout, stderr io.Writer) int {
	da, err := spec.Load(a, src)
	if err != nil {
		printLoadError(err, stderr)
		return 1
	}
	db, err := spec.Load(b, src)
	if err != nil {
		printLoadError(err, stderr)
		return 1
	}
	changes := spec.Diff(da, db)
	if asJSON {
		type change struct {
			Key  string `json:"key"`
			Kind string `json:"kind"`
			A    any    `json:"a,omitempty"`
			B    any    `json:"b,omitempty"`
		}
		out := []change{}
		for _, c := range changes {
			out = append(out, change{c.Key, c.Kind(), c.A, c.B})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
		return 0
	}
	tables := spec.DiffTables(da, db)
	fmt.Fprintf(stdout, "%s → %s: %d differences in %d tables\n", a, b, len(changes), len(tables))
	for _, t := range tables {
		short := func(c spec.Change) string { return strings.TrimPrefix(c.Key, t.Table+".") }
		switch t.Kind {
		case "added", "removed":
			var kv []string
			for _, c := range t.Changes {
				v := c.B
				if t.Kind == "removed" {
					v = c.A
				}
				kv = append(kv, short(c)+" = "+spec.Show(v))
			}
			fmt.Fprintf(stdout, "[%s] %s: %s\n", t.Table, t.Kind, strings.Join(kv, ", "))
		default:
			fmt.Fprintf(stdout, "[%s] changed:\n", t.Table)
			for _, c := range t.Changes {
				fmt.Fprintf(stdout, "  %s\n", strings.TrimPrefix(c.String(), t.Table+"."))
			}
		}
	}
	return 0
}
