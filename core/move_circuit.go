// This file holds the circuit move: a piece travels along a declared
// circuit ([board.circuits.NAME]) over empty cells and stops on the first
// occupied cell it meets, taking it when it holds an enemy piece, after
// going round at least min_loops loops (Surakarta's loop capture). The
// walks are precomputed per cell; gen and play are the hot path and
// allocate nothing.

package core

import (
	"fmt"
	"strings"

	"rulesmith/core/board"
)

// circuitRule moves a piece along declared circuits.
type circuitRule struct {
	ruleBase
	movers
	minLoops    int
	land        int // landEnemy, landEmpty or landEmptyOrEnemy
	originEmpty bool
	carryStack  bool
	when        *whenCond
	pieceList   []int32
	// walks[walkOff[c]:walkOff[c+1]] are the walks that start on cell c,
	// one per visit of c on a circuit and direction; each is a run of
	// steps[w.at : w.at+w.n], the cells the piece passes one by one with
	// the loops gone round so far, up to one full lap less the last step
	// (which would bring it back to where it started).
	walkOff []int32
	walks   []circuitWalk
	steps   []circuitStep
	names   []string // the circuits, for explanations
}

// maxCircuitSteps bounds the walk table of one circuit move (and so the
// work of generating its moves): a circuit of 724 visits alone, or many
// shorter ones.
const maxCircuitSteps = 1 << 20

type circuitWalk struct {
	circuit int32
	at, n   int32
}

type circuitStep struct {
	cell, loops int32
}

var circuitMove = moveType{name: "circuit",
	doc: "travel along a declared circuit ([board.circuits]) over empty cells to the first occupied cell, round at least min_loops loops, taking an enemy piece there",
	keys: []*Key{&moverPiecesKey, &moverKindsKey, &circuitNamesKey, &circuitMinLoopsKey, &circuitLandKey, &circuitOriginKey,
		&carryKey, &commonRestKey, &whenKey},
	compile: compileCircuit}

var (
	circuitNamesKey = Key{Name: "circuits", Type: TStrings,
		Doc: "the circuits travelled (default: every circuit of the board)"}
	circuitMinLoopsKey = Key{Name: "min_loops", Type: TInt, Default: 1, Min: 0, Max: board.MaxCells,
		Doc: "the loops the piece must go round before it may stop"}
	circuitLandKey = Key{Name: "land", Type: TChoice, Default: "enemy", Allowed: []string{"enemy", "empty", "empty_or_enemy"},
		Doc: "enemy: only the first occupied cell, when an enemy piece stands there (it is taken); empty: any empty cell passed; empty_or_enemy: both"}
	circuitOriginKey = Key{Name: "origin", Type: TChoice, Default: "empty", Allowed: []string{"empty", "blocked"},
		Doc: "empty: the piece's own starting cell counts as empty during the trip (the path may run through it); blocked: it blocks"}
)

