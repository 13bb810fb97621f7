package spec

import (
	"strings"
	"testing"
	"testing/fstest"
)

// A variant name that names nothing gets the embedded name it may have
// meant: a misspelling of a whole name, or a name without its family
// ("egyptian" for mancala/egyptian); a last part two families share, or
// nothing close, gets no suggestion.
func TestUnknownVariantSuggestion(t *testing.T) {
	fsys := fstest.MapFS{
		"mancala/egyptian.toml":     {Data: []byte("name = \"mancala/egyptian\"\n")},
		"traditional/cribbage.toml": {Data: []byte("name = \"traditional/cribbage\"\n")},
		"strix/standard.toml":       {Data: []byte("name = \"strix/standard\"\n")},
		"other/standard.toml":       {Data: []byte("name = \"other/standard\"\n")},
	}
	t.Chdir(t.TempDir()) // no disk file of these names
	for _, tc := range []struct{ name, want string }{
		{"mancala/egyption", `no variant or file named "mancala/egyption" (did you mean "mancala/egyptian"?)`},
		{"egyptian", `no variant or file named "egyptian" (did you mean "mancala/egyptian"?)`},
		{"cribage", `no variant or file named "cribage" (did you mean "traditional/cribbage"?)`},
		{"standard", `no variant or file named "standard"`},
		{"chess", `no variant or file named "chess"`},
	} {
		_, err := Load(tc.name, Source{FS: fsys})
		if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want it to end %q", tc.name, err, tc.want)
		}
	}
}
