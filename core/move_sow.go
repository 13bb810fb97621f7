// This file holds the sow primitive: pick up the stones of a bowl and sow
// them one by one along the board's track. gen and play are the hot path
// of mancala playouts and allocate nothing.

package core

import (
	"fmt"
	"strconv"
	"strings"

	"rulesmith/core/board"
)

type sowRule struct {
	ruleBase
	from        regionRef
	min         int
	dirs        []int8 // +1 = ccw (track order), -1 = cw
	dirNames    []string
	skipOthers  bool
	skipOrigin  bool
	extraTurn   bool
	capture     *board.Relation
	captureMin  int
	relay       bool
	takeAt      int
	takeByMover bool
	maxLaps     int
	// tables
	storeOf    []int32 // seat → its store cell (-1 if none)
	storeOwner []int8  // cell → seat owning it as a store, or -1
	cellSeat   []int8  // cell → seat whose `from` region holds it, or -1
	fromIndex  []int16 // cell → 1-based index in its seat's from region
	// rings[seat*len(dirs)+d] lists the cells a sowing by seat in direction
	// d drops stones into, in sowing order (the track, less the stores
	// skipped); ringAt[seat*len(dirs)+d][c] is c's index in it, or -1.
	rings  [][]int32
	ringAt [][]int16
	// seatMoves[seat] are the moves of the seat's bowls in from (one
	// direction), aligned with seatCells[seat]: gen copies them.
	seatCells [][]int32
	seatMoves [][]Move
	// fromMask[seat] (small boards whose every seat's from cells ascend,
	// one direction, min_stones 1): the seat's from cells as a mask, so
	// that, with stones the only things on the board, gen is the occupied
	// ones.
	fromMask []uint64
}

var sowMove = moveType{
	name: "sow",
	doc:  "pick up the stones of a bowl and sow them one by one along the track",
	keys: []*Key{&sowFromKey, &sowStoreKey, &sowMinKey, &sowDirectionsKey, &sowSkipOthersKey, &sowSkipOriginKey, &sowExtraTurnKey,
		&sowCaptureKey, &sowCaptureMinKey, &sowRelayKey, &sowTakeAtKey, &sowTakeLastByKey, &sowMaxLapsKey},
	compile: compileSow,
}

var (
	sowFromKey = Key{Name: "from", Type: TString, Default: "pits",
		Doc: "the per-seat region of bowls a seat may sow from, numbered from 1 in cell order"}
	sowStoreKey = Key{Name: "store", Type: TString, Default: "store",
		Doc: "the region of each seat's store; taken stones go to its first cell"}
	sowMinKey = Key{Name: "min_stones", Type: TInt, Default: 1, Min: 1, Max: MaxStones,
		Doc: "a bowl must hold at least this many stones to be sown"}
	sowDirectionsKey = Key{Name: "directions", Type: TStrings, Default: "ccw", Allowed: []string{"ccw", "cw"},
		Doc: "ccw follows the track, cw runs against it; with both, each bowl gives a move per direction"}
	sowSkipOthersKey = Key{Name: "skip_others_stores", Type: TBool, Default: true,
		Doc: "no stone is dropped in another seat's store"}
	sowSkipOriginKey = Key{Name: "skip_origin", Type: TBool, Default: false,
		Doc: "no stone is dropped in the emptied bowl on a lap of the board"}
	sowExtraTurnKey = Key{Name: "extra_turn", Type: TBool, Default: false,
		Doc: "the mover moves again when the last stone falls in their own store"}
	sowCaptureKey = Key{Name: "capture", Type: TString, Default: "",
		Doc: "a relation: when the last stone falls in an empty bowl of the mover's, the related cells' stones and it go to the store"}
	sowCaptureMinKey = Key{Name: "capture_min", Type: TInt, Default: 0, Min: 0, Max: MaxStones,
		Doc: "capture only when the related cells hold at least this many stones"}
	sowRelayKey = Key{Name: "relay", Type: TBool, Default: false,
		Doc: "when the last stone falls in a bowl that was not empty, pick up its stones and sow on"}
	sowTakeAtKey = Key{Name: "take_at", Type: TInt, Default: 0, Min: 0, Max: MaxStones,
		Doc: "whenever a stone makes a bowl hold exactly this many, they go to the bowl owner's store (0: off)"}
	sowTakeLastByKey = Key{Name: "take_last_by", Type: TChoice, Default: "owner", Allowed: []string{"owner", "mover"},
		Doc: "for the last stone of a lap, take_at gives the stones to the bowl's owner or to the mover"}
	sowMaxLapsKey = Key{Name: "max_laps", Type: TInt, Default: 1000, Min: 1, Max: 1 << 20,
		Doc: "the most relay pick-ups in one move"}
)

