package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"rulesmith/core"
	"rulesmith/core/solve"
	"rulesmith/variants"
)

// The command line is one table: every command's name, arguments, flags,
// help and run function. `rulesmith help`, `rulesmith COMMAND --help`, the
// usage printed after a usage error and the command list in README.md
// (kept in sync by TestREADMECommands) are all generated from it.

// A command is one entry of the table.
type command struct {
	name string
	// args are the positional arguments as the synopsis shows them.
	args string
	// nargs is how many positional arguments the command takes; -1: its
	// run function checks them.
	nargs int
	// flags names the command's flags (see flagDefs) in synopsis order; a
	// trailing "!" marks a required flag.
	flags []string
	// flagHelp overrides a flag's help line for this command.
	flagHelp map[string]string
	// summary is one line for `rulesmith help` and the README.
	summary string
	// doc is shown by `rulesmith COMMAND --help` after the synopsis.
	doc string
	run func(c *call) int
}

// options holds the value of every flag; each command binds the ones it
// takes.
type options struct {
	sets, seats, agents                  setFlags
	record, out, shard                   string
	json, resume, mono, callFouls, merge bool
	n, games, firstGame, jobs, maxPlies  int
	endgame                              int
	seed                                 uint64
	maxMemory                            int64
	timeout                              time.Duration
	force                                bool
	extendsAnywhere                      bool
	strict                               bool
	ply                                  int
	board, diffBase, figures             string
	view, deal                           string
	marks, arrows                        setFlags
	compileTime                          time.Duration
	compileMemory                        int64
}

// A flagDef declares a flag once: the placeholder of its value ("" for a
// boolean), whether it repeats, its help line and how it binds into
// options (with its default).
type flagDef struct {
	arg    string
	repeat bool
	help   string
	bind   func(fs *flag.FlagSet, name, help string, o *options)
}

