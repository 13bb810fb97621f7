// This file holds the registries through which a primitive enters the core:
// move types ([moves.NAME] type), effect types ([effects.NAME] type), end conditions ([end.NAME] type), board kinds ([board] kind), and the small optional interfaces a
// compiled rule implements to tell the analyses what they may ask of it.
// Nothing outside a primitive's own file names its concrete type: the
// compiler looks the type up here, and the foul search and the display
// defaults ask the capabilities.

package core

import (
	"strings"
	"sync"

	"rulesmith/core/board"
)

// moveType is one kind of move rule: the value of `type` in [moves.NAME].
type moveType struct {
	name string
	// doc is one line for the key reference.
	doc string
	// keys are the keys this type takes besides the common ones (moveKeys).
	keys []*Key
	// compile builds a rule from the table at p, or returns nil after
	// reporting why it cannot.
	compile func(c *compiler, p string, rb ruleBase) rule
}

// moveTypes is the move-type registry, in the order the documentation
// lists them. A new primitive is one file declaring its moveType and one
// line here.
var moveTypes []*moveType

func init() {
	moveTypes = []*moveType{
		&placeMove,
		&slideMove, &stepMove, &jumpMove,
		&leapMove,
		&castleMove,
		&sowMove,
		&pivotMove,
		&removeMove,
		&circuitMove,
		&chainMove,
		&transferMove,
		&swapMove,
		&raceMove,
		&turnMove,
	}
}

// lookupMoveType returns the registered type called name.
func lookupMoveType(name string) *moveType {
	for _, t := range moveTypes {
		if t.name == name {
			return t
		}
	}
	return nil
}

func moveTypeNames() []string {
	out := make([]string, len(moveTypes))
	for i, t := range moveTypes {
		out[i] = t.name
	}
	return out
}

// effectType is one kind of effect: the value of `type` in [effects.NAME].
type effectType struct {
	name, doc string
	keys      []*Key
	compile   func(c *compiler, p, name, cite string) effect
}

// effectTypes is the effect registry.
var effectTypes []*effectType

func init() {
	effectTypes = []*effectType{
		&removeUnconnectedEffect,
		&collectEffect,
		&revealEffect,
		&markTargetsEffect,
		&scoreEffectType,
		&flankEffect,
	}
}

func lookupEffectType(name string) *effectType {
	for _, t := range effectTypes {
		if t.name == name {
			return t
		}
	}
	return nil
}

func effectTypeNames() []string {
	out := make([]string, len(effectTypes))
	for i, t := range effectTypes {
		out[i] = t.name
	}
	return out
}

// endType is one kind of end condition: the value of `type` in [end.NAME].
type endType struct {
	name, doc string
	keys      []*Key
	// decides: the condition names the winner (unless winner = "score");
	// otherwise the scoring decides.
	decides bool
	// compile returns the condition's check, or nil when it has none at
	// play time or failed (reported).
	compile func(c *compiler, p, name string) endCheck
}

// endTypes is the end-condition registry.
var endTypes []*endType

func init() {
	endTypes = []*endType{
		&regionEmptyEnd,
		&exprEnd,
		&reachEnd,
		&seatsLeftEnd,
		&repetitionEnd,
		&allInEnd,
		&immobilisedEnd,
		&noMoveEndType,
		&pointsEnd,
		&connectedEnd,
	}
}

func lookupEndType(name string) *endType {
	for _, t := range endTypes {
		if t.name == name {
			return t
		}
	}
	return nil
}

func endTypeNames() []string {
	out := make([]string, len(endTypes))
	for i, t := range endTypes {
		out[i] = t.name
	}
	return out
}

// chanceTypes is the chance-event registry ([chance.NAME] type, chance.go).
var chanceTypes []*chanceType

func init() {
	chanceTypes = []*chanceType{
		&diceChance,
		&dealChance,
	}
}

func lookupChanceType(name string) *chanceType {
	for _, t := range chanceTypes {
		if t.name == name {
			return t
		}
	}
	return nil
}

func chanceTypeNames() []string {
	out := make([]string, len(chanceTypes))
	for i, t := range chanceTypes {
		out[i] = t.name
	}
	return out
}

func chanceTypeKeys() [][]*Key {
	var out [][]*Key
	for _, t := range chanceTypes {
		out = append(out, t.keys)
	}
	return out
}

// goalEnd is an end condition a forced_win foul can take as its goal: the
// pieces that count and the goal cells.
type goalEnd interface {
	goal() (pieces []int32, inRegion []bool)
}

// boardKind is one board topology: the value of `kind` in [board].
type boardKind struct {
	name, doc string
	keys      []*Key
	// build makes the board from [board]; on an error, errPath is the key
	// to report it at ("" for the table).
	build func(c *compiler) (b *board.Board, errPath string, err error)
	// render draws a position as text (Render); nil lists the occupied
	// cells.
	render func(b *strings.Builder, g *Game, s *State)
}

// boardKinds is the board-kind registry.
var boardKinds []*boardKind

func init() {
	boardKinds = []*boardKind{
		&gridBoard,
		&hexBoard,
		&pitsBoard,
		&facesBoard,
		&graphBoard,
	}
}

func lookupBoardKind(name string) *boardKind {
	for _, t := range boardKinds {
		if t.name == name {
			return t
		}
	}
	return nil
}

func boardKindNames() []string {
	out := make([]string, len(boardKinds))
	for i, t := range boardKinds {
		out[i] = t.name
	}
	return out
}

