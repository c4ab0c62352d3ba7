package lightningwar

import (
	"math"
	"slices"
)

// Frontage (rules-notes 3.6) [default]: a detachment is where its models stand, not a point.
// Each unit standing on the table (not riding aboard a carrier) has a base, a rectangle
// Unit.BaseW wide and Unit.BaseD deep (DefaultBase, 1" x 1" = 50 m, when the scenario gives
// none). The detachment stands in a formation (Form) round its point, Detachment.Pos, faced
// along Detachment.Facing:
//
//   - FormLine, line abreast: the bases side by side across the facing, BaseGap (1/2") apart,
//     the first unit listed on the left, the line centred on the point;
//   - FormColumn: one behind the other along the facing, BaseGap apart, the first unit listed
//     at the head, the column centred on the point;
//   - FormDrawn: a shape the scenario draws, each base's centre at its own offset from the
//     point (Detachment.Offsets), in the detachment's frame: x to its right, y ahead.
//
// A detachment passing a choke point narrower than its frontage goes in column for as long as
// any of its column is on it (Detachment.InColumn). Contact, overrun, Reserve Movement's
// danger ground and choke points are judged on the bases, nearest edge to nearest edge.

// Form is a detachment's formation.
type Form uint8

// Formations.
const (
	FormLine   Form = iota // line abreast
	FormColumn             // one base behind the other
	FormDrawn              // a drawn shape: each base's own offset
)

var formNames = [...]string{"line", "column", "drawn"}

func (f Form) String() string { return formNames[f] }

// Base sizes and spacing [default, rules-notes 3.6].
var (
	DefaultBase = metres(1)   // a base's width and depth when its unit gives none
	BaseGap     = metres(0.5) // the space between bases in line or in column
)

// Base is a model's base on the table: its four corners, counter-clockwise from its rear
// left (rear left, rear right, front right, front left).
type Base [4]Point

// base is a unit's base: its width and depth in metres.
func (u *Unit) base() (w, dp float64) {
	w, dp = u.BaseW, u.BaseD
	if w <= 0 {
		w = DefaultBase
	}
	if dp <= 0 {
		dp = DefaultBase
	}
	return w, dp
}

// BaseOf is a unit's base, width and depth in metres (the default where it gives none).
func BaseOf(u *Unit) (w, dp float64) { return u.base() }

// stands reports whether the unit has a base on the table: not destroyed, not riding aboard.
func (u *Unit) stands() bool { return !u.Destroyed && u.In == "" }

// lineup is a detachment's formation worked out in its own frame: for each unit standing, its
// base's centre (x to the right, y ahead) and half its width and depth, and the formation's
// frontage (its breadth across the facing) and length (along it).
type lineup struct {
	off, half []Point
	units     []*Unit
	frontage  float64
	length    float64
}

// lineUp works out d's formation, or its column when column is true, into l (reusing its
// room). A drawn shape without an offset for every unit is stood in line.
func (g *Game) lineUp(d *Detachment, column bool, l *lineup) {
	l.off, l.half, l.units = l.off[:0], l.half[:0], l.units[:0]
	drawn := d.Form == FormDrawn && !column && len(d.Offsets) == len(d.Units)
	for i, id := range d.Units {
		if u := g.units[id]; u != nil && u.stands() {
			l.add(u, d.Offsets, i, drawn)
		}
	}
	l.arrange(drawn, column || d.Form == FormColumn)
}

// lineUpSeen works out d's formation as the other side last saw it (sighting): the units that
// stood then, as they stood, into l.
func (g *Game) lineUpSeen(d *Detachment, l *lineup) {
	l.off, l.half, l.units = l.off[:0], l.half[:0], l.units[:0]
	units, form, offsets := g.sighting(d)
	drawn := form == FormDrawn && !d.SeenColumn && len(offsets) == len(units)
	for i, s := range units {
		if u := g.units[s.ID]; u != nil && !u.Destroyed && s.In == "" {
			l.add(u, offsets, i, drawn)
		}
	}
	l.arrange(drawn, d.SeenColumn || form == FormColumn)
}

// add adds a unit standing in the formation, the i-th of its detachment (offsets: a drawn
// shape's, used when drawn).
func (l *lineup) add(u *Unit, offsets []Point, i int, drawn bool) {
	w, dp := u.base()
	l.units = append(l.units, u)
	l.half = append(l.half, Point{w / 2, dp / 2})
	var o Point
	if drawn {
		o = offsets[i]
	}
	l.off = append(l.off, o)
}

