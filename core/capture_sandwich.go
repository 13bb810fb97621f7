// This file holds the sandwich capture: a landing next to a middle cell
// with a partner piece beyond it takes the pieces on the cells related to
// the middle cell (the STRIX Ravens' mobbing).

package core

var sandwichCapture = captureType{
	name: "sandwich",
	doc:  "take pieces on the cells related to a middle cell between the landing and a partner piece",
	kind: capSandwich,
	keys: []*Key{&captureRelationKey, &partnerFlagKey, &sandwichIfKey, &captureShareKey, &captureShareOutKey},
	compile: func(c *compiler, p string, cs *captureSpec) bool {
		g := c.g
		if cs.rel = c.captureRelation(p, "sandwich"); cs.rel == nil {
			return false
		}
		cs.any = true
		cs.share = c.readBool(p, &captureShareKey)
		cs.shareOut = c.readBool(p, &captureShareOutKey)
		cs.partner = make([]bool, len(g.kinds))
		flag := c.readString(p, &partnerFlagKey)
		if flag == "" {
			c.r.Errorf(p, "%s: capture = \"sandwich\" needs partner_flag (the flag of the pieces that can be the passive partner)", p)
			return false
		}
		found := false
		for i, k := range g.kinds {
			if k.HasFlag(flag) {
				cs.partner[i], found = true, true
			}
		}
		if !found {
			c.r.ValueErrorf(p+".partner_flag", "%s.partner_flag: no piece kind has the flag %q", p, flag)
			return false
		}
		if len(g.board.Dirs) == 0 {
			c.r.Errorf(p, "%s: a sandwich needs a board with directions", p)
			return false
		}
		cs.lineOK = c.lineTable(p)
		return true
	},
	find: func(cs *captureSpec, s *State, from, t, mover, side int, list []int32) (n int) {
		g := s.g
		height := s.buf[g.lay.height:]
		top := s.buf[g.lay.top:]
		nd := len(g.board.Dirs)
		rays, roff := g.board.RayTable()
		for d := 0; d < nd; d++ {
			k := t*nd + d
			if !cs.lineOK[k] || roff[k+1]-roff[k] < 2 {
				continue
			}
			m, pc := int(rays[roff[k]]), int(rays[roff[k]+1])
			pp := top[pc] - 1
			if pc == from || pp < 0 || !cs.partner[g.pieceKind[pp]] {
				continue
			}
			for _, v := range cs.rel.Of(m) {
				if int(v) != from && height[v] != 0 && cs.capturable(s, int(v), mover, side) && !hasPiece(list[:n], top[v]-1) {
					list[n] = top[v] - 1
					n++
				}
			}
		}
		return n
	},
}
