// This file holds the place primitive: put a piece from the hand on the
// board. gen and play are on the hot path and allocate nothing.

package core

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

type placeRule struct {
	ruleBase
	to     regionRef
	anyTo  bool
	choice bool
	kinds  []bool // kinds this rule may place (nil: any)
	when   *whenCond
	glyph  bool // notation: the kind's glyph, then the cell (Nb3)
	zone   int  // the zone placed from (the mover's instance of a per-seat zone)
	// glyphAt: notation GLYPH@CELL (Sc@d4)
	glyphAt bool
	// rest: the plies a placed neutral piece rests (common_rest)
	rest int
	// below: with gravity, the next cell of each cell in the gravity
	// direction (-1: off the board); nil without gravity
	below []int32
	// floor and rise (boards of at most 64 cells): the cells with no next
	// cell, and the step from a cell to the cells whose next cell it is,
	// grouped by the difference of their indices; the cells a piece may
	// take are then free & (floor | each group's occupied cells rotated by
	// its difference). rise is nil when that needs too many groups.
	floor uint64
	rise  []riseGroup
	// gravity names the direction (for refusals)
	gravity string
}

// riseGroup is the cells (src) whose cell above (the one that falls onto
// them) lies off further on in cell order.
type riseGroup struct {
	off int
	src uint64
}

// maxRiseGroups bounds the rotations of a gravity placement's mask.
const maxRiseGroups = 4

// grounds returns the cells of a board of at most 64 cells where a piece
// would stay, given the occupied cells occ (rise must be set).
func (r *placeRule) grounds(occ uint64) uint64 {
	out := r.floor
	for _, g := range r.rise {
		out |= bits.RotateLeft64(occ&g.src, g.off)
	}
	return out
}

var placeMove = moveType{
	name: "place",
	doc:  "put a piece from the hand on an empty cell",
	keys: []*Key{&placeToKey, &placeOrderKey, &placeKindsKey, &whenKey, &placeNotationKey, &placeFromKey, &commonRestKey, &placeGravityKey},
	compile: func(c *compiler, p string, rb ruleBase) rule {
		ru := &placeRule{ruleBase: rb, anyTo: true}
		ru.when = c.compileWhen(p, false)
		if c.has(p, &placeToKey) && c.readString(p, &placeToKey) != "empty" {
			ref, ok := c.region(keyPath(p, &placeToKey), "")
			if !ok {
				return nil
			}
			ru.to, ru.anyTo = ref, false
		}
		ru.choice = c.readChoice(p, &placeOrderKey) == "choice"
		ru.kinds = c.readKinds(p, &placeKindsKey)
		ru.glyph = c.readChoice(p, &placeNotationKey) == "glyph"
		if from := c.readString(p, &placeFromKey); from != "hand" {
			if ru.zone = c.zoneNamed(keyPath(p, &placeFromKey), from); ru.zone < 0 {
				return nil
			}
			c.g.zoneFlow = true
		}
		ru.glyphAt = c.readChoice(p, &placeNotationKey) == "glyph_at"
		if !c.compileGravity(p, ru) {
			return nil
		}
		if ru.rest = c.readInt(p, &commonRestKey); ru.rest > 0 && c.g.restingRule == "" {
			c.g.restingRule = strings.TrimPrefix(p, "moves.")
		}
		return ru
	},
}

var (
	placeToKey = Key{Name: "to", Type: TString, Default: "empty",
		Doc: `where: any empty cell ("empty"), or an empty cell of this region (of a per-seat region, the mover's cells)`}
	placeOrderKey = Key{Name: "order", Type: TChoice, Default: "queue", Allowed: []string{"queue", "choice"},
		Doc: "queue: the first kind of the mover's hand queue not used up; choice: any kind left in hand"}
	placeKindsKey = Key{Name: "kinds", Type: TStrings,
		Doc: "the piece kinds this rule may place (default: any)"}
	placeFromKey = Key{Name: "from", Type: TString, Default: "hand",
		Doc: "the zone the piece comes from (of a per-seat zone, the mover's)"}
	placeGravityKey = Key{Name: "gravity", Type: TString,
		Doc: `a direction the placed piece falls: only a cell whose next cell that way is off the board or occupied may take it ("s": the lowest empty cell of a column)`}
	placeNotationKey = Key{Name: "notation", Type: TChoice, Default: "cells", Allowed: []string{"cells", "glyph", "glyph_at"},
		Doc: "cells: the cell (KIND@CELL when order = \"choice\"); glyph: the kind's glyph, then the cell (Nb3); glyph_at: GLYPH@CELL (Sc@d4)"}
)

