package asl

import (
	"fmt"
	"math/bits"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// groundCost is the cost of a hex's non-obstacle terrain for a column.
func (g *Game) groundCost(d *HexData, col Column) (MP, bool) {
	e := TerrainChart[g.Map.TerrainOf(d.Ground)].Cost[col]
	if e.Kind != Fixed {
		return 0, false
	}
	return e.V, true
}

// climb adds the cost of moving to higher elevation and reports whether it climbs: +4 MP per
// level, +2 across a road hexside. A horse-drawn wagon pays by MF: its COT is doubled per
// level instead (rules-notes 1.2), which doubleClimb does once the COT is known.
func (g *Game) climb(u *Unit, lv int, road bool, c *Cost) bool {
	if lv <= 0 || u.V.Column() == ColHD {
		return lv > 0
	}
	per, label := LevelClimb, "higher elevation"
	if road {
		per, label = LevelClimbRoad, "higher elevation on road"
	}
	c.Add(per*MP(lv), label, "TC")
	return true
}

// doubleClimb doubles a wagon's COT per level climbed (rules-notes 1.2: HD x2 COT).
func (g *Game) doubleClimb(u *Unit, lv int, c *Cost) {
	if lv > 0 && u.V.Column() == ColHD {
		c.Times(1<<lv, "higher elevation (COT doubled per level)", "TC")
	}
}

// crowd adds SMOKE and the wreck/vehicle penalty of the Location entered (D2.14): +1 MP each,
// +2 at the road rate, doubled again on a Note D road; none for a motorcycle, none counted for
// one. Wrecks and vehicles in Bypass of the hex count (D2.36); on a bridge only what is on it
// counts, below it only what is below (rules-notes 1.2). A Convoy vehicle pays that penalty
// twice, and any vehicle entering a hex with a Convoy vehicle pays it twice: four times for both
// (E11.23).
func (g *Game) crowd(u *Unit, to hex.Hex, d *HexData, below, road, noteD bool, c *Cost) {
	if d.Smoke {
		c.Add(SmokeCost, "SMOKE", "TC")
	}
	if u.V.Class == Motorcycle {
		return
	}
	n := int(d.Wrecks) + int(d.Vehicles)
	if below {
		n = int(d.WrecksBelow)
	}
	n += bits.OnesCount8(d.BypassWreck)
	convoyThere := false
	for i := range g.unitsIn(to) {
		o := &g.Units[i]
		if o.ID != u.ID && !o.Destroyed && !o.Pos.Offboard && o.Pos.Hex == to && o.Pos.Below == below && o.V.Class != Motorcycle && o.V.Class < Infantry {
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

// entry is what entering a hex needs besides its MP: whether it costs ALL MP, whether it lands
// below a bridge, its Bog Check, and the project default that decided its cost, if one did.
type entry struct {
	all   bool
	below bool
	road  bool // entered along a road (or a bridge's road)
	bog   bogNeed
	notes [3]string
}

// note records a project default that decided part of the entry's cost (each once).
func (e *entry) note(s string) {
	for i, n := range e.notes {
		if n == s {
			return
		}
		if n == "" {
			e.notes[i] = s
			return
		}
	}
}

// report names the defaults that decided the entry's cost in the step's events.
func (e *entry) report(r *Result) {
	if e.notes[0] == "" {
		return // notes fill in order: none at all, the common case
	}
	for _, n := range e.notes {
		if n != "" {
			r.event("TC", n)
		}
	}
}

// bridgeWay says how an entry across hexside sf (as crossing read it: its road only where the
// unit may use it) meets a bridge in the hex entered: onto it along its road (or a foot bridge's
// path), or below it.
func (g *Game) bridgeWay(sf Hexside, d *HexData) (onBridge, below bool) {
	if d.Bridge == NoBridge {
		return false, false
	}
	br := &BridgeChart[d.Bridge]
	along := sf.Road()
	if br.Foot {
		along = sf.Path()
	}
	if along {
		return true, false
	}
	return false, br.Separate
}

// roadsOpen reports whether a unit in Location p may follow the roads and paths drawn across
// the hexside it leaves by (rules-notes 1.2, 1.5 #12 and #15): from the centre of its hex, or
// from off the board (across a board-edge hexside a road crosses); not in Bypass, which moves
// round an obstacle across the hexside, and not below a bridge, in the stream or gully under
// it, a Location apart from the road over it.
func (p Position) roadsOpen() bool { return !p.Bypass && !p.Below }

// onRoad reports whether a unit in Location p is on its hex's road: it entered along it (or set
// up in a road hex), and is not below the hex's bridge (rules-notes 1.5 #15). A VCA change on a
// road makes no Bog Check (D2.11).
func (p Position) onRoad() bool { return p.OnRoad && p.roadsOpen() }

// crossing is one entry as the map describes it, read once and handed down: the two hexes'
// data, the hexside between them, the terrain the entry pays for (after season and snow), and
// the levels it climbs. It is read from the Location the unit leaves (crossFrom), the one read
// every cost makes of where a unit is: sf holds the hexside's road and path only if that
// Location may use them (roadsOpen).
type crossing struct {
	from, to hex.Hex
	side     hex.Side
	df, dt   *HexData
	sf       Hexside
	t        Terrain
	row      *TerrainRow
	lv       int // to's level less from's
	offboard bool
}

// crossFrom reads the entry of hex `to` (on the map) by a unit in Location p, which is
// adjacent to it: on the map, or off it across the board edge. From off the board the unit
// climbs nothing: it pays the entered hex's cost (rules-notes 1.5 #12).
func (g *Game) crossFrom(p Position, to hex.Hex) crossing {
	from := p.Hex
	side, _ := from.SideTo(to)
	x := crossing{from: from, to: to, side: side, df: g.Map.At(from), dt: g.Map.At(to), sf: g.Map.Hexside(from, side), offboard: p.Offboard}
	if !p.roadsOpen() {
		x.sf &^= Hexside(sideRoad | sideRoadNoteD | sidePath)
	}
	x.t = g.Map.TerrainOf(x.dt.Terrain)
	x.row = &TerrainChart[x.t]
	if !p.Offboard {
		x.lv = int(x.dt.Level) - int(x.df.Level)
	}
	return x
}

// entryCost is the cost of entering hex `to` outright from Location at (u's position, or the
// off-board hex it comes on from) across their hexside.
func (g *Game) entryCost(u *Unit, at Position, to hex.Hex, chooseAll bool, c *Cost, e *entry) error {
	if !g.Map.Contains(to) {
		return g.refuse("D2.1", "%s is off the map", g.Map.Layout.Name(to))
	}
	x := g.crossFrom(at, to)
	col := u.V.Column()
	d, sf, row := x.dt, x.sf, x.row
	onBridge, below := g.bridgeWay(sf, d)
	e.below = below
	if ob := sf.Obstacle(); ob != NoObstacle && HexsideChart[ob].Blocks {
		if err := g.crossable(u, x.from, x.to, x.side, ob); err != nil {
			return err
		}
	}
	if u.V.TruckType && u.V.Class == ArmoredCar {
		e.note(defaultTruckType)
	}
	if onBridge {
		return g.bridgeCost(u, &x, c, e)
	}
	road := sf.Road() && d.Bridge == NoBridge
	if road && x.t != Water {
		return g.roadCost(u, &x, c, e)
	}
	if row.RoadOnly && !road && col >= ColHD {
		return g.refuse("D2.1", "%s may enter %s (%s) only across a road hexside (B4.42)", u.V.Class.A(), g.Map.Layout.Name(x.to), row.Name)
	}
	return g.offRoadCost(u, &x, chooseAll, c, e)
}

// roadCost is an entry across a road hexside: the road rate (D2.16 for a BU AFV, E11.2 for a
// Convoy), or the row's own road MP (graveyard); wrecks and vehicles at the road rate's
// penalty, doubled again on a Note D road.
func (g *Game) roadCost(u *Unit, x *crossing, c *Cost, e *entry) error {
	col := u.V.Column()
	row := x.row
	e.road = true
	g.climb(u, x.lv, true, c)
	if row.RoadMP > 0 && col >= ColHD {
		c.Add(row.RoadMP, row.Name+" road", "TC")
		g.doubleClimb(u, x.lv, c)
		extraPerHex(u, c, "")
		g.crowd(u, x.to, x.dt, false, false, false, c)
		return nil
	}
	g.roadRate(u, c)
	g.doubleClimb(u, x.lv, c)
	extraPerHex(u, c, "")
	g.crowd(u, x.to, x.dt, false, true, row.NoteD || x.sf.RoadNoteD(), c)
	return nil
}

// roadRate adds a road hex's rate: ½ MP, 1 MP for a BU AFV (D2.16), at least 1 MP in a Convoy
// (E11.2; rules-notes 1.5 #1).
func (g *Game) roadRate(u *Unit, c *Cost) {
	rate, label, rule := RoadRate[u.V.Column()], "road", "TC"
	if u.Buttoned() && u.V.AFV && rate < RoadRateBU {
		rate, label, rule = RoadRateBU, "BU road rate", "D2.16"
	}
	if u.Convoy != 0 && rate < ConvoyRoadRate {
		rate, label, rule = ConvoyRoadRate, "Convoy road rate", "E11.2"
	}
	c.Add(rate, label, rule)
}

// bridgeCost is an entry onto a bridge along its road: the road rate for vehicles (none on a
// foot bridge), with what is on the bridge counting for D2.14.
func (g *Game) bridgeCost(u *Unit, x *crossing, c *Cost, e *entry) error {
	d := x.dt
	br := &BridgeChart[d.Bridge]
	if br.Foot && u.V.Column() >= ColHD {
		return g.refuse("D2.1", "%s may not cross the foot bridge in %s: it carries only Infantry and Cavalry", u.V.Class.A(), g.Map.Layout.Name(x.to))
	}
	e.road = true
	if br.Default {
		e.note(defaultBridge[d.Bridge])
	}
	g.climb(u, x.lv, true, c)
	g.roadRate(u, c)
	g.doubleClimb(u, x.lv, c)
	extraPerHex(u, c, "")
	g.crowd(u, x.to, d, false, true, x.sf.RoadNoteD(), c)
	return nil
}

// crossable refuses a crossing of a hexside feature that no road opens (a roadblock, a cliff).
func (g *Game) crossable(u *Unit, from, to hex.Hex, side hex.Side, ob HexsideObstacle) error {
	hr := &HexsideChart[ob]
	if hr.Cost[u.V.Column()].Kind != NA {
		return nil
	}
	why := "Terrain Chart: NA"
	if hr.NANote != "" {
		why = hr.NANote
	}
	if u.V.Class >= Wagon {
		// An NA cell cites the Terrain Chart column (D2.1; rules-notes 1.2), for MF too.
		return g.refuse("D2.1", "%s may not cross the %s into %s (%s)", u.V.Class.A(), hr.Name, g.Map.Layout.Name(to), why)
	}
	return g.refuse("D2.1", "%s may not cross the %s between %s and %s (%s)", u.V.Class.A(), hr.Name, g.Map.Layout.Name(from), g.Map.Layout.Name(to), why)
}

// offRoadCost is an entry across a hexside without a road: the chart's cell for the terrain
// (after season and snow), any hexside feature crossed, the climb, and the D2.14 extras.
func (g *Game) offRoadCost(u *Unit, x *crossing, chooseAll bool, c *Cost, e *entry) error {
	col := u.V.Column()
	t, row, sf := x.t, x.row, x.sf
	cell := row.Cost[col]
	amphibian := t == Marsh && u.V.Amphibious && col >= ColMC
	if amphibian {
		cell = fx(4) // B16.42: an amphibian crosses marsh for 2 MP, with no Bog Check
	}
	if cell.Kind == NA {
		return g.refuse("D2.1", "%s may not enter %s (%s: NA on the Terrain Chart)", u.V.Class.A(), g.Map.Layout.Name(x.to), row.Name)
	}
	ob := sf.Obstacle()
	if ob != NoObstacle && HexsideChart[ob].Cost[col].Kind == NA {
		return g.crossable(u, x.from, x.to, x.side, ob)
	}
	if row.IsDefault(col) && !amphibian {
		e.note(defaultNote[t])
	}
	if sf.Path() {
		e.note(defaultPath)
	}
	bog := row.Bog[col]&BogEntry != 0 && !amphibian && !(t == Woods && sf.Trailbreak())
	// The Bog Check's cumulative DRM (D8.21, rules-notes 1.3) are the entry's, whatever it
	// pays: ALL MP, Z or a cell's MP; only Z's +3 comes with the cell paid (cellCost).
	e.bog.Abrupt, e.bog.Climb = sf.Abrupt(), x.lv > 0
	if bog {
		e.bog.Row = row.RowBogDRM
	}
	switch cell.Kind {
	case All:
		e.all = true
	case HalfOrAll:
		e.all = chooseAll
	}
	if e.all {
		c.Add(u.V.Allotment(), allMPLabel[t], "D2.7")
		extraPerHex(u, c, "")
		e.bog.due, e.bog.why = bog, bogWhyEntering[t]
		return nil
	}
	if !row.ClimbIncluded {
		g.climb(u, x.lv, false, c)
	}
	if err := g.cellCost(u, x, cell, c, e); err != nil {
		return err
	}
	if !row.ClimbIncluded {
		g.doubleClimb(u, x.lv, c)
	}
	if ob != NoObstacle {
		g.hexsideCost(u, ob, c, e)
	}
	extraPerHex(u, c, "")
	g.crowd(u, x.to, x.dt, e.below, false, false, c)
	if bog {
		e.bog.due, e.bog.why = true, bogWhyEntering[t]
	}
	return nil
}

// cellCost adds what a chart cell costs: fixed MP, MP plus the COT, a share of the printed
// allotment (Z, FRU, with the row's +3 Bog DRM; a quarter for debris).
func (g *Game) cellCost(u *Unit, x *crossing, cell Entry, c *Cost, e *entry) error {
	t, row, d := x.t, x.row, x.dt
	switch cell.Kind {
	case Fixed:
		c.Add(cell.V, row.Name, "TC")
	case PlusCOT, PlusCOTNonOpen:
		if cell.V > 0 {
			c.Add(cell.V, row.Name, "TC")
		}
		ground := g.Map.TerrainOf(d.Ground)
		if cell.Kind == PlusCOTNonOpen && ground == OpenGround {
			return nil
		}
		gc, ok := g.groundCost(d, u.V.Column())
		if !ok {
			return g.refuse("D2.1", "%s may not enter the %s of %s", u.V.Class.A(), TerrainChart[ground].Name, g.Map.Layout.Name(x.to))
		}
		c.Add(gc, TerrainChart[ground].Name, "TC")
	case HalfPrinted, HalfOrAll:
		c.Add(HalfAllotment(u.V), halfMPLabel[t], "TC")
		e.bog.HalfMP, e.bog.HalfDefault = row.HalfMPBogDRM, row.HalfMPBogDefault
	case Quarter:
		c.Add(Whole((u.V.MP+3)/4), quarterMPLabel[t], "TC")
	}
	return nil
}

// HalfAllotment is the chart's Z: half the printed MP allotment, fractions rounded up.
func HalfAllotment(v *Vehicle) MP { return Whole((v.MP + 1) / 2) }

// hexsideCost adds the cost of crossing a hedge, wall or bocage hexside, and its Bog Check.
func (g *Game) hexsideCost(u *Unit, ob HexsideObstacle, c *Cost, e *entry) {
	col := u.V.Column()
	hr := &HexsideChart[ob]
	switch cell := hr.Cost[col]; cell.Kind {
	case HalfPlusCOT:
		c.Add(HalfAllotment(u.V), "½ printed MP, "+hr.Name, "TC")
		e.bog.HalfMP, e.bog.HalfDefault = hr.HalfMPBogDRM, true
	default:
		c.Add(cell.V, hr.Name, "TC")
	}
	if hr.Defaults.Has(col) {
		e.note(defaultSideNote[ob])
	}
	if hr.Bog[col]&BogEntry != 0 {
		e.bog.due = true
		e.bog.why = bogWhyCrossing[ob]
	}
}

// leaveCheck checks what leaving the unit's hex for hex `to` needs: a bridge or sunken road is
// left only along its road (rules-notes 1.2, B4.42), and a stream, gully or deep stream is left
// with a Bog Check unless along a road or into another depression (BB, D8.2).
func (g *Game) leaveCheck(u *Unit, to hex.Hex, below bool) (bogNeed, error) {
	var b bogNeed
	if u.Pos.Bypass || u.Pos.Offboard || to == u.Pos.Hex {
		return b, nil
	}
	from := u.Pos.Hex
	d := g.Map.At(from)
	col := u.V.Column()
	t := g.Map.TerrainOf(d.Terrain)
	row := &TerrainChart[t]
	if d.Bridge == NoBridge && !row.RoadOnly && row.Bog[col]&BogLeaving == 0 {
		return b, nil // nothing to check: the common case, kept cheap
	}
	x := g.crossFrom(u.Pos, to)
	sf := x.sf
	road := sf.Road()
	if d.Bridge != NoBridge && !u.Pos.Below {
		if along, _ := g.bridgeWay(sf, d); !along {
			way := "road"
			if BridgeChart[d.Bridge].Foot {
				way = "path"
			}
			return b, g.refuse("D2.1", "%s is on the %s in %s and may leave it only along its %s", u.ID, BridgeChart[d.Bridge].Name, g.Map.Layout.Name(from), way)
		}
		return b, nil
	}
	if row.RoadOnly && col >= ColHD && !road {
		return b, g.refuse("D2.1", "%s may leave the %s in %s only across a road hexside (B4.42)", u.ID, row.Name, g.Map.Layout.Name(from))
	}
	if row.Bog[col]&BogLeaving == 0 || road && u.Pos.onRoad() {
		return b, nil
	}
	next := g.Map.At(to)
	nt := g.Map.TerrainOf(next.Terrain)
	onBridge := next.Bridge != NoBridge && !below
	if TerrainChart[nt].Depression && !onBridge {
		return b, nil // from one depression into another is not leaving (rules-notes 1.2)
	}
	b.due, b.why = true, bogWhyLeaving[t]
	b.Abrupt = sf.Abrupt()
	b.Climb = next.Level > d.Level
	b.DeepWater = row.DeepWater && !u.V.Amphibious && !u.V.Waterproofed
	b.leaving, b.back = true, u.Pos
	return b, nil
}

// vbmTerrain reports whether hex h may be Bypassed at all for its terrain (D2.31): on the map,
// not rubble, and of a kind VBM goes round (woods, buildings). The move generator offers no
// other Bypass; vbmCost refuses the rest with their reasons.
func (g *Game) vbmTerrain(h hex.Hex) bool {
	if !g.Map.Contains(h) {
		return false
	}
	row := &TerrainChart[g.Map.At(h).Terrain]
	return row.Bypassable && !row.IsRubble
}

// vbmCost is the cost of Bypassing hex p along its hexside with q (D2.3): double the
// non-obstacle terrain and every extra.
func (g *Game) vbmCost(u *Unit, from hex.Hex, p, q hex.Hex, c *Cost) (clearanceFails bool, err error) {
	if !g.Map.Contains(p) {
		if g.Scratch {
			return false, g.refuse("D2.3", "off the map")
		}
		return false, g.refuse("D2.3", "%s is off the map", g.Map.Layout.Name(p))
	}
	d := g.Map.At(p)
	row := &TerrainChart[d.Terrain]
	side, _ := p.SideTo(q)
	switch {
	case row.IsRubble && g.Scratch:
		return false, g.refuse("D2.31", "VBM is not allowed in rubble")
	case row.IsRubble:
		return false, g.refuse("D2.31", "VBM is not allowed in rubble hex %s", g.Map.Layout.Name(p))
	case !row.Bypassable && g.Scratch:
		return false, g.refuse("D2.31", "VBM is allowed only round woods or buildings") // no names to box
	case !row.Bypassable:
		return false, g.refuse("D2.31", "VBM is allowed only round woods or buildings; %s is %s", g.Map.Layout.Name(p), row.Name)
	case d.Blaze:
		return false, g.refuse("D2.31", "VBM is not allowed in %s: it holds a Blaze", g.Map.Layout.Name(p))
	case g.Map.NearRoadblock(p, side):
		return false, g.refuse("D2.31", "VBM is not allowed along hexside %s: it is connected to a roadblock hexside", g.Map.Layout.HexsideName(p, side))
	}
	if d.BypassWreck&(1<<side) != 0 || g.Map.At(q).BypassWreck&(1<<side.Opposite()) != 0 {
		return false, g.refuse("D2.31", "VBM is not allowed along hexside %s: a wreck is already in Bypass along it", g.Map.Layout.HexsideName(p, side))
	}
	if o := g.bypassing(u, p, q, side); o != nil {
		return false, g.refuse("D2.31", "VBM is not allowed along hexside %s: %s is already in Bypass along it", g.Map.Layout.HexsideName(p, side), o.ID)
	}
	col := u.V.Column()
	gc, ok := g.groundCost(d, col)
	if !ok {
		return false, g.refuse("D2.1", "%s may not cross the %s of %s", u.V.Class.A(), TerrainChart[d.Ground].Name, g.Map.Layout.Name(p))
	}
	if from != p {
		g.climb(u, int(d.Level)-int(g.Map.At(from).Level), false, c)
	}
	c.Add(gc, TerrainChart[g.Map.TerrainOf(d.Ground)].Name, "TC")
	if from != p {
		// D2.14 is paid on entering the hex, not again for each hexside traversed in it.
		g.crowd(u, p, d, false, false, false, c)
	} else if d.Smoke {
		c.Add(SmokeCost, "SMOKE", "TC")
	}
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
			return g.refuse("D2.12", "%s is entering from off-board; it enters its first hex forward", u.ID)
		}
		return g.enterFromOffboard(u, a, src, r)
	}
	k := 1
	if reverse {
		var why string
		var ok bool
		if k, why, ok = u.V.ReverseMultiplier(); !ok {
			return g.refuse("D2.2", "%s: %s", u.ID, why)
		}
		if u.MinimumMove {
			return g.refuse("D2.15", "%s made a Minimum Move this MPh and may not use Reverse Movement", u.ID)
		}
	}
	// Find the requested move among the ones the vehicle's VCA allows.
	opt, found := u.Pos.option(reverse, bypass, a.A, a.B)
	if !found {
		var buf [4]moveOption
		opts := u.Pos.forwardOptions(buf[:0])
		if reverse {
			opts = u.Pos.reverseOptions(buf[:0])
		}
		return g.moveNotAllowed(u, a, reverse, bypass, opts)
	}
	if u.Pos.Bypass && !bypass && opt.to == u.Pos.Hex {
		return g.refuse("D2.33", "%s may not enter the obstacle of the hex it is Bypassing; it must leave and re-enter it", u.ID)
	}
	if u.Convoy != 0 && u.HasLast && opt.to == u.LastHex && opt.to != u.Pos.Hex {
		return g.refuse("E11.22", "%s is a Convoy vehicle and may not re-enter %s, the hex it last left, this MPh", u.ID, lay.Name(opt.to))
	}

	// The cost is built where the step reports it (a refused step's Result is not read), so a
	// move copies no 1 KB Cost.
	c := &r.Cost
	c.reset()
	var e entry
	var clearanceFails bool
	var err error
	if bypass {
		clearanceFails, err = g.vbmCost(u, u.Pos.Hex, opt.to, opt.along, c)
	} else {
		err = g.entryCost(u, u.Pos, opt.to, a.All, c, &e)
	}
	if err != nil {
		return err
	}
	all := e.all
	if all && u.Spent-u.StartStop > 0 {
		if g.Scratch {
			return g.refuse("D2.7", "an ALL-MP entry after spending MP")
		}
		return g.refuse("D2.7", "entering %s costs ALL of %s's MP, but it has already spent %s MP this MPh", lay.Name(opt.to), u.ID, u.Spent-u.StartStop)
	}
	leave, err := g.leaveCheck(u, opt.to, e.below)
	if err != nil {
		return err
	}
	if reverse && all {
		// A multiple of the whole allotment can never be paid (rules-notes 1.2).
		return g.refuse("D2.1", "entering %s costs ALL of %s's MP, and in Reverse %d times that: more than it can ever have", lay.Name(opt.to), u.ID, k)
	}
	if reverse {
		c.Times(k, "Reverse", "D2.21")
	}
	starting, err := startCost(u, reverse, c)
	if err != nil {
		return err
	}
	total := c.Total()
	// ALL MP is affordable whatever is left (checked above), plus the Start MP (D2.7).
	if !all && total > u.Remaining() {
		what := "entering a hex"
		if !g.Scratch {
			what = "entering " + lay.Name(opt.to)
		}
		return g.spendable(u, total, what)
	}
	if reverse && !all {
		// D2.24: it may not end in Reverse Motion, so it must keep a Stopping MP (or an ESB).
		left := u.Remaining() - total
		if left < Whole(1) && !esbOpen(u) {
			return g.refuse("D2.24", "%s may not end its MPh in Reverse Motion: after this move it would have %s MP left and no way to pay a Stopping MP", u.ID, left)
		}
	}
	// All checks passed: spend, roll, move. payStart reports just the Start when the
	// vehicle does not get moving.
	ok, paid, err := g.payStart(u, starting, c, src, r)
	if err != nil || !ok {
		return err
	}
	total -= paid
	if clearanceFails {
		g.clearanceStop(u, opt, total, r)
		return nil
	}
	u.Spent += total
	if all {
		u.AllUsed, u.Allowance = true, u.Spent
	}
	e.report(r)
	if leave.due {
		// The Bog Check for leaving is rolled as it tries to leave: bogged, it stays, and
		// the MP of the attempted entry count as spent (D8.2; rules-notes 1.2).
		if bogged, err := g.bogCheck(u, leave, src, r); err != nil || bogged {
			if bogged {
				r.event("TC", defaultBogLeaving)
			}
			return err
		}
	}
	g.arrive(u, opt, bypass, reverse, &e)
	if e.bog.due && !bypass {
		if _, err := g.bogCheck(u, e.bog, src, r); err != nil {
			return err
		}
	}
	return nil
}

// clearanceStop is a Bypass whose hexside is too close to the obstacle (D2.3): the VBM and its
// total MP were announced, so they are spent where the vehicle is, plus one to stop there if
// it has one left.
func (g *Game) clearanceStop(u *Unit, opt moveOption, total MP, r *Result) {
	lay := g.Map.Layout
	// D2.3: the VBM and its MP were announced, and the hexside is too close to the
	// obstacle: those MP are spent where it is, plus one to stop there.
	u.Spent += total
	if u.Remaining() >= Whole(1) {
		r.Cost.Plus(Whole(1), "Stop: hexside clearance", "D2.3")
		u.Spent += Whole(1)
		u.StartStop += Whole(1)
		u.Moving, u.Reverse, u.DirSet = false, false, false
		if !g.Scratch { // nobody reads a planner's events
			r.event("D2.3", fmt.Sprintf("hexside %s is too close to the obstacle depiction for VBM: the MP are spent where it is and it stops", lay.HexsideName(opt.to, mustSide(opt.to, opt.along))))
		}
	} else {
		r.event("D2.3", "hexside too close to the obstacle depiction for VBM: the MP are spent where it is; no MP left to stop")
	}
}

// arrive puts a vehicle where a move takes it: in Bypass along a hexside, on a road, on a
// bridge or below it.
func (g *Game) arrive(u *Unit, opt moveOption, bypass, reverse bool, e *entry) {
	old := u.Pos.Hex
	if bypass {
		np, _ := bypassAlong(opt.to, opt.along, opt.from, reverse)
		if np.Hex != u.Pos.Hex {
			u.EnteredHex = true
		}
		u.Pos = np
	} else {
		u.Pos = Position{Hex: opt.to, Heading: u.Pos.FacingHeading(), OnRoad: e.road, Below: e.below}
		u.EnteredHex = true
	}
	if u.Pos.Hex != old {
		u.LastHex, u.HasLast = old, true // E11.22
	}
	u.DirSet, u.Reverse = true, reverse
	if reverse {
		u.Reversed = true
	}
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
			return g.refuse("D2.22", "%s in %s may Reverse-Bypass only along the hexside joining the two hexes of its rear Target Facing; allowed: %v", u.ID, where, ok)
		}
		return g.refuse("D2.22", "%s in %s may back only into a hex of its rear Target Facing; allowed: %v", u.ID, where, ok)
	}
	if u.Pos.Bypass {
		if u.Pos.Pivot != 0 {
			return g.refuse("D2.33", "%s changed its VCA at its CAFP and must Bypass along the hexside it now faces; allowed: %v", u.ID, ok)
		}
		return g.refuse("D2.33", "%s in Bypass may only enter the hex at the base of its VCA, change its VCA at its CAFP, or reverse; allowed: %v", u.ID, ok)
	}
	if bypass {
		return g.refuse("D2.3", "%s in %s may Bypass only along the hexside running on from its VCA hexspine; allowed: %v", u.ID, where, ok)
	}
	return g.refuse("D2.11", "%s in %s may only enter a hex in its VCA (%s); change VCA first or use Reverse Movement; allowed: %v", u.ID, where, lay.VCAName(u.Pos.Hex, u.Pos.Heading), ok)
}

