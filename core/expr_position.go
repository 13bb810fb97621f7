package core

// Position functions: what expressions may ask of the current position at
// play time (who stands on a cell, lines of pieces, the last move). Each is
// one entry of the posFuncs registry: its name, its documentation line, the
// literal arguments checked at load, and a constructor that binds it to a
// State's environment. Every function has a signature expr calls without
// reflection (func(any) any, func(any, any) bool, …) and returns values
// boxed at load (seat and kind names) or small enough never to allocate, so
// a call allocates nothing; core/expr_position_test.go measures each.

import (
	"fmt"
	"math/bits"
	"strings"

	"rulesmith/core/diag"
)

// argKind says what a literal argument of a position function must name.
type argKind uint8

const (
	argAny     argKind = iota
	argCell            // a cell of the board (or from / to)
	argKind_           // a piece kind, or "" for any
	argRegion          // a region, or "" for the whole board
	argWhat            // empty, occupied, own, enemy
	argVar             // a [piece_state] variable
	argChance          // a [chance] event
	argSetAttr         // a set of pieces with the attribute counted (expr_sets.go)
	argSetAny          // a set of pieces, attribute optional
	argAttr            // a piece-kind attribute
	argZone            // a zone
	argMeasure         // what a seat holds: "hand", "board" or a zone
)

// posFunc is one position function.
type posFunc struct {
	name string
	// doc is the signature and one line, for the documentation.
	doc string
	// args says what each argument's literal must name.
	args []argKind
	// bind returns the function bound to the environment h.
	bind func(g *Game, h *envHolder) any
}

