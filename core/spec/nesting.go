package spec

import (
	"fmt"
	"unicode/utf8"
)

// checkNesting scans TOML text for arrays and inline tables nested deeper
// than MaxNesting, or keys of more than MaxNesting dotted parts, stepping
// over strings and comments, so that the decoder never sees such a file (it
// spends memory steeply with depth). It returns the line and column
// (1-based, in runes) of the first bracket, brace or dot too deep with a
// message, and false; or true when the text is within the limits. The scan is
// linear and never fails on malformed text: the decoder reports that.
func checkNesting(text string) (line, col int, msg string, ok bool) {
	depth, dots := 0, 0
	n := len(text)
	for i := 0; i < n; i++ {
		switch ch := text[i]; ch {
		case '.':
			// Dots outside strings separate the parts of a key (a float
			// has one): each part is a level of tables to the decoder.
			if dots++; dots >= MaxNesting {
				l, c := lineCol(text, i)
				return l, c, fmt.Sprintf("toml: a key of more than %d parts", MaxNesting), false
			}
		case '=', '\n', ',', '{', '}', '[', ']':
			dots = 0
		}
		switch ch := text[i]; ch {
		case '#':
			for i < n && text[i] != '\n' {
				i++
			}
		case '"', '\'':
			if i+2 < n && text[i+1] == ch && text[i+2] == ch {
				i = skipMultiline(text, i+3, ch)
			} else {
				i = skipString(text, i+1, ch)
			}
		case '[', '{':
			depth++
			if depth > MaxNesting {
				l, c := lineCol(text, i)
				return l, c, fmt.Sprintf("toml: arrays and inline tables nested deeper than %d levels", MaxNesting), false
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return 0, 0, "", true
}

// skipString returns the offset of the quote that closes a one-line string
// opened before i (or of the line's end).
func skipString(text string, i int, q byte) int {
	for ; i < len(text); i++ {
		switch text[i] {
		case q:
			return i
		case '\n':
			return i
		case '\\':
			if q == '"' {
				i++
			}
		}
	}
	return i
}

// skipMultiline returns the offset of the last quote of the delimiter that
// closes a multi-line string opened before i.
func skipMultiline(text string, i int, q byte) int {
	for ; i < len(text); i++ {
		switch {
		case text[i] == '\\' && q == '"':
			i++
		case text[i] == q && i+2 < len(text) && text[i+1] == q && text[i+2] == q:
			// Up to two more quotes may belong to the content.
			j := i + 3
			for k := 0; k < 2 && j < len(text) && text[j] == q; k++ {
				j++
			}
			return j - 1
		}
	}
	return i
}

// lineCol converts a byte offset into a 1-based line and rune column.
func lineCol(text string, off int) (int, int) {
	line, start := 1, 0
	for i := 0; i < off; i++ {
		if text[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	return line, utf8.RuneCountInString(text[start:off]) + 1
}
