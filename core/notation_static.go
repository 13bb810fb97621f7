// This file holds the compile-time notation-clash check: from each move
// rule's declared keys and the board's tables it decides whether two legal
// moves of one position can be written alike (then a record could not say
// which was played), and warns at the rule's file:line:col. A rule whose
// notation it cannot describe leaves the variant undecided, and `rulesmith
// validate` then samples seeded games as well (NotationClashes).

package core

import (
	"fmt"
	"slices"
	"strings"
)

// Text forms a rule's moves take: FROM-TO (with a lead, a separator, the
// target and a tail), a placement, or another form compared with no other.
const (
	formFromTo = iota
	formPlace
	formSow    // a pit's number and a direction's name
	formRemove // a prefix and a cell or a run FIRST-LAST
	formSteps  // a list of steps (a race's decision: "E, t5+3")
	formKinds  // a prefix and kind names joined by + (a transfer: "5H+JC")
	formNamed  // fixed words, one per move of a piece (castling: "O-O")
	formSwap   // a cell, = and the incoming kind ("d4=Sh")
)

// Target classes: what stands on a move's target before it.
const (
	onEmpty = 1 << iota
	onEnemy
	onOwn
)

// Tails: what a FROM-TO text may carry after the target.
const (
	tailNone   = 1 << iota // nothing
	tailGlyphs             // x and a glyph per victim (victims told by kind only)
	tailLine               // an approach or withdrawal mark
	tailCells              // x and a cell per victim or follow-up
	tailPromo              // =G, the kind promoted to
	tailMarks              // *CELL per piece a choice names (mark_targets choose = "subset")
)

// Place texts.
const (
	placeCell    = iota // CELL
	placeNamed          // KIND@CELL
	placeGlyph          // GLYPHCELL
	placeGlyphAt        // GLYPH@CELL
)

// noteShape describes how a rule writes its moves, for the clash check.
type noteShape struct {
	form      int
	glyphLead bool   // PIECE-TO: the moving piece's glyph leads, not its cell
	kinds     []bool // the kinds it moves or places (nil: any)
	land      uint8  // the target classes it may land on
	xOn       uint8  // the target classes it writes FROMxTO
	tails     uint8
	// replaceGlyph: a piece taken on the target is written as a victim's
	// glyph (notation = "piece" with capture = "replace")
	replaceGlyph bool
	// promo: the rule's promotion (FROM-TO moves), for notationPromoKeep
	promo   *promotion
	ownOnly bool                              // it moves the mover's own pieces only
	place   int                               // formPlace: placeCell, placeNamed, placeGlyph or placeGlyphAt (-1 - it with a follow-up)
	prefix  string                            // formRemove, formKinds: the text before the cells or kinds
	count   int                               // formKinds: the kinds one move names
	reach   func(add func(from, to int)) bool // its (from, to) pairs (place: from -1); false: too many to list
	// names: formNamed, the words it writes
	names []string
	// swaps: formSwap, "SEAT/KIND/TEXT" for each seat, board kind it may
	// swap out and the text of a kind that may come in for it
	swaps map[string]bool
	// self: two moves of this rule in one position can be written alike;
	// the key to warn at and why
	selfKey, self string
}

// shaper is a rule whose notation the check can describe.
type shaper interface {
	noteShape(g *Game) (noteShape, bool)
}

// landClasses maps a land key's value to the target classes.
func landClasses(land int) uint8 {
	switch land {
	case landEmpty:
		return onEmpty
	case landOccupied:
		return onEnemy | onOwn
	case landEnemy:
		return onEnemy
	case landEmptyOrEnemy:
		return onEmpty | onEnemy
	}
	return onEmpty | onEnemy | onOwn
}

// maxReachPairs bounds the (from, to) pairs the check lists for one rule;
// past it the variant is left to the sampling check.
const maxReachPairs = 1 << 18

// captureTails returns the tails a capture spec writes, and for a choice
// of victims told apart only by their glyphs, why two choices can be
// written alike ("" when they cannot).
func (g *Game) captureTails(cs *captureSpec, movers []bool) (uint8, string) {
	if cs == nil {
		return tailNone, ""
	}
	switch cs.kind {
	case capLine:
		return tailNone | tailLine, ""
	case capCustodial:
		return tailNone | tailCells, ""
	case capRelated, capSandwich:
		t := uint8(tailNone | tailGlyphs)
		if cs.rel == nil {
			return t, ""
		}
		// two victims beside one landing (or, sandwiched, round one
		// middle cell) written by one glyph: two choices print alike
		most := 0
		for c := 0; c < g.board.N(); c++ {
			most = max(most, len(cs.rel.Of(c)))
		}
		if most < 2 {
			return t, ""
		}
		if gl := g.sharedVictimGlyph(movers); gl != "" {
			return t, fmt.Sprintf("its captures can take different pieces from one landing, but victims are written by their glyph only and two pieces are written %q", gl)
		}
		return t, ""
	}
	return tailNone, ""
}

