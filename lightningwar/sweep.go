package lightningwar

import (
	"math"
)

// A moving detachment sweeps its bases along its route, faced along each leg (pivots are
// free) and centred on it. What may stop it on the way is an obstacle: a base it may not come
// within some reach of, judged base edge to base edge [rules-notes 3.6]:
//
//   - an enemy's base, within ContactRange: contact [Contact], unless it overruns the enemy's
//     position [Overrun];
//   - any other detachment's base standing on a choke point, which no base may pass through
//     [Moving through models];
//   - for a detachment on Reserve Movement, the danger ground round a known enemy: within
//     DangerTankGun of a tank's or a gun's base, DangerInfantry of an infantry squad's, where
//     it was seen [Reserve Movement].
//
// A base already within an obstacle's reach may not come any closer: such a move stops where
// it begins; moving straight away, or along it, is allowed.

// Danger ground a detachment on Reserve Movement may not cross (rules-notes 3.4).
var (
	DangerTankGun  = metres(30) // 1500 m round a known enemy tank or gun
	DangerInfantry = metres(5)  // 250 m round a known enemy infantry squad
)

// What an obstacle is.
const (
	obContact = iota
	obChoke
	obDanger
)

// obstacle is a base in a moving detachment's way.
type obstacle struct {
	b     Base
	bx    box
	det   *Detachment
	kind  uint8
	reach float64
	choke int   // obChoke: the choke point it stands on
	unit  *Unit // obDanger: the enemy unit
}

// span is a stretch of a route, in metres along it, where the detachment goes in column for
// a choke point (its index) this wide, or on a road at road speed (choke -1).
type span struct {
	lo, hi float64
	choke  int
	width  float64
}

// footing is what a move needs of footprints: the obstacles in its way, the stretches of its
// route it goes in column, its formation in line and in column, the enemies it overruns, and
// room for bases. A Movement Phase keeps one in its ground and fills it for each move.
type footing struct {
	obs       []obstacle
	cols      []span
	line, col lineup
	other     lineup
	bases     []Base
	chokes    []box           // the choke points' boxes
	ignore    map[string]bool // enemies overrun this move: no contact with them
	on        bool            // any obstacle or column stretch: the move sweeps its bases
	column    bool            // it goes in column now
	was, now  []Base          // room for the frontage gate's looks at a turning or re-forming (morph)
	then      []Base          // the bases before they turn, in that look
	turning   []Base          // room for a path move's turn onto a new leg (turnAt)
	free      []obstacle
	freeAt    []int
}

// mayMeet reports whether anything may stand in d's way: an enemy, or a choke point.
func (g *Game) mayMeet(d *Detachment) bool {
	if len(g.Table.Chokes) > 0 {
		return true
	}
	for _, o := range g.Dets {
		if o.Side != d.Side {
			return true
		}
	}
	return false
}

// prepare fills the footing for d's move along the route gr was started on.
func (fp *footing) prepare(g *Game, d *Detachment, gr *ground) {
	if len(fp.chokes) != len(g.Table.Chokes) {
		fp.chokes = fp.chokes[:0]
		for _, c := range g.Table.Chokes {
			fp.chokes = append(fp.chokes, boxOf(c.Area))
		}
	}
	fp.obs, fp.cols = g.obstacles(d, fp), fp.cols[:0]
	clear(fp.ignore)
	road := g.roadColumn(d)
	if len(g.Table.Chokes) > 0 || len(fp.obs) > 0 || road {
		g.lineUp(d, false, &fp.line)
		g.lineUp(d, true, &fp.col)
	}
	if len(g.Table.Chokes) > 0 && d.Form != FormColumn {
		fp.cols = g.columnSpans(gr, fp)
	}
	if road {
		fp.cols = roadSpan(fp.cols, d.Along, d.Plan.Cap)
	}
	fp.on = len(fp.obs) > 0 || len(fp.cols) > 0
	fp.column = d.InColumn
}

