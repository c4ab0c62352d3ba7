package aslgen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/ruleset"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/rules"
)

// Next draws the next line to try on an ASL game (a [gametest.Mover]): mostly a step the
// referee offers and accepts (one of the unit's steps as the steps endpoint lists them, tried
// on a copy), an Impulse of a group (its lead's step, the others following it), an Infantry
// unit's entry into an adjacent hex, a DEFENDER's Motion attempt or an attack, a Column's
// advance in the APh; now and then the end of the Movement Phase or the Advance Phase, so that
// games go on turn after turn; and about one line in eight made to be refused or unreadable
// (a unit that does not exist, a hex off the map or not adjacent, a verb out of place, a
// broken Impulse), to exercise refusals.
//
// [gametest.Mover]: https://pkg.go.dev/github.com/umpire-referee/umpire/game/gametest#Mover
func Next(g rules.Game, r *rand.Rand) string {
	ag, ok := g.(*ruleset.Game)
	if !ok {
		return "not an ASL game"
	}
	st := ag.G
	if r.IntN(8) == 0 {
		return illegal(st, r)
	}
	if st.Phase == asl.PhaseAPh {
		return advanceLine(st, r)
	}
	switch x := r.IntN(60); {
	case x == 0:
		return "mph " + enemyOf(st, st.Phasing)
	case x == 1:
		return "aph " + st.Phasing
	case x < 5:
		return defenderLine(st, r)
	}
	var movers []int
	for i := range st.Units {
		if u := &st.Units[i]; u.Side == st.Phasing && !u.Destroyed && !u.Exited && !u.Ended && (mayMove(u) || r.IntN(10) == 0) {
			movers = append(movers, i)
		}
	}
	groups := liveGroups(st)
	if len(movers) == 0 {
		if r.IntN(2) == 0 {
			return "aph " + st.Phasing
		}
		return "mph " + enemyOf(st, st.Phasing)
	}
	for _, gi := range groups {
		if grp := &st.Groups[gi]; grp.Kind == asl.KindConvoy && grp.Impulses > 0 && r.IntN(12) != 0 {
			return groupLine(st, gi, r) // a Convoy that has begun its MPh finishes it first (E11.21)
		}
	}
	if len(groups) > 0 && r.IntN(3) == 0 {
		return groupLine(st, groups[r.IntN(len(groups))], r)
	}
	i := movers[r.IntN(len(movers))]
	u := &st.Units[i]
	if gi := groupOf(st, i); gi >= 0 && r.IntN(4) != 0 {
		return groupLine(st, gi, r)
	}
	if u.V.Class >= asl.Infantry && r.IntN(2) == 0 && !u.Pos.Offboard {
		return u.ID + " enter " + st.Map.Layout.Name(u.Pos.Hex.Neighbor(hex.Side(r.IntN(6))))
	}
	v, err := ag.UnitSteps(u.ID, 0)
	if err != nil {
		return u.ID + " end"
	}
	steps := v.(ruleset.UnitStepsView).Steps
	if len(steps) == 0 || r.IntN(20) == 0 {
		return u.ID + " end"
	}
	return steps[r.IntN(len(steps))].Line
}

// mayMove reports a unit that nothing bars from moving this MPh (it did not fire in the PFPh,
// is not TI, Stunned or Immobile).
func mayMove(u *asl.Unit) bool {
	return !u.FiredPFPh && !u.TI && !u.Stunned && u.Immobile == asl.Mobile
}

// groupOf is the live group unit i moves with (its Armored Assault, Column, Convoy or platoon),
// or -1.
func groupOf(st *asl.Game, i int) int {
	u := &st.Units[i]
	for _, k := range [...]int16{u.Assault, u.Column, u.Convoy, u.Platoon} {
		if k != 0 && !st.Groups[k-1].Gone && !st.Groups[k-1].Ended {
			return int(k - 1)
		}
	}
	return -1
}

// enemyOf is the first side among the units that is not side.
func enemyOf(st *asl.Game, side string) string {
	for i := range st.Units {
		if st.Units[i].Side != side {
			return st.Units[i].Side
		}
	}
	return side
}

// liveGroups are the groups of the phasing side that still exist and have not ended their MPh.
func liveGroups(st *asl.Game) []int {
	var out []int
	for gi := range st.Groups {
		grp := &st.Groups[gi]
		if !grp.Gone && !grp.Ended && len(grp.Members) > 0 && st.Units[grp.Members[0]].Side == st.Phasing {
			out = append(out, gi)
		}
	}
	return out
}

