package editor

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"rulesmith/core"
	"rulesmith/editor/boardview"
	"rulesmith/editor/session"
	"rulesmith/variants"
)

// These tests drive the real application on tcell's simulation screen:
// keys go in through the screen, as a terminal would send them, and the
// assertions read the text the application drew.

const (
	screenW = 80
	screenH = 24
	// waitLimit bounds every wait for the screen: a bound for failure,
	// never a delay (a wait ends when the screen shows what it waits for),
	// so it is wide: -race, and a landing CI on a loaded 2-core machine,
	// where an agent's 200 STRIX playouts took over 5 s (TestAgentsMove).
	waitLimit = 30 * time.Second
)

// term is a running application on a simulation screen.
type term struct {
	t    *testing.T
	scr  tcell.SimulationScreen
	tv   *tview.Application
	done chan error
}

func newScreen(t testing.TB) tcell.SimulationScreen {
	scr := tcell.NewSimulationScreen("")
	if err := scr.Init(); err != nil {
		t.Fatal(err)
	}
	scr.SetSize(screenW, screenH)
	return scr
}

// run starts the event loop; the test's cleanup stops it.
func run(t *testing.T, scr tcell.SimulationScreen, tv *tview.Application, loop func() error) *term {
	t.Helper()
	// tview.SetScreen initialises the screen again, at tcell's default
	// 80×25: set the size once more.
	scr.SetSize(screenW, screenH)
	tm := &term{t: t, scr: scr, tv: tv, done: make(chan error, 1)}
	go func() { tm.done <- loop() }()
	t.Cleanup(tm.stop)
	return tm
}

// startApp builds the play screen with test defaults and runs it.
func startApp(t *testing.T, opts Options) (*App, *term) {
	t.Helper()
	scr := newScreen(t)
	opts.Screen = scr
	if opts.FS == nil {
		opts.FS = variants.FS()
	}
	if opts.AutosaveDir == "" {
		opts.AutosaveDir = t.TempDir()
	}
	if opts.Clock == nil {
		opts.Clock = func() time.Time { return time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC) }
	}
	a, err := New(opts)
	if err != nil {
		t.Fatalf("New(%s): %v", opts.Variant, err)
	}
	tm := run(t, scr, a.Application(), a.Run)
	tm.waitFor("to move")
	return a, tm
}

// startCompare builds the compare view and runs it.
func startCompare(t *testing.T, a, b string, mono bool) (*CompareApp, *term) {
	t.Helper()
	scr := newScreen(t)
	c, err := NewCompare(CompareOptions{
		A:      Options{Variant: a, FS: variants.FS()},
		B:      Options{Variant: b, FS: variants.FS()},
		Mono:   mono,
		Screen: scr,
	})
	if err != nil {
		t.Fatal(err)
	}
	tm := run(t, scr, c.Application(), c.Run)
	tm.waitFor("rule differences")
	return c, tm
}

func (tm *term) stop() {
	tm.tv.Stop()
	select {
	case err := <-tm.done:
		if err != nil {
			tm.t.Errorf("Run: %v", err)
		}
	case <-time.After(waitLimit):
		tm.t.Errorf("the application did not stop")
	}
}

// sync runs f on the event loop and waits for it: that is where widgets
// and the session may be read, and where the screen is not being drawn.
func (tm *term) sync(f func()) {
	tm.t.Helper()
	ran := make(chan struct{})
	go func() {
		tm.tv.QueueUpdate(f)
		close(ran)
	}()
	select {
	case <-ran:
	case <-time.After(waitLimit):
		tm.t.Fatalf("the event loop did not answer within %v", waitLimit)
	}
}

// cells returns a copy of the screen's cells as last shown.
func (tm *term) cells() []tcell.SimCell {
	var out []tcell.SimCell
	tm.sync(func() {
		cells, _, _ := tm.scr.GetContents()
		out = append(out, cells...)
	})
	return out
}

// text returns the screen as lines of text, trailing spaces trimmed.
func (tm *term) text() string {
	return screenText(tm.cells())
}

