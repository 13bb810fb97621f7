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
