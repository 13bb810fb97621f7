package spec

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"rulesmith/core/diag"
)

// Reader reads typed values out of a Doc, recording a positioned diagnostic
// for every problem instead of stopping at the first, so a designer sees all
// of a file's problems at once.
type Reader struct {
	Doc   *Doc
	Diags diag.List
	// Warnings are the problems that do not stop the file from loading
	// (deprecated spellings).
	Warnings diag.List
}

// NewReader returns a Reader over doc.
func NewReader(doc *Doc) *Reader { return &Reader{Doc: doc} }

// At returns a diagnostic placed at the key of path.
func (r *Reader) At(p string, format string, args ...any) diag.Diagnostic {
	o := r.Doc.Origin(p)
	return diag.Diagnostic{File: o.File, Line: o.Pos.Line, Col: o.Pos.Col, Msg: fmt.Sprintf(format, args...), Source: o.Line}
}

// Errorf records a problem placed at the key of path.
func (r *Reader) Errorf(p string, format string, args ...any) {
	r.Diags = append(r.Diags, r.At(p, format, args...))
}

// ValueErrorf records a problem placed at the value of path.
func (r *Reader) ValueErrorf(p string, format string, args ...any) {
	r.Diags = append(r.Diags, r.atValue(p, format, args...))
}

// atValue returns a diagnostic placed at the value of path.
func (r *Reader) atValue(p string, format string, args ...any) diag.Diagnostic {
	o := r.Doc.Origin(p)
	line, col := o.Pos.ValLine, o.Pos.ValCol
	if line == 0 {
		line, col = o.Pos.Line, o.Pos.Col
	}
	return diag.Diagnostic{File: o.File, Line: line, Col: col,
		Msg: fmt.Sprintf(format, args...), Source: lineOf(r.Doc.lines[o.File], line)}
}

// Warnf records a warning placed at the key of path.
func (r *Reader) Warnf(p string, format string, args ...any) {
	d := r.At(p, format, args...)
	d.Warning = true
	r.Warnings = append(r.Warnings, d)
}

// ValueWarnf records a warning placed at the value of path.
func (r *Reader) ValueWarnf(p string, format string, args ...any) {
	d := r.atValue(p, format, args...)
	d.Warning = true
	r.Warnings = append(r.Warnings, d)
}

// ExprErrorf records a problem inside the string value at path, at the
// expression's own line and column (1-based line, 0-based column as expr
// reports them).
func (r *Reader) ExprErrorf(p string, eline, ecol int, format string, args ...any) {
	o := r.Doc.Origin(p)
	line, col := o.Pos.ContentLine, o.Pos.ContentCol
	if line == 0 {
		r.ValueErrorf(p, format, args...)
		return
	}
	if l, c, ok := r.exprPos(p, o, eline, ecol); ok {
		line, col = l, c
	} else if eline <= 1 {
		col += ecol
	} else {
		line += eline - 1
		col = ecol + 1
	}
	r.Diags = append(r.Diags, diag.Diagnostic{File: o.File, Line: line, Col: col,
		Msg: fmt.Sprintf(format, args...), Source: lineOf(r.Doc.lines[o.File], line)})
}

// blank reports whether rs holds only spaces and tabs; it stops at the
// first other rune.
func blank(rs []rune) bool {
	for _, r := range rs {
		if r != ' ' && r != '\t' {
			return false
		}
	}
	return true
}

