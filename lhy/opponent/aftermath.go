package opponent

import (
	"fmt"

	"github.com/umpire-referee/umpire/lhy"
)

// maxPaths bounds the Retreats weighed for a unit.
const maxPaths = 200

// owedRetreats are the units that must still retreat after the last Assault.
func owedRetreats(g *lhy.Game) []int {
	if g.After == nil {
		return nil
	}
	var out []int
	for _, i := range g.After.Retreat {
		if !g.Units[i].Eliminated {
			out = append(out, i)
		}
	}
	return out
}

// aftermath is the step the last Assault still asks of side, if any: a Retreat of one of its
// units (14.3.3), its Vehicle Destruction Attempt (14.3.2), an Advance (14.3).
func aftermath(g *lhy.Game, side string, boldness float64) (Decision, bool) {
	af := g.After
	if af == nil {
		return Decision{}, false
	}
	for _, i := range owedRetreats(g) {
		if g.Units[i].Side == side {
			return retreat(g, side, i, boldness)
		}
	}
	// a Vehicle Destruction Attempt may come before the enemy's Retreats (a destroyed vehicle
	// does not retreat); an Advance waits for them (the hex must be empty of the enemy)
	if d, ok := vda(g, side, boldness); ok {
		return d, true
	}
	return advance(g, side)
}

// retreat is unit i's Retreat: of the legal paths, the one ending where the unit is safest and
// of most use (retreatScore); with none, it is eliminated.
func retreat(g *lhy.Game, side string, i int, boldness float64) (Decision, bool) {
	u := &g.Units[i]
	paths := g.RetreatPaths(i, maxPaths)
	if len(paths) == 0 {
		line := "retreat " + u.ID + " eliminated"
		return Decision{Line: line, Reason: u.ID + " must retreat and no Retreat is open to it (14.3.3)"}, takes(g, line)
	}
	best, bestScore := -1, 0.0
	for k, p := range paths {
		if s := retreatScore(g, side, i, p, boldness); best < 0 || s > bestScore {
			best, bestScore = k, s
		}
	}
	p := paths[best]
	line := "retreat " + u.ID
	for _, h := range p {
		line += " " + g.Map.Name(h)
	}
	end := p[len(p)-1]
	why := fmt.Sprintf("%s retreats to %s (of %d Retreats open to it): %s", u.ID, g.Map.Name(end), len(paths), endWords(g, side, end))
	return Decision{Line: line, Reason: why}, takes(g, line)
}

// retreatScore weighs where a Retreat ends: away from the enemy (up to 3 hexes counts) for a
// cautious player, within Assault range of it but out of contact for a bold one (from there the
// unit may assault again next turn), boldness mixing the two; beside or with its own side's
// units, in cover, in a hex its side must hold; and shorter is better.
func retreatScore(g *lhy.Game, side string, i int, p []lhy.Hex, boldness float64) float64 {
	end := p[len(p)-1]
	d := nearestEnemy(g, side, end, i)
	fight := 2.0
	switch rng := lhy.AssaultRange(&g.Units[i]); {
	case d >= 2 && d <= rng:
		fight = 6
	case d == rng+1:
		fight = 4
	}
	s := (1-boldness)*float64(min(3, d))*2 + boldness*fight
	for j := range g.Units {
		w := &g.Units[j]
		if j != i && !w.Eliminated && w.Side == side && distance(w.At, end) <= 1 {
			s++
		}
	}
	if cover(g, end) {
		s += 1.5
	}
	if holds(g, side, end) {
		s += 3
	}
	return s - 0.1*float64(len(p))
}

// cover reports whether hex h gives a unit assaulted there a DRM (14.0): an urban or rural
// building, an Improved Position (the map's or one a destroyed Fighting Position left).
func cover(g *lhy.Game, h lhy.Hex) bool {
	t := g.Map.Info(h).Terrain
	return g.HasIP(h) || t == lhy.UrbanBuilding || t == lhy.RuralBuilding
}

