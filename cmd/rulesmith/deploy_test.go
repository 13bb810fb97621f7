package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The batch manifests under deploy/ and docs/scale.md call rulesmith
// compare only with flags it has, and the Kubernetes Job runs as many
// completions as the N of its --shard K/N.
func TestDeployManifests(t *testing.T) {
	compare := lookup("compare")
	flags, _ := compare.flagNames()
	files := []string{"../../docs/scale.md"}
	err := filepath.WalkDir("../../deploy", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	flagRe := regexp.MustCompile(`--([a-z][a-z-]*)`)
	calls := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(string(data), "\\\n", " ") // shell continuation lines
		for _, line := range strings.Split(text, "\n") {
			i := strings.Index(line, "rulesmith compare")
			if j := strings.Index(line, `"compare", `); i < 0 && j >= 0 {
				i = j // a YAML args list
			}
			if i < 0 {
				continue
			}
			calls++
			for _, m := range flagRe.FindAllStringSubmatch(line[i:], -1) {
				if !slices.Contains(flags, m[1]) {
					t.Errorf("%s: rulesmith compare has no flag --%s: %s", f, m[1], strings.TrimSpace(line))
				}
			}
		}
		if strings.HasSuffix(f, "study-job.yaml") {
			c := regexp.MustCompile(`completions: (\d+)`).FindStringSubmatch(text)
			n := regexp.MustCompile(`"\$\(K\)/(\d+)"`).FindStringSubmatch(text)
			if c == nil || n == nil || c[1] != n[1] {
				t.Errorf("%s: completions %v and --shard $(K)/N %v differ", f, c, n)
			}
		}
	}
	if calls < 8 {
		t.Errorf("found only %d rulesmith compare calls in %d files", calls, len(files))
	}
}
