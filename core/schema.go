// This file holds the schema as data: every key of a variant file is
// declared once, as a Key next to the code that compiles it, and the key
// checks, the typed reads, the key reference of docs/variant-format.md and
// the JSON Schema (`rulesmith schema`) are all derived from those
// declarations.

package core

import (
	"fmt"
	"slices"
	"strings"

	"github.com/expr-lang/expr"
)

// ValueType is what a key's value may be.
type ValueType int

// The value types of keys.
const (
	// TString is a string.
	TString ValueType = iota
	// TChoice is one of the key's Allowed strings, or the name of a string
	// parameter holding one of them.
	TChoice
	// TInt is an integer, or an expression over [params] ('pits * 2').
	TInt
	// TBool is true or false, or an expression over [params].
	TBool
	// TStrings is a string or an array of strings.
	TStrings
	// TInts is an array of integers.
	TInts
	// TExpr is an expression, written as a string.
	TExpr
	// TTable is a table whose keys the file names.
	TTable
	// TScalar is a number, string or boolean.
	TScalar
	// TIntOrWord is an integer, an expression over [params], or one of the
	// key's Allowed words.
	TIntOrWord
	// TStringLists is an array of arrays of strings.
	TStringLists
	// TIntLists is an array of arrays of integers.
	TIntLists
	// TNumber is an integer or a float.
	TNumber
	// TScalars is an array of numbers, strings or booleans.
	TScalars
	// TIntsOrExpr is an array of integers, or an expression over [params]
	// giving one ('map(1..size, size)').
	TIntsOrExpr
)

var valueTypeNames = []string{"string", "choice", "integer", "boolean", "strings", "integers", "expression", "table", "scalar", "integer or word", "arrays of strings", "arrays of integers", "number", "array of scalars", "integers or expression"}

func (t ValueType) String() string { return valueTypeNames[t] }

// Key declares one key of a table: its name, the type of its value, its
// default, the values it allows and one line of documentation.
type Key struct {
	Name    string
	Type    ValueType
	Default any // nil: no default (absent means "none" or the key is required)
	Allowed []string
	// Min and Max bound an integer (both zero: unbounded).
	Min, Max int
	// Required: the table is refused without it.
	Required bool
	// Literal: a TBool that takes only true or false, not an expression,
	// or a TChoice that takes only its Allowed values, not a parameter.
	Literal bool
	// Param: a TString (a seat) that may also name a string parameter
	// holding the value.
	Param bool
	Doc   string
}

// names returns the names of keys, in order.
func keyNames(lists ...[]*Key) []string {
	var out []string
	for _, l := range lists {
		for _, k := range l {
			out = append(out, k.Name)
		}
	}
	return out
}

// ---- typed reads ----------------------------------------------------------
//
// Each reads the key k of the table at p with k's default, type and
// allowed values, recording a positioned diagnostic for a wrong value.

func keyPath(p string, k *Key) string {
	if p == "" {
		return k.Name
	}
	return p + "." + k.Name
}

func (c *compiler) has(p string, k *Key) bool { return c.r.Has(keyPath(p, k)) }

// readString reads a string key (TString, TExpr).
func (c *compiler) readString(p string, k *Key) string {
	def, _ := k.Default.(string)
	return c.r.String(keyPath(p, k), def)
}

// readChoice reads a choice key: one of k.Allowed, or the name of a string
// parameter holding one.
func (c *compiler) readChoice(p string, k *Key) string {
	def, _ := k.Default.(string)
	if k.Literal {
		return c.r.OneOf(keyPath(p, k), def, k.Allowed...)
	}
	return c.choice(keyPath(p, k), def, k.Allowed...)
}

// readInt reads an integer key, which may be an expression over [params].
func (c *compiler) readInt(p string, k *Key) int {
	def, _ := k.Default.(int)
	return c.num(keyPath(p, k), def, k.Min, k.Max)
}

