package diag

import "testing"

func TestClosest(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"titel", "title"},
		{"skip_orign", "skip_origin"},
		{"zzzzzz", ""},
		{"x", ""},
	} {
		if got := Closest(tc.name, []string{"title", "skip_origin", "moves"}); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestRenderAndSort(t *testing.T) {
	l := List{
		{File: "b.toml", Line: 2, Col: 1, Msg: "second"},
		{File: "a.toml", Line: 9, Col: 3, Msg: "first", Source: "kind = \"pitz\""},
		{File: "a.toml", Line: 9, Col: 3, Msg: "first", Source: "kind = \"pitz\""},
		{File: "a.toml", Msg: "whole file"},
	}
	want := "a.toml: whole file\na.toml:9:3: first\nb.toml:2:1: second"
	if got := l.Error(); got != want {
		t.Fatalf("List.Error() =\n%s\nwant\n%s", got, want)
	}
	if got := l[1].Caret(); got != "a.toml:9:3: first\n    kind = \"pitz\"\n      ^" {
		t.Fatalf("Caret() =\n%s", got)
	}
	if (List{}).Err() != nil {
		t.Fatal("an empty list is no error")
	}
}
