package core_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// raceLegal lists the legal moves' notation, sorted, separated by " | "
// (a decision's notation has spaces).
func raceLegal(g *core.Game, s *core.State) string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		out = append(out, g.Format(s, m))
	}
	sort.Strings(out)
	return strings.Join(out, " | ")
}

// pachisiModelOf reads the engine's position into the independent model.
func pachisiModelOf(t *testing.T, g *core.Game, s *core.State) pmPos {
	t.Helper()
	seats := g.Seats()
	p := pmPos{turn: s.ToMove()}
	for _, name := range seats {
		p.seats = append(p.seats, int(name[0]-'A'))
	}
	n := make([]int, len(seats))
	for c := 0; c < g.Board().N(); c++ {
		name := g.Board().Cells[c].Name
		for pc := s.Top(c); pc >= 0; pc = s.Below(pc) {
			o := g.PieceOwner(pc)
			var loc int
			switch {
			case strings.HasPrefix(name, "start"):
				loc = pmStart
			case name == "home":
				loc = pmHome
			case name[0] == 't':
				loc, _ = strconv.Atoi(name[1:])
			default:
				k, _ := strconv.Atoi(name[1:])
				loc = pmPath + k
			}
			if n[o] >= 4 {
				t.Fatalf("seat %d has more than 4 pawns", o)
			}
			p.pawns[o][n[o]] = loc
			n[o]++
		}
	}
	return p
}

// throwDice plays the throw written text ("5-3") at the chance node s.
func throwDice(t *testing.T, g *core.Game, s *core.State, text string) {
	t.Helper()
	if !g.AtChance(s) {
		t.Fatalf("no throw pending (%s to move)", g.Seats()[s.ToMove()])
	}
	m, err := g.Parse(s, text)
	if err != nil {
		t.Fatalf("throw %s: %v", text, err)
	}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
}