// afterBreak is the footing after some of d's units may have broken off (vehicles that
// mired): a column that could not close up past the part (placeApart left d in its drawn
// shape) keeps that shape for the rest of the move, and the formation and what stands in its
// way are worked out again (regroup).
func (fp *footing) afterBreak(g *Game, d *Detachment) {
	if fp.column && !d.InColumn {
		fp.column, fp.cols = false, fp.cols[:0]
	}
	fp.regroup(g, d)
}

// regroup works the formation out again after some of the detachment's units broke off, and
// what stands in its way: a part that broke off stays where its bases stood, and on a choke
// point it is in the way of the rest like any other detachment's base (rules-notes 3.6).
func (fp *footing) regroup(g *Game, d *Detachment) {
	fp.obs = g.obstacles(d, fp)
	fp.on = fp.on || len(fp.obs) > 0
	if fp.on {
		g.lineUp(d, false, &fp.line)
		g.lineUp(d, true, &fp.col)
	}
}

// obstacles lists what may stop d (see obstacle): every enemy base; every base of another
// detachment standing on a choke point; and on Reserve Movement, the danger ground round each
// known enemy tank, gun and infantry squad, where it was seen (also one of a detachment that
// has since joined another, unseen).
func (g *Game) obstacles(d *Detachment, fp *footing) []obstacle {
	out := fp.obs[:0]
	chokes := g.Table.Chokes
	reserve := d.Order != nil && d.Order.Reserve
	for _, o := range g.Dets {
		enemy := o.Side != d.Side
		if o == d || !enemy && len(chokes) == 0 {
			continue
		}
		g.lineUp(o, o.InColumn, &fp.other)
		fp.bases = fp.other.place(fp.bases[:0], o.Pos, ahead(o.Facing))
		for i := range fp.bases {
			b := &fp.bases[i]
			bx := b.box()
			if enemy {
				out = append(out, obstacle{b: *b, bx: bx, det: o, kind: obContact, reach: ContactRange})
			}
			for k := range chokes {
				if bx.meets(fp.chokes[k], 0) && overlapsArea(b, chokes[k].Area) {
					out = append(out, obstacle{b: *b, bx: bx, det: o, kind: obChoke, choke: k})
					break
				}
			}
		}
		if reserve && enemy && o.Revealed {
			out = g.danger(o, fp, out)
		}
	}
	for _, o := range g.Gone { // known where it was seen, though it has joined another since
		if reserve && o.Side != d.Side {
			out = g.danger(o, fp, out)
		}
	}
	return out
}

// danger appends to out the danger ground round the revealed enemy o's tanks, guns and
// infantry squads, as and where they were seen.
func (g *Game) danger(o *Detachment, fp *footing, out []obstacle) []obstacle {
	g.lineUpSeen(o, &fp.other) // the units known, as they were seen
	fp.bases = fp.other.place(fp.bases[:0], o.Seen, ahead(o.SeenFacing))
	for i, u := range fp.other.units {
		reach := DangerReach(u)
		if reach == 0 {
			continue
		}
		out = append(out, obstacle{b: fp.bases[i], bx: fp.bases[i].box(), det: o, kind: obDanger, reach: reach, unit: u})
	}
	return out
}

// columnSpans are the stretches of the route the detachment goes in column [rules-notes 3.6]:
// from where its column's head, half a column's length ahead of its point, reaches a choke
// point narrower (across the route) than its frontage, to where its tail, as far behind, has
// left it.
func (g *Game) columnSpans(gr *ground, fp *footing) []span {
	out := fp.cols[:0]
	half := fp.col.length / 2
	for _, pc := range gr.all() {
		if pc.place.Choke < 0 {
			continue
		}
		f := pc.b.sub(pc.a)
		l := math.Hypot(f.X, f.Y)
		if l < eps {
			continue
		}
		w := breadth(g.Table.Chokes[pc.place.Choke].Area, Point{f.X / l, f.Y / l})
		if w >= fp.line.frontage-touch {
			continue
		}
		lo, hi := pc.s0-half, pc.s1+half
		if n := len(out); n > 0 && lo <= out[n-1].hi {
			out[n-1].hi = max(out[n-1].hi, hi)
			continue
		}
		out = append(out, span{lo, hi, pc.place.Choke, w})
	}
	return out
}

