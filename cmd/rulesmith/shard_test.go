package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// shardChildEnv carries, JSON-encoded, the arguments of a CLI run in a
// child process (TestShardChild).
const shardChildEnv = "RULESMITH_SHARD_CHILD"

// TestShardChild is the CLI in a child process for TestShardProcesses.
func TestShardChild(t *testing.T) {
	enc := os.Getenv(shardChildEnv)
	if enc == "" {
		t.Skip("runs only as a child of TestShardProcesses")
	}
	var args []string
	if err := json.Unmarshal([]byte(enc), &args); err != nil {
		t.Fatal(err)
	}
	os.Exit(run(args, os.Stdout, os.Stderr))
}

// A study split with --shard K/N into N separate processes, run at once,
// merges into exactly the files of the study run whole; the merge refuses
// the set with a slice left out.
func TestShardProcesses(t *testing.T) {
	const parts = 3
	study := []string{"compare", "mancala/egyptian", "dvonn", "--games", "7", "--seed", "11", "--jobs", "1"}
	whole := t.TempDir()
	if r := rulesmith(t, append(study, "--out", whole)...); r.code != 0 {
		t.Fatalf("the whole study: %s", r.stderr)
	}
	var cmds []*exec.Cmd
	var outs []*bytes.Buffer
	var dirs []string
	for k := 0; k < parts; k++ {
		dir := filepath.Join(t.TempDir(), fmt.Sprintf("shard-%d", k))
		dirs = append(dirs, dir)
		enc, _ := json.Marshal(append(study, "--shard", fmt.Sprintf("%d/%d", k, parts), "--out", dir))
		cmd := exec.Command(os.Args[0], "-test.run=^TestShardChild$")
		cmd.Env = append(os.Environ(), shardChildEnv+"="+string(enc))
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, &out)
	}
	for k, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("shard %d/%d: %v\n%s", k, parts, err, outs[k])
		}
	}
	merged := t.TempDir()
	if r := rulesmith(t, append([]string{"compare", "--merge", "--out", merged}, dirs...)...); r.code != 0 {
		t.Fatalf("merge: %s", r.stderr)
	}
	entries, err := os.ReadDir(whole)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) < 8 {
		t.Fatalf("the whole study wrote only %d files", len(entries))
	}
	for _, e := range entries {
		a, err1 := os.ReadFile(filepath.Join(whole, e.Name()))
		b, err2 := os.ReadFile(filepath.Join(merged, e.Name()))
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", e.Name(), err1, err2)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between the whole study and the merge of %d shards", e.Name(), parts)
		}
	}
	r := rulesmith(t, "compare", "--merge", "--out", t.TempDir(), dirs[0], dirs[2])
	if r.code == 0 || !strings.Contains(r.stderr, "missing 1/3") {
		t.Errorf("merging shards 0 and 2 of 3: exit %d, %s", r.code, r.stderr)
	}
	if r := rulesmith(t, append(study, "--shard", "3/3", "--out", t.TempDir())...); r.code != 2 || !strings.Contains(r.stderr, "0 ≤ K < N") {
		t.Errorf("--shard 3/3: exit %d, %s", r.code, r.stderr)
	}
}
