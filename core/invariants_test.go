package core_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

var shipped = []string{"mancala/egyptian", "mancala/ethiopian", "mancala/nigerian", "dvonn", "traditional/mu-torere", "traditional/tac-tix", "traditional/nine-mens-morris", "traditional/hnefatafl", "traditional/chess-tic-tac-toe", "traditional/fanorona", "traditional/latrunculi", "traditional/surakarta", "traditional/xiangqi", "traditional/chinese-checkers", "traditional/three-player-chess", "traditional/ring-game", "traditional/fox-and-geese", "traditional/four-field-kono", "traditional/latrunculi-kings-second", "traditional/ring-game-neutral"}

// shippedChance are the shipped variants with chance events (dice, deals):
// their own tests pin the rules; the invariants below (undo, redo, hash,
// replay of a record) run on them too, with outcomes chosen like moves.
var shippedChance = []string{"traditional/pachisi", "traditional/cribbage"}

func load(t testing.TB, name string, sets ...string) *core.Game {
	t.Helper()
	g, err := core.Load(name, core.WithFS(variants.FS()), core.WithSet(sets...))
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return g
}

// material counts what the rules conserve: stones on the board (mancala)
// and pieces on the board plus pieces in hand (DVONN).
func material(g *core.Game, s *core.State) (stones, pieces int) {
	for c := 0; c < g.Board().N(); c++ {
		stones += s.Count(c)
		pieces += s.Height(c)
	}
	for seat := range g.Seats() {
		for k := range g.Kinds() {
			pieces += s.HandLeft(seat, k)
		}
	}
	return
}

// allPieces counts the pieces on the board and in every zone (the hand
// included), of every seat's instance of a per-seat zone.
func allPieces(g *core.Game, s *core.State) int {
	n := 0
	for c := 0; c < g.Board().N(); c++ {
		n += s.Height(c)
	}
	for z := range g.Zones() {
		if !g.ZonePerSeat(z) {
			n += s.ZoneSize(z, 0)
			continue
		}
		for seat := range g.Seats() {
			n += s.ZoneSize(z, seat)
		}
	}
	return n
}

