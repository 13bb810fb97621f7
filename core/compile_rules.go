package core

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr"

	"rulesmith/core/diag"
)

// ---- pieces ---------------------------------------------------------------

// pieceKeys are the keys of [pieces.NAME].
var pieceKeys = []*Key{
	{Name: "owner", Type: TString, Default: "none", Doc: `the seat that owns pieces of this kind; "none" makes them neutral`},
	{Name: "value", Type: TInt, Default: 1, Min: -1 << 20, Max: 1 << 20, Doc: "the points a capture of this piece earns under capture_points"},
	{Name: "flags", Type: TStrings, Doc: "flags that rules refer to"},
	{Name: "glyph", Type: TString, Doc: "how the piece is written (default: the name's first letter, upper case)"},
	{Name: "board_glyph", Type: TString, Doc: "how boards draw the piece, when not as its glyph (chess tic-tac-toe: Black's R drawn r)"},
	{Name: "title", Type: TString, Doc: "accepted and ignored"},
	&confineKey,
	&dimsKey,
	&attrsKey,
	{Name: "role", Type: TString, Doc: "kinds of one role are the same piece in different seats' armies: a piece that passes to another seat becomes its kind of that role"},
}

func (c *compiler) compilePieces() {
	r := c.r
	for _, name := range r.Keys("pieces", nil) {
		p := "pieces." + name
		r.Keys(p, keyNames(pieceKeys))
		if !validIdent(name) {
			r.Errorf(p, "pieces: %q is not a valid piece name (letters, digits and _, not starting with a digit)", name)
			continue
		}
		names, dims, ords, ok := c.kindFamily(p, name)
		if !ok {
			continue
		}
		k := PieceKind{Name: name, Owner: -1}
		if r.Has(p + ".owner") {
			k.Owner = c.seat(p+".owner", true)
		}
		if k.Owner == absentSeat { // its seat is not in play: the kind drops out
			if c.absentKinds == nil {
				c.absentKinds = map[string]bool{}
			}
			for _, n := range names {
				c.absentKinds[n] = true
			}
			continue
		}
		k.Value = c.readInt(p, keyOf(pieceKeys, "value"))
		k.Flags = c.readStrings(p, keyOf(pieceKeys, "flags"))
		k.Glyph = r.String(keyPath(p, keyOf(pieceKeys, "glyph")), strings.ToUpper(name[:1]))
		if k.Glyph == "" {
			r.ValueErrorf(p+".glyph", "%s.glyph: must not be empty", p)
			k.Glyph = strings.ToUpper(name[:1])
		}
		k.BoardGlyph = r.String(keyPath(p, keyOf(pieceKeys, "board_glyph")), k.Glyph)
		if k.BoardGlyph == "" {
			r.ValueErrorf(p+".board_glyph", "%s.board_glyph: must not be empty", p)
			k.BoardGlyph = k.Glyph
		}
		if dims != nil && (r.Has(p+".glyph") || r.Has(p+".board_glyph")) {
			r.Errorf(p+".dims", "%s: the kinds of a family (dims) are written by their names; drop glyph and board_glyph", p)
		}
		c.readString(p, keyOf(pieceKeys, "title"))
		k.Role = c.readString(p, keyOf(pieceKeys, "role"))
		first := len(c.g.kinds)
		for _, n := range names {
			kn := k
			kn.Flags = append([]string(nil), k.Flags...)
			if dims != nil {
				if _, dup := c.g.KindIndex(n); dup {
					r.Errorf(p+".dims", "%s: the family's kind %q is declared already", p, n)
					continue
				}
				kn.Name, kn.Glyph, kn.BoardGlyph = n, n, n
			}
			c.g.kinds = append(c.g.kinds, kn)
			c.compileConfine(p, len(c.g.kinds)-1)
		}
		if len(c.g.kinds)-first == len(names) {
			c.compileKindAttrs(p, first, dims, ords)
		}
	}
	c.g.finishAttrs()
}

