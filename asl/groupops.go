package asl

import (
	"fmt"
	"strconv"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/words"
)

// eventer is what records events: a Result or an ImpulseResult.
type eventer interface{ event(rule, text string) }

// afterLoss takes out of group gi the members it has lost (destroyed, Immobile, Recalled) and
// applies what a Gap means for its kind: a platoon re-forms or dissolves (D14.22), a Convoy
// splits in two (E11.21).
func (g *Game) afterLoss(gi int, ev eventer) {
	grp := &g.Groups[gi]
	if grp.Gone {
		return
	}
	gone := false
	for _, m := range grp.Members {
		if u := &g.Units[m]; u.Destroyed || u.Immobile != Mobile || u.Recalled && grp.Kind == KindPlatoon {
			gone = true
		}
	}
	if !gone && (grp.Kind != KindConvoy || g.lineBreak(grp.Members, "E11.21") == "") {
		return
	}
	switch grp.Kind {
	case KindPlatoon:
		lost := false
		for _, m := range append([]int(nil), grp.Members...) {
			u := &g.Units[m]
			if u.Destroyed || u.Immobile != Mobile || u.Recalled {
				why := "destroyed"
				switch {
				case u.Recalled:
					why = "Recalled (and treated as radio-equipped from now on)"
				case u.Immobile != Mobile:
					why = u.Immobile.String()
				}
				g.leaveGroup(gi, m)
				u.Lost = true
				lost = true
				ev.event("D14.22", fmt.Sprintf("Gap: %s is %s and no longer part of platoon %s", u.ID, why, grp.ID))
			}
		}
		if !lost {
			return
		}
		g.platoonShrunk(gi, ev)
	case KindConvoy:
		for _, m := range append([]int(nil), grp.Members...) {
			u := &g.Units[m]
			if u.Destroyed || u.Immobile != Mobile {
				g.leaveGroup(gi, m)
				u.Lost = true
				ev.event("E11.21", fmt.Sprintf("Gap: %s is %s and no longer part of Convoy %s", u.ID, lossWord(u), grp.ID))
			}
		}
		g.splitConvoy(gi, ev)
	}
}

func lossWord(u *Unit) string {
	if u.Destroyed {
		return "eliminated"
	}
	return u.Immobile.String()
}

// platoonShrunk applies D14.22 to a platoon that lost a member.
func (g *Game) platoonShrunk(gi int, ev eventer) {
	grp := &g.Groups[gi]
	switch {
	case len(grp.Members) <= 1:
		for _, m := range grp.Members {
			g.Units[m].PlatoonFree = g.Units[m].Side == g.Phasing
			ev.event("D14.22", g.Units[m].ID+" is the last AFV of "+grp.ID+": free from platoon restrictions for the rest of its MPh")
		}
		g.dissolve(gi)
	case g.formation(grp.Members) != "":
		if g.Units[grp.Members[0]].Side == g.Phasing && !grp.Ended {
			grp.Reform = true
			ev.event("D14.22", grp.ID+" is out of formation: it must re-form at the end of the first Impulse in which one of its AFV enters a new hex, or cease Platoon Movement at the end of its MPh")
		} else {
			ev.event("D14.22", grp.ID+" is out of formation outside its MPh: it ceases Platoon Movement")
			g.dissolve(gi)
		}
	}
}

// splitConvoy splits a Convoy whose line has a Gap into a lead and a rear Convoy (E11.21); a
// part of one vehicle is no longer in Convoy status (E11.1, E11.255). The first part keeps the
// Convoy's id, the others get new ones (C1.2, C1.3 ...). If the Convoy had completed an Impulse
// this MPh, each part waits for every unit ahead of it to complete its MPh.
func (g *Game) splitConvoy(gi int, ev eventer) {
	grp := &g.Groups[gi]
	var runs [][]int
	start := 0
	ms := grp.Members
	for k := 1; k <= len(ms); k++ {
		if k == len(ms) || g.lineBreak(ms[k-1:k+1], "E11.21") != "" {
			runs = append(runs, append([]int(nil), ms[start:k]...))
			start = k
		}
	}
	if len(runs) <= 1 && len(ms) >= 2 {
		return
	}
	orig := *grp
	orig.WaitUnits = append([]int(nil), grp.WaitUnits...)
	g.dissolve(gi)
	var ahead []int
	last := -1
	for n, run := range runs {
		if len(run) < 2 {
			for _, m := range run {
				ev.event("E11.255", g.Units[m].ID+" is alone, cut off by a Gap: no longer in Convoy status")
			}
			ahead = append(ahead, run...)
			continue
		}
		idx := gi
		id := orig.ID
		if n > 0 {
			idx = len(g.Groups)
			g.Groups = append(g.Groups, Group{})
			id = g.freshID(orig.ID)
		}
		ng := &g.Groups[idx]
		*ng = Group{ID: id, Kind: KindConvoy, Members: run, Origin: orig.Origin, After: -1, Impulses: orig.Impulses, StopSpent: orig.StopSpent, Ended: orig.Ended}
		ng.WaitUnits = append([]int(nil), orig.WaitUnits...)
		if orig.Impulses > 0 && len(ahead) > 0 {
			ng.WaitUnits = append(ng.WaitUnits, ahead...)
			if last >= 0 {
				ng.After = last
			}
		}
		g.join(idx)
		role := "lead"
		if n > 0 {
			role = "rear"
		}
		ev.event("E11.21", fmt.Sprintf("%s Convoy %s: %s", role, ng.ID, g.memberNames(run)))
		ahead = append(ahead, run...)
		last = idx
	}
	// Convoys that were waiting for the one that split now wait for its rearmost part too.
	for k := range g.Groups {
		if o := &g.Groups[k]; !o.Gone && o.After == gi && k != last && last >= 0 && !isMember(ahead, firstOf(o.Members)) {
			o.After = last
		}
	}
	if len(runs) > 1 && orig.Impulses > 0 {
		ev.event("E11.21", "the units ahead complete their MPh before those behind the Gap continue")
	}
}

