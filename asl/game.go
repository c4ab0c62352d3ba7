package asl

import (
	"fmt"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// Game is the state of one ASL Movement Phase: the map, the units, and which side is moving.
// [Game.Step] applies one step; a refused step changes nothing.
type Game struct {
	Map     *Map
	Units   []Unit
	Groups  []Group // platoons, Convoys and Columns (D14.2, E11)
	Phasing string  // the side whose MPh it is (the ATTACKER)
	// Phase is the part of the phasing side's Player Turn the game stands in: its MPh, where
	// units spend MP and MF, or its APh, where Infantry, Cavalry and Columns advance (A4.7).
	Phase Phase
	// Night: Straying applies (E11.6).
	Night bool
	// Objectives are what the scenario sets the sides to do (objective.go). They are hashed
	// apart (the ruleset's Hash adds them): a game without them hashes as it did before they existed, so
	// stored games still replay.
	Objectives []Objective `hash:"-"`
	// Scratch marks a copy a planner tries steps on: it keeps no record of where MP were
	// spent (D2.401), which only a later Motion attempt reads and no step's legality does, and
	// no index of units by hex (occupancy.go): a try looks at every unit instead.
	Scratch bool `hash:"-"`

	// For DEFENDER Motion attempts (D2.401): where each unit stood when the MPh began, and
	// where moving units spent MP since (losrecord.go). LOS is traced only when a Motion
	// attempt reads them.
	losStart []losPlace
	losLog   []losEntry

	// During an Impulse (impulse.go): the group moving, and, for a platoon, the checks whose one
	// DR per condition is made at the end of the Impulse (D14.21).
	impulse  int // group index + 1, or 0
	deferDR  bool
	pending  []pendingCheck `hash:"-"`
	saved    []Unit         `hash:"-"` // scratch copies for an Impulse's refusal
	savedLOS int            `hash:"-"` // len(losLog) before the Impulse
	// leaving: units that left a Convoy and complete their MPh before anything else moves
	// (E11.25).
	leaving  []int
	partsBuf []int `hash:"-"`
	// convoyStarted: original Convoys (by group index) that have begun their MPh (E11.21).
	convoyStarted []bool
	// postponed units finish their MPh after waitFor units (D14.331).
	postponed, waitFor []int
	// byID indexes Units by id (Unit); shared by clones, never changed in place.
	byID map[string]int32 `hash:"-"`
	// occ indexes the units by hex (occupancy.go); nil until asked for, and in a clone.
	occ *occupancyIndex `hash:"-"`
	// colWatch is what the last Column check saw (columnwatch.go); nil in a clone.
	colWatch *columnWatch `hash:"-"`
	// refused is the one refusal a Scratch game hands out, overwritten by the next: a
	// planner reads only that a try was refused, and a refused try allocated nothing.
	refused Refusal `hash:"-"`
}

// NewGame starts a Movement Phase of the phasing side with the given units.
func NewGame(m *Map, units []Unit, phasing string) *Game {
	g := &Game{Map: m, Units: units, Phasing: phasing}
	g.BeginMPh(phasing)
	return g
}

// Phase is a phase of a Player Turn that the notation knows.
type Phase uint8

// Phases: the Movement Phase, and the Advance Phase that follows it in the same Player Turn.
const (
	PhaseMPh Phase = iota
	PhaseAPh
)

func (p Phase) String() string { return [...]string{"MPh", "APh"}[p] }

// BeginMPh starts a Movement Phase of the given side: MP counts reset, vehicles in Motion begin
// it in Motion (D2.4), DEFENDERs may attempt Motion again (D2.401).
func (g *Game) BeginMPh(side string) {
	g.closeObjectives(side)
	g.Phasing, g.Phase = side, PhaseMPh
	for i := range g.Units {
		u := &g.Units[i]
		u.Spent, u.StartStop, u.AllUsed = 0, 0, false
		u.Allowance = u.V.Allotment()
		u.EnteredHex, u.ESBUsed, u.VCAChanged, u.Reversed, u.MinimumMove = false, false, false, false, false
		u.Ended, u.MotionAttempted, u.Moving, u.Reverse, u.DirSet = false, false, false, false, false
		u.Stalled, u.Stunned, u.UnbogTried, u.LeftCounted = false, false, false, false
		if u.Side == side {
			u.CX = false
		}
		u.HasLast, u.NTC, u.PlatoonFree, u.Lost, u.OffRoad, u.ColumnDisbanded, u.NoStart = false, NTCNone, false, false, false, false, false
		u.Advanced = false
		u.BeganInMotion = u.Motion && u.Side == side && u.Immobile == Mobile
		u.ntcDue = u.Side == side && !u.Pos.Offboard && u.Immobile == Mobile
	}
	g.leaving = g.leaving[:0]
	g.convoyStarted = g.convoyStarted[:0]
	for i := range g.Units {
		u := &g.Units[i]
		u.strayOK = true
		for _, k := range [...]int16{u.Convoy, u.Column} {
			if k != 0 && !g.Groups[k-1].Gone && len(g.Groups[k-1].Members) > 0 && g.Groups[k-1].Members[0] != i {
				u.strayOK = false
			}
		}
	}
	g.postponed, g.waitFor = g.postponed[:0], g.waitFor[:0]
	for gi := range g.Groups {
		grp := &g.Groups[gi]
		if grp.Gone || len(grp.Members) == 0 || g.Units[grp.Members[0]].Side != side {
			continue
		}
		grp.Impulses, grp.Ended, grp.StopSpent, grp.After, grp.Hurry = 0, false, false, -1, false
		if grp.Kind == KindPlatoon && grp.Radio && !grp.Fresh {
			// Radio AFV declared Platoon Movement for one MPh only (D14.23).
			g.dissolve(gi)
		}
		grp.Fresh = false
		if grp.Kind == KindColumn && !grp.Gone {
			g.setColumnMF(gi)
		}
	}
	g.startLOSRecord()
	g.indexIDs()
	g.forgetOccupancy() // rebuilt when next asked (occupancy.go)
}

// indexIDs indexes the units by id for Unit, the first of each id. It makes a new map: clones
// share the old one.
func (g *Game) indexIDs() {
	g.byID = make(map[string]int32, len(g.Units))
	for i := range g.Units {
		if _, dup := g.byID[g.Units[i].ID]; !dup {
			g.byID[g.Units[i].ID] = int32(i)
		}
	}
}

// Unit finds a unit by id: through the index BeginMPh makes, or, for a unit added or changed
// since, by looking at each.
func (g *Game) Unit(id string) (int, bool) {
	if i, ok := g.byID[id]; ok && int(i) < len(g.Units) && g.Units[i].ID == id {
		return int(i), true
	}
	for i := range g.Units {
		if g.Units[i].ID == id {
			return i, true
		}
	}
	return 0, false
}

// inLOS reports whether two units on the map, neither destroyed, see each other.
func (g *Game) inLOS(a, b *Unit) bool {
	if a.Pos.Offboard || b.Pos.Offboard || a.Destroyed || b.Destroyed {
		return false
	}
	return g.Map.LOSBetween(a.Pos.Spot(), b.Pos.Spot())
}

// Verb is the kind of step.
type Verb uint8

// Step verbs (scenario-format.md).
const (
	VerbStart Verb = iota
	VerbStop
	VerbEnter
	VerbVCA
	VerbBypass
	VerbReverse
	VerbReverseBypass
	VerbDelay
	VerbESB
	VerbMinimum
	VerbEnd
	VerbAttack
	VerbMotionAttempt
	VerbTCA
	VerbNone    // in an Impulse: the member does nothing ("-")
	VerbExit    // leave the map across the board edge ahead (D14.212)
	VerbBU      // the crew buttons up (D2.16, D5.2): any time, no MP
	VerbCE      // the crew unbuttons (D2.16, D5.2): any time, no MP
	VerbFireVCA // a VCA change as a result of firing in a fire phase (D2.11): no MP
	VerbUnbog   // Bog removal attempt (D8.3)
)

var verbNames = [...]string{"start", "stop", "enter", "vca", "bypass", "reverse", "reverse bypass", "delay", "esb", "minimum", "end", "attack", "motion-attempt", "tca", "-", "exit", "bu", "ce", "fire-vca", "unbog"}

func (v Verb) String() string { return verbNames[v] }

// AttackResult is what outside fire did to a unit (the `attack` step).
type AttackResult uint8

// Attack results.
const (
	AttackMissed AttackResult = iota
	AttackDestroyed
	AttackImmobilized
	AttackShocked
	AttackStunned
	AttackRecalled
	AttackPinned  // Infantry/Cavalry: pinned
	AttackBroken  // Infantry/Cavalry: broken
	AttackReduced // Infantry/Cavalry: Reduced (a squad to a half-squad)
)

var attackNames = [...]string{"missed", "destroyed", "immobilized", "shocked", "stunned", "recalled", "pinned", "broken", "reduced"}

func (a AttackResult) String() string { return attackNames[a] }

// Action is one step for one unit.
type Action struct {
	Verb Verb
	Unit int     // index into Game.Units
	A, B hex.Hex // enter/minimum/reverse/end toward: A; vca/fire-vca: A-B; bypass: obstacle A along its hexside with B
	N    MP      // delay, esb
	// Toward: an end in Motion with MP left names A, the hex the vehicle wished to enter next
	// and cannot afford (D2.4).
	Toward bool
	// All chooses ALL MP over half the printed allotment where the chart allows either
	// (fully tracked vehicles in woods; rules-notes 1.5 #4).
	All    bool
	Attack AttackResult
	HasVCA bool // motion-attempt with a free VCA change to A-B
	// Versus names the enemy unit whose MP the Motion attempt counts (-1: the best one).
	Versus int
	// Mines: the attack is a minefield's (E11.534: it counts against a Column only if it has an
	// effect).
	Mines bool
	// OnMP: the attack is made on this MP/MF of the last Impulse (D14.33), 0 if not said.
	OnMP MP
}

// Step applies one action. On success r holds the cost, the rolls and the events; on refusal
// it returns a *Refusal and the game is exactly as before. Dice are drawn from src only after
// every check has passed. The cost of a unit that moves by MF (Infantry, Cavalry) is in MF.
func (g *Game) Step(a Action, src dice.Source, r *Result) error {
	var was losPlace
	ok := a.Unit >= 0 && a.Unit < len(g.Units)
	if ok {
		was = placeOf(&g.Units[a.Unit])
		g.placed(a.Unit) // in case it was put somewhere since (a planner's try)
	}
	err := g.step(a, src, r)
	if ok {
		g.placed(a.Unit)
	}
	if err == nil && ok {
		g.notePlace(a.Unit, was) // an attack may destroy a DEFENDER (D2.401)
		if g.Units[a.Unit].MovesByMF() {
			r.Cost.InMF()
		}
	}
	return err
}

// step is Step for any unit.
func (g *Game) step(a Action, src dice.Source, r *Result) error {
	r.Reset()
	if a.Unit < 0 || a.Unit >= len(g.Units) {
		return g.refuse("scenario", "no such unit")
	}
	// Outside events and what a crew may do in any phase; everything else is movement, or a
	// DEFENDER's Motion attempt during it, and needs a Movement Phase.
	switch a.Verb {
	case VerbAttack:
		return g.attack(a, r)
	case VerbTCA:
		return g.tca(a, r)
	case VerbBU, VerbCE:
		return g.crew(a, r)
	case VerbFireVCA:
		return g.fireVCA(a, src, r)
	}
	if err := g.inMPh(); err != nil {
		return err
	}
	if a.Verb == VerbMotionAttempt {
		return g.motionAttempt(a, src, r)
	}
	u := g.Units[a.Unit] // work on a copy; commit only on success
	if a.Verb == VerbEnd && !a.Toward && u.Ended && u.Immobile == Bogged {
		r.event("D8.2", "its MPh already ended when it bogged")
		r.Total = u.Spent // it spends nothing more: its total is what it spent before bogging
		return nil
	}
	if err := g.canAct(&u, a); err != nil {
		return err
	}
	if err := g.moveAlone(a); err != nil {
		return err
	}
	if a.Verb == VerbEnter {
		if err := g.offboardAlone(a.Unit); err != nil {
			return err
		}
	}
	// A lone radioless AFV must pass a NTC to move this MPh (D14.23).
	if g.impulse == 0 && u.ntcDue && u.Radioless() && u.Platoon == 0 && u.Convoy == 0 && !u.PlatoonFree && u.NTC == NTCNone && a.Verb != VerbEnd && a.Verb != VerbTCA {
		passed, err := g.ntc(&u, src, r)
		if err != nil {
			return err
		}
		if !passed {
			g.ntcFailed(&u, r)
			r.Total = u.Spent
			g.spentInLOS(a.Unit, &u, u.Spent-g.Units[a.Unit].Spent)
			g.stepEnded(a.Unit, &u)
			g.Units[a.Unit] = u
			return nil
		}
		r.event("D14.23", u.ID+" is a lone radioless AFV and passes its NTC: it may move this MPh")
	}
	var err error
	if u.footMover() {
		switch a.Verb {
		case VerbEnter:
			if u.Pinned {
				return g.refuse("A7.8", "%s is pinned and may not move", u.ID)
			}
			err = g.moveFoot(&u, a, r)
		case VerbEnd:
			if a.Toward {
				return g.refuse("D2.4", "%s is %s: it has no Motion status, so it ends its MPh with \"end\", naming no hex", u.ID, u.V.Class.A())
			}
			u.Ended = true
			r.event("A4", u.ID+" ends its MPh")
		default:
			err = g.refuse("A4", "%s is %s: it moves by entering adjacent hexes (enter HEX) and has no %q", u.ID, u.V.Class.A(), a.Verb)
		}
		if err != nil {
			return err
		}
		r.Total = u.Spent
		g.spentInLOS(a.Unit, &u, u.Spent-g.Units[a.Unit].Spent)
		g.stepEnded(a.Unit, &u)
		if g.impulse == 0 {
			u.ImpulseCharged = r.Cost.Total()
		}
		g.Units[a.Unit] = u
		if g.impulse == 0 {
			g.CheckColumns(r)
		}
		return nil
	}
	switch a.Verb {
	case VerbStart:
		err = g.start(&u, src, r)
	case VerbStop:
		err = g.stop(&u, r)
	case VerbEnter, VerbBypass, VerbReverse, VerbReverseBypass:
		err = g.move(&u, a, src, r)
	case VerbExit:
		err = g.exit(&u, src, r)
	case VerbVCA:
		err = g.changeVCA(&u, a, src, r)
	case VerbDelay:
		err = g.delay(&u, a, r)
	case VerbESB:
		err = g.esb(&u, a, src, r)
	case VerbMinimum:
		err = g.minimumMove(&u, a, src, r)
	case VerbEnd:
		err = g.end(&u, endHow{toward: a.A, named: a.Toward}, r)
	case VerbUnbog:
		err = g.unbog(&u, src, r)
	default:
		err = g.refuse("scenario", "unknown step")
	}
	if err != nil {
		return err
	}
	r.Total = u.Spent
	// Start and Stop MP are spent in the hex being left (D2.12, D2.13); the rest where the
	// step ends.
	before := &g.Units[a.Unit]
	atStart := u.StartStop - before.StartStop
	g.spentInLOS(a.Unit, before, atStart)
	g.spentInLOS(a.Unit, &u, u.Spent-before.Spent-atStart)
	g.stepEnded(a.Unit, &u)
	if g.impulse == 0 {
		u.ImpulseCharged = r.Cost.Total()
	}
	g.Units[a.Unit] = u
	if a.Verb == VerbEnd && len(g.Groups) > 0 {
		g.memberEnded(a.Unit)
	}
	if g.impulse == 0 {
		g.CheckColumns(r)
	}
	return nil
}

// stepEnded passes a step that ended unit i's MPh (u: the unit as the step leaves it, not yet
// committed) to mphEnded. In an Impulse the Impulse does so once it has charged its members.
func (g *Game) stepEnded(i int, u *Unit) {
	if u.Ended && !g.Units[i].Ended && g.impulse == 0 {
		g.mphEnded(i, u)
	}
}

// canAct checks what every step of a moving unit needs.
func (g *Game) canAct(u *Unit, a Action) error {
	switch {
	case u.Destroyed:
		return g.refuse("D2.1", "%s has been destroyed", u.ID)
	case u.Side != g.Phasing:
		return g.refuse("D2.1", "%s belongs to %s and it is the %s MPh: only the phasing side moves", u.ID, u.Side, g.Phasing)
	case u.Exited:
		return g.refuse("D14.212", "%s has left the map", u.ID)
	case u.NTC == NTCFailed:
		return g.refuse("D14.23", "%s failed its NTC and may not move this MPh", u.ID)
	case u.Ended && u.ColumnDisbanded:
		return g.refuse("E11.531", "%s's Column Disbanded during its MPh, which ended its MPh", u.ID)
	case u.Ended:
		return g.refuse("D2.1", "%s has already ended its MPh", u.ID)
	case u.Stunned:
		return g.refuse("D2.1", "%s is Stunned/Shocked/Recalled and may not spend MP for the rest of the Player Turn", u.ID)
	case u.FiredPFPh:
		return g.refuse("D2.1", "%s fired during the preceding PFPh and may not move this MPh", u.ID)
	case u.TI:
		return g.refuse("D2.1", "%s is TI and may not move this MPh", u.ID)
	}
	if u.Immobile != Mobile && a.Verb != VerbEnd && !(a.Verb == VerbUnbog && u.Immobile == Bogged) {
		return g.refuse("D2.1", "%s is %s and may not spend MP to move", u.ID, u.Immobile)
	}
	if u.MinimumMove && a.Verb != VerbEnd {
		return g.refuse("D2.15", "%s made a Minimum Move and spent all its MP allotment; it ends its MPh in Motion", u.ID)
	}
	return nil
}

// spendable refuses what the vehicle cannot afford (D2.1; D2.7 after ALL MP).
func (g *Game) spendable(u *Unit, c MP, what string) error {
	if c > u.Remaining() && g.Scratch { // a planner's try: nothing to box or format
		if u.AllUsed {
			return g.refuse("D2.7", "only Start/Stop MP remain")
		}
		return g.refuse("D2.1", "unaffordable")
	}
	if c > u.Remaining() {
		if u.AllUsed {
			return g.refuse("D2.7", "%s spent ALL its MP entering its hex; only Start/Stop MP remain to it, not %s MP to %s", u.ID, c, what)
		}
		return g.refuse("D2.1", "%s has %s MP left, but %s costs %s MP", u.ID, u.Remaining(), what, c)
	}
	return nil
}

// ---------------------------------------------------------------------------------------
// Start and Stop

// startCost adds the Starting MP (D2.12) to a step when the vehicle is not moving, and the
// Stop + Start MP when it switches between forward and Reverse (D2.23). It returns whether a
// Start is made (and so Mechanical Reliability must be rolled). It never refuses today; the
// error is there for start conditions a later rule adds.
func startCost(u *Unit, reverse bool, c *Cost) (starting bool, err error) {
	if u.NoStart && !u.Moving && (!u.Motion || reverse) || u.NoStart && u.Moving && u.DirSet && u.Reverse != reverse {
		return false, refuse("E11.2", "%s's Convoy expended a Stop MP this MPh: none of its vehicles may Start again this MPh", u.ID)
	}
	switch {
	case u.Moving:
		if u.DirSet && u.Reverse != reverse {
			c.Plus(Whole(1), "Stop", "D2.23")
			c.Plus(Whole(1), "Start", "D2.23")
			return true, nil
		}
		return false, nil
	case u.Motion:
		// A vehicle beginning its MPh in Motion does not pay to Start (D2.4); in Motion it is
		// moving forward, so switching to Reverse still means stopping and starting (D2.23).
		if reverse {
			c.Plus(Whole(1), "Stop", "D2.23")
			c.Plus(Whole(1), "Start", "D2.23")
			return true, nil
		}
		return false, nil
	}
	c.Plus(Whole(1), "Start", "D2.12")
	return true, nil
}

// payStart pays, in the hex being left, the Start (and Stop) MP that a step's cost carries as
// added terms (startCost put them there), then starts the vehicle (applyStart). c may be
// r.Cost. When the vehicle does not get moving (breakdown, stall) r.Cost is replaced by just
// what was paid, and ok is false: the step ends there. paid is what was spent.
func (g *Game) payStart(u *Unit, starting bool, c *Cost, src dice.Source, r *Result) (ok bool, paid MP, err error) {
	if !starting {
		_, _, err := g.applyStart(u, false, src, r)
		return err == nil, 0, err
	}
	for i := 0; i < int(c.no); i++ {
		if o := &c.ops[i]; o.K == 0 && (o.Label == "Start" || o.Label == "Stop") {
			paid += o.V
		}
	}
	u.Spent += paid
	u.StartStop += paid
	// The Stop of a direction switch, if any, ends its movement in the old direction (D2.23):
	// once it Starts it has no direction until it moves (a failed Bypass clearance may leave
	// it there, D2.3), and is not in Reverse.
	u.Moving, u.Reverse = false, false
	ok, delay, err := g.applyStart(u, true, src, r)
	if err == nil && !ok {
		// Rare: the step is only what was paid. Built aside, as c may be r.Cost.
		var sc Cost
		for i := 0; i < int(c.no); i++ {
			if o := &c.ops[i]; o.K == 0 && (o.Label == "Start" || o.Label == "Stop") {
				sc.Plus(o.V, o.Label, o.Rule)
			}
		}
		if delay > 0 {
			sc.Plus(delay, "stall Delay DR", "D2.17")
		}
		r.Cost = sc
	}
	return ok, paid, err
}

// applyStart marks the vehicle moving after its Start MP (or the first expenditure of a
// vehicle in Motion) and rolls Mechanical Reliability for a red-MP AFV (D2.51) and a stall
// where the vehicle can stall. It reports false when the vehicle did not get moving, and the
// MP a stall's Delay DR spent (D2.17), which the caller adds to the step's cost.
func (g *Game) applyStart(u *Unit, starting bool, src dice.Source, r *Result) (bool, MP, error) {
	if u.Motion {
		u.DirSet, u.Reverse = true, false // in Motion it was moving forward
	}
	u.Motion = false // removed when it starts movement (D2.4)
	if !starting {
		u.Moving = true
		return true, 0, nil
	}
	u.DirSet = false
	if broke, err := g.mechanicalReliability(u, src, r); err != nil || broke {
		return false, 0, err
	}
	stalled, err := g.stallCheck(u, src, r)
	if err != nil {
		return false, 0, err
	}
	if stalled {
		delay, err := src.Roll(dice.DR)
		if err != nil {
			return false, 0, err
		}
		d := Whole(int(delay.Total))
		if d > u.Remaining() {
			d = u.Remaining()
		}
		r.roll(RollEvent{For: "Delay DR", Rule: "D2.17", Roll: delay, Final: int(delay.Total), Result: "MP spent in Delay before it may Start again"})
		u.Spent += d
		u.Stalled = true
		u.Moving = false
		r.event("D2.15", "stalled: stays Stopped, may not make a Minimum Move this Player Turn")
		return false, d, nil
	}
	u.Moving = true
	return true, 0, nil
}

// mechanicalReliability rolls the DR a red-MP AFV makes each time it Starts: 12 immobilizes
// it (D2.51). Other vehicles roll nothing.
func (g *Game) mechanicalReliability(u *Unit, src dice.Source, r *Result) (broke bool, err error) {
	if !u.V.RedMP || !u.V.AFV {
		return false, nil
	}
	if g.deferDR {
		g.pending = append(g.pending, pendingCheck{kind: checkMR, unit: u.ID})
		return false, nil
	}
	roll, err := dice.Check(src, dice.DR, func(t int) int { return btoi(t == 12) })
	if err != nil {
		return false, err
	}
	e := RollEvent{For: "Mechanical Reliability", Rule: "D2.51", Roll: roll, Final: int(roll.Total), Need: "DR 12 immobilizes", Odds: dice.PDRAtLeast(12, 0), Risk: dice.PDRAtLeast(12, 0)}
	if roll.Total != 12 {
		e.Result = "no breakdown"
		r.roll(e)
		return false, nil
	}
	e.Result = "Immobilized: mechanical breakdown"
	r.roll(e)
	u.Immobile, u.Moving, u.Motion = Immobilized, false, false
	r.event("D2.51", "Immobilized by mechanical breakdown on Starting")
	return true, nil
}

// stallCheck rolls the Start DR of a vehicle that can stall (rules-notes 1.1: vehicle fact
// stalls_on); vehicles that cannot stall roll nothing.
func (g *Game) stallCheck(u *Unit, src dice.Source, r *Result) (stalled bool, err error) {
	if u.V.StallsOn <= 0 {
		return false, nil
	}
	if g.deferDR {
		g.pending = append(g.pending, pendingCheck{kind: checkStall, unit: u.ID})
		return false, nil
	}
	roll, err := dice.Check(src, dice.DR, func(t int) int { return btoi(t >= u.V.StallsOn) })
	if err != nil {
		return false, err
	}
	e := RollEvent{For: "Stall", Rule: "D2.15", Roll: roll, Final: int(roll.Total), Need: fmt.Sprintf("DR >= %d stalls", u.V.StallsOn), Odds: dice.PDRAtLeast(u.V.StallsOn, 0), Risk: dice.PDRAtLeast(u.V.StallsOn, 0)}
	stalled = int(roll.Total) >= u.V.StallsOn
	e.Result = "no stall"
	if stalled {
		e.Result = "stalled"
	}
	r.roll(e)
	return stalled, nil
}

func (g *Game) start(u *Unit, src dice.Source, r *Result) error {
	switch {
	case u.Moving:
		return g.refuse("D2.12", "%s is already moving; Start MP are paid only by a stopped vehicle", u.ID)
	case u.Motion:
		return g.refuse("D2.4", "%s began its MPh in Motion and need not pay a Starting MP; just move it", u.ID)
	case u.AllUsed:
		return g.refuse("D2.7", "%s has spent ALL its MP", u.ID)
	}
	var c Cost
	if _, err := startCost(u, false, &c); err != nil {
		return err
	}
	if err := g.spendable(u, c.Total(), "Starting"); err != nil {
		return err
	}
	r.Cost = c
	u.Spent += c.Total()
	u.StartStop += c.Total()
	_, delay, err := g.applyStart(u, true, src, r)
	if delay > 0 {
		r.Cost.Plus(delay, "stall Delay DR", "D2.17")
	}
	return err
}

func (g *Game) stop(u *Unit, r *Result) error {
	if !u.Moving && !u.Motion {
		return g.refuse("D2.13", "%s is not moving, so there is nothing to stop", u.ID)
	}
	if err := g.enemyAFVBar(u, "stop"); err != nil {
		return err
	}
	c := Whole(1)
	if c > u.Remaining() && !u.AllUsed {
		if g.Scratch {
			return g.refuse("D2.4", "no Stopping MP left")
		}
		or := ""
		if esbOpen(u) {
			or = " (or attempt ESB for more MP, D2.5)"
		}
		return g.refuse("D2.4", "%s has %s MP left and cannot pay the Stopping MP; it ends its MPh in Motion%s", u.ID, u.Remaining(), or)
	}
	r.Cost.Plus(c, "Stop", "D2.13")
	u.Spent += c
	u.StartStop += c
	if u.AllUsed && u.Spent > u.Allowance {
		u.Allowance = u.Spent
	}
	u.Moving, u.Motion, u.Reverse, u.DirSet = false, false, false, false
	return nil
}

// enemyAFVBar refuses to stop or end the MPh in an enemy AFV's hex (D2.6) unless out of its
// LOS in Bypass on the opposite hexside, or able to attack it.
func (g *Game) enemyAFVBar(u *Unit, what string) error {
	for i := range g.unitsIn(u.Pos.Hex) {
		e := &g.Units[i]
		if e.Side == u.Side || e.Destroyed || !e.V.AFV || e.Pos.Offboard || e.Pos.Hex != u.Pos.Hex {
			continue
		}
		if u.Pos.Bypass && e.Pos.Bypass && u.Pos.Side == e.Pos.Side.Opposite() {
			continue
		}
		if u.canAttack(e.ID) {
			continue
		}
		return g.refuse("D2.6", "%s may not %s in enemy AFV %s's hex: it is in that AFV's LOS and cannot attack it there with an Original TK/IFT DR of 5 able to destroy or shock it", u.ID, what, e.ID)
	}
	return nil
}

// ---------------------------------------------------------------------------------------
// Delay, ESB, End

func (g *Game) delay(u *Unit, a Action, r *Result) error {
	if u.Moving || u.Motion {
		return g.refuse("D2.17", "%s is moving; Delay (spending MP without moving) is only for a stopped vehicle", u.ID)
	}
	if a.N <= 0 {
		return g.refuse("D2.17", "a Delay spends at least ½ MP")
	}
	if err := g.spendable(u, a.N, "the Delay"); err != nil {
		return err
	}
	r.Cost.Add(a.N, "Delay", "D2.17")
	u.Spent += a.N
	return nil
}

// esbOpen reports whether u may still attempt ESB this MPh (D2.5): a fully tracked vehicle
// that has not attempted it, has not spent ALL its MP (D2.7), may seek at least one MP, and is
// not in a platoon (D14.21: a platoon may not attempt ESB; an AFV that has left its platoon
// may). A refusal suggests ESB only where it is open.
func esbOpen(u *Unit) bool {
	return u.V.Tracked && !u.ESBUsed && !u.AllUsed && ESBLimit(u.V) > 0 && u.Platoon == 0
}

// ESBLimit is the most MP an ESB attempt may seek: a fourth of the printed allotment, FRD (D2.5).
func ESBLimit(v *Vehicle) MP { return Whole(v.MP / 4) }

// ESBDRM is the DRM of an ESB attempt for n extra MP (D2.5): +1 per MP sought (FRD, or FRU for
// a red allotment) and the maker's nationality DRM.
func ESBDRM(v *Vehicle, n MP) DRM {
	var d DRM
	per := int(n) / 2
	label := "extra MP sought (FRD)"
	if v.RedMP {
		per = (int(n) + 1) / 2
		label = "extra MP sought (FRU, red MP)"
	}
	d.Add(per, label)
	// The maker's DRM is named even when it is +0: the line says whose it is and why (D2.5).
	d.Keep(v.Maker.DRM(), v.MakerLabel())
	return d
}

func (g *Game) esb(u *Unit, a Action, src dice.Source, r *Result) error {
	switch {
	case !u.V.Tracked:
		return g.refuse("D2.5", "only a tracked vehicle may attempt ESB; %s is %s", u.ID, u.V.Class.A())
	case u.ESBUsed:
		return g.refuse("D2.5", "%s has already attempted ESB this MPh (once per MPh)", u.ID)
	case u.AllUsed:
		return g.refuse("D2.7", "%s has spent ALL its MP (only Start/Stop MP remain to it); ESB cannot add to them", u.ID)
	case a.N <= 0:
		return g.refuse("D2.5", "an ESB attempt seeks at least ½ MP")
	case a.N > ESBLimit(u.V):
		return g.refuse("D2.5", "%s may seek at most %s extra MP (a fourth of its %d MP allotment, FRD), not %s", u.ID, ESBLimit(u.V), u.V.MP, a.N)
	}
	if err := g.enemyAFVBar(u, "attempt ESB"); err != nil {
		return err
	}
	drm := ESBDRM(u.V, a.N)
	roll, err := dice.Check(src, dice.DR, func(t int) int { return btoi(t+drm.Total() >= 12) })
	if err != nil {
		return err
	}
	final := int(roll.Total) + drm.Total()
	e := RollEvent{For: "ESB", Rule: "D2.5", Roll: roll, DRM: drm, Final: final, Need: "Final DR >= 12 immobilizes; <= 11 gains the MP", Odds: dice.PDRAtLeast(12, drm.Total()), Risk: dice.PDRAtLeast(12, drm.Total())}
	u.ESBUsed = true
	if final >= 12 {
		e.Result = "Immobilized"
		r.roll(e)
		u.Immobile, u.Moving, u.Motion = Immobilized, false, false
		r.event("D2.5", "Immobilized by Excessive Speed Breakdown in its current hex")
		undoPivot(u, r)
		return nil
	}
	e.Result = "gains " + a.N.String() + " MP"
	r.roll(e)
	u.Allowance += a.N
	return nil
}

// end ends a unit's MPh (D2.4): Immobile, Stopped, or in Motion. A vehicle that did not Stop
// ends in Motion; with MP left it may do so only if they cannot pay the entry of the next hex
// it wishes to enter (how: see endHow and motionEndOK).
func (g *Game) end(u *Unit, how endHow, r *Result) error {
	if how.named {
		if err := g.towardStatus(u); err != nil {
			return err
		}
	}
	if u.Immobile != Mobile {
		u.Ended, u.Moving, u.Motion, u.Reverse = true, false, false, false
		r.event("D2.4", "ends its MPh Immobile (no Motion counter)"+g.unusedWords(u))
		return nil
	}
	if u.Pos.Bypass && u.Pos.Pivot != 0 {
		return g.refuse("D2.33", "%s changed its VCA at its CAFP and may not end its MPh there: it must Bypass on to the next CAFP or reverse into a new hex", u.ID)
	}
	if u.BeganInMotion && u.Spent == 0 && !u.MinimumMove {
		return g.refuse("D2.4", "%s began its Player Turn in Motion and must spend at least one MP (even if just to stop)", u.ID)
	}
	if u.MinimumMove {
		u.Ended, u.Moving, u.Motion = true, false, true
		r.event("D2.15", "ends its MPh in Motion after its Minimum Move")
		return nil
	}
	if !u.Moving && !u.Motion {
		u.Ended = true
		r.event("D2.4", "ends its MPh Stopped"+g.unusedWords(u))
		return nil
	}
	if u.Reverse {
		// No Reverse Motion at the end of a Player Turn (D2.24): it must pay to stop.
		if u.Remaining() < Whole(1) {
			if u.V.Tracked && !u.ESBUsed && ESBLimit(u.V) > 0 {
				return g.refuse("D2.24", "%s is moving in Reverse and may not end its MPh in Motion; it has no MP left to stop: attempt ESB for one", u.ID)
			}
		} else {
			if err := g.enemyAFVBar(u, "stop"); err != nil {
				return err
			}
			r.Cost.Plus(Whole(1), "Stop", "D2.24")
			u.Spent += Whole(1)
			u.StartStop += Whole(1)
			u.Ended, u.Moving, u.Motion, u.Reverse = true, false, false, false
			r.event("D2.24", "may not end in Reverse Motion: pays a Stopping MP"+g.unusedWords(u))
			return nil
		}
	}
	if err := g.enemyAFVBar(u, "end its MPh in Motion"); err != nil {
		if u.Remaining() >= Whole(1) {
			return err
		}
	}
	if err := g.motionEndOK(u, how); err != nil {
		return err
	}
	u.Ended, u.Moving, u.Motion = true, false, true
	if left := u.Remaining(); left > 0 && !u.AllUsed {
		// MP left at the end of the MPh count as spent in the final hex (D2.1): the step's
		// commit (or the group's end) records them for Motion attempts (mphEnded).
		why := "no hex of its VCA is affordable"
		switch {
		case how.named:
			why = "it cannot afford " + g.Map.Layout.Name(how.toward) + ", the hex it wished to enter next"
		case how.group:
			why = "its group could make no other Impulse (D14.3)"
		}
		r.event("D2.4", fmt.Sprintf("ends its MPh in Motion with %s MP unused (assumed spent in its hex): %s", left, why))
	} else {
		r.event("D2.4", "ends its MPh in Motion")
	}
	return nil
}

// unusedWords says, for a vehicle ending its MPh with MP left, that they count as spent in its
// hex (D2.1; mphEnded records them), unless an attack already said so (Unit.LeftCounted). A
// planner's try is told nothing: nobody reads its events.
func (g *Game) unusedWords(u *Unit) string {
	if left := u.Remaining(); left > 0 && !u.AllUsed && !u.LeftCounted && u.V.Class < Infantry && !g.Scratch {
		return fmt.Sprintf("; %s MP unused, assumed spent in its hex (D2.1)", left)
	}
	return ""
}

// tca turns a vehicle's TCA to fire on hex a.A and works out Case A (C5.1, D2.321). Firing is
// not movement: this only reports the To Hit DRM that the TCA change costs.
func (g *Game) tca(a Action, r *Result) error {
	u := &g.Units[a.Unit]
	if u.Destroyed || u.Pos.Offboard {
		return g.refuse("D2.321", "%s is not on the map", u.ID)
	}
	if a.A == u.Pos.Hex {
		return g.refuse("D2.321", "%s cannot fire into its own hex this way", u.ID)
	}
	var acq *hex.Hex
	if u.HasAcquired {
		acq = &u.Acquired
	}
	var drm DRM
	var f Facing
	if u.Pos.Bypass {
		drm, f = TCAChange(u.V, u.Pos, u.TCA, acq, a.A)
	} else {
		f = TargetFacing(u.Pos, a.A)
		if acq == nil || *acq != a.A {
			n, _ := facingSteps(u.TCA, f)
			drm.Add(CaseA(u.V.Turret, n), u.V.Turret.String())
		}
	}
	r.CaseA, r.HasCaseA = drm, true
	u.TCA, u.Acquired, u.HasAcquired = f, a.A, true
	r.event("D2.321", "TCA now points at its "+f.String()+" Target Facing; Case A "+drm.String())
	return nil
}

// Clone is an independent copy of the game to try steps on (a planner's scratch game). The Map
// is shared: steps only read it, and the rare one that changes it (a wreck, hidden wire
// revealed) first gives its game a copy of its own (editMap).
func (g *Game) Clone() *Game {
	c := *g
	c.Units = append([]Unit(nil), g.Units...)
	c.Groups = make([]Group, len(g.Groups))
	for i, grp := range g.Groups {
		grp.Members = append([]int(nil), grp.Members...)
		grp.WaitUnits = append([]int(nil), grp.WaitUnits...)
		c.Groups[i] = grp
	}
	c.losStart = append([]losPlace(nil), g.losStart...)
	c.losLog = append([]losEntry(nil), g.losLog...)
	c.leaving = append([]int(nil), g.leaving...)
	c.postponed = append([]int(nil), g.postponed...)
	c.waitFor = append([]int(nil), g.waitFor...)
	c.convoyStarted = append([]bool(nil), g.convoyStarted...)
	c.Objectives = cloneObjectives(g.Objectives)
	c.pending, c.saved, c.partsBuf = nil, nil, nil
	c.occ, c.colWatch = nil, nil
	return &c
}

// editMap gives the game a copy of its map to change, and returns it. The map is shared with
// the games cloned from this one and with the scenario's setup, which must not see the change.
func (g *Game) editMap() *Map {
	g.Map = g.Map.Clone()
	return g.Map
}