// sharedVictimGlyph returns a glyph written for two pieces that a seat
// moving one of the kinds movers (nil: any) could take, those of the other
// seats and neutral ones, or "".
func (g *Game) sharedVictimGlyph(movers []bool) string {
	for seat := range g.seats {
		mine := false
		for k := range g.kinds {
			mine = mine || ((movers == nil || movers[k]) && g.kinds[k].Owner == seat)
		}
		if !mine && movers != nil {
			continue
		}
		count := map[string]int{}
		for _, k := range g.pieceKind {
			if g.kinds[k].Owner == seat {
				continue
			}
			gl := strings.ToLower(g.kinds[k].Glyph)
			if count[gl]++; count[gl] == 2 {
				return g.kinds[k].Glyph
			}
		}
	}
	return ""
}

// sharedGlyph returns a glyph written for two pieces of the given kinds
// (nil: any kind) on the board or in hand, or "".
func (g *Game) sharedGlyph(kinds []bool) string {
	count := map[string]int{}
	for p, k := range g.pieceKind {
		if kinds != nil && !kinds[k] {
			continue
		}
		gl := strings.ToLower(g.kinds[k].Glyph)
		if count[gl]++; count[gl] == 2 {
			return g.kinds[g.pieceKind[p]].Glyph
		}
	}
	return ""
}

func (r *slideRule) noteShape(g *Game) (noteShape, bool) {
	if r.attackOnly {
		return noteShape{}, false
	}
	sh := noteShape{form: formFromTo, glyphLead: r.byPiece, kinds: r.kinds, land: landClasses(r.land)}
	if r.jump && r.land == landEmpty {
		sh.land = onEmpty
	}
	if r.xOnCapture && r.replace {
		sh.xOn = sh.land &^ onEmpty
	}
	sh.tails, sh.self = g.captureTails(r.cap, r.kinds)
	if sh.self != "" {
		sh.selfKey = "capture"
	}
	if r.promo != nil {
		sh.tails |= tailPromo
		sh.setPromo(r.promo, &r.movers)
	}
	sh.replaceGlyph = r.replace && r.byPiece
	sh.reach = func(add func(from, to int)) bool {
		n := g.board.N()
		for c := 0; c < n; c++ {
			for _, ds := range [][]int{r.dirs, r.oppDirs} {
				for _, d := range ds {
					for _, t := range r.targetsAlong(g, c, d) {
						// a static when (a table over from and to) rules pairs out
						if r.when == nil || !r.when.static || r.when.table[c*n+int(t)] {
							add(c, int(t))
						}
					}
				}
			}
		}
		return true
	}
	b := g.board
	// one target along two directions from one cell: two moves written alike
	if sh.self == "" {
		seen := make([]int32, b.N())
		for c := 0; c < b.N() && sh.self == ""; c++ {
			for _, d := range r.dirs {
				for _, t := range r.targetsAlong(g, c, d) {
					if seen[t] == int32(c+1) {
						sh.selfKey, sh.self = "dirs", fmt.Sprintf("a piece on %s reaches %s along two directions, and both moves are written %s-%s", b.Cells[c].Name, b.Cells[t].Name, b.Cells[c].Name, b.Cells[t].Name)
						break
					}
					seen[t] = int32(c + 1)
				}
			}
		}
	}
	if sh.self == "" && r.byPiece {
		if gl := g.sharedGlyph(r.kinds); gl != "" {
			sh.selfKey, sh.self = "notation", fmt.Sprintf("two pieces it moves are both written %q, and notation = \"piece\" names the piece by its glyph, not its cell", gl)
		}
	}
	return sh, true
}

// targetsAlong returns the cells of the ray from c in direction d that a
// move of the rule can end on, blockers ignored: exactly dist cells away,
// or any up to max_distance.
func (r *slideRule) targetsAlong(g *Game, c, d int) []int32 {
	ray := g.board.Ray(c, d)
	switch {
	case r.byHeight || r.byLine:
		return ray
	case r.dist > 0:
		if len(ray) < r.dist {
			return nil
		}
		return ray[r.dist-1 : r.dist]
	}
	return ray[:min(len(ray), max(r.maxDist, 1))]
}

