package core_test

// Rule-by-rule tests of the three Mancala variants against the rule text in
// shared/rules/traditional-games.md, section MANCALA. Every expected count
// below was worked out by hand from the rules, never by running the engine.
//
// Positions are written as small variant files that extend the shipped
// variant: `[setup.stones] pits = 0` empties the bowls and `[setup.counts]`
// puts stones on named cells (south1..south6, south-store, north1..north6,
// north-store). South moves first unless a case says otherwise.

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// rmCase is one position and a sequence of moves, with what must hold after.
type rmCase struct {
	name   string
	first  string         // seat to move first; "" = south
	counts map[string]int // nil: the standard start (4 stones a bowl)
	extra  string         // more TOML appended to the test variant
	moves  []string
	want   map[string]int // every cell not named must hold 0 (nil: not checked)
	toMove string         // seat to move after the moves ("" = not checked)
	over   bool           // whether the game is over after the moves
	scores []int          // scores by the variant's scoring (nil: not checked)
	winner int            // seat index or -1 for a draw, checked when over
}

// rmVariant writes a test variant that extends base.
func rmVariant(base string, c rmCase) string {
	var b strings.Builder
	fmt.Fprintf(&b, "extends = %q\n", base)
	if c.first != "" {
		fmt.Fprintf(&b, "[turns]\nfirst = %q\n", c.first)
	}
	if c.counts != nil {
		b.WriteString("[setup.stones]\npits = 0\n[setup.counts]\n")
		names := make([]string, 0, len(c.counts))
		for k := range c.counts {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			fmt.Fprintf(&b, "%s = %d\n", k, c.counts[k])
		}
	}
	b.WriteString(c.extra)
	return b.String()
}

func rmLoad(t *testing.T, src string) *core.Game {
	t.Helper()
	g, err := core.LoadBytes("test.toml", []byte(src), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatalf("loading the test variant: %v\n%s", err, src)
	}
	return g
}

// rmPlay parses and plays each move in turn.
func rmPlay(t *testing.T, g *core.Game, s *core.State, moves ...string) {
	t.Helper()
	for i, text := range moves {
		m, err := g.Parse(s, text)
		if err != nil {
			t.Fatalf("move %d %q: %v\n%s", i+1, text, err, rmBoard(g, s))
		}
		if err := g.Play(s, m); err != nil {
			t.Fatalf("move %d %q: play: %v", i+1, text, err)
		}
	}
}

func rmBoard(g *core.Game, s *core.State) string {
	var b strings.Builder
	for c, cell := range g.Board().Cells {
		fmt.Fprintf(&b, "%s=%d ", cell.Name, s.Count(c))
	}
	return b.String()
}

// rmRun plays each case on base and checks it.
func rmRun(t *testing.T, base string, cases []rmCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := rmLoad(t, rmVariant(base, c))
			s := g.NewState()
			rmPlay(t, g, s, c.moves...)
			if c.want != nil {
				for name := range c.want {
					if _, ok := g.Board().Index(name); !ok {
						t.Fatalf("test names unknown cell %q", name)
					}
				}
				for i, cell := range g.Board().Cells {
					if got, want := s.Count(i), c.want[cell.Name]; got != want {
						t.Errorf("%s holds %d stones, want %d", cell.Name, got, want)
					}
				}
				if t.Failed() {
					t.Logf("board: %s", rmBoard(g, s))
				}
			}
			r := g.Result(s)
			if r.Over != c.over {
				t.Fatalf("over = %v, want %v (board: %s)", r.Over, c.over, rmBoard(g, s))
			}
			if c.toMove != "" && !c.over {
				if got := g.Seat(s.ToMove()); got != c.toMove {
					t.Errorf("to move: %s, want %s", got, c.toMove)
				}
			}
			if c.scores != nil {
				got := g.Scores(s)
				if fmt.Sprint(got) != fmt.Sprint(c.scores) {
					t.Errorf("scores = %v, want %v", got, c.scores)
				}
			}
			if c.over {
				if r.Winner != c.winner {
					t.Errorf("winner = %d (%s), want %d", r.Winner, g.ResultString(r), c.winner)
				}
				if n := len(g.Moves(s, nil)); n != 0 {
					t.Errorf("%d legal moves after the end", n)
				}
			}
		})
	}
}

