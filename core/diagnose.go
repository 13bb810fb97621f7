package core

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"rulesmith/core/diag"
)

// Diagnostics that teach: the helpers that turn what expr says into a
// message naming the bad name, a name it may have meant and the fix.

// kindHint is the parenthesis that follows "unknown piece kind NAME".
func (g *Game) kindHint(name string) string {
	var known []string
	for _, k := range g.kinds {
		known = append(known, k.Name)
	}
	if s := diag.Closest(name, known); s != "" {
		return fmt.Sprintf("(did you mean %q?)", s)
	}
	if len(known) == 0 {
		return "(this variant declares no [pieces.KIND])"
	}
	return fmt.Sprintf("(kinds: %s)", strings.Join(known, ", "))
}

// unknownNameHint is the parenthesis that follows expr's "unknown name
// NAME": a cell name written without quotes, or a name of env it may have
// meant.
func (c *compiler) unknownNameHint(name string, env map[string]any) string {
	if b := c.g.board; b != nil {
		if _, ok := b.Index(name); ok {
			cellVar := ""
			for _, v := range []string{"to", "from", "a", "b"} {
				if c.isCellVar(env, v) {
					cellVar = v
					break
				}
			}
			if cellVar != "" {
				return fmt.Sprintf("(%s is a cell: write it in quotes, e.g. %s.name == %q)", name, cellVar, name)
			}
			return fmt.Sprintf("(%s is a cell: write it in quotes, %q)", name, name)
		}
	}
	var known []string
	for k := range env {
		known = append(known, k)
	}
	sort.Strings(known)
	if s := diag.Closest(name, known); s != "" {
		return fmt.Sprintf("(did you mean %s?)", s)
	}
	return ""
}

// typeWords names an expr type for a message: "int" is "an integer".
func typeWords(t string) string {
	switch t {
	case "int", "int64", "float64", "float":
		if strings.HasPrefix(t, "int") {
			return "an integer"
		}
		return "a number with a fraction"
	case "bool":
		return "true or false"
	case "string":
		return "a string"
	case "interface {}", "unknown":
		return "a value of unknown type"
	}
	if strings.HasPrefix(t, "map[") {
		return "a cell (its attributes), not one of its values"
	}
	if strings.HasPrefix(t, "[]") {
		return "a list"
	}
	if strings.HasPrefix(t, "func") {
		return "a function (call it with parentheses)"
	}
	return t
}

// expectMsg rewrites expr's "expected bool, but got int" as "want true or
// false, got an integer"; other messages are returned as they are.
func expectMsg(msg string) string {
	rest, ok := strings.CutPrefix(msg, "expected ")
	if !ok {
		return msg
	}
	want, got, ok := strings.Cut(rest, ", but got ")
	if !ok {
		return msg
	}
	return fmt.Sprintf("want %s, got %s", typeWords(want), typeWords(got))
}

// isCellVar reports whether env[name] is a cell's attribute map (the
// variables a and b of a relation, from and to of a when).
func (c *compiler) isCellVar(env map[string]any, name string) bool {
	b := c.g.board
	if b == nil || len(b.Cells) == 0 {
		return false
	}
	m, ok := env[name].(map[string]any)
	return ok && reflect.ValueOf(m).Pointer() == reflect.ValueOf(b.Cells[0].Attrs).Pointer()
}

// cellAttrNames returns the attributes any cell of the board has, sorted.
func (c *compiler) cellAttrNames() []string {
	// cached: attributes are only ever added, so the board and the number
	// of (cell, attribute) entries tell whether the names changed
	total := 0
	for _, cl := range c.g.board.Cells {
		total += len(cl.Attrs)
	}
	if a := &c.attrNames; a.board == c.g.board && a.total == total {
		return a.names
	}
	var names []string
	seen := map[string]bool{}
	for _, cl := range c.g.board.Cells {
		for k := range cl.Attrs {
			if !seen[k] {
				seen[k] = true
				names = append(names, k)
			}
		}
	}
	sort.Strings(names)
	c.attrNames.board, c.attrNames.total, c.attrNames.names = c.g.board, total, names
	return names
}

// checkAttrs reports every attribute of a cell variable (a.index, to.row)
// that no cell of the board has, at its place in the expression; expr
// cannot, since attributes are a map. It reports whether all were known.
func (c *compiler) checkAttrs(path, src string, env map[string]any) bool {
	var vars []string
	for _, v := range []string{"a", "b", "from", "to", "cell"} {
		if c.isCellVar(env, v) {
			vars = append(vars, v)
		}
	}
	if len(vars) == 0 {
		return true
	}
	tree, err := parser.Parse(src)
	if err != nil {
		return true
	}
	v := &attrVisitor{c: c, path: path, src: []rune(src), vars: vars, ok: true}
	ast.Walk(&tree.Node, v)
	return v.ok
}

type attrVisitor struct {
	c    *compiler
	path string
	src  []rune
	vars []string
	ok   bool
}

