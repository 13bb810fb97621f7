package core

import "fmt"

// exprAt returns where the expression at path is written, as an error in
// play names it: "file:line:col: path".
func (c *compiler) exprAt(path string) string {
	o := c.r.Doc.Origin(path)
	if o.Pos.ValLine > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", o.File, o.Pos.ValLine, o.Pos.ValCol, path)
	}
	return path
}
