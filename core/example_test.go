package core_test

import (
	"fmt"

	"rulesmith/core"
	"rulesmith/variants"
)

// Load a shipped variant, play moves in its notation and read the result.
func Example() {
	g, err := core.Load("mancala/egyptian", core.WithFS(variants.FS()), core.WithSet("pits=4", "seeds=3"))
	if err != nil {
		fmt.Println(err)
		return
	}
	h := core.NewHistory(g, g.NewState())
	for _, text := range []string{"2", "1"} {
		m, err := g.Parse(h.State, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		h.Play(m)
	}
	fmt.Println(g.Seat(h.State.ToMove()), "to move; scores", g.Scores(h.State))
	_, err = g.Parse(h.State, "5")
	fmt.Println(err)
	// Output:
	// north to move; scores [1 0]
	// there is no bowl 5: bowls are numbered 1 to 4 from the mover's left (rule sow, General rules; Egyptian rules)
}
