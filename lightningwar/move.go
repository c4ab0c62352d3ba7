package lightningwar

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/dice"
)

// Place is what the table is at a point, as movement reads it.
type Place struct {
	Ground     Ground
	GroundName string
	Factor     float64 // the ground's factor (the chart's or the feature's own)
	Slope      Slope
	OnRoad     bool
	Cover      bool
	Choke      int // index into Table.Chokes, -1 for none
}

// Cost is the divisor of speed at this place: the ground's factor plus the slope's modifier
// [Movement Chart]. On a road the road's factor (1) takes the ground's place, and the slope
// still adds to it (rules-notes 3.3: a road up a gentle slope divides road speed by 2).
func (p Place) Cost() float64 {
	return p.groundFactor() + SlopeChart[p.Slope].Modifier
}

// groundFactor is the factor of what is underfoot: the road's on a road, else the ground's.
func (p Place) groundFactor() float64 {
	if p.OnRoad {
		return MovementChart[RoadGround].Factor
	}
	return p.Factor
}

// groundLabel names what is underfoot: Road, or the ground.
func (p Place) groundLabel() string {
	if p.OnRoad {
		return MovementChart[RoadGround].Name
	}
	return p.GroundName
}

// Label names the place's ground as the breakdown prints it: Woods, Road, Broken Ground +
// Gentle Slope, Road + Steep Slope.
func (p Place) Label() string {
	if p.Slope != Flat {
		return p.groundLabel() + " + " + SlopeChart[p.Slope].Name
	}
	return p.groundLabel()
}

// appendDivisor appends the cost as the seed's example prints it: (2 [Broken Ground] + 1
// [Gentle Slope]), (1 [Road] + 1 [Gentle Slope]).
func (p Place) appendDivisor(b []byte) []byte {
	if p.Slope == Flat {
		b = appendTrim(b, p.groundFactor())
		b = append(b, " ["...)
		b = append(b, p.groundLabel()...)
		return append(b, ']')
	}
	b = append(b, '(')
	b = appendTrim(b, p.groundFactor())
	b = append(b, " ["...)
	b = append(b, p.groundLabel()...)
	b = append(b, "] + "...)
	b = appendTrim(b, SlopeChart[p.Slope].Modifier)
	b = append(b, " ["...)
	b = append(b, SlopeChart[p.Slope].Name...)
	return append(b, "])"...)
}

// At is the place at a point.
func (t *Table) At(p Point) Place { return t.at(p, nil, nil) }

// at is the place at a point, asking only the features listed in near (by index, in order;
// every feature when near is nil) and, given their boxes, passing over a feature whose box the
// point is more than a micrometre outside: it does not contain the point (Polygon.Contains).
func (t *Table) at(p Point, boxes []box, near []int) Place {
	pl := Place{Ground: Open, GroundName: MovementChart[Open].Name, Factor: MovementChart[Open].Factor, Choke: -1}
	n := len(t.Features)
	if near != nil {
		n = len(near)
	}
	for k := range n {
		i := k
		if near != nil {
			i = near[k]
		}
		f := &t.Features[i]
		if boxes != nil && !boxes[i].near(p, 1e-6) || !f.Area.Contains(p) {
			continue
		}
		if f.HasGround {
			pl.Ground = f.Ground
			pl.GroundName = MovementChart[f.Ground].Name
			pl.Factor = MovementChart[f.Ground].Factor
			if f.Factor > 0 {
				pl.Factor = f.Factor
			}
			pl.Cover = f.Ground == Woods || f.Ground == BuiltUp
		}
		if f.HasSlope {
			pl.Slope = f.Slope
		}
		if f.Cover {
			pl.Cover = true
		}
	}
	for _, r := range t.Roads {
		if r.near(p) {
			pl.OnRoad = true
			break
		}
	}
	for i, c := range t.Chokes {
		if c.Area.Contains(p) {
			pl.Choke = i
			break
		}
	}
	return pl
}

func (r Road) near(p Point) bool {
	for i := 1; i < len(r.Line); i++ {
		a, b := r.Line[i-1], r.Line[i]
		if nearBox(p, a, b, r.HalfWidth+1e-6) && DistToSegment(p, a, b) <= r.HalfWidth+1e-9 {
			return true
		}
	}
	return false
}

// mireCheck says whether a vehicle checks for miring on entering this place.
func (p Place) mireCheck() MireCheck {
	if p.OnRoad {
		return NoCheck
	}
	return MovementChart[p.Ground].Mire
}

// piece is a stretch of a route over one place.
type piece struct {
	s0, s1 float64 // metres along the route
	a, b   Point
	place  Place
	stream bool // a stream is crossed (off a road) where the piece begins
	bridge bool // a stream is crossed on a road (a bridge) where the piece begins
}

// pieces cuts a route where it crosses terrain edges, road edges, streams and choke points,
// so that each piece lies in one place.
func (t *Table) pieces(route Polyline) []piece {
	gr := t.ground()
	gr.start(route)
	for gr.next < len(route) {
		gr.cutLeg()
	}
	return gr.pcs
}

// ground is a route being cut into pieces of ground (see pieces) a leg at a time, as a move
// reaches them: a detachment that goes a few inches along a long route cuts only the legs it
// reaches. The pieces are the ones pieces gives; the last one cut may still grow into the next
// leg, so a piece is handed out once the one after it is cut or the route is all cut. A
// Movement Phase makes one ground and starts it on each detachment's route in turn, so the
// features' boxes are found once and the buffers serve every route; it also lends each move
// room for its movers and the stretches of its breakdown (shareMove).
type ground struct {
	t      *Table
	route  Polyline
	next   int       // the route point ending the next leg to cut
	s      float64   // metres along the route where that leg starts
	lens   []float64 // the route's legs' lengths
	length float64   // and their sum, the route's Length
	pcs    []piece
	ts     []float64 // the cuts along the leg being cut, as parameters 0..1
	str    []float64 // those of them where a stream crosses it
	boxes  []box     // the table's features' boxes, to read a place (Table.at)
	near   []int     // the features whose boxes come near the leg being cut

	movers []*Unit
	parts  []stretch
	fp     *footing // made for the first move that may meet something
	lu     lineup   // room for a column's lineup (roadForBases)
}

// ground is the table ready to cut routes into pieces of ground (start).
func (t *Table) ground() *ground {
	gr := &ground{t: t, pcs: make([]piece, 0, 8), ts: make([]float64, 0, 16), lens: make([]float64, 0, 8),
		near: make([]int, 0, len(t.Features))}
	gr.boxes = make([]box, len(t.Features))
	for i, f := range t.Features {
		gr.boxes[i] = boxOf(f.Area)
	}
	return gr
}

