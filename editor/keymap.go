package editor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"github.com/gdamore/tcell/v2"
)

// Action is something a key does.
type Action string

// The editor's actions.
const (
	ActSelect     Action = "select"
	ActCancel     Action = "cancel"
	ActType       Action = "type-move"
	ActUndo       Action = "undo"
	ActRedo       Action = "redo"
	ActPass       Action = "pass"
	ActRoll       Action = "roll"
	ActAutoChance Action = "auto-chance"
	ActCall       Action = "call-foul"
	ActTraining   Action = "training"
	ActSave       Action = "save"
	ActOpen       Action = "open"
	ActNew        Action = "new-game"
	ActEdit       Action = "edit-rules"
	ActLineNext   Action = "line-next"
	ActLinePrev   Action = "line-prev"
	ActHelp       Action = "help"
	ActQuit       Action = "quit"
	ActAIMove     Action = "ai-move"
	ActUp         Action = "cursor-up"
	ActDown       Action = "cursor-down"
	ActLeft       Action = "cursor-left"
	ActRight      Action = "cursor-right"
	ActScrollUp   Action = "scroll-up"
	ActScrollDown Action = "scroll-down"
	ActGoto       Action = "go-to-ply"
	ActPause      Action = "pause"
	ActStep       Action = "step"
	ActStudy      Action = "study"
	ActFocus      Action = "switch-pane"
	ActSaveRules  Action = "save-rules"
	ActInterrupt  Action = "interrupt"
)

// Scope says where a binding applies.
type Scope string

// The scopes: the board (play and compare-view, when no text field has
// the focus), the rules pane, and anywhere on the main screen.
const (
	ScopeBoard  Scope = ""
	ScopeRules  Scope = "rules"
	ScopeGlobal Scope = "global"
)

// Binding ties a key to an action, with the words the help shows. An
// action may have several keys (the arrows and h j k l). The screen that
// runs the action holds its handler (App.handlers, CompareApp.handlers):
// the key map is data, the help and the status hints are drawn from it,
// and a user file may remap every key in it.
type Binding struct {
	Key    string // as written in the help and in a user keymap: "u", "ctrl+s", "enter"
	Action Action
	Help   string
	Scope  Scope
}

// DefaultKeymap is the editor's key map.
var DefaultKeymap = []Binding{
	{"enter", ActSelect, "pick, play at the cursor, confirm; cards: a list", ScopeBoard},
	{"esc", ActCancel, "drop the selection or preview; cancel a reload", ScopeBoard},
	{"up", ActUp, "cursor up", ScopeBoard},
	{"k", ActUp, "cursor up", ScopeBoard},
	{"down", ActDown, "cursor down", ScopeBoard},
	{"j", ActDown, "cursor down", ScopeBoard},
	{"left", ActLeft, "cursor left", ScopeBoard},
	{"h", ActLeft, "cursor left", ScopeBoard},
	{"right", ActRight, "cursor right", ScopeBoard},
	{"l", ActRight, "cursor right", ScopeBoard},
	{":", ActType, "a move, or :q :w F :set N=V :seat S=A :flip", ScopeBoard},
	{"u", ActUndo, "undo (against an agent: your last move)", ScopeBoard},
	{"r", ActRedo, "redo", ScopeBoard},
	{"g", ActGoto, "go to a ply (a new move there branches)", ScopeBoard},
	{"pgup", ActScrollUp, "scroll the record (the differences) up", ScopeBoard},
	{"pgdn", ActScrollDown, "scroll it down", ScopeBoard},
	{"p", ActPass, "pass (where the rules allow)", ScopeBoard},
	{"d", ActRoll, "roll/deal: a throw or a whole deal; or type :5-3", ScopeBoard},
	{"c", ActAutoChance, "the engine rolls and deals for people (on/off)", ScopeBoard},
	{"f", ActCall, "call the foul on the last move", ScopeBoard},
	{"t", ActTraining, "training: warn before a foul is played", ScopeBoard},
	{"]", ActLineNext, "step through a demonstration line", ScopeBoard},
	{"[", ActLinePrev, "step back through it", ScopeBoard},
	{"a", ActAIMove, "the search agent moves for the seat to move", ScopeBoard},
	{" ", ActPause, "pause / resume the agents", ScopeBoard},
	{".", ActStep, "the agent to move makes one move (paused)", ScopeBoard},
	{"b", ActStudy, "balance: self-play study against the base", ScopeBoard},
	{"s", ActSave, "save the record", ScopeBoard},
	{"o", ActOpen, "open a record", ScopeBoard},
	{"n", ActNew, "new game", ScopeBoard},
	{"e", ActEdit, "edit the rules in $EDITOR", ScopeBoard},
	{"?", ActHelp, "this help", ScopeBoard},
	{"q", ActQuit, "quit", ScopeBoard},
	{"tab", ActFocus, "board ↔ rules pane", ScopeGlobal},
	{"ctrl+c", ActInterrupt, "quit (asks about unsaved rules)", ScopeGlobal},
	{"ctrl+s", ActSaveRules, "save the rules pane and reload", ScopeRules},
}