// rmFormatted returns the formatted legal moves, sorted.
func rmFormatted(g *core.Game, s *core.State) []string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		out = append(out, g.Format(s, m))
	}
	sort.Strings(out)
	return out
}

// rmExpectError parses text and requires an *IllegalMoveError containing
// every fragment.
func rmExpectError(t *testing.T, g *core.Game, s *core.State, text string, fragments ...string) {
	t.Helper()
	_, err := g.Parse(s, text)
	if err == nil {
		t.Fatalf("Parse(%q) accepted an illegal move", text)
	}
	var ie *core.IllegalMoveError
	if !errors.As(err, &ie) {
		t.Fatalf("Parse(%q): error %T, want *core.IllegalMoveError", text, err)
	}
	for _, f := range fragments {
		if !strings.Contains(err.Error(), f) {
			t.Errorf("Parse(%q) error %q does not say %q", text, err, f)
		}
	}
}

// start lists the standard start: 4 stones in each of the twelve bowls.
func rmStart() map[string]int {
	m := map[string]int{}
	for k := 1; k <= 6; k++ {
		m[fmt.Sprintf("south%d", k)] = 4
		m[fmt.Sprintf("north%d", k)] = 4
	}
	return m
}

// rmWith returns the standard start changed by kv (name, count, ...).
func rmWith(kv ...any) map[string]int {
	m := rmStart()
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(int)
	}
	return m
}

// ---- Egyptian ------------------------------------------------------------

// GENERAL RULES: "Player 1 starts by scooping all the stones from any one of
// his own bowls (never starting from a mancala or from a bowl belonging to
// his opponent.) He then drops one stone into the next bowl to his right, and
// continues dropping one stone at a time into consecutive bowls
// counterclockwise until he has no stones left."
func TestEgyptianRuleSowCounterclockwiseFromOwnBowl(t *testing.T) {
	rmRun(t, "mancala/egyptian", []rmCase{
		{
			name:   "south sows bowl 1 into bowls 2 to 5",
			moves:  []string{"1"},
			want:   rmWith("south1", 0, "south2", 5, "south3", 5, "south4", 5, "south5", 5),
			toMove: "north",
		},
		{
			name:  "north then sows its bowl 2 into its bowls 3 to 6",
			moves: []string{"1", "2"},
			want: rmWith("south1", 0, "south2", 5, "south3", 5, "south4", 5, "south5", 5,
				"north2", 0, "north3", 5, "north4", 5, "north5", 5, "north6", 5),
			toMove: "south",
		},
		{
			name:   "sowing goes on round the board onto the opponent's side",
			first:  "north",
			counts: map[string]int{"north6": 3, "north1": 2, "south1": 1},
			moves:  []string{"6"},
			// north-store, then south1 and south2: the last stone lands in
			// the opponent's empty bowl, which captures nothing.
			want:   map[string]int{"north1": 2, "north-store": 1, "south1": 2, "south2": 1},
			toMove: "south",
		},
	})
	// "never starting from a mancala or from a bowl belonging to his opponent"
	g := rmLoad(t, `extends = "mancala/egyptian"`)
	s := g.NewState()
	for _, m := range g.Moves(s, nil) {
		if c := g.Board().Cells[m.From()]; c.Attrs["kind"] != "pit" || c.Attrs["owner"] != s.ToMove() {
			t.Errorf("move %s starts from %s, not one of the mover's bowls", g.Format(s, m), c.Name)
		}
	}
}

