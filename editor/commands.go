package editor

import (
	"fmt"
	"strings"

	"rulesmith/core/agent"
)

// The ":" line takes a move in notation, or a command:
//
//	:q          quit (asks about unsaved rules); :q! quits without asking
//	:w [FILE]   save the record (to FILE, else where s would)
//	:set N=V    set the variant's parameter N and reload at once
//	:seat S=A   give seat S to an agent (random, mcts:2s) or to a person (human)
//	:flip       turn the board half a turn
//
// A line that is none of these is played as a move.

// command runs a ":" command; it reports false when text is not one.
func (a *App) command(text string) bool {
	word, arg, _ := strings.Cut(strings.TrimSpace(text), " ")
	arg = strings.TrimSpace(arg)
	switch word {
	case "q", "quit":
		a.quit()
	case "q!":
		a.stop()
		a.tv.Stop()
	case "w", "write":
		if arg == "" {
			arg = a.savePath
		}
		a.saveRecord(arg)
	case "set":
		a.setParam(arg)
	case "seat":
		a.setSeat(arg)
	case "flip":
		a.board.SetFlipped(!a.board.Flipped())
		a.in.Msg = "board turned"
	default:
		return false
	}
	return true
}

// setParam overrides a parameter and reloads; a value the variant refuses
// leaves the parameters as they were.
func (a *App) setParam(kv string) {
	name, _, ok := strings.Cut(kv, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		a.in.Err = ":set wants NAME=VALUE, e.g. :set pits=4"
		return
	}
	if _, known := a.sess.Game.ParamValue(name); !known {
		a.in.Err = fmt.Sprintf(":set: the variant has no parameter %q", name)
		return
	}
	prev := append([]string(nil), a.opts.Sets...)
	var sets []string
	for _, s := range a.opts.Sets {
		if n, _, _ := strings.Cut(s, "="); strings.TrimSpace(n) != name {
			sets = append(sets, s)
		}
	}
	a.opts.Sets = append(sets, kv)
	a.prevSets = prev
	a.mu.Lock()
	data := a.lastData
	a.mu.Unlock()
	a.startReload(data)
}

// setSeat gives a seat to an agent or a person.
func (a *App) setSeat(spec string) {
	g := a.sess.Game
	seat, kind, ok := strings.Cut(spec, "=")
	if !ok {
		a.in.Err = ":seat wants SEAT=AGENT (human, random, mcts:2s)"
		return
	}
	idx, found := g.SeatIndex(strings.TrimSpace(seat))
	if !found {
		a.in.Err = fmt.Sprintf(":seat: unknown seat %q (seats: %s)", seat, strings.Join(g.Seats(), ", "))
		return
	}
	kind = strings.TrimSpace(kind)
	a.cancelAI()
	if kind == "human" {
		a.agents[idx] = nil
		a.in.Msg = g.SeatTitle(idx) + " is played by a person"
		return
	}
	ag, err := agent.Parse(kind, a.opts.Seed+uint64(idx)+101)
	if err != nil {
		a.in.Err = ":seat: " + err.Error()
		return
	}
	a.agents[idx] = ag
	a.in.Msg = g.SeatTitle(idx) + " is played by " + ag.Name()
}