func (r *leapRule) noteShape(g *Game) (noteShape, bool) {
	sh := noteShape{form: formFromTo, glyphLead: r.byPiece, kinds: r.kinds, land: landClasses(r.land)}
	if r.xOnCapture {
		sh.xOn = sh.land &^ onEmpty
	}
	sh.tails, _ = g.captureTails(r.cap, r.kinds)
	sh.replaceGlyph = r.byPiece && !r.xOnCapture && r.cap != nil && r.cap.kind == capReplace
	if r.promo != nil {
		sh.tails |= tailPromo
		sh.setPromo(r.promo, &r.movers)
	}
	sh.reach = func(add func(from, to int)) bool { r.reach(g, nil, add); return true }
	b := g.board
	seen := make([]int32, b.N())
	for f := range r.tables {
		t := &r.tables[f]
		for c := 0; c+1 < len(t.off) && sh.self == ""; c++ {
			for i := t.off[c]; i < t.off[c+1]; i++ {
				x := t.tgt[i]
				if seen[x] == int32(c+1) {
					sh.selfKey, sh.self = "vectors", fmt.Sprintf("two of its leaps take a piece on %s to %s, and both moves are written %s-%s", b.Cells[c].Name, b.Cells[x].Name, b.Cells[c].Name, b.Cells[x].Name)
					break
				}
				seen[x] = int32(c + 1)
			}
		}
		clear(seen)
	}
	if sh.self == "" && r.byPiece {
		if gl := g.sharedGlyph(r.kinds); gl != "" {
			sh.selfKey, sh.self = "notation", fmt.Sprintf("two pieces it moves are both written %q, and notation = \"piece\" names the piece by its glyph, not its cell", gl)
		}
	}
	return sh, true
}

func (r *pivotRule) noteShape(g *Game) (noteShape, bool) {
	// several helpers giving one target make one move (gen)
	sh := noteShape{form: formFromTo, glyphLead: r.byPiece, kinds: r.kinds, land: onEmpty, tails: tailNone}
	if r.promo != nil {
		sh.tails |= tailPromo
		sh.setPromo(r.promo, &r.movers)
	}
	sh.reach = func(add func(from, to int)) bool { r.reach(g, nil, add); return true }
	if r.byPiece {
		if gl := g.sharedGlyph(r.kinds); gl != "" {
			sh.selfKey, sh.self = "notation", fmt.Sprintf("two pieces it moves are both written %q, and notation = \"piece\" names the piece by its glyph, not its cell", gl)
		}
	}
	return sh, true
}

func (r *circuitRule) noteShape(g *Game) (noteShape, bool) {
	// each target once per origin (genFrom)
	sh := noteShape{form: formFromTo, kinds: r.kinds, land: landClasses(r.land), tails: tailNone}
	sh.xOn = sh.land &^ onEmpty
	if r.promo != nil {
		sh.tails |= tailPromo
		sh.setPromo(r.promo, &r.movers)
	}
	sh.reach = func(add func(from, to int)) bool { r.reach(g, nil, add); return true }
	return sh, true
}

func (r *placeRule) noteShape(g *Game) (noteShape, bool) {
	sh := noteShape{form: formPlace, kinds: r.kinds, land: onEmpty, tails: tailNone, place: placeCell}
	switch {
	case r.glyph:
		sh.place = placeGlyph
	case r.glyphAt:
		sh.place, sh.glyphLead = placeGlyphAt, true
	case r.choice:
		sh.place = placeNamed
	}
	if r.promo != nil {
		sh.tails |= tailPromo
	}
	sh.reach = func(add func(from, to int)) bool {
		if r.anyTo {
			for c := 0; c < g.board.N(); c++ {
				add(-1, c)
			}
			return true
		}
		for seat := range g.seats {
			for _, c := range g.cells(r.to, seat) {
				add(-1, int(c))
			}
		}
		return true
	}
	if (r.glyph || r.glyphAt) && r.choice {
		// a seat choosing between two kinds of one glyph writes both alike:
		// kinds its zone can hold at once (zone_flow.go)
		for seat := range g.seats {
			seen := map[string]string{}
			holds := g.zoneHolds[g.zoneInst(r.zone, seat)]
			for k := range g.kinds {
				if !holds[k] || !r.allowed(k) {
					continue
				}
				gl := strings.ToLower(g.kinds[k].Glyph)
				if other, ok := seen[gl]; ok && other != g.kinds[k].Name {
					sh.selfKey, sh.self = "notation", fmt.Sprintf("%s may place %s and %s, both written %q before the cell", g.seats[seat], other, g.kinds[k].Name, g.kinds[k].Glyph)
					return sh, true
				}
				seen[gl] = g.kinds[k].Name
			}
		}
	}
	return sh, true
}

