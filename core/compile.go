package core

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

	"rulesmith/core/board"
	"rulesmith/core/diag"
	"rulesmith/core/spec"
)

// compiler carries the reader (which collects diagnostics) and what has
// been compiled so far.
type compiler struct {
	r      *spec.Reader
	g      *Game
	params map[string]any
	// failedRegions names the regions that are declared but did not
	// compile: their problem is reported where they are declared, not
	// again at every use.
	failedRegions map[string]bool
	// meter counts the compile's time and memory against its budget.
	meter *meter
	// attrNames caches cellAttrNames.
	attrNames struct {
		board *board.Board
		total int
		names []string
	}
	// stateSetsDone and promosDone hold the set_state and promote tables
	// compiled so far by expression (and variable): rules that write the
	// same expression share one read-only table.
	stateSetsDone map[string]stateSet
	promosDone    map[string]*promotion
	// followUps are the rules another rule names as its then.
	followUps map[int]bool
	// declaredSeats is the number of seats [players] declares, and
	// pickSeats keeps of a per-seat list the entries of the seats in play
	declaredSeats int
	pickSeats     func([]string) []string
	// absentSeats are declared seats not in play ([players] count), and
	// absentKinds the piece kinds they own: references to them are
	// dropped without an error (seat_lineup.go).
	absentSeats, absentKinds map[string]bool
	// frame is the set frame of the native expression being compiled
	// (expr_setframe.go), nil outside one.
	frame *setFrame
	// effects are the compiled [effects] tables by name; collects the
	// collections among them (linkZoneReset).
	effects  map[string]effect
	collects []*collect
	// segments are the rules a chain names as its segment.
	segments map[int]bool
	// diceRules are the keys of rules whose distance is "dice".
	diceRules []string
	// tables is the directory of the relation table cache ("": none), and
	// cellsSum the digest of the board's cell attributes (tablecache.go).
	tables   string
	cellsSum []byte
	// late are checks that run once every move rule is compiled (an
	// effect naming a rule).
	late []func()
	// capFeeds are the captures that send their pieces to a zone
	// (readCaptureTo), for the zone flow (zone_flow.go).
	capFeeds []zoneFeed
	// keepHolds receives the zone flow (options.keepHolds; tests only).
	keepHolds *[][]bool
	// markSlots counts the mark_targets effects (each keeps its own list
	// of the pieces targeted before a move).
	markSlots int
}

// topKeys are the keys of the top level of a variant file.
var topKeys = []*Key{
	{Name: "name", Type: TString, Required: true, Doc: "the variant's name, printed by validate and in JSON output"},
	{Name: "title", Type: TString, Doc: "a human title (default: name)"},
	{Name: "extends", Type: TString, Doc: "the base variant: an embedded name or a path"},
	{Name: "replace", Type: TStrings, Doc: "tables of the base that this file replaces whole"},
	{Name: "family", Type: TString, Default: "", Doc: "the game family (mancala, dvonn, strix)"},
	{Name: "source", Type: TString, Default: "", Doc: "the rule text the file follows"},
	{Name: "description", Type: TString, Default: "", Doc: "free text"},
	{Name: "params", Type: TTable, Doc: "parameters: NAME = number, string or boolean, read by every expression"},
	{Name: "param_limits", Type: TTable, Doc: "[param_limits.NAME]: the values a parameter may take (checked for --set and extending files too)"},
	{Name: "players", Type: TTable, Required: true, Doc: "the seats"},
	{Name: "board", Type: TTable, Required: true, Doc: "the board"},
	{Name: "pieces", Type: TTable, Doc: "[pieces.NAME]: the kinds of piece"},
	{Name: "zones", Type: TTable, Doc: "[zones.NAME]: places off the board holding pieces (the hand is built in)"},
	{Name: "piece_state", Type: TTable, Doc: "[piece_state.NAME]: small integer variables every piece carries"},
	{Name: "setup", Type: TTable, Doc: "the starting position"},
	{Name: "turns", Type: TTable, Doc: "turn order, passing, elimination"},
	{Name: "phases", Type: TTable, Doc: "[phases.NAME]: phases and the rules of each"},
	{Name: "moves", Type: TTable, Required: true, Doc: "[moves.NAME]: the move rules"},
	{Name: "effects", Type: TTable, Doc: "[effects.NAME]: effects run after moves"},
	{Name: "chance", Type: TTable, Doc: "[chance.NAME]: random events (dice) played as chance nodes"},
	{Name: "end", Type: TTable, Doc: "[end.NAME]: end conditions"},
	{Name: "scoring", Type: TTable, Doc: "scores and the winner by score"},
	{Name: "fouls", Type: TTable, Doc: "[fouls.NAME]: the foul the engine judges"},
	{Name: "display", Type: TTable, Doc: "drawing hints for the editor"},
}

// Compile checks a merged document and builds its Game. sets are
// "name=value" parameter overrides. Every problem found is returned at once
// as a diag.List. The compile runs within DefaultBudget.
func Compile(doc *spec.Doc, sets ...string) (*Game, error) {
	return compile(doc, Budget{}, sets)
}

func compile(doc *spec.Doc, budget Budget, sets []string) (g *Game, err error) {
	return compileWith(doc, options{budget: budget, sets: sets})
}

