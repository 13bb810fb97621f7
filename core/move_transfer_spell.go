// This file holds the other spellings a transfer accepts: its pieces
// named in any order.

package core

import "strings"

// accepts reads a transfer's pieces in any order ("KS+8H" is the move the
// rule writes 8H+KS: a player names his cards as he holds them; the
// record keeps the rule's order).
func (r *transferRule) accepts(s *State, m Move, text string) bool {
	if !strings.HasPrefix(strings.ToLower(text), strings.ToLower(r.prefix)) {
		return false
	}
	names := strings.Split(text[len(r.prefix):], "+")
	ks, n := transferKinds(m.Aux())
	if len(names) != n {
		return false
	}
	var used [maxTransfer]bool
	for _, name := range names {
		k := s.g.kindWritten(s, name, r.glyph)
		found := false
		for i := 0; i < n && !found; i++ {
			if !used[i] && ks[i] == k {
				used[i], found = true, true
			}
		}
		if !found {
			return false
		}
	}
	return true
}
