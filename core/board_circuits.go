// This file holds declared circuits: [board.circuits.NAME], closed paths
// through a board's cells made of lines joined by loops, on any board kind.
// The circuit move (move_circuit.go) travels along them.

package core

import (
	"fmt"

	"rulesmith/core/board"
	"rulesmith/core/diag"
)

// circuitKeys are the keys of [board.circuits.NAME].
var circuitKeys = []*Key{
	{Name: "lines", Type: TStringLists, Required: true,
		Doc: "the circuit's lines in order, arrays of cell names; the way from the end of one line to the start of the next, and from the last back to the first, goes round a loop"},
}

// boardCircuitsKey is taken by every board kind.
var boardCircuitsKey = Key{Name: "circuits", Type: TTable,
	Doc: "[board.circuits.NAME] tables: closed paths of lines joined by loops (see the circuit move)"}

// maxCircuitVisits bounds one circuit's length.
const maxCircuitVisits = board.MaxCells

// circuits reads [board.circuits.NAME] into the board's circuits.
func (c *compiler) circuits() {
	r := c.r
	b := c.g.board
	var names []string
	for _, cl := range b.Cells {
		names = append(names, cl.Name)
	}
	for _, name := range r.Keys("board.circuits", nil) {
		p := "board.circuits." + name
		r.Keys(p, keyNames(circuitKeys))
		v, has := r.Doc.Get(p + ".lines")
		arr, isArr := v.([]any)
		if !has || !isArr || len(arr) == 0 {
			r.Errorf(p, "%s: want lines = [[CELL, CELL, ...], ...]", p)
			continue
		}
		var lines [][]int32
		ok, visits := true, 0
		for i := range arr {
			lp := fmt.Sprintf("%s.lines.%d", p, i)
			if _, isList := arr[i].([]any); !isList {
				r.ValueErrorf(lp, "%s: line %d: want an array of cell names", p, i+1)
				ok = false
				continue
			}
			var line []int32
			for j, cn := range r.Strings(lp) {
				k, known := b.Index(cn)
				if !known {
					msg := fmt.Sprintf("%s: line %d: no cell %q on this board", p, i+1, cn)
					if s := diag.Closest(cn, names); s != "" {
						msg += fmt.Sprintf(" (did you mean %q?)", s)
					}
					r.ValueErrorf(fmt.Sprintf("%s.%d", lp, j), "%s", msg)
					ok = false
					continue
				}
				line = append(line, int32(k))
			}
			visits += len(line)
			if len(line) == 0 && ok {
				r.ValueErrorf(lp, "%s: line %d is empty", p, i+1)
				ok = false
			}
			lines = append(lines, line)
		}
		if !ok {
			continue
		}
		if visits > maxCircuitVisits {
			r.ValueErrorf(p+".lines", "%s: %d visits; a circuit has at most %d", p, visits, maxCircuitVisits)
			continue
		}
		ci, err := board.NewCircuit(name, lines)
		if err != nil {
			r.ValueErrorf(p+".lines", "%s: %v", p, err)
			continue
		}
		for i := range ci.Cells {
			a, z := ci.Cells[i], ci.Cells[(i+1)%len(ci.Cells)]
			if a == z {
				r.ValueErrorf(p+".lines", "%s: %s follows itself; each step of a circuit goes to another cell", p, b.Cells[a].Name)
				ok = false
				break
			}
		}
		if ok {
			b.AddCircuit(ci)
		}
	}
}
