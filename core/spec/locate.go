package spec

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Pos is where a key and its value stand in a TOML source. Lines and columns
// are 1-based; columns count characters (runes), not bytes.
//
// For a table header ([a.b] or [[x]]) and for a table that exists only
// because of a longer key (the "a" of [a.b] or of a.b = 1), there is no value
// of its own: the value and content fields then repeat the key position.
type Pos struct {
	// Line and Col locate the key's first character (the opening quote of
	// a quoted key; the first segment of a dotted key; for an array
	// element, the element itself).
	Line, Col int
	// ValLine and ValCol locate the value's first character (the opening
	// quote for strings, the bracket or brace for arrays and inline tables).
	ValLine, ValCol int
	// ValOffset is the byte offset of the value's first character.
	ValOffset int
	// ContentLine and ContentCol locate, for string values, the first
	// character of the string's content: after the opening quote(s), or,
	// for a multi-line string whose opening delimiter is immediately
	// followed by a newline, the start of the next line. An offset reported
	// inside the string thus maps back to the file. For other values they
	// equal ValLine and ValCol.
	ContentLine, ContentCol int
}

// Locate scans TOML source and returns the position of every key path it can
// find, keyed by the path segments joined with "." (segments are the unquoted
// key names; array elements and array-of-tables entries are numbered from 0,
// as in "x.0.k"). It never fails: text it cannot understand is skipped (the
// real parser reports syntax errors). When a path occurs twice, the first
// explicit occurrence wins.
func Locate(src []byte) map[string]Pos {
	s := &locScanner{
		src:      src,
		out:      map[string]Pos{},
		implicit: map[string]bool{},
		aot:      map[string]int{},
		budget:   locBudgetFactor*len(src) + locBudgetBase,
	}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		s.base = 3 // a byte-order mark takes no column
	}
	s.i = s.base
	s.cOff, s.cLine, s.cCol = s.base, 1, 1
	s.run()
	return s.out
}

// The bytes of paths Locate builds are limited to
// locBudgetFactor*len(src) + locBudgetBase; real files need a few times their
// size.
const (
	locBudgetFactor = 32
	locBudgetBase   = 1 << 20
)

// locMaxDepth bounds the nesting of arrays and inline tables followed.
const locMaxDepth = 256

type locScanner struct {
	src      []byte
	i        int             // scan offset
	base     int             // offset of the first character (after a BOM)
	out      map[string]Pos  // the result
	implicit map[string]bool // paths recorded only as prefixes of longer keys
	aot      map[string]int  // arrays of tables: resolved path → entries so far

	spent, budget int  // bytes of paths built so far, and the limit
	stopped       bool // the budget is spent

	// Cache of the last offset converted to a line and column, so that
	// conversions (which come in increasing order) cost linear time overall.
	cOff, cLine, cCol int
}

// locPt is a point in the source.
type locPt struct{ off, line, col int }

// locSeg is one segment of a key: its unquoted name and where it starts.
type locSeg struct {
	name string
	off  int
}

// join appends a segment to a path. Internally every segment, the first
// included, is preceded by a dot, so that the root ("") differs from a
// path made of one empty key (".").
//
// Paths repeat their prefixes, so a hostile file (a long table name followed
// by many keys, or a key with thousands of dots) could make them far larger
// than the file. join charges every path built to a budget proportional to
// the file's size; once it is spent, scanning stops and nothing more is
// recorded.
func (s *locScanner) join(prefix, k string) string {
	p := prefix + "." + k
	s.spent += len(p)
	if s.spent > s.budget {
		s.stopped = true
		s.i = len(s.src)
	}
	return p
}

// pt converts a byte offset to a point. A column counts every byte that is
// not a UTF-8 continuation byte, which is the rune count for valid UTF-8.
func (s *locScanner) pt(off int) locPt {
	if off > len(s.src) {
		off = len(s.src)
	}
	if off < s.cOff {
		s.cOff, s.cLine, s.cCol = s.base, 1, 1
	}
	for j := s.cOff; j < off; j++ {
		b := s.src[j]
		if b == '\n' {
			s.cLine++
			s.cCol = 1
		} else if b&0xC0 != 0x80 {
			s.cCol++
		}
	}
	s.cOff = off
	return locPt{off: off, line: s.cLine, col: s.cCol}
}

