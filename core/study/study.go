// Package study runs self-play studies that compare rule editions: N games
// of each variant between agents (seats rotated), one JSON line per game,
// and a report of the game-evaluation metrics of the literature (Browne
// 2008; Ludii's evaluation metrics) as Markdown, JSON and SVG charts.
//
// A study is deterministic for a seed when its agents have playout budgets
// (random, mcts:300p): every game is seeded from (seed, variant index, game
// index) alone, so the results do not depend on the number of workers or on
// scheduling, and a study split into slices (Part of Parts), by game
// ranges (FirstGame) or by seeds across processes merges (Merge) into
// exactly what one run would write. Games are written and tallied as they
// finish, so memory does not grow with the number of games.
// docs/metrics.md defines every metric.
package study

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"rulesmith/core"
	"rulesmith/core/agent"
	"rulesmith/variants"
)

// Config describes a study.
type Config struct {
	// Variants are the variants compared (embedded names or .toml paths).
	Variants []string
	// Games is the number of games per variant.
	Games int
	// FirstGame is the index of the first game (to split a study by game
	// ranges across processes: 0..499 here, 500..999 there).
	FirstGame int
	// Agents are agent specs (agent.Parse): "random", "mcts:300p". Seats
	// are filled from this list in turn and rotated from game to game.
	Agents []string
	// Part and Parts, when Parts > 0, make this run the Part-th (from 0)
	// of Parts contiguous slices of the games FirstGame .. FirstGame+Games−1
	// (--shard K/N): slice K holds games FirstGame+⌊Games·K/N⌋ up to
	// FirstGame+⌊Games·(K+1)/N⌋−1, so that the slices' results files,
	// concatenated in order, are one run's, and Merge of all of them
	// writes exactly what one run writes.
	Part, Parts int
	// Seed seeds the study.
	Seed uint64
	// Jobs is the number of worker goroutines; 0: runtime.NumCPU(); at
	// most MaxJobs, and never more than there are games.
	Jobs int
	// Sets are parameter overrides, name=value, applied to every variant.
	Sets []string
	// CallFouls makes the referee judge every move of a variant with a foul
	// (Game.AnalyzeFoul) and, when it is a foul, has an entitled player
	// call it (History.Call).
	CallFouls bool
	// MaxPlies stops a game undecided (a timeout) after this many plies;
	// 0: the variant's own limit.
	MaxPlies int
	// Out is the directory the results and the report are written to.
	Out string
	// Progress receives progress (nil: none); Terminal draws a bar on it
	// instead of a line per 10%.
	Progress io.Writer
	Terminal bool
	// Load compiles a variant with the overrides; nil: core.Load with the
	// embedded variants.
	Load func(name string, sets []string) (*core.Game, error)
}

// Meta describes a study directory (study.json): what every shard in it
// shares, and the shards (seeds and game ranges) it holds.
type Meta struct {
	Format    int           `json:"format"`
	Variants  []VariantInfo `json:"variants"`
	Agents    []string      `json:"agents"`
	Sets      []string      `json:"sets"`
	CallFouls bool          `json:"call_fouls"`
	MaxPlies  int           `json:"max_plies"`
	Shards    []Shard       `json:"shards"`
}

// Shard is one run: a seed and a range of game indices. A slice of a
// study (--shard K/N) also records K, N and the whole study's range, so
// that Merge can tell a complete set of slices from an incomplete one.
type Shard struct {
	Seed      uint64 `json:"seed"`
	FirstGame int    `json:"first_game"`
	Games     int    `json:"games"`
	Part      int    `json:"part,omitempty"`
	Parts     int    `json:"parts,omitempty"`
	// StudyFirstGame and StudyGames are the range the Parts slices share.
	StudyFirstGame int `json:"study_first_game,omitempty"`
	StudyGames     int `json:"study_games,omitempty"`
}

// Limits on a study's size: game indices stay far from overflow, and a
// worker holds a few buffers, so a thousand is more than any machine uses.
const (
	MaxGames = 1_000_000_000_000
	MaxJobs  = 1024
	MaxParts = 1_000_000
)

// SliceRange returns the first game and the number of games of slice
// part of parts of the games first .. first+games−1.
func SliceRange(first, games, part, parts int) (int, int) {
	lo, hi := games*part/parts, games*(part+1)/parts
	return first + lo, hi - lo
}

