package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/big"
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

func listCmd(c *call) int {
	for _, name := range variants.Names() {
		fmt.Fprintln(c.stdout, name)
	}
	return 0
}

func validateCmd(c *call) int {
	g, ok := c.load(c.pos[0])
	if !ok {
		return 1
	}
	// two legal moves that print alike: the compile-time check warned of
	// them (g.Warnings); a variant it could not decide plays a few seeded
	// games
	var clashes diag.List
	if g.NotationOpen() {
		clashes = g.NotationClashes(4, 200, 1)
	}
	for _, w := range clashes {
		fmt.Fprintln(c.stderr, w.String())
	}
	if c.opts.strict && len(g.Warnings())+len(clashes) > 0 {
		return 1
	}
	fmt.Fprintf(c.stdout, "ok: %s (%s; %s, %s, %s)\n", g.Name(), g.Title(), plural(g.NumSeats(), "seat"), plural(g.Board().N(), "cell"), plural(len(g.Rules()), "move rule"))
	return 0
}

func movesCmd(c *call) int {
	g, ok := c.load(c.pos[0])
	if !ok {
		return 1
	}
	h, code := replayFile(g, c.opts.record, c.stderr)
	if code != 0 {
		return code
	}
	if r := g.Result(h.State); r.Over {
		fmt.Fprintf(c.stderr, "rulesmith moves: the game is over (%s)\n", g.ResultString(r))
		return 0
	}
	var names []string
	for _, m := range h.Legal(nil) {
		names = append(names, g.Format(h.State, m))
	}
	sort.Strings(names)
	for _, s := range names {
		fmt.Fprintln(c.stdout, s)
	}
	if err := h.State.Limit(); err != nil {
		fmt.Fprintf(c.stderr, "rulesmith moves: warning: %v\n", err)
	}
	return 0
}

func replayCmd(c *call) int {
	g, ok := c.load(c.pos[0])
	if !ok {
		return 1
	}
	h, events, code := replayFileEvents(g, c.pos[1], c.stderr)
	if code != 0 {
		return code
	}
	viewer := core.AllSeats
	if c.opts.view != "" {
		viewer = -1
		for i, seat := range g.Seats() {
			if strings.EqualFold(seat, c.opts.view) {
				viewer = i
			}
		}
		if viewer < 0 {
			fmt.Fprintf(c.stderr, "rulesmith replay: --view %q: no such seat (seats: %s)\n", c.opts.view, strings.Join(g.Seats(), ", "))
			return 2
		}
	}
	printPositionAs(g, h.State, c.stdout, c.opts.json, events, viewer)
	return 0
}

func perftCmd(c *call) int {
	depth, err := strconv.Atoi(c.pos[1])
	if err != nil || depth < 1 || depth > 64 {
		fmt.Fprintf(c.stderr, "rulesmith perft: depth %q: want a number from 1 to 64\n", c.pos[1])
		return 2
	}
	g, ok := c.load(c.pos[0])
	if !ok {
		return 1
	}
	h, code := replayFile(g, c.opts.record, c.stderr)
	if code != 0 {
		return code
	}
	var co core.ChanceOptions
	if c.opts.deal != "" {
		co.Fixed = strings.FieldsFunc(c.opts.deal, func(r rune) bool { return r == ',' || r == ' ' })
	}
	if c.given["seed"] {
		co.Seeded, co.Seed = true, c.opts.seed
	}
	if (co.Fixed != nil || co.Seeded) && !g.HasChance() {
		fmt.Fprintf(c.stderr, "rulesmith perft: %s has no chance events: --deal and --seed fix none\n", g.Name())
		return 2
	}
	for d := 1; d <= depth; d++ {
		var n uint64
		var e *big.Rat
		if g.HasChance() {
			// chance perft: a ply is a throw and a decision
			var err error
			n, e, err = g.ChancePerftWith(h.State, d, co)
			if err != nil {
				fmt.Fprintf(c.stderr, "rulesmith perft: %v (depth %d is not counted)\n", err, d)
				return 1
			}
			if co.Fixed != nil || co.Seeded {
				e = nil // one deal: the count is the decision sequences
			}
		} else {
			n = g.Perft(h.State, d)
		}
		if err := h.State.Limit(); err != nil {
			// a count that is cut is no count: the limit, named at its rule
			fmt.Fprintf(c.stderr, "%v (perft depth %d is not counted)\n", err, d)
			return 1
		}
		if e != nil {
			fmt.Fprintf(c.stdout, "depth %d: %d (expected %s)\n", d, n, core.FormatExpected(e))
			continue
		}
		fmt.Fprintf(c.stdout, "depth %d: %d\n", d, n)
	}
	return 0
}

