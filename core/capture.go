// This file holds the generic capture and exclusion machinery of moving
// pieces (slides, steps and pivots): landing exclusions through a relation
// (STRIX shadows), captures of pieces on cells related to the landing cell
// (a piece taken beside the landing cell), captures by sandwiching with a partner piece
// along a line (a piece taken between the mover and a partner), immunity and points. It is on
// the hot path and allocates nothing.

package core

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strings"

	"github.com/expr-lang/expr"

	"rulesmith/core/board"
)

const (
	capNone = iota
	capReplace
	capRelated
	capSandwich
	capCustodial
	capLine
)

// maxSubsetVictims bounds the victims of one sandwich capture (each subset
// is a move).
const maxSubsetVictims = 12

// captureSpec is the capture part of a moving rule.
type captureSpec struct {
	typ      *captureType
	kind     int
	rel      *board.Relation // related: victims' cells; sandwich: cells mobbed from the middle cell
	any      bool            // related: any subset (else one victim per move)
	optional bool
	capIf    *whenCond      // static condition over from/to for capturing at all
	immune   []bool         // [kind*N+cell]: a piece of this kind on this cell cannot be taken by this rule
	partner  []bool         // sandwich: kinds that can be the passive partner
	lineOK   []bool         // sandwich: [t*nd+d] the middle and partner cells of direction d qualify
	points   bool           // add the victims' values to the mover's points
	share    bool           // sandwich points: share with the partner's owner unless it is the victim's
	shareOut bool           // a partner of an eliminated seat takes its share too
	cust     *custodialSpec // custodial: its options
	post     bool           // the capture is judged after the landing (custodial)
	screens  int            // screen: a capture passes over exactly this many pieces (0: not a screen capture)
	toZone   int            // taken pieces go to zone toZone-1 (capture_to; 0: off the board)
	commonTo int            // taken neutral pieces go to zone commonTo-1 (capture_common_to; 0: off)
	toMover  bool           // … the mover's instance of a per-seat zone, not the owner's
	// line: the captures allowed (capture_line.go)
	approach, withdrawal bool
}

// exclusion: a piece may not stop on a cell related to a cell occupied by
// another piece (STRIX Rule 5: shadows).
type exclusion struct {
	rel *board.Relation
}

// blocked reports whether t is excluded for a piece coming from `from`.
func (e *exclusion) blocked(s *State, from, t int) bool {
	if e == nil {
		return false
	}
	height := s.buf[s.g.lay.height:]
	for _, o := range e.rel.Of(t) {
		if int(o) != from && height[o] != 0 {
			return true
		}
	}
	return false
}

// The capture keys of slides and steps.
var (
	captureKindKey = Key{Name: "capture", Type: TChoice, Default: "none", Allowed: []string{"none", "related", "sandwich", "replace", "screen", "line", "custodial"},
		Doc: "replace: remove the stack on the target; related, sandwich: take pieces on related cells; screen: take the first piece beyond exactly `screens` pieces; line: approach or withdrawal; custodial: take the enemy pieces the moved piece encloses"}
	captureRelationKey = Key{Name: "capture_relation", Type: TString,
		Doc: "related: victims stand on cells related to the landing cell; sandwich: to the middle cell"}
	captureCountKey = Key{Name: "capture_count", Type: TChoice, Default: "one", Allowed: []string{"one", "any"},
		Doc: "related: one victim per move, or any non-empty set of the victims"}
	captureOptionalKey = Key{Name: "capture_optional", Type: TBool, Default: true,
		Doc: "a landing that could capture is also a move without capture"}
	captureIfKey = Key{Name: "capture_if", Type: TExpr,
		Doc: "the rule captures on a move only when this holds (over from and to, like when)"}
	immuneKey = Key{Name: "immune", Type: TExpr,
		Doc: "over kind, flags and cell: true when this rule cannot take such a piece there"}
	partnerFlagKey = Key{Name: "partner_flag", Type: TString,
		Doc: "sandwich: the flag of the kinds that can be the partner, whoever owns them; custodial: only the mover's pieces with this flag are partners"}
	sandwichIfKey = Key{Name: "sandwich_if", Type: TExpr, Default: "true",
		Doc: "sandwich: which lines count, over to, middle and partner (cell attributes)"}
	capturePointsKey = Key{Name: "capture_points", Type: TBool, Default: false,
		Doc: "each piece taken adds its kind's value to the mover's points()"}
	captureShareKey = Key{Name: "capture_share", Type: TBool, Default: false,
		Doc: "sandwich: share each victim's value with the partner's owner"}
	captureShareOutKey = Key{Name: "capture_share_eliminated", Type: TBool, Default: true,
		Doc: "with capture_share: a partner whose seat is eliminated takes its share too"}
	captureToKey = Key{Name: "capture_to", Type: TString, Default: "off",
		Doc: `where a taken piece goes: "off" the board, "hand" (back to its owner's hand, to be placed again) or another zone (of a per-seat zone, the owner's; a neutral piece goes off)`}
	captureToSeatKey = Key{Name: "capture_to_seat", Type: TChoice, Default: "owner", Allowed: []string{"owner", "mover"},
		Doc: "with capture_to a per-seat zone: the taken piece goes to its owner's zone or to the mover's"}
	captureCommonToKey = Key{Name: "capture_common_to", Type: TString,
		Doc: `with capture_to a per-seat zone: the shared zone a taken neutral piece (owner = "none") goes to (default: off the board)`}
	excludeKey = Key{Name: "exclude", Type: TString,
		Doc: "a relation: the move may not end on a cell related to a cell holding a piece, other than the origin"}
)

