package core

import (
	"fmt"
	"unicode/utf8"
)

// Limits on the text of one expression, checked before it is parsed: the
// parser recurses once per nesting level, and a goroutine stack overflow is
// fatal in Go, so a hostile nesting must be refused before parsing starts.
const (
	// MaxExprLen is the longest expression, in bytes.
	MaxExprLen = 4096
	// MaxExprDepth is the deepest nesting of parentheses, brackets and
	// braces in an expression.
	MaxExprDepth = 64
)

// exprShape checks the length and nesting of an expression without parsing
// it. When it is too long or too deep it returns false with a message and
// the place (expr's 1-based line and 0-based rune column) it refers to.
func exprShape(src string) (line, col int, msg string, ok bool) {
	if len(src) > MaxExprLen {
		return 1, 0, fmt.Sprintf("the expression is %d bytes long; the limit is %d", len(src), MaxExprLen), false
	}
	depth := 0
	line, start := 1, 0
	for i := 0; i < len(src); i++ {
		switch ch := src[i]; ch {
		case '\n':
			line, start = line+1, i+1
		case '"', '\'', '`':
			// A string literal: brackets inside it do not nest.
			for i++; i < len(src) && src[i] != ch; i++ {
				if src[i] == '\\' && ch != '`' {
					i++
				} else if src[i] == '\n' {
					line, start = line+1, i+1
				}
			}
		case '(', '[', '{':
			depth++
			if depth > MaxExprDepth {
				return line, utf8.RuneCountInString(src[start:i]),
					fmt.Sprintf("brackets nested deeper than %d levels", MaxExprDepth), false
			}
		case ')', ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return 0, 0, "", true
}