// readInts reads an array of integers, each in k.Min..k.Max; a key of type
// TIntsOrExpr may instead be an expression over [params] giving one
// ('map(1..size, size)'), whose errors and wrong values are reported at
// its place (or at the parameter of an extending file that breaks it).
func (c *compiler) readInts(p string, k *Key) []int {
	path := keyPath(p, k)
	v, ok := c.r.Doc.Get(path)
	src, isExpr := v.(string)
	if !ok || !isExpr || k.Type != TIntsOrExpr {
		return c.r.Ints(path, k.Min, k.Max)
	}
	prog := c.compileExpr(path, src, c.params)
	if prog == nil {
		return nil
	}
	val, err := expr.Run(prog, c.params)
	if err != nil {
		c.exprValueErrorf(path, src, "%s: %s", path, exprMsg(err))
		return nil
	}
	var list []any
	switch x := val.(type) {
	case []any:
		list = x
	case []int:
		for _, n := range x {
			list = append(list, n)
		}
	default:
		c.exprValueErrorf(path, src, "%s: %q gives %s; want a list of integers", path, src, valueType(val))
		return nil
	}
	out := make([]int, 0, len(list))
	for i, e := range list {
		n, isInt := e.(int)
		if !isInt {
			c.exprValueErrorf(path, src, "%s: %q gives %s as element %d; want a list of integers", path, src, valueType(e), i+1)
			return nil
		}
		if n < k.Min || n > k.Max {
			c.exprValueErrorf(path, src, "%s: %q gives %d as element %d, out of range %d..%d", path, src, n, i+1, k.Min, k.Max)
			return nil
		}
		out = append(out, n)
	}
	return out
}

// itemCount evaluates the count of a setup item KIND:COUNT whose count is
// an expression over [params] ("stone:(size*size+1)/2"), starting at byte
// at of the item; its errors are reported at their place in the item.
func (c *compiler) itemCount(path, item string, at int) (int, bool) {
	// blanks in place of KIND: keep the expression's columns the item's
	src := strings.Repeat(" ", at) + item[at:]
	prog := c.compileExpr(path, src, c.params, expr.AsInt())
	if prog == nil {
		return 0, false
	}
	out, err := expr.Run(prog, c.params)
	if err != nil {
		c.exprValueErrorf(path, item, "%s: %q: %s", path, item, exprMsg(err))
		return 0, false
	}
	n := out.(int)
	if n < 0 || n > MaxPieces {
		c.exprValueErrorf(path, item, "%s: %q: the count is %d, out of range 0..%d", path, item, n, MaxPieces)
		return 0, false
	}
	return n, true
}

// readBool reads a boolean key, which may be an expression over [params].
func (c *compiler) readBool(p string, k *Key) bool {
	def, _ := k.Default.(bool)
	if k.Literal {
		return c.r.Bool(keyPath(p, k), def)
	}
	return c.flag(keyPath(p, k), def)
}

// readStrings reads a string or an array of strings.
func (c *compiler) readStrings(p string, k *Key) []string {
	return c.r.Strings(keyPath(p, k))
}

// readKinds reads a list of piece kind names into a per-kind table, or nil
// when the key is absent (every kind).
func (c *compiler) readKinds(p string, k *Key) []bool {
	if !c.has(p, k) {
		return nil
	}
	out := make([]bool, len(c.g.kinds))
	for i, name := range c.readStrings(p, k) {
		if ki := c.kind(fmt.Sprintf("%s.%d", keyPath(p, k), i), name); ki >= 0 {
			out[ki] = true
		}
	}
	return out
}

// checkKindKeys reports every key of the table at p that its kind does not
// take: a key that another kind takes is named with the keys this kind
// takes (disc = "kind" or "type", the key that names the kind); any other
// unknown key is reported as Reader.Keys does, with a did-you-mean.
func (c *compiler) checkKindKeys(p, disc, kind string, takes, all []string) {
	allowed := append(append([]string(nil), takes...), all...)
	for _, k := range c.r.Keys(p, allowed) {
		if slices.Contains(takes, k) {
			continue
		}
		sorted := slices.Clone(takes)
		slices.Sort(sorted)
		c.r.Errorf(p+"."+k, "unknown key %q in [%s]: %s = %q takes %s", k, p, disc, kind, strings.Join(sorted, ", "))
	}
}

// keyOf returns the declaration called name in keys; a name not declared
// is a programming error.
func keyOf(keys []*Key, name string) *Key {
	for _, k := range keys {
		if k.Name == name {
			return k
		}
	}
	panic("core: key " + name + " is not declared")
}
