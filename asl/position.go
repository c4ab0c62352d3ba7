package asl

import (
	"github.com/umpire-referee/umpire/hex"
)

// Position is where a vehicle is and which way it faces.
//
// In the centre of a hex, Heading is the hexspine of its VCA (D2.11): the vehicle may enter the
// two hexes that hexspine points between, or Bypass either of them along the hexside that joins
// them, which runs on from the hexspine.
//
// In Bypass (D2.3) the vehicle straddles hexside Side of Hex, the obstacle hex it occupies
// (D2.36), facing along that hexside; its CAFP is the vertex at the end it faces (D2.32).
// Heading is then one of the two directions along the hexside: Side+2 or Side+5. Pivot records
// a VCA change made at the CAFP (D2.33): -1 or +1 hexspine from Heading, along one of the two
// other hexsides that meet there; the vehicle must then Bypass along that hexside or reverse.
type Position struct {
	Hex      hex.Hex
	Heading  hex.Spine
	Bypass   bool
	Side     hex.Side
	Pivot    int8
	OnRoad   bool // entered along a road (or set up in a road hex): no Bog for VCA changes
	Offboard bool
	// Below: in the terrain below the bridge of Hex, a Location apart from the bridge
	// (rules-notes 1.2).
	Below bool
}

// Spot is where the vehicle's line of sight starts: its CAFP in Bypass (D2.37), else the
// centre of its hex.
func (p Position) Spot() Spot {
	if p.Bypass {
		return Spot{Hex: p.Hex, Vertex: true, Spine: p.CAFP()}
	}
	return Spot{Hex: p.Hex}
}

// CAFP is the vertex a vehicle in Bypass faces (D2.32), as a hexspine of Hex.
func (p Position) CAFP() hex.Spine {
	if p.Heading == hex.Spine(p.Side).Rotate(2) {
		return hex.Spine(p.Side).Rotate(1)
	}
	return hex.Spine(p.Side)
}

// rearVertex is the other end of the straddled hexside.
func (p Position) rearVertex() hex.Spine {
	if p.CAFP() == hex.Spine(p.Side) {
		return hex.Spine(p.Side).Rotate(1)
	}
	return hex.Spine(p.Side)
}

// FacingHeading is the direction the vehicle points, after any pivot at the CAFP.
func (p Position) FacingHeading() hex.Spine { return p.Heading.Rotate(int(p.Pivot)) }

// hexFromVertex is the hex touching vertex c of h that lies in direction d from the vertex
// (d must be c+1, c+3 or c+5).
func hexFromVertex(h hex.Hex, c, d hex.Spine) (hex.Hex, bool) {
	switch (int(d) - int(c) + 6) % 6 {
	case 1:
		return h.Neighbor(hex.Side(c)), true
	case 3:
		return h, true
	case 5:
		return h.Neighbor(hex.Side(c).Rotate(-1)), true
	}
	return hex.Hex{}, false
}

// lineFromVertex is the hexside running from vertex c of h in direction d (d must be c, c+2 or
// c+4), as the two hexes it separates.
func lineFromVertex(h hex.Hex, c, d hex.Spine) (hex.Hex, hex.Hex, bool) {
	switch (int(d) - int(c) + 6) % 6 {
	case 0:
		a, b := h.SpineHexes(c)
		return a, b, true
	case 2:
		return h, h.Neighbor(hex.Side(c)), true
	case 4:
		return h, h.Neighbor(hex.Side(c).Rotate(-1)), true
	}
	return hex.Hex{}, hex.Hex{}, false
}

// bypassAlong is the Bypass position reached by moving along the hexside between p and q,
// Bypassing p, from the vertex v (one end of that hexside) to its other end, facing heading
// (the direction of travel, or its opposite in Reverse).
func bypassAlong(p, q hex.Hex, v hex.Vertex, reverse bool) (Position, bool) {
	s, ok := p.SideTo(q)
	if !ok {
		return Position{}, false
	}
	at, ok := v.SpineAt(p)
	if !ok {
		return Position{}, false
	}
	var travel hex.Spine
	switch at {
	case hex.Spine(s):
		travel = hex.Spine(s).Rotate(2)
	case hex.Spine(s).Rotate(1):
		travel = hex.Spine(s).Rotate(5)
	default:
		return Position{}, false
	}
	h := travel
	if reverse {
		h = travel.Opposite()
	}
	return Position{Hex: p, Side: s, Bypass: true, Heading: h}, true
}

