package asl

import (
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/dice"
)

// ImpulseAction is one Impulse of a group (D14.31): what each member does, in the order
// written. A member not listed, or listed with VerbNone, does nothing but is charged the
// Impulse cost like the rest.
//
// Members act in the order written and each sees the others where they are at that moment, so
// a tank entering a hex another member has just entered pays for the vehicle there (D2.14), and
// one entering a hex another member has just left does not.
type ImpulseAction struct {
	Group int
	Acts  []Action
}

// MemberResult is one member's part of an Impulse.
type MemberResult struct {
	Unit    int
	Verb    Verb   // VerbNone: it did nothing
	Action  Action // what it did
	Result  Result // its own expenditure: cost, rolls, events
	Charged MP     // what the Impulse charged it: the Impulse cost (D14.31)
	Total   MP     // its MP spent so far this MPh, after the Impulse
}

// ImpulseResult is what an accepted Impulse did. Its slices are reused from call to call.
type ImpulseResult struct {
	Group  int
	Number int // the Impulse's number in the group's MPh, from 1
	Cost   MP  // the Impulse cost: the most any member spent (D14.31), plus a stall's Delay DR
	// InfantryCost is the MF cost of the Infantry Impulse of an Armored Assault (D14.33); Cost
	// is then the vehicles' MP.
	InfantryCost MP
	Assault      bool // an Armored Assault: two Impulses, vehicles and Infantry
	Kind         GroupKind
	Members      []MemberResult
	rolls        []RollEvent
	events       []Event
}

func (r *ImpulseResult) reset() {
	r.Members = r.Members[:0]
	r.rolls = r.rolls[:0]
	r.events = r.events[:0]
	r.Cost, r.Number, r.InfantryCost, r.Assault = 0, 0, 0, false
}

// Rolls are the group's own dice: one DR per condition for a platoon (D14.21), Random
// Selection, Delay DR.
func (r *ImpulseResult) Rolls() []RollEvent { return r.rolls }

// Events are what the Impulse made happen to the group: Gaps, splits, re-forming.
func (r *ImpulseResult) Events() []Event { return r.events }

func (r *ImpulseResult) event(rule, text string) { r.events = append(r.events, Event{rule, text}) }

// Rules are the rule ids the Impulse cites.
func (r *ImpulseResult) Rules() []string {
	rs := []string{"D14.31"}
	if r.Assault {
		rs = append(rs, "D14.33")
	}
	for i := range r.Members {
		for _, x := range r.Members[i].Result.Rules() {
			rs = addRule(rs, x)
		}
	}
	for _, e := range r.rolls {
		rs = addRule(rs, e.Rule)
	}
	for _, e := range r.events {
		rs = addRule(rs, e.Rule)
	}
	return rs
}

// Member is the result of the member with unit index i, or nil.
func (r *ImpulseResult) Member(i int) *MemberResult {
	for k := range r.Members {
		if r.Members[k].Unit == i {
			return &r.Members[k]
		}
	}
	return nil
}

type checkKind uint8

const (
	checkMR checkKind = iota
	checkStall
	checkBog
)

// pendingCheck is a Bog, Mechanical Reliability or Stall DR a platoon member would make; the
// platoon makes one DR per condition at the end of the Impulse (D14.21).
type pendingCheck struct {
	kind checkKind
	unit string
	bog  bogNeed
}

// impulseVerb reports whether a member may take this step in an Impulse, and why not.
func impulseVerb(v Verb) bool {
	switch v {
	case VerbNone, VerbStart, VerbStop, VerbEnter, VerbVCA, VerbBypass, VerbReverse, VerbReverseBypass, VerbDelay, VerbESB, VerbMinimum, VerbExit, VerbTCA:
		return true
	}
	return false
}

