package lhy

import (
	"fmt"
	"strings"
)

// Nation is a unit's nationality as the player aid abbreviates it: GE, US, UK, RU, JP, ...
// Japanese and Russian units (the aid's ● and ★) take several results differently.
type Nation string

// Nationalities the procedures name.
const (
	German   Nation = "GE"
	Russian  Nation = "RU"
	Japanese Nation = "JP"
)

// ParseNation reads a nationality: its abbreviation or its name ("German", "Soviet", ...).
func ParseNation(s string) (Nation, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "":
		return "", fmt.Errorf("a unit needs a nationality (GE, US, UK, RU, JP, ...)")
	case "ge", "de", "german", "germany", "wehrmacht":
		return German, nil
	case "ru", "su", "russian", "soviet", "ussr":
		return Russian, nil
	case "jp", "ja", "japanese", "japan", "ija":
		return Japanese, nil
	case "us", "usa", "american":
		return "US", nil
	case "uk", "gb", "british", "commonwealth":
		return "UK", nil
	}
	if strings.ContainsAny(t, " \t,:") {
		return "", fmt.Errorf("nationality %q: one word, like GE or US", s)
	}
	return Nation(strings.ToUpper(t)), nil
}

// JapaneseOrRussian is the aid's ●★: these units take a Casualty where others Disrupt, and
// only their best unit suffers the Casualty column of an Assault.
func (n Nation) JapaneseOrRussian() bool { return n == Japanese || n == Russian }

// Kind is what a counter is.
type Kind uint8

// Unit kinds.
const (
	Squad Kind = iota + 1
	Section
	Leader
	LATW // light anti-tank weapon
	FT   // flamethrower
	MG
	FP       // Fighting Position
	TowedGun // Towed Gun
	Carrier
	FV // the aid's FV/VF: a lightly armoured fighting vehicle
	AFV
	HT // halftrack
	Truck
)

var kindNames = [...]string{"", "squad", "section", "leader", "LATW", "FT", "MG", "FP", "Towed Gun", "Carrier", "FV", "AFV", "HT", "truck"}

func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Kinds lists every kind, for help texts.
func Kinds() []Kind {
	out := make([]Kind, 0, len(kindNames)-1)
	for k := Squad; k <= Truck; k++ {
		out = append(out, k)
	}
	return out
}

// ParseKind reads a kind: squad, section, leader, LATW, FT, MG, FP, "towed gun", carrier, FV
// (or VF), AFV, HT, truck; any case, spaces or dashes alike.
func ParseKind(s string) (Kind, error) {
	t := strings.NewReplacer(" ", "", "-", "", "_", "").Replace(strings.ToLower(strings.TrimSpace(s)))
	switch t {
	case "squad":
		return Squad, nil
	case "section", "infantrysection":
		return Section, nil
	case "leader":
		return Leader, nil
	case "latw":
		return LATW, nil
	case "ft", "flamethrower":
		return FT, nil
	case "mg", "machinegun":
		return MG, nil
	case "fp", "fightingposition":
		return FP, nil
	case "towedgun", "gun", "tg":
		return TowedGun, nil
	case "carrier":
		return Carrier, nil
	case "fv", "vf":
		return FV, nil
	case "afv", "tank":
		return AFV, nil
	case "ht", "halftrack":
		return HT, nil
	case "truck", "jeep", "vehicle":
		return Truck, nil
	}
	names := make([]string, 0, len(kindNames))
	for _, k := range Kinds() {
		names = append(names, k.String())
	}
	return 0, fmt.Errorf("unknown kind %q (kinds: %s)", s, strings.Join(names, ", "))
}

// Vehicular: Carrier, FV, AFV, HT, truck.
func (k Kind) Vehicular() bool { return k >= Carrier }

// CombatByDefault: squads, sections, MGs, Fighting Positions and the fighting vehicles (FV,
// AFV, HT) are combat units; leaders, LATWs, FTs, Towed Guns, Carriers and trucks are not
// [default: rules-notes 2.2 names no list; a unit's `combat:` overrides it].
func (k Kind) CombatByDefault() bool {
	switch k {
	case Squad, Section, MG, FP, FV, AFV, HT:
		return true
	}
	return false
}

