package diagram_test

import (
	"fmt"
	"strings"

	"rulesmith/core"
	"rulesmith/diagram"
	"rulesmith/variants"
)

// Example draws the start of Four Field Kono.
func Example() {
	g, err := core.Load("traditional/four-field-kono", core.WithFS(variants.FS()))
	if err != nil {
		panic(err)
	}
	var b strings.Builder
	if err := diagram.Render(&b, g, g.NewState(), diagram.Options{}); err != nil {
		panic(err)
	}
	fmt.Println(strings.Count(b.String(), `class="cell"`), "cells,", strings.Count(b.String(), `class="piece"`), "pieces")
	// Output: 16 cells, 16 pieces
}