var flagDefs = map[string]flagDef{
	"figures": {"DIR", false, "write SVG figures in DIR (the start, an example move of each rule) and link them",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.StringVar(&o.figures, name, "", help) }},
	"diff": {"BASE", false, "write only the rules that differ from the variant BASE (a house rule's changes)",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.StringVar(&o.diffBase, name, "", help) }},
	"board": {"KIND", false, "the board kind: grid, hex, pits, faces or graph",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.StringVar(&o.board, name, "", help) }},
	"ply": {"N", false, "draw the position after the record's first N moves (-1: all of them)",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.IntVar(&o.ply, name, -1, help) }},
	"mark": {"CELLS", true, "cells to ring, comma-separated or repeated (a1,b2)",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.Var(&o.marks, name, help) }},
	"arrows": {"a1-b2,…", true, "arrows to draw, FROM-TO, comma-separated or repeated",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.Var(&o.arrows, name, help) }},
	"strict": {"", false, "treat warnings as problems: exit 1 when there is any",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.BoolVar(&o.strict, name, false, help) }},
	"extends-anywhere": {"", false, "let extends name any file, not only embedded variants and files under the variant's directory",
		func(fs *flag.FlagSet, name, help string, o *options) {
			fs.BoolVar(&o.extendsAnywhere, name, false, help)
		}},
	"compile-time": {"D", false, "the time compiling one variant may take",
		func(fs *flag.FlagSet, name, help string, o *options) {
			fs.DurationVar(&o.compileTime, name, core.DefaultBudget.Time, help)
		}},
	"compile-memory": {"MiB", false, "the data compiling one variant may build (strings, tables, relations), in MiB",
		func(fs *flag.FlagSet, name, help string, o *options) {
			fs.Int64Var(&o.compileMemory, name, core.DefaultBudget.Memory>>20, help)
		}},
	"set": {"k=v", true, "override a parameter of the variant's [params]",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.Var(&o.sets, name, help) }},
	"record": {"FILE", false, "a game record to play first",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.StringVar(&o.record, name, "", help) }},
	"json": {"", false, "print JSON",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.BoolVar(&o.json, name, false, help) }},
	"seat": {"SEAT=human|random|mcts:2s", true, "give a seat to a player or an agent",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.Var(&o.seats, name, help) }},
	"deal": {"OUTCOMES", false, "fix the chance outcomes, in order, comma-separated as a record writes them (deal=5H,deal=7C or 5H,7C): every line of the count meets them; past them a line counts 0 (with --seed, draws on)",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.StringVar(&o.deal, name, "", help) }},
	"view": {"SEAT", false, "print the position as SEAT sees it: the contents of zones hidden from it are shown only as counts",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.StringVar(&o.view, name, "", help) }},
	"resume": {"", false, "reopen the last autosaved game",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.BoolVar(&o.resume, name, false, help) }},
	"mono": {"", false, "draw without colour (also with NO_COLOR)",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.BoolVar(&o.mono, name, false, help) }},
	"n": {"N", false, "number of games",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.IntVar(&o.n, name, 100, help) }},
	"seed": {"S", false, "random seed",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.Uint64Var(&o.seed, name, 1, help) }},
	"endgame": {"N", false, "endgame databases up to N stones in play (0: automatic, -1: none)",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.IntVar(&o.endgame, name, 0, help) }},
	"max-memory": {"MB", false, "memory for the transposition table, in MB",
		func(fs *flag.FlagSet, name, help string, o *options) {
			fs.Int64Var(&o.maxMemory, name, solve.DefaultMaxMemory>>20, help)
		}},
	"force": {"", false, "solve even a variant whose estimated size is far past what the solver can finish",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.BoolVar(&o.force, name, false, help) }},
	"timeout": {"D", false, "give up after this long (e.g. 10m; 0: no limit)",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.DurationVar(&o.timeout, name, 0, help) }},
	"games": {"N", false, "games per variant",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.IntVar(&o.games, name, 100, help) }},
	"agent": {"SPEC", true, "agent specs, comma-separated or repeated: random (the default), mcts:300p, mcts:2s",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.Var(&o.agents, name, help) }},
	"out": {"DIR", false, "output directory",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.StringVar(&o.out, name, "", help) }},
	"jobs": {"J", false, "worker goroutines (0: one per CPU)",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.IntVar(&o.jobs, name, 0, help) }},
	"first-game": {"K", false, "index of the first game (to split a study by game ranges)",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.IntVar(&o.firstGame, name, 0, help) }},
	"call-fouls": {"", false, "the referee judges every move and calls every foul",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.BoolVar(&o.callFouls, name, false, help) }},
	"max-plies": {"P", false, "stop a game undecided after this many plies (0: the variant's limit)",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.IntVar(&o.maxPlies, name, 0, help) }},
	"shard": {"K/N", false, "play only slice K (0 to N−1) of N equal slices of the games: one task of a batch array",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.StringVar(&o.shard, name, "", help) }},
	"merge": {"", false, "merge the study directories given as arguments into --out",
		func(fs *flag.FlagSet, name, help string, o *options) { fs.BoolVar(&o.merge, name, false, help) }},
}

// commands is the table, in the order `rulesmith help` lists it (set in
// init: the help command reads the table).
var commands []*command

