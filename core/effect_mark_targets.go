// This file holds the mark_targets effect: after a move, the pieces the
// moved (or placed) piece could now take with one move of a given rule get
// a [piece_state] value, except those it could already take from where it
// started. A game whose pieces are turned face down by the piece that just
// came to attack them writes it this way. Computing the targets is one
// generation of the attack rule from one cell, into the State's own
// buffer: nothing is allocated per move.
//
// With choose = "subset" the mover chooses which of the targets get the
// value: one legal move per subset (Game.gen expands each move of a rule
// that names the effect, effect_choose.go), written with *CELL after the
// move for each chosen piece. With keep, the pieces that already hold the
// value are offered too, and those not chosen go back to the default: a
// turning face up that the mover chooses.

package core

import "sort"

var markTargetsEffect = effectType{
	name: "mark_targets",
	doc:  "after a move, give a piece state to every piece the moved or placed piece could now take by one move of a rule (except those it could take from its start)",
	keys: []*Key{&markAttacksKey, &markSetKey, &markExceptKey, &markChooseKey, &markOfKey, &markChooseOfKey, &markKeepKey, &markNewKey},
	compile: func(c *compiler, p, name, cite string) effect {
		e := &markTargets{name: name, attacksName: c.readString(p, &markAttacksKey), exceptBefore: c.readBool(p, &markExceptKey), slot: c.markSlots}
		c.markSlots++
		e.choose = c.readChoice(p, &markChooseKey) == "subset"
		e.of = markClassOf(c.readChoice(p, &markOfKey))
		e.chooseOf = markClassOf(c.readChoice(p, &markChooseOfKey))
		if c.has(p, &markChooseOfKey) && !e.choose {
			c.r.Errorf(keyPath(p, &markChooseOfKey), "%s: choose_of needs choose = \"subset\"", keyPath(p, &markChooseOfKey))
		}
		e.keep = c.readBool(p, &markKeepKey)
		e.noNew = !c.readBool(p, &markNewKey)
		if e.noNew && !e.keep {
			c.r.Errorf(keyPath(p, &markNewKey), "%s: new_targets = false needs keep = true (otherwise the effect offers nothing)", keyPath(p, &markNewKey))
		}
		if e.keep && !e.choose {
			c.r.Errorf(keyPath(p, &markKeepKey), "%s: keep needs choose = \"subset\" (the mover chooses which marked pieces keep their values)", keyPath(p, &markKeepKey))
		}
		sp := keyPath(p, &markSetKey)
		names := c.r.Keys(sp, nil)
		sort.Strings(names)
		if len(names) == 0 {
			c.r.Errorf(p, "%s: set names at least one [piece_state] variable (set = {VAR = VALUE})", p)
			return nil
		}
		for _, vn := range names {
			vp := sp + "." + vn
			v := c.g.pieceVarIndex(vn)
			if v < 0 {
				c.r.Errorf(vp, "%s: unknown piece state variable %q%s", sp, vn, c.g.pieceVarHint(vn))
				continue
			}
			pv := c.g.pieceVars[v]
			val := c.num(vp, pv.def, pv.min, pv.max)
			if e.choose && val == pv.def {
				c.r.ValueErrorf(vp, "%s: with choose = \"subset\" the value must differ from the variable's default (%d): a choice to set a default chooses nothing", vp, pv.def)
			}
			e.vars = append(e.vars, v)
			e.vals = append(e.vals, val)
		}
		c.late = append(c.late, func() {
			for _, ru := range c.g.rules {
				if ru.base().name != e.attacksName {
					continue
				}
				if lr, ok := ru.(*slideRule); ok && lr.replace && !lr.jump {
					e.attacks = lr
					if e.choose {
						for q := range c.g.pieceOwner {
							if e.chosen(c.g, q) {
								e.class = append(e.class, int32(q))
							}
						}
						c.checkChoiceBudget(p, e)
						if lr.takeWalk && !e.noNew {
							e.reachOf(c.g)
						}
					}
					return
				}
				c.r.ValueErrorf(keyPath(p, &markAttacksKey), "%s: rule %q is a %s; the attack rule must be a slide or step that takes the piece on its target (capture = \"replace\")", keyPath(p, &markAttacksKey), e.attacksName, ru.base().typ)
				return
			}
			c.r.ValueErrorf(keyPath(p, &markAttacksKey), "%s: unknown move rule %q", keyPath(p, &markAttacksKey), e.attacksName)
		})
		return e
	},
}

