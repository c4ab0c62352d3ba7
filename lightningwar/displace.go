package lightningwar

import (
	"cmp"
	"math"
	"slices"
)

// The frontage gate (rules-notes 3.6). Every movement of a detachment's bases goes through it,
// whatever moves them: a path move (the sweep, crossPiece), a free pivot and a minor
// adjustment, re-forming in line or in column (for a choke point or a road, and back), a split
// or broken-off part taking its place, and a formation settling round its point when a stand
// boards or leaves its carrier or a part joins it. Only the referee's `place` puts models down
// without it. The gate follows every base from where it stands to where it is going, and stops
// the movement where a base first meets an obstacle (see obstacle): it comes within contact
// range of an enemy's base, passes through a base standing on a choke point, or (on Reserve
// Movement) enters known danger ground; a base already within reach may not come any closer,
// and moving away or along is allowed.
//
// A path move follows its route and a pivot turns about the detachment's point, so their
// bases sweep the ground between; a re-forming moves each base straight from its place in one
// formation to its place in the other. What counts is where each base's centre goes: a base
// turns freely on its own centre, unless turning swings its ends within reach of an obstacle
// they were not within reach of (a long base turning beside another). A pure translation along a route is measured exactly
// (sweep); anything that turns or re-forms is followed in steps of at most morphStep, and the
// first meeting found is narrowed down to a micrometre. A path move faces its formation along
// each leg as it comes to it, and that turn sweeps its arc as a `pivot` does (and the pivot an
// adjustment makes to face along it); only an obstacle a base is already within reach of does
// not stop the turn, so that a line in contact may turn about and move straight away, as
// rules-notes 3.6 allows (footing.turnAt).
//
// What a step that meets an obstacle does depends on who could see it: a step taken before
// the Movement Phase that would meet an obstacle its side can see (its own side's base on a
// choke point, an enemy shown where it stands now, known danger ground) is refused and changes
// nothing; one that meets an enemy its side has not seen stops there, as a path move does,
// and both are revealed (it could not have known). During the Movement Phase nothing is
// refused: a movement that meets an obstacle stops.

// morphStep is the most any base moves (its centre, and its corners turning with the
// formation) between two looks of the gate at a turning or re-forming movement.
var morphStep = metres(0.05)

// motion is a movement of a detachment's bases: its point goes straight from one place to
// another while it turns by turn degrees (clockwise positive) from facing f0, and each base's
// centre goes from one offset in the detachment's frame (x to its right, y ahead) to
// another. half is each base's half width and depth.
type motion struct {
	from, to         Point
	f0, turn         float64
	off0, off1, half []Point
}

// still is the motion of a lineup standing at pos faced f0 that does not move (to be given
// its turn or its new offsets).
func still(l *lineup, pos Point, f0 float64) motion {
	return motion{from: pos, to: pos, f0: f0, off0: l.off, off1: l.off, half: l.half}
}

// bases appends the motion's bases with their centres where they are at tc and turned as
// they are at tf (0: where they start, 1: where they end).
func (mo *motion) bases(out []Base, tc, tf float64) []Base {
	pos := lerp(mo.from, mo.to, tc)
	fc, f := ahead(mo.f0+mo.turn*tc), ahead(mo.f0+mo.turn*tf)
	rc, r := Point{fc.Y, -fc.X}, Point{f.Y, -f.X}
	for i := range mo.half {
		o := lerp(mo.off0[i], mo.off1[i], tc)
		c := Point{pos.X + o.X*rc.X + o.Y*fc.X, pos.Y + o.X*rc.Y + o.Y*fc.Y}
		out = append(out, baseAround(c, r, f, mo.half[i]))
	}
	return out
}

