package asl

import (
	"fmt"
	"github.com/umpire-referee/umpire/words"
	"strings"
)

// Class is the kind of vehicle, as far as movement cares.
type Class uint8

// Vehicle classes.
const (
	Tank Class = iota
	Halftrack
	ArmoredCar
	Truck
	Motorcycle
	Wagon
	Infantry // Infantry (a squad, crew or leader): MF, not MP (E11.5)
	Cavalry  // Cavalry (E11.5)
)

var classNames = []string{"tank", "halftrack", "armored car", "truck", "motorcycle", "wagon", "infantry", "cavalry"}

func (c Class) String() string { return classNames[c] }

// A is the class with its article: "a tank", "an armored car", "an Infantry unit".
func (c Class) A() string {
	switch c {
	case Infantry:
		return "an Infantry unit"
	case Cavalry:
		return "a Cavalry unit"
	}
	return words.A(classNames[c])
}

// ParseClass reads a class name ("tank", "halftrack", "armored car" or "ac", "truck",
// "motorcycle", "wagon").
func ParseClass(s string) (Class, error) {
	k := strings.ToLower(strings.TrimSpace(s))
	k = strings.ReplaceAll(strings.ReplaceAll(k, "_", " "), "-", " ")
	switch k {
	case "ac", "armoredcar", "armoured car":
		k = "armored car"
	case "ht", "half track":
		k = "halftrack"
	case "mc":
		k = "motorcycle"
	case "afv", "spg", "td", "assault gun":
		k = "tank"
	case "jeep", "lorry":
		k = "truck"
	}
	for i, n := range classNames {
		if n == k {
			return Class(i), nil
		}
	}
	return 0, fmt.Errorf("unknown vehicle class %q (known: %s)", s, strings.Join(classNames, ", "))
}

// Turret is the turret type for Case A (C5.1).
type Turret uint8

// Turret types.
const (
	TurretT  Turret = iota // fast traverse turret or 360° mount
	TurretST               // slow traverse turret
	TurretNT               // non-turreted
)

// Vehicle holds the counter facts movement reads. It does not change during play.
type Vehicle struct {
	Name    string
	Class   Class
	Tracked bool // tracked (fully tracked, or a halftrack)
	MP      int  // printed MP allotment
	RedMP   bool // allotment printed red: Mechanical Reliability (D2.51), ESB drm FRU (D2.5)
	Radio   bool // radio-equipped (D14); false = radioless
	Rev     int  // "REV x #" counter override of the Reverse multiplier (D2.21); 0 = by class
	Maker   Maker
	BU      bool // crew buttoned up at setup (D2.16); the `bu` and `ce` steps change Unit.Crew
	AFV     bool // armored fighting vehicle (D2.6, D2.16)
	Towing  bool // towing a Gun or trailer (D2.2; Bog +1)
	Morale  int  // crew morale, for NTC (rules-notes 1.1; default 8)
	// Maker (above, in its old place: a state's hash reads the fields in order) is the nation
	// that built the vehicle, whose DRM its ESB DR takes (D2.5). SetMaker sets it with
	// makerLabel, the ESB line's name for it and why ("maker Czech (t)"), which is words about
	// a fact the scenario fixes, not state: the hash leaves it out.
	makerLabel string `hash:"-"`
	// GroundPressure is the Bog DRM class: -1 low, 0 normal, +1 high (rules-notes 1.3).
	GroundPressure int
	// StallsOn: a Start DR of this or more stalls the vehicle (rules-notes 1.1); 0 = never.
	StallsOn int
	Turret   Turret
	// PP is the Passenger capacity (E11.3).
	PP int
	// Leader: an Infantry leader (SMC), whose MF bonus a Column may use (E11.52).
	Leader bool
	// TruckType: truck-type MP (the listing's superscript t, rules-notes 1.7): it pays the
	// chart's Truck column and the +1 truck-type Bog DRM, but keeps its class for Reverse and
	// stays an AFV if it is one.
	TruckType bool
	// Amphibious: it crosses marsh for 2 MP with no Bog Check (B16.42) and takes no +1 for
	// leaving deep water; Waterproofed spares that +1 too (D8.21).
	Amphibious, Waterproofed bool
}

// NewVehicle is a vehicle of a class with the class's defaults: tanks and halftracks tracked,
// tanks, halftracks and armored cars AFVs, radio-equipped, morale 8.
func NewVehicle(name string, c Class, mp int) Vehicle {
	return Vehicle{Name: name, Class: c, MP: mp, Tracked: c == Tank || c == Halftrack,
		AFV: c == Tank || c == Halftrack || c == ArmoredCar, Radio: true, Morale: 8}
}

// FullyTracked is a tracked vehicle that is not a halftrack.
func (v *Vehicle) FullyTracked() bool { return v.Tracked && v.Class != Halftrack }

// Column is the Terrain Chart column the vehicle moves by.
func (v *Vehicle) Column() Column {
	if v.TruckType && v.Class < Wagon {
		return ColTruck
	}
	switch v.Class {
	case Halftrack:
		return ColHT
	case ArmoredCar:
		return ColAC
	case Truck:
		return ColTruck
	case Motorcycle:
		return ColMC
	case Wagon:
		return ColHD
	case Infantry:
		return ColInf
	case Cavalry:
		return ColCav
	}
	if v.Tracked {
		return ColFT
	}
	return ColAC
}

// Allotment is the printed MP allotment as MP.
func (v *Vehicle) Allotment() MP { return Whole(v.MP) }