func showCmd(c *call) int {
	data, err := fsReadVariant(c.pos[0])
	if errors.Is(err, fs.ErrNotExist) {
		// the loader's words: no variant or file so named, and the
		// embedded name it may have meant
		if _, lerr := spec.Load(c.pos[0], spec.Source{FS: variants.FS()}); lerr != nil {
			err = lerr
		}
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "rulesmith show: %v\n", err)
		return 1
	}
	c.stdout.Write(data)
	return 0
}

func diffRun(c *call) int {
	src := spec.Source{FS: variants.FS(), AnyPath: c.opts.extendsAnywhere}
	return diffCmd(c.pos[0], c.pos[1], src, c.opts.json, c.stdout, c.stderr)
}

// editorCmd runs play and edit.
func editorCmd(c *call) int {
	o := c.opts
	opts := editor.Options{Variant: c.pos[0], Sets: o.sets, Seats: o.seats, Record: o.record, Resume: o.resume,
		Edit: c.cmd.name == "edit", Mono: o.mono, FS: variants.FS(), Seed: o.seed, Keymap: editor.KeymapFile(),
		TableCache: core.DefaultTableCache()}
	if c.cmd.name == "edit" && !strings.HasSuffix(c.pos[0], ".toml") {
		fmt.Fprintf(c.stderr, "rulesmith edit: want a variant file (FILE.toml); copy an embedded one with: rulesmith show %s > FILE.toml\n", c.pos[0])
		return 2
	}
	app, err := editor.New(opts)
	if err != nil {
		printLoadError(err, c.stderr)
		return 1
	}
	if err := app.Run(); err != nil {
		fmt.Fprintf(c.stderr, "rulesmith %s: %v\n", c.cmd.name, err)
		return 1
	}
	return 0
}

func compareViewCmd(c *call) int {
	o := c.opts
	app, err := editor.NewCompare(editor.CompareOptions{
		A:      editor.Options{Variant: c.pos[0], Sets: o.sets, FS: variants.FS(), TableCache: core.DefaultTableCache()},
		B:      editor.Options{Variant: c.pos[1], Sets: o.sets, FS: variants.FS(), TableCache: core.DefaultTableCache()},
		Record: o.record, Mono: o.mono, Keymap: editor.KeymapFile(), Seed: o.seed, View: o.view})
	if err != nil {
		printLoadError(err, c.stderr)
		return 1
	}
	if err := app.Run(); err != nil {
		fmt.Fprintf(c.stderr, "rulesmith compare-view: %v\n", err)
		return 1
	}
	return 0
}

func analyzeCmd(c *call) int {
	g, ok := c.load(c.pos[0])
	if !ok {
		return 1
	}
	return analyze(g, c.opts.record, c.opts.json, c.stdout, c.stderr)
}

func playoutCmd(c *call) int {
	if c.opts.n < 1 {
		fmt.Fprintln(c.stderr, "rulesmith playout: -n must be at least 1")
		return 2
	}
	g, ok := c.load(c.pos[0])
	if !ok {
		return 1
	}
	return playouts(g, c.opts.n, c.opts.seed, c.opts.json, c.stdout, c.stderr)
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
	// Resigning: seats that gave notice of resignation, with the moves
	// they still make ([turns] resign_notice).
	Resigning map[string]int `json:"resigning,omitempty"`
	Calls     []callJSON     `json:"calls,omitempty"`
	// Zones: each zone instance as the viewer sees it.
	Zones []zoneJSON `json:"zones,omitempty"`
	// Shown: what the chance events show ("throw: 5-3"); Pending: the
	// chance event due before the next decision ("deal").
	Shown   []string `json:"chance,omitempty"`
	Pending string   `json:"pending,omitempty"`
}