// GENERAL RULES: "If he reaches his own mancala, he drops a stone into it,
// but if he reaches his opponent's mancala, he skips it and continues around
// the board."
func TestEgyptianRuleSkipOpponentStore(t *testing.T) {
	rmRun(t, "mancala/egyptian", []rmCase{
		{
			name:   "south skips the north store",
			counts: map[string]int{"south6": 10, "south3": 2, "north1": 1},
			moves:  []string{"6"},
			// 10 stones: south-store, north1..north6, (north-store skipped),
			// south1, south2, south3 (which held 2: no capture).
			want: map[string]int{"south-store": 1, "north1": 2, "north2": 1, "north3": 1,
				"north4": 1, "north5": 1, "north6": 1, "south1": 1, "south2": 1, "south3": 3},
			toMove: "north",
		},
		{
			name:   "north skips the south store",
			first:  "north",
			counts: map[string]int{"north6": 10, "north3": 2, "south1": 1},
			moves:  []string{"6"},
			want: map[string]int{"north-store": 1, "south1": 2, "south2": 1, "south3": 1,
				"south4": 1, "south5": 1, "south6": 1, "north1": 1, "north2": 1, "north3": 3},
			toMove: "south",
		},
	})
}

// EGYPTIAN RULES: "If a player drops the last stone in his hand into his
// mancala, he goes again."
func TestEgyptianRuleExtraTurnInOwnStore(t *testing.T) {
	rmRun(t, "mancala/egyptian", []rmCase{
		{
			name:   "bowl 3 ends in the south store: south goes again",
			moves:  []string{"3"},
			want:   rmWith("south3", 0, "south4", 5, "south5", 5, "south6", 5, "south-store", 1),
			toMove: "south",
		},
		{
			name:  "the extra move is an ordinary move",
			moves: []string{"3", "1"},
			want: rmWith("south1", 0, "south2", 5, "south3", 1, "south4", 6, "south5", 6,
				"south6", 5, "south-store", 1),
			toMove: "north",
		},
		{
			name:  "north goes again from its store too",
			moves: []string{"1", "3"},
			want: rmWith("south1", 0, "south2", 5, "south3", 5, "south4", 5, "south5", 5,
				"north3", 0, "north4", 5, "north5", 5, "north6", 5, "north-store", 1),
			toMove: "north",
		},
		{
			name:   "passing through the store without ending there gives no extra turn",
			moves:  []string{"6"},
			want:   rmWith("south6", 0, "south-store", 1, "north1", 5, "north2", 5, "north3", 5),
			toMove: "north",
		},
	})
}

// EGYPTIAN RULES: "If he drops his last stone into an empty bowl on his side,
// he takes back that stone and all the stones in his opponent's bowl located
// directly across from that bowl."
func TestEgyptianRuleCaptureOppositeBowl(t *testing.T) {
	rmRun(t, "mancala/egyptian", []rmCase{
		{
			name:   "south3 empty: takes its stone and north4 across",
			counts: map[string]int{"south1": 2, "north4": 5, "north1": 3},
			moves:  []string{"1"},
			want:   map[string]int{"south2": 1, "south-store": 6, "north1": 3},
			toMove: "north",
		},
		{
			name:   "north2 empty: north takes its stone and south5 across",
			first:  "north",
			counts: map[string]int{"north1": 1, "north6": 1, "south5": 4, "south1": 2},
			moves:  []string{"1"},
			want:   map[string]int{"north6": 1, "north-store": 5, "south1": 2},
			toMove: "south",
		},
		{
			name:   "a full lap ends in the emptied starting bowl: capture",
			counts: map[string]int{"south1": 13, "north1": 1},
			moves:  []string{"1"},
			// south2..6, store, north1..6, (skip), south1: the last stone is
			// alone in south1; it and north6 (1 stone) go to the store.
			want: map[string]int{"south2": 1, "south3": 1, "south4": 1, "south5": 1, "south6": 1,
				"south-store": 3, "north1": 2, "north2": 1, "north3": 1, "north4": 1, "north5": 1},
			toMove: "north",
		},
		{
			name:   "no capture in an empty bowl of the opponent",
			counts: map[string]int{"south6": 2, "south1": 1, "north3": 1},
			moves:  []string{"6"},
			want:   map[string]int{"south1": 1, "south-store": 1, "north1": 1, "north3": 1},
			toMove: "north",
		},
		{
			name:   "no capture in a bowl that was not empty",
			counts: map[string]int{"south1": 1, "south2": 1, "north5": 3},
			moves:  []string{"1"},
			want:   map[string]int{"south2": 2, "north5": 3},
			toMove: "north",
		},
	})
}

