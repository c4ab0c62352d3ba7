package asl

import (
	"github.com/umpire-referee/umpire/hex"
)

// HexData is what the map says about one hex.
type HexData struct {
	Terrain Terrain // the hex's main terrain (Open Ground when not named)
	// Ground is the hex's non-obstacle terrain: what VBM pays double (D2.3) and what PlusCOT
	// cells add. Open Ground unless the scenario says otherwise.
	Ground   Terrain
	Level    int8
	Wrecks   int8 // wrecks in the hex (not in Bypass)
	Vehicles int8 // other vehicle counters in the hex that are not scenario units
	Smoke    bool
	Blaze    bool
	// NoVBM marks the sides of this (obstacle) hex whose interior is too close to the obstacle
	// depiction for VBM (D2.3), bit s for side s.
	NoVBM uint8
	// BypassWreck marks sides along which a wreck sits in Bypass of this hex (D2.31), bit s.
	BypassWreck uint8
	// Wire: hidden wire in the hex (E11.534); WireKnown once revealed.
	Wire, WireKnown bool
	// Bridge is the hex's bridge, carrying its road hexsides (a foot bridge: its path
	// hexsides) over the terrain below, which is Terrain.
	Bridge BridgeKind
	// WrecksBelow are wrecks in the terrain below a bridge (Wrecks are on the bridge).
	WrecksBelow int8
}

// Hexside flags.
const (
	sideRoad      uint16 = 1 << iota
	sideRoadNoteD        // a road type on which the wreck/vehicle penalty is doubled again (Note D)
	sideWall
	sideHedge
	sideRoadblock
	sideBocage
	sideCliff
	sidePath
	sideAbrupt     // an Abrupt Elevation Change: +1 Bog DRM crossing it (rules-notes 1.3)
	sideTrailbreak // a woods trailbreak: no woods Bog Check across it (rules-notes 1.5 #10)
	// sideEdgeRoad and sideEdgeRoadNoteD are kept in entry k of a hex for its side k+3 when
	// that side lies on the board edge: the hex that would keep it is off the map, so its road
	// (rules-notes 1.5 #12) is kept beside the hex's own side k.
	sideEdgeRoad
	sideEdgeRoadNoteD

	sideOwn = sideEdgeRoad - 1 // the flags of the side an entry is for
)

// Map is the terrain of a scenario: hexes, hexsides, and the LOS overrides where the real board
// differs from the hex-grain approximation. A Map does not change during play except for the
// wrecks left by destroyed vehicles.
type Map struct {
	Layout *hex.Layout
	hexes  []HexData
	sides  []uint16 // per hex, 3 entries: sides 0,1,2 of that hex; sides 3..5 live in the neighbour
	los    map[[2]int]bool
	// Conditions: dry, mud, snow or deep snow, map-wide (Bog DRM, rules-notes 1.3).
	Conditions Conditions
	// GrainOutOfSeason: grain is Open Ground (rules-notes 1.2).
	GrainOutOfSeason bool
}

// NewMap makes an all-Open-Ground, level-0 map of the layout.
func NewMap(l *hex.Layout) *Map {
	return &Map{Layout: l, hexes: make([]HexData, l.Size()), sides: make([]uint16, 3*l.Size())}
}

// Clone copies the map (wrecks change during play).
func (m *Map) Clone() *Map {
	c := *m
	c.hexes = append([]HexData(nil), m.hexes...)
	c.sides = append([]uint16(nil), m.sides...)
	return &c
}

// At is the data of hex h (the zero HexData off the map).
func (m *Map) At(h hex.Hex) *HexData {
	if i := m.Layout.Index(h); i >= 0 {
		return &m.hexes[i]
	}
	return &HexData{}
}

// Contains reports whether h is on the map.
func (m *Map) Contains(h hex.Hex) bool { return m.Layout.Contains(h) }