func (t *thenRule) noteShape(g *Game) (noteShape, bool) {
	b, ok := t.rule.(shaper)
	if !ok || t.put != nil || t.walks != nil {
		return noteShape{}, false
	}
	sh, ok := b.noteShape(g)
	if !ok {
		return sh, false
	}
	// the follow-up is written x and its cell after the base move
	if sh.form == formFromTo {
		sh.tails |= tailCells
	} else {
		sh.place = -1 - sh.place // a placement with a follow-up is another text
	}
	return sh, true
}

func (r *chainRule) noteShape(g *Game) (noteShape, bool) {
	seg, ok := g.rules[r.segIdx].(shaper)
	if !ok || r.seg == nil {
		return noteShape{}, false
	}
	sh, ok := seg.noteShape(g)
	if !ok || sh.form != formFromTo || sh.glyphLead {
		return noteShape{}, false
	}
	segReach := sh.reach
	sh.self, sh.selfKey = "", ""
	if r.notation == chainNoteEnds {
		// FROM-TO of the origin and the last landing: every cell a piece
		// can reach by a run of segments
		sh.tails, sh.xOn = tailNone, 0
		next := make([][]int32, g.board.N())
		pairs := 0
		segReach(func(from, to int) {
			next[from] = append(next[from], int32(to))
			pairs++
		})
		if pairs > maxReachPairs {
			return noteShape{}, false
		}
		sh.reach = func(add func(from, to int)) bool {
			budget := maxReachPairs * 4
			seen := make([]int32, g.board.N())
			var queue []int32
			for c := range g.board.N() {
				queue = append(queue[:0], int32(c))
				seen[c] = int32(c + 1)
				for len(queue) > 0 {
					x := queue[0]
					queue = queue[1:]
					for _, y := range next[x] {
						if budget--; budget < 0 {
							return false
						}
						if seen[y] != int32(c+1) {
							seen[y] = int32(c + 1)
							add(c, int(y))
							queue = append(queue, y)
						}
					}
				}
			}
			return true
		}
		return sh, true
	}
	// a chain of one segment is written as its segment (a longer chain has
	// more landings, which no other rule writes)
	if r.notation == chainNoteLandings && r.canTake {
		sh.xOn = sh.land
	}
	if r.notation == chainNotePathCaptures && r.canTake {
		sh.tails |= tailCells
	}
	if r.capturing && sh.tails&^tailNone != 0 {
		sh.tails &^= tailNone // every segment takes something, and says so
	}
	return sh, true
}

func (r *sowRule) noteShape(g *Game) (noteShape, bool) {
	// each pit and direction is one move, written by the pit's number and
	// (with several directions) the direction's name
	sh := noteShape{form: formSow, land: onEmpty | onEnemy | onOwn, tails: tailNone}
	sh.reach = func(add func(from, to int)) bool {
		for _, i := range r.fromIndex {
			if i > 0 {
				add(-1, int(i)-1) // pit numbers, not cells
			}
		}
		return true
	}
	return sh, true
}

func (r *removeRule) noteShape(g *Game) (noteShape, bool) {
	// one cell, or a run written by its two ends, which name one run
	sh := noteShape{form: formRemove, kinds: r.kinds, land: onEnemy | onOwn, tails: tailNone, prefix: r.prefix}
	sh.reach = func(add func(from, to int)) bool {
		for c := 0; c < g.board.N(); c++ {
			add(-1, c)
		}
		return true
	}
	return sh, true
}

// noteShape: a transfer writes its prefix and the names (or glyphs) of
// the kinds it moves, in kind order, joined by +. Within the rule every
// move is a different choice of kinds, so a different text, unless two of
// its kinds share a glyph; another transfer of a phase meets it only with
// the same prefix and count and a kind written alike. A prelude is written
// with the move it precedes and checked apart (checkPrelude).
func (r *transferRule) noteShape(g *Game) (noteShape, bool) {
	if r.prelude {
		return noteShape{}, false
	}
	sh := noteShape{form: formKinds, kinds: r.kinds, prefix: r.prefix, count: r.count, tails: tailNone, glyphLead: r.glyph}
	if r.glyph {
		if a, b, ok := g.zoneGlyphsAlike(r.from, r.kinds); ok {
			sh.selfKey = "notation"
			sh.self = fmt.Sprintf("it writes kinds %s and %s alike (%s)", g.kinds[a].Name, g.kinds[b].Name, g.kinds[b].Glyph)
		}
	}
	return sh, true
}

