// Package opponent plays one side's Assault decisions in a Last Hundred Yards game toward the
// scenario's objectives: the practice opponent. The players enter the fire (its markers are
// their inputs, as in any game); umpire decides, for its side, which units assault which hex,
// which Vehicle Destruction Attempt to make, which way a unit that lost retreats, and whether
// to Advance. LHY games show both sides everything, so it decides from the whole game.
//
// How it weighs an Assault. For each hex holding enemy units, the side's units that could
// assault it (within their Assault range) are tried one by one (a unit two hexes off or more
// from each hex it may go in from), together, and together as an Envelopment; the exact odds
// of each (Game.Odds) list every outcome with its chance. An outcome is worth the points it
// scores (an eliminate objective's units, a clear objective's hex beaten) less those it loses
// (a hex to hold left empty), what it does to the enemy's units as far as the turns before the
// deadline count, less what it costs its own (the Assaults a unit lost or Disrupted forgoes
// before the deadline, times a caution of 1.5 less boldness), with the Vehicle Destruction
// Attempts its row gives each side and a Retreat no way is open to (the unit eliminated). A
// group is made only when worth more than its units' best Assaults alone. It makes the
// Assault worth most when that is worth more than 0.05 points; the referee's limits (an
// Assault a turn per unit) keep it from assaulting again until a new turn or an Advance.
package opponent

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/lhy"
)

// Decision is a step the opponent takes: the line of notation and its reason.
type Decision struct {
	Line   string
	Reason string
}

// Decide is side's next step in g and why; false when it has none to take now. Steps the last
// Assault still asks of the side come first (its retreats, its Vehicle Destruction Attempt,
// an Advance), then a declared Assault of its own to resolve, then a new Assault worth making.
func Decide(g *lhy.Game, side string, boldness float64) (Decision, bool) {
	if d, ok := aftermath(g, side, boldness); ok {
		return d, true
	}
	if g.After != nil && len(owedRetreats(g)) > 0 {
		return Decision{}, false // the other side's retreats come first
	}
	for _, as := range g.Assaults {
		if len(as.Attackers) > 0 && g.Units[as.Attackers[0]].Side == side {
			return declared(g, side, boldness, as)
		}
	}
	return bestAssault(g, side, boldness)
}

// weigh is the worth to side of the outcomes of step line on g (its exact odds), and whether
// the referee takes it; the chance the side wins, when line is an Assault.
func weigh(g *lhy.Game, side, line string, boldness float64, target lhy.Hex, attackers []int) (worth, win float64, ok bool) {
	odds, err := g.Odds(line)
	if err != nil {
		return 0, 0, false
	}
	trap := trapped(g, target)
	ours, theirs := vdaWorth(g, side, boldness, attackers, enemiesIn(g, side, target))
	for _, oc := range odds.Outcomes {
		p, _ := new(big.Float).SetRat(oc.P).Float64()
		w, won := outcomeWorth(g, side, oc.Keys, boldness, target, trap)
		if row := rowOf(oc.Keys); row != nil && len(attackers) > 0 {
			// the Vehicle Destruction Attempts the row gives (14.3.2): each side makes its best
			if row.VehicleDestruction&lhy.Attacker != 0 {
				w += ours
			}
			if row.VehicleDestruction&lhy.Defender != 0 {
				w -= theirs
			}
		}
		worth += p * w
		if won {
			win += p
		}
	}
	return worth, win, true
}

// rowOf is the Assault Results row an outcome's facts name ("row 6-9"), nil when none.
func rowOf(keys []string) *lhy.AssaultRow {
	for _, k := range keys {
		if label, ok := strings.CutPrefix(k, "row "); ok {
			for r := range lhy.AssaultResults {
				if lhy.AssaultResults[r].Label() == label {
					return &lhy.AssaultResults[r]
				}
			}
		}
	}
	return nil
}

// vdaChance is the chance unit i's Vehicle Destruction Attempt on vehicle t destroys it: a d10
// plus its DRM (Game.VDATerms) of lhy.VDATarget or more (14.3.2).
func vdaChance(g *lhy.Game, i, t int) float64 {
	sum := 0
	for _, term := range g.VDATerms(i, t) {
		sum += term.Value
	}
	return float64(max(0, min(10, 11-(lhy.VDATarget-sum)))) / 10 // faces VDATarget-sum..10
}