// sideIndex is where hexside s of h is kept: sides 0..2 in h's own entries, sides 3..5 in the
// neighbour's across them; -1 when that hex is off the map.
func (m *Map) sideIndex(h hex.Hex, s hex.Side) int {
	if s >= 6 {
		s %= 6
	}
	if s >= 3 {
		h, s = h.Neighbor(s), s-3
	}
	if i := m.Layout.Index(h); i >= 0 {
		return 3*i + int(s)
	}
	return -1
}

// edgeIndex is, for hexside s of h lying on the board edge where the hex that would keep it
// (sideIndex) is off the map, the entry of the hex on the map that keeps its road beside its own
// opposite side; -1 for any other hexside.
func (m *Map) edgeIndex(h hex.Hex, s hex.Side) int {
	s %= 6
	if !m.Layout.Contains(h) {
		h, s = h.Neighbor(s), s.Opposite()
	}
	if s < 3 || m.Layout.Contains(h.Neighbor(s)) {
		return -1
	}
	if i := m.Layout.Index(h); i >= 0 {
		return 3*i + int(s-3)
	}
	return -1
}

func (m *Map) sideFlags(h hex.Hex, s hex.Side) uint16 {
	if i := m.sideIndex(h, s); i >= 0 {
		return m.sides[i] & sideOwn
	}
	if i := m.edgeIndex(h, s); i >= 0 {
		f := m.sides[i]
		return (f&sideEdgeRoad)/sideEdgeRoad*sideRoad | (f&sideEdgeRoadNoteD)/sideEdgeRoadNoteD*sideRoadNoteD
	}
	return 0
}

// setSide marks hexside s of h. Of a board-edge hexside whose keeper is off the map only a road
// is kept (edgeIndex); its other features are dropped.
func (m *Map) setSide(h hex.Hex, s hex.Side, f uint16) {
	if i := m.sideIndex(h, s); i >= 0 {
		m.sides[i] |= f
		return
	}
	if i := m.edgeIndex(h, s); i >= 0 {
		m.sides[i] |= (f&sideRoad)/sideRoad*sideEdgeRoad | (f&sideRoadNoteD)/sideRoadNoteD*sideEdgeRoadNoteD
	}
}

// SetRoad marks hexside s of h as crossed by a road; noteD marks a road on which the
// wreck/vehicle penalty is doubled again (Terrain Chart Note D).
func (m *Map) SetRoad(h hex.Hex, s hex.Side, noteD bool) {
	f := sideRoad
	if noteD {
		f |= sideRoadNoteD
	}
	m.setSide(h, s, f)
}

// SetWall, SetHedge, SetRoadblock, SetBocage, SetCliff, SetPath, SetAbrupt and SetTrailbreak
// mark a hexside.
func (m *Map) SetWall(h hex.Hex, s hex.Side)       { m.setSide(h, s, sideWall) }
func (m *Map) SetHedge(h hex.Hex, s hex.Side)      { m.setSide(h, s, sideHedge) }
func (m *Map) SetRoadblock(h hex.Hex, s hex.Side)  { m.setSide(h, s, sideRoadblock) }
func (m *Map) SetBocage(h hex.Hex, s hex.Side)     { m.setSide(h, s, sideBocage) }
func (m *Map) SetCliff(h hex.Hex, s hex.Side)      { m.setSide(h, s, sideCliff) }
func (m *Map) SetPath(h hex.Hex, s hex.Side)       { m.setSide(h, s, sidePath) }
func (m *Map) SetAbrupt(h hex.Hex, s hex.Side)     { m.setSide(h, s, sideAbrupt) }
func (m *Map) SetTrailbreak(h hex.Hex, s hex.Side) { m.setSide(h, s, sideTrailbreak) }

// Hexside is what the map says about one hexside, read once: its road, path and the features
// along it.
type Hexside uint16

// Hexside reads hexside s of h (the zero Hexside off the map).
func (m *Map) Hexside(h hex.Hex, s hex.Side) Hexside { return Hexside(m.sideFlags(h, s)) }