func compileSow(c *compiler, p string, rb ruleBase) rule {
	r := c.r
	g := c.g
	b := g.board
	if len(b.Track) == 0 {
		r.Errorf(p, "%s: sowing needs a board with a track (kind = \"pits\"), not %s", p, b.Kind)
		return nil
	}
	ru := &sowRule{ruleBase: rb}
	from, ok := c.region(keyPath(p, &sowFromKey), "pits")
	if !ok {
		return nil
	}
	if !from.perSeat {
		r.ValueErrorf(p+".from", "%s.from: %q must be a per-seat region (each seat sows from its own)", p, from.name)
		return nil
	}
	ru.from = from
	store, ok := c.region(keyPath(p, &sowStoreKey), "store")
	if !ok {
		return nil
	}
	ru.min = c.readInt(p, &sowMinKey)
	names := c.readStrings(p, &sowDirectionsKey)
	if len(names) == 0 {
		names = []string{"ccw"}
	}
	for i, d := range names {
		switch d {
		case "ccw":
			ru.dirs = append(ru.dirs, 1)
		case "cw":
			ru.dirs = append(ru.dirs, -1)
		default:
			r.ValueErrorf(fmt.Sprintf("%s.directions.%d", p, i), "%s.directions: unknown direction %q (want ccw or cw)", p, d)
			continue
		}
		ru.dirNames = append(ru.dirNames, d)
	}
	ru.skipOthers = c.readBool(p, &sowSkipOthersKey)
	ru.skipOrigin = c.readBool(p, &sowSkipOriginKey)
	ru.extraTurn = c.readBool(p, &sowExtraTurnKey)
	if rel := c.readString(p, &sowCaptureKey); rel != "" {
		ru.capture, ok = b.Relation(rel)
		if !ok {
			r.ValueErrorf(p+".capture", "%s.capture: unknown relation %q; declare it under [board.relations] (relations: %s)", p, rel, strings.Join(b.RelationNames(), ", "))
		}
	}
	ru.captureMin = c.readInt(p, &sowCaptureMinKey)
	ru.relay = c.readBool(p, &sowRelayKey)
	ru.takeAt = c.readInt(p, &sowTakeAtKey)
	ru.takeByMover = c.readChoice(p, &sowTakeLastByKey) == "mover"
	ru.maxLaps = c.readInt(p, &sowMaxLapsKey)
	n := b.N()
	ru.storeOf = make([]int32, len(g.seats))
	ru.storeOwner = make([]int8, n)
	ru.cellSeat = make([]int8, n)
	ru.fromIndex = make([]int16, n)
	for i := 0; i < n; i++ {
		ru.storeOwner[i], ru.cellSeat[i] = -1, -1
	}
	for seat := range g.seats {
		ru.storeOf[seat] = -1
		if cs := g.cells(store, seat); len(cs) > 0 {
			ru.storeOf[seat] = cs[0]
			for _, x := range cs {
				ru.storeOwner[x] = int8(seat)
			}
		}
		for i, x := range g.cells(from, seat) {
			ru.cellSeat[x] = int8(seat)
			ru.fromIndex[x] = int16(i + 1)
		}
	}
	for seat := range g.seats {
		cells := g.cells(from, seat)
		moves := make([]Move, len(cells))
		for i, c := range cells {
			moves[i] = mkMove(ru.index, int(c), -1, 0)
		}
		ru.seatCells = append(ru.seatCells, cells)
		ru.seatMoves = append(ru.seatMoves, moves)
	}
	if g.small && ru.min == 1 && len(ru.dirs) == 1 && len(g.pieceKind) == 0 {
		ru.fromMask = make([]uint64, len(g.seats))
		for seat, cells := range ru.seatCells {
			for i, c := range cells {
				if i > 0 && c <= cells[i-1] {
					ru.fromMask = nil // moves must come in the seat's cell order
					break
				}
				ru.fromMask[seat] |= 1 << uint(c)
			}
			if ru.fromMask == nil {
				break
			}
		}
	}
	nt := len(b.Track)
	for seat := range g.seats {
		for _, dir := range ru.dirs {
			var ring []int32
			at := make([]int16, n)
			for i := range at {
				at[i] = -1
			}
			for k := 0; k < nt; k++ {
				c := b.Track[k]
				if dir < 0 {
					c = b.Track[nt-1-k]
				}
				if so := ru.storeOwner[c]; so >= 0 && int(so) != seat && ru.skipOthers {
					continue
				}
				at[c] = int16(len(ring))
				ring = append(ring, c)
			}
			ru.rings = append(ru.rings, ring)
			ru.ringAt = append(ru.ringAt, at)
		}
	}
	return ru
}

