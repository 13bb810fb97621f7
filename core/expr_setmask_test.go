package core

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// maskGame holds cards and two chips of one kind in zones: a shared set
// (box), a shared pile, a per-seat pile (tray), the hands and the deck.
// The chips let a zone hold a kind twice, where the sets' words cannot
// be read; big, wide and high are attributes of wide spans (negative
// values, values past 63, more than 16 values). moves sets how pieces move (a
// transfer: the zones keep kind bits), extra adds piece kinds.
func maskGame(moves, extra string) string {
	return `name = "test/setmasks"
[players]
seats = ["north", "south"]
[board]
kind = "grid"
width = 1
height = 1
[pieces.card]
[pieces.card.dims]
rank = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
suit = ["C", "D", "H", "S"]
[pieces.card.attrs]
value = 'min(rank, 10)'
big = 'rank * 20 - 100'
wide = 'rank * 3'
high = 'rank + 60'
[pieces.chip]
[pieces.chip.attrs]
rank = 5
suit = 2
value = 7
big = 0
wide = 15
high = 65
` + extra + `
[zones.deck]
[zones.box]
[zones.pile]
order = "pile"
[zones.tray]
per_seat = true
order = "pile"
[setup.zones.deck]
all = ["*", "chip"]
` + moves
}

const maskTransfer = `[moves.lay]
type = "transfer"
from = "hand"
to = "pile"
`

// maskPosition deals some of the deck's pieces at random into the hands,
// the box, the pile and the trays (each pile piece put by a random seat).
func maskPosition(g *Game, rng *rand.Rand) *State {
	s := g.NewState()
	deck, _ := g.ZoneIndex("deck")
	from := g.zoneInst(deck, 0)
	var held []int
	for k := range g.NumKinds() {
		for range s.zoneCount(from, k) {
			held = append(held, k)
		}
	}
	rng.Shuffle(len(held), func(i, j int) { held[i], held[j] = held[j], held[i] })
	zones := []string{"hand", "box", "pile", "tray"}
	n := rng.IntN(16)
	if rng.IntN(8) == 0 {
		n = len(held) - rng.IntN(4) // nearly the whole deck out
	}
	for _, k := range held[:n] {
		z, _ := g.ZoneIndex(zones[rng.IntN(len(zones))])
		by := rng.IntN(2)
		s.zoneTake(from, k)
		s.zoneAdd(g.zoneInst(z, by), k, by)
	}
	return s
}

// maskExprs returns expressions reading every set function over sets of
// zones (whole, @seat, with filters, a zone twice, more parts than a word
// takes) and frames of several sets.
func maskExprs() []string {
	specs := []string{"hand", "box", "pile", "pile@seat", "tray", "hand+box", "hand+pile@seat+box",
		"tray+pile", "hand[rank=5]", "box+hand[suit=2]", "pile+pile@seat", "hand+box+pile+tray+deck", "deck",
		"tray+box[value=7]"}
	var out []string
	for _, spec := range specs {
		for _, attr := range []string{"rank", "suit", "value", "big", "wide", "high"} {
			set := `"` + spec + ":" + attr + `"`
			out = append(out,
				"sum_ways("+set+", 15)", "sum_ways("+set+", 0)", "sum_ways("+set+", 40)", "sum_ways("+set+", ply - 3)",
				"pairs("+set+")", "runs("+set+", 3)", "runs("+set+", 1)", "runs("+set+", ply)", "run_end("+set+", 2)",
				"same_end("+set+")", "all_same("+set+") ? 1 : 0", "total("+set+")", "attr_of("+set+")",
				"count_of("+set+", 5)", "count_of("+set+", attr_of(\"box:"+attr+"\"))", "count_of("+set+", -40)")
		}
		out = append(out, `size("`+spec+`")`)
	}
	// several sets in one frame, sharing words and tallies
	for i, a := range specs {
		b := specs[(i+3)%len(specs)]
		jack := b + "[rank=11]"
		if strings.Contains(b, "[") {
			jack = b
		}
		out = append(out, fmt.Sprintf(`2 * sum_ways("%s:value", 15) + 2 * pairs("%s:rank") + runs("%s:rank", 3)`+
			` + (all_same("%s:suit") ? (all_same("%s:suit") ? 4 : 3) : 0) + count_of("%s:suit", attr_of("box:suit"))`+
			` - 3 * pairs("%s:rank") + size("%s") * total("%s:wide") - (1 - pairs("%s:suit")) * 2 - 7`, a, a, a, b, a, jack, b, a, b, a))
	}
	// one expression compared with several literals
	out = append(out, `total("pile:value") == 15 || total("pile:value") == 31 ? 2 : 0`,
		`size("hand") == 2 or size("hand") == 4 or size("hand") == 5 ? 1 : 0`,
		`size("hand") == 2 || size("box") == 3 ? 1 : 0`)
	// more sets than a frame has words for
	var many []string
	for i, spec := range specs {
		many = append(many, fmt.Sprintf(`pairs("%s:rank") * %d`, spec, i+1))
	}
	out = append(out, strings.Join(many, " + "))
	return out
}

