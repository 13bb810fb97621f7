package session

import (
	"slices"
	"sort"
	"strings"

	"rulesmith/core"
)

// A Choice is one move written without the pieces it marks, and the
// moves that differ from it only in which pieces they mark: a rule whose
// effect lets the mover choose a subset (mark_targets choose = "subset")
// makes one move per subset, written with *CELL for each marked piece
// (d4-d6*e5*f6). A screen offers the base move once and the candidates to
// toggle, instead of listing every subset (up to 512 of them).
type Choice struct {
	// Base is the move's text without its marks ("d4-d6").
	Base string
	// Cells names the pieces' cells any of the moves marks, in board
	// order: the candidates.
	Cells []string
	// moves maps a set of marks (Key) to its move.
	moves map[string]core.Move
	// first is the marks of the first move given (the rule's first
	// subset: a screen starts from it).
	first []bool
}

// Len returns the number of moves the choice stands for.
func (c *Choice) Len() int { return len(c.moves) }

// First returns the marks of the first of the choice's moves, one per
// candidate cell (a screen's starting selection).
func (c *Choice) First() []bool { return append([]bool(nil), c.first...) }

// Text writes the move with the marks of marked (one per Cells).
func (c *Choice) Text(marked []bool) string {
	var b strings.Builder
	b.WriteString(c.Base)
	for i, on := range marked {
		if on && i < len(c.Cells) {
			b.WriteString("*" + c.Cells[i])
		}
	}
	return b.String()
}

// Move returns the move that marks exactly marked, and whether the rules
// offer it.
func (c *Choice) Move(marked []bool) (core.Move, bool) {
	m, ok := c.moves[c.Text(marked)]
	return m, ok
}

// Choices groups moves by their text without the *CELL marks, in the
// order of their first move: a move that marks nothing and has no
// sibling is a Choice of one move with no Cells.
func Choices(g *core.Game, s *core.State, moves []core.Move) []*Choice {
	type marking struct {
		m     core.Move
		cells []string
	}
	var out []*Choice
	byBase := map[string]*Choice{}
	of := map[*Choice][]marking{}
	for _, m := range moves {
		base, cells := splitMarks(g, g.Format(s, m))
		c := byBase[base]
		if c == nil {
			c = &Choice{Base: base, moves: map[string]core.Move{}}
			byBase[base] = c
			out = append(out, c)
		}
		of[c] = append(of[c], marking{m, cells})
	}
	at := func(name string) int {
		i, _ := g.Board().Index(name)
		return i
	}
	for _, c := range out {
		seen := map[string]bool{}
		for _, mk := range of[c] {
			for _, cell := range mk.cells {
				if !seen[cell] {
					seen[cell] = true
					c.Cells = append(c.Cells, cell)
				}
			}
		}
		sort.SliceStable(c.Cells, func(i, j int) bool { return at(c.Cells[i]) < at(c.Cells[j]) })
		// each move under its text as Text writes it: marks in board order
		for i, mk := range of[c] {
			marked := make([]bool, len(c.Cells))
			for _, cell := range mk.cells {
				marked[slices.Index(c.Cells, cell)] = true
			}
			if i == 0 {
				c.first = marked
			}
			c.moves[c.Text(marked)] = mk.m
		}
	}
	return out
}

// splitMarks cuts the *CELL marks off the end of a move's text: the text
// before them and the cells, in written order (a "*" that is not
// followed by a cell's name, as in a seat's piece mark, stays).
func splitMarks(g *core.Game, text string) (string, []string) {
	var cells []string
	for {
		i := strings.LastIndex(text, "*")
		if i < 0 {
			break
		}
		if _, ok := g.Board().Index(text[i+1:]); !ok {
			break
		}
		cells = append(cells, text[i+1:])
		text = text[:i]
	}
	slices.Reverse(cells)
	return text, cells
}