// travel is the furthest any corner of any base goes in the motion, or a bound on it.
func (mo *motion) travel() float64 {
	move := mo.from.Dist(mo.to)
	arc := math.Abs(mo.turn) * math.Pi / 180
	most := 0.0
	for i := range mo.half {
		h := math.Hypot(mo.half[i].X, mo.half[i].Y)
		rad := math.Max(math.Hypot(mo.off0[i].X, mo.off0[i].Y), math.Hypot(mo.off1[i].X, mo.off1[i].Y)) + h
		most = math.Max(most, move+mo.off0[i].Dist(mo.off1[i])+arc*rad)
	}
	return most
}

// near reports whether any obstacle comes within its reach of the motion: no corner of a base
// goes further than travel from where it starts (motion.travel), so one box round the bases
// where they start, widened by travel, holds the whole motion. Most motions are far from every
// obstacle, and morph then needs no steps.
func (fp *footing) near(mo *motion, travel float64) bool {
	start := mo.bases(fp.was[:0], 0, 0)
	fp.was = start
	whole := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for i := range start {
		b := start[i].box()
		whole.x0, whole.y0, whole.x1, whole.y1 = min(whole.x0, b.x0), min(whole.y0, b.y0), max(whole.x1, b.x1), max(whole.y1, b.y1)
	}
	for j := range fp.obs {
		ob := &fp.obs[j]
		if whole.meets(ob.bx, travel+ob.reach+touch) && !(ob.kind == obContact && fp.ignore[ob.det.ID]) {
			return true
		}
	}
	return false
}

// gap is how far base b is from the obstacle's base, edge to edge (minus how deep it is in
// it when they overlap).
func gap(b *Base, ob *obstacle, room []Point) float64 {
	return signedDist(Point{}, minkowski(ob.b[:], b[:], room))
}

// morph is where in the motion (0 to 1) the bases first meet an obstacle not overrun, and
// which (+Inf, nil: none). What counts is where each base goes, its centre: a base turns on
// its own centre freely (as at a path's corners), so each step of the motion is judged with
// the base already turned as it ends the step. A base within an obstacle's reach that comes
// closer meets it where it was; one that comes within reach meets it where it first does, or
// where it was when its own turning brings it within reach (the ends of a long base swinging).
func (fp *footing) morph(mo *motion) (float64, *obstacle) {
	if len(fp.obs) == 0 || len(mo.half) == 0 {
		return math.Inf(1), nil
	}
	travel := mo.travel()
	if !fp.near(mo, travel) {
		return math.Inf(1), nil
	}
	n := int(math.Ceil(travel / morphStep))
	n = min(max(n, 1), 4000)
	var room [8]Point
	for k := 1; k <= n; k++ {
		t0, t1 := float64(k-1)/float64(n), float64(k)/float64(n)
		prev := mo.bases(fp.was[:0], t0, t1)
		cur := mo.bases(fp.now[:0], t1, t1)
		unturned := mo.bases(fp.then[:0], t0, t0)
		fp.was, fp.now, fp.then = prev, cur, unturned
		best, hit := math.Inf(1), (*obstacle)(nil)
		for i := range cur {
			sw, nb := prev[i].box(), cur[i].box()
			sw.x0, sw.y0, sw.x1, sw.y1 = min(sw.x0, nb.x0), min(sw.y0, nb.y0), max(sw.x1, nb.x1), max(sw.y1, nb.y1)
			ub := unturned[i].box()
			sw.x0, sw.y0, sw.x1, sw.y1 = min(sw.x0, ub.x0), min(sw.y0, ub.y0), max(sw.x1, ub.x1), max(sw.y1, ub.y1)
			for j := range fp.obs {
				ob := &fp.obs[j]
				if ob.kind == obContact && fp.ignore[ob.det.ID] || !sw.meets(ob.bx, ob.reach+touch) {
					continue
				}
				d0, d1 := gap(&prev[i], ob, room[:0]), gap(&cur[i], ob, room[:0])
				if d1 > ob.reach+touch {
					continue
				}
				// a base turns freely on its own centre where it is already within reach, but
				// turning does not bring it within reach (a long base swinging its ends)
				fresh := gap(&unturned[i], ob, room[:0]) > ob.reach+touch
				if d1 >= d0-1e-7 && !fresh {
					continue
				}
				t := t0
				if d0 > ob.reach+touch {
					t = firstWithin(mo, i, ob, t0, t1)
				}
				if t < best {
					best, hit = t, ob
				}
			}
		}
		if hit != nil {
			return best, hit
		}
	}
	return math.Inf(1), nil
}