func screenText(cells []tcell.SimCell) string {
	var b strings.Builder
	for y := 0; y < screenH; y++ {
		var line strings.Builder
		for x := 0; x < screenW; x++ {
			c := cells[y*screenW+x]
			if len(c.Runes) == 0 {
				line.WriteByte(' ')
				continue
			}
			line.WriteString(string(c.Runes))
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// rows returns screen rows [from, to) of a screen text.
func rows(text string, from, to int) string {
	lines := strings.Split(text, "\n")
	return strings.Join(lines[from:min(to, len(lines))], "\n")
}

// waitFor waits until the screen shows want and returns the screen.
func (tm *term) waitFor(want string) string {
	tm.t.Helper()
	return tm.waitUntil("the screen to show "+fmt.Sprintf("%q", want), func(s string) bool { return strings.Contains(s, want) })
}

// waitGone waits until the screen no longer shows s.
func (tm *term) waitGone(gone string) string {
	tm.t.Helper()
	return tm.waitUntil("the screen to stop showing "+fmt.Sprintf("%q", gone), func(s string) bool { return !strings.Contains(s, gone) })
}

func (tm *term) waitUntil(what string, ok func(string) bool) string {
	tm.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		s := tm.text()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("timed out waiting for %s; the screen:\n%s", what, s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (tm *term) key(k tcell.Key) { tm.scr.InjectKey(k, 0, tcell.ModNone) }

func (tm *term) runes(s string) {
	for _, r := range s {
		tm.scr.InjectKey(tcell.KeyRune, r, tcell.ModNone)
	}
}

// typeMove types a move in notation at the move prompt.
func (tm *term) typeMove(text string) {
	tm.runes(":" + text)
	tm.key(tcell.KeyEnter)
}

// playLine types moves and waits for the move list to show the last one.
func (tm *term) playLine(a *App, moves ...string) {
	tm.t.Helper()
	n := 0
	tm.sync(func() { n = len(a.sess.Lines()) })
	for _, m := range moves {
		tm.typeMove(m)
	}
	tm.waitFor(fmt.Sprintf("%d. %s", n+len(moves), moves[len(moves)-1]))
}

// cursorTo moves the board's cursor to the named cell with the arrow keys.
// The path is planned with the widget's own cursor movement, on the event
// loop; the keys then go through the screen.
func (tm *term) cursorTo(a *App, name string) {
	tm.t.Helper()
	var keys []tcell.Key
	target := -1
	tm.sync(func() {
		c, ok := a.sess.Game.Board().Index(name)
		if !ok {
			return
		}
		target = c
		start := a.board.Cursor()
		dirs := []struct {
			key    tcell.Key
			dx, dy int
		}{{tcell.KeyUp, 0, -1}, {tcell.KeyDown, 0, 1}, {tcell.KeyLeft, -1, 0}, {tcell.KeyRight, 1, 0}}
		type step struct {
			from int
			key  tcell.Key
		}
		prev := map[int]step{start: {-1, 0}}
		queue := []int{start}
		for len(queue) > 0 && target != start {
			cur := queue[0]
			queue = queue[1:]
			if cur == target {
				break
			}
			for _, d := range dirs {
				a.board.SetCursor(cur)
				a.board.MoveCursor(d.dx, d.dy)
				next := a.board.Cursor()
				if _, seen := prev[next]; !seen {
					prev[next] = step{cur, d.key}
					queue = append(queue, next)
				}
			}
		}
		a.board.SetCursor(start)
		if _, reached := prev[target]; !reached {
			keys = nil
			target = -2
			return
		}
		for c := target; c != start; c = prev[c].from {
			keys = append([]tcell.Key{prev[c].key}, keys...)
		}
	})
	switch target {
	case -1:
		tm.t.Fatalf("no cell %q", name)
	case -2:
		tm.t.Fatalf("the arrow keys cannot reach %s", name)
	}
	for _, k := range keys {
		tm.key(k)
	}
	deadline := time.Now().Add(waitLimit)
	for {
		at := -1
		tm.sync(func() { at = a.board.Cursor() })
		if at == target {
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("the cursor did not reach %s", name)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// shortcut finds the digit of the list item containing text in a popup.
func shortcut(t *testing.T, screen, text string) rune {
	t.Helper()
	re := regexp.MustCompile(`\((\d)\) ([^│║]*)`)
	for _, m := range re.FindAllStringSubmatch(screen, -1) {
		if strings.Contains(m[2], text) {
			return rune(m[1][0])
		}
	}
	t.Fatalf("no list item with %q on the screen:\n%s", text, screen)
	return 0
}

// boardArea returns the part of a play screen the board takes (at 80×24,
// without the rules pane: 48 columns, the rows down to its bottom border).
func boardArea(screen string) string {
	lines := strings.Split(screen, "\n")[:screenH-2]
	for i, l := range lines {
		r := []rune(l)
		lines[i] = string(r[:min(48, len(r))])
		if i > 0 && (strings.HasPrefix(l, "└") || strings.HasPrefix(l, "╚")) {
			lines = lines[:i+1]
			break
		}
	}
	return strings.Join(lines, "\n")
}

// statusLine returns the status area (the rows between the panes' bottom
// border and the input line; it wraps a long text), joined by spaces.
func statusLine(screen string) string {
	lines := strings.Split(screen, "\n")[:screenH-1]
	var out []string
	for i := len(lines) - 1; i > 0; i-- {
		if strings.HasPrefix(lines[i], "└") || strings.HasPrefix(lines[i], "╚") {
			break
		}
		out = append([]string{lines[i]}, out...)
	}
	return strings.Join(out, " ")
}

// cellsOf parses a move in the current position and returns the names of
// its origin and target.
func cellsOf(t *testing.T, tm *term, a *App, text string) (from, to string) {
	t.Helper()
	var err error
	tm.sync(func() {
		var m core.Move
		m, err = a.sess.Game.Parse(a.sess.State(), text)
		if err != nil {
			return
		}
		b := a.sess.Game.Board()
		if m.From() >= 0 {
			from = b.Cells[m.From()].Name
		}
		if m.To() >= 0 {
			to = b.Cells[m.To()].Name
		}
	})
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return from, to
}

func readMoves(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := core.ReadRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.Text
	}
	return out
}

// ---- the tests ---------------------------------------------------------------

func TestOpenEveryVariant(t *testing.T) {
	names := variants.Names()
	if len(names) == 0 {
		t.Fatal("no embedded variants")
	}
	names = append(names, "../testdata/variants/breakthrough.toml")
	for _, name := range names {
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) {
			a, tm := startApp(t, Options{Variant: name})
			s := tm.waitUntil(`"moves (0)" or the pass-and-play curtain`, func(s string) bool {
				return strings.Contains(s, "moves (0)") || strings.Contains(s, "pass and play")
			})
			if strings.Contains(s, "pass and play") {
				// a variant with hidden zones played by two humans: the first
				// player takes the screen as a user does, with a key
				tm.key(tcell.KeyEnter)
				s = tm.waitUntil(`the curtain gone and "moves (0)"`, func(s string) bool {
					return strings.Contains(s, "moves (0)") && !strings.Contains(s, "pass and play")
				})
			}
			if title := a.sess.Game.Title(); !strings.Contains(s, title) {
				t.Errorf("the board's title %q is not shown:\n%s", title, s)
			}
			for _, want := range []string{"to move: " + a.sess.Game.SeatTitle(0), "[play]", "move>"} {
				if !strings.Contains(s, want) {
					t.Errorf("%q is not shown:\n%s", want, s)
				}
			}
			// the board shows the name of the cell under the cursor; a card
			// table, the zones by name
			if g := a.sess.Game; boardview.IsCardTable(g) {
				for _, z := range g.Zones() {
					if !strings.Contains(boardPane(rows(s, 0, screenH-2)), z) {
						t.Errorf("zone %s is not on the card table:\n%s", z, s)
					}
				}
			} else if c := a.sess.Game.Board().Cells[0].Name; !strings.Contains(rows(s, 0, screenH-2), c) {
				t.Errorf("cell %s is not named on the board:\n%s", c, s)
			}
		})
	}
}

// A STRIX move chosen with the cursor keys and Enter, then moves typed in
// notation; the move list shows them.
func TestPlayByKeysAndNotation(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "strix/standard"})
	from, to := cellsOf(t, tm, a, "bR-g65")
	tm.cursorTo(a, from)
	tm.key(tcell.KeyEnter)
	s := tm.waitFor("target(s)")
	if !strings.Contains(s, "[select]") {
		t.Errorf("the status line does not say the mode is select:\n%s", s)
	}
	if !strings.Contains(rows(s, 0, screenH-2), "•") {
		t.Errorf("no target is marked on the board:\n%s", s)
	}
	tm.cursorTo(a, to)
	tm.key(tcell.KeyEnter)
	s = tm.waitFor("1. bR-g65")
	if !strings.Contains(s, "to move: Yellow") {
		t.Errorf("Yellow is not to move after Brown's move:\n%s", s)
	}
	tm.playLine(a, "yK-g24", "gK-b22")
	s = tm.waitFor("3. gK-b22")
	for _, want := range []string{"1. bR-g65", "2. yK-g24", "to move: Brown"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q is not shown:\n%s", want, s)
		}
	}
}

// A landing with several capture options asks which move; a digit picks.
func TestCaptureChoice(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "strix/standard"})
	tm.playLine(a, "bR-b43", "yR-y73", "gK-b22", "bR-b63", "yK-g24", "gK-b21", "bK-y21")
	from, to := cellsOf(t, tm, a, "yK-y22xbK")
	tm.cursorTo(a, from)
	tm.key(tcell.KeyEnter)
	tm.waitFor("target(s)")
	tm.cursorTo(a, to)
	tm.key(tcell.KeyEnter)
	s := tm.waitFor("which move?")
	if !regexp.MustCompile(`\(\d\) yK-y22xbK\s`).MatchString(s) || !regexp.MustCompile(`\(\d\) yK-y22\s`).MatchString(s) {
		t.Errorf("the two options are not listed:\n%s", s)
	}
	if !strings.Contains(boardArea(s), "bK") {
		t.Fatalf("Brown's Kite is not on the board:\n%s", s)
	}
	tm.runes(string(shortcut(t, s, "yK-y22xbK")))
	s = tm.waitGone("which move?")
	if !strings.Contains(s, "8. yK-y22xbK") {
		t.Errorf("the move list does not show the capture:\n%s", s)
	}
	if strings.Contains(boardArea(s), "bK") {
		t.Errorf("Brown's Kite was taken but is still on the board:\n%s", s)
	}
}

