package core

import "github.com/expr-lang/expr/ast"

// An integer or boolean parameter named in an expression is a constant of
// the loaded game (params are fixed at load, --set included), so the native
// subset of expr_native.go takes it as a literal: `formed(row)` or
// `overlines ? formed(five) : formed_exactly(five)` run without the VM as
// `formed(4)` does.

// envOwnNames are the names a condition's environment binds over the
// parameters (stateEnv's variables and a move's cell, height and kind).
var envOwnNames = map[string]bool{
	"seat": true, "ply": true, "over": true, "ended_by": true, "end_seat": true, "eliminated": true,
	"from": true, "to": true, "height": true, "kind": true,
}

// paramInt returns the value of the integer parameter name, when the
// expression environments see that parameter under the name (no variable
// or position function of theirs hides it).
func (c *compiler) paramInt(name string) (int, bool) {
	v, ok := c.params[name].(int)
	if !ok || envOwnNames[name] {
		return 0, false
	}
	ev, ok := c.g.stateEnv(nil, 0)[name].(int)
	return v, ok && ev == v
}

// paramBool is paramInt for a boolean parameter.
func (c *compiler) paramBool(name string) (bool, bool) {
	v, ok := c.params[name].(bool)
	if !ok || envOwnNames[name] {
		return false, false
	}
	ev, ok := c.g.stateEnv(nil, 0)[name].(bool)
	return v, ok && ev == v
}

// ownerCall compiles owner(cell) for native scoring (fastexpr.go) when the
// cell is a literal name or last_to(): the seat owning the cell's top
// piece, "none" for a neutral piece, "" when empty, as the expression
// function says. nil otherwise.
func (g *Game) ownerCall(args []ast.Node) func(*State) string {
	if len(args) != 1 {
		return nil
	}
	var cell func(*State) int
	switch a := args[0].(type) {
	case *ast.StringNode:
		c, ok := g.board.Index(a.Value)
		if !ok {
			return nil
		}
		cell = func(*State) int { return c }
	case *ast.CallNode:
		id, ok := a.Callee.(*ast.IdentifierNode)
		if !ok || id.Value != "last_to" || len(a.Arguments) != 0 {
			return nil
		}
		cell = (*State).LastTarget
	default:
		return nil
	}
	return func(s *State) string {
		c := cell(s)
		if c < 0 {
			return ""
		}
		p := s.Top(c)
		if p < 0 {
			return ""
		}
		if o := int(g.pieceOwner[p]); o >= 0 && o < len(g.seats) {
			return g.seats[o]
		}
		return "none"
	}
}

// clearTable tables clear_path on a board of at most 64 cells: for cells
// a and b, kind[a*n+b] is 0 when b lies on no ray from a, 1 when on one
// (mask: the cells before it there, which must be empty), 2 when on
// several (then the rays are walked).
type clearTable struct {
	n    int
	mask []uint64
	kind []uint8
}

// clearPathTable builds the clear_path table, or returns nil for a board
// of more than 64 cells.
func (g *Game) clearPathTable() *clearTable {
	b := g.board
	n := b.N()
	if n > 64 {
		return nil
	}
	t := &clearTable{n: n, mask: make([]uint64, n*n), kind: make([]uint8, n*n)}
	for a := 0; a < n; a++ {
		for d := range b.Dirs {
			var before uint64
			for _, x := range b.Ray(a, d) {
				k := a*n + int(x)
				if before&(1<<uint(x)) == 0 { // the first time the ray meets x
					if t.kind[k] == 0 {
						t.kind[k], t.mask[k] = 1, before
					} else {
						t.kind[k] = 2
					}
				}
				before |= 1 << uint(x)
			}
		}
	}
	return t
}

// clear is State.clearPath read from the table.
func (t *clearTable) clear(s *State, a, b int) bool {
	k := a*t.n + b
	switch t.kind[k] {
	case 0:
		return false
	case 1:
		return t.mask[k]&s.occMask() == 0
	}
	return s.clearPath(a, b)
}