// start sets the ground to cut route from its beginning, dropping the last route's pieces.
func (gr *ground) start(route Polyline) {
	gr.route, gr.next, gr.s, gr.pcs = route, 1, 0, gr.pcs[:0]
	gr.lens, gr.length = gr.lens[:0], 0
	for i := 1; i < len(route); i++ {
		l := route[i].Dist(route[i-1])
		gr.lens = append(gr.lens, l)
		gr.length += l
	}
}

// piece is the route's piece i, cutting legs until it is final; ok is false past the route's
// end.
func (gr *ground) piece(i int) (pc piece, ok bool) {
	for gr.next < len(gr.route) && (i >= len(gr.pcs) || i == len(gr.pcs)-1 && !gr.lastIsFinal()) {
		gr.cutLeg()
	}
	if i < len(gr.pcs) {
		return gr.pcs[i], true
	}
	return piece{}, false
}

// lastIsFinal reports whether the last piece cut is sure not to lengthen when the next leg is
// cut. Only that leg's first piece could lengthen it, by running straight on from it: orient
// (a, b, c) == 0 for the piece's end c, which is at least 1e-7 m along the leg (shorter pieces
// are dropped). Along the leg from p to q, ab×(c-a) moves away from its value at p as the leg
// turns; once at 1e-7 m it is past twice the most orient allows, 1e-12·max(1, |ab|²+|ac|²) with
// |ac| at most |ab|+|bp|+|pq|, the leg turns away and the piece is final (rounding here is
// some 1e-16·|ac|², far inside the factor 2). A leg under a micrometre is cut to see: if none
// of it is kept, the next leg's pieces begin too far along the route to join the last.
func (gr *ground) lastIsFinal() bool {
	n, k := len(gr.pcs), gr.next
	l := gr.lens[k-1]
	if n == 0 || l < 1e-6 {
		return false
	}
	a, b := gr.pcs[n-1].a, gr.pcs[n-1].b
	p, q := gr.route[k-1], gr.route[k]
	ab := b.sub(a)
	fp, fq := ab.cross(p.sub(a)), ab.cross(q.sub(a))
	least := 1e-7/l*math.Abs(fq-fp) - math.Abs(fp)
	reach := math.Hypot(ab.X, ab.Y) + b.Dist(p) + l
	return least > 2e-12*(1+2*reach*reach)
}

// all ranges over the route's pieces in order, with their indices, cutting as it goes.
func (gr *ground) all() iter.Seq2[int, piece] {
	return func(yield func(int, piece) bool) {
		for i := 0; ; i++ {
			pc, ok := gr.piece(i)
			if !ok || !yield(i, pc) {
				return
			}
		}
	}
}

// cutLeg cuts the next leg of the route where it crosses terrain edges, road edges, streams
// and choke points, and adds its pieces, each read at its middle; a piece over the same place
// running straight on from the last one lengthens it.
func (gr *ground) cutLeg() {
	t := gr.t
	a, b := gr.route[gr.next-1], gr.route[gr.next]
	l := gr.lens[gr.next-1]
	gr.next++
	if l < eps {
		return
	}
	ts := append(gr.ts[:0], 0, 1)
	for i := range t.Features {
		ts = crossingsOf(ts, a, b, t.Features[i].Area, true)
	}
	for i := range t.Chokes {
		ts = crossingsOf(ts, a, b, t.Chokes[i].Area, true)
	}
	for _, r := range t.Roads {
		for j := 1; j < len(r.Line); j++ {
			if lo, hi, ok := capsuleSpan(a, b, r.Line[j-1], r.Line[j], r.HalfWidth); ok {
				ts = append(ts, lo, hi)
			}
		}
	}
	streams := gr.str[:0]
	for i := range t.Streams {
		streams = crossingsOf(streams, a, b, t.Streams[i].Line, false)
	}
	ts = append(ts, streams...)
	sort.Float64s(ts)
	gr.ts, gr.str = ts, streams
	// a feature whose box is more than 2 µm from the leg's is more than 1 µm from any point
	// read along it (which lies in the leg's box but for rounding far under that): Table.at
	// would pass it over at every one
	leg := boxOf2(a, b)
	gr.near = gr.near[:0]
	for i, fb := range gr.boxes {
		if fb.meets(leg, 2e-6) {
			gr.near = append(gr.near, i)
		}
	}
	s, out := gr.s, gr.pcs
	for k := 1; k < len(ts); k++ {
		t0, t1 := ts[k-1], ts[k]
		if (t1-t0)*l < 1e-7 {
			continue
		}
		pa, pb := lerp(a, b, t0), lerp(a, b, t1)
		pc := piece{s0: s + t0*l, s1: s + t1*l, a: pa, b: pb, place: t.at(lerp(a, b, (t0+t1)/2), gr.boxes, gr.near)}
		for _, x := range streams {
			if math.Abs(x-t0)*l < 1e-6 {
				if !t.onRoad(pa) {
					pc.stream = true
				} else {
					pc.bridge = true
				}
			}
		}
		// merge with the previous piece when nothing changes between them: same place, and
		// running straight on (a leg folding back along the last is a piece of its own)
		if n := len(out); n > 0 && out[n-1].place == pc.place && !pc.stream && !pc.bridge && math.Abs(out[n-1].s1-pc.s0) < 1e-9 &&
			orient(out[n-1].a, out[n-1].b, pc.b) == 0 && out[n-1].b.sub(out[n-1].a).dot(pc.b.sub(pc.a)) > 0 {
			out[n-1].s1, out[n-1].b = pc.s1, pc.b
			continue
		}
		out = append(out, pc)
	}
	gr.pcs = out
	gr.s += l
}

func (t *Table) onRoad(p Point) bool {
	for _, r := range t.Roads {
		if r.near(p) {
			return true
		}
	}
	return false
}

// movers are the units of a detachment that move under their own power: not passengers, not
// mired, not destroyed.
func (g *Game) movers(d *Detachment) []*Unit { return g.appendMovers(nil, d) }

// appendMovers appends the detachment's movers to out.
func (g *Game) appendMovers(out []*Unit, d *Detachment) []*Unit {
	for _, id := range d.Units {
		u := g.units[id]
		if u == nil || u.Destroyed || u.Mired || u.In != "" {
			continue
		}
		out = append(out, u)
	}
	return out
}

// footInfantry reports whether a unit moves on foot now.
func footInfantry(u *Unit) bool {
	return u.Type == Infantry || (u.Type == Cavalry || u.Type == Motorcycle) && !u.Mounted
}