// captureKeys are the capture keys of slides and steps.
var captureKeys = []*Key{&captureKindKey, &captureRelationKey, &captureCountKey, &captureOptionalKey, &captureIfKey, &immuneKey,
	&partnerFlagKey, &sandwichIfKey, &capturePointsKey, &captureShareKey, &captureShareOutKey, &captureToKey, &captureToSeatKey, &captureCommonToKey, &screensKey, &captureLinesKey,
	&custodialRunKey, &hostileKey, &encloseCornersKey, &surroundFlagKey, &surroundHostileKey, &surroundEdgeKey, &surroundShieldKey}

// captureType is one kind of capture a slide or step makes: the value of
// its `capture` key. Its compile reads the keys only it takes into cs, and
// find (nil when the capture takes nothing beyond the target) lists the
// victims of a landing.
type captureType struct {
	name, doc string
	keys      []*Key
	// kind is the type's index in captureTypes, kept in captureSpec.
	kind    int
	compile func(c *compiler, p string, cs *captureSpec) bool
	find    func(cs *captureSpec, s *State, from, t, mover, side int, list []int32) (n int)
}

// The capture kinds every capture-taking rule knows; related and sandwich
// are in their own files.
var (
	noCapture = captureType{name: "none", doc: "no capture", kind: capNone,
		compile: func(*compiler, string, *captureSpec) bool { return true }}
	replaceCapture = captureType{name: "replace", doc: "remove the stack on the target before landing", kind: capReplace,
		compile: func(*compiler, string, *captureSpec) bool { return true }}
)

// victimList returns working space for the victims of one landing, in the
// State's scratch (it holds at least one entry per piece).
func (s *State) victimList() []int32 {
	return s.scratch[len(s.scratch)-len(s.g.pieceKind):]
}

// compileCapture reads the capture keys of a moving rule.
func (c *compiler) compileCapture(p string) *captureSpec {
	ct := lookupCaptureType(c.readChoice(p, &captureKindKey))
	cs := &captureSpec{typ: ct}
	if ct == nil || ct.kind == capNone {
		return cs
	}
	cs.kind = ct.kind
	cs.optional = c.readBool(p, &captureOptionalKey)
	if cs.points = c.readBool(p, &capturePointsKey); cs.points {
		c.notePoints(keyPath(p, &capturePointsKey))
	}
	cs.capIf = c.compileCellCond(p, captureIfKey.Name, true)
	c.readCaptureTo(p, cs)
	if !ct.compile(c, p, cs) {
		return nil
	}
	cs.immune = c.kindCellTable(p, &immuneKey)
	return cs
}

// captureRelation reads capture_relation, which capture kind needs.
func (c *compiler) captureRelation(p, kind string) *board.Relation {
	b := c.g.board
	name := c.readString(p, &captureRelationKey)
	rel, ok := b.Relation(name)
	if !ok {
		if name == "" {
			c.r.Errorf(p, "%s: capture = %q needs capture_relation (a relation under [board.relations])", p, kind)
		} else {
			c.r.ValueErrorf(p+".capture_relation", "%s.capture_relation: unknown relation %q (relations: %s)", p, name, strings.Join(b.RelationNames(), ", "))
		}
		return nil
	}
	return rel
}

