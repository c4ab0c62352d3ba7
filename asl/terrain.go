package asl

import (
	"fmt"
	"strings"
)

// MP is a number of movement points counted in halves, so that the road rate (½ MP) and half a
// printed allotment are exact. MP(2) is one MP.
type MP int32

// Whole is n whole MP.
func Whole(n int) MP { return MP(2 * n) }

// Float is the MP as a number (6½ is 6.5).
func (m MP) Float() float64 { return float64(m) / 2 }

func (m MP) String() string {
	neg := ""
	if m < 0 {
		neg, m = "-", -m
	}
	w := m / 2
	if m%2 == 0 {
		return fmt.Sprintf("%s%d", neg, w)
	}
	if w == 0 {
		return neg + "½"
	}
	return fmt.Sprintf("%s%d½", neg, w)
}

// Column is a movement-type column of the Terrain Chart.
type Column uint8

// Terrain Chart columns. The project moves vehicles only (MC .. HD); the Infantry and Cavalry
// columns are kept so the chart reads like the printed one.
const (
	ColInf   Column = iota // Infantry (MF)
	ColCav                 // Cavalry (MF)
	ColHD                  // horse-drawn wagon (MF)
	ColMC                  // motorcycle
	ColAC                  // armored car
	ColFT                  // fully tracked
	ColHT                  // halftrack
	ColTruck               // truck
	numColumns
)

var columnNames = [numColumns]string{"Inf", "Cav", "HD", "MC", "AC", "FT", "HT", "Truck"}

func (c Column) String() string { return columnNames[c] }

// EntryKind says how a Terrain Chart cell is read.
type EntryKind uint8

// Kinds of chart cell.
const (
	NA             EntryKind = iota // may not enter
	Fixed                           // V MP
	PlusCOT                         // V MP plus the cost of the other terrain in the hex
	HalfPrinted                     // half the printed MP allotment (Z, FRU)
	HalfOrAll                       // half the printed MP allotment, or ALL (the mover chooses)
	All                             // all of the unit's MP (D2.7)
	Quarter                         // a quarter of the printed MP allotment, FRU (debris)
	HalfPlusCOT                     // half the printed MP allotment plus the COT (bocage)
	PlusCOTNonOpen                  // V, plus the COT when the other terrain is not Open Ground (gully, Infantry)
)

// Entry is one cell of the Terrain Chart.
type Entry struct {
	Kind EntryKind
	V    MP
}

func fx(halves int) Entry         { return Entry{Fixed, MP(halves)} }
func cot(halves int) Entry        { return Entry{PlusCOT, MP(halves)} }
func all() Entry                  { return Entry{All, 0} }
func na() Entry                   { return Entry{NA, 0} }
func half() Entry                 { return Entry{HalfPrinted, 0} }
func halfOrAll() Entry            { return Entry{HalfOrAll, 0} }
func quarter() Entry              { return Entry{Quarter, 0} }
func halfCOT() Entry              { return Entry{HalfPlusCOT, 0} }
func cotNonOpen(halves int) Entry { return Entry{PlusCOTNonOpen, MP(halves)} }
func cols(e ...Entry) [numColumns]Entry {
	var r [numColumns]Entry
	copy(r[:], e)
	return r
}

// Terrain is what fills a hex, for movement: one row of the Terrain Chart (rules-notes 1.2).
type Terrain uint8

// Terrain types of the chart, in the order rules-notes 1.2 lists them.
const (
	OpenGround Terrain = iota
	Shellholes
	Brush
	Grain
	Orchard
	Woods
	Building // a stone building
	WoodenBuilding
	Factory
	Rubble // stone rubble
	WoodenRubble
	Debris
	Graveyard
	Crag
	Marsh
	Water // river, canal, pond or lake
	Gully
	DryStream
	Stream // a shallow stream
	DeepStream
	Ford // a crossing of a deep stream
	SunkenRoad
	ElevatedRoad
	numTerrain
)

// NumTerrain is the number of Terrain Chart rows, for code that walks them all.
const NumTerrain = int(numTerrain)

// BogWhen says when a vehicle in a column must take a Bog Check (D8.2) for a terrain.
type BogWhen uint8

// Bog flags.
const (
	BogNever   BogWhen = 0
	BogEntry   BogWhen = 1 << iota // entering off-road (B)
	BogVCA                         // each hexspine of VCA change inside, off-road (B)
	BogLeaving                     // leaving the hex by a non-depression hexside (BB)
)

