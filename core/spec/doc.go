// Package spec reads variant files: it decodes TOML, resolves `extends`
// chains into one merged document that remembers where every key came from,
// applies command-line parameter overrides, and offers a typed, position-aware
// Reader that the compiler uses to collect every problem in one pass.
//
// spec knows nothing about games; it only knows files, keys and positions.
package spec

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"rulesmith/core/diag"
)

// Limits bound what a hostile file can make the loader do.
const (
	// MaxFileSize is the largest variant file accepted, in bytes.
	MaxFileSize = 1 << 20
	// MaxExtendsDepth is the longest chain of `extends`.
	MaxExtendsDepth = 16
	// MaxNesting is the deepest nesting of arrays and inline tables in a
	// file, and the most parts of a dotted key, checked before the TOML
	// decoder sees it.
	MaxNesting = 32
)

// Origin is where a key of a merged document was written.
type Origin struct {
	File string
	Pos  Pos
	// Depth is the position of File in the extends chain: 0 for the base
	// at the root of the chain, increasing towards the file that was loaded.
	Depth int
	// Line is the source line of the key, kept for the caret rendering.
	Line string
}

// Doc is a merged variant document: the decoded values of a file and of
// every file it extends, with the origin of each key.
type Doc struct {
	// Root is the merged TOML data.
	Root map[string]any
	// Files lists the files of the extends chain, base first.
	Files   []string
	origins map[string]Origin
	lines   map[string][]string
	// first is where each key was first written, base first: a key keeps
	// its place in the written order when a later file overrides it.
	first map[string]Origin
}

// Source resolves the name in an `extends` key, or the name given to Load,
// to a file name and its contents. Names without a ".toml" suffix are looked
// up in FS (embedded variants) as NAME.toml; anything else is a path.
type Source struct {
	// FS holds the embedded variants; may be nil.
	FS fs.FS
	// Root is the directory that files named by `extends` must lie under
	// (after symbolic links are resolved). When it is empty, Load uses the
	// directory of the file it reads; a variant read from FS may extend
	// only other embedded variants.
	Root string
	// AnyPath lets `extends` name any file. Even then, the lines of a file
	// outside Root are never quoted in a diagnostic.
	AnyPath bool
}

// confined reports whether a file named by `extends` may be read.
func (s *Source) confined(p string) error {
	if s.AnyPath {
		return nil
	}
	if s.Root == "" {
		return fmt.Errorf("%q: an embedded variant may extend only embedded variants", p)
	}
	if !within(p, s.Root) {
		return fmt.Errorf("%q is outside the variant's directory; extends may name an embedded variant or a file under %s", p, s.Root)
	}
	return nil
}

// quotable reports whether the lines of file may be shown in diagnostics:
// embedded variants and files under Root.
func (s *Source) quotable(file string) bool {
	return strings.HasPrefix(file, "variants/") || s.Root != "" && within(file, s.Root)
}

func (s *Source) open(name, from string) (string, []byte, error) {
	if s.FS != nil && !strings.HasSuffix(name, ".toml") {
		p := path.Clean(name) + ".toml"
		if b, err := fs.ReadFile(s.FS, p); err == nil {
			return "variants/" + p, b, nil
		}
	}
	p := name
	if from != "" && !filepath.IsAbs(p) && !strings.HasPrefix(from, "variants/") {
		p = filepath.Join(filepath.Dir(from), p)
	} else if from != "" && strings.HasPrefix(from, "variants/") && s.FS != nil {
		// A path inside an embedded variant is relative to the variants tree.
		q := path.Join(path.Dir(strings.TrimPrefix(from, "variants/")), name)
		if b, err := fs.ReadFile(s.FS, q); err == nil {
			return "variants/" + q, b, nil
		}
	}
	p = diskName(p)
	if _, err := os.Stat(p); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if sug := s.closest(name); sug != "" {
				return p, nil, fmt.Errorf("no variant or file named %q (did you mean %q?)", name, sug)
			}
			return p, nil, fmt.Errorf("no variant or file named %q", name)
		}
		return p, nil, err
	}
	if from != "" {
		if err := s.confined(p); err != nil {
			return p, nil, err
		}
	}
	b, err := ReadFile(p, MaxFileSize)
	return p, b, err
}

