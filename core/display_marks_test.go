package core_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// marksVariant is a four-seat line of cells, one piece per seat: glyphs
// gives each seat's glyph, display an optional [display] table.
func marksVariant(glyphs [4]string, display string) []byte {
	var b strings.Builder
	b.WriteString("name = \"test/marks\"\n[players]\nseats = [\"a\", \"b\", \"c\", \"d\"]\n[board]\nkind = \"grid\"\nwidth = 4\nheight = 1\n")
	for i, s := range []string{"a", "b", "c", "d"} {
		fmt.Fprintf(&b, "[pieces.%s_man]\nowner = %q\nglyph = %q\n", s, s, glyphs[i])
	}
	b.WriteString("[setup.pieces]\na1 = \"a_man\"\nb1 = \"b_man\"\nc1 = \"c_man\"\nd1 = \"d_man\"\n[moves.step]\ntype = \"step\"\n")
	b.WriteString(display)
	return []byte(b.String())
}

// [display] seat_marks: text boards draw a seat's mark after each of its
// pieces' glyphs. By default, with three seats or more, a seat whose
// glyphs an earlier unmarked seat uses gets the next of ' * ~ ^; a declared
// list is used as written and checked.
func TestSeatMarks(t *testing.T) {
	for _, tc := range []struct {
		name    string
		glyphs  [4]string
		display string
		want    []string // the marks of seats a b c d
		row     string   // the cells a1..d1 as CellText writes them
	}{
		{"distinct glyphs: no marks", [4]string{"A", "B", "C", "D"}, "", []string{"", "", "", ""}, "A B C D"},
		{"shared glyphs: marked in turn", [4]string{"S", "T", "S", "S"}, "", []string{"", "", "'", "*"}, "S T S' S*"},
		{"a later seat meets an earlier one", [4]string{"S", "T", "T", "U"}, "", []string{"", "", "'", ""}, "S T T' U"},
		{"declared", [4]string{"S", "S", "S", "S"}, "[display]\nseat_marks = [\"\", \"+\", \"\", \"#\"]\n", []string{"", "+", "", "#"}, "S S+ S S#"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := core.LoadBytes("marks.toml", marksVariant(tc.glyphs, tc.display))
			if err != nil {
				t.Fatal(err)
			}
			var got, row []string
			for seat := range 4 {
				got = append(got, g.SeatMark(seat))
				row = append(row, core.CellText(g, g.NewState(), seat))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("marks %q, want %q", got, tc.want)
			}
			if strings.Join(row, " ") != tc.row {
				t.Errorf("cells %q, want %q", strings.Join(row, " "), tc.row)
			}
		})
	}
	// two seats get no default: the variant tells them apart itself
	two := strings.Replace(string(marksVariant([4]string{"S", "S", "S", "S"}, "")), `seats = ["a", "b", "c", "d"]`, `seats = ["a", "b"]`, 1)
	two = two[:strings.Index(two, "[pieces.c_man]")] + "[setup.pieces]\na1 = \"a_man\"\nb1 = \"b_man\"\n[moves.step]\ntype = \"step\"\n"
	if g, err := core.LoadBytes("two.toml", []byte(two)); err != nil {
		t.Fatal(err)
	} else if g.SeatMark(0) != "" || g.SeatMark(1) != "" {
		t.Errorf("two seats got marks %q %q", g.SeatMark(0), g.SeatMark(1))
	}
	for _, bad := range []struct{ display, want string }{
		{"[display]\nseat_marks = [\"\", \"+\"]\n", `marks.toml:28:14: display.seat_marks: want one mark per seat (4), got 2`},
		{"[display]\nseat_marks = [\"\", \"++\", \"\", \"\"]\n", `marks.toml:28:19: display.seat_marks: a mark is one character that is not a space, or "" (got "++")`},
		{"[display]\nseat_marks = [\"\", \" \", \"\", \"\"]\n", `marks.toml:28:19: display.seat_marks: a mark is one character that is not a space, or "" (got " ")`},
	} {
		_, err := core.LoadBytes("marks.toml", marksVariant([4]string{"S", "S", "S", "S"}, bad.display))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("seat_marks %q: got %v, want %s", bad.display, err, bad.want)
		}
	}
}

// Three-player chess: White and Red draw the same letters, so Red, the
// third seat, gets the default mark and the text board tells them apart
// (readings 6.1: the three armies; Black is drawn in lower case).
func TestThreePlayerChessSeatMarks(t *testing.T) {
	g, err := core.Load("traditional/three-player-chess", core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	kings := map[string]string{}
	for c, cell := range g.Board().Cells {
		if s.Height(c) == 1 && g.PieceKindOf(s.Top(c)).Name != "" && strings.HasSuffix(g.PieceKindOf(s.Top(c)).Name, "_king") {
			kings[g.Seat(g.PieceKindOf(s.Top(c)).Owner)] = core.CellText(g, s, c) + "@" + cell.Name
		}
	}
	for seat, want := range map[string]string{"white": "K@", "black": "k@", "red": "K'@"} {
		if !strings.HasPrefix(kings[seat], want) {
			t.Errorf("%s's king is drawn %q, want %q", seat, kings[seat], want)
		}
	}
}
