package asl

import (
	"fmt"

	"github.com/umpire-referee/umpire/hex"
)

// Infantry, Cavalry and wagon basics that Columns need (rules-notes 1.6). MF are kept in the
// same half-point units as MP.
const (
	InfantryMF = 4  // a squad or crew
	LeaderMF   = 6  // a leader (SMC)
	CavalryMF  = 12 // Cavalry walking (16 galloping)
	WagonMF    = 8  // a horse-drawn wagon (the Wagon listing, rules-notes 1.6)
	// LeaderBonusMF is what a leader adds to Infantry moving with him (A4.12); in a Column even
	// a single leader's bonus serves the whole Column (E11.52).
	LeaderBonusMF = 2
	// DoubleTimeMF is what Double Time adds to Infantry (A4.5), and GallopMF is Cavalry's MF
	// at the gallop; a Column may use either (E11.52).
	DoubleTimeMF = 2
	GallopMF     = 16
	// RoadBonusMF is the road bonus of Infantry and Cavalry that spend the whole MPh on road
	// (B3.4), which a Column may use (E11.52).
	RoadBonusMF = 1
)

// MovesByMF reports a unit whose movement is counted in Movement Factors, not MP: Infantry and
// Cavalry, and wagons in a Column (A4.1, E11.5).
func (u *Unit) MovesByMF() bool { return u.footMover() }

// footMover: Infantry and Cavalry, and wagons in a Column, move without a VCA: any adjacent
// hex, paying the Terrain Chart's MF.
func (u *Unit) footMover() bool {
	return u.V.Class >= Infantry || (u.V.Class == Wagon && u.Column != 0)
}

func (g *Game) checkColumn(grp *Group) error {
	if len(grp.Members) < 2 {
		return g.refuse("E11.5", "a Column is units in two or more contiguous hexes; %s has %d unit", grp.ID, len(grp.Members))
	}
	hexes := map[hex.Hex]bool{}
	waiting := 0
	for _, m := range grp.Members {
		u := &g.Units[m]
		if u.V.Class != Infantry && u.V.Class != Cavalry && u.V.Class != Wagon {
			return g.refuse("E11.5", "%s is %s; a Column is Infantry, Cavalry and wagons", u.ID, u.V.Class.A())
		}
		if u.Side != g.Units[grp.Members[0]].Side {
			return g.refuse("E11.5", "%s and %s are on different sides", u.ID, g.Units[grp.Members[0]].ID)
		}
		if u.Column != 0 && !g.Groups[u.Column-1].Gone {
			return g.refuse("E11.5", "%s is already in Column %s", u.ID, g.Groups[u.Column-1].ID)
		}
		if u.Assault != 0 && !g.Groups[u.Assault-1].Gone {
			return g.refuse("E11.52", "%s moves in Armored Assault, which a Column may not use", u.ID)
		}
		if u.waiting() {
			waiting++
		} else {
			hexes[u.place()] = true
		}
	}
	if len(hexes)+waiting < 2 {
		return g.refuse("E11.5", "a Column fills two or more hexes; all of %s is in one hex", grp.ID)
	}
	if why := g.columnLine(grp.Members); why != "" {
		return g.refuse("E11.5", "Column %s is not a line one hex wide: %s", grp.ID, why)
	}
	return nil
}

// columnLine says why Column members (lead first, the units of a hex listed together) are not a
// continuous line one hex wide, or "".
func (g *Game) columnLine(ms []int) string {
	seen := map[hex.Hex]bool{}
	for k, m := range ms {
		u := &g.Units[m]
		if k > 0 {
			a := &g.Units[ms[k-1]]
			switch {
			case a.waiting() && !u.waiting():
				return fmt.Sprintf("%s is on the map behind %s, which is still off-board", u.ID, a.ID)
			case a.waiting():
				continue // units waiting to enter queue behind the board edge (E11.7)
			case u.waiting():
				if !g.onEdge(a.place()) {
					return fmt.Sprintf("%s (%s) has left the board edge while %s behind it is still off-board", a.ID, g.where(a), u.ID)
				}
				continue
			}
			if a.place() == u.place() {
				continue
			}
			if seen[u.place()] {
				return fmt.Sprintf("%s is listed apart from the other units in %s", u.ID, g.where(u))
			}
			if !a.waiting() && !u.waiting() && !a.place().Adjacent(u.place()) {
				return fmt.Sprintf("%s (%s) is not adjacent to %s (%s) ahead of it", u.ID, g.where(u), a.ID, g.where(a))
			}
		}
		seen[u.place()] = true
	}
	return ""
}