// posFuncs is the registry of position functions, in documentation order.
var posFuncs = []*posFunc{
	{name: "owner", doc: "owner(cell): the seat owning the top piece on cell, \"none\" for a neutral piece, \"\" when empty",
		args: []argKind{argCell}, bind: func(g *Game, h *envHolder) any {
			return func(c any) any {
				x := g.cellArg(c)
				if x < 0 || h.st == nil {
					return boxedEmpty
				}
				p := h.st.Top(x)
				if p < 0 {
					return boxedEmpty
				}
				if o := int(g.pieceOwner[p]); o >= 0 && o < len(g.boxedSeats) {
					return g.boxedSeats[o]
				}
				return boxedNone
			}
		}},
	{name: "kind_at", doc: "kind_at(cell): the kind of the top piece on cell, \"\" when it has none",
		args: []argKind{argCell}, bind: func(g *Game, h *envHolder) any {
			return func(c any) any {
				x := g.cellArg(c)
				if x < 0 || h.st == nil {
					return boxedEmpty
				}
				if p := h.st.Top(x); p >= 0 && int(g.pieceKind[p]) < len(g.boxedKinds) {
					return g.boxedKinds[g.pieceKind[p]]
				}
				return boxedEmpty
			}
		}},
	{name: "height_at", doc: "height_at(cell): pieces stacked on cell (its stones on a counting board)",
		args: []argKind{argCell}, bind: func(g *Game, h *envHolder) any {
			return func(c any) int {
				x := g.cellArg(c)
				if x < 0 || h.st == nil {
					return 0
				}
				return h.st.Height(x) + h.st.Count(x)
			}
		}},
	{name: "empty", doc: "empty(cell): cell holds no piece and no stone",
		args: []argKind{argCell}, bind: func(g *Game, h *envHolder) any {
			return func(c any) bool {
				x := g.cellArg(c)
				return x >= 0 && h.st != nil && !h.st.occupied(x)
			}
		}},
	{name: "mine", doc: "mine(cell): the top piece on cell belongs to the seat in question (the mover, in a move's condition)",
		args: []argKind{argCell}, bind: func(g *Game, h *envHolder) any {
			return func(c any) bool {
				x := g.cellArg(c)
				return x >= 0 && h.st != nil && h.seat >= 0 && h.st.Owner(x) == h.seat
			}
		}},
	{name: "enemy", doc: "enemy(cell): the top piece on cell belongs to another seat",
		args: []argKind{argCell}, bind: func(g *Game, h *envHolder) any {
			return func(c any) bool {
				x := g.cellArg(c)
				if x < 0 || h.st == nil {
					return false
				}
				o := h.st.Owner(x)
				return o >= 0 && o != h.seat
			}
		}},
	{name: "near", doc: "near(cell, what): neighbouring cells that are what: \"empty\", \"occupied\", \"own\" or \"enemy\"",
		args: []argKind{argCell, argWhat}, bind: func(g *Game, h *envHolder) any {
			return func(c, what any) any {
				x := g.cellArg(c)
				w, _ := what.(string)
				if x < 0 || h.st == nil {
					return 0
				}
				n := 0
				for _, y := range g.board.Adjacent(x) {
					if h.st.is(int(y), w, h.seat) {
						n++
					}
				}
				return n
			}
		}},
	{name: "pieces_in", doc: "pieces_in(kind, region): the seat's pieces on the board of kind (\"\" any) in region (\"\" the whole board)",
		args: []argKind{argKind_, argRegion}, bind: func(g *Game, h *envHolder) any {
			return func(kind, region any) any {
				if h.st == nil || h.seat < 0 {
					return 0
				}
				k := -1
				if ks, _ := kind.(string); ks != "" {
					var ok bool
					if k, ok = g.KindIndex(ks); !ok {
						return 0
					}
				}
				if rs, _ := region.(string); rs != "" {
					ref, ok := g.regionRefs[rs]
					if !ok {
						return 0
					}
					return h.st.countIn(g.cells(ref, h.seat), h.seat, k)
				}
				return h.st.countPieces(h.seat, k)
			}
		}},
	{name: "state_at", doc: stateAtDoc, args: []argKind{argCell, argVar}, bind: bindStateAt},
	{name: "moves_at", doc: "moves_at(cell): how many legal moves of the seat to move start from cell (0 inside another moves_at)",
		args: []argKind{argCell}, bind: func(g *Game, h *envHolder) any {
			return func(c any) int {
				x := g.cellArg(c)
				if x < 0 || h.st == nil {
					return 0
				}
				return probeMoves(h.st, x)
			}
		}},
	{name: "flanks", doc: "flanks(cell): how many pieces of other seats a piece of the seat put on cell would turn by the flank effect (unbroken runs closed by the seat's own piece, along every direction)",
		args: []argKind{argCell}, bind: func(g *Game, h *envHolder) any {
			return func(c any) int {
				x := g.cellArg(c)
				if x < 0 || h.st == nil || h.seat < 0 {
					return 0
				}
				return h.st.flanks(x, h.seat)
			}
		}},
	{name: "clear_path", doc: "clear_path(a, b): b lies along a direction of the board from a with every cell between them empty (b itself may hold anything)",
		args: []argKind{argCell, argCell}, bind: func(g *Game, h *envHolder) any {
			return func(a, b any) bool {
				x, y := g.cellArg(a), g.cellArg(b)
				return x >= 0 && y >= 0 && h.st != nil && h.st.clearPath(x, y)
			}
		}},
	{name: "line", doc: "line(cell, n): the piece on cell is one of n or more of its owner's pieces in a row along the board's directions (a mill, four in a row)",
		args: []argKind{argCell, argAny}, bind: func(g *Game, h *envHolder) any {
			return func(c, n any) bool {
				x := g.cellArg(c)
				k, _ := n.(int)
				return x >= 0 && h.st != nil && h.st.inLine(x, k)
			}
		}},
	{name: "line_exactly", doc: "line_exactly(cell, n): the piece on cell stands in a row of exactly n of its owner's pieces along some direction of the board (no piece of its owner at either end)",
		args: []argKind{argCell, argAny}, bind: func(g *Game, h *envHolder) any {
			return func(c, n any) bool {
				x := g.cellArg(c)
				k, _ := n.(int)
				return x >= 0 && h.st != nil && h.st.inLineExactly(x, k)
			}
		}},
	{name: "formed_exactly", doc: "formed_exactly(n): the piece the last move moved or placed now stands in a row of exactly n (line_exactly(last_to(), n))",
		bind: func(g *Game, h *envHolder) any {
			return func(n int) bool {
				return h.st != nil && h.st.LastTarget() >= 0 && h.st.inLineExactly(h.st.LastTarget(), n)
			}
		}},
	{name: "formed", doc: "formed(n): the piece the last move moved or placed now stands in a line of n (line(last_to(), n))",
		bind: func(g *Game, h *envHolder) any {
			return func(n int) bool {
				return h.st != nil && h.st.LastTarget() >= 0 && h.st.inLine(h.st.LastTarget(), n)
			}
		}},
	{name: "last_to", doc: "last_to(): the cell the last move went to or placed on, \"\" before the first",
		bind: func(g *Game, h *envHolder) any {
			return func() any {
				if h.st == nil || h.st.LastTarget() < 0 || h.st.LastTarget() >= len(g.boxedCells) {
					return boxedEmpty
				}
				return g.boxedCells[h.st.LastTarget()]
			}
		}},
}