func (c *compiler) kind(path, name string) int {
	if k, ok := c.g.KindIndex(name); ok {
		return k
	}
	if c.absentKinds[name] {
		return -1 // owned by a seat not in play: dropped without a word
	}
	names := make([]string, len(c.g.kinds))
	for i, k := range c.g.kinds {
		names[i] = k.Name
	}
	if s := diag.Closest(name, names); s != "" {
		c.r.ValueErrorf(path, "%s: unknown piece kind %q (did you mean %q?)", path, name, s)
	} else {
		c.r.ValueErrorf(path, "%s: unknown piece kind %q (kinds: %s)", path, name, strings.Join(names, ", "))
	}
	return -1
}

func (c *compiler) cell(path, name string) int {
	if i, ok := c.g.board.Index(name); ok {
		return i
	}
	c.r.ValueErrorf(path, "%s: unknown cell %q", path, name)
	return -1
}

// ---- setup ----------------------------------------------------------------

// setupCells returns the cells a [setup.pieces] key names: one cell, or
// (when no cell has the name) every cell of a board-wide region.
func (c *compiler) setupCells(path, name string) []int32 {
	b := c.g.board
	if i, isCell := b.Index(name); isCell {
		return []int32{int32(i)} // a cell, even where a region has its name
	}
	ref, isRegion := resolveRegion(b, name)
	switch {
	case isRegion && ref.perSeat:
		c.r.ValueErrorf(path, "%s: %q is a per-seat region; setup fills a cell or a board-wide region", path, name)
	case isRegion:
		return ref.cells[0]
	default:
		c.r.ValueErrorf(path, "%s: unknown cell or region %q", path, name)
	}
	return nil
}

// setupKeys are the keys of [setup].
var setupKeys = []*Key{
	{Name: "stones", Type: TTable, Doc: "REGION = int or expr: that many stones on every cell of the region"},
	{Name: "counts", Type: TTable, Doc: "CELL = int or expr: that many stones on one cell"},
	{Name: "pieces", Type: TTable, Doc: `CELL or REGION = "kind" or ["kind", …]: a stack on a cell (on every cell of a board-wide region), bottom piece first`},
	{Name: "hand", Type: TTable, Doc: `SEAT = ["kind", "kind:COUNT", …]: the pieces a seat starts with in hand`},
	&reserveKey,
	&setupZonesKey,
}