// Road, RoadNoteD, Path, Abrupt and Trailbreak report those features of the hexside.
func (f Hexside) Road() bool       { return uint16(f)&sideRoad != 0 }
func (f Hexside) RoadNoteD() bool  { return uint16(f)&sideRoadNoteD != 0 }
func (f Hexside) Path() bool       { return uint16(f)&sidePath != 0 }
func (f Hexside) Abrupt() bool     { return uint16(f)&sideAbrupt != 0 }
func (f Hexside) Trailbreak() bool { return uint16(f)&sideTrailbreak != 0 }

// Obstacle is the feature the chart prices: a roadblock, cliff, bocage, wall or hedge, the
// first of those it holds.
func (f Hexside) Obstacle() HexsideObstacle {
	switch {
	case uint16(f)&sideRoadblock != 0:
		return Roadblock
	case uint16(f)&sideCliff != 0:
		return Cliff
	case uint16(f)&sideBocage != 0:
		return Bocage
	case uint16(f)&sideWall != 0:
		return Wall
	case uint16(f)&sideHedge != 0:
		return Hedge
	}
	return NoObstacle
}

// Path, Abrupt and Trailbreak report those hexside features.
func (m *Map) Path(h hex.Hex, s hex.Side) bool       { return m.sideFlags(h, s)&sidePath != 0 }
func (m *Map) Abrupt(h hex.Hex, s hex.Side) bool     { return m.sideFlags(h, s)&sideAbrupt != 0 }
func (m *Map) Trailbreak(h hex.Hex, s hex.Side) bool { return m.sideFlags(h, s)&sideTrailbreak != 0 }

// Road reports whether a road crosses hexside s of h.
func (m *Map) Road(h hex.Hex, s hex.Side) bool { return m.sideFlags(h, s)&sideRoad != 0 }

// RoadNoteD reports a Note D road on the hexside.
func (m *Map) RoadNoteD(h hex.Hex, s hex.Side) bool { return m.sideFlags(h, s)&sideRoadNoteD != 0 }

// HasRoad reports whether any road hexside of h exists (the hex is a road hex).
func (m *Map) HasRoad(h hex.Hex) bool {
	for s := hex.Side(0); s < 6; s++ {
		if m.Road(h, s) {
			return true
		}
	}
	return false
}

// Obstacle is the hexside feature the chart prices along hexside s of h (Hexside.Obstacle).
func (m *Map) Obstacle(h hex.Hex, s hex.Side) HexsideObstacle { return m.Hexside(h, s).Obstacle() }

// TerrainOf is the terrain hex data d stands for today: grain out of season and brush in Deep
// Snow are Open Ground (rules-notes 1.2).
func (m *Map) TerrainOf(t Terrain) Terrain {
	switch {
	case t == Grain && m.GrainOutOfSeason, t == Brush && m.Conditions == DeepSnow:
		return OpenGround
	}
	return t
}

// Roadblock reports a roadblock on the hexside.
func (m *Map) Roadblock(h hex.Hex, s hex.Side) bool { return m.sideFlags(h, s)&sideRoadblock != 0 }

// NearRoadblock reports whether hexside s of h is, or is directly connected to (shares a
// vertex with), a roadblock hexside (D2.31).
func (m *Map) NearRoadblock(h hex.Hex, s hex.Side) bool {
	if m.Roadblock(h, s) {
		return true
	}
	a, b := s.Ends()
	for _, p := range []hex.Spine{a, b} {
		// the hexsides meeting at a vertex: the two of h and the one between its neighbours
		s1, s2 := p.Sides()
		n1, n2 := h.SpineHexes(p)
		if m.Roadblock(h, s1) || m.Roadblock(h, s2) {
			return true
		}
		if side, ok := n1.SideTo(n2); ok && m.Roadblock(n1, side) {
			return true
		}
	}
	return false
}