func init() {
	editorFlags := []string{"seat", "record", "resume", "seed", "mono", "set"}
	commands = []*command{
		{name: "validate", args: "VARIANT", nargs: 1, flags: []string{"strict", "set", "extends-anywhere", "compile-time", "compile-memory"},
			summary: "check a variant: ok and a summary, or one file:line:col line per problem; warnings (file:line:col: warning: …) fail only with --strict",
			doc: "Warnings: a deprecated spelling; a move rule in no phase; a parameter, region or relation that\n" +
				"the file writes and nothing reads; a phase no next reaches; an end that can never hold; two legal\n" +
				"moves of one position written alike (found in four seeded random games).",
			run: validateCmd},
		{name: "explain", args: "VARIANT", nargs: 1, flags: []string{"diff", "figures", "set", "extends-anywhere", "compile-time", "compile-memory"},
			summary: "write the rules as a Markdown rulebook from the compiled variant (--diff BASE: only what differs from BASE)",
			doc: "Each rule in the words the format declares for its primitive and keys, with the variant's cite strings.\n" +
				"The shipped variants' rulebooks are docs/rulebooks/NAME.md.",
			run: explainCmd},
		{name: "diagram", args: "VARIANT", nargs: 1, flags: []string{"record", "ply", "mark", "arrows", "set", "extends-anywhere", "compile-time", "compile-memory"},
			summary: "draw a position as SVG for a rulebook: board, coordinates, pieces in seat colours, stack heights, last move, marks, arrows",
			doc: "The figure goes to stdout: rulesmith diagram dvonn --record game.txt --ply 12 > figure.svg.\n" +
				"Every board kind is drawn: grids, hexes, pits, folded faces unfolded, graphs with their lines.",
			run: diagramCmd},
		{name: "new", args: "NAME", nargs: 1, flags: []string{"board!", "out"},
			flagHelp: map[string]string{"out": "the directory to write NAME.toml in (default: the current one)"},
			summary:  "write NAME.toml, a starting variant on a board of KIND that validates and plays, with comments pointing to the docs",
			run:      newCmd},
		{name: "list", nargs: 0,
			summary: "print the names of the embedded variants",
			run:     listCmd},
		{name: "schema", nargs: 0,
			summary: "print the JSON Schema of the variant format (docs/rulesmith.schema.json), for TOML editors",
			doc: "Point a TOML editor at it with a first line #:schema ./rulesmith.schema.json\n" +
				"(Taplo, Even Better TOML) to complete keys, show their docs and flag unknown keys.",
			run: func(c *call) int { c.stdout.Write(core.JSONSchema()); return 0 }},
		{name: "show", args: "NAME", nargs: 1,
			summary: "print an embedded variant's TOML (rulesmith show NAME > FILE.toml copies it)",
			run:     showCmd},
		{name: "moves", args: "VARIANT", nargs: 1, flags: []string{"record", "set", "extends-anywhere", "compile-time", "compile-memory"},
			summary: "print the legal moves, sorted, after an optional record",
			run:     movesCmd},
		{name: "replay", args: "VARIANT FILE", nargs: 2, flags: []string{"json", "view", "set", "extends-anywhere", "compile-time", "compile-memory"},
			summary: "play a record; print each call's outcome, the position (--view SEAT: as that seat sees it), the scores and the result",
			run:     replayCmd},
		{name: "perft", args: "VARIANT DEPTH", nargs: 2, flags: []string{"record", "deal", "seed", "set", "extends-anywhere", "compile-time", "compile-memory"},
			summary: "count the move sequences of exactly N moves, for N = 1..DEPTH",
			doc: "With chance (dice, a deal) a ply is the outcomes before a decision and the decision, and\n" +
				"`depth N: CP (expected E)` gives CP, every outcome counted once (Pachisi: the 21 throws), and E,\n" +
				"each outcome weighted by its probability: the expected number of decision sequences when the\n" +
				"dice are really thrown (traditional-readings.md 7.9). A deal too large to count is refused:\n" +
				"fix its outcomes with --deal (then the count is the decisions of that one deal) or --seed.",
			run: perftCmd},
		{name: "playout", args: "VARIANT", nargs: 1, flags: []string{"n", "seed", "json", "set", "extends-anywhere", "compile-time", "compile-memory"},
			summary: "play N uniformly random games; print the results and the speed",
			run:     playoutCmd},
		{name: "analyze", args: "VARIANT", nargs: 1, flags: []string{"record!", "json", "set", "extends-anywhere", "compile-time", "compile-memory"},
			flagHelp: map[string]string{"record": "the game record whose last move is judged"},
			summary:  "judge a record's last move by the variant's foul: the verdict, a demonstration, a safe move",
			run:      analyzeCmd},
		{name: "solve", args: "VARIANT", nargs: 1, flags: []string{"record", "json", "max-memory", "endgame", "jobs", "timeout", "force", "set", "extends-anywhere", "compile-time", "compile-memory"},
			flagHelp: map[string]string{"record": "a game record to play first; solve the position after it",
				"max-memory": "memory for the solve (table, endgame databases, walks), in MB",
				"jobs":       "goroutines that search and build the databases (0: one per CPU)"},
			summary: "the exact value and a principal line of a small two-seat variant under perfect play",
			doc: "The value is seat 0's final score margin; for variants whose positions can repeat (solved by\n" +
				"retrograde analysis) the outcome for seat 0: +1, 0 or -1.\n" +
				"Variants whose material only decreases get endgame databases, kept under $XDG_CACHE_HOME/rulesmith/endgame.\n" +
				"A variant whose positions, bounded from its material, far pass what the solver can finish (Kalah\n" +
				"6×4, 1.3e13, is solved in minutes; 6×5, 1.7e14, is not) is refused at once; --force tries anyway.",
			run: solveCmd},
		{name: "play", args: "VARIANT", nargs: 1, flags: editorFlags,
			flagHelp: map[string]string{"seed": "random seed of the agents"},
			summary:  "play a variant in the terminal editor (press ? there for the keys)",
			doc:      "Every move is autosaved to $XDG_STATE_HOME/rulesmith/autosave/; --resume reopens it.",
			run:      editorCmd},
		{name: "edit", args: "FILE.toml", nargs: 1, flags: editorFlags,
			flagHelp: map[string]string{"seed": "random seed of the agents"},
			summary:  "the editor with the rules in an editable pane; reloads when the file changes",
			run:      editorCmd},
		{name: "compare-view", args: "A B", nargs: 2, flags: []string{"record", "mono", "seed", "view", "set"},
			flagHelp: map[string]string{
				"seed": "random seed of the rolls (d draws one throw for both games)",
				"view": "show both games as SEAT sees them (all: everything; default: the seat to move's view, pass-and-play)",
			},
			summary: "two variants side by side: each typed move is played on both, divergences marked",
			run:     compareViewCmd},
		{name: "diff", args: "A B", nargs: 2, flags: []string{"json", "extends-anywhere"},
			summary: "the rule differences between two variants after extends",
			run:     diffRun},
		{name: "compare", args: "A B [C...]", nargs: -1,
			flags: []string{"games", "agent", "seed", "out!", "jobs", "first-game", "shard", "call-fouls", "max-plies", "merge", "set"},
			flagHelp: map[string]string{
				"seed": "random seed of the study",
				"set":  "override a parameter in every variant",
			},
			summary: "a self-play study of variants: one JSON line per game, a report and charts",
			doc: "Plays N games of each variant between the agents (seats rotated from game to game) and writes\n" +
				"DIR/games-<variant>.jsonl, DIR/report.md, DIR/report.json and SVG charts. With a playout\n" +
				"budget the results are the same for a seed whatever J is; a time budget (mcts:2s) makes them\n" +
				"depend on the machine. --shard K/N plays slice K of N (a batch array's task index as K);\n" +
				"--first-game splits by game ranges by hand. rulesmith compare --merge DIR... --out DIR joins\n" +
				"shards (disjoint seeds or game ranges, same variants and options; every slice of a --shard\n" +
				"set) into exactly the study run whole. Games are written as they finish: memory does not\n" +
				"grow with --games. Batch systems: docs/scale.md. The metrics: docs/metrics.md.",
			run: compareCmd},
		{name: "help", args: "[COMMAND]", nargs: -1,
			summary: "print this list, or a command's flags",
			run:     helpCmd},
	}
}