// groupLine is a line for group gi: mostly an Impulse (the lead's step, each member behind it
// following: into the hex the one ahead left, or where the one in its hex goes; a platoon's
// members all the lead's way), or the whole group's Start, Stop, Delay or end, a platoon's
// member leaving it, a Column's Double Time or Gallop.
func groupLine(st *asl.Game, gi int, r *rand.Rand) string {
	grp := &st.Groups[gi]
	lead := &st.Units[grp.Members[0]]
	moving := lead.Moving || lead.Motion
	for _, m := range grp.Members {
		if st.Units[m].Ended && r.IntN(4) != 0 {
			return grp.ID + " end" // a member has ended: so has the group (D14.31)
		}
	}
	if grp.StopSpent && !moving && r.IntN(4) != 0 {
		return grp.ID + " end" // a Convoy that Stopped may not Start again (E11.2)
	}
	switch x := r.IntN(14); {
	case x == 0 && moving:
		return grp.ID + " stop"
	case x == 0:
		return grp.ID + " start"
	case x == 1:
		return grp.ID + " end"
	case x == 2 && !moving:
		return fmt.Sprintf("%s delay %d", grp.ID, 1+r.IntN(2))
	case x == 3 && grp.Kind == asl.KindColumn:
		return grp.ID + " " + []string{"double-time", "gallop"}[r.IntN(2)]
	case x == 3:
		return grp.ID + " leave " + st.Units[grp.Members[r.IntN(len(grp.Members))]].ID
	}
	return impulse(st, grp, r)
}

// impulse writes one Impulse of grp.
func impulse(st *asl.Game, grp *asl.Group, r *rand.Rand) string {
	lay := st.Map.Layout
	var parts []string
	// The lead's step: one the referee's move generator offers, or an entry for Infantry.
	lead := &st.Units[grp.Members[0]]
	step := "-"
	var to hex.Hex
	dir := hex.Side(r.IntN(6))
	if lead.V.Class < asl.Infantry && !lead.Moving && !lead.Motion && r.IntN(4) != 0 {
		step = "start" // a Start is an Impulse's expenditure of its own (D14.31)
	} else if acts := st.Elementary(grp.Members[0], nil); len(acts) > 0 && lead.V.Class < asl.Infantry {
		a := acts[r.IntN(len(acts))]
		if a.Verb == asl.VerbMinimum && r.IntN(4) != 0 {
			a = acts[0] // a platoon makes no Minimum Move (D14.21): mostly Start or Stop instead
		}
		step = strings.TrimPrefix(st.Describe(a), lead.ID+" ")
		if a.Verb == asl.VerbEnter {
			to = a.A
			dir, _ = lead.Pos.Hex.SideTo(a.A)
		}
	} else if !lead.Pos.Offboard {
		to = lead.Pos.Hex.Neighbor(dir)
		step = "enter " + lay.Name(to)
	}
	entering := strings.HasPrefix(step, "enter ")
	parts = append(parts, lead.ID+" "+step)
	prevFrom, prevTo := lead.Pos.Hex, to
	for _, m := range grp.Members[1:] {
		u := &st.Units[m]
		stopped := u.V.Class < asl.Infantry && !u.Moving && !u.Motion
		switch {
		case u.V.Class >= asl.Infantry && !entering:
			parts = append(parts, u.ID+" -")
			continue
		case step == "start" || step == "stop" || strings.HasPrefix(step, "vca ") && r.IntN(2) == 0:
			parts = append(parts, u.ID+" "+step)
			continue
		case !entering || u.Pos.Offboard:
			parts = append(parts, u.ID+" -")
			continue
		case stopped && r.IntN(4) != 0:
			parts = append(parts, u.ID+" start") // its Start is an expenditure of its own (D14.31)
			continue
		case grp.Kind == asl.KindPlatoon || grp.Kind == asl.KindArmoredAssault:
			to = u.Pos.Hex.Neighbor(dir)
		case u.Pos.Hex == prevFrom:
			to = prevTo
		default:
			to = prevFrom
		}
		parts = append(parts, u.ID+" enter "+lay.Name(to))
		prevFrom, prevTo = u.Pos.Hex, to
	}
	return grp.ID + ": " + strings.Join(parts, ", ")
}

