package editor

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/rivo/tview"

	"rulesmith/core"
	"rulesmith/core/diag"
	"rulesmith/core/spec"
	"rulesmith/editor/session"
)

// The rules pane, $EDITOR and live reload (edit mode). A reload reads and
// compiles the file and replays the game under the new rules on a
// goroutine, never on the event loop: a slow or hostile file leaves the
// editor answering, and esc (or a newer change) makes the pending reload
// moot. The pane is never replaced behind the user's back: with unsaved
// edits in it, a change on disk asks first, and so do quitting and $EDITOR.

// setPane replaces the pane's text; the pane is clean afterwards.
func (a *App) setPane(text string) {
	if a.rules == nil {
		return
	}
	if a.rules.GetText() != text {
		a.rules.SetText(text, false)
	}
	a.paneBase = text
	a.paneTitle()
}

// dirty reports whether the pane holds edits not saved to the file.
func (a *App) dirty() bool { return a.rules != nil && a.rules.GetText() != a.paneBase }

// paneTitle shows the file's name and a dirty marker.
func (a *App) paneTitle() {
	if a.rules == nil {
		return
	}
	t := " rules: " + filepath.Base(a.opts.Variant)
	if a.dirty() {
		t += " [+]"
	}
	a.pane.SetTitle(t + " ")
}

// rulesSaved writes the pane to the file (atomically) and reloads it.
func (a *App) saveRules() bool {
	text := a.rules.GetText()
	if err := session.WriteAtomic(a.opts.Variant, []byte(text)); err != nil {
		a.in.Err = "the rules are not saved: " + err.Error()
		a.refresh()
		return false
	}
	a.paneBase = text
	a.paneTitle()
	a.in.Msg = "saved " + a.opts.Variant
	a.startReload([]byte(text))
	return true
}

// askUnsaved asks what to do with unsaved pane edits before an action that
// would lose them (quit, $EDITOR); then runs next unless cancelled.
func (a *App) askUnsaved(action string, next func()) {
	if !a.dirty() {
		next()
		return
	}
	a.modal("unsaved", "The rules pane has unsaved edits.\nSave them before you "+action+"?",
		[]string{"Save", "Discard", "Cancel"}, func(label string) {
			switch label {
			case "Save":
				if a.saveRules() {
					next()
				}
			case "Discard":
				a.setPane(a.paneBase)
				next()
			}
		})
}

// modal shows a question with buttons; done gets the pressed label ("" on esc).
func (a *App) modal(name, text string, buttons []string, done func(string)) {
	focus := a.tv.GetFocus()
	m := tview.NewModal().SetText(text).AddButtons(buttons).SetDoneFunc(func(_ int, label string) {
		a.pages.RemovePage(name)
		a.tv.SetFocus(focus)
		done(label)
		a.refresh()
	})
	if a.opts.Mono {
		monochrome(m)
		m.SetBackgroundColor(0)
		m.SetTextColor(0)
		m.SetButtonBackgroundColor(0)
		m.SetButtonTextColor(0)
	}
	a.pages.AddPage(name, m, true, true)
}

// quit leaves the editor, asking first about unsaved rules.
func (a *App) quit() {
	a.askUnsaved("quit", func() {
		a.stop()
		a.tv.Stop()
	})
}

// runEditor suspends the editor and runs $EDITOR (default vi) on the rules
// file through the shell, so that EDITOR may carry arguments ("vim -u
// NONE", "code --wait"); the file is reloaded afterwards if it changed.
func (a *App) runEditor() {
	path := a.opts.Variant
	if !strings.HasSuffix(path, ".toml") {
		a.in.Err = "rules can be edited for a variant file; use: rulesmith edit FILE.toml (copy an embedded one with rulesmith show NAME > FILE.toml)"
		return
	}
	a.askUnsaved("open $EDITOR", func() {
		ed := strings.TrimSpace(os.Getenv("EDITOR"))
		if ed == "" {
			ed = "vi"
		}
		var runErr error
		a.tv.Suspend(func() {
			cmd := exec.Command("sh", "-c", ed+` "$1"`, "rulesmith", path)
			cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
			runErr = cmd.Run()
		})
		if runErr != nil {
			a.in.Err = fmt.Sprintf("$EDITOR (%s): %v", ed, runErr)
		}
		data, err := readRegular(path)
		if err != nil {
			a.in.Err = err.Error()
			return
		}
		a.mu.Lock()
		same := bytes.Equal(data, a.lastData)
		a.mu.Unlock()
		if same {
			if runErr == nil {
				a.in.Msg = "the rules did not change"
			}
			return
		}
		a.setPane(string(data))
		a.startReload(data)
	})
}