// Mancala: Enter on a bowl sows it; a mouse click on a bowl too.
func TestMancalaByKeysAndMouse(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "mancala/egyptian"})
	tm.cursorTo(a, "south3")
	tm.key(tcell.KeyEnter)
	s := tm.waitFor("1. 3")
	if !strings.Contains(s, "to move: south") {
		t.Errorf("south's last seed fell in the store: south moves again; the screen:\n%s", s)
	}
	// click south's bowl 1: find where the board draws it
	x, y := -1, -1
	tm.sync(func() {
		want, _ := a.sess.Game.Board().Index("south1")
		for yy := 0; yy < screenH && x < 0; yy++ {
			for xx := 0; xx < screenW; xx++ {
				if c, ok := a.board.CellAt(xx, yy); ok && c == want {
					x, y = xx, yy
					break
				}
			}
		}
	})
	if x < 0 {
		t.Fatal("south1 is not drawn")
	}
	tm.scr.InjectMouse(x, y, tcell.Button1, tcell.ModNone)
	tm.scr.InjectMouse(x, y, tcell.ButtonNone, tcell.ModNone)
	tm.waitFor("2. 1")
}

// An illegal typed move shows the engine's reason and changes nothing.
func TestIllegalMoveShowsReason(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "strix/standard"})
	tm.playLine(a, "bR-g65")
	tm.typeMove("yK-a99")
	s := tm.waitFor("illegal move")
	st := statusLine(s)
	if !strings.Contains(st, `illegal move "yK-a99"`) || !strings.Contains(st, "no legal move is written this way") {
		t.Errorf("the status line does not give the engine's reason: %q", st)
	}
	if !strings.Contains(s, "moves (1)") {
		t.Errorf("the move list changed:\n%s", s)
	}
	// the next key clears the message
	tm.runes("?")
	tm.waitFor("Press any key to close")
	tm.runes("x")
	tm.waitGone("illegal move")
}

func TestUndoRedo(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "strix/standard"})
	tm.playLine(a, "bR-g65", "yK-g24")
	tm.runes("u")
	s := tm.waitFor("moves (1)")
	if !strings.Contains(s, "moves (1) + 1 to redo") || !strings.Contains(statusLine(s), "undid yK-g24") {
		t.Errorf("undo did not take back yK-g24:\n%s", s)
	}
	tm.runes("u")
	tm.waitFor("moves (0)")
	tm.runes("u")
	tm.waitFor("nothing to undo")
	tm.runes("r")
	tm.waitFor("1. bR-g65")
	tm.runes("r")
	s = tm.waitFor("moves (2)")
	if !strings.Contains(statusLine(s), "redid yK-g24") {
		t.Errorf("the status line does not say what was redone: %q", statusLine(s))
	}
	if !strings.Contains(s, "to move: Green") {
		t.Errorf("Green is not to move after redo:\n%s", s)
	}
	tm.runes("r")
	tm.waitFor("nothing to redo")
}

// Save a record through the prompt, start a new game, open the record:
// the position comes back.
func TestSaveAndOpenRecord(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "strix/standard"})
	tm.playLine(a, "bR-g65", "yK-g24", "gK-b22")
	before := rows(tm.text(), 0, screenH-2)
	path := filepath.Join(t.TempDir(), "game.txt")

	tm.runes("s")
	s := tm.waitFor("save record to:")
	if !strings.Contains(s, "save record to: "+a.sess.AutosavePath[:20]) {
		t.Errorf("the prompt does not offer the autosave path:\n%s", s)
	}
	tm.key(tcell.KeyCtrlU) // clear the offered path
	tm.runes(path)
	tm.key(tcell.KeyEnter)
	tm.waitFor("saved ")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "bR-g65\nyK-g24\ngK-b22\n"; !strings.HasSuffix(string(data), want) {
		t.Errorf("the record is %q, want it to end with %q", data, want)
	}

	tm.runes("n")
	tm.waitFor("moves (0)")
	tm.runes("o")
	tm.waitFor("open record:")
	tm.runes(path)
	tm.key(tcell.KeyEnter)
	s = tm.waitFor("3. gK-b22")
	if !strings.Contains(s, "loaded") {
		t.Errorf("the status line does not say the record was loaded:\n%s", s)
	}
	if after := rows(s, 0, screenH-2); after != before {
		t.Errorf("the position did not come back:\nbefore:\n%s\nafter:\n%s", before, after)
	}

	// a record that does not exist: an error, and the game stays
	tm.runes("o")
	tm.waitFor("open record:")
	tm.runes(filepath.Join(t.TempDir(), "missing.txt"))
	tm.key(tcell.KeyEnter)
	s = tm.waitFor("no such file")
	if !strings.Contains(s, "3. gK-b22") {
		t.Errorf("a failed open lost the game:\n%s", s)
	}

	// the autosave holds the game too
	data, err = os.ReadFile(a.sess.AutosavePath)
	if err != nil || !strings.HasSuffix(string(data), "gK-b22\n") {
		t.Errorf("autosave %s: %q, %v", a.sess.AutosavePath, data, err)
	}
}