var (
	boxedEmpty any = ""
	boxedNone  any = "none"
)

// boxNames boxes the seat, kind and cell names once, so the position
// functions return them without allocating.
func (g *Game) boxNames() {
	g.boxedSeats = make([]any, len(g.seats))
	for i, s := range g.seats {
		g.boxedSeats[i] = s
	}
	g.boxedKinds = make([]any, len(g.kinds))
	for i, k := range g.kinds {
		g.boxedKinds[i] = k.Name
	}
	if g.board != nil {
		g.boxedCells = make([]any, g.board.N())
		for i, c := range g.board.Cells {
			g.boxedCells[i] = c.Name
		}
	}
}

// cellArg resolves a cell argument: a cell's attributes (from, to) or its
// name; -1 when it names no cell.
func (g *Game) cellArg(v any) int {
	var name string
	switch x := v.(type) {
	case map[string]any:
		name, _ = x["name"].(string)
	case string:
		name = x
	default:
		return -1
	}
	if i, ok := g.board.Index(name); ok {
		return i
	}
	return -1
}

// countIn counts seat's pieces of kind k (-1 any) in the stacks on cells.
func (s *State) countIn(cells []int32, seat, k int) int {
	g := s.g
	n := 0
	for _, c := range cells {
		for p := s.Top(int(c)); p >= 0; p = s.Below(p) {
			if int(g.pieceOwner[p]) == seat && (k < 0 || int(g.pieceKind[p]) == k) {
				n++
			}
		}
	}
	return n
}

// is reports whether cell c is what (empty, occupied, own, enemy) for seat.
func (s *State) is(c int, what string, seat int) bool {
	switch what {
	case "empty":
		return !s.occupied(c)
	case "occupied":
		return s.occupied(c)
	case "own":
		return seat >= 0 && s.Owner(c) == seat
	case "enemy":
		o := s.Owner(c)
		return o >= 0 && o != seat
	}
	return false
}

// countPieces counts seat's pieces on the board, of kind k (-1 any).
func (s *State) countPieces(seat, k int) int {
	g := s.g
	n := 0
	if seat < 0 || seat >= len(g.seatPieces) {
		return 0
	}
	pos := s.buf[g.lay.pos:]
	for _, p := range g.seatPieces[seat] {
		if k >= 0 && int(g.pieceKind[p]) != k {
			continue
		}
		if pos[p] > 0 {
			n++
		}
	}
	return n
}