// EGYPTIAN RULES: "he takes back that stone and all the stones in his
// opponent's bowl located directly across" — the variant file reads this as
// taking the stone even when the bowl across is empty (capture_min = 0);
// capture_min = 1 gives the other reading.
func TestEgyptianRuleCaptureWithEmptyOppositeBowl(t *testing.T) {
	counts := map[string]int{"south1": 1, "south6": 2, "north1": 3}
	rmRun(t, "mancala/egyptian", []rmCase{
		{
			name:   "the lone stone is taken back (file's reading)",
			counts: counts,
			moves:  []string{"1"},
			want:   map[string]int{"south6": 2, "south-store": 1, "north1": 3},
			toMove: "north",
		},
		{
			name:   "capture_min = 1 leaves it",
			counts: counts,
			extra:  "[moves.sow]\ncapture_min = 1\n",
			moves:  []string{"1"},
			want:   map[string]int{"south2": 1, "south6": 2, "north1": 3},
			toMove: "north",
		},
	})
}

// EGYPTIAN RULES: "The game ends when one player has no stones left in his
// own bowls (and therefore cannot play). The other player then puts all his
// remaining stones into his mancala." The engine leaves the stones in the
// bowls and counts them for their owner once the game is over.
func TestEgyptianRuleEndWhenSideEmpty(t *testing.T) {
	rmRun(t, "mancala/egyptian", []rmCase{
		{
			name:   "south empties its side with its last stone in the store",
			counts: map[string]int{"south6": 1, "south-store": 10, "north1": 3, "north2": 2, "north-store": 5},
			moves:  []string{"6"},
			want:   map[string]int{"south-store": 11, "north1": 3, "north2": 2, "north-store": 5},
			over:   true,
			scores: []int{11, 10},
			winner: 0,
		},
		{
			name:   "a capture empties north's side: south's bowls count for south",
			counts: map[string]int{"south1": 1, "north5": 2, "south6": 3, "north-store": 4},
			moves:  []string{"1"},
			want:   map[string]int{"south6": 3, "south-store": 3, "north-store": 4},
			over:   true,
			scores: []int{6, 4},
			winner: 0,
		},
		{
			name:   "north empties its side: south's remaining stones count for south",
			first:  "north",
			counts: map[string]int{"north6": 1, "north-store": 2, "south1": 4, "south2": 3, "south-store": 1},
			moves:  []string{"6"},
			over:   true,
			scores: []int{8, 3},
			winner: 0,
		},
		{
			name:   "both sides have stones: the game goes on and bowls do not score yet",
			counts: map[string]int{"south6": 1, "south1": 1, "north1": 3},
			moves:  []string{"6"},
			want:   map[string]int{"south1": 1, "south-store": 1, "north1": 3},
			toMove: "south",
			scores: []int{1, 0},
		},
	})
}

// GENERAL RULES: "The winner is the player with the most stones in his
// mancala at the end of the game."
func TestEgyptianRuleWinnerMostStones(t *testing.T) {
	end := func(southStore, northStore int) map[string]int {
		return map[string]int{"south6": 1, "south-store": southStore, "north1": 5, "north-store": northStore}
	}
	rmRun(t, "mancala/egyptian", []rmCase{
		{name: "south 13, north 11", counts: end(12, 6), moves: []string{"6"}, over: true, scores: []int{13, 11}, winner: 0},
		{name: "south 10, north 11", counts: end(9, 6), moves: []string{"6"}, over: true, scores: []int{10, 11}, winner: 1},
		{name: "10 all is a draw", counts: end(9, 5), moves: []string{"6"}, over: true, scores: []int{10, 10}, winner: -1},
	})
}

