package core

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/expr-lang/expr"

	"rulesmith/core/board"
	"rulesmith/variants"
)

// exprGen writes random expressions over two cells a and b (attributes n,
// m: int; f: float; s: string; t: bool) and parameters (k: int, q:
// float, w: string, on: bool, list: []string), mostly well typed and
// sometimes not.
type exprGen struct{ rng *rand.Rand }

func (g *exprGen) pick(xs ...string) string { return xs[g.rng.IntN(len(xs))] }

func (g *exprGen) of(kind string, depth int) string {
	if g.rng.IntN(12) == 0 { // a deliberately arbitrary kind
		kind = g.pick("int", "float", "str", "bool")
	}
	leaf := depth <= 0 || g.rng.IntN(3) == 0
	switch kind {
	case "int":
		if leaf {
			return g.pick("0", "1", "2", "-3", "7", "a.n", "b.n", "a.m", "b.m", "k", "9223372036854775807")
		}
		switch g.rng.IntN(6) {
		case 0:
			return "-" + g.of("int", depth-1)
		case 1:
			return "abs(" + g.of("int", depth-1) + ")"
		case 2:
			return "(" + g.of("bool", depth-1) + " ? " + g.of("int", depth-1) + " : " + g.of("int", depth-1) + ")"
		}
		return "(" + g.of("int", depth-1) + " " + g.pick("+", "-", "*", "%") + " " + g.of("int", depth-1) + ")"
	case "float":
		if leaf {
			return g.pick("0.5", "-1.25", "a.f", "b.f", "q", "0.0")
		}
		switch g.rng.IntN(4) {
		case 0:
			return "(" + g.of("int", depth-1) + " / " + g.of("int", depth-1) + ")"
		case 1:
			return "abs(" + g.of("float", depth-1) + ")"
		}
		return "(" + g.of(g.pick("int", "float"), depth-1) + " " + g.pick("+", "-", "*", "/") + " " + g.of("float", depth-1) + ")"
	case "str":
		if leaf {
			return g.pick(`"x"`, `"1"`, `""`, "a.s", "b.s", "w")
		}
		switch g.rng.IntN(3) {
		case 0:
			return "string(" + g.of(g.pick("int", "float", "bool", "str"), depth-1) + ")"
		case 1:
			return "(" + g.of("bool", depth-1) + " ? " + g.of("str", depth-1) + " : " + g.of("str", depth-1) + ")"
		}
		return "(" + g.of("str", depth-1) + " + " + g.of("str", depth-1) + ")"
	default:
		if leaf {
			return g.pick("true", "false", "a.t", "b.t", "on")
		}
		switch g.rng.IntN(6) {
		case 0:
			return g.pick("!", "not ") + g.of("bool", depth-1)
		case 1:
			return "(" + g.of("str", depth-1) + g.pick(" in list", " not in list") + ")"
		case 2:
			k := g.pick("int", "float", "str", "bool")
			return "(" + g.of(k, depth-1) + " " + g.pick("==", "!=") + " " + g.of(k, depth-1) + ")"
		case 3:
			k := g.pick("int", "float", "str")
			return "(" + g.of(k, depth-1) + " " + g.pick("<", ">", "<=", ">=") + " " + g.of(k, depth-1) + ")"
		case 4:
			return "(" + g.of("bool", depth-1) + " ? " + g.of("bool", depth-1) + " : " + g.of("bool", depth-1) + ")"
		}
		return "(" + g.of("bool", depth-1) + " " + g.pick("&&", "||", "and", "or") + " " + g.of("bool", depth-1) + ")"
	}
}

// show renders a result with its type, so that 1 and 1.0 differ and NaN
// equals NaN.
func show(v any) string { return fmt.Sprintf("%T %v", v, v) }