// VariantInfo describes a compared variant, as the report needs it.
type VariantInfo struct {
	Name  string   `json:"name"`
	Title string   `json:"title"`
	Seats []string `json:"seats"`
	// Scored: the variant declares [scoring] (lead changes are measured).
	Scored bool `json:"scored"`
	// Lowest: the lowest score wins.
	Lowest bool `json:"lowest,omitempty"`
	// Foul names the variant's foul ([fouls]), or "".
	Foul string `json:"foul,omitempty"`
	// Goal names the [end] condition the foul is about.
	Goal string `json:"goal,omitempty"`
	// Takebacks is the takebacks each seat starts with.
	Takebacks int `json:"takebacks,omitempty"`
	// Ends lists the declared end conditions, name and type.
	Ends []EndInfo `json:"ends"`
}

// EndInfo is an [end.NAME] condition.
type EndInfo struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Record is one game: everything the metrics need (a line of games-*.jsonl).
type Record struct {
	Variant string `json:"variant"`
	Game    int    `json:"game"`
	// Seed is the study's seed; GameSeed the game's, derived from (Seed,
	// variant index, Game).
	Seed     uint64 `json:"seed"`
	GameSeed uint64 `json:"game_seed"`
	// Agents are the agent specs per seat.
	Agents []string `json:"agents"`
	// Winner is the winning seat, or -1.
	Winner  int  `json:"winner"`
	Draw    bool `json:"draw"`
	Timeout bool `json:"timeout"`
	Plies   int  `json:"plies"`
	// Scores are the final scores per seat (Game.Scores).
	Scores []int `json:"scores"`
	// EndedBy is Game.EndedBy: an [end] condition's name, stuck,
	// repetition, unavoidable...; "ply_limit" for a timeout.
	EndedBy string `json:"ended_by"`
	EndSeat int    `json:"end_seat"`
	// Branching is the number of legal moves before each ply.
	Branching []int `json:"branching"`
	// LeadChanges counts the times a different seat took the sole lead.
	LeadChanges int `json:"lead_changes"`
	// Eliminated lists the seats out of play at the end.
	Eliminated []int `json:"eliminated"`
	// Fouls is set for variants with a foul.
	Fouls *FoulRecord `json:"fouls,omitempty"`
	// Error is set when a rule hit one of its limits and stopped the game
	// (counted as a timeout).
	Error string `json:"error,omitempty"`
}

// FoulRecord counts a game's fouls.
type FoulRecord struct {
	// Judged is the number of moves the referee analysed.
	Judged int `json:"judged"`
	// Committed: moves judged a foul or an unavoidable foul.
	Committed int `json:"committed"`
	// Called: calls made and upheld.
	Called int `json:"called"`
	// Inexact: analyses that hit the node limit (no verdict, no call).
	Inexact int `json:"inexact"`
	// TakebacksSpent is the takebacks spent by all seats.
	TakebacksSpent int `json:"takebacks_spent"`
	// Eliminations: seats eliminated by a call.
	Eliminations int `json:"eliminations"`
	// MissedTurns: turns missed because every move was a foul.
	MissedTurns int `json:"missed_turns"`
}

// DefaultLoad loads an embedded variant or a .toml file with overrides.
func DefaultLoad(name string, sets []string) (*core.Game, error) {
	return core.Load(name, core.WithFS(variants.FS()), core.WithSet(sets...))
}

// Info describes a compiled game for the report.
func Info(g *core.Game) VariantInfo {
	vi := VariantInfo{Name: g.Name(), Title: g.Title(), Seats: append([]string(nil), g.Seats()...)}
	vi.Scored, vi.Lowest, vi.Goal = g.ScoreDeclared(), g.LowestWins(), g.FoulGoal()
	for _, e := range g.Ends() {
		vi.Ends = append(vi.Ends, EndInfo{Name: e.Name, Type: e.Type})
	}
	if g.Foul() != nil {
		vi.Foul = g.Foul().Name
		vi.Takebacks = g.Foul().Takebacks
	}
	return vi
}

// FileName returns the results file of a variant: games-<variant>.jsonl
// with every character but letters, digits, '.', '-' and '_' replaced by '_'.
func FileName(variant string) string {
	b := []byte(variant)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			b[i] = '_'
		}
	}
	return "games-" + string(b) + ".jsonl"
}