func firstOf(ms []int) int {
	if len(ms) == 0 {
		return -1
	}
	return ms[0]
}

// freshID is an id for a new group made from one called base: base.2, base.3 ...
func (g *Game) freshID(base string) string {
	for n := 2; ; n++ {
		id := base + "." + strconv.Itoa(n)
		used := false
		for k := range g.Groups {
			if g.Groups[k].ID == id {
				used = true
			}
		}
		if !used {
			return id
		}
	}
}

// convoyImpulseOK checks a Convoy after its members' moves: a line broken by a member (a new
// rear Convoy, E11.254) needs the vehicle that opened the Gap to be free to leave (E11.251), and
// each resulting Convoy has one Motion status (E11.24).
func (g *Game) convoyImpulseOK(gi int, parts []int) error {
	for k := 1; k < len(parts); k++ {
		if why := g.lineBreak(parts[k-1:k+1], "E11.21"); why != "" {
			u := &g.Units[parts[k]]
			if ok, _ := g.mayLeaveConvoy(parts[k], gi); !ok {
				return g.refuse("E11.251", "%s would open a Gap in Convoy %s (%s), forming a new rear Convoy; a vehicle may leave its Convoy only with LOS to a Known enemy ground unit or to a Convoy vehicle attacked or lost, with a radio AFV's crew seeing one, or when Recalled", u.ID, g.Groups[gi].ID, why)
			}
			continue
		}
		a, b := &g.Units[parts[k-1]], &g.Units[parts[k]]
		if !a.waiting() && !b.waiting() && a.Stopped() != b.Stopped() {
			return g.refuse("E11.24", "%s is %s but %s is %s: a Convoy has one Motion status, as one unit", a.ID, stoppedWord(a), b.ID, stoppedWord(b))
		}
	}
	return nil
}

// mayLeaveConvoy applies E11.251: a Convoy vehicle may leave when it has LOS to a Known enemy
// ground unit or to a same-Convoy vehicle (itself included) attacked at the end of the
// preceding Impulse or eliminated/Immobilized this MPh; or it is a radio AFV and another
// friendly radio AFV's crew (not Shocked/Stunned) has such a LOS; or it is Recalled.
func (g *Game) mayLeaveConvoy(i, gi int) (bool, string) {
	u := &g.Units[i]
	if u.Recalled {
		return true, "it is Recalled (E11.253)"
	}
	if ok, why := g.seesCause(i, gi); ok {
		return true, why
	}
	if u.V.AFV && u.V.Radio {
		for j := range g.Units {
			o := &g.Units[j]
			if j == i || o.Side != u.Side || o.Destroyed || !o.V.AFV || !o.V.Radio || o.Stunned {
				continue
			}
			if ok, why := g.seesCause(j, gi); ok {
				return true, "the crew of radio AFV " + o.ID + " reports: " + why
			}
		}
	}
	return false, ""
}

func (g *Game) seesCause(i, gi int) (bool, string) {
	u := &g.Units[i]
	for j := range g.Units {
		o := &g.Units[j]
		if o.Side != u.Side && !o.Destroyed && !o.Hidden && !o.Concealed && g.inLOS(u, o) {
			return true, "it has LOS to Known enemy " + o.ID
		}
		if o.Side == u.Side && int(o.origin) == g.Groups[gi].Origin+1 && (o.Attacked || o.Lost) && (j == i || g.losEvenWreck(u, o)) {
			return true, "it has LOS to Convoy vehicle " + o.ID + ", which was attacked or lost"
		}
	}
	return false, ""
}

// losEvenWreck is LOS between two units, a destroyed one included (its wreck is still there).
func (g *Game) losEvenWreck(a, b *Unit) bool {
	if a.Pos.Offboard || b.Pos.Offboard {
		return false
	}
	return g.Map.LOSBetween(a.Pos.Spot(), b.Pos.Spot())
}

