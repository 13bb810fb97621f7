package core

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulesmith/variants"
)

// withZoneHolds is the test hook that hands over the zone flow the
// notation check computed while loading.
func withZoneHolds(out *[][]bool) Option { return func(o *options) { o.keepHolds = out } }

// zoneFlowGame is one variant the zone-flow test plays: its name, how to
// load it and how much to play it.
type zoneFlowGame struct {
	name         string
	load         func(...Option) (*Game, error)
	games, plies int
}

// zoneFlowGames lists every shipped variant and every test variant under
// testdata/ or docs/tutorial/ that loads, but for the bad and hostile
// inputs (testdata/bad-variants, testdata/hostile).
func zoneFlowGames(t *testing.T) []zoneFlowGame {
	t.Helper()
	var out []zoneFlowGame
	for _, name := range variants.Names() {
		out = append(out, zoneFlowGame{name: name, games: 6, plies: 400, load: func(o ...Option) (*Game, error) {
			return Load(name, append(o, WithFS(variants.FS()))...)
		}})
	}
	for _, dir := range []string{"../testdata", "../docs/tutorial"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && (d.Name() == "bad-variants" || d.Name() == "hostile"):
				return fs.SkipDir // bad input by design (and slow to refuse)
			case d.IsDir() || !strings.HasSuffix(p, ".toml"):
				return nil
			}
			out = append(out, zoneFlowGame{name: p, games: 2, plies: 150, load: func(o ...Option) (*Game, error) {
				return Load(p, o...)
			}})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// zoneStray returns a zone instance and a kind it holds that the zone flow
// says it never can, or -1, -1.
func zoneStray(s *State, holds [][]bool) (zi, k int) {
	for zi := range holds {
		for k := s.nextZoneKind(zi, 0); k >= 0; k = s.nextZoneKind(zi, k+1) {
			if !holds[zi][k] {
				return zi, k
			}
		}
	}
	return -1, -1
}

// zoneInstName names zone instance zi as "zone" or "zone of seat".
func zoneInstName(g *Game, zi int) string {
	for z := range g.zones {
		if zi >= g.zones[z].first && zi < g.zones[z].first+g.zoneInstances(z) {
			if g.zones[z].perSeat {
				return g.zones[z].name + " of " + g.seats[zi-g.zones[z].first]
			}
			return g.zones[z].name
		}
	}
	return "?"
}

// The zone flow (zone_flow.go) is the notation check's word on which kinds
// each zone instance can ever hold; a primitive that puts pieces into a
// zone without reporting it (zoneFeeder, capture_to) would make it wrong
// and let an ambiguous notation pass. Over random games of every shipped
// variant and of every test variant that loads, after every move and
// every chance outcome, each zone instance holds only kinds the flow
// allows it, and never fewer than none of a kind. Games with zones are the ones checked; at least the shipped
// games that move pieces between zones must be among them.
func TestZoneFlowHoldsInPlay(t *testing.T) {
	mustMove := []string{"traditional/cribbage", "traditional/ring-game", "traditional/ring-game-neutral", "traditional/chess-tic-tac-toe"}
	// mustReach: zone contents the random games must reach, each brought
	// by one feeder alone (a swap, a capture, a transfer, a collect)
	mustReach := map[string][]string{"../testdata/zone-flow/feeders.toml": {
		"stock of A holds a", "stock of B holds b", "pen of A holds a", "pen of B holds b",
		"tray holds x", "tray holds a", "heap holds a", "heap holds b"}}
	moved, reached := map[string]bool{}, map[string]bool{}
	buf := make([]Move, 0, 256)
	checked := 0
	for _, gm := range zoneFlowGames(t) {
		var holds [][]bool
		g, err := gm.load(withZoneHolds(&holds))
		if err != nil {
			continue // a fragment (extended by another file) or a refused input
		}
		if holds == nil {
			t.Fatalf("%s: loaded without the zone flow", gm.name)
		}
		if len(holds) != g.nzi {
			t.Fatalf("%s: zone flow for %d zone instances, the game has %d", gm.name, len(holds), g.nzi)
		}
		checked++
		rng := rand.New(rand.NewPCG(5, uint64(len(gm.name))))
		for game := 0; game < gm.games; game++ {
			s := g.NewState()
			if zi, k := zoneStray(s, holds); zi >= 0 {
				t.Fatalf("%s: at the start, %s holds %s, which the zone flow rules out", gm.name, zoneInstName(g, zi), g.kinds[k].Name)
			}
			for ply := 0; ply < gm.plies && !s.Over(); ply++ {
				if buf = g.Moves(s, buf); len(buf) == 0 {
					if buf = g.Settle(s, buf); len(buf) == 0 {
						break
					}
				}
				m := buf[rng.IntN(len(buf))]
				text := g.Format(s, m)
				before := zoneTotal(s)
				if err := g.Play(s, m); err != nil {
					t.Fatalf("%s: %s: %v", gm.name, text, err)
				}
				if zoneTotal(s) != before {
					moved[gm.name] = true
				}
				if mustReach[gm.name] != nil {
					for zi := range holds {
						for k := s.nextZoneKind(zi, 0); k >= 0; k = s.nextZoneKind(zi, k+1) {
							reached[gm.name+": "+zoneInstName(g, zi)+" holds "+g.kinds[k].Name] = true
						}
					}
				}
				if zi, k := zoneStray(s, holds); zi >= 0 {
					t.Fatalf("%s, game %d ply %d: after %s, %s holds %s, which the zone flow rules out (a primitive putting pieces into zones without implementing zoneFeeder?)",
						gm.name, game, ply, text, zoneInstName(g, zi), g.kinds[k].Name)
				}
				if zi, k, n := s.zoneNegative(); zi >= 0 {
					t.Fatalf("%s, game %d ply %d: after %s, %s holds %d %s (a primitive taking a piece its zone does not hold)",
						gm.name, game, ply, text, zoneInstName(g, zi), n, g.kinds[k].Name)
				}
			}
		}
	}
	t.Logf("%d variants played; zone contents changed in %d", checked, len(moved))
	for _, name := range mustMove {
		if !moved[name] {
			t.Errorf("%s: no move or outcome changed a zone in its random games", name)
		}
	}
	for name, want := range mustReach {
		for _, w := range want {
			if !reached[name+": "+w] {
				t.Errorf("%s: in no random game %s", name, w)
			}
		}
	}
}

// zoneTotal sums, over the zone instances, count×(instance+1)×(kind+1): a
// cheap fingerprint that changes when a piece moves between zones or kinds.
func zoneTotal(s *State) int {
	n, nk := 0, len(s.g.kinds)
	for zi := 0; zi < s.g.nzi; zi++ {
		for k := 0; k < nk; k++ {
			n += s.zoneCount(zi, k) * (zi + 1) * (k + 1)
		}
	}
	return n
}

// zoneFillers are the State's ways of putting a piece into a zone.
var zoneFillers = map[string]bool{"zoneAdd": true, "addOut": true}

// zoneFillOK are the types that put pieces into zones without being a
// zoneFeeder, each with the reason the zone flow does not miss them.
var zoneFillOK = map[string]string{
	"captureSpec": "captures report through readCaptureTo (compiler.capFeeds)",
	"View":        "Sample deals a seat's unseen pieces back into the hidden zones of a copy: a guess at the truth, not play",
}

// TestZoneFillersAreFeeders is the structural guard of the zone flow's
// contract, read from the package's source: every method of a type other
// than State, Game and compiler that puts pieces into a zone — calling
// zoneAdd, addOut with a count that is not a positive literal (which
// takes), or a State, Game or package-level helper that does, however
// deeply — belongs to a type that implements zoneFeeder (has a zoneFeeds
// method), or to one listed in zoneFillOK; and so does every type that
// embeds a rule (a wrapper such as thenRule plays the moves of a rule the
// zone flow would otherwise not see). A primitive that puts pieces
// into zones without reporting them fails here by name, whether or not a
// variant uses it.
func TestZoneFillersAreFeeders(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	type fn struct {
		recv, name string
		calls      []string
	}
	var fns []fn
	var wrappers []string // types embedding a rule: they play another rule's moves
	feeders := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			if st, ok := ts.Type.(*ast.StructType); ok {
				for _, f := range st.Fields.List {
					if id, ok := f.Type.(*ast.Ident); ok && len(f.Names) == 0 && id.Name == "rule" {
						wrappers = append(wrappers, ts.Name.Name)
					}
				}
			}
			return false
		})
		for _, d := range af.Decls {
			x := fn{recv: "var"}
			if fd, ok := d.(*ast.FuncDecl); ok {
				x.recv, x.name = "", fd.Name.Name
				if fd.Recv != nil {
					x.recv = recvName(fd.Recv.List[0].Type)
				}
				if x.name == "zoneFeeds" {
					feeders[x.recv] = true
				}
			}
			ast.Inspect(d, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var name string
				switch f := call.Fun.(type) {
				case *ast.SelectorExpr:
					name = f.Sel.Name
				case *ast.Ident:
					name = f.Name
				}
				if name == "addOut" && len(call.Args) == 3 {
					if lit, ok := call.Args[2].(*ast.BasicLit); ok && lit.Kind == token.INT && lit.Value != "0" {
						return true // a take
					}
				}
				x.calls = append(x.calls, name)
				return true
			})
			fns = append(fns, x)
		}
	}
	// helpers: the State's, Game's, compiler's and package-level functions
	// that put pieces into zones, to a fixed point
	helper := func(recv string) bool { return recv == "" || recv == "State" || recv == "Game" || recv == "compiler" }
	fills := maps.Clone(zoneFillers)
	for changed := true; changed; {
		changed = false
		for _, x := range fns {
			if !helper(x.recv) || fills[x.name] {
				continue
			}
			for _, c := range x.calls {
				if fills[c] && c != x.name {
					fills[x.name], changed = true, true
					break
				}
			}
		}
	}
	found := map[string]bool{}
	for _, x := range fns {
		if helper(x.recv) {
			continue
		}
		for _, c := range x.calls {
			if !fills[c] {
				continue
			}
			found[x.recv] = true
			if !feeders[x.recv] && zoneFillOK[x.recv] == "" {
				t.Errorf("%s.%s puts pieces into zones (through %s) but %s does not implement zoneFeeder: the zone flow (zone_flow.go) misses it", x.recv, x.name, c, x.recv)
			}
			break
		}
	}
	for _, w := range wrappers {
		if !feeders[w] {
			t.Errorf("%s wraps a rule but does not implement zoneFeeder: the zone flow misses what the wrapped rule puts into zones", w)
		}
	}
	if !slices.Contains(wrappers, "thenRule") {
		t.Errorf("thenRule not found among the rule wrappers %v (has the guard lost track of the embedded rule?)", wrappers)
	}
	t.Logf("rule wrappers: %v; helpers putting pieces into zones: %v; types: %v", wrappers, slices.Sorted(maps.Keys(fills)), slices.Sorted(maps.Keys(found)))
	// the guard sees the feeders it is meant to see
	for _, want := range []string{"transferRule", "swapRule", "collect", "dealEvent", "captureSpec", "View"} {
		if !found[want] {
			t.Errorf("%s: no method found putting pieces into zones (has the guard lost track of zoneAdd?)", want)
		}
	}
	for typ := range zoneFillOK {
		if feeders[typ] {
			t.Errorf("%s implements zoneFeeder: take it off zoneFillOK", typ)
		}
	}
}

// recvName returns the type name of a method receiver (T or *T, generic or not).
func recvName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return recvName(x.X)
	case *ast.IndexExpr:
		return recvName(x.X)
	case *ast.IndexListExpr:
		return recvName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return "?"
}