// mix is SplitMix64's finaliser.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// GameSeed derives a game's seed from the study's seed, the variant's index
// among those compared and the game's index.
func GameSeed(seed uint64, variant, game int) uint64 {
	return mix(mix(mix(seed)^uint64(variant)) ^ uint64(game))
}

// agentSeed derives the seed of the agent in a seat.
func agentSeed(gameSeed uint64, seat int) uint64 {
	return mix(gameSeed ^ uint64(seat+1)*0x2545f4914f6cdd1d)
}

// Lineup returns the agent spec per seat for game i: the specs fill the
// seats in turn (a, b, a for two specs and three seats) and the lineup is
// rotated by i mod seats, so over every run of `seats` consecutive games
// each lineup position sits in each seat once.
func Lineup(specs []string, seats, game int) []string {
	out := make([]string, seats)
	r := game % seats
	for j := range out {
		out[j] = specs[((j+r)%seats)%len(specs)]
	}
	return out
}

// Timed reports whether an agent spec has a time budget (its results then
// depend on the machine and the load, and are not deterministic).
func Timed(spec string) bool {
	a, err := agent.Parse(spec, 0)
	if err != nil {
		return false
	}
	m, ok := a.(*agent.MCTS)
	return ok && m.Duration > 0
}

// Result is what Run and Merge return: the study's description and its
// report (the games are in the results files; Load reads them back).
type Result struct {
	Meta   Meta
	Report *Report
}

// Study is a study directory read whole by Load.
type Study struct {
	Meta    Meta
	Records map[string][]Record // by variant name, sorted by (seed, game)
}

