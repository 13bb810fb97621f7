package solve

import "rulesmith/core"

// keyer computes the second, independent hash of a position: it reads the
// position back through State's accessors (seat to move, phase, every
// cell's stone count and stack of piece kinds with their [piece_state]
// values, and per seat the points,
// takebacks, elimination and pieces in hand) and hashes those words with a
// multiply–xorshift chain unrelated to the engine's Zobrist keys.
type keyer struct {
	cells, seats, kinds, vars int
	kindOf                    []uint64 // piece instance → kind index + 1
}

func newKeyer(g *core.Game) keyer {
	k := keyer{cells: g.Board().N(), seats: g.NumSeats(), kinds: g.NumKinds(), vars: len(g.PieceVarNames())}
	k.kindOf = make([]uint64, g.NumPieces())
	for p := range k.kindOf {
		i, _ := g.KindIndex(g.PieceKindOf(p).Name)
		k.kindOf[p] = uint64(i) + 1
	}
	return k
}

// sumChance is sum with the chance words (the pending event and each
// event's words: the last throw, the run of doubles).
func (k *keyer) sumChance(s *core.State) uint64 {
	h := step(k.sum(s), uint64(s.ChancePending()+1))
	for i, n := 0, s.ChanceWordCount(); i < n; i++ {
		h = step(h, uint64(uint32(s.ChanceWord(i))))
	}
	return h ^ h>>29
}

func step(h, w uint64) uint64 {
	h = (h ^ w) * 0xff51afd7ed558ccd
	return h ^ h>>32
}

func (k *keyer) sum(s *core.State) uint64 {
	h := uint64(0x243f6a8885a308d3)
	h = step(h, uint64(s.ToMove())|uint64(s.Phase())<<16)
	for c := 0; c < k.cells; c++ {
		n, ht := s.Count(c), s.Height(c)
		h = step(h, uint64(uint32(n))|uint64(ht)<<32)
		for p := s.Top(c); p >= 0; p = s.Below(p) {
			h = step(h, k.kindOf[p])
			for v := 0; v < k.vars; v++ {
				h = step(h, uint64(uint32(s.PieceVar(p, v))))
			}
		}
	}
	for seat := 0; seat < k.seats; seat++ {
		w := uint64(uint32(s.Score(seat))) | uint64(uint16(s.Takebacks(seat)))<<32
		if s.Eliminated(seat) {
			w |= 1 << 63
		}
		h = step(h, w)
		for kind := 0; kind < k.kinds; kind++ {
			h = step(h, uint64(s.HandLeft(seat, kind)))
		}
	}
	// murmur3's finaliser
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	return h ^ h>>33
}