// speed is a unit's speed in MPH at a place, for the pace and road choice of the turn, and
// what it is called [Base Movement].
func speed(u *Unit, pace Pace, road bool, pl Place) (mph float64, what string) {
	switch {
	case u.IsVehicle():
		if road {
			return u.RoadMPH, "road speed"
		}
		return u.CrossMPH, "cross-country"
	case footInfantry(u):
		if pace == Run {
			return BaseMovement.InfantryRun, "running"
		}
		return BaseMovement.InfantryWalk, "walking"
	case u.Type == PackHorse:
		return BaseMovement.PackHorse, "pack horse"
	case u.Type == Gun:
		return GunMPH, "manhandled"
	default: // mounted cavalry
		if pace == Gallop && pl.Cost() == 1 {
			return BaseMovement.CavalryGallop, "gallop"
		}
		return BaseMovement.CavalryWalk, "walking"
	}
}

// slowest is the time (in turns) a metre of the piece takes the detachment, which keeps to
// its slowest unit, and that unit's speed in MPH.
func slowest(movers []*Unit, plan *Plan, pl Place) (turnsPerMetre float64, u *Unit, mph float64, what string) {
	for _, m := range movers {
		v, w := speed(m, plan.Pace, plan.Road, pl)
		cost := pl.Cost()
		if v <= 0 {
			return math.Inf(1), m, 0, w
		}
		k := cost / speedMetres(v)
		if u == nil || k > turnsPerMetre {
			turnsPerMetre, u, mph, what = k, m, v, w
		}
	}
	return
}

// reach is how far along its route a detachment would get in the given share of a turn, up
// to limit, with nothing in its way.
func reach(gr *ground, from, limit, turns float64, movers []*Unit, plan *Plan) float64 {
	s, _ := reachLeft(gr, from, limit, turns, movers, plan)
	return s
}

// reachLeft is reach, and the share of the turns still left there (when it got to limit, or to
// ground it cannot enter, with time to spare).
func reachLeft(gr *ground, from, limit, turns float64, movers []*Unit, plan *Plan) (float64, float64) {
	s := from
	for _, pc := range gr.all() {
		if pc.s1 <= s+eps {
			continue
		}
		if s >= limit-eps || turns <= 0 {
			break
		}
		end := math.Min(pc.s1, limit)
		k, _, _, _ := slowest(movers, plan, pc.place)
		if math.IsInf(k, 1) {
			break
		}
		s, turns = advance(s, end, k, turns)
	}
	return math.Min(s, limit), turns
}

// advance goes from s toward end over ground taking k turns a metre, for as many turns as are
// left: where it gets, and the turns still left.
func advance(s, end, k, turns float64) (float64, float64) {
	if need := (end - s) * k; need <= turns {
		return end, turns - need
	}
	return s + turns/k, 0
}

// roadPrefix is how far along the route, from s, the route stays on road.
func roadPrefix(gr *ground, s float64) float64 {
	end := s
	for _, pc := range gr.all() {
		if pc.s1 <= s+eps {
			continue
		}
		if !pc.place.OnRoad {
			break
		}
		end = pc.s1
	}
	return end
}

// planTurn fixes the turn's pace, and for vehicles road or cross-country speed: road speed
// only if the whole turn is spent on road [Base Movement], every base of the detachment
// (rules-notes 3.6): it forms column on the road to use it (roadForBases). Of the two, the one
// that gets the detachment further along its ordered path is taken.
func (g *Game) planTurn(d *Detachment, gr *ground, movers []*Unit, rep *Report) {
	p := &d.Plan
	p.Pace = Walk
	if d.Order != nil {
		p.Pace = d.Order.Pace
	}
	end := gr.length
	p.Cap = end
	hasFoot, hasCav, hasVeh := false, false, false
	for _, u := range movers {
		hasFoot = hasFoot || footInfantry(u)
		hasCav = hasCav || u.Type == Cavalry && u.Mounted
		hasVeh = hasVeh || u.IsVehicle()
	}
	switch p.Pace {
	case Run:
		if !hasFoot {
			p.Pace = Walk
			break
		}
		for _, u := range movers {
			if footInfantry(u) && u.RanLast(g.Turn) {
				rep.add(d.Side, d.ID, RuleRun, "%s walks this turn: %s ran last turn, and infantry may not run two turns in a row", d.ID, u.ID)
				p.Pace = Walk
				break
			}
		}
	case Gallop:
		if !hasCav {
			p.Pace = Walk
		}
	}
	if !hasVeh {
		return
	}
	l := roadPrefix(gr, d.Along)
	if l <= d.Along+eps {
		return
	}
	if l = g.roadForBases(d, gr, l); l <= d.Along+eps {
		rep.add(d.Side, d.ID, RuleRoad, "%s moves at cross-country speed: not every base of it would be on the road, even in column", d.ID)
		return
	}
	xc := reach(gr, d.Along, end, 1, movers, p)
	p.Road = true
	road := reach(gr, d.Along, l, 1, movers, p)
	if road+eps >= xc {
		p.Cap = l
		if l < end-eps && road >= l-eps {
			rep.add(d.Side, d.ID, RuleRoad, "%s keeps to the road at road speed and stops where its path leaves the road (%s along); cross-country it would get only %s",
				d.ID, trimInches(l-d.Along), trimInches(xc-d.Along))
		}
		return
	}
	p.Road = false
	rep.add(d.Side, d.ID, RuleRoad, "%s moves at cross-country speed: its path leaves the road %s on, so the turn is not all on road",
		d.ID, trimInches(l-d.Along))
}

// busy is the unit keeping the detachment stationary this turn (mounting, dismounting,
// towing), if any.
func (g *Game) busy(d *Detachment) *Unit {
	for _, id := range d.Units {
		if u := g.units[id]; u != nil && u.BusyTurn >= g.Turn && !u.Destroyed {
			return u
		}
	}
	return nil
}

