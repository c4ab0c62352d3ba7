package ruleset

import (
	"fmt"
	"sort"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/asl/plan"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
)

// What the API asks of an ASL game besides its state: who moves a line, a unit's next steps,
// and its reach.

// Movers is the sides whose units a line moves; "*" means any side may play it (an outside
// event such as an OBA attack, or a LOS check). known is false if the line names nothing this
// game has (the referee will say what).
func (g *Game) Movers(a rules.Action) (sides []string, refereeOnly, known bool) {
	st, l := g.G, &a.(*Action).L
	var out []string
	add := func(s string) {
		for _, x := range out {
			if x == s {
				return
			}
		}
		out = append(out, s)
	}
	unit := func(i int) {
		if i >= 0 && i < len(st.Units) {
			add(st.Units[i].Side)
		}
	}
	group := func(id string) bool {
		k, ok := st.Group(id)
		if !ok {
			return false
		}
		for _, m := range st.Groups[k].Members {
			unit(m)
		}
		return true
	}
	switch l.Kind {
	case asl.LineUnit:
		switch {
		case l.GroupID != "":
			group(l.GroupID)
		case l.Action.Verb == asl.VerbAttack:
			// An attack on a unit is made by its enemies.
			target := st.Units[l.Action.Unit].Side
			for i := range st.Units {
				if st.Units[i].Side != target {
					add(st.Units[i].Side)
				}
			}
			if len(out) == 0 {
				add("*")
			}
		default:
			unit(l.Action.Unit)
		}
	case asl.LineImpulse:
		group(l.GroupID)
	case asl.LineGroup:
		if l.GroupID != "" {
			group(l.GroupID)
		}
		if l.OtherID != "" {
			group(l.OtherID)
		}
		if l.Unit >= 0 {
			unit(l.Unit)
		}
		for _, i := range l.Units {
			unit(i)
		}
	case asl.LineMPh, asl.LineAPh:
		add(l.Side)
	case asl.LineStray:
		unit(l.Action.Unit)
	default: // OBA, aircraft, LOS
		add("*")
	}
	return out, false, len(out) > 0
}

// UnitHead is what a unit's steps, its reach and its path begin with: the unit and the MP it
// has left, and, for a unit whose side is not phasing (so it moves nowhere now), why and how
// to give its side the MPh.
type UnitHead struct {
	Unit       string      `json:"unit"`
	Left       float64     `json:"left"`
	NotPhasing *NotPhasing `json:"not_phasing,omitempty"`
}

// unit finds a unit by id: its index, the unit and its head, or a *rules.NotFound.
func (g *Game) unit(id string) (int, *asl.Unit, UnitHead, error) {
	i, ok := g.G.Unit(id)
	if !ok {
		return 0, nil, UnitHead{}, &rules.NotFound{What: fmt.Sprintf("no unit %q in this game", id)}
	}
	u := &g.G.Units[i]
	return i, u, UnitHead{Unit: u.ID, Left: (u.Allowance - u.Spent).Float(), NotPhasing: notPhasing(g.G, u)}, nil
}

// UnitStepsView is a unit's next steps as the API gives them.
type UnitStepsView struct {
	UnitHead
	Steps      []StepOption `json:"steps"`
	Candidates []string     `json:"candidates"` // every step the move generator offers, judged or not
}

// ReachView is a unit's reach as the API gives it.
type ReachView struct {
	UnitHead
	Hexes []ReachHex `json:"hexes"`
}

// StepOption is one step a unit may take next, with its cost.
type StepOption struct {
	Line      string  `json:"line"`
	Verb      string  `json:"verb"`
	Hex       string  `json:"hex,omitempty"`
	MP        float64 `json:"mp"`
	Breakdown string  `json:"breakdown"`
	Dice      bool    `json:"dice"`
}