// zoneJSON is one zone instance: its zone, its seat (per-seat zones),
// who sees it, its size and, when the viewer sees it, its pieces (a pile's
// in order, with the seat that put each: by), and text, the line the
// plain output prints.
type zoneJSON struct {
	Zone       string   `json:"zone"`
	Seat       string   `json:"seat,omitempty"`
	Visibility string   `json:"visibility"`
	VisibleTo  []string `json:"visible_to"`
	Hidden     bool     `json:"hidden,omitempty"`
	Size       int      `json:"size"`
	Pieces     []string `json:"pieces,omitempty"`
	By         []string `json:"by,omitempty"`
	Text       string   `json:"text"`
}

func zonesJSON(g *core.Game, zs []core.ZoneContent) []zoneJSON {
	out := make([]zoneJSON, len(zs))
	for i, z := range zs {
		j := zoneJSON{Zone: z.Zone, Visibility: z.Visibility, VisibleTo: []string{}, Hidden: z.Hidden, Size: z.Size, Text: z.Text}
		if z.Seat >= 0 {
			j.Seat = g.Seat(z.Seat)
		}
		for _, seat := range z.VisibleTo(g) {
			j.VisibleTo = append(j.VisibleTo, g.Seat(seat))
		}
		for _, k := range z.Kinds {
			j.Pieces = append(j.Pieces, g.Kind(k).Name)
		}
		for _, by := range z.By {
			name := ""
			if by >= 0 {
				name = g.Seat(by)
			}
			j.By = append(j.By, name)
		}
		out[i] = j
	}
	return out
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

// printPositionAs prints the position as viewer sees it (core.AllSeats:
// the truth): a variant with zones lists them, hidden ones by their size.
func printPositionAs(g *core.Game, s *core.State, w io.Writer, asJSON bool, events []core.Event, viewer int) {
	var zones []core.ZoneContent
	if g.HasZones() {
		zones = core.ZoneContents(g, s, viewer)
	}
	res := g.Result(s)
	scores := g.Scores(s)
	if asJSON {
		out := positionJSON{Variant: g.Name(), Ply: s.Ply(), ToMove: g.Seat(s.ToMove()), Phase: g.Phases()[s.Phase()],
			Scores: map[string]int{}, Result: g.ResultString(res), Board: map[string]any{}}
		if res.Over && !res.Timeout && res.Winner >= 0 {
			out.Winner = g.Seat(res.Winner)
		}
		if res.Over {
			out.ToMove = ""
		}
		for i, seat := range g.Seats() {
			out.Scores[seat] = scores[i]
		}
		for c, cell := range g.Board().Cells {
			if v := core.CellText(g, s, c); v != "" {
				out.Board[cell.Name] = v
			}
		}
		if g.Foul() != nil && g.Foul().Remedy == "takeback" {
			out.Takebacks = map[string]int{}
			for i, seat := range g.Seats() {
				out.Takebacks[seat] = s.Takebacks(i)
			}
		}
		for i, seat := range g.Seats() {
			if s.Eliminated(i) {
				out.Eliminated = append(out.Eliminated, seat)
			} else if n := s.Notice(i); n > 0 {
				if out.Resigning == nil {
					out.Resigning = map[string]int{}
				}
				out.Resigning[seat] = n
			}
		}
		for _, e := range events {
			if c := e.Call; c != nil {
				cj := callJSON{Line: e.Line, Caller: g.Seat(c.Caller), Offender: g.Seat(c.Offender), Upheld: c.Upheld,
					Line2: c.Verdict.Line, Safe: c.Verdict.Safe, Outcome: c.Outcome}
				if c.Gainer >= 0 {
					cj.Gainer = g.Seat(c.Gainer)
				}
				out.Calls = append(out.Calls, cj)
			}
		}
		out.Zones = zonesJSON(g, zones)
		out.Shown = g.ChanceShown(s)
		if !res.Over && g.AtChance(s) {
			out.Pending = g.ChanceEvent(s)
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
				fmt.Fprintf(w, "  %s wins by force: %s\n", g.SeatTitle(c.Gainer), strings.Join(c.Verdict.Line, " "))
			}
		}
	}
	if !cardTable(g, s) {
		fmt.Fprint(w, core.Render(g, s))
	}
	for _, z := range zones {
		fmt.Fprintln(w, z.Text)
	}
	fmt.Fprintf(w, "ply %d, phase %s\n", s.Ply(), g.Phases()[s.Phase()])
	for _, line := range g.ChanceShown(s) {
		fmt.Fprintln(w, line)
	}
	for i, seat := range g.Seats() {
		fmt.Fprintf(w, "score %s: %d\n", seat, scores[i])
	}
	if g.Foul() != nil && g.Foul().Remedy == "takeback" {
		for i, seat := range g.Seats() {
			fmt.Fprintf(w, "takebacks %s: %d\n", seat, s.Takebacks(i))
		}
	}
	for i, seat := range g.Seats() {
		if s.Eliminated(i) {
			fmt.Fprintf(w, "out of play: %s\n", seat)
		} else if n := s.Notice(i); n > 0 {
			fmt.Fprintf(w, "resigning: %s (%d more %s)\n", seat, n, map[bool]string{true: "move", false: "moves"}[n == 1])
		}
	}
	if res.Over {
		fmt.Fprintf(w, "result: %s\n", g.ResultString(res))
	} else {
		pending := ""
		if g.AtChance(s) {
			pending = fmt.Sprintf(" (%s pending)", g.ChanceEvent(s))
		}
		fmt.Fprintf(w, "result: ongoing, %s to move%s\n", g.Seat(s.ToMove()), pending)
	}
}

