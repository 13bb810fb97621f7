package core

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// The dice chance type: [chance.NAME] type = "dice". A throw of count dice
// of faces faces each, all results equally likely. Unordered (the default),
// an outcome is the multiset of values, written high first ("5-3") and
// weighted by the number of ordered results giving it (two dice: doubles 1,
// the others 2, of 36); ordered, each of faces^count results is an outcome
// of weight 1, written in order ("3-5").
//
// State words: the values of the last throw (high first when unordered),
// then the run of doubles (consecutive doubles thrown by one seat), the
// thrower + 1, and the extra-turn flag of extra_turn = "doubles".
var diceChance = chanceType{name: "dice", doc: "a throw of dice: count dice of faces faces, unordered (21 outcomes for two six-sided dice) or ordered",
	keys: []*Key{&diceCountKey, &diceFacesKey, &diceOrderedKey, &diceExtraKey, &diceLimitKey}, compile: compileDice}

var (
	diceCountKey   = Key{Name: "count", Type: TInt, Default: 1, Min: 1, Max: 8, Doc: "how many dice are thrown"}
	diceFacesKey   = Key{Name: "faces", Type: TInt, Default: 6, Min: 2, Max: 100, Doc: "the faces of each die, numbered 1 to faces"}
	diceOrderedKey = Key{Name: "ordered", Type: TBool, Default: false,
		Doc: "false: an outcome is the unordered throw, written high first (5-3) and weighted by its orderings; true: the dice are told apart (3-5 and 5-3 are two outcomes)"}
	diceExtraKey = Key{Name: "extra_turn", Type: TChoice, Default: "never", Allowed: []string{"never", "doubles"},
		Doc: "doubles: after the ply that follows a throw of doubles (every die alike, two dice or more), the same seat plays again"}
	diceLimitKey = Key{Name: "doubles_limit", Type: TInt, Default: 0, Min: 0, Max: 100,
		Doc: "with extra_turn = \"doubles\": the doubles_limit-th doubles in a row by one seat earns no further turn (0: no limit); doubles_run(NAME) tells the rules it is that throw"}
)

type diceEvent struct {
	chanceBase
	count, faces int
	ordered      bool
	extraDoubles bool
	limit        int
	// vals[i*count:(i+1)*count] are outcome i's dice; weights[i] its
	// weight; doubles[i] whether all its dice are alike (count ≥ 2).
	vals    []int32
	weights []int
	doubles []bool
	names   []string
	// result[r] is the outcome of ordered result r (sample)
	result []uint16
}

// the State words after the values
const (
	diceRun   = iota // consecutive doubles of the thrower
	diceSeat         // thrower + 1
	diceExtra        // 1: the next decision ply earns another turn
	diceWords
)

func compileDice(c *compiler, p string, cb chanceBase) chanceEvent {
	d := &diceEvent{chanceBase: cb}
	d.count = c.readInt(p, &diceCountKey)
	d.faces = c.readInt(p, &diceFacesKey)
	d.ordered = c.readBool(p, &diceOrderedKey)
	d.extraDoubles = c.readChoice(p, &diceExtraKey) == "doubles"
	d.limit = c.readInt(p, &diceLimitKey)
	n := 1
	for i := 0; i < d.count; i++ {
		if n *= d.faces; n > MaxChanceOutcomes {
			c.r.ValueErrorf(p, "%s: %d dice of %d faces have more than %d ordered results", p, d.count, d.faces, MaxChanceOutcomes)
			return nil
		}
	}
	// Every ordered result, in lexicographic order; unordered outcomes
	// are the results sorted high first, weighted by how many give them.
	index := map[string]int{}
	cur := make([]int32, d.count)
	sorted := make([]int32, d.count)
	for r := 0; r < n; r++ {
		x := r
		for i := d.count - 1; i >= 0; i-- {
			cur[i] = int32(x%d.faces + 1)
			x /= d.faces
		}
		key := cur
		if !d.ordered {
			copy(sorted, cur)
			slices.Sort(sorted)
			slices.Reverse(sorted)
			key = sorted
		}
		name := diceName(key)
		if i, ok := index[name]; ok {
			d.weights[i]++
			d.result = append(d.result, uint16(i))
			continue
		}
		d.result = append(d.result, uint16(len(d.names)))
		index[name] = len(d.names)
		d.names = append(d.names, name)
		d.vals = append(d.vals, key...)
		d.weights = append(d.weights, 1)
		same := d.count >= 2
		for _, v := range key[1:] {
			same = same && v == key[0]
		}
		d.doubles = append(d.doubles, same)
	}
	if !d.ordered {
		// outcomes in ascending order of their high-first tuples: 1-1,
		// 2-1, 2-2, 3-1, …, 6-6
		order := make([]int, len(d.names))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int {
			return slices.Compare(d.vals[a*d.count:(a+1)*d.count], d.vals[b*d.count:(b+1)*d.count])
		})
		vals, weights, doubles, names := make([]int32, 0, len(d.vals)), make([]int, 0, len(order)), make([]bool, 0, len(order)), make([]string, 0, len(order))
		rank := make([]uint16, len(order))
		for j, i := range order {
			rank[i] = uint16(j)
		}
		for r, i := range d.result {
			d.result[r] = rank[i]
		}
		for _, i := range order {
			vals = append(vals, d.vals[i*d.count:(i+1)*d.count]...)
			weights = append(weights, d.weights[i])
			doubles = append(doubles, d.doubles[i])
			names = append(names, d.names[i])
		}
		d.vals, d.weights, d.doubles, d.names = vals, weights, doubles, names
	}
	d.slots = d.count + diceWords
	return d
}