// Impulse runs one Impulse of a group (D14.3-.32): each member makes at most one MP
// expenditure; the Impulse costs the most any member spent and every member is charged that;
// no member spends unless every member can afford it. A platoon must end the Impulse in
// formation (D14.21) and makes one DR per condition for all its members, with Random Selection
// among those the roll would affect. A Convoy that opens a Gap splits (E11.21). On refusal
// nothing changes.
func (g *Game) Impulse(ia ImpulseAction, src dice.Source, r *ImpulseResult) error {
	defer g.placedAll(g.movers(ia.Group))
	r.reset()
	r.Group = ia.Group
	parts, err := g.impulseOK(ia)
	if err != nil {
		return err
	}
	grp := &g.Groups[ia.Group]
	// Work on the live state, keeping a copy to restore on refusal.
	g.saved = append(g.saved[:0], g.Units...)
	g.savedLOS = len(g.losLog)
	g.impulse = ia.Group + 1
	g.deferDR = grp.Kind == KindPlatoon || grp.Kind == KindArmoredAssault && g.assaultPlatoon(parts)
	g.pending = g.pending[:0]
	for _, m := range parts {
		r.Members = append(r.Members, MemberResult{Unit: m, Verb: VerbNone, Action: Action{Verb: VerbNone, Unit: m, Versus: -1}})
	}
	cost, infCost, err := g.playImpulse(ia, grp, parts, src, r)
	if err != nil {
		g.restoreImpulse()
		return err
	}
	// Accepted: every member is charged the Impulse cost (D14.31).
	g.impulse, g.deferDR = 0, false
	r.Cost, r.InfantryCost, r.Assault, r.Kind = cost, infCost, grp.Kind == KindArmoredAssault, grp.Kind
	grp.Impulses++
	r.Number = grp.Impulses
	g.chargeImpulse(grp, cost, infCost, r)
	if grp.Kind == KindConvoy {
		g.convoyImpulseDone(ia, grp)
	}
	if _, err := g.resolvePending(ia.Group, parts, src, r); err != nil {
		return err
	}
	g.impulseEnded()
	g.afterLoss(ia.Group, r)
	if grp.Kind == KindColumn {
		g.setColumnMF(ia.Group)
		g.afterColumnImpulse(ia.Group, r)
	}
	g.CheckColumns(r)
	for k := range r.Members {
		r.Members[k].Total = g.Units[r.Members[k].Unit].Spent
	}
	return nil
}

// impulseEnded passes each unit whose MPh the Impulse ended (a member that ended, Bogged or
// broke down), now charged, to mphEnded (D2.1). A Column that Disbands after the Impulse ends
// its units' MPh itself (disband).
func (g *Game) impulseEnded() {
	for j := range g.Units {
		if g.Units[j].Ended && !g.saved[j].Ended {
			g.mphEnded(j, &g.Units[j])
		}
	}
}

// impulseOK checks that group ia.Group may take an Impulse now (D14.3), that a Convoy has no
// Recalled vehicle still to leave it (E11.253), and that each expenditure is a member's one
// MP expenditure of the Impulse (D14.31) of a kind the group allows; it returns the members
// taking part. A Column's members are first given the Column's allowance, its road bonus kept
// while every MF was spent on road (B3.4).
func (g *Game) impulseOK(ia ImpulseAction) ([]int, error) {
	if err := g.inMPh(); err != nil {
		return nil, err
	}
	if ia.Group < 0 || ia.Group >= len(g.Groups) || g.Groups[ia.Group].Gone {
		return nil, g.refuse("scenario", "no such group")
	}
	grp := &g.Groups[ia.Group]
	if err := g.groupCanMove(ia.Group); err != nil {
		return nil, err
	}
	parts := g.liveMembers(ia.Group)
	if len(parts) == 0 {
		return nil, g.refuse("D14.3", "%s has no Mobile member left", grp.ID)
	}
	for _, m := range parts {
		if g.Units[m].Ended {
			return nil, g.refuse("D14.31", "%s has ended its MPh, so %s moves no more this MPh: its units move as one stack", g.Units[m].ID, grp.ID)
		}
	}
	if grp.Kind == KindColumn {
		g.setColumnMF(ia.Group) // the road bonus lasts while every MF was spent on road
	}
	// Recalled Convoy vehicles leave at the start of the next Impulse (E11.253).
	if grp.Kind == KindConvoy {
		for _, m := range grp.Members {
			if g.Units[m].Recalled && !g.Units[m].Destroyed {
				return nil, g.refuse("E11.253", "%s is Recalled and leaves Convoy %s at the start of this Impulse: write \"%s leave %s\" first", g.Units[m].ID, grp.ID, grp.ID, g.Units[m].ID)
			}
		}
	}
	for k, a := range ia.Acts {
		if !isMember(parts, a.Unit) {
			if a.Unit >= 0 && a.Unit < len(g.Units) {
				return nil, g.refuse("D14.3", "%s does not move with %s (members: %s)", g.Units[a.Unit].ID, grp.ID, g.memberNames(parts))
			}
			return nil, g.refuse("scenario", "no such unit")
		}
		for _, b := range ia.Acts[:k] {
			if b.Unit == a.Unit {
				return nil, g.refuse("D14.31", "%s is named twice: each unit makes at most one MP expenditure per Impulse", g.Units[a.Unit].ID)
			}
		}
		if err := g.impulseActOK(grp, a); err != nil {
			return nil, err
		}
	}
	return parts, nil
}

