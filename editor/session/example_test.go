package session_test

import (
	"fmt"

	"rulesmith/core"
	"rulesmith/editor/session"
	"rulesmith/variants"
)

// Play, refuse an illegal move with the engine's reason, undo.
func Example() {
	g, _ := core.Load("dvonn", core.WithFS(variants.FS()))
	s := session.New(g, "dvonn")
	fmt.Println(s.PlayText("c3"), s.PlayText("d3"))
	fmt.Println(s.PlayText("c3"))
	s.Undo()
	fmt.Println(s.Lines())
	// Output:
	// <nil> <nil>
	// c3 is occupied: a piece may only be put on a vacant space (rule place, D 1-2)
	// [c3]
}