func compileCircuit(c *compiler, p string, rb ruleBase) rule {
	r := c.r
	b := c.g.board
	ru := &circuitRule{ruleBase: rb}
	ru.movers = c.compileMovers(p)
	all := b.Circuits()
	if len(all) == 0 {
		if r.Has("board.circuits") {
			return nil // the circuits' own errors are reported
		}
		r.Errorf(p, "%s: a circuit move needs circuits: declare them under [board.circuits.NAME]", p)
		return nil
	}
	use := make([]bool, len(all))
	if c.has(p, &circuitNamesKey) {
		var names []string
		for _, ci := range all {
			names = append(names, ci.Name)
		}
		for i, name := range c.readStrings(p, &circuitNamesKey) {
			found := false
			for j := range all {
				if all[j].Name == name {
					use[j], found = true, true
				}
			}
			if !found && r.Has("board.circuits."+name) {
				return nil // declared, but wrong: reported there
			}
			if !found {
				r.ValueErrorf(fmt.Sprintf("%s.circuits.%d", p, i), "%s.circuits: unknown circuit %q (circuits: %s)", p, name, strings.Join(names, ", "))
				return nil
			}
		}
	} else {
		for j := range use {
			use[j] = true
		}
	}
	ru.minLoops = c.readInt(p, &circuitMinLoopsKey)
	switch c.readChoice(p, &circuitLandKey) {
	case "enemy":
		ru.land = landEnemy
	case "empty":
		ru.land = landEmpty
	default:
		ru.land = landEmptyOrEnemy
	}
	ru.originEmpty = c.readChoice(p, &circuitOriginKey) == "empty"
	ru.carryStack = c.readChoice(p, &carryKey) == "stack"
	ru.when = c.compileWhen(p, true)
	ru.pieceList = c.fewPieces(ru.kinds)
	// the walks, cell by cell: 2·L·(L−1) steps for a circuit of L visits
	total := 0
	for j, ci := range all {
		if use[j] {
			total += 2 * len(ci.Cells) * (len(ci.Cells) - 1)
		}
	}
	if total > maxCircuitSteps {
		r.Errorf(p, "%s: the walks along its circuits take %d steps (2·L·(L−1) for a circuit of L visits, summed); at most %d", p, total, maxCircuitSteps)
		return nil
	}
	c.charge(p, int64(total)*8)
	n := b.N()
	ru.walkOff = make([]int32, n+1)
	for cell := 0; cell < n; cell++ {
		for j, ci := range all {
			if !use[j] {
				continue
			}
			L := len(ci.Cells)
			for i, x := range ci.Cells {
				if int(x) != cell {
					continue
				}
				for _, dir := range [2]int{1, -1} {
					w := circuitWalk{circuit: int32(j), at: int32(len(ru.steps))}
					loops, pos := 0, i
					for k := 1; k < L; k++ {
						next := (pos + dir + L) % L
						if (dir == 1 && ci.Loop[pos]) || (dir == -1 && ci.Loop[next]) {
							loops++
						}
						pos = next
						ru.steps = append(ru.steps, circuitStep{cell: ci.Cells[pos], loops: int32(loops)})
					}
					w.n = int32(len(ru.steps)) - w.at
					ru.walks = append(ru.walks, w)
				}
			}
		}
		ru.walkOff[cell+1] = int32(len(ru.walks))
	}
	for _, ci := range all {
		ru.names = append(ru.names, ci.Name)
	}
	return ru
}

// reach adds every cell a walk may stop on, ignoring the other pieces.
func (r *circuitRule) reach(g *Game, kinds []bool, add func(from, to int)) {
	if !movesAny(r.kinds, kinds) {
		return
	}
	for c := 0; c < g.board.N(); c++ {
		for _, w := range r.walks[r.walkOff[c]:r.walkOff[c+1]] {
			for _, st := range r.steps[w.at : w.at+w.n] {
				if int(st.loops) >= r.minLoops && int(st.cell) != c {
					add(c, int(st.cell))
				}
			}
		}
	}
}

func (r *circuitRule) gen(s *State, out []Move) []Move {
	g := s.g
	mover := s.ToMove()
	n := g.board.N()
	top := s.buf[g.lay.top : g.lay.top+n]
	pos := s.buf[g.lay.pos:]
	// on a small board walk only the cells whose top the mover owns
	useMask := g.small && r.own && !r.common && r.pieceList == nil
	var cand uint64
	if useMask {
		cand = s.ownMask(mover)
	}
	o := origins{mask: cand, useMask: useMask, list: r.pieceList, n: n}
	for {
		c := o.cell(pos, top)
		if c < 0 {
			return out
		}
		if r.walkOff[c] == r.walkOff[c+1] {
			continue // on no circuit
		}
		p := top[c] - 1
		if p < 0 || !r.may(s, int(p), mover) {
			continue
		}
		out = r.genFrom(s, out, c, mover, int(g.pieceOwner[p]), int(g.pieceKind[p]))
	}
}

// genFrom appends the moves of the piece on c (of side `side` and kind
// `kind`), each target once.
func (r *circuitRule) genFrom(s *State, out []Move, c, mover, side, kind int) []Move {
	g := s.g
	height := s.buf[g.lay.height:]
	counts := s.buf[g.lay.counts:]
	top := s.buf[g.lay.top:]
	n0 := len(out)
	minL := int32(r.minLoops)
	for _, w := range r.walks[r.walkOff[c]:r.walkOff[c+1]] {
		for _, st := range r.steps[w.at : w.at+w.n] {
			t := int(st.cell)
			if t == c && r.originEmpty {
				continue
			}
			if height[t] != 0 || counts[t] != 0 {
				if st.loops >= minL && r.land != landEmpty {
					if q := top[t] - 1; q >= 0 && foe(int(g.pieceOwner[q]), mover, side) && t != c {
						out = r.add(s, out, n0, c, t, kind)
					}
				}
				break
			}
			if st.loops >= minL && r.land != landEnemy {
				out = r.add(s, out, n0, c, t, kind)
			}
		}
	}
	return out
}

