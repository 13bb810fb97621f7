package diagram

import (
	"math"

	"rulesmith/core"
)

// rosetteLayout draws a board of five or more faces round one corner (a
// saddle no flat unfolding shows: the 96-cell board for three) as a regular
// polygon round that corner, the way such boards are printed: the edges
// that leave the corner are spokes to the middles of the polygon's sides,
// each face is the four-sided piece between two spokes (the corner, two
// middles and the polygon's vertex between them), and its cells divide that
// piece evenly; each cell carries its name. The root face and the next sit at the bottom, the spoke they
// share pointing down; faces follow counter-clockwise (board.Rosette's
// order, so none is mirrored). It returns nil when the board is not such a
// rosette.
func rosetteLayout(g *core.Game) *layout {
	faces, ok := g.Board().Rosette(g.Display().RootFace)
	n := len(faces)
	if !ok || n < 5 {
		return nil
	}
	// the radius: a side as long as its cells at the pitch of the board
	// (a face's edge along the rim is half a side)
	edge := 0
	for _, f := range faces {
		edge = max(edge, f.LenA, f.LenB)
	}
	half := math.Pi / float64(n)
	rm := float64(edge) * unit / math.Tan(half)                                                  // corner to a side's middle
	rv := rm / math.Cos(half)                                                                    // corner to a vertex
	at := func(r, a float64) [2]float64 { return [2]float64{r * math.Cos(a), -r * math.Sin(a)} } // y down
	spoke := func(k int) float64 { return -math.Pi/2 + float64(k-1)*2*half }
	l := &layout{cells: make([]place, g.Board().N())}
	for k, f := range faces {
		o := [2]float64{}
		m1, m2 := at(rm, spoke(k)), at(rm, spoke(k+1))
		v := at(rv, spoke(k)+half)
		// the point of the piece at (s, t) in [0,1]²: s along the first
		// spoke, t along the second
		quad := func(s, t float64) [2]float64 {
			var p [2]float64
			for d := range p {
				p[d] = (1-s)*(1-t)*o[d] + s*(1-t)*m1[d] + s*t*v[d] + (1-s)*t*m2[d]
			}
			return p
		}
		for _, rc := range f.Cells {
			s0, s1 := float64(rc.A-1)/float64(f.LenA), float64(rc.A)/float64(f.LenA)
			t0, t1 := float64(rc.B-1)/float64(f.LenB), float64(rc.B)/float64(f.LenB)
			c := quad((s0+s1)/2, (t0+t1)/2)
			l.cells[rc.Cell] = place{x: c[0], y: c[1], shape: "quad", w: unit, h: unit,
				poly: [][2]float64{quad(s0, t0), quad(s1, t0), quad(s1, t1), quad(s0, t1)}}
			// its name in the middle (a piece covers it): the cells are
			// not in rows and files a margin could name
			l.labels = append(l.labels, label{c[0], c[1], g.Board().Cells[rc.Cell].Name})
		}
	}
	return l
}
