package solve

import (
	"fmt"
	"runtime/debug"
	"strings"

	"rulesmith/core"
)

// Before it solves, Solve walks every line from the start, depth first,
// marking the positions on the current line, for as long as the reachable
// positions number at most cycleLimit (and fit a slice of the memory
// budget). A line that comes back to a position on it is a cycle: the game
// can go on until the ply limit ends it undecided, so the variant is
// refused, with the cycle. When the walk finishes the game graph is proved
// acyclic; when it gives up, repeats are only caught on the lines the
// alpha-beta search walks (Result.Acyclic says which).
const (
	cycleLimit = 1 << 18
	// cycleEntryBytes is what one walked position costs in the map.
	cycleEntryBytes = 64
)

const (
	grey  = 1 // on the current line
	black = 2 // every line from it was walked
)

type walker struct {
	sv      *solver
	w       *worker
	seen    map[[2]uint64]uint8
	limit   int
	line    []core.Move
	keys    [][2]uint64
	texts   []*core.State // the position before each move of line
	stopped bool
}

// walkCycles returns whether it walked the whole game graph from root.
func (w0 *worker) walkCycles(root *core.State) bool {
	sv := w0.sv
	limit := cycleLimit
	if most := int(sv.opts.MaxMemory / 8 / cycleEntryBytes); limit > most {
		limit = most
	}
	w := &walker{sv: sv, w: w0, seen: make(map[[2]uint64]uint8), limit: limit}
	sv.walking = w
	w.walk(0, root)
	sv.walking = nil
	sv.walked = len(w.seen)
	if sv.walked > 1<<14 {
		w.seen = nil
		debug.FreeOSMemory() // give the map back before the table grows
	}
	return !w.stopped
}

func (w *walker) walk(d int, st *core.State) {
	sv, wk := w.sv, w.w
	wk.nodes++
	if wk.nodes >= wk.nextCheck {
		wk.check()
	}
	lv := wk.level(d)
	lv.moves = sv.g.Moves(st, lv.moves[:0])
	if len(lv.moves) == 0 {
		if sv.g.Result(st).Timeout {
			wk.terminal(st) // fails with the ply-limit error
		}
		return
	}
	key := [2]uint64{st.Hash(), sv.key.sum(st)}
	switch w.seen[key] {
	case grey:
		w.cycle(key)
	case black:
		return
	}
	if len(w.seen) >= w.limit {
		w.stopped = true
		return
	}
	w.seen[key] = grey
	for len(lv.kids) < len(lv.moves) {
		lv.kids = append(lv.kids, st.Clone())
	}
	for k := range lv.moves {
		wk.play(st, lv.kids[k], lv.moves[k])
	}
	w.keys = append(w.keys, key)
	w.texts = append(w.texts, st)
	for k := range lv.moves {
		if w.stopped {
			break
		}
		w.line = append(w.line, lv.moves[k])
		w.walk(d+1, lv.kids[k])
		w.line = w.line[:len(w.line)-1]
	}
	w.keys = w.keys[:len(w.keys)-1]
	w.texts = w.texts[:len(w.texts)-1]
	if !w.stopped {
		w.seen[key] = black
	}
}

// cycle fails with the moves that lead from a position back to it.
func (w *walker) cycle(key [2]uint64) {
	i := len(w.keys) - 1
	for i > 0 && w.keys[i] != key {
		i--
	}
	var moves []string
	for j := i; j < len(w.line); j++ {
		moves = append(moves, w.sv.g.Format(w.texts[j], w.line[j]))
	}
	w.w.fail(fmt.Errorf("solve: %s can repeat a position (after %d plies, the moves %s lead back to it), so its games can go on until the ply limit ends them undecided; solve needs variants whose games always end",
		w.sv.g.Name, w.texts[i].Ply(), strings.Join(moves, " ")))
}
