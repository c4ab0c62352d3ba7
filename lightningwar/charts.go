package lightningwar

import "fmt"

// This file holds the game's charts as data, each named for the chart it reproduces, so a
// reader can hold it against the printed one. The seed lost the Movement Chart's table;
// rules-notes 3.3 restores it, and marks which entries are the seed's and which our defaults.

// Ground is a kind of terrain on the Movement Chart.
type Ground uint8

// Grounds of the Movement Chart.
const (
	Open Ground = iota
	Broken
	Woods
	BuiltUp
	Marsh
	RoadGround // only as the ground under a road; see MovementChart
)

// MireCheck says which vehicles must check the Vehicle Miring Table on entering a ground.
type MireCheck uint8

const (
	NoCheck      MireCheck = iota
	WheeledCheck           // wheeled vehicles only
	VehicleCheck           // every vehicle
)

// GroundEntry is one line of the Movement Chart.
type GroundEntry struct {
	Name   string
	Factor float64 // the divisor of speed in this ground
	Mire   MireCheck
}

// MovementChart is the Movement Chart (rules-notes 3.3): the base terrain movement factor by
// which a unit's speed is divided in each ground, and which vehicles check for miring on
// entering it. Open 1 [default], broken ground 2 [seed], woods and built-up 3 with a check
// for wheeled vehicles [default], marsh 4 with a check for every vehicle [default]. A road
// counts as factor 1 in place of the ground under it, for a unit moving along it, and a slope
// adds its modifier on a road as anywhere (rules-notes 3.3: a road up a gentle slope is road
// speed ÷ 2) [seed]; a vehicle whose whole turn is on road moves at road speed (see
// BaseMovement).
var MovementChart = [...]GroundEntry{
	Open:       {"Open", 1, NoCheck},
	Broken:     {"Broken Ground", 2, NoCheck},
	Woods:      {"Woods", 3, WheeledCheck},
	BuiltUp:    {"Built-up", 3, WheeledCheck},
	Marsh:      {"Marsh", 4, VehicleCheck},
	RoadGround: {"Road", 1, NoCheck},
}

// StreamCrossing is the Movement Chart's line for a stream: crossing one costs the factor of
// its banks (the ground either side) and every vehicle checks for miring where it crosses
// [seed: "such as when crossing a stream"].
const StreamCrossing = VehicleCheck

// Slope is a slope modifier, added to the ground's factor.
type Slope uint8

const (
	Flat Slope = iota
	Gentle
	Steep
)

// SlopeEntry is one slope line of the Movement Chart.
type SlopeEntry struct {
	Name     string
	Modifier float64
}

// SlopeChart is the Movement Chart's slope modifiers: gentle +1 [seed], steep +2 [default].
var SlopeChart = [...]SlopeEntry{
	Flat:   {"Flat", 0},
	Gentle: {"Gentle Slope", 1},
	Steep:  {"Steep Slope", 2},
}

var groundNames = map[string]Ground{
	"open": Open, "broken": Broken, "broken ground": Broken, "woods": Woods, "wood": Woods,
	"built-up": BuiltUp, "builtup": BuiltUp, "built up": BuiltUp, "town": BuiltUp, "marsh": Marsh,
}

// ParseGround reads a ground's name as the scenario writes it: open, broken, woods, built-up,
// marsh.
func ParseGround(s string) (Ground, error) {
	if g, ok := groundNames[s]; ok {
		return g, nil
	}
	return 0, fmt.Errorf("unknown ground %q (open, broken, woods, built-up, marsh)", s)
}

// ParseSlope reads a slope: gentle, steep (or flat).
func ParseSlope(s string) (Slope, error) {
	switch s {
	case "", "flat", "none":
		return Flat, nil
	case "gentle":
		return Gentle, nil
	case "steep":
		return Steep, nil
	}
	return 0, fmt.Errorf("unknown slope %q (gentle, steep)", s)
}

// UnitType is what a unit moves as on the Base Movement chart.
type UnitType uint8

const (
	Infantry UnitType = iota
	PackHorse
	Cavalry
	Motorcycle // motorcycle troops: a wheeled vehicle while mounted, infantry on foot
	Vehicle
	Gun // a gun, manhandled by its crew
)

