// Package boardview is the editor's board widget: a tview primitive that
// draws a position as a picture and lets the user point at its cells.
//
// The layout is computed from the board's data alone, per board kind:
//
//   - pits: two rows of boxed pits with their counts, seat 1's on top from
//     right to left, seat 0's below from left to right, the stores at the
//     ends and bowl numbers counted from each owner's left;
//   - hex: offset rows, the highest on top, each cell 4 columns wide (top
//     piece and stack height, with a red marker for a neutral piece lower in
//     the stack), column letters and row numbers around;
//   - grid: rows and columns with coordinates, a chequerboard unless the
//     variant names its own dark cells;
//   - faces: the faces unfolded round the root face ([display] root_face):
//     each face sharing a fold with it is turned flat about that fold, so
//     lines of cells run straight on across the folds;
//   - graph: cells placed by their x, y attributes, or listed.
//
// The [display] hints colour the picture: dark cells, marked regions (the
// STRIX Nest), and cells shaded by a relation to an occupied cell (STRIX
// shadows). In monochrome mode (NO_COLOR) the view uses glyphs and bold,
// underline and reverse only.
//
// A View is a widget like any other: it embeds *tview.Box, and only the
// event loop may call its methods.
package boardview
