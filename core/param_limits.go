// This file holds [param_limits.NAME]: the values a parameter may take, so
// that a value the rules make no sense with (a cribbage target of 0, five
// players on a four-seat board) is refused at the key or the flag that
// gave it, whether it came from the file, an extending file, --set or the
// editor's :set.

package core

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"rulesmith/core/diag"
)

// paramLimitKeys are the keys of [param_limits.NAME].
var paramLimitKeys = []*Key{
	{Name: "min", Type: TNumber, Doc: "the smallest value an integer or float parameter may take"},
	{Name: "max", Type: TNumber, Doc: "the largest value an integer or float parameter may take"},
	{Name: "allowed", Type: TScalars, Doc: "the only values the parameter may take, each of the parameter's type"},
	{Name: "cite", Type: TString, Doc: "a reference into the rule text"},
}

// paramLimit is what [param_limits.NAME] allows.
type paramLimit struct {
	min, max       float64
	hasMin, hasMax bool
	allowed        []any // of the parameter's type (int, float64, string, bool)
	// where is the place of each limit key ("param_limits.NAME.max,
	// file:line:col"), by key
	where map[string]string
}

// readParamLimits reads [param_limits]: every name must be a parameter, and
// the limits must suit its type.
func (c *compiler) readParamLimits() map[string]*paramLimit {
	r := c.r
	names := r.Keys("param_limits", nil)
	if len(names) == 0 {
		return nil
	}
	out := map[string]*paramLimit{}
	for _, name := range names {
		p := "param_limits." + name
		old, known := c.params[name]
		if !known {
			if s := diag.Closest(name, sortedKeys(c.params)); s != "" {
				r.Errorf(p, "%s: no parameter %q (did you mean %q?)", p, name, s)
			} else {
				r.Errorf(p, "%s: no parameter %q in [params]", p, name)
			}
			continue
		}
		r.Keys(p, keyNames(paramLimitKeys))
		c.readString(p, keyOf(paramLimitKeys, "cite"))
		l := &paramLimit{}
		_, numeric := paramFloat(old)
		for _, k := range []string{"min", "max"} {
			v, ok := r.Doc.Get(p + "." + k)
			if !ok {
				continue
			}
			if !numeric {
				r.Errorf(p+"."+k, "%s.%s: parameter %s is %s, not a number: give allowed values instead", p, k, name, paramTypeName(old))
				continue
			}
			f, isNum := paramFloat(v)
			if !isNum || math.IsNaN(f) || math.IsInf(f, 0) {
				r.ValueErrorf(p+"."+k, "%s.%s: want a number, got %v", p, k, v)
				continue
			}
			if k == "min" {
				l.min, l.hasMin = f, true
			} else {
				l.max, l.hasMax = f, true
			}
		}
		if l.hasMin && l.hasMax && l.min > l.max {
			r.ValueErrorf(p+".max", "%s: max %s is below min %s", p, fmtNum(l.max), fmtNum(l.min))
			l.hasMin, l.hasMax = false, false
		}
		if v, ok := r.Doc.Get(p + ".allowed"); ok {
			arr, isArr := v.([]any)
			if !isArr || len(arr) == 0 {
				r.ValueErrorf(p+".allowed", "%s.allowed: want a non-empty array of values of the parameter's type (%s)", p, paramTypeName(old))
			}
			for i, e := range arr {
				if x, ok := paramValueOf(old, e); ok {
					l.allowed = append(l.allowed, x)
				} else {
					r.ValueErrorf(fmt.Sprintf("%s.allowed.%d", p, i), "%s.allowed: element %d: want %s like the parameter, got %s", p, i+1, paramTypeName(old), tomlText(e))
				}
			}
		}
		l.where = map[string]string{}
		for _, k := range []string{"allowed", "min", "max"} {
			if r.Has(p + "." + k) {
				o := r.Doc.Origin(p + "." + k)
				l.where[k] = fmt.Sprintf("%s.%s, %s:%d:%d", p, k, o.File, o.Pos.Line, o.Pos.Col)
			}
		}
		out[name] = l
	}
	return out
}

// ParamAllowed says what values [param_limits] allows parameter name:
// "61 or 121", "in 2..4", or "" when it sets no limit.
func (g *Game) ParamAllowed(name string) string {
	if l := g.paramLimits[name]; l != nil && (len(l.allowed) > 0 || l.hasMin || l.hasMax) {
		return l.describe()
	}
	return ""
}

// check returns why v is outside the limit and the place of the limit it
// breaks, or "".
func (l *paramLimit) check(v any) (why, where string) {
	if len(l.allowed) > 0 && !slices.Contains(l.allowed, v) {
		return fmt.Sprintf("%s is not %s", fmtParam(v), l.describe()), l.where["allowed"]
	}
	if f, ok := paramFloat(v); ok {
		if l.hasMin && f < l.min {
			return fmt.Sprintf("%s is out of range %s", fmtParam(v), l.rangeText()), l.where["min"]
		}
		if l.hasMax && f > l.max {
			return fmt.Sprintf("%s is out of range %s", fmtParam(v), l.rangeText()), l.where["max"]
		}
	}
	return "", ""
}

// describe says what the limit allows: "61 or 121", "in 2..4".
func (l *paramLimit) describe() string {
	if len(l.allowed) > 0 {
		parts := make([]string, len(l.allowed))
		for i, a := range l.allowed {
			parts[i] = fmtParam(a)
		}
		switch n := len(parts); {
		case n == 2:
			return parts[0] + " or " + parts[1]
		case n > 2:
			return "one of " + strings.Join(parts[:n-1], ", ") + " or " + parts[n-1]
		}
		return parts[0]
	}
	return "in " + l.rangeText()
}

func (l *paramLimit) rangeText() string {
	lo, hi := "", ""
	if l.hasMin {
		lo = fmtNum(l.min)
	}
	if l.hasMax {
		hi = fmtNum(l.max)
	}
	return lo + ".." + hi
}

// checkParamLimits checks every limited parameter's value: one given by
// --set is refused at the flag (set names those), one from a file at the
// key that wrote it.
func (c *compiler) checkParamLimits(limits map[string]*paramLimit, set map[string]string) error {
	for _, name := range sortedKeys(c.params) {
		l := limits[name]
		if l == nil {
			continue
		}
		why, where := l.check(c.params[name])
		if why == "" {
			continue
		}
		if kv, ok := set[name]; ok {
			return fmt.Errorf("--set %s: parameter %s: %s (%s)", kv, name, why, where)
		}
		c.r.ValueErrorf("params."+name, "params.%s: %s (%s)", name, why, where)
	}
	return nil
}

// paramValueOf converts a TOML value to the type of the parameter old.
func paramValueOf(old, v any) (any, bool) {
	switch old.(type) {
	case int:
		if n, ok := v.(int64); ok {
			return int(n), true
		}
	case float64:
		if f, ok := paramFloat(v); ok {
			return f, true
		}
	case string:
		s, ok := v.(string)
		return s, ok
	case bool:
		b, ok := v.(bool)
		return b, ok
	}
	return nil, false
}

func paramFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

func paramTypeName(v any) string {
	switch v.(type) {
	case int:
		return "an integer"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	}
	return "a string"
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// tomlText writes a decoded TOML value as it would be written in a file.
func tomlText(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case float64:
		return fmtNum(x)
	case int64, bool:
		return fmt.Sprint(x)
	}
	return "a " + fmt.Sprintf("%T", v)
}

func fmtParam(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case float64:
		return fmtNum(x)
	}
	return fmt.Sprint(v)
}
