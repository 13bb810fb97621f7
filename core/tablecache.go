// This file keeps relation tables on disk between processes. A relation
// is evaluated on every ordered pair of cells, which on a large board is
// most of what loading a variant costs (STRIX: three expressions over
// 147² pairs). With WithTableCache, a relation computed once is written to
// a file named by a digest of everything its value depends on: the
// expression's text, every parameter, and every cell's attributes (which
// themselves follow from the board, its attribute expressions and the
// parameters). A file is therefore never stale: any change to what the
// relation reads gives another name. A file is read only when its checksum
// and shape are sound; anything else (no directory, a damaged or foreign
// file, a directory that cannot be written) falls back to computing the
// table, with the same result.

package core

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"rulesmith/core/board"
)

// WithTableCache keeps relation tables of large boards in files under dir
// (see DefaultTableCache), so that later loads read them instead of
// evaluating the relation on every pair of cells. An empty dir keeps none.
func WithTableCache(dir string) Option { return func(o *options) { o.tables = dir } }

// DefaultTableCache returns the directory the CLI keeps relation tables
// in: $XDG_CACHE_HOME/rulesmith/tables, else the user cache directory's
// rulesmith/tables, or "" when there is none.
func DefaultTableCache() string {
	base := os.Getenv("XDG_CACHE_HOME")
	if base == "" {
		var err error
		if base, err = os.UserCacheDir(); err != nil {
			return ""
		}
	}
	return filepath.Join(base, "rulesmith", "tables")
}

// minCachedPairs: a relation over fewer pairs is computed in well under a
// millisecond, cheaper than a file.
const minCachedPairs = 64 * 64

const relMagic = "rulesmith relation table 1\n"

// relationKey returns the file name of relation src on the compiler's
// board and parameters, or "" when it is not to be cached.
func (c *compiler) relationKey(src string) string {
	return c.tableKey(relMagic, src, nil)
}

// tableKey returns the file name of a table of kind magic computed from
// expression src on the compiler's board and parameters and from extra
// (what else the table reads, encoded), or "" when it is not to be cached.
func (c *compiler) tableKey(magic, src string, extra []byte) string {
	n := c.g.board.N()
	if c.tables == "" || n*n < minCachedPairs || !pureExpr(src) {
		return ""
	}
	cells, ok := c.cellsDigest()
	if !ok {
		return ""
	}
	h := sha256.New()
	h.Write([]byte(magic))
	h.Write(cells)
	h.Write(binary.AppendUvarint(nil, uint64(len(extra))))
	h.Write(extra)
	names := make([]string, 0, len(c.params))
	for k := range c.params {
		names = append(names, k)
	}
	sort.Strings(names)
	var b []byte
	for _, k := range names {
		b = appendKey(b, k)
		if b, ok = appendValue(b, c.params[k]); !ok {
			return ""
		}
	}
	b = appendKey(b, src)
	h.Write(b)
	ext := ".rel"
	if magic != relMagic {
		ext = ".tab"
	}
	return hex.EncodeToString(h.Sum(nil)) + ext
}

// cellsDigest returns a digest of every cell's attributes (computed once
// per compile), or false when one has a type it does not encode.
func (c *compiler) cellsDigest() ([]byte, bool) {
	if c.cellsSum != nil {
		return c.cellsSum, true
	}
	b := binary.AppendUvarint(nil, uint64(c.g.board.N()))
	var keys []string
	for _, cell := range c.g.board.Cells {
		keys = keys[:0]
		for k := range cell.Attrs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b = binary.AppendUvarint(b, uint64(len(keys)))
		for _, k := range keys {
			b = appendKey(b, k)
			var ok bool
			if b, ok = appendValue(b, cell.Attrs[k]); !ok {
				return nil, false
			}
		}
	}
	sum := sha256.Sum256(b)
	c.cellsSum = sum[:]
	return c.cellsSum, true
}