// diskName keeps a file on disk apart from the embedded variants, whose
// names all begin with "variants/": a relative path that begins so (a file
// under a directory named variants, read from its parent) is written
// "./variants/…", so that its own extends are resolved from its directory
// and its lines and chain are never taken for an embedded variant's.
func diskName(p string) string {
	if strings.HasPrefix(p, "variants/") {
		return "./" + p
	}
	return p
}

// closest returns the embedded variant whose name is nearest to name, or "".
func (s *Source) closest(name string) string {
	if s.FS == nil || strings.HasSuffix(name, ".toml") {
		return ""
	}
	var names []string
	_ = fs.WalkDir(s.FS, ".", func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(p, ".toml") {
			names = append(names, strings.TrimSuffix(p, ".toml"))
		}
		return nil
	})
	if sug := diag.Closest(name, names); sug != "" {
		return sug
	}
	// A name without its family ("egyptian", "cribbage"): the variant
	// whose last part it is, or is close to.
	if strings.Contains(name, "/") {
		return ""
	}
	byBase := map[string]string{}
	var bases []string
	for _, n := range names {
		b := path.Base(n)
		if _, dup := byBase[b]; dup {
			byBase[b] = "" // two families use it: no single suggestion
			continue
		}
		byBase[b] = n
		bases = append(bases, b)
	}
	return byBase[diag.Closest(name, bases)]
}

// Load reads the variant NAME (an embedded name or a path), resolving its
// extends chain. Every problem is returned as a diag.List.
func Load(name string, src Source) (*Doc, error) {
	doc := &Doc{Root: map[string]any{}, origins: map[string]Origin{}, lines: map[string][]string{}, first: map[string]Origin{}}
	var diags diag.List
	var chain []string
	if err := doc.load(name, "", &src, &chain, &diags, nil); err != nil {
		return nil, err
	}
	if len(diags) > 0 {
		return nil, diags.Err()
	}
	return doc, nil
}

// LoadBytes reads a variant from memory, as if from the file FILE; extends
// are resolved through src.
func LoadBytes(file string, data []byte, src Source) (*Doc, error) {
	doc := &Doc{Root: map[string]any{}, origins: map[string]Origin{}, lines: map[string][]string{}, first: map[string]Origin{}}
	var diags diag.List
	var chain []string
	if err := doc.load(file, "", &src, &chain, &diags, data); err != nil {
		return nil, err
	}
	if len(diags) > 0 {
		return nil, diags.Err()
	}
	return doc, nil
}