// compileWith compiles doc with Load's options (budget, sets, tables).
func compileWith(doc *spec.Doc, o options) (g *Game, err error) {
	budget, sets := o.budget, o.sets
	c := &compiler{r: spec.NewReader(doc), g: &Game{doc: doc}, params: map[string]any{}, failedRegions: map[string]bool{},
		meter: newMeter(budget), tables: o.tables, keepHolds: o.keepHolds}
	defer func() {
		c.meter.done = true
		if x := recover(); x != nil {
			stop, ok := x.(budgetStop)
			if !ok {
				panic(x)
			}
			c.r.ValueErrorf(stop.path, "%s: %v", stop.path, stop.err)
			g, err = nil, c.r.Diags.Err()
		}
	}()
	return c.compile(sets)
}

func (c *compiler) compile(sets []string) (*Game, error) {
	r := c.r
	r.Keys("", keyNames(topKeys))
	g := c.g
	g.name = r.Required("name")
	g.title = r.String("title", g.name)
	g.family = c.readString("", keyOf(topKeys, "family"))
	c.readString("", keyOf(topKeys, "source"))
	c.readString("", keyOf(topKeys, "description"))
	if err := c.compileParams(sets); err != nil {
		return nil, err
	}
	c.renameDeprecatedKeys()
	c.declareChance()
	c.compilePlayers()
	c.compileBoard()
	if g.board == nil || len(g.seats) == 0 {
		return nil, r.Diags.Err()
	}
	c.compilePieces()
	c.compilePieceState()
	g.boxNames()
	c.compileZones()
	g.marksUsed = c.usesMarks()
	c.compileSetup()
	c.compileChance()
	c.checkParamNames()
	c.compileRules()
	for _, f := range c.late {
		f()
	}
	c.compileHandReturn()
	c.finishZones()
	c.linkZoneReset()
	c.followUps = c.compileFollowUps()
	c.segments = c.linkChains()
	c.compilePhases()
	c.linkChance()
	c.compileRounds(c.effects)
	c.compilePriority()
	c.compilePreludes()
	g.tableSeatKeys()
	c.compileEnds()
	c.compileRoyal()
	c.compileRoyalNext()
	c.compileOwnCells()
	c.compileScoring()
	g.tableAwards()
	c.compileFouls()
	c.compileDisplay()
	c.finishTook()
	if err := r.Diags.Err(); err != nil {
		return nil, append(r.Diags, r.Warnings...).Err()
	}
	c.warnUnused()
	c.warnUnreachable()
	c.warnNotationClashes()
	g.warnings = r.Warnings
	g.warnings.Sort()
	g.digest = digestOf(c.r.Doc)
	// A seat that starts without its flagged pieces ([turns]
	// eliminate_without) is out from the start, as it would be after a move;
	// the end conditions hold from the start too.
	if s := g.initial; s != nil && g.rounds != nil {
		g.enterPhase(s, s.Phase()) // rounds.go: the first phase begins
	}
	if s := g.initial; s != nil && g.elimFlag != nil {
		g.eliminateWithout(s)
		if s.Eliminated(s.ToMove()) {
			s.setToMove(g.nextSeat(s, s.ToMove()))
		}
		g.checkEnd(s)
	}
	return g, nil
}

// ---- params -------------------------------------------------------------

func (c *compiler) compileParams(sets []string) error {
	r := c.r
	for _, k := range r.Keys("params", nil) {
		if !validIdent(k) {
			r.Errorf("params."+k, "params: %q is not a valid name (letters, digits and _, not starting with a digit)", k)
			continue
		}
		v, ok := r.Scalar("params." + k)
		if !ok {
			continue
		}
		if n, isInt := v.(int64); isInt {
			v = int(n)
		}
		c.params[k] = v
	}
	limits := c.readParamLimits()
	c.g.paramLimits = limits
	set := map[string]string{}
	for _, kv := range sets {
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("--set %q: want name=value", kv)
		}
		old, known := c.params[name]
		if !known {
			names := sortedKeys(c.params)
			if len(names) == 0 {
				return fmt.Errorf("--set %s: the variant has no parameters", kv)
			}
			if s := diag.Closest(name, names); s != "" {
				return fmt.Errorf("--set %s: unknown parameter %q (did you mean %q?)", kv, name, s)
			}
			return fmt.Errorf("--set %s: unknown parameter %q (known: %s)", kv, name, strings.Join(names, ", "))
		}
		var nv any
		var err error
		switch old.(type) {
		case int:
			var n int
			n, err = strconv.Atoi(val)
			nv = n
		case float64:
			nv, err = strconv.ParseFloat(val, 64)
		case bool:
			nv, err = strconv.ParseBool(val)
		default:
			nv = val
		}
		if err != nil {
			kind := map[string]string{"int": "an integer", "float64": "a number", "bool": "true or false"}[fmt.Sprintf("%T", old)]
			return fmt.Errorf("--set %s: parameter %s takes %s, not %q", kv, name, kind, val)
		}
		c.params[name] = nv
		set[name] = kv
		c.r.Doc.Set("params."+name, toTOML(nv), spec.Origin{File: "--set " + kv, Depth: 1 << 20})
	}
	if err := c.checkParamLimits(limits, set); err != nil {
		return err
	}
	for _, k := range sortedKeys(c.params) {
		c.g.params = append(c.g.params, Param{k, c.params[k]})
	}
	return nil
}

// checkParamNames refuses a parameter named like a variable the
// expressions over a position bind themselves (ply, seat, to, …): such an
// expression would read the variable, never the parameter, and a condition
// judged static at load would take the parameter for it. (A parameter named
// like a function, such as line, stays: an expression over [params] reads
// it, and one over a position that compares a function is refused.)
func (c *compiler) checkParamNames() {
	for _, p := range c.g.params {
		if envOwnNames[p.Name] {
			c.r.Errorf("params."+p.Name, "params.%s: expressions over a position have their own variable %s, which hides the parameter; give it another name", p.Name, p.Name)
		}
	}
}