// lookup returns the command named name, or nil.
func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// flagNames returns the command's flag names without the required mark.
func (cmd *command) flagNames() (names []string, required map[string]bool) {
	required = map[string]bool{}
	for _, f := range cmd.flags {
		name, req := strings.CutSuffix(f, "!")
		names = append(names, name)
		required[name] = req
	}
	return names, required
}

// flagText is how a flag shows in a synopsis: --record FILE, -n N (a
// one-letter flag takes one dash; the flag package accepts either).
func flagText(name string) string {
	dash := "--"
	if len(name) == 1 {
		dash = "-"
	}
	if a := flagDefs[name].arg; a != "" {
		return dash + name + " " + a
	}
	return dash + name
}

// synopsis is the command's one-line usage, flags included.
func (cmd *command) synopsis() string {
	parts := []string{"rulesmith", cmd.name}
	if cmd.args != "" {
		parts = append(parts, cmd.args)
	}
	names, required := cmd.flagNames()
	for _, name := range names {
		t := flagText(name)
		if flagDefs[name].repeat {
			t += " ..."
		}
		if !required[name] {
			t = "[" + t + "]"
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " ")
}

// helpLine is the command's help for one of its flags.
func (cmd *command) helpLine(name string) string {
	h := flagDefs[name].help
	if o, ok := cmd.flagHelp[name]; ok {
		h = o
	}
	if flagDefs[name].repeat {
		h += " (repeatable)"
	}
	return h
}

// flagSet builds the command's flag set, bound into o. It prints nothing:
// the caller reports errors and usage.
func (cmd *command) flagSet(o *options, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	names, _ := cmd.flagNames()
	for _, name := range names {
		flagDefs[name].bind(fs, name, cmd.helpLine(name), o)
	}
	return fs
}

// usage is the command's synopsis and flags; with doc, its doc too.
func (cmd *command) usage(doc bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s\n", cmd.synopsis())
	if doc {
		fmt.Fprintf(&b, "\n%s.\n", upper(cmd.summary))
		if cmd.doc != "" {
			fmt.Fprintf(&b, "%s\n", cmd.doc)
		}
	}
	names, _ := cmd.flagNames()
	if len(names) == 0 {
		return b.String()
	}
	fs := cmd.flagSet(&options{}, io.Discard)
	width := 0
	for _, name := range names {
		width = max(width, len(flagText(name)))
	}
	if doc {
		b.WriteString("\n")
	}
	b.WriteString("flags:\n")
	for _, name := range names {
		h := cmd.helpLine(name)
		if d := fs.Lookup(name).DefValue; d != "" && d != "0" && d != "0s" && d != "false" {
			h += " (default " + d + ")"
		}
		fmt.Fprintf(&b, "  %-*s  %s\n", width, flagText(name), h)
	}
	return b.String()
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// usage is the list of commands `rulesmith help` prints.
func usage() string {
	var b strings.Builder
	b.WriteString("usage: rulesmith COMMAND [ARGUMENTS] [FLAGS]\n\ncommands:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(strings.TrimSpace(c.name+" "+c.args)))
	}
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, strings.TrimSpace(c.name+" "+c.args), c.summary)
	}
	b.WriteString("\nVARIANT is an embedded name (rulesmith list) or a path to a .toml file.\n" +
		"rulesmith COMMAND --help lists a command's flags; --set k=v (repeatable) overrides a parameter.\n")
	return b.String()
}