// moveDet moves a detachment along its route for a share of the turn (1, 1/2 or 1/4), cutting
// the route into pieces of ground with gr.
func (g *Game) moveDet(d *Detachment, gr *ground, band string, share float64, r *recorder, rep *Report) error {
	first := d.Plan.Turn != g.Turn
	if first {
		// The entry checks made carry over from the last turn: a move that ended where a
		// stream or new ground begins makes that piece's checks when it goes on into it, and one
		// whose checks were made (a mire at the crossing) does not make them again.
		d.Plan = Plan{Turn: g.Turn, Events: math.Min(d.Plan.Events, d.Along)}
		d.Moved = 0
	}
	p := &d.Plan
	if p.Stopped {
		return nil
	}
	moving, err := g.mayMove(d, gr, first, r, rep)
	if err != nil {
		return err
	}
	if !moving {
		p.Stopped = true
		return nil
	}
	p.Went = true
	m := &shareMove{s: d.Along, turns: share, movers: g.appendMovers(gr.movers[:0], d), parts: gr.parts[:0], facing: d.Facing}
	defer func() { gr.movers, gr.parts = m.movers[:0], m.parts[:0] }() // the room, grown, for the next
	from, start := d.Pos, d.Along
	if err := g.moveAlong(d, gr, m, r, rep); err != nil {
		return err
	}
	d.Along = math.Min(m.s, gr.length)
	pos, leg := d.Route.at(d.Along, gr.lens)
	d.Pos = pos
	if d.Along > start+eps {
		g.recordMove(d, band, from, start, leg, gr.lens, m, rep)
		d.InColumn = false
		if m.fp != nil && m.fp.on && !m.held && d.Facing != m.facing {
			// ending where a new leg begins, it faces along it: the turn sweeps its arc too
			if hit := m.fp.turnAt(pos, m.facing, d.Facing, m.fp.column); hit != nil && !g.meet(d, hit, pos, m, rep) {
				m.held, m.stopped = true, true
			}
		}
		if m.held {
			d.Facing = m.facing
		}
	}
	if m.fp != nil && m.fp.on {
		// as the move left it: in column on a road or a choke point it has not yet left, and
		// not re-formed where re-forming is what stopped it
		d.InColumn = m.fp.column
	}
	for _, x := range m.seen {
		g.reveal(x)
	}
	if m.stopped {
		p.Stopped = true
	}
	g.tryRejoin(d, rep)
	return nil
}

// shareMove is a detachment's move in one share of the turn as it goes: how far along its
// route it is, the share of the turn it has left, its units moving under their own power,
// whether it has stopped, the detachments contact revealed, its footing, and the stretches of
// its breakdown with the unit whose speed set the last of them.
type shareMove struct {
	s, turns float64
	movers   []*Unit
	stopped  bool
	seen     []*Detachment
	fp       *footing // what its footprint may meet, and where it goes in column (nil: nothing)
	facing   float64  // how its bases face now: along the leg they are on
	held     bool     // a turn onto a new leg met an obstacle: it stays faced as it was
	parts    []stretch
	last     *Unit
	lastWhat string
	lastMPH  float64
}

// mayMove reports whether a detachment moves in this share of the turn, having started gr on
// its route. It needs orders [Written orders] and route left, no unit keeping it stationary
// [Mounting and dismounting] and a unit moving under its own power. The first time in the turn
// it is to move its mired vehicles try to escape [Miring: escape]; the turn is then planned on
// its route (startTurn), and planned again on a new route given between parts.
func (g *Game) mayMove(d *Detachment, gr *ground, first bool, r *recorder, rep *Report) (moving bool, err error) {
	if d.Order == nil || len(d.Route) < 2 {
		if first {
			g.standing(d, rep)
		}
		return false, nil
	}
	gr.start(d.Route)
	if d.Along >= gr.length-eps {
		if first && d.Kind != Normal {
			rep.add(d.Side, d.ID, RuleRecon, "%s (%s) is at the end of its route: it waits there for a new one (route %s path ...)", d.ID, d.Kind, d.ID)
		}
		return false, nil
	}
	if u := g.busy(d); u != nil {
		if first {
			rep.add(d.Side, d.ID, RuleMount, "%s stays where it is this turn: %s must be stationary the whole turn", d.ID, u.ID)
		}
		return false, nil
	}
	p := &d.Plan
	begin := !p.Begun
	if begin {
		p.Begun = true
		if err := g.escapes(d, r, rep); err != nil {
			return false, err
		}
	}
	var buf [4]*Unit
	movers := g.appendMovers(buf[:0], d)
	if len(movers) == 0 {
		return false, nil
	}
	if !p.Started {
		stop, err := g.startTurn(d, gr, movers, begin, r, rep)
		if err != nil || stop {
			return false, err
		}
	}
	return true, nil
}

// standing says why a detachment with no route to follow stands where it is this turn: it
// has no orders; or, a reconnaissance or FO detachment, it waits for its player's route within
// orders that name no path nor goal [Reconnaissance and FO orders]; or its orders give it no
// path to follow. (One taking a discretionary action says so itself.)
func (g *Game) standing(d *Detachment, rep *Report) {
	switch {
	case d.Act != nil:
	case d.Order == nil:
		rep.add(d.Side, d.ID, RuleOrders, "%s has no orders and does not move", d.ID)
	case d.Kind != Normal:
		rep.add(d.Side, d.ID, RuleRecon, "%s (%s) has orders%s but no route: it waits where it is for its player's route (route %s path ...)",
			d.ID, d.Kind, orderText(d.Order), d.ID)
	default:
		rep.add(d.Side, d.ID, RuleOrders, "%s has orders%s but no path to follow: it stays where it is", d.ID, orderText(d.Order))
	}
}

// startTurn plans a detachment's move on the route it follows: its pace, and road or
// cross-country speed (planTurn); no further than the detachment it is rejoining has got along
// the same route; and, when the turn's move begins (begin), the miring check of a move that
// starts inside ground that calls for one [Vehicle Miring Table]. stop: the check stopped it
// where it stands.
func (g *Game) startTurn(d *Detachment, gr *ground, movers []*Unit, begin bool, r *recorder, rep *Report) (stop bool, err error) {
	p := &d.Plan
	g.planTurn(d, gr, movers, rep)
	if d.Rejoin != "" {
		if t := g.Det(d.Rejoin); t != nil && pointsEqual(t.Route, d.Route) && t.Along < p.Cap {
			p.Cap = math.Max(d.Along, t.Along)
		}
	}
	// starting the turn's move inside ground that calls for a miring check (not at the edge
	// of ground it has yet to enter: that is checked on entering it)
	for _, pc := range gr.all() {
		if !begin {
			break
		}
		if pc.s0 <= d.Along+eps && d.Along < pc.s1-eps {
			if begin && pc.place.mireCheck() != NoCheck && p.Cap > d.Along+eps && pc.s0 <= p.Events+eps {
				stop, err := g.mire(d, pc, false, d.Pos, r, rep)
				if err != nil {
					return false, err
				}
				if stop {
					return true, nil
				}
			}
			break
		}
	}
	p.Started = true
	return false, nil
}

// moveAlong moves the detachment piece by piece along its route, for the share of the turn
// it has left and no further than the turn's cap, making the checks of each piece it enters
// (enterPiece) and stopping where one stops it or its bases meet what they may not pass
// (crossPiece).
func (g *Game) moveAlong(d *Detachment, gr *ground, m *shareMove, r *recorder, rep *Report) error {
	p := &d.Plan
	if g.mayMeet(d) || g.roadColumn(d) {
		if gr.fp == nil {
			gr.fp = &footing{}
		}
		m.fp = gr.fp
		m.fp.prepare(g, d, gr)
	}
	for i, pc := range gr.all() {
		if pc.s1 <= m.s+eps {
			continue
		}
		if m.turns <= 1e-12 || m.s >= p.Cap-eps {
			break
		}
		if pc.s0 >= m.s-eps && pc.s0 > p.Events+eps {
			stop, err := g.enterPiece(d, gr, i, m, r, rep)
			if err != nil {
				return err
			}
			if stop {
				m.stopped = true
				break
			}
		}
		if g.crossPiece(d, pc, m, rep) {
			m.stopped = true
			break
		}
	}
	return nil
}

