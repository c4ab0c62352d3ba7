package lwgen

import (
	"math"

	lw "github.com/umpire-referee/umpire/lightningwar"
)

// The invariants measure bases with geometry of their own, apart from the rules core's (which
// they check): two bases are convex quadrilaterals, and their gap is the distance between
// their nearest edges, or less than zero by how deep they overlap.

// baseGap is the distance between two bases, edge to edge; when they overlap, minus the least
// distance one must move to clear the other (separating axes). Bases whose boxes lie more
// than far apart give the distance between the boxes, which is less than theirs: the
// invariants ask only whether bases come within contact range or overlap.
func baseGap(a, b *lw.Base) float64 {
	const far = 50 // metres: 1"
	ax0, ay0, ax1, ay1 := bounds(a)
	bx0, by0, bx1, by1 := bounds(b)
	if apart := math.Max(math.Max(bx0-ax1, ax0-bx1), math.Max(by0-ay1, ay0-by1)); apart > far {
		return apart
	}
	depth := math.Inf(1)
	for _, q := range [2]*lw.Base{a, b} {
		for i := range q {
			p, r := q[i], q[(i+1)%4]
			n := lw.Point{X: r.Y - p.Y, Y: p.X - r.X}
			l := math.Hypot(n.X, n.Y)
			if l == 0 {
				continue
			}
			n.X, n.Y = n.X/l, n.Y/l
			alo, ahi := project(a, n)
			blo, bhi := project(b, n)
			o := math.Min(ahi, bhi) - math.Max(alo, blo)
			if o <= 0 {
				return edgeGap(a, b)
			}
			depth = math.Min(depth, o)
		}
	}
	return -depth
}

func bounds(q *lw.Base) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range q {
		x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	return x0, y0, x1, y1
}

func project(q *lw.Base, n lw.Point) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range q {
		x := p.X*n.X + p.Y*n.Y
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return lo, hi
}

// edgeGap is the least distance between an edge of a and an edge of b (which do not overlap).
func edgeGap(a, b *lw.Base) float64 {
	best := math.Inf(1)
	for i := range a {
		for j := range b {
			best = math.Min(best, segGap(a[i], a[(i+1)%4], b[j], b[(j+1)%4]))
		}
	}
	return best
}

// segGap is the distance between segments pq and rs that do not cross.
func segGap(p, q, r, s lw.Point) float64 {
	return math.Min(math.Min(ptSeg(p, r, s), ptSeg(q, r, s)), math.Min(ptSeg(r, p, q), ptSeg(s, p, q)))
}

func ptSeg(p, a, b lw.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

// overlapOn reports whether bases a and b overlap, by more than touching, where they stand on
// an area: the part of the table both cover meets the area.
func overlapOn(a, b *lw.Base, pg lw.Polygon) bool {
	return onArea(clip(a[:], b), pg)
}

// clip is the part of convex polygon p inside the convex base q (Sutherland-Hodgman), either
// way round.
func clip(p []lw.Point, q *lw.Base) []lw.Point {
	orient := 0.0
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		orient += a.X*b.Y - b.X*a.Y
	}
	out := p
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		side := func(c lw.Point) float64 { return ((b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X)) * orient }
		in := out
		out = nil
		for j := range in {
			c, d := in[j], in[(j+1)%len(in)]
			sc, sd := side(c), side(d)
			if sc >= 0 {
				out = append(out, c)
			}
			if (sc >= 0) != (sd >= 0) {
				t := sc / (sc - sd)
				out = append(out, lw.Point{X: c.X + t*(d.X-c.X), Y: c.Y + t*(d.Y-c.Y)})
			}
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

// onArea reports whether convex polygon p (a base, or the overlap of two) lies on an area by
// more than touching its edge: a point a hair inside one of its corners or its centre is in the
// area, a corner of the area is inside it, or their edges cross.
func onArea(p []lw.Point, pg lw.Polygon) bool {
	const hair = 1e-4 // metres
	if len(p) < 3 {
		return false
	}
	var c lw.Point
	for _, x := range p {
		c.X, c.Y = c.X+x.X/float64(len(p)), c.Y+x.Y/float64(len(p))
	}
	in := make([]lw.Point, len(p))
	for i, x := range p {
		d := math.Hypot(c.X-x.X, c.Y-x.Y)
		if d <= hair {
			return false // a sliver
		}
		in[i] = lw.Point{X: x.X + (c.X-x.X)*hair/d, Y: x.Y + (c.Y-x.Y)*hair/d}
		if pg.Contains(in[i]) {
			return true
		}
	}
	if pg.Contains(c) {
		return true
	}
	for _, x := range pg {
		if inside(x, in) {
			return true
		}
	}
	for i := range in {
		for j := range pg {
			if cross(in[i], in[(i+1)%len(in)], pg[j], pg[(j+1)%len(pg)]) {
				return true
			}
		}
	}
	return false
}

// inside reports whether x is strictly inside the convex polygon q (either way round).
func inside(x lw.Point, q []lw.Point) bool {
	pos, neg := false, false
	for i := range q {
		a, b := q[i], q[(i+1)%len(q)]
		z := (b.X-a.X)*(x.Y-a.Y) - (b.Y-a.Y)*(x.X-a.X)
		pos, neg = pos || z >= 0, neg || z <= 0
	}
	return !(pos && neg)
}

// cross reports whether segments pq and rs cross at a point inside both.
func cross(p, q, r, s lw.Point) bool {
	side := func(a, b, c lw.Point) float64 { return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X) }
	d1, d2 := side(p, q, r), side(p, q, s)
	d3, d4 := side(r, s, p), side(r, s, q)
	return (d1 > 0) != (d2 > 0) && d1 != 0 && d2 != 0 && (d3 > 0) != (d4 > 0) && d3 != 0 && d4 != 0
}
