package session

import (
	"fmt"
	"sort"
	"strings"

	"rulesmith/core"
)

// Event is one narrated line of the record: what a move, call or
// resignation did, told from the engine's own account (core.Effects) in
// the variant's words (seat titles, piece kinds, end names).
type Event struct {
	// Ply is the record line's number (1-based); Seat the seat that
	// moved or called (-1 when unknown, and for a piece dealt or turned
	// to a zone by chance: no seat's move).
	Ply  int
	Seat int
	Text string
	// IsMove is set for a move (not a call or resignation); Effects is
	// then the move's account.
	IsMove  bool
	Effects core.Effects
	// Says is the narration: what happened, "" for a quiet move.
	Says string
	// hidden[viewer+1]: the text shows viewer (-1: an onlooker) pieces
	// it may not see (core.Game.MoveHidden); nil when it hides nothing.
	hidden []bool
}

// TextFor returns the event's text as viewer (-1: an onlooker,
// core.AllSeats: everyone) may see it: a move that would show it pieces
// it may not see is "(hidden)".
func (e Event) TextFor(viewer int) string {
	if viewer+1 >= 0 && viewer+1 < len(e.hidden) && e.hidden[viewer+1] {
		return "(hidden)"
	}
	return e.Text
}

// String renders the event as "Seat: TEXT — what happened".
func (e Event) String() string {
	s := e.Text
	if e.Says != "" {
		s += " — " + e.Says
	}
	return s
}

// Narrate describes a move's effects in words: pieces taken or cut off,
// stones taken, score changes, an extra turn, seats out of play, a new
// phase and the end of the game. It returns "" for a move that did none
// of these.
func Narrate(g *core.Game, e core.Effects) string { return narrate(g, e, "") }

// narrate is Narrate with the words for a chance outcome given ("" says
// "EVENT for SEAT").
func narrate(g *core.Game, e core.Effects, chance string) string {
	var parts []string
	if e.Chance != "" {
		// a chance outcome: the line itself ("5-3") says what came; say
		// for whom
		if chance == "" {
			chance = fmt.Sprintf("%s for %s", e.Chance, g.SeatTitle(e.Mover))
		}
		parts = append(parts, chance)
	}
	cell := func(c int) string {
		if c >= 0 && c < g.Board().N() {
			return g.Board().Cells[c].Name
		}
		return "?"
	}
	switch n := len(e.Removed); {
	case n == 1:
		r := e.Removed[0]
		parts = append(parts, fmt.Sprintf("takes %s on %s", pieceWord(g, r.Kind), cell(r.Cell)))
	case n > 1:
		byKind := map[string]int{}
		for _, r := range e.Removed {
			byKind[pieceWord(g, r.Kind)]++
		}
		var kinds []string
		for k, c := range byKind {
			kinds = append(kinds, fmt.Sprintf("%d %s", c, k))
		}
		sort.Strings(kinds)
		parts = append(parts, fmt.Sprintf("%d pieces leave the board (%s)", n, strings.Join(kinds, ", ")))
	}
	if len(e.Emptied) > 0 {
		var cells []string
		total := 0
		for _, cs := range e.Emptied {
			cells = append(cells, cell(cs.Cell))
			total += cs.Stones
		}
		parts = append(parts, fmt.Sprintf("takes %d stone%s from %s", total, plural(total), strings.Join(cells, ", ")))
	}
	var scores []string
	for seat, d := range e.ScoreDelta {
		if d != 0 {
			scores = append(scores, fmt.Sprintf("%s %+d", g.SeatTitle(seat), d))
		}
	}
	if len(scores) > 0 {
		parts = append(parts, "score "+strings.Join(scores, ", "))
	}
	if e.ExtraTurn && !e.Result.Over && e.Mover >= 0 {
		parts = append(parts, g.SeatTitle(e.Mover)+" moves again")
	}
	for _, seat := range e.Eliminated {
		parts = append(parts, g.SeatTitle(seat)+" is out of play")
	}
	if e.PhaseTo != e.PhaseFrom && e.PhaseTo < len(g.Phases()) {
		parts = append(parts, "the "+g.Phases()[e.PhaseTo]+" phase begins")
	}
	if e.Result.Over {
		end := "game over: " + resultWords(g, e.Result)
		if e.EndedBy != "" {
			end += " (" + strings.ReplaceAll(e.EndedBy, "_", " ")
			if e.EndSeat >= 0 {
				end += ", " + g.SeatTitle(e.EndSeat)
			}
			end += ")"
		}
		parts = append(parts, end)
	}
	return strings.Join(parts, "; ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// pieceWord names a piece kind for people: as boards draw it when it has
// a glyph (its board glyph and its seat's mark: "bK", Black's pawn "p" and
// Red's "P'" in three-player chess, the Ring game's "bHc"), else its name
// with spaces.
func pieceWord(g *core.Game, k core.PieceKind) string {
	if k.Name == "" {
		return "a piece"
	}
	if k.BoardGlyph != "" {
		return g.PieceText(k)
	}
	if k.Glyph != "" {
		return k.Glyph
	}
	return strings.ReplaceAll(k.Name, "_", " ")
}

func resultWords(g *core.Game, r core.Result) string {
	switch {
	case !r.Over:
		return "ongoing"
	case r.Timeout:
		return "stopped at the ply limit"
	case r.Winner < 0:
		return "draw"
	}
	return g.SeatTitle(r.Winner) + " wins"
}

// dealtTo words a chance outcome that put one piece in one zone: a
// seat's ("deal to South's hand": a deal alternates between the seats
// while one seat is to move) or a shared one, which belongs to no seat
// ("turned to the start: 3H" when every seat sees the piece, else "draw
// to the stock"); "" when it did something else. Who receives a piece is
// seen by every seat (the zone's size), so it hides nothing; the piece is
// named only when seen by all.
func dealtTo(g *core.Game, before, after *core.State, event string, seenByAll bool) string {
	to := ""
	for z, zone := range g.Zones() {
		seats := g.NumSeats()
		if !g.ZonePerSeat(z) {
			seats = 1 // the one instance, whatever seat
		}
		for seat := range seats {
			d := after.ZoneSize(z, seat) - before.ZoneSize(z, seat)
			switch {
			case d <= 0:
				continue
			case to != "" || d != 1:
				return ""
			case g.ZonePerSeat(z):
				to = fmt.Sprintf("%s to %s's %s", event, g.SeatTitle(seat), zone)
			case seenByAll:
				to = fmt.Sprintf("turned to the %s", zone)
				if k := newKind(g, before, after, z); k >= 0 {
					to += ": " + pieceWord(g, g.Kind(k))
				}
			case event == zone:
				to = "to the " + zone
			default:
				to = fmt.Sprintf("%s to the %s", event, zone)
			}
		}
	}
	return to
}

// newKind returns the kind of which the shared zone z holds one piece
// more after than before, or -1.
func newKind(g *core.Game, before, after *core.State, z int) int {
	for k := range g.NumKinds() {
		if after.ZoneCount(z, 0, k) > before.ZoneCount(z, 0, k) {
			return k
		}
	}
	return -1
}