// ColumnMF is a Column's MF allowance (E11.52): the slowest unit's MF, where Infantry moving
// with a leader in the Column counts his bonus (4 + 2 = 6) and the leader counts his own MF;
// plus the road bonus while every MF so far was spent on road (B3.4), which may be spent only
// on road. roadBonus reports whether that bonus is included.
func (g *Game) ColumnMF(gi int) (mf MP, roadBonus bool) {
	grp := &g.Groups[gi]
	leader, onRoad := false, true
	for _, m := range grp.Members {
		u := &g.Units[m]
		if u.V.Leader {
			leader = true
		}
		if u.OffRoad || u.V.Class == Infantry && g.Map.Conditions == Mud {
			onRoad = false // mud takes the Infantry road bonus away (rules-notes 1.2)
		}
	}
	for k, m := range grp.Members {
		u := &g.Units[m]
		own := u.V.Allotment()
		if leader && u.V.Class == Infantry && !u.V.Leader {
			own += Whole(LeaderBonusMF)
		}
		switch {
		case grp.Hurry && u.V.Class == Infantry:
			own += Whole(DoubleTimeMF) // Double Time (A4.5)
		case grp.Hurry && u.V.Class == Cavalry:
			own = Whole(GallopMF) // Gallop
		}
		if k == 0 || own < mf {
			mf = own
		}
	}
	if onRoad {
		mf += Whole(RoadBonusMF)
	}
	return mf, onRoad
}

// setColumnMF gives every Column member the Column's allowance.
func (g *Game) setColumnMF(gi int) {
	mf, bonus := g.ColumnMF(gi)
	for _, m := range g.Groups[gi].Members {
		g.Units[m].Allowance, g.Units[m].RoadBonus = mf, bonus
	}
}

// moveFoot is Infantry/Cavalry movement into an adjacent hex (and wagons in a Column): the
// Terrain Chart's MF, doubled per level climbed; in a Column, no woods or building except
// along a road (E11.521).
func (g *Game) moveFoot(u *Unit, a Action, r *Result) error {
	lay := g.Map.Layout
	if u.Pos.Offboard && !u.Exited {
		if !g.onEdge(a.A) {
			return g.refuse("D2.12", "%s enters from off-board: %s is not a board-edge hex", u.ID, lay.Name(a.A))
		}
	} else if !u.Pos.Hex.Adjacent(a.A) {
		return g.refuse("A4.1", "%s in %s may only enter an adjacent hex; %s is not", u.ID, lay.Name(u.Pos.Hex), lay.Name(a.A))
	}
	if !g.Map.Contains(a.A) {
		return g.refuse("A4.1", "%s is off the map", lay.Name(a.A))
	}
	x, err := g.footFrom(u, a.A)
	if err != nil {
		return err
	}
	road := x.sf.Road()
	rubble, err := g.columnMayEnter(u, &x)
	if err != nil {
		return err
	}
	// The road bonus may be spent only by a unit that spends its whole MPh on road (B3.4).
	left := u.Remaining()
	if !road && u.RoadBonus {
		left -= Whole(RoadBonusMF)
	}
	var c Cost
	var e entry
	if err := g.footCost(u, &x, left, &c, &e); err != nil {
		return err
	}
	road = e.road
	if c.Total() > left || left <= 0 {
		rule, why := "A4.1", ""
		if u.Column != 0 {
			rule, why = "E11.52", " (a Column moves at its slowest unit's MF)"
		}
		if !road && u.RoadBonus {
			why += "; the road bonus MF may be spent only on road (B3.4)"
		}
		return g.refuse(rule, "%s has %s MF left%s, but entering %s costs %s MF", u.ID, left, why, lay.Name(a.A), c.Total())
	}
	r.Cost = c
	u.Spent += c.Total()
	if !road {
		u.OffRoad = true
	}
	if !u.Pos.Offboard {
		u.LastHex, u.HasLast = u.Pos.Hex, true
	}
	u.Pos = Position{Hex: a.A, OnRoad: road, Below: e.below}
	u.EnteredHex = true
	e.report(r)
	if rubble {
		r.event("E11.521", columnRubbleNote)
	}
	if u.V.Class == Wagon {
		u.Moving = true
	}
	return nil
}