// ReverseMultiplier is the D2.21 multiplier, with the reason: the counter's REV override, or
// x4 tracked, x3 truck, x2 armored car. ok is false for vehicles that may not reverse at all
// (D2.2: motorcycles, vehicles towing a Gun or trailer; wagons, by default).
func (v *Vehicle) ReverseMultiplier() (k int, why string, ok bool) {
	switch {
	case v.Class == Motorcycle:
		return 0, "motorcycles may not use Reverse Movement", false
	case v.Towing:
		return 0, "a vehicle towing a Gun or trailer may not use Reverse Movement", false
	case v.Class == Wagon:
		return 0, "a horse-drawn wagon has no Reverse multiplier (default: it may not reverse)", false
	case v.Rev > 0:
		return v.Rev, fmt.Sprintf("REV x %d", v.Rev), true
	case v.Tracked || v.Class == Tank || v.Class == Halftrack:
		// Halftracks are tracked vehicles for Reverse, whatever a tracked flag says
		// (rules-notes 1.2): the multiplier follows the class.
		return 4, "tracked", true
	case v.Class == Truck:
		return 3, "truck", true
	}
	return 2, "armored car", true
}

// Maker is the nation that built a vehicle, by its name in D2.5's table. Its ESB DR takes the
// nationality DRM of that nation, not of the crew (D2.5).
type Maker string

// The makers. MakerChinese is "all Chinese", whoever built the vehicle; MakerOthers is every
// nation D2.5 does not name, Swedish-built vehicles among them; a vehicle whose maker was never
// set ("") counts as one of the Others.
const (
	MakerUS      Maker = "U.S."
	MakerCzech   Maker = "Czech"
	MakerRussian Maker = "Russian"
	MakerChinese Maker = "Chinese"
	MakerBritish Maker = "British"
	MakerGerman  Maker = "German"
	MakerFrench  Maker = "French"
	MakerItalian Maker = "Italian"
	MakerSwedish Maker = "Swedish"
	MakerOthers  Maker = "Others"
)

// Makers is D2.5's table: each maker and its ESB DRM (U.S. and Czech 0; Russian and all
// Chinese +1; British and German +2; French, Italian and Others +3).
var Makers = []struct {
	Maker Maker
	DRM   int
}{
	{MakerUS, 0}, {MakerCzech, 0}, {MakerRussian, 1}, {MakerChinese, 1}, {MakerBritish, 2},
	{MakerGerman, 2}, {MakerFrench, 3}, {MakerItalian, 3}, {MakerSwedish, 3}, {MakerOthers, 3},
}

func (m Maker) String() string {
	if m == "" {
		return string(MakerOthers)
	}
	return string(m)
}

// DRM is the maker's ESB DRM (D2.5); a maker the table does not name is one of the Others.
func (m Maker) DRM() int {
	for _, x := range Makers {
		if x.Maker == m {
			return x.DRM
		}
	}
	return 3
}

// makerWords are the names ParseMaker reads besides the origin marks (MakerMarks): each
// maker's name, and its listing file's name or demonym.
var makerWords = map[string]Maker{
	"u.s.": MakerUS, "us": MakerUS, "usa": MakerUS, "american": MakerUS,
	"czech":   MakerCzech,
	"russian": MakerRussian, "soviet": MakerRussian,
	"chinese": MakerChinese,
	"british": MakerBritish,
	"german":  MakerGerman,
	"french":  MakerFrench,
	"italian": MakerItalian,
	"swedish": MakerSwedish,
	"others":  MakerOthers, "other": MakerOthers,
}

// MakerMarks are the origin marks of the listings' names, in the order rules-notes 1.7 gives
// them: `PzKpfw 38(t)A` was built in Czechoslovakia.
var MakerMarks = []struct {
	Mark  string
	Maker Maker
}{{"(a)", MakerUS}, {"(b)", MakerBritish}, {"(f)", MakerFrench}, {"(g)", MakerGerman},
	{"(i)", MakerItalian}, {"(r)", MakerRussian}, {"(s)", MakerSwedish}, {"(t)", MakerCzech}}

// ParseMaker reads a maker as a scenario writes it (any case): "Czech", "U.S.", "(t)", "t",
// "russian", "Others". ok is false for a word that names none.
func ParseMaker(s string) (m Maker, ok bool) {
	w := strings.ToLower(strings.TrimSpace(s))
	if strings.HasPrefix(w, "(") && strings.HasSuffix(w, ")") {
		w = strings.TrimSpace(w[1 : len(w)-1])
	}
	for _, x := range MakerMarks {
		if x.Mark == "("+w+")" { // an origin mark, with or without its parentheses
			return x.Maker, true
		}
	}
	m, ok = makerWords[w]
	return m, ok
}

// MakerChoices names the makers ParseMaker reads, for an error message.
func MakerChoices() string {
	names := make([]string, len(Makers))
	for i, x := range Makers {
		names[i] = string(x.Maker)
	}
	return strings.Join(names, ", ")
}

// SetMaker sets the vehicle's maker and why it is that maker, which its ESB line prints: a
// mark ("(t)") follows the name, any other reason ("un listing") a comma.
func (v *Vehicle) SetMaker(m Maker, why string) {
	v.Maker = m
	switch {
	case why == "":
		v.makerLabel = "maker " + m.String()
	case strings.HasPrefix(why, "("):
		v.makerLabel = "maker " + m.String() + " " + why
	default:
		v.makerLabel = "maker " + m.String() + ", " + why
	}
}

// MakerLabel is how an ESB line names the maker DRM: "maker Czech (t)".
func (v *Vehicle) MakerLabel() string {
	switch {
	case v.makerLabel != "":
		return v.makerLabel
	case v.Maker == "":
		return "maker Others"
	}
	return "maker " + v.Maker.String()
}