// lineTable evaluates sandwich_if over (to, middle, partner) for every cell
// and direction: the middle cell is the first of the ray, the partner's the
// second.
func (c *compiler) lineTable(p string) []bool {
	b := c.g.board
	nd := len(b.Dirs)
	out := make([]bool, b.N()*nd)
	src := c.readString(p, &sandwichIfKey)
	env := c.withParams(map[string]any{"to": b.Cells[0].Attrs, "middle": b.Cells[0].Attrs, "partner": b.Cells[0].Attrs})
	prog := c.compileExpr(p+".sandwich_if", src, env, expr.AsBool())
	if prog == nil {
		return out
	}
	recs := c.cellRecs()
	fp := fastExpr(src, env, -1, fastVar{name: "to", recs: recs}, fastVar{name: "middle", recs: recs}, fastVar{name: "partner", recs: recs})
	for t := 0; t < b.N(); t++ {
		for d := 0; d < nd; d++ {
			ray := b.Ray(t, d)
			if len(ray) < 2 {
				continue
			}
			if fp != nil {
				if v, ok := fp.bool(t, int(ray[0]), int(ray[1])); ok {
					out[t*nd+d] = v
					continue
				}
			}
			env["to"], env["middle"], env["partner"] = b.Cells[t].Attrs, b.Cells[ray[0]].Attrs, b.Cells[ray[1]].Attrs
			v, err := expr.Run(prog, env)
			c.charge(p+".sandwich_if", 1)
			if err != nil {
				c.r.ValueErrorf(p+".sandwich_if", "%s.sandwich_if: %s", p, exprMsg(err))
				return out
			}
			out[t*nd+d] = v.(bool)
		}
	}
	return out
}

// kindCellTable evaluates the expression of key k (immune, hostile) over
// (kind, flags, cell) for every kind and cell; nil when it is not given.
func (c *compiler) kindCellTable(p string, k *Key) []bool {
	g := c.g
	b := g.board
	src := c.readString(p, k)
	if src == "" {
		return nil
	}
	env := c.withParams(map[string]any{"kind": "", "flags": []string{}, "cell": b.Cells[0].Attrs})
	at := keyPath(p, k)
	prog := c.compileExpr(at, src, env, expr.AsBool())
	if prog == nil {
		return nil
	}
	out := make([]bool, len(g.kinds)*b.N())
	names, flags := make([]any, len(g.kinds)), make([]any, len(g.kinds))
	for k := range g.kinds {
		names[k], flags[k] = g.kinds[k].Name, g.kinds[k].Flags
	}
	fp := fastExpr(src, env, -1, fastVar{name: "kind", vals: names}, fastVar{name: "flags", vals: flags}, fastVar{name: "cell", recs: c.cellRecs()})
	for k := range g.kinds {
		for cell := 0; cell < b.N(); cell++ {
			if fp != nil {
				if v, ok := fp.bool(k, k, cell); ok {
					out[k*b.N()+cell] = v
					continue
				}
			}
			env["kind"], env["flags"], env["cell"] = g.kinds[k].Name, g.kinds[k].Flags, b.Cells[cell].Attrs
			v, err := expr.Run(prog, env)
			c.charge(at, 1)
			if err != nil {
				c.r.ValueErrorf(at, "%s: %s", at, exprMsg(err))
				return nil
			}
			out[k*b.N()+cell] = v.(bool)
		}
	}
	return out
}

// foe reports whether a piece owned by owner (-1: neutral) is an enemy for
// a move by seat mover of a piece of side `side` (the moving piece's owner,
// -1 for a neutral piece): neither the mover's own pieces nor those of the
// moving piece's side. Neutral pieces moved in common (pieces =
// "own_and_common") are one side held in common, so they never take each
// other, as no team's pieces do.
func foe(owner, mover, side int) bool { return owner != mover && owner != side }

// capturable reports whether the piece on cell v can be taken by mover
// moving a piece of side `side`.
func (cs *captureSpec) capturable(s *State, v, mover, side int) bool {
	p := s.buf[s.g.lay.top+v] - 1
	if p < 0 {
		return false
	}
	if !foe(int(s.g.pieceOwner[p]), mover, side) {
		return false
	}
	return cs.immune == nil || !cs.immune[int(s.g.pieceKind[p])*s.g.board.N()+v]
}

