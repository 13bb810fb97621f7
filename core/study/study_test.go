package study

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func run(t *testing.T, cfg Config) (*Result, string) {
	t.Helper()
	if cfg.Out == "" {
		cfg.Out = t.TempDir()
	}
	res, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res, cfg.Out
}

func read(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sameFiles checks that the named files are byte for byte equal in a and b.
func sameFiles(t *testing.T, a, b string, names ...string) {
	t.Helper()
	for _, n := range names {
		if x, y := read(t, a, n), read(t, b, n); !bytes.Equal(x, y) {
			t.Errorf("%s differs between %s and %s:\n%s\n---\n%s", n, a, b, head(x), head(y))
		}
	}
}

func head(b []byte) string {
	if len(b) > 400 {
		return string(b[:400]) + "..."
	}
	return string(b)
}

func outputs(res *Result) []string {
	names := []string{"report.json", "report.md", "winrate.svg", "length.svg", "outcomes.svg", "branching.svg"}
	for _, v := range res.Meta.Variants {
		names = append(names, FileName(v.Name))
	}
	return names
}

func TestDeterminism(t *testing.T) {
	cfg := Config{Variants: []string{"mancala/egyptian", "strix/standard"}, Games: 9, Agents: []string{"random"}, Seed: 42}
	cfg.Jobs = 1
	res, one := run(t, cfg)
	cfg.Out, cfg.Jobs = "", 2
	_, two := run(t, cfg)
	cfg.Out = ""
	_, again := run(t, cfg)
	sameFiles(t, one, two, outputs(res)...)
	sameFiles(t, two, again, outputs(res)...)

	// another seed gives other games
	cfg.Out, cfg.Seed = "", 43
	_, other := run(t, cfg)
	if bytes.Equal(read(t, one, FileName("strix/standard")), read(t, other, FileName("strix/standard"))) {
		t.Error("seeds 42 and 43 played the same games")
	}

	// the JSONL holds one line per game, sorted by game index
	lines := strings.Split(strings.TrimSpace(string(read(t, one, FileName("mancala/egyptian")))), "\n")
	if len(lines) != 9 {
		t.Fatalf("%d lines, want 9", len(lines))
	}
	for i, l := range lines {
		var r Record
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Game != i || r.Variant != "mancala/egyptian" || r.Seed != 42 || r.GameSeed != GameSeed(42, 0, i) {
			t.Errorf("line %d: game %d variant %s seed %d", i, r.Game, r.Variant, r.Seed)
		}
		if len(r.Branching) != r.Plies || len(r.Scores) != 2 || len(r.Agents) != 2 {
			t.Errorf("line %d: %d branching entries for %d plies, scores %v", i, len(r.Branching), r.Plies, r.Scores)
		}
		if r.Draw == (r.Winner >= 0) && !r.Timeout {
			t.Errorf("line %d: winner %d draw %v", i, r.Winner, r.Draw)
		}
	}
}

// A search agent with a playout budget, and the foul referee, are
// deterministic too, whatever the number of jobs.
func TestDeterminismMCTSAndFouls(t *testing.T) {
	cfg := Config{Variants: []string{"mancala/egyptian"}, Games: 4, Agents: []string{"mcts:30p", "random"}, Seed: 5, Jobs: 1}
	res, one := run(t, cfg)
	cfg.Out, cfg.Jobs = "", 2
	_, two := run(t, cfg)
	sameFiles(t, one, two, outputs(res)...)
	m := res.Report.Variants[0]
	if len(m.Agents) != 2 || m.Agents[0].Seated != 4 || m.Agents[1].Seated != 4 {
		t.Errorf("agent seatings %+v", m.Agents)
	}

	cfg = Config{Variants: []string{"strix/simple"}, Games: 3, Agents: []string{"random"}, Seed: 3, Jobs: 1, CallFouls: true, MaxPlies: 200}
	res, one = run(t, cfg)
	cfg.Out, cfg.Jobs = "", 2
	_, two = run(t, cfg)
	sameFiles(t, one, two, outputs(res)...)
	judged := 0
	st, err := Load(one)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range st.Records["strix/simple"] {
		if r.Fouls == nil {
			t.Fatal("no foul record for strix/simple")
		}
		judged += r.Fouls.Judged
		if r.Plies > 200 {
			t.Errorf("game %d: %d plies past --max-plies 200", r.Game, r.Plies)
		}
		if r.Fouls.Called > r.Fouls.Committed {
			t.Errorf("game %d: %d calls for %d fouls", r.Game, r.Fouls.Called, r.Fouls.Committed)
		}
	}
	if judged == 0 {
		t.Error("the referee judged no move")
	}
}

func TestMergeShards(t *testing.T) {
	base := Config{Variants: []string{"mancala/nigerian", "strix/standard"}, Agents: []string{"random"}, Seed: 9, Jobs: 2}
	whole := base
	whole.Games = 10
	res, all := run(t, whole)
	a, b := base, base
	a.Games, b.FirstGame, b.Games = 4, 4, 6
	_, da := run(t, a)
	_, db := run(t, b)
	out := t.TempDir()
	// the order of the shards does not matter
	if _, err := Merge([]string{db, da}, out); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, all, out, outputs(res)...)
	// adjacent ranges are joined: study.json is the whole run's too
	sameFiles(t, all, out, "study.json")
	// ranges with a gap are kept apart
	c3 := base
	c3.FirstGame, c3.Games = 12, 2
	_, d3 := run(t, c3)
	gap, err := Merge([]string{da, d3}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if sh := gap.Meta.Shards; len(sh) != 2 || sh[0] != (Shard{Seed: 9, FirstGame: 0, Games: 4}) || sh[1] != (Shard{Seed: 9, FirstGame: 12, Games: 2}) {
		t.Errorf("shards %+v", sh)
	}

	// the same games twice are refused
	if _, err := Merge([]string{da, da}, t.TempDir()); err == nil || !strings.Contains(err.Error(), "disjoint") {
		t.Errorf("merging a shard with itself: %v", err)
	}
	// different options are refused
	c := a
	c.Seed, c.MaxPlies = 10, 50
	_, dc := run(t, c)
	if _, err := Merge([]string{da, dc}, t.TempDir()); err == nil || !strings.Contains(err.Error(), "max-plies") {
		t.Errorf("merging different --max-plies: %v", err)
	}
	// disjoint seeds merge into the union of the games
	d := a
	d.Seed = 10
	_, dd := run(t, d)
	u, err := Merge([]string{da, dd}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if n := u.Report.Variants[1].Games; n != 8 {
		t.Errorf("%d games in the union of two 4-game shards", n)
	}
	if got := u.Report.Seeds; len(got) != 2 || got[0] != 9 || got[1] != 10 {
		t.Errorf("seeds %v", got)
	}
}

func wellFormed(t *testing.T, name string, data []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", name, err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
			if se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Errorf("%s: root namespace %q", name, se.Name.Space)
			}
		}
	}
	if root != "svg" {
		t.Errorf("%s: root element %q, want svg", name, root)
	}
}

