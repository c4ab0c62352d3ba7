package lightningwar

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// Scale (rules-notes 3.1): one inch of table is 50 m, and a speed of x MPH moves x/2 inches in
// a turn. Positions and distances are kept in metres; they print in inches.
const (
	MetresPerInch = 50.0
	// InchesPerMPH is how many inches a turn one MPH of speed moves.
	InchesPerMPH = 0.5
)

// eps is the tolerance, in metres, below which two lengths are the same (a thousandth of a
// millimetre of table).
const eps = 1e-9

// Point is a place on the table, in metres from its lower-left corner.
type Point struct{ X, Y float64 }

// Inch is the point x, y inches from the table's lower-left corner.
func Inch(x, y float64) Point { return Point{x * MetresPerInch, y * MetresPerInch} }

// Inches is the point in inches.
func (p Point) Inches() (x, y float64) { return p.X / MetresPerInch, p.Y / MetresPerInch }

func (p Point) String() string {
	var buf [48]byte
	return string(p.appendTo(buf[:0]))
}

// appendTo appends the point as String prints it: x,y in inches.
func (p Point) appendTo(b []byte) []byte {
	x, y := p.Inches()
	b = appendTrim(b, x)
	b = append(b, ',')
	return appendTrim(b, y)
}

func (p Point) sub(q Point) Point      { return Point{p.X - q.X, p.Y - q.Y} }
func (p Point) dot(q Point) float64    { return p.X*q.X + p.Y*q.Y }
func (p Point) cross(q Point) float64  { return p.X*q.Y - p.Y*q.X }
func (p Point) Dist(q Point) float64   { return math.Hypot(p.X-q.X, p.Y-q.Y) }
func lerp(a, b Point, t float64) Point { return Point{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t} }
func finite(p Point) bool              { return !math.IsNaN(p.X+p.Y) && !math.IsInf(p.X+p.Y, 0) }
func samePoint(p, q Point) bool        { return p.Dist(q) <= 1e-6 }
func inchesOf(m float64) float64       { return m / MetresPerInch }
func metres(inches float64) float64    { return inches * MetresPerInch }
func speedMetres(mph float64) float64  { return metres(mph * InchesPerMPH) }
func trimInches(m float64) string      { return trim(inchesOf(m)) + `"` }
func pointsEqual(a, b []Point) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// clamp01 is t held to [0, 1] (NaN stays NaN, -0 becomes 0), as math.Max(0, math.Min(1, t))
// gives it, without their calls: it sits under every distance to a segment.
func clamp01(t float64) float64 {
	if t <= 0 {
		return 0
	}
	if t >= 1 {
		return 1
	}
	return t
}

// nearBox reports whether p lies within m of the box around segment ab. A point further than
// that from the box is further than m from the segment, so a caller asking "within w of ab?"
// for w well under m may answer no without measuring: the measured distance could differ from
// the true one only by rounding, far under a micrometre on any table.
func nearBox(p, a, b Point, m float64) bool {
	x0, x1, y0, y1 := a.X, b.X, a.Y, b.Y
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	return p.X >= x0-m && p.X <= x1+m && p.Y >= y0-m && p.Y <= y1+m
}

// trim prints v with at most two decimals and no trailing zeros.
func trim(v float64) string {
	var buf [24]byte
	return string(appendTrim(buf[:0], v))
}

// appendTrim appends v as trim prints it. v rounds to k hundredths, and the shortest decimal
// that reads back as k/100 is k/100 itself while k is far below 2^53 (any other decimal of two
// places is a hundredth away, and one of more places is longer), so below a billion it is
// written from k's digits; larger and stranger numbers go to strconv.
func appendTrim(b []byte, v float64) []byte {
	k := math.Round(v * 100)
	if !(math.Abs(k) < 1e11) {
		v = k / 100
		if v == 0 {
			v = 0 // no "-0"
		}
		return strconv.AppendFloat(b, v, 'f', -1, 64)
	}
	n := int64(k)
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/100, 10)
	if c := n % 100; c != 0 {
		b = append(b, '.', byte('0'+c/10))
		if c%10 != 0 {
			b = append(b, byte('0'+c%10))
		}
	}
	return b
}

