package editor

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"rulesmith/editor/session"
)

var screensFlag = flag.Bool("screens", false, "write the editor's 80×24 screens to docs/screens (go test ./editor -run TestScreens -screens)")

// shot is one screen of docs/screens.
type shot struct {
	name  string // file name without .txt
	title string
	about string
	take  func(t *testing.T) string
}

// TestScreens captures the play screen for each board view, the edit
// screen and the compare view as text, for docs/screens: with -screens it
// writes them, without it it fails when a file there is not what the
// editor draws now (a screen left stale by a change, or a shot whose moves
// became illegal).
func TestScreens(t *testing.T) {
	out := filepath.Join("..", "docs", "screens")
	if *screensFlag {
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	keep := func(name, text string) {
		t.Helper()
		path := filepath.Join(out, name)
		if *screensFlag {
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		if old, err := os.ReadFile(path); err != nil || string(old) != text {
			t.Errorf("docs/screens/%s is not what the editor draws now: go test ./editor -run TestScreens -screens", name)
		}
	}
	var index strings.Builder
	index.WriteString(`# Screens

The terminal editor's screens as an 80×24 terminal shows them, captured as text from tcell's
simulation screen (colours, the cursor, the selected piece and the marked targets are styles and do
not show in text; the board's caption names the cell under the cursor). Regenerate them with

    go test ./editor -run TestScreens -screens

`)
	for _, s := range shots() {
		var text string
		ok := t.Run(s.name, func(t *testing.T) { text = s.take(t) })
		if !ok {
			continue
		}
		keep(s.name+".txt", text)
		fmt.Fprintf(&index, "## %s\n\n%s ([%s.txt](%s.txt))\n\n```text\n%s```\n\n", s.title, s.about, s.name, s.name, text)
	}
	// the board widget's own pictures, written by editor/boardview's tests
	if mds, _ := filepath.Glob(filepath.Join(out, "*.md")); len(mds) > 1 {
		index.WriteString("## The board widget alone\n\nThe start position of each shipped variant as the board widget draws it (`go test ./editor/boardview -update`):\n")
		var links []string
		for _, md := range mds {
			if base := filepath.Base(md); base != "README.md" {
				links = append(links, fmt.Sprintf("[%s](%s)", strings.TrimSuffix(base, ".md"), base))
			}
		}
		index.WriteString(strings.Join(links, " · ") + "\n")
	}
	keep("README.md", index.String())
}

func shots() []shot {
	playShot := func(variant string, moves []string, then func(a *App, tm *term)) func(t *testing.T) string {
		return func(t *testing.T) string {
			a, tm := startApp(t, Options{Variant: variant})
			if len(moves) > 0 {
				tm.playLine(a, moves...)
			}
			if then != nil {
				then(a, tm)
			}
			return tm.text()
		}
	}
	selectPiece := func(cell string) func(a *App, tm *term) {
		return func(a *App, tm *term) {
			tm.cursorTo(a, cell)
			tm.key(tcell.KeyEnter)
			tm.waitFor("target(s)")
		}
	}
	record := func(t *testing.T, name string) []string {
		return readMoves(t, filepath.Join("..", "testdata", "records", name))
	}
	editShot := func(t *testing.T, change func(string) string, want string) string {
		dir := t.TempDir()
		orig, err := os.ReadFile(filepath.Join("..", "variants", "mancala", "egyptian.toml"))
		if err != nil {
			t.Fatal(err)
		}
		t.Chdir(dir) // the screen shows the path as given: keep it short
		if err := os.WriteFile("egyptian.toml", orig, 0o644); err != nil {
			t.Fatal(err)
		}
		a, tm := startApp(t, Options{Variant: "egyptian.toml", Edit: true})
		tm.playLine(a, "3", "1")
		if err := os.WriteFile("egyptian.toml.new", []byte(change(string(orig))), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename("egyptian.toml.new", "egyptian.toml"); err != nil {
			t.Fatal(err)
		}
		return tm.waitFor(want)
	}
	compareShot := func(a, b string, moves ...string) func(t *testing.T) string {
		return func(t *testing.T) string {
			_, tm := startCompare(t, a, b, false)
			for i, m := range moves {
				tm.typeMove(m)
				tm.waitFor(fmt.Sprintf("move %d %s", i+1, m))
			}
			return tm.text()
		}
	}
	return []shot{
		{"play-strix-standard", "Play: STRIX, 2024 edition (`play strix/standard`)",
			"The three faces of the cube corner unfolded round Brown's face, folds aligned; ░ marks a shadowed square, ◆ the Nest. Two moves played, Green's Kite picked up with the cursor (its targets are marked •).",
			func(t *testing.T) string {
				return playShot("strix/standard", []string{"bR-g65", "yK-g24"}, func(a *App, tm *term) {
					from, _ := cellsOf(t, tm, a, "gK-b22")
					selectPiece(from)(a, tm)
				})(t)
			}},
		{"play-strix-first-edition", "Play: STRIX, first edition (`play strix/first-edition`)",
			"Capture points: Yellow's Kite has taken Brown's Kite for 4 points.",
			func(t *testing.T) string {
				return playShot("strix/first-edition", []string{"bR-y34", "yR-b45", "gK-b22", "bK-g36", "yK-g26xbK"}, nil)(t)
			}},
		{"play-strix-simple-foul", "A foul call (`play strix/simple`)",
			"testdata/records/strix-fouls/simple.txt replayed, then `f` and Yellow calls the Third Bird Foul: the verdict, and `]` steps the demonstration on the board (Yellow's Owl reaches the Nest).",
			func(t *testing.T) string {
				a, tm := startApp(t, Options{Variant: "strix/simple"})
				tm.playLine(a, record(t, filepath.Join("strix-fouls", "simple.txt"))...)
				tm.runes("f")
				s := tm.waitFor("who calls")
				tm.runes(string(shortcut(t, s, "Yellow calls")))
				tm.waitFor("foul upheld")
				tm.runes("]")
				return tm.waitFor("[preview 1/1]")
			}},
		{"play-chess-tic-tac-toe", "Play: chess tic-tac-toe (`play traditional/chess-tic-tac-toe`)",
			"testdata/records/traditional-chess-tic-tac-toe-opening.txt: each side's taken piece is back in its hand (the side panel lists the hands; Black's pieces are drawn in lower case); White's knight picked up.",
			func(t *testing.T) string {
				return playShot("traditional/chess-tic-tac-toe", record(t, "traditional-chess-tic-tac-toe-opening.txt"), selectPiece("d2"))(t)
			}},
		{"play-cribbage", "Play: cribbage against an agent (`play traditional/cribbage --seat South=random`)",
			"Hidden hands: after the opening record North sees his own hand and discards (A.9); South's hand and discards show as counts, and South's cards are hidden in the move list (testdata/screens/editor/traditional-cribbage.txt keeps it).",
			func(t *testing.T) string {
				data, err := os.ReadFile(filepath.Join("..", "testdata", "screens", "editor", "traditional-cribbage.txt"))
				if err != nil {
					t.Fatal(err)
				}
				return string(data)
			}},
		{"play-ring-game", "Play: the Ring game (`play traditional/ring-game`)",
			"The first 36 plies of testdata/records/traditional-ring-game.txt: the Ring drawn as the hexagon of the triangular lattice; each colour's Nest is its hand on the seat's line, its Pen a zone line below (captured pieces, which a swap or a release brings back).",
			func(t *testing.T) string {
				return playShot("traditional/ring-game", record(t, "traditional-ring-game.txt")[:36], nil)(t)
			}},
		{"play-ring-game-neutral", "Play: the Ring game, two players and a neutral colour (`play traditional/ring-game-neutral`)",
			"The first 40 plies of testdata/records/traditional-ring-game-neutral.txt (B.12): Yellow's pieces are neutral, drawn with their colour's initial like the players' (yCs); the neutral Nest and the neutral Pen are shared zones; a move names the neutral pieces it leaves face down (*CELL).",
			func(t *testing.T) string {
				return playShot("traditional/ring-game-neutral", record(t, "traditional-ring-game-neutral.txt")[:40], nil)(t)
			}},
		{"play-three-player-chess", "Play: three-player chess (`play traditional/three-player-chess`)",
			"The 96-cell board for three, six faces round the centre, drawn as a fan: White's half at the bottom as a chessboard half, Black's and Red's above it sheared so that every edge two quadrants share stays side by side (the six cells round the centre are the 2×3 block d4 e4 / d5 e9 / i5 i9). testdata/records/traditional-three-player-chess-opening.txt (Red has taken e4 en passant, Black's l-pawn has crossed into Red's half, White has castled), then Black's knight on j6 picked up: its targets run into Red's half and through the centre.",
			func(t *testing.T) string {
				return playShot("traditional/three-player-chess", record(t, "traditional-three-player-chess-opening.txt"), selectPiece("j6"))(t)
			}},
		{"play-mu-torere", "Play: Mu-torere (`play traditional/mu-torere`)",
			"A board of points and lines drawn with its lines: the ring of kewai and the putahi b2, after a1-b2 a2-a1.",
			playShot("traditional/mu-torere", []string{"a1-b2", "a2-a1"}, nil)},
		{"play-fanorona", "Play: Fanorona (`play traditional/fanorona`)",
			"The 9×5 board of points with its lines, the diagonals only through the strong points, after the approach e2-e3A (e4 and e5 taken) and the withdrawal f4-e5W (g3, h2 and i1 taken).",
			playShot("traditional/fanorona", []string{"e2-e3A", "f4-e5W"}, nil)},
		{"play-dvonn-placement", "Play: DVONN, placement phase (`play dvonn`)",
			"The hex board in offset rows, after ten placements.",
			func(t *testing.T) string {
				return playShot("dvonn", record(t, "dvonn-stacking.txt")[:10], nil)(t)
			}},
		{"play-dvonn-stacking", "Play: DVONN, stacking phase",
			"testdata/records/dvonn-stacking.txt: the board full, two stacks moved; a stack shows its top piece and its height.",
			func(t *testing.T) string {
				return playShot("dvonn", record(t, "dvonn-stacking.txt"), nil)(t)
			}},
		{"play-mancala-egyptian", "Play: Mancala (`play mancala/egyptian`)",
			"Pits and stores with their counts, after testdata/records/mancala-egyptian-opening.txt.",
			func(t *testing.T) string {
				return playShot("mancala/egyptian", record(t, "mancala-egyptian-opening.txt"), nil)(t)
			}},
		{"play-surakarta", "Play: Surakarta (`play traditional/surakarta`)",
			"A grid with declared circuits: the corner loops drawn round the outside. North's c6 is picked up: it can take c4 round the loop a4-c6, and must, since a capture is compulsory when one is possible.",
			playShot("traditional/surakarta", []string{"d2-d3", "e5-d4", "d3-c4"}, selectPiece("c6"))},
		{"play-grid-breakthrough", "Play: a grid board (`play testdata/variants/breakthrough.toml`)",
			"A 6×6 grid with coordinates; a few moves, then a pawn picked up.",
			func(t *testing.T) string {
				return playShot(filepath.Join("..", "testdata", "variants", "breakthrough.toml"), []string{"c2-c3", "d5-d4", "c3-d4", "e5-d4"}, selectPiece("b2"))(t)
			}},
		{"edit-error", "Edit: a broken rules file (`edit egyptian.toml`)",
			"The file was saved with a typo: the status line gives file:line:col and the message, the side panel the offending line with a caret under the column, the rules pane's cursor is on it, and the board's title says the game goes on under the rules loaded before (broken); the error stays until the file loads again.",
			func(t *testing.T) string {
				return editShot(t, func(s string) string { return strings.Replace(s, `kind = "pits"`, `kind = "pitz"`, 1) }, "the file fails:")
			}},
		{"edit-illegal", "Edit: a move became illegal",
			"The file was saved with `pits = 2`: the game is replayed under the new rules and stops before the first move that became illegal, with the engine's reason.",
			func(t *testing.T) string {
				return editShot(t, func(s string) string { return strings.Replace(s, "pits = 6 ", "pits = 2 ", 1) }, "became illegal")
			}},
		{"compare-strix", "Compare (`compare-view strix/first-edition strix/standard`)",
			"The same moves on both editions; the fifth diverges (a capture scores in the first edition only); below, the rule differences of the two files after `extends` (pgup/pgdn scroll them).",
			compareShot("strix/first-edition", "strix/standard", "bR-y34", "yR-b45", "gK-b22", "bK-g36", "yK-g26xbK")},
		{"compare-mancala", "Compare (`compare-view mancala/egyptian mancala/ethiopian`)",
			"The first move already diverges.",
			compareShot("mancala/egyptian", "mancala/ethiopian", "3")},
		{"play-narration", "Every move narrated (`play strix/first-edition`)",
			"The move list names the seat that moved and what the move did, from the engine's own account: here Yellow's Kite takes Brown's Kite for 4 points. The last move's squares are marked on the board.",
			func(t *testing.T) string {
				return playShot("strix/first-edition", []string{"bR-y34", "yR-b45", "gK-b22", "bK-g36", "yK-g26xbK"}, nil)(t)
			}},
		{"play-record-pane", "The record: go to a ply, branch (`g`)",
			"After 24 placements of testdata/records/dvonn-stacking.txt, `g 2` goes back to ply 2: the undone moves stay listed for `r`, and a different move there branches.",
			func(t *testing.T) string {
				return playShot("dvonn", record(t, "dvonn-stacking.txt")[:24], func(a *App, tm *term) {
					tm.runes("g")
					tm.waitFor("go to ply")
					tm.runes("2")
					tm.key(tcell.KeyEnter)
					tm.waitFor("+ 22 to redo")
				})(t)
			}},
		{"edit-verdict", "Edit: every change explained",
			"`extra_turn = false` saved while the game is at ply 2: the game is replayed under the old and the new rules side by side, and the verdict names the first move that plays out differently (north's bowl 3 no longer earns another turn). Line numbers in the rules pane.",
			func(t *testing.T) string {
				dir := t.TempDir()
				orig, err := os.ReadFile(filepath.Join("..", "variants", "mancala", "egyptian.toml"))
				if err != nil {
					t.Fatal(err)
				}
				t.Chdir(dir)
				if err := os.WriteFile("egyptian.toml", orig, 0o644); err != nil {
					t.Fatal(err)
				}
				a, tm := startApp(t, Options{Variant: "egyptian.toml", Edit: true})
				tm.playLine(a, "1", "3")
				if err := session.WriteAtomic("egyptian.toml", []byte(strings.Replace(string(orig), "extra_turn = true", "extra_turn = false", 1))); err != nil {
					t.Fatal(err)
				}
				return tm.waitFor("plays out differently")
			}},
		{"compare-out-of-step", "Compare: games out of step",
			"A house rule without the extra turn, which keeps the base's `name` (as a `rulesmith show` copy does): the sides are told apart by their files; after `3` the two games have different seats to move, so a plain move is refused rather than played by different seats (`a:MOVE` or `b:MOVE` plays it on one side).",
			func(t *testing.T) string {
				t.Chdir(t.TempDir())
				if err := os.WriteFile("house.toml", []byte("extends = \"mancala/egyptian\"\n[moves.sow]\nextra_turn = false\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				_, tm := startCompare(t, "mancala/egyptian", "house.toml", false)
				tm.typeMove("3")
				tm.waitFor("DIVERGES")
				tm.typeMove("1")
				return tm.waitFor("out of step (")
			}},
		{"help", "Help (`?`)",
			"The key map.",
			func(t *testing.T) string {
				return playShot("strix/standard", nil, func(a *App, tm *term) {
					tm.runes("?")
					tm.waitFor("Press any key to close")
				})(t)
			}},
	}
}
