package core_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// repVariant is Mu-torere (positions recur often on its eight points) with
// a repetition rule added.
func repVariant(t *testing.T, table string) *core.Game {
	return repVariantOf(t, "traditional/mu-torere", table)
}

func repVariantOf(t *testing.T, base, table string) *core.Game {
	t.Helper()
	src := `extends = "` + base + `"
name = "test/repetition"
[end.again]
type = "repetition"
` + table
	g, err := core.LoadBytes("rep.toml", []byte(src), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The repetition ban keeps counts by hash along the game, restored on
// undo; this test keeps the positions as a list and scans it. Over random
// games with random undos, the legal moves are exactly the moves of a
// copy (which has no history, so no ban) less those reaching a position
// that already occurred count-1 times, the scan says.
//
// Chinese checkers with a ban added: its hop chains are played on the
// chain's own copies, and the game's history must survive them.
func TestRepetitionBanMatchesScan(t *testing.T) {
	for _, tc := range []struct {
		base         string
		count, games int
	}{{"traditional/mu-torere", 2, 40}, {"traditional/mu-torere", 3, 40}, {"traditional/chinese-checkers", 2, 6}} {
		count := tc.count
		t.Run(fmt.Sprint(tc.base, count), func(t *testing.T) {
			g := repVariantOf(t, tc.base, fmt.Sprintf("count = %d\nforbid = true\n", count))
			rng := rand.New(rand.NewPCG(uint64(count), 77))
			banned, plies := 0, 0
			for game := 0; game < tc.games; game++ {
				h := core.NewHistory(g, g.NewState())
				seen := []uint64{h.State.Hash()} // the positions so far, the one on the board last
				for ply := 0; ply < 120; ply++ {
					free := g.Moves(h.State.Clone(), nil)
					var want []core.Move
					for _, m := range free {
						c := h.State.Clone()
						if err := g.Play(c, m); err != nil {
							t.Fatal(err)
						}
						n := 0
						for _, x := range seen {
							if x == c.Hash() {
								n++
							}
						}
						if len(seen) > 1 && n >= count-1 {
							banned++
							continue
						}
						want = append(want, m)
					}
					got := g.Moves(h.State, nil)
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("game %d ply %d: legal %v, the scan says %v", game, ply, got, want)
					}
					if len(got) == 0 {
						break
					}
					if len(seen) > 1 && rng.IntN(5) == 0 {
						h.Undo()
						seen = seen[:len(seen)-1]
						continue
					}
					if err := h.Play(got[rng.IntN(len(got))]); err != nil {
						t.Fatal(err)
					}
					seen = append(seen, h.State.Hash())
					plies++
				}
			}
			t.Logf("%d banned moves in %d plies", banned, plies)
			if banned == 0 {
				t.Fatalf("no move was banned in %d plies", plies)
			}
		})
	}
}

// The repetition draw, judged by History and by Playout from counts kept
// along the game, ends the game exactly when a scan of the positions finds
// the one on the board for the count-th time.
func TestRepetitionDrawMatchesScan(t *testing.T) {
	g := repVariant(t, "count = 3\n")
	rng := rand.New(rand.NewPCG(5, 6))
	draws := 0
	for game := 0; game < 60; game++ {
		var record []core.Move
		s := g.NewState()
		if _, err := g.Playout(s, rng, nil, &record); err != nil {
			t.Fatal(err)
		}
		// the scan: the first ply at which a position occurs the third time
		c := g.NewState()
		seen := []uint64{c.Hash()}
		end := -1
		for i, m := range record {
			if err := g.Play(c, m); err != nil {
				t.Fatal(err)
			}
			seen = append(seen, c.Hash())
			n := 0
			for _, x := range seen {
				if x == c.Hash() {
					n++
				}
			}
			if n >= 3 {
				end = i + 1
				break
			}
		}
		r := g.Result(s)
		by, _ := g.EndedBy(s)
		byRep := r.Over && by == "again"
		if byRep != (end >= 0) || (byRep && end != len(record)) {
			t.Fatalf("game %d: %d plies, ended by %q; the scan finds the third occurrence at ply %d", game, len(record), by, end)
		}
		// History judges the same record alike, also after undoing the last
		// move and playing it again
		hist := core.NewHistory(g, g.NewState())
		for _, m := range record {
			if err := hist.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if byRep {
			draws++
			hist.Undo()
			if g.Result(hist.State).Over {
				t.Fatalf("game %d: over after undoing the repetition", game)
			}
			_ = hist.Play(record[len(record)-1])
		}
		hr := g.Result(hist.State)
		if hby, _ := g.EndedBy(hist.State); hr != r || hby != by {
			t.Fatalf("game %d: History ends %+v (%s), Playout %+v (%s)", game, hr, hby, r, by)
		}
	}
	t.Logf("%d of 60 games drawn by repetition", draws)
	if draws == 0 {
		t.Fatal("no game was drawn by repetition")
	}
}
