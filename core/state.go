// This file holds the hot path's data: the State layout and the mutators
// that keep the incremental hash. Nothing here allocates.

package core

import "math/bits"

// header slots of State.buf.
const (
	hToMove = iota
	hPhase
	hPly
	hOver      // 1 when the game is over
	hWinner    // winning seat, or -1 for a draw (valid when over)
	hPasses    // consecutive passes
	hExtra     // 1 when the last move earned an extra turn
	hHashLo    // low 32 bits of the position hash
	hHashHi    // high 32 bits
	hHandLeft  // pieces still in hands, all seats
	hLastMover // seat that made the last move, -1 at the start
	hLastTo    // cell + 1 of the last move's target, 0 if none
	hStop      // 1 when the ply limit stopped the game (a timeout, not a result)
	hEnd       // what ended the game: index+1 into Game.endNames
	hEndSeat   // the seat that met the end condition (+1), e.g. whose piece reached the goal region
	hOccLo     // boards of at most 64 cells: occupied cells as a bit mask (low half)
	hOccHi     // (high half)
	hChance    // the pending chance event + 1, 0 when none (chance.go)
	hHeader
)

// layout gives the offsets of the State sections in its flat buffer.
type layout struct {
	scores, counts, top, height, below, pos, zone, elim, own, takebacks, rest, notice, pvars, vis, size int
	// took: per seat, whether it had a move that takes at the start of its
	// latest turn (expr_standing.go; 0: the game does not ask)
	took int
	// marks: en passant marks, two entries per seat (0: the game has none)
	marks int
	// zbits: per zone instance, its size and zbitsW words of bits, one
	// per kind the instance holds (0: the game keeps none; zones.go)
	zbits, zbitsW int
	// zhash: two words, the xor of the zones' own keys (counts and piles)
	// in the hash, kept when a collect may put every zone back as it
	// started (zoneReset; 0: not kept)
	zhash int
}

// State is a position: a compact snapshot held in one flat buffer, so that
// copying a State is a single copy. It is only meaningful with its Game.
// The zero State is not usable; get one from Game.NewState.
type State struct {
	g   *Game
	buf []int32
	// scratch is working space for effects (not part of the position).
	scratch []int32
	// env is the cached expression environment (not part of the position).
	env *envHolder
	// seen counts, by hash, the positions before each move played on this
	// State (repetition rules; not part of the position: a copy has none),
	// seenN those moves, and banned the positions a repetition ban forbids
	// reaching again (ban_repetition.go).
	seen, banned repTable
	seenN        int
	// ahead is a copy for looking one move ahead (follow-ups, move_then.go)
	// and thenBase the base moves being expanded; neither is the position.
	ahead    *State
	thenBase []Move
	// probe is a copy for counting a piece's moves (moves_at), with its
	// buffer; probing marks a probe, which does not probe again.
	probe    *State
	probeBuf []Move
	probing  bool
	// custBuf holds the moves a custodial capture generates to see
	// whether a surrounded pair can move (capture_custodial.go).
	custBuf []Move
	// thenFollow holds the follow-ups shared by a position's plain base
	// moves (move_then.go); not the position.
	thenFollow []Move
	// fe is the binding of native score programs (fastexpr.go).
	fe fenv
	// chain is the working space of chain moves (move_chain.go).
	chain *chainWalk
	// race is the working space of race moves (move_race.go): the
	// decisions of the position it last generated for.
	race *raceWork
	// limit is set when a move generation met an engine limit (Limit).
	limit error
	// look is a copy for trying a move before the royal test, attackBuf
	// working space for attack tests by move generation (royal.go).
	look      *State
	attackBuf []Move
	rel       []uint64
	relDir    []uint64
	relLines  []uint64
	// own lists the mover's cells during Game.gen (moves_common.go).
	own ownCells
	// markBuf and markBefore are the working space of the mark_targets
	// effect (effect_mark_targets.go): the attack rule's moves, and, per
	// effect, the pieces the moving piece could take before the move;
	// markCand the pieces a choice is over (effect_choose.go).
	markBuf    []Move
	markBefore [][]int32
	markNow    []int32
	markCand   []int32
	// markMemo says the before-lists are kept per start cell while a
	// rule's moves are expanded into choices on this look-ahead copy
	// (every move is played from the same position): markFrom[slot] is the
	// start cell markBefore[slot] was found for (effect_choose.go).
	markMemo bool
	markFrom []int
	// chooseAhead is a copy for looking one move ahead when a rule's
	// moves are expanded into choices, chooseBase the base moves being
	// expanded, choosePre a copy after a prelude (effect_choose.go).
	chooseAhead, choosePre *State
	chooseBase             []Move
	// undo is a copy of the position before a move that may award points,
	// restored when the move is refused (Game.play; allocated once).
	undo *State
	// skipBuf is the move buffer of settleTurn, entering the depth of
	// enterPhase (rounds.go).
	skipBuf  []Move
	entering int
	// skipReady says skipBuf holds the legal moves of the position as
	// settleTurn left it: the last ply's gen, reused by Playout instead of
	// generating the list again (cleared by Play and by any change made
	// after settleTurn).
	skipReady bool
	// zoneHashLater: a playout is under way in a game that keeps the
	// zones' share of the hash (lay.zhash) and reads no hash while it
	// plays: the busiest zone changes leave their keys out, and the share
	// is recomputed from the zones when the playout ends (settleZoneHash)
	zoneHashLater bool
	// condKind is the kind a move condition is evaluated for (its kind),
	// read by the native kind_attr (expr_sets.go)
	condKind int32
	// genKinds is the transfer rule's scratch: the kinds a zone holds
	// that a move may take, with their counts (move_transfer.go)
	genKinds []int32
	// sets is the working space of the set functions (expr_sets.go).
	sets setScratch
	// pre is a copy for the moves after a prelude, preBuf the prelude's
	// moves (move_prelude.go); takeBuf the moves a can_take test
	// generates (expr_standing.go). None is the position.
	pre             *State
	preBuf, takeBuf []Move
}