// firstWithin narrows down where between t0 (out of reach) and t1 (within it) base i of the
// motion first comes within the obstacle's reach: the last place found still out of it.
func firstWithin(mo *motion, i int, ob *obstacle, t0, t1 float64) float64 {
	var room [8]Point
	one := *mo
	one.off0, one.off1, one.half = mo.off0[i:i+1], mo.off1[i:i+1], mo.half[i:i+1]
	var b [1]Base
	span := one.travel()
	for range 40 {
		if (t1-t0)*span < 1e-6 {
			break
		}
		m := (t0 + t1) / 2
		if gap(&one.bases(b[:0], m, m)[0], ob, room[:0]) > ob.reach+touch {
			t0 = m
		} else {
			t1 = m
		}
	}
	return t0
}

// known reports whether the side moving can see the obstacle: its own side's base, danger
// ground (known by definition), or an enemy shown to it where it stands now.
func (ob *obstacle) known(side string) bool {
	return ob.kind == obDanger || ob.det.Side == side || ob.det.knownWhereItStands()
}

// dangerKind names the enemy whose danger ground ob is, as Reserve Movement's rule does: a
// tank, a gun or an infantry squad (rules-notes 3.4).
func (ob *obstacle) dangerKind() string {
	switch {
	case ob.unit.IsTank():
		return "tank"
	case ob.unit.Type == Gun:
		return "gun"
	}
	return "infantry squad"
}

// gate is the frontage gate for a movement of d's bases (see the top of this file): how far
// into the motion they get (1: all the way) and the obstacle that stopped them (nil: none).
// Before the Movement Phase (inPhase false) an obstacle d's side can see refuses the step,
// citing the rule; during it nothing is refused, and the movement stops. The bases of the
// detachments skipped (d itself, a part breaking off from it, one joining it) are no
// obstacle. what names the movement.
func (g *Game) gate(d *Detachment, mo *motion, inPhase bool, what string, skip ...*Detachment) (float64, *obstacle, error) {
	t, hit := g.firstObstacle(d, mo, skip...)
	if hit == nil {
		return 1, nil, nil
	}
	if !inPhase && hit.known(d.Side) {
		return 0, nil, g.barred(d, hit, what)
	}
	return t, hit, nil
}

// firstObstacle is where in the motion d's bases first meet an obstacle, and which (+Inf,
// nil: none); the bases of the detachments skipped are no obstacle.
func (g *Game) firstObstacle(d *Detachment, mo *motion, skip ...*Detachment) (float64, *obstacle) {
	fp := &footing{}
	for _, c := range g.Table.Chokes {
		fp.chokes = append(fp.chokes, boxOf(c.Area))
	}
	fp.obs = g.obstacles(d, fp)
	keep := fp.obs[:0]
	for _, ob := range fp.obs {
		if !slices.Contains(skip, ob.det) {
			keep = append(keep, ob)
		}
	}
	fp.obs = keep
	return fp.morph(mo)
}

