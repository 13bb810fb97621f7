package board

import (
	"fmt"
	"strconv"
)

// colName names column i (0-based) as a, b, …, z, aa, ab, ….
func colName(i int) string {
	s := ""
	for i >= 0 {
		s = string(rune('a'+i%26)) + s
		i = i/26 - 1
	}
	return s
}

// Grid builds a width×height rectangular board. Cells are named by column
// letter and row number from the bottom left (a1). Directions are n, e, s, w
// and, when diagonal is set, ne, se, sw, nw; adjacency follows the directions.
func Grid(width, height int, diagonal bool) (*Board, error) {
	if width < 1 || height < 1 {
		return nil, fmt.Errorf("grid must be at least 1×1, got %d×%d", width, height)
	}
	if width*height > MaxCells {
		return nil, fmt.Errorf("grid %d×%d has %d cells; the limit is %d", width, height, width*height, MaxCells)
	}
	dirs := []string{"n", "e", "s", "w"}
	dx := []int{0, 1, 0, -1, 1, 1, -1, -1}
	dy := []int{1, 0, -1, 0, 1, -1, -1, 1}
	if diagonal {
		dirs = append(dirs, "ne", "se", "sw", "nw")
	}
	bl := newBuilder("grid", dirs)
	for y := 0; y < height; y++ {
		for x := 0; x < width; x++ {
			if _, err := bl.add(colName(x)+strconv.Itoa(y+1), map[string]any{"x": x + 1, "y": y + 1, "col": x + 1, "row": y + 1}); err != nil {
				return nil, err
			}
		}
	}
	step := func(c, d int) int {
		x, y := c%width+dx[d], c/width+dy[d]
		if x < 0 || y < 0 || x >= width || y >= height {
			return NoCell
		}
		return y*width + x
	}
	for c := range bl.b.Cells {
		for d := range dirs {
			if s := step(c, d); s != NoCell {
				bl.link(c, s)
			}
		}
	}
	b := bl.finish(step, func(_, d, _, cur int) int { return step(cur, d) })
	b.setOpposites([][2]string{{"n", "s"}, {"e", "w"}, {"ne", "sw"}, {"se", "nw"}})
	return b, nil
}

// Hex builds a hexagonal board from its row lengths, bottom row first, in
// the axial notation of DVONN: columns a, b, …, rows 1, 2, …; a row after
// the longest one starts one column further right than the row before it.
// The six neighbours of (col,row) are (col±1,row), (col,row±1),
// (col+1,row+1) and (col−1,row−1); directions are e, w, ne, sw, nw, se.
func Hex(rows []int) (*Board, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("hex board needs at least one row")
	}
	longest, total := 0, 0
	for i, n := range rows {
		if n < 1 || n > MaxCells {
			return nil, fmt.Errorf("hex row %d has %d cells", i+1, n)
		}
		if n > rows[longest] {
			longest = i
		}
		total += n
	}
	if total > MaxCells {
		return nil, fmt.Errorf("hex board has %d cells; the limit is %d", total, MaxCells)
	}
	dirs := []string{"e", "w", "ne", "sw", "nw", "se"}
	dcol := []int{1, -1, 1, -1, 0, 0}
	drow := []int{0, 0, 1, -1, 1, -1}
	bl := newBuilder("hex", dirs)
	at := map[[2]int]int{}
	for r, n := range rows {
		start := 0
		if r > longest {
			start = r - longest
		}
		for k := 0; k < n; k++ {
			col := start + k
			id, err := bl.add(colName(col)+strconv.Itoa(r+1), map[string]any{"col": col + 1, "row": r + 1, "x": col + 1, "y": r + 1})
			if err != nil {
				return nil, err
			}
			at[[2]int{col, r}] = id
		}
	}
	step := func(c, d int) int {
		a := bl.b.Cells[c].Attrs
		key := [2]int{a["col"].(int) - 1 + dcol[d], a["row"].(int) - 1 + drow[d]}
		if id, ok := at[key]; ok {
			return id
		}
		return NoCell
	}
	for c := range bl.b.Cells {
		for d := range dirs {
			if s := step(c, d); s != NoCell {
				bl.link(c, s)
			}
		}
	}
	b := bl.finish(step, func(_, d, _, cur int) int { return step(cur, d) })
	b.setOpposites([][2]string{{"e", "w"}, {"ne", "sw"}, {"nw", "se"}})
	return b, nil
}