// needWindows computes windows[n] (see Game.windows) on a small board.
func (g *Game) needWindows(n int) {
	b := g.board
	if !g.small || n < 2 || n > 64 || b.N() > 64 {
		return
	}
	if len(g.windows) <= n {
		g.windows = append(g.windows, make([][][]uint64, n+1-len(g.windows))...)
	}
	if g.windows[n] != nil {
		return
	}
	per := make([][]uint64, b.N())
	for c := 0; c < b.N(); c++ {
		for d := range b.Dirs {
			opp := b.Opposite(d)
			if opp >= 0 && opp < d {
				continue
			}
			var seq []int32
			if opp >= 0 {
				back := b.Ray(c, opp)
				for i := len(back) - 1; i >= 0; i-- {
					seq = append(seq, back[i])
				}
			}
			pos := len(seq)
			seq = append(seq, int32(c))
			seq = append(seq, b.Ray(c, d)...)
			for i := max(0, pos-n+1); i <= pos && i+n <= len(seq); i++ {
				var w uint64
				for _, x := range seq[i : i+n] {
					w |= 1 << uint(x)
				}
				if bits.OnesCount64(w) != n {
					continue // round a closed line onto itself
				}
				dup := false
				for _, o := range per[c] {
					dup = dup || o == w
				}
				if !dup {
					per[c] = append(per[c], w)
				}
			}
		}
	}
	g.windows[n] = per
}

// windowsOf returns windows[n], or nil.
func (g *Game) windowsOf(n int) [][]uint64 {
	if n < len(g.windows) {
		return g.windows[n]
	}
	return nil
}

// inLine reports whether the top piece on c is one of n or more pieces of
// its owner in a row: along a direction and its opposite, or, on a board
// whose directions have no opposites, along one direction.
func (s *State) inLine(c, n int) bool {
	o := s.Owner(c)
	if o < 0 || n < 1 {
		return false
	}
	if n == 1 {
		return true
	}
	if ws := s.g.windowsOf(n); ws != nil {
		own := s.ownMask(o)
		for _, w := range ws[c] {
			if own&w == w {
				return true
			}
		}
		return false
	}
	b := s.g.board
	nd := len(b.Dirs)
	for d := 0; d < nd; d++ {
		opp := b.Opposite(d)
		if opp >= 0 && opp < d {
			continue // counted from the other side
		}
		run := 1 + s.runFrom(c, d, o, n)
		if opp >= 0 {
			run += s.runFrom(c, opp, o, n)
		}
		if run >= n {
			return true
		}
	}
	return false
}

// clearPath reports whether cell b lies on a ray from cell a with every
// cell before it empty.
func (s *State) clearPath(a, b int) bool {
	bd := s.g.board
	for d := range bd.Dirs {
		for _, x := range bd.Ray(a, d) {
			if int(x) == b {
				return true
			}
			if s.occupied(int(x)) {
				break
			}
		}
	}
	return false
}

// inLineOf is inLineExactly when exact, else inLine.
func (s *State) inLineOf(c, n int, exact bool) bool {
	if exact {
		return s.inLineExactly(c, n)
	}
	return s.inLine(c, n)
}

// inLineExactly reports whether the top piece on c stands in a row of
// exactly n pieces of its owner along some direction (with its opposite,
// where the board has one): the row's ends are not its owner's.
func (s *State) inLineExactly(c, n int) bool {
	o := s.Owner(c)
	if o < 0 || n < 1 {
		return false
	}
	b := s.g.board
	for d := range b.Dirs {
		opp := b.Opposite(d)
		if opp >= 0 && opp < d {
			continue // counted from the other side
		}
		run := 1 + s.runFrom(c, d, o, n+1)
		if opp >= 0 {
			run += s.runFrom(c, opp, o, n+1)
		}
		if run == n {
			return true
		}
	}
	return false
}

// runFrom counts the cells owned by o met stepping from c in direction d,
// up to limit.
func (s *State) runFrom(c, d, o, limit int) int {
	k := 0
	for _, x := range s.g.board.Ray(c, d) {
		if k >= limit || s.Owner(int(x)) != o {
			break
		}
		k++
	}
	return k
}

// diceOf returns the dice event called name, or nil.
func (g *Game) diceOf(name string) *diceEvent {
	if i := g.chanceIndexArg(name); i >= 0 {
		d, _ := g.chance[i].(*diceEvent)
		return d
	}
	return nil
}

