// This file holds the related capture: a landing takes the pieces on the
// cells related to the landing cell (the STRIX Kite's swoop).

package core

var relatedCapture = captureType{
	name: "related",
	doc:  "take pieces on the cells related to the landing cell (capture_relation)",
	kind: capRelated,
	keys: []*Key{&captureRelationKey, &captureCountKey},
	compile: func(c *compiler, p string, cs *captureSpec) bool {
		if cs.rel = c.captureRelation(p, "related"); cs.rel == nil {
			return false
		}
		cs.any = c.readChoice(p, &captureCountKey) == "any"
		return true
	},
	find: func(cs *captureSpec, s *State, from, t, mover, side int, list []int32) (n int) {
		g := s.g
		height := s.buf[g.lay.height:]
		top := s.buf[g.lay.top:]
		for _, v := range cs.rel.Of(t) {
			if int(v) != from && height[v] != 0 && cs.capturable(s, int(v), mover, side) && !hasPiece(list[:n], top[v]-1) {
				list[n] = top[v] - 1
				n++
			}
		}
		return n
	},
}
