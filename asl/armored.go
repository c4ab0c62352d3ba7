package asl

import "fmt"

// Armored Assault combined with Platoon Movement (D14.33-.333): a platoon (or a single AFV) and
// one Infantry stack move in two simultaneous Impulses, one for the vehicles in MP and one for
// the Infantry in MF, each costed on its own (D14.31); the Infantry stays with the AFV it set
// out with.

func (g *Game) checkArmoredAssault(grp *Group) error {
	var afv, inf []int
	for _, m := range grp.Members {
		u := &g.Units[m]
		switch {
		case u.V.AFV:
			afv = append(afv, m)
		case u.V.Class == Infantry:
			if u.Column != 0 {
				return g.refuse("E11.52", "%s is in a Column, which may not use Armored Assault", u.ID)
			}
			inf = append(inf, m)
		default:
			return g.refuse("D14.33", "%s is neither an AFV nor Infantry", u.ID)
		}
		if u.Side != g.Units[grp.Members[0]].Side {
			return g.refuse("D14.33", "%s and %s are on different sides", u.ID, g.Units[grp.Members[0]].ID)
		}
	}
	if len(afv) == 0 || len(inf) == 0 {
		return g.refuse("D14.33", "an Armored Assault is AFV with an Infantry stack")
	}
	if len(afv) > 1 || g.Units[afv[0]].Platoon != 0 {
		p := g.Units[afv[0]].Platoon
		if p == 0 {
			return g.refuse("D14.33", "several AFV combine Armored Assault with Impulse Movement only as one platoon (Platoon Movement, D14.2)")
		}
		plat := &g.Groups[p-1]
		if len(plat.Members) != len(afv) {
			return g.refuse("D14.333", "the whole platoon %s moves in the Armored Assault (members: %s)", plat.ID, g.memberNames(plat.Members))
		}
		for _, m := range afv {
			if g.Units[m].Platoon != p {
				return g.refuse("D14.333", "%s is not in platoon %s", g.Units[m].ID, plat.ID)
			}
		}
	}
	stack := g.Units[inf[0]].Pos.Hex
	grp.Escort = -1
	for _, m := range inf {
		if g.Units[m].Pos.Hex != stack || g.Units[m].Pos.Offboard {
			return g.refuse("D14.333", "the Infantry of an Armored Assault is one stack; %s is not with %s", g.Units[m].ID, g.Units[inf[0]].ID)
		}
	}
	for _, m := range afv {
		if g.Units[m].Pos.Hex == stack && !g.Units[m].Pos.Offboard {
			grp.Escort = m
		}
	}
	if grp.Escort < 0 {
		return g.refuse("D14.33", "the Infantry stack must begin stacked with an AFV of the Armored Assault")
	}
	return nil
}

// assaultImpulse splits an Armored Assault Impulse into its vehicle and Infantry Impulses:
// each part's cost is the most spent in it, charged to each unit of that part; no unit spends
// unless every unit of its part can afford it (D14.33, D14.31).
func (g *Game) assaultCosts(parts []int, r *ImpulseResult) (veh, inf MP, err error) {
	for k := range r.Members {
		mr := &r.Members[k]
		c := mr.Result.Cost.Total()
		if g.Units[mr.Unit].footMover() {
			if c > inf {
				inf = c
			}
		} else if c > veh {
			veh = c
		}
	}
	for _, m := range parts {
		before := &g.saved[m]
		need, what := veh, "vehicle"
		if before.footMover() {
			need, what = inf, "Infantry"
		}
		if before.Remaining() < need {
			return 0, 0, g.refuse("D14.33", "the %s Impulse would cost %s, but %s has only %s left: no unit of that Impulse may spend unless all can", what, need, before.ID, before.Remaining())
		}
	}
	return veh, inf, nil
}

// assaultFormation: the platoon in formation (D14.21) and the Infantry with its AFV (D14.333).
func (g *Game) assaultFormation(grp *Group, parts []int) error {
	var afv []int
	for _, m := range parts {
		if !g.Units[m].footMover() {
			afv = append(afv, m)
		}
	}
	if len(afv) > 1 {
		if why := g.formation(afv); why != "" {
			return g.refuse("D14.21", "at the end of the Impulse the platoon would be out of formation: %s", why)
		}
	}
	if grp.Escort >= 0 {
		e := &g.Units[grp.Escort]
		if !e.Destroyed && e.Immobile == Mobile {
			for _, m := range parts {
				if u := &g.Units[m]; u.footMover() && u.Pos.Hex != e.Pos.Hex {
					return g.refuse("D14.333", "%s moves in Armored Assault with %s and must end the Impulse in its hex (%s), or break off first", u.ID, e.ID, g.Map.Layout.Name(e.Pos.Hex))
				}
			}
		}
	}
	return nil
}

// breakOffAssault: units cease Armored Assault (D14.331). The ones that break off postpone the
// rest of their MPh until the others have finished theirs; with first, the others wait
// instead. AFV of a platoon leave together.
func (g *Game) breakOffAssault(gi int, ga GroupAction, r *Result) error {
	grp := &g.Groups[gi]
	if ga.Unit < 0 || g.GroupOf(ga.Unit, KindArmoredAssault) != gi {
		return g.refuse("D14.331", "name a unit of %s to break off", grp.ID)
	}
	if err := g.groupCanMove(gi); err != nil {
		return err
	}
	u := &g.Units[ga.Unit]
	var leavers, rest []int
	for _, m := range grp.Members {
		same := g.Units[m].footMover() == u.footMover()
		if same {
			leavers = append(leavers, m)
		} else {
			rest = append(rest, m)
		}
	}
	g.dissolve(gi)
	if ga.First {
		g.postponed, g.waitFor = append(g.postponed[:0], rest...), append(g.waitFor[:0], leavers...)
	} else {
		g.postponed, g.waitFor = append(g.postponed[:0], leavers...), append(g.waitFor[:0], rest...)
	}
	r.event("D14.331", fmt.Sprintf("%s cease Armored Assault: %s finish their MPh before %s continue", g.memberNames(leavers), g.memberNames(g.waitFor), g.memberNames(g.postponed)))
	return nil
}

// postponedBar refuses a unit whose MPh is postponed until others finish theirs (D14.331).
func (g *Game) postponedBar(i int) error {
	if !isMember(g.postponed, i) {
		return nil
	}
	for _, m := range g.waitFor {
		if w := &g.Units[m]; !w.Ended && !w.Destroyed && w.Immobile == Mobile && !w.Stunned {
			return g.refuse("D14.331", "%s broke off an Armored Assault and postpones the rest of its MPh until %s has finished", g.Units[i].ID, w.ID)
		}
	}
	return nil
}
