package spec

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ReadFile reads a file a user gave us: only a regular file (a symbolic
// link is followed to what it names), never a device, FIFO, socket or
// directory, and never more than limit bytes, counted while reading (a
// device or a growing file may report any size). The file is never written.
func ReadFile(name string, limit int64) (_ []byte, err error) {
	defer func() {
		// "NAME: reason", as the other errors here, not "stat NAME: reason"
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == name {
			err = fmt.Errorf("%s: %w", name, pe.Err)
		}
	}()
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", name, fileKind(st.Mode()))
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The name may have been replaced between Stat and Open: check what
	// was opened.
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", name, fileKind(st.Mode()))
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("%s: %w: %d bytes; the limit is %d", name, ErrTooLarge, st.Size(), limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: %w: more than %d bytes", name, ErrTooLarge, limit)
	}
	return data, nil
}

// ErrTooLarge is returned (wrapped) by ReadFile for a file over its limit.
var ErrTooLarge = errors.New("file too large")

func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return m.Type().String()
}

// within reports whether path p lies under directory dir, both after
// symbolic links are resolved.
func within(p, dir string) bool {
	rp, err := filepath.EvalSymlinks(p)
	if err != nil {
		return false
	}
	rd, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return false
	}
	rp, _ = filepath.Abs(rp)
	rd, _ = filepath.Abs(rd)
	rel, err := filepath.Rel(rd, rp)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