// barred is the refusal of a movement (what) that would meet an obstacle its side can see.
func (g *Game) barred(d *Detachment, ob *obstacle, what string) *Refusal {
	switch ob.kind {
	case obChoke:
		return refuse(RuleThrough, "%s: a base of %s would pass through %s's base on %s, and models may not pass through each other at a choke point (rules-notes 3.6)",
			what, d.ID, ob.det.ID, g.Table.Chokes[ob.choke].ID)
	case obDanger:
		kind := ob.dangerKind()
		return refuse(RuleReserve, "%s: on Reserve Movement %s may not cross ground known to be within %s of an enemy %s (%s)",
			what, d.ID, trimInches(ob.reach), kind, ob.det.ID)
	}
	return refuse(RuleContact, "%s: a base of %s would come within %s of %s's, or closer to it (rules-notes 3.6: no base may move closer to an enemy base within contact range)",
		what, d.ID, trimInches(ContactRange), ob.det.ID)
}

// stopsAt reports a movement (what) stopped where its bases met an enemy d's side had not
// seen, and reveals both as they stand [Contact]. It is called once d stands where it stopped.
func (g *Game) stopsAt(d *Detachment, ob *obstacle, what string, rep *Report) {
	rep.add("", d.ID, RuleContact, "%s stops in contact with %s at %v (%s)", d.ID, ob.det.ID, d.Pos, what)
	g.reveal(d)
	g.reveal(ob.det)
}

// turnBy is the turn from facing a to facing b the shorter way, in degrees (clockwise
// positive; half a turn goes clockwise).
func turnBy(a, b float64) float64 {
	d := math.Mod(b-a, 360)
	switch {
	case d > 180:
		d -= 360
	case d <= -180:
		d += 360
	}
	return d
}

// pivot turns d on its point to face deg, through the frontage gate: its outer bases sweep
// the arc between [Pivot and minor adjustments; rules-notes 3.6]. A pivot stopped by an enemy
// it had not seen ends facing where its bases met it.
func (g *Game) pivot(d *Detachment, deg float64, rep *Report) error {
	var l lineup
	g.lineUp(d, d.InColumn, &l)
	mo := still(&l, d.Pos, d.Facing)
	mo.turn = turnBy(d.Facing, deg)
	t, hit, err := g.gate(d, &mo, false, "pivot "+d.ID+" "+trim(deg))
	if err != nil {
		return err
	}
	if hit != nil {
		d.Facing = turned(d.Facing, mo.turn*t)
		g.stopsAt(d, hit, "pivoting, facing "+trim(d.Facing)+"°", rep)
		return nil
	}
	d.Facing = deg
	rep.add(d.Side, d.ID, RulePivot, "%s pivots to face %s°: a free pivot, no moving-firer penalty", d.ID, trim(deg))
	return nil
}

// turned is the facing f0 turned by turn degrees, the turn cut to the hundredth of a degree
// (as bearing gives) toward none: a turn stopped part way never goes further than it got.
func turned(f0, turn float64) float64 {
	deg := f0 + math.Trunc(turn*100)/100
	return math.Mod(math.Mod(deg, 360)+360, 360)
}

