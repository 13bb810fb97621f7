package editor

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"

	"rulesmith/core"
	"rulesmith/core/study"
)

// Balance at a keystroke: b plays a small self-play study (core/study) of
// the rules in play and of a base, on a goroutine, and shows each one's
// win rate by seat with 95% intervals, draws and game lengths when done.
// The base is the file as it was when the editor opened it, once the rules
// were edited; before that, the variant it extends.

// studyGames is the number of games per side of a balance study.
const studyGames = 100

// studyRun is a balance study, running or done.
type studyRun struct {
	running        bool
	base, edited   string // what each side is
	baseM, editedM study.Metrics
	err            error
}

// baseGame finds the base to compare the rules in play with, and names it.
func (a *App) baseGame() (*core.Game, string, error) {
	a.mu.Lock()
	current := a.lastData
	a.mu.Unlock()
	if a.opts.Edit && a.openedData != nil && string(current) != string(a.openedData) {
		g, err := a.opts.loadBytes(a.openedData)
		if err != nil {
			return nil, "", fmt.Errorf("the rules as opened do not load: %w", err)
		}
		return g, "as opened", nil
	}
	var data []byte
	var err error
	if strings.HasSuffix(a.opts.Variant, ".toml") {
		data, err = readRegular(a.opts.Variant)
	} else if a.opts.FS != nil {
		data, err = fs.ReadFile(a.opts.FS, a.opts.Variant+".toml")
	}
	if err != nil {
		return nil, "", err
	}
	var head struct {
		Extends string `toml:"extends"`
	}
	_, _ = toml.Decode(string(data), &head)
	if head.Extends == "" {
		return nil, "", fmt.Errorf("%s extends no variant and its rules are not edited: nothing to compare with", a.opts.Variant)
	}
	name := head.Extends
	if strings.HasSuffix(name, ".toml") && !filepath.IsAbs(name) {
		name = filepath.Join(filepath.Dir(a.opts.Variant), name)
	}
	g, err := core.Load(name, core.WithFS(a.opts.FS), core.WithSet(a.opts.Sets...), core.WithTableCache(a.opts.TableCache))
	if err != nil {
		return nil, "", fmt.Errorf("the base %s: %w", head.Extends, err)
	}
	return g, head.Extends, nil
}

// startStudy starts a balance study unless one runs.
func (a *App) startStudy() {
	if a.study != nil && a.study.running {
		a.in.Msg = "a balance study is running"
		return
	}
	base, baseName, err := a.baseGame()
	if err != nil {
		a.in.Err = "balance: " + err.Error()
		return
	}
	edited := a.sess.Game
	run := &studyRun{running: true, base: baseName, edited: "in play"}
	a.study = run
	a.in.Msg = fmt.Sprintf("balance: %d random games of each in the background…", studyGames)
	go func() {
		bm, err := studyOne(base)
		var em study.Metrics
		if err == nil {
			em, err = studyOne(edited)
		}
		a.post(func() {
			run.running, run.baseM, run.editedM, run.err = false, bm, em, err
			if a.study == run {
				a.in.Msg = "balance study done"
				if err != nil {
					a.in.Err = "balance: " + err.Error()
				}
			}
			a.refresh()
		})
	}()
}

// studyOne plays studyGames random games of g (one job: the editor stays
// responsive) and returns the metrics.
func studyOne(g *core.Game) (study.Metrics, error) {
	dir, err := os.MkdirTemp("", "rulesmith-balance")
	if err != nil {
		return study.Metrics{}, err
	}
	defer os.RemoveAll(dir)
	res, err := study.Run(study.Config{
		Variants: []string{"v"}, Games: studyGames, Agents: []string{"random"}, Seed: 1, Jobs: 1, Out: dir,
		Load: func(string, []string) (*core.Game, error) { return g, nil },
	})
	if err != nil {
		return study.Metrics{}, err
	}
	if len(res.Report.Variants) != 1 {
		return study.Metrics{}, fmt.Errorf("balance: the study reported %d variants", len(res.Report.Variants))
	}
	return res.Report.Variants[0], nil
}

// studyText renders the study for the side panel.
func (a *App) studyText() string {
	r := a.study
	if r == nil {
		return ""
	}
	if r.running {
		return fmt.Sprintf("balance: playing %d random games of each…", studyGames)
	}
	if r.err != nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "balance (%d random games each; win rate, 95%% interval):\n", studyGames)
	for _, side := range []struct {
		name string
		m    study.Metrics
	}{{r.base, r.baseM}, {r.edited, r.editedM}} {
		fmt.Fprintf(&b, "%s:", side.name)
		for i, seat := range side.m.Seats {
			fmt.Fprintf(&b, " %s %s [%s, %s]", seat, rate(side.m.WinRate[i]), rate(side.m.WinCI[i].Lo), rate(side.m.WinCI[i].Hi))
		}
		fmt.Fprintf(&b, "; draws %d; %.1f plies\n", side.m.Draws, side.m.Length.Mean)
	}
	return b.String()
}

// rate writes a share as ".41" (1 as "1").
func rate(x float64) string {
	if x >= 1 {
		return "1"
	}
	return strings.TrimPrefix(fmt.Sprintf("%.2f", x), "0")
}
