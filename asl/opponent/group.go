package opponent

import (
	"fmt"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/plan"
)

// groupTries is how many places of its lead's reach the opponent tries a platoon's or
// Convoy's route to, best first, before it ends the group's MPh; groupLimit bounds each
// route's search (group situations expanded).
const (
	groupTries = 3
	groupLimit = 4000
)

// group decides for group gi: its next Impulse toward the best place its lead could reach,
// or the end of its MPh.
func (d *decider) group(gi int) (Decision, bool) {
	g := d.g
	grp := &g.Groups[gi]
	var live []int
	moving := false
	for _, m := range grp.Members {
		u := &g.Units[m]
		if !u.Destroyed && !u.Exited && u.Immobile == asl.Mobile {
			live = append(live, m)
		}
		moving = moving || u.Moving || u.Motion
	}
	if grp.Kind != asl.KindPlatoon && grp.Kind != asl.KindConvoy {
		return d.finish(grp.ID, false, nil, fmt.Sprintf("%s ends its MPh where it stands: umpire moves only vehicles yet", grp.ID))
	}
	if len(live) == 0 {
		return d.finish(grp.ID, false, nil, fmt.Sprintf("%s has no Mobile vehicle: it ends its MPh", grp.ID))
	}
	lead := &g.Units[live[0]]
	gs := d.byUnit[live[0]]
	if len(gs) == 0 {
		return d.finish(grp.ID, moving, nil, fmt.Sprintf("%s has no objective to move for: it ends its MPh", grp.ID))
	}
	_, g0, d0 := potential(lead.Pos.Hex, gs)
	r, err := plan.Reach(g, live[0], plan.Options{})
	if err != nil {
		return d.finish(grp.ID, moving, nil, fmt.Sprintf("%s cannot move now: it ends its MPh", grp.ID))
	}
	best, _, _ := d.choose(r, lead, gs)
	if best.label < 0 {
		return d.finish(grp.ID, moving, nil, fmt.Sprintf("%s is where it does best (%s): it ends its MPh", grp.ID, d.where(lead.Pos.Hex, g0, d0)))
	}
	tried := 0
	for _, c := range d.ranked(r, lead, gs) {
		if tried == groupTries {
			break
		}
		if c.exits || c.at == lead.Pos.Hex {
			continue
		}
		tried++
		opt := plan.GroupOptions{Limit: groupLimit}
		var route *plan.GroupRoute
		if grp.Kind == asl.KindConvoy {
			route, err = plan.ConvoyRoute(g, gi, c.at, opt)
		} else {
			route, err = plan.PlatoonRoute(g, gi, c.at, opt)
		}
		if err != nil || len(route.Impulses) == 0 {
			continue
		}
		line := route.Lines(g)[0]
		if !d.accepted(line) {
			continue
		}
		lay := g.Map.Layout
		return Decision{Line: line, Reason: fmt.Sprintf("%s toward %s (%s): its lead to %s this MPh in %d Impulses, %s MP, %.2f that every vehicle arrives Mobile",
			grp.ID, lay.Name(c.g.h), c.g.what, lay.Name(c.at), len(route.Impulses), route.MP, route.P)}, true
	}
	return d.finish(grp.ID, moving, nil, fmt.Sprintf("%s finds no way on as a group (%s): it ends its MPh", grp.ID, d.where(lead.Pos.Hex, g0, d0)))
}