// ---------------------------------------------------------------------------------------
// Group steps outside Impulses: end, leave, form, combine.

// GroupStep is a step for a whole group that is not an Impulse.
type GroupStep uint8

// Group steps.
const (
	GroupEnd     GroupStep = iota // every member ends its MPh (D2.4)
	GroupLeave                    // a member (or a platoon in a Convoy) leaves the group
	GroupCombine                  // two Convoys combine (E11.26)
	GroupForm                     // AFV form a platoon at the start of their MPh (D14.2)
	GroupDisband                  // a Column declares Disbandment (E11.53)
	GroupJoin                     // units join a Column (E11.523) or a platoon (D14.23)
	GroupHurry                    // a Column declares Double Time/Gallop (E11.52)
	GroupAdvance                  // a Column advances as one in the APh (E11.52)
)

// GroupAction is a group step: End or Disband for Group; Leave with Unit (or Other, a platoon
// leaving a Convoy as one); Combine with Other; Form with Units and ID; Advance with To.
type GroupAction struct {
	Step  GroupStep
	Group int
	Unit  int // -1 if none
	Other int // -1 if none
	Units []int
	ID    string
	First bool // break off: the units breaking off finish their MPh first (D14.331)
	// Ends: End's `end toward` of each member named, the hex it wished to enter next (D2.4).
	Ends []Action
	// To: the hex a Column's lead advances into (GroupAdvance, E11.52).
	To hex.Hex
}

// GroupDo applies a group step; on refusal nothing changes.
func (g *Game) GroupDo(ga GroupAction, src dice.Source, r *Result) error {
	defer g.placedAll(g.movers(ga.Group, append([]int{ga.Unit, ga.Other}, ga.Units...)...))
	r.Reset()
	if ga.Step == GroupAdvance {
		if ga.Group < 0 || ga.Group >= len(g.Groups) || g.Groups[ga.Group].Gone {
			return g.refuse("scenario", "no such group")
		}
		return g.advanceColumn(ga.Group, ga.To, r)
	}
	// Every other group step belongs to a Movement Phase.
	if err := g.inMPh(); err != nil {
		return err
	}
	switch ga.Step {
	case GroupForm:
		return g.formPlatoon(ga, r)
	}
	if ga.Group < 0 || ga.Group >= len(g.Groups) || g.Groups[ga.Group].Gone {
		return g.refuse("scenario", "no such group")
	}
	switch ga.Step {
	case GroupEnd:
		return g.groupEnd(ga.Group, ga.Ends, r)
	case GroupLeave:
		return g.leave(ga, src, r)
	case GroupCombine:
		return g.combine(ga.Group, ga.Other, r)
	case GroupDisband:
		return g.declareDisband(ga.Group, r)
	case GroupHurry:
		return g.hurry(ga.Group, r)
	case GroupJoin:
		if g.Groups[ga.Group].Kind == KindPlatoon {
			return g.joinPlatoon(ga, r)
		}
		return g.joinColumn(ga, r)
	}
	return g.refuse("scenario", "unknown group step")
}

// groupEnd ends the MPh of every member. Members in Motion with MP left end so only if the
// group could make no other Impulse, or the Impulse named by ends (each member's next hex)
// costs more than it has left (D2.4, D14.3). A platoon ends in one status (D14.21); one that
// has not re-formed after a Gap ceases Platoon Movement (D14.22).
func (g *Game) groupEnd(gi int, ends []Action, r *Result) error {
	grp := &g.Groups[gi]
	if err := g.groupCanMove(gi); err != nil {
		return err
	}
	parts := g.liveMembers(gi)
	because, err := g.groupMotionEndOK(gi, parts, ends)
	if err != nil {
		return err
	}
	saved := make([]Unit, len(g.Units))
	copy(saved, g.Units)
	savedLOS := len(g.losLog) // ending counts MP left as spent in LOS
	restore := func() {
		copy(g.Units, saved)
		g.forgetOccupancy() // any unit may be back where it was
		g.losLog = g.losLog[:savedLOS]
	}
	var scratch Result
	for _, m := range parts {
		if g.Units[m].Ended {
			continue
		}
		u := g.Units[m]
		if err := g.end(&u, endHow{group: true}, &scratch); err != nil {
			restore()
			return err
		}
		g.Units[m] = u
	}
	if grp.Kind == KindPlatoon {
		if why := g.formation(grp.Members); why != "" && !grp.Reform {
			restore()
			return g.refuse("D14.21", "%s would end its MPh out of formation: %s", grp.ID, why)
		}
	}
	for _, m := range parts {
		if !saved[m].Ended && g.Units[m].Ended {
			g.mphEnded(m, &g.Units[m]) // MP left count as spent in the final hex (D2.1)
		}
	}
	grp.Ended = true
	motion := len(parts) > 0 && g.Units[parts[0]].Motion
	switch {
	case motion && because != "":
		r.event("D2.4", grp.ID+" ends its MPh in Motion "+because)
	case motion:
		r.event("D2.4", grp.ID+" ends its MPh in Motion")
	default:
		r.event("D2.4", grp.ID+" ends its MPh Stopped")
	}
	if grp.Kind == KindPlatoon && grp.Reform {
		r.event("D14.22", grp.ID+" did not re-form during its MPh: it ceases Platoon Movement")
		g.dissolve(gi)
	}
	r.Total = 0
	if len(parts) > 0 {
		r.Total = g.Units[parts[0]].Spent
	}
	return nil
}