// Over many random games: stones are conserved exactly (mancala moves them,
// never creates or destroys them); pieces only ever decrease, and only by
// the cut-off removal after a stacking move; undo (History) restores the
// exact state; the hash is a function of the position.
func TestRandomGameInvariants(t *testing.T) {
	for _, name := range append(append([]string(nil), shipped...), shippedChance...) {
		t.Run(name, func(t *testing.T) {
			g := load(t, name)
			rng := rand.New(rand.NewPCG(7, 11))
			games := 300
			switch name {
			case "traditional/three-player-chess", "traditional/ring-game":
				games = 30 // long games (600- and 1000-ply caps)
			case "traditional/ring-game-neutral":
				games = 6 // 1000-ply caps, each move expanded into its choices
			case "traditional/pachisi", "traditional/cribbage":
				games = 20 // hundreds of plies and outcomes each
			}
			if testing.Short() {
				games = min(games, 30)
			}
			buf := make([]core.Move, 0, 256)
			for i := 0; i < games; i++ {
				h := core.NewHistory(g, g.NewState())
				stones0, pieces0 := material(g, h.State)
				for {
					buf = g.Moves(h.State, buf)
					if len(buf) == 0 {
						break
					}
					m := buf[rng.IntN(len(buf))]
					if g.AtChance(h.State) {
						m = g.Sample(h.State, buf, rng)
					}
					before := h.State.Clone()
					_, piecesBefore := material(g, before)
					if err := h.Play(m); err != nil {
						t.Fatalf("game %d ply %d: %v", i, before.Ply(), err)
					}
					stones, pieces := material(g, h.State)
					if stones != stones0 {
						t.Fatalf("game %d ply %d: %d stones, started with %d", i, before.Ply(), stones, stones0)
					}
					if slices.Contains(shippedChance, name) {
						// no piece is made or destroyed: a pawn taken goes
						// back to its start, every card stays in some zone
						if n, n0 := allPieces(g, h.State), allPieces(g, g.NewState()); n != n0 {
							t.Fatalf("game %d ply %d: %d pieces, started with %d", i, before.Ply(), n, n0)
						}
					}
					// the Ring game's release (B.8) brings a piece back from the Pen
					// (and B.12's neutral pieces come from a shared Nest)
					chance := slices.Contains(shippedChance, name)
					if (pieces > piecesBefore || pieces > pieces0) && !strings.HasPrefix(g.Name(), "traditional/ring-game") && !chance {
						t.Fatalf("game %d ply %d: pieces grew from %d to %d", i, before.Ply(), piecesBefore, pieces)
					}
					switch {
					case chance:
						// checked above
					case g.Name() == "traditional/tac-tix":
						// every move removes a run of 1 to 4 marbles
						if d := piecesBefore - pieces; d < 1 || d > 4 {
							t.Fatalf("game %d ply %d: a Tac Tix move removed %d marbles", i, before.Ply(), d)
						}
					case g.Name() == "traditional/nine-mens-morris":
						// a mill removes one man, in the same move
						if d := piecesBefore - pieces; d < 0 || d > 1 {
							t.Fatalf("game %d ply %d: a Morris move removed %d men", i, before.Ply(), d)
						}
					case g.Name() == "traditional/xiangqi":
						// a capture takes the one piece on the target
						if d := piecesBefore - pieces; d < 0 || d > 1 {
							t.Fatalf("game %d ply %d: a Xiangqi move removed %d pieces", i, before.Ply(), d)
						}
					case g.Name() == "traditional/surakarta":
						// a loop capture takes one marble, a step none
						if d := piecesBefore - pieces; d < 0 || d > 1 {
							t.Fatalf("game %d ply %d: a Surakarta move removed %d marbles", i, before.Ply(), d)
						}
					case g.Name() == "traditional/fanorona":
						// a capture (A or W after a landing) takes at least one
						// piece; a paika takes none
						text := g.Format(before, m)
						if capture := strings.ContainsAny(text, "AW"); capture != (pieces < piecesBefore) {
							t.Fatalf("game %d ply %d: %s took %d pieces", i, before.Ply(), text, piecesBefore-pieces)
						}
					case g.Name() == "traditional/hnefatafl" || g.Name() == "traditional/latrunculi" ||
						g.Name() == "traditional/latrunculi-kings-second" || g.Name() == "traditional/fox-and-geese" ||
						g.Name() == "traditional/four-field-kono" || g.Name() == "traditional/three-player-chess" ||
						strings.HasPrefix(g.Name(), "traditional/ring-game"):
						// captures take pieces (custodial, jumps, chess captures, the
						// Ring's takes to the Pen); a move adds none
					case pieces < piecesBefore && (g.Name() != "dvonn" || before.Phase() != 1):
						t.Fatalf("game %d ply %d: pieces removed outside a DVONN stacking move", i, before.Ply())
					}
					after := h.State.Clone()
					if !h.Undo() || !h.State.Equal(before) {
						t.Fatalf("game %d ply %d: undo did not restore the position", i, before.Ply())
					}
					if h.State.Hash() != before.Hash() {
						t.Fatalf("game %d: hash differs after undo", i)
					}
					if !h.Redo() || !h.State.Equal(after) {
						t.Fatalf("game %d ply %d: redo did not replay the move", i, before.Ply())
					}
				}
				// a chance game is played to its end (pachisi: all four
				// pawns home; cribbage: the target), not stopped early
				if slices.Contains(shippedChance, name) && (g.Result(h.State).Timeout || !g.Result(h.State).Over) {
					t.Fatalf("game %d stopped at ply %d: %+v", i, h.State.Ply(), g.Result(h.State))
				}
			}
		})
	}
}

// The hash is incremental; recomputing it from scratch by replaying the
// same position along another path (transposition) must agree: two move
// orders reaching the same DVONN placement give equal hashes and states.
func TestHashTransposition(t *testing.T) {
	g := load(t, "dvonn")
	a := core.NewHistory(g, g.NewState())
	b := core.NewHistory(g, g.NewState())
	for _, mv := range []string{"a1", "b1", "c1", "d1", "e1"} {
		m, err := g.Parse(a.State, mv)
		if err != nil {
			t.Fatal(err)
		}
		a.Play(m)
	}
	for _, mv := range []string{"c1", "b1", "a1", "d1", "e1"} {
		m, err := g.Parse(b.State, mv)
		if err != nil {
			t.Fatal(err)
		}
		b.Play(m)
	}
	// The two DVONN pieces of White are interchangeable: the states differ in
	// which instance stands where, the positions (and hashes) do not.
	if a.State.Hash() != b.State.Hash() {
		t.Fatal("the same placement reached by two orders must have one hash")
	}
	m, _ := g.Parse(b.State, "f1")
	b.Play(m)
	if a.State.Hash() == b.State.Hash() {
		t.Fatal("different positions share a hash")
	}
}