func (v *attrVisitor) Visit(n *ast.Node) {
	m, ok := (*n).(*ast.MemberNode)
	if !ok {
		return
	}
	id, ok := m.Node.(*ast.IdentifierNode)
	if !ok {
		return
	}
	prop, ok := m.Property.(*ast.StringNode)
	if !ok {
		return
	}
	isVar := false
	for _, name := range v.vars {
		isVar = isVar || name == id.Value
	}
	if !isVar {
		return
	}
	attrs := v.c.cellAttrNames()
	for _, a := range attrs {
		if a == prop.Value {
			return
		}
	}
	v.ok = false
	line, col := runePos(v.src, prop.Location().From)
	hint := fmt.Sprintf("cells have %s; add an attribute in [board.attrs]", strings.Join(attrs, ", "))
	if s := diag.Closest(prop.Value, attrs); s != "" {
		hint = fmt.Sprintf("did you mean %s.%s?", id.Value, s)
	}
	v.c.r.ExprErrorf(v.path, line, col, "%s: no cell has an attribute %q (%s)", v.path, prop.Value, hint)
}

// kindFields are the fields of a kind as a pair condition (take_if,
// match_if) sees it.
var kindFields = []string{"name", "glyph", "owner", "flags"}

// checkFields reports every field of a map variable of vars (mover.flag
// for mover.flags) that fields lacks, at its place in the expression: expr
// cannot, since the variable is a map, and would read nil, so that a
// misspelt field silently made the condition false. It reports whether
// all were known.
func (c *compiler) checkFields(path, src string, vars, fields []string) bool {
	tree, err := parser.Parse(src)
	if err != nil {
		return true
	}
	v := &fieldVisitor{c: c, path: path, src: []rune(src), vars: vars, fields: fields, ok: true}
	ast.Walk(&tree.Node, v)
	return v.ok
}

type fieldVisitor struct {
	c            *compiler
	path         string
	src          []rune
	vars, fields []string
	ok           bool
}

func (v *fieldVisitor) Visit(n *ast.Node) {
	m, ok := (*n).(*ast.MemberNode)
	if !ok {
		return
	}
	id, ok := m.Node.(*ast.IdentifierNode)
	if !ok || !slices.Contains(v.vars, id.Value) {
		return
	}
	prop, ok := m.Property.(*ast.StringNode)
	if !ok || slices.Contains(v.fields, prop.Value) {
		return
	}
	v.ok = false
	line, col := runePos(v.src, prop.Location().From)
	hint := fmt.Sprintf("%s has %s", id.Value, strings.Join(v.fields, ", "))
	if s := diag.Closest(prop.Value, v.fields); s != "" {
		hint = fmt.Sprintf("did you mean %s.%s?", id.Value, s)
	}
	v.c.r.ExprErrorf(v.path, line, col, "%s: %s has no field %q (%s)", v.path, id.Value, prop.Value, hint)
}