func (r *sowRule) gen(s *State, out []Move) []Move {
	seat := s.ToMove()
	if r.fromMask != nil && seat < len(r.fromMask) {
		// stones are all there is: a bowl with one is occupied
		return appendOrigins(out, mkMove(r.index, 0, -1, 0), s.occMask()&r.fromMask[seat])
	}
	min := int32(r.min)
	cnt := s.buf[s.g.lay.counts:]
	one := len(r.dirs) == 1
	if one && seat < len(r.seatMoves) {
		moves := r.seatMoves[seat]
		cells := r.seatCells[seat]
		n := len(out)
		if cap(out)-n < len(cells) {
			out = append(out, make([]Move, len(cells))...)
		}
		out = out[:n+len(cells)]
		// write every cell's move, keep those with enough stones
		for i, c := range cells {
			out[n] = moves[i]
			n += int(uint32(min-cnt[c]-1) >> 31)
		}
		return out[:n]
	}
	for _, c := range s.g.cells(r.from, seat) {
		if cnt[c] >= min {
			if one {
				out = append(out, mkMove(r.index, int(c), -1, 0))
				continue
			}
			for d := range r.dirs {
				out = append(out, mkMove(r.index, int(c), -1, d))
			}
		}
	}
	return out
}

func (r *sowRule) play(s *State, m Move) error {
	if !r.skipOrigin && r.takeAt == 0 && !noSowRing {
		k := s.ToMove()*len(r.dirs) + m.Aux()
		if at := r.ringAt[k]; at[m.From()] >= 0 {
			return r.playRing(s, m, r.rings[k], at)
		}
	}
	g := s.g
	track := g.board.Track
	nt := len(track)
	mover := s.ToMove()
	origin := m.From()
	dir := int(r.dirs[m.Aux()])
	cnt := s.buf[g.lay.counts:]
	hand := int(cnt[origin])
	s.setCount(origin, 0)
	pos := g.board.TrackPos(origin)
	last := origin
	keys := g.countKeys
	var hx uint64
	defer func() { s.xorHash(hx) }()
	for laps := 0; ; laps++ {
		if laps > r.maxLaps {
			return fmt.Errorf("rule %q: relay sowing did not end after %d laps (max_laps)", r.name, r.maxLaps)
		}
		// skipped counts the cells passed since the last stone was
		// dropped: a whole lap with no cell to drop in means there is none
		// (which cells are skipped does not change during a sowing).
		for skipped := 0; hand > 0; {
			if skipped > nt {
				return fmt.Errorf("rule %q: sowing found no cell to drop a stone in", r.name)
			}
			skipped++
			pos += dir
			if pos >= nt {
				pos = 0
			} else if pos < 0 {
				pos = nt - 1
			}
			c := int(track[pos])
			if r.skipOrigin && c == origin {
				continue
			}
			if so := r.storeOwner[c]; so >= 0 && int(so) != mover && r.skipOthers {
				continue
			}
			// inline setCount: the count, the hash and, when the cell
			// was empty, its occupied bit
			if o := cnt[c]; o+1 < countTableMax {
				k := c * countTableMax
				hx ^= keys[k+int(o)] ^ keys[k+int(o)+1]
				cnt[c] = o + 1
				if o == 0 {
					s.occUpdate(0, 1<<uint(c))
				}
			} else {
				s.setCount(c, int(o)+1)
			}
			skipped = 0
			hand--
			last = c
			if r.takeAt > 0 && r.storeOwner[c] < 0 && int(cnt[c]) == r.takeAt {
				who := int(r.cellSeat[c])
				if who < 0 || (hand == 0 && r.takeByMover) {
					who = mover
				}
				if st := r.storeOf[who]; st >= 0 {
					s.setCount(int(st), int(cnt[st])+int(cnt[c]))
					s.setCount(c, 0)
				}
			}
		}
		if so := r.storeOwner[last]; so >= 0 {
			if int(so) == mover && r.extraTurn {
				s.buf[hExtra] = 1
			}
			return nil
		}
		if r.relay && cnt[last] >= 2 {
			hand = int(cnt[last])
			s.setCount(last, 0)
			continue
		}
		break
	}
	if r.capture != nil && int(r.cellSeat[last]) == mover && cnt[last] == 1 {
		taken := 0
		for _, o := range r.capture.Of(last) {
			taken += int(cnt[o])
		}
		if taken >= r.captureMin && taken+1 > 0 {
			st := r.storeOf[mover]
			if st >= 0 {
				for _, o := range r.capture.Of(last) {
					s.setCount(int(o), 0)
				}
				s.setCount(last, 0)
				s.setCount(int(st), int(cnt[st])+taken+1)
			}
		}
	}
	return nil
}