// enterPiece makes the checks of entering piece i of the route: crossing a stream, or entering
// ground that calls for a miring check from other ground or off a road, makes the check
// [Vehicle Miring Table]; where its point crosses a stream on a bridge, each vehicle whose
// base fords the stream beside it makes the stream's check (fording). stop: the detachment
// stops. (Choke points are the sweep's: see crossPiece.)
func (g *Game) enterPiece(d *Detachment, gr *ground, i int, m *shareMove, r *recorder, rep *Report) (stop bool, err error) {
	pc := gr.pcs[i]
	prev := Place{Choke: -1}
	if i > 0 {
		prev = gr.pcs[i-1].place
	}
	d.Plan.Events = pc.s0 // its checks are made now, whatever comes of them
	entering := pc.place.mireCheck() != NoCheck && (pc.place.Ground != prev.Ground || prev.OnRoad || i == 0)
	if m.fp != nil {
		d.InColumn = m.fp.column // as its bases stand now: a part that mires stays where they stood
	}
	if pc.stream || entering {
		stop, err := g.mire(d, pc, true, pc.a, r, rep)
		if err != nil || stop {
			return stop, err
		}
		m.movers = g.appendMovers(m.movers[:0], d) // those that mired stay behind
		if m.fp != nil {
			m.fp.afterBreak(g, d)
		}
	}
	if pc.bridge {
		if wings := g.fording(d, pc, m); wings != nil {
			stop, err := g.mireOnly(d, pc, true, pc.a, wings, r, rep)
			if err != nil || stop {
				return stop, err
			}
			m.movers = g.appendMovers(m.movers[:0], d)
			if m.fp != nil {
				m.fp.afterBreak(g, d)
			}
		}
	}
	return false, nil
}

// crossPiece moves the detachment over piece pc at the speed of its slowest unit [Movement
// Chart] while it has turn and cap left, its bases in line (or its own formation) or in column
// where it passes a narrow choke point. Where its bases meet an obstacle (sweep) it stops, or
// overruns an enemy's position if it may and goes on (meet). It reports whether it stopped.
func (g *Game) crossPiece(d *Detachment, pc piece, m *shareMove, rep *Report) (stopped bool) {
	p := &d.Plan
	fp := m.fp
	for m.s < pc.s1-eps && m.turns > 1e-12 && m.s < p.Cap-eps {
		end := math.Min(pc.s1, p.Cap)
		cs, hit := math.Inf(1), (*obstacle)(nil)
		if fp != nil && fp.on {
			column, to, sp := fp.columnFrom(m.s, end)
			if column != fp.column && g.reformStops(d, pc, column, m, rep) {
				return true
			}
			g.formColumn(d, column, sp, fp, rep)
			end = to
			cs, hit = fp.sweep(pc, m.s, end, column)
		}
		if cs < end {
			end = cs
		}
		if fp != nil && fp.on && g.turnStops(d, pc, m, rep) {
			return true
		}
		k, u, mph, what := slowest(m.movers, p, pc.place)
		if math.IsInf(k, 1) {
			return true
		}
		was := m.s
		m.s, m.turns = advance(m.s, end, k, m.turns)
		m.note(was, pc, m.s-was, u, mph, what)
		if hit != nil && m.s >= cs-eps && !g.meet(d, hit, lerp(pc.a, pc.b, (m.s-pc.s0)/(pc.s1-pc.s0)), m, rep) {
			return true
		}
	}
	return false
}

// turnStops reports whether d, coming to piece pc at m.s faced otherwise, is stopped where it
// stands by an obstacle its bases meet turning to face along it (footing.turnAt, meet); it
// then stays faced as it was.
func (g *Game) turnStops(d *Detachment, pc piece, m *shareMove, rep *Report) bool {
	f := bearing(pc.a, pc.b)
	if f == m.facing {
		return false
	}
	at := lerp(pc.a, pc.b, (m.s-pc.s0)/(pc.s1-pc.s0))
	for {
		hit := m.fp.turnAt(at, m.facing, f, m.fp.column)
		if hit == nil {
			m.facing = f
			return false
		}
		if !g.meet(d, hit, at, m, rep) {
			m.held = true
			return true
		}
	}
}

// reformStops reports whether d, re-forming at m.s over piece pc from line to column
// (column) or back, is stopped where it stands by an obstacle its bases meet doing so
// (footing.reform, meet).
func (g *Game) reformStops(d *Detachment, pc piece, column bool, m *shareMove, rep *Report) bool {
	at := lerp(pc.a, pc.b, (m.s-pc.s0)/(pc.s1-pc.s0))
	for {
		hit := m.fp.reform(at, bearing(pc.a, pc.b), column)
		if hit == nil {
			return false
		}
		if !g.meet(d, hit, at, m, rep) {
			return true
		}
	}
}

// meet is what happens when the detachment's bases, at point at, meet an obstacle: it
// overruns an enemy's position if it may [Overrun] and goes on (true); otherwise it stops in
// contact, and both are revealed [Contact]; at a base standing on a choke point, as models
// may not pass through each other there [Moving through models]; or at the edge of the danger
// ground Reserve Movement may not cross [Reserve Movement].
func (g *Game) meet(d *Detachment, ob *obstacle, at Point, m *shareMove, rep *Report) (goesOn bool) {
	e := ob.det
	switch ob.kind {
	case obContact:
		if g.overrun(d, e, rep) {
			if m.fp.ignore == nil {
				m.fp.ignore = map[string]bool{}
			}
			m.fp.ignore[e.ID] = true
			m.seen = append(m.seen, d) // the overrun infantry sees who overran it
			return true
		}
		met := g.alsoInContact(d, e, at, m, []string{e.ID})
		rep.add("", d.ID, RuleContact, "%s stops in contact with %s at %v", d.ID, strings.Join(met, ", "), at)
		m.seen = append(m.seen, d)
		for _, id := range met {
			m.seen = append(m.seen, g.Det(id))
		}
	case obChoke:
		// (a side's view hides the name of a detachment it has not seen)
		rep.add(d.Side, d.ID, RuleThrough, "%s stops at %s: %s is there, and models may not pass through each other at a choke point",
			d.ID, g.Table.Chokes[ob.choke].ID, e.ID)
	case obDanger:
		what := ob.dangerKind()
		rep.add(d.Side, d.ID, RuleReserve, "%s stops at %v: on Reserve Movement it may not cross ground known to be within %s (%s m) of an enemy %s (%s)",
			d.ID, at, trimInches(ob.reach), trim(ob.reach), what, e.ID)
	}
	return false
}

