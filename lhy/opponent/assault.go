package opponent

import (
	"fmt"
	"slices"

	"github.com/umpire-referee/umpire/dice"

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
		// a unit that may assault only with a combat unit's company (a leader, an LATW, an FT, an
		// FV or HT) goes in beside each that may go alone: an LATW or FT is worth a DRM
		// against a Fighting Position, a Towed Gun or a building (14.0)
		for _, j := range near {
			if slices.Contains(able, j) {
				continue
			}
			for _, i := range able {
				try([]int{i, j}, "")
			}
		}
		// two that may each go alone, from two hexes, go in together as an Envelopment (+2)
		for a, i := range able {
			for _, j := range able[a+1:] {
				if g.Units[i].At != g.Units[j].At {
					try([]int{i, j}, " envelopment")
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

// declared is the step for a declared Assault of side's (as), not yet resolved: a unit of the
// side in range reinforces it (14.0) when the Assault is then worth more, the one that adds
// most; else it is resolved.
func declared(g *lhy.Game, side string, boldness float64, as lhy.Assault) (Decision, bool) {
	name := g.Map.Name(as.Target)
	resolve := "resolve " + name
	now, _, ok := weigh(g, side, resolve, boldness, as.Target, as.Attackers)
	if !ok {
		return Decision{}, false
	}
	best, bestWorth := "", now
	for i := range g.Units {
		u := &g.Units[i]
		if u.Side != side || u.Eliminated || slices.Contains(as.Attackers, i) || distance(u.At, as.Target) == 0 || distance(u.At, as.Target) > lhy.AssaultRange(u) {
			continue
		}
		line := "reinforce " + name + " " + u.ID
		c := g.Clone()
		if _, err := c.Apply(line, dice.Lowest{}); err != nil {
			continue
		}
		// reinforcing spends the unit's Assault this turn: it must add more than it could alone
		if w, _, ok := weigh(c, side, resolve, boldness, as.Target, append(slices.Clone(as.Attackers), i)); ok {
			if net := w - bestSingleOf(g, side, boldness, i); net > bestWorth+1e-9 {
				best, bestWorth = line, net
			}
		}
	}
	if best != "" {
		return Decision{Line: best, Reason: fmt.Sprintf("%s: the Assault on %s is then worth %+.2f points on average, against %+.2f as declared", best, name, bestWorth, now)}, true
	}
	return Decision{Line: resolve, Reason: fmt.Sprintf("its declared Assault on %s is resolved: worth %+.2f points on average; no unit in range adds to it", name, now)}, true
}

// bestSingleOf is the worth of unit i's best Assault alone (0 when none is worth anything).
func bestSingleOf(g *lhy.Game, side string, boldness float64, i int) float64 {
	u := &g.Units[i]
	best := 0.0
	for _, h := range enemyHexes(g, side) {
		if d := distance(u.At, h); d == 0 || d > lhy.AssaultRange(u) {
			continue
		}
		if w, _, ok := weigh(g, side, "assault "+g.Map.Name(h)+" "+u.ID, boldness, h, []int{i}); ok && w > best {
			best = w
		}
	}
	return best
}
