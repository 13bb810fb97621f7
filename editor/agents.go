package editor

import (
	"context"
	"errors"
	"rulesmith/core/agent"
	"time"
)

// ---- agents -----------------------------------------------------------------

// maybeAI starts the agent of the seat to move, if it has one.
func (a *App) maybeAI() { a.startAI(false) }

func (a *App) startAI(force bool) {
	for i := 0; i < maxRun && a.autoPlayChance(); i++ {
		a.refresh()
	}
	g := a.sess.Game
	s := a.sess.State()
	if a.thinking || a.in.Preview != nil || a.in.Pending != 0 || a.loading || g.Result(s).Over {
		return
	}
	if a.paused && !force && !a.stepOnce {
		return // paused: . lets one move through
	}
	a.stepOnce = false
	ag := a.agents[s.ToMove()]
	if ag == nil {
		if !force {
			return
		}
		ag = agent.NewMCTS(0, time.Second, a.opts.Seed)
	}
	a.aiGen++
	gen := a.aiGen
	ctx, cancel := context.WithCancel(context.Background())
	a.aiCancel = cancel
	a.thinking = true
	pos := s.Clone()
	go func() {
		m, err := ag.Choose(ctx, g, pos)
		a.post(func() {
			if gen != a.aiGen {
				return
			}
			a.thinking = false
			cancel()
			if err != nil {
				if !errors.Is(err, context.Canceled) {
					a.in.Err = ag.Name() + ": " + err.Error()
				}
				a.refresh()
				return
			}
			if !a.sess.State().Equal(pos) {
				a.refresh()
				return
			}
			a.commit(m)
			a.refresh()
			a.maybeAI()
		})
	}()
	a.refresh()
}

func (a *App) cancelAI() {
	if a.aiCancel != nil {
		a.aiCancel()
	}
	a.aiGen++
	a.thinking = false
}
