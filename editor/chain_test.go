package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
)

// Fox and Geese's fox builds a chain of jumps hop by hop on the board:
// after each landing the next landings are lit (•), the landings so far are
// ringed (○), and Enter on the last landing again stops there. The record
// is testdata/records/traditional-fox-and-geese.txt up to ply 45, where
// the fox on c5 has the six-jump chain c5xc3xe3xg3xe5xe3xe1.
func TestChainHopByHop(t *testing.T) {
	moves := readMoves(t, "../testdata/records/traditional-fox-and-geese.txt")[:45]
	rec := filepath.Join(t.TempDir(), "fox.txt")
	if err := os.WriteFile(rec, []byte("# traditional/fox-and-geese: to ply 45\n"+strings.Join(moves, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, tm := startApp(t, Options{Variant: "traditional/fox-and-geese", Record: rec})
	tm.waitFor("to move: fox")
	tm.cursorTo(a, "c5")
	tm.key(tcell.KeyEnter)
	tm.waitFor("target(s)")
	tm.cursorTo(a, "c3")
	tm.key(tcell.KeyEnter)
	s := tm.waitFor("may go on")
	if flat := strings.Join(strings.Fields(s), " "); !strings.Contains(flat, "c5-c3: the move may go on (2 next landing(s) lit) or stop: enter on c3 again stops here") {
		t.Errorf("the status does not offer to go on or stop:\n%s", s)
	}
	var path, targets string
	tm.sync(func() {
		b := a.sess.Game.Board()
		var ps, ts []string
		for _, c := range a.in.Path {
			ps = append(ps, b.Cells[c].Name)
		}
		for _, c := range a.in.Targets {
			ts = append(ts, b.Cells[c].Name)
		}
		path, targets = strings.Join(ps, "-"), strings.Join(ts, "-")
	})
	// from c3 the fox may jump d3 to e3, or d2 to e1 along the diagonal
	if path != "c5-c3" || targets != "e3-e1" {
		t.Errorf("path %s, next landings %s; want c5-c3 and e3-e1", path, targets)
	}
	if board := rows(s, 0, screenH-2); strings.Count(board, "•") != 2 || !strings.Contains(board, "○") {
		t.Errorf("the two next landings are not lit, or c3 not ringed:\n%s", s)
	}
	tm.cursorTo(a, "e3")
	tm.key(tcell.KeyEnter)
	s = tm.waitFor("c5-c3-e3: the move may go on")
	// c3 and e3 are ringed; e5, g3, g5 and e1 are lit
	if board := rows(s, 0, screenH-2); strings.Count(board, "○") != 2 || strings.Count(board, "•") != 4 {
		t.Errorf("the landings c3 and e3 are not ringed, or the 4 next ones not lit:\n%s", s)
	}
	// Enter again on e3: the fox stops there, having taken c4 and d3
	tm.key(tcell.KeyEnter)
	s = tm.waitFor("c5xc3xe3")
	if !strings.Contains(s, "to move: geese") {
		t.Errorf("the chain c5xc3xe3 is not played:\n%s", s)
	}
}