func (c *compiler) compileSetup() {
	r := c.r
	g := c.g
	r.Keys("setup", keyNames(setupKeys))
	nk := len(g.kinds)
	ns := len(g.seats)
	// board pieces
	type placed struct{ cell, kind int }
	var onBoard []placed
	from := map[int]string{} // the key that gave a cell its pieces
	for _, name := range r.Keys("setup.pieces", nil) {
		p := "setup.pieces." + name
		cells := c.setupCells(p, name)
		for _, kn := range r.Strings(p) {
			k := c.kind(p, kn)
			if k < 0 {
				continue
			}
			for _, cell := range cells {
				if other, ok := from[int(cell)]; ok && other != name {
					r.ValueErrorf(p, "%s: cell %s already has its pieces from setup.pieces.%s", p, g.board.Cells[cell].Name, other)
					cells = nil
					break
				}
				from[int(cell)] = name
				onBoard = append(onBoard, placed{int(cell), k})
			}
		}
	}
	// hands: the first seats×kinds words of the zones' start counts
	g.zoneStart = make([]int, max(g.nzi, ns)*nk)
	g.zoneOrder = make([][]int, max(g.nzi, ns))
	g.handCount = g.zoneStart[:ns*nk]
	g.handOrder = g.zoneOrder[:ns]
	total := len(onBoard)
	for _, seatName := range r.Keys("setup.hand", nil) {
		p := "setup.hand." + seatName
		seat := -1
		for i, s := range g.seats {
			if s == seatName {
				seat = i
			}
		}
		if seat < 0 && c.absentSeats[seatName] {
			r.Strings(p)
			continue // a seat not in play
		}
		if seat < 0 {
			r.Errorf(p, "setup.hand: unknown seat %q", seatName)
			continue
		}
		if !c.readZoneItems(p, g.handCount[seat*nk:seat*nk+nk], &total, func(k int) {
			g.handOrder[seat] = append(g.handOrder[seat], k)
		}) {
			return
		}
	}
	if !c.compileZoneSetup(&total) {
		return
	}
	if total > MaxPieces {
		r.Errorf("setup", "setup: %d pieces; the limit is %d", total, MaxPieces)
		return
	}
	// instance ids: hands first (contiguous per seat and kind), then the
	// other zones' pieces, then board pieces
	g.handStart = make([]int, ns*nk)
	for s := 0; s < ns; s++ {
		for k := 0; k < nk; k++ {
			g.handStart[s*nk+k] = len(g.pieceKind)
			for i := 0; i < g.handCount[s*nk+k]; i++ {
				g.pieceKind = append(g.pieceKind, int16(k))
				g.pieceOwner = append(g.pieceOwner, int16(g.kinds[k].Owner))
			}
		}
	}
	for zi := ns; zi < g.nzi; zi++ {
		for k := 0; k < nk; k++ {
			for i := 0; i < g.zoneStart[zi*nk+k]; i++ {
				g.pieceKind = append(g.pieceKind, int16(k))
				g.pieceOwner = append(g.pieceOwner, int16(g.kinds[k].Owner))
			}
		}
	}
	firstBoard := len(g.pieceKind)
	for _, pl := range onBoard {
		g.pieceKind = append(g.pieceKind, int16(pl.kind))
		g.pieceOwner = append(g.pieceOwner, int16(g.kinds[pl.kind].Owner))
	}
	for _, k := range c.readReserve(len(g.pieceKind)) {
		g.pieceKind = append(g.pieceKind, int16(k))
		g.pieceOwner = append(g.pieceOwner, int16(g.kinds[k].Owner))
	}
	s := g.newLayout()
	s.buf[hLastMover] = -1
	for i, pl := range onBoard {
		s.push(firstBoard+i, pl.cell)
	}
	handLeft := 0
	for _, n := range g.handCount {
		handLeft += n
	}
	s.buf[hHandLeft] = int32(handLeft)
	// stones
	stones := 0
	for _, reg := range r.Keys("setup.stones", nil) {
		p := "setup.stones." + reg
		ref, ok := c.regionNamed(p, reg)
		if !ok {
			continue
		}
		n := c.num(p, 0, 0, MaxStones)
		for seat := 0; seat < ns; seat++ {
			for _, cell := range g.cells(ref, seat) {
				stones += n
				if stones > MaxStones {
					r.Errorf(p, "setup.stones: more than %d stones", MaxStones)
					return
				}
				s.setCount(int(cell), n)
			}
			if !ref.perSeat {
				break
			}
		}
	}
	for _, name := range r.Keys("setup.counts", nil) {
		p := "setup.counts." + name
		cell := c.cell(p, name)
		n := c.num(p, 0, 0, MaxStones)
		stones += n
		if stones > MaxStones {
			r.Errorf(p, "setup.counts: more than %d stones", MaxStones)
			return
		}
		if cell >= 0 {
			s.setCount(cell, n)
		}
	}
	g.first = 0
	if r.Has("turns.first") {
		if f := c.seat("turns.first", false); f >= 0 {
			g.first = f
		}
	}
	s.buf[hToMove] = int32(g.first)
	s.xorHash(seatKey(g.first, 0))
	g.initial = s
}

// ---- move rules -------------------------------------------------------------

// moveKeys are the keys every move rule takes.
var moveKeys = []*Key{
	{Name: "type", Type: TChoice, Required: true, Doc: "the primitive: one of the registered move types"},
	{Name: "cite", Type: TString, Default: "", Doc: "shown when this rule refuses a move: (rule move, E 2-7)"},
	&thenKey, &thenIfKey, &thenOptionalKey, &thenPieceKey, &setStateKey, &promoteKey,
	{Name: "title", Type: TString, Doc: "accepted and ignored"},
	{Name: "after", Type: TStrings, Doc: "effects applied, in order, after each move by this rule"},
}