// cardTable reports whether the position is all in zones: a board of one
// empty cell (or none) in a variant with zones (a card game), whose board
// drawing would say nothing.
func cardTable(g *core.Game, s *core.State) bool {
	if g.Board().N() > 1 || !g.HasZones() {
		return false
	}
	return g.Board().N() == 0 || s.Height(0) == 0
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
	out := playoutJSON{Variant: g.Name(), Games: n, Seed: seed, Wins: map[string]int{}}
	for _, seat := range g.Seats() {
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
		if err := s.Limit(); err != nil {
			fmt.Fprintf(stderr, "rulesmith playout: warning: game %d: %v\n", i+1, err)
			s.ClearLimit()
		}
		total += s.Ply()
		r := g.Result(s)
		switch {
		case r.Timeout:
			out.Timeouts++
		case r.Winner < 0:
			out.Draws++
		default:
			out.Wins[g.Seat(r.Winner)]++
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
	fmt.Fprintf(stdout, "variant: %s\ngames: %d (seed %d)\nplayouts/second: %.0f\nmean length: %.2f plies\n", g.Name(), n, seed, out.PerSecond, out.MeanLength)
	for _, seat := range g.Seats() {
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
	if g.Foul() == nil {
		fmt.Fprintf(stderr, "rulesmith analyze: %s declares no foul ([fouls])\n", g.Name())
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
	out := verdictJSON{Move: g.Format(before, m), Mover: g.Seat(before.ToMove()), Foul: v.Foul, Unavoidable: v.Unavoidable,
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
		out.Gainer = g.Seat(v.Gainer)
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
		return 0
	}
	fmt.Fprintf(stdout, "move: %s (%s)\nverdict: %s (%s, %d plies searched)\n", out.Move, out.Mover, out.Verdict, g.Foul().Name, v.Plies)
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
	fmt.Fprintf(stdout, "%s → %s: %s in %s\n", a, b, plural(len(changes), "difference"), plural(len(tables), "table"))
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

// plural writes n things: "1 cell", "37 cells".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
