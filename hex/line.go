package hex

import "math"

// LineStep is one step of a line traced from hex centre to hex centre. Where the line runs
// exactly along a hexside between two hexes, Split is true and the step is both A and B (LOS
// along a hexside is blocked only when both hexes block it); otherwise the step is hex A.
type LineStep struct {
	A, B  Hex
	Split bool
}

// Line traces the straight line from the centre of a to the centre of b and returns the hexes
// it crosses, a and b included, in order.
func Line(a, b Hex) []LineStep {
	steps := make([]LineStep, 0, Distance(a, b)+1)
	Trace(a, b, func(st LineStep) bool {
		steps = append(steps, st)
		return true
	})
	return steps
}

// Trace is Line without the slice: it calls visit for each step in order and stops early when
// visit returns false. It does not allocate.
func Trace(a, b Hex, visit func(LineStep) bool) {
	n := Distance(a, b)
	aq, ar := a.axial()
	bq, br := b.axial()
	as := -aq - ar
	bs := -bq - br
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		q := float64(aq) + (float64(bq)-float64(aq))*t
		r := float64(ar) + (float64(br)-float64(ar))*t
		s := float64(as) + (float64(bs)-float64(as))*t
		const e = 1e-6
		h1 := cubeRound(q+e, r+2*e, s-3*e)
		h2 := cubeRound(q-e, r-2*e, s+3*e)
		st := LineStep{A: h1, B: h1}
		if h1 != h2 {
			st = LineStep{A: h1, B: h2, Split: true}
		}
		if !visit(st) {
			return
		}
	}
}

func cubeRound(q, r, s float64) Hex {
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return fromAxial(int(rq), int(rr))
}

// Centre is the position of the hex centre in hex-width units, x to the right and y down, with
// neighbouring centres sqrt(3) apart. Useful for drawing and for geometry tests.
func (h Hex) Centre() (x, y float64) {
	x = 1.5 * float64(h.X)
	y = math.Sqrt(3) * (float64(h.Y) + 0.5*float64(h.X&1))
	return
}

// Corner is the position of the vertex hexspine p of h points at, in the units of Centre: the
// corner at 60p degrees counterclockwise from the x axis (y grows down), shared by h and the
// two hexes of SpineHexes(p).
func (h Hex) Corner(p Spine) (x, y float64) {
	cx, cy := h.Centre()
	a := math.Pi / 3 * float64(p)
	return cx + math.Cos(a), cy - math.Sin(a)
}

// Crossing is how a segment meets a hex: not at all (or at one point), through its interior,
// or along one of its hexsides.
type Crossing uint8

// Kinds of crossing.
const (
	Misses Crossing = iota
	Through
	Along
)

// Cross reports how the segment from (ax, ay) to (bx, by) meets hex h, and for Along the
// hexside it runs along.
func (h Hex) Cross(ax, ay, bx, by float64) (Crossing, Side) {
	const eps = 1e-7
	t0, t1 := 0.0, 1.0
	dx, dy := bx-ax, by-ay
	var cx, cy [6]float64
	for k := range 6 {
		cx[k], cy[k] = h.Corner(Spine(k))
	}
	for k := range 6 {
		// Edge k runs from corner k to corner k+1; the hex lies to its left (counterclockwise
		// on paper means clockwise in these y-down units), i.e. towards the centre.
		ex, ey := cx[(k+1)%6]-cx[k], cy[(k+1)%6]-cy[k]
		// Inward normal: pointing at the centre.
		nx, ny := -ey, ex
		mx, my := h.Centre()
		if (mx-cx[k])*nx+(my-cy[k])*ny < 0 {
			nx, ny = -nx, -ny
		}
		num := (ax-cx[k])*nx + (ay-cy[k])*ny // >= 0 inside
		den := dx*nx + dy*ny
		switch {
		case math.Abs(den) < eps:
			if num < -eps {
				return Misses, 0
			}
		case den > 0:
			t0 = math.Max(t0, -num/den)
		default:
			t1 = math.Min(t1, -num/den)
		}
	}
	if t1-t0 < eps {
		return Misses, 0
	}
	// Along a hexside: the middle of the part inside lies on an edge.
	px, py := ax+dx*(t0+t1)/2, ay+dy*(t0+t1)/2
	for k := range 6 {
		ex, ey := cx[(k+1)%6]-cx[k], cy[(k+1)%6]-cy[k]
		cross := (px-cx[k])*ey - (py-cy[k])*ex
		if math.Abs(cross)/math.Hypot(ex, ey) < 1e-6 {
			return Along, Side(k)
		}
	}
	return Through, 0
}