func (c *compiler) compileRules() {
	r := c.r
	names := r.Keys("moves", nil)
	if len(names) == 0 {
		r.Errorf("", "missing [moves]: a variant needs at least one move rule")
		return
	}
	if len(names) > 250 {
		r.Errorf("moves", "moves: %d rules; the limit is 250", len(names))
		return
	}
	effects := c.compileEffects()
	c.effects = effects
	types := moveTypeNames()
	for _, name := range names {
		p := "moves." + name
		typ := c.choice(p+".type", "", types...)
		if !r.Has(p + ".type") {
			r.Errorf(p, "moves.%s: missing required key \"type\" (one of %s)", name, strings.Join(types, ", "))
			continue
		}
		mt := lookupMoveType(typ)
		if mt == nil {
			r.Keys(p, nil) // a bad type was reported; still check the table is a table
			continue
		}
		c.checkKindKeys(p, "type", typ, keyNames(moveKeys, mt.keys), moveKeyNames())
		rb := ruleBase{name: name, typ: typ, cite: r.String(p+".cite", ""), index: len(c.g.rules)}
		r.String(p+".title", "")
		for i, e := range r.Strings(p + ".after") {
			eff, ok := effects[e]
			if !ok {
				ep := fmt.Sprintf("%s.after.%d", p, i)
				if s := diag.Closest(e, sortedKeys(effects)); s != "" {
					r.ValueErrorf(ep, "%s.after: unknown effect %q (did you mean %q?)", p, e, s)
				} else {
					r.ValueErrorf(ep, "%s.after: unknown effect %q; declare it as [effects.%s]", p, e, e)
				}
				continue
			}
			rb.after = append(rb.after, eff)
			me, _ := eff.(moveEffect)
			rb.afterMove = append(rb.afterMove, me)
			rb.anyMoveFx = rb.anyMoveFx || me != nil
			if mt, ok := eff.(*markTargets); ok && mt.choose {
				if rb.choose != nil {
					r.ValueErrorf(fmt.Sprintf("%s.after.%d", p, i), "%s.after: effects %q and %q both choose a subset; a rule's moves carry one choice", p, rb.choose.name, mt.name)
					continue
				}
				rb.choose = mt
			}
		}
		rb.sets = c.compileStateSets(p)
		rb.promo = c.compilePromotion(p)
		if ru := mt.compile(c, p, rb); ru != nil {
			if rb.choose != nil {
				c.checkChooser(p, ru)
			}
			c.g.rules = append(c.g.rules, ru)
		}
	}
}

// ---- effects --------------------------------------------------------------

// effectKeys are the keys every effect takes.
var effectKeys = []*Key{
	{Name: "type", Type: TChoice, Required: true, Doc: "the effect: one of the registered effect types"},
	{Name: "cite", Type: TString, Default: "", Doc: "a reference into the rule text"},
}

func (c *compiler) compileEffects() map[string]effect {
	out := map[string]effect{}
	types := effectTypeNames()
	for _, name := range c.r.Keys("effects", nil) {
		p := "effects." + name
		typ := c.choice(p+".type", "", types...)
		if !c.r.Has(p + ".type") {
			c.r.Keys(p, nil)
			c.r.Errorf(p, "%s: missing required key \"type\" (one of %s)", p, strings.Join(types, ", "))
			continue
		}
		et := lookupEffectType(typ)
		if et == nil {
			continue
		}
		c.checkKindKeys(p, "type", typ, keyNames(effectKeys, et.keys), effectKeyNames())
		cite := c.r.String(p+".cite", "")
		if e := et.compile(c, p, name, cite); e != nil {
			out[name] = e
		}
	}
	return out
}

// ---- phases ---------------------------------------------------------------