// zoneGlyphsAlike returns two kinds of one glyph (ignoring case) among
// kinds (nil: any) that one seat's instance of zone z can hold at once
// (zone_flow.go), in kind order, and ok false when there are none.
func (g *Game) zoneGlyphsAlike(z int, kinds []bool) (a, b int, ok bool) {
	for seat := range g.seats {
		holds := g.zoneHolds[g.zoneInst(z, seat)]
		seen := map[string]int{}
		for k, kd := range g.kinds {
			if !holds[k] || (kinds != nil && !kinds[k]) {
				continue
			}
			gl := strings.ToLower(kd.Glyph)
			if other, dup := seen[gl]; dup {
				return other, k, true
			}
			seen[gl] = k
		}
	}
	return -1, -1, false
}

// noteShape: a castling is written FROM-TO (the piece's cell and its
// target) or, with names, by one word per direction. FROM-TO texts meet
// other rules' by their cell pairs; two directions reaching one target
// from one cell are written alike. Words are written alike when two
// directions share one, or when a seat has two pieces it castles (their
// castlings along one direction take one word); a word meets another
// rule's text when it could be one (namedMeets).
func (r *castleRule) noteShape(g *Game) (noteShape, bool) {
	b := g.board
	if r.names == nil {
		sh := noteShape{form: formFromTo, kinds: r.kinds, land: onEmpty, tails: tailNone}
		sh.reach = func(add func(from, to int)) bool {
			for c := 0; c < b.N(); c++ {
				for _, d := range r.dirs {
					// the partner stands beyond the target
					if ray := b.Ray(c, d); len(ray) > r.dist {
						add(c, int(ray[r.dist-1]))
					}
				}
			}
			return true
		}
		seen := make([]int32, b.N())
		for c := 0; c < b.N() && sh.self == ""; c++ {
			for _, d := range r.dirs {
				ray := b.Ray(c, d)
				if len(ray) <= r.dist {
					continue
				}
				t := ray[r.dist-1]
				if seen[t] == int32(c+1) {
					sh.selfKey, sh.self = "dirs", fmt.Sprintf("a piece on %s castles to %s along two directions, and both castlings are written %s-%s", b.Cells[c].Name, b.Cells[t].Name, b.Cells[c].Name, b.Cells[t].Name)
					break
				}
				seen[t] = int32(c + 1)
			}
		}
		return sh, true
	}
	sh := noteShape{form: formNamed, kinds: r.kinds, tails: tailNone, names: r.names}
	seen := map[string]bool{}
	for _, n := range r.names {
		if seen[strings.ToLower(n)] {
			sh.selfKey, sh.self = "names", fmt.Sprintf("two of its directions are both written %q", n)
			return sh, true
		}
		seen[strings.ToLower(n)] = true
	}
	for s := range g.seats {
		first := -1
		for _, p := range g.seatPieces[s] {
			k := int(g.pieceKind[p])
			if r.kinds != nil && !r.kinds[k] {
				continue
			}
			if first < 0 {
				first = k
				continue
			}
			sh.selfKey, sh.self = "names", fmt.Sprintf("%s has two pieces it castles (%s and %s), and their castlings along one direction are both written %q", g.seats[s], g.kinds[first].Name, g.kinds[k].Name, r.names[0])
			return sh, true
		}
	}
	return sh, true
}

// namedMeets reports whether a word of a (formNamed) can be a text of b:
// another word alike; a text of cells when the word holds a cell's name;
// a pit's number when it holds a digit; kinds when it opens with b's
// prefix and the rest is count kind texts joined by +; a list of steps
// always.
func (g *Game) namedMeets(a, b *noteShape) bool {
	for _, w := range a.names {
		lw := strings.ToLower(w)
		switch b.form {
		case formNamed:
			for _, v := range b.names {
				if strings.EqualFold(w, v) {
					return true
				}
			}
		case formSteps:
			return true
		case formSow:
			if strings.ContainsAny(w, "0123456789") {
				return true
			}
		case formKinds:
			rest, ok := strings.CutPrefix(lw, strings.ToLower(b.prefix))
			if !ok {
				continue
			}
			parts := strings.Split(rest, "+")
			if len(parts) != b.count {
				continue
			}
			all := true
			for _, part := range parts {
				found := false
				for k := range g.kinds {
					if b.kinds != nil && !b.kinds[k] {
						continue
					}
					text := g.kinds[k].Name
					if b.glyphLead {
						text = g.kinds[k].Glyph
					}
					found = found || strings.EqualFold(text, part)
				}
				all = all && found
			}
			if all {
				return true
			}
		default:
			// every other text names a cell
			for _, c := range g.board.Cells {
				if strings.Contains(lw, strings.ToLower(c.Name)) {
					return true
				}
			}
		}
	}
	return false
}