// victims writes to list (room for every piece) the capturable victims of
// a landing on t from `from` by a piece of side `side` moved by mover, in
// the capture's order, each piece once, and returns how many.
func (cs *captureSpec) victims(s *State, from, t, mover, side int, list []int32) (n int) {
	if cs.capIf != nil && !cs.capIf.allows(s, from, t, 0, -1) {
		return 0
	}
	if cs.typ == nil || cs.typ.find == nil {
		return 0
	}
	return cs.typ.find(cs, s, from, t, mover, side, list)
}

func hasPiece(list []int32, p int32) bool {
	for _, x := range list {
		if x == p {
			return true
		}
	}
	return false
}

// choosable returns the victims of a landing a move may choose among, by
// increasing piece id, at most maxSubsetVictims of them (the lowest; a
// bound, not a rule), in the State's scratch. A move stores its choice as a
// mask over this list, so the pieces' number is not bounded.
func (cs *captureSpec) choosable(s *State, from, t, mover, side int) []int32 {
	list := s.victimList()
	n := cs.victims(s, from, t, mover, side, list)
	list = list[:n]
	for i := 1; i < n; i++ {
		for j := i; j > 0 && list[j] < list[j-1]; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	if n > maxSubsetVictims {
		list = list[:maxSubsetVictims]
	}
	return list
}

// emitCaptures appends the moves of a landing on t: without capture (when
// optional or nothing can be taken) and with each allowed choice of victims.
func (cs *captureSpec) emit(s *State, out []Move, rule, from, t, aux, mover, side int) []Move {
	if cs != nil && cs.kind == capReplace && s.buf[s.g.lay.height+t] != 0 {
		// taking the piece on the target: capture_if and immune apply
		if (cs.capIf != nil && !cs.capIf.allows(s, from, t, 0, -1)) || !cs.capturable(s, t, mover, side) {
			return out
		}
	}
	if cs == nil || cs.kind == capNone || cs.kind == capReplace || cs.kind == capCustodial {
		return append(out, mkMove(rule, from, t, aux))
	}
	if cs.kind == capLine {
		return cs.emitLine(s, out, rule, from, t, aux, mover, side)
	}
	if cs.kind == capRelated && !cs.any {
		n0 := len(out)
		list := s.victimList()
		n := cs.victims(s, from, t, mover, side, list)
		for _, p := range list[:n] {
			out = append(out, mkMove(rule, from, t, aux|(int(p)+1)<<4))
		}
		if cs.optional || len(out) == n0 {
			out = append(out, mkMove(rule, from, t, aux))
		}
		return out
	}
	mask := 1<<uint(len(cs.choosable(s, from, t, mover, side))) - 1
	if cs.optional || mask == 0 {
		out = append(out, mkMove(rule, from, t, aux))
	}
	// every non-empty subset of mask
	for sub := mask; sub != 0; sub = (sub - 1) & mask {
		out = append(out, mkMove(rule, from, t, aux|int(sub)<<4))
	}
	return out
}

// victimsOf lists the pieces move m, played from s, captures (not
// counting a replaced piece on the target): one victim, or those of list
// whose bits are set in mask (list is the State's scratch).
func (cs *captureSpec) victimsOf(s *State, m Move) (one int, list []int32, mask uint64) {
	if cs == nil {
		return -1, nil, 0
	}
	v := m.Aux() >> 4
	switch {
	case cs.kind == capRelated && !cs.any:
		return v - 1, nil, 0
	case (cs.kind == capRelated || cs.kind == capSandwich) && v != 0:
		side := -1
		if p := s.Top(m.From()); p >= 0 {
			side = int(s.g.pieceOwner[p])
		}
		return -1, cs.choosable(s, m.From(), m.To(), s.ToMove(), side), uint64(v)
	}
	return -1, nil, 0
}

// mayAward reports whether move m, played in s, can award capture points
// (capture_points): Game.play then keeps a copy of s, so that a capture
// refused for passing ±MaxPoints leaves s as it was.
func (cs *captureSpec) mayAward(s *State, m Move) bool {
	if cs == nil || !cs.points {
		return false
	}
	if t := m.To(); t >= 0 && s.Height(t) > 0 {
		return true // the target is taken (replace)
	}
	if cs.cust != nil || cs.kind == capLine {
		return true
	}
	one, _, mask := cs.victimsOf(s, m)
	return one >= 0 || mask != 0
}

// apply removes the move's victims and awards points. When points would
// pass ±MaxPoints it stops before adding them and returns an error; the
// victims taken before are put back by Game.play (see mayAward).
func (cs *captureSpec) apply(s *State, m Move, mover int, rule string) error {
	if cs == nil {
		return nil
	}
	if cs.cust != nil {
		return cs.applyCustodial(s, m, mover, rule)
	}
	if cs.kind == capLine {
		return cs.applyLine(s, m, mover, rule)
	}
	one, list, mask := cs.victimsOf(s, m)
	take := func(p int) error {
		c := s.PieceCell(p)
		if c < 0 {
			return nil
		}
		if cs.points {
			if seat, v, ok := cs.award(s, m, p, mover); !ok {
				return s.pointsError(fmt.Sprintf("rule %q: capture_points", rule), seat, v)
			}
		}
		cs.remove(s, c)
		return nil
	}
	if one >= 0 {
		if err := take(one); err != nil {
			return err
		}
	}
	for ; mask != 0; mask &= mask - 1 {
		if i := bits.TrailingZeros64(mask); i < len(list) {
			if err := take(int(list[i])); err != nil {
				return err
			}
		}
	}
	return nil
}

// remove takes the stack on cell c off the board, or back to its owners'
// hands under capture_to = "hand".
func (cs *captureSpec) remove(s *State, c int) {
	if cs.toZone > 0 {
		s.toZone(c, cs.toZone-1, cs.commonTo-1, s.ToMove(), cs.toMover)
		return
	}
	s.clear(c)
}

// takeTarget takes the stack on the target t of a replace capture: its
// values to the mover's points under capture_points (summed before any is
// added), then the pieces off the board or back to their owners' hands.
func (cs *captureSpec) takeTarget(s *State, t, mover int, rule string) error {
	if cs.points {
		sum := 0
		for p := s.Top(t); p >= 0; p = s.Below(p) {
			sum += s.g.kinds[s.g.pieceKind[p]].Value
		}
		if _, _, ok := s.addPoints(mover, sum); !ok {
			return s.pointsError(fmt.Sprintf("rule %q: capture_points", rule), mover, sum)
		}
	}
	cs.remove(s, t)
	return nil
}

// award adds a victim's value to the mover's points; for a shared sandwich
// (first-edition STRIX Rule 17) the value is split with each partner whose
// pair mobbed the victim, unless the partner is of the victim's team. When
// a seat's points would pass ±MaxPoints it adds nothing and returns that
// seat, the points and false.
func (cs *captureSpec) award(s *State, m Move, victim, mover int) (seat, v int, ok bool) {
	g := s.g
	val := g.kinds[g.pieceKind[victim]].Value
	sc := s.buf[g.lay.scores:]
	if !cs.share || cs.kind != capSandwich {
		return s.addPoints(mover, val)
	}
	// find the partner whose pair mobs the victim
	t, vc := m.To(), s.PieceCell(victim)
	nd := len(g.board.Dirs)
	rays, roff := g.board.RayTable()
	vOwner := int(g.pieceOwner[victim])
	for d := 0; d < nd; d++ {
		k := t*nd + d
		if !cs.lineOK[k] || roff[k+1]-roff[k] < 2 {
			continue
		}
		mid, pc := int(rays[roff[k]]), int(rays[roff[k]+1])
		pp := s.Top(pc)
		if pp < 0 || !cs.partner[g.pieceKind[pp]] || !cs.rel.Has(mid, vc) {
			continue
		}
		po := int(g.pieceOwner[pp])
		if po == vOwner || po < 0 || po == mover || (!cs.shareOut && s.Eliminated(po)) {
			return s.addPoints(mover, val)
		}
		half, rest := val/2, val-val/2
		if !s.pointsFit(mover, half) {
			return mover, half, false
		}
		if !s.pointsFit(po, rest) {
			return po, rest, false
		}
		sc[mover] += int32(half)
		sc[po] += int32(rest)
		return 0, 0, true
	}
	return s.addPoints(mover, val)
}

// pointsError is the error of an addition of points to seat that does
// not fit, naming what awarded them.
func (s *State) pointsError(what string, seat, v int) error {
	return fmt.Errorf("%s: %s's points %d + %d would pass ±%d (core.MaxPoints); the points are not added",
		what, s.g.SeatTitle(seat), s.Score(seat), v, MaxPoints)
}

// formatVictims appends "x" and each victim's glyph, in kind order.
func formatVictims(g *Game, b *strings.Builder, one int, list []int32, mask uint64) {
	var ps []int
	if one >= 0 {
		ps = append(ps, one)
	}
	for ; mask != 0; mask &= mask - 1 {
		if i := bits.TrailingZeros64(mask); i < len(list) {
			ps = append(ps, int(list[i]))
		}
	}
	sort.Slice(ps, func(i, j int) bool { return g.pieceKind[ps[i]] < g.pieceKind[ps[j]] })
	for _, p := range ps {
		b.WriteString("x")
		b.WriteString(g.kinds[g.pieceKind[p]].Glyph)
	}
}

// compileExclusion reads `exclude`: the relation whose related cells,
// when occupied by another piece, forbid stopping on a cell.
func (c *compiler) compileExclusion(p string) *exclusion {
	name := c.readString(p, &excludeKey)
	if name == "" {
		return nil
	}
	rel, ok := c.g.board.Relation(name)
	if !ok {
		c.r.ValueErrorf(p+".exclude", "%s.exclude: unknown relation %q (relations: %s)", p, name, strings.Join(c.g.board.RelationNames(), ", "))
		return nil
	}
	return &exclusion{rel: rel}
}

// relation returns the exclusion's relation, or nil for no exclusion.
func (e *exclusion) relation() *board.Relation {
	if e == nil {
		return nil
	}
	return e.rel
}

// readCaptureTo reads capture_to and capture_to_seat into cs.
func (c *compiler) readCaptureTo(p string, cs *captureSpec) {
	to := c.readString(p, &captureToKey)
	cs.toMover = c.readChoice(p, &captureToSeatKey) == "mover"
	if to == "off" {
		if c.has(p, &captureToSeatKey) {
			c.r.Errorf(keyPath(p, &captureToSeatKey), "%s: capture_to_seat needs capture_to naming a zone", p)
		}
		return
	}
	z := c.zoneNamed(keyPath(p, &captureToKey), to)
	if z < 0 {
		return
	}
	cs.toZone = z + 1
	feed := zoneFeed{to: z, from: -1, seat: feedOwner}
	if cs.toMover {
		feed.seat = feedAny // whatever the mover takes
	}
	c.capFeeds = append(c.capFeeds, feed)
	if c.has(p, &captureCommonToKey) {
		kp := keyPath(p, &captureCommonToKey)
		if cz := c.zoneNamed(kp, c.readString(p, &captureCommonToKey)); cz >= 0 {
			if c.g.zones[cz].perSeat || !c.g.zones[z].perSeat {
				c.r.ValueErrorf(kp, "%s: capture_common_to names a shared zone (per_seat = false), beside capture_to naming a per-seat one", kp)
			} else {
				cs.commonTo = cz + 1
				common := make([]bool, len(c.g.kinds)) // only neutral pieces go there
				for p, o := range c.g.pieceOwner {
					if o < 0 {
						common[c.g.pieceKind[p]] = true
					}
				}
				c.capFeeds = append(c.capFeeds, zoneFeed{to: cz, from: -1, kinds: common, seat: feedOwner})
			}
		}
	}
	if z == handZone && !cs.toMover {
		c.g.handReturn = true
		return
	}
	c.g.zoneFlow = true
}

// compileHandReturn prepares the hands of a game whose captures send pieces
// back to their owners' hands: every kind a seat owns may be placed from
// its hand (in queue order after the kinds it starts with), and each seat
// and kind lists its instances.
func (c *compiler) compileHandReturn() {
	g := c.g
	if !g.handReturn || g.handOrder == nil {
		return
	}
	nk := len(g.kinds)
	g.instances = make([][]int32, len(g.seats)*nk)
	for p, k := range g.pieceKind {
		if o := int(g.pieceOwner[p]); o >= 0 {
			g.instances[o*nk+int(k)] = append(g.instances[o*nk+int(k)], int32(p))
		}
	}
	for seat := range g.seats {
		for k := range g.kinds {
			if len(g.instances[seat*nk+k]) > 0 && !slices.Contains(g.handOrder[seat], k) {
				g.handOrder[seat] = append(g.handOrder[seat], k)
			}
		}
	}
}