// Run plays the study and writes DIR/study.json, DIR/games-<variant>.jsonl,
// DIR/report.md, DIR/report.json and the SVG charts. The games are written
// and counted into the metrics as they finish, in game order (a window of
// a few games per worker is held to restore the order), so memory does not
// grow with the number of games.
func Run(cfg Config) (*Result, error) {
	if len(cfg.Variants) == 0 {
		return nil, errors.New("study: no variant to compare")
	}
	if cfg.Games < 1 {
		return nil, errors.New("study: want at least one game per variant")
	}
	if cfg.FirstGame < 0 {
		return nil, errors.New("study: the first game index must not be negative")
	}
	if cfg.Games > MaxGames || cfg.FirstGame > MaxGames-cfg.Games {
		return nil, fmt.Errorf("study: games %d to %d: game indices are limited to %d", cfg.FirstGame, cfg.FirstGame+cfg.Games-1, MaxGames-1)
	}
	if cfg.Parts < 0 || cfg.Parts > MaxParts || (cfg.Parts > 0 && (cfg.Part < 0 || cfg.Part >= cfg.Parts)) {
		return nil, fmt.Errorf("study: shard %d/%d: want K/N with 0 ≤ K < N ≤ %d", cfg.Part, cfg.Parts, MaxParts)
	}
	if cfg.Jobs < 0 || cfg.Jobs > MaxJobs {
		return nil, fmt.Errorf("study: %d jobs: want 0 (one per CPU) to %d", cfg.Jobs, MaxJobs)
	}
	if len(cfg.Agents) == 0 {
		cfg.Agents = []string{"random"}
	}
	for _, spec := range cfg.Agents {
		if _, err := agent.Parse(spec, 0); err != nil {
			return nil, fmt.Errorf("study: %v", err)
		}
	}
	if cfg.MaxPlies < 0 {
		return nil, errors.New("study: --max-plies must not be negative")
	}
	if cfg.Out == "" {
		return nil, errors.New("study: no output directory")
	}
	load := cfg.Load
	if load == nil {
		load = DefaultLoad
	}
	first, count := cfg.FirstGame, cfg.Games
	shard := Shard{Seed: cfg.Seed, FirstGame: first, Games: count}
	if cfg.Parts > 0 {
		first, count = SliceRange(cfg.FirstGame, cfg.Games, cfg.Part, cfg.Parts)
		shard = Shard{Seed: cfg.Seed, FirstGame: first, Games: count, Part: cfg.Part, Parts: cfg.Parts,
			StudyFirstGame: cfg.FirstGame, StudyGames: cfg.Games}
	}
	games := make([]*core.Game, len(cfg.Variants))
	meta := Meta{Format: 1, Agents: append([]string(nil), cfg.Agents...), Sets: append([]string{}, cfg.Sets...),
		CallFouls: cfg.CallFouls, MaxPlies: cfg.MaxPlies, Shards: []Shard{shard}}
	files := map[string]string{}
	for i, name := range cfg.Variants {
		g, err := load(name, cfg.Sets)
		if err != nil {
			return nil, err
		}
		if len(cfg.Agents) > g.NumSeats() {
			return nil, fmt.Errorf("study: %d agents for %s, which has %d seats", len(cfg.Agents), g.Name(), g.NumSeats())
		}
		f := FileName(g.Name())
		if prev, ok := files[f]; ok {
			return nil, fmt.Errorf("study: %s and %s are the same variant (%s); compare distinct variants", prev, name, g.Name())
		}
		files[f] = name
		games[i] = g
		meta.Variants = append(meta.Variants, Info(g))
	}
	w, err := newWriter(cfg.Out, meta)
	if err != nil {
		return nil, err
	}
	defer w.abort()
	total := len(games) * count
	jobs := cfg.Jobs
	if jobs == 0 {
		jobs = runtime.NumCPU()
	}
	jobs = max(1, min(jobs, total))
	type task struct{ seq, v, game int }
	type result struct {
		seq int
		rec Record
		err error
	}
	tasks := make(chan task)
	results := make(chan result, jobs)
	window := make(chan struct{}, 4*jobs) // games dispatched and not yet written
	var (
		wg     sync.WaitGroup
		failed atomic.Bool
	)
	prog := newProgress(cfg.Progress, cfg.Terminal, total)
	go func() { // the variants interleaved, so that progress reflects all of them
		defer close(tasks)
		for seq := 0; seq < total && !failed.Load(); seq++ {
			window <- struct{}{}
			tasks <- task{seq, seq % len(games), first + seq/len(games)}
		}
	}()
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := newPlayer()
			for t := range tasks {
				if failed.Load() {
					results <- result{seq: t.seq}
					continue
				}
				rec, err := p.play(games[t.v], gameSpec{
					variantIndex: t.v, game: t.game, seed: cfg.Seed,
					agents:    Lineup(cfg.Agents, (games[t.v]).NumSeats(), t.game),
					callFouls: cfg.CallFouls, maxPlies: cfg.MaxPlies})
				if err != nil {
					err = fmt.Errorf("study: %s game %d: %w", games[t.v].Name(), t.game, err)
				} else {
					prog.step()
				}
				results <- result{t.seq, rec, err}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	// Write the games in order; a game's window slot is freed once it is
	// written (or, after a failure, dropped), which lets the next in.
	var runErr error
	pending := map[int]Record{}
	next := 0
	fail := func(err error) {
		runErr = err
		failed.Store(true)
		for range pending {
			<-window
		}
		pending = nil
	}
	for res := range results {
		if runErr != nil {
			<-window
			continue
		}
		if res.err != nil {
			<-window
			fail(res.err)
			continue
		}
		pending[res.seq] = res.rec
		for runErr == nil {
			rec, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			<-window
			if err := w.add(next%len(games), &rec); err != nil {
				fail(err)
			}
			next++
		}
	}
	prog.finish()
	if runErr != nil {
		return nil, runErr
	}
	return w.finish()
}

// writer writes a study directory as its games arrive: each variant's
// results file (under a temporary name until finish) and its tally.
type writer struct {
	dir     string
	meta    Meta
	tallies []*Tally
	files   []*os.File
	bufs    []*bufio.Writer
	done    bool
}

func newWriter(dir string, meta Meta) (*writer, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("study: %v", err)
	}
	w := &writer{dir: dir, meta: meta}
	for _, vi := range meta.Variants {
		f, err := os.Create(filepath.Join(dir, FileName(vi.Name)+".partial"))
		if err != nil {
			w.abort()
			return nil, fmt.Errorf("study: %v", err)
		}
		w.files = append(w.files, f)
		w.bufs = append(w.bufs, bufio.NewWriterSize(f, 64<<10))
		w.tallies = append(w.tallies, NewTally(vi))
	}
	return w, nil
}

// add writes one game of variant v and counts it.
func (w *writer) add(v int, rec *Record) error {
	line, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("study: %v", err)
	}
	line = append(line, '\n')
	if _, err := w.bufs[v].Write(line); err != nil {
		return fmt.Errorf("study: %v", err)
	}
	w.tallies[v].Add(rec)
	return nil
}