// leave takes a unit out of its platoon (D14.23) or Convoy (E11.25), or a platoon out of a
// Convoy as one (E11.252).
func (g *Game) leave(ga GroupAction, src dice.Source, r *Result) error {
	grp := &g.Groups[ga.Group]
	if ga.Unit >= len(g.Units) || ga.Unit < 0 && (ga.Other < 0 || grp.Kind != KindConvoy) {
		return g.refuse("scenario", "name a unit of %s to leave it", grp.ID)
	}
	switch grp.Kind {
	case KindColumn:
		return g.refuse("E11.53", "Column units may not leave their Column; a Column only Disbands")
	case KindArmoredAssault:
		return g.breakOffAssault(ga.Group, ga, r)
	case KindPlatoon:
		return g.breakOff(ga.Group, ga.Unit, src, r)
	}
	// Convoy.
	if err := g.groupCanMove(ga.Group); err != nil {
		return err
	}
	var leavers []int
	who := ""
	if ga.Other >= 0 {
		p := &g.Groups[ga.Other]
		if p.Kind != KindPlatoon || p.Gone {
			return g.refuse("E11.252", "only a platoon leaves a Convoy as one")
		}
		for _, m := range p.Members {
			if g.GroupOf(m, KindConvoy) != ga.Group {
				return g.refuse("E11.252", "%s of platoon %s is not in Convoy %s", g.Units[m].ID, p.ID, grp.ID)
			}
		}
		leavers, who = p.Members, "platoon "+p.ID
	} else {
		if g.GroupOf(ga.Unit, KindConvoy) != ga.Group {
			return g.refuse("E11.25", "%s is not in Convoy %s", g.Units[ga.Unit].ID, grp.ID)
		}
		if p := g.GroupOf(ga.Unit, KindPlatoon); p >= 0 {
			return g.refuse("E11.252", "%s is in platoon %s, which leaves the Convoy as one: write \"%s leave %s\"", g.Units[ga.Unit].ID, g.Groups[p].ID, grp.ID, g.Groups[p].ID)
		}
		leavers, who = []int{ga.Unit}, g.Units[ga.Unit].ID
	}
	var why string
	ok := false
	for _, m := range leavers {
		if ok, why = g.mayLeaveConvoy(m, ga.Group); ok {
			break
		}
	}
	if !ok {
		return g.refuse("E11.251", "%s may not leave Convoy %s: it needs LOS to a Known enemy ground unit or to a vehicle of the Convoy attacked at the end of its last Impulse or lost this MPh, a radio AFV's crew seeing one, or a Recall", who, grp.ID)
	}
	for _, m := range leavers {
		g.leaveGroup(ga.Group, m)
		u := &g.Units[m]
		u.PlatoonFree = true // no NTC for leaving a Convoy (E11.252)
		u.strayOK = true     // a vehicle leaving of its own will may Stray (E11.6)
		r.event("E11.25", u.ID+" leaves Convoy "+grp.ID+" and completes its MPh moving on its own before the Convoy's next Impulse ("+why+")")
	}
	g.leaving = append(g.leaving[:0], leavers...)
	g.splitConvoy(ga.Group, r)
	return nil
}

// breakOff: an AFV leaves its platoon at the start of its MPh (D14.23): a radioless one must
// pass a NTC; a radio AFV in a radioless platoon need not.
func (g *Game) breakOff(gi, i int, src dice.Source, r *Result) error {
	grp := &g.Groups[gi]
	if g.GroupOf(i, KindPlatoon) != gi {
		return g.refuse("D14.23", "%s is not in platoon %s", g.Units[i].ID, grp.ID)
	}
	u := &g.Units[i]
	if u.Side != g.Phasing {
		return g.refuse("D14.23", "%s may break off from its platoon only at the start of its own MPh", u.ID)
	}
	if u.Spent > 0 || grp.Impulses > 0 {
		return g.refuse("D14.23", "%s may break off from %s only at the start of its MPh, before the platoon moves; afterwards only a Gap frees it", u.ID, grp.ID)
	}
	if !u.Radioless() {
		g.leaveGroup(gi, i)
		r.event("D14.23", u.ID+" has a radio: it leaves "+grp.ID+" at the start of its MPh without a NTC")
		g.platoonShrunk(gi, r)
		return nil
	}
	passed, err := g.ntc(u, src, r)
	if err != nil {
		return err
	}
	g.leaveGroup(gi, i)
	if passed {
		r.event("D14.23", u.ID+" passes its NTC and breaks off from "+grp.ID+": it moves on its own this MPh")
	} else {
		g.ntcFailed(u, r)
		g.mphEnded(i, u)
	}
	g.platoonShrunk(gi, r)
	return nil
}

