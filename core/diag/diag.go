// Package diag provides positioned diagnostics: problems found in a variant
// file, each naming the file, line and column, printed as
// "file:line:col: message".
package diag

import (
	"fmt"
	"sort"
	"strings"
)

// Diagnostic is one problem at one place in one file.
type Diagnostic struct {
	File string // file name as the user gave it (or an embedded variant's path)
	Line int    // 1-based; 0 when the problem has no better place than the file
	Col  int    // 1-based; 0 when unknown
	Msg  string // lowercase message
	// Source is the text of the offending line, when known; Caret renders it.
	Source string
	// Warning marks a diagnostic that does not stop the file from loading
	// (a deprecated spelling); it renders as "file:line:col: warning: message".
	Warning bool
}

// String renders the diagnostic as "file:line:col: message".
func (d Diagnostic) String() string {
	if d.Warning {
		d.Msg = "warning: " + d.Msg
	}
	switch {
	case d.Line > 0 && d.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Line, d.Col, d.Msg)
	case d.Line > 0:
		return fmt.Sprintf("%s:%d: %s", d.File, d.Line, d.Msg)
	default:
		return fmt.Sprintf("%s: %s", d.File, d.Msg)
	}
}

// Caret renders the diagnostic followed by the offending line and a caret
// under the column, the second rendering a designer reads in the editor.
func (d Diagnostic) Caret() string {
	if d.Source == "" || d.Col <= 0 {
		return d.String()
	}
	pad := strings.Repeat(" ", d.Col-1)
	return fmt.Sprintf("%s\n    %s\n    %s^", d.String(), strings.ReplaceAll(d.Source, "\t", " "), pad)
}

// List is a set of diagnostics; as an error it prints one per line.
type List []Diagnostic

// Error joins the diagnostics, one per line, sorted by position.
func (l List) Error() string {
	l.Sort()
	parts := make([]string, len(l))
	for i, d := range l {
		parts[i] = d.String()
	}
	return strings.Join(parts, "\n")
}

// Sort orders the list by file, line and column, keeping the order of
// diagnostics at the same place, and drops exact duplicates.
func (l *List) Sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool {
		if s[i].File != s[j].File {
			return s[i].File < s[j].File
		}
		if s[i].Line != s[j].Line {
			return s[i].Line < s[j].Line
		}
		return s[i].Col < s[j].Col
	})
	out := s[:0]
	for i, d := range s {
		if i > 0 && d == s[i-1] {
			continue
		}
		out = append(out, d)
	}
	*l = out
}

// Err returns the list as an error, or nil when it is empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// Closest returns the candidate nearest to name by edit distance, or "" when
// none is close enough to be a plausible typo.
func Closest(name string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := distance(strings.ToLower(name), strings.ToLower(c))
		if d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	limit := 2
	if len(name) > 6 {
		limit = 3
	}
	if bestD > limit || bestD >= len(name) {
		return ""
	}
	return best
}

func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
