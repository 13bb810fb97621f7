// This file holds the pivot primitive: move a piece round an occupied
// helper cell to a landing cell tabled at load. gen and play are on the
// hot path and allocate nothing.

package core

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr"

	"rulesmith/core/board"
)

// pivotRule moves a piece around an occupied helper cell: for each cell h
// related to the piece's cell by the `helper` relation and occupied by any
// piece, the `target` expression (over the attributes of `from` and
// `helper`, evaluated once at load) names the landing cell, or "" for none.
// STRIX writes its Rule 8 move with it (the crosspiece is the helper).
// Several helpers giving one target make one move.
type pivotRule struct {
	ruleBase
	movers
	helper  *board.Relation
	targets []int32 // aligned with helper.Of(from) for each from: target cell or -1
	offs    []int32 // offs[from] = index of from's first helper in targets
	excl    *exclusion
	when    *whenCond
	byPiece bool
	pieces  []int32 // the pieces of the rule's kinds, when few
}

var pivotMove = moveType{
	name:    "pivot",
	doc:     "move a piece round an occupied helper cell to a landing cell named by an expression",
	keys:    []*Key{&pivotHelperKey, &pivotTargetKey, &moverPiecesKey, &moverKindsKey, &excludeKey, &whenKey, &notationKey, &commonRestKey},
	compile: compilePivot,
}

var (
	pivotHelperKey = Key{Name: "helper", Type: TString, Required: true,
		Doc: "a relation: from the moving stack's cell to the cells it may pivot round"}
	pivotTargetKey = Key{Name: "target", Type: TExpr, Required: true,
		Doc: `over from and helper (cell attributes): the name of the landing cell, or "" for none`}
)

func compilePivot(c *compiler, p string, rb ruleBase) rule {
	r := c.r
	g := c.g
	b := g.board
	ru := &pivotRule{ruleBase: rb}
	ru.movers = c.compileMovers(p)
	name := c.readString(p, &pivotHelperKey)
	rel, ok := b.Relation(name)
	if !ok {
		if name == "" {
			r.Errorf(p, "%s: a pivot needs helper (the relation from the moving piece's cell to the cells it may pivot round)", p)
		} else {
			r.ValueErrorf(p+".helper", "%s.helper: unknown relation %q (relations: %s)", p, name, strings.Join(b.RelationNames(), ", "))
		}
		return nil
	}
	ru.helper = rel
	src := c.readString(p, &pivotTargetKey)
	if src == "" {
		r.Errorf(p, "%s: a pivot needs target = '...' (an expression over from and helper naming the landing cell, or \"\")", p)
		return nil
	}
	env := c.withParams(map[string]any{"from": b.Cells[0].Attrs, "helper": b.Cells[0].Attrs})
	prog := c.compileExpr(p+".target", src, env, expr.AsKind(reflect.String))
	if prog == nil {
		return nil
	}
	key := c.pivotKey(src, rel)
	if key != "" {
		if offs, targets, ok := c.cachedPivot(key, rel); ok {
			ru.offs, ru.targets = offs, targets
			c.charge(p+".target", 4*int64(len(targets)))
			return c.finishPivot(p, ru)
		}
	}
	ru.offs = make([]int32, b.N()+1)
	fp := fastExpr(src, env, -1, fastVar{name: "from", recs: c.cellRecs()}, fastVar{name: "helper", recs: c.cellRecs()})
	for from := 0; from < b.N(); from++ {
		ru.offs[from] = int32(len(ru.targets))
		for _, h := range rel.Of(from) {
			name, ok := "", false
			if fp != nil {
				name, ok = fp.string(from, int(h))
			}
			if !ok {
				env["from"], env["helper"] = b.Cells[from].Attrs, b.Cells[h].Attrs
				out, err := expr.Run(prog, env)
				if err != nil {
					c.charge(p+".target", 0)
					r.ValueErrorf(p+".target", "%s.target: on cells %s, %s: %s", p, b.Cells[from].Name, b.Cells[h].Name, exprMsg(err))
					return nil
				}
				name = out.(string)
			}
			c.charge(p+".target", 4)
			t := int32(-1)
			if name != "" {
				if i, ok := b.Index(name); ok {
					t = int32(i)
				}
			}
			ru.targets = append(ru.targets, t)
		}
	}
	ru.offs[b.N()] = int32(len(ru.targets))
	if key != "" {
		c.storeLists(pivotMagic, key, ru.offs, ru.targets)
	}
	return c.finishPivot(p, ru)
}