// footFrom reads the entry of hex to by foot unit (or wagon) u from the Location it leaves: its
// own, after the checks leaving it needs (leaveCheck), or from off the board across an edge
// hexside of to, along the road where one runs off the board there (rules-notes 1.5 #12).
func (g *Game) footFrom(u *Unit, to hex.Hex) (crossing, error) {
	at := u.Pos
	if u.Pos.Offboard {
		from, _ := g.edgeSide(to)
		at = Position{Hex: from, Offboard: true}
	} else if _, err := g.leaveCheck(u, to, false); err != nil {
		return crossing{}, err
	}
	return g.crossFrom(at, to), nil
}

// columnBarred are the woods and building Locations a Column unit may enter only across a road
// or path hexside (E11.521). A Factory is the rule's own exception, and rubble is not a
// building Location (rules-notes 1.5 #14): neither is here.
var columnBarred = [numTerrain]bool{Woods: true, Building: true, WoodenBuilding: true}

// columnRubbleNote names the project default that lets a Column into rubble.
const columnRubbleNote = "default: rules-notes 1.5 #14: rubble is not a building Location, so a Column unit may enter it"

// columnMayEnter is E11.521 for every entry of a Column unit, moving in the MPh or advancing in
// the APh: may u, in a Column, make entry x? Not into a woods or building Location, unless
// across a road or path hexside as the Location it leaves may use them (crossFrom: from below a
// bridge none, from off the board only a road that runs off the board, rules-notes 1.5 #12 and
// #15). A Factory may be entered; so may rubble, by a project default: rubble reports that the
// default decided it. A unit in no Column may enter anything this rule knows of.
func (g *Game) columnMayEnter(u *Unit, x *crossing) (rubble bool, err error) {
	if u.Column == 0 {
		return false, nil
	}
	if x.row.IsRubble {
		return true, nil
	}
	if !columnBarred[x.t] {
		return false, nil
	}
	if x.sf.Road() || !x.offboard && x.sf.Path() {
		return false, nil
	}
	return false, g.refuse("E11.521", "%s is in a Column, which may not enter a woods or building Location except along a road or path", u.ID)
}

