package session_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/editor/session"
	"rulesmith/variants"
)

func load(t *testing.T, name string) *core.Game {
	t.Helper()
	g, err := core.Load(name, core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestPlayUndoRedoSaveLoad(t *testing.T) {
	g := load(t, "dvonn")
	s := session.New(g, "dvonn")
	s.AutosavePath = filepath.Join(t.TempDir(), "auto", "dvonn.txt")
	for _, mv := range []string{"a1", "b1", "c1", "d1"} {
		if err := s.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.PlayText("a1"); err == nil || !strings.Contains(err.Error(), "occupied") {
		t.Fatalf("illegal move: %v", err)
	}
	if !s.Undo() || len(s.Lines()) != 3 || s.State().Ply() != 3 {
		t.Fatalf("undo: %v", s.Lines())
	}
	if !s.Redo() || len(s.Lines()) != 4 || s.CanRedo() {
		t.Fatalf("redo: %v", s.Lines())
	}
	// the autosave holds the record after every change
	data, err := os.ReadFile(s.AutosavePath)
	if err != nil || !strings.HasSuffix(string(data), "a1\nb1\nc1\nd1\n") {
		t.Fatalf("autosave: %q %v", data, err)
	}
	path := filepath.Join(t.TempDir(), "game.txt")
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	s2 := session.New(g, "dvonn")
	if err := s2.Load(path); err != nil {
		t.Fatal(err)
	}
	if !s2.State().Equal(s.State()) {
		t.Fatal("a saved and loaded record must give the same position")
	}
}

func TestReloadReportsFirstIllegalMove(t *testing.T) {
	g := load(t, "mancala/egyptian")
	s := session.New(g, "mancala/egyptian")
	for _, mv := range []string{"3", "6", "2"} {
		if err := s.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	// Ethiopian rules: "3" needs a direction, so the first line breaks
	res := s.Reload(load(t, "mancala/ethiopian"))
	if res.Broken == nil || res.Broken.Line != 1 || res.Kept != 0 || len(s.Lines()) != 0 {
		t.Fatalf("reload: %+v, lines %v", res, s.Lines())
	}
	// and back: everything is legal again (the dropped lines are redoable)
	s.Reload(g)
	for s.Redo() {
	}
	if len(s.Lines()) != 3 {
		t.Fatalf("after redo: %v", s.Lines())
	}
}

func TestCallsAreRecordLines(t *testing.T) {
	g := load(t, "strix/simple")
	s := session.New(g, "strix/simple")
	rec, err := os.ReadFile("../../testdata/records/strix-fouls/simple.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(rec), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			if err := s.PlayText(l); err != nil {
				t.Fatal(err)
			}
		}
	}
	res, err := s.Call(2) // Green, the preceding player
	if err != nil || !res.Upheld {
		t.Fatalf("call: %+v %v", res, err)
	}
	if got := s.Lines(); got[len(got)-1] != "call g" {
		t.Fatalf("record ends %q", got[len(got)-1])
	}
	if !s.Undo() || s.State().Takebacks(0) != 3 {
		t.Fatalf("undoing the call must restore the takeback")
	}
}

func TestCompareMarksDivergence(t *testing.T) {
	a := session.New(load(t, "mancala/egyptian"), "mancala/egyptian")
	b := session.New(load(t, "mancala/ethiopian"), "mancala/ethiopian")
	c := session.NewCompare(a, b)
	found := false
	for _, ch := range c.Changes {
		if ch.Key == "moves.sow.min_stones" && ch.A == nil {
			found = true
		}
	}
	if !found {
		t.Fatalf("changes: %v", c.Changes)
	}
	d, err := c.Play("3")
	if err != nil {
		t.Fatal(err)
	}
	if !d.Diverged() || d.Kinds[0] != "legal" {
		t.Fatalf("divergence: %+v", d)
	}
	if _, err := c.Play("zz"); err == nil {
		t.Fatal("a move illegal in both must be refused")
	}
	// same moves, different rule: first edition scores captures, 2024 does not
	fe := session.New(load(t, "strix/first-edition"), "strix/first-edition")
	st := session.New(load(t, "strix/standard"), "strix/standard")
	c2 := session.NewCompare(fe, st)
	if len(c2.Changes) == 0 {
		t.Fatal("first edition and standard must differ")
	}
	d2, err := c2.Play("bR-g65")
	if err != nil || d2.Diverged() && d2.Kinds[0] == "legal" {
		t.Fatalf("bR-g65: %+v %v", d2, err)
	}
}

// loadText compiles a variant held in a string (house rules of a shipped one).
func loadText(t *testing.T, src string) *core.Game {
	t.Helper()
	g, err := core.LoadBytes("house.toml", []byte(src), core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A reload names the first move whose outcome differs, not only the first
// that became illegal: here the extra turn the first move earned is gone.
func TestReloadNamesFirstChangedOutcome(t *testing.T) {
	g := load(t, "mancala/egyptian")
	s := session.New(g, "mancala/egyptian")
	for _, mv := range []string{"1", "3", "6"} {
		if err := s.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	// move 1 (south's bowl 1) ends in bowl 5 either way; move 2 (north's
	// bowl 3) ends in north's store: another turn only under the old rules
	noExtra := loadText(t, "extends = \"mancala/egyptian\"\nname = \"house/no-extra\"\n[moves.sow]\nextra_turn = false\n")
	res := s.Reload(noExtra)
	if res.Change == nil || res.Change.Ply != 2 || strings.Join(res.Change.Kinds, ",") != "extra turn" {
		t.Fatalf("change: %+v", res.Change)
	}
	if want := "the mover moves again under the old rules only"; res.Change.Detail[0] != want {
		t.Errorf("detail %q, want %q", res.Change.Detail[0], want)
	}
	if res.Broken != nil || res.Kept != 3 {
		t.Errorf("reload: %+v", res)
	}
	if d := res.Describe(); !strings.HasPrefix(d, `rules reloaded: move 2 "3" is the first to play out differently (extra turn):`) {
		t.Errorf("describe: %q", d)
	}
	// the same rules again: nothing differs
	if res := s.Reload(noExtra); res.Change != nil || res.Describe() != "rules reloaded: all 3 moves play out the same" {
		t.Errorf("same rules: %+v %q", res.Change, res.Describe())
	}
}

// Every move is narrated from the engine's account.
func TestNarration(t *testing.T) {
	s := session.New(load(t, "strix/standard"), "strix/standard")
	for _, mv := range []string{"bR-y34", "yR-b45", "gK-b22", "bK-g36", "yK-g26xbK"} {
		if err := s.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	ev, _ := s.LastEvent()
	if ev.Seat != 1 || ev.Says != "takes bK on g36" || ev.String() != "yK-g26xbK — takes bK on g36" {
		t.Errorf("event %+v", ev)
	}
	m := session.New(load(t, "mancala/egyptian"), "mancala/egyptian")
	if err := m.PlayText("3"); err != nil {
		t.Fatal(err)
	}
	if ev, _ := m.LastEvent(); ev.Says != "score south +1; south moves again" {
		t.Errorf("mancala: %q", ev.Says)
	}
}

// Going to a past ply keeps the rest for redo; a new move there branches.
func TestGoToAndBranch(t *testing.T) {
	s := session.New(load(t, "dvonn"), "dvonn")
	for _, mv := range []string{"a1", "b1", "c1", "d1"} {
		if err := s.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.GoTo(1); err != nil || strings.Join(s.Lines(), " ") != "a1" || strings.Join(s.Future(), " ") != "b1 c1 d1" {
		t.Fatalf("goto 1: %v; lines %v future %v", err, s.Lines(), s.Future())
	}
	if err := s.GoTo(3); err != nil || strings.Join(s.Lines(), " ") != "a1 b1 c1" || strings.Join(s.Future(), " ") != "d1" {
		t.Fatalf("goto 3: %v; lines %v future %v", err, s.Lines(), s.Future())
	}
	if err := s.GoTo(9); err == nil {
		t.Error("goto past the record must fail")
	}
	s.GoTo(1)
	if err := s.PlayText("e1"); err != nil || len(s.Future()) != 0 || strings.Join(s.Lines(), " ") != "a1 e1" {
		t.Fatalf("branch: %v; lines %v future %v", err, s.Lines(), s.Future())
	}
}

// An agreed draw and a resignation's notice are record lines too: typed,
// narrated, saved and undone like moves (first-edition STRIX Rules 20, 22).
func TestAgreedDrawAndNoticeAreRecordLines(t *testing.T) {
	g := load(t, "strix/first-edition")
	s := session.New(g, "strix/first-edition")
	for _, l := range []string{"resign b", "bO-b72"} {
		if err := s.PlayText(l); err != nil {
			t.Fatal(err)
		}
	}
	if s.State().Notice(0) != 1 || s.State().Eliminated(0) {
		t.Fatalf("after the notice and the penultimate move: notice %d", s.State().Notice(0))
	}
	if err := s.PlayText("draw agreed"); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(s.State()); !r.Over || r.Winner != -1 {
		t.Fatalf("after draw agreed: %+v", r)
	}
	if got := s.Lines(); strings.Join(got, "|") != "resign b|bO-b72|draw agreed" {
		t.Fatalf("record %q", got)
	}
	if !strings.Contains(s.Record(), "\ndraw agreed\n") {
		t.Fatalf("saved record:\n%s", s.Record())
	}
	if !s.Undo() || s.State().Over() || s.State().Notice(0) != 1 {
		t.Fatal("undoing the draw must reopen the game and keep the notice")
	}
	if err := s.PlayText("draw maybe"); err == nil {
		t.Fatal("draw maybe accepted")
	}
}

// The play screen's verbs without a screen: picking a piece lists its
// targets, a landing with capture choices returns them, a cell with no
// move says why, and listeners hear every change.
func TestInteraction(t *testing.T) {
	g := load(t, "strix/standard")
	s := session.New(g, "strix/standard")
	for _, mv := range []string{"bR-b43", "yR-y73", "gK-b22", "bR-b63", "yK-g24", "gK-b21", "bK-y21"} {
		if err := s.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	in := session.NewInteraction(s)
	changes := 0
	in.OnChange(func() { changes++ })
	cell := func(name string) int {
		c, ok := g.Board().Index(name)
		if !ok {
			t.Fatalf("no cell %s", name)
		}
		return c
	}
	m, _ := g.Parse(s.State(), "yK-y22xbK")
	if got := in.Pick(m.From()); got != nil || in.Selected != m.From() || len(in.Targets) == 0 || !strings.Contains(in.Msg, "target(s)") {
		t.Fatalf("pick up: moves %v, selected %d, targets %v, msg %q", got, in.Selected, in.Targets, in.Msg)
	}
	opts := in.Pick(m.To())
	var texts []string
	for _, o := range opts {
		texts = append(texts, s.Format(o))
	}
	if strings.Join(texts, " ") != "yK-y22 yK-y22xbK" && strings.Join(texts, " ") != "yK-y22xbK yK-y22" {
		t.Errorf("the landing's choices: %v", texts)
	}
	if in.Selected != -1 || changes != 2 {
		t.Errorf("after the landing: selected %d, %d changes", in.Selected, changes)
	}
	// a piece of another seat says whose it is
	if in.Pick(cell("b21")); in.Err != "b21 holds Green's gK; Yellow is to move" {
		t.Errorf("another seat's piece: %q", in.Err)
	}
	// mancala: an empty bowl says so; a bowl with stones plays at once
	ms := session.New(load(t, "mancala/egyptian"), "mancala/egyptian")
	if err := ms.PlayText("1"); err != nil {
		t.Fatal(err)
	}
	mi := session.NewInteraction(ms)
	if err := ms.PlayText("1"); err != nil { // north sows its bowl 1
		t.Fatal(err)
	}
	south1, _ := ms.Game.Board().Index("south1")
	if got := mi.Pick(south1); got != nil || mi.Err != "south1 is empty: south has nothing to sow there" {
		t.Errorf("an empty bowl: %v %q", got, mi.Err)
	}
	south3, _ := ms.Game.Board().Index("south3")
	if got := mi.Pick(south3); len(got) != 1 || ms.Format(got[0]) != "3" {
		t.Errorf("a bowl with stones: %v", got)
	}
	// Pachisi after a 5-1: the one move enters from the nest; an empty
	// cell of the track says where the moves start
	ps := session.New(load(t, "traditional/pachisi"), "traditional/pachisi")
	if err := ps.PlayText("5-1"); err != nil {
		t.Fatal(err)
	}
	pi := session.NewInteraction(ps)
	t1, _ := ps.Game.Board().Index("t1")
	nest := ps.Game.Board().Cells[ps.Legal()[0].From()].Name
	if got := pi.Pick(t1); got != nil || pi.Err != "no legal move at t1 (empty); moves start at "+nest {
		t.Errorf("an empty cell off the only move: %v %q", got, pi.Err)
	}
	mi.SetPreview([]*core.State{ms.State(), ms.State()})
	mi.StepPreview(5)
	if mi.PreviewAt != 1 {
		t.Errorf("the preview steps past its end: %d", mi.PreviewAt)
	}
}

// compare-view on a dice variant: a throw typed or rolled is played in
// both editions (the same dice on both sides), the one-line form "5-3: E,
// t5+3" plays the throw then the decision, and a throw played in one game
// only puts the games out of step (one waits for a move, the other for its
// throw), so that Roll refuses.
func TestCompareSameThrows(t *testing.T) {
	a := session.New(load(t, "traditional/pachisi"), "traditional/pachisi")
	b := session.New(loadText(t, "extends = \"traditional/pachisi\"\nname = \"house/pachisi\"\n[moves.race]\ncapture_bonus = 10\n"), "house.toml")
	c := session.NewCompare(a, b)
	shown := func() (string, string) {
		return strings.Join(a.Game.ChanceShown(a.State()), " "), strings.Join(b.Game.ChanceShown(b.State()), " ")
	}
	if !c.AtChance() {
		t.Fatal("both games start waiting for A's throw")
	}
	if d, err := c.Play("5-3"); err != nil || d.Diverged() || !d.InA || !d.InB {
		t.Fatalf("typed throw: %+v %v", d, err)
	}
	if sa, sb := shown(); sa != "throw: 5-3" || sb != sa {
		t.Fatalf("the typed throw: A shows %q, B %q", sa, sb)
	}
	if _, err := c.Play("E, t5+3"); err != nil {
		t.Fatal(err)
	}
	// the one-line form: B throws 6-2 and can do nothing
	if _, err := c.Play("6-2: -"); err != nil {
		t.Fatal(err)
	}
	if len(c.Marks) != 4 || c.Marks[2].Text != "6-2" || c.Marks[3].Text != "-" {
		t.Fatalf("marks %+v", c.Marks)
	}
	// rolled: the engine draws one throw and both games get it
	rng := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 6; i++ {
		if !c.AtChance() {
			if _, err := c.Play(a.Format(a.Legal()[0])); err != nil {
				t.Fatalf("roll %d: the decision %v", i, err)
			}
			continue
		}
		d, err := c.Roll(rng)
		if err != nil || !d.InA || !d.InB {
			t.Fatalf("roll %d: %+v %v", i, d, err)
		}
		if sa, sb := shown(); sa == "" || sa != sb {
			t.Fatalf("roll %d: A shows %q, B %q", i, sa, sb)
		}
	}
	// a throw in one game only: out of step, and Roll says so
	for !c.AtChance() {
		if _, err := c.Play(a.Format(a.Legal()[0])); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.PlayIn(0, "4-2"); err != nil {
		t.Fatal(err)
	}
	if !c.OutOfStep() {
		t.Fatal("A waits for a move and B for its throw: out of step")
	}
	if _, err := c.Roll(rng); err == nil || !strings.Contains(err.Error(), "out of step") {
		t.Fatalf("Roll out of step: %v", err)
	}
}

// A card dealt to a seat's zone is narrated to that seat ("deal to
// North's hand"); one turned to a shared zone belongs to no seat: named
// with the zone and, when every seat sees it, the card ("turned to the
// start: 3H", cribbage A.4), otherwise without it ("draw to the kitty").
func TestNarrateSharedZone(t *testing.T) {
	g := load(t, "traditional/cribbage")
	s := session.New(g, "traditional/cribbage")
	for _, l := range []string{"deal=6C", "deal=3C", "deal=8H", "deal=QC", "deal=KS", "deal=TH", "deal=TS", "deal=JS", "deal=7C", "deal=AD", "8H+KS", "AD+3C", "start=3H"} {
		if err := s.PlayText(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	ev := s.Events()
	if got := ev[0].Says; got != "deal to North's hand" {
		t.Errorf("deal=6C says %q", got)
	}
	if got := ev[12].Says; got != "turned to the start: 3H" {
		t.Errorf("start=3H says %q, want the start without a seat", got)
	}
	for _, i := range []int{0, 12} { // a deal and the start are no seat's move
		if ev[i].Seat != -1 {
			t.Errorf("%s is %s's move", ev[i].Text, g.SeatTitle(ev[i].Seat))
		}
	}
	if ev[10].Seat != 0 { // North's discard is North's
		t.Errorf("%s: seat %d, want North's", ev[10].Text, ev[10].Seat)
	}

	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "variants", "pairs.toml"))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(data), "[zones.pile]", "[zones.kitty]\nvisible = \"none\"\n[zones.pile]", 1)
	src = strings.Replace(src, "seats = \"mover\"\nword = \"draw\"", "seats = \"mover\"\nword = \"draw\"\nto = \"kitty\"", 1)
	src = strings.Replace(src, "from = \"deck\"\nto = \"hand\"\nseats = \"mover\"", "from = \"deck\"\nseats = \"mover\"", 1)
	pg, err := core.LoadBytes("kitty.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ps := session.New(pg, "kitty")
	for range 5 { // the deal of two each, then a draw to the kitty
		if err := ps.Play(ps.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	pev := ps.Events()
	if got := pev[4].Says; got != "draw to the kitty" {
		t.Errorf("%s says %q, want the kitty without a seat or the card", pev[4].Text, got)
	}
}