// record stores an explicit position for path unless one is known already.
func (s *locScanner) record(path string, key, val, content locPt) {
	if s.stopped {
		return
	}
	path = path[1:]
	if _, ok := s.out[path]; ok && !s.implicit[path] {
		return
	}
	delete(s.implicit, path)
	s.out[path] = Pos{
		Line: key.line, Col: key.col,
		ValLine: val.line, ValCol: val.col, ValOffset: val.off,
		ContentLine: content.line, ContentCol: content.col,
	}
}

// recordImplicit stores the position of a table known only as a prefix of
// a longer key, unless the path is known already.
func (s *locScanner) recordImplicit(path string, key locPt) {
	if s.stopped {
		return
	}
	path = path[1:]
	if _, ok := s.out[path]; ok {
		return
	}
	s.implicit[path] = true
	s.out[path] = Pos{
		Line: key.line, Col: key.col,
		ValLine: key.line, ValCol: key.col, ValOffset: key.off,
		ContentLine: key.line, ContentCol: key.col,
	}
}

func (s *locScanner) eof() bool { return s.i >= len(s.src) }

// eat consumes c if it is the next byte.
func (s *locScanner) eat(c byte) bool {
	if s.i < len(s.src) && s.src[s.i] == c {
		s.i++
		return true
	}
	return false
}

// skipWS skips spaces and tabs.
func (s *locScanner) skipWS() {
	for s.i < len(s.src) && (s.src[s.i] == ' ' || s.src[s.i] == '\t') {
		s.i++
	}
}

// skipBlank skips whitespace, newlines and comments.
func (s *locScanner) skipBlank() {
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		case '#':
			s.skipLine()
		default:
			return
		}
	}
}

// skipLine moves to the next newline (not past it).
func (s *locScanner) skipLine() {
	if j := bytes.IndexByte(s.src[s.i:], '\n'); j >= 0 {
		s.i += j
	} else {
		s.i = len(s.src)
	}
}

// run scans the top level: table headers and key/value lines.
func (s *locScanner) run() {
	table := ""
	for {
		s.skipBlank()
		if s.eof() {
			return
		}
		start := s.i
		c := s.src[s.i]
		switch {
		case c == '[':
			table = s.header(table)
		case locIsKeyStart(c):
			s.keyValue(table, 0)
		}
		// Whatever is left on the line is a comment or junk; but if a
		// broken value ran on to the start of a later line, rescan that
		// line from there.
		if !s.atLineStart(start) {
			s.skipLine()
		}
	}
}

// atLineStart reports whether the scan offset is past a newline that
// follows start, with only spaces and tabs between that newline and it.
func (s *locScanner) atLineStart(start int) bool {
	j := s.i
	for j > start && (s.src[j-1] == ' ' || s.src[j-1] == '\t') {
		j--
	}
	return j > start && s.src[j-1] == '\n' && s.i < len(s.src)
}

// header scans [a.b] or [[a.b]] and returns the new current table (cur if
// the header cannot be understood).
func (s *locScanner) header(cur string) string {
	s.i++ // [
	arr := s.eat('[')
	segs, ok := s.key()
	if !ok {
		return cur
	}
	s.skipWS()
	if !s.eat(']') || (arr && !s.eat(']')) {
		return cur
	}
	first := s.pt(segs[0].off)
	path := ""
	for j, seg := range segs {
		path = s.join(path, seg.name)
		if s.stopped {
			return cur
		}
		last := j == len(segs)-1
		switch n, isArr := s.aot[path]; {
		case last && arr:
			s.recordImplicit(path, first)
			s.aot[path] = n + 1
			path = s.join(path, strconv.Itoa(n))
		case isArr && n > 0:
			// A table inside an array of tables belongs to its last entry.
			s.recordImplicit(path, first)
			path = s.join(path, strconv.Itoa(n-1))
		}
		if last {
			s.record(path, first, first, first)
		} else {
			s.recordImplicit(path, first)
		}
	}
	return path
}

