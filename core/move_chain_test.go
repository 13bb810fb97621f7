package core_test

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"rulesmith/core"
)

// chainGame loads a two-seat grid variant (white moves first) with the
// given pieces ("w" a white man, "b" a black man, "k" a white king) and
// move rules.
func chainGame(t *testing.T, size int, pieces map[string]string, rules string) *core.Game {
	t.Helper()
	var b strings.Builder
	b.WriteString("name = \"test/chain\"\n[players]\nseats = [\"white\", \"black\"]\n[board]\nkind = \"grid\"\n")
	b.WriteString("diagonal = true\n")
	b.WriteString("width = " + strconv.Itoa(size) + "\nheight = " + strconv.Itoa(size) + "\n")
	b.WriteString("[pieces.w]\nowner = \"white\"\n[pieces.k]\nowner = \"white\"\n[pieces.b]\nowner = \"black\"\n[setup.pieces]\n")
	for c, k := range pieces {
		b.WriteString(c + " = \"" + k + "\"\n")
	}
	b.WriteString(rules)
	g, err := core.LoadBytes("chain.toml", []byte(b.String()))
	if err != nil {
		t.Fatalf("load: %v\n%s", err, b.String())
	}
	return g
}

// sortedWords sorts the words of a list of moves, as legal does.
func sortedWords(s string) string {
	w := strings.Fields(s)
	sort.Strings(w)
	return strings.Join(w, " ")
}

// jumpOver is a white man's orthogonal jump over a black man, taking it.
const jumpOver = `
[moves.hop]
type = "jump"
kinds = ["w"]
dirs = ["n", "e", "s", "w"]
over = "enemy"
capture = "over"
`

// Each option of a chain, on one position: a white man on a1 and black men
// on a2, a4, b3 and c1 (worked by hand on the grid: jumps go a1→a3 over a2,
// a1→c1? no, c1 is occupied; a3→a5 over a4, a3→c3 over b3; c3 → nothing).
func TestChainOptions(t *testing.T) {
	pieces := map[string]string{"a1": "w", "a2": "b", "a4": "b", "b3": "b", "d3": "b"}
	for _, tc := range []struct {
		name, keys, want string
	}{
		{"may stop after any jump", ``,
			"a1-a3xa2 a1-a3-a5xa2xa4 a1-a3-c3xa2xb3 a1-a3-c3-e3xa2xb3xd3"},
		{"must go on while it can", `continue = "must"`,
			"a1-a3-a5xa2xa4 a1-a3-c3-e3xa2xb3xd3"},
		{"keep the first direction", `direction = "keep"`,
			"a1-a3xa2 a1-a3-a5xa2xa4"},
		{"never the previous direction", `direction = "change"`,
			"a1-a3xa2 a1-a3-c3xa2xb3"},
		{"continue only at row 3", `continue_if = 'to.y == 3'`,
			"a1-a3xa2 a1-a3-a5xa2xa4 a1-a3-c3xa2xb3 a1-a3-c3-e3xa2xb3xd3"},
		{"continue only from column a", `continue_if = 'to.x == 1'`,
			"a1-a3xa2 a1-a3-a5xa2xa4 a1-a3-c3xa2xb3"},
		{"continue only after the first segment", `continue_if = 'segment < 2'`,
			"a1-a3xa2 a1-a3-a5xa2xa4 a1-a3-c3xa2xb3"},
		{"landings notation", `notation = "landings"`,
			"a1xa3 a1xa3xa5 a1xa3xc3 a1xa3xc3xe3"},
		{"path notation", `notation = "path"`,
			"a1-a3 a1-a3-a5 a1-a3-c3 a1-a3-c3-e3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := chainGame(t, 6, pieces, jumpOver+"[moves.chain]\ntype = \"chain\"\nsegment = \"hop\"\n"+tc.keys+"\n")
			if got := legal(g, g.NewState()); got != sortedWords(tc.want) {
				t.Fatalf("moves %q\nwant  %q", got, tc.want)
			}
		})
	}
}