// restoreImpulse puts the units and the MP they spent in each defender's LOS (D2.401) back as
// they were before a refused Impulse, and leaves Impulse Movement.
func (g *Game) restoreImpulse() {
	copy(g.Units, g.saved)
	g.forgetOccupancy() // any unit may be back where it was
	g.losLog = g.losLog[:g.savedLOS]
	g.impulse, g.deferDR, g.pending = 0, false, g.pending[:0]
}

// playImpulse plays the members' expenditures and checks the Impulse they make: its cost, the
// most any member spent (D14.31), or an Armored Assault's two costs, vehicles' MP and
// Infantry's MF (D14.33); that every member can afford it; and the group's formation after it.
func (g *Game) playImpulse(ia ImpulseAction, grp *Group, parts []int, src dice.Source, r *ImpulseResult) (cost, infCost MP, err error) {
	cost, entered, err := g.impulseExpenditures(ia, src, r)
	if err != nil {
		return 0, 0, err
	}
	if grp.Kind == KindArmoredAssault {
		veh, inf, err := g.assaultCosts(parts, r)
		if err == nil {
			err = g.assaultFormation(grp, parts)
		}
		if err != nil {
			return 0, 0, err
		}
		cost, infCost = veh, inf
	} else if err := g.impulseAffordable(grp, parts, cost); err != nil {
		return 0, 0, err
	}
	return cost, infCost, g.impulseFormation(ia, grp, parts, entered, r)
}

// impulseExpenditures plays each member's MP expenditure in the order written, each seeing the
// others where they are by then (D14.31). It returns the most any member spent and whether a
// member entered a new hex (D14.22).
func (g *Game) impulseExpenditures(ia ImpulseAction, src dice.Source, r *ImpulseResult) (cost MP, entered bool, err error) {
	for _, a := range ia.Acts {
		if a.Verb == VerbNone {
			continue
		}
		mr := r.Member(a.Unit)
		mr.Verb, mr.Action = a.Verb, a
		if err := g.Step(a, src, &mr.Result); err != nil {
			return cost, entered, err
		}
		if c := mr.Result.Cost.Total(); c > cost {
			cost = c
		}
		if g.Units[a.Unit].EnteredHex && !g.saved[a.Unit].EnteredHex || g.Units[a.Unit].Pos.Hex != g.saved[a.Unit].Pos.Hex {
			entered = true
		}
	}
	return cost, entered, nil
}

// impulseAffordable: no unit may spend unless every participant can afford the Impulse
// (D14.31). A Column that leaves the road loses its road bonus (B3.4).
func (g *Game) impulseAffordable(grp *Group, parts []int, cost MP) error {
	offRoad := false
	if grp.Kind == KindColumn {
		for _, m := range parts {
			if g.Units[m].OffRoad && !g.saved[m].OffRoad {
				offRoad = true
			}
		}
	}
	for _, m := range parts {
		before := &g.saved[m]
		left := before.Remaining()
		if offRoad && before.RoadBonus {
			left -= Whole(RoadBonusMF)
		}
		if left < cost && !(before.AllUsed && cost == 0) {
			unit := "MP"
			if before.footMover() {
				unit = "MF"
			}
			return g.refuse("D14.31", "the Impulse would cost %s %s, but %s has only %s %s left: no unit of %s may spend unless all can afford the Impulse", cost, unit, before.ID, left, unit, grp.ID)
		}
	}
	return nil
}