// captureTypes is the registry of the captures of slides and steps (the
// value of their capture key).
var captureTypes []*captureType

func init() {
	captureTypes = []*captureType{
		&noCapture,
		&relatedCapture,
		&sandwichCapture,
		&replaceCapture,
		&custodialCapture,
		&screenCapture,
		&lineCapture,
	}
	captureKindKey.Allowed = nil
	for _, t := range captureTypes {
		captureKindKey.Allowed = append(captureKindKey.Allowed, t.name)
	}
}

func lookupCaptureType(name string) *captureType {
	for _, t := range captureTypes {
		if t.name == name {
			return t
		}
	}
	return nil
}

// ---- capabilities -------------------------------------------------------

// reacher is a rule that can list where its moves take a piece, ignoring
// every other piece: for each move of a piece of one of the given kinds
// from a cell, add(from, to). The foul search's goal distances are a
// breadth-first search over these edges. A rule that moves no piece that
// is already on the board (placing, sowing stones, removing) adds nothing.
//
// A rule that does not implement reacher is assumed to be able to take a
// piece from any cell to any cell in one move: the bound it gives is
// weaker (one move to the goal from anywhere), but the other rules' moves
// are still bounded and the prune stays exact.
type reacher interface {
	reach(g *Game, kinds []bool, add func(from, to int))
}

// victimTaker is a rule whose moves may take pieces other than one
// standing on the target: takes reports whether move m, played from s,
// takes piece p. The
// foul search tries a defence that takes a goal piece first. A rule that
// does not implement it is simply not preferred; ordering changes only the
// speed of the search, never its answer.
type victimTaker interface {
	takes(s *State, m Move, p int) bool
}

// spellings is a rule that accepts other spellings of its moves than
// format's: Parse takes text for m when accepts says so and no other
// legal move is written that way.
type spellings interface {
	accepts(s *State, m Move, text string) bool
}

// batchFormatter is a rule that formats many of its moves at once faster
// than one by one: formatMoves writes out[i] for each of its moves in
// moves (Parse compares the text with every legal move).
type batchFormatter interface {
	formatMoves(s *State, moves []Move, out []string)
}

// captureCounter is a rule whose moves may take pieces: captured returns
// how many pieces move m, played from s, takes (0: none). Move priority
// (capture_priority, core/priority.go) keeps only capturing moves, or
// only those that take the most, by this count. A rule that does not
// implement it takes nothing as far as priority is concerned: under
// compulsory capture its moves are legal only when no move captures.
type captureCounter interface {
	captured(s *State, m Move) int
}

// excluder is a rule whose moves may not end on a cell related by a
// relation to an occupied cell (STRIX shadows). The foul search tries
// defences that exclude goal cells early, and the display shades the
// relation of the first such rule by default.
type excluder interface {
	exclusionRelation() *board.Relation
}

// movesAny reports whether a rule limited to kinds (nil: any kind) can
// move a piece of one of goalKinds.
func movesAny(kinds, goalKinds []bool) bool {
	if kinds == nil {
		return true
	}
	for k, ok := range goalKinds {
		if ok && k < len(kinds) && kinds[k] {
			return true
		}
	}
	return false
}

// firstExclusion returns the relation of the first rule that has one.
func (g *Game) firstExclusion() *board.Relation {
	for _, ru := range g.rules {
		if ex, ok := ru.(excluder); ok {
			if rel := ex.exclusionRelation(); rel != nil {
				return rel
			}
		}
	}
	return nil
}

// The keys of every kind of a registry, per kind.
func moveTypeKeys() [][]*Key {
	var out [][]*Key
	for _, t := range moveTypes {
		out = append(out, t.keys)
	}
	return out
}

func effectTypeKeys() [][]*Key {
	var out [][]*Key
	for _, t := range effectTypes {
		out = append(out, t.keys)
	}
	return out
}

func endTypeKeys() [][]*Key {
	var out [][]*Key
	for _, t := range endTypes {
		out = append(out, t.keys)
	}
	return out
}

func boardKindKeys() [][]*Key {
	var out [][]*Key
	for _, t := range boardKinds {
		out = append(out, t.keys)
	}
	return out
}

// The distinct key names of every move type, effect, end and board kind:
// the registries are complete after init, so each list is made once (every
// rule's key check reads one).
var (
	moveKeyNames   = sync.OnceValue(func() []string { return allKeyNames(moveTypeKeys()) })
	effectKeyNames = sync.OnceValue(func() []string { return allKeyNames(effectTypeKeys()) })
	endKeyNames    = sync.OnceValue(func() []string { return allKeyNames(endTypeKeys()) })
	boardKeyNames  = sync.OnceValue(func() []string { return allKeyNames(boardKindKeys()) })
)

// allKeyNames returns the distinct key names of several kinds.
func allKeyNames(kinds [][]*Key) []string {
	var out []string
	seen := map[string]bool{}
	for _, ks := range kinds {
		for _, k := range ks {
			if !seen[k.Name] {
				seen[k.Name] = true
				out = append(out, k.Name)
			}
		}
	}
	return out
}

// pointsAwarder is a rule whose moves can award points that may not fit
// (capture_points): mayAward tells, before the move is played, whether
// this one can; Game.play then keeps a copy of the position to restore
// when the rule refuses the move, so that Play is atomic.
type pointsAwarder interface {
	mayAwardAny() bool
	mayAward(s *State, m Move) bool
}