// onDiskChange handles a change of the file on disk (from the watcher's
// goroutine): data is the new content, already known to differ from what
// was last loaded.
func (a *App) onDiskChange(data []byte) {
	if a.dirty() && a.rules.GetText() != string(data) {
		a.modal("changed", "The rules file changed on disk,\nbut the pane has unsaved edits.",
			[]string{"Keep my edits", "Load the file"}, func(label string) {
				if label == "Load the file" {
					a.setPane(string(data))
					a.startReload(data)
					return
				}
				a.in.Msg = "kept your edits; the game plays the rules loaded at " + a.rulesAt.Format("15:04:05") + "; ctrl+s writes the pane over the file"
			})
		a.refresh()
		return
	}
	a.setPane(string(data))
	a.startReload(data)
}

// startReload compiles data (nil: the variant by name, not edited) and replays the game under it on a goroutine;
// the result is applied on the event loop unless a newer reload started or
// esc cancelled it.
func (a *App) startReload(data []byte) {
	a.mu.Lock()
	a.lastData = data
	a.mu.Unlock()
	a.loadGen++
	gen := a.loadGen
	a.loading, a.loadStart = true, a.opts.Clock()
	old, lines := a.sess.Game, a.sess.Lines()
	opts := a.opts
	go func() {
		var g *core.Game
		var err error
		if data != nil {
			g, err = opts.loadBytes(data)
		} else {
			g, err = opts.load()
		}
		var plan *session.ReloadPlan
		if err == nil {
			plan = session.PlanReload(old, g, lines)
		}
		a.post(func() {
			if gen != a.loadGen {
				return // superseded or cancelled
			}
			a.loading = false
			a.applyReload(plan, err)
		})
	}()
	a.refresh()
}

// cancelReload makes the pending reload moot.
func (a *App) cancelReload() bool {
	if !a.loading {
		return false
	}
	a.loadGen++
	a.loading = false
	a.mu.Lock()
	a.lastData = nil // the same content may be tried again
	a.mu.Unlock()
	a.in.Msg = "reload cancelled; the game plays the rules loaded at " + a.rulesAt.Format("15:04:05")
	return true
}

// applyReload shows a failed load or switches the game to the new rules,
// with the verdict: the first move whose outcome differs.
func (a *App) applyReload(plan *session.ReloadPlan, err error) {
	if a.prevSets != nil {
		if err != nil {
			a.opts.Sets = a.prevSets // a refused :set changes nothing
			a.prevSets = nil
			a.in.Err = ":set: " + err.Error()
			a.refresh()
			return
		}
		a.prevSets = nil
	}
	if err != nil {
		var dl diag.List
		first := err.Error()
		a.loadDiags = nil
		a.in.Verdict = "the rules do not load:\n" + err.Error()
		if errors.As(err, &dl) && len(dl) > 0 {
			first = dl[0].String()
			a.showRulesLine(dl[0])
			a.loadDiags = dl
			a.in.Verdict = "" // drawn from loadDiags, for the panel's width
		}
		a.loadErr = first
		a.in.Err, a.in.Msg = first, ""
		a.refresh()
		return
	}
	if a.sess.Lines() != nil && strings.Join(a.sess.Lines(), "\n") != strings.Join(planLines(plan), "\n") {
		// the game moved on while the reload ran: plan again, here (rare)
		plan = session.PlanReload(a.sess.Game, plan.Game, a.sess.Lines())
	}
	a.cancelAI()
	res := a.sess.ApplyReload(plan)
	a.board.SetPosition(plan.Game, a.sess.State())
	a.loadErr, a.in.Err, a.loadDiags = "", "", nil
	a.rulesAt = a.opts.Clock()
	a.in.Verdict = res.Describe()
	if res.Broken != nil {
		a.in.Msg = fmt.Sprintf("move %d %q became illegal", res.Broken.Line, res.Broken.Text)
	} else if res.Change != nil {
		a.in.Msg = fmt.Sprintf("rules reloaded; move %d plays out differently", res.Change.Ply)
	} else {
		a.in.Msg = "rules reloaded"
	}
	if ws := plan.Game.Warnings(); len(ws) > 0 {
		// warnings never stop a load, but the designer sees them
		a.in.Msg += fmt.Sprintf("; %d warning(s): %s", len(ws), ws[0].String())
		for _, w := range ws {
			a.in.Verdict += "\n" + w.String()
		}
	}
	a.in.Reset()
	a.refresh()
	a.maybeAI()
}