// appendInches appends a length in metres as trimInches prints it: 2", 1.5".
func appendInches(b []byte, m float64) []byte { return append(appendTrim(b, inchesOf(m)), '"') }

// Inches prints a length in metres as inches: `2"`, `1.5"`.
func Inches(m float64) string { return trimInches(m) }

// Polygon is an area of the table: its corners in order (either way round), closed back to the
// first. A valid polygon is simple: at least three distinct corners, some area, and no edge
// crossing or touching another except its neighbours at their shared corner.
type Polygon []Point

// Validate says why a polygon is not a simple area, or nil.
func (pg Polygon) Validate() error {
	if len(pg) < 3 {
		return fmt.Errorf("a polygon needs at least 3 corners, this one has %d", len(pg))
	}
	for i, p := range pg {
		if !finite(p) {
			return fmt.Errorf("corner %d is not a number", i+1)
		}
		if samePoint(p, pg[(i+1)%len(pg)]) {
			return fmt.Errorf("corners %d and %d are the same point (%v)", i+1, (i+1)%len(pg)+1, p)
		}
	}
	n := len(pg)
	for i := 0; i < n; i++ {
		a, b := pg[i], pg[(i+1)%n]
		for j := i + 1; j < n; j++ {
			c, d := pg[j], pg[(j+1)%n]
			if j == i+1 || (i == 0 && j == n-1) {
				// neighbours share a corner; they may not fold back over each other
				if collinearOverlap(a, b, c, d) {
					return fmt.Errorf("edges %d and %d fold back over each other", i+1, j+1)
				}
				continue
			}
			if segmentsTouch(a, b, c, d) {
				return fmt.Errorf("the polygon crosses itself: edge %d (%v to %v) meets edge %d (%v to %v)",
					i+1, a, b, j+1, c, d)
			}
		}
	}
	if math.Abs(pg.area()) < 1e-6 {
		return errors.New("the polygon has no area (its corners are in a line)")
	}
	return nil
}

func (pg Polygon) area() float64 {
	s := 0.0
	for i, p := range pg {
		s += p.cross(pg[(i+1)%len(pg)])
	}
	return s / 2
}

// box is the smallest upright rectangle holding some points.
type box struct{ x0, y0, x1, y1 float64 }

// boxOf is the box of the points (an empty box for none).
func boxOf(pts []Point) box {
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		b.x0, b.y0 = min(b.x0, p.X), min(b.y0, p.Y)
		b.x1, b.y1 = max(b.x1, p.X), max(b.y1, p.Y)
	}
	return b
}

// boxOf2 is the box of two points.
func boxOf2(a, b Point) box {
	return box{min(a.X, b.X), min(a.Y, b.Y), max(a.X, b.X), max(a.Y, b.Y)}
}

// meets reports whether the boxes come within m of each other.
func (b box) meets(c box, m float64) bool {
	return b.x0 <= c.x1+m && c.x0 <= b.x1+m && b.y0 <= c.y1+m && c.y0 <= b.y1+m
}

// near reports whether p lies within m of the box.
func (b box) near(p Point, m float64) bool {
	return p.X >= b.x0-m && p.X <= b.x1+m && p.Y >= b.y0-m && p.Y <= b.y1+m
}

// Contains reports whether p lies inside the polygon (a point on an edge counts as inside).
// A point more than a micrometre outside the polygon's box is not: it is not within 1e-7 of
// any edge (nearBox), and a ray from it crosses the edges an even number of times or none.
func (pg Polygon) Contains(p Point) bool {
	in := false
	n := len(pg)
	for i := 0; i < n; i++ {
		j := i + 1
		if j == n {
			j = 0
		}
		a, b := pg[i], pg[j]
		if nearBox(p, a, b, 1e-6) && DistToSegment(p, a, b) <= 1e-7 {
			return true
		}
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
			if p.X < x {
				in = !in
			}
		}
	}
	return in
}

