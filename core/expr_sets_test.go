package core

import (
	"strings"
	"testing"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

	"rulesmith/core/spec"
)

// setSpecVisitor registers the literal set specs of an expression, as the
// compiler does for the expressions of a file.
type setSpecVisitor struct {
	t testing.TB
	g *Game
}

func (v *setSpecVisitor) Visit(n *ast.Node) {
	call, ok := (*n).(*ast.CallNode)
	if !ok {
		return
	}
	id, ok := call.Callee.(*ast.IdentifierNode)
	if !ok || len(call.Arguments) == 0 {
		return
	}
	for _, f := range setFuncs {
		if f.name != id.Value {
			continue
		}
		lit, ok := call.Arguments[0].(*ast.StringNode)
		if !ok {
			return
		}
		ps, err := v.g.parseSet(lit.Value, f.args[0] == argSetAttr)
		if err != nil {
			v.t.Fatal(err)
		}
		if v.g.sets == nil {
			v.g.sets = map[string]*pieceSet{}
		}
		v.g.sets[lit.Value] = ps
	}
}

// compileTestExpr compiles src against env, registering its set specs.
func compileTestExpr(t testing.TB, g *Game, src string, env map[string]any) *vm.Program {
	t.Helper()
	tree, err := parser.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	ast.Walk(&tree.Node, &setSpecVisitor{t: t, g: g})
	prog, err := expr.Compile(src, expr.Env(env))
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// setEval evaluates src for seat on s.
func setEval(t testing.TB, g *Game, s *State, seat int, src string) any {
	t.Helper()
	env := g.stateEnv(s, seat)
	out, err := s.env.vm.Run(compileTestExpr(t, g, src, env), env)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// setGame holds cards as stacks on cells: north's hand 5H 5S JD on ha,
// south's hand 3C 6D 6H on hb, the start 9S, and a played pile 3D 5C 4H
// (bottom first, so in the order played).
const setGame = `name = "test/sets"
[players]
seats = ["north", "south"]
[board]
kind = "graph"
[board.cells.ha]
x = 1
y = 1
who = 0
[board.cells.hb]
x = 2
y = 1
who = 1
[board.cells.start]
x = 3
y = 1
who = -1
[board.cells.pile]
x = 4
y = 1
who = -1
[board.cells.spare]
x = 5
y = 1
who = -1
[board.seat_regions]
hand = 'who == seat'
[pieces.card]
[pieces.card.dims]
rank = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
suit = ["C", "D", "H", "S"]
[pieces.card.attrs]
value = 'min(rank, 10)'
order = 'rank * 4 + suit'
[pieces.marker]
[pieces.marker.attrs]
value = 7
[setup.pieces]
ha = ["5H", "5S", "JD"]
hb = ["3C", "6D", "6H"]
start = "9S"
pile = ["3D", "5C", "4H"]
spare = "marker"
[moves.put]
type = "place"
`

func setLoad(t testing.TB, src string) *Game {
	t.Helper()
	doc, err := spec.LoadBytes("sets.toml", []byte(src), spec.Source{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A family declares one kind per combination, first dimension slowest,
// each with its dimensions' ordinals and its computed attributes.
func TestKindFamilyAttributes(t *testing.T) {
	g := setLoad(t, setGame)
	if g.NumKinds() != 53 {
		t.Fatalf("kinds = %d, want 52 cards and a marker", g.NumKinds())
	}
	for i, want := range []string{"AC", "AD", "AH", "AS", "2C"} {
		if got := g.Kind(i).Name; got != want {
			t.Errorf("kind %d = %s, want %s (deck order: rank, then suit)", i, got, want)
		}
	}
	k, _ := g.KindIndex("QH")
	for attr, want := range map[string]int{"rank": 12, "suit": 3, "value": 10, "order": 51} {
		if got, ok := g.KindAttr(k, attr); !ok || got != want {
			t.Errorf("QH %s = %d (%v), want %d", attr, got, ok, want)
		}
	}
	if g.Kind(k).Glyph != "QH" {
		t.Errorf("QH glyph = %q, want its name", g.Kind(k).Glyph)
	}
	m, _ := g.KindIndex("marker")
	if v, _ := g.KindAttr(m, "value"); v != 7 {
		t.Errorf("marker value = %d, want 7", v)
	}
	if v, ok := g.KindAttr(m, "rank"); !ok || v != 0 {
		t.Errorf("marker rank = %d (%v), want 0 (declared by other kinds)", v, ok)
	}
	if _, ok := g.KindAttr(m, "colour"); ok {
		t.Error("an attribute no kind declares reads as known")
	}
	if got := strings.Join(g.AttrNames(), " "); got != "rank suit value order" {
		t.Errorf("AttrNames = %s", got)
	}
}

// Every set function on the position of setGame, for each seat (hand is
// per seat). Values worked by hand from the setup.
func TestSetFunctions(t *testing.T) {
	g := setLoad(t, setGame)
	s := g.NewState()
	cases := []struct {
		seat int
		src  string
		want any
	}{
		// south: hand 3 6 6 + start 9: 6-6-3, 6-9, 6-9 (the readings' example)
		{1, `sum_ways("hand+start:value", 15)`, 3},
		// north: 5 5 10(J) + 9: 5+10 twice
		{0, `sum_ways("hand+start:value", 15)`, 2},
		{0, `pairs("hand+start:rank")`, 1},
		{1, `pairs("hand+start:rank")`, 1},
		{0, `pairs("hand:value")`, 1},
		{1, `runs("hand+start:rank", 3)`, 0},
		{0, `runs("pile:rank", 3)`, 3},
		{0, `run_end("pile:rank", 3)`, 3},
		{0, `run_end("pile+start:rank", 3)`, 0},
		{0, `same_end("pile:rank")`, 1},
		{0, `same_end("spare+spare:value")`, 2},
		{0, `all_same("hand[rank=5]:suit")`, false},
		{0, `all_same("hand:rank")`, false},
		{0, `all_same("start:suit")`, true},
		{0, `total("pile:value")`, 12},
		{0, `total("hand+start:value")`, 29},
		{0, `size("hand")`, 3},
		{0, `size("hand[rank=5]")`, 2},
		{1, `size("hand[rank=5]")`, 0},
		{0, `attr_of("start:suit")`, 4},
		{0, `attr_of("pile:rank")`, 4},
		{0, `attr_of("ha[rank=1]:rank")`, -1},
		// a named piece: the jack of the start's suit (north holds JD, the start is a spade)
		{0, `count_of("hand[rank=11]:suit", attr_of("start:suit"))`, 0},
		{0, `count_of("hand[rank=11]:suit", 2)`, 1},
		{0, `count_of("hand+pile:rank", 5)`, 3},
		{0, `total("spare:value") + total("spare:rank")`, 7},
	}
	for _, c := range cases {
		if got := setEval(t, g, s, c.seat, c.src); got != c.want {
			t.Errorf("seat %d: %s = %v, want %v", c.seat, c.src, got, c.want)
		}
	}
}

// A set spec is checked at load, at its position, with a suggestion.
func TestSetSpecErrors(t *testing.T) {
	cases := []struct{ expr, want string }{
		{`pairs("hand:rnk") > 0`, `unknown attribute "rnk" (did you mean "rank"?)`},
		{`pairs("hand") > 0`, `"hand" names no attribute to count: write SET:ATTR ("hand:rank")`},
		{`size("hnd") > 0`, `"hnd": "hnd" is no region, cell or zone (did you mean "hand"?)`},
		{`size("hand[rank5]") > 0`, `"hand[rank5]": filter "rank5": want ATTR=INT`},
		{`size("hand[rnk=5]") > 0`, `unknown attribute "rnk" (did you mean "rank"?)`},
	}
	for _, c := range cases {
		src := setGame + "[end.x]\ntype = \"expr\"\nwhen = '" + c.expr + "'\n"
		doc, err := spec.LoadBytes("sets.toml", []byte(src), spec.Source{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Compile(doc)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %s", c.expr, err, c.want)
			continue
		}
		if !strings.Contains(err.Error(), "sets.toml:") {
			t.Errorf("%s: error without a position: %v", c.expr, err)
		}
	}
}

// Well-formed set specs load without a word.
func TestSetSpecsLoad(t *testing.T) {
	src := setGame + "[end.x]\ntype = \"expr\"\nwhen = 'size(\"hand\") > 5 && sum_ways(\"hand+start:value\", 15) > 9'\n"
	doc, err := spec.LoadBytes("sets.toml", []byte(src), spec.Source{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compile(doc); err != nil {
		t.Fatal(err)
	}
}

// Family errors are positioned and name the problem.
func TestKindFamilyErrors(t *testing.T) {
	cases := []struct{ toml, want string }{
		{"[pieces.c]\n[pieces.c.dims]\nrank = []\n", `pieces.c.dims.rank: want a list of one or more labels`},
		{"[pieces.c]\n[pieces.c.dims]\nrank = [\"A\", \"A\"]\n", `label "A" is empty, repeated`},
		{"[pieces.c]\nglyph = \"X\"\n[pieces.c.dims]\nrank = [\"A\"]\n", `are written by their names`},
		{"[pieces.c]\n[pieces.c.dims]\nrank = [\"A\", \"B\"]\n[pieces.c.attrs]\nv = 'rank % (rank - rank)'\n", `pieces.c.attrs.v`},
		{"[pieces.c]\n[pieces.c.dims]\nrank = [\"A\", \"B\"]\n[pieces.c.attrs]\nv = 'rnk'\n", `unknown name rnk`},
		{"[pieces.c]\n[pieces.c.dims]\nrank = [\"A\", \"B\"]\n[pieces.c.attrs]\nrank = 3\n", `"rank" is a dimension of this kind already`},
	}
	base := "name = \"t\"\n[players]\nseats = [\"a\", \"b\"]\n[board]\nkind = \"grid\"\nwidth = 2\nheight = 1\n[moves.p]\ntype = \"place\"\n"
	for _, c := range cases {
		doc, err := spec.LoadBytes("fam.toml", []byte(base+c.toml), spec.Source{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Compile(doc)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "fam.toml:") {
			t.Errorf("%q: got %v, want a positioned error containing %s", c.toml, err, c.want)
		}
	}
}

// BenchmarkSetFunctions measures one call of each set function through
// the expression VM on setGame's position (a five-card set for the show
// functions, the played pile for the sequence ones); each must allocate
// nothing.
func BenchmarkSetFunctions(b *testing.B) {
	g := setLoad(b, setGame)
	s := g.NewState()
	for _, src := range []string{
		`sum_ways("hand+start:value", 15)`,
		`pairs("hand+start:rank")`,
		`runs("hand+start:rank", 3)`,
		`run_end("pile:rank", 3)`,
		`same_end("pile:rank")`,
		`all_same("hand+start:suit")`,
		`total("pile:value")`,
		`count_of("hand[rank=11]:suit", attr_of("start:suit"))`,
	} {
		b.Run(src[:strings.IndexByte(src, '(')], func(b *testing.B) {
			env := g.stateEnv(s, 0)
			prog := compileTestExpr(b, g, src, env)
			s.env.vm.Run(prog, env) // warm the scratch
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.env.vm.Run(prog, env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
