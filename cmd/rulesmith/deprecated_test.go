package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// deprecatedDir holds variants written with deprecated spellings, each
// NAME.toml with NAME.golden: the warnings `rulesmith validate` prints on
// stderr (file names relative to the directory). They load: exit 0, "ok"
// on stdout.
const deprecatedDir = "../../testdata/deprecated"

var warningLine = regexp.MustCompile(`^[a-z0-9/_-]+\.toml:[1-9][0-9]*:[1-9][0-9]*: warning: \S.* is deprecated.*; write \S+ \(same meaning.*\)$`)

func TestDeprecatedSpellings(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(deprecatedDir, "*.toml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no variants (%v)", deprecatedDir, err)
	}
	prefix := filepath.Clean(deprecatedDir) + string(filepath.Separator)
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".toml")
		t.Run(name, func(t *testing.T) {
			r := rulesmith(t, "validate", path)
			if r.code != 0 || !strings.HasPrefix(r.stdout, "ok: deprecated/"+name+" ") {
				t.Errorf("validate: exit %d, stdout %q, stderr %q; want exit 0 and ok", r.code, r.stdout, r.stderr)
			}
			got := strings.ReplaceAll(r.stderr, prefix, "")
			if len(lines(got)) == 0 {
				t.Errorf("validate printed no warning")
			}
			for _, line := range lines(got) {
				if !warningLine.MatchString(line) {
					t.Errorf("not a file:line:col deprecation warning: %q", line)
				}
			}
			golden := strings.TrimSuffix(path, ".toml") + ".golden"
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
}

// Every command that loads a variant prints its warnings, compare (whose
// study loads the variants itself) included; the command still succeeds.
func TestDeprecatedWarnedByCommands(t *testing.T) {
	path := filepath.Join(deprecatedDir, "defenders.toml")
	want, err := os.ReadFile(filepath.Join(deprecatedDir, "defenders.golden"))
	if err != nil {
		t.Fatal(err)
	}
	prefix := filepath.Clean(deprecatedDir) + string(filepath.Separator)
	for _, args := range [][]string{
		{"moves", path},
		{"perft", path, "1"},
		{"compare", path, "--games", "1", "--out", t.TempDir()},
	} {
		r := rulesmith(t, args...)
		if got := strings.ReplaceAll(r.stderr, prefix, ""); r.code != 0 || got != string(want) {
			t.Errorf("%q: exit %d, stderr:\n%s\nwant exit 0 and:\n%s", args, r.code, got, want)
		}
	}
}
