package core

import (
	"io/fs"
	"math/rand/v2"
	"path/filepath"
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
// allows it. Games with zones are the ones checked; at least the shipped
// games that move pieces between zones must be among them.
func TestZoneFlowHoldsInPlay(t *testing.T) {
	mustMove := []string{"traditional/cribbage", "traditional/ring-game", "traditional/chess-tic-tac-toe"}
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
