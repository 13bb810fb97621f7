package editor

import (
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"
)

// watch reloads the variant whenever its file changes on disk. It watches
// the directory (editors replace files by renaming) and debounces bursts of
// events; the reload itself runs on the event loop.
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
				a.post(a.reload)
			case _, ok := <-w.Errors:
				if !ok {
					return
				}
			}
		}
	}()
	return nil
}