// Edit mode: the rules file is watched; a broken file shows file:line:col
// and the offending line, a file under which a played move became illegal
// names that move, and the original file clears the error.
func TestEditReloadsChangedRules(t *testing.T) {
	dir, err := os.MkdirTemp("", "rs")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	orig, err := fs.ReadFile(variants.FS(), "mancala/egyptian.toml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "egyptian.toml")
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	a, tm := startApp(t, Options{Variant: path, Edit: true})
	s := tm.waitFor(`title = "Mancala`) // the rules pane
	if strings.Contains(s, "not watching") {
		t.Fatalf("the file is not watched:\n%s", s)
	}
	tm.playLine(a, "3", "1")

	write := func(data string) {
		t.Helper()
		if err := session.WriteAtomic(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	// a broken file: position of the error
	broken := strings.Replace(string(orig), `kind = "pits"`, `kind = "pitz"`, 1)
	line, col := lineCol(broken, `"pitz"`)
	write(broken)
	want := fmt.Sprintf("egyptian.toml:%d:%d", line, col)
	s = tm.waitFor(want)
	if !strings.Contains(statusLine(s), want) || !strings.Contains(statusLine(s), "board.kind: unknown value") {
		t.Errorf("the status line does not locate the error: %q", statusLine(s))
	}
	if !strings.Contains(s, "the file fails:") || !strings.Contains(s, `"pitz"`) {
		t.Errorf("the offending line is not shown:\n%s", s)
	}
	lines := 0
	tm.sync(func() { lines = len(a.sess.Lines()) })
	if lines != 2 {
		t.Errorf("a broken file changed the game: %d moves", lines)
	}

	// good rules under which the first move is illegal
	write(strings.Replace(string(orig), "pits = 6 ", "pits = 2 ", 1))
	s = tm.waitFor(`move 1 "3" became illegal`)
	if !strings.Contains(s, "no bowl 3") {
		t.Errorf("the report does not give the engine's reason:\n%s", s)
	}
	tm.sync(func() { lines = len(a.sess.Lines()) })
	if lines != 0 {
		t.Errorf("the game was not cut before the illegal move: %d moves", lines)
	}
	tm.runes("r")
	tm.waitFor("cannot redo")

	// the original rules: no error; redo plays the moves again
	write(string(orig))
	s = tm.waitFor("[play] rules reloaded")
	if strings.Contains(s, "became illegal") || strings.Contains(s, "do not load") {
		t.Errorf("a stale report is still shown:\n%s", s)
	}
	tm.runes("r")
	tm.waitFor("1. 3")
	tm.runes("r")
	tm.waitFor("2. 1")
}

// lineCol finds the 1-based line and column of the first sub in text.
func lineCol(text, sub string) (int, int) {
	i := strings.Index(text, sub)
	if i < 0 {
		return 0, 0
	}
	line := strings.Count(text[:i], "\n") + 1
	col := i - strings.LastIndex(text[:i], "\n")
	return line, col
}

// The rules pane saves with ctrl+s and the game is replayed under the
// saved rules.
func TestEditRulesPaneSaves(t *testing.T) {
	dir := t.TempDir()
	orig, err := os.ReadFile("../variants/mancala/egyptian.toml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "egyptian.toml")
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	_, tm := startApp(t, Options{Variant: path, Edit: true})
	tm.key(tcell.KeyTab)
	s := tm.waitFor("[rules]")
	if !strings.Contains(statusLine(s), "ctrl+s") {
		t.Errorf("the status line does not say how to save the rules: %q", statusLine(s))
	}
	tm.runes("# a comment typed in the pane\n")
	tm.key(tcell.KeyCtrlS)
	tm.waitFor("rules reloaded")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "# a comment typed in the pane") {
		t.Errorf("ctrl+s did not save the pane:\n%s", data)
	}
	tm.key(tcell.KeyTab)
	tm.waitFor("[play]")
}

// A foul call in strix/simple: the verdict, and the demonstration stepped
// on the board.
func TestFoulCallShowsVerdictAndDemonstration(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "strix/simple"})
	tm.playLine(a, readMoves(t, "../testdata/records/strix-fouls/simple.txt")...)
	tm.runes("f")
	s := tm.waitFor("who calls")
	tm.runes(string(shortcut(t, s, "Yellow calls")))
	s = tm.waitFor("foul upheld")
	for _, want := range []string{"[preview 0/1]", "Yellow wins by force: yO-b77", "call y"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q is not shown:\n%s", want, s)
		}
	}
	// the board's rows with something on them: the status area wraps a
	// long message, and the board, a row shorter, centres itself again
	inked := func(screen string) string {
		var out []string
		for _, l := range strings.Split(boardArea(screen), "\n") {
			if strings.Trim(l, "║│ ") != "" {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	board0 := inked(s)
	tm.runes("]")
	s = tm.waitFor("[preview 1/1]")
	if inked(s) == board0 {
		t.Errorf("] did not step the demonstration on the board:\n%s", s)
	}
	tm.runes("[")
	s = tm.waitFor("[preview 0/1]")
	if inked(s) != board0 {
		t.Errorf("[ did not step back:\n%s", s)
	}
	tm.key(tcell.KeyEscape)
	s = tm.waitFor("[play]")
	if !strings.Contains(s, "takebacks 2") {
		t.Errorf("Brown did not spend a takeback:\n%s", s)
	}
}

// A call nobody may make says why.
func TestFoulCallRefused(t *testing.T) {
	_, tm := startApp(t, Options{Variant: "dvonn"})
	tm.runes("f")
	tm.waitFor("declares no foul")
}

// The compare view plays the same moves on two editions and marks where
// they diverge.
func TestCompareShowsDivergence(t *testing.T) {
	t.Run("strix", func(t *testing.T) {
		_, tm := startCompare(t, "strix/first-edition", "strix/standard", false)
		s := tm.waitFor("rule differences, strix/first-edition → strix/standard")
		if !regexp.MustCompile(`end\.\w+\.\w+: `).MatchString(s) {
			t.Errorf("no rule difference is listed:\n%s", s)
		}
		for i, m := range []string{"bR-y34", "yR-b45", "gK-b22", "bK-g36"} {
			tm.typeMove(m)
			tm.waitFor(fmt.Sprintf("move %d %s: the two games agree", i+1, m))
		}
		tm.typeMove("yK-g26xbK")
		s = tm.waitFor("DIVERGES")
		for _, want := range []string{"move 5 yK-g26xbK DIVERGES (scores)", "score change: strix/first-edition: Yellow +4; strix/standard: none", "diverging moves: 5.yK-g26xbK"} {
			if !strings.Contains(s, want) {
				t.Errorf("%q is not shown:\n%s", want, s)
			}
		}
		tm.typeMove("zz-top")
		tm.waitFor("illegal in both")
		tm.runes("u")
		tm.waitFor("move 4 bK-g36: the two games agree")
		tm.key(tcell.KeyPgDn)
		tm.waitGone("move 4 bK-g36")
	})
	t.Run("mancala", func(t *testing.T) {
		_, tm := startCompare(t, "mancala/egyptian", "mancala/ethiopian", false)
		tm.waitFor("rule differences, mancala/egyptian → mancala/ethiopian")
		tm.typeMove("3")
		s := tm.waitFor("DIVERGES")
		if !strings.Contains(s, "move 1 3 DIVERGES") {
			t.Errorf("no divergence on the first move:\n%s", s)
		}
	})
}

// The event loop answers while an agent thinks: the help appears while
// the agent is still searching. The agent's budget is far longer than any
// wait, so the order of the two events, not a time, is what is checked (a
// loaded machine may take seconds to draw the help; the agent is cancelled
// when the test stops the editor).
func TestUIAnswersWhileAgentThinks(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "strix/standard", Seats: []string{"b=mcts:10m"}})
	tm.waitFor("[thinking]")
	tm.runes("?")
	tm.waitFor("Press any key to close")
	moved := true
	tm.sync(func() { moved = len(a.sess.Lines()) > 0 })
	if moved {
		t.Error("the agent moved before the help appeared: the event loop waited for it")
	}
	tm.runes("x")
	tm.waitGone("Press any key")
	tm.sync(func() { moved = len(a.sess.Lines()) > 0 })
	if moved {
		t.Error("the agent moved while the help was shown")
	}
}

// A random agent answers a person's move by itself; a person's move while an
// agent thinks cancels the search and the next agent starts.
func TestAgentsMove(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "strix/standard", Seats: []string{"y=random", "g=mcts:200p"}})
	tm.playLine(a, "bR-g65")
	s := tm.waitFor("3. g")
	if !strings.Contains(s, "to move: Brown (human)") {
		t.Errorf("Brown is not to move after the agents:\n%s", s)
	}
	tm.runes("a") // the search agent moves for Brown
	tm.waitFor("moves (6)")
}

