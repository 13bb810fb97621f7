// Package core is the rulesmith engine: it compiles a variant document into
// an immutable Game and plays it on compact State values.
//
// The pipeline runs one way: spec.Load (TOML, extends, positions) → Compile
// (board tables, relations, compiled expressions, rule primitives) → Game →
// State → Moves / Play / Undo → analysis (perft, playouts). Games are safe
// to share between goroutines; a State belongs to one goroutine.
package core

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/expr-lang/expr/vm"

	"rulesmith/core/board"
	"rulesmith/core/diag"
	"rulesmith/core/spec"
)

// Limits that bound what a hostile variant can ask of the engine.
const (
	// MaxPieces is the most piece instances a variant may create.
	MaxPieces = 4096
	// MaxStones is the most stones a variant may put on its board.
	MaxStones = 1 << 20
	// MaxSeats is the most seats (players) a variant may have.
	MaxSeats = 8
	// DefaultMaxPlies bounds a game's length unless [turns] max_plies says otherwise.
	DefaultMaxPlies = 5000
)

// PieceKind is a kind of piece declared in [pieces].
type PieceKind struct {
	Name  string
	Owner int // seat index, or -1 for a neutral piece
	Value int
	Flags []string
	Glyph string
	// BoardGlyph is how boards draw the piece (default: Glyph); Glyph is
	// how notation writes it.
	BoardGlyph string
	// Role names the piece across armies ([pieces] role): a piece that
	// passes to another seat becomes that seat's kind of the same role.
	Role string
}

// HasFlag reports whether the kind carries a flag.
func (k PieceKind) HasFlag(f string) bool {
	for _, x := range k.Flags {
		if x == f {
			return true
		}
	}
	return false
}

// Param is a named value of [params], after --set overrides.
type Param struct {
	Name  string
	Value any // int, float64, string or bool
}