// Limit returns the engine limit the last move generation on s met (a
// chain rule's MaxChainSegments, whose list of moves was cut there; a
// condition whose evaluation failed, its budget or an overflow, counted
// false), or nil. It is cleared by ClearLimit, not by later generations.
func (s *State) Limit() error { return s.limit }

// ClearLimit forgets the limit Limit reports.
func (s *State) ClearLimit() { s.limit = nil }

// Game returns the game this state belongs to.
func (s *State) Game() *Game { return s.g }

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := &State{g: s.g, buf: make([]int32, len(s.buf)), scratch: make([]int32, len(s.scratch))}
	copy(c.buf, s.buf)
	if s.g.moveScratch > 0 {
		c.custBuf = make([]Move, 0, s.g.moveScratch)
	}
	return c
}

// CopyFrom makes s equal to o (both must belong to the same game). It does
// not allocate.
func (s *State) CopyFrom(o *State) {
	s.g = o.g
	if len(s.buf) != len(o.buf) {
		s.buf = make([]int32, len(o.buf))
		s.scratch = make([]int32, len(o.scratch))
	}
	copy(s.buf, o.buf)
	s.seenN = 0
	s.seen.reset()
	s.banned.reset()
	if o.race != nil && o.race.valid {
		// the decisions of the position come along (move_race.go)
		s.raceWork().copyList(o.race)
	}
}

// Equal reports whether two states hold the same position and history
// counters.
func (s *State) Equal(o *State) bool {
	if s.g != o.g || len(s.buf) != len(o.buf) {
		return false
	}
	for i, v := range s.buf {
		if o.buf[i] != v {
			return false
		}
	}
	return true
}

// ToMove returns the seat to move.
func (s *State) ToMove() int { return int(s.buf[hToMove]) }

// Phase returns the index of the current phase.
func (s *State) Phase() int { return int(s.buf[hPhase]) }

// Ply returns the number of moves played (passes included).
func (s *State) Ply() int { return int(s.buf[hPly]) }

// Hash returns the position hash: the pieces on each cell (kind and
// per-piece state by cell and level, not by instance), the counts, what each seat holds in
// hand, the eliminated seats, the seat to move and the phase.
func (s *State) Hash() uint64 {
	return uint64(uint32(s.buf[hHashLo])) | uint64(uint32(s.buf[hHashHi]))<<32
}

func (s *State) xorHash(h uint64) {
	s.buf[hHashLo] ^= int32(uint32(h))
	s.buf[hHashHi] ^= int32(uint32(h >> 32))
}

// Count returns the number of stones (counted, identical pieces) on cell c.
func (s *State) Count(c int) int { return int(s.buf[s.g.lay.counts+c]) }

// Height returns the number of pieces stacked on cell c.
func (s *State) Height(c int) int { return int(s.buf[s.g.lay.height+c]) }

// Top returns the piece on top of cell c, or -1.
func (s *State) Top(c int) int { return int(s.buf[s.g.lay.top+c]) - 1 }

// Below returns the piece under piece p in its stack, or -1.
func (s *State) Below(p int) int { return int(s.buf[s.g.lay.below+p]) - 1 }

