package core

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"time"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/vm/runtime"
)

// Budget bounds the work of compiling one variant: the expressions it
// evaluates on cells and pairs of cells, and the tables it builds from them.
// When it is spent, compiling stops with an error naming the key at work.
type Budget struct {
	// Time is the wall-clock time one compile may take.
	Time time.Duration
	// Memory is the number of bytes the compile may build: strings made by
	// expressions (each counted when it is made, so a string rebuilt in a
	// loop counts every time), cell attributes, relation pairs (4 bytes
	// each) and `when` tables (1 byte per pair of cells).
	Memory int64
}

// DefaultBudget is the budget of a compile unless WithBudget changes it;
// every shipped variant needs a small fraction of it.
var DefaultBudget = Budget{Time: 10 * time.Second, Memory: 64 << 20}

// MaxExprString is the longest string an expression may build, in bytes,
// at load time and in play.
const MaxExprString = 64 << 10

// WithBudget sets the time and memory budget of the compile; a zero field
// keeps the default.
func WithBudget(b Budget) Option {
	return func(o *options) { o.budget = b }
}

// meter counts what a compile spends against its budget. It is written only
// by the goroutine that compiles; once the compile is over (done), the
// expression functions that share it only apply MaxExprString.
type meter struct {
	budget   Budget
	deadline time.Time
	used     int64
	ticks    int
	err      error // why the budget is spent, once it is
	done     bool
}

func newMeter(b Budget) *meter {
	if b.Time <= 0 {
		b.Time = DefaultBudget.Time
	}
	if b.Memory <= 0 {
		b.Memory = DefaultBudget.Memory
	}
	return &meter{budget: b, deadline: time.Now().Add(b.Time)}
}

// errBudget reports a spent budget.
type errBudget struct{ msg string }

func (e *errBudget) Error() string { return e.msg }

// spend counts n bytes and returns an error once the budget is spent.
func (m *meter) spend(n int64) error {
	if m == nil || m.done {
		return nil
	}
	if m.err != nil {
		return m.err
	}
	m.used += n
	if m.used > m.budget.Memory {
		m.err = &errBudget{fmt.Sprintf("the compile memory budget (%d MiB) is spent; raise it with --compile-memory", m.budget.Memory>>20)}
		return m.err
	}
	if m.ticks++; m.ticks&63 == 0 && time.Now().After(m.deadline) {
		m.err = &errBudget{fmt.Sprintf("the compile time budget (%v) is spent; raise it with --compile-time", m.budget.Time)}
	}
	return m.err
}

// budgetStop is the panic value that ends a compile whose budget is spent;
// Compile recovers it and reports the key at work.
type budgetStop struct {
	path string
	err  error
}

// charge counts n bytes spent on the key at path, and stops the compile
// when the budget is spent (including by an expression's function).
func (c *compiler) charge(path string, n int64) {
	if err := c.meter.spend(n); err != nil {
		panic(budgetStop{path, err})
	}
}

// meterOptions are the expr options that count what expressions build
// against the compile's meter: string concatenation and the builtins that
// can make a string longer than their arguments.
func (c *compiler) meterOptions() []expr.Option {
	m := c.meter
	opts := []expr.Option{expr.Patch(concatPatcher{}), expr.Patch(tickPatcher{})}
	opts = append(opts, func(cf *conf.Config) {
		cf.Functions[concatStrings] = &builtin.Function{Name: concatStrings, Types: []reflect.Type{reflect.TypeOf(func(string, string) string { return "" })},
			Func: func(args ...any) (any, error) {
				a, b := args[0].(string), args[1].(string)
				if err := m.str(int64(len(a)) + int64(len(b))); err != nil {
					return nil, fmt.Errorf("+: %w", err)
				}
				return a + b, nil
			}}
		cf.Functions[concatAny] = &builtin.Function{Name: concatAny,
			Func: func(args ...any) (any, error) {
				a, aStr := args[0].(string)
				b, bStr := args[1].(string)
				if aStr && bStr {
					if err := m.str(int64(len(a)) + int64(len(b))); err != nil {
						return nil, fmt.Errorf("+: %w", err)
					}
					return a + b, nil
				}
				return runtime.Add(args[0], args[1]), nil
			}}
		for kind, f := range tickTypes {
			name := tick + kind
			cf.Functions[name] = &builtin.Function{Name: name, Types: []reflect.Type{reflect.TypeOf(f)},
				Func: func(args ...any) (any, error) {
					if err := m.spend(0); err != nil {
						return nil, err
					}
					return args[0], nil
				}}
		}
		for _, b := range builtin.Builtins {
			size, ok := growing[b.Name]
			if !ok {
				continue
			}
			orig := b
			cf.Functions[b.Name] = &builtin.Function{Name: b.Name, Types: orig.Types,
				Func: func(args ...any) (any, error) {
					if err := m.str(size(args)); err != nil {
						return nil, fmt.Errorf("%s: %w", orig.Name, err)
					}
					return callBuiltin(orig, args)
				}}
		}
	})
	return opts
}