// ntc rolls the Normal Task Check of D14.23: DR <= the crew's morale passes.
func (g *Game) ntc(u *Unit, src dice.Source, r *Result) (bool, error) {
	m := u.V.Morale
	if m == 0 {
		m = 8
	}
	roll, err := dice.Check(src, dice.DR, func(t int) int { return btoi(t <= m) })
	if err != nil {
		return false, err
	}
	e := RollEvent{For: "NTC", Rule: "D14.23", Roll: roll, Final: int(roll.Total), Need: fmt.Sprintf("DR <= %d (crew morale) passes", m), Odds: dice.PDRAtMost(m, 0), Risk: dice.PDRAtMost(m, 0).Not()}
	passed := int(roll.Total) <= m
	if passed {
		e.Result = "passed"
		u.NTC = NTCPassed
	} else {
		e.Result = "failed"
		u.NTC = NTCFailed
	}
	r.roll(e)
	return passed, nil
}

// ntcFailed: a radioless AFV that fails its NTC may not move this MPh; one in Motion Stops in
// its hex with one MP and ends its MPh (D14.23).
func (g *Game) ntcFailed(u *Unit, r *Result) {
	if u.InMotion() {
		r.Cost.Plus(Whole(1), "Stop", "D14.23")
		u.Spent += Whole(1)
		u.StartStop += Whole(1)
		u.Moving, u.Motion, u.Reverse, u.DirSet = false, false, false, false
		r.event("D14.23", u.ID+" fails its NTC in Motion: it Stops in its hex and ends its MPh")
	} else {
		r.event("D14.23", u.ID+" fails its NTC: it may not move this MPh")
	}
	u.Ended = true
}

// formPlatoon forms a platoon of two or three AFV at the start of their MPh (D14.2); radio AFV
// that do so are bound by it until the start of their next MPh (D14.23).
func (g *Game) formPlatoon(ga GroupAction, r *Result) error {
	for _, m := range ga.Units {
		if m < 0 || m >= len(g.Units) {
			return g.refuse("scenario", "no such unit")
		}
		u := &g.Units[m]
		if u.Side != g.Phasing {
			return g.refuse("D14.2", "%s may join a platoon only at the start of its own MPh", u.ID)
		}
		if (u.Spent > 0 && !isMember(g.leaving, m)) || u.Ended {
			return g.refuse("D14.2", "%s has begun its MPh; a platoon is formed at setup, at the start of the MPh or on leaving a Convoy", u.ID)
		}
		if u.Convoy != 0 {
			return g.refuse("D14.2", "%s is in Convoy %s; it forms a platoon when leaving the Convoy", u.ID, g.Groups[u.Convoy-1].ID)
		}
	}
	if err := g.AddGroup(ga.ID, KindPlatoon, ga.Units); err != nil {
		return err
	}
	gi := len(g.Groups) - 1
	g.Groups[gi].Fresh = false
	if g.Groups[gi].Radio {
		r.event("D14.23", "radio AFV declare Platoon Movement: bound by it until the start of their next MPh")
	}
	r.event("D14.2", "platoon "+ga.ID+" formed: "+g.memberNames(g.Groups[gi].Members))
	return nil
}

// combine joins Convoy b onto Convoy a (E11.26): the highest MP expenditure so far applies to
// every vehicle of the new Convoy.
func (g *Game) combine(a, b int, r *Result) error {
	if b < 0 || b >= len(g.Groups) || g.Groups[b].Gone || a == b {
		return g.refuse("E11.26", "name two different Convoys to combine")
	}
	ga, gb := &g.Groups[a], &g.Groups[b]
	if ga.Kind != KindConvoy || gb.Kind != KindConvoy {
		return g.refuse("E11.26", "only Convoys combine")
	}
	line := append(append([]int(nil), ga.Members...), gb.Members...)
	if why := g.lineBreak(line, "E11.1"); why != "" {
		other := append(append([]int(nil), gb.Members...), ga.Members...)
		if why2 := g.lineBreak(other, "E11.1"); why2 != "" {
			return g.refuse("E11.26", "%s and %s do not form one line: %s", ga.ID, gb.ID, why)
		}
		line = other
	}
	var most MP
	for _, m := range line {
		if s := g.Units[m].Spent; s > most {
			most = s
		}
	}
	bID := gb.ID
	origin := ga.Origin
	impulses := ga.Impulses
	if gb.Impulses > impulses {
		impulses = gb.Impulses
	}
	stop := ga.StopSpent || gb.StopSpent
	after := ga.After
	if after < 0 {
		after = gb.After
	}
	waits := append(append([]int(nil), ga.WaitUnits...), gb.WaitUnits...)
	if g.started(gb.Origin) {
		g.markStarted(origin)
	}
	g.dissolve(b)
	g.dissolve(a)
	ng := &g.Groups[a]
	*ng = Group{ID: ga.ID, Kind: KindConvoy, Members: line, Origin: origin, After: after, Impulses: impulses, StopSpent: stop, WaitUnits: waits}
	g.join(a)
	for _, m := range line {
		u := &g.Units[m]
		if u.Spent < most {
			r.event("E11.26", fmt.Sprintf("%s: %s MP spent so far (was %s)", u.ID, most, u.Spent))
			u.Spent = most
		}
	}
	r.event("E11.26", "Convoy "+bID+" combines with "+ng.ID+": "+g.memberNames(line))
	r.Total = most
	return nil
}