// Pits builds a mancala board: for each seat, pits numbered 1..pits from
// that seat's left, then (when stores is set) the seat's store. The sowing
// track runs seat 0's pits, its store, seat 1's pits, its store, and so on.
// Cells are named SEAT+NUMBER (south3) and SEAT+"-store"; attributes: owner
// (seat index), kind ("pit" or "store") and index (1..pits, 0 for a store).
// Per-seat regions "pits" and "store" are defined.
func Pits(seats []string, pits int, stores bool) (*Board, error) {
	if pits < 1 || len(seats) < 1 {
		return nil, fmt.Errorf("pit board needs at least one pit and one seat")
	}
	if pits*len(seats) > MaxCells/2 {
		return nil, fmt.Errorf("pit board has %d pits; the limit is %d", pits*len(seats), MaxCells/2)
	}
	bl := newBuilder("pits", nil)
	pitReg := make([][]int32, len(seats))
	storeReg := make([][]int32, len(seats))
	for s, seat := range seats {
		for k := 1; k <= pits; k++ {
			id, err := bl.add(seat+strconv.Itoa(k), map[string]any{"owner": s, "kind": "pit", "index": k})
			if err != nil {
				return nil, err
			}
			pitReg[s] = append(pitReg[s], int32(id))
		}
		if stores {
			id, err := bl.add(seat+"-store", map[string]any{"owner": s, "kind": "store", "index": 0})
			if err != nil {
				return nil, err
			}
			storeReg[s] = append(storeReg[s], int32(id))
		}
	}
	b := bl.b
	b.trackPos = make([]int32, len(b.Cells))
	for c := range b.Cells {
		b.Track = append(b.Track, int32(c))
		b.trackPos[c] = int32(c)
	}
	for i := range b.Track {
		bl.link(int(b.Track[i]), int(b.Track[(i+1)%len(b.Track)]))
	}
	bl.finish(nil, nil)
	b.seatReg["pits"] = pitReg
	if stores {
		b.seatReg["store"] = storeReg
	}
	return b, nil
}

// Face is one rectangular face of a folded board: W×H unit squares spanned
// by the integer vectors U and V from Origin in space.
type Face struct {
	Name         string
	Origin, U, V [3]int
	W, H         int
}

// Faces builds a board of square faces joined along folds (the STRIX cube
// corner is three 7×7 faces). The cell (i,j) of a face, 1-based, is the unit
// square from Origin+(i−1)U+(j−1)V to Origin+iU+jV; its attributes are face,
// i, j and x, y, z, the coordinates of that far corner. Two cells are
// adjacent when their squares share an edge, on one face or across a fold.
// Directions are "+i", "-i", "+j", "-j" of the cell's own face; a ray leaves
// each square by the edge opposite the one it entered by, so it runs straight
// on across a fold onto the next face. name gives each cell's name.
func Faces(faces []Face, name func(f Face, i, j int) string) (*Board, error) {
	return FacesWith(faces, name, false)
}