// orient is the sign of the turn a -> b -> c (+1 left, -1 right, 0 in line).
func orient(a, b, c Point) int {
	v := b.sub(a).cross(c.sub(a))
	scale := math.Max(1, b.sub(a).dot(b.sub(a))+c.sub(a).dot(c.sub(a)))
	if math.Abs(v) <= 1e-12*scale {
		return 0
	}
	if v > 0 {
		return 1
	}
	return -1
}

func onSegment(p, a, b Point) bool {
	return math.Min(a.X, b.X)-1e-9 <= p.X && p.X <= math.Max(a.X, b.X)+1e-9 &&
		math.Min(a.Y, b.Y)-1e-9 <= p.Y && p.Y <= math.Max(a.Y, b.Y)+1e-9
}

// segmentsTouch reports whether segments ab and cd share any point.
func segmentsTouch(a, b, c, d Point) bool {
	o1, o2, o3, o4 := orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
	if o1 != o2 && o3 != o4 && o1*o2 <= 0 && o3*o4 <= 0 {
		if o1 != 0 || o2 != 0 {
			return true
		}
	}
	return o1 == 0 && onSegment(c, a, b) || o2 == 0 && onSegment(d, a, b) ||
		o3 == 0 && onSegment(a, c, d) || o4 == 0 && onSegment(b, c, d)
}

// collinearOverlap reports whether two edges sharing a corner run back along each other.
func collinearOverlap(a, b, c, d Point) bool {
	if orient(a, b, c) != 0 || orient(a, b, d) != 0 {
		return false
	}
	u, v := b.sub(a), d.sub(c)
	return u.dot(v) < 0
}

// DistToSegment is the distance from p to the segment ab.
func DistToSegment(p, a, b Point) float64 { return p.Dist(nearestOnSegment(p, a, b)) }

// nearestOnSegment is the point of segment ab nearest p.
func nearestOnSegment(p, a, b Point) Point {
	ab := b.sub(a)
	l := ab.dot(ab)
	if l == 0 {
		return a
	}
	return lerp(a, b, clamp01(p.sub(a).dot(ab)/l))
}

// crossingsOf appends the parameters t in (0, 1) at which segment ab crosses the edges of the
// line through pts, edge by edge from the first point, closed back to it if closed (a
// polygon's edges). Running along an edge is not crossing it.
func crossingsOf(ts []float64, a, b Point, pts []Point, closed bool) []float64 {
	r := b.sub(a)
	n := len(pts) - 1
	if closed {
		n = len(pts)
	}
	for j := 0; j < n; j++ {
		k := j + 1
		if k == len(pts) {
			k = 0
		}
		c, d := pts[j], pts[k]
		s := d.sub(c)
		den := r.cross(s)
		if den < 1e-12 && den > -1e-12 {
			continue // parallel
		}
		qp := c.sub(a)
		// t = tn / den is in (0, 1) only if tn is not 0, has den's sign and is the smaller: a
		// division that could only say no is not made
		tn := qp.cross(s)
		if tn == 0 || (tn > 0) != (den > 0) || den > 0 && tn >= den || den < 0 && tn <= den {
			continue
		}
		t := tn / den
		u := qp.cross(r) / den
		if t > 0 && t < 1 && u >= -1e-12 && u <= 1+1e-12 {
			ts = append(ts, t)
		}
	}
	return ts
}

// Polyline is a line drawn on the table (a road's centre line, a stream).
type Polyline []Point

// Validate says why a polyline cannot be drawn, or nil.
func (pl Polyline) Validate() error {
	if len(pl) < 2 {
		return fmt.Errorf("a line needs at least 2 points, this one has %d", len(pl))
	}
	for i, p := range pl {
		if !finite(p) {
			return fmt.Errorf("point %d is not a number", i+1)
		}
		if i > 0 && samePoint(p, pl[i-1]) {
			return fmt.Errorf("points %d and %d are the same point (%v)", i, i+1, p)
		}
	}
	return nil
}