// GENERAL RULES: "Each player ”owns” the mancala to his right and the six
// bowls directly in front of him." Notation (the variant file): bowls are
// numbered 1 to 6 from the mover's left, so bowl 6 is next to the mover's
// store and bowl k faces the opponent's bowl 7-k.
func TestEgyptianRuleNotationFromMoversLeft(t *testing.T) {
	g := rmLoad(t, `extends = "mancala/egyptian"`)
	s := g.NewState()
	for _, seat := range []string{"south", "north"} {
		if got := strings.Join(rmFormatted(g, s), " "); got != "1 2 3 4 5 6" {
			t.Errorf("%s's moves: %s, want 1 2 3 4 5 6", seat, got)
		}
		for k := 1; k <= 6; k++ {
			m, err := g.Parse(s, fmt.Sprint(k))
			if err != nil {
				t.Fatalf("%s: Parse(%d): %v", seat, k, err)
			}
			if got, want := g.Board().Cells[m.From()].Name, fmt.Sprintf("%s%d", seat, k); got != want {
				t.Errorf("%s's bowl %d is %s, want %s", seat, k, got, want)
			}
		}
		rmExpectError(t, g, s, "7", "no bowl 7", "from the mover's left")
		rmExpectError(t, g, s, "0", "no bowl 0")
		rmPlay(t, g, s, "1") // 4 stones, last in bowl 5: no capture, no extra turn
	}
	// Bowl 6 is at the mover's right, next to his store; bowl 1 is across
	// from the opponent's bowl 6.
	rmRun(t, "mancala/egyptian", []rmCase{
		{
			name:   "south's bowl 6 sows into south's store",
			counts: map[string]int{"south6": 1, "south1": 1, "north1": 1},
			moves:  []string{"6"},
			want:   map[string]int{"south-store": 1, "south1": 1, "north1": 1},
			toMove: "south",
		},
		{
			name:   "north's bowl 6 sows into north's store",
			first:  "north",
			counts: map[string]int{"north6": 1, "north1": 1, "south1": 1},
			moves:  []string{"6"},
			want:   map[string]int{"north-store": 1, "north1": 1, "south1": 1},
			toMove: "north",
		},
		{
			name:   "south's bowl 1 faces north's bowl 6",
			counts: map[string]int{"south6": 8, "north6": 2, "north1": 1},
			moves:  []string{"6"},
			// store, north1..north6, (skip), south1 (empty): capture south1
			// and north6 (2+1 stones).
			want: map[string]int{"south-store": 1 + 1 + 3, "north1": 2, "north2": 1, "north3": 1,
				"north4": 1, "north5": 1},
			over:   true, // south's bowls are all empty now
			scores: []int{5, 6},
			winner: 1,
		},
	})
}

// ---- Ethiopian -----------------------------------------------------------

// ETHIOPIAN RULES: "Same as Egyptian, but the players may choose to move
// either in a clockwise or counterclockwise direction." Each direction is a
// move of its own: 3ccw, 3cw.
func TestEthiopianRuleBothDirectionsDistinctMoves(t *testing.T) {
	g := rmLoad(t, `extends = "mancala/ethiopian"`)
	s := g.NewState()
	want := "1ccw 1cw 2ccw 2cw 3ccw 3cw 4ccw 4cw 5ccw 5cw 6ccw 6cw"
	if got := strings.Join(rmFormatted(g, s), " "); got != want {
		t.Errorf("opening moves: %s\nwant %s", got, want)
	}
	rmExpectError(t, g, s, "3", "ccw or cw")
	rmRun(t, "mancala/ethiopian", []rmCase{
		{
			name:   "3ccw sows to the right and ends in the store",
			moves:  []string{"3ccw"},
			want:   rmWith("south3", 0, "south4", 5, "south5", 5, "south6", 5, "south-store", 1),
			toMove: "south",
		},
		{
			name:  "3cw sows to the left, skipping north's store",
			moves: []string{"3cw"},
			// south2, south1, (north-store skipped), north6, north5.
			want:   rmWith("south3", 0, "south2", 5, "south1", 5, "north6", 5, "north5", 5),
			toMove: "north",
		},
		{
			name:  "north 2cw sows its bowl 1 then south's side, skipping south's store",
			moves: []string{"3cw", "2cw"},
			want: rmWith("south3", 0, "south2", 5, "south1", 5, "north6", 5, "north5", 5,
				"north2", 0, "north1", 5, "south6", 5, "south5", 5, "south4", 5),
			toMove: "south",
		},
	})
}

