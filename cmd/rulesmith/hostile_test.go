package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hostileDir holds files crafted to make the loader hang, crash or exhaust
// memory, each NAME.toml with NAME.golden: what rulesmith prints for it (the
// directory prefix removed from file names). A first line "# run: ARGS"
// gives the command, FILE standing for the file; by default "validate FILE".
const hostileDir = "../../testdata/hostile"

// The limits every hostile input must be handled within. The address-space
// limit catches what the soft memory limit cannot (memory the garbage
// collector cannot free); both are far above what loading any shipped
// variant takes. The time budget is CPU time (the child runs under
// RLIMIT_CPU and its user+system time is checked), so a loaded machine
// does not turn a slow-but-bounded input into a failure; hostileWall is
// only the guard against a child that hangs without using CPU.
const (
	hostileMemLimit  = 256 << 20
	hostileAddrSpace = 2 << 30
	hostileTimeout   = 60 * time.Second
	hostileWall      = 5 * time.Minute
)

// hostileChildEnv carries, to a re-executed test binary, the JSON-encoded
// arguments of the one command it runs under the limits.
const hostileChildEnv = "RULESMITH_HOSTILE_ARGS"

// TestHostileChild is not a test of its own: it is the subprocess that
// TestHostile starts, which runs one command under a memory limit and exits
// with its status.
func TestHostileChild(t *testing.T) {
	enc := os.Getenv(hostileChildEnv)
	if enc == "" {
		t.Skip("run by TestHostile")
	}
	var args []string
	if err := json.Unmarshal([]byte(enc), &args); err != nil {
		t.Fatal(err)
	}
	debug.SetMemoryLimit(hostileMemLimit)
	lim := syscall.Rlimit{Cur: hostileAddrSpace, Max: hostileAddrSpace}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		t.Fatal(err)
	}
	cpu := uint64(hostileTimeout / time.Second)
	if err := syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: cpu, Max: cpu + 5}); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	os.Stdout.Write(stdout.Bytes())
	os.Stderr.Write(stderr.Bytes())
	os.Exit(code)
}

// runLimited runs the CLI with args in a subprocess under the limits and
// returns its exit status, output and CPU time.
func runLimited(t *testing.T, args ...string) (int, string, string, time.Duration) {
	t.Helper()
	enc, _ := json.Marshal(args)
	ctx, cancel := context.WithTimeout(context.Background(), hostileWall)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHostileChild$")
	cmd.Env = append(os.Environ(), hostileChildEnv+"="+string(enc))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%v: still running after %v of wall time", args, hostileWall)
	}
	took := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if took > hostileTimeout {
		t.Fatalf("%v: used %v of CPU, over the %v budget", args, took, hostileTimeout)
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stdout.String(), stderr.String(), took
}

// hostileArgs reads the command a hostile file asks for, from a leading
// comment line "# run: ARGS" (FILE stands for the file, DIR for its
// directory), and the exit status it must end with ("# exit: N", 1 by
// default).
func hostileArgs(t *testing.T, path string) ([]string, int) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	words, code := []string{"validate", "FILE"}, 1
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "#") {
			break
		}
		if rest, ok := strings.CutPrefix(line, "# run: "); ok {
			words = strings.Fields(rest)
		}
		if rest, ok := strings.CutPrefix(line, "# exit: "); ok {
			fmt.Sscan(rest, &code)
		}
	}
	for i, w := range words {
		w = strings.ReplaceAll(w, "FILE", path)
		words[i] = strings.ReplaceAll(w, "DIR", filepath.Dir(path))
	}
	return words, code
}

// hostileLine is the shape of an error line: a variant (or record) file,
// then line:col (a record: its line), then the message.
var hostileLine = regexp.MustCompile(`^(variants/)?[a-z0-9/_-]+\.(toml|txt)(:[1-9][0-9]*){0,2}: \S`)

func TestHostile(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(hostileDir, "*.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no hostile files")
	}
	prefix := filepath.Clean(hostileDir) + string(filepath.Separator)
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".toml")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			args, want := hostileArgs(t, path)
			code, stdout, stderr, took := runLimited(t, args...)
			got := strings.ReplaceAll(stdout+stderr, prefix, "")
			checkHostileGolden(t, strings.TrimSuffix(path, ".toml")+".golden", got)
			if code != want {
				t.Fatalf("exit status %d, want %d (took %v)\n%s", code, want, took, got)
			}
			if want == 0 {
				return
			}
			for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
				if !hostileLine.MatchString(line) {
					t.Errorf("not a file:line:col diagnostic: %q", line)
				}
			}
		})
	}
}

// checkHostileGolden compares got with the golden file, or rewrites it with -update.
func checkHostileGolden(t *testing.T, golden, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s\ngot:\n%swant:\n%s", golden, got, want)
	}
}

// Files that cannot live in the repository: a named pipe (opening it for
// reading would block forever) and a symbolic link to a device.
func TestHostileSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.toml")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, target, kind, plain string }{
		// A pipe in the variant's directory may be named, and is refused
		// for what it is.
		{"fifo", "pipe.toml", "(a named pipe)", "not a regular file (a named pipe)"},
		// A link in the directory to a device outside it is outside.
		{"symlink-to-device", "zero.toml", "(a device)", "is outside the variant's directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := filepath.Join(dir, c.name+".toml")
			if err := os.WriteFile(f, []byte(fmt.Sprintf("extends = %q\n", c.target)), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, run := range []struct {
				args []string
				want string
			}{
				{[]string{"validate", f}, c.plain},
				{[]string{"validate", "--extends-anywhere", f}, "not a regular file " + c.kind},
				{[]string{"validate", filepath.Join(dir, c.target)}, "not a regular file " + c.kind},
			} {
				code, _, stderr, _ := runLimited(t, run.args...)
				if code != 1 || !strings.Contains(stderr, run.want) {
					t.Errorf("%v: status %d, output %q; want 1 and %q", run.args, code, stderr, run.want)
				}
			}
		})
	}
}