// Relocate is a rout or an advance outside the Movement Phase, as an outside event. An advance
// is [Game.Advance]. A rout moves Infantry or Cavalry into an adjacent hex it may enter (one hex
// per line: a rout is checked as each MF is spent, E11.532): out of its Location as any move
// leaves it (a bridge only along its road) and never where the Terrain Chart says NA (D2.1).
// Every Column is then checked for
// Disbandment (E11.532), which the unit's new LOS may cause. A unit of a Column that has not
// Disbanded does not rout: an attack that could break it has already Disbanded its Column
// (E11.53).
func (g *Game) Relocate(i int, to hex.Hex, advance bool, r *Result) error {
	if advance {
		return g.Advance(i, to, r)
	}
	r.Reset()
	if i < 0 || i >= len(g.Units) {
		return g.refuse("scenario", "no such unit")
	}
	u := &g.Units[i]
	lay := g.Map.Layout
	switch {
	case u.V.Class < Infantry:
		return g.refuse("E11.532", "%s is %s: only Infantry and Cavalry rout or advance", u.ID, u.V.Class.A())
	case u.Column != 0 && g.Groups[u.Column-1].canDisband():
		return g.refuse("E11.53", "%s is in Column %s, which has not Disbanded: an attack that could break it would have Disbanded the Column first, so a Column unit never routs", u.ID, g.Groups[u.Column-1].ID)
	case u.Destroyed || u.Pos.Offboard:
		return g.refuse("E11.532", "%s is not on the map", u.ID)
	case !g.Map.Contains(to) || !u.Pos.Hex.Adjacent(to):
		return g.refuse("E11.532", "%s routs one hex at a time: %s is not adjacent to %s", u.ID, lay.Name(to), lay.Name(u.Pos.Hex))
	}
	// A routing unit enters only where it may enter at all: its Location's way out (a bridge
	// along its road) and the Terrain Chart's NA, as for any entry of a foot unit (D2.1).
	x, err := g.footFrom(u, to)
	if err != nil {
		return err
	}
	var c Cost
	var e entry
	if err := g.footCost(u, &x, u.V.Allotment(), &c, &e); err != nil {
		return err
	}
	was := placeOf(u)
	u.LastHex, u.HasLast = u.Pos.Hex, true
	u.Pos = Position{Hex: to, OnRoad: e.road, Below: e.below}
	g.notePlace(i, was) // a DEFENDER that routs sees from its new hex (D2.401)
	g.placed(i)
	r.event("E11.532", fmt.Sprintf("%s routs into %s: Columns are checked for Disbandment", u.ID, lay.Name(to)))
	g.CheckColumns(r)
	return nil
}

// footCost is what Infantry, Cavalry or a wagon pays to enter hex x.to (MF, rules-notes 1.2):
// the road rate along a road or onto a bridge, 1 MF for Infantry along a path, else the chart's
// cell; each level climbed doubles the COT, on a road too (Cavalry and wagons alike); a hedge,
// wall, bocage or roadblock adds its MF after that. x is read from the Location the unit
// leaves (crossFrom): no road or path from below a bridge, nor across the board edge but where a
// road runs off the board. left is the MF the unit may still spend, for an ALL cell.
func (g *Game) footCost(u *Unit, x *crossing, left MP, c *Cost, e *entry) error {
	lay := g.Map.Layout
	col := u.V.Column()
	d, t, row, sf := x.dt, x.t, x.row, x.sf
	edge := x.offboard
	onBridge, below := g.bridgeWay(sf, d)
	e.below = below
	if ob := sf.Obstacle(); !edge && ob != NoObstacle && (!sf.Road() || HexsideChart[ob].Blocks) && HexsideChart[ob].Cost[col].Kind == NA {
		return g.crossable(u, x.from, x.to, x.side, ob)
	}
	road := sf.Road() && d.Bridge == NoBridge && t != Water || onBridge
	switch {
	case onBridge && BridgeChart[d.Bridge].Foot && col == ColHD:
		return g.refuse("D2.1", "%s may not cross the foot bridge in %s: it carries only Infantry and Cavalry", u.V.Class.A(), lay.Name(x.to))
	case onBridge:
		e.road = true
		c.Add(RoadRate[col], BridgeChart[d.Bridge].Name, "TC")
		if BridgeChart[d.Bridge].Default {
			e.note(defaultBridge[d.Bridge])
		}
	case road:
		e.road = true
		c.Add(RoadRate[col], "road", "TC")
	case !edge && col == ColInf && sf.Path() && row.Cost[col].Kind != NA:
		c.Add(Whole(1), "path", "TC")
	case col == ColInf && t == Factory && !edge && x.df.Terrain == Factory:
		c.Add(Whole(1), "factory to factory", "TC")
	default:
		if err := g.footCell(u, x.to, t, left, c, e); err != nil {
			return err
		}
		if !edge && sf.Path() {
			e.note(defaultPath)
		}
	}
	if !edge {
		if lv := x.lv; lv > 0 && !(row.ClimbIncluded && !road) {
			c.Times(1<<lv, "higher elevation (COT doubled per level)", "TC")
		}
		if col == ColHD {
			// A wagon is a vehicle: in a Column it pays the wreck/vehicle MF a lone wagon
			// pays (D2.14).
			g.crowd(u, x.to, d, e.below, road, road && (row.NoteD || sf.RoadNoteD()), c)
		}
		// A hedge or wall adds its MF to the doubled COT, not inside it.
		if ob := sf.Obstacle(); ob != NoObstacle && (!road || HexsideChart[ob].Blocks) {
			if hr := HexsideChart[ob].Cost[col]; hr.V > 0 {
				c.Plus(hr.V, HexsideChart[ob].Name, "TC")
			}
		}
	}
	return nil
}