// A chain's piece may come back to a cell only with revisit = true: a
// square of four black men round b2 (b1? no: a2, b3, c2, b1 are jumped from
// a1 → a3 → c3 → c1 → a1) lets the man come home.
func TestChainRevisit(t *testing.T) {
	pieces := map[string]string{"a1": "w", "a2": "b", "b3": "b", "c2": "b", "b1": "b"}
	rules := jumpOver + "[moves.chain]\ntype = \"chain\"\nsegment = \"hop\"\nnotation = \"landings\"\ncontinue = \"must\"\n"
	g := chainGame(t, 4, pieces, rules)
	if got := legal(g, g.NewState()); got != "a1xa3xc3xc1 a1xc1xc3xa3" {
		t.Fatalf("without revisit the square stops short of a1: %q", got)
	}
	g = chainGame(t, 4, pieces, rules+"revisit = true\n")
	if got := legal(g, g.NewState()); got != "a1xa3xc3xc1xa1 a1xc1xc3xa3xa1" {
		t.Fatalf("with revisit the man comes home: %q", got)
	}
	s := g.NewState()
	m, err := g.Parse(s, "a1xa3xc3xc1xa1")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"a2", "b3", "c2", "b1"} {
		if i, _ := g.Board().Index(c); s.Height(i) != 0 {
			t.Errorf("%s was jumped and must be empty", c)
		}
	}
	if i, _ := g.Board().Index("a1"); s.Top(i) < 0 {
		t.Error("the man is back on a1")
	}
}

// remove = "at_end": the men jumped stay on the board until the chain ends,
// so they still block (a landing on a taken man's cell is impossible) and
// may not be jumped twice; at the end they all leave.
func TestChainRemoveAtEnd(t *testing.T) {
	// a1: jumps a1→a3 (over a2); a3→c3 (over b3); c3→c1 (over c2); c1→a1
	// (over b1) comes home only with revisit; b2 stays where the man passes.
	pieces := map[string]string{"a1": "w", "a2": "b", "b3": "b", "c2": "b", "b1": "b"}
	base := jumpOver + "[moves.chain]\ntype = \"chain\"\nsegment = \"hop\"\nnotation = \"landings\"\ncontinue = \"must\"\nremove = \"at_end\"\n"
	g := chainGame(t, 4, pieces, base)
	if got := legal(g, g.NewState()); got != "a1xa3xc3xc1 a1xc1xc3xa3" {
		t.Fatalf("moves %q", got)
	}
	// A cycle through one jumped man: with a black man on b2 too, a1→c1
	// over b1... and the diagonal is not in dirs. Jumping the same man
	// twice: a1 → a3 over a2, then a3 → a1 over a2 again is a revisit, and
	// with revisit = true and at_end, rejump = false still forbids it.
	g = chainGame(t, 4, map[string]string{"a1": "w", "a2": "b"}, base+"revisit = true\n")
	if got := legal(g, g.NewState()); got != "a1xa3" {
		t.Fatalf("the man jumped stays and may not be jumped again: %q", got)
	}
	s := g.NewState()
	m, err := g.Parse(s, "a1xa3")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	if i, _ := g.Board().Index("a2"); s.Height(i) != 0 {
		t.Error("a2 leaves at the end of the chain")
	}
}

// segments = "capturing": a step whose capture is related (the men beside
// the landing) continues only while every step takes a piece.
func TestChainCapturingSegments(t *testing.T) {
	pieces := map[string]string{"a1": "w", "c2": "b", "c3": "b"}
	rules := `
[board.relations]
east = 'b.x == a.x + 1 && b.y == a.y'
[moves.walk]
type = "step"
kinds = ["w"]
dirs = ["n"]
capture = "related"
capture_relation = "east"
capture_optional = false
[moves.chain]
type = "chain"
segment = "walk"
segments = "capturing"
notation = "landings"
`
	g := chainGame(t, 4, pieces, rules)
	// a1-a2 takes nothing (b2 empty): no chain. b1? no man. So the man
	// cannot start... put it on b1: b1-b2 takes c2, b2-b3 takes c3.
	if got := legal(g, g.NewState()); got != "" {
		t.Fatalf("no capturing first step from a1: %q", got)
	}
	g = chainGame(t, 4, map[string]string{"b1": "w", "c2": "b", "c3": "b"}, rules)
	// each landing is written as the step rule writes it, with its victim
	if got := legal(g, g.NewState()); got != "b1xb2xB b1xb2xBxb3xB" {
		t.Fatalf("moves %q", got)
	}
}