// keyValue scans `key = value` and records it relative to table.
func (s *locScanner) keyValue(table string, depth int) bool {
	segs, ok := s.key()
	if !ok {
		return false
	}
	s.skipWS()
	if !s.eat('=') {
		return false
	}
	s.skipWS()
	key := s.pt(segs[0].off)
	path := table
	for j, seg := range segs {
		path = s.join(path, seg.name)
		if s.stopped {
			return false
		}
		if j < len(segs)-1 {
			s.recordImplicit(path, key)
		}
	}
	return s.value(path, key, depth)
}

// key scans a possibly dotted key, leaving the scanner after its last
// segment.
func (s *locScanner) key() ([]locSeg, bool) {
	var segs []locSeg
	for {
		s.skipWS()
		if s.eof() {
			return nil, false
		}
		off := s.i
		var name string
		switch c := s.src[s.i]; {
		case c == '"':
			var ok bool
			if name, ok = s.basicKey(); !ok {
				return nil, false
			}
		case c == '\'':
			s.i++
			j := s.i
			for j < len(s.src) && s.src[j] != '\'' && s.src[j] != '\n' {
				j++
			}
			if j >= len(s.src) || s.src[j] != '\'' {
				s.i = j
				return nil, false
			}
			name = string(s.src[s.i:j])
			s.i = j + 1
		case locIsBare(c):
			for s.i < len(s.src) && locIsBare(s.src[s.i]) {
				s.i++
			}
			name = string(s.src[off:s.i])
		default:
			return nil, false
		}
		segs = append(segs, locSeg{name: name, off: off})
		s.skipWS()
		if !s.eat('.') {
			return segs, true
		}
	}
}

// basicKey scans a "quoted" key and returns its unescaped name.
func (s *locScanner) basicKey() (string, bool) {
	s.i++ // "
	var b strings.Builder
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch c {
		case '"':
			s.i++
			return b.String(), true
		case '\n':
			return "", false
		case '\\':
			s.i += locUnescape(&b, s.src[s.i:])
		default:
			b.WriteByte(c)
			s.i++
		}
	}
	return "", false
}

// locUnescape decodes the escape sequence at the start of p (which starts
// with a backslash) into b and returns the number of bytes consumed. An
// invalid escape is kept as it is written.
func locUnescape(b *strings.Builder, p []byte) int {
	if len(p) < 2 {
		b.WriteByte('\\')
		return 1
	}
	digits := 0
	switch p[1] {
	case 'b':
		b.WriteByte('\b')
	case 't':
		b.WriteByte('\t')
	case 'n':
		b.WriteByte('\n')
	case 'f':
		b.WriteByte('\f')
	case 'r':
		b.WriteByte('\r')
	case 'e':
		b.WriteByte(0x1b)
	case '"', '\\':
		b.WriteByte(p[1])
	case 'x':
		digits = 2
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	default:
		b.WriteByte('\\')
		return 1
	}
	if digits == 0 {
		return 2
	}
	if len(p) >= 2+digits {
		if v, err := strconv.ParseUint(string(p[2:2+digits]), 16, 32); err == nil {
			if v <= utf8.MaxRune {
				b.WriteRune(rune(v))
			} else {
				b.WriteRune(utf8.RuneError)
			}
			return 2 + digits
		}
	}
	b.WriteByte('\\')
	return 1
}

// value scans the value at the scan offset and records it as path, whose
// key is at key. It reports whether the value was understood.
func (s *locScanner) value(path string, key locPt, depth int) bool {
	if s.eof() || depth > locMaxDepth {
		return false
	}
	val := s.pt(s.i)
	switch s.src[s.i] {
	case '"', '\'':
		q := s.src[s.i]
		if s.i+2 < len(s.src) && s.src[s.i+1] == q && s.src[s.i+2] == q {
			s.i += 3
			// A newline right after the opening delimiter is trimmed.
			if s.i+1 < len(s.src) && s.src[s.i] == '\r' && s.src[s.i+1] == '\n' {
				s.i += 2
			} else if s.i < len(s.src) && s.src[s.i] == '\n' {
				s.i++
			}
			s.record(path, key, val, s.pt(s.i))
			return s.multiString(q)
		}
		s.i++
		s.record(path, key, val, s.pt(s.i))
		return s.lineString(q)
	case '{':
		s.record(path, key, val, val)
		s.i++
		return s.inlineTable(path, depth+1)
	case '[':
		s.record(path, key, val, val)
		s.i++
		return s.array(path, depth+1)
	}
	if !s.scalar() {
		return false
	}
	s.record(path, key, val, val)
	return true
}