// impulseFormation checks the group as the Impulse leaves it: a platoon in formation (D14.21),
// or back in it after losing a member by the first Impulse in which an AFV enters a new hex
// (D14.22); a Convoy's Gaps (E11.21); a Column's (E11.5). An Armored Assault's formation is
// checked with its two costs (D14.33).
func (g *Game) impulseFormation(ia ImpulseAction, grp *Group, parts []int, entered bool, r *ImpulseResult) error {
	switch grp.Kind {
	case KindPlatoon:
		why := g.formation(grp.Members)
		if why != "" && (!grp.Reform || entered) {
			if grp.Reform {
				return g.refuse("D14.22", "%s lost a member and must be back in formation at the end of the first Impulse in which one of its AFV enters a new hex: %s", grp.ID, why)
			}
			return g.refuse("D14.21", "at the end of the Impulse %s would be out of formation: %s", grp.ID, why)
		}
		if grp.Reform && why == "" {
			grp.Reform = false
			r.event("D14.22", grp.ID+" is back in formation")
		}
	case KindConvoy:
		return g.convoyImpulseOK(ia.Group, parts)
	case KindArmoredAssault:
		// checked with its two costs
	case KindColumn:
		return g.columnImpulseOK(ia.Group, parts, ia.Acts)
	}
	return nil
}

// chargeImpulse charges every member the Impulse cost (D14.31), what it spent itself included:
// in an Armored Assault the Infantry are charged the Infantry Impulse's MF (D14.33).
func (g *Game) chargeImpulse(grp *Group, cost, infCost MP, r *ImpulseResult) {
	for k := range r.Members {
		mr := &r.Members[k]
		u := &g.Units[mr.Unit]
		own := mr.Result.Cost.Total()
		charge := cost
		if grp.Kind == KindArmoredAssault && u.footMover() {
			charge = infCost
		}
		if extra := charge - own; extra > 0 {
			u.Spent += extra
			g.spentInLOS(mr.Unit, u, extra)
		}
		mr.Charged = charge
		u.ImpulseCharged = charge
		u.Attacked = false
	}
}

// convoyImpulseDone records a Convoy's accepted Impulse: its original Convoy has begun its
// MPh (E11.21), an attack counts for E11.251 only at the end of the Convoy's preceding
// Impulse, and after a Stop neither the Convoy nor any of its vehicles may Start again this
// MPh (E11.2).
func (g *Game) convoyImpulseDone(ia ImpulseAction, grp *Group) {
	g.markStarted(grp.Origin)
	for j := range g.Units {
		if int(g.Units[j].origin) == grp.Origin+1 {
			g.Units[j].Attacked = false
		}
	}
	for _, a := range ia.Acts {
		if a.Verb == VerbStop {
			grp.StopSpent = true
			for _, m := range grp.Members {
				g.Units[m].NoStart = true
			}
		}
	}
}

// assaultPlatoon: the AFV of an Armored Assault are a platoon, which makes one DR per
// condition (D14.21).
func (g *Game) assaultPlatoon(parts []int) bool {
	for _, m := range parts {
		if g.Units[m].Platoon != 0 {
			return true
		}
	}
	return false
}

func isMember(ms []int, i int) bool {
	for _, m := range ms {
		if m == i {
			return true
		}
	}
	return false
}

func (g *Game) memberNames(ms []int) string {
	var b strings.Builder
	for k, m := range ms {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(g.Units[m].ID)
	}
	return b.String()
}