// FacesWith is Faces, with the four diagonal directions when diagonal is
// set: "+i+j", "+i-j", "-i+j" and "-i-j", a cell's corners in its own face.
// A diagonal step through a corner goes to the cells "two places round" it
// (at a corner of four squares the one cell sharing only that corner; where
// six meet, the two such cells either side), and a diagonal ray leaves each
// square by the corner opposite the one it came in by, so it bends across
// folds and forks where a step has two cells (see Branches). The board then
// knows its corners (HasCorners, Via) and its opposite directions.
func FacesWith(faces []Face, name func(f Face, i, j int) string, diagonal bool) (*Board, error) {
	total := 0
	for _, f := range faces {
		if f.W < 1 || f.H < 1 || f.W > MaxCells || f.H > MaxCells {
			return nil, fmt.Errorf("face %s has size %d×%d", f.Name, f.W, f.H)
		}
		total += f.W * f.H
	}
	if total > MaxCells {
		return nil, fmt.Errorf("board has %d cells; the limit is %d", total, MaxCells)
	}
	type point [3]int
	type edge [2]point
	mk := func(a, b point) edge {
		if a[0] > b[0] || (a[0] == b[0] && (a[1] > b[1] || (a[1] == b[1] && a[2] > b[2]))) {
			a, b = b, a
		}
		return edge{a, b}
	}
	at := func(f Face, i, j int) point {
		var p point
		for k := 0; k < 3; k++ {
			p[k] = f.Origin[k] + i*f.U[k] + j*f.V[k]
		}
		return p
	}
	dirs := []string{"+i", "-i", "+j", "-j"}
	if diagonal {
		dirs = append(dirs, diagonalDirs[:]...)
	}
	bl := newBuilder("faces", dirs)
	var edges [][4]edge
	var corners [][4]point
	owners := map[edge][]int{}
	for _, f := range faces {
		for j := 1; j <= f.H; j++ {
			for i := 1; i <= f.W; i++ {
				far := at(f, i, j)
				id, err := bl.add(name(f, i, j), map[string]any{"face": f.Name, "i": i, "j": j,
					"x": far[0], "y": far[1], "z": far[2]})
				if err != nil {
					return nil, err
				}
				// edges: +i side, -i side, +j side, -j side
				e := [4]edge{
					mk(at(f, i, j-1), at(f, i, j)),
					mk(at(f, i-1, j-1), at(f, i-1, j)),
					mk(at(f, i-1, j), at(f, i, j)),
					mk(at(f, i-1, j-1), at(f, i, j-1)),
				}
				edges = append(edges, e)
				corners = append(corners, [4]point{at(f, i-1, j-1), at(f, i, j-1), at(f, i, j), at(f, i-1, j)})
				for _, x := range e {
					owners[x] = append(owners[x], id)
				}
			}
		}
	}
	for _, ids := range owners {
		if len(ids) > 2 {
			return nil, fmt.Errorf("more than two squares share an edge (cells %s, %s, %s)",
				bl.b.Cells[ids[0]].Name, bl.b.Cells[ids[1]].Name, bl.b.Cells[ids[2]].Name)
		}
		if len(ids) == 2 {
			bl.link(ids[0], ids[1])
		}
	}
	across := func(c int, e edge) int {
		for _, o := range owners[e] {
			if o != c {
				return o
			}
		}
		return NoCell
	}
	// the neighbour across each edge, looked up once: rays walk it often
	nbr := make([][4]int, len(edges))
	for c := range edges {
		for k, e := range edges[c] {
			nbr[c][k] = across(c, e)
		}
	}
	opposite := [4]int{1, 0, 3, 2}
	step := func(c, d int) int { return nbr[c][d] }
	next := func(_, _, prev, cur int) int {
		for k, o := range nbr[cur] {
			if o == prev {
				return nbr[cur][opposite[k]]
			}
		}
		return NoCell
	}
	if !diagonal {
		return bl.finish(step, next), nil
	}
	// the corners as point ids, and the diagonal rays with their forks
	q := &quadCells{corner: make([][4]int32, len(corners))}
	ids := map[point]int32{}
	for c, cs := range corners {
		for k, p := range cs {
			id, ok := ids[p]
			if !ok {
				id = int32(len(q.round))
				ids[p] = id
				q.round = append(q.round, nil)
			}
			q.corner[c][k] = id
			q.round[id] = append(q.round[id], int32(c))
		}
	}
	q.tabulate()
	n := len(corners)
	nd := len(dirs)
	paths := make([][][]int32, n*nd)
	for c := 0; c < n; c++ {
		for d, k := range diagonalCorner {
			ps := q.diagonalPaths(c, k, n)
			paths[c*nd+4+d] = ps
			for _, pth := range ps {
				if len(pth) > 0 {
					bl.link(c, int(pth[0]))
				}
			}
		}
	}
	b := bl.finish(func(c, d int) int {
		if d < 4 {
			return step(c, d)
		}
		if ps := paths[c*nd+d]; len(ps) > 0 && len(ps[0]) > 0 {
			return int(ps[0][0])
		}
		return NoCell
	}, func(c, d, prev, cur int) int {
		if d < 4 {
			return next(c, d, prev, cur)
		}
		main := paths[c*nd+d][0]
		for i, x := range main {
			if int(x) == cur && i+1 < len(main) {
				return int(main[i+1])
			}
		}
		return NoCell
	})
	b.quad = q
	b.branchOff = make([]int32, n*nd+1)
	for k := 0; k < n*nd; k++ {
		ps := paths[k]
		for i := 1; i < len(ps); i++ {
			skip := 0
			for skip < len(ps[i]) && skip < len(ps[i-1]) && ps[i][skip] == ps[i-1][skip] {
				skip++
			}
			b.branches = append(b.branches, Branch{Skip: skip, Cells: ps[i]})
		}
		b.branchOff[k+1] = int32(len(b.branches))
	}
	b.setOpposites([][2]string{{"+i", "-i"}, {"+j", "-j"}, {"+i+j", "-i-j"}, {"+i-j", "-i+j"}})
	return b, nil
}

// diagonalDirs are the diagonal directions of a faces board, and
// diagonalCorner the corner of a cell each leaves by (corners 0..3 are
// (i-1, j-1), (i, j-1), (i, j), (i-1, j) of the cell's square).
var (
	diagonalDirs   = [4]string{"+i+j", "+i-j", "-i+j", "-i-j"}
	diagonalCorner = [4]int{2, 1, 3, 0}
)

// GraphCell is one cell of an explicit graph board.
type GraphCell struct {
	Name  string
	Attrs map[string]any
	Links []string
}

// Graph builds a board from explicit cells and links (links are symmetric)
// and from declared lines (see LineSet), whose points are joined in order
// and give the board its directions and rays. A ray along a closed line stops
// before coming back to its start. Without lines the board has no
// directions and so no rays.
func Graph(cells []GraphCell, lines ...LineSet) (*Board, error) {
	bl := newBuilder("graph", nil)
	for _, c := range cells {
		attrs := map[string]any{}
		for k, v := range c.Attrs {
			attrs[k] = v
		}
		if _, err := bl.add(c.Name, attrs); err != nil {
			return nil, err
		}
	}
	for i, c := range cells {
		for _, l := range c.Links {
			j, ok := bl.b.byName[l]
			if !ok {
				return nil, fmt.Errorf("cell %s links to unknown cell %q", c.Name, l)
			}
			bl.link(i, j)
		}
	}
	if len(lines) == 0 {
		return bl.finish(nil, nil), nil
	}
	step, pairs, err := graphLines(bl, lines)
	if err != nil {
		return nil, err
	}
	b := bl.finish(step, func(start, d, _, cur int) int {
		if t := step(cur, d); t != start {
			return t
		}
		return NoCell
	})
	b.setOpposites(pairs)
	return b, nil
}