// overridingParam returns a parameter that the expression src at path
// reads and that a later file of the extends chain (or --set) sets than
// the file that holds path: the override a problem of the inherited
// expression is the fault of.
func (c *compiler) overridingParam(path, src string) (string, bool) {
	tree, err := parser.Parse(src)
	if err != nil {
		return "", false
	}
	v := &identVisitor{names: map[string]bool{}}
	ast.Walk(&tree.Node, v)
	var names []string
	for name := range v.names {
		if _, ok := c.params[name]; ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	at := c.r.Doc.Origin(path)
	for _, name := range names {
		if o := c.r.Doc.Origin("params." + name); o.File != at.File && o.Depth > at.Depth {
			return name, true
		}
	}
	return "", false
}

// exprValueErrorf reports a problem met evaluating the expression src at
// path. When path is inherited and the problem comes from a parameter a
// later file overrides, it is placed at that override, naming the inherited
// key and where it is.
func (c *compiler) exprValueErrorf(path, src, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if name, ok := c.overridingParam(path, src); ok {
		o := c.r.Doc.Origin(path)
		line, col := o.Pos.ValLine, o.Pos.ValCol
		if line == 0 {
			line, col = o.Pos.Line, o.Pos.Col
		}
		c.r.ValueErrorf("params."+name, "params.%s = %v breaks %s, inherited from %s:%d:%d (change the value, or override %s too): %s",
			name, c.params[name], path, o.File, line, col, path, msg)
		return
	}
	c.r.ValueErrorf(path, "%s", msg)
}

// warnUnused warns of what a variant declares and nothing uses: a move rule
// in no phase, a parameter no expression or key reads, a region or relation
// no key or expression names (the last three only when the loaded file or
// --set writes them). A name counts as used when it appears as a
// word in any string value outside its own declaration, so a use the
// warning misses makes it stay silent rather than cry wolf.
func (c *compiler) warnUnused() {
	g, r := c.g, c.r
	inPhase := make([]bool, len(g.rules))
	for _, ph := range g.phases {
		for _, i := range ph.rules {
			inPhase[i] = true
		}
		if ph.prelude != nil {
			inPhase[ph.prelude.index] = true
		}
	}
	// a rule another rule continues with (then = NAME) is played as part
	// of that rule's move
	for _, ru := range g.rules {
		if v, ok := r.Doc.Get("moves." + ru.base().name + ".then"); ok {
			for i, other := range g.rules {
				if other.base().name == v {
					inPhase[i] = true
				}
			}
		}
	}
	// a chain's segment rule is played inside the chain
	for i, ru := range g.rules {
		if ch, ok := ru.(*chainRule); ok && inPhase[i] && ch.seg != nil {
			inPhase[ch.segIdx] = true
		}
	}
	for i, ru := range g.rules {
		if !inPhase[i] {
			name := ru.base().name
			r.Warnf("moves."+name, "moves.%s is in no phase, so it is never played (list it in a [phases.NAME] moves, or delete it)", name)
		}
	}
	flat := r.Doc.Flatten()
	words := map[string]map[string]bool{} // word → the keys whose strings hold it
	for p, v := range flat {
		for _, s := range stringsOf(v) {
			for _, w := range identWords(s) {
				if words[w] == nil {
					words[w] = map[string]bool{}
				}
				words[w][p] = true
			}
		}
	}
	// a [setup.pieces] or [setup.stones] key may name a region: its name
	// is a use
	for _, t := range []string{"setup.pieces", "setup.stones"} {
		for _, name := range r.Doc.Children(t) {
			if words[name] == nil {
				words[name] = map[string]bool{}
			}
			words[name][t+"."+name] = true
		}
	}
	// Only what the loaded file (or --set) writes is its designer's to
	// fix: a base's declaration that a derived file's replacement leaves
	// unused is not reported against every file that extends it.
	top := len(r.Doc.Files) - 1
	usedOutside := func(name, decl string) bool {
		if r.Doc.Origin(decl).Depth < top {
			return true
		}
		if w := identWords(name); len(w) != 1 || w[0] != name {
			for p, v := range flat {
				for _, s := range stringsOf(v) {
					if p != decl && strings.Contains(s, name) {
						return true
					}
				}
			}
			return false
		}
		for p := range words[name] {
			if p != decl {
				return true
			}
		}
		return false
	}
	for _, p := range g.params {
		if !usedOutside(p.Name, "params."+p.Name) {
			r.Warnf("params."+p.Name, "params.%s is read by no expression or key, so changing it changes nothing (use it, or delete it)", p.Name)
		}
	}
	for _, table := range []string{"board.regions", "board.seat_regions"} {
		for _, name := range r.Doc.Children(table) {
			if !usedOutside(name, table+"."+name) {
				r.Warnf(table+"."+name, "%s.%s is used by no rule, end or expression (use it, or delete it)", table, name)
			}
		}
	}
	for _, name := range r.Doc.Children("board.relations") {
		if !usedOutside(name, "board.relations."+name) {
			r.Warnf("board.relations."+name, "board.relations.%s is used by no rule, end or expression (use it, or delete it)", name)
		}
	}
}

// stringsOf returns the strings of a TOML value: itself, or an array's.
func stringsOf(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, stringsOf(e)...)
		}
		return out
	case []map[string]any:
		var out []string
		for _, m := range x {
			for _, e := range m {
				out = append(out, stringsOf(e)...)
			}
		}
		return out
	case map[string]any:
		var out []string
		for _, e := range x {
			out = append(out, stringsOf(e)...)
		}
		return out
	}
	return nil
}

// identWords splits s into its words: runs of letters, digits and _.
func identWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
}

// warnUnreachable warns of a phase no play can reach (not the first, and
// no reachable phase's next names it) and of an end condition that can
// never hold (an expr end reading only parameters, false for their values).
func (c *compiler) warnUnreachable() {
	g, r := c.g, c.r
	if len(g.phases) > 1 && len(r.Doc.Children("phases")) > 0 {
		start := 0
		if g.initial != nil {
			start = g.initial.Phase()
		}
		seen := make([]bool, len(g.phases))
		for i := start; i >= 0 && i < len(g.phases) && !seen[i]; i = g.phases[i].next {
			seen[i] = true
		}
		for i, ph := range g.phases {
			if !seen[i] {
				r.Warnf("phases."+ph.name, "phases.%s cannot be reached: it is not the first phase and no phase before it names it as next (add next = %q to the phase it follows)", ph.name, ph.name)
			}
		}
	}
	for _, name := range r.Doc.Children("end") {
		p := "end." + name
		if typ, _ := r.Doc.Get(p + ".type"); typ != "expr" {
			continue
		}
		v, _ := r.Doc.Get(p + ".when")
		src, ok := v.(string)
		if !ok {
			continue
		}
		tree, err := parser.Parse(src)
		if err != nil {
			continue
		}
		iv := &identVisitor{names: map[string]bool{}}
		ast.Walk(&tree.Node, iv)
		if !c.staticNames(iv.names) || iv.names["from"] || iv.names["to"] {
			continue
		}
		prog, err := expr.Compile(src, append(c.meterOptions(), expr.Env(c.params), expr.AsBool())...)
		if err != nil {
			continue
		}
		if out, err := expr.Run(prog, c.params); err == nil && out == false {
			r.ValueWarnf(p+".when", "%s.when can never hold: it reads only parameters, and is false for their values", p)
		}
	}
}