// noteShape: a swap is written CELL=KIND (or CELL=GLYPH). A cell holds one
// top piece, so two swaps there differ by the kind that comes in: they are
// written alike when two kinds that may come in for one board kind, both
// possibly in the seat's zone (zone_flow.go), are written alike. Two swap
// rules meet when a seat may swap one board kind for kinds written alike.
func (r *swapRule) noteShape(g *Game) (noteShape, bool) {
	sh := noteShape{form: formSwap, kinds: r.kinds, land: onOwn, tails: tailNone, swaps: map[string]bool{}}
	sh.reach = func(add func(from, to int)) bool {
		for c := 0; c < g.board.N(); c++ {
			add(-1, c)
		}
		return true
	}
	nk := len(g.kinds)
	for s := range g.seats {
		var holds []bool
		if g.zoneHolds != nil {
			holds = g.zoneHolds[g.zoneInst(r.zone, s)]
		}
		done := make([]bool, nk)
		for _, p := range slices.Concat(g.seatPieces[s], r.commonPieces) {
			a := int(g.pieceKind[p])
			if done[a] || (r.kinds != nil && !r.kinds[a]) {
				continue
			}
			done[a] = true
			texts := map[string]int{}
			for _, b := range r.matchOf[a] {
				if holds != nil && !holds[b] {
					continue
				}
				kd := g.kinds[b]
				t := strings.ToLower(kd.Name)
				if r.glyph {
					t = strings.ToLower(kd.Glyph)
				}
				if other, dup := texts[t]; dup && sh.self == "" {
					w := kd.Name
					if r.glyph {
						w = kd.Glyph
					}
					sh.selfKey, sh.self = "notation", fmt.Sprintf("%s may swap its %s for %s or %s, both written %q after the cell", g.seats[s], g.kinds[a].Name, g.kinds[other].Name, kd.Name, w)
				}
				texts[t] = int(b)
				sh.swaps[fmt.Sprintf("%d/%d/%s", s, a, t)] = true
			}
		}
	}
	return sh, true
}

// checkPrelude checks the prelude of a phase, written PRELUDE/MOVE: two
// plies are written alike when their preludes are (two kinds the seat's
// zone may hold at once written alike: it returns the key to warn at and
// why) or, with preludes apart, their moves are, which the phase's rules
// are checked for; a ply without a prelude is written apart from one with
// one unless some text of the variant can hold a / (open: the check cannot
// tell). shapes are the shapes of the variant's rules (nil: none; such a
// rule has left the variant open already).
func (g *Game) checkPrelude(pre *transferRule, shapes []*noteShape) (key, why string, open bool) {
	for s := range g.seats {
		holds := g.zoneHolds[g.zoneInst(pre.from, s)]
		texts := map[string]int{}
		for k, kd := range g.kinds {
			if !holds[k] || (pre.kinds != nil && !pre.kinds[k]) {
				continue
			}
			t := kd.Name
			if pre.glyph {
				t = kd.Glyph
			}
			if other, dup := texts[strings.ToLower(t)]; dup {
				return "notation", fmt.Sprintf("%s may take %s or %s from %s, both written %q", g.seats[s], g.kinds[other].Name, kd.Name, g.zones[pre.from].name, pre.prefix+t), false
			}
			texts[strings.ToLower(t)] = k
		}
	}
	words := []string{g.passWord()}
	for _, c := range g.board.Cells {
		words = append(words, c.Name)
	}
	words = append(words, g.board.Dirs...)
	for _, kd := range g.kinds {
		words = append(words, kd.Name, kd.Glyph)
	}
	for _, sh := range shapes {
		if sh == nil {
			continue
		}
		if sh.form == formSteps {
			return "", "", true // a race's words are its own
		}
		words = append(words, sh.prefix)
		words = append(words, sh.names...)
	}
	for _, w := range words {
		if strings.Contains(w, "/") {
			return "", "", true
		}
	}
	return "", "", false
}

// kindTextsMeet reports whether two transfers (or two placements written
// KIND@CELL or GLYPH@CELL) can write a kind alike: by name or glyph as
// each rule writes it, ignoring case as Parse does.
func (g *Game) kindTextsMeet(a, b *noteShape) bool {
	text := func(sh *noteShape, k int) string {
		if sh.glyphLead {
			return strings.ToLower(g.kinds[k].Glyph)
		}
		return strings.ToLower(g.kinds[k].Name)
	}
	for i := range g.kinds {
		if a.kinds != nil && !a.kinds[i] {
			continue
		}
		for j := range g.kinds {
			if (b.kinds == nil || b.kinds[j]) && text(a, i) == text(b, j) {
				return true
			}
		}
	}
	return false
}