// defenderLine is a DEFENDER's or the outside world's line: a Motion attempt, an attack on a
// unit, an OBA or aircraft attack, a LOS check, a Straying check.
func defenderLine(st *asl.Game, r *rand.Rand) string {
	lay := st.Map.Layout
	u := &st.Units[r.IntN(len(st.Units))]
	h := pickHex(st, r)
	switch r.IntN(6) {
	case 0:
		return "motion-attempt " + u.ID
	case 1:
		res := []string{"missed", "destroyed", "immobilized", "shocked", "stunned", "recalled", "pinned", "broken", "reduced"}
		return "attack " + u.ID + " " + res[r.IntN(len(res))]
	case 2:
		return []string{"oba ", "oba-wp ", "aircraft "}[r.IntN(3)] + lay.Name(h)
	case 3:
		return "los " + lay.Name(h) + " " + lay.Name(pickHex(st, r))
	case 4:
		if st.Night {
			return "stray " + u.ID
		}
	}
	if r.IntN(2) == 0 && !u.Pos.Offboard {
		x, y := u.Pos.Hex.SpineHexes(hex.Spine(r.IntN(6)))
		return []string{u.ID + " tca " + lay.Name(h), u.ID + " fire-vca " + lay.Name(x) + "-" + lay.Name(y)}[r.IntN(2)]
	}
	return u.ID + " " + []string{"bu", "ce"}[r.IntN(2)]
}

// advanceLine is a line of the Advance Phase: a Column's advance, a unit's advance or rout
// into an adjacent hex, or the next Movement Phase.
func advanceLine(st *asl.Game, r *rand.Rand) string {
	lay := st.Map.Layout
	if r.IntN(6) == 0 {
		return "mph " + enemyOf(st, st.Phasing)
	}
	for _, gi := range r.Perm(len(st.Groups)) {
		grp := &st.Groups[gi]
		if grp.Kind == asl.KindColumn && !grp.Gone && r.IntN(2) == 0 {
			lead := &st.Units[grp.Members[0]]
			return grp.ID + " advance " + lay.Name(lead.Pos.Hex.Neighbor(hex.Side(r.IntN(6))))
		}
	}
	var u *asl.Unit
	for _, i := range r.Perm(len(st.Units)) {
		if x := &st.Units[i]; x.Side == st.Phasing && x.V.Class >= asl.Infantry && !x.Advanced && !x.Broken && !x.Pinned && !x.Destroyed {
			u = x
			break
		}
	}
	if u == nil || u.Pos.Offboard {
		return "mph " + enemyOf(st, st.Phasing)
	}
	verb := "advance "
	if r.IntN(4) == 0 {
		verb = "rout "
	}
	return verb + u.ID + " " + lay.Name(u.Pos.Hex.Neighbor(hex.Side(r.IntN(6))))
}

func pickHex(st *asl.Game, r *rand.Rand) hex.Hex {
	lay := st.Map.Layout
	for {
		h := hex.Hex{X: int16(r.IntN(lay.Width())), Y: int16(r.IntN(lay.Height()))}
		if lay.Contains(h) {
			return h
		}
	}
}

// illegal is a line the referee must refuse or cannot read: drawn from the notation's
// grammar with a part that does not fit (an unknown unit or verb, a hex off the map or not
// adjacent, a step of the wrong phase, a malformed Impulse or group line).
func illegal(st *asl.Game, r *rand.Rand) string {
	lay := st.Map.Layout
	u := &st.Units[r.IntN(len(st.Units))]
	far := lay.Name(pickHex(st, r))
	grp := "ZZ"
	if len(st.Groups) > 0 {
		grp = st.Groups[r.IntN(len(st.Groups))].ID
	}
	lines := []string{
		u.ID + " enter " + far,
		u.ID + " enter 9ZZ99",
		u.ID + " vca " + far + "-" + far,
		u.ID + " bypass " + far + "-" + lay.Name(pickHex(st, r)),
		u.ID + " reverse " + far,
		u.ID + " esb " + fmt.Sprint(r.IntN(9)),
		u.ID + " delay -1",
		u.ID + " minimum " + far,
		u.ID + " fly",
		u.ID + " end toward " + far,
		u.ID + " unbog",
		"Nobody enter " + far,
		"attack " + u.ID + " tickled",
		"motion-attempt " + u.ID + " vs " + u.ID,
		grp + ": " + u.ID + " enter " + far,
		grp + ":",
		grp + " end toward " + u.ID + ":" + far,
		grp + " advance " + far,
		"form P9 " + u.ID,
		"form P9 " + u.ID + " " + st.Units[r.IntN(len(st.Units))].ID,
		"join " + grp + " " + u.ID,
		"disband " + grp,
		"combine " + grp + " " + grp,
		"advance " + u.ID + " " + far,
		"rout " + u.ID + " " + far,
		"mph",
		"aph Nobody",
		"oba",
		"",
	}
	return lines[r.IntN(len(lines))]
}
