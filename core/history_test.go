package core

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"rulesmith/variants"
)

// bigBoard is a 64×64 grid (4096 cells, the board limit) with two rooks
// and a few pieces each, a game that never ends before its ply limit.
const bigBoard = `name = "test/big"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 64
height = 64
[pieces.w]
owner = "white"
[pieces.b]
owner = "black"
[setup.pieces]
a1 = "w"
c3 = "w"
e5 = "w"
bl64 = "b"
bj60 = "b"
bh58 = "b"
[turns]
max_plies = 1000000
[moves.rook]
type = "slide"
dirs = ["n", "e", "s", "w"]
`

// History's undo by deltas gives back exactly the positions a full copy per
// move would, through any mix of play, undo and redo.
func TestHistoryDeltasMatchSnapshots(t *testing.T) {
	games := []*Game{}
	for _, name := range []string{"dvonn", "mancala/nigerian", "strix/standard", "traditional/four-field-kono"} {
		g, err := Load(name, WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	big, err := LoadBytes("big.toml", []byte(bigBoard))
	if err != nil {
		t.Fatal(err)
	}
	games = append(games, big)
	for _, g := range games {
		rng := rand.New(rand.NewPCG(3, uint64(len(g.name))))
		h := NewHistory(g, g.NewState())
		ref := []*State{h.State.Clone()} // ref[k]: the position after k moves
		var undone []Move                // moves that can be redone, last first
		for step := 0; step < 600; step++ {
			switch r := rng.IntN(10); {
			case r < 2 && h.Len() > 0:
				undone = append(undone, h.Moves()[h.Len()-1])
				if !h.Undo() {
					t.Fatalf("%s: undo refused", g.name)
				}
				ref = ref[:len(ref)-1]
			case r < 3 && len(undone) > 0:
				if !h.Redo() {
					t.Fatalf("%s: redo refused", g.name)
				}
				undone = undone[:len(undone)-1]
				ref = append(ref, h.State.Clone())
			default:
				moves := h.Legal(nil)
				if len(moves) == 0 {
					continue
				}
				if err := h.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatalf("%s: %v", g.name, err)
				}
				undone = undone[:0]
				ref = append(ref, h.State.Clone())
			}
			if h.Len() != len(ref)-1 || !h.State.Equal(ref[len(ref)-1]) {
				t.Fatalf("%s step %d: the position differs from the reference", g.name, step)
			}
			if h.Len() > 0 && !h.before().Equal(ref[len(ref)-2]) {
				t.Fatalf("%s step %d: the position before the last move differs", g.name, step)
			}
		}
		for h.Undo() {
			ref = ref[:len(ref)-1]
			if !h.State.Equal(ref[len(ref)-1]) {
				t.Fatalf("%s: unwinding: the position differs", g.name)
			}
		}
	}
}

// historyReplay plays plies random moves on the 4096-cell board and returns
// the bytes the History holds per ply beyond its start.
func historyReplay(tb testing.TB, g *Game, plies int) (perPly float64, snapshot int) {
	rng := rand.New(rand.NewPCG(1, 2))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	h := NewHistory(g, g.NewState())
	buf := make([]Move, 0, 256)
	for h.Len() < plies {
		buf = h.Legal(buf)
		if err := h.Play(buf[rng.IntN(len(buf))]); err != nil {
			tb.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(h)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(plies), 4 * len(h.State.buf)
}

// Replay memory grows with the moves, not with the board: on the largest
// board a ply costs a few dozen bytes where a snapshot costs the whole
// position.
func TestHistoryMemoryPerPly(t *testing.T) {
	g, err := LoadBytes("big.toml", []byte(bigBoard))
	if err != nil {
		t.Fatal(err)
	}
	perPly, snapshot := historyReplay(t, g, 10000)
	t.Logf("%.0f bytes per ply; a snapshot is %d bytes", perPly, snapshot)
	if perPly > 1024 {
		t.Errorf("%.0f bytes per ply, want at most 1024 (a snapshot is %d)", perPly, snapshot)
	}
}

// BenchmarkHistoryReplay4096 reports the memory a History holds per ply
// on a 4096-cell board (bytes/ply), beside the size of one position.
func BenchmarkHistoryReplay4096(b *testing.B) {
	g, err := LoadBytes("big.toml", []byte(bigBoard))
	if err != nil {
		b.Fatal(err)
	}
	var perPly float64
	var snapshot int
	for i := 0; i < b.N; i++ {
		perPly, snapshot = historyReplay(b, g, 5000)
	}
	b.ReportMetric(perPly, "bytes/ply")
	b.ReportMetric(float64(snapshot), "position-bytes")
}