// placeApart places part nd, just broken off d, through the frontage gate; before is d's
// lineup before the part broke off, d standing at pos faced facing. behind: the part stands
// behind d along its facing, BaseGap from d's rearmost base [default], side by side with
// nothing between them (a split, a discretionary action's part); otherwise (vehicles that
// mired) the part's bases stay where they stood, a drawn shape at d's point. Either way d
// re-forms round its point. During the Movement Phase (inPhase) nothing is refused, and a
// movement that meets an obstacle stops; before it, one its side can see is refused. Stopped,
// both keep their bases where they stood: drawn shapes at d's point, and both are revealed.
func (g *Game) placeApart(d, nd *Detachment, before *lineup, pos Point, facing float64, behind, inPhase bool, what string, rep *Report) error {
	nd.Pos, nd.Facing = pos, facing
	if !behind {
		nd.Form, nd.Offsets, nd.InColumn = FormDrawn, g.drawnAs(nd, before), false
	}
	var keep, part lineup
	g.lineUp(d, d.InColumn, &keep)
	g.lineUp(nd, nd.InColumn, &part)
	dy := 0.0
	if behind && len(keep.off) > 0 && len(part.off) > 0 {
		rear, front := math.Inf(1), math.Inf(-1)
		for i, o := range keep.off {
			rear = math.Min(rear, o.Y-keep.half[i].Y)
		}
		for i, o := range part.off {
			front = math.Max(front, o.Y+part.half[i].Y)
		}
		dy = rear - BaseGap - front
		if f := ahead(facing); !g.onTable(Point{pos.X + f.X*dy, pos.Y + f.Y*dy}) {
			// no room behind it at the table's edge: the part stands just ahead of it instead
			front, rear = math.Inf(-1), math.Inf(1)
			for i, o := range keep.off {
				front = math.Max(front, o.Y+keep.half[i].Y)
			}
			for i, o := range part.off {
				rear = math.Min(rear, o.Y-part.half[i].Y)
			}
			dy = front + BaseGap - rear
		}
	}
	n := len(keep.units) + len(part.units)
	mo := motion{from: pos, to: pos, f0: facing, off0: make([]Point, 0, n), off1: make([]Point, 0, n), half: make([]Point, 0, n)}
	moving := []struct {
		l  *lineup
		dy float64
	}{{&keep, 0}, {&part, dy}}
	skip := []*Detachment{nd}
	if !behind {
		// the part stays where its bases stood: d re-forms round it, and where it stands on a
		// choke point d's bases may not pass through its bases
		moving, skip = moving[:1], nil
	}
	for _, x := range moving {
		for i, u := range x.l.units {
			mo.off0 = append(mo.off0, offsetOf(before, u))
			mo.off1 = append(mo.off1, Point{x.l.off[i].X, x.l.off[i].Y + x.dy})
			mo.half = append(mo.half, x.l.half[i])
		}
	}
	f := ahead(facing)
	nd.Pos = Point{pos.X + f.X*dy, pos.Y + f.Y*dy}
	_, hit, err := g.gate(d, &mo, inPhase, what, skip...)
	if hit == nil {
		return err
	}
	// stopped where it starts: both keep their bases where they stood
	for _, x := range []*Detachment{d, nd} {
		x.Form, x.Offsets, x.InColumn, x.Pos, x.Facing = FormDrawn, g.drawnAs(x, before), false, pos, facing
	}
	if hit.kind == obChoke && hit.det.Side == d.Side { // its own side's base: nothing is revealed
		rep.add(d.Side, d.ID, RuleThrough, "%s does not re-form round %s: %s is on %s, and models may not pass through each other at a choke point",
			d.ID, nd.ID, hit.det.ID, g.Table.Chokes[hit.choke].ID)
		return nil
	}
	g.stopsAt(d, hit, nd.ID+" breaking off", rep)
	g.reveal(nd)
	return nil
}

// offsetOf is unit u's offset in lineup l (its carrier's for a rider; the point's if absent).
func offsetOf(l *lineup, u *Unit) Point {
	for i, x := range l.units {
		if x == u || x.ID == u.In {
			return l.off[i]
		}
	}
	return Point{}
}

// drawnAs is d's units' offsets as they stand in lineup l (a drawn shape holding them there).
func (g *Game) drawnAs(d *Detachment, l *lineup) []Point {
	out := make([]Point, len(d.Units))
	for i, id := range d.Units {
		if u := g.units[id]; u != nil {
			out[i] = offsetOf(l, u)
		}
	}
	return out
}

// facingAt is how d faces at point at, s along its route: as it stands when that is where it
// is, else along its route's leg there (a move faces along each leg).
func (d *Detachment) facingAt(s float64, at Point) float64 {
	if samePoint(at, d.Pos) || len(d.Route) < 2 {
		return d.Facing
	}
	_, leg := d.Route.at(s+1e-6, nil) // the leg it goes on along
	return bearing(d.Route[leg], d.Route[leg+1])
}

