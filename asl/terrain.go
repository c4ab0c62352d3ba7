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
	NA          EntryKind = iota // may not enter
	Fixed                        // V MP
	PlusCOT                      // V MP plus the cost of the other terrain in the hex
	HalfPrinted                  // half the printed MP allotment
	HalfOrAll                    // half the printed MP allotment, or ALL (the mover chooses)
	All                          // all of the unit's MP (D2.7)
)

// Entry is one cell of the Terrain Chart.
type Entry struct {
	Kind EntryKind
	V    MP
}

func fx(halves int) Entry  { return Entry{Fixed, MP(halves)} }
func cot(halves int) Entry { return Entry{PlusCOT, MP(halves)} }
func all() Entry           { return Entry{All, 0} }
func na() Entry            { return Entry{NA, 0} }
func half() Entry          { return Entry{HalfPrinted, 0} }
func halfOrAll() Entry     { return Entry{HalfOrAll, 0} }
func cols(e ...Entry) [numColumns]Entry {
	var r [numColumns]Entry
	copy(r[:], e)
	return r
}

// Terrain is what fills a hex, for movement.
type Terrain uint8

// Terrain types of the chart.
const (
	OpenGround Terrain = iota
	Shellholes
	Brush
	Grain
	Orchard
	Woods
	Building
	Rubble
	Stream
	Gully
	Marsh
	numTerrain
)

// BogWhen says when a vehicle in a column must take a Bog Check (D8.2) for a terrain.
type BogWhen uint8

// Bog flags.
const (
	BogNever   BogWhen = 0
	BogEntry   BogWhen = 1 << iota // entering off-road
	BogVCA                         // each hexspine of VCA change inside, off-road
	BogLeaving                     // leaving the hex
)

// TerrainRow is one row of the Terrain Chart.
type TerrainRow struct {
	Name string
	Cost [numColumns]Entry
	// Bog is when vehicles of each column must take a Bog Check.
	Bog [numColumns]BogWhen
	// Obstacle: woods/building/rubble: a VCA change inside costs 2 MP per hexspine (D2.11),
	// and the hex blocks LOS at hex grain.
	Obstacle bool
	// Bypassable: VBM may go round it (D2.3, D2.31: woods and buildings only).
	Bypassable bool
	// HalfMPBogDRM is the Bog DRM when a vehicle pays half its printed MP to enter (+3).
	HalfMPBogDRM int
	Tag          string // where the row comes from (rules-notes)
}

const vehicleBog = BogEntry | BogVCA

func vehBog(w BogWhen, cs ...Column) [numColumns]BogWhen {
	var r [numColumns]BogWhen
	for _, c := range cs {
		r[c] = w
	}
	return r
}

// TerrainChart is the vehicle entry cost part of the ASL Terrain Chart, as rules-notes 1.2
// restores it. Costs are in half MP: fx(2) is 1 MP, fx(1) is ½ MP.
//
//	columns:                Inf      Cav      HD       MC       AC        FT           HT       Truck
var TerrainChart = [numTerrain]TerrainRow{
	OpenGround: {Name: "Open Ground", Cost: cols(fx(2), fx(2), fx(2), fx(6), fx(6), fx(2), fx(2), fx(8)), Tag: "ref"},
	Shellholes: {Name: "Shellholes", Cost: cols(fx(2), fx(4), fx(4), cot(4), cot(4), cot(0), cot(0), cot(8)),
		Bog: vehBog(vehicleBog, ColMC, ColAC, ColFT, ColHT, ColTruck), Tag: "ref"},
	Brush:   {Name: "Brush", Cost: cols(fx(4), fx(4), fx(4), fx(8), fx(8), fx(4), fx(4), fx(12)), Tag: "ref"},
	Grain:   {Name: "Grain", Cost: cols(fx(3), fx(4), fx(4), fx(8), fx(8), fx(2), fx(2), fx(10)), Tag: "ref / default"},
	Orchard: {Name: "Orchard", Cost: cols(fx(2), fx(2), fx(2), fx(6), fx(6), fx(2), fx(2), fx(8)), Tag: "ref"},
	Woods: {Name: "Woods", Cost: cols(fx(4), fx(8), all(), na(), all(), halfOrAll(), all(), all()),
		Bog: vehBog(vehicleBog, ColHD, ColAC, ColFT, ColHT, ColTruck), Obstacle: true, Bypassable: true, HalfMPBogDRM: 3, Tag: "ref"},
	Building: {Name: "Building", Cost: cols(fx(4), na(), na(), na(), na(), half(), na(), na()),
		Bog: vehBog(vehicleBog, ColFT), Obstacle: true, Bypassable: true, HalfMPBogDRM: 3, Tag: "ref"},
	Rubble: {Name: "Rubble", Cost: cols(fx(6), na(), na(), na(), na(), half(), na(), na()),
		Bog: vehBog(vehicleBog, ColFT), Obstacle: true, HalfMPBogDRM: 3, Tag: "default"},
	Stream: {Name: "Stream", Cost: cols(fx(4), fx(4), fx(8), cot(8), cot(8), cot(4), cot(6), cot(12)),
		Bog: vehBog(BogLeaving, ColMC, ColAC, ColFT, ColHT, ColTruck), Tag: "default"},
	Gully: {Name: "Gully", Cost: cols(fx(4), fx(4), all(), cot(8), cot(8), cot(4), cot(6), cot(12)),
		Bog: vehBog(BogLeaving, ColMC, ColAC, ColFT, ColHT, ColTruck), Tag: "ref"},
	Marsh: {Name: "Marsh", Cost: cols(all(), na(), na(), na(), na(), na(), na(), na()), Tag: "ref / default"},
}