func diceName(v []int32) string {
	var b strings.Builder
	for i, x := range v {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(strconv.Itoa(int(x)))
	}
	return b.String()
}

func (d *diceEvent) possible(s *State) bool { return true }

// sample throws the dice: one of the faces^count ordered results, all
// equally likely, and its outcome.
func (d *diceEvent) sample(s *State, rng *rand.Rand) Move {
	return chanceMove(d.index, int(d.result[rng.IntN(len(d.result))]))
}

func (d *diceEvent) outcomes(s *State, buf []Move) []Move {
	for i := range d.weights {
		buf = append(buf, chanceMove(d.index, i))
	}
	return buf
}

func (d *diceEvent) weight(s *State, m Move) int {
	if i := chanceIdx(m); chanceEv(m) == d.index && i < len(d.weights) {
		return d.weights[i]
	}
	return 0
}

func (d *diceEvent) apply(s *State, m Move) bool {
	i := chanceIdx(m)
	for k := 0; k < d.count; k++ {
		s.setChanceSlot(d.index, k, d.vals[i*d.count+k])
	}
	seat := int32(s.ToMove() + 1)
	run := int32(0)
	if d.doubles[i] {
		run = 1
		if s.chanceSlot(d.index, d.count+diceSeat) == seat {
			run = s.chanceSlot(d.index, d.count+diceRun) + 1
		}
	}
	s.setChanceSlot(d.index, d.count+diceRun, run)
	s.setChanceSlot(d.index, d.count+diceSeat, seat)
	if d.extraDoubles && d.doubles[i] && (d.limit == 0 || int(run) < d.limit) {
		s.setChanceSlot(d.index, d.count+diceExtra, 1)
	}
	return false
}

func (d *diceEvent) takeExtra(s *State) bool {
	if s.chanceSlot(d.index, d.count+diceExtra) == 0 {
		return false
	}
	s.setChanceSlot(d.index, d.count+diceExtra, 0)
	return true
}

func (d *diceEvent) format(s *State, m Move) string {
	if i := chanceIdx(m); i < len(d.names) {
		return d.names[i]
	}
	return "?"
}

// parse accepts an unordered throw in any order ("3-5" for 5-3).
func (d *diceEvent) parse(s *State, text string) (Move, bool) {
	if d.ordered {
		return 0, false
	}
	parts := strings.Split(text, "-")
	if len(parts) != d.count {
		return 0, false
	}
	v := make([]int32, d.count)
	for i, p := range parts {
		x, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return 0, false
		}
		v[i] = int32(x)
	}
	slices.Sort(v)
	slices.Reverse(v)
	name := diceName(v)
	for i, n := range d.names {
		if n == name {
			return chanceMove(d.index, i), true
		}
	}
	return 0, false
}

// shown writes the last throw ("" before any).
func (d *diceEvent) shown(s *State) string {
	if s.chanceSlot(d.index, 0) == 0 {
		return ""
	}
	v := make([]int32, d.count)
	for k := range v {
		v[k] = s.chanceSlot(d.index, k)
	}
	return diceName(v)
}

// die returns die k (0-based) of the last throw, 0 before any.
func (d *diceEvent) die(s *State, k int) int {
	if k < 0 || k >= d.count {
		return 0
	}
	return int(s.chanceSlot(d.index, k))
}

// total returns the sum of the last throw's dice.
func (d *diceEvent) total(s *State) int {
	t := 0
	for k := 0; k < d.count; k++ {
		t += int(s.chanceSlot(d.index, k))
	}
	return t
}

// isDoubles reports whether the last throw was doubles.
func (d *diceEvent) isDoubles(s *State) bool {
	if d.count < 2 || s.chanceSlot(d.index, 0) == 0 {
		return false
	}
	for k := 1; k < d.count; k++ {
		if s.chanceSlot(d.index, k) != s.chanceSlot(d.index, 0) {
			return false
		}
	}
	return true
}

// run returns the consecutive doubles the last thrower has thrown.
func (d *diceEvent) run(s *State) int { return int(s.chanceSlot(d.index, d.count+diceRun)) }

// DiceShape returns the number of dice and their faces of chance event ev,
// and whether it is a dice event. Move rules may ask it at compile time:
// the events are compiled before the rules.
func (g *Game) DiceShape(ev int) (count, faces int, ok bool) {
	if ev < 0 || ev >= len(g.chance) {
		return 0, 0, false
	}
	d, ok := g.chance[ev].(*diceEvent)
	if !ok {
		return 0, 0, false
	}
	return d.count, d.faces, true
}

// Die returns die k (0-based) of the last throw of dice event ev (an
// unordered throw sorted high first), 0 before any throw or when ev is not
// a dice event.
func (s *State) Die(ev, k int) int {
	if ev < 0 || ev >= len(s.g.chance) {
		return 0
	}
	if d, ok := s.g.chance[ev].(*diceEvent); ok {
		return d.die(s, k)
	}
	return 0
}

// DoublesRun returns how many doubles in a row the seat that last threw
// dice event ev has thrown, the last throw included (0 after other values).
func (s *State) DoublesRun(ev int) int {
	if ev < 0 || ev >= len(s.g.chance) {
		return 0
	}
	if d, ok := s.g.chance[ev].(*diceEvent); ok {
		return d.run(s)
	}
	return 0
}
