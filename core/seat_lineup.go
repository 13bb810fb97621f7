// This file holds seat lineups: a variant that declares more seats than
// play in one game ([players] count and [players.lineups]), as a star board
// seats 2, 3 or 6 players. The seats not in play drop out of the compiled
// game with the piece kinds they own.

package core

import (
	"fmt"
	"strconv"
	"strings"
)

var (
	playersCountKey = Key{Name: "count", Type: TInt, Min: 1, Max: MaxSeats,
		Doc: "how many of the seats play (an int or an expression over [params], e.g. 'players'); default: all"}
	playersLineupsKey = Key{Name: "lineups", Type: TTable,
		Doc: "[players.lineups]: COUNT = [SEAT, ...], the seats that play for each count (default: the first COUNT seats)"}
)

// lineup narrows the declared seats to those in play, in declared order
// (the turn order), and records the others, whose kinds and hands drop out.
// It returns the seats in play and the indices they had.
func (c *compiler) lineup(seats []string) ([]string, []int) {
	r := c.r
	all := make([]int, len(seats))
	for i := range all {
		all[i] = i
	}
	if !c.has("players", &playersCountKey) {
		if r.Has("players.lineups") {
			r.Errorf("players.lineups", "players.lineups: lineups need [players] count (how many seats play)")
		}
		return seats, all
	}
	n := c.readInt("players", &playersCountKey)
	p := "players.count"
	if n < 1 || n > len(seats) {
		// a count from a parameter (--set players=5) is placed at the
		// parameter set later, naming this key
		src, _ := c.r.Doc.Get(p)
		s, _ := src.(string)
		c.exprValueErrorf(p, s, "players.count: %d seats cannot play; the variant declares %d (%s)", n, len(seats), strings.Join(seats, ", "))
		return seats, all
	}
	pick := seats[:n]
	var counts []string
	for _, key := range r.Keys("players.lineups", nil) {
		lp := "players.lineups." + key
		k, err := strconv.Atoi(key)
		if err != nil || k < 1 || k > len(seats) {
			r.Errorf(lp, "players.lineups: %q is not a seat count from 1 to %d", key, len(seats))
			continue
		}
		counts = append(counts, key)
		names := r.Strings(lp)
		if len(names) != k {
			r.ValueErrorf(lp, "%s: want %d seats, got %d", lp, k, len(names))
			continue
		}
		seen := map[string]bool{}
		for i, name := range names {
			if !inStrings(seats, name) || seen[name] {
				r.ValueErrorf(fmt.Sprintf("%s.%d", lp, i), "%s: %q is not a declared seat, or is listed twice (seats: %s)", lp, name, strings.Join(seats, ", "))
				return seats, all
			}
			seen[name] = true
		}
		if k == n {
			pick = nil
			for _, s := range seats { // in the declared (turn) order
				if seen[s] {
					pick = append(pick, s)
				}
			}
		}
	}
	if r.Has("players.lineups") && !inStrings(counts, strconv.Itoa(n)) && n != len(seats) {
		r.ValueErrorf(p, "players.count: no lineup for a count of %d (lineups: %s)", n, strings.Join(counts, ", "))
	}
	var idx []int
	c.absentSeats = map[string]bool{}
	for i, s := range seats {
		if inStrings(pick, s) {
			idx = append(idx, i)
		} else {
			c.absentSeats[s] = true
		}
	}
	return pick, idx
}

func inStrings(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// absentSeat is what compiler.seat returns for a declared seat that is not
// in play.
const absentSeat = -3
