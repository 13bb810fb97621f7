package core

import (
	"testing"

	"rulesmith/variants"
)

// BenchmarkLoad loads and compiles each shipped variant cold, as a fresh
// process does (the in-process board cache is emptied every time). The
// cost of a whole fresh process, runtime start included, is
// cmd/rulesmith's BenchmarkValidateProcess.
func BenchmarkLoad(b *testing.B) {
	for _, name := range variants.Names() {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				boardCache.Lock()
				boardCache.m = nil
				boardCache.Unlock()
				if _, err := Load(name, WithFS(variants.FS())); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLoadCached is BenchmarkLoad with the relation table cache (a
// temporary directory, filled by a first load), as the CLI and the editor
// load: what is left is parsing, compiling and the tables not cached.
func BenchmarkLoadCached(b *testing.B) {
	dir := b.TempDir()
	for _, name := range variants.Names() {
		b.Run(name, func(b *testing.B) {
			if _, err := Load(name, WithFS(variants.FS()), WithTableCache(dir)); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				boardCache.Lock()
				boardCache.m = nil
				boardCache.Unlock()
				if _, err := Load(name, WithFS(variants.FS()), WithTableCache(dir)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
