package fuzz_test

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rulesmith/core"
	"rulesmith/variants"
)

// fuzzBudget keeps each fuzzed compile small, so that a worker tries many
// inputs and never runs out of memory.
var fuzzBudget = core.Budget{Time: 500 * time.Millisecond, Memory: 16 << 20}

// seedFiles adds every shipped variant, every hostile file and every broken
// variant of testdata as a seed.
func seedFiles(f *testing.F, add func(data []byte)) {
	err := fs.WalkDir(variants.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".toml") {
			data, _ := fs.ReadFile(variants.FS(), p)
			add(data)
		}
		return err
	})
	if err != nil {
		f.Fatal(err)
	}
	for _, dir := range []string{"../../testdata/hostile", "../../testdata/bad-variants", "../../testdata/house-rules"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.toml"))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			add(data)
		}
	}
}

// checkLoad loads a fuzzed variant: it must load or explain why, and a
// variant that loads must play a few random moves without a panic.
func checkLoad(t *testing.T, data []byte) {
	g, err := core.LoadBytes("fuzz.toml", data, core.WithFS(variants.FS()), core.WithBudget(fuzzBudget))
	if err != nil {
		if err.Error() == "" {
			t.Fatal("an empty error")
		}
		return
	}
	rng := rand.New(rand.NewPCG(1, uint64(len(data))))
	h := core.NewHistory(g, g.NewState())
	for ply := 0; ply < 30; ply++ {
		moves := h.Legal(nil)
		if len(moves) == 0 {
			break
		}
		m := moves[rng.IntN(len(moves))]
		text := g.Format(h.State, m)
		if back, err := g.Parse(h.State, text); err != nil || back != m {
			// a variant whose rules write two moves alike (validate warns of
			// it: testdata/bad-variants/warn-notation-clash) parses to the
			// other one; anything else is a bug
			if err == nil && g.Format(h.State, back) == text && (clashWarned(g) || len(g.NotationClashes(4, 200, 1)) > 0) {
				break
			}
			t.Fatalf("move %q does not parse back: %v", text, err)
		}
		if err := h.Play(m); err != nil {
			return // a rule's own limit, reported
		}
		g.Scores(h.State)
	}
	for h.Undo() {
	}
}

// clashWarned reports whether loading warned that two moves can be
// written alike (the compile-time notation check).
func clashWarned(g *core.Game) bool {
	for _, w := range g.Warnings() {
		if strings.Contains(w.Msg, "cannot tell them apart") {
			return true
		}
	}
	return false
}

// FuzzLoad feeds whole variant files to the loader. The seeds are valid
// variants, so most mutations stay valid TOML and reach the checks and the
// compile behind it.
func FuzzLoad(f *testing.F) {
	seedFiles(f, func(data []byte) { f.Add(data) })
	f.Fuzz(checkLoad)
}

// exprBase is a small variant into which FuzzExpr writes one expression at
// every kind of place that evaluates one at load or in play.
const exprBase = `name = "fuzz/expr"
[params]
n = 3
s = "x"
[players]
seats = ["white", "black"]
[board]
kind = "grid"
width = 5
height = 4
[board.attrs]
e = 'EXPR'
[board.regions]
r = 'EXPR'
[board.relations]
rel = 'EXPR'
[pieces.w]
owner = "white"
[pieces.b]
owner = "black"
[setup.pieces]
a1 = "w"
e4 = "b"
[moves.rook]
type = "slide"
dirs = ["n", "e", "s", "w"]
when = 'EXPR'
[end.x]
type = "expr"
when = 'EXPR'
[scoring]
score = 'EXPR'
`

// FuzzExpr writes one expression into a variant at the places that take
// one (attribute, region, relation, when, end condition, score): it always
// reaches the expression checks, the compile and its budget.
func FuzzExpr(f *testing.F) {
	for _, s := range []string{"x + y", `string(x) + s`, "x > 1 && y < n", "true", "a.x == b.y", "len(repeat(s, n)) > 2",
		`reduce(1..10, #acc + #acc, "ab")`, "points() + 1", "ply % 2 == 0", "(((1)))", "[1, [2, [3]]]", "x * 9223372036854775807",
		`to.x >= from.x`, `all(1..100, {# > 0})`, `join(map(1..50, s), "-")`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if strings.ContainsAny(src, "'\n\r") || !isText(src) {
			return // not writable in a one-line literal string
		}
		checkLoad(t, []byte(strings.ReplaceAll(exprBase, "EXPR", src)))
	})
}

func isText(s string) bool {
	for _, r := range s {
		if r < 0x20 && r != '\t' || r == 0x7f || r == 0xfffd {
			return false
		}
	}
	return true
}

// FuzzRecord feeds game records to the record reader and replays them on
// a shipped variant: every line plays or is refused with a reason.
func FuzzRecord(f *testing.F) {
	names := variants.Names()
	files, _ := filepath.Glob("../../testdata/records/*.txt")
	more, _ := filepath.Glob("../../testdata/records/illegal/*.txt")
	for _, file := range append(files, more...) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		base := filepath.Base(file)
		for i, n := range names {
			if strings.HasPrefix(base, strings.ReplaceAll(n, "/", "-")) || strings.HasPrefix(base, n[strings.LastIndexByte(n, '/')+1:]+"-") {
				f.Add(uint8(i), data)
			}
		}
	}
	f.Add(uint8(0), []byte("\uFEFFd4\n"))
	games := map[uint8]*core.Game{}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		which %= uint8(len(names))
		if strings.HasPrefix(names[which], "strix") && bytes.Contains(data, []byte("call")) {
			return // a foul call is a search of up to millions of positions
		}
		lines, err := core.ReadRecord(bytes.NewReader(data))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		g := games[which]
		if g == nil {
			if g, err = core.Load(names[which], core.WithFS(variants.FS())); err != nil {
				t.Fatal(err)
			}
			games[which] = g
		}
		h := core.NewHistory(g, g.NewState())
		if err := g.Replay(h, lines); err != nil && err.Error() == "" {
			t.Fatal("an empty error")
		}
		for h.Undo() {
		}
		// Calls and resignations change the position besides the moves.
		if !bytes.Contains(data, []byte("call")) && !bytes.Contains(data, []byte("resign")) && !h.State.Equal(g.NewState()) {
			t.Fatal("undoing every move does not give back the start")
		}
	})
}