// DefaultSteps: a squad has 2 steps (1 when reduced), a leader none, every other counter 1.
func (k Kind) DefaultSteps() int {
	switch k {
	case Squad:
		return 2
	case Leader:
		return 0
	}
	return 1
}

// Unit is one counter with the values Assault and fire resolution read and the states they set.
type Unit struct {
	ID     string
	Side   string // the player who owns it
	Nation Nation
	Kind   Kind
	Combat bool // a combat unit (see Kind.CombatByDefault)
	At     Hex

	Cohesion int8 // a Heroic unit has Cohesion 8 (rules-notes 2.5)
	Assault  int8 // Assault value: the first tie-break of fire target selection
	SA       int8 // small-arms value: the second tie-break
	ATV      int8 // anti-tank value (-1: none)
	AV       int8 // armour value (vehicles, Fighting Positions; -1: none)
	AEV      int8 // armour value when enfiladed (-1: as AV)
	Steps    int8 // steps left; a Casualty removes one, none left is eliminated
	Full     int8 // steps at full strength (Steps < Full: reduced)

	Company, Platoon string // for the Fragmented Assault DRM and reinforcement

	Concealed, Disrupted, Regrouping, Heroic, Shocked bool
	Eliminated                                        bool // Destroyed or eliminated: off the map
	Motion                                            bool // in Motion (vehicles)
	OutOfCommand                                      bool
	SunkenViaHedgerow                                 bool // an AFV that entered a sunken road through hedgerows (14.3.2)

	Rider     string // the vehicle it rides or is carried in ("" on foot)
	Passenger bool   // inside the vehicle rather than riding on it

	Assaulted     bool // took part in an Assault this turn (attacking)
	Advanced      bool // advanced this turn (Advance is once per turn, 14.3)
	SecondAssault bool // made the second Assault its Advance allowed
}

// NewUnit is a unit of a kind with that kind's defaults: combat or not, steps, no ATV or AV.
func NewUnit(id, side string, n Nation, k Kind, at Hex) Unit {
	s := int8(k.DefaultSteps())
	return Unit{ID: id, Side: side, Nation: n, Kind: k, Combat: k.CombatByDefault(), At: at,
		ATV: -1, AV: -1, AEV: -1, Steps: s, Full: s}
}

// EffCohesion is the Cohesion the procedures compare: 8 for a Heroic unit (rules-notes 2.5).
func (u *Unit) EffCohesion() int {
	if u.Heroic {
		return HeroicCohesion
	}
	return int(u.Cohesion)
}

// Reduced: a unit that has lost a step.
func (u *Unit) Reduced() bool { return u.Steps < u.Full }

// Vehicular reports whether the unit is a vehicle.
func (u *Unit) Vehicular() bool { return u.Kind.Vehicular() }

// OnFoot: a non-vehicular unit that is not riding or carried.
func (u *Unit) OnFoot() bool { return !u.Vehicular() && u.Rider == "" }

// Infantry: squads and sections.
func (u *Unit) Infantry() bool { return u.Kind == Squad || u.Kind == Section }

// HasAV reports whether the unit has an armour value (anti-tank fire can attack it).
func (u *Unit) HasAV() bool { return u.AV >= 0 }

func yesno(b bool, s string) string {
	if b {
		return s
	}
	return ""
}

// Status is a short list of the unit's states ("Disrupted, Concealed").
func (u *Unit) Status() string {
	var parts []string
	for _, p := range []string{
		yesno(u.Eliminated, "eliminated"), yesno(u.Reduced() && !u.Eliminated, "reduced"),
		yesno(u.Concealed, "Concealed"), yesno(u.Disrupted, "Disrupted"), yesno(u.Regrouping, "Regrouping"),
		yesno(u.Heroic, "Heroic"), yesno(u.Shocked, "Shocked"), yesno(u.Motion, "in Motion"),
		yesno(u.OutOfCommand, "Out of Command"),
	} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if u.Rider != "" {
		if u.Passenger {
			parts = append(parts, "Passenger in "+u.Rider)
		} else {
			parts = append(parts, "Rider on "+u.Rider)
		}
	}
	if len(parts) == 0 {
		return "good order"
	}
	return strings.Join(parts, ", ")
}