// moveOption is one way a vehicle may leave its position.
type moveOption struct {
	to     hex.Hex    // the hex entered (or Bypassed)
	bypass bool       // VBM along a hexside of `to`
	along  hex.Hex    // with bypass: the hex across the hexside traversed
	from   hex.Vertex // with bypass: the vertex it starts from
	cross  hex.Hex    // without bypass: the hex whose hexside with `to` is crossed
}

// forwardOptions are the hexes a vehicle may move into next going forward (D2.11, D2.33).
func (p Position) forwardOptions(buf []moveOption) []moveOption {
	if !p.Bypass {
		v := hex.Vertex{Hex: p.Hex, Spine: p.Heading}
		a, b := p.Hex.SpineHexes(p.Heading)
		return append(buf,
			moveOption{to: a, cross: p.Hex}, moveOption{to: b, cross: p.Hex},
			moveOption{to: a, bypass: true, along: b, from: v}, moveOption{to: b, bypass: true, along: a, from: v})
	}
	c := p.CAFP()
	v := hex.Vertex{Hex: p.Hex, Spine: c}
	if p.Pivot != 0 {
		// After a VCA change at the CAFP the vehicle must Bypass along the hexside it now faces.
		a, b, ok := lineFromVertex(p.Hex, c, p.FacingHeading())
		if !ok {
			return buf
		}
		return append(buf, moveOption{to: a, bypass: true, along: b, from: v}, moveOption{to: b, bypass: true, along: a, from: v})
	}
	// Otherwise it may enter the hex at the base of its VCA, straight ahead of the CAFP.
	if x, ok := hexFromVertex(p.Hex, c, p.Heading); ok {
		buf = append(buf, moveOption{to: x, cross: p.Hex})
	}
	return buf
}

// option finds the move to hex `to` (Bypassing it along its hexside with `along` when bypass
// is set) among forwardOptions or reverseOptions. From a hex centre, the common case, it reads
// the two hexes ahead (or behind) without listing the options.
func (p Position) option(reverse, bypass bool, to, along hex.Hex) (moveOption, bool) {
	if !p.Bypass {
		head := p.Heading
		if reverse {
			head = p.FacingHeading().Opposite()
		}
		a, b := p.Hex.SpineHexes(head)
		switch {
		case !bypass && (to == a || to == b):
			return moveOption{to: to, cross: p.Hex}, true
		case bypass && (to == a && along == b || to == b && along == a):
			return moveOption{to: to, bypass: true, along: along, from: hex.Vertex{Hex: p.Hex, Spine: head}}, true
		}
		return moveOption{}, false
	}
	var buf [2]moveOption
	opts := p.forwardOptions(buf[:0])
	if reverse {
		opts = p.reverseOptions(buf[:0])
	}
	for _, o := range opts {
		if o.to == to && o.bypass == bypass && (!bypass || o.along == along) {
			return o, true
		}
	}
	return moveOption{}, false
}

// reverseOptions are the hexes a vehicle may back into (D2.22): the two hexes of its rear
// Target Facing (or Bypass along the hexside joining them) from a hex centre; the hex behind
// its rear vertex from Bypass.
func (p Position) reverseOptions(buf []moveOption) []moveOption {
	back := p.FacingHeading().Opposite()
	if !p.Bypass {
		v := hex.Vertex{Hex: p.Hex, Spine: back}
		a, b := p.Hex.SpineHexes(back)
		return append(buf,
			moveOption{to: a, cross: p.Hex}, moveOption{to: b, cross: p.Hex},
			moveOption{to: a, bypass: true, along: b, from: v}, moveOption{to: b, bypass: true, along: a, from: v})
	}
	var x hex.Hex
	var ok bool
	if p.Pivot != 0 {
		x, ok = hexFromVertex(p.Hex, p.CAFP(), back)
	} else {
		x, ok = hexFromVertex(p.Hex, p.rearVertex(), back)
	}
	if ok && x != p.Hex {
		buf = append(buf, moveOption{to: x, cross: p.Hex})
	}
	return buf
}

// pivotLines are the two hexsides at the CAFP a vehicle in Bypass may turn to (D2.33), as the
// pivot (-1 or +1) that faces each.
func (p Position) pivotLine(pivot int) (hex.Hex, hex.Hex) {
	a, b, _ := lineFromVertex(p.Hex, p.CAFP(), p.Heading.Rotate(pivot))
	return a, b
}

// FacedHexside is, for a vehicle in Bypass, the hexside it faces along: the one it straddles,
// or the one it turned to at its CAFP (D2.33), as the two hexes it separates.
func (p Position) FacedHexside() (hex.Hex, hex.Hex) {
	if p.Pivot == 0 {
		return p.Hex, p.Hex.Neighbor(p.Side)
	}
	return p.pivotLine(int(p.Pivot))
}
