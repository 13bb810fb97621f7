package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
)

func TestLoadKeymap(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) string {
		p := filepath.Join(dir, "keys.toml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	km, err := LoadKeymap(write("[keys]\nundo = \"z\"\nquit = \"ctrl+q\"\n"), DefaultKeymap)
	if err != nil {
		t.Fatal(err)
	}
	got := map[Action]string{}
	for _, b := range km {
		got[b.Action] = b.Key
	}
	if got[ActUndo] != "z" || got[ActQuit] != "ctrl+q" || got[ActRedo] != "r" {
		t.Fatalf("keymap: %v", got)
	}
	if !strings.Contains(helpText(km), "z") {
		t.Fatal("the help is drawn from the remapped keys")
	}
	for text, want := range map[string]string{
		"[keys]\nfly = \"x\"\n":  `unknown action "fly"`,
		"[keys]\nundo = \"r\"\n": "bound to both",
		"[kyes]\nundo = \"z\"\n": "unknown key",
		"[keys\n":                "keys.toml",
	} {
		if _, err := LoadKeymap(write(text), DefaultKeymap); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
	if km, err := LoadKeymap(filepath.Join(dir, "none.toml"), DefaultKeymap); err != nil || len(km) != len(DefaultKeymap) {
		t.Fatal("a missing file keeps the defaults")
	}
}

// Every key is in the one map: the cursor keys, tab and ctrl+s remap like
// the others; an action may take several keys; a key bound anywhere (a
// global binding) conflicts with every scope.
func TestKeymapCoversEveryKey(t *testing.T) {
	for _, act := range []Action{ActUp, ActDown, ActLeft, ActRight, ActFocus, ActSaveRules, ActInterrupt, ActScrollUp, ActGoto, ActPause, ActStep, ActStudy} {
		if !slicesContainsAction(DefaultKeymap, act) {
			t.Errorf("%s has no key in DefaultKeymap", act)
		}
	}
	p := filepath.Join(t.TempDir(), "keys.toml")
	if err := os.WriteFile(p, []byte("[keys]\ncursor-up = [\"w\", \"up\"]\nswitch-pane = \"ctrl+t\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	km, err := LoadKeymap(p, DefaultKeymap)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[Action][]string{}
	for _, b := range km {
		keys[b.Action] = append(keys[b.Action], b.Key)
	}
	if strings.Join(keys[ActUp], " ") != "w up" || strings.Join(keys[ActFocus], " ") != "ctrl+t" {
		t.Errorf("remapped: up %v, switch-pane %v", keys[ActUp], keys[ActFocus])
	}
	if err := os.WriteFile(p, []byte("[keys]\nswitch-pane = \"u\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadKeymap(p, DefaultKeymap); err == nil || !strings.Contains(err.Error(), "bound to both") {
		t.Errorf("a global key over a board key: %v", err)
	}
}

func slicesContainsAction(km []Binding, act Action) bool {
	for _, b := range km {
		if b.Action == act {
			return true
		}
	}
	return false
}

// A single character keeps its case in a user key map: "D" binds shift+d
// and leaves d free; "alt+X" keeps its X; named keys read in any case.
func TestKeymapKeepsCase(t *testing.T) {
	p := filepath.Join(t.TempDir(), "keys.toml")
	text := "[keys]\nroll = \"D\"\nundo = [\"U\", \"u\"]\nredo = \"R\"\nquit = \"Ctrl+Q\"\nhelp = \"alt+H\"\npause = \"Space\"\nselect = \"ENTER\"\npass = \"shift+p\"\n"
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	km, err := LoadKeymap(p, DefaultKeymap)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ev   *tcell.EventKey
		want Action // "" for no binding
	}{
		{tcell.NewEventKey(tcell.KeyRune, 'D', tcell.ModShift), ActRoll},
		{tcell.NewEventKey(tcell.KeyRune, 'd', tcell.ModNone), ""},
		{tcell.NewEventKey(tcell.KeyRune, 'U', tcell.ModShift), ActUndo},
		{tcell.NewEventKey(tcell.KeyRune, 'u', tcell.ModNone), ActUndo},
		{tcell.NewEventKey(tcell.KeyRune, 'R', tcell.ModShift), ActRedo},
		{tcell.NewEventKey(tcell.KeyRune, 'r', tcell.ModNone), ""},
		{tcell.NewEventKey(tcell.KeyCtrlQ, 0, tcell.ModCtrl), ActQuit},
		{tcell.NewEventKey(tcell.KeyRune, 'H', tcell.ModAlt), ActHelp},
		{tcell.NewEventKey(tcell.KeyRune, 'h', tcell.ModAlt), ""},
		{tcell.NewEventKey(tcell.KeyRune, ' ', tcell.ModNone), ActPause},
		{tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModNone), ActSelect},
		{tcell.NewEventKey(tcell.KeyRune, 'P', tcell.ModShift), ActPass},
		{tcell.NewEventKey(tcell.KeyRune, 'p', tcell.ModNone), ""},
	} {
		got, _ := lookup(km, tc.ev, ScopeBoard, ScopeGlobal)
		if got != tc.want {
			t.Errorf("%s: %q, want %q", keyName(tc.ev), got, tc.want)
		}
	}
	if h := hints(km, ActRoll, ActRedo); h != "D roll  R redo" {
		t.Errorf("hints: %q", h)
	}
}