// add appends the move c→t unless out[n0:] has it already or `when`
// forbids it.
func (r *circuitRule) add(s *State, out []Move, n0, c, t, kind int) []Move {
	m := mkMove(r.index, c, t, 0)
	for _, x := range out[n0:] {
		if x == m {
			return out
		}
	}
	if r.when != nil && !r.when.allows(s, c, t, s.Height(c), kind) {
		return out
	}
	return append(out, m)
}

func (r *circuitRule) play(s *State, m Move) error {
	from, to := m.From(), m.To()
	moved := s.Top(from)
	if s.Height(to) > 0 {
		s.clear(to)
	}
	if r.rest > 0 {
		restIfCommon(s, moved, r.rest)
	}
	n := 1
	if r.carryStack {
		n = s.Height(from)
	}
	s.moveStack(from, to, n)
	return nil
}

// format writes FROMxTO for a capture and FROM-TO for a landing on an
// empty cell.
func (r *circuitRule) format(s *State, m Move) string {
	b := s.g.board
	sep := "-"
	if s.Height(m.To()) > 0 {
		sep = "x"
	}
	return b.Cells[m.From()].Name + sep + b.Cells[m.To()].Name
}

func (r *circuitRule) explain(s *State, text string) (string, bool) {
	g := s.g
	b := g.board
	fs, ts, found := strings.Cut(text, "x")
	if !found {
		if fs, ts, found = strings.Cut(text, "-"); !found || r.land == landEnemy {
			return "", false // FROM-TO is not how this rule's captures are written
		}
	}
	from, ok1 := lookupCell(g, fs)
	to, ok2 := lookupCell(g, ts)
	if !ok1 || !ok2 {
		return "", false
	}
	fn, tn := b.Cells[from].Name, b.Cells[to].Name
	p := s.Top(from)
	if p < 0 {
		return fmt.Sprintf("there is no piece on %s", fn), true
	}
	mover := s.ToMove()
	if !r.may(s, p, mover) {
		if r.kinds != nil && !r.kinds[g.pieceKind[p]] {
			return "", false // another rule moves this piece
		}
		return fmt.Sprintf("the piece on %s is not %s's to move", fn, g.seats[mover]), true
	}
	if r.walkOff[from] == r.walkOff[from+1] {
		return weak + fmt.Sprintf("no circuit passes through %s", fn), true
	}
	side := int(g.pieceOwner[p])
	occupied := s.occupied(to)
	switch {
	case occupied && r.land == landEmpty:
		return fmt.Sprintf("%s is occupied: this move ends on an empty cell", tn), true
	case !occupied && r.land == landEnemy:
		return fmt.Sprintf("%s is empty: this move must end on an enemy piece, the first piece met along a circuit", tn), true
	case occupied && (s.Top(to) < 0 || !foe(s.Owner(to), mover, side)):
		return fmt.Sprintf("%s is not an enemy piece: it blocks the way", tn), true
	}
	// why each walk misses the target: one that reaches it round too few
	// loops says more than one blocked on the way
	reached, blocked := "", ""
	for _, w := range r.walks[r.walkOff[from]:r.walkOff[from+1]] {
		for _, st := range r.steps[w.at : w.at+w.n] {
			t := int(st.cell)
			if t == to {
				if int(st.loops) < r.minLoops && reached == "" {
					reached = fmt.Sprintf("along circuit %s, %s reaches %s round %s; it must go round at least %s", r.names[w.circuit], fn, tn,
						plural(int(st.loops), "loop"), plural(r.minLoops, "loop"))
				}
				if int(st.loops) >= r.minLoops && r.when != nil && !r.when.allows(s, from, to, s.Height(from), int(g.pieceKind[p])) {
					return fmt.Sprintf("the rule's condition (when) does not allow %s-%s", fn, tn), true
				}
				if int(st.loops) >= r.minLoops {
					return "", false
				}
			}
			if t == from && r.originEmpty {
				continue
			}
			if s.occupied(t) {
				if blocked == "" {
					blocked = fmt.Sprintf("along circuit %s the way from %s to %s is blocked at %s", r.names[w.circuit], fn, tn, b.Cells[t].Name)
				}
				break
			}
		}
	}
	reason := reached
	if reason == "" {
		reason = blocked
	}
	if reason == "" {
		reason = fmt.Sprintf("no circuit leads from %s to %s", fn, tn)
	}
	return reason, true
}

// captured returns the number of pieces move m, played from s, takes: one
// when it ends on an occupied cell.
func (r *circuitRule) captured(s *State, m Move) int {
	if s.Height(m.To()) > 0 {
		return 1
	}
	return 0
}
