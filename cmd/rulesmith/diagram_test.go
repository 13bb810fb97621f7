package main

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
)

func TestDiagramCommand(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string // in stdout (code 0) or stderr
	}{
		{"start", []string{"diagram", "traditional/four-field-kono"}, 0, `id="cell-d4"`},
		{"record", []string{"diagram", "mancala/egyptian", "--record", "../../testdata/records/mancala-egyptian-opening.txt", "--ply", "1"}, 0, `class="count"`},
		{"marks and arrows", []string{"diagram", "dvonn", "--mark", "a1,b2", "--arrows", "a1-c3"}, 0, `class="arrow"`},
		{"unknown cell", []string{"diagram", "dvonn", "--mark", "z9"}, 1, `--mark: no cell "z9"`},
		{"bad arrow", []string{"diagram", "dvonn", "--arrows", "a1"}, 2, `is not FROM-TO`},
		{"ply past the end", []string{"diagram", "dvonn", "--ply", "3"}, 2, `the record has 0 moves`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tc.args, &stdout, &stderr)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.code, stderr.String())
			}
			out := stderr.String()
			if code == 0 {
				out = stdout.String()
				var v struct{}
				if err := xml.Unmarshal(stdout.Bytes(), &v); err != nil {
					t.Errorf("not well-formed XML: %v", err)
				}
			}
			if !strings.Contains(out, tc.want) {
				t.Errorf("output lacks %q:\n%.400s", tc.want, out)
			}
		})
	}
}
