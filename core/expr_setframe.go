package core

// Set frames: the set functions of one native expression share their
// gathering. A scoring expression reads a few sets many times (a hand's
// points name "hand+played@seat+start" for its sums, pairs and runs, and
// "hand+played@seat" and "start" beside it), so the native compiler
// plans, once per expression, what an evaluation gathers: the sets'
// parts as a few sequences of kinds, each gathered once into the State's
// scratch. A set whose parts are a run of a longer set's parts is a slice
// of that set's sequence ("hand+played@seat" and "start" of
// "hand+played@seat+start"). Each function then reads its set's kinds
// through the filter and the attribute's column into a small array on the
// stack. Calls written more than once with the same literal arguments
// (same_end("played:rank") twice) are computed once per evaluation.
//
// The gathering runs at the start of every evaluation of the expression
// (the root closure gathers, then evaluates), before any set function
// reads it; it has no effect on the position, so a set read only in a
// branch not taken costs its gathering and nothing else. Nothing is
// allocated once the scratch has grown to the largest sets met.

import (
	"strings"

	"github.com/expr-lang/expr/ast"
)

// setFrame is the plan of one native expression's set functions.
type setFrame struct {
	seqs []frameSeq
	sets []*frameSet
	// steps: the parts of all sequences in gathering order; seqSteps
	// those of the sequences read when the sets' words are (the sets
	// read in order, the sets with no word)
	steps, seqSteps []gatherStep
	// masks: the sets read as words (expr_setmask.go)
	masks setMasks
	// nbound: the bound words of all sequences
	nbound int
	// setOf finds a set registered already by its parts' id
	setOf map[int]*frameSet
	// calls counts the calls of the expression with literal arguments by
	// their text, cse numbers those written more than once
	calls map[string]int
	cse   map[string]int
}

// frameSeq is a sequence of parts gathered together from bound word
// bound on: the bound words give the scratch offsets where each part
// starts, and where the last ends.
type frameSeq struct {
	names []string
	parts []setSource
	bound int
}

// gatherStep gathers one part: its kinds are appended to the scratch,
// whose length is then the bound word end (and was the bound word start,
// when start ≥ 0: the part begins a sequence). zone is the part when it
// is a zone (called directly, not through the interface).
type gatherStep struct {
	src        setSource
	zone       *zoneSource
	start, end int
}

// maxFrameBounds bounds the bound words of a frame (the parts of its
// sequences, plus one per sequence); an expression reading more parts is
// left to the VM.
const maxFrameBounds = 64

// frameSet is a set of parts, read from the scratch between the bound
// words loW and hiW (set by plan).
type frameSet struct {
	names    []string
	parts    []setSource
	loW, hiW int
	// mask: the index of its word (maskOf), maskNone or maskNever; seq:
	// a function reads its gathered sequence even when the words are read
	// (the others read its word, or a pile in the State); in: its
	// sequence
	mask int
	seq  bool
	in   int
}

// maxFrameCSE bounds the calls an evaluation remembers (a bit each).
const maxFrameCSE = 64

// smallSet is the size of the array on the stack a set function reads a
// set's values into; a larger set is read into the State's scratch.
const smallSet = 16

// newSetFrame starts the plan of the expression n: it counts the calls
// whose arguments are all literals, so that those written twice are
// computed once.
func newSetFrame(n ast.Node) *setFrame {
	fr := &setFrame{setOf: map[int]*frameSet{}, calls: map[string]int{}, cse: map[string]int{}}
	ast.Walk(&n, callCounter(fr.calls))
	return fr
}

// callCounter counts calls with literal arguments by their text.
type callCounter map[string]int

func (v callCounter) Visit(n *ast.Node) {
	call, ok := (*n).(*ast.CallNode)
	if !ok || len(call.Arguments) == 0 {
		return
	}
	for _, a := range call.Arguments {
		switch a.(type) {
		case *ast.StringNode, *ast.IntegerNode:
		default:
			return
		}
	}
	v[call.String()]++
}

// set registers the parts of ps (spec is its text) and returns them.
func (fr *setFrame) set(spec string, ps *pieceSet) *frameSet {
	if fs, ok := fr.setOf[ps.partsID]; ok {
		return fs
	}
	body, _, _ := strings.Cut(spec, ":")
	if i := strings.IndexByte(body, '['); i >= 0 {
		body = body[:i]
	}
	fs := &frameSet{names: strings.Split(body, "+"), parts: ps.parts, mask: maskNone}
	fr.sets = append(fr.sets, fs)
	fr.setOf[ps.partsID] = fs
	return fs
}

// cseSlot returns the slot that remembers the call's value within an
// evaluation, or -1 when the call is written once (or the slots are used
// up).
func (fr *setFrame) cseSlot(call string) int {
	if fr.calls[call] < 2 {
		return -1
	}
	if j, ok := fr.cse[call]; ok {
		return j
	}
	if len(fr.cse) >= maxFrameCSE {
		return -1
	}
	j := len(fr.cse)
	fr.cse[call] = j
	return j
}

