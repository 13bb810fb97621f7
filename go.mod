module rulesmith

go 1.26.8

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/expr-lang/expr v1.17.8 // indirect
)
