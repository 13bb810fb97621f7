package core

import (
	"strings"
	"testing"

	"rulesmith/variants"
)

func TestKeyDoc(t *testing.T) {
	g, err := Load("mancala/egyptian", WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{"moves.sow.capture_min", sowCaptureMinDocForTest()},
		{"turns.stuck", "when the seat to move has no move"},
		{"end.side_empty.region", ""},
		{"params.pits", "a parameter"},
		{"moves.sow.no_such_key", ""},
	} {
		got := g.KeyDoc(tc.path)
		if tc.want == "" {
			continue
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("KeyDoc(%s) = %q, want it to contain %q", tc.path, got, tc.want)
		}
	}
	if g.KeyDoc("moves.sow.no_such_key") != "" {
		t.Error("an unknown key has a doc")
	}
	if d := TypeDoc("moves", "sow"); d == "" || d != sowMove.doc {
		t.Errorf("TypeDoc(moves, sow) = %q", d)
	}
	if TypeDoc("moves", "fly") != "" {
		t.Error("an unknown type has a doc")
	}
	if keys := g.Keys("moves.sow"); len(keys) == 0 || keys[0] != "type" {
		t.Errorf("Keys(moves.sow) = %v, want the written order, type first", keys)
	}
}

func sowCaptureMinDocForTest() string {
	for _, k := range sowMove.keys {
		if k.Name == "capture_min" {
			return k.Doc
		}
	}
	return "capture_min is not a key of sow"
}
