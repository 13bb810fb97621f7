package spec

import (
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// locWant pins the position of one path. Val is a prefix the source must
// have at ValOffset; Content, if set, a prefix it must have at
// ContentLine/ContentCol. A zero ContentLine means "same as the value".
type locWant struct {
	path                    string
	line, col               int
	valLine, valCol         int
	val                     string
	contentLine, contentCol int
	content                 string
}

type locCase struct {
	name string
	src  string
	want []locWant
	// keys, if set, is the exact set of paths Locate must return.
	keys []string
}

var locCases = []locCase{
	{
		name: "key/value",
		src: "a = 1\n" +
			"\"b c\" = 'x'\n" +
			" d=\"y\\\"z\"   # comment = [\n" +
			"e = true\n",
		want: []locWant{
			{path: "a", line: 1, col: 1, valLine: 1, valCol: 5, val: "1"},
			{path: "b c", line: 2, col: 1, valLine: 2, valCol: 9, val: "'x'", contentLine: 2, contentCol: 10, content: "x'"},
			{path: "d", line: 3, col: 2, valLine: 3, valCol: 4, val: `"y\"z"`, contentLine: 3, contentCol: 5, content: `y\"z"`},
			{path: "e", line: 4, col: 1, valLine: 4, valCol: 5, val: "true"},
		},
		keys: []string{"a", "b c", "d", "e"},
	},
	{
		name: "dotted keys",
		src: "[t]\n" +
			"a . b.  \"c.d\" = 1\n" +
			"x.'y' = 2\n" +
			"\"\\u00e9\\t\\\"\".z = 3\n",
		want: []locWant{
			{path: "t", line: 1, col: 2, valLine: 1, valCol: 2, val: "t]"},
			{path: "t.a", line: 2, col: 1, valLine: 2, valCol: 1, val: "a . b"},
			{path: "t.a.b", line: 2, col: 1, valLine: 2, valCol: 1, val: "a . b"},
			{path: "t.a.b.c.d", line: 2, col: 1, valLine: 2, valCol: 17, val: "1"},
			{path: "t.x", line: 3, col: 1, valLine: 3, valCol: 1, val: "x."},
			{path: "t.x.y", line: 3, col: 1, valLine: 3, valCol: 9, val: "2"},
			{path: "t.é\t\".z", line: 4, col: 1, valLine: 4, valCol: 18, val: "3"},
		},
		keys: []string{"t", "t.a", "t.a.b", "t.a.b.c.d", "t.x", "t.x.y", "t.é\t\"", "t.é\t\".z"},
	},
	{
		name: "table headers",
		src: "[a.b]\n" +
			"k = 1\n" +
			"[ \"quoted key\" . c ] # comment\n" +
			"k = 2\n" +
			"[ 'lit' ]\n" +
			"k = 3\n",
		want: []locWant{
			{path: "a", line: 1, col: 2, valLine: 1, valCol: 2, val: "a.b]"},
			{path: "a.b", line: 1, col: 2, valLine: 1, valCol: 2, val: "a.b]"},
			{path: "a.b.k", line: 2, col: 1, valLine: 2, valCol: 5, val: "1"},
			{path: "quoted key", line: 3, col: 3, valLine: 3, valCol: 3, val: `"quoted key"`},
			{path: "quoted key.c", line: 3, col: 3, valLine: 3, valCol: 3, val: `"quoted key"`},
			{path: "quoted key.c.k", line: 4, col: 1, valLine: 4, valCol: 5, val: "2"},
			{path: "lit", line: 5, col: 3, valLine: 5, valCol: 3, val: "'lit'"},
			{path: "lit.k", line: 6, col: 1, valLine: 6, valCol: 5, val: "3"},
		},
		keys: []string{"a", "a.b", "a.b.k", "quoted key", "quoted key.c", "quoted key.c.k", "lit", "lit.k"},
	},
	{
		name: "explicit table after implicit",
		src: "[a.b]\n" +
			"x = 1\n" +
			"[a]\n" +
			"y = 2\n",
		want: []locWant{
			{path: "a", line: 3, col: 2, valLine: 3, valCol: 2, val: "a]"},
			{path: "a.b", line: 1, col: 2, valLine: 1, valCol: 2, val: "a.b]"},
			{path: "a.y", line: 4, col: 1, valLine: 4, valCol: 5, val: "2"},
		},
	},
	{
		name: "arrays of tables",
		src: "[[x]]\n" +
			"k = 1\n" +
			"[x.sub]\n" +
			"m = 1\n" +
			"[[x]]\n" +
			"k = 2\n" +
			"[[x.y]]\n" +
			"n = 1\n" +
			"[[ x . y ]]\n" +
			"n = 2\n",
		want: []locWant{
			{path: "x", line: 1, col: 3, valLine: 1, valCol: 3, val: "x]]"},
			{path: "x.0", line: 1, col: 3, valLine: 1, valCol: 3, val: "x]]"},
			{path: "x.0.k", line: 2, col: 1, valLine: 2, valCol: 5, val: "1"},
			{path: "x.0.sub", line: 3, col: 2, valLine: 3, valCol: 2, val: "x.sub"},
			{path: "x.0.sub.m", line: 4, col: 1, valLine: 4, valCol: 5, val: "1"},
			{path: "x.1", line: 5, col: 3, valLine: 5, valCol: 3, val: "x]]"},
			{path: "x.1.k", line: 6, col: 1, valLine: 6, valCol: 5, val: "2"},
			{path: "x.1.y", line: 7, col: 3, valLine: 7, valCol: 3, val: "x.y"},
			{path: "x.1.y.0", line: 7, col: 3, valLine: 7, valCol: 3, val: "x.y"},
			{path: "x.1.y.0.n", line: 8, col: 1, valLine: 8, valCol: 5, val: "1"},
			{path: "x.1.y.1", line: 9, col: 4, valLine: 9, valCol: 4, val: "x . y"},
			{path: "x.1.y.1.n", line: 10, col: 1, valLine: 10, valCol: 5, val: "2"},
		},
		keys: []string{"x", "x.0", "x.0.k", "x.0.sub", "x.0.sub.m", "x.1", "x.1.k",
			"x.1.y", "x.1.y.0", "x.1.y.0.n", "x.1.y.1", "x.1.y.1.n"},
	},
	{
		name: "inline tables",
		src:  "k = { a = 1, b = { c = 'x' } }\n",
		want: []locWant{
			{path: "k", line: 1, col: 1, valLine: 1, valCol: 5, val: "{ a"},
			{path: "k.a", line: 1, col: 7, valLine: 1, valCol: 11, val: "1,"},
			{path: "k.b", line: 1, col: 14, valLine: 1, valCol: 18, val: "{ c"},
			{path: "k.b.c", line: 1, col: 20, valLine: 1, valCol: 24, val: "'x'", contentLine: 1, contentCol: 25, content: "x'"},
		},
		keys: []string{"k", "k.a", "k.b", "k.b.c"},
	},
	{
		name: "inline table over lines",
		src: "m = {\n" +
			"  p.q = 1, # c }\n" +
			"  r = \"s\",\n" +
			"}\n" +
			"n = 2\n",
		want: []locWant{
			{path: "m", line: 1, col: 1, valLine: 1, valCol: 5, val: "{\n"},
			{path: "m.p", line: 2, col: 3, valLine: 2, valCol: 3, val: "p.q"},
			{path: "m.p.q", line: 2, col: 3, valLine: 2, valCol: 9, val: "1,"},
			{path: "m.r", line: 3, col: 3, valLine: 3, valCol: 7, val: `"s"`, contentLine: 3, contentCol: 8, content: `s"`},
			{path: "n", line: 5, col: 1, valLine: 5, valCol: 5, val: "2"},
		},
		keys: []string{"m", "m.p", "m.p.q", "m.r", "n"},
	},
	{
		name: "arrays",
		src:  "k = [1, 'a', { x = 1 }]\n",
		want: []locWant{
			{path: "k", line: 1, col: 1, valLine: 1, valCol: 5, val: "[1"},
			{path: "k.0", line: 1, col: 6, valLine: 1, valCol: 6, val: "1,"},
			{path: "k.1", line: 1, col: 9, valLine: 1, valCol: 9, val: "'a'", contentLine: 1, contentCol: 10, content: "a'"},
			{path: "k.2", line: 1, col: 14, valLine: 1, valCol: 14, val: "{ x"},
			{path: "k.2.x", line: 1, col: 16, valLine: 1, valCol: 20, val: "1 }"},
		},
		keys: []string{"k", "k.0", "k.1", "k.2", "k.2.x"},
	},
	{
		name: "array over lines",
		src: "arr = [ # start [\n" +
			"  [1, 2],   # ] tricky\n" +
			"  \"]\", # \"\n" +
			"  # only a comment, with ]\n" +
			"  1979-05-27 07:32:00Z,\n" +
			"  { y = \"\"\"x\n" +
			"y\"\"\" },\n" +
			"]\n" +
			"after = 1\n",
		want: []locWant{
			{path: "arr", line: 1, col: 1, valLine: 1, valCol: 7, val: "[ #"},
			{path: "arr.0", line: 2, col: 3, valLine: 2, valCol: 3, val: "[1"},
			{path: "arr.0.0", line: 2, col: 4, valLine: 2, valCol: 4, val: "1,"},
			{path: "arr.0.1", line: 2, col: 7, valLine: 2, valCol: 7, val: "2]"},
			{path: "arr.1", line: 3, col: 3, valLine: 3, valCol: 3, val: `"]"`, contentLine: 3, contentCol: 4, content: `]"`},
			{path: "arr.2", line: 5, col: 3, valLine: 5, valCol: 3, val: "1979-05-27 07:32:00Z,"},
			{path: "arr.3", line: 6, col: 3, valLine: 6, valCol: 3, val: "{ y"},
			{path: "arr.3.y", line: 6, col: 5, valLine: 6, valCol: 9, val: `"""x`, contentLine: 6, contentCol: 12, content: "x\ny"},
			{path: "after", line: 9, col: 1, valLine: 9, valCol: 9, val: "1"},
		},
		keys: []string{"arr", "arr.0", "arr.0.0", "arr.0.1", "arr.1", "arr.2", "arr.3", "arr.3.y", "after"},
	},
	{
		name: "strings that look like syntax",
		src: "a = '''\n" +
			"x = \"not a key\" # [y]\n" +
			"'' still inside\n" +
			"'''''\n" +
			"b = \"\"\" \\\"\"\" [c] = 1\n" +
			"# \"inside\" '''\n" +
			"\"\"\"\"\"\n" +
			"c = \"a # b\" # comment \"\n" +
			"d = 'lit \\'\n" +
			"e = \"\"\n" +
			"f = ''\n" +
			"g = 1\n",
		want: []locWant{
			{path: "a", line: 1, col: 1, valLine: 1, valCol: 5, val: "'''\n", contentLine: 2, contentCol: 1, content: "x = \"not"},
			{path: "b", line: 5, col: 1, valLine: 5, valCol: 5, val: `""" \"`, contentLine: 5, contentCol: 8, content: ` \"""`},
			{path: "c", line: 8, col: 1, valLine: 8, valCol: 5, val: `"a # b"`, contentLine: 8, contentCol: 6, content: `a # b"`},
			{path: "d", line: 9, col: 1, valLine: 9, valCol: 5, val: `'lit \'`, contentLine: 9, contentCol: 6, content: `lit \'`},
			{path: "e", line: 10, col: 1, valLine: 10, valCol: 5, val: `""`, contentLine: 10, contentCol: 6, content: "\"\n"},
			{path: "f", line: 11, col: 1, valLine: 11, valCol: 5, val: `''`, contentLine: 11, contentCol: 6, content: "'\n"},
			{path: "g", line: 12, col: 1, valLine: 12, valCol: 5, val: "1"},
		},
		keys: []string{"a", "b", "c", "d", "e", "f", "g"},
	},
	{
		name: "expression in a multi-line literal string",
		src: "[rules]\n" +
			"win = '''\n" +
			"board.count(p) > 3 &&\n" +
			"  x == \"y\" # not a comment\n" +
			"'''\n" +
			"lose = \"\"\"\n" +
			"    score < 0\"\"\"\n" +
			"draw = 'turn >= 100'\n",
		want: []locWant{
			{path: "rules", line: 1, col: 2, valLine: 1, valCol: 2, val: "rules]"},
			{path: "rules.win", line: 2, col: 1, valLine: 2, valCol: 7, val: "'''\n", contentLine: 3, contentCol: 1, content: "board.count(p) > 3"},
			{path: "rules.lose", line: 6, col: 1, valLine: 6, valCol: 8, val: `"""`, contentLine: 7, contentCol: 1, content: "    score < 0"},
			{path: "rules.draw", line: 8, col: 1, valLine: 8, valCol: 8, val: "'turn", contentLine: 8, contentCol: 9, content: "turn >= 100"},
		},
		keys: []string{"rules", "rules.win", "rules.lose", "rules.draw"},
	},
	{
		name: "expression after CRLF",
		src:  "win = '''\r\nboard.full()\r\n'''\r\nx = 1\r\n",
		want: []locWant{
			{path: "win", line: 1, col: 1, valLine: 1, valCol: 7, val: "'''\r\n", contentLine: 2, contentCol: 1, content: "board.full()"},
			{path: "x", line: 4, col: 1, valLine: 4, valCol: 5, val: "1"},
		},
		keys: []string{"win", "x"},
	},
	{
		name: "runes and CRLF",
		src: "\"é\" = 'ü'\r\n" +
			"  \"ключ\" = \"ж\" # ё\r\n" +
			"[\"таблица\"]\r\n" +
			"k = 1\r\n" +
			"u = { \"日\" = \"本\", v = 1 }\r\n",
		want: []locWant{
			{path: "é", line: 1, col: 1, valLine: 1, valCol: 7, val: "'ü'", contentLine: 1, contentCol: 8, content: "ü'"},
			{path: "ключ", line: 2, col: 3, valLine: 2, valCol: 12, val: `"ж"`, contentLine: 2, contentCol: 13, content: `ж"`},
			{path: "таблица", line: 3, col: 2, valLine: 3, valCol: 2, val: `"таблица"`},
			{path: "таблица.k", line: 4, col: 1, valLine: 4, valCol: 5, val: "1\r\n"},
			{path: "таблица.u", line: 5, col: 1, valLine: 5, valCol: 5, val: "{"},
			{path: "таблица.u.日", line: 5, col: 7, valLine: 5, valCol: 13, val: `"本"`, contentLine: 5, contentCol: 14, content: `本"`},
			{path: "таблица.u.v", line: 5, col: 18, valLine: 5, valCol: 22, val: "1 }"},
		},
		keys: []string{"é", "ключ", "таблица", "таблица.k", "таблица.u", "таблица.u.日", "таблица.u.v"},
	},
	{
		name: "byte-order mark",
		src:  "\uFEFFa = 1\n",
		want: []locWant{{path: "a", line: 1, col: 1, valLine: 1, valCol: 5, val: "1"}},
		keys: []string{"a"},
	},
	{
		name: "recovery from junk",
		src: "= 1\n" +
			"[unclosed\n" +
			"k = \"unterminated\n" +
			"ok = 2 junk\n" +
			"x = { a = 1, b }\n" +
			"y = [1, 2\n" +
			"z = 3\n" +
			"q = \n" +
			"w = '''never closed\n" +
			"v = 1\n",
		want: []locWant{
			{path: "k", line: 3, col: 1, valLine: 3, valCol: 5, val: `"unterminated`, contentLine: 3, contentCol: 6, content: "unterminated\n"},
			{path: "ok", line: 4, col: 1, valLine: 4, valCol: 6, val: "2 junk"},
			{path: "x.a", line: 5, col: 7, valLine: 5, valCol: 11, val: "1,"},
			{path: "y.1", line: 6, col: 9, valLine: 6, valCol: 9, val: "2\n"},
			{path: "z", line: 7, col: 1, valLine: 7, valCol: 5, val: "3"},
			{path: "w", line: 9, col: 1, valLine: 9, valCol: 5, val: "'''", contentLine: 9, contentCol: 8, content: "never"},
		},
		keys: []string{"k", "ok", "x", "x.a", "y", "y.0", "y.1", "z", "w"},
	},
}

// locAt returns the byte offset of a 1-based line and column (in runes),
// or -1.
func locAt(src string, line, col int) int {
	off := 0
	if strings.HasPrefix(src, "\uFEFF") {
		off = 3
	}
	for l := 1; l < line; l++ {
		j := strings.IndexByte(src[off:], '\n')
		if j < 0 {
			return -1
		}
		off += j + 1
	}
	for c := 1; c < col; c++ {
		if off >= len(src) || src[off] == '\n' {
			return -1
		}
		_, n := utf8.DecodeRuneInString(src[off:])
		off += n
	}
	return off
}

func TestLocate(t *testing.T) {
	for _, tc := range locCases {
		t.Run(tc.name, func(t *testing.T) {
			got := Locate([]byte(tc.src))
			locCheckInvariants(t, []byte(tc.src), got)
			locCheckCoverage(t, []byte(tc.src), got)
			for _, w := range tc.want {
				p, ok := got[w.path]
				if !ok {
					t.Errorf("%q: not located", w.path)
					continue
				}
				cl, cc := w.contentLine, w.contentCol
				if cl == 0 {
					cl, cc = w.valLine, w.valCol
				}
				if p.Line != w.line || p.Col != w.col || p.ValLine != w.valLine || p.ValCol != w.valCol ||
					p.ContentLine != cl || p.ContentCol != cc {
					t.Errorf("%q: got key %d:%d value %d:%d content %d:%d, want key %d:%d value %d:%d content %d:%d",
						w.path, p.Line, p.Col, p.ValLine, p.ValCol, p.ContentLine, p.ContentCol,
						w.line, w.col, w.valLine, w.valCol, cl, cc)
				}
				if !strings.HasPrefix(tc.src[p.ValOffset:], w.val) {
					t.Errorf("%q: value at offset %d is %.12q, want %q", w.path, p.ValOffset, tc.src[p.ValOffset:], w.val)
				}
				if w.content != "" {
					off := locAt(tc.src, p.ContentLine, p.ContentCol)
					if off < 0 || !strings.HasPrefix(tc.src[off:], w.content) {
						t.Errorf("%q: content at %d:%d does not start with %q", w.path, p.ContentLine, p.ContentCol, w.content)
					}
				}
			}
			if tc.keys != nil {
				var paths []string
				for k := range got {
					paths = append(paths, k)
				}
				sort.Strings(paths)
				want := append([]string(nil), tc.keys...)
				sort.Strings(want)
				if strings.Join(paths, "\x00") != strings.Join(want, "\x00") {
					t.Errorf("paths:\n got %q\nwant %q", paths, want)
				}
			}
		})
	}
}

// locCheckInvariants checks what must hold for any input: positions are
// 1-based, ordered key ≤ value ≤ content, and the value offset matches the
// value line and column.
func locCheckInvariants(t *testing.T, src []byte, got map[string]Pos) {
	t.Helper()
	before := func(l1, c1, l2, c2 int) bool { return l1 < l2 || l1 == l2 && c1 <= c2 }
	for k, p := range got {
		if p.Line < 1 || p.Col < 1 || p.ValLine < 1 || p.ValCol < 1 || p.ContentLine < 1 || p.ContentCol < 1 {
			t.Fatalf("%q: non-positive position %+v", k, p)
		}
		if !before(p.Line, p.Col, p.ValLine, p.ValCol) || !before(p.ValLine, p.ValCol, p.ContentLine, p.ContentCol) {
			t.Fatalf("%q: positions out of order %+v", k, p)
		}
		if p.ValOffset < 0 || p.ValOffset > len(src) {
			t.Fatalf("%q: offset %d outside the source (%d bytes)", k, p.ValOffset, len(src))
		}
		start := 0
		if len(src) >= 3 && string(src[:3]) == "\uFEFF" {
			start = 3
		}
		if p.ValOffset < start {
			t.Fatalf("%q: offset %d inside the byte-order mark", k, p.ValOffset)
		}
		pre := src[start:p.ValOffset]
		line := 1 + strings.Count(string(pre), "\n")
		if j := strings.LastIndexByte(string(pre), '\n'); j >= 0 {
			pre = pre[j+1:]
		}
		col := 1
		for _, b := range pre {
			if b&0xC0 != 0x80 {
				col++
			}
		}
		if line != p.ValLine || col != p.ValCol {
			t.Fatalf("%q: offset %d is %d:%d, but the value is reported at %d:%d", k, p.ValOffset, line, col, p.ValLine, p.ValCol)
		}
	}
}

func FuzzLocate(f *testing.F) {
	for _, tc := range locCases {
		f.Add([]byte(tc.src))
	}
	for _, s := range []string{
		"", "[", "[[", "[[]]", "[a", "a", "a.", "a =", "a = \"", "a = '''", "a = \"\"\"\\",
		"a = [", "a = {", "a = [[[[", "a = {b = {c = {", "a = [1,,]", "a = {,}", "\"\\u", "'",
		"[\"a\\U0010FFFF\"]\n", "\xff\xfe = \x00", "\uFEFF", "\uFEFF[[x]]\n[[x]]", "a = 1979-05-27 ",
		"a.\"b\".'c' = 1\r\n[x.y]\r\n", "x = \"\"\"\"\"\"\"\"", "x = ''''''''",
		"[\"\".A]", "\"\" = 1\n\"\".\"\" = 2",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		got := Locate(src)
		locCheckInvariants(t, src, got)
		locCheckCoverage(t, src, got)
	})
}

