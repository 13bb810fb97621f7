// Package variants embeds the shipped variant files so that the binary can
// load them by name ("mancala/egyptian", "dvonn").
package variants

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.toml */*.toml
var files embed.FS

// FS returns the embedded variant files; NAME.toml holds variant NAME.
func FS() fs.FS { return files }

// Names lists the embedded variants, sorted.
func Names() []string {
	var out []string
	_ = fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".toml") {
			out = append(out, strings.TrimSuffix(p, ".toml"))
		}
		return nil
	})
	sort.Strings(out)
	return out
}
