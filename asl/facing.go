package asl

import (
	"github.com/umpire-referee/umpire/hex"
)

// Facing is a vehicular Target Facing (D2.32): which part of the vehicle a shot from a hex
// strikes, and the unit a TCA change is measured in while in Bypass (D2.321).
type Facing uint8

// Target Facings. The two sides are told apart: going from one side to the other passes
// through the front or the rear.
const (
	Front Facing = iota
	RightSide
	Rear
	LeftSide
)

var facingNames = [...]string{"front", "right side", "rear", "left side"}

func (f Facing) String() string { return facingNames[f] }

// Side reports a side Target Facing.
func (f Facing) Side() bool { return f == RightSide || f == LeftSide }

// inWedge reports whether t lies in the wedge of hexes starting at hex o and spreading along
// the hex rows in directions s and s+1: the hexes o + a*s + b*(s+1) with a, b >= 0.
func inWedge(o hex.Hex, s hex.Side, t hex.Hex) bool {
	// Walk: every hex of the wedge at distance n from o is reached by n steps mixing the two
	// directions; solve by stepping along s until t is reachable along s+1.
	n := hex.Distance(o, t)
	p := o
	for a := 0; a <= n; a++ {
		// from p, b = n - a steps along s+1
		q := p
		for b := 0; b < n-a; b++ {
			q = q.Neighbor(s.Rotate(1))
		}
		if q == t {
			return true
		}
		p = p.Neighbor(s)
	}
	return false
}

// TargetFacing is the Target Facing of vehicle position p that a shot from hex `from` strikes.
//
// In Bypass (D2.32) the front Target Facing is the hex straight ahead of the CAFP, the two
// diagonal hex rows converging on it, and every hex between them; the rear is the same behind
// the rear vertex; all else is side. In a hex centre the front is the vehicle's VCA (the two hex
// rows spreading from the two hexes its front hexspine points between, and the hexes between
// them) and the rear is the same behind it. The sides are told apart by which side of the
// vehicle's axis the firing hex lies.
func TargetFacing(p Position, from hex.Hex) Facing {
	h := p.Heading
	back := h.Opposite()
	if p.Bypass {
		c := p.CAFP()
		if x, ok := hexFromVertex(p.Hex, c, h); ok {
			s1, _ := h.Sides()
			if inWedge(x, s1, from) {
				return Front
			}
		}
		if x, ok := hexFromVertex(p.Hex, p.rearVertex(), back); ok {
			s1, _ := back.Sides()
			if inWedge(x, s1, from) {
				return Rear
			}
		}
		return sideOf(vertexPoint(p.Hex, p.rearVertex()), vertexPoint(p.Hex, c), from)
	}
	if from != p.Hex {
		s1, _ := h.Sides()
		a, b := p.Hex.SpineHexes(h)
		if inWedge(a, s1, from) || inWedge(b, s1, from) {
			return Front
		}
		r1, _ := back.Sides()
		a, b = p.Hex.SpineHexes(back)
		if inWedge(a, r1, from) || inWedge(b, r1, from) {
			return Rear
		}
	}
	return sideOf(vertexPoint(p.Hex, back), vertexPoint(p.Hex, h), from)
}

// vertexPoint is the drawing position of vertex c of hex h (see hex.Hex.Centre).
func vertexPoint(h hex.Hex, c hex.Spine) [2]float64 {
	x, y := h.Centre()
	// Flat-topped hexes of circumradius 1 in Centre's units; y grows downward.
	dx := [6]float64{1, 0.5, -0.5, -1, -0.5, 0.5}
	dy := [6]float64{0, -0.8660254037844386, -0.8660254037844386, 0, 0.8660254037844386, 0.8660254037844386}
	return [2]float64{x + dx[c], y + dy[c]}
}

// sideOf says on which side of the axis from rear point r to front point f the centre of t lies.
func sideOf(r, f [2]float64, t hex.Hex) Facing {
	x, y := t.Centre()
	cross := (f[0]-r[0])*(y-r[1]) - (f[1]-r[1])*(x-r[0])
	// y grows downward, so a positive cross product is to the right of the direction of travel.
	if cross > 0 {
		return RightSide
	}
	return LeftSide
}

// facingSteps is how many Target Facings a TCA moves from a to b, and whether it moves to or
// through a side Target Facing.
func facingSteps(a, b Facing) (n int, viaSide bool) {
	switch {
	case a == b:
		return 0, false
	case a.Side() && b.Side():
		return 2, true // across the front or the rear
	case (a == Front && b == Rear) || (a == Rear && b == Front):
		return 2, true
	}
	return 1, a.Side() || b.Side()
}

// CaseA is the To Hit DRM of Case A (C5.1) for firing after a change of CA: T +1 per hexspine
// (or Target Facing in Bypass), ST +2 for the first and +1 for each further one, NT +3 then +1.
func CaseA(t Turret, n int) int {
	if n <= 0 {
		return 0
	}
	switch t {
	case TurretST:
		return 2 + (n - 1)
	case TurretNT:
		return 3 + (n - 1)
	}
	return n
}

var turretNames = [...]string{"T", "ST", "NT"}

func (t Turret) String() string { return turretNames[t] }

// TCAChange works out the Case A To Hit DRM for a vehicle in Bypass turning its TCA to fire on
// a target in hex `at` (D2.321), given the Target Facing its TCA points at and the hex of the
// target it has acquired (if any). It returns the DRM with its terms and the new TCA facing.
//
// In Bypass the change is counted in Target Facings, not hexspines; a change to or through a
// side Target Facing adds +1; and firing within a side Target Facing pays Case A for one
// Target Facing even without a change, unless at the target already acquired.
func TCAChange(v *Vehicle, p Position, tca Facing, acquired *hex.Hex, at hex.Hex) (DRM, Facing) {
	var d DRM
	f := TargetFacing(p, at)
	if acquired != nil && *acquired == at && f == tca {
		return d, f // already acquired: no Case A
	}
	n, viaSide := facingSteps(tca, f)
	label := v.Turret.String()
	switch {
	case n == 0 && f.Side():
		d.Add(CaseA(v.Turret, 1), label+", new target in the enlarged side CA")
	case n == 1:
		d.Add(CaseA(v.Turret, 1), label)
	case n == 2:
		d.Add(CaseA(v.Turret, 2), label+" TCA change of two Target Facings")
	}
	if n > 0 && viaSide {
		d.Add(1, "TCA change to/through Bypass side Target Facing")
	}
	return d, f
}