func (d *Doc) load(name, from string, src *Source, chain *[]string, diags *diag.List, data []byte) error {
	file := name
	if data != nil {
		file = diskName(name) // bytes given by the caller never come from the embedded tree
	} else {
		var err error
		file, data, err = src.open(name, from)
		if err != nil {
			if from == "" {
				if strings.HasPrefix(err.Error(), file+": ") {
					return err // it names the file
				}
				return fmt.Errorf("%s: %w", name, err)
			}
			o := d.origins["extends"]
			*diags = append(*diags, diag.Diagnostic{File: from, Line: o.Pos.ValLine, Col: o.Pos.ValCol,
				Msg: fmt.Sprintf("extends: %v", err)})
			return nil
		}
	}
	if len(data) > MaxFileSize {
		return fmt.Errorf("%s: file is %d bytes; the limit is %d", file, len(data), MaxFileSize)
	}
	for _, f := range *chain {
		if f == file {
			*diags = append(*diags, diag.Diagnostic{File: from, Line: d.origins["extends"].Pos.ValLine,
				Col: d.origins["extends"].Pos.ValCol, Msg: fmt.Sprintf("extends: cycle: %s extends itself", file)})
			return nil
		}
	}
	if len(*chain) >= MaxExtendsDepth {
		*diags = append(*diags, diag.Diagnostic{File: from, Line: d.origins["extends"].Pos.ValLine, Col: d.origins["extends"].Pos.ValCol,
			Msg: fmt.Sprintf("extends: chain longer than %d files (from %s; %s would be file %d)", MaxExtendsDepth, (*chain)[0], file, len(*chain)+1)})
		return nil
	}
	*chain = append(*chain, file)
	if from == "" && data != nil && src.Root == "" && !strings.HasPrefix(file, "variants/") {
		src.Root = filepath.Dir(file)
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	if from == "" || src.quotable(file) {
		d.lines[file] = strings.Split(text, "\n")
	}
	if line, col, msg, ok := checkNesting(text); !ok {
		*diags = append(*diags, diag.Diagnostic{File: file, Line: line, Col: col,
			Msg: msg, Source: lineOf(d.lines[file], line)})
		return nil
	}
	var root map[string]any
	if _, err := toml.Decode(text, &root); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) && d.lines[file] == nil {
			// A file whose lines may not be shown: not even the parser's
			// message, which may quote them.
			o := d.origins["extends"]
			*diags = append(*diags, diag.Diagnostic{File: from, Line: o.Pos.ValLine, Col: o.Pos.ValCol,
				Msg: fmt.Sprintf("extends: %s is not a valid TOML file (line %d, column %d)", file, pe.Position.Line, pe.Position.Col)})
			return nil
		}
		if errors.As(err, &pe) {
			*diags = append(*diags, diag.Diagnostic{File: file, Line: pe.Position.Line, Col: pe.Position.Col,
				Msg: "toml: " + pe.Message, Source: lineOf(d.lines[file], pe.Position.Line)})
			return nil
		}
		*diags = append(*diags, diag.Diagnostic{File: file, Msg: "toml: " + err.Error()})
		return nil
	}
	pos := Locate([]byte(text))
	// Resolve the base first, so that this file's keys override it.
	if ext, ok := root["extends"]; ok {
		e, isStr := ext.(string)
		p := pos["extends"]
		if !isStr || e == "" {
			*diags = append(*diags, diag.Diagnostic{File: file, Line: p.ValLine, Col: p.ValCol,
				Msg: "extends: want the name or path of a variant (a string)", Source: lineOf(d.lines[file], p.ValLine)})
		} else {
			d.origins["extends"] = Origin{File: file, Pos: p}
			if err := d.load(e, file, src, chain, diags, nil); err != nil {
				return err
			}
		}
	}
	depth := len(d.Files)
	d.Files = append(d.Files, file)
	// `replace = ["setup.pieces", ...]`: these tables of the base are
	// replaced whole by this file's, not merged key by key.
	if rep, ok := root["replace"]; ok {
		arr, isArr := rep.([]any)
		p := pos["replace"]
		if !isArr {
			*diags = append(*diags, diag.Diagnostic{File: file, Line: p.ValLine, Col: p.ValCol,
				Msg: "replace: want an array of table paths, e.g. [\"setup.pieces\"]", Source: lineOf(d.lines[file], p.ValLine)})
		}
		for i, x := range arr {
			path, isStr := x.(string)
			if !isStr || path == "" {
				ep := pos[fmt.Sprintf("replace.%d", i)]
				*diags = append(*diags, diag.Diagnostic{File: file, Line: ep.Line, Col: ep.Col,
					Msg: "replace: want a table path such as \"setup.pieces\"", Source: lineOf(d.lines[file], ep.Line)})
				continue
			}
			d.remove(path)
		}
		delete(root, "replace")
	}
	merge(d.Root, root)
	for k, p := range pos {
		d.origins[k] = Origin{File: file, Pos: p, Depth: depth, Line: lineOf(d.lines[file], p.Line)}
		if _, ok := d.first[k]; !ok {
			d.first[k] = d.origins[k]
		}
	}
	return nil
}

func lineOf(lines []string, n int) string {
	if n >= 1 && n <= len(lines) {
		return lines[n-1]
	}
	return ""
}

// merge copies src into dst: tables merge key by key, every other value
// (arrays included) replaces what dst had.
func merge(dst, src map[string]any) {
	for k, v := range src {
		if sm, ok := v.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				merge(dm, sm)
				continue
			}
			cp := map[string]any{}
			merge(cp, sm)
			dst[k] = cp
			continue
		}
		dst[k] = v
	}
}

// Get returns the value at a dotted path.
func (d *Doc) Get(p string) (any, bool) {
	var cur any = d.Root
	for _, seg := range strings.Split(p, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			if arr, ok := cur.([]any); ok {
				i, err := strconv.Atoi(seg)
				if err != nil || i < 0 || i >= len(arr) {
					return nil, false
				}
				cur = arr[i]
				continue
			}
			return nil, false
		}
		cur, ok = m[seg]
		if !ok {
			return nil, false
		}
	}
	return cur, true
}

