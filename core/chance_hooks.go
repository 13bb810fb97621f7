package core

// Until the chance core lands: no phase-start events.

func (g *Game) chanceAtPhaseStart(s *State) bool { return false }