// finish puts the results files in place and writes study.json and the
// report.
func (w *writer) finish() (*Result, error) {
	for v, vi := range w.meta.Variants {
		if err := w.bufs[v].Flush(); err != nil {
			return nil, fmt.Errorf("study: %v", err)
		}
		if err := w.files[v].Close(); err != nil {
			return nil, fmt.Errorf("study: %v", err)
		}
		if err := os.Rename(w.files[v].Name(), filepath.Join(w.dir, FileName(vi.Name))); err != nil {
			return nil, fmt.Errorf("study: %v", err)
		}
	}
	w.done = true
	meta, err := json.MarshalIndent(w.meta, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("study: %v", err)
	}
	if err := os.WriteFile(filepath.Join(w.dir, "study.json"), append(meta, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("study: %v", err)
	}
	res := &Result{Meta: w.meta, Report: reportOf(w.meta, w.tallies)}
	if err := res.Report.Write(w.dir); err != nil {
		return nil, err
	}
	return res, nil
}

// abort removes the temporary files of an unfinished study.
func (w *writer) abort() {
	if w.done {
		return
	}
	for _, f := range w.files {
		f.Close()
		os.Remove(f.Name())
	}
}

// Load reads a study directory whole: study.json and every variant's
// results.
func Load(dir string) (*Study, error) {
	meta, err := readMeta(dir)
	if err != nil {
		return nil, err
	}
	st := &Study{Meta: meta, Records: map[string][]Record{}}
	for _, vi := range meta.Variants {
		rd, err := openResults(dir, vi)
		if err != nil {
			return nil, err
		}
		for {
			rec, ok, err := rd.next()
			if err != nil {
				rd.close()
				return nil, err
			}
			if !ok {
				break
			}
			st.Records[vi.Name] = append(st.Records[vi.Name], rec)
		}
		rd.close()
	}
	return st, nil
}

func readMeta(dir string) (Meta, error) {
	var meta Meta
	data, err := os.ReadFile(filepath.Join(dir, "study.json"))
	if err != nil {
		return meta, fmt.Errorf("study: %s is not a study directory: %v", dir, err)
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		return meta, fmt.Errorf("study: %s: %v", filepath.Join(dir, "study.json"), err)
	}
	if meta.Format != 1 {
		return meta, fmt.Errorf("study: %s: unknown format %d", filepath.Join(dir, "study.json"), meta.Format)
	}
	return meta, nil
}

// results reads a variant's results file one game at a time, checking each.
type results struct {
	file string
	vi   VariantInfo
	f    *os.File
	sc   *bufio.Scanner
	line int
}

func openResults(dir string, vi VariantInfo) (*results, error) {
	file := filepath.Join(dir, FileName(vi.Name))
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("study: %v", err)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 1<<30)
	return &results{file: file, vi: vi, f: f, sc: sc}, nil
}

func (r *results) close() { r.f.Close() }

// next returns the next game, or ok false at the end of the file.
func (r *results) next() (rec Record, ok bool, err error) {
	for r.sc.Scan() {
		r.line++
		if len(bytes.TrimSpace(r.sc.Bytes())) == 0 {
			continue
		}
		if err := json.Unmarshal(r.sc.Bytes(), &rec); err != nil {
			return rec, false, fmt.Errorf("study: %s:%d: %v", r.file, r.line, err)
		}
		if rec.Variant != r.vi.Name {
			return rec, false, fmt.Errorf("study: %s:%d: game %d is of %q, not %q", r.file, r.line, rec.Game, rec.Variant, r.vi.Name)
		}
		if S := len(r.vi.Seats); len(rec.Scores) != S || len(rec.Agents) != S {
			return rec, false, fmt.Errorf("study: %s:%d: game %d has %d scores and %d agents for %d seats", r.file, r.line, rec.Game, len(rec.Scores), len(rec.Agents), S)
		}
		return rec, true, nil
	}
	if err := r.sc.Err(); err != nil {
		return rec, false, fmt.Errorf("study: %s: %v", r.file, err)
	}
	return rec, false, nil
}

// shardCursor walks the games a study directory declares (its shards, in
// (seed, game) order) beside the games its results file holds, so that a
// game missing, doubled or out of order is found as the file is read.
type shardCursor struct {
	dir    string
	shards []Shard // sorted by (seed, first game)
	k, i   int     // shard k, its i-th game
	rd     *results
	head   Record
	ok     bool
}

