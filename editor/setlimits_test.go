package editor

import (
	"fmt"
	"testing"
)

// :set checks a parameter against the variant's [param_limits], as --set
// does: the Ring game is for 2 or 3 players (B.5); 4 is refused with the
// limit it breaks and leaves the game as it was, 2 is taken.
func TestColonSetParamLimits(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "traditional/ring-game"})
	players := func() string {
		var v any
		tm.sync(func() { v, _ = a.sess.Game.ParamValue("players") })
		return fmt.Sprint(v)
	}
	tm.typeMove("set players=4")
	s := tm.waitFor("4 is out of range 2..3")
	if players() != "3" {
		t.Errorf(":set players=4 changed players to %s:\n%s", players(), s)
	}
	tm.typeMove("set players=2")
	tm.waitFor("rules reloaded")
	if players() != "2" {
		t.Errorf(":set players=2: players is %s", players())
	}
}
