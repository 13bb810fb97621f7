// This file holds the merged attack walk of a phase's tabled line rules
// (attack_table.go): the paths of every such rule back from a target cell,
// merged into one tree of cells per target (a trie by cell sequence,
// stored in preorder with each node's end of subtree). One walk from the
// target visits each line once up to its first occupied cell and asks
// only the rules whose origins lie there, so a royal test costs what a
// hand-written attack test does, however many rules share the lines
// (a queen's, a rook's, a king's and the pawns' captures along one line
// are one walk). The walk also marks, per position, the cells a test on
// the target reads (the royal filter's relevance set). It is on the hot
// path and allocates nothing.

package core

import "math/bits"

// lineTrie is the merged walk of a phase: per target t, nodes
// off[t]..off[t+1]-1 in preorder; node i stands for the cell node[i].cell
// at the end of a path from t, node[i].end is the index after its subtree, and
// src[soff[i]:soff[i+1]] are the rules (and facing) that take on t from
// that cell when every earlier cell of the path is empty.
type lineTrie struct {
	off  []int32
	node []trieNode
	soff []int32
	src  []trieSrc
	// kinds[i]: bit k set when a source of node i moves pieces of kind k
	// (every bit for kinds beyond 63).
	kinds []uint64
	// owned: every rule moves only its owner's pieces, so a piece counts
	// only for its owner.
	owned bool
	// roots[roff[t]:roff[t+1]]: the index of each line leaving t (the
	// top-level nodes of its tree).
	roots []int32
	roff  []int32
}

// trieNode is a node's cell and the index after its subtree.
type trieNode struct{ cell, end int32 }

// trieSrc is one rule's origin at a node: opp as in lineTable (the piece
// moves along the rule's directions turned round).
type trieSrc struct {
	rule *slideRule
	opp  bool
}

// trieEligible reports whether attack entry a is a tabled line rule whose
// test the merged walk answers: a rule that can take on its target, with
// a table and paths blocked by occupied cells.
func trieEligible(a attacker) (*slideRule, bool) {
	r, ok := a.(*slideRule)
	if !ok || r.atk == nil || r.throughAny {
		return nil, false
	}
	if !r.replace || r.land == landEmpty || (r.jump && r.captureOver) {
		return nil, false
	}
	return r, true
}

// buildTrie merges the tables of rules (each with atk) into one walk.
func buildTrie(n int, rules []*slideRule) *lineTrie {
	type node struct {
		cell int32
		kids []int
		srcs []trieSrc
	}
	tr := &lineTrie{off: make([]int32, n+1), soff: []int32{0}, roff: []int32{0}, owned: true}
	for _, r := range rules {
		tr.owned = tr.owned && r.own && !r.common
	}
	for t := 0; t < n; t++ {
		nodes := []node{{cell: -1}} // the root: t itself
		for _, r := range rules {
			tb := r.atk
			for i := tb.off[t]; i < tb.off[t+1]; i++ {
				btw := tb.btw[tb.boff[i]:tb.boff[i+1]]
				at := 0
				// from t outward: the cells between, nearest first, then
				// the origin
				for j := len(btw) - 1; j >= -1; j-- {
					c := tb.src[i]
					if j >= 0 {
						c = btw[j]
					}
					next := -1
					for _, k := range nodes[at].kids {
						if nodes[k].cell == c {
							next = k
						}
					}
					if next < 0 {
						next = len(nodes)
						nodes = append(nodes, node{cell: c})
						nodes[at].kids = append(nodes[at].kids, next)
					}
					at = next
				}
				nodes[at].srcs = append(nodes[at].srcs, trieSrc{r, tb.opp[i]})
			}
		}
		var emit func(k int)
		emit = func(k int) {
			i := len(tr.node)
			tr.node = append(tr.node, trieNode{cell: nodes[k].cell})
			tr.src = append(tr.src, nodes[k].srcs...)
			tr.soff = append(tr.soff, int32(len(tr.src)))
			var mask uint64
			for _, sr := range nodes[k].srcs {
				for kind := 0; kind < 64; kind++ {
					if sr.rule.kinds == nil || (kind < len(sr.rule.kinds) && sr.rule.kinds[kind]) {
						mask |= 1 << uint(kind)
					}
				}
				if sr.rule.kinds == nil || len(sr.rule.kinds) > 63 {
					mask |= 1 << 63
				}
			}
			tr.kinds = append(tr.kinds, mask)
			for _, kid := range nodes[k].kids {
				emit(kid)
			}
			tr.node[i].end = int32(len(tr.node))
		}
		for _, kid := range nodes[0].kids {
			tr.roots = append(tr.roots, int32(len(tr.node)))
			emit(kid)
		}
		tr.roff = append(tr.roff, int32(len(tr.roots)))
		tr.off[t+1] = int32(len(tr.node))
	}
	return tr
}