var (
	markAttacksKey = Key{Name: "attacks", Type: TString, Required: true,
		Doc: "the move rule (a slide or step with capture = \"replace\") whose captures from the piece's cell are its targets"}
	markSetKey = Key{Name: "set", Type: TTable, Required: true,
		Doc: "VAR = VALUE: the [piece_state] values every target gets"}
	markExceptKey = Key{Name: "except_before", Type: TBool, Default: true,
		Doc: "leave out the pieces the moved piece could already take from its start cell, in the position before the move"}
	markChooseKey = Key{Name: "choose", Type: TChoice, Default: "all", Allowed: []string{"all", "subset"},
		Doc: "all: every target gets the values; subset: the mover chooses any subset of them, one legal move per subset, written *CELL after the move for each chosen piece"}
	markOfKey = Key{Name: "of", Type: TChoice, Default: "any", Allowed: []string{"any", "seats", "common"},
		Doc: "which pieces are targets: any; only those a seat owns; only the neutral ones (owner = \"none\")"}
	markNewKey = Key{Name: "new_targets", Type: TBool, Default: true,
		Doc: "false: with keep, only the pieces already holding the values are offered, not the moved piece's targets (the choice after a move that marks nothing)"}
	markChooseOfKey = Key{Name: "choose_of", Type: TChoice, Default: "any", Allowed: []string{"any", "seats", "common"},
		Doc: "with choose = \"subset\": which of the targets the mover chooses (any, a seat's, the neutral ones); the others get the values always"}
	markKeepKey = Key{Name: "keep", Type: TBool, Default: false,
		Doc: "with choose = \"subset\": the pieces of `of` on the board that already hold the values are offered too, and those not chosen go back to the variables' defaults"}
)

// Which pieces a mark_targets effect may mark (its keys of and
// choose_of).
const (
	markOfAny = iota
	markOfSeats
	markOfCommon
)

// markClassOf returns the class a value of `of` or `choose_of` names.
func markClassOf(v string) int {
	switch v {
	case "seats":
		return markOfSeats
	case "common":
		return markOfCommon
	}
	return markOfAny
}

// inClass reports whether piece p is of class c.
func inClass(g *Game, c, p int) bool {
	switch c {
	case markOfSeats:
		return g.pieceOwner[p] >= 0
	case markOfCommon:
		return g.pieceOwner[p] < 0
	}
	return true
}

// markTargets is a compiled mark_targets effect.
type markTargets struct {
	name         string
	slot         int // the effect's list of pieces targeted before the move (State.markBefore)
	attacksName  string
	attacks      *slideRule
	vars, vals   []int
	exceptBefore bool
	// choose: the mover chooses the subset of the candidates that get
	// the values (effect_choose.go); of: which pieces are targets; keep:
	// the pieces that hold the values already are candidates too.
	choose   bool
	of       int
	chooseOf int
	keep     bool
	// noNew: the moved piece's targets are not offered (new_targets =
	// false), only the pieces already marked.
	noNew bool
	// class lists the pieces of `of`; a choice offers none while none
	// of them is on the board (effect_choose.go)
	class []int32
	// reach[c*reachW:(c+1)*reachW] is the bit set of the cells the attack
	// walk from cell c may look at (any direction, up to the rule's
	// distance): a piece elsewhere is never a target of a piece on c. Set
	// for a choosing effect whose attack rule walks (reachOf).
	reach  []uint64
	reachW int
}

// reachOf fills e.reach from the board's rays.
func (e *markTargets) reachOf(g *Game) {
	n, nd := g.board.N(), len(g.board.Dirs)
	rays, roff := g.board.RayTable()
	e.reachW = (n + 63) / 64
	e.reach = make([]uint64, n*e.reachW)
	for c := 0; c < n; c++ {
		row := e.reach[c*e.reachW : (c+1)*e.reachW]
		for d := 0; d < nd; d++ {
			k := c*nd + d
			for i, x := range rays[roff[k]:roff[k+1]] {
				if i >= e.attacks.maxDist {
					break
				}
				row[x>>6] |= 1 << (x & 63)
			}
		}
	}
}

// anyInReach reports whether a piece of the choice's class that does not
// hold the values stands where the attack walk from cell c may look: when
// none does, a piece on c has no new target to choose.
func (e *markTargets) anyInReach(s *State, c int) bool {
	if e.reach == nil || c < 0 {
		return true
	}
	row := e.reach[c*e.reachW : (c+1)*e.reachW]
	for _, p := range e.class {
		if x := s.PieceCell(int(p)); x >= 0 && row[x>>6]&(1<<(x&63)) != 0 && !e.holds(s, int(p)) {
			return true
		}
	}
	return false
}