// Cols is a set of Terrain Chart columns.
type Cols uint8

// Has reports whether column c is in the set.
func (s Cols) Has(c Column) bool { return s&(1<<c) != 0 }

func colset(cs ...Column) Cols {
	var s Cols
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// AllCols and VehicleCols are the whole chart and its MP columns.
var (
	AllCols     = colset(ColInf, ColCav, ColHD, ColMC, ColAC, ColFT, ColHT, ColTruck)
	VehicleCols = colset(ColMC, ColAC, ColFT, ColHT, ColTruck)
)

// TerrainRow is one row of the Terrain Chart.
type TerrainRow struct {
	Name string
	Key  string // the row's short name in views and SVG classes: "deep-stream"
	Cost [numColumns]Entry
	// Bog is when vehicles of each column must take a Bog Check.
	Bog [numColumns]BogWhen
	// Obstacle: woods/building/rubble: a VCA change inside costs 2 MP per hexspine (D2.11),
	// and the hex blocks LOS at hex grain.
	Obstacle bool
	// Bypassable: VBM may go round it (D2.3, D2.31: woods and buildings only).
	Bypassable bool
	// IsRubble: D2.31 forbids VBM in it by name.
	IsRubble bool
	// HalfMPBogDRM is the Bog DRM when a vehicle pays half its printed MP to enter (+3), and
	// HalfMPBogDefault whether that DRM is the project's default for this row (rules-notes 1.3).
	HalfMPBogDRM     int
	HalfMPBogDefault bool
	// RowBogDRM is a DRM of the row's own for its Bog Checks (debris: +1).
	RowBogDRM int
	// Depression: gully, streams, ford, sunken road. Moving between two depression hexes is not
	// leaving one (no BB check); leaving one is not gaining elevation (rules-notes 1.2).
	Depression bool
	// DeepWater: leaving it is a +1 Bog DRM for a vehicle neither amphibious nor waterproofed.
	DeepWater bool
	// RoadOnly: vehicles enter and leave it only across a road hexside (sunken road, B4.42).
	RoadOnly bool
	// NoteD: along its road the wreck/vehicle penalty is doubled again (woods-road, sunken
	// road: the chart's Note D).
	NoteD bool
	// RoadMP, when set, is what every vehicle pays to enter across a road hexside instead of the
	// road rate, with no Bog Check (graveyard: 1 MP).
	RoadMP MP
	// ClimbIncluded: an off-road entry's cost already includes getting up to it (elevated
	// road: "the 5 includes the climb").
	ClimbIncluded bool
	// InfantryNote is a word on the Infantry cell (shellholes: 1 or 2 MF).
	InfantryNote string
	// Defaults are the columns whose cell is this project's choice (rules-notes 1.2 tags them
	// default); the others were read in a public copy of the chart.
	Defaults Cols
	// Tag and Source: how rules-notes 1.2 tags the row, and the rule or chart note it cites.
	Tag    string
	Source string
}

// IsDefault reports whether column c's cell of the row is a project default.
func (r *TerrainRow) IsDefault(c Column) bool { return r.Defaults.Has(c) }

const vehicleBog = BogEntry | BogVCA

func vehBog(w BogWhen, cs ...Column) [numColumns]BogWhen {
	var r [numColumns]BogWhen
	for _, c := range cs {
		r[c] = w
	}
	return r
}

// TerrainChart is the ASL Terrain Chart's entry costs, as rules-notes 1.2 restores it. Costs
// are in half MP (MF): fx(2) is 1, fx(1) is ½; quarter() is ¼ of the printed allotment, FRU.
//
//	columns:                Inf      Cav      HD       MC       AC        FT           HT       Truck
var TerrainChart = [numTerrain]TerrainRow{
	OpenGround: {Name: "Open Ground", Key: "open", Cost: cols(fx(2), fx(2), fx(2), fx(6), fx(6), fx(2), fx(2), fx(8)), Tag: "ref", Source: "TC"},
	Shellholes: {Name: "Shellholes", Key: "shellholes", Cost: cols(fx(2), fx(4), fx(4), cot(4), cot(4), cot(0), cot(0), cot(8)),
		InfantryNote: "1 MF; 2 to be in a shellhole (B2.4)", Tag: "ref", Source: "TC; B2.4 (no Bog Check in the row)"},
	Brush:   {Name: "Brush", Key: "brush", Cost: cols(fx(4), fx(4), fx(4), fx(8), fx(8), fx(4), fx(4), fx(12)), Tag: "ref", Source: "TC (Deep Snow: Open Ground)"},
	Grain:   {Name: "Grain", Key: "grain", Cost: cols(fx(3), fx(3), fx(3), fx(8), fx(8), fx(2), fx(2), fx(10)), Tag: "ref", Source: "TC (in season, Apr-Sept)"},
	Orchard: {Name: "Orchard", Key: "orchard", Cost: cols(fx(2), fx(2), fx(2), fx(6), fx(6), fx(2), fx(2), fx(8)), Tag: "ref", Source: "TC"},
	Woods: {Name: "Woods", Key: "woods", Cost: cols(fx(4), fx(8), all(), na(), all(), halfOrAll(), all(), all()),
		Bog: vehBog(vehicleBog, ColAC, ColFT, ColHT, ColTruck), Obstacle: true, Bypassable: true, HalfMPBogDRM: 3, NoteD: true,
		Tag: "ref", Source: "TC; D2.11; D8.2 EX"},
	Building: {Name: "Building", Key: "building", Cost: cols(fx(4), na(), na(), na(), na(), half(), na(), na()),
		Bog: vehBog(vehicleBog, ColFT), Obstacle: true, Bypassable: true, HalfMPBogDRM: 3, Tag: "ref", Source: "TC; D2.33 EX"},
	WoodenBuilding: {Name: "Wooden Building", Key: "wooden-building", Cost: cols(fx(4), na(), na(), na(), na(), half(), na(), na()),
		Bog: vehBog(vehicleBog, ColFT), Obstacle: true, Bypassable: true, HalfMPBogDRM: 3, Tag: "ref", Source: "TC; D2.33 EX"},
	Factory: {Name: "Factory", Key: "factory", Cost: cols(fx(4), na(), na(), na(), na(), half(), na(), na()),
		Bog: vehBog(vehicleBog, ColFT), Obstacle: true, Bypassable: true, HalfMPBogDRM: 3, HalfMPBogDefault: true,
		InfantryNote: "1 MF from factory to factory", Defaults: colset(ColCav, ColHD) | VehicleCols, Tag: "ref (Inf) / default", Source: "TC (as a building)"},
	Rubble: {Name: "Rubble", Key: "rubble", Cost: cols(fx(6), na(), na(), na(), na(), half(), na(), na()),
		Bog: vehBog(vehicleBog, ColFT), Obstacle: true, IsRubble: true, HalfMPBogDRM: 3, HalfMPBogDefault: true,
		Defaults: colset(ColCav, ColHD) | VehicleCols, Tag: "ref (Inf) / default", Source: "TC; D2.31 (no VBM)"},
	WoodenRubble: {Name: "Wooden Rubble", Key: "wooden-rubble", Cost: cols(fx(6), na(), na(), na(), na(), half(), na(), na()),
		Bog: vehBog(vehicleBog, ColFT), Obstacle: true, IsRubble: true, HalfMPBogDRM: 3, HalfMPBogDefault: true,
		Defaults: colset(ColCav, ColHD) | VehicleCols, Tag: "ref (Inf) / default", Source: "TC; D2.31 (no VBM)"},
	Debris: {Name: "Debris", Key: "debris", Cost: cols(fx(4), fx(4), na(), na(), na(), quarter(), na(), na()),
		Bog: vehBog(vehicleBog, ColFT), RowBogDRM: 1, Tag: "ref", Source: "TC (FB2)"},
	Graveyard: {Name: "Graveyard", Key: "graveyard", Cost: cols(fx(2), fx(4), na(), fx(8), na(), half(), na(), na()),
		Bog: vehBog(vehicleBog, ColFT), HalfMPBogDRM: 3, HalfMPBogDefault: true, RoadMP: Whole(1),
		Tag: "ref", Source: "TC (1 MP via a graveyard-road hexside)"},
	Crag:  {Name: "Crag", Key: "crag", Cost: cols(fx(4), fx(8), na(), na(), na(), na(), na(), na()), Tag: "ref", Source: "TC"},
	Marsh: {Name: "Marsh", Key: "marsh", Cost: cols(all(), all(), na(), na(), na(), na(), na(), na()), Tag: "ref", Source: "TC; B16.42 (amphibians 2 MP)"},
	Water: {Name: "Water", Key: "water", Cost: cols(na(), na(), na(), na(), na(), na(), na(), na()), Tag: "ref / default", Source: "TC (only by bridge or ford)"},
	Gully: {Name: "Gully", Key: "gully", Cost: cols(cotNonOpen(4), fx(4), all(), cot(8), cot(8), cot(4), cot(6), cot(12)),
		Bog: vehBog(BogLeaving, ColTruck), Depression: true, Tag: "ref", Source: "TC; D8.2 (BB for trucks)"},
	DryStream: {Name: "Dry Stream", Key: "dry-stream", Cost: cols(cotNonOpen(4), fx(4), all(), cot(8), cot(8), cot(4), cot(6), cot(12)),
		Bog: vehBog(BogLeaving, ColTruck), Depression: true, Tag: "ref", Source: "TC; B20.41 (as a gully)"},
	Stream: {Name: "Stream", Key: "stream", Cost: cols(fx(6), fx(6), all(), cot(8), cot(8), cot(4), cot(6), cot(12)),
		Bog: vehBog(BogLeaving, ColMC, ColAC, ColFT, ColHT, ColTruck), Depression: true,
		Defaults: colset(ColHD) | VehicleCols, Tag: "ref (Inf, Cav) / default", Source: "TC; D8.2 (Bog on leaving)"},
	DeepStream: {Name: "Deep Stream", Key: "deep-stream", Cost: cols(fx(8), fx(8), na(), na(), all(), all(), all(), all()),
		Bog: vehBog(vehicleBog|BogLeaving, ColAC, ColFT, ColHT, ColTruck), Depression: true, DeepWater: true,
		Defaults: colset(ColCav, ColHD) | VehicleCols, Tag: "ref (Inf) / default", Source: "TC; D8.2"},
	Ford: {Name: "Ford", Key: "ford", Cost: cols(fx(6), fx(6), all(), cot(8), cot(8), cot(4), cot(6), cot(12)),
		Bog: vehBog(BogLeaving, ColMC, ColAC, ColFT, ColHT, ColTruck), Depression: true,
		Defaults: AllCols, Tag: "default", Source: "rules-notes 1.2 (as a shallow stream)"},
	SunkenRoad: {Name: "Sunken Road", Key: "sunken-road", Cost: cols(fx(4), fx(4), na(), na(), na(), na(), na(), na()),
		Depression: true, RoadOnly: true, NoteD: true, Defaults: colset(ColCav), Tag: "ref", Source: "TC; B4.42"},
	ElevatedRoad: {Name: "Elevated Road", Key: "elevated-road", Cost: cols(fx(4), fx(4), na(), na(), na(), fx(10), fx(10), na()),
		ClimbIncluded: true, Defaults: colset(ColCav), Tag: "ref", Source: "TC (the 5 MP include the climb)"},
}

// Hexside is a feature along a hexside that the chart prices: the crossing costs its cell plus
// the COT of the hex entered.
type HexsideObstacle uint8

// Hexside features, in the order one is priced when a hexside has several.
const (
	NoObstacle HexsideObstacle = iota
	Hedge
	Wall
	Bocage
	Cliff
	Roadblock
	numHexside
)

// HexsideRow is a row of the chart for crossing a hexside: the cost is added to the COT of the
// hex entered.
type HexsideRow struct {
	Name string
	Key  string
	Cost [numColumns]Entry // PlusCOT or HalfPlusCOT entries; NA where the column may not cross
	Bog  [numColumns]BogWhen
	// HalfMPBogDRM is the Bog DRM when the crossing costs half the printed MP (bocage +3,
	// a default: rules-notes 1.3).
	HalfMPBogDRM int
	// Blocks: a road crossing the hexside does not open it (a roadblock, a cliff).
	Blocks bool
	// NANote says why a column may not cross, where it is more than NA (a cliff: climbing).
	NANote   string
	Defaults Cols
	Tag      string
	Source   string
}

// HexsideChart is the Terrain Chart's hexside rows (rules-notes 1.2).
var HexsideChart = [numHexside]HexsideRow{
	Hedge: {Name: "hedge", Key: "hedge", Cost: cols(cot(2), cot(2), na(), na(), cot(6), cot(2), cot(4), na()),
		Bog: vehBog(BogEntry, ColAC, ColHT), Tag: "ref", Source: "TC"},
	Wall: {Name: "wall", Key: "wall", Cost: cols(cot(2), cot(2), na(), na(), na(), cot(2), na(), na()), Tag: "ref", Source: "TC"},
	Bocage: {Name: "bocage", Key: "bocage", Cost: cols(cot(4), na(), na(), na(), na(), halfCOT(), na(), na()),
		Bog: vehBog(BogEntry, ColFT), HalfMPBogDRM: 3, Tag: "ref", Source: "TC (B9.5)"},
	Cliff: {Name: "cliff", Key: "cliff", Cost: cols(na(), na(), na(), na(), na(), na(), na(), na()), Blocks: true,
		NANote: "only by climbing (B11), which umpire does not referee", Tag: "ref", Source: "TC (B11)"},
	Roadblock: {Name: "roadblock", Key: "roadblock", Cost: cols(cot(2), na(), na(), na(), na(), na(), na(), na()), Blocks: true,
		Tag: "ref", Source: "TC; B29.4 (no vehicle crosses it); D2.31"},
}

// BridgeKind is the kind of bridge a hex holds (rules-notes 1.2).
type BridgeKind uint8

// Bridges. A stone, wooden or foot bridge is a Location of its own above the terrain below;
// a pontoon bridge is not.
const (
	NoBridge BridgeKind = iota
	StoneBridge
	WoodenBridge
	PontoonBridge
	FootBridge
	numBridge
)

// BridgeRow is what the chart says of a kind of bridge.
type BridgeRow struct {
	Name string
	Key  string
	// Separate: units on it are a Location apart from the terrain below (D2.14 counts apart).
	Separate bool
	// Foot: carries only Infantry and Cavalry, along the hex's path hexsides (not its roads).
	Foot    bool
	Default bool
	Tag     string
}

// BridgeChart is the bridge rows of rules-notes 1.2.
var BridgeChart = [numBridge]BridgeRow{
	StoneBridge:   {Name: "stone bridge", Key: "stone-bridge", Separate: true, Tag: "ref"},
	WoodenBridge:  {Name: "wooden bridge", Key: "wooden-bridge", Separate: true, Default: true, Tag: "default"},
	PontoonBridge: {Name: "pontoon bridge", Key: "pontoon-bridge", Default: true, Tag: "default"},
	FootBridge:    {Name: "foot bridge", Key: "foot-bridge", Separate: true, Foot: true, Default: true, Tag: "default"},
}

func (b BridgeKind) String() string { return BridgeChart[b].Name }

// Conditions is the ground's state, map-wide (rules-notes 1.3).
type Conditions uint8

// Ground conditions.
const (
	Dry Conditions = iota
	Mud
	Snow
	DeepSnow
)

var conditionNames = [...]string{"dry", "mud", "snow", "deep snow"}

func (c Conditions) String() string { return conditionNames[c] }

// ParseConditions reads "dry", "mud", "snow" or "deep snow".
func ParseConditions(s string) (Conditions, error) {
	k := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "_", " ")
	for i, n := range conditionNames {
		if n == k {
			return Conditions(i), nil
		}
	}
	return 0, fmt.Errorf("unknown conditions %q (known: %s)", s, strings.Join(conditionNames[:], ", "))
}