// NO_COLOR or --mono: nothing is drawn in a colour.
func TestMonochrome(t *testing.T) {
	check := func(t *testing.T, tm *term, what string) {
		t.Helper()
		for i, c := range tm.cells() {
			fg, bg, _ := c.Style.Decompose()
			if fg != tcell.ColorDefault || bg != tcell.ColorDefault {
				x, y := i%screenW, i/screenW
				t.Errorf("%s: %q at %d,%d is drawn in colour (fg %v, bg %v); the screen:\n%s", what, string(c.Runes), x, y, fg, bg, tm.text())
				return
			}
		}
	}
	play := func(t *testing.T, a *App, tm *term) {
		check(t, tm, "start")
		tm.playLine(a, "bR-g65")
		from, _ := cellsOf(t, tm, a, "yK-g24")
		tm.cursorTo(a, from)
		tm.key(tcell.KeyEnter)
		tm.waitFor("target(s)")
		check(t, tm, "a piece selected")
		tm.typeMove("nonsense")
		s := tm.waitFor("illegal move")
		if !strings.HasPrefix(statusLine(s), "[select] ") {
			t.Errorf("the mode is not shown as [select]: %q", statusLine(s))
		}
		check(t, tm, "an error")
		tm.runes("?")
		tm.waitFor("Press any key")
		check(t, tm, "the help")
	}
	t.Run("mono", func(t *testing.T) {
		a, tm := startApp(t, Options{Variant: "strix/standard", Mono: true})
		play(t, a, tm)
	})
	t.Run("NO_COLOR", func(t *testing.T) {
		t.Setenv("NO_COLOR", "1")
		a, tm := startApp(t, Options{Variant: "strix/standard"})
		play(t, a, tm)
	})
	t.Run("edit", func(t *testing.T) {
		dir := t.TempDir()
		data, err := os.ReadFile("../variants/mancala/egyptian.toml")
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "egyptian.toml")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, tm := startApp(t, Options{Variant: path, Edit: true, Mono: true})
		tm.runes("s")
		tm.waitFor("save record to:")
		check(t, tm, "the edit screen with a prompt")
	})
	t.Run("compare", func(t *testing.T) {
		_, tm := startCompare(t, "strix/first-edition", "strix/standard", true)
		tm.typeMove("bR-y34")
		tm.waitFor("move 1 bR-y34")
		check(t, tm, "compare")
	})
	// and the colour mode does use colours
	t.Run("colour", func(t *testing.T) {
		_, tm := startApp(t, Options{Variant: "strix/standard"})
		coloured := false
		for _, c := range tm.cells() {
			if fg, _, _ := c.Style.Decompose(); fg != tcell.ColorDefault {
				coloured = true
				break
			}
		}
		if !coloured {
			t.Error("the colour mode draws no colour")
		}
	})
}

// compare-view: once one variant gives an extra turn the games are out of
// step, and a move is not applied to different movers; a copy keeping the
// base's name is told apart by its file.
func TestCompareOutOfStep(t *testing.T) {
	dir := t.TempDir()
	house := filepath.Join(dir, "house.toml")
	if err := os.WriteFile(house, []byte("extends = \"mancala/egyptian\"\n[moves.sow]\nextra_turn = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, tm := startCompare(t, "mancala/egyptian", house, false)
	s := tm.waitFor("rule differences, mancala/egyptian (shipped) → mancala/egyptian (house.toml)")
	if !strings.Contains(s, "extra_turn") {
		t.Errorf("the rule difference is not listed:\n%s", s)
	}
	tm.typeMove("3")
	s = tm.waitFor("DIVERGES")
	if !strings.Contains(s, "move 1 3 DIVERGES (extra turn)") || !strings.Contains(s, "out of step") {
		t.Errorf("the lost extra turn is not marked:\n%s", s)
	}
	tm.typeMove("1")
	s = tm.waitFor("the games are out of step (")
	if !strings.Contains(s, "a:MOVE or b:MOVE") {
		t.Errorf("no way out is offered:\n%s", s)
	}
	tm.typeMove("a:1")
	tm.waitFor("move 2 1: played in mancala/egyptian (shipped) only")
	tm.typeMove("2")
	s = tm.waitFor("move 3 2:")
	if !strings.Contains(s, "diverging moves: 1.3\n") && !strings.Contains(s, "diverging moves: 1.3 ") {
		t.Errorf("the divergence list is not only the first move:\n%s", s)
	}
}

// styleAt returns the style the board drew cell name with (its first
// drawn position), read on the event loop.
func styleAt(t *testing.T, tm *term, a *App, name string) tcell.Style {
	t.Helper()
	var st tcell.Style
	found := false
	tm.sync(func() {
		want, ok := a.sess.Game.Board().Index(name)
		if !ok {
			return
		}
		cells, w, h := tm.scr.GetContents()
		for y := 0; y < h && !found; y++ {
			for x := 0; x < w; x++ {
				if c, ok := a.board.CellAt(x, y); ok && c == want && len(cells[y*w+x].Runes) > 0 && isContent(cells[y*w+x].Runes[0]) {
					st, found = cells[y*w+x].Style, true
					break
				}
			}
		}
	})
	if !found {
		t.Fatalf("cell %s is not drawn", name)
	}
	return st
}

// isContent reports whether r is a cell's contents (a count, a glyph), not
// a frame or a blank.
func isContent(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '·' || r == '◦'
}

// Every move is narrated in the move list, with the seat that made it.
func TestNarrationOnScreen(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "strix/first-edition"})
	tm.playLine(a, "bR-y34", "yR-b45", "gK-b22", "bK-g36", "yK-g26xbK")
	s := tm.waitFor("takes bK on g36")
	for _, want := range []string{"5. yK-g26xbK  Yellow", "score Yellow +4", "1. bR-y34  Brown"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q is not shown:\n%s", want, s)
		}
	}
	m, tm2 := startApp(t, Options{Variant: "mancala/egyptian"})
	tm2.playLine(m, "3")
	s = tm2.waitFor("south moves again")
	if !strings.Contains(s, "1. 3  south") || !strings.Contains(statusLine(s), "3 — score south +1; south moves again") {
		t.Errorf("the extra turn is not narrated:\n%s", s)
	}
}