// enterFromOffboard: a vehicle entering from off-board is set up in Motion and pays no Start
// MP (D2.12); it enters a board-edge hex facing as the scenario says.
func (g *Game) enterFromOffboard(u *Unit, a Action, src dice.Source, r *Result) error {
	lay := g.Map.Layout
	if !g.Map.Contains(a.A) {
		return g.refuse("D2.1", "%s is off the map", lay.Name(a.A))
	}
	// It comes in across the board edge behind it: one of the two hexsides opposite its VCA
	// hexspine must lie on the edge; along a road that runs off the board there, if one does
	// (rules-notes 1.5 #12).
	back1, back2 := u.Pos.Heading.Opposite().Sides()
	from, edge := g.edgeSide(a.A, back1, back2)
	if !edge {
		return g.refuse("D2.12", "%s enters from off-board facing %s, so it must come in across the board edge behind it; %s has no edge there", u.ID, u.Pos.Heading, lay.Name(a.A))
	}
	var c Cost
	var e entry
	if err := g.entryCost(u, Position{Hex: from, Offboard: true}, a.A, a.All, &c, &e); err != nil {
		return err
	}
	all, b := e.all, e.bog
	if c.Total() > u.Remaining() && !all {
		return g.spendable(u, c.Total(), "entering "+lay.Name(a.A))
	}
	r.Cost = c
	u.Spent += c.Total()
	if all {
		u.AllUsed, u.Allowance = true, u.Spent
	}
	u.Moving, u.Motion, u.DirSet, u.Reverse = true, false, true, false
	u.Pos = Position{Hex: a.A, Heading: u.Pos.Heading, Below: e.below}
	u.EnteredHex = true
	r.event("D2.12", "enters from off-board in Motion: no Starting MP")
	e.report(r)
	if b.due {
		if _, err := g.bogCheck(u, b, src, r); err != nil {
			return err
		}
	}
	return nil
}