// moveAlone checks that a unit may take a step of its own now: a member of a platoon, Convoy
// or Column moves only in its group's Impulses (D14.3, E11.2, E11.52); a vehicle that left a
// Convoy completes its MPh before anything else moves (E11.25); and nothing else moves while a
// Convoy that has begun its MPh is still moving (E11.21).
func (g *Game) moveAlone(a Action) error {
	if g.impulse != 0 || a.Verb == VerbTCA || len(g.Groups) == 0 && len(g.leaving) == 0 && len(g.postponed) == 0 {
		return nil
	}
	u := &g.Units[a.Unit]
	if err := g.postponedBar(a.Unit); err != nil {
		return err
	}
	for _, k := range [...]int16{u.Assault, u.Platoon, u.Convoy, u.Column} {
		if k != 0 && !g.Groups[k-1].Gone {
			grp := &g.Groups[k-1]
			rule := map[GroupKind]string{KindPlatoon: "D14.21", KindConvoy: "E11.2", KindColumn: "E11.52", KindArmoredAssault: "D14.33"}[grp.Kind]
			if a.Verb == VerbEnd {
				continue // a member may end its MPh on its own (then its group moves no more)
			}
			return g.refuse(rule, "%s moves with %s %s, in Impulses: write the Impulse as \"%s: %s %s, ...\"", u.ID, grp.Kind, grp.ID, grp.ID, u.ID, a.Verb)
		}
	}
	if a.Verb == VerbEnd {
		return nil
	}
	for _, m := range g.leaving {
		if m == a.Unit {
			return nil
		}
	}
	for _, m := range g.leaving {
		if l := &g.Units[m]; !l.Ended && !l.Destroyed && l.Immobile == Mobile && !l.Stunned {
			return g.refuse("E11.25", "%s left its Convoy and must complete its MPh before %s moves", l.ID, u.ID)
		}
	}
	one := [1]int{a.Unit}
	return g.convoyBar(one[:])
}

// motionTrigger is the most MP an enemy unit that came into defender d's LOS this MPh has spent
// in that LOS (D2.401), and which unit it was (-1: none); versus >= 0 counts only that unit.
func (g *Game) motionTrigger(d, versus int) (MP, int) {
	spent := g.motionSpent(d)
	best, who := MP(0), -1
	for i := range g.Units {
		m := &g.Units[i]
		if m.Side != g.Phasing || m.Destroyed || (versus >= 0 && versus != i) || spent[i] <= best {
			continue
		}
		if !g.seenAtStart(i, d) {
			best, who = spent[i], i
		}
	}
	return best, who
}