// vdaWorth is what the best Vehicle Destruction Attempt an Assault's row may give is worth:
// side's attackers' on the enemy vehicles among the defenders (ours), and the defenders' on
// side's vehicles among the attackers, weighed by caution (theirs). A unit able to attempt
// one is a combat unit, LATW or FP in good order, as things stand before the roll.
func vdaWorth(g *lhy.Game, side string, boldness float64, attackers, defenders []int) (ours, theirs float64) {
	later := horizon(g, side)
	able := func(i int) bool {
		u := &g.Units[i]
		return !u.Eliminated && !u.Disrupted && !u.Regrouping && !u.Shocked && (u.Combat || u.Kind == lhy.LATW || u.Kind == lhy.FP)
	}
	best := func(own, enemy []int, worth func(t int) float64) float64 {
		b := 0.0
		for _, i := range own {
			if !able(i) {
				continue
			}
			for _, t := range enemy {
				if g.Units[t].Vehicular() && !g.Units[t].Eliminated {
					b = max(b, vdaChance(g, i, t)*worth(t))
				}
			}
		}
		return b
	}
	ours = best(attackers, defenders, func(t int) float64 { return later*lossWorth["Destroyed"] + eliminatePoints(g, side, t) })
	theirs = best(defenders, attackers, func(int) float64 { return (1.5 - boldness) * ownLoss(g, side, "Destroyed") })
	return ours, theirs
}

// lossWorth is what a result does to the unit's side beyond the points it scores, in the
// units of an objective point: a unit eliminated is gone for the rest of the game; a step
// lost, a Disruption, a Retreat leave it weaker for the turns to come.
var lossWorth = map[string]float64{
	"eliminated": 1, "Destroyed": 1, "Casualty": 0.4, "Disrupted": 0.3, "Shocked": 0.3,
	"Regrouping": 0.1, "must retreat": 0.2,
}

// outcomeWorth is what an outcome (its facts, "G1 Casualty", "row 6-9") is worth to side: the
// objectives it scores (an eliminate objective's units, a clear objective's hex beaten), and
// the losses on each side, which count as much as the turns left to the side's deadlines
// (none on the deadline's own turn: then only points count), its own weighed up by caution;
// and whether the enemy in target is beaten (every enemy unit there eliminated or retreating).
func outcomeWorth(g *lhy.Game, side string, keys []string, boldness float64, target lhy.Hex, trap func(i int) bool) (float64, bool) {
	later := horizon(g, side)
	caution := 1.5 - boldness // own losses count half (bold) to 1.5x (cautious)
	gone := map[int]bool{}
	worth := 0.0
	for _, k := range keys {
		id, what, ok := strings.Cut(k, " ")
		i, isUnit := g.Unit(id)
		if !ok || !isUnit {
			continue
		}
		if what == "must retreat" && trap(i) {
			what = "eliminated" // no Retreat will be open to it: it is eliminated (14.3.3)
		}
		if what == "eliminated" || what == "Destroyed" || what == "must retreat" {
			gone[i] = true
		}
		if g.Units[i].Side == side {
			worth -= caution * ownLoss(g, side, what)
			continue
		}
		loss := later * lossWorth[what]
		worth += loss
		if what == "eliminated" || what == "Destroyed" {
			worth += eliminatePoints(g, side, i)
		}
	}
	worth -= holdsLost(g, side, gone)
	beaten := false
	if in := enemiesIn(g, side, target); len(in) > 0 {
		n := 0
		for _, i := range in {
			if gone[i] {
				n++
			}
		}
		// a hex beaten scores its clear objective; one with fewer defenders left is on the way
		// to it, and counts as far as the turns after this one count
		beaten = n == len(in)
		if pts := clearPoints(g, side, target); beaten {
			worth += pts
		} else {
			worth += later * pts / 2 * float64(n) / float64(len(in))
		}
	}
	return worth, beaten
}

// trapped reports, for a unit that must retreat after an Assault on target, whether no
// Retreat is open to it from where it stands now (the enemy and the map hem it in, 14.3.3):
// it would be eliminated. Worked out once a unit, on a copy of g that owes that Retreat.
func trapped(g *lhy.Game, target lhy.Hex) func(i int) bool {
	var c *lhy.Game
	known := map[int]bool{}
	return func(i int) bool {
		if v, ok := known[i]; ok {
			return v
		}
		if c == nil {
			c = g.Clone()
			c.After = &lhy.After{Target: target, RetreatMin: 2, RetreatMax: 4}
		}
		c.After.Retreat = []int{i}
		known[i] = len(c.RetreatPaths(i, 1)) == 0
		return known[i]
	}
}

// horizon is how much the turns after this one count: 1 with two or more turns to the side's
// nearest open deadline (or none), half with one, nothing on the deadline's turn.
func horizon(g *lhy.Game, side string) float64 { return float64(min(2, turnsLeft(g, side))) / 2 }

