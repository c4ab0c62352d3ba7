package opponent

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/plan"
	"github.com/umpire-referee/umpire/hex"
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
	if grp.Kind == asl.KindColumn {
		return d.column(gi)
	}
	if grp.Kind != asl.KindPlatoon && grp.Kind != asl.KindConvoy {
		return d.finish(grp.ID, false, nil, fmt.Sprintf("%s ends its MPh where it stands: umpire does not move an Armored Assault yet", grp.ID))
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

// column decides for Column gi (E11.5): an Impulse in which its lead enters the neighbouring
// hex worth most toward its goals (potential) and each stack behind it enters the hex the
// stack ahead of it leaves, `K: L enter X, M enter Y, ...`; the first such Impulse the referee
// takes, best first. A Column with no hex worth more than where its lead stands ends its MPh.
func (d *decider) column(gi int) (Decision, bool) {
	g := d.g
	grp := &g.Groups[gi]
	lay := g.Map.Layout
	end := func(why string) (Decision, bool) {
		return d.finish(grp.ID, false, nil, fmt.Sprintf("%s %s: it ends its MPh", grp.ID, why))
	}
	var ms []int
	for _, m := range grp.Members {
		if u := &g.Units[m]; !u.Destroyed && !u.Pos.Offboard {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return end("has no unit on the map")
	}
	lead := &g.Units[ms[0]]
	gs := d.byUnit[ms[0]]
	if len(gs) == 0 {
		return end("has no objective to move for")
	}
	p0, g0, d0 := potential(lead.Pos.Hex, gs)
	type step struct {
		to  hex.Hex
		pot float64
		gl  goal
	}
	var steps []step
	for sd := hex.Side(0); sd < 6; sd++ {
		if h := lead.Pos.Hex.Neighbor(sd); lay.Contains(h) {
			if pot, gl, _ := potential(h, gs); pot > p0 {
				steps = append(steps, step{h, pot, gl})
			}
		}
	}
	sort.SliceStable(steps, func(a, b int) bool { return steps[a].pot > steps[b].pot })
	for _, st := range steps {
		// Each stack (the members in one hex, in Column order) enters the hex of the stack ahead.
		to, parts := st.to, []string{}
		for k := 0; k < len(ms); {
			at := g.Units[ms[k]].Pos.Hex
			for k < len(ms) && g.Units[ms[k]].Pos.Hex == at {
				parts = append(parts, g.Units[ms[k]].ID+" enter "+lay.Name(to))
				k++
			}
			to = at
		}
		line := grp.ID + ": " + strings.Join(parts, ", ")
		if d.accepted(line) {
			return Decision{Line: line, Reason: fmt.Sprintf("%s toward %s (%s): its lead into %s, each stack into the hex the one ahead left",
				grp.ID, lay.Name(st.gl.h), st.gl.what, lay.Name(st.to))}, true
		}
	}
	return end("is where it does best (" + d.where(lead.Pos.Hex, g0, d0) + ")")
}