func TestReportStrixEditions(t *testing.T) {
	res, dir := run(t, Config{Variants: []string{"strix/first-edition", "strix/standard"}, Games: 6,
		Agents: []string{"random"}, Seed: 1, Jobs: 2, CallFouls: true, MaxPlies: 150})
	md := string(read(t, dir, "report.md"))
	for _, want := range []string{"strix/first-edition", "strix/standard", "## Win rate by seat", "## Fouls (per game)",
		"fouls called", "takebacks spent", "| balance (1 − max−min) |", "p90", "decision moves",
		"![win rate by seat](winrate.svg)", "the referee calls every foul"} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	// the goal rows name each variant's own ends
	for _, re := range []string{`\| wins by the foul's goal \| \d\.\d{3} \(nest\) \| \d\.\d{3} \(nest\) \|`,
		`\| wins by the last seat left \| \d\.\d{3} \(last_owl\) \| \d\.\d{3} \(last_owl\) \|`} {
		if !regexp.MustCompile(re).MatchString(md) {
			t.Errorf("report.md has no line matching %s", re)
		}
	}
	for _, c := range res.Report.Charts {
		wellFormed(t, c, read(t, dir, c))
	}
	if len(res.Report.Charts) != 5 {
		t.Errorf("charts %v, want 5 with fouls.svg", res.Report.Charts)
	}
	var rep Report
	if err := json.Unmarshal(read(t, dir, "report.json"), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Variants) != 2 || rep.Variants[0].Fouls == nil || rep.Variants[0].Fouls.Foul != "preparation" ||
		rep.Variants[1].Fouls.Foul != "third_bird" || !rep.Deterministic {
		t.Errorf("report.json: %+v", rep)
	}
	if f := rep.Variants[1].Fouls; f.Called == 0 || f.TakebacksSpent == 0 || f.Called > f.Committed {
		t.Errorf("strix/standard with the referee: %+v", f)
	}
	for _, m := range rep.Variants {
		sum := m.Completion + m.Drawishness + m.TimeoutRate
		if sum < 1-1e-12 || sum > 1+1e-12 {
			t.Errorf("%s: completion + drawishness + timeouts = %v", m.Variant, sum)
		}
	}

	// a report without fouls has no fouls chart; names with markup are escaped
	res, dir = run(t, Config{Variants: []string{"mancala/egyptian"}, Games: 2, Agents: []string{"random"}, Seed: 1})
	if _, err := os.Stat(filepath.Join(dir, "fouls.svg")); err == nil {
		t.Error("fouls.svg written for a variant without a foul")
	}
	res.Report.Variants[0].Variant = `a<b & "c"`
	for _, svg := range []string{res.Report.winRateSVG(), res.Report.lengthSVG(), res.Report.outcomesSVG(), res.Report.branchingSVG()} {
		wellFormed(t, "escaped", []byte(svg))
	}
}