// locCheckCoverage checks that, when the real parser accepts src, every key
// it reports was located. The parser's keys carry no array indices, so
// numeric segments are dropped on both sides before comparing.
func locCheckCoverage(t *testing.T, src []byte, got map[string]Pos) {
	t.Helper()
	var v map[string]any
	md, err := toml.Decode(string(src), &v)
	if err != nil {
		return
	}
	strip := func(segs []string) string {
		var keep []string
		for _, s := range segs {
			if _, err := strconv.Atoi(s); err != nil {
				keep = append(keep, s)
			}
		}
		return strings.Join(keep, "\x00")
	}
	located := map[string]bool{}
	for k := range got {
		located[strip(strings.Split(k, "."))] = true
	}
	for _, k := range md.Keys() {
		var segs []string
		for _, s := range k {
			segs = append(segs, strings.Split(s, ".")...)
		}
		if !located[strip(segs)] {
			t.Errorf("key %q accepted by the parser was not located in %q", k.String(), src)
		}
	}
}

func TestLocateDeepNesting(t *testing.T) {
	src := "a = " + strings.Repeat("[", 100000) + "\nb = " + strings.Repeat("{x=", 100000) + "\nc = 1\n"
	got := Locate([]byte(src))
	if p := got["c"]; p.Line != 3 || p.ValCol != 5 {
		t.Errorf("c: got %+v", p)
	}
}