// sepOf returns the separator a shape writes onto target class o.
func (sh *noteShape) sepOf(o uint8) byte {
	if sh.xOn&o != 0 {
		return 'x'
	}
	return '-'
}

// kindsMeet reports whether two rules can move (or place) one kind; for
// glyph leads, two kinds written alike.
func (g *Game) kindsMeet(a, b []bool, byGlyph bool) bool {
	for i := range g.kinds {
		if a != nil && !a[i] {
			continue
		}
		for j := range g.kinds {
			if b != nil && !b[j] {
				continue
			}
			if i == j || (byGlyph && strings.EqualFold(g.kinds[i].Glyph, g.kinds[j].Glyph)) {
				return true
			}
		}
	}
	return false
}

// textsMeet reports whether shapes a and b can write one text for moves
// with the same (from, to) in one position, before their pairs are known;
// sep is the separator of such a text.
func (g *Game) textsMeet(a, b *noteShape) (meet bool, sep byte) {
	sep = '-'
	meet = g.textsMeetOn(a, b, &sep)
	return meet, sep
}

func (g *Game) textsMeetOn(a, b *noteShape, sep *byte) bool {
	switch {
	case a.form == formNamed:
		return g.namedMeets(a, b)
	case b.form == formNamed:
		return g.namedMeets(b, a)
	case a.form == formSwap && b.form == formPlace:
		// a placement promoted on its cell is written CELL=G
		return b.place == placeCell && b.tails&tailPromo != 0
	case a.form == formPlace && b.form == formSwap:
		return a.place == placeCell && a.tails&tailPromo != 0
	}
	if a.form != b.form {
		return false
	}
	switch a.form {
	case formSwap:
		for k := range a.swaps {
			if b.swaps[k] {
				return true
			}
		}
		return false
	case formSow, formSteps:
		return true
	case formRemove:
		return a.prefix == b.prefix && g.kindsMeet(a.kinds, b.kinds, false)
	case formKinds:
		return a.prefix == b.prefix && a.count == b.count && g.kindTextsMeet(a, b)
	}
	if a.form == formPlace {
		if a.tails&b.tails == 0 {
			return false
		}
		// KIND@CELL and GLYPH@CELL meet when a name and a glyph do; a
		// placement with a follow-up (negative) meets only such another
		pa, pb := a.place, b.place
		if (pa < 0) != (pb < 0) {
			return false
		}
		if pa < 0 {
			pa, pb = -1-pa, -1-pb
		}
		if (pa == placeNamed || pa == placeGlyphAt) && (pb == placeNamed || pb == placeGlyphAt) {
			return g.kindTextsMeet(a, b)
		}
		if pa != pb {
			return false
		}
		switch pa {
		case placeGlyph:
			return g.kindsMeet(a.kinds, b.kinds, true)
		}
		return true
	}
	if a.glyphLead != b.glyphLead || !g.kindsMeet(a.kinds, b.kinds, a.glyphLead) {
		return false
	}
	for o := uint8(onEmpty); o <= onOwn; o <<= 1 {
		if a.land&b.land&o == 0 || a.sepOf(o) != b.sepOf(o) {
			continue
		}
		if a.tailsOn(o)&b.tailsOn(o) != 0 {
			*sep = a.sepOf(o)
			return true
		}
	}
	return false
}

// tailsOn returns the tails a shape writes onto target class o.
func (sh *noteShape) tailsOn(o uint8) uint8 {
	if o != onEmpty && sh.replaceGlyph {
		return sh.tails&^tailNone | tailGlyphs
	}
	return sh.tails
}

// pairsMeet reports whether two shapes have a (from, to) pair in common
// (for glyph leads, a target in common), and ok false when a rule has too
// many pairs to list.
//
// keep, when not nil, says whether a common pair can give one text.
func pairsMeet(a, b *noteShape, n int, byTarget bool, keep func(from, to int) bool) (meet bool, at [2]int, ok bool) {
	key := func(from, to int) int {
		if byTarget || from < 0 {
			return to
		}
		return (from+1)*n + to
	}
	// a bit set over the pairs on boards up to 1024 cells, else a map
	var bits []uint64
	var set map[int]bool
	if n <= 1024 {
		bits = make([]uint64, ((n+1)*n+63)/64)
	} else {
		set = map[int]bool{}
	}
	count := 0
	okA := a.reach(func(from, to int) {
		if count++; count > maxReachPairs {
			return
		}
		if k := key(from, to); bits != nil {
			bits[k/64] |= 1 << uint(k%64)
		} else {
			set[k] = true
		}
	})
	if !okA || count > maxReachPairs {
		return false, at, false
	}
	okB := b.reach(func(from, to int) {
		if meet {
			return
		}
		k := key(from, to)
		if ((bits != nil && bits[k/64]&(1<<uint(k%64)) != 0) || set[k]) && (keep == nil || keep(from, to)) {
			meet, at = true, [2]int{from, to}
		}
	})
	return meet, at, okB
}

