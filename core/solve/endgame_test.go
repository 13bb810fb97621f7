package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// kalah is an independent model of Kalah as mancala/egyptian reads it by
// default (the rule text in shared/rules/traditional-games.md): pits per
// side, sowing counter-clockwise from one's own pit through one's own
// store and the other side's pits (the other store is skipped, the
// emptied pit is not); the last stone in one's store earns another move;
// the last stone in an empty pit of one's own takes it and the pit across
// (pit i faces the other side's pit pits-1-i), even when that one is
// empty; the game ends as soon as either side's pits are empty, and each
// seat scores its store and the stones left on its side.
type kalah struct {
	pits  int
	memo  map[string]int
	nodes int
}

// pos is pits[0..n) south, pits[n..2n) north, then the two stores.
type pos []int

func (k *kalah) over(p pos) bool {
	n := k.pits
	empty := func(s int) bool {
		for i := 0; i < n; i++ {
			if p[s*n+i] != 0 {
				return false
			}
		}
		return true
	}
	return empty(0) || empty(1)
}

// final is south's final margin.
func (k *kalah) final(p pos) int {
	n := k.pits
	sc := [2]int{p[2*n], p[2*n+1]}
	for s := 0; s < 2; s++ {
		for i := 0; i < n; i++ {
			sc[s] += p[s*n+i]
		}
	}
	return sc[0] - sc[1]
}

// play sows pit i of seat s and returns the new position and whether s
// moves again.
func (k *kalah) play(p pos, s, i int) (pos, bool) {
	n := k.pits
	q := append(pos(nil), p...)
	// the track as seen by s: own pits, own store, other pits
	track := make([]int, 0, 2*n+1)
	for j := 0; j < n; j++ {
		track = append(track, s*n+j)
	}
	track = append(track, 2*n+s)
	for j := 0; j < n; j++ {
		track = append(track, (1-s)*n+j)
	}
	hand := q[s*n+i]
	q[s*n+i] = 0
	at := i
	for hand > 0 {
		at = (at + 1) % len(track)
		q[track[at]]++
		hand--
	}
	last := track[at]
	if last == 2*n+s {
		return q, true
	}
	if last/n == s && last < 2*n && q[last] == 1 {
		across := (1-s)*n + (n - 1 - last%n)
		q[2*n+s] += 1 + q[across]
		q[last], q[across] = 0, 0
	}
	return q, false
}

// value is the margin the seat to move s still wins from p: its final
// margin minus its margin in the stores now, by full minimax.
func (k *kalah) value(p pos, s int) int {
	key := fmt.Sprint(p[:2*k.pits], s)
	if v, ok := k.memo[key]; ok {
		return v
	}
	k.nodes++
	n := k.pits
	sg := 1 - 2*s
	here := sg * (p[2*n] - p[2*n+1])
	best := -1 << 30
	for i := 0; i < n; i++ {
		if p[s*n+i] == 0 {
			continue
		}
		q, again := k.play(p, s, i)
		var v int
		switch {
		case k.over(q):
			v = sg * k.final(q)
		case again:
			v = sg*(q[2*n]-q[2*n+1]) + k.value(q, s)
		default:
			v = sg*(q[2*n]-q[2*n+1]) - k.value(q, 1-s)
		}
		best = max(best, v-here)
	}
	if best == -1<<30 { // no move: the game is over
		best = sg*k.final(p) - here
	}
	k.memo[key] = best
	return best
}