// keyName renders a key event the way bindings are written.
func keyName(ev *tcell.EventKey) string {
	switch ev.Key() {
	case tcell.KeyRune:
		if ev.Modifiers()&tcell.ModAlt != 0 {
			return "alt+" + string(ev.Rune())
		}
		return string(ev.Rune())
	case tcell.KeyEnter:
		return "enter"
	case tcell.KeyEscape:
		return "esc"
	case tcell.KeyTab:
		return "tab"
	case tcell.KeyUp:
		return "up"
	case tcell.KeyDown:
		return "down"
	case tcell.KeyLeft:
		return "left"
	case tcell.KeyRight:
		return "right"
	}
	name := strings.ToLower(tcell.KeyNames[ev.Key()])
	return strings.ReplaceAll(name, "-", "+")
}

// lookup finds the action bound to a key event in a scope.
func lookup(keymap []Binding, ev *tcell.EventKey, scopes ...Scope) (Action, bool) {
	name := keyName(ev)
	for _, b := range keymap {
		if b.Key == name && slices.Contains(scopes, b.Scope) {
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

// keyOf returns the first key bound to act, or "" when none is.
func keyOf(keymap []Binding, act Action) string {
	for _, b := range keymap {
		if b.Action == act {
			return b.Key
		}
	}
	return ""
}

// helpText renders the whole key map, one line per action.
func helpText(keymap []Binding) string {
	var b strings.Builder
	b.WriteString("Press any key to close (space, pgdn: next page; pgup: back). The mouse picks\ncells too; $XDG_CONFIG_HOME/rulesmith/keys.toml remaps any key (see README).\n\n")
	var order []Action
	keys := map[Action][]string{}
	help := map[Action]string{}
	for _, k := range keymap {
		if _, seen := keys[k.Action]; !seen {
			order = append(order, k.Action)
			help[k.Action] = k.Help
		}
		name := k.Key
		if name == " " {
			name = "space"
		}
		keys[k.Action] = append(keys[k.Action], name)
	}
	for _, act := range order {
		fmt.Fprintf(&b, "  %-10s %-13s %s\n", strings.Join(keys[act], " "), act, help[act])
	}
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

// normalKey writes a key of a user key map the way keyName names key
// events: a single character keeps its case ("D" is shift+d, apart from
// "d"), as does the character after "alt+"; "shift+d" is "D"; a named key
// is read in any case ("Ctrl+S", "ENTER", "Space": ctrl+s, enter, " ").
func normalKey(k string) string {
	if utf8.RuneCountInString(k) == 1 {
		return k
	}
	low := strings.ToLower(k)
	if rest := k[min(len(k), len("alt+")):]; strings.HasPrefix(low, "alt+") && utf8.RuneCountInString(rest) == 1 {
		return "alt+" + rest
	}
	if rest := k[min(len(k), len("shift+")):]; strings.HasPrefix(low, "shift+") && utf8.RuneCountInString(rest) == 1 {
		return strings.ToUpper(rest) // the terminal sends shift+d as "D"
	}
	if low == "space" {
		return " "
	}
	return low
}

// LoadKeymap applies a user key map file to base: a table [keys] of
// action = "key" (e.g. undo = "z", quit = "ctrl+q"). A single character
// keeps its case (roll = "D" binds shift+d, not d); named keys may be
// written in any case (normalKey). A missing file leaves base as it is; an
// unknown action or a key bound twice is an error naming the file.
func LoadKeymap(path string, base []Binding) ([]Binding, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return base, nil
	}
	if err != nil {
		return base, err
	}
	var f struct {
		Keys map[string]any `toml:"keys"`
	}
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return base, fmt.Errorf("%s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return base, fmt.Errorf("%s: unknown key %q (want a [keys] table of action = \"key\" or [\"key\", ...])", path, und[0].String())
	}
	out := append([]Binding(nil), base...)
	for act, v := range f.Keys {
		var keys []string
		switch v := v.(type) {
		case string:
			keys = []string{v}
		case []any:
			for _, k := range v {
				s, ok := k.(string)
				if !ok {
					return base, fmt.Errorf("%s: %s: want a key or a list of keys", path, act)
				}
				keys = append(keys, s)
			}
		default:
			return base, fmt.Errorf("%s: %s: want a key or a list of keys", path, act)
		}
		at := slices.IndexFunc(out, func(b Binding) bool { return string(b.Action) == act })
		if at < 0 {
			return base, fmt.Errorf("%s: unknown action %q", path, act)
		}
		proto := out[at]
		out = slices.DeleteFunc(out, func(b Binding) bool { return string(b.Action) == act })
		var repl []Binding
		for _, k := range keys {
			nb := proto
			nb.Key = normalKey(k)
			repl = append(repl, nb)
		}
		out = slices.Insert(out, min(at, len(out)), repl...)
	}
	for i, b := range out {
		for _, o := range out[:i] {
			if o.Key == b.Key && o.Action != b.Action && (o.Scope == b.Scope || o.Scope == ScopeGlobal || b.Scope == ScopeGlobal) {
				return base, fmt.Errorf("%s: key %q is bound to both %s and %s", path, b.Key, o.Action, b.Action)
			}
		}
	}
	return out, nil
}