// PieceCell returns the cell piece p stands on, or -1 when it is off the
// board (in hand or removed).
func (s *State) PieceCell(p int) int { return int(s.buf[s.g.lay.pos+p]) - 1 }

// Score returns the points a seat has gathered from effects (not the
// scoring expression's value; see Game.Scores).
func (s *State) Score(seat int) int { return int(s.buf[s.g.lay.scores+seat]) }

// MaxPoints is the largest number of points a seat may gather in play
// (State.Score); -MaxPoints is the smallest. Points are held in 32 bits:
// an addition past either bound is refused with an error instead of
// wrapping (a wrapped score flips the winner).
const MaxPoints = 1<<31 - 1

// pointsFit reports whether seat's points plus v stay within ±MaxPoints.
func (s *State) pointsFit(seat, v int) bool {
	n := int64(s.buf[s.g.lay.scores+seat]) + int64(v)
	return n >= -MaxPoints && n <= MaxPoints
}

// addPoints adds v to seat's points when the sum fits (pointsFit); it
// returns seat, v and whether it added them.
func (s *State) addPoints(seat, v int) (int, int, bool) {
	if !s.pointsFit(seat, v) {
		return seat, v, false
	}
	s.buf[s.g.lay.scores+seat] += int32(v)
	return seat, v, true
}

// Takebacks returns how many takebacks a seat has left (foul remedies).
func (s *State) Takebacks(seat int) int { return int(s.buf[s.g.lay.takebacks+seat]) }

// Notice returns how many more moves of its own a seat that gave notice of
// its resignation makes before it takes effect ([turns] resign_notice), or
// 0 when it gave none.
func (s *State) Notice(seat int) int { return int(s.buf[s.g.lay.notice+seat]) }

// Eliminated reports whether a seat has left the game.
func (s *State) Eliminated(seat int) bool { return s.buf[s.g.lay.elim+seat] != 0 }

// Over reports whether the game has been decided (by an end condition or
// because the player to move had no move). Use Game.Result for the outcome.
func (s *State) Over() bool { return s.buf[hOver] != 0 }

// HandLeft returns how many pieces of kind k seat still has in hand.
func (s *State) HandLeft(seat, k int) int { return s.zoneCount(seat, k) }

// handLeftAll returns the pieces of every kind seat has left in hand.
func (s *State) handLeftAll(seat int) int {
	g := s.g
	nk := len(g.kinds)
	placed := s.buf[g.lay.zone+seat*nk : g.lay.zone+seat*nk+nk]
	n := 0
	for k, c := range g.handCount[seat*nk : seat*nk+nk] {
		n += c - int(placed[k])
	}
	return n
}

// LastTarget returns the target cell of the last move, or -1.
func (s *State) LastTarget() int { return int(s.buf[hLastTo]) - 1 }

// Owner returns the seat owning the top piece of c, or -1 (empty cell or a
// neutral piece).
func (s *State) Owner(c int) int {
	p := s.Top(c)
	if p < 0 {
		return -1
	}
	return int(s.g.pieceOwner[p])
}

// mixing function for hash keys (splitmix64 finaliser).
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func countKey(c, n int) uint64 { return mix(uint64(c)<<32 | uint64(uint32(n)) | 1<<62) }
func pieceKey(kind, c, level int) uint64 {
	return mix(uint64(kind)<<40 | uint64(c)<<16 | uint64(level) | 2<<62)
}

// pieceHash is pieceKey through the precomputed table for the levels it
// holds.
func (g *Game) pieceHash(kind, c, level int) uint64 {
	if level < g.zLevels {
		return g.zobrist[(level*len(g.kinds)+kind)*len(g.board.Cells)+c]
	}
	return pieceKey(kind, c, level)
}

func seatKey(seat, phase int) uint64 { return mix(uint64(seat)<<8 | uint64(phase) | 3<<62) }

// tableSeatKeys tables seatKey for every seat and phase: the seat to move
// changes after every move.
func (g *Game) tableSeatKeys() {
	np := max(1, len(g.phases))
	g.seatKeyPhases = np
	g.seatKeys = make([]uint64, len(g.seats)*np)
	for seat := range g.seats {
		for ph := 0; ph < np; ph++ {
			g.seatKeys[seat*np+ph] = seatKey(seat, ph)
		}
	}
}

// seatKeyOf is seatKey, from the table when it has the entry.
func (g *Game) seatKeyOf(seat, phase int) uint64 {
	if uint(phase) < uint(g.seatKeyPhases) && uint(seat) < uint(len(g.seats)) {
		if k := seat*g.seatKeyPhases + phase; k < len(g.seatKeys) {
			return g.seatKeys[k]
		}
	}
	return seatKey(seat, phase)
}