// The set functions counted on words of kinds (expr_setmask.go) give
// what the VM gives, at random positions of a game of zones: with the
// zones' kind bits, without them (no move moves pieces between zones),
// with more than 64 kinds, and where a zone holds one kind twice.
func TestSetMasksMatchVM(t *testing.T) {
	tokens := "[pieces.token]\n[pieces.token.dims]\nn = [\"1\", \"2\", \"3\", \"4\", \"5\", \"6\", \"7\", \"8\", \"9\", \"10\", \"11\", \"12\"]\n"
	games := []struct {
		name, moves, extra string
		words              bool // the words are read (some position)
	}{
		{"kind bits", maskTransfer, "", true},
		{"no kind bits", "[moves.put]\ntype = \"place\"\n", "", false},
		{"65 kinds", maskTransfer, tokens, false},
	}
	exprs := maskExprs()
	for _, gm := range games {
		t.Run(gm.name, func(t *testing.T) {
			g := setLoad(t, maskGame(gm.moves, gm.extra))
			// compiled first: a total of a whole zone adds a word to the
			// States made after
			vmProgs := make([]*vm.Program, len(exprs))
			natives := make([]nativeInt, len(exprs))
			for i, src := range exprs {
				vmProgs[i] = compileTestExpr(t, g, src, g.stateEnv(g.NewState(), 0))
				tree, err := parser.Parse(src)
				if err != nil {
					t.Fatal(err)
				}
				c := &compiler{g: g}
				if _, natives[i] = c.frameRoot(tree.Node); natives[i] == nil {
					t.Fatalf("%s: not compiled natively", src)
				}
			}
			rng := rand.New(rand.NewPCG(7, uint64(len(gm.extra))))
			states := make([]*State, 24)
			for i := range states {
				states[i] = maskPosition(g, rng)
				states[i].buf[hPly] = int32(rng.IntN(8))
			}
			read, twice := 0, 0
			for _, s := range states {
				for seat := range 2 {
					env := g.stateEnv(s, seat)
					for i, src := range exprs {
						out, err := s.env.vm.Run(vmProgs[i], env)
						if err != nil {
							t.Fatal(err)
						}
						want, ok := out.(int)
						if !ok {
							t.Fatalf("%s: %T", src, out)
						}
						if got := s.evalNativeFor(seat, natives[i]); got != want {
							t.Fatalf("%s for seat %d: native %d, VM %d (words read: %v)", src, seat, got, want, s.sets.maskOK)
						}
						if s.sets.maskOK {
							read++
						}
					}
				}
				chip, _ := g.KindIndex("chip")
				for zi := range g.nzi {
					if s.zoneCount(zi, chip) == 2 {
						twice++
					}
				}
			}
			if (read > 0) != gm.words {
				t.Errorf("words read in %d evaluations, want them read: %v", read, gm.words)
			}
			if gm.words && twice == 0 {
				t.Errorf("no position holds the chip twice in a zone")
			}
		})
	}
}

// Nested sums compile each part once: an expression of sums inside
// products inside sums, 60 levels deep, compiles at once (compiling a
// part again at every level took 2^60 steps), natively or not.
func TestNativeNestedSumsCompileOnce(t *testing.T) {
	g := setLoad(t, maskGame(maskTransfer, ""))
	for _, inner := range []string{"ply", `len("ab")`} {
		src := inner
		for range 60 {
			src = "(" + src + " + ply) * (ply + 1) + (ply == 1 || ply == 2 ? 1 : 0)"
		}
		tree, err := parser.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		c := &compiler{g: g}
		_, f := c.frameRoot(tree.Node)
		if native := inner == "ply"; (f != nil) != native {
			t.Errorf("%s inside: compiled natively %v, want %v", inner, f != nil, native)
		}
	}
}
