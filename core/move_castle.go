// This file holds the castle primitive: a piece (the king) that has not
// moved goes a fixed number of cells along a ray toward a partner piece
// (a rook) that has not moved either, with only empty cells between them,
// and the partner lands on the cell the piece crossed last. "Not moved" is
// a [piece_state] variable that must be 0 on both (the variant's rules set
// it when a piece moves; castling sets it on both). With safe, the piece
// may not be attacked on its cell, on the cells it crosses or where it
// lands ([turns] royal's attack tests). Generation allocates nothing.

package core

import "fmt"

type castleRule struct {
	ruleBase
	movers
	partner []bool // partner kinds
	dirs    []int
	dist    int
	unmoved int // piece_state variable index
	safe    bool
	names   []string
}

var castleMove = moveType{
	name:    "castle",
	doc:     "castling: an unmoved piece goes distance cells toward an unmoved partner with only empty cells between, the partner lands on the cell crossed last",
	keys:    []*Key{&moverKindsKey, &castlePartnerKey, &castleDirsKey, &castleDistanceKey, &castleUnmovedKey, &castleSafeKey, &castleNamesKey},
	compile: compileCastle,
}

var (
	castlePartnerKey = Key{Name: "partner", Type: TStrings, Required: true,
		Doc: "the kinds the piece castles with (the rooks)"}
	castleDirsKey = Key{Name: "dirs", Type: TStrings, Required: true,
		Doc: "the directions along which to look for a partner (one castling per direction)"}
	castleDistanceKey = Key{Name: "distance", Type: TInt, Default: 2, Min: 2, Max: 64,
		Doc: "how many cells the piece goes; the partner lands on the cell before its target"}
	castleUnmovedKey = Key{Name: "unmoved", Type: TString, Required: true,
		Doc: "a [piece_state] variable that is 0 on a piece that has not moved; castling needs it 0 on both and sets it to 1"}
	castleSafeKey = Key{Name: "safe", Type: TBool, Default: true,
		Doc: "the piece may not be attacked on its cell, on a cell it crosses or on its target ([turns] royal's attack tests)"}
	castleNamesKey = Key{Name: "names", Type: TStrings,
		Doc: "how each direction's castling is written (O-O, O-O-O), one per dirs; default FROM-TO"}
)

func compileCastle(c *compiler, p string, rb ruleBase) rule {
	r := c.r
	g := c.g
	b := g.board
	ru := &castleRule{ruleBase: rb}
	ru.movers = c.compileMovers(p)
	ru.partner = c.readKinds(p, &castlePartnerKey)
	for i, d := range c.readStrings(p, &castleDirsKey) {
		found := -1
		for j, x := range b.Dirs {
			if x == d {
				found = j
			}
		}
		if found < 0 {
			r.ValueErrorf(fmt.Sprintf("%s.dirs.%d", p, i), "%s.dirs: unknown direction %q", p, d)
			return nil
		}
		ru.dirs = append(ru.dirs, found)
	}
	ru.dist = c.readInt(p, &castleDistanceKey)
	um := c.readString(p, &castleUnmovedKey)
	v := g.pieceVarIndex(um)
	if v < 0 {
		r.ValueErrorf(keyPath(p, &castleUnmovedKey), "%s.unmoved: unknown piece state variable %q%s", p, um, g.pieceVarHint(um))
		return nil
	}
	if g.pieceVars[v].min > 0 || g.pieceVars[v].max < 1 {
		r.ValueErrorf(keyPath(p, &castleUnmovedKey), "%s.unmoved: the variable must take 0 and 1", p)
		return nil
	}
	ru.unmoved = v
	ru.safe = c.readBool(p, &castleSafeKey)
	if ru.safe && c.readString("turns", &royalKey) == "" {
		r.Errorf(p, "%s: safe castling needs [turns] royal (its attack tests)", p)
		return nil
	}
	if c.has(p, &castleNamesKey) {
		ru.names = c.readStrings(p, &castleNamesKey)
		if len(ru.names) != len(ru.dirs) {
			r.ValueErrorf(keyPath(p, &castleNamesKey), "%s.names: %d names for %d directions", p, len(ru.names), len(ru.dirs))
			return nil
		}
	}
	return ru
}

// partnerOn returns the cell of the castling partner along ray from the
// piece (the first occupied cell, if it holds an unmoved own partner
// beyond the target), or -1.
func (r *castleRule) partnerOn(s *State, ray []int32, mover int) int {
	g := s.g
	for i, x := range ray {
		q := s.Top(int(x))
		if q < 0 {
			if s.buf[g.lay.counts+int(x)] != 0 {
				return -1
			}
			continue
		}
		if i < r.dist || int(g.pieceOwner[q]) != mover || !r.partner[g.pieceKind[q]] || s.PieceVar(q, r.unmoved) != 0 || s.Height(int(x)) != 1 {
			return -1
		}
		return int(x)
	}
	return -1
}

func (r *castleRule) gen(s *State, out []Move) []Move {
	g := s.g
	mover := s.ToMove()
	pos := s.buf[g.lay.pos:]
	for _, q := range g.seatPieces[mover] {
		c := int(pos[q]) - 1
		if c < 0 || s.Top(c) != int(q) || (r.kinds != nil && !r.kinds[g.pieceKind[q]]) || s.PieceVar(int(q), r.unmoved) != 0 {
			continue
		}
		checked, inCheck := false, false
		for i, d := range r.dirs {
			ray := g.board.Ray(c, d)
			if r.partnerOn(s, ray, mover) < 0 {
				continue
			}
			if r.safe {
				if !checked {
					checked, inCheck = true, g.attacked(s, c, mover)
				}
				if inCheck {
					break
				}
				ok := true
				for _, x := range ray[:r.dist] {
					if g.attacked(s, int(x), mover) {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
			}
			out = append(out, mkMove(r.index, c, int(ray[r.dist-1]), i))
		}
	}
	return out
}

func (r *castleRule) play(s *State, m Move) error {
	g := s.g
	from, to := m.From(), m.To()
	d := m.Aux()
	if d < 0 || d >= len(r.dirs) {
		return fmt.Errorf("castle: bad move")
	}
	ray := g.board.Ray(from, r.dirs[d])
	pc := r.partnerOn(s, ray, s.ToMove())
	if pc < 0 {
		return fmt.Errorf("castle: no partner")
	}
	p, q := s.Top(from), s.Top(pc)
	s.moveStack(from, to, 1)
	s.moveStack(pc, int(ray[r.dist-2]), 1)
	s.setPieceVar(p, r.unmoved, 1)
	s.setPieceVar(q, r.unmoved, 1)
	return nil
}

func (r *castleRule) format(s *State, m Move) string {
	if r.names != nil && m.Aux() < len(r.names) {
		return r.names[m.Aux()]
	}
	b := s.g.board
	return b.Cells[m.From()].Name + "-" + b.Cells[m.To()].Name
}

func (r *castleRule) explain(*State, string) (string, bool) { return "", false }

// attackedBy: castling never takes a piece.
func (r *castleRule) attackedBy(*State, int, int) bool { return false }

// attacksNever: castling never takes a piece.
func (r *castleRule) attacksNever() bool { return true }

// virtualOK: the (empty) attack test reads nothing.
func (r *castleRule) virtualOK(*Game) bool { return true }

// attackCells: the test reads no cell.
func (r *castleRule) attackCells(*Game, int, func(int)) {}