func (s *State) setCount(c, n int) {
	i := s.g.lay.counts + c
	old := int(s.buf[i])
	if old == n {
		return
	}
	s.xorHash(s.g.countHash(c, old) ^ s.g.countHash(c, n))
	s.buf[i] = int32(n)
	if s.g.small && (old == 0 || n == 0) {
		s.refresh(c)
	}
}

// countTableMax is the largest count whose hash key is tabled.
const countTableMax = 64

func (g *Game) countHash(c, n int) uint64 {
	if n < countTableMax && g.countKeys != nil {
		return g.countKeys[c*countTableMax+n]
	}
	return countKey(c, n)
}

// push puts piece p on top of cell c.
func (s *State) push(p, c int) {
	l := &s.g.lay
	h := int(s.buf[l.height+c])
	s.buf[l.below+p] = s.buf[l.top+c]
	s.buf[l.top+c] = int32(p + 1)
	s.buf[l.height+c] = int32(h + 1)
	s.buf[l.pos+p] = int32(c + 1)
	s.xorHash(s.g.pieceHash(int(s.g.pieceKind[p]), c, h))
	if len(s.g.pieceVars) > 0 {
		s.xorHash(s.varHash(p, c, h))
	}
	if !s.g.small {
		return
	}
	if h == 0 && s.buf[l.counts+c] == 0 {
		// onto an empty cell: c becomes occupied and the piece's owner's
		bit := uint64(1) << uint(c)
		s.setMask(hOccLo, s.mask(hOccLo)|bit)
		if o := int(s.g.pieceOwner[p]); o >= 0 {
			i := l.own + 2*o
			s.setMask(i, s.mask(i)|bit)
		}
		return
	}
	s.refresh(c)
}

// moveStack moves the top n pieces of from, in order, onto to.
func (s *State) moveStack(from, to, n int) {
	l := &s.g.lay
	hf := int(s.buf[l.height+from])
	ht := int(s.buf[l.height+to])
	top := s.buf[l.top+from]
	vars := len(s.g.pieceVars) > 0
	// walk down to the lowest moved piece, rehashing as we go
	p := top
	var bottom int32
	for i := 0; i < n; i++ {
		q := int(p - 1)
		lvl := hf - 1 - i
		kind := int(s.g.pieceKind[q])
		s.xorHash(s.g.pieceHash(kind, from, lvl) ^ s.g.pieceHash(kind, to, ht+n-1-i))
		if vars {
			s.xorHash(s.varHash(q, from, lvl) ^ s.varHash(q, to, ht+n-1-i))
		}
		s.buf[l.pos+q] = int32(to + 1)
		bottom = p
		p = s.buf[l.below+q]
	}
	s.buf[l.top+from] = p
	s.buf[l.height+from] = int32(hf - n)
	s.buf[l.below+int(bottom-1)] = s.buf[l.top+to]
	s.buf[l.top+to] = top
	s.buf[l.height+to] = int32(ht + n)
	if !s.g.small {
		return
	}
	if n == hf && ht == 0 && s.buf[l.counts+from] == 0 && s.buf[l.counts+to] == 0 {
		// a whole stack to an empty cell: from's bits move to to
		bits := uint64(1)<<uint(from) | uint64(1)<<uint(to)
		s.setMask(hOccLo, s.mask(hOccLo)^bits)
		if o := int(s.g.pieceOwner[top-1]); o >= 0 {
			i := l.own + 2*o
			s.setMask(i, s.mask(i)^bits)
		}
		return
	}
	s.refresh(from)
	s.refresh(to)
}

// clear removes every piece of cell c from the board.
func (s *State) clear(c int) {
	l := &s.g.lay
	h := int(s.buf[l.height+c])
	p := s.buf[l.top+c]
	top := p
	for i := 0; i < h; i++ {
		q := int(p - 1)
		s.xorHash(s.g.pieceHash(int(s.g.pieceKind[q]), c, h-1-i))
		if len(s.g.pieceVars) > 0 {
			// off the board a piece carries its defaults, hashed by none
			s.xorHash(s.varHash(q, c, h-1-i))
			s.buf[l.pos+q] = 0
			s.resetPieceVars(q)
		}
		s.buf[l.pos+q] = 0
		p = s.buf[l.below+q]
		s.buf[l.below+q] = 0
	}
	s.buf[l.top+c] = 0
	s.buf[l.height+c] = 0
	if !s.g.small {
		return
	}
	if h > 0 && s.buf[l.counts+c] == 0 {
		// c becomes empty: it leaves the occupied cells and its top
		// piece's owner's
		bit := uint64(1) << uint(c)
		s.setMask(hOccLo, s.mask(hOccLo)&^bit)
		if o := int(s.g.pieceOwner[top-1]); o >= 0 {
			i := l.own + 2*o
			s.setMask(i, s.mask(i)&^bit)
		}
		return
	}
	s.refresh(c)
}

