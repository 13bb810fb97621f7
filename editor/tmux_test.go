package editor

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The end-to-end tests run the real binary in a real terminal: tmux starts
// rulesmith in an 80×24 window, send-keys types, and capture-pane reads
// the screen. They skip without tmux and in -short mode, and run in
// parallel, each on its own tmux server. RULESMITH_TEST_BIN runs them
// against a binary built elsewhere (an older one, to see them fail).

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string
	// socketSeq numbers the tmux servers (one per window)
	socketSeq atomic.Int64
)

func TestMain(m *testing.M) {
	// the binaries the tmux tests start keep their relation table cache
	// under XDG_CACHE_HOME: never the user's
	cache, err := os.MkdirTemp("", "rulesmith-cache")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_CACHE_HOME", cache)
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.RemoveAll(cache)
	os.Exit(code)
}

// rulesmithBin builds the binary once for all the tmux tests.
func rulesmithBin(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("RULESMITH_TEST_BIN"); p != "" {
		return p
	}
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "rulesmith-bin")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "rulesmith")
		out, err := exec.Command("go", "build", "-o", binPath, "rulesmith/cmd/rulesmith").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// tmuxTerm is rulesmith running in a tmux window.
type tmuxTerm struct {
	t       *testing.T
	tmux    string
	socket  string
	session string
	dir     string // a scratch directory; XDG_STATE_HOME is dir/state
}

// startTmux runs `rulesmith ARGS...` in an 80×24 tmux window with the
// given extra environment ("K=V"). The program's exit status and output
// stay on the screen ("exit N") for a moment after it ends.
func startTmux(t *testing.T, dir string, env []string, args ...string) *tmuxTerm {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no end-to-end run in tmux")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not on PATH")
	}
	bin := rulesmithBin(t)
	tt := &tmuxTerm{t: t, tmux: tmux, socket: fmt.Sprintf("rulesmith-test-%d-%d", os.Getpid(), socketSeq.Add(1)), session: "rs", dir: dir}
	var q []string
	for _, a := range append([]string{bin}, args...) {
		q = append(q, "'"+strings.ReplaceAll(a, "'", `'\''`)+"'")
	}
	// the exit line stays until the test's cleanup kills the server: a
	// loaded machine may take seconds between two captures
	script := "cd '" + dir + "' && " + strings.Join(q, " ") + "; echo \"exit $?\"; sleep 300"
	cmd := append([]string{"new-session", "-d", "-s", tt.session, "-x", "80", "-y", "24", "env",
		"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "TERM=xterm-256color"}, env...)
	cmd = append(cmd, "sh", "-c", script)
	if out, err := tt.tm(cmd...); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() { tt.tm("kill-server") })
	return tt
}