// arrange places the units added in their drawn shape, or in line or column round the point,
// and measures the formation's frontage and length.
func (l *lineup) arrange(drawn, column bool) {
	total := 0.0
	for _, h := range l.half {
		switch {
		case drawn:
		case column:
			total += 2 * h.Y
		default:
			total += 2 * h.X
		}
	}
	if n := len(l.units); n > 1 && !drawn {
		total += BaseGap * float64(n-1)
	}
	// place line and column round the point
	at := total / 2
	for i := range l.off {
		h := l.half[i]
		switch {
		case drawn:
		case column:
			l.off[i] = Point{0, at - h.Y}
			at -= 2*h.Y + BaseGap
		default:
			l.off[i] = Point{-at + h.X, 0}
			at -= 2*h.X + BaseGap
		}
	}
	x0, x1, y0, y1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i, o := range l.off {
		h := l.half[i]
		x0, x1 = min(x0, o.X-h.X), max(x1, o.X+h.X)
		y0, y1 = min(y0, o.Y-h.Y), max(y1, o.Y+h.Y)
	}
	l.frontage, l.length = 0, 0
	if len(l.off) > 0 {
		l.frontage, l.length = x1-x0, y1-y0
	}
}

// ahead is the unit vector of a compass bearing (0 up the table, 90 to the right).
func ahead(facing float64) Point {
	s, c := math.Sincos(facing * math.Pi / 180)
	return Point{s, c}
}

// place appends the lineup's bases standing with its point at pos, faced along the unit
// vector f.
func (l *lineup) place(out []Base, pos, f Point) []Base {
	r := Point{f.Y, -f.X} // to the right of f
	for i, o := range l.off {
		c := Point{pos.X + o.X*r.X + o.Y*f.X, pos.Y + o.X*r.Y + o.Y*f.Y}
		out = append(out, baseAround(c, r, f, l.half[i]))
	}
	return out
}

// baseAround is the base centred at c with half-width h.X and half-depth h.Y, faced along the
// unit vector f, r being the unit vector to its right.
func baseAround(c, r, f, h Point) Base {
	rx, ry := r.X*h.X, r.Y*h.X
	fx, fy := f.X*h.Y, f.Y*h.Y
	return Base{
		{c.X - rx - fx, c.Y - ry - fy},
		{c.X + rx - fx, c.Y + ry - fy},
		{c.X + rx + fx, c.Y + ry + fy},
		{c.X - rx + fx, c.Y - ry + fy},
	}
}

// Footprint is where the detachment's models stand now: each standing unit's base, in the
// order of its units.
func (g *Game) Footprint(d *Detachment) []Base {
	var l lineup
	g.lineUp(d, d.InColumn, &l)
	return l.place(nil, d.Pos, ahead(d.Facing))
}

// SeenFootprint is the detachment's footprint where the other side last saw it, as it stood
// then (Seen, SeenFacing, SeenColumn, its sighting's units and formation).
func (g *Game) SeenFootprint(d *Detachment) []Base {
	var l lineup
	g.lineUpSeen(d, &l)
	return l.place(nil, d.Seen, ahead(d.SeenFacing))
}

// Frontage is the breadth of the detachment's formation across its facing, in metres (in line
// or its drawn shape; a column's is its widest base).
func (g *Game) Frontage(d *Detachment) float64 {
	var l lineup
	g.lineUp(d, false, &l)
	return l.frontage
}

// FormNow is the formation the detachment stands in now: its own, or column while it passes
// a choke point in column.
func (d *Detachment) FormNow() Form {
	if d.InColumn {
		return FormColumn
	}
	return d.Form
}

// reveal shows the detachment to the other side where it stands now, as it stands: its units
// and their formation. Every showing of a detachment to the other side goes through here.
func (g *Game) reveal(d *Detachment) {
	d.Revealed, d.Seen, d.SeenFacing, d.SeenColumn = true, d.Pos, d.Facing, d.InColumn
	d.SeenForm, d.SeenOffsets = d.Form, d.Offsets
	if !g.seenAsItIs(d) {
		d.SeenUnits = make([]SeenUnit, len(d.Units))
		for i, id := range d.Units {
			d.SeenUnits[i] = SeenUnit{ID: id}
			if u := g.units[id]; u != nil {
				d.SeenUnits[i].In = u.In
			}
		}
	}
}