// finishPivot compiles the pivot's keys read after its targets.
func (c *compiler) finishPivot(p string, ru *pivotRule) rule {
	ru.excl = c.compileExclusion(p)
	ru.when = c.compileWhen(p, true)
	ru.byPiece = c.readChoice(p, &notationKey) == "piece"
	ru.pieces = c.fewPieces(ru.kinds)
	return ru
}

func (r *pivotRule) movable(s *State, c, mover int) bool {
	p := s.Top(c)
	if p < 0 {
		return false
	}
	return r.may(s, p, mover)
}

func (r *pivotRule) gen(s *State, out []Move) []Move {
	g := s.g
	mover := s.ToMove()
	height := s.buf[g.lay.height:]
	counts := s.buf[g.lay.counts:]
	cells := g.board.N()
	if r.pieces != nil {
		cells = len(r.pieces)
	}
	for i := 0; i < cells; i++ {
		c := i
		if r.pieces != nil {
			c = s.PieceCell(int(r.pieces[i]))
			if c < 0 || s.Top(c) != int(r.pieces[i]) {
				continue
			}
		}
		if !r.movable(s, c, mover) {
			continue
		}
		n0 := len(out)
		hs := r.helper.Of(c)
		for i, h := range hs {
			t := r.targets[int(r.offs[c])+i]
			if t < 0 || height[h] == 0 || height[t] != 0 || counts[t] != 0 {
				continue
			}
			if r.excl.blocked(s, c, int(t)) || (r.when != nil && !r.when.allows(s, c, int(t), s.Height(c), int(g.pieceKind[s.Top(c)]))) {
				continue
			}
			dup := false
			for _, m := range out[n0:] {
				dup = dup || m.To() == int(t)
			}
			if !dup {
				out = append(out, mkMove(r.index, c, int(t), 0))
			}
		}
	}
	return out
}

func (r *pivotRule) play(s *State, m Move) error {
	p := s.Top(m.From())
	s.moveStack(m.From(), m.To(), s.Height(m.From()))
	if r.rest > 0 {
		restIfCommon(s, p, r.rest)
	}
	return nil
}

func (r *pivotRule) format(s *State, m Move) string { return formatMove(s, r.byPiece, nil, m) }

func (r *pivotRule) explain(s *State, text string) (string, bool) {
	g := s.g
	from, to, _, ok := parseFromTo(s, text, r.byPiece)
	if !ok || !r.movable(s, from, s.ToMove()) {
		return "", false
	}
	hs := r.helper.Of(from)
	for i, h := range hs {
		if int(r.targets[int(r.offs[from])+i]) != to {
			continue
		}
		if s.Height(int(h)) == 0 {
			continue
		}
		if s.occupied(to) {
			return fmt.Sprintf("%s is occupied", g.board.Cells[to].Name), true
		}
		if reason, bad := r.excl.explain(s, from, to); bad {
			return reason, true
		}
		if r.when != nil {
			return fmt.Sprintf("the rule's condition (when) does not allow %s", text), true
		}
	}
	return "", false
}

// reach adds, for each cell, the landing cells of its helpers.
func (r *pivotRule) reach(g *Game, kinds []bool, add func(from, to int)) {
	if !movesAny(r.kinds, kinds) {
		return
	}
	for c := 0; c < g.board.N(); c++ {
		for i := range r.helper.Of(c) {
			if t := r.targets[int(r.offs[c])+i]; t >= 0 {
				add(c, int(t))
			}
		}
	}
}

func (r *pivotRule) exclusionRelation() *board.Relation { return r.excl.relation() }
