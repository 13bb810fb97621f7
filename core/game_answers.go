// This file holds what the compiled game tells its consumers (the solver,
// studies, the editor) about its rules, so that none of them reads the
// variant document again.

package core

import (
	"crypto/sha256"
	"encoding/json"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"rulesmith/core/spec"
)

// EndInfo describes a declared end condition ([end.NAME]).
type EndInfo struct {
	// Name is the table's name, Type its type (reach, seats_left, …).
	Name, Type string
	// NamesWinner: the condition names the winner; otherwise the scoring
	// decides (or, for repetition, the game is a draw).
	NamesWinner bool
}

// Ends lists the declared end conditions in written order, the repetition
// rule included.
func (g *Game) Ends() []EndInfo { return append([]EndInfo(nil), g.endInfo...) }

// ScoreDeclared reports whether the variant writes its own [scoring]
// score (otherwise a seat's score is its points()).
func (g *Game) ScoreDeclared() bool { return g.scoreDeclared }

// LowestWins reports whether the lowest score wins ([scoring] winner).
func (g *Game) LowestWins() bool { return g.lowest }

// Repetition returns the end condition that ends a game when a position
// repeats and how many times it must occur, or "" and 0 when positions
// may repeat freely.
func (g *Game) Repetition() (end string, count int) { return g.repetitionEnd, g.repetition }

// ReadsPly returns the key of the first expression that reads the ply
// count, or "" when no expression does: a position's future then depends
// only on the position.
func (g *Game) ReadsPly() string { return g.readsPly }

// RestingRule returns the first move rule that rests a moved neutral piece
// for some plies (common_rest), or "": a position's future then depends on
// when its pieces last moved.
func (g *Game) RestingRule() string { return g.restingRule }

// FoulGoal returns the name of the end condition the foul's forced win
// aims at, or "" when the variant has no foul.
func (g *Game) FoulGoal() string {
	if g.foul == nil || g.foul.goal == nil {
		return ""
	}
	return g.foul.goal.name
}

// RulesDigest is a hash of the rules the game was compiled from: the
// merged document, parameters included. Two games with equal digests play
// alike; a cache keyed by it is rebuilt when the rules change.
func (g *Game) RulesDigest() [32]byte { return g.digest }

// Value returns the merged document's value at a dotted key path when it
// is a string, number or boolean (not a table or an array).
func (g *Game) Value(path string) (any, bool) {
	v, ok := g.doc.Get(path)
	switch v.(type) {
	case string, int64, float64, bool:
		return v, ok
	}
	return nil, false
}

// RuleChanges lists the rule differences between two games, key by key,
// after extends and --set: what `rulesmith diff` prints.
func RuleChanges(a, b *Game) []spec.Change { return spec.Diff(a.doc, b.doc) }

func digestOf(doc *spec.Doc) [32]byte {
	b, _ := json.Marshal(doc.Root) // maps marshal with sorted keys
	return sha256.Sum256(b)
}

// readsIdent reports whether the expression src names the identifier.
func readsIdent(src, name string) bool {
	tree, err := parser.Parse(src)
	if err != nil {
		return false
	}
	v := &identVisitor{names: map[string]bool{}}
	ast.Walk(&tree.Node, v)
	return v.names[name]
}
