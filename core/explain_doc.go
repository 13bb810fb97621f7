package core

import "strings"

// What a rulebook generator (rulesmith explain) may ask of a compiled
// game: the keys a table was written with, and the format's own wording
// for each key and each primitive, taken from the registries so that it
// cannot drift from what the compiler reads.

// Keys returns the keys of the table at the dotted path of the merged
// variant (after extends and --set), in written order; nil when there is
// no such table.
func (g *Game) Keys(path string) []string { return g.doc.Children(path) }

// TableValue returns the merged document's value at a dotted path, tables
// and arrays included (Value returns only scalars).
func (g *Game) TableValue(path string) (any, bool) { return g.doc.Get(path) }

// TypeDoc returns the one-line description of a primitive: table is
// "moves", "end", "effects" or "board" and name the value of its type (or
// kind) key. It returns "" for an unknown one.
func TypeDoc(table, name string) string {
	t := formatSchema().sub[table]
	if t == nil {
		return ""
	}
	if t.named {
		t = t.entry
	}
	for _, k := range t.kinds {
		if k.name == name {
			return k.doc
		}
	}
	return ""
}

// KeyDoc returns the format's description of the key at the dotted path in
// this game ("moves.sow.capture_min", "turns.stuck"): the doc line of the
// key as its primitive declares it (the primitive chosen by the table's
// type or kind). It returns "" for a key the format does not describe.
func (g *Game) KeyDoc(path string) string {
	doc, _ := g.keyAt(path)
	return doc
}

// KeyNamesParam reports whether the string value of the key at path may
// name a parameter whose value it then takes (a number, flag, choice or
// expression key), as opposed to a name of the board or the rules (a
// region, a relation, a seat).
func (g *Game) KeyNamesParam(path string) bool {
	_, k := g.keyAt(path)
	return k != nil && (k.Param || k.Type != TString && k.Type != TStrings)
}

// keyAt finds the key at path: its doc, and its declaration when it is a
// declared key (not a table or a free key).
func (g *Game) keyAt(path string) (string, *Key) {
	segs := strings.Split(path, ".")
	t := formatSchema()
	prefix := ""
	for i := 0; i < len(segs); i++ {
		seg := segs[i]
		if t.named {
			prefix = join2(prefix, seg)
			t = t.entry
			continue
		}
		last := i == len(segs)-1
		if k := g.schemaKey(t, prefix, seg); k != nil && last {
			return k.Doc, k
		}
		if sub := t.sub[seg]; sub != nil {
			prefix = join2(prefix, seg)
			t = sub
			if last {
				return t.doc, nil
			}
			continue
		}
		if t.free != nil && last {
			return t.free.Doc, t.free
		}
		return "", nil
	}
	return "", nil
}

// schemaKey finds key name in table t at prefix, among its own keys and
// those of the kind its discriminator selects.
func (g *Game) schemaKey(t *schemaTable, prefix, name string) *Key {
	for _, k := range t.keys {
		if k.Name == name {
			return k
		}
	}
	if t.disc == "" {
		return nil
	}
	v, _ := g.doc.Get(join2(prefix, t.disc))
	kind, _ := v.(string)
	for _, sk := range t.kinds {
		if sk.name != kind {
			continue
		}
		for _, k := range sk.keys {
			if k.Name == name {
				return k
			}
		}
	}
	return nil
}

func join2(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}
