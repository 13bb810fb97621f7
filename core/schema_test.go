package core_test

import (
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// Each kind of a table takes only its own keys: a key another kind takes
// is refused at its line and column, naming the keys this kind takes.
func TestKeysPerKind(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"hex board with grid and pits keys", `extends = "dvonn"
name = "t"
[board]
width = 3
stores = false
`, []string{
			`t.toml:4:1: unknown key "width" in [board]: kind = "hex" takes attrs, holes, kind, regions, relations, rows, seat_regions`,
			`t.toml:5:1: unknown key "stores" in [board]: kind = "hex" takes attrs, holes, kind, regions, relations, rows, seat_regions`,
		}},
		{"a slide does not take over", `extends = "dvonn"
name = "t"
[moves.move]
over = "own"
`, []string{`t.toml:4:1: unknown key "over" in [moves.move]: type = "slide" takes after, capture, capture_count,`}},
		{"a jump does not take capture_relation", `extends = "traditional/four-field-kono"
name = "t"
[moves.capture]
capture_relation = "x"
`, []string{`t.toml:4:1: unknown key "capture_relation" in [moves.capture]: type = "jump" takes after, capture, carry,`}},
		{"an expr end does not take winner", `extends = "traditional/four-field-kono"
name = "t"
[end.one_left]
winner = "score"
`, []string{`t.toml:4:1: unknown key "winner" in [end.one_left]: type = "expr" takes cite, type, when`}},
		{"a key no kind takes keeps its did-you-mean", `extends = "dvonn"
name = "t"
[board]
rowz = [1]
`, []string{`t.toml:4:1: unknown key "rowz" in [board] (did you mean "rows"?)`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := core.LoadBytes("t.toml", []byte(tc.src), core.WithFS(variants.FS()))
			if err == nil {
				t.Fatal("want an error")
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != len(tc.want) {
				t.Fatalf("got %d problems, want %d:\n%v", len(lines), len(tc.want), err)
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(lines[i], w) {
					t.Errorf("problem %d:\n got %s\nwant %s…", i, lines[i], w)
				}
			}
		})
	}
}
