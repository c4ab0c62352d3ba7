package ruleset

import (
	"math"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/render"
	"github.com/umpire-referee/umpire/rules"
)

// ASL games as the API shows them (docs/api.md): the map, the units and the groups.

// StateView is an ASL game's state as the API shows it (every role sees all of it).
type StateView struct {
	rules.Head
	Phasing string `json:"phasing"`
	// Phase is the phasing side's phase when it is not its MPh: "APh" (A4.7).
	Phase  string      `json:"phase,omitempty"`
	Map    *MapView    `json:"map,omitempty"`
	Units  []UnitView  `json:"units"`
	Groups []GroupView `json:"groups"`
	// Objectives are the scenario's objectives and how each stands (none: the key is left out).
	Objectives []rules.Objective `json:"objectives,omitempty"`
}

type MapView struct {
	rules.Bounds
	Hexes     []HexView       `json:"hexes"`
	Roads     []rules.Segment `json:"roads"`
	Obstacles []ObstacleView  `json:"obstacles"`
	// Legend says what every colour and line on this map means (render.Legend).
	Legend []render.Entry `json:"legend"`
}

// HexView is a hex of the map: its cell, and the wrecks, SMOKE and Blaze in it.
type HexView struct {
	rules.Cell
	Class       string `json:"class"`            // the terrain's legend class, "t-deep-stream"
	Bridge      string `json:"bridge,omitempty"` // "stone bridge", ...
	WrecksBelow int    `json:"wrecks_below,omitempty"`
	Wrecks      int    `json:"wrecks"`
	Smoke       bool   `json:"smoke"`
	Blaze       bool   `json:"blaze"`
}

// ObstacleView is a hexside feature other than a road: hedge, wall, bocage, cliff, roadblock,
// path, abrupt or trailbreak; its legend class is "s-" + Kind.
type ObstacleView struct {
	Kind string `json:"kind"`
	rules.Segment
}