// warnNotationClashes warns of each rule two of whose legal moves in one
// position can be written alike, and of each pair of rules that can write
// moves of one position alike. It sets g.notationOpen when a rule of a
// phase has a notation it cannot describe.
func (c *compiler) warnNotationClashes() {
	g, r := c.g, c.r
	inPhase := make([][]bool, len(g.rules))
	for pi, ph := range g.phases {
		for _, i := range ph.rules {
			if inPhase[i] == nil {
				inPhase[i] = make([]bool, len(g.phases))
			}
			inPhase[i][pi] = true
		}
	}
	shapes := make([]*noteShape, len(g.rules))
	pf := &promoFlow{g: g}
	g.zoneHolds = c.zoneHolds()
	if c.keepHolds != nil {
		*c.keepHolds = g.zoneHolds
	}
	defer func() { g.zoneHolds = nil }()
	for i, ru := range g.rules {
		if inPhase[i] == nil {
			continue
		}
		if ao, ok := ru.(attackOnlyRule); ok && ao.attacksOnly() {
			continue
		}
		sp, ok := ru.(shaper)
		if !ok {
			g.notationOpen = true
			continue
		}
		sh, ok := sp.noteShape(g)
		if !ok {
			g.notationOpen = true
			continue
		}
		if ru.base().choose != nil {
			// a chosen subset follows as *CELL, the empty one as nothing
			sh.tails |= tailMarks | tailNone
		}
		shapes[i] = &sh
		name := ru.base().name
		if sh.self != "" {
			at := "moves." + name
			if r.Has(at + "." + sh.selfKey) {
				at += "." + sh.selfKey
			}
			r.Warnf(at, "moves.%s: %s, so a record cannot tell them apart; give the rule a notation that does", name, sh.self)
		}
	}
	checked := map[*transferRule]bool{}
	for _, ph := range g.phases {
		pre := ph.prelude
		if pre == nil || checked[pre] {
			continue
		}
		checked[pre] = true
		key, why, open := g.checkPrelude(pre, shapes)
		g.notationOpen = g.notationOpen || open
		if why != "" {
			at := "moves." + pre.name
			if r.Has(at + "." + key) {
				at += "." + key
			}
			r.Warnf(at, "moves.%s: %s, so a record cannot tell them apart; give the rule a notation that does", pre.name, why)
		}
	}
	for j := range g.rules {
		for i := 0; i < j; i++ {
			a, b := shapes[i], shapes[j]
			if a == nil || b == nil || !sharePhase(inPhase[i], inPhase[j]) {
				continue
			}
			texts, sep := g.textsMeet(a, b)
			if !texts {
				continue
			}
			if a.form == formNamed || b.form == formNamed {
				// a word: it meets wherever it can be the other's text
				r.Warnf("moves."+g.rules[j].base().name, "moves.%s: its moves and those of moves.%s can be legal in one position and written alike, so a record cannot tell them apart; give the rules notations that differ",
					g.rules[j].base().name, g.rules[i].base().name)
				continue
			}
			if a.form == formKinds {
				// no cells: the texts meet when the rules can name the same kinds
				r.Warnf("moves."+g.rules[j].base().name, "moves.%s: its moves and those of moves.%s can be legal in one position and written alike, so a record cannot tell them apart; give the rules notations that differ (a prefix)",
					g.rules[j].base().name, g.rules[i].base().name)
				continue
			}
			meet, at, ok := pairsMeet(a, b, g.board.N(), a.glyphLead || a.form == formRemove, pf.keep(a, b))
			if !ok {
				g.notationOpen = true
				continue
			}
			if meet {
				nj, ni := g.rules[j].base().name, g.rules[i].base().name
				alike := "written alike"
				if a.form == formFromTo && !a.glyphLead {
					alike = fmt.Sprintf("both written %q", g.board.Cells[at[0]].Name+string(sep)+g.board.Cells[at[1]].Name)
				} else if a.form == formPlace && a.place == placeCell {
					alike = fmt.Sprintf("both written %q", g.board.Cells[at[1]].Name)
				}
				r.Warnf("moves."+nj, "moves.%s: its moves and those of moves.%s can be legal in one position and %s, so a record cannot tell them apart; give the rules notations that differ", nj, ni, alike)
			}
		}
	}
}

func sharePhase(a, b []bool) bool {
	for i := range a {
		if a[i] && b[i] {
			return true
		}
	}
	return false
}
