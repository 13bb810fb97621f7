package spec

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// Change is one difference between two merged variant documents.
type Change struct {
	// Key is the dotted path, e.g. "params.pits" or "moves.sow.capture".
	Key string
	// A and B are the values in each document, nil where absent.
	A, B any
}

// Kind says "added" (only in B), "removed" (only in A) or "changed".
func (c Change) Kind() string {
	switch {
	case c.A == nil:
		return "added"
	case c.B == nil:
		return "removed"
	}
	return "changed"
}

// String renders the change for a person: "params.pits: 6 → 4".
func (c Change) String() string {
	switch c.Kind() {
	case "added":
		return fmt.Sprintf("%s: added (%s)", c.Key, Show(c.B))
	case "removed":
		return fmt.Sprintf("%s: removed (was %s)", c.Key, Show(c.A))
	}
	return fmt.Sprintf("%s: %s → %s", c.Key, Show(c.A), Show(c.B))
}

// Show renders a TOML value compactly.
func Show(v any) string {
	switch x := v.(type) {
	case string:
		s := strings.Join(strings.Fields(x), " ")
		if len(s) > 60 {
			s = s[:57] + "..."
		}
		return fmt.Sprintf("%q", s)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = Show(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

// Diff lists the differences between two documents after extends is
// resolved, by key, sorted; the variants' own names and titles are left
// out.
func Diff(a, b *Doc) []Change {
	fa, fb := a.Flatten(), b.Flatten()
	keys := map[string]bool{}
	for k := range fa {
		keys[k] = true
	}
	for k := range fb {
		keys[k] = true
	}
	var out []Change
	for k := range keys {
		switch k {
		case "name", "title", "extends", "replace", "source", "description":
			continue
		}
		va, vb := fa[k], fb[k]
		if reflect.DeepEqual(va, vb) {
			continue
		}
		out = append(out, Change{Key: k, A: va, B: vb})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// TableDiff groups the changes of one named table (a rule such as
// "moves.kite", or "params").
type TableDiff struct {
	Table string
	// Kind is "added" or "removed" for a table present on one side only,
	// else "changed".
	Kind    string
	Changes []Change
}

// DiffTables groups Diff's changes by rule: the first two segments of the
// key ("moves.sow", "end.side_empty"), or the first for top-level tables
// ("params", "board").
func DiffTables(a, b *Doc) []TableDiff {
	var out []TableDiff
	index := map[string]int{}
	for _, c := range Diff(a, b) {
		segs := strings.SplitN(c.Key, ".", 3)
		table := segs[0]
		switch segs[0] {
		case "moves", "end", "effects", "phases", "fouls", "pieces":
			if len(segs) > 1 {
				table = segs[0] + "." + segs[1]
			}
		}
		i, ok := index[table]
		if !ok {
			i = len(out)
			index[table] = i
			kind := "changed"
			_, inA := a.Get(table)
			_, inB := b.Get(table)
			switch {
			case !inA && inB:
				kind = "added"
			case inA && !inB:
				kind = "removed"
			}
			out = append(out, TableDiff{Table: table, Kind: kind})
		}
		out[i].Changes = append(out[i].Changes, c)
	}
	return out
}