// Movement facts of the chart that are not a terrain row.
var (
	// ConvoyRoadRate is a Convoy vehicle's least road rate, and ConvoyExtra the MP it pays per
	// hex entered (per hexside with VBM), as if towing (E11.2).
	ConvoyRoadRate = Whole(1)
	ConvoyExtra    = Whole(1)
	// TowingExtra is what a vehicle towing a Gun pays per hex entered (C10.1, referred to by
	// D2.7, D2.15 and E11.2).
	TowingExtra = Whole(1)
	// RoadRate is the MP to enter a hex across a road hexside, by column (½ MP for motorized
	// vehicles; a BU AFV pays 1 MP, D2.16).
	RoadRate = [numColumns]MP{ColInf: 2, ColCav: 2, ColHD: 2, ColMC: 1, ColAC: 1, ColFT: 1, ColHT: 1, ColTruck: 1}
	// RoadRateBU is the road rate of a BU AFV (D2.16).
	RoadRateBU = Whole(1)
	// LevelClimb is the extra MP per level climbed, for vehicles (+4; +2 along a road).
	LevelClimb     = Whole(4)
	LevelClimbRoad = Whole(2)
	// SmokeCost is the extra MP to enter a hex holding SMOKE [default: rules-notes do not give
	// the SMOKE row; +1 MP].
	SmokeCost = Whole(1)
	// WreckCost is the extra MP per wreck or vehicle in the hex entered (D2.14); WreckCostRoad
	// when entering across a road hexside at the road rate.
	WreckCost     = Whole(1)
	WreckCostRoad = Whole(2)
	// VCACost is the MP per hexspine of VCA change (D2.11); VCACostObstacle inside a
	// building/woods/rubble hex that is not being Bypassed.
	VCACost         = Whole(1)
	VCACostObstacle = Whole(2)
)