// The solver, with and without endgame databases, and with databases that
// hold the whole game, agrees with the independent model from the start;
// and the databases' values of random placements agree with the model's.
func TestEndgameAgreesWithModel(t *testing.T) {
	for _, tc := range []struct{ pits, seeds int }{{2, 3}, {3, 2}, {3, 3}, {4, 2}} {
		t.Run(fmt.Sprintf("pits=%d,seeds=%d", tc.pits, tc.seeds), func(t *testing.T) {
			g := load(t, "mancala/egyptian", fmt.Sprint("pits=", tc.pits), fmt.Sprint("seeds=", tc.seeds))
			k := &kalah{pits: tc.pits, memo: map[string]int{}}
			start := make(pos, 2*tc.pits+2)
			for i := 0; i < 2*tc.pits; i++ {
				start[i] = tc.seeds
			}
			want := k.value(start, 0)
			inPlay := 2 * tc.pits * tc.seeds
			levels := []int{-1, inPlay / 2, inPlay}
			if inPlay > 12 {
				levels = levels[:2] // (the whole game's databases take seconds)
			}
			for _, eg := range levels {
				r, err := Solve(context.Background(), g, g.NewState(), Options{Endgame: eg, CacheDir: "-"})
				if err != nil {
					t.Fatal(err)
				}
				if r.Value != want {
					t.Fatalf("endgame %d: value %d, the model says %d", eg, r.Value, want)
				}
				if eg >= 0 && r.Endgame != eg {
					t.Fatalf("endgame %d: databases of %d stones (%s)", eg, r.Endgame, r.EndgameNote)
				}
				checkLine(t, g, g.NewState(), r)
			}
			m, err := detectMaterial(g, g.NewState())
			if err != nil {
				t.Fatal(err)
			}
			if len(m.banks) != 2 || len(m.field) != 2*tc.pits || m.weight[0] != 1 || m.weight[1] != -1 {
				t.Fatalf("material model: field %v banks %v weights %v", m.field, m.banks, m.weight)
			}
			db := newEndgame(m, inPlay/2)
			if err := db.build(context.Background(), 0, 2, nil); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			x := make([]int, db.f)
			for i := 0; i < 300; i++ {
				n := rng.IntN(db.maxN + 1)
				r := rng.IntN(db.size(n))
				db.unrank(n, r, x)
				if db.rank(x) != r {
					t.Fatalf("rank(unrank(%d)) = %d", r, db.rank(x))
				}
				p := make(pos, 2*tc.pits+2)
				copy(p, x) // the field is the pits in board order: south's, then north's
				seat := rng.IntN(2)
				got, ok := db.value(n, 2*r+seat)
				if !ok {
					t.Fatalf("level %d rank %d not solved", n, r)
				}
				if k.over(p) {
					continue // never read: such a position has ended
				}
				if want := k.value(p, seat); got != want {
					t.Fatalf("placement %v, %s to move: database %d, model %d", x, g.Seat(seat), got, want)
				}
			}
		})
	}
}

// The databases are kept in the cache directory, read back, and rebuilt
// when the file disagrees with the rules.
func TestEndgameCache(t *testing.T) {
	dir := t.TempDir()
	g := load(t, "mancala/egyptian", "pits=3", "seeds=2")
	opts := Options{Endgame: 8, CacheDir: dir}
	r1, err := Solve(context.Background(), g, g.NewState(), opts)
	if err != nil || r1.EndgameCached {
		t.Fatalf("first solve: %v, cached %v", err, r1.EndgameCached)
	}
	r2, err := Solve(context.Background(), g, g.NewState(), opts)
	if err != nil || !r2.EndgameCached || r2.Value != r1.Value {
		t.Fatalf("second solve: %v, cached %v, value %d (first %d)", err, r2.EndgameCached, r2.Value, r1.Value)
	}
	m, _ := detectMaterial(g, g.NewState())
	path := cachePath(dir, g, m)
	// Other rules use another file.
	g2 := load(t, "mancala/egyptian", "pits=3", "seeds=2", "capture_empty_across=false")
	m2, _ := detectMaterial(g2, g2.NewState())
	if cachePath(dir, g2, m2) == path {
		t.Fatal("two rule sets share a cache file")
	}
	// A file whose values are wrong is found out and rebuilt.
	eg := newEndgame(m, 8)
	if from := eg.readCache(path, 1); from != 9 {
		t.Fatalf("read %d levels", from)
	}
	for n := 0; n <= 8; n++ {
		for i := range eg.levels[n] {
			eg.levels[n][i] ^= 0x01010101
		}
	}
	if err := eg.writeCache(path); err != nil {
		t.Fatal(err)
	}
	if from := newEndgame(m, 8).readCache(path, 1); from != 0 {
		t.Fatalf("a corrupt file was read (%d levels)", from)
	}
	r3, err := Solve(context.Background(), g, g.NewState(), opts)
	if err != nil || r3.EndgameCached || r3.Value != r1.Value {
		t.Fatalf("after corruption: %v, cached %v, value %d", err, r3.EndgameCached, r3.Value)
	}
}
