package spec

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"rulesmith/core/diag"
)

// An error near the end of a long expression is placed in time linear in
// the line's length (it was quadratic: 200,000 characters took 70 s).
func TestExprPosLongLine(t *testing.T) {
	const n = 1 << 19
	src := "a = \"" + strings.Repeat(`x\t`, n/4) + strings.Repeat("y", n/2) + "\"\n"
	doc, err := LoadBytes("long.toml", []byte(src), Source{})
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(doc)
	start := time.Now()
	// The last character of the decoded string: n/4 tabs and x's, n/2 y's.
	r.ExprErrorf("a", 1, n/2+n/2-1, "here")
	// A failure bound, wide for a loaded CI machine: linear takes ~40 ms
	// here; quadratic took 70 s for 200,000 characters, so minutes for these.
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("placing the error took %v", took)
	}
	d := r.Diags[0]
	// Column: 5 for `a = "`, then 2 per x and 3 per \t escape... each
	// "x\t" is 3 columns of source for 2 characters.
	if want := 6 + 3*(n/4) + n/2 - 1; d.Line != 1 || d.Col != want {
		t.Errorf("at %d:%d, want 1:%d", d.Line, d.Col, want)
	}
}

func TestCheckNesting(t *testing.T) {
	deep := strings.Repeat("[", MaxNesting+1) + strings.Repeat("]", MaxNesting+1)
	ok := strings.Repeat("[", MaxNesting) + strings.Repeat("]", MaxNesting)
	for _, c := range []struct {
		name, text string
		line, col  int
	}{
		{"arrays at the limit", "a = " + ok, 0, 0},
		{"arrays past the limit", "a = " + deep, 1, 5 + MaxNesting},
		{"inline tables", "\n\nb = " + strings.Repeat("{a = ", 40), 3, 5 + 5*MaxNesting},
		{"brackets in strings", `s = "` + deep + `"` + "\nt = '" + deep + "'", 0, 0},
		{"brackets in multi-line strings", `s = """` + "\n" + deep + `\"""` + "\n" + `"""` + "\nt = '''" + deep + "'''", 0, 0},
		{"brackets in comments", "# " + deep + "\na = 1", 0, 0},
		{"escaped quote", `s = "\"` + deep + `"`, 0, 0},
		{"after a string", `s = "é" ` + deep, 1, 9 + MaxNesting},
		{"dotted key", strings.Repeat("a.", MaxNesting) + "b = 1", 1, 2 * MaxNesting},
		{"dotted header", "[" + strings.Repeat("a.", MaxNesting) + "b]", 1, 1 + 2*MaxNesting},
		{"short keys and floats", "[a.b.c]\nx.y = 1.5\nz = [1.5, 2.5, {q.r = 3.25}]", 0, 0},
		{"dots in strings", `s = "` + strings.Repeat(".", 100) + `"`, 0, 0},
	} {
		line, col, _, fits := checkNesting(c.text)
		if fits != (c.line == 0) || line != c.line || col != c.col {
			t.Errorf("%s: got %d:%d %v, want %d:%d", c.name, line, col, fits, c.line, c.col)
		}
	}
}

// extends is confined to embedded variants and files under the root
// variant's directory; a file outside it, read only when allowed, is never
// quoted in a diagnostic.
func TestExtendsConfined(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "creds.toml")
	os.WriteFile(secret, []byte("password = \"hunter2\"\nbroken line here\n"), 0o600)
	sub := filepath.Join(dir, "variants")
	os.Mkdir(sub, 0o755)
	os.WriteFile(filepath.Join(sub, "base.toml"), []byte("name = \"base\"\n"), 0o644)
	os.WriteFile(filepath.Join(sub, "ok.toml"), []byte("extends = \"base.toml\"\n"), 0o644)
	os.WriteFile(filepath.Join(sub, "bad.toml"), []byte("extends = \"../creds.toml\"\n"), 0o644)
	if _, err := Load(filepath.Join(sub, "ok.toml"), Source{}); err != nil {
		t.Errorf("a file in the same directory: %v", err)
	}
	_, err := Load(filepath.Join(sub, "bad.toml"), Source{})
	if err == nil || !strings.Contains(err.Error(), "outside the variant's directory") {
		t.Errorf("got %v, want a refusal", err)
	}
	_, err = Load(filepath.Join(sub, "bad.toml"), Source{AnyPath: true})
	if err == nil {
		t.Fatal("the broken file must not load")
	}
	if strings.Contains(err.Error(), "hunter2") || strings.Contains(err.Error(), "broken") {
		t.Errorf("the diagnostic quotes the other file: %v", err)
	}
	// What the editor shows in its caret line.
	var list diag.List
	if !errors.As(err, &list) {
		t.Fatalf("%T is not a diag.List", err)
	}
	for _, d := range list {
		if strings.Contains(d.Caret(), "hunter2") || strings.Contains(d.Caret(), "broken") {
			t.Errorf("caret line leaks: %q", d.Caret())
		}
	}
}

// A file on disk whose relative path begins with "variants/" (read from the
// parent of a directory named variants) is not an embedded variant: its
// extends are resolved from its own directory, and confinement still holds.
// Before, the name alone made it embedded and "base.toml" was not found.
func TestDiskFileUnderVariantsDir(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "variants")
	os.Mkdir(sub, 0o755)
	os.WriteFile(filepath.Join(dir, "creds.toml"), []byte("name = \"c\"\n"), 0o600)
	os.WriteFile(filepath.Join(sub, "base.toml"), []byte("name = \"base\"\ntitle = \"from disk\"\n"), 0o644)
	ok := []byte("extends = \"base.toml\"\n")
	os.WriteFile(filepath.Join(sub, "ok.toml"), ok, 0o644)
	os.WriteFile(filepath.Join(sub, "bad.toml"), []byte("extends = \"../creds.toml\"\n"), 0o644)
	t.Chdir(dir)
	// An embedded tree holding a variant of the same name must not be read.
	src := Source{FS: fstest.MapFS{"base.toml": {Data: []byte("name = \"embedded\"\n")}}}
	for _, load := range []struct {
		how string
		fn  func() (*Doc, error)
	}{
		{"Load", func() (*Doc, error) { return Load("variants/ok.toml", src) }},
		{"LoadBytes", func() (*Doc, error) { return LoadBytes("variants/ok.toml", ok, src) }},
	} {
		doc, err := load.fn()
		if err != nil {
			t.Errorf("%s: %v", load.how, err)
			continue
		}
		if got := doc.Root["title"]; got != "from disk" {
			t.Errorf("%s: title %v, want the disk base's", load.how, got)
		}
	}
	_, err := Load("variants/bad.toml", src)
	if err == nil || !strings.Contains(err.Error(), "outside the variant's directory") {
		t.Errorf("got %v, want a refusal", err)
	}
}