// platoonMotionAttempt: a DEFENDING platoon makes one Motion attempt dr for all its AFV, with a
// drm equal to their number; the enemy need have spent MP in the LOS of only one of them
// (D14.211). Success is a Start for each: one platoon Mechanical Reliability and Stall DR.
func (g *Game) platoonMotionAttempt(gi int, a Action, src dice.Source, r *Result) error {
	grp := &g.Groups[gi]
	parts := g.liveMembers(gi)
	for _, m := range parts {
		d := &g.Units[m]
		switch {
		case d.MotionAttempted:
			return g.refuse("D2.401", "%s of platoon %s has already made its Motion attempt this enemy MPh", d.ID, grp.ID)
		case d.FireMarker:
			return g.refuse("D2.401", "%s of platoon %s is marked with a First/Final Fire counter; the platoon may not attempt Motion", d.ID, grp.ID)
		case d.Stunned:
			return g.refuse("D2.401", "%s of platoon %s is Stunned", d.ID, grp.ID)
		}
	}
	if a.HasVCA {
		return g.refuse("D14.211", "a platoon's Motion attempt is one dr for all its AFV; make it without a VCA change")
	}
	best, who, seen := MP(0), -1, -1
	for _, m := range parts {
		if b, w := g.motionTrigger(m, a.Versus); w >= 0 && b > best {
			best, who, seen = b, w, m
		}
	}
	if who < 0 {
		return g.refuse("D2.401", "no enemy unit that entered the LOS of an AFV of %s this MPh has spent MP/MF in it", grp.ID)
	}
	drm := MotionAttemptDRM(&g.Units[parts[0]], len(parts))
	roll, err := dice.Check(src, dice.Dr, func(t int) int { return btoi(MP(2*(t+drm.Total())) <= best) })
	if err != nil {
		return err
	}
	final := int(roll.Total) + drm.Total()
	e := RollEvent{For: "Platoon Motion attempt", Rule: "D14.211", Roll: roll, DRM: drm, Final: final,
		Need: fmt.Sprintf("final dr <= %s (MP %s spent in the LOS of %s) succeeds", best, g.Units[who].ID, g.Units[seen].ID),
		Odds: dice.Pdr(drm.Total(), func(f int) bool { return MP(2*f) <= best })}
	for _, m := range parts {
		g.Units[m].MotionAttempted = true
	}
	if MP(2*final) > best {
		e.Result = "fails"
		r.roll(e)
		return nil
	}
	e.Result = "succeeds"
	r.roll(e)
	// One DR per condition for the platoon (D14.21).
	var ir ImpulseResult
	g.deferDR = true
	for _, m := range parts {
		u := &g.Units[m]
		if _, err := g.mechanicalReliability(u, src, r); err != nil {
			g.deferDR = false
			return err
		}
		if _, err := g.stallCheck(u, src, r); err != nil {
			g.deferDR = false
			return err
		}
	}
	g.deferDR = false
	stalled, err := g.resolvePending(gi, nil, src, &ir)
	if err != nil {
		return err
	}
	for _, x := range ir.rolls {
		r.roll(x)
	}
	for _, x := range ir.events {
		r.event(x.Rule, x.Text)
	}
	if stalled {
		r.event("D2.401", "the platoon stalls: the Motion attempt fails")
		return nil
	}
	for _, m := range parts {
		if u := &g.Units[m]; u.Immobile == Mobile {
			u.Motion = true
		}
	}
	r.event("D14.211", grp.ID+" gains Motion status")
	g.afterLoss(gi, r)
	return nil
}

// ConvoyHindrances lists the Convoy vehicles (not Column units) that hinder a LOS from a to b
// (E11.4): those in a hex between the two that would be a moving target to ordnance now (To Hit
// Case J, D2.41). Along a hexside both hexes count.
func (g *Game) ConvoyHindrances(a, b hex.Hex) []string {
	var out []string
	hex.Trace(a, b, func(s hex.LineStep) bool {
		hs := [2]hex.Hex{s.A, s.B}
		n := 1
		if s.Split {
			n = 2
		}
		for _, h := range hs[:n] {
			if h == a || h == b {
				continue
			}
			for i := range g.Units {
				u := &g.Units[i]
				if u.Convoy == 0 || u.Destroyed || u.Pos.Offboard || u.Pos.Hex != h {
					continue
				}
				if mt, _ := u.MovingTarget(); mt {
					out = append(out, u.ID)
				}
			}
		}
		return true
	})
	return out
}

// StrayCheck says whether a unit may Stray at night as its MPh begins (E11.6): in a Convoy or
// Column only the lead unit can, and those behind follow it; a vehicle that left its Convoy
// voluntarily can. Where a Straying unit goes is E1.53's business, not modelled here.
func (g *Game) StrayCheck(i int, r *Result) error {
	r.Reset()
	u := &g.Units[i]
	if !g.Night {
		return g.refuse("E11.6", "Straying happens only at night (set night: true)")
	}
	if !u.strayOK {
		return g.refuse("E11.6", "%s was not the lead of its Convoy or Column when the MPh began, and has not left it of its own will: only that lead can Stray, and the units behind it follow it", u.ID)
	}
	for _, k := range [...]int16{u.Convoy, u.Column} {
		if k == 0 {
			continue
		}
		grp := &g.Groups[k-1]
		r.event("E11.6", fmt.Sprintf("%s, the lead of %s %s, may Stray (E1.53); the units behind it follow it", u.ID, grp.Kind, grp.ID))
		return nil
	}
	r.event("E11.6", u.ID+" may Stray as usual (E1.53)")
	return nil
}