// nearestEnemy is the hexes from h to side's nearest enemy unit on the map (99: none).
func nearestEnemy(g *lhy.Game, side string, h lhy.Hex, skip int) int {
	d := 99
	for j := range g.Units {
		if w := &g.Units[j]; j != skip && !w.Eliminated && w.Side != side {
			d = min(d, distance(w.At, h))
		}
	}
	return d
}

// endWords says what a Retreat's end offers.
func endWords(g *lhy.Game, side string, h lhy.Hex) string {
	s := fmt.Sprintf("%d hex(es) from the nearest enemy", nearestEnemy(g, side, h, -1))
	if cover(g, h) {
		s += ", in cover"
	}
	if holds(g, side, h) {
		s += ", in a hex it must hold"
	}
	return s
}

// vda is side's best Vehicle Destruction Attempt (14.3.2) when one is open to it: of every
// pair of its eligible unit and an enemy vehicle, the one whose exact odds are worth most.
func vda(g *lhy.Game, side string, boldness float64) (Decision, bool) {
	af := g.After
	open := af.VDAOpen()
	var own []int
	if open&lhy.Attacker != 0 && af.AttackerSide == side {
		own = append(own, af.Attackers...)
	}
	if open&lhy.Defender != 0 && af.DefSide == side {
		own = append(own, af.Defenders...)
	}
	var best Decision
	bestWorth := 0.0
	for _, i := range own {
		for j := range g.Units {
			v := &g.Units[j]
			if !v.Vehicular() || v.Eliminated || v.Side == side {
				continue
			}
			line := "vda " + g.Units[i].ID + " " + v.ID
			w, _, ok := weigh(g, side, line, boldness, v.At, nil)
			if !ok || w <= bestWorth {
				continue
			}
			odds, _ := g.Odds(line)
			p := 0.0
			if r := odds.Marginal[v.ID+" Destroyed"]; r != nil {
				p, _ = r.Float64()
			}
			best, bestWorth = Decision{Line: line, Reason: fmt.Sprintf("%s tries to destroy %s (14.3.2): %s to destroy it", g.Units[i].ID, v.ID, pct(p))}, w
		}
	}
	return best, bestWorth > 0
}

// advance is an Advance (14.3) side may make: into a hex it must hold, beside one of its units
// the row lets advance; else, when the row's winners are its attackers, one of them in good
// order into the hex they beat, now empty of the enemy, from where it may make a second
// Assault this turn.
func advance(g *lhy.Game, side string) (Decision, bool) {
	af := g.After
	var own []int
	switch {
	case af.Advance == lhy.Attacker && af.AttackerSide == side:
		own = af.Attackers
	case af.Advance == lhy.Defender && af.DefSide == side:
		own = af.Defenders
	}
	for _, i := range own {
		u := &g.Units[i]
		if u.Eliminated || u.Advanced || holds(g, side, u.At) {
			continue
		}
		for _, h := range g.Map.Neighbors(u.At) {
			if !holds(g, side, h) || len(enemiesIn(g, side, h)) > 0 {
				continue
			}
			line := "advance " + u.ID + " " + g.Map.Name(h)
			if takes(g, line) {
				return Decision{Line: line, Reason: fmt.Sprintf("%s advances into %s, a hex its side must hold (14.3)", u.ID, g.Map.Name(h))}, true
			}
		}
	}
	if af.AttackerSide != side || len(enemiesIn(g, side, af.Target)) > 0 {
		return Decision{}, false
	}
	for _, i := range own {
		u := &g.Units[i]
		if u.Eliminated || u.Advanced || u.Disrupted || u.Regrouping || u.Shocked || holds(g, side, u.At) || u.At == af.Target {
			continue
		}
		line := "advance " + u.ID + " " + g.Map.Name(af.Target)
		if takes(g, line) {
			return Decision{Line: line, Reason: fmt.Sprintf("%s advances into %s, which it beat: it may make a second Assault this turn (14.3)", u.ID, g.Map.Name(af.Target))}, true
		}
	}
	return Decision{}, false
}
