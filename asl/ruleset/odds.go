package ruleset

import (
	"context"
	"fmt"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
)

var _ rules.Oddser = (*Game)(nil)

// Odds is the exact odds of a proposed step before its roll (the API's GET odds; n steps
// played): the step is played on a copy of the game once for every path of its dice, each check
// (a Bog Check, ESB, Mechanical Reliability, a Motion attempt, a NTC, Bog removal) once per
// result with the chance of all the totals that give it, and every roll it made is added up
// (rules.Weigh). The game is not changed. Notation it cannot read is a *rules.BadLine; a step
// the referee would refuse, its refusal.
func (g *Game) Odds(ctx context.Context, line string, n int) (any, error) {
	l, err := g.G.ParseLine(line)
	if err != nil {
		return nil, &rules.BadLine{Err: err}
	}
	ov, err := rules.Weigh(ctx, func(src dice.Source) ([]rules.RollSeen, error) {
		c, ll := g.G.Clone(), l
		so, err := aslfile.Do(c, n+1, line, &ll, src)
		if err != nil {
			return nil, err
		}
		return rollsSeen(&so), nil
	})
	if err != nil {
		return nil, err
	}
	ov.Line, ov.Verb, ov.N = line, lineVerb(&l), n
	return ov, nil
}

// lineVerb names the kind of step a line is, as the odds give it.
func lineVerb(l *asl.Line) string {
	switch l.Kind {
	case asl.LineUnit:
		return l.Action.Verb.String()
	case asl.LineImpulse:
		return "impulse"
	case asl.LineMPh:
		return "mph"
	case asl.LineArea:
		return "area"
	case asl.LineLOS:
		return "los"
	case asl.LineStray:
		return "stray"
	}
	return "group"
}

// rollsSeen is every roll a step's report holds, each with the unit (or group) that made it:
// an Impulse's members' own rolls, then the group's (a platoon's one DR per condition, D14.21).
func rollsSeen(so *aslfile.StepOut) []rules.RollSeen {
	own := len(so.Dice)
	for _, m := range so.Members {
		own -= len(m.Dice)
	}
	var out []rules.RollSeen
	for _, m := range so.Members {
		out = appendSeen(out, m.Unit, m.Dice)
	}
	return appendSeen(out, so.Unit, so.Dice[:own])
}

// appendSeen adds who's rolls. A check (a roll with the chance of what it needs) is known by
// its result; a roll whose total matters (a Delay DR, a Random Selection dr) by its total too.
func appendSeen(out []rules.RollSeen, who string, rs []aslfile.RollOut) []rules.RollSeen {
	for _, r := range rs {
		res := r.Result
		if r.Odds == "" {
			res = fmt.Sprintf("%s %d: %s", r.Kind, r.Final, r.Result)
		}
		out = append(out, rules.RollSeen{Who: who, For: r.For, Rule: r.Rule, Kind: r.Kind, DRM: r.DRM, DRMs: r.DRMs,
			Need: r.Need, Odds: r.Odds, Result: res})
	}
	return out
}
