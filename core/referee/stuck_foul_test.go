package referee_test

import (
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// stuckRace is a two-seat race on a 5×1 strip, a variant that is not STRIX:
// Amber's blocker on a1 cannot move (Blue's guard stands on b1), and Blue's
// runner stands on RUNNER; the goal is e1. Amber is to move and stuck.
const stuckRace = `name = "test/stuck-race"
[players]
seats = ["a", "b"]
titles = ["Amber", "Blue"]
[board]
kind = "grid"
width = 5
height = 1
[board.regions]
goal = 'col == 5'
[pieces.blocker]
owner = "a"
glyph = "X"
[pieces.guard]
owner = "b"
glyph = "G"
[pieces.runner]
owner = "b"
glyph = "R"
flags = ["runner"]
[setup.pieces]
a1 = "blocker"
b1 = "guard"
RUNNER = "runner"
[turns]
stuck = "STUCK"
[moves.step]
type = "step"
dirs = ["e"]
[end.goal]
type = "reach"
flag = "runner"
region = "goal"
[end.last]
type = "seats_left"
count = 1
[fouls.handover]
type = "forced_win"
goal = "goal"
turns = 1
`

// [turns] stuck = "foul_or_draw" (the 2024 STRIX Rule 18 reading, as a
// generic key): a seat with no move whose not moving would let another
// seat force the foul's goal within the foul's turns is eliminated and the
// others play on; otherwise the game is a draw. stuck = "draw" is a draw
// either way. With Blue's runner on d1, one step from the goal, Amber's
// standing still hands Blue the goal: Amber is out and Blue, the last seat,
// wins. With the runner on c1 (two steps) it does not: a draw.
func TestStuckFoulOrDraw(t *testing.T) {
	for _, c := range []struct {
		stuck, runner string
		winner        int // -1: a draw
		amberOut      bool
		end           string
	}{
		{"foul_or_draw", "d1", 1, true, "last"},
		{"foul_or_draw", "c1", -1, false, "stuck"},
		{"draw", "d1", -1, false, "stuck"},
		{"draw", "c1", -1, false, "stuck"},
	} {
		text := strings.NewReplacer("STUCK", c.stuck, "RUNNER", c.runner).Replace(stuckRace)
		g, err := core.LoadBytes("stuck-race.toml", []byte(text), core.WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewState()
		if ms := g.Moves(s, nil); len(ms) != 0 {
			t.Fatalf("%s, runner %s: Amber has moves", c.stuck, c.runner)
		}
		r := g.Result(s)
		end, _ := g.EndedBy(s)
		if !r.Over || r.Winner != c.winner || s.Eliminated(0) != c.amberOut || end != c.end {
			t.Errorf("stuck = %q, runner on %s: result %+v, Amber out %v, ended by %q; want winner %d, out %v, %q",
				c.stuck, c.runner, r, s.Eliminated(0), end, c.winner, c.amberOut, c.end)
		}
	}
	// foul_or_draw without a foul is refused, naming the key.
	text := strings.NewReplacer("STUCK", "foul_or_draw", "RUNNER", "d1").Replace(stuckRace)
	text = text[:strings.Index(text, "[fouls.handover]")]
	if _, err := core.LoadBytes("stuck-race.toml", []byte(text), core.WithFS(variants.FS())); err == nil || !strings.Contains(err.Error(), `turns.stuck: "foul_or_draw" needs a [fouls.NAME] table`) {
		t.Errorf("foul_or_draw without a foul: %v", err)
	}
}

// Moves is a pure query on the stuck seat too (the old Moves asked the
// referee and eliminated it there); Settle asks the referee.
func TestMovesPureOnRefereedStuckSeat(t *testing.T) {
	text := strings.NewReplacer("STUCK", "foul_or_draw", "RUNNER", "d1").Replace(stuckRace)
	g, err := core.LoadBytes("stuck-race.toml", []byte(text), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	before := s.Clone()
	if ms := g.Moves(s, nil); len(ms) != 0 || !s.Equal(before) || s.Hash() != before.Hash() {
		t.Fatalf("stuck race: Moves gave %v and changed the state: %v", ms, !s.Equal(before))
	}
	if ms := g.Settle(s, nil); len(ms) != 0 || !s.Over() || !s.Eliminated(0) {
		t.Fatalf("stuck race: Settle gave %v, over %v, Amber out %v", ms, s.Over(), s.Eliminated(0))
	}
}