// The last move's cells are marked on every board: a background in
// colour, underlined in NO_COLOR; mancala's sown bowl too.
func TestLastMoveMarks(t *testing.T) {
	for _, mono := range []bool{false, true} {
		t.Run(fmt.Sprint("mono=", mono), func(t *testing.T) {
			a, tm := startApp(t, Options{Variant: "mancala/egyptian", Mono: mono})
			before := styleAt(t, tm, a, "south1")
			tm.playLine(a, "1")
			tm.cursorTo(a, "north6") // the cursor (reverse) off the bowls compared
			after, other := styleAt(t, tm, a, "south1"), styleAt(t, tm, a, "south2")
			if mono {
				if _, _, attr := after.Decompose(); attr&tcell.AttrUnderline == 0 {
					t.Errorf("the sown bowl is not underlined: %v", attr)
				}
				if _, _, attr := other.Decompose(); attr&tcell.AttrUnderline != 0 {
					t.Errorf("a bowl the move did not start from is underlined")
				}
				return
			}
			_, bgAfter, _ := after.Decompose()
			_, bgOther, _ := other.Decompose()
			_, bgBefore, _ := before.Decompose()
			if bgAfter == bgOther || bgAfter == bgBefore {
				t.Errorf("the sown bowl's background %v is not marked (another bowl %v, before %v)", bgAfter, bgOther, bgBefore)
			}
		})
	}
	a, tm := startApp(t, Options{Variant: "strix/standard", Mono: true})
	tm.playLine(a, "bR-g65")
	from, to := cellsOf(t, tm, a, "yK-g24")
	tm.cursorTo(a, from) // away from the marks
	_ = to
	for _, c := range []string{"g65"} {
		if _, _, attr := styleAt(t, tm, a, c).Decompose(); attr&tcell.AttrUnderline == 0 {
			t.Errorf("%s, the last move's target, is not underlined in NO_COLOR", c)
		}
	}
}

// A reload names the first move whose outcome changed, and the verdict
// stays until the next change.
func TestReloadVerdictOnScreen(t *testing.T) {
	dir := t.TempDir()
	path := copyVariant(t, dir, "mancala/egyptian")
	orig := readFile(t, path)
	a, tm := startApp(t, Options{Variant: path, Edit: true})
	tm.playLine(a, "1", "3")
	if err := session.WriteAtomic(path, []byte(strings.Replace(orig, "extra_turn = true", "extra_turn = false", 1))); err != nil {
		t.Fatal(err)
	}
	s := tm.waitFor("plays out differently")
	if st := statusLine(s); !strings.Contains(st, "rules reloaded; move 2 plays out differently") {
		t.Errorf("status: %q", st)
	}
	var verdict string
	tm.sync(func() { verdict = a.in.Verdict })
	if !strings.HasPrefix(verdict, `rules reloaded: move 2 "3" is the first to play out differently (extra turn):`) {
		t.Errorf("verdict %q", verdict)
	}
	tm.cursorTo(a, "south2") // keys do not clear it
	tm.runes("?")
	tm.waitFor("Press any key")
	tm.runes("x")
	s = tm.waitGone("Press any key")
	if !strings.Contains(s, "first to play") {
		t.Errorf("the verdict is gone:\n%s", s)
	}
}

// A reload that brings a warning (a parameter nothing reads) plays the new
// rules and shows the warning with its position.
func TestReloadShowsWarnings(t *testing.T) {
	dir := t.TempDir()
	path := copyVariant(t, dir, "mancala/egyptian")
	orig := readFile(t, path)
	a, tm := startApp(t, Options{Variant: path, Edit: true})
	tm.playLine(a, "1")
	if err := session.WriteAtomic(path, []byte(strings.Replace(orig, "[params]\n", "[params]\nunread_knob = 3\n", 1))); err != nil {
		t.Fatal(err)
	}
	s := tm.waitFor("warning")
	if st := statusLine(s); !strings.Contains(st, "rules reloaded; 1 warning(s):") {
		t.Errorf("status: %q", st)
	}
	var verdict string
	tm.sync(func() { verdict = a.in.Verdict })
	if !strings.Contains(verdict, "warning: params.unread_knob is read by no expression") {
		t.Errorf("verdict %q", verdict)
	}
}

// A file opened for editing that has a warning shows it at once.
func TestOpenShowsWarnings(t *testing.T) {
	dir := t.TempDir()
	path := copyVariant(t, dir, "mancala/egyptian")
	data := strings.Replace(readFile(t, path), "[params]\n", "[params]\nunread_knob = 3\n", 1)
	if err := session.WriteAtomic(path, []byte(data)); err != nil {
		t.Fatal(err)
	}
	_, tm := startApp(t, Options{Variant: path, Edit: true})
	s := tm.waitFor("warning")
	if st := statusLine(s); !strings.Contains(st, "1 warning(s):") || !strings.Contains(st, "unread_knob") {
		t.Errorf("status: %q", st)
	}
}