// groupCanMove checks that a group may take its next Impulse now.
func (g *Game) groupCanMove(gi int) error {
	grp := &g.Groups[gi]
	if len(grp.Members) > 0 && g.Units[grp.Members[0]].Side != g.Phasing {
		return g.refuse("D14.3", "%s belongs to %s and it is the %s MPh", grp.ID, g.Units[grp.Members[0]].Side, g.Phasing)
	}
	if grp.Ended {
		return g.refuse("D14.3", "%s has already ended its MPh", grp.ID)
	}
	if grp.Kind == KindColumn && grp.Disbanded {
		return g.refuse("E11.53", "Column %s has Disbanded", grp.ID)
	}
	for _, m := range grp.Members {
		if a := g.Units[m].Assault; grp.Kind != KindArmoredAssault && a != 0 && !g.Groups[a-1].Gone {
			return g.refuse("D14.33", "%s moves in Armored Assault %s: its Impulses are that group's", g.Units[m].ID, g.Groups[a-1].ID)
		}
		if err := g.postponedBar(m); err != nil {
			return err
		}
	}
	if grp.After >= 0 && !g.Groups[grp.After].Ended && !g.Groups[grp.After].Gone {
		return g.refuse("E11.21", "%s is the rear Convoy of a Gap: the lead Convoy %s must complete its MPh first", grp.ID, g.Groups[grp.After].ID)
	}
	for _, w := range grp.WaitUnits {
		if e := &g.Units[w]; !e.Ended && !e.Destroyed && e.Immobile == Mobile && !e.Stunned && !e.Exited && e.Side == g.Phasing {
			return g.refuse("E11.21", "%s is behind a Gap: %s ahead of it must complete its MPh first", grp.ID, e.ID)
		}
	}
	for _, m := range g.leaving {
		if l := &g.Units[m]; !isMember(grp.Members, m) && !l.Ended && !l.Destroyed && l.Immobile == Mobile && !l.Stunned {
			return g.refuse("E11.25", "%s left its Convoy and must complete its MPh before %s moves", l.ID, grp.ID)
		}
	}
	return g.convoyBar(grp.Members)
}

// convoyBar refuses movement by ATTACKER units that are not elements of an original Convoy
// that has begun its MPh, until every element of it (Convoys split from it and vehicles left
// alone by its Gaps included) has completed its MPh (E11.21).
func (g *Game) convoyBar(movers []int) error {
	for o, on := range g.convoyStarted {
		if !on {
			continue
		}
		for _, m := range movers {
			if int(g.Units[m].origin) == o+1 {
				continue
			}
			for j := range g.Units {
				e := &g.Units[j]
				if int(e.origin) == o+1 && e.Side == g.Phasing && !e.Ended && !e.Destroyed && e.Immobile == Mobile && !e.Stunned && !e.Exited {
					return g.refuse("E11.21", "Convoy %s has begun its MPh: no other ATTACKER unit moves until all of that Convoy has completed its MPh (%s must wait for %s)", g.Groups[o].ID, g.Units[m].ID, e.ID)
				}
			}
		}
	}
	return nil
}

// started reports whether the original Convoy o has begun its MPh; markStarted records it.
func (g *Game) started(o int) bool { return o < len(g.convoyStarted) && g.convoyStarted[o] }

func (g *Game) markStarted(o int) {
	for len(g.convoyStarted) <= o {
		g.convoyStarted = append(g.convoyStarted, false)
	}
	g.convoyStarted[o] = true
}

