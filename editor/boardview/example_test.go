package boardview_test

import (
	"fmt"
	"strings"

	"github.com/gdamore/tcell/v2"

	"rulesmith/core"
	"rulesmith/editor/boardview"
	"rulesmith/variants"
)

func Example() {
	g, err := core.Load("mancala/egyptian", core.WithFS(variants.FS()))
	if err != nil {
		fmt.Println(err)
		return
	}
	v := boardview.New()
	v.SetPosition(g, g.NewState())
	v.SetMonochrome(true)

	screen := tcell.NewSimulationScreen("UTF-8")
	if err := screen.Init(); err != nil {
		fmt.Println(err)
		return
	}
	defer screen.Fini()
	screen.SetSize(44, 12)
	v.SetRect(0, 0, 44, 12)
	v.Draw(screen)
	screen.Show()

	cells, w, h := screen.GetContents()
	for y := 0; y < h; y++ {
		var line strings.Builder
		for x := 0; x < w; x++ {
			line.WriteString(string(cells[y*w+x].Runes))
		}
		fmt.Println(strings.TrimRight(line.String(), " "))
	}
	// Output:
	//                    north
	//         6    5    4    3    2    1
	//   ┌──┐ ┌──┐ ┌──┐ ┌──┐ ┌──┐ ┌──┐ ┌──┐ ┌──┐
	//   │  │ │ 4│ │ 4│ │ 4│ │ 4│ │ 4│ │ 4│ │  │
	//   │ 0│ └──┘ └──┘ └──┘ └──┘ └──┘ └──┘ │ 0│
	//   │  │ ┌──┐ ┌──┐ ┌──┐ ┌──┐ ┌──┐ ┌──┐ │  │
	//   │  │ │ 4│ │ 4│ │ 4│ │ 4│ │ 4│ │ 4│ │  │
	//   └──┘ └──┘ └──┘ └──┘ └──┘ └──┘ └──┘ └──┘
	//         1    2    3    4    5    6
	//                    south
	//                  south1 · 4
}