// exprPos maps a place inside the string value at p, given as expr gives it
// (1-based line, 0-based column, counted in runes of the decoded string), to
// a line and column of the file, stepping over the escape sequences and
// line-ending backslashes of a "basic" string.
func (r *Reader) exprPos(p string, o Origin, eline, ecol int) (int, int, bool) {
	v, _ := r.Doc.Get(p)
	src, isStr := v.(string)
	lines := r.Doc.lines[o.File]
	if !isStr || o.Pos.ValLine < 1 || o.Pos.ValLine > len(lines) {
		return 0, 0, false
	}
	// The offset, in runes of the decoded string.
	target, l, c := 0, 1, 0
	for _, ch := range src {
		if l > eline || (l == eline && c >= ecol) {
			break
		}
		if ch == '\n' {
			l, c = l+1, 0
		} else {
			c++
		}
		target++
	}
	first := []rune(lines[o.Pos.ValLine-1])
	if o.Pos.ValCol < 1 || o.Pos.ValCol > len(first) {
		return 0, 0, false
	}
	basic := first[o.Pos.ValCol-1] == '"'
	line, col := o.Pos.ContentLine, o.Pos.ContentCol
	// Each line is converted to runes once: the walk is linear in the
	// length of the string.
	var raw []rune
	rawLine := 0
	for n := 0; n < target; {
		if line < 1 || line > len(lines) {
			return 0, 0, false
		}
		if line != rawLine {
			raw, rawLine = []rune(lines[line-1]), line
		}
		if col > len(raw) { // the newline that ends the line
			line, col, n = line+1, 1, n+1
			continue
		}
		if !basic || raw[col-1] != '\\' {
			col, n = col+1, n+1
			continue
		}
		rest := raw[col:]
		if blank(rest) {
			// A line-ending backslash: the newline and the blanks
			// after it are not part of the string.
			for line, col = line+1, 1; line <= len(lines); line++ {
				t := lines[line-1]
				i := 0
				for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
					i++
				}
				if i < len(t) {
					col = i + 1 // blanks are one byte each
					break
				}
			}
			continue
		}
		w := 2
		switch rest[0] {
		case 'x':
			w = 4
		case 'u':
			w = 6
		case 'U':
			w = 10
		}
		col, n = col+w, n+1
	}
	return line, col, true
}

// Has reports whether path is set.
func (r *Reader) Has(p string) bool {
	_, ok := r.Doc.Get(p)
	return ok
}

// Keys returns the child keys of the table at path in written order and
// reports every key not in allowed as unknown, suggesting the closest one.
// A nil allowed list accepts any key. A value at path that is not a table is
// reported too.
func (r *Reader) Keys(p string, allowed []string) []string {
	v, ok := r.Doc.Get(p)
	if p == "" {
		v, ok = r.Doc.Root, true
	}
	if !ok {
		return nil
	}
	if _, isTable := v.(map[string]any); !isTable {
		r.ValueErrorf(p, "%s: want a table, got %s", p, typeName(v))
		return nil
	}
	keys := r.Doc.Children(p)
	if allowed == nil {
		return keys
	}
	var good []string
	for _, k := range keys {
		if contains(allowed, k) {
			good = append(good, k)
			continue
		}
		where := "at the top level"
		if p != "" {
			where = "in [" + p + "]"
		}
		if s := diag.Closest(k, allowed); s != "" {
			r.Errorf(join(p, k), "unknown key %q %s (did you mean %q?)", k, where, s)
		} else {
			r.Errorf(join(p, k), "unknown key %q %s (known: %s)", k, where, strings.Join(sorted(allowed), ", "))
		}
	}
	return good
}

// sorted returns the names in order, each once (a table's allowed keys may
// be the union of several primitives' keys, which share some).
func sorted(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return slices.Compact(c)
}

func contains(s []string, k string) bool {
	for _, x := range s {
		if x == k {
			return true
		}
	}
	return false
}

// String reads a string, or def when the key is absent.
func (r *Reader) String(p, def string) string {
	v, ok := r.Doc.Get(p)
	if !ok {
		return def
	}
	s, ok := v.(string)
	if !ok {
		r.ValueErrorf(p, "%s: want a string, got %s", p, typeName(v))
		return def
	}
	return s
}

// Required reads a string that must be present and non-empty; where is the
// path reported when it is absent.
func (r *Reader) Required(p string) string {
	if !r.Has(p) {
		parent := p
		if i := strings.LastIndexByte(p, '.'); i >= 0 {
			parent = p[:i]
		} else {
			parent = ""
		}
		r.Errorf(parent, "missing required key %q", p)
		return ""
	}
	s := r.String(p, "")
	if s == "" && r.Has(p) {
		if _, isStr := mustGet(r.Doc, p).(string); isStr {
			r.ValueErrorf(p, "%s: must not be empty", p)
		}
	}
	return s
}

