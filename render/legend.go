package render

import (
	"fmt"
	"math"
	"sort"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/hex"
)

// Entry is one line of a map's legend: a feature, the class it is drawn with (the SVG and the
// web client style it by that class), its colour, and where the chart row comes from.
type Entry struct {
	Class  string `json:"class"` // "t-woods", "s-hedge", "b-stone-bridge", "m-wreck", "e-1"
	Kind   string `json:"kind"`  // terrain, hexside, bridge, marker or level
	Name   string `json:"name"`
	Fill   string `json:"fill,omitempty"`   // terrain and bridges
	Stroke string `json:"stroke,omitempty"` // hexside features
	Dash   string `json:"dash,omitempty"`   // a stroke-dasharray for dashed features
	Tag    string `json:"tag,omitempty"`    // the chart row's tag in rules-notes 1.2: ref or default
}

// terrainFill is the colour of each Terrain Chart row, close to the boards' printing.
var terrainFill = [asl.NumTerrain]string{
	asl.OpenGround: "#efe6c8", asl.Shellholes: "#cfc6a8", asl.Brush: "#c9d49a", asl.Grain: "#f2de8a",
	asl.Orchard: "#d5e6b0", asl.Woods: "#7fa860", asl.Building: "#b09a84", asl.WoodenBuilding: "#c9ab86",
	asl.Factory: "#9a8c80", asl.Rubble: "#9c948c", asl.WoodenRubble: "#b3a28e", asl.Debris: "#a89f94",
	asl.Graveyard: "#bfc8b4", asl.Crag: "#8f8a80", asl.Marsh: "#a8c8b0", asl.Water: "#6fa8dc",
	asl.Gully: "#c8a878", asl.DryStream: "#d4b98e", asl.Stream: "#9cc8e8", asl.DeepStream: "#5b8fc9",
	asl.Ford: "#b5d5ee", asl.SunkenRoad: "#b89c70", asl.ElevatedRoad: "#d9c9a3",
}

// sideStyle is how each hexside feature is drawn, by its class.
var sideStyle = []Entry{
	{Class: "s-road", Kind: "hexside", Name: "road", Stroke: "#6b5b45"},
	{Class: "s-path", Kind: "hexside", Name: "path", Stroke: "#8d7a5a", Dash: "4,3"},
	{Class: "s-hedge", Kind: "hexside", Name: "hedge", Stroke: "#2e6b2e"},
	{Class: "s-wall", Kind: "hexside", Name: "wall", Stroke: "#555555"},
	{Class: "s-bocage", Kind: "hexside", Name: "bocage", Stroke: "#1f4d1f"},
	{Class: "s-cliff", Kind: "hexside", Name: "cliff", Stroke: "#3b2a1a"},
	{Class: "s-roadblock", Kind: "hexside", Name: "roadblock", Stroke: "#b22222"},
	{Class: "s-abrupt", Kind: "hexside", Name: "Abrupt Elevation Change", Stroke: "#8b4513", Dash: "2,2"},
	{Class: "s-trailbreak", Kind: "hexside", Name: "trailbreak", Stroke: "#c2b280", Dash: "6,2"},
}

var bridgeFill = [...]string{asl.StoneBridge: "#8a8a8a", asl.WoodenBridge: "#a0703c", asl.PontoonBridge: "#5f6b73", asl.FootBridge: "#c49a6c"}

var markerStyle = []Entry{
	{Class: "m-wreck", Kind: "marker", Name: "wreck (✕, ✕2 for two)", Fill: "#333333"},
	{Class: "m-smoke", Kind: "marker", Name: "SMOKE", Fill: "#bbbbbb"},
	{Class: "m-blaze", Kind: "marker", Name: "Blaze", Fill: "#e25822"},
}

// TerrainClass, SideClass and BridgeClass are the classes features are drawn with.
func TerrainClass(t asl.Terrain) string         { return "t-" + asl.TerrainChart[t].Key }
func BridgeClass(b asl.BridgeKind) string       { return "b-" + asl.BridgeChart[b].Key }
func sideClass(kind string) string              { return "s-" + kind }
func obstacleKind(o asl.HexsideObstacle) string { return asl.HexsideChart[o].Key }

// FullLegend is every entry a map can have: each Terrain Chart row, each hexside feature, each
// bridge, the markers.
func FullLegend() []Entry {
	var es []Entry
	for t := range asl.NumTerrain {
		row := &asl.TerrainChart[t]
		es = append(es, Entry{Class: TerrainClass(asl.Terrain(t)), Kind: "terrain", Name: row.Name, Fill: terrainFill[t], Tag: row.Tag})
	}
	for _, s := range sideStyle {
		s.Tag = sideTag(s.Class)
		es = append(es, s)
	}
	for b := asl.StoneBridge; b <= asl.FootBridge; b++ {
		es = append(es, Entry{Class: BridgeClass(b), Kind: "bridge", Name: asl.BridgeChart[b].Name, Fill: bridgeFill[b], Tag: asl.BridgeChart[b].Tag})
	}
	return append(es, markerStyle...)
}

