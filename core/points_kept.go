// This file holds whether a variant keeps points: the keys that can give a
// seat points, noted by the compiler where it compiles each of them.

package core

import "slices"

// notePoints records that the key at path can give a seat points or
// makes a seat's score something other than zero: the [scoring] score,
// a capture_points capture, a score effect, a phase step's points, the
// points remedy of a foul, a points end.
func (c *compiler) notePoints(path string) {
	if !slices.Contains(c.g.pointSources, path) {
		c.g.pointSources = append(c.g.pointSources, path)
	}
}

// KeepsPoints reports whether a seat's score can ever be other than zero
// in this variant: whether it declares a [scoring] score or anything that
// gives points (capture_points, a score effect, a phase step's points, a
// foul's points remedy, Game.AwardPoints through it) or ends by points.
// It is decided when the variant is compiled; a game without points (a
// race, most war games) has every seat's score 0 throughout, and a view
// need not show it.
func (g *Game) KeepsPoints() bool { return len(g.pointSources) > 0 }

// PointSources returns the keys that make the variant keep points
// (KeepsPoints), in the order they were compiled ("scoring.score",
// "moves.jump.capture_points", "effects.show.points", …); empty when it
// keeps none.
func (g *Game) PointSources() []string { return append([]string(nil), g.pointSources...) }