// footCell adds the chart's MF cell for a foot unit or wagon entering terrain t off-road.
func (g *Game) footCell(u *Unit, to hex.Hex, t Terrain, left MP, c *Cost, e *entry) error {
	col := u.V.Column()
	row := &TerrainChart[t]
	cell := row.Cost[col]
	if row.IsDefault(col) {
		e.note(defaultNote[t])
	}
	switch cell.Kind {
	case NA:
		return g.refuse("D2.1", "%s may not enter %s (%s: NA on the Terrain Chart)", u.V.Class.A(), g.Map.Layout.Name(to), row.Name)
	case All:
		c.Add(left, "ALL MF: "+row.Name, "TC")
	case PlusCOTNonOpen:
		c.Add(cell.V, row.Name, "TC")
		if ground := g.Map.TerrainOf(g.Map.At(to).Ground); ground != OpenGround {
			if gc, ok := g.groundCost(g.Map.At(to), col); ok {
				c.Add(gc, TerrainChart[ground].Name, "TC")
			}
		}
	default:
		c.Add(cell.V, row.Name, "TC")
	}
	return nil
}

// columnImpulseOK checks a Column after its members' moves (E11.5): each unit behind the lead
// enters only the hex just left by the unit (or stack) ahead of it, a hex's units move
// together, and the Column is still one line.
func (g *Game) columnImpulseOK(gi int, parts []int, acts []Action) error {
	grp := &g.Groups[gi]
	lay := g.Map.Layout
	// Stacks at the start of the Impulse, lead first; a unit waiting off-board is a stack of
	// its own.
	type place struct {
		h    hex.Hex
		wait int // unit index+1 for a unit waiting off-board
	}
	var start []place
	startOf := func(m int) int {
		p := place{h: g.saved[m].place()}
		if g.saved[m].waiting() {
			p = place{wait: m + 1}
		}
		for k, s := range start {
			if s == p {
				return k
			}
		}
		start = append(start, p)
		return len(start) - 1
	}
	for _, m := range grp.Members {
		startOf(m)
	}
	moved := func(m int) bool {
		return g.Units[m].place() != g.saved[m].place() || g.Units[m].waiting() != g.saved[m].waiting()
	}
	for _, m := range grp.Members {
		k := startOf(m)
		for _, o := range grp.Members {
			if o != m && startOf(o) == k && (g.Units[o].place() != g.Units[m].place() || g.Units[o].waiting() != g.Units[m].waiting()) {
				return g.refuse("E11.5", "%s and %s were stacked in %s and must stay together: each stack keeps its place in the Column", g.Units[m].ID, g.Units[o].ID, lay.Name(start[k].h))
			}
		}
		if !moved(m) || k == 0 {
			continue
		}
		ahead := start[k-1]
		if ahead.wait != 0 {
			return g.refuse("E11.5", "%s may not enter the map before %s ahead of it has entered", g.Units[m].ID, g.Units[ahead.wait-1].ID)
		}
		if g.Units[m].place() != ahead.h {
			return g.refuse("E11.5", "%s may enter only %s, the hex just left by the units ahead of it in Column %s", g.Units[m].ID, lay.Name(ahead.h), grp.ID)
		}
		for _, o := range grp.Members {
			if startOf(o) == k-1 && !moved(o) {
				return g.refuse("E11.5", "%s may not enter %s before %s ahead of it has left it", g.Units[m].ID, lay.Name(ahead.h), g.Units[o].ID)
			}
		}
	}
	if why := g.columnLine(grp.Members); why != "" {
		return g.refuse("E11.5", "Column %s must stay one continuous line: %s", grp.ID, why)
	}
	return nil
}