// Game is a compiled variant: immutable, safe to share. Its parts are read
// through methods that return copies (game_view.go).
type Game struct {
	// seat, kind and cell names boxed once for the position functions
	boxedSeats, boxedKinds, boxedCells []any
	boxedEnds                          []any // endNames, boxed
	// windows[n][c]: on a board of at most 64 cells, the masks of the runs
	// of n cells along a direction and its opposite that contain c (for the
	// n that line(), formed() and then_if read; see needWindows)
	windows [][][]uint64
	// seatPieces[seat]: the piece instances the seat owns (countPieces)
	seatPieces [][]int32
	// stepOff, stepTo, stepWord (small boards): for cell c, entries
	// stepOff[c] to stepOff[c+1] are its neighbours by direction, in
	// direction order, with the Move bits of (to, direction)
	// allCells, notFull (small boards): every cell, and the cells without
	// a neighbour in every direction, as masks; adjSymmetric: every link
	// goes both ways (so Board.Expand gives the cells next to a set)
	allCells, notFull uint64
	adjSymmetric      bool
	stepOff           []int32
	stepTo            []uint8
	stepWord          []Move

	// what the variant declares; read through the accessors (game_view.go)
	name, title, family string
	seats               []string
	params              []Param
	board               *board.Board
	kinds               []PieceKind
	// attrNames and attrs[a][kind]: the kinds' integer attributes
	// ([pieces.NAME] dims and attrs; kind_attrs.go)
	attrNames []string
	attrs     [][]int32
	// sets: the set specs written in expressions, resolved at load
	// (expr_sets.go); read-only once compiled
	sets map[string]*pieceSet
	// setParts numbers the distinct parts of the sets (expr_sets.go)
	setParts map[string]int
	// phaseNames lists the phase names in declaration order (one implicit
	// phase "play" when the file declares none).
	phaseNames []string
	// foul is the variant's foul ([fouls]), or nil.
	foul *FoulSpec
	// seatColors are colour names per seat ([players] colors), or nil.
	seatColors []string
	// seatTitles are display names per seat ([players] titles), or nil.
	seatTitles []string
	// display holds drawing hints ([display]).
	display Display

	// doc is the merged variant document the game was compiled from.
	doc *spec.Doc
	// what Game tells its consumers (game_answers.go)
	endInfo       []EndInfo
	scoreDeclared bool
	readsPly      string
	restingRule   string
	digest        [32]byte

	// pointSources: the keys that can give a seat points (points_kept.go)
	pointSources []string

	rules []rule
	// rounds: the dealer, phase steps, skip passes and stuck phases
	// (rounds.go); nil for a game without them
	rounds *rounds
	// chance holds the [chance] events (chance.go); chanceNames their
	// names, known before any expression is compiled; chancePly[ph] and
	// chanceStart[ph] the events before each ply of phase ph and when it
	// begins.
	chance                 []chanceEvent
	chanceNames            []string
	chancePly, chanceStart [][]int
	// chanceExtras: the events that may give another turn (chanceExtra)
	chanceExtras []chanceExtra
	// dice is the first dice event (distance = "dice"), or nil.
	dice *diceEvent
	// chanceOff, chanceLen: the events' words in the State
	chanceOff, chanceLen int
	// counters[i]: rule i's captureCounter, or nil (priority.go)
	counters []captureCounter
	// always[i]: every move of rule i takes a piece (priority.go)
	always []bool
	phases []*phase
	ends   []*endCond
	// onlyPoints: ends is one points target, tested inline (checkEnd)
	onlyPoints *pointsReached
	// awards[ri]: rule ri can award capture points (pointsAwarder), or nil
	// when no rule can
	awards []bool
	// referee judges the foul ([fouls]); nil when there is none
	referee Referee
	// seatKeys tables the hash keys of the seat to move per phase.
	seatKeys      []uint64
	seatKeyPhases int
	score         *vm.Program
	// fastScore is score compiled natively, when it can be (fastexpr.go).
	fastScore *fastProg
	// scoreVars: the state variables the score expression reads
	scoreVars int
	// scoreAt is where the score expression is written ("file:line:col: ")
	scoreAt   string
	lowest    bool
	scoreCite string

	pass bool // a seat with no move passes while another seat can move
	// stuckDraw: a seat with no move (and no pass) ends the game in a draw
	stuckDraw bool
	// stuckLose: a seat with no move loses (two seats left: the other wins)
	stuckLose bool
	// stuckFoul: [turns] stuck = "foul_or_draw": before the draw, the
	// referee hook stuckReferee judges whether not moving hands another
	// seat the foul's goal (the seat is then eliminated)
	stuckFoul bool
	// stuckReferee is the hook Settle asks about a stuck seat; set by the
	// foul compiler under stuck = "foul_or_draw", else nil
	stuckReferee func(s *State) bool
	// stuckWin: a seat with no move wins (misère; two seats left)
	stuckWin bool
	// agreedDraw: when the seats may agree a draw: any, after_elimination, never
	agreedDraw string
	// resignNotice: while every seat plays, a resignation takes effect after
	// the seat's next move ([turns] resign_notice = "round")
	resignNotice bool
	// paramLimits: what [param_limits] allows, by parameter
	paramLimits map[string]*paramLimit
	// onResign: effects run as a seat resigns ([turns] on_resign)
	onResign []effect
	// endNames: the declared end conditions, then the built-in ends
	endNames []string
	// repetitionEnd names the [end] table of the repetition rule
	repetitionEnd string
	// repetition: a position met this many times is a draw (0: no rule)
	repetition int
	// repBan: a move that would make a position occur repBan.count times
	// is illegal (ban_repetition.go); nil: no ban
	repBan *repetitionBan
	// moveScratch > 0: each State gets a move buffer of this capacity for
	// rules that generate moves while a move is played (a custodial
	// capture's surround_shield asks whether a pair can move)
	moveScratch int
	// elimFlag[seat] lists the pieces whose loss eliminates the seat
	elimFlag [][]int32
	// elimEmpty: where a seat's pieces keep it in play (finish_empty.go); nil: no such rule
	elimEmpty *elimPlaces
	// turnResets: the piece variables reset at the end of their owner's turn
	turnResets []int
	// passAlways: a seat with no move passes whatever the others can do
	// (pass = "when_no_move"); passText is how a pass is written
	passAlways bool
	passText   string
	maxPlies   int
	first      int

	lay layout
	// legal holds confinement and royal pieces (royal.go).
	legal legality
	// regionRefs holds every region by name, resolved once.
	regionRefs map[string]regionRef
	// reach[c*reachLen+k] (small boards): the cells exactly k steps along a
	// ray from c, as a mask
	reach    []uint64
	reachLen int
	// small: the board has at most 64 cells, and States keep bit masks.
	small bool
	// full[c]: c has a neighbour in every direction (can be surrounded).
	full []bool
	// zobrist[(level*kinds+kind)*cells+cell] is pieceKey for the levels
	// below zLevels: the lowest levels of a large game (stacks seldom grow
	// tall; pieceHash computes the keys above).
	zobrist []uint64
	zLevels int
	// countKeys[c*countTableMax+n] is countKey(c, n) for small n.
	countKeys  []uint64
	levels     int
	pieceKind  []int16
	pieceOwner []int16
	// pieces by seat and kind: instance ids start at handStart[seat*K+k]
	handStart []int
	handCount []int
	// queue order of kinds per seat for hands
	handOrder [][]int
	// handReturn: some rule sends taken pieces back to their owners' hands
	// (capture_to = "hand"); a placement then takes any instance of the
	// kind that is off the board, listed per seat and kind in instances.
	handReturn bool
	instances  [][]int32
	// zones (zones.go): the hand is zones[0]; nzi zone instances (one per
	// seat of a per-seat zone, one of a shared zone), each instance's zone
	// and seat (-1: shared), the start counts per (instance, kind) (the
	// hands' are handCount, its first seats×kinds words), the kinds each
	// instance lists for placing (the hands': handOrder), the offset of
	// each pile instance's length word (0: not a pile), every kind's
	// instances, and zoneFlow: pieces move between zones by other paths
	// than a placement from hand and a capture back to the owner's hand.
	zones     []zone
	nzi       int
	zoneOf    []int16
	zoneSeat  []int16
	zoneStart []int
	zoneOrder [][]int
	pileOff   []int
	kindInst  [][]int32
	zoneFlow  bool
	// zoneSums: the attribute sums over zones the State keeps because an
	// expression reads them (zones.go, trackSum); zinfo is what addOut
	// reads per zone instance (its bits, hand or not, its sums).
	zoneSums []zoneSum
	zinfo    []zoneInfo
	// zoneTotal: the pieces the zones held at the start, when a
	// collection may put them back so (linkZoneReset)
	zoneTotal int
	// visState: a reveal effect changes zones' visibility in play; the
	// State then keeps one word per zone instance at lay.vis.
	visState bool
	// marksUsed: some rule has en_passant = "mark": the State keeps a
	// mark per seat (en_passant.go).
	marksUsed bool
	// tookUsed: an expression calls others_could_take, so the State keeps
	// per seat whether it could take at the start of its turn
	tookUsed bool
	// pieceVars are the per-piece state variables ([piece_state]), by name.
	pieceVars []pieceVar
	initial   *State
	// warnings: what loaded with a warning (deprecated spellings)
	warnings diag.List
	// notationOpen: the compile-time notation check could not describe
	// every rule's notation (notation_static.go); NotationClashes samples
	notationOpen bool
	// zoneHolds[zi][k]: zone instance zi can ever hold kind k (zone_flow.go);
	// set only while the notation check runs
	zoneHolds [][]bool
}

