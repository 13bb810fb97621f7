package editor

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTmuxEndToEnd runs the real binary in a real terminal: tmux starts
// `rulesmith play strix/standard` in an 80×24 window, send-keys types, and
// capture-pane reads the screen. It skips without tmux and in -short mode.
func TestTmuxEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no end-to-end run in tmux")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not on PATH")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "rulesmith")
	build := exec.Command("go", "build", "-o", bin, "rulesmith/cmd/rulesmith")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	state := filepath.Join(dir, "state")
	// a private server (-L) so that the test neither sees nor disturbs the
	// user's tmux sessions
	socket := "rulesmith-test-" + filepath.Base(dir)
	session := "rs"
	tm := func(args ...string) (string, error) {
		cmd := exec.Command(tmux, append([]string{"-L", socket, "-f", "/dev/null"}, args...)...)
		cmd.Env = append(os.Environ(), "TERM=xterm-256color")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := tm("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
		"env", "XDG_STATE_HOME="+state, "TERM=xterm-256color", bin, "play", "strix/standard"); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() { tm("kill-server") })

	capture := func() string {
		out, err := tm("capture-pane", "-p", "-t", session)
		if err != nil {
			t.Fatalf("tmux capture-pane: %v\n%s", err, out)
		}
		return out
	}
	waitFor := func(want string) string {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			s := capture()
			if strings.Contains(s, want) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %q; the pane:\n%s", want, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	send := func(keys ...string) {
		t.Helper()
		if out, err := tm(append([]string{"send-keys", "-t", session}, keys...)...); err != nil {
			t.Fatalf("tmux send-keys: %v\n%s", err, out)
		}
	}
	typeMove := func(m string) {
		t.Helper()
		send(":")
		send("-l", m) // literally: "-" and letters are not key names
		send("Enter")
	}

	s := waitFor("to move: Brown")
	for _, want := range []string{"STRIX (2024 edition, Standard)", "face b (Brown)", "moves (0)", "[play]"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q is not shown:\n%s", want, s)
		}
	}
	typeMove("bR-g65")
	waitFor("1. bR-g65")
	typeMove("yK-g24")
	s = waitFor("2. yK-g24")
	if !strings.Contains(s, "to move: Green") {
		t.Errorf("Green is not to move:\n%s", s)
	}
	typeMove("gK-a99")
	s = waitFor("illegal move")
	if !strings.Contains(s, "moves (2)") {
		t.Errorf("an illegal move changed the game:\n%s", s)
	}
	send("u")
	s = waitFor("undid yK-g24")
	if strings.Contains(s, "2. yK-g24") {
		t.Errorf("undo did not take the move back:\n%s", s)
	}
	send("?")
	waitFor("Press any key to close")
	send("x")
	send("q")
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := tm("has-session", "-t", session); err != nil {
			break // the program quit and its window closed
		}
		if time.Now().After(deadline) {
			t.Fatalf("q did not quit; the pane:\n%s", capture())
		}
		time.Sleep(50 * time.Millisecond)
	}
	// the autosave holds the game as it was left
	data, err := os.ReadFile(filepath.Join(state, "rulesmith", "autosave", "strix-standard.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(data), "bR-g65\n") {
		t.Errorf("the autosave is %q, want the one move left", data)
	}
}