// afterColumnImpulse applies Detection (E11.522): a Column unit that entered a hidden enemy's
// Location goes back to the hex it came from once the Impulse is over, and the enemy is
// revealed; and hidden wire revealed by a Column unit Disbands it (E11.534).
func (g *Game) afterColumnImpulse(gi int, ev eventer) {
	grp := &g.Groups[gi]
	for _, m := range grp.Members {
		u := &g.Units[m]
		if u.Pos.Offboard || !u.EnteredHex {
			continue
		}
		g.detect(u, ev)
		g.placed(m)
		if g.revealWire(gi, u, ev) {
			return
		}
	}
}

// detect is Detection (E11.522) for Column unit u once its Column's Impulse is over: a hidden
// enemy in u's Location is revealed, and u goes back to the hex it came from.
func (g *Game) detect(u *Unit, ev eventer) {
	// u may go back to LastHex on the way: the enemies of both hexes, in order.
	for _, j := range g.unitsOf(u.Pos.Hex, u.LastHex) {
		e := &g.Units[j]
		if e.Side != u.Side && e.Hidden && !e.Destroyed && !e.Pos.Offboard && e.Pos.Hex == u.Pos.Hex {
			e.Hidden = false
			ev.event("E11.522", fmt.Sprintf("Detection: %s is revealed in %s after the Column's Impulse; %s returns to %s", e.ID, g.Map.Layout.Name(u.Pos.Hex), u.ID, g.Map.Layout.Name(u.LastHex)))
			u.Pos = Position{Hex: u.LastHex}
		}
	}
}

// revealWire: Column unit u of Column gi stands in a hex of hidden wire, which it reveals, and
// the Column Disbands (E11.534). It reports whether it did.
func (g *Game) revealWire(gi int, u *Unit, ev eventer) bool {
	if u.Pos.Offboard {
		return false
	}
	d := g.Map.At(u.Pos.Hex)
	if !d.Wire || d.WireKnown {
		return false
	}
	g.editMap().At(u.Pos.Hex).WireKnown = true
	g.disband(gi, fmt.Sprintf("%s revealed hidden wire in %s (E11.534)", u.ID, g.Map.Layout.Name(u.Pos.Hex)), ev)
	return true
}

// CheckColumns checks every Column for Disbandment (E11.53): a Column unit attacked (a minefield
// only if it had an effect, E11.534) or in LOS of a Known enemy ground unit Disbands it. LOS is
// traced only from the units that changed since the last check (columnwatch.go).
func (g *Game) CheckColumns(ev eventer) {
	some := false
	for gi := range g.Groups {
		some = some || g.Groups[gi].canDisband()
	}
	if !some {
		return // no Column to check: nothing to watch either
	}
	w := g.watchChanges()
	for gi := range g.Groups {
		grp := &g.Groups[gi]
		then := w.verified[gi]
		w.verified[gi] = nil
		if !grp.canDisband() {
			continue
		}
		onboard := false
		for _, m := range grp.Members {
			if !g.Units[m].Pos.Offboard {
				onboard = true
			}
		}
		if !onboard {
			continue // only a Column at least partly on board Disbands (E11.53)
		}
		see := g.mayNowSee(w, grp, then)
		disbanded := false
		for _, m := range grp.Members {
			u := &g.Units[m]
			if u.Attacked {
				g.disband(gi, u.ID+" was attacked", ev)
				disbanded = true
				break
			}
			if !see {
				continue // no member can see a Known enemy
			}
			if e := g.knownEnemyInLOS(u); e != nil {
				g.disband(gi, fmt.Sprintf("%s has LOS to Known enemy %s", u.ID, e.ID), ev)
				disbanded = true
				break
			}
		}
		if !disbanded {
			w.verified[gi] = append(then[:0], grp.Members...)
		}
	}
}

// canDisband: grp is a Column that has not Disbanded (or gone).
func (grp *Group) canDisband() bool { return grp.Kind == KindColumn && !grp.Gone && !grp.Disbanded }

