package ruleset

import (
	"context"
	"fmt"

	"github.com/umpire-referee/umpire/dice"
	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/rules"
)

var _ rules.Oddser = (*Game)(nil)

// Odds is the exact odds of a proposed step before its rolls (the API's GET odds; n steps
// played): the step is played on a copy of the game once for every path of its dice, each
// miring check and each escape from the mire once per result (it mires or not, escapes or
// not) with the chance of all the totals that give it, and its checks are added up
// (rules.Weigh). The game is not changed. The answer is the whole truth, hidden detachments
// and all: it is for the referee, who plays the Movement Phase that rolls. Notation it cannot
// read is a *rules.BadLine; a step the referee would refuse, its refusal.
func (g *Game) Odds(ctx context.Context, line string, n int) (any, error) {
	a, err := lw.Parse(line)
	if err != nil {
		return nil, &rules.BadLine{Err: err}
	}
	ov, err := rules.Weigh(ctx, func(src dice.Source) ([]rules.RollSeen, error) {
		rep, err := g.G.Clone().Do(a, src)
		if err != nil {
			return nil, err
		}
		return checksSeen(rep.Checks), nil
	})
	if err != nil {
		return nil, err
	}
	ov.Line, ov.Verb, ov.N = line, a.Verb, n
	return ov, nil
}

// checksSeen is a step's checks as the odds add them up, each by the unit that rolled.
func checksSeen(cs []lw.Check) []rules.RollSeen {
	var out []rules.RollSeen
	for _, c := range cs {
		kind := "2d6"
		if c.Kind == dice.Dr {
			kind = "1d6"
		}
		s := rules.RollSeen{Who: c.Unit, For: c.For, Rule: c.Rule, Kind: kind, DRM: c.Mod, Need: c.Need,
			Odds: fmt.Sprintf("%d/%d", c.Odds.Num, c.Odds.Den), Result: c.Result}
		if c.Mod != 0 {
			s.DRMs = fmt.Sprintf("%+d [the vehicle's own modifier]", c.Mod)
		}
		out = append(out, s)
	}
	return out
}
