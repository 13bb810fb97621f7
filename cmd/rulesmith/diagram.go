package main

import (
	"fmt"
	"strings"

	"rulesmith/diagram"
)

// diagramCmd draws a position of a variant as SVG on stdout.
func diagramCmd(c *call) int {
	g, ok := c.load(c.pos[0])
	if !ok {
		return 1
	}
	h, code := replayFile(g, c.opts.record, c.stderr)
	if code != 0 {
		return code
	}
	if ply := c.opts.ply; ply >= 0 {
		if ply > h.Len() {
			return c.usageError("--ply %d: the record has %d moves", ply, h.Len())
		}
		for h.Len() > ply {
			h.Undo()
		}
	}
	o := diagram.Options{}
	if moves := h.Moves(); len(moves) > 0 {
		o.Last, o.HasLast = moves[len(moves)-1], true
	}
	cell := func(flagName, name string) (int, bool) {
		i, ok := g.Board().Index(strings.TrimSpace(name))
		if !ok {
			fmt.Fprintf(c.stderr, "rulesmith diagram: --%s: no cell %q on this board\n", flagName, strings.TrimSpace(name))
		}
		return i, ok
	}
	for _, list := range c.opts.marks {
		for _, name := range strings.Split(list, ",") {
			i, ok := cell("mark", name)
			if !ok {
				return 1
			}
			o.Marks = append(o.Marks, i)
		}
	}
	for _, list := range c.opts.arrows {
		for _, a := range strings.Split(list, ",") {
			from, to, found := strings.Cut(a, "-")
			if !found {
				return c.usageError("--arrows: %q is not FROM-TO", a)
			}
			f, ok1 := cell("arrows", from)
			t, ok2 := cell("arrows", to)
			if !ok1 || !ok2 {
				return 1
			}
			o.Arrows = append(o.Arrows, [2]int{f, t})
		}
	}
	if err := diagram.Render(c.stdout, g, h.State, o); err != nil {
		fmt.Fprintf(c.stderr, "rulesmith diagram: %v\n", err)
		return 1
	}
	return 0
}
