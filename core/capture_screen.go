// This file holds the screen capture of slides and steps: a piece moves
// along a ray over empty cells without capturing, and captures by passing
// over exactly N pieces of either side (the screens) and landing on the
// first piece beyond them, which it takes. The walk itself is in
// slideRule.screenRay (move_slide.go), the reverse walk of the attack test
// in slideRule.attackedBy.

package core

// screenCapture takes the piece on the target, like replace, so it shares
// replace's kind: emit checks the target as a victim and play clears it.
// What differs is where the targets are (captureSpec.screens > 0).
var screenCapture = captureType{
	name: "screen",
	doc:  "quiet moves over empty cells; a capture passes over exactly `screens` pieces and takes the first piece beyond",
	kind: capReplace,
	keys: []*Key{&screensKey},
	compile: func(c *compiler, p string, cs *captureSpec) bool {
		cs.screens = c.readInt(p, &screensKey)
		return true
	},
}

var screensKey = Key{Name: "screens", Type: TInt, Default: 1, Min: 1, Max: 64,
	Doc: `capture = "screen": how many pieces, of either side, a capture passes over`}
