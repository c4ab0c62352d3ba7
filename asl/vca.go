package asl

import (
	"fmt"
	"strconv"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

func samePair(a, b, c, d hex.Hex) bool { return (a == c && b == d) || (a == d && b == c) }

// changeVCA turns a vehicle hexspine by hexspine (D2.11), or, in Bypass, to one of the two
// other hexsides at its CAFP (D2.33).
// vcaTurn is the turn from u's VCA to the VCA a names (a.A-a.B): how many hexspines, and
// which way (D2.11). A VCA that is not one of its hex, or the one it has, is refused.
func (g *Game) vcaTurn(u *Unit, a Action) (n, turn int, err error) {
	lay := g.Map.Layout
	target, ok := u.Pos.Hex.SpineBetween(a.A, a.B)
	if !ok {
		return 0, 0, g.refuse("D2.11", "%s-%s is not a VCA of %s in %s: name the two hexes its front hexspine should point between", lay.Name(a.A), lay.Name(a.B), u.ID, lay.Name(u.Pos.Hex))
	}
	n, turn = u.Pos.Heading.Steps(target)
	if n == 0 {
		return 0, 0, g.refuse("D2.11", "%s already has VCA %s", u.ID, lay.VCAName(u.Pos.Hex, target))
	}
	return n, turn, nil
}

// freeTurn turns u's VCA n hexspines toward turn for no MP (a Motion attempt's free change,
// D2.401; a change by firing, D2.11), with the Bog Check each hexspine calls for in terrain
// the chart marks B, off-road (D8.2); a Bog stops the turn there. It reports whether u
// bogged; outside u's own MPh a Bog ends no MPh, so u.Ended is left as it was.
func (g *Game) freeTurn(u *Unit, n, turn int, src dice.Source, r *Result) (bogged bool, err error) {
	t := g.Map.TerrainOf(g.Map.At(u.Pos.Hex).Terrain)
	bogEach := TerrainChart[t].Bog[u.V.Column()]&BogVCA != 0 && !u.Pos.onRoad()
	ended := u.Ended
	for i := 0; i < n && !bogged; i++ {
		u.Pos.Heading = u.Pos.Heading.Rotate(turn)
		if bogEach {
			if bogged, err = g.bogCheck(u, bogNeed{due: true, why: bogWhyVCA[t], BogCase: BogCase{Row: TerrainChart[t].RowBogDRM}}, src, r); err != nil {
				return false, err
			}
		}
	}
	u.Ended = ended
	return bogged, nil
}

func (g *Game) changeVCA(u *Unit, a Action, src dice.Source, r *Result) error {
	lay := g.Map.Layout
	if u.Pos.Offboard {
		return g.refuse("D2.11", "%s is off-board", u.ID)
	}
	if u.Pos.Bypass {
		return g.pivot(u, a, src, r)
	}
	n, turn, err := g.vcaTurn(u, a)
	if err != nil {
		return err
	}
	d := g.Map.At(u.Pos.Hex)
	t := g.Map.TerrainOf(d.Terrain)
	row := &TerrainChart[t]
	per, label := VCACost, "VCA hexspine"
	if row.Obstacle {
		per, label = VCACostObstacle, vcaObstacleLabel[t]
	}
	bogEach := row.Bog[u.V.Column()]&BogVCA != 0 && !u.Pos.onRoad()
	// The cost is built where the step reports it, one term per hexspine then the Start
	// MP; payStart reports just the Start in r.Cost when the vehicle does not get moving,
	// so a Start keeps the whole cost aside (as move does).
	c := &r.Cost
	c.reset()
	for i := 0; i < n; i++ {
		c.Add(per, label, "D2.11")
	}
	starting, err := startCost(u, u.Reverse, c)
	if err != nil {
		return err
	}
	if err := g.spendable(u, c.Total(), "this VCA change"); err != nil {
		return err
	}
	// Apply: Start first, then each hexspine, announced separately, each with its Bog Check.
	if ok, _, err := g.payStart(u, starting, c, src, r); err != nil || !ok {
		return err
	}
	made := 0
	for made < n {
		made++
		u.Spent += per
		u.Pos.Heading = u.Pos.Heading.Rotate(turn)
		u.VCAChanged = true
		if bogEach {
			bogged, err := g.bogCheck(u, bogNeed{due: true, why: bogWhyVCA[t], BogCase: BogCase{Row: row.RowBogDRM}}, src, r)
			if err != nil {
				return err
			}
			if bogged {
				break
			}
		}
	}
	r.Cost.nb = uint8(made) // the hexspines made: a Bog ends the change at the one it bogged on
	if !g.Scratch {         // nobody reads a planner's events
		r.event("D2.11", "VCA now "+lay.VCAName(u.Pos.Hex, u.Pos.Heading))
	}
	return nil
}

// pivot is a VCA change at the CAFP of a vehicle in Bypass (D2.33): one MP to face one of the
// two hexsides at the CAFP that it does not straddle.
func (g *Game) pivot(u *Unit, a Action, src dice.Source, r *Result) error {
	lay := g.Map.Layout
	want := 0
	for _, p := range [2]int{-1, 1} {
		if x, y := u.Pos.pivotLine(p); samePair(x, y, a.A, a.B) {
			want = p
		}
	}
	if want == 0 {
		if g.Scratch {
			return g.refuse("D2.33", "only the hexsides of its CAFP it does not straddle")
		}
		var names [2]string
		for i, p := range [2]int{-1, 1} {
			x, y := u.Pos.pivotLine(p)
			names[i] = lay.Name(x) + "-" + lay.Name(y)
		}
		return g.refuse("D2.33", "%s is in Bypass at CAFP %s: it may change its VCA only to %s or %s (the hexsides of its CAFP it does not straddle)",
			u.ID, lay.VertexName(hex.Vertex{Hex: u.Pos.Hex, Spine: u.Pos.CAFP()}), names[0], names[1])
	}
	if int(u.Pos.Pivot) == want {
		if g.Scratch {
			return g.refuse("D2.33", "already faces that hexside")
		}
		return g.refuse("D2.33", "%s already faces %s-%s", u.ID, lay.Name(a.A), lay.Name(a.B))
	}
	c := &r.Cost // built where it is reported (a refused step's Result is not read)
	c.reset()
	c.Add(VCACost, "VCA change at CAFP", "D2.33")
	starting, err := startCost(u, u.Reverse, c)
	if err != nil {
		return err
	}
	if err := g.spendable(u, c.Total(), "this VCA change"); err != nil {
		return err
	}
	if ok, _, err := g.payStart(u, starting, c, src, r); err != nil || !ok {
		return err
	}
	u.Spent += VCACost
	u.Pos.Pivot = int8(want)
	u.VCAChanged = true
	if !g.Scratch { // nobody reads a planner's events
		r.event("D2.33", fmt.Sprintf("faces hexside %s-%s at its CAFP; it must now Bypass along it or reverse", lay.Name(a.A), lay.Name(a.B)))
	}
	return nil
}

// minimumMove: a Mobile vehicle may move one hex whose entry cost is more than its printed MP
// allotment by spending all of that allotment (a Start MP included), then is in Motion (D2.15).
func (g *Game) minimumMove(u *Unit, a Action, src dice.Source, r *Result) error {
	lay := g.Map.Layout
	switch {
	case u.Pos.Offboard:
		return g.refuse("D2.15", "%s is off-board", u.ID)
	case u.EnteredHex:
		return g.refuse("D2.15", "a Minimum Move is one hex per MPh; %s has already entered a hex this MPh", u.ID)
	case u.VCAChanged:
		return g.refuse("D2.15", "%s changed its VCA this MPh, which a Minimum Move prohibits", u.ID)
	case u.Reversed || u.Reverse:
		return g.refuse("D2.15", "%s may not claim a Minimum Move while using Reverse Movement (D2.24)", u.ID)
	case u.Stalled:
		return g.refuse("D2.15", "%s stalled this Player Turn and may not claim a Minimum Move", u.ID)
	case u.AllUsed:
		return g.refuse("D2.7", "%s has spent ALL its MP", u.ID)
	}
	var buf [6]moveOption
	found := false
	for _, o := range u.Pos.forwardOptions(buf[:0]) {
		if !o.bypass && o.to == a.A {
			found = true
		}
	}
	if !found {
		return g.moveNotAllowed(u, Action{Verb: VerbEnter, A: a.A}, false, false, u.Pos.forwardOptions(buf[:0]))
	}
	var normal Cost
	var e entry
	if err := g.entryCost(u, u.Pos, a.A, false, &normal, &e); err != nil {
		return err
	}
	leave, err := g.leaveCheck(u, a.A, e.below)
	if err != nil {
		return err
	}
	all, b := e.all, e.bog
	if all || normal.Total() <= u.V.Allotment() {
		return g.refuse("D2.15", "a Minimum Move is for a hex costing more than the printed allotment: entering %s costs %s for %s's %d MP; enter it normally", lay.Name(a.A), normal.String(), u.ID, u.V.MP)
	}
	// All the printed allotment is spent; a Start MP paid in the hex being left is part of it
	// (D2.15; unlike ALL-MP entry, D2.7, which leaves Start/Stop MP over).
	var c Cost
	starting, err := startCost(u, false, &c)
	if err != nil {
		return err
	}
	startMP := c.Total()
	allot := u.V.Allotment() - u.Spent - startMP
	if allot <= 0 {
		return g.refuse("D2.15", "%s has no MP allotment left to spend on a Minimum Move", u.ID)
	}
	c = Cost{}
	c.Add(allot, "Minimum Move: the rest of its MP allotment", "D2.15")
	if starting {
		c.Plus(startMP, "Start", "D2.12")
	}
	if ok, _, err := g.payStart(u, starting, &c, src, r); err != nil || !ok {
		return err
	}
	r.Cost = c
	u.Spent += allot
	u.Allowance = u.Spent
	u.AllUsed, u.MinimumMove = true, true
	if leave.due {
		// Bogged leaving its hex, it stays there (D8.2); the allotment is spent.
		if bogged, err := g.bogCheck(u, leave, src, r); err != nil || bogged {
			return err
		}
	}
	u.Pos = Position{Hex: a.A, Heading: u.Pos.FacingHeading(), OnRoad: e.road, Below: e.below}
	u.EnteredHex, u.DirSet, u.Reverse = true, true, false
	r.event("D2.15", fmt.Sprintf("Minimum Move into %s (normal entry %s is more than its %d MP allotment)", lay.Name(a.A), normal.Total(), u.V.MP))
	b.HalfMP = 0 // no +3 for half-MP entry with a Minimum Move (rules-notes 1.3)
	if b.due {
		if _, err := g.bogCheck(u, b, src, r); err != nil {
			return err
		}
	}
	if u.Immobile == Mobile {
		r.event("D2.15", "placed under a Motion counter at the end of its MPh")
	}
	return nil
}

// attack applies an outside attack's result to a unit (fire is not movement; the referee takes
// the result as given).
func (g *Game) attack(a Action, r *Result) error {
	u := &g.Units[a.Unit]
	if u.Destroyed {
		return g.refuse("D2.1", "%s has already been destroyed", u.ID)
	}
	if a.OnMP > 0 && u.ImpulseCharged < a.OnMP {
		return g.refuse("D14.33", "%s spent only %s MP/MF in its last Impulse: an attack on MP %s of that Impulse cannot affect it", u.ID, u.ImpulseCharged, a.OnMP)
	}
	switch a.Attack {
	case AttackMissed:
		r.event("C", u.ID+" attacked: no effect")
	case AttackDestroyed:
		u.Destroyed, u.Moving, u.Motion = true, false, false
		if u.V.Class >= Infantry {
			r.event("A7", u.ID+" eliminated")
			break
		}
		d := g.editMap().At(u.Pos.Hex)
		if u.Pos.Bypass {
			d.BypassWreck |= 1 << u.Pos.Side
		} else if !u.Pos.Offboard {
			d.Wrecks++
		}
		r.event("D2.14", u.ID+" destroyed: a wreck in "+g.Map.Layout.Name(u.Pos.Hex))
	case AttackImmobilized:
		u.Immobile, u.Moving, u.Motion = Immobilized, false, false
		undoPivot(u, r)
		r.event("D2.4", u.ID+" Immobilized: its Motion counter is removed")
	case AttackShocked, AttackStunned, AttackRecalled:
		u.Stunned, u.Moving, u.Motion, u.Reverse = true, false, false, false
		if a.Attack == AttackRecalled {
			u.Recalled = true
		}
		undoPivot(u, r)
		r.event("D2.1", u.ID+" "+a.Attack.String()+": stops at once and may not move or spend MP for the rest of the Player Turn")
	case AttackPinned:
		u.Pinned = true
		r.event("A7.8", u.ID+" is pinned")
	case AttackBroken:
		u.Broken = true
		r.event("A10", u.ID+" breaks")
	case AttackReduced:
		r.event("A7.302", u.ID+" is Reduced")
	}
	switch a.Attack {
	case AttackImmobilized, AttackShocked, AttackStunned, AttackRecalled:
		g.attackEndsMP(a.Unit, r)
	}
	if !a.Mines || a.Attack != AttackMissed {
		u.Attacked = true // a minefield counts only if it had an effect (E11.534)
	}
	if u.Destroyed || u.Immobile != Mobile {
		u.Lost = true
	}
	// A Gap in its platoon or Convoy (D14.22, E11.21); a Column checks for Disbandment after
	// the attack (E11.531-.532).
	for _, k := range [...]int16{u.Platoon, u.Convoy} {
		if k != 0 {
			g.afterLoss(int(k-1), r)
		}
	}
	g.CheckColumns(r)
	return nil
}

// attackEndsMP: an attack left phasing vehicle i unable to spend MP for the rest of its MPh
// (Immobilized, Stunned, Shocked, Recalled): the MP it has left count as spent where it stands
// (D2.1), as if it had ended its MPh there.
func (g *Game) attackEndsMP(i int, r *Result) {
	u := &g.Units[i]
	if u.Side != g.Phasing || g.Phase != PhaseMPh || u.Ended {
		return
	}
	if left := g.mphEnded(i, u); left > 0 {
		r.event("D2.1", fmt.Sprintf("%s MP unused, assumed spent in its hex", left))
	}
}

// undoPivot: a vehicle in Bypass that cannot complete the move it began with a VCA change at
// its CAFP is at that CAFP with the Target Facing it had before the change (D2.33).
func undoPivot(u *Unit, r *Result) {
	if u.Pos.Bypass && u.Pos.Pivot != 0 {
		u.Pos.Pivot = 0
		r.event("D2.33", "it could not complete its move: it stays at its CAFP facing as before its VCA change")
	}
}

// MotionAttemptDRM is the drm of a DEFENDER Motion attempt: +1 for a lone radioless AFV
// (D14.23); for a platoon, the number of its AFV (D14.211; rules-notes 1.5 #6).
func MotionAttemptDRM(u *Unit, platoon int) DRM {
	var d DRM
	switch {
	case platoon > 0:
		d.Add(platoon, "platoon of "+strconv.Itoa(platoon)+" AFV")
	case u.Radioless():
		d.Add(1, "lone radioless AFV")
	}
	return d
}

// motionAttempt is a DEFENDING vehicle's attempt to gain Motion status (D2.401): dr <= the MP
// an enemy unit newly in its LOS has spent in that LOS this MPh.
func (g *Game) motionAttempt(a Action, src dice.Source, r *Result) error {
	d := g.Units[a.Unit]
	lay := g.Map.Layout
	switch {
	case d.Side == g.Phasing:
		return g.refuse("D2.401", "%s is moving this MPh; only a DEFENDING vehicle makes a Motion attempt", d.ID)
	case d.Destroyed:
		return g.refuse("D2.401", "%s has been destroyed", d.ID)
	case d.Immobile != Mobile:
		return g.refuse("D2.401", "%s is %s; only a Mobile vehicle may attempt Motion", d.ID, d.Immobile)
	case d.MotionAttempted:
		return g.refuse("D2.401", "%s has already made its Motion attempt this enemy MPh", d.ID)
	case d.FireMarker:
		return g.refuse("D2.401", "%s is marked with a First/Final Fire counter and may not attempt Motion", d.ID)
	case d.Stunned:
		return g.refuse("D2.401", "%s is Stunned and may not attempt Motion", d.ID)
	case d.Convoy != 0:
		return g.refuse("E11.24", "%s is a Convoy vehicle: neither it nor its Convoy may make a DEFENDER Motion attempt", d.ID)
	}
	if d.Platoon != 0 {
		return g.platoonMotionAttempt(int(d.Platoon-1), a, src, r)
	}
	best, who := g.motionTrigger(a.Unit, a.Versus)
	if who < 0 {
		return g.refuse("D2.401", "no enemy unit that entered %s's LOS this MPh has spent MP/MF in it (a unit already in its LOS when the MPh began does not count)", d.ID)
	}
	var target hex.Spine
	if a.HasVCA {
		if d.Pos.Bypass {
			return g.refuse("D2.33", "%s is in Bypass and may not change its VCA there except by moving on", d.ID)
		}
		sp, ok := d.Pos.Hex.SpineBetween(a.A, a.B)
		if !ok {
			return g.refuse("D2.11", "%s-%s is not a VCA of %s in %s", lay.Name(a.A), lay.Name(a.B), d.ID, lay.Name(d.Pos.Hex))
		}
		target = sp
	}
	drm := MotionAttemptDRM(&d, 0)
	roll, err := dice.Check(src, dice.Dr, func(t int) int { return btoi(MP(2*(t+drm.Total())) <= best) })
	if err != nil {
		return err
	}
	final := int(roll.Total) + drm.Total()
	e := RollEvent{For: "Motion attempt", Rule: "D2.401", Roll: roll, DRM: drm, Final: final,
		Need: fmt.Sprintf("final dr <= %s (MP %s spent in its LOS) succeeds", best, g.Units[who].ID),
		Odds: dice.Pdr(drm.Total(), func(f int) bool { return MP(2*f) <= best })}
	d.MotionAttempted = true
	if MP(2*final) > best {
		e.Result = "fails"
		r.roll(e)
		g.Units[a.Unit] = d
		return nil
	}
	e.Result = "succeeds"
	r.roll(e)
	// A successful attempt is also a Start: breakdown or stall means no Motion, no VCA change.
	if broke, err := g.mechanicalReliability(&d, src, r); err != nil {
		return err
	} else if broke {
		r.event("D2.401", "no Motion and no VCA change")
		g.Units[a.Unit] = d
		return nil
	}
	if stalled, err := g.stallCheck(&d, src, r); err != nil {
		return err
	} else if stalled {
		r.event("D2.401", "stalled: the Motion attempt fails")
		g.Units[a.Unit] = d
		return nil
	}
	d.Motion = true
	r.event("D2.401", d.ID+" gains Motion status")
	if a.HasVCA {
		nspines, turn := d.Pos.Heading.Steps(target)
		if _, err := g.freeTurn(&d, nspines, turn, src, r); err != nil {
			return err
		}
		r.event("D2.401", "freely changes its VCA to "+lay.VCAName(d.Pos.Hex, d.Pos.Heading))
	}
	g.Units[a.Unit] = d
	return nil
}
