package boardview

import (
	"math"

	"rulesmith/core"
)

// A rosette is a folded board whose faces all have one corner at the same
// point and go round it, each sharing the edge that leaves the point with
// the next, more than four of them: more than a full turn of square
// corners, a saddle that no flat unfolding shows whole. It is drawn as the
// fan of board.RosetteFan: eight sectors of 45° round the point, the root
// face and the next square at the bottom, the others sheared, every edge two
// faces share drawn with its cells side by side, no face mirrored.

// rosetteLayout draws a rosette board as a fan round its common corner,
// cells cw×ch (names: empty cells show their names); with labels, each
// seat's title goes by the cells its pieces start on, on the side away from
// the middle. It returns nil when the board is not a rosette.
func rosetteLayout(g *core.Game, cw, ch int, names, labels bool) *layout {
	gx, gy, ok := g.Board().RosetteFan(g.Display().RootFace)
	if !ok {
		return nil
	}
	maxY := math.MinInt
	for c := range gy {
		maxY = max(maxY, gy[c])
	}
	l := &layout{cells: make([]cellBox, g.Board().N()), px: float64(cw), py: float64(ch), names: names}
	occ := map[[2]int]bool{}
	for c := range l.cells {
		b := cellBox{x: gx[c] * cw, y: (maxY - gy[c]) * ch, w: cw, h: ch, hitW: cw}
		l.cells[c] = b
		for y := b.y; y < b.y+b.h; y++ {
			for x := b.x; x < b.x+b.w; x++ {
				occ[[2]int{x, y}] = true
			}
		}
	}
	if labels {
		l.labels = seatLabels(g, l.cells, occ, float64(maxY*ch+ch/2))
	}
	l.normalize()
	return l
}

// seatLabels puts each seat's title by the cells its pieces start on: over
// them when they lie above row my of the picture, else under
// them, centred on them and a blank column clear of cells and other labels;
// a title with no such place is left out.
func seatLabels(g *core.Game, cells []cellBox, occ map[[2]int]bool, my float64) []label {
	s := g.NewState()
	var ls []label
	for seat := 0; seat < g.NumSeats(); seat++ {
		x0, y0, x1, y1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
		var sy float64
		count := 0
		for c, b := range cells {
			if s.Height(c) == 0 || s.Owner(c) != seat {
				continue
			}
			x0, y0 = min(x0, b.x), min(y0, b.y)
			x1, y1 = max(x1, b.x+b.w), max(y1, b.y+b.h)
			sy += float64(b.y) + float64(b.h)/2
			count++
		}
		if count == 0 {
			continue
		}
		text := g.SeatTitle(seat)
		w := textWidth(text)
		at := label{x: x0 + (x1-x0-w)/2, y: y1, text: text}
		if sy/float64(count) < my {
			at.y = y0 - 1
		}
		free := true
		for i := -1; i <= w; i++ {
			free = free && !occ[[2]int{at.x + i, at.y}]
		}
		if !free {
			continue
		}
		for i := 0; i < w; i++ {
			occ[[2]int{at.x + i, at.y}] = true
		}
		ls = append(ls, at)
	}
	return ls
}