func (r *placeRule) allowed(k int) bool { return r.kinds == nil || r.kinds[k] }

// compileGravity reads gravity: the direction's next cell of every cell,
// tabled at load. It reports false after an error.
func (c *compiler) compileGravity(p string, ru *placeRule) bool {
	if !c.has(p, &placeGravityKey) {
		return true
	}
	name := c.readString(p, &placeGravityKey)
	b := c.g.board
	d := slices.Index(b.Dirs, name)
	if d < 0 {
		if len(b.Dirs) == 0 {
			c.r.ValueErrorf(keyPath(p, &placeGravityKey), "%s.gravity: the board has no directions (grid, hex, faces, or graph with [board.lines])", p)
		} else {
			c.r.ValueErrorf(keyPath(p, &placeGravityKey), "%s.gravity: unknown direction %q (directions: %s)", p, name, strings.Join(b.Dirs, ", "))
		}
		return false
	}
	ru.gravity = name
	ru.below = make([]int32, b.N())
	for x := range ru.below {
		ru.below[x] = int32(b.Step(x, d))
	}
	if b.N() <= 64 {
		for x, y := range ru.below {
			if y < 0 {
				ru.floor |= 1 << uint(x)
				continue
			}
			off := x - int(y)
			k := slices.IndexFunc(ru.rise, func(g riseGroup) bool { return g.off == off })
			if k < 0 {
				if len(ru.rise) == maxRiseGroups {
					ru.rise = nil
					break
				}
				k = len(ru.rise)
				ru.rise = append(ru.rise, riseGroup{off: off})
			}
			ru.rise[k].src |= 1 << uint(y)
		}
	}
	return true
}

// grounded reports whether a piece placed on c stays there: without
// gravity always; with it, when the next cell that way is off the board
// or occupied.
func (r *placeRule) grounded(s *State, c int) bool {
	if r.below == nil {
		return true
	}
	b := r.below[c]
	return b < 0 || s.occupied(int(b))
}

// queueKind returns the kind the mover's queue gives now (the first kind
// left in the zone), or -1.
func (r *placeRule) queueKind(s *State) int {
	g := s.g
	zi := g.zoneInst(r.zone, s.ToMove())
	for _, k := range g.zoneOrder[zi] {
		if s.zoneCount(zi, k) > 0 {
			return k
		}
	}
	return -1
}

// nextKinds calls f for each kind the mover may place now.
func (r *placeRule) gen(s *State, out []Move) []Move {
	g := s.g
	zi := g.zoneInst(r.zone, s.ToMove())
	for _, k := range g.zoneOrder[zi] {
		if s.zoneCount(zi, k) == 0 {
			continue
		}
		if r.allowed(k) {
			out = r.targets(s, out, k)
		}
		if !r.choice {
			break
		}
	}
	return out
}

func (r *placeRule) targets(s *State, out []Move, k int) []Move {
	if r.anyTo && s.g.small && r.when == nil {
		n := s.g.board.N()
		free := ^s.occMask()
		if n < 64 {
			free &= 1<<uint(n) - 1
		}
		if r.rise != nil {
			free &= r.grounds(s.occMask())
		} else if r.below != nil {
			for m := free; m != 0; m &= m - 1 {
				if c := bits.TrailingZeros64(m); !r.grounded(s, c) {
					free &^= 1 << uint(c)
				}
			}
		}
		return appendTargets(out, mkMove(r.index, -1, 0, k), free)
	}
	if r.anyTo {
		n := s.g.board.N()
		height := s.buf[s.g.lay.height : s.g.lay.height+n]
		counts := s.buf[s.g.lay.counts : s.g.lay.counts+n]
		if r.below == nil && r.when == nil {
			base := mkMove(r.index, -1, 0, k)
			for c := range height {
				if height[c]|counts[c] == 0 {
					out = append(out, base|Move(uint64(c)<<21))
				}
			}
			return out
		}
		for c := 0; c < n; c++ {
			if height[c] == 0 && counts[c] == 0 && r.grounded(s, c) && (r.when == nil || r.when.allows(s, -1, c, 0, k)) {
				out = append(out, mkMove(r.index, -1, c, k))
			}
		}
		return out
	}
	for _, c := range s.g.cells(r.to, s.ToMove()) {
		if !s.occupied(int(c)) && r.grounded(s, int(c)) && r.when.allows(s, -1, int(c), 0, k) {
			out = append(out, mkMove(r.index, -1, int(c), k))
		}
	}
	return out
}

