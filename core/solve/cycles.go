package solve

import (
	"runtime/debug"

	"rulesmith/core"
)

// Before it solves, Solve walks every line from the start, depth first,
// marking the positions on the current line, for as long as the reachable
// positions number at most cycleLimit and the walk's memory (its marks and
// the states of the line's moves) fits an eighth of the budget. A line
// that comes back to a position on it is a cycle: the game's positions can
// repeat, and it is solved by retrograde analysis (retro.go) instead of
// search. When the walk finishes without one, the game graph is proved
// acyclic; when it gives up, repeats are caught on the lines the
// alpha-beta search walks, which then hands over to retrograde analysis.
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
	budget  int64
	stopped bool
	cycle   bool
}

// walkCycles walks the game graph from root and reports whether it walked
// all of it and whether it found a line that repeats a position.
func (w0 *worker) walkCycles(root *core.State) (complete, cyclic bool) {
	sv := w0.sv
	w := &walker{sv: sv, w: w0, seen: make(map[[2]uint64]uint8), limit: cycleLimit, budget: sv.opts.MaxMemory / 8}
	sv.walking = w
	w.walk(0, root)
	sv.walking = nil
	sv.walked = len(w.seen)
	if sv.walked > 1<<14 {
		w.seen = nil
		debug.FreeOSMemory() // give the map back before the table grows
	}
	return !w.stopped && !w.cycle, w.cycle
}

func (w *walker) walk(d int, st *core.State) {
	sv, wk := w.sv, w.w
	wk.nodes++
	if wk.nodes >= wk.nextCheck {
		wk.check()
	}
	lv := wk.level(d)
	lv.moves = sv.g.Settle(st, lv.moves[:0])
	if len(lv.moves) == 0 {
		if sv.g.Result(st).Timeout {
			wk.terminal(st) // fails with the ply-limit error
		}
		return
	}
	key := [2]uint64{st.Hash(), sv.key.sum(st)}
	switch w.seen[key] {
	case grey:
		w.cycle, w.stopped = true, true
		return
	case black:
		return
	}
	if len(w.seen) >= w.limit || int64(len(w.seen))*cycleEntryBytes+wk.stateBytes > w.budget {
		w.stopped = true
		return
	}
	w.seen[key] = grey
	wk.kids(lv, st, len(lv.moves))
	for k := range lv.moves {
		wk.play(st, lv.kids[k], lv.moves[k])
	}
	for k := range lv.moves {
		if w.stopped {
			break
		}
		w.walk(d+1, lv.kids[k])
	}
	if !w.stopped {
		w.seen[key] = black
	}
}
