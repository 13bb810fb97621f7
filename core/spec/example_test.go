package spec_test

import (
	"fmt"

	"rulesmith/core/spec"
	"rulesmith/variants"
)

// Load a house rule that extends a shipped variant and list what it
// changes.
func Example() {
	base, _ := spec.Load("mancala/egyptian", spec.Source{FS: variants.FS()})
	house, err := spec.Load("../../testdata/house-rules/kalah-4-3.toml", spec.Source{FS: variants.FS()})
	if err != nil {
		fmt.Println(err)
		return
	}
	o := house.Origin("params.pits")
	fmt.Printf("pits is set at line %d\n", o.Pos.Line)
	for _, c := range spec.Diff(base, house) {
		fmt.Println(c)
	}
	// Output:
	// pits is set at line 8
	// params.pits: 6 → 4
	// params.seeds: 4 → 3
}