func (g *Game) knownEnemyInLOS(u *Unit) *Unit {
	if u.Pos.Offboard {
		return nil
	}
	for j := range g.Units {
		e := &g.Units[j]
		if e.Side != u.Side && !e.Destroyed && !e.Hidden && !e.Concealed && !e.Pos.Offboard && g.inLOS(u, e) {
			return e
		}
	}
	return nil
}

// disband Disbands a Column for the rest of the scenario (E11.53-.54): Hazardous Movement ends;
// an ATTACKER Column's units end their MPh, if it is their MPh (E11.531); wagons go (or stay) in
// Motion; a DEFENDER Column's units other than wagons are pinned; every unit loses its "?".
func (g *Game) disband(gi int, why string, ev eventer) {
	grp := &g.Groups[gi]
	ms := append([]int(nil), grp.Members...)
	attacker := len(ms) > 0 && g.Units[ms[0]].Side == g.Phasing
	endsMPh := attacker && g.Phase == PhaseMPh
	ev.event("E11.53", fmt.Sprintf("Column %s Disbands: %s; its units are freed from Hazardous Movement", grp.ID, why))
	for _, m := range ms {
		u := &g.Units[m]
		if u.Concealed {
			u.Concealed = false
			ev.event("E11.54", u.ID+" loses its concealment")
		}
		switch {
		case u.V.Class == Wagon:
			u.Motion = true
			u.Moving = false
			ev.event("E11.535", u.ID+" (wagon) is in Motion")
		case !attacker:
			u.Pinned = true
			ev.event("E11.536", u.ID+" is pinned")
		}
		if endsMPh {
			if !u.Ended {
				u.Ended = true
				g.mphEnded(m, u) // the MF left count as spent where it stands (D2.1)
			}
			u.ColumnDisbanded = true
		}
	}
	if endsMPh {
		ev.event("E11.531", "its units' MPh ends at once")
	}
	g.dissolve(gi)
	grp.Disbanded = true
}

// declareDisband: a Column may start its own Disbandment by spending one MF (E11.53); it
// Disbands once the Defensive First Fire that MF allows is over.
func (g *Game) declareDisband(gi int, r *Result) error {
	grp := &g.Groups[gi]
	if grp.Kind != KindColumn {
		return g.refuse("E11.53", "%s is not a Column", grp.ID)
	}
	if err := g.groupCanMove(gi); err != nil {
		return err
	}
	parts := g.liveMembers(gi)
	for _, m := range parts {
		if g.Units[m].Remaining() < Whole(1) {
			return g.refuse("E11.53", "%s has no MF left to spend on declaring Disbandment", g.Units[m].ID)
		}
	}
	for _, m := range parts {
		g.Units[m].Spent += Whole(1)
		g.spentInLOS(m, &g.Units[m], Whole(1))
	}
	r.Cost.Add(Whole(1), "declare Disbandment", "E11.53")
	r.Total = g.Units[parts[0]].Spent
	r.event("E11.53", "the Column is still a Column for the Defensive First Fire this MF allows")
	g.disband(gi, "declared by the ATTACKER", r)
	return nil
}