func mustGet(d *Doc, p string) any { v, _ := d.Get(p); return v }

// OneOf reads a string that must be one of choices.
func (r *Reader) OneOf(p, def string, choices ...string) string {
	s := r.String(p, def)
	if !r.Has(p) || contains(choices, s) {
		return s
	}
	if c := diag.Closest(s, choices); c != "" {
		r.ValueErrorf(p, "%s: unknown value %q (did you mean %q?)", p, s, c)
	} else {
		r.ValueErrorf(p, "%s: unknown value %q (want one of %s)", p, s, strings.Join(choices, ", "))
	}
	return def
}

// Bool reads a boolean.
func (r *Reader) Bool(p string, def bool) bool {
	v, ok := r.Doc.Get(p)
	if !ok {
		return def
	}
	b, ok := v.(bool)
	if !ok {
		r.ValueErrorf(p, "%s: want true or false, got %s", p, typeName(v))
		return def
	}
	return b
}

// Int reads an integer within [lo, hi].
func (r *Reader) Int(p string, def, lo, hi int) int {
	v, ok := r.Doc.Get(p)
	if !ok {
		return def
	}
	n, ok := v.(int64)
	if !ok {
		r.ValueErrorf(p, "%s: want an integer, got %s", p, typeName(v))
		return def
	}
	if n < int64(lo) || n > int64(hi) {
		r.ValueErrorf(p, "%s: %d is out of range %d..%d", p, n, lo, hi)
		return def
	}
	return int(n)
}

// Strings reads a string or an array of strings.
func (r *Reader) Strings(p string) []string {
	v, ok := r.Doc.Get(p)
	if !ok {
		return nil
	}
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		out := make([]string, 0, len(x))
		for i, e := range x {
			s, ok := e.(string)
			if !ok {
				r.ValueErrorf(fmt.Sprintf("%s.%d", p, i), "%s: element %d: want a string, got %s", p, i+1, typeName(e))
				continue
			}
			out = append(out, s)
		}
		return out
	}
	r.ValueErrorf(p, "%s: want a string or an array of strings, got %s", p, typeName(v))
	return nil
}

// Ints reads an array of integers.
func (r *Reader) Ints(p string, lo, hi int) []int {
	v, ok := r.Doc.Get(p)
	if !ok {
		return nil
	}
	arr, ok := v.([]any)
	if !ok {
		r.ValueErrorf(p, "%s: want an array of integers, got %s", p, typeName(v))
		return nil
	}
	out := make([]int, 0, len(arr))
	for i, e := range arr {
		n, ok := e.(int64)
		if !ok {
			r.ValueErrorf(fmt.Sprintf("%s.%d", p, i), "%s: element %d: want an integer in %d..%d, got %s", p, i+1, lo, hi, typeName(e))
			continue
		}
		if n < int64(lo) || n > int64(hi) {
			r.ValueErrorf(fmt.Sprintf("%s.%d", p, i), "%s: element %d: %d is out of range %d..%d", p, i+1, n, lo, hi)
			continue
		}
		out = append(out, int(n))
	}
	return out
}

// Scalar reads a number, string or boolean, as int64, float64, string or
// bool; anything else is reported.
func (r *Reader) Scalar(p string) (any, bool) {
	v, ok := r.Doc.Get(p)
	if !ok {
		return nil, false
	}
	switch x := v.(type) {
	case int64, string, bool:
		return x, true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			r.ValueErrorf(p, "%s: want a finite number", p)
			return nil, false
		}
		return x, true
	}
	r.ValueErrorf(p, "%s: want a number, string or boolean, got %s", p, typeName(v))
	return nil, false
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	case nil:
		return "nothing"
	}
	return fmt.Sprintf("%T", v)
}