// want is the (seed, game) the directory's next game must have.
func (c *shardCursor) want() (uint64, int, bool) {
	for c.k < len(c.shards) && c.i >= c.shards[c.k].Games {
		c.k, c.i = c.k+1, 0
	}
	if c.k == len(c.shards) {
		return 0, 0, false
	}
	return c.shards[c.k].Seed, c.shards[c.k].FirstGame + c.i, true
}

// advance reads the next game into head and checks it is the one declared.
func (c *shardCursor) advance() error {
	rec, ok, err := c.rd.next()
	if err != nil {
		return err
	}
	seed, game, want := c.want()
	switch {
	case ok && !want:
		return fmt.Errorf("study: %s: game %d (seed %d) is not in the games %s declares", c.rd.file, rec.Game, rec.Seed, filepath.Join(c.dir, "study.json"))
	case !ok && want:
		return fmt.Errorf("study: %s: game %d (seed %d) is missing: the shard is incomplete", c.rd.file, game, seed)
	case ok && (rec.Seed != seed || rec.Game != game):
		return fmt.Errorf("study: %s:%d: game %d (seed %d) where game %d (seed %d) was expected: the shard lacks a game or lists them out of order",
			c.rd.file, c.rd.line, rec.Game, rec.Seed, game, seed)
	}
	c.i++
	c.head, c.ok = rec, ok
	return nil
}

func less(a, b Record) bool {
	if a.Seed != b.Seed {
		return a.Seed < b.Seed
	}
	return a.Game < b.Game
}

func sortShards(sh []Shard) {
	sort.Slice(sh, func(i, j int) bool {
		if sh[i].Seed != sh[j].Seed {
			return sh[i].Seed < sh[j].Seed
		}
		return sh[i].FirstGame < sh[j].FirstGame
	})
}

// Merge reads study directories produced with the same variants, agents
// and options but disjoint seeds or game ranges, and writes their union to
// out, with its report: the same files one run of all of them writes. It
// reads the results files side by side, a game at a time, and refuses a
// directory whose results lack a game it declares and an incomplete set of
// slices (--shard K/N: every K from 0 to N−1 must be given). Adjacent game
// ranges of one seed are joined in the merged study.json, so that the
// merge of all the slices of a study is byte for byte the study run whole.
func Merge(dirs []string, out string) (*Result, error) {
	if len(dirs) == 0 {
		return nil, errors.New("study: nothing to merge")
	}
	metas := make([]Meta, len(dirs))
	var merged Meta
	owner := map[*Shard]string{}
	var all []*Shard
	for i, dir := range dirs {
		if same(dir, out) {
			return nil, fmt.Errorf("study: --out %s is one of the directories merged", out)
		}
		m, err := readMeta(dir)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			merged = m
			merged.Shards = nil
		} else if err := compatible(merged, m); err != nil {
			return nil, fmt.Errorf("study: cannot merge %s with %s: %v", dir, dirs[0], err)
		}
		sortShards(m.Shards)
		metas[i] = m
		for k := range m.Shards {
			owner[&m.Shards[k]] = dir
			all = append(all, &m.Shards[k])
		}
	}
	if err := checkShards(all, owner); err != nil {
		return nil, err
	}
	for _, sh := range all {
		merged.Shards = append(merged.Shards, *sh)
	}
	merged.Shards = joinShards(merged.Shards)
	w, err := newWriter(out, merged)
	if err != nil {
		return nil, err
	}
	defer w.abort()
	for v, vi := range merged.Variants {
		cursors := make([]*shardCursor, len(dirs))
		for i, dir := range dirs {
			rd, err := openResults(dir, vi)
			if err != nil {
				return nil, err
			}
			defer rd.close()
			cursors[i] = &shardCursor{dir: dir, shards: metas[i].Shards, rd: rd}
			if err := cursors[i].advance(); err != nil {
				return nil, err
			}
		}
		for {
			var low *shardCursor
			for _, c := range cursors {
				if c.ok && (low == nil || less(c.head, low.head)) {
					low = c
				}
			}
			if low == nil {
				break
			}
			rec := low.head
			if err := w.add(v, &rec); err != nil {
				return nil, err
			}
			if err := low.advance(); err != nil {
				return nil, err
			}
		}
	}
	return w.finish()
}