// alsoInContact is met (the enemy d stopped against) and every other enemy detachment whose
// base d's bases, standing at at, are within contact range of: d stops in contact with each
// of them, and each is revealed (rules-notes 3.6), not only the first its sweep came to.
func (g *Game) alsoInContact(d, e *Detachment, at Point, m *shareMove, met []string) []string {
	fp := m.fp
	l := &fp.line
	if fp.column {
		l = &fp.col
	}
	fp.turning = l.place(fp.turning[:0], at, ahead(m.facing))
	var room [8]Point
	for j := range fp.obs {
		ob := &fp.obs[j]
		if ob.kind != obContact || ob.det == e || fp.ignore[ob.det.ID] || slices.Contains(met, ob.det.ID) {
			continue
		}
		for i := range fp.turning {
			if gap(&fp.turning[i], ob, room[:0]) <= ob.reach+metres(0.001) {
				met = append(met, ob.det.ID)
				break
			}
		}
	}
	return met
}

// note adds dist metres over piece pc from from (metres along the route), made at unit u's
// speed mph (what: how it moves), to the move's breakdown: on past a corner over the same
// ground at the same speed it lengthens the last stretch. A stretch from the stream where the
// piece begins says it goes across the stream; one further along the piece does not (the
// stream was crossed in an earlier move).
func (m *shareMove) note(from float64, pc piece, dist float64, u *Unit, mph float64, what string) {
	if dist < 1e-7 {
		return
	}
	stream := pc.stream && from <= pc.s0+1e-7
	m.last, m.lastWhat, m.lastMPH = u, what, mph
	base := speedMetres(mph)
	cost := pc.place.Cost()
	n := len(m.parts)
	if n > 0 {
		// the same place at the same speed prints the same: no need to print it to see so
		if x := &m.parts[n-1]; !x.stream && !stream && x.place == pc.place && x.base == base && x.cost == cost {
			x.dist += dist
			return
		}
	}
	var buf [64]byte
	e := appendInches(buf[:0], base)
	if cost != 1 {
		e = append(e, " ÷ "...)
		e = pc.place.appendDivisor(e)
		e = append(e, " = "...)
		e = appendInches(e, base/cost)
	}
	label := pc.place.Label()
	if n > 0 && !stream && m.parts[n-1].label == label && m.parts[n-1].expr == string(e) {
		m.parts[n-1].dist += dist // the same ground and speed on past a corner
		return
	}
	if stream {
		label += " (across a stream)"
	}
	m.parts = append(m.parts, stretch{dist: dist, label: label, expr: string(e), place: pc.place, stream: stream, base: base, cost: cost})
}

// recordMove records a detachment's move from start along its route (whose legs are lens
// long), now on leg leg: its new facing, the distance moved, its track, infantry that ran
// [Base Movement: infantry run], and the move with its breakdown in the report [Movement
// Chart, or Road Speed].
func (g *Game) recordMove(d *Detachment, band string, from Point, start float64, leg int, lens []float64, m *shareMove, rep *Report) {
	p := &d.Plan
	a, b := d.Route[leg], d.Route[leg+1]
	d.Facing = bearing(a, b)
	dist := d.Along - start
	d.Moved += dist
	d.MovedTurn = g.Turn
	d.Track = d.Route.appendBetween(d.Track, start, d.Along, lens)
	if p.Pace == Run {
		for _, u := range m.movers {
			if footInfantry(u) {
				u.Ran, u.RanTurn = true, g.Turn
			}
		}
	}
	// "D moves 3\" to 4,5: " and then the breakdown, "3\" of Open at 6\" [T cross-country 12 MPH = 6\"]"
	var buf [256]byte
	t := append(buf[:0], d.ID...)
	t = append(t, " moves "...)
	t = appendInches(t, dist)
	t = append(t, " to "...)
	t = d.Pos.appendTo(t)
	t = append(t, ": "...)
	head := len(t)
	for i, x := range m.parts {
		if i > 0 {
			t = append(t, " + "...)
		}
		t = appendInches(t, x.dist)
		t = append(t, " of "...)
		t = append(t, x.label...)
		t = append(t, " at "...)
		t = append(t, x.expr...)
	}
	if len(m.parts) > 1 {
		t = append(t, " = "...)
		t = appendInches(t, dist)
	}
	if m.last != nil {
		t = append(t, " ["...)
		t = append(t, m.last.ID...)
		t = append(t, ' ')
		t = append(t, m.lastWhat...)
		t = append(t, ' ')
		t = appendTrim(t, m.lastMPH)
		t = append(t, " MPH = "...)
		t = appendInches(t, speedMetres(m.lastMPH))
		t = append(t, ']')
	}
	text := string(t)
	rule := RuleChart
	if p.Road {
		rule = RuleRoad
	}
	rep.event(d.Side, d.ID, rule, text)
	if rep.Moves == nil {
		rep.Moves = make([]Move, 0, len(g.Dets))
	}
	rep.Moves = append(rep.Moves, Move{Det: d.ID, Side: d.Side, Band: band, From: from, To: d.Pos, Distance: dist, Breakdown: text[head:]})
}

// stretch is a run of one ground at one speed in a move's breakdown: its length, and how it
// prints (label, expr), with what it prints from (the place, whether a stream is crossed where
// it begins, the speed in metres a turn and the divisor).
type stretch struct {
	dist        float64
	label, expr string
	place       Place
	stream      bool
	base, cost  float64
}

// appendBetween appends to out the route's points from s0 to s1: the corners passed and the
// end (lens: the legs' lengths, or nil to measure them).
func (pl Polyline) appendBetween(out []Point, s0, s1 float64, lens []float64) []Point {
	acc := 0.0
	for i := 1; i < len(pl); i++ {
		acc += legLength(pl, lens, i)
		if acc > s0+eps && acc < s1-eps {
			out = append(out, pl[i])
		}
	}
	end, _ := pl.at(s1, lens)
	return append(out, end)
}

// bearing is the compass bearing from a to b (0 up the table, 90 to the right).
func bearing(a, b Point) float64 {
	deg := math.Atan2(b.X-a.X, b.Y-a.Y) * 180 / math.Pi
	if deg < 0 {
		deg += 360
	}
	return math.Round(deg*100) / 100
}

