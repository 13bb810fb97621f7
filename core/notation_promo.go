// This file refines the compile-time notation check for promotions: a
// promoting move is written with "=G" unless its owner has no spare piece
// of the new kind, and then it is written bare. Two promoting rules (or a
// promoting rule and a plain one) that share a (from, to) pair therefore
// clash only if every promotion that applies there can lack its piece at
// once. That is decided by counting: without hands, no move puts a piece
// on the board, and promotions and pieces passed between seats
// ([pieces] role) exchange one piece for one, so the pieces on the board
// whose kinds can become a kind of T (T included) never outnumber those at
// the start. All instances of T's kinds (and the moving piece) on the board
// at once need more than that: then some spare is always left.

package core

import "strings"

// promoFlow holds, built on first use, which kinds can become which.
type promoFlow struct {
	g     *Game
	built bool
	open  bool     // hands or placements: pieces can enter the board
	from  [][]bool // from[nk][k]: a piece of kind k can become one of kind nk
	// lacks memoises mayLack for two targets: keep asks it for every
	// (from, to) pair, seat and kind, and the answer depends on none of
	// the cells.
	lacks map[[4]int]bool
}

func (pf *promoFlow) build() {
	if pf.built {
		return
	}
	pf.built = true
	g := pf.g
	nk := len(g.kinds)
	pf.open = g.handReturn
	for _, n := range g.handCount {
		pf.open = pf.open || n > 0
	}
	pf.from = make([][]bool, nk)
	for i := range pf.from {
		pf.from[i] = make([]bool, nk)
	}
	for _, ru := range g.rules {
		if _, ok := ru.(*placeRule); ok {
			pf.open = true
		}
		pr := ru.base().promo
		if pr == nil {
			continue
		}
		var kinds []bool // the kinds the rule moves (nil: any)
		if mk, ok := ru.(interface{ moverKinds() []bool }); ok {
			kinds = mk.moverKinds()
		}
		for i, v := range pr.table {
			if v > 0 && (kinds == nil || kinds[i%pr.kinds]) {
				pf.from[int(v)-1][i%pr.kinds] = true
			}
		}
	}
	// pieces passed to another seat become its kind of the same role
	for a, ka := range g.kinds {
		for b, kb := range g.kinds {
			if ka.Role != "" && ka.Role == kb.Role {
				pf.from[b][a] = true
			}
		}
	}
}

// mayLack reports whether a piece of kind k owned by o, promoting to the
// kinds ts (-1: no promotion), can find no spare piece for any of them at
// once, so that the move is written with no "=G".
func (pf *promoFlow) mayLack(o, k int, ts ...int) bool {
	pf.build()
	if pf.open {
		return true
	}
	g := pf.g
	nk := len(g.kinds)
	inX := make([]bool, nk) // kinds that can become one of ts
	var stack []int
	need, moverCounted := 0, false
	for i, t := range ts {
		if t < 0 || inX[t] || containsInt(ts[:i], t) {
			continue
		}
		for p := range g.pieceKind {
			if int(g.pieceKind[p]) == t && int(g.pieceOwner[p]) == o {
				need++
			}
		}
		moverCounted = moverCounted || t == k
		inX[t] = true
		stack = append(stack, t)
	}
	if len(stack) == 0 {
		return true
	}
	if !moverCounted {
		need++
	}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for k2 := 0; k2 < nk; k2++ {
			if pf.from[t][k2] && !inX[k2] {
				inX[k2] = true
				stack = append(stack, k2)
			}
		}
	}
	onBoard := 0
	pos := g.initial.buf[g.lay.pos:]
	for p := range g.pieceKind {
		if pos[p] != 0 && inX[g.pieceKind[p]] {
			onBoard++
		}
	}
	return need <= onBoard
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// keep returns, for two FROM-TO shapes that can meet only on texts with no
// tail or with "=G" and of which one promotes, whether a common (from, to) pair can
// really be written alike; nil when the refinement does not apply.
func (pf *promoFlow) keep(a, b *noteShape) func(from, to int) bool {
	if a.form != formFromTo || b.form != formFromTo || a.glyphLead || b.glyphLead || (a.promo == nil && b.promo == nil) {
		return nil
	}
	var common uint8
	for o := uint8(onEmpty); o <= onOwn; o <<= 1 {
		if a.land&b.land&o != 0 && a.sepOf(o) == b.sepOf(o) {
			common |= a.tailsOn(o) & b.tailsOn(o)
		}
	}
	if common == 0 || common&^(tailNone|tailPromo) != 0 {
		return nil
	}
	g := pf.g
	return func(from, to int) bool {
		for s := range g.seats {
			for k, kind := range g.kinds {
				if (a.kinds != nil && !a.kinds[k]) || (b.kinds != nil && !b.kinds[k]) {
					continue
				}
				if (a.ownOnly || b.ownOnly) && kind.Owner != s {
					continue
				}
				ta, tb := promoKind(a.promo, from, to, s, k), promoKind(b.promo, from, to, s, k)
				if ta >= 0 && tb >= 0 && strings.EqualFold(g.kinds[ta].Glyph, g.kinds[tb].Glyph) {
					return true // both can write one =G
				}
				key := [4]int{kind.Owner, k, ta, tb}
				lack, known := pf.lacks[key]
				if !known {
					lack = pf.mayLack(kind.Owner, k, ta, tb)
					if pf.lacks == nil {
						pf.lacks = map[[4]int]bool{}
					}
					pf.lacks[key] = lack
				}
				if lack {
					return true
				}
			}
		}
		return false
	}
}

// promoKind returns the kind a piece of kind k moved from to to by seat
// becomes under pr, or -1.
func promoKind(pr *promotion, from, to, seat, k int) int {
	if pr == nil {
		return -1
	}
	return int(pr.table[pr.index(from, to, seat, k)]) - 1
}

// moverKinds returns the kinds a rule moves (nil: any).
func (m *movers) moverKinds() []bool { return m.kinds }

// setPromo records a FROM-TO rule's promotion and whose pieces it moves.
func (sh *noteShape) setPromo(pr *promotion, m *movers) {
	sh.promo = pr
	sh.ownOnly = m.own && !m.common
}