// HexsideObstacle is a wall or hedge along a hexside.
type HexsideObstacle uint8

// Hexside obstacles.
const (
	NoObstacle HexsideObstacle = iota
	Hedge
	Wall
)

// HexsideRow is a row of the chart for crossing a hexside: the cost is added to the COT of the
// hex entered.
type HexsideRow struct {
	Name string
	Cost [numColumns]Entry // PlusCOT entries; NA where the column may not cross
	Bog  [numColumns]BogWhen
}

// HexsideChart is the Terrain Chart's hedge and wall rows (rules-notes 1.2).
var HexsideChart = [3]HexsideRow{
	Hedge: {Name: "hedge", Cost: cols(cot(2), cot(2), na(), na(), cot(6), cot(2), cot(4), na()),
		Bog: vehBog(BogEntry, ColAC, ColHT)},
	Wall: {Name: "wall", Cost: cols(cot(2), cot(2), na(), na(), na(), cot(2), na(), na())},
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
	bogWhyEntering [numTerrain]string
	bogWhyLeaving  [numTerrain]string
	bogWhyVCA      [numTerrain]string
	bogWhyCrossing [3]string
	halfMPLabel    [numTerrain]string
	allMPLabel     [numTerrain]string
)

func init() {
	for t, row := range TerrainChart {
		bogWhyEntering[t] = "Bog Check (entering " + row.Name + ")"
		bogWhyLeaving[t] = "Bog Check (leaving " + row.Name + ")"
		bogWhyVCA[t] = "Bog Check (VCA change in " + row.Name + ")"
		halfMPLabel[t] = "½ printed MP, " + row.Name
		allMPLabel[t] = "ALL, " + row.Name
	}
	for o, row := range HexsideChart {
		bogWhyCrossing[o] = "Bog Check (crossing a " + row.Name + ")"
	}
	for t, row := range TerrainChart {
		terrainByName[strings.ToLower(row.Name)] = Terrain(t)
	}
	terrainByName["open"] = OpenGround
	terrainByName["shellhole"] = Shellholes
	terrainByName["wood"] = Woods
	terrainByName["forest"] = Woods
	terrainByName["stone building"] = Building
	terrainByName["wooden building"] = Building
	terrainByName["bldg"] = Building
}

// ParseTerrain reads a terrain name ("woods", "open", "building").
func ParseTerrain(s string) (Terrain, error) {
	if t, ok := terrainByName[strings.ToLower(strings.TrimSpace(s))]; ok {
		return t, nil
	}
	var names []string
	for _, r := range TerrainChart {
		names = append(names, strings.ToLower(r.Name))
	}
	return 0, fmt.Errorf("unknown terrain %q (known: %s)", s, strings.Join(names, ", "))
}

func (t Terrain) String() string { return TerrainChart[t].Name }