// Replaying a playout's own record, move by move in notation, reproduces
// the game exactly.
func TestReplayOwnPlayout(t *testing.T) {
	for _, name := range append(append([]string(nil), shipped...), shippedChance...) {
		t.Run(name, func(t *testing.T) {
			g := load(t, name)
			rng := rand.New(rand.NewPCG(3, 5))
			for i := 0; i < 20; i++ {
				s := g.NewState()
				var moves []core.Move
				var record strings.Builder
				// format each move in the position where it is played
				buf := make([]core.Move, 0, 256)
				for {
					buf = g.Settle(s, buf)
					if len(buf) == 0 {
						break
					}
					m := buf[rng.IntN(len(buf))]
					fmt.Fprintf(&record, "%s\n", g.Format(s, m))
					moves = append(moves, m)
					if err := g.Play(s, m); err != nil {
						t.Fatal(err)
					}
				}
				lines, err := core.ReadRecord(strings.NewReader("# replay test\n" + record.String()))
				if err != nil {
					t.Fatal(err)
				}
				h := core.NewHistory(g, g.NewState())
				if err := g.Replay(h, lines); err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				g.Result(h.State) // settles the end, as Settle did in the playout
				if !h.State.Equal(s) || h.Len() != len(moves) {
					t.Fatalf("game %d: replay differs from the playout", i)
				}
				if g.Result(h.State) != g.Result(s) {
					t.Fatalf("game %d: results differ", i)
				}
			}
		})
	}
}

// Perft counts match the golden files in testdata/perft.
func TestPerftGolden(t *testing.T) {
	files, _ := filepath.Glob("../testdata/perft/*.txt")
	if len(files) == 0 {
		t.Fatal("no perft goldens")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		variant := strings.Replace(name, "-", "/", 1)
		t.Run(variant, func(t *testing.T) {
			var g *core.Game
			if rest, ok := strings.CutPrefix(name, "test-"); ok {
				// a test variant of testdata/variants, not shipped
				g = loadFile(t, "../testdata/variants/"+rest+".toml")
			} else {
				g = load(t, variant)
			}
			fh, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			sc := bufio.NewScanner(fh)
			for sc.Scan() {
				line := sc.Text()
				if strings.HasPrefix(line, "#") || line == "" {
					continue
				}
				var d int
				var want uint64
				if _, err := fmt.Sscanf(line, "depth %d: %d", &d, &want); err != nil {
					t.Fatalf("%s: bad line %q", f, line)
				}
				if testing.Short() && want > 200000 {
					continue
				}
				got := g.Perft(g.NewState(), d)
				if g.HasChance() {
					// chance perft: CP here, E in the variant's model test
					got, _ = g.ChancePerft(g.NewState(), d)
				}
				if got != want {
					t.Errorf("depth %d: %d, want %d", d, got, want)
				}
			}
		})
	}
}

// A Game is shared between goroutines: playouts in parallel on one Game
// give the same results as sequential ones.
func TestGameSharedBetweenGoroutines(t *testing.T) {
	g := load(t, "dvonn")
	play := func(seed uint64) uint64 {
		s := g.NewState()
		rng := rand.New(rand.NewPCG(seed, 1))
		if _, err := g.Playout(s, rng, nil, nil); err != nil {
			t.Error(err)
		}
		return s.Hash()
	}
	want := make([]uint64, 8)
	for i := range want {
		want[i] = play(uint64(i))
	}
	got := make([]uint64, 8)
	done := make(chan bool)
	for i := range got {
		go func(i int) { got[i] = play(uint64(i)); done <- true }(i)
	}
	for range got {
		<-done
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("playout %d differs when run concurrently", i)
		}
	}
}
