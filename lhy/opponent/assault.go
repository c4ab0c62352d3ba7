package opponent

import (
	"fmt"

	"github.com/umpire-referee/umpire/lhy"
)

// assaultPlan is an Assault weighed: its line, the attackers, its expected worth and the
// chance the enemy in the hex is beaten.
type assaultPlan struct {
	line   string
	target lhy.Hex
	units  []int
	worth  float64
	win    float64
	net    float64 // its worth less what its units could do alone (opportunity)
}

// bestAssault is side's Assault worth most, when its worth is above nothing. For each hex of
// enemy units, its units in Assault range are tried one by one and together (and together as
// an Envelopment, from two hexes or more). A unit assaults once a turn, so a group uses up
// the Assaults its members could have made alone: a group is chosen only when it is worth
// more than the best each of its members could do alone, wherever.
func bestAssault(g *lhy.Game, side string, boldness float64) (Decision, bool) {
	var plans []assaultPlan
	alone := map[int]float64{} // each unit's best worth assaulting alone
	for _, h := range enemyHexes(g, side) {
		var near, able []int
		for i := range g.Units {
			u := &g.Units[i]
			if u.Side == side && !u.Eliminated && distance(u.At, h) > 0 && distance(u.At, h) <= lhy.AssaultRange(u) {
				near = append(near, i)
			}
		}
		try := func(units []int, how string) bool {
			line := "assault " + g.Map.Name(h) + " " + names(g, units) + how
			w, win, ok := weigh(g, side, line, boldness, h, units)
			if ok {
				plans = append(plans, assaultPlan{line: line, target: h, units: units, worth: w, win: win})
			}
			return ok
		}
		for _, i := range near {
			if try([]int{i}, "") {
				able = append(able, i)
				if w := plans[len(plans)-1].worth; w > alone[i] {
					alone[i] = w
				}
			}
			// a unit not next to the hex chooses the hex it goes in from (UNIT@FROM): one
			// not across a wall or uphill is worth a DRM (14.0)
			u := &g.Units[i]
			if distance(u.At, h) < 2 {
				continue
			}
			for _, from := range g.Map.Neighbors(h) {
				if distance(from, u.At) >= distance(u.At, h) {
					continue
				}
				line := "assault " + g.Map.Name(h) + " " + u.ID + "@" + g.Map.Name(from)
				if w, win, ok := weigh(g, side, line, boldness, h, []int{i}); ok {
					plans = append(plans, assaultPlan{line: line, target: h, units: []int{i}, worth: w, win: win})
					alone[i] = max(alone[i], w)
				}
			}
		}
		if len(near) > 1 {
			group := near
			if !try(near, "") && len(able) > 1 {
				group = able
				try(able, "")
			}
			// from two hexes or more, the group may go in as an Envelopment (+2, 14.0 ★),
			// which the referee takes as a Coordinated Activation
			try(group, " envelopment")
		}
	}
	var best *assaultPlan
	for k := range plans {
		p := &plans[k]
		p.net = p.worth
		for _, i := range p.units {
			p.net -= alone[i]
		}
		if best == nil || p.net > best.net+1e-9 || p.net > best.net-1e-9 && p.worth > best.worth {
			best = p
		}
	}
	if best == nil || best.worth <= 0.05 {
		return Decision{}, false
	}
	why := fmt.Sprintf("%s assault %s: %s to beat the enemy there, worth %+.2f points on average (enemy losses and objectives less its own)",
		names(g, best.units), g.Map.Name(best.target), pct(best.win), best.worth)
	if len(best.units) > 1 {
		why += fmt.Sprintf("; more than its units' best Assaults alone (%+.2f)", best.worth-best.net)
	}
	return Decision{Line: best.line, Reason: why}, true
}

// enemyHexes are the hexes holding side's enemies, in map order.
func enemyHexes(g *lhy.Game, side string) []lhy.Hex {
	var out []lhy.Hex
	seen := map[lhy.Hex]bool{}
	for i := range g.Units {
		u := &g.Units[i]
		if u.Side != side && !u.Eliminated && !seen[u.At] {
			seen[u.At] = true
			out = append(out, u.At)
		}
	}
	return out
}