// The record pane: go to a past ply, the rest stays for redo and is
// listed; a new move there branches; pgup scrolls a long record.
func TestRecordPane(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "dvonn"})
	moves := readMoves(t, "../testdata/records/dvonn-stacking.txt")[:24]
	tm.playLine(a, moves...)
	tm.runes("g")
	tm.waitFor("go to ply (0 to 24)")
	tm.runes("2")
	tm.key(tcell.KeyEnter)
	s := tm.waitFor("moves (2) + 22 to redo")
	if !strings.Contains(s, "r redoes; a move branches") || !strings.Contains(s, "3. "+moves[2]) {
		t.Errorf("the undone moves are not listed:\n%s", s)
	}
	tm.runes("r")
	tm.waitFor("moves (3) + 21 to redo")
	tm.runes("u")
	tm.waitFor("moves (2) + 22 to redo")
	// a different move branches: the rest is dropped
	var other string
	tm.sync(func() {
		for _, m := range a.sess.Legal() {
			if f := a.sess.Format(m); f != moves[2] {
				other = f
				break
			}
		}
	})
	tm.typeMove(other)
	s = tm.waitFor("3. " + other)
	if strings.Contains(s, "to redo") {
		t.Errorf("the branch kept the old line for redo:\n%s", s)
	}
	// scroll a long record
	tm.playLine(a, moves[3:20]...)
	s = tm.waitFor("… (pgup)")
	if strings.Contains(s, " 1. ") {
		t.Fatalf("the whole record fits: nothing to scroll:\n%s", s)
	}
	tm.key(tcell.KeyPgUp)
	tm.key(tcell.KeyPgUp)
	tm.key(tcell.KeyPgUp)
	s = tm.waitFor("  1. " + moves[0])
	if !strings.Contains(s, "more (pgdn)") {
		t.Errorf("scrolled to the start, the list does not say more follows:\n%s", s)
	}
}

// The ":" commands: :set reloads with a parameter (a refused value changes
// nothing), :seat gives a seat to an agent, :flip turns the board, :w saves.
func TestColonCommands(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "mancala/egyptian"})
	pits := func() any {
		var v any
		tm.sync(func() { v, _ = a.sess.Game.ParamValue("pits") })
		return v
	}
	tm.typeMove("set pits=4")
	tm.waitFor("rules reloaded")
	if fmt.Sprint(pits()) != "4" {
		t.Errorf(":set pits=4: pits is %v", pits())
	}
	tm.typeMove("set pits=-3")
	s := tm.waitFor(":set: ")
	if fmt.Sprint(pits()) != "4" {
		t.Errorf("a refused :set changed pits to %v:\n%s", pits(), s)
	}
	tm.typeMove("set nope=1")
	tm.waitFor(`no parameter "nope"`)
	tm.typeMove("flip")
	tm.waitFor("board turned")
	flipped := false
	tm.sync(func() { flipped = a.board.Flipped() })
	if !flipped {
		t.Error(":flip did not turn the board")
	}
	tm.typeMove("seat north=random")
	tm.waitFor("north is played by random")
	tm.playLine(a, "2")     // 4 stones from bowl 2 end in north's bowl 1
	tm.waitFor("moves (2)") // north's agent answered
	path := filepath.Join(t.TempDir(), "w.txt")
	tm.typeMove("w " + path)
	tm.waitFor("saved ")
	if data := readFile(t, path); !strings.HasPrefix(data, "# mancala/egyptian") || strings.Count(data, "\n") != 3 {
		t.Errorf(":w wrote %q", data)
	}
}

// Agents against agents: space pauses them, . lets one move through.
func TestPauseAndStep(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "mancala/egyptian", Seats: []string{"south=mcts:100p", "north=mcts:100p"}})
	tm.runes(" ")
	tm.waitFor("[paused]")
	count := func() int {
		n := 0
		tm.sync(func() { n = len(a.sess.Lines()) })
		return n
	}
	n := count()
	time.Sleep(300 * time.Millisecond)
	if m := count(); m != n {
		t.Fatalf("paused, yet %d moves were made", m-n)
	}
	tm.runes(".")
	tm.waitUntil("one move", func(string) bool { return count() == n+1 })
	time.Sleep(300 * time.Millisecond)
	if m := count(); m != n+1 {
		t.Errorf("a step made %d moves", m-n)
	}
	tm.runes(" ")
	tm.waitUntil("the agents to go on", func(string) bool { return count() > n+2 })
}

// b runs a self-play study of the edited rules against the rules as
// opened, in the background, and shows win rates with intervals.
func TestBalanceStudy(t *testing.T) {
	dir := t.TempDir()
	path := copyVariant(t, dir, "mancala/egyptian")
	a, tm := startApp(t, Options{Variant: path, Edit: true})
	tm.runes("b")
	tm.waitFor("extends no")
	if err := session.WriteAtomic(path, []byte(strings.Replace(readFile(t, path), "extra_turn = true", "extra_turn = false", 1))); err != nil {
		t.Fatal(err)
	}
	tm.waitFor("rules reloaded")
	tm.runes("b")
	s := tm.waitFor("balance study done")
	var text string
	tm.sync(func() { text = a.studyText() })
	for _, want := range []string{"as opened: south .", "in play: south .", " north .", "; draws "} {
		if !strings.Contains(text, want) {
			t.Errorf("%q is not in the study:\n%s\nscreen:\n%s", want, text, s)
		}
	}
}

// n starts a new game in a new autosave file: the game left behind keeps
// its autosave (it used to be overwritten with the empty game).
func TestNewGameKeepsAutosave(t *testing.T) {
	dir := t.TempDir()
	a, tm := startApp(t, Options{Variant: "mancala/egyptian", AutosaveDir: dir})
	tm.playLine(a, "1")
	tm.runes("n")
	tm.waitFor("new game")
	tm.playLine(a, "2")
	saves, _ := filepath.Glob(filepath.Join(dir, "mancala-egyptian-*.txt"))
	if len(saves) != 2 {
		t.Fatalf("autosaves %v, want one per game", saves)
	}
	var got []string
	for _, p := range saves {
		data := readFile(t, p)
		got = append(got, strings.TrimSpace(data[strings.Index(data, "\n")+1:]))
	}
	sort.Strings(got)
	if strings.Join(got, " ") != "1 2" {
		t.Errorf("the autosaves hold %q, want the games 1 and 2", got)
	}
}

// A user key map is the whole truth: a cursor key remapped moves the
// cursor, and the key it replaced no longer does.
func TestRemappedCursorKeys(t *testing.T) {
	keys := filepath.Join(t.TempDir(), "keys.toml")
	if err := os.WriteFile(keys, []byte("[keys]\ncursor-right = \"x\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, tm := startApp(t, Options{Variant: "dvonn", Keymap: keys})
	at := func() int {
		c := -1
		tm.sync(func() { c = a.board.Cursor() })
		return c
	}
	start := at()
	tm.runes("l") // no longer bound
	tm.runes("?")
	tm.waitFor("Press any key")
	tm.runes("q")
	tm.waitGone("Press any key")
	if at() != start {
		t.Fatalf("l moved the cursor after it was remapped away")
	}
	tm.runes("x")
	tm.waitUntil("the cursor to move right", func(string) bool { return at() != start })
}

// The side panel lists each seat's hand (chess tic-tac-toe: a taken piece
// goes back to its owner's hand, and the player must see it to place it).
func TestSideShowsHands(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "traditional/chess-tic-tac-toe"})
	text := tm.text()
	if !strings.Contains(text, "white     0  hand R N B P") || !strings.Contains(text, "black     0  hand r n b p") {
		t.Fatalf("the start shows both full hands:\n%s", text)
	}
	tm.playLine(a, "Pd4", "Pa1", "Rb2", "Bc3", "Nd2", "Rb4", "d4xc3", "a1xb2")
	text = tm.text()
	if !strings.Contains(text, "white     0  hand R B") || !strings.Contains(text, "black     0  hand n b") {
		t.Fatalf("after the captures each taken piece is back in hand:\n%s", text)
	}
}

