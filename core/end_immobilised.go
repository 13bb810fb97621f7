// This file holds the immobilised end condition: after a move, a piece with
// the flag has no empty neighbour and is blocked by at least one enemy
// piece. The seat that moved wins when such a piece is another seat's;
// otherwise, when it is its own, the seat now to move wins.

package core

var immobilisedEnd = endType{
	name:    "immobilised",
	doc:     "after a move, a piece with the flag has no empty neighbour and an enemy next to it: the mover wins (its own piece: the next seat wins)",
	keys:    []*Key{&reachFlagKey, &immobileBlockersKey},
	decides: true,
	compile: func(c *compiler, p, name string) endCheck {
		g := c.g
		if len(g.board.Dirs) == 0 {
			c.r.Errorf(p, "%s: immobilised needs a board with directions", p)
			return nil
		}
		e := &immobilisedCond{enemyOnly: c.readChoice(p, &immobileBlockersKey) == "enemy"}
		flag := c.readString(p, &reachFlagKey)
		for pc, k := range g.pieceKind {
			if flag == "" || g.kinds[k].HasFlag(flag) {
				e.pieces = append(e.pieces, int32(pc))
			}
		}
		if len(e.pieces) == 0 {
			c.r.ValueErrorf(keyPath(p, &reachFlagKey), "%s.flag: no piece has the flag %q", p, flag)
			return nil
		}
		return e
	},
}

var immobileBlockersKey = Key{Name: "blockers", Type: TChoice, Default: "any", Allowed: []string{"any", "enemy"},
	Doc: "immobilised: any: every neighbour on the board is occupied (own pieces too) and one is an enemy; enemy: every neighbour on the board is an enemy piece"}

type immobilisedCond struct {
	pieces    []int32
	enemyOnly bool
}

// immobile reports whether piece p (on the board) is immobilised.
func (e *immobilisedCond) immobile(g *Game, s *State, p int) bool {
	c := int(s.buf[g.lay.pos+p]) - 1
	if c < 0 {
		return false
	}
	owner := int(g.pieceOwner[p])
	enemy := false
	for d := range g.board.Dirs {
		n := g.board.Step(c, d)
		if n < 0 {
			continue
		}
		q := s.Top(n)
		if q < 0 {
			if s.buf[g.lay.counts+n] == 0 {
				return false
			}
			if e.enemyOnly {
				return false
			}
			continue
		}
		if int(g.pieceOwner[q]) != owner {
			enemy = true
		} else if e.enemyOnly {
			return false
		}
	}
	return enemy
}

func (e *immobilisedCond) holds(g *Game, s *State) (bool, int) {
	mover := int(s.buf[hLastMover])
	if mover < 0 {
		return false, -1
	}
	for _, p := range e.pieces {
		if int(g.pieceOwner[p]) != mover && e.immobile(g, s, int(p)) {
			return true, mover
		}
	}
	for _, p := range e.pieces {
		if int(g.pieceOwner[p]) == mover && e.immobile(g, s, int(p)) {
			return true, s.ToMove()
		}
	}
	return false, -1
}
