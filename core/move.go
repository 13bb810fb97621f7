package core

import (
	"math/bits"
	"slices"
)

// Move is a move packed into one word: the rule that makes it, its origin
// and target cells and a rule-specific detail (a sowing direction, a piece
// kind, a choice of victims). Moves are small comparable values; print and
// parse them with Game.Format and Game.Parse.
type Move uint64

const (
	passRule = 255
	noCell   = 1<<13 - 1
)

// Pass is the move of a seat that may not move and must pass.
const Pass Move = passRule | noCell<<8 | noCell<<21

func mkMove(rule, from, to, aux int) Move {
	if from < 0 {
		from = noCell
	}
	if to < 0 {
		to = noCell
	}
	return Move(uint64(rule) | uint64(from)<<8 | uint64(to)<<21 | uint64(aux)<<34)
}

// Rule returns the index of the rule that makes the move (see Game.Rules),
// or -1 for a pass or a chance outcome.
func (m Move) Rule() int {
	r := int(m & 0xff)
	if r == passRule || r == chanceRule {
		return -1
	}
	return r
}

// From returns the origin cell, or -1.
func (m Move) From() int {
	f := int(m>>8) & noCell
	if f == noCell {
		return -1
	}
	return f
}

// To returns the target cell, or -1.
func (m Move) To() int {
	t := int(m>>21) & noCell
	if t == noCell {
		return -1
	}
	return t
}

// Aux returns the rule-specific detail.
func (m Move) Aux() int { return int(m >> 34) }

// IsPass reports whether m is a pass.
func (m Move) IsPass() bool { return m == Pass }

// appendTargets appends base with each cell of mask (a board of at most 64
// cells) as its target, in ascending cell order, growing out at most once.
func appendTargets(out []Move, base Move, mask uint64) []Move {
	n := len(out)
	k := bits.OnesCount64(mask)
	if cap(out)-n < k {
		out = slices.Grow(out, k)
	}
	out = out[:n+k]
	dst := out[n:]
	for i := range dst {
		dst[i] = base | Move(uint64(bits.TrailingZeros64(mask))<<21)
		mask &= mask - 1
	}
	return out
}

// appendOrigins is appendTargets for the origin cell.
func appendOrigins(out []Move, base Move, mask uint64) []Move {
	n := len(out)
	k := bits.OnesCount64(mask)
	if cap(out)-n < k {
		out = slices.Grow(out, k)
	}
	out = out[:n+k]
	dst := out[n:]
	for i := range dst {
		dst[i] = base | Move(uint64(bits.TrailingZeros64(mask))<<8)
		mask &= mask - 1
	}
	return out
}
