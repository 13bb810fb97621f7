// Package study runs self-play studies that compare rule editions: N games
// of each variant between agents (seats rotated), one JSON line per game,
// and a report of the game-evaluation metrics of the literature (Browne
// 2008; Ludii's evaluation metrics) as Markdown, JSON and SVG charts.
//
// A study is deterministic for a seed when its agents have playout budgets
// (random, mcts:300p): every game is seeded from (seed, variant index, game
// index) alone, so the results do not depend on the number of workers or on
// scheduling, and a study split by game ranges (FirstGame) or by seeds
// across processes merges (Merge) into exactly what one run would write.
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
	// Seed seeds the study.
	Seed uint64
	// Jobs is the number of worker goroutines; 0: runtime.NumCPU().
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

// Shard is one run: a seed and a range of game indices.
type Shard struct {
	Seed      uint64 `json:"seed"`
	FirstGame int    `json:"first_game"`
	Games     int    `json:"games"`
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
	vi := VariantInfo{Name: g.Name, Title: g.Title, Seats: append([]string(nil), g.Seats...)}
	if g.Doc != nil {
		if _, ok := g.Doc.Get("scoring.score"); ok {
			vi.Scored = true
		}
		if w, ok := g.Doc.Get("scoring.winner"); ok && w == "lowest" {
			vi.Lowest = true
		}
		for _, name := range g.Doc.Children("end") {
			t, _ := g.Doc.Get("end." + name + ".type")
			ts, _ := t.(string)
			vi.Ends = append(vi.Ends, EndInfo{Name: name, Type: ts})
		}
		if g.Foul != nil {
			if goal, ok := g.Doc.Get("fouls." + g.Foul.Name + ".goal"); ok {
				vi.Goal, _ = goal.(string)
			}
		}
	}
	if g.Foul != nil {
		vi.Foul = g.Foul.Name
		vi.Takebacks = g.Foul.Takebacks
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

// Result is what Run and Merge return.
type Result struct {
	Meta    Meta
	Records map[string][]Record // by variant name, sorted by (seed, game)
	Report  *Report
}

// Run plays the study and writes DIR/study.json, DIR/games-<variant>.jsonl,
// DIR/report.md, DIR/report.json and the SVG charts.
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
	games := make([]*core.Game, len(cfg.Variants))
	meta := Meta{Format: 1, Agents: append([]string(nil), cfg.Agents...), Sets: append([]string{}, cfg.Sets...),
		CallFouls: cfg.CallFouls, MaxPlies: cfg.MaxPlies,
		Shards: []Shard{{Seed: cfg.Seed, FirstGame: cfg.FirstGame, Games: cfg.Games}}}
	files := map[string]string{}
	for i, name := range cfg.Variants {
		g, err := load(name, cfg.Sets)
		if err != nil {
			return nil, err
		}
		if len(cfg.Agents) > len(g.Seats) {
			return nil, fmt.Errorf("study: %d agents for %s, which has %d seats", len(cfg.Agents), g.Name, len(g.Seats))
		}
		f := FileName(g.Name)
		if prev, ok := files[f]; ok {
			return nil, fmt.Errorf("study: %s and %s are the same variant (%s); compare distinct variants", prev, name, g.Name)
		}
		files[f] = name
		games[i] = g
		meta.Variants = append(meta.Variants, Info(g))
	}
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	type task struct{ v, i int }
	total := len(games) * cfg.Games
	out := make([][]Record, len(games))
	for v := range out {
		out[v] = make([]Record, cfg.Games)
	}
	tasks := make(chan task)
	var (
		wg      sync.WaitGroup
		errOnce sync.Once
		runErr  error
		failed  atomic.Bool
	)
	prog := newProgress(cfg.Progress, cfg.Terminal, total)
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := newPlayer()
			for t := range tasks {
				if failed.Load() {
					continue
				}
				idx := cfg.FirstGame + t.i
				rec, err := p.play(games[t.v], gameSpec{
					variantIndex: t.v, game: idx, seed: cfg.Seed,
					agents:    Lineup(cfg.Agents, len(games[t.v].Seats), idx),
					callFouls: cfg.CallFouls, maxPlies: cfg.MaxPlies})
				if err != nil {
					errOnce.Do(func() { runErr = fmt.Errorf("study: %s game %d: %w", games[t.v].Name, idx, err) })
					failed.Store(true)
					continue
				}
				out[t.v][t.i] = rec
				prog.step()
			}
		}()
	}
	// interleave the variants so that progress reflects all of them
	for i := 0; i < cfg.Games; i++ {
		for v := range games {
			tasks <- task{v, i}
		}
	}
	close(tasks)
	wg.Wait()
	prog.finish()
	if runErr != nil {
		return nil, runErr
	}
	res := &Result{Meta: meta, Records: map[string][]Record{}}
	for v, g := range games {
		res.Records[g.Name] = out[v]
	}
	if err := res.write(cfg.Out); err != nil {
		return nil, err
	}
	return res, nil
}

