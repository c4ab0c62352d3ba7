package lhy

import "context"

// Odds is the exact chance of every outcome of a step before it is played: the step is run on
// a copy of the game along every path of its dice (a Cohesion Check counted as its chance to
// pass or fail, a random pick as 1/n each), and equal outcomes are added up. The game is not
// changed. A refused step returns its refusal.
func (g *Game) Odds(line string) (*Odds, error) {
	a, err := Parse(g, line)
	if err != nil {
		return nil, err
	}
	return g.OddsOf(a)
}

// OddsOf is Odds for a parsed step.
func (g *Game) OddsOf(a Action) (*Odds, error) {
	return enumerate(context.Background(), false, g.runner(a), nil)
}

// OddsContext is OddsOf that gives up with ctx's error once ctx is done (a server bounds the
// time one request may spend on a step with many dice).
func (g *Game) OddsContext(ctx context.Context, a Action) (*Odds, error) {
	return enumerate(ctx, false, g.runner(a), nil)
}

// runner plays a on a fresh copy of g with the given dice and returns the outcome's keys.
func (g *Game) runner(a Action) func(r roller) ([]string, error) {
	return func(r roller) ([]string, error) {
		c := g.Clone()
		rep, err := c.do(a, r)
		if err != nil {
			return nil, err
		}
		return rep.Keys(), nil
	}
}

// EveryRoll runs a over every sequence of d10 faces its dice can show (a pick among n over the
// faces 1..n) and calls f with the faces and the outcome's keys; it returns the distribution
// those sequences give. With classes, a Cohesion Check is rolled once per result (a face that
// passes, one that fails) with the weight of all the faces alike, as Odds does. Tests use it
// to hold Odds against scripted play.
func (g *Game) EveryRoll(a Action, classes bool, f func(faces []int, keys []string)) (*Odds, error) {
	return enumerate(context.Background(), !classes, g.runner(a), f)
}