// str counts a string of n bytes an expression is about to build.
func (m *meter) str(n int64) error {
	if n > MaxExprString {
		return fmt.Errorf("a string of %d bytes; the limit is %d", n, MaxExprString)
	}
	return m.spend(n)
}

func callBuiltin(b *builtin.Function, args []any) (any, error) {
	switch {
	case b.Fast != nil:
		return b.Fast(args[0]), nil
	case b.Safe != nil:
		out, _, err := b.Safe(args...)
		return out, err
	}
	return b.Func(args...)
}

// growing gives, for each builtin that can build a string longer than its
// arguments, a bound on that string's length computed before it is built.
var growing = map[string]func(args []any) int64{
	"repeat": func(args []any) int64 {
		s, _ := args[0].(string)
		n := int64(runtime.ToInt(args[1]))
		if n < 0 || len(s) == 0 {
			return 0
		}
		if n > MaxExprString {
			return MaxExprString + 1
		}
		return int64(len(s)) * n
	},
	"join": func(args []any) int64 {
		glue := ""
		if len(args) > 1 {
			glue, _ = args[1].(string)
		}
		return sizeOf(args[0], 0) + int64(len(glue))*elems(args[0])
	},
	"replace": func(args []any) int64 {
		s, _ := args[0].(string)
		if len(args) < 3 {
			return int64(len(s))
		}
		old, _ := args[1].(string)
		nw, _ := args[2].(string)
		k := int64(strings.Count(s, old))
		return int64(len(s)) + k*int64(len(nw))
	},
	"toJSON":   func(args []any) int64 { return 2 * sizeOf(args[0], 0) },
	"toBase64": func(args []any) int64 { return 2 * sizeOf(args[0], 0) },
	"string":   func(args []any) int64 { return sizeOf(args[0], 0) },
}