// write writes the study's files to dir.
func (r *Result) write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("study: %v", err)
	}
	for _, vi := range r.Meta.Variants {
		recs := r.Records[vi.Name]
		sortRecords(recs)
		var buf bytes.Buffer
		for _, rec := range recs {
			line, err := json.Marshal(rec)
			if err != nil {
				return fmt.Errorf("study: %v", err)
			}
			buf.Write(line)
			buf.WriteByte('\n')
		}
		if err := os.WriteFile(filepath.Join(dir, FileName(vi.Name)), buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("study: %v", err)
		}
	}
	meta, err := json.MarshalIndent(r.Meta, "", "  ")
	if err != nil {
		return fmt.Errorf("study: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "study.json"), append(meta, '\n'), 0o644); err != nil {
		return fmt.Errorf("study: %v", err)
	}
	r.Report = BuildReport(r.Meta, r.Records)
	return r.Report.Write(dir)
}

func sortRecords(recs []Record) {
	sort.SliceStable(recs, func(i, j int) bool {
		if recs[i].Seed != recs[j].Seed {
			return recs[i].Seed < recs[j].Seed
		}
		return recs[i].Game < recs[j].Game
	})
}

// Load reads a study directory: study.json and every variant's results.
func Load(dir string) (*Result, error) {
	data, err := os.ReadFile(filepath.Join(dir, "study.json"))
	if err != nil {
		return nil, fmt.Errorf("study: %s is not a study directory: %v", dir, err)
	}
	var meta Meta
	if err := json.Unmarshal(data, &meta); err != nil {
		return nil, fmt.Errorf("study: %s: %v", filepath.Join(dir, "study.json"), err)
	}
	if meta.Format != 1 {
		return nil, fmt.Errorf("study: %s: unknown format %d", filepath.Join(dir, "study.json"), meta.Format)
	}
	res := &Result{Meta: meta, Records: map[string][]Record{}}
	for _, vi := range meta.Variants {
		file := filepath.Join(dir, FileName(vi.Name))
		recs, err := readRecords(file)
		if err != nil {
			return nil, err
		}
		for i := range recs {
			if recs[i].Variant != vi.Name {
				return nil, fmt.Errorf("study: %s: game %d is of %q, not %q", file, recs[i].Game, recs[i].Variant, vi.Name)
			}
			if len(recs[i].Scores) != len(vi.Seats) || len(recs[i].Agents) != len(vi.Seats) {
				return nil, fmt.Errorf("study: %s: game %d has %d scores and %d agents for %d seats", file, recs[i].Game, len(recs[i].Scores), len(recs[i].Agents), len(vi.Seats))
			}
		}
		res.Records[vi.Name] = recs
	}
	return res, nil
}

func readRecords(file string) ([]Record, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("study: %v", err)
	}
	defer f.Close()
	var out []Record
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 1<<30)
	line := 0
	for sc.Scan() {
		line++
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("study: %s:%d: %v", file, line, err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("study: %s: %v", file, err)
	}
	return out, nil
}

// Merge reads study directories produced with the same variants, agents
// and options but disjoint seeds or game ranges, and writes their union to
// out, with its report: the same files one run of all of them writes.
func Merge(dirs []string, out string) (*Result, error) {
	if len(dirs) == 0 {
		return nil, errors.New("study: nothing to merge")
	}
	var merged *Result
	seen := map[string]string{}
	for _, dir := range dirs {
		r, err := Load(dir)
		if err != nil {
			return nil, err
		}
		if merged == nil {
			merged = &Result{Meta: r.Meta, Records: map[string][]Record{}}
			merged.Meta.Shards = nil
		} else if err := compatible(merged.Meta, r.Meta); err != nil {
			return nil, fmt.Errorf("study: cannot merge %s with %s: %v", dir, dirs[0], err)
		}
		merged.Meta.Shards = append(merged.Meta.Shards, r.Meta.Shards...)
		for _, vi := range r.Meta.Variants {
			for _, rec := range r.Records[vi.Name] {
				key := fmt.Sprintf("%s\x00%d\x00%d", rec.Variant, rec.Seed, rec.Game)
				if prev, ok := seen[key]; ok {
					return nil, fmt.Errorf("study: %s game %d (seed %d) is in both %s and %s: shards must have disjoint seeds or game ranges", rec.Variant, rec.Game, rec.Seed, prev, dir)
				}
				seen[key] = dir
				merged.Records[vi.Name] = append(merged.Records[vi.Name], rec)
			}
		}
	}
	sort.Slice(merged.Meta.Shards, func(i, j int) bool {
		a, b := merged.Meta.Shards[i], merged.Meta.Shards[j]
		if a.Seed != b.Seed {
			return a.Seed < b.Seed
		}
		return a.FirstGame < b.FirstGame
	})
	if err := merged.write(out); err != nil {
		return nil, err
	}
	return merged, nil
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
