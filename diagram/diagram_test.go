package diagram

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// element is what the tests read of the SVG: every element's class and
// data attributes.
type element struct {
	name  string
	attrs map[string]string
	text  string // the character data directly inside it
}

// parse checks that svg is well-formed XML with an <svg> root and returns
// its elements in document order.
func parse(t *testing.T, svg []byte) []element {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	var out []element
	depth := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			if depth == 0 && x.Name.Local != "svg" {
				t.Fatalf("root element %q, want svg", x.Name.Local)
			}
			depth++
			e := element{name: x.Name.Local, attrs: map[string]string{}}
			for _, a := range x.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			out = append(out, e)
		case xml.CharData:
			if len(out) > 0 {
				out[len(out)-1].text += string(x)
			}
		case xml.EndElement:
			depth--
		}
	}
	if depth != 0 {
		t.Fatal("unbalanced elements")
	}
	return out
}

func load(t *testing.T, name string) *core.Game {
	t.Helper()
	g, err := core.Load(name, core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestEveryVariant draws the start of every embedded variant (grid, hex,
// pits, faces, graph) and checks that every cell is drawn once, by name,
// every occupied cell carries one piece of its top piece's kind and
// height, and every pit its count.
func TestEveryVariant(t *testing.T) {
	kinds := map[string]bool{}
	for _, name := range variants.Names() {
		t.Run(name, func(t *testing.T) {
			g := load(t, name)
			kinds[g.Board().Kind] = true
			if g.Board().Kind == "faces" && facesLayout(g) == nil && rosetteLayout(g) == nil {
				t.Error("the faces are not unfolded")
			}
			s := g.NewState()
			var buf bytes.Buffer
			if err := Render(&buf, g, s, Options{}); err != nil {
				t.Fatal(err)
			}
			if CardTable(g, s) {
				checkTable(t, g, s, parse(t, buf.Bytes()))
				return
			}
			checkPosition(t, g, s, parse(t, buf.Bytes()))
		})
	}
	for _, k := range []string{"grid", "hex", "pits", "faces", "graph"} {
		if !kinds[k] {
			t.Errorf("no embedded variant on a %s board", k)
		}
	}
}

// checkTable checks a card game's table: one row per zone instance,
// those the seat to move cannot see by their size only.
func checkTable(t *testing.T, g *core.Game, s *core.State, els []element) {
	t.Helper()
	var rows []string
	for _, e := range els {
		if e.attrs["class"] == "zone" {
			rows = append(rows, strings.TrimSpace(e.text))
		}
	}
	want := 0
	for z := range g.Zones() {
		n := 1
		if g.ZonePerSeat(z) {
			n = g.NumSeats()
		}
		for seat := 0; seat < n; seat++ {
			if size := s.ZoneSize(z, seat); size > 0 && !g.ZoneVisible(s, z, seat, s.ToMove()) {
				found := false
				for _, r := range rows {
					found = found || strings.HasSuffix(r, fmt.Sprintf(": %d face down", size))
				}
				if !found {
					t.Errorf("zone %s of seat %d: %d face down not drawn in %q", g.Zones()[z], seat, size, rows)
				}
			}
		}
		want += n
	}
	if len(rows) != want {
		t.Errorf("%d zone rows drawn, want %d: %q", len(rows), want, rows)
	}
}

func checkPosition(t *testing.T, g *core.Game, s *core.State, els []element) {
	t.Helper()
	cells := map[string]int{}
	pieces := map[string]element{}
	counts := map[string]string{}
	var texts int
	for _, e := range els {
		switch e.attrs["class"] {
		case "cell":
			cells[strings.TrimPrefix(e.attrs["id"], "cell-")]++
		case "piece":
			if _, dup := pieces[e.attrs["data-cell"]]; dup {
				t.Errorf("two pieces drawn on %s", e.attrs["data-cell"])
			}
			pieces[e.attrs["data-cell"]] = e
		case "count":
			counts[e.attrs["data-cell"]] = ""
		}
		if e.name == "text" {
			texts++
		}
	}
	if len(cells) != g.Board().N() {
		t.Errorf("%d cells drawn, want %d", len(cells), g.Board().N())
	}
	for c, cell := range g.Board().Cells {
		if cells[cell.Name] != 1 {
			t.Errorf("cell %s drawn %d times", cell.Name, cells[cell.Name])
		}
		h := s.Height(c)
		p, drawn := pieces[cell.Name]
		switch {
		case h == 0 && drawn:
			t.Errorf("%s is empty but a piece is drawn", cell.Name)
		case h > 0 && !drawn:
			t.Errorf("%s holds %d pieces, none drawn", cell.Name, h)
		case h > 0:
			if want := g.PieceKindOf(s.Top(c)).Name; p.attrs["data-kind"] != want {
				t.Errorf("%s: drawn kind %q, want %q", cell.Name, p.attrs["data-kind"], want)
			}
			if p.attrs["data-height"] != strconv.Itoa(h) {
				t.Errorf("%s: drawn height %s, want %d", cell.Name, p.attrs["data-height"], h)
			}
		}
		if _, ok := counts[cell.Name]; s.Count(c) > 0 && h == 0 && !ok {
			t.Errorf("%s holds %d stones, no count drawn", cell.Name, s.Count(c))
		}
	}
	if texts == 0 {
		t.Error("no text: coordinates missing")
	}
}

// TestRecordMarksArrows draws DVONN after a record with a mark and an
// arrow: the last move's cells are highlighted, the stacks drawn with
// their heights.
func TestRecordMarksArrows(t *testing.T) {
	g := load(t, "dvonn")
	h := core.NewHistory(g, g.NewState())
	for i := 0; i < 60; i++ {
		moves := h.Legal(nil)
		if len(moves) == 0 {
			break
		}
		if err := h.Play(moves[i*7%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
	last := h.Moves()[h.Len()-1]
	a, _ := g.Board().Index("a1")
	c, _ := g.Board().Index("c3")
	var buf bytes.Buffer
	if err := Render(&buf, g, h.State, Options{Last: last, HasLast: true, Marks: []int{a}, Arrows: [][2]int{{a, c}}}); err != nil {
		t.Fatal(err)
	}
	els := parse(t, buf.Bytes())
	checkPosition(t, g, h.State, els)
	var marks, arrows, tall int
	for _, e := range els {
		switch e.attrs["class"] {
		case "mark":
			marks++
		case "arrow":
			arrows++
		case "piece":
			if e.attrs["data-height"] != "1" {
				tall++
			}
		}
	}
	if marks != 1 || arrows != 1 {
		t.Errorf("%d marks and %d arrows drawn, want 1 and 1", marks, arrows)
	}
	if tall == 0 {
		t.Error("no stack taller than one after 60 moves of DVONN: the test proves little")
	}
	if !bytes.Contains(buf.Bytes(), []byte("#fff3a0")) {
		t.Error("the last move is not highlighted")
	}
}

// Drawn from the board's and the display's declared data, not per game:
// one loop path per loop of every declared circuit (Surakarta: 2 circuits
// of 4 corner loops), and one gap line per display gap_after_rows, midway
// between the two rows (Xiangqi's river between ranks 5 and 6).
func TestLoopsAndGaps(t *testing.T) {
	for _, tc := range []struct {
		name        string
		loops, gaps int
	}{{"traditional/surakarta", 8, 0}, {"traditional/xiangqi", 0, 1}, {"traditional/hnefatafl", 0, 0}} {
		g := load(t, tc.name)
		var buf bytes.Buffer
		if err := Render(&buf, g, g.NewState(), Options{}); err != nil {
			t.Fatal(err)
		}
		svg := buf.String()
		want := 0
		for _, ci := range g.Board().Circuits() {
			want += ci.Loops()
		}
		if got := strings.Count(svg, `class="loop"`); got != tc.loops || got != want {
			t.Errorf("%s: %d loops drawn, the board declares %d (want %d)", tc.name, got, want, tc.loops)
		}
		if got := strings.Count(svg, `class="gap"`); got != tc.gaps || got != len(g.Display().GapAfterRows) {
			t.Errorf("%s: %d gap lines, want %d", tc.name, got, tc.gaps)
		}
		// [display] crosses: one cross per connected block (Xiangqi: the
		// two fortresses, d1-f3 and d8-f10)
		if got, want := strings.Count(svg, `class="cross"`), 2*tc.gaps; got != want {
			t.Errorf("%s: %d crosses, want %d", tc.name, got, want)
		}
		if tc.gaps > 0 && !strings.Contains(svg, crossOf(t, g, svg, "d1", "f3")) {
			t.Errorf("xiangqi: no cross from d1 to f3")
		}
		if tc.gaps > 0 {
			// midway between the centres of e5 and e6
			y := func(cell string) string {
				i := strings.Index(svg, `id="cell-`+cell+`"><rect x="`)
				rest := svg[i:]
				j := strings.Index(rest, `y="`)
				return rest[j+3 : j+3+strings.Index(rest[j+3:], `"`)]
			}
			var y5, y6, gy float64
			fmt.Sscan(y("e5"), &y5)
			fmt.Sscan(y("e6"), &y6)
			i := strings.Index(svg, `class="gap"`)
			fmt.Sscanf(svg[i+strings.Index(svg[i:], `y1="`)+4:], "%f", &gy)
			// rect y is the top edge: the gap is e5's top edge, e6's bottom
			if gy != y5 || gy != y6+unit {
				t.Errorf("xiangqi: the gap line at y=%v, e5's top %v, e6's top %v", gy, y5, y6)
			}
		}
	}
}

// crossOf returns the start of the path a cross over the block from the
// centre of cell a to that of cell b is drawn with.
func crossOf(t *testing.T, g *core.Game, svg, a, b string) string {
	t.Helper()
	l := layoutOf(g)
	ia, _ := g.Board().Index(a)
	ib, _ := g.Board().Index(b)
	pa, pb := l.cells[ia], l.cells[ib]
	return fmt.Sprintf(`d="M%.1f,%.1f L%.1f,%.1f`, math.Min(pa.x, pb.x), math.Min(pa.y, pb.y), math.Max(pa.x, pb.x), math.Max(pa.y, pb.y))
}