type phase struct {
	name    string
	rules   []int
	first   int // seat to start the phase, -1 to continue the rotation
	endHand bool
	endIf   condProgram
	next    int
	// priority: capture_priority (priority.go)
	priority int
	// prelude: a transfer that may open each ply (move_prelude.go), not
	// among rules
	prelude *transferRule
	// ownCells: Game.gen lists the mover's cells before the rules
	// generate, since two or more of them walk that list (ownWalker).
	ownCells bool
}

// rule is one move primitive compiled from [moves.NAME].
type rule interface {
	base() *ruleBase
	gen(s *State, out []Move) []Move
	play(s *State, m Move) error
	format(s *State, m Move) string
	explain(s *State, text string) (reason string, ok bool)
}

type ruleBase struct {
	name, typ, cite string
	index           int
	after           []effect
	// afterMove[i] is after[i] when that effect reads the move
	// (moveEffect), nil otherwise; anyMoveFx: some is (Game.play asks
	// them before the move only then).
	afterMove []moveEffect
	anyMoveFx bool
	// sets: the piece state the rule's moves set (set_state).
	sets []stateSet
	// promo: the kind the rule's moves turn the piece into (promote).
	promo *promotion
	// choose: the effect of after whose subset the mover chooses
	// (mark_targets choose = "subset"), or nil (effect_choose.go).
	choose *markTargets
}

func (r *ruleBase) base() *ruleBase { return r }

// RuleInfo describes a move rule for documentation and reasons.
type RuleInfo struct {
	Name, Type, Cite string
	// AttackOnly: the rule makes no moves; it counts only in the test of
	// whether a royal piece could be taken (attack_only).
	AttackOnly bool
}

// Rules lists the game's move rules.
func (g *Game) Rules() []RuleInfo {
	out := make([]RuleInfo, len(g.rules))
	for i, r := range g.rules {
		b := r.base()
		out[i] = RuleInfo{Name: b.name, Type: b.typ, Cite: b.cite}
		if ao, ok := r.(attackOnlyRule); ok {
			out[i].AttackOnly = ao.attacksOnly()
		}
	}
	return out
}

// Option configures Load.
type Option func(*options)