// sizeOf estimates the bytes of v written out as text.
func sizeOf(v any, depth int) int64 {
	if depth > MaxExprDepth {
		return 0
	}
	switch x := v.(type) {
	case string:
		return int64(len(x)) + 2
	case []any:
		n := int64(2)
		for _, e := range x {
			n += sizeOf(e, depth+1) + 1
			if n > MaxExprString {
				return n
			}
		}
		return n
	case map[string]any:
		n := int64(2)
		for k, e := range x {
			n += int64(len(k)) + sizeOf(e, depth+1) + 4
			if n > MaxExprString {
				return n
			}
		}
		return n
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array {
		return int64(rv.Len()) * 24
	}
	return 24
}

func elems(v any) int64 {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array {
		return int64(rv.Len())
	}
	return 0
}

// The functions a string concatenation is rewritten to call.
const (
	concatStrings = "__concat_strings"
	concatAny     = "__concat"
)

// concatPatcher rewrites `a + b` where both sides are strings, or either is
// of a type known only when it runs, into a call that counts the string it
// builds. Additions of numbers keep the operator.
type concatPatcher struct{}

func (concatPatcher) Visit(node *ast.Node) {
	bin, ok := (*node).(*ast.BinaryNode)
	if !ok || bin.Operator != "+" {
		return
	}
	l, r := kindOf(bin.Left), kindOf(bin.Right)
	name := ""
	switch {
	case l == reflect.String && r == reflect.String:
		name = concatStrings
	case (l == reflect.String || l == reflect.Interface) && (r == reflect.String || r == reflect.Interface):
		name = concatAny
	default:
		return
	}
	call := &ast.CallNode{Callee: &ast.IdentifierNode{Value: name}, Arguments: []ast.Node{bin.Left, bin.Right}}
	ast.Patch(node, call)
}

func kindOf(n ast.Node) reflect.Kind {
	t := n.Type()
	if t == nil {
		return reflect.Interface
	}
	return t.Kind()
}

// The functions integer arithmetic in a score is rewritten to call.
const (
	checkedAdd = "__checked_add"
	checkedSub = "__checked_sub"
	checkedMul = "__checked_mul"
)

// checkedArithmetic makes `+`, `-` and `*` between integers fail on
// overflow instead of wrapping (a wrapped score flips the winner).
func checkedArithmetic() []expr.Option {
	intOp := reflect.TypeOf(func(int, int) int { return 0 })
	def := func(name, op string, f func(a, b int) (int, bool)) expr.Option {
		return func(cf *conf.Config) {
			cf.Functions[name] = &builtin.Function{Name: name, Types: []reflect.Type{intOp},
				Func: func(args ...any) (any, error) {
					a, b := args[0].(int), args[1].(int)
					n, ok := f(a, b)
					if !ok {
						return nil, fmt.Errorf("integer overflow: %d %s %d", a, op, b)
					}
					return n, nil
				}}
		}
	}
	return []expr.Option{
		expr.Patch(arithPatcher{}),
		def(checkedAdd, "+", func(a, b int) (int, bool) {
			n := a + b
			return n, (n > a) == (b > 0)
		}),
		def(checkedSub, "-", func(a, b int) (int, bool) {
			n := a - b
			return n, (n < a) == (b > 0)
		}),
		def(checkedMul, "*", func(a, b int) (int, bool) {
			if a == 0 || b == 0 {
				return 0, true
			}
			n := a * b
			return n, n/b == a && !(a == -1 && b == math.MinInt) && !(b == -1 && a == math.MinInt)
		}),
	}
}

// arithPatcher rewrites integer `+`, `-` and `*` into checked calls.
type arithPatcher struct{}

func (arithPatcher) Visit(node *ast.Node) {
	bin, ok := (*node).(*ast.BinaryNode)
	if !ok || kindOf(bin.Left) != reflect.Int || kindOf(bin.Right) != reflect.Int {
		return
	}
	name := map[string]string{"+": checkedAdd, "-": checkedSub, "*": checkedMul}[bin.Operator]
	if name == "" {
		return
	}
	ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: name}, Arguments: []ast.Node{bin.Left, bin.Right}})
}

// tick names the functions a predicate's body is wrapped in (one per type
// of body, tick+"bool" and so on), so that a loop (all, map, reduce...)
// checks the compile's time budget as it goes: one evaluation of an
// expression can take longer than the whole budget.
const tick = "__tick_"

// tickTypes gives the signature of each tick function by the kind it is
// named after; each returns its argument.
var tickTypes = map[string]any{
	"bool": func(bool) bool { return false }, "int": func(int) int { return 0 },
	"float64": func(float64) float64 { return 0 }, "string": func(string) string { return "" },
	"any": func(any) any { return nil },
}

// tickPatcher wraps the body of every predicate in a call to the tick
// function of its type.
type tickPatcher struct{}

func (tickPatcher) Visit(node *ast.Node) {
	p, ok := (*node).(*ast.PredicateNode)
	if !ok {
		return
	}
	if c, ok := p.Node.(*ast.CallNode); ok {
		if id, ok := c.Callee.(*ast.IdentifierNode); ok && strings.HasPrefix(id.Value, tick) {
			return // already wrapped
		}
	}
	kind := kindOf(p.Node).String()
	if _, ok := tickTypes[kind]; !ok {
		kind = "any"
	}
	p.Node = &ast.CallNode{Callee: &ast.IdentifierNode{Value: tick + kind}, Arguments: []ast.Node{p.Node}}
}
