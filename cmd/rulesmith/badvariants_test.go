package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/bad-variants")

// badDir holds broken variants, each NAME.toml with NAME.golden: the lines
// `rulesmith validate` must print for it, with the directory prefix removed
// from file names (so "NAME.toml:6:8: message").
const badDir = "../../testdata/bad-variants"

// badPrefix is what file names in the diagnostics start with.
var badPrefix = filepath.Clean(badDir) + string(filepath.Separator)

// diagLine is the shape of one golden line: a file of badDir or an embedded
// variant, then line:col (or nothing, for a problem of the whole file).
var diagLine = regexp.MustCompile(`^(variants/)?[a-z0-9/_-]+\.toml(:[1-9][0-9]*:[1-9][0-9]*)?: \S`)

func badFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(badDir, "*.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 24 {
		t.Fatalf("%s: %d files, want at least 24", badDir, len(files))
	}
	return files
}

func TestBadVariants(t *testing.T) {
	files := badFiles(t)
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".toml")
		golden := strings.TrimSuffix(path, ".toml") + ".golden"
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			// --strict: the warning variants fail as the broken ones do
			code := run([]string{"validate", "--strict", path}, &stdout, &stderr)
			if code != 1 {
				t.Errorf("validate exited with %d, want 1", code)
			}
			if stdout.Len() != 0 {
				t.Errorf("validate printed on stdout:\n%s", stdout.String())
			}
			got := strings.ReplaceAll(stderr.String(), badPrefix, "")
			for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
				if !diagLine.MatchString(line) {
					t.Errorf("not a file:line:col diagnostic: %q", line)
				}
			}
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("validate %s:\ngot:\n%s\nwant:\n%s", path, got, want)
			}
		})
	}
	// Every golden file has its variant.
	goldens, _ := filepath.Glob(filepath.Join(badDir, "*.golden"))
	for _, g := range goldens {
		if _, err := os.Stat(strings.TrimSuffix(g, ".golden") + ".toml"); err != nil {
			t.Errorf("%s has no .toml file", g)
		}
	}
}

// TestBadVariantsTruncated loads every prefix of every broken variant cut
// at a multiple of 7 bytes: whatever the result, loading must return.
func TestBadVariantsTruncated(t *testing.T) {
	for _, path := range badFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= len(data); n += 7 {
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("%s cut at byte %d: panic: %v\n%s", path, n, p, debug.Stack())
					}
				}()
				_, _ = core.LoadBytes(path, data[:n:n], core.WithFS(variants.FS()))
			}()
		}
	}
}
