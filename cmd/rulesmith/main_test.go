package main

import (
	"os"
	"testing"
)

// TestMain points the user cache at a temporary directory, so that the
// relation tables loading caches (core.DefaultTableCache) never land in
// the real one; subprocesses inherit it.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "rulesmith-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
