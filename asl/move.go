package asl

import (
	"fmt"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// bogNeed collects what a Bog Check (D8.2) needs: whether one is due and its DRM.
type bogNeed struct {
	due    bool
	why    string // what the roll is for, from the bogWhy tables
	halfMP bool   // entered at half the printed MP: +3 (not with a Minimum Move)
	levels int    // levels gained
}

// BogDRM is the Bog Check DRM of a vehicle (rules-notes 1.3), with the DRM of the situation:
// entry at half the printed MP, levels gained, soft or mud ground.
func BogDRM(v *Vehicle, halfMP bool, levels int, mud bool) DRM {
	var d DRM
	switch {
	case v.GroundPressure < 0:
		d.Add(-1, "low ground pressure")
	case v.GroundPressure > 0:
		d.Add(2, "high ground pressure")
	default:
		d.Add(1, "normal ground pressure")
	}
	if v.Towing {
		d.Add(1, "towing")
	}
	if !v.FullyTracked() {
		d.Add(1, "not fully tracked")
	}
	if v.Class == Truck {
		d.Add(1, "truck-type MP")
	}
	if mud {
		d.Add(1, "soft/mud ground")
	}
	d.Add(levels, "level gained")
	if halfMP {
		d.Add(3, "½ MP entry")
	}
	return d
}

// bogCheck rolls a Bog Check: Final DR >= 12 bogs the vehicle (D8.2, rules-notes 1.3).
func (g *Game) bogCheck(u *Unit, b bogNeed, src dice.Source, r *Result) (bogged bool, err error) {
	if g.deferDR {
		g.pending = append(g.pending, pendingCheck{kind: checkBog, unit: u.ID, bog: b})
		return false, nil
	}
	roll, err := src.Roll(dice.DR)
	if err != nil {
		return false, err
	}
	drm := BogDRM(u.V, b.halfMP, b.levels, g.Map.Mud)
	final := int(roll.Total) + drm.Total()
	e := RollEvent{For: b.why, Rule: "D8.2", Roll: roll, DRM: drm, Final: final, Need: "Final DR >= 12 bogs", Odds: dice.PDRAtLeast(12, drm.Total()), Risk: dice.PDRAtLeast(12, drm.Total())}
	if final >= 12 {
		e.Result = "Bogged"
		r.roll(e)
		u.Immobile, u.Moving, u.Motion = Bogged, false, false
		u.Ended = true
		r.event("D8.2", "Bogged: Immobile until freed; its MPh ends")
		return true, nil
	}
	e.Result = "not bogged"
	r.roll(e)
	return false, nil
}

// groundCost is the cost of a hex's non-obstacle terrain for a column.
func groundCost(d *HexData, col Column) (MP, bool) {
	e := TerrainChart[d.Ground].Cost[col]
	if e.Kind != Fixed {
		return 0, false
	}
	return e.V, true
}

// climb adds the cost of moving to higher elevation and returns the levels gained.
func (g *Game) climb(from, to hex.Hex, road bool, c *Cost) int {
	lv := int(g.Map.At(to).Level) - int(g.Map.At(from).Level)
	if lv <= 0 {
		return 0
	}
	per, label := LevelClimb, "higher elevation"
	if road {
		per, label = LevelClimbRoad, "higher elevation on road"
	}
	c.Add(per*MP(lv), label, "TC")
	return lv
}

// crowd adds SMOKE and the wreck/vehicle penalty of the hex entered (D2.14): +1 MP each, +2
// at the road rate, doubled again on a Note D road; none for a motorcycle, none counted for one.
// A Convoy vehicle pays that penalty twice, and any vehicle entering a hex with a Convoy vehicle
// pays it twice: four times for both (E11.23).
func (g *Game) crowd(u *Unit, to hex.Hex, road, noteD bool, c *Cost) {
	d := g.Map.At(to)
	if d.Smoke {
		c.Add(SmokeCost, "SMOKE", "TC")
	}
	if u.V.Class == Motorcycle {
		return
	}
	n := int(d.Wrecks) + int(d.Vehicles)
	convoyThere := false
	for i := range g.Units {
		o := &g.Units[i]
		if o.ID != u.ID && !o.Destroyed && !o.Pos.Offboard && o.Pos.Hex == to && o.V.Class != Motorcycle && o.V.Class < Infantry {
			n++
			if o.Convoy != 0 {
				convoyThere = true
			}
		}
	}
	if n == 0 {
		return
	}
	per, label := WreckCost, "wreck/vehicle"
	if road {
		per, label = WreckCostRoad, "wreck/vehicle on road"
		if noteD {
			per, label = 2*WreckCostRoad, "wreck/vehicle on road, Note D"
		}
	}
	k, klabel := 1, ""
	if u.Convoy != 0 {
		k, klabel = 2, "Convoy"
	}
	if convoyThere {
		k *= 2
		if klabel == "" {
			klabel = "Convoy vehicle there"
		} else {
			klabel = "Convoy, Convoy vehicle there"
		}
	}
	if k > 1 {
		c.AddScaled(per*MP(n), label, "D2.14", k, klabel, "E11.23")
		return
	}
	c.Add(per*MP(n), label, "D2.14")
}

// extraPerHex adds the MP a vehicle pays per hex entered (per hexside with VBM) on top of the
// terrain: one towing MP (C10.1), or one for a Convoy vehicle (E11.2) - one in all for a Convoy
// vehicle that is towing too.
func extraPerHex(u *Unit, c *Cost, per string) {
	switch {
	case u.Convoy != 0:
		c.Add(ConvoyExtra, "Convoy"+per, "E11.2")
	case u.V.Towing:
		c.Add(TowingExtra, "towing"+per, "C10.1")
	}
}

// entryCost is the cost of entering hex `to` outright from `from` across their hexside.
func (g *Game) entryCost(u *Unit, from, to hex.Hex, fromCentre, chooseAll bool, c *Cost, b *bogNeed) (all bool, err error) {
	if !g.Map.Contains(to) {
		return false, refuse("D2.1", "%s is off the map", g.Map.Layout.Name(to))
	}
	col := u.V.Column()
	side, _ := from.SideTo(to)
	d := g.Map.At(to)
	road := fromCentre && g.Map.Road(from, side)
	row := &TerrainChart[d.Terrain]
	if road {
		b.levels = g.climb(from, to, true, c)
		rate, label, rule := RoadRate[col], "road", "TC"
		if u.Buttoned() && u.V.AFV && rate < RoadRateBU {
			rate, label, rule = RoadRateBU, "BU road rate", "D2.16"
		}
		if u.Convoy != 0 && rate < ConvoyRoadRate {
			// A Convoy's minimum road rate is one MP (E11.2; rules-notes 1.5 #1).
			rate, label, rule = ConvoyRoadRate, "Convoy road rate", "E11.2"
		}
		c.Add(rate, label, rule)
		extraPerHex(u, c, "")
		g.crowd(u, to, true, g.Map.RoadNoteD(from, side), c)
		return false, nil
	}
	e := row.Cost[col]
	switch e.Kind {
	case NA:
		return false, refuse("D2.1", "a %s may not enter %s (%s: NA on the Terrain Chart)", u.V.Class, g.Map.Layout.Name(to), row.Name)
	case All:
		all = true
	case HalfOrAll:
		all = chooseAll
	}
	if ob := g.Map.Obstacle(from, side); ob != NoObstacle && HexsideChart[ob].Cost[col].Kind == NA {
		return false, refuse("D2.1", "a %s may not cross the %s between %s and %s (Terrain Chart: NA)", u.V.Class, HexsideChart[ob].Name, g.Map.Layout.Name(from), g.Map.Layout.Name(to))
	}
	if all {
		c.Add(u.V.Allotment(), allMPLabel[d.Terrain], "D2.7")
		extraPerHex(u, c, "")
		b.due = row.Bog[col]&BogEntry != 0
		b.why = bogWhyEntering[d.Terrain]
		return true, nil
	}
	b.levels = g.climb(from, to, false, c)
	switch e.Kind {
	case Fixed:
		c.Add(e.V, row.Name, "TC")
	case PlusCOT:
		if e.V > 0 {
			c.Add(e.V, row.Name, "TC")
		}
		gc, ok := groundCost(d, col)
		if !ok {
			return false, refuse("D2.1", "a %s may not enter the %s of %s", u.V.Class, TerrainChart[d.Ground].Name, g.Map.Layout.Name(to))
		}
		c.Add(gc, TerrainChart[d.Ground].Name, "TC")
	case HalfPrinted, HalfOrAll:
		c.Add(u.V.Allotment()/2, halfMPLabel[d.Terrain], "TC")
		b.halfMP = row.HalfMPBogDRM > 0
	}
	if ob := g.Map.Obstacle(from, side); ob != NoObstacle {
		hr := &HexsideChart[ob]
		c.Add(hr.Cost[col].V, hr.Name, "TC")
		if hr.Bog[col]&BogEntry != 0 {
			b.due = true
			b.why = bogWhyCrossing[ob]
		}
	}
	extraPerHex(u, c, "")
	g.crowd(u, to, false, false, c)
	if row.Bog[col]&BogEntry != 0 {
		b.due = true
		b.why = bogWhyEntering[d.Terrain]
	}
	return false, nil
}

// vbmCost is the cost of Bypassing hex p along its hexside with q (D2.3): double the
// non-obstacle terrain and every extra.
func (g *Game) vbmCost(u *Unit, from hex.Hex, p, q hex.Hex, c *Cost) (clearanceFails bool, err error) {
	if !g.Map.Contains(p) {
		return false, refuse("D2.3", "%s is off the map", g.Map.Layout.Name(p))
	}
	d := g.Map.At(p)
	row := &TerrainChart[d.Terrain]
	side, _ := p.SideTo(q)
	switch {
	case d.Terrain == Rubble:
		return false, refuse("D2.31", "VBM is not allowed in rubble hex %s", g.Map.Layout.Name(p))
	case !row.Bypassable:
		return false, refuse("D2.31", "VBM is allowed only round woods or buildings; %s is %s", g.Map.Layout.Name(p), row.Name)
	case d.Blaze:
		return false, refuse("D2.31", "VBM is not allowed in %s: it holds a Blaze", g.Map.Layout.Name(p))
	case g.Map.NearRoadblock(p, side):
		return false, refuse("D2.31", "VBM is not allowed along hexside %s: it is connected to a roadblock hexside", g.Map.Layout.HexsideName(p, side))
	}
	if d.BypassWreck&(1<<side) != 0 || g.Map.At(q).BypassWreck&(1<<side.Opposite()) != 0 {
		return false, refuse("D2.31", "VBM is not allowed along hexside %s: a wreck is already in Bypass along it", g.Map.Layout.HexsideName(p, side))
	}
	for i := range g.Units {
		o := &g.Units[i]
		if o.ID == u.ID || o.Destroyed || !o.Pos.Bypass {
			continue
		}
		if (o.Pos.Hex == p && o.Pos.Side == side) || (o.Pos.Hex == q && o.Pos.Side == side.Opposite()) {
			return false, refuse("D2.31", "VBM is not allowed along hexside %s: %s is already in Bypass along it", g.Map.Layout.HexsideName(p, side), o.ID)
		}
	}
	col := u.V.Column()
	gc, ok := groundCost(d, col)
	if !ok {
		return false, refuse("D2.1", "a %s may not cross the %s of %s", u.V.Class, TerrainChart[d.Ground].Name, g.Map.Layout.Name(p))
	}
	if from != p {
		g.climb(from, p, false, c)
	}
	c.Add(gc, TerrainChart[d.Ground].Name, "TC")
	g.crowd(u, p, false, false, c)
	c.Times(2, "VBM", "D2.3")
	extraPerHex(u, c, ", per hexside")
	clear := d.NoVBM&(1<<side) == 0 && g.Map.Obstacle(p, side) == NoObstacle
	return !clear, nil
}

// move is enter, bypass, reverse and reverse bypass.
func (g *Game) move(u *Unit, a Action, src dice.Source, r *Result) error {
	reverse := a.Verb == VerbReverse || a.Verb == VerbReverseBypass
	bypass := a.Verb == VerbBypass || a.Verb == VerbReverseBypass
	lay := g.Map.Layout
	if u.Pos.Offboard {
		if reverse || bypass {
			return refuse("D2.12", "%s is entering from off-board; it enters its first hex forward", u.ID)
		}
		return g.enterFromOffboard(u, a, src, r)
	}
	k := 1
	if reverse {
		var why string
		var ok bool
		if k, why, ok = u.V.ReverseMultiplier(); !ok {
			return refuse("D2.2", "%s: %s", u.ID, why)
		}
		if u.MinimumMove {
			return refuse("D2.15", "%s made a Minimum Move this MPh and may not use Reverse Movement", u.ID)
		}
	}
	// Find the requested move among the ones the vehicle's VCA allows.
	var buf [6]moveOption
	opts := u.Pos.forwardOptions(buf[:0])
	if reverse {
		opts = u.Pos.reverseOptions(buf[:0])
	}
	var opt moveOption
	found := false
	for _, o := range opts {
		if o.to == a.A && o.bypass == bypass && (!bypass || o.along == a.B) {
			opt, found = o, true
			break
		}
	}
	if !found {
		return g.moveNotAllowed(u, a, reverse, bypass, opts)
	}
	if u.Pos.Bypass && !bypass && opt.to == u.Pos.Hex {
		return refuse("D2.33", "%s may not enter the obstacle of the hex it is Bypassing; it must leave and re-enter it", u.ID)
	}
	if u.Convoy != 0 && u.HasLast && opt.to == u.LastHex && opt.to != u.Pos.Hex {
		return refuse("E11.22", "%s is a Convoy vehicle and may not re-enter %s, the hex it last left, this MPh", u.ID, lay.Name(opt.to))
	}

	var c Cost
	var b bogNeed
	var all, clearanceFails bool
	var err error
	if bypass {
		clearanceFails, err = g.vbmCost(u, u.Pos.Hex, opt.to, opt.along, &c)
	} else {
		all, err = g.entryCost(u, u.Pos.Hex, opt.to, !u.Pos.Bypass, a.All, &c, &b)
	}
	if err != nil {
		return err
	}
	if all && u.Spent-u.StartStop > 0 {
		return refuse("D2.7", "entering %s costs ALL of %s's MP, but it has already spent %s MP this MPh", lay.Name(opt.to), u.ID, u.Spent-u.StartStop)
	}
	// Leaving a hex that needs a Bog Check to leave (stream, gully).
	if !u.Pos.Bypass && !u.Pos.OnRoad && !bypass {
		from := g.Map.At(u.Pos.Hex)
		// Leaving a stream or gully needs a Bog Check unless along a road or into the same
		// depression (a gully is left "by a non-depression hexside", rules-notes 1.2).
		if TerrainChart[from.Terrain].Bog[u.V.Column()]&BogLeaving != 0 && !g.Map.Road(u.Pos.Hex, mustSide(u.Pos.Hex, opt.to)) && g.Map.At(opt.to).Terrain != from.Terrain {
			b.due = true
			b.why = bogWhyLeaving[from.Terrain]
		}
	}
	if reverse && all {
		// A multiple of the whole allotment can never be paid (rules-notes 1.2).
		return refuse("D2.1", "entering %s costs ALL of %s's MP, and in Reverse %d times that: more than it can ever have", lay.Name(opt.to), u.ID, k)
	}
	if reverse {
		c.Times(k, "Reverse", "D2.21")
	}
	starting, err := startCost(u, reverse, &c)
	if err != nil {
		return err
	}
	total := c.Total()
	// ALL MP is affordable whatever is left (checked above), plus the Start MP (D2.7).
	if !all && total > u.Remaining() {
		return spendable(u, total, "entering "+lay.Name(opt.to))
	}
	if reverse && !all {
		// D2.24: it may not end in Reverse Motion, so it must keep a Stopping MP (or an ESB).
		left := u.Remaining() - total
		if left < Whole(1) && (u.ESBUsed || !u.V.Tracked || ESBLimit(u.V) == 0) {
			return refuse("D2.24", "%s may not end its MPh in Reverse Motion: after this move it would have %s MP left and no way to pay a Stopping MP", u.ID, left)
		}
	}
	// All checks passed: spend, roll, move.
	ok, paid, err := g.payStart(u, starting, &c, src, r)
	if err != nil || !ok {
		return err
	}
	total -= paid
	r.Cost = c
	if clearanceFails {
		// D2.3: the VBM and its MP were announced, and the hexside is too close to the
		// obstacle: those MP are spent where it is, plus one to stop there.
		u.Spent += total
		if u.Remaining() >= Whole(1) {
			r.Cost.Plus(Whole(1), "Stop: hexside clearance", "D2.3")
			u.Spent += Whole(1)
			u.StartStop += Whole(1)
			u.Moving, u.Reverse, u.DirSet = false, false, false
			r.event("D2.3", fmt.Sprintf("hexside %s is too close to the obstacle depiction for VBM: the MP are spent where it is and it stops", lay.HexsideName(opt.to, mustSide(opt.to, opt.along))))
		} else {
			r.event("D2.3", "hexside too close to the obstacle depiction for VBM: the MP are spent where it is; no MP left to stop")
		}
		return nil
	}
	u.Spent += total
	if all {
		u.AllUsed, u.Allowance = true, u.Spent
	}
	// Move.
	old := u.Pos.Hex
	if bypass {
		np, _ := bypassAlong(opt.to, opt.along, opt.from, reverse)
		if np.Hex != u.Pos.Hex {
			u.EnteredHex = true
		}
		u.Pos = np
	} else {
		side, _ := u.Pos.Hex.SideTo(opt.to)
		onRoad := !u.Pos.Bypass && g.Map.Road(u.Pos.Hex, side)
		u.Pos = Position{Hex: opt.to, Heading: u.Pos.FacingHeading(), OnRoad: onRoad}
		u.EnteredHex = true
	}
	if u.Pos.Hex != old {
		u.LastHex, u.HasLast = old, true // E11.22
	}
	u.DirSet, u.Reverse = true, reverse
	if reverse {
		u.Reversed = true
	}
	if b.due && !bypass {
		if _, err := g.bogCheck(u, b, src, r); err != nil {
			return err
		}
	}
	return nil
}

func mustSide(a, b hex.Hex) hex.Side {
	s, _ := a.SideTo(b)
	return s
}

// moveNotAllowed explains why a requested move is not one the VCA allows.
func (g *Game) moveNotAllowed(u *Unit, a Action, reverse, bypass bool, opts []moveOption) error {
	lay := g.Map.Layout
	var ok []string
	for _, o := range opts {
		if o.bypass {
			ok = append(ok, "bypass "+lay.Name(o.to)+"-"+lay.Name(o.along))
		} else {
			ok = append(ok, lay.Name(o.to))
		}
	}
	where := lay.Name(u.Pos.Hex)
	if reverse {
		if bypass {
			return refuse("D2.22", "%s in %s may Reverse-Bypass only along the hexside joining the two hexes of its rear Target Facing; allowed: %v", u.ID, where, ok)
		}
		return refuse("D2.22", "%s in %s may back only into a hex of its rear Target Facing; allowed: %v", u.ID, where, ok)
	}
	if u.Pos.Bypass {
		if u.Pos.Pivot != 0 {
			return refuse("D2.33", "%s changed its VCA at its CAFP and must Bypass along the hexside it now faces; allowed: %v", u.ID, ok)
		}
		return refuse("D2.33", "%s in Bypass may only enter the hex at the base of its VCA, change its VCA at its CAFP, or reverse; allowed: %v", u.ID, ok)
	}
	if bypass {
		return refuse("D2.3", "%s in %s may Bypass only along the hexside running on from its VCA hexspine; allowed: %v", u.ID, where, ok)
	}
	return refuse("D2.11", "%s in %s may only enter a hex in its VCA (%s); change VCA first or use Reverse Movement; allowed: %v", u.ID, where, lay.VCAName(u.Pos.Hex, u.Pos.Heading), ok)
}

// enterFromOffboard: a vehicle entering from off-board is set up in Motion and pays no Start
// MP (D2.12); it enters a board-edge hex facing as the scenario says.
func (g *Game) enterFromOffboard(u *Unit, a Action, src dice.Source, r *Result) error {
	lay := g.Map.Layout
	if !g.Map.Contains(a.A) {
		return refuse("D2.1", "%s is off the map", lay.Name(a.A))
	}
	// It comes in across the board edge behind it: one of the two hexsides opposite its VCA
	// hexspine must lie on the edge.
	edge := false
	var from hex.Hex
	back1, back2 := u.Pos.Heading.Opposite().Sides()
	for _, s := range []hex.Side{back1, back2} {
		if n := a.A.Neighbor(s); !g.Map.Contains(n) {
			edge, from = true, n
			break
		}
	}
	if !edge {
		return refuse("D2.12", "%s enters from off-board facing %s, so it must come in across the board edge behind it; %s has no edge there", u.ID, u.Pos.Heading, lay.Name(a.A))
	}
	var c Cost
	var b bogNeed
	all, err := g.entryCost(u, from, a.A, false, a.All, &c, &b)
	if err != nil {
		return err
	}
	if c.Total() > u.Remaining() && !all {
		return spendable(u, c.Total(), "entering "+lay.Name(a.A))
	}
	r.Cost = c
	u.Spent += c.Total()
	if all {
		u.AllUsed, u.Allowance = true, u.Spent
	}
	u.Moving, u.Motion, u.DirSet, u.Reverse = true, false, true, false
	u.Pos = Position{Hex: a.A, Heading: u.Pos.Heading}
	u.EnteredHex = true
	r.event("D2.12", "enters from off-board in Motion: no Starting MP")
	if b.due {
		if _, err := g.bogCheck(u, b, src, r); err != nil {
			return err
		}
	}
	return nil
}

// exit leaves the map across the board edge ahead: into a hex of the VCA that is off the map
// (D14.212, A2.5). The off-board hex costs what Open Ground costs the vehicle (a project
// default), plus a Convoy's extra MP.
func (g *Game) exit(u *Unit, src dice.Source, r *Result) error {
	lay := g.Map.Layout
	if u.Pos.Offboard {
		return refuse("D2.12", "%s is off-board already", u.ID)
	}
	if u.Pos.Bypass {
		return refuse("D2.33", "%s is in Bypass; it must leave the obstacle hex before it leaves the map", u.ID)
	}
	a, b := u.Pos.Hex.SpineHexes(u.Pos.Heading)
	to := a
	if g.Map.Contains(a) {
		to = b
	}
	if g.Map.Contains(to) {
		return refuse("D2.11", "%s in %s has no board edge in its VCA (%s): it exits across the edge ahead of it", u.ID, lay.Name(u.Pos.Hex), lay.VCAName(u.Pos.Hex, u.Pos.Heading))
	}
	var c Cost
	e := TerrainChart[OpenGround].Cost[u.V.Column()]
	if e.Kind != Fixed {
		return refuse("D2.1", "a %s may not leave the map this way", u.V.Class)
	}
	c.Add(e.V, "off-board hex (Open Ground)", "A2.5")
	extraPerHex(u, &c, "")
	starting, err := startCost(u, false, &c)
	if err != nil {
		return err
	}
	total := c.Total()
	if err := spendable(u, total, "leaving the map"); err != nil {
		return err
	}
	ok, paid, err := g.payStart(u, starting, &c, src, r)
	if err != nil || !ok {
		return err
	}
	r.Cost = c
	u.Spent += total - paid
	u.LastHex, u.HasLast = u.Pos.Hex, true
	u.ExitHex, u.Exited = u.Pos.Hex, true
	u.Pos = Position{Hex: to, Heading: u.Pos.Heading, Offboard: true}
	u.EnteredHex, u.DirSet, u.Reverse = true, true, false
	u.Ended = true
	r.event("D14.212", u.ID+" leaves the map from "+lay.Name(u.ExitHex))
	return nil
}