// UnitSteps lists the unit's next steps the referee accepts now, each tried on a copy of the
// game (n steps into it).
func (g *Game) UnitSteps(unit string, n int) (any, error) {
	i, u, head, err := g.unit(unit)
	if err != nil {
		return nil, err
	}
	st, out := g.G, UnitStepsView{UnitHead: head, Steps: []StepOption{}, Candidates: []string{}}
	acts := st.Candidates(i, nil)
	// Delay, ESB and the end of its MPh are not moves; offer them too.
	extra := []string{"delay 1", "end"}
	if u.V != nil {
		for n := asl.Whole(1); n <= asl.ESBLimit(u.V); n += asl.Whole(1) {
			extra = append(extra, "esb "+n.String())
		}
	}
	for _, x := range extra {
		if a, err := st.ParseStep(u.ID + " " + x); err == nil {
			acts = append(acts, a)
		}
	}
	// With MP left a vehicle ends in Motion only toward a hex it cannot afford (D2.4): offer
	// "end toward HEX" for each hex it could enter next.
	if !u.Pos.Offboard {
		for _, a := range acts {
			if a.Verb == asl.VerbEnter && !a.All {
				acts = append(acts, asl.Action{Verb: asl.VerbEnd, Unit: i, A: a.A, Toward: true, Versus: -1})
			}
		}
	}
	lay := st.Map.Layout
	for _, a := range acts {
		line := st.Describe(a)
		out.Candidates = append(out.Candidates, line)
		c := st.Clone()
		rec := &dice.Recorder{Src: dice.Lowest{}}
		var res asl.Result
		if err := c.Step(a, rec, &res); err != nil {
			continue
		}
		so := aslfile.ReportStep(c, n+1, a, &res)
		opt := StepOption{Line: line, Verb: a.Verb.String(), MP: so.MP, Breakdown: so.Breakdown, Dice: len(rec.Rolls) > 0}
		switch a.Verb {
		case asl.VerbEnter, asl.VerbReverse, asl.VerbMinimum, asl.VerbBypass, asl.VerbReverseBypass:
			opt.Hex = lay.Name(c.Units[i].Pos.Hex)
		}
		out.Steps = append(out.Steps, opt)
	}
	return out, nil
}

// ReachHex is a hex a unit can reach, with the least MP and the best chance.
type ReachHex struct {
	Hex   string  `json:"hex"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	MP    float64 `json:"mp"`
	P     float64 `json:"p"`
	Risky bool    `json:"risky"`
	Stop  bool    `json:"stop"`
}

// Reach shades every hex the unit can still reach this MPh (the planner's Reach), at most
// maxRisk of failing (0: any). The answer is kept until the game changes (plans.go).
func (g *Game) Reach(unit string, maxRisk float64) (any, error) {
	i, u, head, err := g.unit(unit)
	if err != nil {
		return nil, err
	}
	k := planKey{i, maxRisk}
	if v, ok := g.plans.view(k); ok {
		return v, nil
	}
	out := ReachView{UnitHead: head, Hexes: []ReachHex{}}
	hexes, ok := g.plans.graphHexes(g.G, i, maxRisk)
	if !ok {
		var res *plan.Result
		if res, err = g.reach(i, maxRisk); err == nil {
			hexes = res.Hexes()
		}
	}
	if err == nil {
		lay := g.G.Map.Layout
		for h, hr := range hexes {
			x, y := h.Centre()
			out.Hexes = append(out.Hexes, ReachHex{Hex: lay.Name(h), X: rules.Round(x), Y: rules.Round(y),
				MP: (hr.MP - u.Spent).Float(), P: rules.Round(hr.P*1e4) / 1e4, Risky: hr.Risky, Stop: hr.Stop})
		}
		sort.Slice(out.Hexes, func(a, b int) bool {
			if out.Hexes[a].MP != out.Hexes[b].MP {
				return out.Hexes[a].MP < out.Hexes[b].MP
			}
			return out.Hexes[a].Hex < out.Hexes[b].Hex
		})
	}
	g.plans.keepView(k, out)
	return out, nil
}