// identity = "end": hops over any piece (no capture) from one origin to one
// cell are one move, found by a reachability search; the cells reached are
// those of every path.
func TestChainIdentityEnd(t *testing.T) {
	pieces := map[string]string{"a1": "w", "b1": "b", "a2": "w", "c2": "b", "b3": "w", "d3": "w"}
	rules := `
[moves.hop]
type = "jump"
kinds = ["w"]
capture = "none"
[moves.chain]
type = "chain"
segment = "hop"
identity = "end"
notation = "path"
`
	g := chainGame(t, 5, pieces, rules)
	s := g.NewState()
	ends := map[string]bool{}
	for _, m := range g.Moves(s, nil) {
		if g.Board().Cells[m.From()].Name == "a1" {
			ends[g.Board().Cells[m.To()].Name] = true
		}
	}
	// a1 → c1 (over b1) → c3 (over c2) → e3? no (d3 white, e3 beyond: over d3 → e3), a1 → a3 (over a2)
	// → c3 (over b3), a1 → c3 diagonal? over b2 (empty): no.
	// From c3: over d3 → e3; over c2 → c1; over b3 → a3.
	for _, c := range []string{"c1", "a3", "c3", "e3"} {
		if !ends[c] {
			t.Errorf("a1 reaches %s", c)
		}
	}
	if len(ends) != 4 {
		t.Errorf("a1 reaches %v, want exactly c1 a3 c3 e3", ends)
	}
	// every move replays: play gives the man on its end
	for _, m := range g.Moves(s, nil) {
		c := s.Clone()
		if err := g.Play(c, m); err != nil {
			t.Fatalf("%s: %v", g.Format(s, m), err)
		}
		if c.Top(m.To()) < 0 || c.Top(m.From()) >= 0 {
			t.Fatalf("%s: the man is not moved", g.Format(s, m))
		}
	}
}

