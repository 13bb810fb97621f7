// Package fuzz holds the fuzz targets of the loader and the record reader,
// apart from the core tests so that CI builds them quickly with the fuzzing
// instrumentation: FuzzLoad (whole variant files), FuzzExpr (one expression
// at every place that takes one) and FuzzRecord (game records replayed).
//
//	go test -run '^$' -fuzz '^FuzzLoad$' -fuzztime 4000x ./core/fuzz
//
// CI (.ci/run) gives each target a count of inputs, not a duration: Go
// 1.26's fuzz coordinator can report its own -fuzztime deadline as a
// failure on a loaded machine (golang/go#75804).
package fuzz