func (r *placeRule) play(s *State, m Move) error {
	g := s.g
	seat, k := s.ToMove(), m.Aux()
	zi := g.zoneInst(r.zone, seat)
	p := s.fromZone(zi, k)
	if p < 0 || s.zoneCount(zi, k) == 0 {
		return fmt.Errorf("rule %q: %s has no %s off the board to place", r.name, g.seats[seat], g.kinds[k].Name)
	}
	s.zoneTake(zi, k)
	s.push(p, m.To())
	if r.rest > 0 {
		restIfCommon(s, p, r.rest)
	}
	return nil
}

func (r *placeRule) format(s *State, m Move) string {
	name := s.g.board.Cells[m.To()].Name
	if r.glyph {
		return s.g.kinds[m.Aux()].Glyph + name
	}
	if r.glyphAt {
		return s.g.kinds[m.Aux()].Glyph + "@" + name
	}
	if r.choice {
		return s.g.kinds[m.Aux()].Name + "@" + name
	}
	return name
}

func (r *placeRule) explain(s *State, text string) (string, bool) {
	g := s.g
	kind, cell, hasKind := strings.Cut(text, "@")
	if !hasKind {
		cell = kind
	}
	c, ok := lookupCell(g, cell)
	if hasKind && (r.glyphAt || r.choice) {
		// KIND@CELL: the kind, then the cell
		k := g.kindWritten(s, kind, r.glyphAt)
		if k < 0 && ok {
			var mine []string
			for i := range g.kinds {
				if int(g.kinds[i].Owner) == s.ToMove() {
					if r.glyphAt {
						mine = append(mine, g.kinds[i].Glyph)
					} else {
						mine = append(mine, g.kinds[i].Name)
					}
				}
			}
			return fmt.Sprintf("no piece is written %q (%s's: %s)", kind, g.seats[s.ToMove()], strings.Join(mine, ", ")), true
		}
		if k < 0 {
			return "", false
		}
		if !ok {
			return fmt.Sprintf("%q is no cell of the board", cell), true
		}
		if s.zoneCount(g.zoneInst(r.zone, s.ToMove()), k) == 0 {
			return fmt.Sprintf("%s has no %s in %s", g.seats[s.ToMove()], g.kinds[k].Name, g.zones[r.zone].name), true
		}
	}
	if !ok && r.glyph {
		for k := range g.kinds {
			if gl := g.kinds[k].Glyph; len(text) > len(gl) && strings.EqualFold(text[:len(gl)], gl) {
				if x, isCell := lookupCell(g, text[len(gl):]); isCell {
					c, ok = x, true
					if s.zoneCount(g.zoneInst(r.zone, s.ToMove()), k) == 0 && int(g.kinds[k].Owner) == s.ToMove() {
						return fmt.Sprintf("%s has no %s in %s", g.seats[s.ToMove()], g.kinds[k].Name, g.zones[r.zone].name), true
					}
				}
			}
		}
	}
	if !ok {
		return "", false
	}
	seat := s.ToMove()
	left := s.zoneSize(g.zoneInst(r.zone, seat))
	switch {
	case left == 0:
		return fmt.Sprintf("%s has no pieces left in %s", g.seats[seat], g.zones[r.zone].name), true
	case s.occupied(c):
		return fmt.Sprintf("%s is occupied: a piece may only be put on a vacant space", g.board.Cells[c].Name), true
	case !r.anyTo && !inCells(g.cells(r.to, seat), c):
		return fmt.Sprintf("%s is not in the region %q where pieces are placed", g.board.Cells[c].Name, r.to.name), true
	case !r.grounded(s, c):
		return fmt.Sprintf("a piece put on %s falls %s (gravity): %s below it is empty", g.board.Cells[c].Name, r.gravity, g.board.Cells[r.below[c]].Name), true
	case r.when != nil:
		return fmt.Sprintf("the rule's condition (when) does not allow a placement on %s", g.board.Cells[c].Name), true
	}
	return "", false
}

// reach adds nothing: a placement moves no piece already on the board.
func (r *placeRule) reach(*Game, []bool, func(from, to int)) {}