// fromHand returns the instance a placement of kind k by seat puts on the
// board: the next one of the hand, or, when pieces come back to hands,
// any instance of the kind that is off the board.
func (s *State) fromHand(seat, k int) int {
	g := s.g
	i := seat*len(g.kinds) + k
	if !g.handReturn {
		return g.handStart[i] + int(s.buf[g.lay.zone+i])
	}
	pos := s.buf[g.lay.pos:]
	for _, p := range g.instances[i] {
		if pos[p] == 0 {
			return int(p)
		}
	}
	return -1
}

// refresh recomputes cell c's bits in the small-board masks: occupied, and
// which seat owns its top piece.
func (s *State) refresh(c int) {
	g := s.g
	bit := uint64(1) << uint(c)
	occ := s.mask(hOccLo)
	if s.buf[g.lay.height+c] != 0 || s.buf[g.lay.counts+c] != 0 {
		occ |= bit
	} else {
		occ &^= bit
	}
	s.setMask(hOccLo, occ)
	owner := -1
	if p := s.buf[g.lay.top+c] - 1; p >= 0 {
		owner = int(g.pieceOwner[p])
	}
	for seat := range g.seats {
		i := g.lay.own + 2*seat
		m := s.mask(i)
		if seat == owner {
			m |= bit
		} else {
			m &^= bit
		}
		s.setMask(i, m)
	}
}

// occUpdate brings the occupied mask of a small board up to date after
// counts were written in place: the cells of set now hold stones, those of
// cleared (and not of set) none, and stay occupied only if a piece is there.
// A count never changes who owns a cell's top piece, so the owner masks
// stay as they are.
func (s *State) occUpdate(cleared, set uint64) {
	g := s.g
	if !g.small {
		return
	}
	occ := s.mask(hOccLo)&^cleared | set
	if len(g.pieceKind) > 0 {
		for m := cleared &^ set; m != 0; m &= m - 1 {
			if c := bits.TrailingZeros64(m); s.buf[g.lay.height+c] != 0 {
				occ |= 1 << uint(c)
			}
		}
	}
	s.setMask(hOccLo, occ)
}

func (s *State) mask(i int) uint64 {
	return uint64(uint32(s.buf[i])) | uint64(uint32(s.buf[i+1]))<<32
}

func (s *State) setMask(i int, m uint64) {
	s.buf[i] = int32(uint32(m))
	s.buf[i+1] = int32(uint32(m >> 32))
}

// occMask returns the occupied cells of a board of at most 64 cells.
func (s *State) occMask() uint64 { return s.mask(hOccLo) }

// ownMask returns the cells whose top piece a seat owns (small boards).
func (s *State) ownMask(seat int) uint64 { return s.mask(s.g.lay.own + 2*seat) }

func (s *State) setToMove(seat int) {
	h := s.buf[:hHeader]
	ph, old := int(h[hPhase]), int(h[hToMove])
	g := s.g
	if np, ns := g.seatKeyPhases, len(g.seats); uint(ph) < uint(np) && uint(seat) < uint(ns) && uint(old) < uint(ns) && len(g.seatKeys) == ns*np {
		// both keys from the table (seat × phases + phase)
		d := g.seatKeys[old*np+ph] ^ g.seatKeys[seat*np+ph]
		h[hHashLo] ^= int32(uint32(d))
		h[hHashHi] ^= int32(uint32(d >> 32))
		h[hToMove] = int32(seat)
		return
	}
	s.xorHash(g.seatKeyOf(old, ph) ^ g.seatKeyOf(seat, ph))
	h[hToMove] = int32(seat)
}

func (s *State) setPhase(ph int) {
	seat := int(s.buf[hToMove])
	s.xorHash(s.g.seatKeyOf(seat, int(s.buf[hPhase])) ^ s.g.seatKeyOf(seat, ph))
	s.buf[hPhase] = int32(ph)
}

// occupied reports whether cell c holds a piece or a stone.
func (s *State) occupied(c int) bool {
	return s.buf[s.g.lay.height+c] != 0 || s.buf[s.g.lay.counts+c] != 0
}

// locked reports whether piece p is resting after a move (common_rest):
// the rest section holds, per piece, the first ply it may move again.
func (s *State) locked(p int32) bool {
	return s.buf[hPly] < s.buf[s.g.lay.rest+int(p)]
}