// On random expressions, the native evaluator gives exactly what expr
// gives (value and type) wherever it gives anything, never a value where
// expr fails, and it covers most well-typed expressions.
func TestFastExprMatchesExpr(t *testing.T) {
	b, err := board.Grid(3, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	for i := range b.Cells {
		a := b.Cells[i].Attrs
		a["n"], a["m"], a["f"] = i-2, i*i, float64(i)/2
		a["s"], a["t"] = []string{"x", "1", "", "xy"}[i%4], i%2 == 0
	}
	recs := make([]map[string]any, b.N())
	for i := range b.Cells {
		recs[i] = b.Cells[i].Attrs
	}
	env := map[string]any{"a": recs[0], "b": recs[0], "k": 3, "q": 0.75, "w": "x", "on": true, "list": []string{"x", "y"}}
	gen := &exprGen{rng: rand.New(rand.NewPCG(1, 2))}
	n := 3000
	if testing.Short() {
		n = 600
	}
	compiled, native, values := 0, 0, 0
	for range n {
		src := gen.of(gen.pick("int", "float", "str", "bool"), 4)
		prog, err := expr.Compile(src, expr.Env(env))
		if err != nil {
			continue
		}
		compiled++
		fp := fastExpr(src, env, -1, fastVar{name: "a", recs: recs}, fastVar{name: "b", recs: recs})
		if fp == nil {
			continue
		}
		native++
		for x := range b.N() {
			row := fp.row(x) // specialised to a = x
			for y := range b.N() {
				env["a"], env["b"] = recs[x], recs[y]
				want, err := expr.Run(prog, env)
				for _, p := range []*fastProg{fp, row} {
					got, ok := p.value(x, y)
					if !ok {
						continue
					}
					values++
					if err != nil {
						t.Fatalf("%s on (%d, %d): native gives %s, expr fails: %v", src, x, y, show(got), err)
					}
					if show(got) != show(want) {
						t.Fatalf("%s on (%d, %d): native gives %s, expr %s", src, x, y, show(got), show(want))
					}
				}
			}
		}
	}
	t.Logf("%d expressions compiled by expr, %d natively, %d values compared", compiled, native, values)
	if native < compiled/2 {
		t.Errorf("only %d of %d expressions evaluated natively", native, compiled)
	}
}

// Expressions outside the subset, or whose operands the subset does not
// type, are left to expr.
func TestFastExprDeclines(t *testing.T) {
	recs := []map[string]any{{"n": 1, "s": "x", "v": []any{1}}, {"n": 2, "s": 3, "v": []any{2}}}
	env := map[string]any{"a": recs[0], "b": recs[0], "k": 3}
	for _, src := range []string{
		"a.s == b.s",                 // s is a string on one cell, an int on the other
		"a == b",                     // whole records
		"len(a.v) > 0",               // lists, len
		"all(1..3, {# > 0})",         // closures, ranges
		"a.missing == 1",             // not on every cell
		"a?.n == 1",                  // optional chaining
		"k matches 'x'",              // other operators
		"(a.n > 0 ? 1 : 'x') == 1",   // branches of different types
		"a.n ** 2 > 1",               // exponent
		"upper(string(a.n)) == '1'",  // other builtins
		"a.n + 0.5 in [1.5]",         // arrays
		"a.n == 1 ? a.n : a.n / 2.0", // int and float branches
	} {
		if fastExpr(src, env, -1, fastVar{name: "a", recs: recs}, fastVar{name: "b", recs: recs}) != nil {
			t.Errorf("%s: compiled natively", src)
		}
	}
	// a % by zero is expr's error to report
	fp := fastExpr("a.n % (a.n - 1) == 0", env, -1, fastVar{name: "a", recs: recs})
	if fp == nil {
		t.Fatal("a.n % (a.n - 1): not compiled natively")
	}
	if _, ok := fp.bool(0); ok {
		t.Error("a % by zero: native gave a value")
	}
	if v, ok := fp.bool(1); !ok || !v {
		t.Errorf("2 %% 1 == 0: got %v, %v", v, ok)
	}
}

// Every shipped variant compiles to the same tables (cell attributes,
// relations, regions, set_state and promote) and plays the same moves with
// native evaluation as through expr alone.
func TestFastExprShippedVariants(t *testing.T) {
	compile := func(name string, native bool) *Game {
		t.Helper()
		boardCache.Lock()
		boardCache.m = nil
		boardCache.Unlock()
		noFastExpr = !native
		defer func() { noFastExpr = false }()
		g, err := Load(name, WithFS(variants.FS()))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return g
	}
	for _, name := range variants.Names() {
		fast, slow := compile(name, true), compile(name, false)
		fb, sb := fast.board, slow.board
		for i := range sb.Cells {
			if !reflect.DeepEqual(fb.Cells[i].Attrs, sb.Cells[i].Attrs) {
				t.Errorf("%s: cell %s: attributes %v, want %v", name, sb.Cells[i].Name, fb.Cells[i].Attrs, sb.Cells[i].Attrs)
			}
		}
		for _, rn := range sb.RelationNames() {
			fr, _ := fb.Relation(rn)
			sr, _ := sb.Relation(rn)
			for c := range sb.N() {
				if !slices.Equal(fr.Of(c), sr.Of(c)) {
					t.Errorf("%s: relation %s of %s: %v, want %v", name, rn, sb.Cells[c].Name, fr.Of(c), sr.Of(c))
				}
			}
		}
		// the tables of set_state and promote
		for i, ru := range slow.rules {
			fr, sr := fast.rules[i].base(), ru.base()
			if len(fr.sets) != len(sr.sets) {
				t.Fatalf("%s: rule %s: %d state sets, want %d", name, sr.name, len(fr.sets), len(sr.sets))
			}
			for j := range sr.sets {
				if !slices.Equal(fr.sets[j].table, sr.sets[j].table) {
					t.Errorf("%s: rule %s: set_state %d differs", name, sr.name, j)
				}
			}
			if (fr.promo == nil) != (sr.promo == nil) || sr.promo != nil && !slices.Equal(fr.promo.table, sr.promo.table) {
				t.Errorf("%s: rule %s: promote differs", name, sr.name)
			}
		}
		gl, ps := sb.RegionNames()
		for _, rn := range append(gl, ps...) {
			for seat := range slow.seats {
				if !slices.Equal(fast.cells(fast.regionRefs[rn], seat), slow.cells(slow.regionRefs[rn], seat)) {
					t.Errorf("%s: region %s differs", name, rn)
				}
			}
		}
		// random games: the same legal moves at every position
		rng := rand.New(rand.NewPCG(3, 4))
		games := 20
		if strings.HasPrefix(name, "strix") {
			games = 4
		}
		for range games {
			fs, ss := fast.NewState(), slow.NewState()
			var fm, sm []Move
			for ply := 0; ply < 200 && !fs.Over(); ply++ {
				fm = fast.Moves(fs, fm[:0])
				sm = slow.Moves(ss, sm[:0])
				if !slices.Equal(fm, sm) {
					t.Fatalf("%s ply %d: moves %v, want %v", name, ply, fm, sm)
				}
				if len(fm) == 0 {
					break
				}
				m := fm[rng.IntN(len(fm))]
				if err := fast.Play(fs, m); err != nil {
					t.Fatal(err)
				}
				if err := slow.Play(ss, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// Scores evaluated natively equal the compiled expression's on every
// position of random games of every shipped variant that has one, for
// every seat; scores outside the subset stay with expr.
func TestFastScoreMatchesExpr(t *testing.T) {
	native := 0
	for _, name := range variants.Names() {
		g, err := Load(name, WithFS(variants.FS()))
		if err != nil {
			t.Fatal(err)
		}
		if g.fastScore == nil {
			continue
		}
		native++
		vmScore := func(s *State, seat int) any {
			env := g.stateEnvFor(s, seat, allVars)
			out, err := s.env.vm.Run(g.score, env)
			if err != nil {
				return err.Error()
			}
			return out
		}
		rng := rand.New(rand.NewPCG(8, 9))
		var buf []Move
		for game := 0; game < 6; game++ {
			s := g.NewState()
			for ply := 0; ply < 400; ply++ {
				for seat := range g.seats {
					s.fe = fenv{st: s, seat: seat}
					got := g.fastScore.root.i(&s.fe)
					if want := vmScore(s, seat); s.fe.fail || want != any(got) {
						t.Fatalf("%s ply %d seat %d: native score %d (fail %v), expr %v", name, ply, seat, got, s.fe.fail, want)
					}
				}
				if s.Over() {
					break
				}
				buf = g.Moves(s, buf[:0])
				if len(buf) == 0 {
					continue
				}
				if err := g.Play(s, buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if native < 4 {
		t.Errorf("only %d shipped variants score natively", native)
	}
	// overflow is the compiled score's to report
	g, err := LoadBytes("big.toml", []byte(`extends = "mancala/egyptian"
[scoring]
score = 'stones("pits") * 4611686018427387904'
`), WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	if g.fastScore == nil {
		t.Fatal("the score is not compiled natively")
	}
	s := g.NewState()
	s.fe = fenv{st: s, seat: 0}
	if g.fastScore.root.i(&s.fe); !s.fe.fail {
		t.Error("an overflowing score gave a value natively")
	}
}