// edgeSide picks the hexside of board-edge hex h that a unit coming on from off the board
// crosses, among sides (all six when none are given): one a road crosses if there is one
// (rules-notes 1.5 #12), else the first on the board edge. It returns the off-board hex across
// it, or false when none of those sides is on the board edge.
func (g *Game) edgeSide(h hex.Hex, sides ...hex.Side) (from hex.Hex, ok bool) {
	if len(sides) == 0 {
		sides = []hex.Side{0, 1, 2, 3, 4, 5}
	}
	for _, s := range sides {
		n := h.Neighbor(s)
		if g.Map.Contains(n) {
			continue
		}
		if !ok || g.Map.Road(h, s) && !g.Map.Road(h, mustSide(h, from)) {
			from, ok = n, true
		}
	}
	return from, ok
}

// exit leaves the map across the board edge ahead: into a hex of the VCA that is off the map
// (D14.212, A2.5). The off-board hex costs what Open Ground costs the vehicle (a project
// default), plus a Convoy's extra MP.
func (g *Game) exit(u *Unit, src dice.Source, r *Result) error {
	lay := g.Map.Layout
	if u.Pos.Offboard {
		return g.refuse("D2.12", "%s is off-board already", u.ID)
	}
	if u.Pos.Bypass {
		return g.refuse("D2.33", "%s is in Bypass; it must leave the obstacle hex before it leaves the map", u.ID)
	}
	a, b := u.Pos.Hex.SpineHexes(u.Pos.Heading)
	to := a
	if g.Map.Contains(a) {
		to = b
	}
	if g.Map.Contains(to) {
		return g.refuse("D2.11", "%s in %s has no board edge in its VCA (%s): it exits across the edge ahead of it", u.ID, lay.Name(u.Pos.Hex), lay.VCAName(u.Pos.Hex, u.Pos.Heading))
	}
	var c Cost
	e := TerrainChart[OpenGround].Cost[u.V.Column()]
	if e.Kind != Fixed {
		return g.refuse("D2.1", "%s may not leave the map this way", u.V.Class.A())
	}
	c.Add(e.V, "off-board hex (Open Ground)", "A2.5")
	extraPerHex(u, &c, "")
	starting, err := startCost(u, false, &c)
	if err != nil {
		return err
	}
	total := c.Total()
	if err := g.spendable(u, total, "leaving the map"); err != nil {
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
