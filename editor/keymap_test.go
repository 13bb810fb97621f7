package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