// ETHIOPIAN RULES: "Players may never start from a bowl with only one stone."
func TestEthiopianRuleNoStartFromSingleStone(t *testing.T) {
	g := rmLoad(t, rmVariant("mancala/ethiopian", rmCase{counts: map[string]int{"south1": 1, "south2": 3, "north1": 4}}))
	s := g.NewState()
	if got := strings.Join(rmFormatted(g, s), " "); got != "2ccw 2cw" {
		t.Errorf("legal moves: %s, want 2ccw 2cw", got)
	}
	rmExpectError(t, g, s, "1ccw", "bowl 1 holds 1 stone", "at least 2")
	rmExpectError(t, g, s, "1cw", "bowl 1 holds 1 stone", "at least 2")
	rmExpectError(t, g, s, "3ccw", "bowl 3 is empty")
	// A player whose bowls hold single stones only cannot play: the game
	// ends (the file's reading of "therefore cannot play"). EGYPTIAN RULES,
	// which Ethiopian keeps: "The other player then puts all his remaining
	// stones into his mancala": north's 4 go to north; south's two single
	// stones go into no mancala and count for no one (south 3, north 4:
	// north wins). With singles_count=true (the other reading) each side's
	// remaining stones count for their owner (south 3+2, north 4).
	rmRun(t, "mancala/ethiopian", []rmCase{
		{
			name:   "only single stones: south cannot play; the other player's stones go to his mancala",
			counts: map[string]int{"south1": 1, "south2": 1, "south-store": 3, "north1": 4},
			over:   true,
			scores: []int{3, 4},
			winner: 1,
		},
		{
			name:   "only single stones, singles_count=true: both sides' stones count for their owners",
			counts: map[string]int{"south1": 1, "south2": 1, "south-store": 3, "north1": 4},
			extra:  "[params]\nsingles_count = true\n",
			over:   true,
			scores: []int{5, 4},
			winner: 0,
		},
		{
			name:   "only single stones, north to move: north's singles count for no one",
			first:  "north",
			counts: map[string]int{"south1": 4, "north1": 1, "north3": 1, "north-store": 2},
			over:   true,
			scores: []int{4, 2},
			winner: 0,
		},
	})
}

// ETHIOPIAN RULES (with GENERAL RULES): sowing clockwise, "If he reaches his
// own mancala, he drops a stone into it, but if he reaches his opponent's
// mancala, he skips it" — going clockwise a player reaches his own store
// from the other side of the board, and ending there he goes again.
func TestEthiopianRuleClockwiseReachesOwnStore(t *testing.T) {
	rmRun(t, "mancala/ethiopian", []rmCase{
		{
			name:   "south 3cw with 9 stones ends in south's store",
			counts: map[string]int{"south3": 9, "south5": 2}, // south5: a legal next move
			moves:  []string{"3cw"},
			// south2, south1, (north-store skipped), north6..north1, south-store.
			want: map[string]int{"south1": 1, "south2": 1, "south5": 2, "north1": 1, "north2": 1,
				"north3": 1, "north4": 1, "north5": 1, "north6": 1, "south-store": 1},
			toMove: "south",
		},
		{
			name:   "north 2cw with 8 stones ends in north's store",
			first:  "north",
			counts: map[string]int{"north2": 8, "north4": 2},
			moves:  []string{"2cw"},
			// north1, (south-store skipped), south6..south1, north-store.
			want: map[string]int{"north1": 1, "north4": 2, "south1": 1, "south2": 1, "south3": 1,
				"south4": 1, "south5": 1, "south6": 1, "north-store": 1},
			toMove: "north",
		},
		{
			name:   "clockwise into an empty own bowl captures across",
			counts: map[string]int{"south3": 2, "south6": 1, "north6": 3, "north2": 2},
			moves:  []string{"3cw"},
			want:   map[string]int{"south2": 1, "south6": 1, "south-store": 4, "north2": 2},
			toMove: "north",
		},
	})
}

// ---- Nigerian ------------------------------------------------------------