// turnsLeft is how many turns after this one come before side's nearest open deadline (3
// when it has none).
func turnsLeft(g *lhy.Game, side string) int {
	left := 3
	for k, o := range g.Objectives {
		if open(g, side, k) && o.By > 0 {
			left = min(left, max(0, o.By-g.Turn))
		}
	}
	return left
}

// assaultWorth is about what one of the side's Assaults is worth, in points: what a unit put
// out of action for a turn forgoes.
const assaultWorth = 0.8

// ownLoss is what a result costs side's own unit: the Assaults it forgoes in the turns left
// before the deadline (every one when it is eliminated or destroyed, the next one when it is
// Disrupted, Shocked or Regrouping, part of each when it loses a step), and a Retreat that may
// take it out of reach. Nothing on the deadline's own turn.
func ownLoss(g *lhy.Game, side, what string) float64 {
	left := float64(turnsLeft(g, side))
	switch what {
	case "eliminated", "Destroyed":
		return left * assaultWorth
	case "Disrupted", "Shocked":
		return min(left, 1) * assaultWorth
	case "Regrouping":
		return min(left, 1) * assaultWorth / 2
	case "Casualty":
		return left * assaultWorth / 4
	case "must retreat":
		return min(left, 1) * assaultWorth / 4
	}
	return 0
}

// holdsLost is the points of side's open hold objectives whose hexes it holds now and would
// not once the units gone (eliminated, destroyed or retreating) have left them.
func holdsLost(g *lhy.Game, side string, gone map[int]bool) float64 {
	lost := 0.0
	for k, o := range g.Objectives {
		if o.Kind != lhy.ObjHold || !open(g, side, k) {
			continue
		}
		for _, h := range o.Hexes {
			if len(enemiesIn(g, side, h)) > 0 {
				continue // not held now
			}
			stay, left := 0, 0
			for _, i := range g.In(h) {
				if gone[i] {
					left++
				} else {
					stay++
				}
			}
			if left > 0 && stay == 0 {
				lost += float64(o.Each)
			}
		}
	}
	return lost
}

// enemiesIn are side's enemy units in h.
func enemiesIn(g *lhy.Game, side string, h lhy.Hex) []int {
	var out []int
	for _, i := range g.In(h) {
		if g.Units[i].Side != side {
			out = append(out, i)
		}
	}
	return out
}

// open reports whether objective k of side is still to be judged.
func open(g *lhy.Game, side string, k int) bool {
	return g.Objectives[k].Side == side && !g.Status(k).Closed
}

// eliminatePoints is what side's open eliminate objectives score for unit i.
func eliminatePoints(g *lhy.Game, side string, i int) float64 {
	pts := 0
	for k, o := range g.Objectives {
		if o.Kind == lhy.ObjEliminate && open(g, side, k) && (len(o.Units) == 0 || slices.Contains(o.Units, g.Units[i].ID)) {
			pts += o.Each
		}
	}
	return float64(pts)
}

// clearPoints is what side's open clear objectives score for h left without the enemy, and
// half its hold objectives' (a unit must still get there).
func clearPoints(g *lhy.Game, side string, h lhy.Hex) float64 {
	pts := 0.0
	for k, o := range g.Objectives {
		if !open(g, side, k) || !slices.Contains(o.Hexes, h) {
			continue
		}
		switch o.Kind {
		case lhy.ObjClear:
			pts += float64(o.Each)
		case lhy.ObjHold:
			pts += float64(o.Each) / 2
		}
	}
	return pts
}

// holds reports whether h is a hex side's open hold objectives ask for.
func holds(g *lhy.Game, side string, h lhy.Hex) bool {
	for k, o := range g.Objectives {
		if o.Kind == lhy.ObjHold && open(g, side, k) && slices.Contains(o.Hexes, h) {
			return true
		}
	}
	return false
}

// takes reports whether the referee takes line now (played on a copy with the lowest dice).
func takes(g *lhy.Game, line string) bool {
	_, err := g.Clone().Apply(line, dice.Lowest{})
	return err == nil
}

// names is the units' ids, joined by spaces.
func names(g *lhy.Game, idx []int) string {
	var s []string
	for _, i := range idx {
		s = append(s, g.Units[i].ID)
	}
	return strings.Join(s, " ")
}

// distance is the hexes between a and b.
func distance(a, b lhy.Hex) int { return hex.Distance(a, b) }

// pct writes a chance as a percentage.
func pct(p float64) string { return fmt.Sprintf("%.0f%%", 100*p) }