// Origin returns where the key at path was written; for a key that was not
// written anywhere (a default), the nearest written ancestor.
func (d *Doc) Origin(p string) Origin {
	for p != "" {
		if o, ok := d.origins[p]; ok {
			return o
		}
		i := strings.LastIndexByte(p, '.')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	if len(d.Files) > 0 {
		return Origin{File: d.Files[len(d.Files)-1]}
	}
	return Origin{}
}

// Children returns the keys of the table at path in the order they were
// written (the base file's keys first, a key overridden by a later file
// keeping its place in the base), or nil if there is no such table.
func (d *Doc) Children(p string) []string {
	var v any = d.Root
	if p != "" {
		var ok bool
		if v, ok = d.Get(p); !ok {
			return nil
		}
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		oi, oj := d.firstOrigin(join(p, keys[i])), d.firstOrigin(join(p, keys[j]))
		if oi.Depth != oj.Depth {
			return oi.Depth < oj.Depth
		}
		if oi.Pos.Line != oj.Pos.Line {
			return oi.Pos.Line < oj.Pos.Line
		}
		return keys[i] < keys[j]
	})
	return keys
}

// firstOrigin is where the key at path was first written.
func (d *Doc) firstOrigin(p string) Origin {
	if o, ok := d.first[p]; ok {
		return o
	}
	return d.origins[p]
}

// Set overrides the value at a dotted path (used for `--set`), recording
// origin as its place.
func (d *Doc) Set(p string, v any, origin Origin) {
	segs := strings.Split(p, ".")
	m := d.Root
	for _, s := range segs[:len(segs)-1] {
		n, ok := m[s].(map[string]any)
		if !ok {
			n = map[string]any{}
			m[s] = n
		}
		m = n
	}
	m[segs[len(segs)-1]] = v
	d.origins[p] = origin
}

// Flatten returns every leaf of the document as path → value, arrays kept
// whole; used to compare two variants key by key.
func (d *Doc) Flatten() map[string]any {
	out := map[string]any{}
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			if sm, ok := v.(map[string]any); ok {
				walk(join(prefix, k), sm)
				continue
			}
			out[join(prefix, k)] = v
		}
	}
	walk("", d.Root)
	return out
}

func join(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

// Rename moves the value at the dotted path from to the sibling key named
// to, with its origin (used to accept a deprecated key under its new name).
// It reports false, changing nothing, when from is absent or to is
// already set.
func (d *Doc) Rename(from, to string) bool {
	v, ok := d.Get(from)
	if !ok {
		return false
	}
	dst := to
	if i := strings.LastIndexByte(from, '.'); i >= 0 {
		dst = from[:i+1] + to
	}
	if _, taken := d.Get(dst); taken {
		return false
	}
	segs := strings.Split(dst, ".")
	m := d.Root
	for _, s := range segs[:len(segs)-1] {
		n, ok := m[s].(map[string]any)
		if !ok {
			return false // a key inside an array: not renamed
		}
		m = n
	}
	d.remove(from)
	m[segs[len(segs)-1]] = v
	for _, tab := range []map[string]Origin{d.origins, d.first} {
		for k, o := range tab {
			if k == from || strings.HasPrefix(k, from+".") {
				delete(tab, k)
				tab[dst+k[len(from):]] = o
			}
		}
	}
	return true
}

// Delete removes the key at a dotted path, with its origin.
func (d *Doc) Delete(p string) {
	d.remove(p)
	for _, tab := range []map[string]Origin{d.origins, d.first} {
		for k := range tab {
			if k == p || strings.HasPrefix(k, p+".") {
				delete(tab, k)
			}
		}
	}
}

// remove deletes the value at a dotted path from the merged data.
func (d *Doc) remove(p string) {
	segs := strings.Split(p, ".")
	m := d.Root
	for _, s := range segs[:len(segs)-1] {
		n, ok := m[s].(map[string]any)
		if !ok {
			return
		}
		m = n
	}
	delete(m, segs[len(segs)-1])
}