// joinColumn: unpinned Good Order Infantry, Cavalry or wagons join a Column at its rear; the
// Column forgoes its whole MPh to let them (E11.523).
func (g *Game) joinColumn(ga GroupAction, r *Result) error {
	grp := &g.Groups[ga.Group]
	if grp.Kind != KindColumn {
		return g.refuse("E11.523", "%s is not a Column", grp.ID)
	}
	if err := g.groupCanMove(ga.Group); err != nil {
		return err
	}
	for _, m := range grp.Members {
		if u := &g.Units[m]; u.Spent > 0 || grp.Impulses > 0 {
			return g.refuse("E11.523", "Column %s has begun its MPh; units join only if the Column forgoes its entire MPh", grp.ID)
		}
	}
	for _, m := range ga.Units {
		if m < 0 || m >= len(g.Units) {
			return g.refuse("scenario", "no such unit")
		}
		u := &g.Units[m]
		switch {
		case u.V.Class != Infantry && u.V.Class != Cavalry && u.V.Class != Wagon:
			return g.refuse("E11.523", "%s is %s; only Infantry, Cavalry and wagons join a Column", u.ID, u.V.Class.A())
		case u.Pinned:
			return g.refuse("E11.523", "%s is pinned; only unpinned units join a Column", u.ID)
		case u.Broken:
			return g.refuse("E11.523", "%s is not in Good Order", u.ID)
		case u.Side != g.Phasing:
			return g.refuse("E11.523", "%s joins a Column only in its own MPh", u.ID)
		case u.Column != 0:
			return g.refuse("E11.523", "%s is already in a Column", u.ID)
		case u.Spent > 0:
			return g.refuse("E11.523", "%s has already moved this MPh", u.ID)
		}
	}
	line := append(append([]int(nil), grp.Members...), ga.Units...)
	if why := g.columnLine(line); why != "" {
		return g.refuse("E11.523", "the joining units must take their place at the rear of Column %s: %s", grp.ID, why)
	}
	grp.Members = line
	g.join(ga.Group)
	for _, m := range line {
		if u := &g.Units[m]; !u.Ended {
			u.Ended = true
			g.mphEnded(m, u) // D2.1: a wagon's MF count as spent where it stands
		}
	}
	grp.Ended = true
	for _, m := range ga.Units {
		r.event("E11.523", g.Units[m].ID+" joins Column "+grp.ID+" using Hazardous Movement")
	}
	r.event("E11.523", "Column "+grp.ID+" forgoes its MPh")
	return nil
}

// AreaAttack is an OBA Blast Area, an aircraft attack or OBA WP placed at a hex: every Column
// with a unit within six hexes Disbands, whatever the LOS (E11.533).
func (g *Game) AreaAttack(at hex.Hex, what string, r *Result) error {
	r.Reset()
	if !g.Map.Contains(at) {
		return g.refuse("E11.533", "%s is off the map", g.Map.Layout.Name(at))
	}
	any := false
	for gi := range g.Groups {
		grp := &g.Groups[gi]
		if grp.Gone || grp.Kind != KindColumn {
			continue
		}
		for _, m := range grp.Members {
			u := &g.Units[m]
			reach := 6
			if what == "HE OBA Blast Area" {
				reach = 7 // the Blast Area is the impact hex and the six around it (C1.31)
			}
			if !u.Pos.Offboard && hex.Distance(u.Pos.Hex, at) <= reach {
				g.disband(gi, fmt.Sprintf("%s in %s is within six hexes of the %s at %s (E11.533)", u.ID, g.Map.Layout.Name(u.Pos.Hex), what, g.Map.Layout.Name(at)), r)
				any = true
				break
			}
		}
	}
	if !any {
		r.event("E11.533", "no Column unit within six hexes of "+g.Map.Layout.Name(at))
	}
	return nil
}

// hurry declares Double Time (Infantry) and Gallop (Cavalry) for a Column's MPh, before it
// moves (E11.52; rules-notes 1.6). Its Infantry become CX.
func (g *Game) hurry(gi int, r *Result) error {
	grp := &g.Groups[gi]
	if grp.Kind != KindColumn {
		return g.refuse("E11.52", "%s is not a Column; Double Time and Gallop are declared per unit outside Columns (not modelled)", grp.ID)
	}
	if err := g.groupCanMove(gi); err != nil {
		return err
	}
	if grp.Impulses > 0 || grp.Hurry {
		return g.refuse("E11.52", "Column %s declares Double Time/Gallop before it moves, once", grp.ID)
	}
	grp.Hurry = true
	g.setColumnMF(gi)
	for _, m := range grp.Members {
		if u := &g.Units[m]; u.V.Class == Infantry {
			u.CX = true
		}
	}
	mf, bonus := g.ColumnMF(gi)
	road := ""
	if bonus {
		mf -= Whole(RoadBonusMF)
		road = fmt.Sprintf(" (+%d road bonus while every MF is spent on road)", RoadBonusMF)
	}
	r.event("E11.52", fmt.Sprintf("Column %s uses Double Time/Gallop this MPh: %s MF%s; its Infantry become CX", grp.ID, mf, road))
	return nil
}