// overrun reports whether the detachment overruns the enemy it has met: vehicles may overrun
// known enemy infantry positions, firing machineguns (at double firepower) and DFHE as they
// go; infantry that stands may close assault them [Overrun]. Known means known where it
// stands: revealed, and not moved since it was seen.
func (g *Game) overrun(d, e *Detachment, rep *Report) bool {
	for _, u := range g.movers(d) {
		if !u.IsVehicle() {
			return false
		}
	}
	if !e.knownWhereItStands() {
		return false
	}
	for _, id := range e.Units {
		if u := g.units[id]; u != nil && !u.Destroyed && !footInfantry(u) && u.In == "" {
			return false
		}
	}
	var mg []string
	for _, u := range g.movers(d) {
		if u.MG > 0 {
			mg = append(mg, fmt.Sprintf("%s MG %d × %d = %d", u.ID, u.MG, OverrunMGFactor, u.MG*OverrunMGFactor))
		}
	}
	fire := "no machineguns"
	if len(mg) > 0 {
		fire = "machinegun firepower doubled: " + strings.Join(mg, ", ")
	}
	rep.add("", d.ID, RuleOverrun, "%s overruns %s's position: %s (and DFHE, arcs allowing); if %s stands it may close assault (Infantry Fire Phase)",
		d.ID, e.ID, fire, e.ID)
	return true
}

// escapes rolls for the mired vehicles of a detachment about to move: each escapes on a 1 on
// 1d6 [Miring: escape], unless a tow is freeing it. Those still mired break off and stay.
func (g *Game) escapes(d *Detachment, r *recorder, rep *Report) error {
	var stuck []string
	for _, id := range d.Units {
		u := g.units[id]
		if u == nil || !u.Mired {
			continue
		}
		if u.TowedBy != "" {
			rep.add(d.Side, d.ID, RuleTow, "%s is being towed out by %s and does not try to escape", u.ID, u.TowedBy)
			stuck = append(stuck, id)
			continue
		}
		v, err := r.check(dice.Dr, func(t int) bool { return t == EscapeRoll })
		if err != nil {
			return err
		}
		c := Check{Det: d.ID, Unit: u.ID, For: "Escape", Rule: RuleEscape, Kind: dice.Dr, Need: fmt.Sprintf("1d6 %d escapes", EscapeRoll),
			Odds: dice.Pdr(0, func(f int) bool { return f == EscapeRoll }), Result: "stays mired"}
		if v == EscapeRoll {
			c.Result = "escapes"
		}
		rep.Checks = append(rep.Checks, c)
		if v == EscapeRoll {
			u.Mired, u.FreedTurn, u.FreedAt = false, g.Turn, d.Pos
			rep.add(d.Side, d.ID, RuleEscape, "%s rolls %d on 1d6 and escapes the mire: it moves normally", u.ID, v)
		} else {
			rep.add(d.Side, d.ID, RuleEscape, "%s rolls %d on 1d6 (needs 1) and stays mired", u.ID, v)
			stuck = append(stuck, id)
		}
	}
	if len(stuck) > 0 && len(g.movers(d)) > 0 {
		g.breakOff(d, stuck, d.Along, d.Pos, rep)
	}
	return nil
}

// mire makes each vehicle of the detachment that must check roll on the Vehicle Miring Table
// at point at: every miring check of a move is made here. A vehicle checks once for each
// crossing: one that mired and escaped this turn is not checked again where it escaped.
// Vehicles that mire stay there: if that is all of the detachment's movers it stops;
// otherwise they break off, to rejoin when they can.
func (g *Game) mire(d *Detachment, pc piece, entering bool, at Point, r *recorder, rep *Report) (stop bool, err error) {
	return g.mireOnly(d, pc, entering, at, nil, r, rep)
}

// mireOnly is mire for the vehicles listed in fords only, when fords is not nil: those whose
// bases ford the stream beside a bridge their detachment's point crosses, each making the
// stream's check (fording).
func (g *Game) mireOnly(d *Detachment, pc piece, entering bool, at Point, fords map[string]bool, r *recorder, rep *Report) (stop bool, err error) {
	var mired []string
	var room [8]*Unit
	for _, u := range g.appendMovers(room[:0], d) {
		if !u.IsVehicle() || fords != nil && !fords[u.ID] {
			continue
		}
		check := pc.place.mireCheck()
		if pc.stream && entering || fords != nil {
			check = StreamCrossing
		}
		if check == NoCheck || check == WheeledCheck && u.Tracked {
			continue
		}
		if u.FreedTurn == g.Turn && DistToSegment(u.FreedAt, pc.a, pc.b) <= 1e-6 {
			// it escaped the mire this turn here: it made its check for this crossing (this
			// stream, this passage of marsh or woods) and moves on normally, with no second
			// check for it in this turn's later moves, Phase 3's included [default]
			continue
		}
		need := MiringTarget(u)
		v, err := r.check(dice.DR, func(t int) bool { return t+u.MireMod >= need })
		if err != nil {
			return false, err
		}
		why := "entering " + pc.place.Label()
		if fords != nil {
			why = "fording a stream beside the bridge"
		} else if pc.stream && entering {
			why = "crossing a stream"
		} else if !entering {
			why = "moving in " + pc.place.Label()
		}
		// the roll and what it needed: "2d6 7, needs 10+ (wheeled Small; chance 1/6 (16.7%))"
		roll := "2d6 " + strconv.Itoa(v)
		if u.MireMod != 0 {
			roll = fmt.Sprintf("2d6 %d %+d = %d", v, u.MireMod, v+u.MireMod)
		}
		chance := dice.PDRAtLeast(need, u.MireMod)
		mod := ""
		if u.MireMod != 0 {
			mod = fmt.Sprintf(" %+d", u.MireMod)
		}
		c := Check{Det: d.ID, Unit: u.ID, For: "Miring (" + why + ")", Rule: RuleMiring, Kind: dice.DR, Mod: u.MireMod,
			Need: fmt.Sprintf("2d6%s >= %d mires (%s %s)", mod, need, gear(u), u.Size), Odds: chance, Result: "does not mire"}
		if v+u.MireMod >= need {
			c.Result = "mires"
		}
		rep.Checks = append(rep.Checks, c)
		roll += ", needs " + strconv.Itoa(need) + "+ (" + gear(u) + " " + u.Size.String() + "; chance " + chance.String() + ")"
		if v+u.MireMod >= need {
			u.Mired = true
			mired = append(mired, u.ID)
			rep.event(d.Side, d.ID, RuleMiring, u.ID+" mires "+why+" at "+at.String()+": "+roll)
		} else {
			rep.event(d.Side, d.ID, RuleMiring, u.ID+" does not mire "+why+": "+roll)
		}
	}
	if len(mired) == 0 {
		return false, nil
	}
	s := d.Along // mired where it stands, at the start of its move
	if entering {
		s = pc.s0 // mired where it entered
		d.Along = s
	}
	if len(g.movers(d)) == 0 {
		return true, nil
	}
	g.breakOff(d, mired, s, at, rep)
	return false, nil
}