// lineString scans the rest of a one-line string quoted with q.
func (s *locScanner) lineString(q byte) bool {
	for s.i < len(s.src) {
		switch c := s.src[s.i]; {
		case c == q:
			s.i++
			return true
		case c == '\n':
			return false
		case c == '\\' && q == '"':
			if s.i+1 < len(s.src) && s.src[s.i+1] != '\n' {
				s.i += 2
			} else {
				s.i++
			}
		default:
			s.i++
		}
	}
	return false
}

// multiString scans the rest of a multi-line string quoted with q.
func (s *locScanner) multiString(q byte) bool {
	for s.i < len(s.src) {
		switch c := s.src[s.i]; {
		case c == q && s.i+2 < len(s.src) && s.src[s.i+1] == q && s.src[s.i+2] == q:
			s.i += 3
			// Up to two more quotes belong to the content.
			if s.eat(q) {
				s.eat(q)
			}
			return true
		case c == '\\' && q == '"':
			s.i = min(s.i+2, len(s.src))
		default:
			s.i++
		}
	}
	return false
}

// inlineTable scans the rest of { k = v, ... } (the brace is consumed).
// Newlines and comments are tolerated.
func (s *locScanner) inlineTable(path string, depth int) bool {
	for {
		s.skipBlank()
		if s.eof() {
			return false
		}
		if s.eat('}') {
			return true
		}
		if !s.keyValue(path, depth) {
			return false
		}
		s.skipBlank()
		if s.eat(',') {
			continue
		}
		return s.eat('}')
	}
}

// array scans the rest of [ v, ... ] (the bracket is consumed).
func (s *locScanner) array(path string, depth int) bool {
	for idx := 0; ; idx++ {
		s.skipBlank()
		if s.eof() {
			return false
		}
		if s.eat(']') {
			return true
		}
		if !s.value(s.join(path, strconv.Itoa(idx)), s.pt(s.i), depth) {
			return false
		}
		s.skipBlank()
		if s.eat(',') {
			continue
		}
		return s.eat(']')
	}
}

// scalar scans a number, boolean or date-time.
func (s *locScanner) scalar() bool {
	start := s.i
	s.scalarRun()
	if s.i == start {
		return false
	}
	// A date may be followed by a space and a time: 1979-05-27 07:32:00Z.
	if locIsDate(s.src[start:s.i]) && s.i+1 < len(s.src) && s.src[s.i] == ' ' && locIsDigit(s.src[s.i+1]) {
		s.i++
		s.scalarRun()
	}
	return true
}

func (s *locScanner) scalarRun() {
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case ' ', '\t', '\r', '\n', ',', ']', '}', '[', '{', '#', '=', '"', '\'':
			return
		}
		s.i++
	}
}

func locIsDigit(c byte) bool { return c >= '0' && c <= '9' }

// locIsDate reports whether p looks like YYYY-MM-DD.
func locIsDate(p []byte) bool {
	if len(p) != 10 || p[4] != '-' || p[7] != '-' {
		return false
	}
	for _, j := range []int{0, 1, 2, 3, 5, 6, 8, 9} {
		if !locIsDigit(p[j]) {
			return false
		}
	}
	return true
}

// locIsBare reports whether c may appear in a bare key. Non-ASCII bytes are
// accepted, as TOML 1.1 allows letters beyond ASCII.
func locIsBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || locIsDigit(c) || c == '_' || c == '-' || c >= 0x80
}

func locIsKeyStart(c byte) bool { return locIsBare(c) || c == '"' || c == '\'' }