func (tt *tmuxTerm) tm(args ...string) (string, error) {
	cmd := exec.Command(tt.tmux, append([]string{"-L", tt.socket, "-f", "/dev/null"}, args...)...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (tt *tmuxTerm) capture() string {
	out, err := tt.tm("capture-pane", "-p", "-t", tt.session)
	if err != nil {
		tt.t.Fatalf("tmux capture-pane: %v\n%s", err, out)
	}
	return out
}

func (tt *tmuxTerm) waitFor(want string) string {
	tt.t.Helper()
	return tt.waitUntil(fmt.Sprintf("%q", want), func(s string) bool { return strings.Contains(s, want) })
}

// waitAll waits for a screen showing every one of wants at once. A screen
// is captured while the program may still be writing it (tmux shows the
// bytes it has read), so what one change draws in several places is
// waited for together, never read off the capture that showed the first.
func (tt *tmuxTerm) waitAll(wants ...string) string {
	tt.t.Helper()
	return tt.waitUntil(fmt.Sprintf("%q together", wants), func(s string) bool {
		for _, w := range wants {
			if !strings.Contains(s, w) {
				return false
			}
		}
		return true
	})
}

// tmuxPatience bounds a wait for a screen: a failure's bound, not a delay
// (a wait ends as soon as the screen shows what it waits for). It is wide
// because the tests run beside every other package's on a loaded machine
// (a compile of STRIX's relations, a process start, are slow there).
const tmuxPatience = 60 * time.Second

func (tt *tmuxTerm) waitUntil(what string, ok func(string) bool) string {
	tt.t.Helper()
	deadline := time.Now().Add(tmuxPatience)
	for {
		s := tt.capture()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			tt.t.Fatalf("timed out waiting for %s; the pane:\n%s", what, s)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

func (tt *tmuxTerm) send(keys ...string) {
	tt.t.Helper()
	if out, err := tt.tm(append([]string{"send-keys", "-t", tt.session}, keys...)...); err != nil {
		tt.t.Fatalf("tmux send-keys: %v\n%s", err, out)
	}
}

// literal types text as it is ("-" and letters are not key names).
func (tt *tmuxTerm) literal(text string) { tt.send("-l", text) }

func (tt *tmuxTerm) typeMove(m string) {
	tt.t.Helper()
	tt.send(":")
	tt.literal(m)
	tt.send("Enter")
}

// exitLine is the line the script prints when the program has ended (a
// line of its own: the editor's screen may say "exit" elsewhere).
var exitLine = regexp.MustCompile(`(?m)^exit [0-9]+\s*$`)

// waitExit waits for the program to end and returns the pane.
func (tt *tmuxTerm) waitExit() string {
	tt.t.Helper()
	return tt.waitUntil("the exit line", exitLine.MatchString)
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// copyVariant writes a shipped variant into dir for `rulesmith edit`.
func copyVariant(t *testing.T, dir, name string) string {
	t.Helper()
	data := readFile(t, filepath.Join("..", "variants", name+".toml"))
	path := filepath.Join(dir, filepath.Base(name)+".toml")
	writeFile(t, path, data)
	return path
}

// A real game in a real terminal: moves typed, an illegal one refused,
// undo, the help, quit; the game's autosave holds what was left.
func TestTmuxEndToEnd(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tt := startTmux(t, dir, nil, "play", "strix/standard")
	// each wait names everything the step must show; one that never
	// comes fails the test with the pane
	tt.waitAll("to move: Brown", "STRIX (2024 edition, Standard)", "face b (Brown)", "moves (0)", "[play]")
	tt.typeMove("bR-g65")
	tt.waitAll("1. bR-g65", "moves (1)")
	tt.typeMove("yK-g24")
	tt.waitAll("2. yK-g24", "moves (2)", "to move: Green")
	tt.typeMove("gK-a99")
	s := tt.waitAll("illegal move", "to move: Green")
	if !strings.Contains(s, "moves (2)") {
		t.Errorf("an illegal move changed the game:\n%s", s)
	}
	tt.send("u")
	tt.waitAll("undid yK-g24", "moves (1) + 1 to redo")
	tt.send("?")
	tt.waitFor("Press any key to close")
	tt.send("x")
	tt.send("q")
	tt.waitExit()
	saves, _ := filepath.Glob(filepath.Join(dir, "state", "rulesmith", "autosave", "strix-standard-*.txt"))
	if len(saves) != 1 {
		t.Fatalf("autosaves %v, want one", saves)
	}
	if data := readFile(t, saves[0]); !strings.HasSuffix(data, "bR-g65\n") {
		t.Errorf("the autosave is %q, want the one move left", data)
	}
	// the editor's start keeps STRIX's relation tables in the table cache
	if tables, _ := filepath.Glob(filepath.Join(dir, "cache", "rulesmith", "tables", "*.rel")); len(tables) == 0 {
		t.Errorf("play strix/standard left no relation table under XDG_CACHE_HOME")
	}
}

// A record given with --record is input: playing on never writes to it.
func TestTmuxRecordIsNeverWritten(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rec := filepath.Join(dir, "four.txt")
	const orig = "# notes\nbR-y34\nyR-b45\n"
	writeFile(t, rec, orig)
	tt := startTmux(t, dir, nil, "play", "strix/standard", "--record", rec)
	tt.waitFor("2. yR-b45")
	tt.typeMove("gK-b22")
	tt.waitFor("3. gK-b22")
	tt.send("q")
	tt.waitExit()
	if got := readFile(t, rec); got != orig {
		t.Errorf("the record was changed:\n%q\nwant\n%q", got, orig)
	}
}

// Each game has its own autosave; --resume says when there is none and
// lists them when there are several.
func TestTmuxAutosavePerGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tt := startTmux(t, dir, nil, "play", "mancala/egyptian", "--resume")
	s := tt.waitExit()
	if !strings.Contains(s, "no autosaved game of mancala/egyptian") || !strings.Contains(s, "exit 1") {
		t.Fatalf("--resume with no autosave does not say so:\n%s", s)
	}
	for _, m := range []string{"1", "2"} {
		tt := startTmux(t, dir, nil, "play", "mancala/egyptian")
		tt.waitFor("to move: south")
		tt.typeMove(m)
		tt.waitFor("1. " + m)
		tt.send("q")
		tt.waitExit()
	}
	saves, _ := filepath.Glob(filepath.Join(dir, "state", "rulesmith", "autosave", "mancala-egyptian-*.txt"))
	if len(saves) != 2 {
		t.Fatalf("autosaves %v, want one per game", saves)
	}
	tt = startTmux(t, dir, nil, "play", "mancala/egyptian", "--resume")
	tt.waitAll("2 autosaved games", "(1) 20", "(2) 20") // both games listed
}

// Unsaved edits in the rules pane survive a change on disk, and quitting
// asks first.
func TestTmuxRulesPaneEditsKept(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := copyVariant(t, dir, "mancala/egyptian")
	tt := startTmux(t, dir, nil, "edit", path)
	tt.waitFor(`title = "Mancala`)
	tt.send("Tab")
	tt.waitFor("[rules]")
	tt.literal("# my unsaved edit ")
	tt.waitFor("# my unsaved edit #") // every key typed
	onDisk := "# changed on disk\n" + readFile(t, path)
	writeFile(t, path, onDisk)
	tt.waitUntil("the question, with the edit still in the pane", func(s string) bool {
		return strings.Contains(s, "changed on disk,") && strings.Contains(s, "# my unsaved edit")
	})
	tt.send("Enter") // Keep my edits
	tt.waitUntil("the edit kept", func(s string) bool {
		return strings.Contains(s, "kept your edits") && strings.Contains(s, "# my unsaved edit")
	})
	tt.send("Tab")
	tt.send("q")
	tt.waitFor("unsaved edits.")
	tt.send("Escape") // cancel: still running
	tt.waitFor("[play]")
	tt.send("q")
	tt.waitFor("unsaved edits.")
	tt.send("Right", "Enter") // Discard
	tt.waitExit()
	if got := readFile(t, path); got != onDisk {
		t.Errorf("the file was overwritten")
	}
}

// ctrl+s: the verdict of the reload stays (the watcher's echo of the save
// does not replace it).
func TestTmuxSaveVerdictStays(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := copyVariant(t, dir, "mancala/egyptian")
	line := 0
	for i, l := range strings.Split(readFile(t, path), "\n") {
		if strings.HasPrefix(l, "pits = 6") {
			line = i + 1
			break
		}
	}
	if line == 0 {
		t.Fatal("no pits = 6 line")
	}
	tt := startTmux(t, dir, nil, "edit", path)
	tt.waitFor(`title = "Mancala`)
	tt.typeMove("3")
	tt.typeMove("6")
	tt.waitFor("2. 6")
	tt.send("Tab")
	tt.waitFor("[rules]")
	tt.send("-N", fmt.Sprint(line-1), "Down")
	tt.send("-N", "7", "Right")
	tt.send("DC")
	tt.literal("2")
	tt.send("C-s")
	tt.waitFor("became illegal")
	time.Sleep(800 * time.Millisecond) // the watcher's debounce and more
	s := tt.capture()
	if !strings.Contains(s, "became illegal") || !strings.Contains(s, "is now") {
		t.Errorf("the verdict did not stay:\n%s", s)
	}
}

// A load error stays on screen after the next move, and the board says
// which rules it plays.
func TestTmuxLoadErrorStays(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := copyVariant(t, dir, "mancala/egyptian")
	orig := readFile(t, path)
	tt := startTmux(t, dir, nil, "edit", path)
	tt.waitFor(`title = "Mancala`)
	writeFile(t, path, strings.Replace(orig, `kind = "pits"`, `kind = "pitz"`, 1))
	tt.waitFor(`kind = "pitz"`)
	tt.typeMove("3")
	tt.waitAll("moves (1)", "(broken)", "the file fails:") // the load error stays after a move
}

// Training mode: confirming a warned foul plays it and the next agent moves.
func TestTmuxTrainingConfirmStartsAgent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	moves := readMoves(t, "../testdata/records/strix-fouls/simple.txt")
	rec := filepath.Join(dir, "r.txt")
	writeFile(t, rec, strings.Join(moves[:len(moves)-1], "\n")+"\n")
	tt := startTmux(t, dir, nil, "play", "strix/simple", "--record", rec, "--seat", "y=random", "--seat", "g=random")
	tt.waitFor(fmt.Sprintf("moves (%d)", len(moves)-1))
	tt.send("t")
	tt.waitFor("training: fouls")
	tt.typeMove(moves[len(moves)-1])
	tt.waitFor("[confirm]")
	tt.send("Enter")
	tt.waitFor(fmt.Sprintf("moves (%d)", len(moves)+2)) // Yellow's agent and Green's moved
}

// Undo against an agent takes back the person's last move.
func TestTmuxUndoAgainstAgent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tt := startTmux(t, dir, nil, "play", "mancala/egyptian", "--seat", "north=random")
	tt.waitFor("to move: south")
	tt.typeMove("1")
	tt.waitFor("moves (2)")
	tt.send("u")
	tt.waitAll("moves (0)", "to move: south")
	time.Sleep(300 * time.Millisecond)
	if s := tt.capture(); !strings.Contains(s, "moves (0)") {
		t.Errorf("the agent moved again after undo:\n%s", s)
	}
}

// e with an EDITOR that carries arguments suspends the editor, runs it,
// and reloads what it wrote.
func TestTmuxEditorWithArguments(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := copyVariant(t, dir, "mancala/egyptian")
	script := filepath.Join(dir, "ed.sh")
	writeFile(t, script, `{ echo '# edited by ed.sh'; cat "$1"; } > "$1.tmp" && mv "$1.tmp" "$1"`+"\n")
	tt := startTmux(t, dir, []string{"EDITOR=sh " + script}, "edit", path)
	tt.waitFor(`title = "Mancala`)
	tt.send("e")
	tt.waitFor("# edited by ed.sh")
	tt.waitFor("rules reloaded")
	if !strings.HasPrefix(readFile(t, path), "# edited by ed.sh\n") {
		t.Error("the editor did not run on the file")
	}
}