func sideTag(class string) string {
	for o := asl.Hedge; o <= asl.Roadblock; o++ {
		if sideClass(obstacleKind(o)) == class {
			return asl.HexsideChart[o].Tag
		}
	}
	return ""
}

// Legend is the legend of map m: the entries for what it holds, in FullLegend's order.
func Legend(m *asl.Map) []Entry {
	used := map[string]bool{}
	lay := m.Layout
	for x := 0; x < lay.Width(); x++ {
		for y := 0; y < lay.Height(); y++ {
			h := hex.Hex{X: int16(x), Y: int16(y)}
			if !lay.Contains(h) {
				continue
			}
			d := m.At(h)
			used[TerrainClass(d.Terrain)] = true
			if d.Bridge != asl.NoBridge {
				used[BridgeClass(d.Bridge)] = true
			}
			used["m-wreck"] = used["m-wreck"] || d.Wrecks > 0 || d.WrecksBelow > 0 || d.BypassWreck != 0
			used["m-smoke"] = used["m-smoke"] || d.Smoke
			used["m-blaze"] = used["m-blaze"] || d.Blaze
			for s := hex.Side(0); s < 6; s++ {
				for _, k := range SideKinds(m, h, s) {
					used[sideClass(k)] = true
				}
			}
		}
	}
	var es []Entry
	for _, e := range FullLegend() {
		if used[e.Class] {
			es = append(es, e)
		}
	}
	return es
}

// MapLegend is the legend the SVG map (Map) draws under map m: Legend's entries, then a line
// per level the map holds other than 0 (LevelEntries). Game states leave the levels out of
// their legend (docs/api.md): a page draws them from the hexes' levels.
func MapLegend(m *asl.Map) []Entry { return append(Legend(m), LevelEntries(m)...) }

// LevelClass is the class a hex of level l (not 0) is tinted with: "e-2" for a level 2 hill,
// "e-m1" for level -1.
func LevelClass(l int) string {
	if l < 0 {
		return fmt.Sprintf("e-m%d", -l)
	}
	return fmt.Sprintf("e-%d", l)
}

// LevelLabel is the class of the small level number drawn in every hex above or below level 0.
const LevelLabel = "lvl"

// levelTint is the tint of level l over the hex's terrain: brown, darker per level up; blue,
// darker per level down.
func levelTint(l int) string {
	rgb := "139,90,43"
	if l < 0 {
		rgb = "29,53,87"
	}
	return fmt.Sprintf("rgba(%s,%.2f)", rgb, math.Min(0.6, 0.12*math.Abs(float64(l))))
}

// LevelEntries are the legend lines of the levels map m holds other than 0, lowest first: each
// hex of such a level is tinted with its class and carries its number (class LevelLabel).
func LevelEntries(m *asl.Map) []Entry {
	seen := map[int]bool{}
	lay := m.Layout
	for x := 0; x < lay.Width(); x++ {
		for y := 0; y < lay.Height(); y++ {
			h := hex.Hex{X: int16(x), Y: int16(y)}
			if lay.Contains(h) && m.At(h).Level != 0 {
				seen[int(m.At(h).Level)] = true
			}
		}
	}
	levels := make([]int, 0, len(seen))
	for l := range seen {
		levels = append(levels, l)
	}
	sort.Ints(levels)
	es := make([]Entry, 0, len(levels))
	for _, l := range levels {
		name := fmt.Sprintf("level %d hill (%d in the hex)", l, l)
		if l < 0 {
			name = fmt.Sprintf("level %d, below the ground (%d in the hex)", l, l)
		}
		es = append(es, Entry{Class: LevelClass(l), Kind: "level", Name: name, Fill: levelTint(l)})
	}
	return es
}

// SideKinds are the features drawn along hexside s of h, by kind: road, path, the hexside
// obstacle (hedge, wall, bocage, cliff, roadblock), abrupt, trailbreak.
func SideKinds(m *asl.Map, h hex.Hex, s hex.Side) []string {
	var ks []string
	if m.Road(h, s) {
		ks = append(ks, "road")
	}
	if m.Path(h, s) {
		ks = append(ks, "path")
	}
	if o := m.Obstacle(h, s); o != asl.NoObstacle {
		ks = append(ks, obstacleKind(o)) // a roadblock comes first when a hexside has several
	}
	if m.Abrupt(h, s) {
		ks = append(ks, "abrupt")
	}
	if m.Trailbreak(h, s) {
		ks = append(ks, "trailbreak")
	}
	return ks
}

// styleSheet is the CSS the SVG map draws its classes with: every entry of the full legend,
// and the extra entries (the map's levels).
func styleSheet(extra []Entry) string {
	css := "." + LevelLabel + "{font-size:7px;font-weight:700;fill:#4a2f12;text-anchor:middle}"
	for _, e := range append(FullLegend(), extra...) {
		switch {
		case e.Stroke != "":
			css += "." + e.Class + "{stroke:" + e.Stroke + ";stroke-width:3"
			if e.Dash != "" {
				css += ";stroke-dasharray:" + e.Dash
			}
			css += "}"
		default:
			css += "." + e.Class + "{fill:" + e.Fill + "}"
		}
	}
	return css
}
