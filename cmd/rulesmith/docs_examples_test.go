package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docsExample is one command shown in a doc's code block as "$ go run
// ./cmd/rulesmith ARGS" (or "$ rulesmith ARGS"), with the output the doc
// shows under it.
type docsExample struct {
	doc, line string
	args      []string
	want      string
}

// docsExamples reads the commands of a Markdown file's code blocks; the
// files a block shows with "$ cat NAME" go into files.
func docsExamples(t *testing.T, doc string, files map[string]string) []docsExample {
	t.Helper()
	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	var out []docsExample
	inBlock := false
	cat := "" // the file a "$ cat" shows, while its lines come
	var cur *docsExample
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
		cat = ""
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "```") {
			flush()
			inBlock = !inBlock
			continue
		}
		if !inBlock {
			continue
		}
		if cmd, ok := strings.CutPrefix(l, "$ "); ok {
			flush()
			if name, ok := strings.CutPrefix(cmd, "cat "); ok {
				cat = name
				files[cat] = ""
				continue
			}
			rest, ok := strings.CutPrefix(cmd, "go run ./cmd/rulesmith ")
			if !ok {
				rest, ok = strings.CutPrefix(cmd, "rulesmith ")
			}
			if !ok {
				t.Fatalf("%s:%d: a command that is not rulesmith's: %s", doc, i+1, cmd)
			}
			cur = &docsExample{doc: doc, line: cmd, args: strings.Fields(rest)}
			continue
		}
		switch {
		case cat != "":
			files[cat] += l + "\n"
		case cur != nil:
			cur.want += l + "\n"
		}
	}
	return out
}

// rightTrim drops the spaces at the ends of lines (boards are drawn in
// padded columns; the docs' copies are trimmed).
func rightTrim(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// The commands README.md and docs/variant-format.md show print what the
// docs say they print (run from the repository's root, the files a block
// shows with cat beside them). Exceptions, each named: the speed a playout
// measures and the seconds a solve took are masked; the real-board Kalah
// solve (minutes of CPU) is not run.
func TestDocsExamples(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"testdata", "docs"} {
		if err := os.Symlink(filepath.Join(root, name), filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{}
	var examples []docsExample
	for _, doc := range []string{"README.md", "docs/variant-format.md"} {
		examples = append(examples, docsExamples(t, filepath.Join(root, doc), files)...)
	}
	if len(examples) < 20 {
		t.Fatalf("%d examples found, want the README's and the format's (at least 20)", len(examples))
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	speed := regexp.MustCompile(`(?m)^(playouts/second|seconds): [\d.]+$`)
	study := t.TempDir()
	for _, ex := range examples {
		t.Run(ex.line, func(t *testing.T) {
			if ex.line == "go run ./cmd/rulesmith solve mancala/egyptian" {
				t.Skip("minutes of CPU")
			}
			args := make([]string, len(ex.args))
			for i, a := range ex.args {
				args[i] = strings.Replace(a, "/tmp/study", study, 1)
			}
			want := strings.ReplaceAll(ex.want, "/tmp/study", study)
			var stdout, stderr bytes.Buffer
			code := run(args, &stdout, &stderr)
			got := stdout.String()
			if code != 0 {
				got = stderr.String()
			}
			got, want = rightTrim(got), rightTrim(want)
			got = speed.ReplaceAllString(got, "$1: N")
			want = speed.ReplaceAllString(want, "$1: N")
			if got != want {
				t.Errorf("%s: %s (exit %d) prints\n%s\nthe doc shows\n%s", filepath.Base(ex.doc), ex.line, code, got, want)
			}
		})
	}
}