// seenAsItIs reports whether d's units and what they ride are as they were last seen (a new
// sighting need not be written).
func (g *Game) seenAsItIs(d *Detachment) bool {
	if d.SeenUnits == nil || len(d.SeenUnits) != len(d.Units) {
		return false
	}
	for i, id := range d.Units {
		if u := g.units[id]; d.SeenUnits[i].ID != id || u != nil && u.In != d.SeenUnits[i].In {
			return false
		}
	}
	return true
}

// sighting is d as the other side last saw it: its units (what they rode), formation and
// offsets. A detachment marked revealed without a sighting (set up so by hand) is seen as it is.
func (g *Game) sighting(d *Detachment) (units []SeenUnit, form Form, offsets []Point) {
	if d.SeenUnits != nil {
		return d.SeenUnits, d.SeenForm, d.SeenOffsets
	}
	for _, id := range d.Units {
		s := SeenUnit{ID: id}
		if u := g.units[id]; u != nil {
			s.In = u.In
		}
		units = append(units, s)
	}
	return units, d.Form, d.Offsets
}

// knownWhereItStands reports whether the other side knows where d's bases stand now: the
// referee revealed it, and it stands where it was seen, faced and formed as it was. Once it has
// moved, pivoted or re-formed unseen the other side knows only where it was (its view shows it
// there), not where it is. Overrun and the frontage gate both ask it.
func (d *Detachment) knownWhereItStands() bool {
	return d.Revealed && samePoint(d.Pos, d.Seen) && d.SeenFacing == d.Facing && d.SeenColumn == d.InColumn
}

// offsetsOf is each of d's units' offsets kept for the units listed (a drawn shape's), or nil
// when d has no drawn shape.
func offsetsOf(d *Detachment, units []string) []Point {
	if d.Form != FormDrawn || len(d.Offsets) != len(d.Units) || len(units) == 0 {
		return nil
	}
	out := make([]Point, 0, len(units))
	for _, id := range units {
		for i, x := range d.Units {
			if x == id {
				out = append(out, d.Offsets[i])
				break
			}
		}
	}
	return out
}

// offsetsIn is where d's units stand in t's frame (their bases' centres, a rider at its
// carrier's), for d joining t in t's drawn shape.
func (g *Game) offsetsIn(d, t *Detachment) []Point {
	var l lineup
	g.lineUp(d, d.InColumn, &l)
	f := ahead(d.Facing)
	r := Point{f.Y, -f.X}
	tf := ahead(t.Facing)
	tr := Point{tf.Y, -tf.X}
	at := map[string]Point{}
	for i, u := range l.units {
		o := l.off[i]
		c := Point{d.Pos.X + o.X*r.X + o.Y*f.X, d.Pos.Y + o.X*r.Y + o.Y*f.Y}
		rel := c.sub(t.Pos)
		at[u.ID] = Point{rel.dot(tr), rel.dot(tf)}
	}
	out := make([]Point, len(d.Units))
	for i, id := range d.Units {
		p, ok := at[id]
		if u := g.units[id]; !ok && u != nil {
			p = at[u.In]
		}
		out[i] = p
	}
	return out
}

// ---------------------------------------------------------------- convex shapes

// box of a base.
func (b *Base) box() box { return boxOf(b[:]) }

// minkowski is the convex polygon p ⊕ (-q), the places of q's point from which q would
// overlap p: both counter-clockwise, the result too (in out's room, up to len(p)+len(q)
// corners). A point moving along a line stays as far from it as q moved by the same steps
// stays from p.
func minkowski(p, q []Point, out []Point) []Point {
	out = out[:0]
	n, m := len(p), len(q)
	// q negated is counter-clockwise too; start both at their lowest (then leftmost) corner
	i0, j0 := 0, 0
	for i := 1; i < n; i++ {
		if p[i].Y < p[i0].Y || p[i].Y == p[i0].Y && p[i].X < p[i0].X {
			i0 = i
		}
	}
	for j := 1; j < m; j++ {
		// the lowest of -q is the highest of q
		if q[j].Y > q[j0].Y || q[j].Y == q[j0].Y && q[j].X > q[j0].X {
			j0 = j
		}
	}
	pa := func(i int) Point { return p[(i0+i)%n] }
	qa := func(j int) Point { x := q[(j0+j)%m]; return Point{-x.X, -x.Y} }
	// walk both polygons' edges in the order of their bearings, adding corners
	for i, j := 0, 0; i < n || j < m; {
		a, b := pa(i), qa(j)
		out = append(out, Point{a.X + b.X, a.Y + b.Y})
		switch {
		case i == n:
			j++
		case j == m:
			i++
		default:
			c := pa(i + 1).sub(a).cross(qa(j + 1).sub(b))
			if c >= 0 {
				i++
			}
			if c <= 0 {
				j++
			}
		}
	}
	return out
}