// readmeCommands is the command list of README.md: a Markdown table.
func readmeCommands() string {
	var b strings.Builder
	b.WriteString("| command | what it does |\n|---|---|\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "| `%s` | %s |\n", strings.ReplaceAll(c.synopsis(), "|", `\|`), strings.ReplaceAll(c.summary, "|", `\|`))
	}
	return b.String()
}

// A call is one run of a command: its parsed flags and arguments.
type call struct {
	cmd            *command
	opts           *options
	pos            []string
	stdout, stderr io.Writer
	// given holds the flags given on the command line
	given map[string]bool
}

// usageError prints a one-line message and the command's usage on stderr
// and returns exit status 2.
func (c *call) usageError(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "rulesmith %s: %s\n%s", c.cmd.name, fmt.Sprintf(format, args...), c.cmd.usage(false))
	return 2
}

// load loads a variant with the --set overrides, printing any error, and
// any warning (a deprecated spelling) on stderr.
func (c *call) load(name string) (*core.Game, bool) {
	opts := []core.Option{core.WithFS(variants.FS()), core.WithSet(c.opts.sets...),
		core.WithBudget(core.Budget{Time: c.opts.compileTime, Memory: c.opts.compileMemory << 20}),
		core.WithTableCache(core.DefaultTableCache())}
	if c.opts.extendsAnywhere {
		opts = append(opts, core.WithExtendsAnywhere())
	}
	g, err := core.Load(name, opts...)
	if err != nil {
		printLoadError(err, c.stderr)
		return nil, false
	}
	for _, w := range g.Warnings() {
		fmt.Fprintln(c.stderr, w.String())
	}
	return g, true
}

