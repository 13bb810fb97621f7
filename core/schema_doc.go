// This file derives, from the keys declared next to the compilers and the
// registries, the two descriptions of the whole variant format: a JSON
// Schema for TOML editors (`rulesmith schema`, docs/rulesmith.schema.json)
// and the key reference of docs/variant-format.md.

package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// schemaTable describes one table of the format: its keys, or for a table
// of named tables (moves.NAME) the table each name holds, or for a table
// whose keys the file chooses (params, regions) the value each takes.
type schemaTable struct {
	path string // as the reference names it: "board", "moves.NAME"
	doc  string
	keys []*Key
	// disc names the key that selects a kind ("type", "kind"); kinds lists
	// them in registry order.
	disc  string
	kinds []schemaKind
	// sub gives the table of each TTable key, by key name.
	sub map[string]*schemaTable
	// named: each key of the table names an entry described by entry.
	named bool
	entry *schemaTable
	// free: each key of the table is a name the file chooses, whose value
	// is of this type (params: TScalar, attrs: TExpr).
	free *Key
}

type schemaKind struct {
	name, doc string
	keys      []*Key
}

func kindsOfMoves() []schemaKind {
	out := make([]schemaKind, len(moveTypes))
	for i, t := range moveTypes {
		out[i] = schemaKind{t.name, t.doc, t.keys}
	}
	return out
}

func kindsOfEffects() []schemaKind {
	out := make([]schemaKind, len(effectTypes))
	for i, t := range effectTypes {
		out[i] = schemaKind{t.name, t.doc, t.keys}
	}
	return out
}

func kindsOfEnds() []schemaKind {
	out := make([]schemaKind, len(endTypes))
	for i, t := range endTypes {
		out[i] = schemaKind{t.name, t.doc, t.keys}
	}
	return out
}

func kindsOfChance() []schemaKind {
	out := make([]schemaKind, len(chanceTypes))
	for i, t := range chanceTypes {
		out[i] = schemaKind{t.name, t.doc, t.keys}
	}
	return out
}

func kindsOfBoards() []schemaKind {
	out := make([]schemaKind, len(boardKinds))
	for i, t := range boardKinds {
		out[i] = schemaKind{t.name, t.doc, t.keys}
	}
	return out
}

func named(path, doc string, entry *schemaTable) *schemaTable {
	entry.path = path
	return &schemaTable{path: strings.TrimSuffix(path, ".NAME"), doc: doc, named: true, entry: entry}
}

func free(path, doc string, value Key) *schemaTable {
	return &schemaTable{path: path, doc: doc, free: &value}
}

