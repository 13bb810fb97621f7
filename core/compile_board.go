package core

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/expr-lang/expr"

	"rulesmith/core/board"
	"rulesmith/core/diag"
)

// graph builds a graph board from `points` (names; a name such as d5 gets
// x = 4, y = 5), [board.cells.NAME] tables (attributes and links; a cell
// named there and not in points is added) and [board.lines.FAMILY] tables
// (ordered point lists that join their points and give the board
// directions; see board.LineSet).
func (c *compiler) graph() (*board.Board, error) {
	r := c.r
	var cells []board.GraphCell
	at := map[string]int{}
	if r.Has("board.points") {
		for i, name := range r.Strings("board.points") {
			if _, dup := at[name]; dup {
				r.ValueErrorf(fmt.Sprintf("board.points.%d", i), "board.points: %q is listed twice", name)
				continue
			}
			at[name] = len(cells)
			cells = append(cells, board.GraphCell{Name: name, Attrs: gridAttrs(name)})
		}
	}
	for _, name := range r.Keys("board.cells", nil) {
		p := "board.cells." + name
		i, ok := at[name]
		if !ok {
			i = len(cells)
			at[name] = i
			cells = append(cells, board.GraphCell{Name: name, Attrs: map[string]any{}})
		}
		gc := &cells[i]
		for _, k := range r.Keys(p, nil) {
			if k == "links" {
				gc.Links = r.Strings(p + ".links")
				continue
			}
			v, ok := r.Scalar(p + "." + k)
			if !ok {
				continue
			}
			if n, isInt := v.(int64); isInt {
				v = int(n)
			}
			gc.Attrs[k] = v
		}
		if len(cells) > board.MaxCells {
			return nil, fmt.Errorf("more than %d cells", board.MaxCells)
		}
	}
	if len(cells) > board.MaxCells {
		return nil, fmt.Errorf("more than %d cells", board.MaxCells)
	}
	sets, ok := c.lineSets(cells, at)
	if !ok {
		return nil, nil
	}
	b, err := board.Graph(cells, sets...)
	var le *board.LineError
	if errors.As(err, &le) {
		p := "board.lines." + le.Family
		at := p + ".dirs"
		if le.Line >= 0 {
			at = fmt.Sprintf("%s.lines.%d", p, le.Line)
		}
		r.ValueErrorf(at, "%s: %s", p, le.Msg)
		return nil, nil
	}
	return b, err
}

// gridAttrs gives a point named like a grid cell (letters then digits, d5)
// the attributes x (column, a = 1) and y (row).
func gridAttrs(name string) map[string]any {
	attrs := map[string]any{}
	i := 0
	col := 0
	for i < len(name) && name[i] >= 'a' && name[i] <= 'z' {
		col = col*26 + int(name[i]-'a'+1)
		i++
	}
	if i == 0 || i == len(name) || col > board.MaxCells {
		return attrs
	}
	row, err := strconv.Atoi(name[i:])
	if err != nil || row < 1 || row > board.MaxCells || name[i] == '0' {
		return attrs
	}
	attrs["x"], attrs["y"] = col, row
	return attrs
}

// lineSets reads [board.lines.FAMILY]: dirs (two direction names, default
// FAMILY+"+" and FAMILY+"-"), closed, and lines (arrays of point names).
func (c *compiler) lineSets(cells []board.GraphCell, at map[string]int) ([]board.LineSet, bool) {
	r := c.r
	ok := true
	var names []string
	for _, gc := range cells {
		names = append(names, gc.Name)
	}
	var sets []board.LineSet
	for _, fam := range r.Keys("board.lines", nil) {
		p := "board.lines." + fam
		r.Keys(p, keyNames(lineFamilyKeys))
		set := board.LineSet{Name: fam, Dirs: [2]string{fam + "+", fam + "-"}, Closed: c.readBool(p, keyOf(lineFamilyKeys, "closed"))}
		if r.Has(p + ".dirs") {
			d := r.Strings(p + ".dirs")
			if len(d) != 2 {
				r.ValueErrorf(p+".dirs", "%s.dirs: want two direction names, forward then backward along each line", p)
				ok = false
				continue
			}
			set.Dirs = [2]string{d[0], d[1]}
		}
		v, has := r.Doc.Get(p + ".lines")
		arr, isArr := v.([]any)
		if !has || !isArr || len(arr) == 0 {
			r.Errorf(p, "%s: want lines = [[POINT, POINT, ...], ...]", p)
			ok = false
			continue
		}
		for i := range arr {
			lp := fmt.Sprintf("%s.lines.%d", p, i)
			if _, isList := arr[i].([]any); !isList {
				r.ValueErrorf(lp, "%s: line %d: want an array of point names", p, i+1)
				ok = false
				continue
			}
			var line []int
			for j, name := range r.Strings(lp) {
				k, known := at[name]
				if !known {
					msg := fmt.Sprintf("%s: line %d: unknown point %q", p, i+1, name)
					if s := diag.Closest(name, names); s != "" {
						msg += fmt.Sprintf(" (did you mean %q?)", s)
					}
					r.ValueErrorf(fmt.Sprintf("%s.%d", lp, j), "%s", msg)
					ok = false
					continue
				}
				line = append(line, k)
			}
			set.Lines = append(set.Lines, line)
		}
		sets = append(sets, set)
	}
	return sets, ok
}

// holes drops the cells [board] holes names: a list of cell names or a
// condition over a cell's attributes and the parameters.
func (c *compiler) holes(b *board.Board) *board.Board {
	r := c.r
	if !r.Has("board.holes") {
		return b
	}
	drop := make([]bool, b.N())
	v, _ := r.Doc.Get("board.holes")
	if src, isExpr := v.(string); isExpr {
		prog := c.compileCond("board.holes", src, c.withParams(b.Cells[0].Attrs))
		if prog == nil {
			return nil
		}
		for i := range b.Cells {
			out, err := expr.Run(prog, c.withParams(b.Cells[i].Attrs))
			c.charge("board.holes", 1)
			if err == nil {
				drop[i], err = asBool(out)
			}
			if err != nil {
				r.ValueErrorf("board.holes", "board.holes: on cell %s: %s", b.Cells[i].Name, exprMsg(err))
				return nil
			}
		}
	} else {
		if _, isList := v.([]any); !isList {
			r.ValueErrorf("board.holes", "board.holes: want a list of cell names or a condition over a cell's attributes")
			return nil
		}
		var all []string
		for _, cl := range b.Cells {
			all = append(all, cl.Name)
		}
		bad := false
		for j, name := range r.Strings("board.holes") {
			i, ok := b.Index(name)
			if !ok {
				msg := fmt.Sprintf("board.holes: no cell %q on this board", name)
				if s := diag.Closest(name, all); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				}
				r.ValueErrorf(fmt.Sprintf("board.holes.%d", j), "%s", msg)
				bad = true
				continue
			}
			drop[i] = true
		}
		if bad {
			return nil
		}
	}
	nb, err := b.Drop(func(i int) bool { return drop[i] })
	if err != nil {
		r.ValueErrorf("board.holes", "board.holes: %v", err)
		return nil
	}
	return nb
}
