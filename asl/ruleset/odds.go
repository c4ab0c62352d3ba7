package ruleset

import (
	"context"
	"fmt"
	"strconv"

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
	// One result, reused: the rules core resets it for each path.
	var r asl.LineResult
	ov, err := rules.Weigh(ctx, func(src dice.Source) ([]rules.RollSeen, error) {
		c, ll := g.G.Clone(), l
		if err := c.Play(&ll, src, &r); err != nil {
			return nil, err
		}
		return rollsSeen(c, &ll, line, &r), nil
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
	case asl.LineAPh:
		return "aph"
	case asl.LineArea:
		return "area"
	case asl.LineLOS:
		return "los"
	case asl.LineStray:
		return "stray"
	}
	return "group"
}

// rollsSeen is every roll a step made, each with the unit (or group) that made it: an
// Impulse's members' own rolls, then the group's (a platoon's one DR per condition, D14.21).
func rollsSeen(g *asl.Game, l *asl.Line, line string, r *asl.LineResult) []rules.RollSeen {
	who := aslfile.LineHead(g, 0, line, l).Unit
	if l.Kind != asl.LineImpulse {
		return appendSeen(nil, who, r.Step.Rolls())
	}
	var out []rules.RollSeen
	for k := range r.Impulse.Members {
		m := &r.Impulse.Members[k]
		out = appendSeen(out, g.Units[m.Unit].ID, m.Result.Rolls())
	}
	return appendSeen(out, who, r.Impulse.Rolls())
}

// appendSeen adds who's rolls. A check (a roll with the chance of what it needs) is known by
// its result; a roll whose total matters (a Delay DR, a Random Selection dr) by its total too.
func appendSeen(out []rules.RollSeen, who string, rs []asl.RollEvent) []rules.RollSeen {
	for _, e := range rs {
		s := rules.RollSeen{Who: who, For: e.For, Rule: e.Rule, Kind: e.Roll.Kind.String(), DRM: e.DRM.Total(), Need: e.Need, Result: e.Result}
		if s.DRM != 0 {
			s.DRMs = e.DRM.String()
		}
		if e.Odds.Den > 0 {
			s.Odds = strconv.FormatInt(e.Odds.Num, 10) + "/" + strconv.FormatInt(e.Odds.Den, 10)
		} else {
			s.Result = fmt.Sprintf("%v %d: %s", e.Roll.Kind, e.Final, e.Result)
		}
		out = append(out, s)
	}
	return out
}