// formatSchema is the whole variant format as data.
func formatSchema() *schemaTable {
	return &schemaTable{path: "", doc: "a variant file", keys: topKeys, sub: map[string]*schemaTable{
		"params":       free("params", "parameters", Key{Type: TScalar, Doc: "a parameter: a number, string or boolean"}),
		"param_limits": named("param_limits.NAME", "the values a parameter may take", &schemaTable{keys: paramLimitKeys}),
		"players": {path: "players", keys: playersKeys, sub: map[string]*schemaTable{
			"lineups": free("players.lineups", "seat lineups", Key{Type: TStrings, Doc: "COUNT = the seats that play for that count"}),
		}},
		"board": {path: "board", keys: boardCommonKeys, disc: "kind", kinds: kindsOfBoards(), sub: map[string]*schemaTable{
			"attrs":        free("board.attrs", "computed cell attributes", Key{Type: TExpr, Doc: "an expression over the cell's attributes"}),
			"regions":      free("board.regions", "board-wide regions", Key{Type: TExpr, Doc: "a boolean expression over a cell"}),
			"seat_regions": free("board.seat_regions", "per-seat regions", Key{Type: TExpr, Doc: "a boolean expression over a cell, seat and seat_name"}),
			"relations":    free("board.relations", "relations", Key{Type: TExpr, Doc: "a boolean expression over two cells a and b"}),
			"faces":        named("board.faces.NAME", "faces", &schemaTable{keys: faceKeys}),
			"lines":        named("board.lines.FAMILY", "line families", &schemaTable{keys: lineFamilyKeys}),
			"circuits":     named("board.circuits.NAME", "circuits", &schemaTable{keys: circuitKeys}),
			"cells": named("board.cells.NAME", "graph cells", &schemaTable{keys: graphCellKeys,
				free: &Key{Type: TScalar, Doc: "an attribute of the cell"}}),
		}},
		"pieces":      named("pieces.NAME", "piece kinds", &schemaTable{keys: pieceKeys}),
		"piece_state": named("piece_state.NAME", "per-piece state variables", &schemaTable{keys: pieceStateKeys}),
		"zones":       named("zones.NAME", "zones off the board", &schemaTable{keys: zoneKeys}),
		"setup": {path: "setup", keys: setupKeys, sub: map[string]*schemaTable{
			"stones":  free("setup.stones", "stones per region", Key{Type: TInt, Min: 0, Max: MaxStones, Doc: "stones on every cell of the region"}),
			"counts":  free("setup.counts", "stones per cell", Key{Type: TInt, Min: 0, Max: MaxStones, Doc: "stones on the cell"}),
			"pieces":  free("setup.pieces", "stacks per cell", Key{Type: TStrings, Doc: "the stack's kinds, bottom first"}),
			"hand":    free("setup.hand", "hands per seat", Key{Type: TStrings, Doc: `"kind" or "kind:COUNT" items, in queue order`}),
			"reserve": free("setup.reserve", "reserve pieces per seat", Key{Type: TStrings, Doc: `"kind" or "kind:COUNT" items: off the board, in no hand, for promotions`}),
			"zones": named("setup.zones.NAME", "a zone's starting pieces", &schemaTable{
				free: &Key{Type: TStrings, Doc: `SEAT (per-seat zone) or all (shared zone) = "kind", "kind:COUNT" or "*" items`}}),
		}},
		"turns": {path: "turns", keys: turnsKeys},
		"phases": named("phases.NAME", "phases", &schemaTable{keys: phaseKeys, sub: map[string]*schemaTable{
			"steps": named("phases.NAME.steps.STEP", "automatic steps", &schemaTable{keys: stepKeys}),
		}}),
		"moves":   named("moves.NAME", "move rules", &schemaTable{keys: moveKeys, disc: "type", kinds: kindsOfMoves()}),
		"effects": named("effects.NAME", "effects", &schemaTable{keys: effectKeys, disc: "type", kinds: kindsOfEffects()}),
		"end":     named("end.NAME", "end conditions", &schemaTable{keys: endKeys, disc: "type", kinds: kindsOfEnds()}),
		"chance":  named("chance.NAME", "chance events", &schemaTable{keys: chanceKeys, disc: "type", kinds: kindsOfChance()}),
		"scoring": {path: "scoring", keys: scoringKeys},
		"fouls":   named("fouls.NAME", "fouls", &schemaTable{keys: foulKeys}),
		"display": {path: "display", keys: displayKeys},
	}}
}

// ---- JSON Schema ----------------------------------------------------------

// JSONSchema returns the JSON Schema (draft-07, which Taplo reads) of the variant format,
// for TOML editors: completion, key documentation and unknown keys. It
// checks what a file can say on its own; names (regions, kinds, seats) and
// expressions are checked by validate.
func JSONSchema() []byte {
	root := tableJSON(formatSchema())
	root["$schema"] = "http://json-schema.org/draft-07/schema#"
	root["title"] = "rulesmith variant"
	root["description"] = "A rulesmith board-game variant (docs/variant-format.md). Generated by `rulesmith schema`."
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(root); err != nil {
		panic(err) // the schema is built from plain maps and slices
	}
	return buf.Bytes()
}

const identPattern = "^[A-Za-z_][A-Za-z0-9_]*$"

// valueJSON is the schema of one key's value.
func valueJSON(k *Key) map[string]any {
	var s map[string]any
	exprStr := map[string]any{"type": "string", "description": "an expression over [params]"}
	switch k.Type {
	case TString, TExpr:
		s = map[string]any{"type": "string"}
	case TChoice:
		enum := map[string]any{"enum": k.Allowed}
		if k.Literal {
			s = enum
		} else {
			s = map[string]any{"anyOf": []any{enum, map[string]any{"type": "string", "pattern": identPattern,
				"description": "the name of a string parameter holding one of the values"}}}
		}
	case TInt:
		n := map[string]any{"type": "integer"}
		if k.Min != 0 || k.Max != 0 {
			n["minimum"], n["maximum"] = k.Min, k.Max
		}
		s = map[string]any{"anyOf": []any{n, exprStr}}
	case TIntOrWord:
		n := map[string]any{"type": "integer"}
		if k.Min != 0 || k.Max != 0 {
			n["minimum"], n["maximum"] = k.Min, k.Max
		}
		s = map[string]any{"anyOf": []any{n, map[string]any{"enum": k.Allowed}, exprStr}}
	case TBool:
		if k.Literal {
			s = map[string]any{"type": "boolean"}
		} else {
			s = map[string]any{"anyOf": []any{map[string]any{"type": "boolean"}, exprStr}}
		}
	case TStrings:
		item := map[string]any{"type": "string"}
		if len(k.Allowed) > 0 {
			item = map[string]any{"enum": k.Allowed}
		}
		s = map[string]any{"anyOf": []any{item, map[string]any{"type": "array", "items": item}}}
	case TInts:
		s = map[string]any{"type": "array", "items": map[string]any{"type": "integer"}}
	case TIntsOrExpr:
		s = map[string]any{"anyOf": []any{map[string]any{"type": "array", "items": map[string]any{"type": "integer"}}, exprStr}}
	case TStringLists:
		s = map[string]any{"type": "array", "items": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}}
	case TIntLists:
		s = map[string]any{"type": "array", "items": map[string]any{"type": "array", "items": map[string]any{"type": "integer"}}}
	case TTable:
		s = map[string]any{"type": "object"}
	case TScalar:
		s = map[string]any{"type": []any{"number", "string", "boolean"}}
	case TNumber:
		s = map[string]any{"type": "number"}
	case TScalars:
		s = map[string]any{"type": "array", "items": map[string]any{"type": []any{"number", "string", "boolean"}}}
	}
	if k.Doc != "" {
		s["description"] = k.Doc
	}
	if k.Default != nil {
		s["default"] = k.Default
	}
	return s
}