// The help fits 80×24: it comes in pages, each whole on the screen (both
// heading lines and the bottom border visible), space turns the page and,
// on the last, closes it; every action of the key map is on some page.
func TestHelpPagesFit80x24(t *testing.T) {
	if screenW != 80 || screenH != 24 {
		t.Fatalf("the test screen is %dx%d", screenW, screenH)
	}
	a, tm := startApp(t, Options{Variant: "strix/standard"})
	tm.runes("?")
	var shown string
	pages := 0
	for {
		pages++
		s := tm.waitFor(fmt.Sprintf("page %d of", pages))
		for _, want := range []string{"Press any key to close", "remaps any key (see README)", "╚"} {
			if !strings.Contains(s, want) {
				t.Fatalf("page %d does not show %q:\n%s", pages, want, s)
			}
		}
		shown += s
		if strings.Contains(s, fmt.Sprintf("page %d of %d", pages, pages)) {
			break
		}
		tm.runes(" ")
	}
	if pages < 2 {
		t.Fatalf("the key map fits one page at 80x24? %d", pages)
	}
	for _, b := range a.keymap {
		if !strings.Contains(shown, " "+string(b.Action)+" ") {
			t.Errorf("the help never shows %s:\n%s", b.Action, shown)
		}
	}
	tm.runes(" ")
	tm.waitGone("page ")
}

// A variant with dice: the start is a chance node; enter rolls (seeded),
// the throw is shown, narrated and recorded; a typed outcome (:5-3) plays
// that throw; undo and redo take a throw back like a move.
func TestChanceRollAndTypedOutcome(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "../testdata/variants/dice-race.toml", Seed: 7})
	s := tm.waitFor("throw: enter/d plays it,")
	if !strings.Contains(s, "type :1-1") {
		t.Errorf("the typed form of a throw is not offered:\n%s", s)
	}
	if !strings.Contains(s, "to move: white (human)") {
		t.Errorf("the seat to throw is not shown:\n%s", s)
	}
	tm.key(tcell.KeyEnter)
	s = tm.waitFor("throw for white")
	var thrown string
	tm.sync(func() { thrown = a.sess.Lines()[0] })
	if !strings.Contains(s, "1. "+thrown) || !strings.Contains(s, "throw: "+thrown) {
		t.Errorf("the roll %s is not in the record and the side:\n%s", thrown, s)
	}
	tm.runes("u")
	tm.waitFor("moves (0)")
	tm.typeMove("5-3")
	s = tm.waitFor("1. 5-3")
	if !strings.Contains(s, "throw: 5-3") {
		t.Errorf("the typed throw is not shown:\n%s", s)
	}
	tm.typeMove("a1-i1")
	s = tm.waitFor("2. a1-i1")
	if !strings.Contains(s, "to move: black") {
		t.Errorf("Black does not throw next:\n%s", s)
	}
	tm.runes("d")
	tm.waitFor("throw for black")
	tm.sync(func() {
		if got := len(a.sess.Lines()); got != 3 {
			t.Errorf("%d lines after d, want 3", got)
		}
	})
}

// compare-view on a dice variant: both games wait for the same throw; d
// rolls one and both get it (shown once, "the roll in both games"), a typed
// throw does the same, and the one-line form plays the throw and the
// decision in both.
func TestCompareRollsForBoth(t *testing.T) {
	dir := t.TempDir()
	house := filepath.Join(dir, "house.toml")
	if err := os.WriteFile(house, []byte("extends = \"traditional/pachisi\"\nname = \"house/pachisi\"\n[moves.race]\ncapture_bonus = 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, tm := startCompare(t, "traditional/pachisi", house, true)
	s := tm.waitFor("both games wait for the throw")
	if !strings.Contains(s, "d rolls it once for both") || !strings.Contains(s, "A (south) to roll thr") {
		t.Errorf("the pending throw is not offered:\n%s", s)
	}
	tm.runes("d")
	s = tm.waitFor("the roll in both games: throw: ")
	var a, b string
	tm.sync(func() {
		a = strings.Join(c.cmp.A.Game.ChanceShown(c.cmp.A.State()), " ")
		b = strings.Join(c.cmp.B.Game.ChanceShown(c.cmp.B.State()), " ")
	})
	if a == "" || a != b || !strings.Contains(s, "the roll in both games: "+a) {
		t.Fatalf("rolled: A %q, B %q:\n%s", a, b, s)
	}
	tm.sync(func() {
		if _, err := c.cmp.Play(c.cmp.A.Format(c.cmp.A.Legal()[0])); err != nil {
			t.Error(err)
		}
	})
	tm.typeMove("6-2: -")
	s = tm.waitFor("move 4 -:")
	if !strings.Contains(s, "the two games agree") {
		t.Errorf("the one-line throw and decision:\n%s", s)
	}
	tm.typeMove("4-3")
	tm.waitFor("the roll in both games: throw: 4-3")
}

// Pachisi: a throw no piece can use leaves one legal move, "-", which
// names no cell; the message says so, and p (or enter, from a list) plays
// it.
func TestOnlyMoveWithoutCells(t *testing.T) {
	a, tm := startApp(t, Options{Variant: "traditional/pachisi"})
	tm.waitFor("moves (0)")
	// readings: a piece enters its nest's exit only on a 5; 4-3 enters none
	tm.typeMove("4-3")
	scr := tm.waitFor("1. 4-3")
	if !strings.Contains(scr, "no piece can move: p or enter plays -") {
		t.Errorf("the only move is not explained:\n%s", scr)
	}
	tm.runes("p")
	tm.waitFor("2. -")
	tm.typeMove("4-3")
	tm.waitFor("3. 4-3")
	tm.key(tcell.KeyEnter)
	tm.waitFor("which move?")
	tm.runes("1")
	tm.waitFor("4. -")
	tm.sync(func() {
		if got := a.sess.Lines(); strings.Join(got, " ") != "4-3 - 4-3 -" {
			t.Errorf("lines %v", got)
		}
	})
}