// noSowRing turns playRing off (tests compare it with the general path).
var noSowRing bool

// playRing is play for the common case, sowing along the mover's ring (no
// stone is ever skipped on it: neither the origin nor take_at applies): a
// hand of h stones drops ⌊h/L⌋ on every cell of a ring of L cells and one
// more on each of the next h mod L, each cell's count and hash changed
// once.
func (r *sowRule) playRing(s *State, m Move, ring []int32, at []int16) error {
	g := s.g
	L := len(ring)
	mover := s.ToMove()
	origin := m.From()
	cnt := s.buf[g.lay.counts:]
	keys := g.countKeys
	hand := int(cnt[origin])
	var hx uint64
	// the occupied mask of small boards changes by the cells emptied
	// (cleared) and then those that got stones (sown), applied together
	// (State.occUpdate) before a setCount and at the end
	var cleared, sown uint64
	if hand < countTableMax {
		hx = keys[origin*countTableMax+hand] ^ keys[origin*countTableMax]
		cnt[origin] = 0
		cleared = 1 << uint(origin)
	} else {
		s.setCount(origin, 0)
	}
	i := int(at[origin])
	add := func(c int32, k int) {
		if o := int(cnt[c]); o+k < countTableMax {
			x := int(c) * countTableMax
			hx ^= keys[x+o] ^ keys[x+o+k]
			cnt[c] = int32(o + k)
			sown |= 1 << uint(c)
		} else {
			s.occUpdate(cleared, sown)
			cleared, sown = 0, 0
			s.setCount(int(c), o+k)
		}
	}
	var last int
	for laps := 0; ; laps++ {
		if laps > r.maxLaps {
			s.xorHash(hx)
			return fmt.Errorf("rule %q: relay sowing did not end after %d laps (max_laps)", r.name, r.maxLaps)
		}
		if hand >= L {
			full := hand / L
			for _, c := range ring {
				add(c, full)
			}
			hand -= full * L
		}
		for ; hand > 0; hand-- {
			if i++; i == L {
				i = 0
			}
			c := ring[i]
			if o := cnt[c]; o+1 < countTableMax {
				x := int(c) * countTableMax
				hx ^= keys[x+int(o)] ^ keys[x+int(o)+1]
				cnt[c] = o + 1
				sown |= 1 << uint(c)
			} else {
				add(c, 1)
			}
		}
		last = int(ring[i])
		if so := r.storeOwner[last]; so >= 0 {
			if int(so) == mover && r.extraTurn {
				s.buf[hExtra] = 1
			}
			s.xorHash(hx)
			s.occUpdate(cleared, sown)
			return nil
		}
		if r.relay && cnt[last] >= 2 {
			hand = int(cnt[last])
			s.xorHash(hx)
			hx = 0
			s.occUpdate(cleared, sown)
			cleared, sown = 0, 0
			s.setCount(last, 0)
			continue
		}
		break
	}
	if r.capture != nil && int(r.cellSeat[last]) == mover && cnt[last] == 1 {
		taken := 0
		for _, o := range r.capture.Of(last) {
			taken += int(cnt[o])
		}
		if taken >= r.captureMin && taken+1 > 0 {
			st := r.storeOf[mover]
			if st >= 0 {
				// set, as setCount on a board without masks, the hash
				// kept in hx
				set := func(c int32, n int) {
					if o := int(cnt[c]); o < countTableMax && n < countTableMax {
						x := int(c) * countTableMax
						hx ^= keys[x+o] ^ keys[x+n]
						cnt[c] = int32(n)
						if bit := uint64(1) << uint(c); n == 0 {
							cleared |= bit
							sown &^= bit
						} else {
							sown |= bit
						}
					} else {
						s.occUpdate(cleared, sown)
						cleared, sown = 0, 0
						s.setCount(int(c), n)
					}
				}
				for _, o := range r.capture.Of(last) {
					set(o, 0)
				}
				set(int32(last), 0)
				set(st, int(cnt[st])+taken+1)
			}
		}
	}
	s.xorHash(hx)
	s.occUpdate(cleared, sown)
	return nil
}