// turnsKeys are the keys of [turns].
var turnsKeys = []*Key{
	{Name: "first", Type: TString, Param: true, Doc: "the seat that moves first (default: the first seat), or a string parameter naming it"},
	{Name: "pass", Type: TChoice, Default: "never", Allowed: []string{"never", "when_stuck", "when_no_move", "skip"},
		Doc: "when a seat may pass: never; when_stuck: when it has no move and another seat has one; when_no_move: whenever it has no move; skip: a seat with no move is passed over without a move (no ply) while another can move"},
	{Name: "pass_notation", Type: TString, Default: "pass", Doc: "how a pass is written in records"},
	&eliminateEmptyKey,
	{Name: "max_plies", Type: TInt, Default: DefaultMaxPlies, Min: 1, Max: 1 << 24, Doc: "the game stops undecided after this many plies"},
	{Name: "phase", Type: TString, Doc: "the phase the game starts in (default: the first)"},
	{Name: "stuck", Type: TChoice, Default: "score", Allowed: []string{"score", "draw", "lose", "win", "foul_or_draw"},
		Doc: "when the seat to move has no move and may not pass: scoring decides, a draw, the other seat wins, the stuck seat wins (misère: who took the last piece loses), or (foul_or_draw) the seat is out if not moving lets another seat force the foul's goal, else a draw"},
	{Name: "eliminate_without", Type: TString, Doc: "a seat with no piece of its own carrying this flag on the board is eliminated"},
	{Name: "agreed_draw", Type: TChoice, Default: "any", Allowed: []string{"any", "after_elimination", "never"},
		Doc: "when the seats still playing may agree a draw (a record's \"draw agreed\"): at any time, once a seat is out, or never"},
	{Name: "resign_notice", Type: TChoice, Default: "none", Allowed: []string{"none", "round"},
		Doc: "round: while every seat plays, a resignation takes effect after the seat's next move (after the move after that when given on its own turn)"},
	&onResignKey,
	&capturePriorityKey,
	&royalKey,
	&dealerKey,
	&royalNextKey,
}

// phaseKeys are the keys of [phases.NAME].
var phaseKeys = []*Key{
	{Name: "moves", Type: TStrings, Doc: "the move rules that apply in this phase"},
	{Name: "end", Type: TChoice, Allowed: []string{"hands_empty"}, Doc: "the phase ends when no seat has a piece left in hand"},
	{Name: "end_if", Type: TExpr, Doc: "the phase ends when this holds"},
	{Name: "next", Type: TString, Doc: "the phase that follows"},
	{Name: "first", Type: TString, Param: true, Doc: "the seat that moves first when this phase begins (or a string parameter naming it)"},
	{Name: "cite", Type: TString, Doc: "a reference into the rule text"},
	&capturePriorityKey,
	&phaseStuckKey,
	&phaseStepsKey,
}

