// This file holds the tabled attack test of slides and steps on boards
// whose rays do not simply retrace each other: rays that bend across
// folds or fork (board.Branches), and directions that depend on the piece
// (facing). For each target cell the table lists every origin from which
// the rule's rays reach it and the cells passed on the way; the test reads
// those cells only. Built at load when [turns] royal (or a no_move end
// that tells check) needs attack tests; the test allocates nothing.

package core

// lineTable lists, per target t, entries off[t]..off[t+1]-1: the origin
// src, whether the piece there moves along the rule's directions turned
// round (opp, for facing), and the cells between (btw[boff[i]:boff[i+1]]).
type lineTable struct {
	off, src []int32
	opp      []bool
	boff     []int32
	btw      []int32
}

// wantsTable reports whether the rule's attack test is best tabled: its
// rays fork or depend on the piece, or some direction has no reverse; and
// nothing else about it needs move generation.
func (r *slideRule) wantsTable(g *Game) bool {
	if r.jump || r.byHeight || r.byDice || r.byLine || (r.when != nil && !r.when.static) || r.surrounded || r.excl != nil ||
		r.moverIf != nil || r.passOver != nil || r.takeIf != nil ||
		(r.cap != nil && (r.cap.screens > 0 || (r.cap.capIf != nil && !r.cap.capIf.static))) {
		return false
	}
	if r.forks || r.facingVar >= 0 {
		return true
	}
	for _, d := range r.dirs {
		if g.legal.revDir == nil || g.legal.revDir[d] < 0 {
			return true
		}
	}
	return false
}

// buildTable fills r.atk from the board's rays and branches.
func (r *slideRule) buildTable(g *Game) {
	b := g.board
	n := b.N()
	type entry struct {
		src int32
		opp bool
		btw []int32
	}
	rev := make([][]entry, n)
	add := func(x int, opp bool, path []int32, min int) {
		for i, t := range path {
			if i >= r.maxDist || (r.dist > 0 && i+1 > r.dist) {
				return
			}
			if i >= min && (r.dist == 0 || i+1 == r.dist) && int(t) != x {
				var btw []int32
				if !r.throughAny {
					btw = path[:i]
				}
				rev[t] = append(rev[t], entry{int32(x), opp, btw})
			}
		}
	}
	for x := 0; x < n; x++ {
		for f, ds := range [][]int{r.dirs, r.oppDirs} {
			for _, d := range ds {
				add(x, f == 1, b.Ray(x, d), 0)
				for _, br := range b.Branches(x, d) {
					add(x, f == 1, br.Cells, br.Skip)
				}
			}
		}
	}
	t := &lineTable{off: make([]int32, n+1), boff: []int32{0}}
	for c := range rev {
		for _, e := range rev[c] {
			t.src = append(t.src, e.src)
			t.opp = append(t.opp, e.opp)
			t.btw = append(t.btw, e.btw...)
			t.boff = append(t.boff, int32(len(t.btw)))
		}
		t.off[c+1] = int32(len(t.src))
	}
	r.atk = t
}

// tableAttacked is attackedBy from the table.
func (r *slideRule) tableAttacked(s *State, t, by int) bool {
	g := s.g
	n := g.board.N()
	top := s.buf[g.lay.top : g.lay.top+n]
	height := s.buf[g.lay.height : g.lay.height+n]
	counts := s.buf[g.lay.counts : g.lay.counts+n]
	tb := r.atk
next:
	for i := tb.off[t]; i < tb.off[t+1]; i++ {
		x := tb.src[i]
		p := top[x] - 1
		if p < 0 {
			continue
		}
		if r.facingVar >= 0 && (s.PieceVar(int(p), r.facingVar) < 0) != tb.opp[i] {
			continue
		} else if r.facingVar < 0 && tb.opp[i] {
			continue
		}
		for _, c := range tb.btw[tb.boff[i]:tb.boff[i+1]] {
			if height[c] != 0 || counts[c] != 0 {
				continue next
			}
		}
		if r.attackerOn(s, int(x), t, by, top) {
			return true
		}
	}
	return false
}

// tableCells lists the cells the tabled test on t reads.
func (r *slideRule) tableCells(t int, add func(c int)) {
	tb := r.atk
	for i := tb.off[t]; i < tb.off[t+1]; i++ {
		add(int(tb.src[i]))
		for _, c := range tb.btw[tb.boff[i]:tb.boff[i+1]] {
			add(int(c))
		}
	}
}