func gear(u *Unit) string {
	if u.Tracked {
		return "tracked"
	}
	return "wheeled"
}

// MiringTarget is the 2d6 roll at or above which the vehicle mires [Vehicle Miring Table].
func MiringTarget(u *Unit) int {
	t := 0
	if u.Tracked {
		t = 1
	}
	return MiringTable[t][u.Size]
}

// breakOff makes the given units of d (and their passengers) a detachment of their own at
// along s, following d's orders and trying to rejoin it. Its bases stay where they stood in
// d's formation, and d re-forms round its point (placeApart: through the frontage gate). The
// part is named after d with a number (partID), and the other side has not seen it: the
// referee reveals it if it is seen.
func (g *Game) breakOff(d *Detachment, units []string, s float64, at Point, rep *Report) *Detachment {
	var before lineup // how its bases stand: the part's stay there (placeApart)
	g.lineUp(d, d.InColumn, &before)
	keep, gone := g.partition(d, units)
	id := g.partID(d)
	nd := &Detachment{ID: id, Side: d.Side, Units: gone, Kind: d.Kind, Pos: at, Facing: d.Facing,
		Form: d.Form, Offsets: offsetsOf(d, gone), InColumn: d.InColumn,
		Order: d.Order, Route: append(Polyline(nil), d.Route...), Along: s, Rejoin: d.ID,
		Plan: Plan{Turn: g.Turn, Stopped: true, Begun: true, Events: math.Min(s, d.Plan.Events)}, MovedTurn: d.MovedTurn,
		Track: append(append([]Point(nil), d.Track...), at)}
	d.Units, d.Offsets = keep, offsetsOf(d, keep)
	g.addDet(nd)
	rep.add(d.Side, d.ID, RuleMiring, "%s stays at %v as detachment %s and will try to rejoin %s", names(gone), at, id, d.ID)
	_ = g.placeApart(d, nd, &before, at, d.facingAt(s, at), false, true, "", rep) // in the phase: never refused
	return nd
}

// partID is the name of a part breaking off d: d's id, '/', and the least number from 2 that
// names nothing yet (A/2, A/3). It names none of its units: the other side, which may come to
// see the part, knows the enemy's units by type alone [default].
func (g *Game) partID(d *Detachment) string {
	for n := 2; ; n++ {
		id := d.ID + "/" + strconv.Itoa(n)
		if g.Det(id) == nil && g.units[id] == nil && g.Formations[id] == nil && g.gone(id) < 0 {
			return id
		}
	}
}

// gone is the index in Game.Gone of the detachment id that joined another once revealed, or -1.
func (g *Game) gone(id string) int {
	return slices.IndexFunc(g.Gone, func(d *Detachment) bool { return d.ID == id })
}

// LegacyPart is the part an id in the old notation of part names names: D/U or D/U.N, the
// part broken off D that holds unit U (nil: none). Parts are named D/2, D/3 now (partID); a
// line or an expectation written with the old name still finds the part. Only the referee's
// steps (and scenario files) read old names: a side's player is refused any name it does not
// know (Knows), and a part's old name names a unit.
func (g *Game) LegacyPart(id string) *Detachment {
	i := strings.LastIndexByte(id, '/')
	if i <= 0 || g.Det(id) != nil || g.units[id] != nil {
		return nil
	}
	parent, u := id[:i], id[i+1:]
	if j := strings.LastIndexByte(u, '.'); j > 0 && g.units[u] == nil {
		if _, err := strconv.Atoi(u[j+1:]); err == nil {
			u = u[:j]
		}
	}
	if d := g.DetOf(u); d != nil && strings.HasPrefix(d.ID, parent+"/") {
		return d
	}
	return nil
}

// partition splits d's units into those staying and those going: the named units and any
// passengers riding them.
func (g *Game) partition(d *Detachment, units []string) (keep, gone []string) {
	take := map[string]bool{}
	for _, id := range units {
		take[id] = true
	}
	for _, id := range d.Units {
		if u := g.units[id]; u != nil && take[u.In] {
			take[id] = true
		}
	}
	for _, id := range d.Units {
		if take[id] {
			gone = append(gone, id)
		} else {
			keep = append(keep, id)
		}
	}
	return keep, gone
}

// tryRejoin merges a broken-off part back into its detachment once it has caught up, its bases
// settling into the detachment's formation through the frontage gate (joinGate).
func (g *Game) tryRejoin(d *Detachment, rep *Report) {
	if d.Rejoin == "" {
		return
	}
	t := g.Det(d.Rejoin)
	if t == nil || t.Side != d.Side {
		d.Rejoin = ""
		return
	}
	for _, id := range d.Units {
		if u := g.units[id]; u != nil && u.Mired {
			return
		}
	}
	if d.Pos.Dist(t.Pos) <= RejoinRange+eps {
		// its bases settle into t's formation through the frontage gate; in the phase nothing
		// is refused: what would stop them keeps the part apart for now
		if hit, err := g.joinGate(d, t, names(d.Units)+" rejoining "+t.ID); err != nil || hit != nil {
			if hit != nil {
				g.stopsAt(t, hit, names(d.Units)+" rejoining it", rep)
				g.reveal(d)
			} else if r, ok := err.(*Refusal); ok {
				rep.add(d.Side, d.ID, r.Rule, "%s does not rejoin %s yet: %s", d.ID, t.ID, r.Msg)
			}
			return
		}
		g.merge(d, t)
		rep.add(d.Side, t.ID, RuleDetachment, "%s rejoins %s", names(d.Units), t.ID)
	}
}

// merge puts d's units into t and removes d. In t's drawn shape they stand where they are. The
// other side does not see it happen: a revealed d is still known where and as it was seen
// (Game.Gone).
func (g *Game) merge(d, t *Detachment) {
	if d.Revealed {
		units, form, offsets := g.sighting(d)
		gone := &Detachment{ID: d.ID, Side: d.Side, Pos: d.Seen, Revealed: true, Seen: d.Seen, SeenFacing: d.SeenFacing,
			SeenColumn: d.SeenColumn, SeenUnits: units, SeenForm: form, SeenOffsets: offsets, seq: d.seq}
		g.Gone = append(slices.Clip(g.Gone), gone)
	}
	if t.Form == FormDrawn && len(t.Offsets) == len(t.Units) {
		t.Offsets = append(append(make([]Point, 0, len(t.Offsets)+len(d.Units)), t.Offsets...), g.offsetsIn(d, t)...)
	}
	t.Units = append(t.Units, d.Units...)
	for i, x := range g.Dets {
		if x == d {
			g.Dets = append(g.Dets[:i], g.Dets[i+1:]...)
			break
		}
	}
}