func planLines(p *session.ReloadPlan) []string { return p.Lines() }

// watch reloads the variant whenever its file changes on disk. It watches
// the directory (editors replace files by renaming) and debounces bursts of
// events; reading happens here, compiling in startReload's goroutine.
func (a *App) watch() error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	path, err := filepath.Abs(a.opts.Variant)
	if err != nil {
		w.Close()
		return err
	}
	if err := w.Add(filepath.Dir(path)); err != nil {
		w.Close()
		return err
	}
	go func() {
		defer w.Close()
		var timer <-chan time.Time
		for {
			select {
			case <-a.done:
				return
			case ev, ok := <-w.Events:
				if !ok {
					return
				}
				if p, _ := filepath.Abs(ev.Name); p == path && ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename) != 0 {
					timer = time.After(150 * time.Millisecond)
				}
			case <-timer:
				timer = nil
				data, err := readRegular(path)
				if err != nil {
					continue // gone for a moment (a rename in progress)
				}
				a.mu.Lock()
				same := bytes.Equal(data, a.lastData)
				a.mu.Unlock()
				if !same { // our own save comes back as an event: no second reload
					a.post(func() { a.onDiskChange(data) })
				}
			case _, ok := <-w.Errors:
				if !ok {
					return
				}
			}
		}
	}()
	return nil
}

// readRegular reads the rules file the way the loader does: a regular
// file (never a FIFO or a device, which could block or never end) of at
// most spec.MaxFileSize bytes.
func readRegular(path string) ([]byte, error) { return spec.ReadFile(path, spec.MaxFileSize) }

// showRulesLine scrolls the rules pane to a diagnostic's line (when it is
// in the file shown) and puts the cursor on it.
func (a *App) showRulesLine(d diag.Diagnostic) {
	if a.rules == nil || d.Line <= 0 {
		return
	}
	if abs, err := filepath.Abs(d.File); err != nil || !sameFile(abs, a.opts.Variant) {
		return
	}
	text := a.rules.GetText()
	off, line := 0, 1
	for off < len(text) && line < d.Line {
		if text[off] == '\n' {
			line++
		}
		off++
	}
	col := max(d.Col-1, 0)
	for i := 0; i < col && off < len(text) && text[off] != '\n'; i++ {
		off++
	}
	a.rules.Select(off, off)
	_, _, _, h := a.pane.GetInnerRect()
	a.rules.SetOffset(max(d.Line-1-h/2, 0), 0)
}

func sameFile(abs, path string) bool {
	p, err := filepath.Abs(path)
	return err == nil && p == abs
}

// caretLines renders a diagnostic for a panel w columns wide: its place
// (the file's base name), the offending line and a caret under the column,
// then the message. The line is cut to a window round the column so that
// it never wraps (a wrapped line would put the caret under the wrong
// character).
func caretLines(d diag.Diagnostic, w int) string {
	place := d
	place.File, place.Msg = filepath.Base(d.File), ""
	head := strings.TrimSuffix(place.String(), " ")
	if d.Source == "" || d.Col <= 0 || w < 8 {
		return head + " " + d.Msg
	}
	src := []rune(strings.ReplaceAll(d.Source, "\t", " "))
	col := len([]rune(d.Source[:min(d.Col-1, len(d.Source))]))
	avail := w - 2 // indent
	start := 0
	if col >= avail-1 {
		start = col - avail/2
	}
	end := min(len(src), start+avail)
	return head + "\n  " + string(src[start:end]) + "\n  " + strings.Repeat(" ", col-start) + "^\n" + d.Msg
}