// reform is where d's bases, re-forming at point at faced f from line to column (column) or
// back, first meet an obstacle (nil: none): the re-forming goes through the frontage gate as
// the path move it is part of does.
func (fp *footing) reform(at Point, f float64, column bool) *obstacle {
	from, to := &fp.line, &fp.col
	if !column {
		from, to = to, from
	}
	mo := motion{from: at, to: at, f0: f, off0: from.off, off1: to.off, half: to.half}
	_, hit := fp.morph(&mo)
	return hit
}

// turnAt is the first obstacle d's bases meet turning on point at, in column or not, from
// facing f0 to face f1 as a path move comes to a new leg (nil: none): the turn sweeps its arc
// like a pivot (rules-notes 3.1, 3.6), but a base already within reach of an obstacle is not
// stopped by that one on the way, so that a line in contact may turn about and move straight
// away (rules-notes 3.6), as long as it ends no nearer it than it began; the move straight
// away is then judged as any move is. Each base is followed on its own, past what it alone
// was within reach of.
func (fp *footing) turnAt(at Point, f0, f1 float64, column bool) *obstacle {
	l := &fp.line
	if column {
		l = &fp.col
	}
	whole := still(l, at, f0)
	if whole.turn = turnBy(f0, f1); math.Abs(whole.turn) < 1e-9 || len(fp.obs) == 0 {
		return nil
	}
	all := fp.obs
	defer func() { fp.obs = all }()
	var room [8]Point
	start := whole.bases(fp.turning[:0], 0, 0)
	n := len(start)
	start = whole.bases(start, 1, 1) // where each base begins, then where it ends
	ends := start[n:]
	fp.turning = start
	best, hit := math.Inf(1), -1
	free, index := fp.free[:0], fp.freeAt[:0]
	for i := range start[:n] {
		free, index = free[:0], index[:0]
		for j := range all {
			g0 := gap(&start[i], &all[j], room[:0])
			switch {
			case g0 > all[j].reach+touch:
				free, index = append(free, all[j]), append(index, j)
			case all[j].kind == obContact && fp.ignore[all[j].det.ID]: // overrun: it drives on through
			case gap(&ends[i], &all[j], room[:0]) < g0-1e-7 && best > 0:
				best, hit = 0, j // within reach, it would end nearer: stopped where it starts
			}
		}
		fp.obs = free
		one := whole
		one.off0, one.off1, one.half = whole.off0[i:i+1], whole.off1[i:i+1], whole.half[i:i+1]
		t, ob := fp.morph(&one)
		for k := range free {
			if ob == &free[k] && t < best {
				best, hit = t, index[k]
			}
		}
	}
	fp.free, fp.freeAt = free, index // room kept for the next turn
	if hit < 0 {
		return nil
	}
	return &all[hit]
}

// apart is how far apart two detachments stand, nearest base edge to nearest base edge (0
// when their bases touch or overlap): a detachment is where its models are (rules-notes 3.6),
// and a part stands beside its detachment, not on its point.
func (g *Game) apart(d, t *Detachment) float64 {
	fd, ft := g.Footprint(d), g.Footprint(t)
	best := math.Inf(1)
	var room [8]Point
	for i := range fd {
		for j := range ft {
			best = math.Min(best, signedDist(Point{}, minkowski(ft[j][:], fd[i][:], room[:0])))
		}
	}
	return math.Max(best, 0)
}

// distTo is how far point p is from d's nearest base (0 on one): a detachment is where its
// models are (rules-notes 3.6).
func (g *Game) distTo(d *Detachment, p Point) float64 {
	best := math.Inf(1)
	for _, b := range g.Footprint(d) {
		best = math.Min(best, signedDist(p, b[:]))
	}
	return math.Max(best, 0)
}

// roadColumn reports whether d goes in column this turn to use the road: at road speed, in
// line or a drawn shape of more than one base (rules-notes 3.6: road speed only with every
// base on the road).
func (g *Game) roadColumn(d *Detachment) bool {
	if !d.Plan.Road || d.Plan.Turn != g.Turn || d.Form == FormColumn {
		return false
	}
	n := 0
	for _, id := range d.Units {
		if u := g.units[id]; u != nil && u.stands() {
			n++
		}
	}
	return n > 1
}

