package asl

import (
	"fmt"

	"github.com/umpire-referee/umpire/dice"
)

// Steps outside movement that change a vehicle without spending MP: its crew's BU/CE status
// (`bu`, `ce`) and a VCA change made in a fire phase (`fire-vca`). Like `attack` and
// `motion-attempt` they may come at any time; each is refused, changing nothing, when the rules
// give it no sense.

// crew buttons a vehicle's crew up (`bu`) or unbuttons it (`ce`). It costs no MP (D14.31 names
// changing CE/BU status among the actions that cost none) and may be done at any time. The road
// rate follows: a BU AFV pays one MP per road hexside, not ½ (D2.16). Only an AFV's crew has a
// BU/CE status here (D2.16 reads it for AFVs only; D5.2): not Infantry, Cavalry or a wagon, nor
// an unarmored vehicle.
func (g *Game) crew(a Action, r *Result) error {
	u := &g.Units[a.Unit]
	bu := a.Verb == VerbBU
	word := map[bool]string{true: "buttoned up (BU)", false: "Crew Exposed (CE)"}
	switch {
	case u.V.Class >= Wagon:
		return g.refuse("D5.2", "%s is %s, not a vehicle with a crew: it has no BU/CE status", u.ID, u.V.Class.A())
	case !u.V.AFV:
		return g.refuse("D5.2", "%s is %s, not an AFV: only an AFV's crew buttons up (D2.16)", u.ID, u.V.Class.A())
	case u.Destroyed:
		return g.refuse("D5.2", "%s has been destroyed", u.ID)
	case u.Buttoned() == bu:
		return g.refuse("D5.2", "%s's crew is already %s", u.ID, word[bu])
	}
	if bu {
		u.Crew = CrewBU
		r.event("D2.16", u.ID+"'s crew buttons up: as a BU AFV it pays 1 MP per road hexside, not ½")
	} else {
		u.Crew = CrewCE
		r.event("D2.16", u.ID+"'s crew unbuttons (CE): it pays the road rate, ½ MP per road hexside")
	}
	r.Total = u.Spent
	return nil
}

// fireVCA changes a vehicle's VCA to a.A-a.B as a result of its firing outside its CA in a fire
// phase. D2.11: "A VCA can also be changed ... as a result of firing outside its CA during any
// fire phase (other than its own MPh; C5.1)". Decisions read from D2.11:
//
//   - No MP: D2.11 charges MP for a VCA change as the vehicle "expends MP to change its hex/VCA"
//     in movement; a change made by firing is not movement and has no MP to spend.
//   - A Bog Check per hexspine in difficult terrain off a road, as in the MPh: D2.11's "VCA
//     changes (if not on a road) in difficult terrain ... require a Bog Check (D8.2)" names no
//     phase, and D2.401 keeps the Bog Check for the other free VCA change it allows. A Bogged
//     vehicle turns no further.
//   - Not in its own MPh (there a VCA change costs MP: `vca`): a DEFENDER firing during the
//     enemy MPh (Defensive First Fire) may, and a phasing vehicle whose MPh is over.
//   - Not an Immobile vehicle (it may not change its VCA; its TCA may still turn: `tca`), nor one
//     in Bypass (D2.33: it changes VCA only at its CAFP as it moves), nor one that may not fire
//     (Stunned, Shocked, Recalled), nor a unit that is not a vehicle.
//
// The fire itself (and any First Fire counter it earns) is not a movement step: mark it in the
// scenario if a later Motion attempt must see it (D2.401).
func (g *Game) fireVCA(a Action, src dice.Source, r *Result) error {
	u := g.Units[a.Unit] // work on a copy; commit only on success
	lay := g.Map.Layout
	switch {
	case u.footMover() || u.V.Class >= Infantry:
		return g.refuse("D2.11", "%s is %s: it has no VCA", u.ID, u.V.Class.A())
	case u.Destroyed:
		return g.refuse("D2.11", "%s has been destroyed", u.ID)
	case u.Pos.Offboard:
		return g.refuse("D2.11", "%s is off the map", u.ID)
	case u.Immobile != Mobile:
		return g.refuse("D2.11", "%s is %s: an Immobile vehicle may not change its VCA (its TCA may still turn: \"%s tca HEX\")", u.ID, u.Immobile, u.ID)
	case u.Stunned:
		return g.refuse("D2.11", "%s is Stunned/Shocked/Recalled and may not fire, so it makes no VCA change by firing", u.ID)
	case u.Side == g.Phasing && !u.Ended:
		return g.refuse("D2.11", "%s is in its own MPh: a VCA change by firing is made in a fire phase other than its own MPh; in its MPh it pays MP for it (\"%s vca %s-%s\")", u.ID, u.ID, lay.Name(a.A), lay.Name(a.B))
	case u.Pos.Bypass:
		return g.refuse("D2.33", "%s is in Bypass and may not change its VCA there except at its CAFP as it moves", u.ID)
	}
	n, turn, err := g.vcaTurn(&u, a)
	if err != nil {
		return err
	}
	bogged, err := g.freeTurn(&u, n, turn, src, r)
	if err != nil {
		return err
	}
	r.event("D2.11", fmt.Sprintf("fires outside its CA: VCA now %s, no MP (a fire phase)", lay.VCAName(u.Pos.Hex, u.Pos.Heading)))
	r.Total = u.Spent
	if bogged {
		u.Lost = true
	}
	g.Units[a.Unit] = u
	if bogged {
		for _, k := range [...]int16{u.Platoon, u.Convoy} {
			if k != 0 {
				g.afterLoss(int(k-1), r)
			}
		}
		g.CheckColumns(r)
	}
	return nil
}