// SetLOS overrides the hex-grain LOS between two hexes (both directions).
func (m *Map) SetLOS(a, b hex.Hex, clear bool) {
	if m.los == nil {
		m.los = map[[2]int]bool{}
	}
	ia, ib := m.Layout.Index(a), m.Layout.Index(b)
	m.los[[2]int{ia, ib}] = clear
	m.los[[2]int{ib, ia}] = clear
}

// Spot is where a line of sight starts or ends: a hex's centre, or a vertex of it (the CAFP of
// a vehicle in Bypass, D2.37).
type Spot struct {
	Hex    hex.Hex
	Vertex bool
	Spine  hex.Spine // the vertex, when Vertex
}

func (s Spot) point() (x, y float64) {
	if s.Vertex {
		return s.Hex.Corner(s.Spine)
	}
	return s.Hex.Centre()
}

// LOS reports whether there is a line of sight between the centres of two hexes, at hex grain:
// a hex between them blocks it when it holds woods, a building or rubble whose top (its level
// plus one) is at least as high as the higher end, or ground higher than both ends (or as high
// as the higher end and above the lower one). Where the line runs along a hexside, both hexes must
// block. Per-scenario overrides win.
func (m *Map) LOS(a, b hex.Hex) bool { return m.LOSBetween(Spot{Hex: a}, Spot{Hex: b}) }

// LOSBetween is LOS between two spots. From a vertex (a vehicle in Bypass traces its LOS from
// its CAFP, D2.37) the line is traced exactly, and the obstacle of the hex it bypasses blocks it
// like any other the line crosses.
func (m *Map) LOSBetween(a, b Spot) bool {
	if m.los != nil {
		if clear, ok := m.los[[2]int{m.Layout.Index(a.Hex), m.Layout.Index(b.Hex)}]; ok {
			return clear
		}
	}
	ea, eb := int(m.At(a.Hex).Level), int(m.At(b.Hex).Level)
	top := max(ea, eb)
	blocks := func(h hex.Hex) bool {
		if h == a.Hex && !a.Vertex || h == b.Hex && !b.Vertex || !m.Contains(h) {
			return false
		}
		d := m.At(h)
		l := int(d.Level)
		if TerrainChart[d.Terrain].Obstacle && l+1 >= top {
			return true // an obstacle as high as the higher end (same-level obstacles block)
		}
		return l > top || (l == top && l > min(ea, eb) && h != a.Hex && h != b.Hex)
	}
	if !a.Vertex && !b.Vertex {
		clear := true
		hex.Trace(a.Hex, b.Hex, func(st hex.LineStep) bool {
			if blocks(st.A) && (!st.Split || blocks(st.B)) {
				clear = false
			}
			return clear
		})
		return clear
	}
	return m.traceExact(a, b, blocks)
}

// traceExact follows the segment between two spots through every hex near it: a hex it passes
// through blocks on its own; where it runs along a hexside, both hexes must block.
func (m *Map) traceExact(a, b Spot, blocks func(hex.Hex) bool) bool {
	ax, ay := a.point()
	bx, by := b.point()
	n := hex.Distance(a.Hex, b.Hex)
	for x := min(a.Hex.X, b.Hex.X) - 1; x <= max(a.Hex.X, b.Hex.X)+1; x++ {
		for y := min(a.Hex.Y, b.Hex.Y) - 1; y <= max(a.Hex.Y, b.Hex.Y)+1; y++ {
			h := hex.Hex{X: x, Y: y}
			if hex.Distance(h, a.Hex)+hex.Distance(h, b.Hex) > n+2 || !blocks(h) {
				continue
			}
			switch c, s := h.Cross(ax, ay, bx, by); c {
			case hex.Through:
				return false
			case hex.Along:
				if blocks(h.Neighbor(s)) {
					return false
				}
			}
		}
	}
	return true
}