func (c *compiler) compilePhases() {
	r := c.r
	g := c.g
	names := r.Keys("phases", nil)
	r.Keys("turns", keyNames(turnsKeys))
	passWhen := c.readChoice("turns", keyOf(turnsKeys, "pass"))
	g.pass, g.passAlways = passWhen != "never", passWhen == "when_no_move"
	g.passText = c.readString("turns", keyOf(turnsKeys, "pass_notation"))
	if g.passText == "" || cleanMove(g.passText) != g.passText {
		r.ValueErrorf("turns.pass_notation", "turns.pass_notation: %q is not a move's text (one word, not ending in ? or !)", g.passText)
		g.passText = "pass"
	}
	c.compileEliminateEmpty()
	stuck := c.readChoice("turns", keyOf(turnsKeys, "stuck"))
	g.stuckDraw, g.stuckLose, g.stuckWin = stuck == "draw" || stuck == "foul_or_draw", stuck == "lose", stuck == "win"
	g.stuckFoul = stuck == "foul_or_draw"
	g.agreedDraw = c.readChoice("turns", keyOf(turnsKeys, "agreed_draw"))
	g.resignNotice = c.readChoice("turns", keyOf(turnsKeys, "resign_notice")) == "round"
	c.compileOnResign()
	if flag := c.readString("turns", keyOf(turnsKeys, "eliminate_without")); flag != "" {
		g.elimFlag = make([][]int32, len(g.seats))
		found := false
		for pc, k := range g.pieceKind {
			if g.kinds[k].HasFlag(flag) && g.pieceOwner[pc] >= 0 {
				g.elimFlag[g.pieceOwner[pc]] = append(g.elimFlag[g.pieceOwner[pc]], int32(pc))
				found = true
			}
		}
		if !found {
			r.ValueErrorf("turns.eliminate_without", "turns.eliminate_without: no owned piece has the flag %q", flag)
			g.elimFlag = nil
		}
	}
	g.maxPlies = c.readInt("turns", keyOf(turnsKeys, "max_plies"))
	if len(names) == 0 {
		all := make([]int, 0, len(g.rules))
		for i := range g.rules {
			if !c.followUps[i] && !c.segments[i] { // a follow-up is played only after its base move, a segment only in its chain
				all = append(all, i)
			}
		}
		g.phases = []*phase{{name: "play", rules: all, first: -1, next: -1}}
		g.phaseNames = []string{"play"}
		if ph := r.String("turns.phase", "play"); ph != "play" {
			r.ValueErrorf("turns.phase", "turns.phase: unknown phase %q: the variant declares no [phases] (its one phase is \"play\")", ph)
		}
		return
	}
	index := map[string]int{}
	for i, n := range names {
		index[n] = i
	}
	g.phaseNames = names
	for _, name := range names {
		p := "phases." + name
		r.Keys(p, keyNames(phaseKeys))
		ph := &phase{name: name, first: -1, next: -1}
		c.readString(p, keyOf(phaseKeys, "cite"))
		for i, rn := range c.readStrings(p, keyOf(phaseKeys, "moves")) {
			found := false
			for j, ru := range g.rules {
				if ru.base().name == rn {
					found = true
					if c.followUps[j] {
						r.ValueErrorf(fmt.Sprintf("%s.moves.%d", p, i), "%s.moves: %q is a follow-up (another rule's then): it is played only after its base move", p, rn)
						continue
					}
					if c.segments[j] {
						r.ValueErrorf(fmt.Sprintf("%s.moves.%d", p, i), "%s.moves: %q is a chain's segment: it is played only inside the chain", p, rn)
						continue
					}
					ph.rules = append(ph.rules, j)
				}
			}
			if !found {
				rp := fmt.Sprintf("%s.moves.%d", p, i)
				var known []string
				for _, ru := range g.rules {
					known = append(known, ru.base().name)
				}
				if s := diag.Closest(rn, known); s != "" {
					r.ValueErrorf(rp, "%s.moves: unknown move rule %q (did you mean %q?)", p, rn, s)
				} else {
					r.ValueErrorf(rp, "%s.moves: unknown move rule %q", p, rn)
				}
			}
		}
		if f, ok := c.phaseFirstSpecial(p); ok {
			ph.first = f
		} else if r.Has(p + ".first") {
			ph.first = c.seat(p+".first", false)
		}
		ph.endHand = c.readChoice(p, keyOf(phaseKeys, "end")) == "hands_empty"
		if src := c.readString(p, keyOf(phaseKeys, "end_if")); src != "" {
			ph.endIf = condProgram{prog: c.compileExpr(p+".end_if", src, c.condEnv(), expr.AsBool()), at: c.exprAt(p + ".end_if")}
			if ph.endIf.prog != nil {
				ph.endIf.native = c.nativeSrcBool(src)
			}
		}
		if nx := c.readString(p, keyOf(phaseKeys, "next")); nx != "" {
			if i, ok := index[nx]; ok {
				ph.next = i
			} else {
				if s := diag.Closest(nx, names); s != "" {
					r.ValueErrorf(p+".next", "%s.next: unknown phase %q (did you mean %q?)", p, nx, s)
				} else {
					r.ValueErrorf(p+".next", "%s.next: unknown phase %q (phases: %s)", p, nx, strings.Join(names, ", "))
				}
			}
		}
		g.phases = append(g.phases, ph)
	}
	if r.Has("turns.phase") {
		start := r.String("turns.phase", "")
		i, ok := index[start]
		if !ok {
			r.ValueErrorf("turns.phase", "turns.phase: unknown phase %q", start)
		} else if i != 0 && g.initial != nil {
			g.initial.setPhase(i)
		}
	}
}

// ---- end conditions and scoring ------------------------------------------

// endCond is a compiled [end.NAME] condition.
type endCond struct {
	name, cite string
	typ        *endType
	check      endCheck
	byScore    bool // the game ends, and the scoring decides the winner
}

// endCheck is what an end type compiles to: whether the condition holds
// in s and, when the condition names one, the seat it names (-1: none).
type endCheck interface {
	holds(g *Game, s *State) (bool, int)
}

// endKeys are the keys every end condition takes.
var endKeys = []*Key{
	{Name: "type", Type: TChoice, Required: true, Doc: "the condition: one of the registered end types"},
	{Name: "cite", Type: TString, Default: "", Doc: "a reference into the rule text"},
}

// endWinnerKey is taken by the end types that name a winner.
var endWinnerKey = Key{Name: "winner", Type: TChoice, Default: "condition", Allowed: []string{"condition", "score"},
	Doc: "the condition names the winner, or the scoring decides"}

