package board

import "fmt"

// Circuit is a closed path through the cells of a board, declared by a
// variant ([board.circuits.NAME]): Cells lists the visits in order (a cell
// may be visited more than once: a circuit may cross itself), and the path
// runs on from the last visit back to the first. Loop[i] reports that the
// way from visit i to visit i+1 (the last to the first for the last visit)
// goes round a loop, a join outside the board's own lines. Surakarta's
// corner loops are the model.
type Circuit struct {
	Name  string
	Cells []int32
	Loop  []bool
}

// NewCircuit builds a circuit from its lines: the circuit runs through each
// line in order, and going from the last cell of a line to the first cell
// of the next (and from the last line back to the first) goes round a loop.
// It refuses an empty line or fewer than two visits in all.
func NewCircuit(name string, lines [][]int32) (Circuit, error) {
	ci := Circuit{Name: name}
	for i, ln := range lines {
		if len(ln) == 0 {
			return Circuit{}, fmt.Errorf("line %d is empty", i+1)
		}
		for j, c := range ln {
			ci.Cells = append(ci.Cells, c)
			ci.Loop = append(ci.Loop, j == len(ln)-1)
		}
	}
	if len(ci.Cells) < 2 {
		return Circuit{}, fmt.Errorf("a circuit visits at least two cells, this one %d", len(ci.Cells))
	}
	return ci, nil
}

// Loops returns the number of loops of the circuit.
func (ci *Circuit) Loops() int {
	n := 0
	for _, l := range ci.Loop {
		if l {
			n++
		}
	}
	return n
}

// AddCircuit records a circuit.
func (b *Board) AddCircuit(ci Circuit) { b.circuits = append(b.circuits, ci) }

// Circuits returns the declared circuits, in declaration order.
func (b *Board) Circuits() []Circuit { return b.circuits }

// Circuit returns the circuit called name.
func (b *Board) Circuit(name string) (*Circuit, bool) {
	for i := range b.circuits {
		if b.circuits[i].Name == name {
			return &b.circuits[i], true
		}
	}
	return nil, false
}
