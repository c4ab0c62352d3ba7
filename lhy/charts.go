package lhy

// The DRM lists of the player aid as data, each named for the list it reproduces, so a reader
// can hold it against the printed one (rules-notes 2.2 and 2.3 restore them): the Assault's DRM
// (14.0) and those of a Vehicle Destruction Attempt (14.3.2). The Assault Results table is
// AssaultResults (assault.go); what a unit in each state may do is States (conduct.go).

// DRMLine is one line of a DRM list: its value and the label a report prints for it (a line
// whose label names a number of the unit, such as its ATV, prints that number instead).
type DRMLine struct {
	Value int
	Label string
}

// AssaultDRM is a line of AssaultDRMs.
type AssaultDRM uint8

// The lines of the Assault DRM list (14.0), the attacker's view. The Cohesion difference is
// CohesionTerm's, clamped by CohesionDRMLimit.
const (
	DRMUrbanBuilding  AssaultDRM = iota // defender in an urban building (a non-vehicular combat unit or leader)
	DRMUphill                           // attacking uphill
	DRMConcealed                        // a defending combat unit Concealed
	DRMIP                               // a non-vehicular defender in an IP
	DRMRuralBuilding                    // a non-vehicular defender in a rural building
	DRMWall                             // a non-vehicular defender behind a wall
	DRMFragmented                       // attackers from different companies
	DRMAttackerMotion                   // an attacking vehicle in Motion
	DRMDefenderMotion                   // a defending vehicle in Motion
	DRMRegrouping                       // a defender Regrouping
	DRMHeroicVsFP                       // a Heroic attacker against a Fighting Position
	DRMEnvelopment                      // Envelopment (Coordinated Activation)
	DRMLATW                             // an attacking LATW against an FP, Towed Gun or urban building
	DRMFT                               // an attacking FT against an FP, Towed Gun or urban building
	NumAssaultDRMs
)

// AssaultDRMs is the Assault DRM list of 14.0 (rules-notes 2.2), as the attacker sees it.
// AssaultTerms reads every value from it.
var AssaultDRMs = [NumAssaultDRMs]DRMLine{
	DRMUrbanBuilding:  {-2, "Urban bldg"},
	DRMUphill:         {-1, "up Hill"},
	DRMConcealed:      {-1, "Concealed"},
	DRMIP:             {-1, "IP"},
	DRMRuralBuilding:  {-1, "Rural bldg"},
	DRMWall:           {-1, "Wall"},
	DRMFragmented:     {-1, "Fragmented Assault"},
	DRMAttackerMotion: {-1, "attacking vehicle in Motion"},
	DRMDefenderMotion: {+1, "defending vehicle in Motion"},
	DRMRegrouping:     {+1, "Regrouping"},
	DRMHeroicVsFP:     {+1, "Heroic vs FP"},
	DRMEnvelopment:    {+2, "Envelopment"},
	DRMLATW:           {+1, "LATW"},
	DRMFT:             {+2, "FT"},
}

// VDADRM is a line of VDADRMs.
type VDADRM uint8

// The lines of the Vehicle Destruction Attempt's DRM list (14.3.2). The unit making it takes at
// most one line of each of its three groups (the first that fits); the target's lines add up.
const (
	// The unit making it, first group (+2).
	VDASquadOrFP       VDADRM = iota // a squad or FP
	VDAGermanMG                      // a German MG
	VDASectionAfter943               // an infantry section after 9/43
	VDAReducedJR                     // a reduced Japanese or Russian squad or section
	// Second group (+1).
	VDAATV            // a unit with an ATV of 0 or more
	VDAGermanAfter943 // a German squad or FP after 9/43
	// Third group (+1).
	VDAHeroic  // a Heroic unit
	VDAAVOver2 // a unit with an AV above 2
	VDAJRSquad // a Japanese or Russian squad
	// The target vehicle.
	VDAUnguarded      // no good-order combat unit with it, in or next to cover
	VDACarrier        // a Carrier
	VDAShockedAFV     // a Shocked AFV
	VDASunkenHedgerow // an AFV that entered a sunken road through hedgerows
	VDAMotion         // in Motion
	NumVDADRMs
)

// VDADRMs is the Vehicle Destruction Attempt's DRM list of 14.3.2 (rules-notes 2.3). VDATerms
// reads every value from it.
var VDADRMs = [NumVDADRMs]DRMLine{
	VDASquadOrFP:       {2, ""}, // labelled by the unit's kind
	VDAGermanMG:        {2, "German MG"},
	VDASectionAfter943: {2, "infantry section after 9/43"},
	VDAReducedJR:       {2, "reduced Japanese/Russian "}, // + the unit's kind
	VDAATV:             {1, "ATV"},                       // + the unit's ATV
	VDAGermanAfter943:  {1, "German "},                   // + the unit's kind + " after 9/43"
	VDAHeroic:          {1, "Heroic"},
	VDAAVOver2:         {1, "AV"}, // + the unit's AV
	VDAJRSquad:         {1, "Japanese/Russian squad"},
	VDAUnguarded:       {3, "no good-order combat unit with it, in or next to cover"},
	VDACarrier:         {2, "Carrier"},
	VDAShockedAFV:      {2, "Shocked AFV"},
	VDASunkenHedgerow:  {1, "entered a sunken road through hedgerows"},
	VDAMotion:          {-1, "in Motion"},
}

// VDAAVAbove is the AV above which a unit making a Vehicle Destruction Attempt has the +1 of
// 14.3.2 ("AV > 2").
const VDAAVAbove = 2

// The numbers of the player aid's fire section (13.x, rules-notes 2.4). ATIgnoreAtMost (fire.go)
// is the anti-tank rolls ignored.
const (
	MortarHitNatural  = 10 // a mortar's natural roll that hits vehicles (13.1.7) ...
	MortarHitMV       = 2  // ... when its MFA MV is at least this
	CasualtyFFAR      = 10 // a hit with an FFAR of at least this is a Casualty, not a Disruption (13.1.5)
	ShockNatural      = 10 // an anti-tank natural roll that Shocks an AFV (13.3.5) ...
	ShockBelowArmour  = 2  // ... with an FFAR at most this much below its [E]AV
	PlatoonLeaderDRM  = -1 // the FFAR against a unit stacked with its better platoon leader (13.1.4)
	RegroupingFireDRM = -1 // a Regrouping firer's small-arms DRM (14.3: "at adjacent -1")
)

// The numbers of rules-notes 2.5 the procedures read.
const (
	HeroicCohesion       = 8  // a Heroic unit's Cohesion
	RecoverLeaderDRM     = -1 // a Recovery roll with a good-order leader of its side
	RecoverRegroupingDRM = +1 // a Japanese or Russian unit's Recovery roll from Regrouping
)