type UnitView struct {
	ID        string  `json:"id"`
	Side      string  `json:"side"`
	Name      string  `json:"name"`
	Class     string  `json:"class"`
	Hex       string  `json:"hex"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	VCA       string  `json:"vca"`
	FrontX    float64 `json:"front_x"`
	FrontY    float64 `json:"front_y"`
	State     string  `json:"state"`
	Moving    bool    `json:"moving"`
	Motion    bool    `json:"motion"`
	Reverse   bool    `json:"reverse"`
	Bypass    string  `json:"bypass"`
	MP        float64 `json:"mp"`
	Spent     float64 `json:"spent"`
	Left      float64 `json:"left"`
	Ended     bool    `json:"ended"`
	Platoon   string  `json:"platoon"`
	Convoy    string  `json:"convoy"`
	Column    string  `json:"column"`
	Immobile  string  `json:"immobile,omitempty"`
	Destroyed bool    `json:"destroyed"`
}

type GroupView struct {
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Side     string   `json:"side"`
	Members  []string `json:"members"`
	Impulses int      `json:"impulses"`
	Ended    bool     `json:"ended"`
}

// View is the state as the API shows it (every role sees all of it); the map only withMap (it
// changes only when a wreck is added, and answers to a step carry only what moved).
func (g *Game) View(head rules.Head, withMap bool) any {
	st := g.G
	v := StateView{Head: head, Units: make([]UnitView, 0, len(st.Units)), Groups: make([]GroupView, 0, len(st.Groups))}
	v.Phasing = st.Phasing
	v.Objectives = g.Objectives()
	if st.Phase != asl.PhaseMPh {
		v.Phase = st.Phase.String()
	}
	if withMap {
		m := mapOf(st)
		v.Map = &m
	}
	lay := st.Map.Layout
	groupID := func(k int16) string {
		if k <= 0 || int(k) > len(st.Groups) {
			return ""
		}
		return st.Groups[k-1].ID
	}
	for i := range st.Units {
		u := &st.Units[i]
		x, y := u.Pos.Hex.Centre()
		uv := UnitView{ID: u.ID, Side: u.Side, Hex: lay.Name(u.Pos.Hex), X: rules.Round(x), Y: rules.Round(y),
			VCA: aslfile.UnitVCA(u, lay), Moving: u.Moving, Motion: u.Motion, Reverse: u.Reverse,
			MP: u.Allowance.Float(), Spent: u.Spent.Float(), Left: (u.Allowance - u.Spent).Float(), Ended: u.Ended,
			Platoon: groupID(u.Platoon), Convoy: groupID(u.Convoy), Column: groupID(u.Column), Destroyed: u.Destroyed}
		if u.V != nil {
			uv.Name, uv.Class = u.V.Name, u.V.Class.String()
		}
		// The front: the vertex of the hexspine it faces (in Bypass, the CAFP's).
		front := u.Pos.Heading
		if u.Pos.Bypass {
			front = u.Pos.CAFP()
			a, b := u.Pos.FacedHexside()
			uv.Bypass = lay.Name(a) + "-" + lay.Name(b)
		}
		ang := math.Pi / 3 * float64(front)
		uv.FrontX, uv.FrontY = rules.Round(x+math.Cos(ang)), rules.Round(y-math.Sin(ang))
		if u.Immobile != asl.Mobile {
			uv.Immobile = u.Immobile.String()
		}
		switch {
		case u.Destroyed:
			uv.State = "Destroyed"
		case u.Pos.Offboard:
			uv.State = "Offboard"
		case u.Immobile != asl.Mobile:
			uv.State = u.Immobile.String()
		case u.Moving:
			uv.State = "Moving"
		case u.Motion:
			uv.State = "Motion"
		default:
			uv.State = "Stopped"
		}
		v.Units = append(v.Units, uv)
	}
	for k := range st.Groups {
		gr := &st.Groups[k]
		if gr.Gone {
			continue
		}
		gv := GroupView{ID: gr.ID, Kind: gr.Kind.String(), Members: []string{}, Impulses: gr.Impulses, Ended: gr.Ended}
		for _, m := range gr.Members {
			gv.Members = append(gv.Members, st.Units[m].ID)
			gv.Side = st.Units[m].Side
		}
		v.Groups = append(v.Groups, gv)
	}
	return v
}

// mapOf draws the map as data: every hex with its terrain, the roads and obstacles along
// hexsides (each once), with coordinates in hex radii.
func mapOf(st *asl.Game) MapView {
	lay := st.Map.Layout
	mv := MapView{Bounds: rules.Bounds{MinX: -1.2, MinY: -2}, Hexes: []HexView{}, Roads: []rules.Segment{}, Obstacles: []ObstacleView{}}
	for x := 0; x < lay.Width(); x++ {
		for y := 0; y < lay.Height(); y++ {
			h := hex.Hex{X: int16(x), Y: int16(y)}
			if !lay.Contains(h) {
				continue
			}
			d := st.Map.At(h)
			cx, cy := h.Centre()
			mv.MaxX, mv.MaxY = math.Max(mv.MaxX, cx+1.2), math.Max(mv.MaxY, cy+1.2)
			hv := HexView{Cell: rules.NewCell(lay.Name(h), cx, cy, asl.TerrainChart[d.Terrain].Name, int(d.Level)),
				Class: render.TerrainClass(d.Terrain), WrecksBelow: int(d.WrecksBelow), Wrecks: int(d.Wrecks), Smoke: d.Smoke, Blaze: d.Blaze}
			if d.Bridge != asl.NoBridge {
				hv.Bridge = d.Bridge.String()
			}
			mv.Hexes = append(mv.Hexes, hv)
			for s := hex.Side(0); s < 6; s++ {
				n := h.Neighbor(s)
				nx, ny := n.Centre()
				if !lay.Contains(n) {
					if st.Map.Road(h, s) { // a road that runs off the board: to the board's edge
						mv.Roads = append(mv.Roads, rules.Segment{A: lay.Name(h), B: "edge", X1: rules.Round(cx), Y1: rules.Round(cy), X2: rules.Round((cx + nx) / 2), Y2: rules.Round((cy + ny) / 2)})
					}
					continue
				}
				if !(h.X < n.X || h.X == n.X && h.Y < n.Y) {
					continue
				}
				for _, kind := range render.SideKinds(st.Map, h, s) {
					if kind == "road" {
						mv.Roads = append(mv.Roads, rules.Segment{A: lay.Name(h), B: lay.Name(n), X1: rules.Round(cx), Y1: rules.Round(cy), X2: rules.Round(nx), Y2: rules.Round(ny)})
						continue
					}
					// Hexside s joins the corners at 60s and 60(s+1) degrees.
					a1, a2 := math.Pi/3*float64(s), math.Pi/3*float64(s+1)
					mv.Obstacles = append(mv.Obstacles, ObstacleView{Kind: kind, Segment: rules.Segment{A: lay.Name(h), B: lay.Name(n),
						X1: rules.Round(cx + math.Cos(a1)), Y1: rules.Round(cy - math.Sin(a1)), X2: rules.Round(cx + math.Cos(a2)), Y2: rules.Round(cy - math.Sin(a2))}})
				}
			}
		}
	}
	mv.Legend = render.Legend(st.Map)
	return mv
}