// roadSpan adds to the column stretches cols the stretch from lo to hi on the road, merging
// any it overlaps (cols are in order and apart; the road's comes first, where it stands).
func roadSpan(cols []span, lo, hi float64) []span {
	sp := span{lo: lo, hi: hi, choke: -1}
	k := 0
	for _, c := range cols {
		if c.lo <= sp.hi+eps && c.hi >= sp.lo-eps {
			sp.hi = math.Max(sp.hi, c.hi)
			continue
		}
		cols[k] = c
		k++
	}
	cols = append(cols[:k], sp)
	slices.SortFunc(cols, func(a, b span) int { return cmp.Compare(a.lo, b.lo) })
	return cols
}

// roadForBases is how far along its route, up to l (the route is on road from where d
// stands to l), every base of d in column is on the road: each base's centre goes along the
// route at its own place in the column, as a column follows a road's bends, the head's
// ahead of d's point and the tail's behind it (behind the route's beginning, straight back
// along its first leg). It is d.Along when a base behind the point is off the road already.
func (g *Game) roadForBases(d *Detachment, gr *ground, l float64) float64 {
	lu := &gr.lu
	g.lineUp(d, true, lu)
	head, tail := 0.0, 0.0
	for _, o := range lu.off {
		head, tail = math.Max(head, o.Y), math.Min(tail, o.Y)
	}
	if from := d.Along + tail; tail < 0 {
		if from < 0 {
			r := d.Route
			f := r[1].sub(r[0])
			if n := math.Hypot(f.X, f.Y); n > eps {
				if !gr.t.onRoad(Point{r[0].X + f.X/n*from, r[0].Y + f.Y/n*from}) {
					return d.Along
				}
			}
			from = 0
		}
		for _, pc := range gr.all() {
			if pc.s0 >= d.Along-eps {
				break
			}
			if pc.s1 > from+eps && !pc.place.OnRoad {
				return d.Along
			}
		}
	}
	if l >= gr.length-eps && len(d.Route) >= 2 {
		// the route ends on the road: the head goes on straight along its last leg
		r := d.Route
		f := r[len(r)-1].sub(r[len(r)-2])
		if n := math.Hypot(f.X, f.Y); n > eps && gr.t.onRoad(Point{r[len(r)-1].X + f.X/n*head, r[len(r)-1].Y + f.Y/n*head}) {
			return l
		}
	}
	return math.Max(l-head, d.Along)
}

// fording is the vehicles of d whose bases ford the stream its point crosses on a bridge at
// the start of piece pc: standing, faced along the piece, with the base's centre off the road
// and the base on no choke point (a bridge the referee marks as one holds the bases that
// pass over it). nil: none. What the bases cross counts, not the point (rules-notes 3.6).
func (g *Game) fording(d *Detachment, pc piece, m *shareMove) map[string]bool {
	f := pc.b.sub(pc.a)
	n := math.Hypot(f.X, f.Y)
	if n < eps {
		return nil
	}
	var l *lineup
	if fp := m.fp; fp != nil && fp.on { // the formation the move stands in now
		l = &fp.line
		if fp.column {
			l = &fp.col
		}
	} else {
		l = &lineup{}
		g.lineUp(d, d.InColumn, l)
	}
	var out map[string]bool
	var room [4]Base
	bases := l.place(room[:0], pc.a, Point{f.X / n, f.Y / n})
	for i, u := range l.units {
		if !u.IsVehicle() || u.Mired || g.Table.onRoad(lerp(bases[i][0], bases[i][2], 0.5)) {
			continue
		}
		onChoke := false
		for _, c := range g.Table.Chokes {
			onChoke = onChoke || overlapsArea(&bases[i], c.Area)
		}
		if !onChoke {
			if out == nil {
				out = map[string]bool{}
			}
			out[u.ID] = true
		}
	}
	return out
}