// impulseActOK checks a member's step against what Impulse Movement and the group's kind allow.
func (g *Game) impulseActOK(grp *Group, a Action) error {
	u := &g.Units[a.Unit]
	if !impulseVerb(a.Verb) {
		return g.refuse("D14.31", "%s: %q is not an Impulse expenditure (an Impulse is one MP expenditure per unit: start, stop, enter, vca, bypass, reverse, delay, exit; end the MPh with \"%s end\")", u.ID, a.Verb, grp.ID)
	}
	switch a.Verb {
	case VerbEnter, VerbBypass, VerbVCA, VerbReverse, VerbReverseBypass, VerbExit:
		rev := a.Verb == VerbReverse || a.Verb == VerbReverseBypass
		if u.Stopped() && u.Immobile == Mobile && !u.Pos.Offboard && !u.footMover() {
			return g.refuse("D14.31", "%s is Stopped: its Start MP is an expenditure of its own, made in an Impulse before it moves (%s start)", u.ID, grp.ID)
		}
		if u.Moving && u.DirSet && u.Reverse != rev {
			return g.refuse("D14.31", "%s would have to Stop and Start to change direction: each is an Impulse of its own", u.ID)
		}
		if u.Motion && rev {
			return g.refuse("D14.31", "%s is in Motion going forward: it must Stop and Start, each in an Impulse of its own, before it reverses", u.ID)
		}
	}
	if a.Verb == VerbVCA && !u.Pos.Bypass && !u.Pos.Offboard {
		if target, ok := u.Pos.Hex.SpineBetween(a.A, a.B); ok {
			if n, _ := u.Pos.Heading.Steps(target); n > 1 {
				return g.refuse("D14.31", "%s would change its VCA %d hexspines; one hexspine is one MP expenditure, so one per Impulse", u.ID, n)
			}
		}
	}
	kind := grp.Kind
	if kind == KindArmoredAssault && !u.footMover() && u.Platoon != 0 {
		kind = KindPlatoon
	}
	switch kind {
	case KindPlatoon:
		switch a.Verb {
		case VerbESB:
			return g.refuse("D14.21", "a platoon may not attempt ESB")
		case VerbMinimum:
			return g.refuse("D14.21", "a platoon may not make a Minimum Move")
		}
	case KindConvoy:
		switch a.Verb {
		case VerbReverse, VerbReverseBypass:
			return g.refuse("E11.22", "%s is a Convoy vehicle and may not use Reverse movement", u.ID)
		case VerbStart:
			if grp.StopSpent {
				return g.refuse("E11.2", "Convoy %s expended a Stop MP this MPh: neither it nor its vehicles may Start again this MPh", grp.ID)
			}
		}
	case KindColumn:
		switch a.Verb {
		case VerbMinimum, VerbBypass, VerbReverse, VerbReverseBypass, VerbESB, VerbTCA:
			return g.refuse("E11.52", "%s is in a Column, which moves only by plain movement (no Minimum, Bypass or other special movement)", u.ID)
		}
	}
	return nil
}