// endRegionKey is taken by the end types that watch a region.
var endRegionKey = Key{Name: "region", Type: TString, Required: true, Doc: "the region the condition watches"}

// requiredRegion reads the region an end condition of type typ needs,
// reporting it missing or unknown.
func (c *compiler) requiredRegion(p, typ string) (regionRef, bool) {
	ref, ok := c.region(keyPath(p, &endRegionKey), "")
	if !ok && !c.has(p, &endRegionKey) {
		c.r.Errorf(p, "%s: %s needs region", p, typ)
	}
	return ref, ok
}

func (c *compiler) compileEnds() {
	r := c.r
	types := endTypeNames()
	for _, name := range r.Keys("end", nil) {
		p := "end." + name
		typ := c.choice(p+".type", "", types...)
		if !r.Has(p + ".type") {
			r.Keys(p, nil)
			r.Errorf(p, "%s: missing required key \"type\"", p)
			continue
		}
		et := lookupEndType(typ)
		if et == nil {
			continue
		}
		c.checkKindKeys(p, "type", typ, keyNames(endKeys, et.keys), endKeyNames())
		e := &endCond{name: name, cite: r.String(p+".cite", ""), typ: et}
		c.g.endInfo = append(c.g.endInfo, EndInfo{Name: name, Type: typ, NamesWinner: et.decides})
		for _, k := range et.keys {
			if k == &endWinnerKey {
				e.byScore = c.readChoice(p, &endWinnerKey) == "score"
				c.g.endInfo[len(c.g.endInfo)-1].NamesWinner = et.decides && !e.byScore
			}
		}
		e.check = et.compile(c, p, name)
		if e.check == nil {
			continue
		}
		c.g.ends = append(c.g.ends, e)
	}
	for _, e := range c.g.ends {
		c.g.endNames = append(c.g.endNames, e.name)
	}
	if len(c.g.ends) == 1 {
		c.g.onlyPoints, _ = c.g.ends[0].check.(*pointsReached)
	}
	for _, e := range c.g.legal.noMove {
		c.g.endNames = append(c.g.endNames, e.name)
	}
	if c.g.repetitionEnd != "" {
		c.g.endNames = append(c.g.endNames, c.g.repetitionEnd)
	}
	c.g.endNames = append(c.g.endNames, EndStuck, EndRepetition, endTwoWayDraw, EndResigned, EndUnavoidable, EndAgreedDraw)
	c.g.boxedEnds = make([]any, len(c.g.endNames))
	for i, n := range c.g.endNames {
		c.g.boxedEnds[i] = n
	}
}

// scoringKeys are the keys of [scoring].
var scoringKeys = []*Key{
	{Name: "score", Type: TExpr, Default: "points()", Doc: "a seat's score, evaluated with seat = that seat"},
	{Name: "winner", Type: TChoice, Default: "highest", Allowed: []string{"highest", "lowest"}, Literal: true, Doc: "which score wins; a tie for the best is a draw"},
	{Name: "cite", Type: TString, Doc: "a reference into the rule text"},
}

func (c *compiler) compileScoring() {
	r := c.r
	r.Keys("scoring", keyNames(scoringKeys))
	c.g.scoreCite = c.readString("scoring", keyOf(scoringKeys, "cite"))
	c.g.lowest = c.readChoice("scoring", keyOf(scoringKeys, "winner")) == "lowest"
	c.g.scoreDeclared = r.Has("scoring.score")
	if c.g.scoreDeclared {
		c.notePoints("scoring.score")
	}
	src := c.readString("scoring", keyOf(scoringKeys, "score"))
	c.g.score = c.compileExpr("scoring.score", src, c.condEnv(), append(checkedArithmetic(), expr.AsInt())...)
	if o := r.Doc.Origin("scoring.score"); o.Pos.ValLine > 0 {
		c.g.scoreAt = fmt.Sprintf("%s:%d:%d: ", o.File, o.Pos.ValLine, o.Pos.ValCol)
	}
	c.g.scoreVars = varsOf(src)
	if c.g.score != nil {
		c.g.fastScore = fastStateExpr(src, c.condEnv(), c.g)
	}
}
