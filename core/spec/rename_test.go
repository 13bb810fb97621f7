package spec

import "testing"

// Rename moves a key and its origin to a sibling name; Delete removes a
// key and its origin.
func TestRenameAndDelete(t *testing.T) {
	d, err := LoadBytes("x.toml", []byte("[moves.a]\nold = 1\nkeep = 2\n[list]\nitems = [{old = 3}]\n"), Source{})
	if err != nil {
		t.Fatal(err)
	}
	before := d.Origin("moves.a.old")
	if !d.Rename("moves.a.old", "new") {
		t.Fatal("Rename returned false")
	}
	if _, ok := d.Get("moves.a.old"); ok {
		t.Error("old key still set")
	}
	if v, ok := d.Get("moves.a.new"); !ok || v != int64(1) {
		t.Errorf("new key: %v %v", v, ok)
	}
	if o := d.Origin("moves.a.new"); o.Pos != before.Pos || o.Pos.Line != 2 {
		t.Errorf("origin %+v, want %+v (line 2)", o, before)
	}
	if d.Rename("moves.a.missing", "x") || d.Rename("moves.a.new", "keep") {
		t.Error("Rename of a missing key, or onto a set one, returned true")
	}
	if d.Rename("list.items.0.old", "new") {
		t.Error("Rename inside an array returned true")
	}
	d.Delete("moves.a.keep")
	if _, ok := d.Get("moves.a.keep"); ok {
		t.Error("deleted key still set")
	}
	if o := d.Origin("moves.a.keep"); o.Pos.Line != 1 {
		t.Errorf("deleted key's origin %+v, want its table's (line 1)", o)
	}
}