// columnFrom reports whether the detachment goes in column from s on, how far (up to end) it
// goes so, and the stretch it is in (nil: none).
func (fp *footing) columnFrom(s, end float64) (bool, float64, *span) {
	for i := range fp.cols {
		sp := &fp.cols[i]
		if s < sp.lo-eps {
			return false, math.Min(end, sp.lo), nil
		}
		if s < sp.hi-eps {
			return true, math.Min(end, sp.hi), sp
		}
	}
	return false, end, nil
}

// formColumn notes the detachment forming column for a choke point, or re-forming past it,
// when it changes [rules-notes 3.6].
func (g *Game) formColumn(d *Detachment, column bool, sp *span, fp *footing, rep *Report) {
	if column == fp.column {
		return
	}
	fp.column = column
	if column && sp.choke < 0 {
		rep.add(d.Side, d.ID, RuleFrontage, "%s forms column on the road to use it: road speed only with every base on the road", d.ID)
		return
	}
	if column {
		rep.add(d.Side, d.ID, RuleFrontage, "%s forms column to pass %s: %s wide there, narrower than its %s frontage",
			d.ID, g.Table.Chokes[sp.choke].ID, trimInches(sp.width), trimInches(fp.line.frontage))
		return
	}
	form := "line"
	switch d.Form {
	case FormColumn:
		form = "column"
	case FormDrawn:
		form = "its drawn formation"
	}
	rep.add(d.Side, d.ID, RuleFrontage, "%s re-forms in %s", d.ID, form)
}

// sweep is where, moving from s to end over piece pc in column or not, the detachment's bases
// first meet an obstacle not overrun: the distance along the route, and which (+Inf, nil: none).
// An overrun passes the enemy's bases only as an enemy: where they stand on a choke point they
// still bar the way (no overrun through a unit on a road bridge).
func (fp *footing) sweep(pc piece, s, end float64, column bool) (float64, *obstacle) {
	l := &fp.line
	if column {
		l = &fp.col
	}
	dir := pc.b.sub(pc.a)
	n := math.Hypot(dir.X, dir.Y)
	if n < eps || end <= s {
		return math.Inf(1), nil
	}
	f := Point{dir.X / n, dir.Y / n}
	at := lerp(pc.a, pc.b, (s-pc.s0)/(pc.s1-pc.s0))
	v := Point{f.X * (end - s), f.Y * (end - s)}
	fp.bases = l.place(fp.bases[:0], at, f)
	best, hit := math.Inf(1), (*obstacle)(nil)
	var room [8]Point
	for i := range fp.bases {
		b := &fp.bases[i]
		sw := b.box()
		sw.x0, sw.x1 = sw.x0+min(0, v.X), sw.x1+max(0, v.X)
		sw.y0, sw.y1 = sw.y0+min(0, v.Y), sw.y1+max(0, v.Y)
		for k := range fp.obs {
			ob := &fp.obs[k]
			if ob.kind == obContact && fp.ignore[ob.det.ID] || !sw.meets(ob.bx, ob.reach+touch) {
				continue
			}
			t, ok := firstMeet(v, minkowski(ob.b[:], b[:], room[:0]), ob.reach)
			if ok && t < best {
				best, hit = t, ob
			}
		}
	}
	if hit == nil {
		return math.Inf(1), nil
	}
	return s + best*(end-s), hit
}

// DangerReach is how far round a known enemy unit Reserve Movement may not go (rules-notes
// 3.4): DangerTankGun round a tank or a gun, DangerInfantry round infantry, 0 round any other.
func DangerReach(u *Unit) float64 {
	switch {
	case u.IsTank() || u.Type == Gun:
		return DangerTankGun
	case u.Type == Infantry:
		return DangerInfantry
	}
	return 0
}