// resolvePending makes a platoon's one DR per condition at the end of its Impulse (D14.21):
// Mechanical Reliability, Stall, Bog, each with Random Selection among the AFV the Final DR
// would affect.
func (g *Game) resolvePending(gi int, parts []int, src dice.Source, r *ImpulseResult) (stalled bool, err error) {
	defer func() { g.pending = g.pending[:0] }()
	if len(g.pending) == 0 {
		return false, nil
	}
	grp := &g.Groups[gi]
	var mr, stall, bog []int
	var bogs []bogNeed
	for _, p := range g.pending {
		i, _ := g.Unit(p.unit)
		switch p.kind {
		case checkMR:
			mr = append(mr, i)
		case checkStall:
			stall = append(stall, i)
		case checkBog:
			bog = append(bog, i)
			bogs = append(bogs, p.bog)
		}
	}
	if len(mr) > 0 {
		roll, err := dice.Check(src, dice.DR, func(t int) int { return btoi(t == 12) })
		if err != nil {
			return false, err
		}
		e := RollEvent{For: "Platoon Mechanical Reliability", Rule: "D14.21", Roll: roll, Final: int(roll.Total), Need: "DR 12 immobilizes one of " + g.memberNames(mr), Odds: dice.PDRAtLeast(12, 0)}
		if roll.Total == 12 {
			e.Result = "breakdown"
			r.rolls = append(r.rolls, e)
			sel, err := g.randomSelection(mr, "Mechanical Reliability", src, r)
			if err != nil {
				return false, err
			}
			for _, i := range sel {
				u := &g.Units[i]
				u.Immobile, u.Moving, u.Motion = Immobilized, false, false
				r.event("D2.51", u.ID+" Immobilized by mechanical breakdown on Starting")
			}
		} else {
			e.Result = "no breakdown"
			r.rolls = append(r.rolls, e)
		}
	}
	if len(stall) > 0 {
		need := 13
		for _, i := range stall {
			if s := g.Units[i].V.StallsOn; s < need {
				need = s
			}
		}
		roll, err := dice.Check(src, dice.DR, func(t int) int { return btoi(t >= need) })
		if err != nil {
			return false, err
		}
		e := RollEvent{For: "Platoon Stall", Rule: "D14.21", Roll: roll, Final: int(roll.Total), Need: fmt.Sprintf("DR >= %d stalls", need), Odds: dice.PDRAtLeast(need, 0)}
		for _, i := range stall {
			if int(roll.Total) >= g.Units[i].V.StallsOn {
				stalled = true
			}
		}
		if stalled && len(parts) == 0 {
			e.Result = "stalled"
			r.rolls = append(r.rolls, e)
		} else if stalled {
			e.Result = "stalled: the whole platoon is Stopped"
			r.rolls = append(r.rolls, e)
			delay, err := src.Roll(dice.DR)
			if err != nil {
				return false, err
			}
			d := Whole(int(delay.Total))
			r.rolls = append(r.rolls, RollEvent{For: "Delay DR", Rule: "D14.21", Roll: delay, Final: int(delay.Total), Result: "MP added to the Impulse (Start MP + Delay DR)"})
			for _, m := range parts {
				u := &g.Units[m]
				dd := d
				if dd > u.Remaining() {
					dd = u.Remaining()
				}
				u.Spent += dd
				u.Moving, u.Stalled = false, true
				if mr := r.Member(m); mr != nil {
					mr.Charged += dd
				}
			}
			r.Cost += d
			r.event("D14.21", fmt.Sprintf("%s stalls: all its AFV are Stopped; the Impulse costs the Start MP plus the Delay DR", grp.ID))
		} else {
			e.Result = "no stall"
			r.rolls = append(r.rolls, e)
		}
	}
	if len(bog) > 0 {
		if err := g.platoonBog(bog, bogs, src, r); err != nil {
			return false, err
		}
	}
	return stalled, nil
}

// platoonBog makes a platoon's one Bog DR for every Bog Check its members would have made in
// the Impulse (D14.21): check k is member bog[k]'s, with the DRM of its own case (D8.21). A
// member the DR would bog on any of its checks is a candidate, once, however many checks it
// failed, and Random Selection picks among the candidates only (rules-notes 1.1: one dr each).
// A selected member that failed its check for leaving its hex never got out: it is Bogged in
// the hex it left. One that passed that check (or had none) is Bogged where the Impulse took
// it. Either way the Impulse's MP stand (rules-notes 1.5 #13).
func (g *Game) platoonBog(bog []int, bogs []bogNeed, src dice.Source, r *ImpulseResult) error {
	// Its class: the checks it fails (each Final DR >= 12 with its own DRM).
	roll, err := dice.Check(src, dice.DR, func(t int) int {
		c := 0
		for k, i := range bog {
			drm := BogDRM(g.Units[i].V, bogs[k].BogCase, g.Map.Conditions)
			if t+drm.Total() >= 12 {
				c |= 1 << k
			}
		}
		return c
	})
	if err != nil {
		return err
	}
	worst := -100
	var cands []int
	var finals, failed []string
	var fails uint64 // bit k: check k fails
	for k, i := range bog {
		u := &g.Units[i]
		drm := BogDRM(u.V, bogs[k].BogCase, g.Map.Conditions)
		worst = max(worst, drm.Total())
		f := int(roll.Total) + drm.Total()
		verdict := "passes"
		if f >= 12 {
			verdict = "fails"
			fails |= 1 << k
			failed = append(failed, u.ID+" "+bogCheckName(bogs[k].why))
			if !isMember(cands, i) {
				cands = append(cands, i)
			}
		}
		finals = append(finals, fmt.Sprintf("%s %s %d (%s) %s", u.ID, bogCheckName(bogs[k].why), f, drm.String(), verdict))
	}
	e := RollEvent{For: "Platoon Bog Check", Rule: "D14.21", Roll: roll, Final: int(roll.Total) + worst,
		Need: "Final DR >= 12 bogs; finals: " + strings.Join(finals, ", "), Odds: dice.PDRAtLeast(12, worst)}
	if len(cands) == 0 {
		e.Result = "none bogged"
		r.rolls = append(r.rolls, e)
		return nil
	}
	e.Result = "would bog: " + g.memberNames(cands) + " (failed: " + strings.Join(failed, ", ") + ")"
	r.rolls = append(r.rolls, e)
	sel, err := g.randomSelection(cands, "Bog", src, r)
	if err != nil {
		return err
	}
	for _, i := range sel {
		u := &g.Units[i]
		for k, j := range bog {
			switch {
			case j != i || !bogs[k].leaving:
			case fails&(1<<k) != 0:
				g.putBack(i, bogs[k].back)
				r.event("D8.2", fmt.Sprintf("%s failed its %s: it never left %s and is Bogged there; the Impulse's MP stand (default: rules-notes 1.5 #13)", u.ID, bogs[k].why, g.Map.Layout.Name(u.Pos.Hex)))
			default:
				r.event("D8.2", fmt.Sprintf("%s passed its %s: it is Bogged in %s, the hex it entered", u.ID, bogs[k].why, g.Map.Layout.Name(u.Pos.Hex)))
			}
		}
		u.Immobile, u.Moving, u.Motion, u.Ended = Bogged, false, false, true
		r.event("D8.2", u.ID+" Bogged: Immobile until freed; its MPh ends")
	}
	return nil
}

