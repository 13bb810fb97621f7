// Package fuzz holds the fuzz targets of the loader and the record reader,
// apart from the core tests so that CI builds them quickly with the fuzzing
// instrumentation: FuzzLoad (whole variant files), FuzzExpr (one expression
// at every place that takes one) and FuzzRecord (game records replayed).
//
//	go test -run '^$' -fuzz '^FuzzLoad$' -fuzztime 5s ./core/fuzz
package fuzz
