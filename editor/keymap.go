package editor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/gdamore/tcell/v2"
)

// Action is something a key does.
type Action string

// The editor's actions.
const (
	ActSelect   Action = "select"
	ActCancel   Action = "cancel"
	ActType     Action = "type-move"
	ActUndo     Action = "undo"
	ActRedo     Action = "redo"
	ActPass     Action = "pass"
	ActCall     Action = "call-foul"
	ActTraining Action = "training"
	ActSave     Action = "save"
	ActOpen     Action = "open"
	ActNew      Action = "new-game"
	ActEdit     Action = "edit-rules"
	ActLineNext Action = "line-next"
	ActLinePrev Action = "line-prev"
	ActHelp     Action = "help"
	ActQuit     Action = "quit"
	ActAIMove   Action = "ai-move"
)

// Binding ties a key to an action, with the words the help shows.
type Binding struct {
	Key    string // as written in the help and in a user keymap: "u", "ctrl+s", "enter"
	Action Action
	Help   string
}

// DefaultKeymap is the editor's key map. It is data: the help screen and
// the status bar are drawn from it, and a user file may remap it.
var DefaultKeymap = []Binding{
	{"enter", ActSelect, "pick up the piece at the cursor / play to the cursor"},
	{"esc", ActCancel, "drop the selection, leave a preview"},
	{":", ActType, "type a move in notation"},
	{"u", ActUndo, "undo"},
	{"r", ActRedo, "redo"},
	{"p", ActPass, "pass (where the rules allow)"},
	{"f", ActCall, "call the variant's foul on the last move"},
	{"t", ActTraining, "training: warn before a move that is a foul"},
	{"]", ActLineNext, "step through a demonstration line"},
	{"[", ActLinePrev, "step back through it"},
	{"a", ActAIMove, "let the search agent move for the seat to move"},
	{"s", ActSave, "save the record"},
	{"o", ActOpen, "open a record"},
	{"n", ActNew, "new game"},
	{"e", ActEdit, "edit the rules in $EDITOR (rulesmith edit)"},
	{"?", ActHelp, "this help"},
	{"q", ActQuit, "quit"},
}

// keyName renders a key event the way bindings are written.
func keyName(ev *tcell.EventKey) string {
	switch ev.Key() {
	case tcell.KeyRune:
		return string(ev.Rune())
	case tcell.KeyEnter:
		return "enter"
	case tcell.KeyEscape:
		return "esc"
	case tcell.KeyTab:
		return "tab"
	}
	name := strings.ToLower(tcell.KeyNames[ev.Key()])
	return strings.ReplaceAll(name, "-", "+")
}

// lookup finds the action bound to a key event.
func lookup(keymap []Binding, ev *tcell.EventKey) (Action, bool) {
	name := keyName(ev)
	for _, b := range keymap {
		if b.Key == name {
			return b.Action, true
		}
	}
	return "", false
}

// hints renders the status-bar key hints for a few actions.
func hints(keymap []Binding, acts ...Action) string {
	var parts []string
	for _, a := range acts {
		for _, b := range keymap {
			if b.Action == a {
				parts = append(parts, fmt.Sprintf("%s %s", b.Key, a))
				break
			}
		}
	}
	return strings.Join(parts, "  ")
}

// helpText renders the whole key map.
func helpText(keymap []Binding) string {
	var b strings.Builder
	b.WriteString("Keys (arrows or h j k l move the cursor; the mouse picks cells too)\n\n")
	for _, k := range keymap {
		fmt.Fprintf(&b, "  %-8s %s\n", k.Key, k.Help)
	}
	b.WriteString("\nPress any key to close.")
	return b.String()
}

// KeymapFile returns the user's key map file:
// $XDG_CONFIG_HOME/rulesmith/keys.toml (or ~/.config/rulesmith/keys.toml).
func KeymapFile() string {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "rulesmith", "keys.toml")
}

// LoadKeymap applies a user key map file to base: a table [keys] of
// action = "key" (e.g. undo = "z", quit = "ctrl+q"). A missing file leaves
// base as it is; an unknown action or a key bound twice is an error naming
// the file.
func LoadKeymap(path string, base []Binding) ([]Binding, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return base, nil
	}
	if err != nil {
		return base, err
	}
	var f struct {
		Keys map[string]string `toml:"keys"`
	}
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return base, fmt.Errorf("%s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return base, fmt.Errorf("%s: unknown key %q (want a [keys] table of action = \"key\")", path, und[0].String())
	}
	out := append([]Binding(nil), base...)
	for act, key := range f.Keys {
		found := false
		for i := range out {
			if string(out[i].Action) == act {
				out[i].Key = strings.ToLower(key)
				found = true
			}
		}
		if !found {
			return base, fmt.Errorf("%s: unknown action %q", path, act)
		}
	}
	seen := map[string]Action{}
	for _, b := range out {
		if other, dup := seen[b.Key]; dup {
			return base, fmt.Errorf("%s: key %q is bound to both %s and %s", path, b.Key, other, b.Action)
		}
		seen[b.Key] = b.Action
	}
	return out, nil
}
