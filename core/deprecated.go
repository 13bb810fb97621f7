// This file holds the deprecated spellings of keys and values: older names
// that still load, with a warning naming file:line:col and the new
// spelling. They were STRIX words in the generic core; the shipped
// variants use the new spellings.

package core

import (
	"strings"

	"rulesmith/core/diag"
)

// deprecatedKeys are renamed keys: in a table matching table ("*" matches
// any one name), the key old is read as new.
var deprecatedKeys = []struct{ table, old, new string }{
	{"moves.*", "capture_share_paralysed", "capture_share_eliminated"},
}

// deprecatedValues are renamed values of choice keys, by key name: old
// value → new value.
var deprecatedValues = map[string]map[string]string{
	"defenders":   {"third_bird": "bystanders"},
	"unavoidable": {"two_way_draw": "eliminate_and_end"},
}

// deprecatedNotes add to a deprecated value's warning what else changes
// with the new spelling.
var deprecatedNotes = map[string]string{
	"two_way_draw": `; ended_by is then "unavoidable" where it was "two_way_draw"`,
}

// endTwoWayDraw is the ended_by name of an unavoidable foul's ending under
// the deprecated spelling unavoidable = "two_way_draw", kept so that the
// expressions of such a file still match it.
const endTwoWayDraw = "two_way_draw"

// spelled reports whether the choice key at path is written as value,
// directly or through the string parameter it names.
func (c *compiler) spelled(path, value string) bool {
	v, _ := c.r.Doc.Get(path)
	s, _ := v.(string)
	if pv, isParam := c.params[s].(string); isParam {
		s = pv
	}
	return s == value
}

// renameDeprecatedKeys reads every deprecated key under its new name,
// warning at the old one; a table that has both is an error.
func (c *compiler) renameDeprecatedKeys() {
	r := c.r
	for _, dk := range deprecatedKeys {
		for _, table := range c.tablesMatching(dk.table) {
			old, new := table+"."+dk.old, table+"."+dk.new
			if !r.Has(old) {
				continue
			}
			if r.Has(new) {
				// both spellings: the one written in the later file of the
				// extends chain overrides the other, as any key does
				od, nd := r.Doc.Origin(old).Depth, r.Doc.Origin(new).Depth
				if od == nd {
					r.Errorf(old, "%s: deprecated spelling of %s, which is also set; keep only %s", old, dk.new, dk.new)
					r.Doc.Delete(old)
					continue
				}
				if od < nd {
					r.Warnf(old, "%s is deprecated; write %s (same meaning)", old, dk.new)
					r.Doc.Delete(old)
					continue
				}
				r.Doc.Delete(new)
			}
			r.Warnf(old, "%s is deprecated; write %s (same meaning)", old, dk.new)
			r.Doc.Rename(old, dk.new)
		}
	}
}

// tablesMatching returns the paths of the tables matching a pattern of
// dotted names where "*" matches any one name.
func (c *compiler) tablesMatching(pattern string) []string {
	paths := []string{""}
	for _, seg := range strings.Split(pattern, ".") {
		var next []string
		for _, p := range paths {
			if seg != "*" {
				next = append(next, join(p, seg))
				continue
			}
			for _, k := range c.r.Doc.Children(p) {
				if _, ok := mustTable(c, join(p, k)); ok {
					next = append(next, join(p, k))
				}
			}
		}
		paths = next
	}
	return paths
}

func mustTable(c *compiler, p string) (map[string]any, bool) {
	v, ok := c.r.Doc.Get(p)
	m, isTable := v.(map[string]any)
	return m, ok && isTable
}

func join(p, k string) string {
	if p == "" {
		return k
	}
	return p + "." + k
}

// deprecatedValue returns the new spelling of value for the key at path,
// or "" when it is not a deprecated spelling.
func deprecatedValue(path, value string) string {
	name := path[strings.LastIndexByte(path, '.')+1:]
	return deprecatedValues[name][value]
}

// Warnings returns the warnings of loading the variant: deprecated
// spellings, each at its file:line:col. The game loaded; the file should
// be updated.
func (g *Game) Warnings() diag.List { return g.warnings }