func appendKey(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendValue encodes an attribute or parameter value with its type.
func appendValue(b []byte, v any) ([]byte, bool) {
	switch v := v.(type) {
	case int:
		return binary.AppendVarint(append(b, 'i'), int64(v)), true
	case float64:
		return binary.LittleEndian.AppendUint64(append(b, 'f'), math.Float64bits(v)), true
	case string:
		return appendKey(append(b, 's'), v), true
	case bool:
		if v {
			return append(b, 't'), true
		}
		return append(b, 'F'), true
	case []string:
		b = binary.AppendUvarint(append(b, 'l'), uint64(len(v)))
		for _, s := range v {
			b = appendKey(b, s)
		}
		return b, true
	}
	return b, false
}

// cachedRelation reads the relation stored under key, or returns nil.
func (c *compiler) cachedRelation(name, key string) *board.Relation {
	off, cell, ok := c.cachedLists(relMagic, key)
	if !ok {
		return nil
	}
	rel, ok := board.RelationFromLists(name, off, cell)
	if !ok {
		return nil
	}
	return rel
}

// storeRelation writes rel under key; a failure only leaves no file.
func (c *compiler) storeRelation(key string, rel *board.Relation) {
	off, cell := rel.Lists()
	c.storeLists(relMagic, key, off, cell)
}

// cachedLists reads the table of kind magic stored under key: n+1 offsets
// (n the board's cells) and the entries they index. The caller checks
// what the entries mean.
func (c *compiler) cachedLists(magic, key string) (off, cell []int32, ok bool) {
	data, err := os.ReadFile(filepath.Join(c.tables, key))
	if err != nil || len(data) < len(magic)+8+sha256.Size || string(data[:len(magic)]) != magic {
		return nil, nil, false
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); string(got[:]) != string(sum) {
		return nil, nil, false
	}
	n := c.g.board.N()
	p := body[len(magic):]
	if int(binary.LittleEndian.Uint32(p)) != n {
		return nil, nil, false
	}
	m := int(binary.LittleEndian.Uint32(p[4:]))
	p = p[8:]
	if m < 0 || m > n*n || len(p) != 4*(n+1)+4*m {
		return nil, nil, false
	}
	off = make([]int32, n+1)
	cell = make([]int32, m)
	for i := range off {
		off[i] = int32(binary.LittleEndian.Uint32(p[4*i:]))
	}
	p = p[4*(n+1):]
	for i := range cell {
		cell[i] = int32(binary.LittleEndian.Uint32(p[4*i:]))
	}
	return off, cell, true
}

// storeLists writes a table of kind magic under key; a failure only
// leaves no file.
func (c *compiler) storeLists(magic, key string, off, cell []int32) {
	b := make([]byte, 0, len(magic)+8+4*(len(off)+len(cell))+sha256.Size)
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(off)-1))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(cell)))
	for _, x := range off {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	for _, x := range cell {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	sum := sha256.Sum256(b)
	b = append(b, sum[:]...)
	if err := writeFileAtomic(c.tables, key, b); err != nil {
		return
	}
}

const pivotMagic = "rulesmith pivot targets 1\n"

// pivotKey returns the file name of the targets of a pivot with target
// expression src round the cells of helper, or "".
func (c *compiler) pivotKey(src string, helper *board.Relation) string {
	off, cell := helper.Lists()
	var extra []byte
	for _, x := range off {
		extra = binary.AppendUvarint(extra, uint64(x))
	}
	for _, x := range cell {
		extra = binary.AppendUvarint(extra, uint64(x))
	}
	return c.tableKey(pivotMagic, src, extra)
}

// cachedPivot reads pivot targets stored under key, checking they fit
// helper: one target (a cell, or -1) per helper pair.
func (c *compiler) cachedPivot(key string, helper *board.Relation) (offs, targets []int32, ok bool) {
	offs, targets, ok = c.cachedLists(pivotMagic, key)
	if !ok {
		return nil, nil, false
	}
	hoff, _ := helper.Lists()
	if len(hoff) != len(offs) {
		return nil, nil, false
	}
	for i := range offs {
		if offs[i] != hoff[i] {
			return nil, nil, false
		}
	}
	n := int32(len(offs) - 1)
	for _, t := range targets {
		if t < -1 || t >= n {
			return nil, nil, false
		}
	}
	return offs, targets, true
}

// writeFileAtomic writes dir/name through a temporary file renamed into
// place, so a reader never sees half a file.
func writeFileAtomic(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, name+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("table cache: %w", err)
	}
	return nil
}

// pureExpr reports whether src calls none of expr's functions of the
// clock (now, date), so that its value follows from its inputs alone.
func pureExpr(src string) bool {
	tree, err := parser.Parse(src)
	if err != nil {
		return false
	}
	pure := true
	ast.Find(tree.Node, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallNode); ok {
			if id, ok := call.Callee.(*ast.IdentifierNode); !ok || id.Value == "now" || id.Value == "date" {
				pure = false
			}
		}
		return false
	})
	return pure
}