// ofClass reports whether piece p is of the pieces the effect marks.
func (e *markTargets) ofClass(g *Game, p int) bool { return inClass(g, e.of, p) }

// chosen reports whether piece p is of the pieces the effect's choice is
// over (of `of` and of `choose_of`).
func (e *markTargets) chosen(g *Game, p int) bool {
	return inClass(g, e.of, p) && inClass(g, e.chooseOf, p)
}

// holds reports whether piece p holds every value the effect sets.
func (e *markTargets) holds(s *State, p int) bool {
	for i, v := range e.vars {
		if s.PieceVar(p, v) != e.vals[i] {
			return false
		}
	}
	return true
}

// apply does nothing: the effect needs the move (applyMove).
func (e *markTargets) apply(*State) {}

// beforeMove records, before m is played, the pieces the moving piece
// could take from its start cell.
func (e *markTargets) beforeMove(s *State, m Move) {
	for len(s.markBefore) <= e.slot {
		s.markBefore = append(s.markBefore, nil)
	}
	if s.markMemo {
		// the look-ahead copy of an expansion: every move starts from
		// the same position, so the list found for this start cell holds
		for len(s.markFrom) <= e.slot {
			s.markFrom = append(s.markFrom, noMarkFrom)
		}
		if s.markFrom[e.slot] == m.From() {
			return
		}
		s.markFrom[e.slot] = m.From()
	}
	before := s.markBefore[e.slot][:0]
	defer func() { s.markBefore[e.slot] = before }()
	if !e.exceptBefore || e.noNew || m.From() < 0 || e.attacks == nil {
		// new_targets = false offers no new target: no list to leave out
		return
	}
	if e.attacks.takeWalk {
		before, _ = e.attacks.walkTargets(s, m.From(), before, false)
		return
	}
	s.markBuf = e.attacks.genFrom(s, m.From(), s.markBuf[:0])
	for _, x := range s.markBuf {
		if p := s.Top(x.To()); p >= 0 {
			before = append(before, int32(p))
		}
	}
}

// before returns the pieces the moved piece could take from its start
// cell (beforeMove).
func (e *markTargets) before(s *State) []int32 {
	if len(s.markBefore) <= e.slot {
		return nil
	}
	return s.markBefore[e.slot]
}

// applyMove marks the targets of the piece m left on its target cell.
func (e *markTargets) applyMove(s *State, m Move) {
	if e.choose {
		e.applyChoice(s, m)
		return
	}
	for _, p := range e.targetsNow(s, m) {
		e.mark(s, int(p))
	}
}

// targetsNow lists in s.markNow the pieces the piece m left on its target
// cell could take by one move of the attack rule. A neutral piece that has
// just moved attacks although it rests (common_rest): its rest is lifted
// while its targets are found.
func (e *markTargets) targetsNow(s *State, m Move) []int32 {
	s.markNow = s.markNow[:0]
	if e.attacks == nil || m.To() < 0 || s.Top(m.To()) < 0 {
		return s.markNow
	}
	ri := s.g.lay.rest + s.Top(m.To())
	rest := s.buf[ri]
	s.buf[ri] = 0
	if e.attacks.takeWalk {
		s.markNow, _ = e.attacks.walkTargets(s, m.To(), s.markNow, false)
	} else {
		s.markBuf = e.attacks.genFrom(s, m.To(), s.markBuf[:0])
		for _, x := range s.markBuf {
			if p := s.Top(x.To()); p >= 0 {
				s.markNow = append(s.markNow, int32(p))
			}
		}
	}
	s.buf[ri] = rest
	return s.markNow
}

// mark gives piece p the effect's values unless it was a target before
// (or is not of the pieces the effect marks).
func (e *markTargets) mark(s *State, p int) {
	if !e.ofClass(s.g, p) {
		return
	}
	if hasPiece(e.before(s), int32(p)) {
		return
	}
	for i, v := range e.vars {
		s.setPieceVar(p, v, e.vals[i])
	}
}

// moveEffect is an effect that reads the move: beforeMove runs before the
// rule plays it, applyMove after (in place of apply).
type moveEffect interface {
	beforeMove(s *State, m Move)
	applyMove(s *State, m Move)
}