// TestPachisiDecisionsAgreeWithModel plays random games (throws sampled by
// weight, random decisions) and, before every throw, compares the plies the
// engine allows after a throw with the independent model's: the same
// resulting positions and the same seat to throw next (doubles throw again,
// the third doubles in a row is a penalty and passes the turn).
func TestPachisiDecisionsAgreeWithModel(t *testing.T) {
	games, plies := 1, 300
	compared := 0
	buf := make([]core.Move, 0, 256)
	for _, players := range []int{4, 2, 3} {
		g := load(t, "traditional/pachisi", "players="+strconv.Itoa(players))
		for game := 0; game < games; game++ {
			rng := rand.New(rand.NewPCG(uint64(players), uint64(game)))
			s := g.NewState()
			run, last := 0, -1 // doubles in a row by the seat to throw
			for ply := 0; ply < plies && !s.Over(); ply++ {
				p := pachisiModelOf(t, g, s)
				if s.ToMove() != last {
					run = 0
				}
				p.run = run
				throws := g.Moves(s, buf)
				pick := g.Sample(s, throws, rng)
				for _, th := range pmThrows() {
					text := strconv.Itoa(th[0]) + "-" + strconv.Itoa(th[1])
					if ply%8 != 0 && g.Format(s, pick) != text {
						continue // every throw at every 8th ply, else the one thrown
					}
					c := s.Clone()
					throwDice(t, g, c, text)
					var got []string
					cc := c.Clone()
					for _, m := range g.Moves(c, nil) {
						cc.CopyFrom(c) // the decisions come along
						if err := g.Play(cc, m); err != nil {
							t.Fatal(err)
						}
						got = append(got, fmt.Sprint(pachisiModelOf(t, g, cc).key())+" next "+g.Seats()[cc.ToMove()])
					}
					var want, texts []string
					for _, d := range p.plies(th[0], th[1]) {
						want = append(want, fmt.Sprint(d.pos.key())+" next "+pmSeats[d.pos.seats[d.pos.turn]].name)
						texts = append(texts, d.text())
					}
					sort.Strings(got)
					sort.Strings(want)
					if strings.Join(got, "\n") != strings.Join(want, "\n") {
						t.Fatalf("players %d game %d ply %d, %s to throw %s (run %d), pawns %v:\nengine %s\nmodel  %s\n%s\n--\n%s",
							players, game, ply, g.Seats()[s.ToMove()], text, run, p.pawns, raceLegal(g, c), strings.Join(texts, " | "),
							strings.Join(got, "\n"), strings.Join(want, "\n"))
					}
					compared++
				}
				mover := s.ToMove()
				if err := g.Play(s, pick); err != nil {
					t.Fatal(err)
				}
				a, b, _ := strings.Cut(g.Format(s, pick), "-")
				if a == b {
					run++
				} else {
					run = 0
				}
				last = mover
				moves := g.Moves(s, buf)
				if err := g.Play(s, moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
				if run >= 3 {
					run = 0
				}
			}
		}
	}
	t.Logf("%d throws compared", compared)
}

// pachisiAt loads traditional/pachisi with the pawns placed as given
// (cell → pawns, "aa" two of A's), the rest of each seat's four pawns in
// its START, and seat first to move.
func pachisiAt(t *testing.T, first string, pawns map[string]string, sets ...string) (*core.Game, *core.State) {
	t.Helper()
	var b strings.Builder
	b.WriteString("extends = \"traditional/pachisi\"\nname = \"test/pachisi\"\nreplace = [\"setup.pieces\"]\n")
	b.WriteString("[turns]\nfirst = \"" + first + "\"\n[setup.pieces]\n")
	left := map[string]int{"a": 4, "b": 4, "c": 4, "d": 4}
	cells := make([]string, 0, len(pawns))
	for c := range pawns {
		cells = append(cells, c)
	}
	sort.Strings(cells)
	for _, c := range cells {
		var ks []string
		for _, k := range pawns[c] {
			ks = append(ks, strconv.Quote(string(k)))
			left[string(k)]--
		}
		b.WriteString(c + " = [" + strings.Join(ks, ", ") + "]\n")
	}
	for _, k := range []string{"a", "b", "c", "d"} {
		if left[k] > 0 {
			b.WriteString("start" + strings.ToUpper(k) + " = [" + strings.TrimSuffix(strings.Repeat(strconv.Quote(k)+", ", left[k]), ", ") + "]\n")
		}
	}
	g, err := core.LoadBytes("pachisi-position.toml", []byte(b.String()), core.WithFS(variants.FS()), core.WithSet(sets...))
	if err != nil {
		t.Fatal(err)
	}
	return g, g.NewState()
}

// decisionsOf plays the throw a-b at the chance node s and returns the
// decisions, sorted, as the engine writes them.
func decisionsOf(t *testing.T, g *core.Game, s *core.State, a, b int) []string {
	t.Helper()
	throwDice(t, g, s, strconv.Itoa(a)+"-"+strconv.Itoa(b))
	var out []string
	for _, m := range g.Moves(s, nil) {
		out = append(out, g.Format(s, m))
	}
	sort.Strings(out)
	return out
}

// wherePawns lists the cells holding pawns of seat, with their counts.
func wherePawns(g *core.Game, s *core.State, seat int) string {
	var out []string
	for c := 0; c < g.Board().N(); c++ {
		n := 0
		for pc := s.Top(c); pc >= 0; pc = s.Below(pc) {
			if g.PieceOwner(pc) == seat {
				n++
			}
		}
		if n > 0 {
			out = append(out, g.Board().Cells[c].Name+"×"+strconv.Itoa(n))
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// TestPachisiRules checks, throw by throw, the decisions readings 7.3-7.7
// allow in hand-built positions, each worked out by hand.
func TestPachisiRules(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pawns map[string]string
		throw [3]int // a, b, doubles in a row
		want  []string
	}{
		// 7.4: from the start only a 5 enters; a 5 on one die uses that die
		// and the other moves the entered pawn (seed 5)
		{"start 5-3", nil, [3]int{5, 3, 0}, []string{"E, t5+3"}},
		{"start 6-2 cannot enter", nil, [3]int{6, 2, 0}, []string{"-"}},
		// seed 3: double five enters two pawns (doubles while pawns wait: 5, 5)
		{"start 5-5 enters two", nil, [3]int{5, 5, 1}, []string{"E, E"}},
		// 7.4, the seed's own example: with one pawn on the entering space a
		// double five enters one pawn and the other five is lost (a 5 may
		// only enter while a pawn waits; three own pawns never share a space)
		{"5-5 onto own pawn", map[string]string{"t5": "a"}, [3]int{5, 5, 1}, []string{"E"}},
		// 7.4: a total of 5 (1+4, 2+3) enters, using both dice
		{"start 4-1 total", nil, [3]int{4, 1, 0}, []string{"E"}},
		{"start 3-2 total", map[string]string{"t20": "a"}, [3]int{3, 2, 0}, []string{"E"}},
		// ... unless the entering space does not allow it (a block of any
		// colour there): the dice are then ordinary counts
		{"4-1 blocked entry", map[string]string{"t5": "bb", "t20": "a"}, [3]int{4, 1, 0}, []string{"t20+4, t24+1"}},
		// 7.4: entering takes a lone opponent on the entering space, a
		// safety, and earns 20, used whole by one pawn (t5+20 = t25 is
		// plain; the 3 moves the other pawn or the same)
		{"entry capture", map[string]string{"t5": "b", "t30": "a"}, [3]int{5, 3, 0},
			[]string{"Ex, t5+3, t8+20", "Ex, t5+3, t30+20", "Ex, t5+20, t30+3", "Ex, t30+3, t33+20"}},
		// 7.5: a lone pawn on a safety space cannot be taken: no landing there
		// (t40+6 = t46, a safety); the 2 and then the 6 from t42 pass it
		{"no landing on a safe opponent", map[string]string{"t40": "a", "t46": "b"}, [3]int{6, 2, 1},
			[]string{"t40+2, t42+6"}},
		// 7.5: a capture on a plain space (t39+6 = t45) earns 20, used whole
		// by one pawn, in any order with the other die (seed 10); without a
		// capture: t12 takes both dice, or each pawn one (t39+2 then +6
		// passes the lone B pawn). With it, the 2 and the 20 go to t45/t12:
		// t45+2+20 = t67, t45+20 & t12+2, t45+2 & t12+20, t12+2+20 = t34
		// (a safety, empty).
		{"capture and bonus", map[string]string{"t39": "a", "t45": "b", "t12": "a", "home": "aa"}, [3]int{6, 2, 0},
			[]string{"t12+2, t14+6", "t12+6, t39+2", "t39+2, t41+6",
				"t39+6x, t45+2, t47+20", "t39+6x, t45+20, t12+2", "t39+6x, t45+2, t12+20", "t12+2, t39+6x, t14+20"}},
		// 7.5: a block (two pawns of one colour) may not be passed, own
		// colour included; a single pawn may
		{"blocks bar passing", map[string]string{"t40": "a", "t43": "bb", "home": "aaa"}, [3]int{4, 2, 0},
			[]string{"t40+2"}},
		// (t40 moves only once the block on t43 is broken: then it passes
		// the single pawn left there)
		{"own block bars passing", map[string]string{"t40": "a", "t43": "aa", "home": "a"}, [3]int{6, 4, 0},
			[]string{"t43+4, t43+6", "t43+4, t47+6", "t43+4, t40+6", "t43+6, t40+4"}},
		// 7.5: HOME only by exact count (A5+3; A5+6 overshoots), then 10 for
		// the pawn home, used whole by one pawn: t20+6+10 = t36; or t20
		// takes both dice (t29)
		{"exact home and its bonus", map[string]string{"A5": "a", "t20": "a", "home": "aa"}, [3]int{6, 3, 0},
			[]string{"A5+3, t20+10, t30+6", "t20+3, t23+6"}},
		// seed 7: when only one die can be used, either one that can
		{"either die when one only", map[string]string{"A1": "a", "home": "aaa"}, [3]int{6, 2, 0},
			[]string{"A1+2", "A1+6"}},
		// 7.3: doubles with every pawn entered: 6, 6, 1, 1, all four or
		// nothing (A5 needs 3 for HOME: 1+1 leaves it on A7, and no 6 fits)
		{"14 all or nothing", map[string]string{"A5": "a", "home": "aaa"}, [3]int{6, 6, 1}, []string{"-"}},
		// 7.3: 2-2 gives 2, 2, 5, 5: a pawn on t10 uses all four (t10 → t24)
		// in any order reaching the same space: one decision
		{"14 one pawn", map[string]string{"t10": "a", "home": "aaa"}, [3]int{2, 2, 1},
			[]string{"t10+2, t12+2, t14+5, t19+5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, s := pachisiAt(t, "A", tc.pawns)
			got := decisionsOf(t, g, s, tc.throw[0], tc.throw[1])
			// each decision wanted is legal (in any order of its steps: the
			// same position is the same decision), they are distinct, and
			// there are no others
			seen := map[core.Move]string{}
			for _, w := range tc.want {
				m, err := g.Parse(s, w)
				if err != nil {
					t.Errorf("%d-%d: %q: %v\nlegal: %s", tc.throw[0], tc.throw[1], w, err, strings.Join(got, " | "))
					continue
				}
				if o, dup := seen[m]; dup {
					t.Errorf("%d-%d: %q and %q are one decision", tc.throw[0], tc.throw[1], o, w)
				}
				seen[m] = w
			}
			if len(got) != len(tc.want) {
				t.Errorf("%d-%d: %d decisions, want %d:\ngot  %s\nwant %s", tc.throw[0], tc.throw[1], len(got), len(tc.want),
					strings.Join(got, " | "), strings.Join(tc.want, " | "))
			}
		})
	}
}

// TestPachisiBreakingABlock: seed 17 and readings 7.5, "two pawns that
// formed a block at the start of the ply may not both move and end the ply
// together on one space other than home". A's block on t20, the rest home,
// throws 3-3 (every pawn entered: 3, 3, 4, 4, all to be used).
func TestPachisiBreakingABlock(t *testing.T) {
	g, s := pachisiAt(t, "A", map[string]string{"t20": "aa", "home": "aa"})
	throwDice(t, g, s, "3-3")
	for _, tc := range []struct {
		text  string
		legal bool
	}{
		{"t20+3, t20+4, t23+4, t24+3", false}, // both to t27: the block moved on together
		{"t20+3, t20+3, t23+4, t23+4", false}, // likewise
		{"t20+3, t20+4, t23+3, t24+4", true},  // t26 and t28: broken singly
		{"t20+3, t23+3, t26+4, t30+4", true},  // one pawn takes all 14 (t34), the other stays
		{"t20+3, t23+3, t26+4", false},        // a 4 is left that can be used
	} {
		_, err := g.Parse(s, tc.text)
		if (err == nil) != tc.legal {
			t.Errorf("%s: legal = %v, want %v (%v)", tc.text, err == nil, tc.legal, err)
		}
	}
	// a block kept whole is no violation: t20 stays a block while another
	// pawn uses the throw (seed 16)
	g, s = pachisiAt(t, "A", map[string]string{"t20": "aa", "t50": "a", "home": "a"})
	throwDice(t, g, s, "2-1")
	if _, err := g.Parse(s, "t50+2, t52+1"); err != nil {
		t.Errorf("keeping the block: %v", err)
	}
}

// TestPachisiNotation: readings 7.9, the decision written as its steps in
// order; any order of steps reaching the same position names the same
// decision; a wrong step says why.
func TestPachisiNotation(t *testing.T) {
	g, s := pachisiAt(t, "A", map[string]string{"t39": "a", "t45": "b", "t12": "a", "home": "aa"})
	throwDice(t, g, s, "6-2")
	a, err := g.Parse(s, "t39+6x, t45+20, t12+2")
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.Parse(s, "t12+2, t39+6x, t45+20")
	if err != nil || a != b {
		t.Fatalf("another order of the same steps: %v, %v", b, err)
	}
	if g.Format(s, a) == "" || !strings.Contains(g.Format(s, a), "x") {
		t.Errorf("format %q: a capture is marked x", g.Format(s, a))
	}
	for text, why := range map[string]string{
		"t39+5":                 "no count of 5",
		"t39+6, t45+20, t12+2":  "capture mark",
		"t12+6, t18+6":          "no count of 6",
		"t39+6x, t45+2":         "not a whole use of the throw",
		"t40+2, t42+6":          "no piece of A there",
		"E":                     "no piece waits",
		"t39+6x, t45+20, t65+8": "no count of 8",
	} {
		_, err := g.Parse(s, text)
		if err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: %v, want an error saying %q", text, err, why)
		}
	}
}

// TestPachisiCapturePlays: readings 7.5, a captured pawn "returns to its
// START"; the capturing pawn uses the 20 and the other the 2.
func TestPachisiCapturePlays(t *testing.T) {
	g, s := pachisiAt(t, "A", map[string]string{"t39": "a", "t45": "b", "t12": "a", "home": "aa"})
	throwDice(t, g, s, "6-2")
	m, err := g.Parse(s, "t39+6x, t45+20, t12+2")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	if got := wherePawns(g, s, 0); got != "home×2 t14×1 t65×1" {
		t.Errorf("A: %s", got)
	}
	if got := wherePawns(g, s, 1); got != "startB×4" {
		t.Errorf("B: %s, want its four pawns in START", got)
	}
}

// TestPachisiModelByHand checks the independent model against chance perft
// worked by hand from the start (readings 7.9, four players). Depth 1: each
// of the 21 throws has one decision (E…, or "-"), so CP(1) = 21 and
// E(1) = 1. Depth 2: after 5-x (5 throws) or a total of 5 (4-1, 3-2) B
// throws next, 21 throws of one decision; after the 13 unusable throws, the
// 8 non-doubles pass to B (21 each), the 5 doubles let A throw again from
// nothing (21 each); after 5-5 A has a block on t5 and throws again: 5-x
// gives "t5+x, E" (1 each, 5 throws), 5-5 nothing (1), 4-1 and 3-2 two
// each (the block's pawns 4 and 1, or one pawn 5), the 8 other non-doubles
// two each, the 5 other doubles one each (one pawn a+a: the block may not
// move on together): 31. CP(2) = 105 + 42 + 31 + 168 + 105 = 451;
// E(2)·36² = 360 + 144 + 56 + 576 + 180 = 1316.
func TestPachisiModelByHand(t *testing.T) {
	p := newPM(4)
	for d, want := range [][2]uint64{{1, 1}, {21, 36}, {451, 1316}} {
		cp, e := pmPerft(p, d)
		if cp != want[0] || e != want[1] {
			t.Errorf("model depth %d: CP %d, E·36^d %d; by hand %d, %d", d, cp, e, want[0], want[1])
		}
	}
}

// TestPachisiDoubles: readings 7.7, doubles let the same player throw
// again; the third doubles in a row is not used: his pawn nearest HOME that
// is not yet home (a pawn on the home path counts) goes back to START, and
// the turn passes.
func TestPachisiDoubles(t *testing.T) {
	g, s := pachisiAt(t, "A", map[string]string{"t40": "a", "A2": "a", "home": "a"})
	for i, dec := range []string{"t40+4, t44+4", "t48+4, t52+4"} {
		throwDice(t, g, s, "4-4") // a pawn in START: 4, 4
		m, err := g.Parse(s, dec)
		if err != nil {
			t.Fatalf("doubles %d: %s: %v (legal %s)", i+1, dec, err, raceLegal(g, s))
		}
		if err := g.Play(s, m); err != nil {
			t.Fatal(err)
		}
		if s.ToMove() != 0 {
			t.Fatalf("after doubles %d: %s throws, want A again", i+1, g.Seats()[s.ToMove()])
		}
	}
	throwDice(t, g, s, "4-4")
	if got := raceLegal(g, s); got != "A2-startA" {
		t.Fatalf("third doubles: %s, want A2-startA (A2 is nearer HOME than t56)", got)
	}
	m, _ := g.Parse(s, "A2-startA")
	if err := g.Play(s, m); err != nil {
		t.Fatal(err)
	}
	if got := wherePawns(g, s, 0); got != "home×1 startA×2 t56×1" {
		t.Errorf("A after the penalty: %s", got)
	}
	if s.ToMove() != 1 {
		t.Errorf("after the third doubles %s throws, want B", g.Seats()[s.ToMove()])
	}
	// a third doubles with no pawn out: nothing is removed
	g, s = pachisiAt(t, "A", map[string]string{"home": "aaa"})
	for i := 0; i < 2; i++ {
		throwDice(t, g, s, "6-6")
		if got := raceLegal(g, s); got != "-" {
			t.Fatalf("6-6 with a pawn in START and none out: %s, want -", got)
		}
		m, _ := g.Parse(s, "-")
		if err := g.Play(s, m); err != nil {
			t.Fatal(err)
		}
	}
	throwDice(t, g, s, "6-6")
	if got := raceLegal(g, s); got != "-" {
		t.Errorf("third doubles, no pawn out: %s, want -", got)
	}
}

// Readings 7.2: the seed's roll-off for the first player is read as seat
// A, and the readings let an engine offer it as a parameter: --set
// first_player=C makes C throw first (with two players, A and C). A seat
// that does not play is refused, naming the parameter.
func TestPachisiFirstPlayer(t *testing.T) {
	for _, tc := range []struct {
		sets []string
		want string
	}{{nil, "A"}, {[]string{"first_player=C"}, "C"}, {[]string{"players=2", "first_player=C"}, "C"}, {[]string{"players=2"}, "A"}} {
		g := load(t, "traditional/pachisi", tc.sets...)
		s := g.NewState()
		if got := g.Seat(s.ToMove()); got != tc.want || !g.AtChance(s) {
			t.Errorf("%v: %s throws first (at chance %v), want %s", tc.sets, got, g.AtChance(s), tc.want)
		}
	}
	_, err := core.Load("traditional/pachisi", core.WithFS(variants.FS()), core.WithSet("players=2", "first_player=B"))
	want := `turns.first: parameter first_player is "B", a seat that does not play with [players] count = 2 (seats: A, C)`
	if err == nil || !strings.Contains(err.Error(), "traditional/pachisi.toml:") || !strings.Contains(err.Error(), want) {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}