// trieAttacked reports whether a piece of a seat other than seat (and,
// when only >= 0, of seat only), still playing, could take on t by one of
// the merged rules, along the lines from t whose bits are set in roots
// (bit j: the j-th line leaving t, the last bit every line from it on).
func (g *Game) trieAttacked(s *State, tr *lineTrie, t, seat, only int, roots uint64) bool {
	lo, hi := tr.off[t], tr.off[t+1]
	if roots == ^uint64(0) {
		return g.trieWalk(s, tr, t, lo, hi, seat, only)
	}
	starts := tr.roots[tr.roff[t]:tr.roff[t+1]]
	for ; roots != 0; roots &= roots - 1 {
		j := bits.TrailingZeros64(roots)
		if j >= len(starts) {
			break
		}
		end := hi
		if j < 63 && j+1 < len(starts) {
			end = starts[j+1]
		}
		if g.trieWalk(s, tr, t, starts[j], end, seat, only) {
			return true
		}
	}
	return false
}

// trieWalk is trieAttacked over the nodes lo..hi-1 of t's tree (whole
// subtrees).
func (g *Game) trieWalk(s *State, tr *lineTrie, t int, lo, hi int32, seat, only int) bool {
	n := g.board.N()
	top := s.buf[g.lay.top : g.lay.top+n]
	counts := s.buf[g.lay.counts : g.lay.counts+n]
	noStones := g.legal.noStones
	nodes := tr.node
	for i := lo; i < hi; {
		x := nodes[i].cell
		q := top[x]
		if q == 0 {
			if noStones || counts[x] == 0 {
				i++ // empty: the line goes on
				continue
			}
			i = nodes[i].end // stones and no piece: blocked
			continue
		}
		p := q - 1
		kind := g.pieceKind[p]
		if tr.kinds[i]&(1<<uint(min(kind, 63))) == 0 {
			i = nodes[i].end
			continue
		}
		o := int(g.pieceOwner[p])
		if tr.owned && (o < 0 || o == seat || (only >= 0 && o != only) || s.Eliminated(o)) {
			i = nodes[i].end
			continue
		}
		for _, sr := range tr.src[tr.soff[i]:tr.soff[i+1]] {
			r := sr.rule
			if r.kinds != nil && !r.kinds[kind] {
				continue
			}
			if r.facingVar >= 0 {
				if (s.PieceVar(int(p), r.facingVar) < 0) != sr.opp {
					continue
				}
			} else if sr.opp {
				continue
			}
			if r.own && !r.common {
				// only its owner moves the piece
				if o < 0 || o == seat || (only >= 0 && o != only) || s.Eliminated(o) {
					continue
				}
				if r.attackerOn(s, int(x), t, o, top) {
					return true
				}
				continue
			}
			for by := range g.seats {
				if by == seat || (only >= 0 && by != only) || s.Eliminated(by) {
					continue
				}
				if r.attackerOn(s, int(x), t, by, top) {
					return true
				}
			}
		}
		i = nodes[i].end
	}
	return false
}

// trieMark marks in rel the cells the walk from t reads in s: every line
// up to and including its first occupied cell; and, when lines is not nil,
// in lines[x] the bit of each line from t that reads x (as trieAttacked's
// roots).
func (g *Game) trieMark(s *State, tr *lineTrie, t int, rel, lines []uint64) {
	n := g.board.N()
	height := s.buf[g.lay.height : g.lay.height+n]
	counts := s.buf[g.lay.counts : g.lay.counts+n]
	root, sub := -1, int32(-1)
	for i := tr.off[t]; i < tr.off[t+1]; {
		if i >= sub {
			sub = tr.node[i].end
			root++
		}
		x := tr.node[i].cell
		rel[x/64] |= 1 << uint(x%64)
		if lines != nil {
			lines[x] |= 1 << uint(min(root, 63))
		}
		if height[x] == 0 && counts[x] == 0 {
			i++
			continue
		}
		i = tr.node[i].end
	}
}
