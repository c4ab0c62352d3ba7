package lwgen

import (
	"math"

	lw "github.com/umpire-referee/umpire/lightningwar"
)

// The invariants measure bases with geometry of their own, apart from the rules core's (which
// they check): two bases are convex quadrilaterals, and their gap is the distance between
// their nearest edges, or less than zero by how deep they overlap.

// baseGap is the distance between two bases, edge to edge; when they overlap, minus the least
// distance one must move to clear the other (separating axes).
func baseGap(a, b *lw.Base) float64 {
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

// onArea reports whether a base stands on an area by more than touching its edge: a point a
// hair inside one of its corners or its centre is in the area, a corner of the area is inside
// the base, or their edges cross.
func onArea(b *lw.Base, pg lw.Polygon) bool {
	const hair = 1e-4 // metres
	c := lw.Point{X: (b[0].X + b[2].X) / 2, Y: (b[0].Y + b[2].Y) / 2}
	var in lw.Base
	for i, p := range b {
		d := math.Hypot(c.X-p.X, c.Y-p.Y)
		if d == 0 {
			return pg.Contains(c)
		}
		in[i] = lw.Point{X: p.X + (c.X-p.X)*hair/d, Y: p.Y + (c.Y-p.Y)*hair/d}
		if pg.Contains(in[i]) {
			return true
		}
	}
	if pg.Contains(c) {
		return true
	}
	for _, p := range pg {
		if inside(p, &in) {
			return true
		}
	}
	for i := range in {
		for j := range pg {
			if cross(in[i], in[(i+1)%4], pg[j], pg[(j+1)%len(pg)]) {
				return true
			}
		}
	}
	return false
}

// inside reports whether p is strictly inside the convex base q (either way round).
func inside(p lw.Point, q *lw.Base) bool {
	pos, neg := false, false
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		z := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
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