// centres is where each standing unit of the detachments has its base's centre now.
func (g *Game) centres(ds ...*Detachment) map[*Unit]Point {
	out := map[*Unit]Point{}
	var l lineup
	for _, d := range ds {
		g.lineUp(d, d.InColumn, &l)
		for i, b := range l.place(nil, d.Pos, ahead(d.Facing)) {
			out[l.units[i]] = lerp(b[0], b[2], 0.5)
		}
	}
	return out
}

// settle is the frontage gate for d's bases settling into its formation after its units
// changed (a stand boarding or leaving its carrier, a part joining): each base goes straight
// from where its centre was (was) to its place in the formation. What d's side can see in the
// way refuses the step (what); an enemy it has not seen is returned: the caller undoes the
// change, or does not make it (it is stopped where it starts), and reports the stop (stopsAt).
// The bases of the detachments named (d itself, those joining) are no obstacle.
func (g *Game) settle(d *Detachment, was map[*Unit]Point, what string, own ...*Detachment) (*obstacle, error) {
	var l lineup
	g.lineUp(d, d.InColumn, &l)
	f := ahead(d.Facing)
	r := Point{f.Y, -f.X}
	mo := motion{from: d.Pos, to: d.Pos, f0: d.Facing, off0: make([]Point, len(l.units)), off1: l.off, half: l.half}
	for i, u := range l.units {
		c, ok := was[u]
		if !ok {
			mo.off0[i] = l.off[i] // a base that was nowhere else (none today)
			continue
		}
		rel := c.sub(d.Pos)
		mo.off0[i] = Point{rel.dot(r), rel.dot(f)}
	}
	_, hit, err := g.gate(d, &mo, false, what, own...)
	return hit, err
}

// joinGate is the frontage gate for d joining t (settle): t as it will stand with d's units
// (merge), each base going from where it stands to its place in t's formation, before
// anything changes. First each of d's bases turns on its own centre to face as t does: that
// may not bring it within reach of anything it was not within reach of (see morph).
func (g *Game) joinGate(d, t *Detachment, what string) (*obstacle, error) {
	if hit := g.spinMeets(d, t); hit != nil {
		if hit.known(d.Side) {
			return nil, g.barred(d, hit, what)
		}
		return hit, nil
	}
	joined := *t
	joined.Units = append(slices.Clone(t.Units), d.Units...)
	if t.Form == FormDrawn && len(t.Offsets) == len(t.Units) {
		joined.Offsets = append(slices.Clone(t.Offsets), g.offsetsIn(d, t)...)
	}
	return g.settle(&joined, g.centres(d, t), what, d, t)
}

// spinMeets is the first obstacle (but d's and t's own bases) that a base of d, turning on its
// own centre from d's facing to t's, comes within reach of from beyond it (nil: none).
func (g *Game) spinMeets(d, t *Detachment) *obstacle {
	if d.Facing == t.Facing {
		return nil
	}
	fp := &footing{}
	for _, c := range g.Table.Chokes {
		fp.chokes = append(fp.chokes, boxOf(c.Area))
	}
	obs := g.obstacles(d, fp)
	var l lineup
	g.lineUp(d, d.InColumn, &l)
	f := ahead(t.Facing)
	r := Point{f.Y, -f.X}
	var room [8]Point
	for i, b := range l.place(nil, d.Pos, ahead(d.Facing)) {
		turned := baseAround(lerp(b[0], b[2], 0.5), r, f, l.half[i])
		for j := range obs {
			ob := &obs[j]
			if ob.det != t && gap(&b, ob, room[:0]) > ob.reach+touch && gap(&turned, ob, room[:0]) <= ob.reach+touch {
				return ob
			}
		}
	}
	return nil
}
