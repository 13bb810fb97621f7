package core_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"rulesmith/core"
	"rulesmith/core/internal/handwritten"
)

// threadCPU returns the CPU time the calling OS thread has used
// (CLOCK_THREAD_CPUTIME_ID): unlike wall time it does not count the time
// other processes hold the core, which makes ratios steady on a shared
// machine.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// TestPlayoutRatio is the steady measure of the playout benchmarks'
// framework ÷ hand-written ratio: on one locked thread it alternates rounds
// of games of each side and reports, from the thread's CPU time, the
// minimum and first quartile per game and their ratios. It runs only when
// RULESMITH_RATIO names the pairs ("all", or e.g. "egyptian,dvonn");
// RULESMITH_RATIO_ROUNDS sets the rounds (default 40).
//
//	RULESMITH_RATIO=egyptian,dvonn go test ./core -run TestPlayoutRatio -v
func TestPlayoutRatio(t *testing.T) {
	only := os.Getenv("RULESMITH_RATIO")
	if only == "" {
		t.Skip("set RULESMITH_RATIO=all (or some of egyptian,dvonn,morris,cribbage,ring,ringneutral,threechess,pachisi,reversi,connectfour,hex,draughts,gomoku,loa,amazons) to measure")
	}
	rounds := 40
	if v, err := strconv.Atoi(os.Getenv("RULESMITH_RATIO_ROUNDS")); err == nil && v > 0 {
		rounds = v
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	type pair struct {
		name, variant string
		games         int
		hw            func() func() int
	}
	pairs := []pair{
		{"egyptian", "mancala/egyptian", 1000, func() func() int {
			m := handwritten.NewMancala(6, 4)
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutMancala(m, rng) }
		}},
		{"dvonn", "dvonn", 200, func() func() int {
			d := handwritten.NewDvonn()
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutDvonn(d, rng) }
		}},
		{"morris", "traditional/nine-mens-morris", 200, func() func() int {
			m := handwritten.NewMorris()
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutMorris(m, rng) }
		}},
		{"cribbage", "traditional/cribbage", 100, func() func() int {
			c := handwritten.NewCribbage(61)
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutCribbage(c, rng) }
		}},
		{"ring", "traditional/ring-game", 20, func() func() int {
			x := handwritten.NewRingGame(3)
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutRingGame(x, rng) }
		}},
		{"ringneutral", "traditional/ring-game-neutral", 4, func() func() int {
			x := handwritten.NewRingGameNeutral()
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutRingGame(x, rng) }
		}},
		{"threechess", tcVariant, 20, func() func() int {
			x := handwritten.NewThreeChess()
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutThreeChess(x, rng) }
		}},
		{"pachisi", "traditional/pachisi", 40, func() func() int {
			p := handwritten.NewPachisi(4)
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutPachisi(p, rng) }
		}},
		{"reversi", "../testdata/variants/reversi.toml", 100, func() func() int {
			r := handwritten.NewReversi()
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutReversi(r, rng) }
		}},
		{"connectfour", "../testdata/variants/connect-four.toml", 1000, func() func() int {
			f := handwritten.NewConnectFour()
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutConnectFour(f, rng) }
		}},
		{"hex", "../testdata/variants/hex.toml", 20, func() func() int {
			h := handwritten.NewHex(11, true)
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutHex(h, rng) }
		}},
		{"draughts", "../testdata/variants/english-draughts.toml", 40, func() func() int {
			d := handwritten.NewDraughts()
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutDraughts(d, rng) }
		}},
		{"gomoku", "../testdata/variants/gomoku.toml", 40, func() func() int {
			g := handwritten.NewGomoku(15, 5, true)
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutGomoku(g, rng) }
		}},
		{"loa", "../testdata/variants/lines-of-action.toml", 4, func() func() int {
			l := handwritten.NewLinesOfAction()
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutLinesOfAction(l, rng) }
		}},
		{"amazons", "../testdata/variants/amazons-small.toml", 20, func() func() int {
			a := handwritten.NewAmazonsSmall()
			rng := rand.New(rand.NewPCG(1, 2))
			return func() int { return handwritten.PlayoutAmazons(a, rng) }
		}},
	}
	for _, p := range pairs {
		if only != "all" && !slices.Contains(strings.Split(only, ","), p.name) {
			continue
		}
		var g *core.Game
		if strings.HasSuffix(p.variant, ".toml") {
			g = loadFile(t, p.variant) // a test variant of testdata
		} else {
			g = load(t, p.variant)
		}
		start := g.NewState()
		s := g.NewState()
		rng := rand.New(rand.NewPCG(1, 2))
		buf := make([]core.Move, 0, 256)
		fw := func() int {
			s.CopyFrom(start)
			buf, _ = g.Playout(s, rng, buf, nil)
			return s.Ply()
		}
		hw := p.hw()
		var fts, hts []float64
		for round := 0; round < rounds; round++ {
			t0 := threadCPU()
			for i := 0; i < p.games; i++ {
				fw()
			}
			t1 := threadCPU()
			for i := 0; i < p.games; i++ {
				hw()
			}
			t2 := threadCPU()
			fts = append(fts, float64(t1-t0)/float64(p.games))
			hts = append(hts, float64(t2-t1)/float64(p.games))
		}
		slices.Sort(fts)
		slices.Sort(hts)
		q := len(fts) / 4
		fmt.Printf("%s: framework min %.0f q1 %.0f ns/game, hand-written min %.0f q1 %.0f ns/game, ratio min %.3f q1 %.3f\n",
			p.name, fts[0], fts[q], hts[0], hts[q], hts[0]/fts[0], hts[q]/fts[q])
	}
}