// the dice functions (chance_dice.go)
var dicePosFuncs = []*posFunc{
	{name: "die", doc: "die(event, i): die i (1-based) of the last throw of a [chance] dice event (unordered: high first), 0 before any throw",
		args: []argKind{argChance}, bind: func(g *Game, h *envHolder) any {
			return func(ev string, i int) int {
				if d := g.diceOf(ev); d != nil && h.st != nil {
					return d.die(h.st, i-1)
				}
				return 0
			}
		}},
	{name: "dice_total", doc: "dice_total(event): the sum of the last throw of a [chance] dice event, 0 before any throw",
		args: []argKind{argChance}, bind: func(g *Game, h *envHolder) any {
			return func(ev string) int {
				if d := g.diceOf(ev); d != nil && h.st != nil {
					return d.total(h.st)
				}
				return 0
			}
		}},
	{name: "doubles", doc: "doubles(event): the last throw of a [chance] dice event of two dice or more shows one value on every die",
		args: []argKind{argChance}, bind: func(g *Game, h *envHolder) any {
			return func(ev string) bool {
				if d := g.diceOf(ev); d != nil && h.st != nil {
					return d.isDoubles(h.st)
				}
				return false
			}
		}},
	{name: "doubles_run", doc: "doubles_run(event): how many doubles in a row the seat that threw last has thrown, the last throw included (0 after other values)",
		args: []argKind{argChance}, bind: func(g *Game, h *envHolder) any {
			return func(ev string) int {
				if d := g.diceOf(ev); d != nil && h.st != nil {
					return d.run(h.st)
				}
				return 0
			}
		}},
}

func init() { posFuncs = append(posFuncs, dicePosFuncs...) }

// posFuncEnv adds the position functions, bound to h, to env.
func (g *Game) posFuncEnv(env map[string]any, h *envHolder) {
	for _, f := range posFuncs {
		env[f.name] = f.bind(g, h)
	}
}

// checkPosArg checks a literal argument of a position function at load.
func (c *compiler) checkPosArg(path, fn string, kind argKind, val string, line, col int) {
	g := c.g
	var what string
	var known []string
	switch kind {
	case argCell:
		if g.board == nil {
			return
		}
		if _, ok := g.board.Index(val); ok {
			return
		}
		what = "cell"
		for _, cl := range g.board.Cells {
			known = append(known, cl.Name)
		}
	case argKind_:
		if _, ok := g.KindIndex(val); ok || val == "" {
			return
		}
		what = "piece kind"
		for _, k := range g.kinds {
			known = append(known, k.Name)
		}
	case argRegion:
		if g.board == nil || val == "" {
			return
		}
		if _, ok := resolveRegion(g.board, val); ok {
			return
		}
		what = "region"
		gl, ps := g.board.RegionNames()
		known = append(gl, ps...)
	case argVar:
		if g.pieceVarIndex(val) >= 0 {
			return
		}
		what = "piece state variable"
		for _, v := range g.pieceVars {
			known = append(known, v.name)
		}
	case argSetAttr, argSetAny:
		c.checkSetArg(path, fn, kind == argSetAttr, val, line, col)
		return
	case argAttr:
		if g.attrIndex(val, false) >= 0 {
			return
		}
		c.r.ExprErrorf(path, line, col, "%s: %s: unknown attribute %q%s", path, fn, val, g.attrHint(val))
		return
	case argZone:
		if _, ok := g.ZoneIndex(val); ok {
			return
		}
		what = "zone"
		known = g.Zones()
	case argChance:
		for _, n := range g.chanceNames {
			if n == val {
				return
			}
		}
		msg := fmt.Sprintf("%s: %s: unknown chance event %q", path, fn, val)
		if len(g.chanceNames) == 0 {
			msg += " (the variant declares no [chance] event)"
		} else if s := diag.Closest(val, g.chanceNames); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		} else {
			msg += fmt.Sprintf(" (events: %s)", strings.Join(g.chanceNames, ", "))
		}
		c.r.ExprErrorf(path, line, col, "%s", msg)
		return
	case argMeasure:
		known = append([]string{"board"}, g.Zones()...)
		for _, k := range known {
			if k == val {
				return
			}
		}
		c.r.ExprErrorf(path, line, col, "%s: %s: want %s, got %q", path, fn, strings.Join(known, ", "), val)
		return
	case argWhat:
		known = []string{"empty", "occupied", "own", "enemy"}
		for _, k := range known {
			if k == val {
				return
			}
		}
		c.r.ExprErrorf(path, line, col, "%s: %s: want %s, got %q", path, fn, strings.Join(known, ", "), val)
		return
	default:
		return
	}
	msg := fmt.Sprintf("%s: %s: no %s %q on this board", path, fn, what, val)
	if kind == argKind_ || kind == argVar {
		msg = fmt.Sprintf("%s: %s: unknown %s %q", path, fn, what, val)
	}
	if s := diag.Closest(val, known); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	c.r.ExprErrorf(path, line, col, "%s", msg)
}

