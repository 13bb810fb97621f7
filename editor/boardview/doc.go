// Package boardview is the editor's board widget: a tview primitive that
// draws a position as a picture and lets the user point at its cells.
//
// The layout is computed from the board's data alone, per board kind:
//
//   - pits: two rows of boxed pits with their counts, seat 1's on top from
//     right to left, seat 0's below from left to right, the stores at the
//     ends and bowl numbers counted from each owner's left; in narrow panes
//     the counts alone, 3 columns apart, the stores on a row between;
//   - hex: offset rows, the highest on top, each cell 4 columns wide (top
//     piece and stack height, with a red marker for a neutral piece lower in
//     the stack), column letters and row numbers around;
//   - grid: rows and columns with coordinates, a chequerboard unless the
//     variant names its own dark cells;
//   - faces: the faces unfolded round the root face ([display] root_face):
//     each face sharing a fold with it is turned flat about that fold, so
//     lines of cells run straight on across the folds; cells 3 columns wide,
//     2 in narrow panes (4, with the names of empty cells, on wide screens);
//   - graph: cells placed by their x, y attributes, or listed.
//
// Each kind has layouts from the roomiest to the most compact; the view
// takes the roomiest that fits its room together with a caption line naming
// the cell under the cursor. Before a more compact layout it drops the face
// labels, then the caption; only when even the most compact layout does not
// fit does it scroll to keep the cursor in view, the caption on the last
// row and the board clipped above it.
//
// A variant whose board is trivial and whose pieces live in zones is drawn
// as a card table instead (IsCardTable): each zone a labelled row of its
// pieces as the viewing seat may see them (SetViewer; by default only what
// every seat sees), that seat's own zones at the bottom.
//
// The [display] hints colour the picture: dark cells, marked regions (the
// STRIX Nest), and cells shaded by a relation to an occupied cell (STRIX
// shadows). In monochrome mode (NO_COLOR) the view uses glyphs and bold,
// underline and reverse only.
//
// A View is a widget like any other: it embeds *tview.Box, and only the
// event loop may call its methods.
package boardview
