// This file holds the faces board kind: square faces joined along folds.

package core

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr"

	"rulesmith/core/board"
)

var facesBoard = boardKind{
	name: "faces",
	doc:  "square faces joined along folds in space (the STRIX cube corner)",
	keys: []*Key{&boardHolesKey, &facesKey, &facesNameKey, &facesDiagonalKey},
	build: func(c *compiler) (*board.Board, string, error) {
		b, err := c.faces()
		return b, "", err
	},
	render: renderFaces,
}

var (
	facesKey = Key{Name: "faces", Type: TTable, Required: true,
		Doc: "[board.faces.NAME] tables with origin, u, v and size"}
	facesDiagonalKey = Key{Name: "diagonal", Type: TBool, Default: false, Literal: true,
		Doc: "add the diagonal directions +i+j, +i-j, -i+j, -i-j: steps through a cell's corners, rays that bend across folds and fork where six squares meet"}
	facesNameKey = Key{Name: "name", Type: TExpr, Default: `face + string(i) + string(j)`,
		Doc: "the name of each cell, over face, i, j, w, h and the parameters"}
)

// faceKeys are the keys of [board.faces.NAME].
var faceKeys = []*Key{
	{Name: "origin", Type: TInts, Required: true, Doc: "a corner of the face in space: three integers"},
	{Name: "u", Type: TInts, Required: true, Doc: "the unit step along the face's i axis: three integers"},
	{Name: "v", Type: TInts, Required: true, Doc: "the unit step along the face's j axis: three integers"},
	{Name: "size", Type: TInts, Required: true, Doc: "[width, height]: cells along i and along j"},
}

func (c *compiler) faces() (*board.Board, error) {
	r := c.r
	var faces []board.Face
	for _, name := range r.Keys("board.faces", nil) {
		p := "board.faces." + name
		r.Keys(p, keyNames(faceKeys))
		vec := func(k string) [3]int {
			xs := r.Ints(p+"."+k, -board.MaxCells, board.MaxCells)
			if len(xs) != 3 {
				r.ValueErrorf(p+"."+k, "%s.%s: want three integers", p, k)
				return [3]int{}
			}
			return [3]int{xs[0], xs[1], xs[2]}
		}
		size := r.Ints(p+".size", 1, board.MaxCells)
		if len(size) != 2 {
			r.ValueErrorf(p+".size", "%s.size: want [width, height]", p)
			continue
		}
		faces = append(faces, board.Face{Name: name, Origin: vec("origin"), U: vec("u"), V: vec("v"), W: size[0], H: size[1]})
	}
	if len(faces) == 0 {
		return nil, fmt.Errorf("a faces board needs [board.faces.NAME] tables")
	}
	nameSrc := r.String("board.name", `face + string(i) + string(j)`)
	sample := c.withParams(map[string]any{"face": "", "i": 0, "j": 0, "w": 0, "h": 0})
	prog := c.compileExpr("board.name", nameSrc, sample, expr.AsKind(reflect.String))
	if prog == nil {
		return nil, nil
	}
	var nameErr error
	diagonal := c.readBool("board", &facesDiagonalKey)
	b, err := board.FacesWith(faces, func(f board.Face, i, j int) string {
		env := c.withParams(map[string]any{"face": f.Name, "i": i, "j": j, "w": f.W, "h": f.H})
		out, err := expr.Run(prog, env)
		c.charge("board.name", sizeOf(out, 0))
		if err != nil {
			nameErr = err
			return fmt.Sprintf("%s?%d,%d", f.Name, i, j)
		}
		return out.(string)
	}, diagonal)
	if nameErr != nil {
		r.ValueErrorf("board.name", "board.name: %s", exprMsg(nameErr))
		return nil, nil
	}
	return b, err
}