// lineAfter reports whether, after seat's piece moves from `from` (-1: a
// placement) to `to`, it stands in a row of n of seat's pieces (inLine
// read ahead, without playing the move).
func (s *State) lineAfter(from, to, seat, n int) bool {
	if to < 0 || n < 1 {
		return false
	}
	if n == 1 {
		return true
	}
	g := s.g
	b := g.board
	if g.small {
		// the seat's pieces after the move, as a bit mask
		own := s.ownMask(seat) | 1<<uint(to)
		if from >= 0 {
			own &^= 1 << uint(from)
		}
		if ws := g.windowsOf(n); ws != nil {
			for _, w := range ws[to] {
				if own&w == w {
					return true
				}
			}
			return false
		}
		rays, off := b.RayTable()
		nd := len(b.Dirs)
		run := func(d int) int {
			k := 0
			for _, x := range rays[off[to*nd+d]:off[to*nd+d+1]] {
				if k >= n || own&(1<<uint(x)) == 0 {
					break
				}
				k++
			}
			return k
		}
		for d := 0; d < nd; d++ {
			opp := b.Opposite(d)
			if opp >= 0 && opp < d {
				continue
			}
			k := 1 + run(d)
			if k < n && opp >= 0 {
				k += run(opp)
			}
			if k >= n {
				return true
			}
		}
		return false
	}
	own := func(x int) bool { return x != from && (x == to || s.Owner(x) == seat) }
	run := func(d int) int {
		k := 0
		for _, x := range b.Ray(to, d) {
			if k >= n || !own(int(x)) {
				break
			}
			k++
		}
		return k
	}
	for d := range b.Dirs {
		opp := b.Opposite(d)
		if opp >= 0 && opp < d {
			continue
		}
		k := 1 + run(d)
		if opp >= 0 {
			k += run(opp)
		}
		if k >= n {
			return true
		}
	}
	return false
}

// probeMoves is (*State).movesAt, set in init: move generation reads the
// position functions' registry, so the registry may not name it directly.
var probeMoves func(s *State, c int) int

func init() { probeMoves = (*State).movesAt }

// movesAt counts the legal moves of the seat to move that start from cell
// c. It generates on a copy of the position with its own environment (a
// condition may be running on this one), made once per State; a copy does
// not count again (0), so a condition that reads moves_at cannot recurse.
func (s *State) movesAt(c int) int {
	if s.probing {
		return 0
	}
	if s.probe == nil {
		s.probe = s.Clone()
		s.probe.probing = true
		s.probeBuf = make([]Move, 0, 64)
	}
	s.probe.CopyFrom(s)
	s.probeBuf = s.g.gen(s.probe, s.probeBuf[:0])
	n := 0
	for _, m := range s.probeBuf {
		if m.From() == c {
			n++
		}
	}
	return n
}