// Stray resolves a Convoy's or Column's Straying at night (E11.6; rules-notes 1.5 #9): the
// referee says the hex its lead Strays into; the lead enters it and every unit behind follows,
// each into the hex just left by the unit (or stack) ahead of it, as one Impulse that costs
// what such an Impulse costs. Only the unit that led when the MPh began may Stray.
func (g *Game) Stray(gi int, to hex.Hex, src dice.Source, r *ImpulseResult) error {
	defer g.placedAll(g.movers(gi))
	grp := &g.Groups[gi]
	if grp.Kind != KindConvoy && grp.Kind != KindColumn {
		return g.refuse("E11.6", "%s is %s: only a Convoy or Column Strays as one", grp.ID, words.A(grp.Kind.String()))
	}
	if !g.Night {
		return g.refuse("E11.6", "Straying happens only at night (set night: true)")
	}
	ms := g.liveMembers(gi)
	if len(ms) == 0 {
		return g.refuse("E11.6", "%s has no units left", grp.ID)
	}
	if lead := &g.Units[ms[0]]; !lead.strayOK {
		return g.refuse("E11.6", "%s did not lead %s when the MPh began: only that lead can Stray", lead.ID, grp.ID)
	}
	ia := ImpulseAction{Group: gi}
	target := to
	for k, m := range ms {
		u := &g.Units[m]
		switch {
		case u.waiting():
			ia.Acts = append(ia.Acts, Action{Unit: m, Verb: VerbNone, Versus: -1})
			continue
		case k > 0 && u.place() != g.Units[ms[k-1]].place():
			target = g.Units[ms[k-1]].place()
		}
		ia.Acts = append(ia.Acts, Action{Unit: m, Verb: VerbEnter, A: target, Versus: -1})
	}
	if err := g.Impulse(ia, src, r); err != nil {
		return err
	}
	r.event("E11.6", fmt.Sprintf("%s Strays into %s; the units behind it follow", g.Units[ms[0]].ID, g.Map.Layout.Name(to)))
	return nil
}

// joinPlatoon: lone AFV join a platoon at the start of their MPh once in the necessary
// adjacent hexes, up to three AFV (D14.23).
func (g *Game) joinPlatoon(ga GroupAction, r *Result) error {
	grp := &g.Groups[ga.Group]
	if len(grp.Members)+len(ga.Units) > 3 {
		return g.refuse("D14.23", "a platoon has at most three AFV; %s has %d", grp.ID, len(grp.Members))
	}
	if grp.Impulses > 0 {
		return g.refuse("D14.23", "%s has begun its MPh; AFV join it at the start of their MPh", grp.ID)
	}
	for _, m := range ga.Units {
		if m < 0 || m >= len(g.Units) {
			return g.refuse("scenario", "no such unit")
		}
		u := &g.Units[m]
		switch {
		case !u.V.AFV:
			return g.refuse("D14.2", "%s is not an AFV", u.ID)
		case u.Side != g.Phasing || len(grp.Members) > 0 && g.Units[grp.Members[0]].Side != u.Side:
			return g.refuse("D14.23", "%s joins a platoon of its own side at the start of its own MPh", u.ID)
		case u.Platoon != 0:
			return g.refuse("D14.23", "%s is already in platoon %s", u.ID, g.Groups[u.Platoon-1].ID)
		case u.Spent > 0 || u.Ended:
			return g.refuse("D14.23", "%s has begun its MPh; it joins a platoon at the start of it", u.ID)
		case u.Destroyed || u.Immobile != Mobile:
			return g.refuse("D14.23", "%s is not a Mobile AFV", u.ID)
		}
	}
	line := append(append([]int(nil), grp.Members...), ga.Units...)
	if why := g.formation(line); why != "" {
		return g.refuse("D14.21", "%s may join %s only once in formation with it: %s", g.memberNames(ga.Units), grp.ID, why)
	}
	grp.Members = line
	g.join(ga.Group)
	r.event("D14.23", g.memberNames(ga.Units)+" joins platoon "+grp.ID)
	return nil
}

// offboardAlone refuses an off-board radioless AFV entering on its own when it could enter with
// a platoon: another lone off-board radioless AFV of its side, or an off-board platoon with
// room (D14.212).
func (g *Game) offboardAlone(i int) error {
	u := &g.Units[i]
	if !u.waiting() || !u.Radioless() || u.Platoon != 0 || u.Convoy != 0 || g.impulse != 0 {
		return nil
	}
	for j := range g.Units {
		w := &g.Units[j]
		if j == i || w.Side != u.Side || !w.waiting() || !w.V.AFV || w.Destroyed || w.Immobile != Mobile || w.Ended {
			continue
		}
		if w.Platoon != 0 && len(g.Groups[w.Platoon-1].Members) < 3 || w.Platoon == 0 && w.Radioless() && w.Convoy == 0 {
			return g.refuse("D14.212", "%s is an off-board radioless AFV and must use Platoon Movement if it can: it can with %s (form or join a platoon first)", u.ID, w.ID)
		}
	}
	return nil
}

// memberEnded marks a unit's groups ended once every member taking part has ended its MPh.
func (g *Game) memberEnded(i int) {
	u := &g.Units[i]
	for _, k := range [...]int16{u.Platoon, u.Convoy, u.Column, u.Assault} {
		if k == 0 || g.Groups[k-1].Gone {
			continue
		}
		all := true
		for _, m := range g.liveMembers(int(k - 1)) {
			if !g.Units[m].Ended {
				all = false
			}
		}
		if all {
			g.Groups[k-1].Ended = true
		}
	}
}