// NIGERIAN RULES: "a player MUST drop a stone into his opponent's mancala
// when passing it."
func TestNigerianRuleDropIntoOpponentStore(t *testing.T) {
	rmRun(t, "mancala/nigerian", []rmCase{
		{
			name:   "south drops a stone in north's store",
			counts: map[string]int{"south6": 9, "north1": 1},
			moves:  []string{"6"},
			// south-store, north1..north6, north-store, south1 (empty: end).
			want: map[string]int{"south-store": 1, "north1": 2, "north2": 1, "north3": 1, "north4": 1,
				"north5": 1, "north6": 1, "north-store": 1, "south1": 1},
			toMove: "north",
		},
		{
			name:   "north drops a stone in south's store",
			first:  "north",
			counts: map[string]int{"north6": 9, "south1": 1},
			moves:  []string{"6"},
			want: map[string]int{"north-store": 1, "south1": 2, "south2": 1, "south3": 1, "south4": 1,
				"south5": 1, "south6": 1, "south-store": 1, "north1": 1},
			toMove: "south",
		},
	})
}

// NIGERIAN RULES: "When a player drops the last stone from his hand into a
// bowl on either side that's not empty and does not now (after dropping the
// stone) contain 4 stones, he picks up all the stones from that bowl and
// continues."
func TestNigerianRuleRelay(t *testing.T) {
	rmRun(t, "mancala/nigerian", []rmCase{
		{
			name:   "relay on the mover's side",
			counts: map[string]int{"south1": 2, "south3": 1, "north1": 2},
			moves:  []string{"1"},
			// south2, south3 (now 2: pick up), south4, south5 (empty: end).
			want:   map[string]int{"south2": 1, "south4": 1, "south5": 1, "north1": 2},
			toMove: "north",
		},
		{
			name:   "relay twice, the second time from the opponent's side",
			counts: map[string]int{"south4": 2, "south6": 1, "north1": 2},
			moves:  []string{"4"},
			// south5, south6 (2: pick up), south-store, north1 (3: pick up),
			// north2, north3, north4 (empty: end).
			want:   map[string]int{"south5": 1, "south-store": 1, "north2": 1, "north3": 1, "north4": 1},
			toMove: "north",
		},
		{
			name:   "a bowl holding more than 4 is picked up too",
			counts: map[string]int{"south1": 1, "south2": 5, "north1": 1},
			moves:  []string{"1"},
			// south2 (6: pick up), south3..6, south-store, north1 (2: pick
			// up), north2, north3 (empty: end).
			want: map[string]int{"south3": 1, "south4": 1, "south5": 1, "south6": 1, "south-store": 1,
				"north2": 1, "north3": 1},
			toMove: "north",
		},
	})
}

// NIGERIAN RULES: "Any time during a move that a bowl contains 4 stones,
// regardless of who dropped the 4th stone into that bowl, the player owning
// the bowl puts these stones into his own mancala."
func TestNigerianRuleFourTakenByOwnerDuringMove(t *testing.T) {
	rmRun(t, "mancala/nigerian", []rmCase{
		{
			name:   "south's own bowl reaches 4 on the way",
			counts: map[string]int{"south1": 5, "south2": 3, "north1": 1},
			moves:  []string{"1"},
			// south2 (4: to south's store), south3..south6 (south6 empty: end).
			want:   map[string]int{"south-store": 4, "south3": 1, "south4": 1, "south5": 1, "south6": 1, "north1": 1},
			toMove: "north",
		},
		{
			name:   "south fills north's bowl to 4: north takes it",
			counts: map[string]int{"south6": 3, "north1": 3, "south1": 1},
			moves:  []string{"6"},
			// south-store, north1 (4: to north's store), north2 (empty: end).
			want:   map[string]int{"south1": 1, "south-store": 1, "north-store": 4, "north2": 1},
			toMove: "north",
		},
		{
			name:   "north fills south's bowl to 4: south takes it",
			first:  "north",
			counts: map[string]int{"north6": 3, "south1": 3, "north1": 1},
			moves:  []string{"6"},
			want:   map[string]int{"north1": 1, "north-store": 1, "south-store": 4, "south2": 1},
			toMove: "south",
		},
	})
}