// signedDist is how far p is from the convex counter-clockwise polygon m: its distance when
// outside, minus its depth when inside.
func signedDist(p Point, m []Point) float64 {
	worst := math.Inf(-1)
	for i := range m {
		a, b := m[i], m[(i+1)%len(m)]
		e := b.sub(a)
		l := math.Hypot(e.X, e.Y)
		if l < 1e-12 {
			continue
		}
		// outward, to the right of a counter-clockwise edge
		worst = max(worst, (p.sub(a)).cross(e)/l)
	}
	if worst <= 0 {
		return worst
	}
	best := math.Inf(1)
	for i := range m {
		best = min(best, DistToSegment(p, m[i], m[(i+1)%len(m)]))
	}
	return best
}

// Tolerances of the sweep: a point within touch of reach is within it; a move comes closer
// when a probe's length along it brings the point nearer by more than a ten-thousandth of it.
const (
	touch = 1e-6
	probe = 1e-3
)

// firstMeet is the first t in [0, 1] at which the point t·v comes within reach r of the
// convex polygon m. A point already within r meets it at once if the move brings it any
// closer, and never if not (moving straight away or along it): along a line, the distance
// from a convex shape falls, if at all, only before it rises.
func firstMeet(v Point, m []Point, r float64) (float64, bool) {
	sd := signedDist(Point{}, m)
	if sd <= r+touch {
		l := math.Hypot(v.X, v.Y)
		if l < eps {
			return 0, false
		}
		k := math.Min(probe, l) / l
		return 0, signedDist(Point{v.X * k, v.Y * k}, m) < sd-1e-4*k*l
	}
	best := math.Inf(1)
	w := math.Max(r, 1e-9)
	for i := range m {
		if lo, _, ok := capsuleSpan(Point{}, v, m[i], m[(i+1)%len(m)], w); ok && lo < best {
			best = lo
		}
	}
	return best, best <= 1
}

// overlapsArea reports whether a base and an area share more than an edge: a base only
// touching the area's edge from outside is not on it.
func overlapsArea(b *Base, pg Polygon) bool {
	c := lerp(b[0], b[2], 0.5)
	var in Base
	for i, p := range b {
		in[i] = lerp(p, c, 1e-6) // a micrometre inside
		if pg.Contains(in[i]) {
			return true
		}
	}
	for _, p := range pg {
		if signedDist(p, in[:]) < 0 {
			return true
		}
	}
	for i := range in {
		a, e := in[i], in[(i+1)%4]
		for j := range pg {
			if segmentsTouch(a, e, pg[j], pg[(j+1)%len(pg)]) {
				return true
			}
		}
	}
	return false
}

// breadth is how wide the polygon is across the unit direction f.
func breadth(pg Polygon, f Point) float64 {
	n := Point{f.Y, -f.X}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range pg {
		x := p.dot(n)
		lo, hi = min(lo, x), max(hi, x)
	}
	return hi - lo
}

// standBeside puts a stand leaving its carrier in d's drawn shape just behind the carrier (the
// seed: the stand is placed adjacent to its vehicle). A line or a column re-forms by itself.
func (g *Game) standBeside(d *Detachment, u, v *Unit) {
	if d.Form != FormDrawn || len(d.Offsets) != len(d.Units) || v == nil {
		return
	}
	iu, iv := slices.Index(d.Units, u.ID), slices.Index(d.Units, v.ID)
	if iu < 0 || iv < 0 {
		return
	}
	_, vd := v.base()
	_, ud := u.base()
	offs := slices.Clone(d.Offsets) // clones share the old ones
	offs[iu] = Point{offs[iv].X, offs[iv].Y - vd/2 - ud/2}
	d.Offsets = offs
}
