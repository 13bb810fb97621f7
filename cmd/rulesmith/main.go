// Command rulesmith validates, plays and analyses board-game variants
// written as TOML files.
//
//	rulesmith validate VARIANT
//	rulesmith moves VARIANT [--record FILE]
//	rulesmith replay VARIANT FILE [--json]
//	rulesmith perft VARIANT DEPTH [--record FILE]
//	rulesmith solve VARIANT [--set k=v ...] [--record FILE] [--json] [--max-memory MB]
//	rulesmith playout VARIANT -n N --seed S [--json]
//	rulesmith analyze VARIANT --record FILE [--json]
//	rulesmith play VARIANT [--seat SEAT=human|random|mcts:2s ...] [--record FILE] [--resume]
//	rulesmith edit FILE.toml
//	rulesmith compare-view A B [--record FILE]
//	rulesmith diff A B [--json]
//	rulesmith compare A B [C...] --games N --agent SPEC --seed S --out DIR [--jobs J] | --merge DIR...
//	rulesmith show NAME
//	rulesmith list
//
// VARIANT is an embedded variant's name (see `rulesmith list`) or a path to
// a .toml file. Every command accepts --set name=value to override a
// parameter.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func usage() string {
	return `usage:
  rulesmith validate VARIANT
  rulesmith moves VARIANT [--record FILE]
  rulesmith replay VARIANT FILE [--json]
  rulesmith perft VARIANT DEPTH [--record FILE]
  rulesmith solve VARIANT [--set k=v ...] [--record FILE] [--json] [--max-memory MB]
  rulesmith playout VARIANT -n N --seed S [--json]
  rulesmith analyze VARIANT --record FILE [--json]
  rulesmith play VARIANT [--seat SEAT=human|random|mcts:2s ...] [--record FILE] [--resume]
  rulesmith edit FILE.toml [--seat ...]
  rulesmith compare-view A B [--record FILE]
  rulesmith diff A B [--json]
  rulesmith compare A B [C...] --games N --agent SPEC --seed S --out DIR [--jobs J] | --merge DIR...
  rulesmith show NAME
  rulesmith list
VARIANT is an embedded name (rulesmith list) or a path to a .toml file.
Every command accepts --set name=value (repeatable) to override a parameter.
`
}