// A chain is written and read: the canonical form, the plain path as
// another spelling, and a reason for a chain that leaves the legal ones.
func TestChainNotationAndReasons(t *testing.T) {
	pieces := map[string]string{"a1": "w", "a2": "b", "a4": "b", "b3": "b"}
	g := chainGame(t, 6, pieces, jumpOver+"[moves.chain]\ntype = \"chain\"\nsegment = \"hop\"\n")
	s := g.NewState()
	for text, want := range map[string]string{
		"a1-a3-a5xa2xa4": "a1-a3-a5xa2xa4",
		"a1-a3-a5":       "a1-a3-a5xa2xa4",
		"A1-A3-C3":       "a1-a3-c3xa2xb3",
	} {
		m, err := g.Parse(s, text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		if got := g.Format(s, m); got != want {
			t.Errorf("%s reads as %s, want %s", text, got, want)
		}
		if got := g.Path(s, m); len(got) != strings.Count(want[:strings.IndexByte(want, 'x')], "-")+1 {
			t.Errorf("%s: path %v", text, got)
		}
	}
	for text, want := range map[string]string{
		"a1-a3-a6": "after a1-a3 the chain cannot go to a6 (it may go to a5, c3)",
		"b1-b3":    "there is no piece on b1",
	} {
		_, err := g.Parse(s, text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", text, err, want)
		}
	}
}

// Bad chains are refused at load with the key at fault.
func TestChainLoadErrors(t *testing.T) {
	for _, tc := range []struct{ name, rules, want string }{
		{"no segment", "[moves.chain]\ntype = \"chain\"\n", `missing required key "segment"`},
		{"unknown segment", "[moves.chain]\ntype = \"chain\"\nsegment = \"hopp\"\n" + jumpOver, `unknown move rule "hopp" (did you mean "hop"?)`},
		{"segment is a placement", "[moves.put]\ntype = \"place\"\n[moves.chain]\ntype = \"chain\"\nsegment = \"put\"\n", `"put" is a place; a segment is a step, jump or slide`},
		{"endless", "[moves.walk]\ntype = \"step\"\n[moves.chain]\ntype = \"chain\"\nsegment = \"walk\"\nrevisit = true\n", "could go on forever"},
		{"end identity with captures", jumpOver + "[moves.chain]\ntype = \"chain\"\nsegment = \"hop\"\nidentity = \"end\"\n", `identity: "end" merges chains`},
		{"capturing segments that never capture", "[moves.walk]\ntype = \"step\"\n[moves.chain]\ntype = \"chain\"\nsegment = \"walk\"\nsegments = \"capturing\"\n", `never take a piece`},
		{"segment in a phase", jumpOver + "[moves.chain]\ntype = \"chain\"\nsegment = \"hop\"\n[phases.play]\nmoves = [\"chain\", \"hop\"]\n", `"hop" is a chain's segment`},
		{"at_end with rejump", jumpOver + "[moves.chain]\ntype = \"chain\"\nsegment = \"hop\"\nremove = \"at_end\"\nrejump = true\n", "rejump must be false"},
		{"bad continue_if", jumpOver + "[moves.chain]\ntype = \"chain\"\nsegment = \"hop\"\ncontinue_if = 'capturd > 0'\n", "unknown name capturd"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "name = \"test/chain\"\n[players]\nseats = [\"white\", \"black\"]\n[board]\nkind = \"grid\"\nwidth = 4\nheight = 4\n[pieces.w]\nowner = \"white\"\n[pieces.b]\nowner = \"black\"\n" + tc.rules
			_, err := core.LoadBytes("chain.toml", []byte(src))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if !strings.Contains(err.Error(), "chain.toml:") {
				t.Fatalf("the error names no place: %v", err)
			}
		})
	}
}

// A board where the chains explode (hops over a fixed lattice of men, no
// capture, any path a move) stops at core.MaxChainSegments and says so.
func TestChainBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("explores a million segments")
	}
	pieces := map[string]string{"a1": "w"}
	for x := 0; x < 12; x++ {
		for y := 0; y < 12; y++ {
			if (x+y)%2 == 1 {
				pieces[string(rune('a'+x))+strconv.Itoa(y+1)] = "b"
			}
		}
	}
	g := chainGame(t, 12, pieces, `
[moves.hop]
type = "jump"
kinds = ["w"]
dirs = ["n", "e", "s", "w"]
capture = "none"
[moves.chain]
type = "chain"
segment = "hop"
`)
	s := g.NewState()
	moves := g.Moves(s, nil)
	if s.Limit() == nil || !strings.Contains(s.Limit().Error(), "core.MaxChainSegments") {
		t.Fatalf("%d moves and no limit reported (%v)", len(moves), s.Limit())
	}
	if len(moves) == 0 || len(moves) > core.MaxChainSegments {
		t.Fatalf("%d moves", len(moves))
	}
	// the moves kept are legal: they play
	for _, m := range moves[:100] {
		c := s.Clone()
		if err := g.Play(c, m); err != nil {
			t.Fatal(err)
		}
	}
}

// Moves and Play of chains allocate nothing once the State's working space
// is warm (Fox and Geese playouts: chains of jumps every few plies).
func TestChainPlayoutAllocs(t *testing.T) {
	g := load(t, "traditional/fox-and-geese")
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]core.Move, 0, 256)
	st := g.NewState()
	work := st.Clone()
	playout := func() {
		work.CopyFrom(st)
		for !work.Over() {
			buf = g.Moves(work, buf)
			if len(buf) == 0 {
				break
			}
			if err := g.Play(work, buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := 0; i < 100; i++ {
		playout() // the working space grows to the longest chain met
	}
	if allocs := testing.AllocsPerRun(20, playout); allocs > 0 {
		t.Fatalf("%.1f allocations per playout", allocs)
	}
}