// quick names the commands that load a variant (or nothing), answer and
// exit; run tunes the garbage collector for them.
var quick = map[string]bool{"validate": true, "explain": true, "diagram": true, "new": true, "list": true, "schema": true,
	"show": true, "moves": true, "replay": true, "perft": true, "analyze": true, "diff": true, "help": true}

// run runs the command line args (without the program name) and returns
// the exit status: 0 success, 1 failure, 2 a usage error.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return 2
	}
	name, args := args[0], args[1:]
	if name == "-h" || name == "--help" || name == "-help" {
		name = "help"
	}
	cmd := lookup(name)
	if cmd == nil {
		fmt.Fprintf(stderr, "rulesmith: unknown command %q\n%s", name, usage())
		return 2
	}
	if quick[cmd.name] {
		// A quick command is mostly one load and compile, whose few MB of
		// short-lived garbage the collector would otherwise sweep several
		// times: collecting at 5× the live heap instead of 2× saves about
		// a fifth of its CPU. Long-running commands keep the default.
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	o := &options{}
	fs := cmd.flagSet(o, stderr)
	pos, err := parse(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, cmd.usage(true))
		return 0
	}
	if err != nil {
		// the flag package printed the error's line
		fmt.Fprint(stderr, cmd.usage(false))
		return 2
	}
	c := &call{cmd: cmd, opts: o, pos: pos, stdout: stdout, stderr: stderr}
	if cmd.nargs >= 0 && len(pos) != cmd.nargs {
		return c.usageError("%s", cmd.argsProblem(pos))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	c.given = set
	names, required := cmd.flagNames()
	for _, n := range names {
		if required[n] && !set[n] {
			return c.usageError("%s is required", flagText(n))
		}
	}
	// a budget of nothing, or a negative one, would have meant the default
	if set["compile-time"] && o.compileTime <= 0 {
		return c.usageError("--compile-time %v: want a positive duration, e.g. 30s", o.compileTime)
	}
	if set["compile-memory"] && (o.compileMemory < 1 || o.compileMemory > 1<<20) {
		return c.usageError("--compile-memory %d: want 1 to %d (MiB)", o.compileMemory, 1<<20)
	}
	return cmd.run(c)
}

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

type setFlags []string

func (s *setFlags) String() string     { return strings.Join(*s, ",") }
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }

// helpCmd prints the list of commands, or one command's help.
func helpCmd(c *call) int {
	switch len(c.pos) {
	case 0:
		fmt.Fprint(c.stdout, usage())
		return 0
	case 1:
		cmd := lookup(c.pos[0])
		if cmd == nil {
			fmt.Fprintf(c.stderr, "rulesmith help: unknown command %q\n%s", c.pos[0], usage())
			return 2
		}
		fmt.Fprint(c.stdout, cmd.usage(true))
		return 0
	}
	return c.usageError("want at most 1 argument, got %d", len(c.pos))
}

// argsProblem says what is wrong with pos, the positional arguments of a
// command that takes cmd.nargs of them: which are missing ("missing FILE")
// or which are too many.
func (cmd *command) argsProblem(pos []string) string {
	var names []string
	for _, a := range strings.Fields(cmd.args) {
		if !strings.HasPrefix(a, "[") {
			names = append(names, a)
		}
	}
	if len(pos) < cmd.nargs && len(names) == cmd.nargs {
		return "missing " + strings.Join(names[len(pos):], " ")
	}
	extra := pos[min(cmd.nargs, len(pos)):]
	quoted := make([]string, len(extra))
	for i, a := range extra {
		quoted[i] = fmt.Sprintf("%q", a)
	}
	if cmd.nargs == 0 {
		return fmt.Sprintf("takes no arguments; got %s", strings.Join(quoted, " "))
	}
	if len(names) == cmd.nargs {
		return fmt.Sprintf("takes %s only; got %s besides", strings.Join(names, " "), strings.Join(quoted, " "))
	}
	return fmt.Sprintf("want %d arguments, got %d", cmd.nargs, len(pos))
}
