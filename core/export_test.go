package core

// SetPoints sets seat's points (State.Score) directly, for the external
// tests of the points limit (core.MaxPoints): reaching the limit in play
// takes thousands of moves.
func SetPoints(s *State, seat, v int) { s.buf[s.g.lay.scores+seat] = int32(v) }