type options struct {
	fs      fs.FS
	sets    []string
	anyPath bool
	budget  Budget
	tables  string // WithTableCache
	// keepHolds, when set (by tests only), receives the zone flow the
	// notation check computed (zone_flow.go).
	keepHolds *[][]bool
}

func (o *options) source() spec.Source { return spec.Source{FS: o.fs, AnyPath: o.anyPath} }

// WithExtendsAnywhere lets `extends` name any file, not only embedded
// variants and files under the loaded variant's directory.
func WithExtendsAnywhere() Option { return func(o *options) { o.anyPath = true } }

// WithFS makes the embedded variants in fsys loadable by name.
func WithFS(fsys fs.FS) Option { return func(o *options) { o.fs = fsys } }

// WithSet overrides a parameter, "name=value", as the CLI's --set does.
func WithSet(kv ...string) Option { return func(o *options) { o.sets = append(o.sets, kv...) } }

// Load reads, checks and compiles a variant by embedded name or path.
func Load(name string, opts ...Option) (*Game, error) {
	var o options
	for _, f := range opts {
		f(&o)
	}
	doc, err := spec.Load(name, o.source())
	if err != nil {
		return nil, err
	}
	return compileWith(doc, o)
}

// LoadBytes compiles a variant held in memory as if read from file.
func LoadBytes(file string, data []byte, opts ...Option) (*Game, error) {
	var o options
	for _, f := range opts {
		f(&o)
	}
	doc, err := spec.LoadBytes(file, data, o.source())
	if err != nil {
		return nil, err
	}
	return compileWith(doc, o)
}

// SeatIndex returns the index of a seat by name or by its first letter.
func (g *Game) SeatIndex(name string) (int, bool) {
	for i, s := range g.seats {
		if strings.EqualFold(s, name) {
			return i, true
		}
	}
	for i, s := range g.seats {
		if len(name) == 1 && strings.EqualFold(s[:1], name) {
			return i, true
		}
	}
	return 0, false
}

// KindIndex returns the index of a piece kind.
func (g *Game) KindIndex(name string) (int, bool) {
	for i := range g.kinds {
		if g.kinds[i].Name == name {
			return i, true
		}
	}
	return 0, false
}

// PieceKindOf returns the kind of piece instance p (a copy; see Kind).
func (g *Game) PieceKindOf(p int) PieceKind { return g.Kind(int(g.pieceKind[p])) }

// PieceKindIndex returns the index of the kind of piece instance p.
func (g *Game) PieceKindIndex(p int) int { return int(g.pieceKind[p]) }

// NumPieces returns the number of piece instances.
func (g *Game) NumPieces() int { return len(g.pieceKind) }

// NewState returns the starting position.
func (g *Game) NewState() *State { return g.initial.Clone() }

// ParamValue returns a parameter's value.
func (g *Game) ParamValue(name string) (any, bool) {
	for _, p := range g.params {
		if p.Name == name {
			return p.Value, true
		}
	}
	return nil, false
}

func (g *Game) String() string {
	return fmt.Sprintf("%s (%d seats, %d cells)", g.name, len(g.seats), g.board.N())
}

func sortedKeys[M ~map[string]V, V any](m M) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Display holds a variant's drawing hints; the rules never read them.
type Display struct {
	// Dark names a boolean cell attribute that shades a cell.
	Dark string
	// Marks lists regions drawn marked (a goal region).
	Marks []string
	// Shade names a relation: cells related to an occupied cell are shaded
	// (STRIX shadows).
	Shade string
	// RootFace names the face a folded board is unfolded around.
	RootFace string
	// GapAfterRows lists the rows of a grid after which a gap line is
	// drawn (Xiangqi's river).
	GapAfterRows []int
	// Crosses lists regions drawn with the diagonals of each connected
	// block of their cells (Xiangqi's palaces).
	Crosses []string
	// SeatMarks holds each seat's mark, drawn after the glyph of each of
	// its pieces on text boards (nil when no seat has one); see
	// Game.SeatMark.
	SeatMarks []string
}

// InRegion reports whether cell c belongs to the named region (for any seat).
func (g *Game) InRegion(name string, c int) bool {
	ref, ok := g.regionRefs[name]
	if !ok {
		return false
	}
	for _, cells := range ref.cells {
		for _, x := range cells {
			if int(x) == c {
				return true
			}
		}
	}
	return false
}

// SeatTitle returns a seat's display name.
func (g *Game) SeatTitle(seat int) string {
	if seat >= 0 && seat < len(g.seatTitles) {
		return g.seatTitles[seat]
	}
	if seat >= 0 && seat < len(g.seats) {
		return g.seats[seat]
	}
	return ""
}