// NIGERIAN RULES: "His turn is over when he drops his last stone into: ...
// 3) a bowl that, after dropping his last stone, contains 4 stones. ... In
// case 3 above, the player puts these stones into his mancala before ending
// his turn." The variant file reads "the player" as the bowl's owner
// (take_last_by = "owner"); take_last_by = "mover" gives the other reading.
func TestNigerianRuleFourTakenAtEndOfMove(t *testing.T) {
	rmRun(t, "mancala/nigerian", []rmCase{
		{
			name:   "last stone makes 4 in south's own bowl",
			counts: map[string]int{"south4": 2, "south6": 3, "north1": 1},
			moves:  []string{"4"},
			want:   map[string]int{"south5": 1, "south-store": 4, "north1": 1},
			toMove: "north",
		},
		{
			name:   "last stone makes 4 in north's bowl: its owner takes it",
			counts: map[string]int{"south6": 2, "north1": 3, "south1": 1, "north3": 1},
			moves:  []string{"6"},
			want:   map[string]int{"south1": 1, "south-store": 1, "north-store": 4, "north3": 1},
			toMove: "north",
		},
		{
			name:   "take_last_by = mover: the mover takes it",
			counts: map[string]int{"south6": 2, "north1": 3, "south1": 1, "north3": 1},
			extra:  "[moves.sow]\ntake_last_by = \"mover\"\n",
			moves:  []string{"6"},
			want:   map[string]int{"south1": 1, "south-store": 5, "north3": 1},
			toMove: "north",
		},
	})
}

// NIGERIAN RULES: "His turn is over when he drops his last stone into: 1) a
// mancala; 2) an empty bowl" — with no extra turn and no capture.
func TestNigerianRuleTurnEndsInStoreOrEmptyBowl(t *testing.T) {
	rmRun(t, "mancala/nigerian", []rmCase{
		{
			name:   "last stone in the own store: no extra turn",
			counts: map[string]int{"south5": 2, "south1": 1, "north1": 1},
			moves:  []string{"5"},
			want:   map[string]int{"south1": 1, "south6": 1, "south-store": 1, "north1": 1},
			toMove: "north",
		},
		{
			name:   "last stone in the opponent's store",
			counts: map[string]int{"south6": 8, "south1": 1},
			moves:  []string{"6"},
			want: map[string]int{"south1": 1, "south-store": 1, "north1": 1, "north2": 1, "north3": 1,
				"north4": 1, "north5": 1, "north6": 1, "north-store": 1},
			toMove: "north",
		},
		{
			name:   "last stone in an empty own bowl: no capture across",
			counts: map[string]int{"south1": 1, "north5": 2},
			moves:  []string{"1"},
			want:   map[string]int{"south2": 1, "north5": 2},
			toMove: "north",
		},
	})
}

// NIGERIAN RULES: "The game ends when one player cannot move because no
// stones remain in that player's six bowls. The remaining stones on the other
// player's side are not placed in a mancala, and are not counted toward
// winning."
func TestNigerianRuleEndWithoutSweep(t *testing.T) {
	rmRun(t, "mancala/nigerian", []rmCase{
		{
			name:   "north has no stones on its turn: south's bowls do not count",
			counts: map[string]int{"south6": 2, "south1": 9, "north1": 3, "north-store": 2},
			moves:  []string{"6"},
			// south-store, north1 (4: north takes it); north's bowls are empty.
			want:   map[string]int{"south1": 9, "south-store": 1, "north-store": 6},
			over:   true,
			scores: []int{1, 6},
			winner: 1,
		},
		{
			name:   "the mover's own side empty: play goes on until its turn",
			counts: map[string]int{"south6": 1, "north1": 2},
			// "6": south-store; south is empty but north can move. "1":
			// north2, north3 (empty: end); south cannot move.
			moves:  []string{"6", "1"},
			want:   map[string]int{"south-store": 1, "north2": 1, "north3": 1},
			over:   true,
			scores: []int{1, 0},
			winner: 0,
		},
	})
}
