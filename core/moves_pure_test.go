package core_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// checkMovesPure asks Moves for s's moves and fails when that changed s
// (its bytes or its hash). It returns the moves.
func checkMovesPure(t *testing.T, g *core.Game, s *core.State, buf []core.Move, what string) []core.Move {
	t.Helper()
	before, hash := s.Clone(), s.Hash()
	buf = g.Moves(s, buf)
	if !s.Equal(before) || s.Hash() != hash {
		t.Fatalf("%s: Moves changed the state (over %v → %v)", what, before.Over(), s.Over())
	}
	return buf
}

// Game.Moves is a pure query: on every position of random games of every
// shipped variant, the stuck ones (no move, game not yet settled) included,
// the State is the same before and after it; Settle then ends the game or,
// under [turns] stuck = "foul_or_draw", passes the turn on. Stuck positions
// must occur in the variants whose rules make them common (a mancala side
// with empty pits, DVONN and Tac Tix at their ends, a blocked Mu Torere
// player).
func TestMovesIsPure(t *testing.T) {
	mustStick := []string{"dvonn", "mancala/ethiopian", "traditional/tac-tix", "traditional/mu-torere"}
	games, plies := 6, 400
	if testing.Short() {
		games = 3
	}
	var stuckIn []string
	buf := make([]core.Move, 0, 256)
	for _, name := range variants.Names() {
		g, err := core.Load(name, core.WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(11, 13))
		stuck := 0
		for game := 0; game < games; game++ {
			s := g.NewState()
			for ply := 0; ply < plies && !s.Over(); ply++ {
				buf = checkMovesPure(t, g, s, buf, name)
				if len(buf) == 0 {
					stuck++
					if buf = g.Settle(s, buf); len(buf) == 0 {
						if !s.Over() {
							t.Fatalf("%s: Settle gave no move and left the game going", name)
						}
						break
					}
				}
				if err := g.Play(s, buf[rng.IntN(len(buf))]); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
		}
		if stuck > 0 {
			stuckIn = append(stuckIn, name)
		}
	}
	t.Logf("stuck positions met in %s", strings.Join(stuckIn, ", "))
	for _, name := range mustStick {
		if !slices.Contains(stuckIn, name) {
			t.Errorf("%s: no stuck position met in %d random games", name, games)
		}
	}
}

// At the ply limit Moves lists nothing and changes nothing; Result (which
// settles) then reports the game stopped. (The refereed stuck seat is
// tested in core/referee.)
func TestMovesIsPureAtPlyLimit(t *testing.T) {
	limited := "extends = \"mancala/egyptian\"\n[turns]\nmax_plies = 3\n"
	g, err := core.LoadBytes("limited.toml", []byte(limited), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	for i := 0; i < 3; i++ {
		ms := checkMovesPure(t, g, s, nil, "ply limit")
		if err := g.Play(s, ms[0]); err != nil {
			t.Fatal(err)
		}
	}
	if ms := checkMovesPure(t, g, s, nil, "ply limit"); len(ms) != 0 {
		t.Fatalf("at the ply limit: moves %v", ms)
	}
	if r := g.Result(s); !r.Over || !r.Timeout {
		t.Fatalf("at the ply limit: result %+v, want stopped", r)
	}
}

// Parse, like Moves, never changes the position: in a stuck position
// (Mu-torere: the seat to move has no move and loses) it says the game is
// over, as Result would settle it, and leaves the State as it was.
func TestParseIsPure(t *testing.T) {
	g := load(t, "traditional/mu-torere")
	rng := rand.New(rand.NewPCG(4, 4))
	for game := 0; game < 200; game++ {
		s := g.NewState()
		for ply := 0; ply < 300; ply++ {
			ms := g.Moves(s, nil)
			if len(ms) == 0 {
				before := s.Clone()
				_, err := g.Parse(s, "a1-a2")
				if err == nil || !strings.Contains(err.Error(), "the game is over") {
					t.Fatalf("parse in a stuck position: %v", err)
				}
				if !s.Equal(before) || s.Hash() != before.Hash() || s.Over() {
					t.Fatal("Parse changed the stuck position")
				}
				if !g.Result(s).Over {
					t.Fatal("Result does not settle the stuck position")
				}
				return
			}
			if err := g.Play(s, ms[rng.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no stuck position in 200 random games")
}
