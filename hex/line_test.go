package hex

import (
	"math"
	"testing"
)

// Corner k of a hex is shared with the two hexes its hexspine points between: it lies one
// radius from each of the three centres.
func TestCornerIsShared(t *testing.T) {
	for _, h := range []Hex{{X: 4, Y: 4}, {X: 5, Y: 4}} {
		for p := Spine(0); p < 6; p++ {
			x, y := h.Corner(p)
			a, b := h.SpineHexes(p)
			for _, n := range []Hex{h, a, b} {
				cx, cy := n.Centre()
				if d := math.Hypot(x-cx, y-cy); math.Abs(d-1) > 1e-9 {
					t.Errorf("corner %d of %v is %.3f from the centre of %v", p, h, d, n)
				}
			}
		}
	}
}

// Cross tells a segment through a hex from one along its hexside and one that misses it.
func TestCross(t *testing.T) {
	h := Hex{X: 4, Y: 4}
	cx, cy := h.Centre()
	n := h.Neighbor(0)
	nx, ny := n.Centre()
	if c, _ := h.Cross(cx-3, cy, cx+3, cy); c != Through {
		t.Errorf("a line through the centre: %v", c)
	}
	// Along side 0: from corner 0 to corner 1, extended.
	x0, y0 := h.Corner(0)
	x1, y1 := h.Corner(1)
	if c, s := h.Cross(2*x0-x1, 2*y0-y1, 2*x1-x0, 2*y1-y0); c != Along || s != 0 {
		t.Errorf("a line along side 0: %v %v", c, s)
	}
	if c, _ := h.Cross(nx, ny, nx+1, ny-1); c != Misses {
		t.Errorf("a line beyond the neighbour: %v", c)
	}
	// From a corner outward, away from the hex: touches it at one point only.
	if c, _ := h.Cross(x0, y0, x0+1, y0); c != Misses {
		t.Errorf("a line leaving a corner outward: %v", c)
	}
}

// Edge k of Cross (corner k to corner k+1) is side k: its middle is halfway to Neighbor(k).
func TestEdgeIsSide(t *testing.T) {
	for _, h := range []Hex{{X: 4, Y: 4}, {X: 5, Y: 4}} {
		cx, cy := h.Centre()
		for s := Side(0); s < 6; s++ {
			a, b := s.Ends()
			x0, y0 := h.Corner(a)
			x1, y1 := h.Corner(b)
			nx, ny := h.Neighbor(s).Centre()
			if math.Hypot((x0+x1)/2-(cx+nx)/2, (y0+y1)/2-(cy+ny)/2) > 1e-9 {
				t.Errorf("side %d of %v is not between corners %d and %d", s, h, a, b)
			}
		}
	}
}
