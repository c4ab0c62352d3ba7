// Package listing is the Chapter H vehicle listings as typed data: the movement facts of every
// vehicle counter (nationality, name, type code, MP and red MP, truck-type and amphibious MP,
// radio, ground pressure, open top, AFV), read from the VASL counter database's CSV files kept in
// data/ (their README names the source) as rules-notes 1.7 says to read them.
//
// The table, [Listings], is generated: `go generate ./asl/listing` runs gen/, which reads the
// files with encoding/csv through [Read] and writes listings_gen.go. Generated rather than
// parsed at start: the table is then plain data in the binary, costs nothing to start, and a
// change of the files shows as a reviewable diff of facts. Rows the generator cannot read are
// reported by Read as [Problem]s, never guessed.
package listing

//go:generate go run ./gen

import "github.com/umpire-referee/umpire/asl"

// Movement is a listing's movement class: how the vehicle pays for terrain.
type Movement uint8

// Movement classes (rules-notes 1.7).
const (
	NoMovement   Movement = iota // no movement listing (a gun turret, a searchlight)
	FullyTracked                 // tanks, tank destroyers, assault guns, tracked carriers
	Halftrack
	ArmoredCar
	Truck
	Motorcycle
	Aerosan // skis: not movable on land until a rule says more
	Cavalry // a horse: MF from the row
	Wagon   // a wagon, sledge or taczanka (horse-drawn)
)

var movementNames = [...]string{"none", "fully tracked", "halftrack", "armored car", "truck", "motorcycle", "aerosan", "cavalry", "wagon"}

func (m Movement) String() string { return movementNames[m] }

// MarshalText writes the class by its name.
func (m Movement) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// Class is the movement class as the rules core knows it; ok is false for a listing that has
// no class there (no movement listing, or an aerosan).
func (m Movement) Class() (c asl.Class, ok bool) {
	switch m {
	case FullyTracked:
		return asl.Tank, true
	case Halftrack:
		return asl.Halftrack, true
	case ArmoredCar:
		return asl.ArmoredCar, true
	case Truck:
		return asl.Truck, true
	case Motorcycle:
		return asl.Motorcycle, true
	case Cavalry:
		return asl.Cavalry, true
	case Wagon:
		return asl.Wagon, true
	}
	return 0, false
}

// Listing is one vehicle counter's facts.
type Listing struct {
	Group   string `json:"nationality"`       // the file it is listed in: "german", "allied", "common", ...
	Nat     string `json:"nat"`               // VASL's nationality code (nat=): "ge", "ru", ...
	Name    string `json:"name"`              // without HTML, quotes and note marks: "PzKpfw IVH"
	Type    string `json:"type"`              // the type code, case-sensitive: "MT" (HT is a heavy tank, ht a halftrack)
	Variant string `json:"variant,omitempty"` // text after the type code, naming a variant: "w/ Opt AAMG"
	Piece   string `json:"piece"`             // VASL's counter name: tells apart rows that share a name and differ

	Movement       Movement `json:"movement"`
	MP             int      `json:"mp"`              // the MP (or MF) allotment; 0 when there is no movement listing
	RedMP          bool     `json:"red_mp"`          // printed red: Mechanical Reliability (D2.5)
	TruckType      bool     `json:"truck_type"`      // moves as a truck whatever its type code (D8.21 +1 Bog DRM)
	AmphibiousMP   int      `json:"amphibious_mp"`   // the amphibious allotment (0: not amphibious)
	Radioless      bool     `json:"radioless"`       // D14
	GroundPressure int      `json:"ground_pressure"` // -1 low, 0 normal, 1 high (Bog DRM)
	OpenTopped     bool     `json:"open_topped"`
	AFV            bool     `json:"afv"`   // armored; false for an unarmored (★) counter and a truck without AF
	Size           string   `json:"size"`  // target size as printed ("+1", "0")
	AF             string   `json:"af"`    // armor factors as printed ("2/1")
	CS             string   `json:"cs"`    // Crew Survival number as printed
	Notes          string   `json:"notes"` // the Chapter H note references
}

// FullName is the name a scenario gives: the name, then the variant.
func (l *Listing) FullName() string {
	if l.Variant == "" {
		return l.Name
	}
	return l.Name + " " + l.Variant
}