// propsJSON gives the properties of keys, a TTable key taking its table's
// schema from sub.
func propsJSON(keys []*Key, sub map[string]*schemaTable) map[string]any {
	props := map[string]any{}
	for _, k := range keys {
		if old, seen := props[k.Name]; seen {
			// another kind's declaration of the name: either may hold
			if v := valueJSON(k); !sameJSON(old, v) {
				props[k.Name] = map[string]any{"anyOf": []any{old, v}}
			}
			continue
		}
		if t, ok := sub[k.Name]; ok {
			s := tableJSON(t)
			if k.Doc != "" {
				s["description"] = k.Doc
			}
			props[k.Name] = s
			continue
		}
		props[k.Name] = valueJSON(k)
	}
	return props
}

// deprecatedJSON adds the deprecated spellings of t's keys, which still
// load (with a warning).
func deprecatedJSON(t *schemaTable, props map[string]any) {
	for _, dk := range deprecatedKeys {
		if !tableMatches(dk.table, t.path) {
			continue
		}
		if cur, ok := props[dk.new].(map[string]any); ok {
			old := maps.Clone(cur)
			old["description"] = fmt.Sprintf("deprecated: write %s (same meaning)", dk.new)
			props[dk.old] = old
		}
	}
}

// tableMatches reports whether a deprecatedKeys table pattern ("moves.*")
// names the schema table at path ("moves.NAME").
func tableMatches(pattern, path string) bool {
	pp, tp := strings.Split(pattern, "."), strings.Split(path, ".")
	if len(pp) != len(tp) {
		return false
	}
	for i := range pp {
		if pp[i] != "*" && pp[i] != tp[i] {
			return false
		}
	}
	return true
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func tableJSON(t *schemaTable) map[string]any {
	switch {
	case t.named:
		return map[string]any{"type": "object", "additionalProperties": tableJSON(t.entry)}
	case t.free != nil && t.keys == nil:
		return map[string]any{"type": "object", "additionalProperties": valueJSON(t.free)}
	}
	var extra any = false
	if t.free != nil {
		extra = valueJSON(t.free)
	}
	all := append([]*Key(nil), t.keys...)
	for _, kd := range t.kinds {
		all = append(all, kd.keys...)
	}
	s := map[string]any{"type": "object", "properties": propsJSON(all, t.sub), "additionalProperties": extra}
	deprecatedJSON(t, s["properties"].(map[string]any))
	if t.disc == "" {
		return s
	}
	names := make([]string, len(t.kinds))
	var branches []any
	for i, kd := range t.kinds {
		names[i] = kd.name
		takes := keyNames(t.keys, kd.keys)
		for _, dk := range deprecatedKeys {
			if tableMatches(dk.table, t.path) && slices.Contains(takes, dk.new) {
				takes = append(takes, dk.old)
			}
		}
		branches = append(branches, map[string]any{
			"if":   map[string]any{"properties": map[string]any{t.disc: map[string]any{"const": kd.name}}, "required": []string{t.disc}},
			"then": map[string]any{"properties": propsJSON(kd.keys, t.sub), "propertyNames": map[string]any{"enum": takes}},
		})
	}
	props := s["properties"].(map[string]any)
	d := props[t.disc].(map[string]any)
	var doc []string
	for _, kd := range t.kinds {
		doc = append(doc, kd.name+": "+kd.doc)
	}
	if d["enum"] == nil {
		d = map[string]any{"anyOf": []any{map[string]any{"enum": names}, map[string]any{"type": "string", "pattern": identPattern}}}
	} else {
		d = map[string]any{"enum": names}
	}
	d["description"] = strings.Join(doc, "; ")
	props[t.disc] = d
	s["allOf"] = branches
	return s
}

// ---- key reference ----------------------------------------------------------

// KeyAnchor returns the HTML anchor of a table's section in the key
// reference: "keys-turns", "keys-moves-name" for [moves.NAME], "keys-top"
// for the top level. The prose sections of docs/variant-format.md link to
// them instead of repeating the keys' types and defaults.
func KeyAnchor(path string) string {
	if path == "" {
		return "keys-top"
	}
	return "keys-" + strings.NewReplacer(".", "-", "_", "-").Replace(strings.ToLower(path))
}

// KeyReference returns the key reference of docs/variant-format.md in
// Markdown: one table per table of the format, each key with its type,
// default, allowed values, the kinds that take it and its documentation.
func KeyReference() string {
	var b strings.Builder
	var walk func(t *schemaTable)
	walk = func(t *schemaTable) {
		switch {
		case t.named:
			walk(t.entry)
			return
		case t.free != nil && t.keys == nil:
			fmt.Fprintf(&b, "<a id=\"%s\"></a>\n\n#### `[%s]`\n\nEvery key is a name the file chooses; its value: %s. %s\n\n", KeyAnchor(t.path), t.path, typeDoc(t.free), t.free.Doc)
			return
		}
		title := "top level"
		if t.path != "" {
			title = "`[" + t.path + "]`"
		}
		fmt.Fprintf(&b, "<a id=\"%s\"></a>\n\n#### %s\n\n", KeyAnchor(t.path), title)
		if t.disc != "" {
			fmt.Fprintf(&b, "`%s`:\n\n", t.disc)
			for _, kd := range t.kinds {
				fmt.Fprintf(&b, "- `%s`: %s\n", kd.name, kd.doc)
			}
			b.WriteString("\n| key | type | default | kinds | meaning |\n|---|---|---|---|---|\n")
		} else {
			b.WriteString("| key | type | default | meaning |\n|---|---|---|---|\n")
		}
		// each declaration once, with the kinds that take it
		type row struct {
			k     *Key
			kinds []string
		}
		var rows []*row
		index := map[*Key]*row{}
		add := func(k *Key, kind string) {
			r, ok := index[k]
			if !ok {
				r = &row{k: k}
				index[k] = r
				rows = append(rows, r)
			}
			if kind != "" {
				r.kinds = append(r.kinds, kind)
			}
		}
		for _, k := range t.keys {
			add(k, "")
		}
		for _, kd := range t.kinds {
			for _, k := range kd.keys {
				add(k, kd.name)
			}
		}
		sort.SliceStable(rows, func(i, j int) bool { return rows[i].k.Name < rows[j].k.Name })
		for _, r := range rows {
			def := ""
			switch {
			case r.k.Required:
				def = "required"
			case r.k.Default != nil:
				def = fmt.Sprintf("`%v`", r.k.Default)
				if s, ok := r.k.Default.(string); ok {
					def = fmt.Sprintf("`%q`", s)
				}
			}
			if t.disc != "" {
				kinds := "all"
				if len(r.kinds) > 0 {
					kinds = strings.Join(r.kinds, ", ")
				}
				typ := typeDoc(r.k)
				if r.k.Name == t.disc {
					typ = "choice: one of the " + t.disc + "s above"
				}
				fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", r.k.Name, typ, def, kinds, cellText(r.k.Doc))
			} else {
				fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.k.Name, typeDoc(r.k), def, cellText(r.k.Doc))
			}
		}
		b.WriteString("\n")
		var subs []string
		for name := range t.sub {
			subs = append(subs, name)
		}
		sort.Strings(subs)
		for _, name := range subs {
			walk(t.sub[name])
		}
	}
	walk(formatSchema())
	return b.String()
}

func typeDoc(k *Key) string {
	switch k.Type {
	case TChoice:
		return "choice: " + quoteAll(k.Allowed)
	case TIntOrWord:
		return "int or expr, or " + quoteAll(k.Allowed)
	case TInt:
		if k.Min != 0 || k.Max != 0 {
			return fmt.Sprintf("int or expr, %d..%d", k.Min, k.Max)
		}
		return "int or expr"
	case TBool:
		if k.Literal {
			return "bool"
		}
		return "bool or expr"
	case TStrings:
		if len(k.Allowed) > 0 {
			return "string or array of " + quoteAll(k.Allowed)
		}
		return "string or array of strings"
	case TInts:
		return "array of integers"
	case TIntsOrExpr:
		return "array of integers or expr"
	case TExpr:
		return "expr"
	}
	return k.Type.String()
}

func quoteAll(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = "`\"" + x + "\"`"
	}
	return strings.Join(q, ", ")
}

// cellText escapes a doc line for a Markdown table cell.
func cellText(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