func TestLocateLongLine(t *testing.T) {
	// Many elements on one line must not cost quadratic time.
	var b strings.Builder
	b.WriteString("a = [")
	for i := 0; i < 200000; i++ {
		b.WriteString("1, ")
	}
	b.WriteString("2]\n")
	got := Locate([]byte(b.String()))
	if p := got["a.200000"]; p.ValCol != 6+3*200000 {
		t.Errorf("a.200000: got %+v", p)
	}
}

func TestLocateHostile(t *testing.T) {
	const n = 1 << 20 // MaxFileSize
	for name, src := range map[string]string{
		"many dots":         strings.Repeat("a.", n/2) + "b = 1\n",
		"many header dots":  "[" + strings.Repeat("a.", n/2) + "b]\n",
		"long table name":   "[" + strings.Repeat("x", n/2) + "]\n" + strings.Repeat("k=1\n", n/8),
		"deep brackets":     "a = " + strings.Repeat("[", n),
		"deep braces":       "a = " + strings.Repeat("{x=", n/3),
		"long array":        "a = [" + strings.Repeat("1,", n/2) + "]\n",
		"many tables":       strings.Repeat("[[x]]\n", n/6),
		"unclosed strings":  strings.Repeat("a = \"\n", n/6),
		"one long string":   "a = '''" + strings.Repeat("x", n),
		"many broken lines": strings.Repeat("a = [1,\n", n/8),
	} {
		got := Locate([]byte(src))
		size := 0
		for k := range got {
			size += len(k)
		}
		if limit := locBudgetFactor*len(src) + locBudgetBase; size > limit {
			t.Errorf("%s: %d bytes of paths, more than %d", name, size, limit)
		}
	}
}