// plan lays the sets out as sequences, longest first: a set whose parts
// are a run of a sequence's parts is read from it, any other set starts
// a sequence of its own.
func (fr *setFrame) plan() {
	order := make([]*frameSet, len(fr.sets))
	copy(order, fr.sets)
	// longest first, then in the order written (a stable insertion sort)
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && len(order[j].names) > len(order[j-1].names); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, fs := range order {
		found := false
		for q, sq := range fr.seqs {
			if lo := runIn(sq.names, fs.names); lo >= 0 {
				fs.loW, fs.hiW, fs.in = sq.bound+lo, sq.bound+lo+len(fs.names), q
				found = true
				break
			}
		}
		if !found {
			fr.seqs = append(fr.seqs, frameSeq{names: fs.names, parts: fs.parts, bound: fr.nbound})
			fs.loW, fs.hiW, fs.in = fr.nbound, fr.nbound+len(fs.names), len(fr.seqs)-1
			fr.nbound += len(fs.names) + 1
		}
	}
	read := make([]bool, len(fr.seqs)) // read even when the words are
	for _, fs := range fr.sets {
		read[fs.in] = read[fs.in] || fs.seq
	}
	fr.masks.finish()
	for q, sq := range fr.seqs {
		for p, src := range sq.parts {
			st := gatherStep{src: src, start: -1, end: sq.bound + p + 1}
			if p == 0 {
				st.start = sq.bound
			}
			if zs, ok := src.(zoneSource); ok {
				st.zone = &zs
			}
			fr.steps = append(fr.steps, st)
			if read[q] {
				fr.seqSteps = append(fr.seqSteps, st)
			}
		}
	}
}

// runIn returns where the run want starts in seq, or -1.
func runIn(seq, want []string) int {
	for lo := 0; lo+len(want) <= len(seq); lo++ {
		ok := true
		for i, w := range want {
			if seq[lo+i] != w {
				ok = false
				break
			}
		}
		if ok {
			return lo
		}
	}
	return -1
}

// gather fills the State's scratch with the words of the frame's mask
// sets and the kinds of its sequences for seat (only those still read
// when the words are), and forgets the remembered calls.
func (fr *setFrame) gather(s *State, seat int) {
	sc := &s.sets
	steps := fr.seqSteps
	sc.maskOK = false
	if len(fr.masks.sets) > 0 {
		if sc.maskOK = fr.masks.gather(s, seat); !sc.maskOK {
			steps = fr.steps
		}
	}
	buf := sc.buf[:0]
	for i := range steps {
		st := &steps[i]
		if st.start >= 0 {
			sc.bounds[st.start] = int32(len(buf))
		}
		if st.zone != nil {
			buf = st.zone.appendKinds(s, seat, buf)
		} else {
			buf = st.src.appendKinds(s, seat, buf)
		}
		sc.bounds[st.end] = int32(len(buf))
	}
	sc.buf = buf
	sc.cseOK = 0
}

// frameVals reads the values ps counts with, of its set fs gathered for
// the evaluation in progress, into small when they fit (else into the
// scratch).
func (ps *pieceSet) frameVals(s *State, fs *frameSet, small []int32) []int32 {
	sc := &s.sets
	kinds := sc.buf[sc.bounds[fs.loW]:sc.bounds[fs.hiW]]
	out := small[:0]
	if len(kinds) > cap(small) {
		if cap(sc.vals) < len(kinds) {
			sc.vals = make([]int32, 0, 2*len(kinds))
		}
		out = sc.vals[:0]
	}
	g := s.g
	if len(ps.fAttr) == 0 {
		out = out[:len(kinds)]
		if ps.attr < 0 {
			clear(out)
			return out
		}
		col := g.attrs[ps.attr]
		for i, k := range kinds {
			out[i] = col[k]
		}
		return out
	}
pieces:
	for _, k := range kinds {
		for i, a := range ps.fAttr {
			if g.attrs[a][k] != ps.fVal[i] {
				continue pieces
			}
		}
		v := int32(0)
		if ps.attr >= 0 {
			v = g.attrs[ps.attr][k]
		}
		out = append(out, v) // within the capacity: no more than kinds
	}
	return out
}

// frameRoot compiles the expression n natively with a set frame: when it
// reads sets, the closure returned gathers them first.
func (c *compiler) frameRoot(n ast.Node) (nativeBool, nativeInt) {
	saved := c.frame
	fr := newSetFrame(n)
	c.frame = fr
	b, i := c.native(n)
	c.frame = saved
	if (b == nil && i == nil) || len(fr.sets) == 0 {
		return b, i
	}
	if fr.plan(); fr.nbound > maxFrameBounds {
		return nil, nil
	}
	if b != nil {
		return func(s *State, f, t int) bool {
			fr.gather(s, s.ToMove())
			return b(s, f, t)
		}, nil
	}
	return nil, func(s *State, f, t int) int {
		fr.gather(s, s.ToMove())
		return i(s, f, t)
	}
}

// frameKinds returns the kinds of fs gathered for the evaluation in
// progress.
func (sc *setScratch) frameKinds(fs *frameSet) []int32 {
	return sc.buf[sc.bounds[fs.loW]:sc.bounds[fs.hiW]]
}