var terrainByName = map[string]Terrain{}

// Bog Check reasons and cost labels, made once so that a Bog Check does not build strings (the step path must
// not allocate).
var (
	bogWhyEntering   [numTerrain]string
	bogWhyLeaving    [numTerrain]string
	bogWhyVCA        [numTerrain]string
	vcaObstacleLabel [numTerrain]string
	bogWhyCrossing   [numHexside]string
	halfMPLabel      [numTerrain]string
	quarterMPLabel   [numTerrain]string
	allMPLabel       [numTerrain]string
	defaultNote      [numTerrain]string
	defaultSideNote  [numHexside]string
	defaultBridge    [numBridge]string
	halfMPDRMLabel   [2]string
)

// DefaultRule is what a step cites when a project default, not the chart, decided a cost.
const DefaultRule = "rules-notes 1.2"

// Defaults of rules-notes 1.2 that are not a chart cell, named in the step that uses them.
const (
	defaultPath       = "default: " + DefaultRule + " gives a path nothing but to Infantry (the COT is paid)"
	defaultTruckType  = "default: " + DefaultRule + " gives an armored car with truck-type MP the Truck column"
	defaultBogLeaving = "default: " + DefaultRule + " counts the MP of the entry it bogged trying as spent"
)

func init() {
	for t, row := range TerrainChart {
		bogWhyEntering[t] = "Bog Check (entering " + row.Name + ")"
		bogWhyLeaving[t] = "Bog Check (leaving " + row.Name + ")"
		bogWhyVCA[t] = "Bog Check (VCA change in " + row.Name + ")"
		vcaObstacleLabel[t] = "VCA hexspine in " + row.Name
		halfMPLabel[t] = "½ printed MP, " + row.Name
		quarterMPLabel[t] = "¼ printed MP, " + row.Name
		allMPLabel[t] = "ALL, " + row.Name
		defaultNote[t] = "default: " + DefaultRule + " gives the " + row.Name + " cost"
		terrainByName[strings.ToLower(row.Name)] = Terrain(t)
		terrainByName[strings.ReplaceAll(row.Key, "-", " ")] = Terrain(t)
	}
	for o, row := range HexsideChart {
		bogWhyCrossing[o] = "Bog Check (crossing a " + row.Name + ")"
		defaultSideNote[o] = "default: " + DefaultRule + " gives the " + row.Name + " cost"
	}
	for b, row := range BridgeChart {
		defaultBridge[b] = "default: " + DefaultRule + " gives the " + row.Name + " cost"
	}
	halfMPDRMLabel[0] = "½ MP entry"
	halfMPDRMLabel[1] = "½ MP entry (default: rules-notes 1.3)"
	for alias, t := range map[string]Terrain{
		"open": OpenGround, "shellhole": Shellholes, "wood": Woods, "forest": Woods,
		"stone building": Building, "bldg": Building, "stone rubble": Rubble, "shallow stream": Stream,
		"creek": Stream, "river": Water, "pond": Water, "lake": Water, "canal": Water,
	} {
		terrainByName[alias] = t
	}
}

// ParseTerrain reads a terrain name as the scenario format writes it ("woods", "open",
// "deep stream", "wooden_building"): lower case, a space or "_" between words.
func ParseTerrain(s string) (Terrain, error) {
	k := strings.Join(strings.Fields(strings.ReplaceAll(strings.ToLower(s), "_", " ")), " ")
	if t, ok := terrainByName[k]; ok {
		return t, nil
	}
	var names []string
	for _, r := range TerrainChart {
		names = append(names, strings.ReplaceAll(r.Key, "-", " "))
	}
	return 0, fmt.Errorf("unknown terrain %q (known: %s)", s, strings.Join(names, ", "))
}

// ParseBridge reads a bridge kind: "stone", "wooden", "pontoon" or "foot".
func ParseBridge(s string) (BridgeKind, error) {
	k := strings.ToLower(strings.TrimSpace(s))
	for b, row := range BridgeChart {
		if b > 0 && (k == row.Name || k+" bridge" == row.Name) {
			return BridgeKind(b), nil
		}
	}
	return 0, fmt.Errorf("unknown bridge %q (known: stone, wooden, pontoon, foot)", s)
}

func (t Terrain) String() string { return TerrainChart[t].Name }