// same reports whether two paths name one directory.
func same(a, b string) bool {
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}

// checkShards refuses overlapping game ranges and incomplete sets of
// slices.
func checkShards(all []*Shard, owner map[*Shard]string) error {
	sorted := append([]*Shard(nil), all...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Seed != sorted[j].Seed {
			return sorted[i].Seed < sorted[j].Seed
		}
		return sorted[i].FirstGame < sorted[j].FirstGame
	})
	for i := 1; i < len(sorted); i++ {
		a, b := sorted[i-1], sorted[i]
		if a.Seed == b.Seed && a.Games > 0 && b.Games > 0 && b.FirstGame < a.FirstGame+a.Games {
			return fmt.Errorf("study: game %d (seed %d) is in both %s and %s: shards must have disjoint seeds or game ranges",
				b.FirstGame, b.Seed, owner[a], owner[b])
		}
	}
	type set struct {
		seed               uint64
		parts, first, game int
	}
	seen := map[set]map[int]string{}
	var order []set
	for _, sh := range all {
		if sh.Parts == 0 {
			continue
		}
		k := set{sh.Seed, sh.Parts, sh.StudyFirstGame, sh.StudyGames}
		if f, n := SliceRange(k.first, k.game, sh.Part, sh.Parts); sh.Part < 0 || sh.Part >= sh.Parts || f != sh.FirstGame || n != sh.Games {
			return fmt.Errorf("study: %s: shard %d/%d does not hold its slice of games %d to %d", owner[sh], sh.Part, sh.Parts, k.first, k.first+k.game-1)
		}
		if seen[k] == nil {
			seen[k] = map[int]string{}
			order = append(order, k)
		}
		if prev, dup := seen[k][sh.Part]; dup {
			return fmt.Errorf("study: shard %d/%d is in both %s and %s", sh.Part, sh.Parts, prev, owner[sh])
		}
		seen[k][sh.Part] = owner[sh]
	}
	for _, k := range order {
		if len(seen[k]) == k.parts {
			continue
		}
		var missing []string
		for p := 0; p < k.parts && len(missing) < 10; p++ {
			if _, ok := seen[k][p]; !ok {
				missing = append(missing, fmt.Sprintf("%d/%d", p, k.parts))
			}
		}
		return fmt.Errorf("study: incomplete set of shards (seed %d, games %d to %d): %d of %d given; missing %s",
			k.seed, k.first, k.first+k.game-1, len(seen[k]), k.parts, strings.Join(missing, ", "))
	}
	return nil
}

// joinShards sorts shards and joins adjacent game ranges of one seed into
// one range. Every set of slices merged is complete (checkShards), so the
// slices lose their K/N and those of a study become its range.
func joinShards(sh []Shard) []Shard {
	sortShards(sh)
	var out []Shard
	for _, s := range sh {
		if s.Games == 0 {
			continue
		}
		s.Part, s.Parts, s.StudyFirstGame, s.StudyGames = 0, 0, 0, 0
		if n := len(out); n > 0 && out[n-1].Seed == s.Seed && out[n-1].FirstGame+out[n-1].Games == s.FirstGame {
			out[n-1].Games += s.Games
			continue
		}
		out = append(out, s)
	}
	return out
}
func compatible(a, b Meta) error {
	switch {
	case !reflect.DeepEqual(a.Variants, b.Variants):
		return fmt.Errorf("different variants (%s vs %s)", variantNames(a), variantNames(b))
	case !reflect.DeepEqual(a.Agents, b.Agents):
		return fmt.Errorf("different agents (%s vs %s)", strings.Join(a.Agents, ","), strings.Join(b.Agents, ","))
	case !reflect.DeepEqual(a.Sets, b.Sets):
		return fmt.Errorf("different --set overrides (%v vs %v)", a.Sets, b.Sets)
	case a.CallFouls != b.CallFouls:
		return fmt.Errorf("one calls fouls and the other does not")
	case a.MaxPlies != b.MaxPlies:
		return fmt.Errorf("different --max-plies (%d vs %d)", a.MaxPlies, b.MaxPlies)
	}
	return nil
}

func variantNames(m Meta) string {
	var names []string
	for _, v := range m.Variants {
		names = append(names, v.Name)
	}
	return strings.Join(names, ", ")
}