// Length is the line's length in metres.
func (pl Polyline) Length() float64 {
	s := 0.0
	for i := 1; i < len(pl); i++ {
		s += pl[i].Dist(pl[i-1])
	}
	return s
}

// At is the point s metres along the line (clamped to its ends) and the index of the leg
// it lies on.
func (pl Polyline) At(s float64) (Point, int) { return pl.at(s, nil) }

// Nearest is the point of the line nearest p and the index of the leg it lies on.
func (pl Polyline) Nearest(p Point) (Point, int) {
	best, leg, bd := Point{}, 0, math.Inf(1)
	if len(pl) == 1 {
		return pl[0], 0
	}
	for i := 1; i < len(pl); i++ {
		if q := nearestOnSegment(p, pl[i-1], pl[i]); q.Dist(p) < bd {
			best, leg, bd = q, i-1, q.Dist(p)
		}
	}
	return best, leg
}

// at is At given the lengths of the line's legs (measured here when nil).
func (pl Polyline) at(s float64, lens []float64) (Point, int) {
	if len(pl) == 0 {
		return Point{}, 0
	}
	if s <= 0 {
		return pl[0], 0
	}
	for i := 1; i < len(pl); i++ {
		l := legLength(pl, lens, i)
		if s <= l {
			if l == 0 {
				return pl[i], i - 1
			}
			return lerp(pl[i-1], pl[i], s/l), i - 1
		}
		s -= l
	}
	return pl[len(pl)-1], len(pl) - 2
}

// legLength is the length of the line's leg ending at point i: lens[i-1], or measured when
// lens is nil.
func legLength(pl Polyline, lens []float64, i int) float64 {
	if lens != nil {
		return lens[i-1]
	}
	return pl[i].Dist(pl[i-1])
}

// capsuleSpan is the part [lo, hi] of segment ab (as parameters 0..1) lying within w of
// segment cd; ok is false when no part does. The set of points within w of a segment is
// convex, so the part is a single interval.
func capsuleSpan(a, b, c, d Point, w float64) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	take := func(l, h float64) {
		l, h = math.Max(l, 0), math.Min(h, 1)
		if l <= h {
			lo, hi = math.Min(lo, l), math.Max(hi, h)
		}
	}
	ab := b.sub(a)
	// the two round ends
	for _, o := range []Point{c, d} {
		if l, h, ok := discSpan(a, ab, o, w); ok {
			take(l, h)
		}
	}
	// the band along cd: |cross| <= w*|cd| and 0 <= projection <= |cd|^2
	cd := d.sub(c)
	L := math.Sqrt(cd.dot(cd))
	if L > 0 {
		n := Point{-cd.Y / L, cd.X / L}
		tl, th := 0.0, 1.0
		clip := func(p0, dp, min, max float64) {
			// min <= p0 + dp t <= max
			if math.Abs(dp) < 1e-15 {
				if p0 < min-1e-12 || p0 > max+1e-12 {
					tl, th = 1, 0
				}
				return
			}
			t1, t2 := (min-p0)/dp, (max-p0)/dp
			if t1 > t2 {
				t1, t2 = t2, t1
			}
			tl, th = math.Max(tl, t1), math.Min(th, t2)
		}
		ac := a.sub(c)
		clip(ac.dot(n), ab.dot(n), -w, w)
		clip(ac.dot(cd)/L, ab.dot(cd)/L, 0, L)
		if tl <= th {
			take(tl, th)
		}
	}
	return lo, hi, lo <= hi
}

// discSpan is the part of the line a + t·ab within w of o.
func discSpan(a, ab, o Point, w float64) (lo, hi float64, ok bool) {
	f := a.sub(o)
	A := ab.dot(ab)
	B := 2 * f.dot(ab)
	C := f.dot(f) - w*w
	if A == 0 {
		return 0, 1, C <= 0
	}
	disc := B*B - 4*A*C
	if disc < 0 {
		return 0, 0, false
	}
	sq := math.Sqrt(disc)
	return (-B - sq) / (2 * A), (-B + sq) / (2 * A), true
}