var unitTypeNames = [...]string{"infantry", "pack horse", "cavalry", "motorcycle", "vehicle", "gun"}

func (t UnitType) String() string { return unitTypeNames[t] }

// ParseUnitType reads a unit type: infantry, pack-horse, cavalry, motorcycle, vehicle.
func ParseUnitType(s string) (UnitType, error) {
	switch s {
	case "infantry", "inf":
		return Infantry, nil
	case "pack horse", "pack-horse", "packhorse":
		return PackHorse, nil
	case "cavalry":
		return Cavalry, nil
	case "motorcycle", "motorcycle troops":
		return Motorcycle, nil
	case "vehicle", "tank", "truck", "halftrack", "car":
		return Vehicle, nil
	case "gun":
		return Gun, nil
	}
	return 0, fmt.Errorf("unknown unit type %q (infantry, pack-horse, cavalry, motorcycle, vehicle, gun)", s)
}

// Pace is how a unit is ordered to move.
type Pace uint8

const (
	Walk   Pace = iota // infantry, pack horse, cavalry's walk; vehicles as the ground allows
	Run                // infantry: 8 MPH, never two turns in a row
	Gallop             // cavalry: 16 MPH where the movement cost is 1
)

var paceNames = [...]string{"walk", "run", "gallop"}

func (p Pace) String() string { return paceNames[p] }

// BaseMovement is the Base Movement chart [seed]: speeds in MPH on open ground. Vehicles take
// theirs from their own data (road and cross-country speed).
var BaseMovement = struct {
	InfantryWalk, InfantryRun, PackHorse, CavalryWalk, CavalryGallop float64
}{
	InfantryWalk: 4, InfantryRun: 8, PackHorse: 4, CavalryWalk: 8, CavalryGallop: 16,
}

// GunMPH is a gun's speed when its crew manhandles it [default]: the infantry's walk, 4 MPH =
// 2". (The Base Movement chart has no line for guns.)
const GunMPH = 4

// Size is a vehicle's size class on the Vehicle Miring Table.
type Size uint8

const (
	SizeAT Size = iota
	Light
	Small
	Medium
	Large
	Heavy
)

var sizeNames = [...]string{"AT", "Light", "Small", "Medium", "Large", "Heavy"}

func (s Size) String() string { return sizeNames[s] }

// ParseSize reads a vehicle size: AT, light, small, medium, large, heavy.
func ParseSize(s string) (Size, error) {
	switch s {
	case "AT", "at":
		return SizeAT, nil
	case "light", "Light":
		return Light, nil
	case "small", "Small":
		return Small, nil
	case "medium", "Medium":
		return Medium, nil
	case "large", "Large":
		return Large, nil
	case "heavy", "Heavy":
		return Heavy, nil
	}
	return 0, fmt.Errorf("unknown vehicle size %q (AT, light, small, medium, large, heavy)", s)
}

// MiringTable is the Vehicle Miring Table [seed]: the 2d6 roll at or above which a vehicle
// mires, by running gear (wheeled 0, tracked 1) and size. The vehicle's own modifier is
// added to the roll.
var MiringTable = [2][6]int{
	{SizeAT: 11, Light: 11, Small: 10, Medium: 10, Large: 9, Heavy: 9},   // wheeled
	{SizeAT: 12, Light: 12, Small: 11, Medium: 11, Large: 10, Heavy: 10}, // tracked
}

// Escape, towing and the minor adjustment [seed].
const (
	EscapeRoll      = 1   // a mired vehicle escapes on this 1d6 roll when it is time to move
	TowTurns        = 3   // two turns unmoving and not under fire; freed on the third
	AdjustShare     = 0.1 // minor adjustments up to 10% of the movement allowance are free
	OverrunMGFactor = 2   // an overrunning vehicle's machinegun firepower is doubled
)

// Distances the seed and rules-notes give, in metres, and our defaults.
var (
	SpottingRange = metres(5)    // a spotting round within 250 m (5") counts as being fired on [seed]
	RoadHalfWidth = metres(0.25) // a unit within 1/4" of a road's centre line is on it [default]
	ContactRange  = metres(0.5)  // models closer than 1/2" are in contact [default]
	RejoinRange   = metres(1)    // a broken-off part within 1" of its detachment may rejoin [default]
)