// bogCheckName is what a Bog Check is for ("leaving Stream") from its reason.
func bogCheckName(why string) string {
	return strings.TrimSuffix(strings.TrimPrefix(why, "Bog Check ("), ")")
}

// putBack returns platoon member i to the hex it tried to leave in this Impulse: its entry
// never happened, so it is where it was, has entered no hex the Impulse did not find it in,
// and spent the Impulse's MP there, in the LOS of whoever sees that hex (D8.2, D2.401). In an
// Impulse a member makes one expenditure, so its state before the Impulse is its state before
// that entry.
func (g *Game) putBack(i int, back Position) {
	u, was := &g.Units[i], &g.saved[i]
	u.Pos = back
	u.EnteredHex, u.LastHex, u.HasLast = was.EnteredHex, was.LastHex, was.HasLast
	u.DirSet, u.Reverse, u.Reversed = was.DirSet, was.Reverse, was.Reversed
	g.placed(i)
	for k := g.savedLOS; k < len(g.losLog); k++ {
		if e := &g.losLog[k]; int(e.Unit) == i && e.MP > 0 {
			e.Place = placeOf(u)
		}
	}
}

// randomSelection picks among candidates (rules-notes 1.1): each rolls a dr, the highest is
// affected, all tied highest are. A single candidate is selected without a roll.
func (g *Game) randomSelection(cands []int, what string, src dice.Source, r *ImpulseResult) ([]int, error) {
	if len(cands) == 1 {
		r.event("D14.21", g.Units[cands[0]].ID+" is the only AFV the "+what+" DR affects")
		return cands, nil
	}
	best := 0
	var rolls [8]int
	for k, i := range cands {
		roll, err := src.Roll(dice.Dr)
		if err != nil {
			return nil, err
		}
		if k < len(rolls) {
			rolls[k] = int(roll.Total)
		}
		if int(roll.Total) > best {
			best = int(roll.Total)
		}
		r.rolls = append(r.rolls, RollEvent{For: "Random Selection (" + what + ")", Rule: "D14.21", Roll: roll, Final: int(roll.Total), Need: "highest dr is selected; ties all", Result: g.Units[i].ID})
	}
	var sel []int
	for k, i := range cands {
		if k < len(rolls) && rolls[k] == best {
			sel = append(sel, i)
		}
	}
	r.event("D14.21", "Random Selection: "+g.memberNames(sel))
	return sel, nil
}