func toTOML(v any) any {
	if n, ok := v.(int); ok {
		return int64(n)
	}
	return v
}

func validIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, ch := range s {
		if ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (i > 0 && ch >= '0' && ch <= '9') {
			continue
		}
		return false
	}
	return true
}

// ---- expressions ----------------------------------------------------------

// compileExpr compiles the expression at path against env; errors are placed
// at their position inside the expression.
func (c *compiler) compileExpr(path, src string, env map[string]any, opts ...expr.Option) *vm.Program {
	if !c.exprFits(path, src) {
		return nil
	}
	all := append([]expr.Option{expr.Env(env), expr.MaxNodes(2000)}, c.meterOptions()...)
	all = append(all, opts...)
	prog, err := expr.Compile(src, all...)
	if err != nil {
		var fe *file.Error
		if errors.As(err, &fe) {
			msg := fe.Message
			if name, ok := strings.CutPrefix(msg, "unknown name "); ok {
				if h := c.unknownNameHint(name, env); h != "" {
					msg += " " + h
				}
			}
			c.r.ExprErrorf(path, fe.Line, fe.Column, "%s: %s", path, expectMsg(msg))
		} else {
			c.r.ValueErrorf(path, "%s: %s", path, expectMsg(err.Error()))
		}
		return nil
	}
	if !c.checkAttrs(path, src, env) {
		return nil
	}
	c.checkCalls(path, src)
	if _, inScope := env["ply"]; inScope && c.g.readsPly == "" && readsIdent(src, "ply") {
		c.g.readsPly = path
	}
	return prog
}

// exprFits reports whether the expression at path is within the limits on
// its length and nesting, reporting it at its place otherwise.
func (c *compiler) exprFits(path, src string) bool {
	line, col, msg, ok := exprShape(src)
	if !ok {
		c.r.ExprErrorf(path, line, col, "%s: %s", path, msg)
	}
	return ok
}

type callVisitor struct {
	c    *compiler
	path string
	src  []rune
}

func (v *callVisitor) Visit(n *ast.Node) {
	call, ok := (*n).(*ast.CallNode)
	if !ok {
		return
	}
	id, ok := call.Callee.(*ast.IdentifierNode)
	if !ok {
		return
	}
	for _, f := range posFuncs {
		if f.name != id.Value {
			continue
		}
		for i, a := range call.Arguments {
			if lit, isStr := a.(*ast.StringNode); isStr && i < len(f.args) {
				line, col := runePos(v.src, lit.Location().From)
				v.c.checkPosArg(v.path, f.name, f.args[i], lit.Value, line, col)
			}
		}
	}
	if id.Value == "others_could_take" {
		v.c.g.tookUsed = true
	}
	if id.Value == "zone" || id.Value == "zone_of" {
		v.checkZoneCall(call, id.Value == "zone_of")
		return
	}
	if len(call.Arguments) != 1 {
		return
	}
	arg, ok := call.Arguments[0].(*ast.StringNode)
	if !ok {
		return
	}
	g := v.c.g
	line, col := runePos(v.src, arg.Location().From)
	switch id.Value {
	case "stones":
		if g.board == nil {
			return
		}
		if _, ok := resolveRegion(g.board, arg.Value); !ok {
			v.c.r.ExprErrorf(v.path, line, col, "%s: stones: unknown region %q %s", v.path, arg.Value, regionHint(g.board, arg.Value))
		}
	case "pieces":
		if _, ok := g.KindIndex(arg.Value); !ok {
			v.c.r.ExprErrorf(v.path, line, col, "%s: pieces: unknown piece kind %q %s", v.path, arg.Value, g.kindHint(arg.Value))
		}
	}
}

// runePos converts a rune offset into expr's 1-based line and 0-based column.
func runePos(src []rune, off int) (int, int) {
	line, col := 1, 0
	for i := 0; i < off && i < len(src); i++ {
		if src[i] == '\n' {
			line, col = line+1, 0
		} else {
			col++
		}
	}
	return line, col
}

// checkCalls reports helper calls whose literal argument names no region or
// piece kind, at the argument's position.
func (c *compiler) checkCalls(path, src string) {
	tree, err := parser.Parse(src)
	if err != nil {
		return
	}
	ast.Walk(&tree.Node, &callVisitor{c: c, path: path, src: []rune(src)})
}

// compileCond compiles a condition over cell attributes. Attributes are not
// typed, so a condition that is plainly not true-or-false is caught here and
// any other is checked when it runs (see asBool); the program returned does
// not convert its result.
func (c *compiler) compileCond(path, src string, env map[string]any) *vm.Program {
	if c.compileExpr(path, src, env, expr.AsBool()) == nil {
		return nil
	}
	return c.compileExpr(path, src, env)
}

// asBool checks the result of a condition compiled by compileCond.
func asBool(out any) (bool, error) {
	b, ok := out.(bool)
	if !ok {
		return false, fmt.Errorf("want true or false, got %s", valueType(out))
	}
	return b, nil
}

// valueType names the type of an expression's result for a message.
func valueType(v any) string {
	switch v.(type) {
	case int, int64:
		return "an integer"
	case float64:
		return "a float"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case nil:
		return "nothing"
	}
	return fmt.Sprintf("a %T", v)
}