func TestRunErrors(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Variants: []string{"mancala/egyptian"}, Games: 1, Agents: []string{"alphazero"}}, "bad spec"},
		{Config{Variants: []string{"mancala/egyptian"}, Games: 1, Agents: []string{"random", "random", "random"}}, "3 agents"},
		{Config{Variants: []string{"mancala/egyptian"}, Games: 0}, "at least one game"},
		{Config{Variants: []string{"strix/standard", "strix/standard"}, Games: 1}, "same variant"},
		{Config{Variants: []string{"no/such"}, Games: 1}, "no/such"},
		{Config{Variants: []string{"mancala/egyptian"}, Games: MaxGames + 1}, "limited to"},
		{Config{Variants: []string{"mancala/egyptian"}, Games: 10, FirstGame: MaxGames - 5}, "limited to"},
		{Config{Variants: []string{"mancala/egyptian"}, Games: 1, Jobs: -1}, "jobs"},
		{Config{Variants: []string{"mancala/egyptian"}, Games: 1, Jobs: MaxJobs + 1}, "jobs"},
		{Config{Variants: []string{"mancala/egyptian"}, Games: 1, Part: 3, Parts: 3}, "0 ≤ K < N"},
		{Config{Variants: []string{"mancala/egyptian"}, Games: 1, Part: -1, Parts: 3}, "0 ≤ K < N"},
	} {
		c.cfg.Out = t.TempDir()
		if _, err := Run(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.cfg, err, c.want)
		}
	}
}

func TestProgress(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, false, 20)
	for i := 0; i < 20; i++ {
		p.step()
	}
	p.finish()
	if n := strings.Count(b.String(), "\n"); n != 10 {
		t.Errorf("%d progress lines, want one per 10%%:\n%s", n, b.String())
	}
	b.Reset()
	p = newProgress(&b, true, 3)
	for i := 0; i < 3; i++ {
		p.step()
	}
	p.finish()
	if !strings.Contains(b.String(), "\r[") || !strings.Contains(b.String(), "3/3 games") {
		t.Errorf("terminal progress: %q", b.String())
	}
	p = newProgress(nil, false, 3)
	p.step()
	p.finish()
}