func (r *sowRule) format(s *State, m Move) string {
	out := strconv.Itoa(int(r.fromIndex[m.From()]))
	if len(r.dirs) > 1 {
		out += r.dirNames[m.Aux()]
	}
	return out
}

func (r *sowRule) explain(s *State, text string) (string, bool) {
	i := 0
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	if i == 0 {
		return "", false
	}
	n, _ := strconv.Atoi(text[:i])
	suffix := strings.ToLower(text[i:])
	seat := s.ToMove()
	cells := s.g.cells(r.from, seat)
	if n < 1 || n > len(cells) {
		return fmt.Sprintf("there is no bowl %d: bowls are numbered 1 to %d from the mover's left", n, len(cells)), true
	}
	if len(r.dirs) > 1 {
		found := false
		for _, d := range r.dirNames {
			found = found || d == suffix
		}
		if !found {
			return fmt.Sprintf("say the direction after the bowl number: %s", strings.Join(r.dirNames, " or ")), true
		}
	} else if suffix != "" {
		return fmt.Sprintf("sowing runs %s only in this variant: write the bowl number alone (%d)", r.dirNames[0], n), true
	}
	c := int(cells[n-1])
	switch k := s.Count(c); {
	case k == 0:
		return fmt.Sprintf("bowl %d is empty", n), true
	case k < r.min:
		return fmt.Sprintf("bowl %d holds %s; a sowing must start from a bowl with at least %d", n, plural(k, "stone"), r.min), true
	}
	return "", false
}

// reach adds nothing: sowing moves stones, never a piece.
func (r *sowRule) reach(*Game, []bool, func(from, to int)) {}
