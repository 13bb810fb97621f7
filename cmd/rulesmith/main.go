// Command rulesmith validates, plays and analyses board-game variants
// written as TOML files.
//
//	rulesmith COMMAND [ARGUMENTS] [FLAGS]
//
// The commands, their arguments and flags are one table (table.go): run
// `rulesmith help` for the list and `rulesmith COMMAND --help` for one
// command's flags; README.md's command list is generated from the same
// table. VARIANT is an embedded variant's name (see `rulesmith list`) or a
// path to a .toml file.
package main

import (
	"os"

	// every command may load a variant with a [fouls] table
	_ "rulesmith/core/referee"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