// The slices of --shard K/N cover the study: their results files,
// concatenated in order, are the whole run's, and their merge writes the
// whole run's files byte for byte, with more slices than games too.
func TestShardSlices(t *testing.T) {
	base := Config{Variants: []string{"mancala/egyptian", "dvonn"}, Agents: []string{"random"}, Seed: 4, Jobs: 2, FirstGame: 3, Games: 7}
	res, all := run(t, base)
	for _, parts := range []int{3, 9} {
		var dirs []string
		concat := map[string][]byte{}
		for k := 0; k < parts; k++ {
			c := base
			c.Part, c.Parts = k, parts
			_, d := run(t, c)
			dirs = append(dirs, d)
			for _, v := range res.Meta.Variants {
				concat[v.Name] = append(concat[v.Name], read(t, d, FileName(v.Name))...)
			}
		}
		for _, v := range res.Meta.Variants {
			if !bytes.Equal(concat[v.Name], read(t, all, FileName(v.Name))) {
				t.Errorf("%d slices: the results of %s concatenated differ from the whole run's", parts, v.Name)
			}
		}
		out := t.TempDir()
		// the order of the directories does not matter
		rev := append([]string(nil), dirs...)
		slices.Reverse(rev)
		if _, err := Merge(rev, out); err != nil {
			t.Fatal(err)
		}
		sameFiles(t, all, out, append(outputs(res), "study.json")...)

		// an incomplete set is refused, naming what is missing
		_, err := Merge(append(append([]string(nil), dirs[:1]...), dirs[2:]...), t.TempDir())
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("missing 1/%d", parts)) {
			t.Errorf("merging without slice 1 of %d: %v", parts, err)
		}
		// so is a slice given twice
		if _, err := Merge(append(dirs, dirs[0]), t.TempDir()); err == nil {
			t.Errorf("merging slice 0 of %d twice: no error", parts)
		}
	}
}

// Merge refuses a directory whose results lack a game it declares, hold
// one it does not, or list them out of order; and an --out that is an
// input.
func TestMergeRefusesDamagedShards(t *testing.T) {
	cfg := Config{Variants: []string{"mancala/egyptian"}, Agents: []string{"random"}, Seed: 2, Games: 4, Jobs: 1}
	_, a := run(t, cfg)
	cfg.FirstGame = 4
	_, b := run(t, cfg)
	file := filepath.Join(b, FileName("mancala/egyptian"))
	good := read(t, b, FileName("mancala/egyptian"))
	lines := strings.SplitAfter(string(good), "\n")
	lines = lines[:len(lines)-1] // after the last newline
	for _, c := range []struct {
		name, data, want string
	}{
		{"last game missing", strings.Join(lines[:3], ""), "game 7 (seed 2) is missing"},
		{"a middle game missing", lines[0] + lines[2] + lines[3], "game 6 (seed 2) where game 5 (seed 2) was expected"},
		{"a game doubled", strings.Join(lines, "") + lines[3], "not in the games"},
		{"out of order", lines[1] + lines[0] + lines[2] + lines[3], "game 5 (seed 2) where game 4 (seed 2) was expected"},
		{"empty", "", "game 4 (seed 2) is missing"},
	} {
		if err := os.WriteFile(file, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Merge([]string{a, b}, t.TempDir()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if err := os.WriteFile(file, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Merge([]string{a, b}, a); err == nil || !strings.Contains(err.Error(), "one of the directories") {
		t.Errorf("--out an input: %v", err)
	}
	if _, err := Merge([]string{a, b}, t.TempDir()); err != nil {
		t.Errorf("the repaired shards: %v", err)
	}
}

// A variant with dice plays the same games for a seed whatever the number
// of jobs (the throws are drawn by the seats' seeded agents), other games
// for another seed; a game's plies count decisions, not throws.
func TestDeterminismChance(t *testing.T) {
	dice := "../../testdata/variants/dice-race.toml"
	cfg := Config{Variants: []string{dice}, Games: 12, Agents: []string{"random", "mcts:50p"}, Seed: 5, Jobs: 1}
	res, one := run(t, cfg)
	cfg.Out, cfg.Jobs = "", 2
	_, two := run(t, cfg)
	sameFiles(t, one, two, outputs(res)...)
	cfg.Out, cfg.Seed = "", 6
	_, other := run(t, cfg)
	name := FileName(res.Meta.Variants[0].Name)
	if bytes.Equal(read(t, one, name), read(t, other, name)) {
		t.Error("seeds 5 and 6 played the same games")
	}
	for i, l := range strings.Split(strings.TrimSpace(string(read(t, one, name))), "\n") {
		var r Record
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if len(r.Branching) != r.Plies || r.Plies == 0 {
			t.Errorf("game %d: %d branching entries for %d plies", i, len(r.Branching), r.Plies)
		}
	}
}