// exprMsg is the message of an expression's run-time error, without the
// source snippet expr appends (it spans several lines; a diagnostic is one).
func exprMsg(err error) string {
	var fe *file.Error
	if errors.As(err, &fe) {
		return fe.Message
	}
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

// flag reads a boolean key that may also be written as an expression over
// [params] (skip_origin = 'skip_start'), so that a reading players differ on
// can be a parameter.
func (c *compiler) flag(path string, def bool) bool {
	v, ok := c.r.Doc.Get(path)
	if !ok {
		return def
	}
	src, isStr := v.(string)
	if !isStr {
		return c.r.Bool(path, def)
	}
	if !c.exprFits(path, src) {
		return def
	}
	prog, err := expr.Compile(src, append(c.meterOptions(), expr.Env(c.params), expr.AsBool())...)
	if err != nil {
		c.r.ValueErrorf(path, "%s: want true or false, or an expression over [params]; got %q (%s)", path, src, exprMsg(err))
		return def
	}
	out, err := expr.Run(prog, c.params)
	if err != nil {
		c.r.ValueErrorf(path, "%s: %s", path, exprMsg(err))
		return def
	}
	return out.(bool)
}

// choice reads a key whose value is one of choices; a value that is not one
// of them but names a string parameter takes that parameter's value.
// A deprecated spelling of a value (deprecatedValues) is read as the new
// one, with a warning at the value that holds it.
func (c *compiler) choice(path, def string, choices ...string) string {
	v, ok := c.r.Doc.Get(path)
	if s, isStr := v.(string); ok && isStr {
		if nv := deprecatedValue(path, s); nv != "" {
			c.r.ValueWarnf(path, "%s: %q is deprecated; write %q (same meaning%s)", path, s, nv, deprecatedNotes[s])
			return nv
		}
		if pv, isParam := c.params[s].(string); isParam {
			if nv := deprecatedValue(path, pv); nv != "" {
				c.r.ValueWarnf("params."+s, "params.%s: %q is deprecated as a value of %s; write %q (same meaning%s)", s, pv, path, nv, deprecatedNotes[pv])
				pv = nv
			}
			for _, ch := range choices {
				if ch == pv {
					return pv
				}
			}
			c.r.ValueErrorf(path, "%s: parameter %s is %q; want one of %s", path, s, pv, strings.Join(choices, ", "))
			return def
		}
	}
	return c.r.OneOf(path, def, choices...)
}

// num reads an integer that may be written as a number or as an expression
// over [params] ('pits * 2').
func (c *compiler) num(path string, def, lo, hi int) int {
	v, ok := c.r.Doc.Get(path)
	if !ok {
		return def
	}
	switch x := v.(type) {
	case int64:
		return c.r.Int(path, def, lo, hi)
	case string:
		prog := c.compileExpr(path, x, c.params, expr.AsInt())
		if prog == nil {
			return def
		}
		out, err := expr.Run(prog, c.params)
		if err != nil {
			c.exprValueErrorf(path, x, "%s: %s", path, exprMsg(err))
			return def
		}
		n := out.(int)
		if n < lo || n > hi {
			c.exprValueErrorf(path, x, "%s: %q is %d, out of range %d..%d", path, x, n, lo, hi)
			return def
		}
		return n
	}
	c.r.ValueErrorf(path, "%s: want an integer or an expression over [params], got %T", path, v)
	return def
}

func (c *compiler) withParams(m map[string]any) map[string]any {
	out := make(map[string]any, len(c.params)+len(m))
	for k, v := range c.params {
		out[k] = v
	}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// ---- players ------------------------------------------------------------

// playersKeys are the keys of [players].
var playersKeys = []*Key{
	{Name: "seats", Type: TStrings, Required: true, Doc: "the seats in turn order, 1 to 8, distinct, each a valid name"},
	{Name: "titles", Type: TStrings, Doc: "display names, one per seat"},
	{Name: "colors", Type: TStrings, Doc: "colour names for the editor, one per seat"},
	&playersCountKey,
	&playersLineupsKey,
}

func (c *compiler) compilePlayers() {
	r := c.r
	r.Keys("players", keyNames(playersKeys))
	if !r.Has("players.seats") {
		r.Errorf("players", "missing required key %q", "players.seats")
		return
	}
	seats := c.readStrings("players", keyOf(playersKeys, "seats"))
	if len(seats) == 0 || len(seats) > MaxSeats {
		r.ValueErrorf("players.seats", "players.seats: want 1 to %d seats, got %d", MaxSeats, len(seats))
		return
	}
	seen := map[string]bool{}
	for i, s := range seats {
		if !validIdent(s) || seen[s] {
			r.ValueErrorf(fmt.Sprintf("players.seats.%d", i), "players.seats: seat %q is a duplicate or not a valid name", s)
			return
		}
		seen[s] = true
	}
	play, idx := c.lineup(seats)
	pick := func(list []string) []string {
		if len(list) != len(seats) || len(play) == len(seats) {
			return list
		}
		var out []string
		for _, i := range idx {
			out = append(out, list[i])
		}
		return out
	}
	c.g.seats = play
	c.declaredSeats, c.pickSeats = len(seats), pick
	c.g.seatColors = c.readStrings("players", keyOf(playersKeys, "colors"))
	if len(c.g.seatColors) != 0 && len(c.g.seatColors) != len(seats) {
		r.ValueErrorf("players.colors", "players.colors: want one colour per seat (%d), got %d", len(seats), len(c.g.seatColors))
	}
	c.g.seatColors = pick(c.g.seatColors)
	c.g.seatTitles = c.readStrings("players", keyOf(playersKeys, "titles"))
	if len(c.g.seatTitles) != 0 && len(c.g.seatTitles) != len(seats) {
		r.ValueErrorf("players.titles", "players.titles: want one title per seat (%d), got %d", len(seats), len(c.g.seatTitles))
	}
	c.g.seatTitles = pick(c.g.seatTitles)
}

// compileDisplay reads [display]: hints for drawing the board, which the
// rules never read: `dark` (a boolean cell attribute shading a cell, e.g. the
// black squares), `marks` (regions drawn marked, e.g. a goal) and
// `shade` (a relation: cells related to an occupied cell are shaded, e.g.
// STRIX shadows; by default the relation of the first rule with exclude).
// displayKeys are the keys of [display].
var displayKeys = []*Key{
	{Name: "dark", Type: TString, Default: "", Doc: "a boolean cell attribute: cells where it is true are shaded"},
	{Name: "marks", Type: TStrings, Doc: "regions drawn marked"},
	{Name: "shade", Type: TString, Doc: "a relation: cells related to an occupied cell are shaded (default: the first rule's exclude)"},
	{Name: "root_face", Type: TString, Doc: "the face a folded board is unfolded about, or that pictures of faces round one corner start from (default: the first)"},
	{Name: "gap_after_rows", Type: TInts, Min: 1, Max: board.MaxCells, Doc: "grid boards: rows after which a gap line is drawn (a river)"},
	{Name: "crosses", Type: TStrings, Doc: "regions drawn with the diagonals of each connected block of their cells (a palace)"},
	&seatMarksKey,
}

var seatMarksKey = Key{Name: "seat_marks", Type: TStrings,
	Doc: "one mark per seat (one character, or \"\" for none) drawn after the glyph of each of its pieces on text boards, so that seats whose pieces share glyphs differ without colour (default: with three seats or more, each seat whose glyphs an earlier seat already uses gets ' then * ~ ^)"}

// defaultSeatMarks are the marks given in turn to the seats whose glyphs
// an earlier seat already uses, when [display] has no seat_marks.
var defaultSeatMarks = []string{"'", "*", "~", "^"}

// compileSeatMarks reads display.seat_marks, or gives a game of three or
// more seats its default marks: each seat (in seat order) whose board
// glyphs meet those of an earlier unmarked seat gets the next default mark
// (three-player chess: White and Red both draw K Q R B N P, so Red's are
// drawn K' Q' …).
func (c *compiler) compileSeatMarks() {
	r := c.r
	g := c.g
	if c.has("display", &seatMarksKey) {
		marks := c.readStrings("display", &seatMarksKey)
		if c.declaredSeats > 0 && len(marks) != c.declaredSeats {
			r.ValueErrorf("display.seat_marks", "display.seat_marks: want one mark per seat (%d), got %d", c.declaredSeats, len(marks))
			return
		}
		for i, m := range marks {
			if utf8.RuneCountInString(m) > 1 || strings.TrimSpace(m) != m {
				r.ValueErrorf(fmt.Sprintf("display.seat_marks.%d", i), "display.seat_marks: a mark is one character that is not a space, or \"\" (got %q)", m)
				return
			}
		}
		if c.pickSeats != nil {
			marks = c.pickSeats(marks)
		}
		g.display.SeatMarks = marks
		return
	}
	if len(g.seats) < 3 {
		return
	}
	marks := make([]string, len(g.seats))
	used := map[string]bool{}
	next := 0
	for seat := range g.seats {
		var glyphs []string
		meets := false
		for _, k := range g.kinds {
			if k.Owner != seat {
				continue
			}
			glyphs = append(glyphs, k.BoardGlyph)
			meets = meets || used[k.BoardGlyph]
		}
		if meets {
			marks[seat] = defaultSeatMarks[next%len(defaultSeatMarks)]
			next++
			continue
		}
		for _, gl := range glyphs {
			used[gl] = true
		}
	}
	if next > 0 {
		g.display.SeatMarks = marks
	}
}

func (c *compiler) compileDisplay() {
	r := c.r
	g := c.g
	r.Keys("display", keyNames(displayKeys))
	g.display.Dark = c.readString("display", keyOf(displayKeys, "dark"))
	if g.display.Dark != "" {
		if _, ok := g.board.Cells[0].Attrs[g.display.Dark]; !ok {
			r.ValueErrorf("display.dark", "display.dark: no cell attribute %q", g.display.Dark)
		}
	}
	for i, m := range c.readStrings("display", keyOf(displayKeys, "marks")) {
		if _, ok := g.regionRefs[m]; !ok {
			r.ValueErrorf(fmt.Sprintf("display.marks.%d", i), "display.marks: unknown region %q", m)
			continue
		}
		g.display.Marks = append(g.display.Marks, m)
	}
	for i, m := range c.readStrings("display", keyOf(displayKeys, "crosses")) {
		if _, ok := g.regionRefs[m]; !ok {
			r.ValueErrorf(fmt.Sprintf("display.crosses.%d", i), "display.crosses: unknown region %q", m)
			continue
		}
		g.display.Crosses = append(g.display.Crosses, m)
	}
	g.display.Shade = c.readString("display", keyOf(displayKeys, "shade"))
	if g.display.Shade == "" {
		if rel := g.firstExclusion(); rel != nil {
			g.display.Shade = rel.Name
		}
	} else if _, ok := g.board.Relation(g.display.Shade); !ok {
		r.ValueErrorf("display.shade", "display.shade: unknown relation %q", g.display.Shade)
		g.display.Shade = ""
	}
	g.display.RootFace = c.readString("display", keyOf(displayKeys, "root_face"))
	g.display.GapAfterRows = c.r.Ints("display.gap_after_rows", 1, board.MaxCells)
	c.compileSeatMarks()
}

// seat reads a key naming a seat. A seat key that is not an owner
// (allowNone false) may also name a string parameter holding the seat
// (turns.first = 'first_player', --set first_player=C).
func (c *compiler) seat(path string, allowNone bool) int {
	s := c.r.String(path, "")
	if allowNone && (s == "" || s == "none") {
		return -1
	}
	if pv, isParam := c.params[s].(string); isParam && !allowNone && !slices.Contains(c.g.seats, s) && !c.absentSeats[s] {
		if c.absentSeats[pv] {
			c.r.ValueErrorf(path, "%s: parameter %s is %q, a seat that does not play with [players] count = %d (seats: %s)",
				path, s, pv, len(c.g.seats), strings.Join(c.g.seats, ", "))
			return -2
		}
		if i := slices.Index(c.g.seats, pv); i >= 0 {
			return i
		}
		c.r.ValueErrorf(path, "%s: parameter %s is %q; want a seat (%s)", path, s, pv, strings.Join(c.g.seats, ", "))
		return -2
	}
	if c.absentSeats[s] {
		if allowNone { // an owner: its kind drops out
			return absentSeat
		}
		c.r.ValueErrorf(path, "%s: seat %q does not play with [players] count = %d", path, s, len(c.g.seats))
		return -2
	}
	for i, x := range c.g.seats {
		if x == s {
			return i
		}
	}
	choices := append([]string(nil), c.g.seats...)
	if allowNone {
		choices = append(choices, "none")
	}
	if sug := diag.Closest(s, choices); sug != "" {
		c.r.ValueErrorf(path, "%s: unknown seat %q (did you mean %q?)", path, s, sug)
	} else {
		c.r.ValueErrorf(path, "%s: unknown seat %q (seats: %s)", path, s, strings.Join(choices, ", "))
	}
	return -2
}

// ---- board --------------------------------------------------------------

// boardCache keeps recently built boards (with their attributes, regions
// and relations, which are the costly part) by the text of everything that
// decides them, so that reloading a variant or compiling its house rules
// does not evaluate the same relations again. Boards are immutable once
// built, so sharing them is safe. The cache is bounded by the boards'
// estimated memory (board.Board.SizeBytes), not only by their number: an
// editor reloading a large board after every edit must not keep one copy
// per edit. The oldest boards go first.
var boardCache struct {
	sync.Mutex
	m     map[[32]byte]*board.Board
	order [][32]byte // insertion order, oldest first
	bytes int64
}

const (
	boardCacheSize = 32
	// boardCacheBytes bounds the cache's boards, together; a board larger
	// than a quarter of it is not cached at all.
	boardCacheBytes = 64 << 20
)

// cacheBoard adds a built board to the cache, evicting the oldest boards
// to stay within boardCacheSize and boardCacheBytes.
func cacheBoard(key [32]byte, b *board.Board) {
	size := b.SizeBytes()
	if size > boardCacheBytes/4 {
		return
	}
	boardCache.Lock()
	defer boardCache.Unlock()
	if boardCache.m == nil {
		boardCache.m = map[[32]byte]*board.Board{}
	}
	if _, ok := boardCache.m[key]; ok {
		return
	}
	for len(boardCache.order) > 0 && (len(boardCache.m) >= boardCacheSize || boardCache.bytes+size > boardCacheBytes) {
		old := boardCache.order[0]
		boardCache.order = boardCache.order[1:]
		if ob, ok := boardCache.m[old]; ok {
			boardCache.bytes -= ob.SizeBytes()
			delete(boardCache.m, old)
		}
	}
	boardCache.m[key] = b
	boardCache.order = append(boardCache.order, key)
	boardCache.bytes += size
}

// boardCacheUse reports the cache's boards and their estimated bytes.
func boardCacheUse() (n int, bytes int64) {
	boardCache.Lock()
	defer boardCache.Unlock()
	return len(boardCache.m), boardCache.bytes
}

func (c *compiler) compileBoard() {
	bt, ok := c.r.Doc.Get("board")
	if !ok {
		c.buildBoard()
		return
	}
	key := sha256.Sum256([]byte(fmt.Sprintf("%#v|%#v|%#v", bt, c.params, c.g.seats)))
	boardCache.Lock()
	cached := boardCache.m[key]
	boardCache.Unlock()
	if cached != nil {
		c.boardKeys() // still report unknown keys
		c.g.board = cached
		c.indexRegions()
		return
	}
	before := len(c.r.Diags)
	c.buildBoard()
	if c.g.board != nil && len(c.r.Diags) == before {
		cacheBoard(key, c.g.board)
	}
}

// boardCommonKeys are the keys every board kind takes.
var boardCommonKeys = []*Key{
	{Name: "kind", Type: TChoice, Required: true, Literal: true, Doc: "the board's topology: one of the registered board kinds"},
	{Name: "attrs", Type: TTable, Doc: "computed cell attributes: NAME = expression over the cell's attributes"},
	{Name: "regions", Type: TTable, Doc: "board-wide regions: NAME = boolean expression over a cell"},
	{Name: "seat_regions", Type: TTable, Doc: "per-seat regions: NAME = boolean expression over a cell and seat"},
	{Name: "relations", Type: TTable, Doc: "relations: NAME = boolean expression over two cells a and b"},
	&boardCircuitsKey,
}

// boardHolesKey is taken by every board kind but pits.
var boardHolesKey = Key{Name: "holes", Type: TStrings,
	Doc: "cells left out of the board: a list of cell names, or a condition over a cell's attributes"}

// boardKeys checks the keys of [board] against its kind and returns the
// kind's entry, or nil.
func (c *compiler) boardKeys() *boardKind {
	// Without a known kind, a key some kind takes is not reported: the
	// kind's own error says what is wrong (a misspelt kind would otherwise
	// also call width and height unknown).
	anyKind := append(keyNames(boardCommonKeys), boardKeyNames()...)
	if !c.r.Has("board.kind") {
		c.r.Keys("board", anyKind)
		return nil
	}
	kind := c.r.OneOf("board.kind", "", boardKindNames()...) // the kinds are the registry's
	bk := lookupBoardKind(kind)
	if bk == nil {
		c.r.Keys("board", anyKind)
		return nil
	}
	c.checkKindKeys("board", "kind", kind, keyNames(boardCommonKeys, bk.keys), boardKeyNames())
	return bk
}

func (c *compiler) buildBoard() {
	r := c.r
	if !r.Has("board") {
		r.Errorf("", "missing required table [board]")
		return
	}
	bk := c.boardKeys()
	if bk == nil {
		if !r.Has("board.kind") {
			r.Errorf("board", "missing required key %q", "board.kind")
		}
		return
	}
	b, errPath, err := bk.build(c)
	if err != nil {
		if errPath == "" {
			r.Errorf("board", "board: %v", err)
		} else {
			r.ValueErrorf(errPath, "%s: %v", errPath, err)
		}
		return
	}
	if b == nil {
		return
	}
	if b.N() == 0 {
		r.Errorf("board", "board: the board has no cells")
		return
	}
	if b = c.holes(b); b == nil {
		return
	}
	c.g.board = b
	c.cellAttrs()
	c.regions()
	c.relations()
	c.circuits()
	c.indexRegions()
}

func (c *compiler) indexRegions() {
	b := c.g.board
	c.g.regionRefs = map[string]regionRef{}
	gl, ps := b.RegionNames()
	for _, name := range append(gl, ps...) {
		if ref, ok := resolveRegion(b, name); ok {
			c.g.regionRefs[name] = ref
		}
	}
}

// cellAttrs evaluates [board.attrs], in written order, on every cell.
func (c *compiler) cellAttrs() {
	b := c.g.board
	for _, name := range c.r.Keys("board.attrs", nil) {
		p := "board.attrs." + name
		src := c.r.String(p, "")
		if src == "" {
			continue
		}
		prog := c.compileExpr(p, src, c.withParams(b.Cells[0].Attrs))
		if prog == nil {
			continue
		}
		fp := fastExpr(src, c.withParams(b.Cells[0].Attrs), 0, fastVar{name: "", recs: c.cellRecs()})
		for i := range b.Cells {
			if fp != nil {
				if v, ok := fp.value(i); ok {
					c.charge(p, sizeOf(v, 0))
					b.Cells[i].Attrs[name] = v
					continue
				}
			}
			out, err := expr.Run(prog, c.withParams(b.Cells[i].Attrs))
			if err != nil {
				c.charge(p, 0) // a spent budget stops here
				c.exprValueErrorf(p, src, "%s: on cell %s: %s", p, b.Cells[i].Name, exprMsg(err))
				break
			}
			c.charge(p, sizeOf(out, 0))
			b.Cells[i].Attrs[name] = out
		}
	}
}

// regions evaluates [board.regions] (board-wide) and [board.seat_regions]
// (per seat, with `seat` bound to the seat index) into cell lists.
func (c *compiler) regions() {
	b := c.g.board
	for _, name := range c.r.Keys("board.regions", nil) {
		p := "board.regions." + name
		cells := c.cellSet(p, nil)
		if cells != nil {
			b.AddRegion(name, cells)
		} else {
			c.failedRegions[name] = true
		}
	}
	for _, name := range c.r.Keys("board.seat_regions", nil) {
		p := "board.seat_regions." + name
		per := make([][]int32, len(c.g.seats))
		ok := true
		for s := range c.g.seats {
			cells := c.cellSet(p, map[string]any{"seat": s, "seat_name": c.g.seats[s]})
			if cells == nil {
				ok = false
				break
			}
			per[s] = cells
		}
		if ok {
			b.AddSeatRegion(name, per)
		} else {
			c.failedRegions[name] = true
		}
	}
}

func (c *compiler) cellSet(p string, extra map[string]any) []int32 {
	b := c.g.board
	src := c.r.String(p, "")
	env := func(i int) map[string]any {
		m := c.withParams(b.Cells[i].Attrs)
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	prog := c.compileCond(p, src, env(0))
	if prog == nil {
		return nil
	}
	cells := []int32{}
	var fp *fastProg
	if !anyAttr(b, extra) { // extra names override the cells' attributes
		fp = fastExpr(src, env(0), 0, fastVar{name: "", recs: c.cellRecs()})
	}
	for i := range b.Cells {
		if fp != nil {
			if in, ok := fp.bool(i); ok {
				if in {
					cells = append(cells, int32(i))
				}
				continue
			}
		}
		out, err := expr.Run(prog, env(i))
		if err != nil {
			c.charge(p, 0)
			c.exprValueErrorf(p, src, "%s: on cell %s: %s", p, b.Cells[i].Name, exprMsg(err))
			return nil
		}
		c.charge(p, 4)
		in, err := asBool(out)
		if err != nil {
			c.r.ValueErrorf(p, "%s: %v (on cell %s)", p, err, b.Cells[i].Name)
			return nil
		}
		if in {
			cells = append(cells, int32(i))
		}
	}
	return cells
}

// anyAttr reports whether a cell of b has an attribute named by a key of m.
func anyAttr(b *board.Board, m map[string]any) bool {
	for k := range m {
		for i := range b.Cells {
			if _, ok := b.Cells[i].Attrs[k]; ok {
				return true
			}
		}
	}
	return false
}

// maxRelationPairs bounds the compile-time work of one relation.
const maxRelationPairs = 4 << 20

// relations evaluates [board.relations] on every ordered pair of cells, once.
// A relation that fails is reported here and stands in as an empty one, so
// that the rules using it do not report it again as unknown.
func (c *compiler) relations() {
	b := c.g.board
	for _, name := range c.r.Keys("board.relations", nil) {
		p := "board.relations." + name
		if rel := c.relation(p, name); rel != nil {
			b.AddRelation(rel)
		} else {
			b.AddRelation(board.NewRelation(name, b.N(), func(int, int) bool { return false }))
		}
	}
}

func (c *compiler) relation(p, name string) *board.Relation {
	b := c.g.board
	src := c.r.String(p, "")
	if b.N()*b.N() > maxRelationPairs {
		c.r.ValueErrorf(p, "%s: a board of %d cells is too large for a pairwise relation (limit %d pairs)", p, b.N(), maxRelationPairs)
		return nil
	}
	env := c.withParams(map[string]any{"a": b.Cells[0].Attrs, "b": b.Cells[0].Attrs})
	// checked as a condition (every diagnostic); the VM's program is
	// compiled only if the table is neither cached nor native
	if c.compileExpr(p, src, env, expr.AsBool()) == nil {
		return nil
	}
	key := c.relationKey(src)
	if key != "" {
		if rel := c.cachedRelation(name, key); rel != nil {
			_, cells := rel.Lists()
			c.charge(p, 4*int64(len(cells))) // the pairs kept, as computing them charges
			return rel
		}
	}
	if fp := fastExpr(src, env, -1, fastVar{name: "a", recs: c.cellRecs()}, fastVar{name: "b", recs: c.cellRecs()}); fp != nil {
		failed, row, at := false, fp, -1
		rel := board.NewRelation(name, b.N(), func(x, y int) bool {
			if x != at {
				row, at = fp.row(x), x
			}
			v, ok := row.bool2(x, y)
			failed = failed || !ok
			if v {
				c.charge(p, 4) // the pair is kept
			} else {
				c.charge(p, 0)
			}
			return v
		})
		if !failed {
			if key != "" {
				c.storeRelation(key, rel)
			}
			return rel
		}
	}
	prog := c.compileExpr(p, src, env)
	if prog == nil {
		return nil
	}
	var runErr error
	var machine vm.VM
	rel := board.NewRelation(name, b.N(), func(x, y int) bool {
		if runErr != nil {
			return false
		}
		env["a"], env["b"] = b.Cells[x].Attrs, b.Cells[y].Attrs
		out, err := machine.Run(prog, env)
		c.charge(p, 0)
		if err != nil {
			runErr = fmt.Errorf("on cells %s, %s: %s", b.Cells[x].Name, b.Cells[y].Name, exprMsg(err))
			return false
		}
		in, err := asBool(out)
		if err != nil {
			runErr = fmt.Errorf("%v (on cells %s, %s)", err, b.Cells[x].Name, b.Cells[y].Name)
		}
		if in {
			c.charge(p, 4) // the pair is kept
		}
		return in
	})
	if runErr != nil {
		c.exprValueErrorf(p, src, "%s: %v", p, runErr)
		return nil
	}
	return rel
}

// regionRef resolves a region name used by a rule: a per-seat region (the
// mover's, or every seat's) or a board-wide one.
type regionRef struct {
	name    string
	perSeat bool
	cells   [][]int32 // per seat, or one list for a board-wide region
}

func (c *compiler) region(path string, def string) (regionRef, bool) {
	name := c.r.String(path, def)
	if name == "" {
		return regionRef{}, false
	}
	return c.regionNamed(path, name)
}

// regionNamed resolves a region name, reporting an unknown one at path.
func (c *compiler) regionNamed(path, name string) (regionRef, bool) {
	b := c.g.board
	if c.failedRegions[name] {
		return regionRef{}, false // reported where it is declared
	}
	if ref, ok := resolveRegion(b, name); ok {
		return ref, true
	}
	c.r.ValueErrorf(path, "%s: unknown region %q %s", path, name, regionHint(b, name))
	return regionRef{}, false
}

// regionHint is the parenthesis that follows "unknown region NAME": a
// region of a similar name, the regions there are, or, on a board without
// any, where to declare one.
func regionHint(b *board.Board, name string) string {
	g, ps := b.RegionNames()
	all := append(g, ps...)
	if s := diag.Closest(name, all); s != "" {
		return fmt.Sprintf("(did you mean %q?)", s)
	}
	if len(all) == 0 {
		return fmt.Sprintf("(this board has no regions: declare one in [board.regions], e.g. %s = 'true' for every cell; see docs/variant-format.md)", name)
	}
	return fmt.Sprintf("(regions: %s; declare another in [board.regions])", strings.Join(all, ", "))
}

// resolveRegion looks a region up by name, per-seat regions first, and
// keeps its cell lists so that rules never look it up again.
func resolveRegion(b *board.Board, name string) (regionRef, bool) {
	if _, ok := b.SeatRegion(name, 0); ok {
		ref := regionRef{name: name, perSeat: true}
		for seat := 0; ; seat++ {
			cells, ok := b.SeatRegion(name, seat)
			if !ok {
				break
			}
			ref.cells = append(ref.cells, cells)
		}
		return ref, true
	}
	if cells, ok := b.Region(name); ok {
		return regionRef{name: name, cells: [][]int32{cells}}, true
	}
	return regionRef{}, false
}

func (g *Game) cells(ref regionRef, seat int) []int32 {
	if ref.perSeat {
		if seat < len(ref.cells) {
			return ref.cells[seat]
		}
		return nil
	}
	if len(ref.cells) == 0 {
		return nil
	}
	return ref.cells[0]
}
